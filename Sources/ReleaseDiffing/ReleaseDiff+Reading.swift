import Releases

extension ReleaseDiff {
    /// The diff `vocab diff` prints: the words of `old` and `new` (``init(old:new:)``), then their
    /// dictionaries (read at once on two cores, ``withDictionaries(old:new:)``) and their forms
    /// (``withForms(old:new:names:)``), read from disk; the first error is thrown.
    package static func reading(old: PublishedRelease, new: PublishedRelease) throws -> ReleaseDiff {
        let dictionaries = try PublishedRelease.readDictionaries(old: old, new: new)
        let forms = try PublishedRelease.readForms(old: old, new: new)
        return ReleaseDiff(old: old, new: new).withDictionaries(old: dictionaries.old, new: dictionaries.new)
            .withForms(old: forms.old, new: forms.new, names: forms.names)
    }
}

import Foundation
import ReleaseFormat
import Releases
import VocabCore

/// `--previous RELEASE`: the release a build is compared with, by `vocab diff`'s ``ReleaseDiff``
/// (so the build reports what `vocab diff PREVIOUS NEW` would print).
package struct PreviousRelease: Sendable {
    /// The previous release, read once, before the build runs (a bad path fails at once).
    let previous: PublishedRelease
    /// Its dictionary's entries; nil when it has none.
    let previousDictionary: [WordCard]?

    /// Reads the release folder (or SQLite file) at `path`, with its report folder and its
    /// dictionary when it has them.
    package init(path: String) throws {
        previous = try PublishedRelease.open(.commandLine(path))
        previousDictionary = try previous.readDictionary()
    }

    /// Compares the complete release folder `candidate` (written, not yet published; or the
    /// published release when the emit stage was reused), whose words left out are `exclusions`,
    /// with the previous release.
    func compare(candidate: URL, exclusions: ExclusionList) throws -> ReleaseComparison {
        var new = try PublishedRelease.open(candidate)
        // The candidate's report folder is not written yet: its exclusions come from the build.
        new.exclusions = exclusions.exclusions
        new.exclusionsSource = .reportFolder(candidate)
        new.notReachedOmitted = exclusions.notReachedOmitted
        let diff = ReleaseDiff(old: previous, new: new).withDictionaries(old: previousDictionary, new: try new.readDictionary())
        return ReleaseComparison(diff, previous: previous)
    }
}

import Foundation
import ReleaseFormat
import Releases
import VocabCore

/// `--previous RELEASE`: the release a build is compared with, by `vocab diff`'s ``ReleaseDiff``
/// (so the build reports what `vocab diff PREVIOUS NEW` would print).
package struct PreviousRelease: ReleaseComparing {
    /// The previous release, opened before the build runs (a bad path fails at once).
    let previous: PublishedRelease

    /// Opens the release folder (or SQLite file) at `path`, with its report folder when it has
    /// one. Its dictionary is read at the comparison, beside the candidate's: held through the
    /// build, its 136,000 cards (COCA's) added about 90 MB to the build's peak.
    package init(path: String) throws {
        previous = try PublishedRelease.open(.commandLine(path))
    }

    package func compare(candidate: URL, exclusions: ExclusionList) throws -> ReleaseComparison {
        var new = try PublishedRelease.open(candidate)
        // The candidate's report folder is not written yet: its exclusions come from the build.
        new.exclusions = exclusions.exclusions
        new.exclusionsSource = .reportFolder(candidate)
        new.notReachedOmitted = exclusions.notReachedOmitted
        let dictionaries = try PublishedRelease.readDictionaries(old: previous, new: new)
        let diff = ReleaseDiff(old: previous, new: new).withDictionaries(old: dictionaries.old, new: dictionaries.new)
        return ReleaseComparison(diff, previous: previous)
    }
}

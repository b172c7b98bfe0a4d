import Foundation
import ReleaseFormat

/// What `vocab validate`, `vocab diff`, `vocab lookup` and `--previous` take: a release folder or
/// its `.sqlite` file, resolved one way for all of them. A `.sqlite` file that its folder's
/// manifest lists as the release's database stands for the whole release (its dictionary and
/// manifest included); any other SQLite file is read on its own.
package struct ReleaseLocation: Sendable, Equatable {
    /// The release folder: the folder given, or the folder of the release's database given; nil
    /// for a SQLite file that no manifest beside it lists.
    package var folder: URL?
    /// The path as given.
    package var given: URL

    /// What to open: the release folder, else the SQLite file.
    package var url: URL { folder ?? given }

    /// Resolves `url`. Nothing there is ``ReleaseReadProblem/noSuchReleaseOrFile``; neither a folder
    /// nor a regular file is ``ReleaseReadProblem/notARegularFile``.
    package static func resolve(_ url: URL) throws(ReleaseReadError) -> ReleaseLocation {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw ReleaseReadError(file: url.path, .noSuchReleaseOrFile) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return ReleaseLocation(folder: url, given: url)
        case S_IFREG:
            let parent = url.deletingLastPathComponent()
            let listed = ReleaseReader.resourcePath(in: parent, table: ReleaseSchema.cardTable, dictionary: false)
            let isTheDatabase = listed.map { ReleaseReader.isPlainFileName($0) && $0 == url.lastPathComponent } ?? false
            return ReleaseLocation(folder: isTheDatabase ? parent : nil, given: url)
        default:
            throw ReleaseReadError(file: url.path, .notARegularFile)
        }
    }

    /// The release folder, for a command that checks a whole release (`vocab validate`): a SQLite
    /// file that is not a release's database is ``ReleaseReadProblem/notInARelease``.
    package static func folder(_ url: URL) throws(ReleaseReadError) -> URL {
        let location = try resolve(url)
        guard let folder = location.folder else { throw ReleaseReadError(file: url.path, .notInARelease) }
        return folder
    }
}

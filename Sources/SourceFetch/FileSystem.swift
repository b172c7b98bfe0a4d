import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few file operations fetching needs, with the system's reasons for failures.
enum FileSystem {
    /// The size of the regular file at `url` (symbolic links followed); nil when there is none.
    static func regularFileSize(_ url: URL) -> Int64? {
        var status = stat()
        guard stat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// Removes the file at `url` when there is one.
    static func remove(_ url: URL) {
        unlink(url.path)
    }

    /// Renames `source` to `destination`, replacing it in one step (both in one folder).
    static func move(_ source: URL, replacing destination: URL) throws(FetchProblem) {
        guard rename(source.path, destination.path) == 0 else {
            throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Flushes the folder's entries (a rename into it) to disk; best effort.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The system's words for a Foundation or POSIX error.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        return error.localizedDescription
    }
}

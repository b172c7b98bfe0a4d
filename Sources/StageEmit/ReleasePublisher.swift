import Foundation
import VocabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Publishes a release folder in one step: the new release is written to a hidden temporary
/// sibling (`.<release>.tmp-<uuid>`), synced, and swapped with the previous release by
/// `renameat2(RENAME_EXCHANGE)` (a plain rename when there is none; where the filesystem cannot
/// exchange, the previous release is moved aside first and put back on failure). So the release
/// folder is always the previous complete release or the new complete one.
///
/// Holds the release's ``PublishLock`` from creation to ``finish()``; on creation it puts back a
/// previous release that a killed fallback left aside and clears stale temporary folders.
struct ReleasePublisher {
    let release: URL
    let exchange: (String, String) -> Int32
    private let lock: PublishLock

    init(release: URL, exchange: @escaping (String, String) -> Int32) throws {
        self.release = release
        self.exchange = exchange
        let fileManager = FileManager.default
        let parent = release.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw EmitError(file: parent.path, .cannotCreateOutputFolder(reason: Self.reason(error)))
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: release.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw EmitError(file: release.path, .notAFolder)
        }
        // One build publishes a release at a time; the lock is released when the process ends.
        lock = try PublishLock(for: release)
        Self.recoverPreviousRelease(of: release)
        Self.removeStaleTemporaries(of: release)
    }

    func finish() { lock.release() }

    /// A new, empty temporary folder beside the release.
    func makeTemporaryFolder() throws -> URL {
        let temporary = release.deletingLastPathComponent().appendingPathComponent(
            "\(Self.temporaryPrefix(of: release))\(UUID().uuidString.lowercased())", isDirectory: true)
        InterruptCleanup.remember(temporary)
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            InterruptCleanup.forget(temporary)
            throw EmitError(file: temporary.path, .cannotCreateTemporaryFolder(reason: Self.reason(error)))
        }
        return temporary
    }

    static func temporaryPrefix(of release: URL) -> String {
        ".\(release.lastPathComponent).tmp-"
    }

    static func previousPrefix(of release: URL) -> String {
        ".\(release.lastPathComponent).previous-"
    }

    /// A build killed between the two renames of the fallback publication leaves the previous
    /// release set aside as `.<release>.previous-*` and no release: put it back. Once a release
    /// is in place, set-aside copies are removed.
    static func recoverPreviousRelease(of release: URL) {
        let fileManager = FileManager.default
        let parent = release.deletingLastPathComponent()
        let prefix = previousPrefix(of: release)
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names.stablySorted() where name.hasPrefix(prefix) {
            let aside = parent.appendingPathComponent(name)
            if !fileManager.fileExists(atPath: release.path) {
                _ = rename(aside.path, release.path)
            } else {
                try? fileManager.removeItem(at: aside)
            }
        }
    }

    /// Removes `.<release>.tmp-*` siblings left by killed runs (best effort).
    static func removeStaleTemporaries(of release: URL) {
        let parent = release.deletingLastPathComponent()
        let prefix = temporaryPrefix(of: release)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names.stablySorted() where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// Moves `temporary` to the release, replacing a previous release in one step.
    func publish(_ temporary: URL) throws {
        let fileManager = FileManager.default
        try Self.sync(temporary)
        let parent = release.deletingLastPathComponent()
        if fileManager.fileExists(atPath: release.path) {
            // After the exchange, `temporary` holds the previous release.
            switch exchange(temporary.path, release.path) {
            case 0:
                break
            case let code where code == EINVAL || code == ENOSYS || code == ENOTSUP:
                // The filesystem cannot exchange: move the old release aside, then rename.
                let aside = parent.appendingPathComponent(
                    "\(Self.previousPrefix(of: release))\(UUID().uuidString.lowercased())")
                guard rename(release.path, aside.path) == 0 else {
                    throw EmitError(file: release.path, .cannotMovePreviousAside(reason: Self.message(errno)))
                }
                guard rename(temporary.path, release.path) == 0 else {
                    let code = errno
                    _ = rename(aside.path, release.path)
                    throw EmitError(file: release.path, .cannotPublish(reason: Self.message(code)))
                }
                try? fileManager.removeItem(at: aside)
            case let code:
                throw EmitError(file: release.path, .cannotReplacePrevious(reason: Self.message(code)))
            }
            try? Self.sync(parent)
            try? fileManager.removeItem(at: temporary)
        } else {
            guard rename(temporary.path, release.path) == 0 else {
                throw EmitError(file: release.path, .cannotPublish(reason: Self.message(errno)))
            }
            try? Self.sync(parent)
        }
    }

    // MARK: Files

    /// Writes `data` to a new file and flushes it to disk.
    static func writeFile(_ data: Data, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw EmitError(file: url.path, .cannotCreateFile)
        }
        do {
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            throw EmitError(file: url.path, .cannotWrite(reason: reason(error)))
        }
    }

    /// `fsync` of a file or folder, so a published release survives a crash.
    static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw EmitError(file: url.path, .cannotOpenForSync(reason: message(errno)))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw EmitError(file: url.path, .cannotSync(reason: message(errno)))
        }
    }

    private typealias RenameAt2 = @convention(c) (
        Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32
    ) -> Int32

    /// `renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE)`; 0 or an errno value.
    /// glibc's `renameat2` is not visible to Swift and `syscall` is variadic, so the function
    /// is looked up at run time.
    static func exchange(_ from: String, _ to: String) -> Int32 {
        #if os(Linux)
        let renameExchange: UInt32 = 2
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return ENOSYS }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        return renameat2(AT_FDCWD, from, AT_FDCWD, to, renameExchange) == 0 ? 0 : errno
        #else
        return ENOSYS
        #endif
    }

    static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func reason(_ error: Error) -> String {
        if let error = error as? any LocatedError { return error.message }
        return SystemReason.describe(error)
    }
}

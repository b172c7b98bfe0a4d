import Foundation
import VocabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The emit stage: writes a release (SQLite database, JSON bundle, `datapackage.json`) and
/// publishes it atomically.
public enum BundleEmitter {
    /// Writes `<name>.sqlite`, `<name>.json` and `datapackage.json` (name = config.dataset.name)
    /// into a temporary sibling folder of `releaseFolder` (`.<release>.tmp-<uuid>`), then publishes
    /// it under `releaseFolder` atomically: if a previous release exists there, the two are
    /// swapped with `renameat2(RENAME_EXCHANGE)` and the old one is removed; otherwise a plain
    /// rename. A failure anywhere leaves the previous release untouched and removes the temporary
    /// folder. Stale temporary siblings from killed runs are removed first.
    ///
    /// Throws ``VocabError`` of kind `.emit` naming the file and the reason.
    public static func emit(_ input: EmitInput, to releaseFolder: URL) throws -> EmitResult {
        try emit(input, to: releaseFolder, exchange: exchange)
    }

    /// ``emit(_:to:)`` with the folder exchange replaceable (tests simulate filesystems without it).
    static func emit(
        _ input: EmitInput, to releaseFolder: URL, exchange: (String, String) -> Int32
    ) throws -> EmitResult {
        let release = releaseFolder.standardizedFileURL
        try validate(input, release: release)
        let manifest = Manifest(input)
        let parent = release.deletingLastPathComponent()
        let fileManager = FileManager.default

        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw VocabError(.emit, file: parent.path, "cannot create the output folder: \(reason(error))")
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: release.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw VocabError(.emit, file: release.path, "exists and is not a folder; refusing to replace it")
        }
        // One build publishes a release at a time; the lock is released when the process ends.
        let lock = try PublishLock(for: release)
        defer { lock.release() }
        recoverPreviousRelease(of: release)
        removeStaleTemporaries(of: release)

        let temporary = parent.appendingPathComponent(
            "\(temporaryPrefix(of: release))\(UUID().uuidString.lowercased())", isDirectory: true)
        do {
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw VocabError(.emit, file: temporary.path, "cannot create the temporary folder: \(reason(error))")
        }

        do {
            let resources = try writeRelease(input, manifest: manifest, into: temporary)
            try publish(temporary, as: release, exchange: exchange)
            return EmitResult(releaseFolder: release, resources: resources)
        } catch {
            try? fileManager.removeItem(at: temporary)
            if var error = error as? VocabError {
                error.kind = .emit
                // The temporary folder is gone: name the release, and the file being written.
                if let file = error.file, file.hasPrefix(temporary.path) {
                    error.file = release.path
                    error.item = error.item ?? URL(fileURLWithPath: file).lastPathComponent
                }
                throw error
            }
            throw VocabError(.emit, file: temporary.path, reason(error))
        }
    }

    // MARK: Writing

    static func writeRelease(_ input: EmitInput, manifest: Manifest, into folder: URL) throws -> [EmittedResource] {
        let sqliteURL = folder.appendingPathComponent(manifest.sqliteFileName)
        let jsonURL = folder.appendingPathComponent(manifest.jsonFileName)
        let packageURL = folder.appendingPathComponent("datapackage.json")

        let sqliteVersion = try SQLiteBundle.write(input, manifest: manifest, to: sqliteURL)
        try writeFile(JSONBundle.render(input, manifest: manifest), to: jsonURL)

        let sqlite = try describe(sqliteURL, name: "\(manifest.name)-sqlite")
        let json = try describe(jsonURL, name: "\(manifest.name)-json")
        let package = try DataPackage.render(manifest: manifest, sqliteVersion: sqliteVersion, resources: [sqlite, json])
        try writeFile(package, to: packageURL)
        try sync(sqliteURL)
        return [sqlite, json, try describe(packageURL, name: "datapackage")]
    }

    static func describe(_ url: URL, name: String) throws -> EmittedResource {
        let (bytes, hex) = try Checksum.sha256(of: url)
        return EmittedResource(name: name, path: url.lastPathComponent, bytes: bytes, sha256: hex)
    }

    /// Writes `data` to a new file and flushes it to disk.
    static func writeFile(_ data: Data, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw VocabError(.emit, file: url.path, "cannot create the file")
        }
        do {
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            throw VocabError(.emit, file: url.path, "cannot write the file: \(reason(error))")
        }
    }

    /// `fsync` of a file or folder, so a published release survives a crash.
    static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw VocabError(.emit, file: url.path, "cannot open for syncing: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw VocabError(.emit, file: url.path, "cannot sync to disk: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: Publishing

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
        for name in names.sorted() where name.hasPrefix(prefix) {
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
        for name in names.sorted() where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// Moves `temporary` to `release`, replacing a previous release in one step.
    static func publish(_ temporary: URL, as release: URL, exchange: (String, String) -> Int32) throws {
        let fileManager = FileManager.default
        try sync(temporary)
        let parent = release.deletingLastPathComponent()
        if fileManager.fileExists(atPath: release.path) {
            // After the exchange, `temporary` holds the previous release.
            switch exchange(temporary.path, release.path) {
            case 0:
                break
            case let code where code == EINVAL || code == ENOSYS || code == ENOTSUP:
                // The filesystem cannot exchange: move the old release aside, then rename.
                let aside = parent.appendingPathComponent(
                    "\(previousPrefix(of: release))\(UUID().uuidString.lowercased())")
                guard rename(release.path, aside.path) == 0 else {
                    throw VocabError(.emit, file: release.path, "cannot move the previous release aside: \(message(errno))")
                }
                guard rename(temporary.path, release.path) == 0 else {
                    let code = errno
                    _ = rename(aside.path, release.path)
                    throw VocabError(.emit, file: release.path, "cannot publish the release: \(message(code))")
                }
                try? fileManager.removeItem(at: aside)
            case let code:
                throw VocabError(.emit, file: release.path, "cannot replace the previous release: \(message(code))")
            }
            try? sync(parent)
            try? fileManager.removeItem(at: temporary)
        } else {
            guard rename(temporary.path, release.path) == 0 else {
                throw VocabError(.emit, file: release.path, "cannot publish the release: \(message(errno))")
            }
            try? sync(parent)
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

    // MARK: Checks

    static func validate(_ input: EmitInput, release: URL) throws {
        let name = input.config.dataset.name
        if name.isEmpty || name.hasPrefix(".") || name.contains("/") {
            throw VocabError(.emit, file: release.path, location: "dataset.name", "\"\(name)\" cannot be used as a file name")
        }
        var languages = Set<String>()
        for language in input.targetLanguages where !languages.insert(language).inserted {
            throw VocabError(.emit, file: release.path, location: "targetLanguages", "\"\(language)\" is listed twice")
        }
        var previous = 0
        for record in input.records {
            if record.rank <= previous {
                throw VocabError(
                    .emit, file: release.path, location: "rank \(record.rank)",
                    "records must be in strictly increasing rank order from 1 (\"\(record.lemma)\" follows rank \(previous))")
            }
            previous = record.rank
            for translation in record.translations where !languages.contains(translation.language) {
                throw VocabError(
                    .emit, file: release.path, location: "rank \(record.rank)",
                    "\"\(record.lemma)\" has translations into \"\(translation.language)\", which is not a target language")
            }
        }
    }

    private static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func reason(_ error: Error) -> String {
        if let error = error as? VocabError { return error.reason }
        return (error as NSError).localizedDescription
    }
}

import Foundation

extension Checksum {
    /// The most files a folder input may hold (a MeCab dictionary has a dozen; Voikko's a few).
    package static let maxFolderFiles = 10_000

    /// Size and SHA-256 of a folder input (a MeCab or Voikko dictionary folder): the total size of
    /// its regular files, and the SHA-256 of a line per file, in path order, of its path below the
    /// folder, its size and its own SHA-256. A link is followed to what it names (Debian's
    /// dictionaries are links into `/usr/share`), and a file is hashed as ``sha256(of:)`` hashes
    /// one. The same files give the same digest wherever the folder lies.
    ///
    /// - throws: `FileReadError`: `.cannotOpen` (the folder or a file in it), `.notARegularFile`
    ///   (a device, a pipe), `.largerThanItsSize`, `.readFailed`, `.tooManyFiles`.
    package static func sha256(ofFolder folder: URL) throws(FileReadError) -> (bytes: Int64, hex: String) {
        let root = folder.resolvingSymlinksInPath().standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
            throw FileReadError(file: folder.path, .cannotOpen)
        }
        var files: [(relative: String, url: URL)] = []
        for case let url as URL in walker {
            let target = url.resolvingSymlinksInPath()
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
                throw FileReadError(file: url.path, .cannotOpen)
            }
            if isDirectory.boolValue { continue }
            files.append((String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)), url))
            if files.count > maxFolderFiles { throw FileReadError(file: folder.path, .tooManyFiles(limit: maxFolderFiles)) }
        }
        var hasher = SHA256()
        var total: Int64 = 0
        for file in files.sorted(by: { $0.relative.utf8.lexicographicallyPrecedes($1.relative.utf8) }) {
            let (bytes, hex) = try sha256(of: file.url)
            total += bytes
            hasher.update(data: Data("\(file.relative)\t\(bytes)\t\(hex)\n".utf8))
        }
        return (total, Checksum.hex(hasher.finalize()))
    }

    /// ``sha256(of:)`` of a file, ``sha256(ofFolder:)`` of a folder.
    package static func sha256(ofFileOrFolder url: URL) throws(FileReadError) -> (bytes: Int64, hex: String) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return try sha256(ofFolder: url)
        }
        return try sha256(of: url)
    }
}

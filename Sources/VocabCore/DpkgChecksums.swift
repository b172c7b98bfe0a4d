import CLibCrypto
import Foundation

extension DpkgDatabase {
    /// The MD5 sums dpkg recorded for `files` as their packages installed them
    /// (`info/<package>.md5sums`: `<hex>  <path without its leading slash>`), by each file's path
    /// as given, with the package; a file no sums file names (not a package's, or a package
    /// without sums) is left out. A file is looked for as given and with its symbolic links
    /// resolved, as ``package(installing:)`` looks.
    ///
    /// What it is for: a file a package installed can be told from a damaged or replaced copy
    /// before a library that trusts it reads it (libvoikko aborts on a damaged transducer whose
    /// structure is sound). Reads every sums file (about 12 MB, 877 files on this machine), once
    /// per call.
    package func recordedMD5(of files: [URL]) -> [String: (md5: String, package: String)] {
        // The paths looked for, without their leading slash, each with the path as given.
        var wanted: [(path: [UInt8], given: String)] = []
        for file in files {
            let given = file.standardizedFileURL.path
            var paths = [given]
            if let resolved = realpath(given, nil) {
                let target = String(cString: resolved)
                free(resolved)
                if target != given { paths.append(target) }
            }
            for path in paths where path.hasPrefix("/") { wanted.append((Array(path.utf8.dropFirst()), given)) }
        }
        let info = root.appendingPathComponent("info")
        guard !wanted.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: info.path) else { return [:] }
        let lengths = Set(wanted.map(\.path.count))
        var found: [String: (md5: String, package: String)] = [:]
        for name in names.filter({ $0.hasSuffix(".md5sums") }).sorted() {
            guard let contents = try? FileContents.read(info.appendingPathComponent(name)) else { continue }
            let package = String(name.dropLast(".md5sums".count).split(separator: ":", maxSplits: 1)[0])
            let bytes = [UInt8](contents)
            // Line by line: `<32 hex digits>  <path>`; only a line of a wanted path's length is
            // compared (searching each file for each path with `Data.range(of:)` took about 80 ms
            // more over this machine's sums files).
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                let pathStart = start + 34
                if pathStart <= end, lengths.contains(end - pathStart),
                   bytes[start + 32] == UInt8(ascii: " "), bytes[start + 33] == UInt8(ascii: " ") {
                    for (path, given) in wanted where found[given] == nil && bytes[pathStart..<end].elementsEqual(path) {
                        found[given] = (String(decoding: bytes[start..<(start + 32)], as: UTF8.self).lowercased(), package)
                    }
                }
                start = end + 1
            }
        }
        return found
    }

    /// The lower-case hex MD5 of `data`, to compare with a recorded sum.
    package static func md5(of data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(MD5_DIGEST_LENGTH))
        data.withUnsafeBytes { bytes in
            _ = MD5(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &digest)
        }
        return Checksum.hex(digest)
    }
}

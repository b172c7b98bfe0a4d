import Foundation

/// A Debian package that installed a file: its name and, when dpkg's status records it, its
/// installed version (`hunspell-es`, `1:7.5.0-1`).
package struct DebianPackage: Codable, Sendable, Equatable {
    /// The package name, without its architecture (`hunspell-es`, `libfoo`, not `libfoo:amd64`).
    package var name: String
    /// The installed version as dpkg's status gives it; nil when the status does not say.
    package var version: String?

    /// A package named `name`, of `version` when known.
    package init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

/// dpkg's database, read as files and never through a command: which package's file list
/// (`info/<package>.list`, one installed path per line) names a file, and that package's
/// `Version:` in `status`. On a system without dpkg every look-up finds nothing. A look-up reads
/// every file list (about 10 MB on a desktop system, some 50 ms), so each path's answer is kept:
/// a build asks for the same file when it computes its keys, names its sources and its config.
package struct DpkgDatabase: Sendable {
    /// The database's folder (`/var/lib/dpkg`).
    package let root: URL
    private let answers = Answers()

    /// The system's database, `/var/lib/dpkg`.
    package static let system = DpkgDatabase(root: URL(fileURLWithPath: "/var/lib/dpkg"))

    /// A database at `root` (tests give one of their own).
    package init(root: URL) {
        self.root = root
    }

    /// The answers given so far, by path as given.
    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var packages: [String: DebianPackage?] = [:]

        func answer(_ path: String, _ find: () -> DebianPackage?) -> DebianPackage? {
            if let known = lock.withLock({ packages[path] }) { return known }
            let found = find()
            lock.withLock { packages[path] = .some(found) }
            return found
        }
    }

    /// The package that installed `file`: the first (in name order) whose file list names the
    /// path as given, else the first that names its target with every symbolic link resolved
    /// (`/usr/share/hunspell/es_AR.aff` is a link a package installs; a link made by hand to a
    /// package's file finds the package through its target). Nil when no list names either.
    package func package(installing file: URL) -> DebianPackage? {
        let given = file.standardizedFileURL.path
        return answers.answer(given) { lookUp(given) }
    }

    /// ``package(installing:)`` read from the files.
    private func lookUp(_ given: String) -> DebianPackage? {
        var paths = [given]
        if let resolved = realpath(given, nil) {
            defer { free(resolved) }
            let target = String(cString: resolved)
            if target != given { paths.append(target) }
        }
        let lists = fileLists()
        guard !lists.isEmpty else { return nil }
        for path in paths {
            let line = Data("\n\(path)\n".utf8)
            for list in lists {
                guard let listed = try? FileContents.read(list.url) else { continue }
                // One path a line: framed by line breaks, the first and the last line too.
                var contents = Data([UInt8(ascii: "\n")])
                contents.append(listed)
                contents.append(UInt8(ascii: "\n"))
                if contents.range(of: line) != nil {
                    return DebianPackage(name: list.package, version: version(of: list.package, architecture: list.architecture))
                }
            }
        }
        return nil
    }

    /// The `info/*.list` files, by name: each with its package and, for a `<package>:<arch>.list`
    /// (a package of several architectures), its architecture.
    func fileLists() -> [(url: URL, package: String, architecture: String?)] {
        let info = root.appendingPathComponent("info")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: info.path) else { return [] }
        return names.filter { $0.hasSuffix(".list") }.sorted().map { name in
            let stem = String(name.dropLast(".list".count))
            let parts = stem.split(separator: ":", maxSplits: 1).map(String.init)
            return (info.appendingPathComponent(name), parts[0], parts.count > 1 ? parts[1] : nil)
        }
    }

    /// `Version:` of the stanza of `package` (of `architecture`, when given) in `status`; nil
    /// when there is no status file or no such stanza.
    func version(of package: String, architecture: String?) -> String? {
        guard let data = try? FileContents.read(root.appendingPathComponent("status")) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        for stanza in text.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:]
            for line in stanza.split(separator: "\n") where !line.hasPrefix(" ") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard fields["Package"] == package else { continue }
            if let architecture, let recorded = fields["Architecture"], recorded != architecture { continue }
            if let version = fields["Version"], !version.isEmpty { return version }
        }
        return nil
    }
}

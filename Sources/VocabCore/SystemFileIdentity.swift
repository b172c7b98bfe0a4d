import Foundation

/// What a release records of a file outside the folders it names files relative to (a
/// Hunspell dictionary under `/usr/share/hunspell`, an analyzer's data under `/usr/share/apertium`):
/// its name, the Debian package that installed it and that package's version when known, its
/// size and SHA-256; never the path it lay at on the machine that built the release. The same
/// inputs on two machines thus give the same release.
package struct SystemFileIdentity: Sendable, Equatable {
    /// The file name as given (`es_ES.aff`; a link's own name, not its target's).
    package var name: String
    /// The package that installed the file (its name, and version when dpkg's status gives it);
    /// nil on a system without dpkg or for a file no package installed.
    package var package: DebianPackage?
    /// Size in bytes.
    package var bytes: Int64
    /// Lower-case hex SHA-256 of the file's bytes.
    package var sha256: String

    /// The identity of the file at `url`, hashed here.
    package init(of url: URL, packages: DpkgDatabase = .system) throws(FileReadError) {
        let (bytes, hex) = try Checksum.sha256(ofFileOrFolder: url)
        self.init(of: url, bytes: bytes, sha256: hex, packages: packages)
    }

    /// The identity of the file at `url` whose size and SHA-256 are already known (a source's
    /// recorded digest): nothing is read but dpkg's database.
    package init(of url: URL, bytes: Int64, sha256: String, packages: DpkgDatabase = .system) {
        name = url.lastPathComponent
        package = packages.package(installing: url)
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// How a release names the file, in its `sources` and its embedded config alike:
    /// `system:<package>/<name>` (`system:hunspell-es/es_ES.aff`) when a package installed it,
    /// else `sha256:<hex>`, by its content alone (a file's name and folder on the building
    /// machine say nothing another machine can check).
    package var releaseName: String {
        if let package { return Self.releaseName(name, installedBy: package) }
        return "sha256:" + sha256
    }

    /// How a release names the file at `url` (``releaseName``), its bytes read and hashed only
    /// when no package installed it.
    package static func releaseName(of url: URL, packages: DpkgDatabase = .system) throws(FileReadError) -> String {
        if let package = packages.package(installing: url) { return releaseName(url.lastPathComponent, installedBy: package) }
        return try SystemFileIdentity(of: url, packages: packages).releaseName
    }

    private static func releaseName(_ name: String, installedBy package: DebianPackage) -> String {
        "system:\(package.name)/\(name)"
    }
}

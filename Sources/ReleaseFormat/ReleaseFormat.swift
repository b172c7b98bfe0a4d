/// The file names and identities of a published release folder, `<output>/<name>-<version>/`.
public enum ReleaseFiles {
    /// The Frictionless Data Package manifest, written last.
    public static let manifest = "datapackage.json"

    /// `<name>.sqlite`: the database the app ships.
    public static func database(_ name: String) -> String { "\(name).sqlite" }

    /// `<name>.json`: the same words as JSON.
    public static func bundle(_ name: String) -> String { "\(name).json" }

    /// The release folder's name, `<name>-<version>`.
    public static func folder(name: String, version: String) -> String { "\(name)-\(version)" }
}

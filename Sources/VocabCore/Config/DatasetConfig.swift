/// The `dataset` section: what the release is called and how it describes itself.
package struct DatasetConfig: Codable, Sendable, Equatable {
    /// Lower-case letters, digits, `-`, `_`, `.` (a Frictionless package name).
    package var name: String
    /// Semantic version `MAJOR.MINOR.PATCH` (pre-release/build suffixes allowed).
    package var version: String
    /// A title for the manifest; none when absent.
    package var title: String?
    /// A description for the manifest; none when absent.
    package var description: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, version, title, description }

    /// Decodes the section, rejecting unknown keys; `name` and `version` are required.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        version = try c.decode(String.self, forKey: .version)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description)
    }
}

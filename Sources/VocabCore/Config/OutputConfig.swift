/// The `output` section: where a build writes.
package struct OutputConfig: Codable, Sendable, Equatable {
    /// Where releases are published (`<directory>/<name>-<version>/`, the report folder beside
    /// it), relative to the config file.
    package var directory: String
    /// Where stage artifacts go (`<work>/<name>-<version>/<stage>/`), relative to the config file:
    /// a hidden cache folder beside the config by default, never under the output folder (the
    /// artifacts hold exact counts of the frequency list).
    package var work: String

    /// The default work folder, relative to the config file's folder.
    package static let defaultWork = ".vocab-work"

    enum CodingKeys: String, CodingKey, CaseIterable { case directory, work }

    /// The folders, relative to the config file's folder (`Output` and `.vocab-work` by default).
    package init(directory: String = "Output", work: String = OutputConfig.defaultWork) {
        self.directory = directory
        self.work = work
    }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        directory = try c.decodeIfPresent(String.self, forKey: .directory) ?? "Output"
        work = try c.decodeIfPresent(String.self, forKey: .work) ?? Self.defaultWork
    }
}

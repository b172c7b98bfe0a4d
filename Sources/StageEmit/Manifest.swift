import Foundation
import VocabCore

/// The release facts shared by the SQLite `metadata` table, the JSON bundle header and
/// `datapackage.json`, computed once so the three always agree.
struct Manifest {
    var name: String
    var version: String
    var title: String?
    var description: String?
    var created: String
    var sourceLanguage: String
    var targetLanguages: [String]
    var sources: [SourceFile]
    var counts: ReleaseCounts
    var config: PipelineConfig
    /// `counts` (exact frequencies and ranks) or `bands` (bands only: the source forbids more).
    var frequencies: String
    var bands: Int

    init(_ input: EmitInput) {
        name = input.config.dataset.name
        version = input.config.dataset.version
        title = input.config.dataset.title
        description = input.config.dataset.description
        created = Self.timestamp(input.created)
        sourceLanguage = input.sourceLanguage
        targetLanguages = input.targetLanguages
        sources = input.sources
        counts = input.counts
        config = input.config
        frequencies = input.config.frequency.redistributable ? "counts" : "bands"
        bands = input.config.frequency.bands
    }

    /// ISO 8601 in UTC to the second: `2025-01-31T12:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!,
            parts.minute!, parts.second!)
    }

    var sqliteFileName: String { "\(name).sqlite" }
    var jsonFileName: String { "\(name).json" }

    /// The distinct licences of the sources (by name, path and title), in source order.
    var licenses: [SourceLicense] {
        var seen: [SourceLicense] = []
        for source in sources {
            guard let license = source.license, license.name != nil || license.path != nil || license.title != nil
            else { continue }
            let key = SourceLicense(name: license.name, path: license.path, title: license.title)
            if !seen.contains(key) { seen.append(key) }
        }
        return seen
    }

    /// The attribution lines a bundle must show, one per line, without repeats: the
    /// sources' licence attributions, then the config's lexicon attributions.
    var attribution: String {
        var lines: [String] = []
        let candidates = sources.map { $0.license?.attribution }
            + [config.lexicon.attribution] + config.translations.map(\.lexicon.attribution)
        for case let line? in candidates {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty, !lines.contains(trimmed) { lines.append(trimmed) }
        }
        return lines.joined(separator: "\n")
    }

    static func licenseJSON(_ license: SourceLicense) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        if let name = license.name { members.append(("name", .string(name))) }
        if let path = license.path { members.append(("path", .string(path))) }
        if let title = license.title { members.append(("title", .string(title))) }
        return .object(members)
    }

    var licensesJSON: OrderedJSON { .array(licenses.map(Self.licenseJSON)) }

    /// Frictionless `sources`: one object per input file.
    var sourcesJSON: OrderedJSON {
        .array(sources.map { source in
            var members: [(String, OrderedJSON)] = [
                ("title", .string(source.title ?? source.lexicon ?? source.path)),
                ("path", .string(source.path)),
                ("bytes", .int(source.bytes)),
                ("sha256", .string(source.sha256)),
                ("hash", .string("sha256:\(source.sha256)")),
                ("role", .string(source.role.rawValue)),
            ]
            if let lexicon = source.lexicon { members.append(("lexicon", .string(lexicon))) }
            if let language = source.language { members.append(("language", .string(language))) }
            if let license = source.license, license.name != nil || license.path != nil || license.title != nil {
                members.append(("license", Self.licenseJSON(license)))
            }
            if let attribution = source.license?.attribution {
                members.append(("attribution", .string(attribution)))
            }
            return .object(members)
        })
    }

    func countsJSON() throws -> OrderedJSON { try OrderedJSON.encoding(counts) }

    func configJSON() throws -> OrderedJSON { try OrderedJSON.encoding(config) }
}

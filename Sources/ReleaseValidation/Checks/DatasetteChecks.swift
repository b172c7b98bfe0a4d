import ReleaseFormat
import VocabCore
import VocabJSON

extension ValidationCheck {
    static let datasetteMetadata = ValidationCheck(
        "datasette.metadata",
        "metadata.json is Datasette's view of the manifest: its title, licence and sources, the release's databases, tables, search set-up and queries"
    ) { context in
        let name = ReleaseFiles.datasetteMetadata
        guard let manifest = context.manifest else { return .skip(name, "no usable datapackage.json to compare with") }
        guard context.exists(name) else { return .result(name, problems: ["the release folder has no \(name)"], ok: "") }
        guard context.isRegularFile(name) else { return .result(name, problems: ["\(name) is not a regular file"], ok: "") }
        let text: String, value: JSONValue
        do {
            let data = try FileContents.read(context.url(name))
            value = try JSONValue.parse(data, file: name)
            text = String(decoding: data, as: UTF8.self)
        } catch {
            return .result(name, problems: ["\(ValidationContext.reason(error))"], ok: "")
        }
        let dictionary = manifest.resources.contains {
            $0.name == ReleaseResources.name(dataset: manifest.name, table: DictionarySchema.cardTable, dictionary: true)
        }
        // The source lexicon's URL is the config's pin, which the manifest does not keep: taken as written.
        let expected = DatasetteMetadata.rendered(manifest, dictionary: dictionary, sourceURL: value["source_url"]?.stringValue)
        guard text != expected else {
            return .ok(name, "licence \(manifest.licenseExpression), \(dictionary ? 2 : 1) database(s), search on their card tables")
        }
        var problems: [String] = []
        let wanted = DatasetteMetadata.document(manifest, dictionary: dictionary, sourceURL: value["source_url"]?.stringValue)
        for (key, member) in wanted.objectValue ?? [] where value[key]?.pretty() != member.pretty() {
            problems.append("\"\(key)\" is \(value[key]?.brief ?? "missing"), the manifest gives \(member.brief)")
        }
        if problems.isEmpty { problems.append("differs from what the manifest gives (\(name) as the emitter writes it)") }
        return .result(name, problems: problems, ok: "")
    }
}

import Foundation
import VocabCore

/// The JSON bundle (`<name>.json`): the header keys, then `words` with one record per line.
///
/// ```json
/// {
///   "name": "en-es-3000",
///   "version": "1.0.0",
///   "schemaVersion": 1,
///   "created": "2025-01-31T12:00:00Z",
///   "sourceLanguage": "en",
///   "targetLanguages": ["es"],
///   "frequencies": "counts",
///   "bands": 20,
///   "words": [
///     {"name":"time","pos":"noun","freq":1,"rank":1,"band":1,"definition":"...","translations":{"es":["tiempo"]},"synonyms":[],"sentences":[],"sourceLemma":"time","provenance":{"lexicon":"oewn:2025","entry":"...","sense":"...","synset":"...","ili":"i1","senseRank":1}}
///   ]
/// }
/// ```
enum JSONBundle {
    static func record(_ word: PublishedWord, targetLanguages: [String]) -> OrderedJSON {
        let record = word.record
        let p = record.provenance
        return .object([
            ("name", .string(record.lemma)),
            ("pos", .string(record.partOfSpeech.rawValue)),
            ("freq", word.frequency.map { .int($0) } ?? .null),
            ("rank", word.rank.map { .int($0) } ?? .null),
            ("band", .int(word.band)),
            ("definition", .optional(record.definition)),
            ("translations", .object(targetLanguages.map { ($0, .strings(record.translations(for: $0))) })),
            ("synonyms", .strings(record.synonyms)),
            ("sentences", .strings(record.examples)),
            ("sourceLemma", .string(record.sourceLemma)),
            ("provenance", .object([
                ("lexicon", .string(p.lexicon)),
                ("entry", .string(p.entryId)),
                ("sense", .string(p.senseId)),
                ("synset", .string(p.synsetId)),
                ("ili", .optional(p.ili)),
                ("senseRank", .int(p.senseRank)),
            ])),
        ])
    }

    static func render(_ input: EmitInput, manifest: Manifest) -> Data {
        let header: [(String, OrderedJSON)] = [
            ("name", .string(manifest.name)),
            ("version", .string(manifest.version)),
            ("schemaVersion", .int(BundleSchema.version)),
            ("created", .string(manifest.created)),
            ("sourceLanguage", .string(manifest.sourceLanguage)),
            ("targetLanguages", .strings(manifest.targetLanguages)),
            ("frequencies", .string(manifest.frequencies)),
            ("bands", .int(manifest.bands)),
        ]
        var out = "{\n"
        out.reserveCapacity(512 * (input.records.count + 1))
        for (key, value) in header {
            out += "  "
            OrderedJSON.writeString(key, into: &out)
            out += ": "
            value.writeCompact(into: &out)
            out += ",\n"
        }
        if input.records.isEmpty {
            out += "  \"words\": []\n}\n"
        } else {
            out += "  \"words\": [\n"
            for (index, word) in input.publishedWords.enumerated() {
                out += "    "
                record(word, targetLanguages: input.targetLanguages).writeCompact(into: &out)
                out += index + 1 < input.records.count ? ",\n" : "\n"
            }
            out += "  ]\n}\n"
        }
        return Data(out.utf8)
    }
}

/// `datapackage.json`: a Frictionless Data Package describing the release, written last.
enum DataPackage {
    static func render(manifest: Manifest, sqliteVersion: String, resources: [EmittedResource]) throws -> Data {
        var members: [(String, OrderedJSON)] = [
            ("profile", .string("data-package")),
            ("name", .string(manifest.name)),
            ("version", .string(manifest.version)),
        ]
        if let title = manifest.title { members.append(("title", .string(title))) }
        if let description = manifest.description { members.append(("description", .string(description))) }
        members += [
            ("created", .string(manifest.created)),
            ("schemaVersion", .int(BundleSchema.version)),
            ("tool", .object([("name", .string(ToolInfo.name)), ("version", .string(ToolInfo.version))])),
            ("sqliteVersion", .string(sqliteVersion)),
            ("sourceLanguage", .string(manifest.sourceLanguage)),
            ("targetLanguages", .strings(manifest.targetLanguages)),
            ("frequencies", .string(manifest.frequencies)),
            ("bands", .int(manifest.bands)),
            ("licenses", manifest.licensesJSON),
            ("attribution", .string(manifest.attribution)),
            ("sources", manifest.sourcesJSON),
            ("resources", .array(resources.map(resourceJSON))),
            ("counts", try manifest.countsJSON()),
            ("config", try manifest.configJSON()),
        ]
        return Data((OrderedJSON.object(members).pretty() + "\n").utf8)
    }

    static func resourceJSON(_ resource: EmittedResource) -> OrderedJSON {
        let isSQLite = resource.path.hasSuffix(".sqlite")
        return .object([
            ("name", .string(resource.name)),
            ("path", .string(resource.path)),
            ("format", .string(isSQLite ? "sqlite" : "json")),
            ("mediatype", .string(isSQLite ? "application/vnd.sqlite3" : "application/json")),
            ("encoding", isSQLite ? .null : .string("utf-8")),
            ("bytes", .int(resource.bytes)),
            ("sha256", .string(resource.sha256)),
            ("hash", .string("sha256:\(resource.sha256)")),
        ].filter { $0.1 != .null })
    }
}

import Foundation
import ReleaseFormat
@testable import VocabCore
import VocabJSON
@testable import StageEmit

/// Small in-memory inputs written for these tests.
enum Fixture {
    static let configJSON = """
        {
          "dataset": {"name": "test-vocab", "version": "1.2.3", "title": "Test vocabulary", "description": "Fixture words"},
          "frequency": {
            "path": "frequency/list.csv",
            "columns": {"lemma": "lemma", "partOfSpeech": "PoS", "frequency": "freq"},
            "tags": {"n": "noun", "v": "verb", "j": "adjective"},
            "license": {"name": "LicenseRef-Test", "title": "Test terms"}
          },
          "lexicon": {"path": "lexicons/en.xml.gz", "attribution": "English test wordnet"},
          "translations": [
            {"language": "es", "path": "lexicons/es.xml.gz"},
            {"language": "fr", "path": "lexicons/fr.xml"}
          ]
        }
        """

    static func config() throws -> PipelineConfig {
        try JSONDecoder().decode(PipelineConfig.self, from: Data(configJSON.utf8))
    }

    static func record(
        _ rank: Int, _ lemma: String, _ pos: PartOfSpeech, definition: String?,
        synonyms: [String] = [], examples: [CardExample] = [], es: [String] = [], fr: [String] = [],
        ili: String? = nil
    ) -> WordRecord {
        WordRecord(
            rank: rank, frequency: Int64(10_000 / rank),
            card: WordCard(
                lemma: lemma, sourceLemma: lemma.lowercased(), partOfSpeech: pos, definition: definition,
                synonyms: synonyms, examples: examples,
                translations: [Translation(language: "es", lemmas: es), Translation(language: "fr", lemmas: fr)],
                provenance: Provenance(
                    lexicon: "test-en:1.0", entryId: "e-\(lemma)-\(pos.rawValue)", senseId: "s-\(lemma)-1",
                    synsetId: "syn-\(rank)", ili: ili, senseRank: 1)))
    }

    static let records: [WordRecord] = [
        record(1, "time", .noun, definition: "the continuum of experience", synonyms: ["clip"],
               examples: ["it's time to go", "time flies"], es: ["tiempo", "época"], fr: ["temps"], ili: "i1"),
        record(2, "go", .verb, definition: "move from one place to another", synonyms: ["travel", "move"],
               es: ["ir"], fr: [], ili: "i2"),
        record(3, "naïve", .adjective, definition: nil, es: ["ingenuo"], fr: ["naïf"]),
        record(4, "o'clock", .adverb, definition: "according to the clock \"exactly\"\n/ line two",
               examples: ["at five o'clock"], es: [], fr: []),
        record(5, "café", .noun, definition: "a small restaurant 🍵", synonyms: ["coffeehouse", "bistro"],
               es: ["cafetería"], fr: ["café", "bistrot"], ili: "i3"),
    ]

    static let sources: [SourceFile] = [
        SourceFile(role: .frequency, path: "frequency/list.csv", bytes: 120, sha256: String(repeating: "a", count: 64),
                   title: "Test list", license: SourceLicense(name: "LicenseRef-Test", title: "Test terms")),
        SourceFile(role: .lexicon, path: "lexicons/en.xml.gz", bytes: 2048, sha256: String(repeating: "b", count: 64),
                   lexicon: "test-en:1.0", language: "en",
                   license: SourceLicense(name: "CC-BY-4.0", path: "https://creativecommons.org/licenses/by/4.0/",
                                          attribution: "Test English WordNet, CC BY 4.0")),
        SourceFile(role: .translation, path: "lexicons/es.xml.gz", bytes: 1024, sha256: String(repeating: "c", count: 64),
                   lexicon: "test-es:1.4", language: "es",
                   license: SourceLicense(name: "CC-BY-4.0", path: "https://creativecommons.org/licenses/by/4.0/",
                                          attribution: "Test Spanish wordnet")),
        SourceFile(role: .translation, path: "lexicons/fr.xml", bytes: 512, sha256: String(repeating: "d", count: 64),
                   lexicon: "test-fr:2.0", language: "fr"),
    ]

    /// The release description the pipeline would build from ``config()`` and these inputs.
    static func release(
        records: [WordRecord] = records, publishesCounts: Bool = true, bands: Int = 20,
        created: Date = Date(timeIntervalSince1970: 1_735_689_600.75)  // 2025-01-01T00:00:00Z (+0.75 s)
    ) throws -> ReleaseDescription {
        let config = try config()
        return ReleaseDescription(
            name: config.dataset.name, version: config.dataset.version, title: config.dataset.title,
            description: config.dataset.description, created: created, sourceLanguage: "en",
            targetLanguages: ["es", "fr"], publishesCounts: publishesCounts, bands: bands, sources: sources,
            attribution: sources.compactMap { $0.license?.attribution } + ["English test wordnet"],
            counts: ReleaseCounts(
                frequencyRows: 9, distinctWords: 7, words: records.count,
                partsOfSpeech: ["noun": 2, "verb": 1, "adjective": 1, "adverb": 1],
                dropped: ["no-entry": 2], translated: ["es": 4, "fr": 3], senseMoved: 0),
            config: try JSONValueEncoder(sortedKeys: true).encode(config))
    }

    static func input(records: [WordRecord] = records, publishesCounts: Bool = true, bands: Int = 20) throws -> EmitInput {
        EmitInput(release: try release(records: records, publishesCounts: publishesCounts, bands: bands), records: records)
    }


    /// Names and SHA-256 of every file in `folder`, sorted by name.
    static func snapshot(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Checksum.sha256(of: folder.appendingPathComponent(name)).hex
        }
        return result
    }
}

/// Temporary folders for one test, removed when the test's suite instance goes away.
final class Scratch {
    private var folders: [URL] = []

    /// A fresh, empty folder under the system temporary folder.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("StageEmitTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    deinit {
        for folder in folders {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

extension Fixture {
    /// The names in `folder`, without the publication lock files (`.<release>.lock`).
    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".lock") }.sorted()
    }
}


import Foundation
import Testing
import ReleaseFormat
import VocabCore
@testable import StageEmit

/// Byte offsets of each key (`"key":` or `"key": `) in `text`, in the order given; nil when missing.
private func offsets(of keys: [String], in text: String) -> [Int?] {
    keys.map { key in
        [#""\#(key)":"#, #""\#(key)": "#].compactMap { text.range(of: $0) }.first
            .map { text.distance(from: text.startIndex, to: $0.lowerBound) }
    }
}

private func isIncreasing(_ values: [Int?]) -> Bool {
    let present = values.compactMap { $0 }
    return present.count == values.count && zip(present, present.dropFirst()).allSatisfy { $0 < $1 }
}

@Suite struct JSONBundleTests {
    let scratch = Scratch()

    func emit() throws -> (URL, EmitResult) {
        let release = try scratch.folder().appendingPathComponent("release")
        return (release, try ReleaseEmitter.emit(try Fixture.input(), to: release))
    }

    @Test func headerAndRecordKeysComeInTheFixedOrder() throws {
        let (release, _) = try emit()
        let text = try String(contentsOf: release.appendingPathComponent("test-vocab.json"), encoding: .utf8)
        #expect(isIncreasing(offsets(
            of: ["name", "version", "schemaVersion", "created", "sourceLanguage", "targetLanguages", "frequencies",
                 "bands", "words"], in: text)))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Header (9 lines with "{" and "words"), five records, "  ]", "}", and a final newline.
        #expect(lines.count == 1 + 8 + 1 + 5 + 2 + 1)
        #expect(lines[0] == "{")
        #expect(lines[9] == #"  "words": ["#)
        let first = lines[10]
        #expect(first.hasPrefix(#"    {"name":"time","reading":null,"pos":"noun","freq":10000,"freqRank":1,"band":1,"#))
        #expect(isIncreasing(offsets(
            of: ["name", "reading", "pos", "freq", "freqRank", "band", "definition", "translations", "synonyms", "sentences",
                 "sourceLemma", "provenance", "lexicon", "entry", "sense", "synset", "ili", "senseRank"],
            in: first)))
        #expect(first.contains(#""translations":{"es":["tiempo","época"],"fr":["temps"]}"#))
        // Slashes are not escaped; quotes and newlines are.
        #expect(lines[13].contains(#""definition":"according to the clock \"exactly\"\n/ line two""#))
        #expect(text.last == "\n")
    }

    @Test func decodedValuesMatchTheRecords() throws {
        let (release, _) = try emit()
        let data = try Data(contentsOf: release.appendingPathComponent("test-vocab.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["name"] as? String == "test-vocab")
        #expect(root["version"] as? String == "1.2.3")
        #expect(root["schemaVersion"] as? Int == Int(ReleaseSchema.version))
        #expect(root["created"] as? String == "2025-01-01T00:00:00Z")
        #expect(root["sourceLanguage"] as? String == "en")
        #expect(root["targetLanguages"] as? [String] == ["es", "fr"])
        let words = try #require(root["words"] as? [[String: Any]])
        #expect(words.map { $0["name"] as? String } == ["time", "go", "naïve", "o'clock", "café"])
        #expect(words.map { $0["freqRank"] as? Int } == [1, 2, 3, 4, 5])
        #expect(words.map { $0["freq"] as? Int } == [10_000, 5_000, 3_333, 2_500, 2_000])
        #expect(words.map { $0["pos"] as? String } == ["noun", "verb", "adjective", "adverb", "noun"])

        let naive = words[2]
        #expect(naive["definition"] is NSNull)
        #expect(naive["pos"] as? String == "adjective")
        let naiveTranslations = try #require(naive["translations"] as? [String: [String]])
        #expect(naiveTranslations == ["es": ["ingenuo"], "fr": ["naïf"]])
        let provenance = try #require(naive["provenance"] as? [String: Any])
        #expect(provenance["ili"] is NSNull)
        #expect(provenance["lexicon"] as? String == "test-en:1.0")
        #expect(provenance["senseRank"] as? Int == 1)

        // Every target language is present, even when empty.
        let clock = try #require(words[3]["translations"] as? [String: [String]])
        #expect(clock == ["es": [], "fr": []])
        #expect(words[3]["sentences"] as? [String] == ["at five o'clock"])
        #expect(words[4]["synonyms"] as? [String] == ["coffeehouse", "bistro"])
        #expect(words[4]["definition"] as? String == "a small restaurant 🍵")
        #expect(words[0]["sourceLemma"] as? String == "time")
    }

    @Test func dataPackageDescribesTheRelease() throws {
        let (release, result) = try emit()
        let url = release.appendingPathComponent("datapackage.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"profile\": \"data-package\",\n  \"name\": \"test-vocab\",\n"))
        #expect(isIncreasing(offsets(
            of: ["profile", "name", "version", "title", "description", "created", "schemaVersion", "tool",
                 "sqliteVersion", "licenses", "sources", "resources", "counts", "config"], in: text)))

        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(root["version"] as? String == "1.2.3")
        #expect(root["title"] as? String == "Test vocabulary")
        #expect(root["created"] as? String == "2025-01-01T00:00:00Z")
        #expect(root["schemaVersion"] as? Int == Int(ReleaseSchema.version))
        #expect((root["tool"] as? [String: String]) == ["name": ToolInfo.name, "version": ToolInfo.version])
        #expect((root["sqliteVersion"] as? String)?.split(separator: ".").count == 3)

        let licenses = try #require(root["licenses"] as? [[String: String]])
        #expect(licenses == [
            ["name": "LicenseRef-Test", "title": "Test terms"],
            ["name": "CC-BY-4.0", "path": "https://creativecommons.org/licenses/by/4.0/"],
        ])

        let sources = try #require(root["sources"] as? [[String: Any]])
        #expect(sources.count == 4)
        #expect(sources[1]["hash"] as? String == "sha256:" + String(repeating: "b", count: 64))
        #expect(sources[1]["lexicon"] as? String == "test-en:1.0")
        #expect(sources[1]["role"] as? String == "lexicon")
        #expect(sources[1]["bytes"] as? Int == 2048)
        #expect(sources[1]["attribution"] as? String == "Test English WordNet, CC BY 4.0")
        #expect(sources[0]["title"] as? String == "Test list")
        #expect(sources[3]["license"] == nil)

        // Resources: bytes and hashes match the files on disk.
        let resources = try #require(root["resources"] as? [[String: Any]])
        // One resource per table of the database (sharing its file), then the bundle.
        #expect(resources.map { $0["path"] as? String } == Array(repeating: "test-vocab.sqlite", count: 5) + ["test-vocab.json"])
        #expect(resources.map { $0["name"] as? String } == [
            "test-vocab-metadata", "test-vocab-words", "test-vocab-translations", "test-vocab-inflections", "test-vocab-forms", "test-vocab-bundle",
        ])
        #expect(resources.map { $0["format"] as? String } == Array(repeating: "sqlite", count: 5) + ["json"])
        #expect(resources.allSatisfy { $0["schema"] is [String: Any] })
        for resource in resources {
            let path = try #require(resource["path"] as? String)
            let (bytes, hex) = try Checksum.sha256(of: release.appendingPathComponent(path))
            #expect((resource["bytes"] as? NSNumber)?.int64Value == bytes)
            #expect(resource["sha256"] as? String == hex)
            #expect(resource["hash"] as? String == "sha256:\(hex)")
        }
        // The result describes the same files; with datapackage.json itself, three.
        #expect(result.manifest.resources.map(\.path) == Array(repeating: "test-vocab.sqlite", count: 5) + ["test-vocab.json"])
        #expect(result.fileCount == 3)
        for resource in result.manifest.resources {
            let (bytes, hex) = try Checksum.sha256(of: release.appendingPathComponent(resource.path))
            #expect(resource.bytes == bytes)
            #expect(resource.sha256 == hex)
        }

        let counts = try JSONSerialization.data(withJSONObject: try #require(root["counts"]))
        #expect(try JSONDecoder().decode(ReleaseCounts.self, from: counts) == (try Fixture.input()).release.counts)
        let config = try JSONSerialization.data(withJSONObject: try #require(root["config"]))
        #expect(try JSONDecoder().decode(PipelineConfig.self, from: config) == (try Fixture.config()))
    }
}

@Suite struct TimestampTests {
    @Test func timestampsAreUTCSeconds() {
        #expect(ReleaseTimestamp.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(ReleaseTimestamp.string(Date(timeIntervalSince1970: 1_700_000_000.999)) == "2023-11-14T22:13:20Z")
    }
}

@Suite struct FrequencyBandTests {
    @Test func bandsAreEqualSharesByRank() {
        #expect((1...10).map { FrequencyBands.band(rank: $0, count: 10, bands: 5) } == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
        #expect((1...3).map { FrequencyBands.band(rank: $0, count: 3, bands: 20) } == [1, 2, 3])
        #expect(FrequencyBands.band(rank: 3000, count: 3000, bands: 20) == 20)
        #expect(FrequencyBands.band(rank: 150, count: 3000, bands: 20) == 1)
        #expect(FrequencyBands.band(rank: 151, count: 3000, bands: 20) == 2)
    }

    @Test func withoutRedistributionNoCountOrRankIsPublishedAndOrderIsAlphabeticalPerBand() throws {
        let input = try Fixture.input(publishesCounts: false, bands: 2)
        let words = input.publishedWords
        #expect(words.allSatisfy { $0.frequency == nil && $0.rank == nil })
        #expect(words.map(\.id) == Array(1...words.count))
        for band in 1...2 {
            let lemmas = words.filter { $0.band == band }.map(\.lemma)
            #expect(lemmas == lemmas.sorted())
        }
        #expect(Set(words.map(\.lemma)) == Set(input.records.map(\.lemma)))
    }

    @Test func withRedistributionRankOrderAndCountsAreKept() throws {
        let input = try Fixture.input()
        let words = input.publishedWords
        #expect(words.map(\.lemma) == input.records.map(\.lemma))
        #expect(words.map(\.frequency) == input.records.map(\.frequency))
        #expect(words.map(\.rank) == input.records.map(\.rank))
    }

    @Test func theBundleCarriesBandsInsteadOfCounts() throws {
        let input = try Fixture.input(publishesCounts: false)
        let release = try Scratch().folder().appendingPathComponent("release")
        _ = try ReleaseEmitter.emit(input, to: release)
        let text = try String(contentsOf: release.appendingPathComponent("test-vocab.json"), encoding: .utf8)
        #expect(text.contains(#""frequencies": "bands""#))
        #expect(!text.contains(#""freq":1"#) && !text.contains(#""freq":2"#) && !text.contains(#""freq":5"#))
        #expect(text.contains(#""freq":null,"freqRank":null,"band":"#))
        let package = try String(contentsOf: release.appendingPathComponent("datapackage.json"), encoding: .utf8)
        #expect(package.contains(#""frequencies": "bands""#))
    }
}

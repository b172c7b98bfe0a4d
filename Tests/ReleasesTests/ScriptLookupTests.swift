import Foundation
import ReleaseFormat
import ReleaseLookup
import Releases
import Testing
import TestSupport
import VocabCore

/// Look-up in scripts written without spaces (``WordLookup/scriptMatches(_:_:database:table:fields:schemaVersion:card:)``,
/// which `vocab lookup` calls once names, translations and forms found nothing): a reading finds
/// its word, one or more characters the words that hold them, in the release and in its
/// dictionary; on the sample's Chinese and Japanese releases (``NoSpacesLanguage``).
@Suite(.serialized) struct ScriptLookupTests {
    static let englishAnalyzer = ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin")

    /// The matches of `input` in the release's words, or its dictionary's entries.
    static func matches(_ input: String, _ partOfSpeech: PartOfSpeech? = nil, in release: URL, name: String, dictionary: Bool = false)
        throws -> [(match: WordLookup.ScriptMatch, name: String)] {
        let file = release.appendingPathComponent(dictionary ? "\(name)-dictionary.sqlite" : "\(name).sqlite")
        let table = dictionary ? DictionarySchema.cardTable : ReleaseSchema.cardTable
        let fields = dictionary ? DictionarySchema.fields : ReleaseSchema.fields
        return try WordLookup.scriptMatches(input, partOfSpeech, database: file, table: table, fields: fields) { row in
            if dictionary { return (try ReleaseReader.entry(row, fields: fields, targetLanguages: ["en"]), nil) }
            let word = try ReleaseReader.word(row, fields: fields, targetLanguages: ["en"])
            return (word.card, word)
        }.map { ($0.match, $0.card.lemma) }
    }

    /// `body` with `language`'s sample release (built in a folder of its own, removed after) and
    /// its name.
    static func withRelease(_ language: NoSpacesLanguage, _ body: (URL, String) throws -> Void) throws {
        let folder = try TestProject.temporaryFolder("script-lookup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (release, run) = try language.build(in: folder)
        try #require(run.status == 0, "\(run)")
        try body(release, language.releaseName)
    }

    @Test(.needsSystemFiles([englishAnalyzer]))
    func chineseWordsAreFoundByAPartOfTheirNameAndByTheirPinyin() throws {
        try Self.withRelease(.chinese) { release, name in
            // One character: the words that hold it, the word itself first, then the shorter names.
            #expect(try Self.matches("中", in: release, name: name).map(\.name) == ["中国", "中文", "中国人"])
            #expect(try Self.matches("中", in: release, name: name).allSatisfy { $0.match == .containing })
            #expect(try Self.matches("中国", in: release, name: name).map(\.name) == ["中国", "中国人"])
            // The reading as the card writes it, first as a reading (then as a part of itself).
            let pinyin = try Self.matches("zhōng wén", in: release, name: name)
            #expect(pinyin.first.map { ($0.match, $0.name) } ?? (.containing, "") == (.reading, "中文"))
            #expect(pinyin.map(\.name) == ["中文"])
            // A part of speech narrows them; the dictionary answers too.
            #expect(try Self.matches("中", .verb, in: release, name: name).isEmpty)
            #expect(try Self.matches("学", in: release, name: name, dictionary: true).map(\.name) == ["学习"])
            #expect(try Self.matches("", in: release, name: name).isEmpty)
            #expect(try Self.matches("房", in: release, name: name).map(\.name) == ["房子"])
        }
    }

    @Test(.needsSystemFiles([englishAnalyzer, ("mecab-ipadic-utf8", NoSpacesLanguage.ipadicFolder + "/sys.dic")]))
    func japaneseWordsAreFoundByTheirKanaAndByAPartOfTheirName() throws {
        try Self.withRelease(.japanese) { release, name in
            let eat = try Self.matches("たべる", in: release, name: name)
            #expect(eat.first.map { ($0.match, $0.name) } ?? (.containing, "") == (.reading, "食べる"))
            #expect(Set(try Self.matches("日本", in: release, name: name).map(\.name)) == ["日本語", "日本人"])
            #expect(try Self.matches("日本語", in: release, name: name).map(\.name) == ["日本語"])
            // Voicing kept: ケーム is not ゲーム.
            #expect(try Self.matches("ケーム", in: release, name: name).isEmpty)
            #expect(try Self.matches("げーむ", in: release, name: name).map(\.name) == ["ゲーム"])
        }
    }

    @Test func anEarlierReleaseHasNoScriptMatches() throws {
        // The sample release is schema 8 but English: no reading, nothing contains 日本.
        let release = try Fixtures.sampleRelease.get()
        #expect(try Self.matches("日本", in: release, name: "sample-en-es").isEmpty)
        // A table without a reading column (schema 7's fields): nothing, without reading the file.
        #expect(try WordLookup.scriptMatches(
            "ho", nil, database: release.appendingPathComponent("sample-en-es.sqlite"), table: "words",
            fields: ReleaseSchema.fields(schemaVersion: 7)) { _ in Issue.record("no row expected"); throw TestSetupError("read") }.isEmpty)
    }
}

import Foundation
import ReferenceScores
import ReleaseFormat
import SQLiteDatabase
import TestSupport
import Testing

/// What the Japanese release reads besides the real corpus's English files.
private let japaneseFiles: [(package: String, path: String)] = [
    ("mecab-ipadic-utf8", NoSpacesLanguage.ipadicFolder + "/sys.dic"),
    ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
] + ["frequency/wordfreq-ja-top20000.csv", "lexicons/wikt-ja.xml.gz", "sentences/jpn-eng.txt", "reference/ja_gsd-ud-dev.conllu",
     "reference/ja_gsd-ud-test.conllu"].map { ("the real corpus", TestProject.sharedCorpus.appendingPathComponent($0).path) }

/// The Japanese release as shipped (`Corpus/release/wordfreq-ja-en.json` on `../shared/corpus`):
/// wordfreq's Japanese forms lemmatized by MeCab (Debian's IPADIC), wikt-ja's senses, OEWN 2025's
/// English, Tatoeba's Japanese–English pairs. Issue 45's measures of it: lemmas as good as MeCab's
/// own on UD Japanese-GSD, verbs and adjectives, no function word card, a kana reading on 98 % of
/// the cards and a pronunciation from it only, examples with their translation on 80 %, search by
/// part and by reading.
@Suite(.serialized, .needsRealCorpus, .needsSystemFiles(japaneseFiles)) struct JapaneseReleaseTests {
    static let corpus = TestProject.sharedCorpus

    static func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let release = try ShippedReleases.japanese().release
        let connection = try SQLiteConnection(path: release.appendingPathComponent("wordfreq-ja-en.sqlite").path, readOnly: true)
        defer { try? connection.close() }
        return try connection.read(body)
    }

    static func count(_ condition: String) throws -> Int {
        try read { try Int.fetchOne($0, sql: "SELECT count(*) FROM words WHERE \(condition)") } ?? 0
    }

    @Test func theReleaseIsPublishedWithItsGates() throws {
        let build = try ShippedReleases.japanese()
        #expect(build.run.status == 0, "\(build.run)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(build.run.stdout.utf8)) as? [String: Any])
        let gates = (report["gates"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        #expect(gates.contains { $0["gate"] as? String == "maximumWithoutReading" && $0["status"] as? String == "passed" })
        #expect(try Self.count("1") == 3000)
    }

    @Test func theLemmasAgreeWithUDJapaneseAtLeastAsOftenAsMeCabsOwn() throws {
        // The lemmatize step's map of every list form (its work folder's forms.jsonl), scored as
        // vocab-bench --lemmatize --ud-gold scores it; MeCab-IPADIC's own base form: 0.697.
        let forms = try ShippedReleases.japanese().work.appendingPathComponent("lemmatize/forms.jsonl")
        var lemmaOf: [String: String?] = [:]
        for line in try String(contentsOf: forms, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let form = try #require(object["form"] as? String)
            lemmaOf[form] = object["lemma"] as? String
        }
        let gold = try LemmaGold(conllu: ["dev", "test"].map { Self.corpus.appendingPathComponent("reference/ja_gsd-ud-\($0).conllu") })
        let score = gold.score(lemmaOf, list: try LemmaGold.frequencyList(Self.corpus.appendingPathComponent("frequency/wordfreq-ja-top20000.csv")))
        print("UD Japanese-GSD: \(score.mostlyContent.weighted) weighted over \(score.mostlyContent.forms) mostly-content forms")
        #expect(score.mostlyContent.weighted >= 0.697)
    }

    @Test func verbsAndAdjectivesAreTaughtAndFunctionWordsNever() throws {
        #expect(try Self.count("pos IN ('verb', 'adjective')") >= 500)
        let names = try Self.read { try Set(String.fetchAll($0, sql: "SELECT name FROM words")) }
        for lemma in ["する", "ある", "なる", "いる", "見る", "食べる", "行く", "来る", "言う", "思う", "人", "家", "いい"] {
            #expect(names.contains(lemma), "\(lemma) missing")
        }
        // Particles, auxiliaries, pronouns, numerals, そう and たい; stems; UniDic's spelling of する
        // (its lemma field's; a text's own kanji spellings, 成る and 有る, are words of the list).
        for form in ["の", "に", "は", "が", "を", "た", "だ", "です", "ます", "ない", "私", "彼", "これ", "それ", "何", "一", "二", "三",
                     "そう", "たい", "こんな", "そんな", "この", "その", "食べ", "し", "為る"] {
            #expect(!names.contains(form), "\(form) shipped")
        }
    }

    @Test func cardsHaveKanaReadingsAndPronunciationsFromThemOnly() throws {
        #expect(try Self.count("reading IS NOT NULL") * 100 >= 3000 * 98)
        #expect(try Self.count("pronunciations != '[]' AND reading IS NULL") == 0)
        let readings = try Self.read { db in
            Dictionary(uniqueKeysWithValues: try SQLiteRow.fetchAll(db, sql: "SELECT name, reading FROM words WHERE name IN ('食べる', 'する', '人', '日本語', 'ゲーム')")
                .map { (String(sqliteValue: $0[0]) ?? "", String(sqliteValue: $0[1]) ?? "") })
        }
        #expect(readings == ["食べる": "たべる", "する": "する", "人": "ひと", "日本語": "にほんご", "ゲーム": "げーむ"])
        // Every reading is kana: hiragana and the long-vowel mark, no kanji left.
        let all = try Self.read { try String.fetchAll($0, sql: "SELECT reading FROM words WHERE reading IS NOT NULL") }
        let kana = all.filter { $0.unicodeScalars.allSatisfy { (0x3041...0x309F).contains($0.value) || $0 == "ー" } }
        #expect(kana.count * 100 >= all.count * 99, "\(all.count - kana.count) readings not in kana: \(all.filter { !kana.contains($0) }.prefix(10))")
        let eat = try Self.read { try String.fetchOne($0, sql: "SELECT pronunciations ->> '$[0].text' FROM words WHERE name = '食べる'") } ?? ""
        #expect(eat.hasPrefix("t"), "食べる is /\(eat)/: made from a part of its name")
    }

    @Test func cardsHaveExamplesWithTheirEnglishTranslation() throws {
        let paired = try Self.count("EXISTS (SELECT 1 FROM json_each(examples) e WHERE e.value ->> 'source' = 'tatoeba' AND e.value ->> 'translation' IS NOT NULL)")
        #expect(paired * 100 >= 3000 * 80, "\(paired) cards with a pair")
        // The release's first cards, for the record: word, reading, part of speech, translation, first example.
        let top = try Self.read { try String.fetchAll($0, sql: """
            SELECT name || ' (' || coalesce(reading, '-') || ', ' || pos || ') ' || coalesce(translations ->> '$.en[0]', '-') || ': '
                   || coalesce(examples ->> '$[0].text', '-') || ' / ' || coalesce(examples ->> '$[0].translation', '-')
              FROM words ORDER BY id LIMIT 30
            """) }
        print("top 30:\n" + top.joined(separator: "\n"))
    }

    @Test func wordsAreFoundByAPartOfTheirNameAndByTheirReading() throws {
        func search(_ input: String, substrings: Bool) throws -> [String] {
            try Self.read { db in
                let query = substrings ? WordSearch.substringQuery(table: "words") : WordSearch.query(table: "words")
                return try String.fetchAll(db, sql: "SELECT name FROM (\(query))", arguments: ["input": input, "limit": 50])
            }
        }
        let japan = try search("日本", substrings: true)
        #expect(japan.contains("日本語") && japan.contains("日本人"), "\(japan)")
        #expect(try search("たべる", substrings: false).first == "食べる")
        #expect(try search("食べる", substrings: false).first == "食べる")
        #expect(try search("ゲーム", substrings: false).first == "ゲーム")
        #expect(try !search("ケーム", substrings: false).contains("ゲーム"))
        let validate = try Project.vocab(["validate", try ShippedReleases.japanese().release.path])
        #expect(validate.status == 0, "\(validate)")
    }

    /// Issue 44 in Japanese: MeCab cannot enumerate a lemma's forms, so the release's are the words
    /// the sentence pairs show, each with its endings (食べた, 食べています), read back to the word.
    @Test func inflectedWordsOfTheSentencesFindTheirCards() throws {
        let release = try ShippedReleases.japanese().release
        for (form, lemma) in [("食べた", "食べる"), ("食べて", "食べる"), ("行った", "行く"), ("見ました", "見る"), ("思います", "思う")] {
            let run = try Project.vocab(["lookup", release.path, form, "--json"])
            let items = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(items.first.map { ($0["name"] as? String, $0["match"] as? String) } ?? (nil, nil) == (lemma, "form"), "\(form): \(run)")
        }
        let forms = try Self.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT wordId) FROM forms") } ?? 0
        #expect(forms >= 900, "\(forms) words with forms")
    }
}

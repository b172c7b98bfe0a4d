import Foundation
import ReleaseFormat
import SQLiteDatabase
import TestSupport
import Testing

/// Languages written without spaces, on the sample corpus's small files (``NoSpacesLanguage``):
/// the shipped Japanese config with the sample's Japanese files, and with Chinese files and no
/// analyzer of its own (ICU's word-break rules), as docs/adding-a-language.md says. Each must
/// publish (exit 0), teach lemmas and no function word, give each card its reading (kana, pinyin)
/// and its pronunciation from that reading only, and be found by a part of a name or by its
/// reading.
@Suite(.serialized) struct NoSpacesLanguageTests {
    /// The words of the release's JSON bundle.
    static func words(_ release: URL, _ name: String) throws -> [[String: Any]] {
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: release.appendingPathComponent("\(name).json"))) as? [String: Any]
        return bundle?["words"] as? [[String: Any]] ?? []
    }

    /// The names the release's search finds for `input`: the app's query (``WordSearch/query(table:)``)
    /// and the substring query for scripts without spaces.
    static func search(_ input: String, in database: URL, substrings: Bool) throws -> [String] {
        let connection = try SQLiteConnection(path: database.path, readOnly: true)
        defer { try? connection.close() }
        return try connection.read { db in
            let query = substrings ? WordSearch.substringQuery(table: "words") : WordSearch.query(table: "words")
            return try String.fetchAll(db, sql: "SELECT name FROM (\(query))", arguments: ["input": input, "limit": 20])
        }
    }

    static let japaneseFiles = [("mecab-ipadic-utf8", NoSpacesLanguage.ipadicFolder + "/sys.dic"),
                                ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin")]

    @Test(.needsSystemFiles(japaneseFiles))
    func japaneseIsLemmatizedReadAndFoundWithoutSpaces() throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let language = NoSpacesLanguage.japanese
        let (release, run) = try language.build(in: folder)
        #expect(run.status == 0, "\(run)")
        let words = try Self.words(release, language.releaseName)
        let names = words.compactMap { $0["name"] as? String }
        // The list's stems and endings go to their dictionary form (食べ → 食べる, し → する, 知っ →
        // 知る); the verb ある, not the auxiliary of である.
        for lemma in ["食べる", "する", "ある", "知る", "家", "車", "年", "日本語", "日本人", "ゲーム", "いい", "新しい", "大きい"] {
            #expect(names.contains(lemma), "\(lemma) missing from \(names)")
        }
        // Particles, auxiliaries, pronouns, numerals, そう and たい are never cards, whatever the
        // lexicon lists (は, 私, 一, そう, この are nouns of it); nor are stems.
        for form in ["の", "は", "た", "し", "私", "一", "そう", "この", "たい", "ない", "だ", "食べ", "知っ"] {
            #expect(!names.contains(form), "\(form) shipped")
        }
        func word(_ name: String) -> [String: Any]? { words.first { $0["name"] as? String == name } }
        // The reading: MeCab's kana of the lemma, in hiragana (the long-vowel mark kept: げーむ).
        #expect(word("食べる")?["reading"] as? String == "たべる")
        #expect(word("家")?["reading"] as? String == "いえ")
        #expect(word("日本語")?["reading"] as? String == "にほんご")
        #expect(word("ゲーム")?["reading"] as? String == "げーむ")
        // MeCab does not know ブログ: no reading, no pronunciation, and the report lists it.
        #expect(word("ブログ")?["reading"] is NSNull)
        #expect((word("ブログ")?["pronunciations"] as? [Any])?.isEmpty == true)
        let unread = try String(contentsOf: folder.appendingPathComponent("out/\(language.releaseName)-1.0.0.report/no-reading.txt"), encoding: .utf8)
        #expect(unread.split(separator: "\n").filter { !$0.hasPrefix("#") } == ["ブログ"])
        // The pronunciation is the reading's, never the kana the voice can read of the name
        // (食べる alone gave /bˈe̞ɽɯᵝ/): every card with one has a reading, and 食べる starts with t.
        for entry in words where !((entry["pronunciations"] as? [Any]) ?? []).isEmpty {
            #expect(entry["reading"] is String, "\(entry["name"] ?? "") pronounced without a reading")
        }
        let eat = ((word("食べる")?["pronunciations"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(eat.hasPrefix("t"), "食べる is /\(eat)/")
        // Examples from the pairs with their translation: 知っ in a sentence (MeCab's token) shows 知る.
        let examples = (word("知る")?["examples"] as? [[String: Any]]) ?? []
        #expect(examples.contains { $0["text"] as? String == "知っています。" && $0["translation"] as? String == "I know." })
        #expect(((word("食べる")?["examples"] as? [[String: Any]]) ?? []).contains { $0["translation"] is String })

        let database = release.appendingPathComponent("\(language.releaseName).sqlite")
        // A part of a name finds the words that hold it; a reading finds its word.
        #expect(Set(try Self.search("日本", in: database, substrings: true)) == ["日本語", "日本人"])
        #expect(try Self.search("たべる", in: database, substrings: false) == ["食べる"])
        #expect(try Self.search("たべる", in: database, substrings: true) == ["食べる"])
        // Voicing is kept: ケーム (another word) does not find ゲーム, typed or folded.
        #expect(try Self.search("ゲーム", in: database, substrings: false) == ["ゲーム"])
        #expect(try Self.search("ケーム", in: database, substrings: false).isEmpty)
        #expect(try Self.search("ケーム", in: database, substrings: true).isEmpty)
        let validate = try Project.vocab(["validate", release.path])
        #expect(validate.status == 0, "\(validate)")
    }

    static let chineseFiles = [("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin")]

    @Test(.needsSystemFiles(chineseFiles), arguments: [NoSpacesLanguage.chinese, .chineseWithoutAnalyzer])
    func chineseIsTheJapaneseConfigWithChineseFiles(_ language: NoSpacesLanguage) throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (release, run) = try language.build(in: folder)
        #expect(run.status == 0, "\(run)")
        let words = try Self.words(release, language.releaseName)
        let names = words.compactMap { $0["name"] as? String }
        for lemma in ["房子", "汽车", "中文", "中国", "中国人", "知道", "喜欢", "学习", "好", "大", "新"] {
            #expect(names.contains(lemma), "\(lemma) missing from \(names)")
        }
        // No function word: the lexicon, a wordnet, has none of them (they have no entry).
        for form in ["的", "了", "是", "我", "你", "在", "不", "很", "这"] { #expect(!names.contains(form), "\(form) shipped") }
        // Pinyin with tone marks on every card (ICU's Han-Latin, through the config's transform),
        // and the pronunciation made from it by the voice that reads pinyin.
        let readings = Dictionary(uniqueKeysWithValues: words.compactMap { word in (word["name"] as? String).map { ($0, word["reading"] as? String) } })
        #expect(readings.values.allSatisfy { $0 != nil })
        #expect(readings["中文"] == "zhōng wén")
        #expect(readings["汽车"] == "qì chē")
        #expect(words.allSatisfy { !(($0["pronunciations"] as? [Any]) ?? []).isEmpty })
        // The pairs, cut by ICU's dictionary: 房子很大。 shows 房子.
        let house = words.first { $0["name"] as? String == "房子" }
        #expect(((house?["examples"] as? [[String: Any]]) ?? []).contains { $0["text"] as? String == "房子很大。" })

        let database = release.appendingPathComponent("\(language.releaseName).sqlite")
        // One or two characters find the words that hold them, the word itself first, then the
        // shorter; a reading typed without its tones finds its word through searchFolded.
        #expect(try Self.search("中", in: database, substrings: true) == ["中国", "中文", "中国人"])
        #expect(try Self.search("中国", in: database, substrings: true) == ["中国", "中国人"])
        #expect(try Self.search("中国人", in: database, substrings: true) == ["中国人"])
        #expect(try Self.search("zhōng wén", in: database, substrings: false) == ["中文"])
        #expect(try Self.search("zhong wen", in: database, substrings: false) == ["中文"])
        let validate = try Project.vocab(["validate", release.path])
        #expect(validate.status == 0, "\(validate)")
    }
}

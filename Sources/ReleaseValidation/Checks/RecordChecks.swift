import Foundation
import ReleaseFormat
import Releases
import SQLiteDatabase
import VocabCore
import VocabJSON

extension ValidationCheck {
    static let recordsMatch = ValidationCheck("records.match", "the SQLite database and the JSON bundle hold the same records in the same order") { context in
        let file = "\(context.databaseName ?? "*.sqlite") + \(context.bundleName ?? "*.json")"
        switch context.sqliteWords {
        case nil: return .skip(file, "the database cannot be read")
        case .failure(let problem)?: return .result(file, problems: [problem.text], ok: "")
        case .success(let words)?:
            guard case .success(let bundle)? = context.bundleValue, let records = bundle["words"]?.arrayValue else {
                return .skip(file, "no readable JSON bundle")
            }
            return .result(file, problems: RecordComparison(context: context).problems(words, records),
                           ok: "\(words.count) records, same order and content in both")
        }
    }

    static let recordsOrder = ValidationCheck("records.order", "ids, ranks, frequencies and bands follow the release's ordering rules") { context in
        let file = context.databaseName ?? "*.sqlite"
        guard case .success(let words)? = context.sqliteWords else { return .skip(file, "the words cannot be read") }
        return .result(file, problems: RecordComparison(context: context).orderProblems(words),
                       ok: "ids 1...\(words.count); ranks, frequencies and bands in release order")
    }

    static let countsMatch = ValidationCheck("counts.match", "the manifest's counts agree with the records") { context in
        let file = ValidationContext.manifestName
        guard let counts = context.manifest?.counts else { return .skip(file, "no counts in a usable datapackage.json") }
        guard case .success(let words)? = context.sqliteWords else { return .skip(file, "no readable records to count") }
        var problems: [String] = []
        if counts.words != words.count { problems.append("counts.words is \(counts.words), the release has \(words.count) words") }
        var perPart: [String: Int] = [:]
        for word in words { perPart[word.partOfSpeech.rawValue, default: 0] += 1 }
        for part in Set(perPart.keys).union(counts.partsOfSpeech.keys).stablySorted() where counts.partsOfSpeech[part] ?? 0 != perPart[part] ?? 0 {
            problems.append("counts.partsOfSpeech.\(part) is \(counts.partsOfSpeech[part] ?? 0), the release has \(perPart[part] ?? 0)")
        }
        let languages = context.targetLanguages
        for language in Set(languages).union(counts.translated.keys).stablySorted() {
            let actual = words.filter { !$0.translations(for: language).isEmpty }.count
            let recorded = counts.translated[language] ?? 0
            if !languages.contains(language) {
                problems.append("counts.translated has \(language), not a target language")
            } else if recorded != actual {
                problems.append("counts.translated.\(language) is \(recorded), the release has \(actual) translated words")
            }
        }
        // A pinned word's sense is the maintainer's, not moved for translations.
        let moved = words.filter { $0.provenance.senseRank != 1 && !$0.provenance.pinned }.count
        if counts.senseMoved != moved {
            problems.append("counts.senseMoved is \(counts.senseMoved), the release has \(moved) words with another sense than the first")
        }
        return .result(file, problems: problems,
                       ok: "words, parts of speech, translated per language and senseMoved agree with the records")
    }
}

extension ValidationCheck {
    static let recordsSentences = ValidationCheck(
        "records.sentences", "each word's sentences are its examples' texts, in order, in the database and in the bundle (schema 7)"
    ) { context in
        let file = "\(context.databaseName ?? "*.sqlite") + \(context.bundleName ?? "*.json")"
        guard let name = context.databaseName, case .success? = context.sqliteWords else { return .skip(file, "the words cannot be read") }
        var problems: [String] = []
        do {
            let rows = try ReleaseReader.readOnly(context.url(name)) { db in
                try SQLiteRow.fetchAll(db, sql: "SELECT id, name, \(CardField.sentences.key), \(CardField.examples.key) FROM words ORDER BY id")
                    .map { row -> (String, String?, String?) in
                        let (id, word): (Int64?, String?) = (row["id"], row["name"])
                        return ("\(id.map(String.init) ?? "?") (\(word ?? "?"))", row[CardField.sentences.key], row[CardField.examples.key])
                    }
            }
            for (label, sentences, examples) in rows {
                if let problem = Self.sentencesProblem(sentences.flatMap { try? JSONValue.parse($0) }, examples.flatMap { try? JSONValue.parse($0) }) {
                    problems.append("\(name): word \(label): \(problem)")
                }
            }
        } catch {
            problems.append("\(name): \(ValidationContext.reason(error))")
        }
        if case .success(let bundle)? = context.bundleValue, let records = bundle["words"]?.arrayValue {
            for (index, record) in records.enumerated() {
                if let problem = Self.sentencesProblem(record["sentences"], record["examples"]) {
                    problems.append("\(context.bundleName ?? "*.json"): record \(index + 1) (\(record["name"]?.stringValue ?? "?")): \(problem)")
                }
            }
        }
        return .result(file, problems: problems, ok: "every word's sentences are its examples' texts")
    }

    /// Why a word's `sentences` are not the texts of its `examples` (both JSON), or nil.
    static func sentencesProblem(_ sentences: JSONValue?, _ examples: JSONValue?) -> String? {
        guard let texts = sentences?.stringsValue else { return "sentences is not a JSON array of strings" }
        guard let examples = examples.flatMap(ExampleJSON.examples) else { return "examples is not a JSON array of examples" }
        let exampleTexts = examples.map(\.text)
        return texts == exampleTexts ? nil : "sentences \(JSONValue.strings(texts).brief) are not the examples' texts \(JSONValue.strings(exampleTexts).brief)"
    }
}

/// The record-level comparisons of ``ValidationCheck/recordsMatch`` and ``ValidationCheck/recordsOrder``.
struct RecordComparison {
    let context: ValidationContext

    /// Differences between the database's words and the bundle's records, field by field.
    func problems(_ words: [ReleaseWord], _ records: [JSONValue]) -> [String] {
        var problems: [String] = []
        let decoder = JSONDecoder()
        let decoded: [Result<ReleaseWord, Error>] = records.map { record in
            Result { try decoder.decode(ReleaseWord.self, from: Data(record.compact.utf8)) }
        }
        if words.count != records.count {
            problems.append("SQLite has \(words.count) words, JSON has \(records.count)")
            let sqliteKeys = Set(words.map(\.key.description))
            let jsonKeys = Set(records.map { "\($0["name"]?.stringValue ?? "?")/\($0["pos"]?.stringValue ?? "?")" })
            let onlyJSON = jsonKeys.subtracting(sqliteKeys).stablySorted(), onlySQLite = sqliteKeys.subtracting(jsonKeys).stablySorted()
            if !onlyJSON.isEmpty { problems.append("only in JSON: \(onlyJSON.prefix(10).joined(separator: ", "))") }
            if !onlySQLite.isEmpty { problems.append("only in SQLite: \(onlySQLite.prefix(10).joined(separator: ", "))") }
        }
        let languages = context.targetLanguages
        for (index, (word, record)) in zip(words, decoded).enumerated() {
            let label = "record \(index + 1) (\(word.key))"
            guard case .success(let json) = record else {
                if case .failure(let error) = record { problems.append("\(label): the JSON record cannot be read: \(RecordDecoding.describe(error))") }
                continue
            }
            var differences: [String] = []
            if word.id != index + 1 { differences.append("SQLite id \(word.id) at position \(index + 1)") }
            // Each lemma has its source (schema 5): the two lists of a language run in parallel.
            for translation in word.translations where translation.sources.count != translation.lemmas.count {
                differences.append("translationSources.\(translation.language) has \(translation.sources.count) sources for \(translation.lemmas.count) lemmas")
            }
            for field in CardField.bundleFields {
                guard field != .translations else {
                    differences += translationDifferences(word, json, languages: languages)
                    continue
                }
                let (sqlite, bundle) = (field.value(of: word), field.value(of: json))
                if sqlite != bundle { differences.append("\(field.key) \(sqlite.shown) vs \(bundle.shown)") }
            }
            if !differences.isEmpty { problems.append("\(label): \(differences.joined(separator: ", "))") }
        }
        return problems
    }

    /// How the translations of a word differ between the database and the bundle: the bundle's
    /// languages are the target languages, each language's lemmas the same, none into another language.
    func translationDifferences(_ word: ReleaseWord, _ json: ReleaseWord, languages: [String]) -> [String] {
        var differences: [String] = []
        let jsonLanguages = json.translations.map(\.language)
        if Set(jsonLanguages) != Set(languages) {
            differences.append("JSON translations have languages [\(jsonLanguages.stablySorted().joined(separator: ", "))], expected [\(languages.joined(separator: ", "))]")
        }
        for language in languages where word.translations(for: language) != json.translations(for: language) {
            let (sqlite, bundle) = (CardValue.strings(word.translations(for: language)), CardValue.strings(json.translations(for: language)))
            differences.append("translations.\(language) \(sqlite.shown) vs \(bundle.shown)")
        }
        for translation in word.translations where !languages.contains(translation.language) && !translation.lemmas.isEmpty {
            differences.append("SQLite has translations into \(translation.language), not a target language")
        }
        return differences
    }

    /// Where the words break the ordering rules: ids are positions; bands are equal shares by
    /// rank; with counts, ranks are positions and frequencies never increase; with bands only,
    /// no rank or frequency, and band, lemma, part of speech order.
    func orderProblems(_ words: [ReleaseWord]) -> [String] {
        var problems: [String] = []
        let manifest = context.manifestValue, bundle = context.bundleValue
        func header(_ key: String) -> JSONValue? {
            if case .success(let value) = manifest, let found = value[key] { return found }
            if case .success(let value)? = bundle { return value[key] }
            return nil
        }
        let declaredBands = header("bands")?.int64Value.flatMap { Int(exactly: $0) }
        let frequencies = header("frequencies")?.stringValue
        let collation = SourceCollation(language: context.sourceLanguage)
        for (index, word) in words.enumerated() {
            let position = index + 1
            if word.id != position { problems.append("word \(word.key) has id \(word.id) at position \(position)") }
            if let bands = declaredBands, bands >= 1, bands <= ReleaseSchema.maximumBands {
                let expected = FrequencyBands.band(rank: position, count: words.count, bands: bands)
                if word.band != expected {
                    problems.append("word \(position) (\(word.lemma)) is in band \(word.band), expected \(expected) of \(max(1, min(bands, words.count)))")
                }
            }
            switch frequencies {
            case "counts":
                if word.rank != position { problems.append("word \(position) (\(word.lemma)) has rank \(word.rank.map(String.init) ?? "null")") }
                if word.frequency == nil { problems.append("word \(position) (\(word.lemma)) has no frequency") }
                if index > 0, let previous = words[index - 1].frequency, let frequency = word.frequency, frequency > previous {
                    problems.append("word \(position) (\(word.lemma)) is more frequent (\(frequency)) than the word before it (\(previous))")
                }
            case "bands":
                if word.rank != nil || word.frequency != nil {
                    problems.append("word \(position) (\(word.lemma)) publishes a rank or frequency though the release publishes bands only")
                }
                if index > 0, !FrequencyBands.isInBandOrder(words[index - 1], word, collation: collation) {
                    problems.append("word \(position) (\(word.lemma)) is out of band, name (\(collation.locale.identifier) collation) and pos order")
                }
            default:
                break
            }
        }
        return problems
    }
}

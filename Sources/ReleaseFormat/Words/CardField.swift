import VocabCore
import VocabJSON

/// A field of the word card, defined once: its SQL column, where it sits in a JSON bundle
/// record, how its value is had from a published word and read back, and how the diff names it.
/// The card tables (`words`, `entries`), the JSON bundle (``ReleaseWord``'s coding), the Table
/// Schemas, the reader, the validator's record comparison and the diff all derive from this list.
///
/// Adding a field: a case here (its place in `allCases` is its column's and JSON key's place),
/// its answers in the switches below (the compiler lists them), ``ReleaseSchema/version``, the
/// card model (`WordCard` in VocabCore) and the stage that fills it.
package enum CardField: String, CaseIterable, Sendable, Hashable {
    case id, name, reading, pos, freq, freqRank, band, definition, definitionLanguage, translations, translationSources, synonyms, sentences, examples
    case pronunciations, sourceLemma
    case lexicon, entry, sense, synset, ili, senseRank, pinned, senseCheck
    case searchTranslations, searchFolded

    /// The column name, and the JSON key.
    package var key: String { rawValue }

    /// The column name and JSON key in a release of schema `version`: `freqRank` was `rank`
    /// before schema 6 (renamed: FTS5 gives every full-text table a hidden `rank` column, which
    /// a join of `words` with `words_fts` then found ambiguous).
    package func key(schemaVersion version: Int32) -> String {
        self == .freqRank && version < 6 ? "rank" : key
    }

    /// Where a field sits in a JSON bundle record.
    package enum BundlePlacement: Sendable {
        /// A key of the record.
        case record
        /// A key of the record's `provenance` object.
        case provenance
    }

    /// The bundle record's nested object that holds the ``BundlePlacement/provenance`` fields.
    package static let provenanceKey = "provenance"

    /// Where the field is in a bundle record; nil when the bundle leaves it out (the row id,
    /// which is the record's position, and the search columns, derived from the rest).
    package var bundlePlacement: BundlePlacement? {
        switch self {
        case .id, .searchTranslations, .searchFolded: nil
        case .lexicon, .entry, .sense, .synset, .ili, .senseRank, .pinned, .senseCheck: .provenance
        default: .record
        }
    }

    /// Whether a dictionary entry has the field: it carries nothing of the frequency list (no
    /// frequency, rank, band or list spelling), is never pinned, and has the lexicon's examples
    /// only (its `sentences` say them all: no `examples`).
    package var inDictionary: Bool {
        switch self {
        case .freq, .freqRank, .band, .sourceLemma, .pinned, .examples, .senseCheck: false
        default: true
        }
    }

    /// Whether the field is computed from the others on writing and never read back (the
    /// full-text index's columns).
    package var isDerived: Bool { self == .searchTranslations || self == .searchFolded }

    /// The first schema version with the field (a reader of an older release expects it absent).
    package var sinceSchema: Int32 {
        switch self {
        case .pinned: 3
        case .pronunciations, .definitionLanguage: 4
        case .translationSources: 5
        case .examples: 7
        case .senseCheck, .reading: 8
        default: 2
        }
    }

    /// The field's column: type, constraints and documentation (`CREATE TABLE` and the Table Schema).
    package var column: SQLColumn {
        switch self {
        case .id:
            SQLColumn(name: key, type: .integer, primaryKey: true,
                      doc: "position in the release: rank order, or band, name (collation) and pos order")
        case .name: .text(key, "the lexicon's written form").notNullable
        case .reading: .text(key, "how the name is read (kana for Japanese, pinyin for Chinese: the config's reading); NULL without one")
        case .pos: SQLColumn(name: key, type: .text, notNull: true, allowed: ReleaseSchema.partsOfSpeech, doc: "part of speech")
        case .freq: .integer(key, "merged frequency; NULL when the list may not be redistributed")
        case .freqRank: SQLColumn(name: key, type: .integer, unique: true, doc: "1-based rank by frequency (`rank` before schema 6); NULL likewise")
        case .band:
            SQLColumn(name: key, type: .integer, notNull: true, range: 1...ReleaseSchema.maximumBands,
                      doc: "frequency band, 1 = most frequent")
        case .definition: .text(key, "the sense's first definition, else its concept's in the gloss lexicon; NULL when neither has one")
        case .definitionLanguage:
            .text(key, "BCP 47 tag of the definition's language: the source lexicon's, or the gloss lexicon's; NULL without a definition")
        case .translations:
            .text(key, "JSON object: target language → lemmas, every target language in config order").notNullable.json(.jsonObject)
        case .translationSources:
            .text(key, "JSON object: target language → for each lemma of translations, in order, the id:version of the lexicon it came from")
                .notNullable.json(.jsonObject)
        case .synonyms: .text(key, "JSON array: the other members of the sense's synset").notNullable.json(.jsonArray)
        case .sentences: .text(key, "JSON array: the examples' texts, in order (the synset's, then the sentence pairs')").notNullable.json(.jsonArray)
        case .examples:
            .text(key, "JSON array of {text, translation, source, sameSense}: the synset's examples, then sentence pairs with their translation")
                .notNullable.json(.jsonArray)
        case .pronunciations:
            .text(key, "JSON array of {text, variety, audio, generated}: the lexicon's IPA for the lemma, else one generated")
                .notNullable.json(.jsonArray)
        case .sourceLemma: .text(key, "the frequency list's spelling").notNullable
        case .lexicon: .text(key, "id:version").notNullable
        case .entry: .text(key, "LexicalEntry id").notNullable
        case .sense: .text(key, "Sense id").notNullable
        case .synset: .text(key, "Synset id").notNullable
        case .ili: .text(key, "interlingual index, NULL when none")
        case .senseRank: .integer(key, "1-based rank of the emitted sense in its entry").notNullable
        case .pinned:
            SQLColumn(name: key, type: .integer, notNull: true, range: 0...1,
                      doc: "1 when a sense pin (sensePins) chose the sense, else 0")
        case .senseCheck:
            SQLColumn(name: key, type: .text, allowed: SenseCheck.allCases.map(\.rawValue),
                      doc: "a sense the evidence finds implausible that the card kept: confirmed (by the sentence pairs) or unconfirmed; NULL otherwise")
        case .searchTranslations: .text(key, "every translation lemma, all languages, one per line").notNullable
        case .searchFolded: .text(key, "name and translations lower-cased, without the accents their language folds, one per line").notNullable
        }
    }

    /// The smallest value a bundle record's Table Schema allows, where it says one beyond the column's.
    var bundleMinimum: Int? {
        switch self {
        case .freq: 0
        case .freqRank, .band: 1
        default: nil
        }
    }

    /// How the diff reports the field when it lists additions and removals per word (a list
    /// field): its name in the diff's JSON (`<name>`, `<name>Changed`) and its section's title.
    /// Nil for fields the diff treats on their own (the sense, the definition, the translations,
    /// the rank) or not at all.
    package var diffList: (name: String, title: String)? {
        switch self {
        case .synonyms: ("synonyms", "Synonyms")
        // The examples with their translations and sources (schema 7; before, the sentences' texts).
        case .examples: ("examples", "Examples")
        case .pronunciations: ("pronunciations", "Pronunciations")
        default: nil
        }
    }

    /// The field's name in the diff (its ``diffList`` name, else its key).
    package var diffName: String { diffList?.name ?? key }

    /// The title of the diff's section on the field (its ``diffList`` title, else its key).
    package var diffTitle: String { diffList?.title ?? key }

    /// How the build report counts the words that have the field (a definition, an example):
    /// its key in `build-report.json`, its label in the page's chart and in the Markdown summary.
    package var presence: (key: String, label: String, summary: String)? {
        switch self {
        case .definition: ("definition", "definition", "definitions")
        case .sentences: ("examples", "an example", "examples")
        case .synonyms: ("synonyms", "a synonym", "synonyms")
        case .pronunciations: ("pronunciations", "a pronunciation", "pronunciations")
        default: nil
        }
    }

    /// The fields the build report counts words by, in the report's order.
    package static let presenceFields: [CardField] = [.definition, .sentences, .synonyms, .pronunciations]

    /// The fields the diff lists per word, in order.
    package static let diffLists: [CardField] = allCases.filter { $0.diffList != nil }

    /// The fields of a bundle record, in order.
    package static let bundleFields: [CardField] = allCases.filter { $0.bundlePlacement != nil }

    // MARK: - Values

    /// The field's value in a word, typed; what the validator compares and the diff lists.
    /// (A derived search field has no value here: it needs the release's ``SearchFolding``.)
    package func value(of word: ReleaseWord) -> CardValue {
        value(id: word.id, card: word.card, word: word, folding: nil)
    }

    /// The field's value from a row's id, its card and the release word around it (nil for a
    /// dictionary entry, which has no frequency, rank or band).
    /// `folding` folds `searchFolded` (nil: no value, for a caller that never reads it).
    func value(id: Int, card: WordCard, word: ReleaseWord?, folding: SearchFolding?) -> CardValue {
        switch self {
        case .id: .integer(Int64(id))
        case .name: .text(card.lemma)
        case .reading: .text(card.reading)
        case .pos: .text(card.partOfSpeech.rawValue)
        case .freq: .integer(word?.frequency)
        case .freqRank: .integer(word?.rank.map(Int64.init))
        case .band: .integer(word.map { Int64($0.band) })
        case .definition: .text(card.definition)
        case .definitionLanguage: .text(card.definitionLanguage)
        case .translations: .translations(card.translations)
        case .translationSources:
            // By language (a bundle record's languages come in JSON order): the column and the key are objects.
            .translations(card.translations.map { Translation(language: $0.language, lemmas: $0.sources) }.stablySorted { $0.language < $1.language })
        case .synonyms: .strings(card.synonyms)
        case .sentences: .strings(card.examples.map(\.text))
        case .examples: .examples(card.examples)
        case .pronunciations: .pronunciations(card.pronunciations)
        case .sourceLemma: .text(card.sourceLemma)
        case .lexicon: .text(card.provenance.lexicon)
        case .entry: .text(card.provenance.entryId)
        case .sense: .text(card.provenance.senseId)
        case .synset: .text(card.provenance.synsetId)
        case .ili: .text(card.provenance.ili)
        case .senseRank: .integer(Int64(card.provenance.senseRank))
        case .pinned: .flag(card.provenance.pinned)
        case .senseCheck: .text(card.provenance.senseCheck?.rawValue)
        case .searchTranslations: .text(WordSearch.translationText(card))
        case .searchFolded: .text(folding?.foldedText(card))
        }
    }

    /// The field's column value in a row of a card table: its typed value, with the lists as
    /// compact JSON text and a flag as 0 or 1.
    func sqlValue(id: Int, card: WordCard, word: ReleaseWord?, languages: [String], folding: SearchFolding) -> SQLValue {
        switch value(id: id, card: card, word: word, folding: folding) {
        case .text(let text): .text(text)
        case .integer(let number): .integer(number)
        case .flag(let flag): .integer(flag ? 1 : 0)
        case .strings(let strings): .text(JSONValue.compactStrings(strings))
        case .translations(let translations): .text(CardColumns.translationsJSON(translations, targetLanguages: languages))
        case .pronunciations(let pronunciations): .text(PronunciationJSON.compact(pronunciations))
        case .examples(let examples): .text(ExampleJSON.compact(examples))
        }
    }

    /// Reads the field's column of a card table row into `word` (derived fields are not read).
    package func read(from row: some CardRowReader, into word: inout ReleaseWord, targetLanguages: [String]) throws {
        switch self {
        case .id: word.id = try row.int(key, in: Int64(Int.min)...Int64(Int.max))
        case .name: word.card.lemma = try row.text(key)
        case .reading: word.card.reading = try row.optionalText(key)
        case .pos: word.card.partOfSpeech = try row.partOfSpeech(key)
        case .freq: word.frequency = try row.optionalInteger(key)
        case .freqRank: word.rank = try row.optionalInt(key, in: Int64(Int.min)...Int64(Int.max))
        case .band: word.band = try row.int(key, in: Int64(Int.min)...Int64(Int.max))
        case .definition: word.card.definition = try row.optionalText(key)
        case .definitionLanguage: word.card.definitionLanguage = try row.optionalText(key)
        case .translations: word.card.translations = try row.jsonTranslations(key, targetLanguages: targetLanguages)
        case .translationSources:
            // Read after `translations` (its place in `allCases`): each language's sources beside its lemmas.
            word.card.setTranslationSources(try row.jsonTranslations(key, targetLanguages: targetLanguages))
        case .synonyms: word.card.synonyms = try row.jsonStrings(key)
        // The lexicon's, until `examples` (read next, schema 7) says where each comes from.
        case .sentences: word.card.examples = try row.jsonStrings(key).map(CardExample.init(lexicon:))
        case .examples: word.card.examples = try row.jsonExamples(key)
        case .pronunciations: word.card.pronunciations = try row.jsonPronunciations(key)
        case .sourceLemma: word.card.sourceLemma = try row.text(key)
        case .lexicon: word.card.provenance.lexicon = try row.text(key)
        case .entry: word.card.provenance.entryId = try row.text(key)
        case .sense: word.card.provenance.senseId = try row.text(key)
        case .synset: word.card.provenance.synsetId = try row.text(key)
        case .ili: word.card.provenance.ili = try row.optionalText(key)
        case .senseRank: word.card.provenance.senseRank = try row.int(key, in: Int64(Int.min)...Int64(Int.max))
        case .pinned: word.card.provenance.pinned = try row.int(key, in: 0...1) == 1
        case .senseCheck: word.card.provenance.senseCheck = try row.optionalText(key).flatMap(SenseCheck.init(rawValue:))
        case .searchTranslations, .searchFolded: break
        }
    }

    /// Writes the field's JSON value into a bundle record (or its `provenance` object), through
    /// a Codable container or as the bundle's bytes (``CardJSONWriter``).
    func encode<Writer: CardJSONWriter>(_ word: ReleaseWord, into w: inout Writer) throws(Writer.Failure) {
        let k = key, card = word.card
        switch self {
        case .name: try w.text(k, card.lemma)
        case .reading: try w.text(k, card.reading)
        case .pos: try w.text(k, card.partOfSpeech.rawValue)
        case .freq: try w.integer(k, word.frequency)
        case .freqRank: try w.integer(k, word.rank.map(Int64.init))
        case .band: try w.integer(k, Int64(word.band))
        case .definition: try w.text(k, card.definition)
        case .definitionLanguage: try w.text(k, card.definitionLanguage)
        // An object keyed by language, in the card's order.
        case .translations: try w.lists(k, card.translations.map { ($0.language, $0.lemmas) })
        case .translationSources: try w.lists(k, card.translations.map { ($0.language, $0.sources) })
        case .synonyms: try w.strings(k, card.synonyms)
        case .sentences: try w.strings(k, card.examples.map(\.text))
        case .examples: try w.examples(k, card.examples)
        case .pronunciations: try w.pronunciations(k, card.pronunciations)
        case .sourceLemma: try w.text(k, card.sourceLemma)
        case .lexicon: try w.text(k, card.provenance.lexicon)
        case .entry: try w.text(k, card.provenance.entryId)
        case .sense: try w.text(k, card.provenance.senseId)
        case .synset: try w.text(k, card.provenance.synsetId)
        case .ili: try w.text(k, card.provenance.ili)
        case .senseRank: try w.integer(k, Int64(card.provenance.senseRank))
        case .pinned: try w.flag(k, card.provenance.pinned)
        case .senseCheck: try w.text(k, card.provenance.senseCheck?.rawValue)
        case .id, .searchTranslations, .searchFolded: break
        }
    }

    /// Reads the field's JSON value from a bundle record (or its `provenance` object) into `word`;
    /// translation languages come sorted (JSON objects have no order), a record without `pinned`
    /// (schema 2) is not pinned.
    func decode(from c: KeyedDecodingContainer<JSONKey>, into word: inout ReleaseWord) throws {
        let k = JSONKey(key)
        switch self {
        case .name: word.card.lemma = try c.decode(String.self, forKey: k)
        case .reading: word.card.reading = try c.decodeIfPresent(String.self, forKey: k)
        case .pos: word.card.partOfSpeech = try c.decode(PartOfSpeech.self, forKey: k)
        case .freq: word.frequency = try c.decodeIfPresent(Int64.self, forKey: k)
        case .freqRank:
            // `rank` before schema 6.
            word.rank = try c.decodeIfPresent(Int.self, forKey: k) ?? c.decodeIfPresent(Int.self, forKey: JSONKey(key(schemaVersion: 5)))
        case .band: word.band = try c.decode(Int.self, forKey: k)
        case .definition: word.card.definition = try c.decodeIfPresent(String.self, forKey: k)
        case .definitionLanguage: word.card.definitionLanguage = try c.decodeIfPresent(String.self, forKey: k)
        case .translations:
            let languages = try c.nestedContainer(keyedBy: JSONKey.self, forKey: k)
            word.card.translations = try languages.allKeys.map(\.stringValue).stablySorted().map {
                Translation(language: $0, lemmas: try languages.decode([String].self, forKey: JSONKey($0)))
            }
        case .translationSources:
            // Absent before schema 5; read after `translations`.
            guard c.contains(k) else { break }
            let languages = try c.nestedContainer(keyedBy: JSONKey.self, forKey: k)
            word.card.setTranslationSources(try languages.allKeys.map(\.stringValue).map {
                Translation(language: $0, lemmas: try languages.decode([String].self, forKey: JSONKey($0)))
            })
        case .synonyms: word.card.synonyms = try c.decode([String].self, forKey: k)
        case .sentences: word.card.examples = try c.decode([String].self, forKey: k).map(CardExample.init(lexicon:))
        case .examples:
            // Absent before schema 7; read after `sentences`.
            if c.contains(k) { word.card.examples = try c.decode([ExampleJSON.Record].self, forKey: k).map(\.example) }
        case .pronunciations: word.card.pronunciations = try c.decodeIfPresent([Pronunciation].self, forKey: k) ?? []
        case .sourceLemma: word.card.sourceLemma = try c.decode(String.self, forKey: k)
        case .lexicon: word.card.provenance.lexicon = try c.decode(String.self, forKey: k)
        case .entry: word.card.provenance.entryId = try c.decode(String.self, forKey: k)
        case .sense: word.card.provenance.senseId = try c.decode(String.self, forKey: k)
        case .synset: word.card.provenance.synsetId = try c.decode(String.self, forKey: k)
        case .ili: word.card.provenance.ili = try c.decodeIfPresent(String.self, forKey: k)
        case .senseRank: word.card.provenance.senseRank = try c.decode(Int.self, forKey: k)
        case .pinned: word.card.provenance.pinned = try c.decodeIfPresent(Bool.self, forKey: k) ?? false
        case .senseCheck: word.card.provenance.senseCheck = try c.decodeIfPresent(String.self, forKey: k).flatMap(SenseCheck.init(rawValue:))
        case .id, .searchTranslations, .searchFolded: break
        }
    }
}

/// A card field's value, typed: what the validator compares between the database and the
/// bundle, and what it shows when they differ.
package enum CardValue: Sendable, Equatable {
    /// Text, nil for NULL/`null`.
    case text(String?)
    /// An integer, nil for NULL/`null`.
    case integer(Int64?)
    /// A yes/no (0/1 in SQL, a boolean in JSON).
    case flag(Bool)
    /// A list of strings (a JSON array).
    case strings([String])
    /// Translations by language.
    case translations([Translation])
    /// Pronunciations, in the card's order.
    case pronunciations([Pronunciation])
    /// Examples with their translations and sources, in the card's order.
    case examples([CardExample])

    /// The value as a finding shows it: JSON for text and lists, `null` for none.
    package var shown: String {
        switch self {
        case .text(let text): text.map { JSONValue.string($0).brief } ?? "null"
        case .integer(let number): number.map(String.init) ?? "null"
        case .flag(let flag): flag ? "true" : "false"
        case .strings(let strings): JSONValue.strings(strings).brief
        case .translations(let translations):
            JSONValue.object(translations.map { ($0.language, JSONValue.strings($0.lemmas)) }).brief
        case .pronunciations(let pronunciations): PronunciationJSON.value(pronunciations).brief
        case .examples(let examples): ExampleJSON.value(examples).brief
        }
    }

    /// Whether the value is there: text or a number that is not NULL, a list or translations
    /// that are not empty, a flag that is set.
    package var isPresent: Bool {
        switch self {
        case .text(let text): text != nil
        case .integer(let number): number != nil
        case .flag(let flag): flag
        case .strings(let strings): !strings.isEmpty
        case .translations(let translations): translations.contains { !$0.lemmas.isEmpty }
        case .pronunciations(let pronunciations): !pronunciations.isEmpty
        case .examples(let examples): !examples.isEmpty
        }
    }

    /// The strings of a list value, each pronunciation and example as it is shown (empty for any
    /// other kind).
    package var strings: [String] {
        switch self {
        case .strings(let strings): strings
        case .pronunciations(let pronunciations): pronunciations.map(PronunciationJSON.shown)
        case .examples(let examples): examples.map(ExampleJSON.shown)
        default: []
        }
    }
}

/// Typed, checked access to one row of a card table, by column name: the release reader's row
/// (every value checked, a wrong one a located error) is the one conformance.
package protocol CardRowReader {
    /// A non-NULL TEXT value.
    func text(_ column: String) throws -> String
    /// A TEXT value or NULL.
    func optionalText(_ column: String) throws -> String?
    /// An INTEGER value or NULL.
    func optionalInteger(_ column: String) throws -> Int64?
    /// A non-NULL INTEGER in `range`.
    func int(_ column: String, in range: ClosedRange<Int64>) throws -> Int
    /// An INTEGER in `range`, or NULL.
    func optionalInt(_ column: String, in range: ClosedRange<Int64>) throws -> Int?
    /// TEXT holding a JSON array of strings.
    func jsonStrings(_ column: String) throws -> [String]
    /// A TEXT value holding the JSON array of pronunciations (``PronunciationJSON``).
    func jsonPronunciations(_ column: String) throws -> [Pronunciation]
    /// A TEXT value holding the JSON array of examples (``ExampleJSON``).
    func jsonExamples(_ column: String) throws -> [CardExample]
    /// TEXT holding a JSON object of language → array of strings, in `targetLanguages` order.
    func jsonTranslations(_ column: String, targetLanguages: [String]) throws -> [Translation]
    /// TEXT naming a part of speech.
    func partOfSpeech(_ column: String) throws -> PartOfSpeech
}

/// A JSON key by name (a field's key, a language): for the objects whose keys come from the
/// card's fields, here and in the diff's and the report's JSON.
package struct JSONKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ key: String) { stringValue = key }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension WordCard {
    /// Sets each translation's `sources` from `sources`, whose `lemmas` are the sources by language.
    mutating func setTranslationSources(_ sources: [Translation]) {
        for index in translations.indices {
            translations[index].sources = sources.first { $0.language == translations[index].language }?.lemmas ?? []
        }
    }
}

extension ReleaseWord {
    /// A word with every field empty, for a reader to fill in field by field.
    package static var blank: ReleaseWord {
        ReleaseWord(
            id: 0, band: 0, frequency: nil, rank: nil,
            card: WordCard(
                lemma: "", sourceLemma: "", partOfSpeech: .other, definition: nil, synonyms: [], examples: [], translations: [],
                provenance: Provenance(lexicon: "", entryId: "", senseId: "", synsetId: "", ili: nil, senseRank: 0)))
    }
}

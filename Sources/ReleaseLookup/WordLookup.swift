import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

/// `vocab lookup`: the cards of a word, from the release's words first, then from its dictionary
/// (every entry of the source lexicon), in this order (docs/policy.md, look-up):
/// 1. **the word itself**, case-insensitively, as typed, then typed without accents (`naive` finds
///    `naïve`; `año` never finds `ano`), with the words it is a form of after it (`era`: the noun
///    era, then ser);
/// 2. **the words it is a form of** (`fue` → ser, ir, most frequent first; `casas` → casa), from
///    the `forms` table, each saying the reading that leads to it (3rd person singular, preterite);
/// 3. **a translation**, the learner's language (`año` finds year in an English release for
///    Spanish speakers; accents are kept: `ano` does not);
/// 4. in scripts written without spaces, **the reading** (たべる → 食べる), then **a part of the
///    name or reading** (日本 → 日本語; ``scriptMatches(_:_:database:table:fields:schemaVersion:card:)``);
/// 5. else close matches are suggested.
/// Step 1 looks in the release's words, then, when they have none, in the dictionary's entries;
/// step 2 in both, the release's words first (a form the dictionary knows of a release word leads
/// to the release's card; `trato` is the dictionary's noun trato, then tratar of the release);
/// steps 3 and 4 as step 1.
///
/// A look-up is a session over one opened release (``init(release:)``): `vocab lookup --batch`
/// answers many words with one, the tables checked once.
///
/// The dictionary service can run the same queries on the SQLite files alone (no analyzer at
/// run time), each on `words` (`<name>.sqlite`) first, then on `entries` (`<name>-dictionary.sqlite`);
/// SCHEMA.md, "Look-up", has them whole:
/// 1. the headword: candidates from the full-text index
///    (`SELECT rowid FROM <table>_fts WHERE <table>_fts MATCH 'name : "<word>"' ORDER BY rank`,
///    then the same with `searchFolded : ...`), kept when the card's name is the word (any case),
///    then when it is the word without accents;
/// 2. the forms (schema 8): `SELECT f.wordId, i.tags, i.description FROM forms f JOIN inflections i
///    ON i.id = f.inflectionId WHERE f.form = :lowercased ORDER BY f.wordId, i.id` (in the
///    dictionary `f.entryId`, `ORDER BY f.rank, i.id`), the word lower-cased (Unicode) and composed (NFC);
/// 3. the learner's language: `MATCH 'searchTranslations : "<word>"' ORDER BY rank`, kept when one
///    of the card's translations is the word (any case, accents as typed), by relevance, then
///    frequency (`id`).
package final class WordLookup {
    /// Where a card was found.
    package enum Source: String, Codable, Sendable {
        /// The release's `words`.
        case release
        /// The dictionary's `entries`.
        case dictionary
    }

    /// How the word matched the card.
    package enum Match: String, Codable, Sendable {
        /// The card's name: the same letters, any case.
        case exact
        /// The card's name typed without its accents.
        case unaccented
        /// One of the card's translations (the learner's language), any case, accents as typed.
        case translation
        /// A form of the card's word (`fue` of ser; the `forms` table), any case.
        case form
        /// The card's reading (たべる of 食べる; scripts written without spaces).
        case reading
        /// A part of the card's name or reading (日本 of 日本語).
        case containing
    }

    /// A reading that leads from a form to its word: the analyzer's tags and their description
    /// (both empty when the form's source says nothing of it: a lexicon's `Form`).
    package struct Inflection: Sendable, Equatable, Codable {
        /// `ifi p3 sg`.
        package var tags: String
        /// `3rd person singular, preterite`.
        package var description: String
    }

    /// A card found.
    package struct Found: Sendable, Equatable {
        /// Where it was found.
        package var source: Source
        /// How it matched.
        package var match: Match
        /// The card.
        package var card: WordCard
        /// The release word (band, rank, frequency), when found in the release.
        package var word: ReleaseWord?
        /// For a form: the readings that lead from it to the card, in the table's order.
        package var inflections: [Inflection] = []
    }

    /// Close matches offered when nothing is found, at most.
    static let suggestions = 5
    /// Rows a phrase query returns as candidates, at most.
    static let candidates = 200

    /// The release opened, and the path it was opened by (what errors name).
    let release: PublishedRelease
    private let location: URL
    /// The release's words, and the dictionary's entries when the release has a dictionary.
    let words: CardTable
    let entries: CardTable?
    /// Every name with its band, folded, read on the first look-up that finds nothing.
    private var names: [Name]?

    /// A look-up session over the release folder (or `.sqlite` file) `release`: opened read-only,
    /// its tables checked once. Throws ``ReleaseReadError`` naming the file.
    package init(release url: URL) throws {
        release = try PublishedRelease.open(url)
        location = url
        let languages = release.targetLanguages
        let version = release.userVersion
        // A name typed without accents is folded as the release folded its names.
        let language = release.sourceLanguage
        let folded: @Sendable (String) -> String
        do {
            folded = try SearchFolding.nameFolding(schemaVersion: Int(version), sourceLanguage: language)
        } catch {
            throw ReleaseReadError(file: release.database.path, .badValue(expected: "a source language ICU can collate", found: language))
        }
        words = try CardTable(release.database, table: ReleaseSchema.cardTable, source: .release,
                              fields: ReleaseSchema.fields(schemaVersion: max(2, version)), schemaVersion: version,
                              folded: folded) { row, fields in
            let word = try ReleaseReader.word(row, fields: fields, targetLanguages: languages)
            return (word.card, word)
        }
        entries = try release.dictionary.map { dictionary in
            try CardTable(dictionary, table: DictionarySchema.cardTable, source: .dictionary,
                          fields: DictionarySchema.fields(schemaVersion: max(2, version)), schemaVersion: version,
                          folded: folded) { row, fields in
                (try ReleaseReader.entry(row, fields: fields, targetLanguages: languages), nil)
            }
        }
    }

    /// The cards of `word` (of `partOfSpeech` when given), in the order the type documents.
    /// Throws ``LookupError`` (with close matches) when there is none.
    package func lookup(_ word: String, partOfSpeech: PartOfSpeech?) throws -> [Found] {
        let input = word.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !input.isEmpty else { throw notFound(word, partOfSpeech, suggestions: []) }
        var found = try words.named(input, partOfSpeech)
        if found.isEmpty, let entries { found = try entries.named(input, partOfSpeech) }
        found += try formsOf(input, partOfSpeech, in: words)
        if let entries { found += try formsOf(input, partOfSpeech, in: entries) }
        if found.isEmpty { found = try words.translated(input, partOfSpeech) }
        if found.isEmpty, let entries { found = try entries.translated(input, partOfSpeech) }
        // Scripts written without spaces: the reading, then a part of the name (WordLookup+Scripts).
        if found.isEmpty { found = try words.scriptMatches(input, partOfSpeech) }
        if found.isEmpty, let entries { found = try entries.scriptMatches(input, partOfSpeech) }
        guard found.isEmpty else { return Self.once(found) }
        if names == nil { names = try words.foldedNames(banded: true) + (entries?.foldedNames(banded: false) ?? []) }
        throw notFound(word, partOfSpeech, suggestions: Self.closeMatches(to: input, among: names ?? []))
    }

    /// The cards of `word` in the release at `release` (a session for one look-up).
    package static func lookup(_ word: String, partOfSpeech: PartOfSpeech?, in release: URL) throws -> [Found] {
        try WordLookup(release: release).lookup(word, partOfSpeech: partOfSpeech)
    }

    /// The cards `input` is a form of in `table`: a release word of the same name and part of
    /// speech before a dictionary entry.
    private func formsOf(_ input: String, _ partOfSpeech: PartOfSpeech?, in table: CardTable) throws -> [Found] {
        let found = try table.forms(of: input, partOfSpeech)
        guard table.source == .dictionary, !found.isEmpty else { return found }
        return try found.map { entry in
            guard let word = try words.word(named: entry.card.lemma, entry.card.partOfSpeech) else { return entry }
            var inRelease = word
            inRelease.match = .form
            inRelease.inflections = entry.inflections
            return inRelease
        }
    }

    /// Each card once, where it was first found (a word that is its own form's lemma twice over).
    private static func once(_ found: [Found]) -> [Found] {
        var seen = Set<String>()
        return found.filter { seen.insert("\($0.source.rawValue)\u{0}\($0.word?.id ?? 0)\u{0}\($0.card.provenance.entryId)\u{0}\($0.card.lemma)").inserted }
    }

    private func notFound(_ word: String, _ partOfSpeech: PartOfSpeech?, suggestions: [String]) -> LookupError {
        LookupError(file: location.path, item: nil,
                    .notFound(word: word, partOfSpeech: partOfSpeech?.rawValue, dictionary: entries != nil, suggestions: suggestions))
    }
}

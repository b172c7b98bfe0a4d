import Foundation
import ReleaseFormat
import StageJoin
import VocabCore

/// The figures the report's charts draw, beside the build report's counts: parts of speech kept
/// and dropped, card field presence, band sizes, pins. Counts of words only: never a frequency or
/// a rank of the list, so they may stand in the report folder of a list that is not
/// redistributable.
package struct ReportFigures: Codable, Sendable, Equatable {
    /// The list's distinct words per part of speech: kept, dropped while the selection walked the
    /// list, and never reached (the release was full). Rows whose tag the map lacks come last,
    /// as `unknown tag`.
    package var partsOfSpeech: [PartOfSpeechFigure]
    /// How many of the release's words have a definition, an example and a synonym.
    package var presence: Presence
    /// The release's words per frequency band, band 1 first, split by part of speech.
    package var bands: [Band]
    /// Words whose sense a sense pin chose.
    package var pinned: Int
    /// Words with the lexicon's pronunciations, with a generated one, and the lemmas the engine
    /// could not say; nil in a report written before pronunciations.
    package var pronunciations: PronunciationFill.Figures?
    /// The engine that generated them (nil when none was).
    package var pronunciationEngine: PronunciationEngine?
    /// Words given a reading and the lemmas of those without one, with the config's `reading`;
    /// nil without it.
    package var readings: ReadingFill.Figures?
    /// Where the words' definitions come from: the source lexicon or the gloss lexicon
    /// (`glosses`); nil in a report written before glosses.
    package var definitions: DefinitionSources?
    /// The forms a learner may read of the release's words (docs/policy.md, forms); nil in a
    /// report written before forms.
    package var forms: FormFigures?
    /// Where the words' examples come from, with the config's sentence pairs (`examples`); nil
    /// without them.
    package var examples: ExampleSources?
    /// With layered source lexicons: the words per source lexicon (`id:version`); nil for one.
    package var sourceLexicons: [String: Int]?

    /// The release's words by where their examples come from: the lexicon, the sentence pairs,
    /// and among those a pair that passed the sense test (docs/policy.md, examples).
    package struct ExampleSources: Codable, Sendable, Equatable {
        /// The pairs' source name (`examples.id`: `tatoeba`).
        package var source: String
        /// Words with an example of any source (the presence figure's `examples`).
        package var any: Int
        /// Words with one of the lexicon's examples.
        package var lexicon: Int
        /// Words with a sentence pair (and its translation).
        package var pairs: Int
        /// Words with a pair that passed the sense test.
        package var sameSense: Int
        /// Words whose only pair did not pass it (`sameSense` false).
        package var unconfirmed: Int
        /// Malformed lines of the pair file skipped (`examples.malformedRows: "skip"`); nil when none.
        package var skippedLines: Int?

        /// The figures of `records`, whose pairs come from `source`.
        init(_ records: [WordRecord], source: String, skippedLines: Int?) {
            self.source = source
            any = records.count { !$0.card.examples.isEmpty }
            lexicon = records.count { $0.card.examples.contains(where: \.isFromLexicon) }
            pairs = records.count { $0.card.examples.contains { !$0.isFromLexicon } }
            sameSense = records.count { $0.card.examples.contains { !$0.isFromLexicon && $0.sameSense } }
            unconfirmed = records.count { record in
                let pairs = record.card.examples.filter { !$0.isFromLexicon }
                return !pairs.isEmpty && !pairs.contains(where: \.sameSense)
            }
            self.skippedLines = skippedLines
        }
    }

    /// Words whose definition is the source lexicon's, and words whose definition is the gloss
    /// lexicon's (its language other than the source's: ``WordCard/definitionLanguage``).
    package struct DefinitionSources: Codable, Sendable, Equatable {
        /// Definitions in the source lexicon's language.
        package var source: Int
        /// Definitions from the gloss lexicon, per language.
        package var gloss: [String: Int]
    }

    /// One part of speech of the list.
    package struct PartOfSpeechFigure: Codable, Sendable, Equatable {
        /// `noun`, `verb`, ..., or `unknown tag`.
        package var pos: String
        /// Words of the release.
        package var kept: Int
        /// Words dropped (any reason but not reached).
        package var dropped: Int
        /// Words never reached.
        package var notReached: Int
    }

    /// Card fields present (``CardField/presenceFields``: a definition, an example, a synonym),
    /// out of the release's words; in JSON, each count under the field's presence key.
    package struct Presence: Sendable, Equatable {
        /// The release's words.
        package var words: Int
        /// Words that have the field, per field.
        package var counts: [CardField: Int]

        /// Words that have `field`.
        package func count(_ field: CardField) -> Int { counts[field, default: 0] }
    }

    /// One frequency band.
    package struct Band: Codable, Sendable, Equatable {
        /// 1 = the most frequent words.
        package var band: Int
        /// Words in the band.
        package var words: Int
        /// Words per part of speech.
        package var partsOfSpeech: [String: Int]
    }

    /// The figures of a build's stage outputs; `bands` is the config's `frequency.bands`,
    /// `pairsSource` its `examples.id`.
    init(_ inputs: EmitStage.Inputs, bands: Int, pairsSource: String? = nil) {
        let records = inputs.records
        var perPart: [String: PartOfSpeechFigure] = [:]
        func figure(_ pos: String) -> PartOfSpeechFigure { perPart[pos] ?? PartOfSpeechFigure(pos: pos, kept: 0, dropped: 0, notReached: 0) }
        for record in records {
            var entry = figure(record.partOfSpeech.rawValue)
            entry.kept += 1
            perPart[entry.pos] = entry
        }
        // Not-reached words are counted from the select stage's figures: the drops list only the
        // first of them (a list of millions of rows).
        var notReached = inputs.select.summary.notReachedByPartOfSpeech
        // The reserve's words the join went on to were reached after all.
        for word in inputs.select.result.reserve.prefix(inputs.join.summary.reserveTaken ?? 0) {
            notReached?[word.partOfSpeech.rawValue, default: 0] -= 1
        }
        for word in inputs.dropped where word.reason != .notReached || notReached == nil {
            var entry = figure(word.partOfSpeech?.rawValue ?? Self.unknownTag)
            if word.reason == .notReached { entry.notReached += 1 } else { entry.dropped += 1 }
            perPart[entry.pos] = entry
        }
        for (pos, count) in notReached ?? [:] {
            var entry = figure(pos)
            entry.notReached += count
            perPart[pos] = entry
        }
        partsOfSpeech = (PartOfSpeech.allCases.map(\.rawValue) + [Self.unknownTag]).compactMap { perPart[$0] }

        let cards = records.map { ReleaseWord(id: 0, band: 0, frequency: nil, rank: nil, card: $0.card) }
        presence = Presence(words: records.count, counts: Dictionary(uniqueKeysWithValues: CardField.presenceFields.map { field in
            (field, cards.filter { field.value(of: $0).isPresent }.count)
        }))

        var perBand: [Int: Band] = [:]
        for (index, record) in records.enumerated() {
            let band = FrequencyBands.band(rank: index + 1, count: records.count, bands: bands)
            var entry = perBand[band] ?? Band(band: band, words: 0, partsOfSpeech: [:])
            entry.words += 1
            entry.partsOfSpeech[record.partOfSpeech.rawValue, default: 0] += 1
            perBand[band] = entry
        }
        self.bands = perBand.keys.stablySorted().map { perBand[$0]! }
        pinned = records.filter { $0.provenance.pinned }.count
        pronunciations = inputs.join.summary.pronunciations
        pronunciationEngine = (pronunciations?.generated ?? 0) > 0 ? inputs.join.summary.pronunciationEngine : nil
        readings = inputs.join.summary.readings
        let sourceLanguage = inputs.join.summary.sourceLanguage
        var glossed: [String: Int] = [:]
        for case let language? in records.map(\.definitionLanguage) where language != sourceLanguage { glossed[language, default: 0] += 1 }
        definitions = DefinitionSources(source: records.count { $0.definitionLanguage == sourceLanguage }, gloss: glossed)
        sourceLexicons = inputs.join.summary.sourceLexicons
        if let examples = inputs.examples, let pairsSource {
            self.examples = ExampleSources(records, source: pairsSource, skippedLines: examples.summary.skipped)
        }
        if let gathered = inputs.forms {
            let words = Set(records.map { "\($0.lemma)\u{0}\($0.partOfSpeech.rawValue)" })
            let published = gathered.forms.filter { words.contains("\($0.lemma)\u{0}\($0.partOfSpeech.rawValue)") }
            forms = FormFigures(
                forms: published.count, words: Set(published.map { "\($0.lemma)\u{0}\($0.partOfSpeech.rawValue)" }).count,
                enumerated: gathered.summary.enumerated)
        }
    }

    /// The release's forms: rows (a form of a word by one reading), the words with one, and
    /// whether the analyzer gave every form of their lemmas (nil without an analyzer).
    package struct FormFigures: Codable, Sendable, Equatable {
        package var forms: Int
        package var words: Int
        package var enumerated: Bool?
    }

    /// The label of rows whose tag the config's map lacks.
    package static let unknownTag = "unknown tag"
}

extension ReportFigures.Presence: Codable {
    /// `words`, then each field's count under its presence key, in the report's order.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(words, forKey: JSONKey("words"))
        for field in CardField.presenceFields {
            if let presence = field.presence { try c.encode(count(field), forKey: JSONKey(presence.key)) }
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        words = try c.decode(Int.self, forKey: JSONKey("words"))
        counts = [:]
        for field in CardField.presenceFields {
            if let presence = field.presence { counts[field] = try c.decode(Int.self, forKey: JSONKey(presence.key)) }
        }
    }
}

import Foundation
import ReleaseFormat
import StageEmit
import StageExamples
import StageJoin
import VocabCore
import WNLMF

/// The dictionary stage's figures.
package struct DictionaryFigures: StageFigures {
    /// The dictionary stage.
    package static let stage = StageName.dictionary
    /// Entries with a card (every entry of the source lexicon that has a sense).
    package var entries: Int
    /// Entries per part of speech.
    package var partsOfSpeech: [String: Int]
    /// Entries with at least one translation, per target language.
    package var translated: [String: Int]
    /// Language → translation lexicon `id:version` → entries with at least one lemma from it (nil
    /// in a `stage.json` written before translation sources): which lexicons reach the release.
    package var translatedBySource: [String: [String: Int]]?
    /// Entries with a definition, per definition language (nil in a `stage.json` written before).
    package var definitionLanguages: [String: Int]?
    /// With layered source lexicons: entries per source lexicon `id:version`; nil for one.
    package var sourceLexicons: [String: Int]?

    /// Counts `card`: one more entry, of its part of speech, translated into its languages.
    mutating func count(_ card: WordCard) {
        entries += 1
        partsOfSpeech[card.partOfSpeech.rawValue, default: 0] += 1
        for translation in card.translations where !translation.lemmas.isEmpty { translated[translation.language, default: 0] += 1 }
        // Counted in place (a copy taken per card would copy the whole table for each of 136 k entries).
        if translatedBySource == nil { translatedBySource = [:] }
        TranslationCoverage.countSources(of: card, into: &translatedBySource!)
        if let language = card.definitionLanguage { definitionLanguages?[language, default: 0] += 1 }
        sourceLexicons?[card.provenance.lexicon, default: 0] += 1
    }

    /// Adds the counts of `other` (the cards of another batch) to these.
    mutating func add(_ other: DictionaryFigures) {
        entries += other.entries
        partsOfSpeech.merge(other.partsOfSpeech, uniquingKeysWith: +)
        translated.merge(other.translated, uniquingKeysWith: +)
        if let sources = other.translatedBySource {
            if translatedBySource == nil { translatedBySource = [:] }
            for (language, counts) in sources { translatedBySource![language, default: [:]].merge(counts, uniquingKeysWith: +) }
        }
        if let languages = other.definitionLanguages {
            definitionLanguages = (definitionLanguages ?? [:]).merging(languages, uniquingKeysWith: +)
        }
        if let lexicons = other.sourceLexicons { sourceLexicons = (sourceLexicons ?? [:]).merging(lexicons, uniquingKeysWith: +) }
    }
}

/// The dictionary stage's `stage.json`.
package typealias DictionarySummary = StageSummary<DictionaryFigures>

/// The dictionary stage with its artifacts: `dictionary/entries.sqlite` and `dictionary/stage.json`.
package struct DictionaryOutput: Sendable {
    /// `dictionary/entries.sqlite`: one card per entry of the source lexicon, the dictionary
    /// database without its metadata (``DictionaryDatabase``), which the emit stage finishes.
    package var database: URL
    /// The stage's `dictionary/stage.json`; its seconds are the cards' until ``finished()``.
    package var summary: DictionarySummary
    /// The database's last steps (its search index, the commit, its forms) while they still run
    /// on the writer's thread, the stage having returned once every card was in: their seconds,
    /// or their error. Whatever reads the database waits for them first (the emit's dictionary,
    /// the stage's artifact, the report's times); nil once the database is finished.
    package var finishing: BackgroundResult<Double>?

    /// The output once its database is finished, its seconds with the last steps'; throws their error.
    package func finished() throws -> DictionaryOutput {
        guard let finishing else { return self }
        var output = self
        output.summary.seconds += try finishing.wait()
        output.finishing = nil
        return output
    }
}

/// Runs the dictionary stage: every entry of the source lexicon (all parts of speech) gets the
/// card a release word gets (``SenseJoiner/card(of:sourceLemma:partOfSpeech:source:targets:policy:maxSenseRank:pinnedILI:glosses:ordering:)``,
/// the same translation policy), for the dictionary service. It reads the lexicons only,
/// never the frequency list.
///
/// Its artifact is the dictionary database itself, without the release's metadata: it costs
/// nothing more to keep, and a build whose frequency list changed publishes it again unchanged.
package enum DictionaryStage {
    /// The stage's database in `pipeline`'s work folder.
    package static func databaseURL(_ pipeline: Pipeline) -> URL {
        pipeline.stageFolder(.dictionary).appendingPathComponent(DictionaryDatabase.fileName)
    }

    /// Gives every entry of `source` (loaded whole: ``LexiconSources/Loaded/compact``) with a
    /// sense its card, in the dictionary's order, and starts writing them into
    /// `dictionary/entries.sqlite` on a thread of its own
    /// (the cards made on two others while SQLite writes, no array of every card held), and
    /// returns once every card is in and counted: the search index, the commit and the forms
    /// are still being written (``DictionaryOutput/finishing``), and the lexicons are no longer
    /// used. The previous `stage.json` is removed first, so a stored key never vouches for
    /// another run's database; ``write(_:_:)`` records the summary once the database is finished.
    /// `order` is the entries' order already worked out from `source` (nil: worked out here).
    static func start(
        _ pipeline: Pipeline, source: LexiconSources.Loaded, translations: [(language: String, loaded: LexiconSources.Loaded)],
        glosses: LexiconSources.LoadedGlosses?, order: DictionaryOrder?, ordering: SenseOrdering = .lexicon,
        pairs: ExamplesStage.LoadedPairs? = nil, analyzer: ClassedAnalyzer? = nil
    ) throws -> DictionaryOutput {
        let database = databaseURL(pipeline)
        let targets = LexiconSources.translationSources(translations, pipeline)
        let (policy, maxSenseRank) = (pipeline.config.translation.policy, pipeline.config.translation.maxSenseRank)
        guard let lexicon = source.compact else {
            preconditionFailure("the dictionary needs the whole source lexicon (LexiconSources.loadAll with keepWhole)")
        }
        let finishing = BackgroundResult<Double>()
        let (written, seconds) = try measure { () throws -> DictionaryWriting.Written in
            let entries = (order ?? DictionaryOrder(lexicon)).entries
            // The entries' forms, on another core while the cards are made and written.
            let forms = formsOfEntries(entries, lexicon: lexicon, analyzer: analyzer, pairs: pairs?.corpus)
            // What the sentence pairs say of every entry's word: its card's translations are
            // ordered as a release word's are (docs/policy.md, translation order).
            let evidence = pairs?.evidence(pipeline, words: entries.map { index in
                let form = lexicon.writtenForm(at: index)
                return (form, form, lexicon.partOfSpeech(at: index).coarse)
            }, analyzerSpellings: false)
            let none = DictionaryFigures(
                entries: 0, partsOfSpeech: [:], translated: Dictionary(uniqueKeysWithValues: targets.map { ($0.language, 0) }),
                translatedBySource: [:], definitionLanguages: [:], sourceLexicons: source.layerSources.isEmpty ? nil : [:])
            try? FileManager.default.removeItem(at: pipeline.stageFolder(.dictionary).appendingPathComponent(DictionarySummary.fileName))
            // Each entry's reading, as a release word's (docs/policy.md, readings).
            let reading = try CardReadings.reading(pipeline)
            let writing = DictionaryWriting(figures: none) { index in
                let entry = lexicon.entry(at: entries[index])
                var card = try SenseJoiner.card(
                    of: entry, sourceLemma: entry.writtenForm, partOfSpeech: entry.partOfSpeech.coarse,
                    source: lexicon, targets: targets, policy: policy, maxSenseRank: maxSenseRank, glosses: glosses?.glosses,
                    ordering: ordering, usage: evidence.map { WordUsage($0, word: index) })
                card.reading = reading?.reading(of: card.lemma, partOfSpeech: card.partOfSpeech)
                return card
            }
            // The search column folds names by the source lexicon's language, the translations by theirs.
            let folding = try SearchFolding(sourceLanguage: lexicon.info.language, targetLanguages: pipeline.config.targetLanguages)
            return try writing.start(count: entries.count, targetLanguages: pipeline.config.targetLanguages, folding: folding, to: database,
                                     forms: forms, finishing: finishing)
        }
        let summary = DictionarySummary(
            sources: source.sources + translations.map(\.loaded.source) + [glosses?.source].compactMap { $0 }, seconds: seconds,
            written.figures)
        return DictionaryOutput(database: database, summary: summary, finishing: finishing)
    }

    /// The forms of the dictionary's `entries` (positions in `lexicon`, in the dictionary's order)
    /// gathered as the release's words' are (``FormGathering``: the analyzer's forms of their
    /// lemmas, the readings of the sentence pairs' tokens, the lexicon's `Form`s), worked out on
    /// another thread; each entry's senses rank the entries of a form.
    static func formsOfEntries(
        _ entries: [Int], lexicon: CompactLexicon, analyzer: ClassedAnalyzer?, pairs: PairCorpus?
    ) -> BackgroundResult<DictionaryWriting.Forms> {
        BackgroundResult {
            // Without an analyzer or pairs only the lexicon's `Form`s are forms: the entries that
            // have some are gathered, not every entry (COCA's 16,000 of 160,000: 9 MB less of the
            // build's peak, the gathering running beside the dictionary's writer).
            let positions = analyzer == nil && pairs == nil
                ? entries.indices.filter { !lexicon.wordForms(at: entries[$0]).isEmpty } : Array(entries.indices)
            let gathering = FormGathering(
                analyzer: analyzer, shown: pairs?.learnedTokens.map(\.surface) ?? [], texts: pairs?.sentences.map(\.text) ?? [],
                lexiconForms: { lexicon.wordForms(at: entries[positions[$0]]) })
            let words = positions.map { position in
                (name: lexicon.writtenForm(at: entries[position]), partOfSpeech: lexicon.partOfSpeech(at: entries[position]).coarse)
            }
            let rows = gathering.collect(words).forms.map { form in
                FormTables.Row(form: form.form, card: positions[form.word] + 1, tags: form.tags, description: form.description)
            }
            return DictionaryWriting.Forms(rows: rows, senses: entries.map { lexicon.senseCount(at: $0) })
        }
    }

    /// Writes `stage.json` once the database (written by ``start(_:source:translations:glosses:order:ordering:)``)
    /// is finished; throws the error of its last steps.
    package static func write(_ output: DictionaryOutput, _ pipeline: Pipeline) throws {
        let output = try output.finished()
        let folder = StageFolder(pipeline, .dictionary)
        try folder.record(existing: DictionaryDatabase.fileName)
        try output.summary.write(to: folder)
    }

    /// Reads the summary back; fails unless the database beside it holds as many entries as it says.
    package static func load(_ pipeline: Pipeline) throws -> DictionaryOutput {
        let folder = StageFolder(pipeline, .dictionary)
        let summary = try DictionarySummary.read(from: folder.url)
        let database = databaseURL(pipeline)
        try folder.verify(DictionaryDatabase.fileName)
        guard DictionaryDatabase.entryCount(at: database) == summary.entries else {
            throw ArtifactError(file: database.path, .unreadable)
        }
        return DictionaryOutput(database: database, summary: summary)
    }
}

extension DictionaryStage: PipelineStage {
    /// The dictionary stage.
    package static let name = StageName.dictionary
    /// Every lexicon.
    package static let inputRoles: [SourceFile.Role] = [.lexicon, .translation, .gloss]

    /// `135969 entries`.
    package static func describe(_ output: DictionaryOutput) -> String { "\(output.summary.entries) entries" }

    /// Over the release schema's version, `dictionary`, `translation`, `lexicon`, `translations`
    /// and the lexicons; none when the
    /// config does not enable the dictionary. The frequency list does not enter it.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let (config, pipeline) = (inputs.config, inputs.pipeline)
        guard config.dictionary.enabled else { return nil }
        // The release schema's version: the artifact is the dictionary database itself.
        // "senseOrder": a source may be ranked through the ILI (a dictionary before that is not reused).
        // "forms": every entry's forms, gathered with the learned language's analyzer.
        // ICU's version: the search column is folded by the languages' collation (SearchFolding).
        return ["dictionary", "schema \(ReleaseSchema.version) \(ReleaseSchema.fingerprint)", "ICU \(SearchFolding.engineVersion)",
                "senseOrder", "forms"] + (try FormsStage.analyzerKeyParts(inputs))
            + [try inputs.json(config.dictionary), try inputs.json(config.translation)]
            + (try inputs.sourceLexicon()) + [try inputs.json(config.translations)]
            + (try config.translations.map { try inputs.file(pipeline.translationFile($0)) })
            + (try config.glosses.map { ["glosses", try inputs.json($0), try inputs.file(pipeline.translationFile($0))] } ?? [])
            // The sentence pairs order the entries' translations.
            + (try ExamplesStage.pairKeyParts(inputs).map { ["pairs"] + $0 } ?? [])
            // Each entry's reading.
            + (try CardReadings.keyParts(inputs))
    }

    /// Gives every entry of the source lexicon (kept whole) its card; returns while the search
    /// index is still being built (``start(_:source:translations:glosses:order:ordering:)``).
    package static func run(_ runner: StageRunner) throws -> DictionaryOutput {
        let loaded = try runner.lexicons.forDictionary()
        return try start(
            runner.pipeline, source: loaded.source, translations: loaded.translations, glosses: try runner.lexicons.glosses(),
            order: runner.lexicons.dictionaryOrder(), ordering: try runner.lexicons.ordering(source: loaded.source, translations: loaded.translations),
            pairs: try runner.loadedPairs(), analyzer: try FormsStage.analyzer(runner))
    }

    /// The summary, once the database beside it is checked.
    package static func reuse(_ pipeline: Pipeline) throws -> DictionaryOutput { try load(pipeline) }
}

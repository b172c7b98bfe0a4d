import Foundation
import Morphology
import StageExamples
import SQLiteDatabase
import StageRead
import VocabCore
import VocabPipeline

/// `vocab-bench --examples`: the examples step (`ExamplesStage.run`: both analyzers read, the
/// pair file read, every distinct learned sentence within `maxWords` and the translations of those
/// that show a card tokenized, the cards matched, the sense test, the choice) against a bare pass
/// of the same analyzers over the same text (the analyzers and the pair file read, then
/// `LttoolboxAnalyzer.tokens(in:)` over every distinct learned sentence within `maxWords` and every
/// translation of one, nothing kept), in one process, medians of `runs`. The stages before it run
/// once first, untimed (a build into a temporary folder), for the cards and the list's ranks.
struct ExamplesTiming: Measuring {
    let pipeline: Pipeline
    let runs: Int
    let work: URL

    func run() throws {
        guard let examples = pipeline.config.examples, let file = pipeline.examplesFile,
              let learned = pipeline.examplesLearnedAnalyzer, let learner = pipeline.examplesLearnerAnalyzer else {
            print("examples: skipped: the config has no examples section")
            return
        }
        var built = pipeline
        built.redirectWork(to: work.appendingPathComponent("examples-work"))
        built.redirectOutput(to: work.appendingPathComponent("examples-out"))
        _ = try PipelineBuild.run(built)
        let records = try JoinStage.load(built).records
        let lemmatizes = built.config.lemmatization != nil
        let rows = lemmatizes ? try LemmatizeStage.loadRows(built) : try ReadStage.loadRows(built)
        let forms = lemmatizes ? try LemmatizeStage.loadForms(built) : []
        let lexicons = try LexiconSources.loadAll(built, lemmas: records.map(\.sourceLemma))
        let concepts = ExamplesStage.conceptTranslations(lexicons.translations, of: records, language: examples.learnerLanguage)

        var bareTimes: [Double] = [], stepTimes: [Double] = []
        var tokens = (learned: 0, learner: 0)
        var output: ExamplesOutput?
        for _ in 1...max(1, runs) {
            bareTimes.append(try time {
                let learnedAnalyzer = try AnalyzerEngines.open(learned.config, path: learned.file?.path ?? "")
                let learnerAnalyzer = try AnalyzerEngines.open(learner.config, path: learner.file?.path ?? "")
                let pairs = try SentencePairReader(examples).read(file, displayPath: file.path).pairs
                var seen = Set<String>()
                tokens = (0, 0)
                let words = PairCorpus.words(of: pairs.map(\.learned), by: examples.wordCount(learnedFormat: learned.config.format), analyzer: learnedAnalyzer)
                for (pair, count) in zip(pairs, words) where count <= examples.maxWords {
                    if seen.insert(pair.learned).inserted { tokens.learned += learnedAnalyzer.tokens(in: pair.learned).count }
                    tokens.learner += learnerAnalyzer.tokens(in: pair.learner).count
                }
            })
            stepTimes.append(try time {
                output = try ExamplesStage.run(built, records: records, rows: rows, conceptTranslations: concepts, listForms: forms)
            })
        }
        let (bare, step) = (median(bareTimes), median(stepTimes))
        let figures = output?.summary.figures
        print("examples step (\(file.lastPathComponent): \(figures?.pairs.considered ?? 0) pairs within \(examples.maxWords) words, "
            + "\(figures?.pairs.sentences ?? 0) distinct learned sentences; \(records.count) cards):")
        print(String(format: "  bare pass (both analyzers and the pairs read, tokens(in:) over %d learned and %d learner tokens), median of %d: %.3f s",
                     tokens.learned, tokens.learner, bareTimes.count, bare))
        print(String(format: "  the examples step (%d learned and %d learner tokens analyzed): %.3f s; ratio %.2f (target <= 1.5: %@)",
                     figures?.pairs.learnedTokens ?? 0, figures?.pairs.learnerTokens ?? 0, step, step / bare, step / bare <= 1.5 ? "met" : "NOT MET"))
        if let figures {
            print(String(format: "  cards with an example %.1f %%, with a pair %.1f %%, with a pair of their sense %.1f %%",
                         percent(figures.withExample, figures.records), percent(figures.pairs.cardsWithPair, figures.records),
                         percent(figures.pairs.cardsWithSameSensePair, figures.records)))
        }
        try measureOrdering(built, records: records, lexicons: lexicons)
    }

    /// What ordering the cards' translations by the pairs' evidence adds to a build (issue 43's
    /// guard: at most a tenth of it): the evidence made for the release's words and for the
    /// dictionary's entries (read back from the built dictionary), and asked, for every card, what
    /// the join asks (each translation's count, with the concept's other names), over the pairs
    /// already tokenized (the examples step's analysis, which the join shares); against the whole
    /// build (`--force`), medians of `runs`.
    func measureOrdering(_ built: Pipeline, records: [WordRecord], lexicons: LexiconSources.All) throws {
        guard let pairs = try ExamplesStage.loadPairs(built), let language = built.config.examples?.learnerLanguage else { return }
        let targets = LexiconSources.translationSources(lexicons.translations, built).filter { $0.language == language }
        let entries = try dictionaryCards(built, language: language)
        let cards: [(word: PairEvidence.Word, ili: String?, translations: [String])] = records.map {
            (($0.lemma, $0.sourceLemma, $0.partOfSpeech), $0.provenance.ili, $0.translations(for: language))
        }
        var orderingTimes: [Double] = [], buildTimes: [Double] = []
        var asked = 0
        for _ in 1...max(1, runs) {
            orderingTimes.append(time {
                asked = 0
                for (list, spellings) in [(cards, true), (entries, false)] {
                    let evidence = pairs.evidence(built, words: list.map(\.word), analyzerSpellings: spellings)
                    for (index, card) in list.enumerated() where evidence.pairCount(word: index) > 0 {
                        for target in targets {
                            // The card's translations, then the concept's other names (TranslationOrder's question).
                            let names = card.translations + target.allNames(ili: card.ili).lemmas.filter { !card.translations.contains($0) }
                            asked += evidence.occurrences(word: index, partOfSpeech: card.word.partOfSpeech, of: names).count
                        }
                    }
                }
            })
            buildTimes.append(try time { _ = try PipelineBuild.run(built, options: .init(force: true)) })
        }
        let (ordering, build) = (median(orderingTimes), median(buildTimes))
        print(String(format: "  ordering the translations (%d cards and %d dictionary entries, %d counts asked): %.3f s of a %.3f s build, "
                     + "ratio %.3f (target <= 0.10: %@)", cards.count, entries.count, asked, ordering, build, ordering / build,
                     ordering / build <= 0.10 ? "met" : "NOT MET"))
    }

    /// The built dictionary's entries (none without one): each entry's word, concept and
    /// translations into `language`.
    func dictionaryCards(_ built: Pipeline, language: String) throws -> [(word: PairEvidence.Word, ili: String?, translations: [String])] {
        let file = built.releaseFolder.appendingPathComponent("\(built.config.dataset.name)-dictionary.sqlite")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let db = try SQLiteConnection(path: file.path, readOnly: true)
        defer { try? db.close() }
        return try SQLiteRow.fetchAll(db, sql: "SELECT name, pos, ili, translations FROM entries ORDER BY id").map { row in
            let name: String = row["name"], pos: String = row["pos"]
            let translations = (try? JSONSerialization.jsonObject(with: Data((row["translations"] as String).utf8))) as? [String: [String]]
            return ((name, name, PartOfSpeech(rawValue: pos) ?? .other), row["ili"], translations?[language] ?? [])
        }
    }

    func percent(_ count: Int, _ total: Int) -> Double { total == 0 ? 0 : 100 * Double(count) / Double(total) }

}

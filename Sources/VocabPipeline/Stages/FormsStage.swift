import Foundation
import Morphology
import StageExamples
import StageLemmatize
import VocabCore
import WNLMF

/// The forms stage's figures (over the selection and its reserve).
package struct FormsFigures: StageFigures {
    /// The forms stage.
    package static let stage = StageName.forms
    /// Rows: a form of a word with one reading (`fue` → ser, 3rd person singular preterite).
    package var forms: Int
    /// Distinct forms.
    package var distinctForms: Int
    /// Words with at least one form.
    package var wordsWithForms: Int
    /// Whether the analyzer gave every form of the words' lemmas (its engine enumerates them),
    /// not only those the build was shown; nil without an analyzer.
    package var enumerated: Bool?
}

/// The forms stage's `stage.json`.
package typealias FormsSummary = StageSummary<FormsFigures>

/// The forms stage with its artifacts: `forms/forms.jsonl` (one ``WordForm`` a line, by form,
/// word and tags) and `forms/stage.json`.
package struct FormsOutput: Sendable {
    /// The forms of the release's words.
    package var forms: [WordForm]
    /// The stage's `forms/stage.json`.
    package var summary: FormsSummary
}

/// After select (run after examples, keyed on the selection): the forms a learner may read of each
/// word the release may teach (the selection and its reserve), with the reading that leads to it,
/// for look-ups by the form met in a text (docs/policy.md, forms; the gathering is
/// ``FormGathering``'s). The emit stage publishes those of the release's words in the database's
/// `forms` and `inflections` tables; a new translation lexicon, which reruns the join, reuses them.
package enum FormsStage {
    static let formsFile = "forms.jsonl"

    /// The forms of `words` (the select stage's, its reserve's too: the words the join may go on to).
    static func run(
        _ pipeline: Pipeline, words: [SelectedWord], gathering: FormGathering
    ) -> FormsOutput {
        let ((forms, enumerated), seconds) = measure { () -> ([WordForm], Bool) in
            let (collected, enumerated) = gathering.collect(words.map { ($0.lemma, $0.partOfSpeech) })
            return (collected.map { form in
                let word = words[form.word]
                return WordForm(form: form.form, lemma: word.lemma, partOfSpeech: word.partOfSpeech, tags: form.tags, description: form.description)
            }, enumerated)
        }
        let figures = FormsFigures(
            forms: forms.count, distinctForms: Set(forms.map(\.form)).count,
            wordsWithForms: Set(forms.map { "\($0.lemma)\u{0}\($0.partOfSpeech.rawValue)" }).count,
            enumerated: gathering.analyzer == nil ? nil : enumerated)
        return FormsOutput(forms: forms, summary: FormsSummary(sources: [], seconds: seconds, figures))
    }

    /// The learned language's analyzer (``Pipeline/learnedAnalyzer``): the one the sentence pairs
    /// were read with when they were, else opened; its lemmas named as the lemmatize step names
    /// them (``StageRunner/citationForms()``: `год²` is the word `год`); nil without one.
    static func analyzer(_ runner: StageRunner) throws -> ClassedAnalyzer? {
        if let pairs = try runner.loadedPairs() { return pairs.tools.learned }
        guard let (config, file) = runner.pipeline.learnedAnalyzerInput else { return nil }
        return ClassedAnalyzer(try AnalyzerInput(config: config, url: file).open(), config, citations: try runner.citationForms() ?? CitationForms())
    }

    /// Writes `forms.jsonl` and `stage.json`.
    package static func write(_ output: FormsOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .forms)
        try folder.write(output.forms, formsFile)
        try output.summary.write(to: folder)
    }

    /// Reads the artifacts back.
    package static func load(_ pipeline: Pipeline) throws -> FormsOutput {
        let folder = StageFolder(pipeline, .forms)
        return FormsOutput(forms: try folder.read(WordForm.self, formsFile), summary: try .read(from: folder.url))
    }
}

extension FormsStage: PipelineStage {
    /// The forms stage.
    package static let name = StageName.forms
    /// The source lexicon (its `Form`s).
    package static let inputRoles: [SourceFile.Role] = [.lexicon]

    /// `58210 forms of 2987 words`.
    package static func describe(_ output: FormsOutput) -> String {
        "\(output.summary.forms) forms of \(output.summary.wordsWithForms) words"
    }

    /// Over the select key (the words), the lemmatize key (the list's lemmas), the learned
    /// language's analyzer (its config, with its tag names, and its file or folder) and the
    /// sentence pairs' key parts (their tokens are shown forms).
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        ["forms", inputs.key(.select), inputs.key(.lemmatize)] + (try analyzerKeyParts(inputs))
            + (try ExamplesStage.pairKeyParts(inputs).map { ["pairs"] + $0 } ?? [])
    }

    /// The learned language's analyzer as the forms' keys have it: its config (its classes and
    /// tag names) and its engine and input (``AnalyzerInput/keyParts(_:)``); `-` without one.
    static func analyzerKeyParts(_ inputs: StageKeys.Inputs) throws -> [String] {
        guard let analyzer = inputs.pipeline.learnedAnalyzerInput else { return ["-"] }
        return [try inputs.json(analyzer.config)] + (try AnalyzerInput(config: analyzer.config, url: analyzer.file).keyParts(inputs))
    }

    /// Gathers the forms of the select stage's words and its reserve's.
    package static func run(_ runner: StageRunner) throws -> FormsOutput {
        let selection = try runner.input(SelectStage.self).result
        let words = selection.selected + selection.reserve
        let lexicon = try runner.lexicons.cut { FormSet(words.map(\.sourceLemma)) }.source.lexicon
        var listLemmas: [FormLemma] = []
        if runner.pipeline.config.lemmatization != nil {
            listLemmas = runner.output(of: LemmatizeStage.self)?.forms ?? []
            if listLemmas.isEmpty { listLemmas = try LemmatizeStage.loadForms(runner.pipeline) }
        }
        let gathering = FormGathering(
            analyzer: try analyzer(runner), shown: try runner.loadedPairs()?.corpus.learnedTokens.map(\.surface) ?? [],
            texts: try runner.loadedPairs()?.corpus.sentences.map(\.text) ?? [],
            listLemmas: listLemmas, lexiconForms: { lexicon.entry(id: words[$0].entryId)?.forms ?? [] })
        return run(runner.pipeline, words: words, gathering: gathering)
    }

    /// The forms and the summary.
    package static func reuse(_ pipeline: Pipeline) throws -> FormsOutput { try load(pipeline) }
}

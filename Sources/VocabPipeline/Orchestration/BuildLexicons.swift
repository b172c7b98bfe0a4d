import Foundation
import StageJoin
import VocabCore
import WNLMF

/// The lexicons of one build, loaded only if a stage that needs them has to run.
///
/// The select and join stages see a cut: the entries the words they look up can match (the
/// sense pins' words are added). The dictionary needs every entry of the source lexicon: when the
/// config enables it the source is kept whole, compactly, and the entries of other words are cut
/// from it without reading the file again.
package final class BuildLexicons {
    private unowned let runner: StageRunner
    /// The current cut (and the translation lexicons).
    private var current: LexiconSources.All?
    /// The source kept whole (compactly) for the dictionary and later cuts; its own cut is empty.
    private var whole: LexiconSources.All?

    /// The dictionary's order of the whole source's entries, worked out on another thread as
    /// soon as it is read (``DictionaryOrder``).
    private var order: BackgroundResult<DictionaryOrder>?

    /// The gloss lexicon once read (`.some(nil)` when the config names none).
    private var loadedGlosses: LexiconSources.LoadedGlosses??

    /// How the source's senses are ordered, once worked out (``ordering(source:translations:)``).
    private var sourceOrdering: SenseOrdering?

    init(_ runner: StageRunner) { self.runner = runner }

    /// The config's gloss lexicon (nil when it names none), read on the first request only; with
    /// its evidence for ranking senses when it is ordered by frequency and the source may need it.
    package func glosses() throws -> LexiconSources.LoadedGlosses? {
        if let loadedGlosses { return loadedGlosses }
        let config = runner.pipeline.config.lexicon
        let sourceId = (current ?? whole)?.source.lexicon.info.id
        let evidence = sourceId.map { config.senseOrder(lexiconId: $0) == .arbitrary } ?? (config.senseOrder != .frequency)
        let (loaded, seconds) = try measure { try LexiconSources.loadGlosses(runner.pipeline, evidence: evidence, digests: runner.digests) }
        if loaded != nil { runner.record(.lexicons, seconds: seconds) }
        loadedGlosses = .some(loaded)
        return loaded
    }

    /// How the join and the dictionary take the senses of `source` (``SenseOrdering``): in the
    /// lexicon's order when it is by frequency; else ranked by the evidence of the first
    /// frequency-ordered lexicon among the gloss lexicon and the translation lexicons (in config
    /// order), the gloss lexicon's read in its own pass, a translation lexicon's read again;
    /// else (no such lexicon) in the lexicon's order, nothing judged.
    package func ordering(
        source: LexiconSources.Loaded, translations: [(language: String, loaded: LexiconSources.Loaded)]
    ) throws -> SenseOrdering {
        if let sourceOrdering { return sourceOrdering }
        let pipeline = runner.pipeline
        var ordering = SenseOrdering.lexicon
        if pipeline.config.lexicon.senseOrder(lexiconId: source.lexicon.info.id) == .frequency {
            ordering = .frequency
        } else if let evidence = try glosses()?.evidence {
            ordering = .evidence(evidence)
        } else if let index = translations.indices.first(where: { index in
            index < pipeline.config.translations.count
                && pipeline.config.translations[index].lexicon.senseOrder(lexiconId: translations[index].loaded.lexicon.info.id) == .frequency
        }) {
            let (evidence, seconds) = try measure { try LexiconSources.loadEvidence(pipeline, translation: pipeline.config.translations[index]) }
            runner.record(.lexicons, seconds: seconds)
            ordering = .evidence(evidence)
        }
        sourceOrdering = ordering
        return ordering
    }

    /// The lexicons cut to the entries `forms` can match: the current cut when there is one, a
    /// new cut of the whole source when it is kept, else the files loaded (in parallel, with
    /// progress in bytes read).
    package func cut(forms: () throws -> FormSet) throws -> LexiconSources.All {
        if let current { return current }
        let pipeline = runner.pipeline
        if let whole {
            let (recut, seconds) = try measure { try LexiconSources.recut(whole, pipeline, forms: forms()) }
            runner.record(.lexicons, seconds: seconds)
            current = recut
            return recut
        }
        let progress = runner.options.progress
        progress?.started(.lexicons)
        let monitor = progress.map { progress in
            FileReadProgress(files: [pipeline.lexiconFile] + pipeline.config.translations.map(pipeline.translationFile)) {
                progress.loading(bytesRead: $0, of: $1)
            }
        }
        defer { monitor?.stop() }
        let forms = try forms()
        let (keepWhole, digests) = (runner.keepsWholeLexicon, runner.digests)
        let (loaded, seconds) = try measure { try LexiconSources.loadAll(pipeline, forms: forms, keepWhole: keepWhole, digests: digests) }
        runner.record(.lexicons, seconds: seconds)
        if let compact = loaded.source.compact {
            // Kept for cuts of other words; the cut made here is not.
            order = BackgroundResult { DictionaryOrder(compact) }
            whole = loaded
            whole?.source.lexicon = Lexicon(info: loaded.source.lexicon.info, entries: [], synsets: [])
        }
        current = loaded
        return loaded
    }

    /// Every entry of the source lexicon with a sense (written form, part of speech, senses), for
    /// the lemmatize step's citation forms (``LemmatizeStage/citationForms(_:analyzer:config:)``):
    /// from the whole source when the build keeps it (loaded now if it is not yet, and the next
    /// ``cut(forms:)`` cut from it), else from a pass over the file of its own.
    package func sourceEntries() throws -> LemmatizeStage.EntryNames {
        if whole == nil, current == nil, runner.keepsWholeLexicon {
            _ = try cut { FormSet([String]()) }
            current = nil
        }
        if let compact = whole?.source.compact { return LexiconSources.entryNames(compact) }
        let (names, seconds) = try measure { try LexiconSources.sourceEntryNames(runner.pipeline) }
        runner.record(.lexicons, seconds: seconds)
        return names
    }

    /// Forgets the current cut: the next ``cut(forms:)`` makes a new one (a walk that went past
    /// the words its cut was made for).
    package func dropCut() { current = nil }

    /// The lexicons for the dictionary: the source whole. The cut of the select and join stages
    /// goes back first (the whole lexicon holds none).
    package func forDictionary() throws -> LexiconSources.All {
        if let whole { current = whole }
        return try cut { FormSet([String]()) }
    }

    /// The dictionary's order of the whole source's entries, when the source is kept whole
    /// (it was started when the lexicon was read: this waits for it).
    func dictionaryOrder() -> DictionaryOrder? { try? order?.wait() }

    /// Lets go of every lexicon: nothing after the stages reads one, and the whole lexicon kept
    /// compactly (tens of megabytes) goes back before the release is written. They are freed on
    /// another thread: freeing a cut's Swift values took the emit stage's thread 25 ms.
    package func release() {
        let lexicons = Released(current: current, whole: whole, glosses: loadedGlosses, order: order, ordering: sourceOrdering)
        current = nil
        whole = nil
        loadedGlosses = nil
        order = nil
        sourceOrdering = nil
        DispatchQueue.global().async { withExtendedLifetime(lexicons) {} }
    }

    /// What ``release()`` hands to another thread to free.
    private struct Released: @unchecked Sendable {
        var current: LexiconSources.All?
        var whole: LexiconSources.All?
        var glosses: LexiconSources.LoadedGlosses??
        var order: BackgroundResult<DictionaryOrder>?
        var ordering: SenseOrdering?
    }
}

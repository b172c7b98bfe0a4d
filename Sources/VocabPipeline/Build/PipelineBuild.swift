import Foundation
import ReleaseFormat
import StageSelect
import VocabCore
import WNLMF

/// The whole pipeline in one process: read → select → join (→ dictionary) → emit, reusing every
/// stage whose inputs did not change (see ``StageKeys``) and loading the lexicons only when a
/// stage that needs them runs; then the report folder beside the release.
package enum PipelineBuild {
    /// What a build may do.
    package struct Options: Sendable {
        /// Run every stage even when its key matches.
        package var force: Bool
        /// The command line passes true: a process about to exit need not spend a tenth of a
        /// second freeing a few hundred megabytes of lexicon.
        package var keepLexiconsUntilExit: Bool
        /// Told of each step and of the lexicons' loading; nil tells nothing.
        package var progress: (any BuildProgress)?
        /// The previous release to compare the candidate with (`--previous`), for the report
        /// and the config's comparison gates; nil for none.
        package var previous: (any PreviousReleaseComparer)?

        /// Options; by default stages are reused, lexicons freed, nothing told, nothing compared.
        package init(
            force: Bool = false, keepLexiconsUntilExit: Bool = false, progress: (any BuildProgress)? = nil,
            previous: (any PreviousReleaseComparer)? = nil
        ) {
            self.force = force
            self.keepLexiconsUntilExit = keepLexiconsUntilExit
            self.progress = progress
            self.previous = previous
        }
    }

    /// Runs the build and returns its report. A release that misses a gate of the config is not
    /// published: the report folder is written and ``QualityGateFailure`` thrown.
    package static func run(_ pipeline: Pipeline, options: Options = Options()) throws -> BuildReport {
        // A malformed SOURCE_DATE_EPOCH stops the build before any stage runs.
        _ = try BuildClock.created()
        // One build at a time per work folder: stage artifacts always come from one build.
        let workLock = try WorkFolderLock(pipeline)
        defer { workLock.release() }
        let digests = FileDigests()
        let artifacts = ArtifactWriter()
        let progress = options.progress
        defer { progress?.finished() }
        // Every artifact is on disk before the build returns; on success a write error is
        // thrown before publishing, on failure the stage's own error is the one reported.
        defer { try? artifacts.finish() }
        progress?.started("hash")
        let (keys, keySeconds) = try measure { try StageKeys(pipeline, digests: digests) }
        var times: [BuildReport.StageTime] = [.init(stage: "hash", seconds: keySeconds)]

        /// The stage's stored output when its key matches and its artifacts are the ones it wrote
        /// (and `force` is off); else runs it, writes its artifacts in the background and records
        /// its key. Reading a reused stage back is timed too.
        func runOrReuse<Output: StageOutput>(
            key: String, load: (Pipeline) throws -> Output, write: @escaping @Sendable (Output, Pipeline) throws -> Void,
            run: () throws -> Output
        ) throws -> Output {
            let stage = Output.Figures.stage.rawValue
            if !options.force {
                let (stored, seconds) = measure { try? load(pipeline) }
                if let stored, stored.summary.key == key {
                    times.append(.init(stage: stage, seconds: seconds, reused: true))
                    return stored
                }
            }
            progress?.started(stage)
            var output = try run()
            output.summary.key = key
            let finished = output
            artifacts.write { try write(finished, pipeline) }
            times.append(.init(stage: stage, seconds: output.summary.seconds))
            return output
        }

        // A reused read stage is read back without its rows: they are read only if the select
        // stage has to run (a no-change rebuild of a list of millions of rows never reads them).
        var read = try runOrReuse(key: keys.read, load: { try ReadStage.load($0, rows: false) }, write: ReadStage.write) {
            try ReadStage.run(pipeline, digests: digests)
        }
        var rowsRead = read.summary.rows == 0 || !read.rows.isEmpty
        func rows() throws -> [FrequencyRow] {
            if !rowsRead {
                let (loaded, seconds) = measure { try? ReadStage.loadRows(pipeline) }
                if let loaded {
                    read.rows = loaded
                    // Reading the rows back is part of reusing the read stage.
                    if let index = times.firstIndex(where: { $0.stage == StageName.read.rawValue }) { times[index].seconds += seconds }
                } else {
                    // The rows file is not the one the stage wrote: read the list again.
                    progress?.started("read")
                    read = try ReadStage.run(pipeline, digests: digests)
                    read.summary.key = keys.read
                    let again = read
                    artifacts.write { try ReadStage.write(again, pipeline) }
                    times.append(.init(stage: "read", seconds: read.summary.seconds))
                }
                rowsRead = true
            }
            return read.rows
        }

        // Lexicons are loaded only if a stage that needs them has to run. The select and join
        // stages see the entries `lemmas` can match (the pins' words are added). The dictionary
        // needs every entry of the source lexicon: it is then kept whole, compactly, and the
        // entries of other lemmas are cut from it without reading the file again.
        var lexicons: LexiconSources.All?
        var whole: LexiconSources.All?
        func loadedLexicons(lemmas: () throws -> FormSet) throws -> LexiconSources.All {
            if let lexicons { return lexicons }
            if let whole {
                let (recut, seconds) = try measure { try LexiconSources.recut(whole, pipeline, forms: lemmas()) }
                times.append(.init(stage: "lexicons", seconds: seconds))
                lexicons = recut
                return recut
            }
            progress?.started("lexicons")
            let monitor = progress.map { progress in
                FileReadProgress(files: [pipeline.lexiconFile] + pipeline.config.translations.map(pipeline.translationFile)) {
                    progress.loading(bytesRead: $0, of: $1)
                }
            }
            defer { monitor?.stop() }
            let forms = try lemmas()
            let (loaded, seconds) = try measure {
                try LexiconSources.loadAll(pipeline, forms: forms, keepWhole: keys.dictionary != nil, digests: digests)
            }
            times.append(.init(stage: "lexicons", seconds: seconds))
            if options.keepLexiconsUntilExit {
                for lexicon in [loaded.source.lexicon] + loaded.translations.map(\.loaded.lexicon) {
                    _ = Unmanaged.passRetained(lexicon)
                }
            }
            if loaded.source.compact != nil {
                // Kept for cuts of other words; the cut made here is not.
                whole = loaded
                whole?.source.lexicon = Lexicon(info: loaded.source.lexicon.info, entries: [], synsets: [])
            }
            lexicons = loaded
            return loaded
        }

        // A reused select stage is read back without its not-reached words: only the report
        // folder's exclusions need them, and a no-change rebuild keeps those (below).
        var select = try runOrReuse(key: keys.select, load: { try SelectStage.load($0, notReached: false) }, write: SelectStage.write) {
            let rows = try rows()
            let (words, mergeSeconds) = measure { WordMerger.merge(rows) }
            // The walk looks up only the words it walks, from the top of the list: the lexicons
            // keep the entries of the first words (four times N to begin with), and a walk that
            // went past them runs again with four times as many. A list of millions of rows is
            // never loaded as millions of forms, and the selection is the one the whole list gives.
            var window = max(4 * pipeline.config.selection.count, 1024)
            while true {
                let loaded = try loadedLexicons { FormSet(words.prefix(window).lazy.map(\.lemma)) }
                var output = try SelectStage.run(pipeline, words: words, lexicon: loaded.source, digests: digests)
                output.summary.seconds += mergeSeconds
                let walked = output.result.distinctWords - output.result.notReached
                if loaded.source.whole || walked <= window || window >= words.count { return output }
                window *= 4
                lexicons = nil
            }
        }
        // Only the select stage reads the rows: free them (a list of millions of rows).
        read.rows = []
        let join = try runOrReuse(key: keys.join, load: JoinStage.load, write: JoinStage.write) {
            // The selected words' entries are all the join looks up.
            let loaded = try loadedLexicons { FormSet(select.result.selected.map(\.sourceLemma)) }
            return try JoinStage.run(
                pipeline, selected: select.result.selected, source: loaded.source, translations: loaded.translations)
        }
        // The select and join stages are done with their cut of the source lexicon: its memory
        // goes back before the dictionary reads every entry (the whole lexicon holds no cut).
        if let whole { lexicons = whole }
        let dictionary = try keys.dictionary.map { key in
            try runOrReuse(key: key, load: DictionaryStage.load, write: DictionaryStage.write) {
                let loaded = try loadedLexicons { FormSet([String]()) }
                return try DictionaryStage.run(pipeline, source: loaded.source, translations: loaded.translations)
            }
        }
        // Nothing after the dictionary reads a lexicon: the whole one kept compactly (tens of
        // megabytes) goes back before the release is written.
        whole = nil
        lexicons = nil

        // Every stage artifact is written before anything is published: a work folder that
        // cannot take them stops the build here, with the old release untouched.
        try artifacts.finish()
        let (reuseEmit, emitCheck) = measure { () -> Bool in
            guard !options.force, let stored = try? EmitSummary.read(from: pipeline.stageFolder(.emit)) else { return false }
            return stored.key == keys.emit && EmitStage.published(stored, in: pipeline.releaseFolder)
        }
        // The report folder's exclusions are rewritten unless this is a no-change rebuild whose
        // exclusions are still the ones written for this emit key (``ReportStamp``).
        let keepExclusions = reuseEmit && options.previous == nil && ReportStamp.matches(pipeline, emitKey: keys.emit)
        if !keepExclusions, select.result.notReached > 0, !select.result.dropped.contains(where: { $0.reason == .notReached }) {
            select.result.dropped += try SelectStage.loadNotReached(pipeline)
        }
        let inputs = EmitStage.Inputs(read: read, select: select, join: join, dictionary: dictionary)
        // The gates (and the comparison with --previous) see the complete candidate before it is published.
        let exclusions = keepExclusions
            ? ExclusionList(notReachedOmitted: 0, exclusions: []) : ExclusionList(dropped: inputs.dropped, notReached: select.result.notReached)
        let gate = ReleaseGate(pipeline, counts: EmitStage.counts(inputs), exclusions: exclusions, previous: options.previous)
        var published = true
        var warnings: [String] = []
        do {
            if reuseEmit {
                times.append(.init(stage: "emit", seconds: emitCheck, reused: true))
                try gate?.check(candidate: pipeline.releaseFolder)
            } else {
                progress?.started("emit")
                let summary = try EmitStage.run(pipeline, inputs, key: keys.emit, gate: gate, warnings: &warnings)
                times.append(.init(stage: "emit", seconds: summary.seconds))
            }
        } catch is ReleaseGate.GateStop {
            published = false
        }
        if let gate { times.append(.init(stage: "gates", seconds: gate.seconds)) }

        // The release is published (or a gate kept it back): from here on nothing changes the
        // exit status (see BuildReport.finish).
        progress?.started("report")
        let report = try BuildReport.finish(
            pipeline, inputs, stages: times, gate: gate, published: published, exclusions: keepExclusions ? nil : exclusions,
            warnings: warnings)
        if !keepExclusions, report.report != nil { ReportStamp.record(pipeline, emitKey: keys.emit) }
        return report
    }
}

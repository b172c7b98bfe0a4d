import Foundation
import ReleaseFormat
import StageEmit
import StageJoin
import VocabCore
import VocabJSON

/// The emit stage's figures.
package struct EmitFigures: StageFigures {
    /// The emit stage.
    package static let stage = StageName.emit
    /// Files published in the release folder.
    package var files: Int
    /// SHA-256 (hex) of the `datapackage.json` it published: the emit stage is reused only while
    /// the published release is this one (not one another build published under the same name).
    package var manifestSHA256: String?
}

/// The emit stage's `stage.json`.
package typealias EmitSummary = StageSummary<EmitFigures>

/// The emit stage: gathers the earlier stages' outputs into the release and publishes it.
package enum EmitStage: KeyedStage {
    /// The emit stage.
    package static let name = StageName.emit

    /// Over the join key, the examples key, the forms key, the dictionary key, the whole config, the release folder,
    /// `SOURCE_DATE_EPOCH`, the release schema's version and the packages of the input files
    /// outside their folders, and the archives the sources are unpacked from: the manifest embeds
    /// the config and the creation time, names such a file by its package's version and such a
    /// source with its archive, and a new schema rewrites the release.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        // The examples key and the archives only when there are some: a config without them keeps its emit key.
        let archives = inputs.pipeline.sources.compactMap { source in
            source.pin.flatMap { pin in pin.archive.map { "\(source.keyPath) \($0.member) \(pin.sha256) \(pin.bytes ?? -1)" } }
        }
        var parts: [String] = ["emit", inputs.key(.join)]
        if let examples = inputs.keys[.examples] { parts += ["examples", examples] }
        parts += ["forms", inputs.key(.forms)]
        parts += [inputs.key(.dictionary), try inputs.json(inputs.config), inputs.pipeline.releaseFolder.path,
                  inputs.environment["SOURCE_DATE_EPOCH"] ?? "-", "schema \(ReleaseSchema.version) \(ReleaseSchema.fingerprint)",
                  "ICU \(SearchFolding.engineVersion)",
                  inputs.pipeline.packagesOfOutsideFiles.joined(separator: "\n")]
        if !archives.isEmpty { parts += ["archives", archives.joined(separator: "\n")] }
        return parts
    }

    /// The earlier stages' outputs.
    package struct Inputs: Sendable {
        /// The read stage's rows and unknown-tag drops.
        package var read: ReadOutput
        /// The select stage's words and drops.
        package var select: SelectOutput
        /// The join stage's records, in rank order.
        package var join: JoinOutput
        /// The dictionary stage's database, when the config enables the dictionary.
        package var dictionary: DictionaryOutput?
        /// The lemmatize stage's figures and no-lemma forms, when the config lemmatizes.
        package var lemmatize: LemmatizeOutput?
        /// The examples stage's records, when the config has sentence pairs.
        package var examples: ExamplesOutput?
        /// The forms stage's forms of the words.
        package var forms: FormsOutput?

        /// The release's words: the examples stage's records when it ran, else the join stage's.
        package var records: [WordRecord] { examples?.records ?? join.records }

        /// The earlier stages' artifacts, read back from the work folder.
        package static func load(_ pipeline: Pipeline) throws -> Inputs {
            Inputs(read: try ReadStage.load(pipeline), select: try SelectStage.load(pipeline), join: try JoinStage.load(pipeline),
                   dictionary: pipeline.config.dictionary.enabled ? try DictionaryStage.load(pipeline) : nil,
                   lemmatize: pipeline.config.lemmatization != nil ? try LemmatizeStage.load(pipeline) : nil,
                   examples: pipeline.config.examples != nil ? try ExamplesStage.load(pipeline) : nil,
                   forms: try FormsStage.load(pipeline))
        }

        /// Frequency-list words left out: the read stage's unknown tags, the walk's drops, then the
        /// cards the join left out (`implausible-sense`); the reserve's words the join went on to
        /// are no longer among the words not reached.
        var dropped: [DroppedWord] {
            let taken = Set(select.result.reserve.prefix(join.summary.reserveTaken ?? 0).map { "\($0.sourceLemma)\t\($0.partOfSpeech.rawValue)" })
            let walked = taken.isEmpty ? select.result.dropped
                : select.result.dropped.filter { $0.reason != .notReached || !taken.contains("\($0.sourceLemma)\t\($0.partOfSpeech?.rawValue ?? "")") }
            return read.dropped + walked + join.leftOut.map { left in
                DroppedWord(sourceLemma: left.word.sourceLemma, tag: "", partOfSpeech: left.word.partOfSpeech, frequency: left.word.frequency,
                            line: left.word.line, reason: .implausibleSense)
            }
        }

        /// The words never reached: the selection's, less the reserve's words the join went on to.
        var notReached: Int { select.result.notReached - (join.summary.reserveTaken ?? 0) }
    }

    /// Publishes the release and writes `emit/stage.json`.
    ///
    /// Whatever can stop the build happens before the release is swapped in: the old
    /// `emit/stage.json` is removed first (so that it can never vouch for the new release). Once
    /// the release is published the build has succeeded: a failure to record `emit/stage.json`
    /// after that is appended to `warnings` (the next build then emits again), not thrown.
    package static func run(_ pipeline: Pipeline, _ inputs: Inputs, key: String? = nil, warnings: inout [String]) throws -> EmitSummary {
        try run(pipeline, inputs, key: key, gate: nil, artifactsWritten: nil, warnings: &warnings)
    }

    /// Publishes the release once `artifactsWritten` (when given) has returned and `gate` (when
    /// given) has approved the complete candidate, and writes `emit/stage.json` as
    /// ``run(_:_:key:warnings:)`` does; the gate's own time is not the emit stage's.
    static func run(
        _ pipeline: Pipeline, _ inputs: Inputs, key: String?, gate: ReleaseGate?, artifactsWritten: (() throws -> Void)?,
        warnings: inout [String]
    ) throws -> EmitSummary {
        var dictionaryWritten: (@Sendable () throws -> Void)?
        if let finishing = inputs.dictionary?.finishing { dictionaryWritten = { _ = try finishing.wait() } }
        let input = EmitInput(
            release: try description(pipeline, inputs), records: inputs.records, dictionary: inputs.dictionary?.database,
            dictionaryWritten: dictionaryWritten, forms: inputs.forms?.forms ?? [])
        let stageFile = pipeline.stageFolder(.emit).appendingPathComponent(EmitSummary.fileName)
        do {
            if FileManager.default.fileExists(atPath: stageFile.path) { try FileManager.default.removeItem(at: stageFile) }
        } catch {
            throw ArtifactError(file: stageFile.path, .cannotWrite(reason: SystemReason.describe(error)))
        }
        let (result, seconds) = try measure {
            try ReleaseEmitter.emit(input, to: pipeline.releaseFolder) { candidate in
                try artifactsWritten?()
                try gate?.check(candidate: candidate)
            }
        }
        let manifest = try? Checksum.sha256(of: pipeline.releaseFolder.appendingPathComponent(ReleaseFiles.manifest)).hex
        let summary = EmitSummary(
            seconds: seconds - (gate?.seconds ?? 0), key: key, EmitFigures(files: result.fileCount, manifestSHA256: manifest))
        do {
            try summary.write(to: pipeline.stageFolder(.emit))
        } catch {
            warnings.append("the release is published, but \(stageFile.path) could not be written (\(error)): the next build emits again")
        }
        return summary
    }

    /// True when `summary` (a stored `emit/stage.json`) describes the release published now:
    /// its manifest has the recorded SHA-256 and every resource its recorded size and SHA-256.
    static func published(_ summary: EmitSummary, in folder: URL) -> Bool {
        guard let recorded = summary.manifestSHA256,
              let actual = try? Checksum.sha256(of: folder.appendingPathComponent(ReleaseFiles.manifest)).hex
        else { return false }
        return actual == recorded && releaseIsIntact(folder)
    }

    /// Publishes the release from the artifacts in the work folder (`vocab emit`), once the
    /// config's gates are met, and writes the report folder; the report has the emit stage's
    /// (and the gates') time only. A missed gate throws ``QualityGateFailure``.
    package static func runFromArtifacts(_ pipeline: Pipeline, previous: (any ReleaseComparing)? = nil) throws -> BuildReport {
        let inputs = try Inputs.load(pipeline)
        return try publishAndReport(pipeline, inputs, how: Publishing(previous: previous))
    }

    /// The emit stage of a build (``PipelineBuild``), after the other stages: reused when its key
    /// matches and the release it published is still the one in place (the gates still judge it),
    /// else published; then the report folder.
    static func run(_ runner: StageRunner) throws -> BuildReport {
        let (pipeline, options, key) = (runner.pipeline, runner.options, runner.keys?.emit)
        let (reuse, checkSeconds) = measure { () -> Bool in
            guard !options.force, let key, let stored = try? EmitSummary.read(from: pipeline.stageFolder(.emit)) else { return false }
            return stored.key == key && published(stored, in: pipeline.releaseFolder)
        }
        // The report folder's exclusions are rewritten unless this is a no-change rebuild whose
        // exclusions are still the ones written for this emit key (``ReportStamp``).
        let keepExclusions = reuse && options.previous == nil && key.map { ReportStamp.matches(pipeline, emitKey: $0) } == true
        var select = try runner.input(SelectStage.self)
        if !keepExclusions, select.result.notReached > 0, !select.result.dropped.contains(where: { $0.reason == .notReached }) {
            select.result.dropped += try SelectStage.loadNotReached(pipeline)
        }
        let inputs = Inputs(
            read: try runner.input(ReadStage.self), select: select, join: try runner.input(JoinStage.self),
            dictionary: runner.output(of: DictionaryStage.self),
            lemmatize: pipeline.config.lemmatization != nil ? try runner.input(LemmatizeStage.self) : nil,
            examples: pipeline.config.examples != nil ? try runner.input(ExamplesStage.self) : nil,
            forms: try runner.input(FormsStage.self))
        return try publishAndReport(pipeline, inputs, how: Publishing(
            key: key, reusedAfter: reuse ? checkSeconds : nil, keepExclusions: keepExclusions, previous: options.previous,
            progress: options.progress, times: runner.settledTimes, artifactsWritten: runner.artifacts.finish))
    }

    /// How ``publishAndReport(_:_:how:)`` publishes.
    struct Publishing {
        /// The emit key to record (none for `vocab emit`, which runs without keys).
        var key: String?
        /// The seconds it took to find the published release reusable; nil to publish.
        var reusedAfter: Double?
        /// True when the report folder's exclusions are already this release's.
        var keepExclusions = false
        var previous: (any ReleaseComparing)?
        var progress: (any BuildProgress)?
        /// The steps before emit, asked for once the release is published (or kept back): the
        /// dictionary's last steps overlap the emit's.
        var times: () -> [BuildReport.StageTime] = { [] }
        /// Waits for the stage artifacts still being written and throws the first error met:
        /// called before anything is published, so that a work folder that cannot take them
        /// stops the build with the old release untouched.
        var artifactsWritten: (() throws -> Void)?
    }

    /// The tail of every publication, the build's and `vocab emit`'s: the gates (with the
    /// comparison with the previous release) judge the complete candidate, the release is
    /// published (or reused) once they approve it, then the report folder is written.
    static func publishAndReport(_ pipeline: Pipeline, _ inputs: Inputs, how: Publishing) throws -> BuildReport {
        let exclusions = how.keepExclusions
            ? ExclusionList(notReachedOmitted: 0, exclusions: []) : ExclusionList(dropped: inputs.dropped, notReached: inputs.notReached)
        let gate = ReleaseGate(
            pipeline, counts: counts(inputs), license: try license(pipeline, inputs), exclusions: exclusions, previous: how.previous,
            unpronounced: pipeline.config.pronunciation == nil ? nil : inputs.join.summary.pronunciations?.withoutPronunciation,
            withoutReading: pipeline.config.reading == nil ? nil : inputs.join.summary.figures.readings?.unread.count,
            implausible: (inputs.join.summary.leftOut ?? 0) + (inputs.join.summary.senseReview?[SenseReview.Kind.implausible.rawValue] ?? 0),
            frequencyLost: inputs.select.summary.figures.frequencyLost)
        var published = true
        var emitted: [BuildReport.StageTime] = []
        var warnings: [String] = []
        do {
            if let seconds = how.reusedAfter {
                emitted.append(.init(stage: .emit, seconds: seconds, reused: true))
                try how.artifactsWritten?()
                try gate?.check(candidate: pipeline.releaseFolder)
            } else {
                how.progress?.started(.emit)
                let summary = try run(pipeline, inputs, key: how.key, gate: gate, artifactsWritten: how.artifactsWritten, warnings: &warnings)
                emitted.append(.init(stage: .emit, seconds: summary.seconds))
            }
        } catch is ReleaseGate.GateStop {
            published = false
        }
        var times = how.times() + emitted
        if let gate { times.append(.init(stage: .gates, seconds: gate.seconds)) }
        // The release is published (or a gate kept it back): from here on nothing changes the
        // exit status (see BuildReport.finish).
        how.progress?.started(.report)
        let report = try BuildReport.finish(
            pipeline, inputs, stages: times, gate: gate, published: published, exclusions: how.keepExclusions ? nil : exclusions,
            warnings: warnings)
        if let key = how.key, !how.keepExclusions, report.report != nil { ReportStamp.record(pipeline, emitKey: key) }
        return report
    }

    /// True when the published release still holds every resource its manifest lists, with the
    /// recorded size and SHA-256 (a cheap check before reusing it).
    static func releaseIsIntact(_ folder: URL) -> Bool {
        guard let data = try? FileContents.read(folder.appendingPathComponent(ReleaseFiles.manifest)),
              let manifest = try? JSONDecoder().decode(DataPackage.self, from: data), !manifest.resources.isEmpty
        else { return false }
        // Tables of one file share its path: hash each file once.
        var digests: [String: (bytes: Int64, hex: String)] = [:]
        return manifest.resources.allSatisfy { resource in
            if digests[resource.path] == nil {
                guard let actual = try? Checksum.sha256(of: folder.appendingPathComponent(resource.path)) else { return false }
                digests[resource.path] = actual
            }
            let actual = digests[resource.path]!
            return actual.bytes == resource.bytes && actual.hex == resource.sha256
        }
    }

    /// What the emitter needs to know about the release, from the config and the stages.
    static func description(_ pipeline: Pipeline, _ inputs: Inputs) throws -> ReleaseDescription {
        let config = pipeline.config
        // Sources in a fixed order (``sources(_:)``). A source named by an absolute path: relative
        // to its folder, else by its identity, in the manifest and ATTRIBUTION.md alike.
        let sources = Self.sources(inputs).map(pipeline.releaseSource)
        let license = try license(pipeline, inputs, sources: sources)
        let attribution = sources.compactMap { $0.license?.attribution }
            + config.sourceLexicons.compactMap(\.attribution) + config.translations.compactMap(\.lexicon.attribution)
            + [config.glosses?.lexicon.attribution].compactMap { $0 }
        return ReleaseDescription(
            name: config.dataset.name, version: config.dataset.version, title: config.dataset.title,
            description: config.dataset.description, created: try BuildClock.created(),
            sourceLanguage: inputs.join.summary.sourceLanguage, targetLanguages: config.targetLanguages,
            publishesCounts: config.frequency.redistributable, bands: config.frequency.bands,
            sources: sources, attribution: attribution, counts: counts(inputs),
            // Files named relative to their folder or by identity, without the build's folders:
            // never a machine path.
            config: try pipeline.recordedConfig(),
            // Named only when the engine made some card's pronunciation.
            pronunciationEngine: (inputs.join.summary.pronunciations?.generated ?? 0) > 0 ? inputs.join.summary.pronunciationEngine : nil,
            // Said only where it matters: published frequencies that are not whole numbers of the list's.
            frequencyDecimalPlaces: config.frequency.redistributable ? config.frequency.decimalPlaces.flatMap { $0 > 0 ? $0 : nil } : nil,
            // Where anyone may download the lexicon: a `file` URL is a path of the build machine.
            license: license, sourceURL: config.lexicon.pin?.url.flatMap { ["https", "http"].contains($0.scheme) ? $0.absoluteString : nil })
    }

    /// The release's sources in manifest order: frequency list, the lemmatizer's analyzer, Hunspell
    /// files and lemma table, stop list, sense pins, lexicon, translation lexicons, gloss lexicon,
    /// the sentence pairs and their analyzers (an analyzer listed once, where it first comes).
    static func sources(_ inputs: Inputs) -> [SourceFile] {
        let before = inputs.read.summary.sources + (inputs.lemmatize?.summary.sources ?? [])
            + inputs.select.summary.sources.filter { $0.role == .stoplist }
            + inputs.select.summary.sources.filter { $0.role == .sensepins } + inputs.join.summary.sources
        // The learner's analyzer may be one the lemmatize step listed already.
        return before + (inputs.examples?.summary.sources ?? []).filter { source in !before.contains(source) }
    }

    /// The release's licence (``ReleaseLicense``), from the sources whose data it ships: the
    /// source lexicon; a translation lexicon that gave some word or dictionary entry a lemma; the
    /// gloss lexicon when some definition came from it; the sentence pairs when some card has one of
    /// them; the frequency list when it is
    /// redistributable (exact frequencies and ranks are published). A list that is not ships no
    /// data of its own (which words were chosen, and their bands, are facts, not its text), nor do
    /// the stop list and the sense pins (the project's own choices).
    static func license(_ pipeline: Pipeline, _ inputs: Inputs, sources: [SourceFile]? = nil) throws -> ReleaseLicense {
        let join = inputs.join.summary.figures
        let dictionary = inputs.dictionary?.summary.figures
        func translated(_ source: SourceFile) -> Bool {
            guard let language = source.language, let lexicon = source.lexicon else { return true }
            // Figures from before translation sources were counted: assume it ships.
            guard let words = join.coverage?.bySource else { return true }
            return (words[language]?[lexicon] ?? 0) > 0
                || (dictionary.map { ($0.translatedBySource?[language]?[lexicon] ?? ($0.translatedBySource == nil ? 1 : 0)) > 0 } ?? false)
        }
        func glossed(_ source: SourceFile) -> Bool {
            guard let language = source.language, language != join.sourceLanguage else { return true }
            return join.definitionLanguages.map { ($0[language] ?? 0) > 0 } ?? true
                || (dictionary?.definitionLanguages?[language] ?? 0) > 0
        }
        // A layer of a layered source lexicon counts when some card's entry is its: the first
        // layer, and a single source lexicon, always (figures without layers are nil).
        func sourceLexiconShipped(_ source: SourceFile) -> Bool {
            guard let lexicon = source.lexicon, let words = join.sourceLexicons else { return true }
            return lexicon == inputs.join.summary.sources.first?.lexicon || (words[lexicon] ?? 0) > 0
                || (dictionary?.sourceLexicons?[lexicon] ?? 0) > 0
        }
        let pairsShipped = (inputs.examples?.summary.pairs.pairsUsed ?? 0) > 0
        // The examples stage's own analyzers (not the lemmatize step's), by digest.
        let pairAnalyzers = Set((inputs.examples?.summary.sources ?? []).filter { $0.role == .morphology }.map(\.sha256))
            .subtracting((inputs.lemmatize?.summary.sources ?? []).map(\.sha256))
        let inputs = (sources ?? Self.sources(inputs)).map { source -> LicenseInput in
            switch source.role {
            case .frequency:
                pipeline.config.frequency.redistributable
                    ? LicenseInput(source: source, shipped: true)
                    : LicenseInput(source: source, shipped: false,
                                   note: "not redistributable (frequency.redistributable false): the release ships none of its frequencies, ranks or text, only which words were chosen and their frequency bands")
            case .lexicon:
                sourceLexiconShipped(source)
                    ? LicenseInput(source: source, shipped: true)
                    : LicenseInput(source: source, shipped: false, note: "no entry of it reached the release (a later layer of lexicon)")
            case .translation:
                translated(source)
                    ? LicenseInput(source: source, shipped: true)
                    : LicenseInput(source: source, shipped: false, note: "no translation of it reached the release")
            case .gloss:
                glossed(source)
                    ? LicenseInput(source: source, shipped: true)
                    : LicenseInput(source: source, shipped: false, note: "no definition of it reached the release")
            case .examples:
                pairsShipped
                    ? LicenseInput(source: source, shipped: true)
                    : LicenseInput(source: source, shipped: false, note: "no sentence of it reached the release")
            case .morphology where pairAnalyzers.contains(source.sha256):
                LicenseInput(source: source, shipped: false, note: "used to match the sentence pairs to the words; none of its data is shipped")
            case .stoplist, .sensepins, .morphology, .lemmatable:
                LicenseInput(source: source, shipped: false, note: "used to choose or lemmatize the words; none of its data is shipped")
            }
        }
        return try ReleaseLicense.compute(inputs, configFile: pipeline.configFile.path)
    }

    /// The release's figures, from the stages' summaries.
    package static func counts(_ inputs: Inputs) -> ReleaseCounts {
        var dropped = inputs.select.summary.dropped
        // Words outside the top N are counted apart (BuildReport.notReached), not as drops.
        dropped[DropReason.notReached.rawValue] = nil
        if inputs.read.summary.dropped > 0 { dropped[DropReason.unknownTag.rawValue, default: 0] += inputs.read.summary.dropped }
        if let leftOut = inputs.join.summary.leftOut, leftOut > 0 { dropped[DropReason.implausibleSense.rawValue] = leftOut }
        let join = inputs.join.summary
        return ReleaseCounts(
            frequencyRows: inputs.read.summary.dataRows, distinctWords: inputs.select.summary.distinctWords,
            words: join.records, partsOfSpeech: join.partsOfSpeech, dropped: dropped, translated: join.translated,
            senseMoved: join.senseMoved, dictionaryEntries: inputs.dictionary?.summary.entries)
    }
}

import Foundation
import StageJoin
import StageSelect
import VocabCore
import WNLMF

/// Loads the lexicons a pipeline names, describing each file for the manifest.
///
/// What is kept of each: of the source lexicon, the entries whose written form matches one of
/// the given lemmas (ignoring case, as the entry resolver looks them up) with their senses'
/// synsets; of each translation lexicon, the synsets whose ILI one of those senses carries (the
/// entries' first `translation.maxSenseRank` senses, or all of them when the source's senses are
/// ranked through the ILI: ``senseLimit(_:sourceId:)``). Without lemmas, the whole source
/// lexicon. The sense pins' words are kept too, and their concepts' translations.
package enum LexiconSources {
    /// A lexicon with the description of its file.
    package struct Loaded: Sendable {
        /// The lexicon as loaded.
        package var lexicon: Lexicon
        /// Its file: path, size, SHA-256, `id:version`, language, title and licence (the first
        /// layer's, for a layered source lexicon).
        package var source: SourceFile
        /// The later layers' files of a layered source lexicon (``loadLayers(_:forms:keepWhole:concepts:digests:)``),
        /// in order; empty otherwise.
        package var layerSources: [SourceFile] = []
        /// False when only the entries of some words were kept: the lexicon cannot tell
        /// whether a concept is in the file at all.
        package var whole: Bool = true
        /// The whole lexicon kept compactly, when a consumer of every entry (the dictionary)
        /// needs it; ``lexicon`` is then cut from it.
        package var compact: CompactLexicon?
        /// A translation lexicon's concepts kept compactly, when they must answer for every
        /// entry of the source lexicon (the dictionary), or when the source lexicon's file is a
        /// target too; ``lexicon`` then holds none. Of the source lexicon: its own concepts,
        /// read in the same pass, when its file is a target too.
        package var interlingual: InterlingualIndex?

        /// Every file of the lexicon: ``source``, then ``layerSources``.
        package var sources: [SourceFile] { [source] + layerSources }
    }

    /// A translation lexicon whose concepts `index` answers (``Loaded/interlingual``), with no
    /// `Lexicon` of its own.
    static func answeringLoaded(_ index: InterlingualIndex, info: LexiconInfo, source: SourceFile) -> Loaded {
        Loaded(lexicon: Lexicon(info: info, entries: [], synsets: []), source: source, whole: false, interlingual: index)
    }

    /// The source lexicon and the translation lexicons, by language, in configuration order.
    package typealias All = (source: Loaded, translations: [(language: String, loaded: Loaded)])

    /// The source lexicon alone (what the select stage needs); only the entries `lemmas` can
    /// match when given.
    package static func loadSource(_ pipeline: Pipeline, lemmas: [String]? = nil, digests: FileDigests = FileDigests()) throws -> Loaded {
        let pins = try sensePins(pipeline)
        let forms = lemmas.map { FormSet($0 + pins.pins.map(\.lemma)) }
        if !pipeline.config.lexiconLayers.isEmpty { return try loadLayers(pipeline, forms: forms, keepWhole: false, digests: digests) }
        return try loadSource(pipeline.config.lexicon, url: pipeline.lexiconFile, forms: forms, digests: digests)
    }

    /// The source lexicon and every translation lexicon, read at the same time (one job each,
    /// at most two at once: the machine this was made for has two cores, and each job
    /// decompresses a large file on a thread of its own).
    package static func loadAll(_ pipeline: Pipeline, lemmas: [String]? = nil, digests: FileDigests = FileDigests()) throws -> All {
        try loadAll(pipeline, forms: lemmas.map(FormSet.init), digests: digests)
    }

    /// ``loadAll(_:lemmas:digests:)`` with the lemmas already gathered into a form set (a list of
    /// millions of rows needs no array of its lemmas beside it). The sense pins' words are added.
    ///
    /// With `keepWhole` (the dictionary needs every entry) the source lexicon is also kept whole,
    /// compactly (``Loaded/compact``), the source's ``Loaded/lexicon`` is cut from it, and the
    /// translation lexicons answer for the concepts of every entry (``Loaded/interlingual``);
    /// ``recut(_:_:forms:)`` then cuts the source again without reading it again.
    ///
    /// Each file is read once: a translation lexicon that is the source lexicon's file (with the
    /// same lexicon id and size limit) is answered from the source's own pass, and a file named
    /// for several languages is scanned once.
    package static func loadAll(
        _ pipeline: Pipeline, forms lemmaForms: FormSet?, keepWhole: Bool = false, digests: FileDigests = FileDigests()
    ) throws -> All {
        let pins = try sensePins(pipeline)
        let forms = lemmaForms.map { $0.adding(pins.pins.map(\.lemma)) }
        let translations = pipeline.config.translations
        let sourceRead = FileRead(pipeline.lexiconFile, pipeline.config.lexicon)
        let targetReads = translations.map { FileRead(pipeline.translationFile($0), $0.lexicon) }
        let sourceIsTarget = targetReads.contains(sourceRead)
        var scanReads: [FileRead] = []
        for read in targetReads where read != sourceRead && !scanReads.contains(read) { scanReads.append(read) }

        let sourceResult = ResultBox<Loaded>(count: 1)
        let scans = ResultBox<TranslationScan>(count: scanReads.count)
        let scanJobs = ClaimedJobs(scanReads.enumerated().map { index, read in
            {
                scans.set(index, Result {
                    // Hashed here, on this job's core; described per language below.
                    _ = try digests.digest(read.url)
                    // With the whole source kept (the dictionary), a scan is only looked up.
                    return try LexiconReader.read(
                        .file(read.url), displayPath: read.url.path, keeping: keepWhole ? .conceptsForLookUps : .concepts,
                        options: LexiconLoadOptions(lexiconId: read.lexiconId, maxBytes: read.maxBytes))
                })
            }
        })
        // The scans cut to the source's ILIs, when the source's load cut them before making its
        // lexicon (see below).
        let earlyCuts = ResultBox<Lexicon>(count: scanReads.count)
        let ilisBeyondSenses = Set(pins.pins.map(\.ili))
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        // The source first: it takes longest.
        queue.addOperation {
            sourceResult.set(0, Result {
                if !pipeline.config.lexiconLayers.isEmpty {
                    return try loadLayers(pipeline, forms: forms, keepWhole: keepWhole, concepts: sourceIsTarget, digests: digests)
                }
                if keepWhole {
                    return try loadCompactSource(pipeline.config.lexicon, url: pipeline.lexiconFile, forms: forms ?? FormSet([String]()), digests: digests)
                }
                if sourceIsTarget {
                    return try loadSource(pipeline.config.lexicon, url: pipeline.lexiconFile, forms: forms, concepts: true, digests: digests)
                }
                // Once the source is read and checked, and before its lexicon is made, the scans
                // are finished and cut to its ILIs: their whole tables are then freed, not held
                // beside the source's store and its lexicon (the peak of the build).
                return try loadSource(
                    pipeline.config.lexicon, url: pipeline.lexiconFile, forms: forms, digests: digests,
                    interlingualIdsOfFirst: { senseLimit(pipeline, sourceId: $0.id) }
                ) { ilis in
                    scanJobs.finishAll()
                    guard let scanned = scans.valuesIfAllSucceeded() else { return }
                    let wanted = ilis.union(ilisBeyondSenses)
                    for (index, scan) in scanned.enumerated() { earlyCuts.set(index, .success(scan.lexicon(interlingualIds: wanted))) }
                }
            })
        }
        for index in scanReads.indices {
            queue.addOperation { scanJobs.run(index) }
        }
        queue.waitUntilAllOperationsAreFinished()
        let source = try sourceResult.values()[0]
        let scanned = try scans.values()
        let infos = Dictionary(uniqueKeysWithValues: zip(scanReads, scanned.map(\.info))).merging([sourceRead: source.lexicon.info]) { $1 }
        let described = try zip(translations, targetReads).map { translation, read in
            try describe(read.url, infos[read]!, translation.lexicon, role: .translation, digests: digests)
        }

        var loaded: [(language: String, loaded: Loaded)] = []
        if keepWhole {
            // Every entry's concepts are looked up: the scans answer themselves (as Swift
            // values they would cost several times their memory), and the source for itself.
            var indexes: [FileRead: InterlingualIndex] = [:]
            for (read, scan) in zip(scanReads, scanned) { indexes[read] = scan.index() }
            if let compact = source.compact, sourceIsTarget { indexes[sourceRead] = compact.interlingualIndex() }
            for (index, translation) in translations.enumerated() {
                let read = targetReads[index]
                loaded.append((translation.language, answeringLoaded(indexes[read]!, info: infos[read]!, source: described[index])))
            }
            return (source, loaded)
        }
        // A pinned sense need not be its entry's first: its concept's translations are kept too.
        var cuts: [FileRead: Lexicon] = [:]
        if let early = earlyCuts.valuesIfAllSucceeded() {
            cuts = Dictionary(uniqueKeysWithValues: zip(scanReads, early))
        } else {
            let ilis = interlingualIds(source.lexicon, senses: senseLimit(pipeline, sourceId: source.lexicon.info.id)).union(ilisBeyondSenses)
            for (read, scan) in zip(scanReads, scanned) { cuts[read] = scan.lexicon(interlingualIds: ilis) }
        }
        for (index, translation) in translations.enumerated() {
            let read = targetReads[index]
            if read == sourceRead, let concepts = source.interlingual {
                loaded.append((translation.language, answeringLoaded(concepts, info: infos[read]!, source: described[index])))
            } else {
                loaded.append((translation.language, Loaded(lexicon: cuts[read]!, source: described[index])))
            }
        }
        return (source, loaded)
    }

    /// A lexicon file as a load reads it: the same file with the same lexicon id and size limit
    /// gives the same lexicon.
    struct FileRead: Hashable {
        /// The file as the config names it (messages and hashes use it as it is).
        var url: URL
        var lexiconId: String?
        var maxBytes: Int64

        init(_ url: URL, _ config: LexiconSourceConfig) {
            self.url = url
            lexiconId = config.id
            maxBytes = config.maxBytes
        }

        /// The same file: the same path once `.` and `..` are resolved.
        private var path: String { url.standardizedFileURL.path }

        static func == (left: FileRead, right: FileRead) -> Bool {
            left.path == right.path && left.lexiconId == right.lexiconId && left.maxBytes == right.maxBytes
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(lexiconId)
            hasher.combine(maxBytes)
        }
    }

    /// `all` with its source lexicon cut again from the compact whole (``Loaded/compact``) to
    /// the entries `forms` (and the sense pins' words) can match; `all` itself without one.
    package static func recut(_ all: All, _ pipeline: Pipeline, forms: FormSet) throws -> All {
        guard let compact = all.source.compact else { return all }
        var recut = all
        recut.source.lexicon = compact.lexicon(entryForms: forms.adding(try sensePins(pipeline).pins.map(\.lemma)))
        return recut
    }

    /// How many of each entry's senses a join can take a card from: the bound of policy `sense`
    /// (under policy `none` the report still tells what a move would give), or every sense when
    /// the source's senses are in an arbitrary order (ranked through the ILI, any may come first).
    static func senseLimit(_ pipeline: Pipeline, sourceId: String) -> Int {
        pipeline.config.lexicon.senseOrder(lexiconId: sourceId) == .frequency ? pipeline.config.translation.senseRankLimit : Int.max
    }

    /// The ILIs a join can look up: those of the entries' first `senses` senses' synsets
    /// (``senseLimit(_:sourceId:)``).
    static func interlingualIds(_ source: Lexicon, senses: Int) -> Set<String> {
        var ilis = Set<String>()
        for entry in source.entries {
            for sense in entry.senses.prefix(max(1, senses)) {
                if let ili = source.synset(id: sense.synset)?.interlingualId { ilis.insert(ili) }
            }
        }
        return ilis
    }

    /// The source lexicon (the entries `forms` can match, or all); with `concepts`, also its
    /// concepts as a translation lexicon, from the same pass (``Loaded/interlingual``).
    static func loadSource(_ config: LexiconSourceConfig, url: URL, forms: FormSet?, concepts: Bool = false, digests: FileDigests) throws -> Loaded {
        guard concepts else { return try loadSource(config, url: url, forms: forms, digests: digests, keeping: .lexicon(entryForms: forms)) }
        let options = LexiconLoadOptions(lexiconId: config.id, maxBytes: config.maxBytes)
        let (lexicon, index) = try LexiconReader.read(.file(url), displayPath: url.path, keeping: .lexiconAndConcepts(entryForms: forms), options: options)
        return Loaded(
            lexicon: lexicon, source: try describe(url, lexicon.info, config, role: .lexicon, digests: digests), whole: forms == nil,
            interlingual: index)
    }

    /// ``loadSource(_:url:forms:concepts:digests:)`` without concepts, calling `prepare` with
    /// the ILIs of the kept entries' first `senses` senses before the lexicon is made
    /// (``LexiconKeep/lexicon(entryForms:text:interlingualIdsOfFirst:prepare:)``).
    static func loadSource(
        _ config: LexiconSourceConfig, url: URL, forms: FormSet?, digests: FileDigests,
        interlingualIdsOfFirst senses: @escaping (LexiconInfo) -> Int, prepare: @escaping (Set<String>) -> Void
    ) throws -> Loaded {
        try loadSource(
            config, url: url, forms: forms, digests: digests,
            keeping: .lexicon(entryForms: forms, interlingualIdsOfFirst: senses, prepare: prepare))
    }

    /// The source lexicon read keeping `keeping` (the entries `forms` can match, or all), described.
    private static func loadSource(
        _ config: LexiconSourceConfig, url: URL, forms: FormSet?, digests: FileDigests, keeping: LexiconKeep<Lexicon>
    ) throws -> Loaded {
        let lexicon = try LexiconReader.read(
            .file(url), displayPath: url.path, keeping: keeping, options: LexiconLoadOptions(lexiconId: config.id, maxBytes: config.maxBytes))
        return Loaded(lexicon: lexicon, source: try describe(url, lexicon.info, config, role: .lexicon, digests: digests), whole: forms == nil)
    }

    /// The source lexicon kept whole and compactly, with the entries `forms` can match cut from it.
    static func loadCompactSource(_ config: LexiconSourceConfig, url: URL, forms: FormSet, digests: FileDigests) throws -> Loaded {
        let compact = try LexiconReader.read(
            .file(url), displayPath: url.path, keeping: .compact(), options: LexiconLoadOptions(lexiconId: config.id, maxBytes: config.maxBytes))
        return Loaded(
            lexicon: compact.lexicon(entryForms: forms), source: try describe(url, compact.info, config, role: .lexicon, digests: digests),
            whole: false, compact: compact)
    }

    /// Every entry of `lexicon` with a sense: its written form, coarse part of speech and senses.
    static func entryNames(_ lexicon: CompactLexicon) -> LemmatizeStage.EntryNames {
        (0..<lexicon.entryCount).compactMap { index in
            let senses = lexicon.senseCount(at: index)
            return senses > 0 ? (lexicon.writtenForm(at: index), lexicon.partOfSpeech(at: index).coarse, senses) : nil
        }
    }

    /// ``entryNames(_:)`` of the config's source lexicon, read whole (compactly, without text) for it.
    package static func sourceEntryNames(_ pipeline: Pipeline) throws -> LemmatizeStage.EntryNames {
        if !pipeline.config.lexiconLayers.isEmpty { return try layeredEntryNames(pipeline) }
        let config = pipeline.config.lexicon
        let compact = try LexiconReader.read(
            .file(pipeline.lexiconFile), displayPath: pipeline.lexiconFile.path, keeping: .compact(text: false),
            options: LexiconLoadOptions(lexiconId: config.id, maxBytes: config.maxBytes))
        return entryNames(compact)
    }

    /// The config's sense pins (none without `sensePins`), read for what the loads must keep;
    /// the select stage checks them against the lexicon.
    static func sensePins(_ pipeline: Pipeline) throws -> SensePins {
        guard let url = pipeline.sensePinsFile else { return SensePins() }
        return try SensePins.load(url, displayPath: url.path)
    }

    static func describe(
        _ url: URL, _ info: LexiconInfo, _ config: LexiconSourceConfig, role: SourceFile.Role, digests: FileDigests
    ) throws -> SourceFile {
        var source = try digests.describe(url, role: role, displayPath: config.path)
        source.lexicon = info.idVersion
        source.language = info.language
        source.title = info.label
        source.license = config.license(url: info.license, citation: info.citation)
        return source
    }

    /// The gloss lexicon (`glosses`) as its concepts' first definitions, with its file's description.
    package struct LoadedGlosses: Sendable {
        /// The definitions by ILI, in the config's `glosses.language`.
        package var glosses: GlossSource
        /// Its file (role `gloss`).
        package var source: SourceFile
        /// Its evidence for ranking senses through the ILI, when its senses are ordered by
        /// frequency (``SenseOrder``) and the build may rank the source's (read in the same pass).
        package var evidence: SenseEvidence?
    }

    /// The config's gloss lexicon, read once keeping only its concepts' first definitions
    /// (``LexiconKeep/glosses``) and, with `evidence` and when its senses are ordered by frequency,
    /// its ``SenseEvidence``; nil when the config names none.
    package static func loadGlosses(_ pipeline: Pipeline, evidence: Bool = true, digests: FileDigests = FileDigests()) throws -> LoadedGlosses? {
        guard let config = pipeline.config.glosses, let url = pipeline.glossFile else { return nil }
        let lexicon = config.lexicon
        let (table, found) = try LexiconReader.read(
            .file(url), displayPath: url.path, keeping: .glossesAndEvidence { evidence && lexicon.senseOrder(lexiconId: $0.id) == .frequency },
            options: LexiconLoadOptions(lexiconId: config.lexicon.id, maxBytes: config.lexicon.maxBytes))
        return LoadedGlosses(
            glosses: GlossSource(language: config.language, lexicon: table),
            source: try describe(url, table.info, config.lexicon, role: .gloss, digests: digests), evidence: found)
    }

    /// The evidence of the translation lexicon `translation` of the config (read again, whole,
    /// with its text: ``LexiconKeep/evidence``), for a build that ranks the source's senses by a
    /// frequency-ordered translation lexicon that is not its gloss lexicon.
    package static func loadEvidence(_ pipeline: Pipeline, translation: TranslationSourceConfig) throws -> SenseEvidence {
        let url = pipeline.translationFile(translation)
        return try LexiconReader.read(
            .file(url), displayPath: url.path, keeping: .evidence,
            options: LexiconLoadOptions(lexiconId: translation.lexicon.id, maxBytes: translation.lexicon.maxBytes))
    }

    /// The translation lexicons grouped by language, for the join, each known by its `id:version`;
    /// `fallback` gives, per item of `loaded`, whether it is a fallback layer (none when empty).
    package static func translationSources(
        _ loaded: [(language: String, loaded: Loaded)], fallback: [Bool] = [], memberOrders: [MemberOrder?] = []
    ) -> [TranslationSource] {
        TranslationSource.group(loaded.enumerated().map { index, item in
            (item.language, TranslationSource.Layer(
                id: item.loaded.source.lexicon ?? item.loaded.lexicon.info.idVersion,
                lexicon: item.loaded.interlingual ?? item.loaded.lexicon,
                fallback: index < fallback.count && fallback[index],
                memberOrder: MemberOrder.resolved(index < memberOrders.count ? memberOrders[index] : nil, lexiconId: item.loaded.lexicon.info.id)))
        })
    }

    /// ``translationSources(_:fallback:memberOrders:)`` with each item's `fallback` and
    /// `memberOrder` from `pipeline`'s `translations`.
    package static func translationSources(_ loaded: [(language: String, loaded: Loaded)], _ pipeline: Pipeline) -> [TranslationSource] {
        translationSources(loaded, fallback: pipeline.config.translations.map(\.fallback),
                           memberOrders: pipeline.config.translations.map(\.memberOrder))
    }
}

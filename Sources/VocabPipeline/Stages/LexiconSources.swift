import Foundation
import StageJoin
import VocabCore
import WNLMF

/// Loads the lexicons a pipeline names, describing each file for the manifest.
public enum LexiconSources {
    /// A lexicon with the description of its file.
    public struct Loaded: Sendable {
        /// The lexicon as loaded.
        public var lexicon: Lexicon
        /// Its file: path, size, SHA-256, `id:version`, language, title and licence.
        public var source: SourceFile
    }

    /// The source lexicon and the translation lexicons, by language, in configuration order.
    public typealias All = (source: Loaded, translations: [(language: String, loaded: Loaded)])

    /// The source lexicon alone (what the select stage needs).
    public static func loadSource(_ pipeline: Pipeline, digests: FileDigests = FileDigests()) throws -> Loaded {
        try load(pipeline.config.lexicon, url: pipeline.lexiconFile, role: .lexicon, keepText: true, digests: digests)
    }

    /// The source lexicon and every translation lexicon, read at the same time (one thread each,
    /// at most two at once: the machine this was made for has two cores).
    public static func loadAll(_ pipeline: Pipeline, digests: FileDigests = FileDigests()) throws -> All {
        let jobs: [(LexiconSourceConfig, URL, SourceFile.Role, Bool, String?)] =
            [(pipeline.config.lexicon, pipeline.lexiconFile, .lexicon, true, nil)]
            + pipeline.config.translations.map { ($0.lexicon, pipeline.translationFile($0), .translation, false, $0.language) }
        let results = ResultBox<Loaded>(count: jobs.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        for (index, job) in jobs.enumerated() {
            queue.addOperation {
                results.set(index, Result { try load(job.0, url: job.1, role: job.2, keepText: job.3, digests: digests) })
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        let loaded = try results.values()
        return (loaded[0], zip(jobs.dropFirst(), loaded.dropFirst()).map { ($0.0.4!, $0.1) })
    }

    static func load(
        _ config: LexiconSourceConfig, url: URL, role: SourceFile.Role, keepText: Bool, digests: FileDigests
    ) throws -> Loaded {
        let lexicon = try LexiconReader.load(
            url, displayPath: url.path,
            // The source lexicon (the one with text) is searched by form: index forms while loading.
            options: LexiconLoadOptions(lexiconId: config.id, maxBytes: config.maxBytes, keepText: keepText, indexForms: keepText))
        var source = try digests.describe(url, role: role, displayPath: config.path)
        let info = lexicon.info
        source.lexicon = info.idVersion
        source.language = info.language
        source.title = info.label
        source.license = SourceLicense(name: nil, path: info.license, title: nil, attribution: config.attribution ?? info.citation)
        return Loaded(lexicon: lexicon, source: source)
    }

    /// The translation lexicons grouped by language, for the join.
    public static func translationSources(_ loaded: [(language: String, loaded: Loaded)]) -> [TranslationSource] {
        TranslationSource.group(loaded.map { ($0.language, $0.loaded.lexicon) })
    }
}

/// Results filled in by concurrent jobs, one slot each.
final class ResultBox<T>: @unchecked Sendable {
    private var slots: [Result<T, Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    /// The values in order; the first error (in job order) is thrown.
    func values() throws -> [T] {
        try slots.map { try $0!.get() }
    }
}

import CLibXML2
import Foundation
import VocabCore

/// Reads WN-LMF lexicons (`.xml` or `.xml.gz`) as a stream with libxml2's SAX2 parser.
///
/// The bytes pass the checks of `Input/` before the parser sees them (decompression, size
/// limit, the prolog, the attributes per element); the SAX handlers (`Parsing/`) build a
/// compact ``LexiconStore`` (`Store/`) keeping only what the options ask for, plus what the
/// checks need; the checks run on it and what was kept becomes a ``Lexicon``. Every failure is
/// a ``LexiconError`` naming the file.
package enum LexiconReader {
    /// Loads one lexicon from a WN-LMF file (`.xml` or `.xml.gz`, told apart by content):
    /// everything, or (``LexiconLoadOptions/entryForms``) only the entries a list can match.
    /// `displayPath` names the file in error messages.
    package static func load(_ url: URL, displayPath: String, options: LexiconLoadOptions) throws(LexiconError) -> Lexicon {
        try load(.file(path: url.path), displayPath: displayPath, options: options)
    }

    /// Loads one lexicon from WN-LMF bytes held in memory (plain XML or gzip, told apart by
    /// content, decompressed by zlib like a file), with the same checks and errors as
    /// ``load(_:displayPath:options:)``.
    package static func load(data: Data, displayPath: String, options: LexiconLoadOptions) throws(LexiconError) -> Lexicon {
        try load(.memory(data), displayPath: displayPath, options: options)
    }

    /// Reads a translation lexicon before the interlingual ids it must answer for are known:
    /// every synset with a real ILI is kept compactly with its members' lemmas, and
    /// ``TranslationScan/lexicon(interlingualIds:)`` cuts it down afterwards. The checks are
    /// those of ``load(_:displayPath:options:)``.
    package static func scanTranslations(
        _ url: URL, displayPath: String, options: LexiconLoadOptions
    ) throws(LexiconError) -> TranslationScan {
        try scanTranslations(.file(path: url.path), displayPath: displayPath, options: options)
    }

    /// ``scanTranslations(_:displayPath:options:)`` over bytes held in memory.
    package static func scanTranslations(data: Data, displayPath: String, options: LexiconLoadOptions) throws(LexiconError) -> TranslationScan {
        try scanTranslations(.memory(data), displayPath: displayPath, options: options)
    }

    private static func scanTranslations(
        _ origin: InputOrigin, displayPath: String, options: LexiconLoadOptions
    ) throws(LexiconError) -> TranslationScan {
        let (store, info) = try read(origin, displayPath: displayPath, options: options, content: .interlingual)
        if store.outOfOrder {
            var full = options
            full.keepText = false
            return TranslationScan(info: info, whole: try load(origin, displayPath: displayPath, options: full))
        }
        return TranslationScan(info: info, table: TranslationTable(store))
    }

    /// Loads the entries of ``LexiconLoadOptions/entryForms`` as ``load(_:displayPath:options:)``
    /// does and, from the same pass, the file's concepts as a translation lexicon: what
    /// ``scanTranslations(_:displayPath:options:)`` then ``TranslationScan/index()`` give (for a
    /// source lexicon that is also a target, read once).
    package static func loadWithConcepts(
        _ url: URL, displayPath: String, options: LexiconLoadOptions
    ) throws(LexiconError) -> (lexicon: Lexicon, concepts: InterlingualIndex) {
        let origin = InputOrigin.file(path: url.path)
        guard let forms = options.entryForms else {
            let whole = try load(origin, displayPath: displayPath, options: options)
            return (whole, InterlingualIndex(lexicon: whole))
        }
        let (store, info) = try read(
            origin, displayPath: displayPath, options: options, content: .entries(forms, keepText: options.keepText, concepts: true))
        if store.outOfOrder {
            // As the cut load does: a whole lexicon answers every question, concepts too.
            var whole = options
            whole.entryForms = nil
            let lexicon = try load(origin, displayPath: displayPath, options: whole)
            return (lexicon, InterlingualIndex(lexicon: lexicon))
        }
        return (store.lexicon(info: info), InterlingualIndex(table: TranslationTable(store, sharingBytes: true)))
    }

    private static func load(_ origin: InputOrigin, displayPath: String, options: LexiconLoadOptions) throws(LexiconError) -> Lexicon {
        let content: StoreContent = options.entryForms.map { .entries($0, keepText: options.keepText) } ?? .everything(keepText: options.keepText)
        let (store, info) = try read(origin, displayPath: displayPath, options: options, content: content)
        if store.outOfOrder {
            // An entry after a synset: the cut may have missed a synset; a whole lexicon
            // answers every question the cut one would.
            var whole = options
            whole.entryForms = nil
            return try load(origin, displayPath: displayPath, options: whole)
        }
        return store.lexicon(info: info)
    }

    static func read(
        _ origin: InputOrigin, displayPath: String, options: LexiconLoadOptions, content: StoreContent
    ) throws(LexiconError) -> (LexiconStore, LexiconInfo) {
        let input = try XMLInputContext(origin: origin, displayPath: displayPath, maxBytes: options.maxBytes)
        let loader = try LexiconLoader(input: input, options: options, content: content)
        let info = try loader.load()
        return (loader.store, info)
    }

    /// The WN-LMF version named by a DOCTYPE system id (`.../WN-LMF-1.3.dtd`, also
    /// `.../WN-LMF-relaxed-1.3.dtd`), or nil when it names no WN-LMF DTD.
    static func formatVersion(systemId: String) -> String? {
        let fileName = systemId.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? systemId
        guard fileName.hasPrefix("WN-LMF-"), fileName.hasSuffix(".dtd") else { return nil }
        var version = fileName.dropFirst("WN-LMF-".count).dropLast(".dtd".count)
        if version.hasPrefix("relaxed-") { version = version.dropFirst("relaxed-".count) }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return String(version)
    }

    static let supportedVersions: Set<String> = ["1.0", "1.1", "1.2", "1.3", "1.4"]
}

/// A translation lexicon read and checked, waiting for the interlingual ids it must answer
/// for (see ``LexiconReader/scanTranslations(_:displayPath:options:)``).
package final class TranslationScan: @unchecked Sendable {
    /// The `<Lexicon>` element's attributes and the file's WN-LMF version.
    package let info: LexiconInfo
    private var table: TranslationTable?
    private let whole: Lexicon?
    private let lock = NSLock()

    init(info: LexiconInfo, table: TranslationTable) {
        self.info = info
        self.table = table
        whole = nil
    }

    init(info: LexiconInfo, whole: Lexicon) {
        self.info = info
        self.whole = whole
    }

    /// The synsets whose ILI is one of `interlingualIds`, with their members resolved; the
    /// scan's memory is released (call it once).
    package func lexicon(interlingualIds: Set<String>) -> Lexicon {
        lock.lock()
        defer { lock.unlock() }
        if let whole { return whole }
        let lexicon = table?.lexicon(info: info, interlingualIds: interlingualIds)
            ?? Lexicon(info: info, entries: [], synsets: [])
        table = nil
        return lexicon
    }

    /// Every synset with a real ILI, kept compactly, for look-ups of any ILI; the scan's memory
    /// passes to it (call it once, instead of ``lexicon(interlingualIds:)``).
    package func index() -> InterlingualIndex {
        lock.lock()
        defer { lock.unlock() }
        if let whole { return InterlingualIndex(lexicon: whole) }
        let index = table.map(InterlingualIndex.init(table:)) ?? InterlingualIndex(lexicon: Lexicon(info: info, entries: [], synsets: []))
        table = nil
        return index
    }
}

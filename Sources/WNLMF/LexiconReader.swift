import CLibXML2
import Foundation
import VocabCore

/// Reads WN-LMF lexicons (`.xml` or `.xml.gz`) as a stream with libxml2's SAX2 parser.
///
/// The bytes pass the checks of `Input/` before the parser sees them (decompression, size
/// limit, the prolog, the attributes per element); the SAX handlers (`Parsing/`) build a
/// compact ``LexiconStore`` (`Store/`) keeping only what the ``LexiconKeep`` value asks for,
/// plus what the checks need; the checks run on it and what was kept becomes the value asked
/// for. Every failure is a ``LexiconError`` naming the file.
package enum LexiconReader {
    /// Reads one lexicon of a WN-LMF file or of WN-LMF bytes in memory (plain XML or gzip, told
    /// apart by content) and gives what `keep` asks for.
    ///
    /// ```swift
    /// let lexicon = try LexiconReader.read(.file(url), displayPath: "oewn.xml.gz", keeping: .lexicon(entryForms: forms))
    /// let scan = try LexiconReader.read(.file(spanish), displayPath: "omw-es.xml.gz", keeping: .concepts)
    /// ```
    ///
    /// A load that keeps part of the lexicon reads the file again whole when an entry comes
    /// after a synset (outside the DTD's order: what was left out may have been needed), and
    /// gives what `keep` asks for from the whole lexicon.
    ///
    /// - parameters:
    ///   - input: the file, or the bytes.
    ///   - displayPath: how error messages name the file.
    ///   - keep: what to keep: the lexicon (or the entries of some forms), with its concepts,
    ///     the whole lexicon compactly, or the concepts of a translation lexicon.
    ///   - options: which `Lexicon` of the file, and the size limit.
    /// - returns: the value `keep` names.
    /// - throws: ``LexiconError``, naming the file and the line, element or byte at fault.
    package static func read<Result>(
        _ input: LexiconInput, displayPath: String, keeping keep: LexiconKeep<Result>,
        options: LexiconLoadOptions = LexiconLoadOptions()
    ) throws(LexiconError) -> Result {
        var (store, info) = try parse(input.origin, displayPath: displayPath, options: options, content: keep.content)
        if store.outOfOrder {
            (store, info) = try parse(
                input.origin, displayPath: displayPath, options: options, content: .everything(keepText: store.keepsText))
        }
        return keep.result(store, info)
    }

    static func parse(
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
/// for (``LexiconKeep/concepts``).
package final class TranslationScan: @unchecked Sendable {
    /// The `<Lexicon>` element's attributes and the file's WN-LMF version.
    package let info: LexiconInfo
    private var table: TranslationTable?
    private let lock = NSLock()

    init(info: LexiconInfo, table: TranslationTable) {
        self.info = info
        self.table = table
    }

    /// The synsets whose ILI is one of `interlingualIds`, with their members resolved; the
    /// scan's memory is released (call it once; not for a scan read with
    /// ``LexiconKeep/conceptsForLookUps``).
    package func lexicon(interlingualIds: Set<String>) -> Lexicon {
        lock.lock()
        defer { lock.unlock() }
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
        let index = table.map(InterlingualIndex.init(table:)) ?? InterlingualIndex(lexicon: Lexicon(info: info, entries: [], synsets: []))
        table = nil
        return index
    }
}

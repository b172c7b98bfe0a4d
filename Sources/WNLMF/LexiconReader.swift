import CLibXML2
import Foundation
import VocabCore

/// Reads WN-LMF lexicons (`.xml` or `.xml.gz`) as a stream, one kept `Lexicon` at a time.
///
/// The work is done by `Loader`, a state machine over libxml2's `xmlTextReader` whose element
/// handlers live in one file per group: `Loader.swift` (the driver, the DOCTYPE, the checks at
/// the end), `Loader+Document.swift` (the root, `Lexicon`), `Loader+Entries.swift`
/// (`LexicalEntry`, `Lemma`, `Sense`) and `Loader+Synsets.swift` (`Synset`, `Definition`,
/// `Example`). Every failure is a ``LexiconError`` naming the file.
public enum LexiconReader {
    /// Loads one lexicon from a WN-LMF file (`.xml` or `.xml.gz`, told apart by content).
    /// `displayPath` names the file in error messages.
    public static func load(_ url: URL, displayPath: String, options: LexiconLoadOptions) throws(LexiconError) -> Lexicon {
        let stream = try XMLStream(path: url.path, displayPath: displayPath, maxBytes: options.maxBytes)
        var loader = Loader(stream: stream, options: options)
        return try loader.run()
    }

    /// Loads one lexicon from WN-LMF bytes held in memory (plain XML or gzip, told apart by
    /// content, decompressed by zlib like a file), with the same checks and errors as
    /// ``load(_:displayPath:options:)``.
    public static func load(data: Data, displayPath: String, options: LexiconLoadOptions) throws(LexiconError) -> Lexicon {
        let stream = try XMLStream(data: data, displayPath: displayPath, maxBytes: options.maxBytes)
        var loader = Loader(stream: stream, options: options)
        return try loader.run()
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

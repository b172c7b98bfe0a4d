import CLibXML2
import Foundation
import VocabCore

/// Bare libxml2 passes over a lexicon file: the benchmark's baselines, and a check that the
/// input path itself (decompression, size limit, guards) fails closed.
package enum BareXMLPass {
    /// A SAX2 pass with no handlers through the reader's own input path (the same
    /// decompression, guards and parser options). Returns the number of elements.
    package static func run(_ url: URL, maxBytes: Int64) throws(LexiconError) -> Int {
        try run(.file(path: url.path), displayPath: url.path, maxBytes: maxBytes)
    }

    /// The same pass over bytes held in memory (plain or gzip); `displayPath` names them in errors.
    package static func run(data: Data, displayPath: String, maxBytes: Int64) throws(LexiconError) -> Int {
        try run(.memory(data), displayPath: displayPath, maxBytes: maxBytes)
    }

    private static func run(_ origin: InputOrigin, displayPath: String, maxBytes: Int64) throws(LexiconError) -> Int {
        let input = try XMLInputContext(origin: origin, displayPath: displayPath, maxBytes: maxBytes)
        let counter = ElementCounter(input: input)
        var handler = xmlSAXHandler()
        handler.startElementNs = { ctx, _, _, _, _, _, _, _, _ in
            Unmanaged<ElementCounter>.fromOpaque(ctx!).takeUnretainedValue().count += 1
        }
        try counter.prepare(&handler)
        if let failure = counter.run() { throw failure }
        return counter.count
    }

    /// The floor: `xmlSAXUserParseFile` with a SAX2 handler that does nothing, libxml2 reading
    /// (and decompressing) the file itself, on one thread. Only for trusted files (the
    /// benchmark's inputs): none of the reader's guards run. Returns the elements counted.
    package static func libxml2SAX(_ url: URL) -> Int {
        _ = libxmlInitialized
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { ctx, _, _, _, _, _, _, _, _ in
            ctx!.assumingMemoryBound(to: Int.self).pointee += 1
        }
        handler.serror = { _, _ in }
        var count = 0
        _ = xmlSAXUserParseFile(&handler, &count, url.path)
        return count
    }

    /// The former baseline: `xmlTextReaderRead` to the end (libxml2 reading the file itself),
    /// with the options the reader used. Only for trusted files. Returns the nodes read.
    package static func libxml2Reader(_ url: URL) -> Int {
        _ = libxmlInitialized
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue)
        guard let reader = xmlReaderForFile(url.path, nil, options) else { return 0 }
        defer { xmlFreeTextReader(reader) }
        var count = 0
        while xmlTextReaderRead(reader) == 1 { count += 1 }
        return count
    }
}

/// A parse that only counts elements.
private final class ElementCounter: SAXSession {
    var count = 0
}

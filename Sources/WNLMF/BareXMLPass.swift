import CLibXML2
import Foundation
import VocabCore

/// A bare pass of libxml2's reader over a lexicon file: the benchmark's baseline, and a check
/// that the input path itself (decompression, size limit, prolog guard) fails closed.
public enum BareXMLPass {
    /// The baseline for the benchmark: the same input path (same decompression, same reader
    /// options) but no processing, just `xmlTextReaderRead` until the end. Returns the node count.
    public static func run(_ url: URL, maxBytes: Int64) throws(LexiconError) -> Int {
        try run(try XMLStream(path: url.path, displayPath: url.path, maxBytes: maxBytes))
    }

    /// The same pass over bytes held in memory (plain or gzip); `displayPath` names them in errors.
    public static func run(data: Data, displayPath: String, maxBytes: Int64) throws(LexiconError) -> Int {
        try run(try XMLStream(data: data, displayPath: displayPath, maxBytes: maxBytes))
    }

    private static func run(_ stream: XMLStream) throws(LexiconError) -> Int {
        let reader = stream.reader
        var count = 0
        var status = xmlTextReaderRead(reader)
        while status == 1 {
            count += 1
            status = xmlTextReaderRead(reader)
        }
        if status < 0 || stream.context.inputError != nil || stream.context.parserError != nil {
            throw stream.failure()
        }
        return count
    }
}

import CLibXML2
import Foundation
import VocabCore

typealias XMLName = UnsafePointer<xmlChar>

/// One libxml2 SAX2 parse (a pull parser reading through ``XMLInputContext``), the base of
/// the handlers: the parser context, the names interned in its dictionary (compared by
/// pointer), and the first error a handler found.
class SAXSession {
    let input: XMLInputContext
    @exclusivity(unchecked) private(set) var parser: xmlParserCtxtPtr?
    /// The first WN-LMF problem a handler found.
    @exclusivity(unchecked) private(set) var handlerError: LexiconError?
    /// Whether `handlerError` came before any libxml2 error.
    @exclusivity(unchecked) private var handlerErrorFirst = false

    init(input: XMLInputContext) {
        self.input = input
    }

    deinit {
        guard let parser else { return }
        // An entity declaration makes libxml2 build a document of its own to hold it ("expat
        // compatibility in SAX mode"), which freeing the context leaves behind (found by the
        // WN-LMF fuzzer's leak check).
        if let document = parser.pointee.myDoc {
            parser.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        xmlFreeParserCtxt(parser)
    }

    /// Creates the parser with `handler` (its `serror` is set here); call once, before ``run()``.
    func prepare(_ handler: inout xmlSAXHandler) throws(LexiconError) {
        _ = libxmlInitialized
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.serror = { ctx, error in
            guard let ctx, let error else { return }
            Unmanaged<SAXSession>.fromOpaque(ctx).takeUnretainedValue().input.record(error.pointee)
        }
        let parser = xmlCreateIOParserCtxt(
            &handler, Unmanaged.passUnretained(self).toOpaque(),
            { ctx, buffer, count in
                guard let ctx, let buffer else { return -1 }
                return Unmanaged<XMLInputContext>.fromOpaque(ctx).takeUnretainedValue().read(into: buffer, count: count)
            }, nil, Unmanaged.passUnretained(input).toOpaque(), XML_CHAR_ENCODING_NONE)
        guard let parser else {
            input.close()
            throw input.failure ?? input.error(.readerNotCreated)
        }
        xmlCtxtUseOptions(parser, parserOptions)
        self.parser = parser
    }

    /// A name in the parser's dictionary: the pointer the parser hands over for that name.
    func intern(_ name: String) -> XMLName? {
        guard let dict = parser?.pointee.dict else { return nil }
        return xmlDictLookup(dict, name, -1)
    }

    /// The parser's current line.
    var line: Int {
        guard let input = parser?.pointee.input else { return 0 }
        return Int(input.pointee.line)
    }

    /// Records a handler's problem and stops the parser.
    func fail(_ error: LexiconError) {
        if handlerError == nil {
            handlerError = error
            handlerErrorFirst = input.parserError == nil
        }
        if let parser { xmlStopParser(parser) }
    }

    /// Parses the whole document; the error that stopped it, if any. The input is read to its
    /// end (a gzip stream's trailer and trailing bytes are checked) and closed.
    func run() -> LexiconError? {
        guard let parser else { return input.error(.readerNotCreated) }
        let status = xmlParseDocument(parser)
        if handlerError == nil && input.failure == nil { input.drain() }
        input.close()
        if let handlerError, handlerErrorFirst || input.failure == nil { return handlerError }
        if let failure = input.failure { return failure }
        if status != 0 || parser.pointee.wellFormed == 0 { return input.error(line: line, .unparseable) }
        return nil
    }
}

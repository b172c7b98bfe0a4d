import VocabCore

/// A WN-LMF lexicon that cannot be read: the file, the line (and column, for XML syntax), the
/// element, and what is wrong.
package typealias LexiconError = Located<LexiconProblem>

/// What is wrong, with the values that show it.
package enum LexiconProblem: ErrorProblem {
    // MARK: The file and its bytes

    /// The file cannot be opened; `reason` is the system's description.
    case cannotOpen(reason: String)
    /// The file cannot be read (an I/O error under zlib).
    case unreadable
    /// zlib could not hand over the data (no more precise reason).
    case compressedDataUnreadable
    /// The gzip stream ends before its end.
    case gzipTruncated
    /// The gzip stream is corrupt; `reason` is zlib's description.
    case gzipCorrupt(reason: String)
    /// zlib ran out of memory.
    case outOfMemory
    /// Bytes after the last gzip member that start no other member (`gzip -t` rejects them).
    case gzipTrailingData
    /// The uncompressed input is longer than `limit` bytes (`maxBytes`, a guard against gzip bombs).
    case tooLarge(limit: Int64)
    /// libxml2 could not create its parser.
    case readerNotCreated
    /// No byte at all (after decompression).
    case empty
    /// The file starts with part of a UTF-8 byte-order mark.
    case incompleteByteOrderMark
    /// The document is UTF-16 or UTF-32, which the prolog check cannot read.
    case utf16OrUTF32(WideEncodingEvidence)
    /// Something other than markup where the document should start.
    case notXML
    /// The document starts with EBCDIC's `<?xm`.
    case ebcdic
    /// The XML declaration names an encoding other than UTF-8 (nil: one that cannot be read).
    case declaredEncoding(String?)
    /// An XML declaration longer than `limit` bytes.
    case xmlDeclarationTooLong(limit: Int)

    // MARK: XML

    /// Bytes that are not UTF-8; `bytes` is libxml2's listing of them (`0xFF 0x69 0x72 0x73`).
    case invalidUTF8(bytes: String?)
    /// The input ends inside the document (a cut file).
    case truncated
    /// One of libxml2's built-in limits was reached.
    case parserLimit(ParserLimit)
    /// Not well-formed XML; `details` is libxml2's message, on one line.
    case malformed(details: String)
    /// The parser stopped without saying why.
    case unparseable
    /// An entity reference (`&x;`): no entity is ever declared or loaded.
    case entityReference
    /// An element with more than `limit` attributes (stopped before the parser sees it: its
    /// duplicate check is quadratic).
    case tooManyAttributes(limit: Int)
    /// An element whose namespace prefix is not declared (`prefix` is that prefix).
    case undeclaredNamespacePrefix(String)

    // MARK: The DOCTYPE

    /// A DOCTYPE with an internal subset (`<!DOCTYPE ... [ ... ]>`).
    case internalSubset(InternalSubset)
    /// The DOCTYPE's system id names no WN-LMF DTD.
    case doctypeNotWNLMF
    /// The DOCTYPE names WN-LMF `version`, which is not 1.0 to 1.4.
    case unsupportedVersion(String)
    /// The root element comes without a WN-LMF DOCTYPE.
    case doctypeRequired

    // MARK: Elements

    /// The document has no element at all.
    case noRootElement
    /// The root element is `name`, not `LexicalResource`.
    case wrongRoot(String)
    /// The document ends before `</LexicalResource>`.
    case rootNotClosed
    /// The element lacks the required attribute `name`.
    case missingAttribute(String)
    /// A `Sense`'s `n` attribute is not a whole number (its trimmed text).
    case invalidSenseNumber(String)
    /// A `LexicalEntry` without a `Lemma`.
    case entryWithoutLemma(entryId: String)
    /// Two `LexicalEntry` elements with one id.
    case duplicateEntryId(String)
    /// Two `Sense` elements with one id.
    case duplicateSenseId(String)
    /// Two `Synset` elements with one id.
    case duplicateSynsetId(String)
    /// A `Sense` whose `synset` is not in the lexicon.
    case danglingSense(senseId: String, synsetId: String)
    /// An id that the element `first`, on `firstLine`, has too, although it is of another kind
    /// (an entry and a sense, an entry and a synset, a sense and a synset): WN-LMF ids are XML
    /// ids, unique in the document, and a synset's `members` may name entries or senses.
    case idSharedAcrossKinds(String, first: String, firstLine: Int)

    // MARK: Lexicons

    /// The file holds several lexicons (their ids) and none was chosen by id.
    case severalLexicons([String])
    /// No lexicon has the id asked for; `found` lists the ids the file holds.
    case noSuchLexicon(String, found: [String])
    /// The file holds no `Lexicon`.
    case noLexicon
    /// The lexicon asked for (or the file's only one) is a `LexiconExtension` (WN-LMF 1.1+), of
    /// the lexicon `extends` (`id:version`, when its `Extends` says): not supported.
    case lexiconExtension(String, extends: String?)
    /// A later source lexicon (`lexicon`'s layers) that gives an entry whose id, or one of whose
    /// senses' or synsets' ids, an earlier layer, `lexicon` (`id:version`), uses too: the two
    /// would answer for each other's elements.
    case idInEarlierLexicon(String, lexicon: String)

    /// How a UTF-16 or UTF-32 document was recognised.
    package enum WideEncodingEvidence: Sendable, Equatable {
        /// A byte-order mark or NUL bytes at the start.
        case atStart
        /// NUL bytes in the markup of the prolog.
        case nulBytesInMarkup
    }

    /// How an internal DTD subset was found.
    package enum InternalSubset: Sendable, Equatable {
        /// Its `[` was seen before the parser read it (the usual case).
        case seenBeforeParsing
        /// The parsed DOCTYPE declares entities.
        case declaringEntities
        /// The parsed DOCTYPE declares elements or attributes.
        case declaringMarkup
    }

    /// libxml2's built-in limits (XML_PARSE_HUGE stays off).
    package enum ParserLimit: Sendable, Equatable, CustomStringConvertible {
        /// Elements nested more than 256 deep.
        case depth
        /// A name or attribute value longer than 10000000 bytes.
        case nameOrAttributeLength
        /// A text longer than 10000000 bytes.
        case textLength

        /// What the limit is, in words a person can act on.
        package var description: String {
            switch self {
            case .depth: "elements are nested more than 256 deep (the XML parser's limit)"
            case .nameOrAttributeLength: "a name or attribute value longer than the XML parser's limit of 10000000 bytes"
            case .textLength: "a text longer than the XML parser's limit of 10000000 bytes"
            }
        }
    }

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .cannotOpen(let reason): return "the file could not be opened (\(reason))"
        case .unreadable: return "the file could not be read"
        case .compressedDataUnreadable: return "the compressed data could not be read"
        case .gzipTruncated: return "the gzip data is truncated (it ends before the end of the compressed stream)"
        case .gzipCorrupt(let reason): return "the gzip data is corrupt (\(reason))"
        case .outOfMemory: return "out of memory while decompressing"
        case .gzipTrailingData: return "the gzip data is followed by bytes that are not gzip data (gzip -t rejects the file)"
        case .tooLarge(let limit): return "the input expands beyond the limit of \(limit) bytes"
        case .readerNotCreated: return "the XML parser could not be created"
        case .empty: return "the file is empty (no XML document)"
        case .incompleteByteOrderMark: return "not UTF-8 text: the file starts with an incomplete byte-order mark"
        case .utf16OrUTF32(.atStart):
            return "the file looks like UTF-16 or UTF-32 (a byte-order mark or NUL bytes at the start); convert it to UTF-8"
        case .utf16OrUTF32(.nulBytesInMarkup):
            return "the file looks like UTF-16 or UTF-32 (NUL bytes in the markup); convert it to UTF-8"
        case .notXML: return "not an XML document: no element where the document should start"
        case .ebcdic: return "the file looks like EBCDIC (it starts with EBCDIC's <?xm); convert it to UTF-8"
        case .declaredEncoding(let name?):
            return "the XML declaration names encoding '\(name)'; a WN-LMF file must be UTF-8 (encoding=\"UTF-8\" or none)"
        case .declaredEncoding(nil):
            return "the XML declaration's encoding cannot be read; a WN-LMF file must be UTF-8 (encoding=\"UTF-8\" or none)"
        case .xmlDeclarationTooLong(let limit): return "the XML declaration is longer than \(limit) bytes"
        case .invalidUTF8(let bytes): return "invalid UTF-8\(bytes.map { " (bytes \($0))" } ?? ""); the file must be UTF-8 text"
        case .truncated: return "the file ends before the document is complete (truncated?)"
        case .parserLimit(let limit): return "malformed XML: \(limit.description)"
        case .malformed(let details): return "malformed XML: \(details)"
        case .unparseable: return "malformed XML: the document could not be parsed"
        case .entityReference: return "entity references are not allowed in a WN-LMF file"
        case .tooManyAttributes(let limit):
            return "more than \(limit) attributes on one element (WN-LMF needs a handful; the XML parser's duplicate check would take quadratic time)"
        case .undeclaredNamespacePrefix(let prefix):
            return "the namespace prefix '\(prefix)' is not declared (the element would be ignored)"
        case .internalSubset(.seenBeforeParsing):
            return "DOCTYPE with an internal subset is not allowed (WN-LMF needs none; its entity declarations are never read)"
        case .internalSubset(.declaringEntities):
            return "DOCTYPE with an internal subset is not allowed (it declares entities; WN-LMF needs none, and none is ever expanded or loaded)"
        case .internalSubset(.declaringMarkup): return "DOCTYPE with an internal subset is not allowed"
        case .doctypeNotWNLMF:
            return "the DOCTYPE does not name a WN-LMF DTD (expected a system id like http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd)"
        case .unsupportedVersion(let version): return "unsupported WN-LMF version \(version) (supported: 1.0 to 1.4)"
        case .doctypeRequired:
            return "a WN-LMF DOCTYPE is required (for example <!DOCTYPE LexicalResource SYSTEM \"http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd\">)"
        case .noRootElement: return "the document has no root element"
        case .wrongRoot(let name): return "the root element must be LexicalResource, not \(name)"
        case .rootNotClosed: return "the document ends before </LexicalResource>"
        case .missingAttribute(let name): return "missing required attribute '\(name)'"
        case .invalidSenseNumber(let text): return "attribute 'n' must be a whole number, not '\(text)'"
        case .entryWithoutLemma(let entryId): return "entry '\(entryId)' has no Lemma"
        case .duplicateEntryId(let id): return "duplicate entry id '\(id)'"
        case .duplicateSenseId(let id): return "duplicate sense id '\(id)'"
        case .duplicateSynsetId(let id): return "duplicate synset id '\(id)'"
        case .danglingSense(let senseId, let synsetId):
            return "sense '\(senseId)' refers to synset '\(synsetId)', which is not in the lexicon"
        case .idSharedAcrossKinds(let id, let first, let firstLine):
            return "id '\(id)' is also the id of the \(first) on line \(firstLine) (ids are unique across entries, senses and synsets)"
        case .severalLexicons(let ids): return "the file holds several lexicons (\(ids.joined(separator: ", "))); choose one by its id"
        case .noSuchLexicon(let id, let found):
            return "no lexicon with id '\(id)' (the file holds: \(found.isEmpty ? "none" : found.joined(separator: ", ")))"
        case .noLexicon: return "the file holds no Lexicon"
        case .lexiconExtension(let id, let extends):
            return "lexicon '\(id)' is a lexicon extension (LexiconExtension\(extends.map { " of '\($0)'" } ?? "")); "
                + "lexicon extensions are not supported: use the lexicon it extends"
        case .idInEarlierLexicon(let id, let lexicon):
            return "the id '\(id)' is also an id of the earlier source lexicon \(lexicon): layered lexicons need ids of their own"
        }
    }
}

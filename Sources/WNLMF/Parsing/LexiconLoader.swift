import CLibXML2
import Foundation
import VocabCore

/// The SAX2 handlers that read one WN-LMF document into a ``LexiconStore``.
///
/// Every open element is a ``Frame`` on ``stack``: its kind (``LMFElement``, found from its name
/// and its parent's kind in the tables of `LMFElement.swift`) and the `xml:space` in effect. A
/// start tag calls the handler of its kind, an end tag the closing handler of the frame it
/// pops; an element being read keeps what its end needs in ``entry``, ``synset`` or ``text``.
/// The document level is in `LexiconLoader+Document.swift`, entries in `+Entries`, synsets and
/// their text in `+Synsets`. A WN-LMF rule broken stops the parser with a ``LexiconError``
/// (``SAXSession/fail(_:)``); ids and synset references are checked at the end
/// (``LexiconStore/check(_:)``).
final class LexiconLoader: SAXSession {
    /// An open element.
    struct Frame {
        var element: LMFElement
        /// `xml:space="preserve"` in effect.
        var preserve: Bool
    }

    /// What the document tells beside its lexicon's content.
    struct Document {
        /// From the DOCTYPE.
        var formatVersion: String?
        var rootSeen = false
        /// The lexicons seen, in order, by id (an extension's marked as one).
        var lexiconIds: [String] = []
        /// The kept lexicon's header.
        var info: LexiconInfo?
        /// The `LexiconExtension`s seen (not read: refused when chosen).
        var extensions: [Extension] = []
        /// A synset was seen (entries after it are out of the DTD's order).
        var synsetSeen = false
    }

    /// A `LexiconExtension`: its id, its line, and the lexicon it extends (`id:version`).
    struct Extension {
        var id: String
        var line: Int
        var extends: String?
    }

    /// The open `LexicalEntry`, until its end puts its senses in order.
    struct OpenEntry {
        var handle: Int32 = 0
        var line = 0
        /// Its `Lemma`'s written form and part of speech.
        var form: Span?
        var partOfSpeech: Span?
        /// Some sense has `n`.
        var hasSenseNumbers = false
        var senses: [PendingSense] = []
        /// Its `Form`s' written forms, in document order.
        var wordForms: [Span] = []
        /// Its `Lemma`'s `Pronunciation`s, in document order (when text is kept).
        var pronunciations: [PronunciationRecord] = []
        /// The senses' ids, one after the other.
        var senseIdBytes: [UInt8] = []
    }

    /// The open `Synset`.
    struct OpenSynset {
        var record = SynsetRecord(
            id: 0, ili: .absent, partOfSpeech: .absent, firstMember: 0, memberCount: -1, firstText: 0, textCount: 0,
            lexicalized: true)
        var kept = false
        /// Its text is kept (``kept``, text kept, and not a concept only).
        var textKept = false
    }

    /// The open `Definition`, `Example` or `Pronunciation`.
    struct OpenText {
        var element = LMFElement.definition
        var kept = false
        var preserve = false
        /// The text's length so far, kept or not (measured against ``LexiconLoader/textLimit``).
        var length = 0
        var bytes: [UInt8] = []
    }

    let options: LexiconLoadOptions
    let store: LexiconStore
    @exclusivity(unchecked) var elements = ElementTable()
    @exclusivity(unchecked) var names = AttributeNames()
    /// The open elements, the document at the bottom.
    @exclusivity(unchecked) var stack: [Frame] = [Frame(element: .document, preserve: false)]
    @exclusivity(unchecked) var document = Document()
    @exclusivity(unchecked) var entry = OpenEntry()
    @exclusivity(unchecked) var synset = OpenSynset()
    @exclusivity(unchecked) var text = OpenText()

    init(input: XMLInputContext, options: LexiconLoadOptions, content: StoreContent) throws(LexiconError) {
        self.options = options
        store = LexiconStore(content: content)
        super.init(input: input)
        var handler = xmlSAXHandler()
        Self.install(&handler)
        try prepare(&handler)
        elements = ElementTable(self)
        names = AttributeNames(self)
        stack.reserveCapacity(300)
        text.bytes.reserveCapacity(1024)
    }

    /// `problem` at `line`, in `element`, in this file.
    func error(_ line: Int?, _ element: String?, _ problem: LexiconProblem) -> LexiconError {
        LexiconError(file: input.displayPath, line: line, item: element, problem)
    }

    /// Parses the document; then the checks. The store holds the kept lexicon afterwards.
    func load() throws(LexiconError) -> LexiconInfo {
        if let failure = run() { throw failure }
        if !document.rootSeen { throw error(nil, nil, .noRootElement) }
        if stack.count > 1 { throw error(line, "LexicalResource", .rootNotClosed) }
        if options.lexiconId == nil && document.lexiconIds.count > 1 {
            throw error(nil, "Lexicon", .severalLexicons(document.lexiconIds))
        }
        guard let info = document.info else {
            // The extension asked for by id, or the file's only lexicon.
            if let chosen = document.extensions.first(where: { options.lexiconId == nil || $0.id == options.lexiconId }) {
                throw error(chosen.line, "LexiconExtension", .lexiconExtension(chosen.id, extends: chosen.extends))
            }
            if let wanted = options.lexiconId { throw error(nil, "Lexicon", .noSuchLexicon(wanted, found: document.lexiconIds)) }
            throw error(nil, "Lexicon", .noLexicon)
        }
        try store.check { line, element, problem in error(line, element, problem) }
        return info
    }

    // MARK: The C callbacks

    private static func install(_ h: inout xmlSAXHandler) {
        h.startElementNs = { ctx, localname, prefix, uri, _, _, count, _, attributes in
            withLoader(ctx) { $0.startElement(localname, prefix, uri, Int(count), attributes) }
        }
        h.endElementNs = { ctx, _, _, _ in withLoader(ctx) { $0.endElement() } }
        h.characters = { ctx, bytes, count in withLoader(ctx) { $0.characters(bytes, Int(count)) } }
        h.ignorableWhitespace = h.characters
        h.cdataBlock = h.characters
        h.internalSubset = { ctx, _, _, systemId in loader(ctx).doctype(systemId) }
        h.reference = { ctx, _ in loader(ctx).entityReference() }
        h.entityDecl = { ctx, _, _, _, _, _ in loader(ctx).declaration(.declaringEntities) }
        h.elementDecl = { ctx, _, _, _ in loader(ctx).declaration(.declaringMarkup) }
        h.attributeDecl = { ctx, _, _, _, _, _, _ in loader(ctx).declaration(.declaringMarkup) }
        // Only the predefined entities exist.
        h.getEntity = { _, name in xmlGetPredefinedEntity(name) }
    }

    // MARK: Elements

    /// Pushes the element's frame (always one: ``endElement()`` pops it), then calls its kind's handler.
    func startElement(_ name: XMLName?, _ prefix: XMLName?, _ uri: XMLName?, _ count: Int,
                      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        let parent = stack[stack.count - 1]
        if parent.element == .skipped { return stack.append(parent) }
        let attributes = Attributes(base: attributes, count: count)
        if parent.element == .document { return startRoot(name, prefix, attributes) }
        if prefix != nil {
            // An element of another namespace is not WN-LMF; one whose prefix is not declared
            // is an error (it would otherwise be dropped without a word).
            stack.append(Frame(element: parent.element.defaultChild, preserve: parent.preserve))
            if uri == nil { fail(error(line, string(prefix) + ":" + string(name), .undeclaredNamespacePrefix(string(prefix)))) }
            return
        }
        let element = elements.child(of: parent.element, named: name)
        let preserve = element.readsSpace ? spacePreserve(attributes, inherited: parent.preserve) : parent.preserve
        stack.append(Frame(element: element, preserve: preserve))
        switch element {
        case .lexicon: startLexicon(attributes)
        case .lexiconExtension: startExtension(attributes)
        case .extends: startExtends(attributes)
        case .entry: startEntry(attributes)
        case .lemma: startLemma(attributes)
        case .pronunciation: startPronunciation(attributes)
        case .wordForm: startWordForm(attributes)
        case .sense: startSense(attributes)
        case .synset: startSynset(attributes)
        case .definition, .example: startText(element, preserve: preserve)
        case .document, .resource, .textContent, .other, .skipped: break
        }
    }

    func endElement() {
        guard stack.count > 1 else { return }
        switch stack.removeLast().element {
        case .entry: endEntry()
        case .synset: endSynset()
        case .definition, .example: endText()
        case .pronunciation: endPronunciation()
        default: break
        }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
        guard stack[stack.count - 1].element.isText, let bytes else { return }
        text.length += count
        if text.length > Self.textLimit { return fail(error(line, text.element.name, .parserLimit(.textLength))) }
        if text.kept { text.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count)) }
    }

    /// The longest `Definition` or `Example` text (libxml2's limit on a text node).
    static let textLimit = 10_000_000

    func string(_ name: XMLName?) -> String { name.map { String(cString: $0) } ?? "?" }

    /// `xml:space` on the element: preserve, default, or (absent or other) what it inherits.
    func spacePreserve(_ attributes: Attributes, inherited: Bool) -> Bool {
        var preserve = inherited
        for i in 0..<attributes.count where attributes.name(i) == names.space && attributes.prefix(i) == names.xml {
            if attributes.equals(i, "preserve") { preserve = true } else if attributes.equals(i, "default") { preserve = false }
        }
        return preserve
    }
}

/// The loader a C callback is called for.
@inline(__always)
private func loader(_ ctx: UnsafeMutableRawPointer?) -> LexiconLoader {
    Unmanaged<LexiconLoader>.fromOpaque(ctx!).takeUnretainedValue()
}

/// Calls `body` with the loader, without retaining it (it outlives the parse).
@inline(__always)
private func withLoader(_ ctx: UnsafeMutableRawPointer?, _ body: (LexiconLoader) -> Void) {
    Unmanaged<LexiconLoader>.fromOpaque(ctx!)._withUnsafeGuaranteedRef(body)
}

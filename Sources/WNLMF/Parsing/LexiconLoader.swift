import CLibXML2
import Foundation
import VocabCore

/// The SAX2 handlers that read one WN-LMF document into a ``LexiconStore``: the document
/// level here (DOCTYPE, root, `Lexicon`, `xml:space`), entries in `LexiconLoader+Entries.swift`,
/// synsets and their text in `LexiconLoader+Synsets.swift`. A WN-LMF rule broken stops the
/// parser with a ``LexiconError`` (``SAXSession/fail(_:)``); ids and synset references are
/// checked at the end (``LexiconStore/check(_:)``).
final class LexiconLoader: SAXSession {
    let options: LexiconLoadOptions
    let store: LexiconStore
    @exclusivity(unchecked) var names = ElementNames()

    // Document level.
    @exclusivity(unchecked) var formatVersion: String?
    @exclusivity(unchecked) var rootSeen = false
    @exclusivity(unchecked) var rootEnded = false
    @exclusivity(unchecked) var lexiconIds: [String] = []
    @exclusivity(unchecked) var info: LexiconInfo?
    @exclusivity(unchecked) var inKeptLexicon = false
    @exclusivity(unchecked) var severalLexicons = false
    /// Depth of the open element (the root is 0); elements deeper than `skipBelow` are skipped.
    @exclusivity(unchecked) var depth = -1
    @exclusivity(unchecked) var skipBelow = Int.max
    /// xml:space="preserve" in effect on LexicalResource, Lexicon, Synset.
    @exclusivity(unchecked) var preserveStack: [Bool] = [false]
    /// A synset was seen (entries after it are out of the DTD's order).
    @exclusivity(unchecked) var synsetSeen = false

    // The open LexicalEntry.
    @exclusivity(unchecked) var entryOpen = false
    @exclusivity(unchecked) var entryIdBytes: [UInt8] = []
    @exclusivity(unchecked) var entryHandle: Int32 = 0
    @exclusivity(unchecked) var entryLine = 0
    @exclusivity(unchecked) var lemmaForm: Span?
    @exclusivity(unchecked) var lemmaPos: Span?
    @exclusivity(unchecked) var entryHasN = false
    /// The entry's senses until its end, when they are put in order: their id bytes in
    /// `senseIdBytes`.
    @exclusivity(unchecked) var pendingSenses: [PendingSense] = []
    @exclusivity(unchecked) var senseIdBytes: [UInt8] = []

    // The open Synset.
    @exclusivity(unchecked) var synsetOpen = false
    @exclusivity(unchecked) var synsetKept = false
    /// The open synset's text is kept (``synsetKept``, text kept, and not a concept only).
    @exclusivity(unchecked) var synsetTextKept = false
    @exclusivity(unchecked) var current = SynsetRecord(id: 0, ili: .absent, partOfSpeech: .absent, firstMember: 0, memberCount: -1,
                               firstText: 0, textCount: 0, lexicalized: true)
    // The open Definition (1) or Example (2) whose text is collected.
    @exclusivity(unchecked) var textTarget = 0
    @exclusivity(unchecked) var textPreserve = false
    @exclusivity(unchecked) var textKept = false
    @exclusivity(unchecked) var textLength = 0
    @exclusivity(unchecked) var text: [UInt8] = []

    init(input: XMLInputContext, options: LexiconLoadOptions, content: StoreContent) throws(LexiconError) {
        self.options = options
        store = LexiconStore(content: content)
        super.init(input: input)
        var handler = xmlSAXHandler()
        Self.install(&handler)
        try prepare(&handler)
        names = ElementNames(self)
        text.reserveCapacity(1024)
    }

    /// `problem` at `line`, in `element`, in this file.
    func error(_ line: Int?, _ element: String?, _ problem: LexiconProblem) -> LexiconError {
        LexiconError(file: input.displayPath, line: line, item: element, problem)
    }

    /// Parses the document; then the checks. The store holds the kept lexicon afterwards.
    func load() throws(LexiconError) -> LexiconInfo {
        if let failure = run() { throw failure }
        if !rootSeen { throw error(nil, nil, .noRootElement) }
        if !rootEnded { throw error(line, "LexicalResource", .rootNotClosed) }
        if severalLexicons { throw error(nil, "Lexicon", .severalLexicons(lexiconIds)) }
        guard let info else {
            if let wanted = options.lexiconId { throw error(nil, "Lexicon", .noSuchLexicon(wanted, found: lexiconIds)) }
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
        h.endElementNs = { ctx, localname, prefix, _ in withLoader(ctx) { $0.endElement(localname, prefix) } }
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

    // MARK: The document

    func doctype(_ systemId: XMLName?) {
        let line = input.doctypeLine() ?? self.line
        guard let systemId, let version = LexiconReader.formatVersion(systemId: String(cString: systemId)) else {
            return fail(error(line, "DOCTYPE", .doctypeNotWNLMF))
        }
        guard LexiconReader.supportedVersions.contains(version) else {
            return fail(error(line, "DOCTYPE", .unsupportedVersion(version)))
        }
        formatVersion = version
    }

    func entityReference() {
        // The error itself was recorded by the error handler (an undeclared entity).
        if let parser { xmlStopParser(parser) }
    }

    func declaration(_ kind: LexiconProblem.InternalSubset) {
        fail(error(input.doctypeLine() ?? line, "DOCTYPE", .internalSubset(kind)))
    }

    func startElement(_ name: XMLName?, _ prefix: XMLName?, _ uri: XMLName?, _ count: Int,
                      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        depth += 1
        if depth > skipBelow { return }
        if prefix != nil {
            // An element of another namespace is not WN-LMF; one whose prefix is not declared
            // is an error (it would otherwise be dropped without a word).
            if uri == nil {
                let qualified = string(prefix) + ":" + string(name)
                fail(error(line, qualified, .undeclaredNamespacePrefix(string(prefix))))
            }
            return
        }
        let attributes = Attributes(base: attributes, count: count)
        if entryOpen {
            if name == names.sense { startSense(attributes) } else if name == names.lemma { startLemma(attributes) }
            return
        }
        if synsetOpen {
            // Every text is measured against the limit; only a kept synset's is kept.
            if name == names.definition || name == names.example {
                startText(name == names.definition ? 1 : 2, attributes, keep: synsetTextKept)
            }
            return
        }
        if inKeptLexicon {
            if name == names.lexicalEntry { startEntry(attributes) } else if name == names.synset { startSynset(attributes) }
            return
        }
        if !rootSeen {
            rootSeen = true
            guard formatVersion != nil else { return fail(error(line, string(name), .doctypeRequired)) }
            guard name == names.lexicalResource else { return fail(error(line, string(name), .wrongRoot(string(name)))) }
            preserveStack.append(spacePreserve(attributes, inherited: false))
            return
        }
        if name == names.lexicon && !rootEnded && depth == 1 { startLexicon(attributes) }
    }

    func endElement(_ name: XMLName?, _ prefix: XMLName?) {
        defer { depth -= 1 }
        if depth > skipBelow { return }
        if depth == skipBelow {
            skipBelow = Int.max
            return
        }
        if prefix != nil { return }
        if textTarget != 0 {
            if name == names.definition || name == names.example { endText() }
            return
        }
        if entryOpen {
            if name == names.lexicalEntry { endEntry() }
            return
        }
        if synsetOpen {
            if name == names.synset { endSynset() }
            return
        }
        if inKeptLexicon {
            if name == names.lexicon {
                inKeptLexicon = false
                preserveStack.removeLast()
            }
            return
        }
        if name == names.lexicalResource && depth == 0 { rootEnded = true }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
        guard textTarget != 0, let bytes else { return }
        textLength += count
        if textLength > Self.textLimit {
            return fail(error(line, textTarget == 1 ? "Definition" : "Example", .parserLimit(.textLength)))
        }
        if textKept { text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count)) }
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

    func startLexicon(_ attributes: Attributes) {
        var id: String?, label: String?, language: String?, version: String?
        var license: String?, url: String?, citation: String?, email: String?
        for i in 0..<attributes.count where attributes.prefix(i) == nil {
            let a = attributes.name(i)
            if a == names.id { id = attributes.string(i) }
            else if a == names.label { label = attributes.string(i) }
            else if a == names.language { language = attributes.string(i) }
            else if a == names.version { version = attributes.string(i) }
            else if a == names.license { license = attributes.string(i) }
            else if a == names.url { url = attributes.string(i) }
            else if a == names.citation { citation = attributes.string(i) }
            else if a == names.email { email = attributes.string(i) }
        }
        guard let id else { return fail(error(line, "Lexicon", .missingAttribute("id"))) }
        lexiconIds.append(id)
        let keep: Bool
        if let wanted = options.lexiconId {
            keep = wanted == id && info == nil
        } else {
            if info != nil { severalLexicons = true }
            keep = info == nil
        }
        guard keep else {
            skipBelow = depth
            return
        }
        guard let label else { return fail(error(line, "Lexicon", .missingAttribute("label"))) }
        guard let language else { return fail(error(line, "Lexicon", .missingAttribute("language"))) }
        guard let version else { return fail(error(line, "Lexicon", .missingAttribute("version"))) }
        info = LexiconInfo(
            id: id, label: label, language: language, version: version, license: license, url: url,
            citation: citation, email: email, formatVersion: formatVersion ?? "")
        inKeptLexicon = true
        preserveStack.append(spacePreserve(attributes, inherited: preserveStack.last ?? false))
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

/// The element and attribute names the loader looks for, interned in the parser's dictionary.
struct ElementNames {
    let lexicalResource, lexicon, lexicalEntry, lemma, sense, synset, definition, example: XMLName?
    let id, label, language, version, license, url, citation, email: XMLName?
    let writtenForm, partOfSpeech, synsetAttribute, n, lexicalized, ili, members, space, xml: XMLName?

    /// No names yet (the parser's dictionary does not exist).
    init() {
        lexicalResource = nil; lexicon = nil; lexicalEntry = nil; lemma = nil; sense = nil; synset = nil
        definition = nil; example = nil; id = nil; label = nil; language = nil; version = nil; license = nil
        url = nil; citation = nil; email = nil; writtenForm = nil; partOfSpeech = nil; synsetAttribute = nil
        n = nil; lexicalized = nil; ili = nil; members = nil; space = nil; xml = nil
    }

    init(_ session: SAXSession) {
        let intern = session.intern
        lexicalResource = intern("LexicalResource"); lexicon = intern("Lexicon")
        lexicalEntry = intern("LexicalEntry"); lemma = intern("Lemma"); sense = intern("Sense")
        synset = intern("Synset"); definition = intern("Definition"); example = intern("Example")
        id = intern("id"); label = intern("label"); language = intern("language"); version = intern("version")
        license = intern("license"); url = intern("url"); citation = intern("citation"); email = intern("email")
        writtenForm = intern("writtenForm"); partOfSpeech = intern("partOfSpeech"); synsetAttribute = intern("synset")
        n = intern("n"); lexicalized = intern("lexicalized"); ili = intern("ili"); members = intern("members")
        space = intern("space"); xml = intern("xml")
    }
}

/// A start tag's attributes as libxml2's SAX2 hands them over: five pointers each (local
/// name, prefix, namespace, value start, value end); values are not NUL-terminated.
///
/// Without entity substitution libxml2 writes each `&` of a value (from `&amp;` or `&#38;`)
/// as `&#38;`, for a tree builder to decode later; ``withValue(_:_:)`` decodes it (a raw `&`
/// cannot occur in a value, so every `&#38;` stands for one).
struct Attributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    @inline(__always) func name(_ i: Int) -> XMLName? { base![5 * i] }
    @inline(__always) func prefix(_ i: Int) -> XMLName? { base![5 * i + 1] }
    @inline(__always) private func raw(_ i: Int) -> UnsafePointer<UInt8> { base![5 * i + 3]! }
    @inline(__always) private func rawLength(_ i: Int) -> Int { base![5 * i + 3]!.distance(to: base![5 * i + 4]!) }

    /// The value's bytes, decoded.
    @inline(__always)
    func withValue<R>(_ i: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        let p = raw(i), n = rawLength(i)
        guard n > 0, memchr(p, Int32(UInt8(ascii: "&")), n) != nil else { return body(p, n) }
        var out: [UInt8] = []
        out.reserveCapacity(n)
        let escape = Array("&#38;".utf8)
        var k = 0
        while k < n {
            if p[k] == UInt8(ascii: "&") && k + escape.count <= n && memcmp(p + k, escape, escape.count) == 0 {
                out.append(UInt8(ascii: "&"))
                k += escape.count
            } else {
                out.append(p[k])
                k += 1
            }
        }
        return out.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
    }

    func string(_ i: Int) -> String {
        withValue(i) { String(decoding: UnsafeBufferPointer(start: $0, count: $1), as: UTF8.self) }
    }

    func equals(_ i: Int, _ text: StaticString) -> Bool {
        rawLength(i) == text.utf8CodeUnitCount && memcmp(raw(i), text.utf8Start, rawLength(i)) == 0
    }
}

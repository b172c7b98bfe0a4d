import CLibXML2

/// What the loader makes of an element: one kind per WN-LMF element it reads, and two for
/// the rest. The loader keeps a stack of them (``LexiconLoader``), one per open element; what
/// an element means is decided by its name and the kind of the element it is in, from the
/// tables below, as goodmami/wn's `lmf.py` reads WN-LMF through tables of element kinds.
enum LMFElement: UInt8, CaseIterable {
    /// Under the root element (the bottom of the stack).
    case document
    case resource, lexicon, lexiconExtension, extends, entry, lemma, pronunciation, wordForm, sense, synset, definition, example
    /// An element inside a ``isText`` element: its text is part of that element's text.
    case textContent
    /// An element the loader does not read, nor anything in it (still checked for namespace
    /// prefixes).
    case other
    /// Inside a lexicon the load does not keep: nothing in it is looked at.
    case skipped

    /// The elements the loader reads, by the element they appear in (the WN-LMF DTD, as far as
    /// the loader needs it); an element not listed under its parent is ``defaultChild``.
    static let grammar: [(parent: LMFElement, name: String, element: LMFElement)] = [
        (.document, "LexicalResource", .resource),
        (.resource, "Lexicon", .lexicon),
        // WN-LMF 1.1+; read only to be refused with what it extends.
        (.resource, "LexiconExtension", .lexiconExtension),
        (.lexiconExtension, "Extends", .extends),
        (.lexicon, "LexicalEntry", .entry),
        (.lexicon, "Synset", .synset),
        (.entry, "Sense", .sense),
        (.entry, "Lemma", .lemma),
        (.lemma, "Pronunciation", .pronunciation),
        // An inflected form of the entry (OEWN: `was` of be, `abaci` of abacus).
        (.entry, "Form", .wordForm),
        (.synset, "Definition", .definition),
        (.synset, "Example", .example),
    ]

    /// Elements whose text is kept (whitespace collapsed unless `xml:space="preserve"`).
    var isText: Bool { self == .definition || self == .example || self == .pronunciation || self == .textContent }

    /// Elements whose own `xml:space` is read; the others inherit their parent's.
    var readsSpace: Bool {
        switch self {
        case .resource, .lexicon, .synset, .definition, .example: true
        default: false
        }
    }

    /// The kind of a child not listed under this element in ``grammar``.
    var defaultChild: LMFElement {
        switch self {
        case .skipped: .skipped
        case .definition, .example, .pronunciation, .textContent: .textContent
        default: .other
        }
    }

    /// The element's name, for messages.
    var name: String { Self.grammar.first { $0.element == self }?.name ?? "?" }
}

/// The `Lexicon` attributes that make its header (``LexiconInfo``),
/// in this order; the first four are required.
let lexiconMetadata = ["id", "label", "language", "version", "license", "url", "citation", "email"]

/// ``LMFElement/grammar`` with the names interned in the parser's dictionary, so that an
/// element's kind is found by comparing pointers: per parent kind, its children's names and kinds.
struct ElementTable {
    private var names: [XMLName?] = []
    private var kinds: [LMFElement] = []
    /// Per parent kind (its raw value), where its children start in ``names``; one more at the end.
    private var starts: [Int] = Array(repeating: 0, count: LMFElement.allCases.count + 1)

    /// No names yet (the parser's dictionary does not exist).
    init() {}

    init(_ session: SAXSession) {
        for parent in LMFElement.allCases {
            starts[Int(parent.rawValue)] = names.count
            for rule in LMFElement.grammar where rule.parent == parent {
                names.append(session.intern(rule.name))
                kinds.append(rule.element)
            }
        }
        starts[LMFElement.allCases.count] = names.count
    }

    /// The kind of the element `name` inside an element of kind `parent`.
    @inline(__always)
    func child(of parent: LMFElement, named name: XMLName?) -> LMFElement {
        let p = Int(parent.rawValue)
        for i in starts[p]..<starts[p + 1] where names[i] == name { return kinds[i] }
        return parent.defaultChild
    }
}

/// The attribute names the loader looks for, interned in the parser's dictionary.
struct AttributeNames {
    let id, writtenForm, partOfSpeech, synset, n, lexicalized, ili, members, space, xml, ref, version: XMLName?
    /// `Pronunciation`'s.
    let variety, audio: XMLName?
    /// ``lexiconMetadata``, in its order.
    let metadata: [XMLName?]

    /// No names yet (the parser's dictionary does not exist).
    init() {
        id = nil; writtenForm = nil; partOfSpeech = nil; synset = nil; n = nil; lexicalized = nil
        ili = nil; members = nil; space = nil; xml = nil; ref = nil; version = nil; metadata = []
        variety = nil; audio = nil
    }

    init(_ session: SAXSession) {
        let intern = session.intern
        id = intern("id"); writtenForm = intern("writtenForm"); partOfSpeech = intern("partOfSpeech")
        synset = intern("synset"); n = intern("n"); lexicalized = intern("lexicalized"); ili = intern("ili")
        members = intern("members"); space = intern("space"); xml = intern("xml"); ref = intern("ref")
        version = intern("version")
        variety = intern("variety"); audio = intern("audio")
        metadata = lexiconMetadata.map(intern)
    }
}

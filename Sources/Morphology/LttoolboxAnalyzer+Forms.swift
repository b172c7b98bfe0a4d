extension LttoolboxAnalyzer: MorphologicalAnalyzer {
    /// The longest form enumerated, in characters (longer paths are not followed).
    package static let maxFormLength = 48
    /// The most transitions one enumeration follows: past it, it stops where it is (a hostile
    /// file's loops cannot make it run away). Debian's Spanish analyzer needs about 12 million
    /// for every lemma of omw-es.
    package static let maxEnumerationWork = 200_000_000

    /// Every form the transducers accept in a `@standard` section (a word) whose output is one
    /// lemma of `lemmas` followed by its tags: a walk over the analyzer's paths, depth first in
    /// transition order, that leaves a path as soon as its output's lemma can no longer be one of
    /// `lemmas` (lttoolbox writes a lemma's characters along with the form's: `casas` is
    /// `c:c a:a s:s a:a s:<n>` …), when its output starts a second word (`+`, an enclitic:
    /// `dámelo`) or goes on after its tags (the invariable rest of a multiword, `echar# de
    /// menos`), and past ``maxFormLength`` characters. A form reached by several paths with the
    /// same reading is given once. A lemma of `lemmas` followed by markers (``CitationForms``:
    /// Russian's homograph numbers, `год²`) is that lemma: its forms are given as the lemma's.
    ///
    /// So the release knows every form of its words that the analyzer knows, not only those of
    /// the frequency list and the example sentences (docs/policy.md, forms).
    @discardableResult
    package func enumerateForms(of lemmas: Set<String>, _ body: (GeneratedForm) -> Void) -> Bool {
        var walk = FormWalk(analyzer: self, lemmas: LemmaTrie(lemmas))
        for initial in initialStates { walk.visit(state: initial, lemmaNode: 0, depth: 0) }
        for form in walk.found { body(form) }
        return true
    }
}

/// The lemmas an enumeration looks for, as a trie of their scalars: node 0 is the empty prefix.
private struct LemmaTrie {
    /// (node, scalar) → the node after it.
    private var children: [UInt64: Int32] = [:]
    /// The lemma that ends at each node, if one does.
    private var words: [String?] = [nil]

    init(_ lemmas: Set<String>) {
        for lemma in lemmas {
            var node: Int32 = 0
            for scalar in lemma.unicodeScalars {
                let key = UInt64(UInt32(node)) << 32 | UInt64(scalar.value)
                if let next = children[key] {
                    node = next
                } else {
                    words.append(nil)
                    node = Int32(words.count - 1)
                    children[key] = node
                }
            }
            words[Int(node)] = lemma
        }
    }

    /// The node after `scalar` from `node`; nil when no lemma goes on so.
    func child(_ node: Int32, _ scalar: UInt32) -> Int32? {
        children[UInt64(UInt32(node)) << 32 | UInt64(scalar)]
    }

    /// The lemma that ends at `node`, if one does.
    func lemma(at node: Int32) -> String? { words[Int(node)] }
}

/// The depth-first walk of ``LttoolboxAnalyzer/enumerateForms(of:_:)``.
private struct FormWalk {
    let analyzer: LttoolboxAnalyzer
    let lemmas: LemmaTrie
    /// The form's characters so far, and the tags written after the lemma.
    var input: [UInt32] = []
    var tags: [Int32] = []
    var lemma: String?
    var work = 0
    var found: [GeneratedForm] = []
    /// The paths recorded, by their symbols: a form reached again with the same reading is given
    /// once (compared as numbers, before any string is made).
    var seen = Set<Path>()

    struct Path: Hashable {
        var input: [UInt32]
        var tags: [Int32]
        var lemma: String
    }

    /// The deepest a path goes (characters and epsilon moves): no dictionary's word comes near.
    static let maxDepth = 4 * LttoolboxAnalyzer.maxFormLength

    mutating func visit(state: Int32, lemmaNode: Int32, depth: Int) {
        let index = Int(state)
        if let lemma, !tags.isEmpty, !input.isEmpty, analyzer.finalKind[index] & LttoolboxFile.SectionKind.standard.rawValue != 0 {
            record(lemma)
        }
        guard depth < Self.maxDepth, work < LttoolboxAnalyzer.maxEnumerationWork else { return }
        for transition in Int(analyzer.transitionStart[index])..<Int(analyzer.transitionStart[index + 1]) {
            work += 1
            let (character, symbol) = (analyzer.transitionInput[transition], analyzer.transitionOutput[transition])
            if character > 0, input.count >= LttoolboxAnalyzer.maxFormLength { continue }
            var node = lemmaNode
            var endsLemma = false
            if symbol > 0 {
                // A character: of the lemma before the first tag; after it a second word (`+`) or
                // a multiword's rest, neither of which is a form of one lemma.
                guard tags.isEmpty else { continue }
                if let next = lemmas.child(lemmaNode, UInt32(symbol)) {
                    node = next
                } else if lemmas.lemma(at: lemmaNode) != nil, let scalar = Unicode.Scalar(UInt32(symbol)), CitationForms.isMarker(scalar) {
                    // A homograph's marker after a whole lemma: the lemma goes on unchanged.
                    node = lemmaNode
                } else {
                    continue
                }
            } else if symbol < 0 {
                if tags.isEmpty {
                    guard let complete = lemmas.lemma(at: lemmaNode) else { continue }
                    lemma = complete
                    endsLemma = true
                }
                tags.append(symbol)
            }
            if character > 0 { input.append(UInt32(character)) }
            visit(state: analyzer.transitionTarget[transition], lemmaNode: node, depth: depth + 1)
            if character > 0 { input.removeLast() }
            if symbol < 0 { tags.removeLast() }
            if endsLemma { lemma = nil }
        }
    }

    /// The form read so far, with its lemma and tags.
    private mutating func record(_ lemma: String) {
        guard seen.insert(Path(input: input, tags: tags, lemma: lemma)).inserted else { return }
        var form = String.UnicodeScalarView()
        for value in input {
            guard let scalar = Unicode.Scalar(value) else { return }
            form.append(scalar)
        }
        let names = tags.map { analyzer.tags[Int(-$0) - 1] }
        found.append(GeneratedForm(form: String(form), reading: AnalyzerReading(parts: [.init(lemma: lemma, tags: names)])))
    }
}

import CLibXML2
import Foundation
import VocabCore

public enum LexiconReader {
    /// Loads one lexicon from a WN-LMF file (`.xml` or `.xml.gz`, told apart by content).
    /// `displayPath` names the file in error messages.
    public static func load(_ url: URL, displayPath: String, options: LexiconLoadOptions) throws -> Lexicon {
        let stream = try XMLStream(path: url.path, displayPath: displayPath, maxBytes: options.maxBytes)
        var loader = Loader(stream: stream, options: options)
        return try loader.run()
    }

    /// Loads one lexicon from WN-LMF bytes held in memory (plain XML or gzip, told apart by
    /// content, decompressed by zlib like a file), with the same checks and errors as
    /// ``load(_:displayPath:options:)``.
    public static func load(data: Data, displayPath: String, options: LexiconLoadOptions) throws -> Lexicon {
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

typealias XMLName = UnsafePointer<xmlChar>

/// Element and attribute names interned in the reader's dictionary, so that names coming from
/// `xmlTextReaderConstLocalName` can be compared by pointer.
struct InternedNames {
    let lexicalResource, lexicon, lexicalEntry, lemma, sense, synset, definition, example: XMLName?
    let id, label, language, version, license, url, citation, email: XMLName?
    let writtenForm, partOfSpeech, synsetAttr, n, lexicalized, ili, members, space, xml: XMLName?

    init(_ reader: xmlTextReaderPtr) {
        func intern(_ s: String) -> XMLName? {
            s.withCString { p in
                p.withMemoryRebound(to: xmlChar.self, capacity: s.utf8.count + 1) { xmlTextReaderConstString(reader, $0) }
            }
        }
        lexicalResource = intern("LexicalResource"); lexicon = intern("Lexicon")
        lexicalEntry = intern("LexicalEntry"); lemma = intern("Lemma"); sense = intern("Sense")
        synset = intern("Synset"); definition = intern("Definition"); example = intern("Example")
        id = intern("id"); label = intern("label"); language = intern("language"); version = intern("version")
        license = intern("license"); url = intern("url"); citation = intern("citation"); email = intern("email")
        writtenForm = intern("writtenForm"); partOfSpeech = intern("partOfSpeech"); synsetAttr = intern("synset")
        n = intern("n"); lexicalized = intern("lexicalized"); ili = intern("ili"); members = intern("members")
        space = intern("space"); xml = intern("xml")
    }
}

private let typeElement = Int32(XML_READER_TYPE_ELEMENT.rawValue)
private let typeEndElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
private let typeText = Int32(XML_READER_TYPE_TEXT.rawValue)
private let typeCDATA = Int32(XML_READER_TYPE_CDATA.rawValue)
private let typeWhitespace = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
private let typeSignificantWhitespace = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
private let typeDocumentType = Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue)
private let typeEntityReference = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)
private let typeEntity = Int32(XML_READER_TYPE_ENTITY.rawValue)

/// The streaming state machine over one document.
private struct Loader {
    let stream: XMLStream
    let reader: xmlTextReaderPtr
    let names: InternedNames
    let options: LexiconLoadOptions

    // Document level.
    var formatVersion: String?
    var rootSeen = false
    var rootEnded = false
    var lexiconIds: [String] = []
    var info: LexiconInfo?
    var inKeptLexicon = false
    var severalLexicons = false
    /// xml:space="preserve" in effect on LexicalResource, Lexicon, Synset.
    var preserveStack: [Bool] = [false]

    // Collected content of the kept lexicon.
    var entries: [LexicalEntry] = []
    var synsets: [Synset] = []
    // Lines of entries and synsets (document order) and of senses (in each entry's sense
    // order), for the checks done at the end, when the id indexes are built at their final size.
    var entryLines: [Int32] = []
    var synsetLines: [Int32] = []
    var senseLines: [Int32] = []
    /// The entry indexes, started at the first synset (see ``EntryIndexes``).
    var entryIndexTask: EntryIndexTask?

    // The open LexicalEntry.
    var entryOpen = false
    var entryId = ""
    var entryLine = 0
    var lemmaForm: String?
    var lemmaPos: String?
    var entrySenses: [Sense] = []
    var entrySenseStart = 0
    var entryHasN = false

    // The open Synset.
    var synsetOpen = false
    var current = Synset(id: "")
    // The open Definition (1) or Example (2) whose text is collected.
    var textTarget = 0
    var textPreserve = false
    var text: [UInt8] = []

    init(stream: XMLStream, options: LexiconLoadOptions) {
        self.stream = stream
        self.reader = stream.reader
        self.names = InternedNames(stream.reader)
        self.options = options
        text.reserveCapacity(1024)
    }

    func error(_ line: Int?, _ element: String?, _ reason: String) -> VocabError {
        VocabError(.lexicon, file: stream.context.displayPath, line: line, location: element, reason)
    }

    /// The line of the current element node; call it before moving to the attributes.
    /// libxml2 stores element lines in 16 bits; beyond that the parser's line is used.
    @inline(__always) func nodeLine() -> Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = Int(node.pointee.line)
            if line > 0 && line < 65535 { return line }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    @inline(__always) func value() -> String {
        guard let v = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: v)
    }

    @inline(__always) func hasPrefix() -> Bool { xmlTextReaderConstPrefix(reader) != nil }

    mutating func run() throws -> Lexicon {
        var status = xmlTextReaderRead(reader)
        while status == 1 {
            let type = xmlTextReaderNodeType(reader)
            var skip = false
            if type == typeElement {
                skip = try startElement()
            } else if type == typeEndElement {
                try endElement(xmlTextReaderConstLocalName(reader))
            } else if type == typeText || type == typeSignificantWhitespace || type == typeWhitespace || type == typeCDATA {
                if textTarget != 0, let v = xmlTextReaderConstValue(reader) {
                    let count = strlen(UnsafeRawPointer(v).assumingMemoryBound(to: CChar.self))
                    text.append(contentsOf: UnsafeBufferPointer(start: v, count: count))
                }
            } else if type == typeDocumentType {
                try doctype()
            } else if type == typeEntityReference || type == typeEntity {
                throw error(Int(xmlTextReaderGetParserLineNumber(reader)), nil, "entity references are not allowed in a WN-LMF file")
            }
            status = skip ? xmlTextReaderNext(reader) : xmlTextReaderRead(reader)
        }
        if status < 0 || stream.context.parserError != nil || stream.context.inputError != nil {
            throw stream.failure(line: Int(xmlTextReaderGetParserLineNumber(reader)))
        }
        if !rootSeen { throw error(nil, nil, "the document has no root element") }
        if !rootEnded {
            throw error(Int(xmlTextReaderGetParserLineNumber(reader)), "LexicalResource", "the document ends before </LexicalResource>")
        }
        if severalLexicons {
            throw error(nil, "Lexicon", "the file holds several lexicons (\(lexiconIds.joined(separator: ", "))); choose one by its id")
        }
        guard let info else {
            if let wanted = options.lexiconId {
                let found = lexiconIds.isEmpty ? "none" : lexiconIds.joined(separator: ", ")
                throw error(nil, "Lexicon", "no lexicon with id '\(wanted)' (the file holds: \(found))")
            }
            throw error(nil, "Lexicon", "the file holds no Lexicon")
        }
        // Ids are unique per kind within the lexicon; every sense's synset exists. The entry
        // indexes were built while the synsets were parsed, unless an entry came after a synset.
        var indexes = entryIndexTask?.indexes
        if indexes?.entryCount != entries.count {
            indexes = EntryIndexes(entries, senseCount: senseLines.count, forms: options.indexForms)
        }
        let entryIndexes = indexes!
        if let i = entryIndexes.duplicateEntry {
            throw error(Int(entryLines[i]), "LexicalEntry", "duplicate entry id '\(entries[i].id)'")
        }
        var synsetIndexById = [String: Int](minimumCapacity: synsets.count)
        for (i, synset) in synsets.enumerated() where synsetIndexById.updateValue(i, forKey: synset.id) != nil {
            throw error(Int(synsetLines[i]), "Synset", "duplicate synset id '\(synset.id)'")
        }
        var k = 0
        for entry in entries {
            for sense in entry.senses {
                if k == entryIndexes.duplicateSense {
                    throw error(Int(senseLines[k]), "Sense", "duplicate sense id '\(sense.id)'")
                }
                if synsetIndexById[sense.synset] == nil {
                    throw error(Int(senseLines[k]), "Sense", "sense '\(sense.id)' refers to synset '\(sense.synset)', which is not in the lexicon")
                }
                k += 1
            }
        }
        return Lexicon(
            info: info, entries: entries, synsets: synsets, entryIndexById: entryIndexes.entryIndexById,
            synsetIndexById: synsetIndexById, senseLocationById: entryIndexes.senseLocationById,
            formIndex: entryIndexes.formIndex)
    }

    mutating func doctype() throws {
        let line = stream.context.doctypeLine() ?? Int(xmlTextReaderGetParserLineNumber(reader))
        // The current node is the document's xmlDtd. (Not xmlTextReaderCurrentDoc: that makes
        // the reader keep the whole tree in memory.)
        guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_DTD_NODE else { return }
        let d = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self).pointee
        if d.entities != nil || d.pentities != nil {
            throw error(line, "DOCTYPE", "DOCTYPE with an internal subset is not allowed (it declares entities; WN-LMF needs none, and none is ever expanded or loaded)")
        }
        if d.children != nil || d.elements != nil || d.attributes != nil {
            throw error(line, "DOCTYPE", "DOCTYPE with an internal subset is not allowed")
        }
        guard let systemId = d.SystemID.map({ String(cString: $0) }),
              let version = LexiconReader.formatVersion(systemId: systemId)
        else {
            throw error(line, "DOCTYPE", "the DOCTYPE does not name a WN-LMF DTD (expected a system id like http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd)")
        }
        guard LexiconReader.supportedVersions.contains(version) else {
            throw error(line, "DOCTYPE", "unsupported WN-LMF version \(version) (supported: 1.0 to 1.4)")
        }
        formatVersion = version
    }

    /// Handles a start tag. Returns true when the element's subtree is to be skipped.
    mutating func startElement() throws -> Bool {
        let name = xmlTextReaderConstLocalName(reader)
        if entryOpen {
            if name == names.sense { try startSense() }
            else if name == names.lemma { try startLemma() }
            return false
        }
        if synsetOpen {
            if name == names.definition || name == names.example {
                if options.keepText { startText(name == names.definition ? 1 : 2) }
            }
            return false
        }
        if inKeptLexicon {
            if name == names.lexicalEntry { try startEntry() }
            else if name == names.synset { try startSynset() }
            return false
        }
        if !rootSeen {
            rootSeen = true
            let line = nodeLine()
            guard formatVersion != nil else {
                throw error(line, elementName(name), "a WN-LMF DOCTYPE is required (for example <!DOCTYPE LexicalResource SYSTEM \"http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd\">)")
            }
            guard name == names.lexicalResource else {
                throw error(line, elementName(name), "the root element must be LexicalResource, not \(elementName(name))")
            }
            let empty = xmlTextReaderIsEmptyElement(reader) == 1
            preserveStack.append(readSpaceOnly(inherited: false))
            if empty { rootEnded = true }
            return false
        }
        if name == names.lexicon && !rootEnded && xmlTextReaderDepth(reader) == 1 {
            return try startLexicon()
        }
        return false
    }

    func elementName(_ name: XMLName?) -> String {
        name.map { String(cString: $0) } ?? "?"
    }

    /// Reads only xml:space on the current element.
    func readSpaceOnly(inherited: Bool) -> Bool {
        var preserve = inherited
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if xmlTextReaderConstLocalName(reader) == names.space && xmlTextReaderConstPrefix(reader) == names.xml {
                preserve = spacePreserve(inherited)
            }
        }
        return preserve
    }

    func spacePreserve(_ inherited: Bool) -> Bool {
        let v = value()
        if v == "preserve" { return true }
        if v == "default" { return false }
        return inherited
    }

    mutating func startLexicon() throws -> Bool {
        let line = nodeLine()
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        var id: String?, label: String?, language: String?, version: String?
        var license: String?, url: String?, citation: String?, email: String?
        var preserve = preserveStack.last ?? false
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let a = xmlTextReaderConstLocalName(reader)
            if a == names.space && xmlTextReaderConstPrefix(reader) == names.xml { preserve = spacePreserve(preserve); continue }
            if a == nil || hasPrefix() { continue }
            if a == names.id { id = value() }
            else if a == names.label { label = value() }
            else if a == names.language { language = value() }
            else if a == names.version { version = value() }
            else if a == names.license { license = value() }
            else if a == names.url { url = value() }
            else if a == names.citation { citation = value() }
            else if a == names.email { email = value() }
        }
        guard let id else { throw error(line, "Lexicon", "missing required attribute 'id'") }
        lexiconIds.append(id)
        let keep: Bool
        if let wanted = options.lexiconId {
            keep = wanted == id && info == nil
        } else {
            if info != nil { severalLexicons = true }
            keep = info == nil
        }
        guard keep else { return !empty }
        guard let label else { throw error(line, "Lexicon", "missing required attribute 'label'") }
        guard let language else { throw error(line, "Lexicon", "missing required attribute 'language'") }
        guard let version else { throw error(line, "Lexicon", "missing required attribute 'version'") }
        info = LexiconInfo(
            id: id, label: label, language: language, version: version, license: license, url: url,
            citation: citation, email: email, formatVersion: formatVersion ?? "")
        if !empty {
            inKeptLexicon = true
            preserveStack.append(preserve)
        }
        return false
    }

    mutating func startEntry() throws {
        let line = nodeLine()
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        var id: String?
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if xmlTextReaderConstLocalName(reader) == names.id && !hasPrefix() { id = value() }
        }
        guard let id else { throw error(line, "LexicalEntry", "missing required attribute 'id'") }
        entryOpen = true
        entryId = id
        entryLine = line
        lemmaForm = nil
        lemmaPos = nil
        // Fresh arrays: the entry keeps its senses' buffer, which must not carry the
        // capacity of the largest entry seen so far.
        entrySenses = []
        entrySenseStart = senseLines.count
        entryHasN = false
        if empty { try endEntry() }
    }

    mutating func startLemma() throws {
        let line = nodeLine()
        var form: String?, pos: String?
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let a = xmlTextReaderConstLocalName(reader)
            if a == names.writtenForm && !hasPrefix() { form = value() }
            else if a == names.partOfSpeech && !hasPrefix() { pos = posValue() }
        }
        guard let form else { throw error(line, "Lemma", "missing required attribute 'writtenForm'") }
        guard let pos else { throw error(line, "Lemma", "missing required attribute 'partOfSpeech'") }
        lemmaForm = form
        lemmaPos = pos
    }

    /// Part-of-speech letters without allocating for the usual one-letter values.
    func posValue() -> String {
        guard let v = xmlTextReaderConstValue(reader) else { return "" }
        if v[0] != 0 && v[1] == 0 {
            switch v[0] {
            case UInt8(ascii: "n"): return "n"
            case UInt8(ascii: "v"): return "v"
            case UInt8(ascii: "a"): return "a"
            case UInt8(ascii: "s"): return "s"
            case UInt8(ascii: "r"): return "r"
            default: break
            }
        }
        return String(cString: v)
    }

    func isFalse() -> Bool {
        guard let v = xmlTextReaderConstValue(reader) else { return false }
        return v[0] == UInt8(ascii: "f") && strcmp(UnsafeRawPointer(v).assumingMemoryBound(to: CChar.self), "false") == 0
    }

    mutating func startSense() throws {
        let line = nodeLine()
        var id: String?, synset: String?, n: Int?, lexicalized = true
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let a = xmlTextReaderConstLocalName(reader)
            if a == names.id { if !hasPrefix() { id = value() } }
            else if a == names.synsetAttr { if !hasPrefix() { synset = value() } }
            else if a == names.lexicalized { if isFalse() { lexicalized = false } }
            else if a == names.n && !hasPrefix() {
                let text = value().trimmingCharacters(in: .whitespaces)
                guard let number = Int(text) else {
                    throw error(line, "Sense", "attribute 'n' must be a whole number, not '\(text)'")
                }
                n = number
            }
        }
        guard let id else { throw error(line, "Sense", "missing required attribute 'id'") }
        guard let synset else { throw error(line, "Sense", "missing required attribute 'synset'") }
        if n != nil { entryHasN = true }
        entrySenses.append(Sense(id: id, synset: synset, n: n, lexicalized: lexicalized))
        senseLines.append(Int32(clamping: line))
    }

    mutating func endEntry() throws {
        entryOpen = false
        guard let form = lemmaForm, let pos = lemmaPos else {
            throw error(entryLine, "LexicalEntry", "entry '\(entryId)' has no Lemma")
        }
        var senses = entrySenses
        if entryHasN && senses.count > 1 {
            let order = senses.indices.sorted { l, r in
                let nl = senses[l].n ?? Int.max, nr = senses[r].n ?? Int.max
                return nl != nr ? nl < nr : l < r
            }
            senses = order.map { senses[$0] }
            let lines = senseLines[entrySenseStart...]
            senseLines.replaceSubrange(entrySenseStart..., with: order.map { lines[entrySenseStart + $0] })
        }
        entryLines.append(Int32(clamping: entryLine))
        entries.append(LexicalEntry(id: entryId, writtenForm: form, partOfSpeech: pos, senses: senses, documentIndex: entries.count))
    }

    mutating func startSynset() throws {
        if entryIndexTask == nil {
            // Entries come before synsets: index them on another thread meanwhile.
            entryIndexTask = EntryIndexTask(entries, senseCount: senseLines.count, forms: options.indexForms)
        }
        let line = nodeLine()
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        var id: String?, ili: String?, pos: String?, members: [String]?, lexicalized = true
        var preserve = preserveStack.last ?? false
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let a = xmlTextReaderConstLocalName(reader)
            if a == names.space && xmlTextReaderConstPrefix(reader) == names.xml { preserve = spacePreserve(preserve); continue }
            if a == nil || hasPrefix() { continue }
            if a == names.id { id = value() }
            else if a == names.ili { ili = value() }
            else if a == names.partOfSpeech { pos = posValue() }
            else if a == names.members { members = splitMembers() }
            else if a == names.lexicalized { if isFalse() { lexicalized = false } }
        }
        guard let id else { throw error(line, "Synset", "missing required attribute 'id'") }
        synsetLines.append(Int32(clamping: line))
        current = Synset(id: id, ili: ili, partOfSpeech: pos, members: members, lexicalized: lexicalized)
        if empty {
            synsets.append(current)
        } else {
            synsetOpen = true
            preserveStack.append(preserve)
        }
    }

    func splitMembers() -> [String] {
        guard let v = xmlTextReaderConstValue(reader) else { return [] }
        var result: [String] = []
        var i = 0
        var start = -1
        while true {
            let c = v[i]
            let isSpace = c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
            if c == 0 || isSpace {
                if start >= 0 {
                    result.append(String(decoding: UnsafeBufferPointer(start: v + start, count: i - start), as: UTF8.self))
                    start = -1
                }
                if c == 0 { break }
            } else if start < 0 {
                start = i
            }
            i += 1
        }
        return result
    }

    mutating func startText(_ target: Int) {
        var preserve = preserveStack.last ?? false
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        preserve = readSpaceOnly(inherited: preserve)
        text.removeAll(keepingCapacity: true)
        textTarget = target
        textPreserve = preserve
        if empty { endText() }
    }

    mutating func endText() {
        let string: String
        if textPreserve {
            string = String(decoding: text, as: UTF8.self)
        } else {
            string = collapsed(text)
        }
        if textTarget == 1 { current.definitions.append(string) } else { current.examples.append(string) }
        textTarget = 0
    }

    mutating func endElement(_ name: XMLName?) throws {
        if textTarget != 0 {
            if name == names.definition || name == names.example { endText() }
            return
        }
        if entryOpen {
            if name == names.lexicalEntry { try endEntry() }
            return
        }
        if synsetOpen {
            if name == names.synset {
                synsetOpen = false
                preserveStack.removeLast()
                synsets.append(current)
            }
            return
        }
        if inKeptLexicon {
            if name == names.lexicon {
                inKeptLexicon = false
                preserveStack.removeLast()
            }
            return
        }
        if name == names.lexicalResource && xmlTextReaderDepth(reader) == 0 { rootEnded = true }
    }
}

/// Trims XML whitespace and turns each run of it into one space.
func collapsed(_ bytes: [UInt8]) -> String {
    // Most text is already collapsed: no tab, CR or LF, no leading, trailing or double space.
    var clean = bytes.first != 0x20 && bytes.last != 0x20
    if clean {
        var previousSpace = false
        for b in bytes {
            if b == 0x20 {
                if previousSpace { clean = false; break }
                previousSpace = true
            } else if b == 0x09 || b == 0x0A || b == 0x0D {
                clean = false
                break
            } else {
                previousSpace = false
            }
        }
    }
    if clean { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var pendingSpace = false
    for b in bytes {
        if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
            pendingSpace = !out.isEmpty
        } else {
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(b)
        }
    }
    return String(decoding: out, as: UTF8.self)
}

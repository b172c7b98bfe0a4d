import CLibXML2
import Foundation
import VocabCore

private let typeElement = Int32(XML_READER_TYPE_ELEMENT.rawValue)
private let typeEndElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
private let typeText = Int32(XML_READER_TYPE_TEXT.rawValue)
private let typeCDATA = Int32(XML_READER_TYPE_CDATA.rawValue)
private let typeWhitespace = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
private let typeSignificantWhitespace = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
private let typeDocumentType = Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue)
private let typeEntityReference = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)
private let typeEntity = Int32(XML_READER_TYPE_ENTITY.rawValue)

/// The streaming state machine over one document: ``run()`` reads the nodes one by one and hands
/// each start and end tag to the element handlers, which are extensions in
/// `Loader+Document.swift`, `Loader+Entries.swift` and `Loader+Synsets.swift`. Only the kept
/// lexicon's content is collected; ids and synset references are checked at the end.
struct Loader {
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
    var lemmaPos: WordNetPartOfSpeech?
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

    /// `problem` at `line`, in `element`, in this file.
    func error(_ line: Int?, _ element: String?, _ problem: LexiconProblem) -> LexiconError {
        LexiconError(file: stream.context.displayPath, line: line, item: element, problem)
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

    mutating func run() throws(LexiconError) -> Lexicon {
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
                throw error(Int(xmlTextReaderGetParserLineNumber(reader)), nil, .entityReference)
            }
            status = skip ? xmlTextReaderNext(reader) : xmlTextReaderRead(reader)
        }
        if status < 0 || stream.context.parserError != nil || stream.context.inputError != nil {
            throw stream.failure(line: Int(xmlTextReaderGetParserLineNumber(reader)))
        }
        if !rootSeen { throw error(nil, nil, .noRootElement) }
        if !rootEnded {
            throw error(Int(xmlTextReaderGetParserLineNumber(reader)), "LexicalResource", .rootNotClosed)
        }
        if severalLexicons {
            throw error(nil, "Lexicon", .severalLexicons(lexiconIds))
        }
        guard let info else {
            if let wanted = options.lexiconId {
                throw error(nil, "Lexicon", .noSuchLexicon(wanted, found: lexiconIds))
            }
            throw error(nil, "Lexicon", .noLexicon)
        }
        // Ids are unique per kind within the lexicon; every sense's synset exists. The entry
        // indexes were built while the synsets were parsed, unless an entry came after a synset.
        var indexes = entryIndexTask?.indexes
        if indexes?.entryCount != entries.count {
            indexes = EntryIndexes(entries, senseCount: senseLines.count, forms: options.indexForms)
        }
        let entryIndexes = indexes!
        if let i = entryIndexes.duplicateEntry {
            throw error(Int(entryLines[i]), "LexicalEntry", .duplicateEntryId(entries[i].id))
        }
        var synsetIndexById = [String: Int](minimumCapacity: synsets.count)
        for (i, synset) in synsets.enumerated() where synsetIndexById.updateValue(i, forKey: synset.id) != nil {
            throw error(Int(synsetLines[i]), "Synset", .duplicateSynsetId(synset.id))
        }
        var k = 0
        for entry in entries {
            for sense in entry.senses {
                if k == entryIndexes.duplicateSense {
                    throw error(Int(senseLines[k]), "Sense", .duplicateSenseId(sense.id))
                }
                if synsetIndexById[sense.synset] == nil {
                    throw error(Int(senseLines[k]), "Sense", .danglingSense(senseId: sense.id, synsetId: sense.synset))
                }
                k += 1
            }
        }
        return Lexicon(
            info: info, entries: entries, synsets: synsets, entryIndexById: entryIndexes.entryIndexById,
            synsetIndexById: synsetIndexById, senseLocationById: entryIndexes.senseLocationById,
            formIndex: entryIndexes.formIndex)
    }

    mutating func doctype() throws(LexiconError) {
        let line = stream.context.doctypeLine() ?? Int(xmlTextReaderGetParserLineNumber(reader))
        // The current node is the document's xmlDtd. (Not xmlTextReaderCurrentDoc: that makes
        // the reader keep the whole tree in memory.)
        guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_DTD_NODE else { return }
        let d = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self).pointee
        if d.entities != nil || d.pentities != nil {
            throw error(line, "DOCTYPE", .internalSubset(.declaringEntities))
        }
        if d.children != nil || d.elements != nil || d.attributes != nil {
            throw error(line, "DOCTYPE", .internalSubset(.declaringMarkup))
        }
        guard let systemId = d.SystemID.map({ String(cString: $0) }),
              let version = LexiconReader.formatVersion(systemId: systemId)
        else {
            throw error(line, "DOCTYPE", .doctypeNotWNLMF)
        }
        guard LexiconReader.supportedVersions.contains(version) else {
            throw error(line, "DOCTYPE", .unsupportedVersion(version))
        }
        formatVersion = version
    }
}

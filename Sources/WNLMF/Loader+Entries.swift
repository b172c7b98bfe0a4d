import VocabCore
import CLibXML2
import Foundation

/// `LexicalEntry`, its `Lemma` and its `Sense`s.
extension Loader {
    mutating func startEntry() throws(LexiconError) {
        let line = nodeLine()
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        var id: String?
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if xmlTextReaderConstLocalName(reader) == names.id && !hasPrefix() { id = value() }
        }
        guard let id else { throw error(line, "LexicalEntry", .missingAttribute("id")) }
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

    mutating func startLemma() throws(LexiconError) {
        let line = nodeLine()
        var form: String?, pos: WordNetPartOfSpeech?
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let a = xmlTextReaderConstLocalName(reader)
            if a == names.writtenForm && !hasPrefix() { form = value() }
            else if a == names.partOfSpeech && !hasPrefix() { pos = posValue() }
        }
        guard let form else { throw error(line, "Lemma", .missingAttribute("writtenForm")) }
        guard let pos else { throw error(line, "Lemma", .missingAttribute("partOfSpeech")) }
        lemmaForm = form
        lemmaPos = pos
    }

    /// Part-of-speech letters without allocating for the usual one-letter values.
    func posValue() -> WordNetPartOfSpeech {
        guard let v = xmlTextReaderConstValue(reader) else { return "" }
        if v[0] != 0 && v[1] == 0 {
            switch v[0] {
            case UInt8(ascii: "n"): return .noun
            case UInt8(ascii: "v"): return .verb
            case UInt8(ascii: "a"): return .adjective
            case UInt8(ascii: "s"): return .satellite
            case UInt8(ascii: "r"): return .adverb
            default: break
            }
        }
        return WordNetPartOfSpeech(rawValue: String(cString: v))
    }

    func isFalse() -> Bool {
        guard let v = xmlTextReaderConstValue(reader) else { return false }
        return v[0] == UInt8(ascii: "f") && strcmp(UnsafeRawPointer(v).assumingMemoryBound(to: CChar.self), "false") == 0
    }

    mutating func startSense() throws(LexiconError) {
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
                    throw error(line, "Sense", .invalidSenseNumber(text))
                }
                n = number
            }
        }
        guard let id else { throw error(line, "Sense", .missingAttribute("id")) }
        guard let synset else { throw error(line, "Sense", .missingAttribute("synset")) }
        if n != nil { entryHasN = true }
        entrySenses.append(Sense(id: id, synset: synset, n: n, lexicalized: lexicalized))
        senseLines.append(Int32(clamping: line))
    }

    mutating func endEntry() throws(LexiconError) {
        entryOpen = false
        guard let form = lemmaForm, let pos = lemmaPos else {
            throw error(entryLine, "LexicalEntry", .entryWithoutLemma(entryId: entryId))
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
}

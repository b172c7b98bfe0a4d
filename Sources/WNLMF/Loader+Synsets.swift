import CLibXML2
import VocabCore

/// `Synset` and the text of its `Definition`s and `Example`s.
extension Loader {
    mutating func startSynset() throws(LexiconError) {
        if entryIndexTask == nil {
            // Entries come before synsets: index them on another thread meanwhile.
            entryIndexTask = EntryIndexTask(entries, senseCount: senseLines.count, forms: options.indexForms)
        }
        let line = nodeLine()
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        var id: String?, ili: String?, pos: WordNetPartOfSpeech?, members: [String]?, lexicalized = true
        let preserve = forEachAttribute { a in
            if a == names.id { id = value() }
            else if a == names.ili { ili = value() }
            else if a == names.partOfSpeech { pos = posValue() }
            else if a == names.members { members = splitMembers() }
            else if a == names.lexicalized { if isFalse() { lexicalized = false } }
        }
        guard let id else { throw error(line, "Synset", .missingAttribute("id")) }
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

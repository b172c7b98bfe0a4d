import CLibXML2
import Foundation
import VocabCore

/// `Synset`, its members and the text of its `Definition`s and `Example`s.
extension LexiconLoader {
    func startSynset(_ attributes: Attributes) {
        document.synsetSeen = true
        let line = self.line
        var id = -1, ili = -1, pos = -1, members = -1, lexicalized = true
        for i in 0..<attributes.count where attributes.prefix(i) == nil {
            let a = attributes.name(i)
            if a == names.id { id = i }
            else if a == names.ili { ili = i }
            else if a == names.partOfSpeech { pos = i }
            else if a == names.members { members = i }
            else if a == names.lexicalized { if attributes.equals(i, "false") { lexicalized = false } }
        }
        guard id >= 0 else { return fail(error(line, "Synset", .missingAttribute("id"))) }
        guard let handle = attributes.withValue(id, store.synsetHandle) else {
            return fail(error(line, "Synset", .tooLarge(limit: input.maxBytes)))
        }
        if store.synsetRecord[Int(handle)] != -1 {
            if store.duplicateSynset == nil { store.duplicateSynset = (store.synsetIds.string(handle), line) }
        }
        switch store.content {
        case .everything: synset.kept = true
        case .entries(_, _, let concepts):
            synset.kept = store.synsetNeeded[Int(handle)] || (concepts && ili >= 0 && attributes.withValue(ili, Synset.isInterlingual))
        case .interlingual: synset.kept = ili >= 0 && attributes.withValue(ili, Synset.isInterlingual)
        }
        if store.synsetRecord[Int(handle)] == -1 {
            store.synsetRecord[Int(handle)] = -2
            store.synsetLines[Int(handle)] = Int32(clamping: line)
        }
        // A synset kept only as a concept keeps no text.
        synset.textKept = synset.kept && store.keepsText && (!store.keepsConcepts || store.synsetNeeded[Int(handle)])
        guard synset.kept else { return }
        synset.record = SynsetRecord(
            id: handle, ili: .absent, partOfSpeech: .absent,
            firstMember: Int32(store.memberRefs.count), memberCount: -1,
            firstText: Int32(store.texts.count), textCount: 0, lexicalized: lexicalized)
        if ili >= 0 {
            guard let span = attributes.withValue(ili, { store.arena.append($0, count: $1) }) else {
                return fail(error(line, "Synset", .tooLarge(limit: input.maxBytes)))
            }
            synset.record.ili = span
        }
        if pos >= 0 {
            guard let span = attributes.withValue(pos, store.partOfSpeech) else {
                return fail(error(line, "Synset", .tooLarge(limit: input.maxBytes)))
            }
            synset.record.partOfSpeech = span
        }
        if members >= 0 { attributes.withValue(members, splitMembers) }
    }

    /// Splits `members` on white space: the names kept as they are, or resolved to an entry
    /// (OEWN names entries) or a sense (OMW names senses).
    func splitMembers(_ v: UnsafePointer<UInt8>, _ n: Int) {
        var count: Int32 = 0
        var i = 0
        while i < n {
            while i < n && isSpace(v[i]) { i += 1 }
            let start = i
            while i < n && !isSpace(v[i]) { i += 1 }
            guard i > start else { break }
            if let ref = store.memberRef(v + start, i - start, name: { store.arena.append(v + start, count: i - start) }) {
                store.memberRefs.append(ref)
                count += 1
            } else if store.keepsEverything {
                return fail(error(line, "Synset", .tooLarge(limit: input.maxBytes)))
            }
        }
        synset.record.memberCount = count
    }

    @inline(__always) private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    func endSynset() {
        guard synset.kept else { return }
        let handle = Int(synset.record.id)
        if store.synsetRecord[handle] < 0 { store.synsetRecord[handle] = Int32(store.synsets.count) }
        store.synsets.append(synset.record)
    }

    /// A `Definition` or `Example` of the open synset: every text is measured against the
    /// limit; only a kept synset's is kept.
    func startText(_ element: LMFElement, preserve: Bool) {
        text.element = element
        text.kept = synset.textKept
        text.preserve = preserve
        text.length = 0
        text.bytes.removeAll(keepingCapacity: true)
    }

    func endText() {
        guard text.kept else { return }
        let span: Span?
        if text.preserve {
            span = text.bytes.withUnsafeBufferPointer { store.arena.append($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
        } else {
            span = collapsed(text.bytes) { store.arena.append($0, count: $1) }
        }
        guard let span else { return fail(error(line, "Synset", .tooLarge(limit: input.maxBytes))) }
        store.texts.append(TextRecord(text: span, isExample: text.element == .example))
        synset.record.textCount += 1
    }
}

/// Trims XML white space and turns each run of it into one space; `body` gets the result.
func collapsed<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    bytes.withUnsafeBufferPointer { input in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(input.count, 1)) { out in
            var n = 0
            var pendingSpace = false
            for b in input {
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    pendingSpace = n > 0
                } else {
                    if pendingSpace {
                        out[n] = 0x20
                        n += 1
                        pendingSpace = false
                    }
                    out[n] = b
                    n += 1
                }
            }
            return body(UnsafePointer(out.baseAddress!), n)
        }
    }
}

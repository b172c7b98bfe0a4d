import CLibXML2
import Foundation
import VocabCore

/// A sense of the open entry, until the entry ends and its senses are put in order.
struct PendingSense {
    var idStart: Int
    var idCount: Int
    var synset: Int32
    var n: Int?
    var line: Int32
    var lexicalized: Bool
}

/// `LexicalEntry`, its `Lemma` and its `Sense`s.
extension LexiconLoader {
    func startEntry(_ attributes: Attributes) {
        let line = self.line
        var found = -1
        for i in 0..<attributes.count where attributes.name(i) == names.id && attributes.prefix(i) == nil { found = i }
        guard found >= 0 else { return fail(error(line, "LexicalEntry", .missingAttribute("id"))) }
        if document.synsetSeen && !store.keepsEverything { store.outOfOrder = true }
        guard let (handle, inserted) = attributes.withValue(found, store.entryIds.intern) else {
            return fail(error(line, "LexicalEntry", .tooLarge(limit: input.maxBytes)))
        }
        if !inserted && store.duplicateEntry == nil {
            store.duplicateEntry = (store.entryIds.string(handle), line)
        }
        entry.handle = handle
        entry.line = line
        entry.form = nil
        entry.partOfSpeech = nil
        entry.hasSenseNumbers = false
        entry.senses.removeAll(keepingCapacity: true)
        entry.senseIdBytes.removeAll(keepingCapacity: true)
        entry.pronunciations.removeAll(keepingCapacity: true)
        entry.wordForms.removeAll(keepingCapacity: true)
    }

    /// A `Pronunciation` of the `Lemma`: its `variety` and `audio`, then its text (kept with the
    /// lexicon's text, as card content).
    func startPronunciation(_ attributes: Attributes) {
        text.element = .pronunciation
        text.kept = store.keepsText
        text.preserve = false
        text.length = 0
        text.bytes.removeAll(keepingCapacity: true)
        guard text.kept else { return }
        var record = PronunciationRecord(text: .absent, variety: .absent, audio: .absent)
        for i in 0..<attributes.count where attributes.prefix(i) == nil {
            let a = attributes.name(i)
            guard a == names.variety || a == names.audio else { continue }
            guard let span = attributes.withValue(i, { store.arena.append($0, count: $1) }) else {
                return fail(error(line, "Pronunciation", .tooLarge(limit: input.maxBytes)))
            }
            if a == names.variety { record.variety = span } else { record.audio = span }
        }
        entry.pronunciations.append(record)
    }

    /// The `Pronunciation`'s text, whitespace collapsed; one without text is not kept.
    func endPronunciation() {
        guard text.kept, !entry.pronunciations.isEmpty else { return }
        guard let span = collapsed(text.bytes, { store.arena.append($0, count: $1) }) else {
            return fail(error(line, "Pronunciation", .tooLarge(limit: input.maxBytes)))
        }
        if span.count == 0 { entry.pronunciations.removeLast() } else { entry.pronunciations[entry.pronunciations.count - 1].text = span }
    }

    func startLemma(_ attributes: Attributes) {
        var form = -1, pos = -1
        for i in 0..<attributes.count where attributes.prefix(i) == nil {
            let a = attributes.name(i)
            if a == names.writtenForm { form = i } else if a == names.partOfSpeech { pos = i }
        }
        guard form >= 0 else { return fail(error(line, "Lemma", .missingAttribute("writtenForm"))) }
        guard pos >= 0 else { return fail(error(line, "Lemma", .missingAttribute("partOfSpeech"))) }
        guard let formSpan = attributes.withValue(form, { store.arena.append($0, count: $1) }),
              let posSpan = attributes.withValue(pos, store.partOfSpeech)
        else { return fail(error(line, "Lemma", .tooLarge(limit: input.maxBytes))) }
        entry.form = formSpan
        entry.partOfSpeech = posSpan
    }

    /// A `Form` of the entry: its `writtenForm` (an inflected form; its `Script`s, tags and
    /// pronunciations are not read).
    func startWordForm(_ attributes: Attributes) {
        var form = -1
        for i in 0..<attributes.count where attributes.prefix(i) == nil && attributes.name(i) == names.writtenForm { form = i }
        guard form >= 0 else { return fail(error(line, "Form", .missingAttribute("writtenForm"))) }
        guard let span = attributes.withValue(form, { store.arena.append($0, count: $1) }) else {
            return fail(error(line, "Form", .tooLarge(limit: input.maxBytes)))
        }
        entry.wordForms.append(span)
    }

    func startSense(_ attributes: Attributes) {
        let line = self.line
        var id = -1, synset = -1, n: Int?, lexicalized = true
        for i in 0..<attributes.count {
            let a = attributes.name(i)
            if a == names.lexicalized {
                if attributes.equals(i, "false") { lexicalized = false }
                continue
            }
            guard attributes.prefix(i) == nil else { continue }
            if a == names.id { id = i }
            else if a == names.synset { synset = i }
            else if a == names.n {
                let text = attributes.string(i).trimmingCharacters(in: .whitespaces)
                guard let number = Int(text) else { return fail(error(line, "Sense", .invalidSenseNumber(text))) }
                n = number
            }
        }
        guard id >= 0 else { return fail(error(line, "Sense", .missingAttribute("id"))) }
        guard synset >= 0 else { return fail(error(line, "Sense", .missingAttribute("synset"))) }
        guard let synsetHandle = attributes.withValue(synset, store.synsetHandle) else {
            return fail(error(line, "Sense", .tooLarge(limit: input.maxBytes)))
        }
        if n != nil { entry.hasSenseNumbers = true }
        let start = entry.senseIdBytes.count
        attributes.withValue(id) { entry.senseIdBytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: $1)) }
        entry.senses.append(PendingSense(
            idStart: start, idCount: entry.senseIdBytes.count - start, synset: synsetHandle, n: n, line: Int32(clamping: line),
            lexicalized: lexicalized))
    }

    /// Puts the entry's senses in order and stores them, and the entry.
    func endEntry() {
        guard let form = entry.form, let pos = entry.partOfSpeech else {
            return fail(error(entry.line, "LexicalEntry", .entryWithoutLemma(entryId: store.entryIds.string(entry.handle))))
        }
        if entry.hasSenseNumbers && entry.senses.count > 1 {
            // By n, stable; senses without n after those with it.
            let senses = entry.senses
            let order = senses.indices.sorted { l, r in
                let nl = senses[l].n ?? Int.max, nr = senses[r].n ?? Int.max
                return nl != nr ? nl < nr : l < r
            }
            entry.senses = order.map { senses[$0] }
        }
        let entryIndex = Int32(store.entries.count)
        let kept: Bool
        switch store.content {
        case .everything: kept = true
        case .entries: kept = store.matchesForm(form) || store.matchesInflectedForms(entry.wordForms)
        case .interlingual: kept = false
        }
        let firstSense = Int32(store.senses.count)
        for sense in entry.senses {
            let interned = entry.senseIdBytes.withUnsafeBufferPointer {
                store.senseIds.intern($0.baseAddress! + sense.idStart, sense.idCount)
            }
            guard let (handle, inserted) = interned else {
                return fail(error(Int(sense.line), "Sense", .tooLarge(limit: input.maxBytes)))
            }
            if !inserted && store.duplicateSense == nil {
                store.duplicateSense = (store.senses.count, store.senseIds.string(handle))
            }
            if kept {
                if let n = sense.n { store.senseNumbers[Int32(store.senses.count)] = n }
                store.synsetNeeded[Int(sense.synset)] = true
            }
            store.senses.append(SenseRecord(
                entry: entryIndex, synset: sense.synset, line: sense.line, lexicalized: sense.lexicalized))
        }
        if kept {
            store.keptEntries.append(KeptEntry(index: entryIndex, partOfSpeech: pos))
            if !entry.wordForms.isEmpty {
                store.entryWordForms[entryIndex] = (Int32(store.wordForms.count), Int32(entry.wordForms.count))
                store.wordForms += entry.wordForms
            }
            if !entry.pronunciations.isEmpty {
                store.entryPronunciations[entryIndex] = (Int32(store.pronunciations.count), Int32(entry.pronunciations.count))
                store.pronunciations += entry.pronunciations
            }
        }
        store.entries.append(EntryRecord(form: form, firstSense: firstSense, senseCount: Int32(entry.senses.count)))
        store.entryLines.append(Int32(clamping: entry.line))
    }
}

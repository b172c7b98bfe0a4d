import Dispatch

/// The look-up indexes over a lexicon's entries: by id, by sense id and (optionally) by
/// lower-cased written form, with the first duplicate id of each kind.
///
/// WN-LMF puts every `LexicalEntry` before the first `Synset`, so the loader starts building
/// these on another thread when the first synset arrives and the synsets are parsed meanwhile:
/// on a two-core machine that takes them off the loading's critical path.
struct EntryIndexes: Sendable {
    var entryIndexById: [String: Int]
    var senseLocationById: [String: SenseLocation]
    var formIndex: [String: [Int]]?
    /// Position (in entry order) of the first entry whose id repeats an earlier one.
    var duplicateEntry: Int?
    /// Position (in the order of all senses) of the first sense whose id repeats an earlier one.
    var duplicateSense: Int?
    /// How many entries the indexes cover.
    var entryCount: Int

    init(_ entries: [LexicalEntry], senseCount: Int, forms: Bool) {
        entryCount = entries.count
        entryIndexById = [String: Int](minimumCapacity: entries.count)
        for (i, entry) in entries.enumerated() where entryIndexById.updateValue(i, forKey: entry.id) != nil {
            if duplicateEntry == nil { duplicateEntry = i }
        }
        senseLocationById = [String: SenseLocation](minimumCapacity: senseCount)
        var k = 0
        for (i, entry) in entries.enumerated() {
            for (j, sense) in entry.senses.enumerated() {
                if senseLocationById.updateValue(SenseLocation(entry: Int32(i), sense: Int32(j)), forKey: sense.id) != nil,
                   duplicateSense == nil {
                    duplicateSense = k
                }
                k += 1
            }
        }
        if forms { formIndex = Lexicon.formIndex(entries) }
    }
}

/// ``EntryIndexes`` being built on a background thread.
final class EntryIndexTask: @unchecked Sendable {
    private let group = DispatchGroup()
    private var result: EntryIndexes?

    init(_ entries: [LexicalEntry], senseCount: Int, forms: Bool) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = EntryIndexes(entries, senseCount: senseCount, forms: forms)
            self.group.leave()
        }
    }

    /// Waits for the indexes.
    var indexes: EntryIndexes {
        group.wait()
        return result!
    }
}

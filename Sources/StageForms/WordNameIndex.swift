/// The words of a ``FormCollector`` by name, exactly and lower-cased: the first word of each name
/// and, per word, the next of the same name (a chain of `Int32`, not an array per name): two
/// `Int32` per word and one per distinct name. An array per name and per lower-cased name, with
/// every name's key made up front, was most of the 27 MB the dictionary's 160,000 entries added
/// to the COCA build's peak (docs/benchmarks.md, the guards after issues 43 to 46).
struct WordNameIndex: Sendable {
    private var first: [String: Int32] = [:]
    private var next: [Int32]
    private var firstLower: [String: Int32] = [:]
    private var nextLower: [Int32]

    /// The index of `names`, in order.
    init(_ names: [String]) {
        next = [Int32](repeating: -1, count: names.count)
        nextLower = next
        // Backwards, so that each chain runs in the list's order.
        for index in names.indices.reversed() {
            let name = names[index]
            next[index] = first.updateValue(Int32(index), forKey: name) ?? -1
            nextLower[index] = firstLower.updateValue(Int32(index), forKey: name.lowercased()) ?? -1
        }
    }

    /// The words named `lemma` exactly, else ignoring case; in the list's order.
    func words(named lemma: String) -> [Int] {
        if let start = first[lemma] { return Self.chain(from: start, next) }
        if let start = firstLower[lemma.lowercased()] { return Self.chain(from: start, nextLower) }
        return []
    }

    private static func chain(from start: Int32, _ next: [Int32]) -> [Int] {
        var indices: [Int] = []
        var index = start
        while index >= 0 {
            indices.append(Int(index))
            index = next[Int(index)]
        }
        return indices
    }
}

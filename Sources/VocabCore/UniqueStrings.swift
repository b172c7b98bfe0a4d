/// Strings in the order first added, each once: a card's synonyms, a translation's lemmas.
///
/// Most such lists hold a few strings: those are compared in place, with no set to allocate and
/// hash into (the dictionary makes 136,000 cards); a list that grows long gets a set.
package struct UniqueStrings {
    /// The strings, in the order first added.
    package private(set) var items: [String] = []
    /// Every item, once the list is long; empty before.
    private var index: Set<String> = []
    /// A string never added (a card's own lemma among its synonyms).
    private var excluded: String?
    /// The length from which look-ups go through ``index``.
    private static let indexedFrom = 16

    /// An empty list.
    package init() {}

    /// An empty list that never takes `excluded`.
    package init(excluding excluded: String) { self.excluded = excluded }

    /// Adds `string` unless the list has it (or excludes it); returns whether it was added.
    @discardableResult
    package mutating func append(_ string: String) -> Bool {
        if string == excluded { return false }
        if index.isEmpty && items.count >= Self.indexedFrom { index = Set(items) }
        if index.isEmpty ? items.contains(string) : !index.insert(string).inserted { return false }
        items.append(string)
        return true
    }
}

/// The Levenshtein distance (insertions, deletions, substitutions of characters), for `vocab
/// lookup`'s close matches.
enum EditDistance {
    /// The distance between `a` and `b`, or nil when it exceeds `limit` (computed in a band of
    /// width `limit`, so that a long list of words is cheap to scan).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var best = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                best = min(best, current[j])
            }
            if best > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

/// The optimal-string-alignment distance (insertions, deletions, substitutions of characters,
/// and swaps of two adjacent characters: `recieve` is one edit from `receive`), for `vocab
/// lookup`'s close matches.
enum EditDistance {
    /// The distance between `a` and `b`, or nil when it exceeds `limit` (rows abandoned once no
    /// cell of the last two can come back under it, so that a long list of words is cheap to scan).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        var previousBest = 0
        for i in 1...a.count {
            current[0] = i
            var best = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                best = min(best, current[j])
            }
            // A swap reaches back two rows: give up only when both are over the limit.
            if best > limit && previousBest > limit { return nil }
            previousBest = best
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

/// libhunspell 1.7's word table, as far as its cost goes: a hash table of a fixed size (the
/// `.dic`'s count line plus 1,005, made odd) where each word is added at the end of its entry's
/// chain, after comparing it with every word already there. Blank lines (one empty word each),
/// a word on thousands of lines, or a count line far below the words put many words on one
/// chain, and the load becomes quadratic (80,000 blank lines: 13 s; 80,000 copies of one word:
/// 31 s). The check adds each line's word as libhunspell would and counts the comparisons.
struct HunspellTable {
    /// The most words a count line may declare in a file of `fileBytes` bytes: as many as it
    /// could hold (a word and its line end take two bytes), and 100,000 more for a cut file.
    /// libhunspell sets its table up for the count (8 bytes a word, before reading any), and
    /// above 268,435,329 it loads no word at all.
    static func maxDeclaredWords(fileBytes: Int) -> Int {
        fileBytes / 2 + 100_000
    }

    /// The most comparisons the load of a file of `lines` lines may take: Debian's dictionaries
    /// need less than one a line (`pl_PL.dic`: 251,575 for 308,306 lines); 4,472 blank lines,
    /// or a count line of 1 over 70,000 words, stay within it (libhunspell loads such a file in a
    /// few hundredths of a second).
    static func maxComparisons(lines: Int) -> Int {
        4_000_000 + 64 * lines
    }

    private var chains: [UInt32]
    private var comparisons = 0
    private let limit: Int

    /// The table for `declaredWords` (the count line) and a file of `lines` lines.
    init(declaredWords: Int, lines: Int) {
        var size = declaredWords + 1_005
        if size % 2 == 0 { size += 1 }
        chains = [UInt32](repeating: 0, count: size)
        limit = Self.maxComparisons(lines: lines)
    }

    /// Adds a `.dic` line's word; the comparisons so far and the limit once they pass it.
    mutating func add(_ line: ArraySlice<UInt8>) -> (comparisons: Int, limit: Int)? {
        let slot = Self.hash(Self.word(line), tableSize: chains.count)
        comparisons += Int(chains[slot])
        chains[slot] &+= 1
        return comparisons > limit ? (comparisons, limit) : nil
    }

    /// The word of a line: up to its flags (`/`, unless escaped) or a tab.
    private static func word(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = line.startIndex
        while end < line.endIndex, line[end] != 0x09, !(line[end] == 0x2F && end > line.startIndex && line[end - 1] != 0x5C) {
            end += 1
        }
        while end > line.startIndex, line[end - 1] == 0x20 { end -= 1 }
        return line[line.startIndex..<end]
    }

    /// `HashMgr::hash`: the first four bytes shifted in, then each byte xored in after a 5-bit
    /// rotation, bytes as C's signed `char`, modulo the table's size.
    private static func hash(_ word: ArraySlice<UInt8>, tableSize: Int) -> Int {
        var value: UInt64 = 0
        for (index, byte) in word.enumerated() {
            let signed = UInt64(bitPattern: Int64(Int8(bitPattern: byte)))
            if index < 4 {
                value = value << 8 | signed
            } else {
                value = value << 5 | (value >> 27) & 0x1F
                value ^= signed
            }
        }
        return Int(value % UInt64(tableSize))
    }
}

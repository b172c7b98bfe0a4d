/// The `.aff` keywords libhunspell 1.7 reads a single value of (`TRY abc`, `SET UTF-8`,
/// `COMPOUNDFLAG X`), each checked as it reads them: a keyword given a second time, or given
/// without its value, makes libhunspell's `parse_file` return at that line, silently: every rule
/// after it is dropped (for `IGNORE` and `LANG`, read again by its word table, every word).
/// libhunspell matches a keyword by the start of the line (`TRYX abc` is a `TRY`), and so does
/// this check. Fed one line at a time.
struct AffixKeywords {
    /// Each keyword and what it sets: `PSEUDOROOT` and `NEEDAFFIX` set the same flag.
    private static let keywords: [(keyword: String, sets: String)] = [
        "KEY", "TRY", "SET", "COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDMIDDLE", "COMPOUNDEND", "COMPOUNDWORDMAX",
        "COMPOUNDROOT", "COMPOUNDPERMITFLAG", "COMPOUNDFORBIDFLAG", "NOSUGGEST", "NONGRAMSUGGEST", "FORBIDDENWORD",
        "LEMMA_PRESENT", "CIRCUMFIX", "ONLYINCOMPOUND", "NEEDAFFIX", "COMPOUNDMIN", "SYLLABLENUM", "WORDCHARS",
        "IGNORE", "LANG", "MAXNGRAMSUGS", "MAXDIFF", "MAXCPDSUGS", "KEEPCASE", "FORCEUCASE", "WARN", "SUBSTANDARD",
    ].map { ($0, $0) } + [("PSEUDOROOT", "NEEDAFFIX")]

    /// `COMPOUNDSYLLABLE` may come twice, but not without its values.
    private static let needingAValue = ["COMPOUNDSYLLABLE"]

    /// Where each flag or value was set.
    private var setOn: [String: Int] = [:]
    private let path: String

    init(path: String) { self.path = path }

    mutating func check(_ line: String, number: Int) throws(MorphologyError) {
        guard let first = line.utf8.first, (0x41...0x5A).contains(first) else { return }
        for (keyword, sets) in Self.keywords where line.hasPrefix(keyword) {
            if let earlier = setOn[sets] {
                throw MorphologyError(file: path, line: number, .keywordTwice(keyword: keyword, firstLine: earlier))
            }
            try checkValue(line, keyword: keyword, number: number)
            setOn[sets] = number
        }
        for keyword in Self.needingAValue where line.hasPrefix(keyword) {
            try checkValue(line, keyword: keyword, number: number)
        }
    }

    private func checkValue(_ line: String, keyword: String, number: Int) throws(MorphologyError) {
        guard line.split(whereSeparator: { $0 == " " || $0 == "\t" }).count >= 2 else {
            throw MorphologyError(file: path, line: number, .keywordWithoutValue(keyword: keyword))
        }
    }
}

import VocabCore

/// A lemma table that cannot be used: the file, the line (and the field), and what is wrong.
package typealias LemmaTableError = Located<LemmaTableProblem>

/// What is wrong with a line of a lemma table (`form<TAB>lemma[<TAB>part of speech]`).
package enum LemmaTableProblem: ErrorProblem {
    /// The file cannot be read; `reason` is the system's description.
    case unreadable(reason: String)
    /// The line holds a NUL byte (UTF-16 or binary data).
    case nulByte
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// The line has `found` tab-separated fields, not two or three.
    case fieldCount(found: Int)
    /// The third field is not `noun`, `verb`, `adjective` or `adverb`.
    case notAPartOfSpeech(String)
    /// The form (field 1) or the lemma (field 2) is empty or blank.
    case emptyField
    /// A field starts or ends with white space (a space typed for a tab?).
    case surroundingSpace
    /// The same form and lemma already on line `firstLine`.
    case repeatedPair(firstLine: Int)
    /// The file has no pair at all.
    case noPairs

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .unreadable(let reason): "cannot read the lemma table: \(reason)"
        case .nulByte: "the lemma table contains a NUL byte; it must be UTF-8 text"
        case .invalidUTF8: "invalid UTF-8; the lemma table must be UTF-8 text"
        case .fieldCount(let found): "expected 2 tab-separated fields (form, lemma) or 3 (and the lemma's part of speech), found \(found)"
        case .notAPartOfSpeech(let text): "\"\(text)\" is not a part of speech (noun, verb, adjective, adverb)"
        case .emptyField: "the field is empty"
        case .surroundingSpace: "the field starts or ends with white space (fields are separated by one tab)"
        case .repeatedPair(let firstLine): "the same form and lemma are already on line \(firstLine)"
        case .noPairs: "the lemma table has no form-lemma pair"
        }
    }
}

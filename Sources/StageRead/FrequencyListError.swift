import Foundation
import VocabCore

/// A frequency list the read stage cannot read: the file, the physical line (and the 1-based
/// field, when one field is at fault) and what is wrong. A config value the reader cannot work
/// with is located by its key path (`frequency.delimiter`) instead of a line.
package typealias FrequencyListError = Located<FrequencyListProblem>


/// What is wrong, with the values that show it.
package enum FrequencyListProblem: ErrorProblem {
    // MARK: The file and the config

    /// The file cannot be read; `reason` is the system's description.
    case unreadable(reason: String)
    /// `frequency.delimiter` is a quote or a line break.
    case invalidDelimiter
    /// A column number below 1 (`frequency.columns.<column>`).
    case columnNumberBelowOne(Int)
    /// A column named by its header (the name is given) in a list without a header.
    case columnNameWithoutHeader(String)

    // MARK: Encoding and size

    /// The file starts with a UTF-16 or UTF-32 byte-order mark.
    case byteOrderMark(WideEncoding)
    /// A NUL byte (UTF-16 without a byte-order mark, or binary data).
    case nulByte
    /// A carriage return not followed by a line feed, at the 1-based byte `byteInLine`.
    case bareCarriageReturn(byteInLine: Int)
    /// A byte that does not continue valid UTF-8 (`byte`), at the 1-based byte `byteInLine`.
    case invalidUTF8(byte: UInt8, byteInLine: Int)
    /// A line longer than `limit` bytes (line ends not counted).
    case lineTooLong(limit: Int)
    /// `frequency.encoding` names no converter ICU knows.
    case unknownEncoding(String)
    /// A byte sequence (`bytes`) that `encoding` cannot map, at the 1-based `character` of the line.
    case unmappableBytes(encoding: String, bytes: [UInt8], character: Int)

    // MARK: Rows and the header

    /// Nothing but white space (or a byte-order mark).
    case empty
    /// A header and no data row.
    case headerOnly
    /// The header has no column `name`, configured for `column`; `header` lists the names it has.
    case missingHeaderColumn(String, for: Column, header: [String])
    /// The header names column `name`, configured for `column`, at several 1-based `fields`.
    case repeatedHeaderColumn(String, for: Column, fields: [Int])
    /// The header has `found` fields, but `column` is configured as column `needed`.
    case headerTooShort(needed: Int, for: Column, found: Int)
    /// The first row (no header) has `found` fields, but `column` is configured as column `needed`.
    case rowTooShort(needed: Int, for: Column, found: Int)
    /// A row with another number of fields than the header (or the first row).
    case fieldCount(expected: Int, found: Int)

    // MARK: Quoting

    /// A quoted field still open at the end of the file.
    case unterminatedQuote
    /// A quoted field longer than `limit` bytes.
    case quotedFieldTooLong(limit: Int)
    /// Text between a closing quote and the next delimiter.
    case textAfterClosingQuote
    /// A quoted field that opens on the error's line and closes on `closingLine`, followed by
    /// text: a stray or unbalanced quote swallowed the line ends in between.
    case unbalancedQuote(closingLine: Int)
    /// A quote inside a field that does not start with one.
    case quoteInUnquotedField

    // MARK: Fields

    /// The lemma field is empty or blank.
    case emptyLemma
    /// A sentence pair's field (the learned sentence or its translation) is empty or blank.
    case emptySentence(Column)
    /// A tag that `frequency.tags` does not map (with `unknownTags: "error"`); `known` lists
    /// the mapped tags, sorted.
    case unknownTag(String, known: [String])
    /// The frequency field is empty or blank.
    case emptyFrequency
    /// A frequency with a minus sign (the field's text, trimmed).
    case negativeFrequency(String)
    /// A frequency with a decimal point (with `frequency.decimalPlaces` 0).
    case decimalFrequency(String)
    /// A frequency with more decimal places than `frequency.decimalPlaces` (`allowed`).
    case tooManyDecimalPlaces(String, allowed: Int)
    /// A frequency with thousand separators or spaces between its digits.
    case frequencyWithSeparators(String)
    /// A frequency that is no number at all (`abc`, `+5`, `1e6`, `0x10`).
    case frequencyNotANumber(String)
    /// A frequency beyond `Int64`.
    case frequencyTooLarge(String)

    /// A column the config names, for messages (`the part of speech is column 7`).
    package enum Column: String, Sendable, Equatable {
        /// `frequency.columns.lemma`.
        case lemma
        /// `frequency.columns.partOfSpeech`: the tag.
        case partOfSpeech
        /// `frequency.columns.frequency`.
        case frequency
        /// `examples.learnedColumn`: a pair's sentence in the learned language.
        case learned
        /// `examples.learnerColumn`: its translation.
        case learner

        /// How a message names it: `lemma`, `part of speech`, `frequency`.
        package var label: String {
            switch self {
            case .lemma: "lemma"
            case .partOfSpeech: "part of speech"
            case .frequency: "frequency"
            case .learned: "learned sentence"
            case .learner: "translation"
            }
        }
    }

    /// A wide Unicode encoding, told by its byte-order mark.
    package enum WideEncoding: String, Sendable, Equatable {
        /// UTF-16, either byte order.
        case utf16 = "UTF-16"
        /// UTF-32, either byte order.
        case utf32 = "UTF-32"
    }

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .unreadable(let reason):
            return "cannot read the file: \(reason)"
        case .invalidDelimiter:
            return "the delimiter cannot be a quote or a line break"
        case .columnNumberBelowOne(let number):
            return "column numbers start at 1, got \(number)"
        case .columnNameWithoutHeader(let name):
            return "the column name \"\(name)\" needs \"header\": true; use a 1-based number"
        case .byteOrderMark(let encoding):
            return "the file looks like \(encoding.rawValue) (it starts with a \(encoding.rawValue) byte-order mark); convert it to UTF-8"
        case .nulByte:
            return "the file contains a NUL byte (is it UTF-16 or binary?); convert it to UTF-8 text"
        case .bareCarriageReturn(let byte):
            return "a carriage return (CR) not followed by a line feed, at byte \(byte) of the line; line ends must be LF or CRLF (CR alone, as in old Mac files, is not one)"
        case .invalidUTF8(let byte, let offset):
            return "invalid UTF-8 (byte \(EncodingCheck.hex(byte)) at byte \(offset) of the line); convert the file to UTF-8"
        case .lineTooLong(let limit):
            return "line is longer than \(limit) bytes"
        case .unknownEncoding(let name):
            return "\"\(name.abbreviated)\" is not an encoding ICU knows (ISO-8859-1, windows-1252, UTF-16, ...)"
        case .unmappableBytes(let encoding, let bytes, let character):
            let shown = bytes.map(EncodingCheck.hex).joined(separator: " ")
            // ICU names the bytes it stopped at; an escape sequence it refused may leave none.
            if bytes.isEmpty { return "the text at character \(character) of the line cannot be read as \(encoding)" }
            return "the byte\(bytes.count == 1 ? "" : "s") \(shown) at character \(character) of the line cannot be read as \(encoding)"
        case .empty:
            return "the file is empty"
        case .headerOnly:
            return "no data rows: the file has a header only"
        case .missingHeaderColumn(let name, let column, let header):
            let listed = header.map { "\"\($0.abbreviated)\"" }.joined(separator: ", ")
            return "the header has no column \"\(name)\" (for the \(column.label)); its columns are: \(listed)"
        case .repeatedHeaderColumn(let name, let column, let fields):
            let numbers = fields.map(String.init).joined(separator: " and ")
            return "the header names column \"\(name)\" more than once (fields \(numbers)); the \(column.label) column is ambiguous"
        case .headerTooShort(let needed, let column, let found):
            return "expected at least \(needed) fields (the \(column.label) is column \(needed)), found \(found) in the header"
        case .rowTooShort(let needed, let column, let found):
            return "expected at least \(needed) fields (the \(column.label) is column \(needed)), found \(found)"
        case .fieldCount(let expected, let found):
            return "expected \(expected) fields, found \(found)"
        case .unterminatedQuote:
            return "unterminated quoted field: the closing quote is missing at the end of the file"
        case .quotedFieldTooLong(let limit):
            return "quoted field is longer than \(limit) bytes (line is longer than \(limit) bytes)"
        case .textAfterClosingQuote:
            return "unexpected text after the closing quote of a quoted field (a quote inside a quoted field must be doubled: \"\")"
        case .unbalancedQuote(let closingLine):
            return "a quoted field opens here and runs to line \(closingLine), where text follows its closing quote: is a quote unbalanced? (a quote inside a quoted field must be doubled: \"\")"
        case .quoteInUnquotedField:
            return "a quote inside an unquoted field (quote the whole field and double the quote: \"\")"
        case .emptyLemma:
            return "the lemma is empty"
        case .emptySentence(let column):
            return "the \(column.label) is empty"
        case .unknownTag(let tag, let known):
            let listed = known.map { "\"\($0)\"" }.joined(separator: ", ")
            return "unknown part-of-speech tag \"\(tag.abbreviated)\" (known tags: \(listed)); add it to frequency.tags or set frequency.unknownTags to \"drop\""
        case .emptyFrequency:
            return "the frequency is empty"
        case .negativeFrequency(let text):
            return "the frequency \"\(text.abbreviated)\" is negative; expected a whole number of 0 or more"
        case .decimalFrequency(let text):
            return "the frequency \"\(text.abbreviated)\" is a decimal number; expected a whole number (set frequency.decimalPlaces for a list of decimal frequencies)"
        case .tooManyDecimalPlaces(let text, let allowed):
            return "the frequency \"\(text.abbreviated)\" has more than \(allowed) decimal places (frequency.decimalPlaces)"
        case .frequencyWithSeparators(let text):
            return "the frequency \"\(text.abbreviated)\" has thousand separators or spaces; expected plain digits"
        case .frequencyNotANumber(let text):
            return "the frequency \"\(text.abbreviated)\" is not a number; expected a whole number of 0 or more"
        case .frequencyTooLarge(let text):
            return "the frequency \"\(text.abbreviated)\" is too large (more than \(Int64.max))"
        }
    }
}

extension FrequencyListError {
    /// The bytes of the file at `url` (mapped when safe), or the error that names it unreadable:
    /// how the list and the sentence pairs are read whole.
    static func contents(of url: URL, displayPath: String) throws(FrequencyListError) -> Data {
        do {
            return try FileContents.read(url, options: .mappedIfSafe)
        } catch {
            throw FrequencyListError(file: displayPath, .unreadable(reason: SystemReason.describe(error)))
        }
    }
}

import Foundation
import VocabCore

/// One line of a sentence-pair file: a sentence in the learned language and its translation.
package struct SentencePair: Sendable, Equatable {
    /// The 1-based physical line.
    package var line: Int
    /// The sentence in the learned language (`examples.learnedColumn`), spaces and tabs around it
    /// trimmed.
    package var learned: String
    /// Its translation into the learner's language (`examples.learnerColumn`).
    package var learner: String

    /// A pair read from `line`.
    package init(line: Int, learned: String, learner: String) {
        self.line = line
        self.learned = learned
        self.learner = learner
    }
}

/// What ``SentencePairReader`` got out of a pair file.
package struct SentencePairResult: Sendable, Equatable {
    /// The pairs, in file order.
    package var pairs: [SentencePair] = []
    /// Lines with a pair, well-formed or not (blank lines not counted): `pairs.count + skipped.count`.
    package var dataRows = 0
    /// Malformed lines left out (`examples.malformedRows: "skip"`), in file order.
    package var skipped: [SkippedRow] = []
}

/// Reads a file of sentence pairs as Tatoeba's pair files (manythings.org/anki) are laid out: one
/// pair a line, fields separated by tabs, no header, no quoting (a sentence may hold quotes and
/// commas), any number of further fields (the newer files add an attribution). The checks are
/// the frequency list's (``FrequencyListReader``): UTF-8 unless `encoding` names another (ICU),
/// a UTF-8 byte-order mark skipped, LF or CRLF line ends, no NUL, no line longer than 1 MiB, blank
/// lines skipped; each failure a ``FrequencyListError`` naming the line. A line without one of the
/// two columns, or with either sentence blank, is malformed: an error, or left out and counted
/// under `malformedRows: "skip"`.
package struct SentencePairReader: Sendable {
    /// The 1-based column of the learned sentence.
    package var learnedColumn: Int
    /// The 1-based column of its translation.
    package var learnerColumn: Int
    /// The file's encoding, an ICU converter name; nil is UTF-8.
    package var encoding: String?
    /// `skip` leaves malformed lines out; nil or `error` stops at the first.
    package var malformedRows: MalformedRowPolicy?

    /// A reader of the pair file `config` describes.
    package init(_ config: ExamplesConfig) {
        self.init(learnedColumn: config.learnedColumn, learnerColumn: config.learnerColumn,
                  encoding: config.encoding, malformedRows: config.malformedRows)
    }

    /// A reader of pairs in the two 1-based columns.
    package init(learnedColumn: Int, learnerColumn: Int, encoding: String? = nil, malformedRows: MalformedRowPolicy? = nil) {
        self.learnedColumn = learnedColumn
        self.learnerColumn = learnerColumn
        self.encoding = encoding
        self.malformedRows = malformedRows
    }

    /// Reads the file at `url`; `displayPath` is the name errors use.
    package func read(_ url: URL, displayPath: String) throws(FrequencyListError) -> SentencePairResult {
        return try read(data: FrequencyListError.contents(of: url, displayPath: displayPath), displayPath: displayPath)
    }

    /// Reads pairs held in memory (same rules as ``read(_:displayPath:)``).
    package func read(data: Data, displayPath: String) throws(FrequencyListError) -> SentencePairResult {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(FrequencyListError) in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let encoding, !ListTranscoder.isUTF8(encoding) else { return try parse(bytes, file: displayPath) }
                let converted = try ListTranscoder.utf8(bytes, encoding: encoding, file: displayPath, keyPath: "examples.encoding")
                return try converted.withUnsafeBufferPointer { (utf8) throws(FrequencyListError) in try parse(utf8, file: displayPath) }
            }
        }
        return try result.get()
    }

    /// Splits checked UTF-8 `bytes` into pairs.
    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(FrequencyListError) -> SentencePairResult {
        for (name, column) in [("learnedColumn", learnedColumn), ("learnerColumn", learnerColumn)] where column < 1 {
            throw FrequencyListError(file: file, item: "examples.\(name)", .columnNumberBelowOne(column))
        }
        let start = try EncodingCheck.textStart(bytes, file: file)
        try EncodingCheck.validate(bytes, from: start, file: file)
        var result = SentencePairResult()
        let skips = malformedRows == .skip
        let needed = max(learnedColumn, learnerColumn)
        var fields: [Range<Int>] = []
        var line = 0
        var index = start
        while index < bytes.count {
            line += 1
            var end = index
            while end < bytes.count && bytes[end] != Byte.lineFeed { end += 1 }
            let next = end + 1
            if end > index && bytes[end - 1] == Byte.carriageReturn { end -= 1 }
            defer { index = next }
            // Blank lines (spaces and tabs only) are skipped, as in the frequency list.
            guard (index..<end).contains(where: { bytes[$0] != Byte.space && bytes[$0] != Byte.tab }) else { continue }
            result.dataRows += 1
            fields.removeAll(keepingCapacity: true)
            var fieldStart = index
            for position in index..<end where bytes[position] == Byte.tab {
                fields.append(fieldStart..<position)
                fieldStart = position + 1
            }
            fields.append(fieldStart..<end)
            do throws(FrequencyListError) {
                guard fields.count >= needed else {
                    let column: FrequencyListProblem.Column = learnedColumn >= learnerColumn ? .learned : .learner
                    throw FrequencyListError(file: file, line: line, .rowTooShort(needed: needed, for: column, found: fields.count))
                }
                let learned = text(bytes, fields[learnedColumn - 1]), learner = text(bytes, fields[learnerColumn - 1])
                if learned.isEmpty { throw FrequencyListError(file: file, line: line, column: learnedColumn, .emptySentence(.learned)) }
                if learner.isEmpty { throw FrequencyListError(file: file, line: line, column: learnerColumn, .emptySentence(.learner)) }
                result.pairs.append(SentencePair(line: line, learned: learned, learner: learner))
            } catch {
                guard skips else { throw error }
                result.skipped.append(SkippedRow(line: line, field: error.location.column, reason: error.problem.message))
            }
        }
        if result.dataRows == 0 { throw FrequencyListError(file: file, .empty) }
        return result
    }

    /// The field's text without the spaces around it.
    private func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && bytes[lower] == Byte.space { lower += 1 }
        while upper > lower && bytes[upper - 1] == Byte.space { upper -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
    }
}

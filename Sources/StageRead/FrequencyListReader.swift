import Foundation
import VocabCore

/// What the read stage got out of a frequency list; empty as made (the reader fills it).
package struct FrequencyReadResult: Sendable, Equatable {
    /// Kept rows, in source order (duplicates included: merging is the select stage's job).
    package var rows: [FrequencyRow] = []
    /// Rows whose tag the map does not list, with `unknownTags: "drop"` (reason `.unknownTag`).
    package var dropped: [DroppedWord] = []
    /// Data rows seen (header and blank lines not counted): `rows.count + dropped.count + skipped.count`.
    package var dataRows = 0
    /// Malformed rows left out (`frequency.malformedRows: "skip"`), in source order.
    package var skipped: [SkippedRow] = []
}

/// A malformed row the reader left out under `frequency.malformedRows: "skip"`.
package struct SkippedRow: Codable, Sendable, Equatable {
    /// The row's 1-based physical line.
    package var line: Int
    /// The 1-based field at fault, when one is.
    package var field: Int?
    /// What is wrong, as the error would have said it.
    package var reason: String
}

/// Reads a frequency list exactly as `FrequencySourceConfig` describes it: the configured
/// delimiter, header and columns, the configured tag map. It never guesses; anything the
/// config does not account for is a ``FrequencyListError`` naming the line (and field).
package struct FrequencyListReader: Sendable {
    /// The `frequency` section that says how to read the list.
    package let config: FrequencySourceConfig

    /// A reader for lists laid out as `config` says.
    package init(config: FrequencySourceConfig) {
        self.config = config
    }

    /// Reads the file at `url`; `displayPath` is the name errors use.
    package func read(_ url: URL, displayPath: String) throws(FrequencyListError) -> FrequencyReadResult {
        // A list of millions of rows is mapped, not copied, and the pages already read are given
        // back as the parse moves on (see ``MappedList``): the list's size never adds up with the
        // rows' in memory.
        if transcodes == nil, let mapped = MappedList(url) {
            defer { mapped.unmap() }
            let mode = try splitMode(displayPath)
            return try parse(mapped.bytes, mode: mode, file: displayPath, release: mapped.release(upTo:))
        }
        return try read(data: FrequencyListError.contents(of: url, displayPath: displayPath), displayPath: displayPath)
    }

    /// Reads a frequency list held in memory (same rules as ``read(_:displayPath:)``).
    package func read(data: Data, displayPath: String) throws(FrequencyListError) -> FrequencyReadResult {
        let mode = try splitMode(displayPath)
        // `withUnsafeBytes` rethrows untyped errors: the result carries the typed one out.
        let result = data.withUnsafeBytes { raw in
            Result { () throws(FrequencyListError) in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let encoding = transcodes else { return try parse(bytes, mode: mode, file: displayPath) }
                let converted = try ListTranscoder.utf8(bytes, encoding: encoding, file: displayPath)
                return try converted.withUnsafeBufferPointer { (utf8) throws(FrequencyListError) in
                    try parse(utf8, mode: mode, file: displayPath)
                }
            }
        }
        return try result.get()
    }

    /// The encoding the list is converted from (`frequency.encoding`), nil for UTF-8.
    private var transcodes: String? {
        config.encoding.flatMap { ListTranscoder.isUTF8($0) ? nil : $0 }
    }

    private func splitMode(_ file: String) throws(FrequencyListError) -> SplitMode {
        switch config.delimiter {
        case .whitespace:
            return .whitespace
        case .character(let character):
            let bytes = Array(String(character).utf8)
            if bytes.isEmpty || character == "\"" || bytes.contains(Byte.lineFeed) || bytes.contains(Byte.carriageReturn) {
                throw FrequencyListError(file: file, item: "frequency.delimiter", .invalidDelimiter)
            }
            return .delimiter(bytes)
        }
    }

    // MARK: - Parsing

    /// The columns the reader uses, as 0-based field indices (the tag and the frequency may be
    /// absent from the list).
    private struct Columns {
        var lemma: Int
        var tag: Int?
        var frequency: Int?
        var highest: Int { max(lemma, tag ?? 0, frequency ?? 0) }

        /// Which configured column needs the most fields (for messages).
        var widest: (column: FrequencyListProblem.Column, number: Int) {
            if lemma == highest { return (.lemma, lemma + 1) }
            if let tag, tag == highest { return (.partOfSpeech, tag + 1) }
            return (.frequency, (frequency ?? 0) + 1)
        }
    }

    /// The frequency a list without a frequency column gives the row of `rank` (1-based, in file
    /// order): Zipf's estimate, proportional to 1 / rank, so that the forms of one lemma add up
    /// as counts would and the file order stays the order.
    package static func rankFrequency(_ rank: Int) -> Int64 { zipfScale / Int64(max(rank, 1)) }
    /// The numerator of ``rankFrequency(_:)``.
    package static let zipfScale: Int64 = 1_000_000_000_000

    /// Parses `bytes`; `release`, when given, is told every so often how far the parse has gone
    /// (the bytes before that offset are not read again but to quote them in an error).
    private func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, mode: SplitMode, file: String, release: ((Int) -> Void)? = nil
    ) throws(FrequencyListError) -> FrequencyReadResult {
        let start = try EncodingCheck.textStart(bytes, file: file)
        let lines = try EncodingCheck.validate(bytes, from: start, file: file, release: release)
        release?(bytes.count)
        var released = 0

        var tokenizer = RecordTokenizer(bytes: bytes, start: start, mode: mode, file: file)
        var fields: [FieldSpan] = []
        fields.reserveCapacity(32)

        let (columns, headerFields) = try readColumns(&tokenizer, fields: &fields, file: file)
        var expectedFields = headerFields

        var result = FrequencyReadResult()
        // No more rows than lines: reserving them spares the copies of a growing array.
        result.rows.reserveCapacity(lines)
        let knownTags = config.tags
        let skips = config.malformedRows == .skip
        let ignoresTrailing = config.trailingEmptyFields == .ignore
        let places = config.decimalPlaces ?? 0
        while let line = try tokenizer.next(into: &fields) {
            result.dataRows += 1
            if let release, tokenizer.position - released >= 32 << 20 {
                released = tokenizer.position
                release(released)
            }
            if ignoresTrailing {
                let keep = max(expectedFields ?? (columns.highest + 1), 1)
                while fields.count > keep, let last = fields.last, last.start == last.end { fields.removeLast() }
            }
            do throws(FrequencyListError) {
                if let expected = expectedFields {
                    if fields.count != expected {
                        throw FrequencyListError(file: file, line: line, .fieldCount(expected: expected, found: fields.count))
                    }
                } else {
                    if fields.count <= columns.highest {
                        let widest = columns.widest
                        throw FrequencyListError(
                            file: file, line: line, .rowTooShort(needed: widest.number, for: widest.column, found: fields.count))
                    }
                    expectedFields = fields.count
                }

                let lemmaField = fields[columns.lemma]
                let lemma = tokenizer.string(lemmaField)
                if lemma.isBlank {
                    throw FrequencyListError(file: file, line: line, column: columns.lemma + 1, .emptyLemma)
                }
                let frequency: Int64
                if let column = columns.frequency {
                    frequency = try parseFrequency(fields[column], in: bytes, places: places, file: file, line: line, column: column + 1)
                } else {
                    frequency = Self.rankFrequency(result.dataRows)
                }
                guard let tagColumn = columns.tag else {
                    result.rows.append(FrequencyRow(line: line, lemma: lemma, tag: "", partOfSpeech: .other, frequency: frequency))
                    continue
                }
                let tag = tokenizer.string(fields[tagColumn])
                if let partOfSpeech = knownTags[tag] {
                    result.rows.append(FrequencyRow(line: line, lemma: lemma, tag: tag, partOfSpeech: partOfSpeech, frequency: frequency))
                    continue
                }
                switch config.unknownTags {
                case .drop:
                    result.dropped.append(DroppedWord(
                        sourceLemma: lemma, tag: tag, partOfSpeech: nil, frequency: frequency, line: line, reason: .unknownTag))
                case .error:
                    throw FrequencyListError(
                        file: file, line: line, column: tagColumn + 1, .unknownTag(tag, known: knownTags.keys.stablySorted()))
                }
            } catch {
                guard skips else { throw error }
                result.skipped.append(SkippedRow(line: line, field: error.location.column, reason: error.problem.message))
            }
        }
        if result.dataRows == 0 {
            throw FrequencyListError(file: file, config.header ? .headerOnly : .empty)
        }
        return result
    }

    /// Where the configured columns are: from the header line, which `tokenizer` reads (and
    /// then how many fields every row must have), or from the column numbers of a list without one
    /// (nil: the first data row says how many).
    private func readColumns(
        _ tokenizer: inout RecordTokenizer, fields: inout [FieldSpan], file: String
    ) throws(FrequencyListError) -> (Columns, expectedFields: Int?) {
        guard config.header else {
            let columns = Columns(
                lemma: try indexColumn(config.columns.lemma, .lemma, file: file),
                tag: try config.columns.partOfSpeech.map { (column) throws(FrequencyListError) in try indexColumn(column, .partOfSpeech, file: file) },
                frequency: try config.columns.frequency.map { (column) throws(FrequencyListError) in try indexColumn(column, .frequency, file: file) })
            return (columns, nil)
        }
        guard let headerLine = try tokenizer.next(into: &fields) else {
            throw FrequencyListError(file: file, .empty)
        }
        var names = fields.map { tokenizer.string($0).trimmingSpacesAndTabs() }
        if config.trailingEmptyFields == .ignore {
            while names.count > 1, names.last?.isEmpty == true { names.removeLast() }
        }
        return (try resolveColumns(header: names, line: headerLine, file: file), names.count)
    }

    private func indexColumn(
        _ reference: ColumnRef, _ column: FrequencyListProblem.Column, file: String
    ) throws(FrequencyListError) -> Int {
        switch reference {
        case .index(let number):
            guard number >= 1 else {
                throw FrequencyListError(file: file, item: "frequency.columns.\(column.rawValue)", .columnNumberBelowOne(number))
            }
            return number - 1
        case .name(let name):
            throw FrequencyListError(file: file, item: "frequency.columns.\(column.rawValue)", .columnNameWithoutHeader(name))
        }
    }

    private func resolveColumns(header names: [String], line: Int, file: String) throws(FrequencyListError) -> Columns {
        func resolve(_ reference: ColumnRef, _ column: FrequencyListProblem.Column) throws(FrequencyListError) -> Int {
            switch reference {
            case .index:
                let index = try indexColumn(reference, column, file: file)
                if index >= names.count {
                    throw FrequencyListError(
                        file: file, line: line, .headerTooShort(needed: index + 1, for: column, found: names.count))
                }
                return index
            case .name(let name):
                let matches = names.indices.filter { names[$0] == name }
                if matches.isEmpty {
                    throw FrequencyListError(file: file, line: line, .missingHeaderColumn(name, for: column, header: names))
                }
                if matches.count > 1 {
                    throw FrequencyListError(
                        file: file, line: line, column: matches[1] + 1,
                        .repeatedHeaderColumn(name, for: column, fields: matches.map { $0 + 1 }))
                }
                return matches[0]
            }
        }
        return Columns(
            lemma: try resolve(config.columns.lemma, .lemma),
            tag: try config.columns.partOfSpeech.map { (column) throws(FrequencyListError) in try resolve(column, .partOfSpeech) },
            frequency: try config.columns.frequency.map { (column) throws(FrequencyListError) in try resolve(column, .frequency) })
    }

    /// A non-negative base-10 number that fits `Int64`, spaces and tabs around it allowed: a
    /// whole number, or with `places` above 0 a decimal one with at most `places` decimal places,
    /// kept as a whole number of units of its last place (`64600.5` with 4 places: 646005000).
    private func parseFrequency(
        _ field: FieldSpan, in bytes: UnsafeBufferPointer<UInt8>, places: Int, file: String, line: Int, column: Int
    ) throws(FrequencyListError) -> Int64 {
        var start = field.start
        var end = field.end
        while start < end && (bytes[start] == Byte.space || bytes[start] == Byte.tab) { start += 1 }
        while end > start && (bytes[end - 1] == Byte.space || bytes[end - 1] == Byte.tab) { end -= 1 }
        if start == end {
            throw FrequencyListError(file: file, line: line, column: column, .emptyFrequency)
        }
        var value: Int64 = 0
        var overflow = false
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte >= Byte.zero && byte <= Byte.nine else { break }
            if !overflow {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(byte - Byte.zero))
                overflow = o1 || o2
                value = sum
            }
            index += 1
        }
        var decimals = 0
        if places > 0, index < end, bytes[index] == Byte.period, index > start {
            // The fraction's digits, then zeros up to `places`.
            var fraction = index + 1
            while fraction < end, bytes[fraction] >= Byte.zero, bytes[fraction] <= Byte.nine {
                if decimals == places {
                    throw FrequencyListError(
                        file: file, line: line, column: column, .tooManyDecimalPlaces(fieldText(bytes, start, end), allowed: places))
                }
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(bytes[fraction] - Byte.zero))
                overflow = overflow || o1 || o2
                value = sum
                decimals += 1
                fraction += 1
            }
            if fraction == end { index = end }
        }
        if index == end {
            for _ in decimals..<places {
                let (times10, o) = value.multipliedReportingOverflow(by: 10)
                overflow = overflow || o
                value = times10
            }
            if overflow {
                throw FrequencyListError(file: file, line: line, column: column, .frequencyTooLarge(fieldText(bytes, start, end)))
            }
            return value
        }
        // Not plain digits: say what it looks like.
        let text = fieldText(bytes, start, end)
        var digits = 0
        var periods = 0
        var separators = 0
        var other = 0
        for offset in start..<end {
            switch bytes[offset] {
            case Byte.zero...Byte.nine: digits += 1
            case Byte.period: periods += 1
            case Byte.comma, Byte.underscore, Byte.apostrophe, Byte.space: separators += 1
            default: other += 1
            }
        }
        let problem: FrequencyListProblem
        if bytes[start] == Byte.minus && digits > 0 {
            problem = .negativeFrequency(text)
        } else if digits > 0 && other == 0 && periods == 1 && separators == 0 {
            problem = .decimalFrequency(text)
        } else if digits > 0 && other == 0 && separators > 0 {
            problem = .frequencyWithSeparators(text)
        } else {
            problem = .frequencyNotANumber(text)
        }
        throw FrequencyListError(file: file, line: line, column: column, problem)
    }

    /// The text of `bytes[start..<end]` (the messages abbreviate it).
    private func fieldText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

extension String {
    /// At most 60 characters, for messages.
    var abbreviated: String {
        count > 60 ? String(prefix(57)) + "..." : self
    }

    /// Only spaces, tabs and line breaks (or nothing).
    var isBlank: Bool {
        utf8.allSatisfy { $0 == Byte.space || $0 == Byte.tab || $0 == Byte.lineFeed || $0 == Byte.carriageReturn }
    }

    func trimmingSpacesAndTabs() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && (scalars[start] == " " || scalars[start] == "\t") { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before] == " " || scalars[before] == "\t" else { break }
            end = before
        }
        return String(scalars[start..<end])
    }
}

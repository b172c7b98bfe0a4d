import Foundation
import VocabCore

/// A lemma table: word forms and their lemmas, one pair per line (`form<TAB>lemma`), for the
/// forms a Hunspell dictionary lists as words of their own (irregular verbs: `fue` → ser, ir;
/// `puede` → poder). A third field may name the lemma's part of speech (`puede<TAB>poder<TAB>verb`:
/// poder the verb, not the noun "power"). A form may have several lines; its lemmas keep the
/// file's order. Blank lines and lines starting with `#` are ignored. Forms are matched ignoring case.
package struct LemmaTable: Sendable, Equatable {
    /// The lemmas of each lower-cased form, in file order.
    package private(set) var lemmas: [String: [String]]
    /// The part of speech a line names, by lower-cased form and lemma (`puede\tpoder`).
    private var partsOfSpeech: [String: PartOfSpeech] = [:]

    /// A table of `pairs` (form, lemma), in order.
    package init(_ pairs: [(form: String, lemma: String)] = []) {
        self.init(entries: pairs.map { ($0.form, $0.lemma, nil) })
    }

    /// A table of lines (form, lemma, the lemma's part of speech or nil), in order.
    package init(entries: [(form: String, lemma: String, partOfSpeech: PartOfSpeech?)]) {
        lemmas = [:]
        for (form, lemma, partOfSpeech) in entries {
            let lowered = form.lowercased()
            if !(lemmas[lowered]?.contains(lemma) ?? false) { lemmas[lowered, default: []].append(lemma) }
            if let partOfSpeech { partsOfSpeech["\(lowered)\t\(lemma)"] = partOfSpeech }
        }
    }

    /// The lemmas the table gives `form` (ignoring case), in file order.
    package func lemmas(of form: String) -> [String] { lemmas[form.lowercased()] ?? [] }

    /// The lemmas of a form already lower-cased.
    package func lemmas(ofLowerCased form: String) -> [String] { lemmas.isEmpty ? [] : lemmas[form] ?? [] }

    /// The part of speech the table names for `lemma` as the lemma of `form` (lower-cased), or nil.
    package func partOfSpeech(ofLowerCased form: String, lemma: String) -> PartOfSpeech? {
        partsOfSpeech.isEmpty ? nil : partsOfSpeech["\(form)\t\(lemma)"]
    }

    /// Every lemma the table names.
    package var allLemmas: Set<String> { Set(lemmas.values.joined()) }

    /// Reads the table at `url`; errors name `displayPath`, the line and the field at fault.
    package static func load(_ url: URL, displayPath: String) throws(LemmaTableError) -> LemmaTable {
        let data: Data
        do { data = try FileContents.read(url) } catch {
            throw LemmaTableError(file: displayPath, .unreadable(reason: SystemReason.describe(error)))
        }
        return try parse(data, displayPath: displayPath)
    }

    /// Reads a table held in memory (same rules as ``load(_:displayPath:)``).
    package static func parse(_ data: Data, displayPath: String) throws(LemmaTableError) -> LemmaTable {
        var entries: [(form: String, lemma: String, partOfSpeech: PartOfSpeech?)] = []
        var seen: [String: Int] = [:]
        var bytes = data[...]
        // A UTF-8 byte-order mark is not part of the first form.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var lineBytes = raw
            if lineBytes.last == 0x0D { lineBytes = lineBytes.dropLast() }
            if lineBytes.contains(0) { throw LemmaTableError(file: displayPath, line: line, .nulByte) }
            guard let text = String(validating: lineBytes, as: UTF8.self) else {
                throw LemmaTableError(file: displayPath, line: line, .invalidUTF8)
            }
            if text.allSatisfy({ $0 == " " || $0 == "\t" }) || text.hasPrefix("#") { continue }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2 || fields.count == 3 else {
                throw LemmaTableError(file: displayPath, line: line, .fieldCount(found: fields.count))
            }
            for (number, field) in fields.enumerated() {
                if field.allSatisfy(\.isWhitespace) {
                    throw LemmaTableError(file: displayPath, line: line, column: number + 1, .emptyField)
                }
                if field.first?.isWhitespace == true || field.last?.isWhitespace == true {
                    throw LemmaTableError(file: displayPath, line: line, column: number + 1, .surroundingSpace)
                }
            }
            let (form, lemma) = (String(fields[0]), String(fields[1]))
            var partOfSpeech: PartOfSpeech?
            if fields.count == 3 {
                guard let named = PartOfSpeech(rawValue: String(fields[2])), named != .other else {
                    throw LemmaTableError(file: displayPath, line: line, column: 3, .notAPartOfSpeech(String(fields[2])))
                }
                partOfSpeech = named
            }
            let key = "\(form.lowercased())\t\(lemma)"
            if let first = seen[key] { throw LemmaTableError(file: displayPath, line: line, .repeatedPair(firstLine: first)) }
            seen[key] = line
            entries.append((form, lemma, partOfSpeech))
        }
        if entries.isEmpty { throw LemmaTableError(file: displayPath, .noPairs) }
        return LemmaTable(entries: entries)
    }
}

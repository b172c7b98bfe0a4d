import Foundation
import VocabCore
import WNLMF

/// One line of a sense-pin file: the word (the frequency list's lemma, matched ignoring case),
/// its part of speech and the concept (ILI) whose sense its card must come from.
package struct SensePin: Codable, Sendable, Equatable {
    /// The word as the maintainer wrote it (`earth`); several words for a multi-word lemma.
    package var lemma: String
    /// The word's part of speech (`noun`, `verb`, `adjective`, `adverb`).
    package var partOfSpeech: PartOfSpeech
    /// The interlingual index of the concept (`i85350`): stable across editions and languages,
    /// where synset and sense ids are not.
    package var ili: String
    /// The pin's line in its file, for messages.
    package var line: Int

    /// `lemma part-of-speech ILI`, as the file writes it.
    package var text: String { "\(lemma) \(partOfSpeech.rawValue) \(ili)" }
}

/// A maintainer's corrections of the lexicon's first senses (`sensePins` in `pipeline.json`):
/// one `lemma part-of-speech ILI` per line, `#` comments and blank lines ignored. A pinned word's
/// card comes from the sense of that concept, taken from whichever case variant of the word's
/// entries carries it (OEWN puts proper senses on capitalised entries: *Earth*, *Sun*).
///
/// The lemma is everything before the last two fields, so a multi-word lemma needs no quoting;
/// it is matched against the frequency list's spelling ignoring case, as the stop list is.
package struct SensePins: Sendable, Equatable {
    /// The pins in file order.
    package private(set) var pins: [SensePin]
    /// The file, as messages name it.
    package var file: String

    /// No pins.
    package init() {
        pins = []
        file = ""
    }

    /// Pins from `file`, checked as ``load(_:displayPath:)`` checks a file's.
    package init(_ pins: [SensePin], file: String) throws(SensePinError) {
        self.pins = []
        self.file = file
        for pin in pins { try add(pin) }
    }

    private mutating func add(_ pin: SensePin) throws(SensePinError) {
        if let first = self.pin(for: pin.lemma, pin.partOfSpeech) {
            throw SensePinError(file: file, line: pin.line, .repeated(pin.text, firstLine: first.line))
        }
        pins.append(pin)
    }

    /// Reads and checks the file's lines (not the lexicon: see ``check(against:)``). Errors name
    /// the file and the line.
    package static func load(_ url: URL, displayPath: String) throws(SensePinError) -> SensePins {
        let data: Data
        do { data = try FileContents.read(url) } catch {
            throw SensePinError(file: displayPath, .unreadable)
        }
        var result = SensePins()
        result.file = displayPath
        for (index, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            if bytes.contains(0) { throw SensePinError(file: displayPath, line: line, .nulByte) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw SensePinError(file: displayPath, line: line, .invalidUTF8)
            }
            let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if fields.isEmpty { continue }
            guard fields.count >= 3 else {
                throw SensePinError(file: displayPath, line: line, .tooFewFields(content.trimmingCharacters(in: .whitespaces)))
            }
            let posText = fields[fields.count - 2], ili = fields[fields.count - 1]
            guard let pos = PartOfSpeech(rawValue: posText), pos != .other else {
                throw SensePinError(file: displayPath, line: line, .notAPartOfSpeech(posText))
            }
            guard ili.count > 1, ili.first == "i", ili.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw SensePinError(file: displayPath, line: line, .notAnILI(ili))
            }
            try result.add(SensePin(lemma: fields.dropLast(2).joined(separator: " "), partOfSpeech: pos, ili: ili, line: line))
        }
        return result
    }

    /// The pin of the frequency-list word `lemma` (ignoring case) as `partOfSpeech`, if any.
    package func pin(for lemma: String, _ partOfSpeech: PartOfSpeech) -> SensePin? {
        let key = lemma.lowercased()
        return pins.first { $0.partOfSpeech == partOfSpeech && $0.lemma.lowercased() == key }
    }

    /// Checks every pin against the source lexicon, whether or not its word makes the release: one
    /// of the word's case variants of that part of speech must have a sense of the pin's ILI. The
    /// first pin that fails is the error, with its line; it says the lexicon has no synset of the
    /// ILI at all when `conceptExists` can tell (a lexicon loaded for some words only cannot: nil).
    package func check(against lexicon: Lexicon, wholeLexicon: Bool = true) throws(SensePinError) {
        try check(against: lexicon, conceptExists: wholeLexicon ? { !lexicon.synsets(ili: $0).isEmpty } : nil)
    }

    /// ``check(against:wholeLexicon:)`` where `conceptExists` tells whether the whole lexicon has
    /// a synset of an ILI, when `lexicon` holds the entries of some words only; nil when nothing can.
    package func check(against lexicon: Lexicon, conceptExists: ((String) -> Bool)?) throws(SensePinError) {
        for pin in pins {
            if EntryResolver.resolve(pin.lemma, pin.partOfSpeech, in: lexicon, pinnedILI: pin.ili) == nil {
                if let conceptExists, !conceptExists(pin.ili) {
                    throw SensePinError(file: file, line: pin.line, .conceptNotInLexicon(ili: pin.ili, lexicon: lexicon.info.idVersion))
                }
                let variants = lexicon.entries(caseInsensitiveForm: pin.lemma)
                    .filter { pin.partOfSpeech.wordNetLetters.contains($0.partOfSpeech) }.map(\.writtenForm)
                throw SensePinError(
                    file: file, line: pin.line,
                    .noVariantCarriesConcept(pin.text, variants: Array(Set(variants)).sorted(), lexicon: lexicon.info.idVersion))
            }
        }
    }
}

/// A sense-pin file that cannot be used: the file, the line, and what is wrong with it.
package typealias SensePinError = Located<SensePinProblem>

/// What is wrong with a sense pin (see ``SensePins``).
package enum SensePinProblem: ErrorProblem {
    /// The file cannot be read.
    case unreadable
    /// The line holds a NUL byte (UTF-16 or binary data).
    case nulByte
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// The line (its text given) has fewer than three fields.
    case tooFewFields(String)
    /// The next-to-last field is not `noun`, `verb`, `adjective` or `adverb`.
    case notAPartOfSpeech(String)
    /// The last field is not an interlingual index (`i` and digits; `in` names no concept yet).
    case notAnILI(String)
    /// The same word and part of speech are pinned twice (`text` at the location, first at `firstLine`).
    case repeated(String, firstLine: Int)
    /// The source lexicon `lexicon` (`id:version`) has no synset of the ILI.
    case conceptNotInLexicon(ili: String, lexicon: String)
    /// No entry of the word in that part of speech, whatever its case (`variants` are the written
    /// forms it has), has a sense of the pin's concept.
    case noVariantCarriesConcept(String, variants: [String], lexicon: String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .unreadable: "cannot read the sense pins"
        case .nulByte: "the sense-pin file contains a NUL byte; it must be UTF-8 text"
        case .invalidUTF8: "invalid UTF-8; the sense-pin file must be UTF-8 text"
        case .tooFewFields(let text):
            "expected \"lemma part-of-speech ILI\" (e.g. \"earth noun i85350\"), got \"\(text.printable(limit: 80))\""
        case .notAPartOfSpeech(let text):
            "\"\(text.printable(limit: 40))\" is not a part of speech a word can be pinned in (noun, verb, adjective, adverb)"
        case .notAnILI(let text):
            "\"\(text.printable(limit: 40))\" is not an interlingual index (\"i\" and digits, e.g. i85350)"
        case .repeated(let text, let firstLine):
            "\(text.printable(limit: 80)): the word is already pinned on line \(firstLine)"
        case .conceptNotInLexicon(let ili, let lexicon):
            "\(lexicon) has no synset of \(ili): the pin can never apply"
        case .noVariantCarriesConcept(let text, let variants, let lexicon):
            variants.isEmpty
                ? "\(text.printable(limit: 80)): \(lexicon) has no entry of the word in that part of speech"
                : "\(text.printable(limit: 80)): no entry of the word in \(lexicon) (\(variants.joined(separator: ", "))) has a sense of that concept"
        }
    }
}

import VocabCore
import VocabJSON

// The records of a frequency list's size (the read stage's rows, the drops) and those of every
// selected word (the select stage's words, the join stage's cards) write their own JSON lines:
// the same bytes as `JSONLines.encoder()` gives (the keys sorted, an absent optional left out),
// several times faster. Written beside the release, they were most of a build's CPU after the
// lexicons without the dictionary.

extension FrequencyRow: JSONLineRecord {
    package func writeJSONLine(into line: inout String) {
        line += "{"
        line.member("frequency", frequency)
        line.member("lemma", lemma)
        line.member("line", self.line)
        line.member("partOfSpeech", partOfSpeech.rawValue)
        line.member("tag", tag)
        line += "}"
    }
}

extension DroppedWord: JSONLineRecord {
    package func writeJSONLine(into line: inout String) {
        line += "{"
        line.member("frequency", frequency)
        line.member("line", self.line)
        line.member("partOfSpeech", ifPresent: partOfSpeech?.rawValue)
        line.member("reason", reason.rawValue)
        line.member("sourceLemma", sourceLemma)
        line.member("tag", tag)
        line += "}"
    }
}

extension SelectedWord: JSONLineRecord {
    package func writeJSONLine(into line: inout String) {
        line += "{"
        line.member("entryId", entryId)
        line.member("frequency", frequency)
        line.member("lemma", lemma)
        line.member("line", self.line)
        line.member("partOfSpeech", partOfSpeech.rawValue)
        line.member("pinnedILI", ifPresent: pinnedILI)
        line.member("rank", rank)
        line.member("sourceLemma", sourceLemma)
        line += "}"
    }
}

extension WordRecord: JSONLineRecord {
    package func writeJSONLine(into line: inout String) {
        line += "{"
        line.member("card")
        card.writeJSONObject(into: &line)
        line.member("frequency", frequency)
        line.member("rank", rank)
        line += "}"
    }
}

extension WordCard {
    /// The card's object, as `JSONLines.encoder()` writes it.
    func writeJSONObject(into line: inout String) {
        line += "{"
        line.member("definition", ifPresent: definition)
        line.member("definitionLanguage", ifPresent: definitionLanguage)
        line.member("examples")
        line += "["
        for (index, example) in examples.enumerated() {
            if index > 0 { line += "," }
            // A lexicon example as its text (``CardExample``'s coding), a pair as its object.
            if example.isFromLexicon && example.translation == nil && example.sameSense {
                JSONValue.writeString(example.text, into: &line)
                continue
            }
            line += "{"
            line.member("sameSense", example.sameSense)
            line.member("source", example.source)
            line.member("text", example.text)
            line.member("translation", ifPresent: example.translation)
            line += "}"
        }
        line += "]"
        line.member("lemma", lemma)
        line.member("partOfSpeech", partOfSpeech.rawValue)
        line.member("pronunciations")
        line += "["
        for (index, pronunciation) in pronunciations.enumerated() {
            line += index == 0 ? "{" : ",{"
            line.member("audio", ifPresent: pronunciation.audio)
            line.member("generated", pronunciation.generated)
            line.member("text", pronunciation.text)
            line.member("variety", ifPresent: pronunciation.variety)
            line += "}"
        }
        line += "]"
        line.member("provenance")
        line += "{"
        line.member("entryId", provenance.entryId)
        line.member("ili", ifPresent: provenance.ili)
        line.member("lexicon", provenance.lexicon)
        line.member("pinned", provenance.pinned)
        line.member("senseId", provenance.senseId)
        line.member("senseRank", provenance.senseRank)
        line.member("synsetId", provenance.synsetId)
        line += "}"
        line.member("sourceLemma", sourceLemma)
        line.member("synonyms", synonyms)
        line.member("translations")
        line += "["
        for (index, translation) in translations.enumerated() {
            line += index == 0 ? "{" : ",{"
            line.member("language", translation.language)
            line.member("lemmas", translation.lemmas)
            line.member("sources", translation.sources)
            line += "}"
        }
        line += "]}"
    }
}

/// The members of one JSON object in a line, each written with the comma before it (none
/// right after the object's `{` or an array's `[`). A record calls them in the order of its
/// sorted keys, as `JSONLines.encoder()` sorts them; a nil value is left out, as Foundation
/// leaves out an absent optional. Keys are plain ASCII names.
extension String {
    /// `"key":`, its value to follow.
    fileprivate mutating func member(_ key: String) {
        if let last = utf8.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") { self += "," }
        self += "\""
        self += key
        self += "\":"
    }

    fileprivate mutating func member(_ key: String, _ value: String) {
        member(key)
        JSONValue.writeString(value, into: &self)
    }

    fileprivate mutating func member(_ key: String, ifPresent value: String?) {
        if let value { member(key, value) }
    }

    fileprivate mutating func member(_ key: String, _ value: some BinaryInteger) {
        member(key)
        self += String(value)
    }

    fileprivate mutating func member(_ key: String, _ value: Bool) {
        member(key)
        self += value ? "true" : "false"
    }

    fileprivate mutating func member(_ key: String, _ values: [String]) {
        member(key)
        JSONValue.writeCompactStrings(values, into: &self)
    }
}

extension FrequencyRow: JSONLineDecodable {
    /// The row of one line written by ``writeJSONLine(into:)`` (or by Foundation's encoder).
    package init(jsonLine value: JSONValue) throws {
        let fields = try JSONLineFields(value)
        self.init(
            line: try fields.int("line"), lemma: try fields.string("lemma"), tag: try fields.string("tag"),
            partOfSpeech: try fields.raw("partOfSpeech"), frequency: try fields.int64("frequency"))
    }
}

extension DroppedWord: JSONLineDecodable {
    /// The word of one line written by ``writeJSONLine(into:)`` (or by Foundation's encoder).
    package init(jsonLine value: JSONValue) throws {
        let fields = try JSONLineFields(value)
        self.init(
            sourceLemma: try fields.string("sourceLemma"), tag: try fields.string("tag"),
            partOfSpeech: fields.has("partOfSpeech") ? try fields.raw("partOfSpeech") as PartOfSpeech : nil,
            frequency: try fields.int64("frequency"), line: try fields.int("line"), reason: try fields.raw("reason"))
    }
}

/// The members of one artifact line, read by name with their types checked.
struct JSONLineFields {
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// A handful of members: a linear search beats hashing them into a dictionary.
    private let members: [(key: String, value: JSONValue)]

    init(_ value: JSONValue) throws {
        guard let object = value.objectValue else { throw Invalid(description: "not an object") }
        members = object
    }

    private subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool {
        if case .some(.null) = self[key] { return false }
        return self[key] != nil
    }

    func string(_ key: String) throws -> String {
        guard case .string(let text)? = self[key] else { throw Invalid(description: "\(key): not a string") }
        return text
    }

    func int64(_ key: String) throws -> Int64 {
        guard case .number(let text)? = self[key], let value = Int64(text) else { throw Invalid(description: "\(key): not an integer") }
        return value
    }

    func int(_ key: String) throws -> Int {
        Int(try int64(key))
    }

    func raw<T: RawRepresentable>(_ key: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: try string(key)) else { throw Invalid(description: "\(key): unknown value") }
        return value
    }
}

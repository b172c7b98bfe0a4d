import VocabCore
import VocabJSON

// The records of a frequency list's size (the read stage's rows, the drops) and those of every
// selected word (the select stage's words, the join stage's cards) write their own JSON lines:
// the same bytes as `JSONLines.encoder()` gives (the keys sorted, an absent optional left out),
// several times faster. Written beside the release, they were most of a build's CPU after the
// lexicons without the dictionary.

extension FrequencyRow: JSONLineRecord {
    /// `{"frequency":…,"lemma":…,"line":…,"partOfSpeech":…,"tag":…}`
    package func writeJSONLine(into line: inout String) {
        line += "{\"frequency\":\(frequency),\"lemma\":"
        JSONValue.writeString(lemma, into: &line)
        line += ",\"line\":\(self.line),\"partOfSpeech\":\"\(partOfSpeech.rawValue)\",\"tag\":"
        JSONValue.writeString(tag, into: &line)
        line += "}"
    }
}

extension DroppedWord: JSONLineRecord {
    /// `{"frequency":…,"line":…,["partOfSpeech":…,]"reason":…,"sourceLemma":…,"tag":…}`
    package func writeJSONLine(into line: inout String) {
        line += "{\"frequency\":\(frequency),\"line\":\(self.line),"
        if let partOfSpeech { line += "\"partOfSpeech\":\"\(partOfSpeech.rawValue)\"," }
        line += "\"reason\":\"\(reason.rawValue)\",\"sourceLemma\":"
        JSONValue.writeString(sourceLemma, into: &line)
        line += ",\"tag\":"
        JSONValue.writeString(tag, into: &line)
        line += "}"
    }
}

extension SelectedWord: JSONLineRecord {
    /// `{"entryId":…,"frequency":…,"lemma":…,"line":…,"partOfSpeech":…,["pinnedILI":…,]"rank":…,"sourceLemma":…}`
    package func writeJSONLine(into line: inout String) {
        line += "{\"entryId\":"
        JSONValue.writeString(entryId, into: &line)
        line += ",\"frequency\":\(frequency),\"lemma\":"
        JSONValue.writeString(lemma, into: &line)
        line += ",\"line\":\(self.line),\"partOfSpeech\":\"\(partOfSpeech.rawValue)\","
        if let pinnedILI {
            line += "\"pinnedILI\":"
            JSONValue.writeString(pinnedILI, into: &line)
            line += ","
        }
        line += "\"rank\":\(rank),\"sourceLemma\":"
        JSONValue.writeString(sourceLemma, into: &line)
        line += "}"
    }
}

extension WordRecord: JSONLineRecord {
    /// `{"card":{…},"frequency":…,"rank":…}`
    package func writeJSONLine(into line: inout String) {
        line += "{\"card\":"
        card.writeJSONObject(into: &line)
        line += ",\"frequency\":\(frequency),\"rank\":\(rank)}"
    }
}

extension WordCard {
    /// The card as `JSONLines.encoder()` writes it: its keys sorted, `definition` and
    /// `definitionLanguage` left out when absent, as are a pronunciation's `audio` and `variety`
    /// and the provenance's `ili`.
    func writeJSONObject(into line: inout String) {
        func member(_ key: String, _ value: String?) {
            guard let value else { return }
            line += "\"\(key)\":"
            JSONValue.writeString(value, into: &line)
            line += ","
        }
        line += "{"
        member("definition", definition)
        member("definitionLanguage", definitionLanguage)
        line += "\"examples\":"
        JSONValue.writeCompactStrings(examples, into: &line)
        line += ",\"lemma\":"
        JSONValue.writeString(lemma, into: &line)
        line += ",\"partOfSpeech\":\"\(partOfSpeech.rawValue)\",\"pronunciations\":["
        for (index, pronunciation) in pronunciations.enumerated() {
            line += index == 0 ? "{" : ",{"
            member("audio", pronunciation.audio)
            line += "\"generated\":\(pronunciation.generated),\"text\":"
            JSONValue.writeString(pronunciation.text, into: &line)
            if let variety = pronunciation.variety {
                line += ",\"variety\":"
                JSONValue.writeString(variety, into: &line)
            }
            line += "}"
        }
        line += "],\"provenance\":{\"entryId\":"
        JSONValue.writeString(provenance.entryId, into: &line)
        line += ","
        member("ili", provenance.ili)
        line += "\"lexicon\":"
        JSONValue.writeString(provenance.lexicon, into: &line)
        line += ",\"pinned\":\(provenance.pinned),\"senseId\":"
        JSONValue.writeString(provenance.senseId, into: &line)
        line += ",\"senseRank\":\(provenance.senseRank),\"synsetId\":"
        JSONValue.writeString(provenance.synsetId, into: &line)
        line += "},\"sourceLemma\":"
        JSONValue.writeString(sourceLemma, into: &line)
        line += ",\"synonyms\":"
        JSONValue.writeCompactStrings(synonyms, into: &line)
        line += ",\"translations\":["
        for (index, translation) in translations.enumerated() {
            line += index == 0 ? "{\"language\":" : ",{\"language\":"
            JSONValue.writeString(translation.language, into: &line)
            line += ",\"lemmas\":"
            JSONValue.writeCompactStrings(translation.lemmas, into: &line)
            line += ",\"sources\":"
            JSONValue.writeCompactStrings(translation.sources, into: &line)
            line += "}"
        }
        line += "]}"
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

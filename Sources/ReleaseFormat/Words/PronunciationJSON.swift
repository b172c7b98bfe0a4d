import VocabCore
import VocabJSON

/// A card's pronunciations as JSON, the one spelling of the SQLite `pronunciations` column: an
/// array of `{"text", "variety", "audio", "generated"}` objects in the card's order, every key
/// present (`null` when the lexicon gives no variety or audio).
package enum PronunciationJSON {
    /// The JSON array of `pronunciations`.
    package static func value(_ pronunciations: [Pronunciation]) -> JSONValue {
        .array(pronunciations.map { p in
            .object([
                ("text", .string(p.text)), ("variety", p.variety.map(JSONValue.string) ?? .null),
                ("audio", p.audio.map(JSONValue.string) ?? .null), ("generated", .bool(p.generated)),
            ])
        })
    }

    /// ``value(_:)``'s compact rendering, written as UTF-8 without a `JSONValue` (a row of the
    /// dictionary's 136,000 and each bundle record); ``compact(_:)`` as text.
    package static func write(_ pronunciations: [Pronunciation], into out: inout [UInt8]) {
        func member(_ key: String, _ value: String?) {
            out += "\"\(key)\":".utf8
            if let value { JSONValue.writeString(value, into: &out) } else { out += "null".utf8 }
        }
        out.append(UInt8(ascii: "["))
        for (index, p) in pronunciations.enumerated() {
            out += (index == 0 ? "{" : ",{").utf8
            member("text", p.text)
            out.append(UInt8(ascii: ","))
            member("variety", p.variety)
            out.append(UInt8(ascii: ","))
            member("audio", p.audio)
            out += (p.generated ? ",\"generated\":true}" : ",\"generated\":false}").utf8
        }
        out.append(UInt8(ascii: "]"))
    }

    /// ``write(_:into:)`` as text: the SQLite `pronunciations` column.
    package static func compact(_ pronunciations: [Pronunciation]) -> String {
        guard !pronunciations.isEmpty else { return "[]" }
        var out: [UInt8] = []
        write(pronunciations, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The pronunciations in a JSON array as ``value(_:)`` writes it; nil for anything else.
    package static func pronunciations(_ value: JSONValue) -> [Pronunciation]? {
        guard let items = value.arrayValue else { return nil }
        var result: [Pronunciation] = []
        for item in items {
            guard let members = item.objectValue, Set(members.map(\.key)) == ["text", "variety", "audio", "generated"],
                  let text = item["text"]?.stringValue, !text.isEmpty, let generated = item["generated"]?.boolValue
            else { return nil }
            func optional(_ key: String) -> String?? {
                guard let member = item[key] else { return .none }
                if member.isNull { return .some(nil) }
                return member.stringValue.map { .some($0) }
            }
            guard let variety = optional("variety"), let audio = optional("audio") else { return nil }
            result.append(Pronunciation(text: text, variety: variety, audio: audio, generated: generated))
        }
        return result
    }

    /// One pronunciation as a diff or a finding lists it: `jɪə (GB)`, `jˈɪɹ (generated)`.
    package static func shown(_ p: Pronunciation) -> String {
        let notes = [p.variety, p.generated ? "generated" : nil, p.audio.map { "audio \($0)" }].compactMap { $0 }
        return notes.isEmpty ? p.text : "\(p.text) (\(notes.joined(separator: ", ")))"
    }
}

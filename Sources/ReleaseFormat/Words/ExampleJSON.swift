import VocabCore
import VocabJSON

/// A card's examples as JSON, the one spelling of the SQLite `examples` column and the bundle's
/// `examples` key (schema 7): an array of `{"text", "translation", "source", "sameSense"}`
/// objects in the card's order, every key present (`translation` `null` for the lexicon's own
/// examples, which have none).
package enum ExampleJSON {
    /// The JSON array of `examples`.
    package static func value(_ examples: [CardExample]) -> JSONValue {
        .array(examples.map { e in
            .object([
                ("text", .string(e.text)), ("translation", e.translation.map(JSONValue.string) ?? .null),
                ("source", .string(e.source)), ("sameSense", .bool(e.sameSense)),
            ])
        })
    }

    /// ``value(_:)``'s compact rendering, written as UTF-8 without a `JSONValue` (each row and
    /// bundle record); ``compact(_:)`` as text.
    package static func write(_ examples: [CardExample], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, e) in examples.enumerated() {
            out += (index == 0 ? "{\"text\":" : ",{\"text\":").utf8
            JSONValue.writeString(e.text, into: &out)
            out += ",\"translation\":".utf8
            if let translation = e.translation { JSONValue.writeString(translation, into: &out) } else { out += "null".utf8 }
            out += ",\"source\":".utf8
            JSONValue.writeString(e.source, into: &out)
            out += (e.sameSense ? ",\"sameSense\":true}" : ",\"sameSense\":false}").utf8
        }
        out.append(UInt8(ascii: "]"))
    }

    /// ``write(_:into:)`` as text: the SQLite `examples` column.
    package static func compact(_ examples: [CardExample]) -> String {
        guard !examples.isEmpty else { return "[]" }
        var out: [UInt8] = []
        write(examples, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The examples in a JSON array as ``value(_:)`` writes it; nil for anything else (a key
    /// missing or unknown, an empty text or source).
    package static func examples(_ value: JSONValue) -> [CardExample]? {
        guard let items = value.arrayValue else { return nil }
        var result: [CardExample] = []
        for item in items {
            guard let members = item.objectValue, Set(members.map(\.key)) == ["text", "translation", "source", "sameSense"],
                  members.count == 4, let text = item["text"]?.stringValue, !text.isEmpty,
                  let source = item["source"]?.stringValue, !source.isEmpty, let sameSense = item["sameSense"]?.boolValue,
                  let translation = item["translation"]
            else { return nil }
            guard translation.isNull || translation.stringValue != nil else { return nil }
            result.append(CardExample(text: text, translation: translation.stringValue, source: source, sameSense: sameSense))
        }
        return result
    }

    /// One example as a diff or a finding lists it: the text alone for the lexicon's, else
    /// `text → translation (source)`, with `another sense?` when it did not pass the sense test.
    package static func shown(_ e: CardExample) -> String {
        if e.isFromLexicon && e.translation == nil { return e.text }
        return "\(e.text) → \(e.translation ?? "-") (\(e.source)\(e.sameSense ? "" : ", another sense?"))"
    }

    /// A bundle record's example, decoded as the bundle writes it.
    struct Record: Decodable {
        var text: String
        var translation: String?
        var source: String
        var sameSense: Bool

        var example: CardExample { CardExample(text: text, translation: translation, source: source, sameSense: sameSense) }
    }
}

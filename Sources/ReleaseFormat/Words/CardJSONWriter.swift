import VocabCore
import VocabJSON

/// Where ``CardField/encode(_:into:)`` writes a field's bundle JSON: a Codable container
/// (``ReleaseWord``'s `Encodable` conformance) or the bundle's own bytes
/// (``BundleRecordWriter``, what ``BundleDocument/rendered()`` writes). Each field's JSON is
/// defined once, in that method, for both.
protocol CardJSONWriter {
    /// What writing may throw (`Never` for the bytes).
    associatedtype Failure: Error
    /// A string, `null` for nil.
    mutating func text(_ key: String, _ value: String?) throws(Failure)
    /// A number, `null` for nil.
    mutating func integer(_ key: String, _ value: Int64?) throws(Failure)
    mutating func flag(_ key: String, _ value: Bool) throws(Failure)
    /// An array of strings.
    mutating func strings(_ key: String, _ values: [String]) throws(Failure)
    /// An object of one array of strings per language, in the order given.
    mutating func lists(_ key: String, _ lists: [(language: String, items: [String])]) throws(Failure)
    /// The pronunciations as ``PronunciationJSON`` spells them.
    mutating func pronunciations(_ key: String, _ list: [Pronunciation]) throws(Failure)
    /// The examples as ``ExampleJSON`` spells them.
    mutating func examples(_ key: String, _ list: [CardExample]) throws(Failure)
}

/// A ``CardJSONWriter`` over a keyed container of any `Encoder`.
struct ContainerCardJSON: CardJSONWriter {
    typealias Failure = any Error
    var container: KeyedEncodingContainer<JSONKey>

    mutating func text(_ key: String, _ value: String?) throws {
        if let value { try container.encode(value, forKey: JSONKey(key)) } else { try container.encodeNil(forKey: JSONKey(key)) }
    }

    mutating func integer(_ key: String, _ value: Int64?) throws {
        if let value { try container.encode(value, forKey: JSONKey(key)) } else { try container.encodeNil(forKey: JSONKey(key)) }
    }

    mutating func flag(_ key: String, _ value: Bool) throws { try container.encode(value, forKey: JSONKey(key)) }

    mutating func strings(_ key: String, _ values: [String]) throws { try container.encode(values, forKey: JSONKey(key)) }

    mutating func lists(_ key: String, _ lists: [(language: String, items: [String])]) throws {
        var languages = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key))
        for (language, items) in lists { try languages.encode(items, forKey: JSONKey(language)) }
    }

    mutating func pronunciations(_ key: String, _ list: [Pronunciation]) throws {
        try container.encode(PronunciationJSON.value(list), forKey: JSONKey(key))
    }

    mutating func examples(_ key: String, _ list: [CardExample]) throws {
        try container.encode(ExampleJSON.value(list), forKey: JSONKey(key))
    }
}

/// A ``CardJSONWriter`` that appends a bundle record's members to UTF-8 bytes, compact, as
/// `JSONValue.writeCompact` writes what the Codable path builds: a whole bundle's records
/// without a Codable container or a `JSONValue` per value (most of the bundle's time before).
struct BundleRecordWriter: CardJSONWriter {
    typealias Failure = Never
    /// The members written so far, without the braces around them.
    private(set) var bytes: [UInt8] = []

    /// Appends `word`'s record (``CardField/bundleFields``; the provenance fields in their
    /// object, where the first of them comes) to `out`.
    static func write(_ word: ReleaseWord, into out: inout [UInt8]) {
        var record = BundleRecordWriter()
        var provenanceWritten = false
        for field in CardField.bundleFields {
            guard field.bundlePlacement == .provenance else {
                field.encode(word, into: &record)
                continue
            }
            guard !provenanceWritten else { continue }
            provenanceWritten = true
            var provenance = BundleRecordWriter()
            for field in CardField.bundleFields where field.bundlePlacement == .provenance {
                field.encode(word, into: &provenance)
            }
            record.key(CardField.provenanceKey)
            record.bytes.append(UInt8(ascii: "{"))
            record.bytes += provenance.bytes
            record.bytes.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "{"))
        out += record.bytes
        out.append(UInt8(ascii: "}"))
    }

    private mutating func key(_ key: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
        JSONValue.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func null() { bytes += [0x6E, 0x75, 0x6C, 0x6C] }

    mutating func text(_ key: String, _ value: String?) {
        self.key(key)
        if let value { JSONValue.writeString(value, into: &bytes) } else { null() }
    }

    mutating func integer(_ key: String, _ value: Int64?) {
        self.key(key)
        if let value { bytes += String(value).utf8 } else { null() }
    }

    mutating func flag(_ key: String, _ value: Bool) {
        self.key(key)
        bytes += (value ? "true" : "false").utf8
    }

    mutating func strings(_ key: String, _ values: [String]) {
        self.key(key)
        JSONValue.writeCompactStrings(values, into: &bytes)
    }

    mutating func lists(_ key: String, _ lists: [(language: String, items: [String])]) {
        self.key(key)
        bytes.append(UInt8(ascii: "{"))
        for (index, (language, items)) in lists.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONValue.writeString(language, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONValue.writeCompactStrings(items, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func pronunciations(_ key: String, _ list: [Pronunciation]) {
        self.key(key)
        PronunciationJSON.write(list, into: &bytes)
    }

    mutating func examples(_ key: String, _ list: [CardExample]) {
        self.key(key)
        ExampleJSON.write(list, into: &bytes)
    }
}

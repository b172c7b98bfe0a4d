/// Encodes any `Encodable` value into a ``JSONValue`` whose objects keep their members in the
/// order `encode(to:)` wrote them (Foundation's `JSONEncoder` orders keys differently from one
/// process to the next unless it sorts them), so that a Codable model can fix the byte order of
/// a file it is written to.
///
/// Optionals encoded with `encodeIfPresent` (as synthesized conformances do) are left out when
/// nil. Integers, strings and booleans are encoded as such; `Double` and `Float` as their
/// shortest description (not-a-number and infinities are an error); a ``JSONValue`` as itself;
/// dictionaries with string keys with their keys sorted (a dictionary has no order of its own).
/// There are no special strategies for dates, data or URLs.
package struct JSONValueEncoder: Sendable {
    /// Sort every object's members by key instead of keeping the encoding order.
    package var sortedKeys: Bool

    /// An encoder that keeps the encoding order, or sorts every object's keys when `sortedKeys`.
    package init(sortedKeys: Bool = false) {
        self.sortedKeys = sortedKeys
    }

    /// The JSON value of `value`.
    package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = Node()
        try encodeValue(value, into: node, codingPath: [])
        let result = node.value
        return sortedKeys ? result.sortingKeys() : result
    }
}

/// A value under construction; containers write into it through references.
private final class Node {
    enum Content {
        case empty
        case leaf(JSONValue)
        case object([(String, Node)])
        case array([Node])
    }

    var content = Content.empty

    var value: JSONValue {
        switch content {
        case .empty: return .object([])
        case .leaf(let value): return value
        case .object(let members): return .object(members.map { ($0.0, $0.1.value) })
        case .array(let items): return .array(items.map(\.value))
        }
    }

    /// The member node for `key` (replacing an earlier one with that key, in place).
    func member(_ key: String) -> Node {
        var members: [(String, Node)]
        if case .object(let existing) = content { members = existing } else { members = [] }
        let node = Node()
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = node
        } else {
            members.append((key, node))
        }
        content = .object(members)
        return node
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func appendItem() -> Node {
        var items: [Node]
        if case .array(let existing) = content { items = existing } else { items = [] }
        let node = Node()
        items.append(node)
        content = .array(items)
        return node
    }

    var count: Int {
        switch content {
        case .array(let items): return items.count
        case .object(let members): return members.count
        default: return 0
        }
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct StringKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct ValueEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

/// Encodes one value into `node`: primitives directly, anything else through its `encode(to:)`.
private func encodeValue<T: Encodable>(_ value: T, into node: Node, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: node.content = .leaf(.string(text))
    case let flag as Bool: node.content = .leaf(.bool(flag))
    case let number as Double: node.content = .leaf(try floatingPoint(number, codingPath))
    case let number as Float: node.content = .leaf(try floatingPoint(Double(number), codingPath))
    case let json as JSONValue: node.content = .leaf(json)
    case let dictionary as [String: any Encodable]:
        node.makeObject()
        for key in dictionary.keys.sorted() {
            try encodeValue(dictionary[key]!, into: node.member(key), codingPath: codingPath + [StringKey(key)])
        }
    default: try value.encode(to: ValueEncoder(node: node, codingPath: codingPath))
    }
}

private func floatingPoint(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
        throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
    }
    if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
    return .number("\(value)")
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { node.member(key.stringValue).content = .leaf(.int(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.member(key.stringValue).content = .leaf(.int(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.member(key.stringValue).content = .leaf(.int(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.makeArray()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendItem().content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try encodeValue(value, into: node.appendItem(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendItem()
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendItem()
        child.makeArray()
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return ValueEncoder(node: node.appendItem(), codingPath: path)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .leaf(.null) }
    mutating func encode(_ value: Int) throws { node.content = .leaf(.int(value)) }
    mutating func encode(_ value: Int64) throws { node.content = .leaf(.int(value)) }
    mutating func encode(_ value: Int32) throws { node.content = .leaf(.int(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: node, codingPath: codingPath)
    }
}

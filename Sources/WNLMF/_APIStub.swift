// TEMPORARY compile stub of the WNLMF API (replaced by the real reader on merge).
import Foundation
import VocabCore

public struct LexiconInfo: Codable, Sendable, Equatable {
    public var id: String; public var label: String; public var language: String; public var version: String
    public var license: String?; public var url: String?; public var citation: String?; public var email: String?
    public var formatVersion: String
    public var idVersion: String { "\(id):\(version)" }
}
public struct Sense: Sendable, Equatable { public var id: String; public var synset: String; public var n: Int?; public var lexicalized: Bool }
public struct LexicalEntry: Sendable, Equatable {
    public var id: String; public var writtenForm: String; public var partOfSpeech: String
    public var senses: [Sense]
    public var documentIndex: Int
}
public struct Synset: Sendable, Equatable {
    public var id: String; public var ili: String?
    public var partOfSpeech: String?; public var members: [String]?
    public var definitions: [String]; public var examples: [String]; public var lexicalized: Bool
    public var interlingualId: String? { nil }
}
public struct Member: Sendable, Equatable { public var writtenForm: String; public var entryId: String; public var lexicalized: Bool }
public final class Lexicon: @unchecked Sendable {
    public let info: LexiconInfo
    public let entries: [LexicalEntry]
    public let synsets: [Synset]
    init(info: LexiconInfo) { self.info = info; entries = []; synsets = [] }
    public func synset(id: String) -> Synset? { nil }
    public func synsets(ili: String) -> [Synset] { [] }
    public func entries(caseInsensitiveForm form: String) -> [LexicalEntry] { [] }
    public func entry(id: String) -> LexicalEntry? { nil }
    public func members(of synset: Synset) -> [Member] { [] }
}
public struct LexiconLoadOptions: Sendable {
    public var lexiconId: String?
    public var maxBytes: Int64
    public var keepText: Bool
    public init(lexiconId: String? = nil, maxBytes: Int64 = 2 << 30, keepText: Bool = true) {
        self.lexiconId = lexiconId; self.maxBytes = maxBytes; self.keepText = keepText
    }
}
public enum LexiconReader {
    public static func load(_ url: URL, displayPath: String, options: LexiconLoadOptions) throws -> Lexicon { fatalError() }
}
public enum BareXMLPass {
    public static func run(_ url: URL, maxBytes: Int64) throws -> Int { 0 }
}

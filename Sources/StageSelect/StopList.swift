import Foundation
import VocabCore

/// Words never taught (function words the tag set does not catch, modal verbs, ...).
/// An entry is a lemma (`can`: every part of speech) or a lemma and a part of speech
/// (`can:verb`: the modal, not the container). Matching is case-insensitive.
public struct StopList: Sendable, Equatable {
    public private(set) var words: Set<String>

    public init<S: Sequence>(words: S) where S.Element == String {
        self.words = Set(words.map { $0.lowercased() })
    }

    /// One lemma per line; blank lines and `#` comments are ignored.
    public static func load(_ url: URL, displayPath: String) throws -> StopList {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw VocabError(.io, file: displayPath, "cannot read the stop list")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw VocabError(.input, file: displayPath, "the stop list is not valid UTF-8")
        }
        let words = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).compactMap { line -> String? in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let word = content.trimmingCharacters(in: .whitespaces)
            return word.isEmpty ? nil : word
        }
        return StopList(words: words)
    }

    public func contains(_ lemma: String, _ partOfSpeech: PartOfSpeech) -> Bool {
        let key = lemma.lowercased()
        return words.contains(key) || words.contains("\(key):\(partOfSpeech.rawValue)")
    }

    public func union(_ other: StopList) -> StopList {
        StopList(words: words.union(other.words))
    }
}

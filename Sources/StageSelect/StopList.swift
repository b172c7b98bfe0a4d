import Foundation
import VocabCore

/// Words never taught (function words the tag set does not catch, modal verbs, ...).
/// An entry is a lemma (`can`: every part of speech) or a lemma and a part of speech
/// (`can:verb`: the modal, not the container). Matching is case-insensitive.
package struct StopList: Sendable, Equatable {
    /// The entries, lower-cased: lemmas (`be`) and lemmas with a part of speech (`can:verb`).
    package private(set) var words: Set<String>

    /// A stop list of `words`, lower-cased and not checked (``load(_:displayPath:)`` and the
    /// config check entries before they get here).
    package init<S: Sequence>(words: S) where S.Element == String {
        self.words = Set(words.map { $0.lowercased() })
    }

    /// One entry per line; blank lines and `#` comments are ignored. Errors name the line.
    package static func load(_ url: URL, displayPath: String) throws(StopListError) -> StopList {
        let data: Data
        do { data = try FileContents.read(url) } catch {
            throw StopListError(file: displayPath, .unreadable)
        }
        var words: [String] = []
        for (index, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            if bytes.contains(0) {
                throw StopListError(file: displayPath, line: line, .nulByte)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw StopListError(file: displayPath, line: line, .invalidUTF8)
            }
            let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let word = content.trimmingCharacters(in: .whitespacesAndNewlines)
            if word.isEmpty { continue }
            if let problem = PartOfSpeech.stopWordProblem(word) {
                throw StopListError(file: displayPath, line: line, .invalidEntry(problem))
            }
            words.append(word)
        }
        return StopList(words: words)
    }

    /// Whether `lemma` (ignoring case) is stop-listed for every part of speech or for `partOfSpeech`.
    package func contains(_ lemma: String, _ partOfSpeech: PartOfSpeech) -> Bool {
        let key = lemma.lowercased()
        return words.contains(key) || words.contains("\(key):\(partOfSpeech.rawValue)")
    }

    /// The entries of both lists (the stop-list file's and the config's inline stop words).
    package func union(_ other: StopList) -> StopList {
        StopList(words: words.union(other.words))
    }
}

import ReleaseFormat
import VocabCore

extension ReleaseDiff {
    /// A sense pin that differs between the releases (`pinned` in a word's provenance, schema 3).
    package struct PinChange: Sendable, Equatable, Codable {
        /// How the pin differs.
        package enum Kind: String, Sendable, Codable {
            /// NEW pins the word, OLD did not (or did not have it): the pin took effect.
            case tookEffect = "took-effect"
            /// Both pin the word, to different concepts.
            case changed
            /// OLD pinned the word, NEW does not (or does not have it).
            case dropped
        }

        /// The word's written form in NEW (in OLD for a word NEW lacks).
        package var lemma: String
        /// The part of speech.
        package var pos: PartOfSpeech
        /// How the pin differs.
        package var kind: Kind
        /// The word's sense in OLD; nil when OLD lacks the word.
        package var old: Sense?
        /// The word's sense in NEW; nil when NEW lacks the word.
        package var new: Sense?
    }

    /// The pins that took effect, changed or were dropped, in NEW's order then OLD's. A word is
    /// matched on (lemma, part of speech), else on the list's spelling and part of speech (a pin
    /// that moved a word to a capitalised entry renames it: `earth` → `Earth`).
    static func pinChanges(old: [ReleaseWord], new: [ReleaseWord]) -> [PinChange] {
        struct Spelling: Hashable { var sourceLemma: String; var pos: PartOfSpeech }
        func spelling(_ word: ReleaseWord) -> Spelling { Spelling(sourceLemma: word.sourceLemma.lowercased(), pos: word.partOfSpeech) }
        let oldByKey = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let oldBySpelling = Dictionary(old.map { (spelling($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newBySpelling = Dictionary(new.map { (spelling($0), $0) }, uniquingKeysWith: { first, _ in first })

        var changes: [PinChange] = []
        for word in new {
            let before = oldByKey[word.key] ?? oldBySpelling[spelling(word)]
            let kind: PinChange.Kind
            switch (before?.provenance.pinned ?? false, word.provenance.pinned) {
            case (false, true): kind = .tookEffect
            case (true, true) where before?.provenance.ili != word.provenance.ili: kind = .changed
            case (true, false): kind = .dropped
            default: continue
            }
            changes.append(PinChange(lemma: word.lemma, pos: word.partOfSpeech, kind: kind, old: before.map(Sense.init), new: Sense(word)))
        }
        for word in old where word.provenance.pinned && newByKey[word.key] == nil && newBySpelling[spelling(word)] == nil {
            changes.append(PinChange(lemma: word.lemma, pos: word.partOfSpeech, kind: .dropped, old: Sense(word), new: nil))
        }
        return changes
    }
}

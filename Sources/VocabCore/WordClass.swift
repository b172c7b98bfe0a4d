/// A word's class as a morphological analyzer reads it: finer than ``PartOfSpeech``, because
/// the lemmatize step must tell a function word (`de`, `la`, `una` as a determiner) from the
/// content words a release teaches, whatever the lexicon lists (`de` the letter, `la` the note).
///
/// An analyzer's tags are mapped onto it by `lemmatization.analyzer.classes` (Apertium's tag set
/// by default: `n` noun, `vblex` verb, `det` determiner, `pr` adposition, …).
package enum WordClass: String, Codable, CaseIterable, Sendable, Comparable {
    case noun
    /// A name (`María`, `Madrid`): never a card of the release's nouns.
    case properNoun = "proper-noun"
    case verb, adjective, adverb
    case determiner, pronoun
    /// A preposition or postposition.
    case adposition
    case conjunction, numeral, interjection
    /// A particle (Japanese 助詞: は, が, を, て): a bound function word.
    case particle
    /// An auxiliary: an inflecting function word that serves a verb (Japanese 助動詞: た, ます,
    /// ない, たい; MeCab-IPADIC's 動詞 接尾: れる, させる), as UD's `AUX`; Finnish's negative verb
    /// (`ei`, `en`, `emme`; Voikko's `kieltosana`), which inflects for person but is never a
    /// card's verb.
    case auxiliary
    /// Anything else an analyzer says (punctuation, an abbreviation, a tag the map does not name).
    case other

    /// The closed classes: a form whose reading is one of them is a function word, never a
    /// noun, verb or adjective card (docs/policy.md, lemmatization).
    package var isClosed: Bool {
        switch self {
        case .determiner, .pronoun, .adposition, .conjunction, .numeral, .interjection, .particle, .auxiliary: true
        case .noun, .properNoun, .verb, .adjective, .adverb, .other: false
        }
    }

    /// The coarse part of speech the rest of the pipeline works with: a noun, verb, adjective or
    /// adverb is itself; every other class is `other`, which no release keeps.
    package var partOfSpeech: PartOfSpeech {
        switch self {
        case .noun: .noun
        case .verb: .verb
        case .adjective: .adjective
        case .adverb: .adverb
        case .properNoun, .determiner, .pronoun, .adposition, .conjunction, .numeral, .interjection, .particle, .auxiliary, .other:
            .other
        }
    }

    /// The class of a coarse part of speech (a reading from the lexicon or a lemma table, which
    /// know only those).
    package init(_ partOfSpeech: PartOfSpeech) {
        switch partOfSpeech {
        case .noun: self = .noun
        case .verb: self = .verb
        case .adjective: self = .adjective
        case .adverb: self = .adverb
        case .other: self = .other
        }
    }

    /// The class's place in declaration order (0 for noun), without making `allCases`.
    package var ordinal: Int {
        switch self {
        case .noun: 0
        case .properNoun: 1
        case .verb: 2
        case .adjective: 3
        case .adverb: 4
        case .determiner: 5
        case .pronoun: 6
        case .adposition: 7
        case .conjunction: 8
        case .numeral: 9
        case .interjection: 10
        case .particle: 11
        case .auxiliary: 12
        case .other: 13
        }
    }

    /// Declaration order: the order ties between readings are broken in (content words first).
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }
}

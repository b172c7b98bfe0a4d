/// The coarse part of speech the pipeline works with. Source tag sets (COCA letters,
/// BNC codes, ...) are mapped onto it by `pipeline.json`; WN-LMF letters by ``init(wordNetLetter:)``.
package enum PartOfSpeech: String, Codable, CaseIterable, Sendable, Comparable {
    /// `other` stands for every tag the pipeline does not teach (articles, pronouns, numbers, ...):
    /// it has no WN-LMF letter, so it can never be kept.
    case noun, verb, adjective, adverb, other

    /// WN-LMF `partOfSpeech` letters: `n`, `v`, `a`/`s` (satellite), `r`; anything else is `other`.
    package init(wordNetLetter letter: String) {
        switch letter {
        case "n": self = .noun
        case "v": self = .verb
        case "a", "s": self = .adjective
        case "r": self = .adverb
        default: self = .other
        }
    }

    /// The WN-LMF parts of speech an entry may carry for this part of speech, in preference
    /// order (`a` before `s` for adjectives). Empty for `.other`.
    package var wordNetLetters: [WordNetPartOfSpeech] {
        switch self {
        case .noun: return [.noun]
        case .verb: return [.verb]
        case .adjective: return [.adjective, .satellite]
        case .adverb: return [.adverb]
        case .other: return []
        }
    }

    /// Declaration order (noun, verb, adjective, adverb, other), the order reports list them in.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension PartOfSpeech {
    /// Why `entry` is not a valid stop word (`lemma` or `lemma:partOfSpeech`), or nil.
    package static func stopWordProblem(_ entry: String) -> StopWordProblem? {
        guard let colon = entry.lastIndex(of: ":") else { return nil }
        let pos = entry[entry.index(after: colon)...]
        if entry[..<colon].isEmpty { return .noLemma(entry: entry) }
        if PartOfSpeech(rawValue: String(pos)) == nil { return .notAPartOfSpeech(entry: entry, given: String(pos)) }
        return nil
    }
}

/// Why a stop word, given inline in the config or as a line of a stop list, is not valid: an
/// entry is a lemma (`be`) or a lemma, a colon and a part of speech (`can:verb`).
package enum StopWordProblem: Sendable, Equatable, CustomStringConvertible {
    /// Nothing before the colon (`:verb`).
    case noLemma(entry: String)
    /// What follows the last colon (`given`) is not a part of speech (`can:nounish`).
    case notAPartOfSpeech(entry: String, given: String)

    /// The reason in plain words, naming the entry.
    package var description: String {
        switch self {
        case .noLemma(let entry):
            return "\"\(entry)\" has no lemma before the ':'"
        case .notAPartOfSpeech(let entry, let given):
            let names = PartOfSpeech.allCases.map(\.rawValue).joined(separator: ", ")
            return "\"\(entry)\": after ':' comes a part of speech (\(names)), not \"\(given)\""
        }
    }
}

/// A WN-LMF `partOfSpeech` value, as a lexicon writes it: `n`, `v`, `a`, `s` (adjective
/// satellite), `r`, and the rarer `t`, `c`, `p`, `x`, `u`. Other letters are kept as written (the
/// reader does not judge them); ``coarse`` maps them all onto ``PartOfSpeech``.
package struct WordNetPartOfSpeech: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The letter as written.
    package var rawValue: String

    /// Any letter, kept as written (``coarse`` maps an unknown one to `other`).
    package init(rawValue: String) { self.rawValue = rawValue }

    /// `"n"` is ``noun``.
    package init(stringLiteral value: String) { rawValue = value }

    /// `n`: a noun.
    package static let noun: Self = "n"
    /// `v`: a verb.
    package static let verb: Self = "v"
    /// `a`: a head adjective (``satellite`` is `s`).
    package static let adjective: Self = "a"
    /// An adjective satellite: an adjective synset that hangs off a head adjective synset.
    package static let satellite: Self = "s"
    /// `r`: an adverb.
    package static let adverb: Self = "r"

    /// The coarse part of speech (`a` and `s` are both adjectives; unknown letters are `other`).
    package var coarse: PartOfSpeech { PartOfSpeech(wordNetLetter: rawValue) }

    /// The letter as written.
    package var description: String { rawValue }
}

/// `senseOrder` of a lexicon section: what the order of an entry's senses says.
///
/// Open English WordNet lists a word's senses most frequent first (Princeton WordNet numbered
/// them by their occurrences in its sense-tagged corpora, SemCor); the Open Multilingual Wordnet
/// lexicons list them in the order of their synsets' ids (Princeton's offsets), which says nothing
/// about frequency. The first sense of a card, and where policy `sense` may move it, depend on it
/// (see the join in `docs/policy.md`).
package enum SenseOrder: String, Codable, Sendable, Equatable, CaseIterable {
    /// Most frequent first: the first sense is the one to teach.
    case frequency
    /// An order that says nothing about frequency: the senses are ranked through the ILI by the
    /// evidence of a frequency-ordered lexicon the build reads (its translations or glosses).
    case arbitrary

    /// The lexicon id whose senses are known to be ordered by frequency when a config does not say:
    /// Open English WordNet's (`oewn`, every edition).
    package static let frequencyOrderedLexiconIds: Set<String> = ["oewn"]

    /// The order of a lexicon whose `<Lexicon id>` is `lexiconId`: `configured` when the config
    /// states it, else ``frequency`` for Open English WordNet and ``arbitrary`` for any other
    /// (what is true of the lexicons this project reads: the OMW wordnets and Wiktionary's are not
    /// frequency-ordered).
    package static func resolved(_ configured: SenseOrder?, lexiconId: String) -> SenseOrder {
        configured ?? (frequencyOrderedLexiconIds.contains(lexiconId) ? .frequency : .arbitrary)
    }
}

/// `memberOrder` of a translation lexicon: what the order of a synset's members says, which is
/// the order a card's translations from it are shown in when the sentence pairs do not decide
/// (docs/policy.md, the join: translation order).
///
/// Open English WordNet's editors list a synset's members in a curated order, the word that names
/// the concept first (`car, auto, automobile, machine, motorcar`); the Open Multilingual Wordnet
/// 1.4 lexicons list them alphabetically (omw-es: child → `alevín … niño`, 14th of 15), which says
/// nothing about use.
package enum MemberOrder: String, Codable, Sendable, Equatable, CaseIterable {
    /// A curated order: kept where the pairs do not decide.
    case meaningful
    /// An order that says nothing about use: the learner language's frequency decides where the
    /// pairs do not.
    case arbitrary

    /// The order of a lexicon whose `<Lexicon id>` is `lexiconId`: `configured` when the config
    /// states it, else ``meaningful`` for Open English WordNet and ``arbitrary`` for any other.
    package static func resolved(_ configured: MemberOrder?, lexiconId: String) -> MemberOrder {
        configured ?? (SenseOrder.frequencyOrderedLexiconIds.contains(lexiconId) ? .meaningful : .arbitrary)
    }
}

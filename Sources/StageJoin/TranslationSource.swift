import VocabCore
import WNLMF

/// The lexicons that translate into one target language, in configuration order.
package struct TranslationSource: Sendable {
    /// The target language (`es`), as configured.
    package var language: String
    /// Its lexicons in configuration order: an earlier lexicon's lemmas come first.
    package var lexicons: [any InterlingualLookup]

    /// The lexicons that translate into `language`.
    package init(language: String, lexicons: [any InterlingualLookup]) {
        self.language = language
        self.lexicons = lexicons
    }

    /// Lemmas of the synsets that share `ili`, in each synset's `members` order, without
    /// duplicates; lexical gaps (`lexicalized="false"` synsets or senses) are no translation.
    package func lemmas(ili: String?) -> [String] {
        guard let ili, ili.hasPrefix("i"), ili != "in" else { return [] }
        var seen = Set<String>()
        var lemmas: [String] = []
        for lexicon in lexicons {
            for concept in lexicon.concepts(ili: ili) where concept.lexicalized {
                for member in concept.members where member.lexicalized {
                    if seen.insert(member.writtenForm).inserted { lemmas.append(member.writtenForm) }
                }
            }
        }
        return lemmas
    }

    /// Groups lexicons by language, keeping the first appearance order of languages.
    package static func group(_ pairs: [(language: String, lexicon: any InterlingualLookup)]) -> [TranslationSource] {
        var sources: [TranslationSource] = []
        for (language, lexicon) in pairs {
            if let index = sources.firstIndex(where: { $0.language == language }) {
                sources[index].lexicons.append(lexicon)
            } else {
                sources.append(TranslationSource(language: language, lexicons: [lexicon]))
            }
        }
        return sources
    }
}

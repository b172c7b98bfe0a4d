import VocabCore
import WNLMF

/// The config's gloss lexicon (`glosses`): definitions, in its language, for the cards whose
/// sense has none in the source lexicon, taken from the same ILI concept and never another.
package struct GlossSource: Sendable {
    /// BCP 47 tag of the glosses' language (`en`).
    package var language: String
    /// The lexicon the definitions come from.
    package var lexicon: any DefinitionLookup

    /// A gloss lexicon in `language`.
    package init(language: String, lexicon: any DefinitionLookup) {
        self.language = language
        self.lexicon = lexicon
    }

    /// The definition of the concept `ili`; none without a real ILI (absent, empty or `in`).
    package func definition(ili: String?) -> String? {
        guard let ili, Synset.interlingualId(fromILI: ili) != nil else { return nil }
        return lexicon.definition(ili: ili)
    }

    /// The card's definition and its language: the source synset's first definition in
    /// `sourceLanguage`, else the gloss lexicon's for the same concept, else none (nil, nil).
    package static func definition(
        of synset: Synset, sourceLanguage: String, glosses: GlossSource?
    ) -> (text: String?, language: String?) {
        if let own = synset.definitions.first { return (own, sourceLanguage) }
        if let glosses, let gloss = glosses.definition(ili: synset.interlingualId) { return (gloss, glosses.language) }
        return (nil, nil)
    }
}

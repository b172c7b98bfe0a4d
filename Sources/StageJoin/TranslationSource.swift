import VocabCore
import WNLMF

/// The lexicons that translate into one target language, in configuration order, each a layer:
/// a lexicon merges its lemmas with those before it, or (a fallback) gives a concept lemmas only
/// where the lexicons before it give none.
package struct TranslationSource: Sendable {
    /// One lexicon of the language.
    package struct Layer: Sendable {
        /// `id:version` of the lexicon: the source recorded with each lemma it gives.
        package var id: String
        /// The lexicon's concepts.
        package var lexicon: any InterlingualLookup
        /// True when the lexicon is consulted only for concepts the lexicons before it leave untranslated.
        package var fallback: Bool
        /// What the order of the lexicon's synset members says: the order its lemmas keep where
        /// the sentence pairs do not decide (``TranslationOrder``).
        package var memberOrder: MemberOrder

        /// A layer of `lexicon`, known as `id`.
        package init(id: String, lexicon: any InterlingualLookup, fallback: Bool = false, memberOrder: MemberOrder = .meaningful) {
            self.id = id
            self.lexicon = lexicon
            self.fallback = fallback
            self.memberOrder = memberOrder
        }
    }

    /// The target language (`es`), as configured.
    package var language: String
    /// Its lexicons in configuration order: an earlier lexicon's lemmas come first.
    package var layers: [Layer]

    /// The lexicons that translate into `language`, merged (no fallback); a `Lexicon` is known by
    /// its `id:version`.
    package init(language: String, lexicons: [any InterlingualLookup]) {
        self.init(language: language, layers: lexicons.map { Layer(id: ($0 as? Lexicon)?.info.idVersion ?? "", lexicon: $0) })
    }

    /// The layers that translate into `language`.
    package init(language: String, layers: [Layer]) {
        self.language = language
        self.layers = layers
    }

    /// Every lemma any layer gives the concept `ili`, a fallback layer's too, without duplicates:
    /// every name of the concept in the language (what the sense test looks for).
    package func allLemmas(ili: String?) -> [String] { allNames(ili: ili).lemmas }

    /// ``allLemmas(ili:)`` with the `id:version` of the layer each lemma came from first.
    package func allNames(ili: String?) -> Translation {
        var translation = Translation(language: language, lemmas: [], sources: [])
        guard let ili, ili.hasPrefix("i"), ili != "in" else { return translation }
        var lemmas = UniqueStrings()
        for layer in layers {
            layer.lexicon.forEachTranslationLemma(ili: ili) { lemma in
                if lemmas.append(lemma) { translation.sources.append(layer.id) }
            }
        }
        translation.lemmas = lemmas.items
        return translation
    }

    /// The `id:version` of the layers whose member order is arbitrary.
    package var arbitrarilyOrdered: Set<String> { Set(layers.filter { $0.memberOrder == .arbitrary }.map(\.id)) }

    /// Lemmas of the synsets that share `ili`, in each synset's `members` order, without
    /// duplicates; lexical gaps (`lexicalized="false"` synsets or senses) are no translation.
    package func lemmas(ili: String?) -> [String] { translation(ili: ili).lemmas }

    /// The translation of the concept `ili`: the lemmas of ``lemmas(ili:)``, each with the
    /// `id:version` of the layer it came from. A fallback layer is skipped once a layer before
    /// it gave a lemma.
    package func translation(ili: String?) -> Translation {
        var translation = Translation(language: language, lemmas: [], sources: [])
        guard let ili, ili.hasPrefix("i"), ili != "in" else { return translation }
        var lemmas = UniqueStrings()
        for layer in layers where !(layer.fallback && !lemmas.items.isEmpty) {
            layer.lexicon.forEachTranslationLemma(ili: ili) { lemma in
                if lemmas.append(lemma) { translation.sources.append(layer.id) }
            }
        }
        translation.lemmas = lemmas.items
        return translation
    }

    /// Groups lexicons by language, keeping the first appearance order of languages.
    package static func group(_ pairs: [(language: String, lexicon: any InterlingualLookup)]) -> [TranslationSource] {
        group(pairs.map { ($0.language, Layer(id: ($0.lexicon as? Lexicon)?.info.idVersion ?? "", lexicon: $0.lexicon)) })
    }

    /// Groups layers by language, keeping the first appearance order of languages and the
    /// layers' order within each.
    package static func group(_ pairs: [(language: String, layer: Layer)]) -> [TranslationSource] {
        var sources: [TranslationSource] = []
        for (language, layer) in pairs {
            if let index = sources.firstIndex(where: { $0.language == language }) {
                sources[index].layers.append(layer)
            } else {
                sources.append(TranslationSource(language: language, layers: [layer]))
            }
        }
        return sources
    }
}

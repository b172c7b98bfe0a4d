import VocabCore

/// Definitions by interlingual index: what a gloss lexicon answers for a concept.
package protocol DefinitionLookup: Sendable {
    /// The first definition of the first synset, in document order, whose ILI is `ili` (a real
    /// one), or nil.
    func definition(ili: String) -> String?
}

extension Lexicon: DefinitionLookup {
    package func definition(ili: String) -> String? {
        synsets(ili: ili).lazy.compactMap(\.definitions.first).first
    }
}

/// A gloss lexicon kept as its concepts' first definitions (``LexiconKeep/glosses``): for each
/// real ILI, the first definition of the first synset of that ILI that has one.
package struct GlossTable: DefinitionLookup, Sendable {
    /// The `<Lexicon>` element's attributes (its language is the glosses').
    package var info: LexiconInfo
    /// ILI → definition.
    package var definitions: [String: String]

    /// A table of `definitions` by ILI (tests and tools build one in memory).
    package init(info: LexiconInfo, definitions: [String: String]) {
        self.info = info
        self.definitions = definitions
    }

    package func definition(ili: String) -> String? { definitions[ili] }
}

extension LexiconKeep where Result == GlossTable {
    /// A gloss lexicon's concepts' first definitions (``GlossTable``): the whole file is parsed
    /// and checked, then only the table is kept.
    package static var glosses: LexiconKeep<GlossTable> {
        LexiconKeep(content: .everything(keepText: true)) { store, info in
            var definitions: [String: String] = [:]
            for record in store.synsets where !record.ili.isAbsent && record.textCount > 0 {
                let synset = store.synset(record)
                guard let ili = synset.interlingualId, definitions[ili] == nil, let first = synset.definitions.first else { continue }
                definitions[ili] = first
            }
            return GlossTable(info: info, definitions: definitions)
        }
    }
}

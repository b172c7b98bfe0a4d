/// The `lemmatization` section: how the lemmatize step turns a list's word forms into the
/// lexicon's lemmas (`años` → año, `fue` → ser). Without it a list's words are taken as lemmas,
/// as a COCA-like list gives them, and the step does not run.
///
/// Readings of a form come from the lemma table, the morphological analyzer (lemma and word
/// class), the source lexicon (the form itself, its `Form`s) and the Hunspell dictionary's stems;
/// docs/policy.md gives the one rule that chooses among them.
package struct LemmatizationConfig: Codable, Sendable, Equatable {
    /// The morphological analyzer, relative to the corpus folder (Debian's Apertium files are
    /// given by their absolute path under `/usr/share/apertium/`); nil for none.
    package var analyzer: AnalyzerConfig?
    /// The Hunspell dictionary (`.aff` and `.dic`), relative to the corpus folder; nil for none.
    /// With an analyzer, it serves the forms the analyzer does not know.
    package var hunspell: HunspellFiles?
    /// A lemma table (`form<TAB>lemma` per line, `#` comments), relative to the config file:
    /// the irregular forms a Hunspell dictionary lists as words of their own (`fue`, `puede`).
    package var lemmaTable: String?
    /// How many no-lemma forms, most frequent first, the report folder lists (all are counted).
    package var noLemmaListed = 200

    enum CodingKeys: String, CodingKey, CaseIterable { case analyzer, hunspell, lemmaTable, noLemmaListed }
}

extension LemmatizationConfig {
    /// Decodes the section, rejecting unknown keys; every key is optional.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        analyzer = try c.decodeIfPresent(AnalyzerConfig.self, forKey: .analyzer)
        hunspell = try c.decodeIfPresent(HunspellFiles.self, forKey: .hunspell)
        lemmaTable = try c.decodeIfPresent(String.self, forKey: .lemmaTable)
        noLemmaListed = try c.decodeIfPresent(Int.self, forKey: .noLemmaListed) ?? 200
    }

    /// `lemmatization.hunspell`: a dictionary's two files (Debian's `hunspell-es` installs
    /// `es_ES.aff` and `es_ES.dic`).
    package struct HunspellFiles: Codable, Sendable, Equatable {
        /// The affix file (`es_ES.aff`).
        package var aff: String
        /// The word file (`es_ES.dic`).
        package var dic: String

        enum CodingKeys: String, CodingKey, CaseIterable { case aff, dic }
    }
}

extension LemmatizationConfig.HunspellFiles {
    /// Decodes both required keys, rejecting unknown ones.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        aff = try c.decode(String.self, forKey: .aff)
        dic = try c.decode(String.self, forKey: .dic)
    }
}

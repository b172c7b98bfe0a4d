import Foundation

/// The declarative pipeline, as `pipeline.json` states it. Unknown keys, wrong types and
/// missing required keys are errors naming the key path. See docs/configuration.md for every key.
package struct PipelineConfig: Codable, Sendable, Equatable {
    /// `dataset`: the release's package name, version and manifest text.
    package var dataset: DatasetConfig
    /// Folder that relative source paths are resolved against, relative to the config
    /// file's folder. `--corpus` overrides it.
    package var corpus: String
    /// `frequency`: the frequency list and how to read it.
    package var frequency: FrequencySourceConfig
    /// The source-language lexicon (definitions, synonyms, examples): `lexicon`, or the first of
    /// `lexicon` given as an array (``lexiconLayers``).
    package var lexicon: LexiconSourceConfig
    /// The source lexicons layered after ``lexicon``, in order, when `lexicon` is an array of
    /// several: each gives the entries whose word the lexicons before it lack in that part of
    /// speech (a Polish verb missing from the wordnet comes from a Wiktionary-derived lexicon).
    /// Empty for one lexicon, written as an object, so that such a config embeds and keys as before.
    package var lexiconLayers: [LexiconSourceConfig] = []
    /// Lexicons that provide translations, one or more per target language.
    package var translations: [TranslationSourceConfig]
    /// `glosses`: a lexicon whose definitions, in its `language`, serve the cards whose sense has
    /// none in the source lexicon, taken from the same ILI concept only; nil for none.
    package var glosses: TranslationSourceConfig?
    /// `selection`: which words the release keeps (the defaults when absent).
    package var selection: SelectionConfig
    /// `translation`: the translation policy (`none` when absent).
    package var translation: TranslationConfig
    /// `output`: where releases and stage artifacts go (the defaults when absent).
    package var output: OutputConfig
    /// `dictionary`: whether the release also carries every entry of the source lexicon (off when absent).
    package var dictionary: DictionaryConfig
    /// `pronunciation`: generated pronunciations where the lexicon has none (none when absent).
    package var pronunciation: PronunciationConfig?
    /// `reading`: each card's reading (kana, pinyin), from which the pronunciation is made (none
    /// when absent).
    package var reading: ReadingConfig?
    /// `sensePins`: a file of sense pins (`lemma part-of-speech ILI` per line), relative to the
    /// config file's folder (a maintainer's file, kept with the config, not a source); nil for none.
    package var sensePins: String?
    /// `lemmatization`: how a list of word forms becomes lemmas; nil for a list of lemmas (the
    /// lemmatize step does not run).
    package var lemmatization: LemmatizationConfig?
    /// `examples`: a file of sentence pairs that gives the cards example sentences with their
    /// translation (docs/policy.md); nil for none (cards keep the lexicon's examples only).
    package var examples: ExamplesConfig?
    /// `gates`: what a release must meet to be published (none when absent). Not encoded: gates
    /// are left out of the config the manifest embeds (see ``GatesConfig``).
    package var gates: GatesConfig

    enum CodingKeys: String, CodingKey, CaseIterable {
        case dataset, corpus, frequency, lexicon, translations, selection, translation, output, dictionary, pronunciation, sensePins
        case lemmatization, glosses, examples, reading
    }

    /// Keys decoded but never encoded.
    enum UnembeddedKeys: String, CodingKey, CaseIterable { case gates }

    /// Decodes `pipeline.json`, rejecting unknown keys and filling in the defaults of docs/configuration.md.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, alsoAllowing: UnembeddedKeys.self)
        dataset = try c.decode(DatasetConfig.self, forKey: .dataset)
        corpus = try c.decodeIfPresent(String.self, forKey: .corpus) ?? "Corpus"
        frequency = try c.decode(FrequencySourceConfig.self, forKey: .frequency)
        if (try? c.nestedUnkeyedContainer(forKey: .lexicon)) != nil {
            let layers = try c.decode([LexiconSourceConfig].self, forKey: .lexicon)
            guard let first = layers.first else { throw DecodingError.config(.noSourceLexicon, at: c.codingPath + [CodingKeys.lexicon]) }
            lexicon = first
            lexiconLayers = Array(layers.dropFirst())
        } else {
            lexicon = try c.decode(LexiconSourceConfig.self, forKey: .lexicon)
        }
        translations = try c.decodeIfPresent([TranslationSourceConfig].self, forKey: .translations) ?? []
        glosses = try c.decodeIfPresent(TranslationSourceConfig.self, forKey: .glosses)
        selection = try c.decodeIfPresent(SelectionConfig.self, forKey: .selection) ?? SelectionConfig()
        translation = try c.decodeIfPresent(TranslationConfig.self, forKey: .translation) ?? TranslationConfig()
        output = try c.decodeIfPresent(OutputConfig.self, forKey: .output) ?? OutputConfig()
        dictionary = try c.decodeIfPresent(DictionaryConfig.self, forKey: .dictionary) ?? DictionaryConfig()
        pronunciation = try c.decodeIfPresent(PronunciationConfig.self, forKey: .pronunciation)
        sensePins = try c.decodeIfPresent(String.self, forKey: .sensePins)
        lemmatization = try c.decodeIfPresent(LemmatizationConfig.self, forKey: .lemmatization)
        examples = try c.decodeIfPresent(ExamplesConfig.self, forKey: .examples)
        reading = try c.decodeIfPresent(ReadingConfig.self, forKey: .reading)
        gates = try decoder.container(keyedBy: UnembeddedKeys.self).decodeIfPresent(GatesConfig.self, forKey: .gates) ?? GatesConfig()
    }

    /// Encodes the config as it is decoded: `lexicon` an object for one lexicon, an array of
    /// every layer otherwise; the other sections in key order, an absent optional one left out.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dataset, forKey: .dataset)
        try c.encode(corpus, forKey: .corpus)
        try c.encode(frequency, forKey: .frequency)
        if lexiconLayers.isEmpty { try c.encode(lexicon, forKey: .lexicon) } else { try c.encode(sourceLexicons, forKey: .lexicon) }
        try c.encode(translations, forKey: .translations)
        try c.encode(selection, forKey: .selection)
        try c.encode(translation, forKey: .translation)
        try c.encode(output, forKey: .output)
        try c.encode(dictionary, forKey: .dictionary)
        try c.encodeIfPresent(pronunciation, forKey: .pronunciation)
        try c.encodeIfPresent(sensePins, forKey: .sensePins)
        try c.encodeIfPresent(lemmatization, forKey: .lemmatization)
        try c.encodeIfPresent(glosses, forKey: .glosses)
        try c.encodeIfPresent(examples, forKey: .examples)
        try c.encodeIfPresent(reading, forKey: .reading)
    }

    /// Every source lexicon in order: ``lexicon``, then ``lexiconLayers``.
    package var sourceLexicons: [LexiconSourceConfig] { [lexicon] + lexiconLayers }

    /// The target languages, in configuration order, without repeats.
    package var targetLanguages: [String] {
        var seen = Set<String>()
        return translations.map(\.language).filter { seen.insert($0).inserted }
    }
}

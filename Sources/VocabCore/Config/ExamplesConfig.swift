/// The `examples` section: a file of sentence pairs (a sentence in the learned language, its
/// translation into the learner's language: Tatoeba's pairs, as manythings.org/anki lays them
/// out) from which the examples stage gives each card up to ``perCard`` example sentences with
/// their translation, by the rule of docs/policy.md. Without the section cards keep the lexicon's
/// examples only, and the release is what it was before the section existed.
package struct ExamplesConfig: Codable, Sendable, Equatable {
    /// The pair file, tab-separated, one pair a line, no header, no quoting; relative to the corpus
    /// folder.
    package var path: String
    /// The name the cards give as the source of its pairs (`tatoeba`; never `lexicon`).
    package var id: String
    /// The 1-based column of the sentence in the learned language (the source lexicon's).
    package var learnedColumn: Int
    /// The 1-based column of its translation, in the learner's language.
    package var learnerColumn: Int
    /// The learner's language (BCP 47): a target language of the config, whose translations the
    /// sense test looks for in the translation.
    package var learnerLanguage: String
    /// The file's character encoding, an ICU converter name, as `frequency.encoding`; nil is UTF-8.
    package var encoding: String?
    /// What a malformed line (a column missing, an empty sentence) does, as
    /// `frequency.malformedRows`: nil or `error` stops the build, `skip` leaves it out, counted.
    package var malformedRows: MalformedRowPolicy?
    /// The source's title, for the manifest.
    package var title: String?
    /// The source's licence and attribution (Tatoeba: CC BY 2.0 FR, "Tatoeba (tatoeba.org) and
    /// www.manythings.org/anki").
    package var license: SourceLicense?
    /// The longest sentence considered, in words (as ``wordCount`` counts them, in the learned
    /// language).
    package var maxWords = ExamplesConfig.defaultMaxWords
    /// How a learned sentence's words are counted; nil: by the learned analyzer's format
    /// (``wordCount(learnedFormat:)``).
    package var wordCount: ExampleWordCount?
    /// The most sentence pairs a card gets (after the lexicon's own examples).
    package var perCard = ExamplesConfig.defaultPerCard
    /// The most cards one sentence (one learned-language text) may serve.
    package var perSentence = ExamplesConfig.defaultPerSentence
    /// The analyzer of the learned language's sentences, when the config has no
    /// `lemmatization.analyzer` (whose analyzer, with its classes, serves them otherwise); nil then,
    /// or for a language cut into words by ICU's rules alone (``AnalyzerConfig/wordBreak``).
    package var learnedAnalyzer: AnalyzerConfig?
    /// The analyzer of the translations, in the learner's language: the sense test compares
    /// their lemmas with the card's translations.
    package var learnerAnalyzer: AnalyzerConfig
    /// The file's pin (`sha256`, `bytes`, `url`, `mirrors`); nil when the config gives none.
    /// Not encoded (see ``SourcePin``).
    package var pin: SourcePin?

    /// 12 words.
    package static let defaultMaxWords = 12
    /// 3 pairs.
    package static let defaultPerCard = 3
    /// 2 cards.
    package static let defaultPerSentence = 2

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path, id, learnedColumn, learnerColumn, learnerLanguage, encoding, malformedRows, title, license
        case maxWords, perCard, perSentence, learnedAnalyzer, learnerAnalyzer, wordCount
    }

    /// A section with the defaults of docs/configuration.md.
    package init(
        path: String, id: String, learnedColumn: Int, learnerColumn: Int, learnerLanguage: String,
        learnedAnalyzer: AnalyzerConfig? = nil, learnerAnalyzer: AnalyzerConfig
    ) {
        self.path = path
        self.id = id
        self.learnedColumn = learnedColumn
        self.learnerColumn = learnerColumn
        self.learnerLanguage = learnerLanguage
        self.learnedAnalyzer = learnedAnalyzer
        self.learnerAnalyzer = learnerAnalyzer
    }

    /// Decodes the section, rejecting unknown keys; `path`, `id`, the two columns, the learner's
    /// language and its analyzer are required.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, alsoAllowing: SourcePin.CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        id = try c.decode(String.self, forKey: .id)
        learnedColumn = try c.decode(Int.self, forKey: .learnedColumn)
        learnerColumn = try c.decode(Int.self, forKey: .learnerColumn)
        learnerLanguage = try c.decode(String.self, forKey: .learnerLanguage)
        encoding = try c.decodeIfPresent(String.self, forKey: .encoding)
        malformedRows = try c.decodeIfPresent(MalformedRowPolicy.self, forKey: .malformedRows)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        license = try c.decodeIfPresent(SourceLicense.self, forKey: .license)
        maxWords = try c.decodeIfPresent(Int.self, forKey: .maxWords) ?? Self.defaultMaxWords
        wordCount = try c.decodeIfPresent(ExampleWordCount.self, forKey: .wordCount)
        perCard = try c.decodeIfPresent(Int.self, forKey: .perCard) ?? Self.defaultPerCard
        perSentence = try c.decodeIfPresent(Int.self, forKey: .perSentence) ?? Self.defaultPerSentence
        learnedAnalyzer = try c.decodeIfPresent(AnalyzerConfig.self, forKey: .learnedAnalyzer)
        learnerAnalyzer = try c.decode(AnalyzerConfig.self, forKey: .learnerAnalyzer)
        pin = try SourcePin.decode(from: decoder)
        for (key, text) in [(CodingKeys.path, path), (.id, id), (.learnerLanguage, learnerLanguage)] where text.isEmpty {
            throw DecodingError.config(.emptyText, at: c.codingPath + [key])
        }
    }

    /// How the learned sentences' words are counted: ``wordCount``, else by the format of the
    /// learned language's analyzer: `tokens` for `mecab` and `icu`, the engines of languages
    /// written without spaces (a Japanese sentence is one white-space chunk), `spaces` for the
    /// others.
    package func wordCount(learnedFormat: AnalyzerFormat) -> ExampleWordCount {
        wordCount ?? (learnedFormat == .mecab || learnedFormat == .icu ? .tokens : .spaces)
    }

    /// What the section gets wrong beyond its types, given the config's target languages and
    /// whether the config has a `lemmatization.analyzer`: the key path (below `examples`) and the
    /// problem, or nil.
    package func problem(targetLanguages: [String], lemmatizationAnalyzer: Bool) -> (keyPath: String, problem: ConfigProblem)? {
        if id == CardExample.lexiconSource { return ("id", .reservedExampleSource(id)) }
        for (key, column) in [("learnedColumn", learnedColumn), ("learnerColumn", learnerColumn)] where column < 1 {
            return (key, .columnNumberBelowOne(column))
        }
        if learnedColumn == learnerColumn { return ("learnerColumn", .sameColumn(learnedColumn)) }
        for (key, value) in [("maxWords", maxWords), ("perCard", perCard), ("perSentence", perSentence)] where value < 1 {
            return (key, .tooSmall(Int64(value), minimum: 1))
        }
        if !targetLanguages.contains(learnerLanguage) {
            return ("learnerLanguage", .notATargetLanguage(learnerLanguage, targets: targetLanguages))
        }
        if lemmatizationAnalyzer, learnedAnalyzer != nil { return ("learnedAnalyzer", .learnedAnalyzerTwice) }
        return nil
    }
}

/// `examples.wordCount`: how a sentence's words are counted (for `maxWords` and the examples'
/// order, which prefers short sentences of at least three words).
package enum ExampleWordCount: String, Codable, Sendable, Equatable, CaseIterable {
    /// White-space separated chunks that hold a letter or a digit (`¿Qué?` is one word, `—`
    /// none): a language written with spaces.
    case spaces
    /// The learned language's analyzer's word tokens that hold a letter or a digit (MeCab's words,
    /// ICU's segments; punctuation aside): a language written without spaces.
    case tokens
}

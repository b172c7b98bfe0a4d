/// A `pipeline.json` that cannot be used: where (the config file, and a key path such as
/// `selection.count`, or a line and column for JSON syntax) and what is wrong with it.
///
/// Thrown by ``Pipeline/load(configFile:corpusOverride:)`` and
/// ``Pipeline/checkOutputsApartFromInputs()``.
package typealias ConfigError = Located<ConfigProblem>

/// What is wrong, with the values that show it.
package enum ConfigProblem: ErrorProblem {
    // MARK: The file

    /// The config path names a folder, a device or a pipe.
    case configIsNotARegularFile
    /// The config file cannot be read (it does not exist, or is not readable).
    case unreadable
    /// The config file holds only white space.
    case empty

    // MARK: JSON

    /// Not JSON: Foundation's description of the syntax error (the location has its line
    /// and column when Foundation tells the offset).
    case invalidJSON(String)
    /// A number with a fraction or an exponent (as Foundation reads it: `2.5`, `1e+30`)
    /// where every number of the config is a whole number.
    case notAWholeNumber(String)
    /// A whole number beyond `Int64`.
    case numberTooLarge(String)
    /// A key written twice in one object (JSON leaves it to the reader which one wins: we
    /// refuse to guess).
    case duplicateKey
    /// A control character (a NUL, a line break, an escape, U+0080–U+009F) in a key or a string
    /// value, given as `U+XXXX`; only `frequency.delimiter` may be a tab.
    case controlCharacter(String)

    // MARK: Decoding

    /// A key the object does not have; `expected` lists the keys it has, sorted.
    case unknownKey(expected: [String])
    /// A value of the wrong JSON type.
    case wrongType(expected: ValueType)
    /// `null` where a value is required.
    case missingValue(expected: ValueType)
    /// A required key is absent.
    case missingKey
    /// A string that is not one of an enumeration's values (`"ignore"` for
    /// `frequency.unknownTags`); `allowed` is empty when the enumeration is not known.
    case invalidValue(String, allowed: [String])
    /// `frequency.delimiter` is neither one character (other than a quote or a line
    /// break) nor `"tab"` nor `"whitespace"`.
    case invalidDelimiter(String)
    /// Any other decoding failure, as the decoder describes it.
    case decodingFailed(String)

    // MARK: Values

    /// `dataset.name` is not a Frictionless package name.
    case invalidDatasetName(String)
    /// `dataset.version` is not `MAJOR.MINOR.PATCH` (with safe suffixes).
    case invalidVersion(String)
    /// A number below its minimum (`selection.count`, `lexicon.maxBytes`).
    case tooSmall(Int64, minimum: Int64)
    /// A number outside its range (`frequency.bands`).
    case outOfRange(Int64, allowed: ClosedRange<Int64>)
    /// A negative number where none is allowed (`selection.minimumFrequency`).
    case negative(Int64)
    /// A text that must not be empty (`translations[i].language`).
    case emptyText
    /// `pronunciation.voice` is no voice name libespeak-ng can take
    /// (`PronunciationConfig.isVoiceName`).
    case notAVoiceName(String)
    /// An inline stop word that is not `lemma` or `lemma:partOfSpeech`.
    case invalidStopWord(StopWordProblem)
    /// A gate (`gates.minimumCoverage.<language>`) names a language that no translation lexicon
    /// gives; `targets` are the config's target languages.
    case notATargetLanguage(String, targets: [String])
    /// `selection.partsOfSpeech` is empty.
    case noPartOfSpeechKept
    /// `lexicon` is an empty array: a release needs a source lexicon.
    case noSourceLexicon
    /// A later layer of `lexicon` whose senses are ordered otherwise (`order`) than the first
    /// layer's (`first`): one sense order applies to every layer's entries.
    case layerSenseOrder(String, first: String)
    /// `selection.partsOfSpeech` keeps `other`, which no WordNet entry has.
    case otherPartOfSpeechKept
    /// `frequency.tags` is empty.
    case noTags
    /// A column number below 1.
    case columnNumberBelowOne(Int)
    /// A column named by its header while `frequency.header` is false.
    case columnNameWithoutHeader
    /// A list without a part-of-speech column (`frequency.columns.partOfSpeech`) in a config
    /// without a `lemmatization` section: nothing would give its words a part of speech.
    case partOfSpeechNeedsLemmatization
    /// `frequency.tags` given for a list without a part-of-speech column.
    case tagsWithoutColumn
    /// `examples.id` is `lexicon`, the source name of the lexicon's own examples.
    case reservedExampleSource(String)
    /// `examples.learnerColumn` is the learned sentence's column too.
    case sameColumn(Int)
    /// `examples.learnedAnalyzer` in a config whose `lemmatization.analyzer` already analyzes the
    /// learned language.
    case learnedAnalyzerTwice
    /// An analyzer key the analyzer's `format` does not read (`path` with `icu`, which reads no
    /// file; `locale` with `lttoolbox` or `mecab`).
    case notWithFormat(String)
    /// An analyzer's `locale` that is no locale (``AnalyzerConfig/isLocale(_:)``).
    case invalidLocale(String)

    // MARK: Pins

    /// A `sha256` that is not 64 lower-case hex digits.
    case invalidSHA256(String)
    /// A `url` or mirror that is not an absolute `https`, `http` or `file` URL.
    case unsupportedURL(String)
    /// The key (at the location) must be given because `key` is (`sha256` for a `url`).
    case requiredWith(key: String)
    /// An archive's `member` that is not a relative path inside the archive in its plain form
    /// (absolute, with a `.`, `..` or empty component, or a trailing `/`).
    case invalidArchiveMember(String)

    // MARK: Files

    /// An input file (at the key path of the location) does not exist, or is a folder.
    case fileNotFound(path: String)
    /// An input file is a device or a pipe, which would be read or hashed forever.
    case inputIsNotARegularFile(path: String)
    /// The output folder (at the key path of the location) holds, or is, the input at
    /// `path`, named by `inputKeyPath`: publishing would replace it.
    case outputOverwritesInput(path: String, inputKeyPath: String)
    /// The work folder is inside the output folder while the frequency list may not be
    /// redistributed: its stage artifacts hold exact counts, which nothing under the output
    /// folder may carry.
    case workInsideOutput(work: String, output: String)

    /// A JSON value type, as a message names it.
    package enum ValueType: Sendable, Equatable, CustomStringConvertible {
        /// A JSON string.
        case string
        /// `true` or `false`.
        case boolean
        /// A whole number.
        case integer
        /// A JSON array.
        case array
        /// A JSON object.
        case object
        /// A type the config does not use elsewhere, by its Swift name.
        case other(String)

        /// `a string`, `true or false`, `an integer`, `an array`, `an object`.
        package var description: String {
            switch self {
            case .string: "a string"
            case .boolean: "true or false"
            case .integer: "an integer"
            case .array: "an array"
            case .object: "an object"
            case .other(let name): name
            }
        }
    }

    /// The problem in plain words (they never depend on where it is).
    package var message: String {
        switch self {
        case .configIsNotARegularFile: return "the config is not a regular file"
        case .unreadable: return "cannot read the config file"
        case .empty: return "the config file is empty"
        case .invalidJSON(let description): return "not valid JSON: \(description)"
        case .notAWholeNumber(let text): return "expected a whole number, got \(text)"
        case .numberTooLarge(let text): return "the number \(text) is too large (the limit is \(Int64.max))"
        case .duplicateKey: return "the key is written twice in the same object"
        case .controlCharacter(let code): return "contains the control character \(code); config text must be printable"
        case .unknownKey(let expected): return "unknown key (expected one of: \(expected.joined(separator: ", ")))"
        case .wrongType(let expected): return "wrong type: expected \(expected)"
        case .missingValue(let expected): return "missing value: expected \(expected)"
        case .missingKey: return "required key is missing"
        case .invalidValue(let value, let allowed):
            if allowed.isEmpty { return "invalid value \"\(value)\"" }
            return "invalid value \"\(value)\" (expected one of: \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))"
        case .invalidDelimiter(let text): return "expected one character, \"tab\" or \"whitespace\", got \"\(text)\""
        case .decodingFailed(let description): return description
        case .invalidDatasetName(let name): return "must be lower-case ASCII letters, digits, '-', '_' or '.', got \"\(name)\""
        case .invalidVersion(let version): return "must be a semantic version MAJOR.MINOR.PATCH, got \"\(version)\""
        case .tooSmall(let value, let minimum): return "must be at least \(minimum), got \(value)"
        case .outOfRange(let value, let allowed): return "must be from \(allowed.lowerBound) to \(allowed.upperBound), got \(value)"
        case .negative: return "must not be negative"
        case .emptyText: return "must not be empty"
        case .notAVoiceName(let name):
            return "\"\(name)\" is not a voice name (ASCII letters, digits, '-', '_' and '+', at most \(PronunciationConfig.maxVoiceNameLength) characters, at most \(PronunciationConfig.maxVoiceVariantLength) after '+'; for example es, es-419, en-us, en+f3)"
        case .invalidStopWord(let problem): return problem.description
        case .notATargetLanguage(let language, let targets):
            return "\"\(language)\" is not a target language of the config (they are: \(targets.isEmpty ? "none" : targets.joined(separator: ", ")))"
        case .noPartOfSpeechKept: return "must name at least one part of speech"
        case .noSourceLexicon: return "must name at least one lexicon"
        case .layerSenseOrder(let order, let first):
            return "this layer's senses are ordered \"\(order)\", the first layer's \"\(first)\": one sense order applies to every layer; state senseOrder alike"
        case .otherPartOfSpeechKept: return "\"other\" has no WordNet part of speech and cannot be kept"
        case .noTags: return "must map at least one tag"
        case .columnNumberBelowOne(let number): return "column numbers start at 1, got \(number)"
        case .columnNameWithoutHeader: return "a column name needs \"header\": true; use a 1-based number"
        case .partOfSpeechNeedsLemmatization:
            return "required unless the config has a \"lemmatization\" section (a list of word forms without tags takes its parts of speech from the lexicon)"
        case .tagsWithoutColumn: return "tags need a part-of-speech column (frequency.columns.partOfSpeech)"
        case .reservedExampleSource(let id): return "\"\(id)\" names the lexicon's own examples; give the pair file another name (\"tatoeba\")"
        case .sameColumn(let column): return "the translation and the learned sentence cannot both be column \(column)"
        case .learnedAnalyzerTwice:
            return "the learned language's sentences are analyzed by lemmatization.analyzer, with the lemmatize step's classes: leave this key out"
        case .notWithFormat(let format):
            return format == AnalyzerFormat.icu.rawValue
                ? "the \"icu\" format reads no file (ICU's own word-break rules): give \"locale\" (\"zh\", \"ja\", \"th\") and no \"path\""
                : "only the \"icu\" format reads a locale; the \"\(format)\" format reads the file at \"path\""
        case .invalidLocale(let text): return "must be a locale such as \"zh\", \"ja\", \"th\" or \"zh-Hant\" (ASCII letters, digits, '-', '_'), got \"\(text)\""
        case .invalidSHA256(let text): return "must be 64 lower-case hexadecimal digits (a SHA-256), got \"\(text)\""
        case .unsupportedURL(let text): return "must be an absolute https, http or file URL, got \"\(text)\""
        case .requiredWith(let key): return "required when \"\(key)\" is given"
        case .invalidArchiveMember(let text):
            return "must be the member's path inside the archive, relative, \"/\"-separated, without \".\", \"..\" or empty parts (\"omw-es/omw-es.xml\"), got \"\(text)\""
        case .fileNotFound(let path): return "file not found: \(path)"
        case .inputIsNotARegularFile(let path): return "not a regular file: \(path)"
        case .outputOverwritesInput(let path, let inputKeyPath): return "would overwrite the input \(path) (\(inputKeyPath))"
        case .workInsideOutput(let work, let output):
            return "the work folder \(work) is inside the output folder \(output); its stage artifacts hold the exact counts of a frequency list that is not redistributable (frequency.redistributable is false): put it outside"
        }
    }
}

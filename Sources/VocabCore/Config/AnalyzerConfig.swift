/// `lemmatization.analyzer`: a morphological analyzer, which gives every reading of a word form
/// with its lemma and tags (`fue` → ir `vblex`, ser `vbser`; `una` → uno `det`, uno `prn`, unir
/// `vblex`). Apertium's lttoolbox analyzers (`*.automorf.bin`, Debian's `apertium-*` packages)
/// are read as data, in process; a MeCab dictionary folder (`format: "mecab"`, Debian's
/// `/var/lib/mecab/dic/ipadic-utf8`) through libmecab; Voikko's dictionaries (`format: "voikko"`,
/// Debian's `voikko-fi`) through libvoikko; and a language without an analyzer is cut
/// into words by ICU's word-break rules for its `locale` (`format: "icu"`, dictionary-based for
/// Chinese, Japanese and Thai), which gives no readings.
package struct AnalyzerConfig: Codable, Sendable, Equatable {
    /// The analyzer file (`lttoolbox`) or dictionary folder (`mecab`, `voikko`: `/usr/lib/voikko`),
    /// relative to the corpus folder or absolute (`/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin`);
    /// empty for `icu`, which reads no file of its own.
    package var path: String
    /// The file's format: `lttoolbox` (the default), `mecab`, `voikko`, or `icu`.
    package var format: AnalyzerFormat
    /// The locale ICU's word-break rules are chosen by (`zh`, `ja`, `th`): `icu` only, where it
    /// is required; nil for the other formats.
    package var locale: String?
    /// Word classes of tags, over the format's defaults (``defaultClasses(of:)``): `{"vaux":
    /// "verb"}`. A reading's class is its first two tags' when a key names both (`"det ord"`: an
    /// ordinal; `"名詞 固有名詞"`: a name), else its first tag's.
    package var classes: [String: WordClass]
    /// The tags that mark a plural (Apertium's `pl`, Voikko's `NUMBER=plural`: the format's
    /// default, ``defaultPluralTags(of:)``): a noun reading without one, of a form the lexicon has
    /// as a noun of its own, keeps the form as its lemma (`hija`, not hijo).
    package var pluralTags: [String]
    /// Names of inflection tags in words, over the format's defaults (Apertium's tag set for
    /// `lttoolbox`: `p3` "3rd person", `ifi` "preterite"): `{"pis": "imperfecto de subjuntivo"}`;
    /// an empty name leaves the tag out of descriptions. What a form's inflection is described
    /// in (`fue`: "3rd person singular, preterite"; docs/policy.md, forms).
    package var tagNames: [String: String]

    enum CodingKeys: String, CodingKey, CaseIterable { case path, format, locale, classes, pluralTags, tagNames }

    /// An analyzer read from `path` (for `icu`, `locale` names the rules and `path` is empty);
    /// `pluralTags` nil is the format's.
    package init(path: String, format: AnalyzerFormat = .lttoolbox, locale: String? = nil, classes: [String: WordClass] = [:],
                 pluralTags: [String]? = nil, tagNames: [String: String] = [:]) {
        self.tagNames = tagNames
        self.path = path
        self.format = format
        self.locale = locale
        self.classes = classes
        self.pluralTags = pluralTags ?? Self.defaultPluralTags(of: format)
    }

    /// Decodes the section, rejecting unknown keys. `path` is required and not empty, except for
    /// `icu`, which takes a `locale` instead (required; refused with the other formats, as `path`
    /// is with `icu`).
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        format = try c.decodeIfPresent(AnalyzerFormat.self, forKey: .format) ?? .lttoolbox
        if format == .icu {
            if c.contains(.path) { throw DecodingError.config(.notWithFormat(format.rawValue), at: c.codingPath + [CodingKeys.path]) }
            path = ""
            let locale = try c.decode(String.self, forKey: .locale)
            guard Self.isLocale(locale) else { throw DecodingError.config(.invalidLocale(locale), at: c.codingPath + [CodingKeys.locale]) }
            self.locale = locale
        } else {
            if c.contains(.locale) { throw DecodingError.config(.notWithFormat(format.rawValue), at: c.codingPath + [CodingKeys.locale]) }
            path = try c.decode(String.self, forKey: .path)
            if path.isEmpty { throw DecodingError.config(.emptyText, at: c.codingPath + [CodingKeys.path]) }
            locale = nil
        }
        classes = try c.decodeIfPresent([String: WordClass].self, forKey: .classes) ?? [:]
        pluralTags = try c.decodeIfPresent([String].self, forKey: .pluralTags) ?? Self.defaultPluralTags(of: format)
        tagNames = try c.decodeIfPresent([String: String].self, forKey: .tagNames) ?? [:]
    }

    /// Encodes the section as it is decoded: `path` left out for `icu` (whose `path` is empty and
    /// would be refused), `locale` only where there is one.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if format != .icu { try c.encode(path, forKey: .path) }
        try c.encode(format, forKey: .format)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encode(classes, forKey: .classes)
        try c.encode(pluralTags, forKey: .pluralTags)
        // Only when given: a config without it keeps its stage keys.
        if !tagNames.isEmpty { try c.encode(tagNames, forKey: .tagNames) }
    }

    /// ICU's word-break rules of the root locale (`und`): the learned language's sentences are
    /// cut by them when the config names no analyzer of the language (`lemmatization.analyzer`,
    /// `examples.learnedAnalyzer`): ICU chooses its dictionaries by script, so a text in Chinese,
    /// Japanese, Thai, Khmer, Lao or Burmese is cut into its words by them, and any other by UAX
    /// #29 (a language without inflection needs no analyzer).
    package static let wordBreak = AnalyzerConfig(path: "", format: .icu, locale: "und")

    /// Whether `text` is a locale ICU can be given: 1 to 64 ASCII letters, digits, `-` and `_`,
    /// starting with a letter (`zh`, `zh-Hant`, `ja_JP`). ICU falls back to its root rules for a
    /// language it has none of; this only keeps out what no locale is.
    package static func isLocale(_ text: String) -> Bool {
        guard let first = text.utf8.first, (1...64).contains(text.utf8.count) else { return false }
        let letter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        return letter(first) && text.utf8.allSatisfy { letter($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }

    /// The word class of a reading with `tags` (`n f sg` → noun), by ``classes`` over the
    /// format's defaults, and how many tags named it (2 for `det ord`, else 1); `other` for tags
    /// neither names.
    package func wordClass(ofTags tags: [String]) -> (wordClass: WordClass, tags: Int) {
        let defaults = Self.defaults(of: format)
        if tags.count >= 2 {
            // The config's keys of two tags, then the defaults' (kept by their first tag: most
            // readings make no string here).
            if !classes.isEmpty, let named = classes[tags[0] + " " + tags[1]] { return (named, 2) }
            if let named = defaults.pairs[tags[0]]?[tags[1]] { return (named, 2) }
        }
        guard let first = tags.first else { return (.other, 0) }
        return (classes[first] ?? defaults.single[first] ?? .other, 1)
    }

    /// The default classes of a format's tags: Apertium's for `lttoolbox`, MeCab's dictionaries'
    /// for `mecab`, Voikko's for `voikko`, none for `icu` (which gives no tags).
    package static func defaultClasses(of format: AnalyzerFormat) -> [String: WordClass] {
        switch format {
        case .lttoolbox: apertiumClasses
        case .mecab: mecabClasses
        case .voikko: voikkoClasses
        case .icu: [:]
        }
    }

    /// The default plural tags of `format`: Apertium's `pl`; Voikko's `NUMBER=plural` (its
    /// analyses' `NUMBER` attribute, as the Voikko engine writes attributes as tags); none for
    /// MeCab (Japanese nouns have no plural) and ICU.
    package static func defaultPluralTags(of format: AnalyzerFormat) -> [String] {
        switch format {
        case .lttoolbox: ["pl"]
        case .voikko: ["NUMBER=plural"]
        case .mecab, .icu: []
        }
    }

    /// A format's defaults as ``wordClass(ofTags:)`` reads them: the keys of one tag, and those
    /// of two by their first tag then their second (`det` → `ord`).
    private struct Defaults {
        var single: [String: WordClass] = [:]
        var pairs: [String: [String: WordClass]] = [:]

        init(_ classes: [String: WordClass]) {
            for (key, wordClass) in classes {
                let tags = key.split(separator: " ")
                if tags.count == 2 { pairs[String(tags[0]), default: [:]][String(tags[1])] = wordClass } else { single[key] = wordClass }
            }
        }
    }

    private static let apertiumDefaults = Defaults(apertiumClasses)
    private static let mecabDefaults = Defaults(mecabClasses)
    private static let voikkoDefaults = Defaults(voikkoClasses)
    private static let noDefaults = Defaults([:])

    private static func defaults(of format: AnalyzerFormat) -> Defaults {
        switch format {
        case .lttoolbox: apertiumDefaults
        case .mecab: mecabDefaults
        case .voikko: voikkoDefaults
        case .icu: noDefaults
        }
    }

    /// The classes of Apertium's part-of-speech tags, which its analyzers share across languages
    /// (wiki.apertium.org, "List of symbols"): `n` noun, `np` proper noun, `vblex`, `vbser`
    /// (ser, être, be), `vbhaver` (haber, avoir), `vbmod` (modal), `vaux`, `vbdo` verbs, `adj`
    /// adjective, `adv` and `preadv` (an adverb before an adjective or adverb: muy) adverbs,
    /// `pred` (a predicative: Russian надо, можно, нужно) an adverb, as UD's Russian treebanks
    /// mostly tag them (never a noun, verb or adjective card, nor a function word),
    /// `det` and `predet` determiners, `prn` pronoun, `rel` relative, `pr` preposition, `cnjcoo`,
    /// `cnjsub`, `cnjadv` conjunctions, `num` numeral, `ij` interjection, `part` particle
    /// (Russian ли, же, бы; Bulgarian да); and `det ord`, an
    /// ordinal (primero, segundo), an adjective, as UD and dictionaries have it; `n acr`, an
    /// acronym (ONU), a name.
    package static let apertiumClasses: [String: WordClass] = [
        "det ord": .adjective, "n acr": .properNoun,
        "n": .noun, "np": .properNoun,
        "vblex": .verb, "vbser": .verb, "vbhaver": .verb, "vbmod": .verb, "vaux": .verb, "vbdo": .verb,
        "adj": .adjective, "adv": .adverb, "preadv": .adverb, "pred": .adverb,
        "det": .determiner, "predet": .determiner,
        "prn": .pronoun, "rel": .pronoun,
        "pr": .adposition,
        "cnjcoo": .conjunction, "cnjsub": .conjunction, "cnjadv": .conjunction,
        "num": .numeral, "ij": .interjection, "part": .particle,
    ]

    /// The classes of Voikko's word classes (its analyses' `CLASS` attribute, which the Voikko
    /// engine makes a reading's first tag; voikko-fi's values, from libvoikko's
    /// `voikkoGetAttributeValues`): `nimisana` noun, `teonsana` verb, `laatusana` adjective,
    /// `nimisana_laatusana` (a word that is both, `oma`, `suuri`, `suomalainen`) adjective, as UD
    /// Finnish mostly tags them, `seikkasana` adverb, `asemosana` pronoun, `suhdesana`
    /// adposition, `sidesana` conjunction, `huudahdussana` interjection, `lukusana` numeral,
    /// `etunimi`, `sukunimi`, `paikannimi`, `nimi` (first, family, place and other names) proper
    /// nouns, `kieltosana` (the negative verb `ei`) an auxiliary. `lyhenne` (an abbreviation,
    /// `EU`, `YK`) and `etuliite` (a prefix) are left `other`: neither a card nor a function word.
    package static let voikkoClasses: [String: WordClass] = [
        "nimisana": .noun, "teonsana": .verb, "laatusana": .adjective, "nimisana_laatusana": .adjective,
        "seikkasana": .adverb, "asemosana": .pronoun, "suhdesana": .adposition, "sidesana": .conjunction,
        "huudahdussana": .interjection, "lukusana": .numeral,
        "etunimi": .properNoun, "sukunimi": .properNoun, "paikannimi": .properNoun, "nimi": .properNoun,
        "kieltosana": .auxiliary,
    ]
}

/// `lemmatization.analyzer.format`: how the analyzer file is written, and so which engine reads it.
package enum AnalyzerFormat: String, Codable, Sendable, Equatable, CaseIterable {
    /// Apertium's lttoolbox binary (`lt-comp`'s output, `*.automorf.bin`), as lttoolbox 3.5 and
    /// later write it.
    case lttoolbox
    /// A MeCab dictionary folder (`sys.dic`, `dicrc`, `matrix.bin`, `char.bin`, `unk.dic`, in
    /// UTF-8), read by libmecab: IPADIC (Debian's `mecab-ipadic-utf8`) or UniDic's layout of
    /// features.
    case mecab
    /// No analyzer: ICU's word-break rules for a locale (dictionary-based for Chinese, Japanese,
    /// Thai, Khmer, Lao, Burmese), which cut text into words and read none of them.
    case icu
    /// A Voikko dictionary folder (Debian's `voikko-fi`: `/usr/lib/voikko`, holding
    /// `5/mor-standard`), read through libvoikko; the language is the dictionary's own
    /// (its `index.txt`).
    case voikko

    /// Whether the analyzer reads a file or folder of its own (all but `icu`).
    package var readsInput: Bool { self != .icu }
    /// Whether what it reads is a folder (a MeCab or Voikko dictionary).
    package var readsFolder: Bool { self == .mecab || self == .voikko }
}

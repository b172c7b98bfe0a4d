/// `lemmatization.analyzer`: a morphological analyzer, which gives every reading of a word form
/// with its lemma and tags (`fue` → ir `vblex`, ser `vbser`; `una` → uno `det`, uno `prn`, unir
/// `vblex`). Apertium's lttoolbox analyzers (`*.automorf.bin`, Debian's `apertium-*` packages)
/// are read as data, in process; Voikko's dictionaries (Debian's `voikko-fi`) through libvoikko.
package struct AnalyzerConfig: Codable, Sendable, Equatable {
    /// The analyzer, relative to the corpus folder or absolute: an lttoolbox file
    /// (`/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin`) or a Voikko dictionary folder
    /// (`/usr/lib/voikko`).
    package var path: String
    /// How the analyzer is written: `lttoolbox` (the default) or `voikko`.
    package var format: AnalyzerFormat
    /// Word classes of tags, over the format's defaults (``defaultClasses(of:)``):
    /// `{"vaux": "verb"}`. A reading's class is its first two tags' when a key names both
    /// (`"det ord"`: an ordinal), else its first tag's.
    package var classes: [String: WordClass]
    /// The tags that mark a plural (Apertium's `pl`, Voikko's `NUMBER=plural`: the format's
    /// default, ``defaultPluralTags(of:)``): a noun reading without one, of a form the lexicon has
    /// as a noun of its own, keeps the form as its lemma (`hija`, not hijo).
    package var pluralTags: [String]

    enum CodingKeys: String, CodingKey, CaseIterable { case path, format, classes, pluralTags }

    /// An analyzer read from `path`; `pluralTags` nil is the format's.
    package init(path: String, format: AnalyzerFormat = .lttoolbox, classes: [String: WordClass] = [:], pluralTags: [String]? = nil) {
        self.path = path
        self.format = format
        self.classes = classes
        self.pluralTags = pluralTags ?? Self.defaultPluralTags(of: format)
    }

    /// Decodes the section, rejecting unknown keys; `path` is required and not empty.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        if path.isEmpty { throw DecodingError.config(.emptyText, at: c.codingPath + [CodingKeys.path]) }
        format = try c.decodeIfPresent(AnalyzerFormat.self, forKey: .format) ?? .lttoolbox
        classes = try c.decodeIfPresent([String: WordClass].self, forKey: .classes) ?? [:]
        pluralTags = try c.decodeIfPresent([String].self, forKey: .pluralTags) ?? Self.defaultPluralTags(of: format)
    }

    /// The word class of a reading with `tags` (`n f sg` → noun), by ``classes`` over the
    /// format's defaults, and how many tags named it (2 for `det ord`, else 1); `other` for tags
    /// neither names.
    package func wordClass(ofTags tags: [String]) -> (wordClass: WordClass, tags: Int) {
        let (defaults, defaultPairs) = format == .voikko ? (Self.voikkoClasses, Self.voikkoPairs) : (Self.apertiumClasses, Self.apertiumPairs)
        if tags.count >= 2 {
            // The config's keys of two tags, then the defaults' (kept by their first tag: most
            // readings make no string here).
            if !classes.isEmpty, let named = classes[tags[0] + " " + tags[1]] { return (named, 2) }
            if let named = defaultPairs[tags[0]]?[tags[1]] { return (named, 2) }
        }
        guard let first = tags.first else { return (.other, 0) }
        return (classes[first] ?? defaults[first] ?? .other, 1)
    }

    /// The default classes of `format`'s tags: ``apertiumClasses`` for lttoolbox,
    /// ``voikkoClasses`` for Voikko.
    package static func defaultClasses(of format: AnalyzerFormat) -> [String: WordClass] {
        switch format {
        case .lttoolbox: apertiumClasses
        case .voikko: voikkoClasses
        }
    }

    /// The default plural tags of `format`: Apertium's `pl`; Voikko's `NUMBER=plural` (its
    /// analyses' `NUMBER` attribute, as the Voikko engine writes attributes as tags).
    package static func defaultPluralTags(of format: AnalyzerFormat) -> [String] {
        switch format {
        case .lttoolbox: ["pl"]
        case .voikko: ["NUMBER=plural"]
        }
    }

    /// The defaults' keys of two tags, by their first tag then their second (`det` → `ord`).
    private static func pairs(_ classes: [String: WordClass]) -> [String: [String: WordClass]] {
        classes.reduce(into: [:]) { pairs, entry in
            let tags = entry.key.split(separator: " ")
            if tags.count == 2 { pairs[String(tags[0]), default: [:]][String(tags[1])] = entry.value }
        }
    }

    private static let apertiumPairs = pairs(apertiumClasses)
    private static let voikkoPairs = pairs(voikkoClasses)

    /// The classes of Apertium's part-of-speech tags, which its analyzers share across languages
    /// (wiki.apertium.org, "List of symbols"): `n` noun, `np` proper noun, `vblex`, `vbser`
    /// (ser, être, be), `vbhaver` (haber, avoir), `vbmod` (modal), `vaux`, `vbdo` verbs, `adj`
    /// adjective, `adv` and `preadv` (an adverb before an adjective or adverb: muy) adverbs,
    /// `det` and `predet` determiners, `prn` pronoun, `rel` relative, `pr` preposition, `cnjcoo`,
    /// `cnjsub`, `cnjadv` conjunctions, `num` numeral, `ij` interjection; and `det ord`, an
    /// ordinal (primero, segundo), an adjective, as UD and dictionaries have it; `n acr`, an
    /// acronym (ONU), a name.
    package static let apertiumClasses: [String: WordClass] = [
        "det ord": .adjective, "n acr": .properNoun,
        "n": .noun, "np": .properNoun,
        "vblex": .verb, "vbser": .verb, "vbhaver": .verb, "vbmod": .verb, "vaux": .verb, "vbdo": .verb,
        "adj": .adjective, "adv": .adverb, "preadv": .adverb,
        "det": .determiner, "predet": .determiner,
        "prn": .pronoun, "rel": .pronoun,
        "pr": .adposition,
        "cnjcoo": .conjunction, "cnjsub": .conjunction, "cnjadv": .conjunction,
        "num": .numeral, "ij": .interjection,
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

/// `lemmatization.analyzer.format`: how the analyzer is written, and so which engine reads it.
package enum AnalyzerFormat: String, Codable, Sendable, Equatable, CaseIterable {
    /// Apertium's lttoolbox binary (`lt-comp`'s output, `*.automorf.bin`), as lttoolbox 3.5 and
    /// later write it.
    case lttoolbox
    /// A Voikko dictionary folder (Debian's `voikko-fi`: `/usr/lib/voikko`, holding
    /// `5/mor-standard`), read through libvoikko; the language is the dictionary's own
    /// (its `index.txt`).
    case voikko
}

/// `lemmatization.analyzer`: a morphological analyzer, which gives every reading of a word form
/// with its lemma and tags (`fue` → ir `vblex`, ser `vbser`; `una` → uno `det`, uno `prn`, unir
/// `vblex`). Apertium's lttoolbox analyzers (`*.automorf.bin`, Debian's `apertium-*` packages)
/// are read as data, in process.
package struct AnalyzerConfig: Codable, Sendable, Equatable {
    /// The analyzer file, relative to the corpus folder or absolute
    /// (`/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin`).
    package var path: String
    /// The file's format: `lttoolbox` (the only one read today).
    package var format: AnalyzerFormat
    /// Word classes of tags, over the defaults (``apertiumClasses``): `{"vaux": "verb"}`. A
    /// reading's class is its first two tags' when a key names both (`"det ord"`: an ordinal),
    /// else its first tag's.
    package var classes: [String: WordClass]
    /// The tags that mark a plural (Apertium's `pl`): a noun reading without one, of a form the
    /// lexicon has as a noun of its own, keeps the form as its lemma (`hija`, not hijo).
    package var pluralTags: [String]

    enum CodingKeys: String, CodingKey, CaseIterable { case path, format, classes, pluralTags }

    /// An analyzer read from `path`.
    package init(path: String, format: AnalyzerFormat = .lttoolbox, classes: [String: WordClass] = [:], pluralTags: [String] = ["pl"]) {
        self.path = path
        self.format = format
        self.classes = classes
        self.pluralTags = pluralTags
    }

    /// Decodes the section, rejecting unknown keys; `path` is required and not empty.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        if path.isEmpty { throw DecodingError.config(.emptyText, at: c.codingPath + [CodingKeys.path]) }
        format = try c.decodeIfPresent(AnalyzerFormat.self, forKey: .format) ?? .lttoolbox
        classes = try c.decodeIfPresent([String: WordClass].self, forKey: .classes) ?? [:]
        pluralTags = try c.decodeIfPresent([String].self, forKey: .pluralTags) ?? ["pl"]
    }

    /// The word class of a reading with `tags` (`n f sg` → noun), by ``classes`` over the
    /// defaults, and how many tags named it (2 for `det ord`, else 1); `other` for tags neither
    /// names.
    package func wordClass(ofTags tags: [String]) -> (wordClass: WordClass, tags: Int) {
        if tags.count >= 2 {
            // The config's keys of two tags, then the defaults' (kept by their first tag: most
            // readings make no string here).
            if !classes.isEmpty, let named = classes[tags[0] + " " + tags[1]] { return (named, 2) }
            if let named = Self.apertiumPairs[tags[0]]?[tags[1]] { return (named, 2) }
        }
        guard let first = tags.first else { return (.other, 0) }
        return (classes[first] ?? Self.apertiumClasses[first] ?? .other, 1)
    }

    /// The defaults' keys of two tags, by their first tag then their second (`det` → `ord`).
    private static let apertiumPairs: [String: [String: WordClass]] = apertiumClasses.reduce(into: [:]) { pairs, entry in
        let tags = entry.key.split(separator: " ")
        if tags.count == 2 { pairs[String(tags[0]), default: [:]][String(tags[1])] = entry.value }
    }

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
}

/// `lemmatization.analyzer.format`: how the analyzer file is written.
package enum AnalyzerFormat: String, Codable, Sendable, Equatable, CaseIterable {
    /// Apertium's lttoolbox binary (`lt-comp`'s output, `*.automorf.bin`), as lttoolbox 3.5 and
    /// later write it.
    case lttoolbox
}

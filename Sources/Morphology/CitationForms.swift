import VocabCore

/// How an analyzer's lemmas are named in the source lexicon, learned from the lexicon itself, so
/// that the lemmatize step and the examples step give a reading the lexicon's word (docs/policy.md,
/// lemmatization, "citation forms"). No table of languages: two rules, each a property of the
/// analyzer's output and the lexicon's entries.
///
/// 1. **Markers.** An analyzer may add a mark to a lemma that is no part of the word: Apertium's
///    Russian numbers homographs (`год²`, `знать²`, `писать¹`). A lemma's trailing run of
///    ``isMarker(_:)`` characters after a letter is dropped, unless the lexicon has an entry
///    spelled with it (``markedEntries``): `год²` is the lexicon's `год`, and `писать¹` and
///    `писать²` are one word again.
/// 2. **Aliases.** An analyzer may cite a word by another form than the lexicon does: Apertium's
///    Bulgarian cites verbs in the 3rd person singular (`има`), the Bulgarian wordnet in the 1st
///    (`имам`). Analyzing every entry of the lexicon tells: an entry `E` of a part of speech that
///    the analyzer reads, in that part of speech, only as forms of another lemma `L` (markers
///    dropped) which the lexicon lacks in that part of speech, is the lexicon's name for `L`
///    (`имам` reads as има + 1st person: the analyzer's `има` is the lexicon's `имам`). This holds
///    for a part of speech whose entries the analyzer mostly reads so (more of them only as
///    another lemma than as themselves: Bulgarian verbs); in one it mostly reads as themselves, an
///    entry read as another lemma is a homograph or an inflected form (Russian's `рис` read as a
///    form of `риса`), never the lexicon's name for it. An entry read as its own lemma is a word of
///    its own, never an alias; an alias keeps the case of its first letter (`Бремен` names no
///    `бремя`); when several entries are aliases of one lemma, the one with the most senses names
///    it (ties: the first in code-point order). A lemma the lexicon has is never renamed.
///
/// ```swift
/// let forms = CitationForms.learn(entries: [("год", .noun, 3), ("имам", .verb, 5)]) { form in
///     form == "имам" ? [("има", .verb)] : [("год²", .noun)]
/// }
/// forms.citation(of: "год²", partOfSpeech: .noun)   // "год"
/// forms.citation(of: "има", partOfSpeech: .verb)    // "имам"
/// ```
///
/// The lemmatize step learns it once per run (its artifact `lemmatize/citations.json`) and maps its
/// readings' lemmas through it; the examples step maps its tokens' readings the same way, so that
/// a sentence's `имаше` shows the card `имам`.
package struct CitationForms: Codable, Sendable, Equatable {
    /// One learned alias: the analyzer's lemma (markers dropped) in a part of speech, and the
    /// lexicon's written form for it.
    package struct Alias: Codable, Sendable, Equatable {
        /// The analyzer's lemma, markers dropped, as it spells it (`има`).
        package var lemma: String
        /// The part of speech of both.
        package var partOfSpeech: PartOfSpeech
        /// The lexicon's entry (`имам`).
        package var entry: String

        /// The alias of the analyzer's `lemma` as `partOfSpeech`: the lexicon's `entry`.
        package init(lemma: String, partOfSpeech: PartOfSpeech, entry: String) {
            self.lemma = lemma
            self.partOfSpeech = partOfSpeech
            self.entry = entry
        }
    }

    /// The aliases, by lemma then part of speech (code-point order).
    package private(set) var aliases: [Alias]
    /// The lexicon's entries (lower-cased) that end in a marker themselves: their marks are kept.
    package private(set) var markedEntries: [String]

    private var byKey: [String: String] = [:]
    private var marked: Set<String> = []

    enum CodingKeys: String, CodingKey { case aliases, markedEntries }

    /// No alias and no marked entry: only markers are dropped.
    package init() { self.init(aliases: [], markedEntries: []) }

    /// The forms of `aliases`, keeping the marks of `markedEntries`.
    package init(aliases: [Alias], markedEntries: [String]) {
        self.aliases = aliases
        self.markedEntries = markedEntries
        marked = Set(markedEntries)
        for alias in aliases { byKey[Self.key(alias.lemma, alias.partOfSpeech)] = alias.entry }
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(aliases: try c.decode([Alias].self, forKey: .aliases), markedEntries: try c.decode([String].self, forKey: .markedEntries))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(aliases, forKey: .aliases)
        try c.encode(markedEntries, forKey: .markedEntries)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.aliases == rhs.aliases && lhs.markedEntries == rhs.markedEntries }

    /// Whether nothing is renamed but markers.
    package var isEmpty: Bool { aliases.isEmpty && markedEntries.isEmpty }

    /// The lexicon's name for the analyzer's `lemma` read as `partOfSpeech`: without its markers
    /// (unless the lexicon spells an entry with them), then through the aliases.
    package func citation(of lemma: String, partOfSpeech: PartOfSpeech) -> String {
        let plain = marked.contains(lemma.lowercased()) ? lemma : Self.withoutMarkers(lemma)
        guard !byKey.isEmpty else { return plain }
        return byKey[Self.key(plain, partOfSpeech)] ?? plain
    }

    private static func key(_ lemma: String, _ partOfSpeech: PartOfSpeech) -> String { lemma + "\u{1}" + partOfSpeech.rawValue }

    /// The analyzer's lemmas (markers dropped) that may be named one of `names`: the names
    /// themselves and the lemmas an alias gives one of them (`има` for `имам`), what an engine
    /// asked for the forms of the lexicon's words enumerates (a marker after a lemma is the
    /// engine's to pass: ``LttoolboxAnalyzer/enumerateForms(of:_:)``).
    package func analyzerLemmas(naming names: Set<String>) -> Set<String> {
        names.union(aliases.filter { names.contains($0.entry) }.map(\.lemma))
    }

    /// Whether `scalar` is a mark an analyzer adds to a lemma: a number of general category
    /// "other number" (superscript and subscript digits `¹²³`, circled numbers), which no word of a
    /// lexicon ends in by itself, unlike a digit (`catch-22`, `mp3`).
    package static func isMarker(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .otherNumber }

    /// `lemma` without its trailing run of markers after a letter (`год²` → `год`); as it is
    /// otherwise (`²`, `год`).
    package static func withoutMarkers(_ lemma: String) -> String {
        guard let last = lemma.unicodeScalars.last, isMarker(last) else { return lemma }
        var scalars = Array(lemma.unicodeScalars)
        while let scalar = scalars.last, isMarker(scalar) { scalars.removeLast() }
        guard let kept = scalars.last, kept.properties.isAlphabetic || kept.properties.generalCategory == .nonspacingMark else { return lemma }
        return String(String.UnicodeScalarView(scalars))
    }

    /// An entry of the lexicon as the rules read it: its written form, part of speech and senses.
    package typealias Entry = (form: String, partOfSpeech: PartOfSpeech, senses: Int)
    /// An analyzer's reading as the rules read it: its lemma as the analyzer writes it, its part of speech.
    package typealias Analysis = (lemma: String, partOfSpeech: PartOfSpeech)

    /// Learns the forms from every entry of the lexicon (`entries`, those without a sense left out
    /// by the caller) and the analyzer's readings of a form (`readings`), by the two rules of the
    /// type's notes; an entry `readings` gives nothing for is not counted. Deterministic: the same
    /// entries and readings, in any order, give the same forms.
    package static func learn(entries: [Entry], readings: (String) -> [Analysis]) -> CitationForms {
        let lexicon = LexiconWords(entries)
        var (candidates, citedAlike) = tally(entries, readings: readings, lexicon: lexicon)
        // Only a part of speech whose entries the analyzer mostly cites by another form has aliases:
        // elsewhere an entry read as another lemma is a homograph or an inflected form (Russian `рис`
        // read as a form of `риса`), not the lexicon's name for it.
        candidates = candidates.filter { citedAlike[$0.value.partOfSpeech].map { $0.other > $0.own } ?? false }
        let aliases = candidates.values.map { candidate in
            let named = candidate.entries.min { lhs, rhs in
                lhs.senses != rhs.senses ? lhs.senses > rhs.senses : lhs.form.unicodeScalars.lexicographicallyPrecedes(rhs.form.unicodeScalars)
            }!
            return Alias(lemma: candidate.lemma, partOfSpeech: candidate.partOfSpeech, entry: named.form)
        }.sorted { lhs, rhs in
            lhs.lemma != rhs.lemma ? lhs.lemma.unicodeScalars.lexicographicallyPrecedes(rhs.lemma.unicodeScalars) : lhs.partOfSpeech < rhs.partOfSpeech
        }
        return CitationForms(aliases: aliases, markedEntries: lexicon.marked.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }

    /// The parts of speech whose entries, of those `readings` gives readings for, the analyzer
    /// reads more often only as another lemma than as themselves: the ones whose entries may name
    /// an analyzer's lemma (``learn(entries:readings:)``). A caller that has analysed some entries
    /// already (the forms of a frequency list) asks this first, and the rest of only those parts
    /// of speech.
    package static func citedOtherwise(entries: [Entry], readings: (String) -> [Analysis]) -> Set<PartOfSpeech> {
        let citedAlike = tally(entries, readings: readings, lexicon: LexiconWords(entries)).citedAlike
        return Set(citedAlike.filter { $0.value.other > $0.value.own }.keys)
    }

    /// The lexicon's words (lower-cased, by part of speech) and its entries written with a marker.
    private struct LexiconWords {
        var has = Set<String>()
        var marked = Set<String>()

        init(_ entries: [Entry]) {
            for entry in entries {
                let lower = entry.form.lowercased()
                has.insert(CitationForms.key(lower, entry.partOfSpeech))
                if withoutMarkers(lower) != lower { marked.insert(lower) }
            }
        }
    }

    /// Per analyzer lemma (markers dropped) and part of speech, the entries that read only as it
    /// where the lexicon lacks it; per part of speech, the entries read as themselves and those
    /// read only as another lemma.
    private static func tally(
        _ entries: [Entry], readings: (String) -> [Analysis], lexicon: LexiconWords
    ) -> (candidates: [String: (lemma: String, partOfSpeech: PartOfSpeech, entries: [(form: String, senses: Int)])],
          citedAlike: [PartOfSpeech: (own: Int, other: Int)]) {
        var candidates: [String: (lemma: String, partOfSpeech: PartOfSpeech, entries: [(form: String, senses: Int)])] = [:]
        var citedAlike: [PartOfSpeech: (own: Int, other: Int)] = [:]
        for entry in entries where entry.partOfSpeech != .other {
            let lower = entry.form.lowercased()
            let lemmas = readings(entry.form).filter { $0.partOfSpeech == entry.partOfSpeech }.map { reading in
                lexicon.marked.contains(reading.lemma.lowercased()) ? reading.lemma : withoutMarkers(reading.lemma)
            }
            guard !lemmas.isEmpty else { continue }
            guard !lemmas.contains(where: { $0.lowercased() == lower }) else {
                citedAlike[entry.partOfSpeech, default: (0, 0)].own += 1
                continue
            }
            citedAlike[entry.partOfSpeech, default: (0, 0)].other += 1
            var seen = Set<String>()
            for lemma in lemmas where seen.insert(lemma).inserted && !lexicon.has.contains(key(lemma.lowercased(), entry.partOfSpeech))
                && lemma.first?.isUppercase == entry.form.first?.isUppercase {
                candidates[key(lemma, entry.partOfSpeech), default: (lemma, entry.partOfSpeech, [])].entries.append((entry.form, entry.senses))
            }
        }
        return (candidates, citedAlike)
    }
}

/// `gates`: what a release must meet before it is published. A build that misses a gate stops
/// before publishing (exit status 3) and its report names every gate with its value and threshold.
///
/// Percentages are whole numbers, as every number of the config is. Gates are not part of what a
/// release is built from: like the sources' pins, they are left out of the stage keys and of the
/// config the manifest embeds, so adding or tightening a gate reruns no stage and changes no byte.
package struct GatesConfig: Codable, Sendable, Equatable {
    /// The fewest words the release may have; nil for no gate.
    package var minimumWords: Int?
    /// Target language → the lowest percentage of the release's words with a translation into it.
    package var minimumCoverage: [String: Int] = [:]
    /// Drop reason code (`no-entry`, ...) → the highest percentage of the words the selection
    /// considered (kept or dropped, not the words it never reached) that it may drop for it.
    package var maximumDropShare: [String: Int] = [:]
    /// Drop reason code → the highest percentage of the **frequency** of the words the selection
    /// considered that it may drop for it: a few very frequent words lost (Russian `год`'s forms
    /// read as `год²`, which no entry is) weigh what they weigh in the list, where
    /// ``maximumDropShare`` counts them as a few words among thousands.
    package var maximumFrequencyLost: [String: Int] = [:]
    /// Part of speech (`noun`, `verb`, `adjective`, `adverb`) → the fewest words of it the release
    /// may have: a part of speech the lexicon barely has (OMW's Polish wordnet and its 21 verb
    /// synsets) leaves a release of nouns that no other gate notices.
    package var minimumPartsOfSpeech: [String: Int] = [:]
    /// With `--previous`: the most words the release may lose against the previous release.
    package var maximumRemoved: Int?
    /// With `--previous`: the most words the release may gain.
    package var maximumAdded: Int?
    /// With `--previous`: the most words whose content (sense, definition, synonyms, examples,
    /// translations) may change; band moves are gated apart (``maximumBandMoves``).
    package var maximumChanged: Int?
    /// With `--previous`: the most words that may move to another frequency band (or rank). A
    /// release of another size moves many words by a band with no card changed.
    package var maximumBandMoves: Int?
    /// The highest percentage of the release's words that may go without a pronunciation, when
    /// the config generates them (`pronunciation`): the words the engine could not say (a
    /// loanword its voice hands to another language); nil for no gate.
    package var maximumUnpronounced: Int?
    /// The highest percentage of the release's words that may go without a reading, when the
    /// config gives cards one (`reading`): a lemma the analyzer does not know, or reads only in
    /// part; nil for no gate.
    package var maximumWithoutReading: Int?
    /// The most cards whose sense the evidence finds implausible and the sentence pairs do not
    /// confirm: left out of the release (reason `implausible-sense`) or kept marked `unconfirmed`
    /// (docs/policy.md, the join: doubted senses); nil for no gate.
    package var maximumImplausible: Int?
    /// SPDX licence ids a source whose data reaches the release may be under; nil for no gate.
    /// A source under any other licence (or under none known) fails the gate, named.
    package var allowedLicenses: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case minimumWords, minimumCoverage, maximumDropShare, maximumRemoved, maximumAdded, maximumChanged, maximumBandMoves, allowedLicenses
        case maximumUnpronounced, maximumImplausible, maximumWithoutReading, maximumFrequencyLost, minimumPartsOfSpeech
    }

    /// True when no gate is set.
    package var isEmpty: Bool { self == GatesConfig() }

    /// True when a gate needs a previous release to compare with (`--previous`).
    package var comparesWithPrevious: Bool {
        maximumRemoved != nil || maximumAdded != nil || maximumChanged != nil || maximumBandMoves != nil
    }

    /// The first value out of range, with its key path under `gates`: counts must not be
    /// negative, percentages lie from 0 to 100, coverage names a target language, drop shares a
    /// reason the selection drops words for.
    func problem(targetLanguages: [String]) -> (keyPath: String, problem: ConfigProblem)? {
        for (key, value) in [("minimumWords", minimumWords), ("maximumRemoved", maximumRemoved),
                             ("maximumAdded", maximumAdded), ("maximumChanged", maximumChanged), ("maximumBandMoves", maximumBandMoves),
                             ("maximumImplausible", maximumImplausible)] {
            if let value, value < 0 { return ("gates.\(key)", .negative(Int64(value))) }
        }
        for (key, value) in [("maximumUnpronounced", maximumUnpronounced), ("maximumWithoutReading", maximumWithoutReading)] {
            if let percent = value, !(0...100).contains(percent) { return ("gates.\(key)", .outOfRange(Int64(percent), allowed: 0...100)) }
        }
        for (language, percent) in minimumCoverage.sorted(by: { $0.key < $1.key }) {
            let keyPath = "gates.minimumCoverage.\(language)"
            if !targetLanguages.contains(language) { return (keyPath, .notATargetLanguage(language, targets: targetLanguages)) }
            if !(0...100).contains(percent) { return (keyPath, .outOfRange(Int64(percent), allowed: 0...100)) }
        }
        for (index, id) in (allowedLicenses ?? []).enumerated() where id.isEmpty || id.contains(where: { $0.isWhitespace }) {
            return ("gates.allowedLicenses[\(index)]", id.isEmpty ? .emptyText : .invalidValue(id, allowed: ["an SPDX licence id (CC-BY-4.0)"]))
        }
        let reasons = Self.dropReasons.map(\.rawValue)
        for (key, shares) in [("maximumDropShare", maximumDropShare), ("maximumFrequencyLost", maximumFrequencyLost)] {
            for (reason, percent) in shares.sorted(by: { $0.key < $1.key }) {
                let keyPath = "gates.\(key).\(reason)"
                if !reasons.contains(reason) { return (keyPath, .invalidValue(reason, allowed: reasons)) }
                if !(0...100).contains(percent) { return (keyPath, .outOfRange(Int64(percent), allowed: 0...100)) }
            }
        }
        let partsOfSpeech = Self.gatedPartsOfSpeech.map(\.rawValue)
        for (partOfSpeech, words) in minimumPartsOfSpeech.sorted(by: { $0.key < $1.key }) {
            let keyPath = "gates.minimumPartsOfSpeech.\(partOfSpeech)"
            if !partsOfSpeech.contains(partOfSpeech) { return (keyPath, .invalidValue(partOfSpeech, allowed: partsOfSpeech)) }
            if words < 0 { return (keyPath, .negative(Int64(words))) }
        }
        return nil
    }

    /// The parts of speech a release may teach, which ``minimumPartsOfSpeech`` may name.
    package static let gatedPartsOfSpeech = PartOfSpeech.allCases.filter { $0 != .other }

    /// The reasons a drop share may be gated on: every drop but `not-reached` (a word outside the
    /// top N is not dropped, it is simply not reached).
    /// (`no-lemma` and `closed-class` are the lemmatize step's, before the walk: the report gives
    /// their figures.)
    package static let dropReasons = DropReason.allCases.filter { ![.notReached, .noLemma, .closedClass].contains($0) }.sorted()
}

extension GatesConfig {
    /// Decodes the section, rejecting unknown keys; every key is optional (no gate unless given).
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        minimumWords = try c.decodeIfPresent(Int.self, forKey: .minimumWords)
        minimumCoverage = try c.decodeIfPresent([String: Int].self, forKey: .minimumCoverage) ?? [:]
        maximumDropShare = try c.decodeIfPresent([String: Int].self, forKey: .maximumDropShare) ?? [:]
        maximumRemoved = try c.decodeIfPresent(Int.self, forKey: .maximumRemoved)
        maximumAdded = try c.decodeIfPresent(Int.self, forKey: .maximumAdded)
        maximumChanged = try c.decodeIfPresent(Int.self, forKey: .maximumChanged)
        maximumBandMoves = try c.decodeIfPresent(Int.self, forKey: .maximumBandMoves)
        allowedLicenses = try c.decodeIfPresent([String].self, forKey: .allowedLicenses)
        maximumUnpronounced = try c.decodeIfPresent(Int.self, forKey: .maximumUnpronounced)
        maximumImplausible = try c.decodeIfPresent(Int.self, forKey: .maximumImplausible)
        maximumWithoutReading = try c.decodeIfPresent(Int.self, forKey: .maximumWithoutReading)
        maximumFrequencyLost = try c.decodeIfPresent([String: Int].self, forKey: .maximumFrequencyLost) ?? [:]
        minimumPartsOfSpeech = try c.decodeIfPresent([String: Int].self, forKey: .minimumPartsOfSpeech) ?? [:]
    }
}

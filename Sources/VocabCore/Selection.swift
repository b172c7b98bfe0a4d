/// Why a frequency-list word did not make it into the release.
package enum DropReason: String, Codable, Sendable, CaseIterable, Comparable {
    /// The source tag is not in the configured tag map (with `unknownTags: "drop"`).
    case unknownTag = "unknown-tag"
    /// The mapped part of speech is not among `selection.partsOfSpeech`.
    case posNotKept = "pos-not-kept"
    /// The list's word form has no lemma in the source lexicon (the lemmatize step found no
    /// candidate that is an entry: see docs/policy.md's lemmatization rule).
    case noLemma = "no-lemma"
    /// The list's word form is a function word: its reading's class is closed (a determiner, a
    /// pronoun, a preposition, a conjunction, a numeral or an interjection), whatever the lexicon
    /// lists (see docs/policy.md's lemmatization rule).
    case closedClass = "closed-class"
    /// The lemma is on the stop list.
    case stoplisted
    /// The (merged) frequency is below `selection.minimumFrequency`.
    case belowMinimumFrequency = "below-minimum-frequency"
    /// The source lexicon has no entry with this lemma and part of speech.
    case noEntry = "no-entry"
    /// A more frequent word already took the same lexicon entry, or the same written form and
    /// part of speech.
    case duplicateEntry = "duplicate-entry"
    /// The release was full before the walk reached this word (it is outside the top N).
    case notReached = "not-reached"
    /// The join found the card's only plausible sense implausible and the sentence pairs refute it
    /// (`poder` as "terminate the employment of": the pairs say *can*, never *fire*): the card
    /// leaves the release, and a word of the selection's reserve takes its place (docs/policy.md,
    /// the join).
    case implausibleSense = "implausible-sense"

    /// Alphabetical by reason code, so that reports list the reasons in a stable order.
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A word chosen by the select stage, resolved to one entry of the source lexicon.
package struct SelectedWord: Codable, Sendable, Equatable {
    /// 1-based rank in the release (frequency order after drops).
    package var rank: Int
    /// The lemma as the frequency list spells it.
    package var sourceLemma: String
    /// The lexicon's written form of the chosen entry (`American` for COCA `american`).
    package var lemma: String
    /// The mapped part of speech, one of `selection.partsOfSpeech`.
    package var partOfSpeech: PartOfSpeech
    /// Merged frequency (see docs/policy.md's merge rule).
    package var frequency: Int64
    /// Line of the first source row of this (lemma, part of speech).
    package var line: Int
    /// Id of the chosen `LexicalEntry`.
    package var entryId: String
    /// The concept a sense pin chose for the word (its interlingual index); nil when no pin
    /// applies and the join takes the entry's first sense (or the translation policy's).
    package var pinnedILI: String?

    /// A selected word: `lemma` is the entry's written form, `sourceLemma` the list's spelling.
    package init(
        rank: Int, sourceLemma: String, lemma: String, partOfSpeech: PartOfSpeech,
        frequency: Int64, line: Int, entryId: String, pinnedILI: String? = nil
    ) {
        self.pinnedILI = pinnedILI
        self.rank = rank
        self.sourceLemma = sourceLemma
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
        self.line = line
        self.entryId = entryId
    }
}

/// A frequency-list word left out, with the reason.
package struct DroppedWord: Codable, Sendable, Equatable {
    /// The lemma as the list spells it.
    package var sourceLemma: String
    /// The source tag; for a merged word, its rows' distinct tags joined with `|` (`NN1|NN2`).
    package var tag: String
    /// The mapped part of speech; nil for `unknown-tag` (the tag maps to none).
    package var partOfSpeech: PartOfSpeech?
    /// The merged frequency (the row's own for `unknown-tag`).
    package var frequency: Int64
    /// Line of the word's first source row.
    package var line: Int
    /// Why the word is not in the release.
    package var reason: DropReason

    /// A word left out for `reason`.
    package init(
        sourceLemma: String, tag: String, partOfSpeech: PartOfSpeech?, frequency: Int64,
        line: Int, reason: DropReason
    ) {
        self.sourceLemma = sourceLemma
        self.tag = tag
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
        self.line = line
        self.reason = reason
    }
}

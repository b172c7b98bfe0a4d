import VocabCore
import WNLMF

/// The select stage's result: the release's words in rank order and the words left out.
package struct SelectionResult: Codable, Sendable, Equatable {
    /// The release's words in rank order, rank 1 first.
    package var selected: [SelectedWord]
    /// Words walked past, with the reason, in walk order, then the words the walk never
    /// reached (reason `not-reached`), in list order.
    package var dropped: [DroppedWord]
    /// Distinct (lemma, part of speech) in the list.
    package var distinctWords: Int
    /// Distinct words never looked at because the release was full.
    package var notReached: Int
    /// ``notReached`` per part of speech (all of them, also those ``dropped`` does not list).
    package var notReachedByPartOfSpeech: [PartOfSpeech: Int]
    /// The words that would be kept next, in rank order after ``selected`` (ranks N + 1 on): the
    /// join takes the place of a card it leaves out from them. They are not reached as far as
    /// the selection is concerned (counted and listed so), until the join takes one.
    package var reserve: [SelectedWord] = []

    /// A result from its parts.
    package init(
        selected: [SelectedWord], dropped: [DroppedWord], distinctWords: Int, notReached: Int,
        notReachedByPartOfSpeech: [PartOfSpeech: Int] = [:], reserve: [SelectedWord] = []
    ) {
        self.selected = selected
        self.dropped = dropped
        self.distinctWords = distinctWords
        self.notReached = notReached
        self.notReachedByPartOfSpeech = notReachedByPartOfSpeech
        self.reserve = reserve
    }

    /// How many reserve words a selection of `count` keeps: a twentieth of it and ten more (the
    /// Spanish release leaves out 7 of 3,000 cards).
    package static func reserveSize(for count: Int) -> Int { count / 20 + 10 }
}

/// Chooses the words to teach.
///
/// Merge duplicate (lemma, part of speech) rows, order by frequency (ties: source order),
/// then walk down the list: drop words whose part of speech is not kept, stop-listed words,
/// words under the minimum frequency, words the lexicon has no entry for and words whose entry
/// was already taken; keep the rest until `count` words are kept.
package enum WordSelector {
    /// Merges `rows`, orders them and walks down the list as the type's summary says; `lexicon` is
    /// the source lexicon the entries come from. A word with a pin in `pins` takes the entry that
    /// carries the pinned concept (``EntryResolver/resolve(_:_:in:pinnedILI:)``), and records it.
    /// Of the words never reached, only the first `notReachedListed` are listed in
    /// ``SelectionResult/dropped`` (all are counted): a list of millions of rows would otherwise
    /// be copied whole into the drops.
    package static func select(
        _ rows: [FrequencyRow], config: SelectionConfig, stopList: StopList, lexicon: Lexicon, pins: SensePins = SensePins(),
        notReachedListed: Int = .max, fittingCase: Bool = false
    ) -> SelectionResult {
        select(
            WordMerger.merge(rows), config: config, stopList: stopList, lexicon: lexicon, pins: pins,
            notReachedListed: notReachedListed, fittingCase: fittingCase)
    }

    /// Walks down `words` (a list's words already merged and ordered) as
    /// ``select(_:config:stopList:lexicon:pins:notReachedListed:)`` does; the lexicon is looked up
    /// only for the words walked (``SelectionResult/distinctWords`` minus
    /// ``SelectionResult/notReached``, from the top). `fittingCase`: the words are the lemmatize
    /// step's, and a lower-case one takes no capitalised entry (``EntryResolver/resolve(_:_:in:pinnedILI:fittingCase:)``).
    package static func select(
        _ words: MergedWords, config: SelectionConfig, stopList: StopList, lexicon: Lexicon, pins: SensePins = SensePins(),
        notReachedListed: Int = .max, fittingCase: Bool = false
    ) -> SelectionResult {
        let kept = Set(config.partsOfSpeech)
        var selected: [SelectedWord] = []
        var dropped: [DroppedWord] = []
        var takenEntries = Set<String>()
        var takenForms = Set<String>()
        var walked = 0
        var listedNotReached = 0
        var reserve: [SelectedWord] = []
        let reserveSize = SelectionResult.reserveSize(for: config.count)
        var notReachedByPartOfSpeech: [PartOfSpeech: Int] = [:]

        /// The word kept (its entry now taken), or why not.
        func keep(_ word: MergedWord) -> Result<SelectedWord, DroppedReason> {
            guard kept.contains(word.partOfSpeech) else { return .failure(.init(.posNotKept)) }
            guard !stopList.contains(word.lemma, word.partOfSpeech) else { return .failure(.init(.stoplisted)) }
            guard word.frequency >= config.minimumFrequency else { return .failure(.init(.belowMinimumFrequency)) }
            let pin = pins.pin(for: word.lemma, word.partOfSpeech)
            guard let entry = EntryResolver.resolve(word.lemma, word.partOfSpeech, in: lexicon, pinnedILI: pin?.ili, fittingCase: fittingCase) else {
                return .failure(.init(.noEntry))
            }
            let formKey = "\(word.partOfSpeech.rawValue)\t\(entry.writtenForm)"
            guard !takenEntries.contains(entry.id), !takenForms.contains(formKey) else { return .failure(.init(.duplicateEntry)) }
            takenEntries.insert(entry.id)
            takenForms.insert(formKey)
            return .success(SelectedWord(
                rank: selected.count + reserve.count + 1, sourceLemma: word.lemma, lemma: entry.writtenForm,
                partOfSpeech: word.partOfSpeech, frequency: word.frequency, line: word.line, entryId: entry.id,
                pinnedILI: pin?.ili))
        }

        for (index, word) in zip(words.indices, words) {
            if selected.count == config.count {
                // Past the release: the reserve's words are kept aside, every word is not reached.
                if reserve.count < reserveSize, case .success(let next) = keep(word) { reserve.append(next) }
                listedNotReached += 1
                if listedNotReached > notReachedListed {
                    notReachedByPartOfSpeech[word.partOfSpeech, default: 0] += 1
                    // The rest are only counted, once the reserve is full.
                    guard reserve.count < reserveSize else {
                        for rest in index + 1 ..< words.endIndex { notReachedByPartOfSpeech[words.partOfSpeech(at: rest), default: 0] += 1 }
                        break
                    }
                    continue
                }
                notReachedByPartOfSpeech[word.partOfSpeech, default: 0] += 1
                dropped.append(DroppedWord(word, reason: .notReached))
                continue
            }
            walked += 1
            switch keep(word) {
            case .success(let kept): selected.append(kept)
            case .failure(let reason): dropped.append(DroppedWord(word, reason: reason.reason))
            }
        }
        return SelectionResult(
            selected: selected, dropped: dropped, distinctWords: words.count, notReached: words.count - walked,
            notReachedByPartOfSpeech: notReachedByPartOfSpeech, reserve: reserve)
    }
}

/// Why the walk left a word out, as an error the keep check can return.
private struct DroppedReason: Error {
    var reason: DropReason
    init(_ reason: DropReason) { self.reason = reason }
}

extension DroppedWord {
    /// The merged `word` left out for `reason`.
    init(_ word: MergedWord, reason: DropReason) {
        self.init(
            sourceLemma: word.lemma, tag: word.tags.joined(separator: "|"), partOfSpeech: word.partOfSpeech,
            frequency: word.frequency, line: word.line, reason: reason)
    }
}

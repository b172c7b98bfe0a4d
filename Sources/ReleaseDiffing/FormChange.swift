import ReleaseFormat
import Releases
import VocabCore

// The forms a learner reads (schema 8's `forms` and `inflections`, in both database files) are
// compared as sets of (form, card's name, part of speech, reading's tags), read from disk by
// `PublishedRelease.readForms` and counted here, with a short sample of each kind of change: a
// Spanish release has about 44,000 forms of its words and 122,000 of its dictionary's entries,
// never listed whole (not even in JSON).
//
// Forms and the version bump: like the dictionary's entries, the forms are reported but set
// neither the suggested bump, nor `isEmpty` (`--exit-code`), nor a threshold. They follow from
// what the diff already weighs: the words (a word added or removed brings or takes its forms:
// minor), the sources (an analyzer, a lexicon or its `Form`s changed are a `sources` metadata or
// provenance change: patch) and the schema (the tables added to a release built before them:
// major). A change of the forms alone is a look-up index rebuilt, not a card changed.

extension ReleaseDiff {
    /// The diff with the forms of both releases compared (see ``FormsChange``).
    package func withForms(old: ReleaseForms, new: ReleaseForms, names: FormNames) -> ReleaseDiff {
        var diff = self
        let dictionary = old.dictionary == nil && new.dictionary == nil
            ? nil : FormChange(old: old.dictionary ?? .missing, new: new.dictionary ?? .missing, names: names)
        diff.forms = FormsChange(words: FormChange(old: old.words, new: new.words, names: names), dictionary: dictionary)
        return diff
    }

    /// How the forms of the two releases differ: those of the release's words, and those of the
    /// dictionary's entries.
    package struct FormsChange: Sendable, Equatable, Codable {
        /// The forms of the release's words (`<name>.sqlite`).
        package var words: FormChange
        /// The forms of the dictionary's entries; nil when neither release has a dictionary.
        package var dictionary: FormChange?
    }

    /// How the forms of one database file differ, counted, with the first few of each kind of
    /// change. A form is counted once per (form, card's name, part of speech, reading): two entries
    /// of the same name and part of speech are one card. When either release's file has no forms
    /// (no `forms` table: a release built before the forms, a dictionary before schema 6; or an
    /// empty one), nothing is compared: the other's forms are new (or gone), counted, never sampled.
    package struct FormChange: Sendable, Equatable, Codable {
        /// The most forms (and cards) a sample holds.
        package static let sampleSize = 10

        /// OLD's forms (each form of a card once, whatever its readings, when they are not
        /// compared); nil when OLD's file has no `forms` table (or OLD has no dictionary).
        package var oldForms: Int?
        /// NEW's forms; nil when NEW's file has none.
        package var newForms: Int?
        /// OLD's cards (words or entries) with at least one form; nil with ``oldForms``.
        package var oldCards: Int?
        /// NEW's cards with at least one form; nil with ``newForms``.
        package var newCards: Int?
        /// Whether the readings were compared: false when either file lists its forms without
        /// them (a dictionary of schema 6 or 7), whose forms are then compared on (form, card).
        package var readingsCompared: Bool
        /// Forms only NEW has: all of NEW's when OLD has none.
        package var added: Int
        /// Forms only OLD has: all of OLD's when NEW has none.
        package var removed: Int
        /// Cards of both releases whose forms differ; 0 when either file has no forms.
        package var cardsChanged: Int
        /// The first forms added, by form (then card and reading).
        package var addedSample: [Form]
        /// The first forms removed, by form.
        package var removedSample: [Form]
        /// The first cards whose forms changed, by name and part of speech.
        package var changedSample: [CardForms]

        /// Whether both files have forms, and so were compared form by form.
        package var compared: Bool { (oldForms ?? 0) > 0 && (newForms ?? 0) > 0 }
    }

    /// A form as the diff shows it: `abades → abad/noun (masculine plural)`.
    package struct Form: Sendable, Equatable, Codable {
        /// The form, as a look-up asks for it (lower-cased, NFC).
        package var form: String
        /// The name of the card it is a form of.
        package var lemma: String
        /// The card's part of speech.
        package var pos: PartOfSpeech
        /// The reading's tags (`m pl`); empty when the file or the form's source records none.
        package var tags: String
        /// The reading in words (`masculine plural`), as the form's release words it; empty when none.
        package var description: String

        /// A form of `lemma`/`pos`, read by `tags`, described by `description`.
        package init(form: String, lemma: String, pos: PartOfSpeech, tags: String, description: String) {
            self.form = form
            self.lemma = lemma
            self.pos = pos
            self.tags = tags
            self.description = description
        }
    }

    /// A card of both releases whose forms changed, and how many.
    package struct CardForms: Sendable, Equatable, Codable {
        /// The card's name.
        package var lemma: String
        /// Its part of speech.
        package var pos: PartOfSpeech
        /// Its forms only NEW has.
        package var added: Int
        /// Its forms only OLD has.
        package var removed: Int

        /// The card `lemma`/`pos`, with `added` forms only NEW has and `removed` only OLD has.
        package init(lemma: String, pos: PartOfSpeech, added: Int, removed: Int) {
            self.lemma = lemma
            self.pos = pos
            self.added = added
            self.removed = removed
        }
    }
}

extension ReleaseDiff.FormChange {
    /// The forms of `old` and `new` (one file of each release, ``FormSet/missing`` for a release
    /// without a dictionary), their cards and readings numbered by `names`.
    init(old: FormSet, new: FormSet, names: FormNames) {
        readingsCompared = old.layout != .withoutReadings && new.layout != .withoutReadings
        (addedSample, removedSample, changedSample) = ([], [], [])
        let hasOld = old.layout != .missing, hasNew = new.layout != .missing
        guard hasOld, hasNew, !old.forms.isEmpty, !new.forms.isEmpty else {
            // Nothing to compare: every form is new (or gone), and said so in a line.
            (oldForms, newForms) = (hasOld ? old.forms.count : nil, hasNew ? new.forms.count : nil)
            (oldCards, newCards) = (hasOld ? old.cardsWithForms : nil, hasNew ? new.cardsWithForms : nil)
            (added, removed, cardsChanged) = (new.forms.count, old.forms.count, 0)
            return
        }
        let (before, after) = readingsCompared
            ? (old.forms, new.forms) : (Set(old.forms.lazy.map(\.unread)), Set(new.forms.lazy.map(\.unread)))
        (oldForms, newForms, oldCards, newCards) = (before.count, after.count, old.cardsWithForms, new.cardsWithForms)
        let addedForms = after.subtracting(before), removedForms = before.subtracting(after)
        (added, removed) = (addedForms.count, removedForms.count)
        addedSample = Self.sample(of: addedForms, names: names, descriptions: new.descriptions)
        removedSample = Self.sample(of: removedForms, names: names, descriptions: old.descriptions)

        var byCard: [Int32: (added: Int, removed: Int)] = [:]
        for form in addedForms where old.cards.contains(form.card) { byCard[form.card, default: (0, 0)].added += 1 }
        for form in removedForms where new.cards.contains(form.card) { byCard[form.card, default: (0, 0)].removed += 1 }
        cardsChanged = byCard.count
        changedSample = Self.smallest(byCard.keys, by: { Self.cardOrder(names.cards[Int($0)], names.cards[Int($1)]) }).map { card in
            let name = names.cards[Int(card)], counts = byCard[card]!
            return ReleaseDiff.CardForms(lemma: name.name, pos: name.pos, added: counts.added, removed: counts.removed)
        }
    }

    /// The first ``sampleSize`` of `forms` by form, then card and reading, with their names.
    static func sample(of forms: Set<FormSet.Form>, names: FormNames, descriptions: [Int32: String]) -> [ReleaseDiff.Form] {
        let first = smallest(forms) { a, b in
            if a.form != b.form { return a.form < b.form }
            if a.card != b.card { return cardOrder(names.cards[Int(a.card)], names.cards[Int(b.card)]) }
            return names.readings[Int(a.reading)] < names.readings[Int(b.reading)]
        }
        return first.map { form in
            let card = names.cards[Int(form.card)]
            return ReleaseDiff.Form(
                form: form.form, lemma: card.name, pos: card.pos, tags: names.readings[Int(form.reading)],
                description: descriptions[form.reading] ?? "")
        }
    }

    /// Cards by name, then part of speech.
    static func cardOrder(_ a: FormNames.Card, _ b: FormNames.Card) -> Bool {
        a.name != b.name ? a.name < b.name : a.pos.rawValue < b.pos.rawValue
    }

    /// The ``sampleSize`` smallest of `items` (distinct under `order`), in order, without sorting
    /// them all: each item is compared with the largest kept so far.
    static func smallest<Items: Sequence>(_ items: Items, by order: (Items.Element, Items.Element) -> Bool) -> [Items.Element] {
        var kept: [Items.Element] = []
        for item in items where kept.count < sampleSize || order(item, kept[kept.count - 1]) {
            let index = kept.firstIndex { order(item, $0) } ?? kept.count
            kept.insert(item, at: index)
            if kept.count > sampleSize { kept.removeLast() }
        }
        return kept
    }

    /// `44412 → 44500 forms (+100 added, −12 removed; 30 words' forms changed)`; when either
    /// side has no forms, each side's count and cards (`none` without a table): `none → 44412
    /// forms of 2964 words (new: OLD has no forms table)`.
    package func summary(cards: String) -> String {
        guard compared, let oldForms, let newForms else {
            func side(_ forms: Int?, _ withForms: Int?) -> String {
                guard let forms else { return "none" }
                return forms == 0 ? "0" : "\(forms) forms of \(withForms ?? 0) \(cards)"
            }
            let note = switch (oldForms, newForms) {
            case (nil, nil): " (neither release has a forms table)"
            case (nil, _): " (new: OLD has no forms table)"
            case (_, nil): " (NEW has no forms table)"
            case (0, 0): ""
            case (0, _): " (new: OLD has none)"
            default: " (NEW has none)"
            }
            return "\(side(oldForms, oldCards)) → \(side(newForms, newCards))" + note
        }
        return "\(oldForms) → \(newForms) forms (+\(added) added, −\(removed) removed; \(cardsChanged) \(cards)' forms changed"
            + (readingsCompared ? ")" : "; readings not compared: a dictionary before schema 8 has none)")
    }
}

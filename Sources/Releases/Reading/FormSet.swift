import VocabCore

/// The forms of one database file of a release (its `forms` table joined with its cards and
/// `inflections`), as `vocab diff` compares them: each (form, card, reading) once, the card and the
/// reading numbered by the ``FormNames`` both releases share, so that a dictionary's 122,000 forms
/// are small keys (a form, two numbers) compared as sets.
package struct FormSet: Sendable, Equatable {
    /// How the database file lists its forms.
    package enum Layout: String, Sendable, Codable {
        /// No `forms` table: a release database built before the forms (schema 8), a dictionary
        /// before schema 6.
        case missing
        /// `forms(entryId, form)`: a dictionary of schema 6 or 7, forms without their readings.
        case withoutReadings
        /// `forms(form, wordId|entryId, inflectionId)` with `inflections` (schema 8).
        case withReadings
    }

    /// One form of one card by one reading.
    package struct Form: Hashable, Sendable {
        /// The form as a look-up asks for it (``WordForm/key(_:)``: lower-cased, NFC).
        package var form: String
        /// The card's number in ``FormNames/cards``.
        package var card: Int32
        /// The reading's number in ``FormNames/readings`` (``FormNames/noReading`` when the file
        /// records none, or the form's source says none).
        package var reading: Int32

        /// A form of `card` by `reading`.
        package init(form: String, card: Int32, reading: Int32) {
            self.form = form
            self.card = card
            self.reading = reading
        }

        /// The form without its reading: what a file without readings is compared on.
        package var unread: Form { Form(form: form, card: card, reading: FormNames.noReading) }
    }

    /// How the file lists its forms.
    package var layout: Layout
    /// Every form, once.
    package var forms: Set<Form>
    /// Every card of the file's card table (`words` or `entries`), with forms or not; empty when
    /// the file has no `forms` table (nothing is compared then).
    package var cards: Set<Int32>
    /// Each reading's description as this file words it (`inflections.description`), by number.
    package var descriptions: [Int32: String]

    /// A set of forms from its parts (the reader fills them in).
    package init(layout: Layout, forms: Set<Form> = [], cards: Set<Int32> = [], descriptions: [Int32: String] = [:]) {
        self.layout = layout
        self.forms = forms
        self.cards = cards
        self.descriptions = descriptions
    }

    /// A file without a `forms` table.
    package static let missing = FormSet(layout: .missing)

    /// The number of cards with at least one form.
    package var cardsWithForms: Int { Set(forms.map(\.card)).count }
}

/// The names the forms of two releases share: each card (name and part of speech: ids differ
/// between releases) and each reading (an inflection's tags) numbered once, the first time either
/// release's reader meets it.
package struct FormNames: Sendable {
    /// A card as both releases know it.
    package struct Card: Hashable, Sendable {
        /// The card's name (`words.name`, `entries.name`).
        package var name: String
        /// Its part of speech.
        package var pos: PartOfSpeech

        /// The card named `name`, of `pos`.
        package init(name: String, pos: PartOfSpeech) {
            self.name = name
            self.pos = pos
        }
    }

    /// The number of the reading of a form whose file or source records none (empty tags).
    package static let noReading: Int32 = 0

    /// The cards, by number.
    package private(set) var cards: [Card] = []
    /// The readings' tags (`ifi p3 sg`), by number; the first is the empty reading (``noReading``).
    package private(set) var readings: [String] = [""]
    private var cardNumbers: [Card: Int32] = [:]
    private var readingNumbers: [String: Int32] = ["": FormNames.noReading]

    /// No names yet.
    package init() {}

    /// The number of `card`, given one when it is new.
    package mutating func number(of card: Card) -> Int32 {
        if let number = cardNumbers[card] { return number }
        let number = Int32(cards.count)
        cards.append(card)
        cardNumbers[card] = number
        return number
    }

    /// The number of the reading of `tags`, given one when it is new.
    package mutating func number(ofReading tags: String) -> Int32 {
        if let number = readingNumbers[tags] { return number }
        let number = Int32(readings.count)
        readings.append(tags)
        readingNumbers[tags] = number
        return number
    }
}

/// The forms of a release's two database files.
package struct ReleaseForms: Sendable, Equatable {
    /// The forms of the release's words (`<name>.sqlite`).
    package var words: FormSet
    /// The forms of the dictionary's entries; nil when the release has no dictionary.
    package var dictionary: FormSet?

    /// The forms of both files.
    package init(words: FormSet, dictionary: FormSet?) {
        self.words = words
        self.dictionary = dictionary
    }
}

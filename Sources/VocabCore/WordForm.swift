import Foundation

/// A form a learner may read of a word of the release (or an entry of its dictionary), with the
/// reading that leads to it: `fue` → ser (verb), `ifi p3 sg`, "3rd person singular, preterite".
/// What the forms stage writes (`forms/forms.jsonl`) and the emit stage publishes in the
/// databases' `forms` and `inflections` tables (docs/policy.md, forms).
package struct WordForm: Codable, Sendable, Hashable {
    /// The form as a look-up compares it: lower-cased, NFC (`fue`, `niños`).
    package var form: String
    /// The word's name, as the release writes it (`ser`).
    package var lemma: String
    /// The word's part of speech.
    package var partOfSpeech: PartOfSpeech
    /// The analyzer's tags of the inflection (after the tags of the word class), space-separated
    /// (`ifi p3 sg`); empty when the form's source says nothing of it (a lexicon's `Form`, a
    /// Hunspell stem, the lemma table).
    package var tags: String
    /// The inflection in words (`3rd person singular, preterite`; ``tags`` named by the
    /// analyzer's tag names); empty when no tag has a name.
    package var description: String

    /// A form of `lemma` (`partOfSpeech`) read as `tags`, described as `description`.
    package init(form: String, lemma: String, partOfSpeech: PartOfSpeech, tags: String, description: String) {
        self.form = form
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
        self.tags = tags
        self.description = description
    }

    enum CodingKeys: String, CodingKey { case form, lemma, partOfSpeech = "pos", tags, description }

    /// `form` as a look-up compares it: lower-cased, then composed (NFC), so that a form typed
    /// in any case and either normalization finds the same rows.
    package static func key(_ form: String) -> String {
        form.lowercased().precomposedStringWithCanonicalMapping
    }
}

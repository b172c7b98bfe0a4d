import ReleaseFormat
import VocabCore

extension ReleaseDiff.FormsChange {
    /// One database file's forms as the reports name them.
    package struct Part: Sendable {
        /// The summary row's label (`release forms`).
        package var label: String
        /// The title of its line and sections (`Release forms`).
        package var title: String
        /// What its cards are called (`words`, `entries`).
        package var cards: String
        /// The title of its section of cards whose forms changed.
        package var changedTitle: String
        /// How its forms differ.
        package var change: ReleaseDiff.FormChange
    }

    /// The files either release has a `forms` table in: the release database's, then the dictionary's.
    package var parts: [Part] {
        var parts = [Part(label: "release forms", title: "Release forms", cards: "words",
                          changedTitle: "Release words whose forms changed", change: words)]
        if let dictionary {
            parts.append(Part(label: "dictionary forms", title: "Dictionary forms", cards: "entries",
                              changedTitle: "Dictionary entries whose forms changed", change: dictionary))
        }
        return parts.filter { $0.change.oldForms != nil || $0.change.newForms != nil }
    }
}

extension DiffRenderer {
    /// A section of the forms' report: its title, its count, and its sample's lines.
    struct FormSection {
        /// Forms added, forms removed, or cards whose forms changed.
        enum Kind { case added, removed, changed }

        var kind: Kind
        var title: String
        var count: Int
        var entries: [String]
    }

    /// Per file, the sections of forms added, forms removed and cards whose forms changed, each
    /// with its sample (``ReleaseDiff/FormChange/sampleSize`` at most) made lines by `form` and `card`.
    static func formSections(
        _ diff: ReleaseDiff, form: (ReleaseDiff.Form) -> String, card: (ReleaseDiff.CardForms) -> String
    ) -> [FormSection] {
        (diff.forms?.parts ?? []).flatMap { part in
            let change = part.change
            return [
                FormSection(kind: .added, title: "\(part.title) added", count: change.added, entries: change.addedSample.map(form)),
                FormSection(kind: .removed, title: "\(part.title) removed", count: change.removed, entries: change.removedSample.map(form)),
                FormSection(kind: .changed, title: part.changedTitle, count: change.cardsChanged, entries: change.changedSample.map(card)),
            ]
        }
    }

    /// The text report's sections of forms: `+ abades → abad/noun (masculine plural)`,
    /// `~ abad/noun  +3 −1`.
    func textForms(_ lines: inout [String], _ diff: ReleaseDiff) {
        let sections = Self.formSections(diff, form: { form in
            Self.form(form.form, of: Self.word(form.lemma, form.pos)) + (Self.reading(form).map { " (\($0.printable()))" } ?? "")
        }, card: { card in
            "\(Self.word(card.lemma, card.pos))  +\(card.added) −\(card.removed)"
        })
        for section in sections {
            self.section(&lines, section.title, count: section.count, section.entries.map { entry in
                switch section.kind {
                case .added: style("+ \(entry)", .green)
                case .removed: style("- \(entry)", .red)
                case .changed: "~ \(entry)"
                }
            })
        }
    }

    /// The Markdown comment's collapsed sections of forms.
    func markdownForms(_ out: inout [String], _ diff: ReleaseDiff) {
        let sections = Self.formSections(diff, form: { form in
            "\(Self.md(form.form)) → \(Self.mdWord(form.lemma, form.pos))" + (Self.reading(form).map { ", \(Self.md($0))" } ?? "")
        }, card: { card in
            "\(Self.mdWord(card.lemma, card.pos)): +\(card.added) −\(card.removed)"
        })
        for section in sections { details(&out, section.title, count: section.count, section.entries) }
    }

    /// `abades → abad/noun`.
    static func form(_ form: String, of word: String) -> String { "\(form.printable()) → \(word)" }

    /// How a form is read: its reading in words, else its tags; nil when it has neither.
    static func reading(_ form: ReleaseDiff.Form) -> String? {
        !form.description.isEmpty ? form.description : !form.tags.isEmpty ? form.tags : nil
    }
}

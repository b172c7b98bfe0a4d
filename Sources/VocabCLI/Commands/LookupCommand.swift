import ArgumentParser
import Foundation
import ReleaseFormat
import ReleaseLookup
import VocabCore
import VocabJSON

extension PartOfSpeech: ExpressibleByArgument {}

/// `vocab lookup RELEASE WORD`: a word's card, from the release's words, else from its dictionary;
/// `vocab lookup RELEASE --batch`: one JSON line per word of standard input.
package struct LookupCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Print a word's card: from the release's words first, then from its dictionary.",
        discussion: """
            Matches the word case-insensitively, as typed, then typed without accents (naive finds \
            naïve; año never finds ano), as the release's search does, with the words it is a form \
            of after it; then as a form of other words (fue finds ser and ir, most frequent first; \
            casas finds casa; match "form", with the reading that leads to each: 3rd person \
            singular, preterite); then among the cards' translations (the learner's language: año \
            finds year; match "translation"), by relevance then frequency; in scripts written \
            without spaces, by reading (たべる finds 食べる; match "reading"), then by a part of the \
            name or reading (日本 finds 日本語; match "containing"). Each step looks in the \
            release's words, then in its dictionary. A word found nowhere is an error that \
            suggests the names closest by edit distance (at most 2 edits, a swap of two letters \
            being one), then by frequency band.

            With --batch, reads words from standard input, one a line, and writes one line of \
            JSON for each, in order: the array --json prints, [] for a word found nowhere (or an \
            empty line). One process, the release opened once: what a service or a check runs.

            The queries, for a dictionary service to run on the SQLite files alone: SCHEMA.md, \
            "Look-up" (the full-text index for names and translations, the forms table keyed by \
            the word lower-cased).

            Exit status:
              0   found (every matching card printed on standard output); with --batch, every line answered
              1   not found (the line on standard error suggests close matches), or the release cannot be read
              64  invalid arguments
            """)

    @Argument(help: "A release folder (<output>/<name>-<version>) or its .sqlite file.", completion: .file())
    var release: String

    @Argument(help: "The word to look up (none with --batch).")
    var word: String?

    @Option(name: .long, help: "Only this part of speech (noun, verb, adjective, adverb, other).")
    var pos: PartOfSpeech?

    @Flag(name: .long, help: "Print the cards as a JSON array (the bundle's record shape, with source and match: exact, unaccented, form, translation, reading or containing; a form's inflections).")
    var json = false

    @Flag(name: .long, help: "Read words from standard input, one a line; write one JSON array a line.")
    var batch = false

    package init() {}

    package func validate() throws {
        if batch, word != nil { throw ValidationError("give either a word or --batch, not both") }
        if !batch, word == nil { throw ValidationError("missing the word to look up (or --batch to read words from standard input)") }
        if batch, json { throw ValidationError("--batch writes JSON already; --json is for one word") }
    }

    package func run() throws {
        try reportingErrors {
            let lookup = try WordLookup(release: .commandLine(release))
            guard let word else { return try answerLines(lookup) }
            let found = try lookup.lookup(word, partOfSpeech: pos)
            if json {
                print(try LookupOutput.json(found).pretty())
            } else {
                print(found.map { LookupOutput.text($0, asked: word) }.joined(separator: "\n\n"))
            }
        }
    }

    /// `--batch`: each line of standard input answered on one line, written at once (a service
    /// may hold the process open and write one word at a time).
    private func answerLines(_ lookup: WordLookup) throws {
        while let line = readLine(strippingNewline: true) {
            var found: [WordLookup.Found] = []
            do {
                found = try lookup.lookup(line, partOfSpeech: pos)
            } catch is LookupError {
                found = []
            }
            FileHandle.standardOutput.write(Data((try LookupOutput.json(found).compact + "\n").utf8))
        }
    }
}

/// How `vocab lookup` prints a card.
enum LookupOutput {
    /// `name (pos) — source`, the pronunciations, the definition, translations by language, synonyms,
    /// examples (a sentence pair with its translation and source), provenance.
    /// A card found by translation or inflected form says so (`was`: an inflected form).
    static func text(_ found: WordLookup.Found, asked: String) -> String {
        let card = found.card
        var heading = "\(card.lemma) (\(card.partOfSpeech.rawValue)) — \(found.source.rawValue)"
        if let word = found.word { heading += ", band \(word.band)" + (word.rank.map { ", rank \($0)" } ?? "") }
        switch found.match {
        case .form:
            // `fue: a form of ser (3rd person singular, preterite)`.
            let readings = found.inflections.map(\.description).filter { !$0.isEmpty }
            heading += " — “\(asked.trimmingCharacters(in: .whitespacesAndNewlines))”: a form of \(card.lemma)"
                + (readings.isEmpty ? "" : " (\(readings.joined(separator: "; ")))")
        case .translation: heading += " — “\(asked.trimmingCharacters(in: .whitespacesAndNewlines))”: a translation"
        case .reading: heading += " — “\(asked.trimmingCharacters(in: .whitespacesAndNewlines))”: its reading"
        case .containing: heading += " — “\(asked.trimmingCharacters(in: .whitespacesAndNewlines))”: a part of it"
        case .exact, .unaccented: break
        }
        var lines = [heading]
        if !card.pronunciations.isEmpty {
            // `/jɪə/ (GB), /jɪɹ/ (US)`; `/jˈɪɹ/ (generated)`.
            lines.append("  " + card.pronunciations.map { p in
                "/\(p.text)/" + ([p.variety, p.generated ? "generated" : nil].compactMap { $0 }.map { " (\($0))" }.joined())
            }.joined(separator: ", "))
        }
        if let definition = card.definition { lines.append("  \(definition)") }
        for translation in card.translations {
            lines.append("  \(translation.language): \(translation.lemmas.isEmpty ? "—" : translation.lemmas.joined(separator: ", "))")
        }
        if !card.synonyms.isEmpty { lines.append("  synonyms: \(card.synonyms.joined(separator: ", "))") }
        // A pair with its translation and source; one its sense test did not confirm says so.
        for example in card.examples {
            guard let translation = example.translation else {
                lines.append("  “\(example.text)”" + (example.isFromLexicon ? "" : " (\(example.source))"))
                continue
            }
            lines.append("  “\(example.text)” — “\(translation)” (\(example.source)\(example.sameSense ? "" : ", the word's sense unconfirmed"))")
        }
        let p = card.provenance
        // The definition's language last: a gloss lexicon's (`glosses`) tells the learner it is an explanation.
        lines.append("  (\(p.lexicon) \(p.entryId), sense \(p.senseRank) \(p.senseId), synset \(p.synsetId)\(p.ili.map { ", \($0)" } ?? "")"
            + (card.definitionLanguage.map { "; definition in \($0)" } ?? "") + ")")
        return lines.joined(separator: "\n")
    }

    /// A JSON array: each card in the bundle's record shape, with `source` and `match`, and a
    /// form's `inflections` (`[{"tags": "ifi p3 sg", "description": "3rd person singular, preterite"}]`).
    static func json(_ found: [WordLookup.Found]) throws -> JSONValue {
        let encoder = JSONValueEncoder()
        let items = try found.map { item -> JSONValue in
            let record = try encoder.encode(item.word ?? ReleaseWord(id: 0, band: 1, frequency: nil, rank: nil, card: item.card))
            var members = [("source", JSONValue.string(item.source.rawValue)), ("match", JSONValue.string(item.match.rawValue))]
            if item.match == .form {
                members.append(("inflections", .array(item.inflections.map { inflection in
                    .object([(key: "tags", value: .string(inflection.tags)), (key: "description", value: .string(inflection.description))])
                })))
            }
            for (key, value) in record.objectValue ?? [] {
                // A dictionary entry has no band, rank or frequency.
                if item.word == nil, [CardField.freq, .freqRank, .band].map(\.key).contains(key) { continue }
                members.append((key, value))
            }
            return .object(members.map { (key: $0.0, value: $0.1) })
        }
        return JSONValue.array(items)
    }
}

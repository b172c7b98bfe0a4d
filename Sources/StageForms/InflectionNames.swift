import VocabCore

/// The words a form's inflection is described in: each analyzer tag's name, from the format's
/// defaults (Apertium's tag set for `lttoolbox`: `p3` "3rd person", `ifi` "preterite") under the
/// config's `lemmatization.analyzer.tagNames`. A description puts person, gender and number first,
/// as one phrase ("3rd person singular"), then the other tags' names in the reading's order,
/// each after a comma: `ifi p3 sg` is "3rd person singular, preterite". A tag without a name
/// (`sint`, an engine's own code) is left out of the description, not printed raw: the release
/// keeps the tags themselves beside it.
package struct InflectionNames: Sendable, Equatable {
    /// A tag's name and whether it belongs to the leading phrase (person, gender, number).
    package struct Name: Sendable, Equatable {
        package var text: String
        package var leading: Bool
        /// The position of a leading name in its phrase: person 0, gender 1, number 2.
        package var order: Int
    }

    /// Tag → name.
    package private(set) var names: [String: Name]

    /// The names of `format`'s tags, with `overrides` (tag → name; an empty name hides the tag).
    package init(format: AnalyzerFormat, overrides: [String: String] = [:]) {
        var names = format == .lttoolbox ? Self.apertium : [:]
        for (tag, text) in overrides {
            if text.isEmpty {
                names[tag] = nil
            } else {
                var name = names[tag] ?? Name(text: text, leading: false, order: 0)
                name.text = text
                names[tag] = name
            }
        }
        self.names = names
    }

    /// The description of an inflection's tags (in the analyzer's order); empty when no tag has a name.
    package func describe(_ tags: [String]) -> String {
        var leading: [(order: Int, index: Int, text: String)] = [], rest: [String] = []
        for (index, tag) in tags.enumerated() {
            guard let name = names[tag] else { continue }
            if name.leading { leading.append((name.order, index, name.text)) } else if !rest.contains(name.text) { rest.append(name.text) }
        }
        let phrase = leading.sorted { ($0.order, $0.index) < ($1.order, $1.index) }.map(\.text).joined(separator: " ")
        return ([phrase].filter { !$0.isEmpty } + rest).joined(separator: ", ")
    }

    /// Apertium's tags of inflection (wiki.apertium.org, "List of symbols"), shared by its
    /// languages: persons, genders, numbers, verb forms and tenses, degrees, cases, aspects.
    static let apertium: [String: Name] = {
        var names: [String: Name] = [:]
        for (tag, text) in [("p1", "1st person"), ("p2", "2nd person"), ("p3", "3rd person")] { names[tag] = Name(text: text, leading: true, order: 0) }
        for (tag, text) in [("m", "masculine"), ("f", "feminine"), ("nt", "neuter"), ("ma", "masculine"), ("mi", "masculine"), ("mp", "masculine")] {
            names[tag] = Name(text: text, leading: true, order: 1)
        }
        for (tag, text) in [("sg", "singular"), ("pl", "plural"), ("du", "dual")] { names[tag] = Name(text: text, leading: true, order: 2) }
        let rest: [(String, String)] = [
            ("inf", "infinitive"), ("ger", "gerund"), ("pp", "past participle"), ("pprs", "present participle"),
            ("pres", "present"), ("past", "past"), ("fut", "future"), ("pri", "present indicative"),
            ("pii", "imperfect indicative"), ("ifi", "preterite"), ("fti", "future"), ("cni", "conditional"),
            ("prs", "present subjunctive"), ("pis", "imperfect subjunctive"), ("fts", "future subjunctive"),
            ("pmp", "pluperfect"), ("imp", "imperative"), ("subs", "subjunctive"), ("cond", "conditional"),
            ("comp", "comparative"), ("sup", "superlative"), ("dim", "diminutive"), ("aug", "augmentative"),
            ("def", "definite"), ("ind", "indefinite"),
            ("nom", "nominative"), ("gen", "genitive"), ("dat", "dative"), ("acc", "accusative"), ("ins", "instrumental"),
            ("prp", "prepositional"), ("loc", "locative"), ("voc", "vocative"), ("par", "partitive"),
            ("pf", "perfective"), ("impf", "imperfective"), ("pasv", "passive"), ("actv", "active"), ("short", "short form"),
        ]
        for (tag, text) in rest { names[tag] = Name(text: text, leading: false, order: 0) }
        return names
    }()
}

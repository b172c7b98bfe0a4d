import Foundation

/// Gold lemmas from a Universal Dependencies treebank (CoNLL-U), to score the lemmatize step's
/// form → lemma map: a test reference, never an input of a build.
///
/// The score follows the corpus README (`reference/`): for each lower-cased form the treebank
/// tags as a content word (`NOUN`, `VERB`, `ADJ`, `AUX`), its most frequent gold lemma (ties:
/// the alphabetically first); over the forms of the frequency list that occur as content words,
/// the share whose lemma the map gets right, weighted by the list's frequency and unweighted,
/// over all of them and over those at least half of whose gold tokens are content words (the
/// forms that are *mostly* content words: `para` is a preposition that a few sentences tag as a
/// verb). Multiword-token lines (`3-4`) and empty nodes (`3.1`) are skipped.
///
/// ```swift
/// let gold = try LemmaGold(conllu: [dev, test])
/// let score = gold.score(lemmaOf, list: try LemmaGold.frequencyList(wordfreqCSV))
/// score.mostlyContent.weighted   // 0.95…
/// ```
package struct LemmaGold: Sendable {
    /// The universal part-of-speech tags of content words.
    package static let contentTags: Set<String> = ["NOUN", "VERB", "ADJ", "AUX"]

    /// Each lower-cased form's most frequent gold lemma over its content tokens.
    package let lemmaOf: [String: String]
    /// Each lower-cased form's tokens, and its content tokens.
    package let tokens: [String: (all: Int, content: Int)]

    /// Reads the treebank files (UTF-8 CoNLL-U).
    package init(conllu files: [URL]) throws {
        var counts: [String: [String: Int]] = [:]
        var tokens: [String: (all: Int, content: Int)] = [:]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard columns.count >= 4, !columns[0].contains("-"), !columns[0].contains(".") else { continue }
                let form = columns[1].lowercased()
                let content = Self.contentTags.contains(String(columns[3]))
                tokens[form, default: (0, 0)].all += 1
                if content {
                    tokens[form, default: (0, 0)].content += 1
                    counts[form, default: [:]][String(columns[2]), default: 0] += 1
                }
            }
        }
        lemmaOf = counts.mapValues { lemmas in
            lemmas.min { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }!.key
        }
        self.tokens = tokens
    }

    /// A list's forms in order with their frequencies, from a `word,frequency` CSV with a
    /// header (wordfreq's layout; no quoting).
    package static func frequencyList(_ file: URL) throws -> [(form: String, frequency: Double)] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 2, let frequency = Double(fields[1]) else { return nil }
            return (String(fields[0]), frequency)
        }
    }

    /// A share, weighted by frequency and not.
    package struct Share: Sendable, Equatable {
        /// Right forms' frequency over all forms' frequency.
        package var weighted: Double
        /// Right forms over all forms.
        package var unweighted: Double
        /// The forms scored.
        package var forms: Int
    }

    /// A map's score: over every content form of the list, and over the mostly-content ones;
    /// the wrong forms (mostly content), the most frequent first.
    package struct Score: Sendable {
        /// Over the list's forms the treebank tags as content words at least once.
        package var all: Share
        /// Over those at least half of whose tokens are content words.
        package var mostlyContent: Share
        /// The mostly-content forms the map gets wrong: form, the map's lemma (nil: none), the
        /// gold lemma, the list's frequency; most frequent first.
        package var wrong: [(form: String, lemma: String?, gold: String, frequency: Double)]
    }

    /// Scores `lemmaOf` (a form of the list → its lemma, nil or absent for none) over `list`.
    /// Lemmas are compared ignoring case.
    package func score(_ lemmaOf: [String: String?], list: [(form: String, frequency: Double)]) -> Score {
        var sums = (all: (right: 0.0, total: 0.0, rightForms: 0, forms: 0), mostly: (right: 0.0, total: 0.0, rightForms: 0, forms: 0))
        var wrong: [(form: String, lemma: String?, gold: String, frequency: Double)] = []
        var seen = Set<String>()
        for (form, frequency) in list where seen.insert(form).inserted {
            let key = form.lowercased()
            guard let gold = self.lemmaOf[key], let counted = tokens[key] else { continue }
            let predicted = lemmaOf[form] ?? nil
            let right = predicted?.lowercased() == gold.lowercased()
            sums.all.total += frequency
            sums.all.forms += 1
            if right {
                sums.all.right += frequency
                sums.all.rightForms += 1
            }
            guard counted.content * 2 >= counted.all else { continue }
            sums.mostly.total += frequency
            sums.mostly.forms += 1
            if right {
                sums.mostly.right += frequency
                sums.mostly.rightForms += 1
            } else {
                wrong.append((form, predicted, gold, frequency))
            }
        }
        func share(_ sum: (right: Double, total: Double, rightForms: Int, forms: Int)) -> Share {
            Share(weighted: sum.total > 0 ? sum.right / sum.total : 0,
                  unweighted: sum.forms > 0 ? Double(sum.rightForms) / Double(sum.forms) : 0, forms: sum.forms)
        }
        wrong.sort { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.form < $1.form }
        return Score(all: share(sums.all), mostlyContent: share(sums.mostly), wrong: wrong)
    }
}

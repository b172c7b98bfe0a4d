import VocabCore

/// What the lemmatize step made of a whole list.
package struct LemmatizeResult: Sendable, Equatable {
    /// One row per lemma, part of speech and source tag: the frequencies of its forms added up
    /// (saturating), the line of its first form; in the order of those lines.
    package var rows: [FrequencyRow]
    /// What each distinct form (and tag) became, in list order.
    package var forms: [FormLemma]
    /// The forms without a lemma (reason `no-lemma`), their rows' frequencies added up, most
    /// frequent first.
    package var dropped: [DroppedWord]
    /// Rows read.
    package var rowsRead: Int
    /// Rows lemmatized by each source.
    package var bySource: [LemmaSource: Int]
    /// Rows whose form has no lemma.
    package var noLemmaRows: Int
}

extension Lemmatizer {
    /// The Hunspell stems of every distinct form of `rows` (by exact spelling), each computed once.
    package static func stemsOfForms(_ rows: [FrequencyRow], stems: (String) -> [String]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        result.reserveCapacity(rows.count)
        for row in rows where result[row.lemma] == nil { result[row.lemma] = stems(row.lemma) }
        return result
    }

    /// Lemmatizes the whole list by the rule (steps 1 to 8): `stemsOfForms` from
    /// ``stemsOfForms(_:stems:)``; `tagged` true when the list has a part-of-speech column (its
    /// rows' parts of speech constrain the candidates).
    package func lemmatize(_ rows: [FrequencyRow], stemsOfForms: [String: [String]], tagged: Bool) -> LemmatizeResult {
        // The list's own frequency of each form (lower-cased), for step 5.
        var formFrequency: [String: Int64] = [:]
        formFrequency.reserveCapacity(rows.count)
        for row in rows { formFrequency[row.lemma.lowercased(), default: 0].addSaturating(row.frequency) }
        let frequency = { (form: String) in formFrequency[form] ?? 0 }

        struct Key: Hashable {
            var form: String
            var partOfSpeech: PartOfSpeech?
        }
        var outcomes: [Key: FormLemma] = [:]
        var order: [Key] = []
        for row in rows {
            let key = Key(form: row.lemma, partOfSpeech: tagged ? row.partOfSpeech : nil)
            if outcomes[key] != nil { continue }
            outcomes[key] = lemma(
                of: row.lemma, stemsOfForm: stemsOfForms[row.lemma] ?? [], tag: key.partOfSpeech, frequency: frequency)
            order.append(key)
        }
        // Step 7: a lemma that is a form of the list lemmatized to another entry of its part of speech.
        var byLowered: [Key: FormLemma] = [:]
        for key in order {
            let lowered = Key(form: key.form.lowercased(), partOfSpeech: key.partOfSpeech)
            if byLowered[lowered] == nil { byLowered[lowered] = outcomes[key] }
        }
        for key in order {
            guard var outcome = outcomes[key], var lemma = outcome.lemma, let partOfSpeech = outcome.partOfSpeech else { continue }
            var steps = 0
            while steps < 4, let next = byLowered[Key(form: lemma.lowercased(), partOfSpeech: key.partOfSpeech)],
                  let nextLemma = next.lemma, nextLemma.lowercased() != lemma.lowercased(), next.partOfSpeech == partOfSpeech {
                lemma = nextLemma
                steps += 1
            }
            if lemma != outcome.lemma {
                outcome.lemma = lemma
                outcomes[key] = outcome
            }
        }

        struct LemmaKey: Hashable {
            var lemma: String
            var partOfSpeech: PartOfSpeech
            var tag: String
        }
        var lemmaRows: [LemmaKey: Int] = [:]
        var result = LemmatizeResult(
            rows: [], forms: order.compactMap { outcomes[$0] }, dropped: [], rowsRead: rows.count, bySource: [:], noLemmaRows: 0)
        var droppedIndex: [String: Int] = [:]
        for row in rows {
            let outcome = outcomes[Key(form: row.lemma, partOfSpeech: tagged ? row.partOfSpeech : nil)]
            guard let outcome, let lemma = outcome.lemma, let partOfSpeech = outcome.partOfSpeech, let source = outcome.source else {
                result.noLemmaRows += 1
                let key = "\(row.lemma)\t\(row.tag)"
                if let index = droppedIndex[key] {
                    result.dropped[index].frequency.addSaturating(row.frequency)
                } else {
                    droppedIndex[key] = result.dropped.count
                    result.dropped.append(DroppedWord(
                        sourceLemma: row.lemma, tag: row.tag, partOfSpeech: tagged ? row.partOfSpeech : nil,
                        frequency: row.frequency, line: row.line, reason: .noLemma))
                }
                continue
            }
            result.bySource[source, default: 0] += 1
            let key = LemmaKey(lemma: lemma, partOfSpeech: partOfSpeech, tag: row.tag)
            if let index = lemmaRows[key] {
                result.rows[index].frequency.addSaturating(row.frequency)
            } else {
                lemmaRows[key] = result.rows.count
                result.rows.append(FrequencyRow(line: row.line, lemma: lemma, tag: row.tag, partOfSpeech: partOfSpeech, frequency: row.frequency))
            }
        }
        result.dropped.sort { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.line < $1.line }
        return result
    }
}

extension Int64 {
    /// Adds `other`, stopping at `Int64.max`.
    mutating func addSaturating(_ other: Int64) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? .max : sum
    }
}

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
    /// The function words (reason `closed-class`: the chosen reading's class is closed), their
    /// rows' frequencies added up, most frequent first; never lemma rows.
    package var closedClass: [DroppedWord] = []
    /// Rows read.
    package var rowsRead: Int
    /// Rows lemmatized by each source (the function words' rows not among them).
    package var bySource: [LemmaSource: Int]
    /// Rows whose form has no lemma.
    package var noLemmaRows: Int
    /// Rows whose form is a function word.
    package var closedClassRows: Int = 0
}

/// A list's distinct forms (with their part of speech in a tagged list), each with its Hunspell
/// stems: made once, before the lexicon is loaded (its candidates are what the lexicon keeps).
package struct ListForms: Sendable {
    /// Whether the list has tags: a form's part of speech is then part of what makes it distinct.
    package let tagged: Bool
    /// For each row, its distinct form.
    let rowForm: [Int32]
    /// For each distinct form, its first row.
    let firstRow: [Int]
    /// For each distinct form, its Hunspell stems.
    package let stems: [[String]]

    /// The distinct forms of `rows` and their stems, each form stemmed once.
    package init(_ rows: [FrequencyRow], tagged: Bool, stems: (String) -> [String]) {
        self.tagged = tagged
        var index: [String: Int32] = [:]
        index.reserveCapacity(rows.count)
        var rowForm = [Int32](repeating: 0, count: rows.count)
        var firstRow: [Int] = []
        var stemLists: [[String]] = []
        // Stems depend on the spelling only: a tagged list's form under two tags is stemmed once.
        var stemmed: [String: Int] = [:]
        for (position, row) in rows.enumerated() {
            let key = tagged ? "\(row.lemma)\u{1}\(row.partOfSpeech.rawValue)" : row.lemma
            if let known = index[key] {
                rowForm[position] = known
                continue
            }
            index[key] = Int32(firstRow.count)
            rowForm[position] = Int32(firstRow.count)
            firstRow.append(position)
            if tagged, let earlier = stemmed[row.lemma] {
                stemLists.append(stemLists[earlier])
            } else {
                if tagged { stemmed[row.lemma] = stemLists.count }
                stemLists.append(stems(row.lemma))
            }
        }
        self.rowForm = rowForm
        self.firstRow = firstRow
        self.stems = stemLists
    }

    /// Every form and stem: the words whose entries the lexicon must keep (with the table's lemmas).
    package func candidates(_ rows: [FrequencyRow]) -> [String] {
        firstRow.map { rows[$0].lemma } + stems.joined()
    }
}

extension Lemmatizer {
    /// The Hunspell stems of every distinct form of `rows` (by exact spelling), each computed once.
    package static func stemsOfForms(_ rows: [FrequencyRow], stems: (String) -> [String]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        result.reserveCapacity(rows.count)
        for row in rows where result[row.lemma] == nil { result[row.lemma] = stems(row.lemma) }
        return result
    }

    /// ``lemmatize(_:forms:)`` with the stems given by spelling.
    package func lemmatize(_ rows: [FrequencyRow], stemsOfForms: [String: [String]], tagged: Bool) -> LemmatizeResult {
        lemmatize(rows, forms: ListForms(rows, tagged: tagged) { stemsOfForms[$0] ?? [] })
    }

    /// Lemmatizes the whole list by the rule (steps 1 to 8): `forms` are its distinct forms with
    /// their stems (``ListForms``); in a tagged list the rows' parts of speech constrain the
    /// candidates.
    ///
    /// Step 3: a lemma whose own form the list reads as a function word is not taught either
    /// (`miles` → mil, but `mil` is the numeral; `bajos` → bajo, but `bajo` is mostly the
    /// preposition): the forms that go to it are function words too. `lowered`: each outcome's
    /// form lower-cased. (An untagged list's: a tagged one says each row's part of speech.)
    private static func closeLemmasOfFunctionWords(_ outcomes: inout [FormLemma], lowered: [String]) {
        var closedForms: [String: WordClass] = [:]
        for form in outcomes.indices where outcomes[form].isClosedClass { closedForms[lowered[form]] = outcomes[form].wordClass }
        guard !closedForms.isEmpty else { return }
        for form in outcomes.indices where !outcomes[form].isClosedClass {
            guard let lemma = outcomes[form].lemma, let closedClass = closedForms[lemma.lowerCased] else { continue }
            outcomes[form].wordClass = closedClass
            outcomes[form].partOfSpeech = .other
        }
    }

    /// Lists have millions of forms: each distinct form (and tag) is lemmatized once, and every
    /// row is then a few array look-ups.
    package func lemmatize(_ rows: [FrequencyRow], forms: ListForms) -> LemmatizeResult {
        let tagged = forms.tagged
        let rowForm = forms.rowForm
        let distinct = forms.firstRow
        let lowered = distinct.map { rows[$0].lemma.lowerCased }
        // The list's own frequency of each form (lower-cased), for step 5.
        var formFrequency: [String: Int64] = [:]
        formFrequency.reserveCapacity(distinct.count)
        var perForm = [Int64](repeating: 0, count: distinct.count)
        for (position, row) in rows.enumerated() { perForm[Int(rowForm[position])].addSaturating(row.frequency) }
        for (form, value) in perForm.enumerated() { formFrequency[lowered[form], default: 0].addSaturating(value) }
        let frequency = { (form: String) in formFrequency[form] ?? 0 }

        // Steps 2 to 4: the table's lemma, else the analyzer's readings, else the lexicon's and
        // Hunspell's candidates (one outcome each).
        var outcomes: [FormLemma] = []
        outcomes.reserveCapacity(distinct.count)
        var analyzed = [[Reading]](repeating: [], count: distinct.count)
        for form in distinct.indices {
            let row = rows[distinct[form]]
            let tag = tagged ? row.partOfSpeech : nil
            if table.lemmas(ofLowerCased: lowered[form]).isEmpty {
                analyzed[form] = analyzerReadings(of: row.lemma, tag: tag)
            }
            outcomes.append(analyzed[form].isEmpty
                ? lemma(of: row.lemma, stemsOfForm: forms.stems[form], tag: tag, frequency: frequency)
                : FormLemma(form: row.lemma, lemma: nil, partOfSpeech: nil, source: nil))
        }
        // Step 5: one reading per form, weighed over the whole list (an outcome of steps 2 to 4
        // is its form's only reading, and lends its lemma its frequency).
        let choices = ReadingChooser.choose(distinct.indices.map { form in
            chooserForm(lowered[form], frequency: perForm[form], outcome: outcomes[form], analyzed: analyzed[form])
        })
        for form in distinct.indices where !analyzed[form].isEmpty {
            if let choice = choices[form] { outcomes[form] = FormLemma(form: outcomes[form].form, reading: analyzed[form][choice]) }
        }
        // Step 7: a lemma that is a form of the list lemmatized to another entry of its part of
        // speech (a chain starts only from a lemma the analyzer did not give: its lemmas are
        // citation forms already).
        var byLowered: [String: Int] = [:]
        // Only a form with a lemma can continue a chain.
        for form in distinct.indices where outcomes[form].lemma != nil {
            let k = tagged ? "\(lowered[form])\u{1}\(rows[distinct[form]].partOfSpeech.rawValue)" : lowered[form]
            if byLowered[k] == nil { byLowered[k] = form }
        }
        for form in outcomes.indices where outcomes[form].source != .analyzer {
            guard var lemma = outcomes[form].lemma, let partOfSpeech = outcomes[form].partOfSpeech,
                  lemma.lowerCased != lowered[form] else { continue }
            let suffix = tagged ? "\u{1}\(rows[distinct[form]].partOfSpeech.rawValue)" : ""
            var steps = 0
            while steps < 4, let next = byLowered[lemma.lowerCased + suffix].map({ outcomes[$0] }),
                  let nextLemma = next.lemma, nextLemma.lowerCased != lemma.lowerCased, next.partOfSpeech == partOfSpeech {
                lemma = nextLemma
                steps += 1
            }
            outcomes[form].lemma = lemma
        }

        if !tagged { Self.closeLemmasOfFunctionWords(&outcomes, lowered: lowered) }
        var result = LemmatizeResult(rows: [], forms: outcomes, dropped: [], rowsRead: rows.count, bySource: [:], noLemmaRows: 0)
        // Per distinct form, its lemma row (untagged lists: one tag, "") or, per tag, by key.
        var lemmaRowOfForm = [Int32](repeating: -1, count: outcomes.count)
        var lemmaRows: [String: Int32] = [:]
        var noLemma = DroppedTally(reason: .noLemma, forms: outcomes.count, tagged: tagged)
        var closedClass = DroppedTally(reason: .closedClass, forms: outcomes.count, tagged: tagged)
        var sources = [Int](repeating: 0, count: LemmaSource.allCases.count)
        for (position, row) in rows.enumerated() {
            let form = Int(rowForm[position])
            let outcome = outcomes[form]
            if outcome.isClosedClass {
                // A function word: dropped here, as its form (step 8), whatever the lexicon lists.
                result.closedClassRows += 1
                closedClass.add(row, form: form)
                continue
            }
            guard let lemma = outcome.lemma, let partOfSpeech = outcome.partOfSpeech, let source = outcome.source else {
                result.noLemmaRows += 1
                noLemma.add(row, form: form)
                continue
            }
            sources[LemmaSource.allCases.firstIndex(of: source) ?? 0] += 1
            var target = tagged ? -1 : lemmaRowOfForm[form]
            if target < 0 {
                let k = "\(lemma)\u{1}\(partOfSpeech.rawValue)\u{1}\(row.tag)"
                if let known = lemmaRows[k] {
                    target = known
                } else {
                    target = Int32(result.rows.count)
                    lemmaRows[k] = target
                    result.rows.append(FrequencyRow(line: row.line, lemma: lemma, tag: row.tag, partOfSpeech: partOfSpeech, frequency: 0))
                }
                if !tagged { lemmaRowOfForm[form] = target }
            }
            result.rows[Int(target)].frequency.addSaturating(row.frequency)
        }
        for (offset, source) in LemmaSource.allCases.enumerated() where sources[offset] > 0 { result.bySource[source] = sources[offset] }
        result.dropped = noLemma.words()
        result.closedClass = closedClass.words()
        return result
    }
}

extension Lemmatizer {
    /// A form as ``ReadingChooser`` weighs it (step 5): its analyzer's readings (ranked when the
    /// analyzer ranks them), else the one reading its outcome of steps 2 to 4 is (none without
    /// a lemma), each marked when the lexicon has its lemma in its class.
    fileprivate func chooserForm(_ form: String, frequency: Int64, outcome: FormLemma, analyzed: [Reading]) -> ReadingChooser.Form {
        let readings = analyzed.isEmpty
            ? outcome.lemma.map { [Reading(lemma: $0, wordClass: outcome.wordClass ?? .other, source: outcome.source ?? .lexicon)] } ?? []
            : analyzed
        let inLexicon = readings.count < 2 ? [] : readings.map { reading in
            reading.wordClass.partOfSpeech != .other
                && self.readings(reading.lemma).contains { $0.partOfSpeech == reading.wordClass.partOfSpeech }
        }
        return ReadingChooser.Form(
            form: form, frequency: Double(frequency), readings: readings, inLexicon: inLexicon, ranked: analyzerRanks && !analyzed.isEmpty)
    }
}

/// The rows of one reason for dropping a form, summed per word as the report lists them: a
/// tagged list's form keeps its tags apart, an untagged one has one tag; most frequent first.
private struct DroppedTally {
    let reason: DropReason
    let tagged: Bool
    private var list: [DroppedWord] = []
    private var ofForm: [Int32]
    private var ofTag: [String: Int32] = [:]

    init(reason: DropReason, forms: Int, tagged: Bool) {
        self.reason = reason
        self.tagged = tagged
        ofForm = [Int32](repeating: -1, count: forms)
    }

    /// Counts `row`, of the distinct form `form`.
    mutating func add(_ row: FrequencyRow, form: Int) {
        let key = "\(row.lemma)\u{1}\(row.tag)"
        if let known = tagged ? ofTag[key] : (ofForm[form] >= 0 ? ofForm[form] : nil) {
            list[Int(known)].frequency.addSaturating(row.frequency)
            return
        }
        if tagged { ofTag[key] = Int32(list.count) }
        ofForm[form] = Int32(list.count)
        list.append(DroppedWord(
            sourceLemma: row.lemma, tag: row.tag, partOfSpeech: tagged ? row.partOfSpeech : nil,
            frequency: row.frequency, line: row.line, reason: reason))
    }

    /// The words, most frequent first (ties: the list's order).
    func words() -> [DroppedWord] {
        list.sorted { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.line < $1.line }
    }
}

extension Int64 {
    /// Adds `other`, stopping at `Int64.max`.
    mutating func addSaturating(_ other: Int64) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? .max : sum
    }
}

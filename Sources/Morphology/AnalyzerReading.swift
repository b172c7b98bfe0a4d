/// One analysis of a word form: one part per word of a joined form (`del` → `de<pr>` +
/// `el<det><def><m><sg>`; `dámelo` → dar + prpers + lo).
///
/// ```swift
/// analyzer.readings(of: "del")
/// // [AnalyzerReading(parts: [Part(lemma: "de", tags: ["pr"]),
/// //                          Part(lemma: "el", tags: ["det", "def", "m", "sg"])])]
/// ```
///
/// Made from what lt-proc prints for one reading (`de<pr>+el<det><def><m><sg>`): a `+` right
/// after a tag starts a new part (a `+` elsewhere, as in `C++`, is a character of the lemma);
/// a part's lemma is its characters before its first tag. Characters after a part's tags are
/// the invariable rest of a multiword (`echar<vblex><pri><p1><sg># de menos`): they are moved
/// to the end of the first part's lemma, `#` included (`echar# de menos`), as
/// apertium-pretransfer moves them; a dictionary that writes the `#` before the tags
/// (`echar# de menos<vblex>…`) gives the same reading.
package struct AnalyzerReading: Hashable, Sendable {
    /// The words of the reading, in order; one for a form that is a single word.
    package var parts: [Part]

    /// A reading of `parts`.
    package init(parts: [Part]) {
        self.parts = parts
    }
}

extension AnalyzerReading {
    /// One word of a reading: its lemma (in the dictionary's case), its tags, and the engine's
    /// reading of the word where it gives one.
    package struct Part: Hashable, Sendable {
        /// The lemma as the dictionary writes it: `casa`, `Madrid`, `echar# de menos`, `食べる`.
        package var lemma: String
        /// The tags without `<>`, in order: `["n", "f", "sg"]`; the first is the part of speech.
        package var tags: [String]
        /// How the word as written is read, as the engine's dictionary writes it: MeCab's reading
        /// field (`食べ` → `タベ`, katakana in IPADIC and UniDic, hiragana in JUMAN), the reading of
        /// the form, not of the lemma (`食べる`'s is ``MecabAnalyzer`` `readings(of: "食べる")`'s,
        /// `タベル`); nil for an engine without readings (lttoolbox) and for a word whose
        /// dictionary entry has none.
        package var reading: String?
        /// The tags that are the word's inflection, where the engine tells them apart from the
        /// tags of the word itself: MeCab's conjugation form (`連用形`, after the part of speech's
        /// subclasses and the conjugation type, which every form of the lemma shares); nil where
        /// the inflection is the tags after the word class's (lttoolbox's `f pl`, Voikko's).
        package var inflection: [String]?

        /// A part of `lemma` with `tags`, read as `reading`, inflected as `inflection` (nil: the
        /// tags after the class).
        package init(lemma: String, tags: [String], reading: String? = nil, inflection: [String]? = nil) {
            self.lemma = lemma
            self.tags = tags
            self.reading = reading
            self.inflection = inflection
        }
    }

    /// The reading made from an analyzer's output symbols: characters (their code points,
    /// above 0) and tags (`-(i + 1)` for `tags[i]`); 0 is nothing. An empty output (which no
    /// real dictionary writes) is one part with an empty lemma and no tag.
    init<Symbols: Sequence<Int32>>(symbols: Symbols, tags: [String]) {
        let plus = Int32(UInt8(ascii: "+"))
        var parts: [Part] = []
        var lemma = String.UnicodeScalarView()
        var partTags: [String] = []
        var rest = String.UnicodeScalarView()
        var previousWasTag = false
        for symbol in symbols where symbol != 0 {
            if symbol < 0 {
                partTags.append(tags[Int(-symbol) - 1])
                previousWasTag = true
                continue
            }
            defer { previousWasTag = false }
            if symbol == plus, previousWasTag {
                parts.append(Part(lemma: String(lemma), tags: partTags))
                lemma = String.UnicodeScalarView()
                partTags = []
                continue
            }
            // Symbols are Unicode scalars: LttoolboxFile checked every pair.
            let scalar = Unicode.Scalar(UInt32(symbol)) ?? "\u{FFFD}"
            if partTags.isEmpty { lemma.append(scalar) } else { rest.append(scalar) }
        }
        parts.append(Part(lemma: String(lemma), tags: partTags))
        if !rest.isEmpty { parts[0].lemma.unicodeScalars.append(contentsOf: rest) }
        self.parts = parts
    }
}

extension AnalyzerReading: CustomStringConvertible {
    /// The reading as lt-proc would print it with the rest of a multiword in the first lemma:
    /// `de<pr>+el<det><def><m><sg>`, `echar# de menos<vblex><pri><p1><sg>`.
    package var description: String {
        parts.map { part in part.lemma + part.tags.map { "<\($0)>" }.joined() }.joined(separator: "+")
    }
}

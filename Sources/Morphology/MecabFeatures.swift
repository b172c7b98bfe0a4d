/// How a MeCab dictionary writes a word's features (MeCab's `feature` string, one CSV record),
/// and so where its tags, lemma and reading are. Told apart by the number of fields of a word the
/// dictionary knows (``MecabAnalyzer`` reads `日本` when it opens one); unknown words have fewer
/// fields in every layout, and no lemma or reading (MeCab's `*`).
package struct MecabFeatureLayout: Hashable, Sendable {
    /// The layout's name: `ipadic`, `unidic`, `juman`.
    package var name: String
    /// The number of fields of a known word (at least, for UniDic's).
    package var fields: Int
    /// The fields that are tags, in order: the part of speech and its subclasses, then the
    /// conjugation type and form.
    package var tagFields: Range<Int>
    /// The field of the lemma, the dictionary form as written.
    package var lemmaField: Int
    /// The field of the word's reading as written, if the layout has one.
    package var readingField: Int?
    /// The field of the conjugation form (`連用形`, `基本形`): the inflection, where the tags
    /// before it name the word (its part of speech, subclasses and conjugation type).
    package var inflectionField: Int

    /// IPADIC (Debian's `mecab-ipadic-utf8`), 9 fields: `POS,sub1,sub2,sub3,conjugation type,
    /// conjugation form,base form,reading,pronunciation`: `食べ` → `動詞,自立,*,*,一段,連用形,食べる,
    /// タベ,タベ`.
    package static let ipadic = MecabFeatureLayout(name: "ipadic", fields: 9, tagFields: 0..<6, lemmaField: 6, readingField: 7, inflectionField: 5)
    /// UniDic 3 (Debian's `unidic-mecab`, unidic-cwj), 29 fields or more: `pos1-4,cType,cForm,
    /// lForm,lemma,orth,pron,orthBase,pronBase,goshu,…,kana (20),kanaBase,…`. The lemma is
    /// `orthBase` (10), the dictionary form as the text spells it (`する`, `こと`), not the
    /// `lemma` field (7), UniDic's own spelling (`為る`, `事`), which no card should show a
    /// learner; the reading is `kana` (20), the form's kana as written.
    package static let unidic = MecabFeatureLayout(name: "unidic", fields: 29, tagFields: 0..<6, lemmaField: 10, readingField: 20, inflectionField: 5)
    /// UniDic 2 (unidic-mecab 2.1.2), 17 fields, UniDic 3's first 17: no kana field (`pron`, 9,
    /// is a pronunciation, `ベンキョー`, not a spelling), so no reading.
    package static let unidic2 = MecabFeatureLayout(name: "unidic", fields: 17, tagFields: 0..<6, lemmaField: 10, readingField: nil, inflectionField: 5)
    /// JUMAN (Debian's `mecab-jumandic-utf8`), 7 fields: `POS,sub,conjugation type,conjugation
    /// form,base form,reading,semantic information`, the reading in hiragana: `食べた` → `動詞,*,
    /// 母音動詞,タ形,食べる,たべた,代表表記:食べる/たべる`.
    package static let juman = MecabFeatureLayout(name: "juman", fields: 7, tagFields: 0..<4, lemmaField: 4, readingField: 5, inflectionField: 3)

    /// The layout of a dictionary one of whose known words has `count` fields; nil for none read
    /// here (mecab-ko-dic's 8, unidic-lite's 26).
    package static func ofKnownWord(fields count: Int) -> MecabFeatureLayout? {
        switch count {
        case ipadic.fields: ipadic
        case juman.fields: juman
        case unidic2.fields: unidic2
        case unidic.fields...: unidic
        default: nil
        }
    }

    /// The part a known word of `surface` with `feature` reads as: its tags (the tag fields that
    /// are not `*`, in the feature's order), its lemma (the surface where the field is `*` or
    /// missing), its reading (nil where `*` or missing) and its inflection, the conjugation form
    /// (none for a word that does not conjugate).
    package func part(surface: String, feature: String) -> AnalyzerReading.Part {
        let fields = Self.fields(of: feature)
        func field(_ index: Int?) -> String? {
            guard let index, index < fields.count, fields[index] != "*", !fields[index].isEmpty else { return nil }
            return fields[index]
        }
        let tags = tagFields.filter { $0 < fields.count && fields[$0] != "*" && !fields[$0].isEmpty }.map { fields[$0] }
        return AnalyzerReading.Part(
            lemma: field(lemmaField) ?? surface, tags: tags, reading: field(readingField), inflection: field(inflectionField).map { [$0] } ?? [])
    }

    /// The fields of a feature string: comma-separated; a field that starts with a double quote
    /// runs to the closing one and may hold commas and doubled quotes (`""`), as the CSV
    /// `mecab-dict-index` reads.
    package static func fields(of feature: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var closedQuote = false
        for character in feature {
            if quoted {
                if character == "\"" { quoted = false; closedQuote = true } else { field.append(character) }
                continue
            }
            if character == "\"", closedQuote || field.isEmpty {
                if closedQuote { field.append("\"") }
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            closedQuote = false
        }
        fields.append(field)
        return fields
    }

    /// The parts that end a word MeCab cuts into several (an inflected verb: `食べた` = 食べ + た,
    /// `食べている` = 食べ + て + いる), by their first tags: auxiliaries (`助動詞`, JUMAN's
    /// `判定詞`), conjunctive particles (`助詞 接続助詞`: て, ば), and non-independent verbs and
    /// adjectives (`動詞 非自立`, `動詞 接尾`, `形容詞 非自立`; UniDic's `動詞 非自立可能`). A form
    /// whose every part after the first is one of them is one word; any other part makes it two
    /// words (`日本語学校`, `勉強し`).
    package static func isEnding(_ part: AnalyzerReading.Part) -> Bool {
        guard let first = part.tags.first else { return false }
        if first == "助動詞" || first == "判定詞" { return true }
        guard part.tags.count >= 2 else { return false }
        switch (first, part.tags[1]) {
        case ("助詞", "接続助詞"), ("動詞", "非自立"), ("動詞", "接尾"), ("形容詞", "非自立"), ("動詞", "非自立可能"): return true
        default: return false
        }
    }
}

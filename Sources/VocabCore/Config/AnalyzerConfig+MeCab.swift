extension AnalyzerConfig {
    /// The classes of MeCab's part-of-speech tags: IPADIC's (Debian's `mecab-ipadic-utf8`), whose
    /// tags are the feature's first six fields without `*` (`名詞 固有名詞 人名 姓`, `動詞 自立 一段
    /// 連用形`), and the first tags UniDic's layout adds (`代名詞`, `形状詞`, `接尾辞`, …).
    ///
    /// The decisions, for a vocabulary whose cards are nouns, verbs, adjectives and adverbs:
    /// - `名詞` noun; `名詞 固有名詞` a name; `名詞 代名詞` (私, 彼, これ) pronoun; `名詞 数` (一, 百,
    ///   3) numeral; `名詞 形容動詞語幹` (静か, 好き: a na-adjective's stem) adjective.
    /// - `名詞 非自立` (the formal nouns こと, の, ん, とき, ため, よう) and `名詞 接尾` (さん, 中 as
    ///   〜ちゅう, 的, 性, counters such as 人 and 本), and `名詞 特殊` (the stem of そうだ):
    ///   `other`, never a card, but not closed. They are bound words, not ones a card can teach on
    ///   their own; yet the same spellings are content nouns too (人 ひと, 中 なか, 方 かた), and the
    ///   lemmatize step's chooser favours a closed reading (its inflection counts fully and it is
    ///   weighed as a lexicon's entry: `ReadingChooser`), which would take 人 and 中 from the cards.
    /// - `動詞` verb, `動詞 非自立` too (いる, しまう, くる in 〜ている, 〜てしまう): the same lemmas as
    ///   the verbs themselves, and a closed reading would drop the verb いる with them; `動詞 接尾`
    ///   (れる, られる, せる, させる: passive and causative) auxiliary, as UD tags them.
    /// - `形容詞` adjective; `副詞` adverb; `連体詞` (この, その, こんな, 大きな) determiner; `接続詞`
    ///   conjunction; `助詞` particle; `助動詞` (た, ます, ない, たい, だ, です) auxiliary; `感動詞`
    ///   and `フィラー` (えーと) interjection; `記号`, `接頭詞` (お, ご, 第) and `その他` other.
    /// - UniDic's layout: `代名詞` pronoun, `形状詞` adjective, `名詞 数詞` numeral, `接尾辞`,
    ///   `接頭辞`, `補助記号`, `空白` other (its `名詞`, `動詞`, `助詞`, … are IPADIC's names).
    package static let mecabClasses: [String: WordClass] = [
        "名詞": .noun, "名詞 固有名詞": .properNoun, "名詞 代名詞": .pronoun, "名詞 数": .numeral,
        "名詞 形容動詞語幹": .adjective, "名詞 非自立": .other, "名詞 接尾": .other, "名詞 特殊": .other,
        "動詞": .verb, "動詞 非自立": .verb, "動詞 接尾": .auxiliary,
        "形容詞": .adjective, "副詞": .adverb, "連体詞": .determiner, "接続詞": .conjunction,
        "助詞": .particle, "助動詞": .auxiliary, "感動詞": .interjection, "フィラー": .interjection,
        "記号": .other, "接頭詞": .other, "その他": .other,
        "代名詞": .pronoun, "形状詞": .adjective, "名詞 数詞": .numeral, "接尾辞": .other, "接頭辞": .other,
        "補助記号": .other, "空白": .other,
    ]
}

import VocabCore

/// A morphological analyzer, whatever its engine: every reading of a word form (a lemma and its
/// tags per word of the form), the word tokens of running text with their readings, and, where
/// the engine can enumerate them, every form of given lemmas.
///
/// The lemmatize step reads a list's forms through it, the examples step a sentence's tokens, the
/// release's look-up table its lemmas' forms: one interface, several engines, chosen by
/// `lemmatization.analyzer.format` (``AnalyzerEngines/open(_:path:)``). Each engine maps its own
/// output onto ``AnalyzerReading`` (lttoolbox's `casa<n><f><sg>`; MeCab's feature string; Voikko's
/// attributes), and the config's `classes` map its tags onto word classes, so the rules above it
/// never see an engine.
///
/// ```swift
/// let spanish = try AnalyzerEngines.open(.lttoolbox, path: "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin")
/// spanish.readings(of: "fue")                  // ir<vblex><ifi><p3><sg>, ser<vbser><ifi><p3><sg>
/// spanish.tokens(in: "A pesar de todo, vino.") // "A pesar de", "todo", ",", "vino", "."
/// spanish.enumerateForms(of: ["ser"]) { print($0) } // es, era, fue, sido, … each with its reading
/// ```
///
/// An engine is read-only once made: the steps call it from two threads at once.
package protocol MorphologicalAnalyzer: AnyObject, Sendable {
    /// The file or folder the analyzer was read from, as given.
    var path: String { get }

    /// Every reading of `form` as one word, in the engine's order, each once; `[]` when the
    /// engine does not know the form, for the empty form, and for a form it reads as several
    /// words.
    func readings(of form: String) -> [AnalyzerReading]

    /// Whether ``readings(of:)`` gives a form's readings in the engine's own order of likelihood,
    /// most likely first (MeCab: its model's cost of the form read as each word); false for an
    /// engine whose order says nothing (lttoolbox's is its transducer's).
    var ranksReadings: Bool { get }

    /// Whether the engine reads its words (``AnalyzerReading/Part/reading``: MeCab's kana, where
    /// the dictionary's layout has a reading field); false for an engine that only analyses
    /// (lttoolbox, Voikko) or reads no word (ICU).
    var givesReadings: Bool { get }

    /// The word tokens of `text`, in order, each with its readings (none for a word the engine
    /// does not know); blanks and characters that belong to no word are left out.
    func tokens(in text: String) -> [AnalyzedToken]

    /// Calls `body` with every form the engine accepts as one word whose reading has one of
    /// `lemmas` as its lemma (as the engine spells its lemmas; a reading of several joined words
    /// is left out), each with that reading, in an order fixed by the engine's files; returns
    /// false, calling nothing, when the engine cannot enumerate its forms (then only the forms it
    /// was shown are known).
    @discardableResult
    func enumerateForms(of lemmas: Set<String>, _ body: (GeneratedForm) -> Void) -> Bool

    /// The words of running text as a reader meets them, each with a reading whose first word
    /// is the one it is a form of: a token with each of its readings, or, where the engine cuts
    /// a word from its endings (MeCab), the word with them (`食べています` → 食べる + て + いる + ます).
    /// What the forms of an engine that cannot enumerate them are gathered from (the sentence
    /// pairs' texts).
    func textWords(in text: String) -> [GeneratedForm]
}

extension MorphologicalAnalyzer {
    /// Each token with each of its readings (an engine whose tokens are words).
    package func textWords(in text: String) -> [GeneratedForm] {
        tokens(in: text).flatMap { token in token.readings.map { GeneratedForm(form: token.surface, reading: $0) } }
    }
}

extension MorphologicalAnalyzer {
    /// No order of likelihood, unless the engine says so.
    package var ranksReadings: Bool { false }
    /// No reading of a word, unless the engine gives one.
    package var givesReadings: Bool { false }
}

/// A form an analyzer produces of a lemma, with the reading that leads back to the lemma
/// (`fue` → ser `vbser ifi p3 sg`).
package struct GeneratedForm: Hashable, Sendable {
    /// The form as the engine accepts it (`fue`).
    package var form: String
    /// Its reading: the lemma and the tags.
    package var reading: AnalyzerReading

    /// A form with its reading.
    package init(form: String, reading: AnalyzerReading) {
        self.form = form
        self.reading = reading
    }
}

/// The engines, by `lemmatization.analyzer.format`.
package enum AnalyzerEngines {
    /// The analyzer at `path` read by the engine of `format`: an lttoolbox file
    /// (``LttoolboxAnalyzer``), a MeCab dictionary folder (``MecabAnalyzer``), a Voikko dictionary
    /// folder (``VoikkoAnalyzer``), or, for `icu`, which reads no file, the locale whose word-break
    /// rules cut text (``ICUWordSegmenter``: `path` is the locale).
    ///
    /// - throws: `MorphologyError` naming `path` (the engine's checks of its file or folder, or
    ///   of the locale).
    package static func open(_ format: AnalyzerFormat, path: String) throws(MorphologyError) -> any MorphologicalAnalyzer {
        switch format {
        case .lttoolbox: try LttoolboxAnalyzer(path: path)
        case .mecab: try MecabAnalyzer(path: path)
        case .icu: try ICUWordSegmenter(locale: path)
        case .voikko: try VoikkoAnalyzer(path: path)
        }
    }

    /// The version of the library `format`'s engine reads with, for the stage keys: another
    /// libmecab, libvoikko or ICU may cut and read the same text otherwise (lttoolbox files are
    /// read by this project's own code: its version is the tool's).
    package static func version(of format: AnalyzerFormat) -> String {
        switch format {
        case .lttoolbox: "native"
        case .mecab: MecabAnalyzer.libraryVersion
        case .icu: ICUWordSegmenter.libraryVersion
        case .voikko: VoikkoAnalyzer.libraryVersion
        }
    }

    /// The analyzer `config` names, read from `path` (the config's path resolved); for `icu`,
    /// the config's `locale`'s word-break rules, `path` unread.
    package static func open(_ config: AnalyzerConfig, path: String) throws(MorphologyError) -> any MorphologicalAnalyzer {
        if config.format == .icu, let locale = config.locale { return try ICUWordSegmenter(locale: locale) }
        return try open(config.format, path: path)
    }
}

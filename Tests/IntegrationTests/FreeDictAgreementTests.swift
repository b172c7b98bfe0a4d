import Foundation
import ReleaseFormat
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// How often a release's cards agree with FreeDict, an independent, human-edited bilingual
/// dictionary (`../shared/corpus/reference/spa-eng.tei`, `eng-spa.tei`: a test reference, never an
/// input of a build), measured again on every run: the share of the released words whose headword
/// FreeDict has for which at least one of the card's translations, and the first, is one of
/// FreeDict's translations of the headword (NFC, lower-cased, accents kept, spaces and hyphens
/// ignored). The targets are issue 36's: the Spanish release reaches 75 % and 60 % without its
/// sense pins (59 % and 47 % when cards took omw-es's first sense), and no less with them.
@Suite(.serialized, .needsRealCorpus, .enabled(if: FreeDict.available, "no FreeDict reference at \(FreeDict.folder.path)"))
struct FreeDictAgreementTests {
    static let spaEng = Result { try FreeDict(file: FreeDict.folder.appendingPathComponent("spa-eng.tei")) }
    static let engSpa = Result { try FreeDict(file: FreeDict.folder.appendingPathComponent("eng-spa.tei"), droppingCutPhrases: true) }

    /// The Spanish release as shipped, without its sense pins.
    static let spanishWithoutPins: Result<(pipeline: Pipeline, report: BuildReport), any Error> = Result {
        let output = try Project.temporaryFolder()
        var pipeline = try Project.pipeline(SpanishReleaseTests.config, corpus: TestProject.sharedCorpus, output: output)
        pipeline.config.sensePins = nil
        return (pipeline, try PipelineBuild.run(pipeline))
    }

    static func words(_ release: URL, _ bundle: String) throws -> [ReleaseWord] {
        try JSONDecoder().decode(BundleDocument.self, from: Data(contentsOf: release.appendingPathComponent(bundle))).words
    }

    @Test func theSpanishReleaseAgreesWithFreeDictWithoutItsPins() throws {
        let pipeline = try Self.spanishWithoutPins.get().pipeline
        let words = try Self.words(pipeline.releaseFolder, "wordfreq-es-en.json")
        #expect(!words.contains { $0.provenance.pinned })
        let agreement = try Self.spaEng.get().agreement(words, language: "en")
        print("FreeDict spa-eng, wordfreq-es-en without pins: \(agreement)")
        #expect(agreement.judged >= 1200, "\(agreement)")
        #expect(agreement.anyPercent >= 75, "\(agreement)")
        #expect(agreement.firstPercent >= 60, "\(agreement)")
    }

    @Test func theSpanishReleaseAgreesWithFreeDictWithItsPins() throws {
        let pipeline = try SpanishReleaseTests.built.get().pipeline
        let words = try Self.words(pipeline.releaseFolder, "wordfreq-es-en.json")
        let freeDict = try Self.spaEng.get()
        let agreement = freeDict.agreement(words, language: "en")
        let pinned = freeDict.agreement(words.filter { $0.provenance.pinned }, language: "en")
        print("FreeDict spa-eng, wordfreq-es-en with its pins: \(agreement); its pinned words: \(pinned)")
        // Issue 43: the first translation from the pairs' evidence (68.1 % before), any translation as before.
        #expect(agreement.anyPercent >= 78, "\(agreement)")
        #expect(agreement.firstPercent >= 70, "\(agreement)")
    }

    /// The English release as shipped (issue 43): its Spanish translations ordered by the pairs'
    /// evidence agree first with FreeDict's as a teacher's would (51.3 % before, by the issue's
    /// measure: eng-spa without its cut phrases, and spa-eng read backwards), any as before; the
    /// cards the issue named start with the common word.
    @Test func theEnglishReleasesFirstTranslationIsTheCommonWord() throws {
        let build = try ShippedReleases.coca2025()
        let words = try Self.words(build.release, "coca-oewn2025-es.json")
        let both = try Self.engSpa.get().adding(reversed: Self.spaEng.get())
        let agreement = both.agreement(words, language: "es")
        let engSpa = try Self.engSpa.get().agreement(words, language: "es")
        print("FreeDict eng-spa and spa-eng reversed, coca-oewn2025-es: \(agreement); eng-spa alone: \(engSpa)")
        #expect(agreement.firstPercent >= 62, "\(agreement)")
        #expect(agreement.anyPercent >= 68, "\(agreement)")
        for (word, pos, first) in [("child", PartOfSpeech.noun, ["niño"]), ("eye", .noun, ["ojo"]), ("happen", .verb, ["pasar", "ocurrir"]),
                                   ("go", .verb, ["ir"]), ("family", .noun, ["familia"]), ("kid", .noun, ["niño"])] {
            let card = try #require(words.first { $0.lemma == word && $0.partOfSpeech == pos }, "\(word) is not in the release")
            #expect(card.translations(for: "es").first.map(first.contains) == true, "\(word): \(card.translations(for: "es"))")
        }
    }

    /// The sense a Spanish teacher gives first, where omw-es lists another first (*trickery*,
    /// *drudgery*, *closure*, *custom*, *lodestar*): none of these words is pinned.
    @Test func commonWordsTakeTheirCommonSenseWithoutPins() throws {
        let pipeline = try Self.spanishWithoutPins.get().pipeline
        let words = try Self.words(pipeline.releaseFolder, "wordfreq-es-en.json")
        for (word, english) in [("arte", "art"), ("hueso", "bone"), ("fin", "end"), ("uso", "use"), ("norte", "north")] {
            let card = try #require(words.first { $0.lemma == word && $0.partOfSpeech == .noun }, "\(word) is not in the release")
            #expect(card.translations(for: "en").contains(english), "\(word): \(card.translations(for: "en")), \(card.definition ?? "-")")
            #expect(card.provenance.senseRank != 1, "\(word) kept omw-es's first sense")
        }
    }

    /// `poder` (verb) has one sense in omw-es, "terminate the employment of", linked through the
    /// homograph `can`: no ranking can repair it, and the pairs refute it (they say *can*, never
    /// *fire*): the card leaves the release, with its reason, and a reserve word takes its place.
    /// No more than five cards keep a sense the review marks implausible (issue 43), each marked.
    @Test func poderLeavesTheReleaseWithItsReason() throws {
        let built = try Self.spanishWithoutPins.get()
        let review = try #require(built.report.review)
        #expect(review.of(.leftOut).contains { $0.card.word == "poder/verb" }, "\(review.of(.leftOut).map(\.card.word))")
        let tsv = try String(contentsOf: built.pipeline.reportFolder.appendingPathComponent(ReportFiles.senseReview), encoding: .utf8)
        let lines = tsv.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("left-out\tpoder\tverb\t") && $0.contains("can #2 of 2") })
        let words = try Self.words(built.pipeline.releaseFolder, "wordfreq-es-en.json")
        #expect(words.count == 3000)
        #expect(!words.contains { $0.lemma == "poder" && $0.partOfSpeech == .verb })
        let exclusions = try String(contentsOf: built.pipeline.reportFolder.appendingPathComponent("exclusions.json"), encoding: .utf8)
        #expect(exclusions.contains("\"poder\"") && exclusions.contains("implausible-sense"))
        // What ships of the doubted senses: each marked, at most five.
        let kept = words.filter { $0.provenance.senseCheck == .unconfirmed }
        print("wordfreq-es-en: kept unconfirmed \(kept.map(\.lemma)); left out \(review.of(.leftOut).map(\.card.word)); "
            + "replaced \(review.of(.replacedSense).map(\.card.word))")
        #expect(kept.count <= 5 && kept.count == review.of(.implausibleSense).count)
        // Every card whose sense is not omw-es's first is listed: ranked over it, or replacing a doubted one.
        let listed = Set(lines.filter { $0.hasPrefix("ranked\t") || $0.hasPrefix("replaced\t") }.map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().prefix(2).joined(separator: "/")
        })
        for word in words where word.provenance.senseRank != 1 {
            #expect(listed.contains("\(word.sourceLemma)/\(word.partOfSpeech.rawValue)"), "\(word.lemma)")
        }
        #expect(lines.filter { $0.hasPrefix("ranked\t") }.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[7] == "1" },
                "the other sense is the lexicon's first")
    }

    /// The English release (OEWN, frequency-ordered): policy `sense` moves to no implausible sense,
    /// Spanish coverage stays at 95 % or more, and the figures are measured.
    @Test func theEnglishReleaseMovesOnlyToPlausibleSenses() throws {
        let build = try ShippedReleases.coca2025()
        let words = try Self.words(build.release, "coca-oewn2025-es.json")
        let translated = words.count { !$0.translations(for: "es").isEmpty }
        #expect(translated * 100 >= words.count * 95, "\(translated) of \(words.count)")
        let freeDict = try Self.engSpa.get()
        let moved = freeDict.agreement(words.filter { $0.provenance.senseRank != 1 && !$0.provenance.pinned }, language: "es")
        let first = freeDict.agreement(words.filter { $0.provenance.senseRank == 1 && !$0.provenance.pinned }, language: "es")
        print("FreeDict eng-spa, coca-oewn2025-es: moved cards \(moved); first-sense cards \(first)")
        #expect(moved.judged > 0 && first.judged > 0)
        let tsv = try String(contentsOf: build.report.appendingPathComponent(ReportFiles.senseReview), encoding: .utf8)
        let refused = Set(tsv.split(separator: "\n").filter { $0.hasPrefix("refused-move\t") }.map { line in
            let fields = line.split(separator: "\t")
            return "\(fields[1])/\(fields[2])"
        })
        for word in ["borrow/verb", "very/adjective", "housing/noun"] {
            #expect(refused.contains(word), "\(word) moved: \(refused.sorted())")
        }
        for word in words where refused.contains("\(word.sourceLemma)/\(word.partOfSpeech.rawValue)") {
            #expect(word.provenance.senseRank == 1 && word.translations(for: "es").isEmpty, "\(word.lemma) keeps its first sense, untranslated")
        }
    }
}

/// A FreeDict TEI dictionary as the agreement measure reads it: each headword's translations
/// (`<sense><cit type="trans"><quote>`), normalised.
struct FreeDict {
    static let folder = TestProject.sharedCorpus.appendingPathComponent("reference")
    static let available = ["spa-eng.tei", "eng-spa.tei"].allSatisfy {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
    }

    /// Normalised headword → normalised translations.
    let translations: [String: Set<String>]

    /// A dictionary of `translations`.
    init(translations: [String: Set<String>]) { self.translations = translations }

    /// The dictionary in `file`. With `droppingCutPhrases`, of the entries of one headword only
    /// those whose pronunciation every other one's begins with are kept: eng-spa stores a phrase
    /// under its first word (`be afraid of` as `be`, its `<pron>` the whole phrase's), and a
    /// headword with no such entry (every `be` is a phrase) is left out.
    init(file: URL, droppingCutPhrases: Bool = false) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        var entries: [String: [(pron: String, quotes: [String])]] = [:]
        for chunk in text.components(separatedBy: "<entry>").dropFirst() {
            let entry = chunk.components(separatedBy: "</entry>")[0]
            guard let orth = Self.elements("orth", in: entry).first else { continue }
            let pron = Self.elements("pron", in: entry).first ?? ""
            let quotes = entry.components(separatedBy: "<cit type=\"trans\">").dropFirst().flatMap { Self.elements("quote", in: $0) }
            entries[Self.normalise(orth), default: []].append((pron, quotes))
        }
        var translations: [String: Set<String>] = [:]
        for (headword, list) in entries {
            let kept = droppingCutPhrases && list.count > 1
                ? list.filter { entry in list.allSatisfy { $0.pron.hasPrefix(entry.pron) } } : list
            let quotes = Set(kept.flatMap(\.quotes).map(Self.normalise))
            if !quotes.isEmpty { translations[headword] = quotes }
        }
        self.translations = translations
    }

    /// The text of each `<name>` element of `xml` (no attributes, no nesting), entities decoded.
    static func elements(_ name: String, in xml: String) -> [String] {
        xml.components(separatedBy: "<\(name)>").dropFirst().map { part in
            part.components(separatedBy: "</\(name)>")[0]
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// NFC, lower-cased, accents kept, spaces and hyphens removed.
    static func normalise(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased().filter { $0 != " " && $0 != "-" }
    }

    /// This dictionary with `reversed`'s read backwards added: a headword of `reversed` is a
    /// translation of each of its translations (spa-eng's `niño` → child makes niño a translation
    /// of child).
    func adding(reversed: FreeDict) -> FreeDict {
        var translations = translations
        for (headword, quotes) in reversed.translations {
            for quote in quotes where translations[quote] != nil { translations[quote]?.insert(headword) }
        }
        return FreeDict(translations: translations)
    }

    /// How often `words`' translations into `language` agree with the dictionary.
    func agreement(_ words: [ReleaseWord], language: String) -> Agreement {
        var agreement = Agreement()
        for word in words {
            guard let known = translations[Self.normalise(word.lemma)] else { continue }
            let cards = word.translations(for: language).map(Self.normalise)
            agreement.judged += 1
            if cards.contains(where: known.contains) { agreement.any += 1 }
            if let first = cards.first, known.contains(first) { agreement.first += 1 }
        }
        return agreement
    }

    /// Words judged (their headword is in the dictionary), and with a translation it gives.
    struct Agreement: CustomStringConvertible {
        var judged = 0
        var any = 0
        var first = 0

        var anyPercent: Double { judged == 0 ? 0 : Double(any) * 100 / Double(judged) }
        var firstPercent: Double { judged == 0 ? 0 : Double(first) * 100 / Double(judged) }

        var description: String {
            String(format: "%d judged, %.1f %% any translation, %.1f %% first", judged, anyPercent, firstPercent)
        }
    }
}

import Foundation
import ReleaseDiffing
import ReleaseFormat
import Releases
import TestSupport
import Testing
import VocabCore

/// Small in-memory bundles, one per category of change.
enum Bundles {
    static let metadata = ["name": "demo", "version": "1.0.0", "target_languages": #"["es","fr"]"#]

    static func word(
        _ lemma: String, _ pos: String = "noun", id: Int, rank: Int? = nil, band: Int = 1, synset: String,
        ili: String?, definition: String? = nil, synonyms: [String] = [], examples: [String] = [],
        translations: [String: [String]] = [:], lexicon: String = "demo:1", source: String? = nil
    ) -> ReleaseWord {
        .fixture(
            lemma, PartOfSpeech(rawValue: pos)!, id: id, sourceLemma: source, rank: rank, band: band, lexicon: lexicon,
            synsetId: synset, ili: ili, definition: definition, synonyms: synonyms, examples: examples.map(CardExample.init(lexicon:)),
            translations: translations)
    }

    static func release(_ words: [ReleaseWord], version: String = "1.0.0", exclusions: [PublishedRelease.Exclusion] = [],
                        metadata extra: [String: String] = [:], userVersion: Int32 = 1, schema: [String] = ["table words: CREATE TABLE words(...)"]) -> PublishedRelease {
        var metadata = Self.metadata.merging(extra) { $1 }
        metadata["version"] = version
        return PublishedRelease(words: words, exclusions: exclusions, metadata: metadata, userVersion: userVersion, schema: schema)
    }

    /// Three words, ranks published.
    static var base: [ReleaseWord] {
        [
            word("time", id: 1, rank: 1, synset: "s-time", ili: "i1", definition: "a continuum", synonyms: ["clip"],
                 examples: ["what time is it"], translations: ["es": ["tiempo", "hora"]]),
            word("run", "verb", id: 2, rank: 2, synset: "s-run1", ili: "i2", definition: "move fast on foot",
                 translations: [:]),
            word("house", id: 3, rank: 3, synset: "s-house", ili: nil, definition: "a dwelling",
                 translations: ["es": ["casa"]]),
        ]
    }
}

@Suite struct ReleaseDiffTests {
    /// `language +[added] -[removed]`, to compare a language's change in one expectation.
    static func describe(_ change: ReleaseDiff.LanguageChange) -> String {
        "\(change.language) +\(change.added) -\(change.removed)"
    }

    @Test func identicalReleasesHaveNoDifferences() {
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(Bundles.base))
        #expect(diff.isEmpty)
        #expect(diff.summary.unchanged == 3)
        #expect(diff.summary.changed == 0)
        #expect(diff.suggestedBump == .none)
        #expect(diff.versionWarning == nil)
        #expect(diff.coverage.map(\.language) == ["es", "fr"])
        #expect(diff.coverage[0].before == ReleaseDiff.Share(translated: 2, words: 3))
    }

    @Test func rowIdsAreNotTheKey() {
        // Same words, ids permuted: nothing changed (ranks are the same).
        var words = Bundles.base
        for i in words.indices { words[i].id = 10 - words[i].id }
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words.reversed()))
        #expect(diff.isEmpty)
    }

    @Test func addedAndRemovedWordsCarryTheReason() {
        let old = Bundles.release(Bundles.base + [
            Bundles.word("okay", "adjective", id: 4, rank: 4, synset: "s-ok", ili: "i9"),
            Bundles.word("selfie", id: 5, rank: 5, synset: "s-selfie", ili: nil),
            Bundles.word("zebra", id: 6, rank: 6, synset: "s-zebra", ili: "i10"),
            Bundles.word("American", "adjective", id: 7, rank: 7, synset: "s-am", ili: "i11", source: "american"),
        ], exclusions: [.init("car", .noun, reason: "not-reached")])
        let new = Bundles.release(Bundles.base + [
            Bundles.word("car", id: 4, rank: 4, synset: "s-car", ili: "i12"),
            Bundles.word("big", "adjective", id: 5, rank: 5, synset: "s-big", ili: "i13"),
            Bundles.word("american", "adjective", id: 6, rank: 6, synset: "s-am", ili: "i11"),
        ], version: "1.1.0", exclusions: [
            .init("okay", .adjective, reason: "no-entry"),
            .init("selfie", .noun, reason: "not-reached"),
            .init("zebra", nil, reason: "unknown-tag", tag: "zz"),
        ])
        let diff = ReleaseDiff(old: old, new: new)
        #expect(diff.removed.map { "\($0.lemma)/\($0.pos)" } == ["okay/adjective", "selfie/noun", "zebra/noun", "American/adjective"])
        #expect(diff.removed.map(\.reason.code) == ["no-entry", "not-reached", "unknown-tag", "respelled"])
        #expect(diff.removed[0].reason.text == "no longer in the lexicon")
        #expect(diff.removed[1].reason.text == "left the top 6")
        #expect(diff.removed[3].reason.text == "now spelt american")
        #expect(diff.added.map(\.lemma) == ["car", "big", "american"])
        #expect(diff.added.map(\.reason.code) == ["not-reached", "not-in-frequency-list", "respelled"])
        #expect(diff.added[0].reason.text == "was outside the top 7")
        #expect(diff.added[1].reason.text == "new in the frequency list")
        #expect(diff.suggestedBump == .minor)
        #expect(diff.minimumVersion == "1.1.0")
        #expect(diff.versionWarning == nil)
        #expect(diff.summary.added == 3 && diff.summary.removed == 4 && diff.summary.unchanged == 3)
    }

    @Test func reasonIsUnknownWithoutExclusions() {
        let new = Bundles.release(Array(Bundles.base.prefix(2)))
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: new)
        #expect(diff.removed.map(\.reason.code) == ["unknown"])
    }

    @Test func aDefinitionLanguageChangeIsADefinitionEdit() {
        var old = Bundles.base, new = Bundles.base
        old[0].definitionLanguage = "en"
        new[0].definitionLanguage = "fr"                                    // same text, another language
        new[1].definition = "courir"; new[1].definitionLanguage = "fr"        // a gloss where there was a definition
        let diff = ReleaseDiff(old: Bundles.release(old), new: Bundles.release(new, version: "1.0.1"))
        #expect(diff.summary.definitionEdited == 2)
        let time = diff.changed.first { $0.lemma == "time" }
        #expect(time?.definition?.old == "a continuum" && time?.definition?.new == "a continuum")
        #expect(time?.definition?.oldLanguage == "en" && time?.definition?.newLanguage == "fr")
        let run = diff.changed.first { $0.lemma == "run" }
        #expect(run?.definition?.newLanguage == "fr" && run?.definition?.oldLanguage == nil)
        let text = DiffRenderer().text(diff)
        #expect(text.contains("a continuum [en]") && text.contains("a continuum [fr]"), "\(text)")
    }

    @Test func senseSwitchIsKeptApartFromADefinitionEdit() {
        var words = Bundles.base
        words[0].definition = "a continuum of events"            // same ILI: edit
        words[1].provenance.ili = "i3"; words[1].provenance.synsetId = "s-run2"         // other ILI: switch
        words[1].definition = "operate"; words[1].provenance.senseRank = 2
        words[1].translations = .fixture(["es": ["funcionar"]])
        words[2].provenance.synsetId = "s-house2"                              // no ILI, other synset: switch
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words, version: "1.0.1"))
        #expect(diff.summary.changed == 3)
        #expect(diff.summary.definitionEdited == 1)
        #expect(diff.summary.senseSwitched == 2)
        let time = diff.changed.first { $0.lemma == "time" }!
        #expect(time.definition?.old == "a continuum" && time.definition?.new == "a continuum of events")
        #expect(time.sense == nil)
        let run = diff.changed.first { $0.lemma == "run" }!
        #expect(run.definition == nil)
        #expect(run.sense?.old.ili == "i2" && run.sense?.new.ili == "i3")
        #expect(run.sense?.new.senseRank == 2 && run.sense?.new.definition == "operate")
        #expect(run.translations.map(Self.describe) == [#"es +["funcionar"] -[]"#])
        #expect(diff.changed.first { $0.lemma == "house" }!.sense != nil)
        #expect(diff.suggestedBump == .patch)
        #expect(diff.versionWarning == nil)
    }

    @Test func sameILIOtherSynsetIsNotASwitch() {
        var words = Bundles.base
        words[0].provenance.synsetId = "s-time-renumbered"
        words[0].provenance.lexicon = "demo:2"
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words))
        #expect(diff.summary.senseSwitched == 0)
        #expect(diff.summary.changed == 0)
        #expect(diff.summary.provenanceChanged == 1)
        #expect(diff.provenance.lexicons.map { "\($0.old)→\($0.new): \($0.words)" } == ["demo:1→demo:2: 1"])
        #expect(!diff.isEmpty)
        #expect(diff.suggestedBump == .patch)
    }

    @Test func listsAreSetDifferencesInOrderOfAppearance() {
        var words = Bundles.base
        words[0].synonyms = ["clock", "clip", "age"]
        words[0].examples = ["time flies"]
        words[0].translations = .fixture(["es": ["hora", "vez", "época"], "fr": ["temps"]])
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words))
        let time = try! #require(diff.changed.first)
        #expect(time.synonyms?.added == ["clock", "age"] && time.synonyms?.removed == [])
        #expect(time.examples?.added == ["time flies"] && time.examples?.removed == ["what time is it"])
        #expect(time.translations.map(Self.describe) == [#"es +["vez", "época"] -["tiempo"]"#, #"fr +["temps"] -[]"#])
        #expect(diff.summary.synonymsChanged == 1 && diff.summary.examplesChanged == 1 && diff.summary.translationsChanged == 1)
        #expect(diff.coverage.first { $0.language == "fr" }?.after == .init(translated: 1, words: 3))
        #expect(diff.coverage.first { $0.language == "fr" }?.wordsChanged == 1)
    }

    @Test func aSentencePairIsListedWithItsTranslationAndSource() {
        var words = Bundles.base
        words[0].examples += [
            CardExample(text: "This time I won.", translation: "Esta vez gané.", source: "tatoeba", sameSense: true),
            CardExample(text: "Time flies.", translation: "El tiempo vuela.", source: "tatoeba", sameSense: false),
        ]
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words))
        let time = try! #require(diff.changed.first)
        #expect(time.examples?.added == ["This time I won. → Esta vez gané. (tatoeba)", "Time flies. → El tiempo vuela. (tatoeba, another sense?)"])
        #expect(time.examples?.removed == [])
        // Another translation of the same sentence is a change too.
        var retranslated = words
        retranslated[0].examples[1].translation = "Ahora gané."
        let again = ReleaseDiff(old: Bundles.release(words), new: Bundles.release(retranslated))
        #expect(again.changed.first?.examples?.added == ["This time I won. → Ahora gané. (tatoeba)"])
        #expect(again.summary.examplesChanged == 1)
    }

    @Test func reorderedListIsNotAChange() {
        var words = Bundles.base
        words[0].translations = .fixture(["es": ["hora", "tiempo"]])
        #expect(ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words)).isEmpty)
    }

    @Test func rankMovesUseRanksOrBands() {
        var words = Bundles.base
        words[0].rank = 2; words[1].rank = 1
        var diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(words))
        #expect(diff.moved.compactMap(\.rank).map { "\($0.by) \($0.old)→\($0.new)" } == ["rank 1→2", "rank 2→1"])
        #expect(diff.summary.rankMoved == 2)

        var banded = Bundles.base.map { word -> ReleaseWord in var word = word; word.rank = nil; return word }
        let oldBanded = banded
        banded[2].band = 2
        diff = ReleaseDiff(old: Bundles.release(oldBanded), new: Bundles.release(banded))
        #expect(diff.moved.map(\.lemma) == ["house"])
        #expect(diff.moved[0].rank.map { "\($0.by) \($0.old)→\($0.new)" } == "band 1→2")
    }

    /// A band move is not a content change: a word that only moved is counted apart (and gated
    /// apart, `--max-band-moves`); a word whose card changed and that moved counts as both.
    @Test func bandMovesAreKeptApartFromContentChanges() {
        let old = Bundles.base.map { word -> ReleaseWord in var word = word; word.rank = nil; return word }
        var new = old
        new[0].band = 2                          // time: moved only
        new[1].band = 2; new[1].definition = "go fast"  // run: moved and edited
        new[2].synonyms = ["home"]               // house: edited only
        let diff = ReleaseDiff(old: Bundles.release(old), new: Bundles.release(new))
        #expect(diff.changed.map(\.lemma) == ["run", "house"])
        #expect(diff.moved.map(\.lemma) == ["time"])
        #expect((diff.summary.changed, diff.summary.moved, diff.summary.rankMoved, diff.summary.unchanged) == (2, 1, 2, 0))
        #expect(DiffThresholds(maxChanged: 2, maxBandMoves: 2).violations(of: diff) == [])
        #expect(DiffThresholds(maxChanged: 1, maxBandMoves: 1).violations(of: diff) == [
            "--max-changed 1 exceeded: 2 words changed", "--max-band-moves 1 exceeded: 2 words moved band or rank",
        ])
        // A release whose words only moved is a patch, and says so.
        let movedOnly = ReleaseDiff(old: Bundles.release(old), new: Bundles.release(old.map { word -> ReleaseWord in var word = word; word.band = 3; return word }))
        #expect(movedOnly.summary.changed == 0 && movedOnly.summary.moved == 3 && !movedOnly.isEmpty)
        #expect(movedOnly.suggestedBump == .patch)
        // JSON lists the moved words and counts them.
        let json = try! JSONSerialization.jsonObject(with: Data(try! DiffRenderer().json(diff).utf8)) as! [String: Any]
        #expect((json["moved"] as? [[String: Any]])?.compactMap { $0["lemma"] as? String } == ["time"])
        #expect((json["summary"] as? [String: Any])?["moved"] as? Int == 1)
    }

    @Test func semverRule() {
        let base = Bundles.release(Bundles.base)
        // Schema change → major, even with words added.
        var schema = Bundles.release(Bundles.base, version: "2.0.0", schema: ["table words: CREATE TABLE words(x)"])
        #expect(ReleaseDiff(old: base, new: schema).suggestedBump == .major)
        #expect(ReleaseDiff(old: base, new: schema).versionWarning == nil)
        schema = Bundles.release(Bundles.base, version: "1.9.0", userVersion: 2)
        let major = ReleaseDiff(old: base, new: schema)
        #expect(major.suggestedBump == .major)
        #expect(major.schema?.newUserVersion == 2)
        #expect(major.versionWarning == "the new version 1.9.0 is not above 1.0.0 by a major bump (expected at least 2.0.0)")
        // Words removed → minor.
        let minor = ReleaseDiff(old: base, new: Bundles.release(Array(Bundles.base.prefix(2)), version: "1.0.1"))
        #expect(minor.suggestedBump == .minor)
        #expect(minor.versionWarning?.contains("expected at least 1.1.0") == true)
        // Text only → patch; same version → warning.
        var words = Bundles.base
        words[2].examples = ["a big house"]
        let patch = ReleaseDiff(old: base, new: Bundles.release(words))
        #expect(patch.suggestedBump == .patch)
        #expect(patch.versionWarning?.contains("patch bump") == true)
        // Metadata only → patch.
        #expect(ReleaseDiff(old: base, new: Bundles.release(Bundles.base, metadata: ["title": "New"])).suggestedBump == .patch)
        // Volatile metadata only → none.
        let rebuilt = Bundles.release(Bundles.base, metadata: ["created": "2030-01-01T00:00:00Z", "tool_version": "9"])
        #expect(ReleaseDiff(old: base, new: rebuilt).suggestedBump == .none)
        // Nothing, but a lower version → warning.
        let lower = ReleaseDiff(old: Bundles.release(Bundles.base, version: "1.2.0"), new: base)
        #expect(lower.suggestedBump == .none)
        #expect(lower.versionWarning == "the new version 1.0.0 is lower than the old 1.2.0")
    }

    @Test func semanticVersions() {
        #expect(SemanticVersion("1.2.3") == SemanticVersion(major: 1, minor: 2, patch: 3))
        #expect(SemanticVersion("1.2.3-rc.1")?.description == "1.2.3-rc.1")
        #expect(SemanticVersion("1.2") == nil)
        #expect(SemanticVersion("1.x.3") == nil)
        #expect(SemanticVersion("1.9.9")! < SemanticVersion("1.10.0")!)
        #expect(SemanticVersion("1.2.3")!.bumped(.minor).description == "1.3.0")
        #expect(SemanticVersion("1.2.3")!.bumped(.major).description == "2.0.0")
        #expect(SemanticVersion("1.2.3")!.bumped(.patch).description == "1.2.4")
        #expect(VersionBump.none < .patch && VersionBump.patch < .minor && VersionBump.minor < .major)
    }

    @Test func thresholds() {
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(Array(Bundles.base.prefix(1))))
        #expect(DiffThresholds(maxRemoved: 2).violations(of: diff) == [])
        #expect(DiffThresholds(maxRemoved: 1).violations(of: diff) == ["--max-removed 1 exceeded: 2 words removed"])
        #expect(DiffThresholds(maxAdded: 0, maxChanged: 0).violations(of: diff) == [])
        let coverage = [DiffThresholds.coverage("es=100")!, DiffThresholds.coverage("fr=0.5%")!, DiffThresholds.coverage("de=0")!]
        let messages = DiffThresholds(minCoverage: coverage).violations(of: diff)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("--min-coverage fr=0.5 not met: 0/1 words") == true)
        #expect(DiffThresholds.coverage("es") == nil)
        #expect(DiffThresholds.coverage("es=101") == nil)
        #expect(DiffThresholds.coverage("=5") == nil)
    }
}

/// The dictionary part of the diff lists every entry added, removed and changed (JSON is complete).
@Suite struct DictionaryDiffTests {
    static func cards(_ names: [String]) -> [WordCard] {
        names.enumerated().map { index, name in
            Bundles.word(name, id: index + 1, synset: "s-\(name)", ili: "i-\(name)", definition: "a \(name)").card
        }
    }

    @Test func everyEntryIsListed() throws {
        let old = Self.cards((0..<12).map { "old\($0)" } + ["kept", "edited"])
        var new = Self.cards((0..<25).map { "new\($0)" } + ["kept", "edited"])
        new[new.count - 1].definition = "edited again"
        let diff = ReleaseDiff(old: Bundles.release(Bundles.base), new: Bundles.release(Bundles.base)).withDictionaries(old: old, new: new)
        let dictionary = try #require(diff.dictionary)
        #expect(dictionary.addedEntries.count == 25 && dictionary.removedEntries.count == 12)
        #expect(dictionary.changedEntries == ["edited/noun"])
        #expect(Set(dictionary.addedEntries) == Set((0..<25).map { "new\($0)/noun" }))
        let json = try JSONSerialization.jsonObject(with: Data(try DiffRenderer().json(diff).utf8)) as! [String: Any]
        let listed = try #require(json["dictionary"] as? [String: Any])
        #expect((listed["addedEntries"] as? [String])?.count == 25)
        #expect((listed["removedEntries"] as? [String])?.count == 12)
        // Text and Markdown show the first `limit` of each.
        let text = DiffRenderer(limit: 3).text(diff)
        #expect(text.contains("Dictionary entries added (25)") && text.contains("… and 22 more"), "\(text)")
    }
}

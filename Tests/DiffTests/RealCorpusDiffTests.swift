import Foundation
import ReleaseDiffing
import ReleaseFormat
import Releases
import TestSupport
import Testing

/// OEWN 2024 → OEWN 2025 (same COCA list, same omw-es, N = 3000), built once for the suite when
/// `../shared/corpus` exists. The expectations were checked by hand in the XML:
///
/// - `spring`/noun: first sense `oewn-spring__1.28.00..` → synset `oewn-15261841-n` (ILI
///   i117309) in both editions, definition "the season of growth; spring; the beginning of
///   spring" in both: unchanged.
/// - `earth`/noun: 2024's first sense is the planet (`oewn-09293800-n`, i85350, members
///   Earth, earth, world, globe); 2025 drops that synset from the lower-case entry, whose first
///   sense becomes the soil (`oewn-14867162-n`, i115055, "the loose soft material that makes up
///   a large part of the land surface"): a sense switch.
/// - `sun`/noun: 2025 drops the star sense (`oewn-09473312-n`, i86272) from `sun`; the first
///   sense is now `oewn-11505767-n` (i97951), "the rays of the sun", but the release configs'
///   sense pins (`Corpus/release/oewn2024.pins`, `oewn2025.pins`) hold it on the star in 2024 and
///   move it to i86273, "any star around which a planetary system revolves", in 2025. The planet
///   (i85350) is in no 2025 entry at all: earth is pinned in 2024 only.
/// - `cat`/noun: same synset `oewn-02124272-n` (i46593); the definition loses its tail
///   ": domestic cats; wildcats": a definition edit.
@Suite(.serialized, .needsRealCorpus) struct RealCorpusDiffTests {
    struct Builds: Sendable {
        var old: URL
        var new: URL
    }

    /// Both releases, as the shipped configs build them (once per test process, shared with other suites).
    static func builds() throws -> Builds {
        Builds(old: try ShippedReleases.coca2024().release, new: try ShippedReleases.coca2025().release)
    }

    @Test func oewn2024To2025() throws {
        let builds = try Self.builds()
        let old = try PublishedRelease.open(builds.old)
        let new = try PublishedRelease.open(builds.new)
        let clock = ContinuousClock()
        var diff: ReleaseDiff!
        let elapsed = clock.measure { diff = ReleaseDiff(old: old, new: new) }
        let s = diff.summary
        print("""
            OEWN 2024 → 2025 (diff computed in \(elapsed)): added \(s.added), removed \(s.removed), \
            changed \(s.changed), unchanged \(s.unchanged), sense switched \(s.senseSwitched), \
            definition edited \(s.definitionEdited), synonyms \(s.synonymsChanged), examples \(s.examplesChanged), \
            translations \(s.translationsChanged), rank moves \(s.rankMoved), provenance \(s.provenanceChanged), \
            metadata \(s.metadataChanged), bump \(diff.suggestedBump.rawValue)
            """)

        #expect(s.added + s.removed + s.changed + s.unchanged >= 3000)
        #expect(s.added == s.removed, "both releases hold 3000 words")

        let changes = Dictionary(uniqueKeysWithValues: diff.changed.map { ($0.key, $0) })
        func key(_ lemma: String) -> WordKey { WordKey(lemma: lemma, partOfSpeech: .noun) }

        // spring/noun: the same first sense and definition in both editions.
        #expect(changes[key("spring")] == nil)
        #expect(!diff.added.contains { $0.lemma == "spring" } && !diff.removed.contains { $0.lemma == "spring" })
        #expect(new.words.first { $0.key == key("spring") }?.provenance.ili == "i117309")

        // earth/noun: the planet → the soil.
        let earth = try #require(changes[key("earth")])
        #expect(earth.sense?.old.ili == "i85350" && earth.sense?.new.ili == "i115055")
        #expect(earth.sense?.old.synset == "oewn-09293800-n" && earth.sense?.new.synset == "oewn-14867162-n")
        #expect(earth.sense?.new.definition == "the loose soft material that makes up a large part of the land surface")
        #expect(earth.definition == nil, "a sense switch is not a definition edit")
        #expect(earth.synonyms?.added == ["ground"])
        #expect(earth.synonyms?.removed.contains("world") == true)

        // sun/noun: OEWN 2025 has no longer the star (its first sense is "the rays of the sun"): the
        // release configs' sense pins move it from the star to the nearest concept 2025 has.
        let sun = try #require(changes[key("sun")])
        #expect(sun.sense?.old.ili == "i86272" && sun.sense?.new.ili == "i86273")
        #expect(sun.sense?.new.definition == "any star around which a planetary system revolves")

        // The pins: sun and moon pinned to other concepts, earth's planet no longer pinnable; may,
        // catholic, bible, issue and blame pinned to the same concepts in both editions.
        #expect(diff.pins.map { "\($0.lemma)/\($0.pos.rawValue) \($0.kind.rawValue)" }.sorted()
            == ["earth/noun dropped", "moon/noun changed", "sun/noun changed"], "\(diff.pins)")
        #expect(new.words.filter(\.provenance.pinned).map(\.lemma).sorted() == ["Bible", "Catholic", "May", "blame", "issue", "moon", "sun"])

        // cat/noun: the same sense, its definition shortened.
        let cat = try #require(changes[key("cat")])
        #expect(cat.sense == nil)
        #expect(cat.definition?.old == "feline mammal usually having thick soft fur and no ability to roar: domestic cats; wildcats")
        #expect(cat.definition?.new == "feline mammal usually having thick soft fur and no ability to roar")

        #expect(diff.provenance.lexicons.contains { $0.old == "oewn:2024" && $0.new == "oewn:2025" })
        #expect(diff.metadata.map(\.key).contains("name"))
        #expect(diff.schema == nil)
        // Both configs say 1.0.0: the diff calls for a bump and warns.
        #expect(diff.suggestedBump >= .patch)
        #expect(diff.versionWarning != nil)

        // The command, in every format.
        let text = try DiffProject.vocab(["diff", builds.old.path, builds.new.path, "--limit", "10"])
        #expect(text.status == 0)
        print(text.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(30).joined(separator: "\n"))
        #expect(text.stdout.contains("~ earth/noun  oewn-09293800-n (i85350) #1 → oewn-14867162-n (i115055) #1"))
        let markdown = try DiffProject.vocab(["diff", builds.old.path, builds.new.path, "--format", "markdown"])
        #expect(markdown.stdout.contains("<details><summary>Sense switched (\(s.senseSwitched))</summary>"))
        let json = try DiffProject.vocab(["diff", builds.old.path, builds.new.path, "--format", "json", "--exit-code"])
        #expect(json.status == 1, "the editions differ")
        let complete = try ReleaseDiff.reading(old: old, new: new)
        let dictionary = try #require(complete.dictionary)
        print("Dictionaries: \(dictionary.summary)")
        #expect(dictionary.oldEntries ?? 0 > 100_000 && dictionary.newEntries ?? 0 > 100_000)
        // Both editions have forms (schema 8), compared with their readings.
        let forms = try #require(complete.forms)
        print("Forms: words \(forms.words.summary(cards: "words")); dictionary \(forms.dictionary?.summary(cards: "entries") ?? "none")")
        #expect(forms.words.compared && forms.words.readingsCompared && forms.dictionary?.compared == true)
        #expect(try JSONDecoder().decode(ReleaseDiff.self, from: Data(json.stdout.utf8)) == complete)
    }
}

import Foundation
import ReleaseLookup
import Testing
import VocabCore

/// `vocab lookup`: the release's words first, then its dictionary; case and accents as search.
@Suite struct LookupTests {
    @Test func aReleaseWordComesFromTheRelease() throws {
        let release = try Fixtures.sampleRelease.get()
        let found = try WordLookup.lookup("TIME", partOfSpeech: nil, in: release)
        #expect(found.map(\.source) == [.release])
        #expect(found.first?.card.lemma == "time" && found.first?.match == .exact)
        #expect(found.first?.word?.band == 1)

        let run = try Fixtures.runVocab(["lookup", release.path, "time"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("time (noun) — release, band 1, rank 1\n  /taɪm/ (US)\n  an instance or single occasion for some event\n  es: vez\n"))
    }

    @Test func aWordOutsideTheReleaseComesFromTheDictionary() throws {
        let release = try Fixtures.sampleRelease.get()
        let motorcar = try WordLookup.lookup("motorcar", partOfSpeech: nil, in: release)
        #expect(motorcar.map(\.source) == [.dictionary])
        #expect(motorcar.first?.card.definition == "a motor vehicle with four wheels")
        #expect(motorcar.first?.card.translations(for: "es") == ["coche", "automóvil"])
        // spring is a release noun; as a verb, only the dictionary has it.
        let spring = try WordLookup.lookup("spring", partOfSpeech: .verb, in: release)
        #expect(spring.map(\.source) == [.dictionary] && spring.first?.card.partOfSpeech == .verb)

        let json = try Fixtures.runVocab(["lookup", release.path, "naive", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["source"] as? String == "dictionary")
        #expect(items.first?["match"] as? String == "unaccented")
        #expect(items.first?["name"] as? String == "naïve")
        #expect(items.first?["band"] == nil && items.first?["freq"] == nil)
        #expect((items.first?["translations"] as? [String: [String]])?["fr"] == ["naïf"])
    }

    @Test func accentsAreKeptWhenTyped() throws {
        let release = try Fixtures.sampleRelease.get()
        #expect(try WordLookup.lookup("Naïve", partOfSpeech: nil, in: release).first?.match == .exact)
        // Typed with an accent the name lacks: no match (as search: año never finds ano).
        #expect(throws: LookupError.self) { try WordLookup.lookup("yéar", partOfSpeech: nil, in: release) }
    }

    @Test func aNonWordExitsOneWithCloseMatches() throws {
        let release = try Fixtures.sampleRelease.get()
        do {
            _ = try WordLookup.lookup("houze", partOfSpeech: nil, in: release)
            Issue.record("houze was found")
        } catch let error as LookupError {
            guard case .notFound(let word, nil, true, let suggestions) = error.problem else {
                Issue.record("unexpected \(error.problem)")
                return
            }
            #expect(word == "houze")
            #expect(suggestions.first == "house")
        }
        let run = try Fixtures.runVocab(["lookup", release.path, "houze"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: \(release.path): no word \"houze\" in the release or its dictionary; close matches: house\n")

        let far = try Fixtures.runVocab(["lookup", release.path, "xqzzyvw", "--pos", "noun"])
        #expect(far.status == 1)
        #expect(far.stderr.hasSuffix("no word \"xqzzyvw\" as a noun in the release or its dictionary; no close match\n"))
    }

    /// A part of a word is no word in a language written with spaces: `hous` finds no `house` by
    /// the substring index (which serves Japanese and Chinese), only as a close match.
    @Test func aPartOfALatinWordIsACloseMatchNotACard() throws {
        let release = try Fixtures.sampleRelease.get()
        do {
            let found = try WordLookup.lookup("hous", partOfSpeech: nil, in: release)
            Issue.record("hous found \(found.map { ($0.card.lemma, $0.match) })")
        } catch let error as LookupError {
            guard case .notFound(_, nil, true, let suggestions) = error.problem else {
                Issue.record("unexpected \(error.problem)")
                return
            }
            #expect(suggestions.contains("house"), "\(suggestions)")
        }
        #expect(!WordLookup.isWrittenWithoutSpaces("nino") && !WordLookup.isWrittenWithoutSpaces("zhōng wén"))
        #expect(!WordLookup.isWrittenWithoutSpaces("ёлка") && !WordLookup.isWrittenWithoutSpaces("كتاب"))
        #expect(WordLookup.isWrittenWithoutSpaces("日本") && WordLookup.isWrittenWithoutSpaces("たべ") && WordLookup.isWrittenWithoutSpaces("ภาษา"))
    }
}

import Foundation
import TestSupport
import Testing
import VocabCore
import WNLMF

/// `../shared/corpus/lexicons`.
private let corpusLexicons = TestProject.sharedCorpus.appendingPathComponent("lexicons")

private func seconds(_ d: Duration) -> String {
    let c = d.components
    return String(format: "%.3f s", Double(c.seconds) + Double(c.attoseconds) / 1e18)
}

@Test(.needsRealCorpus) func realEnglishWordnet2025() throws {
    let dir = corpusLexicons
    let url = dir.appendingPathComponent("english-wordnet-2025.xml.gz")
    let clock = ContinuousClock()
    var nodes = 0
    let bare = try clock.measure { nodes = try BareXMLPass.run(url, maxBytes: 2 << 30) }
    var loaded: Lexicon?
    let full = try clock.measure {
        loaded = try LexiconReader.read(.file(url), displayPath: "english-wordnet-2025.xml.gz", keeping: .lexicon())
    }
    print("OEWN 2025: BareXMLPass \(seconds(bare)) (\(nodes) nodes), LexiconReader.read \(seconds(full)), ratio \(String(format: "%.2f", (full / bare)))")
    let lexicon = try #require(loaded)

    #expect(lexicon.info.id == "oewn")
    #expect(lexicon.info.version == "2025")
    #expect(lexicon.info.label == "Open English Wordnet")
    #expect(lexicon.info.language == "en")
    #expect(lexicon.info.formatVersion == "1.3")
    #expect(lexicon.info.license == "https://creativecommons.org/licenses/by/4.0")
    #expect(lexicon.entries.count == 135_969)
    #expect(lexicon.synsets.count == 107_519)
    #expect(lexicon.entries.reduce(0) { $0 + $1.senses.count } == 185_129)
    #expect(lexicon.synsets.filter { $0.interlingualId != nil }.count == 104_335)
    #expect(lexicon.synsets.filter { $0.ili == "in" }.count == 3_184)
    #expect(lexicon.synsets.reduce(0) { $0 + $1.definitions.count } == 107_524)
    #expect(lexicon.synsets.reduce(0) { $0 + $1.examples.count } == 49_596)
    #expect(lexicon.synsets.filter { $0.partOfSpeech == "s" }.count == 10_717)
    #expect(lexicon.entries.last?.documentIndex == 135_968)

    let spring = try #require(lexicon.entry(id: "oewn-spring-n"))
    #expect(spring.writtenForm == "spring")
    #expect(Array(spring.senses.map(\.id).prefix(6)) == [
        "oewn-spring__1.28.00..", "oewn-spring__1.06.00..", "oewn-spring__1.17.00..",
        "oewn-spring__1.15.00..", "oewn-spring__1.07.00..", "oewn-spring__1.04.00..",
    ])
    #expect(spring.senses.first?.synset == "oewn-15261841-n")

    #expect(lexicon.entry(id: "oewn--ap-hood-n")?.writtenForm == "'hood")
    let first = try #require(lexicon.synset(id: spring.senses[0].synset))
    #expect(lexicon.members(of: first).contains { $0.entryId == "oewn-spring-n" && $0.writtenForm == "spring" })
    #expect(!first.definitions.isEmpty)
    #expect(lexicon.entries(caseInsensitiveForm: "Spring").contains { $0.id == "oewn-spring-n" })
    if let ili = first.interlingualId {
        #expect(lexicon.synsets(ili: ili).map(\.id).contains(first.id))
    }
}

@Test(.needsRealCorpus) func realSpanishWordnet() throws {
    let dir = corpusLexicons
    let url = dir.appendingPathComponent("omw-es.xml.gz")
    let clock = ContinuousClock()
    let bare = try clock.measure { _ = try BareXMLPass.run(url, maxBytes: 2 << 30) }
    var loaded: Lexicon?
    let full = try clock.measure {
        loaded = try LexiconReader.read(.file(url), displayPath: "omw-es.xml.gz", keeping: .lexicon(text: false))
    }
    print("omw-es: BareXMLPass \(seconds(bare)), LexiconReader.read \(seconds(full))")
    let lexicon = try #require(loaded)
    #expect(lexicon.info.id == "omw-es")
    #expect(lexicon.info.version == "1.4")
    #expect(lexicon.info.formatVersion == "1.1")
    #expect(lexicon.info.citation?.contains("Multilingual Central Repository version 3.0") == true)
    #expect(lexicon.entries.count == 37_203)
    #expect(lexicon.synsets.count == 38_512)
    #expect(lexicon.entries.reduce(0) { $0 + $1.senses.count } == 57_764)
    #expect(lexicon.synsets.allSatisfy { $0.interlingualId != nil })

    // Members are sense ids here; they resolve to Spanish lemmas.
    let entity = try #require(lexicon.synset(id: "omw-es-00001740-n"))
    #expect(entity.ili == "i35545")
    #expect(lexicon.members(of: entity).map(\.writtenForm).contains("entidad"))
    let capaz = try #require(lexicon.synset(id: "omw-es-00001740-a"))
    #expect(lexicon.members(of: capaz).map(\.writtenForm).contains("capaz"))
    var resolved = 0, refs = 0
    for synset in lexicon.synsets {
        refs += synset.members?.count ?? 0
        resolved += lexicon.members(of: synset).count
    }
    #expect(refs == 57_764)
    #expect(resolved == refs)
}

import Foundation
import Testing
import VocabCore
import WNLMF

/// The error of reading `text` with each way of keeping it (everything, a cut, a cut with
/// concepts, compactly, as a translation lexicon), nil where it reads: a rule holds whatever
/// is kept.
private func errorsOfEveryRead(_ text: String, options: LexiconLoadOptions = LexiconLoadOptions()) throws -> [LexiconError?] {
    let dir = try TempDir()
    let file = try dir.write("lexicon.xml", text)
    func error<R>(_ keep: LexiconKeep<R>) -> LexiconError? {
        do {
            _ = try LexiconReader.read(.file(file), displayPath: "lexicon.xml", keeping: keep, options: options)
            return nil
        } catch {
            return error
        }
    }
    return [
        error(.lexicon()), error(.lexicon(entryForms: FormSet(["a"]))), error(.lexiconAndConcepts(entryForms: FormSet(["b"]))),
        error(.compact()), error(.concepts),
    ]
}

/// Issue 22: WN-LMF ids are XML ids, unique in the document; a synset's `members` may name an
/// entry or a sense, so an id shared by two kinds of element is refused, naming both lines.
@Suite struct IdUniquenessTests {
    static let entries = """
            <LexicalEntry id="t-a-n">
              <Lemma writtenForm="a" partOfSpeech="n"/>
              <Sense id="t-a-n-1" synset="t-1-n"/>
            </LexicalEntry>
            <LexicalEntry id="t-b-n">
              <Lemma writtenForm="b" partOfSpeech="n"/>
              <Sense id="t-b-n-1" synset="t-2-n"/>
            </LexicalEntry>
        """
    static let synsets = """
            <Synset id="t-1-n" ili="i1" partOfSpeech="n" members="t-a-n"/>
            <Synset id="t-2-n" ili="i2" partOfSpeech="n" members="t-b-n"/>
        """

    /// (what is renamed, to what, the element and line of the error, the element and line it names)
    static let cases: [(from: String, to: String, line: Int, element: String, firstElement: String, firstLine: Int)] = [
        // An entry's id is an earlier sense's (lines: the document's 5th line is the first entry's).
        (#"<LexicalEntry id="t-b-n">"#, #"<LexicalEntry id="t-a-n-1">"#, 9, "LexicalEntry", "Sense", 7),
        // A sense's id is its own entry's.
        (#"<Sense id="t-b-n-1""#, #"<Sense id="t-b-n""#, 11, "Sense", "LexicalEntry", 9),
        // A synset's id is an entry's.
        (#"<Synset id="t-2-n""#, #"<Synset id="t-b-n""#, 14, "Synset", "LexicalEntry", 9),
        // A synset's id is a sense's.
        (#"<Synset id="t-1-n""#, #"<Synset id="t-a-n-1""#, 13, "Synset", "Sense", 7),
    ]

    @Test(arguments: 0..<cases.count)
    func anIdSharedByTwoKindsIsAnError(_ index: Int) throws {
        let rule = Self.cases[index]
        var body = Self.entries + "\n" + Self.synsets
        // The references follow the renamed id.
        body = body.replacingOccurrences(of: rule.from, with: rule.to)
        if rule.element == "Synset" {
            let old = rule.from.components(separatedBy: "\"")[1], new = rule.to.components(separatedBy: "\"")[1]
            body = body.replacingOccurrences(of: #"synset="\#(old)""#, with: #"synset="\#(new)""#)
        }
        let id = rule.to.components(separatedBy: "\"")[1]
        let expected = LexiconError(
            file: "lexicon.xml", line: rule.line, item: rule.element,
            .idSharedAcrossKinds(id, first: rule.firstElement, firstLine: rule.firstLine))
        let errors = try errorsOfEveryRead(document(body))
        #expect(errors.allSatisfy { $0 == expected }, "\(errors)")
        #expect(expected.problem.message.contains("is also the id of the \(rule.firstElement) on line \(rule.firstLine)"))
    }

    @Test func distinctIdsRead() throws {
        #expect(try errorsOfEveryRead(document(Self.entries + "\n" + Self.synsets)).allSatisfy { $0 == nil })
    }

    /// Of several shared ids, the one whose second element comes first is named; a repeated id
    /// of one kind is still reported as a duplicate first.
    @Test func theFirstSharedIdIsNamedAndDuplicatesComeFirst() throws {
        let two = (Self.entries + "\n" + Self.synsets)
            .replacingOccurrences(of: #"<Synset id="t-2-n""#, with: #"<Synset id="t-b-n""#)
            .replacingOccurrences(of: #"synset="t-2-n""#, with: #"synset="t-b-n""#)
            .replacingOccurrences(of: #"<Synset id="t-1-n""#, with: #"<Synset id="t-a-n""#)
            .replacingOccurrences(of: #"synset="t-1-n""#, with: #"synset="t-a-n""#)
        let error = try #require(loadError(document(two)))
        #expect(error.location.line == 13 && error.problem == .idSharedAcrossKinds("t-a-n", first: "LexicalEntry", firstLine: 5))

        let duplicate = two.replacingOccurrences(of: #"<LexicalEntry id="t-b-n">"#, with: #"<LexicalEntry id="t-a-n">"#)
        #expect(loadError(document(duplicate))?.problem == .duplicateEntryId("t-a-n"))
    }

    /// Only the lexicon read is checked: another lexicon of the file may reuse its ids.
    @Test func idsAreUniquePerLexicon() throws {
        let text = document(Self.entries + "\n" + Self.synsets).replacingOccurrences(of: "</LexicalResource>", with: """
              <Lexicon id="other" label="Other" language="en" version="1">
                <LexicalEntry id="t-1-n"><Lemma writtenForm="c" partOfSpeech="n"/><Sense id="t-a-n" synset="t-x-n"/></LexicalEntry>
                <Synset id="t-x-n" partOfSpeech="n"/>
              </Lexicon>
            </LexicalResource>
            """)
        #expect(try errorsOfEveryRead(text, options: LexiconLoadOptions(lexiconId: "test")).allSatisfy { $0 == nil })
        let other = try load(text, options: LexiconLoadOptions(lexiconId: "other"))
        #expect(other.entries.map(\.id) == ["t-1-n"])
    }
}

/// Issue 22: a `LexiconExtension` (WN-LMF 1.1+) is not merged into the lexicon it extends; when
/// it is the lexicon asked for, or the file's only one, it is refused as what it is.
@Suite struct LexiconExtensionTests {
    static func file(extends: String = #"<Extends id="test" version="1.0"/>"#, extensionFirst: Bool = false) -> String {
        let extensionElement = """
              <LexiconExtension id="test-plus" label="Test extension" language="en" version="1.0">
                \(extends)
                <ExternalLexicalEntry id="t-a-n"><Sense id="t-a-n-2" synset="t-9-n"/></ExternalLexicalEntry>
                <Synset id="t-9-n" ili="i9" partOfSpeech="n" members="t-a-n"/>
              </LexiconExtension>
            """
        let base = document(validBody)
        return extensionFirst
            ? base.replacingOccurrences(of: "  <Lexicon ", with: extensionElement + "\n  <Lexicon ")
            : base.replacingOccurrences(of: "</LexicalResource>", with: extensionElement + "\n</LexicalResource>")
    }

    @Test func anExtensionNamedByIdIsRefusedAsOne() throws {
        let errors = try errorsOfEveryRead(Self.file(), options: LexiconLoadOptions(lexiconId: "test-plus"))
        let expected = LexiconError(file: "lexicon.xml", line: 13, item: "LexiconExtension", .lexiconExtension("test-plus", extends: "test:1.0"))
        #expect(errors.allSatisfy { $0 == expected }, "\(errors)")
        #expect(expected.problem.message.contains("is a lexicon extension"))
        #expect(expected.problem.message.contains("lexicon extensions are not supported"))
    }

    /// `Extends` names its lexicon with `id` up to WN-LMF 1.3 and `ref` in 1.4; without it the
    /// message says only what the element is.
    @Test(arguments: [(#"<Extends ref="oewn" version="2025"/>"#, "oewn:2025"), (#"<Extends id="oewn"/>"#, "oewn"), ("", nil)])
    func theMessageNamesWhatItExtends(_ extends: String, _ named: String?) throws {
        let error = try #require(loadError(Self.file(extends: extends), options: LexiconLoadOptions(lexiconId: "test-plus")))
        #expect(error.problem == .lexiconExtension("test-plus", extends: named))
    }

    @Test func theFilesOnlyLexiconBeingAnExtensionIsRefused() throws {
        let only = Self.file().replacing(#/  <Lexicon id="test".*?</Lexicon>\n/#.dotMatchesNewlines(), with: "")
        #expect(!only.contains("<Lexicon "))
        let error = try #require(loadError(only))
        #expect(error.problem == .lexiconExtension("test-plus", extends: "test:1.0"))
        #expect(error.location.item == "LexiconExtension")
    }

    /// The lexicon it extends reads as if it were alone, when chosen by id; without an id the
    /// file holds two lexicons.
    @Test(arguments: [false, true])
    func theBaseLexiconIsReadWhenChosen(_ extensionFirst: Bool) throws {
        let text = Self.file(extensionFirst: extensionFirst)
        let lexicon = try load(text, options: LexiconLoadOptions(lexiconId: "test"))
        #expect(lexicon.entries.map(\.id) == ["t-a-n"])
        #expect(lexicon.synsets.map(\.id) == ["t-1-n"])
        let several = extensionFirst ? ["test-plus (a lexicon extension)", "test"] : ["test", "test-plus (a lexicon extension)"]
        #expect(loadError(text)?.problem == .severalLexicons(several))
        #expect(loadError(text, options: LexiconLoadOptions(lexiconId: "none"))?.problem == .noSuchLexicon("none", found: several))
    }
}

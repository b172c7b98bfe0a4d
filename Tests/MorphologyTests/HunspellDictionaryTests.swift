import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// The fixtures, one per rule: `plural` (one suffix rule), `verb` (two flags; `casas` reached
/// from two stems), `latin1` (SET ISO8859-1), `koi8r` (SET KOI8-R).
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

private func fixture(_ name: String) throws -> HunspellDictionary {
    try HunspellDictionary(aff: fixtures.appendingPathComponent("\(name).aff").path,
                           dic: fixtures.appendingPathComponent("\(name).dic").path)
}

private let spanishAff = TestProject.sharedCorpus.appendingPathComponent("morphology/es_ES.aff")
private let spanishDic = TestProject.sharedCorpus.appendingPathComponent("morphology/es_ES.dic")

struct HunspellDictionaryTests {
    @Test func anAffixRuleGivesTheStem() throws {
        let dictionary = try fixture("plural")
        #expect(dictionary.stems(of: "casas") == ["casa"])
        #expect(dictionary.stems(of: "perros") == ["perro"])
        #expect(dictionary.stems(of: "casa") == ["casa"])
        #expect(dictionary.stems(of: "gatos") == [])
        #expect(dictionary.stems(of: "") == [])
        #expect(dictionary.stems(of: "ca\u{0}sas") == [])
        #expect(dictionary.encodingName == "UTF-8")
    }

    @Test func aFormTwoRulesReachGivesBothStemsAndTheirAnalyses() throws {
        let dictionary = try fixture("verb")
        #expect(dictionary.stems(of: "casas") == ["casa", "casar"])
        #expect(dictionary.stems(of: "hablaron") == ["hablar"])
        #expect(dictionary.stems(of: "habló") == ["hablar"])
        #expect(dictionary.analyses(of: "casas") == ["st:casa fl:S", "st:casar fl:R"])
    }

    @Test func aLatin1DictionaryTakesAndGivesUTF8() throws {
        let dictionary = try fixture("latin1")
        #expect(dictionary.encodingName == "ISO8859-1")
        #expect(dictionary.stems(of: "cañas") == ["caña"])
        #expect(dictionary.stems(of: "niños") == ["niño"])
        // Characters ISO8859-1 cannot hold: no stem rather than a wrong one.
        #expect(dictionary.stems(of: "日本") == [])
    }

    @Test func aKOI8RDictionaryTakesAndGivesUTF8() throws {
        let dictionary = try fixture("koi8r")
        #expect(dictionary.encodingName == "KOI8-R")
        #expect(dictionary.stems(of: "шкафы") == ["шкаф"])
        #expect(dictionary.stems(of: "casas") == [])
    }

    @Test func aFormLongerThanHunspellReadsHasNoStem() throws {
        let dictionary = try fixture("plural")
        #expect(dictionary.stems(of: String(repeating: "a", count: 100_000) + "s") == [])
    }

    @Test func concurrentLookUpsGiveTheSerialResults() async throws {
        let dictionary = try fixture("verb")
        let forms = ["casas", "hablaron", "habló", "casa", "gatos", "casaron"]
        let expected = forms.map { dictionary.stems(of: $0) }
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for round in 0..<64 {
                group.addTask { (round % forms.count, dictionary.stems(of: forms[round % forms.count])) }
            }
            var all: [(Int, [String])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        for (index, stems) in results { #expect(stems == expected[index], "\(forms[index])") }
    }
}

/// Files libhunspell would take silently (a dictionary that knows less, or nothing), each refused
/// with the file, the line and the reason.
struct HunspellBadFileTests {
    private let folder: URL
    private let goodAff = fixtures.appendingPathComponent("plural.aff").path
    private let goodDic = fixtures.appendingPathComponent("plural.dic").path

    init() throws { folder = try TestProject.temporaryFolder("hunspell") }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    private func refusal(aff: String, dic: String) -> MorphologyError? {
        do throws(MorphologyError) {
            _ = try HunspellDictionary(aff: aff, dic: dic)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFileIsRefused() throws {
        let missing = folder.appendingPathComponent("missing.aff").path
        let affError = try #require(refusal(aff: missing, dic: goodDic))
        #expect(affError.location.file == missing)
        guard case .cannotOpen = affError.problem else { Issue.record("\(affError)"); return }
        let missingDic = folder.appendingPathComponent("missing.dic").path
        let dicError = try #require(refusal(aff: goodAff, dic: missingDic))
        #expect(dicError.location.file == missingDic)
        guard case .cannotOpen = dicError.problem else { Issue.record("\(dicError)"); return }
    }

    @Test func aFolderIsRefused() throws {
        #expect(refusal(aff: folder.path, dic: goodDic)?.problem == .notAFile)
        #expect(refusal(aff: goodAff, dic: folder.path)?.problem == .notAFile)
    }

    @Test func anEmptyFileIsRefused() throws {
        let empty = try write("empty.aff", "")
        #expect(refusal(aff: empty, dic: goodDic) == MorphologyError(file: empty, .empty))
        let blank = try write("blank.dic", "\n \n\t\n")
        #expect(refusal(aff: goodAff, dic: blank) == MorphologyError(file: blank, .empty))
    }

    @Test func anAffixGroupCutShortIsRefused() throws {
        let aff = try write("cut-group.aff", "SET UTF-8\nSFX S Y 2\nSFX S 0 s [^s]\n")
        #expect(refusal(aff: aff, dic: goodDic) == MorphologyError(file: aff, line: 2, .tableCut(keyword: "SFX S", declared: 2, found: 1)))
    }

    @Test func aCountedTableCutShortIsRefused() throws {
        let aff = try write("cut-rep.aff", "SET UTF-8\nREP 3\nREP a b\nSFX S Y 1\nSFX S 0 s [^s]\n")
        #expect(refusal(aff: aff, dic: goodDic) == MorphologyError(file: aff, line: 2, .tableCut(keyword: "REP", declared: 3, found: 1)))
    }

    @Test func aTableHeaderWithoutACountIsRefused() throws {
        let aff = try write("bad-header.aff", "SET UTF-8\nSFX S Y x\nSFX S 0 s [^s]\n")
        #expect(refusal(aff: aff, dic: goodDic) == MorphologyError(file: aff, line: 2, .badTableHeader(keyword: "SFX")))
    }

    @Test func bytesThatAreNotUTF8InAUTF8DictionaryAreRefused() throws {
        let aff = try write("not-utf8.aff", Array("SET UTF-8\nSFX S Y 1\nSFX S 0 ".utf8) + [0xFF, 0xFE] + Array(" [^s]\n".utf8))
        #expect(refusal(aff: aff, dic: goodDic) == MorphologyError(file: aff, line: 3, .invalidText(encoding: "UTF-8")))
        let dic = try write("not-utf8.dic", Array("2\ncas".utf8) + [0xE1] + Array("/S\nperro/S\n".utf8))
        #expect(refusal(aff: goodAff, dic: dic) == MorphologyError(file: dic, line: 2, .invalidText(encoding: "UTF-8")))
    }

    @Test func aBinaryFileIsRefused() throws {
        // Without SET, Hunspell reads ISO8859-1, where every byte is a character: the NUL bytes
        // of a binary file are what give it away.
        var generator = SplitMix64(state: 20)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) } + [0]
        let aff = try write("binary.aff", bytes)
        guard case .invalidText = refusal(aff: aff, dic: goodDic)?.problem else {
            Issue.record("a binary .aff was not refused")
            return
        }
    }

    @Test(arguments: ["casa/S\nperro/S\n", "0\ncasa/S\n", "-1\ncasa/S\n", "dos\ncasa/S\n", "99999999999999999999\ncasa/S\n"])
    func aWordListWithoutItsCountIsRefused(text: String) throws {
        let dic = try write("no-count.dic", text)
        #expect(refusal(aff: goodAff, dic: dic) == MorphologyError(file: dic, line: 1, .missingWordCount))
    }

    /// The count line is a size hint to libhunspell: a file that holds another number of words
    /// is read whole, with a warning (Debian's `it_IT.dic` declares one word more than it holds).
    @Test(arguments: ["3\ncasa/S\nperro/S\n", "1\ncasa/S\nperro/S\n"])
    func aWordCountThatDiffersIsAWarning(text: String) throws {
        let dic = try write("count.dic", text)
        #expect(refusal(aff: goodAff, dic: dic) == nil)
        let dictionary = try HunspellDictionary(aff: goodAff, dic: dic)
        let declared = Int(text.prefix { $0 != "\n" })!
        #expect(dictionary.warnings == [MorphologyWarning(file: dic, line: 1, .wordCountDiffers(declared: declared, found: 2))])
        #expect(dictionary.stems(of: "perros") == ["perro"])
    }

    /// A dictionary reached through a symbolic link is the file it leads to (Debian links
    /// `fr_FR.aff` to `fr.aff`).
    @Test func aDictionaryThroughASymbolicLinkIsRead() throws {
        let link = folder.appendingPathComponent("linked.aff")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: goodAff)
        let dictionary = try HunspellDictionary(aff: link.path, dic: goodDic)
        #expect(dictionary.stems(of: "perros") == ["perro"])
        // A link to a folder is still not a dictionary.
        let folderLink = folder.appendingPathComponent("linked-folder.aff")
        try FileManager.default.createSymbolicLink(atPath: folderLink.path, withDestinationPath: folder.path)
        #expect(refusal(aff: folderLink.path, dic: goodDic)?.problem == .notAFile)
    }

    @Test(arguments: ["XYZ-99", "ISCII-DEVANAGARI"])
    func anEncodingHunspellOrIconvDoesNotKnowIsRefused(name: String) throws {
        let aff = try write("unknown-set.aff", "SET \(name)\nSFX S Y 1\nSFX S 0 s [^s]\n")
        #expect(refusal(aff: aff, dic: goodDic) == MorphologyError(file: aff, line: 1, .unsupportedEncoding(name)))
    }

    @Test(.needsRealCorpus) func aCutCopyOfTheSpanishDictionaryIsRefused() throws {
        let affBytes = try Data(contentsOf: spanishAff)
        let dicBytes = try Data(contentsOf: spanishDic)
        let cutAff = try write("es-cut.aff", Array(affBytes.prefix(80_000)))
        guard case .tableCut = refusal(aff: cutAff, dic: spanishDic.path)?.problem else {
            Issue.record("a cut es_ES.aff was not refused")
            return
        }
        // A cut .dic is read as far as it goes, with a warning (libhunspell reads it so).
        let cutDic = try write("es-cut.dic", Array(dicBytes.prefix(300_000)))
        let cut = try HunspellDictionary(aff: spanishAff.path, dic: cutDic)
        guard case .wordCountDiffers(70158, let found)? = cut.warnings.first?.problem, found < 70158 else {
            Issue.record("a cut es_ES.dic gave no warning: \(cut.warnings)")
            return
        }
    }
}

/// Debian's English dictionary (hunspell-en-us), when installed: a real dictionary of another
/// author passes the checks.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hunspell/en_US.aff"),
                "Debian's hunspell-en-us is not installed"))
struct EnglishHunspellTests {
    @Test func stemsEnglishForms() throws {
        let english = try HunspellDictionary(aff: "/usr/share/hunspell/en_US.aff", dic: "/usr/share/hunspell/en_US.dic")
        #expect(english.stems(of: "walked") == ["walk"])
        #expect(english.stems(of: "cities") == ["city"])
        #expect(english.stems(of: "better") == ["better"])
    }
}

/// Debian's French dictionary (hunspell-fr), when installed: `fr_FR.aff` and `fr_FR.dic` are
/// symbolic links to `fr.aff` and `fr.dic`, read as the files they lead to.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hunspell/fr_FR.aff"),
                "Debian's hunspell-fr is not installed"))
struct FrenchHunspellTests {
    @Test func aDictionaryInstalledAsASymbolicLinkIsRead() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: "/usr/share/hunspell/fr_FR.aff")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "Debian installs fr_FR.aff as a link")
        let french = try HunspellDictionary(aff: "/usr/share/hunspell/fr_FR.aff", dic: "/usr/share/hunspell/fr_FR.dic")
        #expect(french.stems(of: "maisons") == ["maison"])
        // Its .dic's count line is a size hint too (84,172 declared, fewer held): a warning only.
        #expect(french.warnings.allSatisfy { $0.description.contains("fr_FR.dic:1:") })
    }
}

/// Debian's Italian dictionary (hunspell-it), when installed: `it_IT.dic` declares 95,381 words
/// and holds 95,380; libhunspell reads it whole, so the check warns instead of refusing it.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hunspell/it_IT.dic"),
                "Debian's hunspell-it is not installed"))
struct ItalianHunspellTests {
    @Test func aWordCountOffByOneIsAWarning() throws {
        let italian = try HunspellDictionary(aff: "/usr/share/hunspell/it_IT.aff", dic: "/usr/share/hunspell/it_IT.dic")
        // As `hunspell -d it_IT -s` stems it (the dictionary knows no more).
        #expect(italian.stems(of: "case") == ["caso"])
        let warning = try #require(italian.warnings.first)
        guard case .wordCountDiffers(let declared, let found) = warning.problem else {
            Issue.record("not a word-count warning: \(warning)")
            return
        }
        #expect(declared != found)
        #expect(warning.location.line == 1)
        #expect(warning.description.contains("it_IT.dic:1:"))
    }
}

/// The Spanish dictionary of the real corpus (`es_ES`, UTF-8, 70,158 stems).
@Suite(.needsRealCorpus) struct SpanishHunspellTests {
    @Test func stemsSpanishForms() throws {
        let spanish = try HunspellDictionary(aff: spanishAff.path, dic: spanishDic.path)
        #expect(spanish.encodingName == "UTF-8")
        #expect(spanish.stems(of: "casas") == ["casa", "casar"])
        #expect(spanish.stems(of: "hablaron") == ["hablar"])
        #expect(spanish.stems(of: "mejores") == ["mejor", "mejorar"])
        #expect(spanish.stems(of: "años") == ["año"])
        // An irregular form is a stem of its own.
        #expect(spanish.stems(of: "fue") == ["fue"])
        #expect(spanish.analyses(of: "casas") == ["st:casa fl:S", "st:casar fl:E"])
    }

    /// The bare stem pass over the 20,000 forms of wordfreq's Spanish list: the throughput
    /// figure is printed.
    @Test func stemsTheTwentyThousandSpanishForms() throws {
        let spanish = try HunspellDictionary(aff: spanishAff.path, dic: spanishDic.path)
        let list = TestProject.sharedCorpus.appendingPathComponent("frequency/wordfreq-es-top20000.csv")
        let forms = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { String($0.split(separator: ",")[0]) }
        #expect(forms.count == 20_000)
        var withStems = 0
        var stems = 0
        let elapsed = ContinuousClock().measure {
            for form in forms {
                let found = spanish.stems(of: form)
                stems += found.count
                if !found.isEmpty { withStems += 1 }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("HunspellDictionary: \(forms.count) forms in \(elapsed) (\(Int(Double(forms.count) / seconds)) forms/s), \(withStems) with a stem, \(stems) stems")
        #expect(withStems > 15_000)
    }
}

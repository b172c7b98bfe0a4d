import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// What libhunspell 1.7 takes silently or slowly, and the check finds first (issue 47): a
/// keyword it reads once given again or without its value (it stops reading the `.aff` there), a
/// count line it would set a table up for (or, above 268 million, load no word by), words that
/// make its load quadratic, compound rules that make each form cost a tenth of a second.
struct HunspellLimitTests {
    private let folder: URL
    private let goodAff = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/plural.aff").path
    private let goodDic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/plural.dic").path

    init() throws { folder = try TestProject.temporaryFolder("hunspell-limits") }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func load(aff: String, dic: String) -> Result<HunspellDictionary, MorphologyError> {
        Result { () throws(MorphologyError) in try HunspellDictionary(aff: aff, dic: dic) }
    }

    private func refusal(aff: String, dic: String) -> MorphologyError? {
        guard case .failure(let error) = load(aff: aff, dic: dic) else { return nil }
        return error
    }

    /// `TRY` twice, `SET` twice, `TRYX` (a `TRY`, as libhunspell matches keywords by the line's
    /// start), `PSEUDOROOT` after `NEEDAFFIX` (one flag): libhunspell would drop the `SFX` rule
    /// after them, and with it `casas`.
    @Test(arguments: [
        ("TRY abc\nTRY abc", "TRY", 2), ("SET UTF-8", "SET", 1), ("TRY abc\nTRYX abc", "TRY", 2),
        ("NEEDAFFIX X\nPSEUDOROOT Y", "PSEUDOROOT", 2), ("COMPOUNDMIN 3\n\nCOMPOUNDMIN 2", "COMPOUNDMIN", 2),
    ])
    func aKeywordGivenTwiceIsRefusedAtItsSecondLine(_ lines: String, _ keyword: String, _ first: Int) throws {
        let aff = try write("twice.aff", "SET UTF-8\n\(lines)\nSFX S Y 1\nSFX S 0 s [^s]\n")
        let error = try #require(refusal(aff: aff, dic: goodDic))
        let line = 2 + lines.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(error == MorphologyError(file: aff, line: line, .keywordTwice(keyword: keyword, firstLine: first == 1 ? 1 : 2)))
        #expect(error.errorLine.contains("stop reading the file here"))
    }

    @Test(arguments: ["TRY", "SET", "LANG", "COMPOUNDSYLLABLE", "TRY \t"])
    func aKeywordWithoutItsValueIsRefused(_ line: String) throws {
        let aff = try write("bare.aff", "SET UTF-8\n\(line)\nSFX S Y 1\nSFX S 0 s [^s]\n".replacingOccurrences(of: "SET UTF-8\nSET\n", with: "SET\n"))
        let error = try #require(refusal(aff: aff, dic: goodDic))
        guard case .keywordWithoutValue = error.problem else {
            Issue.record("\(error)")
            return
        }
    }

    /// A count line of 300 million: libhunspell loads no word at all; of 30 million, it sets up
    /// a table of 240 MB for a file of a few bytes. Both more than the file could hold.
    @Test(arguments: [300_000_000, 268_435_330, 30_000_000])
    func aCountLineAboveWhatTheFileHoldsIsRefused(_ count: Int) throws {
        let dic = try write("count.dic", "\(count)\ncasa/S\n")
        #expect(refusal(aff: goodAff, dic: dic)
            == MorphologyError(file: dic, line: 1, .wordCountTooLarge(declared: count, limit: (String(count).count + 8) / 2 + 100_000)))
    }

    /// 80,000 blank lines took libhunspell 13 s to load, 80,000 copies of one word 31 s (each
    /// compared with every one before it); a count line of 1 for 1,000,000 words puts a
    /// thousand on each entry. Refused at the line where the comparisons pass the limit, within
    /// a few seconds.
    @Test(arguments: ["blank", "repeated", "small count"])
    func wordsThatMakeTheLoadQuadraticAreRefused(_ kind: String) throws {
        let lines = kind == "small count" ? 1_000_000 : 200_000
        let body: String = switch kind {
        case "blank": "\(lines)\n" + String(repeating: "\n", count: lines) + "casa/S\n"
        case "repeated": "\(lines)\n" + String(repeating: "casa/S\n", count: lines)
        default: "1\n" + (0..<lines).map { "w\($0)/S\n" }.joined()
        }
        let dic = try write("quadratic.dic", body)
        let start = ContinuousClock.now
        let error = try #require(refusal(aff: goodAff, dic: dic))
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .quadraticLoad(let comparisons, let limit) = error.problem else {
            Issue.record("\(error)")
            return
        }
        #expect(comparisons > limit && error.location.line.map { $0 > 1 && $0 <= lines + 2 } == true)
    }

    /// Past the line limits (libhunspell's time and memory grow with the lines): refused at the
    /// first line over, before libhunspell reads any.
    @Test func aFileWithMoreLinesThanTheLimitIsRefused() throws {
        let aff = try write("long.aff", "SET UTF-8\n" + String(repeating: "\n", count: 1_000_000))
        #expect(refusal(aff: aff, dic: goodDic) == MorphologyError(file: aff, line: 1_000_001, .tooManyLines(limit: 1_000_000)))
        let dic = try write("long.dic", "2000000\n" + String(repeating: "a\n", count: 2_000_000))
        #expect(refusal(aff: goodAff, dic: dic) == MorphologyError(file: dic, line: 2_000_001, .tooManyLines(limit: 2_000_000)))
    }

    /// A handful of blank lines and repeated words, as dictionaries have them, is no problem.
    @Test func afewBlankLinesAndHomonymsAreRead() throws {
        let dic = try write("few.dic", "4\ncasa/S\n\ncasa/S\nperro/S\n\n")
        let dictionary = try load(aff: goodAff, dic: dic).get()
        #expect(dictionary.stems(of: "perros") == ["perro"])
    }

    /// Compound rules under which every form costs libhunspell a tenth of a second (its own
    /// limit on a compound search): after a second and a millisecond a form the dictionary
    /// answers no more, and says why.
    @Test func aDictionaryWhoseCompoundSearchIsSlowIsRefused() throws {
        let aff = try write("compound.aff", "SET UTF-8\nCOMPOUNDFLAG X\nCOMPOUNDMIN 1\n")
        let dic = try write("compound.dic", "3\na/X\naa/X\naaa/X\n")
        let dictionary = try load(aff: aff, dic: dic).get()
        #expect(dictionary.stems(of: "aaa") == ["aaa"])
        let start = ContinuousClock.now
        for length in 40..<140 { _ = dictionary.stems(of: String(repeating: "a", count: length % 90 + 10) + "b") }
        #expect(ContinuousClock.now - start < .seconds(4))
        let refusal = try #require(dictionary.refusal)
        #expect(refusal.location.file == aff)
        guard case .tooSlow(_, let seconds, let forms) = refusal.problem else {
            Issue.record("\(refusal)")
            return
        }
        #expect(seconds > HunspellDictionary.librarySeconds(forms: forms))
        #expect(dictionary.stems(of: "aaa") == [], "a refused dictionary answers no more")
    }

    /// Debian's dictionaries stem the forms of a list well within the time.
    @Test func aFittingDictionaryIsNotRefused() throws {
        let dictionary = try load(aff: goodAff, dic: goodDic).get()
        for _ in 0..<2_000 { _ = dictionary.stems(of: "casas") }
        #expect(dictionary.refusal == nil)
    }
}

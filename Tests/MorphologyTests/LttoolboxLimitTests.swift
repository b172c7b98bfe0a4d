import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// Analyzer files that cost more than they hold (issue 47): memory bounded by what a file holds
/// (a count over the reader's limits refused where it is read, never reserved), and the time of
/// analysis linear in the text whatever the transducer.
struct LttoolboxLimitTests {
    /// What reading `bytes` gives: the analyzer, or the reader's error.
    private func load(_ bytes: [UInt8]) -> Result<LttoolboxAnalyzer, MorphologyError> {
        Result { () throws(MorphologyError) in try LttoolboxAnalyzer(data: Data(bytes), displayPath: "hostile.bin") }
    }

    /// A file of `count` sections, each `ab` → `ab<n>` under its own name.
    private func sections(_ count: Int) -> LttoolboxBytes {
        var file = LttoolboxBytes()
        file.letters = [0x61, 0x62]
        file.tags = ["n"]
        file.pairs = [(0, 0), (0x61, 0x61), (0x62, 0x62), (0, -1)]
        file.sections = (0..<count).map { index in
            LttoolboxBytes.Section(
                name: "s\(index)@standard", finals: [3],
                states: [[.init(label: 1, target: 1)], [.init(label: 2, target: 2)], [.init(label: 3, target: 3)], []])
        }
        return file
    }

    /// 10,000 small sections in a few hundred kilobytes reserved gigabytes (a capacity per
    /// section from the bytes left): now a count over `maxSections` is refused where it is read,
    /// and as many sections as the limit allows load.
    @Test func sectionsOverTheLimitAreRefusedAtTheirCount() throws {
        let many = sections(10_000).bytes
        guard case .failure(let error) = load(many) else {
            Issue.record("10,000 sections loaded")
            return
        }
        guard case .analyzer(.overLimit(let what, 10_000, let limit)) = error.problem else {
            Issue.record("\(error)")
            return
        }
        #expect(what == "the number of sections" && limit == 256)
        #expect(error.location.item.map { $0.hasPrefix("byte ") } == true)
        #expect(error.errorLine.hasPrefix("error: hostile.bin: byte "))
        let analyzer = try load(sections(256).bytes).get()
        #expect(analyzer.readings(of: "ab") == [reading("ab<n>")])
    }

    /// A file declaring tens of millions of states (one byte each, no transition) cost about 10
    /// bytes of memory per byte of file: the count is refused as it is read. The limit counts
    /// every section's states together.
    @Test func statesOverTheLimitAreRefusedAtTheirCount() throws {
        let states = 30_000_000
        var header = sections(1)
        header.sections[0].states = []
        header.sections[0].finals = []
        // The one section's states: its count, then one byte (no transition) per state.
        var bytes = Array(header.bytes.dropLast())
        bytes += LttoolboxBytes.multibyte(states) + [UInt8](repeating: 0, count: states)
        let start = ContinuousClock.now
        guard case .failure(let error) = load(bytes), case .analyzer(.overLimit(let what, states, _)) = error.problem else {
            Issue.record("30,000,000 states were not refused at their count")
            return
        }
        #expect(what == "section 's0@standard''s number of states")
        #expect(ContinuousClock.now - start < .seconds(2))

        // Two sections of half the limit and one state more each (no header, initial state 0,
        // no final): together over it.
        let half = (1 << 21) + 1
        var pair = Array("LTTB".utf8) + LttoolboxBytes.u64(0) + LttoolboxBytes.multibyte(0) + LttoolboxBytes.multibyte(0)
        pair += LttoolboxBytes.multibyte(1) + LttoolboxBytes.multibyte(0) + LttoolboxBytes.multibyte(0) + LttoolboxBytes.multibyte(2)
        for index in 0..<2 {
            pair += LttoolboxBytes.string("s\(index)@standard") + [0, 0] + LttoolboxBytes.multibyte(half) + [UInt8](repeating: 0, count: half)
        }
        guard case .failure(let second) = load(pair), case .analyzer(.overLimit(_, half, let left)) = second.problem else {
            Issue.record("the states of two sections were not counted together")
            return
        }
        #expect(left == (1 << 22) - half)
    }

    /// An analyzer that loops (`LttoolboxBytes.looping`): cutting 20,000 letters took 94 s (a
    /// walk of `maxWork` restarted at every letter); now the text's walks share one budget
    /// linear in its length.
    @Test func aLoopingAnalyzerCutsALongTextInLinearTime() throws {
        let file = LttoolboxBytes.looping
        let analyzer = try load(file.bytes).get()
        #expect(analyzer.tokens(in: "a a").map(\.readings) == [[reading("a")], [reading("a")]])

        let text = String(repeating: "a", count: 20_000)
        let start = ContinuousClock.now
        let (tokens, work) = analyzer.tokenization(of: text)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        #expect(work <= LttoolboxAnalyzer.workBudget(characters: 20_000))
        // Every letter is in a token, in order: one-letter tokens while the budget lasts, then
        // the rest as one unknown word.
        #expect(tokens.map(\.surface.count).reduce(0, +) == 20_000)
        #expect(tokens.first?.readings == [reading("a")])
        #expect(tokens.last.map { !$0.isKnown && $0.surface.count > 1 } == true)
        // A form gets the same budget for its length.
        #expect(analyzer.readings(of: String(repeating: "a", count: 500)) == [])
    }
}

import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// Analyzer files lt-proc would read wrongly, crash on or stop the process over, each refused
/// with the file, the byte offset where it helps and one reason; damaged and random files never
/// crash or hang the reader or the analysis.
struct LttoolboxBadFileTests {
    private let folder: URL
    private let tiny: [UInt8]
    private let tinyPath = lttoolboxFixtures.appendingPathComponent("tiny.automorf.bin").path

    init() throws {
        folder = try TestProject.temporaryFolder("lttoolbox")
        tiny = Array(try Data(contentsOf: URL(fileURLWithPath: tinyPath)))
    }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The error reading `bytes` from memory, or nil when they load.
    private func refusal(_ bytes: [UInt8], _ name: String = "bad.bin") -> MorphologyError? {
        do throws(MorphologyError) {
            _ = try LttoolboxAnalyzer(data: Data(bytes), displayPath: name)
            return nil
        } catch {
            return error
        }
    }

    private func refusal(path: String) -> MorphologyError? {
        do throws(MorphologyError) {
            _ = try LttoolboxAnalyzer(path: path)
            return nil
        } catch {
            return error
        }
    }

    /// A small valid analyzer: `ab` → `ab<n>`, in one standard section.
    private var small: LttoolboxBytes {
        var file = LttoolboxBytes()
        file.letters = [0x61, 0x62]
        file.tags = ["n"]
        file.pairs = [(0, 0), (0x61, 0x61), (0x62, 0x62), (0, -1)]
        file.sections = [LttoolboxBytes.Section(
            name: "main@standard", finals: [3],
            states: [[.init(label: 1, target: 1)], [.init(label: 2, target: 2)], [.init(label: 3, target: 3)], []])]
        return file
    }

    private func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        bytes.indices.first { $0 + pattern.count <= bytes.count && Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test func aFileWrittenByHandAnalysesAsItSays() throws {
        let analyzer = try LttoolboxAnalyzer(data: Data(small.bytes), displayPath: "small.bin")
        #expect(analyzer.readings(of: "ab") == [reading("ab<n>")])
        #expect(analyzer.readings(of: "AB") == [reading("ab<n>")])
        #expect(analyzer.readings(of: "a") == [])
        var weighted = small
        weighted.sections[0].weighted = true
        weighted.sections[0].states[2][0].weight = -2.75
        #expect(try LttoolboxAnalyzer(data: Data(weighted.bytes), displayPath: "weighted.bin").readings(of: "ab") == [reading("ab<n>")])
        var old = small
        old.sections[0].header = false
        #expect(try LttoolboxAnalyzer(data: Data(old.bytes), displayPath: "old.bin").readings(of: "ab") == [reading("ab<n>")])
    }

    @Test func aMissingFileIsRefused() throws {
        let missing = folder.appendingPathComponent("missing.automorf.bin").path
        let error = try #require(refusal(path: missing))
        #expect(error.errorLine == "error: \(missing): the file could not be opened (No such file or directory)")
        let broken = folder.appendingPathComponent("broken-link.bin")
        try FileManager.default.createSymbolicLink(atPath: broken.path, withDestinationPath: missing)
        #expect(refusal(path: broken.path)?.problem == .cannotOpen(reason: "No such file or directory"))
    }

    @Test func aSymlinkIsFollowed() throws {
        let link = folder.appendingPathComponent("link.automorf.bin")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: tinyPath)
        #expect(try LttoolboxAnalyzer(path: link.path).readings(of: "del").count == 1)
    }

    @Test func aFolderIsRefused() throws {
        #expect(refusal(path: folder.path) == MorphologyError(file: folder.path, .notAFile))
    }

    @Test func anEmptyFileIsRefused() throws {
        let empty = try write("empty.bin", [])
        #expect(refusal(path: empty)?.errorLine == "error: \(empty): the file is empty")
    }

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        // A sparse file: no disk space used.
        let huge = folder.appendingPathComponent("huge.bin")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data("LTTB".utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        #expect(refusal(path: huge.path) == MorphologyError(file: huge.path, .tooLarge(limit: 64 << 20)))
    }

    @Test func filesThatAreNotLttoolboxAreRefused() throws {
        let aff = try write("es_ES.aff", Array("SET UTF-8\nTRY esianrtolcdugmphbyfvkwzESIANRTOLCDUGMPHBYFVKWZ\nSFX S Y 1\nSFX S 0 s [^s]\n".utf8))
        #expect(refusal(path: aff)?.errorLine
            == "error: \(aff): byte 0: not a compiled lttoolbox analyzer: it does not begin with LTTB, as lt-comp's .automorf.bin files do")
        let dix = lttoolboxFixtures.appendingPathComponent("tiny.dix").path
        #expect(refusal(path: dix)?.problem == .analyzer(.notLttoolbox))
        var generator = SplitMix64(state: 35)
        let random = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(refusal(random)?.problem == .analyzer(.notLttoolbox))
        #expect(refusal(Array("LTT".utf8))?.problem == .analyzer(.notLttoolbox))
    }

    @Test func unknownFeatureBitsAreRefused() throws {
        var header = tiny
        header[11] = 1
        #expect(refusal(header)?.errorLine
            == "error: bad.bin: byte 4: the header sets feature bits 0x1 this reader does not know (lttoolbox 3.7.1's format sets none; a newer lt-comp's may)")
        var section = small
        section.sections[0].weighted = true
        var bytes = section.bytes
        let lttd = try #require(offset(of: Array("LTTD".utf8), in: bytes))
        bytes[lttd + 11] = 3
        #expect(refusal(bytes)?.problem == .analyzer(.unknownSectionFeatures(section: "main@standard", features: 3)))
    }

    @Test func everyCutIsRefused() throws {
        for length in 0..<tiny.count {
            let error = try #require(refusal(Array(tiny.prefix(length))), "cut at \(length)")
            switch error.problem {
            case .empty: #expect(length == 0)
            case .analyzer(.notLttoolbox): #expect(length < 4)
            case .analyzer(.cutShort), .analyzer(.countTooLarge): #expect(error.errorLine.contains("cut short"))
            default: Issue.record("cut at \(length): \(error)")
            }
        }
        let cut = try #require(refusal(Array(tiny.dropLast(30)))).errorLine
        #expect(cut.hasPrefix("error: bad.bin: byte \(tiny.count - 30): the file is cut short while reading the transitions of state "))
        #expect(cut.hasSuffix(" of section 'main@standard'"))
    }

    @Test func bytesAfterTheLastSectionAreRefused() throws {
        #expect(refusal(tiny + [0])?.errorLine == "error: bad.bin: byte \(tiny.count): 1 bytes follow the last section (lt-comp writes none: a damaged section count?)")
        // A section count one too small: lt-proc would silently drop the last section.
        var file = small
        file.sections.append(LttoolboxBytes.Section(name: "z@standard", finals: [0], states: [[]]))
        var bytes = file.bytes
        let count = try #require(offset(of: [2] + LttoolboxBytes.string("main@standard"), in: bytes))
        bytes[count] = 1
        guard case .analyzer(.trailingBytes) = refusal(bytes)?.problem else { Issue.record("a short section count was not refused"); return }
    }

    @Test func countsLargerThanTheFileAreRefused() throws {
        var bytes = small.bytes
        // The tag count (byte 17: after the header, the letter count and two 2-byte letters)
        // becomes 2^30 - 1, 4 bytes long.
        #expect(bytes[17] == 1)
        bytes.replaceSubrange(17..<18, with: LttoolboxBytes.multibyte((1 << 30) - 1))
        #expect(refusal(bytes)?.errorLine == "error: bad.bin: byte 17: the number of tags: 1073741823 announced but only \(bytes.count - 21) bytes remain (the file is cut short, or the count damaged)")
    }

    @Test func labelsAndStatesOutOfRangeAreRefused() throws {
        var label = small
        label.sections[0].states[0] = [.init(label: 4, target: 1)]
        #expect(refusal(label.bytes)?.problem == .analyzer(.labelOutOfRange(section: "main@standard", state: 0, label: 4, pairs: 4)))

        var initial = small
        initial.sections[0].initial = 4
        #expect(refusal(initial.bytes)?.problem
            == .analyzer(.stateOutOfRange(section: "main@standard", what: "the initial state", value: 4, states: 4)))

        var final = small
        final.sections[0].finals = [9]
        #expect(refusal(final.bytes)?.problem == .analyzer(.stateOutOfRange(section: "main@standard", what: "final state", value: 9, states: 4)))

        var target = small.bytes
        // State 0's only transition: label delta 1, target offset 1 → 7.
        let transition = try #require(offset(of: [4, 1, 1, 1], in: target))
        target[transition + 3] = 7
        #expect(refusal(target)?.problem
            == .analyzer(.stateOutOfRange(section: "main@standard", what: "state 0's transition target offset", value: 7, states: 4)))

        var empty = small
        empty.sections[0] = LttoolboxBytes.Section(name: "main@standard", finals: [], states: [])
        #expect(refusal(empty.bytes)?.problem == .analyzer(.stateOutOfRange(section: "main@standard", what: "the initial state", value: 0, states: 0)))
    }

    @Test func codePointsThatAreNoScalarsAreRefused() throws {
        var letter = small
        letter.letters = [0xD800]
        #expect(refusal(letter.bytes)?.errorLine == "error: bad.bin: byte 13: a letter: 0xD800 is not a Unicode scalar value")
        var tag = small
        tag.tags = ["n"]
        var bytes = tag.bytes
        // The tag `n` (length 1, then 0x40 0x6E) becomes U+110000.
        let tagAt = try #require(offset(of: [1, 0x40, 0x6E], in: bytes))
        bytes.replaceSubrange((tagAt + 1)..<(tagAt + 3), with: LttoolboxBytes.multibyte(0x11_0000))
        #expect(refusal(bytes)?.problem == .analyzer(.notAScalar(what: "tag 1", value: 0x11_0000)))
        var pair = small
        pair.pairs[1] = (0xDFFF, 0x61)
        #expect(refusal(pair.bytes)?.problem == .analyzer(.notAScalar(what: "symbol pair 1's input", value: 0xDFFF)))
    }

    @Test func sectionsOfNoKnownTypeTwiceNamedOrNoneAreRefused() throws {
        var type = small
        type.sections[0].name = "main@unknown"
        let nameAt = try #require(offset(of: LttoolboxBytes.string("main@unknown"), in: type.bytes))
        #expect(refusal(type.bytes)?.errorLine
            == "error: bad.bin: byte \(nameAt): section 'main@unknown': lt-proc knows no such section type (the name must end in @standard, @inconditional, @postblank or @preblank)")
        var twice = small
        twice.sections.append(twice.sections[0])
        #expect(refusal(twice.bytes)?.problem == .analyzer(.duplicateSection("main@standard")))
        var none = small
        none.sections = []
        #expect(refusal(none.bytes)?.problem == .analyzer(.noSection))
    }

    /// An epsilon loop that writes a character: lt-proc would loop until memory runs out; here
    /// a path's output stops at `maxOutputSymbols`, and a form whose paths multiply past
    /// `maxPaths` has no reading, quickly.
    @Test func anEpsilonLoopIsCapped() throws {
        var file = LttoolboxBytes()
        file.letters = [0x78]
        file.pairs = [(0, 0), (0x78, 0), (0, 0x61), (0x78, 0x78)]
        // x:0 → state 1 (final), which loops ε:a; state 1 also reads x:x back to itself.
        file.sections = [LttoolboxBytes.Section(
            name: "main@standard", finals: [1],
            states: [[.init(label: 1, target: 1)], [.init(label: 2, target: 1), .init(label: 3, target: 1)]])]
        let analyzer = try LttoolboxAnalyzer(data: Data(file.bytes), displayPath: "loop.bin")
        let readings = analyzer.readings(of: "x")
        #expect(readings.count == LttoolboxAnalyzer.maxOutputSymbols + 1)
        #expect(readings.map { $0.parts[0].lemma.count }.max() == LttoolboxAnalyzer.maxOutputSymbols)
        #expect(analyzer.readings(of: "xx") == [])
        // `xx` reaches the cap at its second `x`: an unknown word, as where the walk dies. Its
        // walk spends the text's whole work budget (`workBudget(characters:)`): the rest of the
        // text is cut without the analyzer, so `x` is unknown there, and known alone.
        let tokens = analyzer.tokens(in: "xx xxx x")
        #expect(tokens.map(\.surface) == ["xx", "xxx", "x"])
        #expect(tokens.map(\.readings.count) == [0, 0, 0])
        #expect(analyzer.tokens(in: "x").map(\.readings.count) == [LttoolboxAnalyzer.maxOutputSymbols + 1])
    }

    @Test func damagedCopiesOfTheFixtureReadOrFailCleanly() throws {
        var generator = SplitMix64(state: 2026)
        var loaded = 0
        for round in 0..<3_000 {
            var bytes = tiny
            for _ in 0..<(1 + round % 4) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
                }
            }
            do throws(MorphologyError) {
                let analyzer = try LttoolboxAnalyzer(data: Data(bytes), displayPath: "damaged.bin")
                loaded += 1
                for form in ["casa", "Casa", "del", "a pesar de", "echo de menos", "x"] { _ = analyzer.readings(of: form) }
                _ = analyzer.tokens(in: "A pesar de la casa, Madrid. echo de menos")
            } catch {
                #expect(error.location.file == "damaged.bin")
                #expect(!error.errorLine.contains("\n"))
            }
        }
        // Some damage leaves a valid file (a changed character or tag): those are analysed.
        #expect(loaded > 0)
    }

    @Test func randomFilesWithTheHeaderFailCleanly() throws {
        var generator = SplitMix64(state: 77)
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 200)
            let bytes = Array("LTTB".utf8) + [UInt8](repeating: 0, count: 8) + (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if let error = refusal(bytes, "random.bin") {
                #expect(error.location.file == "random.bin")
            }
        }
    }
}

import Foundation
import TestSupport
import Testing

/// Inputs made to cost a build more than they hold (issue 47): each ends in exit status 1 with
/// one line naming the file (and its line or byte where one applies), or in a release, within
/// `seconds` and `addressSpaceKiB` of address space, an earlier release left as it was.
enum Hostile {
    /// 1 GiB of address space (`ulimit -v`): the sample's build needs far less.
    static let addressSpaceKiB = 1 << 20
    /// The longest a hostile build may take.
    static let seconds = 10.0

    /// A sandbox with the sample release already published in it (the release a failed build
    /// must leave as it was), its files' digests, and `edit` applied to the config afterwards.
    static func sandboxWithARelease(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> (Sandbox, [String: String]) {
        let sandbox = try Sandbox()
        let digests = try publish(sandbox)
        try sandbox.writeConfig(edit)
        return (sandbox, digests)
    }

    /// Builds the sandbox's config as it is (the release a failed build must leave as it was);
    /// its files' digests.
    static func publish(_ sandbox: Sandbox) throws -> [String: String] {
        let first = try sandbox.build()
        guard first.status == 0 else { throw TestSetupError("the clean input did not build: \(first)") }
        return try Sandbox.fileDigests(under: sandbox.release)
    }

    /// `vocab build` of the sandbox's config, limited in address space and time.
    static func build(_ sandbox: Sandbox, _ extra: [String] = []) throws -> Run {
        try TestProject.runVocab(["build", "--config", sandbox.config.path, "--quiet"] + extra, timeout: 60, addressSpaceKiB: addressSpaceKiB)
    }

    /// The build was refused as the contract says: exit status 1 by exiting (no signal), within
    /// `seconds`, one line `error: <file>[:<line>]: …` naming `file` (and `line`) with `words`,
    /// nothing else on standard error, and the earlier release as it was.
    static func expectRefused(
        _ run: Run, file: String, line: Int? = nil, _ words: [String] = [], sandbox: Sandbox, release: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!run.timedOut && !run.signalled && run.status == 1, "expected exit status 1: \(run)", sourceLocation: sourceLocation)
        #expect(run.seconds < seconds, "took \(run.seconds) s", sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "expected one line on standard error: \(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
        let place = "error: \(file)" + (line.map { ":\($0): " } ?? ":")
        #expect(lines.first?.hasPrefix(place) == true, "expected it to name \(place): \(run.stderr.prefix(500))", sourceLocation: sourceLocation)
        for word in words {
            #expect(run.stderr.lowercased().contains(word.lowercased()), "expected \"\(word)\" in: \(run.stderr.prefix(500))", sourceLocation: sourceLocation)
        }
        #expect((try? Sandbox.fileDigests(under: sandbox.release)) == release, "the earlier release changed", sourceLocation: sourceLocation)
    }
}

/// A configured path that is a regular file by `stat` but reads on and on (`/proc/self/pagemap`,
/// size 0): refused when it is hashed, never read for minutes.
@Suite(.enabled(if: FileManager.default.isReadableFile(atPath: "/proc/self/pagemap"), "no /proc/self/pagemap here"))
struct SpecialFileTests {
    /// The list, a lexicon, the sentence pairs and an analyzer, each a link to the endless file.
    @Test(arguments: ["frequency.csv", "lexicon-en.xml", "sentences-en-es.tsv", "analyzer-es.automorf.bin"])
    func anEndlessFileIsRefusedByName(_ name: String) throws {
        let (sandbox, release) = try Hostile.sandboxWithARelease { json in
            json["examples"] = TestProject.sampleExamplesSection
        }
        try FileManager.default.removeItem(at: sandbox.corpus.appendingPathComponent(name))
        try FileManager.default.createSymbolicLink(atPath: sandbox.path(name), withDestinationPath: "/proc/self/pagemap")
        let run = try Hostile.build(sandbox)
        Hostile.expectRefused(run, file: sandbox.path(name), ["more bytes than", "special file"], sandbox: sandbox, release: release)
    }
}

/// Analyzer files that cost more than they hold, as the examples step's analyzer: refused by
/// name and byte before they cost memory, or, for an analyzer that loops, a build in linear time.
@Suite struct HostileAnalyzerTests {
    static let learner = "analyzer-es.automorf.bin"

    func sandbox() throws -> (Sandbox, [String: String]) {
        try Hostile.sandboxWithARelease { $0["examples"] = TestProject.sampleExamplesSection }
    }

    /// 100,000 empty sections (each a name and four bytes) reached 874 MB; 30,000,000 states of
    /// one byte each about 10 bytes of memory per byte: both refused at their count.
    @Test(arguments: ["sections", "states"])
    func anAnalyzerDeclaringTooMuchIsRefusedAtItsCount(_ kind: String) throws {
        let (sandbox, release) = try sandbox()
        var file = LttoolboxBytes()
        file.letters = [0x61]
        file.pairs = [(0, 0), (0x61, 0x61)]
        var bytes: [UInt8]
        if kind == "sections" {
            file.sections = (0..<100_000).map { LttoolboxBytes.Section(name: "s\($0)@standard", finals: [0], states: [[]], header: false) }
            bytes = file.bytes
        } else {
            file.sections = [LttoolboxBytes.Section(name: "main@standard", finals: [], states: [], header: false)]
            bytes = Array(file.bytes.dropLast()) + LttoolboxBytes.multibyte(30_000_000) + [UInt8](repeating: 0, count: 30_000_000)
        }
        try sandbox.put(Data(bytes), as: Self.learner)
        let run = try Hostile.build(sandbox)
        Hostile.expectRefused(run, file: sandbox.path(Self.learner), ["byte ", "over the reader's limit"], sandbox: sandbox, release: release)
    }

    /// An analyzer that loops (`LttoolboxBytes.looping`) reading a translation of 20,000
    /// letters: the walks share a budget linear in the text, and the build publishes.
    @Test func anAnalyzerThatLoopsCutsALongSentenceInLinearTime() throws {
        let (sandbox, _) = try sandbox()
        try sandbox.put(Data(LttoolboxBytes.looping.bytes), as: Self.learner)
        let pairs = sandbox.corpus.appendingPathComponent("sentences-en-es.tsv")
        var text = try String(contentsOf: pairs, encoding: .utf8)
        text += "This is my house.\t\(String(repeating: "a", count: 20_000))\n"
        try sandbox.put(Data(text.utf8), as: "sentences-en-es.tsv")
        let run = try Hostile.build(sandbox)
        #expect(!run.signalled && run.status == 0, "\(run)")
        #expect(run.seconds < Hostile.seconds, "took \(run.seconds) s")
    }
}

/// Hunspell files libhunspell reads slowly, partly or not at all, as the lemmatize step's
/// dictionary (`LemmatizationTests`' fixtures): refused by file and line before libhunspell
/// sees them, or read with the clean files' cards.
@Suite struct HostileDictionaryTests {
    func sandbox() throws -> (Sandbox, [String: String]) {
        let sandbox = try LemmatizationTests.sandbox()
        return (sandbox, try Hostile.publish(sandbox))
    }

    /// 500,000 blank lines after the rules (each cost the check 70 bytes as an array of lines):
    /// libhunspell reads the file as it is, and so does the build, with the same cards. 16 MB of
    /// them (over 1 GiB in the check, 8.5 s in libhunspell) is past the line limit: one line
    /// naming the first line over it.
    @Test func anAffixFileOfBlankLinesGivesTheSameCardsOrIsRefusedByLine() throws {
        let (sandbox, release) = try sandbox()
        let clean = try sandbox.releaseWords().map { $0["name"] as? String ?? "" }
        let original = try Data(contentsOf: sandbox.corpus.appendingPathComponent("en.aff"))
        try sandbox.put(original + Data(repeating: 0x0A, count: 16 << 20), as: "en.aff")
        let huge = try Hostile.build(sandbox)
        Hostile.expectRefused(huge, file: sandbox.path("en.aff"), line: 1_000_001, ["more than 1000000 lines"], sandbox: sandbox, release: release)

        try sandbox.put(original + Data(repeating: 0x0A, count: 500_000), as: "en.aff")
        let run = try Hostile.build(sandbox)
        #expect(!run.signalled && run.status == 0, "\(run)")
        #expect(run.seconds < Hostile.seconds, "took \(run.seconds) s")
        #expect(try sandbox.releaseWords().map { $0["name"] as? String ?? "" } == clean)
    }

    /// What libhunspell would take silently: `TRY` twice (it stops reading the `.aff`, the
    /// rules after it lost), a count line of 300 million (it loads no word), 80,000 blank lines
    /// (13 s to load, quadratic): one line naming the file and the line each.
    @Test(arguments: [
        ("en.aff", "TRY abc\nTRY abc\n", 4, "given again"),
        ("en.dic", "300000000\n", 1, "declares 300000000 words"),
        ("en.dic", "blank", nil, "same entry"),
    ] as [(String, String, Int?, String)])
    func whatLibhunspellWouldTakeSilentlyIsRefusedByLine(_ name: String, _ change: String, _ line: Int?, _ words: String) throws {
        let (sandbox, release) = try sandbox()
        let original = try String(contentsOf: sandbox.corpus.appendingPathComponent(name), encoding: .utf8)
        let text: String
        if change == "blank" {
            text = original + String(repeating: "\n", count: 80_000)
        } else if name == "en.aff" {
            text = original.replacingOccurrences(of: "SET UTF-8\n", with: "SET UTF-8\n" + change)
        } else {
            text = change + original.drop { $0 != "\n" }.dropFirst()
        }
        try sandbox.put(Data(text.utf8), as: name)
        let run = try Hostile.build(sandbox)
        let expectedLine = line ?? (run.stderr.split(separator: ":").dropFirst(2).first.flatMap { Int($0) })
        Hostile.expectRefused(run, file: sandbox.path(name), line: expectedLine, [words], sandbox: sandbox, release: release)
        if change == "blank" { #expect((expectedLine ?? 0) > original.split(separator: "\n").count) }
    }

    /// Compound rules under which each form costs libhunspell a tenth of a second: the build
    /// stops after a second or so, naming the `.aff`, instead of taking an hour over a list.
    @Test func aDictionaryWhoseCompoundSearchIsSlowIsRefused() throws {
        let (sandbox, release) = try sandbox()
        try sandbox.put(Data("SET UTF-8\nCOMPOUNDFLAG X\nCOMPOUNDMIN 1\n".utf8), as: "en.aff")
        try sandbox.put(Data("4\na/X\naa/X\naaa/X\nhouse\n".utf8), as: "en.dic")
        let forms = (0..<300).map { "\(String(repeating: "a", count: 30 + $0 % 50))b,\(1000 - $0).00" }
        try sandbox.put(Data(("word,per_million\nhouse,2000.00\n" + forms.joined(separator: "\n") + "\n").utf8), as: "forms.csv")
        let run = try Hostile.build(sandbox)
        Hostile.expectRefused(run, file: sandbox.path("en.aff"), ["compound search"], sandbox: sandbox, release: release)
    }
}

/// Voices libespeak-ng cannot take: refused before it sees them, or its own messages kept off
/// standard error, where the one error line goes.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/espeak-ng"), "eSpeak NG is not installed"))
struct HostileVoiceTests {
    /// `en+` and 37 letters, which the config accepted, made libespeak-ng abort the build
    /// (`buffer overflow detected`, exit status 134): now the config's own check refuses it.
    @Test func aVoiceVariantTooLongForTheLibraryIsRefusedByTheConfig() throws {
        let voice = "en+" + String(repeating: "a", count: 37)
        let (sandbox, release) = try Hostile.sandboxWithARelease { json in
            json["pronunciation"] = ["voice": voice]
        }
        let run = try Hostile.build(sandbox)
        Hostile.expectRefused(run, file: sandbox.config.path, ["pronunciation.voice", "not a voice name"], sandbox: sandbox, release: release)
    }

    /// An MBROLA voice made libespeak-ng print eight lines of its own before the error line:
    /// now the one line says why, with the first of them.
    @Test func anMBROLAVoiceIsOneLine() throws {
        let (sandbox, release) = try Hostile.sandboxWithARelease { json in
            json["pronunciation"] = ["voice": "mb-en1"]
        }
        let run = try Hostile.build(sandbox)
        let folder = run.stderr.dropFirst("error: ".count).prefix { $0 != ":" }
        #expect(folder.hasSuffix("espeak-ng-data"), "\(run.stderr)")
        Hostile.expectRefused(run, file: String(folder), ["voice 'mb-en1'", "could not load the voice", "MBROLA"], sandbox: sandbox, release: release)
    }
}

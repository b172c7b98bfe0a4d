import Foundation
import Testing
import VocabCore
import WNLMF

// LexiconReader.read(.data(…)) and BareXMLPass.run(data:) read bytes from memory the way the
// file API reads a file (plain or gzip through zlib): both must give the same lexicon or error.

private enum Outcome: Equatable {
    case loaded(LexiconInfo, [LexicalEntry], [Synset])
    case failed(LexiconError)
}

private func outcome(_ body: () throws(LexiconError) -> Lexicon) -> Outcome {
    do {
        let lexicon = try body()
        return .loaded(lexicon.info, lexicon.entries, lexicon.synsets)
    } catch {
        return .failed(error)
    }
}

/// Reads `data` from memory and from a file; returns both outcomes.
private func both(_ data: Data, options: LexiconLoadOptions = LexiconLoadOptions()) throws -> (memory: Outcome, file: Outcome) {
    let dir = try TempDir()
    let file = try dir.write("in.xml", data: data)
    return (outcome { () throws(LexiconError) in try LexiconReader.read(.data(data), displayPath: "in.xml", keeping: .lexicon(), options: options) },
            outcome { () throws(LexiconError) in try LexiconReader.read(.file(file), displayPath: "in.xml", keeping: .lexicon(), options: options) })
}

private func gzipped(_ text: String) throws -> Data {
    let dir = try TempDir()
    return try Data(contentsOf: dir.gzip("x.xml", text))
}

@Test func memoryReadsPlainAndGzipLikeFiles() throws {
    let text = document(validBody)
    for data in [Data(text.utf8), try gzipped(text)] {
        let (memory, file) = try both(data)
        guard case .loaded(_, let entries, let synsets) = memory else {
            Issue.record("not loaded: \(memory)")
            continue
        }
        #expect(entries.count == 1 && synsets.count == 1)
        #expect(memory == file)
        #expect(try BareXMLPass.run(data: data, displayPath: "in.xml", maxBytes: 1 << 20) > 0)
    }
}

@Test func memoryReadsGzipMembersAndRefusesTrailingBytes() throws {
    let text = document(validBody)
    let cut = text.utf8.count / 2
    let first = String(decoding: Array(text.utf8.prefix(cut)), as: UTF8.self)
    let second = String(decoding: Array(text.utf8.dropFirst(cut)), as: UTF8.self)
    let members = try gzipped(first) + gzipped(second)
    let (memory, file) = try both(members)
    #expect(memory == file)
    if case .failed(let error) = memory { Issue.record("two members: \(error)") }
    // Bytes after the last member that do not start another member are an error (gzip -t
    // rejects them; zlib's gzread used to ignore them), also a lone byte or zeros.
    for tail in [Data("garbage".utf8), Data([0x1F]), Data(repeating: 0, count: 512)] {
        let (m2, f2) = try both(try gzipped(text) + tail)
        #expect(m2 == f2)
        #expect(m2 == .failed(LexiconError(file: "in.xml", .gzipTrailingData)), "\(m2)")
    }
}

@Test func memoryReportsBadGzipAndLimitsLikeFiles() throws {
    var long = ""
    for i in 0..<2000 {
        long += "    <Synset id=\"t-\(i)-n\" ili=\"i\(i)\" partOfSpeech=\"n\"><Definition>definition \(i * 7919 % 1000)</Definition></Synset>\n"
    }
    let data = try gzipped(document(long))
    for keep in [data.count / 2, data.count - 4, data.count - 8, 12] {
        let (memory, file) = try both(data.prefix(keep))
        guard case .failed(let m) = memory, case .failed(let f) = file else {
            Issue.record("cut to \(keep) bytes loaded: \(memory) / \(file)")
            continue
        }
        #expect(m.problem == .gzipTruncated, "\(m)")
        #expect(f.problem == .gzipTruncated, "\(f)")
        #expect(throws: LexiconError.self) { try BareXMLPass.run(data: data.prefix(keep), displayPath: "x", maxBytes: 1 << 30) }
    }
    var corrupt = data
    corrupt[data.count / 3] ^= 0x55
    corrupt[data.count / 3 + 1] ^= 0xAA
    let (memory, file) = try both(corrupt)
    // Corrupt data fails (as a gzip error, or as malformed XML when the garbage inflated
    // before zlib notices stops the parser first).
    guard case .failed = memory, case .failed = file else {
        Issue.record("corrupt data loaded")
        return
    }
    // The size limit counts uncompressed bytes.
    let (limited, limitedFile) = try both(data, options: LexiconLoadOptions(maxBytes: 10_000))
    #expect(limited == limitedFile)
    if case .failed(let error) = limited {
        #expect(error.problem == .tooLarge(limit: 10_000))
    } else {
        Issue.record("the size limit did not apply")
    }
}

@Test func memoryReportsEmptyAndMalformedInputLikeFiles() throws {
    for text in ["", "\u{1F}", "<", document(validBody).replacingOccurrences(of: "</Synset>", with: "</Synsett>")] {
        let (memory, file) = try both(Data(text.utf8))
        #expect(memory == file, "\(text.prefix(20))")
        if case .loaded = memory { Issue.record("loaded: \(text.prefix(20))") }
    }
}

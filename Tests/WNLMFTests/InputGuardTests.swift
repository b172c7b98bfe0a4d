import Foundation
import Testing
import VocabCore
@testable import WNLMF

/// A document with `declaration` as its first line instead of the usual one.
private func declared(_ declaration: String) -> String {
    document(validBody).replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: declaration)
}

@Suite struct EncodingDeclarationTests {
    @Test(arguments: [
        #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<?xml version="1.0" encoding="utf-8"?>"#,
        "<?xml version='1.0' encoding = 'Utf-8' ?>", #"<?xml version="1.0"?>"#, #"<?xml version="1.0" standalone="yes"?>"#, "",
    ])
    func utf8OrNoEncodingLoads(_ declaration: String) throws {
        #expect(try load(declared(declaration)).synsets.count == 1)
    }

    @Test(arguments: [
        ("UTF-7", #"<?xml version="1.0" encoding="UTF-7"?>"#), ("ISO-8859-1", #"<?xml version="1.0" encoding="ISO-8859-1"?>"#),
        ("UTF-16", #"<?xml version="1.0" encoding="UTF-16"?>"#), ("UTF8", #"<?xml version="1.0" encoding="UTF8"?>"#),
        ("US-ASCII", "<?xml version='1.0' encoding='US-ASCII'?>"), ("ebcdic-cp-us", "<?XML version=\"1.0\" encoding=\"ebcdic-cp-us\"?>"),
        // A second encoding after a good one.
        ("UTF-7", #"<?xml version="1.0" encoding="UTF-8" encoding="UTF-7"?>"#),
    ])
    func anyOtherEncodingIsRefusedAtLineOne(_ name: String, _ declaration: String) throws {
        let error = try #require(loadError(declared(declaration)))
        #expect(error.problem == .declaredEncoding(name), "\(error)")
        #expect(error.location.line == 1)
        #expect(error.location.item == "?xml")
    }

    @Test(arguments: [#"<?xml version="1.0" encoding=UTF-7?>"#, #"<?xml version="1.0" encoding?>"#, #"<?xml version="1.0" encoding="UTF-7?>"#])
    func anUnreadableEncodingIsRefused(_ declaration: String) throws {
        let error = try #require(loadError(declared(declaration)))
        #expect(error.problem == .declaredEncoding(nil), "\(error)")
    }

    @Test func aBOMDoesNotExcuseTheDeclaration() throws {
        let error = try #require(loadError("\u{FEFF}" + declared(#"<?xml version="1.0" encoding="windows-1252"?>"#)))
        #expect(error.problem == .declaredEncoding("windows-1252"))
    }

    @Test func anOverlongDeclarationIsRefused() throws {
        let long = "<?xml version=\"1.0\"" + String(repeating: " ", count: 2000) + "encoding=\"UTF-7\"?>"
        let error = try #require(loadError(declared(long)))
        #expect(error.problem == .xmlDeclarationTooLong(limit: PrologGuard.instructionLimit))
    }

    @Test func ebcdicIsRefused() throws {
        let dir = try TempDir()
        // "<?xml" in EBCDIC (code page 37).
        let file = try dir.write("ebcdic.xml", data: Data([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0x6F, 0x6E]))
        #expect(loadError(file: file)?.problem == .ebcdic)
    }
}

@Suite struct AttributeGuardTests {
    /// The sample document with `count` extra attributes named `name<i>` on the Lemma.
    func lemmaWith(_ count: Int, named name: String = "a") -> String {
        let attributes = (0..<count).map { "\(name)\($0)=\"v\"" }.joined(separator: " ")
        return document(validBody).replacingOccurrences(of: "<Lemma ", with: "<Lemma \(attributes) ")
    }

    @Test func theLimitIsExact() throws {
        // writtenForm and partOfSpeech are two of them.
        #expect(try load(lemmaWith(AttributeGuard.limit - 2)).entries.count == 1)
        let error = try #require(loadError(lemmaWith(AttributeGuard.limit - 1)))
        #expect(error.problem == .tooManyAttributes(limit: AttributeGuard.limit))
        #expect(error.location.line == 6)
        #expect(error.location.item == "Lemma")
    }

    @Test func namespaceDeclarationsCount() throws {
        let error = try #require(loadError(lemmaWith(100, named: "xmlns:p")))
        #expect(error.problem == .tooManyAttributes(limit: AttributeGuard.limit))
    }

    @Test func quotesOutsideStartTagsDoNotCount() throws {
        let quotes = String(repeating: "\"x\" 'y' ", count: 100)
        let body = validBody.replacingOccurrences(
            of: "<Definition>the first letter</Definition>",
            with: "<!-- \(quotes) <a \(quotes) --><?pi \(quotes)?><Definition>the first letter \(quotes)<![CDATA[<b \(quotes)>]]></Definition>")
        let lexicon = try load(document(body))
        #expect(lexicon.synsets.first?.definitions.first?.hasPrefix("the first letter") == true)
    }

    /// The scan carries its state from block to block: every split point of a document gives
    /// the same answer as the whole.
    @Test func blockBoundariesDoNotMatter() {
        let text = Array(lemmaWith(AttributeGuard.limit - 1).utf8)
        func scan(_ split: Int) -> Int64? {
            var guardState = AttributeGuard()
            return text.withUnsafeBufferPointer { all in
                if let found = guardState.scan(all.baseAddress!, count: split) { return found }
                return guardState.scan(all.baseAddress! + split, count: all.count - split)
            }
        }
        let whole = scan(text.count)
        #expect(whole != nil)
        for split in stride(from: 0, to: text.count, by: 7) { #expect(scan(split) == whole, "split at \(split)") }
    }
}

@Suite(.serialized) struct ThreadedInputTests {
    /// The same documents read through the decompression thread (threshold 0) and inline.
    @Test func threadedAndInlineInputsAgree() throws {
        var long = ""
        for i in 0..<3000 {
            long += "    <Synset id=\"t-\(i)-n\" ili=\"i\(i)\" partOfSpeech=\"n\"><Definition>definition \(i)</Definition></Synset>\n"
        }
        let good = document(long)
        let cases = [
            good, good.replacingOccurrences(of: "</Synset>\n    <Synset id=\"t-2000-n\"", with: "</Synsett>"),
            declared(#"<?xml version="1.0" encoding="UTF-7"?>"#), String(good.prefix(good.count / 2)),
        ]
        let dir = try TempDir()
        for (i, text) in cases.enumerated() {
            for data in [Data(text.utf8), try Data(contentsOf: dir.gzip("case-\(i).xml", text))] {
                let file = try dir.write("case-\(i).bin", data: data)
                let inline = outcome(file)
                // Lowered for this task only: suites running beside it keep the real threshold.
                let threaded = XMLInputContext.$threadingThreshold.withValue(0) { outcome(file) }
                #expect(inline == threaded, "case \(i)")
            }
        }
    }

    /// A file large enough to be read on the decompression thread (4 MiB and more) whose parse
    /// stops near its start: the producer has filled every block of the ring and waits, the
    /// parser holds one; the input is closed and freed cleanly (libdispatch traps on a
    /// semaphore freed below its starting value) and the error is the loader's.
    @Test(arguments: [false, true])
    func aParseStoppedEarlyInALargeFileClosesItsInput(gzip: Bool) throws {
        // A synset without an id: the loader stops the parser at once (libxml2 itself would
        // read on to the end after an error of its own).
        var long = "    <Synset ili=\"i0\" partOfSpeech=\"n\"/>\n"
        for i in 1..<48_000 {
            long += "    <Synset id=\"t-\(i)-n\" ili=\"i\(i)\" partOfSpeech=\"n\"><Definition>definition \(i)</Definition></Synset>\n"
        }
        let text = document(long)
        let dir = try TempDir()
        let file = gzip ? try dir.gzip("early.xml.gz", text) : try dir.write("early.xml", text)
        #expect(text.utf8.count >= XMLInputContext.threadingThreshold)
        for _ in 0..<3 {
            #expect(outcome(file).contains("id"), "the loader's error")
        }
    }

    private func outcome(_ file: URL) -> String {
        do {
            let lexicon = try LexiconReader.read(.file(file), displayPath: "x", keeping: .lexicon())
            return "\(lexicon.synsets.count) \(lexicon.synsets.last?.definitions ?? [])"
        } catch {
            return "\(error)"
        }
    }
}

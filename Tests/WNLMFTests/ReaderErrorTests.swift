import Foundation
import Testing
import VocabCore
import WNLMF

private let validBody = """
        <LexicalEntry id="t-a-n">
          <Lemma writtenForm="a" partOfSpeech="n"/>
          <Sense id="t-a-n-1" synset="t-1-n"/>
        </LexicalEntry>
        <Synset id="t-1-n" ili="i1" partOfSpeech="n" members="t-a-n">
          <Definition>the first letter</Definition>
        </Synset>
    """

@Test func truncatedXMLIsAnError() throws {
    let full = document(validBody)
    // Cut in the middle of the Synset and at several other points.
    for fraction in [0.3, 0.5, 0.8, 0.95] {
        let cut = String(full.prefix(Int(Double(full.count) * fraction)))
        let error = try #require(loadError(cut), "cut at \(fraction) loaded without error")
        #expect(error.kind == .lexicon)
        #expect(error.file == "lexicon.xml")
        #expect(error.line != nil)
    }
    // Without the final close tag.
    let noEnd = full.replacingOccurrences(of: "</LexicalResource>", with: "")
    #expect(loadError(noEnd) != nil)
}

@Test func malformedXMLReportsLineAndColumn() throws {
    let text = document(validBody.replacingOccurrences(of: "</Synset>", with: "</Synsett>"))
    let error = try #require(loadError(text))
    #expect(error.reason.hasPrefix("malformed XML"))
    #expect(error.reason.contains("Synset"))
    #expect(error.line == 11)
    #expect(error.column != nil)
}

@Test func invalidUTF8IsAnError() throws {
    let dir = try TempDir()
    var data = Data(document(validBody).utf8)
    let range = try #require(data.range(of: Data("first letter".utf8)))
    data[range.lowerBound] = 0xFF
    let file = try dir.write("bad.xml", data: data)
    let error = try #require(loadError(file: file))
    #expect(error.file == "bad.xml")
    #expect(error.line == 10)
}

@Test func truncatedGzipIsAnError() throws {
    let dir = try TempDir()
    // Enough text that the compressed stream has several blocks.
    var body = ""
    for i in 0..<3000 {
        body += "    <Synset id=\"t-\(i)-n\" ili=\"i\(i)\" partOfSpeech=\"n\"><Definition>definition number \(i) \(i * 7919 % 1000)</Definition></Synset>\n"
    }
    let gz = try dir.gzip("big.xml", document(body))
    let data = try Data(contentsOf: gz)
    #expect(try LexiconReader.load(gz, displayPath: "big.xml.gz", options: LexiconLoadOptions()).synsets.count == 3000)
    // Cut in the deflate data, and cut only the 8-byte trailer (CRC and length).
    for keep in [data.count / 2, data.count - 4, data.count - 8] {
        let cut = try dir.write("cut-\(keep).xml.gz", data: data.prefix(keep))
        let error = try #require(loadError(file: cut), "a gzip cut to \(keep) bytes loaded")
        #expect(error.file == "cut-\(keep).xml.gz")
        #expect(error.reason.contains("gzip"))
        #expect(throws: VocabError.self) { try BareXMLPass.run(cut, maxBytes: 1 << 30) }
    }
    // A corrupted byte in the middle of the compressed data.
    var corrupt = data
    corrupt[data.count / 3] ^= 0x55
    corrupt[data.count / 3 + 1] ^= 0xAA
    let bad = try dir.write("corrupt.xml.gz", data: corrupt)
    let error = try #require(loadError(file: bad))
    #expect(error.file == "corrupt.xml.gz")
}

@Test func gzipSizeLimit() throws {
    let dir = try TempDir()
    // Highly compressible: 200 kB of XML compresses to a few kB.
    let body = (0..<4000).map { "    <!-- padding padding padding padding \($0 % 10) -->" }.joined(separator: "\n")
        + "\n    <Synset partOfSpeech=\"n\"/>"
    let text = document(body)
    let gz = try dir.gzip("bomb.xml", text)
    let error = try #require(loadError(file: gz, options: LexiconLoadOptions(maxBytes: 10_000)))
    #expect(error.reason.contains("expands beyond the limit of 10000 bytes"))
    #expect(error.file == "bomb.xml.gz")
    #expect(throws: VocabError.self) { try BareXMLPass.run(gz, maxBytes: 10_000) }
    // A limit above the size passes the limit check (and then fails on the Synset without id).
    let other = try #require(loadError(file: gz, options: LexiconLoadOptions(maxBytes: Int64(text.utf8.count))))
    #expect(other.reason.contains("missing required attribute 'id'"))
}

@Test func billionLaughsIsRejectedQuickly() throws {
    var entities = #"<!ENTITY lol "lol">"# + "\n"
    entities += #"<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">"# + "\n"
    for level in 2...9 {
        let ref = "&lol\(level - 1);"
        entities += "<!ENTITY lol\(level) \"\(String(repeating: ref, count: 10))\">\n"
    }
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd" [
        \(entities)]>
        <LexicalResource>
          <Lexicon id="t" label="&lol9;" language="en" version="1">
            <Synset id="t-1-n" partOfSpeech="n"><Definition>&lol9;</Definition></Synset>
          </Lexicon>
        </LexicalResource>
        """
    let clock = ContinuousClock()
    let start = clock.now
    let error = try #require(loadError(text))
    #expect(clock.now - start < .seconds(5))
    #expect(error.kind == .lexicon)
    #expect(error.reason.count < 500)
    #expect(!error.description.contains("lollol"))
}

@Test func externalEntityIsRejectedAndNeverRead() throws {
    let dir = try TempDir()
    let marker = "SECRET-MARKER-\(UUID().uuidString)"
    let secret = try dir.write("secret.txt", marker)
    let variants = [
        // Declared in an internal subset and used in content and in an attribute.
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd" [
          <!ENTITY x SYSTEM "\(secret.absoluteString)">
        ]>
        <LexicalResource>
          <Lexicon id="t" label="t" language="en" version="1">
            <Synset id="t-1-n" partOfSpeech="n"><Definition>&x;</Definition></Synset>
          </Lexicon>
        </LexicalResource>
        """,
        // A parameter entity pulling in the file as a DTD.
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd" [
          <!ENTITY % p SYSTEM "\(secret.path)">
          %p;
        ]>
        <LexicalResource/>
        """,
        // An undeclared reference (the external DTD is never loaded to declare it).
        document(#"    <Synset id="t-1-n" partOfSpeech="n"><Definition>&x;</Definition></Synset>"#),
    ]
    for (i, text) in variants.enumerated() {
        let file = try dir.write("xxe-\(i).xml", text)
        var failure: VocabError?
        do {
            let lexicon = try LexiconReader.load(file, displayPath: file.lastPathComponent, options: LexiconLoadOptions())
            Issue.record("variant \(i) loaded: \(lexicon.synsets)")
        } catch let error as VocabError {
            failure = error
        }
        let error = try #require(failure)
        #expect(!error.description.contains(marker), "variant \(i)")
        #expect(!error.description.contains("SECRET"), "variant \(i)")
        #expect(error.file == "xxe-\(i).xml")
        if i < 2 { #expect(error.reason.hasPrefix("DOCTYPE with an internal subset is not allowed"), "variant \(i): \(error)") }
    }
}

@Test func internalSubsetIsRejected() throws {
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd" [
          <!ELEMENT LexicalResource ANY>
        ]>
        <LexicalResource/>
        """
    let error = try #require(loadError(text))
    #expect(error.reason.hasPrefix("DOCTYPE with an internal subset is not allowed"))
    #expect(error.file == "lexicon.xml")
    #expect(error.line != nil)
}

@Test func doctypeIsRequiredAndVersionChecked() throws {
    let none = try #require(loadError(document(validBody, doctype: "")))
    #expect(none.reason.contains("WN-LMF DOCTYPE is required"))

    let unknown = try #require(loadError(document(validBody, doctype: #"<!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.9.dtd">"#)))
    #expect(unknown.reason.hasPrefix("unsupported WN-LMF version 1.9"))
    #expect(unknown.line == 2)

    let other = try #require(loadError(document(validBody, doctype: #"<!DOCTYPE LexicalResource SYSTEM "http://example.org/other.dtd">"#)))
    #expect(other.reason.contains("does not name a WN-LMF DTD"))

    for version in ["1.0", "1.1", "1.2", "1.3", "1.4"] {
        for scheme in ["http", "https"] {
            let doctype = "<!DOCTYPE LexicalResource SYSTEM \"\(scheme)://globalwordnet.github.io/schemas/WN-LMF-\(version).dtd\">"
            #expect(try load(document(validBody, doctype: doctype)).info.formatVersion == version)
        }
    }
}

@Test func rootMustBeLexicalResource() throws {
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype13)
        <Lexicon id="t" label="t" language="en" version="1"/>
        """
    let error = try #require(loadError(text))
    #expect(error.item == "Lexicon")
    #expect(error.reason.contains("LexicalResource"))
    #expect(error.line == 3)
}

@Test func missingRequiredAttributes() throws {
    let cases: [(String, String, String, String)] = [
        // (replace, with, element, attribute)
        (#"<LexicalEntry id="t-a-n">"#, "<LexicalEntry>", "LexicalEntry", "id"),
        (#"writtenForm="a" "#, "", "Lemma", "writtenForm"),
        (#" partOfSpeech="n"/>"#, "/>", "Lemma", "partOfSpeech"),
        (#"<Sense id="t-a-n-1" "#, "<Sense ", "Sense", "id"),
        (#" synset="t-1-n"/>"#, "/>", "Sense", "synset"),
        (#"<Synset id="t-1-n" "#, "<Synset ", "Synset", "id"),
    ]
    let lexiconAttributes = ["id": #"id="t""#, "label": #"label="T""#, "language": #"language="en""#, "version": #"version="1""#]
    for attribute in lexiconAttributes.keys {
        let attributes = lexiconAttributes.filter { $0.key != attribute }.values.joined(separator: " ")
        let error = try #require(loadError(document(validBody, lexiconAttributes: attributes)), "no error without Lexicon@\(attribute)")
        #expect(error.item == "Lexicon")
        #expect(error.reason == "missing required attribute '\(attribute)'")
        #expect(error.line == 4)
    }
    let base = document(validBody)
    for (old, new, element, attribute) in cases {
        #expect(base.contains(old), "fixture lacks \(old)")
        let error = try #require(loadError(base.replacingOccurrences(of: old, with: new)), "no error without \(element)@\(attribute)")
        #expect(error.item == element)
        #expect(error.reason == "missing required attribute '\(attribute)'")
        #expect(error.file == "lexicon.xml")
        #expect(error.line != nil)
    }
}

@Test func missingRequiredAttributeLinesAreExact() throws {
    let base = document(validBody)
    let error = try #require(loadError(base.replacingOccurrences(of: #" synset="t-1-n"/>"#, with: "/>")))
    #expect(error.line == 7)
    let synsetError = try #require(loadError(base.replacingOccurrences(of: #"<Synset id="t-1-n" "#, with: "<Synset ")))
    #expect(synsetError.line == 9)
}

@Test func duplicateIds() throws {
    let entry = document(validBody + """

            <LexicalEntry id="t-a-n">
              <Lemma writtenForm="b" partOfSpeech="n"/>
            </LexicalEntry>
        """)
    let e1 = try #require(loadError(entry))
    #expect(e1.item == "LexicalEntry")
    #expect(e1.reason.contains("duplicate entry id 't-a-n'"))
    #expect(e1.line == 12)

    let sense = document(validBody.replacingOccurrences(
        of: #"<Sense id="t-a-n-1" synset="t-1-n"/>"#,
        with: #"<Sense id="t-a-n-1" synset="t-1-n"/><Sense id="t-a-n-1" synset="t-1-n"/>"#))
    let e2 = try #require(loadError(sense))
    #expect(e2.item == "Sense")
    #expect(e2.reason.contains("duplicate sense id 't-a-n-1'"))

    let synset = document(validBody + "\n    <Synset id=\"t-1-n\" partOfSpeech=\"n\"/>")
    let e3 = try #require(loadError(synset))
    #expect(e3.item == "Synset")
    #expect(e3.reason.contains("duplicate synset id 't-1-n'"))
    #expect(e3.line == 12)
}

@Test func senseWithUnknownSynset() throws {
    let text = document(validBody.replacingOccurrences(of: #"synset="t-1-n""#, with: #"synset="t-9-n""#))
    let error = try #require(loadError(text))
    #expect(error.item == "Sense")
    #expect(error.line == 7)
    #expect(error.reason.contains("t-9-n"))
}

@Test func entryWithoutLemma() throws {
    let text = document(validBody.replacingOccurrences(of: #"<Lemma writtenForm="a" partOfSpeech="n"/>"#, with: ""))
    let error = try #require(loadError(text))
    #expect(error.item == "LexicalEntry")
    #expect(error.reason.contains("no Lemma"))
    #expect(error.line == 5)
}

@Test func badSenseNumber() throws {
    let text = document(validBody.replacingOccurrences(of: #"synset="t-1-n"/>"#, with: #"synset="t-1-n" n="first"/>"#))
    let error = try #require(loadError(text))
    #expect(error.item == "Sense")
}

@Test func missingFileAndEmptyFile() throws {
    let dir = try TempDir()
    let missing = dir.url.appendingPathComponent("nope.xml")
    let e1 = try #require(loadError(file: missing))
    #expect(e1.file == "nope.xml")
    let empty = try dir.write("empty.xml", "")
    let e2 = try #require(loadError(file: empty))
    #expect(e2.file == "empty.xml")
    #expect(throws: VocabError.self) { try BareXMLPass.run(empty, maxBytes: 100) }
}

@Test func truncatedXMLSaysSoWhereverItIsCut() throws {
    let full = document(validBody)
    // Inside a tag, after a lone "<", between elements, and before the root's end tag.
    var cuts = [0.3, 0.5, 0.8, 0.95].map { String(full.prefix(Int(Double(full.count) * $0))) }
    let synsetStart = try #require(full.range(of: "<Synset"))
    cuts.append(String(full[..<synsetStart.lowerBound]) + "<")
    cuts.append(String(full[..<synsetStart.lowerBound]))
    cuts.append(full.replacingOccurrences(of: "</LexicalResource>\n", with: ""))
    for cut in cuts {
        let error = try #require(loadError(cut), "loaded: \(cut.suffix(30))")
        #expect(error.reason.contains("ends before the document is complete (truncated?)"), "\(error)")
        #expect(error.line != nil)
    }
    // Malformed markup followed by more markup is not taken for truncation.
    let extra = try #require(loadError(full + "<more/>\n"))
    #expect(error(extra, startsWith: "malformed XML"))
    let mismatch = try #require(loadError(full.replacingOccurrences(of: "</Synset>", with: "</Synsett>")))
    #expect(error(mismatch, startsWith: "malformed XML"))
}

@Test func invalidUTF8IsOnePlainLineWithTheBytes() throws {
    let dir = try TempDir()
    var data = Data(document(validBody).utf8)
    // In text, and in an element name.
    let text = try #require(data.range(of: Data("first letter".utf8)))
    data[text.lowerBound] = 0xFF
    var name = Data(document(validBody).utf8)
    let tag = try #require(name.range(of: Data("<Definition".utf8)))
    name[tag.lowerBound + 3] = 0xC3
    name[tag.lowerBound + 4] = 0x28
    for (file, bytes) in [("text.xml", data), ("name.xml", name)] {
        let error = try #require(loadError(file: try dir.write(file, data: bytes)))
        #expect(error.line == 10, "\(error)")
        #expect(error.column != nil, "\(error)")
        #expect(error.reason.hasPrefix("invalid UTF-8 (bytes 0x"), "\(error)")
        #expect(!error.description.contains("\n"), "\(error)")
    }
}

private func error(_ error: VocabError, startsWith prefix: String) -> Bool {
    error.reason.hasPrefix(prefix)
}

@Test func emptyAndNonXMLFilesSaySo() throws {
    let dir = try TempDir()
    let empty = try #require(loadError(file: try dir.write("empty.xml", "")))
    #expect(empty.reason == "the file is empty (no XML document)")
    let gz = try #require(loadError(file: try dir.gzip("empty-gz.xml", "")))
    #expect(gz.reason == "the file is empty (no XML document)")
    let notXML = try #require(loadError("lemma,PoS,freq\nhouse,n,50\n"))
    #expect(notXML.reason.hasPrefix("not an XML document"), "\(notXML)")
    #expect(notXML.line == 1)
}

@Test func parserLimitsAreNamedPlainly() throws {
    let deep = document(validBody.replacingOccurrences(
        of: "<Definition>the first letter</Definition>",
        with: "<Definition>" + String(repeating: "<x>", count: 300) + "</Definition>"))
    let depth = try #require(loadError(deep))
    #expect(depth.reason == "malformed XML: elements are nested more than 256 deep (the XML parser's limit)", "\(depth)")
    #expect(depth.line == 10)
    let long = document(validBody.replacingOccurrences(of: #"id="t-a-n""#, with: "id=\"" + String(repeating: "a", count: 10_500_000) + "\""))
    let attribute = try #require(loadError(long))
    #expect(attribute.reason.contains("longer than the XML parser's limit"), "\(attribute)")
    #expect(!attribute.reason.contains("XML_PARSE_HUGE"))
}

/// libxml2 expands parameter entities while it parses an internal subset, whatever the options:
/// the subset must be stopped before the parser sees it.
@Test func parameterEntityBillionLaughsIsRejectedBeforeParsing() throws {
    var entities = #"<!ENTITY % l0 "<!-- lol lol lol lol lol lol lol lol -->">"# + "\n"
    for level in 1...9 {
        entities += "<!ENTITY % l\(level) \"" + String(repeating: "&#37;l\(level - 1);", count: 10) + "\">\n"
    }
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment first, with a [ bracket and a <!DOCTYPE x [ look-alike -->
        <?some-instruction with [ inside?>
        <!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd" [
        \(entities)%l9;
        ]>
        <LexicalResource/>
        """
    let clock = ContinuousClock()
    let start = clock.now
    let error = try #require(loadError(text))
    #expect(clock.now - start < .seconds(2))
    #expect(error.line == 4)
    #expect(error.item == "DOCTYPE")
    #expect(error.reason.hasPrefix("DOCTYPE with an internal subset is not allowed"), "\(error)")
    // The same inside a gzip stream, for the benchmark's bare pass too.
    let dir = try TempDir()
    let gz = try dir.gzip("laughs.xml", text)
    #expect(loadError(file: gz)?.reason.hasPrefix("DOCTYPE with an internal subset") == true)
    #expect(throws: VocabError.self) { try BareXMLPass.run(gz, maxBytes: 1 << 30) }
}

@Test func prologGuardLetsGoodPrologsThrough() throws {
    // A BOM, comments and instructions before the DOCTYPE, a "[" inside the quoted system id.
    let doctype = #"<!DOCTYPE LexicalResource SYSTEM "http://example.org/[x]/WN-LMF-1.3.dtd">"#
    let text = "\u{FEFF}" + document(validBody, doctype: "<!-- [ -->\n<?pi [ ?>\n" + doctype)
    let lexicon = try load(text)
    #expect(lexicon.synsets.count == 1)
}

@Test func utf16LexiconsAreRefused() throws {
    let dir = try TempDir()
    let text = document(validBody).replacingOccurrences(of: "UTF-8", with: "UTF-16")
    for (name, data) in [
        ("le.xml", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!),
        ("be.xml", Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!),
        ("nobom.xml", text.data(using: .utf16LittleEndian)!),
    ] {
        let error = try #require(loadError(file: try dir.write(name, data: data)), "\(name)")
        #expect(error.reason.contains("UTF-16"), "\(name): \(error)")
        #expect(error.line == 1)
    }
}

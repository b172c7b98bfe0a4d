import Foundation
import Testing
import VocabCore
import WNLMF

@Test func truncatedXMLIsAnError() throws {
    let full = document(validBody)
    // Cut in the middle of the Synset and at several other points.
    for fraction in [0.3, 0.5, 0.8, 0.95] {
        let cut = String(full.prefix(Int(Double(full.count) * fraction)))
        let error = try #require(loadError(cut), "cut at \(fraction) loaded without error")
        #expect(error.problem == .truncated, "\(error)")
        #expect(error.location.file == "lexicon.xml")
        #expect(error.location.line != nil)
    }
    // Without the final close tag.
    let noEnd = full.replacingOccurrences(of: "</LexicalResource>", with: "")
    #expect(loadError(noEnd) != nil)
}

@Test func malformedXMLReportsLineAndColumn() throws {
    let text = document(validBody.replacingOccurrences(of: "</Synset>", with: "</Synsett>"))
    let error = try #require(loadError(text))
    guard case .malformed(let details) = error.problem else {
        Issue.record("expected malformed XML: \(error)")
        return
    }
    #expect(details.contains("Synset"), "libxml2 names the element: \(details)")
    #expect(error.location.line == 11)
    #expect(error.location.column != nil)
}

@Test func invalidUTF8IsAnError() throws {
    let dir = try TempDir()
    var data = Data(document(validBody).utf8)
    let range = try #require(data.range(of: Data("first letter".utf8)))
    data[range.lowerBound] = 0xFF
    let file = try dir.write("bad.xml", data: data)
    let error = try #require(loadError(file: file))
    #expect(error.location.file == "bad.xml")
    #expect(error.location.line == 10)
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
    #expect(try LexiconReader.read(.file(gz), displayPath: "big.xml.gz", keeping: .lexicon()).synsets.count == 3000)
    // Cut in the deflate data, and cut only the 8-byte trailer (CRC and length).
    for keep in [data.count / 2, data.count - 4, data.count - 8] {
        let cut = try dir.write("cut-\(keep).xml.gz", data: data.prefix(keep))
        let error = try #require(loadError(file: cut), "a gzip cut to \(keep) bytes loaded")
        #expect(error.location.file == "cut-\(keep).xml.gz")
        #expect(error.problem == .gzipTruncated, "\(error)")
        #expect(throws: LexiconError.self) { try BareXMLPass.run(cut, maxBytes: 1 << 30) }
    }
    // A corrupted byte in the middle of the compressed data.
    var corrupt = data
    corrupt[data.count / 3] ^= 0x55
    corrupt[data.count / 3 + 1] ^= 0xAA
    let bad = try dir.write("corrupt.xml.gz", data: corrupt)
    let error = try #require(loadError(file: bad))
    #expect(error.location.file == "corrupt.xml.gz")
}

@Test func gzipSizeLimit() throws {
    let dir = try TempDir()
    // Highly compressible: 200 kB of XML compresses to a few kB.
    let body = (0..<4000).map { "    <!-- padding padding padding padding \($0 % 10) -->" }.joined(separator: "\n")
        + "\n    <Synset partOfSpeech=\"n\"/>"
    let text = document(body)
    let gz = try dir.gzip("bomb.xml", text)
    let error = try #require(loadError(file: gz, options: LexiconLoadOptions(maxBytes: 10_000)))
    #expect(error.problem == .tooLarge(limit: 10_000))
    #expect(error.location.file == "bomb.xml.gz")
    #expect(throws: LexiconError.self) { try BareXMLPass.run(gz, maxBytes: 10_000) }
    // A limit above the size passes the limit check (and then fails on the Synset without id).
    let other = try #require(loadError(file: gz, options: LexiconLoadOptions(maxBytes: Int64(text.utf8.count))))
    #expect(other.problem == .missingAttribute("id"))
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
    #expect(error.problem == .internalSubset(.seenBeforeParsing))
    #expect(error.message.count < 500)
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
        var failure: LexiconError?
        do {
            let lexicon = try LexiconReader.read(.file(file), displayPath: file.lastPathComponent, keeping: .lexicon())
            Issue.record("variant \(i) loaded: \(lexicon.synsets)")
        } catch {
            failure = error
        }
        let error = try #require(failure)
        #expect(!error.description.contains(marker), "variant \(i)")
        #expect(!error.description.contains("SECRET"), "variant \(i)")
        #expect(error.location.file == "xxe-\(i).xml")
        if i < 2 { #expect(error.problem == .internalSubset(.seenBeforeParsing), "variant \(i): \(error)") }
        if i == 2 { #expect(error.problem == .entityReference, "variant \(i): \(error)") }
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
    #expect(error.problem == .internalSubset(.seenBeforeParsing))
    #expect(error.location.file == "lexicon.xml")
    #expect(error.location.line != nil)
}

@Test func doctypeIsRequiredAndVersionChecked() throws {
    let none = try #require(loadError(document(validBody, doctype: "")))
    #expect(none.problem == .doctypeRequired)

    let unknown = try #require(loadError(document(validBody, doctype: #"<!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.9.dtd">"#)))
    #expect(unknown.problem == .unsupportedVersion("1.9"))
    #expect(unknown.location.line == 2)

    let other = try #require(loadError(document(validBody, doctype: #"<!DOCTYPE LexicalResource SYSTEM "http://example.org/other.dtd">"#)))
    #expect(other.problem == .doctypeNotWNLMF)

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
    #expect(error.location.item == "Lexicon")
    #expect(error.problem == .wrongRoot("Lexicon"))
    #expect(error.location.line == 3)
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
        #expect(error.location.item == "Lexicon")
        #expect(error.problem == .missingAttribute(attribute))
        #expect(error.location.line == 4)
    }
    let base = document(validBody)
    for (old, new, element, attribute) in cases {
        #expect(base.contains(old), "fixture lacks \(old)")
        let error = try #require(loadError(base.replacingOccurrences(of: old, with: new)), "no error without \(element)@\(attribute)")
        #expect(error.location.item == element)
        #expect(error.problem == .missingAttribute(attribute))
        #expect(error.location.file == "lexicon.xml")
        #expect(error.location.line != nil)
    }
}

@Test func missingRequiredAttributeLinesAreExact() throws {
    let base = document(validBody)
    let error = try #require(loadError(base.replacingOccurrences(of: #" synset="t-1-n"/>"#, with: "/>")))
    #expect(error.location.line == 7)
    let synsetError = try #require(loadError(base.replacingOccurrences(of: #"<Synset id="t-1-n" "#, with: "<Synset ")))
    #expect(synsetError.location.line == 9)
}

@Test func duplicateIds() throws {
    let entry = document(validBody + """

            <LexicalEntry id="t-a-n">
              <Lemma writtenForm="b" partOfSpeech="n"/>
            </LexicalEntry>
        """)
    let e1 = try #require(loadError(entry))
    #expect(e1.location.item == "LexicalEntry")
    #expect(e1.problem == .duplicateEntryId("t-a-n"))
    #expect(e1.location.line == 12)

    let sense = document(validBody.replacingOccurrences(
        of: #"<Sense id="t-a-n-1" synset="t-1-n"/>"#,
        with: #"<Sense id="t-a-n-1" synset="t-1-n"/><Sense id="t-a-n-1" synset="t-1-n"/>"#))
    let e2 = try #require(loadError(sense))
    #expect(e2.location.item == "Sense")
    #expect(e2.problem == .duplicateSenseId("t-a-n-1"))

    let synset = document(validBody + "\n    <Synset id=\"t-1-n\" partOfSpeech=\"n\"/>")
    let e3 = try #require(loadError(synset))
    #expect(e3.location.item == "Synset")
    #expect(e3.problem == .duplicateSynsetId("t-1-n"))
    #expect(e3.location.line == 12)
}

@Test func senseWithUnknownSynset() throws {
    let text = document(validBody.replacingOccurrences(of: #"synset="t-1-n""#, with: #"synset="t-9-n""#))
    let error = try #require(loadError(text))
    #expect(error.location.item == "Sense")
    #expect(error.location.line == 7)
    #expect(error.problem == .danglingSense(senseId: "t-a-n-1", synsetId: "t-9-n"))
}

@Test func entryWithoutLemma() throws {
    let text = document(validBody.replacingOccurrences(of: #"<Lemma writtenForm="a" partOfSpeech="n"/>"#, with: ""))
    let error = try #require(loadError(text))
    #expect(error.location.item == "LexicalEntry")
    #expect(error.problem == .entryWithoutLemma(entryId: "t-a-n"))
    #expect(error.location.line == 5)
}

@Test func badSenseNumber() throws {
    let text = document(validBody.replacingOccurrences(of: #"synset="t-1-n"/>"#, with: #"synset="t-1-n" n="first"/>"#))
    let error = try #require(loadError(text))
    #expect(error.location.item == "Sense")
    #expect(error.problem == .invalidSenseNumber("first"))
}

@Test func missingFileAndEmptyFile() throws {
    let dir = try TempDir()
    let missing = dir.url.appendingPathComponent("nope.xml")
    let e1 = try #require(loadError(file: missing))
    #expect(e1.location.file == "nope.xml")
    if case .cannotOpen = e1.problem {} else { Issue.record("expected cannotOpen: \(e1)") }
    let empty = try dir.write("empty.xml", "")
    let e2 = try #require(loadError(file: empty))
    #expect(e2.location.file == "empty.xml")
    #expect(throws: LexiconError.self) { try BareXMLPass.run(empty, maxBytes: 100) }
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
        #expect(error.problem == .truncated, "\(error)")
        #expect(error.location.line != nil)
    }
    // Malformed markup followed by more markup is not taken for truncation.
    let extra = try #require(loadError(full + "<more/>\n"))
    #expect(isMalformed(extra), "\(extra)")
    let mismatch = try #require(loadError(full.replacingOccurrences(of: "</Synset>", with: "</Synsett>")))
    #expect(isMalformed(mismatch), "\(mismatch)")
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
        #expect(error.location.line == 10, "\(error)")
        #expect(error.location.column != nil, "\(error)")
        if case .invalidUTF8(let bytes?) = error.problem {
            #expect(bytes.hasPrefix("0x"), "libxml2 lists the bytes: \(error)")
        } else {
            Issue.record("expected invalid UTF-8 with its bytes: \(error)")
        }
        #expect(!error.description.contains("\n"), "\(error)")
    }
}

/// Whether `error` is malformed XML (not, say, a truncation).
private func isMalformed(_ error: LexiconError) -> Bool {
    if case .malformed = error.problem { return true }
    return false
}

@Test func emptyAndNonXMLFilesSaySo() throws {
    let dir = try TempDir()
    let empty = try #require(loadError(file: try dir.write("empty.xml", "")))
    #expect(empty.problem == .empty)
    let gz = try #require(loadError(file: try dir.gzip("empty-gz.xml", "")))
    #expect(gz.problem == .empty)
    let notXML = try #require(loadError("lemma,PoS,freq\nhouse,n,50\n"))
    #expect(notXML.problem == .notXML, "\(notXML)")
    #expect(notXML.location.line == 1)
}

@Test func parserLimitsAreNamedPlainly() throws {
    let deep = document(validBody.replacingOccurrences(
        of: "<Definition>the first letter</Definition>",
        with: "<Definition>" + String(repeating: "<x>", count: 300) + "</Definition>"))
    let depth = try #require(loadError(deep))
    #expect(depth.problem == .parserLimit(.depth), "\(depth)")
    #expect(depth.location.line == 10)
    let long = document(validBody.replacingOccurrences(of: #"id="t-a-n""#, with: "id=\"" + String(repeating: "a", count: 10_500_000) + "\""))
    let attribute = try #require(loadError(long))
    #expect(attribute.problem == .parserLimit(.nameOrAttributeLength), "\(attribute)")
    #expect(!attribute.message.contains("XML_PARSE_HUGE"))
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
    #expect(error.location.line == 4)
    #expect(error.location.item == "DOCTYPE")
    #expect(error.problem == .internalSubset(.seenBeforeParsing), "\(error)")
    // The same inside a gzip stream, for the benchmark's bare pass too.
    let dir = try TempDir()
    let gz = try dir.gzip("laughs.xml", text)
    #expect(loadError(file: gz)?.problem == .internalSubset(.seenBeforeParsing))
    #expect(throws: LexiconError.self) { try BareXMLPass.run(gz, maxBytes: 1 << 30) }
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
    for (name, data, evidence) in [
        ("le.xml", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!, LexiconProblem.WideEncodingEvidence.atStart),
        ("be.xml", Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!, .atStart),
        ("nobom.xml", text.data(using: .utf16LittleEndian)!, .nulBytesInMarkup),
    ] {
        let error = try #require(loadError(file: try dir.write(name, data: data)), "\(name)")
        #expect(error.problem == .utf16OrUTF32(evidence), "\(name): \(error)")
        #expect(error.location.line == 1)
    }
}

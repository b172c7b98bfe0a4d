import Foundation
import Testing
import VocabCore
import WNLMF

/// Temporary files for one test; removed when the value goes away.
final class TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("wnlmf-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    func write(_ name: String, data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// Compresses with /bin/gzip -n; returns the .gz file.
    func gzip(_ name: String, _ text: String) throws -> URL {
        let plain = try write(name, text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-f", plain.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return URL(fileURLWithPath: plain.path + ".gz")
    }
}

/// One entry, one sense, one synset with a definition: the body most reader tests start from.
let validBody = """
        <LexicalEntry id="t-a-n">
          <Lemma writtenForm="a" partOfSpeech="n"/>
          <Sense id="t-a-n-1" synset="t-1-n"/>
        </LexicalEntry>
        <Synset id="t-1-n" ili="i1" partOfSpeech="n" members="t-a-n">
          <Definition>the first letter</Definition>
        </Synset>
    """

extension String {
    /// This document with an entry of the synset `t-1-n` after the synsets (outside the DTD's
    /// order): `t-late-n`, written form "late".
    var withLateEntry: String {
        replacingOccurrences(of: "</Lexicon>", with: """
              <LexicalEntry id="t-late-n">
                <Lemma writtenForm="late" partOfSpeech="n"/>
                <Sense id="t-late-n-1" synset="t-1-n"/>
              </LexicalEntry>
            </Lexicon>
            """)
    }
}

let doctype13 = #"<!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.3.dtd">"#

/// A whole document around the given Lexicon content.
func document(
    _ body: String, doctype: String = doctype13,
    lexiconAttributes: String = #"id="test" label="Test Wordnet" language="en" version="1.0" license="https://example.org/license""#
) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    \(doctype)
    <LexicalResource xmlns:dc="https://globalwordnet.github.io/schemas/dc/">
      <Lexicon \(lexiconAttributes)>
    \(body)
      </Lexicon>
    </LexicalResource>

    """
}

/// Loads text written to a temp file.
func load(_ text: String, keeping keep: LexiconKeep<Lexicon> = .lexicon(), options: LexiconLoadOptions = LexiconLoadOptions()) throws -> Lexicon {
    let dir = try TempDir()
    let file = try dir.write("lexicon.xml", text)
    return try LexiconReader.read(.file(file), displayPath: "lexicon.xml", keeping: keep, options: options)
}

/// The LexiconError thrown by loading `text`, or nil when it loads.
func loadError(
    _ text: String, keeping keep: LexiconKeep<Lexicon> = .lexicon(), options: LexiconLoadOptions = LexiconLoadOptions()
) -> LexiconError? {
    do {
        _ = try load(text, keeping: keep, options: options)
        return nil
    } catch let error as LexiconError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)")
        return nil
    }
}

/// The LexiconError thrown by loading `file` (named by its last path component), or nil.
func loadError(file: URL, options: LexiconLoadOptions = LexiconLoadOptions()) -> LexiconError? {
    do {
        _ = try LexiconReader.read(.file(file), displayPath: file.lastPathComponent, keeping: .lexicon(), options: options)
        return nil
    } catch {
        return error
    }
}

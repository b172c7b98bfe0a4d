import Foundation
import Phonemes
import Testing
import TestSupport
import VocabCore

/// Whether eSpeak's data (Debian's espeak-ng-data, which libespeak-ng1 depends on) is installed.
private let espeakDataInstalled: Bool = {
    let multiarch = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
        .filter { $0.hasSuffix("-linux-gnu") }.map { "/usr/lib/\($0)/espeak-ng-data" }
    return (multiarch + ["/usr/share/espeak-ng-data", "/usr/lib/espeak-ng-data"])
        .contains { FileManager.default.fileExists(atPath: "\($0)/phontab") }
}()

@Suite(.enabled(if: espeakDataInstalled, "eSpeak NG's data is not installed (Debian: espeak-ng-data)"))
struct PhonemeEngineTests {
    private func problem(_ body: () throws(PhonemeError) -> Void) -> PhonemeProblem? {
        do throws(PhonemeError) {
            try body()
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func transcribesWithTheNamedVoiceAndItsStressMarks() throws {
        let castilian = try PhonemeEngine(voice: "es")
        let latinAmerican = try PhonemeEngine(voice: "es-419")
        // eSpeak puts the mark before the stressed vowel, not at the syllable's start (`aˈβlaɾ`).
        #expect(try castilian.transcribe("hablar") == "aβlˈaɾ")
        #expect(try castilian.transcribe("año") == "ˈaɲo")
        // Castilian distinción against Latin American seseo: the voices really differ.
        #expect(try castilian.transcribe("ciudad") == "θjuðˈad")
        #expect(try latinAmerican.transcribe("ciudad") == "sjuðˈad")
        #expect(try PhonemeEngine(voice: "en-us").transcribe("year") == "jˈɪɹ")
    }

    /// eSpeak's Russian voice writes its own mnemonic's `"` and `^` where its table has no IPA
    /// symbol (issue 46): a transcription keeps what IPA writes only.
    @Test func aTranscriptionHoldsNoCharacterIPADoesNotWrite() throws {
        let russian = try PhonemeEngine(voice: "ru")
        for word in ["любить", "любовь", "ключ", "тюрьма", "революция", "наблюдать"] {
            let ipa = try russian.transcribe(word)
            #expect(!ipa.contains { "\"^'`;:,*=|!?".contains($0) }, "\(word): /\(ipa)/")
            #expect(!ipa.isEmpty)
        }
        #expect(try russian.transcribe("любить") == "ɭʲubʲˈitʲ")
        #expect(PhonemeEngine.ipaOnly(#"tʲu"rɪ^mˈɑ"#) == "tʲurɪmˈɑ")
        #expect(PhonemeEngine.ipaOnly("bwˈenos  ðˈias ") == "bwˈenos ðˈias")
        #expect(PhonemeEngine.ipaOnly("a.b‿c") == "a.b‿c")
        #expect(PhonemeEngine.ipaOnly(#"""#).isEmpty)
    }

    @Test func aVoiceIsFoundByLanguageWhenNotByName() throws {
        // The French voice's file is roa/fr: `fr-fr` is its language, not its name.
        let french = try PhonemeEngine(voice: "fr-fr")
        #expect(french.voiceIdentifier == "roa/fr")
        #expect(try french.transcribe("bonjour") == "bɔ̃ʒˈuʁ")
    }

    @Test func namesTheEngineItsVersionAndTheVoiceFile() throws {
        let engine = try PhonemeEngine(voice: "es")
        #expect(PhonemeEngine.engineName == "eSpeak NG")
        #expect(engine.engineVersion.first?.isNumber == true)
        #expect(engine.engineVersion.contains("."))
        #expect(engine.voiceIdentifier == "roa/es")
        #expect(FileManager.default.fileExists(atPath: engine.dataFolder + "/phontab"))
    }

    @Test func theSameWordGivesTheSameTranscriptionEveryTime() throws {
        let words = ["hablar", "año", "ciudad", "casa", "pequeño", "murciélago", "buenos días", "acción", "güero", "whisky"]
        let spanish = try PhonemeEngine(voice: "es")
        let english = try PhonemeEngine(voice: "en-us")
        let first = try words.map { word throws(PhonemeError) in try spanish.transcribe(word) }
        // Another voice in between, and a second engine of the same voice.
        for word in words { _ = try english.transcribe(word) }
        let again = try PhonemeEngine(voice: "es")
        for _ in 0..<5 {
            #expect(try words.map { word throws(PhonemeError) in try again.transcribe(word) } == first)
            #expect(try words.map { word throws(PhonemeError) in try spanish.transcribe(word) } == first)
        }
    }

    @Test func concurrentCallsFromSeveralVoicesGiveTheSerialResults() async throws {
        let words = ["hablar", "casa", "ciudad", "mañana", "bonjour", "pequeño", "lumière", "cielo"]
        let voices = ["es", "en-us", "fr-fr", "es-419"]
        var expected: [String: String] = [:]
        for voice in voices {
            let engine = try PhonemeEngine(voice: voice)
            for word in words { expected["\(voice) \(word)"] = try engine.transcribe(word) }
        }
        let results = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for round in 0..<8 {
                for voice in voices {
                    group.addTask {
                        let engine = try PhonemeEngine(voice: voice)
                        let word = words[(round + voice.count) % words.count]
                        return ("\(voice) \(word)", try engine.transcribe(word))
                    }
                }
            }
            var all: [(String, String)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32)
        for (key, ipa) in results { #expect(expected[key] == ipa, "\(key)") }
    }

    @Test func aMultiWordLemmaIsReadAsConnectedSpeech() throws {
        let engine = try PhonemeEngine(voice: "es")
        let phrase = try engine.transcribe("buenos días")
        #expect(phrase.split(separator: " ").map(String.init) == [try engine.transcribe("buenos"), "ðˈias"])
        // `días` alone begins with a stop; between vowels, in the phrase, it is a fricative.
        #expect(try engine.transcribe("días") == "dˈias")
        // An abbreviation's full stop ends one of eSpeak's clauses: they are joined with a space.
        #expect(try engine.transcribe("Sr. García") == (try engine.transcribe("señor")) + " " + (try engine.transcribe("García")))
        #expect(try PhonemeEngine(voice: "en-us").transcribe("ice cream").split(separator: " ").count == 2)
    }

    @Test func aDecomposedAccentIsReadAsTheLetter() throws {
        let engine = try PhonemeEngine(voice: "es")
        // Without NFC eSpeak reads U+0301 aloud ("acento").
        #expect(try engine.transcribe("cafe\u{301}") == (try engine.transcribe("café")))
    }

    @Test(arguments: ["☃", "x😀y", "a\u{0}b", "a\tb", "100%", "¿qué?", "a/b", "uno, dos"])
    func refusesCharactersTheEngineWouldReadOutByName(word: String) throws {
        let engine = try PhonemeEngine(voice: "es")
        guard case .unpronounceable = problem({ () throws(PhonemeError) in _ = try engine.transcribe(word) }) else {
            Issue.record("'\(word)' was not refused as unpronounceable")
            return
        }
    }

    @Test func refusesAWordTheVoiceHandsToAnotherLanguage() throws {
        let spanish = try PhonemeEngine(voice: "es")
        // Greek and Cyrillic letters in a Spanish voice; a loanword the French voice reads as English.
        #expect(problem { () throws(PhonemeError) in _ = try spanish.transcribe("ωμέγα") } == .languageSwitch(language: "el"))
        guard case .languageSwitch = problem({ () throws(PhonemeError) in _ = try spanish.transcribe("Москва") }) else {
            Issue.record("Cyrillic in a Spanish voice was not refused")
            return
        }
        let french = try PhonemeEngine(voice: "fr-fr")
        #expect(problem { () throws(PhonemeError) in _ = try french.transcribe("weekend") } == .languageSwitch(language: "en"))
    }

    @Test(arguments: ["", "   ", "-", "' .", "\u{301}"])
    func refusesAnEmptyWord(word: String) throws {
        let engine = try PhonemeEngine(voice: "es")
        #expect(problem { () throws(PhonemeError) in _ = try engine.transcribe(word) } == .emptyWord)
    }

    @Test func refusesAWordTheEngineWouldCut() throws {
        let engine = try PhonemeEngine(voice: "es")
        let limits = PhonemeProblem.wordTooLong(limit: PhonemeEngine.maxWordBytes, partLimit: PhonemeEngine.maxPartBytes)
        #expect(problem { () throws(PhonemeError) in _ = try engine.transcribe(String(repeating: "pa", count: 51)) } == limits)
        #expect(problem { () throws(PhonemeError) in _ = try engine.transcribe(String(repeating: "casa ", count: 100)) } == limits)
        // Just under the limits.
        #expect(!(try engine.transcribe(String(repeating: "pa", count: 50))).isEmpty)
    }

    @Test(arguments: ["nosuch", "xx-yy"])
    func aVoiceThatDoesNotExistIsAnError(voice: String) throws {
        do throws(PhonemeError) {
            _ = try PhonemeEngine(voice: voice)
            Issue.record("voice '\(voice)' was accepted")
        } catch {
            #expect(error.problem == .voiceNotFound)
            #expect(error.location.item == "voice '\(voice)'")
        }
        // The library still works afterwards.
        #expect(try PhonemeEngine(voice: "es").transcribe("casa") == "kˈasa")
    }

    /// A variant of 37 characters after `+` made libespeak-ng abort the process (`buffer
    /// overflow detected`, exit status 134): refused before the library sees it (issue 47).
    @Test(arguments: ["", "../es", "es es", "es\u{0}", String(repeating: "e", count: 41), "español",
                      "en+" + String(repeating: "a", count: 37), "e+" + String(repeating: "b", count: 31), "en+f3+" + String(repeating: "c", count: 28)])
    func aMalformedVoiceNameIsRefusedBeforeTheLibrarySeesIt(voice: String) {
        #expect(problem { () throws(PhonemeError) in _ = try PhonemeEngine(voice: voice) } == .invalidVoiceName)
    }

    /// The longest variants accepted reach the library, which takes them (or finds no voice),
    /// never aborting. A voice it does not find may be reported as unusable with a line of
    /// standard error read in the library's window: the test harness's own progress lines,
    /// written by other threads at the same moment, are captured too (`LibraryOutput`), so
    /// either problem of the library's answers; only the name check must not refuse it.
    @Test(arguments: ["en+" + String(repeating: "a", count: 30), "e+" + String(repeating: "b", count: 30), "en+f3"])
    func aVariantWithinTheLimitReachesTheLibrary(voice: String) {
        let found = problem { () throws(PhonemeError) in _ = try PhonemeEngine(voice: voice) }
        let reachedTheLibrary: Bool
        switch found {
        case nil, .voiceNotFound?, .voiceUnusable?: reachedTheLibrary = true
        default: reachedTheLibrary = false
        }
        #expect(reachedTheLibrary, "\(String(describing: found))")
    }

    /// An MBROLA voice (without `mbrola` and its data) made libespeak-ng print eight lines of
    /// its own: the error says why with its first one, and nothing reaches standard error.
    @Test func anMBROLAVoiceIsAnErrorWithTheLibrarysReason() throws {
        guard case .voiceUnusable(let reason)? = problem({ () throws(PhonemeError) in _ = try PhonemeEngine(voice: "mb-en1") }) else {
            Issue.record("mb-en1 was not refused as unusable")
            return
        }
        #expect(reason.contains("MBROLA"), "\(reason)")
        #expect(!reason.contains("\n"))
        // The library works afterwards.
        #expect(try PhonemeEngine(voice: "es").transcribe("casa") == "kˈasa")
    }

    @Test func anEmptyDataFolderIsAnErrorNamingTheMissingFile() throws {
        let folder = try TestProject.temporaryFolder("espeak-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        do throws(PhonemeError) {
            _ = try PhonemeEngine(voice: "es", dataFolder: folder.path)
            Issue.record("an empty data folder was accepted")
        } catch {
            guard case .engineUnavailable(let reason) = error.problem else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("phontab"), "\(reason)")
            #expect(error.location.file == folder.path)
        }
        // The library starts again on its own folder.
        #expect(try PhonemeEngine(voice: "es").transcribe("año") == "ˈaɲo")
    }

    @Test func aDataFolderThatDoesNotExistIsAnError() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-no-such-\(UUID().uuidString)").path
        #expect(problem { () throws(PhonemeError) in _ = try PhonemeEngine(voice: "es", dataFolder: missing) } == .dataFolderMissing)
    }

    @Test func aVoiceWithoutItsDictionaryIsAnError() throws {
        // The installed data, linked entry by entry, without the Spanish dictionary.
        let installed = try PhonemeEngine(voice: "es").dataFolder
        let folder = try TestProject.temporaryFolder("espeak-partial")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in try FileManager.default.contentsOfDirectory(atPath: installed) where name != "es_dict" {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path,
                                                       withDestinationPath: installed + "/" + name)
        }
        #expect(try PhonemeEngine(voice: "en-us", dataFolder: folder.path).transcribe("year") == "jˈɪɹ")
        #expect(problem { () throws(PhonemeError) in _ = try PhonemeEngine(voice: "es", dataFolder: folder.path) }
            == .dictionaryMissing(voiceIdentifier: "roa/es"))
    }

    /// The 3,000 most frequent Spanish forms (wordfreq): the throughput figure is this test's time.
    @Test(.needsRealCorpus) func transcribesTheThreeThousandMostFrequentSpanishForms() throws {
        let list = TestProject.sharedCorpus.appendingPathComponent("frequency/wordfreq-es-top20000.csv")
        let words = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").dropFirst().prefix(3000)
            .map { String($0.split(separator: ",")[0]) }
        #expect(words.count == 3000)
        let engine = try PhonemeEngine(voice: "es")
        var failed: [String] = []
        var transcribed = 0
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for word in words {
                do throws(PhonemeError) {
                    let ipa = try engine.transcribe(word)
                    if !ipa.isEmpty { transcribed += 1 }
                } catch {
                    failed.append("\(error)")
                }
            }
        }
        // Typed in steps: as one expression it took the type checker 3 s.
        let seconds: Double = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond: Int = Int(Double(words.count) / seconds)
        print("PhonemeEngine: \(words.count) Spanish forms in \(elapsed) (\(perSecond) words/s)")
        #expect(transcribed >= 2970, "\(failed.prefix(20))")
    }
}

import CEspeakNG
import Foundation
import VocabCore

#if canImport(Glibc)
import Glibc
#endif

/// libespeak-ng's one engine, which is global and not thread-safe: every call goes through
/// `withVoice`, which holds one lock, starts the library for the data folder asked for and
/// selects the voice asked for, so engines of different voices (and data folders) may be used
/// from any thread in any order.
///
/// Behaviour of libespeak-ng 1.51 measured here, which this type is written around:
/// - The legacy `espeak_Initialize` (even with `espeakINITIALIZE_DONT_EXIT`) only prints a
///   missing data folder's error to stderr; the next call then dies with a segmentation fault.
///   `espeak_ng_Initialize` returns a status and an error context naming the file instead.
/// - `espeak_ng_InitializePath` silently falls back (to `ESPEAK_DATA_PATH`, `~/espeak-ng-data`,
///   then the built-in folder) when the folder given does not exist: `PhonemeEngine` checks it
///   first.
/// - `espeak_TextToPhonemes` after a failed voice selection dies with a segmentation fault: it
///   is never called unless a voice was selected.
/// - `espeak_SetVoiceByName` finds `es`, `es-419`, `en-us` but not `fr-fr` (the French voice's
///   file is `roa/fr`, its language `fr-fr`); `espeak_ng_SetVoiceByProperties` by language finds
///   it, as the `espeak-ng -v` command does.
/// - A voice whose dictionary file is missing is selected without error and then says nothing
///   (the library prints `Can't read dictionary file` to stderr).
/// - Starting the library again for another folder works, but `espeak_ng_Terminate` after that
///   hangs: it is never called (the process's exit frees the library).
enum EspeakLibrary {
    /// What the library runs on: the folder asked for (nil: libespeak-ng's own search), the
    /// folder it resolved, its version.
    struct Started: Equatable {
        var requestedFolder: String?
        var dataFolder: String
        var version: String
    }

    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var started: Started?
    /// The voice last selected and its file's identifier (guarded by `lock`); nil after a (re)start.
    nonisolated(unsafe) private static var selected: (voice: String, identifier: String)?

    /// Runs `body` holding the library, started on `dataFolder` with `voice` selected; returns
    /// what it returns and the library's state.
    static func withVoice<T>(
        _ voice: String,
        dataFolder: String?,
        _ body: () throws(PhonemeError) -> T
    ) throws(PhonemeError) -> (result: T, started: Started, voiceIdentifier: String) {
        lock.lock()
        defer { lock.unlock() }
        // The library's own messages never reach standard error (`LibraryOutput`); a voice it
        // found but could not load is named by the first of them.
        let (outcome, printed) = LibraryOutput.capturing { () -> Result<(T, Started, String), PhonemeError> in
            Result { () throws(PhonemeError) in
                let current = try start(dataFolder: dataFolder, voice: voice)
                let identifier = try select(voice, dataFolder: current.dataFolder)
                return (try body(), current, identifier)
            }
        }
        if case .failure(let error) = outcome, error.problem == .voiceNotFound, let reason = LibraryOutput.firstLine(printed) {
            throw PhonemeError(file: error.location.file, item: error.location.item, .voiceUnusable(reason: reason))
        }
        let (result, started, identifier) = try outcome.get()
        return (result, started, identifier)
    }

    /// The phonemes of `text` in IPA, clause by clause (`espeak_TextToPhonemes` stops at each
    /// comma or sentence end); nil when the library's output is not UTF-8. Only inside
    /// `withVoice`'s body.
    static func ipaClauses(of text: String) -> [String]? {
        text.withCString { start -> [String]? in
            var position: UnsafeRawPointer? = UnsafeRawPointer(start)
            var clauses: [String] = []
            // Each call consumes at least one byte; the bound only guards against a library
            // that would not advance.
            var calls = 0
            let maxCalls = strlen(start) + 1
            while position != nil, calls < maxCalls {
                calls += 1
                guard let phonemes = espeak_TextToPhonemes(&position, espeakCHARS_UTF8, espeakPHONEMES_IPA) else { break }
                guard let clause = String(validatingCString: phonemes) else { return nil }
                clauses.append(clause)
            }
            return clauses
        }
    }

    // MARK: Starting and selecting (the caller holds `lock`)

    private static func start(dataFolder: String?, voice: String) throws(PhonemeError) -> Started {
        if let started, started.requestedFolder == dataFolder { return started }
        started = nil
        selected = nil
        if let dataFolder {
            espeak_ng_InitializePath(dataFolder)
        } else {
            espeak_ng_InitializePath(nil)
        }
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        defer { espeak_ng_ClearErrorContext(&context) }
        let folder = libraryInfo().dataFolder
        guard status == ENS_OK else {
            throw PhonemeError(file: folder ?? dataFolder, item: "voice '\(voice)'",
                               .engineUnavailable(reason: describe(status, context)))
        }
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
        guard output == ENS_OK else {
            throw PhonemeError(file: folder ?? dataFolder, item: "voice '\(voice)'",
                               .engineUnavailable(reason: describe(output, nil)))
        }
        let info = libraryInfo()
        let now = Started(requestedFolder: dataFolder, dataFolder: info.dataFolder ?? dataFolder ?? "",
                          version: info.version)
        started = now
        return now
    }

    /// Selects `voice` by name, else by language; returns the voice file's identifier (`roa/es`).
    private static func select(_ voice: String, dataFolder: String) throws(PhonemeError) -> String {
        if let selected, selected.voice == voice { return selected.identifier }
        selected = nil
        let byName = voice.withCString { espeak_ng_SetVoiceByName($0) }
        if byName != ENS_OK {
            let byLanguage = voice.withCString { name -> espeak_ng_STATUS in
                var selector = espeak_VOICE()
                selector.languages = name
                return espeak_ng_SetVoiceByProperties(&selector)
            }
            guard byLanguage == ENS_OK else {
                throw PhonemeError(file: dataFolder, item: "voice '\(voice)'", .voiceNotFound)
            }
        }
        let identifier = espeak_GetCurrentVoice()?.pointee.identifier.map { String(cString: $0) } ?? voice
        selected = (voice, identifier)
        return identifier
    }

    private static func libraryInfo() -> (version: String, dataFolder: String?) {
        var path: UnsafePointer<CChar>?
        let version = espeak_Info(&path).map { String(cString: $0) } ?? "unknown"
        return (version, path.map { String(cString: $0) })
    }

    /// libespeak-ng's message for `status`, with the file its error context names when it has one.
    private static func describe(_ status: espeak_ng_STATUS, _ context: espeak_ng_ERROR_CONTEXT?) -> String {
        if let context {
            // The context is opaque: the library only prints it, so print it into memory.
            var buffer: UnsafeMutablePointer<CChar>?
            var size = 0
            if let stream = open_memstream(&buffer, &size) {
                espeak_ng_PrintStatusCodeMessage(status, stream, context)
                fclose(stream)
                defer { free(buffer) }
                if let buffer {
                    let text = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
                    if !text.isEmpty { return text }
                }
            }
        }
        var message = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &message, message.count)
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import VocabCore

/// A pronunciation that cannot be generated: the voice (and the word, or the data folder, when
/// one is at fault) and the reason.
///
/// The location's `item` names the voice (`voice 'es'`) or the voice and the word
/// (`voice 'es', word '☃'`); its `file` is eSpeak's data folder when the problem lies there.
package typealias PhonemeError = Located<PhonemeProblem>

/// What went wrong, with the values that show it.
package enum PhonemeProblem: ErrorProblem {
    // MARK: The engine and the voice

    /// The voice name is empty, longer than `PhonemeEngine.maxVoiceNameLength` (or its variant,
    /// after `+`, than `maxVoiceVariantLength`), or holds characters other than ASCII letters,
    /// digits, `-`, `_` and `+`.
    case invalidVoiceName
    /// The data folder given does not exist or is not a folder (libespeak-ng would silently use
    /// another one).
    case dataFolderMissing
    /// libespeak-ng could not start; `reason` is its own message (`Error processing file
    /// '…/phontab': No such file or directory.`).
    case engineUnavailable(reason: String)
    /// libespeak-ng knows no voice of that name or language.
    case voiceNotFound
    /// libespeak-ng found the voice but could not load it; `reason` is the first line it printed
    /// (an MBROLA voice without `mbrola` and its data: `Cannot find MBROLA voice file 'en1' …`).
    case voiceUnusable(reason: String)
    /// The voice was found but says nothing, even for a plain letter: its pronunciation
    /// dictionary (`<language>_dict`) is missing from the data folder.
    case dictionaryMissing(voiceIdentifier: String)

    // MARK: A word

    /// The word is empty, or only spaces and joiners.
    case emptyWord
    /// The word is longer than `limit` UTF-8 bytes, or one of its space-separated parts is
    /// longer than `partLimit` (libespeak-ng cuts longer words silently).
    case wordTooLong(limit: Int, partLimit: Int)
    /// A character that is no letter, mark, digit or joiner (a symbol, an emoji, punctuation, a
    /// control character): eSpeak would read out its name (`☃` → "muñeco de nieve").
    case unpronounceable(Character)
    /// The voice handed part of the word to another language's rules (`language`, eSpeak's
    /// `(en)…(fr)` markers): a script the voice does not read, or a loanword.
    case languageSwitch(language: String)
    /// The engine returned no phonemes for the word.
    case noTranscription
    /// The engine returned bytes that are not UTF-8 (a cut multi-byte character).
    case invalidOutput

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .invalidVoiceName:
            return "not a voice name (ASCII letters, digits, '-', '_' and '+', at most \(PhonemeEngine.maxVoiceNameLength) characters, at most \(PhonemeEngine.maxVoiceVariantLength) after '+'; for example es, es-419, en-us, fr-fr)"
        case .dataFolderMissing:
            return "the speech data folder does not exist or is not a folder"
        case .engineUnavailable(let reason):
            return "the speech engine (libespeak-ng) could not start: \(reason)"
        case .voiceNotFound:
            return "the speech engine has no voice of that name or language (espeak-ng --voices lists them)"
        case .voiceUnusable(let reason):
            return "the speech engine could not load the voice: \(reason)"
        case .dictionaryMissing(let identifier):
            return "the voice '\(identifier)' says nothing: its pronunciation dictionary is missing from the data folder"
        case .emptyWord:
            return "nothing to pronounce (an empty word)"
        case .wordTooLong(let limit, let partLimit):
            return "the word is longer than \(limit) bytes or has a part longer than \(partLimit) bytes (the speech engine would cut it)"
        case .unpronounceable(let character):
            let scalars = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            return "the character \(scalars.joined(separator: " ")) is not a letter, digit or joiner (the speech engine would read out its name)"
        case .languageSwitch(let language):
            return "the voice switched to another language's rules ('\(language)') for part of the word"
        case .noTranscription:
            return "the speech engine returned no phonemes"
        case .invalidOutput:
            return "the speech engine returned text that is not UTF-8"
        }
    }
}

/// `pronunciation.onFailure`: what a word the engine cannot transcribe does to the build.
package enum PronunciationFailure: String, Codable, Sendable, Equatable {
    /// The build stops with the word and the engine's reason (exit status 1).
    case error
    /// The card goes without a generated pronunciation; the report counts and lists it.
    case skip
}

/// The `pronunciation` section: generated pronunciations for the cards whose entry has none in
/// the lexicon, from eSpeak NG with the learned language's voice. Without the section, cards
/// carry the lexicon's pronunciations only.
package struct PronunciationConfig: Codable, Sendable, Equatable {
    /// The eSpeak NG voice (`en-us`, `es`, `es-419`, `fr-fr`, …).
    package var voice: String
    /// What a word the engine cannot transcribe does; `skip` when absent: one word's
    /// pronunciation never stops a release unless the config asks for it (`error`), and
    /// `gates.maximumUnpronounced` can bound how many go without.
    package var onFailure: PronunciationFailure

    enum CodingKeys: String, CodingKey, CaseIterable { case voice, onFailure }

    /// The longest voice name accepted (libespeak-ng copies names into small buffers).
    package static let maxVoiceNameLength = 40
    /// The longest variant a voice name may have after its `+` (`en+f3`, `en+klatt2`):
    /// libespeak-ng 1.51 writes `!v/` and the variant into a buffer of 40 bytes with `sprintf`,
    /// and a variant of 37 characters aborts the process (`buffer overflow detected`). Its own
    /// variants have at most 12.
    package static let maxVoiceVariantLength = 30

    /// Whether `name` can be a voice name: ASCII letters, digits, `-`, `_` and `+`, at most
    /// ``maxVoiceNameLength`` characters, at most ``maxVoiceVariantLength`` after the first `+`;
    /// checked before libespeak-ng sees it.
    package static func isVoiceName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxVoiceNameLength,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+".unicodeScalars.contains($0)) })
        else { return false }
        guard let plus = name.firstIndex(of: "+") else { return true }
        return name[name.index(after: plus)...].utf8.count <= maxVoiceVariantLength
    }

    /// A section generating with `voice`.
    package init(voice: String, onFailure: PronunciationFailure = .skip) {
        self.voice = voice
        self.onFailure = onFailure
    }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        voice = try c.decode(String.self, forKey: .voice)
        if voice.isEmpty { throw DecodingError.config(.emptyText, at: c.codingPath + [CodingKeys.voice]) }
        if !Self.isVoiceName(voice) { throw DecodingError.config(.notAVoiceName(voice), at: c.codingPath + [CodingKeys.voice]) }
        onFailure = try c.decodeIfPresent(PronunciationFailure.self, forKey: .onFailure) ?? .skip
    }
}

/// The engine that generated a release's pronunciations, for the manifest's provenance: the same
/// engine version and voice give the same transcriptions.
package struct PronunciationEngine: Codable, Sendable, Equatable {
    /// `eSpeak NG`.
    package var name: String
    /// The library's version (`1.51`).
    package var version: String
    /// The voice as the config names it (`en-us`).
    package var voice: String
    /// The voice file the engine chose for it (`gmw/en-US`).
    package var voiceIdentifier: String

    /// An engine's identity.
    package init(name: String, version: String, voice: String, voiceIdentifier: String) {
        self.name = name
        self.version = version
        self.voice = voice
        self.voiceIdentifier = voiceIdentifier
    }
}

// swift-tools-version: 6.0
import Foundation
import PackageDescription

// vocab-pipeline: frequency list + WN-LMF lexicons → versioned SQLite and JSON bundle.
// The code is under the Apache License 2.0 (LICENSE). The licence notes beside the system
// libraries below bind a *distributed* `vocab` binary, which links them: libespeak-ng makes it, as
// a whole, GPL-3.0-or-later (README.md, "Licence"). The releases' data licences are not the code's.
// One library per concern (VocabJSON: the project's JSON; VocabCore: model and config; WNLMF:
// the lexicon reader; one Stage* module per pipeline stage) and two executables over them
// (`vocab`, whose subcommands run every stage, and `vocab-bench`).

// The modules a build's data flows through (lexicon loading, selection, the cards, the release's
// rows and files, reading releases back) are compiled with -O in debug builds too: `swift test`
// builds real-corpus releases with the debug `vocab`, and unoptimized they take several times as
// long (docs/benchmarks.md). They are compiled whole-module, as a release build compiles them:
// optimized file by file, each of the debug build's frontend jobs optimizes what it inlines from
// the module's other files again, and a fresh `swift build --build-tests` took 304 s against
// 251 s whole-module (user CPU 536 s against 457 s). The price: a change to one of their files
// recompiles its whole module, and the driver says so once per module it compiles ("Incremental
// compilation has been disabled"); -disable-batch-mode only keeps it from also warning that
// SwiftPM's batch mode is ignored. VOCAB_ONONE=1 compiles them unoptimized and file by file, for
// stepping through them in a debugger; the fuzz build (VOCAB_FUZZ) keeps its own flags.
let dataPath: [SwiftSetting] =
    Context.environment["VOCAB_ONONE"] == nil && Context.environment["VOCAB_FUZZ"] == nil
    ? [.unsafeFlags(
        ["-O", "-wmo", "-num-threads", String(ProcessInfo.processInfo.activeProcessorCount), "-disable-batch-mode"],
        .when(configuration: .debug))] : []

let package = Package(
    name: "vocab-pipeline",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vocab", targets: ["vocab"]),
        .executable(name: "vocab-bench", targets: ["vocab-bench"]),
    ],
    dependencies: [
        // Apache-2.0 with the Runtime Library Exception.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The system's SQLite (Debian: libsqlite3-dev), under the project's own thin layer
        // (SQLiteDatabase; Architecture.md says why not GRDB). Licence: public domain.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // System libraries (Debian: libxml2-dev, zlib1g-dev). Licences: libxml2 MIT (a few files
        // ISC), zlib Zlib.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev", "zlib1g-dev"])]
        ),
        // The system's libcrypto (Debian: libssl-dev), for SHA-256 (VocabCore's `SHA256`).
        // Licence: Apache-2.0 (OpenSSL 3).
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // The system's libespeak-ng (Debian: libespeak-ng-dev, with espeak-ng-data), for Phonemes.
        // Licence: GPL-3.0-or-later, so a distributed `vocab` binary is GPL-3.0-or-later as a whole
        // (its source offered, the licence texts with it); its voice data is read at run time.
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]
        ),
        // The system's ICU converters (Debian: libicu-dev) behind a plain C function, for frequency
        // lists in other encodings: Swift never imports ICU's headers, whose types clash with the
        // copy of ICU inside Foundation on Linux. Licence: the Unicode licence (MIT-style).
        .target(name: "CICUConvert", linkerSettings: [.linkedLibrary("icuuc")]),
        // The system's ICU again (Debian: libicu-dev), for Morphology: word segmentation of text
        // without spaces (ubrk, dictionary-based for Chinese, Japanese, Thai) and transforms for
        // readings (utrans: Han-Latin's pinyin, Katakana-Hiragana), behind plain C functions for
        // the same reason as CICUConvert. Licence: the Unicode licence (MIT-style).
        .target(name: "CICUText", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        // The system's libmecab (Debian: libmecab-dev, which installs no mecab.pc; its header
        // /usr/include/mecab.h), for Morphology's Japanese analyzer, loaded by dlopen when a MeCab
        // analyzer is first opened (`mecab_loader.c`: a build without one does not map it); its
        // dictionaries are data read at run time (Debian: mecab-ipadic-utf8). Licence: MeCab is
        // BSD-3-Clause, GPL-2.0-or-later or LGPL-2.1-or-later at the user's choice (used under the
        // BSD licence); IPADIC, data, is under NAIST's BSD-style licence with ICOT's terms (its
        // notice kept with any copy).
        .target(name: "CMecab"),
        // The system's ICU collation (Debian: libicu-dev) behind plain C functions, for the same
        // reason: a language's collation at primary strength, which letters it counts as one.
        // Licence: the Unicode licence.
        .target(name: "CICUCollate", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // The system's libvoikko (Debian: libvoikko-dev, with the Finnish dictionary voikko-fi), for
        // Morphology's Voikko analyzer, loaded by dlopen when a Voikko analyzer is first opened
        // (`voikko_loader.c`: a build without one does not map it, nor libhfstospell). Licence:
        // libvoikko's sources are MPL 1.1 / GPL 2.0 or later / LGPL 2.1 or later (used under the
        // LGPL 2.1 or later; Debian's copyright file says GPL-2.0-or-later for the package);
        // voikko-fi is GPL-2.0-or-later data, read at run time.
        .target(name: "CVoikko"),
        // The system's libhunspell (Debian: libhunspell-dev), for Morphology. Licence: MPL 1.1 /
        // GPL 2.0 / LGPL 2.1 (used under the LGPL 2.1 or the MPL 1.1); its dictionaries are data.
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        // The system's libarchive (Debian: libarchive-dev), for the archives publishers ship their
        // sources in (.tar.xz, .zip, ...): `vocab fetch` unpacks one member of each, streaming (the
        // compression libraries come with it: zlib, liblzma, libbz2). Licence: BSD-2-Clause (a
        // few files public domain or other BSD-style).
        .systemLibrary(
            name: "CLibArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),

        // The project's JSON: a parser that keeps member order, repeated keys and number text and
        // names line and column; the writer and Codable encoder that fix the bytes of the
        // release files; the JSON Schema validator (Architecture.md says why not Foundation's).
        .target(name: "VocabJSON", swiftSettings: dataPath),
        // Connections, statements, rows and errors over SQLite's C API: what the release's
        // writer, its readers and the tests need, opened as GRDB opened them.
        .target(name: "SQLiteDatabase", dependencies: ["CSQLite"], swiftSettings: dataPath),
        // Domain model, configuration, errors, artifacts shared by every stage.
        .target(name: "VocabCore", dependencies: ["CLibCrypto", "VocabJSON"], swiftSettings: dataPath),
        // Streaming WN-LMF reader on libxml2.
        .target(name: "WNLMF", dependencies: ["CLibXML2", "VocabCore"], swiftSettings: dataPath),

        // The stages.
        .target(name: "StageRead", dependencies: ["CICUConvert", "VocabCore"], swiftSettings: dataPath),
        // Between read and select: a list's word forms to the lexicon's lemmas (Hunspell, a table).
        .target(name: "StageLemmatize", dependencies: ["VocabCore"], swiftSettings: dataPath),
        .target(name: "StageSelect", dependencies: ["VocabCore", "WNLMF"], swiftSettings: dataPath),
        .target(name: "StageJoin", dependencies: ["VocabCore", "WNLMF"], swiftSettings: dataPath),
        // Between join and emit: example sentences with their translation from a file of sentence
        // pairs (Tatoeba's), matched to the cards by lemma through the lttoolbox analyzers, the
        // pair file read as the frequency list is (StageRead). On the data path: it analyzes every
        // token of the pairs.
        .target(name: "StageExamples", dependencies: ["VocabCore", "Morphology", "StageRead"], swiftSettings: dataPath),
        // After examples: the forms a learner may read of each word (the analyzer's forms of its
        // lemma, the readings of the forms the build was shown, the lexicon's Forms), with the
        // inflection in words. On the data path: it walks the analyzer's transducers.
        .target(name: "StageForms", dependencies: ["VocabCore", "Morphology"], swiftSettings: dataPath),
        // The release format, written down once: the SQLite schema as data, the manifest,
        // bundle and word models, the JSON Schemas. Emit, validate and diff all build on it.
        .target(
            name: "ReleaseFormat",
            dependencies: ["VocabCore", "VocabJSON", "Collation"],
            exclude: ["SCHEMA.md"],
            resources: [.copy("Schemas")],
            swiftSettings: dataPath
        ),
        .target(
            name: "StageEmit",
            dependencies: [
                "VocabCore", "ReleaseFormat", "SQLiteDatabase",
            ],
            swiftSettings: dataPath
        ),

        // Releases once built: reading a release back (Releases), then what the commands do with
        // it, one module each, compiled side by side: validating it (`vocab validate`), diffing two
        // of them (`vocab diff`, and a build's `--previous`), looking a word up (`vocab lookup`).
        .target(
            name: "Releases",
            dependencies: ["VocabCore", "VocabJSON", "ReleaseFormat", "SQLiteDatabase"],
            swiftSettings: dataPath
        ),
        .target(
            name: "ReleaseValidation",
            dependencies: ["Releases", "VocabCore", "VocabJSON", "ReleaseFormat", "SQLiteDatabase"],
            swiftSettings: dataPath
        ),
        .target(
            name: "ReleaseDiffing",
            dependencies: ["Releases", "VocabCore", "ReleaseFormat"],
            swiftSettings: dataPath
        ),
        .target(
            name: "ReleaseLookup",
            dependencies: ["CICUText", "Releases", "VocabCore", "ReleaseFormat", "SQLiteDatabase"],
            swiftSettings: dataPath
        ),

        // Pinned sources: the content-addressed download cache, downloads (URLSession) with
        // resume and mirrors, verification, an archive's member unpacked (libarchive), atomic
        // installation. Only `vocab fetch` uses it.
        .target(name: "SourceFetch", dependencies: ["CLibArchive", "VocabCore"]),

        // Generated pronunciations: a word's phonemic IPA from eSpeak NG with a named voice.
        .target(name: "Phonemes", dependencies: ["CEspeakNG", "VocabCore"]),
        // Word forms to stems through a Hunspell dictionary (libhunspell), its files checked first,
        // and to readings (lemma and tags) through Apertium lttoolbox analyzers, read natively (no
        // liblttoolbox), MeCab dictionaries (libmecab, with each word's kana reading) or Voikko
        // dictionaries (libvoikko), their folders checked first; text without spaces cut by ICU's
        // word-break rules, and ICU's transforms (pinyin, kana). On the data path: the lemmatize
        // step analyses every form of the list.
        .target(name: "Morphology", dependencies: ["CHunspell", "CMecab", "CICUText", "CVoikko", "VocabCore"], swiftSettings: dataPath),
        // Folding by the language: what a search typed without accents may merge, by ICU's
        // collation of the language at primary strength (ё = е, й ≠ и in Russian; ñ ≠ n in
        // Spanish), for the release's folded search. On the data path: every name of a release is
        // folded.
        .target(name: "Collation", dependencies: ["CICUCollate", "VocabCore"], swiftSettings: dataPath),
        // Scores against the test references (UD gold lemmas): for the tests and the benchmark,
        // never a build.
        .target(name: "ReferenceScores"),

        // The pipeline library: orchestration, stage keys and caching, stage artifacts, the report.
        .target(
            name: "VocabPipeline",
            dependencies: [
                "VocabCore", "VocabJSON", "WNLMF", "StageRead", "StageLemmatize", "StageSelect", "StageJoin", "StageExamples", "StageForms",
                "ReleaseFormat", "StageEmit", "Phonemes", "Morphology",
                // Not Releases: the previous release (`--previous`) is read back and diffed by
                // `ReleaseDiffing.PreviousRelease`, which the command line hands to the build as a
                // `ReleaseComparing`; so the releases' modules compile beside the stages, not before the library.
            ],
            swiftSettings: dataPath
        ),

        // Command-line layer: thin ArgumentParser commands over the pipeline library and Releases.
        .target(
            name: "VocabCLI",
            dependencies: [
                "VocabCore", "VocabJSON", "VocabPipeline", "Releases", "ReleaseValidation", "ReleaseDiffing", "ReleaseLookup",
                "ReleaseFormat", "SourceFetch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "vocab", dependencies: ["VocabCLI"]),
        .executableTarget(
            name: "vocab-bench",
            dependencies: [
                "VocabCore", "VocabPipeline", "WNLMF", "StageRead", "StageLemmatize", "StageExamples", "Morphology", "CHunspell", "ReferenceScores",
                // `--archives` packs the sources as their publishers do, with the library `vocab fetch` reads them with.
                "CLibArchive",
                // `--lookup` times `vocab lookup`'s session (WordLookup) in the benchmark's process.
                "ReleaseLookup", "ReleaseFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "SQLiteDatabase",
            ]
        ),


        // Paths, the sample corpus and a `vocab` runner shared by the test targets.
        .target(name: "TestSupport", dependencies: ["VocabCore", "WNLMF", "ReleaseFormat", "Releases"], path: "Tests/TestSupport"),

        .testTarget(name: "VocabJSONTests", dependencies: ["VocabJSON"]),
        .testTarget(name: "SQLiteDatabaseTests", dependencies: ["SQLiteDatabase"]),
        .testTarget(name: "VocabCoreTests", dependencies: ["VocabCore", "VocabJSON"]),
        // The orchestration library on its own: stage keys, reuse, the stage runner.
        .testTarget(name: "VocabPipelineTests", dependencies: ["TestSupport", "VocabPipeline", "VocabCore"]),
        .testTarget(name: "PhonemesTests", dependencies: ["Phonemes", "TestSupport", "VocabCore"]),
        .testTarget(name: "CollationTests", dependencies: ["Collation", "VocabCore"]),
        .testTarget(name: "MorphologyTests", dependencies: ["Morphology", "TestSupport", "VocabCore", "ReferenceScores"], exclude: ["Fixtures"]),
        .testTarget(name: "ReleaseFormatTests", dependencies: ["ReleaseFormat", "TestSupport", "VocabCore", "VocabJSON"]),
        .testTarget(name: "WNLMFTests", dependencies: ["TestSupport", "WNLMF", "VocabCore"]),
        .testTarget(name: "StageReadTests", dependencies: ["TestSupport", "StageRead", "VocabCore"]),
        .testTarget(name: "StageLemmatizeTests", dependencies: ["TestSupport", "StageLemmatize", "Morphology", "VocabCore"]),
        .testTarget(name: "StageSelectTests", dependencies: ["TestSupport", "StageSelect", "WNLMF", "VocabCore"]),
        .testTarget(name: "StageJoinTests", dependencies: ["TestSupport", "StageJoin", "WNLMF", "VocabCore"]),
        // The examples rules on their own (matching, the sense test, the choice) on the sample's
        // pairs; the pair file's reader is StageReadTests', the real corpus's figures IntegrationTests'.
        .testTarget(name: "StageExamplesTests", dependencies: ["TestSupport", "StageExamples", "StageRead", "Morphology", "VocabCore"]),
        // The forms rule on its own: which words a reading leads to, the descriptions, the analyzer's forms.
        .testTarget(name: "StageFormsTests", dependencies: ["TestSupport", "StageForms", "Morphology", "VocabCore"]),
        .testTarget(
            name: "StageEmitTests",
            dependencies: ["StageEmit", "ReleaseFormat", "VocabCore", "VocabJSON", "SQLiteDatabase"]
        ),
        .testTarget(
            name: "ReleasesTests",
            dependencies: [
                "TestSupport", "vocab", "Releases", "ReleaseValidation", "ReleaseDiffing", "ReleaseLookup", "ReleaseFormat",
                "StageEmit", "VocabPipeline", "VocabCore", "VocabJSON", "SQLiteDatabase",
            ]
        ),
        .testTarget(
            name: "DiffTests",
            dependencies: [
                "TestSupport", "vocab", "Releases", "ReleaseDiffing", "ReleaseFormat", "VocabPipeline", "VocabCore",
                "SQLiteDatabase",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SourceFetchTests",
            dependencies: ["TestSupport", "vocab", "SourceFetch", "VocabPipeline", "VocabCore"],
            exclude: ["Server"]
        ),
        .testTarget(name: "BadInputTests", dependencies: ["TestSupport", "vocab", "VocabCore"], exclude: ["Fixtures"]),
        // The consumers' side: the shipped SQLite opened read-only and immutable through SQLite as the
        // app does, the JSON bundle decoded into the original app's record shape.
        .testTarget(
            name: "ConsumerContractTests",
            dependencies: ["TestSupport", "vocab", "ReleaseFormat", "SQLiteDatabase"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "TestSupport", "vocab", "VocabPipeline", "VocabCore", "WNLMF", "StageJoin", "SQLiteDatabase", "ReferenceScores",
            ],
            // png_stats.py: the independent PNG reader of the report page's screenshot test.
            exclude: ["Scripts"]
        ),
    ]
)

// The libFuzzer targets join the package only for Tests/Fuzz/run.sh (VOCAB_FUZZ=1), which builds
// them with -sanitize=fuzzer in its own build folder.
if Context.environment["VOCAB_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzSupport", dependencies: ["VocabCore"]),
        // Library mode: the entry point is the target's own `<module>_main` (see FuzzDriver).
        .executableTarget(name: "fuzz-frequency-list", dependencies: ["FuzzSupport", "StageRead", "VocabCore"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "fuzz-wnlmf", dependencies: ["FuzzSupport", "WNLMF", "VocabCore"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "fuzz-config", dependencies: ["FuzzSupport", "VocabCore"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "fuzz-release",
                          dependencies: ["FuzzSupport", "Releases", "ReleaseValidation", "ReleaseDiffing", "ReleaseLookup",
                                         "VocabCore", "SQLiteDatabase"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "fuzz-lemmatize", dependencies: ["FuzzSupport", "StageRead", "StageLemmatize", "Morphology", "VocabCore"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "fuzz-lttoolbox", dependencies: ["FuzzSupport", "Morphology", "VocabCore"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
}

// The documentation plugin joins only a documentation build (VOCAB_DOCS=1), so that every other
// build neither resolves nor fetches it:
// `VOCAB_DOCS=1 swift package generate-documentation --target VocabPipeline`.
if Context.environment["VOCAB_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}

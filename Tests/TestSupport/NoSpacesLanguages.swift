import Foundation

/// Languages written without spaces on the sample corpus: configs made from the shipped Japanese
/// one (`Corpus/release/wordfreq-ja-en.json`) by substituting its paths and codes, as a
/// maintainer would (docs/adding-a-language.md), with the sample's small files written by the
/// project: a list in wordfreq's layout (`forms-ja.csv`, `forms-zh.csv`: function words,
/// inflection pieces, a loanword), a lexicon (`lexicon-ja.xml`, `lexicon-zh.xml`) and sentence
/// pairs with English (`sentences-en-ja.tsv`, `sentences-en-zh.tsv`, English first, a third
/// field as in manythings.org's newer files).
package struct NoSpacesLanguage: Sendable, CustomStringConvertible {
    /// The language's code, in the files' names and the release's name.
    package var code: String
    /// The eSpeak NG voice of its readings.
    package var voice: String
    /// `lemmatization.analyzer` (nil: the section's analyzer removed, as for a language cut by
    /// ICU's rules alone).
    package var analyzer: [String: String]?

    package var description: String { code + (analyzer == nil ? " (no analyzer)" : " (\(analyzer?["format"] ?? ""))") }

    /// Japanese through Debian's IPADIC, as the shipped config reads it.
    package static let japanese = NoSpacesLanguage(
        code: "ja", voice: "ja", analyzer: ["path": ipadicFolder, "format": "mecab"])
    /// Chinese as docs/adding-a-language.md derives it: ICU's Chinese word-break rules for an
    /// analyzer, the Mandarin voice that reads pinyin.
    package static let chinese = NoSpacesLanguage(code: "zh", voice: "cmn-latn-pinyin", analyzer: ["format": "icu", "locale": "zh"])
    /// Chinese with the analyzer removed altogether: ICU's rules of the root locale cut the pairs.
    package static let chineseWithoutAnalyzer = NoSpacesLanguage(code: "zh", voice: "cmn-latn-pinyin", analyzer: nil)

    /// Debian's IPADIC in UTF-8 (`mecab-ipadic-utf8`).
    package static let ipadicFolder = "/var/lib/mecab/dic/ipadic-utf8"

    /// The release's name (`sample-ja-en`).
    package var releaseName: String { "sample-\(code)-en" }

    /// The shipped Japanese config with this language's paths and codes, in `folder`, its output
    /// and work folders inside it; the release's size and gates made for the sample's few words.
    package func derivedConfig(in folder: URL) throws -> URL {
        let shipped = TestProject.root.appendingPathComponent("Corpus/release/wordfreq-ja-en.json")
        guard var config = try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any] else {
            throw TestSetupError("\(shipped.path) is no JSON object")
        }
        var dataset = config["dataset"] as? [String: Any] ?? [:]
        dataset["name"] = releaseName
        config["dataset"] = dataset
        config["corpus"] = TestProject.sampleCorpus.path
        config["frequency"] = TestProject.substituted(config["frequency"], path: "forms-\(code).csv")
        config["lemmatization"] = analyzer.map { ["analyzer": $0] } ?? [:]
        var lexicon = TestProject.substituted(config["lexicon"], path: "lexicon-\(code).xml")
        lexicon["attribution"] = nil
        config["lexicon"] = lexicon
        var translations = config["translations"] as? [Any] ?? []
        translations[0] = TestProject.substituted(translations.first, path: "lexicon-en.xml")
        config["translations"] = translations
        config["glosses"] = TestProject.substituted(config["glosses"], path: "lexicon-en.xml")
        config["pronunciation"] = ["voice": voice]
        config["examples"] = TestProject.substituted(config["examples"], path: "sentences-en-\(code).tsv")
        // What the sample cannot meet: 3,000 words, the real corpus's gates.
        var selection = config["selection"] as? [String: Any] ?? [:]
        selection["count"] = 40
        config["selection"] = selection
        config["gates"] = ["maximumWithoutReading": 10]
        config["output"] = ["directory": folder.appendingPathComponent("out").path, "work": folder.appendingPathComponent("work").path]
        let url = folder.appendingPathComponent("\(code).json")
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }

    /// Builds the derived config's release in `folder` with `vocab build --json`; the release
    /// folder, and the run.
    package func build(in folder: URL) throws -> (release: URL, run: VocabRun) {
        let run = try TestProject.runVocab(["build", "--config", try derivedConfig(in: folder).path, "--json"])
        return (folder.appendingPathComponent("out/\(releaseName)-1.0.0"), run)
    }
}

extension TestProject {
    /// A config's source section (`frequency`, `lexicon`, …) for another file at `path`, as a
    /// config derived for another language substitutes it: its pin (`url`, `mirrors`, `sha256`,
    /// `bytes`, `archive`) goes with its old path, the file having other bytes.
    package static func substituted(_ section: Any?, path: String) -> [String: Any] {
        var value = section as? [String: Any] ?? [:]
        for pin in ["url", "mirrors", "sha256", "bytes", "archive"] { value[pin] = nil }
        value["path"] = path
        return value
    }
}

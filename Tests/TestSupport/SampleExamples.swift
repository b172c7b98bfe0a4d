import Foundation

extension TestProject {
    /// The sample corpus's sentence pairs and the analyzers written for them
    /// (`Corpus/sample/sentences-en-es.tsv`, `analyzer-en.automorf.bin`, `analyzer-es.automorf.bin`),
    /// as a config's `examples` section: the sample's `pipeline.json` has none, so that its release
    /// stays what it was; tests add it.
    package static var sampleExamplesSection: [String: Any] {
        [
            "path": "sentences-en-es.tsv", "id": "sample-pairs", "learnedColumn": 1, "learnerColumn": 2, "learnerLanguage": "es",
            "title": "Sample sentence pairs", "license": ["name": "CC0-1.0", "attribution": "vocab-pipeline sample corpus"],
            "learnedAnalyzer": ["path": "analyzer-en.automorf.bin"], "learnerAnalyzer": ["path": "analyzer-es.automorf.bin"],
        ]
    }

    /// Writes the sample config with an `examples` section (``sampleExamplesSection``, changed by
    /// `edit`) as `folder/pipeline.json`, its corpus and stop list made absolute; returns its URL.
    package static func sampleConfigWithExamples(in folder: URL, edit: (inout [String: Any]) -> Void = { _ in }) throws -> URL {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: sampleConfig)) as! [String: Any]
        anchor(&json, at: root)
        json["corpus"] = sampleCorpus.path
        var examples = sampleExamplesSection
        edit(&examples)
        json["examples"] = examples
        let url = folder.appendingPathComponent("pipeline.json")
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }
}

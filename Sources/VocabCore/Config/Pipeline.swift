import Foundation
import VocabJSON

/// A loaded, checked config with every path resolved: what the stages run on.
package struct Pipeline: Sendable {
    /// The decoded `pipeline.json`, paths as written (the resolved ones are the URLs here).
    package var config: PipelineConfig
    /// The config file (for messages).
    package var configFile: URL
    /// The folder relative source paths are resolved against.
    package var corpus: URL
    /// `<output>/<name>-<version>`: where the release is published.
    package var releaseFolder: URL
    /// `<output>/<name>-<version>.report`, beside the release: the build's diagnostics (for CI
    /// logs, not for the bundle).
    package var reportFolder: URL {
        releaseFolder.deletingLastPathComponent().appendingPathComponent("\(releaseFolder.lastPathComponent).report")
    }
    /// `<work>/<name>-<version>`: where stage artifacts go.
    package var workFolder: URL

    /// Loads and checks `file`; `corpusOverride` replaces the config's `corpus` folder.
    /// `requireInputFiles` false skips the check that every input file exists (`vocab fetch`
    /// is about to download them). Every failure is a ``ConfigError`` naming `file`.
    package static func load(
        configFile file: URL, corpusOverride: URL? = nil, requireInputFiles: Bool = true
    ) throws(ConfigError) -> Pipeline {
        var status = stat()
        if stat(file.path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw ConfigError(file: file.path, .configIsNotARegularFile)
        }
        let data: Data
        do {
            data = try FileContents.read(file)
        } catch {
            throw ConfigError(file: file.path, .unreadable)
        }
        if let problem = jsonProblem(data, file: file) { throw problem }
        let config: PipelineConfig
        do {
            config = try JSONDecoder().decode(PipelineConfig.self, from: data)
        } catch let error as DecodingError {
            let (keyPath, problem) = error.configKeyPathAndProblem
            throw ConfigError(file: file.path, item: keyPath, problem)
        } catch {
            throw ConfigError(file: file.path, .invalidJSON(error.localizedDescription))
        }
        let base = file.deletingLastPathComponent()
        let corpus = corpusOverride ?? Self.resolve(config.corpus, against: base)
        let pipeline = Pipeline(
            config: config,
            configFile: file,
            corpus: corpus,
            releaseFolder: Self.resolve(config.output.directory, against: base)
                .appendingPathComponent("\(config.dataset.name)-\(config.dataset.version)"),
            workFolder: Self.resolve(config.output.work, against: base)
                .appendingPathComponent("\(config.dataset.name)-\(config.dataset.version)")
        )
        try pipeline.check(requireInputFiles: requireInputFiles)
        return pipeline
    }

    /// What the config's JSON text itself gets wrong, before typed decoding: empty, a syntax
    /// error (with its line and column), a key written twice, a control character in a key or a
    /// string, a number no key of the config can hold (a fraction, an exponent, beyond Int64).
    /// The config is strict JSON (RFC 8259): no trailing commas, no comments.
    static func jsonProblem(_ data: Data, file: URL) -> ConfigError? {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return ConfigError(file: file.path, .empty)
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data, file: file.path)
        } catch {
            return ConfigError(file: file.path, line: error.location.line, column: error.location.column,
                               .invalidJSON(error.problem.description))
        }
        if let path = value.duplicateKeyPath { return ConfigError(file: file.path, item: path, .duplicateKey) }
        return firstProblem(in: value, path: "").map { ConfigError(file: file.path, item: $0.path, $0.problem) }
    }

    /// The first control character or unusable number in `value` (document order).
    private static func firstProblem(in value: JSONValue, path: String) -> (path: String, problem: ConfigProblem)? {
        let here = path.isEmpty ? "(top level)" : path
        switch value {
        case .object(let members):
            for (key, member) in members {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                if let code = controlCharacter(in: key) { return (memberPath, .controlCharacter(code)) }
                if let found = firstProblem(in: member, path: memberPath) { return found }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstProblem(in: item, path: "\(path)[\(index)]") { return found }
            }
        case .string(let text):
            // A tab delimiter may be written as itself.
            if path == "frequency.delimiter" && text == "\t" { return nil }
            if let code = controlCharacter(in: text) { return (here, .controlCharacter(code)) }
        case .number(let text):
            if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return (here, .notAWholeNumber(text)) }
            if Int64(text) == nil { return (here, .numberTooLarge(text)) }
        case .null, .bool:
            break
        }
        return nil
    }

    /// `U+XXXX` of the first C0 or C1 control character (or DEL) in `text`, or nil.
    private static func controlCharacter(in text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return nil }
        return "U+" + String(format: "%04X", scalar.value)
    }


    /// A source path from the config, resolved against the corpus folder.
    package func source(_ path: String) -> URL {
        Self.resolve(path, against: corpus)
    }

    /// `frequency.path`, resolved against the corpus folder.
    package var frequencyFile: URL { source(config.frequency.path) }
    /// `lexicon.path`, resolved against the corpus folder (the first layer's when `lexicon` is an array).
    package var lexiconFile: URL { source(config.lexicon.path) }
    /// Every source lexicon's `path` in order (``PipelineConfig/sourceLexicons``), resolved
    /// against the corpus folder.
    package var lexiconFiles: [URL] { config.sourceLexicons.map { source($0.path) } }
    /// The config key of the source lexicon at `layer`: `lexicon` for one, `lexicon[1]` for a layer.
    package func lexiconKeyPath(_ layer: Int) -> String { config.lexiconLayers.isEmpty ? "lexicon" : "lexicon[\(layer)]" }
    /// `selection.stopList`, resolved against the config file's folder (a maintainer's file kept
    /// beside the config, like the sense pins); nil when the config names none.
    package var stopListFile: URL? { config.selection.stopList.map(maintainerFile) }
    /// A translation lexicon's `path`, resolved against the corpus folder.
    package func translationFile(_ translation: TranslationSourceConfig) -> URL { source(translation.path) }
    /// `glosses.path`, resolved against the corpus folder; nil when the config names no gloss lexicon.
    package var glossFile: URL? { config.glosses.map { source($0.path) } }
    /// `sensePins`, resolved against the config file's folder (a maintainer's file beside the
    /// config, not a source); nil when the config names none.
    package var sensePinsFile: URL? { config.sensePins.map(maintainerFile) }

    /// A file the maintainer writes for this config (stop list, lemma table, sense pins), resolved
    /// against the config file's folder: a release config in `Corpus/release` names its own files
    /// there while its sources come from the corpus folder.
    package func maintainerFile(_ path: String) -> URL {
        Self.resolve(path, against: configFile.deletingLastPathComponent())
    }

    /// `lemmatization.analyzer.path`, resolved against the corpus folder (a file, or a MeCab or
    /// Voikko dictionary folder); nil without an analyzer, and for `icu`, which reads none.
    package var analyzerFile: URL? { config.lemmatization?.analyzer.flatMap(analyzerInput) }

    /// What an analyzer reads, resolved against the corpus folder: its file or dictionary folder;
    /// nil for `icu` (ICU's own rules for a locale).
    package func analyzerInput(_ analyzer: AnalyzerConfig) -> URL? {
        analyzer.format.readsInput ? source(analyzer.path) : nil
    }
    /// `lemmatization.hunspell`'s `.aff` and `.dic`, resolved against the corpus folder; nil without them.
    package var hunspellFiles: (aff: URL, dic: URL)? {
        config.lemmatization?.hunspell.map { (source($0.aff), source($0.dic)) }
    }
    /// `lemmatization.lemmaTable`, resolved against the config file's folder (a maintainer's file,
    /// like the stop list); nil when the config names none.
    package var lemmaTableFile: URL? { config.lemmatization?.lemmaTable.map(maintainerFile) }

    /// `examples.path`, resolved against the corpus folder; nil without an `examples` section.
    package var examplesFile: URL? { config.examples.map { source($0.path) } }
    /// The analyzer of the pairs' learned-language sentences: `lemmatization.analyzer`'s when the
    /// config has one, else `examples.learnedAnalyzer`'s, resolved against the corpus folder, with
    /// its config, else ICU's word-break rules (``AnalyzerConfig/wordBreak``); nil without an
    /// `examples` section.
    package var examplesLearnedAnalyzer: (config: AnalyzerConfig, file: URL?)? {
        guard config.examples != nil else { return nil }
        let analyzer = learnedAnalyzer ?? .wordBreak
        return (analyzer, analyzerInput(analyzer))
    }

    /// The learned language's analyzer as the config names it: `lemmatization.analyzer`, else
    /// `examples.learnedAnalyzer`; nil for neither (a language without inflection, cut into
    /// words by ICU).
    package var learnedAnalyzer: AnalyzerConfig? { config.lemmatization?.analyzer ?? config.examples?.learnedAnalyzer }
    /// The learned language's analyzer (``learnedAnalyzer``) with its file (``analyzerInput(_:)``);
    /// nil when the config has none. What the forms a learner may read are gathered with
    /// (docs/policy.md, forms).
    package var learnedAnalyzerInput: (config: AnalyzerConfig, file: URL?)? {
        learnedAnalyzer.map { ($0, analyzerInput($0)) }
    }
    /// `examples.learnerAnalyzer` with its file (``analyzerInput(_:)``); nil without an `examples`
    /// section.
    package var examplesLearnerAnalyzer: (config: AnalyzerConfig, file: URL?)? {
        config.examples.map { ($0.learnerAnalyzer, analyzerInput($0.learnerAnalyzer)) }
    }

    /// Every input file with its config key path.
    package var inputFiles: [(keyPath: String, url: URL)] {
        var files = [("frequency.path", frequencyFile)]
        for (layer, file) in lexiconFiles.enumerated() { files.append(("\(lexiconKeyPath(layer)).path", file)) }
        if let analyzer = analyzerFile { files.append(("lemmatization.analyzer.path", analyzer)) }
        if let hunspell = hunspellFiles {
            files += [("lemmatization.hunspell.aff", hunspell.aff), ("lemmatization.hunspell.dic", hunspell.dic)]
        }
        if let table = lemmaTableFile { files.append(("lemmatization.lemmaTable", table)) }
        if let stop = stopListFile { files.append(("selection.stopList", stop)) }
        if let pins = sensePinsFile { files.append(("sensePins", pins)) }
        for (index, translation) in config.translations.enumerated() {
            files.append(("translations[\(index)].path", translationFile(translation)))
        }
        if let gloss = glossFile { files.append(("glosses.path", gloss)) }
        if let examples = config.examples, let file = examplesFile {
            files.append(("examples.path", file))
            if let learned = examples.learnedAnalyzer.flatMap(analyzerInput) { files.append(("examples.learnedAnalyzer.path", learned)) }
            if let learner = analyzerInput(examples.learnerAnalyzer) { files.append(("examples.learnerAnalyzer.path", learner)) }
        }
        return files
    }

    /// The key paths of ``inputFiles`` that name a folder: a MeCab or Voikko dictionary.
    package var inputFolders: Set<String> {
        var folders = Set<String>()
        if config.lemmatization?.analyzer?.format.readsFolder == true { folders.insert("lemmatization.analyzer.path") }
        if config.examples?.learnedAnalyzer?.format.readsFolder == true { folders.insert("examples.learnedAnalyzer.path") }
        if config.examples?.learnerAnalyzer.format.readsFolder == true { folders.insert("examples.learnerAnalyzer.path") }
        return folders
    }

    /// Folder of one stage's artifacts.
    package func stageFolder(_ stage: String) -> URL {
        workFolder.appendingPathComponent(stage)
    }

    static func resolve(_ path: String, against base: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return base.appendingPathComponent(path).standardizedFileURL
    }

    /// Checks what decoding cannot: values in range, files present (when `requireInputFiles`),
    /// outputs apart from inputs.
    func check(requireInputFiles: Bool = true) throws(ConfigError) {
        func fail(_ keyPath: String, _ problem: ConfigProblem) -> ConfigError {
            ConfigError(file: configFile.path, item: keyPath, problem)
        }
        let dataset = config.dataset
        if dataset.name.isEmpty || dataset.name.contains(where: { !($0.isLowercase || $0.isNumber || "-_.".contains($0)) || !$0.isASCII }) {
            throw fail("dataset.name", .invalidDatasetName(dataset.name))
        }
        if SemanticVersion(dataset.version) == nil {
            throw fail("dataset.version", .invalidVersion(dataset.version))
        }
        let selection = config.selection
        if selection.count < 1 { throw fail("selection.count", .tooSmall(Int64(selection.count), minimum: 1)) }
        if selection.minimumFrequency < 0 { throw fail("selection.minimumFrequency", .negative(selection.minimumFrequency)) }
        for (index, word) in selection.stopWords.enumerated() {
            if let problem = PartOfSpeech.stopWordProblem(word) { throw fail("selection.stopWords[\(index)]", .invalidStopWord(problem)) }
        }
        if selection.partsOfSpeech.isEmpty { throw fail("selection.partsOfSpeech", .noPartOfSpeechKept) }
        if selection.partsOfSpeech.contains(.other) {
            throw fail("selection.partsOfSpeech", .otherPartOfSpeechKept)
        }
        let frequency = config.frequency
        if frequency.columns.partOfSpeech == nil {
            if config.lemmatization == nil { throw fail("frequency.columns.partOfSpeech", .partOfSpeechNeedsLemmatization) }
            if !frequency.tags.isEmpty { throw fail("frequency.tags", .tagsWithoutColumn) }
        } else if frequency.tags.isEmpty {
            throw fail("frequency.tags", .noTags)
        }
        if !(1...20).contains(frequency.bands) { throw fail("frequency.bands", .outOfRange(Int64(frequency.bands), allowed: 1...20)) }
        if let places = frequency.decimalPlaces, !(0...FrequencySourceConfig.maxDecimalPlaces).contains(places) {
            throw fail("frequency.decimalPlaces", .outOfRange(Int64(places), allowed: 0...Int64(FrequencySourceConfig.maxDecimalPlaces)))
        }
        if let listed = config.lemmatization?.noLemmaListed, listed < 0 {
            throw fail("lemmatization.noLemmaListed", .negative(Int64(listed)))
        }
        let columns: [(String, ColumnRef?)] = [
            ("lemma", frequency.columns.lemma), ("partOfSpeech", frequency.columns.partOfSpeech), ("frequency", frequency.columns.frequency),
        ]
        for case let (name, column?) in columns {
            switch column {
            case .index(let index) where index < 1:
                throw fail("frequency.columns.\(name)", .columnNumberBelowOne(index))
            case .name where !frequency.header:
                throw fail("frequency.columns.\(name)", .columnNameWithoutHeader)
            default: break
            }
        }
        for (index, translation) in config.translations.enumerated() where translation.language.isEmpty {
            throw fail("translations[\(index)].language", .emptyText)
        }
        if let limit = config.translation.maxSenseRank, limit < 1 {
            throw fail("translation.maxSenseRank", .tooSmall(Int64(limit), minimum: 1))
        }
        if let (keyPath, problem) = config.gates.problem(targetLanguages: config.targetLanguages) {
            throw fail(keyPath, problem)
        }
        for (layer, lexicon) in config.sourceLexicons.enumerated() where lexicon.maxBytes < 1 {
            throw fail("\(lexiconKeyPath(layer)).maxBytes", .tooSmall(lexicon.maxBytes, minimum: 1))
        }
        for (index, translation) in config.translations.enumerated() where translation.lexicon.maxBytes < 1 {
            throw fail("translations[\(index)].maxBytes", .tooSmall(translation.lexicon.maxBytes, minimum: 1))
        }
        if let glosses = config.glosses, glosses.language.isEmpty { throw fail("glosses.language", .emptyText) }
        if let glosses = config.glosses, glosses.lexicon.maxBytes < 1 {
            throw fail("glosses.maxBytes", .tooSmall(glosses.lexicon.maxBytes, minimum: 1))
        }
        if let examples = config.examples,
           let (keyPath, problem) = examples.problem(
               targetLanguages: config.targetLanguages, lemmatizationAnalyzer: config.lemmatization?.analyzer != nil) {
            throw fail("examples.\(keyPath)", problem)
        }
        let folders = inputFolders
        for (keyPath, url) in inputFiles {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            // `vocab fetch` downloads a missing file, but cannot put one where a folder or a device is.
            if !exists && !requireInputFiles { continue }
            // A dictionary folder's engine checks what the folder holds.
            if exists, folders.contains(keyPath) { continue }
            if !exists || isDirectory.boolValue {
                throw fail(keyPath, .fileNotFound(path: url.path))
            }
            // A device or a pipe (/dev/zero, /dev/stdin) would be read, hashed or waited on forever.
            var status = stat()
            if stat(url.path, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
                throw fail(keyPath, .inputIsNotARegularFile(path: url.path))
            }
        }
        try checkOutputsApartFromInputs()
    }

    /// Publishes to `<folder>/<name>-<version>` (the report folder beside it); the work folder stays.
    package mutating func redirectOutput(to folder: URL) {
        releaseFolder = folder.appendingPathComponent(releaseFolder.lastPathComponent)
    }

    /// Writes stage artifacts to `<folder>/<name>-<version>`.
    package mutating func redirectWork(to folder: URL) {
        workFolder = folder.appendingPathComponent(workFolder.lastPathComponent)
    }

    /// The release and stage folders must never hold (or be inside) an input, also when a
    /// symbolic link leads from one to the other (publishing replaces the release folder whole);
    /// and when the frequency list may not be redistributed, the work folder, whose artifacts hold
    /// its exact counts, must not be inside the output folder.
    package func checkOutputsApartFromInputs() throws(ConfigError) {
        if !config.frequency.redistributable {
            let output = releaseFolder.deletingLastPathComponent()
            let outputPaths = [output.standardizedFileURL.path, Self.physicalPath(output)]
            let workPaths = [workFolder.standardizedFileURL.path, Self.physicalPath(workFolder)]
            let inside = workPaths.contains { work in
                outputPaths.contains { folder in work == folder || work.hasPrefix(folder == "/" ? "/" : folder + "/") }
            }
            if inside {
                throw ConfigError(file: configFile.path, item: "output.work",
                                  .workInsideOutput(work: workFolder.deletingLastPathComponent().path, output: output.path))
            }
        }
        let folders = [("output.directory", releaseFolder), ("output.work", workFolder)]
            .map { ($0.0, [$0.1.standardizedFileURL.path, Self.physicalPath($0.1)]) }
        for (keyPath, url) in inputFiles {
            let inputPaths = [url.standardizedFileURL.path, Self.physicalPath(url)]
            for (outputKey, folderPaths) in folders {
                let overlaps = inputPaths.contains { input in
                    folderPaths.contains { folder in input == folder || input.hasPrefix(folder == "/" ? "/" : folder + "/") }
                }
                if overlaps {
                    throw ConfigError(file: configFile.path, item: outputKey,
                                      .outputOverwritesInput(path: url.path, inputKeyPath: keyPath))
                }
            }
        }
    }

    /// `url`'s path with the symbolic links of its existing part resolved; the part that does
    /// not exist yet (a release folder not built yet) is appended as written.
    package static func physicalPath(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            missing.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        guard let resolved = realpath(existing.path, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        var result = URL(fileURLWithPath: String(cString: resolved))
        for component in missing { result.appendPathComponent(component) }
        return result.path
    }
}

extension URL {
    /// A path given on the command line: absolute as given, or relative to the current folder.
    package static func commandLine(_ path: String) -> URL {
        URL(fileURLWithPath: path).standardizedFileURL
    }
}

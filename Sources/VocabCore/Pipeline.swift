import Foundation

/// A loaded, checked config with every path resolved: what the stages run on.
public struct Pipeline: Sendable {
    /// The decoded `pipeline.json`, paths as written (the resolved ones are the URLs here).
    public var config: PipelineConfig
    /// The config file (for messages).
    public var configFile: URL
    /// The folder relative source paths are resolved against.
    public var corpus: URL
    /// `<output>/<name>-<version>`: where the release is published.
    public var releaseFolder: URL
    /// `<work>/<name>-<version>`: where stage artifacts go.
    public var workFolder: URL

    /// Loads and checks `file`; `corpusOverride` replaces the config's `corpus` folder.
    /// `requireInputFiles` false skips the check that every input file exists (`vocab fetch`
    /// is about to download them). Every failure is a ``ConfigError`` naming `file`.
    public static func load(
        configFile file: URL, corpusOverride: URL? = nil, requireInputFiles: Bool = true
    ) throws(ConfigError) -> Pipeline {
        var status = stat()
        if stat(file.path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw ConfigError(file: file.path, .configIsNotARegularFile)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError(file: file.path, .unreadable)
        }
        let config: PipelineConfig
        do {
            config = try JSONDecoder().decode(PipelineConfig.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               let syntax = Self.jsonProblem(data, file: file) {
                throw syntax
            }
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

    /// What JSONDecoder reports only as "not valid JSON": a syntax error (with its line and
    /// column), or a number no key of the config can hold (a fraction, or beyond Int64).
    ///
    /// `JSONDecoder` decides what loads (it accepts a trailing comma, for one); this only explains
    /// its failure, in `JSONSerialization`'s words. `JSONValue.parse(_:file:)` is stricter and
    /// words its errors otherwise: it would refuse configs that load today and change messages.
    static func jsonProblem(_ data: Data, file: URL) -> ConfigError? {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return ConfigError(file: file.path, .empty)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            var description = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            var line: Int?
            var column: Int?
            if let range = description.range(of: " around character "),
               let offset = Int(description[range.upperBound...].prefix(while: \.isNumber)) {
                description = String(description[..<range.lowerBound])
                var l = 1
                var c = 1
                for byte in data.prefix(offset) {
                    if byte == 0x0A { l += 1; c = 1 } else if byte & 0xC0 != 0x80 { c += 1 }
                }
                (line, column) = (l, c)
            }
            while description.hasSuffix(".") { description.removeLast() }
            return ConfigError(file: file.path, line: line, column: column, .invalidJSON(description.lowercased()))
        }
        return badNumber(in: object, path: "").map { ConfigError(file: file.path, item: $0.path, $0.problem) }
    }

    /// The first number (keys in sorted order) that is not a whole number in the range of Int64.
    private static func badNumber(in value: Any, path: String) -> (path: String, problem: ConfigProblem)? {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                if let found = badNumber(in: object[key]!, path: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                if let found = badNumber(in: element, path: "\(path)[\(index)]") { return found }
            }
        } else if let number = value as? NSNumber, !(value is String) {
            let text = number.description
            if text.contains(".") || text.lowercased().contains("e") {
                return (path.isEmpty ? "(top level)" : path, .notAWholeNumber(text))
            }
            if Int64(text) == nil && text.allSatisfy({ $0.isNumber || $0 == "-" }) {
                return (path.isEmpty ? "(top level)" : path, .numberTooLarge(text))
            }
        }
        return nil
    }


    /// A source path from the config, resolved against the corpus folder.
    public func source(_ path: String) -> URL {
        Self.resolve(path, against: corpus)
    }

    /// `frequency.path`, resolved against the corpus folder.
    public var frequencyFile: URL { source(config.frequency.path) }
    /// `lexicon.path`, resolved against the corpus folder.
    public var lexiconFile: URL { source(config.lexicon.path) }
    /// `selection.stopList`, resolved against the corpus folder; nil when the config names none.
    public var stopListFile: URL? { config.selection.stopList.map(source) }
    /// A translation lexicon's `path`, resolved against the corpus folder.
    public func translationFile(_ translation: TranslationSourceConfig) -> URL { source(translation.path) }

    /// Every input file with its config key path.
    public var inputFiles: [(keyPath: String, url: URL)] {
        var files = [("frequency.path", frequencyFile), ("lexicon.path", lexiconFile)]
        if let stop = stopListFile { files.append(("selection.stopList", stop)) }
        for (index, translation) in config.translations.enumerated() {
            files.append(("translations[\(index)].path", translationFile(translation)))
        }
        return files
    }

    /// Folder of one stage's artifacts.
    public func stageFolder(_ stage: String) -> URL {
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
        if frequency.tags.isEmpty { throw fail("frequency.tags", .noTags) }
        if !(1...20).contains(frequency.bands) { throw fail("frequency.bands", .outOfRange(Int64(frequency.bands), allowed: 1...20)) }
        for (name, column) in [("lemma", frequency.columns.lemma), ("partOfSpeech", frequency.columns.partOfSpeech), ("frequency", frequency.columns.frequency)] {
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
        if config.lexicon.maxBytes < 1 {
            throw fail("lexicon.maxBytes", .tooSmall(config.lexicon.maxBytes, minimum: 1))
        }
        for (index, translation) in config.translations.enumerated() where translation.lexicon.maxBytes < 1 {
            throw fail("translations[\(index)].maxBytes", .tooSmall(translation.lexicon.maxBytes, minimum: 1))
        }
        for (keyPath, url) in inputFiles {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            // `vocab fetch` downloads a missing file, but cannot put one where a folder or a device is.
            if !exists && !requireInputFiles { continue }
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

    /// Publishes to `<folder>/<name>-<version>` with artifacts in `<folder>/.stages/<name>-<version>`.
    public mutating func redirectOutput(to folder: URL) {
        let name = releaseFolder.lastPathComponent
        releaseFolder = folder.appendingPathComponent(name)
        workFolder = folder.appendingPathComponent(".stages").appendingPathComponent(name)
    }

    /// The release and stage folders must never hold (or be inside) an input, also when a
    /// symbolic link leads from one to the other (publishing replaces the release folder whole).
    public func checkOutputsApartFromInputs() throws(ConfigError) {
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
    public static func physicalPath(_ url: URL) -> String {
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
    public static func commandLine(_ path: String) -> URL {
        URL(fileURLWithPath: path).standardizedFileURL
    }
}

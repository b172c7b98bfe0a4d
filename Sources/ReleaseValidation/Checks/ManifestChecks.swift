import ReleaseFormat
import VocabJSON
import VocabCore

extension ValidationCheck {
    static let manifestExists = ValidationCheck("manifest.exists", "the folder holds datapackage.json, a regular file") { context in
        let name = ValidationContext.manifestName
        guard context.folderExists else {
            return .result(".", problems: ["\(context.folder.path) is not a release folder (no such folder)"], ok: "")
        }
        if case .failure(let problem) = context.manifestData, problem.text.hasPrefix("the release folder has no")
            || problem.text.hasSuffix("not a regular file") {
            return .result(name, problems: [problem.text], ok: "")
        }
        return .ok(name, "present")
    }

    static let manifestJSON = ValidationCheck("manifest.json", "datapackage.json is valid JSON, an object") { context in
        let name = ValidationContext.manifestName
        guard case .success = context.manifestData else { return .skip(name, "no datapackage.json") }
        if case .failure(let problem) = context.manifestValue { return .result(name, problems: [problem.text], ok: "") }
        return .ok(name, "valid JSON")
    }

    static let manifestSchema = ValidationCheck("manifest.schema", "datapackage.json matches datapackage.schema.json") { context in
        let name = ValidationContext.manifestName
        switch (context.manifestData, context.manifestValue) {
        case (.failure, _): return .skip(name, "no datapackage.json")
        case (_, .failure): return .skip(name, "datapackage.json is not a valid JSON object")
        case (_, .success(let value)):
            do {
                let violations = try ReleaseSchemas.dataPackageValidator().validate(value)
                return .result(name, problems: violations.map(\.description), ok: "matches \(ReleaseSchemas.dataPackageFileName)")
            } catch {
                return .result(name, problems: [ValidationContext.reason(error)], ok: "")
            }
        }
    }
}

extension ValidationCheck {
    static let manifestTables = ValidationCheck(
        "manifest.tables", "the resources are the format's: one per table with its dialect and Table Schema, then the bundle"
    ) { context in
        let name = ValidationContext.manifestName
        guard let manifest = context.manifest else { return .skip(name, "datapackage.json does not have the manifest's shape") }
        let byName = Dictionary(manifest.resources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func file(_ resource: String) -> ReleaseResources.WrittenFile? {
            byName[resource].map(ReleaseResources.WrittenFile.init(listedIn:))
        }
        let dataset = manifest.name
        guard let database = file(ReleaseResources.name(dataset: dataset, table: ReleaseSchema.cardTable)),
              let bundle = file(ReleaseResources.bundleName(dataset: dataset))
        else {
            return .result(name, problems: ["the manifest lists no \(ReleaseResources.name(dataset: dataset, table: ReleaseSchema.cardTable)) or \(ReleaseResources.bundleName(dataset: dataset)) resource"], ok: "")
        }
        let dictionary = file(ReleaseResources.name(dataset: dataset, table: DictionarySchema.cardTable, dictionary: true))
        let expected = ReleaseResources.resources(
            dataset: dataset, bands: manifest.bands, database: database, bundle: bundle, dictionary: dictionary)
        var problems: [String] = []
        if manifest.resources.map(\.name) != expected.map(\.name) {
            problems.append("resources are [\(manifest.resources.map(\.name).joined(separator: ", "))], expected [\(expected.map(\.name).joined(separator: ", "))]")
        }
        for resource in expected {
            guard let found = byName[resource.name] else { continue }
            if found.path != resource.path { problems.append("\(resource.name) is in \(found.path), not in \(resource.path)") }
            if found.dialect != resource.dialect { problems.append("\(resource.name) has another dialect than the format's") }
            if found.schema != resource.schema { problems.append("\(resource.name) has another Table Schema than the format's") }
            if found.format != resource.format || found.mediatype != resource.mediatype {
                problems.append("\(resource.name) is not \(resource.format) (\(resource.mediatype))")
            }
        }
        return .result(name, problems: problems, ok: "\(expected.count) resources, each with the format's dialect and Table Schema")
    }
}

extension ValidationCheck {
    static let manifestLocationFree = ValidationCheck(
        "manifest.location-free", "the manifest names no machine path: no source or config path is absolute, the config records no corpus or output folder"
    ) { context in
        let name = ValidationContext.manifestName
        guard case .success(let manifest) = context.manifestValue else { return .skip(name, "datapackage.json is not a valid JSON object") }
        var problems: [String] = []
        for (index, source) in (manifest["sources"]?.arrayValue ?? []).enumerated() {
            if let path = source["path"]?.stringValue, machinePath(path) { problems.append("sources[\(index)].path is a machine path: \(path)") }
        }
        if let config = manifest["config"] {
            for key in ["corpus", "output"] where config[key] != nil {
                problems.append("config.\(key) says where the build's folders were: a release records no location")
            }
            problems += machinePaths(in: config, at: "config")
        }
        return .result(name, problems: problems, ok: "no machine path in sources or config")
    }

    /// An absolute path (`/…`, `~/…`), not a one-character value such as a `/` delimiter.
    static func machinePath(_ text: String) -> Bool {
        text.count > 1 && (text.hasPrefix("/") || text.hasPrefix("~/"))
    }

    /// `key path: value` of every string under `value` that is a machine path.
    static func machinePaths(in value: JSONValue, at path: String) -> [String] {
        switch value {
        case .object(let members): members.flatMap { machinePaths(in: $0.value, at: "\(path).\($0.key)") }
        case .array(let items): items.enumerated().flatMap { machinePaths(in: $0.element, at: "\(path)[\($0.offset)]") }
        case .string(let text) where machinePath(text): ["\(path) is a machine path: \(text)"]
        default: []
        }
    }
}

import ReleaseFormat
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

import Foundation
import ReleaseFormat
import VocabCore

extension ValidationCheck {
    static let jsonValid = ValidationCheck("json.valid", "the JSON bundle is a regular file holding valid JSON, an object") { context in
        guard let name = context.bundleName, context.exists(name) else {
            return .skip(context.bundleName ?? "*.json", "no JSON bundle to check")
        }
        guard context.isRegularFile(name) else { return .result(name, problems: ["\(name) is not a regular file; it was not opened"], ok: "") }
        switch context.bundleValue {
        case .failure(let problem)?: return .result(name, problems: [problem.text], ok: "")
        case .success?: return .ok(name, "valid JSON")
        case nil: return .result(name, problems: ["cannot read \(name)"], ok: "")
        }
    }

    static let jsonSchema = ValidationCheck("json.schema", "the JSON bundle matches bundle.schema.json") { context in
        let name = context.bundleName ?? "*.json"
        guard case .success(let bundle)? = context.bundleValue else { return .skip(name, "no valid JSON bundle to check") }
        do {
            let violations = try ReleaseSchemas.bundleValidator().validate(bundle)
            return .result(name, problems: violations.map(\.description), ok: "matches \(ReleaseSchemas.bundleFileName)")
        } catch {
            return .result(name, problems: [ValidationContext.reason(error)], ok: "")
        }
    }

    static let jsonHeader = ValidationCheck("json.header", "the JSON bundle's header agrees with the manifest") { context in
        let name = context.bundleName ?? "*.json"
        guard case .success(let bundle)? = context.bundleValue else { return .skip(name, "no valid JSON bundle to check") }
        guard case .success(let manifest) = context.manifestValue else { return .skip(name, "no usable datapackage.json to compare with") }
        let problems = BundleDocument.headerKeys.filter { bundle[$0] != manifest[$0] }.map { key in
            "\(key) is \(bundle[key]?.brief ?? "missing"), the manifest has \(manifest[key]?.brief ?? "none")"
        }
        return .result(name, problems: problems, ok: "header agrees with datapackage.json")
    }
}

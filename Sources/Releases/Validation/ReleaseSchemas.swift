import Foundation
import VocabCore

/// The JSON Schemas of a release's JSON files, shipped as resources of this module
/// (`Sources/Releases/Schemas/*.schema.json`, the single source of truth).
public enum ReleaseSchemas {
    /// `bundle.schema.json`: the `<name>.json` bundle.
    public static let bundleFileName = "bundle.schema.json"
    /// `datapackage.schema.json`: the release manifest.
    public static let dataPackageFileName = "datapackage.schema.json"

    /// The folder of schema files inside the module's resource bundle.
    public static var folder: URL {
        Bundle.module.bundleURL.appendingPathComponent("Schemas", isDirectory: true)
    }

    /// The bytes of the schema file `name`.
    public static func data(_ name: String) throws -> Data {
        let url = folder.appendingPathComponent(name)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw VocabError(.validation, file: url.path, "cannot read the JSON Schema: \(error.localizedDescription)")
        }
    }

    /// A validator for the bundle (`<name>.json`).
    public static func bundleValidator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: data(bundleFileName))
    }

    /// A validator for `datapackage.json`.
    public static func dataPackageValidator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: data(dataPackageFileName))
    }
}

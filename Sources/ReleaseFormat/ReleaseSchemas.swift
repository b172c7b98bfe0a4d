import Foundation
import VocabCore
import VocabJSON

/// The JSON Schemas of a release's JSON files, shipped as resources of this module
/// (`Sources/ReleaseFormat/Schemas/*.schema.json`, the single source of truth).
package enum ReleaseSchemas {
    /// `bundle.schema.json`: the `<name>.json` bundle.
    package static let bundleFileName = "bundle.schema.json"
    /// `datapackage.schema.json`: the release manifest.
    package static let dataPackageFileName = "datapackage.schema.json"

    /// The folder of schema files inside the module's resource bundle.
    package static var folder: URL {
        Bundle.module.bundleURL.appendingPathComponent("Schemas", isDirectory: true)
    }

    /// The schema file `name`, parsed.
    package static func schema(_ name: String) throws -> JSONValue {
        let url = folder.appendingPathComponent(name)
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw SchemaResourceError(location: ErrorLocation(file: url.path), message: "cannot read the JSON Schema (is the module's resource folder beside the executable?): \(SystemReason.describe(error))")
        }
        return try JSONValue.parse(data, file: url.path)
    }

    /// A validator for the bundle (`<name>.json`).
    package static func bundleValidator() throws -> JSONSchemaValidator {
        JSONSchemaValidator(schema: try schema(bundleFileName))
    }

    /// A validator for `datapackage.json`.
    package static func dataPackageValidator() throws -> JSONSchemaValidator {
        JSONSchemaValidator(schema: try schema(dataPackageFileName))
    }
}

/// A JSON Schema resource of this module that cannot be read.
package struct SchemaResourceError: LocatedError, Equatable {
    /// The schema file's path.
    package var location: ErrorLocation
    /// Why it cannot be read, with the system's reason.
    package var message: String
}

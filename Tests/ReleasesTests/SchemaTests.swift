import Foundation
import ReleaseFormat
import Releases
import Testing
import VocabCore
import VocabJSON

@Suite struct SchemaTests {
    /// The keywords `JSONSchemaValidator` implements, plus annotations it may ignore safely.
    static let supported: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "enum", "const",
        "minimum", "maximum", "minLength", "pattern", "anyOf", "$ref", "$defs",
        "$schema", "$id", "title", "description",
    ]

    static let names = [ReleaseSchemas.bundleFileName, ReleaseSchemas.dataPackageFileName]

    /// The schema files in the source tree, the single source of truth.
    static func sourceFile(_ name: String) -> URL {
        Fixtures.packageRoot.appendingPathComponent("Sources/ReleaseFormat/Schemas").appendingPathComponent(name)
    }

    @Test(arguments: names)
    func schemaFilesAreValidJSONObjects(_ name: String) throws {
        let data = try Data(contentsOf: Self.sourceFile(name))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        // The copy in the resource bundle is the same file.
        #expect(try ReleaseSchemas.schema(name) == JSONValue.parse(data))
    }

    @Test(arguments: names)
    func schemasUseOnlyTheValidatorsKeywords(_ name: String) throws {
        let root = try JSONValue.parse(Data(contentsOf: Self.sourceFile(name)))
        var unsupported: [String] = []
        var references: [String] = []
        func walk(_ schema: JSONValue, at path: String) {
            guard case .object(let members) = schema else { return }
            for (key, value) in members {
                if !Self.supported.contains(key) { unsupported.append("\(path)/\(key)") }
                switch key {
                case "properties", "$defs":
                    if case .object(let children) = value {
                        for (child, sub) in children { walk(sub, at: "\(path)/\(key)/\(child)") }
                    }
                case "items", "additionalProperties":
                    walk(value, at: "\(path)/\(key)")
                case "anyOf":
                    if case .array(let options) = value {
                        for (index, option) in options.enumerated() { walk(option, at: "\(path)/anyOf/\(index)") }
                    }
                case "$ref":
                    if case .string(let target) = value { references.append(target) }
                default:
                    break
                }
            }
        }
        walk(root, at: "")
        #expect(unsupported.isEmpty, "keywords the validator would ignore: \(unsupported)")
        // Every reference resolves.
        guard let definitions = root["$defs"], definitions.objectValue != nil else {
            Issue.record("no $defs")
            return
        }
        for reference in references {
            #expect(reference.hasPrefix("#/$defs/") && definitions[String(reference.dropFirst(8))] != nil, "\(reference)")
        }
    }

    @Test func schemasRejectWhatTheFormatForbids() throws {
        let bundle = try ReleaseSchemas.bundleValidator()
        func word(_ changes: String) -> Data {
            let base: [String: String] = [
                "name": "\"time\"", "reading": "null", "pos": "\"noun\"", "freq": "10", "freqRank": "1", "band": "1", "definition": "null", "definitionLanguage": "null",
                "translations": "{\"es\":[\"tiempo\"]}", "translationSources": "{\"es\":[\"omw-es:1.4\"]}", "synonyms": "[]", "sentences": "[]", "examples": "[]", "sourceLemma": "\"time\"",
                "pronunciations": "[{\"text\":\"taɪm\",\"variety\":\"US\",\"audio\":null,\"generated\":false}]",
                "provenance": "{\"lexicon\":\"x:1\",\"entry\":\"e\",\"sense\":\"s\",\"synset\":\"y\",\"ili\":null,\"senseRank\":1,\"pinned\":false,\"senseCheck\":null}",
            ]
            var fields = base
            for change in changes.split(separator: "|") where !change.isEmpty {
                let parts = change.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 1 { fields[parts[0]] = nil } else { fields[parts[0]] = parts[1] }
            }
            let body = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
            return Data("""
                {"name":"x","version":"1.0.0","schemaVersion":\(ReleaseSchema.version),"created":"2025-01-01T00:00:00Z","sourceLanguage":"en",
                 "targetLanguages":["es"],"frequencies":"counts","bands":20,"words":[{\(body)}]}
                """.utf8)
        }
        #expect(try bundle.validate(word("")).isEmpty)
        #expect(try bundle.validate(word("freq=null|freqRank=null")).isEmpty)
        #expect(try bundle.validate(word(#"sentences=["a","b"]|examples=[{"text":"a","translation":null,"source":"lexicon","sameSense":true},{"text":"b","translation":"B","source":"tatoeba","sameSense":false}]"#)).isEmpty)
        for bad in ["examples", "examples=[\"a\"]", #"examples=[{"text":"a","translation":null,"source":"lexicon"}]"#,
                    #"examples=[{"text":"","translation":null,"source":"lexicon","sameSense":true}]"#,
                    #"examples=[{"text":"a","translation":"","source":"tatoeba","sameSense":true}]"#,
                    #"examples=[{"text":"a","translation":null,"source":"lexicon","sameSense":true,"extra":1}]"#] {
            #expect(try !bundle.validate(word(bad)).isEmpty, "\(bad)")
        }
        #expect(try bundle.validate(word("reading=\"たいむ\"")).isEmpty)
        for bad in ["reading", "reading=\"\"", "reading=1", "pos=\"pronoun\"", "band=21", "band=0", "freq=1.5", "freqRank=\"1\"", "freqRank", "freqRank=null|rank=null", "extra=1", "definition",
                    "provenance={}", "translations={\"es\":[1]}", "pronunciations", "translationSources",
                    "translationSources={\"es\":[\"no version\"]}",
                    "pronunciations=[{\"text\":\"\",\"variety\":null,\"audio\":null,\"generated\":true}]",
                    "pronunciations=[{\"text\":\"a\",\"variety\":null,\"generated\":true}]",
                    "pronunciations=[{\"text\":\"a\",\"variety\":null,\"audio\":null,\"generated\":\"yes\"}]",
                    "provenance={\"lexicon\":\"x:1\",\"entry\":\"e\",\"sense\":\"s\",\"synset\":\"y\",\"ili\":null,\"senseRank\":1,\"pinned\":1,\"senseCheck\":null}"] {
            #expect(try !bundle.validate(word(bad)).isEmpty, "\(bad)")
        }
    }

    /// A source outside the corpus is named by its identity, never by a machine path (schema 7):
    /// the manifest schema takes a `system:` source of the lemmatizer's roles with its package,
    /// and rejects an absolute path, a package without a name and a role it does not know.
    @Test func theManifestSchemaTakesSourcesByIdentityAndRejectsMachinePaths() throws {
        let validator = try ReleaseSchemas.dataPackageValidator()
        let manifest = try Fixtures.sampleRelease.get().appendingPathComponent("datapackage.json")
        let original = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        func withSource(_ change: (inout [String: Any]) -> Void) throws -> [JSONSchemaValidator.Violation] {
            var object = original
            var sources = try #require(object["sources"] as? [[String: Any]])
            var source = sources[0]
            change(&source)
            sources.append(source)
            object["sources"] = sources
            return validator.validate(try JSONValue.parse(JSONSerialization.data(withJSONObject: object)))
        }
        #expect(try withSource { _ in }.isEmpty)
        let system = try withSource {
            $0["path"] = "system:hunspell-es/es_ES.aff"
            $0["role"] = "morphology"
            $0["package"] = ["name": "hunspell-es", "version": "1:7.5.0-1"]
            $0["license"] = nil
            $0["attribution"] = nil
        }
        #expect(system.isEmpty, "\(system)")
        #expect(try withSource { $0["role"] = "lemmatable"; $0["package"] = ["name": "hunspell-es"] }.isEmpty)
        let bad: [(String, (inout [String: Any]) -> Void)] = [
            ("an absolute path", { $0["path"] = "/usr/share/hunspell/es_ES.aff" }),
            ("a home path", { $0["path"] = "~/corpus/frequency.csv" }),
            ("a package without a name", { $0["package"] = ["version": "1"] }),
            ("a package with another key", { $0["package"] = ["name": "hunspell-es", "path": "/usr/share"] }),
            ("an unknown role", { $0["role"] = "analyzer" }),
        ]
        for (what, change) in bad {
            #expect(try !withSource(change).isEmpty, "\(what)")
        }
    }
}

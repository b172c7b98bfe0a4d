import ReleaseFormat
import Releases
import VocabCore

extension ValidationCheck {
    static let resourcesExist = ValidationCheck(
        "resources.exist", "every resource datapackage.json lists is a regular file inside the folder"
    ) { context in
        let name = ValidationContext.manifestName
        guard case .success(let manifest) = context.manifestValue else { return .skip(name, "no usable datapackage.json") }
        var problems: [String] = []
        if manifest["resources"]?.arrayValue?.isEmpty ?? true { problems.append("the manifest lists no resources") }
        var seen = Set<String>()
        for resource in context.listedResources where seen.insert(resource.path).inserted {
            if !ReleaseReader.isPlainFileName(resource.path) {
                problems.append("\"\(resource.path)\" is not a file name inside the release folder")
            } else if !context.exists(resource.path) {
                problems.append("\(resource.path) is listed in datapackage.json but missing from the folder")
            } else if !context.isRegularFile(resource.path) {
                problems.append("\(resource.path) is not a regular file (a link, a folder, a FIFO or a device); it was not opened")
            }
        }
        let files = context.listedResources.map(\.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return .result(name, problems: problems, ok: "\(files.joined(separator: ", ")) present")
    }

    static let resourcesChecksums = ValidationCheck(
        "resources.checksums", "each resource has the bytes, sha256 and hash the manifest records"
    ) { context in
        let name = ValidationContext.manifestName
        guard case .success = context.manifestValue else { return .skip(name, "no usable datapackage.json") }
        // Tables of one database file share its path: each file is hashed once, and each entry compared.
        let present = context.listedResources.filter { context.isRegularFile($0.path) }
        var digests: [String: Result<(bytes: Int64, hex: String), Error>] = [:]
        guard !present.isEmpty else { return .skip(name, "no listed resource is present") }
        var problems: [String] = []
        for resource in present {
            let recordedBytes = resource.entry["bytes"]?.int64Value
            let recordedHex = resource.entry["sha256"]?.stringValue
            do {
                if digests[resource.path] == nil {
                    digests[resource.path] = Result { try Checksum.sha256(of: context.url(resource.path)) }
                }
                let actual = try digests[resource.path]!.get()
                if recordedBytes != actual.bytes {
                    problems.append("\(resource.path) has \(actual.bytes) bytes, the manifest records \(resource.entry["bytes"]?.brief ?? "none")")
                }
                if recordedHex != actual.hex {
                    problems.append("\(resource.path) has SHA-256 \(actual.hex), the manifest records \(recordedHex ?? "none")")
                }
                if let hash = resource.entry["hash"]?.stringValue, let recordedHex, hash != "sha256:\(recordedHex)" {
                    problems.append("\(resource.path): hash \"\(hash)\" disagrees with sha256 \(recordedHex)")
                }
            } catch {
                problems.append("\(resource.path): \(ValidationContext.reason(error))")
            }
        }
        let files = present.map(\.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return .result(name, problems: problems, ok: "sizes and SHA-256 of \(files.joined(separator: ", ")) match")
    }

    static let folderUnlisted = ValidationCheck(
        "folder.unlisted", "the folder holds nothing but datapackage.json, ATTRIBUTION.md, metadata.json and the listed resources"
    ) { context in
        guard let names = context.folderNames else { return .skip(".", "cannot list the release folder") }
        guard case .success = context.manifestValue else { return .skip(".", "no usable datapackage.json to compare with") }
        let listed = Set(context.listedResources.map(\.path))
        let unlisted: Set = [ValidationContext.manifestName, ReleaseFiles.attribution, ReleaseFiles.datasetteMetadata]
        let stray = names.filter { !unlisted.contains($0) && !listed.contains($0) }
        return .result(".", problems: stray.map { "\($0) is in the folder but not listed in datapackage.json" },
                       ok: "only datapackage.json, ATTRIBUTION.md, metadata.json and the listed resources")
    }
}

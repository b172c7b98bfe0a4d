import CLibArchive
import Foundation
import VocabCore

/// `vocab-bench --archives`: what taking sources from their publishers' archives adds to a build.
/// The sources whose `url` names an archive (`omw-es-1.4.tar.xz`, `spa-eng.zip`) are packed as
/// their publishers pack them (a `.tar.xz` folder with the XML, a licence and a citation; a `.zip`
/// with the text and `_about.txt`), from the corpus's files (a `.gz` unpacked first: the member is
/// the plain file). Two configs then read the same members at the same paths: one from a corpus
/// that holds them unpacked, one whose `archive` pins name them, its corpus filled by `vocab fetch`
/// from a cache holding the archives. Each run builds the first (`vocab build --force`), and
/// times the fetch that unpacks every member from the cached archives into an empty folder (the
/// archive hashed, read to its end, the member hashed and written) and the second config's build,
/// the two in turn first. `vocab build` reads the installed members, never the archives, so the
/// two builds do the same work and what the archives add is the fetch: the guard is the median of
/// the runs' (build + fetch) / build, at most 1.10. The runs' (fetch + the build after it) /
/// the unpacked build is printed beside it: the same, plus the difference between two builds of
/// the same files, which is the machine's noise.
struct ArchivesTiming: Measuring {
    let pipeline: Pipeline
    let configURL: URL
    let executable: URL
    let runs: Int
    let work: URL

    /// A source packed into an archive: its config key, the member's file name and file, its path
    /// inside the archive, the archive.
    struct Packed {
        var keyPath: String
        var member: String
        var memberFile: URL
        var inArchive: String
        var archive: URL
    }

    func run() throws {
        let shipped = pipeline.sources.filter { Self.format(of: $0.pin?.url) != nil }
        guard !shipped.isEmpty else {
            print("archives: skipped: no source's url names a .tar, .tar.gz, .tar.xz, .tar.bz2 or .zip")
            return
        }
        let folder = work.appendingPathComponent("archives")
        let unpacked = folder.appendingPathComponent("unpacked"), fetched = folder.appendingPathComponent("fetched")
        let cache = folder.appendingPathComponent("cache")
        let packed = try shipped.map { try pack($0, into: folder, unpacked: unpacked) }
        for corpus in [unpacked, fetched] { try linkCorpus(into: corpus) }
        let plain = try config(packed, archived: false, in: folder), archived = try config(packed, archived: true, in: folder)
        let build = BuildRun(executable: executable, corpus: nil, output: folder.appendingPathComponent("out"))
        func fetch() throws -> Double {
            for item in packed { try? FileManager.default.removeItem(at: fetched.appendingPathComponent("archived/\(item.member)")) }
            let run = try spawn(executable.path, ["fetch", "--config", archived.path, "--corpus", fetched.path, "--cache", cache.path, "--quiet"], quiet: false)
            guard run.status == 0 else { throw BenchError("vocab fetch of the archives failed (status \(run.status))") }
            return run.seconds
        }
        _ = try fetch()  // the archives into the cache, untimed: a CI cache holds them
        var plainBuilds: [Double] = [], fetches: [Double] = [], archivedBuilds: [Double] = []
        for run in 1...max(1, runs) {
            // In turn first, so that a machine slowing down or speeding up favours neither.
            var plainBuild = 0.0
            if run % 2 == 1 { plainBuild = try build.run(plain, corpus: .some(unpacked)).seconds }
            let unpacking = try fetch()
            let archivedBuild = try build.run(archived, corpus: .some(fetched)).seconds
            if run % 2 == 0 { plainBuild = try build.run(plain, corpus: .some(unpacked)).seconds }
            plainBuilds.append(plainBuild); fetches.append(unpacking); archivedBuilds.append(archivedBuild)
            print(String(format: "run %d: build from the unpacked members %.3f s; vocab fetch unpacking them from the cached archives %.3f s, then the build %.3f s",
                         run, plainBuild, unpacking, archivedBuild))
        }
        let added = median(zip(plainBuilds, fetches).map { ($0 + $1) / $0 })
        let endToEnd = median(zip(plainBuilds, zip(fetches, archivedBuilds)).map { ($1.0 + $1.1) / $0 })
        print("archives (" + packed.map { "\($0.keyPath): \($0.archive.lastPathComponent) holding \($0.member)" }.joined(separator: ", ") + "):")
        print(String(format: "  build from the unpacked members (median of %d): %.3f s", plainBuilds.count, median(plainBuilds)))
        print(String(format: "  vocab fetch unpacking every member from the cached archives: %.3f s; the build after it: %.3f s (medians)",
                     median(fetches), median(archivedBuilds)))
        print(String(format: "  ratio (build + fetch) / build from the unpacked members: %.3f (median of the runs'; guard <= 1.10: %@)",
                     added, added <= 1.10 ? "met" : "NOT MET"))
        print(String(format: "  end to end, (fetch + the build after it) / build from the unpacked members: %.3f (median of the runs'; two builds of the same files apart)",
                     endToEnd))
    }

    /// `tar.xz`, `zip`, ... when `url`'s file name is such an archive; nil otherwise.
    static func format(of url: URL?) -> String? {
        guard let name = url?.lastPathComponent.lowercased() else { return nil }
        if name.hasSuffix(".tgz") { return "tar.gz" }
        return ["tar.xz", "tar.gz", "tar.bz2", "tar", "zip"].first { name.hasSuffix(".\($0)") }
    }

    /// The source's file as its publisher's member (unpacked from `.gz`) in `unpacked/archived/`,
    /// and its archive in `folder`, written as the publisher writes it.
    func pack(_ source: PipelineSource, into folder: URL, unpacked: URL) throws -> Packed {
        let format = Self.format(of: source.pin?.url)!
        let name = source.file.lastPathComponent.hasSuffix(".gz") ? String(source.file.lastPathComponent.dropLast(3)) : source.file.lastPathComponent
        let members = unpacked.appendingPathComponent("archived")
        try FileManager.default.createDirectory(at: members, withIntermediateDirectories: true)
        let member = members.appendingPathComponent(name)
        if source.file.pathExtension == "gz" { try ArchiveFiles.gunzip(source.file, to: member) } else {
            try? FileManager.default.removeItem(at: member)
            try FileManager.default.copyItem(at: source.file, to: member)
        }
        let archive = folder.appendingPathComponent("\((name as NSString).deletingPathExtension).\(format)")
        let stem = (name as NSString).deletingPathExtension
        let inArchive = format == "zip" ? name : "\(stem)/\(name)"
        let entries: [ArchiveFiles.Entry] = format == "zip"
            ? [.file(inArchive, member), .text("_about.txt", "Tab-delimited Bilingual Sentence Pairs\n")]
            : [.folder("\(stem)/"), .text("\(stem)/LICENSE", "licence\n"), .file(inArchive, member), .text("\(stem)/citation.bib", "@misc{x}\n")]
        try ArchiveFiles.write(entries, format: format, to: archive)
        return Packed(keyPath: source.keyPath, member: name, memberFile: member, inArchive: inArchive, archive: archive)
    }

    /// A corpus folder with every entry of the config's corpus linked in, beside `archived/`.
    func linkCorpus(into corpus: URL) throws {
        try FileManager.default.createDirectory(at: corpus.appendingPathComponent("archived"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: pipeline.corpus.path) where name != "archived" {
            let link = corpus.appendingPathComponent(name)
            if (try? link.checkResourceIsReachable()) != true {
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pipeline.corpus.appendingPathComponent(name))
            }
        }
    }

    /// The config reading each packed source at `archived/<member>`: pinned to the member, or
    /// (`archived`) to its archive (a `file` URL) and the member in it; no other source pinned,
    /// so that the fetch does nothing but unpack.
    func config(_ packed: [Packed], archived: Bool, in folder: URL) throws -> URL {
        let name = archived ? "archived.json" : "unpacked.json"
        return try writeVariantConfig(configURL, pipeline: pipeline, to: folder.appendingPathComponent(name)) { json in
            var paths: [String: Packed] = [:]
            for item in packed {
                if let source = pipeline.sources.first(where: { $0.keyPath == item.keyPath }) { paths[source.path] = item }
            }
            func rewrite(_ object: inout [String: Any]) {
                for key in ["url", "mirrors", "sha256", "bytes", "archive"] { object[key] = nil }
                guard let path = object["path"] as? String, let item = paths[path],
                      let member = try? Checksum.sha256(of: item.memberFile), let archive = try? Checksum.sha256(of: item.archive) else { return }
                object["path"] = "archived/\(item.member)"
                if archived {
                    object["url"] = item.archive.absoluteString
                    object.merge(["sha256": archive.hex, "bytes": archive.bytes,
                                  "archive": ["member": item.inArchive, "sha256": member.hex, "bytes": member.bytes]]) { $1 }
                } else {
                    object.merge(["sha256": member.hex, "bytes": member.bytes]) { $1 }
                }
            }
            for key in ["frequency", "lexicon", "glosses", "examples"] {
                guard var object = json[key] as? [String: Any] else { continue }
                rewrite(&object)
                json[key] = object
            }
            if var items = json["translations"] as? [[String: Any]] {
                for index in items.indices { rewrite(&items[index]) }
                json["translations"] = items
            }
        }
    }
}

/// Archives written and a `.gz` unpacked through libarchive, for the benchmark.
enum ArchiveFiles {
    /// An entry to write: a file's bytes, a text, a folder.
    enum Entry {
        case file(String, URL), text(String, String), folder(String)
    }

    /// Writes `entries` as an archive of `format` (`tar.xz`, `zip`, ...; a tar in GNU tar's format) at `url`.
    static func write(_ entries: [Entry], format: String, to url: URL) throws {
        guard let archive = archive_write_new() else { throw BenchError("libarchive could not start") }
        defer { archive_write_free(archive) }
        if format == "zip" {
            archive_write_set_format_zip(archive)
        } else {
            archive_write_set_format_gnutar(archive)
            switch format {
            case "tar.xz": archive_write_add_filter_xz(archive)
            case "tar.gz": archive_write_add_filter_gzip(archive)
            case "tar.bz2": archive_write_add_filter_bzip2(archive)
            default: break
            }
        }
        func check(_ status: Int32) throws {
            guard status == ARCHIVE_OK else { throw BenchError("writing \(url.path): \(String(cString: archive_error_string(archive)))") }
        }
        try check(archive_write_open_filename(archive, url.path))
        for item in entries {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            var data = Data()
            switch item {
            case .folder(let name):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o040000)
                archive_entry_set_perm(entry, 0o755)
            case .file(let name, _), .text(let name, _):
                if case .file(_, let file) = item { data = try Data(contentsOf: file, options: .alwaysMapped) }
                if case .text(_, let text) = item { data = Data(text.utf8) }
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_perm(entry, 0o644)
                archive_entry_set_size(entry, Int64(data.count))
            }
            archive_entry_set_mtime(entry, 1_700_000_000, 0)
            try check(archive_write_header(archive, entry))
            var offset = 0
            while offset < data.count {
                let written = data[offset..<min(data.count, offset + (1 << 20))].withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
                guard written > 0 else { throw BenchError("writing \(url.path): \(String(cString: archive_error_string(archive)))") }
                offset += written
            }
        }
        try check(archive_write_close(archive))
    }

    /// `.gz` file `source` unpacked to `target`.
    static func gunzip(_ source: URL, to target: URL) throws {
        guard let archive = archive_read_new() else { throw BenchError("libarchive could not start") }
        defer { archive_read_free(archive) }
        archive_read_support_filter_gzip(archive)
        archive_read_support_format_raw(archive)
        var entry: OpaquePointer?
        guard archive_read_open_filename(archive, source.path, 1 << 16) == ARCHIVE_OK, archive_read_next_header(archive, &entry) == ARCHIVE_OK else {
            throw BenchError("cannot unpack \(source.path)")
        }
        guard FileManager.default.createFile(atPath: target.path, contents: nil) else { throw BenchError("cannot write \(target.path)") }
        let output = try FileHandle(forWritingTo: target)
        defer { try? output.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
            guard count >= 0 else { throw BenchError("cannot unpack \(source.path)") }
            if count == 0 { break }
            try output.write(contentsOf: Data(buffer[..<count]))
        }
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLiteDatabase
import ReleaseFormat
import ReleaseValidation
import TestSupport
import Testing
import VocabCore
import VocabJSON

/// The release's `metadata.json` for Datasette: what the manifest says (title, licence, sources),
/// the search set-up of both databases, a search ordered by relevance then frequency; checked by
/// `vocab validate`, and by Datasette itself where it is installed.
@Suite struct DatasetteMetadataTests {
    static func json(_ url: URL) throws -> JSONValue { try JSONValue.parse(try Data(contentsOf: url)) }

    @Test func itSaysWhatTheManifestSays() throws {
        let release = try Fixtures.sampleRelease.get()
        let metadata = try Self.json(release.appendingPathComponent("metadata.json"))
        let manifest = try Self.json(release.appendingPathComponent("datapackage.json"))
        let title = try #require(manifest["title"]?.stringValue)
        #expect(metadata["title"]?.stringValue == "\(title) 0.1.0")
        #expect(metadata["description"]?.stringValue == manifest["description"]?.stringValue)
        #expect(metadata["license"]?.stringValue == manifest["licenseExpression"]?.stringValue)
        #expect(metadata["license"]?.stringValue == "CC-BY-4.0 AND CC-BY-3.0")
        #expect(metadata["license_url"]?.stringValue == manifest["licenses"]?.arrayValue?.first?["path"]?.stringValue)
        // Every source the words come from, by its manifest title.
        for source in manifest["sources"]?.arrayValue ?? [] where source["role"]?.stringValue != "stoplist" {
            let sourceTitle = try #require(source["title"]?.stringValue)
            #expect(metadata["source"]?.stringValue?.contains(sourceTitle) == true, "\(sourceTitle)")
        }
        // The sample's config pins no URL.
        #expect(metadata["source_url"] == nil)

        // Datasette names a database by its file name without .sqlite.
        let databases = try #require(metadata["databases"]?.objectValue)
        #expect(databases.map(\.key) == ["sample-en-es", "sample-en-es-dictionary"])
        let words = try #require(metadata["databases"]?["sample-en-es"]?["tables"]?["words"])
        #expect(words["fts_table"]?.stringValue == "words_fts" && words["fts_pk"]?.stringValue == "id")
        #expect(words["searchmode"]?.stringValue == "escaped" && words["sort"]?.stringValue == "band")
        #expect(words["columns"]?["freqRank"]?.stringValue?.contains("rank by frequency") == true)
        let entries = try #require(metadata["databases"]?["sample-en-es-dictionary"]?["tables"]?["entries"])
        #expect(entries["fts_table"]?.stringValue == "entries_fts")
        for database in ["sample-en-es", "sample-en-es-dictionary"] {
            #expect(metadata["databases"]?[database]?["tables"]?["forms"]?["description"]?.stringValue?.contains("forms a learner may read") == true)
            #expect(metadata["databases"]?[database]?["tables"]?["inflections"]?["description"]?.stringValue?.contains("readings") == true)
        }
    }

    /// The `search` query of each database runs on its file: relevance first, then frequency.
    @Test func theSearchQueryOrdersByRelevanceThenFrequency() throws {
        let release = try Fixtures.sampleRelease.get()
        let metadata = try Self.json(release.appendingPathComponent("metadata.json"))
        let sql = try #require(metadata["databases"]?["sample-en-es"]?["queries"]?["search"]?["sql"]?.stringValue)
        let queue = try SQLiteConnection(path: release.appendingPathComponent("sample-en-es.sqlite").path,
                                      readOnly: true)
        defer { try? queue.close() }
        let (year, house) = try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM (\(sql))", arguments: ["q": "año"]),
             try SQLiteRow.fetchAll(db, sql: "SELECT * FROM (\(sql))", arguments: ["q": "house"]))
        }
        #expect(year == ["year"])
        #expect(house.first?["name"] as String? == "house")
        // Ties in relevance come in id order (the release's frequency order), never in another.
        let ids = try queue.read { db in
            try SQLiteRow.fetchAll(db, sql: """
                SELECT w.id, words_fts.rank AS relevance FROM words_fts JOIN words AS w ON w.id = words_fts.rowid
                 WHERE words_fts MATCH 'searchFolded : e' ORDER BY rank, w.id
                """)
        }
        for (a, b) in zip(ids, ids.dropFirst()) {
            let (ra, rb) = (a["relevance"] as Double, b["relevance"] as Double)
            #expect(ra < rb || (ra == rb && (a["id"] as Int) < (b["id"] as Int)))
        }
        // The dictionary's query runs too (no band there).
        let dictionarySQL = try #require(metadata["databases"]?["sample-en-es-dictionary"]?["queries"]?["search"]?["sql"]?.stringValue)
        let dictionary = try SQLiteConnection(path: release.appendingPathComponent("sample-en-es-dictionary.sqlite").path,
                                           readOnly: true)
        defer { try? dictionary.close() }
        let cars = try dictionary.read { try String.fetchAll($0, sql: "SELECT name FROM (\(dictionarySQL))", arguments: ["q": "automóvil"]) }
        #expect(!cars.isEmpty && cars.allSatisfy { ["auto", "automobile", "car", "motorcar"].contains($0) }, "\(cars)")
    }

    @Test func validateChecksItAgainstTheManifest() throws {
        let copy = try Fixtures.sampleCopy()
        defer { Fixtures.discard(copy) }
        #expect(ReleaseValidator().validate(copy).finding("datasette.metadata")?.status == .ok)
        let file = copy.appendingPathComponent("metadata.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"license\": \"CC-BY-4.0 AND CC-BY-3.0\"", with: "\"license\": \"CC0-1.0\"")
            .write(to: file, atomically: false, encoding: .utf8)
        let report = ReleaseValidator().validate(copy)
        #expect(!report.valid)
        let finding = try #require(report.finding("datasette.metadata"))
        #expect(finding.status == .fail)
        #expect(report.text.contains("\"license\" is \"CC0-1.0\""), "\(report.text)")

        try FileManager.default.removeItem(at: file)
        #expect(ReleaseValidator().validate(copy).finding("datasette.metadata")?.status == .fail)
    }
}

/// Datasette (PyPI `datasette`; `.ci/run` installs it in `.build/ci-python`) serving the sample
/// release with its `metadata.json` on 127.0.0.1: the licence is shown, the search works.
@Suite(.serialized, .enabled(if: DatasetteServer.python != nil, "Datasette is not installed (pip install datasette, in .build/ci-python or for python3)"))
struct DatasetteServerTests {
    @Test func datasetteShowsTheLicenceAndSearches() throws {
        let release = try Fixtures.sampleRelease.get()
        let server = try DatasetteServer(release: release)
        defer { server.stop() }
        let metadata = try server.json("/-/metadata.json")
        #expect(metadata["license"]?.stringValue == "CC-BY-4.0 AND CC-BY-3.0")
        #expect(metadata["license_url"]?.stringValue == "https://creativecommons.org/licenses/by/4.0/")
        // The table page shows the licence it inherits.
        let page = try server.text("/sample-en-es/words")
        #expect(page.contains("CC-BY-4.0 AND CC-BY-3.0"))
        // Datasette's search over words_fts (found through metadata.json's fts_table), accents kept.
        let found = try server.json("/sample-en-es/words.json?_search=a%C3%B1o&_shape=array&_col=name")
        #expect(found.arrayValue?.compactMap { $0["name"]?.stringValue } == ["year"])
        // The canned query: relevance, then frequency.
        let searched = try server.json("/sample-en-es/search.json?q=vez&_shape=array")
        #expect(searched.arrayValue?.first?["name"]?.stringValue == "time")
        // Sorting by the rank column no longer clashes with FTS5's hidden rank.
        let sorted = try server.json("/sample-en-es/words.json?_search=house&_sort=freqRank&_shape=array&_col=name")
        #expect(sorted.arrayValue?.compactMap { $0["name"]?.stringValue } == ["house"])
        let dictionary = try server.json("/sample-en-es-dictionary/entries.json?_search=motorcar&_shape=array&_col=name")
        #expect(dictionary.arrayValue?.compactMap { $0["name"]?.stringValue } == ["motorcar"])
    }
}

/// A Datasette process on a free port of 127.0.0.1, serving a release's two databases.
final class DatasetteServer: @unchecked Sendable {
    /// A Python that imports datasette: the CI's virtual environment's, else `python3`'s.
    static let python = TestProject.python(importing: "datasette")

    let process = Process()
    let port: Int
    let log: URL

    init(release: URL) throws {
        let python = try #require(Self.python)
        port = try Self.freePort()
        log = try TestProject.temporaryFolder("datasette").appendingPathComponent("datasette.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw TestSetupError("cannot create Datasette's log \(log.path)")
        }
        process.executableURL = URL(fileURLWithPath: python)
        process.currentDirectoryURL = release
        process.arguments = ["-m", "datasette", "serve", "sample-en-es.sqlite", "sample-en-es-dictionary.sqlite",
                             "--metadata", "metadata.json", "--host", "127.0.0.1", "--port", String(port)]
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    /// Stops the server: SIGTERM, then SIGKILL if it is still running 3 seconds later (uvicorn's
    /// graceful shutdown may wait on open connections).
    func stop() {
        if process.isRunning { process.terminate() }
        for _ in 0..<30 where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<50 where process.isRunning { usleep(100_000) }
        try? FileManager.default.removeItem(at: log.deletingLastPathComponent())
    }

    /// A port nothing listens on: bound to 0, read back, released.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSetupError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0 else { throw TestSetupError("bind() failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw TestSetupError("getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The body at `path`, waiting up to 30 seconds for the server to start.
    func text(_ path: String) throws -> String {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        var lastError = "no answer"
        for _ in 0..<150 {
            guard process.isRunning else { break }
            switch Self.get(url) {
            case .success(let (status, body)):
                guard status == 200 else { throw TestSetupError("GET \(path): HTTP \(status): \(body.prefix(300))") }
                return body
            case .failure(let error):
                lastError = "\(error)"
                usleep(200_000)
            }
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw TestSetupError("Datasette did not answer \(path) (\(lastError)): \(output.suffix(1000))")
    }

    /// One GET, waited for (5 seconds at most): the status and the body.
    static func get(_ url: URL) -> Result<(Int, String), any Error> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(Int, String), any Error> = .failure(TestSetupError("no answer"))
        session.dataTask(with: url) { data, response, error in
            if let error {
                result = .failure(error)
            } else {
                result = .success(((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self)))
            }
            done.signal()
        }.resume()
        if done.wait(timeout: .now() + 10) == .timedOut { return .failure(TestSetupError("timed out")) }
        return result
    }

    /// The JSON at `path`.
    func json(_ path: String) throws -> JSONValue {
        try JSONValue.parse(Data(try text(path).utf8))
    }
}

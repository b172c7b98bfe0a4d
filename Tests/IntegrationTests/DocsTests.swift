import Foundation
import TestSupport
import Testing
import VocabCore

/// The documentation (README.md and docs/): short enough, every link leads somewhere, every table
/// renders, and the README's two commands are the ones CI and the package run.
@Suite struct DocsTests {
    static let root = Project.root
    static let readme = root.appendingPathComponent("README.md")

    /// README.md, then every `.md` under docs/, sorted.
    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        var found: [URL] = []
        if let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "md" { found.append(url) }
        }
        return [readme] + found.sorted { $0.path < $1.path }
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The lines outside fenced code blocks, with their 1-based numbers.
    static func proseLines(_ text: String) -> [(number: Int, line: String)] {
        var fence: String?
        var result: [(Int, String)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(while: { $0 == trimmed.first }))
                continue
            }
            result.append((index + 1, line))
        }
        return result
    }

    /// `line` without its code spans (a link inside one is text, not a link).
    static func withoutCodeSpans(_ line: String) -> String {
        line.replacingOccurrences(of: "`[^`]*`", with: "``", options: .regularExpression)
    }

    /// GitHub's anchor for a heading: lower-cased, punctuation but `-` and `_` dropped, spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" { return Character(scalar) }
            return nil
        })
    }

    /// The anchors of a Markdown file's headings.
    static func anchors(_ text: String) -> Set<String> {
        Set(proseLines(text).compactMap { _, line in
            guard line.hasPrefix("#") else { return nil }
            return anchor(line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces))
        })
    }

    @Test func theReadmeIsAtMost350Lines() throws {
        let lines = try Self.text(Self.readme).split(separator: "\n", omittingEmptySubsequences: false)
        // A final newline gives one empty element after the last line.
        #expect(lines.count - 1 <= 350, "README.md has \(lines.count - 1) lines")
    }

    @Test func everyRelativeLinkLeadsToAFileAndItsHeading() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var broken: [String] = []
        var checked = 0
        for document in try Self.documents() {
            let folder = document.deletingLastPathComponent()
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            for (number, line) in Self.proseLines(try Self.text(document)) {
                for match in Self.withoutCodeSpans(line).matches(of: link) {
                    let target = String(match.output[1].substring ?? "")
                    if target.contains("://") || target.hasPrefix("mailto:") { continue }
                    checked += 1
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = String(parts[0])
                    let file = path.isEmpty ? document : folder.appendingPathComponent(path).standardizedFileURL
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
                        broken.append("\(name):\(number): \(target): no such file")
                        continue
                    }
                    if parts.count == 2, file.pathExtension == "md", !isDirectory.boolValue,
                       !Self.anchors(try Self.text(file)).contains(String(parts[1])) {
                        broken.append("\(name):\(number): \(target): no such heading")
                    }
                }
            }
        }
        #expect(checked > 20, "the README and docs link each other")
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    /// A run of lines starting with `|` is one table: a header row, then the delimiter row, then
    /// rows with as many cells (a paragraph inside a table cuts it in two, and the second half
    /// renders as text).
    @Test func everyTableRenders() throws {
        func cells(_ row: String) -> Int {
            var count = 0
            var escaped = false
            for character in row.trimmingCharacters(in: .whitespaces) {
                if character == "|" && !escaped { count += 1 }
                escaped = character == "\\" && !escaped
            }
            return count - 1
        }
        var problems: [String] = []
        var tables = 0
        for document in try Self.documents() {
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            var run: [(number: Int, line: String)] = []
            for entry in Self.proseLines(try Self.text(document)) + [(number: Int.max, line: "")] {
                if entry.line.trimmingCharacters(in: .whitespaces).hasPrefix("|") {
                    run.append(entry)
                    continue
                }
                defer { run = [] }
                guard let header = run.first else { continue }
                tables += 1
                let delimiter = run.count > 1 ? run[1].line.trimmingCharacters(in: .whitespaces) : ""
                guard delimiter.wholeMatch(of: try Regex(#"\|(\s*:?-{3,}:?\s*\|)+"#)) != nil else {
                    problems.append("\(name):\(header.number): a table without a header and delimiter row")
                    continue
                }
                let width = cells(header.line)
                for row in run where cells(row.line) != width {
                    problems.append("\(name):\(row.number): \(cells(row.line)) cells, the header has \(width)")
                }
            }
        }
        #expect(tables > 10)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The commands of the README's "Two commands" block, without comments.
    static func twoCommands() throws -> [String] {
        let text = try text(readme)
        let section = try #require(text.range(of: "## Two commands\n"), "README.md has a \"Two commands\" section")
        let block = try #require(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n```", range: block.upperBound..<text.endIndex))
        return text[block.upperBound..<end.lowerBound].components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    @Test func theTestCommandIsTheOneCIRuns() throws {
        let commands = try Self.twoCommands()
        #expect(commands.count == 2, "\(commands)")
        #expect(commands.last == "swift test")
        let ci = try Self.text(Self.root.appendingPathComponent(".ci/run")).components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ci.contains(try #require(commands.last)), ".ci/run runs the README's test command")
    }

    /// The main job runs the package's `vocab` executable on the real release config when
    /// `../shared/corpus` exists (that config's corpus), else on the sample config.
    @Test func theMainJobRunsThePackagesExecutableOnConfigsThatExist() throws {
        let main = try #require(try Self.twoCommands().first)
        let shape = try Regex(#"^swift run -c release (\S+) build --config "\$\(test -d (\S+) && echo (\S+) \|\| echo (\S+)\)"$"#)
        let match = try #require(main.wholeMatch(of: shape), "\(main)")
        let (executable, corpus, real, sample) = (
            String(match.output[1].substring!), String(match.output[2].substring!),
            String(match.output[3].substring!), String(match.output[4].substring!))
        let manifest = try Self.text(Self.root.appendingPathComponent("Package.swift"))
        #expect(manifest.contains(".executable(name: \"\(executable)\""), "Package.swift has the executable \(executable)")
        let realPipeline = try Pipeline.load(configFile: Self.root.appendingPathComponent(real), requireInputFiles: false)
        #expect(realPipeline.corpus.path == Self.root.appendingPathComponent(corpus).standardizedFileURL.path,
                "\(real) reads its sources from \(corpus)")
        let samplePipeline = try Pipeline.load(configFile: Self.root.appendingPathComponent(sample))
        #expect(samplePipeline.corpus.path == TestProject.sampleCorpus.standardizedFileURL.path)
    }

    /// The defaults docs/configuration.md gives are the ones a config without those keys gets.
    @Test func theConfigurationReferenceGivesTheCodesDefaults() throws {
        let minimal = #"{"dataset": {"name": "x", "version": "1.0.0"}, "frequency": {"path": "f.csv", "columns": {"lemma": 1}}, "lexicon": {"path": "l.xml"}}"#
        let config = try JSONDecoder().decode(PipelineConfig.self, from: Data(minimal.utf8))
        let reference = try Self.text(Self.root.appendingPathComponent("docs/configuration.md"))
        /// The last cell of the key's row, without backticks and quotes.
        func documented(_ key: String) -> String? {
            guard let row = reference.components(separatedBy: "\n").first(where: { $0.hasPrefix("| `\(key)` |") }) else { return nil }
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells.last?.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "\"", with: "")
        }
        let actual: [(String, String)] = [
            ("corpus", config.corpus), ("selection.count", "\(config.selection.count)"),
            ("selection.minimumFrequency", "\(config.selection.minimumFrequency)"),
            ("frequency.bands", "\(config.frequency.bands)"), ("frequency.header", "\(config.frequency.header)"),
            ("output.directory", config.output.directory), ("output.work", config.output.work),
            ("dictionary.enabled", "\(config.dictionary.enabled)"), ("translation.policy", config.translation.policy.rawValue),
            // Sections and gates a config may leave out: none.
            ("reading.transform", config.reading?.transform ?? "none: no reading, pronunciations from the name"),
            ("gates.maximumWithoutReading", config.gates.maximumWithoutReading.map(String.init) ?? "none"),
            // The section's own defaults (the minimal config has none).
            ("examples.maxWords", "\(ExamplesConfig.defaultMaxWords)"), ("examples.perCard", "\(ExamplesConfig.defaultPerCard)"),
            ("examples.perSentence", "\(ExamplesConfig.defaultPerSentence)"),
            // A size the reference gives in GiB.
            ("frequency.archive.maxBytes", ArchiveMemberPin.defaultMaxBytes % (1 << 30) == 0
                ? "\(ArchiveMemberPin.defaultMaxBytes >> 30) GiB" : "\(ArchiveMemberPin.defaultMaxBytes)"),
        ]
        for (key, value) in actual {
            #expect(documented(key) == value, "docs/configuration.md's default of \(key)")
        }
    }

    /// The README names every system package `.ci/run` installs.
    @Test func theReadmeNamesEverySystemPackage() throws {
        let ci = try Self.text(Self.root.appendingPathComponent(".ci/run"))
        let list = try #require(ci.firstMatch(of: try Regex(#"packages=\(([^)]*)\)"#)))
        let packages = String(list.output[1].substring!).split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(packages.count >= 5)
        let readme = try Self.text(Self.readme)
        let missing = packages.filter { !readme.contains("`\($0)`") }
        #expect(missing.isEmpty, "README.md does not name \(missing)")
    }
}

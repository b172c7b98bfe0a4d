import CLibXML2
import Foundation
import VocabCore

/// The document level: the DOCTYPE (the WN-LMF version; no internal subset, no entity), the
/// root element, which `Lexicon` is kept, and the `LexiconExtension`s (refused when chosen).
extension LexiconLoader {
    func doctype(_ systemId: XMLName?) {
        let line = input.doctypeLine() ?? self.line
        guard let systemId, let version = LexiconReader.formatVersion(systemId: String(cString: systemId)) else {
            return fail(error(line, "DOCTYPE", .doctypeNotWNLMF))
        }
        guard LexiconReader.supportedVersions.contains(version) else {
            return fail(error(line, "DOCTYPE", .unsupportedVersion(version)))
        }
        document.formatVersion = version
    }

    func entityReference() {
        // The error itself was recorded by the error handler (an undeclared entity).
        if let parser { xmlStopParser(parser) }
    }

    func declaration(_ kind: LexiconProblem.InternalSubset) {
        fail(error(input.doctypeLine() ?? line, "DOCTYPE", .internalSubset(kind)))
    }

    /// The root element: `LexicalResource`, after a WN-LMF DOCTYPE.
    func startRoot(_ name: XMLName?, _ prefix: XMLName?, _ attributes: Attributes) {
        document.rootSeen = true
        let element = prefix == nil ? elements.child(of: .document, named: name) : .other
        stack.append(Frame(element: element, preserve: spacePreserve(attributes, inherited: false)))
        let qualified = prefix == nil ? string(name) : string(prefix) + ":" + string(name)
        guard document.formatVersion != nil else { return fail(error(line, qualified, .doctypeRequired)) }
        guard element == .resource else { return fail(error(line, qualified, .wrongRoot(qualified))) }
    }

    /// A `Lexicon`: kept when it is the one asked for (or the first, when none is), else skipped.
    func startLexicon(_ attributes: Attributes) {
        var values = [String?](repeating: nil, count: lexiconMetadata.count)
        for i in 0..<attributes.count where attributes.prefix(i) == nil {
            if let k = names.metadata.firstIndex(of: attributes.name(i)) { values[k] = attributes.string(i) }
        }
        guard let id = values[0] else { return fail(error(line, "Lexicon", .missingAttribute("id"))) }
        document.lexiconIds.append(id)
        // Without an id asked for, a second lexicon is an error at the end.
        let keep = (options.lexiconId ?? id) == id && document.info == nil
        guard keep else {
            stack[stack.count - 1].element = .skipped
            return
        }
        guard let label = values[1], let language = values[2], let version = values[3] else {
            let missing = (1...3).first { values[$0] == nil } ?? 1
            return fail(error(line, "Lexicon", .missingAttribute(lexiconMetadata[missing])))
        }
        document.info = LexiconInfo(
            id: id, label: label, language: language, version: version, license: values[4], url: values[5],
            citation: values[6], email: values[7], formatVersion: document.formatVersion ?? "")
    }

    /// A `LexiconExtension` (WN-LMF 1.1+): its entries, senses and synsets add to a lexicon
    /// that is usually in another file, which this reader does not merge. Only its `Extends`
    /// is read, for the error when it is the lexicon asked for (or the file's only one).
    func startExtension(_ attributes: Attributes) {
        var id: String?
        for i in 0..<attributes.count where attributes.name(i) == names.id && attributes.prefix(i) == nil { id = attributes.string(i) }
        guard let id else { return fail(error(line, "LexiconExtension", .missingAttribute("id"))) }
        document.lexiconIds.append(id + " (a lexicon extension)")
        document.extensions.append(Extension(id: id, line: line))
        if let wanted = options.lexiconId, wanted != id { stack[stack.count - 1].element = .skipped }
    }

    /// The lexicon an extension extends: `id` (WN-LMF 1.1 to 1.3) or `ref` (1.4), and `version`.
    func startExtends(_ attributes: Attributes) {
        var base: String?, version: String?
        for i in 0..<attributes.count where attributes.prefix(i) == nil {
            let a = attributes.name(i)
            if a == names.id || a == names.ref { base = attributes.string(i) } else if a == names.version { version = attributes.string(i) }
        }
        guard let base, !document.extensions.isEmpty else { return }
        document.extensions[document.extensions.count - 1].extends = version.map { base + ":" + $0 } ?? base
    }
}

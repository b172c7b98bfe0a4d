import CLibXML2

/// The root element and `Lexicon`: which lexicon of the file is kept, and `xml:space`.
extension Loader {
    /// Handles a start tag. Returns true when the element's subtree is to be skipped.
    mutating func startElement() throws(LexiconError) -> Bool {
        let name = xmlTextReaderConstLocalName(reader)
        if entryOpen {
            if name == names.sense { try startSense() }
            else if name == names.lemma { try startLemma() }
            return false
        }
        if synsetOpen {
            if name == names.definition || name == names.example {
                if options.keepText { startText(name == names.definition ? 1 : 2) }
            }
            return false
        }
        if inKeptLexicon {
            if name == names.lexicalEntry { try startEntry() }
            else if name == names.synset { try startSynset() }
            return false
        }
        if !rootSeen {
            rootSeen = true
            let line = nodeLine()
            guard formatVersion != nil else {
                throw error(line, elementName(name), .doctypeRequired)
            }
            guard name == names.lexicalResource else {
                throw error(line, elementName(name), .wrongRoot(elementName(name)))
            }
            let empty = xmlTextReaderIsEmptyElement(reader) == 1
            preserveStack.append(readSpaceOnly(inherited: false))
            if empty { rootEnded = true }
            return false
        }
        if name == names.lexicon && !rootEnded && xmlTextReaderDepth(reader) == 1 {
            return try startLexicon()
        }
        return false
    }

    func elementName(_ name: XMLName?) -> String {
        name.map { String(cString: $0) } ?? "?"
    }

    /// Reads only xml:space on the current element.
    func readSpaceOnly(inherited: Bool) -> Bool {
        var preserve = inherited
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if xmlTextReaderConstLocalName(reader) == names.space && xmlTextReaderConstPrefix(reader) == names.xml {
                preserve = spacePreserve(inherited)
            }
        }
        return preserve
    }

    /// Walks the current element's attributes: prefixed attributes (`dc:source`) are skipped,
    /// the others go to `body` with their interned local name. Returns whether `xml:space`
    /// asks to preserve white space in the element (else what it inherits).
    @inline(__always)
    func forEachAttribute(_ body: (XMLName) -> Void) -> Bool {
        var preserve = preserveStack.last ?? false
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let a = xmlTextReaderConstLocalName(reader)
            if a == names.space && xmlTextReaderConstPrefix(reader) == names.xml {
                preserve = spacePreserve(preserve)
                continue
            }
            guard let a, !hasPrefix() else { continue }
            body(a)
        }
        return preserve
    }

    func spacePreserve(_ inherited: Bool) -> Bool {
        let v = value()
        if v == "preserve" { return true }
        if v == "default" { return false }
        return inherited
    }

    mutating func startLexicon() throws(LexiconError) -> Bool {
        let line = nodeLine()
        let empty = xmlTextReaderIsEmptyElement(reader) == 1
        var id: String?, label: String?, language: String?, version: String?
        var license: String?, url: String?, citation: String?, email: String?
        let preserve = forEachAttribute { a in
            if a == names.id { id = value() }
            else if a == names.label { label = value() }
            else if a == names.language { language = value() }
            else if a == names.version { version = value() }
            else if a == names.license { license = value() }
            else if a == names.url { url = value() }
            else if a == names.citation { citation = value() }
            else if a == names.email { email = value() }
        }
        guard let id else { throw error(line, "Lexicon", .missingAttribute("id")) }
        lexiconIds.append(id)
        let keep: Bool
        if let wanted = options.lexiconId {
            keep = wanted == id && info == nil
        } else {
            if info != nil { severalLexicons = true }
            keep = info == nil
        }
        guard keep else { return !empty }
        guard let label else { throw error(line, "Lexicon", .missingAttribute("label")) }
        guard let language else { throw error(line, "Lexicon", .missingAttribute("language")) }
        guard let version else { throw error(line, "Lexicon", .missingAttribute("version")) }
        info = LexiconInfo(
            id: id, label: label, language: language, version: version, license: license, url: url,
            citation: citation, email: email, formatVersion: formatVersion ?? "")
        if !empty {
            inKeptLexicon = true
            preserveStack.append(preserve)
        }
        return false
    }

    mutating func endElement(_ name: XMLName?) throws(LexiconError) {
        if textTarget != 0 {
            if name == names.definition || name == names.example { endText() }
            return
        }
        if entryOpen {
            if name == names.lexicalEntry { try endEntry() }
            return
        }
        if synsetOpen {
            if name == names.synset {
                synsetOpen = false
                preserveStack.removeLast()
                synsets.append(current)
            }
            return
        }
        if inKeptLexicon {
            if name == names.lexicon {
                inKeptLexicon = false
                preserveStack.removeLast()
            }
            return
        }
        if name == names.lexicalResource && xmlTextReaderDepth(reader) == 0 { rootEnded = true }
    }
}

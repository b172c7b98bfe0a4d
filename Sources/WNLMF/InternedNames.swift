import CLibXML2

typealias XMLName = UnsafePointer<xmlChar>

/// Element and attribute names interned in the reader's dictionary, so that names coming from
/// `xmlTextReaderConstLocalName` can be compared by pointer.
struct InternedNames {
    let lexicalResource, lexicon, lexicalEntry, lemma, sense, synset, definition, example: XMLName?
    let id, label, language, version, license, url, citation, email: XMLName?
    let writtenForm, partOfSpeech, synsetAttr, n, lexicalized, ili, members, space, xml: XMLName?

    init(_ reader: xmlTextReaderPtr) {
        func intern(_ s: String) -> XMLName? {
            s.withCString { p in
                p.withMemoryRebound(to: xmlChar.self, capacity: s.utf8.count + 1) { xmlTextReaderConstString(reader, $0) }
            }
        }
        lexicalResource = intern("LexicalResource"); lexicon = intern("Lexicon")
        lexicalEntry = intern("LexicalEntry"); lemma = intern("Lemma"); sense = intern("Sense")
        synset = intern("Synset"); definition = intern("Definition"); example = intern("Example")
        id = intern("id"); label = intern("label"); language = intern("language"); version = intern("version")
        license = intern("license"); url = intern("url"); citation = intern("citation"); email = intern("email")
        writtenForm = intern("writtenForm"); partOfSpeech = intern("partOfSpeech"); synsetAttr = intern("synset")
        n = intern("n"); lexicalized = intern("lexicalized"); ili = intern("ili"); members = intern("members")
        space = intern("space"); xml = intern("xml")
    }
}

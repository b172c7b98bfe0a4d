"""Independent checks of a release's cards (issue 43), for CardChecksTests: lemmas by simplemma
(PyPI), never by the project's analyzers.

usage: card_checks.py BUNDLE LEARNED_LANGUAGE LEARNER_LANGUAGE

Prints one JSON object:
- cards: the cards; withExample: those with an example;
- firstShowsWord: those whose first example shows the card's word (one of its words is the
  card's name, or lemmatizes to it, case aside; a multiword name needs each of its words);
- pairNamesFirstWord: cards with a sentence-pair example whose translation has the first word of
  one of the card's translations into the learner's language, as a word or a word's lemma.
"""
import json
import re
import sys

import simplemma

WORD = re.compile(r"\w+(?:['’]\w+)*", re.UNICODE)


def lemmas(text, language):
    found = set()
    for token in WORD.findall(text):
        for form in (token, token.lower()):
            found.add(form.lower())
            found.add(simplemma.lemmatize(form, lang=language).lower())
    return found


def main():
    bundle, learned, learner = sys.argv[1:4]
    words = json.load(open(bundle, encoding="utf-8"))["words"]
    with_example = first_shows = pair_names = 0
    for word in words:
        examples = word.get("examples") or []
        if examples:
            with_example += 1
            name = word["name"].lower().replace("_", " ").split()
            if all(part in lemmas(examples[0]["text"], learned) for part in name):
                first_shows += 1
        firsts = {t.split()[0].lower() for t in word["translations"].get(learner, []) if t.split()}
        if any(e["source"] != "lexicon" and e.get("translation") and firsts & lemmas(e["translation"], learner) for e in examples):
            pair_names += 1
    print(json.dumps({"cards": len(words), "withExample": with_example, "firstShowsWord": first_shows,
                      "pairNamesFirstWord": pair_names}))


main()

#ifndef VOCAB_ICU_COLLATE_H
#define VOCAB_ICU_COLLATE_H
/* ICU's collation (Debian: libicu-dev) at primary strength behind plain C functions, for folding a
   language's search text: which letters the language treats as one. A plain C interface: Swift
   never sees ICU's own headers, whose types clash with the copy of ICU inside Foundation on Linux
   (_FoundationICU). Text is UTF-8 throughout. */
#include <stddef.h>
#include <stdint.h>

/* An ICU collator (a UCollator), opaque to Swift. */
typedef struct vocab_collator vocab_collator;

/* Opens ICU's collator for `locale` (a BCP 47 tag, `fi`, `pt-BR`, or an ICU locale ID, `pt_BR`) at
   primary strength, with normalization on (text need not be NFD). NULL when ICU fails (out of
   memory, a malformed tag); *status receives ICU's error name either way (`U_ZERO_ERROR`,
   `U_USING_DEFAULT_WARNING` when ICU has no data of the locale's own, `U_ILLEGAL_ARGUMENT_ERROR`).
   Close it with vocab_collator_close. */
vocab_collator *vocab_collator_open(const char *locale, const char **status);

void vocab_collator_close(vocab_collator *collator);

/* The locale whose rules ICU took (`ru`; `root` for a language without rules of its own, `en`,
   `de`, or one it does not know), written NUL-terminated into `out` (at most `capacity` bytes). */
void vocab_collator_rules_locale(const vocab_collator *collator, char *out, size_t capacity);

/* ICU's version (`72.1`) and the collator's (its rules and the Unicode Collation Algorithm's:
   `153.120.42`), NUL-terminated, at most `capacity` bytes each: what a folding depends on. */
void vocab_collator_versions(const vocab_collator *collator, char *icu, char *collator_version, size_t capacity);

/* ICU's version (`72.1`), NUL-terminated, at most `capacity` bytes: what any folding depends on,
   known without opening a collator (which maps ICU's collation data). */
void vocab_collator_icu_version(char *icu, size_t capacity);

/* Whether ICU lists `language` (`fi`, `en`; the part before any `-` or `_`) among the locales
   it has collation data for, its own rules or the root's. */
int vocab_collator_knows_language(const char *language);

/* -1, 0 or 1 as `a` sorts before, equal to (primary-equal: the same letters) or after `b`;
   -2 when ICU fails. */
int vocab_collator_compare(const vocab_collator *collator, const char *a, size_t a_length, const char *b,
                           size_t b_length);

/* The primary sort key of `text` (two texts have the same key exactly when they are primary-equal),
   written into `key` when it fits `capacity`; returns the key's length in bytes (its final 0
   included), or -1 when ICU fails. Call with capacity 0 to learn the length. */
int32_t vocab_collator_key(const vocab_collator *collator, const char *text, size_t length, uint8_t *key,
                           int32_t capacity);

#endif

#ifndef VOCAB_ICU_CONVERT_H
#define VOCAB_ICU_CONVERT_H
/* Text in any encoding ICU's converters know (Debian: libicu-dev) to UTF-8, for frequency lists
   in other encodings than UTF-8. A plain C interface: Swift never sees ICU's own headers, whose
   types clash with the copy of ICU inside Foundation on Linux (_FoundationICU). */
#include <stddef.h>

enum {
    VOCAB_ICU_OK = 0,
    /* The encoding's name is no converter or alias ICU knows. */
    VOCAB_ICU_UNKNOWN_ENCODING = 1,
    /* A byte sequence the encoding cannot map (or an escape sequence it does not allow): *bad
       holds it, *out the UTF-8 text before it. */
    VOCAB_ICU_UNMAPPABLE = 2,
    /* Out of memory, or another failure of ICU's. */
    VOCAB_ICU_FAILED = 3,
};

/* Converts `length` bytes of `input` in `encoding` to UTF-8, stopping at the first byte
   sequence the encoding cannot map (no U+FFFD substitution). On VOCAB_ICU_OK and
   VOCAB_ICU_UNMAPPABLE, *out (free it with free()) holds *outLength bytes of UTF-8: the whole
   text, or the text before the bad sequence; on VOCAB_ICU_UNMAPPABLE, bad[0..*badLength) are
   the bytes of that sequence (at most 32). */
int vocab_icu_to_utf8(const char *encoding, const char *input, size_t length, char **out, size_t *outLength,
                      unsigned char *bad, int *badLength);

#endif

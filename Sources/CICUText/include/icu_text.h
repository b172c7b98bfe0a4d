#ifndef VOCAB_ICU_TEXT_H
#define VOCAB_ICU_TEXT_H
/* ICU's word segmentation and transliteration (Debian: libicu-dev) behind plain C functions, for
   languages written without spaces and for readings (pinyin, kana): Swift never sees ICU's own
   headers, whose types clash with the copy of ICU inside Foundation on Linux (_FoundationICU).
   Text goes in and out as UTF-8; offsets are byte offsets into the UTF-8 given. */
#include <stddef.h>
#include <stdint.h>

enum {
    VOCAB_ICU_TEXT_OK = 0,
    /* ICU could not open a word-break iterator for the locale. */
    VOCAB_ICU_TEXT_BAD_LOCALE = 1,
    /* The transform id is none ICU knows (or its rules do not compile). */
    VOCAB_ICU_TEXT_UNKNOWN_TRANSFORM = 2,
    /* Out of memory, text too long, or another failure of ICU's. */
    VOCAB_ICU_TEXT_FAILED = 3,
};

/* One segment between two word boundaries: bytes [start, end) of the text, and the rule status
   ICU's word-break rules gave it (ubrk_getRuleStatus: 0-99 none (blanks, punctuation, symbols),
   100-199 number, 200-299 letter, 300-399 kana, 400-499 ideographic). */
typedef struct {
    int32_t start;
    int32_t end;
    int32_t status;
} vocab_icu_segment;

/* Cuts `length` bytes of UTF-8 `text` at ICU's word boundaries for `locale` (`zh`, `ja`, `th`: a
   dictionary-based break engine; others: the rules of UAX #29 and CLDR). On VOCAB_ICU_TEXT_OK,
   *segments (free it with free()) holds *count segments covering the whole text, in order. A
   locale ICU has no rules of its own for gets the root's (the word rules of most languages, zh
   and ja included, are the root's; the dictionaries are chosen by script, not by locale). Each
   call opens its own iterator: safe from any thread. */
int vocab_icu_word_segments(const char *locale, const char *text, int32_t length, vocab_icu_segment **segments,
                            int32_t *count);

/* An ICU transliterator (utrans_openU), opaque; not to be used from two threads at once. */
typedef struct vocab_icu_transform vocab_icu_transform;

/* Opens the transform `id` (`Han-Latin`, `Katakana-Hiragana`, `Any-Latin; Latin-ASCII`) forward;
   NULL with *status VOCAB_ICU_TEXT_UNKNOWN_TRANSFORM for an id ICU does not know; ICU's own
   message (its UErrorCode's name) goes to error[0..capacity). */
vocab_icu_transform *vocab_icu_transform_open(const char *id, int *status, char *error, size_t capacity);

/* Transliterates `length` bytes of UTF-8 `text`; on VOCAB_ICU_TEXT_OK, *out (free it with
   free()) holds *outLength bytes of UTF-8. */
int vocab_icu_transform_run(vocab_icu_transform *transform, const char *text, int32_t length, char **out,
                            size_t *outLength);

void vocab_icu_transform_close(vocab_icu_transform *transform);

/* The version of ICU (`72.1`), whose data decide segmentations and transforms. */
const char *vocab_icu_version(void);

/* Whether the code point `c` belongs to a script written without spaces between words, by its
   line-breaking class (UAX #14, u_getIntPropertyValue(UCHAR_LINE_BREAK)): ideographic (ID: Han,
   kana), a conditional Japanese starter (CJ: small kana) or complex context (SA: Thai, Lao,
   Khmer, Myanmar). 1 or 0. */
int vocab_icu_breaks_without_spaces(int32_t c);

#endif

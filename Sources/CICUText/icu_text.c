#include "icu_text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/utrans.h>

int vocab_icu_word_segments(const char *locale, const char *text, int32_t length, vocab_icu_segment **segments,
                            int32_t *count) {
    *segments = NULL;
    *count = 0;
    if (length < 0) return VOCAB_ICU_TEXT_FAILED;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *words = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status) || words == NULL) return VOCAB_ICU_TEXT_BAD_LOCALE;
    status = U_ZERO_ERROR;
    /* Over the UTF-8 itself: the boundaries are byte offsets (UText's native indexes). */
    UText *utext = utext_openUTF8(NULL, text, length, &status);
    if (U_SUCCESS(status)) ubrk_setUText(words, utext, &status);
    if (U_FAILURE(status)) {
        utext_close(utext);
        ubrk_close(words);
        return VOCAB_ICU_TEXT_FAILED;
    }
    int32_t capacity = 16, used = 0;
    vocab_icu_segment *list = malloc((size_t)capacity * sizeof *list);
    int result = list == NULL ? VOCAB_ICU_TEXT_FAILED : VOCAB_ICU_TEXT_OK;
    int32_t start = ubrk_first(words);
    for (int32_t end = ubrk_next(words); result == VOCAB_ICU_TEXT_OK && end != UBRK_DONE; end = ubrk_next(words)) {
        if (used == capacity) {
            vocab_icu_segment *grown = capacity < INT32_MAX / 2 ? realloc(list, 2 * (size_t)capacity * sizeof *list) : NULL;
            if (grown == NULL) {
                result = VOCAB_ICU_TEXT_FAILED;
                break;
            }
            list = grown;
            capacity *= 2;
        }
        list[used].start = start;
        list[used].end = end;
        list[used].status = ubrk_getRuleStatus(words);
        used += 1;
        start = end;
    }
    ubrk_close(words);
    utext_close(utext);
    if (result != VOCAB_ICU_TEXT_OK) {
        free(list);
        return result;
    }
    *segments = list;
    *count = used;
    return VOCAB_ICU_TEXT_OK;
}

struct vocab_icu_transform {
    UTransliterator *transliterator;
};

vocab_icu_transform *vocab_icu_transform_open(const char *id, int *status, char *error, size_t capacity) {
    if (capacity > 0) error[0] = '\0';
    UErrorCode icu = U_ZERO_ERROR;
    UChar name[256];
    int32_t nameLength = 0;
    u_strFromUTF8(name, 256, &nameLength, id, -1, &icu);
    if (U_FAILURE(icu) || nameLength >= 256) {
        *status = VOCAB_ICU_TEXT_UNKNOWN_TRANSFORM;
        if (capacity > 0) strncpy(error, "the id is longer than 255 characters", capacity - 1), error[capacity - 1] = '\0';
        return NULL;
    }
    UParseError where;
    UTransliterator *transliterator = utrans_openU(name, nameLength, UTRANS_FORWARD, NULL, 0, &where, &icu);
    if (U_FAILURE(icu) || transliterator == NULL) {
        *status = icu == U_MEMORY_ALLOCATION_ERROR ? VOCAB_ICU_TEXT_FAILED : VOCAB_ICU_TEXT_UNKNOWN_TRANSFORM;
        if (capacity > 0) strncpy(error, u_errorName(icu), capacity - 1), error[capacity - 1] = '\0';
        return NULL;
    }
    vocab_icu_transform *transform = malloc(sizeof *transform);
    if (transform == NULL) {
        utrans_close(transliterator);
        *status = VOCAB_ICU_TEXT_FAILED;
        return NULL;
    }
    transform->transliterator = transliterator;
    *status = VOCAB_ICU_TEXT_OK;
    return transform;
}

int vocab_icu_transform_run(vocab_icu_transform *transform, const char *text, int32_t length, char **out,
                            size_t *outLength) {
    *out = NULL;
    *outLength = 0;
    if (length < 0 || length > INT32_MAX / 16) return VOCAB_ICU_TEXT_FAILED;
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, text, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return VOCAB_ICU_TEXT_FAILED;
    /* A transform may lengthen the text (Han-Latin: 中 → "zhōng "): room for four times it, then
       more while ICU says it needs more. */
    for (int32_t capacity = 4 * units + 16; capacity > 0 && capacity <= INT32_MAX / 4; capacity *= 4) {
        UChar *buffer = malloc((size_t)capacity * sizeof(UChar));
        if (buffer == NULL) return VOCAB_ICU_TEXT_FAILED;
        status = U_ZERO_ERROR;
        int32_t textLength = 0;
        u_strFromUTF8(buffer, capacity, &textLength, text, length, &status);
        int32_t limit = textLength;
        if (U_SUCCESS(status)) utrans_transUChars(transform->transliterator, buffer, &textLength, capacity, 0, &limit, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            free(buffer);
            continue;
        }
        if (U_FAILURE(status)) {
            free(buffer);
            return VOCAB_ICU_TEXT_FAILED;
        }
        int32_t bytes = 0;
        status = U_ZERO_ERROR;
        u_strToUTF8(NULL, 0, &bytes, buffer, textLength, &status);
        char *utf8 = status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status) ? malloc((size_t)bytes + 1) : NULL;
        status = U_ZERO_ERROR;
        if (utf8 != NULL) u_strToUTF8(utf8, bytes + 1, &bytes, buffer, textLength, &status);
        free(buffer);
        if (utf8 == NULL || U_FAILURE(status)) {
            free(utf8);
            return VOCAB_ICU_TEXT_FAILED;
        }
        *out = utf8;
        *outLength = (size_t)bytes;
        return VOCAB_ICU_TEXT_OK;
    }
    return VOCAB_ICU_TEXT_FAILED;
}

void vocab_icu_transform_close(vocab_icu_transform *transform) {
    if (transform == NULL) return;
    utrans_close(transform->transliterator);
    free(transform);
}

const char *vocab_icu_version(void) {
    /* The headers' version: Debian's libicu-dev is the library's own. */
    return U_ICU_VERSION;
}

int vocab_icu_breaks_without_spaces(int32_t c) {
    int32_t kind = u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK);
    return kind == U_LB_IDEOGRAPHIC || kind == U_LB_CONDITIONAL_JAPANESE_STARTER || kind == U_LB_COMPLEX_CONTEXT;
}

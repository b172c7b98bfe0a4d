#include "icu_convert.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ustring.h>

/* UTF-16 to malloc'd UTF-8; a lone surrogate (UTF-16 input) becomes U+FFFD. */
static int to_utf8(const UChar *text, int32_t units, char **out, size_t *outLength) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8WithSub(NULL, 0, &needed, text, units, 0xFFFD, NULL, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return VOCAB_ICU_FAILED;
    status = U_ZERO_ERROR;
    char *buffer = malloc((size_t)needed + 1);
    if (buffer == NULL) return VOCAB_ICU_FAILED;
    u_strToUTF8WithSub(buffer, needed + 1, &needed, text, units, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) {
        free(buffer);
        return VOCAB_ICU_FAILED;
    }
    *out = buffer;
    *outLength = (size_t)needed;
    return VOCAB_ICU_OK;
}

int vocab_icu_to_utf8(const char *encoding, const char *input, size_t length, char **out, size_t *outLength,
                      unsigned char *bad, int *badLength) {
    *out = NULL;
    *outLength = 0;
    *badLength = 0;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(encoding, &status);
    if (U_FAILURE(status) || converter == NULL) return VOCAB_ICU_UNKNOWN_ENCODING;
    ucnv_setToUCallBack(converter, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
    if (U_FAILURE(status)) {
        ucnv_close(converter);
        return VOCAB_ICU_FAILED;
    }
    /* A byte gives at most two UTF-16 units. */
    if (length > (size_t)(INT32_MAX / 2 - 16)) {
        ucnv_close(converter);
        return VOCAB_ICU_FAILED;
    }
    size_t capacity = 2 * length + 16;
    UChar *units = malloc(capacity * sizeof(UChar));
    if (units == NULL) {
        ucnv_close(converter);
        return VOCAB_ICU_FAILED;
    }
    UChar *target = units;
    const char *source = input;
    ucnv_toUnicode(converter, &target, units + capacity, &source, input + length, NULL, 1, &status);
    int result = VOCAB_ICU_OK;
    if (U_FAILURE(status)) {
        /* Any failure of the bytes themselves stops at a place the caller can name (a line and
           a character): a sequence the encoding cannot map, a truncated one, and the escape
           sequences a stateful encoding (ISO-2022-JP, -KR, -CN, HZ) does not know or allow.
           Only a failure of ICU's own (memory) has no place in the text. */
        if (status != U_MEMORY_ALLOCATION_ERROR && status != U_BUFFER_OVERFLOW_ERROR) {
            char invalid[32];
            int8_t count = (int8_t)sizeof(invalid);
            UErrorCode ignored = U_ZERO_ERROR;
            ucnv_getInvalidChars(converter, invalid, &count, &ignored);
            if (U_FAILURE(ignored)) count = 0;
            memcpy(bad, invalid, (size_t)count);
            *badLength = count;
            result = VOCAB_ICU_UNMAPPABLE;
        } else {
            free(units);
            ucnv_close(converter);
            return VOCAB_ICU_FAILED;
        }
    }
    ucnv_close(converter);
    int converted = to_utf8(units, (int32_t)(target - units), out, outLength);
    free(units);
    return converted == VOCAB_ICU_OK ? result : converted;
}

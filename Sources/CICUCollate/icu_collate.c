#include "icu_collate.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

vocab_collator *vocab_collator_open(const char *locale, const char **status) {
    UErrorCode error = U_ZERO_ERROR;
    /* A BCP 47 tag (`pt-BR`) as an ICU locale ID (`pt_BR`); an ID is taken as given. */
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(locale, id, (int32_t)sizeof(id), &parsed, &error);
    if (U_FAILURE(error) || parsed != (int32_t)strlen(locale) || error == U_STRING_NOT_TERMINATED_WARNING) {
        strncpy(id, locale, sizeof(id) - 1);
        id[sizeof(id) - 1] = 0;
    }
    error = U_ZERO_ERROR;
    UCollator *collator = ucol_open(id, &error);
    if (U_FAILURE(error) || collator == NULL) {
        *status = u_errorName(error);
        if (collator != NULL) ucol_close(collator);
        return NULL;
    }
    UErrorCode open = error;
    ucol_setStrength(collator, UCOL_PRIMARY);
    ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &error);
    if (U_FAILURE(error)) {
        *status = u_errorName(error);
        ucol_close(collator);
        return NULL;
    }
    *status = u_errorName(open);
    return (vocab_collator *)collator;
}

void vocab_collator_close(vocab_collator *collator) {
    ucol_close((UCollator *)collator);
}

void vocab_collator_rules_locale(const vocab_collator *collator, char *out, size_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    const char *actual = ucol_getLocaleByType((const UCollator *)collator, ULOC_ACTUAL_LOCALE, &error);
    if (capacity == 0) return;
    strncpy(out, U_SUCCESS(error) && actual != NULL ? actual : "", capacity - 1);
    out[capacity - 1] = 0;
}

/* `version` as text into `out` (at most `capacity` bytes, NUL-terminated). */
static void write_version(const UVersionInfo version, char *out, size_t capacity) {
    char text[U_MAX_VERSION_STRING_LENGTH];
    if (capacity == 0) return;
    u_versionToString(version, text);
    strncpy(out, text, capacity - 1);
    out[capacity - 1] = 0;
}

void vocab_collator_icu_version(char *icu, size_t capacity) {
    UVersionInfo version;
    u_getVersion(version);
    write_version(version, icu, capacity);
}

void vocab_collator_versions(const vocab_collator *collator, char *icu, char *collator_version, size_t capacity) {
    UVersionInfo version;
    vocab_collator_icu_version(icu, capacity);
    ucol_getVersion((const UCollator *)collator, version);
    write_version(version, collator_version, capacity);
}

int vocab_collator_knows_language(const char *language) {
    size_t length = strcspn(language, "-_");
    int32_t count = ucol_countAvailable();
    for (int32_t index = 0; index < count; index++) {
        const char *available = ucol_getAvailable(index);
        if (strlen(available) >= length && strncmp(available, language, length) == 0 &&
            (available[length] == 0 || available[length] == '_'))
            return 1;
    }
    return 0;
}

int vocab_collator_compare(const vocab_collator *collator, const char *a, size_t a_length, const char *b,
                           size_t b_length) {
    if (a_length > INT32_MAX || b_length > INT32_MAX) return -2;
    UErrorCode error = U_ZERO_ERROR;
    UCollationResult result =
        ucol_strcollUTF8((const UCollator *)collator, a, (int32_t)a_length, b, (int32_t)b_length, &error);
    if (U_FAILURE(error)) return -2;
    return result == UCOL_LESS ? -1 : result == UCOL_GREATER ? 1 : 0;
}

int32_t vocab_collator_key(const vocab_collator *collator, const char *text, size_t length, uint8_t *key,
                           int32_t capacity) {
    /* A UTF-8 byte gives at most one UTF-16 unit. */
    if (length > (size_t)(INT32_MAX / 2)) return -1;
    UChar *units = malloc((length + 1) * sizeof(UChar));
    if (units == NULL) return -1;
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = 0;
    u_strFromUTF8WithSub(units, (int32_t)length + 1, &count, text, (int32_t)length, 0xFFFD, NULL, &error);
    if (U_FAILURE(error)) {
        free(units);
        return -1;
    }
    int32_t needed = ucol_getSortKey((const UCollator *)collator, units, count, key, capacity);
    free(units);
    return needed > 0 ? needed : -1;
}

/* libvoikko loaded when a Voikko analyzer is first opened (dlopen), not when `vocab` starts: a
   build that reads no Finnish no longer maps libvoikko and libhfstospell (1.5 MB of the build's
   peak memory, most builds'). Each function of the API the project calls is defined here with
   libvoikko's own prototype (shim.h) and forwards to the library's; Swift calls them unchanged. */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

/* Debian's libvoikko1 (libvoikko-dev's run-time library). */
static const char *const library_name = "libvoikko.so.1";

static struct {
    struct VoikkoHandle *(*init)(const char **, const char *, const char *);
    void (*terminate)(struct VoikkoHandle *);
    enum voikko_token_type (*next_token)(struct VoikkoHandle *, const wchar_t *, size_t, size_t *);
    const char *(*version)(void);
    struct voikko_mor_analysis **(*analyze)(struct VoikkoHandle *, const char *);
    void (*free_analysis)(struct voikko_mor_analysis **);
    char *(*value)(const struct voikko_mor_analysis *, const char *);
    void (*free_value)(char *);
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *(void **)&api.init = dlsym(library, "voikkoInit");
    *(void **)&api.terminate = dlsym(library, "voikkoTerminate");
    *(void **)&api.next_token = dlsym(library, "voikkoNextTokenUcs4");
    *(void **)&api.version = dlsym(library, "voikkoGetVersion");
    *(void **)&api.analyze = dlsym(library, "voikkoAnalyzeWordCstr");
    *(void **)&api.free_analysis = dlsym(library, "voikko_free_mor_analysis");
    *(void **)&api.value = dlsym(library, "voikko_mor_analysis_value_cstr");
    *(void **)&api.free_value = dlsym(library, "voikko_free_mor_analysis_value_cstr");
    if (!api.init || !api.terminate || !api.next_token || !api.version || !api.analyze || !api.free_analysis || !api.value
        || !api.free_value) {
        api.init = NULL;
    }
}

/* The loaded API; the functions other than voikkoInit and voikkoGetVersion are reached only
   through a handle voikkoInit made, so the library is there. */
static void ensure_loaded(void) { pthread_once(&loaded, load); }

struct VoikkoHandle *voikkoInit(const char **error, const char *langcode, const char *path) {
    ensure_loaded();
    if (!api.init) {
        *error = "libvoikko.so.1 (Debian: libvoikko1, with libvoikko-dev) could not be loaded";
        return NULL;
    }
    return api.init(error, langcode, path);
}

const char *voikkoGetVersion(void) {
    ensure_loaded();
    return api.init ? api.version() : "";
}

void voikkoTerminate(struct VoikkoHandle *handle) {
    ensure_loaded();
    if (api.init) api.terminate(handle);
}

enum voikko_token_type voikkoNextTokenUcs4(struct VoikkoHandle *handle, const wchar_t *text, size_t textlen, size_t *tokenlen) {
    ensure_loaded();
    if (!api.init) abort();
    return api.next_token(handle, text, textlen, tokenlen);
}

struct voikko_mor_analysis **voikkoAnalyzeWordCstr(struct VoikkoHandle *handle, const char *word) {
    ensure_loaded();
    if (!api.init) abort();
    return api.analyze(handle, word);
}

void voikko_free_mor_analysis(struct voikko_mor_analysis **analysis) {
    ensure_loaded();
    if (api.init) api.free_analysis(analysis);
}

char *voikko_mor_analysis_value_cstr(const struct voikko_mor_analysis *analysis, const char *key) {
    ensure_loaded();
    if (!api.init) abort();
    return api.value(analysis, key);
}

void voikko_free_mor_analysis_value_cstr(char *analysis_value) {
    ensure_loaded();
    if (api.init) api.free_value(analysis_value);
}

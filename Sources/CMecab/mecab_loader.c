/* libmecab loaded when a MeCab analyzer is first opened (dlopen), not when `vocab` starts: a
   build that reads no Japanese no longer maps it (0.7 MB of the build's peak memory). Each
   function of the API the project calls is defined here with libmecab's own prototype (shim.h)
   and forwards to the library's; Swift calls them unchanged. */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

/* Debian's libmecab2 (libmecab-dev's run-time library). */
static const char *const library_name = "libmecab.so.2";

static struct {
    const char *(*version)(void);
    const char *(*strerror)(mecab_t *);
    void (*destroy)(mecab_t *);
    int (*parse_lattice)(mecab_t *, mecab_lattice_t *);
    void (*lattice_destroy)(mecab_lattice_t *);
    mecab_node_t *(*bos)(mecab_lattice_t *);
    mecab_node_t *(*eos)(mecab_lattice_t *);
    mecab_node_t *(*begin_nodes)(mecab_lattice_t *, size_t);
    void (*set_sentence)(mecab_lattice_t *, const char *);
    void (*set_sentence2)(mecab_lattice_t *, const char *, size_t);
    mecab_model_t *(*model_new)(int, char **);
    void (*model_destroy)(mecab_model_t *);
    mecab_t *(*new_tagger)(mecab_model_t *);
    mecab_lattice_t *(*new_lattice)(mecab_model_t *);
    const mecab_dictionary_info_t *(*dictionary_info)(mecab_model_t *);
    int (*transition_cost)(mecab_model_t *, unsigned short, unsigned short);
    int complete;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *(void **)&api.version = dlsym(library, "mecab_version");
    *(void **)&api.strerror = dlsym(library, "mecab_strerror");
    *(void **)&api.destroy = dlsym(library, "mecab_destroy");
    *(void **)&api.parse_lattice = dlsym(library, "mecab_parse_lattice");
    *(void **)&api.lattice_destroy = dlsym(library, "mecab_lattice_destroy");
    *(void **)&api.bos = dlsym(library, "mecab_lattice_get_bos_node");
    *(void **)&api.eos = dlsym(library, "mecab_lattice_get_eos_node");
    *(void **)&api.begin_nodes = dlsym(library, "mecab_lattice_get_begin_nodes");
    *(void **)&api.set_sentence = dlsym(library, "mecab_lattice_set_sentence");
    *(void **)&api.set_sentence2 = dlsym(library, "mecab_lattice_set_sentence2");
    *(void **)&api.model_new = dlsym(library, "mecab_model_new");
    *(void **)&api.model_destroy = dlsym(library, "mecab_model_destroy");
    *(void **)&api.new_tagger = dlsym(library, "mecab_model_new_tagger");
    *(void **)&api.new_lattice = dlsym(library, "mecab_model_new_lattice");
    *(void **)&api.dictionary_info = dlsym(library, "mecab_model_dictionary_info");
    *(void **)&api.transition_cost = dlsym(library, "mecab_model_transition_cost");
    api.complete = api.version && api.strerror && api.destroy && api.parse_lattice && api.lattice_destroy && api.bos && api.eos
        && api.begin_nodes && api.set_sentence && api.set_sentence2 && api.model_new && api.model_destroy && api.new_tagger && api.new_lattice
        && api.dictionary_info && api.transition_cost;
}

/* Whether the library and every function are there. The functions other than mecab_model_new,
   mecab_strerror and mecab_version are reached only through a model mecab_model_new made. */
static int available(void) {
    pthread_once(&loaded, load);
    return api.complete;
}

#define FORWARD(call) do { if (!available()) abort(); return call; } while (0)

const char *mecab_version(void) { return available() ? api.version() : ""; }

const char *mecab_strerror(mecab_t *mecab) {
    return available() ? api.strerror(mecab) : "libmecab.so.2 (Debian: libmecab2, with libmecab-dev) could not be loaded";
}

mecab_model_t *mecab_model_new(int argc, char **argv) { return available() ? api.model_new(argc, argv) : NULL; }

void mecab_destroy(mecab_t *mecab) { FORWARD(api.destroy(mecab)); }
int mecab_parse_lattice(mecab_t *mecab, mecab_lattice_t *lattice) { FORWARD(api.parse_lattice(mecab, lattice)); }
void mecab_lattice_destroy(mecab_lattice_t *lattice) { FORWARD(api.lattice_destroy(lattice)); }
mecab_node_t *mecab_lattice_get_bos_node(mecab_lattice_t *lattice) { FORWARD(api.bos(lattice)); }
mecab_node_t *mecab_lattice_get_eos_node(mecab_lattice_t *lattice) { FORWARD(api.eos(lattice)); }
mecab_node_t *mecab_lattice_get_begin_nodes(mecab_lattice_t *lattice, size_t pos) { FORWARD(api.begin_nodes(lattice, pos)); }
void mecab_lattice_set_sentence(mecab_lattice_t *lattice, const char *sentence) { FORWARD(api.set_sentence(lattice, sentence)); }
void mecab_lattice_set_sentence2(mecab_lattice_t *lattice, const char *sentence, size_t len) {
    FORWARD(api.set_sentence2(lattice, sentence, len));
}
void mecab_model_destroy(mecab_model_t *model) { FORWARD(api.model_destroy(model)); }
mecab_t *mecab_model_new_tagger(mecab_model_t *model) { FORWARD(api.new_tagger(model)); }
mecab_lattice_t *mecab_model_new_lattice(mecab_model_t *model) { FORWARD(api.new_lattice(model)); }
const mecab_dictionary_info_t *mecab_model_dictionary_info(mecab_model_t *model) { FORWARD(api.dictionary_info(model)); }
int mecab_model_transition_cost(mecab_model_t *model, unsigned short rcAttr, unsigned short lcAttr) {
    FORWARD(api.transition_cost(model, rcAttr, lcAttr));
}

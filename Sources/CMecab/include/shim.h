#ifndef VOCAB_CMECAB_SHIM_H
#define VOCAB_CMECAB_SHIM_H
/* libmecab's C API (Debian: libmecab-dev, which installs no mecab.pc): the thread-safe model,
   tagger and lattice (mecab_model_new, mecab_model_new_tagger, mecab_model_new_lattice,
   mecab_parse_lattice, the lattice's nodes), mecab_strerror, mecab_model_dictionary_info. */
#include <mecab.h>
#endif

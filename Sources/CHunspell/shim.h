#ifndef VOCAB_CHUNSPELL_SHIM_H
#define VOCAB_CHUNSPELL_SHIM_H
/* libhunspell's C API (Debian: libhunspell-dev): Hunspell_create, Hunspell_stem,
   Hunspell_analyze, Hunspell_free_list, Hunspell_get_dic_encoding. */
#include <hunspell/hunspell.h>
#endif

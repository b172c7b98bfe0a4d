#ifndef VOCAB_CVOIKKO_SHIM_H
#define VOCAB_CVOIKKO_SHIM_H
/* libvoikko's C API (Debian: libvoikko-dev), without its deprecated functions: voikkoInit,
   voikkoTerminate, voikkoAnalyzeWordCstr and its analyses' keys and values, voikkoNextTokenUcs4. */
#define VOIKKO_NO_DEPRECATED_API
#include <libvoikko/voikko.h>
#endif

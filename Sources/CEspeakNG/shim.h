#ifndef VOCAB_CESPEAKNG_SHIM_H
#define VOCAB_CESPEAKNG_SHIM_H
/* libespeak-ng (Debian: libespeak-ng-dev): espeak_ng.h declares the espeak_ng_* calls, which
   return a status and an error context instead of printing and exiting, and includes
   speak_lib.h (espeak_TextToPhonemes, espeak_Info, espeak_GetCurrentVoice). */
#include <espeak-ng/espeak_ng.h>
/* open_memstream, to read espeak's error context (it only prints it to a FILE *). */
#include <stdio.h>
#endif

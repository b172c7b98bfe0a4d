#ifndef VOCAB_MALLOC_TRIM_SHIM_H
#define VOCAB_MALLOC_TRIM_SHIM_H

/// Gives the free memory of every malloc arena back to the system (glibc's malloc_trim(0));
/// does nothing with another C library. Returns 1 if memory was given back.
int vocab_give_back_free_memory(void);

#endif

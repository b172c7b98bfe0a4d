#include "malloc_trim_shim.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int vocab_give_back_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

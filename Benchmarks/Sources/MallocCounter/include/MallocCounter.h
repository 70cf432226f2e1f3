#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stddef.h>
#include <stdint.h>

/// The number of allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign, valloc) made by this process since it started, on every thread.
uint64_t malloc_counter_allocations(void);

/// Bytes in use on the heap, from glibc's `mallinfo2().uordblks`; 0 where unavailable.
uint64_t malloc_counter_bytes_in_use(void);

/// The usable size of the heap block at `pointer` (`malloc_usable_size`); 0 where unavailable.
size_t malloc_counter_usable_size(const void *pointer);

#endif

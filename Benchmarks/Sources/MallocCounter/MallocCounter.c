// Counts heap allocations by defining the allocator entry points in the executable, which
// the dynamic linker then prefers over the C library's (symbol interposition). Each one
// counts and forwards to glibc's own implementation through its exported `__libc_*` names,
// so there is no dlsym bootstrapping problem. Only built on glibc; elsewhere the counter
// stays at zero and the benchmark says so.

#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations = 0;

static inline void count(void) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count();
    return __libc_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

uint64_t malloc_counter_allocations(void) {
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

uint64_t malloc_counter_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks;
}

size_t malloc_counter_usable_size(const void *pointer) {
    return malloc_usable_size((void *)pointer);
}

#else

uint64_t malloc_counter_allocations(void) { return 0; }
uint64_t malloc_counter_bytes_in_use(void) { return 0; }
size_t malloc_counter_usable_size(const void *pointer) { (void)pointer; return 0; }

#endif

// The parts of Darwin's C library that the modules type-checked by scripts/check-apple-platforms
// use, declared with Darwin's shapes (not glibc's), so that code that only compiles with glibc's
// types fails here as it would with an Apple SDK. No Apple SDK can be installed on Linux, and
// glibc's own headers do not parse under an Apple target.
//
// Each declaration follows the macOS SDK's <pthread.h>, <sys/stat.h>, <dirent.h>, <fcntl.h>,
// <errno.h>, <string.h> and <unistd.h>; Darwin.swift declares what Swift's overlay of Darwin adds
// (`errno`, `open`), and the `S_IF*` constants are values of `mode_t` as in that overlay. Add a
// declaration here, in Darwin's shape, when a module starts using another function.
#ifndef STATEMACHINE_DARWIN_H
#define STATEMACHINE_DARWIN_H

typedef unsigned char __uint8_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long long __int64_t;
typedef unsigned long long __uint64_t;
typedef unsigned long size_t;
typedef long ssize_t;
typedef __uint16_t mode_t;       // 16 bits on Darwin, 32 on Linux
typedef __int64_t off_t;
typedef __int32_t dev_t;
typedef __uint16_t nlink_t;
typedef __uint64_t ino_t;
typedef __uint32_t uid_t;
typedef __uint32_t gid_t;
typedef __int64_t blkcnt_t;
typedef __int32_t blksize_t;
typedef long time_t;

struct timespec {
    time_t tv_sec;
    long tv_nsec;
};

// pthread: pthread_t is a pointer on Darwin (an integer on Linux); the mutex, its attributes and
// the condition variable are opaque structs with a signature word.
struct _opaque_pthread_t { long __sig; char __opaque[8176]; };
typedef struct _opaque_pthread_t *pthread_t;
typedef struct _opaque_pthread_mutex_t { long __sig; char __opaque[56]; } pthread_mutex_t;
typedef struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; } pthread_mutexattr_t;
typedef struct _opaque_pthread_cond_t { long __sig; char __opaque[40]; } pthread_cond_t;
typedef struct _opaque_pthread_condattr_t { long __sig; char __opaque[8]; } pthread_condattr_t;

#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_ERRORCHECK 1
#define PTHREAD_MUTEX_RECURSIVE 2

pthread_t pthread_self(void);
int pthread_mutexattr_init(pthread_mutexattr_t *);
int pthread_mutexattr_settype(pthread_mutexattr_t *, int);
int pthread_mutexattr_destroy(pthread_mutexattr_t *);
int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_trylock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_cond_init(pthread_cond_t *, const pthread_condattr_t *);
int pthread_cond_destroy(pthread_cond_t *);
int pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
int pthread_cond_broadcast(pthread_cond_t *);
int pthread_cond_signal(pthread_cond_t *);
int sched_yield(void);

// Thread-specific data: a key is an `unsigned long` on Darwin (an `unsigned int` on Linux).
typedef unsigned long pthread_key_t;
int pthread_key_create(pthread_key_t *, void (*_Nullable)(void *));
void *_Nullable pthread_getspecific(pthread_key_t);
int pthread_setspecific(pthread_key_t, const void *_Nullable);

// Files.
struct stat {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;
    struct timespec st_mtimespec;
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    __uint32_t st_flags;
    __uint32_t st_gen;
    __int32_t st_lspare;
    __int64_t st_qspare[2];
};
int stat(const char *, struct stat *);
int fstat(int, struct stat *);
int lstat(const char *, struct stat *);

static const mode_t S_IFMT = 0170000;
static const mode_t S_IFIFO = 0010000;
static const mode_t S_IFCHR = 0020000;
static const mode_t S_IFDIR = 0040000;
static const mode_t S_IFBLK = 0060000;
static const mode_t S_IFREG = 0100000;
static const mode_t S_IFLNK = 0120000;
static const mode_t S_IFSOCK = 0140000;

#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_CLOEXEC 0x01000000

int open(const char *, int, ...);   // Swift calls the overlay's non-variadic forms (Darwin.swift)
int close(int);
ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);

struct dirent {
    __uint64_t d_ino;
    __uint64_t d_seekoff;
    __uint16_t d_reclen;
    __uint16_t d_namlen;
    __uint8_t d_type;
    char d_name[1024];
};
typedef struct { int __dd_fd; long __dd_loc; long __dd_size; char *__dd_buf; int __dd_len; long __dd_seek; } DIR;
DIR *opendir(const char *);
struct dirent *readdir(DIR *);
int closedir(DIR *);

// Errors.
int *__error(void);   // errno is `(*__error())`; Swift reads the overlay's `var errno` (Darwin.swift)
char *strerror(int);
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define EBADF 9
#define EAGAIN 35
#define EACCES 13
#define EEXIST 17
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENOSPC 28
#define ELOOP 62
#define ENAMETOOLONG 63

#endif

#define _GNU_SOURCE
#include "CProcessControl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#ifdef __APPLE__
#include <crt_externs.h>
#define environ (*_NSGetEnviron())
#else
extern char **environ;
#endif

char *const *cpc_environment(void) { return environ; }

static void child_fail(int pipe_fd) {
    int error = errno;
    (void)!write(pipe_fd, &error, sizeof error);
    _exit(127);
}

static int redirect(const char *path, int fd, int flags) {
    int opened = open(path, flags, 0644);
    if (opened < 0) return -1;
    if (opened != fd) {
        if (dup2(opened, fd) < 0) return -1;
        close(opened);
    }
    return 0;
}

pid_t cpc_spawn(char *const argv[], char *const envp[], const cpc_spawn_options *options, int *error) {
    int report[2];
    if (pipe(report) != 0) {
        *error = errno;
        return -1;
    }
    fcntl(report[0], F_SETFD, FD_CLOEXEC);
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
    sigset_t all, previous;
    sigfillset(&all);
    // The child must not run the parent's stop handlers before it execs.
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) {
        struct sigaction defaults;
        memset(&defaults, 0, sizeof defaults);
        defaults.sa_handler = SIG_DFL;
        for (int number = 1; number < NSIG; number++) sigaction(number, &defaults, NULL);
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, NULL);
        if (options->new_group && setpgid(0, 0) != 0) child_fail(report[1]);
        if (options->working_directory && chdir(options->working_directory) != 0) child_fail(report[1]);
        if (redirect("/dev/null", 0, O_RDONLY) != 0) child_fail(report[1]);
        if (options->standard_output && redirect(options->standard_output, 1, O_WRONLY | O_CREAT | O_TRUNC) != 0) child_fail(report[1]);
        if (options->standard_error && redirect(options->standard_error, 2, O_WRONLY | O_CREAT | O_TRUNC) != 0) child_fail(report[1]);
        if (options->address_space_limit > 0) {
            struct rlimit limit = {(rlim_t)options->address_space_limit, (rlim_t)options->address_space_limit};
            if (setrlimit(RLIMIT_AS, &limit) != 0) child_fail(report[1]);
        }
        if (options->file_size_limit > 0) {
            struct rlimit limit = {(rlim_t)options->file_size_limit, (rlim_t)options->file_size_limit};
            if (setrlimit(RLIMIT_FSIZE, &limit) != 0) child_fail(report[1]);
        }
        // execvp looks the program up in the PATH of the environment it is given.
        environ = (char **)envp;
        execvp(argv[0], argv);
        child_fail(report[1]);
    }
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        *error = fork_error;
        return -1;
    }
    // The parent sets the group too, so that it exists before either goes on (the usual race of setpgid).
    if (options->new_group) setpgid(pid, pid);
    int child_error = 0;
    ssize_t count;
    do {
        count = read(report[0], &child_error, sizeof child_error);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == sizeof child_error) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        *error = child_error;
        return -1;
    }
    return pid;
}

int cpc_wait(pid_t pid, int block, int *status, int *signal) {
    int raw = 0;
    pid_t ended;
    do {
        ended = waitpid(pid, &raw, block ? 0 : WNOHANG);
    } while (ended < 0 && errno == EINTR);
    if (ended == 0) return 0;
    if (ended < 0) {
        *status = 0;
        *signal = 0;
        return 1;
    }
    *signal = WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 0;
    return 1;
}

void cpc_kill_group(pid_t group, int signal) {
    if (group > 1) kill(-group, signal);
}

/// Set once this process is a subreaper: only then are the children it did not start orphans of its descendants.
static volatile int is_subreaper = 0;

int cpc_become_subreaper(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
    int result = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    if (result == 0) is_subreaper = 1;
    return result;
#else
    return -1;
#endif
}

#ifdef __linux__
/// The parent of `pid` from /proc/PID/stat, or -1.
static pid_t parent_of(const char *pid) {
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    if (count <= 0) return -1;
    text[count] = 0;
    // "PID (COMM) STATE PPID …": COMM may hold spaces and parentheses, so read from the last ')'.
    char *end = strrchr(text, ')');
    if (!end || strlen(end) < 4) return -1;
    return (pid_t)strtol(end + 4, NULL, 10);
}
#endif

int cpc_end_orphans(const pid_t *keep, int keep_count) {
#ifdef __linux__
    // In a process that is not a subreaper (a test calling `compareMachines`), every child is one that somebody in
    // the process started and still waits for: another comparison's compiler, the test's own tools. None is an orphan.
    if (!is_subreaper) return 0;
    int ended = 0;
    pid_t self = getpid();
    for (int round = 0; round < 50; round++) {
        int found = 0;
        DIR *proc = opendir("/proc");
        if (!proc) return ended;
        struct dirent *entry;
        while ((entry = readdir(proc))) {
            if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
            if (parent_of(entry->d_name) != self) continue;
            pid_t pid = (pid_t)strtol(entry->d_name, NULL, 10);
            int kept = 0;
            for (int index = 0; index < keep_count; index++) kept |= keep[index] == pid;
            if (kept) continue;
            found++;
            kill(pid, SIGKILL);
            int status;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
            ended++;
        }
        closedir(proc);
        if (!found) {
            if (round > 0) return ended;
            // A killed process's own children reach this one only once it is gone: look once more, a little later.
            struct timespec pause = {0, 20 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
    }
    return ended;
#else
    (void)keep;
    (void)keep_count;
    return 0;
#endif
}

#define GROUPS 64
static volatile sig_atomic_t stop_signal = 0;
static volatile pid_t groups[GROUPS];

static void on_stop(int signal) {
    for (int index = 0; index < GROUPS; index++) {
        if (groups[index] > 1) kill(-groups[index], SIGKILL);
    }
    stop_signal = signal;
}

void cpc_install_stop_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int cpc_stop_signal(void) { return stop_signal; }

void cpc_register_group(pid_t group) {
    for (int index = 0; index < GROUPS; index++) {
        if (groups[index] == 0) {
            groups[index] = group;
            return;
        }
    }
}

void cpc_unregister_group(pid_t group) {
    for (int index = 0; index < GROUPS; index++) {
        if (groups[index] == group) groups[index] = 0;
    }
}

void cpc_die_of(int signal) {
    struct sigaction defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.sa_handler = SIG_DFL;
    sigaction(signal, &defaults, NULL);
    raise(signal);
    _exit(128 + signal);
}

#include <ftw.h>

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info;
    (void)flag;
    (void)walk;
    remove(path);
    return 0;
}

int cpc_remove_tree(const char *path) {
    // Depth first, without following links: a link the machine made to elsewhere is removed, not what it names.
    return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

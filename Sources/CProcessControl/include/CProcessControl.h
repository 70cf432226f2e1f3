// Process control for `statemachine port --verify`, which runs the user's code on both sides (Spec/VERIFY.md, V7):
// children in process groups of their own with resource limits, ended as a whole on every path, signals included.
// In C because fork's child may only make async-signal-safe calls, signal handlers likewise, and Swift imports
// neither the wait-status macros nor variadic functions such as prctl.
#ifndef STATEMACHINE_PROCESS_CONTROL_H
#define STATEMACHINE_PROCESS_CONTROL_H

#include <sys/types.h>

/// What a child is started with. Paths may be NULL: the working directory and the standard streams are then the
/// parent's (standard input is always /dev/null).
typedef struct {
    const char *working_directory;
    const char *standard_output;   ///< a file, truncated
    const char *standard_error;    ///< a file, truncated
    int new_group;                 ///< 1: the child leads a process group of its own
    long long address_space_limit; ///< bytes of address space (RLIMIT_AS); 0 for none
    long long file_size_limit;     ///< bytes per file written (RLIMIT_FSIZE); 0 for none
} cpc_spawn_options;

/// Starts `argv[0]` (looked up in PATH when it has no slash) with `envp`. Returns the child's pid, or -1 with the
/// reason's errno in `*error` (a missing program is reported here, not as an exit status).
pid_t cpc_spawn(char *const argv[], char *const envp[], const cpc_spawn_options *options, int *error);

/// Waits for `pid` (blocking when `block` is 1). Returns 0 while it runs, 1 when it ended: `*signal` is the signal
/// that ended it (0 if none) and `*status` its exit status.
int cpc_wait(pid_t pid, int block, int *status, int *signal);

/// Sends `signal` to the process group `group` (a child started with `new_group`).
void cpc_kill_group(pid_t group, int signal);

/// Linux: makes this process a subreaper, so that orphans of its descendants (a daemon that left its group) become
/// its children. Returns 0, or -1 where the system has no such thing.
int cpc_become_subreaper(void);

/// Linux: ends (SIGKILL) and reaps every child of this process that is not in `keep`, again until none is left:
/// the orphans a subreaper inherits. Returns how many it ended; 0 at once in a process that is not a subreaper, whose
/// children are all someone's in the process.
int cpc_end_orphans(const pid_t *keep, int keep_count);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that end every registered group at once and remember the
/// signal; the caller polls `cpc_stop_signal` and cleans up.
void cpc_install_stop_handlers(void);
/// The signal that asked this process to stop, or 0.
int cpc_stop_signal(void);
/// Groups the stop handlers end. At most 64 at a time.
void cpc_register_group(pid_t group);
void cpc_unregister_group(pid_t group);
/// This process's environment, `KEY=VALUE` strings ending with NULL.
char *const *cpc_environment(void);
/// Removes the folder `path` and everything in it, without following symbolic links. Returns 0, or -1.
int cpc_remove_tree(const char *path);
/// Ends this process as `signal` would have (default disposition, raised again).
void cpc_die_of(int signal);

#endif

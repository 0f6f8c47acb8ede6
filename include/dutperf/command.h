/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * command: how dutperf runs a user's command ([stateful] hook_trial,
 * hook_search, teardown_cmd, [reset] command; through shell.h, which
 * names it by its key): /bin/sh -c in
 * a session, hence a process group, of its own (so the terminal's Ctrl-C
 * does not reach it and the whole group can be killed), stdin from
 * /dev/null, stdout and stderr into one pipe that is copied to echo_fd as
 * it comes and whose last bytes are kept for the message.  A command
 * still running after its timeout, or when *stop becomes non-zero (dutperf
 * was interrupted), gets SIGTERM (or stop_sig) to its group, and SIGKILL
 * to the group grace_ms later (or as soon as the shell is gone).  No DPDK; a plain
 * POSIX process.  docs/robustness.md "Commands".
 */
#ifndef DUTPERF_COMMAND_H
#define DUTPERF_COMMAND_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define COMMAND_TAIL_LEN 2048		/* last bytes of output kept */
#define COMMAND_GRACE_MS 2000		/* SIGTERM to SIGKILL */
#define COMMAND_TAIL_LINES 3		/* lines quoted in a message */

enum command_end {
	COMMAND_EXITED,		/* status: its exit status */
	COMMAND_SIGNALED,	/* status: the signal that ended it */
	COMMAND_TIMED_OUT,	/* still running after timeout_ms: killed */
	COMMAND_STOPPED,	/* *stop was set while it ran: killed */
	COMMAND_NOT_RUN,	/* status: errno of the pipe or the spawn */
};

struct command_opts {
	uint32_t timeout_ms;	/* 0: no limit */
	uint32_t grace_ms;	/* SIGTERM to SIGKILL; 0: COMMAND_GRACE_MS */
	const volatile sig_atomic_t *stop;	/* NULL: none */
	int echo_fd;		/* its output is copied here; -1: not */
	uint64_t echo_max_b;	/* at most this much of it; 0: no limit */
	int stop_sig;		/* first signal of a kill; 0: SIGTERM */
};

struct command_result {
	enum command_end end;
	int status;
	uint64_t elapsed_ns;	/* spawn to reaped */
	uint64_t echoed_b;	/* bytes copied to echo_fd */
	bool echo_cut;		/* more came than echo_max_b */
	size_t tail_len;
	char tail[COMMAND_TAIL_LEN];	/* last bytes of stdout + stderr */
};

/* A command_opts with no limit, no stop flag and no echo. */
void command_opts_init(struct command_opts *o);

/*
 * Run cmd to its end (r->end says which).  0, or -errno when it could
 * not be started (r->end COMMAND_NOT_RUN).  When it returns, the shell is
 * reaped; after a kill the whole process group is, too (SIGKILL).
 */
int command_run(const char *cmd, const struct command_opts *o,
		struct command_result *r);

/*
 * The last n lines of the output, blank lines dropped, joined by " | ",
 * control bytes and '"' as \xNN; "" when it printed nothing.  snprintf's
 * return.
 */
int command_last_lines(const struct command_result *r, unsigned n,
		       char *buf, size_t len);

/*
 * What happened, for a message: 0 for exit status 0; -EINTR for
 * COMMAND_STOPPED; -EIO otherwise.  err (unless 0) holds
 *   WHAT = "CMD": exit status 3; last output: "a | b"
 *   WHAT = "CMD": no end within its timeout of 60 s (TIMEOUT_KEY): its
 *     process group was killed; last output: "..."
 * killed by signal N, cannot run /bin/sh: ..., interrupted; "no output"
 * when it printed nothing.  timeout_key names the setting (may be NULL).
 */
int command_check(const char *what, const char *cmd,
		  const struct command_opts *o, const char *timeout_key,
		  const struct command_result *r, char *err, size_t err_len);

#endif /* DUTPERF_COMMAND_H */

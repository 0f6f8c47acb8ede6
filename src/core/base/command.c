/* SPDX-License-Identifier: BSD-3-Clause */
/* command: a user's command with a timeout, in its own process group
 * (command.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dutperf/command.h"

extern char **environ;

/* how often *stop is looked at while nothing happens (the caller's
 * thread may have the signal that sets it blocked) */
#define COMMAND_TICK_MS 100
/* without a pidfd, the shell's end is polled this often */
#define COMMAND_POLL_MS 10
/* read after the shell's end, at most: a background child of it may
 * keep the pipe open and writing */
#define COMMAND_DRAIN_B 65536

void
command_opts_init(struct command_opts *o)
{
	*o = (struct command_opts){ .echo_fd = -1 };
}

static uint64_t
command_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Keep the last COMMAND_TAIL_LEN bytes of the output. */
static void
command_keep(struct command_result *r, const char *buf, size_t n)
{
	if (n >= COMMAND_TAIL_LEN) {
		memcpy(r->tail, buf + n - COMMAND_TAIL_LEN, COMMAND_TAIL_LEN);
		r->tail_len = COMMAND_TAIL_LEN;
		return;
	}
	if (r->tail_len + n > COMMAND_TAIL_LEN) {
		size_t drop = r->tail_len + n - COMMAND_TAIL_LEN;

		memmove(r->tail, r->tail + drop, r->tail_len - drop);
		r->tail_len -= drop;
	}
	memcpy(r->tail + r->tail_len, buf, n);
	r->tail_len += n;
}

/* Read what the pipe holds: bytes read, 0 at its end, -1 when nothing
 * is there now. */
static ssize_t
command_read(int fd, const struct command_opts *o, struct command_result *r)
{
	char buf[4096];
	ssize_t n, w;
	size_t off, copy;

	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? -1 : 0;
	command_keep(r, buf, (size_t)n);
	copy = (size_t)n;
	if (o->echo_max_b > 0 && r->echoed_b + copy > o->echo_max_b) {
		copy = (size_t)(o->echo_max_b - r->echoed_b);
		r->echo_cut = true;
	}
	for (off = 0; o->echo_fd >= 0 && off < copy; off += (size_t)w) {
		w = write(o->echo_fd, buf + off, copy - off);
		if (w <= 0)
			break;	/* a lost terminal loses the copy only */
		r->echoed_b += (uint64_t)w;
	}
	return n;
}

static int
command_spawn(const char *cmd, int out_fd, pid_t *pid)
{
	char *argv[] = { "sh", "-c", (char *)(uintptr_t)cmd, NULL };
	static const int deflt[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
				     SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2 };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, dfl;
	unsigned i;
	int rc;

	sigemptyset(&none);
	sigemptyset(&dfl);
	for (i = 0; i < sizeof(deflt) / sizeof(deflt[0]); i++)
		sigaddset(&dfl, deflt[i]);
	posix_spawnattr_init(&attr);
	/* no signal blocked or ignored (dutperf ignores SIGPIPE, its
	 * threads block SIGINT, SIGTERM and SIGHUP), a session of its own */
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &dfl);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK |
				 POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 2);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
	/* none of dutperf's files, sockets or DPDK descriptors */
	posix_spawn_file_actions_addclosefrom_np(&fa, 3);
#endif
	rc = posix_spawn(pid, "/bin/sh", &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	return rc;
}

/* The shell has ended (a zombie: its pid, hence its process group id,
 * cannot be reused yet). */
static bool
command_ended(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
	       si.si_pid == pid;
}

static int
command_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	return -1;
#endif
}

int
command_run(const char *cmd, const struct command_opts *o,
	    struct command_result *r)
{
	uint64_t t0 = command_now_ns(), now, deadline = 0, kill_at = 0;
	uint64_t grace_ns = (uint64_t)(o->grace_ms ? o->grace_ms :
				       COMMAND_GRACE_MS) * 1000000ULL;
	enum command_end why = COMMAND_EXITED;
	bool killing = false, killed = false;
	struct pollfd pfd[2];
	int p[2], pidfd, nfd, wait_ms, st, rc;
	size_t drained;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe2(p, O_CLOEXEC) != 0) {
		r->end = COMMAND_NOT_RUN;
		r->status = errno;
		return -r->status;
	}
	rc = command_spawn(cmd, p[1], &pid);
	close(p[1]);
	if (rc != 0) {
		close(p[0]);
		r->end = COMMAND_NOT_RUN;
		r->status = rc;
		return -rc;
	}
	fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK);
	pidfd = command_pidfd(pid);
	if (o->timeout_ms > 0)
		deadline = t0 + (uint64_t)o->timeout_ms * 1000000ULL;
	while (!command_ended(pid)) {
		now = command_now_ns();
		if (!killing && ((o->stop != NULL && *o->stop) ||
				 (deadline && now >= deadline))) {
			why = o->stop != NULL && *o->stop ? COMMAND_STOPPED :
			      COMMAND_TIMED_OUT;
			kill(-pid, o->stop_sig ? o->stop_sig : SIGTERM);
			killing = true;
			kill_at = now + grace_ns;
		}
		if (killing && !killed && now >= kill_at) {
			kill(-pid, SIGKILL);
			killed = true;
		}
		wait_ms = pidfd >= 0 ? COMMAND_TICK_MS : COMMAND_POLL_MS;
		if (!killing && deadline && (deadline - now) / 1000000 < (uint64_t)wait_ms)
			wait_ms = (int)((deadline - now) / 1000000) + 1;
		if (killing && !killed && (kill_at - now) / 1000000 < (uint64_t)wait_ms)
			wait_ms = (int)((kill_at - now) / 1000000) + 1;
		nfd = 0;
		if (p[0] >= 0)
			pfd[nfd++] = (struct pollfd){ .fd = p[0], .events = POLLIN };
		if (pidfd >= 0)
			pfd[nfd++] = (struct pollfd){ .fd = pidfd, .events = POLLIN };
		if (poll(pfd, (nfds_t)nfd, wait_ms) <= 0)
			continue;	/* a tick, or a signal: look again */
		if (p[0] >= 0 && pfd[0].revents != 0 &&
		    command_read(p[0], o, r) == 0) {
			close(p[0]);
			p[0] = -1;
		}
	}
	/* the rest of its output, bounded */
	for (drained = 0; p[0] >= 0 && drained < COMMAND_DRAIN_B;) {
		ssize_t n = command_read(p[0], o, r);

		if (n <= 0)
			break;
		drained += (size_t)n;
	}
	/* whatever of its group is left after a kill goes too */
	if (killing)
		kill(-pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (p[0] >= 0)
		close(p[0]);
	if (pidfd >= 0)
		close(pidfd);
	r->elapsed_ns = command_now_ns() - t0;
	if (killing) {
		r->end = why;
		r->status = 0;
	} else if (WIFEXITED(st)) {
		r->end = COMMAND_EXITED;
		r->status = WEXITSTATUS(st);
	} else {
		r->end = COMMAND_SIGNALED;
		r->status = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
	}
	return 0;
}

int
command_last_lines(const struct command_result *r, unsigned n, char *buf,
		   size_t len)
{
	size_t end = r->tail_len, b, e, used = 0;
	size_t starts[COMMAND_TAIL_LINES * 4], ends[COMMAND_TAIL_LINES * 4];
	unsigned k = 0, i;
	int w;

	if (n > sizeof(starts) / sizeof(starts[0]))
		n = sizeof(starts) / sizeof(starts[0]);
	/* the last n non-blank lines, backwards */
	while (k < n && end > 0) {
		e = end;
		while (e > 0 && (r->tail[e - 1] == '\n' || r->tail[e - 1] == '\r' ||
				 r->tail[e - 1] == ' ' || r->tail[e - 1] == '\t'))
			e--;
		if (e == 0)
			break;
		b = e;
		while (b > 0 && r->tail[b - 1] != '\n')
			b--;
		starts[k] = b;
		ends[k] = e;
		k++;
		end = b;
	}
	if (len > 0)
		buf[0] = '\0';
	for (i = k; i-- > 0;) {
		size_t j;

		if (i != k - 1 && used < len) {
			w = snprintf(buf + used, len - used, " | ");
			used += (size_t)w;
		}
		for (j = starts[i]; j < ends[i] && used < len; j++) {
			unsigned char c = (unsigned char)r->tail[j];

			if (c < 0x20 || c == 0x7f || c == '"')
				w = snprintf(buf + used, len - used, "\\x%02x", c);
			else
				w = snprintf(buf + used, len - used, "%c", c);
			used += (size_t)w;
		}
	}
	if (used >= len && len > 0)
		used = len - 1;
	return (int)used;
}

int
command_check(const char *what, const char *cmd,
	      const struct command_opts *o, const char *timeout_key,
	      const struct command_result *r, char *err, size_t err_len)
{
	char last[400], out[440];
	int n = 0;

	if (r->end == COMMAND_EXITED && r->status == 0)
		return 0;
	if (command_last_lines(r, COMMAND_TAIL_LINES, last, sizeof(last)) > 0)
		snprintf(out, sizeof(out), "last output: \"%s\"", last);
	else
		snprintf(out, sizeof(out), "no output");
	switch (r->end) {
	case COMMAND_EXITED:
		n = snprintf(err, err_len, "%s = \"%s\": exit status %d; %s",
			     what, cmd, r->status, out);
		break;
	case COMMAND_SIGNALED:
		n = snprintf(err, err_len, "%s = \"%s\": killed by signal %d "
			     "(%s); %s", what, cmd, r->status,
			     strsignal(r->status), out);
		break;
	case COMMAND_TIMED_OUT:
		n = snprintf(err, err_len, "%s = \"%s\": no end within its "
			     "timeout of %.3g s%s%s%s: its process group was "
			     "killed; %s", what, cmd,
			     (double)o->timeout_ms / 1e3, timeout_key ? " (" : "",
			     timeout_key ? timeout_key : "",
			     timeout_key ? ")" : "", out);
		break;
	case COMMAND_STOPPED:
		snprintf(err, err_len, "%s = \"%s\": interrupted: its process "
			 "group was killed", what, cmd);
		return -EINTR;
	case COMMAND_NOT_RUN:
		n = snprintf(err, err_len, "%s = \"%s\": cannot run /bin/sh: %s",
			     what, cmd, strerror(r->status));
		break;
	}
	(void)n;
	return -EIO;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* command: a user's command with a timeout in its own process group
 * (command.h), checked against what /proc and the kernel say. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdbool.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "dutperf/command.h"
#include "unit_util.h"

static int
run(const char *cmd, uint32_t timeout_ms, struct command_result *r)
{
	struct command_opts o;

	command_opts_init(&o);
	o.timeout_ms = timeout_ms;
	return command_run(cmd, &o, r);
}

/* The output as a C string. */
static const char *
tail(struct command_result *r)
{
	static char s[COMMAND_TAIL_LEN + 1];

	memcpy(s, r->tail, r->tail_len);
	s[r->tail_len] = '\0';
	return s;
}

/* pid has ended: no such process, or a zombie (state Z in /proc). */
static bool
command_gone(int pid)
{
	char path[64], st = '?';
	FILE *f;

	if (kill(pid, 0) != 0)
		return errno == ESRCH;
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (f == NULL)
		return true;
	if (fscanf(f, "%*d (%*[^)]) %c", &st) != 1)
		st = '?';
	fclose(f);
	return st == 'Z';
}

static void
test_exit_status(void **state)
{
	struct command_opts o;
	struct command_result r;
	char err[512];

	(void)state;
	assert_int_equal(run("echo out; echo err >&2; exit 0", 5000, &r), 0);
	assert_int_equal(r.end, COMMAND_EXITED);
	assert_int_equal(r.status, 0);
	assert_string_equal(tail(&r), "out\nerr\n");
	command_opts_init(&o);
	assert_int_equal(command_check("[x] y", "c", &o, NULL, &r, err,
				       sizeof(err)), 0);

	assert_int_equal(run("echo one; echo two; echo; echo three; exit 3",
			     5000, &r), 0);
	assert_int_equal(r.end, COMMAND_EXITED);
	assert_int_equal(r.status, 3);
	assert_int_equal(command_check("[stateful] hook_trial", "c", &o, NULL,
				       &r, err, sizeof(err)), -EIO);
	assert_string_equal(err, "[stateful] hook_trial = \"c\": exit status 3; "
			    "last output: \"one | two | three\"");

	assert_int_equal(run("exit 1", 5000, &r), 0);
	command_check("[reset] command", "exit 1", &o, NULL, &r, err,
		      sizeof(err));
	assert_string_equal(err, "[reset] command = \"exit 1\": exit status 1; "
			    "no output");

	assert_int_equal(run("kill -9 $$", 5000, &r), 0);
	assert_int_equal(r.end, COMMAND_SIGNALED);
	assert_int_equal(r.status, SIGKILL);
	command_check("[reset] command", "k", &o, NULL, &r, err, sizeof(err));
	assert_contains(err, "killed by signal 9");
}

/* A command that never ends: killed at its timeout, the message names
 * it, the timeout and the last output. */
static void
test_timeout(void **state)
{
	struct command_opts o;
	struct command_result r;
	char err[512];

	(void)state;
	command_opts_init(&o);
	o.timeout_ms = 300;
	assert_int_equal(command_run("echo waiting; sleep 600", &o, &r), 0);
	assert_int_equal(r.end, COMMAND_TIMED_OUT);
	assert_true(r.elapsed_ns >= 300000000ULL);
	assert_true(r.elapsed_ns < 2000000000ULL);	/* SIGTERM did it */
	assert_int_equal(command_check("[stateful] hook_trial",
				       "echo waiting; sleep 600", &o,
				       "[commands] timeout_s", &r, err,
				       sizeof(err)), -EIO);
	assert_string_equal(err, "[stateful] hook_trial = \"echo waiting; "
			    "sleep 600\": no end within its timeout of 0.3 s "
			    "([commands] timeout_s): its process group was "
			    "killed; last output: \"waiting\"");
}

/* TERM ignored: KILL after the grace; every process of the group goes,
 * also one the shell started in the background. */
static void
test_group_killed(void **state)
{
	char dir[] = "/tmp/test_command.XXXXXX", cmd[512], path[600];
	struct command_opts o;
	struct command_result r;
	FILE *f;
	int pid = 0, i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/pid", dir);
	snprintf(cmd, sizeof(cmd), "trap '' TERM; sh -c 'trap \"\" TERM; "
		 "exec sleep 600' & echo $! > %s; wait; sleep 600", path);
	command_opts_init(&o);
	o.timeout_ms = 200;
	o.grace_ms = 300;
	assert_int_equal(command_run(cmd, &o, &r), 0);
	assert_int_equal(r.end, COMMAND_TIMED_OUT);
	assert_true(r.elapsed_ns >= 500000000ULL);
	assert_true(r.elapsed_ns < 3000000000ULL);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(fscanf(f, "%d", &pid), 1);
	fclose(f);
	assert_true(pid > 1);
	/* the background sleep got SIGKILL: gone, or a zombie until its
	 * new parent reaps it */
	for (i = 0; i < 100 && !command_gone(pid); i++)
		usleep(10000);
	assert_true(command_gone(pid));
	assert_int_equal(unit_rmtree(dir), 0);
}

static void
test_stop_flag(void **state)
{
	static volatile sig_atomic_t stop = 1;
	struct command_opts o;
	struct command_result r;
	char err[256];

	(void)state;
	command_opts_init(&o);
	o.stop = &stop;
	assert_int_equal(command_run("sleep 600", &o, &r), 0);
	assert_int_equal(r.end, COMMAND_STOPPED);
	assert_true(r.elapsed_ns < 2000000000ULL);
	assert_int_equal(command_check("[x] y", "sleep 600", &o, NULL, &r, err,
				       sizeof(err)), -EINTR);
	assert_contains(err, "interrupted");
}

/* Its own session and process group; stdin /dev/null; no signal
 * blocked or ignored whatever the caller's; none of the caller's
 * descriptors. */
static void
test_environment(void **state)
{
	struct command_result r;
	sigset_t block, old;
	unsigned long long blk, ign;
	char cmd[256];
	int pid, ppid, pgrp, sid, fd;

	(void)state;
	/* /proc/PID/stat: pid (comm) state ppid pgrp session */
	assert_int_equal(run("exec cat /proc/self/stat", 5000, &r), 0);
	assert_int_equal(sscanf(tail(&r), "%d (cat) %*c %d %d %d", &pid, &ppid,
				&pgrp, &sid), 4);
	assert_int_equal(ppid, getpid());
	assert_int_equal(pgrp, pid);
	assert_int_equal(sid, pid);
	assert_int_not_equal(sid, getsid(0));

	/* reads end at once */
	assert_int_equal(run("cat; echo done", 5000, &r), 0);
	assert_int_equal(r.end, COMMAND_EXITED);
	assert_string_equal(tail(&r), "done\n");

	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);
	assert_int_equal(run("exec grep -E '^Sig(Blk|Ign)' /proc/self/status",
			     5000, &r), 0);
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGPIPE, SIG_DFL);
	/* signals 1-31 (glibc may keep its own real-time ones) */
	assert_int_equal(sscanf(tail(&r), "SigBlk: %llx SigIgn: %llx", &blk,
				&ign), 2);
	assert_int_equal(blk & 0x7fffffffULL, 0);
	assert_int_equal(ign & 0x7fffffffULL, 0);

	fd = open("/dev/null", O_RDONLY);	/* no O_CLOEXEC */
	assert_true(fd >= 3);
	snprintf(cmd, sizeof(cmd), "test -e /proc/self/fd/%d && echo leaked; "
		 "echo end", fd);
	assert_int_equal(run(cmd, 5000, &r), 0);
	close(fd);
	assert_string_equal(tail(&r), "end\n");
}

/* Output larger than the pipe and the tail: read as it comes (never
 * blocking the command), the last bytes kept, copied to echo_fd. */
static void
test_output(void **state)
{
	char dir[] = "/tmp/test_command.XXXXXX", path[600], line[64];
	struct command_opts o;
	struct command_result r;
	char buf[400];
	FILE *f;
	long size;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/echo", dir);
	command_opts_init(&o);
	o.timeout_ms = 20000;
	o.echo_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(o.echo_fd >= 0);
	assert_int_equal(command_run("seq 1 100000", &o, &r), 0);
	close(o.echo_fd);
	assert_int_equal(r.end, COMMAND_EXITED);
	assert_int_equal(r.status, 0);
	assert_int_equal(r.tail_len, COMMAND_TAIL_LEN);
	assert_memory_equal(r.tail + COMMAND_TAIL_LEN - 13, "99999\n100000\n", 13);
	f = fopen(path, "r");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	assert_int_equal(size, 588895);		/* seq 1 100000 | wc -c */
	command_last_lines(&r, 2, buf, sizeof(buf));
	assert_string_equal(buf, "99999 | 100000");

	/* control bytes and quotes shown, never copied raw into a message */
	assert_int_equal(run("printf 'a\\tb\"c\\033[31m\\n'", 5000, &r), 0);
	command_last_lines(&r, 3, line, sizeof(line));
	assert_string_equal(line, "a\\x09b\\x22c\\x1b[31m");
	/* truncated to the buffer, terminated */
	command_last_lines(&r, 3, line, 5);
	assert_int_equal(strlen(line), 4);
	assert_int_equal(unit_rmtree(dir), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_status),
		cmocka_unit_test(test_timeout),
		cmocka_unit_test(test_group_killed),
		cmocka_unit_test(test_stop_flag),
		cmocka_unit_test(test_environment),
		cmocka_unit_test(test_output),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

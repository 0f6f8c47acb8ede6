/* SPDX-License-Identifier: BSD-3-Clause */
/* shell_run: exit statuses, signals, the wall time, an empty command, the
 * timeout and the stop flag (command.h does the work: test_command). */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dutperf/shell.h"

static void
test_success(void **state)
{
	struct command_result r = { .elapsed_ns = 0 };
	char err[256] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_trial", "true", 60, NULL,
				   &r, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_true(r.elapsed_ns > 0);
	/* nothing wanted back */
	assert_int_equal(shell_run("stateful", "hook_trial", "exit 0", 60, NULL,
				   NULL, err, sizeof(err)), 0);
}

static void
test_empty(void **state)
{
	struct command_result r = { .elapsed_ns = 7, .status = 1 };
	char err[256] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_search", "", 60, NULL, &r,
				   err, sizeof(err)), 0);
	assert_int_equal(r.elapsed_ns, 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(shell_run("stateful", "hook_search", NULL, 60, NULL, &r,
				   err, sizeof(err)), 0);
	assert_string_equal(err, "");
}

static void
test_exit_status(void **state)
{
	char err[256] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "teardown_cmd", "exit 3", 60,
				   NULL, NULL, err, sizeof(err)), -EIO);
	assert_string_equal(err, "[stateful] teardown_cmd = \"exit 3\": exit "
			    "status 3; no output: the run stops");
}

static void
test_signal(void **state)
{
	char err[256] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_trial", "kill -TERM $$",
				   60, NULL, NULL, err, sizeof(err)), -EIO);
	assert_string_equal(err, "[stateful] hook_trial = \"kill -TERM $$\": "
			    "killed by signal 15 (Terminated); no output: the "
			    "run stops");
}

/* The wall time covers the command: a 200 ms sleep takes 200 ms or more
 * (and, on any machine this runs on, less than 10 s). */
static void
test_wall_time(void **state)
{
	struct command_result r;
	char err[256] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "teardown_cmd", "sleep 0.2", 60,
				   NULL, &r, err, sizeof(err)), 0);
	assert_true(r.elapsed_ns >= 200000000ULL);
	assert_true(r.elapsed_ns < 10000000000ULL);
}

/* [commands] timeout_s: a hung command killed, named with its timeout
 * and last output; the stop flag (dutperf interrupted): -EINTR. */
static void
test_timeout_stop(void **state)
{
	static volatile sig_atomic_t stop = 1;
	struct command_result r;
	char err[512] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_trial",
				   "echo waiting; sleep 600", 1, NULL, &r, err,
				   sizeof(err)), -EIO);
	assert_int_equal(r.end, COMMAND_TIMED_OUT);
	assert_true(r.elapsed_ns < 5000000000ULL);
	assert_string_equal(err, "[stateful] hook_trial = \"echo waiting; sleep "
			    "600\": no end within its timeout of 1 s ([commands] "
			    "timeout_s): its process group was killed; last "
			    "output: \"waiting\": the run stops");
	assert_int_equal(shell_run("reset", "command", "sleep 600", 60, &stop,
				   &r, err, sizeof(err)), -EINTR);
	assert_int_equal(r.end, COMMAND_STOPPED);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_success),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_exit_status),
		cmocka_unit_test(test_signal),
		cmocka_unit_test(test_wall_time),
		cmocka_unit_test(test_timeout_stop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

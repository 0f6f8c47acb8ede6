/* SPDX-License-Identifier: BSD-3-Clause */
/* shell_run: exit statuses, signals, the wall time, an empty command. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dutperf/shell.h"

static void
test_success(void **state)
{
	char err[256] = "";
	uint64_t ns = 1;

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_trial", "true", &ns, err,
				   sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_true(ns > 0);
	/* no wall time wanted */
	assert_int_equal(shell_run("stateful", "hook_trial", "exit 0", NULL,
				   err, sizeof(err)), 0);
}

static void
test_empty(void **state)
{
	char err[256] = "";
	uint64_t ns = 7;

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_search", "", &ns, err,
				   sizeof(err)), 0);
	assert_int_equal(ns, 0);
	assert_int_equal(shell_run("stateful", "hook_search", NULL, &ns, err,
				   sizeof(err)), 0);
	assert_string_equal(err, "");
}

static void
test_exit_status(void **state)
{
	char err[256] = "";
	uint64_t ns;

	(void)state;
	assert_int_equal(shell_run("stateful", "teardown_cmd", "exit 3", &ns,
				   err, sizeof(err)), -EIO);
	assert_string_equal(err, "[stateful] teardown_cmd = \"exit 3\": exit "
			    "status 3: the run stops");
}

static void
test_signal(void **state)
{
	char err[256] = "";

	(void)state;
	assert_int_equal(shell_run("stateful", "hook_trial", "kill -TERM $$",
				   NULL, err, sizeof(err)), -EIO);
	assert_string_equal(err, "[stateful] hook_trial = \"kill -TERM $$\": "
			    "killed by signal 15: the run stops");
}

/* The wall time covers the command: a 200 ms sleep takes 200 ms or more
 * (and, on any machine this runs on, less than 10 s). */
static void
test_wall_time(void **state)
{
	char err[256] = "";
	uint64_t ns = 0;

	(void)state;
	assert_int_equal(shell_run("stateful", "teardown_cmd", "sleep 0.2", &ns,
				   err, sizeof(err)), 0);
	assert_true(ns >= 200000000ULL);
	assert_true(ns < 10000000000ULL);
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

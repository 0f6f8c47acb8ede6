/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tool: the offline tools' shared command line pieces (dutperf/tool.h):
 * which stream the usage goes to and which exit status comes back.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "tool.h"

static FILE *usage_to;		/* where the last usage went */
static int usage_calls;

static void
fake_usage(FILE *out)
{
	usage_to = out;
	usage_calls++;
}

static void
reset(void)
{
	usage_to = NULL;
	usage_calls = 0;
}

static void
test_command_arg(void **state)
{
	char *none[] = { "dutperf-x", NULL };
	char *help[] = { "dutperf-x", "-h", NULL };
	char *lhelp[] = { "dutperf-x", "--help", "more", NULL };
	char *cmd[] = { "dutperf-x", "summary", NULL };

	(void)state;
	reset();
	assert_int_equal(tool_command_arg(1, none, fake_usage), 2);
	assert_ptr_equal(usage_to, stderr);
	reset();
	assert_int_equal(tool_command_arg(2, help, fake_usage), 0);
	assert_ptr_equal(usage_to, stdout);
	reset();
	assert_int_equal(tool_command_arg(3, lhelp, fake_usage), 0);
	assert_ptr_equal(usage_to, stdout);
	reset();
	assert_int_equal(tool_command_arg(2, cmd, fake_usage), -1);
	assert_int_equal(usage_calls, 0);
}

static void
test_help_or_usage(void **state)
{
	(void)state;
	reset();
	assert_int_equal(tool_help_or_usage('h', fake_usage), 0);
	assert_ptr_equal(usage_to, stdout);
	reset();
	assert_int_equal(tool_help_or_usage('?', fake_usage), TOOL_EXIT_USAGE);
	assert_ptr_equal(usage_to, stderr);
	assert_int_equal(TOOL_EXIT_USAGE, 2);
}

static void
test_confidence(void **state)
{
	double pct = -1;

	(void)state;
	assert_int_equal(tool_confidence("dutperf-x", "99", &pct), 0);
	assert_true(pct == 99.0);
	pct = -1;
	assert_int_equal(tool_confidence("dutperf-x", "101", &pct), -EINVAL);
	assert_int_equal(tool_confidence("dutperf-x", "", &pct), -EINVAL);
	assert_int_equal(tool_confidence("dutperf-x", "95x", &pct), -EINVAL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_command_arg),
		cmocka_unit_test(test_help_or_usage),
		cmocka_unit_test(test_confidence),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the unit tests; include after <cmocka.h>. */
#ifndef DUTPERF_UNIT_UTIL_H
#define DUTPERF_UNIT_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Remove a test's temporary directory and what it holds: 0 or -1. */
static inline int
unit_rmtree(const char *dir)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/*
 * A test group's temporary directory: UNIT_TMPDIR("test_foo") defines
 * tmpdir ("/tmp/test_foo.XXXXXX"), made by unit_tmpdir_setup and removed
 * with what it holds by unit_tmpdir_teardown, the group's setup and
 * teardown for cmocka_run_group_tests.
 */
#define UNIT_TMPDIR(prefix)						\
	static char tmpdir[] = "/tmp/" prefix ".XXXXXX";		\
									\
	static int							\
	unit_tmpdir_setup(void **state)					\
	{								\
		(void)state;						\
		return mkdtemp(tmpdir) == NULL ? -1 : 0;		\
	}								\
									\
	static int							\
	unit_tmpdir_teardown(void **state)				\
	{								\
		(void)state;						\
		return unit_rmtree(tmpdir);				\
	}

/* Write text to dir/name (replacing it); returns its path (a static buffer). */
static inline const char *
unit_write_file(const char *dir, const char *name, const char *text)
{
	static char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* Fail unless needle occurs in hay, showing both. */
static inline void
assert_contains(const char *hay, const char *needle)
{
	if (strstr(hay, needle) == NULL)
		fail_msg("\"%s\" does not contain \"%s\"", hay, needle);
}

#endif /* DUTPERF_UNIT_UTIL_H */

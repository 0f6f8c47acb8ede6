/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the text helpers the readers share: text_trim (text.h),
 * the one trim of the INI, siitperf.conf and CSV readers (each case a
 * string and what must be left of it), and cfg_errf / cfg_errf_rc (cfg.h),
 * which format every error message of the core into err.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "dutperf/text.h"

static void
test_trim_cases(void **state)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "", "" },
		{ "a", "a" },
		{ "  a", "a" },
		{ "\t\ta", "a" },
		{ "a  ", "a" },
		{ "a\t", "a" },
		{ " \t a b \t ", "a b" },		/* blanks inside stay */
		{ "key = value\r", "key = value" },	/* a CRLF line's CR */
		{ "value\r\n", "value" },
		{ "value \r \n\r", "value" },
		{ "v\ra", "v\ra" },			/* CR inside stays */
		{ "\rkey", "\rkey" },			/* CR at the start is text */
		{ "\nkey", "\nkey" },
		{ " \r", "" },
		{ " \t\r\n ", "" },
		{ "\xef\xbb\xbf a ", "\xef\xbb\xbf a" },	/* a BOM is not a blank */
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *r;

		snprintf(buf, sizeof(buf), "%s", cases[i].in);
		r = text_trim(buf);
		if (strcmp(r, cases[i].want) != 0)
			fail_msg("case %zu: got \"%s\", want \"%s\"", i, r,
				 cases[i].want);
		/* in place: the result lies in buf, its end is cut with a NUL */
		assert_true(r >= buf && r <= buf + strlen(cases[i].in));
		assert_int_equal(r[strlen(cases[i].want)], '\0');
	}
}

/* The message, cut to err_len - 1 bytes; the return value: -EINVAL or rc. */
static void
test_errf(void **state)
{
	char err[20];

	(void)state;
	memset(err, 'x', sizeof(err));
	assert_int_equal(cfg_errf(err, sizeof(err), "%s = %d", "key", 7), -EINVAL);
	assert_string_equal(err, "key = 7");
	assert_int_equal(cfg_errf_rc(-ENOMEM, err, sizeof(err), "%s: out of memory",
				     "f"), -ENOMEM);
	assert_string_equal(err, "f: out of memory");
	assert_int_equal(cfg_errf_rc(-EIO, err, sizeof(err), "%s",
				     "0123456789abcdefghijkl"), -EIO);
	assert_string_equal(err, "0123456789abcdefghi");
	/* no buffer: only the return value */
	assert_int_equal(cfg_errf_rc(-ENOENT, NULL, 0, "%s", "gone"), -ENOENT);
	assert_int_equal(cfg_errf(NULL, 0, "%s", "gone"), -EINVAL);
	memset(err, 'x', sizeof(err));
	assert_int_equal(cfg_errf_rc(-EBADF, err, 0, "%s", "unwritten"), -EBADF);
	assert_int_equal(err[0], 'x');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trim_cases),
		cmocka_unit_test(test_errf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of text_trim (text.h), the one trim of the INI, siitperf.conf
 * and CSV readers: each case is a string and what must be left of it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trim_cases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of imix.h: the RFC 6985 genome parser (letters, custom
 * sizes, presets, every malformed genome refused with a reason), the mean
 * sizes, the line rate of a mix and the per-size counts of a prefix of
 * the sequence.  Every expected figure is worked out by hand in the
 * comment beside it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include "dutperf/imix.h"

#define MIN_B 64
#define MAX_B 9216

static void
test_letters(void **state)
{
	/* RFC 6985's letters, each alone */
	static const uint32_t want[] = { 64, 128, 256, 512, 1024, 1280, 1518 };
	struct imix m;
	char err[256], g[2] = "a";
	unsigned int i;

	(void)state;
	for (i = 0; i < 7; i++) {
		g[0] = (char)('a' + i);
		assert_int_equal(imix_parse(&m, g, MIN_B, MAX_B, err, sizeof(err)), 0);
		assert_int_equal(m.len, 1);
		assert_int_equal(m.nb_sizes, 1);
		assert_int_equal(m.size_b[0], want[i]);
		assert_int_equal(imix_size_at(&m, 12345), want[i]);
		assert_string_equal(m.genome, g);
	}
}

static void
test_sequence_order(void **state)
{
	/* RFC 6985's kind of example: 64, 64, 128, 64, 1518 repeating */
	static const uint32_t want[] = { 64, 64, 128, 64, 1518 };
	struct imix m;
	char err[256];
	unsigned int i;

	(void)state;
	assert_int_equal(imix_parse(&m, "aabag", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(m.len, 5);
	assert_int_equal(m.nb_sizes, 3);	/* 64, 128, 1518 */
	for (i = 0; i < 20; i++)
		assert_int_equal(imix_size_at(&m, i), want[i % 5]);
	assert_int_equal(imix_pass_b(&m), 64 * 3 + 128 + 1518);	/* 1838 */
	assert_true(imix_mean_l2_b(&m) == 1838.0 / 5);
	assert_int_equal(imix_min_b(&m), 64);
	assert_int_equal(imix_max_b(&m), 1518);
}

static void
test_custom(void **state)
{
	struct imix m;
	char err[256];

	(void)state;
	assert_int_equal(imix_parse(&m, "hahz,z=100,h=9000", MIN_B, MAX_B, err,
				    sizeof(err)), 0);
	assert_int_equal(imix_size_at(&m, 0), 9000);
	assert_int_equal(imix_size_at(&m, 1), 64);
	assert_int_equal(imix_size_at(&m, 3), 100);
	/* written out with the definitions in letter order */
	assert_string_equal(m.genome, "hahz,h=9000,z=100");
	assert_string_equal(m.name, "hahz,z=100,h=9000");
}

static void
test_preset_csit(void **state)
{
	struct imix m;
	char err[256];
	uint64_t f[IMIX_MAX_SIZES], b[IMIX_MAX_SIZES];

	(void)state;
	assert_int_equal(imix_parse(&m, "csit", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_string_equal(m.name, "csit");
	assert_string_equal(m.genome, "aaaaaaaxxxxg,x=570");
	assert_int_equal(m.len, 12);
	assert_int_equal(m.nb_sizes, 3);
	/* 7 x 64 + 4 x 570 + 1 x 1518 = 448 + 2280 + 1518 = 4246 B */
	assert_int_equal(imix_pass_b(&m), 4246);
	assert_true(imix_mean_l2_b(&m) == 4246.0 / 12);		/* 353.83 */
	assert_true(imix_mean_l1_b(&m) == 4246.0 / 12 + 20);	/* 373.83 */
	/* 25 frames: two passes and one more 64 B frame */
	assert_int_equal(imix_count(&m, 25, f, b), 15 * 64 + 8 * 570 + 2 * 1518);
	assert_int_equal(f[0], 15);
	assert_int_equal(f[1], 8);
	assert_int_equal(f[2], 2);
	assert_int_equal(b[1], 8 * 570);
}

static void
test_line_rate(void **state)
{
	struct imix m;
	char err[256];

	(void)state;
	/* 10 Gb/s, 64 B: 1e10 / (84 * 8) = 14,880,952.4 */
	assert_int_equal(imix_parse(&m, "a", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 14880952);
	/* 1518 B: 1e10 / (1538 * 8) = 812,743.8 */
	assert_int_equal(imix_parse(&m, "g", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 812743);
	/* CSIT: 1e10 * 12 / ((4246 + 12 * 20) * 8) = 1.2e11 / 35888
	 * = 3,343,736.07 */
	assert_int_equal(imix_parse(&m, "csit", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 3343736);
	/* the link speed over the mean L1 length, to within rounding */
	assert_true(imix_line_rate_fps(&m, 10000) ==
		    (uint64_t)(1e10 / (imix_mean_l1_b(&m) * 8)));
}

static void
test_bad(void **state)
{
	static const struct {
		const char *in, *why;
	} cases[] = {
		{ "", "no sequence" },
		{ ",x=570", "no sequence" },
		{ "aAg", "'A' at 2" },
		{ "a g", "' ' at 2" },
		{ "aah", "h has no size" },
		{ "ax,x=570,x=600", "x defined twice" },
		{ "ab,b=100", "b is RFC 6985's 128 bytes" },
		{ "ax,x=63", "x=63: outside 64..9216" },
		{ "ax,x=9217", "outside 64..9216" },
		{ "ax,x=05", "not a size" },
		{ "ax,x=5a0", "not a size" },
		{ "ax,x=", "LETTER=BYTES" },
		{ "ax,", "LETTER=BYTES" },
		{ "ax,x570", "LETTER=BYTES" },
		{ "a,x=570", "x=570 is defined but not in the sequence" },
		{ "abcdefghi,h=100,i=200", "more than 8 distinct sizes" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		  "65 letters: at most 64" },
		{ "CSIT", "'C' at 1" },
	};
	struct imix m;
	char err[256];
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		assert_int_equal(imix_parse(&m, cases[i].in, MIN_B, MAX_B, err,
					    sizeof(err)), -EINVAL);
		if (strstr(err, cases[i].why) == NULL)
			fail_msg("\"%s\": \"%s\" lacks \"%s\"", cases[i].in,
				 err, cases[i].why);
		assert_int_equal(m.len, 0);
	}
	/* a standard size outside the caller's bounds (no jumbo: 1518) */
	assert_int_equal(imix_parse(&m, "ag", 64, 1280, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "g (1518 bytes): outside 64..1280"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_letters),
		cmocka_unit_test(test_sequence_order),
		cmocka_unit_test(test_custom),
		cmocka_unit_test(test_preset_csit),
		cmocka_unit_test(test_line_rate),
		cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

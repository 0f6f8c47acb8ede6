/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_rfc4814: ranges, uniformity (chi-square), reproducibility and
 * independence of streams, exact wrap of increasing/decreasing fields.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "dutperf/rfc4814.h"

/* Upper p = 0.001 point of chi-square with df degrees of freedom
 * (Wilson-Hilferty; 148.2 for df = 99). */
static double
chi2_crit(int df)
{
	double z = 3.090232, a = 2.0 / (9.0 * df);

	return df * pow(1.0 - a + z * sqrt(a), 3);
}

static void
ranges(void **state)
{
	static const uint16_t mins[] = { 0, 1, 7, 1024, 65534, 65535 };
	static const uint32_t sizes[] = { 1, 2, 3, 1001, 65536 };
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (j = 0; j < sizeof(mins) / sizeof(mins[0]); j++) {
			struct rfc4814_field f;
			uint32_t max = mins[j] + sizes[i] - 1, k, lo = 65536, hi = 0;

			if (max > 65535)
				continue;
			rfc4814_init(&f, CFG_VAR_RANDOM, mins[j], (uint16_t)max, 3, i * 10 + j);
			assert_int_equal(f.range, sizes[i]);
			for (k = 0; k < 200000; k++) {
				uint16_t v = rfc4814_next(&f);

				assert_in_range(v, mins[j], max);
				lo = v < lo ? v : lo;
				hi = v > hi ? v : hi;
			}
			if (sizes[i] <= 1001) {	/* both ends reached */
				assert_int_equal(lo, mins[j]);
				assert_int_equal(hi, max);
			}
		}
	}
	/* ranges dividing 2^32 never reject */
	{
		struct rfc4814_field f;

		rfc4814_init(&f, CFG_VAR_RANDOM, 0, 65535, 1, 1);
		assert_int_equal(f.reject_below, 0);
		rfc4814_init(&f, CFG_VAR_RANDOM, 9, 9, 1, 1);
		assert_int_equal(f.reject_below, 0);
		rfc4814_init(&f, CFG_VAR_RANDOM, 0, 2, 1, 1);
		assert_int_equal(f.reject_below, 1);	/* 2^32 = 3 * 1431655765 + 1 */
		/* swapped bounds are put in order */
		rfc4814_init(&f, CFG_VAR_RANDOM, 10, 5, 1, 1);
		assert_int_equal(f.min, 5);
		assert_int_equal(f.max, 10);
	}
}

static double
chi2(uint16_t min, uint16_t max, int bins, uint64_t seed, uint64_t stream)
{
	static uint32_t count[256];
	struct rfc4814_field f;
	uint32_t range = (uint32_t)max - min + 1, per = range / (uint32_t)bins;
	int i, draws = 1000000;
	double e = (double)draws / bins, x = 0;

	memset(count, 0, sizeof(count));
	rfc4814_init(&f, CFG_VAR_RANDOM, min, max, seed, stream);
	for (i = 0; i < draws; i++)
		count[(rfc4814_next(&f) - min) / per]++;
	for (i = 0; i < bins; i++)
		x += (count[i] - e) * (count[i] - e) / e;
	return x;
}

static void
uniform(void **state)
{
	double x;

	(void)state;
	x = chi2(1, 1000, 100, 42, 0);
	print_message("chi2 1..1000 in 100 bins: %.1f (crit %.1f)\n", x, chi2_crit(99));
	assert_true(x < chi2_crit(99));
	x = chi2(0, 65535, 128, 43, 5);
	print_message("chi2 0..65535 in 128 bins: %.1f (crit %.1f)\n", x, chi2_crit(127));
	assert_true(x < chi2_crit(127));
	x = chi2(1024, 1024 + 3 * 100 - 1, 100, 44, 6);
	assert_true(x < chi2_crit(99));
	/* the PRNG's low bits too: 64 bins of the raw output's low 6 bits */
	{
		struct rfc4814_rng r;
		uint32_t count[64] = { 0 };
		double e = 1000000 / 64.0;
		int i;

		rfc4814_rng_seed(&r, 1, 2);
		for (i = 0; i < 1000000; i++)
			count[rfc4814_rng_next(&r) & 63]++;
		for (x = 0, i = 0; i < 64; i++)
			x += (count[i] - e) * (count[i] - e) / e;
		assert_true(x < chi2_crit(63));
	}
}

static int
diff_count(uint64_t s1, uint64_t st1, uint64_t s2, uint64_t st2)
{
	struct rfc4814_rng a, b;
	int i, d = 0;

	rfc4814_rng_seed(&a, s1, st1);
	rfc4814_rng_seed(&b, s2, st2);
	for (i = 0; i < 1000; i++)
		d += rfc4814_rng_next(&a) != rfc4814_rng_next(&b);
	return d;
}

static void
reproducible(void **state)
{
	struct rfc4814_field f, g;
	uint64_t s;
	int i, same = 0;

	(void)state;
	assert_int_equal(diff_count(1, 0, 1, 0), 0);
	assert_int_equal(diff_count(0, 0, 0, 0), 0);
	for (s = 0; s < 50; s++) {
		assert_int_equal(diff_count(s, 3, s + 1, 3), 1000);	/* seeds */
		assert_int_equal(diff_count(s, s, s, s + 1), 1000);	/* streams */
		assert_int_equal(diff_count(s, 0x100, s, 0x001), 1000);
	}
	/* a seed of 0 and stream 0 still gives a working generator */
	{
		struct rfc4814_rng r;

		rfc4814_rng_seed(&r, 0, 0);
		assert_true((r.s[0] | r.s[1] | r.s[2] | r.s[3]) != 0);
		assert_true(rfc4814_rng_next(&r) != rfc4814_rng_next(&r));
	}
	/* fields: same seed/stream same values; other stream independent */
	rfc4814_init(&f, CFG_VAR_RANDOM, 1, 49151, 77, 1);
	rfc4814_init(&g, CFG_VAR_RANDOM, 1, 49151, 77, 1);
	for (i = 0; i < 10000; i++)
		assert_int_equal(rfc4814_next(&f), rfc4814_next(&g));
	rfc4814_init(&g, CFG_VAR_RANDOM, 1, 49151, 77, 2);
	for (i = 0; i < 10000; i++)
		same += rfc4814_next(&f) == rfc4814_next(&g);
	assert_true(same < 10);
}

static void
sequences(void **state)
{
	struct rfc4814_field f;
	uint32_t i;

	(void)state;
	rfc4814_init(&f, CFG_VAR_INCREASING, 65533, 65535, 1, 1);
	for (i = 0; i < 10; i++)
		assert_int_equal(rfc4814_next(&f), 65533 + i % 3);
	rfc4814_init(&f, CFG_VAR_DECREASING, 0, 4, 1, 1);
	for (i = 0; i < 12; i++)
		assert_int_equal(rfc4814_next(&f), 4 - i % 5);
	rfc4814_init(&f, CFG_VAR_INCREASING, 0, 65535, 1, 1);
	for (i = 0; i < 70000; i++)
		assert_int_equal(rfc4814_next(&f), i & 0xffff);
	rfc4814_init(&f, CFG_VAR_DECREASING, 0, 65535, 1, 1);
	for (i = 0; i < 70000; i++)
		assert_int_equal(rfc4814_next(&f), 65535 - (i & 0xffff));
	rfc4814_init(&f, CFG_VAR_INCREASING, 7, 7, 1, 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(rfc4814_next(&f), 7);
	rfc4814_init(&f, CFG_VAR_DECREASING, 7, 7, 1, 1);
	assert_int_equal(rfc4814_next(&f), 7);
	assert_int_equal(rfc4814_next(&f), 7);
	rfc4814_init(&f, CFG_VAR_FIXED, 1024, 65535, 1, 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(rfc4814_next(&f), 1024);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ranges),
		cmocka_unit_test(uniform),
		cmocka_unit_test(reproducible),
		cmocka_unit_test(sequences),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

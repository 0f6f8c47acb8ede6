/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the delay module's histogram: every figure is checked
 * against a brute-force sort of the same samples, with ranks computed in
 * integer arithmetic (delay_ref.h; the summaries: test_delay_summary.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/delay.h"

#include "delay_ref.h"

/*
 * Fill a histogram with x[0..n-1] and check count, min, max, mean and the
 * test percentiles against the sorted copy.
 */
static void
check_hist_vs_sort(const uint64_t *x, size_t n, const char *what)
{
	struct delay_hist *h = hist_new();
	unsigned __int128 sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		delay_hist_add(h, x[i]);
		sum += x[i];
	}
	memcpy(sorted_u, x, n * sizeof(*x));
	qsort(sorted_u, n, sizeof(*sorted_u), cmp_u64);
	assert_int_equal(delay_hist_count(h), n);
	assert_true(delay_hist_min(h) == sorted_u[0]);
	assert_true(delay_hist_max(h) == sorted_u[n - 1]);
	{
		double want = (double)sum / (double)n;
		double got = delay_hist_mean(h);

		if (!(fabs(got - want) <= 1e-12 * want))
			fail_msg("%s mean: got %.17g, want %.17g", what, got,
				want);
	}
	for (i = 0; i < NELEM(test_qm); i++) {
		uint64_t got = delay_hist_quantile(h, test_q[i]);

		check_bound(got, sorted_u[rank_of(n, test_qm[i]) - 1], what,
			test_q[i]);
		assert_true(got >= sorted_u[0] && got <= sorted_u[n - 1]);
	}
	/* min and max are exact, as are ranks 1 and n */
	assert_true(delay_hist_quantile(h, 0) == sorted_u[0]);
	assert_true(delay_hist_quantile(h, 100) == sorted_u[n - 1]);
	free(h);
}

static void
test_zero_is_empty(void **state)
{
	struct delay_hist *h = calloc(1, sizeof(*h));

	(void)state;
	assert_non_null(h);
	assert_true(sizeof(struct delay_hist) <= 256 * 1024);
	assert_int_equal(delay_hist_count(h), 0);
	assert_int_equal(delay_hist_min(h), 0);
	assert_int_equal(delay_hist_max(h), 0);
	assert_int_equal(delay_hist_quantile(h, 50), 0);
	assert_true(delay_hist_mean(h) == 0.0);
	/* calloc'ed memory works without delay_hist_init */
	delay_hist_add(h, 123456789);
	assert_int_equal(delay_hist_count(h), 1);
	assert_int_equal(delay_hist_min(h), 123456789);
	assert_int_equal(delay_hist_max(h), 123456789);
	assert_int_equal(delay_hist_quantile(h, 0), 123456789);
	assert_int_equal(delay_hist_quantile(h, 50), 123456789);
	assert_int_equal(delay_hist_quantile(h, 99.9), 123456789);
	assert_true(delay_hist_mean(h) == 123456789.0);
	/* init empties it again */
	delay_hist_init(h);
	assert_int_equal(delay_hist_count(h), 0);
	assert_int_equal(delay_hist_min(h), 0);
	free(h);
}

/* Buckets tile [0, 2^64) in order, each at most 1/128 of its start wide. */
static void
test_bucket_layout(void **state)
{
	const uint64_t edges[] = { 0, 1, 1023, 1024, 1025, 1031, 1032, 2047,
		2048, 999999, 1000000, (1ull << 40) - 1, 1ull << 40,
		(1ull << 63) - 1, 1ull << 63, UINT64_MAX - 1, UINT64_MAX };
	uint64_t lo, hi, prev_hi = 0, v, seed = 1;
	unsigned int i;

	(void)state;
	for (i = 0; i < DELAY_HIST_NBUCKETS; i++) {
		delay_hist_bucket_range(i, &lo, &hi);
		if (i == 0)
			assert_true(lo == 0);
		else
			assert_true(lo == prev_hi + 1);
		assert_true(hi >= lo);
		if (lo < 1024)
			assert_true(hi == lo);
		else
			assert_true(hi - lo + 1 <= lo / 128);
		assert_int_equal(delay_hist_index(lo), i);
		assert_int_equal(delay_hist_index(hi), i);
		prev_hi = hi;
	}
	assert_true(prev_hi == UINT64_MAX);
	for (i = 0; i < NELEM(edges) + 100000; i++) {
		v = i < NELEM(edges) ? edges[i] :
			rng_shifted(&seed);
		assert_true(delay_hist_index(v) < DELAY_HIST_NBUCKETS);
		delay_hist_bucket_range(delay_hist_index(v), &lo, &hi);
		if (v < lo || v > hi)
			fail_msg("v %llu not in bucket [%llu, %llu]",
				(unsigned long long)v, (unsigned long long)lo,
				(unsigned long long)hi);
	}
}

/* Remove comments from src in place (blanks them). */
static void
strip_comments(char *s)
{
	char *p = s, *e;

	while ((p = strstr(p, "/*")) != NULL) {
		e = strstr(p + 2, "*/");
		assert_non_null(e);
		memset(p, ' ', (size_t)(e + 2 - p));
		p = e + 2;
	}
}

static bool
has_word(const char *s, const char *w)
{
	size_t len = strlen(w);
	const char *p = s;

	while ((p = strstr(p, w)) != NULL) {
		if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[len]) || p[len] == '_'))
			return true;
		p += len;
	}
	return false;
}

/*
 * Code shape of the hot path (the inline functions between the "Hot path"
 * markers of delay.h): no loops, no division or modulo, no floating point,
 * and the bucket index comes from __builtin_clzll.
 */
static void
test_hot_path_shape(void **state)
{
	static char buf[64 * 1024];
	char *p, *end;
	const char *bad[] = { "for", "while", "do", "goto", "double", "float",
		"long double", "memset", "memcpy" };
	FILE *f;
	size_t len;
	unsigned int i, regions = 0;
	bool clz = false, add = false;

	(void)state;
	f = fopen(TEST_SOURCE_ROOT "/include/dutperf/delay.h", "r");
	assert_non_null(f);
	len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[len] = '\0';
	p = buf;
	while ((p = strstr(p, "/* Hot path: begin")) != NULL) {
		end = strstr(p, "/* Hot path: end");
		assert_non_null(end);
		*end = '\0';
		strip_comments(p);
		for (i = 0; i < NELEM(bad); i++)
			if (has_word(p, bad[i]))
				fail_msg("hot path uses '%s'", bad[i]);
		assert_null(strchr(p, '/'));
		assert_null(strchr(p, '%'));
		clz |= strstr(p, "__builtin_clzll") != NULL;
		add |= strstr(p, "delay_hist_add(struct delay_hist") != NULL;
		regions++;
		p = end + 1;
	}
	assert_true(regions >= 2);
	assert_true(clz);
	assert_true(add);
}

/* Small synthetic sets with known answers (exact below 1024 ns). */
static void
test_exact_small(void **state)
{
	const uint64_t a[] = { 500, 100, 300, 200, 400 };
	const uint64_t b[] = { 7, 7, 7, 7 };
	const uint64_t c[] = { 1000, 0, 999, 1, 512, 2 };
	struct delay_hist *h = hist_new();
	uint64_t v[1000];
	unsigned int i;

	(void)state;
	for (i = 0; i < NELEM(a); i++)
		delay_hist_add(h, a[i]);
	assert_int_equal(delay_hist_quantile(h, 50), 300);
	assert_int_equal(delay_hist_quantile(h, 20), 100);
	assert_int_equal(delay_hist_quantile(h, 20.1), 200);
	assert_int_equal(delay_hist_quantile(h, 99.9), 500);
	assert_true(delay_hist_mean(h) == 300.0);
	free(h);
	check_hist_vs_sort(a, NELEM(a), "a");
	check_hist_vs_sort(b, NELEM(b), "b");
	check_hist_vs_sort(c, NELEM(c), "c");
	/* 1..1000: p1 = 10, p99 = 990, p99.9 = 999 (docs/statistics.md) */
	for (i = 0; i < 1000; i++)
		v[i] = 1000 - i;
	h = hist_new();
	for (i = 0; i < 1000; i++)
		delay_hist_add(h, v[i]);
	assert_int_equal(delay_hist_quantile(h, 1), 10);
	assert_int_equal(delay_hist_quantile(h, 99), 990);
	assert_int_equal(delay_hist_quantile(h, 99.9), 999);
	assert_int_equal(delay_hist_quantile(h, 100), 1000);
	/* one bucket [2000, 2007] whose middle 2004 is above max 2002 and
	 * one [2008, 2015] whose middle 2012 is below min 2013: clamped */
	delay_hist_init(h);
	delay_hist_add(h, 2000);
	delay_hist_add(h, 2001);
	delay_hist_add(h, 2002);
	assert_int_equal(delay_hist_quantile(h, 50), 2002);
	delay_hist_init(h);
	delay_hist_add(h, 2013);
	delay_hist_add(h, 2014);
	delay_hist_add(h, 2015);
	assert_int_equal(delay_hist_quantile(h, 50), 2013);
	free(h);
}

/* The bound over many distributions, sizes and seeds. */
static void
test_error_bound(void **state)
{
	const size_t sizes[] = { 1, 2, 3, 10, 999, 1000, 1001, 20000 };
	char what[64];
	uint64_t seed = 42;
	unsigned int d, k, rep;
	size_t i, n;

	(void)state;
	for (d = 0; d < DIST_N; d++)
		for (k = 0; k < NELEM(sizes); k++)
			for (rep = 0; rep < (sizes[k] < 1000 ? 5u : 2u); rep++) {
				n = sizes[k];
				for (i = 0; i < n; i++)
					samples[i] = draw((enum dist)d, &seed);
				snprintf(what, sizeof(what), "dist %u n %zu", d,
					n);
				check_hist_vs_sort(samples, n, what);
			}
}

static void
test_merge(void **state)
{
	struct delay_hist *all = hist_new(), *part[3], *m = hist_new();
	uint64_t seed = 7, v;
	unsigned int i;

	(void)state;
	for (i = 0; i < 3; i++)
		part[i] = hist_new();
	for (i = 0; i < 30000; i++) {
		/* some values near 2^63 make the 128-bit sum carry */
		v = i % 97 == 0 ? UINT64_MAX - i : draw(DIST_FULL, &seed);
		delay_hist_add(all, v);
		delay_hist_add(part[rng_next(&seed) % 3], v);
	}
	assert_true(all->sum_hi_ns > 0);
	for (i = 0; i < 3; i++)
		delay_hist_merge(m, part[i]);
	assert_hist_equal(m, all);
	/* merging an empty histogram changes nothing (min stays) */
	delay_hist_init(part[0]);
	delay_hist_merge(m, part[0]);
	assert_hist_equal(m, all);
	/* merging into an empty one copies */
	delay_hist_merge(part[0], all);
	assert_hist_equal(part[0], all);
	/* the low words carry in the merge: (2^63 + 1) * 2 = 2^64 + 2 */
	delay_hist_init(part[0]);
	delay_hist_init(part[1]);
	delay_hist_add(part[0], (1ull << 63) + 1);
	delay_hist_add(part[1], (1ull << 63) + 1);
	delay_hist_merge(part[0], part[1]);
	assert_true(part[0]->sum_hi_ns == 1 && part[0]->sum_lo_ns == 2);
	assert_true(delay_hist_mean(part[0]) == 0x1p63);
	for (i = 0; i < 3; i++)
		free(part[i]);
	free(all);
	free(m);
}

/* |got - exact| within the bound on the magnitude. */

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zero_is_empty),
		cmocka_unit_test(test_bucket_layout),
		cmocka_unit_test(test_hot_path_shape),
		cmocka_unit_test(test_exact_small),
		cmocka_unit_test(test_error_bound),
		cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the delay module's summaries: IPDV, the PDV and latency
 * figures and the TSC scale, each checked against a brute-force sort of
 * the same samples (delay_ref.h).
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

static int64_t samples_s[NMAX];

static void
check_ipdv(int64_t got, int64_t exact, const char *what, double q)
{
	uint64_t ge = got < 0 ? (uint64_t)0 - (uint64_t)got : (uint64_t)got;
	uint64_t ee = exact < 0 ? (uint64_t)0 - (uint64_t)exact :
		(uint64_t)exact;

	if ((got < 0) != (exact < 0) && got != 0 && exact != 0)
		fail_msg("%s q=%g: sign of %lld vs %lld", what, q,
			(long long)got, (long long)exact);
	check_bound(ge, ee, what, q);
}

static void
check_ipdv_vs_sort(size_t n, const char *what)
{
	struct delay_ipdv *x = malloc(sizeof(*x));
	int64_t med, got, lim;
	size_t i;

	assert_non_null(x);
	delay_ipdv_init(x);
	for (i = 0; i < n; i++)
		delay_ipdv_add(x, samples_s[i]);
	qsort(samples_s, n, sizeof(*samples_s), cmp_i64);
	assert_int_equal(delay_ipdv_count(x), n);
	assert_true(delay_ipdv_min(x) == samples_s[0]);
	assert_true(delay_ipdv_max(x) == samples_s[n - 1]);
	for (i = 0; i < NELEM(test_qm); i++)
		check_ipdv(delay_ipdv_quantile(x, test_q[i]),
			samples_s[rank_of(n, test_qm[i]) - 1], what, test_q[i]);
	/* median: middle value, or the mean of the two middle values */
	if (n % 2 == 1) {
		med = samples_s[n / 2];
		check_ipdv(delay_ipdv_median(x), med, what, 50);
	} else {
		med = (int64_t)(((__int128)samples_s[n / 2 - 1] +
			samples_s[n / 2]) / 2);
		got = delay_ipdv_median(x);
		lim = (llabs(samples_s[n / 2 - 1]) > llabs(samples_s[n / 2]) ?
			llabs(samples_s[n / 2 - 1]) : llabs(samples_s[n / 2]));
		lim = lim < 1024 ? 0 : lim / 256;
		if (llabs(got - med) > lim + 1)
			fail_msg("%s median %lld, exact %lld", what,
				(long long)got, (long long)med);
	}
	free(x);
}

static void
test_ipdv_mixed(void **state)
{
	const size_t sizes[] = { 1, 2, 3, 4, 11, 1000, 1001, 20000 };
	char what[64];
	uint64_t seed = 99;
	unsigned int k, mode;
	size_t i, n;
	int64_t v;

	(void)state;
	for (mode = 0; mode < 5; mode++)
		for (k = 0; k < NELEM(sizes); k++) {
			n = sizes[k];
			for (i = 0; i < n; i++) {
				switch (mode) {
				case 0:	/* symmetric around 0, small */
					v = (int64_t)rng_range(&seed, 0, 4000)
						- 2000;
					break;
				case 1:	/* mostly negative, wide */
					v = (int64_t)draw(DIST_EXP, &seed);
					v = rng_next(&seed) % 4 ? -v : v;
					break;
				case 2:	/* mostly positive, with zeros */
					v = rng_next(&seed) % 5 == 0 ? 0 :
						(int64_t)draw(DIST_BIMODAL,
							&seed);
					v = rng_next(&seed) % 4 ? v : -v;
					break;
				case 3:	/* all negative */
					v = -(int64_t)draw(DIST_UNIFORM,
						&seed);
					break;
				default: /* every magnitude, both signs */
					v = (int64_t)(draw(DIST_FULL, &seed)
						>> 1);
					v = rng_next(&seed) & 1 ? v : -v;
					break;
				}
				samples_s[i] = v;
			}
			snprintf(what, sizeof(what), "ipdv mode %u n %zu",
				mode, n);
			check_ipdv_vs_sort(n, what);
		}
	/* extremes of int64_t */
	samples_s[0] = INT64_MIN;
	samples_s[1] = INT64_MAX;
	samples_s[2] = -1;
	check_ipdv_vs_sort(3, "extremes");
}

/* A known case across the two halves: -30, -20, -10, 0, 10, 40. */
static void
test_ipdv_known(void **state)
{
	struct delay_ipdv *x = calloc(1, sizeof(*x));
	const int64_t v[] = { 10, -30, 0, 40, -10, -20 };
	unsigned int i;

	(void)state;
	assert_non_null(x);
	assert_int_equal(delay_ipdv_count(x), 0);
	assert_int_equal(delay_ipdv_median(x), 0);
	assert_int_equal(delay_ipdv_quantile(x, 50), 0);
	for (i = 0; i < NELEM(v); i++)
		delay_ipdv_add(x, v[i]);
	assert_int_equal(delay_ipdv_count(x), 6);
	assert_int_equal(delay_ipdv_min(x), -30);
	assert_int_equal(delay_ipdv_max(x), 40);
	assert_int_equal(delay_ipdv_quantile(x, 0), -30);
	assert_int_equal(delay_ipdv_quantile(x, 34), -10);	/* rank 3 */
	assert_int_equal(delay_ipdv_quantile(x, 50), -10);	/* rank 3 */
	assert_int_equal(delay_ipdv_quantile(x, 51), 0);	/* rank 4 */
	assert_int_equal(delay_ipdv_quantile(x, 100), 40);
	assert_int_equal(delay_ipdv_median(x), -5);	/* (-10 + 0) / 2 */
	free(x);
}

/* delay_ipdv_seq adds D(i) - D(i-1) only for consecutive numbers. */
static void
test_ipdv_seq(void **state)
{
	struct delay_ipdv *x = calloc(1, sizeof(*x)), *y = calloc(1, sizeof(*y));
	const uint64_t seq[] = { 0, 1, 2, 4, 5, 3, 6, 7 };
	const uint64_t d[] = { 100, 150, 120, 5000, 4000, 90, 91, 2000 };
	unsigned int i;

	(void)state;
	assert_non_null(x);
	assert_non_null(y);
	for (i = 0; i < NELEM(seq); i++)
		delay_ipdv_seq(x, seq[i], d[i]);
	/* pairs (0,1) +50, (1,2) -30, (4,5) -1000, (6,7) +1909 */
	delay_ipdv_add(y, 50);
	delay_ipdv_add(y, -30);
	delay_ipdv_add(y, -1000);
	delay_ipdv_add(y, 1909);
	assert_hist_equal(&x->neg, &y->neg);
	assert_hist_equal(&x->pos, &y->pos);
	assert_int_equal(delay_ipdv_min(x), -1000);
	assert_int_equal(delay_ipdv_max(x), 1909);
	/* merge adds the halves */
	delay_ipdv_merge(y, x);
	assert_int_equal(delay_ipdv_count(y), 8);
	assert_int_equal(delay_ipdv_median(y), 10);	/* (-30 + 50) / 2 */
	free(x);
	free(y);
}

static void
test_pdv_summary(void **state)
{
	struct delay_hist *h = hist_new();
	struct delay_ipdv *x = calloc(1, sizeof(*x));
	struct delay_pdv_summary s;
	uint64_t seed = 5, prev = 0;
	size_t i, n = 20000;

	(void)state;
	assert_non_null(x);
	/* nothing arrived: no PDV, every field zero */
	memset(&s, 0xa5, sizeof(s));
	delay_pdv_summarize(h, x, &s);
	assert_false(s.valid);
	assert_true(s.n == 0 && s.dmin_ns == 0 && s.dmax_ns == 0 &&
		s.d999_ns == 0 && s.pdv_ns == 0 && s.dmean_ns == 0.0 &&
		s.ipdv_n == 0 && s.ipdv_min_ns == 0 && s.ipdv_median_ns == 0 &&
		s.ipdv_max_ns == 0);
	delay_pdv_summarize(NULL, NULL, &s);
	assert_false(s.valid);
	/* one frame: PDV 0, no IPDV */
	delay_hist_add(h, 54321);
	delay_ipdv_seq(x, 0, 54321);
	delay_pdv_summarize(h, x, &s);
	assert_true(s.valid);
	assert_true(s.n == 1 && s.dmin_ns == 54321 && s.dmax_ns == 54321 &&
		s.d999_ns == 54321 && s.pdv_ns == 0 && s.dmean_ns == 54321.0);
	assert_true(s.ipdv_n == 0 && s.ipdv_median_ns == 0);
	/* many frames against brute force */
	delay_hist_init(h);
	delay_ipdv_init(x);
	for (i = 0; i < n; i++) {
		samples[i] = draw(DIST_EXP, &seed);
		delay_hist_add(h, samples[i]);
		delay_ipdv_seq(x, i, samples[i]);
		if (i > 0)
			samples_s[i - 1] = (int64_t)samples[i] - (int64_t)prev;
		prev = samples[i];
	}
	delay_pdv_summarize(h, x, &s);
	memcpy(sorted_u, samples, n * sizeof(*samples));
	qsort(sorted_u, n, sizeof(*sorted_u), cmp_u64);
	assert_true(s.valid);
	assert_true(s.n == n);
	assert_true(s.dmin_ns == sorted_u[0]);
	assert_true(s.dmax_ns == sorted_u[n - 1]);
	check_bound(s.d999_ns, sorted_u[rank_of(n, 999) - 1], "d999", 99.9);
	assert_true(s.pdv_ns == s.d999_ns - s.dmin_ns);
	assert_true(s.ipdv_n == n - 1);
	qsort(samples_s, n - 1, sizeof(*samples_s), cmp_i64);
	assert_true(s.ipdv_min_ns == samples_s[0]);
	assert_true(s.ipdv_max_ns == samples_s[n - 2]);
	/* n - 1 odd: the middle value */
	check_ipdv(s.ipdv_median_ns, samples_s[(n - 1) / 2], "ipdv med", 50);
	free(h);
	free(x);
}

/* Independent reference: median and nearest-rank p99.9 of sorted x. */
static void
ref_latency(double *x, size_t n, double *med, double *p999, double *mean)
{
	long double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += x[i];
	*mean = (double)(sum / n);
	qsort(x, n, sizeof(*x), cmp_double);
	*med = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2.0;
	*p999 = x[rank_of(n, 999) - 1];
}

static uint64_t tx[NMAX], rx[NMAX];
static double lat[NMAX];

/* Random stamps at 2.5 GHz; every 7th frame lost when lossy. */
static void
run_latency_case(uint32_t n, bool lossy, uint64_t seed)
{
	const uint64_t hz = 2500000000ull, penalty = 2000000000ull;
	struct delay_lat_summary s;
	double med, p999, mean;
	uint32_t i, lost = 0;

	for (i = 0; i < n; i++) {
		tx[i] = 1000000000000ull + (uint64_t)i * 250000;
		rx[i] = tx[i] + draw(DIST_EXP, &seed);
		if (lossy && i % 7 == 3) {
			rx[i] = 0;
			lost++;
			lat[i] = (double)penalty;
		} else {
			/* ticks * 1e9 / 2.5e9 = ticks * 2 / 5, rounded */
			lat[i] = (double)(((rx[i] - tx[i]) * 4 + 5) / 10);
		}
	}
	assert_int_equal(delay_latency_summarize(tx, rx, n, hz, penalty, &s),
		0);
	ref_latency(lat, n, &med, &p999, &mean);
	assert_true(s.valid);
	assert_int_equal(s.tagged, n);
	assert_int_equal(s.lost, lost);
	assert_int_equal(s.received, n - lost);
	assert_int_equal(s.clamped, 0);
	assert_true(s.tl_ns == med);
	assert_true(s.wcl_ns == p999);
	assert_true(s.min_ns == lat[0]);
	assert_true(s.max_ns == lat[n - 1]);
	assert_true(fabs(s.mean_ns - mean) <= 1e-9 * mean);
}

static void
test_latency_exact(void **state)
{
	(void)state;
	run_latency_case(500, false, 1);
	run_latency_case(501, false, 2);
	run_latency_case(1000, false, 3);
	run_latency_case(NMAX, false, 4);
	run_latency_case(1000, true, 5);
	run_latency_case(NMAX, true, 6);
}

/* The penalty rule: lost tagged frames count as the timeout. */
static void
test_latency_penalty(void **state)
{
	struct delay_lat_summary s;
	uint32_t i, n = 1000;

	(void)state;
	/* 1000 frames of i + 1 us at 1 GHz, the last 2 lost: p99.9 is
	 * rank 999, a penalty; the median is unchanged; the mean moves */
	for (i = 0; i < n; i++) {
		tx[i] = 5000;
		rx[i] = i >= n - 2 ? 0 : tx[i] + (i + 1) * 1000ull;
	}
	assert_int_equal(delay_latency_summarize(tx, rx, n, 1000000000ull,
		3000000000ull, &s), 0);
	assert_true(s.valid);
	assert_int_equal(s.lost, 2);
	assert_int_equal(s.received, 998);
	assert_true(s.wcl_ns == 3e9);
	assert_true(s.max_ns == 3e9);
	assert_true(s.tl_ns == 500500.0);	/* (500 + 501) us / 2 */
	assert_true(s.min_ns == 1000.0);
	assert_true(fabs(s.mean_ns - (998.0 * 999.0 / 2.0 * 1000.0 + 6e9) /
		1000.0) < 1e-6);
	/* one lost frame only among 1000: still rank 999 is a latency */
	rx[n - 2] = tx[n - 2] + (n - 1) * 1000ull;
	assert_int_equal(delay_latency_summarize(tx, rx, n, 1000000000ull,
		3000000000ull, &s), 0);
	assert_int_equal(s.lost, 1);
	assert_true(s.wcl_ns == 999000.0);
	assert_true(s.max_ns == 3e9);
}

static void
test_latency_edges(void **state)
{
	struct delay_lat_summary s;
	uint32_t i;

	(void)state;
	/* no tagged frame */
	assert_int_equal(delay_latency_summarize(NULL, NULL, 0, 1000, 5, &s),
		0);
	assert_false(s.valid);
	assert_int_equal(s.tagged, 0);
	assert_true(isnan(s.tl_ns) && isnan(s.wcl_ns) && isnan(s.mean_ns));
	/* every tagged frame lost */
	for (i = 0; i < 600; i++) {
		tx[i] = 100 + i;
		rx[i] = 0;
	}
	assert_int_equal(delay_latency_summarize(tx, rx, 600, 3000000000ull,
		2000000000ull, &s), 0);
	assert_false(s.valid);
	assert_int_equal(s.tagged, 600);
	assert_int_equal(s.lost, 600);
	assert_int_equal(s.received, 0);
	assert_true(isnan(s.tl_ns) && isnan(s.wcl_ns) && isnan(s.min_ns) &&
		isnan(s.max_ns) && isnan(s.mean_ns));
	/* a single lost frame */
	assert_int_equal(delay_latency_summarize(tx, rx, 1, 3000000000ull,
		7, &s), 0);
	assert_false(s.valid);
	/* a single received frame: 3000 ticks at 3 GHz = 1000 ns */
	rx[0] = tx[0] + 3000;
	assert_int_equal(delay_latency_summarize(tx, rx, 1, 3000000000ull,
		7, &s), 0);
	assert_true(s.valid);
	assert_true(s.tl_ns == 1000.0 && s.wcl_ns == 1000.0 &&
		s.min_ns == 1000.0 && s.max_ns == 1000.0 &&
		s.mean_ns == 1000.0);
	assert_int_equal(s.received, 1);
	/* rx < tx: 0 ns, counted in clamped */
	rx[0] = 3000;
	rx[1] = 1;
	tx[0] = 4000;
	tx[1] = 1;
	assert_int_equal(delay_latency_summarize(tx, rx, 2, 1000000000ull,
		7, &s), 0);
	assert_true(s.valid);
	assert_int_equal(s.clamped, 1);
	assert_int_equal(s.received, 2);
	assert_true(s.min_ns == 0.0 && s.max_ns == 0.0);
	/* 128-bit conversion: 2^63 ticks at 1 GHz, 2^62 at 2 GHz */
	tx[0] = 1;
	rx[0] = 1 + (1ull << 63);
	assert_int_equal(delay_latency_summarize(tx, rx, 1, 1000000000ull,
		7, &s), 0);
	assert_true(s.tl_ns == 0x1p63);
	assert_int_equal(delay_latency_summarize(tx, rx, 1, 2000000000ull,
		7, &s), 0);
	assert_true(s.tl_ns == 0x1p62);
	/* tags never sent (tx 0: the sender aborted at frame 50,907 of
	 * 200,000 with 4 of 500 tags sent) are neither tagged nor lost; the
	 * ones sent and lost count at the timeout */
	for (i = 0; i < 500; i++)
		tx[i] = rx[i] = 0;
	for (i = 0; i < 4; i++) {
		tx[i] = 1000 + i;
		rx[i] = i == 3 ? 0 : tx[i] + 2000;	/* 2 us at 1 GHz */
	}
	assert_int_equal(delay_latency_summarize(tx, rx, 500, 1000000000ull,
		1000000, &s), 0);
	assert_true(s.valid);
	assert_int_equal(s.tagged, 4);
	assert_int_equal(s.unsent, 496);
	assert_int_equal(s.lost, 1);
	assert_int_equal(s.received, 3);
	/* median of 2000, 2000, 2000, 1000000 ns; the max is the one lost */
	assert_true(s.tl_ns == 2000.0 && s.min_ns == 2000.0);
	assert_true(s.max_ns == 1000000.0 && s.wcl_ns == 1000000.0);
	assert_true(s.mean_ns == (3 * 2000.0 + 1000000.0) / 4);
	/* nothing sent at all: no latency, nothing lost */
	for (i = 0; i < 4; i++)
		tx[i] = rx[i] = 0;
	assert_int_equal(delay_latency_summarize(tx, rx, 500, 1000000000ull,
		1000000, &s), 0);
	assert_false(s.valid);
	assert_int_equal(s.tagged, 0);
	assert_int_equal(s.lost, 0);
	assert_int_equal(s.unsent, 500);
	/* bad arguments */
	assert_int_equal(delay_latency_summarize(tx, rx, 1, 0, 7, &s),
		-EINVAL);
	assert_int_equal(delay_latency_summarize(NULL, rx, 1, 1000, 7, &s),
		-EINVAL);
	assert_int_equal(delay_latency_summarize(tx, rx, 1, 1000, 7, NULL),
		-EINVAL);
}

/* Division-free conversion against the exact quotient. */
static void
test_tsc_scale(void **state)
{
	const uint64_t hz[] = { 1000, 1000000000ull, 2194843000ull,
		2500000000ull, 3000000000ull, 3712345678ull, 10000000000ull };
	struct delay_tsc_scale sc;
	uint64_t seed = 11, t, got, want, err, lim;
	unsigned int i, k;

	(void)state;
	assert_int_equal(delay_tsc_scale_init(&sc, 999), -EINVAL);
	for (i = 0; i < NELEM(hz); i++) {
		assert_int_equal(delay_tsc_scale_init(&sc, hz[i]), 0);
		for (k = 0; k < 20000; k++) {
			/* up to about an hour of ticks at the given rate */
			t = rng_next(&seed) % (hz[i] * 3600ull);
			if (k < 3)
				t = k;
			got = delay_tsc_to_ns(&sc, t);
			want = (uint64_t)((unsigned __int128)t * 1000000000u /
				hz[i]);
			assert_true(delay_ticks_to_ns(t, hz[i]) - want <= 1);
			err = got > want ? got - want : want - got;
			/* |mult error| <= 0.5: t / 2^33, plus truncation */
			lim = (uint64_t)((double)t / 0x1p33) + 1;
			if (err > lim)
				fail_msg("hz %llu ticks %llu: %llu vs %llu",
					(unsigned long long)hz[i],
					(unsigned long long)t,
					(unsigned long long)got,
					(unsigned long long)want);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ipdv_known),
		cmocka_unit_test(test_ipdv_mixed),
		cmocka_unit_test(test_ipdv_seq),
		cmocka_unit_test(test_pdv_summary),
		cmocka_unit_test(test_latency_exact),
		cmocka_unit_test(test_latency_penalty),
		cmocka_unit_test(test_latency_edges),
		cmocka_unit_test(test_tsc_scale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

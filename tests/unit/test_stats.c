/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the stats module. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/stats.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void
assert_close(double got, double want, double rel)
{
	double tol = rel * (fabs(want) > 1.0 ? fabs(want) : 1.0);

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.17g, want %.17g (rel %g)", got, want, rel);
}

/* Textbook sample: mean 5, squared deviations sum to 32. */
static void
test_known_vector(void **state)
{
	const double x[] = { 9, 2, 5, 4, 4, 7, 4, 5 };
	struct stats_summary s;

	(void)state;
	assert_int_equal(stats_summarize(x, NELEM(x), &s), 0);
	assert_int_equal(s.n, 8);
	assert_close(s.min, 2, 0);
	assert_close(s.max, 9, 0);
	assert_close(s.mean, 5, 1e-15);
	assert_close(s.median, 4.5, 0);	/* (4 + 5) / 2 */
	assert_close(s.stddev, sqrt(32.0 / 7.0), 1e-14);
	/* The input is left alone. */
	assert_close(x[0], 9, 0);
}

static void
test_small_n(void **state)
{
	const double one[] = { 42.5 };
	const double two[] = { 10, 4 };
	const double odd[] = { 3, 1, 2 };
	struct stats_summary s;

	(void)state;
	assert_int_equal(stats_summarize(one, 1, &s), 0);
	assert_int_equal(s.n, 1);
	assert_close(s.mean, 42.5, 0);
	assert_close(s.median, 42.5, 0);
	assert_true(isnan(s.stddev));
	assert_close(stats_percentile(one, 1, 99.9), 42.5, 0);

	assert_int_equal(stats_summarize(two, 2, &s), 0);
	assert_close(s.median, 7, 0);
	assert_close(s.mean, 7, 0);
	assert_close(s.stddev, sqrt(18.0), 1e-15);	/* (9 + 9) / 1 */

	assert_int_equal(stats_summarize(odd, 3, &s), 0);
	assert_close(s.median, 2, 0);
	assert_close(s.stddev, 1, 1e-15);

	assert_int_equal(stats_summarize(one, 0, &s), -EINVAL);
}

static void
test_rejects_non_finite(void **state)
{
	double x[] = { 1, NAN, 3 };
	struct stats_summary s;

	(void)state;
	assert_int_equal(stats_summarize(x, 3, &s), -EINVAL);
	x[1] = INFINITY;
	assert_int_equal(stats_summarize(x, 3, &s), -EINVAL);
	x[1] = 2;
	x[2] = INFINITY;	/* sorted, but not finite */
	assert_int_equal(stats_summarize_sorted(x, 3, &s), -EINVAL);
	assert_int_equal(stats_summarize_sorted(x, 0, &s), -EINVAL);
}

/* The siitperf sample: median = mean of the two middle values. */
static void
test_siitperf_sample(void **state)
{
	const double x[] = { 279101, 279491, 266991, 274804, 262695,
			     282616, 281445, 278710, 275195, 241210 };
	struct stats_summary s;
	char buf[64];

	(void)state;
	assert_int_equal(stats_summarize(x, NELEM(x), &s), 0);
	stats_format_number(s.median, buf, sizeof(buf));
	assert_string_equal(buf, "276952.5");
	stats_format_number(s.min, buf, sizeof(buf));
	assert_string_equal(buf, "241210");
	stats_format_number(s.max, buf, sizeof(buf));
	assert_string_equal(buf, "282616");
	stats_format_number(s.mean, buf, sizeof(buf));
	assert_string_equal(buf, "272225.8");
	/* ministat prints 12608.325 (%.8g) for this sample. */
	snprintf(buf, sizeof(buf), "%.8g", s.stddev);
	assert_string_equal(buf, "12608.325");
}

/* Independent naive computations on a pseudo-random sample. */
static void
test_random_against_naive(void **state)
{
	double x[501], sum = 0, sum2 = 0, *c;
	struct stats_summary s;
	unsigned seed = 12345;
	size_t i, j, n = NELEM(x);

	(void)state;
	for (i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		x[i] = 1e6 + (double)(seed >> 8 & 0xffff);
		sum += x[i];
		sum2 += x[i] * x[i];
	}
	assert_int_equal(stats_summarize(x, n, &s), 0);
	assert_close(s.mean, sum / n, 1e-12);
	assert_close(s.stddev, sqrt((sum2 - sum * sum / n) / (n - 1)), 1e-6);
	/* Median: the value with as many values below as above. */
	c = malloc(sizeof(x));
	assert_non_null(c);
	memcpy(c, x, sizeof(x));
	for (i = 0; i < n; i++) {	/* selection sort, independent of qsort */
		size_t m = i;
		double t;

		for (j = i + 1; j < n; j++)
			if (c[j] < c[m])
				m = j;
		t = c[i];
		c[i] = c[m];
		c[m] = t;
	}
	assert_close(s.median, c[n / 2], 0);
	assert_close(s.min, c[0], 0);
	assert_close(s.max, c[n - 1], 0);
	/* The same from the sorted sample, without a copy. */
	memset(&s, 0, sizeof(s));
	assert_int_equal(stats_summarize_sorted(c, n, &s), 0);
	assert_int_equal(s.n, n);
	assert_close(s.mean, sum / n, 1e-12);
	assert_close(s.stddev, sqrt((sum2 - sum * sum / n) / (n - 1)), 1e-6);
	assert_close(s.median, c[n / 2], 0);
	assert_close(s.min, c[0], 0);
	assert_close(s.max, c[n - 1], 0);
	j = (n - 1) / 2;	/* even n - 1: the two middle values' mean */
	assert_int_equal(stats_summarize_sorted(c, n - 1, &s), 0);
	assert_close(s.median, c[j - 1] + (c[j] - c[j - 1]) / 2, 0);
	free(c);
}

static void
test_percentile_known(void **state)
{
	double x[1000], ten[10];
	size_t i;

	(void)state;
	for (i = 0; i < 1000; i++)
		x[999 - i] = (double)(i + 1);	/* 1000 .. 1, unsorted */
	for (i = 0; i < 10; i++)
		ten[i] = (double)(10 - i);
	/* nearest rank ceil(p n / 100) */
	assert_close(stats_percentile(x, 1000, 1), 10, 0);
	assert_close(stats_percentile(x, 1000, 99), 990, 0);
	assert_close(stats_percentile(x, 1000, 99.9), 999, 0);
	assert_close(stats_percentile(x, 1000, 50), 500, 0);
	assert_close(stats_percentile(x, 1000, 0), 1, 0);
	assert_close(stats_percentile(x, 1000, 100), 1000, 0);
	assert_close(stats_percentile(ten, 10, 1), 1, 0);
	assert_close(stats_percentile(ten, 10, 99), 10, 0);
	assert_close(stats_percentile(ten, 10, 99.9), 10, 0);
	assert_close(stats_percentile(ten, 10, 50), 5, 0);	/* median 5.5 */
	assert_close(stats_percentile(ten, 10, 10), 1, 0);
	assert_close(stats_percentile(ten, 10, 10.1), 2, 0);
	assert_int_equal(stats_percentile_rank(0, 50), 0);
	assert_true(isnan(stats_percentile(x, 0, 50)));
}

/*
 * Definition check: the nearest-rank percentile is the smallest observed v
 * with count(x <= v) * 1000 >= p10 * n (p10 = p in tenths, exact integers).
 */
static void
test_percentile_definition(void **state)
{
	static const unsigned p10s[] = { 1, 10, 50, 250, 500, 900, 990, 999 };
	double x[257];
	unsigned seed = 7;
	size_t n, i, k, j;

	(void)state;
	for (n = 1; n <= NELEM(x); n += 17) {
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			x[i] = (double)(seed >> 16 & 0x3ff);	/* duplicates */
		}
		for (k = 0; k < NELEM(p10s); k++) {
			double got = stats_percentile(x, n, p10s[k] / 10.0);
			double want = INFINITY;

			for (i = 0; i < n; i++) {
				size_t cnt = 0;

				for (j = 0; j < n; j++)
					cnt += x[j] <= x[i];
				if ((uint64_t)cnt * 1000 >= (uint64_t)p10s[k] * n &&
				    x[i] < want)
					want = x[i];
			}
			assert_close(got, want, 0);
		}
	}
}

/* Published table values of Student's t (two-tailed levels). */
static void
test_t_quantile_reference(void **state)
{
	(void)state;
	assert_close(stats_t_quantile(0.975, 1), 12.7062047, 1e-8);
	assert_close(stats_t_quantile(0.975, 2), 4.30265273, 1e-8);
	assert_close(stats_t_quantile(0.975, 10), 2.22813885, 1e-8);
	assert_close(stats_t_quantile(0.995, 30), 2.74999565, 1e-8);
	assert_close(stats_t_quantile(0.9, 5), 1.47588404, 1e-8);
	assert_close(stats_t_quantile(0.975, INFINITY), 1.95996398, 1e-8);
	assert_close(stats_t_quantile(0.999, INFINITY), 3.09023231, 1e-8);
	assert_close(stats_t_quantile(0.025, 10), -2.22813885, 1e-8);
	assert_close(stats_t_quantile(0.5, 3), 0, 0);
	/* t with 1 df is Cauchy: quantile tan(pi (p - 1/2)). */
	assert_close(stats_t_quantile(0.999, 1), tan(M_PI * 0.499), 1e-9);
	/* t with 2 df: (2p - 1) sqrt(2 / (1 - (2p - 1)^2)) */
	assert_close(stats_t_quantile(0.95, 2), 0.9 * sqrt(2.0 / (1 - 0.81)),
		     1e-10);
	assert_true(isnan(stats_t_quantile(1.0, 3)));
	assert_true(isnan(stats_t_quantile(0.9, 0)));
}

/*
 * ministat's t values, backed out of its printed confidence intervals
 * (E / (s sqrt(1/n1 + 1/n2))) for data sets with these df.
 */
static void
test_t_ministat_table(void **state)
{
	static const struct {
		unsigned long df;
		double t[6];
	} rows[] = {
		{ 4, { 1.533, 2.132, 2.776, 3.747, 4.604, 7.173 } },
		{ 7, { 1.415, 1.895, 2.365, 2.998, 3.499, 4.782 } },
		{ 10, { 1.372, 1.812, 2.228, 2.764, 3.169, 4.143 } },
		{ 12, { 1.356, 1.782, 2.179, 2.681, 3.055, 3.929 } },
		{ 13, { 1.350, 1.771, 2.160, 2.650, 3.012, 3.852 } },
		{ 18, { 1.330, 1.734, 2.101, 2.552, 2.878, 3.610 } },
		{ 98, { 1.290, 1.661, 1.984, 2.365, 2.627, 3.175 } },
		{ 100, { 1.290, 1.660, 1.984, 2.364, 2.626, 3.174 } },
		{ 101, { 1.282, 1.645, 1.960, 2.326, 2.576, 3.090 } },
		{ 1000, { 1.282, 1.645, 1.960, 2.326, 2.576, 3.090 } },
	};
	static const double levels[] = { 80, 90, 95, 98, 99, 99.5 };
	size_t r, l;
	double t;

	(void)state;
	for (r = 0; r < NELEM(rows); r++)
		for (l = 0; l < NELEM(levels); l++) {
			assert_int_equal(stats_t_ministat(levels[l], rows[r].df,
							  &t), 0);
			if (fabs(t - rows[r].t[l]) > 1e-9)
				fail_msg("df %lu level %g: %.3f, ministat %.3f",
					 rows[r].df, levels[l], t, rows[r].t[l]);
		}
	assert_int_equal(stats_t_ministat(97, 10, &t), -EINVAL);
	assert_int_equal(stats_t_ministat(95, 0, &t), -EINVAL);
}

static void
summarize_or_fail(const double *x, size_t n, struct stats_summary *s)
{
	assert_int_equal(stats_summarize(x, n, s), 0);
}

/* Output of `ministat -c 80 a b` and `ministat -c 95 a b` on these sets. */
static void
test_ttest_text(void **state)
{
	const double a[] = { 50, 200, 750, 200, 300, 250, 350 };
	const double b[] = { 150, 930, 500, 600, 520 };
	struct stats_summary sa, sb;
	struct stats_ttest t;
	double ss = 0;
	char buf[512];
	size_t i;

	(void)state;
	summarize_or_fail(a, NELEM(a), &sa);
	summarize_or_fail(b, NELEM(b), &sb);
	assert_int_equal(stats_ttest(&sa, &sb, 80, &t), 0);
	stats_format_ttest(&t, buf, sizeof(buf));
	assert_string_equal(buf, "Difference at 80.0% confidence\n"
				 "\t240 +/- 196.75\n"
				 "\t80% +/- 65.5832%\n"
				 "\t(Student's t, pooled s = 244.908)\n");
	/* pooled s from the raw data */
	for (i = 0; i < NELEM(a); i++)
		ss += (a[i] - 300) * (a[i] - 300);
	for (i = 0; i < NELEM(b); i++)
		ss += (b[i] - 540) * (b[i] - 540);
	assert_close(t.pooled_sd, sqrt(ss / 10), 1e-12);
	assert_int_equal(t.df, 10);
	assert_true(t.significant);

	assert_int_equal(stats_ttest(&sa, &sb, 95, &t), 0);
	stats_format_ttest(&t, buf, sizeof(buf));
	assert_string_equal(buf, "No difference proven at 95.0% confidence\n");
	assert_false(t.significant);

	assert_int_equal(stats_ttest(&sa, &sb, 99.5, &t), 0);
	stats_format_ttest(&t, buf, sizeof(buf));
	assert_string_equal(buf, "No difference proven at 99.5% confidence\n");

	assert_int_equal(stats_ttest(&sa, &sb, 85, &t), -EINVAL);
	sb.n = 1;
	assert_int_equal(stats_ttest(&sa, &sb, 95, &t), -EINVAL);
}

static void
test_format_number(void **state)
{
	char buf[64];

	(void)state;
	stats_format_number(148809523.8095238, buf, sizeof(buf));
	assert_string_equal(buf, "148809523.8");
	stats_format_number(12345678901234.0, buf, sizeof(buf));
	assert_string_equal(buf, "12345678901234");
	stats_format_number(0.25, buf, sizeof(buf));
	assert_string_equal(buf, "0.25");
	stats_format_number(-3, buf, sizeof(buf));
	assert_string_equal(buf, "-3");
}

static void
test_parse_confidence(void **state)
{
	static const char *const bad[] = { "97", "95x", "", "nan", "1e999" };
	char err[256];
	double c;
	size_t i;

	(void)state;
	assert_int_equal(stats_parse_confidence("99.5", &c, err, sizeof(err)), 0);
	assert_true(c == 99.5);
	assert_int_equal(stats_parse_confidence("80", &c, err, sizeof(err)), 0);
	assert_true(c == 80.0);
	assert_int_equal(stats_t_ministat(NAN, 10, &c), -EINVAL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(stats_parse_confidence(bad[i], &c, err,
							sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, "must be one of 80, 90, 95, 98, 99, 99.5"));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_vector),
		cmocka_unit_test(test_small_n),
		cmocka_unit_test(test_rejects_non_finite),
		cmocka_unit_test(test_siitperf_sample),
		cmocka_unit_test(test_random_against_naive),
		cmocka_unit_test(test_percentile_known),
		cmocka_unit_test(test_percentile_definition),
		cmocka_unit_test(test_t_quantile_reference),
		cmocka_unit_test(test_t_ministat_table),
		cmocka_unit_test(test_ttest_text),
		cmocka_unit_test(test_format_number),
		cmocka_unit_test(test_parse_confidence),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

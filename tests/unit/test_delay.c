/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the delay module: every histogram figure is checked against
 * a brute-force sort of the same samples, with ranks computed here in
 * integer arithmetic (not through stats.h).
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

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define NMAX 50000

/* The percentiles under test, in permille, with their q_pct. */
static const unsigned int test_qm[] = { 0, 10, 500, 990, 999, 1000 };
static const double test_q[] = { 0, 1, 50, 99, 99.9, 100 };

static uint64_t samples[NMAX];
static uint64_t sorted_u[NMAX];
static int64_t samples_s[NMAX];

/* splitmix64: a small reproducible generator */
static uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in [0, 1) */
static double
rng_unit(uint64_t *s)
{
	return (double)(rng_next(s) >> 11) * 0x1p-53;
}

/* A random value shifted right by a random 0..63: every magnitude. */
static uint64_t
rng_shifted(uint64_t *s)
{
	uint64_t v = rng_next(s);

	return v >> (rng_next(s) % 64);
}

static uint64_t
rng_range(uint64_t *s, uint64_t lo, uint64_t hi)
{
	if (hi - lo == UINT64_MAX)
		return rng_next(s);
	return lo + rng_next(s) % (hi - lo + 1);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest rank ceil(qm/1000 * n) clamped to [1, n], in integers. */
static size_t
rank_of(size_t n, unsigned int qm)
{
	size_t r = ((uint64_t)qm * n + 999) / 1000;

	return r < 1 ? 1 : r > n ? n : r;
}

/* The claimed bound: exact below 1024 ns, else |err| <= 2^(b-8). */
static void
check_bound(uint64_t got, uint64_t exact, const char *what, double q)
{
	uint64_t err = got > exact ? got - exact : exact - got;
	uint64_t lim;

	if (exact < 1024) {
		if (got != exact)
			fail_msg("%s q=%g: got %llu, exact %llu", what, q,
				(unsigned long long)got,
				(unsigned long long)exact);
		return;
	}
	lim = (uint64_t)1 << (63 - __builtin_clzll(exact) - 8);
	if (err > lim || (double)err > fmax((double)exact / 100.0, 1000.0))
		fail_msg("%s q=%g: got %llu, exact %llu, err %llu > %llu",
			what, q, (unsigned long long)got,
			(unsigned long long)exact, (unsigned long long)err,
			(unsigned long long)lim);
}

static struct delay_hist *
hist_new(void)
{
	struct delay_hist *h = malloc(sizeof(*h));

	assert_non_null(h);
	delay_hist_init(h);
	return h;
}

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

enum dist {
	DIST_TINY, DIST_UNIFORM, DIST_EXP, DIST_BIMODAL, DIST_HUGE,
	DIST_PARETO, DIST_FULL, DIST_CONST, DIST_N
};

static uint64_t
draw(enum dist d, uint64_t *s)
{
	double u;

	switch (d) {
	case DIST_TINY:		/* below 1 us */
		return rng_range(s, 0, 999);
	case DIST_UNIFORM:
		return rng_range(s, 1000, 2000000);
	case DIST_EXP:		/* 5 us + exponential, mean 20 us */
		u = rng_unit(s);
		return 5000 + (uint64_t)(-log(1.0 - u) * 20000.0);
	case DIST_BIMODAL:	/* 10 us +- 100 ns or 2 ms +- 1 us */
		if (rng_next(s) & 1)
			return rng_range(s, 9900, 10100);
		return rng_range(s, 1999000, 2001000);
	case DIST_HUGE:		/* 1000 s to 3 hours */
		return rng_range(s, 1000000000000ull, 10800000000000ull);
	case DIST_PARETO:	/* heavy tail from 800 ns */
		u = rng_unit(s);
		return (uint64_t)(800.0 / pow(1.0 - u, 1.0 / 1.2));
	case DIST_FULL:		/* every magnitude of a uint64_t */
		return rng_shifted(s);
	case DIST_CONST:
	default:
		return 1234567;
	}
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
assert_hist_equal(const struct delay_hist *a, const struct delay_hist *b)
{
	assert_true(a->count == b->count);
	assert_true(delay_hist_min(a) == delay_hist_min(b));
	assert_true(a->max_ns == b->max_ns);
	assert_true(a->sum_lo_ns == b->sum_lo_ns);
	assert_true(a->sum_hi_ns == b->sum_hi_ns);
	assert_memory_equal(a->bucket, b->bucket, sizeof(a->bucket));
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
		cmocka_unit_test(test_zero_is_empty),
		cmocka_unit_test(test_bucket_layout),
		cmocka_unit_test(test_hot_path_shape),
		cmocka_unit_test(test_exact_small),
		cmocka_unit_test(test_error_bound),
		cmocka_unit_test(test_merge),
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The references of test_delay and test_delay_summary: a reproducible
 * generator and distributions, sorting, nearest ranks in integers (not
 * through stats.h) and the histogram's claimed error bound.  Include
 * after <cmocka.h>.
 */
#ifndef DUTPERF_DELAY_REF_H
#define DUTPERF_DELAY_REF_H

#include <math.h>
#include <stdint.h>
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

/* splitmix64: a small reproducible generator */
static inline uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in [0, 1) */
static inline double
rng_unit(uint64_t *s)
{
	return (double)(rng_next(s) >> 11) * 0x1p-53;
}

/* A random value shifted right by a random 0..63: every magnitude. */
static inline uint64_t
rng_shifted(uint64_t *s)
{
	uint64_t v = rng_next(s);

	return v >> (rng_next(s) % 64);
}

static inline uint64_t
rng_range(uint64_t *s, uint64_t lo, uint64_t hi)
{
	if (hi - lo == UINT64_MAX)
		return rng_next(s);
	return lo + rng_next(s) % (hi - lo + 1);
}

static inline int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static inline int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static inline int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest rank ceil(qm/1000 * n) clamped to [1, n], in integers. */
static inline size_t
rank_of(size_t n, unsigned int qm)
{
	size_t r = ((uint64_t)qm * n + 999) / 1000;

	return r < 1 ? 1 : r > n ? n : r;
}

/* The claimed bound: exact below 1024 ns, else |err| <= 2^(b-8). */
static inline void
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

static inline struct delay_hist *
hist_new(void)
{
	struct delay_hist *h = malloc(sizeof(*h));

	assert_non_null(h);
	delay_hist_init(h);
	return h;
}

enum dist {
	DIST_TINY, DIST_UNIFORM, DIST_EXP, DIST_BIMODAL, DIST_HUGE,
	DIST_PARETO, DIST_FULL, DIST_CONST, DIST_N
};

static inline uint64_t
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

static inline void
assert_hist_equal(const struct delay_hist *a, const struct delay_hist *b)
{
	assert_true(a->count == b->count);
	assert_true(delay_hist_min(a) == delay_hist_min(b));
	assert_true(a->max_ns == b->max_ns);
	assert_true(a->sum_lo_ns == b->sum_lo_ns);
	assert_true(a->sum_hi_ns == b->sum_hi_ns);
	assert_memory_equal(a->bucket, b->bucket, sizeof(a->bucket));
}

#endif /* DUTPERF_DELAY_REF_H */

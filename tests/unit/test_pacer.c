/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pacer tests: every deadline and due count is checked against plain
 * 128-bit rational arithmetic (a division per value, which the library
 * avoids), at the extremes and at pseudorandom points.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "dutperf/pacer.h"
#include "../data/golden/golden_cases.h"

typedef unsigned __int128 u128;

#define HZ_MAX 5000000000ull		/* 5 GHz TSC */
#define RATE_100G 148800000ull		/* 100GbE, 64 B */
#define HOUR_S 3600ull

static uint64_t
sat64(u128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* reference: start + floor(i * hz / rate), saturated */
static uint64_t
ref_deadline(uint64_t start, uint64_t hz, uint64_t rate, uint64_t i)
{
	return sat64((u128)start + (u128)i * hz / rate);
}

/* reference: number of i < total with ref_deadline(i) <= now */
static uint64_t
ref_due(uint64_t start, uint64_t hz, uint64_t rate, uint64_t total,
	uint64_t now)
{
	u128 t1, c;

	if (now < start)
		return 0;
	t1 = (u128)(now - start) + 1;
	/* i * hz < (t + 1) * rate  <=>  i < ceil((t + 1) * rate / hz) */
	c = (t1 * rate + hz - 1) / hz;
	return c < total ? (uint64_t)c : total;
}

/* check deadline and due around frame i against the references */
static void
check_point(const struct pacer *p, uint64_t start, uint64_t hz,
	    uint64_t rate, uint64_t i)
{
	uint64_t d = ref_deadline(start, hz, rate, i);

	assert_int_equal(pacer_deadline(p, i), d);
	if (d == UINT64_MAX)
		return;
	assert_int_equal(pacer_due(p, d),
			 ref_due(start, hz, rate, p->total, d));
	if (d > 0)
		assert_int_equal(pacer_due(p, d - 1),
				 ref_due(start, hz, rate, p->total, d - 1));
	assert_int_equal(pacer_due(p, d + 1),
			 ref_due(start, hz, rate, p->total, d + 1));
	/* frame i (if planned) is due exactly from its deadline on */
	if (i < p->total) {
		assert_true(pacer_due(p, d) > i);
		if (d > start)
			assert_true(pacer_due(p, d - 1) <= i);
	}
}

struct combo {
	uint64_t hz, rate, start;
};

static const struct combo combos[] = {
	{ HZ_MAX, RATE_100G, 0 },
	{ HZ_MAX, RATE_100G, 123456789012345ull },
	{ HZ_MAX - 1, RATE_100G - 1, 7 },
	{ HZ_MAX, 1, 0 },			/* 1 fps */
	{ HZ_MAX, 3, 1 },
	{ 2100000000ull, 14880952, 999 },	/* 10GbE 64 B, 2.1 GHz */
	{ 3000000000ull, 7, 5 },		/* rate that does not divide */
	{ 1000000007ull, 999999937ull, 0 },	/* coprime primes */
	{ 1, 1, 0 },
	{ 1, 1000000000ull, 0 },		/* many frames per tick */
	{ 1000, 1000000000ull, 42 },
	{ HZ_MAX, 1000000000ull, 0 },
	{ UINT64_MAX, UINT64_MAX - 2, 0 },	/* 128-bit corners */
	{ UINT64_MAX, 3, 0 },
	{ 3, UINT64_MAX, 0 },
};

static void
test_exact_extremes(void **state)
{
	size_t k;
	uint64_t i;

	(void)state;
	for (k = 0; k < sizeof(combos) / sizeof(combos[0]); k++) {
		const struct combo *c = &combos[k];
		uint64_t total = pacer_total(c->rate, HOUR_S);
		struct pacer p;
		const uint64_t pts[] = { 0, 1, 2, 3, total / 3, total / 2,
			total - 2, total - 1, total, total + 1,
			UINT64_MAX / 2, UINT64_MAX - 1, UINT64_MAX };

		pacer_init(&p, c->start, c->hz, c->rate, total);
		for (i = 0; i < sizeof(pts) / sizeof(pts[0]); i++)
			check_point(&p, c->start, c->hz, c->rate, pts[i]);
		/* the last hour-end frame at 100GbE / 5 GHz, by name */
		for (i = total > 1000 ? total - 1000 : 0; i < total; i++)
			assert_int_equal(pacer_deadline(&p, i),
					 ref_deadline(c->start, c->hz, c->rate,
						      i));
	}
}

static void
test_exact_random(void **state)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	int k;

	(void)state;
	for (k = 0; k < 20000; k++) {
		uint64_t hz = golden_rnd64(&seed) % HZ_MAX + 1;
		uint64_t rate = golden_rnd64(&seed) % 1000000000ull + 1;
		uint64_t total = pacer_total(rate, golden_rnd64(&seed) % 86400 + 1);
		uint64_t start = golden_rnd64(&seed) >> (golden_rnd64(&seed) % 64);
		uint64_t i = golden_rnd64(&seed) % (total + 2);
		struct pacer p;

		if (k % 4 == 3) {	/* any 64-bit values */
			hz = golden_rnd64(&seed) | 1;
			rate = golden_rnd64(&seed) >> (golden_rnd64(&seed) % 63);
			rate += rate == 0;
			total = golden_rnd64(&seed);
			i = golden_rnd64(&seed);
		}
		pacer_init(&p, start, hz, rate, total);
		check_point(&p, start, hz, rate, i);
		/* and a random `now` */
		{
			uint64_t now = start + golden_rnd64(&seed) % (HZ_MAX *
								  100000);

			if (now >= start)
				assert_int_equal(pacer_due(&p, now),
						 ref_due(start, hz, rate,
							 total, now));
		}
	}
}

/* 64.32 fixed point would miss by tens of ticks: the reason for 64.64 */
static void
test_why_not_64_32(void **state)
{
	uint64_t total = HOUR_S * RATE_100G;
	u128 period32 = ((u128)HZ_MAX << 32) / RATE_100G;
	uint64_t d32 = (uint64_t)(((u128)(total - 1) * period32) >> 32);
	uint64_t exact = ref_deadline(0, HZ_MAX, RATE_100G, total - 1);
	struct pacer p;

	(void)state;
	pacer_init(&p, 0, HZ_MAX, RATE_100G, total);
	assert_true(exact - d32 > 1);
	assert_int_equal(pacer_deadline(&p, total - 1), exact);
}

static void
test_monotonic_spacing(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(combos) / sizeof(combos[0]); k++) {
		const struct combo *c = &combos[k];
		uint64_t total = pacer_total(c->rate, HOUR_S);
		uint64_t q = c->hz / c->rate;
		const uint64_t from[] = { 0, total / 2, total - 3000 };
		struct pacer p;
		size_t f;

		if (c->start != 0 || total < 6000)
			continue;
		pacer_init(&p, c->start, c->hz, c->rate, total);
		for (f = 0; f < 3; f++) {
			uint64_t i, prev = pacer_deadline(&p, from[f]);

			if (prev == UINT64_MAX)
				continue;
			for (i = from[f] + 1; i < from[f] + 3000; i++) {
				uint64_t d = pacer_deadline(&p, i);

				if (d == UINT64_MAX)
					break;
				/* gaps are floor(hz/rate) or one more */
				assert_true(d - prev == q || d - prev == q + 1);
				prev = d;
			}
		}
	}
}

/* a simulated sender: due() grows by the frames whose deadline passed */
static void
test_due_walk(void **state)
{
	struct pacer p;
	uint64_t now, due, prev = 0, sent = 0, total = 1000;
	uint64_t hz = 1000003, rate = 997;	/* ~1003 ticks per frame */

	(void)state;
	pacer_init(&p, 500, hz, rate, total);
	assert_int_equal(pacer_due(&p, 0), 0);
	assert_int_equal(pacer_due(&p, 499), 0);
	assert_int_equal(pacer_due(&p, 500), 1);	/* frame 0 at start */
	for (now = 500; sent < total; now += 17) {
		due = pacer_due(&p, now);
		assert_true(due >= prev);
		assert_true(due <= total);
		while (sent < due) {
			/* lag is never negative and matches the reference */
			assert_int_equal(pacer_lag(&p, sent, now),
					 now - ref_deadline(500, hz, rate,
							    sent));
			sent++;
		}
		prev = due;
	}
	assert_int_equal(pacer_due(&p, now), total);
	assert_int_equal(pacer_due(&p, UINT64_MAX), total);
	assert_int_equal(pacer_lag(&p, 5, 0), 0);	/* not yet due */
	assert_int_equal(pacer_lag(&p, 0, 500), 0);	/* exactly on time */
	assert_int_equal(pacer_lag(&p, 0, 501), 1);
}

static void
test_zero_and_saturation(void **state)
{
	struct pacer p;

	(void)state;
	assert_int_equal(pacer_total(RATE_100G, HOUR_S), 535680000000ull);
	assert_int_equal(pacer_total(0, HOUR_S), 0);
	assert_int_equal(pacer_total(1ull << 32, 1ull << 32), UINT64_MAX);
	assert_int_equal(pacer_total((1ull << 32) - 1, 1ull << 32),
			 UINT64_MAX - ((1ull << 32) - 1));
	assert_int_equal(pacer_total(UINT64_MAX, 2), UINT64_MAX);
	assert_int_equal(pacer_total(UINT64_MAX, 1), UINT64_MAX);

	/* no frames: nothing is ever due */
	pacer_init(&p, 10, HZ_MAX, RATE_100G, 0);
	assert_int_equal(pacer_due(&p, UINT64_MAX), 0);

	/* deadlines past 2^64 saturate; due() still counts exactly */
	pacer_init(&p, UINT64_MAX - 10000, HZ_MAX, 1, 10);
	assert_int_equal(pacer_deadline(&p, 0), UINT64_MAX - 10000);
	assert_int_equal(pacer_deadline(&p, 1), UINT64_MAX);
	assert_int_equal(pacer_due(&p, UINT64_MAX - 10001), 0);
	assert_int_equal(pacer_due(&p, UINT64_MAX - 1), 1);
	assert_int_equal(pacer_due(&p, UINT64_MAX), 10);

	/* zero hz / rate are taken as 1 instead of dividing by zero */
	pacer_init(&p, 0, 0, 0, 5);
	assert_int_equal(pacer_deadline(&p, 4), 4);
	assert_int_equal(pacer_due(&p, 2), 3);
}

static void
test_ticks_ns(void **state)
{
	uint64_t seed = 12345;
	int k;

	(void)state;
	assert_int_equal(pacer_ticks_to_ns(HZ_MAX, HZ_MAX), 1000000000ull);
	assert_int_equal(pacer_ticks_to_ns(4999, HZ_MAX), 999);
	assert_int_equal(pacer_ticks_to_ns(5000, HZ_MAX), 1000);
	/* an hour at 5 GHz: 1.8e13 ticks, * 1e9 overflows 64 bits */
	assert_int_equal(pacer_ticks_to_ns(HOUR_S * HZ_MAX, HZ_MAX),
			 HOUR_S * 1000000000ull);
	assert_int_equal(pacer_ticks_to_ns(UINT64_MAX, 1000000000ull),
			 UINT64_MAX);
	assert_int_equal(pacer_ticks_to_ns(UINT64_MAX, 1), UINT64_MAX);
	assert_int_equal(pacer_ticks_to_ns(1, 0), UINT64_MAX);
	assert_int_equal(pacer_ticks_to_ns(0, HZ_MAX), 0);
	assert_int_equal(pacer_ns_to_ticks(1000000, 2100000000ull), 2100000);
	assert_int_equal(pacer_ns_to_ticks(UINT64_MAX, HZ_MAX), UINT64_MAX);
	for (k = 0; k < 10000; k++) {
		uint64_t hz = golden_rnd64(&seed) % HZ_MAX + 1;
		uint64_t s = golden_rnd64(&seed) % 1000000;	/* whole seconds */
		uint64_t r = golden_rnd64(&seed) % hz;	/* + remainder */
		uint64_t ticks = s * hz + r;
		uint64_t ns = pacer_ticks_to_ns(ticks, hz);

		/* split: s seconds are exactly s * 1e9 ns */
		assert_int_equal(ns, s * 1000000000ull +
				 (uint64_t)((u128)r * 1000000000u / hz));
		/* back: the same split, and never more ticks than given */
		assert_int_equal(pacer_ns_to_ticks(ns, hz), s * hz +
				 (uint64_t)((u128)(ns - s * 1000000000ull) *
					    hz / 1000000000u));
		assert_true(pacer_ns_to_ticks(ns, hz) <= ticks);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_extremes),
		cmocka_unit_test(test_exact_random),
		cmocka_unit_test(test_why_not_64_32),
		cmocka_unit_test(test_monotonic_spacing),
		cmocka_unit_test(test_due_walk),
		cmocka_unit_test(test_zero_and_saturation),
		cmocka_unit_test(test_ticks_ns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

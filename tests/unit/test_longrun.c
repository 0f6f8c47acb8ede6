/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Long-run extremes: one hour at 148.8 Mfps (100GbE, 64 B) is
 * 535,680,000,000 frames per direction.  The counts go through rxstate by
 * jumping sequence numbers (not a loop of 5e11 frames), through verdict at
 * that size, and the pacer is checked at the end of such a trial with a
 * 5 GHz TSC that has been up for days.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>

#include "dutperf/pacer.h"
#include "dutperf/rxstate.h"
#include "dutperf/verdict.h"

typedef unsigned __int128 u128;

#define RATE_FPS 148800000ull
#define DURATION_S 3600ull
#define HOUR_FRAMES 535680000000ull	/* written out, checked below */
#define W ((uint64_t)RXSTATE_WINDOW)
#define JUMPS 1000ull

static uint64_t bits[RXSTATE_WORDS];

static void
test_total(void **state)
{
	(void)state;
	assert_int_equal(pacer_total(RATE_FPS, DURATION_S), HOUR_FRAMES);
	assert_true(HOUR_FRAMES > UINT32_MAX);
}

/*
 * 1000 bursts of 64 frames spread over the hour (one pair swapped and one
 * frame repeated in each), the whole last window in order, then stale and
 * bogus numbers.
 */
static void
test_rxstate_hour(void **state)
{
	struct rxstate s;
	uint64_t stride = HOUR_FRAMES / JUMPS, k, i, last0, base;

	(void)state;
	assert_true(stride > W);	/* every burst starts a fresh window */
	rxstate_init(&s, bits);
	rxstate_set_total(&s, HOUR_FRAMES);
	for (k = 0; k < JUMPS - 1; k++) {
		uint64_t b = k * stride;

		rxstate_add(&s, b + 1, false);
		rxstate_add(&s, b, false);		/* reordered */
		for (i = 2; i < 64; i++)
			rxstate_add(&s, b + i, false);
		rxstate_add(&s, b + 7, false);		/* duplicate */
		assert_int_equal(s.c.max_seq, b + 64);
	}
	last0 = HOUR_FRAMES - W;
	for (i = last0; i < HOUR_FRAMES; i++)
		rxstate_add(&s, i, false);
	base = (HOUR_FRAMES - 1 - W + 64) & ~(uint64_t)63;
	assert_int_equal(s.base, base);
	assert_int_equal(s.c.max_seq, HOUR_FRAMES);
	assert_int_equal(s.c.received, (JUMPS - 1) * 64 + W);
	assert_int_equal(s.c.reordered, JUMPS - 1);
	assert_int_equal(s.c.duplicates, JUMPS - 1);

	rxstate_add(&s, HOUR_FRAMES, false);		/* never sent */
	rxstate_add(&s, HOUR_FRAMES + (1ull << 40), true);
	rxstate_add(&s, UINT64_MAX, false);
	rxstate_add(&s, 5, false);			/* an hour old */
	rxstate_add(&s, base - 1, true);
	rxstate_add(&s, HOUR_FRAMES - 1, true);		/* late duplicate */
	assert_int_equal(s.c.beyond, 3);
	assert_int_equal(s.c.old, 2);
	assert_int_equal(s.c.late, 0);
	assert_int_equal(s.c.duplicates, JUMPS);
	assert_int_equal(s.c.max_seq, HOUR_FRAMES);
}

/* the counts of an hour-long trial through the verdict */
static void
test_verdict_hour(void **state)
{
	struct verdict_dir d = {
		.planned = HOUR_FRAMES, .sent = HOUR_FRAMES,
		.max_lag_ns = 999, .name = "forward",
	};
	uint64_t allowed = HOUR_FRAMES / 1000000u;	/* 1 ppm = 535680 */
	char msg[128];

	(void)state;
	d.lost = allowed;
	d.received = HOUR_FRAMES - d.lost;
	assert_int_equal(verdict_eval(&d, 1, 1, 1000, false, NULL),
			 VERDICT_PASS);
	d.lost++;
	d.received--;
	assert_int_equal(verdict_eval_msg(&d, 1, 1, 1000, false, msg,
					  sizeof(msg)), VERDICT_FAIL);
	assert_string_equal(msg, "forward: 535681 of 535680000000 frames lost "
			    "(1.000 ppm, limit 1 ppm)");
	d.lost = 1;			/* a single frame in an hour */
	d.received = HOUR_FRAMES - 1;
	assert_int_equal(verdict_eval(&d, 1, 0, 1000, false, NULL),
			 VERDICT_FAIL);
}

/* the pacer at the end of an hour at 148.8 Mfps, TSCs from 1 to 5 GHz */
static void
test_pacer_hour_end(void **state)
{
	const uint64_t hzs[] = { 5000000000ull, 4999999999ull,
		3100000007ull, 2100000000ull, 1000000000ull };
	const uint64_t start = 86400ull * 30 * 5000000000ull;	/* 30 days */
	size_t h;

	(void)state;
	for (h = 0; h < sizeof(hzs) / sizeof(hzs[0]); h++) {
		uint64_t hz = hzs[h], i, prev_due = HOUR_FRAMES - 10000;
		struct pacer p;
		uint64_t last, ns;

		pacer_init(&p, start, hz, RATE_FPS, HOUR_FRAMES);
		/* the last 10000 deadlines, exactly, and due() along them */
		for (i = HOUR_FRAMES - 10000; i < HOUR_FRAMES; i++) {
			uint64_t d = pacer_deadline(&p, i);
			uint64_t ref = start + (uint64_t)((u128)i * hz /
							  RATE_FPS);

			assert_int_equal(d, ref);
			/* > 6 ticks per frame here: distinct deadlines */
			assert_int_equal(pacer_due(&p, d - 1), i);
			assert_int_equal(pacer_due(&p, d), i + 1);
			assert_true(pacer_due(&p, d) > prev_due);
			prev_due = pacer_due(&p, d);
		}
		last = pacer_deadline(&p, HOUR_FRAMES - 1);
		assert_int_equal(pacer_due(&p, last + hz), HOUR_FRAMES);
		/* the last frame leaves 1 / 148.8e6 s = 6.72 ns before 1 h */
		ns = pacer_ticks_to_ns(last - start, hz);
		assert_true(ns <= DURATION_S * 1000000000ull - 6);
		assert_true(ns >= DURATION_S * 1000000000ull - 8);
		/* a sender one hour late: lag converts without overflow */
		assert_int_equal(pacer_ticks_to_ns(pacer_lag(&p, 0, start +
							     DURATION_S * hz),
						   hz),
				 DURATION_S * 1000000000ull);
	}
}

/* tick <-> ns at the largest durations (86400 s) and TSC rates */
static void
test_ns_conversions(void **state)
{
	const uint64_t day_ns = 86400ull * 1000000000ull;
	uint64_t hz;

	(void)state;
	for (hz = 1000000000ull; hz <= 5000000000ull; hz += 250000001ull) {
		uint64_t ticks = 86400ull * hz;

		/* ticks * 1e9 is about 4e23 here: needs 128 bits */
		assert_true((u128)ticks * 1000000000u > UINT64_MAX);
		assert_int_equal(pacer_ticks_to_ns(ticks, hz), day_ns);
		assert_int_equal(pacer_ticks_to_ns(ticks + hz - 1, hz),
				 day_ns + 1000000000ull -
				 (1000000000ull + hz - 1) / hz);
		assert_int_equal(pacer_ns_to_ticks(day_ns, hz), ticks);
		/* the largest max_lag_us of the config (60 s) in ticks */
		assert_int_equal(pacer_ns_to_ticks(60000000ull * 1000u, hz),
				 60 * hz);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_total),
		cmocka_unit_test(test_rxstate_hour),
		cmocka_unit_test(test_verdict_hour),
		cmocka_unit_test(test_pacer_hour_end),
		cmocka_unit_test(test_ns_conversions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rxstate tests: hand-made cases, window boundaries, and long pseudorandom
 * streams (reordering, loss, duplicates, stale and bogus numbers, late
 * frames) checked against a reference that keeps a full array of every
 * sequence number, and derives the window base from the highest sequence
 * number seen instead of sliding a bitmap.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/rxstate.h"
#include "../data/golden/golden_cases.h"

#define W ((uint64_t)RXSTATE_WINDOW)

static uint64_t bits[RXSTATE_WORDS];

/* reference model: one byte per sequence number below n */
struct ref {
	uint8_t *seen;
	uint64_t n, total, highest;
	bool any;
	struct rxstate_counts c;
};

static void
ref_init(struct ref *r, uint64_t n, uint64_t total)
{
	memset(r, 0, sizeof(*r));
	r->seen = calloc(n, 1);
	assert_non_null(r->seen);
	r->n = n;
	r->total = total;
}

static void
ref_add(struct ref *r, uint64_t seq, bool late)
{
	/* the window holds the highest number seen, its base a multiple of 64 */
	uint64_t base = !r->any || r->highest < W ? 0 :
		(r->highest - W + 64) / 64 * 64;

	if (seq >= r->total) {
		r->c.beyond++;
		return;
	}
	if (seq < base) {
		r->c.old++;
		return;
	}
	assert_true(seq < r->n);
	if (r->seen[seq]) {
		r->c.duplicates++;
	} else if (late) {
		r->c.late++;
	} else {
		r->c.received++;
		if (r->any && seq < r->highest)
			r->c.reordered++;
	}
	r->seen[seq] = 1;
	if (!r->any || seq > r->highest)
		r->highest = seq;
	r->any = true;
	r->c.max_seq = r->highest + 1;
}

static void
assert_counts(const struct rxstate_counts *a, const struct rxstate_counts *b)
{
	assert_int_equal(a->received, b->received);
	assert_int_equal(a->duplicates, b->duplicates);
	assert_int_equal(a->reordered, b->reordered);
	assert_int_equal(a->late, b->late);
	assert_int_equal(a->beyond, b->beyond);
	assert_int_equal(a->old, b->old);
	assert_int_equal(a->max_seq, b->max_seq);
}

/* all counters at once, in the order of struct rxstate_counts */
static void
assert_rx(const struct rxstate *s, uint64_t received, uint64_t duplicates,
	  uint64_t reordered, uint64_t late, uint64_t beyond, uint64_t old,
	  uint64_t max_seq)
{
	struct rxstate_counts c = { received, duplicates, reordered, late,
				    beyond, old, max_seq };

	assert_counts(&s->c, &c);
}

static uint64_t
frames_counted(const struct rxstate_counts *c)
{
	return c->received + c->duplicates + c->late + c->beyond + c->old;
}

static void
test_in_order_and_gaps(void **state)
{
	struct rxstate s;
	uint64_t i;

	(void)state;
	rxstate_init(&s, bits);
	for (i = 0; i < 3 * W; i++)
		if (i % 3 != 1)		/* every third frame lost */
			rxstate_add(&s, i, false);
	assert_rx(&s, 2 * W, 0, 0, 0, 0, 0, 3 * W);	/* 3W-1 was added */
}

static void
test_duplicates_and_reorder(void **state)
{
	struct rxstate s;
	uint64_t i;

	(void)state;
	rxstate_init(&s, bits);
	for (i = 0; i < 1000; i += 2) {	/* pairs swapped: 1 0 3 2 ... */
		rxstate_add(&s, i + 1, false);
		rxstate_add(&s, i, false);
	}
	assert_rx(&s, 1000, 0, 500, 0, 0, 0, 1000);
	for (i = 0; i < 1000; i += 10)	/* 100 copies: duplicates only */
		rxstate_add(&s, i, false);
	assert_rx(&s, 1000, 100, 500, 0, 0, 0, 1000);
}

static void
test_late(void **state)
{
	struct rxstate s;

	(void)state;
	rxstate_init(&s, bits);
	rxstate_add(&s, 5, false);
	rxstate_add(&s, 7, true);	/* first arrival, late */
	rxstate_add(&s, 7, true);	/* late copy: duplicate, not late again */
	rxstate_add(&s, 7, false);	/* in-time copy after it: duplicate */
	rxstate_add(&s, 5, true);	/* late copy of a received frame */
	rxstate_add(&s, 3, true);	/* late and out of order: late only */
	assert_rx(&s, 1, 3, 0, 2, 0, 0, 8);
}

static void
test_beyond_total(void **state)
{
	struct rxstate s;

	(void)state;
	rxstate_init(&s, bits);
	rxstate_add(&s, UINT64_MAX, false);	/* bogus even with no total */
	assert_int_equal(s.c.beyond, 1);
	rxstate_set_total(&s, 1000);
	rxstate_add(&s, 999, false);
	rxstate_add(&s, 1000, false);
	rxstate_add(&s, 50 * W, true);		/* must not move the window */
	rxstate_add(&s, 0, false);
	assert_rx(&s, 2, 0, 1, 0, 3, 0, 1000);
	assert_int_equal(s.base, 0);
}

static void
test_window_boundaries(void **state)
{
	struct rxstate s;
	uint64_t i;

	(void)state;
	rxstate_init(&s, bits);
	for (i = 0; i < W; i++)		/* fill the whole window */
		rxstate_add(&s, i, false);
	assert_int_equal(s.base, 0);
	rxstate_add(&s, W, false);	/* one past: slides by one word */
	assert_int_equal(s.base, 64);
	rxstate_add(&s, 63, false);	/* fell out: old */
	rxstate_add(&s, 64, false);	/* still inside: duplicate */
	assert_int_equal(s.c.old, 1);
	assert_int_equal(s.c.duplicates, 1);
	/* W+1..W+63 reuse the word of 0..63: it must have been cleared */
	for (i = W + 1; i < W + 64; i++)
		rxstate_add(&s, i, false);
	assert_int_equal(s.c.duplicates, 1);
	assert_int_equal(s.c.received, W + 64);
	rxstate_add(&s, W + 64 + 63, false);	/* last bit of next word */
	assert_int_equal(s.base, 128);
	rxstate_add(&s, W + 64, false);		/* a gap in it: received */
	assert_int_equal(s.c.received, W + 66);
	assert_int_equal(s.c.reordered, 1);
	assert_int_equal(s.c.duplicates, 1);
	assert_int_equal(frames_counted(&s.c), W + 68);
}

static void
test_far_jumps(void **state)
{
	struct rxstate s;
	uint64_t i, far = 10 * W + 5, base;

	(void)state;
	rxstate_init(&s, bits);
	for (i = 0; i < W; i++)
		rxstate_add(&s, i, false);
	rxstate_add(&s, far, false);		/* clears the whole bitmap */
	base = (far - W + 64) & ~(uint64_t)63;
	assert_int_equal(s.base, base);
	rxstate_add(&s, 50, false);		/* long gone: old */
	rxstate_add(&s, base - 1, false);	/* just below: old */
	rxstate_add(&s, base, false);		/* lowest in window: new */
	assert_int_equal(s.c.old, 2);
	assert_int_equal(s.c.received, W + 2);
	assert_int_equal(s.c.reordered, 1);
	/* no stale bit survived the jump anywhere in the window */
	for (i = base + 1; i < far; i++)
		rxstate_add(&s, i, false);
	assert_int_equal(s.c.duplicates, 0);
	assert_int_equal(s.c.received, W + 2 + (far - base - 1));
	/* a jump of less than a window, then back into the kept part */
	rxstate_add(&s, far + W / 2, false);
	assert_int_equal(s.base, (far + W / 2 - W + 64) & ~(uint64_t)63);
	rxstate_add(&s, far, false);		/* kept: duplicate */
	assert_int_equal(s.c.duplicates, 1);
}

/*
 * A stream of n frames, locally shuffled (displacement up to max_disp),
 * some lost, some repeated from up to 2 windows back, a few bogus numbers,
 * the tail partly late; rxstate and the reference see the same calls.
 */
static struct rxstate_counts
run_stream(uint64_t n, uint64_t max_disp, uint64_t seed)
{
	struct rxstate s;
	struct ref r;
	uint32_t *perm = malloc(n * sizeof(*perm));
	uint64_t i, j, calls = 0;

	assert_non_null(perm);
	for (i = 0; i < n; i++)
		perm[i] = (uint32_t)i;
	for (i = 0; i + 1 < n; i++) {
		uint32_t t;

		if (golden_rnd64(&seed) % 4 != 0)
			continue;
		j = i + 1 + golden_rnd64(&seed) % max_disp;
		if (j >= n)
			continue;
		t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	rxstate_init(&s, bits);
	rxstate_set_total(&s, n);
	ref_init(&r, n, n);
	for (i = 0; i < n; i++) {
		uint64_t x = golden_rnd64(&seed), q = x % 1000;
		bool late = i > n / 100 * 95 && (x >> 40 & 1);
		uint64_t extra = UINT64_MAX;

		if (q < 10)		/* lost */
			continue;
		rxstate_add(&s, perm[i], late);
		ref_add(&r, perm[i], late);
		calls++;
		if (q >= 985)		/* an earlier frame again */
			extra = perm[i - (x >> 20) % (i < 2 * W ? i + 1 :
						     2 * W)];
		else if (q == 500)
			extra = n + (x >> 30) % 1000;
		else if (q == 501)
			extra = UINT64_MAX;
		if (q >= 985 || q == 500 || q == 501) {
			rxstate_add(&s, extra, late);
			ref_add(&r, extra, late);
			calls++;
		}
		if (i % 65536 == 0)
			assert_counts(&s.c, &r.c);
	}
	assert_counts(&s.c, &r.c);
	assert_int_equal(frames_counted(&s.c), calls);
	free(perm);
	free(r.seen);
	return s.c;
}

static void
test_random_small(void **state)
{
	uint64_t seed;

	(void)state;
	/* within one window: exact, nothing can be old */
	for (seed = 1; seed <= 20; seed++) {
		struct rxstate_counts c = run_stream(5000 + seed * 37,
						     1 + seed * 50, seed * 7919);

		assert_int_equal(c.old, 0);
		assert_true(c.reordered > 0 && c.duplicates > 0 && c.late > 0);
	}
}

static void
test_random_long(void **state)
{
	struct rxstate_counts c;

	(void)state;
	c = run_stream(3 * W + 12345, 64, 42);	/* mild reordering */
	assert_true(c.reordered > 0 && c.beyond > 0 && c.old > 0);
	c = run_stream(3 * W + 777, W / 2, 43);	/* heavy */
	assert_true(c.reordered > 0 && c.duplicates > 0 && c.old > 0);
	c = run_stream(2 * W + 1, 2 * W, 44);	/* beyond the window */
	assert_true(c.old > 0 && c.late > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_in_order_and_gaps),
		cmocka_unit_test(test_duplicates_and_reorder),
		cmocka_unit_test(test_late),
		cmocka_unit_test(test_beyond_total),
		cmocka_unit_test(test_window_boundaries),
		cmocka_unit_test(test_far_jumps),
		cmocka_unit_test(test_random_small),
		cmocka_unit_test(test_random_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

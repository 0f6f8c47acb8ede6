/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * streams tests: the direction's rate split over N streams (merged
 * departures evenly spaced, exactly the one-stream schedule), per-stream
 * sequence spaces and generators, lcore lists, and the merge of per-queue
 * receiver states against a reference that keeps every sequence number.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/streams.h"
#include "dutperf/frame.h"
#include "../data/golden/golden_cases.h"

#define NQ 4

static uint64_t qbits[NQ][RXSTATE_WORDS];

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Every stream's deadlines, merged and sorted, are the single-stream
 * schedule, and consecutive departures are floor or ceil of hz / rate
 * apart (checked by hand: hz / rate computed here as a double).
 */
static void
test_even_spacing(void **state)
{
	static const struct {
		uint64_t hz, rate, total;
		unsigned int n;
	} cases[] = {
		{ 1000000000, 3000000, 3000, 2 },
		{ 1000000000, 3333333, 1001, 3 },	/* rate % 3 != 0 */
		{ 2100000000, 1000003, 997, 4 },	/* prime rate, total */
		{ 2100000000, 7, 50, 16 },		/* slow: total % 16 != 0 */
		{ 3000000000, 148800000, 5000, 5 },
	};
	unsigned int c, i;
	uint64_t k, j;

	(void)state;
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct pacer p;
		uint64_t *all = calloc(cases[c].total, sizeof(*all));
		uint64_t nb = 0, sum = 0;
		double period = (double)cases[c].hz / (double)cases[c].rate;

		assert_non_null(all);
		pacer_init(&p, 1000, cases[c].hz, cases[c].rate, cases[c].total);
		for (i = 0; i < cases[c].n; i++) {
			uint64_t ti = streams_total(cases[c].total, i, cases[c].n);

			sum += ti;
			for (k = 0; k < ti; k++)
				all[nb++] = streams_deadline(&p, i, cases[c].n, k);
		}
		assert_int_equal(sum, cases[c].total);
		assert_int_equal(nb, cases[c].total);
		qsort(all, nb, sizeof(*all), cmp_u64);
		for (j = 0; j < nb; j++) {
			assert_int_equal(all[j], pacer_deadline(&p, j));
			/* evenly spaced: within one tick of j * period */
			assert_true((double)(all[j] - 1000) <= (double)j * period + 1e-6);
			assert_true((double)(all[j] - 1000) > (double)j * period - 1.0);
			if (j > 0) {
				uint64_t gap = all[j] - all[j - 1];

				assert_true(gap == (uint64_t)period ||
					    gap == (uint64_t)period + 1);
			}
		}
		free(all);
	}
}

/* The streams' due counts add up to the direction's at any instant, and
 * each is monotonic; stream i's first frame is due at the i-th deadline. */
static void
test_due_sum(void **state)
{
	struct pacer p;
	uint64_t now, prev[3] = { 0, 0, 0 }, due;
	unsigned int i;

	(void)state;
	pacer_init(&p, 5000, 1000000000, 2999999, 10000);
	for (now = 0; now < 5000 + 3400000; now += 97) {
		uint64_t sum = 0;

		for (i = 0; i < 3; i++) {
			due = streams_due(&p, i, 3, now);
			assert_true(due >= prev[i]);
			assert_true(due <= streams_total(10000, i, 3));
			prev[i] = due;
			sum += due;
		}
		assert_int_equal(sum, pacer_due(&p, now));
	}
	assert_int_equal(prev[0] + prev[1] + prev[2], 10000);
	for (i = 0; i < 3; i++) {
		assert_int_equal(streams_due(&p, i, 3, pacer_deadline(&p, i) - 1), 0);
		assert_int_equal(streams_due(&p, i, 3, pacer_deadline(&p, i)), 1);
	}
	/* one stream: the pacer itself */
	assert_int_equal(streams_due(&p, 0, 1, 6000), pacer_due(&p, 6000));
	assert_int_equal(streams_total(10000, 0, 1), 10000);
	assert_int_equal(streams_total(2, 2, 3), 0);
}

/* Stream ids live above the frame number; stream 0 is the plain number. */
static void
test_seq_spaces(void **state)
{
	unsigned int i, j;

	(void)state;
	assert_int_equal(streams_seq(0, 12345), 12345);
	for (i = 0; i < STREAMS_MAX; i++) {
		uint64_t s = streams_seq(i, STREAMS_SEQ_MASK - 1);

		assert_int_equal(s >> STREAMS_SEQ_SHIFT, i);
		assert_int_equal(s & STREAMS_SEQ_MASK, STREAMS_SEQ_MASK - 1);
		/* fits the compact stamp's 40 bits, never all ones (bogus) */
		assert_true(s < (UINT64_C(1) << 40) - 1);
		for (j = 0; j < i; j++)
			assert_true(streams_seq(j, 0) != streams_seq(i, 0));
	}
	assert_int_equal(STREAMS_MAX, 1u << (40 - STREAMS_SEQ_SHIFT));
}

/* Each stream its own RFC 4814 sub-stream: stream 0 = the plain seed,
 * others reproducible and different from each other. */
static void
test_seeds(void **state)
{
	struct cfg c;
	struct frame_gen g[3], again;
	uint8_t a[FRAME_MAX_BUF_B], b[FRAME_MAX_BUF_B];
	char err[256];
	unsigned int i, differ01 = 0, differ12 = 0, f;

	(void)state;
	golden_cfg(&c, &golden_cases[0]);
	c.dir[CFG_FWD].sport.mode = CFG_VAR_RANDOM;
	assert_int_equal(streams_seed(42, 0), 42);
	for (i = 0; i < 3; i++)
		assert_int_equal(golden_gen_init(&g[i], &c, CFG_FWD,
						 streams_seed(42, i), err,
						 sizeof(err)), 0);
	assert_int_equal(golden_gen_init(&again, &c, CFG_FWD, streams_seed(42, 1),
					 err, sizeof(err)), 0);
	for (f = 0; f < 100; f++) {
		uint16_t l0 = frame_gen_next(&g[0], a, f, 0, false);
		uint16_t l1 = frame_gen_next(&g[1], b, f, 0, false);

		differ01 += memcmp(a, b, l0 < l1 ? l0 : l1) != 0;
		frame_gen_next(&again, a, f, 0, false);
		assert_memory_equal(a, b, l1);	/* reproducible */
		l0 = frame_gen_next(&g[2], a, f, 0, false);
		differ12 += memcmp(a, b, l0 < l1 ? l0 : l1) != 0;
	}
	assert_true(differ01 > 90);
	assert_true(differ12 > 90);
}

static void
test_lcore_list(void **state)
{
	uint16_t l[8];
	unsigned int nb;
	char err[128];

	(void)state;
	assert_int_equal(cfg_parse_lcores("1-2,4", 127, l, 8, &nb, err,
					      sizeof(err)), 0);
	assert_int_equal(nb, 3);
	assert_int_equal(l[0], 1);
	assert_int_equal(l[1], 2);
	assert_int_equal(l[2], 4);
	assert_int_equal(cfg_parse_lcores("7", 127, l, 8, &nb, err,
					      sizeof(err)), 0);
	assert_int_equal(nb, 1);
	assert_int_equal(l[0], 7);
	assert_int_equal(cfg_parse_lcores("1,1", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "lcore 1 listed twice"));
	assert_int_equal(cfg_parse_lcores("3-1", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "3-1"));
	assert_int_equal(cfg_parse_lcores("0-8", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_lcores("200", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_lcores("1,", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_lcores("a", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_lcores("", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_lcores("1 2", 127, l, 8, &nb, err,
					      sizeof(err)), -EINVAL);
}

/* ---- merge: reference keeps one counter per sequence number ---- */

struct mref {
	uint8_t *seen;
	uint64_t received, duplicates;
};

static void
merge_init(struct rxstate *st, const struct rxstate **sp, unsigned int nq,
	   uint64_t total)
{
	unsigned int q;

	for (q = 0; q < nq; q++) {
		rxstate_init(&st[q], qbits[q]);
		rxstate_set_total(&st[q], total);
		sp[q] = &st[q];
	}
}

static void
mref_add(struct mref *r, uint64_t seq)
{
	if (r->seen[seq]++)
		r->duplicates++;
	else
		r->received++;
}

static uint64_t
rnd(uint64_t *s)
{
	return golden_rnd64(s);
}

/* A stream spread over every queue pseudorandomly, with loss, duplicates
 * on the same or another queue and local reordering: exact. */
static void
test_merge_spread(void **state)
{
	const uint64_t total = 200000;
	struct rxstate st[NQ];
	const struct rxstate *sp[NQ];
	struct rxstate_counts m;
	struct mref ref = { calloc(total, 1), 0, 0 };
	uint64_t s = 7, seq, r, extra;
	unsigned int q;

	(void)state;
	assert_non_null(ref.seen);
	merge_init(st, sp, NQ, total);
	for (seq = 0; seq < total; seq++) {
		r = rnd(&s);
		if (r % 100 == 0)
			continue;			/* lost */
		q = (unsigned int)(r >> 8) % NQ;	/* RSS: any queue */
		rxstate_add(&st[q], seq, false);
		mref_add(&ref, seq);
		if (r % 37 == 0) {			/* copy, other queue */
			rxstate_add(&st[(q + 1) % NQ], seq, false);
			mref_add(&ref, seq);
		}
		if (r % 41 == 0) {			/* copy, same queue */
			rxstate_add(&st[q], seq, false);
			mref_add(&ref, seq);
		}
	}
	extra = streams_merge(&m, sp, NQ, total);
	assert_true(extra > 0);
	assert_int_equal(m.received, ref.received);
	assert_int_equal(m.duplicates, ref.duplicates);
	assert_int_equal(m.late, 0);
	assert_int_equal(m.max_seq, total);
	/* independent: lost by the reference's own loss rule */
	s = 7;
	for (seq = 0, r = 0; seq < total; seq++)
		r += rnd(&s) % 100 == 0;
	assert_int_equal(total - m.received, r);
	free(ref.seen);
}

/* A duplicate on another queue than its original; a whole queue lost. */
static void
test_merge_hand(void **state)
{
	struct rxstate st[NQ];
	const struct rxstate *sp[NQ];
	struct rxstate_counts m;
	uint64_t seq;

	(void)state;
	merge_init(st, sp, NQ, 100);
	for (seq = 0; seq < 100; seq++)
		if (seq % 4 != 2)		/* queue 2 lost all its frames */
			rxstate_add(&st[seq % 4], seq, false);
	rxstate_add(&st[3], 5, false);		/* 5 came on 1, again on 3 */
	rxstate_add(&st[0], 9, false);		/* 9 came on 1, again on 0 */
	rxstate_add(&st[0], 9, false);		/* and once more */
	assert_int_equal(streams_merge(&m, sp, NQ, 100), 2);
	assert_int_equal(m.received, 75);
	assert_int_equal(m.duplicates, 3);
	/* a queue absent (NULL) is the same as an empty one */
	sp[2] = NULL;
	assert_int_equal(streams_merge(&m, sp, NQ, 100), 2);
	assert_int_equal(m.received, 75);
	/* one queue: exactly its own counts */
	assert_int_equal(streams_merge(&m, sp, 1, 100), 0);
	assert_memory_equal(&m, &st[0].c, sizeof(m));
	/* late copy on another queue: errs towards worse (not received) */
	merge_init(st, sp, 2, 10);
	rxstate_add(&st[0], 3, false);
	rxstate_add(&st[1], 3, true);
	streams_merge(&m, sp, 2, 10);
	assert_int_equal(m.received + m.late, 1);
	assert_int_equal(m.duplicates, 1);
	assert_true(m.received <= 1);
}

/*
 * Longer than the window: copies on another queue older than every
 * window cannot be seen; received never exceeds what was sent and is
 * never above the truth.
 */
static void
test_merge_beyond_window(void **state)
{
	const uint64_t total = 3 * (uint64_t)RXSTATE_WINDOW;
	struct rxstate st[2];
	const struct rxstate *sp[2];
	struct rxstate_counts m;
	uint64_t seq;

	(void)state;
	merge_init(st, sp, 2, total);
	for (seq = 0; seq < total; seq++) {
		rxstate_add(&st[seq & 1], seq, false);
		rxstate_add(&st[(seq & 1) ^ 1], seq, false);	/* every one twice */
	}
	streams_merge(&m, sp, 2, total);
	assert_int_equal(m.received, total);		/* truth: total */
	assert_int_equal(m.received + m.duplicates, 2 * total);
	/*
	 * Half of the frames lost, every other one twice on both queues: the
	 * copies older than both windows are not seen (docs/accounting.md),
	 * those inside are; every arrival is counted once.
	 */
	merge_init(st, sp, 2, total);
	for (seq = 0; seq < total; seq += 2) {
		rxstate_add(&st[0], seq, false);
		rxstate_add(&st[1], seq, false);
	}
	streams_merge(&m, sp, 2, total);
	assert_int_equal(m.received + m.duplicates, total);
	assert_int_equal(m.duplicates, RXSTATE_WINDOW / 2);
}

/*
 * A copy on a queue whose window is far behind, of a frame that another
 * queue counted and whose window has slid past it: the merge cannot match
 * it, so it must not count as received (errs towards worse).  Queue 0
 * gets every frame of 2 windows but frame 5, queue 1 a copy of frame 10:
 * 2W - 1 distinct frames arrived, the copy would otherwise fill frame 5's
 * place and hide its loss under the planned cap.
 */
static void
merge_lagging(struct rxstate_counts *m, uint64_t total, uint64_t on1)
{
	struct rxstate st[2];
	const struct rxstate *sp[2];
	uint64_t seq;

	merge_init(st, sp, 2, total);
	for (seq = 0; seq < total; seq++)
		if (seq != 5)
			rxstate_add(&st[0], seq, false);
	rxstate_add(&st[1], on1, false);
	streams_merge(m, sp, 2, total);
}

static void
test_merge_old_copy(void **state)
{
	const uint64_t total = 2 * (uint64_t)RXSTATE_WINDOW;
	struct rxstate st[2];
	const struct rxstate *sp[2];
	struct rxstate_counts m;
	uint64_t seq;

	(void)state;
	merge_lagging(&m, total, 10);
	assert_true(m.received <= total - 1);		/* never above the truth */
	assert_int_equal(m.received, total - 1);
	assert_int_equal(m.old, 1);
	assert_int_equal(m.received + m.duplicates + m.late + m.old + m.beyond,
			 total);			/* every arrival once */
	/* the lost frame 5 itself on the lagging queue: cannot be told from a
	 * copy either, so it stays lost (worse, never better) */
	merge_lagging(&m, total, 5);
	assert_true(m.received <= total);
	assert_int_equal(m.old, 1);
	/* windows level (both queues up to the end): nothing moved to old */
	merge_init(st, sp, 2, total);
	for (seq = 0; seq < total; seq++)
		rxstate_add(&st[seq & 1], seq, false);
	streams_merge(&m, sp, 2, total);
	assert_int_equal(m.received, total);
	assert_int_equal(m.old, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_even_spacing),
		cmocka_unit_test(test_due_sum),
		cmocka_unit_test(test_seq_spaces),
		cmocka_unit_test(test_seeds),
		cmocka_unit_test(test_lcore_list),
		cmocka_unit_test(test_merge_spread),
		cmocka_unit_test(test_merge_hand),
		cmocka_unit_test(test_merge_beyond_window),
		cmocka_unit_test(test_merge_old_copy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the merges pdv needs on several RX queues (delay.h):
 * per-queue delay histograms merged are the histogram of all samples
 * (every bucket, count, sum, min, max, so every figure); IPDV kept per
 * stream (delay_ipdv_chain) over streams that share a receiver, and over
 * a stream spread on two receivers, against counts worked out here from
 * the frames themselves.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "dutperf/delay.h"

/* xorshift64*: reproducible samples */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * UINT64_C(2685821657736338717);
}

static struct delay_hist all, part[4], merged;

/* A delay from every range of the histogram: exact, octaves, far out. */
static uint64_t
sample(uint64_t *s)
{
	uint64_t r = rnd(s);

	switch (r % 4) {
	case 0:
		return r >> 54;				/* < 1024: exact */
	case 1:
		return 1000 + (r >> 44);		/* ~1 us .. 1 ms */
	case 2:
		return r >> 20;				/* up to 2^44 */
	default:
		return r;				/* anything */
	}
}

static void
test_hist_merge_equals_one(void **state)
{
	uint64_t s = 42, v;
	unsigned int i, q;

	(void)state;
	delay_hist_init(&all);
	for (q = 0; q < 4; q++)
		delay_hist_init(&part[q]);
	for (i = 0; i < 100000; i++) {
		v = sample(&s);
		delay_hist_add(&all, v);
		/* queue 3 gets nothing: an idle RX queue */
		delay_hist_add(&part[rnd(&s) % 3], v);
	}
	/* queue 0's histogram takes the others, as feature_collect does */
	merged = part[0];
	for (q = 1; q < 4; q++)
		delay_hist_merge(&merged, &part[q]);
	assert_memory_equal(&merged, &all, sizeof(all));
	assert_int_equal(delay_hist_count(&merged), 100000);
	assert_int_equal(delay_hist_quantile(&merged, 99.9),
			 delay_hist_quantile(&all, 99.9));
	assert_int_equal(delay_hist_min(&merged), delay_hist_min(&all));
	assert_true(delay_hist_mean(&merged) == delay_hist_mean(&all));
}

/* The sum's carry across the merge: two halves of 2^64 - 1 each. */
static void
test_hist_merge_sum_carry(void **state)
{
	(void)state;
	delay_hist_init(&all);
	delay_hist_init(&part[0]);
	delay_hist_init(&part[1]);
	delay_hist_add(&all, UINT64_MAX);
	delay_hist_add(&all, UINT64_MAX);
	delay_hist_add(&part[0], UINT64_MAX);
	delay_hist_add(&part[1], UINT64_MAX);
	delay_hist_merge(&part[0], &part[1]);
	assert_memory_equal(&part[0], &all, sizeof(all));
	assert_int_equal(part[0].sum_hi_ns, 1);
	assert_int_equal(part[0].sum_lo_ns, UINT64_MAX - 1);
	/* an empty one changes nothing, into an empty one copies */
	delay_hist_init(&part[1]);
	delay_hist_merge(&part[0], &part[1]);
	assert_memory_equal(&part[0], &all, sizeof(all));
	delay_hist_merge(&part[1], &all);
	assert_memory_equal(&part[1], &all, sizeof(all));
}

static struct delay_ipdv ipdv, ipdv_b;

/*
 * Two streams through one receiver, interleaved frame by frame: stream
 * 0's delays rise by 10 ns a frame (100, 110, ...), stream 1's stay at
 * 500.  Stamped numbers are stream << 36 | k.  Per stream chains: 999
 * pairs of +10 and 999 of 0; min 0, max 10, median (1998 values: the
 * 999th and 1000th are 0 and 10) 5.  One chain for the receiver sees no
 * consecutive numbers at all.
 */
static void
test_ipdv_chains_per_stream(void **state)
{
	struct delay_ipdv_chain chain[2];
	uint64_t k;

	(void)state;
	memset(chain, 0, sizeof(chain));
	delay_ipdv_init(&ipdv);
	delay_ipdv_init(&ipdv_b);
	for (k = 0; k < 1000; k++) {
		uint64_t s0 = k, s1 = (UINT64_C(1) << 36) | k;

		delay_ipdv_chain_add(&ipdv, &chain[0], s0, 100 + 10 * k);
		delay_ipdv_chain_add(&ipdv, &chain[1], s1, 500);
		delay_ipdv_seq(&ipdv_b, s0, 100 + 10 * k);
		delay_ipdv_seq(&ipdv_b, s1, 500);
	}
	assert_int_equal(delay_ipdv_count(&ipdv), 1998);
	assert_int_equal(ipdv.pos.count, 1998);
	assert_int_equal(delay_ipdv_min(&ipdv), 0);
	assert_int_equal(delay_ipdv_max(&ipdv), 10);
	assert_int_equal(delay_ipdv_median(&ipdv), 5);
	assert_int_equal(delay_ipdv_count(&ipdv_b), 0);
}

/* One stream: a chain is delay_ipdv_seq with x's own state. */
static void
test_ipdv_chain_one_stream(void **state)
{
	struct delay_ipdv_chain chain;
	uint64_t s = 7, k, d;

	(void)state;
	memset(&chain, 0, sizeof(chain));
	delay_ipdv_init(&ipdv);
	delay_ipdv_init(&ipdv_b);
	for (k = 0; k < 5000; k++) {
		if (rnd(&s) % 10 == 0)
			continue;	/* lost: breaks the chain */
		d = 1000 + rnd(&s) % 3000;
		delay_ipdv_chain_add(&ipdv, &chain, k, d);
		delay_ipdv_seq(&ipdv_b, k, d);
	}
	assert_memory_equal(&ipdv.neg, &ipdv_b.neg, sizeof(ipdv.neg));
	assert_memory_equal(&ipdv.pos, &ipdv_b.pos, sizeof(ipdv.pos));
}

/*
 * One stream spread over two receivers by a hash of its number (as RSS
 * spreads RFC 4814 ports): each receiver's chain pairs frames k, k + 1
 * only when both landed on it.  Delay of frame k: 1000 + 3 (k mod 7),
 * so the difference of k, k + 1 is 3, or -18 when k + 1 is a multiple of
 * 7.  The expected pairs and their signs are counted here from the
 * placement; the receivers' IPDV, merged, must hold exactly them.
 */
static void
test_ipdv_spread_two_queues(void **state)
{
	struct delay_ipdv_chain chain[2];
	uint64_t s = 99, k, pos = 0, neg = 0;
	unsigned int where[20001];

	(void)state;
	memset(chain, 0, sizeof(chain));
	delay_ipdv_init(&ipdv);
	delay_ipdv_init(&ipdv_b);
	for (k = 0; k <= 20000; k++)
		where[k] = (unsigned int)(rnd(&s) & 1);
	for (k = 0; k < 20000; k++)
		if (where[k] == where[k + 1]) {
			if ((k + 1) % 7 == 0)
				neg++;
			else
				pos++;
		}
	for (k = 0; k <= 20000; k++)
		delay_ipdv_chain_add(where[k] ? &ipdv_b : &ipdv, &chain[where[k]],
				     k, 1000 + 3 * (k % 7));
	delay_ipdv_merge(&ipdv, &ipdv_b);
	assert_int_equal(ipdv.pos.count, pos);
	assert_int_equal(ipdv.neg.count, neg);
	assert_int_equal(delay_ipdv_max(&ipdv), 3);
	assert_int_equal(delay_ipdv_min(&ipdv), -18);
	assert_true(pos + neg > 9000 && pos + neg < 11000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hist_merge_equals_one),
		cmocka_unit_test(test_hist_merge_sum_carry),
		cmocka_unit_test(test_ipdv_chains_per_stream),
		cmocka_unit_test(test_ipdv_chain_one_stream),
		cmocka_unit_test(test_ipdv_spread_two_queues),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

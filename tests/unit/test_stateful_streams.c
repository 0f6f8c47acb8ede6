/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the RFC 9693 phases on several streams and RX queues
 * (stateful.h): the incremental enumeration (stateful_iter) against its
 * reference stateful_enum_at for every index, the streams' parts of phase
 * 1 (disjoint, together exactly the N frames' combinations), the state
 * table's per-queue parts (summed, joined), the Responder streams' picks
 * over the whole table, and both phases through a simulated NAT that
 * spreads its output over two RX queues by a hash, as RSS does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dutperf/stateful.h"
#include "dutperf/streams.h"

static const enum stateful_order orders[] = {
	STATEFUL_ORDER_INCREASING, STATEFUL_ORDER_DECREASING,
	STATEFUL_ORDER_RANDOM
};

/* Stream i of n: its k-th frame has the fields of the direction's frame
 * i + k n, and it stops after exactly streams_total(total, i, n). */
static void
check_iter(const struct stateful_enum *e, unsigned int n)
{
	uint16_t got[STATEFUL_NB_FIELDS], want[STATEFUL_NB_FIELDS];
	struct stateful_iter it;
	unsigned int i;
	uint64_t k;

	for (i = 0; i < n; i++) {
		stateful_iter_init(&it, e, i, n);
		for (k = 0; stateful_iter_next(&it, got); k++) {
			assert_true(i + k * n < e->total);
			stateful_enum_at(e, i + k * n, want);
			assert_memory_equal(got, want, sizeof(got));
		}
		assert_int_equal(k, streams_total(e->total, i, n));
		assert_false(stateful_iter_next(&it, got));
	}
}

/* Odd ranges in every field (none a power of two), a fixed field too. */
static void
test_iter_equals_enum(void **state)
{
	const uint16_t min[][STATEFUL_NB_FIELDS] = {
		{ 1024, 7, 3, 11 }, { 5, 1, 0, 40 }, { 65534, 0, 9, 9 },
	};
	const uint16_t max[][STATEFUL_NB_FIELDS] = {
		{ 1030, 17, 5, 11 }, { 5, 13, 2, 44 }, { 65535, 2, 9, 9 },
	};
	const unsigned int streams[] = { 1, 2, 3, 5, 7, 16 };
	struct stateful_enum e;
	unsigned int r, o, s;

	(void)state;
	for (r = 0; r < sizeof(min) / sizeof(min[0]); r++)
		for (o = 0; o < 3; o++) {
			assert_int_equal(stateful_enum_init(&e, orders[o], min[r],
							    max[r], 42 + r), 0);
			for (s = 0; s < sizeof(streams) / sizeof(streams[0]); s++)
				check_iter(&e, streams[s]);
		}
}

/*
 * The reciprocal division at its edges: ranges near 65536 (one prime)
 * whose product is close to 2^62, so the permutation's values use all of
 * the 64-bit path; 200000 frames of two streams against the reference.
 */
static void
test_iter_wide(void **state)
{
	const uint16_t min[STATEFUL_NB_FIELDS] = { 0, 0, 0, 1 };
	const uint16_t max[STATEFUL_NB_FIELDS] = { 65534, 65520, 65518, 16381 };
	uint16_t got[STATEFUL_NB_FIELDS], want[STATEFUL_NB_FIELDS];
	struct stateful_iter it;
	struct stateful_enum e;
	uint64_t k, high = 0;
	unsigned int i;

	(void)state;
	assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_RANDOM, min, max,
					    9), 0);
	assert_true(e.total > (1ULL << 61));
	for (i = 0; i < 2; i++) {
		stateful_iter_init(&it, &e, i, 2);
		for (k = 0; k < 100000; k++) {
			assert_true(stateful_iter_next(&it, got));
			stateful_enum_at(&e, i + 2 * k, want);
			assert_memory_equal(got, want, sizeof(got));
			high += stateful_enum_index(&e, i + 2 * k) >> 60 != 0;
		}
	}
	assert_true(high > 10000);	/* the values above 2^60 were tried */
	/* the decreasing order from the top: the first digits are the max */
	assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_DECREASING, min,
					    max, 9), 0);
	stateful_iter_init(&it, &e, 0, 3);
	assert_true(stateful_iter_next(&it, got));
	assert_memory_equal(got, max, sizeof(got));
	for (k = 1; k < 50000; k++) {
		assert_true(stateful_iter_next(&it, got));
		stateful_enum_at(&e, 3 * k, want);
		assert_memory_equal(got, want, sizeof(got));
	}
}

/* A combination as one number (fields of up to 7 bits here). */
static uint32_t
combo_key(const uint16_t v[STATEFUL_NB_FIELDS])
{
	return (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 |
	       (uint32_t)v[3] << 24;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Phase 1 of N frames over n streams, each stream sending its
 * streams_total(N, i, n) frames: the combinations sent are N different
 * ones, exactly those of frames 0..N-1 of the one-stream phase.
 */
static void
test_parts_cover(void **state)
{
	const uint16_t min[STATEFUL_NB_FIELDS] = { 3, 1, 0, 5 };
	const uint16_t max[STATEFUL_NB_FIELDS] = { 39, 27, 0, 5 };  /* 37 x 27 */
	const uint64_t frames[] = { 999, 998, 500, 1 };
	uint16_t v[STATEFUL_NB_FIELDS];
	uint32_t sent[999], ref[999];
	struct stateful_iter it;
	struct stateful_enum e;
	unsigned int o, f, i, n;
	uint64_t k, nb;

	(void)state;
	for (o = 0; o < 3; o++) {
		assert_int_equal(stateful_enum_init(&e, orders[o], min, max, 5), 0);
		assert_int_equal(e.total, 999);
		for (f = 0; f < 4; f++)
			for (n = 1; n <= 4; n++) {
				nb = 0;
				for (i = 0; i < n; i++) {
					stateful_iter_init(&it, &e, i, n);
					for (k = 0; k < streams_total(frames[f], i, n);
					     k++) {
						assert_true(stateful_iter_next(&it, v));
						sent[nb++] = combo_key(v);
					}
				}
				assert_int_equal(nb, frames[f]);
				for (k = 0; k < nb; k++) {
					stateful_enum_at(&e, k, v);
					ref[k] = combo_key(v);
				}
				qsort(sent, nb, sizeof(sent[0]), cmp_u32);
				qsort(ref, nb, sizeof(ref[0]), cmp_u32);
				for (k = 1; k < nb; k++)	/* disjoint */
					assert_true(sent[k - 1] < sent[k]);
				assert_memory_equal(sent, ref, nb * sizeof(sent[0]));
			}
	}
}

static struct stateful_tuple
tuple_n(uint32_t i)
{
	struct stateful_tuple t = {
		{ 198, 19, 0, 1 }, { 198, 19, 0, 2 }, (uint16_t)(i & 0xffff),
		(uint16_t)(i >> 16)
	};

	return t;
}

/* Parts of M = 10 per queue: summed (at most M), joined into part 0. */
static void
test_table_parts(void **state)
{
	struct stateful_tuple mem[3 * 10], t;
	struct stateful_table part[3];
	bool seen[16] = { false };
	uint32_t i, n;

	(void)state;
	stateful_table_split(part, 3, mem, 10);
	assert_int_equal(stateful_table_sum(part, 3), 0);
	for (i = 0; i < 4; i++)
		stateful_table_record(&part[0], (t = tuple_n(i), &t));
	for (i = 4; i < 8; i++)
		stateful_table_record(&part[2], (t = tuple_n(i), &t));
	assert_int_equal(stateful_table_sum(part, 3), 8);
	assert_int_equal(stateful_table_join(part, 3), 8);
	for (i = 0; i < 8; i++)
		assert_int_equal(part[0].entry[i].sport, i);
	assert_int_equal(stateful_table_count(&part[1]), 0);
	assert_int_equal(stateful_table_count(&part[2]), 0);
	/* joined again (a second phase 2): the same table */
	assert_int_equal(stateful_table_join(part, 3), 8);
	assert_int_equal(stateful_table_sum(part, 3), 8);

	/* more than M over the queues, one queue wrapping: M entries, each
	 * a recorded tuple, none twice */
	stateful_table_split(part, 3, mem, 10);
	for (i = 0; i < 13; i++)	/* wraps: keeps 3..12 */
		stateful_table_record(&part[1], (t = tuple_n(i), &t));
	for (i = 13; i < 16; i++)
		stateful_table_record(&part[0], (t = tuple_n(i), &t));
	assert_int_equal(stateful_table_count(&part[1]), 10);
	assert_int_equal(stateful_table_sum(part, 3), 10);
	n = stateful_table_join(part, 3);
	assert_int_equal(n, 10);
	assert_int_equal(stateful_table_count(&part[0]), 10);
	for (i = 0; i < n; i++) {
		uint16_t s = part[0].entry[i].sport;

		assert_true(s >= 3 && s < 16);
		assert_false(seen[s]);
		seen[s] = true;
	}
	/* one queue: split, record and join as the one table always was */
	stateful_table_split(part, 1, mem, 4);
	for (i = 0; i < 6; i++)
		stateful_table_record(&part[0], (t = tuple_n(i), &t));
	assert_int_equal(stateful_table_join(part, 1), 4);
	assert_int_equal(part[0].written, 6);
	assert_int_equal(part[0].entry[0].sport, 4);
}

/* The direction's frame j = i + k n is stream i's k-th: increasing picks
 * entry j mod count, decreasing count - 1 - (j mod count), as one stream
 * picks for frame j; random: stream 0 is the one-stream pick. */
static void
test_pick_streams(void **state)
{
	const uint32_t counts[] = { 1, 2, 7, 16, 1000 };
	const unsigned int streams[] = { 1, 2, 3, 16 };
	struct stateful_pick p[16], one;
	unsigned int c, s, i, n;
	uint32_t j, cnt, v;

	(void)state;
	for (c = 0; c < 5; c++)
		for (s = 0; s < 4; s++) {
			cnt = counts[c];
			n = streams[s];
			for (i = 0; i < n; i++)
				stateful_pick_stream(&p[i], CFG_VAR_INCREASING, cnt,
						     1, i, n);
			for (j = 0; j < 3 * cnt + n; j++)
				assert_int_equal(stateful_pick_next(&p[j % n]),
						 j % cnt);
			for (i = 0; i < n; i++)
				stateful_pick_stream(&p[i], CFG_VAR_DECREASING, cnt,
						     1, i, n);
			for (j = 0; j < 3 * cnt + n; j++)
				assert_int_equal(stateful_pick_next(&p[j % n]),
						 cnt - 1 - j % cnt);
			for (i = 0; i < n; i++)
				stateful_pick_stream(&p[i], CFG_VAR_FIXED, cnt, 1, i,
						     n);
			for (j = 0; j < 2 * n; j++)
				assert_int_equal(stateful_pick_next(&p[j % n]), 0);
			for (i = 0; i < n; i++)
				stateful_pick_stream(&p[i], CFG_VAR_RANDOM, cnt, 77,
						     i, n);
			stateful_pick_init(&one, CFG_VAR_RANDOM, cnt, 77);
			for (j = 0; j < 100; j++) {
				v = stateful_pick_next(&p[0]);
				assert_int_equal(v, stateful_pick_next(&one));
				if (n > 1)
					assert_true(stateful_pick_next(&p[n - 1]) <
						    cnt);
			}
		}
	/* two streams' random picks differ */
	stateful_pick_stream(&p[0], CFG_VAR_RANDOM, 1000000, 77, 0, 2);
	stateful_pick_stream(&p[1], CFG_VAR_RANDOM, 1000000, 77, 1, 2);
	for (j = 0, v = 0; j < 100; j++)
		v += stateful_pick_next(&p[0]) == stateful_pick_next(&p[1]);
	assert_true(v < 5);
}

/* ------------------------------------------------------ a simulated NAT */

/*
 * A NAT44 of a table of table_max connections: the Initiator's frame
 * (private address, sport, dport) gets the public source port
 * 20000 + (its connection's number) when it makes a new connection (the
 * table full: dropped), then leaves on RX queue hash(public port) mod nq
 * (all_on_q1: every frame on queue 1, the worst spread).  The Responder's
 * answer passes only when its destination port is a connection's public
 * port and its destination port is that connection's original dport.
 */
#define SIM_MAX 1024

struct sim_nat {
	uint32_t table_max, conns;
	uint16_t dport[SIM_MAX];	/* per connection: the original dport */
	uint32_t key[SIM_MAX];		/* per connection: sport, dport */
	uint32_t answered[SIM_MAX];
	bool all_on_q1;
};

static unsigned int
sim_nat_out(struct sim_nat *dut, const uint16_t v[STATEFUL_NB_FIELDS],
	    unsigned int nq, struct stateful_tuple *tu)
{
	uint32_t key = (uint32_t)v[STATEFUL_SPORT] << 16 | v[STATEFUL_DPORT];
	uint32_t c, h;

	for (c = 0; c < dut->conns; c++)
		assert_int_not_equal(dut->key[c], key);	/* no repeats */
	if (dut->conns == dut->table_max)
		return UINT32_MAX;		/* table full: dropped */
	c = dut->conns++;
	dut->key[c] = key;
	dut->dport[c] = v[STATEFUL_DPORT];
	memcpy(tu->src, (uint8_t[]){ 198, 19, 0, 1 }, 4);	/* public */
	memcpy(tu->dst, (uint8_t[]){ 198, 19, 0, 2 }, 4);
	tu->sport = (uint16_t)(20000 + c);
	tu->dport = v[STATEFUL_DPORT];
	h = (uint32_t)tu->sport * 0x9e3779b1u;
	return dut->all_on_q1 ? 1 : (h >> 16) % nq;
}

static void
sim_nat_answer(struct sim_nat *dut, const struct stateful_tuple *reply)
{
	uint32_t c = (uint32_t)reply->dport - 20000;

	assert_true(reply->dport >= 20000 && c < dut->conns);
	assert_int_equal(reply->sport, dut->dport[c]);
	assert_memory_equal(reply->dst, ((uint8_t[]){ 198, 19, 0, 1 }), 4);
	dut->answered[c]++;
}

/*
 * Both phases with n streams and nq RX queues: phase 1's N = 999 frames
 * (37 x 27 ports, order o) through the NAT into the queues' parts, their
 * sum recorded; phase 2 (connrate's validation: M frames, increasing)
 * from the joined table over n Responder streams: every connection
 * answered exactly once.
 */
static uint32_t
sim_phases(struct sim_nat *dut, enum stateful_order o, unsigned int n,
	   unsigned int nq, uint32_t m)
{
	const uint16_t min[STATEFUL_NB_FIELDS] = { 1024, 80, 0, 0 };
	const uint16_t max[STATEFUL_NB_FIELDS] = { 1060, 106, 0, 0 };
	static struct stateful_tuple mem[4 * SIM_MAX];
	struct stateful_table part[4];
	struct stateful_iter it[4];
	struct stateful_pick pick[4];
	uint16_t v[STATEFUL_NB_FIELDS];
	struct stateful_tuple tu, reply;
	struct stateful_enum e;
	uint32_t recorded, j, per_q[4] = { 0 }, count;
	unsigned int i, q;

	assert_int_equal(stateful_enum_init(&e, o, min, max, 3), 0);
	stateful_table_split(part, nq, mem, m);
	for (i = 0; i < n; i++)
		stateful_iter_init(&it[i], &e, i, n);
	/* the streams' frames interleaved as the wire merges them */
	for (j = 0; j < 999; j++) {
		assert_true(stateful_iter_next(&it[j % n], v));
		q = sim_nat_out(dut, v, nq, &tu);
		if (q == UINT32_MAX)
			continue;
		stateful_table_record(&part[q], &tu);
		per_q[q]++;
	}
	for (i = 0; i < n; i++)
		assert_false(stateful_iter_next(&it[i], v));
	for (q = 0; q < nq; q++)
		assert_int_equal(stateful_table_count(&part[q]), per_q[q]);
	recorded = stateful_table_sum(part, nq);
	count = stateful_table_join(part, nq);
	assert_int_equal(count, recorded);
	for (i = 0; i < n; i++)
		stateful_pick_stream(&pick[i], CFG_VAR_INCREASING, count, 1, i, n);
	for (i = 0; i < n; i++)
		for (j = 0; j < streams_total(count, i, n); j++) {
			stateful_table_reply(&part[0],
					     stateful_pick_next(&pick[i]), &reply);
			sim_nat_answer(dut, &reply);
		}
	for (j = 0; j < dut->conns && j < count; j++)
		assert_int_equal(dut->answered[j], 1);
	return recorded;
}

static void
test_sim_nat(void **state)
{
	static struct sim_nat dut;
	unsigned int o, n, nq;

	(void)state;
	for (o = 0; o < 3; o++)
		for (n = 1; n <= 4; n++)
			for (nq = 1; nq <= 4; nq++) {
				/* N = M = 999, the DUT holds them all */
				memset(&dut, 0, sizeof(dut));
				dut.table_max = SIM_MAX;
				assert_int_equal(sim_phases(&dut, orders[o], n, nq,
							    999), 999);
				/* a table of 600: 600 recorded (invalid phase 1) */
				memset(&dut, 0, sizeof(dut));
				dut.table_max = 600;
				assert_int_equal(sim_phases(&dut, orders[o], n, nq,
							    999), 600);
			}
	/* every frame on one queue of two: still the whole table */
	memset(&dut, 0, sizeof(dut));
	dut.table_max = SIM_MAX;
	dut.all_on_q1 = true;
	assert_int_equal(sim_phases(&dut, STATEFUL_ORDER_RANDOM, 2, 2, 999), 999);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_iter_equals_enum),
		cmocka_unit_test(test_iter_wide),
		cmocka_unit_test(test_parts_cover),
		cmocka_unit_test(test_table_parts),
		cmocka_unit_test(test_pick_streams),
		cmocka_unit_test(test_sim_nat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

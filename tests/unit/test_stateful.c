/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of stateful.h / stateful_proc.h (RFC 9693): the permutation
 * and enumeration, the state table and Responder frames (against a golden
 * frame whose checksums were computed apart, by a plain RFC 1071 sum in
 * Python), the [stateful] checks and keys (the procedures against
 * simulated stateful DUTs: test_stateful_proc.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "dutperf/stateful.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/sweep.h"
#include "dutperf/verdict.h"

#include "stateful_sim.h"

/* ------------------------------------------------------------ permutation */

/* Every value of [0, n) exactly once. */
static void
check_bijection(uint64_t n, uint64_t seed)
{
	struct stateful_perm p;
	uint8_t *seen = calloc(n, 1);
	uint64_t i, v, fixed = 0;

	assert_non_null(seen);
	assert_int_equal(stateful_perm_init(&p, n, seed), 0);
	for (i = 0; i < n; i++) {
		v = stateful_perm_at(&p, i);
		assert_true(v < n);
		assert_int_equal(seen[v], 0);
		seen[v] = 1;
		fixed += v == i;
	}
	/* a shuffle, not the identity: few fixed points (expected ~1) */
	if (n >= 1000)
		assert_true(fixed < 20);
	free(seen);
}

static void
test_perm_bijection(void **state)
{
	static const uint64_t sizes[] = {
		1, 2, 3, 4, 5, 7, 16, 17, 255, 1000, 4096, 65539, 400000
	};
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		check_bijection(sizes[i], 1);
		check_bijection(sizes[i], 0xdeadbeef);
	}
}

static void
test_perm_seed(void **state)
{
	struct stateful_perm a, b, c;
	uint64_t i, same = 0;

	(void)state;
	assert_int_equal(stateful_perm_init(&a, 100000, 42), 0);
	assert_int_equal(stateful_perm_init(&b, 100000, 42), 0);
	assert_int_equal(stateful_perm_init(&c, 100000, 43), 0);
	for (i = 0; i < 100000; i++) {
		assert_int_equal(stateful_perm_at(&a, i), stateful_perm_at(&b, i));
		same += stateful_perm_at(&a, i) == stateful_perm_at(&c, i);
	}
	assert_true(same < 20);
	/* O(1) memory, whatever n: up to 2^62 combinations */
	assert_true(sizeof(struct stateful_perm) <= 80);
	assert_int_equal(stateful_perm_init(&a, 1ULL << 62, 1), 0);
	assert_true(stateful_perm_at(&a, 12345) < (1ULL << 62));
	assert_int_equal(stateful_perm_init(&a, 0, 1), -EINVAL);
	assert_int_equal(stateful_perm_init(&a, (1ULL << 62) + 1, 1), -EINVAL);
}

/* ------------------------------------------------------------ enumeration */

static void
test_enum_orders(void **state)
{
	/* sport 10..12, dport 5..6, slices fixed: 6 combinations */
	const uint16_t min[STATEFUL_NB_FIELDS] = { 10, 5, 7, 9 };
	const uint16_t max[STATEFUL_NB_FIELDS] = { 12, 6, 7, 9 };
	const uint16_t want[6][2] = {
		{ 10, 5 }, { 11, 5 }, { 12, 5 }, { 10, 6 }, { 11, 6 }, { 12, 6 }
	};
	struct stateful_enum e;
	uint16_t v[STATEFUL_NB_FIELDS];
	bool seen[6] = { false };
	unsigned i;

	(void)state;
	assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_INCREASING, min, max,
					    1), 0);
	assert_int_equal(e.total, 6);
	for (i = 0; i < 6; i++) {
		stateful_enum_at(&e, i, v);
		assert_int_equal(v[0], want[i][0]);
		assert_int_equal(v[1], want[i][1]);
		assert_int_equal(v[2], 7);
		assert_int_equal(v[3], 9);
	}
	assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_DECREASING, min, max,
					    1), 0);
	for (i = 0; i < 6; i++) {
		stateful_enum_at(&e, i, v);
		assert_int_equal(v[0], want[5 - i][0]);
		assert_int_equal(v[1], want[5 - i][1]);
	}
	assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_RANDOM, min, max,
					    7), 0);
	for (i = 0; i < 6; i++) {
		stateful_enum_at(&e, i, v);
		assert_true(v[0] >= 10 && v[0] <= 12 && v[1] >= 5 && v[1] <= 6);
		assert_false(seen[(v[1] - 5) * 3 + v[0] - 10]);
		seen[(v[1] - 5) * 3 + v[0] - 10] = true;
	}
	{
		const uint16_t bad[STATEFUL_NB_FIELDS] = { 9, 6, 7, 9 };

		assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_RANDOM, min,
						    bad, 1), -EINVAL);
	}
}

/* siitperf's example: 40,000 source ports x 100 destination ports, all
 * 4 million combinations once each in pseudorandom order. */
static void
test_enum_random_big(void **state)
{
	const uint16_t min[STATEFUL_NB_FIELDS] = { 20000, 80, 0, 0 };
	const uint16_t max[STATEFUL_NB_FIELDS] = { 59999, 179, 0, 0 };
	struct stateful_enum e, e2;
	uint8_t *seen;
	uint16_t v[STATEFUL_NB_FIELDS], w[STATEFUL_NB_FIELDS];
	uint64_t i, k, in_order = 0;

	(void)state;
	assert_int_equal(stateful_enum_init(&e, STATEFUL_ORDER_RANDOM, min, max,
					    99), 0);
	assert_int_equal(stateful_enum_init(&e2, STATEFUL_ORDER_RANDOM, min, max,
					    99), 0);
	assert_int_equal(e.total, 4000000);
	seen = calloc(e.total / 8 + 1, 1);
	assert_non_null(seen);
	for (i = 0; i < e.total; i++) {
		stateful_enum_at(&e, i, v);
		k = (uint64_t)(v[1] - 80) * 40000 + (v[0] - 20000);
		assert_true(v[0] >= 20000 && v[0] <= 59999);
		assert_true(v[1] >= 80 && v[1] <= 179);
		assert_false(seen[k / 8] >> (k % 8) & 1);
		seen[k / 8] |= (uint8_t)(1 << (k % 8));
		in_order += k == i;
		if (i % 1000 == 0) {
			stateful_enum_at(&e2, i, w);
			assert_memory_equal(v, w, sizeof(v));
		}
	}
	assert_true(in_order < 20);
	free(seen);
}

/* ------------------------------------------------------------ state table */

static void
tuple(struct stateful_tuple *t, uint8_t last, uint16_t sport, uint16_t dport)
{
	const uint8_t pub[4] = { 203, 0, 113, 0 }, resp[4] = { 198, 19, 0, 2 };

	memcpy(t->src, pub, 4);
	t->src[3] = last;
	memcpy(t->dst, resp, 4);
	t->sport = sport;
	t->dport = dport;
}

static void
test_table(void **state)
{
	struct stateful_tuple mem[4], t, r;
	struct stateful_table tab;
	unsigned i;

	(void)state;
	stateful_table_init(&tab, mem, 4);
	assert_int_equal(stateful_table_count(&tab), 0);
	for (i = 0; i < 3; i++) {
		tuple(&t, (uint8_t)i, (uint16_t)(1000 + i), 53);
		stateful_table_record(&tab, &t);
	}
	assert_int_equal(stateful_table_count(&tab), 3);
	for (i = 3; i < 6; i++) {
		tuple(&t, (uint8_t)i, (uint16_t)(1000 + i), 53);
		stateful_table_record(&tab, &t);
	}
	/* full, wrapped: entries 0 and 1 hold the 5th and 6th tuples */
	assert_int_equal(stateful_table_count(&tab), 4);
	assert_int_equal(tab.written, 6);
	assert_int_equal(mem[0].sport, 1004);
	assert_int_equal(mem[1].sport, 1005);
	assert_int_equal(mem[2].sport, 1002);
	assert_int_equal(mem[3].sport, 1003);
	/* read back reversed */
	stateful_table_reply(&tab, 2, &r);
	assert_int_equal(r.sport, 53);
	assert_int_equal(r.dport, 1002);
	assert_int_equal(r.src[0], 198);
	assert_int_equal(r.src[3], 2);
	assert_int_equal(r.dst[0], 203);
	assert_int_equal(r.dst[3], 2);
	stateful_table_reset(&tab);
	assert_int_equal(stateful_table_count(&tab), 0);
}

static void
test_pick(void **state)
{
	struct stateful_pick p;
	unsigned seen[5] = { 0 };
	unsigned i, v;

	(void)state;
	stateful_pick_init(&p, CFG_VAR_INCREASING, 3, 1);
	assert_int_equal(stateful_pick_next(&p), 0);
	assert_int_equal(stateful_pick_next(&p), 1);
	assert_int_equal(stateful_pick_next(&p), 2);
	assert_int_equal(stateful_pick_next(&p), 0);
	stateful_pick_init(&p, CFG_VAR_DECREASING, 3, 1);
	assert_int_equal(stateful_pick_next(&p), 2);
	assert_int_equal(stateful_pick_next(&p), 1);
	assert_int_equal(stateful_pick_next(&p), 0);
	assert_int_equal(stateful_pick_next(&p), 2);
	stateful_pick_init(&p, CFG_VAR_FIXED, 3, 1);
	assert_int_equal(stateful_pick_next(&p), 0);
	assert_int_equal(stateful_pick_next(&p), 0);
	stateful_pick_init(&p, CFG_VAR_RANDOM, 5, 1);
	for (i = 0; i < 5000; i++) {
		v = stateful_pick_next(&p);
		assert_true(v < 5);
		seen[v]++;
	}
	for (i = 0; i < 5; i++)
		assert_true(seen[i] > 800 && seen[i] < 1200);
}

/* A frame the tester's generator would send: garbage addresses, ports and
 * checksums; payload 0..17. */
static void
template_frame(uint8_t *f)
{
	static const uint8_t head[42] = {
		0x02, 0, 0, 0, 0, 0x20, 0x02, 0, 0, 0, 1, 0x10, 0x08, 0x00,
		0x45, 0, 0, 46, 0x12, 0x34, 0, 0, 64, 17, 0xaa, 0xbb,
		10, 0, 0, 1, 198, 18, 0, 2,
		0x11, 0x11, 0x22, 0x22, 0, 26, 0xcc, 0xdd
	};
	unsigned i;

	memcpy(f, head, sizeof(head));
	for (i = 0; i < 18; i++)
		f[42 + i] = (uint8_t)i;
}

static void
test_responder_frame(void **state)
{
	struct stateful_tuple mem[1], t, r, back;
	struct stateful_table tab;
	uint8_t f[60], golden[60];

	(void)state;
	/* recorded: 203.0.113.7:40000 -> 198.19.0.2:53 */
	stateful_table_init(&tab, mem, 1);
	tuple(&t, 7, 40000, 53);
	stateful_table_record(&tab, &t);
	stateful_table_reply(&tab, 0, &r);
	template_frame(f);
	assert_int_equal(stateful_frame_apply(f, sizeof(f), &r), 0);
	/* the golden frame: 198.19.0.2:53 -> 203.0.113.7:40000, IPv4 header
	 * checksum 0x666e, UDP checksum 0x18d6 (Python, RFC 1071 sum) */
	template_frame(golden);
	memcpy(golden + 24, "\x66\x6e\xc6\x13\x00\x02\xcb\x00\x71\x07", 10);
	memcpy(golden + 34, "\x00\x35\x9c\x40\x00\x1a\x18\xd6", 8);
	assert_memory_equal(f, golden, sizeof(f));
	/* the receiver reads the tuple back */
	assert_int_equal(stateful_frame_tuple(f, sizeof(f), &back), 0);
	assert_memory_equal(back.src, r.src, 4);
	assert_memory_equal(back.dst, r.dst, 4);
	assert_int_equal(back.sport, 53);
	assert_int_equal(back.dport, 40000);
	/* not IPv4/UDP, or truncated: refused */
	f[23] = 6;
	assert_int_equal(stateful_frame_apply(f, sizeof(f), &r), -EINVAL);
	f[23] = 17;
	assert_int_equal(stateful_frame_apply(f, 50, &r), -EINVAL);
	f[12] = 0x86;
	f[13] = 0xdd;
	assert_int_equal(stateful_frame_tuple(f, sizeof(f), &back), -EINVAL);
}

/* A preliminary IPv6 frame (NAT64 Initiator): ports and the source slice
 * set, the UDP checksum computed anew (golden value from Python's plain
 * RFC 1071 sum over the RFC 8200 pseudo-header). */
static void
test_prelim_frame_v6(void **state)
{
	static const uint8_t src[16] = { 0x20, 0x01, 0, 2, [14] = 0xaa, 0xbb };
	static const uint8_t dst[16] = { 0x20, 0x01, 0, 2, 0, 0, 0, 0x64,
					 [15] = 5 };
	const uint16_t v[STATEFUL_NB_FIELDS] = { 1063, 100, 0x1234, 9 };
	uint8_t f[14 + 40 + 26] = { 0 };
	unsigned i;

	(void)state;
	f[12] = 0x86;
	f[13] = 0xdd;
	f[14] = 0x60;
	f[19] = 26;		/* payload length */
	f[20] = 17;
	f[21] = 64;
	memcpy(f + 22, src, 16);
	memcpy(f + 38, dst, 16);
	f[54] = 0x11;		/* ports and checksum: garbage */
	f[59] = 26;
	f[60] = 0xcc;
	for (i = 0; i < 18; i++)
		f[62 + i] = (uint8_t)i;
	assert_int_equal(stateful_frame_set(f, sizeof(f), v,
					    (1u << STATEFUL_SPORT) |
					    (1u << STATEFUL_DPORT) |
					    (1u << STATEFUL_SRC_SLICE)), 0);
	assert_int_equal(f[54] << 8 | f[55], 1063);
	assert_int_equal(f[56] << 8 | f[57], 100);
	assert_int_equal(f[36] << 8 | f[37], 0x1234);
	assert_int_equal(f[53], 5);		/* dst slice not asked for */
	assert_int_equal(f[60] << 8 | f[61], 0x603b);
}

/* A frame of test_prelim_frame_v6's shape (payload of plen bytes, odd
 * lengths too), checksums garbage. */
static size_t
v6_frame(uint8_t *f, size_t plen)
{
	memset(f, 0, 14 + 40 + 8 + plen);
	f[12] = 0x86;
	f[13] = 0xdd;
	f[14] = 0x60;
	f[19] = (uint8_t)(8 + plen);
	f[20] = 17;
	f[21] = 64;
	f[22] = 0x20;
	f[23] = 0x01;
	f[38] = 0x20;
	f[39] = 0x01;
	f[45] = 0x64;
	f[59] = (uint8_t)(8 + plen);
	return 14 + 40 + 8 + plen;
}

static uint16_t
rnd16(uint64_t *rs)
{
	*rs = *rs * 6364136223846793005ull + 1442695040888963407ull;
	return (uint16_t)(*rs >> 40);
}

/*
 * The senders' patch (RFC 1624 update of both checksums from the changed
 * words) against computing them anew: on frames made valid by
 * stateful_frame_set / _apply, random values for random fields give the
 * same bytes, IPv4 and IPv6, odd payload lengths too, until UDP checksums
 * that compute to 0 (sent as 0xffff) and back have been seen; an IPv4 UDP
 * checksum of 0 ("none") is computed anew.
 */
static void
test_frame_patch(void **state)
{
	static uint8_t fr[2][14 + 40 + 8 + 40];
	uint8_t *a, b[sizeof(fr[0])];
	uint16_t v[STATEFUL_NB_FIELDS];
	struct stateful_tuple tu;
	uint64_t rs = 0x2545f4914f6cdd1dull, n, ffff = 0;
	size_t len, f;
	unsigned vary;

	(void)state;
	for (n = 0; n < 3000000 && (n < 200000 || ffff < 4); n++) {
		bool v6 = n & 1;

		a = fr[v6];	/* each family's frame, patched on and on */

		if (n % 128 < 2) {	/* a fresh frame now and then */
			if (v6) {
				len = v6_frame(a, rnd16(&rs) % 41);
			} else {
				template_frame(a);
				len = 60;
			}
			for (f = 0; f < STATEFUL_NB_FIELDS; f++)
				v[f] = rnd16(&rs);
			assert_int_equal(stateful_frame_set(a, len, v, 15), 0);
		} else {
			len = v6 ? 14 + 40 + (size_t)(a[19]) : 60;
		}
		if (v6 && (a[19] < 8 || a[19] > 48))
			continue;
		memcpy(b, a, len);
		if (!v6 && n % 5 == 0) {
			tu.sport = rnd16(&rs);
			tu.dport = rnd16(&rs);
			for (f = 0; f < 4; f++) {
				tu.src[f] = (uint8_t)rnd16(&rs);
				tu.dst[f] = (uint8_t)rnd16(&rs);
			}
			assert_int_equal(stateful_frame_patch_tuple(a, len, &tu), 0);
			assert_int_equal(stateful_frame_apply(b, len, &tu), 0);
		} else {
			vary = rnd16(&rs) & 15;
			for (f = 0; f < STATEFUL_NB_FIELDS; f++)
				v[f] = rnd16(&rs);
			/* now and then a value that makes the UDP sum 0 */
			if (n % 7 == 0 && (vary & 1)) {
				uint8_t *u = a + (v6 ? 54 : 34);
				uint16_t ck = (uint16_t)(u[6] << 8 | u[7]);
				uint32_t t;

				/* the sum with sport s is ~ck - old + s: ~ck
				 * - old + s = 0xffff makes the checksum 0 */
				t = (uint32_t)(uint16_t)~ck + (uint16_t)~(u[0] << 8 | u[1]);
				t = (t & 0xffff) + (t >> 16);
				v[STATEFUL_SPORT] = (uint16_t)~t;
			}
			assert_int_equal(stateful_frame_patch(a, len, v, vary), 0);
			assert_int_equal(stateful_frame_set(b, len, v, vary), 0);
		}
		if (memcmp(a, b, len) != 0)
			fail_msg("case %" PRIu64 " (%s, %zu bytes): patched frame "
				 "differs from the one computed anew", n,
				 v6 ? "IPv6" : "IPv4", len);
		ffff += (v6 ? a[60] & a[61] : a[40] & a[41]) == 0xff;
	}
	assert_true(ffff >= 4);
	/* IPv4 without a UDP checksum: computed anew, not updated from 0 */
	a = fr[0];
	template_frame(a);
	assert_int_equal(stateful_frame_set(a, 60, v, 15), 0);
	a[40] = a[41] = 0;
	memcpy(b, a, 60);
	assert_int_equal(stateful_frame_patch(a, 60, v, 1), 0);
	assert_int_equal(stateful_frame_set(b, 60, v, 1), 0);
	assert_memory_equal(a, b, 60);
	assert_true((a[40] | a[41]) != 0);
}

/* ------------------------------------------------------------- parameters */

static void
expect_bad(const struct cfg *c, const char *needle1, const char *needle2)
{
	char err[CFG_ERR_LEN] = "";

	assert_int_equal(stateful_check(c, err, sizeof(err)), -EINVAL);
	if (strstr(err, needle1) == NULL || strstr(err, needle2) == NULL)
		fail_msg("\"%s\" lacks \"%s\" / \"%s\"", err, needle1, needle2);
}

static void
test_check(void **state)
{
	struct cfg *c = stateful_cfg();
	char err[CFG_ERR_LEN] = "";

	(void)state;
	assert_int_equal(stateful_check(c, err, sizeof(err)), 0);
	assert_int_equal(stateful_init_dir(c), CFG_FWD);
	/* default ranges: 64512 x 49151 combinations */
	assert_int_equal(stateful_combinations(c), 64512ULL * 49151);

	/* Responder not IPv4 */
	c->side[CFG_RIGHT].ip_version = 6;
	expect_bad(c, "[right] ip_version = 6", "Responder");
	c->st.initiator = CFG_RIGHT;		/* then left responds: IPv4 */
	assert_int_equal(stateful_check(c, err, sizeof(err)), 0);
	assert_int_equal(stateful_init_dir(c), CFG_REV);

	/* N cannot fill M */
	c = stateful_cfg();
	c->st.table_size = 4001;
	expect_bad(c, "[stateful] frames = 4000", "table_size = 4001");
	/* with background frames: 4000 - 4000 * 1 / 2 = 2000 foreground */
	c = stateful_cfg();
	c->m = 1;
	assert_int_equal(stateful_foreground(c), 2000);
	expect_bad(c, "2000 foreground", "table_size = 4000");
	c->st.table_size = 2000;
	assert_int_equal(stateful_check(c, err, sizeof(err)), 0);

	/* ranges too small for N: 50 x 60 = 3000 combinations */
	c = stateful_cfg();
	c->dir[CFG_FWD].sport.min = 1000;
	c->dir[CFG_FWD].sport.max = 1049;
	c->dir[CFG_FWD].dport.min = 1;
	c->dir[CFG_FWD].dport.max = 60;
	c->st.table_size = 3000;
	assert_int_equal(stateful_combinations(c), 3000);
	expect_bad(c, "[stateful] frames = 4000", "3000 port and address");
	c->dir[CFG_FWD].src_slice.mode = CFG_VAR_INCREASING;
	c->dir[CFG_FWD].src_slice.min = 1;
	c->dir[CFG_FWD].src_slice.max = 2;
	assert_int_equal(stateful_combinations(c), 6000);
	assert_int_equal(stateful_check(c, err, sizeof(err)), 0);
	/* a fixed port counts once */
	c->dir[CFG_FWD].dport.mode = CFG_VAR_FIXED;
	assert_int_equal(stateful_combinations(c), 100);

	/* D before the end of phase 1: 4000 / 4000 s + 1000 ms > 1999 ms */
	c = stateful_cfg();
	c->st.delay_ms = 1999;
	expect_bad(c, "[stateful] delay_ms = 1999", "1000 + 1000 ms");
	c->st.timeout_ms = 999;
	assert_int_equal(stateful_check(c, err, sizeof(err)), 0);
	c->st.rate_fps = 3999;
	expect_bad(c, "delay_ms", "rate_fps = 3999");
}

/* N / (TD - T0): 4000 connections in 0.5 s, 0.1 s for an empty table */
static void
test_teardown_rate(void **state)
{
	double r = 0;

	(void)state;
	assert_int_equal(stateful_teardown_rate(4000, 500000000, 100000000, 0, &r), 0);
	assert_true(r > 9999.999 && r < 10000.001);
	assert_int_equal(stateful_teardown_rate(4000, 100, 100, 0, &r), -ERANGE);
	assert_int_equal(stateful_teardown_rate(0, 200, 100, 0, &r), -ERANGE);
	/* TD - T0 = 400 ms: measurable above T0's 399 ms spread, not at 400 */
	r = 0;
	assert_int_equal(stateful_teardown_rate(4000, 500000000, 100000000,
						399999999, &r), 0);
	assert_true(r > 9999.999 && r < 10000.001);
	assert_int_equal(stateful_teardown_rate(4000, 500000000, 100000000,
						400000000, &r), -ERANGE);
}

/* The keys through the key table, as an INI file would set them. */
static void
test_keys(void **state)
{
	struct cfg c;
	char err[CFG_ERR_LEN];
	const struct cfg_key *k;

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(c.st.frames, STATEFUL_DEF_FRAMES);
	assert_int_equal(c.st.table_size, STATEFUL_DEF_TABLE);
	assert_int_equal(c.st.order, STATEFUL_ORDER_RANDOM);
	assert_true(c.st.repeat_preliminary);
	k = cfg_key_find("stateful", "initiator");
	assert_non_null(k);
	assert_int_equal(cfg_key_set(&c, k, "right", err, sizeof(err)), 0);
	assert_int_equal(c.st.initiator, CFG_RIGHT);
	assert_int_equal(cfg_key_set(&c, k, "middle", err, sizeof(err)), -EINVAL);
	k = cfg_key_find("stateful", "order");
	assert_int_equal(cfg_key_set(&c, k, "decreasing", err, sizeof(err)), 0);
	assert_int_equal(c.st.order, STATEFUL_ORDER_DECREASING);
	k = cfg_key_find("stateful", "frames");
	assert_int_equal(cfg_key_set(&c, k, "0", err, sizeof(err)), -EINVAL);
	k = cfg_key_find("stateful", "hook_trial");
	assert_int_equal(cfg_key_set(&c, k, "true", err, sizeof(err)), 0);
	assert_string_equal(c.st.hook_trial, "true");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perm_bijection),
		cmocka_unit_test(test_perm_seed),
		cmocka_unit_test(test_enum_orders),
		cmocka_unit_test(test_enum_random_big),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_pick),
		cmocka_unit_test(test_responder_frame),
		cmocka_unit_test(test_prelim_frame_v6),
		cmocka_unit_test(test_frame_patch),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_teardown_rate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

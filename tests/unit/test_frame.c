/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_frame: the builder against golden frames written by an independent
 * Python generator, and thousands of generated frames checked field by
 * field against an independent checksum.  With DUTPERF_PCAP_DIR set, also
 * writes pcaps for tests/integration/frames_pcap.sh.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dutperf/cli.h"
#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "pcap.h"
#include "../data/golden/golden_cases.h"
#include "frame_scen.h"

static uint8_t buf[FRAME_MAX_BUF_B];
static uint8_t gold[FRAME_MAX_BUF_B];

static void
golden_tx(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < GOLDEN_NB; i++) {
		const struct golden_case *g = &golden_cases[i];
		char name[64], err[256] = "";
		struct frame_gen gen;
		struct cfg c;
		int glen;
		uint16_t len;

		golden_cfg(&c, g);
		assert_int_equal(golden_gen_init(&gen, &c, g->dir, 99, err, sizeof(err)), 0);
		frame_gen_set_trial(&gen, g->trial);
		memset(buf, 0, sizeof(buf));
		len = frame_gen_next(&gen, buf, g->seq, g->ts, g->tagged);
		snprintf(name, sizeof(name), "%s_tx", g->name);
		glen = golden_read(name, gold, sizeof(gold));
		if (glen != len || memcmp(buf, gold, len) != 0) {
			int j;

			for (j = 0; j < len && j < glen; j++)
				if (buf[j] != gold[j])
					break;
			fail_msg("%s: len %u vs golden %d, first difference at byte %d",
				 name, len, glen, j);
		}
		assert_true(frame_gen_max_len(&gen) >= len);
	}
}

static void
golden_rx(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < GOLDEN_NB; i++) {
		const struct golden_case *g = &golden_cases[i];
		struct frame_rx_info info;
		char name[64], err[256] = "";
		struct frame_cls k;
		struct cfg c;
		enum frame_kind kind;
		int glen;

		golden_cfg(&c, g);
		assert_int_equal(golden_cls_init(&k, &c, g->dir, err, sizeof(err)), 0);
		snprintf(name, sizeof(name), "%s_rx", g->name);
		glen = golden_read(name, gold, sizeof(gold));
		assert_true(glen > 0);
		memset(&info, 0xee, sizeof(info));
		kind = frame_classify(&k, gold, (size_t)glen, &info);
		if (kind != FRAME_OURS)
			fail_msg("%s: %s", name, frame_kind_name(kind));
		assert_true(info.seq == g->seq);
		assert_true(info.ts == g->ts);
		assert_int_equal(info.trial_id, g->trial);
		assert_int_equal(info.tagged, g->tagged);
		assert_int_equal(info.background, g->bg);
		/* the frame as sent is not what this receiver expects unless
		 * nothing changes on the way (never: MACs change) */
		snprintf(name, sizeof(name), "%s_tx", g->name);
		glen = golden_read(name, gold, sizeof(gold));
		assert_int_not_equal(frame_classify(&k, gold, (size_t)glen, &info),
				     FRAME_OURS);
	}
}

static const struct scen scens[] = {
	{ "ipv4", 4, 4, 128, CFG_FWD, 2, 2, 4,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 2, 1001 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "ipv6", 6, 6, 84, CFG_REV, 2, 2, 3,
	  { CFG_VAR_INCREASING, 65530, 65535 }, { CFG_VAR_DECREASING, 1, 3 },
	  { CFG_VAR_RANDOM, 0, 65535 }, { CFG_VAR_RANDOM, 7, 7 } },
	{ "siit_fwd", 6, 4, 84, CFG_FWD, 10, 7, 5,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 100, 200 }, { CFG_VAR_FIXED, 0, 3 } },
	{ "siit_rev", 6, 4, 1518, CFG_REV, 3, 1, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_INCREASING, 1, 49151 },
	  { CFG_VAR_DECREASING, 10, 20 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "ipv4_fixed", 4, 4, 64, CFG_REV, 1, 1, 1,
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	/* compact stamp: IPv6 78 B, and IPv6 background among IPv4 80 B */
	{ "ipv6_78", 6, 6, 78, CFG_FWD, 2, 2, 3,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 0, 65535 }, { CFG_VAR_RANDOM, 7, 9 } },
	{ "ipv4_80_bg", 4, 4, 80, CFG_REV, 3, 2, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
};
#define SCEN_NB (sizeof(scens) / sizeof(scens[0]))

static bool
in16(uint16_t x, const struct cfg_var *v, uint16_t fixed)
{
	uint16_t lo, hi;

	port_range(v, fixed, &lo, &hi);
	return x >= lo && x <= hi;
}

/* Check address a (alen bytes) against base: slice within var (or equal
 * to base when fixed), network byte in [base, base+nets-1]. */
static void
check_addr(const uint8_t *a, const uint8_t *base, int alen,
	   const struct cfg_var *slice, int net_idx, uint16_t nets, uint32_t *net_seen)
{
	int i;

	for (i = 0; i < alen; i++) {
		if (i == net_idx && nets > 1) {
			assert_in_range(a[i], base[i], base[i] + nets - 1);
			*net_seen |= 1u << (a[i] - base[i]);
			continue;
		}
		if (i >= alen - 2 && slice->mode != CFG_VAR_FIXED)
			continue;
		assert_int_equal(a[i], base[i]);
	}
	if (slice->mode != CFG_VAR_FIXED)
		assert_in_range(golden_rd16(a + alen - 2), slice->min, slice->max);
}

static void
generated_frames(void **state)
{
	size_t si;

	(void)state;
	for (si = 0; si < SCEN_NB; si++) {
		const struct scen *s = &scens[si];
		const struct cfg_dir *dv;
		const struct cfg_side *snd, *rcv;
		struct frame_gen gen;
		struct cfg c;
		char err[256] = "";
		uint32_t i, net_seen = 0, compact_seen = 0, stamp_b;
		uint16_t prev_sport = 0;

		scen_cfg(&c, s);
		dv = &c.dir[s->dir];
		snd = &c.side[s->dir == CFG_FWD ? CFG_LEFT : CFG_RIGHT];
		rcv = &c.side[s->dir == CFG_FWD ? CFG_RIGHT : CFG_LEFT];
		if (golden_gen_init(&gen, &c, s->dir, 12345 + si, err, sizeof(err)))
			fail_msg("%s: %s", s->name, err);
		frame_gen_set_trial(&gen, (uint8_t)(si + 40));	/* masked to 0..31 */
		memset(buf, 0, sizeof(buf));
		for (i = 0; i < 20000; i++) {
			bool bg = i % s->n >= s->m, tagged = i % 7 == 0;
			uint8_t v = bg ? 6 : snd->ip_version;
			int alen = v == 4 ? 4 : 16, l3 = 14, l4 = v == 4 ? 34 : 54;
			const uint8_t *src_base = v == 4 ? snd->ipv4 : snd->ipv6;
			const uint8_t *dst_base;
			uint32_t exp_len = s->size_b - 4 -
				(v == 4 && s->left_v != s->right_v ? 20 : 0);
			uint16_t len, sp, dp;
			uint8_t flags;
			uint32_t j;

			if (bg)
				dst_base = rcv->ipv6;
			else if (rcv->ip_version == v)
				dst_base = v == 4 ? rcv->ipv4 : rcv->ipv6;
			else
				dst_base = v == 4 ? rcv->ipv4_virt : rcv->ipv6_virt;
			len = frame_gen_next(&gen, buf, i * 3ull, ~(uint64_t)i, tagged);
			assert_int_equal(len, exp_len);
			assert_int_equal(golden_verify(buf, len), v);
			assert_memory_equal(buf, snd->dut_mac, 6);
			assert_memory_equal(buf + 6, snd->mac, 6);
			check_addr(buf + l3 + (v == 4 ? 12 : 8), src_base, alen,
				   &dv->src_slice, -1, 1, &net_seen);
			check_addr(buf + l3 + (v == 4 ? 16 : 24), dst_base, alen,
				   &dv->dst_slice, v == 4 ? 2 : 7, s->nets, &net_seen);
			sp = golden_rd16(buf + l4);
			dp = golden_rd16(buf + l4 + 2);
			assert_true(in16(sp, &dv->sport, dv->sport_fixed));
			assert_true(in16(dp, &dv->dport, dv->dport_fixed));
			if (dv->sport.mode == CFG_VAR_INCREASING && i > 0)
				assert_int_equal(sp, prev_sport == dv->sport.max ?
						 dv->sport.min : prev_sport + 1);
			prev_sport = sp;
			flags = (uint8_t)((s->dir == CFG_REV) | bg << 1 | tagged << 2 |
					  ((si + 40) & 31) << 3);
			assert_int_equal(buf[l4 + 8], FRAME_MAGIC);
			assert_int_equal(buf[l4 + 9], flags);
			/* the timestamp's 2 low bits may move to keep the
			 * checksum off +-0 (frame_gen_next), never more */
			if (len - l4 - 8 >= FRAME_STAMP_B) {
				assert_true(golden_rd64(buf + l4 + 10) == i * 3ull);
				assert_true((golden_rd64(buf + l4 + 18) ^
					     ~(uint64_t)i) <= 3);
				stamp_b = FRAME_STAMP_B;
			} else {
				/* compact: 40-bit seq and ts (docs/frames.md) */
				assert_true(golden_rd40(buf + l4 + 10) == i * 3ull);
				assert_true((golden_rd40(buf + l4 + 15) ^
					     (~(uint64_t)i & 0xffffffffffull)) <= 3);
				assert_true(bg || v == 6);
				compact_seen++;
				stamp_b = FRAME_STAMP_COMPACT_B;
			}
			assert_true(golden_rd16(buf + l4 + 6) != 0xffff);
			for (j = (uint32_t)(l4 + 8 + stamp_b); j < len; j++)
				assert_int_equal(buf[j], 0);
		}
		if (s->nets > 1)	/* every network used */
			assert_int_equal(net_seen, (1u << s->nets) - 1);
		/* the compact stamp exactly where an IPv6 payload is short */
		assert_int_equal(compact_seen > 0, s->size_b < 84 &&
				 (s->left_v == 6 || s->n > s->m));
	}
}

static void
reproducible(void **state)
{
	static uint8_t a[FRAME_MAX_BUF_B], b[FRAME_MAX_BUF_B];
	struct frame_gen g1, g2, g3, fwd, rev;
	struct cfg c;
	char err[256];
	int i, same_seed_diff = 0, other_seed_diff = 0, same_ports = 0;

	(void)state;
	scen_cfg(&c, &scens[0]);
	c.dir[CFG_REV] = c.dir[CFG_FWD];
	assert_int_equal(golden_gen_init(&g1, &c, CFG_FWD, 7, err, sizeof(err)), 0);
	assert_int_equal(golden_gen_init(&g2, &c, CFG_FWD, 7, err, sizeof(err)), 0);
	assert_int_equal(golden_gen_init(&g3, &c, CFG_FWD, 8, err, sizeof(err)), 0);
	assert_int_equal(golden_gen_init(&fwd, &c, CFG_FWD, 9, err, sizeof(err)), 0);
	assert_int_equal(golden_gen_init(&rev, &c, CFG_REV, 9, err, sizeof(err)), 0);
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	for (i = 0; i < 1000; i++) {
		uint16_t la = frame_gen_next(&g1, a, (uint64_t)i, 0, false);
		uint16_t lb = frame_gen_next(&g2, b, (uint64_t)i, 0, false);

		same_seed_diff += la != lb || memcmp(a, b, la) != 0;
		lb = frame_gen_next(&g3, b, (uint64_t)i, 0, false);
		other_seed_diff += memcmp(a, b, la) != 0;
		frame_gen_next(&fwd, a, 0, 0, false);
		frame_gen_next(&rev, b, 0, 0, false);
		same_ports += golden_rd16(a + 34) == golden_rd16(b + 34);
	}
	assert_int_equal(same_seed_diff, 0);
	assert_true(other_seed_diff > 990);
	assert_true(same_ports < 10);	/* directions draw independently */
}

/* The UDP checksum over (pseudo-header with addresses a, b of alen bytes,
 * UDP segment with its checksum field taken as 0), computed naively. */
static uint16_t
naive_udp_cksum(const uint8_t *a, const uint8_t *b, size_t alen,
		const uint8_t *udp, size_t ulen)
{
	uint32_t s = golden_sum(a, alen, 0) + golden_sum(b, alen, 0) + 17 +
		     (uint32_t)ulen;

	s = golden_sum(udp, 6, s);
	s = golden_sum(udp + 8, ulen - 8, s);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

/*
 * Force a UDP sum of zero.  RFC 768 / 8200 would send 0xffff, which a
 * translator's incremental update may turn into 0x0000 (tayga does): the
 * generator moves the timestamp's low bits instead, so the frame carries a
 * checksum that is neither 0 nor 0xffff, and stays valid.
 */
static void
zero_cksum(void **state)
{
	int v;

	(void)state;
	for (v = 4; v <= 6; v += 2) {
		struct frame_gen g;
		struct cfg c;
		char err[256];
		uint16_t len, ck, s0, delta;
		int l4 = v == 4 ? 34 : 54;

		golden_cfg(&c, &golden_cases[v == 4 ? 0 : 2]);
		assert_int_equal(golden_gen_init(&g, &c, CFG_FWD, 1, err, sizeof(err)), 0);
		memset(buf, 0, sizeof(buf));
		len = frame_gen_next(&g, buf, 0, 0, false);
		ck = golden_rd16(buf + l4 + 6);
		s0 = (uint16_t)~ck;		/* folded sum with seq = 0 */
		delta = (uint16_t)(0xffff - s0);	/* seq's low word completes it */
		assert_int_equal(golden_gen_init(&g, &c, CFG_FWD, 1, err, sizeof(err)), 0);
		len = frame_gen_next(&g, buf, delta, 0, false);
		ck = golden_rd16(buf + l4 + 6);
		assert_true(ck != 0xffff && ck != 0);
		assert_true(golden_rd64(buf + l4 + 18) >= 1 && golden_rd64(buf + l4 + 18) <= 3);
		assert_int_equal(golden_verify(buf, len), v);
	}
}

/* The same after translation: SIIT 6-to-4 forward.  The checksum the IPv4
 * receiver sees (computed here from the translated addresses) must not be
 * +-0 either, and the frame itself stays valid. */
static void
zero_cksum_translated(void **state)
{
	const struct golden_case *gc = &golden_cases[4];	/* siit_fwd */
	struct frame_gen g;
	struct cfg c;
	char err[256];
	uint16_t len, ck4, delta;
	const int l4 = 54;
	const uint8_t *v4src, *v4dst;

	(void)state;
	assert_string_equal(gc->name, "siit_fwd");
	golden_cfg(&c, gc);
	v4src = c.side[CFG_LEFT].ipv4_virt;
	v4dst = c.side[CFG_RIGHT].ipv4;
	assert_int_equal(golden_gen_init(&g, &c, CFG_FWD, 1, err, sizeof(err)), 0);
	memset(buf, 0, sizeof(buf));
	len = frame_gen_next(&g, buf, 0, 0, false);
	ck4 = naive_udp_cksum(v4src, v4dst, 4, buf + l4, len - l4);
	/* seq's low word that makes the translated sum +-0 */
	delta = (uint16_t)(0xffff - (uint16_t)~ck4);
	assert_int_equal(golden_gen_init(&g, &c, CFG_FWD, 1, err, sizeof(err)), 0);
	len = frame_gen_next(&g, buf, delta, 0, false);
	assert_int_equal(golden_verify(buf, len), 6);
	ck4 = naive_udp_cksum(v4src, v4dst, 4, buf + l4, len - l4);
	assert_true(ck4 != 0);		/* computed 0: sent as 0xffff, or 0 */
	assert_true(golden_rd64(buf + l4 + 18) >= 1 && golden_rd64(buf + l4 + 18) <= 3);
	/* without the adjustment it would have been +-0: check the premise */
	buf[l4 + 18 + 7] = 0;
	assert_int_equal(naive_udp_cksum(v4src, v4dst, 4, buf + l4, len - l4), 0);
}

/* cfg_validate refuses c (and frame_spec_from_cfg too when spec_too). */
static void
refused_by_cfg(const struct cfg *c, enum cfg_dir_id d, bool spec_too)
{
	struct frame_spec s;
	char err[CFG_ERR_LEN] = "";

	assert_int_equal(cli_validate(c, err, sizeof(err)), -EINVAL);
	assert_true(err[0] != 0);
	if (spec_too)
		assert_int_equal(frame_spec_from_cfg(&s, c, d, err, sizeof(err)),
				 -EINVAL);
}

/* c passes cfg_validate; frame_spec_from_cfg refuses it saying want. */
static void
refused_by_spec(const struct cfg *c, enum cfg_dir_id d, const char *want)
{
	struct frame_spec s;
	char err[CFG_ERR_LEN] = "";

	if (cli_validate(c, err, sizeof(err)) != 0)
		fail_msg("cfg_validate: %s", err);
	assert_int_equal(frame_spec_from_cfg(&s, c, d, err, sizeof(err)), -EINVAL);
	if (strstr(err, want) == NULL)
		fail_msg("\"%s\" lacks \"%s\"", err, want);
}

/*
 * What a configuration may not ask of the frames, and who refuses it:
 * cfg_validate the rules on the frames sent, frame_spec_from_cfg those on
 * the addresses a translator delivers to and on fixed fields.
 * frame_gen_init and frame_cls_init take the checked struct frame_spec
 * and check nothing.
 */
static void
init_errors(void **state)
{
	struct frame_spec s;
	struct cfg c;
	char err[CFG_ERR_LEN];

	(void)state;
	/* background IPv6 frames do not fit in 64 bytes */
	golden_cfg_valid(&c);
	c.m = 1;
	refused_by_cfg(&c, CFG_FWD, false);
	/* translating with 64 bytes: IPv4 frame of 44 bytes */
	golden_cfg_valid(&c);
	c.side[CFG_LEFT].ip_version = 6;
	refused_by_cfg(&c, CFG_REV, false);
	/* networks past 255: 198.19.1.2 + 254 in byte 2 is fine, + 255 not */
	golden_cfg_valid(&c);
	c.side[CFG_RIGHT].ipv4[2] = 1;
	c.side[CFG_RIGHT].num_nets = 255;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	assert_int_equal(frame_spec_from_cfg(&s, &c, CFG_FWD, err, sizeof(err)), 0);
	c.side[CFG_RIGHT].num_nets = 256;
	refused_by_cfg(&c, CFG_FWD, true);
	/* IPv4 networks and a varying dst slice collide in byte 2 */
	golden_cfg_valid(&c);
	c.side[CFG_RIGHT].num_nets = 2;
	c.dir[CFG_FWD].dst_slice.mode = CFG_VAR_RANDOM;
	refused_by_cfg(&c, CFG_FWD, true);
	/* m > n, min > max */
	golden_cfg_valid(&c);
	c.m = 3;
	refused_by_cfg(&c, CFG_FWD, false);
	golden_cfg_valid(&c);
	c.dir[CFG_FWD].sport.min = 9;
	c.dir[CFG_FWD].sport.max = 8;
	refused_by_cfg(&c, CFG_FWD, false);

	/* SIIT 6 -> 4: networks vary byte 8 of the IPv6 destination sent,
	 * byte 3 of the IPv4 one that arrives */
	golden_cfg_valid(&c);
	c.side[CFG_LEFT].ip_version = 6;
	c.frame_size_b = 84;
	c.side[CFG_RIGHT].num_nets = 2;
	c.dir[CFG_FWD].dst_slice.mode = CFG_VAR_RANDOM;
	refused_by_spec(&c, CFG_FWD,
			"[right] num_nets = 2 and [forward] dst_slice_mode = random");
	c.dir[CFG_FWD].dst_slice.mode = CFG_VAR_FIXED;
	c.side[CFG_RIGHT].ipv4[2] = 250;
	c.side[CFG_RIGHT].num_nets = 10;
	refused_by_spec(&c, CFG_FWD,
			"[right] num_nets = 10 with [right] ipv4 = 198.19.250.2: byte 3");
	/* background frames go to the receiver's own IPv6 address */
	golden_cfg_valid(&c);
	c.frame_size_b = 84;
	c.m = 1;
	c.side[CFG_RIGHT].ipv6[7] = 250;
	c.side[CFG_RIGHT].num_nets = 10;
	refused_by_spec(&c, CFG_FWD,
			"[right] num_nets = 10 with [right] ipv6 = 2001:2:0:fa::2: byte 8");
	/* a fixed port ignores min and max; min > max was refused anyway */
	golden_cfg_valid(&c);
	c.dir[CFG_REV].sport.mode = CFG_VAR_FIXED;
	c.dir[CFG_REV].sport.min = 9;
	c.dir[CFG_REV].sport.max = 8;
	refused_by_spec(&c, CFG_REV,
			"[reverse] sport_min = 9 > sport_max = 8 (sport_mode = fixed)");
	assert_int_equal(frame_spec_from_cfg(&s, &c, CFG_NB_DIRS, err, sizeof(err)),
			 -EINVAL);
}

/* Patchable scenarios (n <= m): the fast path, the generic patch loop
 * (increasing ports, varying slices, several networks), translation. */
static const struct scen patch_scens[] = {
	{ "v4_drawn", 4, 4, 64, CFG_FWD, 1, 1, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "v4_fixed", 4, 4, 64, CFG_REV, 2, 2, 1,
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "v4_mixed", 4, 4, 128, CFG_FWD, 3, 3, 1,
	  { CFG_VAR_RANDOM, 7, 9 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "v6_drawn", 6, 6, 84, CFG_REV, 1, 1, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "siit_6to4", 6, 4, 84, CFG_FWD, 1, 1, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "siit_4to6", 6, 4, 1518, CFG_REV, 2, 2, 1,
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "v4_incr", 4, 4, 64, CFG_FWD, 1, 1, 1,
	  { CFG_VAR_INCREASING, 65530, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "v4_slices_nets", 4, 4, 64, CFG_FWD, 1, 1, 4,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_DECREASING, 1, 3 },
	  { CFG_VAR_RANDOM, 2, 1001 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "siit_slices", 6, 4, 84, CFG_FWD, 1, 1, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 100, 200 }, { CFG_VAR_FIXED, 0, 3 } },
	/* compact stamp: the ports-only burst and the generic loop */
	{ "v6_78_drawn", 6, 6, 78, CFG_REV, 1, 1, 1,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } },
	{ "v6_83_slices", 6, 6, 83, CFG_FWD, 1, 1, 2,
	  { CFG_VAR_INCREASING, 1, 3 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 100, 200 }, { CFG_VAR_FIXED, 0, 3 } },
};
#define PATCH_SCEN_NB (sizeof(patch_scens) / sizeof(patch_scens[0]))
#define PATCH_BUFS 64
#define PATCH_FRAMES 1000000

static uint64_t
xorshift64(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * frame_gen_patch, as the sender runs it on a prefilled pool, writes the
 * same bytes as frame_gen_next: two generators with one seed, bursts of
 * random sizes and tag masks into rotating prefilled buffers; a checksum
 * of +-0 (the timestamp is moved) happens dozens of times per scenario.
 */
static void
patch_equals_next(void **state)
{
	static uint8_t pool[PATCH_BUFS][FRAME_MAX_BUF_B];
	size_t si;

	(void)state;
	for (si = 0; si < PATCH_SCEN_NB; si++) {
		const struct scen *s = &patch_scens[si];
		struct frame_gen a, b, fill;
		uint8_t *bufs[PATCH_BUFS];
		uint64_t rnd = 0x9e3779b97f4a7c15ull + si, seq, moved = 0;
		uint64_t done = 0;
		struct cfg c;
		char err[256];
		uint16_t len = 0;
		unsigned int i, at = 0;
		/* the sender's UDP header: after IPv4 or IPv6 */
		uint8_t v = s->dir == CFG_FWD ? s->left_v : s->right_v;
		size_t l4 = v == 4 ? 34 : 54;

		scen_cfg(&c, s);
		assert_int_equal(golden_gen_init(&a, &c, s->dir, 42 + si, err, sizeof(err)), 0);
		assert_int_equal(golden_gen_init(&b, &c, s->dir, 42 + si, err, sizeof(err)), 0);
		assert_true(frame_gen_patchable(&b));
		frame_gen_set_trial(&a, (uint8_t)(si + 3));
		frame_gen_set_trial(&b, (uint8_t)(si + 3));
		/* the pool: stale bytes first, then one frame each (engine) */
		fill = b;
		for (i = 0; i < PATCH_BUFS; i++) {
			memset(pool[i], 0xa5, sizeof(pool[i]));
			memset(pool[i], 0, frame_gen_max_len(&fill));
			len = frame_gen_next(&fill, pool[i], i, 0, false);
		}
		seq = xorshift64(&rnd) >> 20;
		while (done < PATCH_FRAMES) {
			unsigned int n = (unsigned int)(xorshift64(&rnd) % PATCH_BUFS) + 1;
			uint64_t ts = xorshift64(&rnd);
			uint64_t mask = (xorshift64(&rnd) & 7) == 0 ? xorshift64(&rnd) : 0;

			for (i = 0; i < n; i++)
				bufs[i] = pool[(at + i) % PATCH_BUFS];
			frame_gen_patch(&b, bufs, n, seq, ts, mask);
			for (i = 0; i < n; i++) {
				assert_int_equal(frame_gen_next(&a, buf, seq + i, ts,
								mask >> i & 1), len);
				if (memcmp(buf, bufs[i], len) != 0)
					fail_msg("%s: frame %" PRIu64 " differs", s->name,
						 seq + i);
				moved += golden_rd64(buf + l4 + 18) != ts;
			}
			at = (at + n) % PATCH_BUFS;
			seq += n;
			done += n;
		}
		/* the +-0 checksum path ran (about 1 in 32768 to 65536) */
		assert_true(moved > 0);
	}
}

/* The pcap writer: header and records byte for byte. */
static void
pcap_writer(void **state)
{
	char path[] = "/tmp/test_frame_pcapXXXXXX", err[256];
	uint8_t f[3] = { 1, 2, 3 }, got[128];
	uint32_t w[6];
	struct pcap_wr pw;
	FILE *fp;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(pcap_wr_open(&pw, path, err, sizeof(err)), 0);
	assert_int_equal(pcap_wr_write(&pw, f, 3, 1500000123456ull), 0);
	assert_int_equal(pcap_wr_close(&pw), 0);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	assert_int_equal(fread(got, 1, sizeof(got), fp), 24 + 16 + 3);
	fclose(fp);
	unlink(path);
	memcpy(w, got, 24);
	assert_int_equal(w[0], 0xa1b2c3d4);
	assert_int_equal(w[1], 2 | 4 << 16);	/* version 2.4 (host order) */
	assert_int_equal(w[4], 65535);
	assert_int_equal(w[5], 1);
	memcpy(w, got + 24, 16);
	assert_int_equal(w[0], 1500);
	assert_int_equal(w[1], 123);
	assert_int_equal(w[2], 3);
	assert_int_equal(w[3], 3);
	assert_memory_equal(got + 40, f, 3);
	assert_int_equal(pcap_wr_open(&pw, "/nonexistent/x.pcap", err, sizeof(err)), -ENOENT);
}

/* DUTPERF_PCAP_DIR: pcaps of generated frames for tshark. */
static void
write_pcaps(void **state)
{
	const char *dir = getenv("DUTPERF_PCAP_DIR");
	size_t si;

	/* ipv4, ipv6, siit_fwd, siit_rev, ipv6_78, ipv4_80_bg (compact) */
	static const size_t pick[] = { 0, 1, 2, 3, 5, 6 };

	(void)state;
	if (!dir)
		skip();
	for (si = 0; si < sizeof(pick) / sizeof(pick[0]); si++) {
		const struct scen *s = &scens[pick[si]];
		const struct cfg_dir *dv;
		struct frame_gen gen;
		struct pcap_wr pw;
		struct cfg c;
		char path[1024], err[256];
		uint16_t lo, hi;
		FILE *f;
		int i, count = 3000;

		scen_cfg(&c, s);
		dv = &c.dir[s->dir];
		assert_int_equal(golden_gen_init(&gen, &c, s->dir, 1 + si, err, sizeof(err)), 0);
		snprintf(path, sizeof(path), "%s/%s.pcap", dir, s->name);
		if (pcap_wr_open(&pw, path, err, sizeof(err)))
			fail_msg("%s", err);
		memset(buf, 0, sizeof(buf));
		for (i = 0; i < count; i++) {
			uint16_t len = frame_gen_next(&gen, buf, (uint64_t)i, 0, false);

			assert_int_equal(pcap_wr_write(&pw, buf, len, (uint64_t)i * 1000), 0);
		}
		assert_int_equal(pcap_wr_close(&pw), 0);
		snprintf(path, sizeof(path), "%s/%s.ranges", dir, s->name);
		f = fopen(path, "w");
		assert_non_null(f);
		port_range(&dv->sport, dv->sport_fixed, &lo, &hi);
		fprintf(f, "frames %d\nsport %u %u\n", count, lo, hi);
		port_range(&dv->dport, dv->dport_fixed, &lo, &hi);
		fprintf(f, "dport %u %u\n", lo, hi);
		assert_int_equal(fclose(f), 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(golden_tx),
		cmocka_unit_test(golden_rx),
		cmocka_unit_test(generated_frames),
		cmocka_unit_test(reproducible),
		cmocka_unit_test(zero_cksum),
		cmocka_unit_test(zero_cksum_translated),
		cmocka_unit_test(init_errors),
		cmocka_unit_test(patch_equals_next),
		cmocka_unit_test(pcap_writer),
		cmocka_unit_test(write_pcaps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

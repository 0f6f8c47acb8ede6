/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_frame_diff: frame_classify (the receiver's fast path) against
 * frame_classify_ref (the plain reading of the rules) on about a million
 * frames as the receiver gets them, valid and mutated: the verdicts and
 * what they read must agree.
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
#include <sys/mman.h>

#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "pcap.h"
#include "../data/golden/golden_cases.h"
#include "frame_scen.h"

/*
 * Frames as the receiver gets them (deliver: the last hop's MACs, TTL - 1,
 * a stateless translation when the foreground crosses families), then
 * mutated; the fast path must never change a verdict nor info.
 */
struct diff_scen {
	struct scen s;
	bool promisc;
	uint16_t pad_b;		/* Ethernet padding after the IP packet */
	uint32_t cases;
	bool host0;		/* the receiver's IPv4 address ends in .0 */
};

static const struct diff_scen diff_scens[] = {
	{ { "d_ipv4_64", 4, 4, 64, CFG_FWD, 2, 2, 1,
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } }, false, 0, 150000 },
	{ { "d_ipv4_128_bg", 4, 4, 128, CFG_REV, 3, 2, 4,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	    { CFG_VAR_RANDOM, 2, 1001 }, { CFG_VAR_FIXED, 0, 0 } }, true, 0, 100000,
	  true },
	{ { "d_ipv4_pad", 4, 4, 64, CFG_REV, 1, 1, 2,
	    { CFG_VAR_INCREASING, 100, 103 }, { CFG_VAR_FIXED, 0, 0 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } }, false, 6, 80000 },
	{ { "d_ipv6_84", 6, 6, 84, CFG_FWD, 2, 2, 3,
	    { CFG_VAR_INCREASING, 65530, 65535 }, { CFG_VAR_DECREASING, 1, 3 },
	    { CFG_VAR_RANDOM, 0, 65535 }, { CFG_VAR_RANDOM, 7, 9 } }, false, 0, 100000 },
	{ { "d_ipv6_1518", 6, 6, 1518, CFG_REV, 2, 1, 1,
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_RANDOM, 1, 2 } }, true, 0, 40000 },
	{ { "d_siit_6to4_fwd", 6, 4, 84, CFG_FWD, 10, 7, 5,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	    { CFG_VAR_RANDOM, 100, 200 }, { CFG_VAR_FIXED, 0, 3 } }, false, 0, 120000 },
	{ { "d_siit_4to6_rev", 6, 4, 1518, CFG_REV, 3, 1, 1,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_INCREASING, 1, 49151 },
	    { CFG_VAR_DECREASING, 10, 20 }, { CFG_VAR_FIXED, 0, 0 } }, false, 0, 40000 },
	{ { "d_siit_4to6_fwd", 4, 6, 128, CFG_FWD, 2, 1, 1,
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_RANDOM, 5, 6 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_RANDOM, 3, 300 } }, true, 4, 100000 },
	{ { "d_siit_6to4_rev", 4, 6, 84, CFG_REV, 1, 1, 3,
	    { CFG_VAR_RANDOM, 1, 2 }, { CFG_VAR_FIXED, 0, 0 },
	    { CFG_VAR_RANDOM, 0, 65535 }, { CFG_VAR_FIXED, 0, 0 } }, true, 0, 100000 },
	{ { "d_siit_6to4_1518", 6, 4, 1518, CFG_FWD, 2, 2, 1,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } }, false, 0, 40000 },
	{ { "d_ipv4_1518_bg", 4, 4, 1518, CFG_FWD, 5, 3, 8,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	    { CFG_VAR_RANDOM, 1, 65535 }, { CFG_VAR_FIXED, 0, 0 } }, false, 0, 40000 },
	{ { "d_ipv6_odd", 6, 6, 91, CFG_FWD, 1, 1, 1,
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } }, false, 1, 100000 },
	/* compact stamp: IPv6 78 B, odd 81 B padded, IPv6 background 82 B */
	{ { "d_ipv6_78", 6, 6, 78, CFG_FWD, 2, 2, 3,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	    { CFG_VAR_RANDOM, 0, 65535 }, { CFG_VAR_RANDOM, 7, 9 } }, false, 0, 100000 },
	{ { "d_ipv6_81_pad", 6, 6, 81, CFG_REV, 1, 1, 1,
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_INCREASING, 1, 3 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } }, true, 3, 60000 },
	{ { "d_ipv4_82_bg", 4, 4, 82, CFG_REV, 3, 2, 1,
	    { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	    { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 } }, false, 0, 60000 },
};
#define DIFF_NB (sizeof(diff_scens) / sizeof(diff_scens[0]))

/* Low 16 bits of address a (alen bytes) from the sent one when the slice
 * varies; the network byte moves by as much as it did on the wire. */
static void
carry_over(uint8_t *a, size_t alen, const uint8_t *sent, size_t sent_alen,
	   const struct cfg_var *slice)
{
	if (slice->mode != CFG_VAR_FIXED)
		memcpy(a + alen - 2, sent + sent_alen - 2, 2);
}

/*
 * in (len bytes, as frame_gen_next wrote it for direction d of c) as the
 * receiver gets it, into out; returns the new length.
 */
static uint16_t
deliver(const struct cfg *c, enum cfg_dir_id d, const uint8_t *in,
	uint16_t len, uint8_t *out)
{
	const struct cfg_side *snd = &c->side[d == CFG_FWD ? CFG_LEFT : CFG_RIGHT];
	const struct cfg_side *rcv = &c->side[d == CFG_FWD ? CFG_RIGHT : CFG_LEFT];
	const struct cfg_dir *dv = &c->dir[d];
	uint8_t vt = in[14] >> 4, vr;
	size_t at = vt == 4 ? 4 : 16, ar, l4t = vt == 4 ? 34 : 54, l4r;
	const uint8_t *st = in + (vt == 4 ? 26 : 22), *dt = st + at;
	uint16_t ulen = (uint16_t)(len - l4t);
	uint8_t *sr, *dr;
	int ni_t = vt == 4 ? 2 : 7, ni_r;

	vr = (in[l4t + 9] & FRAME_FLAG_BG) ? 6 : rcv->ip_version;
	memcpy(out, rcv->mac, 6);
	memcpy(out + 6, rcv->dut_mac, 6);
	if (vr == vt) {
		memcpy(out + 12, in + 12, (size_t)len - 12);
		out[vt == 4 ? 22 : 21]--;	/* TTL, hop limit */
		golden_fix_cksums(out, len);
		return len;
	}
	ar = vr == 4 ? 4 : 16;
	l4r = vr == 4 ? 34 : 54;
	ni_r = vr == 4 ? 2 : 7;
	memset(out + 12, 0, l4r - 12);
	if (vr == 4) {
		golden_put16(out + 12, 0x0800);
		out[14] = 0x45;
		golden_put16(out + 16, (uint16_t)(20 + ulen));
		out[20] = 0x40;			/* DF, as a translator sets */
		out[22] = 63;
		out[23] = 17;
		sr = out + 26;
		memcpy(sr, snd->ipv4_virt, 4);
		memcpy(sr + 4, rcv->ipv4, 4);
	} else {
		golden_put16(out + 12, 0x86dd);
		out[14] = 0x60;
		golden_put16(out + 18, ulen);
		out[20] = 17;
		out[21] = 63;
		sr = out + 22;
		memcpy(sr, snd->ipv6_virt, 16);
		memcpy(sr + 16, rcv->ipv6, 16);
	}
	dr = sr + ar;
	carry_over(sr, ar, st, at, &dv->src_slice);
	carry_over(dr, ar, dt, at, &dv->dst_slice);
	if (rcv->num_nets > 1) {
		const uint8_t *tb = vt == 4 ? (vt == snd->ip_version ?
					       rcv->ipv4_virt : rcv->ipv4) :
					      (vt == rcv->ip_version ?
					       rcv->ipv6 : rcv->ipv6_virt);

		dr[ni_r] = (uint8_t)(dr[ni_r] + (uint8_t)(dt[ni_t] - tb[ni_t]));
	}
	memcpy(out + l4r, in + l4t, ulen);
	golden_fix_cksums(out, l4r + ulen);
	return (uint16_t)(l4r + ulen);
}

static void
diff_cfg(struct cfg *c, const struct diff_scen *ds)
{
	scen_cfg(c, &ds->s);
	c->promisc = ds->promisc;
	c->jumbo = false;
	if (ds->host0)	/* the byte beside IPv4's network byte is 0 */
		c->side[ds->s.dir == CFG_FWD ? CFG_RIGHT : CFG_LEFT].ipv4[3] = 0;
}

/* The end of a buffer followed by an inaccessible page: a frame copied
 * to end - len makes any read past it fault. */
static uint8_t *
guard_end(void)
{
	static uint8_t *end;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t n = (FRAME_MAX_BUF_B + 64 + pg - 1) / pg * pg;
	uint8_t *p;

	if (end != NULL)
		return end;
	p = mmap(NULL, n + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	assert_true(p != MAP_FAILED);
	assert_int_equal(mprotect(p + n, pg, PROT_NONE), 0);
	end = p + n;
	return end;
}

/* Classify with both; kinds and (for FRAME_OURS) info must agree. */
static enum frame_kind
diff_one(const struct frame_cls *k, const uint8_t *b, size_t len,
	 const char *name, uint32_t i, int mode)
{
	struct frame_rx_info a, r;
	enum frame_kind ka, kr;

	memset(&a, 0x5a, sizeof(a));
	memset(&r, 0x5a, sizeof(r));
	ka = frame_classify(k, b, len, &a);
	kr = frame_classify_ref(k, b, len, &r);
	if (ka != kr)
		fail_msg("%s case %u mode %d len %zu: fast %s, reference %s", name,
			 i, mode, len, frame_kind_name(ka), frame_kind_name(kr));
	if (ka == FRAME_OURS &&
	    (a.seq != r.seq || a.ts != r.ts || a.trial_id != r.trial_id ||
	     a.background != r.background || a.tagged != r.tagged))
		fail_msg("%s case %u mode %d: info differs", name, i, mode);
#ifdef FRAME_WIDE
	/* the wide path (AVX-512) where this CPU has it: the same again */
	if (frame_wide_ok()) {
		memset(&a, 0x5a, sizeof(a));
		ka = frame_wide_call(k, b, len, &a, 0, false);
		if (ka != kr)
			fail_msg("%s case %u mode %d len %zu: wide %s, reference %s",
				 name, i, mode, len, frame_kind_name(ka),
				 frame_kind_name(kr));
		if (ka == FRAME_OURS &&
		    (a.seq != r.seq || a.ts != r.ts || a.trial_id != r.trial_id ||
		     a.background != r.background || a.tagged != r.tagged))
			fail_msg("%s case %u mode %d: wide info differs", name,
				 i, mode);
	}
#endif
	return ka;
}

/* The valid frame b: ours on the fast paths themselves (not through the
 * reference), info as the reference's. */
static void
diff_fast_ours(const struct frame_cls *k, const uint8_t *b, size_t len,
	       uint64_t seq, uint32_t *bg_seen)
{
	struct frame_rx_info info;

	memset(&info, 0, sizeof(info));
	assert_int_equal(frame_classify_fast(k, b, len, &info), FRAME_OURS);
	assert_true(info.seq == seq);
	*bg_seen += info.background;
#ifdef FRAME_WIDE
	if (frame_wide_ok()) {
		memset(&info, 0, sizeof(info));
		assert_int_equal(frame_wide_call(k, b, len, &info, 0, true),
				 FRAME_OURS);
		assert_true(info.seq == seq);
	}
#endif
}

/*
 * With the UDP checksum field 0, change the timestamp's low word so that
 * the segment still sums to 0xffff: a frame whose checksum computed to 0
 * and was sent as 0 (right for "no checksum" in IPv4, bad in IPv6).
 */
static void
zero_field_sums_right(uint8_t *b, size_t len)
{
	size_t l4 = golden_rd16(b + 12) == 0x0800 ? 34 : 54;
	uint16_t ulen = golden_rd16(b + l4 + 4);
	uint32_t w;

	/* the timestamp's low word: the stamp's last two bytes */
	size_t ts_lo = l4 + 8 + (ulen < 8 + FRAME_STAMP_B ?
				 FRAME_STAMP_COMPACT_B : FRAME_STAMP_B) - 2;

	if (ulen < 8 + FRAME_STAMP_COMPACT_B || ulen > len - l4)
		return;
	w = golden_rd16(b + ts_lo) + (0xffff - golden_udp_sum(b, l4, ulen));
	w = (w & 0xffff) + (w >> 16);
	golden_put16(b + ts_lo, (uint16_t)w);
}

/*
 * A varying field (a port, a slice, the network byte) of frame b set to
 * an end of its range or just past it: the range checks decide.
 */
static void
edge_field(uint8_t *b, const struct cfg *c, enum cfg_dir_id d, uint64_t *rs)
{
	const struct cfg_dir *dv = &c->dir[d];
	const struct cfg_side *rcv = &c->side[d == CFG_FWD ? CFG_RIGHT : CFG_LEFT];
	bool v4 = golden_rd16(b + 12) == 0x0800;
	size_t alen = v4 ? 4 : 16, src = v4 ? 26 : 22, dst = src + alen;
	uint32_t r = golden_rnd(rs), pick = (r >> 8) & 3;
	uint16_t lo, hi, edge[4];
	size_t off;

	switch (r % 5) {
	case 0:
		port_range(&dv->sport, dv->sport_fixed, &lo, &hi);
		off = dst + alen;
		break;
	case 1:
		port_range(&dv->dport, dv->dport_fixed, &lo, &hi);
		off = dst + alen + 2;
		break;
	case 2:
		lo = dv->src_slice.min;
		hi = dv->src_slice.max;
		off = src + alen - 2;
		break;
	case 3:
		lo = dv->dst_slice.min;
		hi = dv->dst_slice.max;
		off = dst + alen - 2;
		break;
	default: {	/* network byte: base - 1, base, last, last + 1 */
		size_t ni = v4 ? 2 : 7;
		uint8_t base = v4 ? rcv->ipv4[ni] : rcv->ipv6[ni];

		b[dst + ni] = (uint8_t)(base + (pick == 0 ? -1 : pick == 1 ? 0 :
					       pick == 2 ? rcv->num_nets - 1 :
					       rcv->num_nets));
		return;
	}
	}
	edge[0] = (uint16_t)(lo - 1);
	edge[1] = lo;
	edge[2] = hi;
	edge[3] = (uint16_t)(hi + 1);
	golden_put16(b + off, edge[pick]);
}

/*
 * Mutations: bits or bytes in the headers and stamp (then, half of the
 * time, checksums recomputed so that the other checks decide), anywhere,
 * the length -8..+8, the UDP checksum field 0, random frames, what only
 * a checksum covers, or a range's edges.
 */
static size_t
mutate(uint8_t *b, size_t len, uint64_t *rs, int mode, const struct cfg *c,
       enum cfg_dir_id d)
{
	uint32_t r = golden_rnd(rs), n = 1 + r % 3, j;
	size_t span = len < 80 ? len : 80;

	switch (mode) {
	case 0:			/* 1-3 bits anywhere */
		for (j = 0; j < n; j++) {
			size_t pos = golden_rnd(rs) % len;

			b[pos] ^= (uint8_t)(1u << (golden_rnd(rs) & 7));
		}
		break;
	case 1:			/* 1-3 bits in headers + stamp, fixed up */
	case 2:			/* 1-3 bytes there, random, fixed up */
		for (j = 0; j < n; j++) {
			size_t pos = golden_rnd(rs) % span;

			if (mode == 1)
				b[pos] ^= (uint8_t)(1u << (golden_rnd(rs) & 7));
			else
				b[pos] = (uint8_t)golden_rnd(rs);
		}
		if (golden_rnd(rs) & 1)
			golden_fix_cksums(b, len);
		break;
	case 3: {		/* length -8..+8 (new bytes random), maybe fixed */
		int dl = (int)(golden_rnd(rs) % 17) - 8;

		for (j = 0; (int)j < dl; j++)
			b[len + j] = (golden_rnd(rs) & 1) ? 0 : (uint8_t)golden_rnd(rs);
		len = (size_t)((int)len + dl);
		if (golden_rnd(rs) & 1)
			golden_fix_cksums(b, len);
		break;
	}
	case 4:			/* UDP checksum field 0, maybe summing right */
		if (golden_rd16(b + 12) == 0x0800)
			golden_put16(b + 40, 0);
		else
			golden_put16(b + 60, 0);
		if (r & 1)
			zero_field_sums_right(b, len);
		break;
	case 5:			/* random bytes, a plausible start kept */
		for (j = (r & 1) ? 0 : 14; j < len; j++)
			b[j] = (uint8_t)golden_rnd(rs);
		if (r & 2)	/* and any length, down to 0 */
			len = golden_rnd(rs) % (len + 1);
		break;
	case 7:			/* a range's edges, fixed up */
		edge_field(b, c, d, rs);
		golden_fix_cksums(b, len);
		break;
	default:		/* what only a checksum covers, fixed up */
		if (len > 80)	/* payload after the stamp */
			b[80 + golden_rnd(rs) % (len - 80)] ^= (uint8_t)(1 + (r & 0x7f));
		else		/* TTL / hop limit */
			b[golden_rd16(b + 12) == 0x0800 ? 22 : 21] ^= (uint8_t)(1 + (r & 0x7f));
		if (r & 0x100)
			golden_fix_cksums(b, len);
		break;
	}
	return len;
}

static void
classify_differential(void **state)
{
	static uint8_t raw[FRAME_MAX_BUF_B], rx[FRAME_MAX_BUF_B + 64],
		mut[FRAME_MAX_BUF_B + 64];
	uint64_t total = 0, rs = 0x9e3779b97f4a7c15ull;
	size_t di;

	(void)state;
	for (di = 0; di < DIFF_NB; di++) {
		const struct diff_scen *ds = &diff_scens[di];
		uint32_t i, ours_mut = 0, valid = 0, bg_seen = 0;
		struct frame_gen gen;
		struct frame_cls k;
		struct cfg c;
		char err[256] = "";

		diff_cfg(&c, ds);
		if (golden_gen_init(&gen, &c, ds->s.dir, 77 + di, err, sizeof(err)) ||
		    golden_cls_init(&k, &c, ds->s.dir, err, sizeof(err)))
			fail_msg("%s: %s", ds->s.name, err);
		frame_gen_set_trial(&gen, (uint8_t)di);
		memset(raw, 0, sizeof(raw));
		for (i = 0; i < ds->cases; i++) {
			uint16_t len = frame_gen_next(&gen, raw, i, (uint64_t)i << 20,
						      i % 5 == 0);
			size_t rlen = deliver(&c, ds->s.dir, raw, len, rx), mlen;
			uint8_t *g;
			int mode = (int)(golden_rnd(&rs) % 9) - 1; /* -1: valid */

			memset(rx + rlen, 0, ds->pad_b);
			rlen += ds->pad_b;
			if (mode < 0) {
				/* the valid frame: OURS on the fast path */
				if (diff_one(&k, rx, rlen, ds->s.name, i, mode) != FRAME_OURS)
					fail_msg("%s case %u: valid frame not ours",
						 ds->s.name, i);
				diff_fast_ours(&k, rx, rlen, i, &bg_seen);
				valid++;
				continue;
			}
			memcpy(mut, rx, rlen);
			mlen = mutate(mut, rlen, &rs, mode, &c, ds->s.dir);
			/* at the end of the guarded buffer: no read past it */
			g = guard_end() - mlen;
			memcpy(g, mut, mlen);
			ours_mut += diff_one(&k, g, mlen, ds->s.name, i, mode) ==
				    FRAME_OURS;
		}
		/* background frames reached the fast path too */
		if ((bg_seen != 0) != (ds->s.n > ds->s.m))
			fail_msg("%s: %u background of %u valid", ds->s.name,
				 bg_seen, valid);
		/* some mutations stay ours (TTL, ID, payload, ...), most not */
		if (ours_mut == 0 || ours_mut > ds->cases / 2)
			fail_msg("%s: %u mutated frames ours", ds->s.name, ours_mut);
		print_message("%s: %u cases, %u valid (%u background), %u mutated ones ours\n",
			      ds->s.name, ds->cases, valid, bg_seen, ours_mut);
		total += ds->cases;
	}
	assert_true(total >= 1000000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(classify_differential),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness for frame_classify.  The first input byte picks one of
 * the receiver configurations (every golden case of gen_golden.py: IPv4,
 * IPv6, SIIT both ways, background frames; each with and without promisc,
 * with varying ports, slices and networks, and with VLAN tags: one 802.1Q
 * tag, or QinQ with promisc); the rest is the frame,
 * classified from an exact-size heap copy so ASan sees any read past it.
 * Invariant checked independently of frame.c/cksum.c: FRAME_OURS only for
 * a frame whose lengths are consistent and whose checksums verify, with
 * our magic, the stamp's sequence number and the receiver's MAC and VLAN
 * tags (TPID and VID; the rest checked on the frame without them).  And
 * frame_classify (fast path first) agrees with frame_classify_ref, and so
 * does the wide path (frame_wide_classify) where the CPU has AVX-512.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "../data/golden/golden_cases.h"

#define NB_VARIANTS 8
#define NB_CLS (GOLDEN_NB * NB_VARIANTS)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct frame_cls cls[NB_CLS];
static bool ready;

static void
fuzz_die(const char *what, size_t k)
{
	fprintf(stderr, "fuzz_classify: %s (configuration %zu)\n", what, k);
	abort();
}

/* Variant bit 0: promisc; bit 1: random ports, slices, 4 networks;
 * bit 2: VLAN tags (VID 100, PCP 5; with promisc QinQ, outer VID 200),
 * the golden size grown by them when it no longer holds the frame. */
static void
fuzz_tags(struct cfg *c, bool qinq)
{
	int s;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		c->side[s].vlan = 100;
		c->side[s].vlan_pcp = 5;
		c->side[s].outer_vlan = qinq ? 200 : 0;
	}
	c->frame_size_b += qinq ? 8 : 4;
}

static void
fuzz_setup(void)
{
	char err[CFG_ERR_LEN];
	size_t i, v;

	for (i = 0; i < GOLDEN_NB; i++)
		for (v = 0; v < NB_VARIANTS; v++) {
			const struct golden_case *g = &golden_cases[i];
			struct cfg c;

			golden_cfg(&c, g);
			c.promisc = v & 1;
			if (v & 2) {
				struct cfg_dir *d = &c.dir[g->dir];

				d->sport = (struct cfg_var){ CFG_VAR_RANDOM, 1000, 2000 };
				d->dport = (struct cfg_var){ CFG_VAR_INCREASING, 7, 9 };
				d->src_slice = (struct cfg_var){ CFG_VAR_RANDOM, 2, 300 };
				c.side[cfg_rx_side(g->dir)].num_nets = 4;
			}
			if (v & 4)
				fuzz_tags(&c, v & 1);
			if (golden_cls_init(&cls[i * NB_VARIANTS + v], &c, g->dir,
					   err, sizeof(err)) != 0) {
				fprintf(stderr, "%s\n", err);
				fuzz_die("frame_cls_init failed", i * NB_VARIANTS + v);
			}
		}
	ready = true;
}

static void fuzz_check_plain(const struct frame_cls *k, size_t ki,
			     const uint8_t *b, size_t len,
			     const struct frame_rx_info *info);

/* The invariant behind FRAME_OURS, computed without frame.c or cksum.c:
 * the receiver's tags (TPID, VID), then the frame without them. */
static void
fuzz_check_ours(const struct frame_cls *k, size_t ki, const uint8_t *b,
		size_t len, const struct frame_rx_info *info)
{
	static uint8_t plain[65536];
	size_t t;

	if (k->tag_b == 0) {
		fuzz_check_plain(k, ki, b, len, info);
		return;
	}
	if (len < 14u + k->tag_b || len > sizeof(plain) + k->tag_b)
		fuzz_die("OURS with an insane length (tagged)", ki);
	for (t = 0; t < k->tag_b; t += 4) {
		uint16_t tpid = golden_rd16(b + 12 + t);

		if (tpid != (t + 4 < k->tag_b ? 0x88a8 : 0x8100) ||
		    (golden_rd16(b + 14 + t) & 0x0fff) !=
		    (t + 4 < k->tag_b ? 200 : 100))
			fuzz_die("OURS with other VLAN tags", ki);
	}
	memcpy(plain, b, 12);
	memcpy(plain + 12, b + 12 + k->tag_b, len - 12 - k->tag_b);
	fuzz_check_plain(k, ki, plain, len - k->tag_b, info);
}

static void
fuzz_check_plain(const struct frame_cls *k, size_t ki, const uint8_t *b,
		 size_t len, const struct frame_rx_info *info)
{
	const uint8_t *u;
	uint16_t et, ulen;

	/* Bytes after the IP packet (Ethernet padding, a kept FCS) are
	 * allowed, so only the lower bound is an invariant; the IP and UDP
	 * lengths are checked against len below.  (A 1518-byte frame in a
	 * 9285-byte buffer once tripped an upper bound here.) */
	if (len < 14)
		fuzz_die("OURS with an insane length", ki);
	if (!k->promisc && memcmp(b, k->dst_mac, 6) != 0)
		fuzz_die("OURS for another destination MAC", ki);
	et = golden_rd16(b + 12);
	if (et == 0x0800) {
		uint16_t tot;

		if (len < 34 || b[14] != 0x45 || b[23] != 17)
			fuzz_die("OURS: not IPv4/UDP without options", ki);
		if ((golden_rd16(b + 20) & 0x3fff) != 0)
			fuzz_die("OURS: an IPv4 fragment", ki);
		tot = golden_rd16(b + 16);
		if (tot < 20 + 8 + FRAME_STAMP_COMPACT_B || tot > len - 14)
			fuzz_die("OURS: IPv4 total length insane", ki);
		if (golden_sum(b + 14, 20, 0) != 0xffff)
			fuzz_die("OURS: IPv4 header checksum wrong", ki);
		u = b + 34;
		ulen = golden_rd16(u + 4);
		if (ulen != tot - 20)
			fuzz_die("OURS: UDP length != IPv4 payload", ki);
		if ((u[6] | u[7]) != 0 && golden_udp_sum(b, 34, ulen) != 0xffff)
			fuzz_die("OURS: UDP checksum wrong (IPv4)", ki);
	} else if (et == 0x86dd) {
		uint16_t pl;

		if (len < 54 || (b[14] >> 4) != 6 || b[20] != 17)
			fuzz_die("OURS: not IPv6/UDP", ki);
		pl = golden_rd16(b + 18);
		if (pl < 8 + FRAME_STAMP_COMPACT_B || pl > len - 54)
			fuzz_die("OURS: IPv6 payload length insane", ki);
		u = b + 54;
		ulen = golden_rd16(u + 4);
		if (ulen != pl)
			fuzz_die("OURS: UDP length != IPv6 payload", ki);
		if ((u[6] | u[7]) == 0 || golden_udp_sum(b, 54, ulen) != 0xffff)
			fuzz_die("OURS: UDP checksum wrong or 0 (IPv6)", ki);
	} else {
		fuzz_die("OURS: not IP", ki);
		return;
	}
	if (u[8] != FRAME_MAGIC)
		fuzz_die("OURS without the magic byte", ki);
	if (ulen < 8 + FRAME_STAMP_B) {
		/* compact stamp: 40-bit fields, all ones is UINT64_MAX */
		uint64_t seq = golden_rd40(u + 10);

		if (info->seq != (seq == 0xffffffffffull ? UINT64_MAX : seq) ||
		    info->ts != golden_rd40(u + 15))
			fuzz_die("OURS: info differs from the compact stamp", ki);
	} else if (info->seq != golden_rd64(u + 10) ||
		   info->ts != golden_rd64(u + 18)) {
		fuzz_die("OURS: info differs from the stamp", ki);
	}
	if (
	    info->trial_id != u[9] >> FRAME_TRIAL_SHIFT ||
	    info->background != !!(u[9] & FRAME_FLAG_BG) ||
	    info->tagged != !!(u[9] & FRAME_FLAG_TAGGED))
		fuzz_die("OURS: info differs from the stamp", ki);
	if (!!(u[9] & FRAME_FLAG_REV) != (k->dir == CFG_REV))
		fuzz_die("OURS: stamp of the other direction", ki);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct frame_rx_info info, ref;
	enum frame_kind kind;
	uint8_t *frame;
	size_t ki, len;

	if (!ready)
		fuzz_setup();
	if (size < 1)
		return 0;
	ki = data[0] % NB_CLS;
	len = size - 1;
	frame = malloc(len ? len : 1);
	if (frame == NULL)
		return 0;
	memcpy(frame, data + 1, len);
	memset(&info, 0, sizeof(info));
	memset(&ref, 0xa5, sizeof(ref));
	kind = frame_classify(&cls[ki], frame, len, &info);
	/* the fast path never changes a verdict nor info */
	if (frame_classify_ref(&cls[ki], frame, len, &ref) != kind)
		fuzz_die("frame_classify and frame_classify_ref disagree", ki);
	if (kind == FRAME_OURS &&
	    (ref.seq != info.seq || ref.ts != info.ts ||
	     ref.trial_id != info.trial_id ||
	     ref.background != info.background || ref.tagged != info.tagged))
		fuzz_die("frame_classify and frame_classify_ref differ in info", ki);
#ifdef FRAME_WIDE
	/* the wide path (AVX-512) where this CPU has it: the same verdict
	 * and info, its masked loads inside the malloc'd frame (ASan) */
	if (frame_wide_ok()) {
		struct frame_rx_info w;

		memset(&w, 0, sizeof(w));
		if (frame_wide_call(&cls[ki], frame, len, &w, 0, false) != kind)
			fuzz_die("frame_wide_classify and frame_classify disagree", ki);
		if (kind == FRAME_OURS &&
		    (w.seq != info.seq || w.ts != info.ts ||
		     w.trial_id != info.trial_id ||
		     w.background != info.background || w.tagged != info.tagged))
			fuzz_die("frame_wide_classify differs in info", ki);
	}
#endif
	if ((unsigned)kind >= FRAME_KIND_COUNT)
		fuzz_die("kind out of range", ki);
	if (frame_kind_name(kind) == NULL)
		fuzz_die("kind without a name", ki);
	if (kind == FRAME_OURS)
		fuzz_check_ours(&cls[ki], ki, frame, len, &info);
	/* the frame is never written */
	if (memcmp(frame, data + 1, len) != 0)
		fuzz_die("frame_classify wrote into the frame", ki);
	free(frame);
	return 0;
}

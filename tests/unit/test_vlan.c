/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_vlan: VLAN tags (issue 35, docs/frames.md "VLAN tags").  The keys
 * and their refusals; the tagged frames the generator writes, checked
 * byte by byte and by an independent checksum check on the frame with the
 * tags taken out (golden_verify); the receiver's verdicts on the reference,
 * generic and wide paths: the port's tags ours whatever the PCP, another
 * VID, none, a tag on an untagged port, QinQ, a router that strips or adds
 * the tag, a mix of sizes, the patch path; and a million mutated tagged
 * frames on which every path agrees and nothing is accepted that the
 * independent check rejects.  ARP / ND on a tagged port: answered only
 * on its VLAN, answers and requests tagged.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/arp.h"
#include "dutperf/cli.h"
#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "../data/golden/golden_cases.h"
#include "unit_util.h"

UNIT_TMPDIR("test_vlan")

#define BUF_B (CFG_MAX_JUMBO_B + 64)

static uint8_t buf[BUF_B], mut[BUF_B], plain[BUF_B];

/* ------------------------------------------------------------- the keys */

static void
load_refused(const char *ini, const char *want)
{
	char err[CFG_ERR_LEN];
	struct cfg c;
	int rc;

	cfg_defaults(&c);
	rc = cfg_load_ini(&c, unit_write_file(tmpdir, "v.ini", ini), err,
			  sizeof(err));
	if (rc == 0)
		rc = cli_validate(&c, err, sizeof(err));
	if (rc == 0)
		fail_msg("accepted: %s", ini);
	assert_contains(err, want);
}

static void
load_ok(const char *ini, struct cfg *c)
{
	char err[CFG_ERR_LEN];

	cfg_defaults(c);
	if (cfg_load_ini(c, unit_write_file(tmpdir, "v.ini", ini), err,
			 sizeof(err)) != 0 ||
	    cli_validate(c, err, sizeof(err)) != 0)
		fail_msg("refused: %s: %s", ini, err);
}

static void
keys(void **state)
{
	struct cfg c;

	(void)state;
	load_ok("[left]\nvlan = 100\nvlan_pcp = 5\n[right]\nvlan = 100\n"
		"outer_vlan = 200\n[traffic]\nframe_size_b = 128\n", &c);
	assert_int_equal(c.side[CFG_LEFT].vlan, 100);
	assert_int_equal(c.side[CFG_LEFT].vlan_pcp, 5);
	assert_int_equal(cfg_side_tag_b(&c.side[CFG_LEFT]), 4);
	assert_int_equal(cfg_side_tag_b(&c.side[CFG_RIGHT]), 8);
	load_refused("[left]\nvlan = 4095\n", "v.ini: [left] vlan = \"4095\"");
	load_refused("[left]\nvlan = 4095\n", "out of range 0..4094");
	load_refused("[right]\nvlan = 1x\n", "[right] vlan");
	load_refused("[left]\nvlan = 10\nvlan_pcp = 8\n", "[left] vlan_pcp = \"8\": out of range 0..7");
	load_refused("[left]\nvlan_pcp = 3\n",
		     "v.ini: [left] vlan_pcp = 3 needs [left] vlan");
	load_refused("[right]\nouter_vlan = 7\n",
		     "[right] outer_vlan = 7 needs [right] vlan");
	/* the tags inside the size: IPv4 58 + 8 > 64 with QinQ */
	load_ok("[left]\nvlan = 10\n", &c);		/* 64 + one tag fits */
	load_refused("[left]\nvlan = 10\nouter_vlan = 20\n",
		     "v.ini: [traffic] frame_size_b = 64: below 66, the "
		     "smallest test frame with the 8 bytes of VLAN tags of "
		     "[left] vlan = 10, outer_vlan = 20 inside the frame size");
	load_ok("[left]\nvlan = 10\nouter_vlan = 20\n[traffic]\n"
		"frame_size_b = 66\n", &c);
	load_refused("[left]\nip_version = 6\n[right]\nip_version = 6\n"
		     "vlan = 9\n[traffic]\nframe_size_b = 81\n",
		     "below 82");
	/* translating: IPv4 frames 20 shorter, 58 + 8 + 20 */
	load_ok("[left]\nip_version = 6\nvlan = 9\n[traffic]\n"
		"frame_size_b = 84\n", &c);
	load_refused("[left]\nip_version = 6\nvlan = 9\nouter_vlan = 3\n"
		     "[traffic]\nframe_size_b = 84\n", "below 86");
	/* RFC 5180 5.1.1: 1522 tagged without jumbo, not 1523, not untagged */
	load_ok("[left]\nvlan = 10\n[traffic]\nframe_size_b = 1522\n", &c);
	load_refused("[left]\nvlan = 10\n[traffic]\nframe_size_b = 1523\n",
		     "frames above 1522 bytes");
	load_refused("[traffic]\nframe_size_b = 1522\n",
		     "frames above 1518 bytes");
	/* every size of a mix */
	load_refused("[left]\nvlan = 10\nouter_vlan = 20\n[traffic]\n"
		     "imix = ab\n", "a (64 bytes): below 66");
}

/* -------------------------------------------------------------- frames */

static void
tagged_cfg(struct cfg *c, int v, uint32_t size, uint16_t vid, uint16_t outer)
{
	int i;

	golden_cfg_defaults(c);
	for (i = 0; i < CFG_NB_SIDES; i++) {
		c->side[i].ip_version = (uint8_t)v;
		c->side[i].vlan = vid;
		c->side[i].vlan_pcp = 5;
		c->side[i].outer_vlan = outer;
	}
	c->frame_size_b = size;
	c->jumbo = size > 1522;
	c->dir[CFG_FWD].sport = (struct cfg_var){ CFG_VAR_RANDOM, 1024, 65535 };
	c->dir[CFG_FWD].src_slice = (struct cfg_var){ CFG_VAR_RANDOM, 10, 20 };
}

static void
init(const struct cfg *c, struct frame_gen *g, struct frame_cls *k)
{
	char err[256];

	if (golden_gen_init(g, c, CFG_FWD, 5, err, sizeof(err)) ||
	    golden_cls_init(k, c, CFG_FWD, err, sizeof(err)))
		fail_msg("%s", err);
	frame_gen_set_trial(g, 3);
}

/* b without its first tag_b bytes of tags after the MACs, into plain */
static size_t
untag(const uint8_t *b, size_t len, size_t tag_b)
{
	memcpy(plain, b, 12);
	memcpy(plain + 12, b + 12 + tag_b, len - 12 - tag_b);
	return len - tag_b;
}

/* A router between the ports for tagged frames: MACs and TTL at their
 * offsets behind tag_b bytes of tags. */
static void
route(uint8_t *b, size_t len, size_t tag_b, const struct cfg_side *rcv)
{
	size_t n = untag(b, len, tag_b);

	golden_route(plain, rcv);
	memcpy(b, plain, 12);
	memcpy(b + 12 + tag_b, plain + 12, n - 12);
}

/* Every path's verdict on b; they must agree; returns it. */
static enum frame_kind
all_paths(const struct frame_cls *k, const uint8_t *b, size_t len,
	  const char *what)
{
	struct frame_rx_info r, a;
	enum frame_kind kr, ka;

	memset(&r, 0x5a, sizeof(r));
	kr = frame_classify_ref(k, b, len, &r);
	memset(&a, 0x5a, sizeof(a));
	ka = frame_classify(k, b, len, &a);
	if (ka != kr)
		fail_msg("%s len %zu: fast %s, reference %s", what, len,
			 frame_kind_name(ka), frame_kind_name(kr));
	if (ka == FRAME_OURS && (a.seq != r.seq || a.ts != r.ts ||
				 a.trial_id != r.trial_id || a.tagged != r.tagged))
		fail_msg("%s: info differs", what);
#ifdef FRAME_WIDE
	if (frame_wide_ok()) {
		struct frame_rx_info w;
		enum frame_kind kw;

		memset(&w, 0x5a, sizeof(w));
		kw = frame_wide_call(k, b, len, &w, 0, false);
		if (kw != kr)
			fail_msg("%s len %zu: wide %s, reference %s", what, len,
				 frame_kind_name(kw), frame_kind_name(kr));
		if (kw == FRAME_OURS && (w.seq != r.seq || w.ts != r.ts))
			fail_msg("%s: wide info differs", what);
	}
#endif
	return kr;
}

/* The fast paths alone take b. */
static void
fast_ours(const struct frame_cls *k, const uint8_t *b, size_t len)
{
	assert_int_equal(frame_classify_fast(k, b, len, NULL), FRAME_OURS);
#ifdef FRAME_WIDE
	if (frame_wide_ok())
		assert_int_equal(frame_wide_call(k, b, len, NULL, 0, true),
				 FRAME_OURS);
#endif
}

/*
 * The bytes of tagged frames: MACs, then 0x8100 with PCP 5 and the VID
 * (QinQ: 0x88a8 and the outer VID first), then the ethertype and the IP
 * packet, 4 (8) bytes shorter than untagged, the frame the configured
 * size; checksums right (independently, on the frame without its tags);
 * and ours on every path, each byte mutated once agreeing.
 */
static void
frame_bytes(void **state)
{
	static const uint32_t sizes[] = { 64, 66, 67, 78, 128, 1518, 1522, 9000 };
	int v;

	(void)state;
	for (v = 4; v <= 6; v += 2) {
		unsigned int i, q;

		for (q = 0; q < 2; q++)
			for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
				size_t tag_b = q ? 8 : 4, len, at, step, n;
				uint32_t size = sizes[i];
				struct frame_gen g;
				struct frame_cls k;
				struct cfg c;
				uint8_t *t;

				if (size < (v == 4 ? 58u : 78u) + tag_b)
					continue;
				tagged_cfg(&c, v, size, 100, q ? 200 : 0);
				init(&c, &g, &k);
				memset(buf, 0, sizeof(buf));
				len = frame_gen_next(&g, buf, 77 + i, 1234, false);
				assert_int_equal(len, size - 4);
				t = buf + 12;
				if (q) {
					assert_int_equal(golden_rd16(t), 0x88a8);
					assert_int_equal(golden_rd16(t + 2), 5 << 13 | 200);
					t += 4;
				}
				assert_int_equal(golden_rd16(t), 0x8100);
				assert_int_equal(golden_rd16(t + 2), 5 << 13 | 100);
				assert_int_equal(golden_rd16(t + 4),
						 v == 4 ? 0x0800 : 0x86dd);
				n = untag(buf, len, tag_b);
				assert_int_equal(golden_verify(plain, n), v);
				/* the IP packet fills the frame, 4 per tag shorter */
				assert_int_equal(v == 4 ? golden_rd16(plain + 16) :
							  golden_rd16(plain + 18) + 40,
						 size - 18 - tag_b);
				route(buf, len, tag_b, &c.side[CFG_RIGHT]);
				assert_int_equal(all_paths(&k, buf, len, "valid"),
						 FRAME_OURS);
				fast_ours(&k, buf, len);
				step = len > 300 ? 29 : 1;
				for (at = 0; at < len; at += step) {
					memcpy(mut, buf, len);
					mut[at] ^= (uint8_t)(1u << (at % 8));
					(void)all_paths(&k, mut, len, "mutated");
				}
				(void)all_paths(&k, buf, len - 1, "short");
				(void)all_paths(&k, buf, len + 5, "padded");
			}
	}
}

/* The receiver's verdicts on tags that are not the port's. */
static void
verdicts(void **state)
{
	struct frame_gen g;
	struct frame_cls k, plain_k;
	struct cfg c;
	size_t len, n;

	(void)state;
	tagged_cfg(&c, 4, 128, 100, 0);
	init(&c, &g, &k);
	memset(buf, 0, sizeof(buf));
	len = frame_gen_next(&g, buf, 1, 1, false);
	route(buf, len, 4, &c.side[CFG_RIGHT]);
	assert_int_equal(all_paths(&k, buf, len, "tagged"), FRAME_OURS);
	/* another PCP, DEI set: still the port's VLAN */
	memcpy(mut, buf, len);
	mut[14] = (uint8_t)(0xf0 | (mut[14] & 0x0f));
	assert_int_equal(all_paths(&k, mut, len, "pcp"), FRAME_OURS);
	/* another VID, another TPID */
	memcpy(mut, buf, len);
	mut[15] = 101;
	assert_int_equal(all_paths(&k, mut, len, "vid"), FRAME_FOREIGN_VLAN);
	memcpy(mut, buf, len);
	golden_put16(mut + 12, 0x88a8);
	assert_int_equal(all_paths(&k, mut, len, "tpid"), FRAME_FOREIGN_VLAN);
	/* the tag missing: the same frame untagged */
	n = untag(buf, len, 4);
	assert_int_equal(all_paths(&k, plain, n, "untagged"), FRAME_FOREIGN_VLAN);
	/* an untagged port: the tagged frame is foreign_vlan, the untagged
	 * one ours */
	c.side[CFG_RIGHT].vlan = 0;
	c.side[CFG_LEFT].vlan = 0;
	init(&c, &g, &plain_k);
	assert_int_equal(all_paths(&plain_k, buf, len, "unexpected"),
			 FRAME_FOREIGN_VLAN);
	assert_int_equal(frame_kind_group(FRAME_FOREIGN_VLAN), FRAME_GROUP_LINK);
	assert_string_equal(frame_kind_name(FRAME_FOREIGN_VLAN), "foreign_vlan");
	/* wrong destination MAC behind the right tag */
	memcpy(mut, buf, len);
	mut[5] ^= 1;
	assert_int_equal(all_paths(&k, mut, len, "mac"), FRAME_BAD_ADDR);
	/* a tagged ARP of the port's VLAN is ARP, not a VLAN matter */
	memcpy(mut, buf, len);
	golden_put16(mut + 16, 0x0806);
	assert_int_equal(all_paths(&k, mut, len, "arp"), FRAME_FOREIGN_ARP);
	/* too short for the tags */
	assert_int_equal(all_paths(&k, buf, 16, "cut"), FRAME_FOREIGN_VLAN);
	assert_int_equal(all_paths(&k, buf, 13, "cut"), FRAME_BAD_TRUNCATED);
}

/*
 * A router with a VLAN sub-interface on one side only: the left port
 * sends tagged 128-byte frames (a 106-byte IP packet), the right port
 * receives them untagged, 124 bytes; and the other way round.
 */
static void
one_side_tagged(void **state)
{
	struct frame_gen g;
	struct frame_cls k;
	struct cfg c;
	size_t len, n;

	(void)state;
	tagged_cfg(&c, 4, 128, 100, 0);
	c.side[CFG_RIGHT].vlan = 0;
	c.side[CFG_RIGHT].vlan_pcp = 0;
	init(&c, &g, &k);
	memset(buf, 0, sizeof(buf));
	len = frame_gen_next(&g, buf, 1, 1, false);
	assert_int_equal(len, 124);
	n = untag(buf, len, 4);
	golden_route(plain, &c.side[CFG_RIGHT]);
	assert_int_equal(all_paths(&k, plain, n, "stripped"), FRAME_OURS);
	fast_ours(&k, plain, n);
	/* the other way: sent untagged (128 bytes, 124 in the buffer), the
	 * router adds the receiver's tag */
	tagged_cfg(&c, 4, 128, 100, 0);
	c.side[CFG_LEFT].vlan = 0;
	c.side[CFG_LEFT].vlan_pcp = 0;
	init(&c, &g, &k);
	memset(buf, 0, sizeof(buf));
	len = frame_gen_next(&g, buf, 2, 1, false);
	assert_int_equal(len, 124);
	assert_int_equal(golden_rd16(buf + 12), 0x0800);
	golden_route(buf, &c.side[CFG_RIGHT]);
	memcpy(mut, buf, 12);
	golden_put16(mut + 12, 0x8100);
	golden_put16(mut + 14, 100);
	memcpy(mut + 16, buf + 12, len - 12);
	assert_int_equal(all_paths(&k, mut, len + 4, "added"), FRAME_OURS);
	fast_ours(&k, mut, len + 4);
}

/* A mix of sizes, each tagged and ours; the patch path writes what
 * frame_gen_next writes. */
static void
mix_and_patch(void **state)
{
	static uint8_t pb[4][BUF_B], nb[BUF_B];
	uint8_t *bufs[4] = { pb[0], pb[1], pb[2], pb[3] };
	struct frame_gen g, h;
	struct frame_cls k;
	struct cfg c;
	unsigned int i, seen = 0;
	size_t len;

	(void)state;
	tagged_cfg(&c, 4, 64, 100, 200);
	snprintf(c.imix, sizeof(c.imix), "%s", "bdg");	/* 128 512 1518 */
	init(&c, &g, &k);
	for (i = 0; i < 12; i++) {
		memset(buf, 0, sizeof(buf));
		len = frame_gen_next(&g, buf, i, 9, false);
		seen |= len == 124 ? 1 : len == 508 ? 2 : len == 1514 ? 4 : 8;
		assert_int_equal(golden_verify(plain, untag(buf, len, 8)), 4);
		route(buf, len, 8, &c.side[CFG_RIGHT]);
		assert_int_equal(all_paths(&k, buf, len, "mix"), FRAME_OURS);
		fast_ours(&k, buf, len);
	}
	assert_int_equal(seen, 7);
	/* patch: one size, foreground only */
	tagged_cfg(&c, 6, 200, 4094, 0);
	init(&c, &g, &k);
	init(&c, &h, &k);
	assert_true(frame_gen_patchable(&g));
	for (i = 0; i < 4; i++) {
		memset(pb[i], 0, BUF_B);
		frame_gen_next(&g, pb[i], 0, 0, false);
	}
	frame_gen_patch(&g, bufs, 4, 50, 77, 0x2);
	for (i = 0; i < 4; i++)		/* h as far as g before the patch */
		frame_gen_next(&h, nb, 0, 0, false);
	for (i = 0; i < 4; i++) {
		memset(nb, 0, sizeof(nb));
		len = frame_gen_next(&h, nb, 50 + i, 77, i == 1);
		assert_memory_equal(nb, pb[i], len);
	}
}

/* Independent acceptance: the port's TPID and VID, then golden_verify
 * and the base frame's addresses on the frame without its tags. */
static bool
acceptable(const uint8_t *base, size_t base_len, const uint8_t *b, size_t len)
{
	if (len < 18 || base_len < 46 || golden_rd16(b + 12) != 0x8100 ||
	    (golden_rd16(b + 14) & 0x0fff) != 100 || memcmp(b, base, 6) != 0)
		return false;
	if (golden_verify(plain, untag(b, len, 4)) != 4)
		return false;
	/* addresses and ports as the base frame's (it varies none) */
	return memcmp(plain + 26, base + 30, 12) == 0 && plain[42] == FRAME_MAGIC;
}

static void
fuzz(void **state)
{
	uint64_t rs = 35;
	struct frame_gen g;
	struct frame_cls k;
	static uint8_t base[256];
	struct cfg c;
	size_t base_len;
	int i, ours = 0;

	(void)state;
	tagged_cfg(&c, 4, 100, 100, 0);
	c.dir[CFG_FWD].sport.mode = CFG_VAR_FIXED;
	c.dir[CFG_FWD].src_slice.mode = CFG_VAR_FIXED;
	c.dir[CFG_FWD].dport.mode = CFG_VAR_FIXED;
	init(&c, &g, &k);
	memset(base, 0, sizeof(base));
	base_len = frame_gen_next(&g, base, 7, 7, false);
	route(base, base_len, 4, &c.side[CFG_RIGHT]);
	for (i = 0; i < 1000000; i++) {
		uint32_t r = golden_rnd(&rs);
		size_t len = base_len, j, nb = 1 + r % 4;

		memcpy(buf, base, base_len);
		for (j = 0; j < nb; j++) {
			size_t pos = (r & 64 ? golden_rnd(&rs) % 24 :
					       golden_rnd(&rs)) % len;

			buf[pos] = (uint8_t)golden_rnd(&rs);
		}
		if (r & 128)
			len = golden_rnd(&rs) % (len + 1);
		else if (r & 256)
			len += golden_rnd(&rs) % 20;
		if ((r & 512) && len >= 18) {	/* checksums fixed behind the tag */
			size_t n = untag(buf, len, 4);

			golden_fix_cksums(plain, n);
			memcpy(buf + 16, plain + 12, n - 12);
		}
		if (all_paths(&k, buf, len, "fuzz") == FRAME_OURS) {
			ours++;
			if (!acceptable(base, base_len, buf, len))
				fail_msg("iteration %d: accepted a frame the independent check rejects", i);
		}
	}
	print_message("fuzz: %d of 1000000 tagged frames accepted, all independently valid\n",
		      ours);
	assert_true(ours > 1000);
}

/* ---------------------------------------------------------- ARP / ND */

/*
 * A tagged port's responder: answers only requests of its VLAN (TPID and
 * VID; another PCP is the same VLAN), tagged with its own tag; its
 * requests tagged by arp_tag; arp_resolved takes answers of its VLAN only.
 */
static void
arp_tags(void **state)
{
	static const uint8_t dut[6] = { 2, 0, 0, 0, 0, 0x20 };
	static const uint8_t dut4[4] = { 198, 18, 0, 1 };
	static const uint8_t dut6[16] = { 0x20, 0x01, 0, 2, [15] = 1 };
	struct arp_responder r, u;
	uint8_t q[ARP_MAX_FRAME_B], a[ARP_MAX_FRAME_B], mac[6];
	struct cfg c;
	size_t n, m;

	(void)state;
	golden_cfg_defaults(&c);
	c.side[CFG_LEFT].vlan = 100;
	c.side[CFG_LEFT].vlan_pcp = 5;
	c.side[CFG_LEFT].outer_vlan = 200;
	arp_responder_from_cfg(&r, &c, CFG_LEFT);
	assert_int_equal(r.tag_b, 8);
	c.side[CFG_LEFT].outer_vlan = 0;
	arp_responder_from_cfg(&r, &c, CFG_LEFT);
	assert_int_equal(r.tag_b, 4);
	c.side[CFG_LEFT].vlan = 0;
	arp_responder_from_cfg(&u, &c, CFG_LEFT);
	assert_int_equal(u.tag_b, 0);

	/* the DUT's request, tagged as the DUT's VLAN interface sends it
	 * (PCP 0): answered, the reply tagged with the port's PCP 5 */
	n = arp_build_request(q, dut, dut4, c.side[CFG_LEFT].ipv4);
	assert_int_equal(arp_answer(&r, q, n, a), 0);	/* untagged: no */
	assert_true(arp_answer(&u, q, n, a) > 0);
	n = arp_tag(&u, q, n);				/* no tags: as is */
	memmove(q + 16, q + 12, n - 12);
	golden_put16(q + 12, 0x8100);
	golden_put16(q + 14, 100);
	m = arp_answer(&r, q, n + 4, a);
	assert_int_equal(m, ARP_FRAME_B + 4);
	assert_int_equal(golden_rd16(a + 12), 0x8100);
	assert_int_equal(golden_rd16(a + 14), 5 << 13 | 100);
	assert_int_equal(golden_rd16(a + 16), 0x0806);
	assert_int_equal(golden_rd16(a + 16 + 8), 2);	/* a reply */
	assert_int_equal(arp_answer(&u, q, n + 4, a), 0); /* tag unexpected */
	/* the reply resolves the port at the DUT: only on its VLAN */
	assert_true(arp_resolved(&r, a, m, 4, c.side[CFG_LEFT].ipv4, mac));
	assert_memory_equal(mac, c.side[CFG_LEFT].mac, 6);
	assert_false(arp_resolved(&u, a, m, 4, c.side[CFG_LEFT].ipv4, mac));
	golden_put16(q + 14, 101);			/* another VLAN */
	assert_int_equal(arp_answer(&r, q, n + 4, a), 0);

	/* ND: the port's own NS, tagged, answered by a responder of the
	 * same VLAN with a tagged NA whose ICMPv6 checksum holds (arp_parse
	 * of the frame without its tag checks it) */
	n = arp_tag(&r, q, arp_build_ns(q, dut, dut6, c.side[CFG_LEFT].ipv6));
	assert_int_equal(golden_rd16(q + 12), 0x8100);
	assert_int_equal(golden_rd16(q + 16), 0x86dd);
	m = arp_answer(&r, q, n, a);
	assert_int_equal(m, ARP_ND_FRAME_B + 4);
	assert_int_equal(golden_rd16(a + 14), 5 << 13 | 100);
	{
		struct arp_msg msg;

		memcpy(plain, a, 12);
		memcpy(plain + 12, a + 16, m - 16);
		assert_int_equal(arp_parse(plain, m - 4, &msg), 0);
		assert_int_equal(msg.type, ARP_ND_NA);
	}
	assert_true(arp_resolved(&r, a, m, 6, c.side[CFG_LEFT].ipv6, mac));
	assert_false(arp_resolved(&u, a, m, 6, c.side[CFG_LEFT].ipv6, mac));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keys),
		cmocka_unit_test(frame_bytes),
		cmocka_unit_test(verdicts),
		cmocka_unit_test(one_side_tagged),
		cmocka_unit_test(mix_and_patch),
		cmocka_unit_test(fuzz),
		cmocka_unit_test(arp_tags),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_classify: the receiver's classifier.  Good frames of every kind
 * (golden after-DUT frames of gen_golden.py, generated frames passed
 * through a simulated router), each bad kind built on purpose, every
 * single-byte mutation and truncation of the golden frames, a million
 * random / mutated buffers checked against an independent verifier, and
 * the accounting of compact-stamped (IPv6 78-byte) frames.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "dutperf/rxstate.h"
#include "../data/golden/golden_cases.h"

#define BUF_B 1600

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd(void)
{
	return golden_rnd(&rng_state);
}

/* Classify a heap copy of exactly len bytes, so that AddressSanitizer
 * (build with -Db_sanitize=address,undefined) catches any read past it. */
static enum frame_kind
classify_exact(const struct frame_cls *k, const uint8_t *b, size_t len,
	       struct frame_rx_info *info)
{
	uint8_t *h = malloc(len ? len : 1);
	enum frame_kind r;

	assert_non_null(h);
	memcpy(h, b, len);
	r = frame_classify(k, h, len, info);
	free(h);
	return r;
}

struct good {
	struct frame_cls k;
	uint8_t b[BUF_B];
	size_t len;
	const struct golden_case *g;
};

static struct good goods[GOLDEN_NB];

static int
setup(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < GOLDEN_NB; i++) {
		struct good *x = &goods[i];
		char name[64], err[256];
		struct cfg c;
		int l;

		x->g = &golden_cases[i];
		golden_cfg(&c, x->g);
		if (golden_cls_init(&x->k, &c, x->g->dir, err, sizeof(err)))
			return -1;
		snprintf(name, sizeof(name), "%s_rx", x->g->name);
		l = golden_read(name, x->b, sizeof(x->b));
		if (l <= 0)
			return -1;
		x->len = (size_t)l;
	}
	return 0;
}

static void
good_frames(void **state)
{
	struct frame_rx_info info;
	size_t i;

	(void)state;
	for (i = 0; i < GOLDEN_NB; i++) {
		struct good *x = &goods[i];
		struct frame_cls other;
		struct cfg c;
		char err[256];

		memset(&info, 0, sizeof(info));
		assert_int_equal(frame_classify(&x->k, x->b, x->len, &info), FRAME_OURS);
		assert_true(info.seq == x->g->seq && info.ts == x->g->ts);
		assert_int_equal(info.trial_id, x->g->trial);
		assert_int_equal(info.tagged, x->g->tagged);
		assert_int_equal(info.background, x->g->bg);
		/* NULL info is allowed */
		assert_int_equal(frame_classify(&x->k, x->b, x->len, NULL), FRAME_OURS);
		/* Ethernet padding after the IP packet is fine */
		memset(x->b + x->len, 0xa5, 10);
		assert_int_equal(frame_classify(&x->k, x->b, x->len + 10, &info), FRAME_OURS);
		memset(x->b + x->len, 0, 10);
		/* the other direction's receiver rejects it */
		golden_cfg(&c, x->g);
		c.dir[!x->g->dir] = c.dir[x->g->dir];
		c.promisc = true;
		assert_int_equal(golden_cls_init(&other, &c, !x->g->dir, err, sizeof(err)), 0);
		assert_int_not_equal(frame_classify(&other, x->b, x->len, &info), FRAME_OURS);
	}
}

static enum frame_kind
cls_mod(const struct good *x, void (*mod)(uint8_t *b, size_t *len), bool fix)
{
	static uint8_t b[BUF_B];
	size_t len = x->len;

	memcpy(b, x->b, sizeof(b));
	mod(b, &len);
	if (fix)
		golden_fix_cksums(b, len);
	return classify_exact(&x->k, b, len, NULL);
}

/* The modifications, one per rejected kind. */
static void m_arp(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 12, 0x0806); }
static void m_lldp(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 12, 0x88cc); }
static void m_vlan(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 12, 0x8100); }
static void m_ipx(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 12, 0x8137); }
static void m_proto_icmp(uint8_t *b, size_t *l) { (void)l; b[23] = 1; }
static void m_mf(uint8_t *b, size_t *l) { (void)l; b[20] |= 0x20; }
static void m_frag_off(uint8_t *b, size_t *l) { (void)l; b[21] = 1; }
static void m_df(uint8_t *b, size_t *l) { (void)l; b[20] |= 0x40; }
static void m_ttl(uint8_t *b, size_t *l) { (void)l; b[22] = 1; }
static void m_ihl4(uint8_t *b, size_t *l) { (void)l; b[14] = 0x44; }
static void m_v5(uint8_t *b, size_t *l) { (void)l; b[14] = 0x55; }
static void m_tot_short(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 16, 19); }
static void m_cut1(uint8_t *b, size_t *l) { (void)b; (*l)--; }
static void m_short_eth(uint8_t *b, size_t *l) { (void)b; *l = 13; }
static void m_short_ip4(uint8_t *b, size_t *l) { (void)b; *l = 33; }
static void m_short_ip6(uint8_t *b, size_t *l) { (void)b; *l = 53; }
static void m_magic(uint8_t *b, size_t *l) { (void)l; b[14 + ((b[14] >> 4) == 4 ? 20 : 40) + 8] = 0xd4; }
static void m_payload(uint8_t *b, size_t *l) { b[*l - 1] ^= 1; }
static void m_dmac(uint8_t *b, size_t *l) { (void)l; b[5] ^= 0x40; }
static void m_smac(uint8_t *b, size_t *l) { (void)l; b[11] ^= 0x40; }
static void m_dir(uint8_t *b, size_t *l) { (void)l; b[14 + ((b[14] >> 4) == 4 ? 20 : 40) + 9] ^= FRAME_FLAG_REV; }
static void m_bgbit(uint8_t *b, size_t *l) { (void)l; b[14 + ((b[14] >> 4) == 4 ? 20 : 40) + 9] |= FRAME_FLAG_BG; }
static void m_tagbit(uint8_t *b, size_t *l) { (void)l; b[14 + ((b[14] >> 4) == 4 ? 20 : 40) + 9] ^= FRAME_FLAG_TAGGED; }
static void m_sport(uint8_t *b, size_t *l) { (void)l; b[14 + ((b[14] >> 4) == 4 ? 20 : 40) + 1] ^= 1; }
static void m_dport(uint8_t *b, size_t *l) { (void)l; b[14 + ((b[14] >> 4) == 4 ? 20 : 40) + 3] ^= 1; }

/* IPv4 */
static void m_src4(uint8_t *b, size_t *l) { (void)l; b[29] ^= 1; }
static void m_dst4_net(uint8_t *b, size_t *l) { (void)l; b[32] ^= 1; }
static void m_dst4_low(uint8_t *b, size_t *l) { (void)l; b[33] ^= 1; }
static void m_ck4_zero(uint8_t *b, size_t *l) { (void)l; b[40] = b[41] = 0; }
static void m_udplen_big4(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 38, (uint16_t)(b[38] << 8 | (b[39] + 2))); }
static void m_udplen_small4(uint8_t *b, size_t *l) { (void)l; golden_put16(b + 38, (uint16_t)(b[38] << 8 | (b[39] - 2))); }
/* a short foreign UDP datagram: 8 + 17 bytes */
static void
m_short_udp4(uint8_t *b, size_t *l)
{
	/* 11 bytes: not even the 12-byte compact stamp fits */
	golden_put16(b + 16, 20 + 8 + 11);
	golden_put16(b + 38, 8 + 11);
	*l = 14 + 20 + 8 + 11;
}

/* IPv4 with 4 bytes of options (NOPs): IHL 6 */
static void
m_opts4(uint8_t *b, size_t *l)
{
	memmove(b + 38, b + 34, *l - 34);
	memset(b + 34, 1, 4);
	b[14] = 0x46;
	golden_put16(b + 16, (uint16_t)((b[16] << 8 | b[17]) + 4));
	*l += 4;
}

/* IPv6 */
static void m_v6_ver(uint8_t *b, size_t *l) { (void)l; b[14] = 0x40; }
static void m_hlim(uint8_t *b, size_t *l) { (void)l; b[21] = 1; }
static void m_flow(uint8_t *b, size_t *l) { (void)l; b[17] = 0x77; }
static void m_icmp6(uint8_t *b, size_t *l) { (void)l; b[20] = 58; }
static void m_tcp6(uint8_t *b, size_t *l) { (void)l; b[20] = 6; }
static void m_frag6(uint8_t *b, size_t *l) { (void)l; b[20] = 44; }
static void m_plen_big(uint8_t *b, size_t *l) { (void)l; b[19]++; }
static void m_ck6_zero(uint8_t *b, size_t *l) { (void)l; b[60] = b[61] = 0; }
static void m_src6(uint8_t *b, size_t *l) { (void)l; b[22] ^= 0x80; }
static void m_dst6_net(uint8_t *b, size_t *l) { (void)l; b[45] ^= 1; }
/* MLD report behind a hop-by-hop header (router alert), as Linux sends */
static void
m_mld_hbh(uint8_t *b, size_t *l)
{
	b[20] = 0;			/* hop-by-hop */
	b[54] = 58;			/* next: ICMPv6 */
	b[55] = 0;			/* 8 bytes */
	b[56] = 5;			/* router alert */
	b[57] = 2;
	b[58] = b[59] = 0;
	b[60] = 1;			/* PadN */
	b[61] = 0;
	b[62] = 143;			/* MLDv2 report */
	(void)l;
}

/* hop-by-hop header longer than the payload */
static void
m_hbh_trunc(uint8_t *b, size_t *l)
{
	b[20] = 0;
	golden_put16(b + 18, 4);
	*l = 54 + 4;
}

struct mod_case {
	const char *name;
	void (*mod)(uint8_t *b, size_t *len);
	bool fix;
	enum frame_kind want;
};

static const struct mod_case mods_any[] = {
	{ "arp", m_arp, false, FRAME_FOREIGN_ARP },
	{ "lldp", m_lldp, false, FRAME_FOREIGN_LLDP },
	{ "vlan", m_vlan, false, FRAME_FOREIGN_VLAN },	/* not configured */
	{ "ipx", m_ipx, false, FRAME_FOREIGN_OTHER_L2 },
	{ "cut1", m_cut1, false, FRAME_BAD_TRUNCATED },
	{ "short_eth", m_short_eth, false, FRAME_BAD_TRUNCATED },
	{ "magic", m_magic, true, FRAME_FOREIGN_OTHER_UDP },
	{ "payload", m_payload, false, FRAME_BAD_UDP_CKSUM },
	{ "dmac", m_dmac, false, FRAME_BAD_ADDR },
	{ "smac", m_smac, false, FRAME_OURS },	/* not checked (bridges) */
	{ "dir", m_dir, true, FRAME_BAD_STAMP },
	{ "bgbit", m_bgbit, true, FRAME_BAD_STAMP },	/* n = m: no background */
	{ "tagbit", m_tagbit, true, FRAME_OURS },
	{ "sport", m_sport, true, FRAME_BAD_PORT },
	{ "dport", m_dport, true, FRAME_BAD_PORT },
};

static const struct mod_case mods_v4[] = {
	{ "icmp", m_proto_icmp, true, FRAME_FOREIGN_OTHER_L3 },
	{ "mf", m_mf, true, FRAME_FOREIGN_OTHER_L3 },
	{ "frag_off", m_frag_off, true, FRAME_FOREIGN_OTHER_L3 },
	{ "options", m_opts4, true, FRAME_FOREIGN_OTHER_L3 },
	{ "df", m_df, true, FRAME_OURS },
	{ "ttl", m_ttl, true, FRAME_OURS },
	{ "ttl_nofix", m_ttl, false, FRAME_BAD_IP },
	{ "ihl4", m_ihl4, true, FRAME_BAD_IP },
	{ "version5", m_v5, false, FRAME_BAD_IP },
	{ "tot_short", m_tot_short, true, FRAME_BAD_IP },
	{ "short_ip4", m_short_ip4, false, FRAME_BAD_TRUNCATED },
	/* RFC 768: IPv4 checksum 0 = none computed; a DUT may do that */
	{ "ck_zero", m_ck4_zero, false, FRAME_OURS },
	{ "udplen_big", m_udplen_big4, true, FRAME_BAD_TRUNCATED },
	{ "udplen_small", m_udplen_small4, true, FRAME_BAD_IP },
	{ "short_udp", m_short_udp4, true, FRAME_FOREIGN_OTHER_UDP },
	{ "src", m_src4, true, FRAME_BAD_ADDR },
	{ "dst_net", m_dst4_net, true, FRAME_BAD_ADDR },
	{ "dst_low", m_dst4_low, true, FRAME_BAD_ADDR },
};

static const struct mod_case mods_v6[] = {
	{ "version", m_v6_ver, false, FRAME_BAD_IP },
	{ "hlim", m_hlim, false, FRAME_OURS },
	{ "flow", m_flow, false, FRAME_OURS },
	{ "short_ip6", m_short_ip6, false, FRAME_BAD_TRUNCATED },
	{ "icmp6", m_icmp6, false, FRAME_FOREIGN_ND },
	{ "mld_hbh", m_mld_hbh, false, FRAME_FOREIGN_ND },
	{ "hbh_trunc", m_hbh_trunc, false, FRAME_BAD_TRUNCATED },
	{ "tcp", m_tcp6, false, FRAME_FOREIGN_OTHER_L3 },
	{ "frag", m_frag6, false, FRAME_FOREIGN_OTHER_L3 },
	{ "plen_big", m_plen_big, false, FRAME_BAD_TRUNCATED },
	{ "ck_zero", m_ck6_zero, false, FRAME_BAD_UDP_CKSUM },
	{ "src", m_src6, true, FRAME_BAD_ADDR },
	{ "dst_net", m_dst6_net, true, FRAME_BAD_ADDR },
};

static void
run_mods(const struct good *x, const struct mod_case *m, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		enum frame_kind k = cls_mod(x, m[i].mod, m[i].fix);

		if (k != m[i].want)
			fail_msg("%s / %s: got %s, want %s", x->g->name, m[i].name,
				 frame_kind_name(k), frame_kind_name(m[i].want));
	}
}

static void
bad_kinds(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < GOLDEN_NB; i++) {
		const struct good *x = &goods[i];
		bool v4 = (x->b[14] >> 4) == 4;

		if (!x->g->bg)	/* background frames: the bg bit is right */
			run_mods(x, mods_any, sizeof(mods_any) / sizeof(mods_any[0]));
		if (v4)
			run_mods(x, mods_v4, sizeof(mods_v4) / sizeof(mods_v4[0]));
		else
			run_mods(x, mods_v6, sizeof(mods_v6) / sizeof(mods_v6[0]));
	}
	/* promiscuous: a foreign destination MAC is accepted */
	{
		struct good x = goods[0];

		x.k.promisc = true;
		assert_int_equal(cls_mod(&x, m_dmac, false), FRAME_OURS);
	}
	/* wrong IP version for the foreground: BAD_ADDR */
	{
		const struct good *x = &goods[5];	/* siit_rev: IPv6 arrives on the left */
		struct frame_cls k4;
		struct cfg c;
		char err[256];

		golden_cfg(&c, x->g);
		c.side[CFG_LEFT].ip_version = 4;	/* the left expects IPv4 */
		assert_int_equal(golden_cls_init(&k4, &c, x->g->dir, err, sizeof(err)), 0);
		assert_int_equal(frame_classify(&k4, x->b, x->len, NULL), FRAME_BAD_ADDR);
		/* the version check alone: IPv6 addresses expected, version 4
		 * (an edited k: the reference reads exp[] itself) */
		k4 = x->k;
		k4.exp[0].version = 4;
		assert_int_equal(frame_classify_ref(&k4, x->b, x->len, NULL), FRAME_BAD_ADDR);
	}
	for (i = 0; i < FRAME_KIND_COUNT; i++)
		assert_non_null(frame_kind_name((enum frame_kind)i));
	assert_string_equal(frame_kind_name(FRAME_KIND_COUNT), "unknown");
}

/* Bytes whose change does not matter to the receiver. */
static bool
dont_care(const struct good *x, size_t pos, uint8_t newval)
{
	if (pos >= 6 && pos <= 11)	/* source MAC */
		return true;
	if ((x->b[14] >> 4) == 6) {
		if (pos == 14)		/* traffic class, version kept */
			return (newval >> 4) == 6;
		return pos == 15 || pos == 16 || pos == 17 || pos == 21;
	}
	return false;
}

static void
single_byte_mutations(void **state)
{
	static uint8_t b[BUF_B];
	size_t i, pos;

	(void)state;
	for (i = 0; i < GOLDEN_NB; i++) {
		const struct good *x = &goods[i];
		size_t l4 = 14 + ((x->b[14] >> 4) == 4 ? 20 : 40);
		/* the stamp: full, or compact below 18 bytes of payload */
		size_t hdr = l4 + 8 + (golden_rd16(x->b + l4 + 4) < 8 + FRAME_STAMP_B ?
				       FRAME_STAMP_COMPACT_B : FRAME_STAMP_B);
		struct frame_rx_info ref, info;

		assert_int_equal(frame_classify(&x->k, x->b, x->len, &ref), FRAME_OURS);
		memcpy(b, x->b, x->len);
		for (pos = 0; pos < hdr; pos++) {
			unsigned int d;

			for (d = 1; d < 256; d++) {
				enum frame_kind k;

				b[pos] = (uint8_t)(x->b[pos] ^ d);
				k = frame_classify(&x->k, b, x->len, &info);
				if (k == FRAME_OURS) {
					if (!dont_care(x, pos, b[pos]))
						fail_msg("%s: byte %zu ^ %02x still ours",
							 x->g->name, pos, d);
					assert_true(info.seq == ref.seq && info.ts == ref.ts &&
						    info.trial_id == ref.trial_id &&
						    info.tagged == ref.tagged &&
						    info.background == ref.background);
				}
			}
			b[pos] = x->b[pos];
		}
		/* truncations */
		for (pos = 0; pos < x->len; pos++)
			assert_int_not_equal(classify_exact(&x->k, x->b, pos, &info),
					     FRAME_OURS);
	}
}

/* Generated frames with varying ports, slices, networks and a mix, both
 * directions, after a router: all ours with the right seq/flags; a slice
 * or network just outside the configured ones is not. */
static void
generated_routed(void **state)
{
	static uint8_t b[BUF_B];
	static const uint32_t sizes[] = { 100, 78 };	/* 78: compact IPv6 */
	int v, dir, si;

	(void)state;
	for (si = 0; si < 2; si++)
	for (v = 4; v <= 6; v += 2) {
		for (dir = CFG_FWD; dir <= CFG_REV; dir++) {
			struct cfg c;
			struct frame_gen g;
			struct frame_cls k;
			struct frame_rx_info info;
			struct cfg_dir *dv = &c.dir[dir];
			const struct cfg_side *rcv;
			char err[256];
			uint32_t i;

			golden_cfg_defaults(&c);
			c.side[CFG_LEFT].ip_version = c.side[CFG_RIGHT].ip_version = (uint8_t)v;
			c.frame_size_b = sizes[si];
			c.n = 5;
			c.m = 3;
			c.side[CFG_LEFT].num_nets = c.side[CFG_RIGHT].num_nets = 3;
			dv->src_slice = (struct cfg_var){ CFG_VAR_RANDOM, 10, 20 };
			if (v == 6)
				dv->dst_slice = (struct cfg_var){ CFG_VAR_INCREASING, 500, 999 };
			rcv = &c.side[dir == CFG_FWD ? CFG_RIGHT : CFG_LEFT];
			assert_int_equal(golden_gen_init(&g, &c, (enum cfg_dir_id)dir, 5, err, sizeof(err)), 0);
			assert_int_equal(golden_cls_init(&k, &c, (enum cfg_dir_id)dir, err, sizeof(err)), 0);
			frame_gen_set_trial(&g, 9);
			memset(b, 0, sizeof(b));
			for (i = 0; i < 5000; i++) {
				uint16_t len = frame_gen_next(&g, b, i, i * 2ull, i & 1);
				enum frame_kind kd;
				bool bg = i % 5 >= 3;
				size_t dst = 14 + (bg || v == 6 ? 24 : 16);
				size_t src = 14 + (bg || v == 6 ? 8 : 12);
				size_t alen = bg || v == 6 ? 16 : 4, net = dst + (alen == 4 ? 2 : 7);
				uint8_t save;

				golden_route(b, rcv);
				kd = frame_classify(&k, b, len, &info);
				if (kd != FRAME_OURS)
					fail_msg("IPv%d %u B dir %d frame %u: %s", v,
						 sizes[si], dir, i, frame_kind_name(kd));
				assert_true(info.seq == i && info.ts == i * 2ull);
				assert_int_equal(info.background, bg);
				assert_int_equal(info.tagged, i & 1);
				assert_int_equal(info.trial_id, 9);
				/* a source slice of 21, a network 3 above the base */
				save = b[src + alen - 1];
				b[src + alen - 2] = 0;
				b[src + alen - 1] = 21;
				golden_fix_cksums(b, len);
				assert_int_equal(frame_classify(&k, b, len, NULL), FRAME_BAD_ADDR);
				b[src + alen - 1] = 9;
				golden_fix_cksums(b, len);
				assert_int_equal(frame_classify(&k, b, len, NULL), FRAME_BAD_ADDR);
				b[src + alen - 1] = save;
				save = b[net];
				b[net] = (uint8_t)((alen == 4 ? rcv->ipv4[2] : rcv->ipv6[7]) + 3);
				golden_fix_cksums(b, len);
				assert_int_equal(frame_classify(&k, b, len, NULL), FRAME_BAD_ADDR);
				b[net] = save;
			}
		}
	}
}

/* A compact-stamped frame (IPv6 78 B) of the configuration c, routed. */
static size_t
compact_frame(struct frame_gen *g, const struct cfg *c, uint8_t *b,
	      uint64_t seq, uint64_t ts, bool tagged)
{
	size_t len = frame_gen_next(g, b, seq, ts, tagged);

	golden_route(b, &c->side[CFG_RIGHT]);
	return len;
}

/*
 * Issue 18 item 5: IPv6 78-byte frames carry the compact stamp (40-bit
 * sequence number and timestamp) and are accounted as any other: sequence
 * numbers up to 2^40 - 2 exactly, the bogus all-ones number, trial id,
 * direction, tagged; duplicates, reordering and losses through rxstate;
 * delays across the 40-bit timestamp's wrap.
 */
static void
compact_accounting(void **state)
{
	static const uint64_t seqs[] = { 0, 1, 0xffffffffull, (1ull << 32) + 5,
					 (1ull << 39) + 7, (1ull << 40) - 2 };
	static uint64_t bits[RXSTATE_WORDS];
	static uint8_t b[BUF_B];
	const uint64_t base = (1ull << 40) - 2 - 3000;
	struct frame_rx_info info;
	struct frame_cls k, k2, krev;
	struct frame_gen g, g2;
	struct rxstate st;
	char err[256];
	struct cfg c, c2;
	size_t i, len;
	uint64_t s;

	(void)state;
	golden_cfg_defaults(&c);
	c.side[CFG_LEFT].ip_version = c.side[CFG_RIGHT].ip_version = 6;
	c.frame_size_b = 78;
	c.dir[CFG_FWD].sport = (struct cfg_var){ CFG_VAR_RANDOM, 1024, 65535 };
	assert_int_equal(golden_gen_init(&g, &c, CFG_FWD, 3, err, sizeof(err)), 0);
	assert_int_equal(golden_cls_init(&k, &c, CFG_FWD, err, sizeof(err)), 0);
	assert_true(g.fg.compact && k.fast[0].compact);
	assert_true(frame_gen_max_frames(&g) == (1ull << 40) - 1);
	frame_gen_set_trial(&g, 21);
	memset(b, 0, sizeof(b));

	for (i = 0; i < sizeof(seqs) / sizeof(seqs[0]); i++) {
		len = compact_frame(&g, &c, b, seqs[i], 0x12345678900ull + i, i & 1);
		assert_int_equal(len, 74);
		assert_int_equal(golden_verify(b, len), 6);
		memset(&info, 0xee, sizeof(info));
		assert_int_equal(frame_classify(&k, b, len, &info), FRAME_OURS);
		assert_int_equal(frame_classify_fast(&k, b, len, NULL), FRAME_OURS);
		assert_true(info.seq == seqs[i]);
		/* the TSC's low 40 bits, whichever path */
		assert_true((info.ts ^ ((0x12345678900ull + i) & 0xffffffffffull)) <= 3);
		assert_int_equal(info.trial_id, 21);
		assert_int_equal(info.tagged, i & 1);
		assert_false(info.background);
		assert_int_equal(info.ts_shift, 24);
		assert_int_equal(frame_classify_ref(&k, b, len, &info), FRAME_OURS);
		assert_true(info.seq == seqs[i]);
		/* the stamp's bytes, read independently */
		assert_true(golden_rd40(b + 54 + 10) == seqs[i]);
	}
	/* the prefilled frames' bogus number: beyond every trial */
	len = compact_frame(&g, &c, b, UINT64_MAX, 0, false);
	assert_int_equal(frame_classify(&k, b, len, &info), FRAME_OURS);
	assert_true(info.seq == UINT64_MAX);

	/* a receiver of the other direction that expects these addresses
	 * and ports: the direction bit alone rejects the frame */
	c2 = c;
	memcpy(c2.side[CFG_RIGHT].ipv6, c2.side[CFG_LEFT].ipv6, 16);
	c2.dir[CFG_REV] = c2.dir[CFG_FWD];
	c2.promisc = true;
	assert_int_equal(golden_gen_init(&g2, &c2, CFG_FWD, 3, err, sizeof(err)), 0);
	assert_int_equal(golden_cls_init(&k2, &c2, CFG_FWD, err, sizeof(err)), 0);
	assert_int_equal(golden_cls_init(&krev, &c2, CFG_REV, err, sizeof(err)), 0);
	len = compact_frame(&g2, &c2, b, 77, 0, false);
	assert_int_equal(frame_classify(&k2, b, len, &info), FRAME_OURS);
	assert_int_equal(frame_classify(&krev, b, len, &info), FRAME_BAD_STAMP);

	/* rxstate: 3000 frames below 2^40 - 2, one lost, every 100th twice,
	 * one pair swapped, a stale trial's frame, the bogus number */
	rxstate_init(&st, bits);
	rxstate_set_total(&st, (1ull << 40) - 1);
	for (i = 0; i < 3000; i++) {
		s = base + i;
		if (i == 1000)
			continue;			/* lost */
		if (i == 2000 || i == 2001)
			s = base + (i == 2000 ? 2001 : 2000);	/* swapped */
		len = compact_frame(&g, &c, b, s, i, false);
		assert_int_equal(frame_classify(&k, b, len, &info), FRAME_OURS);
		assert_int_equal(info.trial_id, 21);
		rxstate_add(&st, info.seq, false);
		if (i % 100 == 0) {
			assert_int_equal(frame_classify(&k, b, len, &info), FRAME_OURS);
			rxstate_add(&st, info.seq, false);
		}
	}
	len = compact_frame(&g, &c, b, UINT64_MAX, 0, false);
	assert_int_equal(frame_classify(&k, b, len, &info), FRAME_OURS);
	rxstate_add(&st, info.seq, false);
	frame_gen_set_trial(&g, 20);
	len = compact_frame(&g, &c, b, base + 5, 0, false);
	assert_int_equal(frame_classify(&k, b, len, &info), FRAME_OURS);
	assert_int_equal(info.trial_id, 20);	/* stale: the caller skips it */
	assert_int_equal(st.c.received, 2999);
	assert_int_equal(st.c.duplicates, 29);	/* 1000 was lost */
	assert_int_equal(st.c.reordered, 1);
	assert_int_equal(st.c.beyond, 1);
	assert_true(st.c.max_seq == base + 3000);

	/* delays: 40-bit timestamps across the wrap, and a TSC ahead */
	info.ts_shift = 24;
	info.ts = 0xfffffffff6ull;		/* TSC 5 * 2^40 - 10 */
	assert_true(frame_rx_delay(&info, (5ull << 40) + 90) == 100);
	assert_true(frame_rx_delay(&info, (5ull << 40) - 10) == 0);
	assert_true(frame_rx_delay(&info, (5ull << 40) - 20) == 0);
	info.ts = 1000;
	assert_true(frame_rx_delay(&info, (7ull << 40) + 1000 + (1ull << 38)) ==
		    1ull << 38);
	info.ts_shift = 0;			/* full stamp: as before */
	info.ts = 5000;
	assert_true(frame_rx_delay(&info, 5100) == 100);
	assert_true(frame_rx_delay(&info, 4000) == 0);
	assert_true(frame_rx_delay(&info, (1ull << 50) + 5000) == 1ull << 50);
}

/* Independent acceptance check: right checksums, right MAC, addresses and
 * ports equal to the base frame's (golden frames vary nothing). */
static bool
acceptable(const struct good *x, const uint8_t *b, size_t len)
{
	int v = golden_verify(b, len);
	size_t a = v == 4 ? 26 : 22, alen = v == 4 ? 8 : 32;

	return v != 0 && v == golden_verify(x->b, x->len) &&
	       memcmp(b, x->b, 6) == 0 && memcmp(b + 12, x->b + 12, 2) == 0 &&
	       memcmp(b + a, x->b + a, alen) == 0 &&
	       memcmp(b + a + alen, x->b + a + alen, 4) == 0 &&
	       b[a + alen + 8] == FRAME_MAGIC &&
	       ((b[a + alen + 9] ^ x->b[a + alen + 9]) & (FRAME_FLAG_REV | FRAME_FLAG_BG)) == 0;
}

static void
fuzz(void **state)
{
	static uint8_t b[BUF_B];
	int i, ours = 0;

	(void)state;
	for (i = 0; i < 1000000; i++) {
		const struct good *x = &goods[rnd() % GOLDEN_NB];
		size_t len, j, n;
		uint32_t r = rnd();
		struct frame_rx_info info;

		if (r % 4 == 0) {	/* random bytes, plausible ethertype */
			len = rnd() % 120;
			for (j = 0; j < len; j++)
				b[j] = (uint8_t)rnd();
			if (len >= 15 && r & 16) {
				golden_put16(b + 12, r & 32 ? 0x0800 : 0x86dd);
				b[14] = r & 32 ? 0x45 : 0x60;
			}
		} else {		/* a golden frame, damaged */
			len = x->len;
			memcpy(b, x->b, len);
			n = 1 + rnd() % 4;
			for (j = 0; j < n; j++) {
				size_t pos = r & 64 ? rnd() % 80 : rnd() % len;

				b[pos % len] = (uint8_t)rnd();
			}
			if (r & 128)
				len = rnd() % (len + 1);
			else if (r & 256)
				len += rnd() % 20;	/* stale bytes after the end */
			if (r & 512)
				golden_fix_cksums(b, len);
		}
		if (classify_exact(&x->k, b, len, &info) == FRAME_OURS) {
			ours++;
			if (!acceptable(x, b, len))
				fail_msg("iteration %d: accepted a frame the independent check rejects", i);
		}
	}
	print_message("fuzz: %d of 1000000 accepted, all independently valid\n", ours);
	assert_true(ours > 1000);	/* fixed-up mutations do get through */
}

/*
 * trials.csv's foreign groups (frame_kind_group): each foreign kind in
 * the group docs/accounting.md gives it, and real frames of each: what
 * Linux sends on a link of its own (MLD, ARP) is link, ICMP ip, and a
 * datagram NAT rewrote (addresses) or without our signature udp.
 */
static void
foreign_groups(void **state)
{
	static const enum frame_group want[FRAME_KIND_COUNT] = {
		[FRAME_OURS] = FRAME_GROUP_COUNT,
		[FRAME_FOREIGN_ARP] = FRAME_GROUP_LINK,
		[FRAME_FOREIGN_ND] = FRAME_GROUP_LINK,
		[FRAME_FOREIGN_LLDP] = FRAME_GROUP_LINK,
		[FRAME_FOREIGN_OTHER_L2] = FRAME_GROUP_LINK,
		[FRAME_FOREIGN_OTHER_L3] = FRAME_GROUP_IP,
		[FRAME_FOREIGN_OTHER_UDP] = FRAME_GROUP_UDP,
		[FRAME_BAD_TRUNCATED] = FRAME_GROUP_IP,
		[FRAME_BAD_IP] = FRAME_GROUP_IP,
		[FRAME_BAD_UDP_CKSUM] = FRAME_GROUP_UDP,
		[FRAME_BAD_ADDR] = FRAME_GROUP_UDP,
		[FRAME_BAD_PORT] = FRAME_GROUP_UDP,
		[FRAME_BAD_STAMP] = FRAME_GROUP_UDP,
		[FRAME_FOREIGN_VLAN] = FRAME_GROUP_LINK,
	};
	size_t i;
	int k;

	(void)state;
	for (k = 0; k < FRAME_KIND_COUNT; k++)
		if (frame_kind_group((enum frame_kind)k) != want[k])
			fail_msg("%s: group %d, want %d", frame_kind_name(k),
				 (int)frame_kind_group((enum frame_kind)k),
				 (int)want[k]);
	assert_int_equal(frame_kind_group(FRAME_KIND_COUNT), FRAME_GROUP_COUNT);
	for (i = 0; i < GOLDEN_NB; i++) {
		const struct good *x = &goods[i];

		if ((x->b[14] >> 4) == 4) {
			assert_int_equal(frame_kind_group(cls_mod(x, m_proto_icmp, true)),
					 FRAME_GROUP_IP);
		} else {
			assert_int_equal(frame_kind_group(cls_mod(x, m_mld_hbh, false)),
					 FRAME_GROUP_LINK);
			assert_int_equal(frame_kind_group(cls_mod(x, m_icmp6, false)),
					 FRAME_GROUP_LINK);
		}
		assert_int_equal(frame_kind_group(cls_mod(x, m_arp, false)),
				 FRAME_GROUP_LINK);
		assert_int_equal(frame_kind_group(cls_mod(x, m_cut1, false)),
				 FRAME_GROUP_IP);
		assert_int_equal(frame_kind_group(cls_mod(x, m_magic, true)),
				 FRAME_GROUP_UDP);
		assert_int_equal(frame_kind_group(cls_mod(x, m_dmac, false)),
				 FRAME_GROUP_UDP);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_frames),
		cmocka_unit_test(bad_kinds),
		cmocka_unit_test(foreign_groups),
		cmocka_unit_test(single_byte_mutations),
		cmocka_unit_test(generated_routed),
		cmocka_unit_test(compact_accounting),
		cmocka_unit_test(fuzz),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Shared by tests/unit/test_frame.c, test_classify.c (and test_cksum.c,
 * test_pacer.c, test_rxstate.c for the PRNG): a struct cfg with
 * the documented defaults filled by hand (cfg.c is another module), the
 * golden cases of gen_golden.py (keep both tables in step), the
 * generator and classifier of a cfg (golden_gen_init, golden_cls_init),
 * a reader of frames.txt, a small PRNG and an independent checksum
 * verifier and fixer.
 */
#ifndef DUTPERF_GOLDEN_CASES_H
#define DUTPERF_GOLDEN_CASES_H

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "dutperf/frame.h"

struct golden_case {
	const char *name;
	uint8_t left_v, right_v;
	uint32_t size_b;
	enum cfg_dir_id dir;
	uint16_t sport, dport;	/* fixed ports */
	uint64_t seq, ts;
	uint8_t trial;
	bool tagged, bg;
};

static const struct golden_case golden_cases[] = {
	{ "ipv4_64", 4, 4, 64, CFG_FWD, 0xC020, 7, 1, 0x0102030405060708ull, 3, false, false },
	{ "ipv4_1518", 4, 4, 1518, CFG_REV, 1234, 5678, 0xDEADBEEFull, 42, 31, true, false },
	{ "ipv6_84", 6, 6, 84, CFG_FWD, 0xC020, 7, 7, 0, 0, true, false },
	{ "ipv6_1518", 6, 6, 1518, CFG_REV, 40000, 53, (1ull << 40) + 5, UINT64_MAX, 17, false, false },
	{ "siit_fwd", 6, 4, 84, CFG_FWD, 0xC020, 7, 1000, 123456789, 1, false, false },
	{ "siit_rev", 6, 4, 84, CFG_REV, 0xC020, 7, 2000, 987654321, 2, true, false },
	{ "siit_fwd_bg", 6, 4, 84, CFG_FWD, 0xC020, 7, 3000, 5, 4, false, true },
	{ "siit_rev_bg", 6, 4, 84, CFG_REV, 1, 65535, 4000, 6, 5, true, true },
	/* compact stamp: seq and ts of 40 bits */
	{ "ipv6_78", 6, 6, 78, CFG_FWD, 0xC020, 7, (1ull << 39) + 0x123456, 0xABCDEF0123ull, 9, true, false },
	{ "ipv6_83", 6, 6, 83, CFG_REV, 1234, 5678, (1ull << 40) - 2, (1ull << 40) - 1, 31, false, false },
	{ "ipv4_78_bg", 4, 4, 78, CFG_FWD, 0xC020, 7, 12345, 77, 2, false, true },
};
#define GOLDEN_NB (sizeof(golden_cases) / sizeof(golden_cases[0]))

static inline void
golden_mac(uint8_t *m, uint8_t b4, uint8_t b5)
{
	static const uint8_t base[6] = { 2, 0, 0, 0, 0, 0 };

	memcpy(m, base, 6);
	m[4] = b4;
	m[5] = b5;
}

/* The defaults of the INI key list, filled by hand. */
static inline void
golden_cfg_defaults(struct cfg *c)
{
	static const char *const a4[2][2] = {
		{ "198.18.0.2", "198.18.255.2" }, { "198.19.0.2", "198.19.255.2" } };
	static const char *const a6[2][2] = {
		{ "2001:2::2", "2001:2:0:64::c612:2" },
		{ "2001:2:0:1::2", "2001:2:0:64::c613:2" } };
	int i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < CFG_NB_SIDES; i++) {
		struct cfg_side *s = &c->side[i];

		s->port_id = (uint16_t)i;
		s->ip_version = 4;
		inet_pton(AF_INET, a4[i][0], s->ipv4);
		inet_pton(AF_INET, a4[i][1], s->ipv4_virt);
		inet_pton(AF_INET6, a6[i][0], s->ipv6);
		inet_pton(AF_INET6, a6[i][1], s->ipv6_virt);
		golden_mac(s->mac, (uint8_t)i, 0x10);
		golden_mac(s->dut_mac, (uint8_t)i, 0x20);
		s->num_nets = 1;
		s->recv_lcore = 1;
		s->queues = 1;
		s->pool_mbufs = 8191;
	}
	for (i = 0; i < CFG_NB_DIRS; i++) {
		struct cfg_dir *d = &c->dir[i];

		d->sport = (struct cfg_var){ CFG_VAR_RANDOM, 1024, 65535 };
		d->dport = (struct cfg_var){ CFG_VAR_RANDOM, 1, 49151 };
		d->sport_fixed = 0xC020;
		d->dport_fixed = 7;
		d->src_slice = (struct cfg_var){ CFG_VAR_FIXED, 0, 65535 };
		d->dst_slice = (struct cfg_var){ CFG_VAR_FIXED, 0, 65535 };
	}
	c->frame_size_b = 64;
	c->rate_fps = 10000;
	c->duration_s = 60;
	c->timeout_ms = 2000;
	c->n = 2;
	c->m = 2;
	c->burst = 1;
	c->link_speed_gbps = 10;
}

/* cfg_defaults (cfg.c) with the golden sides and directions: a
 * configuration that passes cfg_validate. */
static inline void
golden_cfg_valid(struct cfg *c)
{
	struct cfg g;

	golden_cfg_defaults(&g);
	cfg_defaults(c);
	memcpy(c->side, g.side, sizeof(c->side));
	memcpy(c->dir, g.dir, sizeof(c->dir));
	snprintf(c->outdir, sizeof(c->outdir), "out");
}

/* The configuration of one golden case. */
static inline void
golden_cfg(struct cfg *c, const struct golden_case *g)
{
	golden_cfg_defaults(c);
	c->side[CFG_LEFT].ip_version = g->left_v;
	c->side[CFG_RIGHT].ip_version = g->right_v;
	c->frame_size_b = g->size_b;
	c->jumbo = false;
	c->dir[g->dir].sport.mode = CFG_VAR_FIXED;
	c->dir[g->dir].dport.mode = CFG_VAR_FIXED;
	c->dir[g->dir].sport_fixed = g->sport;
	c->dir[g->dir].dport_fixed = g->dport;
	if (g->bg) {
		c->n = 1;
		c->m = 0;
	}
}

/*
 * The spec of direction d of c, then its generator or classifier: what
 * frame_gen_init and frame_cls_init took before struct frame_spec.  0 or
 * frame_spec_from_cfg's error.
 */
static inline int
golden_gen_init(struct frame_gen *g, const struct cfg *c, enum cfg_dir_id d,
		uint64_t seed, char *err, size_t err_len)
{
	struct frame_spec s;
	int rc = frame_spec_from_cfg(&s, c, d, err, err_len);

	if (rc == 0)
		frame_gen_init(g, &s, seed);
	return rc;
}

static inline int
golden_cls_init(struct frame_cls *k, const struct cfg *c, enum cfg_dir_id d,
		char *err, size_t err_len)
{
	struct frame_spec s;
	int rc = frame_spec_from_cfg(&s, c, d, err, err_len);

	if (rc == 0)
		frame_cls_init(k, &s);
	return rc;
}

/* Read frame "name" of frames.txt into buf; returns its length or -1. */
static inline int
golden_read(const char *name, uint8_t *buf, size_t cap)
{
	char path[1024], *line = NULL;
	size_t lcap = 0, nlen = strlen(name);
	int len = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/golden/frames.txt", TEST_DATA_DIR);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (getline(&line, &lcap, f) > 0) {
		const char *h = line + nlen + 1;
		size_t i;

		if (strncmp(line, name, nlen) != 0 || line[nlen] != ' ')
			continue;
		for (i = 0; i < cap && h[2 * i] && h[2 * i] != '\n'; i++) {
			unsigned int b;

			if (sscanf(h + 2 * i, "%2x", &b) != 1)
				break;
			buf[i] = (uint8_t)b;
		}
		len = (int)i;
		break;
	}
	free(line);
	fclose(f);
	return len;
}

/* Test-local PRNG (xorshift64*), independent of rfc4814.c. */
static inline uint64_t
golden_rnd64(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dull;
}

/* Its high 32 bits. */
static inline uint32_t
golden_rnd(uint64_t *state)
{
	return (uint32_t)(golden_rnd64(state) >> 32);
}

/* Big-endian reads, for tests that check bytes without frame.c. */
static inline uint16_t
golden_rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* A big-endian field of n bytes (n <= 8). */
static inline uint64_t
golden_rdn(const uint8_t *p, int n)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/* The compact stamp's 40-bit fields; the full stamp's 64-bit ones. */
static inline uint64_t
golden_rd40(const uint8_t *p)
{
	return golden_rdn(p, 5);
}

static inline uint64_t
golden_rd64(const uint8_t *p)
{
	return golden_rdn(p, 8);
}

/* Naive RFC 1071 sum of big-endian words, independent of cksum.c. */
static inline uint32_t
golden_sum(const uint8_t *p, size_t n, uint32_t s)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		s += (uint32_t)(p[i] << 8 | p[i + 1]);
	if (n & 1)
		s += (uint32_t)p[n - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

/* Folded sum of the UDP pseudo header (the addresses of b's IPv4 or IPv6
 * header, protocol, ulen) and the ulen bytes of UDP at b + l4: 0xffff
 * when the checksum field verifies. */
static inline uint32_t
golden_udp_sum(const uint8_t *b, size_t l4, uint16_t ulen)
{
	bool v4 = golden_rd16(b + 12) == 0x0800;
	uint32_t s = golden_sum(b + (v4 ? 26 : 22), v4 ? 8 : 32, 0) + 17 + ulen;

	return golden_sum(b + l4, ulen, s);
}

static inline void
golden_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* Recompute the IPv4 header checksum of b (any IHL) with golden_sum. */
static inline void
golden_fix_ip4_hdr(uint8_t *b)
{
	golden_put16(b + 24, 0);
	golden_put16(b + 24, (uint16_t)~golden_sum(b + 14, (size_t)(b[14] & 15) * 4, 0));
}

/* Simulated router between the ports (rcv: the receiving side): new
 * MACs, TTL / hop limit - 1, the IPv4 header checksum updated. */
static inline void
golden_route(uint8_t *b, const struct cfg_side *rcv)
{
	memcpy(b, rcv->mac, 6);
	memcpy(b + 6, rcv->dut_mac, 6);
	if (b[12] == 0x08) {
		b[22]--;
		golden_fix_ip4_hdr(b);
	} else {
		b[21]--;
	}
}

/*
 * Recompute the IPv4 header and UDP checksums of whatever frame b (len
 * bytes) looks like, as far as its headers allow (naive sums), so that a
 * deliberate change is judged on what it changes.
 */
static inline void
golden_fix_cksums(uint8_t *b, size_t len)
{
	uint16_t et, ulen, ck;
	size_t l4;

	if (len < 14)
		return;
	et = golden_rd16(b + 12);
	if (et == 0x0800 && len >= 34 && len >= 14 + (size_t)(b[14] & 15) * 4) {
		golden_fix_ip4_hdr(b);
		if (b[23] != 17)
			return;
		l4 = 14 + (size_t)(b[14] & 15) * 4;
	} else if (et == 0x86dd && len >= 54 && b[20] == 17) {
		l4 = 54;
	} else {
		return;
	}
	if (len < l4 + 8)
		return;
	ulen = golden_rd16(b + l4 + 4);
	if (ulen < 8 || ulen > len - l4)
		return;
	golden_put16(b + l4 + 6, 0);
	ck = (uint16_t)~golden_udp_sum(b, l4, ulen);
	golden_put16(b + l4 + 6, ck ? ck : 0xffff);
}

/*
 * Independent check of an IPv4/IPv6 UDP frame without options or
 * extension headers: lengths consistent, IPv4 header checksum right, UDP
 * checksum present and right.  Returns the IP version or 0.
 */
static inline int
golden_verify(const uint8_t *b, size_t len)
{
	uint16_t et, ulen;
	const uint8_t *u;

	if (len < 14)
		return 0;
	et = (uint16_t)(b[12] << 8 | b[13]);
	if (et == 0x0800) {
		uint16_t tot;

		if (len < 34 || b[14] != 0x45 || b[23] != 17)
			return 0;
		tot = (uint16_t)(b[16] << 8 | b[17]);
		if (tot < 28 || tot > len - 14 || golden_sum(b + 14, 20, 0) != 0xffff)
			return 0;
		u = b + 34;
		ulen = (uint16_t)(u[4] << 8 | u[5]);
		if (ulen != tot - 20)
			return 0;
		if ((u[6] | u[7]) == 0)
			return 0;
		return golden_udp_sum(b, 34, ulen) == 0xffff ? 4 : 0;
	}
	if (et == 0x86dd) {
		uint16_t pl;

		if (len < 62 || (b[14] >> 4) != 6 || b[20] != 17)
			return 0;
		pl = (uint16_t)(b[18] << 8 | b[19]);
		if (pl < 8 || pl > len - 54)
			return 0;
		u = b + 54;
		ulen = (uint16_t)(u[4] << 8 | u[5]);
		if (ulen != pl || (u[6] | u[7]) == 0)
			return 0;
		return golden_udp_sum(b, 54, ulen) == 0xffff ? 6 : 0;
	}
	return 0;
}

#endif /* DUTPERF_GOLDEN_CASES_H */

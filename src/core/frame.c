/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame: build test frames (sender) and classify received frames
 * (receiver).  Layout, stamp and decisions: docs/frames.md.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cksum.h"
#include "dutperf/frame.h"

#define ETH_HDR_B 14
#define IP4_HDR_B 20
#define IP6_HDR_B 40
#define UDP_HDR_B 8
#define ETHERTYPE_IPV4 0x0800
#define ETHERTYPE_IPV6 0x86dd
#define ETHERTYPE_ARP 0x0806
#define ETHERTYPE_LLDP 0x88cc
#define IPPROTO_UDP_ 17
#define IPPROTO_ICMPV6_ 58
#define TTL_DEFAULT 64		/* RFC 1700 / RFC 8200 default hop limit */

/* Field ids; stream of a field = (direction << 8) | id. */
enum gen_field {
	GEN_SPORT = 1,
	GEN_DPORT,
	GEN_SRC_SLICE,
	GEN_DST_SLICE,
	GEN_NET
};

static inline void
put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline uint16_t
get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline void
put64(uint8_t *p, uint64_t v)
{
	v = htobe64(v);
	memcpy(p, &v, 8);
}

static const struct cfg_side *
sender(const struct cfg *c, enum cfg_dir_id d)
{
	return &c->side[cfg_tx_side(d)];
}

static const struct cfg_side *
receiver(const struct cfg *c, enum cfg_dir_id d)
{
	return &c->side[cfg_rx_side(d)];
}

/* Byte of an address of version v that selects the network (RFC 2544 12). */
static uint16_t
net_index(uint8_t v)
{
	return v == 4 ? 2 : 7;
}

static int
check_var(const struct cfg_var *f, const char *name, char *err, size_t err_len)
{
	if (f->mode > CFG_VAR_RANDOM || f->min > f->max) {
		snprintf(err, err_len, "%s: bad mode %d or min %u > max %u", name,
			 (int)f->mode, f->min, f->max);
		return -EINVAL;
	}
	return 0;
}

/* Common checks of frame_gen_init and frame_cls_init. */
static int
check_cfg(const struct cfg *c, enum cfg_dir_id d, char *err, size_t err_len)
{
	const struct cfg_dir *dv;
	int i, rc = 0;

	if ((unsigned int)d >= CFG_NB_DIRS) {
		snprintf(err, err_len, "bad direction %d", (int)d);
		return -EINVAL;
	}
	for (i = 0; i < CFG_NB_SIDES; i++) {
		const struct cfg_side *s = &c->side[i];

		if (s->ip_version != 4 && s->ip_version != 6) {
			snprintf(err, err_len, "%s: ip_version %u is not 4 or 6",
				 i == CFG_LEFT ? "left" : "right", s->ip_version);
			return -EINVAL;
		}
		if (s->num_nets < 1 || s->num_nets > CFG_MAX_NETS) {
			snprintf(err, err_len, "%s: num_nets %u not in 1..%d",
				 i == CFG_LEFT ? "left" : "right", s->num_nets,
				 CFG_MAX_NETS);
			return -EINVAL;
		}
	}
	if (c->n < 1 || c->m > c->n) {
		snprintf(err, err_len, "n = %u, m = %u: need n >= 1 and m <= n",
			 c->n, c->m);
		return -EINVAL;
	}
	if (c->frame_size_b < CFG_MIN_FRAME_B || c->frame_size_b > CFG_MAX_JUMBO_B) {
		snprintf(err, err_len, "frame_size_b %u not in %d..%d",
			 c->frame_size_b, CFG_MIN_FRAME_B, CFG_MAX_JUMBO_B);
		return -EINVAL;
	}
	dv = &c->dir[d];
	if (!rc)
		rc = check_var(&dv->sport, "sport", err, err_len);
	if (!rc)
		rc = check_var(&dv->dport, "dport", err, err_len);
	if (!rc)
		rc = check_var(&dv->src_slice, "src_slice", err, err_len);
	if (!rc)
		rc = check_var(&dv->dst_slice, "dst_slice", err, err_len);
	return rc;
}

/*
 * Networks vary byte net_index(v) of the destination from its configured
 * value upwards; it must not pass 255 and, for IPv4 (byte 2 lies in the low
 * 16 bits), must not meet a varying destination slice.
 */
static int
check_nets(uint8_t v, const uint8_t *dst, uint16_t num_nets,
	   const struct cfg_var *dst_slice, char *err, size_t err_len)
{
	uint16_t b = dst[net_index(v)];

	if (num_nets <= 1)
		return 0;
	if (b + num_nets - 1 > 255) {
		snprintf(err, err_len,
			 "num_nets %u: byte %u of the IPv%u destination (%u) would pass 255",
			 num_nets, net_index(v), v, b);
		return -EINVAL;
	}
	if (v == 4 && dst_slice->mode != CFG_VAR_FIXED) {
		snprintf(err, err_len,
			 "num_nets %u and a varying dst_slice both change byte 2 of the IPv4 destination",
			 num_nets);
		return -EINVAL;
	}
	return 0;
}

/* Buffer length of a frame of version v (sizes include the FCS). */
static uint32_t
frame_len_b(const struct cfg *c, uint8_t v)
{
	bool xlat = c->side[CFG_LEFT].ip_version != c->side[CFG_RIGHT].ip_version;

	/* RFC 8219 5.1.1: IPv4 frames are 20 bytes shorter when translating. */
	return c->frame_size_b - (xlat && v == 4 ? 20 : 0) - FRAME_FCS_B;
}

/*
 * What a stateless translator adds to the UDP checksum sum: the receiver's
 * view of both addresses minus the sender's (one's complement; lengths and
 * protocol are the same in both pseudo-headers, and varying slices or
 * network bytes sit at the same word positions on both sides).
 */
static uint16_t
xlat_delta(const struct cfg_side *s, const struct cfg_side *o, uint8_t v,
	   const uint8_t *src, const uint8_t *dst)
{
	uint8_t ov = o->ip_version;
	uint16_t alen = v == 4 ? 4 : 16, olen = ov == 4 ? 4 : 16;
	uint32_t rx, tx;

	rx = cksum_partial(cfg_side_seen_addr(s, ov), olen, 0);
	rx = cksum_partial(cfg_side_addr(o, ov), olen, rx);
	tx = cksum_partial(src, alen, 0);
	tx = cksum_partial(dst, alen, tx);
	return cksum_fold((uint64_t)cksum_fold(rx) + (uint16_t)~cksum_fold(tx));
}

static int
tmpl_build(struct frame_tmpl *t, const struct cfg *c, enum cfg_dir_id d,
	   uint8_t v, bool bg, char *err, size_t err_len)
{
	const struct cfg_side *s = sender(c, d), *o = receiver(c, d);
	const struct cfg_dir *dv = &c->dir[d];
	uint32_t len = frame_len_b(c, v);
	uint16_t alen = v == 4 ? 4 : 16, ip_hdr = v == 4 ? IP4_HDR_B : IP6_HDR_B;
	uint16_t src_off, dst_off, udp_len;
	const uint8_t *src = cfg_side_addr(s, v);
	const uint8_t *dst = bg ? o->ipv6 : cfg_side_seen_addr(o, v);
	uint8_t *h = t->hdr;
	uint32_t pseudo;
	int rc;

	memset(t, 0, sizeof(*t));
	t->ip_version = v;
	t->l3_off = ETH_HDR_B;
	t->l4_off = ETH_HDR_B + ip_hdr;
	t->stamp_off = t->l4_off + UDP_HDR_B;
	t->hdr_len = t->stamp_off + FRAME_STAMP_B;
	if (len < t->hdr_len || len > FRAME_MAX_BUF_B) {
		snprintf(err, err_len,
			 "%s IPv%u frame of %u bytes: must be %u..%u bytes with the FCS",
			 bg ? "background" : "test", v, len + FRAME_FCS_B,
			 t->hdr_len + FRAME_FCS_B, FRAME_MAX_BUF_B + FRAME_FCS_B);
		return -EINVAL;
	}
	t->len = (uint16_t)len;
	t->copy_len = len < FRAME_HDR_MAX_B ? (uint16_t)len : FRAME_HDR_MAX_B;
	rc = check_nets(v, dst, o->num_nets, &dv->dst_slice, err, err_len);
	if (rc)
		return rc;

	/* Ethernet: to the DUT port facing the sender. */
	memcpy(h, s->dut_mac, 6);
	memcpy(h + 6, s->mac, 6);
	put16(h + 12, v == 4 ? ETHERTYPE_IPV4 : ETHERTYPE_IPV6);
	udp_len = (uint16_t)(len - ETH_HDR_B - ip_hdr);
	if (v == 4) {
		uint8_t *ip = h + ETH_HDR_B;

		ip[0] = 0x45;			/* version 4, IHL 5, TOS 0 */
		put16(ip + 2, (uint16_t)(len - ETH_HDR_B));
		/* ID 0, DF 0, fragment offset 0 (ip[4..7] zero) */
		ip[8] = TTL_DEFAULT;
		ip[9] = IPPROTO_UDP_;
		src_off = ETH_HDR_B + 12;
		dst_off = ETH_HDR_B + 16;
	} else {
		uint8_t *ip = h + ETH_HDR_B;

		ip[0] = 0x60;			/* traffic class 0, flow label 0 */
		put16(ip + 4, udp_len);
		ip[6] = IPPROTO_UDP_;
		ip[7] = TTL_DEFAULT;
		src_off = ETH_HDR_B + 8;
		dst_off = ETH_HDR_B + 24;
	}
	memcpy(h + src_off, src, alen);
	memcpy(h + dst_off, dst, alen);
	put16(h + t->l4_off + 4, udp_len);
	h[t->stamp_off] = FRAME_MAGIC;
	t->flags = bg ? FRAME_FLAG_BG : 0;

	/* Slices: the template holds zero there; a fixed slice adds the
	 * address's own bits through *_slice_base, a varying one its value. */
	t->src_slice_off = src_off + alen - 2;
	t->dst_slice_off = dst_off + alen - 2;
	if (dv->src_slice.mode == CFG_VAR_FIXED)
		t->src_slice_base = get16(h + t->src_slice_off);
	if (dv->dst_slice.mode == CFG_VAR_FIXED)
		t->dst_slice_base = get16(h + t->dst_slice_off);
	put16(h + t->src_slice_off, 0);
	put16(h + t->dst_slice_off, 0);

	/* Network byte, written after the slices.  With one network it
	 * points at the magic byte, rewritten with its own value (k is
	 * always 0), so the hot path needs no test. */
	if (o->num_nets > 1) {
		t->net_off = dst_off + net_index(v);
		t->net_base = dst[net_index(v)];
		t->net_shift = (net_index(v) & 1) ? 0 : 8;
	} else {
		t->net_off = t->stamp_off;
		t->net_base = FRAME_MAGIC;
	}

	/* Partial sums over everything that does not vary. */
	if (v == 4) {
		pseudo = cksum_pseudo4(h + src_off, h + dst_off, IPPROTO_UDP_,
				       udp_len);
		t->ip4_sum_base = cksum_partial(h + ETH_HDR_B, IP4_HDR_B, 0);
	} else {
		pseudo = cksum_pseudo6(h + src_off, h + dst_off, IPPROTO_UDP_,
				       udp_len);
	}
	/* payload past the stamp is zero and adds nothing */
	t->udp_sum_base = cksum_partial(h + t->l4_off, t->hdr_len - t->l4_off,
					pseudo);
	if (!bg && v != o->ip_version)
		t->xlat_delta = xlat_delta(s, o, v, src, dst);
	return 0;
}

/* Checks, then the sending and receiving sides and the variation of d. */
static int
dir_init(const struct cfg *c, enum cfg_dir_id d, const struct cfg_side **s,
	 const struct cfg_side **o, const struct cfg_dir **dv, char *err,
	 size_t err_len)
{
	int rc = check_cfg(c, d, err, err_len);

	if (rc)
		return rc;
	*s = sender(c, d);
	*o = receiver(c, d);
	*dv = &c->dir[d];
	return 0;
}

static void
field_init(struct rfc4814_field *f, const struct cfg_var *var, uint16_t fixed,
	   uint64_t seed, uint64_t stream)
{
	if (var->mode == CFG_VAR_FIXED)
		rfc4814_init(f, CFG_VAR_FIXED, fixed, fixed, seed, stream);
	else
		rfc4814_init(f, var->mode, var->min, var->max, seed, stream);
}

int
frame_gen_init(struct frame_gen *g, const struct cfg *c, enum cfg_dir_id d,
	       uint64_t seed, char *err, size_t err_len)
{
	const struct cfg_side *s, *o;
	const struct cfg_dir *dv;
	uint64_t st = (uint64_t)d << 8;
	int rc;

	memset(g, 0, sizeof(*g));
	rc = dir_init(c, d, &s, &o, &dv, err, err_len);
	if (rc)
		return rc;
	rc = tmpl_build(&g->fg, c, d, s->ip_version, false, err, err_len);
	if (rc)
		return rc;
	if (c->n > c->m) {
		rc = tmpl_build(&g->bg, c, d, 6, true, err, err_len);
		if (rc)
			return rc;
	} else {
		g->bg = g->fg;	/* never chosen */
	}
	g->n = c->n;
	g->m = c->m;
	g->mix_pos = 0;
	/* RFC 2544 C.2.6.4 fixed ports; RFC 4814 4.5 ranges otherwise.  A
	 * fixed slice yields 0 and the template adds the address bits. */
	field_init(&g->sport, &dv->sport, dv->sport_fixed, seed, st | GEN_SPORT);
	field_init(&g->dport, &dv->dport, dv->dport_fixed, seed, st | GEN_DPORT);
	field_init(&g->src_slice, &dv->src_slice, 0, seed, st | GEN_SRC_SLICE);
	field_init(&g->dst_slice, &dv->dst_slice, 0, seed, st | GEN_DST_SLICE);
	/* RFC 2544 12: each frame to a pseudorandom one of num_nets. */
	rfc4814_init(&g->net, o->num_nets > 1 ? CFG_VAR_RANDOM : CFG_VAR_FIXED,
		     0, (uint16_t)(o->num_nets - 1), seed, st | GEN_NET);
	g->flags = d == CFG_REV ? FRAME_FLAG_REV : 0;
	return 0;
}

void
frame_gen_set_trial(struct frame_gen *g, uint8_t trial_id)
{
	g->flags = (uint8_t)((g->flags & FRAME_FLAG_REV) |
			     (trial_id & FRAME_TRIAL_ID_MAX) << FRAME_TRIAL_SHIFT);
}

uint16_t
frame_gen_max_len(const struct frame_gen *g)
{
	uint16_t l = g->fg.len;

	if (g->n > g->m && g->bg.len > l)
		l = g->bg.len;
	return l;
}

/* Rare path of gen_stamp: of ts^1, ts^2, ts^3 one is good for both
 * (each checksum has exactly one bad sum). */
static uint16_t
gen_avoid_zero(uint16_t xlat_delta, uint64_t sum, uint64_t *ts)
{
	uint64_t flip, s;
	uint16_t ck = 0;

	for (flip = 1; flip <= 3; flip++) {
		s = cksum_add64(sum, *ts ^ flip);
		ck = cksum_finish(s);
		if (ck != 0 && cksum_finish(s + xlat_delta) != 0) {
			*ts ^= flip;
			break;
		}
	}
	return ck;
}

/*
 * Ports, flags, sequence number, timestamp and the UDP checksum of one
 * frame, at its UDP header l4; base = the partial sum of every other UDP
 * word (fixed words, pseudo header, address bytes that vary).  Values, not
 * the template, come in: a store through l4 may alias the caller's state.
 */
static inline __attribute__((always_inline)) void
gen_stamp(uint8_t *l4, uint64_t base, uint16_t xlat_delta, uint16_t sp,
	  uint16_t dp, uint8_t flags, uint64_t seq, uint64_t ts)
{
	uint32_t ports = htobe32((uint32_t)sp << 16 | dp);
	uint64_t sum = cksum_add64(base + sp + dp + flags, seq);
	uint16_t ck = cksum_finish(cksum_add64(sum, ts));

	/*
	 * A checksum that computes to 0 is sent as 0xFFFF (RFC 768, RFC 8200
	 * 8.1), and a translator updating it incrementally may turn it into
	 * 0x0000 (RFC 1624 3), which IPv6 forbids: tayga does.  So no frame
	 * carries a checksum of +-0 before or after translation: the lowest
	 * bits of the timestamp change instead (at most 3 TSC ticks).
	 */
	if (__builtin_expect(ck == 0 || (xlat_delta != 0 &&
			     cksum_finish(cksum_add64(sum, ts) + xlat_delta) == 0),
			     0))
		ck = gen_avoid_zero(xlat_delta, sum, &ts);
	memcpy(l4, &ports, 4);
	put16(l4 + 6, ck);
	l4[UDP_HDR_B + 1] = flags;
	put64(l4 + UDP_HDR_B + 2, seq);
	put64(l4 + UDP_HDR_B + 10, ts);
}

/* Everything that varies from frame to frame, into buf that already holds
 * t's fixed bytes. */
static inline __attribute__((always_inline)) uint16_t
gen_fields(struct frame_gen *g, const struct frame_tmpl *t, uint8_t *buf,
	   uint64_t seq, uint64_t ts, bool tagged)
{
	uint16_t sp = rfc4814_next(&g->sport);
	uint16_t dp = rfc4814_next(&g->dport);
	uint16_t ss = (uint16_t)(t->src_slice_base + rfc4814_next(&g->src_slice));
	uint16_t ds = (uint16_t)(t->dst_slice_base + rfc4814_next(&g->dst_slice));
	uint16_t k = rfc4814_next(&g->net);
	uint8_t flags = (uint8_t)(g->flags | t->flags |
				  (tagged ? FRAME_FLAG_TAGGED : 0));
	uint64_t addr_sum = (uint64_t)ss + ds + ((uint32_t)k << t->net_shift);

	put16(buf + t->src_slice_off, ss);
	put16(buf + t->dst_slice_off, ds);
	buf[t->net_off] = (uint8_t)(t->net_base + k);
	gen_stamp(buf + t->l4_off, t->udp_sum_base + addr_sum, t->xlat_delta,
		  sp, dp, flags, seq, ts);
	if (t->ip_version == 4)
		put16(buf + t->l3_off + 10,
		      cksum_finish(t->ip4_sum_base + addr_sum));
	return t->len;
}

uint16_t
frame_gen_next(struct frame_gen *g, uint8_t *buf, uint64_t seq, uint64_t ts,
	       bool tagged)
{
	/* of every n frames the first m are foreground */
	const struct frame_tmpl *t = g->mix_pos < g->m ? &g->fg : &g->bg;

	g->mix_pos = g->mix_pos + 1 == g->n ? 0 : g->mix_pos + 1;
	memcpy(buf, t->hdr, t->copy_len);	/* also clears stale bytes */
	return gen_fields(g, t, buf, seq, ts, tagged);
}

/*
 * frame_gen_patch's common case: addresses fixed (they and the IPv4 header
 * checksum are already in the buffer) and each port random or fixed (a
 * fixed field is a draw from a range of 1: always its value).
 */
static bool
gen_ports_only(const struct frame_gen *g)
{
	return g->src_slice.mode == CFG_VAR_FIXED &&
	       g->dst_slice.mode == CFG_VAR_FIXED &&
	       g->net.mode == CFG_VAR_FIXED &&
	       (g->sport.mode == CFG_VAR_RANDOM || g->sport.mode == CFG_VAR_FIXED) &&
	       (g->dport.mode == CFG_VAR_RANDOM || g->dport.mode == CFG_VAR_FIXED);
}

/*
 * The ports-only burst with the fields in locals for the whole burst (a
 * store through a uint8_t pointer could alias g, so g's fields would
 * otherwise be read again after every store into a frame).
 */
static void
gen_patch_ports(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
		uint64_t seq, uint64_t ts, uint64_t tag_mask)
{
	const struct frame_tmpl *t = &g->fg;
	struct rfc4814_field sport = g->sport, dport = g->dport;
	const uint16_t l4_off = t->l4_off, xlat = t->xlat_delta;
	const uint64_t base = (uint64_t)t->udp_sum_base + t->src_slice_base +
			      t->dst_slice_base;
	const uint8_t flags = (uint8_t)(g->flags | t->flags);
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint16_t sp = rfc4814_draw(&sport), dp = rfc4814_draw(&dport);

		gen_stamp(bufs[i] + l4_off, base, xlat, sp, dp,
			  (uint8_t)(flags | ((tag_mask >> i & 1) ?
					     FRAME_FLAG_TAGGED : 0)),
			  seq + i, ts);
	}
	g->sport.rng = sport.rng;
	g->dport.rng = dport.rng;
}

void
frame_gen_patch(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
		uint64_t seq, uint64_t ts, uint64_t tag_mask)
{
	unsigned int i;

	/* mix_pos stays: with one template every frame is foreground */
	if (gen_ports_only(g)) {
		gen_patch_ports(g, bufs, n, seq, ts, tag_mask);
		return;
	}
	for (i = 0; i < n; i++)
		gen_fields(g, &g->fg, bufs[i], seq + i, ts, tag_mask >> i & 1);
}

/* ---- receiver ---- */

/* Expected address bytes: exact where mask is 0xff; the slice (when it
 * varies) and the network byte (when num_nets > 1) are range-checked. */
static void
cls_masks(uint8_t *src_mask, uint8_t *dst_mask, uint8_t v,
	  const struct cfg_dir *dv, uint16_t num_nets)
{
	uint16_t alen = v == 4 ? 4 : 16;

	memset(src_mask, 0, 16);
	memset(dst_mask, 0, 16);
	memset(src_mask, 0xff, alen);
	memset(dst_mask, 0xff, alen);
	if (dv->src_slice.mode != CFG_VAR_FIXED)
		src_mask[alen - 2] = src_mask[alen - 1] = 0;
	if (dv->dst_slice.mode != CFG_VAR_FIXED)
		dst_mask[alen - 2] = dst_mask[alen - 1] = 0;
	if (num_nets > 1)
		dst_mask[net_index(v)] = 0;
}

static void
cls_range(struct cfg_var *out, const struct cfg_var *in, bool is_port,
	  uint16_t fixed)
{
	out->mode = in->mode;
	if (in->mode != CFG_VAR_FIXED) {
		out->min = in->min;
		out->max = in->max;
	} else if (is_port) {
		out->min = out->max = fixed;
	} else {
		/* fixed slice: compared exactly through the mask */
		out->min = 0;
		out->max = UINT16_MAX;
	}
}

static void
cls_expect(struct frame_expect *e, uint8_t v, const uint8_t *src,
	   const uint8_t *dst, const struct cfg_dir *dv, uint16_t num_nets)
{
	uint16_t alen = v == 4 ? 4 : 16;

	e->version = v;
	memcpy(e->src, src, alen);
	memcpy(e->dst, dst, alen);
	cls_masks(e->src_mask, e->dst_mask, v, dv, num_nets);
	e->net_off = net_index(v);
	e->net_base = e->dst[e->net_off];
}

/* Range lo..lo + span for the big-endian 16-bit field at frame offset
 * off (the lane of f's range vectors that holds it). */
static void
fast_range(struct frame_fast *f, uint16_t off, uint16_t lo, uint16_t span)
{
	unsigned int j = f->version == 6 && off >= FRAME_FAST_RNG_OFF(6, 1);
	unsigned int lane = (off - FRAME_FAST_RNG_OFF(f->version, j)) / 2;

	f->rng_lo[j][lane] = lo;
	f->rng_span[j][lane] = span;
}

/*
 * The fast path's picture of a kind of frame of len_b bytes with
 * expectation e (background: bg).  Exact bytes: destination MAC (unless
 * promisc), ethertype, version (and IHL 5), IP and UDP lengths, protocol
 * or next header, fragment bits, the fixed address bytes, magic, direction
 * and background flags.  Masked out: source MAC, TOS / traffic class, flow
 * label, IPv4 ID, DF, TTL / hop limit, checksums (summed instead), ports,
 * slices and the network byte (range-checked), tagged and trial id.
 */
static void
cls_fast(struct frame_fast *f, const struct frame_cls *k,
	 const struct frame_expect *e, uint32_t len_b, bool bg)
{
	uint8_t want[FRAME_FAST_WORDS * 8], mask[FRAME_FAST_WORDS * 8];
	bool v4 = e->version == 4;
	uint16_t l4 = ETH_HDR_B + (v4 ? IP4_HDR_B : IP6_HDR_B);
	uint16_t alen = v4 ? 4 : 16, src_off = ETH_HDR_B + (v4 ? 12 : 8);
	uint16_t udp_len = (uint16_t)(len_b - l4);
	uint16_t dst_off = src_off + alen;
	uint8_t pw[2];

	memset(f, 0, sizeof(*f));
	if (len_b < (uint32_t)l4 + UDP_HDR_B + FRAME_STAMP_B ||
	    len_b > FRAME_MAX_BUF_B)
		return;		/* len_b 0: such frames take the reference */
	memset(want, 0, sizeof(want));
	memset(mask, 0, sizeof(mask));
	if (!k->promisc) {
		memcpy(want, k->dst_mac, 6);
		memset(mask, 0xff, 6);
	}
	put16(want + 12, v4 ? ETHERTYPE_IPV4 : ETHERTYPE_IPV6);
	put16(mask + 12, 0xffff);
	if (v4) {
		want[14] = 0x45;				/* no options */
		mask[14] = 0xff;
		put16(want + 16, (uint16_t)(len_b - ETH_HDR_B));
		put16(mask + 16, 0xffff);
		put16(mask + 20, 0x3fff);	/* MF and offset 0, DF free */
		want[23] = IPPROTO_UDP_;
		mask[23] = 0xff;
	} else {
		want[14] = 0x60;
		mask[14] = 0xf0;
		put16(want + 18, udp_len);
		put16(mask + 18, 0xffff);
		want[20] = IPPROTO_UDP_;
		mask[20] = 0xff;
	}
	memcpy(want + src_off, e->src, alen);
	memcpy(mask + src_off, e->src_mask, alen);
	memcpy(want + src_off + alen, e->dst, alen);
	memcpy(mask + src_off + alen, e->dst_mask, alen);
	put16(want + l4 + 4, udp_len);
	put16(mask + l4 + 4, 0xffff);
	want[l4 + 8] = FRAME_MAGIC;
	mask[l4 + 8] = 0xff;
	want[l4 + 9] = (uint8_t)((k->dir == CFG_REV ? FRAME_FLAG_REV : 0) |
				 (bg ? FRAME_FLAG_BG : 0));
	mask[l4 + 9] = FRAME_FLAG_REV | FRAME_FLAG_BG;
	memcpy(f->want, want, sizeof(want));
	memcpy(f->mask, mask, sizeof(mask));
	f->version = e->version;
	f->len_b = (uint16_t)len_b;
	f->sum_len = (uint16_t)(len_b - src_off);
	/* the last 16 bytes: only the sum_len % 16 past the whole blocks */
	memset(f->sum_tail + 16 - f->sum_len % 16, 0xff, f->sum_len % 16);
	put16(pw, (uint16_t)(IPPROTO_UDP_ + udp_len));
	memcpy(&f->pseudo, pw, 2);
	memset(f->rng_span, 0xff, sizeof(f->rng_span));	/* all pass */
	fast_range(f, src_off + alen - 2, k->src_slice.min,
		   (uint16_t)(k->src_slice.max - k->src_slice.min));
	fast_range(f, dst_off + alen - 2, k->dst_slice.min,
		   (uint16_t)(k->dst_slice.max - k->dst_slice.min));
	fast_range(f, l4, k->sport.min, (uint16_t)(k->sport.max - k->sport.min));
	fast_range(f, l4 + 2, k->dport.min,
		   (uint16_t)(k->dport.max - k->dport.min));
	if (k->num_nets > 1) {
		/*
		 * The network byte with the byte beside it in its lane, which
		 * the mask compares exactly (IPv4: byte 3, as a varying dst
		 * slice is refused with networks; IPv6: byte 6):
		 * base..base + num_nets - 1 in whichever half it is.
		 */
		uint16_t off = dst_off + e->net_off;

		if ((off - FRAME_FAST_RNG_OFF(e->version, 0)) % 2 == 0)
			fast_range(f, off, (uint16_t)(e->net_base << 8),
				   (uint16_t)(k->num_nets * 256 - 1));
		else
			fast_range(f, off - 1, (uint16_t)(want[off - 1] << 8 |
							  e->net_base),
				   (uint16_t)(k->num_nets - 1));
	}
}

int
frame_cls_init(struct frame_cls *k, const struct cfg *c, enum cfg_dir_id d,
	       char *err, size_t err_len)
{
	const struct cfg_side *s, *o;
	const struct cfg_dir *dv;
	uint8_t v;
	int rc;

	memset(k, 0, sizeof(*k));
	rc = dir_init(c, d, &s, &o, &dv, err, err_len);
	if (rc)
		return rc;
	v = o->ip_version;
	k->dir = d;
	memcpy(k->dst_mac, o->mac, 6);
	k->promisc = c->promisc;
	k->has_bg = c->n > c->m;
	cls_expect(&k->exp[0], v, cfg_side_seen_addr(s, v),
		   cfg_side_addr(o, v), dv, o->num_nets);
	cls_expect(&k->exp[1], 6, s->ipv6, o->ipv6, dv, o->num_nets);
	rc = check_nets(v, k->exp[0].dst, o->num_nets, &dv->dst_slice, err,
			err_len);
	if (!rc && k->has_bg)
		rc = check_nets(6, k->exp[1].dst, o->num_nets, &dv->dst_slice, err,
				err_len);
	if (rc)
		return rc;
	cls_range(&k->sport, &dv->sport, true, dv->sport_fixed);
	cls_range(&k->dport, &dv->dport, true, dv->dport_fixed);
	cls_range(&k->src_slice, &dv->src_slice, false, 0);
	cls_range(&k->dst_slice, &dv->dst_slice, false, 0);
	k->num_nets = o->num_nets;
	cls_fast(&k->fast[0], k, &k->exp[0], frame_len_b(c, v), false);
	if (k->has_bg)
		cls_fast(&k->fast[1], k, &k->exp[1], frame_len_b(c, 6), true);
	return 0;
}

/* IPv6 next header other than UDP: walk hop-by-hop, routing and
 * destination options headers looking for ICMPv6 (ND, MLD). */
static enum frame_kind
ipv6_not_udp(const uint8_t *ip, size_t ip_len, uint8_t nh)
{
	size_t off = IP6_HDR_B;
	int i;

	for (i = 0; i < 8; i++) {
		if (nh == IPPROTO_ICMPV6_)
			return FRAME_FOREIGN_ND;
		if (nh != 0 && nh != 43 && nh != 60)
			return FRAME_FOREIGN_OTHER_L3;
		if (ip_len < off + 8)
			return FRAME_BAD_TRUNCATED;
		nh = ip[off];
		off += ((size_t)ip[off + 1] + 1) * 8;
	}
	return FRAME_FOREIGN_OTHER_L3;
}

static bool
addr_match(const uint8_t *a, const uint8_t *exp, const uint8_t *mask,
	   uint16_t alen)
{
	uint8_t diff = 0;
	uint16_t i;

	for (i = 0; i < alen; i++)
		diff |= (uint8_t)((a[i] ^ exp[i]) & mask[i]);
	return diff == 0;
}

static inline bool
in_range(uint16_t x, const struct cfg_var *r)
{
	return (uint16_t)(x - r->min) <= (uint16_t)(r->max - r->min);
}

enum frame_kind
frame_classify_ref(const struct frame_cls *k, const uint8_t *buf, size_t len,
		   struct frame_rx_info *info)
{
	const uint8_t *ip = buf + ETH_HDR_B, *udp, *src, *dst;
	const struct frame_expect *e;
	uint16_t et, pl, udp_len, alen;
	uint8_t v, flags;
	uint32_t pseudo;
	bool bg;

	if (len < ETH_HDR_B)
		return FRAME_BAD_TRUNCATED;
	et = get16(buf + 12);
	if (et == ETHERTYPE_IPV4) {
		uint16_t ihl, tot;

		if (len < ETH_HDR_B + IP4_HDR_B)
			return FRAME_BAD_TRUNCATED;
		ihl = (uint16_t)((ip[0] & 0x0f) * 4);
		tot = get16(ip + 2);
		if ((ip[0] >> 4) != 4 || ihl < IP4_HDR_B || tot < ihl)
			return FRAME_BAD_IP;
		if (len - ETH_HDR_B < tot)
			return FRAME_BAD_TRUNCATED;
		if (cksum_fold(cksum_partial(ip, ihl, 0)) != 0xffff)
			return FRAME_BAD_IP;
		/* options, fragments (MF or offset) and other protocols */
		if (ihl != IP4_HDR_B || (get16(ip + 6) & 0x3fff) ||
		    ip[9] != IPPROTO_UDP_)
			return FRAME_FOREIGN_OTHER_L3;
		v = 4;
		alen = 4;
		pl = (uint16_t)(tot - IP4_HDR_B);
		src = ip + 12;
		dst = ip + 16;
		udp = ip + IP4_HDR_B;
	} else if (et == ETHERTYPE_IPV6) {
		if (len < ETH_HDR_B + IP6_HDR_B)
			return FRAME_BAD_TRUNCATED;
		if ((ip[0] >> 4) != 6)
			return FRAME_BAD_IP;
		pl = get16(ip + 4);
		if (len - ETH_HDR_B - IP6_HDR_B < pl)
			return FRAME_BAD_TRUNCATED;
		if (ip[6] != IPPROTO_UDP_)
			return ipv6_not_udp(ip, IP6_HDR_B + (size_t)pl, ip[6]);
		v = 6;
		alen = 16;
		src = ip + 8;
		dst = ip + 24;
		udp = ip + IP6_HDR_B;
	} else if (et == ETHERTYPE_ARP) {
		return FRAME_FOREIGN_ARP;
	} else if (et == ETHERTYPE_LLDP) {
		return FRAME_FOREIGN_LLDP;
	} else {
		return FRAME_FOREIGN_OTHER_L2;	/* incl. VLAN tags */
	}

	/* UDP: its length must fill the IP payload exactly */
	if (pl < UDP_HDR_B)
		return FRAME_BAD_IP;
	udp_len = get16(udp + 4);
	if (udp_len > pl)
		return FRAME_BAD_TRUNCATED;
	if (udp_len < pl)
		return FRAME_BAD_IP;
	if (udp_len < UDP_HDR_B + FRAME_STAMP_B || udp[8] != FRAME_MAGIC)
		return FRAME_FOREIGN_OTHER_UDP;
	/*
	 * RFC 768: an IPv4 UDP checksum of 0 means "none computed".  We always
	 * send one, but a DUT may legally leave none (tayga's incremental
	 * update after 6-to-4 translation did, 3 times in 60,000 frames):
	 * such a frame was forwarded and counts, on the strength of every
	 * other check.  IPv6 requires a checksum (RFC 8200 8.1).
	 */
	if (get16(udp + 6) == 0) {
		if (v == 6)
			return FRAME_BAD_UDP_CKSUM;
	} else {
		/*
		 * The pseudo header's addresses lie right before the UDP
		 * header (IPv4 without options: 12..19, IPv6: 8..39), so one
		 * pass sums addresses, UDP header and payload; protocol and
		 * length are added as the start value.
		 */
		pseudo = (uint32_t)IPPROTO_UDP_ + udp_len;
		if (cksum_fold(cksum_partial(src, (size_t)(udp - src) + udp_len,
					     pseudo)) != 0xffff)
			return FRAME_BAD_UDP_CKSUM;
	}

	flags = udp[9];
	bg = flags & FRAME_FLAG_BG;
	if (bg && !k->has_bg)
		return FRAME_BAD_STAMP;
	if (!k->promisc && memcmp(buf, k->dst_mac, 6) != 0)
		return FRAME_BAD_ADDR;
	e = &k->exp[bg ? 1 : 0];	/* background or foreground */
	if (v != e->version)
		return FRAME_BAD_ADDR;
	if (!addr_match(src, e->src, e->src_mask, alen) ||
	    !addr_match(dst, e->dst, e->dst_mask, alen) ||
	    !in_range(get16(src + alen - 2), &k->src_slice) ||
	    !in_range(get16(dst + alen - 2), &k->dst_slice) ||
	    (k->num_nets > 1 &&
	     (uint8_t)(dst[e->net_off] - e->net_base) >= k->num_nets))
		return FRAME_BAD_ADDR;
	if (!in_range(get16(udp), &k->sport) || !in_range(get16(udp + 2), &k->dport))
		return FRAME_BAD_PORT;
	if ((flags & FRAME_FLAG_REV) != (k->dir == CFG_REV ? FRAME_FLAG_REV : 0))
		return FRAME_BAD_STAMP;
	if (info)
		frame_stamp_info(info, udp);
	return FRAME_OURS;
}

const char *
frame_kind_name(enum frame_kind k)
{
	static const char *const names[FRAME_KIND_COUNT] = {
		[FRAME_OURS] = "ours",
		[FRAME_FOREIGN_ARP] = "foreign_arp",
		[FRAME_FOREIGN_ND] = "foreign_nd",
		[FRAME_FOREIGN_LLDP] = "foreign_lldp",
		[FRAME_FOREIGN_OTHER_L2] = "foreign_other_l2",
		[FRAME_FOREIGN_OTHER_L3] = "foreign_other_l3",
		[FRAME_FOREIGN_OTHER_UDP] = "foreign_other_udp",
		[FRAME_BAD_TRUNCATED] = "bad_truncated",
		[FRAME_BAD_IP] = "bad_ip",
		[FRAME_BAD_UDP_CKSUM] = "bad_udp_cksum",
		[FRAME_BAD_ADDR] = "bad_addr",
		[FRAME_BAD_PORT] = "bad_port",
		[FRAME_BAD_STAMP] = "bad_stamp",
	};

	if ((unsigned int)k >= FRAME_KIND_COUNT)
		return "unknown";
	return names[k];
}

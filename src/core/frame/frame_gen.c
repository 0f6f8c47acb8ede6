/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_gen: the sender's frames of one direction, from the templates
 * (frame_tmpl.c) and the RFC 4814 generators.  Per frame: docs/frames.md,
 * "Generator".
 */
#include <string.h>

#include "dutperf/cksum.h"
#include "frame_int.h"

/* Field ids; stream of a field = (stream << 16) | (direction << 8) | id. */
enum gen_field {
	GEN_SPORT = 1,
	GEN_DPORT,
	GEN_SRC_SLICE,
	GEN_DST_SLICE,
	GEN_NET
};

/* A fixed slice yields 0: the template adds the address bits. */
static void
gen_slice_init(struct rfc4814_field *f, const struct cfg_var *var,
	       uint64_t seed, uint64_t stream)
{
	if (var->mode == CFG_VAR_FIXED)
		rfc4814_init(f, CFG_VAR_FIXED, 0, 0, seed, stream);
	else
		rfc4814_init(f, var->mode, var->min, var->max, seed, stream);
}

void
frame_gen_init(struct frame_gen *g, const struct frame_spec *s, uint64_t seed)
{
	uint64_t st = (uint64_t)s->stream << 16 | (uint64_t)s->dir << 8;

	unsigned int i;

	memset(g, 0, sizeof(*g));
	frame_tmpl_build(&g->fg, s, &s->fg, false, s->size_b);
	if (s->n > s->m)
		frame_tmpl_build(&g->bg, s, &s->bg, true, s->size_b);
	else
		g->bg = g->fg;	/* never chosen */
	/* RFC 6985 mix: one template pair per size */
	if (s->mix_len > 1) {
		g->size_len = s->mix_len;
		memcpy(g->size_seq, s->mix_seq, sizeof(g->size_seq));
		for (i = 0; i < s->mix_nb; i++) {
			struct frame_tmpl *t = g->size_tmpl[i];

			frame_tmpl_build(&t[0], s, &s->fg, false, s->mix_size_b[i]);
			if (s->n > s->m)
				frame_tmpl_build(&t[1], s, &s->bg, true,
						 s->mix_size_b[i]);
			else
				t[1] = t[0];
		}
	}
	g->n = s->n;
	g->m = s->m;
	g->mix_pos = 0;
	/* RFC 2544 C.2.6.4 fixed ports (a range of one); RFC 4814 4.5
	 * ranges otherwise. */
	rfc4814_init(&g->sport, s->sport.mode, s->sport.min, s->sport.max, seed,
		     st | GEN_SPORT);
	rfc4814_init(&g->dport, s->dport.mode, s->dport.min, s->dport.max, seed,
		     st | GEN_DPORT);
	gen_slice_init(&g->src_slice, &s->src_slice, seed, st | GEN_SRC_SLICE);
	gen_slice_init(&g->dst_slice, &s->dst_slice, seed, st | GEN_DST_SLICE);
	/* RFC 2544 12: each frame to a pseudorandom one of num_nets. */
	rfc4814_init(&g->net, s->num_nets > 1 ? CFG_VAR_RANDOM : CFG_VAR_FIXED,
		     0, (uint16_t)(s->num_nets - 1), seed, st | GEN_NET);
	g->flags = s->dir == CFG_REV ? FRAME_FLAG_REV : 0;
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
	unsigned int i;

	if (g->n > g->m && g->bg.len > l)
		l = g->bg.len;
	for (i = 0; i < g->size_len; i++) {
		const struct frame_tmpl *t = g->size_tmpl[g->size_seq[i]];

		if (t[0].len > l)
			l = t[0].len;
		if (t[1].len > l)
			l = t[1].len;
	}
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
 * compact: the stamp's layout (frame.h), a constant in every caller's
 * loop.  Both layouts are a 16-bit or 64-bit field hi at stamp byte 2 and
 * a 64-bit field lo after it that ends in the timestamp: full, hi = seq
 * and lo = ts; compact, hi = seq bits 39..24 and lo = seq bits 23..0 then
 * the timestamp's low 40 bits.
 */
static inline __attribute__((always_inline)) void
gen_stamp(uint8_t *l4, uint64_t base, uint16_t xlat_delta, uint16_t sp,
	  uint16_t dp, uint8_t flags, uint64_t seq, uint64_t ts, bool compact)
{
	uint32_t ports = htobe32((uint32_t)sp << 16 | dp);
	uint64_t hi = compact ? seq >> (FRAME_COMPACT_BITS - 16) & 0xffff : seq;
	uint64_t lo = compact ? seq << FRAME_COMPACT_BITS |
				(ts & FRAME_COMPACT_MASK) : ts;
	uint64_t sum = cksum_add64(base + sp + dp + flags, hi);
	uint16_t ck = cksum_finish(cksum_add64(sum, lo));

	/*
	 * A checksum that computes to 0 is sent as 0xFFFF (RFC 768, RFC 8200
	 * 8.1), and a translator updating it incrementally may turn it into
	 * 0x0000 (RFC 1624 3), which IPv6 forbids: tayga does.  So no frame
	 * carries a checksum of +-0 before or after translation: the lowest
	 * bits of the timestamp change instead (at most 3 TSC ticks).
	 */
	if (__builtin_expect(ck == 0 || (xlat_delta != 0 &&
			     cksum_finish(cksum_add64(sum, lo) + xlat_delta) == 0),
			     0))
		ck = gen_avoid_zero(xlat_delta, sum, &lo);
	memcpy(l4, &ports, 4);
	put16(l4 + 6, ck);
	l4[UDP_HDR_B + 1] = flags;
	if (compact) {
		put16(l4 + UDP_HDR_B + 2, (uint16_t)hi);
		put64(l4 + UDP_HDR_B + 4, lo);
	} else {
		put64(l4 + UDP_HDR_B + 2, hi);
		put64(l4 + UDP_HDR_B + 10, lo);
	}
}

/* Everything that varies from frame to frame, into buf that already holds
 * t's fixed bytes. */
static inline __attribute__((always_inline)) uint16_t
gen_fields(struct frame_gen *g, const struct frame_tmpl *t, uint8_t *buf,
	   uint64_t seq, uint64_t ts, bool tagged, bool compact)
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
		  sp, dp, flags, seq, ts, compact);
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
	bool bg = g->mix_pos >= g->m;
	const struct frame_tmpl *t = bg ? &g->bg : &g->fg;

	g->mix_pos = g->mix_pos + 1 == g->n ? 0 : g->mix_pos + 1;
	/* RFC 6985 mix: the next size of the sequence, no division */
	if (g->size_len > 1) {
		t = &g->size_tmpl[g->size_seq[g->size_pos]][bg];
		g->size_pos = g->size_pos + 1 == g->size_len ? 0 : g->size_pos + 1;
	}
	memcpy(buf, t->hdr, t->copy_len);	/* also clears stale bytes */
	if (t->compact)
		return gen_fields(g, t, buf, seq, ts, tagged, true);
	return gen_fields(g, t, buf, seq, ts, tagged, false);
}

uint64_t
frame_gen_max_frames(const struct frame_gen *g)
{
	bool compact = g->fg.compact || (g->n > g->m && g->bg.compact);
	unsigned int i;

	for (i = 0; i < g->size_len; i++)
		compact = compact || g->size_tmpl[g->size_seq[i]][0].compact ||
			  g->size_tmpl[g->size_seq[i]][1].compact;

	return compact ? FRAME_COMPACT_MASK : UINT64_MAX;
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
static inline __attribute__((always_inline)) void
gen_patch_ports(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
		uint64_t seq, uint64_t ts, uint64_t tag_mask, bool compact)
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
			  seq + i, ts, compact);
	}
	g->sport.rng = sport.rng;
	g->dport.rng = dport.rng;
}

/* The rest of frame_gen_patch for one stamp layout (a constant). */
static inline __attribute__((always_inline)) void
gen_patch(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
	  uint64_t seq, uint64_t ts, uint64_t tag_mask, bool compact)
{
	unsigned int i;

	/* mix_pos stays: with one template every frame is foreground */
	if (gen_ports_only(g)) {
		gen_patch_ports(g, bufs, n, seq, ts, tag_mask, compact);
		return;
	}
	for (i = 0; i < n; i++)
		gen_fields(g, &g->fg, bufs[i], seq + i, ts, tag_mask >> i & 1,
			   compact);
}

void
frame_gen_patch(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
		uint64_t seq, uint64_t ts, uint64_t tag_mask)
{
	/* the layout once per burst, not per frame */
	if (g->fg.compact)
		gen_patch(g, bufs, n, seq, ts, tag_mask, true);
	else
		gen_patch(g, bufs, n, seq, ts, tag_mask, false);
}

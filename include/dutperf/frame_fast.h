/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_fast: the fast path of frame_classify (docs/frames.md,
 * "Classifier") and frame_classify itself, for the receiver's loop and
 * the tests that call it; struct frame_fast, which frame_cls_init fills,
 * is in frame.h as a part of struct frame_cls, and so is the stamp reader
 * both paths share (frame_stamp_info).  frame.h does not include this
 * header: the reference classifier (frame_cls.c) needs nothing of it.
 *
 * The fast path is inline, not in frame_cls.c, so that it compiles into
 * the receiver's loop: GCC never inlines a core library function into the
 * DPDK layer, even under LTO, because their -march differ ("target
 * specific option mismatch"); the call and its register saves cost about
 * 15 instructions per frame.
 */
#ifndef DUTPERF_FRAME_FAST_H
#define DUTPERF_FRAME_FAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cksum.h"
#include "frame.h"

/* 16 bytes as two 64-bit lanes (SSE2 on x86-64, plain code elsewhere),
 * or as eight 16-bit ones. */
typedef uint64_t frame_fast_v __attribute__((vector_size(16)));
typedef uint16_t frame_fast_v16 __attribute__((vector_size(16)));

static inline frame_fast_v
frame_fast_ld(const void *p)
{
	frame_fast_v v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Masked difference of bytes 8w..8w+15 of the frame against f's. */
static inline frame_fast_v
frame_fast_diff(const uint8_t *buf, const struct frame_fast *f, unsigned int w)
{
	return (frame_fast_ld(buf + 8 * w) ^ frame_fast_ld(&f->want[w])) &
	       frame_fast_ld(&f->mask[w]);
}

/*
 * The UDP sum region of f (sum_len bytes at p), congruent modulo 0xffff
 * with cksum_raw's and 0 only when it is:
 * 16-byte blocks as eight host-order words widened into four 32-bit
 * lanes (at most 2 * 0xffff per lane and block), the tail as the
 * region's last 16 bytes with the already summed ones masked off, so no
 * loop tail and no read past the region.
 */
static inline uint64_t
frame_fast_sum(const uint8_t *p, const struct frame_fast *f)
{
	typedef uint32_t v32 __attribute__((vector_size(16)));
	v32 acc = { 0, 0, 0, 0 }, x, m;
	unsigned int i;

	if (__builtin_expect(f->sum_len % 2, 0))
		return cksum_raw(p, f->sum_len, 0);
	for (i = 0; i < f->sum_len / 16u; i++) {
		memcpy(&x, p + 16 * i, sizeof(x));
		acc += (x & 0xffff) + (x >> 16);
	}
	memcpy(&x, p + f->sum_len - 16, sizeof(x));
	memcpy(&m, f->sum_tail, sizeof(m));
	x &= m;
	acc += (x & 0xffff) + (x >> 16);
	/* two 64-bit lanes hi:lo are hi + lo modulo 0xffff (2^32 = 1), below
	 * 2^59 each (lanes < 2^27): their sum is a cksum_raw result */
	return ((frame_fast_v)acc)[0] + ((frame_fast_v)acc)[1];
}

/* Lanes of vector j of f out of range: nonzero when any is. */
static inline frame_fast_v
frame_fast_range(const uint8_t *buf, const struct frame_fast *f, uint8_t v,
		 unsigned int j)
{
	frame_fast_v16 x, lo, span;

	memcpy(&x, buf + FRAME_FAST_RNG_OFF(v, j), sizeof(x));
	memcpy(&lo, f->rng_lo[j], sizeof(lo));
	memcpy(&span, f->rng_span[j], sizeof(span));
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	x = (frame_fast_v16)((x << 8) | (x >> 8));	/* big endian */
#endif
	return (frame_fast_v)(x - lo > span);
}

/*
 * Frame buf (at least f->len_b bytes) against fast path f of IP version v
 * (a constant: offsets and lengths fold): true only when
 * frame_classify_ref would return FRAME_OURS for the kind of frame f
 * describes (foreground or background).  The
 * masked compare covers every exact check; what is left are the two
 * checksums and the range checks, combined without branches.
 */
static inline __attribute__((always_inline)) bool
frame_fast_ours(const struct frame_fast *f, const uint8_t *buf, uint8_t v)
{
	const uint8_t *src = buf + 14 + (v == 4 ? 12 : 8);
	const uint8_t *udp = buf + 14 + (v == 4 ? 20 : 40);
	frame_fast_v d;
	bool ok;

	d = frame_fast_diff(buf, f, 0) | frame_fast_diff(buf, f, 2) |
	    frame_fast_diff(buf, f, 4);
	if (v == 6)
		d |= frame_fast_diff(buf, f, 6);
	/* A UDP checksum field of 0 (IPv4: none; IPv6: bad) is rare: the
	 * reference decides. */
	if ((d[0] | d[1]) != 0 || (udp[6] | udp[7]) == 0)
		return false;
	if (v == 4) {
		uint32_t w;

		memcpy(&w, buf + 14 + 16, 4);
		if (!cksum_raw_ok(cksum_raw(buf + 14, 16, w)))
			return false;
	}
	/* pseudo-header addresses, UDP header, stamp and payload in one */
	ok = cksum_raw_ok(frame_fast_sum(src, f) + f->pseudo);
	d = frame_fast_range(buf, f, v, 0);
	if (v == 6)
		d |= frame_fast_range(buf, f, v, 1);
	return ok & ((d[0] | d[1]) == 0);
}

/*
 * The fast path alone (a test hook): FRAME_OURS with info filled exactly
 * as frame_classify_ref would, or FRAME_KIND_COUNT when it cannot decide
 * (not the configured lengths, a UDP checksum field of 0, anything wrong):
 * frame_classify then asks frame_classify_ref.
 */
static inline enum frame_kind
frame_classify_fast(const struct frame_cls *k, const uint8_t *buf, size_t len,
		    struct frame_rx_info *info)
{
	unsigned int b;

	for (b = 0; b < 2; b++) {
		const struct frame_fast *f = &k->fast[b];

		/* len >= len_b > 0 in one compare (0 wraps to the top) */
		if ((size_t)f->len_b - 1 >= len)
			continue;
		if (!(f->version == 4 ? frame_fast_ours(f, buf, 4) :
					frame_fast_ours(f, buf, 6)))
			continue;
		/* the masks made the BG flag equal b */
		if (info)
			frame_stamp_info(info,
					 buf + 14 + (f->version == 4 ? 20 : 40),
					 f->compact);
		return FRAME_OURS;
	}
	return FRAME_KIND_COUNT;
}

/*
 * The fast path of a mix (k->size_nb > 1): the sizes' paths whose length
 * is len (each frame of a mix has one of them), else FRAME_KIND_COUNT as
 * frame_classify_fast.  The sizes are few (IMIX_MAX_SIZES), their lengths
 * compared before any frame byte is read.
 */
static inline enum frame_kind
frame_classify_mix(const struct frame_cls *k, const uint8_t *buf, size_t len,
		   struct frame_rx_info *info)
{
	unsigned int i, b;

	for (i = 0; i < k->size_nb; i++) {
		for (b = 0; b < 2; b++) {
			const struct frame_fast *f = &k->size_fast[i][b];

			if (f->len_b != len || f->len_b == 0)
				continue;
			if (!(f->version == 4 ? frame_fast_ours(f, buf, 4) :
						frame_fast_ours(f, buf, 6)))
				continue;
			if (info)
				frame_stamp_info(info, buf + 14 +
						 (f->version == 4 ? 20 : 40),
						 f->compact);
			return FRAME_OURS;
		}
	}
	return FRAME_KIND_COUNT;
}

/*
 * Never reads outside buf[0..len-1]; FRAME_OURS only for a valid frame.
 * Always the verdict (and info) of frame_classify_ref: the fast path for
 * the common frame (frame_classify_fast), the reference for the rest.
 * info is written only for FRAME_OURS.
 */
static inline enum frame_kind
frame_classify(const struct frame_cls *k, const uint8_t *buf, size_t len,
	       struct frame_rx_info *info)
{
	if (__builtin_expect(k->size_nb > 1, 0)) {
		if (frame_classify_mix(k, buf, len, info) == FRAME_OURS)
			return FRAME_OURS;
	} else if (frame_classify_fast(k, buf, len, info) == FRAME_OURS) {
		return FRAME_OURS;
	}
	return frame_classify_ref(k, buf, len, info);
}

#endif /* DUTPERF_FRAME_FAST_H */

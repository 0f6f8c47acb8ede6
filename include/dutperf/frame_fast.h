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
 * What the NIC found of a frame's checksums (the receiver maps its mbuf's
 * RX checksum flags to these, 0 where the port does not check them): a
 * checksum the NIC found good is not summed again; any other (bad,
 * unknown, not checked) is summed in software, and a frame whose sums
 * fail takes the reference, which sums everything itself.
 */
#define FRAME_HW_IP_GOOD 0x1u		/* IPv4 header checksum good */
#define FRAME_HW_L4_GOOD 0x2u		/* UDP checksum good */

/* The IPv4 header checksum of frame buf (no options: the masks said so)
 * holds: two 64-bit loads and a 32-bit one. */
static inline __attribute__((always_inline)) bool
frame_fast_ip4_ok(const uint8_t *buf)
{
	uint32_t w;

	memcpy(&w, buf + 14 + 16, 4);
	return cksum_raw_ok(cksum_raw(buf + 14, 16, w));
}

/*
 * Frame buf (at least f->len_b bytes) against fast path f of IP version v
 * (a constant: offsets and lengths fold), hw as above: true only when
 * frame_classify_ref would return FRAME_OURS for the kind of frame f
 * describes (foreground or background).  The masked compare covers every
 * exact check; what is left are the two checksums and the range checks,
 * combined without branches.
 */
static inline __attribute__((always_inline)) bool
frame_fast_ours(const struct frame_fast *f, const uint8_t *buf, uint8_t v,
		unsigned int hw)
{
	const uint8_t *src = buf + 14 + (v == 4 ? 12 : 8);
	const uint8_t *udp = buf + 14 + (v == 4 ? 20 : 40);
	frame_fast_v d;
	bool ok = true;

	d = frame_fast_diff(buf, f, 0) | frame_fast_diff(buf, f, 2) |
	    frame_fast_diff(buf, f, 4);
	if (v == 6)
		d |= frame_fast_diff(buf, f, 6);
	/* A UDP checksum field of 0 (IPv4: none; IPv6: bad) is rare: the
	 * reference decides. */
	if ((d[0] | d[1]) != 0 || (udp[6] | udp[7]) == 0)
		return false;
	if (v == 4 && !(hw & FRAME_HW_IP_GOOD) && !frame_fast_ip4_ok(buf))
		return false;
	/* pseudo-header addresses, UDP header, stamp and payload in one */
	if (!(hw & FRAME_HW_L4_GOOD))
		ok = cksum_raw_ok(frame_fast_sum(src, f) + f->pseudo);
	d = frame_fast_range(buf, f, v, 0);
	if (v == 6)
		d |= frame_fast_range(buf, f, v, 1);
	return ok & ((d[0] | d[1]) == 0);
}

/* Kind b of k (foreground / background, a size) for a frame of its size:
 * FRAME_OURS with info, or FRAME_KIND_COUNT. */
static inline __attribute__((always_inline)) enum frame_kind
frame_fast_kind(const struct frame_cls *k, unsigned int b, const uint8_t *buf,
		struct frame_rx_info *info, unsigned int hw)
{
	const struct frame_fast *f = &k->fast[b];

	if (!(f->version == 4 ? frame_fast_ours(f, buf, 4, hw) :
				frame_fast_ours(f, buf, 6, hw)))
		return FRAME_KIND_COUNT;
	/* the masks made the BG flag the kind's */
	if (info)
		frame_stamp_info(info, buf + 14 + (f->version == 4 ? 20 : 40),
				 f->compact);
	return FRAME_OURS;
}

/*
 * The kinds of frame k's fast path tries for a frame of len bytes, by a
 * lookup on the length: pass 0, the kinds of exactly that size (the
 * common frame: one compare per kind, fast_len[] in one cache line); pass
 * 1, the shorter ones (a frame padded after its IP packet).
 */
#define FRAME_FAST_PICK(k, len, b, pass)				\
	for ((pass) = 0; (pass) < 2; (pass)++)				\
		for ((b) = 0; (b) < (k)->nb_fast; (b)++)		\
			if ((pass) == 0 ? (k)->fast_len[b] == (len) :	\
					  (k)->fast_len[b] < (len))

/*
 * A frame of a receiver with VLAN tags (k->tag_b != 0): its destination
 * MAC and tags are k's (TPID and VID under tag_mask).  False also for a
 * frame too short for the 8-byte load (the reference decides).
 */
static inline bool
frame_fast_tags_ok(const struct frame_cls *k, const uint8_t *buf, size_t len)
{
	uint64_t x, want, mask;

	if (len < 20u || len < (size_t)14 + k->tag_b)
		return false;
	if (!k->promisc && memcmp(buf, k->dst_mac, 6) != 0)
		return false;
	memcpy(&x, buf + 12, 8);
	memcpy(&want, k->tag, 8);
	memcpy(&mask, k->tag_mask, 8);
	return ((x ^ want) & mask) == 0;
}

/*
 * The fast path alone (a test hook): FRAME_OURS with info filled exactly
 * as frame_classify_ref would, or FRAME_KIND_COUNT when it cannot decide
 * (not the configured lengths, a UDP checksum field of 0, anything wrong):
 * frame_classify then asks frame_classify_ref.  hw: FRAME_HW_*.
 */
static inline enum frame_kind
frame_classify_fast_hw(const struct frame_cls *k, const uint8_t *buf,
		       size_t len, struct frame_rx_info *info, unsigned int hw)
{
	unsigned int b, pass;

	if (__builtin_expect(k->tag_b != 0, 0)) {	/* the frame after them */
		if (!frame_fast_tags_ok(k, buf, len))
			return FRAME_KIND_COUNT;
		buf += k->tag_b;
		len -= k->tag_b;
	}
	FRAME_FAST_PICK(k, len, b, pass)
		if (frame_fast_kind(k, b, buf, info, hw) == FRAME_OURS)
			return FRAME_OURS;
	return FRAME_KIND_COUNT;
}

static inline enum frame_kind
frame_classify_fast(const struct frame_cls *k, const uint8_t *buf, size_t len,
		    struct frame_rx_info *info)
{
	return frame_classify_fast_hw(k, buf, len, info, 0);
}

/*
 * Never reads outside buf[0..len-1]; FRAME_OURS only for a valid frame.
 * Always the verdict (and info) of frame_classify_ref: the fast path for
 * the common frame (frame_classify_fast), the reference for the rest.
 * info is written only for FRAME_OURS.  hw: FRAME_HW_* (frame_classify:
 * none).
 */
static inline __attribute__((always_inline)) enum frame_kind
frame_classify_hw(const struct frame_cls *k, const uint8_t *buf, size_t len,
		  struct frame_rx_info *info, unsigned int hw)
{
	if (frame_classify_fast_hw(k, buf, len, info, hw) == FRAME_OURS)
		return FRAME_OURS;
	return frame_classify_ref(k, buf, len, info);
}

static inline enum frame_kind
frame_classify(const struct frame_cls *k, const uint8_t *buf, size_t len,
	       struct frame_rx_info *info)
{
	return frame_classify_hw(k, buf, len, info, 0);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/*
 * The wide path: the same verdicts from AVX-512 (F, BW, VL) for a CPU that
 * has it (frame_wide_ok), in functions of that target only, so the rest
 * of the program runs anywhere.  Block 0 (bytes 0..63, a masked load) is
 * compared with want under mask and range-checked in 32 lanes at once;
 * the UDP sum is 16-bit words biased to signed (x ^ 0x8000) and added
 * pairwise (vpmaddwd) into 32-bit lanes, block by block, the bias of 32
 * words a block taken back at the end; a byte past an odd length loads
 * as 0, the pad the sum wants.  The IPv4 header's sum is scalar, as on the
 * generic path (cheaper here than a second vector sum: it runs on the
 * integer units beside the vector ones).
 */
#include <immintrin.h>

#define FRAME_WIDE 1
#define FRAME_WIDE_TARGET __attribute__((target("avx512f,avx512bw,avx512vl")))

static inline bool
frame_wide_ok(void)
{
	return __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512bw") &&
	       __builtin_cpu_supports("avx512vl");
}

static inline __attribute__((always_inline)) FRAME_WIDE_TARGET bool
frame_wide_ours(const struct frame_fast *f, const uint8_t *buf, uint8_t v,
		unsigned int hw)
{
	const __m512i swap = _mm512_set4_epi32(0x0e0f0c0d, 0x0a0b0809,
					       0x06070405, 0x02030001);
	const __m512i bias = _mm512_set1_epi16((short)0x8000);
	const __m512i one = _mm512_set1_epi16(1);
	const uint8_t *udp = buf + 14 + (v == 4 ? 20 : 40);
	__m512i x, d, r, su;
	__m256i u;
	__m128i s;
	uint64_t bad;
	int32_t sum;
	unsigned int blk;

	x = _mm512_maskz_loadu_epi8(f->w_k0, buf);
	/* (x ^ want) & mask: 0x28 */
	d = _mm512_ternarylogic_epi64(x, _mm512_loadu_si512(f->want),
				      _mm512_loadu_si512(f->mask), 0x28);
	r = _mm512_sub_epi16(_mm512_shuffle_epi8(x, swap),
			     _mm512_loadu_si512(f->w_lo));
	bad = _mm512_test_epi64_mask(d, d) |
	      (uint64_t)_mm512_cmpgt_epu16_mask(r, _mm512_loadu_si512(f->w_span));
	/* A UDP checksum field of 0 (IPv4: none; IPv6: bad): the reference */
	if (bad != 0 || (udp[6] | udp[7]) == 0)
		return false;
	if (v == 4 && !(hw & FRAME_HW_IP_GOOD) && !frame_fast_ip4_ok(buf))
		return false;
	if (hw & FRAME_HW_L4_GOOD)
		return true;
	/* (x & region) ^ bias: 0x6a */
	su = _mm512_madd_epi16(_mm512_ternarylogic_epi64(x,
			_mm512_loadu_si512(f->w_sum0), bias, 0x6a), one);
	for (blk = 1; blk + 1 < f->w_blocks; blk++)
		su = _mm512_add_epi32(su, _mm512_madd_epi16(_mm512_xor_si512(
			_mm512_loadu_si512(buf + 64 * blk), bias), one));
	if (f->w_blocks > 1)
		su = _mm512_add_epi32(su, _mm512_madd_epi16(_mm512_xor_si512(
			_mm512_maskz_loadu_epi8(f->w_klast,
						buf + 64 * (f->w_blocks - 1)),
			bias), one));
	/* the horizontal sum: 16 lanes to 1 */
	u = _mm256_add_epi32(_mm512_castsi512_si256(su),
			     _mm512_extracti64x4_epi64(su, 1));
	s = _mm_add_epi32(_mm256_castsi256_si128(u),
			  _mm256_extracti128_si256(u, 1));
	s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
	s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
	sum = _mm_cvtsi128_si32(s);
	/* each block's 32 words carried a bias of -0x8000: 2^20 a block */
	return cksum_raw_ok((uint64_t)((int64_t)sum +
				       ((int64_t)f->w_blocks << 20)) +
			    f->pseudo);
}

/* frame_classify_fast_hw on the wide path. */
static inline __attribute__((always_inline)) FRAME_WIDE_TARGET enum frame_kind
frame_wide_fast(const struct frame_cls *k, const uint8_t *buf, size_t len,
		struct frame_rx_info *info, unsigned int hw)
{
	unsigned int b, pass;

	if (__builtin_expect(k->tag_b != 0, 0)) {	/* the frame after them */
		if (!frame_fast_tags_ok(k, buf, len))
			return FRAME_KIND_COUNT;
		buf += k->tag_b;
		len -= k->tag_b;
	}
	FRAME_FAST_PICK(k, len, b, pass) {
		const struct frame_fast *f = &k->fast[b];

		if (!(f->version == 4 ? frame_wide_ours(f, buf, 4, hw) :
					frame_wide_ours(f, buf, 6, hw)))
			continue;
		if (info)
			frame_stamp_info(info,
					 buf + 14 + (f->version == 4 ? 20 : 40),
					 f->compact);
		return FRAME_OURS;
	}
	return FRAME_KIND_COUNT;
}

/* frame_classify_hw on the wide path (only where frame_wide_ok). */
static inline __attribute__((always_inline)) FRAME_WIDE_TARGET enum frame_kind
frame_wide_classify(const struct frame_cls *k, const uint8_t *buf, size_t len,
		    struct frame_rx_info *info, unsigned int hw)
{
	if (frame_wide_fast(k, buf, len, info, hw) == FRAME_OURS)
		return FRAME_OURS;
	return frame_classify_ref(k, buf, len, info);
}

/* The same as calls, for the tests (fast_only: frame_wide_fast alone). */
static inline FRAME_WIDE_TARGET enum frame_kind
frame_wide_call(const struct frame_cls *k, const uint8_t *buf, size_t len,
		struct frame_rx_info *info, unsigned int hw, bool fast_only)
{
	return fast_only ? frame_wide_fast(k, buf, len, info, hw) :
			   frame_wide_classify(k, buf, len, info, hw);
}
#endif

#endif /* DUTPERF_FRAME_FAST_H */

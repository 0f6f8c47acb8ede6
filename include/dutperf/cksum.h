/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cksum: the Internet checksum (RFC 1071).  DPDK-free.
 *
 * All 16-bit values here are numbers as read big endian from the wire
 * ("network words"): store a result with buf[0] = v >> 8, buf[1] = v.
 * A partial sum is a 32-bit (or 64-bit) accumulation of network words that
 * has not been folded; partial sums of pieces add up as long as every piece
 * but the last starts at an even offset of the summed region and has an
 * even length.
 */
#ifndef DUTPERF_CKSUM_H
#define DUTPERF_CKSUM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Partial sum of len_b bytes at buf (any alignment, odd length: the last
 * byte is the high byte of a word padded with zero), plus sum.  The result
 * is sum + a value <= 0xffff, so sum must stay below 0xffff0000.
 */
uint32_t cksum_partial(const void *buf, size_t len_b, uint32_t sum);

/* Fold a partial sum to 16 bits with end-around carries (not inverted). */
static inline uint16_t
cksum_fold(uint64_t sum)
{
	sum = (sum & 0xffffffffu) + (sum >> 32);
	sum = (sum & 0xffffffffu) + (sum >> 32);
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

/*
 * Sum of len_b bytes at buf taken as HOST-order 16-bit words (any
 * alignment; an odd last byte is padded with zero as in cksum_partial),
 * plus acc.  RFC 1071 2(B): the one's complement sum is byte-order
 * independent, so cksum_fold of the result is the network-order fold
 * byte-swapped on a little-endian host, and "folds to 0xffff" (a valid
 * checksum) is the same test in both orders.  The result is congruent to
 * the exact sum modulo 0xffff and is 0 only when that sum is (all that
 * cksum_fold depends on); it is below 2^34 + len_b.  64-bit adds with the
 * carries counted apart (2^64 = 1 modulo 0xffff).  Inline: the receiver's
 * hot path.
 */
static inline uint64_t
cksum_raw(const void *buf, size_t len_b, uint64_t acc)
{
	const uint8_t *p = buf;
	uint64_t v, v2, carry = 0;
	uint32_t h;
	uint16_t w;

	while (len_b >= 16) {
		memcpy(&v, p, 8);
		memcpy(&v2, p + 8, 8);
		acc += v;
		carry += acc < v;
		acc += v2;
		carry += acc < v2;
		p += 16;
		len_b -= 16;
	}
	if (len_b >= 8) {
		memcpy(&v, p, 8);
		acc += v;
		carry += acc < v;
		p += 8;
		len_b -= 8;
	}
	carry += (acc & 0xffffffffu) + (acc >> 32);
	if (len_b >= 4) {
		memcpy(&h, p, 4);
		carry += h;
		p += 4;
		len_b -= 4;
	}
	if (len_b >= 2) {
		memcpy(&w, p, 2);
		carry += w;
		p += 2;
		len_b -= 2;
	}
	if (len_b) {
		uint8_t last[2] = { p[0], 0 };	/* high byte of a padded word */

		memcpy(&w, last, 2);
		carry += w;
	}
	return carry;
}

/*
 * A sum from cksum_raw (or any sum that is 0 only for all-zero data) of a
 * region holding its checksum verifies: it folds to 0xffff, i.e. it is a
 * nonzero multiple of 0xffff.  Divisibility by multiplying with the
 * inverse of 0xffff modulo 2^64 (0xffff * 0xfffefffefffeffff = 1): the
 * product is raw / 0xffff, at most 2^64 / 0xffff, exactly for multiples;
 * minus 1 makes 0 wrap to the top.  Three instructions, no fold.
 */
static inline int
cksum_raw_ok(uint64_t raw)
{
	return raw * 0xfffefffefffeffffull - 1 < 0x0001000100010001ull;
}

/* The checksum to send: ~fold(sum). */
uint16_t cksum_finish(uint64_t sum);

/* Partial sum of 32 bits seen as two network words (hi, lo). */
static inline uint64_t
cksum_add32(uint64_t sum, uint32_t v)
{
	return sum + (v >> 16) + (v & 0xffff);
}

/* Partial sum of 64 bits seen as four network words. */
static inline uint64_t
cksum_add64(uint64_t sum, uint64_t v)
{
	return sum + (v >> 32) + (v & 0xffffffffu);
}

/* Pseudo-header partial sums (RFC 768; RFC 8200 8.1), protocol proto. */
uint32_t cksum_pseudo4(const uint8_t src[4], const uint8_t dst[4],
		       uint8_t proto, uint32_t l4_len_b);
uint32_t cksum_pseudo6(const uint8_t src[16], const uint8_t dst[16],
		       uint8_t proto, uint32_t l4_len_b);

#endif /* DUTPERF_CKSUM_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cksum: RFC 1071 Internet checksum.
 *
 * The sum is taken over host-order loads (RFC 1071 2(B): the one's
 * complement sum is byte-order independent) and byte-swapped once at the
 * end on a little-endian host, so that callers deal in network words only.
 */
#include <endian.h>

#include "dutperf/cksum.h"

uint16_t
cksum_finish(uint64_t sum)
{
	return (uint16_t)~cksum_fold(sum);
}

uint32_t
cksum_partial(const void *buf, size_t len_b, uint32_t sum)
{
	uint16_t w = cksum_fold(cksum_raw(buf, len_b, 0));

	return sum + be16toh(w);
}

static uint32_t
pseudo(const uint8_t *src, const uint8_t *dst, size_t alen, uint8_t proto,
       uint32_t l4_len_b)
{
	uint64_t s = cksum_partial(src, alen, 0);

	s = cksum_partial(dst, alen, (uint32_t)s);
	s = cksum_add32(s, l4_len_b) + proto;
	return cksum_fold(s);
}

uint32_t
cksum_pseudo4(const uint8_t src[4], const uint8_t dst[4], uint8_t proto,
	      uint32_t l4_len_b)
{
	return pseudo(src, dst, 4, proto, l4_len_b);
}

uint32_t
cksum_pseudo6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto,
	      uint32_t l4_len_b)
{
	return pseudo(src, dst, 16, proto, l4_len_b);
}

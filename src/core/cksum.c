/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cksum: RFC 1071 Internet checksum, RFC 1624 incremental update.
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

uint16_t
cksum_ipv4_hdr(const uint8_t *ip, size_t hdr_len_b)
{
	uint32_t s = cksum_partial(ip, 10, 0);

	if (hdr_len_b > 12)
		s = cksum_partial(ip + 12, hdr_len_b - 12, s);
	return cksum_finish(s);
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

static uint16_t
udp_sum(uint32_t pseudo, const uint8_t *udp, size_t udp_len_b)
{
	uint32_t s = cksum_partial(udp, 6, pseudo);
	uint16_t c;

	if (udp_len_b > 8)
		s = cksum_partial(udp + 8, udp_len_b - 8, s);
	c = cksum_finish(s);
	return c ? c : 0xffff;	/* RFC 768, RFC 8200 8.1 */
}

uint16_t
cksum_udp4(const uint8_t src[4], const uint8_t dst[4], const uint8_t *udp,
	   size_t udp_len_b)
{
	return udp_sum(cksum_pseudo4(src, dst, 17, (uint32_t)udp_len_b), udp,
		       udp_len_b);
}

uint16_t
cksum_udp6(const uint8_t src[16], const uint8_t dst[16], const uint8_t *udp,
	   size_t udp_len_b)
{
	return udp_sum(cksum_pseudo6(src, dst, 17, (uint32_t)udp_len_b), udp,
		       udp_len_b);
}

uint16_t
cksum_update16(uint16_t hc, uint16_t old_w, uint16_t new_w)
{
	uint32_t s = (uint16_t)~hc;

	s += (uint16_t)~old_w;
	s += new_w;
	return cksum_finish(s);
}

uint16_t
cksum_udp_update16(uint16_t hc, uint16_t old_w, uint16_t new_w)
{
	uint16_t c = cksum_update16(hc, old_w, new_w);

	return c ? c : 0xffff;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_int: what frame_tmpl.c, frame_gen.c and frame_cls.c share (header
 * sizes, protocol numbers, byte order helpers, the template builder).
 * Private to src/core.
 */
#ifndef DUTPERF_FRAME_INT_H
#define DUTPERF_FRAME_INT_H

#include <endian.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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

/* The stamp layout of a UDP datagram of udp_len bytes (header included):
 * compact when the payload cannot hold the full stamp. */
static inline bool
frame_stamp_compact(uint32_t udp_len)
{
	return udp_len < UDP_HDR_B + FRAME_STAMP_B;
}

/*
 * The template of kind k of s (bg: the background one): its frames of
 * version k->tx.ip_version, size_b[0] (IPv4) or size_b[1] (IPv6) bytes
 * with the FCS (s->size_b, or a size of s's mix).
 */
void frame_tmpl_build(struct frame_tmpl *t, const struct frame_spec *s,
		      const struct frame_spec_kind *k, bool bg,
		      const uint32_t size_b[2]);

#endif /* DUTPERF_FRAME_INT_H */

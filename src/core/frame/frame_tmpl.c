/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_tmpl: the prebuilt frames of a generator (foreground, background)
 * and the partial checksums of what does not vary in them.  Layout:
 * docs/frames.md.
 */
#include <string.h>

#include "dutperf/cksum.h"
#include "frame_int.h"

/*
 * What a stateless translator adds to the UDP checksum sum: the receiver's
 * view of both addresses minus the sender's (one's complement; lengths and
 * protocol are the same in both pseudo-headers, and varying slices or
 * network bytes sit at the same word positions on both sides).
 */
static uint16_t
tmpl_xlat_delta(const struct frame_spec_kind *k)
{
	uint16_t alen = k->tx.ip_version == 4 ? 4 : 16;
	uint16_t olen = k->rx.ip_version == 4 ? 4 : 16;
	uint32_t rx, tx;

	rx = cksum_partial(k->rx.src, olen, 0);
	rx = cksum_partial(k->rx.dst, olen, rx);
	tx = cksum_partial(k->tx.src, alen, 0);
	tx = cksum_partial(k->tx.dst, alen, tx);
	return cksum_fold((uint64_t)cksum_fold(rx) + (uint16_t)~cksum_fold(tx));
}

void
frame_tmpl_build(struct frame_tmpl *t, const struct frame_spec *s,
		 const struct frame_spec_kind *k, bool bg, const uint32_t size_b[2])
{
	uint8_t v = k->tx.ip_version;
	uint32_t len = size_b[v == 6] - FRAME_FCS_B, max;
	uint16_t alen = v == 4 ? 4 : 16, ip_hdr = v == 4 ? IP4_HDR_B : IP6_HDR_B;
	uint16_t eth = ETH_HDR_B + s->tx_tag_b;	/* tags inside the size */
	uint16_t src_off, dst_off, udp_len;
	const uint8_t *src = k->tx.src, *dst = k->tx.dst;
	unsigned int nb = frame_spec_net_byte(v);
	uint8_t *h = t->hdr;
	uint32_t pseudo;

	memset(t, 0, sizeof(*t));
	t->ip_version = v;
	t->l3_off = eth;
	t->l4_off = eth + ip_hdr;
	t->stamp_off = t->l4_off + UDP_HDR_B;
	udp_len = (uint16_t)(len - eth - ip_hdr);
	t->compact = frame_stamp_compact(udp_len);
	t->hdr_len = t->stamp_off + (t->compact ? FRAME_STAMP_COMPACT_B :
						  FRAME_STAMP_B);
	t->len = (uint16_t)len;
	max = FRAME_HDR_MAX_B + (uint32_t)s->tx_tag_b;
	t->copy_len = (uint16_t)(len < max ? len : max);

	/* Ethernet: to the DUT port facing the sender, VLAN tags before
	 * the ethertype */
	memcpy(h, s->tx_dst_mac, 6);
	memcpy(h + 6, s->tx_src_mac, 6);
	memcpy(h + 12, s->tx_tag, s->tx_tag_b);
	put16(h + eth - 2, v == 4 ? ETHERTYPE_IPV4 : ETHERTYPE_IPV6);
	if (v == 4) {
		uint8_t *ip = h + eth;

		ip[0] = 0x45;			/* version 4, IHL 5, TOS 0 */
		put16(ip + 2, (uint16_t)(len - eth));
		/* ID 0, DF 0, fragment offset 0 (ip[4..7] zero) */
		ip[8] = TTL_DEFAULT;
		ip[9] = IPPROTO_UDP_;
		src_off = eth + 12;
		dst_off = eth + 16;
	} else {
		uint8_t *ip = h + eth;

		ip[0] = 0x60;			/* traffic class 0, flow label 0 */
		put16(ip + 4, udp_len);
		ip[6] = IPPROTO_UDP_;
		ip[7] = TTL_DEFAULT;
		src_off = eth + 8;
		dst_off = eth + 24;
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
	if (s->src_slice.mode == CFG_VAR_FIXED)
		t->src_slice_base = get16(h + t->src_slice_off);
	if (s->dst_slice.mode == CFG_VAR_FIXED)
		t->dst_slice_base = get16(h + t->dst_slice_off);
	put16(h + t->src_slice_off, 0);
	put16(h + t->dst_slice_off, 0);

	/* Network byte, written after the slices.  With one network it
	 * points at the magic byte, rewritten with its own value (k is
	 * always 0), so the hot path needs no test. */
	if (s->num_nets > 1) {
		t->net_off = (uint16_t)(dst_off + nb);
		t->net_base = dst[nb];
		t->net_shift = (nb & 1) ? 0 : 8;
	} else {
		t->net_off = t->stamp_off;
		t->net_base = FRAME_MAGIC;
	}

	/* Partial sums over everything that does not vary. */
	if (v == 4) {
		pseudo = cksum_pseudo4(h + src_off, h + dst_off, IPPROTO_UDP_,
				       udp_len);
		t->ip4_sum_base = cksum_partial(h + eth, IP4_HDR_B, 0);
	} else {
		pseudo = cksum_pseudo6(h + src_off, h + dst_off, IPPROTO_UDP_,
				       udp_len);
	}
	/* payload past the stamp is zero and adds nothing */
	t->udp_sum_base = cksum_partial(h + t->l4_off, t->hdr_len - t->l4_off,
					pseudo);
	if (!bg && v != k->rx.ip_version)
		t->xlat_delta = tmpl_xlat_delta(k);
}

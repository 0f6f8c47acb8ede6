/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_cls: the receiver's expectations of one direction, the fast
 * path's picture of them (the fast path itself: frame_fast.h) and the
 * reference classifier.  Checks and verdicts: docs/frames.md,
 * "Classifier".
 */
#include <string.h>

#include "dutperf/cksum.h"
#include "frame_int.h"

/* Expected address bytes: exact where mask is 0xff; the slice (when it
 * varies) and the network byte (when num_nets > 1) are range-checked. */
static void
cls_masks(uint8_t *src_mask, uint8_t *dst_mask, uint8_t v,
	  const struct frame_spec *s)
{
	uint16_t alen = v == 4 ? 4 : 16;

	memset(src_mask, 0, 16);
	memset(dst_mask, 0, 16);
	memset(src_mask, 0xff, alen);
	memset(dst_mask, 0xff, alen);
	if (s->src_slice.mode != CFG_VAR_FIXED)
		src_mask[alen - 2] = src_mask[alen - 1] = 0;
	if (s->dst_slice.mode != CFG_VAR_FIXED)
		dst_mask[alen - 2] = dst_mask[alen - 1] = 0;
	if (s->num_nets > 1)
		dst_mask[frame_spec_net_byte(v)] = 0;
}

/* A slice's range: a fixed one is compared exactly through the mask. */
static void
cls_slice_range(struct cfg_var *out, const struct cfg_var *in)
{
	out->mode = in->mode;
	if (in->mode != CFG_VAR_FIXED) {
		out->min = in->min;
		out->max = in->max;
	} else {
		out->min = 0;
		out->max = UINT16_MAX;
	}
}

static void
cls_expect(struct frame_expect *e, const struct frame_spec_addr *a,
	   const struct frame_spec *s)
{
	uint8_t v = a->ip_version;
	uint16_t alen = v == 4 ? 4 : 16;

	e->version = v;
	memcpy(e->src, a->src, alen);
	memcpy(e->dst, a->dst, alen);
	cls_masks(e->src_mask, e->dst_mask, v, s);
	e->net_off = (uint16_t)frame_spec_net_byte(v);
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
	f->w_lo[off / 2] = lo;		/* the wide path's lanes: all of block 0 */
	f->w_span[off / 2] = span;
}

/* The wide path's masks of f (len_b, version and the sum region set). */
static void
fast_wide(struct frame_fast *f, uint16_t src_off)
{
	uint16_t end = f->len_b < 64 ? f->len_b : 64;

	memset(f->w_sum0 + src_off, 0xff, end - src_off);
	memset(f->w_span, 0xff, sizeof(f->w_span));	/* all pass */
	f->w_k0 = f->len_b >= 64 ? UINT64_MAX : (UINT64_C(1) << f->len_b) - 1;
	f->w_klast = f->len_b % 64 ? (UINT64_C(1) << (f->len_b % 64)) - 1 :
				     UINT64_MAX;
	f->w_blocks = (uint16_t)((f->len_b + 63) / 64);
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
	if (len_b < (uint32_t)l4 + UDP_HDR_B + FRAME_STAMP_COMPACT_B ||
	    len_b > FRAME_MAX_BUF_B)
		return;		/* len_b 0: such frames take the reference */
	memset(want, 0, sizeof(want));
	memset(mask, 0, sizeof(mask));
	/* with tags the MAC is compared before, on the tagged frame */
	if (!k->promisc && k->tag_b == 0) {
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
	f->compact = frame_stamp_compact(udp_len);
	f->sum_len = (uint16_t)(len_b - src_off);
	/* the last 16 bytes: only the sum_len % 16 past the whole blocks */
	memset(f->sum_tail + 16 - f->sum_len % 16, 0xff, f->sum_len % 16);
	put16(pw, (uint16_t)(IPPROTO_UDP_ + udp_len));
	memcpy(&f->pseudo, pw, 2);
	memset(f->rng_span, 0xff, sizeof(f->rng_span));	/* all pass */
	fast_wide(f, src_off);
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

/*
 * One more kind of frame for the fast path: len_b bytes (without FCS) with
 * expectation e (bg: background).  The hook for several frame sizes per
 * direction: one call per size and kind; frame_fast_pick finds a frame's
 * kinds by its length.  Beyond FRAME_FAST_MAX kinds, or for lengths the
 * fast path cannot take (cls_fast leaves len_b 0), such frames take the
 * reference, which decides every frame alike.
 */
static void
cls_add_kind(struct frame_cls *k, const struct frame_expect *e, uint32_t len_b,
	     bool bg)
{
	struct frame_fast *f;

	if (k->nb_fast >= FRAME_FAST_MAX)
		return;
	f = &k->fast[k->nb_fast];
	cls_fast(f, k, e, len_b, bg);
	if (f->len_b == 0)
		return;
	k->fast_len[k->nb_fast++] = f->len_b;
}

/*
 * An RFC 6985 mix: a kind per size (and its background kind), found by
 * the frame's length like a single size's (FRAME_FAST_MAX holds all of
 * them: two per size of IMIX_MAX_SIZES).
 */
static void
cls_add_mix(struct frame_cls *k, const struct frame_spec *s)
{
	unsigned int i;

	for (i = 0; i < s->mix_nb; i++) {
		cls_add_kind(k, &k->exp[0],
			     s->mix_size_b[i][s->fg.rx.ip_version == 6] -
			     FRAME_FCS_B - s->tx_tag_b, false);
		if (k->has_bg)
			cls_add_kind(k, &k->exp[1], s->mix_size_b[i][1] -
				     FRAME_FCS_B - s->tx_tag_b, true);
	}
}

void
frame_cls_init(struct frame_cls *k, const struct frame_spec *s)
{
	unsigned int i;

	memset(k, 0, sizeof(*k));
	k->dir = s->dir;
	memcpy(k->dst_mac, s->rx_mac, 6);
	k->promisc = s->promisc;
	k->has_bg = s->n > s->m;
	k->tag_b = s->rx_tag_b;
	memcpy(k->tag, s->rx_tag, sizeof(k->tag));
	for (i = 0; i < s->rx_tag_b; i += 4) {	/* TPID and VID */
		put16(k->tag_mask + i, 0xffff);
		put16(k->tag_mask + i + 2, 0x0fff);
	}
	cls_expect(&k->exp[0], &s->fg.rx, s);
	cls_expect(&k->exp[1], &s->bg.rx, s);
	k->sport = s->sport;	/* a fixed port: a range of one */
	k->dport = s->dport;
	cls_slice_range(&k->src_slice, &s->src_slice);
	cls_slice_range(&k->dst_slice, &s->dst_slice);
	k->num_nets = s->num_nets;
	if (s->mix_len > 1) {
		cls_add_mix(k, s);
		return;
	}
	/* the frame after the receiver's tags: the sender's tags shortened
	 * its IP packet */
	cls_add_kind(k, &k->exp[0], frame_spec_size_b(s, s->fg.rx.ip_version) -
		     FRAME_FCS_B - s->tx_tag_b, false);
	if (k->has_bg)
		cls_add_kind(k, &k->exp[1], frame_spec_size_b(s, 6) -
			     FRAME_FCS_B - s->tx_tag_b, true);
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

/*
 * The reference on buf (len bytes), a frame without VLAN tags whose
 * destination MAC is at mac: buf itself, or the tagged frame whose tags
 * frame_classify_ref has checked and skipped.
 */
static enum frame_kind
cls_ref(const struct frame_cls *k, const uint8_t *mac, const uint8_t *buf,
	size_t len, struct frame_rx_info *info)
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
	} else if (et == FRAME_TPID_8021Q || et == FRAME_TPID_8021AD) {
		return FRAME_FOREIGN_VLAN;	/* a tag more than the port's */
	} else {
		return FRAME_FOREIGN_OTHER_L2;
	}

	/* UDP: its length must fill the IP payload exactly */
	if (pl < UDP_HDR_B)
		return FRAME_BAD_IP;
	udp_len = get16(udp + 4);
	if (udp_len > pl)
		return FRAME_BAD_TRUNCATED;
	if (udp_len < pl)
		return FRAME_BAD_IP;
	if (udp_len < UDP_HDR_B + FRAME_STAMP_COMPACT_B || udp[8] != FRAME_MAGIC)
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
	if (!k->promisc && memcmp(mac, k->dst_mac, 6) != 0)
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
		frame_stamp_info(info, udp, frame_stamp_compact(udp_len));
	return FRAME_OURS;
}

enum frame_kind
frame_classify_ref(const struct frame_cls *k, const uint8_t *buf, size_t len,
		   struct frame_rx_info *info)
{
	if (k->tag_b == 0)
		return cls_ref(k, buf, buf, len, info);
	/* the port's tags, then the frame as if they were not there */
	if (len < (size_t)ETH_HDR_B + k->tag_b)
		return len < ETH_HDR_B ? FRAME_BAD_TRUNCATED : FRAME_FOREIGN_VLAN;
	if (!frame_tags_match(buf, k->tag, k->tag_b))
		return FRAME_FOREIGN_VLAN;
	return cls_ref(k, buf, buf + k->tag_b, len - k->tag_b, info);
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
		[FRAME_FOREIGN_VLAN] = "foreign_vlan",
	};

	if ((unsigned int)k >= FRAME_KIND_COUNT)
		return "unknown";
	return names[k];
}

enum frame_group
frame_kind_group(enum frame_kind k)
{
	switch (k) {
	case FRAME_FOREIGN_ARP:
	case FRAME_FOREIGN_ND:
	case FRAME_FOREIGN_LLDP:
	case FRAME_FOREIGN_OTHER_L2:
	case FRAME_FOREIGN_VLAN:
		return FRAME_GROUP_LINK;
	case FRAME_FOREIGN_OTHER_L3:
	case FRAME_BAD_TRUNCATED:
	case FRAME_BAD_IP:
		return FRAME_GROUP_IP;
	case FRAME_FOREIGN_OTHER_UDP:
	case FRAME_BAD_UDP_CKSUM:
	case FRAME_BAD_ADDR:
	case FRAME_BAD_PORT:
	case FRAME_BAD_STAMP:
		return FRAME_GROUP_UDP;
	default:
		return FRAME_GROUP_COUNT;
	}
}

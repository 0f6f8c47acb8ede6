/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * arp: ARP (RFC 826) and IPv6 Neighbor Discovery (RFC 4861) frames, and
 * the responder deciding which requests ask for the tester's addresses.
 */
#include <errno.h>
#include <string.h>

#include "dutperf/arp.h"
#include "dutperf/cksum.h"
#include "dutperf/frame_spec.h"

#define ETH_HDR_B 14
#define ETHERTYPE_IPV4 0x0800
#define ETHERTYPE_ARP 0x0806
#define ETHERTYPE_IPV6 0x86dd
#define ARP_BODY_B 28		/* RFC 826 for Ethernet / IPv4 */
#define IP6_HDR_B 40
#define IPPROTO_ICMPV6_ 58
#define ICMP6_NS 135
#define ICMP6_NA 136
#define ND_BODY_B 24		/* type, code, cksum, flags, target */
#define ND_OPT_SLL 1		/* RFC 4861 4.6.1 source link-layer */
#define ND_OPT_TLL 2		/* target link-layer */
#define ND_HOP_LIMIT 255	/* RFC 4861 7.1.1: must be 255 */

static const uint8_t arp_bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static inline uint16_t
rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline void
wr16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void
eth_hdr(uint8_t *buf, const uint8_t dst[6], const uint8_t src[6], uint16_t type)
{
	memcpy(buf, dst, 6);
	memcpy(buf + 6, src, 6);
	wr16(buf + 12, type);
}

/* RFC 826: hardware type 1 (Ethernet), protocol 0x0800, lengths 6 and 4. */
static size_t
arp_frame(uint8_t *buf, const uint8_t edst[6], uint16_t op,
	  const uint8_t sha[6], const uint8_t spa[4], const uint8_t tha[6],
	  const uint8_t tpa[4])
{
	uint8_t *a = buf + ETH_HDR_B;

	memset(buf, 0, ARP_FRAME_B);	/* the padding too */
	eth_hdr(buf, edst, sha, ETHERTYPE_ARP);
	wr16(a, 1);
	wr16(a + 2, ETHERTYPE_IPV4);
	a[4] = 6;
	a[5] = 4;
	wr16(a + 6, op);
	memcpy(a + 8, sha, 6);
	memcpy(a + 14, spa, 4);
	memcpy(a + 18, tha, 6);
	memcpy(a + 24, tpa, 4);
	return ARP_FRAME_B;
}

size_t
arp_build_request(uint8_t *buf, const uint8_t mac[6], const uint8_t sip[4],
		  const uint8_t tip[4])
{
	static const uint8_t zero[6];

	return arp_frame(buf, arp_bcast, 1, mac, sip, zero, tip);
}

size_t
arp_build_reply(uint8_t *buf, const uint8_t mac[6], const uint8_t sip[4],
		const uint8_t dmac[6], const uint8_t dip[4])
{
	return arp_frame(buf, dmac, 2, mac, sip, dmac, dip);
}

size_t
arp_build_gratuitous(uint8_t *buf, const uint8_t mac[6], const uint8_t ip[4])
{
	static const uint8_t zero[6];

	/* RFC 5227 2.3: "ARP Announcement", target hardware address zero */
	return arp_frame(buf, arp_bcast, 1, mac, ip, zero, ip);
}

/*
 * An ND message of ICMPv6 type t: IPv6 header (hop limit 255), the
 * 24-byte body with flags and target, one link-layer option of type opt
 * carrying mac, and the ICMPv6 checksum over the RFC 8200 8.1
 * pseudo-header.
 */
static size_t
nd_frame(uint8_t *buf, const uint8_t edst[6], const uint8_t mac[6],
	 const uint8_t src[16], const uint8_t dst[16], uint8_t t, uint8_t flags,
	 const uint8_t target[16], uint8_t opt)
{
	uint8_t *ip = buf + ETH_HDR_B, *icmp = ip + IP6_HDR_B;
	const uint32_t icmp_b = ND_BODY_B + 8;
	uint64_t sum;

	memset(buf, 0, ARP_ND_FRAME_B);
	eth_hdr(buf, edst, mac, ETHERTYPE_IPV6);
	ip[0] = 0x60;
	wr16(ip + 4, (uint16_t)icmp_b);
	ip[6] = IPPROTO_ICMPV6_;
	ip[7] = ND_HOP_LIMIT;
	memcpy(ip + 8, src, 16);
	memcpy(ip + 24, dst, 16);
	icmp[0] = t;
	icmp[4] = flags;
	memcpy(icmp + 8, target, 16);
	icmp[24] = opt;
	icmp[25] = 1;		/* length in units of 8 bytes */
	memcpy(icmp + 26, mac, 6);
	sum = cksum_pseudo6(src, dst, IPPROTO_ICMPV6_, icmp_b);
	sum = cksum_partial(icmp, icmp_b, (uint32_t)sum);
	wr16(icmp + 2, cksum_finish(sum));
	return ETH_HDR_B + IP6_HDR_B + icmp_b;
}

size_t
arp_build_ns(uint8_t *buf, const uint8_t mac[6], const uint8_t src[16],
	     const uint8_t target[16])
{
	/* RFC 4291 2.7.1: ff02::1:ffXX:XXXX; RFC 2464 7: 33:33 + last 4 */
	uint8_t dst[16] = { 0xff, 0x02, [11] = 0x01, [12] = 0xff };
	uint8_t edst[6] = { 0x33, 0x33 };

	memcpy(dst + 13, target + 13, 3);
	memcpy(edst + 2, dst + 12, 4);
	return nd_frame(buf, edst, mac, src, dst, ICMP6_NS, 0, target,
			ND_OPT_SLL);
}

size_t
arp_build_na(uint8_t *buf, const uint8_t mac[6], const uint8_t target[16],
	     const uint8_t dmac[6], const uint8_t dst[16], uint8_t flags)
{
	return nd_frame(buf, dmac, mac, target, dst, ICMP6_NA, flags, target,
			ND_OPT_TLL);
}

size_t
arp_build_unsolicited_na(uint8_t *buf, const uint8_t mac[6],
			 const uint8_t target[16])
{
	static const uint8_t all_nodes[16] = { 0xff, 0x02, [15] = 0x01 };
	static const uint8_t edst[6] = { 0x33, 0x33, 0, 0, 0, 0x01 };

	/* RFC 4861 7.2.6: solicited flag clear, override flag set */
	return arp_build_na(buf, mac, target, edst, all_nodes, 0x20);
}

static int
arp_parse_arp(const uint8_t *a, size_t len_b, struct arp_msg *m)
{
	uint16_t op;

	if (len_b < ARP_BODY_B || rd16(a) != 1 || rd16(a + 2) != ETHERTYPE_IPV4 ||
	    a[4] != 6 || a[5] != 4)
		return -EINVAL;
	op = rd16(a + 6);
	if (op != 1 && op != 2)
		return -EINVAL;
	m->type = op == 1 ? ARP_REQUEST : ARP_REPLY;
	m->ip_version = 4;
	memcpy(m->sender_mac, a + 8, 6);
	memcpy(m->sender_ip, a + 14, 4);
	memcpy(m->target_ip, a + 24, 4);
	return 0;
}

/* RFC 4861 7.1.1 / 7.1.2: the checks of a received NS / NA. */
static int
arp_parse_nd(const uint8_t *ip, size_t len_b, struct arp_msg *m)
{
	const uint8_t *icmp = ip + IP6_HDR_B, *o;
	uint32_t plen;
	uint64_t sum;
	size_t left;

	if (len_b < IP6_HDR_B + ND_BODY_B || (ip[0] >> 4) != 6 ||
	    ip[6] != IPPROTO_ICMPV6_ || ip[7] != ND_HOP_LIMIT)
		return -EINVAL;
	plen = rd16(ip + 4);
	if (plen < ND_BODY_B || plen > len_b - IP6_HDR_B)
		return -EINVAL;
	if ((icmp[0] != ICMP6_NS && icmp[0] != ICMP6_NA) || icmp[1] != 0)
		return -EINVAL;
	sum = cksum_pseudo6(ip + 8, ip + 24, IPPROTO_ICMPV6_, plen);
	sum = cksum_partial(icmp, plen, (uint32_t)sum);
	if (cksum_fold(sum) != 0xffff)
		return -EINVAL;
	if (icmp[8] == 0xff)	/* the target is no multicast address */
		return -EINVAL;
	m->type = icmp[0] == ICMP6_NS ? ARP_ND_NS : ARP_ND_NA;
	m->ip_version = 6;
	m->na_flags = icmp[0] == ICMP6_NA ? icmp[4] & 0xe0 : 0;
	memcpy(m->sender_ip, ip + 8, 16);
	memcpy(m->target_ip, icmp + 8, 16);
	for (o = icmp + ND_BODY_B, left = plen - ND_BODY_B; left > 0;) {
		size_t ob;

		if (left < 2 || o[1] == 0 || (size_t)o[1] * 8 > left)
			return -EINVAL;		/* 7.1.1: length 0 */
		ob = (size_t)o[1] * 8;
		if (o[0] == (m->type == ARP_ND_NS ? ND_OPT_SLL : ND_OPT_TLL) &&
		    ob >= 8) {
			memcpy(m->sender_mac, o + 2, 6);
			m->has_lladdr = true;
		}
		o += ob;
		left -= ob;
	}
	return 0;
}

/* arp_parse of a frame whose ethertype is at et (12 + its tags' bytes). */
static int
arp_parse_at(const uint8_t *frame, size_t et, size_t len_b, struct arp_msg *m)
{
	uint16_t type;

	memset(m, 0, sizeof(*m));
	if (len_b < et + 2)
		return -EINVAL;
	memcpy(m->eth_dst, frame, 6);
	memcpy(m->eth_src, frame + 6, 6);
	type = rd16(frame + et);
	if (type == ETHERTYPE_ARP)
		return arp_parse_arp(frame + et + 2, len_b - et - 2, m);
	if (type == ETHERTYPE_IPV6)
		return arp_parse_nd(frame + et + 2, len_b - et - 2, m);
	return -EINVAL;
}

int
arp_parse(const uint8_t *frame, size_t len_b, struct arp_msg *m)
{
	return arp_parse_at(frame, 12, len_b, m);
}

/* A frame on r's port: r's VLAN tags (TPID and VID), then arp_parse. */
static int
arp_parse_port(const struct arp_responder *r, const uint8_t *frame,
	       size_t len_b, struct arp_msg *m)
{
	if (r->tag_b != 0 && (len_b < (size_t)ETH_HDR_B + r->tag_b ||
			      !frame_tags_match(frame, r->tag, r->tag_b))) {
		memset(m, 0, sizeof(*m));
		return -EINVAL;
	}
	return arp_parse_at(frame, 12u + r->tag_b, len_b, m);
}

size_t
arp_tag(const struct arp_responder *r, uint8_t *buf, size_t len_b)
{
	if (r->tag_b == 0 || len_b < 12)
		return len_b;
	memmove(buf + 12 + r->tag_b, buf + 12, len_b - 12);
	memcpy(buf + 12, r->tag, r->tag_b);
	return len_b + r->tag_b;
}

static void
arp_range_add(struct arp_responder *r, uint8_t v, const uint8_t *base,
	      uint16_t nets, const struct cfg_var *slice)
{
	struct arp_range *g;
	size_t alen = v == 4 ? 4 : 16;

	if (r->nb >= ARP_MAX_RANGES)
		return;
	g = &r->r[r->nb++];
	memset(g, 0, sizeof(*g));
	g->ip_version = v;
	memcpy(g->base, base, alen);
	g->nets = nets;
	if (slice->mode == CFG_VAR_FIXED) {	/* frame_spec.h: own bits */
		g->slice_min = g->slice_max = rd16(base + alen - 2);
	} else {
		g->slice_min = slice->min;
		g->slice_max = slice->max;
	}
}

void
arp_responder_from_cfg(struct arp_responder *r, const struct cfg *c,
		       enum cfg_side_id s)
{
	const struct cfg_side *sd = &c->side[s];
	/* s sends direction tx, receives direction rx */
	enum cfg_dir_id tx = s == CFG_LEFT ? CFG_FWD : CFG_REV;
	enum cfg_dir_id rx = s == CFG_LEFT ? CFG_REV : CFG_FWD;
	const struct cfg_var *ss = &c->dir[tx].src_slice;
	const struct cfg_var *ds = &c->dir[rx].dst_slice;

	memset(r, 0, sizeof(*r));
	memcpy(r->mac, sd->mac, 6);
	r->tag_b = frame_spec_tags(sd, r->tag);
	/* as sources (frame_spec's fg.tx / bg.tx) */
	arp_range_add(r, 4, sd->ipv4, 1, ss);
	arp_range_add(r, 6, sd->ipv6, 1, ss);
	/* as destinations: RFC 2544 12 networks (frame_spec's fg.rx) */
	arp_range_add(r, 4, sd->ipv4, sd->num_nets, ds);
	arp_range_add(r, 6, sd->ipv6, sd->num_nets, ds);
	/* SIIT / NAT64: this side as hosts of the other version see it */
	arp_range_add(r, 4, sd->ipv4_virt, 1, ss);
	arp_range_add(r, 6, sd->ipv6_virt, 1, ss);
	arp_range_add(r, 4, sd->ipv4_virt, sd->num_nets, ds);
	arp_range_add(r, 6, sd->ipv6_virt, sd->num_nets, ds);
}

static bool
arp_range_has(const struct arp_range *g, uint8_t v, const uint8_t *ip)
{
	size_t alen = v == 4 ? 4 : 16, i;
	unsigned int nb = frame_spec_net_byte(v);
	uint16_t slice;

	if (g->ip_version != v)
		return false;
	for (i = 0; i < alen - 2; i++) {
		if (i == nb) {
			if (ip[i] < g->base[i] ||
			    (unsigned int)ip[i] >= g->base[i] + (unsigned int)g->nets)
				return false;
		} else if (ip[i] != g->base[i]) {
			return false;
		}
	}
	if (v == 4 && g->nets > 1)	/* byte 2 checked above */
		return ip[2] >= g->base[2] &&
		       (unsigned int)ip[2] < g->base[2] + (unsigned int)g->nets &&
		       ip[3] == g->base[3];
	slice = rd16(ip + alen - 2);
	return slice >= g->slice_min && slice <= g->slice_max;
}

bool
arp_responder_owns(const struct arp_responder *r, uint8_t ip_version,
		   const uint8_t *ip)
{
	unsigned int i;

	for (i = 0; i < r->nb; i++)
		if (arp_range_has(&r->r[i], ip_version, ip))
			return true;
	return false;
}

size_t
arp_answer(const struct arp_responder *r, const uint8_t *frame, size_t len_b,
	   uint8_t *out)
{
	static const uint8_t unspec[16];
	struct arp_msg m;

	if (arp_parse_port(r, frame, len_b, &m) != 0)
		return 0;
	if (m.type == ARP_REQUEST) {
		/* RFC 5227 2.3: an announcement (sender = target address)
		 * asks nothing */
		if (!arp_responder_owns(r, 4, m.target_ip) ||
		    memcmp(m.sender_ip, m.target_ip, 4) == 0)
			return 0;
		return arp_tag(r, out, arp_build_reply(out, r->mac, m.target_ip,
						       m.sender_mac, m.sender_ip));
	}
	if (m.type != ARP_ND_NS || !arp_responder_owns(r, 6, m.target_ip))
		return 0;
	/* RFC 4861 7.2.4: DAD (unspecified source) is answered to all
	 * nodes, which would tell a DUT that the address is taken: none */
	if (memcmp(m.sender_ip, unspec, 16) == 0)
		return 0;
	/* to the solicitation's source, at its link-layer option or, with
	 * none, at the frame's Ethernet source; S and O set */
	return arp_tag(r, out, arp_build_na(out, r->mac, m.target_ip,
					    m.has_lladdr ? m.sender_mac :
							   m.eth_src,
					    m.sender_ip, 0x60));
}

bool
arp_resolved(const struct arp_responder *r, const uint8_t *frame, size_t len_b,
	     uint8_t ip_version, const uint8_t *ip, uint8_t mac[6])
{
	struct arp_msg m;

	if (arp_parse_port(r, frame, len_b, &m) != 0 ||
	    m.ip_version != ip_version)
		return false;
	if (ip_version == 4) {
		/* RFC 826: the sender's pair is learnt from either op */
		if (memcmp(m.sender_ip, ip, 4) != 0)
			return false;
		memcpy(mac, m.sender_mac, 6);
		return true;
	}
	if (m.type != ARP_ND_NA || memcmp(m.target_ip, ip, 16) != 0)
		return false;
	memcpy(mac, m.has_lladdr ? m.sender_mac : m.eth_src, 6);
	return true;
}

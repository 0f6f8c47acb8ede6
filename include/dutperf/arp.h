/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * arp: address resolution on the tester's ports, both ways.  ARP (RFC 826)
 * for IPv4 and Neighbor Discovery (RFC 4861) for IPv6: the frames built and
 * parsed, and the responder that decides whether a received ARP request or
 * Neighbor Solicitation asks for one of the tester's addresses and writes
 * the answer.  DPDK-free; the receiver calls arp_answer on the frames the
 * classifier calls foreign ARP / ND (frame.h), the port setup resolves the
 * DUT's next hop with arp_build_request / arp_resolved.
 *
 * Frames are written without FCS; ARP frames are padded with zeros to the
 * 60 bytes of a minimum Ethernet frame (RFC 894's minimum), ND frames need
 * no padding.
 */
#ifndef DUTPERF_ARP_H
#define DUTPERF_ARP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "frame_spec.h"

#define ARP_ETH_MIN_B 60	/* a minimum frame without FCS */
#define ARP_FRAME_B 60		/* ARP frame as written: 42 + padding */
#define ARP_ND_FRAME_B 86	/* NS / NA with one link-layer option */
/* the largest frame this module writes: an NS / NA with QinQ tags */
#define ARP_MAX_FRAME_B (ARP_ND_FRAME_B + FRAME_TAGS_MAX_B)
#define ARP_MAX_RANGES 16	/* address ranges of one responder */

/* What a received frame is, as far as address resolution goes. */
enum arp_type {
	ARP_NONE = 0,		/* not ARP / ND, or malformed */
	ARP_REQUEST,		/* RFC 826 op 1 */
	ARP_REPLY,		/* RFC 826 op 2 */
	ARP_ND_NS,		/* RFC 4861 4.3, ICMPv6 type 135 */
	ARP_ND_NA		/* RFC 4861 4.4, ICMPv6 type 136 */
};

/* A parsed ARP or ND message (addresses of version ip_version). */
struct arp_msg {
	enum arp_type type;
	uint8_t ip_version;		/* 4: ARP, 6: ND */
	uint8_t eth_src[6];
	uint8_t eth_dst[6];
	/*
	 * ARP: sender hardware / protocol address and target protocol
	 * address.  ND: the IPv6 source, the target of the message, and
	 * the link-layer address option (source LL in NS, target LL in
	 * NA; RFC 4861 4.6.1) when has_lladdr.
	 */
	uint8_t sender_mac[6];
	uint8_t sender_ip[16];		/* IPv4: the first 4 bytes */
	uint8_t target_ip[16];
	bool has_lladdr;		/* ND: a link-layer address option */
	uint8_t na_flags;		/* NA: R 0x80, S 0x40, O 0x20 */
};

/*
 * Parse frame (len_b bytes without FCS, starting at the Ethernet header,
 * no VLAN tag).  0 with *m filled, or -EINVAL when the frame is no
 * well-formed ARP request / reply for IPv4 over Ethernet, or no NS / NA
 * passing RFC 4861 7.1.1 / 7.1.2's checks (hop limit 255, code 0, ICMPv6
 * checksum, length, a target that is no multicast address, options of
 * nonzero length).
 */
int arp_parse(const uint8_t *frame, size_t len_b, struct arp_msg *m);

/* RFC 826 request from mac / sip asking for tip (broadcast).  Returns the
 * frame length (ARP_FRAME_B); buf holds at least ARP_MAX_FRAME_B. */
size_t arp_build_request(uint8_t *buf, const uint8_t mac[6],
			 const uint8_t sip[4], const uint8_t tip[4]);

/* RFC 826 reply: sip is at mac, sent to dmac / dip. */
size_t arp_build_reply(uint8_t *buf, const uint8_t mac[6], const uint8_t sip[4],
		       const uint8_t dmac[6], const uint8_t dip[4]);

/* RFC 5227 2.3 ARP announcement (gratuitous ARP): a broadcast request
 * whose sender and target protocol addresses are both ip. */
size_t arp_build_gratuitous(uint8_t *buf, const uint8_t mac[6],
			    const uint8_t ip[4]);

/* RFC 4861 4.3 Neighbor Solicitation from mac / src for target, to the
 * target's solicited-node multicast address (RFC 4291 2.7.1), with the
 * source link-layer address option. */
size_t arp_build_ns(uint8_t *buf, const uint8_t mac[6], const uint8_t src[16],
		    const uint8_t target[16]);

/* RFC 4861 4.4 Neighbor Advertisement: target is at mac, sent from target
 * to dmac / dst with flags (R 0x80, S 0x40, O 0x20) and the target
 * link-layer address option. */
size_t arp_build_na(uint8_t *buf, const uint8_t mac[6], const uint8_t target[16],
		    const uint8_t dmac[6], const uint8_t dst[16], uint8_t flags);

/* RFC 4861 7.2.6 unsolicited NA: target at mac, to all-nodes ff02::1,
 * override flag set, solicited flag clear. */
size_t arp_build_unsolicited_na(uint8_t *buf, const uint8_t mac[6],
				const uint8_t target[16]);

/*
 * A range of addresses of one version: base with byte
 * frame_spec_net_byte(version) taking base's value + 0 .. nets - 1
 * (RFC 2544 12) and the low 16 bits (the "slice" of frame_spec.h) in
 * slice_min .. slice_max.  IPv4 with nets > 1: the slice is fixed (the
 * network byte is its upper byte), only byte 3 must equal base's.
 */
struct arp_range {
	uint8_t ip_version;
	uint8_t base[16];
	uint16_t nets;
	uint16_t slice_min, slice_max;
};

/* The addresses one port answers for, and the port's MAC. */
struct arp_responder {
	uint8_t mac[6];
	/* the port's VLAN tags (frame_spec_tags): the requests it answers
	 * carry them (TPID, VID), its answers and frames too (arp_tag) */
	uint8_t tag[FRAME_TAGS_MAX_B];
	uint8_t tag_b;
	unsigned int nb;
	struct arp_range r[ARP_MAX_RANGES];
};

/*
 * The addresses of side s of c (validated): its real IPv4 and IPv6
 * addresses as sources (with the source slice of the direction it sends)
 * and as destinations (its num_nets networks, the destination slice of
 * the direction it receives), and its virtual IPv4 and IPv6 addresses
 * (SIIT / NAT64, cfg.h) likewise.  The MAC is the side's mac.
 */
void arp_responder_from_cfg(struct arp_responder *r, const struct cfg *c,
			    enum cfg_side_id s);

/* Is ip (version v) one of r's addresses? */
bool arp_responder_owns(const struct arp_responder *r, uint8_t ip_version,
			const uint8_t *ip);

/*
 * The answer to frame (len_b bytes) when it is an ARP request or an NS
 * asking for one of r's addresses: the ARP reply or solicited NA (RFC
 * 4861 7.2.4: S and O set) written into out (ARP_MAX_FRAME_B bytes), its
 * length returned.  0: no answer (another frame, a request for another
 * address, a gratuitous ARP (RFC 5227 2.3 announcement), an NS of
 * duplicate address detection, whose unspecified source asks for no
 * answer to itself).  With r's VLAN tags (tag_b > 0) the request must
 * carry them (TPID and VID; a request of another VLAN is not answered)
 * and the answer does.
 */
size_t arp_answer(const struct arp_responder *r, const uint8_t *frame,
		  size_t len_b, uint8_t *out);

/*
 * Does frame answer who-has ip (version v) on the port of responder r?
 * An ARP reply (or request: RFC 826 learns from either) whose sender is
 * ip, or an NA whose target is ip, with r's VLAN tags (TPID and VID); the
 * MAC into mac (NA: its target link-layer option, else the Ethernet
 * source).
 */
bool arp_resolved(const struct arp_responder *r, const uint8_t *frame,
		  size_t len_b, uint8_t ip_version, const uint8_t *ip,
		  uint8_t mac[6]);

/*
 * r's VLAN tags inserted after the MAC addresses of the untagged frame
 * buf of len_b bytes (an arp_build_* frame; buf holds ARP_MAX_FRAME_B):
 * the tagged length, len_b + r->tag_b.  The frames a port sends for
 * itself (requests, announcements, RFC 2544 23 learning frames) go
 * through it; arp_answer's answers are tagged already.
 */
size_t arp_tag(const struct arp_responder *r, uint8_t *buf, size_t len_b);

#endif /* DUTPERF_ARP_H */

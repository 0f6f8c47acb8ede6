/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_spec: the frames of one direction as plain data, what the sender
 * (frame_gen_init) and the receiver (frame_cls_init) of that direction
 * build from.  frame_spec_from_cfg derives it from the configuration;
 * other producers (several streams per direction, a responder answering
 * the 4-tuples it received) fill one themselves.  No pointers: a spec can
 * be copied, stored per stream and compared with memcmp after a memset.
 *
 * Addresses follow the addressing rule of cfg.h: each kind of frame
 * (foreground, background) has the addresses it carries when sent (tx)
 * and those the receiver expects after the DUT (rx): the same unless a
 * SIIT / NAT64 DUT translates the foreground.  Background frames are
 * native IPv6 (RFC 8219 5.3).
 *
 * What frame_gen and frame_cls rely on without checking (cfg_validate and
 * frame_spec_from_cfg make sure of it for a configuration):
 *   - ip_version 4 or 6 everywhere; bg.tx and bg.rx IPv6;
 *   - size_b of every version in use holds the headers and the stamp
 *     (IPv4 >= 64, IPv6 >= 78: the compact stamp below 84) and is at
 *     most CFG_MAX_JUMBO_B;
 *   - 1 <= n, m <= n;
 *   - a varying field has min <= max (a fixed one: see below);
 *   - 1 <= num_nets <= CFG_MAX_NETS, and for every destination (tx and
 *     rx, background when n > m) byte frame_spec_net_byte(version) +
 *     num_nets - 1 <= 255; with num_nets > 1 an IPv4 destination has a
 *     fixed dst_slice (both would vary its byte 2).
 */
#ifndef DUTPERF_FRAME_SPEC_H
#define DUTPERF_FRAME_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"

#define FRAME_TAGS_MAX_B 8		/* QinQ: two tags of 4 bytes */
#define FRAME_TPID_8021Q 0x8100		/* IEEE 802.1Q customer tag */
#define FRAME_TPID_8021AD 0x88a8	/* IEEE 802.1ad service tag (QinQ) */

/* Source and destination of one kind of frame at one end of the DUT. */
struct frame_spec_addr {
	uint8_t ip_version;		/* 4 or 6 */
	uint8_t src[16];		/* IPv4: the first 4 bytes */
	uint8_t dst[16];
};

/* One kind of frame: as the sender writes it and as the receiver
 * expects it after the DUT (translated or not). */
struct frame_spec_kind {
	struct frame_spec_addr tx;
	struct frame_spec_addr rx;
};

struct frame_spec {
	/* Direction: the stamp's direction flag, and with stream the
	 * numbers of the RFC 4814 generator streams (frame_gen_init). */
	enum cfg_dir_id dir;
	uint16_t stream;		/* sub-stream of dir; 0: the only one */

	/* sender: Ethernet source and destination */
	uint8_t tx_src_mac[6];		/* sending tester port */
	uint8_t tx_dst_mac[6];		/* DUT interface facing it */
	/* receiver */
	uint8_t rx_mac[6];		/* receiving tester port */
	bool promisc;			/* accept any destination MAC */
	/*
	 * VLAN tags after the MAC addresses (docs/frames.md, "VLAN tags"):
	 * those the sender writes, those the receiver requires (TPID and
	 * VID; PCP and DEI not compared), 0, 4 or 8 bytes each (outer
	 * 802.1ad tag first).  They lie inside size_b: the IP packet is
	 * size_b - 18 - tx_tag_b bytes.
	 */
	uint8_t tx_tag[FRAME_TAGS_MAX_B], rx_tag[FRAME_TAGS_MAX_B];
	uint8_t tx_tag_b, rx_tag_b;

	struct frame_spec_kind fg;	/* foreground */
	struct frame_spec_kind bg;	/* background (used when n > m) */

	uint32_t size_b[2];		/* frame size incl. FCS: [0] IPv4, [1] IPv6 */
	uint32_t n, m;			/* of every n frames the first m foreground */
	/*
	 * RFC 6985 mix (imix.h): mix_len 0 or 1, every frame of size_b;
	 * otherwise frame i of the stream (its i-th frame_gen_next) has the
	 * sizes mix_size_b[mix_seq[i % mix_len]] ([0] IPv4, [1] IPv6, as
	 * size_b), and size_b holds those of frame 0.
	 */
	uint8_t mix_len, mix_nb;
	uint8_t mix_seq[IMIX_MAX_LEN];
	uint32_t mix_size_b[IMIX_MAX_SIZES][2];

	/*
	 * RFC 4814 4.5 variation.  Ports: a fixed port has min == max == its
	 * value (RFC 2544 C.2.6.4: 0xC020 -> 7).  Slices (the low 16 bits of
	 * the source / destination address): fixed keeps the address's own
	 * bits, min and max unused.
	 */
	struct cfg_var sport, dport;
	struct cfg_var src_slice, dst_slice;

	/* RFC 2544 12: destination networks, 1..CFG_MAX_NETS; network k adds
	 * k to byte frame_spec_net_byte() of the destination */
	uint16_t num_nets;
};

/*
 * The VLAN tags of side s's frames (cfg.h: vlan, vlan_pcp, outer_vlan)
 * as they follow the MAC addresses: an outer 802.1ad tag (TPID 0x88a8)
 * when outer_vlan is set, then the 802.1Q tag (TPID 0x8100), each TPID
 * then PCP (3 bits), DEI 0 and VID (12 bits).  Returns their bytes into
 * tag[0..FRAME_TAGS_MAX_B): 0, 4 or 8.
 */
uint8_t frame_spec_tags(const struct cfg_side *s, uint8_t tag[FRAME_TAGS_MAX_B]);

/*
 * Does the frame at p (at least 12 + tag_b bytes) carry tags tag[0..tag_b)
 * after its MAC addresses, compared as the receiver compares them: TPID
 * and VID, not PCP or DEI?
 */
static inline bool
frame_tags_match(const uint8_t *p, const uint8_t *tag, uint8_t tag_b)
{
	unsigned int i;

	for (i = 0; i < tag_b; i += 4)
		if (p[12 + i] != tag[i] || p[13 + i] != tag[i + 1] ||
		    ((p[14 + i] ^ tag[i + 2]) & 0x0f) != 0 ||
		    p[15 + i] != tag[i + 3])
			return false;
	return true;
}

/* Byte of an IPv4 / IPv6 address that selects the network (RFC 2544 12). */
static inline unsigned int
frame_spec_net_byte(uint8_t ip_version)
{
	return ip_version == 4 ? 2 : 7;
}

/* Frame size incl. FCS of the frames of IP version v. */
static inline uint32_t
frame_spec_size_b(const struct frame_spec *s, uint8_t ip_version)
{
	return s->size_b[ip_version == 6];
}

/* The first source port of direction d's frames ([forward] sport when
 * fixed, else its min): K flows use ports base .. base + K - 1
 * (RFC 9004 b2b flows, trial_spec.flows). */
uint16_t frame_sport_base(const struct cfg *c, enum cfg_dir_id d);

/* Do flows source ports from base fit below 65536?  The one rule for
 * [b2b] flows (b2b_cfg_check) and a trial's flows (trial_run). */
static inline bool
frame_flows_fit(uint16_t base, uint32_t flows)
{
	return flows <= 1 || (uint32_t)base + flows - 1 <= 65535;
}

/*
 * The spec of direction d of c, which must have passed cfg_validate (which
 * checks the network bytes of active directions only: the spec of an
 * inactive one may send wrapped ones).
 * Checks what cfg_validate does not: the network byte of the addresses
 * the receiver expects (after a translator they are not the ones sent),
 * fixed ports and slices with min > max, and d itself.  0, or -EINVAL with
 * err naming the INI section, key and value.
 */
int frame_spec_from_cfg(struct frame_spec *s, const struct cfg *c,
			enum cfg_dir_id d, char *err, size_t err_len);

#endif /* DUTPERF_FRAME_SPEC_H */

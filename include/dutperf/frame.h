/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame: test frames.  Builder (frame_gen_*, src/core/frame/frame_gen.c with
 * the templates of frame_tmpl.c) for the sender and classifier
 * (frame_cls_*, frame_cls.c; frame_classify and its fast path inline in
 * frame_fast.h) for the receiver, both made from the struct frame_spec of
 * one direction (frame_spec.h).  DPDK-free.
 *
 * Sizes count the 4-byte FCS as RFC 2544 does: a 64-byte frame is 60 bytes
 * in the buffer.  When translating, the configured size is the IPv6 frame
 * size and IPv4 frames are 20 bytes shorter (RFC 8219 5.1.1).
 *
 * UDP payload stamp, full (the first FRAME_STAMP_B bytes of a UDP payload
 * of at least 18 bytes: IPv4 >= 64-byte and IPv6 >= 84-byte frames):
 *   0      magic FRAME_MAGIC
 *   1      flags: bit 0 direction (0 fwd, 1 rev), bit 1 background,
 *          bit 2 tagged (latency), bits 3-7 trial id (0..31)
 *   2..9   sequence number, 64-bit big endian, per direction from 0
 *   10..17 TX timestamp, 64-bit big endian (TSC ticks), 0 when unused
 * Compact (FRAME_STAMP_COMPACT_B bytes, when the UDP payload has 12..17
 * bytes: IPv6 frames of 78..83 bytes; the payload length alone tells
 * which, so a template or expectation selects it once):
 *   0      magic, 1 flags, as above
 *   2..6   sequence number, low 40 bits, big endian (all ones: bogus)
 *   7..11  TX timestamp, low 40 bits of the TSC, big endian
 * Payload bytes after the stamp are zero.  docs/frames.md, "Stamp".
 */
#ifndef DUTPERF_FRAME_H
#define DUTPERF_FRAME_H

#include <endian.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cfg.h"
#include "frame_spec.h"
#include "rfc4814.h"

#define FRAME_FCS_B 4
#define FRAME_MAX_BUF_B (CFG_MAX_JUMBO_B - FRAME_FCS_B)
#define FRAME_STAMP_B 18
#define FRAME_STAMP_COMPACT_B 12
/* The compact stamp's 40-bit fields: sequence numbers 0..2^40 - 2 (all
 * ones is the bogus number, read back as UINT64_MAX), timestamps modulo
 * 2^40 ticks. */
#define FRAME_COMPACT_BITS 40
#define FRAME_COMPACT_MASK ((UINT64_C(1) << FRAME_COMPACT_BITS) - 1)
#define FRAME_MAGIC 0xd5
#define FRAME_TRIAL_ID_MAX 31
/* Stamp flag bits (byte 1 of the stamp). */
#define FRAME_FLAG_REV 0x01		/* direction: set for reverse */
#define FRAME_FLAG_BG 0x02		/* background (native IPv6) frame */
#define FRAME_FLAG_TAGGED 0x04		/* tagged for latency */
#define FRAME_TRIAL_SHIFT 3		/* trial id in bits 3-7 */
/* Bytes a sender writes per frame: Ethernet + IPv6 + UDP + stamp. */
#define FRAME_HDR_MAX_B (14 + 40 + 8 + FRAME_STAMP_B)

/* One prebuilt frame and the offsets of what varies in it. */
struct frame_tmpl {
	uint8_t hdr[FRAME_HDR_MAX_B + FRAME_TAGS_MAX_B];	/* bytes 0..hdr_len-1 */
	uint16_t hdr_len;		/* headers + stamp */
	uint16_t len;			/* buffer length = frame size - FCS */
	uint8_t ip_version;
	uint16_t l3_off, l4_off, stamp_off;
	uint16_t src_slice_off;		/* offset of the low 16 bits of src addr */
	uint16_t dst_slice_off;
	uint16_t net_off;		/* byte that selects the destination network */
	uint8_t net_base;		/* its value for network 0 */
	uint32_t udp_sum_base;		/* 32-bit partial sum of all fixed UDP words */
	uint32_t ip4_sum_base;		/* same for the IPv4 header (IPv4 only) */
	/* added by the implementation (see docs/frames.md): */
	uint16_t src_slice_base;	/* added to the src slice generator value */
	uint16_t dst_slice_base;	/* (the address's own bits in fixed mode) */
	uint8_t net_shift;		/* 8: net byte is the high byte of its word */
	uint8_t flags;			/* FRAME_FLAG_BG for the background template */
	uint16_t copy_len;		/* min(len, FRAME_HDR_MAX_B): bytes written */
	uint16_t xlat_delta;		/* UDP sum change a translator makes (0: none) */
	bool compact;			/* compact stamp (UDP payload < 18 B) */
};

/* The sender's state for one direction; one writer (the sending lcore). */
struct frame_gen {
	struct frame_tmpl fg;		/* foreground (translated) */
	struct frame_tmpl bg;		/* background (native IPv6) */
	uint32_t n, m, mix_pos;		/* of every n frames m foreground */
	struct rfc4814_field sport, dport, src_slice, dst_slice;
	struct rfc4814_field net;	/* destination network 0..num_nets-1 */
	uint8_t flags;			/* direction bit + trial id, see above */
	/* RFC 6985 mix (size_len > 1): frame j of the generator is of size
	 * size_seq[j % size_len], from size_tmpl[size][0] (foreground) or
	 * [1] (background); size_pos = j % size_len, stepped per frame */
	uint8_t size_len, size_pos;
	uint8_t size_seq[IMIX_MAX_LEN];
	struct frame_tmpl size_tmpl[IMIX_MAX_SIZES][2];
};

/*
 * The templates and generators of the frames s describes (see frame_spec.h
 * for what s must satisfy: nothing is checked here).  seed feeds every
 * pseudorandom field through independent streams (per field, direction
 * and s->stream).
 */
void frame_gen_init(struct frame_gen *g, const struct frame_spec *s,
		    uint64_t seed);

/* Trial id 0..31 stamped into every following frame. */
void frame_gen_set_trial(struct frame_gen *g, uint8_t trial_id);

/* Largest buffer length any frame of g has (for zero-filled buffers). */
uint16_t frame_gen_max_len(const struct frame_gen *g);

/*
 * Write the next frame's first min(len, FRAME_HDR_MAX_B) bytes into buf
 * (headers + stamp, then zeros; bytes from there up to the returned length
 * must already be zero: the function writes nothing else, so a buffer
 * zero-filled once up to frame_gen_max_len() stays valid for every later
 * frame, foreground or background), with sequence number seq and
 * timestamp ts, ports/addresses/network from the generators and both
 * checksums final.  Returns the frame's buffer length.  No division.
 * Of every n frames the first m are foreground, the rest background; with
 * a mix (frame_spec mix_len > 1) the sizes follow its sequence, one step
 * a call, independently of the n:m pattern.
 */
uint16_t frame_gen_next(struct frame_gen *g, uint8_t *buf, uint64_t seq,
			uint64_t ts, bool tagged);

/*
 * The sender's fast path: frames seq, seq + 1, ... seq + n - 1 into
 * bufs[0..n-1], the same frames frame_gen_next would write for them with
 * timestamp ts (frame i tagged when bit i of tag_mask is set), but writing
 * only what varies from frame to frame: ports, the address bytes that
 * vary, flags, sequence number, timestamp and checksums.  Each buffer must
 * hold a frame that frame_gen_next or frame_gen_patch wrote for a
 * generator of the same configuration and direction (a pool of buffers
 * prefilled once per trial).  Only when frame_gen_patchable(g): with
 * background frames the two kinds differ in their fixed bytes, and each
 * frame needs frame_gen_next; so do the sizes of a mix.  n <= 64.
 */
void frame_gen_patch(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
		     uint64_t seq, uint64_t ts, uint64_t tag_mask);

static inline bool
frame_gen_patchable(const struct frame_gen *g)
{
	/* no background frames, one size */
	return g->n <= g->m && g->size_len <= 1;
}

/*
 * Most frames a trial of g may send per direction: sequence numbers
 * 0..limit - 1 must fit the stamp (FRAME_COMPACT_MASK with a compact
 * stamp, 2^40 - 1, about 2.4 hours at 100GbE line rate of 78-byte frames;
 * UINT64_MAX otherwise).
 */
uint64_t frame_gen_max_frames(const struct frame_gen *g);

/* Receiver side. */
enum frame_kind {
	FRAME_OURS = 0,
	FRAME_FOREIGN_ARP,
	FRAME_FOREIGN_ND,		/* ICMPv6 ND, MLD and other ICMPv6 */
	FRAME_FOREIGN_LLDP,
	FRAME_FOREIGN_OTHER_L2,		/* other ethertypes, VLAN, ... */
	FRAME_FOREIGN_OTHER_L3,		/* IP but not UDP (ICMP, TCP, fragments) */
	FRAME_FOREIGN_OTHER_UDP,	/* UDP without our signature */
	FRAME_BAD_TRUNCATED,
	FRAME_BAD_IP,			/* bad version/length/header checksum */
	FRAME_BAD_UDP_CKSUM,
	FRAME_BAD_ADDR,			/* MAC or IP addresses not what we expect */
	FRAME_BAD_PORT,			/* ports outside the configured ranges */
	FRAME_BAD_STAMP,		/* wrong direction or flags */
	FRAME_FOREIGN_VLAN,		/* VLAN tags not the port's: another
					 * VID, none, or one not configured */
	FRAME_KIND_COUNT
};

struct frame_rx_info {
	uint64_t seq;
	uint64_t ts;			/* compact stamp: the TSC's low 40 bits */
	uint8_t trial_id;
	bool background;
	bool tagged;
	uint8_t ts_shift;		/* 64 - bits of ts: 0 or 24 (compact) */
};

/*
 * TSC ticks from the TX timestamp of info to now (the receiver's TSC),
 * 0 when the timestamp is ahead (another core's TSC).  With the compact
 * stamp's 40 bits the difference is taken modulo 2^40 and read as a
 * signed number: exact for delays below 2^39 ticks (183 s at 3 GHz).
 */
static inline uint64_t
frame_rx_delay(const struct frame_rx_info *info, uint64_t now)
{
	int64_t d = (int64_t)((now - info->ts) << info->ts_shift) >>
		    info->ts_shift;

	return d > 0 ? (uint64_t)d : 0;
}

/* What one kind of frame (foreground or background) looks like after the
 * DUT: exact where a mask byte is 0xff, range-checked where it is 0. */
struct frame_expect {
	uint8_t version;
	uint8_t src[16], dst[16];
	uint8_t src_mask[16], dst_mask[16];
	uint16_t net_off;		/* byte of the dst address that varies */
	uint8_t net_base;		/* its value for network 0 */
};

/*
 * Fast path of frame_classify for one kind of frame (foreground or
 * background): its first 48 (IPv4) or 64 (IPv6) bytes compared at once
 * with want under mask (exact where frame_classify_ref checks an exact
 * value, 0 where it reads nothing or range-checks), the lengths required
 * to be the configured ones.  Loads are host-order; see docs/frames.md.
 */
#define FRAME_FAST_WORDS 8
struct frame_fast {
	uint64_t want[FRAME_FAST_WORDS];
	uint64_t mask[FRAME_FAST_WORDS];
	uint8_t version;
	uint16_t len_b;			/* Ethernet + IP length: buffer minimum;
					 * 0: path off (as in a zeroed struct) */
	uint16_t sum_len;		/* source address..len_b-1: addresses,
					 * UDP header and payload */
	uint16_t pseudo;		/* protocol + UDP length, host-order load */
	/* sum_len even: sum_len / 16 whole blocks, then the region's last
	 * 16 bytes masked by sum_tail (0xff for the sum_len % 16 bytes past
	 * the blocks); odd: cksum_raw */
	uint8_t sum_tail[16];
	/*
	 * Range checks, 8 big-endian 16-bit lanes at a time from frame bytes
	 * FRAME_FAST_RNG_OFF(v, j): lane x passes when x - lo <= span (mod
	 * 2^16; lo 0, span 0xffff: not checked).  Slices, ports and the
	 * network byte with the exact byte beside it in its lane.
	 */
	uint16_t rng_lo[2][8], rng_span[2][8];
	bool compact;			/* the frames carry the compact stamp */
	/*
	 * The wide path (frame_fast.h, AVX-512): the frame as 64-byte blocks
	 * (masked loads: never a byte past len_b), want and mask above as
	 * its block 0.  Block 0's bytes of the UDP sum (source address on)
	 * (0xff each); its 32 range lanes
	 * (big-endian 16-bit words of bytes 0..63, the same lo / span rule);
	 * the load masks of block 0 and of the last block.
	 */
	uint8_t w_sum0[64];
	uint16_t w_lo[32], w_span[32];
	uint64_t w_k0, w_klast;
	uint16_t w_blocks;		/* ceil(len_b / 64) */
};

/* Kinds of frame the fast path knows per direction (struct frame_cls):
 * foreground and background, one per frame size each. */
#define FRAME_FAST_MAX (2 * IMIX_MAX_SIZES)	/* a mix: each size and its background */

/* Where the range lanes start: IPv4 one vector (source address + 2 up to
 * the UDP length), IPv6 two (source slice .. network byte; destination
 * slice and ports). */
#define FRAME_FAST_RNG_OFF(v, j) ((v) == 4 ? 26 : (j) == 0 ? 36 : 50)

/* What the receiver of direction d expects (addresses after the DUT). */
struct frame_cls {
	enum cfg_dir_id dir;
	uint8_t dst_mac[6];		/* receiving tester port */
	bool promisc;			/* accept any destination MAC */
	bool has_bg;			/* n > m: background frames exist */
	/*
	 * The VLAN tags every frame must carry after its MAC addresses
	 * (frame_spec rx_tag), compared under tag_mask (TPID and VID), 0,
	 * 4 or 8 bytes.  With tags, exp[] and fast[] describe the frame
	 * without them: both paths look at buf + tag_b, the destination MAC
	 * compared before (fast[]'s MAC bytes masked out).
	 */
	uint8_t tag_b;
	uint8_t tag[FRAME_TAGS_MAX_B], tag_mask[FRAME_TAGS_MAX_B];
	struct frame_expect exp[2];	/* [0] foreground, [1] background */
	struct cfg_var sport, dport, src_slice, dst_slice;
	uint16_t num_nets;
	/*
	 * Added for the fast path (frame_cls_init fills it): nb_fast kinds
	 * of frame ([0] foreground, [1] background when there is one), and
	 * their len_b for the lookup by frame length (frame_fast_pick).
	 */
	struct frame_fast fast[FRAME_FAST_MAX];
	uint16_t fast_len[FRAME_FAST_MAX];	/* 0: unused slot */
	uint8_t nb_fast;
};

/*
 * The receiver's side of s (what s must satisfy: frame_spec.h).  fast[] is
 * derived from the other fields here: a caller that edits dst_mac, promisc
 * or exp[] afterwards must call frame_cls_init again.
 */
void frame_cls_init(struct frame_cls *k, const struct frame_spec *s);

/*
 * Reference classifier; the slow, obviously-correct path; tests compare
 * frame_classify against it.  Every check in the order docs/frames.md
 * lists, each failure with its own verdict.
 */
enum frame_kind frame_classify_ref(const struct frame_cls *k,
				   const uint8_t *buf, size_t len,
				   struct frame_rx_info *info);

const char *frame_kind_name(enum frame_kind k);

/*
 * The foreign kinds in three groups, by how far the receiver parsed the
 * frame (trials.csv fwd_foreign_link, _ip, _udp; docs/accounting.md).
 * Every kind but FRAME_OURS is in exactly one, so the groups sum to the
 * foreign count.
 */
enum frame_group {
	FRAME_GROUP_LINK = 0,	/* not IP (ARP, LLDP, other ethertypes, VLAN
				 * tags not the port's)
				 * or ICMPv6 (ND, MLD, router solicitations):
				 * what a kernel says on its own link */
	FRAME_GROUP_IP,		/* IP, but no well-formed plain UDP datagram:
				 * other protocols (ICMP, IGMP, TCP),
				 * fragments, options, bad or cut headers */
	FRAME_GROUP_UDP,	/* a UDP datagram, not a test frame of this
				 * receiver: no signature, bad checksum,
				 * addresses, ports or stamp */
	FRAME_GROUP_COUNT
};

/* k's group; FRAME_GROUP_COUNT for FRAME_OURS and unknown kinds. */
enum frame_group frame_kind_group(enum frame_kind k);

/* 8 bytes at p, big endian. */
static inline uint64_t
frame_get_be64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return be64toh(v);
}

/* info from the UDP header and stamp at udp of a frame that is ours
 * (frame_classify_ref and the fast path, frame_fast.h); compact: the
 * stamp's layout, constant per expectation (above). */
static inline void
frame_stamp_info(struct frame_rx_info *info, const uint8_t *udp, bool compact)
{
	uint8_t flags = udp[9];

	if (compact) {
		/* bytes 10..11: seq bits 39..24; 12..19: seq bits 23..0, ts */
		uint64_t lo = frame_get_be64(udp + 12);
		uint64_t seq = (uint64_t)(udp[10] << 8 | udp[11]) << 24 |
			       lo >> FRAME_COMPACT_BITS;

		info->seq = seq == FRAME_COMPACT_MASK ? UINT64_MAX : seq;
		info->ts = lo & FRAME_COMPACT_MASK;
		info->ts_shift = 64 - FRAME_COMPACT_BITS;
	} else {
		info->seq = frame_get_be64(udp + 10);
		info->ts = frame_get_be64(udp + 18);
		info->ts_shift = 0;
	}
	info->trial_id = flags >> FRAME_TRIAL_SHIFT;
	info->background = flags & FRAME_FLAG_BG;
	info->tagged = flags & FRAME_FLAG_TAGGED;
}

#endif /* DUTPERF_FRAME_H */

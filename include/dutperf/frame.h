/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame: test frames.  Builder (frame_gen_*) for the sender and classifier
 * (frame_cls_*) for the receiver.  DPDK-free.
 *
 * Sizes count the 4-byte FCS as RFC 2544 does: a 64-byte frame is 60 bytes
 * in the buffer.  When translating, the configured size is the IPv6 frame
 * size and IPv4 frames are 20 bytes shorter (RFC 8219 5.1.1).
 *
 * UDP payload stamp (the first FRAME_STAMP_B bytes of the UDP payload; it
 * fits the 18 bytes that 64-byte IPv4 and 84-byte IPv6 frames leave):
 *   0      magic FRAME_MAGIC
 *   1      flags: bit 0 direction (0 fwd, 1 rev), bit 1 background,
 *          bit 2 tagged (latency), bits 3-7 trial id (0..31)
 *   2..9   sequence number, 64-bit big endian, per direction from 0
 *   10..17 TX timestamp, 64-bit big endian (TSC ticks), 0 when unused
 * Payload bytes after the stamp are zero.
 */
#ifndef DUTPERF_FRAME_H
#define DUTPERF_FRAME_H

#include <endian.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cfg.h"
#include "cksum.h"
#include "rfc4814.h"

#define FRAME_FCS_B 4
#define FRAME_MAX_BUF_B (CFG_MAX_JUMBO_B - FRAME_FCS_B)
#define FRAME_STAMP_B 18
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
	uint8_t hdr[FRAME_HDR_MAX_B];	/* bytes 0..hdr_len-1 of the frame */
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
};

/* The sender's state for one direction; one writer (the sending lcore). */
struct frame_gen {
	struct frame_tmpl fg;		/* foreground (translated) */
	struct frame_tmpl bg;		/* background (native IPv6) */
	uint32_t n, m, mix_pos;		/* of every n frames m foreground */
	struct rfc4814_field sport, dport, src_slice, dst_slice;
	struct rfc4814_field net;	/* destination network 0..num_nets-1 */
	uint8_t flags;			/* direction bit + trial id, see above */
};

/*
 * Build the templates of direction d from c.  seed feeds every pseudorandom
 * field through independent streams (per field and per direction).
 */
int frame_gen_init(struct frame_gen *g, const struct cfg *c,
		   enum cfg_dir_id d, uint64_t seed, char *err, size_t err_len);

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
 * Of every n frames the first m are foreground, the rest background.
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
 * frame needs frame_gen_next.  n <= 64.
 */
void frame_gen_patch(struct frame_gen *g, uint8_t *const *bufs, unsigned int n,
		     uint64_t seq, uint64_t ts, uint64_t tag_mask);

static inline bool
frame_gen_patchable(const struct frame_gen *g)
{
	return g->n <= g->m;	/* no background frames */
}

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
	FRAME_KIND_COUNT
};

struct frame_rx_info {
	uint64_t seq;
	uint64_t ts;
	uint8_t trial_id;
	bool background;
	bool tagged;
};

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
};

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
	struct frame_expect exp[2];	/* [0] foreground, [1] background */
	struct cfg_var sport, dport, src_slice, dst_slice;
	uint16_t num_nets;
	/* added for the fast path (frame_cls_init fills it): */
	struct frame_fast fast[2];	/* [0] foreground, [1] background */
};

/*
 * fast[] is derived from the other fields here: a caller that edits
 * dst_mac, promisc or exp[] afterwards must call frame_cls_init again.
 */
int frame_cls_init(struct frame_cls *k, const struct cfg *c,
		   enum cfg_dir_id d, char *err, size_t err_len);

/*
 * Reference classifier; the slow, obviously-correct path; tests compare
 * frame_classify against it.  Every check in the order docs/frames.md
 * lists, each failure with its own verdict.
 */
enum frame_kind frame_classify_ref(const struct frame_cls *k,
				   const uint8_t *buf, size_t len,
				   struct frame_rx_info *info);

/*
 * The fast path is inline here, not in frame.c, so that it compiles into
 * the receiver's loop: GCC never inlines a core library function into the
 * DPDK layer, even under LTO, because their -march differ ("target
 * specific option mismatch"); the call and its register saves cost about
 * 15 instructions per frame.
 */

/* 16 bytes as two 64-bit lanes (SSE2 on x86-64, plain code elsewhere),
 * or as eight 16-bit ones. */
typedef uint64_t frame_fast_v __attribute__((vector_size(16)));
typedef uint16_t frame_fast_v16 __attribute__((vector_size(16)));

static inline frame_fast_v
frame_fast_ld(const void *p)
{
	frame_fast_v v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Masked difference of bytes 8w..8w+15 of the frame against f's. */
static inline frame_fast_v
frame_fast_diff(const uint8_t *buf, const struct frame_fast *f, unsigned int w)
{
	return (frame_fast_ld(buf + 8 * w) ^ frame_fast_ld(&f->want[w])) &
	       frame_fast_ld(&f->mask[w]);
}

/*
 * The UDP sum region of f (sum_len bytes at p), congruent modulo 0xffff
 * with cksum_raw's and 0 only when it is:
 * 16-byte blocks as eight host-order words widened into four 32-bit
 * lanes (at most 2 * 0xffff per lane and block), the tail as the
 * region's last 16 bytes with the already summed ones masked off, so no
 * loop tail and no read past the region.
 */
static inline uint64_t
frame_fast_sum(const uint8_t *p, const struct frame_fast *f)
{
	typedef uint32_t v32 __attribute__((vector_size(16)));
	v32 acc = { 0, 0, 0, 0 }, x, m;
	unsigned int i;

	if (__builtin_expect(f->sum_len % 2, 0))
		return cksum_raw(p, f->sum_len, 0);
	for (i = 0; i < f->sum_len / 16u; i++) {
		memcpy(&x, p + 16 * i, sizeof(x));
		acc += (x & 0xffff) + (x >> 16);
	}
	memcpy(&x, p + f->sum_len - 16, sizeof(x));
	memcpy(&m, f->sum_tail, sizeof(m));
	x &= m;
	acc += (x & 0xffff) + (x >> 16);
	/* two 64-bit lanes hi:lo are hi + lo modulo 0xffff (2^32 = 1), below
	 * 2^59 each (lanes < 2^27): their sum is a cksum_raw result */
	return ((frame_fast_v)acc)[0] + ((frame_fast_v)acc)[1];
}

/* Lanes of vector j of f out of range: nonzero when any is. */
static inline frame_fast_v
frame_fast_range(const uint8_t *buf, const struct frame_fast *f, uint8_t v,
		 unsigned int j)
{
	frame_fast_v16 x, lo, span;

	memcpy(&x, buf + FRAME_FAST_RNG_OFF(v, j), sizeof(x));
	memcpy(&lo, f->rng_lo[j], sizeof(lo));
	memcpy(&span, f->rng_span[j], sizeof(span));
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	x = (frame_fast_v16)((x << 8) | (x >> 8));	/* big endian */
#endif
	return (frame_fast_v)(x - lo > span);
}

static inline uint64_t
frame_fast_get64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return be64toh(v);
}

/* info from the UDP header and stamp at udp of a frame that is ours
 * (frame_classify_ref and the fast path). */
static inline void
frame_stamp_info(struct frame_rx_info *info, const uint8_t *udp)
{
	uint8_t flags = udp[9];

	info->seq = frame_fast_get64(udp + 10);
	info->ts = frame_fast_get64(udp + 18);
	info->trial_id = flags >> FRAME_TRIAL_SHIFT;
	info->background = flags & FRAME_FLAG_BG;
	info->tagged = flags & FRAME_FLAG_TAGGED;
}

/*
 * Frame buf (at least f->len_b bytes) against fast path f of IP version v
 * (a constant: offsets and lengths fold): true only when
 * frame_classify_ref would return FRAME_OURS for the kind of frame f
 * describes (foreground or background).  The
 * masked compare covers every exact check; what is left are the two
 * checksums and the range checks, combined without branches.
 */
static inline __attribute__((always_inline)) bool
frame_fast_ours(const struct frame_fast *f, const uint8_t *buf, uint8_t v)
{
	const uint8_t *src = buf + 14 + (v == 4 ? 12 : 8);
	const uint8_t *udp = buf + 14 + (v == 4 ? 20 : 40);
	frame_fast_v d;
	bool ok;

	d = frame_fast_diff(buf, f, 0) | frame_fast_diff(buf, f, 2) |
	    frame_fast_diff(buf, f, 4);
	if (v == 6)
		d |= frame_fast_diff(buf, f, 6);
	/* A UDP checksum field of 0 (IPv4: none; IPv6: bad) is rare: the
	 * reference decides. */
	if ((d[0] | d[1]) != 0 || (udp[6] | udp[7]) == 0)
		return false;
	if (v == 4) {
		uint32_t w;

		memcpy(&w, buf + 14 + 16, 4);
		if (!cksum_raw_ok(cksum_raw(buf + 14, 16, w)))
			return false;
	}
	/* pseudo-header addresses, UDP header, stamp and payload in one */
	ok = cksum_raw_ok(frame_fast_sum(src, f) + f->pseudo);
	d = frame_fast_range(buf, f, v, 0);
	if (v == 6)
		d |= frame_fast_range(buf, f, v, 1);
	return ok & ((d[0] | d[1]) == 0);
}

/*
 * The fast path alone (a test hook): FRAME_OURS with info filled exactly
 * as frame_classify_ref would, or FRAME_KIND_COUNT when it cannot decide
 * (not the configured lengths, a UDP checksum field of 0, anything wrong):
 * frame_classify then asks frame_classify_ref.
 */
static inline enum frame_kind
frame_classify_fast(const struct frame_cls *k, const uint8_t *buf, size_t len,
		    struct frame_rx_info *info)
{
	unsigned int b;

	for (b = 0; b < 2; b++) {
		const struct frame_fast *f = &k->fast[b];

		/* len >= len_b > 0 in one compare (0 wraps to the top) */
		if ((size_t)f->len_b - 1 >= len)
			continue;
		if (!(f->version == 4 ? frame_fast_ours(f, buf, 4) :
					frame_fast_ours(f, buf, 6)))
			continue;
		/* the masks made the BG flag equal b */
		if (info)
			frame_stamp_info(info,
					 buf + 14 + (f->version == 4 ? 20 : 40));
		return FRAME_OURS;
	}
	return FRAME_KIND_COUNT;
}

/*
 * Never reads outside buf[0..len-1]; FRAME_OURS only for a valid frame.
 * Always the verdict (and info) of frame_classify_ref: the fast path for
 * the common frame (frame_classify_fast), the reference for the rest.
 * info is written only for FRAME_OURS.
 */
static inline enum frame_kind
frame_classify(const struct frame_cls *k, const uint8_t *buf, size_t len,
	       struct frame_rx_info *info)
{
	if (frame_classify_fast(k, buf, len, info) == FRAME_OURS)
		return FRAME_OURS;
	return frame_classify_ref(k, buf, len, info);
}

const char *frame_kind_name(enum frame_kind k);

#endif /* DUTPERF_FRAME_H */

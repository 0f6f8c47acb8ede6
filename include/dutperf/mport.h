/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mport: traffic over N tester ports (2..MPORT_MAX_PORTS), DPDK-free.
 *
 * What RFC 2889's procedures need from the tester, as data the DPDK layer
 * runs and the modes read back (docs/switch.md):
 *
 *  - the address sets (RFC 2889 5.1.2 "addresses per port"): port p's
 *    k-th MAC address, mport_mac(); address 0 is the port's own MAC;
 *  - a plan (struct mport_plan): per source port one test stream, an
 *    ordered sequence of destination ports (RFC 2889 5.1.3 round robin,
 *    5.2 one-to-many / many-to-one, 5.4 unidirectional, 5.5 alternating,
 *    5.10 broadcast) with its address sets, rate and frame count (frame
 *    based, RFC 2889 Appendix B.1; time based, B.2: frames = rate x
 *    duration), and a learning phase (streams of learning frames sent
 *    before the test phase, RFC 2889 5.7.3 / 5.8.3; RFC 2544 23 (b));
 *  - the test frames (mport_frame_*): IPv4 / UDP, with their own stamp in
 *    the UDP payload (magic 0xd6, not the two-port stamp's 0xd5, which is
 *    unchanged; docs/frames.md "N-port stamp"): source port, destination
 *    port, trial id, a learning flag and a per-(source, destination)
 *    sequence number: RFC 2889 4's signature field "with a unique
 *    identifier per port", so a misforwarded frame is told apart;
 *  - the accounting of one trial (struct mport_result, filled by the DPDK
 *    layer through mport_rx_frame): per (source, destination) pair the
 *    rxstate rules of the two-port trial (sent = received + lost;
 *    duplicates, reordered, late), per receiving port flooded (a test
 *    frame of ours whose destination is another port, RFC 2889 5.1.4 /
 *    5.5.4 / 5.7.5 flood count; a broadcast frame is expected at every
 *    port but its source) and foreign (not our frame: the DUT's own,
 *    RFC 2889 5.1.4 "MUST not be counted as a received frame");
 *  - the verdict over all ports (mport_verdict) and the rows of ports.csv
 *    and pairs.csv (column tables, report.h).
 *
 * Ports are numbered 0..nb_ports-1: 0 is [left], 1 [right], K [portK].
 * Reports print them 1-based as the RFC's tables do ("Port #1").
 *
 * Stable API (milestone a of issue 38 part 2): procedures of RFC 2889 5.5,
 * 5.7, 5.8, 5.10 build plans and read struct mport_result.
 */
#ifndef DUTPERF_MPORT_H
#define DUTPERF_MPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "delay.h"
#include "report.h"
#include "rxstate.h"
#include "verdict.h"

#define MPORT_MAX_PORTS 8		/* [left], [right], [port2]..[port7] */
#define MPORT_BCAST 0xffu		/* destination: ff:ff:ff:ff:ff:ff, every
					 * port but the source receives it */
#define MPORT_MAX_SEQ 16		/* destinations in one stream's cycle */
#define MPORT_MAX_LEARN 16		/* learning streams of a plan */
#define MPORT_MAX_ADDRS (1u << 20)	/* addresses per port at most */
#define MPORT_MAGIC 0xd6		/* first UDP payload byte of a test frame */
#define MPORT_STAMP_B 16		/* the stamp's bytes (fits 64 B frames) */
#define MPORT_MIN_FRAME_B 64		/* Ethernet minimum, with FCS */
#define MPORT_HDR_B 42			/* Ethernet 14 + IPv4 20 + UDP 8 */
#define MPORT_UDP_SPORT 0xc020		/* RFC 2544 C.2.6.4 */
#define MPORT_UDP_DPORT 7		/* RFC 2544 C.2.6.4 */

/* How port p's addresses 1.. are made (address 0 is the port's MAC). */
enum mport_mac_format {
	/* 02:d9:PP:kk:kk:kk, k counting up: neighbours in a table */
	MPORT_MAC_SEQUENTIAL = 0,
	/* 02:d9:PP:hh:hh:hh, h = k x an odd constant mod 2^24 (a bijection):
	 * consecutive addresses differ in many bits, so a hashing DUT spreads
	 * them over its buckets */
	MPORT_MAC_SPREAD = 1,
};

/* RFC 2889 5.2.3 */
enum mport_pattern {
	MPORT_ONE_TO_MANY = 0,		/* port 0 sends to the others */
	MPORT_MANY_TO_ONE = 1,		/* the others send to port 0 */
	MPORT_BOTH = 2,			/* both at once (5.2.2 direction "both") */
};

/* One tester port as a trial sees it (resolved from the configuration). */
struct mport_port {
	uint8_t mac[6];		/* its own MAC: address 0 of its set */
	uint8_t dut_mac[6];	/* the DUT's MAC facing it (router): frames
				 * sent here go to it; all zero: a bridge, the
				 * destination's own address */
	uint8_t ipv4[4];	/* its own IPv4 address (one per port) */
};

/* The ports of a run and how their address sets are made. */
struct mport_net {
	unsigned nb_ports;			/* 2..MPORT_MAX_PORTS */
	struct mport_port port[MPORT_MAX_PORTS];
	enum mport_mac_format mac_format;
	uint32_t addrs_per_port;		/* 1, 2, 4, ... (RFC 2889 5.1.2) */
};

/*
 * One stream: what one port sends in one phase.  Frame i goes to
 * dst[i % nb_dst]; with r = i / nb_dst its source address is the sending
 * port's address src_first + r % src_addrs and its destination address
 * the destination port's dst_first + (r / src_addrs) % dst_addrs (every
 * pair of addresses once in src_addrs x dst_addrs rounds; RFC 2889 5.1.3
 * "pairs SHOULD be chosen randomly": a fixed cover instead, so counts are
 * known).  A broadcast destination has the one address ff:ff:ff:ff:ff:ff.
 */
struct mport_stream {
	uint8_t src;			/* sending port */
	uint8_t nb_dst;			/* 1..MPORT_MAX_SEQ */
	uint8_t dst[MPORT_MAX_SEQ];	/* port or MPORT_BCAST, in order */
	uint32_t src_first, src_addrs;	/* source address indexes */
	uint32_t dst_first, dst_addrs;	/* destination address indexes */
	uint64_t rate_fps;		/* pacing (> 0) */
	uint64_t frames;		/* exactly this many (Appendix B.1) */
};

/* A trial's traffic: the learning phase, then the test phase. */
struct mport_plan {
	unsigned nb_ports;
	/* learning phase: in order, each stream after the one before; their
	 * frames carry the learning flag and are never test frames */
	unsigned nb_learn;
	struct mport_stream learn[MPORT_MAX_LEARN];
	uint32_t learn_wait_ms;		/* after the learning frames */
	/* test phase: at most one stream per sending port, all at once;
	 * test[p].nb_dst == 0: port p does not send */
	struct mport_stream test[MPORT_MAX_PORTS];
	uint32_t duration_ms;		/* the test phase's nominal length */
	uint64_t iload_fps;		/* intended load per sending port */
	/* RFC 2889 Appendix B.2 time based: every sender stops at
	 * duration_ms whatever it has sent (frames is then the most it
	 * sends; what it did not send is no fault of the trial); false:
	 * B.1 frame based, each sends exactly frames (the plans above) */
	bool time_based;
};

/* Per (source, destination) pair of one trial (pairs[src][dst]). */
struct mport_pair {
	uint64_t sent;			/* test frames sent to dst (broadcast:
					 * every frame of src's broadcast) */
	struct rxstate_counts rx;	/* received, duplicates, reordered,
					 * late, beyond, old, as rxstate.h */
};

/* Per port of one trial. */
struct mport_port_counts {
	uint64_t sent;			/* test frames sent */
	uint64_t not_sent;		/* planned, never left (TX full at end) */
	uint64_t learn_sent;		/* learning frames sent */
	uint64_t received;		/* test frames received in time here
					 * (the sum of pairs[*][this].rx) */
	uint64_t flooded;		/* test frames of ours for another port */
	uint64_t foreign;		/* not test frames: the DUT's own */
	uint64_t learn_rx;		/* learning frames seen here */
	uint64_t stale;			/* ours, another trial's id */
	uint64_t send_ns;		/* first to last TX burst of the test */
};

/* One trial over all ports: what the DPDK layer fills (mport_rx_frame,
 * its senders), what procedures read. */
struct mport_result {
	unsigned nb_ports;
	uint8_t trial_id;		/* 0..255, in the stamp */
	struct mport_port_counts port[MPORT_MAX_PORTS];
	struct mport_pair pair[MPORT_MAX_PORTS][MPORT_MAX_PORTS];
	uint64_t duration_ms;		/* sending time of the test phase */
	uint64_t max_lag_ns;		/* a sender furthest behind schedule */
	bool valid;			/* false: the tester failed (lag ...) */
	char reason[128];		/* why not valid, "" */
};

/* --------------------------------------------------------------- addresses */

/* Port p's address k (k < addrs_per_port) into mac.  0: the port's MAC. */
void mport_mac(const struct mport_net *n, unsigned p, uint32_t k,
	       uint8_t mac[6]);

/* Is n a binary exponential 1, 2, 4, ... MPORT_MAX_ADDRS (RFC 2889 5.1.2)? */
bool mport_addrs_valid(uint64_t n);

/* ------------------------------------------------------------------- plans */

/*
 * RFC 2889 5.1.3 fully meshed: port i sends to i+1, i+2, ... wrapping,
 * skipping itself, each at iload_fps; frames = iload x duration.
 * Learning: one frame per address of every port (to the next port) at
 * learn_fps.  0 or -EINVAL (nb_ports, rates).
 */
int mport_plan_mesh(struct mport_plan *pl, const struct mport_net *n,
		    uint64_t iload_fps, uint32_t duration_ms, uint64_t learn_fps);

/* RFC 2889 5.2.3: the One port is 0; one-to-many sends round robin to
 * the Many (5.1.3's order), many-to-one each Many to the One. */
int mport_plan_partial(struct mport_plan *pl, const struct mport_net *n,
		       enum mport_pattern pat, uint64_t iload_fps,
		       uint32_t duration_ms, uint64_t learn_fps);

/* RFC 2889 5.4.3: the first half of the ports send, the second half
 * receive; sender j starts at receiver j (mod half) and goes round robin
 * (an odd count: the extra port receives).  */
int mport_plan_unidir(struct mport_plan *pl, const struct mport_net *n,
		      uint64_t iload_fps, uint32_t duration_ms,
		      uint64_t learn_fps);

/* The learning phase every plan above starts with: each port that
 * receives test frames sends one learning frame per address of its set
 * (source = that address, destination the next port's address 0),
 * RFC 2889 5.1.3 "For every address, learning frames MUST be sent". */
void mport_plan_learning(struct mport_plan *pl, const struct mport_net *n,
			 const bool receives[MPORT_MAX_PORTS],
			 uint64_t learn_fps);

/* Destination of frame i of s (port or MPORT_BCAST). */
static inline unsigned
mport_stream_dst(const struct mport_stream *s, uint64_t i)
{
	return s->dst[i % s->nb_dst];
}

/* Address indexes of frame i of s (the rule above struct mport_stream). */
void mport_stream_addrs(const struct mport_stream *s, uint64_t i,
			uint32_t *src_k, uint32_t *dst_k);

/* Frames of s that go to destination d (port or MPORT_BCAST). */
uint64_t mport_stream_frames_to(const struct mport_stream *s, unsigned d);

/* Fill r's sent counts from the plan (what the senders will send when
 * all goes out): pairs (broadcast: every port but the source) and
 * ports.  Clears r first; nb_ports, trial_id set. */
void mport_result_init(struct mport_result *r, const struct mport_plan *pl,
		       uint8_t trial_id);

/* Learning + test phase in seconds, rounded up (the aging check). */
uint64_t mport_plan_span_s(const struct mport_plan *pl, uint32_t timeout_ms);

/*
 * RFC 2889 5.4.3: the DUT's aging time "SHOULD be set sufficiently longer
 * than the learning time and trial duration time combined": refused
 * unless span < aging_s (aging_s 0: not given, refused).  0 or -EINVAL
 * with err.
 */
int mport_check_aging(const struct mport_plan *pl, uint32_t timeout_ms,
		      uint32_t aging_s, char *err, size_t err_len);

/* ------------------------------------------------------------------ frames */

/*
 * Write the frame of stream s, frame i (without its sequence number: see
 * mport_frame_seq) into buf (frame_size_b - 4 bytes, no FCS): Ethernet
 * (destination: the destination's address, or the source port's dut_mac
 * when set: a router), IPv4 (source port's, destination port's address;
 * broadcast: 255.255.255.255), UDP (checksum 0: none, RFC 768), stamp.
 * Returns the length written, or 0 when frame_size_b < MPORT_MIN_FRAME_B.
 */
uint32_t mport_frame_build(uint8_t *buf, const struct mport_net *n,
			   const struct mport_stream *s, uint64_t i,
			   uint32_t frame_size_b, uint8_t trial_id,
			   bool learning);

/* The stamp's sequence number (big endian, bytes 4..11 of the stamp). */
void mport_frame_seq(uint8_t *buf, uint64_t seq);

/* What a received frame was (mport_rx_frame). */
enum mport_rx_kind {
	MPORT_RX_FOREIGN = 0,	/* not a frame of ours */
	MPORT_RX_RECEIVED,	/* test frame for this port, accounted */
	MPORT_RX_FLOODED,	/* test frame for another port */
	MPORT_RX_LEARNING,	/* a learning frame */
	MPORT_RX_STALE,		/* ours, another trial's id */
};

/*
 * The receiver of one port: rx[src] holds the rxstate of pair (src, port)
 * (bits provided by the caller, RXSTATE_WORDS words each; NULL for
 * port itself).  Single writer: the lcore receiving on port.
 */
struct mport_rx {
	unsigned port, nb_ports;
	uint8_t trial_id;
	struct rxstate st[MPORT_MAX_PORTS];
	struct mport_port_counts *counts;	/* into the result */
	struct mport_tags *tags;	/* NULL: no tagged frames (the caller
					 * sets it after mport_rx_init) */
	uint64_t now_tsc;		/* RX time of the frames being fed
					 * (the caller's, before each burst) */
};

/*
 * Tagged frames (RFC 2889 5.10.3 "Broadcast Frame Latency", measured the
 * way RFC 8219 7.2 measures latency; docs/frames.md "N-port tags"): nb
 * frames of port src's broadcast stream, chosen by sequence number before
 * the trial, are tagged in memory, not in the frame (the 16-byte stamp
 * still fits 64-byte frames).  src's sender writes tx_tsc[i] (the TSC
 * right before the burst call that sent tag i; 0: never sent), port p's
 * receiver rx_tsc[p][i] (the RX time of the first copy of tag i that came
 * in time, from this trial; 0: none).  One writer per array.
 */
struct mport_tags {
	unsigned src;			/* the port whose broadcast is tagged */
	uint32_t nb;			/* tags, 1..cap */
	uint32_t cap;			/* allocated entries */
	uint64_t *seq;			/* sequence numbers, ascending */
	uint64_t *tx_tsc;
	uint64_t *rx_tsc[MPORT_MAX_PORTS];
};

/* Arrays for cap tags on nb_ports ports (zeroed).  0 or -ENOMEM. */
int mport_tags_alloc(struct mport_tags *g, uint32_t cap, unsigned nb_ports);
void mport_tags_free(struct mport_tags *g);

/* Tag min(cap, frames) frames of src's broadcast stream of frames frames,
 * spread evenly: tag i is frame floor((2i + 1) x frames / (2 nb)), the
 * middle of its share.  Clears the times (mport_tags_clear). */
void mport_tags_place(struct mport_tags *g, unsigned src, uint64_t frames);

/* Clear the TX and RX times before a trial (a repeated trial's tags). */
void mport_tags_clear(struct mport_tags *g, unsigned nb_ports);

/* Index of the tag with sequence number seq, or -1. */
int64_t mport_tags_find(const struct mport_tags *g, uint64_t seq);

/* Port p's RFC 8219 7.2 statistics of the tags (delay.h: median TL,
 * 99.9th percentile WCL, min, max, mean; a lost tag counts penalty_ns, a
 * tag never sent is not counted, whatever arrived).  0 or -EINVAL. */
int mport_tags_latency(const struct mport_tags *g, unsigned p,
		       uint64_t tsc_hz, uint64_t penalty_ns,
		       struct delay_lat_summary *s);

/* Prepare rx of port for a trial of r (sets totals from r's sent). */
void mport_rx_init(struct mport_rx *rx, struct mport_result *r, unsigned port,
		   uint64_t *bits[MPORT_MAX_PORTS]);

/* Classify and account one frame (len bytes, no FCS) received on rx's
 * port; late: after the sending end + timeout.  */
enum mport_rx_kind mport_rx_frame(struct mport_rx *rx, const uint8_t *frame,
				  uint32_t len, bool late);

/* After the trial: copy the rxstate counts into r's pairs and sum each
 * port's received. */
void mport_rx_finish(struct mport_rx *rx, struct mport_result *r);

/* ----------------------------------------------------------------- verdict */

/* Lost frames of a pair (sent - received; 0 when more arrived). */
uint64_t mport_pair_lost(const struct mport_pair *p);

/*
 * The verdict over all ports: pass when the trial was valid, every pair
 * that was sent to lost at most loss_ppm parts per million of its frames
 * (0: none, RFC 2544 26.1) and no port saw a flooded frame; fail
 * otherwise, with reason naming the first pair or port ("pair 1->3: 12 of
 * 1000 lost").  Invalid trials give VERDICT_INVALID.
 */
enum verdict mport_verdict(const struct mport_result *r, uint32_t loss_ppm,
			   char *reason, size_t len);

/* Sums over all pairs: sent and received test frames. */
void mport_totals(const struct mport_result *r, uint64_t *sent,
		  uint64_t *received);

/* ------------------------------------------------------------ result files */

/* ports.csv: one trial, one port. */
struct mport_port_row {
	time_t start;
	const char *mode;		/* mesh, partial, unidir, ... */
	uint32_t trial;			/* 1.. within the run */
	uint32_t port;			/* 1-based (RFC tables) */
	uint32_t frame_size_b;
	uint64_t iload_fps;		/* intended load of this port (0: idle) */
	double oload_fps;		/* (sent - 1) / first to last burst,
					 * or sent / duration */
	uint64_t sent, received, lost;
	double loss_pct;		/* lost / frames sent to this port */
	double fr_fps;			/* received / send time */
	uint64_t flooded, foreign, duplicates, reordered, late;
	enum verdict verdict;		/* of the trial */
	uint64_t learn_sent, learn_rx;	/* learning frames (never test ones) */
};

/* pairs.csv: one trial, one (source, destination) pair that carried
 * frames. */
struct mport_pair_row {
	time_t start;
	const char *mode;
	uint32_t trial;
	uint32_t src, dst;		/* 1-based; dst 0: broadcast (never:
					 * broadcast pairs are per port) */
	uint32_t frame_size_b;
	uint64_t sent, received, lost;
	double loss_pct;
	uint64_t duplicates, reordered, late;
	enum verdict verdict;		/* of this pair alone */
};

extern const struct report_table mport_ports_table;	/* ports.csv */
extern const struct report_table mport_pairs_table;	/* pairs.csv */

/* Row p of r (port 0-based) and pair (s, d); offered in row. */
void mport_port_row(const struct mport_result *r, const struct mport_plan *pl,
		    unsigned p, struct mport_port_row *row);
void mport_pair_row(const struct mport_result *r, unsigned s, unsigned d,
		    uint32_t loss_ppm, struct mport_pair_row *row);

#endif /* DUTPERF_MPORT_H */

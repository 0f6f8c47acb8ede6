/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The trial layer of dutperf's thin DPDK layer, lowest first: ports
 * (port_), the per-lcore burst loops (engine_), one elementary trial
 * (trial_: set up in trial_ctx.c, run in trial.c, collected in
 * trial_collect.c) with the features it may carry (feature_: attach, then
 * feature.c's facade).  Above it: the driver (driver/driver.h) and the
 * modes (modes/mode.h); a layer calls only its own and those below
 * (tests/tools/deps.py).  Everything computable without a NIC lives in
 * the core library; this layer only moves bursts and reads clocks.
 */
#ifndef DUTPERF_TRIAL_H
#define DUTPERF_TRIAL_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_ring.h>

#include "dutperf/arp.h"
#include "dutperf/cfg.h"
#include "dutperf/cli.h"
#include "dutperf/csv.h"
#include "dutperf/delay.h"
#include "dutperf/dutwatch.h"
#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "dutperf/monitor.h"
#include "dutperf/pacer.h"
#include "dutperf/proc.h"
#include "dutperf/recovery.h"
#include "dutperf/report.h"
#include "dutperf/result.h"
#include "dutperf/stateful.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/sizes.h"
#include "dutperf/stats.h"
#include "dutperf/rxstate.h"
#include "dutperf/streams.h"
#include "dutperf/trial_spec.h"
#include "dutperf/verdict.h"

/* Exit statuses (README "Exit codes", docs/results.md). */
enum {
	EXIT_OK = 0,
	EXIT_RUNTIME = 1,
	EXIT_USAGE = 2,
	EXIT_NO_RESULT = 3,	/* a complete run gave no measured DUT result */
	EXIT_SIGNAL_BASE = 128,	/* + signal number, like a shell */
};

#define ENGINE_MAX_BURST CFG_MAX_BURST
#define ENGINE_LATE_GRACE_MS 100	/* at most; min(this, timeout) */
#define ENGINE_ERR_LEN 512

/* Set by the signal handler; the only variable shared between lcores. */
extern volatile sig_atomic_t engine_stop;

/* ---- ports ---- */

struct port_ctx {
	uint16_t id;
	bool started;
	bool stopped;			/* rte_eth_dev_stop done (teardown) */
	int socket;
	struct rte_mempool *rx_pool;
	struct rte_mempool *tx_pool;
	char driver[64];
	char name[64];
	uint32_t speed_mbps;		/* reported once up; 0: none */
	uint16_t nb_queues;		/* RX and TX queues ([side] queues) */
	uint64_t rss_hf;		/* RSS hash functions in use; 0: none */
	bool rx_cksum_hw;		/* RX IPv4 and UDP checksum offload on:
					 * the NIC's GOOD verdicts are taken
					 * (run.json "checksums_by") */
	uint8_t own_mac[6];		/* the port's own address (read at
					 * setup); all zero: none reported */
	uint8_t mac[6];			/* the address frames are sent from and
					 * received at ([side] mac) */
	bool mac_given;			/* [side] mac was configured */
	bool promisc;			/* put in promiscuous mode ([traffic]
					 * promisc, or mac not its own) */
	/* address resolution (neigh.c): the addresses this port answers
	 * ARP / NS for, and the answers its receivers made, on their way
	 * to the one role of the trial that sends them (a sender of this
	 * port, else its RX queue 0's receiver) */
	struct arp_responder arp;
	struct rte_ring *answers;	/* multi-producer, single consumer */
	uint64_t answered_idle;		/* answered between trials (main) */
	uint64_t answered_run;		/* over the run (run.json) */
	uint8_t dut_ip[16];		/* the next hop resolved ... */
	bool resolved;			/* ... when dut_mac = resolve */
};

/*
 * Before the trial context is built: [left] mac / [right] mac not given
 * are the ports' own addresses (rte_eth_macaddr_get).  A port that
 * reports none (all zero) keeps the table default, said on stderr.
 */
void port_own_macs(struct cfg *c);

/* nb_queues RX and TX queues (RSS over IP and UDP when there are several
 * and the port offers it). */
int port_setup(struct port_ctx *p, uint16_t port_id, const char *side,
	       uint16_t nb_queues, const struct cfg *c, char *err,
	       size_t err_len);
int port_wait_link(struct port_ctx *p, const char *side, const struct cfg *c,
		   char *err, size_t err_len);
/*
 * Once the links are up: the slowest reported speed of ports[0..nb) into
 * c->port_speed_mbps, then the line-rate check of c (cfg_check_line_rate):
 * -EINVAL with err when a rate is above the line rate.
 */
int port_apply_speed(const struct port_ctx *ports, unsigned nb, struct cfg *c,
		     char *err, size_t err_len);
/* Stop the port (once); port_teardown stops it too, then closes it. */
void port_stop(struct port_ctx *p);
void port_teardown(struct port_ctx *p);
/*
 * A memif port still running whose peer (in this process) was just
 * stopped: wait, at most 1 s, until DPDK's interrupt thread has handled
 * the peer's disconnect (its link is down), so that stopping it does not
 * race that thread inside librte_net_memif (docs/robustness.md).  Other
 * drivers: returns at once.
 */
void port_wait_peer_stopped(struct port_ctx *p);

/* ---- features: measurements a trial carries when its spec asks ---- */

/* RFC 8219 7.2 tagged frames of one direction.  seq is read-only during a
 * trial; the sender writes tx_tsc, the receiver rx_tsc. */
struct engine_tags {
	uint32_t cap;			/* allocated entries */
	uint32_t nb;			/* tags of this trial */
	uint64_t *seq;			/* sequence numbers to tag, ascending */
	uint64_t *tx_tsc;		/* TSC right before the tx_burst call
					 * that sent it, 0 = never sent */
	uint64_t *rx_tsc;		/* TSC right after rx_burst, 0 = lost */
};

/* RFC 8219 7.3 delay of every frame one RX queue received (its receiver
 * writes it; feature_collect merges the queues into queue 0's): IPDV
 * chained per stream, consecutive numbers being a stream's own. */
struct engine_delays {
	struct delay_hist *hist;
	struct delay_ipdv *ipdv;
	struct delay_ipdv_chain chain[STREAMS_MAX];
};

/* RFC 2544 26.5 / 26.6 records of one RX queue (its receiver,
 * recovery.h): per stream the lost frames from the rate change on (in
 * the stream's own numbers; with several queues the words leaving the
 * windows are kept, spill), the queue's arrivals and largest gap. */
struct engine_recov {
	struct recov_lost lost[STREAMS_MAX];
	struct recov_gap gap;
	uint64_t *spill;		/* several queues: lost[i].words */
	uint64_t spill_cap;		/* words allocated */
};

/* The records of one direction after the trial (feature_recov): lost
 * frames as frame indexes (streams and queues merged), the gap of all
 * arrivals (gap_exact: provably the largest, recov_gap_merge), the
 * trial's start and end of sending for the figures. */
struct engine_recov_dir {
	struct recov_lost lost;
	struct recov_gap gap;
	bool gap_exact;
	uint64_t start_tsc, end_tsc;
};

/* RFC 9693 phases (feature_stateful.c): what one stream's sender does
 * to each frame it built, set before the trial, then written by that
 * sending lcore only (one per stream). */
struct engine_stateful_tx {
	bool responder;			/* phase 2: a recorded tuple; else
					 * phase 1: the enumerated combination */
	struct stateful_iter it;	/* phase 1: this stream's part */
	unsigned vary;			/* the fields it varies */
	const struct stateful_table *table;
	struct stateful_pick pick;	/* the stream's own copy: one writer */
	uint8_t tag_b;			/* the frames' VLAN tags: stateful.c's
					 * frames start past them */
} __rte_cache_aligned;

/* ---- engine: sender and receiver state, one writer each ---- */

/* What a receiver publishes after each burst with relaxed stores, for the
 * main lcore to read while the trial runs (engine_rx_pub_read). */
struct engine_rx_pub {
	uint64_t received, duplicates, reordered, late;
};

struct engine_tx {
	/* read-only during a trial */
	uint16_t port_id;
	uint16_t queue_id;		/* TX queue: the stream's number */
	uint16_t stream, nb_streams;	/* stream i of N (streams.h) */
	uint16_t lcore_id;		/* its sender (messages) */
	uint64_t seq_hi;		/* streams_seq(stream, 0) */
	uint64_t total;			/* frames of this stream */
	struct rte_mempool *pool;
	uint16_t burst;
	uint64_t lag_limit_tsc;		/* behind more than this: stop, invalid */
	struct pacer pacer;		/* the direction's (streams.h) */
	/* a rate change (RFC 2544 26.5): the direction's pacer of its
	 * frames pacer.total on (pacer_init_after), swapped in at this
	 * stream's first frame there, then_seq; NULL: none */
	const struct pacer *then;
	uint64_t then_seq;
	/* written by the sending lcore only */
	struct frame_gen gen;
	uint64_t seq;			/* next frame of the stream (0..total) */
	uint64_t next_deadline;		/* TSC when the next burst is due */
	uint64_t sent;
	uint64_t sent_b;		/* their bytes incl. FCS (a mix: sizes vary) */
	uint64_t pub_sent;		/* sent, published per burst (relaxed
					 * store) for the main lcore's watch */
	uint64_t max_lag_tsc;
	uint64_t max_lag_seq;		/* first frame of the worst burst */
	/* tagged frames (a feature: NULL when the trial has none) */
	struct engine_tags *tags;
	uint32_t next_tag;
	uint32_t tag_end;		/* tags of this stream: [.., tag_end) */
	uint64_t next_tag_seq;		/* UINT64_MAX: no more */
	/* stateful phases (a feature: NULL when the trial has none) */
	struct engine_stateful_tx *stateful;
	/* ARP / ND answers of the port's receivers to send after a burst
	 * (neigh.c; NULL: another role sends them) */
	struct rte_ring *answers;
	/* test aid: a faulty wire (see engine.c tx_inject) */
	bool inject;
	uint32_t drop_every, drop_count, dup_every, dup_count;
	uint64_t injected_drops, injected_dups;
	/* frames generated but not handed to the port, by kind (sizes.h) */
	struct sizes_ctr unsent;
	uint64_t first_tsc;		/* when the first burst was built */
	uint64_t last_tsc;		/* when it finished (bench_engine) */
	uint64_t last_burst_tsc;	/* when the last burst was built ... */
	uint64_t last_burst_seq;	/* ... and its first frame */
	bool aborted;			/* stopped behind schedule */
	bool done;
	bool prefilled;			/* pool holds this trial's frames */
} __rte_cache_aligned;

struct engine_rx {
	/* read-only during a trial */
	uint16_t port_id;
	uint16_t queue_id;		/* RX queue */
	uint16_t nb_streams;		/* of the direction: > 1 uses
					 * stream_states */
	uint8_t trial_id;
	uint64_t planned;
	uint64_t deadline_tsc;		/* end of sending + timeout */
	uint64_t late_until_tsc;	/* + grace: later frames are not seen */
	struct frame_cls cls;
	bool wide;			/* the wide classifier (engine_rx_wide_ok) */
	bool cksum_hw;			/* the port checks RX checksums */
	bool need_delay;		/* delays or a per-frame timeout */
	uint64_t frame_timeout_tsc;	/* 0: off */
	struct delay_tsc_scale scale;
	/* features (NULL when the trial has none); the receiver writes only
	 * tags->rx_tsc and the delay histograms */
	struct engine_tags *tags;
	struct engine_delays *delays;
	struct engine_recov *recov;	/* written by the receiver */
	/* phase 1: the Responder's state table (its only writer) */
	struct stateful_table *table;
	/* ARP requests / NS for the port's addresses are answered
	 * (neigh.c): the answer into the port's ring; answer_tx: this
	 * receiver also sends the ring's answers on TX queue 0 (no sender
	 * of the port in the trial).  arp NULL: none. */
	const struct arp_responder *arp;
	struct rte_ring *answers;
	bool answer_tx;
	uint64_t answered;		/* answers made (written here only) */
	/* written by the receiving lcore only */
	struct rxstate state;		/* one stream: its state; several:
					 * state.c.received is their sum */
	struct rxstate *stream_states;	/* several: nb_streams states, a
					 * stream id >= nb_streams counts as
					 * beyond in stream_states[0] */
	struct engine_rx_pub pub;	/* the counts, published per burst */
	uint64_t kinds[FRAME_KIND_COUNT];
	uint64_t stale;			/* ours, from an earlier trial */
	struct sizes_ctr sizes;		/* received frames by kind (sizes.h) */
	uint64_t last_tsc;		/* when it finished (bench_engine) */
	bool done;
} __rte_cache_aligned;

#define ENGINE_MAX_ROLES (2 * STREAMS_MAX)

/* One lcore's work: any mix of senders and receivers (see docs). */
struct engine_lcore {
	unsigned int lcore_id;
	unsigned int nb_tx, nb_rx;
	struct engine_tx *tx[ENGINE_MAX_ROLES];
	struct engine_rx *rx[ENGINE_MAX_ROLES];
	uint64_t start_tsc;
} __rte_cache_aligned;

/* The published counters, as the main lcore reads them during a trial. */
static inline uint64_t
engine_tx_pub_sent(const struct engine_tx *tx)
{
	return __atomic_load_n(&tx->pub_sent, __ATOMIC_RELAXED);
}

static inline void
engine_rx_pub_read(const struct engine_rx *rx, struct engine_rx_pub *out)
{
	out->received = __atomic_load_n(&rx->pub.received, __ATOMIC_RELAXED);
	out->duplicates = __atomic_load_n(&rx->pub.duplicates, __ATOMIC_RELAXED);
	out->reordered = __atomic_load_n(&rx->pub.reordered, __ATOMIC_RELAXED);
	out->late = __atomic_load_n(&rx->pub.late, __ATOMIC_RELAXED);
}

/*
 * The NIC's verdict on a received frame's checksums as the classifier
 * takes it (FRAME_HW_*, frame_fast.h): GOOD in the mbuf's RX checksum
 * flags, nothing else (bad, unknown, none: the software sums decide).
 * ol_flags is 0 where the port does not check them (port_ctx.rx_cksum_hw).
 */
static inline unsigned int
engine_rx_hw(uint64_t ol_flags)
{
	return ((ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK) ==
		RTE_MBUF_F_RX_IP_CKSUM_GOOD ? FRAME_HW_IP_GOOD : 0u) |
	       ((ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) ==
		RTE_MBUF_F_RX_L4_CKSUM_GOOD ? FRAME_HW_L4_GOOD : 0u);
}

/* Whether receivers take the wide classifier: the CPU has it and
 * DUTPERF_RX_WIDE is not 0 (set in trial_prepare, read per burst). */
bool engine_rx_wide_ok(void);
/* Sleep ms milliseconds (in steps of 10), returning early when
 * engine_stop is set (the settle pause, RFC 9693's D). */
void engine_sleep_ms(uint32_t ms);
/* Runs the lcore's roles until all are done or engine_stop is set. */
int engine_lcore_main(void *arg);
/* Before each trial, after the generator is set up: see engine.c. */
void engine_tx_prefill(struct engine_tx *tx);
/* Send up to a burst of the answers waiting in ring on port / queue (its
 * one writer); what the port does not take is freed.  Returns how many
 * it took. */
unsigned int engine_send_answers(struct rte_ring *ring, uint16_t port_id,
				 uint16_t queue_id);

/* ---- neigh: address resolution on the ports (neigh.c) ---- */

#define NEIGH_TRIES 3		/* ARP requests / NS for the DUT ... */
#define NEIGH_WAIT_MS 1000	/* ... each answered within this */
#define NEIGH_RING 1024		/* answers waiting per port */

struct trial_ctx;
/*
 * Once the links are up (main, after trial_ctx_init): each port's
 * responder (arp.h), answer ring and all-multicast (solicited-node NS)
 * set up, so that trials answer ARP / NS (without: none).  Then every
 * side whose [side] dut_mac = resolve: ARP request / NS for its
 * next hop (cfg_side_dut_ip), NEIGH_TRIES tries NEIGH_WAIT_MS apart,
 * answering the DUT's own requests meanwhile; the MAC into c (dut_mac,
 * dut_mac_resolved) and the frame specs made anew, then a gratuitous ARP
 * / unsolicited NA so the DUT learns the tester.  -EHOSTUNREACH with err
 * naming the side, port and address when the DUT never answers.
 */
int neigh_resolve(struct trial_ctx *t, struct cfg *c, char *err,
		  size_t err_len);
/* Main lcore, no lcore running: frames read from side s's port; ARP /
 * NS for its addresses answered on TX queue 0, everything freed. */
void neigh_rx_idle(struct trial_ctx *t, enum cfg_side_id s,
		   struct rte_mbuf **pkts, uint16_t nb);
/* After trial_prepare: which role of the trial sends each port's
 * answers; every active receiver answers. */
void neigh_trial_wire(struct trial_ctx *t);
/* After the lcores have returned: answers still in the rings sent (main
 * lcore, TX queue 0); the answers of the trial per direction (its
 * receivers' and those made before it while flushing its RX side) into
 * answered[d], and the run's counts. */
void neigh_trial_end(struct trial_ctx *t, uint64_t answered[CFG_NB_DIRS]);
/*
 * RFC 2544 23 (b) before a trial of spec ([traffic] learning): from the
 * receiving port of each active direction an ARP request (IPv4) / NS
 * (IPv6) whose sender is each destination network's address the test
 * frames use (the foreground's, and the background's when n > m) and
 * whose source MAC is the port's, then learning_wait_s.  learning =
 * search: only when neigh_learn_again was called since the last (and
 * before the first trial).  The frames sent per direction into sent[d].
 */
void neigh_learning(struct trial_ctx *t, const struct trial_spec *spec,
		    uint64_t sent[CFG_NB_DIRS]);
/* learning = search: a search (or a mode's run) starts. */
void neigh_learn_again(struct trial_ctx *t);

/* ---- trial ---- */

/* "left", "right" and "forward", "reverse": for messages and run.json. */
extern const char *const trial_side_name[CFG_NB_SIDES];
extern const char *const trial_dir_name[CFG_NB_DIRS];

struct trial_ctx {
	const struct cfg *cfg;		/* its seed seeds every trial */
	struct trial_res res;		/* what trials read of cfg, resolved */
	uint32_t port_frame_b;		/* the ports' largest frame (init's) */
	uint64_t hz;
	uint32_t trials_run;		/* see trial_next_id */
	uint32_t drop_every, dup_every;	/* test aids, 0 = off */
	struct port_ctx port[CFG_NB_SIDES];
	struct frame_spec spec[CFG_NB_DIRS];	/* of the active directions */
	struct engine_tx tx[CFG_NB_DIRS];	/* stream 0 */
	struct engine_rx rx[CFG_NB_DIRS];	/* RX queue 0 */
	/* several streams and queues (docs/accounting.md): txs[d][0] is
	 * &tx[d], rxs[d][0] &rx[d], the others on their lcores' sockets */
	unsigned int nb_streams[CFG_NB_DIRS];	/* [tx side] queues */
	unsigned int nb_rxq[CFG_NB_DIRS];	/* [rx side] queues */
	struct engine_tx *txs[CFG_NB_DIRS][STREAMS_MAX];
	struct engine_rx *rxs[CFG_NB_DIRS][STREAMS_MAX];
	/* per RX queue: a window per stream; with several streams their
	 * states (engine_rx.stream_states) */
	uint64_t *bits[CFG_NB_DIRS][STREAMS_MAX];
	struct rxstate *stream_states[CFG_NB_DIRS][STREAMS_MAX];
	/* features, attached by a mode's setup (feature.c; the driver
	 * attaches the phases for --stateful); NULL: none */
	struct engine_tags *tags[CFG_NB_DIRS];
	struct engine_delays *delays[CFG_NB_DIRS][STREAMS_MAX];	/* per RX queue */
	struct engine_recov *recov[CFG_NB_DIRS][STREAMS_MAX];	/* per RX queue */
	struct engine_recov_dir recov_dir[CFG_NB_DIRS];	/* merged */
	struct feature_stateful *stateful;	/* RFC 9693 phases */
	struct pacer then[CFG_NB_DIRS];	/* tx[d].then of a rate change */
	/* spec[d].sport while a trial's flows (RFC 9004) replace it; the
	 * flows in spec[d] and every RX queue's classifier, 0: none */
	struct cfg_var sport_saved[CFG_NB_DIRS];
	uint32_t flows[CFG_NB_DIRS];
	/*
	 * Called on the main lcore right before the lcores start, with the
	 * trial's common start instant (the reset mode starts its command's
	 * timer there).  NULL: none.
	 */
	void (*on_launch)(struct trial_ctx *t, uint64_t start_tsc, void *arg);
	void *on_launch_arg;
	struct engine_lcore lcores[2 * CFG_NB_DIRS * STREAMS_MAX];
	unsigned int nb_lcores;
	/*
	 * Called over and over (every TRIAL_WATCH_MS) on the main lcore while
	 * a trial runs, when the main lcore has no role in it (live progress,
	 * the monitor mode); it may read the published counters only.
	 * start_tsc: the trial's start.  NULL: none.
	 */
	void (*watch)(struct trial_ctx *t, uint64_t start_tsc, void *arg);
	void *watch_arg;
	/* the common start of the last trial, and the planned end of
	 * sending of each active direction: the deadline of the frame after
	 * its last (start + duration); set before the lcores start,
	 * read-only while they run */
	uint64_t start_tsc;
	uint64_t send_end_tsc[CFG_NB_DIRS];
	bool learn_pending;		/* learning = search (neigh.c) */
};

#define TRIAL_WATCH_MS 10

/* Published counters of direction d summed over its streams and queues
 * (what the main lcore may read while the trial runs). */
uint64_t trial_pub_sent(const struct trial_ctx *t, enum cfg_dir_id d);
void trial_pub_rx(const struct trial_ctx *t, enum cfg_dir_id d,
		  struct engine_rx_pub *out);

/* After trial_run: when direction d's sending ended, the planned end
 * (send_end_tsc) unless a sender stopped early (Ctrl-C, behind schedule):
 * then its last burst, the latest of them. */
uint64_t trial_send_ended_tsc(const struct trial_ctx *t, enum cfg_dir_id d);

/* The trial's common start instant (TSC) of the last trial_run, and the
 * planned end of direction d's sending (send_end_tsc). */
uint64_t trial_start_tsc(const struct trial_ctx *t);
uint64_t trial_send_end_tsc(const struct trial_ctx *t, enum cfg_dir_id d);

/* The RX queues of direction d (its receiving side's [side] queues). */
unsigned int trial_rx_queues(const struct trial_ctx *t, enum cfg_dir_id d);

/* The DPDK driver of side s's port ("net_memif", "net_af_packet", ...). */
const char *trial_port_driver(const struct trial_ctx *t, enum cfg_side_id s);

/* Does the main lcore carry a role (then no watch can run)? */
bool trial_main_has_role(const struct trial_ctx *t);

/* The trial id (in every test frame) of the next trial_run. */
static inline uint8_t
trial_next_id(const struct trial_ctx *t)
{
	return (uint8_t)(t->trials_run % (FRAME_TRIAL_ID_MAX + 1));
}

/* Ports, pools and lcore checks; err names the offending key. */
int trial_ctx_init(struct trial_ctx *t, const struct cfg *c, char *err,
		   size_t err_len);
void trial_ctx_fini(struct trial_ctx *t);
/*
 * The same ports and lcores for another configuration c (mode campaign's
 * items): the same directions, frames no longer than the ports were set
 * up for.  t->cfg = c, the frame specs and classifiers made anew, the
 * features detached and the mode hooks (watch, on_launch) cleared.  0 or
 * -EINVAL with err.
 */
int trial_ctx_retarget(struct trial_ctx *t, const struct cfg *c, char *err,
		       size_t err_len);

/*
 * One elementary trial as spec says (trial_spec.h): rates, length,
 * directions (a subset of the configured ones), features.  Fills *out (the
 * trials.csv row without search numbers, the loss ratio); why receives the
 * verdict's reason.  Returns 0 when the trial ran (whatever its verdict),
 * -EINVAL for a spec the context cannot run (err says why), -errno on a
 * runtime error.
 */
int trial_run(struct trial_ctx *t, const struct trial_spec *spec,
	      struct report_trial *out, char *why, size_t why_len, char *err,
	      size_t err_len);

/* ---- features (feature.c: attach, then the facade) ---- */

/* Allocate room for nb tags per configured direction (near the lcores that
 * write them); a spec may then ask for up to nb tags. */
int feature_attach_tags(struct trial_ctx *t, uint32_t nb, char *err,
			size_t err_len);
/* Allocate the delay histograms; a spec may then ask for delays. */
int feature_attach_delays(struct trial_ctx *t, char *err, size_t err_len);
/* Allocate the lost-frame and arrival-gap records (recovery.h); a spec
 * may then ask for them (recov_track). */
int feature_attach_recov(struct trial_ctx *t, char *err, size_t err_len);
/* RFC 9693 phases (feature_stateful.c): the state table and the
 * receivers' expectations after a NAT (the Initiator's frames from
 * [initiator side] ipv4_virt, the Responder's ports swapped); a spec may
 * then ask for a phase. */
int feature_attach_stateful(struct trial_ctx *t, char *err, size_t err_len);
/* Every attached feature freed (trial_ctx_fini). */
void feature_detach(struct trial_ctx *t);

/* A run of the procedure begins (the driver): [stateful] hook_search when
 * the phases are attached.  0, or -EIO with err. */
int feature_start_run(struct trial_ctx *t, char *err, size_t err_len);
/* Before a trial: set up the attached features the spec asks for, on the
 * engine of direction d that sends total frames.  0 or -EINVAL. */
int feature_prepare(struct trial_ctx *t, const struct trial_spec *spec,
		    enum cfg_dir_id d, uint64_t total, char *err, size_t err_len);
/* Right before the lcores start (trial_run): [stateful] hook_trial before
 * phase 1; phase 2 waits until D after phase 1's start.  0, or -EIO. */
int feature_begin(struct trial_ctx *t, const struct trial_spec *spec, char *err,
		  size_t err_len);
/* After the trial: the per-queue delays and recovery records merged per
 * direction (feature_pdv, feature_recov read them), and what the
 * features put in the trials.csv row (the entries a phase 1 recorded). */
void feature_collect(struct trial_ctx *t, const struct trial_spec *spec,
		     struct report_trial *out);

/*
 * After a trial with tags: RFC 8219 7.2 latency of direction d (lost tags
 * count at penalty_ns, tags never sent are not counted: delay.h).  0 or
 * -errno.
 */
int feature_latency(const struct trial_ctx *t, enum cfg_dir_id d,
		    uint64_t penalty_ns, struct delay_lat_summary *s);
/* After a trial with recov_track: the records of direction d (NULL when
 * the trial had none). */
const struct engine_recov_dir *feature_recov(const struct trial_ctx *t,
					     enum cfg_dir_id d);
/* After a trial with delays: RFC 8219 7.3 PDV of direction d. */
void feature_pdv(const struct trial_ctx *t, enum cfg_dir_id d,
		 struct delay_pdv_summary *s);


/* Human summary of one trial on f. */
void trial_print(FILE *f, const struct report_trial *r);


#endif /* DUTPERF_TRIAL_H */

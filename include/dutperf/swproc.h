/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swproc: RFC 2889's LAN-switch procedures that need more than two ports,
 * DPDK-free: what to run next and what the counts mean.  The N-port trial
 * (mport.h, the DPDK layer) produces the counts; these functions judge
 * them and fill the result rows.
 *
 * - Address caching capacity (RFC 2889 5.7): a binary search on the number
 *   of addresses N exactly as 5.7.3's algorithm: LOW := 0, HIGH := MAX,
 *   N user given; per iteration the table is aged out (PAUSE(AGE), or a
 *   flush command then its wait: the caller's job), the Tport broadcasts
 *   one learning frame with its own source address, the Lport sends N
 *   learning frames with varying source addresses to the Tport, the Tport
 *   sends N test frames to those N addresses; the iteration passes iff
 *   the Mport received nothing and the Lport received every frame the
 *   Tport sent; pass: LOW := N, fail: HIGH := N; N := LOW + (HIGH-LOW)/2
 *   while HIGH - LOW >= 2.  The capacity is LOW, the Lport's addresses:
 *   the table also holds the Tport's own address, which the procedure
 *   made learned (SWPROC_OWN_ENTRIES), so a table of T entries reads
 *   T - 1.
 * - Address learning rate (RFC 2889 5.8): the same search on the rate of
 *   the learning frames for a fixed number of addresses, LOW := min,
 *   HIGH := max, ending when HIGH - LOW <= the resolution (the caching
 *   search is the case resolution 1: "WHILE (HIGH - LOW >= 2)").
 * - The aging check (5.7.3, 5.8.3: "The aging time MUST be longer than
 *   the time necessary to produce frames at the specified rate").
 * - Congestion control (RFC 2889 5.5) from per-pair counts, with head of
 *   line blocking (5.5.5.1) and back pressure (5.5.5.2).
 * - Broadcast forwarding rate and latency (RFC 2889 5.10) per receiving
 *   port.
 * Result rows: caching.csv and learnrate.csv (one row per iteration, RFC
 * 2889 5.7.5 / 5.8.5; one table), switch.csv (one row per search: the
 * figure), congestion.csv (one row per trial), broadcast.csv (one row per
 * receiving port).
 */
#ifndef DUTPERF_SWPROC_H
#define DUTPERF_SWPROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "mport.h"
#include "report.h"
#include "result.h"
#include "verdict.h"

/* Entries the caching procedure itself makes learned besides the Lport's
 * N: the Tport's address, from its broadcast learning frame (RFC 2889
 * 5.7.3 "AddressLearning(TPort)"). */
#define SWPROC_OWN_ENTRIES 1

enum swproc_kind {
	SWPROC_CACHING = 0,	/* RFC 2889 5.7: N varies */
	SWPROC_LEARNRATE,	/* RFC 2889 5.8: the learning rate varies */
};

/* "caching", "learnrate" */
const char *swproc_kind_name(enum swproc_kind k);

struct swproc_params {
	enum swproc_kind kind;
	uint64_t low;		/* LOW's start: 0 for caching (5.7.3) */
	uint64_t max;		/* HIGH's start (MAX, 5.7.3) */
	uint64_t initial;	/* N's start, in (low, max] */
	uint64_t resolution;	/* done when HIGH - LOW <= it (caching: 1) */
	uint64_t addrs;		/* learnrate: the fixed number of addresses */
	uint64_t learn_fps;	/* caching: the fixed learning rate */
	uint32_t max_retries;	/* invalid iterations retried per value */
};

/* What the test portion of one iteration counted (RFC 2889 5.7.5). */
struct swproc_counts {
	uint64_t learn_sent;	/* learning frames the Lport sent */
	uint64_t tport_sent;	/* test frames the Tport offered */
	uint64_t tport_flood;	/* frames received at the Tport */
	uint64_t lport_rx;	/* test frames at the Lport, correct address */
	uint64_t lport_flood;	/* other frames received at the Lport */
	uint64_t mport_rx;	/* frames received at the Mport (flood count) */
	bool tester_ok;		/* the tester sent every frame on time */
	bool interrupted;
};

struct swproc_search {
	struct swproc_params p;
	uint64_t low, high;	/* LOW (highest passed), HIGH (lowest failed) */
	uint64_t next;		/* N (or the rate) of the next iteration */
	uint32_t iterations;	/* recorded, invalid ones included */
	uint32_t retries;	/* invalid iterations at the current value */
	bool passed, failed;	/* some iteration passed / failed validly */
	bool invalid_end;	/* a value stayed invalid: the search ended */
	bool interrupted;
	bool done;
};

/* 0, or -EINVAL with err naming the problem (low < initial <= max,
 * resolution >= 1; caching needs learn_fps, learnrate addrs). */
int swproc_init(struct swproc_search *s, const struct swproc_params *p,
		char *err, size_t err_len);
bool swproc_done(const struct swproc_search *s);
/* The value of the next iteration: addresses (caching) or frames/s. */
uint64_t swproc_next(const struct swproc_search *s);
/* The addresses and learning rate of the next iteration. */
uint64_t swproc_next_addrs(const struct swproc_search *s);
uint64_t swproc_next_learn_fps(const struct swproc_search *s);

/* RFC 2889 5.7.3: fail iff the Mport received a frame or the Lport fewer
 * than the Tport sent; invalid when the tester did not send them all. */
enum verdict swproc_judge(const struct swproc_counts *c, uint64_t addrs);

/* Feed the counts of the iteration at swproc_next(); returns its verdict.
 * Ignored (VERDICT_INTERRUPTED) when done. */
enum verdict swproc_record(struct swproc_search *s,
			   const struct swproc_counts *c);

/* The figure: LOW, the highest value that passed; MEASURED when bounded
 * by a valid fail within the resolution, LOWER_BOUND when HIGH is still
 * the untested MAX or a value stayed invalid, NONE when nothing passed
 * and the search did not close validly (or was interrupted). */
uint64_t swproc_result(const struct swproc_search *s);
enum report_result swproc_kind_result(const struct swproc_search *s);

/* Upper bound of the iterations still needed, for an ETA. */
uint32_t swproc_remaining(const struct swproc_search *s);

/*
 * The aging check (RFC 2889 5.7.3 / 5.8.3): learning addrs addresses at
 * slowest_fps and then the test portion (addrs test frames at test_fps,
 * 0: slowest_fps) plus settle_ms must end before aging_s.  0, or -EINVAL
 * with a message naming [switch] aging_s, the key given as addrs_key, the
 * key given as fps_key and their values.
 */
int swproc_check_aging(uint64_t aging_s, uint64_t addrs, const char *addrs_key,
		       uint64_t slowest_fps, const char *fps_key,
		       uint64_t test_fps, uint64_t settle_ms, char *err,
		       size_t err_len);
/* One iteration's time: addrs / fps + addrs / test_fps (0: fps) seconds
 * plus settle_ms, in ms. */
uint64_t swproc_iteration_ms(uint64_t addrs, uint64_t fps, uint64_t test_fps,
			     uint64_t settle_ms);

/* caching.csv / learnrate.csv: one iteration (RFC 2889 5.7.5, 5.8.5). */
struct swproc_iter_row {
	uint32_t no;		/* search, 1.. with --repeat */
	uint32_t iteration;	/* 1.. */
	uint64_t addrs;		/* addresses used */
	uint64_t iload_fps;	/* intended load of the learning frames */
	uint64_t learn_sent;
	uint64_t tport_sent;
	uint64_t tport_flood;
	uint64_t lport_rx;
	uint64_t lport_flood;
	uint64_t mport_flood;
	uint64_t low, high;	/* LOW and HIGH after this iteration */
	enum verdict verdict;
};

/* Fill the row of the iteration just recorded. */
void swproc_iter_row(const struct swproc_search *s,
		     const struct swproc_counts *c, uint64_t addrs,
		     uint64_t iload_fps, enum verdict v, uint32_t no,
		     struct swproc_iter_row *row);

/* switch.csv: one search. */
struct swproc_summary_row {
	uint32_t no;
	const char *procedure;		/* swproc_kind_name */
	uint64_t addrs;			/* caching: the capacity found */
	uint64_t learn_fps;		/* learnrate: the rate found */
	uint64_t own_entries;		/* caching: SWPROC_OWN_ENTRIES */
	uint64_t table_entries;		/* caching: addrs + own_entries */
	uint64_t low, high;
	uint32_t iterations;
	enum report_result result;
};

void swproc_summary(const struct swproc_search *s, uint32_t no,
		    struct swproc_summary_row *row);

/* ---- RFC 2889 5.5 congestion control ---- */

/* One trial's counts; port A sends alternately to the uncongested and
 * the congested port, port B only to the congested port (5.5.3). */
struct swproc_cong_counts {
	uint64_t mol_fps;	/* each source's intended load, the MOL */
	uint64_t send_ns;	/* the trial's send time */
	uint64_t a_to_unc_sent, a_to_unc_rx;
	uint64_t a_to_cong_sent, a_to_cong_rx;
	uint64_t b_to_cong_sent, b_to_cong_rx;
	uint64_t unc_flood, cong_flood;	/* frames not counted as received */
	bool tester_ok;
};

/* congestion.csv: one trial (every one: an invalid trial repeated has a
 * row per attempt, trial 1, 2, ...). */
struct swproc_cong_row {
	uint32_t no;
	uint32_t trial;			/* the caller's: 1.. */
	uint64_t mol_fps;
	uint32_t frame_size_b;
	uint64_t duration_ms;
	uint64_t a_sent, b_sent;
	double a_oload_fps, b_oload_fps;	/* offered load as observed */
	uint64_t unc_sent, unc_rx, unc_flood;
	double unc_loss_pct;		/* RFC 2544 26.3 */
	double unc_fr_fps;		/* at 50 % offered load */
	uint64_t cong_sent, cong_rx, cong_flood;
	double cong_loss_pct;
	double cong_fr_fps;
	double cong_load_pct;		/* offered to the congested port, % MOL */
	double expected_loss_pct;	/* (load - 100) / load, without
					 * congestion control (5.5.5.2) */
	bool holb;			/* 5.5.5.1: loss at the uncongested port */
	bool has_bp;			/* load > 100 %: back pressure decided */
	bool back_pressure;		/* 5.5.5.2: no loss under > 100 % */
	bool measured;			/* the tester sent all: figures valid */
};

/* Fill row from c (frame_size_b, no: the caller's); -EINVAL when
 * send_ns or mol_fps is 0. */
int swproc_congestion(const struct swproc_cong_counts *c, uint32_t no,
		      uint32_t frame_size_b, struct swproc_cong_row *row);

/* ---- RFC 2889 5.10 broadcast ---- */

/* broadcast.csv: one receiving port of one trial (every one, as
 * congestion.csv). */
struct swproc_bcast_row {
	uint32_t no;
	uint32_t trial;			/* the caller's: 1.. */
	uint32_t src_port, port;	/* 1-based, as RFC 2889's tables */
	uint64_t iload_fps;
	uint32_t frame_size_b;
	uint64_t duration_ms;
	uint64_t sent, received;
	double oload_fps;
	double loss_pct;		/* RFC 2544 26.3 */
	double fr_fps;			/* broadcast forwarding rate */
	bool has_latency;
	uint64_t latency_ns;		/* TL: the tagged frames' median */
	bool measured;
	/* RFC 2889 5.10.3 latency by RFC 8219 7.2 tagged frames
	 * (swproc_bcast_latency): the latency mode's statistics */
	uint32_t tagged, tagged_received, tagged_lost;
	double wcl_ns, min_ns, max_ns, mean_ns;
};

/* Fill row for one receiving port; -EINVAL when send_ns is 0. */
int swproc_broadcast(uint32_t src_port, uint32_t port, uint64_t iload_fps,
		     uint64_t send_ns, uint64_t sent, uint64_t received,
		     bool has_latency, uint64_t latency_ns, bool tester_ok,
		     uint32_t no, uint32_t frame_size_b,
		     struct swproc_bcast_row *row);

/* The tagged frames' figures of row's port (s from mport_tags_latency):
 * latency_us is TL (RFC 8219 7.2 median; RFC 2889 5.10.3 names no
 * statistic), the counts, WCL, min, max, mean; all empty unless s->valid. */
void swproc_bcast_latency(struct swproc_bcast_row *row,
			  const struct delay_lat_summary *s);

/* RFC 2544 26.3: (sent - received) * 100 / sent; 0 when nothing sent. */
double swproc_loss_pct(uint64_t sent, uint64_t received);

/* ---- plans and counts on the N-port trial (mport.h) ---- */

/* The three ports of RFC 2889 5.7.3 / 5.8.3 (0-based, mport.h). */
struct swproc_ports {
	unsigned lport;		/* learning port */
	unsigned tport;		/* test port */
	unsigned mport;		/* monitoring port */
};

/*
 * One caching or learning-rate iteration as a plan (RFC 2889 5.7.3):
 * learning phase: the Tport's one broadcast frame with its own address
 * (address 0), then the Lport's addrs frames at learn_fps, source
 * addresses 0..addrs-1 of its set, destination the Tport's address 0;
 * learn_wait_ms after them; test phase: the Tport's addrs frames at
 * test_fps (0: learn_fps) to the Lport's addresses 0..addrs-1.  0, or
 * -EINVAL (ports not distinct or beyond n's, addrs 0 or above
 * n->addrs_per_port, rate 0).
 */
int swproc_plan_iteration(struct mport_plan *pl, const struct mport_net *n,
			  const struct swproc_ports *sp, uint64_t addrs,
			  uint64_t learn_fps, uint64_t test_fps,
			  uint32_t learn_wait_ms);

/* The RFC 2889 5.7.5 counts of one iteration's result (the Mport's flood
 * count: test frames of ours it received, never the DUT's own). */
void swproc_counts_from(const struct mport_result *r,
			const struct swproc_ports *sp, struct swproc_counts *c);

/* The four ports of RFC 2889 5.5.3 (0-based). */
struct swproc_cong_ports {
	unsigned a;		/* sends to unc and cong alternately */
	unsigned b;		/* sends to cong only */
	unsigned unc;		/* uncongested receiver */
	unsigned cong;		/* congested receiver */
};

/* RFC 2889 5.5.3: both sources at mol_fps for duration_ms, the same
 * number of frames; A to unc, cong, unc, ...; B to cong; learning frames
 * from unc and cong first.  0 or -EINVAL. */
int swproc_plan_congestion(struct mport_plan *pl, const struct mport_net *n,
			   const struct swproc_cong_ports *cp, uint64_t mol_fps,
			   uint32_t duration_ms, uint64_t learn_fps);

/* The counts of a congestion trial's result. */
void swproc_cong_from(const struct mport_result *r,
		      const struct swproc_cong_ports *cp, uint64_t mol_fps,
		      struct swproc_cong_counts *c);

/* RFC 2889 5.10.3: port src sends broadcast frames at iload_fps for
 * duration_ms; no learning phase.  0 or -EINVAL. */
int swproc_plan_broadcast(struct mport_plan *pl, const struct mport_net *n,
			  unsigned src, uint64_t iload_fps,
			  uint32_t duration_ms);

/* ---- the configuration ([switch], cfg.h struct cfg_swproc) ---- */

/* [switch]'s cross-key checks (cli_validate): initial_addrs <= max_addrs,
 * learn_min_fps < learn_initial_fps <= learn_max_fps (when given),
 * lport, tport, mport distinct.  0 or -EINVAL naming the keys. */
int swproc_cfg_check(const struct cfg *c, char *err, size_t err_len);

/* Mode caching or learnrate: at least 3 ports, lport / tport / mport
 * among them, [switch] aging_s given (RFC 2889 5.7.3: "The aging time of
 * the DUT/SUT MUST be known") and one iteration inside it at the largest
 * N (caching: test frames at learn_fps too) or the slowest rate
 * (learnrate: test frames at [traffic] rate_fps): swproc_check_aging.  0
 * or -EINVAL with the file, keys and values. */
/* The rate of an iteration's test frames: caching [switch] learn_fps (the
 * RFC 2889 5.7.5 intended load, fixed), learnrate [traffic] rate_fps
 * (only the learning frames' rate varies, 5.8.5). */
uint64_t swproc_test_fps(const struct cfg *c, enum swproc_kind k);
int swproc_cfg_check_search(const struct cfg *c, enum swproc_kind k,
			    char *err, size_t err_len);

/* A mode that needs at least need ports (congestion 4, broadcast 2, its
 * bcast_port among them).  0 or -EINVAL. */
int swproc_cfg_check_ports(const struct cfg *c, const char *mode,
			   unsigned need, char *err, size_t err_len);

/* The search parameters of mode caching or learnrate from c. */
void swproc_params_from_cfg(const struct cfg *c, enum swproc_kind k,
			    struct swproc_params *p);

extern const struct report_table swproc_iter_table;	/* caching.csv, learnrate.csv */
extern const struct report_table swproc_summary_table;	/* switch.csv */
extern const struct report_table swproc_cong_table;	/* congestion.csv */
extern const struct report_table swproc_bcast_table;	/* broadcast.csv */

#endif /* DUTPERF_SWPROC_H */

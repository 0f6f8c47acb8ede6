/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * recovery: RFC 2544 26.5 system recovery and 26.6 reset (RFC 6201), the
 * DPDK-free part: what the receiver records with bounded memory, the
 * figures extracted from it, the procedures and their parameters.
 *
 * Recovery (26.5): a stream at overload_pct % of the throughput for
 * overload_ms, then at after_pct % for after_ms, in one trial (the
 * sender's pacer changes rate at frame k, trial_spec change_ms).  The
 * receiver keeps the highest sequence number >= k that was lost (never
 * arrived: told by rxstate when a word of its window slides out or at the
 * end; or arrived later than the trial's per-frame timeout).  Frame s is
 * sent at change + (s - k) / rate2 (the pacer's schedule), so
 *	recovery time = (last_lost - k) / rate2
 * from the rate change to the send time of the last lost frame, 0 when
 * no frame at or after k was lost.
 *
 * Reset (26.6, RFC 6201 4): a constant stream; a command resets the DUT
 * at a configured moment; per direction the receiver keeps the largest
 * gap between two successive arrivals of the trial's frames (receive
 * TSC) with its endpoints: the reset time is the gap from the last frame
 * received before the reset to the first after it.
 */
#ifndef DUTPERF_RECOVERY_H
#define DUTPERF_RECOVERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proc.h"
#include "report.h"
#include "search.h"
#include "trial_spec.h"

/* ---- what the receiver records (one writer: the receiving lcore) ---- */

/* Lost frames at or after the rate change (sequence numbers >= from). */
struct recov_lost {
	uint64_t from;		/* k: the first frame at the new rate */
	uint64_t total;		/* frames of the trial: seq >= total never sent */
	uint64_t last1;		/* highest lost seq + 1; 0: none lost */
	uint64_t count;		/* lost frames >= from */
	/*
	 * Several RX queues (a frame missing from one queue's window may
	 * have arrived on another): NULL, or room for the words of
	 * [from & ~63, total) that leave the window, kept instead of
	 * counted (recov_lost_spill); count and last1 then hold the late
	 * frames only, and recov_lost_merge() ORs the queues' words.
	 */
	uint64_t *words;
	uint64_t nb_words;
};

void recov_lost_init(struct recov_lost *l, uint64_t from, uint64_t total);

/* Words needed to keep [from & ~63, total) (recov_lost_spill). */
uint64_t recov_lost_words(uint64_t from, uint64_t total);

/* Keep the words leaving the window in words[0..nb) (zeroed here),
 * nb >= recov_lost_words(l->from, l->total); after recov_lost_init. */
void recov_lost_spill(struct recov_lost *l, uint64_t *words, uint64_t nb);

/*
 * One stream over nb RX queues: out (no words) gets the lost frames of
 * the union of the queues' arrivals, l[k] all of one stream, same from
 * and total, each either counted (no words: exact only when nb is 1) or
 * spilled.  Late frames are added as each queue counted them (a frame
 * late on two queues counts twice: worse, never better).
 */
void recov_lost_merge(struct recov_lost *out, const struct recov_lost *const *l,
		      unsigned int nb);

/*
 * Stream i of n (stream-local numbers, streams.h) into the direction's
 * record dir (frame indexes: stream i's frame k is k * n + i): counts
 * add up, the last lost frame is the latest of the streams'.
 */
void recov_lost_add_stream(struct recov_lost *dir, const struct recov_lost *s,
			   unsigned int i, unsigned int n);

/* A frame of seq >= from arrived too late (counted lost). */
static inline void
recov_lost_late(struct recov_lost *l, uint64_t seq)
{
	if (seq < l->from || seq >= l->total)
		return;
	l->count++;
	l->last1 = seq + 1 > l->last1 ? seq + 1 : l->last1;
}

/*
 * A word of the receiver's window leaves it (or the trial ends): bit j
 * set means frame base + j arrived; the clear bits at or above from and
 * below total were lost.  base is a multiple of 64.
 */
void recov_lost_word(struct recov_lost *l, uint64_t base, uint64_t word);

/* Frames [lo, hi) never reached the window: all lost. */
void recov_lost_range(struct recov_lost *l, uint64_t lo, uint64_t hi);

/*
 * Nanoseconds from the rate change to the send time of the last lost
 * frame: (last - from) * 1e9 / rate2_fps (the pacer's schedule), 0 when
 * none was lost; saturating.
 */
uint64_t recov_time_ns(const struct recov_lost *l, uint64_t rate2_fps);

/* Arrivals of the trial's frames: the largest gap between two in a row. */
struct recov_gap {
	uint64_t n;		/* arrivals */
	uint64_t first_tsc;	/* of the first */
	uint64_t first_seq;
	uint64_t last_tsc;	/* of the latest */
	uint64_t last_seq;
	uint64_t max_tsc;	/* the largest gap (0: fewer than 2) ... */
	uint64_t from_tsc, to_tsc;	/* ... between these arrivals */
	uint64_t from_seq, to_seq;	/* ... of these frames */
	uint64_t max2_tsc;	/* the second largest (recov_gap_merge) */
};

void recov_gap_init(struct recov_gap *g);

/* One arrival at tsc (non-decreasing) of frame seq. */
static inline void
recov_gap_add(struct recov_gap *g, uint64_t tsc, uint64_t seq)
{
	uint64_t gap = tsc - g->last_tsc;

	if (g->n++ == 0) {
		g->first_tsc = tsc;
		g->first_seq = seq;
	} else if (gap > g->max_tsc) {
		g->max2_tsc = g->max_tsc;
		g->max_tsc = gap;
		g->from_tsc = g->last_tsc;
		g->to_tsc = tsc;
		g->from_seq = g->last_seq;
		g->to_seq = seq;
	} else if (gap > g->max2_tsc) {
		g->max2_tsc = gap;
	}
	g->last_tsc = tsc;
	g->last_seq = seq;
}

/*
 * The arrivals of nb RX queues (g[k], each its own record) as one record
 * of them all (out): n, first and last exact; the largest gap of the
 * union is a silence of every queue, so it lies in each queue's largest
 * gap, before its first or after its last arrival, or is no longer than
 * that queue's second largest gap.  out's gap is the largest silence
 * common to those big intervals of every queue (endpoints and frames of
 * the queues' records); returns true when it is provably the largest
 * (at least every queue's second largest gap), false when a longer one
 * may hide in the small gaps (out's gap is then a lower bound).  A reset
 * silences every queue at once and is found exactly.  out->max2_tsc: the
 * bound.
 */
bool recov_gap_merge(struct recov_gap *out, const struct recov_gap *const *g,
		     unsigned int nb);

/* The reset figures of one direction (recov_gap_result). */
struct recov_reset {
	bool resumed;		/* frames arrived after the gap */
	uint64_t gap_ns;	/* the reset time; when not resumed: at least
				 * this (last arrival to the end of sending) */
	uint64_t from_ns, to_ns;	/* its endpoints after the trial's start */
	uint64_t from_seq, to_seq;	/* the frames around it */
	uint64_t in_gap;	/* frames sent within it: to_seq - from_seq - 1 */
};

/*
 * The reset figures from g: start_tsc the trial's start, end_tsc the end
 * of sending (the deadline after the last frame), hz the TSC rate.  When
 * the time from the last arrival to end_tsc is longer than the largest
 * gap, the stream never resumed (resumed false, gap_ns that time); no
 * arrival at all: the whole trial.
 */
void recov_gap_result(const struct recov_gap *g, uint64_t start_tsc,
		      uint64_t end_tsc, uint64_t hz, struct recov_reset *out);

/* ---- parameters ---- */

struct recov_params {
	uint64_t throughput_fps;	/* 100 %; 0: measure it first */
	uint32_t overload_pct;		/* RFC 2544 26.5: 110 */
	uint32_t after_pct;		/* RFC 2544 26.5: 50 */
	uint64_t overload_ms;		/* RFC 2544 26.5: at least 60 s */
	uint64_t after_ms;		/* at the reduced rate */
};

/* The rates of the two phases (rounded down, at least 1). */
uint64_t recov_overload_fps(const struct recov_params *p);
uint64_t recov_after_fps(const struct recov_params *p);

/*
 * 0, or -EINVAL with err naming [recovery] KEY = value: overload_pct
 * above 100, after_pct below 100, overload_ms and after_ms > 0, and with
 * a throughput both rates at least 1 fps.
 */
int recov_params_check(const struct recov_params *p, char *err,
		       size_t err_len);

/* [recovery] of c. */
void recov_params_from_cfg(struct recov_params *p, const struct cfg *c);

/* Mode recovery's check of the configuration (before the EAL). */
int recov_check_cfg(const struct cfg *c, char *err, size_t err_len);

/* The recovery trial: base (directions, timeouts) with the two rates. */
void recov_spec(struct trial_spec *s, const struct trial_spec *base,
		const struct recov_params *p);

/* ---- the procedures ---- */

/*
 * Recovery: when throughput_fps is 0, first the binary search (search.h,
 * search parameters given) and its result as 100 %; then the recovery
 * trial.  complete: the trial ran; throughput_fps: what was used
 * (0: the search found nothing, no recovery trial: result none).
 */
struct recov_proc {
	struct recov_params p;
	struct trial_spec base;
	bool searching;
	bool searched;			/* the throughput came from search */
	struct search_proc search;
	struct search_params search_params;
	bool done;
	enum verdict verdict;		/* of the recovery trial */
};

extern const struct proc_ops recov_ops;

/* How the throughput search ended (result.h's rule), RESULT_INSIDE when
 * [recovery] throughput_fps was given: a recovery time measured against
 * a throughput that is only a lower bound is itself no more than the
 * run's case says (lower_bound, "the range's top passed" ...). */
enum result_case recov_throughput_case(const struct recov_proc *r);

/* 0 or -EINVAL (recov_params_check, search_init). */
int recov_proc_start(struct recov_proc *r, const struct recov_params *p,
		     const struct trial_spec *base,
		     const struct search_params *sp, char *err,
		     size_t err_len);

/* ---- reset ([reset]) ---- */

struct reset_params {
	const char *command;		/* run through /bin/sh -c */
	uint64_t at_ms;			/* after the trial's start */
	uint64_t duration_ms;		/* the whole stream */
	uint64_t rate_fps;
};

/* 0, or -EINVAL naming [reset] KEY = value: a command, at_ms inside the
 * stream with at least 1 s of stream after it, a rate. */
int reset_params_check(const struct reset_params *p, char *err,
		       size_t err_len);

/* [reset] and [traffic] rate_fps, duration_s of c. */
void reset_params_from_cfg(struct reset_params *p, const struct cfg *c);

/* Mode reset's check of the configuration (before the EAL). */
int reset_check_cfg(const struct cfg *c, char *err, size_t err_len);

/* ---- CSV rows: recovery.csv and reset.csv, one row per run and direction */

/* A recovery.csv row (recov_table). */
struct recov_row {
	uint32_t no;			/* run */
	const char *dir;
	uint64_t throughput_fps, overload_fps, after_fps;
	uint64_t overload_ms, after_ms;
	uint64_t change_frame;		/* k */
	uint64_t sent, received, lost;
	uint64_t lost_after;		/* lost frames >= k */
	uint64_t last_lost;		/* seq; empty unless lost_after > 0 */
	double recovery_ms;		/* empty unless result is measured */
	enum verdict status;		/* the trial's */
	enum report_result result;
};

extern const struct report_table recov_table;	/* recovery.csv */

/* A reset.csv row (reset_table). */
struct reset_row {
	uint32_t no;
	const char *dir;
	uint64_t rate_fps, duration_ms, at_ms;
	int command_status;		/* exit status of the command */
	double command_ms;		/* how long it ran */
	uint64_t sent, received, lost;
	struct recov_reset r;		/* reset_ms: gap_ns, empty unless
					 * result is measured; frame_after,
					 * sent_in_gap: empty unless resumed */
	double expected_lost;		/* gap * rate: frames sent within it */
	enum verdict status;
	enum report_result result;
};

extern const struct report_table reset_table;	/* reset.csv */

#endif /* DUTPERF_RECOVERY_H */

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
#include "recov_rx.h"
#include "report.h"
#include "search.h"
#include "trial_spec.h"

/*
 * Nanoseconds from the rate change to the send time of the last lost
 * frame: (last - from) * 1e9 / rate2_fps (the pacer's schedule), 0 when
 * none was lost; saturating.
 */
uint64_t recov_time_ns(const struct recov_lost *l, uint64_t rate2_fps);

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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * search: RFC 2544 26.1 binary search as a state machine fed with trial
 * verdicts.  The answer is the highest rate that passed, 0 when none did.
 *
 * The first trial runs at initial_fps; then every trial runs at
 * lo + (hi - lo) / 2.  A pass sets lo (and best) to the rate, a fail sets
 * hi to it; done when hi - lo <= error_fps (after at least one trial).
 * Every later trial lies strictly inside (lo, hi), so every passed rate is
 * below every failed rate: best is the highest passed rate even with a
 * non-monotonic DUT (which can only make the search settle lower).
 * VERDICT_INVALID repeats the rate, at most max_retries times; one more
 * invalid trial makes the rate an upper bound like a fail (never a pass),
 * counted in invalid_bounds so callers can say the result may be limited
 * by the tester.  VERDICT_INTERRUPTED ends the search (interrupted, done)
 * with the highest rate passed so far; callers report it as incomplete.
 * What a complete search found (search_case, search_kind: result.h's
 * rule), by what bounds it from above: MEASURED, a rate that failed
 * validly, the maximum passing when it is the line rate (top_is_limit),
 * also 0 when nothing passed and the search from lo_fps = 0 closed within
 * the error on valid failures; LOWER_BOUND, the maximum passing below the
 * line rate ("the range's top passed"), or a rate that stayed invalid
 * after retries with a rate passed below it (the DUT may forward more:
 * "at least"); NONE, a rate that stayed invalid and nothing passed, or
 * valid failures down to a lo_fps > 0 (below the range).
 * Trials: at most ceil(log2((hi - lo) / error)) + 1 + invalid trials,
 * and at most (ceil(log2((hi - lo) / error)) + 1) * (max_retries + 1).
 */
#ifndef DUTPERF_SEARCH_H
#define DUTPERF_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proc.h"
#include "result.h"
#include "verdict.h"

struct search_params {
	uint64_t lo_fps;	/* lower bound (>= 0) */
	uint64_t hi_fps;	/* upper bound (> lo) */
	uint64_t initial_fps;	/* first rate tried, in [lo, hi] */
	uint64_t error_fps;	/* done when hi - lo <= error (>= 1) */
	uint32_t max_retries;	/* invalid trials retried per rate */
	bool top_is_limit;	/* hi_fps is the line rate (result.h) */
};

struct search {
	struct search_params p;
	uint64_t lo, hi;	/* current bracket */
	uint64_t next;		/* rate of the next trial */
	uint64_t best;		/* highest passed rate, 0 = none */
	uint32_t iterations;	/* trials recorded (including invalid ones) */
	uint32_t retries;	/* invalid trials at the current rate */
	bool done;
	uint32_t invalid_bounds;	/* rates that stayed invalid: upper bounds */
	bool interrupted;	/* stopped by VERDICT_INTERRUPTED */
	uint32_t passes, fails;	/* valid trials of each verdict */
	uint32_t invalid;	/* invalid trials, retries included */
	bool hi_invalid;	/* hi was set by a rate that stayed invalid */
	bool dut_gone;		/* ended by search_dut_gone */
	struct result_rx rx;	/* what came back (search_record_trial) */
};

/* 0, or -EINVAL unless lo < hi, lo <= initial <= hi, initial >= 1 and
 * error >= 1. */
int search_init(struct search *s, const struct search_params *p);
bool search_done(const struct search *s);
uint64_t search_next_rate(const struct search *s);
/* Feed the verdict of the trial at search_next_rate(); ignored when done.
 * An unknown verdict counts as VERDICT_INVALID. */
void search_record(struct search *s, enum verdict v);
uint64_t search_result(const struct search *s);
/* How the search ended (result.h's one rule) and what its figure is:
 * measured, a lower bound, or none. */
enum result_case search_case(const struct search *s);
enum report_result search_kind(const struct search *s);
/* Upper bound of trials still needed (for an ETA): the rates still to
 * try, ceil(log2(bracket / error)) (+ 1 before the first valid trial),
 * each up to max_retries + 1 times (invalid trials retried), less the
 * retries the current rate has used; 0 when done. */
uint32_t search_remaining(const struct search *s);

/* The DUT went away (dutwatch.h): the search ends, done, with no figure
 * (search_case RESULT_DUT_GONE, result_kind none). */
void search_dut_gone(struct search *s);

/* Where the search stands, after a prefix: "PREFIX[lo, hi] best x". */
void search_describe(const struct search *s, const char *prefix, char *buf,
		     size_t len);

/* The trial result's verdict (a loss-ratio goal would read r->loss_ratio). */
void search_record_trial(struct search *s, const struct report_trial *r);

/*
 * The binary search as a procedure (proc.h): every trial is base at the
 * search's rate.  search_proc_start: 0 or -EINVAL as search_init.
 */
struct search_proc {
	struct search s;
	struct trial_spec base;
};

extern const struct proc_ops search_ops;

int search_proc_start(struct search_proc *p, const struct search_params *params,
		      const struct trial_spec *base);

#endif /* DUTPERF_SEARCH_H */

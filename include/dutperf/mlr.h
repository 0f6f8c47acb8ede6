/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mlr: MLRsearch (RFC 9971, Multiple Loss Ratio Search) as a procedure
 * (proc.h).  Several Search Goals are found in one search from one list
 * of trial results; short trials first, defined results on noisy DUTs.
 * docs/mlrsearch.md says how dutperf reads the RFC and how its controller
 * picks the next load.
 *
 * A Search Goal: Goal Final Trial Duration, Goal Duration Sum, Goal Loss
 * Ratio, Goal Exceed Ratio, Goal Width (relative: (upper - lower) /
 * upper), Goal Initial Trial Duration (the controller's, no effect on the
 * result).  For one goal and one load, the trials at that load are
 * full-length (duration >= final) or short, high-loss (loss ratio >
 * goal loss ratio) or low-loss.  mlr_classify: the load is an upper bound
 * when even optimistically the high-loss share of the duration sum exceeds
 * the exceed ratio, a lower bound when even pessimistically (the missing
 * duration counted as high-loss) it does not, else undecided.  The
 * relevant upper bound (RUB) is the smallest upper bound, the relevant
 * lower bound (RLB) the largest lower bound below it; the conditional
 * throughput is the RLB's load times (1 - the exceed-ratio quantile of
 * its full-length trials' loss ratios).
 *
 * Everything here is pure: no DPDK, no clock, no file.  Deterministic:
 * the same trial results give the same next trial.
 */
#ifndef DUTPERF_MLR_H
#define DUTPERF_MLR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proc.h"
#include "result.h"
#include "report.h"
#include "trial_spec.h"
#include "verdict.h"

#define MLR_MAX_GOALS 8
#define MLR_MAX_TRIALS 2048	/* per search; then it stops */
#define MLR_NAME_LEN 24

struct mlr_goal {
	char name[MLR_NAME_LEN];	/* "ndr", "pdr", "goal3" */
	uint32_t final_ms;		/* Goal Final Trial Duration (> 0) */
	uint32_t sum_ms;		/* Goal Duration Sum (>= final) */
	double loss_ratio;		/* Goal Loss Ratio, [0, 1) */
	double exceed_ratio;		/* Goal Exceed Ratio, [0, 1) */
	double width;			/* Goal Width, relative, (0, 1) */
	uint32_t initial_ms;		/* Goal Initial Trial Duration (> 0) */
};

/* One trial result, as MLRsearch sees it. */
struct mlr_trial {
	uint64_t load_fps;		/* Trial Load (intended, per direction) */
	uint32_t duration_ms;		/* Trial Duration */
	double loss_ratio;		/* Trial Loss Ratio */
	uint8_t goal;			/* the goal the controller chose it for */
};

enum mlr_class {
	MLR_UNDECIDED = 0,
	MLR_LOWER_BOUND,
	MLR_UPPER_BOUND,
};

/* The RFC's duration sums of one load for one goal (ms). */
struct mlr_sums {
	double full_low, full_high;	/* full-length low- / high-loss */
	double short_low, short_high;	/* short low- / high-loss */
	double effective_high;		/* full high + short excess */
	double whole;			/* max(goal sum, effective full) */
	double quantile;		/* whole * exceed ratio */
	double pessimistic_high;	/* whole - full low */
};

/* Classify load by the trials at exactly that load; sums may be NULL. */
enum mlr_class mlr_classify(const struct mlr_goal *g,
			    const struct mlr_trial *t, size_t n,
			    uint64_t load_fps, struct mlr_sums *sums);

/*
 * The exceed-ratio quantile of the loss ratios of the full-length trials
 * at load, as RFC 9971 appendix B computes it: full-length trials sorted
 * by loss ratio, best first, take up whole * (1 - exceed ratio) of the
 * duration (whole = max(goal sum, their duration sum)); the quantile is
 * the loss ratio of the trial that uses the rest up (the first trial at
 * least); 1 when they do not reach it or there is no full-length trial.
 */
double mlr_quantile_loss(const struct mlr_goal *g, const struct mlr_trial *t,
			 size_t n, uint64_t load_fps);

/* A goal's result from a trial list. */
struct mlr_result {
	uint64_t rlb_fps;		/* relevant lower bound, 0: none */
	uint64_t rub_fps;		/* relevant upper bound, 0: none */
	double conditional_fps;		/* at the RLB; 0 when there is none */
	bool rub_is_limit;		/* RUB is the tester's limit (loads that
					 * stayed invalid), not the DUT's */
	bool complete;			/* nothing more to search for */
	enum report_result kind;	/* measured, lower_bound, none */
	enum result_case why;		/* result.h's case behind kind */
	uint32_t trials;		/* trials the controller chose for it */
	double trial_s;			/* and their durations */
};

/*
 * The goal's RLB, RUB and conditional throughput from trials t[0..n-1]
 * between min_fps and max_fps; limit_fps (0: none): loads at or above it
 * could not be offered (they count as an upper bound that is the tester's).
 * complete: RUB - RLB <= width * RUB (or 1 fps), or RLB at max_fps with no
 * RUB, or RUB at min_fps (then no RLB: kind none).  why, kind: result.h's
 * rule: measured when complete with an RLB and a DUT's RUB (or none above
 * max when max_is_limit: the line rate), lower_bound when the RUB is the
 * tester's limit or the max passed below the line rate, none without an
 * RLB or incomplete.
 */
void mlr_goal_result(const struct mlr_goal *g, const struct mlr_trial *t,
		     size_t n, uint64_t min_fps, uint64_t max_fps,
		     uint64_t limit_fps, bool max_is_limit,
		     struct mlr_result *r);

/* ---- goals on the command line ---- */

/*
 * Parse a goal list into goals[0..*nb-1] (at most MLR_MAX_GOALS): goals
 * separated by ';' or ' ', each a comma list of a preset name (ndr, pdr,
 * rfc2544, tst009) and/or key=value: loss=RATIO exceed=RATIO final=S
 * sum=S width=RATIO initial=S name=WORD.  A new preset name starts a new
 * goal ("ndr,pdr" is two goals); keys without a preset start from ndr.
 * 0, or -EINVAL with err naming the token.
 */
int mlr_goals_parse(const char *s, struct mlr_goal *goals, unsigned *nb,
		    char *err, size_t err_len);

/* 0, or -EINVAL with err naming the goal and value. */
int mlr_goal_check(const struct mlr_goal *g, char *err, size_t err_len);

/* "ndr: loss 0 exceed 0.5 final 1 s sum 21 s width 0.005 initial 1 s" */
void mlr_goal_describe(const struct mlr_goal *g, char *buf, size_t len);

/* ---- the controller, a procedure (proc.h) ---- */

struct mlr_params {
	struct mlr_goal goal[MLR_MAX_GOALS];
	unsigned nb_goals;
	uint64_t min_fps;		/* Min Load (>= 1) */
	uint64_t max_fps;		/* Max Load (> min) */
	bool max_is_limit;		/* max_fps is the line rate (result.h) */
	uint32_t max_retries;		/* invalid trials retried per load */
	uint32_t max_trials;		/* stop after this many (0: MLR_MAX_TRIALS) */
};

struct mlr {
	struct mlr_params p;
	struct trial_spec base;
	struct mlr_trial trial[MLR_MAX_TRIALS];
	uint32_t nb_trials;		/* valid trials recorded */
	uint32_t iterations;		/* every trial recorded */
	double trial_s;			/* every trial's duration summed */
	uint64_t limit_fps;		/* lowest load that stayed invalid, 0 */
	uint64_t prev_limit_fps;	/* the limit before it, 0 */
	uint32_t retries;		/* invalid trials at the next load */
	/* the next trial */
	uint64_t next_fps;
	uint32_t next_ms;
	unsigned next_goal, next_phase;
	bool done, interrupted;
	struct mlr_result result[MLR_MAX_GOALS];	/* kept current */
	unsigned phase[MLR_MAX_GOALS];	/* each goal's current phase */
	uint32_t goal_trials[MLR_MAX_GOALS];
	double goal_trial_s[MLR_MAX_GOALS];
};

extern const struct proc_ops mlr_ops;

/* 0, or -EINVAL (err says why) for goals or loads out of range. */
int mlr_start(struct mlr *m, const struct mlr_params *p,
	      const struct trial_spec *base, char *err, size_t err_len);
/* The next trial's load and duration; false when the search is complete. */
bool mlr_next(struct mlr *m, uint64_t *load_fps, uint32_t *duration_ms);
/* The result of the trial mlr_next() gave last. */
void mlr_record(struct mlr *m, enum verdict v, double loss_ratio);

/* Intermediate phases of goal g before its final one (docs/mlrsearch.md). */
unsigned mlr_phases(const struct mlr_goal *g);
/* Phase k (< mlr_phases: intermediate; == : the goal itself). */
void mlr_phase_goal(const struct mlr_goal *g, unsigned k, struct mlr_goal *out);

/* ---- mlr.csv: one row per goal of a complete search ---- */

struct mlr_row {
	uint32_t no;			/* search 1.. */
	const char *goal;
	double loss_ratio, exceed_ratio, width;
	double final_s, sum_s;
	bool has_rlb, has_rub, has_ct;
	double rlb_fps, rub_fps, conditional_fps;
	const char *kind;		/* report_result_name */
	uint32_t trials;		/* chosen for this goal */
	double trial_s;
	uint32_t search_trials;		/* the whole search's */
	double search_trial_s;
};

extern const struct report_table mlr_table;

struct cfg;
/* [mlr] goals, when set: an MLRsearch goal list (cli_validate, struct
 * cfg_checks; empty is left to mode mlr).  0 or -EINVAL with err. */
int mlr_cfg_check(const struct cfg *c, char *err, size_t err_len);

#endif /* DUTPERF_MLR_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mlr_class: MLRsearch (RFC 9971) load classification and goal results:
 * what a set of trials says of a load and of a goal.  The goals are
 * mlr_goal.c, the controller mlr.c; docs/mlrsearch.md describes the
 * reading of the RFC.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/mlr.h"
#include "dutperf/result.h"
#include "mlr_priv.h"

/* ------------------------------------------------------ classification */

enum mlr_class
mlr_classify(const struct mlr_goal *g, const struct mlr_trial *t, size_t n,
	     uint64_t load_fps, struct mlr_sums *sums)
{
	struct mlr_sums s;
	double d, excess, full;
	bool high;
	size_t i;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < n; i++) {
		if (t[i].load_fps != load_fps)
			continue;
		d = (double)t[i].duration_ms;
		high = t[i].loss_ratio > g->loss_ratio;
		if (t[i].duration_ms >= g->final_ms) {
			if (high)
				s.full_high += d;
			else
				s.full_low += d;
		} else if (high) {
			s.short_high += d;
		} else {
			s.short_low += d;
		}
	}
	/*
	 * Short trials: low-loss ones balance high-loss ones at the exceed
	 * ratio's odds; only the high-loss excess counts (as full-length
	 * high-loss duration).  With exceed ratio 0 every short high-loss
	 * trial counts, short low-loss trials never do.
	 */
	excess = s.short_high -
		 s.short_low * (g->exceed_ratio / (1.0 - g->exceed_ratio));
	s.effective_high = s.full_high + (excess > 0.0 ? excess : 0.0);
	full = s.full_low + s.effective_high;
	s.whole = full > (double)g->sum_ms ? full : (double)g->sum_ms;
	s.quantile = s.whole * g->exceed_ratio;
	/* pessimistic: the missing duration (whole - full) is high-loss */
	s.pessimistic_high = s.whole - s.full_low;
	if (sums != NULL)
		*sums = s;
	if (s.effective_high > s.quantile)
		return MLR_UPPER_BOUND;	/* even optimistically */
	if (s.pessimistic_high <= s.quantile)
		return MLR_LOWER_BOUND;	/* even pessimistically */
	return MLR_UNDECIDED;
}

struct mlr_lr {
	double loss;
	uint32_t ms;
};

static int
lr_best_first(const void *a, const void *b)
{
	const struct mlr_lr *x = a, *y = b;

	return (x->loss > y->loss) - (x->loss < y->loss);
}

/*
 * RFC 9971 appendix B ("Conditional Throughput Code"): the full-length
 * trials sorted best first take up whole * (1 - exceed ratio) of the
 * duration; the quantile is the loss ratio of the trial that uses up the
 * rest, 1 when they cannot (missing duration counts as the worst).
 */
double
mlr_quantile_loss(const struct mlr_goal *g, const struct mlr_trial *t,
		  size_t n, uint64_t load_fps)
{
	static struct mlr_lr lr[MLR_MAX_TRIALS];
	double sum = 0.0, whole, remaining, q = 1.0;
	size_t i, k = 0;

	for (i = 0; i < n && k < MLR_MAX_TRIALS; i++) {
		if (t[i].load_fps != load_fps || t[i].duration_ms < g->final_ms)
			continue;
		lr[k].loss = t[i].loss_ratio;
		lr[k].ms = t[i].duration_ms;
		sum += t[i].duration_ms;
		k++;
	}
	if (k == 0)
		return 1.0;
	qsort(lr, k, sizeof(lr[0]), lr_best_first);
	whole = sum > (double)g->sum_ms ? sum : (double)g->sum_ms;
	remaining = whole * (1.0 - g->exceed_ratio);
	for (i = 0; i < k; i++) {
		if (i > 0 && remaining <= 0.0)
			return q;
		q = lr[i].loss;
		remaining -= lr[i].ms;
	}
	return remaining > 0.0 ? 1.0 : q;
}

/* ------------------------------------------------------- goal results */

static int
u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

size_t
mlr_distinct_loads(const struct mlr_trial *t, size_t n, uint64_t *loads)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		loads[i] = t[i].load_fps;
	qsort(loads, n, sizeof(loads[0]), u64_cmp);
	for (i = 0; i < n; i++)
		if (k == 0 || loads[k - 1] != loads[i])
			loads[k++] = loads[i];
	return k;
}

uint64_t mlr_loads[MLR_MAX_TRIALS];

void
mlr_goal_result(const struct mlr_goal *g, const struct mlr_trial *t,
		size_t n, uint64_t min_fps, uint64_t max_fps,
		uint64_t limit_fps, bool max_is_limit, struct mlr_result *r)
{
	struct result_facts f;
	size_t i, nb;
	uint64_t l;

	memset(r, 0, sizeof(*r));
	if (n > MLR_MAX_TRIALS)
		n = MLR_MAX_TRIALS;
	nb = mlr_distinct_loads(t, n, mlr_loads);
	for (i = 0; i < nb; i++) {
		l = mlr_loads[i];
		if (limit_fps != 0 && l >= limit_fps)
			break;
		if (mlr_classify(g, t, n, l, NULL) == MLR_UPPER_BOUND) {
			r->rub_fps = l;
			break;
		}
	}
	if (r->rub_fps == 0 && limit_fps != 0) {
		r->rub_fps = limit_fps;
		r->rub_is_limit = true;
	}
	for (i = 0; i < nb; i++) {
		l = mlr_loads[i];
		if (r->rub_fps != 0 && l >= r->rub_fps)
			break;
		if (mlr_classify(g, t, n, l, NULL) == MLR_LOWER_BOUND)
			r->rlb_fps = l;
	}
	if (r->rlb_fps != 0)
		r->conditional_fps = (double)r->rlb_fps *
			(1.0 - mlr_quantile_loss(g, t, n, r->rlb_fps));
	if (r->rlb_fps == 0)
		/* the Min Load is an upper bound: nothing lower to try */
		r->complete = r->rub_fps != 0 && r->rub_fps <= min_fps;
	else if (r->rub_fps == 0)
		r->complete = r->rlb_fps >= max_fps;
	else
		r->complete = r->rub_fps - r->rlb_fps <= 1 ||
			(double)(r->rub_fps - r->rlb_fps) <=
				g->width * (double)r->rub_fps;
	f = (struct result_facts){
		.complete = r->complete,
		.top_passed = r->rub_fps == 0 && r->rlb_fps >= max_fps,
		.top_is_limit = max_is_limit,
		.passed = r->rlb_fps != 0,
		.bound_invalid = r->rub_is_limit,
	};
	r->why = result_case(&f);
	r->kind = result_case_kind(r->why);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mlr: MLRsearch (RFC 9971): load classification, goal results and a
 * deterministic controller.  docs/mlrsearch.md describes the reading of
 * the RFC and the controller's load selection.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/mlr.h"
#include "dutperf/result.h"

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

/* The distinct loads of t, ascending, into loads; their number. */
static size_t
distinct_loads(const struct mlr_trial *t, size_t n, uint64_t *loads)
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

static uint64_t mlr_loads[MLR_MAX_TRIALS];

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
	nb = distinct_loads(t, n, mlr_loads);
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

/* -------------------------------------------------------------- goals */

static const struct mlr_goal mlr_presets[] = {
	/* FD.io CSIT's NDR and PDR */
	{ "ndr", 1000, 21000, 0.0, 0.5, 0.005, 1000 },
	{ "pdr", 1000, 21000, 0.005, 0.5, 0.005, 1000 },
	/* RFC 2544 26.1 / 24: one 60 s trial, zero loss */
	{ "rfc2544", 60000, 60000, 0.0, 0.0, 0.005, 1000 },
	/* ETSI NFV-TST 009 binary search with loss verification: a failed
	 * 60 s trial is repeated once, the load passes when the repeat does */
	{ "tst009", 60000, 120000, 0.0, 0.5, 0.005, 1000 },
};

#define MLR_NB_PRESETS (sizeof(mlr_presets) / sizeof(mlr_presets[0]))

#define MLR_MAX_GOAL_MS (86400u * 1000u)

int
mlr_goal_check(const struct mlr_goal *g, char *err, size_t err_len)
{
	const char *what = NULL;

	if (!(g->loss_ratio >= 0.0 && g->loss_ratio < 1.0))
		what = "loss ratio must be in [0, 1)";
	else if (!(g->exceed_ratio >= 0.0 && g->exceed_ratio < 1.0))
		what = "exceed ratio must be in [0, 1)";
	else if (!(g->width > 0.0 && g->width < 1.0))
		what = "width must be in (0, 1)";
	else if (g->final_ms == 0 || g->final_ms > MLR_MAX_GOAL_MS)
		what = "final trial duration must be in (0, 86400] s";
	else if (g->sum_ms < g->final_ms || g->sum_ms > 10 * MLR_MAX_GOAL_MS)
		what = "duration sum must be at least the final trial duration "
		       "(and at most 864000 s)";
	else if (g->initial_ms == 0 || g->initial_ms > g->final_ms)
		what = "initial trial duration must be in (0, final]";
	if (what == NULL)
		return 0;
	snprintf(err, err_len, "goal %s: %s", g->name, what);
	return -EINVAL;
}

void
mlr_goal_describe(const struct mlr_goal *g, char *buf, size_t len)
{
	snprintf(buf, len, "%s: loss %g exceed %g final %g s sum %g s width %g "
		 "initial %g s", g->name, g->loss_ratio, g->exceed_ratio,
		 g->final_ms / 1000.0, g->sum_ms / 1000.0, g->width,
		 g->initial_ms / 1000.0);
}

/* Set key=val of g; *explicit_sum when the duration sum was given. */
static int
goal_set(struct mlr_goal *g, const char *key, const char *val,
	 bool *explicit_sum, char *err, size_t err_len)
{
	char *end;
	double v;

	if (strcmp(key, "name") == 0) {
		if (val[0] == '\0' || strlen(val) >= sizeof(g->name))
			goto bad;
		snprintf(g->name, sizeof(g->name), "%s", val);
		return 0;
	}
	v = strtod(val, &end);
	if (val[0] == '\0' || *end != '\0' || !isfinite(v) || v < 0.0)
		goto bad;
	if (strcmp(key, "loss") == 0) {
		g->loss_ratio = v;
	} else if (strcmp(key, "exceed") == 0) {
		g->exceed_ratio = v;
	} else if (strcmp(key, "width") == 0) {
		g->width = v;
	} else if (strcmp(key, "final") == 0 || strcmp(key, "sum") == 0 ||
		   strcmp(key, "initial") == 0) {
		if (v * 1000.0 > 10.0 * MLR_MAX_GOAL_MS)
			goto bad;
		if (key[0] == 'f')
			g->final_ms = (uint32_t)llround(v * 1000.0);
		else if (key[0] == 's')
			g->sum_ms = (uint32_t)llround(v * 1000.0);
		else
			g->initial_ms = (uint32_t)llround(v * 1000.0);
		if (key[0] == 's')
			*explicit_sum = true;
	} else {
		snprintf(err, err_len, "goal key '%s' unknown (loss, exceed, "
			 "final, sum, width, initial, name)", key);
		return -EINVAL;
	}
	return 0;
bad:
	snprintf(err, err_len, "goal %s=%s: bad value", key, val);
	return -EINVAL;
}

static const struct mlr_goal *
preset_find(const char *name)
{
	size_t i;

	for (i = 0; i < MLR_NB_PRESETS; i++)
		if (strcmp(mlr_presets[i].name, name) == 0)
			return &mlr_presets[i];
	return NULL;
}

/* Close goal g (the last parsed): default sum, then check it. */
static int
goal_close(struct mlr_goal *g, bool explicit_sum, char *err, size_t err_len)
{
	if (!explicit_sum && g->sum_ms < g->final_ms)
		g->sum_ms = g->final_ms;
	if (g->initial_ms > g->final_ms)
		g->initial_ms = g->final_ms;
	return mlr_goal_check(g, err, err_len);
}

int
mlr_goals_parse(const char *s, struct mlr_goal *goals, unsigned *nb,
		char *err, size_t err_len)
{
	char tok[128], *eq;
	const struct mlr_goal *preset;
	struct mlr_goal *cur = NULL;
	bool explicit_sum = false;
	size_t len;
	int rc;

	*nb = 0;
	while (*s != '\0') {
		len = strcspn(s, ",; \t");
		if (len == 0) {
			if (*s != ',' && cur != NULL) {
				rc = goal_close(cur, explicit_sum, err, err_len);
				if (rc != 0)
					return rc;
				cur = NULL;
			}
			s++;
			continue;
		}
		if (len >= sizeof(tok)) {
			snprintf(err, err_len, "goal token too long: %.20s...", s);
			return -EINVAL;
		}
		memcpy(tok, s, len);
		tok[len] = '\0';
		s += len;
		eq = strchr(tok, '=');
		preset = eq == NULL ? preset_find(tok) : NULL;
		if (eq == NULL && preset == NULL) {
			snprintf(err, err_len, "goal '%s' unknown (presets: ndr, "
				 "pdr, rfc2544, tst009; or key=value)", tok);
			return -EINVAL;
		}
		if (preset != NULL || cur == NULL) {
			if (cur != NULL) {
				rc = goal_close(cur, explicit_sum, err, err_len);
				if (rc != 0)
					return rc;
			}
			if (*nb >= MLR_MAX_GOALS) {
				snprintf(err, err_len, "more than %d goals",
					 MLR_MAX_GOALS);
				return -EINVAL;
			}
			cur = &goals[(*nb)++];
			*cur = preset != NULL ? *preset : mlr_presets[0];
			explicit_sum = false;
			if (preset == NULL)
				snprintf(cur->name, sizeof(cur->name), "goal%u",
					 *nb);
		}
		if (eq != NULL) {
			*eq = '\0';
			rc = goal_set(cur, tok, eq + 1, &explicit_sum, err,
				      err_len);
			if (rc != 0)
				return rc;
		}
	}
	if (cur != NULL) {
		rc = goal_close(cur, explicit_sum, err, err_len);
		if (rc != 0)
			return rc;
	}
	if (*nb == 0) {
		snprintf(err, err_len, "no goal given");
		return -EINVAL;
	}
	return 0;
}

/* ------------------------------------------------------------- phases */

unsigned
mlr_phases(const struct mlr_goal *g)
{
	unsigned k = 0;

	if (g->initial_ms < g->final_ms)
		k = (unsigned)ceil(log2((double)g->final_ms / g->initial_ms));
	if (k == 0 && g->sum_ms > g->final_ms)
		k = 1;
	return k;
}

void
mlr_phase_goal(const struct mlr_goal *g, unsigned k, struct mlr_goal *out)
{
	unsigned nb = mlr_phases(g);
	double ms = g->final_ms;

	*out = *g;
	if (k >= nb)
		return;
	if (g->initial_ms < g->final_ms)
		ms = g->initial_ms * pow((double)g->final_ms / g->initial_ms,
					 (double)k / nb);
	out->final_ms = (uint32_t)llround(ms);
	if (out->final_ms == 0)
		out->final_ms = 1;
	out->sum_ms = out->final_ms;
	out->initial_ms = out->final_ms;
	out->width = g->width * ldexp(1.0, (int)(nb - k));
	if (out->width > 0.5)
		out->width = 0.5;
}

/* --------------------------------------------------------- controller */

static void
goal_result(const struct mlr *m, const struct mlr_goal *g,
	    struct mlr_result *r)
{
	mlr_goal_result(g, m->trial, m->nb_trials, m->p.min_fps, m->p.max_fps,
			m->limit_fps, m->p.max_is_limit, r);
}

/* The loss ratio of the latest trial at load, -1: none. */
static double
last_loss(const struct mlr *m, uint64_t load)
{
	uint32_t i;

	for (i = m->nb_trials; i-- > 0;)
		if (m->trial[i].load_fps == load)
			return m->trial[i].loss_ratio;
	return -1.0;
}

/* Is there a trial at load at least ms long? */
static bool
has_trial(const struct mlr *m, uint64_t load, uint32_t ms)
{
	uint32_t i;

	for (i = 0; i < m->nb_trials; i++)
		if (m->trial[i].load_fps == load &&
		    m->trial[i].duration_ms >= ms)
			return true;
	return false;
}

/*
 * The load at which goal g's loss ratio would just be reached, from the
 * latest trial at load: its forwarding rate load * (1 - loss) offered
 * with g's loss ratio lost, load * (1 - loss) / (1 - g's loss ratio).
 * Exact for a DUT that forwards a fixed rate whatever it is offered above
 * it (a sharp limit, a token bucket at a given duration); 0 when nothing
 * was forwarded; -1 when the trial lost nothing (no information) or
 * there is none.
 */
static double
loss_estimate(const struct mlr *m, const struct mlr_goal *g, uint64_t load)
{
	double x = last_loss(m, load);

	if (!(x > 0.0))
		return -1.0;
	return (double)load * (1.0 - fmin(x, 1.0)) / (1.0 - g->loss_ratio);
}

/*
 * Scan the loads for goal g: the largest undecided load in (lo, hi) (hi 0:
 * unbounded), the largest lower bound below lo and the number of upper
 * bounds above hi measured with g's trial duration (this phase's).
 */
struct mlr_scan {
	uint64_t undecided, lb_below;
	unsigned nb_ub_above;
};

static void
scan_loads(const struct mlr *m, const struct mlr_goal *g, uint64_t lo,
	   uint64_t hi, struct mlr_scan *s)
{
	size_t i, nb = distinct_loads(m->trial, m->nb_trials, mlr_loads);
	enum mlr_class c;
	uint64_t l;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < nb; i++) {
		l = mlr_loads[i];
		if (m->limit_fps != 0 && l >= m->limit_fps)
			break;
		c = mlr_classify(g, m->trial, m->nb_trials, l, NULL);
		if (l > lo && (hi == 0 || l < hi) && c == MLR_UNDECIDED)
			s->undecided = l;
		if (l < lo && c == MLR_LOWER_BOUND)
			s->lb_below = l;
		if (hi != 0 && l > hi && c == MLR_UPPER_BOUND &&
		    has_trial(m, l, g->final_ms))
			s->nb_ub_above++;
	}
}

static uint64_t
to_load(double x)
{
	return x < 1.0 ? 1 : (uint64_t)llround(x);
}

/* Is load undecided for g and strictly inside (lo, hi) (hi 0: none)? */
static bool
undecided_inside(const struct mlr *m, const struct mlr_goal *g, uint64_t load,
		 uint64_t lo, uint64_t hi)
{
	return load > lo && (hi == 0 || load < hi) &&
	       (m->limit_fps == 0 || load < m->limit_fps) &&
	       mlr_classify(g, m->trial, m->nb_trials, load, NULL) ==
		       MLR_UNDECIDED;
}

/*
 * Inside the bounds (lo, hi), from the RUB's estimate est (loss_estimate):
 * a load just above it when failing there closes the bounds to the
 * width, else one just below it, else just above; 0 when neither lies
 * inside.
 */
static uint64_t
estimate_pick(const struct mlr_goal *g, uint64_t lo, uint64_t hi, double est,
	      double margin)
{
	uint64_t above = to_load(est * (1.0 + margin));
	uint64_t below = to_load(est * (1.0 - margin));
	bool above_in = above > lo && above < hi;

	if (est < 0.0)
		return 0;
	if (above_in && (double)(above - lo) <= g->width * (double)above)
		return above;
	if (below > lo && below < hi)
		return below;
	return above_in ? above : 0;
}

/*
 * The next load for (phase) goal g, 0 when its bounds are complete; prev:
 * the phase before (NULL: none); margin: a quarter of the goal's final
 * width.  In this order: a load next to where the RUB's forwarding rate
 * puts the goal's loss ratio (loss_estimate, estimate_pick) when that
 * lies inside the bounds, or just below it when there is only the RUB
 * (steps doubling for upper bounds above from this phase); the previous
 * phase's RLB, then its RUB, when undecided inside the bounds (confirmed
 * with this phase's trials); the largest undecided load inside; else an
 * external step down from the RUB (the width, doubled for each upper
 * bound above it from this phase), an external step up from the RLB (the
 * width, doubled likewise, or just above a low-loss trial's estimate), or
 * inside the bounds the smaller of the midpoint and the step up.
 * docs/mlrsearch.md "Which load" says why.
 */
static uint64_t
phase_pick(const struct mlr *m, const struct mlr_goal *g,
	   const struct mlr_goal *prev, double margin)
{
	struct mlr_result r, rp;
	struct mlr_scan s;
	uint64_t lo, hi, cand, mid, x;
	double w, up, est;
	unsigned n;

	goal_result(m, g, &r);
	if (r.complete)
		return 0;
	lo = r.rlb_fps;
	hi = r.rub_fps;
	scan_loads(m, g, lo, hi, &s);
	est = hi == 0 || r.rub_is_limit ? -1.0 : loss_estimate(m, g, hi);
	if (lo != 0 && hi != 0) {
		cand = estimate_pick(g, lo, hi, est, margin);
		if (cand != 0)
			return cand;
	} else if (hi != 0 && est >= 0.0) {
		/* just below the load the RUB's forwarding rate suggests;
		 * after n upper bounds above from this phase, at least
		 * margin * 2^(n-1) below the RUB */
		cand = to_load(est * (1.0 - margin));
		n = s.nb_ub_above < 30 ? s.nb_ub_above : 30;
		if (n > 0) {
			x = to_load((double)hi * (1.0 - fmin(0.5,
				ldexp(margin, (int)n - 1))));
			if (x < cand)
				cand = x;
		}
		if (cand < m->p.min_fps)
			cand = m->p.min_fps;
		if (cand < hi)
			return cand;
	}
	if (prev != NULL) {
		goal_result(m, prev, &rp);
		if (undecided_inside(m, g, rp.rlb_fps, lo, hi))
			return rp.rlb_fps;
		if (!rp.rub_is_limit &&
		    undecided_inside(m, g, rp.rub_fps, lo, hi))
			return rp.rub_fps;
	}
	if (s.undecided != 0)
		return s.undecided;
	w = g->width;
	if (lo != 0 && s.lb_below != 0)
		w = fmax(w, 2.0 * (double)(lo - s.lb_below) / (double)lo);
	up = (double)lo / (1.0 - fmin(w, 0.5));
	if (lo == 0 && hi == 0) {
		cand = m->p.max_fps;
	} else if (lo == 0) {
		/* the width, doubled for each upper bound above measured in
		 * this phase (or twice the last step of a tester limit that
		 * came down) */
		n = s.nb_ub_above < 30 ? s.nb_ub_above : 30;
		w = ldexp(g->width, n);
		if (r.rub_is_limit && m->prev_limit_fps > hi)
			w = fmax(w, 2.0 * (double)(m->prev_limit_fps - hi) /
					(double)m->prev_limit_fps);
		cand = to_load((double)hi * (1.0 - fmin(w, 0.5)));
		if (cand < m->p.min_fps)
			cand = m->p.min_fps;
	} else if (hi == 0) {
		cand = to_load(ceil(up));
		/* a low-loss trial that lost some: its forwarding rate says
		 * where this goal's loss ratio is reached */
		x = to_load(loss_estimate(m, g, lo) * (1.0 + margin));
		if (x > lo && x < cand)
			cand = x;
		if (cand > m->p.max_fps)
			cand = m->p.max_fps;
	} else {
		mid = lo + (hi - lo) / 2;
		cand = to_load(ceil(up));
		if (mid < cand)
			cand = mid;
	}
	if (cand <= lo)
		cand = lo + 1;
	if (hi != 0 && cand >= hi)
		return 0;
	return cand;
}

static void
update_results(struct mlr *m)
{
	unsigned i;

	for (i = 0; i < m->p.nb_goals; i++) {
		goal_result(m, &m->p.goal[i], &m->result[i]);
		m->result[i].trials = m->goal_trials[i];
		m->result[i].trial_s = m->goal_trial_s[i];
	}
}

int
mlr_start(struct mlr *m, const struct mlr_params *p,
	  const struct trial_spec *base, char *err, size_t err_len)
{
	unsigned i;
	int rc;

	if (p->nb_goals == 0 || p->nb_goals > MLR_MAX_GOALS) {
		snprintf(err, err_len, "mlr: 1 to %d goals, not %u",
			 MLR_MAX_GOALS, p->nb_goals);
		return -EINVAL;
	}
	if (p->min_fps == 0 || p->min_fps >= p->max_fps) {
		snprintf(err, err_len, "mlr: min load %" PRIu64 " fps and max "
			 "load %" PRIu64 " fps: need 1 <= min < max",
			 p->min_fps, p->max_fps);
		return -EINVAL;
	}
	for (i = 0; i < p->nb_goals; i++) {
		rc = mlr_goal_check(&p->goal[i], err, err_len);
		if (rc != 0)
			return rc;
	}
	memset(m, 0, sizeof(*m));
	m->p = *p;
	if (m->p.max_trials == 0 || m->p.max_trials > MLR_MAX_TRIALS)
		m->p.max_trials = MLR_MAX_TRIALS;
	if (base != NULL)
		m->base = *base;
	update_results(m);
	return 0;
}

bool
mlr_next(struct mlr *m, uint64_t *load_fps, uint32_t *duration_ms)
{
	struct mlr_goal pg, prev;
	uint64_t load;
	uint32_t best_ms = UINT32_MAX;
	unsigned i, k, nb;
	bool found = false;

	if (m->done)
		return false;
	if (m->nb_trials >= m->p.max_trials) {
		m->done = true;
		return false;
	}
	/* The goal whose current phase has the shortest trials; the first
	 * such goal on a tie. */
	for (i = 0; i < m->p.nb_goals; i++) {
		nb = mlr_phases(&m->p.goal[i]);
		/* phases only go forward: a complete phase is left for good */
		for (k = m->phase[i]; k <= nb; k++) {
			if (k > 0)
				mlr_phase_goal(&m->p.goal[i], k - 1, &prev);
			mlr_phase_goal(&m->p.goal[i], k, &pg);
			load = phase_pick(m, &pg, k > 0 ? &prev : NULL,
					  m->p.goal[i].width / 4.0);
			if (load == 0) {
				if (k < nb)
					m->phase[i] = k + 1;
				continue;
			}
			if (pg.final_ms < best_ms) {
				best_ms = pg.final_ms;
				m->next_fps = load;
				m->next_ms = pg.final_ms;
				m->next_goal = i;
				m->next_phase = k;
				found = true;
			}
			break;
		}
	}
	if (!found) {
		m->done = true;
		return false;
	}
	*load_fps = m->next_fps;
	*duration_ms = m->next_ms;
	return true;
}

void
mlr_record(struct mlr *m, enum verdict v, double loss_ratio)
{
	struct mlr_trial *t;

	if (m->done)
		return;
	m->iterations++;
	m->trial_s += m->next_ms / 1000.0;
	m->goal_trials[m->next_goal]++;
	m->goal_trial_s[m->next_goal] += m->next_ms / 1000.0;
	switch (v) {
	case VERDICT_INTERRUPTED:
		m->interrupted = true;
		m->done = true;
		break;
	case VERDICT_PASS:
	case VERDICT_FAIL:
		t = &m->trial[m->nb_trials++];
		t->load_fps = m->next_fps;
		t->duration_ms = m->next_ms;
		t->loss_ratio = loss_ratio;
		t->goal = (uint8_t)m->next_goal;
		m->retries = 0;
		break;
	case VERDICT_INVALID:
	default:
		/* the tester could not offer the load: retried, then the
		 * load is the tester's limit (never a DUT result) */
		if (++m->retries <= m->p.max_retries)
			break;
		m->retries = 0;
		if (m->limit_fps == 0 || m->next_fps < m->limit_fps) {
			m->prev_limit_fps = m->limit_fps;
			m->limit_fps = m->next_fps;
		}
		break;
	}
	update_results(m);
}

/* -------------------------------------------------------- as proc_ops */

static bool
mlr_proc_next(void *state, struct trial_spec *spec)
{
	struct mlr *m = state;
	uint64_t load;
	uint32_t ms;

	if (!mlr_next(m, &load, &ms))
		return false;
	*spec = m->base;
	trial_spec_set_rate(spec, load);
	spec->duration_ms = ms;
	spec->frames = 0;
	/* the verdict in trials.csv: against the goal worked on */
	spec->loss_ppm = (uint32_t)llround(
		m->p.goal[m->next_goal].loss_ratio * 1e6);
	return true;
}

static void
mlr_proc_record(void *state, const struct trial_spec *spec,
		const struct report_trial *r)
{
	(void)spec;
	mlr_record(state, r->verdict, r->loss_ratio);
}

static uint32_t
mlr_proc_remaining(const void *state)
{
	const struct mlr *m = state;
	struct mlr_goal pg;
	struct mlr_result r;
	uint32_t n = 0, per_load, steps;
	unsigned i, k, nb;
	bool current;
	double width;

	if (m->done)
		return 0;
	for (i = 0; i < m->p.nb_goals; i++) {
		if (m->result[i].complete)
			continue;
		nb = mlr_phases(&m->p.goal[i]);
		current = true;
		for (k = m->phase[i]; k <= nb; k++) {
			mlr_phase_goal(&m->p.goal[i], k, &pg);
			goal_result(m, &pg, &r);
			if (r.complete && current && k < nb)
				continue;
			per_load = (pg.sum_ms + pg.final_ms - 1) / pg.final_ms;
			steps = 1;
			if (current) {
				steps = 8;
				if (r.rlb_fps != 0 && r.rub_fps != 0) {
					width = (double)(r.rub_fps - r.rlb_fps) /
						(double)r.rub_fps;
					steps = 1 + (uint32_t)fmax(0.0,
						ceil(log2(width / pg.width)));
				}
			}
			n += steps * per_load;
			current = false;
		}
	}
	if (n == 0)
		n = 1;
	if (n > m->p.max_trials - m->nb_trials)
		n = m->p.max_trials - m->nb_trials;
	return n;
}

static void
mlr_proc_describe(const void *state, char *buf, size_t len)
{
	const struct mlr *m = state;
	const struct mlr_result *r;
	size_t used;
	unsigned i;

	used = (size_t)snprintf(buf, len, "%s phase %u/%u;",
				m->p.goal[m->next_goal].name, m->next_phase,
				mlr_phases(&m->p.goal[m->next_goal]));
	for (i = 0; i < m->p.nb_goals && used < len; i++) {
		r = &m->result[i];
		used += (size_t)snprintf(buf + used, len - used, " %s [",
					 m->p.goal[i].name);
		if (used >= len)
			break;
		used += (size_t)(r->rlb_fps ?
			snprintf(buf + used, len - used, "%" PRIu64, r->rlb_fps) :
			snprintf(buf + used, len - used, "-"));
		if (used >= len)
			break;
		used += (size_t)(r->rub_fps ?
			snprintf(buf + used, len - used, ", %" PRIu64 "%s]",
				 r->rub_fps, r->rub_is_limit ? " limit" : "") :
			snprintf(buf + used, len - used, ", -]"));
	}
	if (used < len)
		snprintf(buf + used, len - used, "; %.1f trial-s", m->trial_s);
}

const struct proc_ops mlr_ops = {
	.name = "MLRsearch",
	.next = mlr_proc_next,
	.record = mlr_proc_record,
	.remaining = mlr_proc_remaining,
	.describe = mlr_proc_describe,
};

/* ------------------------------------------------------------ mlr.csv */

/* A double with d decimals, always present. */
#define MLR_COL_DOUBLE(n, u, d, type, m) { .name = (n), .unit = (u), \
	.kind = REPORT_DOUBLE, .decimals = (d), \
	.off = REPORT_OFF(type, m, double), .valid = REPORT_ALWAYS }

static const struct report_col mlr_cols[] = {
	REPORT_COL_U32("no", "", struct mlr_row, no),
	REPORT_COL_TEXT("goal", struct mlr_row, goal),
	MLR_COL_DOUBLE("loss_ratio", "", 6, struct mlr_row, loss_ratio),
	MLR_COL_DOUBLE("exceed_ratio", "", 3, struct mlr_row, exceed_ratio),
	MLR_COL_DOUBLE("width", "", 6, struct mlr_row, width),
	MLR_COL_DOUBLE("final_s", "s", 3, struct mlr_row, final_s),
	MLR_COL_DOUBLE("sum_s", "s", 3, struct mlr_row, sum_s),
	REPORT_COL_DOUBLE_IF("rlb_fps", "fps", 0, struct mlr_row, rlb_fps,
			     has_rlb),
	REPORT_COL_DOUBLE_IF("rub_fps", "fps", 0, struct mlr_row, rub_fps,
			     has_rub),
	REPORT_COL_DOUBLE_IF("conditional_fps", "fps", 1, struct mlr_row,
			     conditional_fps, has_ct),
	REPORT_COL_TEXT("result_kind", struct mlr_row, kind),
	REPORT_COL_U32("goal_trials", "", struct mlr_row, trials),
	MLR_COL_DOUBLE("goal_trial_s", "s", 3, struct mlr_row, trial_s),
	REPORT_COL_U32("search_trials", "", struct mlr_row, search_trials),
	MLR_COL_DOUBLE("search_trial_s", "s", 3, struct mlr_row,
			  search_trial_s),
};

const struct report_table mlr_table = REPORT_TABLE(",", mlr_cols);

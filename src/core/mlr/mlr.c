/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mlr: MLRsearch (RFC 9971): the deterministic controller, as proc_ops,
 * and the columns of mlr.csv.  It classifies loads with mlr_class.c and
 * works on the goals of mlr_goal.c; docs/mlrsearch.md describes the
 * reading of the RFC and the controller's load selection.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/mlr.h"
#include "mlr_priv.h"

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
	size_t i, nb = mlr_distinct_loads(m->trial, m->nb_trials, mlr_loads);
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

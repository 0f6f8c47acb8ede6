/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode mlr: MLRsearch (RFC 9971, core mlr.h), several search goals
 * ([mlr] goals, --goal) found in one search between [search] rate_min_fps
 * and rate_max_fps, repeated --repeat times.  Every trial is a row in
 * trials.csv (its duration and loss); a complete search writes one mlr.csv
 * row per goal (relevant lower and upper bound, conditional throughput,
 * trials and trial-seconds) and one rate.csv row per goal in siitperf's
 * columns (rate = the relevant lower bound), the goals named in run.json's
 * result.  docs/mlrsearch.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dpdk.h"
#include "dutperf/mlr.h"

/* its files (mode_write) */
enum { MLR_MLR_CSV, MLR_RATE_CSV };

struct mlr_mode {
	struct mlr_params params;
	struct mlr search;
	uint64_t first_fps;		/* the search's first load */
};

static int
mlr_check(const struct cfg *c, char *err, size_t err_len)
{
	struct mlr_goal goals[MLR_MAX_GOALS];
	char why[256];
	unsigned nb;

	if (mlr_goals_parse(c->mlr_goals, goals, &nb, why, sizeof(why)) != 0) {
		snprintf(err, err_len, "[mlr] goals \"%s\" (--goal): %s",
			 c->mlr_goals, why);
		return -EINVAL;
	}
	return 0;
}

static int
mlr_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct mlr_mode *t = m->priv;
	struct mlr_params *p = &t->params;
	char desc[256];
	unsigned i;
	int rc;

	rc = mlr_goals_parse(c->mlr_goals, p->goal, &p->nb_goals, err, err_len);
	if (rc != 0)
		return rc;
	p->max_fps = trial_spec_max_rate_fps(c);
	p->max_is_limit = trial_spec_top_is_line_rate(c);
	p->min_fps = c->rate_min_fps ? c->rate_min_fps : 1;
	p->max_retries = c->max_retries;
	if (p->min_fps >= p->max_fps) {
		snprintf(err, err_len, "[search] rate_min_fps %" PRIu64 " must be "
			 "below the upper bound %" PRIu64 " fps", p->min_fps,
			 p->max_fps);
		return -EINVAL;
	}
	if (m->cli->quiet)
		return 0;
	fprintf(stderr, "mlr: %u search(es) between %" PRIu64 " and %" PRIu64
		" fps, results in %s\n", c->repeat, p->min_fps, p->max_fps,
		c->outdir);
	for (i = 0; i < p->nb_goals; i++) {
		mlr_goal_describe(&p->goal[i], desc, sizeof(desc));
		fprintf(stderr, "mlr: goal %s\n", desc);
	}
	return 0;
}

static int
mlr_mode_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct mlr_mode *t = m->priv;
	struct trial_spec base;
	int rc;

	trial_spec_from_cfg(&base, m->cfg, 0);
	rc = mlr_start(&t->search, &t->params, &base, err, err_len);
	if (rc != 0)
		return rc;
	t->first_fps = 0;
	m->proc = (struct proc){ &mlr_ops, &t->search };
	return 0;
}

static int
mlr_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
	       const struct report_trial *r, char *err, size_t err_len)
{
	struct mlr_mode *t = m->priv;

	(void)r;
	(void)err;
	(void)err_len;
	if (t->first_fps == 0)
		t->first_fps = trial_spec_rate_fps(spec);
	return 0;
}

/* The goal's rate.csv row: siitperf's columns, rate = the RLB. */
static int
mlr_rate_row(struct mode_ctx *m, const struct mlr_goal *g,
	     const struct mlr_result *r, char *err, size_t err_len)
{
	struct mlr_mode *t = m->priv;
	struct report_search rs;

	mode_search_fields(m, &rs);
	rs.duration_s = (g->final_ms + 999) / 1000;
	rs.initial_fps = t->first_fps;
	/* the precision reached: RUB - RLB */
	rs.error_fps = r->rlb_fps && r->rub_fps ? r->rub_fps - r->rlb_fps : 0;
	rs.iterations = r->trials;
	rs.rate_fps = r->kind == REPORT_RESULT_NONE ? 0 : r->rlb_fps;
	rs.result = r->kind;
	return mode_write(m, MLR_RATE_CSV, &rs, err, err_len);
}

/* "goal F" as result.h words it: "ndr at least 5000 fps (the range's top
 * passed)". */
static int
mlr_say(char *buf, size_t len, const char *sep, const char *goal,
	const struct mlr_result *r)
{
	char fig[32], what[96];

	snprintf(fig, sizeof(fig), "%" PRIu64 " fps", r->rlb_fps);
	result_format(r->why, fig, what, sizeof(what));
	return snprintf(buf, len, "%s%s %s", sep, goal, what);
}

static int
mlr_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct mlr_mode *t = m->priv;
	const struct mlr *s = &t->search;
	const struct mlr_goal *g;
	const struct mlr_result *r;
	struct mlr_row row;
	size_t used = 0;
	unsigned i;
	int rc;

	if (!complete || s->interrupted) {
		fprintf(stderr, "dutperf: search %u interrupted: no mlr.csv or "
			"rate.csv rows written\n", m->no);
		return 0;
	}
	m->result[0] = '\0';
	for (i = 0; i < s->p.nb_goals; i++) {
		g = &s->p.goal[i];
		r = &s->result[i];
		memset(&row, 0, sizeof(row));
		row.no = m->no;
		row.goal = g->name;
		row.loss_ratio = g->loss_ratio;
		row.exceed_ratio = g->exceed_ratio;
		row.width = g->width;
		row.final_s = g->final_ms / 1000.0;
		row.sum_s = g->sum_ms / 1000.0;
		row.has_rlb = row.has_ct = r->rlb_fps != 0;
		row.has_rub = r->rub_fps != 0;
		row.rlb_fps = (double)r->rlb_fps;
		row.rub_fps = (double)r->rub_fps;
		row.conditional_fps = r->conditional_fps;
		row.kind = report_result_name(r->kind);
		row.trials = r->trials;
		row.trial_s = r->trial_s;
		row.search_trials = s->iterations;
		row.search_trial_s = s->trial_s;
		rc = mode_write(m, MLR_MLR_CSV, &row, err, err_len);
		if (rc == 0)
			rc = mlr_rate_row(m, g, r, err, err_len);
		if (rc != 0)
			return rc;
		/* the run is its worst goal (the first of equals) */
		if (r->kind > m->run_result ||
		    (r->kind == m->run_result && m->run_reason == NULL))
			mode_set_result(m, r->why);
		/* the --repeat summary takes DUT figures only (results.md) */
		if (i < MODE_MAX_VALUES && r->kind == REPORT_RESULT_MEASURED)
			m->value[i] = (double)r->rlb_fps;
		if (r->rlb_fps != 0)
			printf("search %u: %s %s %" PRIu64 " fps (%s%s%supper "
			       "bound %s%" PRIu64 "%s, conditional throughput "
			       "%.1f fps)\n", m->no, g->name,
			       r->kind == REPORT_RESULT_MEASURED ? "throughput" :
			       "at least", r->rlb_fps,
			       r->why == RESULT_INSIDE ? "" : result_case_reason(r->why),
			       r->why == RESULT_INSIDE ? "" : "; ",
			       r->why == RESULT_TOP_PASSED ? "the DUT was never "
			       "shown to fail; " : "",
			       r->rub_fps ? "" : "none above max ",
			       r->rub_fps ? r->rub_fps : s->p.max_fps,
			       r->rub_is_limit ? ", the tester's limit" : "",
			       r->conditional_fps);
		else if (r->rub_is_limit)
			printf("search %u: %s: no lower bound below the tester's "
			       "limit %" PRIu64 " fps\n", m->no, g->name,
			       r->rub_fps);
		else
			printf("search %u: %s: no lower bound: even %" PRIu64
			       " fps exceeds the goal\n", m->no, g->name,
			       s->p.min_fps);
		if (used < sizeof(m->result))
			used += (size_t)(r->kind == REPORT_RESULT_NONE ?
				snprintf(m->result + used, sizeof(m->result) - used,
					 "%s%s none", i ? ", " : "", g->name) :
				mlr_say(m->result + used, sizeof(m->result) - used,
					i ? ", " : "", g->name, r));
	}
	printf("search %u: %u trials, %.1f trial-seconds\n", m->no,
	       s->iterations, s->trial_s);
	return 0;
}

static void
mlr_summary(struct mode_ctx *m)
{
	const struct mlr_mode *t = m->priv;
	struct stats_summary sum;
	double p1, p99;
	unsigned k;

	if (m->runs_done != 1)
		snprintf(m->result, sizeof(m->result), "%u complete searches%s",
			 m->runs_done, engine_stop ? ", interrupted" : "");
	for (k = 0; k < t->params.nb_goals && k < MODE_MAX_VALUES; k++)
		if (mode_summarize(m, k, &sum, &p1, &p99) >= 2)
			printf("summary of %s over %u searches (RFC 8219): "
			       "median %.1f fps, 1st percentile %.0f, 99th "
			       "percentile %.0f, min %.0f, max %.0f\n",
			       t->params.goal[k].name, m->runs_done, sum.median,
			       p1, p99, sum.min, sum.max);
}

const struct mode_ops mode_mlr = {
	.cli = {
		.name = "mlr",
		.help = "RFC 9971 MLRsearch: several loss-ratio goals in one search",
		.options = "--goal --rate-min --rate-max --max-retries --repeat",
		.check = mlr_check,
	},
	.run_name = "search",
	.files = {
		[MLR_MLR_CSV] = { "mlr.csv", &mlr_table },
		[MLR_RATE_CSV] = { "rate.csv", &report_rate_table },
	},
	.priv_size = sizeof(struct mlr_mode),
	.setup = mlr_setup,
	.start = mlr_mode_start,
	.trial_done = mlr_trial_done,
	.run_end = mlr_run_end,
	.summary = mlr_summary,
};

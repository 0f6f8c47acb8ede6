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

#include "mode.h"
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
	struct mlr_mode *mode = m->priv;
	struct mlr_params *params = &mode->params;
	char desc[256];
	unsigned i;
	int rc;

	rc = mlr_goals_parse(c->mlr_goals, params->goal, &params->nb_goals,
			     err, err_len);
	if (rc != 0)
		return rc;
	params->max_fps = trial_spec_max_rate_fps(c);
	params->max_is_limit = trial_spec_top_is_line_rate(c);
	params->min_fps = c->rate_min_fps ? c->rate_min_fps : 1;
	params->max_retries = c->max_retries;
	if (params->min_fps >= params->max_fps) {
		snprintf(err, err_len, "[search] rate_min_fps %" PRIu64 " must be "
			 "below the upper bound %" PRIu64 " fps",
			 params->min_fps, params->max_fps);
		return -EINVAL;
	}
	if (m->cli->quiet)
		return 0;
	fprintf(stderr, "mlr: %u search(es) between %" PRIu64 " and %" PRIu64
		" fps, results in %s\n", c->repeat, params->min_fps,
		params->max_fps, c->outdir);
	for (i = 0; i < params->nb_goals; i++) {
		mlr_goal_describe(&params->goal[i], desc, sizeof(desc));
		fprintf(stderr, "mlr: goal %s\n", desc);
	}
	return 0;
}

static int
mlr_mode_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct mlr_mode *mode = m->priv;
	struct trial_spec base;
	int rc;

	trial_spec_from_cfg(&base, m->cfg, 0);
	rc = mlr_start(&mode->search, &mode->params, &base, err, err_len);
	if (rc != 0)
		return rc;
	mode->first_fps = 0;
	m->proc = (struct proc){ &mlr_ops, &mode->search };
	return 0;
}

static int
mlr_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
	       const struct report_trial *trial_row, char *err, size_t err_len)
{
	struct mlr_mode *mode = m->priv;

	(void)trial_row;
	(void)err;
	(void)err_len;
	if (mode->first_fps == 0)
		mode->first_fps = trial_spec_rate_fps(spec);
	return 0;
}

/* The goal's rate.csv row: siitperf's columns, rate = the RLB. */
static int
mlr_rate_row(struct mode_ctx *m, const struct mlr_goal *goal,
	     const struct mlr_result *res, char *err, size_t err_len)
{
	struct mlr_mode *mode = m->priv;
	struct report_search row;

	mode_search_fields(m, &row);
	row.duration_s = (goal->final_ms + 999) / 1000;
	row.initial_fps = mode->first_fps;
	/* the precision reached: RUB - RLB */
	row.error_fps = res->rlb_fps && res->rub_fps ?
			res->rub_fps - res->rlb_fps : 0;
	row.iterations = res->trials;
	row.rate_fps = res->kind == REPORT_RESULT_NONE ? 0 : res->rlb_fps;
	row.result = res->kind;
	return mode_write(m, MLR_RATE_CSV, &row, err, err_len);
}

/* "goal F" as result.h words it: "ndr at least 5000 fps (the range's top
 * passed)". */
static int
mlr_say(char *buf, size_t len, const char *sep, const char *goal,
	const struct mlr_result *res)
{
	char fig[32], what[96];

	snprintf(fig, sizeof(fig), "%" PRIu64 " fps", res->rlb_fps);
	result_format(res->why, fig, what, sizeof(what));
	return snprintf(buf, len, "%s%s %s", sep, goal, what);
}

static int
mlr_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct mlr_mode *mode = m->priv;
	const struct mlr *search = &mode->search;
	const struct mlr_goal *goal;
	const struct mlr_result *res;
	struct mlr_row row;
	size_t used = 0;
	unsigned i;
	int rc;

	if (!complete || search->interrupted) {
		fprintf(stderr, "dutperf: search %u interrupted: no mlr.csv or "
			"rate.csv rows written\n", m->no);
		return 0;
	}
	m->result[0] = '\0';
	for (i = 0; i < search->p.nb_goals; i++) {
		goal = &search->p.goal[i];
		res = &search->result[i];
		memset(&row, 0, sizeof(row));
		row.no = m->no;
		row.goal = goal->name;
		row.loss_ratio = goal->loss_ratio;
		row.exceed_ratio = goal->exceed_ratio;
		row.width = goal->width;
		row.final_s = goal->final_ms / 1000.0;
		row.sum_s = goal->sum_ms / 1000.0;
		row.has_rlb = row.has_ct = res->rlb_fps != 0;
		row.has_rub = res->rub_fps != 0;
		row.rlb_fps = (double)res->rlb_fps;
		row.rub_fps = (double)res->rub_fps;
		row.conditional_fps = res->conditional_fps;
		row.kind = report_result_name(res->kind);
		row.trials = res->trials;
		row.trial_s = res->trial_s;
		row.search_trials = search->iterations;
		row.search_trial_s = search->trial_s;
		rc = mode_write(m, MLR_MLR_CSV, &row, err, err_len);
		if (rc == 0)
			rc = mlr_rate_row(m, goal, res, err, err_len);
		if (rc != 0)
			return rc;
		/* the run is its worst goal (the first of equals) */
		if (res->kind > m->run_result ||
		    (res->kind == m->run_result && m->run_reason == NULL))
			mode_set_result(m, res->why);
		/* the --repeat summary takes DUT figures only (results.md) */
		if (i < MODE_MAX_VALUES && res->kind == REPORT_RESULT_MEASURED)
			m->value[i] = (double)res->rlb_fps;
		if (res->rlb_fps != 0)
			printf("search %u: %s %s %" PRIu64 " fps (%s%s%supper "
			       "bound %s%" PRIu64 "%s, conditional throughput "
			       "%.1f fps)\n", m->no, goal->name,
			       res->kind == REPORT_RESULT_MEASURED ? "throughput" :
			       "at least", res->rlb_fps,
			       res->why == RESULT_INSIDE ? "" : result_case_reason(res->why),
			       res->why == RESULT_INSIDE ? "" : "; ",
			       res->why == RESULT_TOP_PASSED ? "the DUT was never "
			       "shown to fail; " : "",
			       res->rub_fps ? "" : "none above max ",
			       res->rub_fps ? res->rub_fps : search->p.max_fps,
			       res->rub_is_limit ? ", the tester's limit" : "",
			       res->conditional_fps);
		else if (res->rub_is_limit)
			printf("search %u: %s: no lower bound below the tester's "
			       "limit %" PRIu64 " fps\n", m->no, goal->name,
			       res->rub_fps);
		else
			printf("search %u: %s: no lower bound: even %" PRIu64
			       " fps exceeds the goal\n", m->no, goal->name,
			       search->p.min_fps);
		if (used < sizeof(m->result))
			used += (size_t)(res->kind == REPORT_RESULT_NONE ?
				snprintf(m->result + used, sizeof(m->result) - used,
					 "%s%s none", i ? ", " : "", goal->name) :
				mlr_say(m->result + used, sizeof(m->result) - used,
					i ? ", " : "", goal->name, res));
	}
	printf("search %u: %u trials, %.1f trial-seconds\n", m->no,
	       search->iterations, search->trial_s);
	return 0;
}

static void
mlr_summary(struct mode_ctx *m)
{
	const struct mlr_mode *mode = m->priv;
	struct stats_summary sum;
	double p1, p99;
	unsigned k;

	if (m->runs_done != 1)
		snprintf(m->result, sizeof(m->result), "%u complete searches%s",
			 m->runs_done, engine_stop ? ", interrupted" : "");
	for (k = 0; k < mode->params.nb_goals && k < MODE_MAX_VALUES; k++)
		if (mode_summarize(m, k, &sum, &p1, &p99) >= 2)
			printf("summary of %s over %u searches (RFC 8219): "
			       "median %.1f fps, 1st percentile %.0f, 99th "
			       "percentile %.0f, min %.0f, max %.0f\n",
			       mode->params.goal[k].name, m->runs_done,
			       sum.median, p1, p99, sum.min, sum.max);
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
	.telemetry_values = (1u << MODE_MAX_VALUES) - 1,	/* each goal's rate */
	.summary = mlr_summary,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/* What the measuring modes share: one trial with its trials.csv row, and
 * the RFC 8219 summary of repeated measurements. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dpdk.h"
#include "dutperf/csv.h"
#include "dutperf/stats.h"

int
mode_open_results(const struct cfg *c, struct csv_file *trials,
		  const char *name, const char *header, struct csv_file *out,
		  char *err, size_t err_len)
{
	int rc;

	rc = runinfo_open_csv(c, "trials.csv", report_trial_header(), trials,
			      err, err_len);
	if (rc != 0)
		return rc;
	rc = runinfo_open_csv(c, name, header, out, err, err_len);
	if (rc != 0)
		csv_close(trials);
	return rc;
}

int
mode_row_check(int rc, const char *file, char *err, size_t err_len)
{
	if (rc >= 0)
		return 0;
	snprintf(err, err_len, "%s row too long", file);
	return rc;
}

int
mode_run_trial(const struct mode_env *env, struct csv_file *trials,
	       uint64_t rate_fps, uint32_t search_no, uint32_t iteration,
	       struct report_trial *r, char *why, size_t why_len, char *err,
	       size_t err_len)
{
	char row[1024];
	int rc;

	rc = trial_run(env->trial, rate_fps, r, why, why_len, err, err_len);
	if (rc != 0)
		return rc;
	r->search_no = search_no;
	r->iteration = iteration;
	rc = mode_row_check(report_trial_row(r, row, sizeof(row)),
			    "trials.csv", err, err_len);
	if (rc != 0)
		return rc;
	return csv_append(trials, row, err, err_len);
}

/*
 * RFC 8219 7.2 / 12: median, 1st and 99th percentile (nearest rank) of the
 * runs that have a value (NaN: none, e.g. all lost), from two on.
 */
static void
mode_measure_summary(const struct mode_measure *m, int d, int k, double *v,
		     uint32_t runs)
{
	struct stats_summary s;
	uint32_t i, n = 0;

	for (i = 0; i < runs; i++)
		if (!isnan(v[i]))
			v[n++] = v[i];
	if (n < 2 || stats_summarize(v, n, &s) != 0)
		return;
	printf("%s %s over %u runs: median %.3f us, 1st percentile %.3f, "
	       "99th percentile %.3f, min %.3f, max %.3f\n", trial_dir_name[d],
	       m->metric[k], n, s.median, stats_percentile(v, n, 1.0),
	       stats_percentile(v, n, 99.0), s.min, s.max);
}

int
mode_measure(struct mode_env *env, const struct mode_measure *m, char *err,
	     size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct csv_file trials, out;
	struct report_trial r;
	struct report_run run;
	double *vals[CFG_NB_DIRS][MODE_METRICS], now[CFG_NB_DIRS][MODE_METRICS];
	char why[256], row[2048];
	uint32_t no, runs = 0;
	int d, k, rc;

	rc = mode_open_results(c, &trials, m->file, m->header, &out, err,
			       err_len);
	if (rc != 0)
		return rc;
	for (d = 0; d < CFG_NB_DIRS; d++)
		for (k = 0; k < MODE_METRICS; k++)
			vals[d][k] = calloc(c->repeat, sizeof(double));
	for (no = 1; no <= c->repeat && !engine_stop && rc == 0; no++) {
		if (no > 1)
			trial_sleep_ms(c->settle_ms);
		if (!env->cli->quiet)
			fprintf(stderr, "%s %u/%u: %" PRIu64 " fps, %u s\n",
				m->name, no, c->repeat, c->rate_fps,
				c->duration_s);
		rc = mode_run_trial(env, &trials, c->rate_fps, no, 1, &r, why,
				    sizeof(why), err, err_len);
		/* an interrupted stream measures nothing */
		if (rc != 0 || r.verdict == VERDICT_INTERRUPTED)
			break;
		run = (struct report_run){
			.start = r.start, .no = no, .rate_fps = c->rate_fps,
			.frame_size_b = c->frame_size_b, .direction = c->direction,
			.duration_s = c->duration_s, .timeout_ms = c->timeout_ms,
			.frame_timeout_ms = c->frame_timeout_ms, .seed = c->seed,
			.verdict = r.verdict, .reason = r.reason,
		};
		rc = m->row(env, &run, &r, row, sizeof(row), now, err, err_len);
		if (rc >= 0)
			rc = csv_append(&out, row, err, err_len);
		for (d = 0; d < CFG_NB_DIRS; d++)
			for (k = 0; k < MODE_METRICS; k++)
				if (vals[d][k] != NULL)
					vals[d][k][runs] = now[d][k];
		runs++;
		fflush(stdout);
	}
	for (d = 0; d < CFG_NB_DIRS; d++)
		for (k = 0; k < MODE_METRICS; k++) {
			if (rc == 0 && cfg_dir_active(c, d) && m->metric[k] &&
			    vals[d][k] != NULL)
				mode_measure_summary(m, d, k, vals[d][k], runs);
			free(vals[d][k]);
		}
	csv_close(&trials);
	csv_close(&out);
	if (rc < 0)
		return rc;
	snprintf(why, sizeof(why), "%u %s run(s)%s", runs, m->name,
		 engine_stop ? ", interrupted" : "");
	return runinfo_append(env, time(NULL), why, err, err_len);
}

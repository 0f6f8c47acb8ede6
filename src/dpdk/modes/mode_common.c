/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mode_common: what several modes do alike, on top of the driver (which
 * knows none of it): the fields every row of a run starts with, a
 * search's rate.csv row and result, the run's result by result.h's rule,
 * the RFC 8219 summary over runs, the measuring modes (one trial per run),
 * the stateful modes' setup and start, the message of search bounds a
 * procedure refused.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mode.h"
#include "dutperf/search.h"
#include "dutperf/stats.h"


void
mode_run_fields(const struct mode_ctx *m, const struct report_trial *r,
		struct report_run *run)
{
	*run = (struct report_run){
		.start = r->start, .no = m->no, .rate_fps = r->rate_fps,
		.frame_size_b = r->frame_size_b, .direction = r->direction,
		.duration_s = r->duration_s, .timeout_ms = r->timeout_ms,
		.frame_timeout_ms = m->cfg->frame_timeout_ms, .seed = r->seed,
		.verdict = r->verdict, .reason = r->reason,
	};
}

void
mode_search_fields(const struct mode_ctx *m, struct report_search *rs)
{
	const struct cfg *c = m->cfg;

	*rs = (struct report_search){
		.no = m->no, .frame_size_b = cfg_report_size_b(c),
		.direction = c->direction, .n = c->n, .m = c->m,
		.timeout_ms = c->timeout_ms, .date = time(NULL),
	};
}

void
mode_set_result(struct mode_ctx *m, enum result_case why)
{
	m->run_result = result_case_kind(why);
	m->run_reason = result_case_reason(why);
}

int
mode_search_row(struct mode_ctx *m, const struct search *s,
		uint64_t initial_fps, struct report_search *rs, char *err,
		size_t err_len)
{
	int rc;

	mode_search_fields(m, rs);
	rs->duration_s = m->cfg->duration_s;
	rs->initial_fps = initial_fps;
	rs->error_fps = m->cfg->error_fps;
	rs->iterations = s->iterations;
	rs->rate_fps = search_result(s);
	rs->result = search_kind(s);
	rc = mode_write(m, 0, rs, err, err_len);
	if (rc != 0)
		return rc;
	mode_set_result(m, search_case(s));
	/* only measured searches enter the summary */
	if (rs->result == REPORT_RESULT_MEASURED)
		m->value[0] = (double)rs->rate_fps;
	return 0;
}

uint32_t
mode_summarize(const struct mode_ctx *m, unsigned k,
	       struct stats_summary *sum, double *p1, double *p99)
{
	double *v;
	uint32_t i, n = 0;

	if (k >= MODE_MAX_VALUES || m->values[k] == NULL)
		return 0;
	v = calloc(m->runs_done ? m->runs_done : 1, sizeof(*v));
	if (v == NULL)
		return 0;
	for (i = 0; i < m->runs_done; i++)
		if (!isnan(m->values[k][i]))
			v[n++] = m->values[k][i];
	if (n >= 2 && stats_summarize(v, n, sum) == 0) {
		*p1 = stats_percentile(v, n, 1.0);
		*p99 = stats_percentile(v, n, 99.0);
	} else if (n >= 2) {
		n = 0;
	}
	free(v);
	return n;
}

/* ---- measuring modes (latency, pdv): one trial per run at --rate ---- */

int
mode_measure_start(struct mode_ctx *m, struct proc_single *single,
		   uint32_t nb_tags, bool delays)
{
	struct trial_spec spec;

	trial_spec_from_cfg(&spec, m->cfg, m->cfg->rate_fps);
	spec.nb_tags = nb_tags;
	spec.tag_delay_ms = (uint64_t)m->cfg->lat_delay_s * 1000;
	spec.delays = delays;
	proc_single_start(single, &spec);
	m->proc = (struct proc){ &proc_single_ops, single };
	return 0;
}

bool
mode_measured(const struct report_trial *r)
{
	return verdict_measured(r->verdict);
}

void
mode_measure_invalid(struct mode_ctx *m, const struct trial_spec *spec,
		     const struct report_trial *r)
{
	const char *why = r->reason && *r->reason ? r->reason : "see trials.csv";
	bool aborted = false;
	int d;

	if (mode_measured(r))
		return;
	/* the sender stops at once when it falls behind the limit (engine) */
	for (d = 0; d < CFG_NB_DIRS; d++)
		aborted |= r->dir[d].active && r->dir[d].v.max_lag_ns >
			   (uint64_t)spec->max_lag_us * 1000;
	m->run_result = REPORT_RESULT_NONE;
	m->run_reason = "invalid trial";
	printf("%s %u: no valid result: the trial was %s (%s): no figures\n",
	       m->ops->run_name, m->no, aborted ?
	       "invalid, the sender aborted it behind schedule" :
	       verdict_name(r->verdict), why);
	fprintf(stderr, "dutperf: %s %u: trial %s (%s): no measured result, "
		"left out of any summary (exit status 3)\n", m->ops->run_name,
		m->no, verdict_name(r->verdict), why);
}

int
mode_measure_dirs(struct mode_ctx *m, const struct trial_spec *spec,
		  const struct report_trial *r, mode_dir_fn fn, char *err,
		  size_t err_len)
{
	int d, rc;

	mode_measure_invalid(m, spec, r);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!r->dir[d].active)
			continue;
		rc = fn(m, spec, r, (enum cfg_dir_id)d, err, err_len);
		if (rc != 0)
			return rc;
	}
	return 0;
}

void
mode_measure_summary(struct mode_ctx *m, const char *const metric[MODE_METRICS])
{
	mode_measure_summary_in(m, metric, "us");
}

void
mode_measure_summary_in(struct mode_ctx *m,
			const char *const metric[MODE_METRICS], const char *unit)
{
	struct stats_summary sum;
	double p1, p99;
	uint32_t n;
	int d, k;

	for (d = 0; d < CFG_NB_DIRS; d++)
		for (k = 0; k < MODE_METRICS; k++) {
			if (!cfg_dir_active(m->cfg, d) || metric[k] == NULL)
				continue;
			n = mode_summarize(m, MODE_VALUE(d, k), &sum, &p1,
					   &p99);
			if (n < 2)
				continue;
			printf("%s %s over %u runs: median %.3f %s, 1st "
			       "percentile %.3f, 99th percentile %.3f, min %.3f, "
			       "max %.3f\n", trial_dir_name[d], metric[k], n,
			       sum.median, unit, p1, p99, sum.min, sum.max);
		}
	/* why each was left out: said per run (mode_measure_invalid, or
	 * the mode's own line, e.g. a DUT that did not recover) */
	if (m->not_measured > 0 && m->runs_done > 1)
		printf("summary: %u of %u runs left out (no valid result)\n",
		       m->not_measured, m->runs_done);
	snprintf(m->result, sizeof(m->result), "%u %s run(s), %u without a "
		 "valid result%s", m->runs_done, m->ops->cli.name,
		 m->not_measured, engine_stop ? ", interrupted" : "");
}

int
mode_search_bounds_error(const struct search_params *sp, int rc, char *err,
			 size_t err_len)
{
	snprintf(err, err_len, "search bounds: lower %" PRIu64 ", upper %"
		 PRIu64 ", initial %" PRIu64 ", error %" PRIu64 ": inconsistent",
		 sp->lo_fps, sp->hi_fps, sp->initial_fps, sp->error_fps);
	return rc;
}

int
stateful_mode_setup(struct mode_ctx *m, struct search_params *sp, bool flush,
		    char *err, size_t err_len)
{
	if (sp != NULL)
		trial_spec_search_params(m->cfg, sp);
	/* the connection rate and table capacity searches assume each trial
	 * finds the DUT's table empty (siitperf's cttc.sh flushes it around
	 * every trial) */
	if (flush && m->cfg->st.hook_trial[0] == '\0' && !m->cli->quiet)
		fprintf(stderr, "dutperf: %s: [stateful] hook_trial is empty: "
			"nothing empties the DUT's connection table between "
			"trials, so each trial may find the connections of the "
			"ones before (set it to a flush, e.g. \"ssh dut "
			"conntrack -F\")\n", m->ops->cli.name);
	return feature_attach_stateful(m->trial, err, err_len);
}

void
stateful_mode_start(const struct mode_ctx *m, struct stateful_specs *specs)
{
	stateful_specs(m->cfg, specs);
}

int
mode_result_row(struct mode_ctx *m, const void *row,
		enum report_result kind, const char *reason, double value,
		char *err, size_t err_len)
{
	int rc = mode_write(m, 0, row, err, err_len);

	if (rc != 0)
		return rc;
	m->run_result = kind;
	m->run_reason = reason;
	if (kind == REPORT_RESULT_MEASURED)
		m->value[0] = value;
	return 0;
}

void
mode_ctx_init(struct mode_ctx *m, const struct mode_ops *ops,
	      const struct cli *cli, const struct cfg *cfg,
	      const struct mode_ctx *like)
{
	memset(m, 0, sizeof(*m));
	m->ops = ops;
	m->modes = like->modes;
	m->nb_modes = like->nb_modes;
	m->cli = cli;
	m->cfg = cfg;
	m->trial = like->trial;
	m->start = time(NULL);
	m->argc = like->argc;
	m->argv = like->argv;
	m->eal_argc = like->eal_argc;
}

/* ---- a mode that runs itself once (ops->run: the switch modes) ---- */

int
mode_once_open(struct mode_ctx *m, char *err, size_t err_len)
{
	unsigned f;
	int rc = 0;

	for (f = 0; f < MODE_MAX_FILES; f++)
		m->out[f].fd = -1;
	m->repeat = 1;
	m->no = 1;
	m->values[0] = calloc(1, sizeof(double));
	m->results = calloc(1, sizeof(*m->results));
	m->reasons = calloc(1, sizeof(*m->reasons));
	if (m->values[0] == NULL || m->results == NULL || m->reasons == NULL) {
		snprintf(err, err_len, "no memory for mode %s",
			 m->ops->cli.name);
		return -ENOMEM;
	}
	for (f = 0; rc == 0 && f < MODE_MAX_FILES && m->ops->files[f].name;
	     f++)
		rc = runinfo_open_csv(m->cfg, m->ops->files[f].name,
				      m->ops->files[f].table, &m->out[f], err,
				      err_len);
	m->run_result = REPORT_RESULT_MEASURED;
	return rc;
}

void
mode_once_record(struct mode_ctx *m)
{
	m->values[0][0] = m->value[0];
	m->results[0] = m->run_result;
	m->reasons[0] = m->run_reason;
	m->runs_done = 1;
	if (m->run_result != REPORT_RESULT_MEASURED)
		m->not_measured = 1;
}

void
mode_once_close(struct mode_ctx *m)
{
	unsigned f;

	for (f = 0; f < MODE_MAX_FILES; f++)
		if (m->out[f].fd >= 0)
			csv_close(&m->out[f]);
	free(m->values[0]);
	m->values[0] = NULL;
	free(m->results);
	m->results = NULL;
	free(m->reasons);
	m->reasons = NULL;
}

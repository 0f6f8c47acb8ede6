/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode recovery (RFC 2544 26.5 system recovery): one trial at
 * [recovery] overload_pct % of the throughput for overload_s, then at
 * after_pct % for after_s (one stream, the sender's pacer changes rate at
 * frame k on its absolute schedule); the throughput is [recovery]
 * throughput_fps or, when 0, measured first by the binary search.  The
 * receiver records the lost frames from k on (recovery.h, feature recov);
 * the recovery time is from the rate change to the send time of the last
 * lost frame.  One recovery.csv row per run and direction; --repeat
 * summarises the recovery times (RFC 8219: median, 1st / 99th
 * percentile).  docs/recovery.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dpdk.h"
#include "dutperf/recovery.h"

struct recov_mode {
	struct recov_proc proc;
	struct search_params search;
	bool trial_seen;		/* the recovery trial of this run ran */
};

static int
recmode_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct recov_mode *x = m->priv;

	trial_spec_search_params(c, &x->search);
	if (!m->cli->quiet)
		fprintf(stderr, "recovery: %u run(s): %u %% of %s for %u s, then "
			"%u %% for %u s, results in %s\n", c->repeat,
			c->rec_overload_pct, c->rec_throughput_fps ?
			"[recovery] throughput_fps" : "the measured throughput",
			c->rec_overload_s, c->rec_after_pct, c->rec_after_s,
			c->outdir);
	return feature_attach_recov(m->trial, err, err_len);
}

static int
recmode_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct recov_mode *x = m->priv;
	struct recov_params p;
	struct trial_spec base;
	int rc;

	recov_params_from_cfg(&p, m->cfg);
	trial_spec_from_cfg(&base, m->cfg, 0);
	base.recov_track = true;
	rc = recov_proc_start(&x->proc, &p, &base, &x->search, err, err_len);
	if (rc != 0)
		return rc;
	x->trial_seen = false;
	m->proc = (struct proc){ &recov_ops, &x->proc };
	return 0;
}

/* Direction d of the recovery trial: its row, its line, its value. */
static int
recmode_dir(struct mode_ctx *m, const struct trial_spec *spec,
	    const struct report_trial *r, enum cfg_dir_id d, char *err,
	    size_t err_len)
{
	struct recov_mode *x = m->priv;
	const struct engine_recov *rec = feature_recov(m->trial, d);
	const struct verdict_dir *v = &r->dir[d].v;
	struct recov_row row = {
		.no = m->no, .dir = trial_dir_name[d],
		.throughput_fps = x->proc.p.throughput_fps,
		.overload_fps = spec->rate_fps[d], .after_fps = spec->rate2_fps[d],
		.overload_ms = spec->change_ms,
		.after_ms = spec->duration_ms - spec->change_ms,
		.change_frame = trial_spec_change_frame(spec, d),
		.sent = v->sent, .received = v->received, .lost = v->lost,
		.status = r->verdict, .result = REPORT_RESULT_MEASURED,
	};
	bool measured = mode_measured(r);
	enum result_case tc = recov_throughput_case(&x->proc);
	bool bound = result_case_kind(tc) != REPORT_RESULT_MEASURED;

	if (rec == NULL) {
		snprintf(err, err_len, "recovery: no records of the %s direction",
			 trial_dir_name[d]);
		return -EINVAL;
	}
	if (bound)
		printf("recovery %u %s: the throughput searched, %" PRIu64 " fps, "
		       "is a lower bound (%s): the recovery trial is measured "
		       "against it\n", m->no, trial_dir_name[d],
		       x->proc.p.throughput_fps, result_case_reason(tc));
	row.lost_after = rec->lost.count;
	row.last_lost = rec->lost.last1 ? rec->lost.last1 - 1 : 0;
	row.recovery_ms = (double)recov_time_ns(&rec->lost, spec->rate2_fps[d]) /
			  1e6;
	if (measured && v->lost <= rec->lost.count) {
		/* nothing lost at the overload: the DUT was not overloaded,
		 * the throughput given is below the DUT's */
		measured = false;
		printf("recovery %u %s: no frame lost during the overload at %"
		       PRIu64 " fps: not overloaded, no recovery time (is the "
		       "throughput %" PRIu64 " fps the DUT's?)\n", m->no,
		       trial_dir_name[d], spec->rate_fps[d],
		       x->proc.p.throughput_fps);
	}
	if (!measured) {
		row.result = REPORT_RESULT_NONE;
		m->run_result = REPORT_RESULT_NONE;
	} else {
		/* against a throughput that is only "at least": so is the run
		 * (result.h); the recovery time stays in the row, out of the
		 * summary */
		if (bound) {
			row.result = result_case_kind(tc);
			if (m->run_result == REPORT_RESULT_MEASURED)
				mode_set_result(m, tc);
		}
		printf("recovery %u %s: %" PRIu64 " fps for %.1f s then %" PRIu64
		       " fps: lost %" PRIu64 " frames, %" PRIu64 " of them "
		       "from the change (frame %" PRIu64 ") on: recovery time "
		       "%.3f ms", m->no, trial_dir_name[d], spec->rate_fps[d],
		       (double)spec->change_ms / 1000, spec->rate2_fps[d],
		       v->lost, row.lost_after, row.change_frame,
		       row.recovery_ms);
		if (row.lost_after > 0)
			printf(" (last lost frame %" PRIu64 ")", row.last_lost);
		printf("\n");
		if (!bound)
			m->value[MODE_VALUE(d, 0)] = row.recovery_ms;
	}
	return mode_write(m, 0, &row, err, err_len);
}

static int
recmode_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
		   const struct report_trial *r, char *err, size_t err_len)
{
	struct recov_mode *x = m->priv;
	int d, rc;

	if (spec->change_ms == 0)	/* a trial of the throughput search */
		return 0;
	x->trial_seen = true;
	mode_measure_invalid(m, spec, r);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!r->dir[d].active)
			continue;
		rc = recmode_dir(m, spec, r, d, err, err_len);
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int
recmode_run_end(struct mode_ctx *m, bool complete, char *err,
		size_t err_len)
{
	struct recov_mode *x = m->priv;

	(void)err;
	(void)err_len;
	if (!complete || x->trial_seen)
		return 0;
	m->run_result = REPORT_RESULT_NONE;
	printf("recovery %u: no throughput: the search found no rate the DUT "
	       "passes between %" PRIu64 " and %" PRIu64 " fps\n", m->no,
	       x->search.lo_fps, x->search.hi_fps);
	fprintf(stderr, "dutperf: recovery %u: no throughput measured: no "
		"recovery trial (exit status 3)\n", m->no);
	return 0;
}

static void
recmode_summary(struct mode_ctx *m)
{
	static const char *const metric[MODE_METRICS] = { "recovery time" };

	mode_measure_summary_in(m, metric, "ms");
}

const struct mode_ops mode_recovery = {
	.cli = {
		.name = "recovery",
		.help = "RFC 2544 26.5 system recovery time after an overload "
			"([recovery])",
		.options = "--rate-min --rate-max --initial-rate --error "
			   "--timeout --frame-timeout --repeat",
		.check = recov_check_cfg,
	},
	.run_name = "recovery",
	.files = { { "recovery.csv", &recov_table } },
	.priv_size = sizeof(struct recov_mode),
	.setup = recmode_setup,
	.start = recmode_start,
	.trial_done = recmode_trial_done,
	.run_end = recmode_run_end,
	.summary = recmode_summary,
};

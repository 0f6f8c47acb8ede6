/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode recovery (RFC 2544 26.5 system recovery): one trial at
 * [recovery] overload_pct % of the throughput for overload_s, then at
 * after_pct % for after_s (the direction's pacer changes rate at frame k
 * on its absolute schedule, every stream at its own first frame from k
 * on); the throughput is [recovery]
 * throughput_fps or, when 0, measured first by the binary search.  The
 * receivers record the lost frames from k on (recovery.h, feature recov,
 * merged over streams and RX queues);
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

#include "mode.h"
#include "dutperf/recovery.h"

struct recov_mode {
	struct recov_proc proc;
	struct search_params search;
	bool trial_seen;		/* the recovery trial of this run ran */
};

static int
recmode_setup(struct mode_ctx *mode, char *err, size_t err_len)
{
	const struct cfg *c = mode->cfg;
	struct recov_mode *rmode = mode->priv;

	trial_spec_search_params(c, &rmode->search);
	if (!mode->cli->quiet)
		fprintf(stderr, "recovery: %u run(s): %u %% of %s for %u s, then "
			"%u %% for %u s, results in %s\n", c->repeat,
			c->rec_overload_pct, c->rec_throughput_fps ?
			"[recovery] throughput_fps" : "the measured throughput",
			c->rec_overload_s, c->rec_after_pct, c->rec_after_s,
			c->outdir);
	return feature_attach_recov(mode->trial, err, err_len);
}

static int
recmode_start(struct mode_ctx *mode, char *err, size_t err_len)
{
	struct recov_mode *rmode = mode->priv;
	struct recov_params params;
	struct trial_spec base;
	int rc;

	recov_params_from_cfg(&params, mode->cfg);
	trial_spec_from_cfg(&base, mode->cfg, 0);
	base.recov_track = true;
	rc = recov_proc_start(&rmode->proc, &params, &base, &rmode->search, err,
			      err_len);
	if (rc != 0)
		return rc;
	rmode->trial_seen = false;
	mode->proc = (struct proc){ &recov_ops, &rmode->proc };
	return 0;
}

/* Direction d of the recovery trial: its row, its line, its value. */
static int
recmode_dir(struct mode_ctx *mode, const struct trial_spec *spec,
	    const struct report_trial *report, enum cfg_dir_id d, char *err,
	    size_t err_len)
{
	struct recov_mode *rmode = mode->priv;
	const struct engine_recov_dir *records = feature_recov(mode->trial, d);
	const struct verdict_dir *counts = &report->dir[d].v;
	struct recov_row row = {
		.no = mode->no, .dir = trial_dir_name[d],
		.throughput_fps = rmode->proc.p.throughput_fps,
		.overload_fps = spec->rate_fps[d], .after_fps = spec->rate2_fps[d],
		.overload_ms = spec->change_ms,
		.after_ms = spec->duration_ms - spec->change_ms,
		.change_frame = trial_spec_change_frame(spec, d),
		.sent = counts->sent, .received = counts->received,
		.lost = counts->lost,
		.status = report->verdict, .result = REPORT_RESULT_MEASURED,
	};
	bool measured = mode_measured(report);
	enum result_case throughput_case = recov_throughput_case(&rmode->proc);
	bool bound = result_case_kind(throughput_case) !=
		     REPORT_RESULT_MEASURED;

	if (records == NULL) {
		snprintf(err, err_len, "recovery: no records of the %s direction",
			 trial_dir_name[d]);
		return -EINVAL;
	}
	if (bound)
		printf("recovery %u %s: the throughput searched, %" PRIu64 " fps, "
		       "is a lower bound (%s): the recovery trial is measured "
		       "against it\n", mode->no, trial_dir_name[d],
		       rmode->proc.p.throughput_fps,
		       result_case_reason(throughput_case));
	row.lost_after = records->lost.count;
	row.last_lost = records->lost.last1 ? records->lost.last1 - 1 : 0;
	row.recovery_ms = (double)recov_time_ns(&records->lost,
						spec->rate2_fps[d]) /
			  1e6;
	if (measured && counts->lost <= records->lost.count) {
		/* nothing lost at the overload: the DUT was not overloaded,
		 * the throughput given is below the DUT's */
		measured = false;
		printf("recovery %u %s: no frame lost during the overload at %"
		       PRIu64 " fps: not overloaded, no recovery time (is the "
		       "throughput %" PRIu64 " fps the DUT's?)\n", mode->no,
		       trial_dir_name[d], spec->rate_fps[d],
		       rmode->proc.p.throughput_fps);
	}
	if (!measured) {
		row.result = REPORT_RESULT_NONE;
		mode->run_result = REPORT_RESULT_NONE;
	} else {
		/* against a throughput that is only "at least": so is the run
		 * (result.h); the recovery time stays in the row, out of the
		 * summary */
		if (bound) {
			row.result = result_case_kind(throughput_case);
			if (mode->run_result == REPORT_RESULT_MEASURED)
				mode_set_result(mode, throughput_case);
		}
		printf("recovery %u %s: %" PRIu64 " fps for %.1f s then %" PRIu64
		       " fps: lost %" PRIu64 " frames, %" PRIu64 " of them "
		       "from the change (frame %" PRIu64 ") on: recovery time "
		       "%.3f ms", mode->no, trial_dir_name[d],
		       spec->rate_fps[d],
		       (double)spec->change_ms / 1000, spec->rate2_fps[d],
		       counts->lost, row.lost_after, row.change_frame,
		       row.recovery_ms);
		if (row.lost_after > 0)
			printf(" (last lost frame %" PRIu64 ")", row.last_lost);
		printf("\n");
		if (!bound)
			mode->value[MODE_VALUE(d, 0)] = row.recovery_ms;
	}
	return mode_write(mode, 0, &row, err, err_len);
}

static int
recmode_trial_done(struct mode_ctx *mode, const struct trial_spec *spec,
		   const struct report_trial *report, char *err, size_t err_len)
{
	struct recov_mode *rmode = mode->priv;

	if (spec->change_ms == 0)	/* a trial of the throughput search */
		return 0;
	rmode->trial_seen = true;
	return mode_measure_dirs(mode, spec, report, recmode_dir, err, err_len);
}

static int
recmode_run_end(struct mode_ctx *mode, bool complete, char *err,
		size_t err_len)
{
	struct recov_mode *rmode = mode->priv;

	(void)err;
	(void)err_len;
	if (!complete || rmode->trial_seen)
		return 0;
	mode->run_result = REPORT_RESULT_NONE;
	printf("recovery %u: no throughput: the search found no rate the DUT "
	       "passes between %" PRIu64 " and %" PRIu64 " fps\n", mode->no,
	       rmode->search.lo_fps, rmode->search.hi_fps);
	fprintf(stderr, "dutperf: recovery %u: no throughput measured: no "
		"recovery trial (exit status 3)\n", mode->no);
	return 0;
}

static void
recmode_summary(struct mode_ctx *mode)
{
	static const char *const metric[MODE_METRICS] = { "recovery time" };

	mode_measure_summary_in(mode, metric, "ms");
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

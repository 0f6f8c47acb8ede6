/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode b2b: RFC 2544 26.4 back-to-back frames as updated by RFC 9004
 * (core b2b.h): per run, [b2b] repetitions binary searches on the burst
 * length for the longest burst the DUT forwards without loss, bursts at
 * [b2b] burst_rate_fps (default: the line rate of the frame size; the
 * rate the sender reaches is measured and used), [b2b] drain_ms after
 * each.  b2b.csv: a row per trial, per repetition and a summary per run
 * (average, min, max, stddev, implied and corrected DUT buffer time);
 * trials.csv rows; --repeat runs summarised as RFC 8219 says.
 * docs/bursts.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <rte_ethdev.h>

#include "mode.h"
#include "dutperf/b2b.h"
#include "dutperf/frame.h"

struct b2b_mode {
	struct b2b_params params;
	struct b2b search;
	uint32_t iteration;		/* trial within the repetition */
	char why[256];			/* the last invalid trial's reason */
};

static int
b2b_setup(struct mode_ctx *mode, char *err, size_t err_len)
{
	const struct cfg *c = mode->cfg;
	struct b2b_mode *b2b = mode->priv;
	struct b2b_params *params = &b2b->params;
	uint32_t mbps = cfg_link_speed_mbps(c), size_b;
	uint64_t line;
	char blame[CFG_PATH_LEN + 64];

	line = cfg_traffic_line_rate_fps(c, mbps ? mbps : TRIAL_SPEC_DEFAULT_MBPS,
					 &size_b);
	params->burst_fps = c->b2b_burst_rate_fps ? c->b2b_burst_rate_fps :
						    line;
	if (mbps != 0 && params->burst_fps > line) {
		snprintf(err, err_len, "%s: above the line rate %" PRIu64 " fps "
			 "of %u-byte frames at %u Mb/s", cfg_key_blame(c, "b2b",
			 "burst_rate_fps", blame, sizeof(blame)), line, size_b,
			 mbps);
		return -EINVAL;
	}
	params->hi_frames = c->b2b_max_frames ? c->b2b_max_frames :
						 params->burst_fps;
	if (params->hi_frames > (uint64_t)B2B_MAX_BURST_S * params->burst_fps) {
		snprintf(err, err_len, "%s: more than %u s (RFC 9004 6.2) at the "
			 "burst rate %" PRIu64 " fps", cfg_key_blame(c, "b2b",
			 "max_frames", blame, sizeof(blame)), B2B_MAX_BURST_S,
			 params->burst_fps);
		return -EINVAL;
	}
	params->lo_frames = c->b2b_min_frames;
	if (params->lo_frames >= params->hi_frames) {
		snprintf(err, err_len, "%s: not below the longest burst %" PRIu64
			 " frames ([b2b] max_frames, 0 = 1 s at %" PRIu64 " fps)",
			 cfg_key_blame(c, "b2b", "min_frames", blame,
				       sizeof(blame)), params->hi_frames,
				       params->burst_fps);
		return -EINVAL;
	}
	params->initial_frames = c->b2b_initial_frames ? c->b2b_initial_frames :
						    params->hi_frames;
	if (params->initial_frames > params->hi_frames) {
		snprintf(err, err_len, "%s: above the longest burst %" PRIu64
			 " frames", cfg_key_blame(c, "b2b", "initial_frames",
			 blame, sizeof(blame)), params->hi_frames);
		return -EINVAL;
	}
	params->precision_frames = c->b2b_precision_frames;
	params->repetitions = c->b2b_repetitions;
	params->max_retries = c->max_retries;
	params->drain_ms = c->b2b_drain_ms;
	if (params->drain_ms < B2B_MIN_DRAIN_MS)
		fprintf(stderr, "dutperf: warning: [b2b] drain_ms = %u: below "
			"RFC 9004's %u ms (short_drain = 1): for tests only\n",
			params->drain_ms, B2B_MIN_DRAIN_MS);
	if (c->b2b_repetitions < 50 && !mode->cli->quiet)
		fprintf(stderr, "b2b: note: %u repetitions (RFC 9004 6.3: at "
			"least 50)\n", c->b2b_repetitions);
	/* RFC 9004 6.4: each burst's arrivals, for the received frame rate
	 * that stands for a throughput not given (recovery.h's records) */
	if (feature_attach_recov(mode->trial, err, err_len) != 0)
		return -EINVAL;
	if (!mode->cli->quiet)
		fprintf(stderr, "b2b: %u run(s) of %u searches for the longest "
			"lossless burst in (%" PRIu64 ", %" PRIu64 "] frames, "
			"first %" PRIu64 ", precision %" PRIu64 ", bursts at %"
			PRIu64 " fps%s, %u flow(s), %u ms drain, results in %s\n",
			c->repeat, params->repetitions, params->lo_frames,
			params->hi_frames,
			params->initial_frames, params->precision_frames,
			params->burst_fps,
			c->b2b_burst_rate_fps ? "" : " (line rate)", c->b2b_flows,
			params->drain_ms, c->outdir);
	return 0;
}

static int
b2b_mode_start(struct mode_ctx *mode, char *err, size_t err_len)
{
	struct b2b_mode *b2b = mode->priv;
	struct trial_spec base;
	int rc;

	trial_spec_from_cfg(&base, mode->cfg, 0);
	/* K flows cycled (trial_spec.h) */
	base.flows = mode->cfg->b2b_flows;
	base.recov_track = true;	/* arrivals: b2b_trial_rx_fps */
	rc = b2b_start(&b2b->search, &b2b->params, &base, err, err_len);
	if (rc != 0)
		return rc;
	b2b->iteration = 0;
	b2b->why[0] = '\0';
	mode->proc = (struct proc){ &b2b_ops, &b2b->search };
	return 0;
}

/* What every b2b.csv row of run m->no starts with. */
static void
b2b_row_init(const struct mode_ctx *mode, struct b2b_row *row)
{
	const struct b2b_mode *b2b = mode->priv;

	memset(row, 0, sizeof(*row));
	row->no = mode->no;
	row->frame_size_b = cfg_report_size_b(mode->cfg);
	row->direction = mode->cfg->direction;
	row->flows = mode->cfg->b2b_flows;
	row->burst_rate_set_fps = b2b->params.burst_fps;
	row->result = "";
	row->date = time(NULL);
}

/* RFC 9004 6.4: the received frame rate of the trial's burst, the
 * slowest active direction's arrivals over the time from its first to
 * its last arrival (receive TSC); 0 when a direction has fewer than 2. */
static double
b2b_trial_rx_fps(const struct mode_ctx *mode, const struct report_trial *r)
{
	double slowest = 0, hz = (double)rte_get_tsc_hz(), fps;
	const struct engine_recov_dir *rec;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!r->dir[d].active)
			continue;
		rec = feature_recov(mode->trial, d);
		if (rec == NULL || rec->gap.n < 2 || !(hz > 0))
			return 0;
		fps = b2b_rx_fps(rec->gap.n, (double)(rec->gap.last_tsc -
					      rec->gap.first_tsc) / hz);
		if (!(fps > 0))
			return 0;
		if (slowest == 0 || fps < slowest)
			slowest = fps;
	}
	return slowest;
}

/* The trial's row; when it ended a repetition, the repetition's too. */
static int
b2b_trial_done(struct mode_ctx *mode, const struct trial_spec *spec,
	       const struct report_trial *report, char *err, size_t err_len)
{
	struct b2b_mode *b2b = mode->priv;
	const struct b2b_rep *rep = &b2b->search.last;
	struct b2b_row row;
	int d, rc;

	b2b_row_init(mode, &row);
	row.kind = "trial";
	row.rx_rate_fps = b2b_trial_rx_fps(mode, report);
	row.has_rx = row.rx_rate_fps > 0;
	b2b_add_rx_fps(&b2b->search, row.rx_rate_fps);
	row.repetition = b2b->search.trial_rep;
	row.iteration = ++b2b->iteration;
	row.has_frames = row.has_counts = true;
	row.burst_frames = (double)spec->frames;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!report->dir[d].active)
			continue;
		row.sent += (double)report->dir[d].v.sent;
		row.received += (double)report->dir[d].v.received;
		row.lost += (double)report->dir[d].v.lost;
	}
	row.burst_rate_fps = b2b_trial_burst_fps(report);
	row.has_rate = row.burst_rate_fps > 0;
	row.result = verdict_name(report->verdict);
	if (report->verdict == VERDICT_INVALID)
		snprintf(b2b->why, sizeof(b2b->why), "%s",
			 report->reason ? report->reason : "");
	rc = mode_write(mode, 0, &row, err, err_len);
	if (rc != 0 || !b2b->search.rep_ended)
		return rc;
	b2b_row_init(mode, &row);
	row.kind = "repetition";
	row.repetition = rep->no;
	row.iteration = rep->trials;
	row.has_frames = rep->kind != REPORT_RESULT_NONE;
	row.burst_frames = (double)rep->frames;
	row.has_rate = rep->burst_fps > 0;
	row.burst_rate_fps = rep->burst_fps;
	row.result = report_result_name(rep->kind);
	b2b->iteration = 0;
	if (!mode->cli->quiet)
		fprintf(stderr, "b2b: run %u repetition %u/%u: %s%" PRIu64
			" frames%s (%u trials%s%s)\n", mode->no, rep->no,
			b2b->params.repetitions, rep->kind ==
			REPORT_RESULT_MEASURED ? "longest lossless burst " :
			rep->kind == REPORT_RESULT_LOWER_BOUND ?
			"lossless burst at least " : "no result, ", rep->frames,
			rep->why == RESULT_TOP_PASSED ? " (the range's top "
			"passed: the longest allowed, [b2b] max_frames)" : "",
			rep->trials,
			rep->kind != REPORT_RESULT_MEASURED && *b2b->why ? "; " : "",
			rep->kind != REPORT_RESULT_MEASURED ? b2b->why : "");
	return mode_write(mode, 0, &row, err, err_len);
}

/*
 * The burst rate R is the rate the sender handed frames to its TX queue.
 * Through a kernel-backed port (af_packet, tap) the kernel queues them
 * again, and the DUT sees the burst compressed or spread: R, and the
 * buffer times divided by it, are then the sender's figures, not the
 * DUT's (docs/bursts.md).  Said once per run, on stdout by the figures.
 */
static void
b2b_note_kernel_port(const struct mode_ctx *mode)
{
	const char *drv;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!cfg_dir_active(mode->cfg, d))
			continue;
		drv = trial_port_driver(mode->trial, cfg_tx_side(d));
		if (strstr(drv, "af_packet") != NULL ||
		    strstr(drv, "tap") != NULL) {
			printf("b2b run %u: note: the %s sender's port (%s) "
			       "is kernel-backed: the burst rate is the "
			       "sender's, the DUT may have seen another; the "
			       "buffer times use the sender's\n", mode->no,
			       trial_dir_name[d], drv);
			return;
		}
	}
}

static int
b2b_run_end(struct mode_ctx *mode, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = mode->cfg;
	struct b2b_mode *b2b = mode->priv;
	const struct b2b *search = &b2b->search;
	struct b2b_summary sum;
	struct b2b_row row;
	size_t n;
	int rc;

	if (!complete || search->interrupted) {
		fprintf(stderr, "dutperf: b2b run %u interrupted: no summary "
			"row written\n", mode->no);
		return 0;
	}
	b2b_summarize(&b2b->search, (double)c->b2b_throughput_fps,
		      (double)c->b2b_actual_fps, &sum);
	b2b_row_init(mode, &row);
	b2b_summary_row(&sum, &row);
	row.result = report_result_name(search->kind);
	rc = mode_write(mode, 0, &row, err, err_len);
	if (rc != 0)
		return rc;
	mode_set_result(mode, search->why);
	if (search->kind == REPORT_RESULT_MEASURED) {
		mode->value[0] = sum.avg_frames;
		mode->value[1] = sum.implied_s * 1e6;
		mode->value[2] = sum.corrected_s * 1e6;
	}
	if (sum.repetitions == 0) {
		printf("b2b run %u: no measured repetition (%s)\n", mode->no,
		       report_result_name(search->kind));
		snprintf(mode->result, sizeof(mode->result),
			 "no measured repetition");
	} else {
		printf("b2b run %u: longest lossless burst over %u repetitions: "
		       "average %.2f frames, min %.0f, max %.0f, stddev %.2f; "
		       "burst rate %.1f fps (measured at the sender)\n",
		       mode->no,
		       sum.repetitions,
		       sum.avg_frames, sum.min_frames, sum.max_frames,
		       sum.stddev_frames, sum.burst_fps);
		printf("b2b run %u: implied DUT buffer time %.3f us", mode->no,
		       sum.implied_s * 1e6);
		if (!isnan(sum.corrected_s) && sum.x_from == B2B_X_RECEIVED)
			printf(", corrected %.3f us (%.1f frames) with this "
			       "test's received frame rate %.1f fps for the "
			       "throughput, none given (RFC 9004 6.4's "
			       "approximation)\n", sum.corrected_s * 1e6,
			       sum.buffer_frames, sum.throughput_fps);
		else if (!isnan(sum.corrected_s))
			printf(", corrected %.3f us (%.1f frames) at throughput "
			       "%.0f fps (RFC 9004 6.4)\n",
			       sum.corrected_s * 1e6, sum.buffer_frames,
			       sum.throughput_fps);
		else if (sum.x_from == B2B_X_NONE)
			printf(" (RFC 9004 6.4); no corrected time: [b2b] "
			       "throughput_fps not given and no received rate "
			       "measured\n");
		else
			printf(" (RFC 9004 6.4); no corrected time: %s %.1f fps "
			       "not below the burst rate\n", sum.x_from ==
			       B2B_X_RECEIVED ? "the received frame rate" :
			       "throughput", sum.throughput_fps);
		if (!isnan(sum.actual_s))
			printf("b2b run %u: actual buffer time %.3f us at %.0f "
			       "fps (RFC 9004 7: corrected x burst rate / "
			       "actual frame rate)\n", mode->no,
			       sum.actual_s * 1e6, sum.actual_fps);
		b2b_note_kernel_port(mode);
		snprintf(mode->result, sizeof(mode->result), "%s%.2f frames, "
			 "implied buffer %.3f us", search->kind ==
			 REPORT_RESULT_MEASURED ? "" : "not measured: ",
			 sum.avg_frames, sum.implied_s * 1e6);
		/* the corrected time and where its throughput comes from */
		n = strlen(mode->result);
		if (!isnan(sum.corrected_s) && n < sizeof(mode->result))
			snprintf(mode->result + n, sizeof(mode->result) - n,
				 ", corrected %.3f us (%s)", sum.corrected_s * 1e6,
				 sum.x_from == B2B_X_RECEIVED ? "received rate, "
				 "RFC 9004 6.4" : "throughput given");
	}
	if (search->kind != REPORT_RESULT_MEASURED)
		fprintf(stderr, "dutperf: b2b run %u: %u of %u repetitions not "
			"measured (b2b.csv result %s, exit status 3%s%s)\n",
			mode->no,
			search->p.repetitions - sum.repetitions,
			search->p.repetitions,
			report_result_name(search->kind), *b2b->why ? "; " : "",
			b2b->why);
	return 0;
}

static void
b2b_summary(struct mode_ctx *mode)
{
	static const char *const what[] = {
		"average longest lossless burst", "implied buffer time",
		"corrected buffer time"
	};
	static const char *const unit[] = { "frames", "us", "us" };
	struct stats_summary sum;
	double p1, p99;
	unsigned k;

	if (mode->runs_done != 1)
		snprintf(mode->result, sizeof(mode->result),
			 "%u complete b2b runs%s",
			 mode->runs_done, engine_stop ? ", interrupted" : "");
	for (k = 0; k < 3; k++)
		if (mode_summarize(mode, k, &sum, &p1, &p99) >= 2)
			printf("summary of %s over %u runs (RFC 8219): median "
			       "%.3f %s, 1st percentile %.3f, 99th percentile "
			       "%.3f, min %.3f, max %.3f\n", what[k],
			       mode->runs_done, sum.median, unit[k], p1, p99,
			       sum.min, sum.max);
}

const struct mode_ops mode_b2b = {
	.cli = {
		.name = "b2b",
		.help = "RFC 9004 back-to-back frames: longest lossless burst, "
			"DUT buffer time",
		.options = "--repetitions --max-frames --drain --throughput "
			   "--flows --max-retries --repeat",
	},
	.run_name = "b2b run",
	.files = { { "b2b.csv", &b2b_table } },
	.priv_size = sizeof(struct b2b_mode),
	.setup = b2b_setup,
	.start = b2b_mode_start,
	.trial_done = b2b_trial_done,
	.run_end = b2b_run_end,
	.summary = b2b_summary,
};

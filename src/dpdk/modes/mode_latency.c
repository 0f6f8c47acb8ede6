/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode latency (RFC 8219 7.2): a stream at --rate in which tagged_frames
 * frames per direction, spread evenly after delay_s, carry a tag (the
 * tags feature, feature.c); their TX time is the TSC right before the
 * rte_eth_tx_burst() call that sent them, for every one (delay.h), their
 * RX time the TSC right after rte_eth_rx_burst().  Typical Latency =
 * median, Worst-Case Latency = 99.9th percentile.  A lost tagged frame
 * counts with a latency equal to the timeout; a tag never sent is neither
 * (delay.h).  A run whose trial was invalid (the sender aborted behind
 * schedule) has no latency figures and no result (exit status 3).  One
 * latency.csv row per run.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mode.h"

static const char *const lat_metric[MODE_METRICS] = { "TL", "WCL" };

static int
lat_fill(const struct mode_ctx *m, enum cfg_dir_id d,
	 const struct report_trial *trial_row, struct report_lat_dir *dir_row)
{
	struct delay_lat_summary sum;
	int rc;

	rc = feature_latency(m->trial, d,
			     (uint64_t)trial_row->timeout_ms * 1000000, &sum);
	if (rc != 0)
		return rc;
	dir_row->active = true;
	dir_row->sent = trial_row->dir[d].v.sent;
	dir_row->received = trial_row->dir[d].v.received;
	dir_row->tagged = sum.tagged;
	dir_row->tagged_received = sum.received;
	dir_row->tagged_lost = sum.lost;
	/* an invalid trial measured the tester: no latency figures */
	dir_row->valid = sum.valid && mode_measured(trial_row);
	dir_row->tl_us = sum.tl_ns / 1000;
	dir_row->wcl_us = sum.wcl_ns / 1000;
	dir_row->min_us = sum.min_ns / 1000;
	dir_row->max_us = sum.max_ns / 1000;
	dir_row->mean_us = sum.mean_ns / 1000;
	if (sum.unsent > 0 && !m->cli->quiet)
		fprintf(stderr, "latency %s: %u of %u tagged frames were never "
			"sent (not counted as tagged or lost)\n",
			trial_dir_name[d], sum.unsent, sum.unsent + sum.tagged);
	return 0;
}

static int
lat_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	return feature_attach_tags(m->trial, m->cfg->lat_tagged, err, err_len);
}

static int
lat_start(struct mode_ctx *m, char *err, size_t err_len)
{
	(void)err;
	(void)err_len;
	return mode_measure_start(m, m->priv, m->cfg->lat_tagged, false);
}

static int
lat_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
	       const struct report_trial *trial_row, char *err, size_t err_len)
{
	struct report_latency row;
	int d, rc;

	memset(&row, 0, sizeof(row));
	mode_run_fields(m, trial_row, &row.run);
	row.delay_s = (uint32_t)(spec->tag_delay_ms / 1000);
	/* TX time: the TSC before tx_burst for every tagged frame (delay.h) */
	row.timestamps = "tsc-before-tx";
	mode_measure_invalid(m, spec, trial_row);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct report_lat_dir *dir_row = &row.dir[d];

		if (!trial_row->dir[d].active)
			continue;
		rc = lat_fill(m, d, trial_row, dir_row);
		if (rc != 0) {
			snprintf(err, err_len, "latency summary: %s", strerror(-rc));
			return rc;
		}
		if (!mode_measured(trial_row)) {
			printf("latency %s: no latency: %u tagged frames sent, %u "
			       "received before the abort\n", trial_dir_name[d],
			       dir_row->tagged, dir_row->tagged_received);
			continue;
		}
		if (!dir_row->valid) {
			printf("latency %s: no latency: %s\n", trial_dir_name[d],
			       dir_row->tagged ? "every tagged frame lost" :
			       "no tagged frame sent");
			continue;
		}
		printf("latency %s: TL %.3f us, WCL %.3f us (min %.3f, max %.3f, "
		       "mean %.3f), tagged %u, lost %u%s\n", trial_dir_name[d],
		       dir_row->tl_us, dir_row->wcl_us, dir_row->min_us,
		       dir_row->max_us, dir_row->mean_us,
		       dir_row->tagged, dir_row->tagged_lost,
		       dir_row->tagged_lost ? " (counted at the timeout)" : "");
		m->value[MODE_VALUE(d, 0)] = dir_row->tl_us;
		m->value[MODE_VALUE(d, 1)] = dir_row->wcl_us;
	}
	return mode_write(m, 0, &row, err, err_len);
}

static void
lat_summary(struct mode_ctx *m)
{
	mode_measure_summary(m, lat_metric);
}

const struct mode_ops mode_latency = {
	.cli = {
		.name = "latency",
		.help = "RFC 8219 7.2 latency of tagged frames at --rate (TL, WCL)",
		.options = "--rate --tagged --delay --repeat --stateful",
		.stateful = CLI_STATEFUL_PHASES,
		.check = trial_spec_check_latency,
	},
	.run_name = "latency",
	.files = { { "latency.csv", &report_latency_table } },
	.priv_size = sizeof(struct proc_single),
	.setup = lat_setup,
	.start = lat_start,
	.trial_done = lat_trial_done,
	.summary = lat_summary,
};

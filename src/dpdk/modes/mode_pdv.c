/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode pdv (RFC 8219 7.3): the one-way delay of every received frame (RX
 * TSC after rte_eth_rx_burst() minus the TX TSC stamped in the frame) in a
 * fixed-size histogram (the delays feature, feature.c; delay.h: memory
 * does not grow with duration or rate).  PDV = D99.9 - Dmin; IPDV =
 * D(i) - D(i-1) of consecutive sequence numbers.  With every frame lost
 * there is no PDV, and the row says so with empty values; so does a run
 * whose trial was invalid (no result, exit status 3).  One pdv.csv row
 * per run.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mode.h"

static const char *const pdv_metric[MODE_METRICS] = { "PDV", NULL };

static void
pdv_fill(const struct trial_ctx *trial, enum cfg_dir_id d,
	 const struct report_trial *report, struct report_pdv_dir *dir_row)
{
	struct delay_pdv_summary pdv;

	feature_pdv(trial, d, &pdv);
	dir_row->active = true;
	dir_row->sent = report->dir[d].v.sent;
	dir_row->received = report->dir[d].v.received;
	/* an invalid trial measured the tester: no delay figures */
	dir_row->valid = pdv.valid && mode_measured(report);
	dir_row->ipdv_valid = pdv.ipdv_n > 0 && mode_measured(report);
	dir_row->dmin_us = (double)pdv.dmin_ns / 1000;
	dir_row->d999_us = (double)pdv.d999_ns / 1000;
	dir_row->dmax_us = (double)pdv.dmax_ns / 1000;
	dir_row->pdv_us = (double)pdv.pdv_ns / 1000;
	dir_row->ipdv_min_us = (double)pdv.ipdv_min_ns / 1000;
	dir_row->ipdv_median_us = (double)pdv.ipdv_median_ns / 1000;
	dir_row->ipdv_max_us = (double)pdv.ipdv_max_ns / 1000;
	dir_row->delays = pdv.n;
	dir_row->ipdv_pairs = pdv.ipdv_n;
}

static int
pdv_setup(struct mode_ctx *mode, char *err, size_t err_len)
{
	return feature_attach_delays(mode->trial, err, err_len);
}

static int
pdv_start(struct mode_ctx *mode, char *err, size_t err_len)
{
	(void)err;
	(void)err_len;
	return mode_measure_start(mode, mode->priv, 0, true);
}

static int
pdv_trial_done(struct mode_ctx *mode, const struct trial_spec *spec,
	       const struct report_trial *report, char *err, size_t err_len)
{
	struct report_pdv row;
	int d;

	memset(&row, 0, sizeof(row));
	mode_run_fields(mode, report, &row.run);
	mode_measure_invalid(mode, spec, report);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct report_pdv_dir *dir_row = &row.dir[d];

		if (!report->dir[d].active)
			continue;
		pdv_fill(mode->trial, d, report, dir_row);
		if (!mode_measured(report)) {
			printf("pdv %s: no PDV: %" PRIu64 " of %" PRIu64 " frames "
			       "received before the abort\n", trial_dir_name[d],
			       dir_row->received, dir_row->sent);
			continue;
		}
		if (!dir_row->valid) {
			printf("pdv %s: no PDV: no frame received\n",
			       trial_dir_name[d]);
			continue;
		}
		printf("pdv %s: PDV %.3f us (Dmin %.3f, D99.9 %.3f, Dmax %.3f us), "
		       "IPDV min %.3f median %.3f max %.3f us, %" PRIu64 " of %"
		       PRIu64 " frames\n", trial_dir_name[d], dir_row->pdv_us, dir_row->dmin_us,
		       dir_row->d999_us, dir_row->dmax_us, dir_row->ipdv_min_us, dir_row->ipdv_median_us,
		       dir_row->ipdv_max_us, dir_row->received, dir_row->sent);
		mode->value[MODE_VALUE(d, 0)] = dir_row->pdv_us;
	}
	return mode_write(mode, 0, &row, err,
			   err_len);
}

static void
pdv_summary(struct mode_ctx *mode)
{
	mode_measure_summary(mode, pdv_metric);
}

const struct mode_ops mode_pdv = {
	.cli = {
		.name = "pdv",
		.help = "RFC 8219 7.3 packet delay variation of every frame at --rate",
		.options = "--rate --frame-timeout --repeat --stateful",
		.stateful = CLI_STATEFUL_PHASES,
	},
	.run_name = "pdv",
	.files = { { "pdv.csv", &report_pdv_table } },
	.priv_size = sizeof(struct proc_single),
	.setup = pdv_setup,
	.start = pdv_start,
	.trial_done = pdv_trial_done,
	.summary = pdv_summary,
};

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

#include "dpdk.h"

static const char *const pdv_metric[MODE_METRICS] = { "PDV", NULL };

static void
pdv_fill(const struct trial_ctx *t, enum cfg_dir_id d,
	 const struct report_trial *r, struct report_pdv_dir *x)
{
	struct delay_pdv_summary s;

	feature_pdv(t, d, &s);
	x->active = true;
	x->sent = r->dir[d].v.sent;
	x->received = r->dir[d].v.received;
	/* an invalid trial measured the tester: no delay figures */
	x->valid = s.valid && mode_measured(r);
	x->ipdv_valid = s.ipdv_n > 0 && mode_measured(r);
	x->dmin_us = (double)s.dmin_ns / 1000;
	x->d999_us = (double)s.d999_ns / 1000;
	x->dmax_us = (double)s.dmax_ns / 1000;
	x->pdv_us = (double)s.pdv_ns / 1000;
	x->ipdv_min_us = (double)s.ipdv_min_ns / 1000;
	x->ipdv_median_us = (double)s.ipdv_median_ns / 1000;
	x->ipdv_max_us = (double)s.ipdv_max_ns / 1000;
}

static int
pdv_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	return feature_attach_delays(m->trial, err, err_len);
}

static int
pdv_start(struct mode_ctx *m, char *err, size_t err_len)
{
	(void)err;
	(void)err_len;
	return mode_measure_start(m, m->priv, 0, true);
}

static int
pdv_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
	       const struct report_trial *r, char *err, size_t err_len)
{
	struct report_pdv p;
	int d;

	memset(&p, 0, sizeof(p));
	mode_run_fields(m, r, &p.run);
	mode_measure_invalid(m, spec, r);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct report_pdv_dir *x = &p.dir[d];

		if (!r->dir[d].active)
			continue;
		pdv_fill(m->trial, d, r, x);
		if (!mode_measured(r)) {
			printf("pdv %s: no PDV: %" PRIu64 " of %" PRIu64 " frames "
			       "received before the abort\n", trial_dir_name[d],
			       x->received, x->sent);
			continue;
		}
		if (!x->valid) {
			printf("pdv %s: no PDV: no frame received\n",
			       trial_dir_name[d]);
			continue;
		}
		printf("pdv %s: PDV %.3f us (Dmin %.3f, D99.9 %.3f, Dmax %.3f us), "
		       "IPDV min %.3f median %.3f max %.3f us, %" PRIu64 " of %"
		       PRIu64 " frames\n", trial_dir_name[d], x->pdv_us, x->dmin_us,
		       x->d999_us, x->dmax_us, x->ipdv_min_us, x->ipdv_median_us,
		       x->ipdv_max_us, x->received, x->sent);
		m->value[MODE_VALUE(d, 0)] = x->pdv_us;
	}
	return mode_write(m, 0, &p, err,
			   err_len);
}

static void
pdv_summary(struct mode_ctx *m)
{
	mode_measure_summary(m, pdv_metric);
}

const struct mode_ops mode_pdv = {
	.cli = {
		.name = "pdv",
		.help = "RFC 8219 7.3 packet delay variation of every frame at --rate",
		.options = "--rate --frame-timeout --repeat --stateful",
		.stateful = CLI_STATEFUL_PHASES,
		.check = trial_spec_check_delays,
	},
	.run_name = "pdv",
	.files = { { "pdv.csv", &report_pdv_table } },
	.priv_size = sizeof(struct proc_single),
	.setup = pdv_setup,
	.start = pdv_start,
	.trial_done = pdv_trial_done,
	.summary = pdv_summary,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode pdv (RFC 8219 7.3): the one-way delay of every received frame (RX
 * TSC after rte_eth_rx_burst() minus the TX TSC stamped in the frame) in a
 * fixed-size histogram (delay.h: memory does not grow with duration or
 * rate).  PDV = D99.9 - Dmin; IPDV = D(i) - D(i-1) of consecutive sequence
 * numbers.  With every frame lost there is no PDV, and the row says so with
 * empty values.  One pdv.csv row per run.
 */
#include <inttypes.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include "dpdk.h"

static void
pdv_fill(const struct trial_ctx *t, enum cfg_dir_id d,
	 const struct report_trial *r, struct report_pdv_dir *x)
{
	struct delay_pdv_summary s;

	delay_pdv_summarize(t->hist[d], t->ipdv[d], &s);
	x->active = true;
	x->sent = r->dir[d].v.sent;
	x->received = r->dir[d].v.received;
	x->valid = s.valid;
	x->dmin_us = (double)s.dmin_ns / 1000;
	x->d999_us = (double)s.d999_ns / 1000;
	x->dmax_us = (double)s.dmax_ns / 1000;
	x->pdv_us = (double)s.pdv_ns / 1000;
	x->ipdv_valid = s.ipdv_n > 0;
	x->ipdv_min_us = (double)s.ipdv_min_ns / 1000;
	x->ipdv_median_us = (double)s.ipdv_median_ns / 1000;
	x->ipdv_max_us = (double)s.ipdv_max_ns / 1000;
}

static int
pdv_row(const struct mode_env *env, const struct report_run *run,
	const struct report_trial *r,
	char *row, size_t len, double value[CFG_NB_DIRS][MODE_METRICS],
	char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct report_pdv p;
	int d;

	memset(&p, 0, sizeof(p));
	p.run = *run;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct report_pdv_dir *x = &p.dir[d];

		value[d][0] = value[d][1] = NAN;
		if (!cfg_dir_active(c, d))
			continue;
		pdv_fill(env->trial, d, r, x);
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
		value[d][0] = x->pdv_us;
	}
	return mode_row_check(report_pdv_row(&p, row, len), "pdv.csv", err,
			      err_len);
}

int
mode_pdv(struct mode_env *env, char *err, size_t err_len)
{
	struct mode_measure m = {
		.name = "pdv",
		.file = "pdv.csv",
		.header = report_pdv_header(),
		.metric = { "PDV", NULL },
		.row = pdv_row,
	};
	int rc;

	rc = trial_enable_pdv(env->trial, err, err_len);
	return rc != 0 ? rc : mode_measure(env, &m, err, err_len);
}

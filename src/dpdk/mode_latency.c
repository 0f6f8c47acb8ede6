/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode latency (RFC 8219 7.2): a stream at --rate in which tagged_frames
 * frames per direction, spread evenly after delay_s, carry a tag; their TX
 * time is the TSC right after rte_eth_tx_burst() returned (before it, for
 * frames a synchronous PMD delivered inside the call: lat_tx_times), their
 * RX time the TSC right after rte_eth_rx_burst().  Typical Latency = median,
 * Worst-Case Latency = 99.9th percentile.  A lost tagged frame counts with
 * a latency equal to the timeout (delay.h).  One latency.csv row per run.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpdk.h"

/*
 * The TX time of a tagged frame is the TSC right after rte_eth_tx_burst()
 * returned.  A PMD that delivers inside the call (af_packet: the kernel
 * forwards in the send system call) can hand the frame to the receiver
 * before the call returns; for such a frame the TSC right before the call
 * is the TX time.  Returns how many frames needed that.
 */
static uint32_t
lat_tx_times(const struct trial_ctx *t, enum cfg_dir_id d, uint64_t *tx)
{
	uint32_t j, pre = 0;

	for (j = 0; j < t->nb_tags; j++) {
		tx[j] = t->tag_tx[d][j];
		if (t->tag_rx[d][j] != 0 && t->tag_rx[d][j] < tx[j]) {
			tx[j] = t->tag_pre[d][j];
			pre++;
		}
	}
	return pre;
}

static int
lat_fill(const struct mode_env *env, enum cfg_dir_id d,
	 const struct report_trial *r, struct report_lat_dir *x, uint32_t *pre)
{
	const struct trial_ctx *t = env->trial;
	struct delay_lat_summary s;
	uint64_t *tx = malloc(t->nb_tags * sizeof(*tx));
	int rc;

	if (tx == NULL)
		return -ENOMEM;
	*pre += lat_tx_times(t, d, tx);
	rc = delay_latency_summarize(tx, t->tag_rx[d], t->nb_tags, t->hz,
				     (uint64_t)env->cfg->timeout_ms * 1000000, &s);
	free(tx);
	if (rc != 0)
		return rc;
	x->active = true;
	x->sent = r->dir[d].v.sent;
	x->received = r->dir[d].v.received;
	x->tagged = s.tagged;
	x->tagged_received = s.received;
	x->tagged_lost = s.lost;
	x->valid = s.valid;
	x->tl_us = s.tl_ns / 1000;
	x->wcl_us = s.wcl_ns / 1000;
	x->min_us = s.min_ns / 1000;
	x->max_us = s.max_ns / 1000;
	x->mean_us = s.mean_ns / 1000;
	return 0;
}

static int
lat_row(const struct mode_env *env, const struct report_run *run,
	const struct report_trial *r,
	char *row, size_t len, double value[CFG_NB_DIRS][MODE_METRICS],
	char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct report_latency l;
	uint32_t pre = 0;
	int d, rc;

	memset(&l, 0, sizeof(l));
	l.run = *run;
	l.delay_s = c->lat_delay_s;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct report_lat_dir *x = &l.dir[d];

		value[d][0] = value[d][1] = NAN;
		if (!cfg_dir_active(c, d))
			continue;
		rc = lat_fill(env, d, r, x, &pre);
		if (rc != 0) {
			snprintf(err, err_len, "latency summary: %s", strerror(-rc));
			return rc;
		}
		if (!x->valid) {
			printf("latency %s: no latency: all %u tagged frames lost\n",
			       trial_dir_name[d], x->tagged);
			continue;
		}
		printf("latency %s: TL %.3f us, WCL %.3f us (min %.3f, max %.3f, "
		       "mean %.3f), tagged %u, lost %u%s\n", trial_dir_name[d],
		       x->tl_us, x->wcl_us, x->min_us, x->max_us, x->mean_us,
		       x->tagged, x->tagged_lost,
		       x->tagged_lost ? " (counted at the timeout)" : "");
		value[d][0] = x->tl_us;
		value[d][1] = x->wcl_us;
	}
	/* which TX stamps were used (see lat_tx_times) */
	l.timestamps = pre ? "tsc-before-tx" : "tsc";
	if (pre && !env->cli->quiet)
		fprintf(stderr, "latency: %u tagged frames arrived before "
			"tx_burst returned (synchronous PMD): their TX time is "
			"the TSC before the call\n", pre);
	return mode_row_check(report_latency_row(&l, row, len), "latency.csv",
			      err, err_len);
}

int
mode_latency(struct mode_env *env, char *err, size_t err_len)
{
	struct mode_measure m = {
		.name = "latency",
		.file = "latency.csv",
		.header = report_latency_header(),
		.metric = { "TL", "WCL" },
		.row = lat_row,
	};
	int rc;

	rc = trial_enable_latency(env->trial, env->cfg->lat_tagged, err,
				  err_len);
	return rc != 0 ? rc : mode_measure(env, &m, err, err_len);
}

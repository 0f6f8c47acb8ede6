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
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpdk.h"
#include "dutperf/csv.h"

static const char *const lat_dir_name[CFG_NB_DIRS] = { "forward", "reverse" };

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

int
mode_latency(struct mode_env *env, char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct csv_file trials, lat;
	struct report_trial r;
	struct report_latency l;
	double *tl[CFG_NB_DIRS], *wcl[CFG_NB_DIRS];
	char why[256], row[2048];
	uint32_t no, runs = 0, pre;
	int d, rc;

	rc = trial_enable_latency(env->trial, c->lat_tagged, err, err_len);
	if (rc != 0)
		return rc;
	rc = runinfo_open_csv(c, "trials.csv", report_trial_header(), &trials,
			      err, err_len);
	if (rc != 0)
		return rc;
	rc = runinfo_open_csv(c, "latency.csv", report_latency_header(), &lat,
			      err, err_len);
	if (rc != 0) {
		csv_close(&trials);
		return rc;
	}
	for (d = 0; d < CFG_NB_DIRS; d++) {
		tl[d] = calloc(c->repeat, sizeof(double));
		wcl[d] = calloc(c->repeat, sizeof(double));
	}
	for (no = 1; no <= c->repeat && !engine_stop && rc == 0; no++) {
		if (no > 1)
			trial_sleep_ms(c->settle_ms);
		if (!env->cli->quiet)
			fprintf(stderr, "latency %u/%u: %" PRIu64 " fps, %u s, %u "
				"tagged frames after %u s\n", no, c->repeat,
				c->rate_fps, c->duration_s, c->lat_tagged,
				c->lat_delay_s);
		rc = mode_run_trial(env, &trials, c->rate_fps, no, 1, &r, why,
				    sizeof(why), err, err_len);
		if (rc != 0)
			break;
		memset(&l, 0, sizeof(l));
		l.start = r.start;
		l.no = no;
		l.rate_fps = c->rate_fps;
		l.frame_size_b = c->frame_size_b;
		l.direction = c->direction;
		l.duration_s = c->duration_s;
		l.delay_s = c->lat_delay_s;
		l.timeout_ms = c->timeout_ms;
		l.seed = c->seed;
		pre = 0;
		l.verdict = r.verdict;
		l.reason = r.reason;
		for (d = 0; d < CFG_NB_DIRS && rc == 0; d++) {
			struct report_lat_dir *x = &l.dir[d];

			if (!cfg_dir_active(c, d))
				continue;
			rc = lat_fill(env, d, &r, x, &pre);
			if (rc != 0) {
				snprintf(err, err_len, "latency summary failed");
				break;
			}
			if (x->valid)
				printf("latency %s: TL %.3f us, WCL %.3f us (min "
				       "%.3f, max %.3f, mean %.3f), tagged %u, "
				       "lost %u%s\n", lat_dir_name[d], x->tl_us,
				       x->wcl_us, x->min_us, x->max_us,
				       x->mean_us, x->tagged, x->tagged_lost,
				       x->tagged_lost ? " (counted at the timeout)" : "");
			else
				printf("latency %s: no latency: all %u tagged "
				       "frames lost\n", lat_dir_name[d], x->tagged);
			tl[d][runs] = x->valid ? x->tl_us : NAN;
			wcl[d][runs] = x->valid ? x->wcl_us : NAN;
		}
		if (rc != 0)
			break;
		/* which TX stamps were used (see lat_tx_times) */
		l.timestamps = pre ? "tsc-before-tx" : "tsc";
		if (pre && !env->cli->quiet)
			fprintf(stderr, "latency: %u tagged frames arrived before "
				"tx_burst returned (synchronous PMD): their TX time "
				"is the TSC before the call\n", pre);
		if (r.verdict == VERDICT_INTERRUPTED)
			break;	/* an interrupted stream measures nothing */
		runs++;
		rc = report_latency_row(&l, row, sizeof(row));
		if (rc >= 0)
			rc = csv_append(&lat, row, err, err_len);
		fflush(stdout);
	}
	for (d = 0; d < CFG_NB_DIRS; d++) {
		uint32_t i, n = 0;

		for (i = 0; i < runs; i++)	/* runs with a latency */
			if (!isnan(tl[d][i])) {
				tl[d][n] = tl[d][i];
				wcl[d][n++] = wcl[d][i];
			}
		if (cfg_dir_active(c, d) && rc == 0) {
			char what[64];

			snprintf(what, sizeof(what), "%s TL", lat_dir_name[d]);
			mode_print_summary(stdout, what, tl[d], n, "us");
			snprintf(what, sizeof(what), "%s WCL", lat_dir_name[d]);
			mode_print_summary(stdout, what, wcl[d], n, "us");
		}
		free(tl[d]);
		free(wcl[d]);
	}
	csv_close(&trials);
	csv_close(&lat);
	if (rc < 0)
		return rc;
	return runinfo_append(env, time(NULL), runs ? "latency measured" :
			      "no complete run", err, err_len);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * trial: one elementary RFC 2544 trial in the context trial_ctx.c set up:
 * per trial fresh generators and receivers for the spec (rates, length,
 * flows, features), one common start instant for all lcores, launch, wait;
 * then trial_collect.c makes the row and the verdict from what each
 * lcore wrote.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>

#include "trial.h"
#include "trial_priv.h"

/* Drop whatever is queued on the receive ports before a trial starts
 * (answering the ARP requests / NS among it). */
static void
trial_flush_rx(struct trial_ctx *t)
{
	struct rte_mbuf *pkts[64];
	uint16_t nb, q;
	int s, polls;

	for (s = 0; s < CFG_NB_SIDES; s++)
		for (q = 0; q < t->port[s].nb_queues; q++)
			for (polls = 0; polls < 1024; polls++) {
				nb = rte_eth_rx_burst(t->port[s].id, q, pkts, 64);
				if (nb == 0)
					break;
				neigh_rx_idle(t, s, pkts, nb);	/* ARP / NS answered */
			}
}

/* Stream i of direction d for a trial of total frames from start. */
static void
trial_prepare_tx(struct trial_ctx *t, const struct trial_spec *spec,
		 enum cfg_dir_id d, unsigned int i, const struct pacer *pacer,
		 uint64_t seed, uint8_t trial_id)
{
	const struct cfg *c = t->cfg;
	struct engine_tx *tx = t->txs[d][i];
	unsigned int n = t->nb_streams[d];
	uint16_t lcore_id = tx->lcore_id;
	uint64_t first;

	memset(tx, 0, sizeof(*tx));
	tx->lcore_id = lcore_id;
	frame_gen_init(&tx->gen, &t->spec[d], streams_seed(seed, i));
	frame_gen_set_trial(&tx->gen, trial_id);
	tx->port_id = t->port[cfg_tx_side(d)].id;
	tx->queue_id = (uint16_t)i;
	tx->stream = (uint16_t)i;
	tx->nb_streams = (uint16_t)n;
	tx->seq_hi = n > 1 ? streams_seq(i, 0) : 0;
	tx->total = streams_total(pacer->total, i, n);
	tx->pool = t->port[cfg_tx_side(d)].tx_pool;
	/* one pool per port: stream 0 prefills it (same template for all) */
	if (i == 0)
		engine_tx_prefill(tx);
	else
		tx->prefilled = t->txs[d][0]->prefilled;
	tx->burst = c->burst;
	tx->lag_limit_tsc = pacer_ns_to_ticks((uint64_t)spec->max_lag_us * 1000,
					      t->hz);
	tx->pacer = *pacer;
	first = (tx->total < c->burst ? tx->total : c->burst) - 1;
	tx->next_deadline = n > 1 ? streams_deadline(pacer, i, n, first) :
				    pacer_deadline(pacer, first);
	tx->done = tx->total == 0;
	tx->drop_every = t->drop_every;
	tx->dup_every = t->dup_every;
	tx->inject = t->drop_every != 0 || t->dup_every != 0;
	tx->next_tag_seq = UINT64_MAX;
	sizes_ctr_init(&tx->unsent, &t->spec[d]);
}

/*
 * RFC 2544 26.5 rate change of stream i of a direction sending total
 * frames: trial_prepare_tx set it up for the frames before the change
 * (the direction's frames [0, change), pacer.total); from its first frame
 * at or after the change, then_seq, the stream paces on t->then[d], the
 * direction's schedule at the new rate, so the streams together change
 * rate at frame change as one stream does.  A stream with no frame before
 * the change starts on the new schedule.
 */
static void
trial_prepare_change(struct trial_ctx *t, enum cfg_dir_id d, unsigned int i,
		     uint64_t total)
{
	struct engine_tx *tx = t->txs[d][i];
	unsigned int n = t->nb_streams[d];
	uint64_t first;

	tx->then = &t->then[d];
	tx->then_seq = tx->total;	/* streams_total(change, i, n) */
	tx->total = streams_total(total, i, n);
	tx->done = tx->total == 0;
	if (tx->then_seq > 0 || tx->done)
		return;
	tx->pacer = *tx->then;
	tx->then = NULL;
	first = (tx->total < tx->burst ? tx->total : tx->burst) - 1;
	tx->next_deadline = streams_deadline(&tx->pacer, i, n, first);
}

static int
trial_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* First index of the ascending tags at or above seq. */
static uint32_t
trial_tag_bound(const struct engine_tags *g, uint64_t seq)
{
	uint32_t j = 0;

	while (j < g->nb && g->seq[j] < seq)
		j++;
	return j;
}

/*
 * Tags over several streams: the frame indexes feature_prepare placed
 * become the stamped numbers of the streams that send them, ascending;
 * each stream's sender walks its own slice, every queue's receiver looks
 * the whole list up.
 */
static void
trial_spread_tags(struct trial_ctx *t, enum cfg_dir_id d)
{
	struct engine_tags *g = t->tx[d].tags;
	unsigned int n = t->nb_streams[d], i, q;
	uint32_t j;

	if (g == NULL)
		return;
	if (n > 1) {
		for (j = 0; j < g->nb; j++)
			g->seq[j] = streams_seq((unsigned int)(g->seq[j] % n),
						g->seq[j] / n);
		qsort(g->seq, g->nb, sizeof(g->seq[0]), trial_cmp_u64);
	}
	for (i = 0; i < n; i++) {
		struct engine_tx *tx = t->txs[d][i];

		tx->tags = g;
		tx->next_tag = n > 1 ? trial_tag_bound(g, streams_seq(i, 0)) : 0;
		tx->tag_end = n > 1 && i + 1 < n ?
			trial_tag_bound(g, streams_seq(i + 1, 0)) : g->nb;
		tx->next_tag_seq = tx->next_tag < tx->tag_end ?
				   g->seq[tx->next_tag] : UINT64_MAX;
	}
	for (q = 1; q < t->nb_rxq[d]; q++)
		t->rxs[d][q]->tags = g;
}

/* RX queue q of direction d. */
static void
trial_prepare_rx(struct trial_ctx *t, const struct trial_spec *spec,
		 enum cfg_dir_id d, unsigned int q, const struct pacer *pacer,
		 uint8_t trial_id)
{
	struct engine_rx *rx = t->rxs[d][q];
	unsigned int n = t->nb_streams[d], i;
	uint64_t total = pacer->total, timeout_tsc;
	struct frame_cls cls = rx->cls;

	memset(rx, 0, sizeof(*rx));
	rx->cls = cls;
	rx->port_id = t->port[cfg_rx_side(d)].id;
	rx->cksum_hw = t->port[cfg_rx_side(d)].rx_cksum_hw;
	rx->wide = engine_rx_wide_ok();
	rx->queue_id = (uint16_t)q;
	rx->trial_id = trial_id;
	/* one queue cannot tell when every frame has arrived on all */
	rx->planned = t->nb_rxq[d] > 1 ? UINT64_MAX : total;
	/* The end of sending is the deadline of the frame after the last
	 * (start + duration for a trial by duration), then the timeout. */
	timeout_tsc = (uint64_t)spec->timeout_ms * (t->hz / 1000);
	rx->deadline_tsc = pacer_deadline(pacer, total) + timeout_tsc;
	/* Frames after the timeout count as lost; those within the grace
	 * window are also reported as late. */
	rx->late_until_tsc = rx->deadline_tsc +
		(uint64_t)(spec->timeout_ms < ENGINE_LATE_GRACE_MS ?
			   spec->timeout_ms : ENGINE_LATE_GRACE_MS) *
		(t->hz / 1000);
	rx->nb_streams = (uint16_t)n;
	sizes_ctr_init(&rx->sizes, &t->spec[d]);
	rxstate_init(&rx->state, t->bits[d][q]);	/* clears the window */
	rxstate_set_total(&rx->state, total);
	if (n > 1) {
		rx->stream_states = t->stream_states[d][q];
		for (i = 0; i < n; i++) {
			rxstate_init(&rx->stream_states[i], t->bits[d][q] +
				     (size_t)i * RXSTATE_WORDS);
			rxstate_set_total(&rx->stream_states[i],
					  streams_total(total, i, n));
		}
	}
}

/*
 * RFC 9004 flows: the source ports of direction d as spec asks, in the
 * frame spec the generators are made from and in every RX queue's
 * classifier (or the other queues would count the K flows' frames as
 * foreign and the burst as lost); nothing to do when they are already.
 */
static void
trial_apply_flows(struct trial_ctx *t, const struct trial_spec *spec,
		  enum cfg_dir_id d)
{
	uint32_t flows = spec->flows > 1 ? spec->flows : 0;
	struct frame_spec *fs = &t->spec[d];
	unsigned int q;

	if (flows == t->flows[d])
		return;
	if (t->flows[d] == 0)
		t->sport_saved[d] = fs->sport;
	if (flows == 0) {
		fs->sport = t->sport_saved[d];
	} else {
		uint16_t base = t->res.sport_base[d];

		fs->sport.mode = CFG_VAR_INCREASING;
		fs->sport.min = base;
		fs->sport.max = (uint16_t)(base + flows - 1);
	}
	t->flows[d] = flows;
	for (q = 0; q < t->nb_rxq[d]; q++)
		frame_cls_init(&t->rxs[d][q]->cls, fs);
}

static int
trial_prepare(struct trial_ctx *t, const struct trial_spec *spec,
	      enum cfg_dir_id d, uint64_t start, uint8_t trial_id, char *err,
	      size_t err_len)
{
	const struct cfg *c = t->cfg;
	struct engine_rx *rx = &t->rx[d];
	uint64_t total = trial_spec_frames(spec, d);
	unsigned int n = t->nb_streams[d], i, q;
	uint64_t trial_seed, most, change;
	struct pacer pacer;
	const struct pacer *last = &pacer;
	int rc;

	/* Reproducible per trial: the seed and the trial's number. */
	trial_seed = c->seed ^ ((uint64_t)(t->trials_run + 1) *
				UINT64_C(0x9e3779b97f4a7c15));
	change = trial_spec_change_frame(spec, d);
	trial_apply_flows(t, spec, d);
	/* RFC 2544 26.5: rate_fps up to frame change, then rate2 to the end */
	pacer_init(&pacer, start, t->hz, spec->rate_fps[d],
		   change < total ? change : total);
	if (change < total) {
		if (pacer_init_after(&t->then[d], &pacer, spec->rate2_fps[d],
				     total) != 0) {
			snprintf(err, err_len, "%s: rate change at frame %" PRIu64
				 ": its schedule starts before TSC 0",
				 trial_dir_name[d], change);
			return -EINVAL;
		}
		last = &t->then[d];
	}
	for (i = 0; i < n; i++)
		trial_prepare_tx(t, spec, d, i, &pacer, trial_seed, trial_id);
	/* stream 0's generator is seeded with trial_seed itself */
	most = frame_gen_max_frames(&t->tx[d].gen);
	if (n > 1 && most > (uint64_t)n * (STREAMS_SEQ_MASK - 1))
		most = (uint64_t)n * (STREAMS_SEQ_MASK - 1);
	if (total > most) {
		snprintf(err, err_len,
			 "%s: %" PRIu64 " frames: above the %" PRIu64
			 " that the stamp of %" PRIu32 "-byte frames numbers over %u stream%s (docs/frames.md, docs/accounting.md)",
			 trial_dir_name[d], total, most, t->res.report_size_b, n,
			 n == 1 ? "" : "s");
		return -EINVAL;
	}
	for (i = 0; change < total && i < n; i++)
		trial_prepare_change(t, d, i, total);
	for (q = 0; q < t->nb_rxq[d]; q++)
		trial_prepare_rx(t, spec, d, q, last, trial_id);
	rc = feature_prepare(t, spec, d, total, err, err_len);
	if (rc != 0)
		return rc;
	trial_spread_tags(t, d);
	rx->frame_timeout_tsc = pacer_ns_to_ticks((uint64_t)spec->frame_timeout_ms *
						  1000000, t->hz);
	rx->need_delay = rx->delays != NULL || rx->frame_timeout_tsc != 0;
	for (q = 1; q < t->nb_rxq[d]; q++) {
		t->rxs[d][q]->frame_timeout_tsc = rx->frame_timeout_tsc;
		t->rxs[d][q]->need_delay = rx->need_delay;
	}
	for (q = 0; q < t->nb_rxq[d]; q++) {
		rc = delay_tsc_scale_init(&t->rxs[d][q]->scale, t->hz);
		if (rc != 0) {
			snprintf(err, err_len, "TSC frequency %" PRIu64 " Hz: too low",
				 t->hz);
			return rc;
		}
	}
	t->send_end_tsc[d] = pacer_deadline(last, total);
	if (rx->recov != NULL) {	/* feature_prepare set them up */
		t->recov_dir[d].start_tsc = start;
		t->recov_dir[d].end_tsc = t->send_end_tsc[d];
	}
	return 0;
}

/* The spec against what trial_ctx_init set up for the configuration. */
static int
trial_check_spec(const struct trial_ctx *t, const struct trial_spec *spec,
		 char *err, size_t err_len)
{
	int d, rc;

	rc = trial_spec_check(spec, err, err_len);
	if (rc != 0)
		return rc;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!spec->active[d])
			continue;
		if (!t->res.active[d]) {
			snprintf(err, err_len, "trial: the %s direction is not "
				 "configured ([traffic] direction)",
				 trial_dir_name[d]);
			return -EINVAL;
		}
		if (!frame_flows_fit(t->res.sport_base[d], spec->flows)) {
			snprintf(err, err_len, "trial: %u flows from source "
				 "port %u of the %s direction: beyond 65535",
				 spec->flows, t->res.sport_base[d],
				 trial_dir_name[d]);
			return -EINVAL;
		}
	}
	return 0;
}

uint64_t
trial_start_tsc(const struct trial_ctx *t)
{
	return t->start_tsc;
}

uint64_t
trial_send_end_tsc(const struct trial_ctx *t, enum cfg_dir_id d)
{
	return t->send_end_tsc[d];
}

/* The main lcore without a role: t->watch until every worker is done. */
static void
trial_watch(struct trial_ctx *t, uint64_t start)
{
	unsigned int i, running;

	do {
		rte_delay_us_sleep(TRIAL_WATCH_MS * 1000);
		t->watch(t, start, t->watch_arg);
		for (i = 0, running = 0; i < t->nb_lcores; i++)
			running += rte_eal_get_lcore_state(t->lcores[i].lcore_id) ==
				   RUNNING;
	} while (running > 0);
}

/* Who starts the lcores: those with an active role, all at start. */
static int
trial_launch(struct trial_ctx *t, uint64_t start, char *err, size_t err_len)
{
	unsigned int i, main_id = rte_get_main_lcore();
	struct engine_lcore *main_lc = NULL;
	int rc;

	for (i = 0; i < t->nb_lcores; i++) {
		struct engine_lcore *lc = &t->lcores[i];

		lc->start_tsc = start;
		if (lc->lcore_id == main_id) {
			main_lc = lc;
			continue;
		}
		rc = rte_eal_remote_launch(engine_lcore_main, lc, lc->lcore_id);
		if (rc != 0) {
			engine_stop = 1;
			rte_eal_mp_wait_lcore();
			snprintf(err, err_len, "cannot launch lcore %u: %s",
				 lc->lcore_id, rte_strerror(-rc));
			return rc;
		}
	}
	if (main_lc != NULL)
		engine_lcore_main(main_lc);
	else if (t->watch != NULL)
		trial_watch(t, start);
	rte_eal_mp_wait_lcore();
	return 0;
}

int
trial_run(struct trial_ctx *t, const struct trial_spec *spec,
	  struct report_trial *out, char *why, size_t why_len, char *err,
	  size_t err_len)
{
	const struct cfg *c = t->cfg;
	uint64_t start, answered[CFG_NB_DIRS], learned[CFG_NB_DIRS];
	uint8_t trial_id = trial_next_id(t);
	int d, rc;

	memset(out, 0, sizeof(*out));
	rc = trial_check_spec(t, spec, err, err_len);
	if (rc != 0)
		return rc;
	trial_spec_report(spec, out);
	out->frame_size_b = t->res.report_size_b;
	snprintf(out->imix_note, sizeof(out->imix_note), "%s", t->res.imix_note);
	out->imix = out->imix_note;	/* RFC 6985's notation */
	trial_res_rate_mbps(&t->res, out->rate_fps, &out->rate_l2_mbps,
			    &out->rate_l1_mbps);
	out->seed = c->seed;

	neigh_learning(t, spec, learned);	/* RFC 2544 23 (b) */
	trial_flush_rx(t);
	rc = feature_begin(t, spec, err, err_len);
	if (rc != 0)
		return rc;
	/* One common start instant, 50 ms ahead so every lcore is waiting. */
	start = rte_rdtsc() + t->hz / 20;
	t->start_tsc = start;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (t->res.active[d] && !spec->active[d]) {
			/* configured but idle in this trial: nothing to do */
			unsigned int k;

			for (k = 0; k < t->nb_streams[d]; k++) {
				struct engine_tx *tx = t->txs[d][k];
				uint16_t id = tx->lcore_id;

				memset(tx, 0, sizeof(*tx));
				tx->lcore_id = id;
				tx->done = true;
			}
			for (k = 0; k < t->nb_rxq[d]; k++)
				t->rxs[d][k]->done = true;
			continue;
		}
		if (!spec->active[d])
			continue;
		rc = trial_prepare(t, spec, d, start, trial_id, err, err_len);
		if (rc != 0)
			return rc;
	}
	neigh_trial_wire(t);
	t->trials_run++;
	out->start = time(NULL);

	if (t->on_launch != NULL)
		t->on_launch(t, start, t->on_launch_arg);
	rc = trial_launch(t, start, err, err_len);
	if (rc != 0)
		return rc;
	trial_collect(t, spec, engine_stop != 0, out, why, why_len);
	neigh_trial_end(t, answered);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		out->dir[d].answered = answered[d];
		out->dir[d].learning = learned[d];
	}
	return 0;
}


/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * trial: one elementary RFC 2544 trial.  Sets up both ports once, then per
 * trial: fresh generators and receivers, one common start instant for all
 * lcores, launch, wait, and the verdict from what each lcore wrote.
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
#include <rte_malloc.h>

#include "dpdk.h"

const char *const trial_side_name[CFG_NB_SIDES] = { "left", "right" };
const char *const trial_dir_name[CFG_NB_DIRS] = { "forward", "reverse" };

static struct engine_lcore *
trial_lcore(struct trial_ctx *t, unsigned int lcore_id)
{
	unsigned int i;

	for (i = 0; i < t->nb_lcores; i++)
		if (t->lcores[i].lcore_id == lcore_id)
			return &t->lcores[i];
	t->lcores[t->nb_lcores].lcore_id = lcore_id;
	return &t->lcores[t->nb_lcores++];
}

static int
trial_check_lcore(unsigned int lcore_id, const char *side, const char *key,
		  char *err, size_t err_len)
{
	if (lcore_id >= RTE_MAX_LCORE || !rte_lcore_is_enabled(lcore_id)) {
		snprintf(err, err_len,
			 "[%s] %s = %u: lcore not enabled in the EAL (give it "
			 "with -l / --lcores)", side, key, lcore_id);
		return -EINVAL;
	}
	return 0;
}

static void
trial_check_tsc(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	bool constant = false, nonstop = false;

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "flags", 5) != 0)
			continue;
		constant = strstr(line, " constant_tsc") != NULL;
		nonstop = strstr(line, " nonstop_tsc") != NULL;
		break;
	}
	fclose(f);
	if (!constant || !nonstop)
		fprintf(stderr, "dutperf: warning: TSC is not invariant "
			"(constant_tsc %s, nonstop_tsc %s): timing may drift\n",
			constant ? "yes" : "no", nonstop ? "yes" : "no");
}

/* Test aids from the environment; loud, since they fake a faulty wire. */
static void
trial_fault_env(const char *name, uint32_t *every)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n;

	if (v == NULL || *v == '\0')
		return;
	n = strtoul(v, &end, 10);
	if (*end != '\0' || n == 0 || n > UINT32_MAX) {
		fprintf(stderr, "dutperf: ignoring %s=\"%s\" (want 1..%u)\n",
			name, v, UINT32_MAX);
		return;
	}
	*every = (uint32_t)n;
	fprintf(stderr, "dutperf: TEST AID ACTIVE: %s=%lu (results are faked)\n",
		name, n);
}

/* The lcores of one side's role: checked, and its key for messages. */
static int
trial_role_lcores(const struct cfg *c, enum cfg_side_id s, bool send,
		  uint16_t *l, unsigned int *nb, char *err, size_t err_len)
{
	const struct cfg_side *sd = &c->side[s];
	bool list = (send ? sd->send_lcores : sd->recv_lcores)[0] != '\0';
	const char *key = send ? (list ? "send_lcores" : "send_lcore") :
				 (list ? "recv_lcores" : "recv_lcore");
	unsigned int i;
	int rc;

	rc = cfg_side_lcores(c, s, send, l, STREAMS_MAX, nb, err, err_len);
	for (i = 0; rc == 0 && i < *nb; i++)
		rc = trial_check_lcore(l[i], trial_side_name[s], key, err,
				       err_len);
	return rc;
}

static void *
trial_zalloc(const char *what, size_t size, unsigned int lcore_id)
{
	return rte_zmalloc_socket(what, size, RTE_CACHE_LINE_SIZE,
				  (int)rte_lcore_to_socket_id(lcore_id));
}

/*
 * Direction d's streams (one engine_tx each, stream i on the (i mod n)-th
 * sender lcore) and RX queues (one engine_rx each, queue q on the (q mod
 * m)-th receiver lcore, with a window per stream), each in memory near
 * its lcore.  Stream 0 and queue 0 are t->tx[d] and t->rx[d].
 */
static int
trial_streams_init(struct trial_ctx *t, enum cfg_dir_id d, char *err,
		   size_t err_len)
{
	const struct cfg *c = t->cfg;
	enum cfg_side_id ts = cfg_tx_side(d), rs = cfg_rx_side(d);
	uint16_t sl[STREAMS_MAX], rl[STREAMS_MAX];
	unsigned int nsl, nrl, n, q, i;
	struct engine_lcore *lc;
	int rc;

	rc = trial_role_lcores(c, ts, true, sl, &nsl, err, err_len);
	if (rc == 0)
		rc = trial_role_lcores(c, rs, false, rl, &nrl, err, err_len);
	if (rc != 0)
		return rc;
	n = t->nb_streams[d] = c->side[ts].queues;
	t->nb_rxq[d] = c->side[rs].queues;
	for (i = 0; i < n; i++) {
		unsigned int id = sl[i % nsl];
		struct engine_tx *tx = i == 0 ? &t->tx[d] :
			trial_zalloc("dpt_tx", sizeof(*tx), id);

		if (tx == NULL)
			goto nomem;
		t->txs[d][i] = tx;
		tx->lcore_id = id;
		lc = trial_lcore(t, id);
		lc->tx[lc->nb_tx++] = tx;
	}
	for (q = 0; q < t->nb_rxq[d]; q++) {
		unsigned int id = rl[q % nrl];
		struct engine_rx *rx = q == 0 ? &t->rx[d] :
			trial_zalloc("dpt_rx", sizeof(*rx), id);

		if (rx == NULL)
			goto nomem;
		t->rxs[d][q] = rx;
		lc = trial_lcore(t, id);
		lc->rx[lc->nb_rx++] = rx;
		frame_cls_init(&rx->cls, &t->spec[d]);
		t->bits[d][q] = trial_zalloc("rxbits", (size_t)n * RXSTATE_WINDOW / 8,
					     id);
		if (t->bits[d][q] == NULL)
			goto nomem;
		if (n > 1) {
			t->sst[d][q] = trial_zalloc("rxstates",
						    n * sizeof(struct rxstate), id);
			if (t->sst[d][q] == NULL)
				goto nomem;
		}
	}
	return 0;
nomem:
	snprintf(err, err_len, "no memory for the %s streams and queues",
		 trial_dir_name[d]);
	return -ENOMEM;
}

int
trial_ctx_init(struct trial_ctx *t, const struct cfg *c, char *err,
	       size_t err_len)
{
	int d, s, rc;

	memset(t, 0, sizeof(*t));
	t->cfg = c;
	t->hz = rte_get_tsc_hz();
	trial_check_tsc();
	trial_fault_env("DUTPERF_DEBUG_DROP_EVERY", &t->drop_every);
	trial_fault_env("DUTPERF_DEBUG_DUP_EVERY", &t->dup_every);

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!cfg_dir_active(c, d))
			continue;
		rc = frame_spec_from_cfg(&t->spec[d], c, d, err, err_len);
		if (rc == 0)
			rc = trial_streams_init(t, d, err, err_len);
		if (rc != 0)
			return rc;
	}

	for (s = 0; s < CFG_NB_SIDES; s++) {
		rc = port_setup(&t->port[s], c->side[s].port_id, trial_side_name[s],
				c->side[s].queues, c, err, err_len);
		if (rc != 0)
			return rc;
	}
	for (s = 0; s < CFG_NB_SIDES; s++) {
		rc = port_wait_link(&t->port[s], trial_side_name[s], c, err, err_len);
		if (rc != 0)
			return rc;
	}
	for (d = 0; d < CFG_NB_DIRS; d++) {
		int tx_sock = t->port[cfg_tx_side(d)].socket;
		unsigned int lc;

		if (!cfg_dir_active(c, d))
			continue;
		lc = t->txs[d][0]->lcore_id;
		if (rte_lcore_to_socket_id(lc) != (unsigned int)tx_sock)
			fprintf(stderr, "dutperf: warning: %s sender lcore %u is "
				"on socket %u, its port on socket %d\n",
				trial_dir_name[d], lc, rte_lcore_to_socket_id(lc),
				tx_sock);
	}
	return 0;
}

void
trial_ctx_fini(struct trial_ctx *t)
{
	int i;

	/*
	 * Both ports stopped first, one after the other, then a pause before
	 * closing: two memif ports of one process are each other's peers,
	 * and stopping or closing one while DPDK's interrupt thread still
	 * handles the other's disconnect crashes inside librte_net_memif
	 * (DPDK 22.11, docs/robustness.md).
	 */
	for (i = 0; i < CFG_NB_SIDES; i++) {
		int j;

		port_stop(&t->port[i]);
		for (j = i + 1; j < CFG_NB_SIDES; j++)
			port_wait_peer_stopped(&t->port[j]);
	}
	if (t->port[0].started || t->port[1].started)
		rte_delay_us_sleep(100 * 1000);
	for (i = 0; i < CFG_NB_SIDES; i++)
		port_teardown(&t->port[i]);
	feature_detach(t);
	for (i = 0; i < CFG_NB_DIRS; i++) {
		unsigned int k;

		for (k = 0; k < STREAMS_MAX; k++) {
			rte_free(t->bits[i][k]);
			rte_free(t->sst[i][k]);
			t->bits[i][k] = NULL;
			t->sst[i][k] = NULL;
			if (k > 0) {
				rte_free(t->txs[i][k]);
				rte_free(t->rxs[i][k]);
			}
			t->txs[i][k] = NULL;
			t->rxs[i][k] = NULL;
		}
	}
}

/* Drop whatever is queued on the receive ports before a trial starts. */
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
				rte_pktmbuf_free_bulk(pkts, nb);
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
	rxstate_init(&rx->st, t->bits[d][q]);	/* clears the window */
	rxstate_set_total(&rx->st, total);
	if (n > 1) {
		rx->sst = t->sst[d][q];
		for (i = 0; i < n; i++) {
			rxstate_init(&rx->sst[i], t->bits[d][q] +
				     (size_t)i * RXSTATE_WORDS);
			rxstate_set_total(&rx->sst[i], streams_total(total, i, n));
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
		uint16_t base = cfg_b2b_sport_base(t->cfg, d);

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
	if ((spec->delays || spec->recov_track || change < total ||
	     spec->phase != TRIAL_PHASE_PLAIN) && (n > 1 || t->nb_rxq[d] > 1)) {
		snprintf(err, err_len, "%s: %s with several streams or RX queues "
			 "is not supported yet ([%s] queues = %u, [%s] queues = %u)",
			 trial_dir_name[d], spec->delays ?
			 "every frame's delay (pdv)" : spec->phase != TRIAL_PHASE_PLAIN ?
			 "a stateful phase" : "a rate change or recovery records",
			 trial_side_name[cfg_tx_side(d)], n,
			 trial_side_name[cfg_rx_side(d)], t->nb_rxq[d]);
		return -EINVAL;
	}
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
			 trial_dir_name[d], total, most, c->frame_size_b, n,
			 n == 1 ? "" : "s");
		return -EINVAL;
	}
	if (change < total) {	/* one stream (checked above) */
		t->tx[d].then = &t->then[d];
		t->tx[d].total = total;
	}
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
	if (rx->recov != NULL) {	/* one stream, one queue (checked) */
		rx->st.lost = &rx->recov->lost;
		rx->recov->start_tsc = start;
		rx->recov->end_tsc = t->send_end_tsc[d];
	}
	return 0;
}

/* A stream's frame k as the direction's frame index (messages). */
static uint64_t
trial_frame_index(const struct engine_tx *tx, uint64_t k)
{
	return tx->nb_streams > 1 ? k * tx->nb_streams + tx->stream : k;
}

/* The sender of direction d that fell behind the most. */
static const struct engine_tx *
trial_worst_tx(const struct trial_ctx *t, enum cfg_dir_id d)
{
	const struct engine_tx *w = t->txs[d][0];
	unsigned int i;

	for (i = 1; i < t->nb_streams[d]; i++)
		if (t->txs[d][i]->max_lag_tsc > w->max_lag_tsc ||
		    (t->txs[d][i]->aborted && !w->aborted))
			w = t->txs[d][i];
	return w;
}

/*
 * Receiver counts of direction d: one stream on one queue as it is, else
 * each stream merged over the queues (streams_merge), then summed.
 */
static void
trial_rx_counts(const struct trial_ctx *t, enum cfg_dir_id d,
		struct rxstate_counts *c)
{
	unsigned int n = t->nb_streams[d], nq = t->nb_rxq[d], i, q;
	const struct rxstate *st[STREAMS_MAX];
	struct rxstate_counts one;

	if (n == 1 && nq == 1) {
		*c = t->rx[d].st.c;
		return;
	}
	memset(c, 0, sizeof(*c));
	for (i = 0; i < n; i++) {
		for (q = 0; q < nq; q++)
			st[q] = n > 1 ? &t->rxs[d][q]->sst[i] : &t->rxs[d][q]->st;
		streams_merge(&one, st, nq, t->txs[d][i]->total);
		c->received += one.received;
		c->duplicates += one.duplicates;
		c->reordered += one.reordered;
		c->late += one.late;
		c->beyond += one.beyond;
		c->old += one.old;
	}
}

static void
trial_collect(struct trial_ctx *t, enum cfg_dir_id d, struct report_dir *out)
{
	const struct engine_tx *w = trial_worst_tx(t, d);
	struct verdict_dir *v = &out->v;
	struct rxstate_counts rc;
	unsigned int i, q;
	int k;

	out->active = true;
	v->name = trial_dir_name[d];
	v->planned = t->tx[d].then != NULL ? t->tx[d].then->total :
		     t->tx[d].pacer.total;
	v->sent = 0;
	for (i = 0; i < t->nb_streams[d]; i++) {
		const struct engine_tx *tx = t->txs[d][i];

		v->sent += tx->sent;
		out->injected_drops += tx->injected_drops;
		out->injected_dups += tx->injected_dups;
		/* Rate accuracy: frames that left between the first and the
		 * last burst over the time between them (TSC when each burst
		 * was built); the direction's is the sum of its streams'. */
		if (tx->last_burst_seq > 0 && tx->last_burst_tsc > tx->first_tsc)
			out->achieved_fps += (double)tx->last_burst_seq *
					     (double)t->hz /
					     (double)(tx->last_burst_tsc - tx->first_tsc);
	}
	/* Frames never handed to the PMD count as unsent too. */
	v->unsent = v->planned - v->sent;
	rxstate_flush_lost(&t->rx[d].st);	/* once, at the end (recovery) */
	trial_rx_counts(t, d, &rc);
	v->received = rc.received;
	v->lost = v->sent > v->received ? v->sent - v->received : 0;
	v->duplicates = rc.duplicates;
	v->reordered = rc.reordered;
	v->late = rc.late;
	v->foreign = 0;
	out->stale = 0;
	for (q = 0; q < t->nb_rxq[d]; q++) {
		const struct engine_rx *rx = t->rxs[d][q];

		const struct rxstate *st = t->nb_streams[d] > 1 ? rx->sst : &rx->st;

		for (k = 0; k < FRAME_KIND_COUNT; k++)
			out->kinds[k] += rx->kinds[k];
		out->stale += rx->stale;
		/* every test frame of this trial the queue saw */
		for (i = 0; i < t->nb_streams[d]; i++)
			out->queue_ours[q] += st[i].c.received + st[i].c.duplicates +
					      st[i].c.late + st[i].c.old +
					      st[i].c.beyond;
	}
	out->nb_streams = t->nb_streams[d];
	out->nb_queues = t->nb_rxq[d];
	for (k = 0; k < FRAME_KIND_COUNT; k++)
		if (k != FRAME_OURS)
			v->foreign += out->kinds[k];
	/* any stream behind its schedule makes the direction's lag */
	v->max_lag_ns = pacer_ticks_to_ns(w->max_lag_tsc, t->hz);
	out->bogus = rc.old + rc.beyond;
	out->max_lag_frame = trial_frame_index(w, w->max_lag_seq);
}

uint64_t
trial_pub_sent(const struct trial_ctx *t, enum cfg_dir_id d)
{
	uint64_t sent = 0;
	unsigned int i;

	for (i = 0; i < t->nb_streams[d]; i++)
		sent += engine_tx_pub_sent(t->txs[d][i]);
	return sent;
}

void
trial_pub_rx(const struct trial_ctx *t, enum cfg_dir_id d,
	     struct engine_rx_pub *out)
{
	struct engine_rx_pub p;
	unsigned int q;

	memset(out, 0, sizeof(*out));
	for (q = 0; q < t->nb_rxq[d]; q++) {
		engine_rx_pub_read(t->rxs[d][q], &p);
		out->received += p.received;
		out->duplicates += p.duplicates;
		out->reordered += p.reordered;
		out->late += p.late;
	}
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
		if (!cfg_dir_active(t->cfg, d)) {
			snprintf(err, err_len, "trial: the %s direction is not "
				 "configured ([traffic] direction)",
				 trial_dir_name[d]);
			return -EINVAL;
		}
		if (spec->flows > 1 && (uint32_t)cfg_b2b_sport_base(t->cfg, d) +
					       spec->flows - 1 > 65535) {
			snprintf(err, err_len, "trial: %u flows from source "
				 "port %u of the %s direction: beyond 65535",
				 spec->flows, cfg_b2b_sport_base(t->cfg, d),
				 trial_dir_name[d]);
			return -EINVAL;
		}
	}
	return 0;
}

uint64_t
trial_send_ended_tsc(const struct trial_ctx *t, enum cfg_dir_id d)
{
	uint64_t end = 0;
	unsigned int i;

	for (i = 0; i < t->nb_streams[d]; i++) {
		const struct engine_tx *tx = t->txs[d][i];

		if (tx->done && !tx->aborted)
			return t->send_end_tsc[d];	/* the schedule's end */
		if (tx->last_burst_tsc > end)
			end = tx->last_burst_tsc;
	}
	return end < t->send_end_tsc[d] ? end : t->send_end_tsc[d];
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

const char *
trial_port_driver(const struct trial_ctx *t, enum cfg_side_id s)
{
	return t->port[s].driver;
}

bool
trial_main_has_role(const struct trial_ctx *t)
{
	unsigned int i, main_id = rte_get_main_lcore();

	for (i = 0; i < t->nb_lcores; i++)
		if (t->lcores[i].lcore_id == main_id)
			return true;
	return false;
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
	struct verdict_dir dirs[CFG_NB_DIRS];
	unsigned int nb_dirs = 0;
	uint64_t start;
	uint8_t trial_id = trial_next_id(t);
	bool interrupted;
	int d, rc;

	memset(out, 0, sizeof(*out));
	rc = trial_check_spec(t, spec, err, err_len);
	if (rc != 0)
		return rc;
	trial_spec_report(spec, out);
	out->frame_size_b = c->frame_size_b;
	out->seed = c->seed;

	trial_flush_rx(t);
	rc = feature_begin(t, spec, err, err_len);
	if (rc != 0)
		return rc;
	/* One common start instant, 50 ms ahead so every lcore is waiting. */
	start = rte_rdtsc() + t->hz / 20;
	t->start_tsc = start;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (cfg_dir_active(c, d) && !spec->active[d]) {
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
	t->trials_run++;
	out->start = time(NULL);

	if (t->on_launch != NULL)
		t->on_launch(t, start, t->on_launch_arg);
	rc = trial_launch(t, start, err, err_len);
	if (rc != 0)
		return rc;
	interrupted = engine_stop != 0;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!spec->active[d])
			continue;
		trial_collect(t, d, &out->dir[d]);
		dirs[nb_dirs++] = out->dir[d].v;
	}
	out->verdict = verdict_eval_msg(dirs, nb_dirs, spec->loss_ppm,
					(uint64_t)spec->max_lag_us * 1000,
					interrupted, why, why_len);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct engine_tx *w;

		if (!spec->active[d] || out->verdict != VERDICT_INVALID)
			continue;
		w = trial_worst_tx(t, d);
		if (!w->aborted)
			continue;
		snprintf(why, why_len, "%s: sender %" PRIu64 " us behind "
			 "schedule at frame %" PRIu64 " of %" PRIu64
			 " (limit %u us): stopped", trial_dir_name[d],
			 out->dir[d].v.max_lag_ns / 1000,
			 trial_frame_index(w, w->max_lag_seq), out->dir[d].v.planned,
			 spec->max_lag_us);
		break;
	}
	out->reason = why;
	feature_collect(t, spec, out);
	out->loss_ratio = proc_loss_ratio(out);
	return 0;
}

void
trial_print(FILE *f, const struct report_trial *r)
{
	int d, k;

	fprintf(f, "trial: %" PRIu64 " fps, %u B, %u s, timeout %u ms: %s%s%s\n",
		r->rate_fps, r->frame_size_b, r->duration_s, r->timeout_ms,
		verdict_name(r->verdict), r->reason && *r->reason ? " - " : "",
		r->reason ? r->reason : "");
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct report_dir *x = &r->dir[d];

		if (!x->active)
			continue;
		fprintf(f, "  %-7s sent %" PRIu64 " of %" PRIu64
			", received %" PRIu64 ", lost %" PRIu64
			", dup %" PRIu64 ", reordered %" PRIu64 ", late %" PRIu64
			", foreign %" PRIu64 ", stale %" PRIu64 ", bogus %" PRIu64
			", max lag %" PRIu64 " us at frame %" PRIu64 "\n",
			trial_dir_name[d], x->v.sent, x->v.planned, x->v.received,
			x->v.lost, x->v.duplicates, x->v.reordered, x->v.late,
			x->v.foreign, x->stale, x->bogus, x->v.max_lag_ns / 1000,
			x->max_lag_frame);
		if (x->v.foreign != 0) {
			fprintf(f, "  %-7s foreign:", trial_dir_name[d]);
			for (k = 0; k < FRAME_KIND_COUNT; k++)
				if (k != FRAME_OURS && x->kinds[k] != 0)
					fprintf(f, " %s %" PRIu64, frame_kind_name(k),
						x->kinds[k]);
			fputc('\n', f);
		}
		if (x->nb_streams > 1 || x->nb_queues > 1) {
			fprintf(f, "  %-7s %u stream%s; test frames per RX queue:",
				trial_dir_name[d], x->nb_streams,
				x->nb_streams == 1 ? "" : "s");
			for (k = 0; k < (int)x->nb_queues; k++)
				fprintf(f, " %" PRIu64, x->queue_ours[k]);
			fputc('\n', f);
		}
		if (x->injected_drops || x->injected_dups)
			fprintf(f, "  %-7s test aid: %" PRIu64 " frames dropped, %"
				PRIu64 " duplicated by the sender\n", trial_dir_name[d],
				x->injected_drops, x->injected_dups);
	}
}

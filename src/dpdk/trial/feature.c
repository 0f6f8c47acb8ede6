/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * feature: measurements and behaviours a trial carries only when its spec
 * asks for them, each attached once by a mode's setup (allocate), then
 * reached through this file's facade: feature_start_run (each run of the
 * procedure), feature_prepare (each trial, per direction), feature_begin
 * (right before the lcores start), feature_collect (after the trial;
 * modes read their figures with feature_latency, _pdv, _recov):
 *   tags     RFC 8219 7.2 latency of tagged frames (engine_tags)
 *   delays   RFC 8219 7.3 delay of every frame, PDV and IPDV (engine_delays,
 *            one per RX queue, merged after the trial)
 *   recov    RFC 2544 26.5 / 26.6 lost frames from a rate change on and the
 *            largest arrival gap (engine_recov per RX queue, recovery.h;
 *            merged per stream over the queues, then over the streams,
 *            into engine_recov_dir)
 *   stateful RFC 9693 phases: the Initiator's enumerated frames, the
 *            Responder's state table and its answers (feature_stateful.c)
 * The hot loops see a feature only as a pointer in engine_tx / engine_rx,
 * NULL when the trial does not carry it.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_lcore.h>
#include <rte_malloc.h>

#include "trial.h"
#include "feature_priv.h"

/* Zeroed memory near the lcore that writes it. */
static void *
feature_alloc(size_t size, unsigned int lcore, const char *what, char *err,
	      size_t err_len)
{
	void *p = rte_zmalloc_socket(what, size, RTE_CACHE_LINE_SIZE,
				     (int)rte_lcore_to_socket_id(lcore));

	if (p == NULL)
		snprintf(err, err_len, "no memory for %s (%zu bytes)", what, size);
	return p;
}

int
feature_attach_tags(struct trial_ctx *t, uint32_t nb, char *err,
		    size_t err_len)
{
	const struct cfg *c = t->cfg;
	size_t size = (size_t)(nb ? nb : 1) * sizeof(uint64_t);
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		unsigned int tx_lc = c->side[cfg_tx_side(d)].send_lcore;
		unsigned int rx_lc = c->side[cfg_rx_side(d)].recv_lcore;
		struct engine_tags *g;

		if (!t->res.active[d] || t->tags[d] != NULL)
			continue;
		g = feature_alloc(sizeof(*g), tx_lc, "tags", err, err_len);
		if (g == NULL)
			return -ENOMEM;
		t->tags[d] = g;
		g->seq = feature_alloc(size, tx_lc, "tag list", err, err_len);
		g->tx_tsc = feature_alloc(size, tx_lc, "tag TX stamps", err,
					  err_len);
		g->rx_tsc = feature_alloc(size, rx_lc, "tag RX stamps", err,
					  err_len);
		if (!g->seq || !g->tx_tsc || !g->rx_tsc)
			return -ENOMEM;
		g->cap = nb;
	}
	return 0;
}

/* The lcore that reads RX queue rx (its memory goes near it). */
static unsigned int
feature_rx_lcore(const struct trial_ctx *t, const struct engine_rx *rx)
{
	unsigned int i, j;

	for (i = 0; i < t->nb_lcores; i++)
		for (j = 0; j < t->lcores[i].nb_rx; j++)
			if (t->lcores[i].rx[j] == rx)
				return t->lcores[i].lcore_id;
	return rte_get_main_lcore();
}

/* fn for RX queue q of direction d, read by lcore lc: 0 or -ENOMEM. */
typedef int (*feature_rxq_fn)(struct trial_ctx *t, int d, unsigned int q,
			      unsigned int lc, char *err, size_t err_len);

/* fn for every RX queue of every active direction; stops at an error. */
static int
feature_each_rxq(struct trial_ctx *t, feature_rxq_fn fn, char *err,
		 size_t err_len)
{
	unsigned int q;
	int d, rc;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!t->res.active[d])
			continue;
		for (q = 0; q < t->nb_rxq[d]; q++) {
			rc = fn(t, d, q, feature_rx_lcore(t, t->rxs[d][q]), err,
				err_len);
			if (rc < 0)
				return rc;
		}
	}
	return 0;
}

static int
feature_attach_delays_q(struct trial_ctx *t, int d, unsigned int q,
			unsigned int lc, char *err, size_t err_len)
{
	struct engine_delays *delays;

	if (t->delays[d][q] != NULL)
		return 0;
	delays = feature_alloc(sizeof(*delays), lc, "delays", err, err_len);
	if (delays == NULL)
		return -ENOMEM;
	t->delays[d][q] = delays;
	delays->hist = feature_alloc(sizeof(*delays->hist), lc,
				     "delay histogram", err, err_len);
	delays->ipdv = feature_alloc(sizeof(*delays->ipdv), lc,
				     "IPDV histograms", err, err_len);
	if (delays->hist == NULL || delays->ipdv == NULL)
		return -ENOMEM;
	return 0;
}

int
feature_attach_delays(struct trial_ctx *t, char *err, size_t err_len)
{
	return feature_each_rxq(t, feature_attach_delays_q, err, err_len);
}

static int
feature_attach_recov_q(struct trial_ctx *t, int d, unsigned int q,
		       unsigned int lc, char *err, size_t err_len)
{
	if (t->recov[d][q] != NULL)
		return 0;
	t->recov[d][q] = feature_alloc(sizeof(*t->recov[d][q]), lc,
				       "recovery records", err, err_len);
	return t->recov[d][q] == NULL ? -ENOMEM : 0;
}

int
feature_attach_recov(struct trial_ctx *t, char *err, size_t err_len)
{
	return feature_each_rxq(t, feature_attach_recov_q, err, err_len);
}

const struct engine_recov_dir *
feature_recov(const struct trial_ctx *t, enum cfg_dir_id d)
{
	return t->rx[d].recov != NULL ? &t->recov_dir[d] : NULL;
}

void
feature_detach(struct trial_ctx *t)
{
	int d;

	unsigned int q;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct engine_tags *g = t->tags[d];

		if (g != NULL) {
			rte_free(g->seq);
			rte_free(g->tx_tsc);
			rte_free(g->rx_tsc);
			rte_free(g);
		}
		t->tags[d] = NULL;
		for (q = 0; q < STREAMS_MAX; q++) {
			struct engine_delays *delays = t->delays[d][q];

			if (delays != NULL) {
				rte_free(delays->hist);
				rte_free(delays->ipdv);
				rte_free(delays);
			}
			if (t->recov[d][q] != NULL)
				rte_free(t->recov[d][q]->spill);
			rte_free(t->recov[d][q]);
			t->delays[d][q] = NULL;
			t->recov[d][q] = NULL;
		}
	}
	feature_stateful_detach(t);
}

int
feature_start_run(struct trial_ctx *t, char *err, size_t err_len)
{
	return feature_stateful_start_run(t, err, err_len);
}

/*
 * The recovery records of RX queue q for a trial of total frames with the
 * rate change at frame change (UINT64_MAX: none): per stream the lost
 * frames from its first frame at the new rate on, fed by the stream's
 * window.  One queue counts them as they leave the window; several keep
 * the words leaving it for the merge, with a rate change only (the
 * records nobody reads stay off: a search trial of recovery, a reset).
 */
static int
feature_prepare_recov(struct trial_ctx *t, enum cfg_dir_id d, unsigned int q,
		      uint64_t total, uint64_t change, char *err,
		      size_t err_len)
{
	struct engine_recov *rec = t->recov[d][q];
	struct engine_rx *rx = t->rxs[d][q];
	unsigned int n = t->nb_streams[d], nq = t->nb_rxq[d], i;
	uint64_t from = change == UINT64_MAX ? 0 : change, need = 0, at = 0;
	bool spill = nq > 1 && change < total;

	recov_gap_init(&rec->gap);
	for (i = 0; i < n; i++) {
		recov_lost_init(&rec->lost[i], streams_total(from, i, n),
				streams_total(total, i, n));
		need += recov_lost_words(rec->lost[i].from, rec->lost[i].total);
	}
	if (spill && need > rec->spill_cap) {
		rte_free(rec->spill);
		rec->spill_cap = 0;
		rec->spill = feature_alloc(need * sizeof(uint64_t),
					   feature_rx_lcore(t, rx),
					   "recovery words", err, err_len);
		if (rec->spill == NULL) {
			snprintf(err, err_len, "%s: recovery records over %u RX "
				 "queues: no memory for %" PRIu64 " bytes on queue "
				 "%u (the frames after the rate change / 8: "
				 "[recovery] after_s, the rate)",
				 d == CFG_FWD ? "forward" : "reverse", nq,
				 need * 8, q);
			return -ENOMEM;
		}
		rec->spill_cap = need;
	}
	for (i = 0; i < n; i++) {
		struct rxstate *state = n > 1 ? &rx->stream_states[i] :
					&rx->state;
		uint64_t words = recov_lost_words(rec->lost[i].from,
						  rec->lost[i].total);

		if (spill)
			recov_lost_spill(&rec->lost[i], rec->spill + at, words);
		at += words;
		state->lost = nq == 1 || spill ? &rec->lost[i] : NULL;
	}
	rx->recov = rec;
	return 0;
}

int
feature_prepare(struct trial_ctx *t, const struct trial_spec *spec,
		enum cfg_dir_id d, uint64_t total, char *err, size_t err_len)
{
	struct engine_tx *tx = &t->tx[d];
	struct engine_rx *rx = &t->rx[d];
	struct engine_tags *g = t->tags[d];
	unsigned int q, i;
	uint64_t first;
	int rc;

	tx->tags = NULL;
	tx->next_tag_seq = UINT64_MAX;
	for (q = 0; q < t->nb_rxq[d]; q++) {
		t->rxs[d][q]->tags = NULL;
		t->rxs[d][q]->delays = NULL;
		t->rxs[d][q]->recov = NULL;
	}
	if (spec->recov_track) {
		uint64_t change = trial_spec_change_frame(spec, d);

		for (q = 0; q < t->nb_rxq[d]; q++) {
			if (t->recov[d][q] == NULL) {
				snprintf(err, err_len,
					 "trial: recovery records "
					 "asked for, none attached "
					 "(feature_attach_recov)");
				return -EINVAL;
			}
			rc = feature_prepare_recov(t, d, q, total, change, err,
						   err_len);
			if (rc != 0)
				return rc;
		}
		memset(&t->recov_dir[d], 0, sizeof(t->recov_dir[d]));
		recov_lost_init(&t->recov_dir[d].lost,
				change == UINT64_MAX ? 0 : change, total);
	}
	if (spec->nb_tags > 0) {
		if (g == NULL || g->cap < spec->nb_tags) {
			snprintf(err, err_len, "trial: %u tags asked for, room "
				 "for %u (feature_attach_tags)", spec->nb_tags,
				 g ? g->cap : 0);
			return -EINVAL;
		}
		first = (uint64_t)((unsigned __int128)spec->tag_delay_ms *
				   spec->rate_fps[d] / 1000);
		g->nb = spec->nb_tags;
		trial_spec_place_tags(g->seq, g->nb, first, total);
		memset(g->tx_tsc, 0, g->nb * sizeof(uint64_t));
		memset(g->rx_tsc, 0, g->nb * sizeof(uint64_t));
		tx->tags = g;
		tx->next_tag_seq = g->seq[0];
		rx->tags = g;
	}
	for (q = 0; spec->delays && q < t->nb_rxq[d]; q++) {
		struct engine_delays *delays = t->delays[d][q];

		if (delays == NULL) {
			snprintf(err, err_len, "trial: delays asked for, none "
				 "attached (feature_attach_delays)");
			return -EINVAL;
		}
		delay_hist_init(delays->hist);
		delay_ipdv_init(delays->ipdv);
		for (i = 0; i < STREAMS_MAX; i++)
			memset(&delays->chain[i], 0, sizeof(delays->chain[i]));
		t->rxs[d][q]->delays = delays;
	}
	return feature_stateful_prepare(t, spec, d, err, err_len);
}

int
feature_begin(struct trial_ctx *t, const struct trial_spec *spec, char *err,
	      size_t err_len)
{
	return feature_stateful_begin(t, spec, err, err_len);
}

/*
 * Direction d's recovery records over its streams and queues: each
 * stream's lost frames over the queues (recov_lost_merge: the words of
 * its windows ORed, or as the one queue counted them) into frame indexes,
 * the queues' arrival gaps into one record of all arrivals, its frames
 * as frame indexes.
 */
static void
feature_collect_recov(struct trial_ctx *t, enum cfg_dir_id d)
{
	struct engine_recov_dir *dir = &t->recov_dir[d];
	unsigned int n = t->nb_streams[d], nq = t->nb_rxq[d], i, q;
	const struct recov_lost *per_queue[STREAMS_MAX];
	const struct recov_gap *gaps[STREAMS_MAX];
	struct recov_lost stream;

	for (q = 0; q < nq; q++) {
		struct engine_rx *rx = t->rxs[d][q];

		for (i = 0; i < n; i++)	/* once, at the end */
			rxstate_flush_lost(n > 1 ? &rx->stream_states[i] :
					   &rx->state);
		gaps[q] = &t->recov[d][q]->gap;
	}
	for (i = 0; i < n; i++) {
		for (q = 0; q < nq; q++)
			per_queue[q] = &t->recov[d][q]->lost[i];
		recov_lost_merge(&stream, per_queue, nq);
		recov_lost_add_stream(&dir->lost, &stream, i, n);
	}
	dir->gap_exact = recov_gap_merge(&dir->gap, gaps, nq);
	dir->gap.first_seq = streams_frame_index(dir->gap.first_seq, n);
	dir->gap.last_seq = streams_frame_index(dir->gap.last_seq, n);
	dir->gap.from_seq = streams_frame_index(dir->gap.from_seq, n);
	dir->gap.to_seq = streams_frame_index(dir->gap.to_seq, n);
}

void
feature_collect(struct trial_ctx *t, const struct trial_spec *spec,
		struct report_trial *out)
{
	unsigned int q;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!spec->active[d])
			continue;
		if (t->rx[d].recov != NULL)
			feature_collect_recov(t, d);
		/* the queues' delays into queue 0's: one histogram of all */
		for (q = 1; t->rx[d].delays != NULL && q < t->nb_rxq[d]; q++) {
			delay_hist_merge(t->delays[d][0]->hist,
					 t->delays[d][q]->hist);
			delay_ipdv_merge(t->delays[d][0]->ipdv,
					 t->delays[d][q]->ipdv);
		}
	}
	feature_stateful_collect(t, spec, out);
}

int
feature_latency(const struct trial_ctx *t, enum cfg_dir_id d,
		uint64_t penalty_ns, struct delay_lat_summary *s)
{
	const struct engine_tags *g = t->tags[d];

	if (g == NULL || g->nb == 0)
		return -EINVAL;
	return delay_latency_summarize(g->tx_tsc, g->rx_tsc, g->nb, t->hz,
				       penalty_ns, s);
}

void
feature_pdv(const struct trial_ctx *t, enum cfg_dir_id d,
	    struct delay_pdv_summary *s)
{
	const struct engine_delays *delays = t->delays[d][0];

	memset(s, 0, sizeof(*s));
	if (delays != NULL)
		delay_pdv_summarize(delays->hist, delays->ipdv, s);
}

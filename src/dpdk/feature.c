/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * feature: measurements and behaviours a trial carries only when its spec
 * asks for them, each attached once by a mode's setup (allocate), then
 * reached through this file's facade: feature_start_run (each run of the
 * procedure), feature_prepare (each trial, per direction), feature_begin
 * (right before the lcores start), feature_collect (after the trial;
 * modes read their figures with feature_latency, _pdv, _recov):
 *   tags     RFC 8219 7.2 latency of tagged frames (engine_tags)
 *   delays   RFC 8219 7.3 delay of every frame, PDV and IPDV (engine_delays)
 *   recov    RFC 2544 26.5 / 26.6 lost frames from a rate change on and the
 *            largest arrival gap (engine_recov, recovery.h)
 *   stateful RFC 9693 phases: the Initiator's enumerated frames, the
 *            Responder's state table and its answers (feature_stateful.c)
 * The hot loops see a feature only as a pointer in engine_tx / engine_rx,
 * NULL when the trial does not carry it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_lcore.h>
#include <rte_malloc.h>

#include "dpdk.h"
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

		if (!cfg_dir_active(c, d) || t->tags[d] != NULL)
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

int
feature_attach_delays(struct trial_ctx *t, char *err, size_t err_len)
{
	const struct cfg *c = t->cfg;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		unsigned int lc = c->side[cfg_rx_side(d)].recv_lcore;
		struct engine_delays *delays;

		if (!cfg_dir_active(c, d) || t->delays[d] != NULL)
			continue;
		delays = feature_alloc(sizeof(*delays), lc, "delays", err,
				       err_len);
		if (delays == NULL)
			return -ENOMEM;
		t->delays[d] = delays;
		delays->hist = feature_alloc(sizeof(*delays->hist), lc,
					     "delay histogram", err, err_len);
		delays->ipdv = feature_alloc(sizeof(*delays->ipdv), lc,
					     "IPDV histograms", err, err_len);
		if (delays->hist == NULL || delays->ipdv == NULL)
			return -ENOMEM;
	}
	return 0;
}

int
feature_attach_recov(struct trial_ctx *t, char *err, size_t err_len)
{
	const struct cfg *c = t->cfg;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!cfg_dir_active(c, d) || t->recov[d] != NULL)
			continue;
		t->recov[d] = feature_alloc(sizeof(*t->recov[d]),
					    c->side[cfg_rx_side(d)].recv_lcore,
					    "recovery records", err, err_len);
		if (t->recov[d] == NULL)
			return -ENOMEM;
	}
	return 0;
}

const struct engine_recov *
feature_recov(const struct trial_ctx *t, enum cfg_dir_id d)
{
	return t->rx[d].recov;
}

void
feature_detach(struct trial_ctx *t)
{
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct engine_tags *g = t->tags[d];
		struct engine_delays *delays = t->delays[d];

		if (g != NULL) {
			rte_free(g->seq);
			rte_free(g->tx_tsc);
			rte_free(g->rx_tsc);
			rte_free(g);
		}
		if (delays != NULL) {
			rte_free(delays->hist);
			rte_free(delays->ipdv);
			rte_free(delays);
		}
		rte_free(t->recov[d]);
		t->tags[d] = NULL;
		t->delays[d] = NULL;
		t->recov[d] = NULL;
	}
	feature_stateful_detach(t);
}

int
feature_start_run(struct trial_ctx *t, char *err, size_t err_len)
{
	return feature_stateful_start_run(t, err, err_len);
}

int
feature_prepare(struct trial_ctx *t, const struct trial_spec *spec,
		enum cfg_dir_id d, uint64_t total, char *err, size_t err_len)
{
	struct engine_tx *tx = &t->tx[d];
	struct engine_rx *rx = &t->rx[d];
	struct engine_tags *g = t->tags[d];
	struct engine_delays *delays = t->delays[d];
	uint64_t first;

	tx->tags = NULL;
	tx->next_tag_seq = UINT64_MAX;
	rx->tags = NULL;
	rx->delays = NULL;
	rx->recov = NULL;
	if (spec->recov_track) {
		uint64_t k = trial_spec_change_frame(spec, d);

		if (t->recov[d] == NULL) {
			snprintf(err, err_len, "trial: recovery records asked "
				 "for, none attached (feature_attach_recov)");
			return -EINVAL;
		}
		recov_lost_init(&t->recov[d]->lost, k == UINT64_MAX ? 0 : k,
				total);
		recov_gap_init(&t->recov[d]->gap);
		rx->recov = t->recov[d];
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
	if (spec->delays) {
		if (delays == NULL) {
			snprintf(err, err_len, "trial: delays asked for, none "
				 "attached (feature_attach_delays)");
			return -EINVAL;
		}
		delay_hist_init(delays->hist);
		delay_ipdv_init(delays->ipdv);
		rx->delays = delays;
	}
	return feature_stateful_prepare(t, spec, d, err, err_len);
}

int
feature_begin(struct trial_ctx *t, const struct trial_spec *spec, char *err,
	      size_t err_len)
{
	return feature_stateful_begin(t, spec, err, err_len);
}

void
feature_collect(const struct trial_ctx *t, const struct trial_spec *spec,
		struct report_trial *out)
{
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
	const struct engine_delays *delays = t->delays[d];

	memset(s, 0, sizeof(*s));
	if (delays != NULL)
		delay_pdv_summarize(delays->hist, delays->ipdv, s);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * feature_stateful: the RFC 9693 phases as a feature of the engine
 * (stateful.h has the DPDK-free parts).  Attached by the stateful modes'
 * setup and by the driver for --stateful (feature_attach_stateful); then
 * reached only through feature.c's facade:
 *   each run (feature_start_run): [stateful] hook_search;
 *   each trial (feature_prepare, feature_begin, feature_collect):
 *   phase 1 (TRIAL_PHASE_PRELIMINARY): [stateful] hook_trial first; the
 *     Initiator's stream i of N gives its frame k the enumerated
 *     combination of the direction's frame i + k N (stateful_iter: the
 *     streams' parts are disjoint and together the N frames'), the
 *     Responder's RX queue q records each received foreground frame's
 *     4-tuple in part q of the state table (single writer: that queue's
 *     lcore; summed after the trial: report_trial.recorded);
 *   phase 2 (TRIAL_PHASE_REAL): D after phase 1's start, the parts
 *     joined into one table, each Responder stream makes every frame from
 *     a recorded tuple of the whole table, reversed (entry chosen by
 *     spec->responder_tuple, stateful_pick_stream), checksums computed
 *     anew.
 * The engine makes and records the frames (engine.c tx_stateful,
 * rx_stateful_record).  The Responder never sends a frame not made from a
 * received tuple.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_malloc.h>

#include "trial.h"
#include "dutperf/shell.h"
#include "dutperf/stateful.h"
#include "feature_priv.h"

struct feature_stateful {
	/* the state table: one part per RX queue of the Initiator's
	 * direction (stateful_table_split), joined into part[0] after phase
	 * 1 (stateful_table_join) */
	struct stateful_table part[STREAMS_MAX];
	unsigned int nb_parts;		/* of the last phase 1 */
	struct stateful_tuple *mem;
	uint64_t cap;			/* entries allocated */
	struct stateful_enum en;	/* the Initiator's combinations */
	struct engine_stateful_tx tx[STREAMS_MAX];	/* per stream */
	enum cfg_dir_id init_dir, resp_dir;
	uint64_t prelim_start_tsc;	/* 0: no phase 1 yet */
	int socket;			/* the Responder's receiver's */
};

/* Direction d's RX queues classify by t->spec[d] as it is now. */
static void
feature_stateful_cls(struct trial_ctx *t, enum cfg_dir_id d)
{
	unsigned int q;

	for (q = 0; q < t->nb_rxq[d]; q++)
		frame_cls_init(&t->rxs[d][q]->cls, &t->spec[d]);
}

int
feature_attach_stateful(struct trial_ctx *t, char *err, size_t err_len)
{
	const struct cfg *c = t->cfg;
	struct feature_stateful *fs;
	struct frame_spec *is, *rs;
	enum cfg_side_id iside;

	fs = rte_zmalloc("stateful", sizeof(*fs), RTE_CACHE_LINE_SIZE);
	if (fs == NULL) {
		snprintf(err, err_len, "no memory for the stateful feature");
		return -ENOMEM;
	}
	fs->init_dir = stateful_init_dir(c);
	fs->resp_dir = fs->init_dir == CFG_FWD ? CFG_REV : CFG_FWD;
	iside = cfg_tx_side(fs->init_dir);
	fs->socket = (int)rte_lcore_to_socket_id(
		c->side[cfg_rx_side(fs->init_dir)].recv_lcore);
	t->stateful = fs;
	/*
	 * After the NAT the Initiator's frames come from the NAT's public
	 * address: [initiator side] ipv4_virt, "this tester as IPv4 hosts on
	 * the other side see it".  The Responder's frames carry the recorded
	 * ports swapped: its receiver at the Initiator checks them against
	 * the Initiator's ranges, swapped.  Every RX queue's classifier.
	 */
	is = &t->spec[fs->init_dir];
	rs = &t->spec[fs->resp_dir];
	if (t->res.active[fs->init_dir]) {
		memset(is->fg.rx.src, 0, sizeof(is->fg.rx.src));
		memcpy(is->fg.rx.src, c->side[iside].ipv4_virt, 4);
		feature_stateful_cls(t, fs->init_dir);
		if (t->res.active[fs->resp_dir]) {
			rs->sport = is->dport;
			rs->dport = is->sport;
			feature_stateful_cls(t, fs->resp_dir);
		}
	}
	return 0;
}

void
feature_stateful_detach(struct trial_ctx *t)
{
	if (t->stateful == NULL)
		return;
	rte_free(t->stateful->mem);
	rte_free(t->stateful);
	t->stateful = NULL;
}

int
feature_stateful_start_run(struct trial_ctx *t, char *err, size_t err_len)
{
	int rc;

	if (t->stateful == NULL)
		return 0;
	rc = shell_run("stateful", "hook_search", t->cfg->st.hook_search,
		       t->cfg->command_timeout_s, &engine_stop, NULL, err,
		       err_len);
	/* interrupted: the driver stops the run and records it */
	return rc == -EINTR ? 0 : rc;
}

/* Room for nb parts of size entries (the table capacity search grows
 * it). */
static int
feature_stateful_room(struct feature_stateful *fs, uint32_t size,
		      unsigned int nb, char *err, size_t err_len)
{
	uint64_t want = (uint64_t)size * nb;
	struct stateful_tuple *mem;

	if (want <= fs->cap)
		return 0;
	mem = rte_zmalloc_socket("stateful_table", (size_t)want * sizeof(*mem),
				 RTE_CACHE_LINE_SIZE, fs->socket);
	if (mem == NULL) {
		snprintf(err, err_len, "no memory for a state table of %u "
			 "entries on %u RX queue%s (%" PRIu64 " bytes)", size,
			 nb, nb == 1 ? "" : "s", want * sizeof(*mem));
		return -ENOMEM;
	}
	rte_free(fs->mem);
	fs->mem = mem;
	fs->cap = want;
	return 0;
}

int
feature_stateful_prepare(struct trial_ctx *t, const struct trial_spec *spec,
			 enum cfg_dir_id d, char *err, size_t err_len)
{
	struct feature_stateful *fs = t->stateful;
	unsigned int n = t->nb_streams[d], nq = t->nb_rxq[d], i, q;
	uint32_t count;
	int rc;

	for (i = 0; i < n; i++)
		t->txs[d][i]->stateful = NULL;
	for (q = 0; q < nq; q++)
		t->rxs[d][q]->table = NULL;
	if (spec->phase == TRIAL_PHASE_PLAIN)
		return 0;
	if (fs == NULL) {
		snprintf(err, err_len, "trial: a stateful phase without "
			 "feature_attach_stateful");
		return -EINVAL;
	}
	if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
		if (d != fs->init_dir)
			return 0;
		rc = feature_stateful_room(fs, spec->table_size, nq, err,
					   err_len);
		if (rc != 0)
			return rc;
		/* one part per RX queue, one writer each */
		stateful_table_split(fs->part, nq, fs->mem, spec->table_size);
		fs->nb_parts = nq;
		rc = stateful_enum_from_cfg(&fs->en, t->cfg, t->cfg->seed);
		if (rc != 0 || spec->frames > fs->en.total) {
			snprintf(err, err_len, "trial: %" PRIu64 " preliminary "
				 "frames, %" PRIu64 " combinations",
				 spec->frames, fs->en.total);
			return -EINVAL;
		}
		/* stream i: the direction's frames i, i + n, ... */
		for (i = 0; i < n; i++) {
			struct engine_stateful_tx *s = &fs->tx[i];

			s->responder = false;
			s->tag_b = t->spec[d].tx_tag_b;
			stateful_iter_init(&s->it, &fs->en, i, n);
			s->vary = stateful_enum_vary(&fs->en);
			t->txs[d][i]->stateful = s;
		}
		for (q = 0; q < nq; q++)
			t->rxs[d][q]->table = &fs->part[q];
		return 0;
	}
	if (d != fs->resp_dir)
		return 0;
	/* the parts into one table (again for a later phase 2: a no-op) */
	count = fs->nb_parts > 0 ? stateful_table_join(fs->part, fs->nb_parts) :
				   0;
	if (count == 0) {
		snprintf(err, err_len, "trial: phase 2 with an empty state "
			 "table (no preliminary frame arrived)");
		return -EINVAL;
	}
	/* every stream draws from the whole table */
	for (i = 0; i < n; i++) {
		struct engine_stateful_tx *s = &fs->tx[i];

		s->responder = true;
		s->tag_b = t->spec[d].tx_tag_b;
		s->table = &fs->part[0];
		stateful_pick_stream(&s->pick, spec->responder_tuple, count,
				     t->cfg->seed ^ t->trials_run, i, n);
		t->txs[d][i]->stateful = s;
	}
	return 0;
}

int
feature_stateful_begin(struct trial_ctx *t, const struct trial_spec *spec,
		       char *err, size_t err_len)
{
	struct feature_stateful *fs = t->stateful;
	uint64_t due, now;
	int rc;

	if (fs == NULL || spec->phase == TRIAL_PHASE_PLAIN)
		return 0;
	if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
		rc = shell_run("stateful", "hook_trial", t->cfg->st.hook_trial,
			       t->cfg->command_timeout_s, &engine_stop, NULL,
			       err, err_len);
		if (rc == -EINTR)
			rc = 0;	/* the trial starts interrupted */
		/* the lcores start 50 ms after this (trial_run) */
		fs->prelim_start_tsc = rte_rdtsc() + t->hz / 20;
		return rc;
	}
	if (fs->prelim_start_tsc == 0)
		return 0;
	due = fs->prelim_start_tsc + (uint64_t)spec->delay_ms * (t->hz / 1000);
	/* trial_run starts the lcores 50 ms after returning */
	due = due > t->hz / 20 ? due - t->hz / 20 : 0;
	now = rte_rdtsc();
	if (now < due)
		engine_sleep_ms((uint32_t)((due - now) / (t->hz / 1000)));
	return 0;
}

void
feature_stateful_collect(const struct trial_ctx *t,
			 const struct trial_spec *spec, struct report_trial *out)
{
	const struct feature_stateful *fs = t->stateful;

	if (spec->phase == TRIAL_PHASE_PRELIMINARY)
		out->recorded = fs != NULL ?
				stateful_table_sum(fs->part, fs->nb_parts) : 0;
}


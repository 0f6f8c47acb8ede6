/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * feature_stateful: the RFC 9693 phases as a feature of the engine
 * (stateful.h has the DPDK-free parts).  Attached by the stateful modes'
 * setup; per trial (feature_stateful_prepare):
 *   phase 1 (TRIAL_PHASE_PRELIMINARY): the Initiator's sender gives frame
 *     i the enumerated combination i (stateful_enum), the Responder's
 *     receiver records each received foreground frame's 4-tuple in the
 *     state table (single writer: that lcore; read after the trial);
 *   phase 2 (TRIAL_PHASE_REAL): D after phase 1's start, the Responder's
 *     sender makes every frame from a recorded tuple, reversed (entry
 *     chosen by spec->responder_tuple), checksums computed anew.
 * The Responder never sends a frame not made from a received tuple.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_malloc.h>

#include "dpdk.h"
#include "dutperf/command.h"
#include "dutperf/search.h"
#include "dutperf/stateful.h"

struct feature_stateful {
	struct stateful_table table;
	struct stateful_tuple *mem;
	uint32_t cap;			/* entries allocated */
	struct engine_stateful_tx tx;
	enum cfg_dir_id init_dir, resp_dir;
	uint64_t prelim_start_tsc;	/* 0: no phase 1 yet */
	int socket;			/* the Responder's receiver's */
};

int
feature_attach_stateful(struct trial_ctx *t, struct search_params *sp,
			char *err, size_t err_len)
{
	const struct cfg *c = t->cfg;
	struct feature_stateful *s;
	struct frame_spec *is, *rs;
	enum cfg_side_id iside;

	if (sp != NULL)
		trial_spec_search_params(c, sp);
	s = rte_zmalloc("stateful", sizeof(*s), RTE_CACHE_LINE_SIZE);
	if (s == NULL) {
		snprintf(err, err_len, "no memory for the stateful feature");
		return -ENOMEM;
	}
	s->init_dir = stateful_init_dir(c);
	s->resp_dir = s->init_dir == CFG_FWD ? CFG_REV : CFG_FWD;
	iside = cfg_tx_side(s->init_dir);
	s->socket = (int)rte_lcore_to_socket_id(
		c->side[cfg_rx_side(s->init_dir)].recv_lcore);
	t->stateful = s;
	/*
	 * After the NAT the Initiator's frames come from the NAT's public
	 * address: [initiator side] ipv4_virt, "this tester as IPv4 hosts on
	 * the other side see it".  The Responder's frames carry the recorded
	 * ports swapped: its receiver at the Initiator checks them against
	 * the Initiator's ranges, swapped.
	 */
	is = &t->spec[s->init_dir];
	rs = &t->spec[s->resp_dir];
	if (cfg_dir_active(c, s->init_dir)) {
		memset(is->fg.rx.src, 0, sizeof(is->fg.rx.src));
		memcpy(is->fg.rx.src, c->side[iside].ipv4_virt, 4);
		frame_cls_init(&t->rx[s->init_dir].cls, is);
		if (cfg_dir_active(c, s->resp_dir)) {
			rs->sport = is->dport;
			rs->dport = is->sport;
			frame_cls_init(&t->rx[s->resp_dir].cls, rs);
		}
	}
	return 0;
}

/*
 * The connection rate and table capacity searches assume each trial finds
 * the DUT's table empty (siitperf's cttc.sh flushes it around every trial):
 * say so when no [stateful] hook_trial does it.
 */
void
feature_stateful_warn_no_flush(const struct mode_ctx *m)
{
	if (m->cfg->st.hook_trial[0] == '\0' && !m->cli->quiet)
		fprintf(stderr, "dutperf: %s: [stateful] hook_trial is empty: "
			"nothing empties the DUT's connection table between "
			"trials, so each trial may find the connections of the "
			"ones before (set it to a flush, e.g. \"ssh dut "
			"conntrack -F\")\n", m->ops->cli.name);
}

void
feature_detach_stateful(struct trial_ctx *t)
{
	if (t->stateful == NULL)
		return;
	rte_free(t->stateful->mem);
	rte_free(t->stateful);
	t->stateful = NULL;
}

/* Room for size entries (the table capacity search grows it). */
static int
feature_stateful_room(struct feature_stateful *s, uint32_t size, char *err,
		      size_t err_len)
{
	struct stateful_tuple *mem;

	if (size <= s->cap)
		return 0;
	mem = rte_zmalloc_socket("stateful_table", (size_t)size * sizeof(*mem),
				 RTE_CACHE_LINE_SIZE, s->socket);
	if (mem == NULL) {
		snprintf(err, err_len, "no memory for a state table of %u "
			 "entries", size);
		return -ENOMEM;
	}
	rte_free(s->mem);
	s->mem = mem;
	s->cap = size;
	return 0;
}

int
feature_stateful_prepare(struct trial_ctx *t, const struct trial_spec *spec,
			 enum cfg_dir_id d, char *err, size_t err_len)
{
	struct feature_stateful *s = t->stateful;
	struct engine_tx *tx = &t->tx[d];
	struct engine_rx *rx = &t->rx[d];
	uint32_t count;
	int rc;

	tx->stateful = NULL;
	rx->table = NULL;
	if (spec->phase == TRIAL_PHASE_PLAIN)
		return 0;
	if (s == NULL) {
		snprintf(err, err_len, "trial: a stateful phase without "
			 "feature_attach_stateful");
		return -EINVAL;
	}
	if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
		if (d != s->init_dir)
			return 0;
		rc = feature_stateful_room(s, spec->table_size, err, err_len);
		if (rc != 0)
			return rc;
		stateful_table_init(&s->table, s->mem, spec->table_size);
		s->tx.responder = false;
		rc = stateful_enum_from_cfg(&s->tx.en, t->cfg, t->cfg->seed);
		if (rc != 0 || spec->frames > s->tx.en.total) {
			snprintf(err, err_len, "trial: %" PRIu64 " preliminary "
				 "frames, %" PRIu64 " combinations",
				 spec->frames, s->tx.en.total);
			return -EINVAL;
		}
		s->tx.vary = stateful_enum_vary(&s->tx.en);
		tx->stateful = &s->tx;
		rx->table = &s->table;
		return 0;
	}
	if (d != s->resp_dir)
		return 0;
	count = s->table.entry != NULL ? stateful_table_count(&s->table) : 0;
	if (count == 0) {
		snprintf(err, err_len, "trial: phase 2 with an empty state "
			 "table (no preliminary frame arrived)");
		return -EINVAL;
	}
	s->tx.responder = true;
	s->tx.table = &s->table;
	stateful_pick_init(&s->tx.pick, spec->responder_tuple, count,
			   t->cfg->seed ^ t->trials_run);
	tx->stateful = &s->tx;
	return 0;
}

/* The sender's hook (engine.c tx_poll): n frames from sequence seq. */
void
engine_stateful_frames(struct engine_stateful_tx *s, struct rte_mbuf **m,
		       unsigned int n, uint64_t seq)
{
	uint16_t v[STATEFUL_NB_FIELDS];
	struct stateful_tuple tu;
	unsigned int i;

	/* the role is per trial: tested once a burst, not per frame */
	if (s->responder) {
		for (i = 0; i < n; i++) {
			stateful_table_reply(s->table,
					     stateful_pick_next(&s->pick), &tu);
			stateful_frame_apply(rte_pktmbuf_mtod(m[i], uint8_t *),
					     m[i]->data_len, &tu);
		}
		return;
	}
	if (seq >= s->en.total)
		return;
	if (n > s->en.total - seq)
		n = (unsigned int)(s->en.total - seq);
	for (i = 0; i < n; i++) {
		stateful_enum_at(&s->en, seq + i, v);
		stateful_frame_set(rte_pktmbuf_mtod(m[i], uint8_t *),
				   m[i]->data_len, v, s->vary);
	}
}

/* The receiver's hook (engine.c rx_ours): a new foreground frame. */
void
engine_stateful_record(struct stateful_table *table, const uint8_t *frame,
		       uint16_t len)
{
	struct stateful_tuple tu;

	if (stateful_frame_tuple(frame, len, &tu) == 0)
		stateful_table_record(table, &tu);
}

/*
 * Run a [stateful] hook command (command.h: its own process group,
 * [commands] timeout_s): 0; -EIO with a message naming it, its end and
 * its last output: the run stops.  Interrupted with dutperf: 0, the
 * driver records the interruption.
 */
int
feature_stateful_hook(const struct cfg *c, const char *key, const char *cmd,
		      char *err, size_t err_len)
{
	char what[64];
	size_t n;
	int rc;

	if (cmd == NULL || cmd[0] == '\0')
		return 0;
	snprintf(what, sizeof(what), "[stateful] %s", key);
	rc = command_user(what, cmd, c->command_timeout_s, &engine_stop, NULL,
			  err, err_len);
	if (rc == -EINTR)
		return 0;
	n = strlen(err);
	if (rc != 0 && n < err_len)
		snprintf(err + n, err_len - n, ": the run stops");
	return rc;
}

/*
 * Before trial_run starts the lcores: the trial hook before phase 1;
 * phase 2 waits until D after phase 1's start (no settle pause between,
 * driver.c).  0 or -EIO from the hook.
 */
int
feature_stateful_begin(struct trial_ctx *t, const struct trial_spec *spec,
		       char *err, size_t err_len)
{
	struct feature_stateful *s = t->stateful;
	uint64_t due, now;
	int rc;

	if (s == NULL || spec->phase == TRIAL_PHASE_PLAIN)
		return 0;
	if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
		rc = feature_stateful_hook(t->cfg, "hook_trial",
					   t->cfg->st.hook_trial, err, err_len);
		/* the lcores start 50 ms after this (trial_run) */
		s->prelim_start_tsc = rte_rdtsc() + t->hz / 20;
		return rc;
	}
	if (s->prelim_start_tsc == 0)
		return 0;
	due = s->prelim_start_tsc + (uint64_t)spec->delay_ms * (t->hz / 1000);
	/* trial_run starts the lcores 50 ms after returning */
	due = due > t->hz / 20 ? due - t->hz / 20 : 0;
	now = rte_rdtsc();
	if (now < due)
		trial_sleep_ms((uint32_t)((due - now) / (t->hz / 1000)));
	return 0;
}

uint32_t
feature_stateful_recorded(const struct trial_ctx *t)
{
	return t->stateful && t->stateful->table.entry ?
	       stateful_table_count(&t->stateful->table) : 0;
}

void
feature_stateful_specs(const struct cfg *c, struct trial_spec *prelim,
		       struct trial_spec *real, struct trial_spec *check)
{
	enum cfg_dir_id idir = stateful_init_dir(c);
	enum cfg_dir_id rdir = idir == CFG_FWD ? CFG_REV : CFG_FWD;

	trial_spec_from_cfg(prelim, c, c->st.rate_fps);
	prelim->active[rdir] = false;
	trial_spec_set_rate(prelim, c->st.rate_fps);
	prelim->phase = TRIAL_PHASE_PRELIMINARY;
	prelim->frames = c->st.frames;
	prelim->table_size = c->st.table_size;
	prelim->timeout_ms = c->st.timeout_ms;
	trial_spec_from_cfg(real, c, 0);
	real->phase = TRIAL_PHASE_REAL;
	real->delay_ms = c->st.delay_ms;
	real->responder_tuple = c->st.responder_tuple;
	*check = *real;
	check->active[idir] = false;
	check->rate_fps[idir] = 0;
	check->timeout_ms = c->st.timeout_ms;
}

int
feature_stateful_start(const struct cfg *c, struct trial_spec *prelim,
		       struct trial_spec *real, struct trial_spec *check,
		       char *err, size_t err_len)
{
	int rc = feature_stateful_hook(c, "hook_search", c->st.hook_search, err,
				       err_len);

	if (rc == 0)
		feature_stateful_specs(c, prelim, real, check);
	return rc;
}

int
feature_stateful_row(struct mode_ctx *m, int n, const char *row,
		     size_t row_size, enum report_result kind,
		     const char *reason, double value, char *err,
		     size_t err_len)
{
	int rc = mode_append(m, n < 0 || (size_t)n >= row_size ? -ENOSPC : 0,
			     row, err, err_len);

	if (rc != 0)
		return rc;
	m->run_result = kind;
	m->run_reason = reason;
	if (kind == REPORT_RESULT_MEASURED)
		m->value[0] = value;
	return 0;
}


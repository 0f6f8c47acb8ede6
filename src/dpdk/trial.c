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
		const struct cfg_side *ts = &c->side[cfg_tx_side(d)];
		const struct cfg_side *rs = &c->side[cfg_rx_side(d)];
		struct engine_lcore *lc;

		if (!cfg_dir_active(c, d))
			continue;
		rc = trial_check_lcore(ts->send_lcore, trial_side_name[cfg_tx_side(d)],
				       "send_lcore", err, err_len);
		if (rc == 0)
			rc = trial_check_lcore(rs->recv_lcore,
					       trial_side_name[cfg_rx_side(d)],
					       "recv_lcore", err, err_len);
		if (rc != 0)
			return rc;
		lc = trial_lcore(t, ts->send_lcore);
		lc->tx[lc->nb_tx++] = &t->tx[d];
		lc = trial_lcore(t, rs->recv_lcore);
		lc->rx[lc->nb_rx++] = &t->rx[d];
		t->bits[d] = rte_zmalloc_socket("rxbits", RXSTATE_WINDOW / 8,
						RTE_CACHE_LINE_SIZE,
						(int)rte_lcore_to_socket_id(
							rs->recv_lcore));
		if (t->bits[d] == NULL) {
			snprintf(err, err_len, "no memory for the receiver window");
			return -ENOMEM;
		}
		rc = frame_spec_from_cfg(&t->spec[d], c, d, err, err_len);
		if (rc != 0)
			return rc;
		frame_cls_init(&t->rx[d].cls, &t->spec[d]);
	}

	for (s = 0; s < CFG_NB_SIDES; s++) {
		rc = port_setup(&t->port[s], c->side[s].port_id, trial_side_name[s],
				c, err, err_len);
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
		unsigned int lc = c->side[cfg_tx_side(d)].send_lcore;

		if (!cfg_dir_active(c, d))
			continue;
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
	 * Both ports stopped first, then a pause before closing: two memif
	 * ports of one process are each other's peers, and closing one while
	 * DPDK's interrupt thread still handles the other's disconnect
	 * crashes inside librte_net_memif (DPDK 22.11, docs/robustness.md).
	 */
	for (i = 0; i < CFG_NB_SIDES; i++)
		port_stop(&t->port[i]);
	if (t->port[0].started || t->port[1].started)
		rte_delay_us_sleep(100 * 1000);
	for (i = 0; i < CFG_NB_SIDES; i++)
		port_teardown(&t->port[i]);
	feature_detach(t);
	for (i = 0; i < CFG_NB_DIRS; i++) {
		rte_free(t->bits[i]);
		t->bits[i] = NULL;
	}
}

void
trial_sleep_ms(uint32_t ms)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	uint32_t slept;

	for (slept = 0; slept < ms && !engine_stop; slept += 10)
		nanosleep(&ts, NULL);
}

/* Drop whatever is queued on the receive ports before a trial starts. */
static void
trial_flush_rx(struct trial_ctx *t)
{
	struct rte_mbuf *pkts[64];
	uint16_t nb;
	int s, polls;

	for (s = 0; s < CFG_NB_SIDES; s++)
		for (polls = 0; polls < 1024; polls++) {
			nb = rte_eth_rx_burst(t->port[s].id, 0, pkts, 64);
			if (nb == 0)
				break;
			rte_pktmbuf_free_bulk(pkts, nb);
		}
}

static int
trial_prepare(struct trial_ctx *t, const struct trial_spec *spec,
	      enum cfg_dir_id d, uint64_t start, uint8_t trial_id, char *err,
	      size_t err_len)
{
	const struct cfg *c = t->cfg;
	struct engine_tx *tx = &t->tx[d];
	struct engine_rx *rx = &t->rx[d];
	uint64_t total = trial_spec_frames(spec, d);
	uint64_t trial_seed, timeout_tsc, change;
	const struct pacer *last;
	struct frame_cls cls = rx->cls;
	int rc;

	/* Reproducible per trial: the seed and the trial's number. */
	trial_seed = c->seed ^ ((uint64_t)(t->trials_run + 1) *
				UINT64_C(0x9e3779b97f4a7c15));
	memset(tx, 0, sizeof(*tx));
	frame_gen_init(&tx->gen, &t->spec[d], trial_seed);
	frame_gen_set_trial(&tx->gen, trial_id);
	if (total > frame_gen_max_frames(&tx->gen)) {
		snprintf(err, err_len,
			 "%s: %" PRIu64 " frames: above the %" PRIu64
			 " that the compact stamp of %" PRIu32 "-byte IPv6 frames numbers (docs/frames.md)",
			 trial_dir_name[d], total, frame_gen_max_frames(&tx->gen),
			 c->frame_size_b);
		return -EINVAL;
	}
	tx->port_id = t->port[cfg_tx_side(d)].id;
	tx->pool = t->port[cfg_tx_side(d)].tx_pool;
	engine_tx_prefill(tx);
	tx->burst = c->burst;
	tx->lag_limit_tsc = pacer_ns_to_ticks((uint64_t)spec->max_lag_us * 1000,
					      t->hz);
	change = trial_spec_change_frame(spec, d);
	pacer_init(&tx->pacer, start, t->hz, spec->rate_fps[d],
		   change < total ? change : total);
	if (change < total) {	/* RFC 2544 26.5: then rate2 to the end */
		if (pacer_init_after(&t->then[d], &tx->pacer, spec->rate2_fps[d],
				     total) != 0) {
			snprintf(err, err_len, "%s: rate change at frame %" PRIu64
				 ": its schedule starts before TSC 0",
				 trial_dir_name[d], change);
			return -EINVAL;
		}
		tx->then = &t->then[d];
	}
	last = tx->then != NULL ? tx->then : &tx->pacer;
	tx->next_deadline = pacer_deadline(&tx->pacer,
					   (total < c->burst ? total : c->burst) - 1);
	tx->done = total == 0;
	tx->drop_every = t->drop_every;
	tx->dup_every = t->dup_every;
	tx->inject = t->drop_every != 0 || t->dup_every != 0;
	tx->next_tag_seq = UINT64_MAX;

	memset(rx, 0, sizeof(*rx));
	rx->cls = cls;
	rc = feature_prepare(t, spec, d, total, err, err_len);
	if (rc != 0)
		return rc;
	rx->frame_timeout_tsc = pacer_ns_to_ticks((uint64_t)spec->frame_timeout_ms *
						  1000000, t->hz);
	rx->need_delay = rx->delays != NULL || rx->frame_timeout_tsc != 0;
	rc = delay_tsc_scale_init(&rx->scale, t->hz);
	if (rc != 0) {
		snprintf(err, err_len, "TSC frequency %" PRIu64 " Hz: too low",
			 t->hz);
		return rc;
	}
	rx->port_id = t->port[cfg_rx_side(d)].id;
	rx->trial_id = trial_id;
	rx->planned = total;
	/* The end of sending is the deadline of the frame after the last
	 * (start + duration for a trial by duration), then the timeout. */
	timeout_tsc = (uint64_t)spec->timeout_ms * (t->hz / 1000);
	rx->deadline_tsc = pacer_deadline(last, total) + timeout_tsc;
	/* Frames after the timeout count as lost; those within the grace
	 * window are also reported as late. */
	rx->late_until_tsc = rx->deadline_tsc +
		(uint64_t)(spec->timeout_ms < ENGINE_LATE_GRACE_MS ?
			   spec->timeout_ms : ENGINE_LATE_GRACE_MS) *
		(t->hz / 1000);
	rxstate_init(&rx->st, t->bits[d]);	/* clears the window */
	rxstate_set_total(&rx->st, total);
	if (rx->recov != NULL) {
		rx->st.lost = &rx->recov->lost;
		rx->recov->start_tsc = start;
		rx->recov->end_tsc = pacer_deadline(last, total);
	}
	return 0;
}

static void
trial_collect(struct trial_ctx *t, enum cfg_dir_id d, struct report_dir *out)
{
	const struct engine_tx *tx = &t->tx[d];
	struct engine_rx *rx = &t->rx[d];
	struct verdict_dir *v = &out->v;
	int k;

	out->active = true;
	v->name = trial_dir_name[d];
	v->planned = tx->then != NULL ? tx->then->total : tx->pacer.total;
	v->sent = tx->sent;
	/* Frames never handed to the PMD count as unsent too. */
	v->unsent = v->planned - tx->sent;
	v->received = rx->st.c.received;
	rxstate_flush_lost(&rx->st);	/* once, at the end */
	v->lost = tx->sent > v->received ? tx->sent - v->received : 0;
	v->duplicates = rx->st.c.duplicates;
	v->reordered = rx->st.c.reordered;
	v->late = rx->st.c.late;
	v->foreign = 0;
	for (k = 0; k < FRAME_KIND_COUNT; k++) {
		out->kinds[k] = rx->kinds[k];
		if (k != FRAME_OURS)
			v->foreign += rx->kinds[k];
	}
	v->max_lag_ns = pacer_ticks_to_ns(tx->max_lag_tsc, t->hz);
	out->stale = rx->stale;
	out->bogus = rx->st.c.old + rx->st.c.beyond;
	out->max_lag_frame = tx->max_lag_seq;
	/* Rate accuracy: frames that left between the first and the last
	 * burst over the time between them (TSC when each burst was built). */
	if (tx->last_burst_seq > 0 && tx->last_burst_tsc > tx->first_tsc)
		out->achieved_fps = (double)tx->last_burst_seq * (double)t->hz /
				    (double)(tx->last_burst_tsc - tx->first_tsc);
	out->injected_drops = tx->injected_drops;
	out->injected_dups = tx->injected_dups;
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
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (spec->active[d] && !cfg_dir_active(t->cfg, d)) {
			snprintf(err, err_len, "trial: the %s direction is not "
				 "configured ([traffic] direction)",
				 trial_dir_name[d]);
			return -EINVAL;
		}
	return 0;
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
	out->rate_fps = trial_spec_rate_fps(spec);
	out->frame_size_b = c->frame_size_b;
	out->direction = spec->active[CFG_FWD] && spec->active[CFG_REV] ?
			 CFG_DIRECTION_BOTH : spec->active[CFG_FWD] ?
			 CFG_DIRECTION_FORWARD : CFG_DIRECTION_REVERSE;
	out->duration_s = trial_spec_duration_s(spec);
	out->timeout_ms = spec->timeout_ms;
	out->seed = c->seed;
	out->phase = trial_phase_name(spec->phase);

	trial_flush_rx(t);
	rc = feature_stateful_begin(t, spec, err, err_len);
	if (rc != 0)
		return rc;
	/* One common start instant, 50 ms ahead so every lcore is waiting. */
	start = rte_rdtsc() + t->hz / 20;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (cfg_dir_active(c, d) && !spec->active[d]) {
			/* configured but idle in this trial: nothing to do */
			memset(&t->tx[d], 0, sizeof(t->tx[d]));
			t->tx[d].done = true;
			t->rx[d].done = true;
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
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (spec->active[d] && t->tx[d].aborted &&
		    out->verdict == VERDICT_INVALID) {
			snprintf(why, why_len, "%s: sender %" PRIu64 " us behind "
				 "schedule at frame %" PRIu64 " of %" PRIu64
				 " (limit %u us): stopped", trial_dir_name[d],
				 out->dir[d].v.max_lag_ns / 1000,
				 t->tx[d].max_lag_seq, out->dir[d].v.planned,
				 spec->max_lag_us);
			break;
		}
	out->reason = why;
	if (spec->phase == TRIAL_PHASE_PRELIMINARY)
		out->recorded = feature_stateful_recorded(t);
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
		if (x->injected_drops || x->injected_dups)
			fprintf(f, "  %-7s test aid: %" PRIu64 " frames dropped, %"
				PRIu64 " duplicated by the sender\n", trial_dir_name[d],
				x->injected_drops, x->injected_dups);
	}
}

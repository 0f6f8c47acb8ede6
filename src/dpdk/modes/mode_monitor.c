/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode monitor: one stream at --rate for --duration (or until Ctrl-C),
 * watched live: every [monitor] interval_ms the main lcore samples the
 * counters the sender and receiver lcores publish (relaxed single-writer
 * stores, engine.c) and prints one line per direction, also written to
 * monitor.csv (core monitor.h: instant and average rates, the variation
 * of the instant receive period from the average in ns with its min and
 * max after the warm-up, loss so far, duplicates, reordering).  The main
 * lcore runs no role meanwhile.  The watch samples only while a
 * direction is sending: an interval across the end of sending would hold
 * part of a period's frames and read as a slow DUT.  The last row of each
 * direction comes from the final counts, so the rows' frames add up to
 * the trial's trials.csv row exactly; its loss is the trial's.  It is
 * partial: it ends where sending ended (core monitor_step_last: rates
 * over that length, no variation, min/max untouched).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_lcore.h>

#include "mode.h"
#include "dutperf/monitor.h"

struct monitor_mode {
	struct proc_single single;
	struct mode_ctx *m;
	struct monitor dir[CFG_NB_DIRS];
	uint64_t interval_tsc, next_tsc;
	int rc;				/* first error of a watch call */
	char err[256];
};

static void
mon_print(const struct monitor_line *l, const char *dir)
{
	fprintf(stderr, "%8.3f s %s: tx %.0f fps rx %.0f fps, avg tx %.0f rx "
		"%.0f fps, var ", l->t_s, dir, l->tx_fps, l->rx_fps,
		l->avg_tx_fps, l->avg_rx_fps);
	if (l->var_valid)
		fprintf(stderr, "%+.1f ns", l->var_ns);
	else
		fprintf(stderr, "-");
	if (l->minmax_valid)
		fprintf(stderr, " [%+.1f, %+.1f]", l->var_min_ns, l->var_max_ns);
	fprintf(stderr, ", lost %" PRIu64 ", dup %" PRIu64 ", reordered %"
		PRIu64, l->lost, l->duplicates, l->reordered);
	if (l->partial)
		fprintf(stderr, ", partial: %.3f s to the end of sending",
			l->interval_s);
	fprintf(stderr, "%s\n",
		l->warn ? "  WARNING: variation above the threshold" : "");
}

static uint64_t
mon_ns(const struct trial_ctx *t, uint64_t start, uint64_t tsc)
{
	return tsc > start ? pacer_ticks_to_ns(tsc - start, t->hz) : 0;
}

/* One sample of direction d at now_tsc; its line and row when it closes
 * an interval.  final: the lcores are done (exact counts, the partial
 * interval up to the end of sending). */
static int
mon_sample(struct monitor_mode *mon, enum cfg_dir_id d, uint64_t start, uint64_t now,
	   bool final, const struct report_trial *r)
{
	const struct trial_ctx *t = mon->m->trial;
	struct monitor_row row = { .dir = d };
	struct monitor_line *l = &row.line;
	struct monitor_sample s;
	struct engine_rx_pub p;

	memset(&s, 0, sizeof(s));
	/* the time of the counts: read right before them, not the watch's
	 * now, which the other direction's row (written and flushed first)
	 * or a preemption may have left milliseconds behind, so that this
	 * row would hold frames sent after its end and the next too few */
	if (!final)
		now = rte_rdtsc();
	s.t_ns = mon_ns(t, start, now);
	if (final) {
		/* the trial's own counts (merged over streams and queues) */
		s.sent = r->dir[d].v.sent;
		p.received = r->dir[d].v.received;
		p.duplicates = r->dir[d].v.duplicates;
		p.reordered = r->dir[d].v.reordered;
		p.late = r->dir[d].v.late;
	} else {
		s.sent = trial_pub_sent(t, d);
		trial_pub_rx(t, d, &p);
	}
	s.received = p.received;
	s.duplicates = p.duplicates;
	s.reordered = p.reordered;
	s.late = p.late;
	if (!(final ? monitor_step_last(&mon->dir[d], &s,
					mon_ns(t, start,
					       trial_send_ended_tsc(t, d)), l) :
		      monitor_step(&mon->dir[d], &s, l)))
		return 0;
	if (final && r != NULL)
		l->lost = r->dir[d].v.lost;
	if (!mon->m->cli->quiet)
		mon_print(l, d == CFG_FWD ? "fwd" : "rev");
	return mode_write(mon->m, 0, &row, mon->err, sizeof(mon->err));
}

/* The trial's watch (trial.c): a sample per direction every interval. */
static void
mon_watch(struct trial_ctx *t, uint64_t start, void *arg)
{
	struct monitor_mode *mon = arg;
	uint64_t now = rte_rdtsc();
	int d, rc;

	if (mon->next_tsc == 0) {
		/* origin at the trial's start (counters all 0) */
		for (d = 0; d < CFG_NB_DIRS; d++)
			if (mon->single.spec.active[d])
				mon_sample(mon, d, start, start, false, NULL);
		mon->next_tsc = start + mon->interval_tsc;
	}
	if (now < mon->next_tsc || mon->rc != 0)
		return;
	mon->next_tsc += mon->interval_tsc;
	if (mon->next_tsc <= now)		/* fell behind: skip, never burst */
		mon->next_tsc = now + mon->interval_tsc;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		/* after the end of sending: the final sample's (partial) */
		if (!mon->single.spec.active[d] || engine_stop ||
		    now >= trial_send_end_tsc(t, d))
			continue;
		rc = mon_sample(mon, d, start, now, false, NULL);
		if (rc != 0 && mon->rc == 0)
			mon->rc = rc;
	}
}

static int
mon_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	struct monitor_mode *mon = m->priv;

	if (trial_main_has_role(m->trial)) {
		snprintf(err, err_len, "monitor: the main lcore %u sends or "
			 "receives; the monitor needs it free: give the roles "
			 "other lcores (e.g. EAL --lcores 0@0,1@0,2@1 with "
			 "send_lcore = 1, recv_lcore = 2)", rte_get_main_lcore());
		return -EINVAL;
	}
	mon->m = m;
	mon->interval_tsc = pacer_ns_to_ticks((uint64_t)m->cfg->mon_interval_ms *
					    1000000, m->trial->hz);
	return 0;
}

static int
mon_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct monitor_mode *mon = m->priv;
	struct trial_spec spec;
	int d;

	(void)err;
	(void)err_len;
	trial_spec_from_cfg(&spec, m->cfg, m->cfg->rate_fps);
	proc_single_start(&mon->single, &spec);
	for (d = 0; d < CFG_NB_DIRS; d++)
		monitor_init(&mon->dir[d], m->cfg->mon_warmup,
			     (double)m->cfg->mon_threshold_ns);
	mon->next_tsc = 0;
	mon->rc = 0;
	m->trial->watch = mon_watch;
	m->trial->watch_arg = mon;
	m->proc = (struct proc){ &proc_single_ops, &mon->single };
	return 0;
}

/*
 * After the trial, also an interrupted one (Ctrl-C ends a monitor): the
 * last interval from the final counts, so the rows add up exactly, and
 * the trial's summary.
 */
static int
mon_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct monitor_mode *mon = m->priv;
	const struct report_trial *r = &m->last;
	uint64_t start, end;
	int d, rc = mon->rc;

	(void)complete;
	m->trial->watch = NULL;
	if (!mon->single.done)
		return 0;	/* stopped before the trial started */
	start = trial_start_tsc(m->trial);
	/* now, after every lcore is done: later than any watch sample, so
	 * the last row always carries what the watch had not seen */
	end = rte_rdtsc();
	for (d = 0; d < CFG_NB_DIRS && rc == 0; d++)
		if (mon->single.spec.active[d])
			rc = mon_sample(mon, d, start, end, true, r);
	if (rc != 0) {
		snprintf(err, err_len, "%s", mon->err);
		return rc;
	}
	trial_print(stdout, r);
	snprintf(m->result, sizeof(m->result), "%s", verdict_name(r->verdict));
	return 0;
}

const struct mode_ops mode_monitor = {
	.cli = {
		.name = "monitor",
		.help = "a stream at --rate watched live: per interval rates, "
			"period variation in ns, loss (monitor.csv)",
		.options = "--rate --duration --interval --warmup --threshold",
		.main_lcore_free = true,	/* checked by --check too */
	},
	.run_name = "monitor",
	.files = { { "monitor.csv", &monitor_table } },
	.once = true,
	.priv_size = sizeof(struct monitor_mode),
	.setup = mon_setup,
	.start = mon_start,
	.run_end = mon_run_end,
};

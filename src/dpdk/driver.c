/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * driver: the one loop that runs any mode's procedure (proc.h):
 * --repeat runs, each a sequence of trials the procedure chooses, with
 * the settle pause between trials (RFC 2544 23), Ctrl-C, a progress line
 * with ETA per trial, one trials.csv row per trial (also an interrupted
 * one), the mode's hooks for its own rows, the RFC 8219 summary and the
 * run.json record.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_cycles.h>

#include "dpdk.h"
#include "dutperf/csv.h"
#include "dutperf/monitor.h"
#include "dutperf/search.h"
#include "dutperf/stats.h"

/* Trials this long or longer get a line before they start. */
#define DRIVER_ANNOUNCE_MS 5000

static double
driver_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
mode_row_check(int rc, const char *file, char *err, size_t err_len)
{
	if (rc >= 0)
		return 0;
	snprintf(err, err_len, "%s row too long", file);
	return rc;
}

int
mode_append(struct mode_ctx *m, int rc, const char *row, char *err,
	    size_t err_len)
{
	rc = mode_row_check(rc, m->ops->file, err, err_len);
	return rc != 0 ? rc : csv_append(&m->out, row, err, err_len);
}

void
mode_run_fields(const struct mode_ctx *m, const struct report_trial *r,
		struct report_run *run)
{
	*run = (struct report_run){
		.start = r->start, .no = m->no, .rate_fps = r->rate_fps,
		.frame_size_b = r->frame_size_b, .direction = r->direction,
		.duration_s = r->duration_s, .timeout_ms = r->timeout_ms,
		.frame_timeout_ms = m->cfg->frame_timeout_ms, .seed = r->seed,
		.verdict = r->verdict, .reason = r->reason,
	};
}

void
mode_search_fields(const struct mode_ctx *m, struct report_search *rs)
{
	const struct cfg *c = m->cfg;

	*rs = (struct report_search){
		.no = m->no, .frame_size_b = c->frame_size_b,
		.direction = c->direction, .n = c->n, .m = c->m,
		.timeout_ms = c->timeout_ms, .date = time(NULL),
	};
}

void
mode_set_result(struct mode_ctx *m, enum result_case why)
{
	m->run_result = result_case_kind(why);
	m->run_reason = result_case_reason(why);
}

int
mode_search_row(struct mode_ctx *m, const struct search *s,
		uint64_t initial_fps, struct report_search *rs, char *err,
		size_t err_len)
{
	char row[1024];
	int rc;

	mode_search_fields(m, rs);
	rs->duration_s = m->cfg->duration_s;
	rs->initial_fps = initial_fps;
	rs->error_fps = m->cfg->error_fps;
	rs->iterations = s->iterations;
	rs->rate_fps = search_result(s);
	rs->result = search_kind(s);
	rc = mode_append(m, report_search_row(rs, row, sizeof(row)), row, err,
			 err_len);
	if (rc != 0)
		return rc;
	mode_set_result(m, search_case(s));
	/* only measured searches enter the summary */
	if (rs->result == REPORT_RESULT_MEASURED)
		m->value[0] = (double)rs->rate_fps;
	return 0;
}

uint32_t
mode_summarize(const struct mode_ctx *m, unsigned k, struct stats_summary *s,
	       double *p1, double *p99)
{
	double *v;
	uint32_t i, n = 0;

	if (k >= MODE_MAX_VALUES || m->values[k] == NULL)
		return 0;
	v = calloc(m->runs_done ? m->runs_done : 1, sizeof(*v));
	if (v == NULL)
		return 0;
	for (i = 0; i < m->runs_done; i++)
		if (!isnan(m->values[k][i]))
			v[n++] = m->values[k][i];
	if (n >= 2 && stats_summarize(v, n, s) == 0) {
		*p1 = stats_percentile(v, n, 1.0);
		*p99 = stats_percentile(v, n, 99.0);
	} else if (n >= 2) {
		n = 0;
	}
	free(v);
	return n;
}

/* Trials left over every run, at most (the procedures count retries of
 * invalid trials), for the ETA. */
static uint64_t
driver_left(const struct mode_ctx *m)
{
	return (uint64_t)proc_remaining(&m->proc) +
	       (uint64_t)(m->repeat - m->no) * m->per_run;
}

/*
 * The longest a trial of spec may take with the settle pause before it:
 * its sending time, the wait for late frames and the pause, or the
 * longest from one trial's end to the next's so far when that was longer
 * (port start, bookkeeping, a loaded machine).
 */
static double
driver_trial_bound_s(const struct mode_ctx *m, const struct trial_spec *spec)
{
	double nominal_s = (double)(trial_spec_send_ms(spec) + spec->timeout_ms +
				    m->cfg->settle_ms) / 1e3;

	return m->trial_max_s > nominal_s ? m->trial_max_s : nominal_s;
}

/* After a trial that took run_s: the longest trial period so far. */
static void
driver_trial_timed(struct mode_ctx *m, double run_s)
{
	double now = driver_now_s(), period = run_s + m->cfg->settle_ms / 1e3;

	if (m->trial_end_s > 0 && now - m->trial_end_s > period)
		period = now - m->trial_end_s;
	if (period > m->trial_max_s)
		m->trial_max_s = period;
	m->trial_end_s = now;
}

static void
driver_progress(const struct mode_ctx *m, const struct trial_spec *spec,
		const struct report_trial *r)
{
	double elapsed = driver_now_s() - m->started_s;
	char where[160];

	if (m->cli->quiet)
		return;
	proc_describe(&m->proc, where, sizeof(where));
	fprintf(stderr, "%s %u/%u trial %u%s: %" PRIu64 " fps %s%s%s  %s%s"
		"elapsed %.0f s, ETA <= %.0f s\n", m->ops->run_name, m->no,
		m->repeat, m->iteration, spec->phase == TRIAL_PHASE_PRELIMINARY ?
		" (phase 1)" : spec->phase == TRIAL_PHASE_REAL ? " (phase 2)" : "",
		r->rate_fps, verdict_name(r->verdict),
		r->reason && *r->reason ? ": " : "", r->reason ? r->reason : "",
		where, *where ? "  " : "", elapsed,
		ceil(driver_trial_bound_s(m, spec) * (double)driver_left(m)));
}

/*
 * Live progress of a long trial: a thread (not an lcore: it works whether
 * or not the main lcore carries a role) that sleeps and once a second
 * prints the instant rates from the published counters (monitor.h).  It
 * runs a few microseconds a second wherever the kernel puts it.
 */
struct driver_live {
	struct mode_ctx *m;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stop;
	uint64_t start_tsc;
	struct trial_spec spec;		/* the trial's */
	struct monitor dir[CFG_NB_DIRS];
};

static void
driver_live_line(struct driver_live *l)
{
	struct mode_ctx *m = l->m;
	struct trial_ctx *t = m->trial;
	struct monitor_sample s;
	struct monitor_line ml;
	struct engine_rx_pub p;
	uint64_t now = rte_rdtsc();
	char line[256];
	size_t used = 0;
	double t_s = 0;
	int d;

	line[0] = '\0';
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!l->spec.active[d])
			continue;
		memset(&s, 0, sizeof(s));
		s.t_ns = pacer_ticks_to_ns(now - l->start_tsc, t->hz);
		s.sent = trial_pub_sent(t, d);
		trial_pub_rx(t, d, &p);
		s.received = p.received;
		if (!monitor_step(&l->dir[d], &s, &ml) || used >= sizeof(line))
			continue;
		t_s = ml.t_s;
		used += (size_t)snprintf(line + used, sizeof(line) - used,
					 "%s%s tx %.0f rx %.0f fps", used ? "; " : "",
					 trial_dir_name[d], ml.tx_fps, ml.rx_fps);
	}
	if (used > 0)
		fprintf(stderr, "  %s %u/%u trial %u: %.0f of %u s: %s\n",
			m->ops->run_name, m->no, m->repeat, m->iteration, t_s,
			trial_spec_duration_s(&l->spec), line);
}

static void *
driver_live_main(void *arg)
{
	struct driver_live *l = arg;
	struct timespec next;

	clock_gettime(CLOCK_MONOTONIC, &next);
	pthread_mutex_lock(&l->lock);
	while (!l->stop) {
		next.tv_sec++;
		while (!l->stop &&
		       pthread_cond_timedwait(&l->cond, &l->lock, &next) == 0)
			;
		if (l->stop)
			break;
		pthread_mutex_unlock(&l->lock);
		/* the first second is the origin: the trial's counters are
		 * reset while it starts */
		driver_live_line(l);
		pthread_mutex_lock(&l->lock);
	}
	pthread_mutex_unlock(&l->lock);
	return NULL;
}

static int
driver_live_start(struct driver_live *l, struct mode_ctx *m,
		  const struct trial_spec *spec)
{
	pthread_condattr_t ca;
	sigset_t sigs, old;
	int d, rc;

	memset(l, 0, sizeof(*l));
	l->m = m;
	l->spec = *spec;
	for (d = 0; d < CFG_NB_DIRS; d++)
		monitor_init(&l->dir[d], 0, 0);
	l->start_tsc = rte_rdtsc();
	pthread_mutex_init(&l->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&l->cond, &ca);
	pthread_condattr_destroy(&ca);
	/* Ctrl-C is the main thread's business: the thread starts with
	 * SIGINT, SIGTERM and SIGHUP blocked */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &sigs, &old);
	rc = pthread_create(&l->thread, NULL, driver_live_main, l);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		/* no live line; the trial runs as without it */
		pthread_cond_destroy(&l->cond);
		pthread_mutex_destroy(&l->lock);
		return -rc;
	}
	return 0;
}

static void
driver_live_stop(struct driver_live *l)
{
	pthread_mutex_lock(&l->lock);
	l->stop = true;
	pthread_cond_signal(&l->cond);
	pthread_mutex_unlock(&l->lock);
	pthread_join(l->thread, NULL);
	pthread_cond_destroy(&l->cond);
	pthread_mutex_destroy(&l->lock);
}

/* One trial of spec and its trials.csv row. */
static int
driver_trial(struct mode_ctx *m, const struct trial_spec *spec, char *err,
	     size_t err_len)
{
	struct report_trial *r = &m->last;
	struct driver_live live;
	bool live_on = false;
	double t0;
	char row[1024];
	int rc;

	if (!m->cli->quiet && trial_spec_send_ms(spec) >= DRIVER_ANNOUNCE_MS) {
		fprintf(stderr, "%s %u/%u trial %u: %" PRIu64 " fps for %u s ...\n",
			m->ops->run_name, m->no, m->repeat, m->iteration,
			trial_spec_rate_fps(spec), trial_spec_duration_s(spec));
		/* a mode's own watch (monitor) prints its own lines */
		live_on = m->trial->watch == NULL &&
			  driver_live_start(&live, m, spec) == 0;
	}
	t0 = driver_now_s();
	rc = trial_run(m->trial, spec, r, m->last_why, sizeof(m->last_why), err,
		       err_len);
	if (live_on)
		driver_live_stop(&live);
	driver_trial_timed(m, driver_now_s() - t0);
	if (rc == 0)
		rc = driver_watch_trial(m, spec, r, err, err_len);
	if (rc != 0)
		return rc;
	r->search_no = m->ops->once ? 0 : m->no;
	r->iteration = m->ops->once ? 0 : m->iteration;
	rc = mode_row_check(report_trial_row(r, row, sizeof(row)),
			    "trials.csv", err, err_len);
	if (rc != 0)
		return rc;
	return csv_append(&m->trials, row, err, err_len);
}

/*
 * [stateful] phases: the mode's procedure, as start set it, wrapped so
 * that each of its trials runs as phase 2 after phase 1 ([stateful]
 * hook_search first, as the stateful modes do).
 */
static int
driver_phases_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct trial_spec prelim, real, check;
	int rc;

	rc = feature_stateful_start(m->cfg, &prelim, &real, &check, err,
				    err_len);
	if (rc != 0)
		return rc;
	rc = stateful_phases_start(&m->phases, m->proc, &prelim, &real,
				   m->cfg->st.repeat_preliminary,
				   m->cfg->max_retries, false);
	if (rc != 0) {
		snprintf(err, err_len, "stateful phases: no procedure to wrap");
		return rc;
	}
	m->proc = (struct proc){ &stateful_phases_ops, &m->phases };
	return 0;
}

/* One run: start, the procedure's trials, run_end. */
static int
driver_one_run(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct mode_ops *ops = m->ops;
	enum trial_phase prev_phase = TRIAL_PHASE_PLAIN;
	struct trial_spec spec;
	bool complete, again = false;
	unsigned k;
	int rc;

	m->proc.ops = NULL;
	rc = ops->start(m, err, err_len);
	if (rc == 0 && m->phased)
		rc = driver_phases_start(m, err, err_len);
	if (rc != 0)
		return rc;
	if (m->no == 1)
		m->per_run = proc_remaining(&m->proc);
	for (k = 0; k < MODE_MAX_VALUES; k++)
		m->value[k] = NAN;
	m->run_result = REPORT_RESULT_MEASURED;
	m->run_reason = NULL;
	m->iteration = 0;
	driver_watch_start(m);
	/* again: the same trial, the last one's result not recorded (the
	 * DUT was away: driver_watch.c) */
	while (!engine_stop && (again || proc_next(&m->proc, &spec))) {
		again = false;
		/* RFC 9693 phase 2 follows its phase 1 after D, no settle */
		if (m->trials_done > 0 && !(spec.phase == TRIAL_PHASE_REAL &&
					    prev_phase == TRIAL_PHASE_PRELIMINARY))
			trial_sleep_ms(m->cfg->settle_ms);
		prev_phase = spec.phase;
		if (engine_stop)
			break;
		m->iteration++;
		rc = driver_trial(m, &spec, err, err_len);
		if (rc != 0)
			return rc;
		m->trials_done++;
		if (m->watch_step == DUTWATCH_GONE)
			break;
		if (m->watch_step == DUTWATCH_REPEAT) {
			/* a phase 2 again after phase 1 again: the DUT that
			 * came back may have lost its connections */
			if (spec.phase == TRIAL_PHASE_REAL &&
			    stateful_phases_of(&m->proc) != NULL)
				stateful_phases_again(stateful_phases_of(&m->proc));
			else
				again = true;
			driver_progress(m, &spec, &m->last);
			continue;
		}
		proc_record(&m->proc, &spec, &m->last);
		/* the mode sees its own trials only, never a wrapped phase 1 */
		if (ops->trial_done != NULL &&
		    m->last.verdict != VERDICT_INTERRUPTED &&
		    !(m->phased && spec.phase == TRIAL_PHASE_PRELIMINARY)) {
			rc = ops->trial_done(m, &spec, &m->last, err, err_len);
			if (rc != 0)
				return rc;
		}
		driver_progress(m, &spec, &m->last);
	}
	complete = !engine_stop;
	m->dut_gone = complete && m->watch_step == DUTWATCH_GONE;
	/* the procedure ends the run without a figure, or the driver does */
	if (m->dut_gone)
		complete = proc_dut_gone(&m->proc);
	if (ops->run_end != NULL) {
		rc = ops->run_end(m, complete, err, err_len);
		if (rc != 0)
			return rc;
	}
	if (m->dut_gone) {
		mode_set_result(m, RESULT_DUT_GONE);
		if (!complete)
			result_format(RESULT_DUT_GONE, "", m->result,
				      sizeof(m->result));
		complete = true;	/* a run, with no figure */
		fprintf(stderr, "dutperf: %s %u: the DUT went away: %s: no "
			"result (result_kind none, exit status 3)%s\n",
			ops->run_name, m->no, m->gone_why,
			m->no < m->repeat ? "; no further runs" : "");
	} else if (complete && m->phased && m->phases.failed) {
		/* the mode's trials that phase 1 never let run: no result */
		m->run_result = REPORT_RESULT_NONE;
		m->run_reason = "phase 1 failed";
		fprintf(stderr, "dutperf: %s %u: phase 1 invalid or the state "
			"table not filled %u times in a row ([search] max_retries "
			"= %u): no phase 2, no result (exit status 3)\n",
			ops->run_name, m->no, m->phases.max_retries + 1,
			m->phases.max_retries);
	}
	if (complete) {
		for (k = 0; k < MODE_MAX_VALUES; k++)
			if (m->values[k] != NULL)
				m->values[k][m->runs_done] = m->value[k];
		m->results[m->runs_done] = m->run_result;
		m->reasons[m->runs_done] = m->run_reason;
		if (m->run_result != REPORT_RESULT_MEASURED)
			m->not_measured++;
		m->runs_done++;
	}
	fflush(stdout);
	return 0;
}

static int
driver_open(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct mode_ops *ops = m->ops;
	unsigned k;
	int rc;

	m->repeat = ops->once ? 1 : m->cfg->repeat;
	for (k = 0; k < MODE_MAX_VALUES; k++) {
		m->values[k] = calloc(m->repeat, sizeof(double));
		if (m->values[k] == NULL) {
			snprintf(err, err_len, "no memory for %u results", m->repeat);
			return -ENOMEM;
		}
	}
	m->results = calloc(m->repeat, sizeof(*m->results));
	m->reasons = calloc(m->repeat, sizeof(*m->reasons));
	if (m->results == NULL || m->reasons == NULL) {
		snprintf(err, err_len, "no memory for %u results", m->repeat);
		return -ENOMEM;
	}
	if (ops->priv_size > 0) {
		m->priv = calloc(1, ops->priv_size);
		if (m->priv == NULL) {
			snprintf(err, err_len, "no memory for the %s mode",
				 ops->cli.name);
			return -ENOMEM;
		}
	}
	/* the mode's own checks first: nothing written when they fail */
	if (ops->setup != NULL) {
		rc = ops->setup(m, err, err_len);
		if (rc != 0)
			return rc;
	}
	m->phased = m->cfg->st.phases &&
		    ops->cli.stateful == CLI_STATEFUL_PHASES;
	if (m->phased) {
		rc = feature_attach_stateful(m->trial, NULL, err, err_len);
		if (rc != 0)
			return rc;
	}
	rc = runinfo_open_csv(m->cfg, "trials.csv", report_trial_header(),
			      &m->trials, err, err_len);
	if (rc == 0 && ops->file != NULL)
		rc = runinfo_open_csv(m->cfg, ops->file, ops->header(), &m->out,
				      err, err_len);
	return rc;
}

static void
driver_close(struct mode_ctx *m)
{
	unsigned k;

	if (m->ops->teardown != NULL)
		m->ops->teardown(m);
	if (m->trials.fd >= 0)
		csv_close(&m->trials);
	if (m->out.fd >= 0)
		csv_close(&m->out);
	for (k = 0; k < MODE_MAX_VALUES; k++) {
		free(m->values[k]);
		m->values[k] = NULL;
	}
	free(m->results);
	m->results = NULL;
	free(m->reasons);
	m->reasons = NULL;
	free(m->priv);
	m->priv = NULL;
}

int
driver_run(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct mode_ops *ops = m->ops;
	int rc;

	m->trials.fd = m->out.fd = -1;
	rc = driver_open(m, err, err_len);
	m->started_s = driver_now_s();
	for (m->no = 1; rc == 0 && m->no <= m->repeat && !engine_stop &&
	     !m->dut_gone; m->no++)
		rc = driver_one_run(m, err, err_len);
	if (m->no > m->repeat)
		m->no = m->repeat;
	if (rc == 0 && ops->summary != NULL)
		ops->summary(m);
	if (m->result[0] == '\0')
		snprintf(m->result, sizeof(m->result), "%u %s run(s)%s",
			 m->runs_done, ops->cli.name,
			 engine_stop ? ", interrupted" : "");
	else if (engine_stop && strstr(m->result, "interrupted") == NULL)
		/* a mode's result of the runs before the signal */
		snprintf(m->result + strlen(m->result),
			 sizeof(m->result) - strlen(m->result), ", interrupted");
	/* run.json lists each run's result: before driver_close frees them */
	if (rc == 0)
		rc = runinfo_append(m, time(NULL), m->result, err, err_len);
	driver_close(m);
	return rc;
}

/* ---- measuring modes (latency, pdv): one trial per run at --rate ---- */

int
mode_measure_start(struct mode_ctx *m, struct proc_single *single,
		   uint32_t nb_tags, bool delays)
{
	struct trial_spec spec;

	trial_spec_from_cfg(&spec, m->cfg, m->cfg->rate_fps);
	spec.nb_tags = nb_tags;
	spec.tag_delay_ms = (uint64_t)m->cfg->lat_delay_s * 1000;
	spec.delays = delays;
	proc_single_start(single, &spec);
	m->proc = (struct proc){ &proc_single_ops, single };
	return 0;
}

bool
mode_measured(const struct report_trial *r)
{
	return r->verdict == VERDICT_PASS || r->verdict == VERDICT_FAIL;
}

void
mode_measure_invalid(struct mode_ctx *m, const struct trial_spec *spec,
		     const struct report_trial *r)
{
	const char *why = r->reason && *r->reason ? r->reason : "see trials.csv";
	bool aborted = false;
	int d;

	if (mode_measured(r))
		return;
	/* the sender stops at once when it falls behind the limit (engine) */
	for (d = 0; d < CFG_NB_DIRS; d++)
		aborted |= r->dir[d].active && r->dir[d].v.max_lag_ns >
			   (uint64_t)spec->max_lag_us * 1000;
	m->run_result = REPORT_RESULT_NONE;
	m->run_reason = "invalid trial";
	printf("%s %u: no valid result: the trial was %s (%s): no figures\n",
	       m->ops->run_name, m->no, aborted ?
	       "invalid, the sender aborted it behind schedule" :
	       verdict_name(r->verdict), why);
	fprintf(stderr, "dutperf: %s %u: trial %s (%s): no measured result, "
		"left out of any summary (exit status 3)\n", m->ops->run_name,
		m->no, verdict_name(r->verdict), why);
}

void
mode_measure_summary(struct mode_ctx *m, const char *const metric[MODE_METRICS])
{
	mode_measure_summary_in(m, metric, "us");
}

void
mode_measure_summary_in(struct mode_ctx *m,
			const char *const metric[MODE_METRICS], const char *unit)
{
	struct stats_summary s;
	double p1, p99;
	uint32_t n;
	int d, k;

	for (d = 0; d < CFG_NB_DIRS; d++)
		for (k = 0; k < MODE_METRICS; k++) {
			if (!cfg_dir_active(m->cfg, d) || metric[k] == NULL)
				continue;
			n = mode_summarize(m, MODE_VALUE(d, k), &s, &p1, &p99);
			if (n < 2)
				continue;
			printf("%s %s over %u runs: median %.3f %s, 1st "
			       "percentile %.3f, 99th percentile %.3f, min %.3f, "
			       "max %.3f\n", trial_dir_name[d], metric[k], n,
			       s.median, unit, p1, p99, s.min, s.max);
		}
	/* why each was left out: said per run (mode_measure_invalid, or
	 * the mode's own line, e.g. a DUT that did not recover) */
	if (m->not_measured > 0 && m->runs_done > 1)
		printf("summary: %u of %u runs left out (no valid result)\n",
		       m->not_measured, m->runs_done);
	snprintf(m->result, sizeof(m->result), "%u %s run(s), %u without a "
		 "valid result%s", m->runs_done, m->ops->cli.name,
		 m->not_measured, engine_stop ? ", interrupted" : "");
}

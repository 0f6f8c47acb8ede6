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

#include "driver.h"
#include "dutperf/csv.h"
#include "dutperf/monitor.h"
#include "dutperf/shell.h"

/* Trials this long or longer get a line before they start. */
#define DRIVER_ANNOUNCE_MS 5000

static double
driver_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* trials.csv: every mode's, one row per trial */
static const struct mode_file driver_trials = { "trials.csv",
						&report_trials_table };

/* Append row, formatted by file's table, to f. */
static int
driver_append(struct csv_file *f, const struct mode_file *file,
	      const void *row, char *err, size_t err_len)
{
	char line[REPORT_LINE_MAX];

	if (report_row(file->table, row, line, sizeof(line)) < 0) {
		snprintf(err, err_len, "%s row too long", file->name);
		return -ENOSPC;
	}
	return csv_append(f, line, err, err_len);
}

int
mode_write(struct mode_ctx *m, unsigned k, const void *row, char *err,
	   size_t err_len)
{
	if (k >= MODE_MAX_FILES || m->ops->files[k].name == NULL) {
		snprintf(err, err_len, "mode %s has no result file %u",
			 m->ops->cli.name, k);
		return -EINVAL;
	}
	return driver_append(&m->out[k], &m->ops->files[k], row, err, err_len);
}

/* Steps (trials and commands) left over every run, at most (the
 * procedures count retries of invalid trials), for the ETA. */
static uint64_t
driver_left(const struct mode_ctx *m)
{
	return (uint64_t)proc_remaining(&m->proc) +
	       (uint64_t)(m->repeat - m->no) * m->per_run;
}

/*
 * The longest a step like spec may take: a trial its sending time, the
 * wait for late frames and the settle pause before it (a command: no
 * nominal length), or the longest from one step's end to the next's so
 * far when that was longer (port start, bookkeeping, a loaded machine, a
 * slow command).
 */
static double
driver_step_bound_s(const struct mode_ctx *m, const struct trial_spec *spec)
{
	double nominal_s = spec->step == TRIAL_STEP_COMMAND ? 0 :
		(double)(trial_spec_send_ms(spec) + spec->timeout_ms +
			 m->cfg->settle_ms) / 1e3;

	return m->trial_max_s > nominal_s ? m->trial_max_s : nominal_s;
}

/* After a step that took run_s, settle_s after the one before (a trial's
 * settle pause; 0 for a command): the longest step period so far. */
static void
driver_step_timed(struct mode_ctx *m, double run_s, double settle_s)
{
	double now = driver_now_s(), period = run_s + settle_s;

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
		ceil(driver_step_bound_s(m, spec) * (double)driver_left(m)));
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

/* run.json frames_by_size: the row's per-size counts into the run's (a
 * size past the IMIX_MAX_SIZES kept is left out, said once). */
static void
driver_sizes(struct mode_ctx *m, const struct report_trial *r)
{
	int d;

	m->sizes_trials++;
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (r->dir[d].active &&
		    sizes_sum(&m->sizes[d], &r->dir[d].sizes) != 0 &&
		    !m->sizes_full) {
			m->sizes_full = true;
			fprintf(stderr, "run.json: frames_by_size holds %u sizes "
				"per direction; later ones are left out\n",
				IMIX_MAX_SIZES);
		}
}

/* One trial of spec and its trials.csv row (telemetry: a [dut]
 * telemetry trial, observed, recorded by no procedure). */
static int
driver_trial(struct mode_ctx *m, const struct trial_spec *spec,
	     bool telemetry, char *err, size_t err_len)
{
	struct report_trial *r = &m->last;
	struct driver_live live;
	bool live_on = false;
	double t0;
	int rc;

	if (!m->cli->quiet && trial_spec_send_ms(spec) >= DRIVER_ANNOUNCE_MS) {
		fprintf(stderr, "%s %u/%u trial %u: %" PRIu64 " fps for %u s ...\n",
			m->ops->run_name, m->no, m->repeat, m->iteration,
			trial_spec_rate_fps(spec), trial_spec_duration_s(spec));
		/* a mode's own watch (monitor) prints its own lines */
		live_on = m->trial->watch == NULL &&
			  driver_live_start(&live, m, spec) == 0;
	}
	rc = driver_dut_before(m, spec, telemetry, err, err_len);
	if (rc != 0) {
		if (live_on)
			driver_live_stop(&live);
		return rc;
	}
	t0 = driver_now_s();
	rc = trial_run(m->trial, spec, r, m->last_why, sizeof(m->last_why), err,
		       err_len);
	if (live_on)
		driver_live_stop(&live);
	if (rc == 0)
		rc = driver_dut_after(m, spec, r, err, err_len);
	else
		driver_dut_abort(m);
	driver_step_timed(m, driver_now_s() - t0, m->cfg->settle_ms / 1e3);
	if (rc == 0)
		rc = driver_watch_trial(m, spec, r, err, err_len);
	if (rc != 0)
		return rc;
	r->search_no = m->ops->once ? 0 : m->no;
	r->iteration = m->ops->once ? 0 : m->iteration;
	rc = driver_append(&m->trials, &driver_trials, r, err, err_len);
	if (rc == 0)
		driver_sizes(m, r);
	return rc;
}

/*
 * Command step no of the run (RFC 9693's timed tear-down): run with
 * shell_run, the one function that runs a command; its wall time to the
 * procedure, a progress line.  A command that fails stops the run
 * (-EIO with err).
 */
static int
driver_command(struct mode_ctx *m, const struct trial_spec *spec, uint32_t no,
	       char *err, size_t err_len)
{
	struct command_result res;
	struct report_trial done;
	double t0 = driver_now_s();
	int rc;

	memset(&done, 0, sizeof(done));
	rc = shell_run(spec->command_section, spec->command_key, spec->command,
		       m->cfg->command_timeout_s, &engine_stop, &res, err,
		       err_len);
	driver_step_timed(m, driver_now_s() - t0, 0);
	if (rc == -EINTR)
		return 0;	/* not recorded: the run stops interrupted */
	if (rc != 0)
		return rc;
	done.command_ns = res.elapsed_ns;
	done.verdict = VERDICT_PASS;
	proc_record(&m->proc, spec, &done);
	if (!m->cli->quiet)
		fprintf(stderr, "%s %u/%u command %u: [%s] %s: %.3f ms  elapsed "
			"%.0f s, ETA <= %.0f s\n", m->ops->run_name, m->no,
			m->repeat, no, spec->command_section, spec->command_key,
			(double)done.command_ns / 1e6,
			driver_now_s() - m->started_s,
			ceil(driver_step_bound_s(m, spec) *
			     (double)driver_left(m)));
	return 0;
}

/*
 * [stateful] phases: the mode's procedure, as start set it, wrapped so
 * that each of its trials runs as phase 2 after phase 1 of [stateful]
 * (stateful_specs; its hook_search ran before start: feature_start_run).
 */
static int
driver_phases_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct stateful_specs sp;
	int rc;

	stateful_specs(m->cfg, &sp);
	rc = stateful_phases_start(&m->phases, m->proc, &sp.prelim, &sp.real,
				   m->cfg->st.repeat_preliminary,
				   m->cfg->max_retries, false);
	if (rc != 0) {
		snprintf(err, err_len, "stateful phases: no procedure to wrap");
		return rc;
	}
	m->proc = (struct proc){ &stateful_phases_ops, &m->phases };
	return 0;
}

/*
 * [dut] telemetry trials (CSIT's telemetry after the search): after a
 * complete run, one trial at each rate it found (the mode's
 * telemetry_values of m->value[]), observed, its trials.csv row marked
 * phase telemetry; no procedure records it, so no result changes.
 */
static int
driver_telemetry(struct mode_ctx *m, char *err, size_t err_len)
{
	struct trial_spec spec;
	unsigned k;
	int rc;

	if (!driver_dut_wants_telemetry(m))
		return 0;
	for (k = 0; k < MODE_MAX_VALUES && !engine_stop; k++) {
		if (!(m->ops->telemetry_values & (1u << k)) ||
		    !(m->value[k] >= 1))
			continue;
		trial_spec_from_cfg(&spec, m->cfg, (uint64_t)m->value[k]);
		engine_sleep_ms(m->cfg->settle_ms);
		if (engine_stop)
			break;
		m->iteration++;
		rc = driver_trial(m, &spec, true, err, err_len);
		if (rc != 0)
			return rc;
		if (!m->cli->quiet)
			fprintf(stderr, "%s %u/%u telemetry trial at %" PRIu64
				" fps: %s%s%s (recorded, not counted)\n",
				m->ops->run_name, m->no, m->repeat,
				m->last.rate_fps, verdict_name(m->last.verdict),
				m->last.reason && *m->last.reason ? ": " : "",
				m->last.reason ? m->last.reason : "");
	}
	return 0;
}

/* One run: start, the procedure's steps, run_end. */
static int
driver_one_run(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct mode_ops *ops = m->ops;
	enum trial_phase prev_phase = TRIAL_PHASE_PLAIN;
	struct trial_spec spec;
	uint32_t commands = 0;
	bool complete, again = false;
	unsigned k;
	int rc;

	m->proc.ops = NULL;
	/* the attached features' part of a run's start ([stateful]
	 * hook_search), then the mode's */
	rc = feature_start_run(m->trial, err, err_len);
	if (rc == 0)
		rc = ops->start(m, err, err_len);
	if (rc == 0 && m->phased)
		rc = driver_phases_start(m, err, err_len);
	if (rc == 0)
		rc = driver_dut_search(m, err, err_len);
	if (rc != 0)
		return rc;
	if (m->no == 1)
		m->per_run = proc_remaining(&m->proc);
	for (k = 0; k < MODE_MAX_VALUES; k++)
		m->value[k] = NAN;
	m->run_result = REPORT_RESULT_MEASURED;
	m->run_reason = NULL;
	m->iteration = 0;
	neigh_learn_again(m->trial);	/* [traffic] learning = search */
	driver_watch_start(m);
	/* again: the same trial, the last one's result not recorded (the
	 * DUT was away: driver_watch.c) */
	while (!engine_stop && (again || proc_next(&m->proc, &spec))) {
		again = false;
		if (spec.step == TRIAL_STEP_COMMAND) {
			/* no settle pause: it belongs to the trial before */
			rc = driver_command(m, &spec, ++commands, err, err_len);
			if (rc != 0)
				return rc;
			continue;
		}
		/* RFC 9693 phase 2 follows its phase 1 after D, no settle */
		if (m->trials_done > 0 && !(spec.phase == TRIAL_PHASE_REAL &&
					    prev_phase == TRIAL_PHASE_PRELIMINARY))
			engine_sleep_ms(m->cfg->settle_ms);
		prev_phase = spec.phase;
		if (engine_stop)
			break;
		m->iteration++;
		rc = driver_trial(m, &spec, false, err, err_len);
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
	if (complete && !m->dut_gone) {
		driver_dut_say(m);
		rc = driver_telemetry(m, err, err_len);
		if (rc != 0)
			return rc;
	}
	if (m->dut_gone) {
		m->run_result = result_case_kind(RESULT_DUT_GONE);
		m->run_reason = result_case_reason(RESULT_DUT_GONE);
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
		rc = feature_attach_stateful(m->trial, err, err_len);
		if (rc != 0)
			return rc;
	}
	rc = driver_dut_open(m, err, err_len);
	if (rc == 0)
		rc = runinfo_open_csv(m->cfg, driver_trials.name,
				      driver_trials.table, &m->trials, err,
				      err_len);
	for (k = 0; rc == 0 && k < MODE_MAX_FILES && ops->files[k].name; k++)
		rc = runinfo_open_csv(m->cfg, ops->files[k].name,
				      ops->files[k].table, &m->out[k], err,
				      err_len);
	return rc;
}

static void
driver_close(struct mode_ctx *m)
{
	unsigned k;

	if (m->ops->teardown != NULL)
		m->ops->teardown(m);
	driver_dut_close(m);
	if (m->trials.fd >= 0)
		csv_close(&m->trials);
	for (k = 0; k < MODE_MAX_FILES; k++)
		if (m->out[k].fd >= 0)
			csv_close(&m->out[k]);
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
	unsigned k;
	int rc;

	m->trials.fd = -1;
	for (k = 0; k < MODE_MAX_FILES; k++)
		m->out[k].fd = -1;
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode reset (RFC 2544 26.6, RFC 6201): a constant stream at [traffic]
 * rate_fps for duration_s; [reset] at_ms after the stream's start a
 * thread of the tester runs [reset] command with /bin/sh -c (it resets
 * the DUT or a part of it: an interface, a process).  Per direction the
 * receiver records the largest gap between two successive arrivals of
 * the trial's frames (recovery.h, feature recov): the reset time is the
 * gap between the last frame received before the reset and the first
 * after it (RFC 6201 4: the timestamp method).  The command's exit
 * status is checked and recorded: a command that fails (or cannot run)
 * stops the run with exit status 1 and no reset.csv row for that trial.
 * One reset.csv row per run and direction; --repeat summarises the reset
 * times.  docs/recovery.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <rte_cycles.h>

#include "dpdk.h"
#include "dutperf/shell.h"
#include "dutperf/recovery.h"

struct reset_mode {
	struct proc_single single;
	uint64_t hz;
	const struct cfg *cfg;
	const char *command;
	uint64_t at_ms;
	/* the command's thread, one per trial */
	pthread_t thread;
	bool started;			/* a thread to join */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool cancel;			/* the trial ended before at_ms */
	struct timespec at;		/* CLOCK_MONOTONIC */
	uint64_t start_tsc;
	/* what the command did */
	bool ran;
	int rc;				/* shell_run's */
	char why[ENGINE_ERR_LEN];	/* its message unless rc == 0 */
	struct command_result res;
	uint64_t begin_tsc, end_tsc;
};

/* [reset] command (shell.h: its own process group, [commands]
 * timeout_s, killed when dutperf is interrupted). */
static void
reset_run_command(struct reset_mode *x)
{
	x->begin_tsc = rte_rdtsc();
	x->rc = shell_run("reset", "command", x->command,
			  x->cfg->command_timeout_s, &engine_stop, &x->res,
			  x->why, sizeof(x->why));
	x->end_tsc = rte_rdtsc();
	x->ran = true;
}

/* The command's thread: wait for at (or a cancel), run it. */
static void *
reset_thread(void *arg)
{
	struct reset_mode *x = arg;
	int rc = 0;

	pthread_mutex_lock(&x->lock);
	while (!x->cancel && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&x->cond, &x->lock, &x->at);
	pthread_mutex_unlock(&x->lock);
	if (rc == ETIMEDOUT && !x->cancel)
		reset_run_command(x);
	return NULL;
}

/* trial_ctx on_launch: the trial starts at start_tsc; the command is due
 * at_ms later. */
static void
reset_launch(struct trial_ctx *t, uint64_t start_tsc, void *arg)
{
	struct reset_mode *x = arg;
	uint64_t now = rte_rdtsc(), ns;
	sigset_t block, old;

	clock_gettime(CLOCK_MONOTONIC, &x->at);
	ns = x->at_ms * 1000000 + (start_tsc > now ?
		pacer_ticks_to_ns(start_tsc - now, t->hz) : 0);
	x->at.tv_sec += (time_t)(ns / 1000000000);
	x->at.tv_nsec += (long)(ns % 1000000000);
	if (x->at.tv_nsec >= 1000000000) {
		x->at.tv_sec++;
		x->at.tv_nsec -= 1000000000;
	}
	x->start_tsc = start_tsc;
	x->cancel = false;
	x->ran = false;
	x->rc = 0;
	/* Ctrl-C belongs to the main thread */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	x->started = pthread_create(&x->thread, NULL, reset_thread, x) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!x->started)
		fprintf(stderr, "dutperf: reset: cannot start the command's "
			"thread\n");
}

/* After the trial: cancel a command not started yet (cancel), else wait
 * for it to finish. */
static void
reset_join(struct reset_mode *x, bool cancel)
{
	if (!x->started)
		return;
	pthread_mutex_lock(&x->lock);
	x->cancel = cancel;
	pthread_cond_signal(&x->cond);
	pthread_mutex_unlock(&x->lock);
	pthread_join(x->thread, NULL);
	x->started = false;
}

static int
reset_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	struct reset_mode *x = m->priv;
	pthread_condattr_t ca;

	x->hz = m->trial->hz;
	x->cfg = m->cfg;
	x->command = m->cfg->reset_command;
	x->at_ms = m->cfg->reset_at_ms;
	pthread_mutex_init(&x->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&x->cond, &ca);
	pthread_condattr_destroy(&ca);
	m->trial->on_launch = reset_launch;
	m->trial->on_launch_arg = x;
	if (!m->cli->quiet)
		fprintf(stderr, "reset: %u run(s) of %" PRIu64 " fps for %u s, "
			"the command at %" PRIu64 " ms: %s\n", m->cfg->repeat,
			m->cfg->rate_fps, m->cfg->duration_s, x->at_ms,
			x->command);
	return feature_attach_recov(m->trial, err, err_len);
}

static int
reset_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct reset_mode *x = m->priv;
	struct trial_spec spec;

	(void)err;
	(void)err_len;
	trial_spec_from_cfg(&spec, m->cfg, m->cfg->rate_fps);
	spec.recov_track = true;
	proc_single_start(&x->single, &spec);
	m->proc = (struct proc){ &proc_single_ops, &x->single };
	return 0;
}

/* The command's exit status as the shell shows it; 0 only for success. */
static int
reset_status(const struct reset_mode *x)
{
	if (!x->ran)
		return -1;
	switch (x->res.end) {
	case COMMAND_EXITED:
		return x->res.status;
	case COMMAND_SIGNALED:
		return 128 + x->res.status;
	default:
		return -1;
	}
}

static double
reset_ms(const struct reset_mode *x, uint64_t from, uint64_t to)
{
	return to > from ? (double)pacer_ticks_to_ns(to - from, x->hz) / 1e6 :
			   0.0;
}

static int
reset_dir(struct mode_ctx *m, const struct trial_spec *spec,
	  const struct report_trial *r, enum cfg_dir_id d, char *err,
	  size_t err_len)
{
	struct reset_mode *x = m->priv;
	const struct engine_recov *rec = feature_recov(m->trial, d);
	const struct verdict_dir *v = &r->dir[d].v;
	struct reset_row row = {
		.no = m->no, .dir = trial_dir_name[d],
		.rate_fps = spec->rate_fps[d], .duration_ms = spec->duration_ms,
		.at_ms = x->at_ms, .command_status = reset_status(x),
		.command_ms = reset_ms(x, x->begin_tsc, x->end_tsc),
		.sent = v->sent, .received = v->received, .lost = v->lost,
		.status = r->verdict, .result = REPORT_RESULT_MEASURED,
	};
	double cmd_from_ms = reset_ms(x, x->start_tsc, x->begin_tsc);

	if (rec == NULL) {
		snprintf(err, err_len, "reset: no records of the %s direction",
			 trial_dir_name[d]);
		return -EINVAL;
	}
	recov_gap_result(&rec->gap, rec->start_tsc, rec->end_tsc, x->hz,
			 &row.r);
	row.expected_lost = (double)row.r.gap_ns * (double)spec->rate_fps[d] /
			    1e9;
	if (!mode_measured(r)) {
		row.result = REPORT_RESULT_NONE;
	} else if (!row.r.resumed) {
		row.result = REPORT_RESULT_NONE;
		m->run_result = REPORT_RESULT_NONE;
		printf("reset %u %s: no frame arrived after %.3f ms: the DUT "
		       "did not recover within the stream (reset time at least "
		       "%.3f ms)\n", m->no, trial_dir_name[d],
		       (double)row.r.from_ns / 1e6, (double)row.r.gap_ns / 1e6);
	} else {
		printf("reset %u %s: reset time %.3f ms (frame %" PRIu64 " at "
		       "%.3f ms, frame %" PRIu64 " at %.3f ms; command at %.3f "
		       "ms for %.3f ms); lost %" PRIu64 ", sent within the gap %"
		       PRIu64 "\n", m->no, trial_dir_name[d],
		       (double)row.r.gap_ns / 1e6, row.r.from_seq,
		       (double)row.r.from_ns / 1e6, row.r.to_seq,
		       (double)row.r.to_ns / 1e6, cmd_from_ms, row.command_ms,
		       v->lost, row.r.in_gap);
		/* arrivals are a frame interval apart: the gap is known
		 * to that at best, whatever the digits above */
		printf("reset %u %s: resolution one frame interval, %.3f "
		       "ms\n", m->no, trial_dir_name[d],
		       1e3 / (double)spec->rate_fps[d]);
		if ((double)row.r.to_ns / 1e6 < cmd_from_ms)
			printf("reset %u %s: warning: the largest gap ended "
			       "before the command started: not the reset's?\n",
			       m->no, trial_dir_name[d]);
		m->value[MODE_VALUE(d, 0)] = (double)row.r.gap_ns / 1e6;
	}
	return mode_write(m, 0, &row, err, err_len);
}

static int
reset_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
		 const struct report_trial *r, char *err, size_t err_len)
{
	struct reset_mode *x = m->priv;
	int d, rc;

	reset_join(x, false);
	if (!x->ran) {
		snprintf(err, err_len, "[reset] command = \"%s\": did not "
			 "run (the stream ended first): run stopped",
			 x->command);
		return -EIO;
	}
	if (x->rc == -EINTR)
		return 0;	/* dutperf interrupted: the driver stops */
	if (x->rc != 0) {
		snprintf(err, err_len, "%s; the DUT was not reset as "
			 "configured, no reset.csv row for this trial", x->why);
		return -EIO;
	}
	mode_measure_invalid(m, spec, r);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!r->dir[d].active)
			continue;
		rc = reset_dir(m, spec, r, d, err, err_len);
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int
reset_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	(void)complete;
	(void)err;
	(void)err_len;
	reset_join(m->priv, true);	/* an interrupted trial's */
	return 0;
}

static void
reset_summary(struct mode_ctx *m)
{
	static const char *const metric[MODE_METRICS] = { "reset time" };

	mode_measure_summary_in(m, metric, "ms");
}

static void
reset_teardown(struct mode_ctx *m)
{
	struct reset_mode *x = m->priv;

	if (x == NULL || x->command == NULL)
		return;
	reset_join(x, true);
	m->trial->on_launch = NULL;
	pthread_cond_destroy(&x->cond);
	pthread_mutex_destroy(&x->lock);
}

const struct mode_ops mode_reset = {
	.cli = {
		.name = "reset",
		.help = "RFC 2544 26.6 / RFC 6201 reset time: [reset] command "
			"during a stream at --rate",
		.options = "--rate --duration --timeout --repeat",
		.check = reset_check_cfg,
	},
	.run_name = "reset",
	.files = { { "reset.csv", &reset_table } },
	.priv_size = sizeof(struct reset_mode),
	.setup = reset_setup,
	.start = reset_start,
	.trial_done = reset_trial_done,
	.run_end = reset_run_end,
	.summary = reset_summary,
	.teardown = reset_teardown,
};

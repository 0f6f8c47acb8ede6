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

#include "mode.h"
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
reset_run_command(struct reset_mode *reset)
{
	reset->begin_tsc = rte_rdtsc();
	reset->rc = shell_run("reset", "command", reset->command,
			  reset->cfg->command_timeout_s, &engine_stop,
			  &reset->res,
			  reset->why, sizeof(reset->why));
	reset->end_tsc = rte_rdtsc();
	reset->ran = true;
}

/* The command's thread: wait for at (or a cancel), run it. */
static void *
reset_thread(void *arg)
{
	struct reset_mode *reset = arg;
	int rc = 0;

	pthread_mutex_lock(&reset->lock);
	while (!reset->cancel && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&reset->cond, &reset->lock,
					    &reset->at);
	pthread_mutex_unlock(&reset->lock);
	if (rc == ETIMEDOUT && !reset->cancel)
		reset_run_command(reset);
	return NULL;
}

/* trial_ctx on_launch: the trial starts at start_tsc; the command is due
 * at_ms later. */
static void
reset_launch(struct trial_ctx *trial, uint64_t start_tsc, void *arg)
{
	struct reset_mode *reset = arg;
	uint64_t now = rte_rdtsc(), ns;
	sigset_t block, old;

	clock_gettime(CLOCK_MONOTONIC, &reset->at);
	ns = reset->at_ms * 1000000 + (start_tsc > now ?
		pacer_ticks_to_ns(start_tsc - now, trial->hz) : 0);
	reset->at.tv_sec += (time_t)(ns / 1000000000);
	reset->at.tv_nsec += (long)(ns % 1000000000);
	if (reset->at.tv_nsec >= 1000000000) {
		reset->at.tv_sec++;
		reset->at.tv_nsec -= 1000000000;
	}
	reset->start_tsc = start_tsc;
	reset->cancel = false;
	reset->ran = false;
	reset->rc = 0;
	/* Ctrl-C belongs to the main thread */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	reset->started = pthread_create(&reset->thread, NULL, reset_thread,
					reset) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!reset->started)
		fprintf(stderr, "dutperf: reset: cannot start the command's "
			"thread\n");
}

/* After the trial: cancel a command not started yet (cancel), else wait
 * for it to finish. */
static void
reset_join(struct reset_mode *reset, bool cancel)
{
	if (!reset->started)
		return;
	pthread_mutex_lock(&reset->lock);
	reset->cancel = cancel;
	pthread_cond_signal(&reset->cond);
	pthread_mutex_unlock(&reset->lock);
	pthread_join(reset->thread, NULL);
	reset->started = false;
}

static int
reset_setup(struct mode_ctx *mode, char *err, size_t err_len)
{
	struct reset_mode *reset = mode->priv;
	pthread_condattr_t ca;

	reset->hz = mode->trial->hz;
	reset->cfg = mode->cfg;
	reset->command = mode->cfg->reset_command;
	reset->at_ms = mode->cfg->reset_at_ms;
	pthread_mutex_init(&reset->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&reset->cond, &ca);
	pthread_condattr_destroy(&ca);
	mode->trial->on_launch = reset_launch;
	mode->trial->on_launch_arg = reset;
	if (!mode->cli->quiet)
		fprintf(stderr, "reset: %u run(s) of %" PRIu64 " fps for %u s, "
			"the command at %" PRIu64 " ms: %s\n",
			mode->cfg->repeat,
			mode->cfg->rate_fps, mode->cfg->duration_s,
			reset->at_ms,
			reset->command);
	return feature_attach_recov(mode->trial, err, err_len);
}

static int
reset_start(struct mode_ctx *mode, char *err, size_t err_len)
{
	struct reset_mode *reset = mode->priv;
	struct trial_spec spec;

	(void)err;
	(void)err_len;
	trial_spec_from_cfg(&spec, mode->cfg, mode->cfg->rate_fps);
	spec.recov_track = true;
	proc_single_start(&reset->single, &spec);
	mode->proc = (struct proc){ &proc_single_ops, &reset->single };
	return 0;
}

/* The command's exit status as the shell shows it; 0 only for success. */
static int
reset_status(const struct reset_mode *reset)
{
	if (!reset->ran)
		return -1;
	switch (reset->res.end) {
	case COMMAND_EXITED:
		return reset->res.status;
	case COMMAND_SIGNALED:
		return 128 + reset->res.status;
	default:
		return -1;
	}
}

static double
reset_ms(const struct reset_mode *reset, uint64_t from, uint64_t to)
{
	return to > from ? (double)pacer_ticks_to_ns(to - from,
						     reset->hz) / 1e6 :
			   0.0;
}

static int
reset_dir(struct mode_ctx *mode, const struct trial_spec *spec,
	  const struct report_trial *report, enum cfg_dir_id d, char *err,
	  size_t err_len)
{
	struct reset_mode *reset = mode->priv;
	const struct engine_recov_dir *records = feature_recov(mode->trial, d);
	const struct verdict_dir *counts = &report->dir[d].v;
	struct reset_row row = {
		.no = mode->no, .dir = trial_dir_name[d],
		.rate_fps = spec->rate_fps[d], .duration_ms = spec->duration_ms,
		.at_ms = reset->at_ms, .command_status = reset_status(reset),
		.command_ms = reset_ms(reset, reset->begin_tsc, reset->end_tsc),
		.sent = counts->sent, .received = counts->received,
		.lost = counts->lost,
		.status = report->verdict, .result = REPORT_RESULT_MEASURED,
	};
	double cmd_from_ms = reset_ms(reset, reset->start_tsc,
				      reset->begin_tsc);

	if (records == NULL) {
		snprintf(err, err_len, "reset: no records of the %s direction",
			 trial_dir_name[d]);
		return -EINVAL;
	}
	recov_gap_result(&records->gap, records->start_tsc, records->end_tsc,
			 reset->hz,
			 &row.r);
	row.expected_lost = (double)row.r.gap_ns * (double)spec->rate_fps[d] /
			    1e9;
	if (!mode_measured(report)) {
		row.result = REPORT_RESULT_NONE;
	} else if (!row.r.resumed) {
		row.result = REPORT_RESULT_NONE;
		mode->run_result = REPORT_RESULT_NONE;
		printf("reset %u %s: no frame arrived after %.3f ms: the DUT "
		       "did not recover within the stream (reset time at least "
		       "%.3f ms)\n", mode->no, trial_dir_name[d],
		       (double)row.r.from_ns / 1e6, (double)row.r.gap_ns / 1e6);
	} else {
		printf("reset %u %s: reset time %.3f ms (frame %" PRIu64 " at "
		       "%.3f ms, frame %" PRIu64 " at %.3f ms; command at %.3f "
		       "ms for %.3f ms); lost %" PRIu64 ", sent within the gap %"
		       PRIu64 "\n", mode->no, trial_dir_name[d],
		       (double)row.r.gap_ns / 1e6, row.r.from_seq,
		       (double)row.r.from_ns / 1e6, row.r.to_seq,
		       (double)row.r.to_ns / 1e6, cmd_from_ms, row.command_ms,
		       counts->lost, row.r.in_gap);
		/* arrivals are a frame interval apart: the gap is known
		 * to that at best, whatever the digits above */
		printf("reset %u %s: resolution one frame interval, %.3f "
		       "ms\n", mode->no, trial_dir_name[d],
		       1e3 / (double)spec->rate_fps[d]);
		if ((double)row.r.to_ns / 1e6 < cmd_from_ms)
			printf("reset %u %s: warning: the largest gap ended "
			       "before the command started: not the reset's?\n",
			       mode->no, trial_dir_name[d]);
		if (!records->gap_exact)	/* recov_gap_merge */
			printf("reset %u %s: warning: the gap merged over %u "
			       "RX queues is not provably the largest: a longer "
			       "one (up to %.3f ms) may hide in a queue's "
			       "shorter gaps\n", mode->no, trial_dir_name[d],
			       trial_rx_queues(mode->trial, d),
			       (double)pacer_ticks_to_ns(records->gap.max2_tsc,
							 reset->hz) / 1e6);
		mode->value[MODE_VALUE(d, 0)] = (double)row.r.gap_ns / 1e6;
	}
	return mode_write(mode, 0, &row, err, err_len);
}

static int
reset_trial_done(struct mode_ctx *mode, const struct trial_spec *spec,
		 const struct report_trial *report, char *err, size_t err_len)
{
	struct reset_mode *reset = mode->priv;

	reset_join(reset, false);
	if (!reset->ran) {
		snprintf(err, err_len, "[reset] command = \"%s\": did not "
			 "run (the stream ended first): run stopped",
			 reset->command);
		return -EIO;
	}
	if (reset->rc == -EINTR)
		return 0;	/* dutperf interrupted: the driver stops */
	if (reset->rc != 0) {
		snprintf(err, err_len, "%s; the DUT was not reset as "
			 "configured, no reset.csv row for this trial",
			 reset->why);
		return -EIO;
	}
	return mode_measure_dirs(mode, spec, report, reset_dir, err, err_len);
}

static int
reset_run_end(struct mode_ctx *mode, bool complete, char *err, size_t err_len)
{
	(void)complete;
	(void)err;
	(void)err_len;
	reset_join(mode->priv, true);	/* an interrupted trial's */
	return 0;
}

static void
reset_summary(struct mode_ctx *mode)
{
	static const char *const metric[MODE_METRICS] = { "reset time" };

	mode_measure_summary_in(mode, metric, "ms");
}

static void
reset_teardown(struct mode_ctx *mode)
{
	struct reset_mode *reset = mode->priv;

	if (reset == NULL || reset->command == NULL)
		return;
	reset_join(reset, true);
	mode->trial->on_launch = NULL;
	pthread_cond_destroy(&reset->cond);
	pthread_mutex_destroy(&reset->lock);
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

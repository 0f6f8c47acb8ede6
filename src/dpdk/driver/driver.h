/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The driver layer: struct mode_ops and struct mode_ctx (what a mode is
 * and what it runs with), the one driver loop that runs any procedure
 * (driver_, driver.c, with the DUT watch of driver_watch.c) and the run
 * records (runinfo_, runinfo.c).  Below it: the trial (trial/trial.h).
 */
#ifndef DUTPERF_DRIVER_H
#define DUTPERF_DRIVER_H

#include <time.h>

#include "trial.h"

/* ---- modes and the driver loop (driver.c) ---- */

#define MODE_MAX_VALUES 4	/* per-run values a mode summarises */
#define MODE_MAX_FILES 3	/* result files of a mode besides trials.csv
				 * (the switch modes: rate, ports, pairs) */

struct mode_ctx;

/* A result file: its name in the output directory and its column table
 * (report.h; its header and rows). */
struct mode_file {
	const char *name;
	const struct report_table *table;
};

/*
 * One mode: one file src/dpdk/mode_NAME.c defining a struct mode_ops, one
 * entry in mode_table (modes.c).  The driver (driver_run) opens
 * trials.csv and the mode's files, then for each of --repeat runs: the
 * features' run start, start (the mode sets m->proc), the procedure's
 * steps (a trial: settle, trial_run, trials.csv row, record, trial_done,
 * progress; a command: run, timed, record, progress), run_end; then
 * summary and the run.json record.  Hooks that are NULL are skipped.
 */
struct mode_ops {
	struct cli_mode cli;		/* name, help, options, check */
	const char *run_name;		/* "search": word of the progress line */
	/* the mode's own result files, mode_write's k = 0, 1, ...; the
	 * first without a name ends the list */
	struct mode_file files[MODE_MAX_FILES];
	bool once;			/* one run whatever --repeat says */
	size_t priv_size;		/* m->priv, zeroed, freed by the driver */
	/* Before the first run: attach features, allocate. */
	int (*setup)(struct mode_ctx *m, char *err, size_t err_len);
	/* A run begins (m->no): set m->proc. */
	int (*start)(struct mode_ctx *m, char *err, size_t err_len);
	/* After each trial that was not interrupted (not after a command
	 * step, nor a phase 1 the driver's --stateful wrapper added): the
	 * mode's rows. */
	int (*trial_done)(struct mode_ctx *m, const struct trial_spec *spec,
			  const struct report_trial *r, char *err,
			  size_t err_len);
	/* After a run's last step; complete: the procedure finished (not
	 * stopped).  Sets m->value[] for the summary when complete. */
	int (*run_end)(struct mode_ctx *m, bool complete, char *err,
		       size_t err_len);
	/* After the last run (not after an error). */
	void (*summary)(struct mode_ctx *m);
	void (*teardown)(struct mode_ctx *m);
	/* A mode that runs other modes (campaign), NULL for the others:
	 * ports_cfg adapts the configuration the ports are set up with (its
	 * largest frame) before trial_ctx_init; run replaces driver_run. */
	void (*ports_cfg)(struct cfg *c);
	int (*run)(struct mode_ctx *m, char *err, size_t err_len);
	/* [dut]: the bits k of m->value[k] that are rates (fps) a complete
	 * run found: a telemetry trial runs at each (driver_dut.c) */
	unsigned telemetry_values;
};

struct mode_ctx {
	const struct mode_ops *ops;
	/* every mode (main.c: the mode table), for a mode that runs others */
	const struct mode_ops *const *modes;
	unsigned nb_modes;
	const struct cli *cli;
	const struct cfg *cfg;
	struct trial_ctx *trial;
	time_t start;
	/* the command line (run.json): argv[1..eal_argc) are the EAL's */
	int argc, eal_argc;
	char **argv;
	struct csv_file trials;
	struct csv_file out[MODE_MAX_FILES];	/* ops->files[k] */
	struct proc proc;		/* the current run's, set by start */
	/* [stateful] phases (--stateful): proc wrapped, every trial of the
	 * mode's own procedure run as phase 2 after phase 1 */
	bool phased;
	struct stateful_phases phases;
	uint32_t no, repeat;		/* run 1..repeat */
	uint32_t iteration;		/* trial 1.. within the run */
	uint32_t trials_done;		/* over all runs */
	uint32_t per_run;		/* steps of a whole run at most (ETA) */
	double started_s;
	struct report_trial last;	/* the last trial's result */
	/* run.json frames_by_size: every trials.csv row's, summed */
	struct sizes_dir sizes[CFG_NB_DIRS];
	uint32_t sizes_trials;
	bool sizes_full;		/* a size was left out (said once) */
	char last_why[256];
	/* per complete run (runs_done of them): value[k] of run_end */
	uint32_t runs_done;
	double value[MODE_MAX_VALUES];
	double *values[MODE_MAX_VALUES];
	/* what the current run gave (run_end sets it; driver resets it to
	 * MEASURED before each run) and, per complete run, results[i] */
	enum report_result run_result;
	enum report_result *results;
	/* the reason of that result (result.h's, mode_set_result; NULL:
	 * none given) and per complete run (run.json result_reason) */
	const char *run_reason;
	const char **reasons;
	uint32_t not_measured;		/* complete runs whose result is not
					 * MEASURED: exit status 3 */
	char result[512];		/* run.json "result" */
	void *priv;			/* the mode's state */
	double trial_max_s;		/* the longest step period so far and */
	double trial_end_s;		/* when the last step ended (ETA) */
	/* a DUT that went away (dutwatch.h, driver_watch.c) */
	bool watched;			/* this run's procedure is watched */
	struct dutwatch watch;
	enum dutwatch_step watch_step;	/* for the last trial */
	bool dut_gone;			/* a run ended so: no further runs */
	char gone_why[192];		/* how it went, for the messages */
	struct driver_dut *dut;		/* [dut] observations; NULL: none */
};

/* Run the mode m->ops with m's configuration on m->trial: every run,
 * the summary, the run.json record.  0 or -errno with err. */
int driver_run(struct mode_ctx *m, char *err, size_t err_len);

/* Each run, once its procedure is set: watch it unless it is a single
 * measurement (driver_watch.c). */
void driver_watch_start(struct mode_ctx *m);
/*
 * After trial spec gave r (before its trials.csv row): m->watch_step
 * RECORD, REPEAT (run spec again, do not record r) or GONE (end the run:
 * the DUT went away, m->gone_why); probe trials and waits happen here,
 * and r's reason says what was decided.  0 or -errno.
 */
int driver_watch_trial(struct mode_ctx *m, const struct trial_spec *spec,
		       struct report_trial *r, char *err, size_t err_len);

/* Append row (a row struct of its table) to the mode's file k
 * (ops->files[k]).  0, or -ENOSPC ("FILE row too long") or csv_append's. */
int mode_write(struct mode_ctx *m, unsigned k, const void *row, char *err,
	       size_t err_len);

/* ---- [dut] observations around the trials (driver_dut.c) ---- */

struct driver_dut;
struct json_t;

/* [dut] resolved and dut.csv opened (m->dut NULL when [dut] is empty). */
int driver_dut_open(struct mode_ctx *m, char *err, size_t err_len);
void driver_dut_close(struct mode_ctx *m);
/* A search begins: its search observations. */
int driver_dut_search(struct mode_ctx *m, char *err, size_t err_len);
/* Right before trial_run: the snapshots, then the during observations
 * started.  telemetry: the trial is a telemetry trial. */
int driver_dut_before(struct mode_ctx *m, const struct trial_spec *spec,
		      bool telemetry, char *err, size_t err_len);
/* Right after it: the during ones stopped, the snapshots, dut.csv's
 * rows, the criterion's verdict into r (a pass may become a fail) and a
 * telemetry trial's phase. */
int driver_dut_after(struct mode_ctx *m, const struct trial_spec *spec,
		     struct report_trial *r, char *err, size_t err_len);
/* trial_run failed: the during observations stopped. */
void driver_dut_abort(struct mode_ctx *m);
/* Does [dut] ask for telemetry trials? */
bool driver_dut_wants_telemetry(const struct mode_ctx *m);
/* After a search's result line: what the criterion did (stdout). */
void driver_dut_say(const struct mode_ctx *m);
/* run.json's "dut" (NULL: no [dut]). */
struct json_t *driver_dut_json(const struct mode_ctx *m);

/* ---- run record ---- */

/* Open OUTDIR/name for appending, with the header of table t when the
 * file is new (t NULL: none). */
int runinfo_open_csv(const struct cfg *c, const char *name,
		     const struct report_table *t, struct csv_file *f,
		     char *err, size_t err_len);

/* Append one JSON line describing the run to OUTDIR/run.json (JSON Lines;
 * before the mode's results are freed: it lists each run's result). */
int runinfo_append(const struct mode_ctx *m, time_t end, const char *result,
		   char *err, size_t err_len);
/* runinfo_append with more's keys (a JSON object; NULL: none) over the
 * record's: the switch modes' N-port "ports" and their "pairs". */
struct json_t;
int runinfo_append_more(const struct mode_ctx *m, time_t end,
			const char *result, struct json_t *more, char *err,
			size_t err_len);

#endif /* DUTPERF_DRIVER_H */

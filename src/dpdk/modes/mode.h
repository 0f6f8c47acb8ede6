/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The modes: the mode table (modes.c; one file mode_NAME.c a mode) and
 * what several modes do alike (mode_common.c: a search's rate.csv row,
 * the RFC 8219 summary, the measuring and the stateful modes' set-up).
 * Below it: the driver (driver/driver.h).
 */
#ifndef DUTPERF_MODE_H
#define DUTPERF_MODE_H

#include "driver.h"


/* The mode table: every mode dutperf has. */
extern const struct mode_ops *const mode_table[];
extern const unsigned mode_table_len;

/* m zeroed, then set for running ops with (cli, cfg): from like, every
 * mode of the table (for a mode that runs others), the trial context and
 * the command line (run.json); the start time now.  The one way main
 * and a campaign's items set a mode's context up (mode_common.c). */
void mode_ctx_init(struct mode_ctx *m, const struct mode_ops *ops,
		   const struct cli *cli, const struct cfg *cfg,
		   const struct mode_ctx *like);


/* ---- what several modes do alike (mode_common.c) ---- */

/* The run's result by result.h's rule: run_result = the case's kind,
 * run_reason = its reason. */
void mode_set_result(struct mode_ctx *m, enum result_case why);

/* A run's result row: row (file 0's row struct, e.g. stateful_report.h's)
 * appended, then the run's result kind and reason (result.h's for a
 * search, NULL: none) and, measured, value[0]. */
int mode_result_row(struct mode_ctx *m, const void *row,
		    enum report_result kind, const char *reason, double value,
		    char *err, size_t err_len);

/* What a report_run row starts with, for trial r of run m->no. */
void mode_run_fields(const struct mode_ctx *m, const struct report_trial *r,
		     struct report_run *run);

/* A rate.csv row's fields common to every search of run m->no (number,
 * size, direction, n, m, timeout, date); the rest zero. */
void mode_search_fields(const struct mode_ctx *m, struct report_search *rs);
/* A complete search's rate.csv row (the fields above, duration, initial
 * rate, error, iterations, result, kind into *rs) appended; then the run's
 * result kind and, measured, value[0] = the rate.  0 or mode_write's. */
struct search;
int mode_search_row(struct mode_ctx *m, const struct search *s,
		    uint64_t initial_fps, struct report_search *rs, char *err,
		    size_t err_len);

/*
 * RFC 8219 7.2 / 12 summary of value k over the complete runs that have
 * one (NaN: none): median, 1st and 99th percentile (nearest rank), min,
 * max.  Returns how many runs had a value (the summary is only filled
 * from 2 on).
 */
uint32_t mode_summarize(const struct mode_ctx *m, unsigned k,
			struct stats_summary *sum, double *p1, double *p99);

/*
 * The measuring modes (latency, pdv): each run one trial at [traffic]
 * rate_fps with nb_tags tags and/or every frame's delay; per direction d
 * up to MODE_METRICS values, m->value[MODE_VALUE(d, k)], summarised as
 * "forward TL over N runs: median ..." (metric[k] NULL: none).
 */
#define MODE_METRICS 2
#define MODE_VALUE(d, k) ((d) * MODE_METRICS + (k))

int mode_measure_start(struct mode_ctx *m, struct proc_single *single,
		       uint32_t nb_tags, bool delays);
/* The trial passed or failed: it measured the DUT (invalid, interrupted:
 * the tester or nothing). */
bool mode_measured(const struct report_trial *r);
/* A trial that did not measure: the run's result is none, and stdout and
 * stderr say why. */
void mode_measure_invalid(struct mode_ctx *m, const struct trial_spec *spec,
			  const struct report_trial *r);
/* A direction's rows and values of a measuring trial (recovery, reset). */
typedef int (*mode_dir_fn)(struct mode_ctx *m, const struct trial_spec *spec,
			   const struct report_trial *r, enum cfg_dir_id d,
			   char *err, size_t err_len);
/* mode_measure_invalid, then fn for each active direction of r in order;
 * the first error ends it.  0 or fn's error. */
int mode_measure_dirs(struct mode_ctx *m, const struct trial_spec *spec,
		      const struct report_trial *r, mode_dir_fn fn, char *err,
		      size_t err_len);
/* The RFC 8219 summary of each metric per direction, in us (_in: in
 * unit; recovery and reset: their time in ms, MODE_VALUE(d, 0)). */
void mode_measure_summary(struct mode_ctx *m,
			  const char *const metric[MODE_METRICS]);
void mode_measure_summary_in(struct mode_ctx *m,
			     const char *const metric[MODE_METRICS],
			     const char *unit);


/* "search bounds: lower L, upper U, initial I, error E: inconsistent" in
 * err for the bounds a search refused; returns rc. */
int mode_search_bounds_error(const struct search_params *sp, int rc, char *err,
			     size_t err_len);
/*
 * A stateful mode's setup (stateful, connrate, cttc, teardown): its
 * [search] bounds into *sp (NULL: it has no search); flush: its trials
 * assume an empty DUT table (connrate, cttc), so a warning when no
 * [stateful] hook_trial empties it; then the phases attached
 * (feature_attach_stateful).  0 or -ENOMEM.
 */
int stateful_mode_setup(struct mode_ctx *m, struct search_params *sp, bool flush,
			char *err, size_t err_len);
/*
 * A stateful mode's start: [stateful]'s three trials (stateful_specs) for
 * its procedure.  [stateful] hook_search, which comes first, the driver
 * has run already (feature_start_run, before every run with the phases
 * attached).
 */
struct stateful_specs;
void stateful_mode_start(const struct mode_ctx *m,
			 struct stateful_specs *specs);

/*
 * A mode that runs itself once (ops->run, not driver_run: the switch
 * modes).  mode_once_open: run 1's value, result and reason arrays and
 * every file of ops->files opened (0, -ENOMEM or runinfo_open_csv's);
 * mode_once_record: m->value[0], run_result and run_reason as run 1's
 * (runs_done, not_measured); mode_once_close: the files closed, the
 * arrays freed (also after a failed open).
 */
int mode_once_open(struct mode_ctx *m, char *err, size_t err_len);
void mode_once_record(struct mode_ctx *m);
void mode_once_close(struct mode_ctx *m);

#endif /* DUTPERF_MODE_H */

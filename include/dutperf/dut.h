/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dut: looking inside the DUT ([dut], docs/dut.md).  Named observations
 * (shell commands) run before and after a trial (snapshots), while it
 * sends (during) or once per search; by default only in the telemetry
 * trial that follows each search at the rate it found, in every trial
 * when asked.  An observation's output may be read as counters by one of
 * a small set of parsers; the counters' deltas over a trial are dut.csv's
 * rows, and one of them may be a pass criterion ([dut] criterion).
 * DPDK-free: the plan, the parsers, the deltas and the criterion here,
 * running the commands in dut_run.c (through command.h).
 */
#ifndef DUTPERF_DUT_H
#define DUTPERF_DUT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dutperf/cfg.h"
#include "dutperf/command.h"
#include "dutperf/report.h"

#define DUT_NAME_LEN 32			/* an observation's name */
#define DUT_COUNTER_LEN 128		/* a counter's name */
#define DUT_MAX_OBS CFG_DUT_OBS

/* [dut] obsN_when (the order of cfg_keys.c's names) */
enum dut_when {
	DUT_WHEN_SNAPSHOT,	/* before and after each observed trial */
	DUT_WHEN_DURING,	/* from the trial's start to its end */
	DUT_WHEN_SEARCH,	/* once before each search */
};

/* [dut] obsN_trials */
enum dut_trials {
	DUT_TRIALS_RESULT,	/* the telemetry trial only (default) */
	DUT_TRIALS_ALL,		/* every trial, the telemetry trial too */
};

/* [dut] obsN_parser */
enum dut_parser {
	DUT_PARSER_NONE,	/* the output is kept, not read */
	DUT_PARSER_KV,		/* "name = value" lines (sysctl) */
	DUT_PARSER_NSTAT,	/* nstat -az: "#kernel", "Name value rate" */
	DUT_PARSER_ETHTOOL,	/* ethtool -S: "NIC statistics:", "name: value" */
	DUT_PARSER_IPLINK,	/* ip -s -j link: IFNAME.rx.packets, ... */
	DUT_PARSER_OVS,		/* ovs-appctl dpctl/show: lookups.lost, ... */
	DUT_PARSER_CPU,		/* /proc/stat: cpuN.busy, cpuN.idle (jiffies) */
	DUT_PARSER_NFT,		/* nft list counters: NAME.packets, NAME.bytes */
	DUT_NB_PARSERS
};

struct dut_obs {
	char name[DUT_NAME_LEN];
	const char *cmd;		/* into the configuration */
	enum dut_when when;
	enum dut_trials trials;
	enum dut_parser parser;
	unsigned slot;			/* N of [dut] obsN */
};

/* What [dut] asks for, resolved once from a checked configuration. */
struct dut_plan {
	unsigned nb;
	struct dut_obs obs[DUT_MAX_OBS];
	size_t max_output_b;
	bool required;
	uint32_t timeout_s;		/* [commands] timeout_s */
	/* [dut] criterion */
	bool criterion;
	unsigned crit_obs;		/* index into obs[] */
	char crit_counter[DUT_COUNTER_LEN];
	uint64_t crit_max;		/* N: the delta allowed */
	char crit_text[300];		/* "OBS.COUNTER <= N" as said */
};

/*
 * The plan of c's [dut] section.  0, or -EINVAL with err naming the file,
 * section, key and value (a bad NAME: COMMAND, two observations of one
 * name, a parser on an observation that is not a snapshot, a criterion
 * naming no parsed snapshot observing every trial, a bad <= N).
 */
int dut_plan_from_cfg(struct dut_plan *p, const struct cfg *c, char *err,
		      size_t err_len);

/* dut_plan_from_cfg's checks alone (cli_parse runs it: exit 2). */
int dut_check(const struct cfg *c, char *err, size_t err_len);

/* Does the plan observe anything in a telemetry trial?  In plain trials? */
bool dut_plan_telemetry(const struct dut_plan *p);
bool dut_plan_every_trial(const struct dut_plan *p);

/* Does observation i run in a trial (telemetry: the result's)? */
bool dut_obs_in(const struct dut_obs *o, bool telemetry);

/* "none", "kv", ... (the [dut] obsN_parser words) */
const char *dut_parser_name(enum dut_parser p);

/* ------------------------------------------------------------ counters */

struct dut_counter {
	char name[DUT_COUNTER_LEN];
	uint64_t value;
};

struct dut_counters {
	size_t n, cap;
	struct dut_counter *v;
};

/*
 * Read text (len bytes, not NUL-terminated) as counters with parser p
 * into *out (emptied first).  0, or -EINVAL with err naming the
 * observation obs and the line ("[dut] nstat: output line 3: \"x\": not
 * NAME VALUE"), -ENOMEM.  DUT_PARSER_NONE: no counters.
 */
int dut_parse(enum dut_parser p, const char *obs, const char *text,
	      size_t len, struct dut_counters *out, char *err, size_t err_len);

void dut_counters_free(struct dut_counters *c);
const struct dut_counter *dut_counters_find(const struct dut_counters *c,
					    const char *name);

/* ----------------------------------------------------- deltas, dut.csv */

/* One dut.csv row: a counter of an observation over a trial, or an
 * observation that failed (error set, no values). */
struct dut_row {
	uint32_t trial;			/* trials.csv's row number, from 1 */
	uint32_t search;		/* as trials.csv's search, iteration */
	uint32_t iteration;
	const char *phase;		/* "trial", "telemetry" */
	uint64_t rate_fps;		/* the trial's offered rate */
	const char *observation;
	const char *counter;		/* "" for an error row */
	bool has_values;
	uint64_t before;
	uint64_t after;
	double delta;			/* after - before, negative if it fell */
	double interval_s;		/* between the two snapshots */
	double rate_per_s;		/* delta / interval_s */
	bool has_busy;			/* cpu parser, on its cpuN.busy rows */
	double busy_pct;		/* busy / (busy + idle) of the deltas */
	const char *error;		/* "" unless the observation failed */
};

extern const struct report_table dut_table;	/* dut.csv */

/*
 * Call row_fn for each counter present in both snapshots, in the order
 * of after (the row's counter, values, rate over interval_s and, for a
 * cpu parser's cpuN.busy, the busy share); row carries the trial fields.
 * The first non-zero return of row_fn ends it and is returned.
 */
int dut_deltas(struct dut_row *row, const struct dut_counters *before,
	       const struct dut_counters *after, double interval_s,
	       int (*row_fn)(const struct dut_row *row, void *arg), void *arg);

/*
 * The criterion over one trial: *delta the counter's rise and *ok whether
 * it stayed within N.  -ENOENT with err when a snapshot lacks the counter.
 */
int dut_criterion_judge(const struct dut_plan *p,
			const struct dut_counters *before,
			const struct dut_counters *after, double *delta,
			bool *ok, char *err, size_t err_len);

/* ------------------------------------------------ running (dut_run.c) */

/* One observation's run into a file. */
struct dut_capture {
	bool ok;			/* ran and exited 0 (during: stopped) */
	bool truncated;			/* output cut at max_output_b */
	uint64_t written_b;		/* output bytes kept in the file */
	uint64_t start_ns, end_ns;	/* CLOCK_MONOTONIC */
	char error[512];		/* why not ok, the command named */
};

/*
 * Run observation o to its end (timeout [commands] timeout_s; killed when
 * *stop is set), its output into path (created, truncated, written as it
 * comes, cut at max_output_b with a note at the end).  0 with *cap filled
 * (cap->ok false when it failed: cap->error says how); -errno with err
 * when the file cannot be written.  text/text_len (may be NULL): the
 * output read back for a parser (malloc'd; the caller frees; a cut
 * output up to its last whole line).
 */
int dut_run_snapshot(const struct dut_plan *p, const struct dut_obs *o,
		     const char *path, const volatile sig_atomic_t *stop,
		     struct dut_capture *cap, char **text, size_t *text_len,
		     char *err, size_t err_len);

/* A during observation running in a thread of its own. */
struct dut_during;

/*
 * Start o into path (timeout: limit_s, 0 none).  0 with *d set, or
 * -errno with err.
 */
int dut_during_start(const struct dut_plan *p, const struct dut_obs *o,
		     const char *path, uint32_t limit_s, struct dut_during **d,
		     char *err, size_t err_len);

/* SIGINT to a during observation's process group, then SIGKILL this
 * much later when it is still there */
#define DUT_DURING_GRACE_MS 1000

/* Stop it (SIGINT, then SIGKILL), wait for it, fill *cap and free d. */
void dut_during_stop(struct dut_during *d, struct dut_capture *cap);

#endif /* DUTPERF_DUT_H */

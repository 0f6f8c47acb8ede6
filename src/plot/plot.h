/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot: gnuplot scripts from dutperf's result files (read with
 * csv_table_read).  Pure: the script text, data included as datablocks, is
 * built in memory; dutperf-plot writes it out and runs gnuplot.  The files
 * each kind reads, and the columns, are in docs/plots.md.
 */
#ifndef DUTPERF_PLOT_H
#define DUTPERF_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "dutperf/csv.h"
#include "dutperf/strbuf.h"

enum plot_kind {
	PLOT_TPUT_SIZE,		/* rate.csv files: median rate per frame size */
	PLOT_LOSS_LOAD,		/* flr.csv files: loss % against offered fps */
	PLOT_SEARCHES,		/* one rate.csv: the rate of each search */
	PLOT_COMPARE,		/* two rate.csv: box plot and the t test */
	PLOT_LATENCY,		/* latency.csv files: CDF of per-run values */
	PLOT_PDV,		/* pdv.csv files: CDF of per-run values */
	PLOT_MONITOR,		/* one monitor.csv: rates and variation in time */
	PLOT_CPU_LOAD,		/* dut.csv files: busy % per CPU against fps */
	PLOT_FRATE,		/* frate.csv files: forwarding rate against
				 * the intended load (RFC 2889 5.6) */
	PLOT_NB_KINDS,
};

enum plot_format {
	PLOT_PNG,		/* gnuplot's pngcairo terminal */
	PLOT_SVG,		/* gnuplot's svg terminal */
};


/* One input file and its label in legends. */
struct plot_input {
	const struct csv_table *t;
	const char *label;
};

struct plot_opts {
	enum plot_kind kind;
	enum plot_format format;
	const char *output;		/* the file gnuplot writes; NULL: stdout */
	double link_gbps;		/* tput-size: 0: no line rate drawn;
					 * else the line rate of each size
					 * at its own runs' speed
					 * (plot_run_speed), or at link_gbps
					 * for every size when link_given */
	bool link_given;		/* --link-gbps: link_gbps for all */
	double conf_pct;		/* compare: Student's t confidence */
	const char *column;		/* searches, compare: default "rate" */
	const char *const *metrics;	/* latency, pdv: column suffixes */
	size_t nb_metrics;		/* 0: the kind's default metrics */
	struct strbuf *notes;		/* NULL, or warnings for the user, a
					 * line each (tput-size: each point
					 * above the line rate) */
};

/* "tput-size" ... "monitor" and back; -EINVAL for an unknown name. */
int plot_kind_from_name(const char *name, enum plot_kind *kind);
const char *plot_kind_name(enum plot_kind kind);
/* The least and most input files a kind takes (SIZE_MAX: no limit). */
void plot_kind_inputs(enum plot_kind kind, size_t *min, size_t *max);

/* From the output file's extension, .png or .svg (any case); -EINVAL. */
int plot_format_from_path(const char *path, enum plot_format *f, char *err,
			  size_t err_len);

/* Ethernet line rate in frames/s: link / ((size + 20 bytes) * 8). */
double plot_line_rate_fps(double frame_size_b, double link_gbps);

/*
 * tput-size's link speed, from the run.json beside each input's rate.csv
 * (the same directory; JSON Lines, one record per run): a record's
 * link_speed_mbps (the speed dutperf bounded its rates by: [traffic]
 * link_speed_gbps, else the ports' lowest), else the lowest of its
 * ports[].speed_mbps; *gbps = the lowest over every record of every input,
 * 0 when none records one.  notes (not NULL) gets a line for an input
 * without a speed (no run.json, or only nulls in it), when the speeds
 * differ, and when none is found (no line rate drawn).  0, or -EINVAL with
 * err naming the run.json, its line and key (not JSON, a speed that is no
 * positive integer), or -ENOMEM.
 */
/*
 * The one rule of dutperf-plot and dutperf-report for the link speed of
 * the line rate (issue 39): a run's speeds are those of the records of
 * the run.json beside its file csv (each: link_speed_mbps, else its
 * lowest ports[].speed_mbps), *lo_mbps and *hi_mbps the lowest and
 * highest of them (0: none).  A frame size's line rate is taken at the
 * lowest speed of the runs that have rows of that size; when they
 * differ, the tools say so.  0 (also for no run.json), -EINVAL with err
 * (a run.json that is not valid), or -ENOMEM.
 */
int plot_run_speed(const char *csv, double *lo_mbps, double *hi_mbps,
		   char *err, size_t err_len);

int plot_link_speed(const struct plot_input *in, size_t n, double *gbps,
		    struct strbuf *notes, char *err, size_t err_len);

/* s as a gnuplot single-quoted string ('' for a quote, no newlines). */
void plot_quote(struct strbuf *b, const char *s);

/*
 * The whole gnuplot script for inputs in[0..n-1] into b (which starts
 * empty).  0, or -EINVAL with err naming file, line and column of bad
 * input (missing column, no data rows, a non-numeric cell), or -ENOMEM.
 */
int plot_script(struct strbuf *b, const struct plot_opts *o,
		const struct plot_input *in, size_t n, char *err,
		size_t err_len);

/*
 * Run gnuplot ($DUTPERF_GNUPLOT, default gnuplot) on script_path, its
 * stdout on out_fd (-1: ours), stderr ours.  0 when it exited 0, else
 * < 0 with err saying why (not found, its exit status).
 */
int plot_run_gnuplot(const char *script_path, int out_fd, char *err,
		     size_t err_len);

#endif /* DUTPERF_PLOT_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutperf-report internals, shared by the files of its sections: the
 * grouped values and cells they are built from (rdoc_group.c), the
 * result sections (rdoc_report.c), before/after (rdoc_compare.c) and the
 * campaign and test conditions (rdoc_cond.c).  Not for other modules;
 * the public side is dutperf/rdoc_report.h.
 */
#ifndef DUTPERF_RDOC_PRIV_H
#define DUTPERF_RDOC_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "dutperf/csv.h"
#include "plot.h"
#include "rdoc.h"
#include "rdoc_report.h"

/* --- groups: the values of one test per (frame size, direction) --- */

/* Which values of which file: column, and the direction from dir_col or
 * fixed (latency's fwd_ and rev_ columns); only rows whose row_col is
 * row_is (b2b's summary rows). */
struct rdoc_val {
	enum rdoc_file file;
	const char *test;		/* its name in the comparison */
	const char *column;
	const char *dir_col;
	const char *dir_fixed;
	const char *row_col, *row_is;
};

struct rdoc_grp {
	long size_b;			/* a mix: its rounded mean */
	char imix[IMIX_NOTE_MAX];	/* "": a fixed size; imix_label */
	double mean_b;			/* a mix's mean L2 size; 0: unknown */
	char dir[16];
	double *v;
	size_t n, cap;
	size_t lower, none, invalid, runs;
	double lower_max;
	double link_mbps;		/* lowest of the runs; 0: unknown */
	double link_hi_mbps;		/* highest of them (several speeds:
					 * said in the table) */
	double load_sum;		/* latency: sum of rate_fps, measured */
};

struct rdoc_grps {
	struct rdoc_grp *g;
	size_t n;
	bool oom;
};

/* RFC 8219: median, 1st and 99th percentile of the measured values. */
struct rdoc_sum {
	bool ok;
	double median, p1, p99;
};

/* --- reading cells (rdoc_group.c) --- */

/* The cell of column name in row r; "" when empty or absent. */
const char *rdoc_cell(const struct csv_table *t, size_t r, const char *name);
/* The number in column name of row r: true, or false when empty/absent
 * or no number. */
bool rdoc_num(const struct csv_table *t, size_t r, const char *name,
	      double *v);
/* v as stats_format_number writes it; "" for NaN. */
void rdoc_fmt(double v, char *buf, size_t len);
/* v rounded to d decimals (for rates, Mb/s and percentages) */
void rdoc_fixed(double v, int d, char *buf, size_t len);
/* The row's result: "measured", "lower_bound", "none" or "invalid". */
const char *rdoc_row_kind(const struct csv_table *t, size_t r);
/* The row's frame size, else the run's. */
long rdoc_row_size(const struct rdoc_run *run, const struct csv_table *t,
		   size_t r);
/* A size as a cell reads: "64", a mix "IMIX csit (mean 353.83 B)"
 * (mean_b 0: the mean left out). */
void rdoc_size_text(long size_b, const char *imix, double mean_b, char *buf,
		    size_t len);
/* The frame size of a group (its mix's mean) for rates in Mb/s and the
 * line rate. */
double rdoc_grp_frame_b(const struct rdoc_grp *g);
/* "both", "forward", "reverse" for "b", "f", "r"; else d. */
const char *rdoc_dir_name(const char *d);

/* --- groups (rdoc_group.c) --- */

/* Every value of spec in the set, grouped and sorted. */
void rdoc_collect(const struct rdoc_set *s, const struct rdoc_val *spec,
		  struct rdoc_grps *gs);
void rdoc_grps_free(struct rdoc_grps *gs);
/* The summary of g into three cells c[0..2] (median, 1st, 99th), or
 * none (when not NULL) into c[0] where nothing was measured. */
struct rdoc_sum rdoc_sum_cells(struct rdoc_grp *g, char c[][160],
			       const char *none);
/* "measured", or the labels of what is not a DUT figure. */
void rdoc_grp_result(const struct rdoc_grp *g, char *buf, size_t len);

/* --- graphs, notes, which sections (rdoc_group.c) --- */

/* The graph of in[0..n-1] as an SVG image, a line naming it (Markdown,
 * no renderer) or a "missing graph" note saying why it is not drawn. */
void rdoc_graph(struct rdoc *d, const struct rdoc_opts *o,
		struct plot_opts *po, const struct plot_input *in, size_t n,
		const char *alt);
/* The inputs of file f of every run that has it (labels: run labels). */
size_t rdoc_inputs(const struct rdoc_set *s, enum rdoc_file f,
		   struct plot_input *in);
/* A note for each item of test (NULL: every test) that is not a measured
 * result: state, result kind, throughput it used. */
void rdoc_item_notes(struct rdoc *d, const struct rdoc_set *s,
		     const char *test);
/* Whether a run has file f or the campaign has an item of test. */
bool rdoc_has_test(const struct rdoc_set *s, enum rdoc_file f,
		   const char *test);

/* --- sections of other files --- */

void rdoc_sec_compare(struct rdoc *d, const struct rdoc_opts *o,
		      const struct rdoc_set *a, const struct rdoc_set *b);
void rdoc_sec_campaign(struct rdoc *d, const struct rdoc_set *s);
void rdoc_sec_conditions(struct rdoc *d, const struct rdoc_set *s);
/* [dut]: each run's telemetry trials, and against b (may be NULL) the
 * counters whose rates changed most (rdoc_dut.c) */
void rdoc_sec_dut(struct rdoc *d, const struct rdoc_set *a,
		  const struct rdoc_set *b);

#endif

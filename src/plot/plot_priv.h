/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot internals, shared by the module's files: the data (plot_read.c:
 * series and reading them from result files), the gnuplot script
 * (plot_gp.c) and the figures of each kind (plot.c).  Not for other
 * modules; the public side is dutperf/plot.h.
 */
#ifndef DUTPERF_PLOT_PRIV_H
#define DUTPERF_PLOT_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "dutperf/csv.h"
#include "dutperf/imix.h"
#include "plot.h"

/* One plotted series: rows of ncols numbers and how gnuplot draws them. */
struct plot_series {
	char title[512];
	const char *with;	/* "using ... with ..." */
	const char *with2;	/* NULL or a second element on the same data */
	const char *color;	/* NULL (the line type's) or a gnuplot colour */
	int panel;		/* multiplot panel (monitor), else 0 */
	size_t ncols, n, cap;
	double *v;
};

struct plot_set {
	struct plot_series *s;
	size_t n, cap;
};

/* One measured rate.csv row; of a mix (run.json beside the file names
 * one): its name and mean L2 size, a size of its own. */
struct plot_tput {
	char dir[16];
	double size_b;
	double rate_fps;
	char mix[IMIX_NOTE_MAX];	/* "": a fixed size; imix_label */
	double mean_b;			/* the mix's; else size_b */
	double link_lo_mbps, link_hi_mbps;	/* its run's speeds
						 * (plot_run_speed); 0: none */
};

/* err = the message (when err_len > 0); returns rc. */
int plot_fail(int rc, char *err, size_t err_len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* --- series (plot_read.c) --- */

/* A new series at the end of set; NULL: no memory. */
struct plot_series *plot_series_add(struct plot_set *set, const char *title,
				    const char *with, const char *with2,
				    int panel, size_t ncols);
/* The series of this title and panel, created when new. */
struct plot_series *plot_series_get(struct plot_set *set, const char *title,
				    const char *with, const char *with2,
				    int panel, size_t ncols);
/* Append one row of s->ncols numbers (or of two); 0 or -ENOMEM. */
int plot_row(struct plot_series *s, const double *row);
int plot_row2(struct plot_series *s, double x, double y);
/* Sort a series' rows by their first column. */
void plot_series_sort(struct plot_series *s);
void plot_set_free(struct plot_set *set);
/* Drop the series without rows. */
void plot_set_compact(struct plot_set *set);

/* --- reading csv tables (plot_read.c) --- */

/* -EINVAL naming t's file when it has no data rows. */
int plot_need_rows(const struct csv_table *t, char *err, size_t err_len);
/* Column indices of names[0..n-1] in t, which must have data rows. */
int plot_cols(const struct csv_table *t, const char *const *names, size_t n,
	      long *idx, char *err, size_t err_len);
/* Row r of a rate.csv is a DUT figure (result_kind measured, or none). */
bool plot_row_measured(const struct csv_table *t, size_t r);
/* Every measured (Dir, Size, rate) of the inputs into *out (malloc'ed),
 * each with the mix its run.json names, sorted by direction, mix (the
 * fixed sizes first), size and rate.  A run.json whose records name
 * different mixes (its rate.csv rows cannot be told apart) is -EINVAL. */
int plot_tput_read(const struct plot_input *in, size_t n,
		   struct plot_tput **out, size_t *count, char *err,
		   size_t err_len);
/* The mix run.json beside csv file csv names (its records agree): mix
 * its name ("" none, also without a run.json), *mean_b its mean L2
 * size.  0, or -EINVAL (err set: records that disagree, a bad imix). */
int plot_runinfo_imix(const char *csv, char *mix, double *mean_b, char *err,
		      size_t err_len);
/* The measured values of column of in, at least min; their number, or
 * -errno with err set. */
long plot_values(const struct plot_input *in, const char *column, size_t min,
		 double **v, char *err, size_t err_len);

/* --- the script (plot_gp.c) --- */

/* Terminal, output and the common settings. */
/* The script's head: terminal, output; kind: the plot kind's name */
void plot_begin(struct strbuf *b, const struct plot_opts *o,
		const char *kind);
/* Each series of set as datablock $d<index>. */
void plot_data(struct strbuf *b, const struct plot_set *set);
/* Labels and the plot command of the series of one panel. */
void plot_panel(struct strbuf *b, const struct plot_set *set, int panel,
		const char *title, const char *xlabel, const char *ylabel);

#endif /* DUTPERF_PLOT_PRIV_H */

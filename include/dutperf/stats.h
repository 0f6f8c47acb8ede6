/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stats: summary statistics of a sample and Student's t comparison of two
 * samples, computed the way FreeBSD's ministat(1) computes them (see
 * docs/statistics.md for the exact definitions).
 *
 *  - median: the middle value for odd n, the mean of the two middle values
 *    for even n (ministat prints the upper middle value instead);
 *  - percentile p: nearest rank on the sorted sample, the value at 1-based
 *    rank ceil(p/100 * n) clamped to [1, n]: always an observed value;
 *  - stddev: sample standard deviation, divisor n - 1 (NaN for n < 2).
 */
#ifndef DUTPERF_STATS_H
#define DUTPERF_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct stats_summary {
	size_t n;
	double min, max;
	double mean;
	double median;
	double stddev;		/* sample (n - 1) standard deviation, NaN if n < 2 */
};

/* Sort ascending in place. */
void stats_sort(double *x, size_t n);

/* Summary of x[0..n-1] (x is not modified).  0, -EINVAL (n == 0, non-finite
 * value) or -ENOMEM. */
int stats_summarize(const double *x, size_t n, struct stats_summary *out);
/* Same for a sample already sorted ascending: no copy, no second sort. */
int stats_summarize_sorted(const double *sorted, size_t n,
			   struct stats_summary *out);

/* Nearest-rank percentile, p in [0, 100], of an ascending sorted sample. */
double stats_percentile_sorted(const double *sorted, size_t n, double p_pct);
/* 1-based nearest rank ceil(p/100 * n) clamped to [1, n] (0 for n == 0). */
size_t stats_percentile_rank(size_t n, double p_pct);
/* Same on an unsorted sample (sorts a copy); NaN on n == 0 or no memory. */
double stats_percentile(const double *x, size_t n, double p_pct);

/*
 * Inverse CDF of Student's t with df degrees of freedom (df = INFINITY: the
 * standard normal), p in (0, 1).  Computed numerically (regularized
 * incomplete beta + bisection) to about 1e-12 relative; NaN on bad input.
 */
double stats_t_quantile(double p, double df);

/*
 * The t value ministat uses for a two-sided confidence level conf_pct in
 * {80, 90, 95, 98, 99, 99.5} and df degrees of freedom: the quantile rounded
 * to 3 decimals (its table's precision); df > 100 uses df = infinity; and
 * ministat's 99.5 % level uses the 0.999 quantile (a 99.8 % two-sided
 * level), which we reproduce for identical output.  0 or -EINVAL.
 */
int stats_t_ministat(double conf_pct, unsigned long df, double *t);

/* A --confidence LEVEL argument, one of the levels above: 0, or -EINVAL
 * with err "--confidence 'S': must be one of ...". */
int stats_parse_confidence(const char *s, double *conf_pct, char *err,
			   size_t err_len);

struct stats_ttest {
	double conf_pct;	/* requested confidence level */
	unsigned long df;	/* n1 + n2 - 2 */
	double t;		/* t value used */
	double diff;		/* D = mean2 - mean1 */
	double err;		/* E = t * s * sqrt(1/n1 + 1/n2) */
	double diff_pct;	/* D * 100 / mean1 */
	double err_pct;		/* E * 100 / mean1 */
	double pooled_sd;	/* s */
	bool significant;	/* |D| > E */
};

/*
 * Two-sample Student's t test with pooled variance, b compared with a
 * (ministat's first data set is a).  Both need n >= 2.  0 or -EINVAL.
 */
int stats_ttest(const struct stats_summary *a, const struct stats_summary *b,
		double conf_pct, struct stats_ttest *out);

/*
 * ministat's verdict text (with a trailing newline), either
 * "Difference at 95.0% confidence\n\tD +/- E\n\tP% +/- Q%\n
 * \t(Student's t, pooled s = S)\n" or
 * "No difference proven at 95.0% confidence\n".
 * Returns the length snprintf would have written.
 */
int stats_format_ttest(const struct stats_ttest *t, char *buf, size_t len);

/* The same text on one line, each "\n\t" as "; ", the last newline
 * dropped (truncated to len). */
void stats_format_ttest_line(const struct stats_ttest *t, char *buf,
			     size_t len);

/*
 * A number for people and CSV files: up to 10 significant digits (%.10g),
 * but magnitudes in [1e10, 1e21) as whole numbers without an exponent
 * (e.g. 276952.5, 241210, 12608.32465).  Returns snprintf's value.
 */
int stats_format_number(double v, char *buf, size_t len);

/* ---- grouping values: dutperf-stats and dutperf-report ---- */

/* Append x to the growing sample v[0..*n) (capacity *cap, doubled as it
 * fills).  0 or -ENOMEM (the sample unchanged). */
int stats_push(double **v, size_t *n, size_t *cap, double x);

/* Does group elem (an element of the caller's array) have key? */
typedef bool (*stats_match_fn)(const void *elem, const void *key);

/*
 * The group of key in *arr[0..*n) (elements of elem_b bytes), in order
 * of first sight: the first element match accepts, else a new zeroed one
 * appended (*added true; the caller fills its key).  NULL: no memory.
 * The groups by (frame size, direction) of both tools.
 */
void *stats_group_get(void **arr, size_t *n, size_t elem_b,
		      stats_match_fn match, const void *key, bool *added);

#endif /* DUTPERF_STATS_H */

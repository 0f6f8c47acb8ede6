/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot: the figures.  Each kind collects series (rows of numbers) from csv
 * tables (plot_read.c), then one writer emits them as datablocks and plot
 * commands (plot_gp.c).  Statistics come from the stats module, so the
 * numbers drawn are the ones dutperf-stats prints.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dutperf/stats.h"
#include "plot_priv.h"

static const char *const plot_kind_names[PLOT_NB_KINDS] = {
	[PLOT_TPUT_SIZE] = "tput-size",
	[PLOT_LOSS_LOAD] = "loss-load",
	[PLOT_SEARCHES] = "searches",
	[PLOT_COMPARE] = "compare",
	[PLOT_LATENCY] = "latency",
	[PLOT_PDV] = "pdv",
	[PLOT_MONITOR] = "monitor",
	[PLOT_CPU_LOAD] = "cpu-load",
	[PLOT_FRATE] = "frate",
};

int
plot_kind_from_name(const char *name, enum plot_kind *kind)
{
	int k;

	for (k = 0; k < PLOT_NB_KINDS; k++) {
		if (strcmp(name, plot_kind_names[k]) == 0) {
			*kind = (enum plot_kind)k;
			return 0;
		}
	}
	return -EINVAL;
}

const char *
plot_kind_name(enum plot_kind kind)
{
	return (unsigned)kind < PLOT_NB_KINDS ? plot_kind_names[kind] : "?";
}

void
plot_kind_inputs(enum plot_kind kind, size_t *min, size_t *max)
{
	*min = 1;
	*max = SIZE_MAX;
	if (kind == PLOT_SEARCHES || kind == PLOT_MONITOR)
		*max = 1;
	else if (kind == PLOT_COMPARE)
		*min = *max = 2;
}

int
plot_format_from_path(const char *path, enum plot_format *f, char *err,
		      size_t err_len)
{
	const char *dot = strrchr(path, '.');

	if (dot != NULL && strchr(dot, '/') == NULL) {
		if (strcasecmp(dot, ".png") == 0) {
			*f = PLOT_PNG;
			return 0;
		}
		if (strcasecmp(dot, ".svg") == 0) {
			*f = PLOT_SVG;
			return 0;
		}
	}
	return plot_fail(-EINVAL, err, err_len,
			 "%s: output must end in .png or .svg", path);
}

double
plot_line_rate_fps(double frame_size_b, double link_gbps)
{
	/* 20 bytes a frame on the wire besides it: preamble, SFD, gap. */
	return link_gbps * 1e9 / ((frame_size_b + 20.0) * 8.0);
}

/* A column's short word and the words a figure says it in. */
struct plot_word {
	const char *word, *said;
};

/* How a figure says word: its entry in the table of n, else word itself. */
static const char *
plot_say(const struct plot_word *tbl, size_t n, const char *word)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(word, tbl[i].word) == 0)
			return tbl[i].said;
	return word;
}

#define PLOT_SAY(tbl, word) \
	plot_say((tbl), sizeof(tbl) / sizeof((tbl)[0]), (word))

/* rate.csv's Dir */
static const struct plot_word plot_dir_words[] = {
	{ "b", "both directions" },
	{ "f", "forward" },
	{ "r", "reverse" },
};

static const char *
plot_dir_name(const char *d)
{
	return PLOT_SAY(plot_dir_words, d);
}

/*
 * The line rate as a curve (it is not straight between sizes): at each
 * measured size and at PLOT_LINE_STEPS sizes evenly between the extremes.
 * sizes[] (n of them, room for PLOT_LINE_STEPS more) is sorted here.
 */
#define PLOT_LINE_STEPS 100
static int
plot_line_rate(struct plot_series *line, double *sizes, size_t n,
	       double link_gbps)
{
	double lo, hi;
	size_t k, m = n;

	stats_sort(sizes, n);
	lo = sizes[0];
	hi = sizes[n - 1];
	if (lo == hi) {		/* one size: a short piece around it */
		lo *= 0.9;
		hi *= 1.1;
	}
	for (k = 0; k <= PLOT_LINE_STEPS; k++)
		sizes[m++] = lo + (hi - lo) * (double)k / PLOT_LINE_STEPS;
	stats_sort(sizes, m);
	for (k = 0; k < m; k++)
		if ((k == 0 || sizes[k] != sizes[k - 1]) &&
		    plot_row2(line, sizes[k],
			      plot_line_rate_fps(sizes[k], link_gbps)) < 0)
			return -ENOMEM;
	return 0;
}

/*
 * A median above the line rate it is drawn against: a row of above (its
 * own series, red) and a note naming it.  A rate above the line rate was
 * not measured on a link of that speed: the speed is wrong.
 */
static int
plot_check_line_rate(struct plot_series *above, const struct plot_opts *o,
		     const struct plot_tput *t, double median, double gbps)
{
	double line = plot_line_rate_fps(t->mean_b, gbps);
	char size[IMIX_NOTE_MAX + 32], mix[IMIX_NOTE_MAX + 8];

	if (!(median > line))
		return 0;
	imix_label(t->mix, mix, sizeof(mix));
	if (t->mix[0] != '\0')
		snprintf(size, sizeof(size), "%s (mean %.2f B)", mix, t->mean_b);
	else
		snprintf(size, sizeof(size), "%g B", t->size_b);
	if (o->notes != NULL)
		strbuf_printf(o->notes, "warning: %s, %s: the median %.0f fps is "
			    "above the line rate at %g Gbit/s, %.0f fps\n",
			    size, plot_dir_name(t->dir), median, gbps, line);
	return plot_row2(above, t->mean_b, median);
}

static int
plot_tput_size(struct strbuf *b, const struct plot_opts *o,
	       const struct plot_input *in, size_t n, char *err,
	       size_t err_len)
{
	struct plot_set set = { 0 };
	struct plot_series *s = NULL, *line, *red, above = { .ncols = 2 };
	struct plot_tput *p = NULL;
	double *sizes = NULL, *rates = NULL, *speed = NULL, gbps, one = -1;
	size_t count = 0, i, j, k, nsizes = 0;
	char title[IMIX_NOTE_MAX + 128], mix[IMIX_NOTE_MAX + 8];
	int rc;

	rc = plot_tput_read(in, n, &p, &count, err, err_len);
	if (rc != 0)
		return rc;
	rc = -ENOMEM;
	sizes = malloc((count + PLOT_LINE_STEPS + 1) * sizeof(*sizes));
	rates = malloc((count + 1) * sizeof(*rates));
	speed = malloc((count + 1) * sizeof(*speed));
	if (sizes == NULL || rates == NULL || speed == NULL)
		goto out;
	for (i = 0; i < count; i = j) {
		struct stats_summary sum;
		double row[4];

		/* Rows i..j-1: one direction, mix and size, rates
		 * ascending; a mix is a size of its own (its Size, the
		 * rounded mean, may be a fixed size's too) */
		double lo = 0, hi = 0;

		for (j = i; j < count && strcmp(p[j].dir, p[i].dir) == 0 &&
		     strcmp(p[j].mix, p[i].mix) == 0 &&
		     p[j].size_b == p[i].size_b; j++) {
			rates[j - i] = p[j].rate_fps;
			/* the one rule (plot.h plot_run_speed): the lowest
			 * speed of this size's own runs */
			if (p[j].link_lo_mbps > 0 &&
			    (lo == 0 || p[j].link_lo_mbps < lo))
				lo = p[j].link_lo_mbps;
			if (p[j].link_hi_mbps > hi)
				hi = p[j].link_hi_mbps;
		}
		gbps = o->link_gbps <= 0 ? 0 : o->link_given ? o->link_gbps :
		       lo / 1000.0;
		if (!o->link_given && hi > lo && lo > 0 && o->notes != NULL)
			strbuf_printf(o->notes, "%g B, %s: its runs' link speeds "
				    "differ, %g to %g Gbit/s: its line rate is "
				    "at %g Gbit/s\n", p[i].mean_b,
				    plot_dir_name(p[i].dir), lo / 1000.0,
				    hi / 1000.0, lo / 1000.0);
		/* a series per direction for the fixed sizes, per mix and
		 * direction for the mixes (a point at the mean size) */
		if (i == 0 || strcmp(p[i].dir, p[i - 1].dir) != 0 ||
		    strcmp(p[i].mix, p[i - 1].mix) != 0) {
			imix_label(p[i].mix, mix, sizeof(mix));
			if (p[i].mix[0] != '\0')
				snprintf(title, sizeof(title), "%s, mean "
					 "%.2f B: median, 1st-99th percentile "
					 "(%s)", mix, p[i].mean_b,
					 plot_dir_name(p[i].dir));
			else
				snprintf(title, sizeof(title),
					 "median, 1st-99th percentile (%s)",
					 plot_dir_name(p[i].dir));
			s = plot_series_add(&set, title, p[i].mix[0] != '\0' ?
					    "using 1:2:3:4 with yerrorbars pt 7" :
					    "using 1:2:3:4 with yerrorlines",
					    NULL, 0, 4);
			if (s == NULL)
				goto out;
		}
		if (stats_summarize_sorted(rates, j - i, &sum) < 0)
			goto out;
		row[0] = p[i].mean_b;
		row[1] = sum.median;
		row[2] = stats_percentile_sorted(rates, j - i, 1.0);
		row[3] = stats_percentile_sorted(rates, j - i, 99.0);
		if (plot_row(s, row) < 0 ||
		    (gbps > 0 &&
		     plot_check_line_rate(&above, o, &p[i], row[1], gbps) < 0))
			goto out;
		/* one speed for every size: the curve; else a point each */
		one = one < 0 || one == gbps ? gbps : 0;
		speed[nsizes] = gbps;
		sizes[nsizes++] = p[i].mean_b;
	}
	if (one > 0) {		/* every size at one known speed */
		snprintf(title, sizeof(title), "Ethernet line rate, %g Gbit/s",
			 one);
		line = plot_series_add(&set, title,
				       "using 1:2 with lines dashtype 2", NULL,
				       0, 2);
		if (line == NULL || plot_line_rate(line, sizes, nsizes, one) < 0)
			goto out;
	} else if (nsizes > 0 && o->link_gbps > 0) {
		/* the sizes' speeds differ (or some have none): each size's
		 * line rate at its own runs' speed, a point each */
		line = plot_series_add(&set, "Ethernet line rate at each size's "
				       "link speed", "using 1:2 with points pt 6 "
				       "ps 1.5", NULL, 0, 2);
		if (line == NULL)
			goto out;
		for (k = 0; k < nsizes; k++)
			if (speed[k] > 0 &&
			    plot_row2(line, sizes[k],
				      plot_line_rate_fps(sizes[k], speed[k])) < 0)
				goto out;
	}
	if (above.n > 0) {
		red = plot_series_add(&set, "median above the line rate",
				      "using 1:2 with points pt 7 ps 2", NULL,
				      0, 2);
		if (red == NULL)
			goto out;
		red->color = "red";
		red->v = above.v;
		red->n = above.n;
		red->cap = above.cap;
		above.v = NULL;
	}
	plot_data(b, &set);
	strbuf_printf(b, "set format y '%%.1s%%c'\nset yrange [0:*]\n");
	plot_panel(b, &set, 0, "Throughput against frame size",
		   "Frame size (bytes)", "Throughput (frames/s)");
	rc = 0;
out:
	if (rc == -ENOMEM)
		plot_fail(rc, err, err_len, "out of memory");
	plot_set_free(&set);
	free(above.v);
	free(p);
	free(speed);
	free(sizes);
	free(rates);
	return rc;
}

/* --- loss-load --- */

static int
plot_loss_load(struct strbuf *b, const struct plot_input *in, size_t n,
	       struct plot_set *set, char *err, size_t err_len)
{
	static const char *const names[] = { "offered_fps", "dir", "loss_pct" };
	char title[512], ignore[8];
	size_t i, r;
	long col[3], status;
	int rc = 0;

	for (i = 0; rc == 0 && i < n; i++) {
		const struct csv_table *t = in[i].t;

		rc = plot_cols(t, names, 3, col, err, err_len);
		/* optional: an invalid or interrupted trial measured the
		 * tester, not the DUT; its loss is no point of the curve */
		status = csv_table_column(t, "status", ignore, sizeof(ignore));
		for (r = 0; rc == 0 && r < t->nb_rows; r++) {
			struct plot_series *s;
			double x, y;
			const char *dir, *st;

			if (status >= 0) {
				st = csv_table_cell(t, r, (size_t)status);
				if (st != NULL && (strcmp(st, "invalid") == 0 ||
						   strcmp(st, "interrupted") == 0))
					continue;
			}

			rc = csv_table_number(t, r, col[0], false, &x, err,
					      err_len);
			if (rc == 0)
				rc = csv_table_text(t, r, col[1], &dir, err,
						    err_len);
			if (rc == 0)
				rc = csv_table_number(t, r, col[2], true, &y,
						      err, err_len);
			if (rc == 1) {	/* empty: nothing was sent */
				rc = 0;
				continue;
			}
			if (rc != 0)
				break;
			snprintf(title, sizeof(title), "%s, %s", in[i].label,
				 dir);
			s = plot_series_get(set, title,
					    "using 1:2 with linespoints", NULL,
					    0, 2);
			if (s == NULL || plot_row2(s, x, y) < 0)
				return -ENOMEM;
		}
	}
	if (rc != 0)
		return rc;
	plot_set_compact(set);
	if (set->n == 0)
		return plot_fail(-EINVAL, err, err_len,
				 "%s: no loss_pct values (nothing was sent)",
				 in[0].t->path);
	for (i = 0; i < set->n; i++)
		plot_series_sort(&set->s[i]);
	plot_data(b, set);
	strbuf_printf(b, "set format x '%%.1s%%c'\nset yrange [0:*]\n");
	plot_panel(b, set, 0, "Frame loss rate against offered load",
		   "Offered load (frames/s)", "Frame loss rate (%)");
	return 0;
}

/* --- frate --- */

/* Row r's y (column col[2]; 1 when empty), then its x (col[0], a number)
 * and key (col[1], text): 0, 1 or csv_table's error. */
static int
plot_row_xky(const struct csv_table *t, size_t r, const long col[3],
	     double *x, const char **key, double *y, char *err,
	     size_t err_len)
{
	int rc = csv_table_number(t, r, col[2], true, y, err, err_len);

	if (rc == 0)
		rc = csv_table_number(t, r, col[0], false, x, err, err_len);
	if (rc == 0)
		rc = csv_table_text(t, r, col[1], key, err, err_len);
	return rc;
}

/*
 * Forwarding rate against the intended load (RFC 2889 5.6.5: "The Iload
 * MUST be cited"), one line per file and direction, so that the sweeps of
 * several runs (routed, bridged) lie side by side; a step without fr_fps
 * (an invalid trial: it measured the tester) is no point.  The dashed
 * diagonal is a DUT that forwards all it is offered.
 */
static int
plot_frate(struct strbuf *b, const struct plot_input *in, size_t n,
	   struct plot_set *set, char *err, size_t err_len)
{
	static const char *const names[] = { "iload_fps", "dir", "fr_fps" };
	char title[512];
	size_t i, r;
	long col[3];
	double top = 0;
	int rc = 0;

	for (i = 0; rc == 0 && i < n; i++) {
		const struct csv_table *t = in[i].t;

		rc = plot_cols(t, names, 3, col, err, err_len);
		for (r = 0; rc == 0 && r < t->nb_rows; r++) {
			struct plot_series *s;
			const char *dir;
			double x, y;

			rc = plot_row_xky(t, r, col, &x, &dir, &y, err,
					  err_len);
			if (rc == 1) {	/* no forwarding rate: invalid */
				rc = 0;
				continue;
			}
			if (rc != 0)
				break;
			snprintf(title, sizeof(title), "%s, %s", in[i].label,
				 dir);
			s = plot_series_get(set, title,
					    "using 1:2 with linespoints", NULL,
					    0, 2);
			if (s == NULL || plot_row2(s, x, y) < 0)
				return -ENOMEM;
			top = x > top ? x : top;
		}
	}
	if (rc != 0)
		return rc;
	plot_set_compact(set);
	if (set->n == 0)
		return plot_fail(-EINVAL, err, err_len,
				 "%s: no fr_fps values (every step invalid)",
				 in[0].t->path);
	for (i = 0; i < set->n; i++)
		plot_series_sort(&set->s[i]);
	plot_data(b, set);
	strbuf_printf(b, "set format x '%%.1s%%c'\nset format y '%%.1s%%c'\n"
		      "set xrange [0:%.0f]\nset yrange [0:*]\n"
		      "set arrow from 0,0 to %.0f,%.0f nohead dashtype 2\n",
		      top * 1.05, top, top);
	plot_panel(b, set, 0, "Forwarding rate against offered load",
		   "Intended load (frames/s)", "Forwarding rate (frames/s)");
	return 0;
}

/* --- cpu-load --- */

/*
 * [dut]'s cpu parser (docs/dut.md): each CPU's busy share over each
 * observed trial (dut.csv's cpuN.busy rows with busy_pct) against the
 * trial's offered rate, one line per file and CPU ("cpu": all of them).
 */
static int
plot_cpu_load(struct strbuf *b, const struct plot_input *in, size_t n,
	      struct plot_set *set, char *err, size_t err_len)
{
	static const char *const names[] = { "rate_fps", "counter", "busy_pct" };
	char title[512];
	size_t i, r, cpu;
	long col[3];
	int rc = 0;

	for (i = 0; rc == 0 && i < n; i++) {
		const struct csv_table *t = in[i].t;

		rc = plot_cols(t, names, 3, col, err, err_len);
		for (r = 0; rc == 0 && r < t->nb_rows; r++) {
			struct plot_series *s;
			const char *ctr;
			double x, y;

			rc = plot_row_xky(t, r, col, &x, &ctr, &y, err,
					  err_len);
			if (rc == 1) {	/* not a cpuN.busy row */
				rc = 0;
				continue;
			}
			if (rc != 0)
				break;
			cpu = strcspn(ctr, ".");
			snprintf(title, sizeof(title), "%s, %.*s", in[i].label,
				 (int)cpu, ctr);
			s = plot_series_get(set, title,
					    "using 1:2 with linespoints", NULL,
					    0, 2);
			if (s == NULL || plot_row2(s, x, y) < 0)
				return -ENOMEM;
		}
	}
	if (rc != 0)
		return rc;
	plot_set_compact(set);
	if (set->n == 0)
		return plot_fail(-EINVAL, err, err_len,
				 "%s: no busy_pct values ([dut] obsN_parser = "
				 "cpu observes no trial)", in[0].t->path);
	for (i = 0; i < set->n; i++)
		plot_series_sort(&set->s[i]);
	plot_data(b, set);
	strbuf_printf(b, "set format x '%%.1s%%c'\nset yrange [0:100]\n");
	plot_panel(b, set, 0, "CPU busy share against offered load",
		   "Offered load (frames/s)", "Busy (%)");
	return 0;
}

/* --- searches and compare --- */

static const char *
plot_value_label(const char *column)
{
	return strcmp(column, "rate") == 0 ? "Throughput (frames/s)" : column;
}

static int
plot_searches(struct strbuf *b, const struct plot_opts *o,
	      const struct plot_input *in, struct plot_set *set, char *err,
	      size_t err_len)
{
	struct plot_series *pts, *med;
	struct stats_summary sum;
	char title[512], num[64];
	long n, i;
	double *v;

	n = plot_values(in, o->column, 1, &v, err, err_len);
	if (n < 0)
		return (int)n;
	pts = plot_series_add(set, in->label, "using 1:2 with linespoints",
			      NULL, 0, 2);
	for (i = 0; pts != NULL && i < n; i++)
		if (plot_row2(pts, (double)(i + 1), v[i]) < 0)
			pts = NULL;
	if (pts == NULL || stats_summarize(v, (size_t)n, &sum) < 0) {
		free(v);
		return -ENOMEM;
	}
	free(v);
	stats_format_number(sum.median, num, sizeof(num));
	snprintf(title, sizeof(title), "median %s", num);
	med = plot_series_add(set, title, "using 1:2 with lines dashtype 2",
			      NULL, 0, 2);
	if (med == NULL || plot_row2(med, 1, sum.median) < 0 ||
	    plot_row2(med, (double)n, sum.median) < 0)
		return -ENOMEM;
	plot_data(b, set);
	strbuf_printf(b, "set format y '%%.1s%%c'\nset xtics 1\n"
		    "set offsets 0.5, 0.5, 0, 0\n");
	snprintf(title, sizeof(title), "%s of each search: %s", o->column,
		 in->label);
	plot_panel(b, set, 0, title, "Search (in file order)",
		   plot_value_label(o->column));
	return 0;
}

static int
plot_compare(struct strbuf *b, const struct plot_opts *o,
	     const struct plot_input *in, struct plot_set *set, char *err,
	     size_t err_len)
{
	struct stats_summary sum[2];
	struct plot_series *box, *med, *pts;
	struct stats_ttest tt;
	char title[1536], verdict[512];
	double *v[2] = { NULL, NULL };
	long n[2];
	int i, rc = -ENOMEM;
	long k;

	for (i = 0; i < 2; i++) {
		n[i] = plot_values(&in[i], o->column, 2, &v[i], err, err_len);
		if (n[i] < 0) {
			rc = (int)n[i];
			goto out;
		}
	}
	box = plot_series_add(set, "quartiles, min-max",
			      "using 1:3:2:6:5 with candlesticks whiskerbars",
			      NULL, 0, 6);
	med = plot_series_add(set, "median",
			      "using 1:2:2:2:2 with candlesticks lw 3", NULL, 0,
			      2);
	pts = plot_series_add(set, "searches", "using 1:2 with points", NULL,
			      0, 2);
	if (box == NULL || med == NULL || pts == NULL)
		goto out;
	for (i = 0; i < 2; i++) {
		double row[6];

		stats_sort(v[i], (size_t)n[i]);
		if (stats_summarize_sorted(v[i], (size_t)n[i], &sum[i]) < 0)
			goto out;
		row[0] = i + 1;
		row[1] = sum[i].min;
		row[2] = stats_percentile_sorted(v[i], (size_t)n[i], 25.0);
		row[3] = sum[i].median;
		row[4] = stats_percentile_sorted(v[i], (size_t)n[i], 75.0);
		row[5] = sum[i].max;
		if (plot_row(box, row) < 0 ||
		    plot_row2(med, i + 1, sum[i].median) < 0)
			goto out;
		for (k = 0; k < n[i]; k++)
			if (plot_row2(pts, i + 1.3, v[i][k]) < 0)
				goto out;
	}
	if (stats_ttest(&sum[0], &sum[1], o->conf_pct, &tt) < 0) {
		rc = plot_fail(-EINVAL, err, err_len,
			       "--confidence %g: no t value", o->conf_pct);
		goto out;
	}
	stats_format_ttest_line(&tt, verdict, sizeof(verdict));
	snprintf(title, sizeof(title), "%s: %s vs %s\n%s",
		 o->column, in[0].label, in[1].label, verdict);
	plot_data(b, set);
	strbuf_printf(b, "set format y '%%.1s%%c'\nset xrange [0.4:2.6]\n"
		    "set boxwidth 0.4\nset style fill empty\nset xtics (");
	plot_quote(b, in[0].label);
	strbuf_printf(b, " 1, ");
	plot_quote(b, in[1].label);
	strbuf_printf(b, " 2)\n");
	plot_panel(b, set, 0, title, "Result set", plot_value_label(o->column));
	rc = 0;
out:
	if (rc == -ENOMEM)
		plot_fail(rc, err, err_len, "out of memory");
	free(v[0]);
	free(v[1]);
	return rc;
}

/* --- latency and pdv --- */

/* latency.csv's and pdv.csv's columns */
static const struct plot_word plot_metric_words[] = {
	{ "tl_us", "typical latency" },
	{ "wcl_us", "worst-case latency" },
	{ "pdv_us", "PDV" },
};

static const char *
plot_metric_name(const char *m)
{
	return PLOT_SAY(plot_metric_words, m);
}

/* One direction's metric of one file as CDF rows; empty cells skipped. */
static int
plot_cdf(const struct plot_input *in, size_t n, const char *colname,
	 struct plot_set *set, char *err, size_t err_len)
{
	const struct csv_table *t = in->t;
	struct plot_series *s;
	char title[768];
	size_t r, k = 0;
	double *v, x;
	long col;
	int rc;

	col = csv_table_column(t, colname, err, err_len);
	if (col < 0)
		return (int)col;
	v = malloc((t->nb_rows + 1) * sizeof(*v));
	if (v == NULL)
		return -ENOMEM;
	for (r = 0; r < t->nb_rows; r++) {
		rc = csv_table_number(t, r, col, true, &x, err, err_len);
		if (rc < 0) {
			free(v);
			return rc;
		}
		if (rc == 0)
			v[k++] = x;
	}
	rc = 0;
	if (k > 0) {
		const char *m = strchr(colname, '_') + 1;

		stats_sort(v, k);
		snprintf(title, sizeof(title), "%s%s%.3s %s (%s)",
			 n > 1 ? in->label : "", n > 1 ? ", " : "", colname,
			 plot_metric_name(m), m);
		s = plot_series_add(set, title, "using 1:2 with points",
				    "using 1:2 with steps", 0, 2);
		for (r = 0; s != NULL && r < k; r++)
			if (plot_row2(s, v[r], 100.0 * (double)(r + 1) /
				      (double)k) < 0)
				s = NULL;
		if (s == NULL)
			rc = -ENOMEM;
	}
	free(v);
	return rc;
}

static int
plot_dist(struct strbuf *b, const struct plot_opts *o,
	  const struct plot_input *in, size_t n, struct plot_set *set,
	  char *err, size_t err_len)
{
	static const char *const lat_metrics[] = { "tl_us", "wcl_us" };
	static const char *const pdv_metrics[] = { "pdv_us" };
	static const char *const dirs[] = { "fwd", "rev" };
	const char *const *metrics = o->metrics;
	size_t nm = o->nb_metrics, i, m;
	bool lat = o->kind == PLOT_LATENCY;
	char colname[256];
	int d, rc;

	if (nm == 0) {
		metrics = lat ? lat_metrics : pdv_metrics;
		nm = lat ? 2 : 1;
	}
	for (i = 0; i < n; i++) {
		rc = plot_need_rows(in[i].t, err, err_len);
		for (d = 0; rc == 0 && d < 2; d++)
			for (m = 0; rc == 0 && m < nm; m++) {
				snprintf(colname, sizeof(colname), "%s_%s",
					 dirs[d], metrics[m]);
				rc = plot_cdf(&in[i], n, colname, set, err,
					      err_len);
			}
		if (rc != 0)
			return rc;
	}
	if (set->n == 0)
		return plot_fail(-EINVAL, err, err_len,
				 "%s: no values in the fwd_%s and rev_%s columns",
				 in[0].t->path, metrics[0], metrics[0]);
	plot_data(b, set);
	strbuf_printf(b, "set yrange [0:100]\n");
	plot_panel(b, set, 0,
		   lat ? "Latency: CDF of the per-run values" :
			 "Packet delay variation: CDF of the per-run values",
		   lat ? "Latency (µs)" : "Packet delay variation (µs)",
		   "Runs at or below (%)");
	return 0;
}

/* --- monitor --- */

static int
plot_monitor(struct strbuf *b, const struct plot_input *in,
	     struct plot_set *set, char *err, size_t err_len)
{
	/* The contract with the monitor mode: docs/plots.md. */
	static const char *const names[] = {
		"t_s", "dir", "tx_fps", "rx_fps", "var_ns", "var_min_ns",
		"var_max_ns",
	};
	static const char *const what[] = {
		"", "", "tx", "rx", "variation", "variation min", "variation max",
	};
	const struct csv_table *t = in->t;
	char title[512];
	long col[7];
	size_t r;
	int c, rc;

	rc = plot_cols(t, names, 7, col, err, err_len);
	for (r = 0; rc == 0 && r < t->nb_rows; r++) {
		const char *dir;
		double ts, y;

		rc = csv_table_number(t, r, col[0], false, &ts, err, err_len);
		if (rc == 0)
			rc = csv_table_text(t, r, col[1], &dir, err, err_len);
		for (c = 2; rc == 0 && c < 7; c++) {
			struct plot_series *s;

			/* Empty: not measured (yet), e.g. in the warm-up. */
			rc = csv_table_number(t, r, col[c], true, &y, err,
					      err_len);
			if (rc != 0) {
				rc = rc > 0 ? 0 : rc;
				continue;
			}
			snprintf(title, sizeof(title), "%s %s", dir, what[c]);
			s = plot_series_get(set, title,
					    c < 5 ? "using 1:2 with linespoints" :
						    "using 1:2 with lines dashtype 2",
					    NULL, c < 4 ? 0 : 1, 2);
			if (s == NULL || plot_row2(s, ts, y) < 0)
				return -ENOMEM;
		}
	}
	if (rc != 0)
		return rc;
	plot_data(b, set);
	strbuf_printf(b, "set multiplot layout 2,1 title ");
	snprintf(title, sizeof(title), "Monitor: instant rate and variation, %s",
		 in->label);
	plot_quote(b, title);
	strbuf_printf(b, "\nset format y '%%.0f'\n");
	plot_panel(b, set, 0, "Instant rate", "Time (s)",
		   "Instant rate (frames/s)");
	strbuf_printf(b, "set format y '%%g'\n");
	plot_panel(b, set, 1, "Variation of the instant period from the average",
		   "Time (s)", "Variation (ns)");
	strbuf_printf(b, "unset multiplot\n");
	return 0;
}

int
plot_script(struct strbuf *b, const struct plot_opts *o,
	    const struct plot_input *in, size_t n, char *err, size_t err_len)
{
	struct plot_set set = { 0 };
	size_t min, max;
	int rc;

	plot_kind_inputs(o->kind, &min, &max);
	if (n < min || n > max)
		return plot_fail(-EINVAL, err, err_len,
				 "%s takes %zu%s input file%s, not %zu",
				 plot_kind_name(o->kind), min,
				 max == min ? "" : " or more",
				 min == 1 && max == 1 ? "" : "s", n);
	plot_begin(b, o, plot_kind_name(o->kind));
	switch (o->kind) {
	case PLOT_TPUT_SIZE:
		rc = plot_tput_size(b, o, in, n, err, err_len);
		break;
	case PLOT_LOSS_LOAD:
		rc = plot_loss_load(b, in, n, &set, err, err_len);
		break;
	case PLOT_SEARCHES:
		rc = plot_searches(b, o, in, &set, err, err_len);
		break;
	case PLOT_COMPARE:
		rc = plot_compare(b, o, in, &set, err, err_len);
		break;
	case PLOT_LATENCY:
	case PLOT_PDV:
		rc = plot_dist(b, o, in, n, &set, err, err_len);
		break;
	case PLOT_MONITOR:
		rc = plot_monitor(b, in, &set, err, err_len);
		break;
	case PLOT_CPU_LOAD:
		rc = plot_cpu_load(b, in, n, &set, err, err_len);
		break;
	case PLOT_FRATE:
		rc = plot_frate(b, in, n, &set, err, err_len);
		break;
	default:
		rc = plot_fail(-EINVAL, err, err_len, "unknown plot kind");
		break;
	}
	plot_set_free(&set);
	if (rc == 0)
		strbuf_printf(b, "unset output\n");
	if (rc == 0 && b->oom)
		rc = -ENOMEM;
	if (rc == -ENOMEM)
		plot_fail(rc, err, err_len, "out of memory");
	return rc;
}

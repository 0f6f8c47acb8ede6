/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_report: the sections of dutperf-report (dutperf/rdoc_report.h,
 * docs/report.md).  RFC 2544 section 26's reporting items per test, RFC
 * 8219's summaries (median, 1st and 99th percentile of repeated runs,
 * stats.h), each figure that is no DUT figure (docs/results.md: a lower
 * bound, invalid, none, missing) labelled as such, the test conditions
 * from run.json, and with a second set dutperf-stats compare's verdict
 * (stats_ttest) per test, frame size and direction.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/rdoc_report.h"
#include "dutperf/stats.h"

/* Below this % of the line rate everywhere the graph draws no line rate. */
#define RDOC_LINE_MIN_PCT 10.0

/* --- reading cells --- */

static const char *
rdoc_cell(const struct csv_table *t, size_t r, const char *name)
{
	long c = csv_table_column(t, name, NULL, 0);
	const char *s = c < 0 ? NULL : csv_table_cell(t, r, (size_t)c);

	return s != NULL ? s : "";
}

/* The number in column name of row r: true, or false when empty/absent
 * or no number. */
static bool
rdoc_num(const struct csv_table *t, size_t r, const char *name, double *v)
{
	const char *s = rdoc_cell(t, r, name);
	char *end;

	if (s[0] == '\0')
		return false;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

static void
rdoc_fmt(double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "%s", "");
	else
		stats_format_number(v, buf, len);
}

/* v rounded to d decimals (for rates, Mb/s and percentages) */
static void
rdoc_fixed(double v, int d, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f", d, v);
}

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
	long size_b;
	char dir[16];
	double *v;
	size_t n, cap;
	size_t lower, none, invalid, runs;
	double lower_max;
	double link_mbps;		/* lowest of the runs; 0: unknown */
	double load_sum;		/* latency: sum of rate_fps, measured */
};

struct rdoc_grps {
	struct rdoc_grp *g;
	size_t n;
	bool oom;
};

static void
rdoc_grps_free(struct rdoc_grps *gs)
{
	size_t i;

	for (i = 0; i < gs->n; i++)
		free(gs->g[i].v);
	free(gs->g);
	memset(gs, 0, sizeof(*gs));
}

static int
rdoc_grp_cmp(const void *a, const void *b)
{
	const struct rdoc_grp *x = a, *y = b;

	if (x->size_b != y->size_b)
		return (x->size_b > y->size_b) - (x->size_b < y->size_b);
	return strcmp(x->dir, y->dir);
}

static struct rdoc_grp *
rdoc_grp_get(struct rdoc_grps *gs, long size_b, const char *dir)
{
	struct rdoc_grp *ng;
	size_t i;

	for (i = 0; i < gs->n; i++)
		if (gs->g[i].size_b == size_b && strcmp(gs->g[i].dir, dir) == 0)
			return &gs->g[i];
	ng = realloc(gs->g, (gs->n + 1) * sizeof(*ng));
	if (ng == NULL) {
		gs->oom = true;
		return NULL;
	}
	gs->g = ng;
	memset(&ng[gs->n], 0, sizeof(*ng));
	ng[gs->n].size_b = size_b;
	snprintf(ng[gs->n].dir, sizeof(ng[gs->n].dir), "%s", dir);
	return &gs->g[gs->n++];
}

static void
rdoc_grp_push(struct rdoc_grps *gs, struct rdoc_grp *g, double x)
{
	double *nv;

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 16;
		nv = realloc(g->v, g->cap * sizeof(*nv));
		if (nv == NULL) {
			gs->oom = true;
			return;
		}
		g->v = nv;
	}
	g->v[g->n++] = x;
}

/* The row's result: "measured", "lower_bound", "none" or "invalid". */
static const char *
rdoc_row_kind(const struct csv_table *t, size_t r)
{
	const char *k = rdoc_cell(t, r, "result_kind");

	if (k[0] == '\0' && csv_table_column(t, "row", NULL, 0) >= 0)
		k = rdoc_cell(t, r, "result");		/* b2b.csv */
	if (k[0] != '\0')
		return k;
	return strcmp(rdoc_cell(t, r, "status"), "invalid") == 0 ? "invalid" :
		"measured";
}

static long
rdoc_row_size(const struct rdoc_run *run, const struct csv_table *t,
	      size_t r)
{
	double v;

	if (rdoc_num(t, r, "Size", &v) || rdoc_num(t, r, "frame_size_b", &v))
		return (long)v;
	return run->size_b;
}

static double
rdoc_link_mbps(const struct rdoc_run *run)
{
	json_t *v = json_object_get(run->info, "link_speed_mbps");

	return json_is_number(v) ? json_number_value(v) : 0;
}

/* A run in direction d ("b", "f", "r"; "": unknown) has side "fwd" or
 * "rev". */
static bool
rdoc_side_active(const char *d, const char *side)
{
	if (d[0] == 'f')
		return strcmp(side, "fwd") == 0;
	if (d[0] == 'r')
		return strcmp(side, "rev") == 0;
	return true;
}

/* Every value of spec in the set, grouped and sorted. */
static void
rdoc_collect(const struct rdoc_set *s, const struct rdoc_val *spec,
	     struct rdoc_grps *gs)
{
	size_t i, r;

	memset(gs, 0, sizeof(*gs));
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *run = &s->runs[i];
		const struct csv_table *t = &run->tab[spec->file];
		double link = rdoc_link_mbps(run);

		if (!run->has[spec->file] ||
		    csv_table_column(t, spec->column, NULL, 0) < 0)
			continue;
		for (r = 0; r < t->nb_rows; r++) {
			const char *kind = rdoc_row_kind(t, r);
			const char *dir = spec->dir_fixed;
			struct rdoc_grp *g;
			double x;
			bool has;

			if (spec->row_col != NULL &&
			    strcmp(rdoc_cell(t, r, spec->row_col), spec->row_is) != 0)
				continue;
			if (dir == NULL)
				dir = rdoc_cell(t, r, spec->dir_col);
			has = rdoc_num(t, r, spec->column, &x);
			/* latency's rev_ cells of a forward-only run */
			if (spec->dir_fixed != NULL &&
			    !rdoc_side_active(rdoc_cell(t, r, "direction"),
					      spec->dir_fixed))
				continue;
			if (spec->dir_fixed != NULL && !has &&
			    strcmp(kind, "measured") == 0)
				continue;
			g = rdoc_grp_get(gs, rdoc_row_size(run, t, r), dir);
			if (g == NULL)
				return;
			g->runs++;
			if (link > 0 && (g->link_mbps == 0 || link < g->link_mbps))
				g->link_mbps = link;
			if (strcmp(kind, "measured") == 0 && has) {
				rdoc_grp_push(gs, g, x);
				if (rdoc_num(t, r, "rate_fps", &x))
					g->load_sum += x;
			} else if (strcmp(kind, "lower_bound") == 0) {
				g->lower++;
				if (has && x > g->lower_max)
					g->lower_max = x;
			} else if (strcmp(kind, "invalid") == 0) {
				g->invalid++;
			} else {
				g->none++;
			}
		}
	}
	if (gs->n > 0)
		qsort(gs->g, gs->n, sizeof(*gs->g), rdoc_grp_cmp);
}

/* RFC 8219: median, 1st and 99th percentile of the measured values. */
struct rdoc_sum {
	bool ok;
	double median, p1, p99;
};

static struct rdoc_sum
rdoc_summary(struct rdoc_grp *g)
{
	struct rdoc_sum s = { .ok = false };
	struct stats_summary ss;

	if (g == NULL || g->n == 0)
		return s;
	stats_sort(g->v, g->n);
	if (stats_summarize_sorted(g->v, g->n, &ss) < 0)
		return s;
	s.ok = true;
	s.median = ss.median;
	s.p1 = stats_percentile_sorted(g->v, g->n, 1.0);
	s.p99 = stats_percentile_sorted(g->v, g->n, 99.0);
	return s;
}

/* The summary of g into three cells c[0..2] (median, 1st, 99th), or
 * none (when not NULL) into c[0] where nothing was measured. */
static struct rdoc_sum
rdoc_sum_cells(struct rdoc_grp *g, char c[][160], const char *none)
{
	struct rdoc_sum sm = rdoc_summary(g);

	if (sm.ok) {
		rdoc_fmt(sm.median, c[0], 160);
		rdoc_fmt(sm.p1, c[1], 160);
		rdoc_fmt(sm.p99, c[2], 160);
	} else if (none != NULL) {
		snprintf(c[0], 160, "%s", none);
	}
	return sm;
}

/* "measured", or the labels of what is not a DUT figure. */
static void
rdoc_grp_result(const struct rdoc_grp *g, char *buf, size_t len)
{
	char lb[64];
	int n = 0;

	buf[0] = '\0';
	if (g->n > 0)
		n += snprintf(buf + n, len - (size_t)n, "measured (%zu)", g->n);
	if (g->lower > 0 && (size_t)n < len) {
		rdoc_fmt(g->lower_max, lb, sizeof(lb));
		n += snprintf(buf + n, len - (size_t)n,
			      "%slower bound (%zu): at least %s", n ? "; " : "",
			      g->lower, lb);
	}
	if (g->invalid > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, "%sinvalid (%zu)",
			      n ? "; " : "", g->invalid);
	if (g->none > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "%sno valid result (%zu)",
			 n ? "; " : "", g->none);
}

static const char *
rdoc_dir_name(const char *d)
{
	if (strcmp(d, "b") == 0)
		return "both";
	if (strcmp(d, "f") == 0)
		return "forward";
	if (strcmp(d, "r") == 0)
		return "reverse";
	return d;
}

/* --- graphs --- */

static void
rdoc_graph(struct rdoc *d, const struct rdoc_opts *o, struct plot_opts *po,
	   const struct plot_input *in, size_t n, const char *alt)
{
	struct plot_buf script = { 0 }, svg = { 0 };
	char err[1024], msg[1200];

	po->format = PLOT_SVG;
	po->output = NULL;
	po->conf_pct = o->conf_pct;
	if (n == 0)
		return;
	if (o->fmt == RDOC_MARKDOWN || o->render == NULL) {
		rdoc_image(d, alt, "", NULL, 0);	/* a line naming it */
		return;
	}
	if (plot_script(&script, po, in, n, err, sizeof(err)) < 0 ||
	    script.oom || o->render(o->render_ctx, &script, &svg, err,
				    sizeof(err)) < 0 || svg.oom) {
		snprintf(msg, sizeof(msg), "%s: not drawn: %s", alt,
			 script.oom || svg.oom ? "out of memory" : err);
		rdoc_note(d, "missing graph", "missing", msg);
	} else {
		rdoc_image(d, alt, "image/svg+xml", svg.s, svg.len);
	}
	plot_buf_free(&script);
	plot_buf_free(&svg);
}

/* The inputs of file f of every run that has it (labels: run labels). */
static size_t
rdoc_inputs(const struct rdoc_set *s, enum rdoc_file f,
	    struct plot_input *in)
{
	size_t i, n = 0;

	for (i = 0; i < s->nb_runs; i++)
		if (s->runs[i].has[f] && s->runs[i].tab[f].nb_rows > 0) {
			in[n].t = &s->runs[i].tab[f];
			in[n].label = s->runs[i].label;
			n++;
		}
	return n;
}

/* --- campaign items: what did not end done, per test --- */

static bool
rdoc_item_bad(const struct rdoc_item *it)
{
	return strcmp(it->state, "done") != 0 ||
	       (it->result_kind[0] != '\0' &&
		strcmp(it->result_kind, "measured") != 0);
}

static const char *
rdoc_state_class(const char *state)
{
	if (strcmp(state, "done") == 0)
		return "measured";
	if (strcmp(state, "failed") == 0 || strcmp(state, "interrupted") == 0)
		return state;
	return "missing";
}

/* A note for each item of test (NULL: every test) that is not a measured
 * result: state, result kind, throughput it used. */
static void
rdoc_item_notes(struct rdoc *d, const struct rdoc_set *s, const char *test)
{
	char msg[1024], label[64];
	size_t i;

	for (i = 0; i < s->nb_items; i++) {
		const struct rdoc_item *it = &s->items[i];

		if (test != NULL && strcmp(it->test, test) != 0)
			continue;
		if (strcmp(it->state, "done") != 0) {
			snprintf(label, sizeof(label), "%s",
				 it->state[0] ? it->state : "missing");
			snprintf(msg, sizeof(msg), "item %ld (%s, %ld bytes, %s): "
				 "%s%s%s", it->item, it->test, it->size_b,
				 it->dir, it->state[0] ? "did not complete, no "
				 "result from it" : "never run, no record in "
				 "campaign.jsonl", it->note[0] ? ": " : "",
				 it->note);
			rdoc_note(d, label, rdoc_state_class(it->state), msg);
		} else if (rdoc_item_bad(it)) {
			snprintf(msg, sizeof(msg), "item %ld (%s, %ld bytes): "
				 "result %s%s%s", it->item, it->test,
				 it->size_b, it->result_kind,
				 it->note[0] ? ": " : "", it->note);
			rdoc_note(d, strcmp(it->result_kind, "lower_bound") == 0 ?
				  "lower bound" : "no valid result",
				  strcmp(it->result_kind, "lower_bound") == 0 ?
				  "lower-bound" : "invalid", msg);
		}
		if (strcmp(it->test, "throughput") != 0 &&
		    it->throughput_kind[0] != '\0' &&
		    strcmp(it->throughput_kind, "measured") != 0 &&
		    strcmp(it->throughput_kind, "given") != 0) {
			snprintf(msg, sizeof(msg), "item %ld (%s, %ld bytes) ran "
				 "at a throughput that is %s", it->item,
				 it->test, it->size_b,
				 strcmp(it->throughput_kind, "lower_bound") == 0 ?
				 "only a lower bound" : "missing");
			rdoc_note(d, strcmp(it->throughput_kind, "lower_bound") == 0 ?
				  "lower bound" : "missing",
				  strcmp(it->throughput_kind, "lower_bound") == 0 ?
				  "lower-bound" : "missing", msg);
		}
	}
}

/* --- sections --- */

static bool
rdoc_any(const struct rdoc_set *s, enum rdoc_file f)
{
	size_t i;

	for (i = 0; i < s->nb_runs; i++)
		if (s->runs[i].has[f])
			return true;
	return false;
}

static bool
rdoc_has_test(const struct rdoc_set *s, enum rdoc_file f, const char *test)
{
	size_t i;

	if (rdoc_any(s, f))
		return true;
	for (i = 0; i < s->nb_items; i++)
		if (strcmp(s->items[i].test, test) == 0)
			return true;
	return false;
}

static void
rdoc_sec_throughput(struct rdoc *d, const struct rdoc_opts *o,
		    const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Frame size (B)", "Direction", "Median (frames/s)",
		"1st percentile", "99th percentile", "Median (Mb/s)",
		"% of line rate", "Line rate (Mb/s link)", "Result (runs)",
	};
	static const struct rdoc_val spec = {
		RDOC_RATE, "throughput", "rate", "Dir", NULL, NULL, NULL,
	};
	char c[9][160];
	const char *cells[9];
	struct plot_opts po = { .kind = PLOT_TPUT_SIZE };
	struct plot_buf notes = { 0 };
	struct plot_input *in;
	struct rdoc_grps gs;
	size_t i, k, n;
	double gbps = 0, top_pct = 0;
	char err[512];

	rdoc_heading(d, 2, "throughput", "Throughput (RFC 2544 26.1)");
	rdoc_para(d, "The highest rate without frame loss per frame size, from "
		  "each rate.csv; median, 1st and 99th percentile of the "
		  "measured searches (RFC 8219). Mb/s counts the frame's bits "
		  "(size x 8); the line rate adds 20 bytes of preamble and gap "
		  "per frame.");
	rdoc_item_notes(d, s, "throughput");
	rdoc_collect(s, &spec, &gs);
	rdoc_table_begin(d, "Throughput per frame size", 9, head);
	for (i = 0; i < gs.n; i++) {
		struct rdoc_grp *g = &gs.g[i];
		struct rdoc_sum sm;
		double line = g->link_mbps > 0 ?
			plot_line_rate_fps((double)g->size_b, g->link_mbps / 1e3) :
			NAN;
		double v;

		for (k = 0; k < 9; k++)
			c[k][0] = '\0';
		snprintf(c[0], sizeof(c[0]), "%ld", g->size_b);
		snprintf(c[1], sizeof(c[1]), "%s", rdoc_dir_name(g->dir));
		sm = rdoc_sum_cells(g, &c[2], NULL);
		v = sm.ok ? sm.median : g->lower > 0 ? g->lower_max : NAN;
		if (!sm.ok && g->lower > 0) {
			snprintf(c[2], sizeof(c[2]), "at least %.0f (lower bound)",
				 g->lower_max);
			snprintf(c[3], sizeof(c[3]), "no measured run");
		} else if (!sm.ok) {
			snprintf(c[2], sizeof(c[2]), "no valid result");
		}
		if (!isnan(v)) {
			rdoc_fixed(v * (double)g->size_b * 8 / 1e6, 3, c[5],
				   sizeof(c[5]));
			if (!sm.ok)
				strncat(c[5], " (lower bound)",
					sizeof(c[5]) - strlen(c[5]) - 1);
		}
		if (!isnan(v) && !isnan(line)) {
			if (100.0 * v / line > top_pct)
				top_pct = 100.0 * v / line;
			rdoc_fixed(100.0 * v / line, 2, c[6], sizeof(c[6]));
			if (!sm.ok)
				strncat(c[6], " (lower bound)",
					sizeof(c[6]) - strlen(c[6]) - 1);
		} else if (isnan(line)) {
			snprintf(c[6], sizeof(c[6]), "missing: no link speed");
		}
		if (!isnan(line))
			snprintf(c[7], sizeof(c[7]), "%.0f fps (%.0f)", line,
				 g->link_mbps);
		rdoc_grp_result(g, c[8], sizeof(c[8]));
		for (k = 0; k < 9; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	if (gs.n == 0)
		rdoc_note(d, "missing", "missing", "no rate.csv row in these "
			  "results");
	rdoc_grps_free(&gs);
	in = calloc(s->nb_runs + 1, sizeof(*in));
	if (in == NULL)
		return;
	n = rdoc_inputs(s, RDOC_RATE, in);
	po.notes = &notes;
	if (n > 0 && plot_link_speed(in, n, &gbps, &notes, err,
				     sizeof(err)) == 0)
		po.link_gbps = gbps;
	/* a line rate 10 times above every figure flattens them all */
	if (po.link_gbps > 0 && top_pct < RDOC_LINE_MIN_PCT) {
		snprintf(err, sizeof(err), "the graph leaves out the line rate "
			 "(%g Gb/s): every figure is below %g %% of it (the "
			 "table has the percentages)", po.link_gbps,
			 RDOC_LINE_MIN_PCT);
		rdoc_para(d, err);
		po.link_gbps = 0;
	}
	rdoc_graph(d, o, &po, in, n, "Throughput against frame size");
	plot_buf_free(&notes);
	free(in);
}

static void
rdoc_sec_latency(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Frame size (B)", "Direction", "Load (frames/s)",
		"TL median (us)", "TL 1st", "TL 99th", "WCL median (us)",
		"WCL 1st", "WCL 99th", "Result (runs)",
	};
	static const char *const sides[] = { "fwd", "rev" };
	char c[10][160], col[32];
	const char *cells[10];
	struct rdoc_grps tl, wcl;
	size_t i, k, j;

	rdoc_heading(d, 2, "latency", "Latency (RFC 2544 26.2, RFC 8219 7.2)");
	rdoc_para(d, "Typical latency (TL, the median of the tagged frames) and "
		  "worst case latency (WCL, their 99.9th percentile) per run "
		  "of latency.csv, at the load each run offered (a campaign's "
		  "latency runs at the throughput it measured); median, 1st "
		  "and 99th percentile over repeated runs.");
	rdoc_item_notes(d, s, "latency");
	rdoc_table_begin(d, "Latency at the throughput rate", 10, head);
	for (j = 0; j < 2; j++) {
		struct rdoc_val v = { RDOC_LATENCY, "latency", col, NULL,
				      sides[j], NULL, NULL };

		snprintf(col, sizeof(col), "%s_tl_us", sides[j]);
		rdoc_collect(s, &v, &tl);
		snprintf(col, sizeof(col), "%s_wcl_us", sides[j]);
		rdoc_collect(s, &v, &wcl);
		for (i = 0; i < tl.n && i < wcl.n; i++) {
			for (k = 0; k < 10; k++)
				c[k][0] = '\0';
			snprintf(c[0], sizeof(c[0]), "%ld", tl.g[i].size_b);
			snprintf(c[1], sizeof(c[1]), "%s", sides[j]);
			if (tl.g[i].n > 0)
				rdoc_fmt(tl.g[i].load_sum / (double)tl.g[i].n,
					 c[2], sizeof(c[2]));
			rdoc_sum_cells(&tl.g[i], &c[3], "invalid: no figures");
			rdoc_sum_cells(&wcl.g[i], &c[6], NULL);
			rdoc_grp_result(&tl.g[i], c[9], sizeof(c[9]));
			for (k = 0; k < 10; k++)
				cells[k] = c[k];
			rdoc_table_row(d, cells);
		}
		rdoc_grps_free(&tl);
		rdoc_grps_free(&wcl);
	}
	rdoc_table_end(d);
}

/* One table of a file's rows: head[k] shows column cols[k] ("" the run's
 * label, "@size" the frame size, "@dir" a direction name). */
static void
rdoc_rows(struct rdoc *d, const struct rdoc_set *s, enum rdoc_file f,
	  const char *caption, size_t ncols, const char *const *head,
	  const char *const *cols, const char *row_col, const char *row_is)
{
	char c[16][160];
	const char *cells[16];
	size_t i, r, k;

	rdoc_table_begin(d, caption, ncols, head);
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *run = &s->runs[i];
		const struct csv_table *t = &run->tab[f];

		if (!run->has[f])
			continue;
		for (r = 0; r < t->nb_rows; r++) {
			if (row_col != NULL &&
			    strcmp(rdoc_cell(t, r, row_col), row_is) != 0)
				continue;
			for (k = 0; k < ncols && k < 16; k++) {
				const char *name = cols[k];

				if (name[0] == '\0')
					snprintf(c[k], sizeof(c[k]), "%s", run->label);
				else if (strcmp(name, "@size") == 0)
					snprintf(c[k], sizeof(c[k]), "%ld",
						 rdoc_row_size(run, t, r));
				else if (strncmp(name, "@dir:", 5) == 0)
					snprintf(c[k], sizeof(c[k]), "%s",
						 rdoc_dir_name(rdoc_cell(t, r,
									 name + 5)));
				else
					snprintf(c[k], sizeof(c[k]), "%s",
						 rdoc_cell(t, r, name));
				if (c[k][0] == '\0' && strcmp(rdoc_row_kind(t, r),
							      "measured") != 0)
					snprintf(c[k], sizeof(c[k]), "%s",
						 rdoc_row_kind(t, r));
				cells[k] = c[k];
			}
			rdoc_table_row(d, cells);
		}
	}
	rdoc_table_end(d);
}

/* The RFC 8219 summary of spec over repeated runs, where any group has
 * more than one value. */
static void
rdoc_sum_table(struct rdoc *d, const struct rdoc_set *s,
	       const struct rdoc_val *spec, const char *what)
{
	static const char *const head[] = {
		"Frame size (B)", "Direction", "Median", "1st percentile",
		"99th percentile", "Result (runs)",
	};
	char c[6][160], cap[256];
	const char *cells[6];
	struct rdoc_grps gs;
	size_t i, k;
	bool any = false;

	rdoc_collect(s, spec, &gs);
	for (i = 0; i < gs.n; i++)
		any = any || gs.g[i].n + gs.g[i].lower + gs.g[i].none +
			gs.g[i].invalid > 1;
	if (any) {
		snprintf(cap, sizeof(cap), "RFC 8219 summary of %s over the runs",
			 what);
		rdoc_table_begin(d, cap, 6, head);
		for (i = 0; i < gs.n; i++) {
			for (k = 0; k < 6; k++)
				c[k][0] = '\0';
			snprintf(c[0], sizeof(c[0]), "%ld", gs.g[i].size_b);
			snprintf(c[1], sizeof(c[1]), "%s",
				 rdoc_dir_name(gs.g[i].dir));
			rdoc_sum_cells(&gs.g[i], &c[2], "no measured run");
			rdoc_grp_result(&gs.g[i], c[5], sizeof(c[5]));
			for (k = 0; k < 6; k++)
				cells[k] = c[k];
			rdoc_table_row(d, cells);
		}
		rdoc_table_end(d);
	}
	rdoc_grps_free(&gs);
}

static const struct rdoc_val rdoc_b2b_val = {
	RDOC_B2B, "b2b avg_frames", "avg_frames", "direction", NULL, "row",
	"summary",
};
static const struct rdoc_val rdoc_recov_val = {
	RDOC_RECOVERY, "recovery_ms", "recovery_ms", "dir", NULL, NULL, NULL,
};
static const struct rdoc_val rdoc_reset_val = {
	RDOC_RESET, "reset_ms", "reset_ms", "dir", NULL, NULL, NULL,
};

static void
rdoc_sec_loss(struct rdoc *d, const struct rdoc_opts *o,
	      const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Frame size (B)", "Direction", "Offered (frames/s)",
		"Sent", "Received", "Frame loss rate (%)", "Status",
	};
	static const char *const cols[] = {
		"", "@size", "@dir:dir", "offered_fps", "sent", "received",
		"loss_pct", "status",
	};
	struct plot_opts po = { .kind = PLOT_LOSS_LOAD };
	struct plot_input *in;

	rdoc_heading(d, 2, "loss", "Frame loss rate (RFC 2544 26.3)");
	rdoc_para(d, "Each step of each loss sweep (flr.csv): the percentage of "
		  "the offered frames that were not forwarded; an invalid "
		  "step measured the tester, not the DUT, and has no figure.");
	rdoc_item_notes(d, s, "loss");
	in = calloc(s->nb_runs + 1, sizeof(*in));
	if (in != NULL)
		rdoc_graph(d, o, &po, in, rdoc_inputs(s, RDOC_FLR, in),
			   "Frame loss rate against offered load");
	free(in);
	rdoc_rows(d, s, RDOC_FLR, "Frame loss rate per step", 8, head, cols,
		  NULL, NULL);
}

static void
rdoc_sec_b2b(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Frame size (B)", "Direction", "Repetitions",
		"Average burst (frames)", "Min", "Max", "Stddev",
		"Burst rate (frames/s)", "Throughput (frames/s)",
		"Implied buffer time (us)", "Corrected buffer time (us)",
		"Result",
	};
	static const char *const cols[] = {
		"", "@size", "@dir:direction", "repetitions", "avg_frames",
		"min_frames", "max_frames", "stddev_frames", "burst_rate_fps",
		"throughput_fps", "implied_buffer_us", "corrected_buffer_us",
		"result",
	};
	size_t i, r;

	rdoc_heading(d, 2, "b2b", "Back-to-back frames (RFC 2544 26.4, RFC 9004)");
	rdoc_para(d, "The longest burst at the burst rate without loss, averaged "
		  "over the repetitions, and the DUT's buffer time it implies; "
		  "the corrected buffer time takes the throughput into "
		  "account (RFC 9004 3.3) and is missing where no throughput "
		  "was known.");
	rdoc_item_notes(d, s, "b2b");
	rdoc_rows(d, s, RDOC_B2B, "Back-to-back summary per run", 13, head,
		  cols, "row", "summary");
	for (i = 0; i < s->nb_runs; i++)
		for (r = 0; s->runs[i].has[RDOC_B2B] &&
		     r < s->runs[i].tab[RDOC_B2B].nb_rows; r++) {
			const struct csv_table *t = &s->runs[i].tab[RDOC_B2B];
			char msg[600];
			double v;

			if (strcmp(rdoc_cell(t, r, "row"), "summary") != 0 ||
			    rdoc_num(t, r, "corrected_buffer_us", &v))
				continue;
			snprintf(msg, sizeof(msg), "%s: no corrected buffer time "
				 "(no throughput given or measured)",
				 s->runs[i].label);
			rdoc_note(d, "missing", "missing", msg);
		}
	rdoc_sum_table(d, s, &rdoc_b2b_val, "the average burst (frames)");
}

static void
rdoc_sec_recovery(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const rhead[] = {
		"Run", "Frame size (B)", "Direction", "Throughput (frames/s)",
		"Overload (frames/s)", "After (frames/s)", "Lost",
		"Recovery time (ms)", "Status", "Result",
	};
	static const char *const rcols[] = {
		"", "@size", "@dir:dir", "throughput_fps", "overload_fps",
		"after_fps", "lost", "recovery_ms", "status", "result_kind",
	};
	static const char *const xhead[] = {
		"Run", "Frame size (B)", "Direction", "Rate (frames/s)",
		"Command status", "Lost", "Resumed", "Reset time (ms)",
		"Status", "Result",
	};
	static const char *const xcols[] = {
		"", "@size", "@dir:dir", "rate_fps", "command_status", "lost",
		"resumed", "reset_ms", "status", "result_kind",
	};

	if (rdoc_has_test(s, RDOC_RECOVERY, "recovery")) {
		rdoc_heading(d, 2, "recovery", "System recovery (RFC 2544 26.5)");
		rdoc_para(d, "An overload at 110 % of the throughput, then half "
			  "of it: the time from the change until the DUT "
			  "forwards again without loss (recovery.csv). A "
			  "recovery time against a throughput that is only a "
			  "lower bound is itself labelled lower_bound.");
		rdoc_item_notes(d, s, "recovery");
		rdoc_rows(d, s, RDOC_RECOVERY, "Recovery per run", 10, rhead,
			  rcols, NULL, NULL);
		rdoc_sum_table(d, s, &rdoc_recov_val, "the recovery time (ms)");
	}
	if (rdoc_has_test(s, RDOC_RESET, "reset")) {
		rdoc_heading(d, 2, "reset", "Reset (RFC 2544 26.6, RFC 6201)");
		rdoc_para(d, "The time the stream was interrupted by the reset "
			  "command (reset.csv).");
		rdoc_item_notes(d, s, "reset");
		rdoc_rows(d, s, RDOC_RESET, "Reset per run", 10, xhead, xcols,
			  NULL, NULL);
		rdoc_sum_table(d, s, &rdoc_reset_val, "the reset time (ms)");
	}
}

/* --- before / after --- */

static void
rdoc_compare_one(struct rdoc *d, const struct rdoc_opts *o,
		 const struct rdoc_set *a, const struct rdoc_set *b,
		 const struct rdoc_val *spec)
{
	struct rdoc_grps ga, gb;
	char c[7][600];
	const char *cells[7];
	size_t i, j, k;

	rdoc_collect(a, spec, &ga);
	rdoc_collect(b, spec, &gb);
	for (i = 0; i < ga.n; i++) {
		struct rdoc_grp *x = &ga.g[i], *y = NULL;
		struct stats_summary sx, sy;
		struct stats_ttest tt;

		for (j = 0; j < gb.n && y == NULL; j++)
			if (gb.g[j].size_b == x->size_b &&
			    strcmp(gb.g[j].dir, x->dir) == 0)
				y = &gb.g[j];
		if (y == NULL)
			continue;
		for (k = 0; k < 7; k++)
			c[k][0] = '\0';
		snprintf(c[0], sizeof(c[0]), "%s", spec->test);
		snprintf(c[1], sizeof(c[1]), "%ld", x->size_b);
		snprintf(c[2], sizeof(c[2]), "%s", rdoc_dir_name(x->dir));
		if (x->n > 0 && stats_summarize(x->v, x->n, &sx) == 0) {
			rdoc_fmt(sx.median, c[3], sizeof(c[3]));
			snprintf(c[3] + strlen(c[3]), sizeof(c[3]) - strlen(c[3]),
				 " (n %zu)", x->n);
		}
		if (y->n > 0 && stats_summarize(y->v, y->n, &sy) == 0) {
			rdoc_fmt(sy.median, c[4], sizeof(c[4]));
			snprintf(c[4] + strlen(c[4]), sizeof(c[4]) - strlen(c[4]),
				 " (n %zu)", y->n);
		}
		if (x->n < 2 || y->n < 2)
			snprintf(c[5], sizeof(c[5]), "not compared: needs at "
				 "least 2 measured values in each set");
		else if (stats_ttest(&sx, &sy, o->conf_pct, &tt) < 0)
			snprintf(c[5], sizeof(c[5]), "not compared: t test failed");
		else
			stats_format_ttest_line(&tt, c[5], sizeof(c[5]));
		rdoc_grp_result(y, c[6], sizeof(c[6]));
		for (k = 0; k < 7; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_grps_free(&ga);
	rdoc_grps_free(&gb);
}

static void
rdoc_sec_compare(struct rdoc *d, const struct rdoc_opts *o,
		 const struct rdoc_set *a, const struct rdoc_set *b)
{
	static const char *const head[] = {
		"Test", "Frame size (B)", "Direction", "Before: median",
		"After: median", "Verdict (dutperf-stats compare)",
		"After: result (runs)",
	};
	static const struct rdoc_val specs[] = {
		{ RDOC_RATE, "throughput (frames/s)", "rate", "Dir", NULL,
		  NULL, NULL },
		{ RDOC_LATENCY, "latency TL fwd (us)", "fwd_tl_us", NULL,
		  "fwd", NULL, NULL },
		{ RDOC_LATENCY, "latency TL rev (us)", "rev_tl_us", NULL,
		  "rev", NULL, NULL },
		{ RDOC_LATENCY, "latency WCL fwd (us)", "fwd_wcl_us", NULL,
		  "fwd", NULL, NULL },
		{ RDOC_LATENCY, "latency WCL rev (us)", "rev_wcl_us", NULL,
		  "rev", NULL, NULL },
		{ RDOC_B2B, "b2b average burst (frames)", "avg_frames",
		  "direction", NULL, "row", "summary" },
		{ RDOC_RECOVERY, "recovery time (ms)", "recovery_ms", "dir",
		  NULL, NULL, NULL },
		{ RDOC_RESET, "reset time (ms)", "reset_ms", "dir", NULL,
		  NULL, NULL },
	};
	char text[8400];
	size_t i;

	rdoc_heading(d, 2, "compare", "Before and after");
	snprintf(text, sizeof(text), "Before: %s; after: %s. Per test, frame "
		 "size and direction, the measured values of both (lower "
		 "bounds and invalid runs left out) and dutperf-stats "
		 "compare's verdict: Student's t at %.1f %% confidence, the "
		 "difference of after from before.", a->root, b->root,
		 o->conf_pct);
	rdoc_para(d, text);
	rdoc_table_begin(d, "Before/after per size and test", 7, head);
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		rdoc_compare_one(d, o, a, b, &specs[i]);
	rdoc_table_end(d);
}

/* --- campaign and conditions --- */

static const char *
rdoc_jstr(const json_t *o, const char *key, char *buf, size_t len)
{
	const json_t *v = json_object_get(o, key);
	char *s;

	if (v == NULL || json_is_null(v))
		return "";
	if (json_is_string(v))
		return json_string_value(v);
	s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	snprintf(buf, len, "%s", s != NULL ? s : "");
	free(s);
	return buf;
}

/* A JSON array of strings as one shell-like line. */
static void
rdoc_jargv(const json_t *a, char *buf, size_t len)
{
	size_t i, n = 0;
	json_t *v;

	buf[0] = '\0';
	json_array_foreach(a, i, v) {
		const char *s = json_string_value(v);

		if (s == NULL || n >= len)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", s);
	}
}

static void
rdoc_sec_campaign(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const keys[] = {
		"dutperf_version", "git", "command_line", "config_file",
		"sizes", "tests", "directions", "repeats",
	};
	static const char *const khead[] = { "Key", "Value" };
	static const char *const ihead[] = {
		"Item", "Test", "Frame size (B)", "Directory", "State",
		"Attempt", "Result", "Throughput used (frames/s)", "Note",
	};
	char c[9][600], v[2048];
	const char *cells[9];
	size_t i, k, done = 0;

	rdoc_heading(d, 2, "campaign", "Campaign");
	for (i = 0; i < s->nb_items; i++)
		done += strcmp(s->items[i].state, "done") == 0;
	snprintf(v, sizeof(v), "%zu items, %zu done; every item that did not "
		 "complete or gave no measured result is labelled here and in "
		 "its test's section.", s->nb_items, done);
	rdoc_para(d, v);
	rdoc_table_begin(d, "campaign.json", 2, khead);
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		cells[0] = keys[k];
		cells[1] = rdoc_jstr(s->campaign, keys[k], v, sizeof(v));
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	rdoc_table_begin(d, "Items (the last record of each in campaign.jsonl)",
			 9, ihead);
	for (i = 0; i < s->nb_items; i++) {
		const struct rdoc_item *it = &s->items[i];

		snprintf(c[0], sizeof(c[0]), "%ld", it->item);
		snprintf(c[1], sizeof(c[1]), "%s", it->test);
		snprintf(c[2], sizeof(c[2]), "%ld", it->size_b);
		snprintf(c[3], sizeof(c[3]), "%s", it->dir);
		snprintf(c[4], sizeof(c[4]), "%s", it->state[0] ? it->state :
			 "missing (never run)");
		snprintf(c[5], sizeof(c[5]), "%ld", it->attempt);
		snprintf(c[6], sizeof(c[6]), "%s", it->result_kind[0] ?
			 it->result_kind : strcmp(it->state, "done") == 0 ?
			 "" : "none (not complete)");
		c[7][0] = '\0';
		if (it->tput_fwd >= 0 || it->tput_rev >= 0)
			snprintf(c[7], sizeof(c[7]), "fwd %.0f, rev %.0f (%s)",
				 it->tput_fwd, it->tput_rev,
				 it->throughput_kind[0] ? it->throughput_kind :
				 "?");
		else if (it->throughput_kind[0] != '\0')
			snprintf(c[7], sizeof(c[7]), "%s", it->throughput_kind);
		snprintf(c[8], sizeof(c[8]), "%s", it->note);
		for (k = 0; k < 9; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	rdoc_item_notes(d, s, NULL);
}

static void
rdoc_sec_conditions(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Mode", "dutperf", "Git commit", "Start", "CPU",
		"Kernel", "Link (Mb/s)", "Seed", "Result",
	};
	static const char *const keys[] = {
		"mode", "dutperf", "git", "start", "cpu_model", "kernel",
		"link_speed_mbps", "seed", "result",
	};
	char c[10][1024], line[8192], *text;
	const char *cells[10];
	size_t i, k, p;
	json_t *port;
	struct plot_buf ports = { 0 };

	rdoc_heading(d, 2, "conditions", "Test conditions");
	rdoc_para(d, "From each run directory's run.json (its last record): "
		  "the dutperf version and git commit, the command line, the "
		  "EAL arguments, the CPU, the kernel, the link speeds, the "
		  "seed and the effective configuration.");
	rdoc_table_begin(d, "Runs", 10, head);
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *r = &s->runs[i];

		snprintf(c[0], sizeof(c[0]), "%s", r->label);
		for (k = 0; k < 9; k++) {
			const char *v = rdoc_jstr(r->info, keys[k], line,
						  sizeof(line));

			snprintf(c[k + 1], sizeof(c[k + 1]), "%s",
				 r->info == NULL ? "missing: no run.json" :
				 v[0] ? v : "missing");
		}
		for (k = 0; k < 10; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *r = &s->runs[i];
		size_t n = 0;

		if (r->info == NULL)
			continue;
		snprintf(line, sizeof(line), "%s: command line, ports and "
			 "configuration", r->label);
		rdoc_details_begin(d, line);
		ports.len = 0;
		plot_printf(&ports, "command line: ");
		rdoc_jargv(json_object_get(r->info, "argv"), line, sizeof(line));
		plot_printf(&ports, "%s\nEAL arguments: ", line);
		rdoc_jargv(json_object_get(r->info, "eal_args"), line,
			   sizeof(line));
		plot_printf(&ports, "%s\nlink speed: %s (from %s)\n", line,
			    rdoc_jstr(r->info, "link_speed_mbps", c[0],
				      sizeof(c[0])),
			    rdoc_jstr(r->info, "link_speed_from", c[1],
				      sizeof(c[1])));
		json_array_foreach(json_object_get(r->info, "ports"), p, port) {
			n++;
			plot_printf(&ports, "port %s (%s): %s, driver %s, %s Mb/s\n",
				    rdoc_jstr(port, "port_id", c[0], sizeof(c[0])),
				    rdoc_jstr(port, "side", c[1], sizeof(c[1])),
				    rdoc_jstr(port, "name", c[2], sizeof(c[2])),
				    rdoc_jstr(port, "driver", c[3], sizeof(c[3])),
				    json_is_null(json_object_get(port,
								 "speed_mbps")) ?
				    "unknown" : rdoc_jstr(port, "speed_mbps", c[4],
							  sizeof(c[4])));
		}
		if (n == 0)
			plot_printf(&ports, "ports: missing\n");
		plot_printf(&ports, "run.json records: %zu\n", r->nb_records);
		rdoc_pre(d, ports.oom ? "out of memory" : ports.s);
		text = (char *)json_string_value(json_object_get(r->info,
								"config"));
		rdoc_pre(d, text != NULL ? text : "configuration: missing");
		rdoc_details_end(d);
	}
	plot_buf_free(&ports);
}

int
rdoc_report(struct plot_buf *out, const struct rdoc_opts *o,
	    const struct rdoc_set *a, const struct rdoc_set *b)
{
	struct rdoc doc = { .fmt = o->fmt, .b = out };
	struct rdoc *d = &doc;
	char text[8400];

	rdoc_begin(d, o->title);
	snprintf(text, sizeof(text), "Results: %s (%s, %zu run "
		 "director%s)%s%s. Generated by dutperf-report; no script, "
		 "no external resource.", a->root, a->campaign != NULL ?
		 "a campaign" : "run directories", a->nb_runs,
		 a->nb_runs == 1 ? "y" : "ies", b != NULL ? "; compared with " :
		 "", b != NULL ? b->root : "");
	rdoc_para(d, text);
	if (a->campaign != NULL)
		rdoc_sec_campaign(d, a);
	if (rdoc_has_test(a, RDOC_RATE, "throughput"))
		rdoc_sec_throughput(d, o, a);
	if (rdoc_has_test(a, RDOC_LATENCY, "latency"))
		rdoc_sec_latency(d, a);
	if (rdoc_has_test(a, RDOC_FLR, "loss"))
		rdoc_sec_loss(d, o, a);
	if (rdoc_has_test(a, RDOC_B2B, "b2b"))
		rdoc_sec_b2b(d, a);
	rdoc_sec_recovery(d, a);
	if (b != NULL)
		rdoc_sec_compare(d, o, a, b);
	rdoc_sec_conditions(d, a);
	rdoc_end(d);
	return out->oom ? -ENOMEM : 0;
}

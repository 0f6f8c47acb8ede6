/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_group: what the sections of dutperf-report (rdoc_report.c) are
 * built from (rdoc_priv.h): the cells of the result files, the values of
 * one test grouped per frame size and direction with their RFC 8219
 * summary (median, 1st and 99th percentile), the labels of what is no
 * DUT figure, the graphs and the notes of a campaign's items.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/stats.h"
#include "rdoc_priv.h"

/* --- reading cells --- */

const char *
rdoc_cell(const struct csv_table *t, size_t r, const char *name)
{
	long c = csv_table_column(t, name, NULL, 0);
	const char *s = c < 0 ? NULL : csv_table_cell(t, r, (size_t)c);

	return s != NULL ? s : "";
}

/* The number in column name of row r: true, or false when empty/absent
 * or no number. */
bool
rdoc_num(const struct csv_table *t, size_t r, const char *name, double *v)
{
	const char *s = rdoc_cell(t, r, name);
	char *end;

	if (s[0] == '\0')
		return false;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

void
rdoc_fmt(double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "%s", "");
	else
		stats_format_number(v, buf, len);
}

/* v rounded to d decimals (for rates, Mb/s and percentages) */
void
rdoc_fixed(double v, int d, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f", d, v);
}

/* --- groups: the values of one test per (frame size, direction) --- */

void
rdoc_grps_free(struct rdoc_grps *gs)
{
	size_t i;

	for (i = 0; i < gs->n; i++)
		free(gs->g[i].v);
	free(gs->g);
	memset(gs, 0, sizeof(*gs));
}

/* The fixed sizes ascending, then the mixes by mean size and name
 * (docs/report.md); a size's or mix's directions by name. */
static int
rdoc_grp_cmp(const void *a, const void *b)
{
	const struct rdoc_grp *x = a, *y = b;
	bool mx = x->imix[0] != '\0', my = y->imix[0] != '\0';
	double fx = rdoc_grp_frame_b(x), fy = rdoc_grp_frame_b(y);
	int c;

	if (mx != my)
		return mx - my;
	if (fx != fy)
		return (fx > fy) - (fx < fy);
	c = strcmp(x->imix, y->imix);
	return c != 0 ? c : strcmp(x->dir, y->dir);
}

double
rdoc_grp_frame_b(const struct rdoc_grp *g)
{
	return g->imix[0] != '\0' && g->mean_b > 0 ? g->mean_b :
	       (double)g->size_b;
}

void
rdoc_size_text(long size_b, const char *imix, double mean_b, char *buf,
	       size_t len)
{
	char mix[IMIX_NOTE_MAX + 8];

	imix_label(imix, mix, sizeof(mix));
	if (imix[0] == '\0')
		snprintf(buf, len, "%ld", size_b);
	else if (mean_b > 0)
		snprintf(buf, len, "%s (mean %.2f B)", mix, mean_b);
	else
		snprintf(buf, len, "%s", mix);
}

struct rdoc_grp_key {
	long size_b;
	const char *imix, *dir;
};

static bool
rdoc_grp_match(const void *elem, const void *key)
{
	const struct rdoc_grp *g = elem;
	const struct rdoc_grp_key *k = key;

	return g->size_b == k->size_b && strcmp(g->dir, k->dir) == 0 &&
	       strcmp(g->imix, k->imix) == 0;
}

/* The group of (size, mix, direction), new when none; a mix is a size
 * of its own, whatever its rounded mean. */
static struct rdoc_grp *
rdoc_grp_get(struct rdoc_grps *gs, long size_b, const char *imix,
	     double mean_b, const char *dir)
{
	struct rdoc_grp_key k = { size_b, imix, dir };
	struct rdoc_grp *g;
	bool added;

	g = stats_group_get((void **)&gs->g, &gs->n, sizeof(*g),
			    rdoc_grp_match, &k, &added);
	if (g == NULL) {
		gs->oom = true;
		return NULL;
	}
	if (added) {
		g->size_b = size_b;
		snprintf(g->imix, sizeof(g->imix), "%s", imix);
		g->mean_b = mean_b;
		snprintf(g->dir, sizeof(g->dir), "%s", dir);
	}
	return g;
}

static void
rdoc_grp_push(struct rdoc_grps *gs, struct rdoc_grp *g, double x)
{
	if (stats_push(&g->v, &g->n, &g->cap, x) != 0)
		gs->oom = true;
}

/* The row's result: "measured", "lower_bound", "none" or "invalid". */
const char *
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

long
rdoc_row_size(const struct rdoc_run *run, const struct csv_table *t,
	      size_t r)
{
	double v;

	if (rdoc_num(t, r, "Size", &v) || rdoc_num(t, r, "frame_size_b", &v))
		return (long)v;
	return run->size_b;
}

/* The run's link speeds by dutperf-plot's rule (plot.h plot_run_speed:
 * every record of the run.json beside csv, link_speed_mbps else the
 * lowest port speed); 0: none. */
static void
rdoc_link_mbps(const char *csv, double *lo, double *hi)
{
	char err[512];

	if (plot_run_speed(csv, lo, hi, err, sizeof(err)) != 0)
		*lo = *hi = 0;
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
void
rdoc_collect(const struct rdoc_set *s, const struct rdoc_val *spec,
	     struct rdoc_grps *gs)
{
	size_t i, r;

	memset(gs, 0, sizeof(*gs));
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *run = &s->runs[i];
		const struct csv_table *t = &run->tab[spec->file];
		double link, link_hi;

		if (!run->has[spec->file] ||
		    csv_table_column(t, spec->column, NULL, 0) < 0)
			continue;
		rdoc_link_mbps(t->path, &link, &link_hi);
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
			g = rdoc_grp_get(gs, rdoc_row_size(run, t, r), run->imix,
					 run->imix_mean_b, dir);
			if (g == NULL)
				return;
			g->runs++;
			if (link > 0 && (g->link_mbps == 0 || link < g->link_mbps))
				g->link_mbps = link;
			if (link_hi > g->link_hi_mbps)
				g->link_hi_mbps = link_hi;
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
struct rdoc_sum
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
void
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

const char *
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

void
rdoc_graph(struct rdoc *d, const struct rdoc_opts *o, struct plot_opts *po,
	   const struct plot_input *in, size_t n, const char *alt)
{
	struct strbuf script = { 0 }, svg = { 0 };
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
	strbuf_free(&script);
	strbuf_free(&svg);
}

/* The inputs of file f of every run that has it (labels: run labels). */
size_t
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
void
rdoc_item_notes(struct rdoc *d, const struct rdoc_set *s, const char *test)
{
	char msg[1024], label[64], size[IMIX_NOTE_MAX + 16];
	size_t i;

	for (i = 0; i < s->nb_items; i++) {
		const struct rdoc_item *it = &s->items[i];

		if (test != NULL && strcmp(it->test, test) != 0)
			continue;
		if (it->imix[0] != '\0')
			imix_label(it->imix, size, sizeof(size));
		else
			snprintf(size, sizeof(size), "%ld bytes", it->size_b);
		if (strcmp(it->state, "done") != 0) {
			snprintf(label, sizeof(label), "%s",
				 it->state[0] ? it->state : "missing");
			snprintf(msg, sizeof(msg), "item %ld (%s, %s, %s): "
				 "%s%s%s", it->item, it->test, size,
				 it->dir, it->state[0] ? "did not complete, no "
				 "result from it" : "never run, no record in "
				 "campaign.jsonl", it->note[0] ? ": " : "",
				 it->note);
			rdoc_note(d, label, rdoc_state_class(it->state), msg);
		} else if (rdoc_item_bad(it)) {
			snprintf(msg, sizeof(msg), "item %ld (%s, %s): "
				 "result %s%s%s", it->item, it->test,
				 size, it->result_kind,
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
			snprintf(msg, sizeof(msg), "item %ld (%s, %s) ran "
				 "at a throughput that is %s", it->item,
				 it->test, size,
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

bool
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

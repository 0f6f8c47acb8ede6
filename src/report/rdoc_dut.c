/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_dut: the report's DUT section ([dut], docs/dut.md): per run, each
 * telemetry trial (run.json's dut.telemetry: its row, search and rate)
 * with its counters' largest rises and rates (dut.csv), each CPU's busy
 * share, and every observation output of that trial folded; with a
 * second set, the counters whose mean rate over the telemetry trials
 * changed most between the two.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdoc_priv.h"

#define RDOC_DUT_TOP 10			/* counters in a trial's table */
#define RDOC_DUT_CMP_TOP 20		/* counters in the comparison */
#define RDOC_DUT_OUT_B 16384		/* of an output file, shown */
#define RDOC_DUT_FILES 64		/* output files of a trial, shown */

/* One counter's rows of telemetry trials (a set's mean rate). */
struct rdoc_ctr {
	char obs[32], counter[128];
	double delta, rate;		/* one trial's (sections) */
	double sum;			/* rates summed (comparison) */
	size_t n;
};

struct rdoc_ctrs {
	struct rdoc_ctr *v;
	size_t n, cap;
};

static struct rdoc_ctr *
rdoc_ctr_get(struct rdoc_ctrs *c, const char *obs, const char *counter)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].obs, obs) == 0 &&
		    strcmp(c->v[i].counter, counter) == 0)
			return &c->v[i];
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		struct rdoc_ctr *v = realloc(c->v, cap * sizeof(*v));

		if (v == NULL)
			return NULL;
		c->v = v;
		c->cap = cap;
	}
	memset(&c->v[c->n], 0, sizeof(c->v[0]));
	snprintf(c->v[c->n].obs, sizeof(c->v[0].obs), "%s", obs);
	snprintf(c->v[c->n].counter, sizeof(c->v[0].counter), "%s", counter);
	return &c->v[c->n++];
}

/* Largest |delta| first. */
static int
rdoc_ctr_by_delta(const void *a, const void *b)
{
	double x = fabs(((const struct rdoc_ctr *)a)->delta);
	double y = fabs(((const struct rdoc_ctr *)b)->delta);

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Is row r of dut.csv a counter of telemetry trial `trial` (0: any)? */
static bool
rdoc_dut_row(const struct csv_table *t, size_t r, long trial)
{
	double v;

	if (strcmp(rdoc_cell(t, r, "phase"), "telemetry") != 0 ||
	    rdoc_cell(t, r, "counter")[0] == '\0')
		return false;
	return trial == 0 || (rdoc_num(t, r, "trial", &v) && (long)v == trial);
}

/* A file's first RDOC_DUT_OUT_B bytes, folded. */
static void
rdoc_dut_file(struct rdoc *d, const char *dir, const char *name)
{
	char path[4400], summary[400], *buf;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	buf = malloc(RDOC_DUT_OUT_B + 64);
	if (f == NULL || buf == NULL) {
		if (f != NULL)
			fclose(f);
		free(buf);
		return;
	}
	n = fread(buf, 1, RDOC_DUT_OUT_B, f);
	buf[n] = '\0';
	if (n == RDOC_DUT_OUT_B && fgetc(f) != EOF)
		snprintf(buf + n, 64, "\n[... more in %s]\n", name);
	fclose(f);
	/* a NUL in the output ends what is shown */
	snprintf(summary, sizeof(summary), "%s (%zu bytes shown)", name,
		 strlen(buf));
	rdoc_details_begin(d, summary);
	rdoc_pre(d, buf);
	rdoc_details_end(d);
	free(buf);
}

static int
rdoc_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every .txt file of OUTDIR/dut/<trial>/, by name. */
static void
rdoc_dut_outputs(struct rdoc *d, const struct rdoc_run *run, long trial)
{
	char dir[4300], *names[RDOC_DUT_FILES];
	struct dirent *e;
	size_t n = 0, i, l;
	DIR *dp;

	snprintf(dir, sizeof(dir), "%s/dut/%ld", run->dir, trial);
	dp = opendir(dir);
	if (dp == NULL) {
		rdoc_note(d, "missing", "warn", "the observations' outputs of "
			  "this trial (its dut/ folder) are not in the directory");
		return;
	}
	while ((e = readdir(dp)) != NULL && n < RDOC_DUT_FILES) {
		l = strlen(e->d_name);
		if (l > 4 && strcmp(e->d_name + l - 4, ".txt") == 0 &&
		    (names[n] = strdup(e->d_name)) != NULL)
			n++;
	}
	closedir(dp);
	qsort(names, n, sizeof(names[0]), rdoc_name_cmp);
	for (i = 0; i < n; i++) {
		rdoc_dut_file(d, dir, names[i]);
		free(names[i]);
	}
}

/* One telemetry trial of run: its counters, CPUs, outputs. */
static void
rdoc_dut_trial(struct rdoc *d, const struct rdoc_run *run, long trial,
	       long search, long rate_fps)
{
	static const char *const head[] = { "Observation", "Counter",
					     "Rise", "Per second" };
	static const char *const cpu_head[] = { "CPU", "Busy (%)" };
	const struct csv_table *t = &run->tab[RDOC_DUT];
	struct rdoc_ctrs c = { 0 };
	struct rdoc_ctr *x;
	char cap[700], cells[4][160], cpu[64];
	const char *cell[4];
	size_t r, i, k;
	double v;

	snprintf(cap, sizeof(cap), "Run %s, search %ld: telemetry trial %ld "
		 "at %ld frames/s: the largest counter rises", run->label,
		 search, trial, rate_fps);
	for (r = 0; r < t->nb_rows; r++) {
		if (!rdoc_dut_row(t, r, trial) || !rdoc_num(t, r, "delta", &v))
			continue;
		x = rdoc_ctr_get(&c, rdoc_cell(t, r, "observation"),
				 rdoc_cell(t, r, "counter"));
		if (x == NULL)
			break;
		x->delta = v;
		x->rate = rdoc_num(t, r, "rate_per_second", &v) ? v : NAN;
	}
	qsort(c.v, c.n, sizeof(c.v[0]), rdoc_ctr_by_delta);
	rdoc_table_begin(d, cap, 4, head);
	for (i = 0; i < c.n && i < RDOC_DUT_TOP && c.v[i].delta != 0; i++) {
		snprintf(cells[0], sizeof(cells[0]), "%s", c.v[i].obs);
		snprintf(cells[1], sizeof(cells[1]), "%s", c.v[i].counter);
		rdoc_fixed(c.v[i].delta, 0, cells[2], sizeof(cells[2]));
		rdoc_fixed(c.v[i].rate, 1, cells[3], sizeof(cells[3]));
		for (k = 0; k < 4; k++)
			cell[k] = cells[k];
		rdoc_table_row(d, cell);
	}
	rdoc_table_end(d);
	free(c.v);
	/* which CPUs did the work: each cpuN's busy share */
	for (r = 0, k = 0; r < t->nb_rows; r++) {
		if (!rdoc_dut_row(t, r, trial) ||
		    !rdoc_num(t, r, "busy_pct", &v))
			continue;
		if (k++ == 0) {
			snprintf(cap, sizeof(cap), "Telemetry trial %ld: busy "
				 "share of each CPU (cpu: all of them)", trial);
			rdoc_table_begin(d, cap, 2, cpu_head);
		}
		snprintf(cpu, sizeof(cpu), "%.*s",
			 (int)strcspn(rdoc_cell(t, r, "counter"), "."),
			 rdoc_cell(t, r, "counter"));
		rdoc_fixed(v, 1, cells[1], sizeof(cells[1]));
		cell[0] = cpu;
		cell[1] = cells[1];
		rdoc_table_row(d, cell);
	}
	if (k > 0)
		rdoc_table_end(d);
	rdoc_dut_outputs(d, run, trial);
}

/* Mean rate of each counter over the telemetry trials of set s. */
static void
rdoc_dut_means(const struct rdoc_set *s, struct rdoc_ctrs *c)
{
	const struct csv_table *t;
	struct rdoc_ctr *x;
	size_t i, r;
	double v;

	for (i = 0; i < s->nb_runs; i++) {
		if (!s->runs[i].has[RDOC_DUT])
			continue;
		t = &s->runs[i].tab[RDOC_DUT];
		for (r = 0; r < t->nb_rows; r++) {
			if (!rdoc_dut_row(t, r, 0) ||
			    !rdoc_num(t, r, "rate_per_second", &v))
				continue;
			x = rdoc_ctr_get(c, rdoc_cell(t, r, "observation"),
					 rdoc_cell(t, r, "counter"));
			if (x == NULL)
				return;
			x->sum += v;
			x->n++;
		}
	}
}

/* The counters whose mean rate changed most from a to b. */
static void
rdoc_dut_compare(struct rdoc *d, const struct rdoc_set *a,
		 const struct rdoc_set *b)
{
	static const char *const head[] = { "Observation", "Counter",
					    "Per second (this)",
					    "Per second (compared)", "Change (%)" };
	struct rdoc_ctrs ca = { 0 }, cb = { 0 };
	struct rdoc_ctr *y;
	char cells[5][160];
	const char *cell[5];
	size_t i, k;
	double ra, rb;

	rdoc_dut_means(a, &ca);
	rdoc_dut_means(b, &cb);
	/* delta: the change relative to this set's rate */
	for (i = 0; i < ca.n; i++) {
		ca.v[i].delta = 0;
		for (k = 0; k < cb.n; k++)
			if (strcmp(cb.v[k].obs, ca.v[i].obs) == 0 &&
			    strcmp(cb.v[k].counter, ca.v[i].counter) == 0)
				break;
		if (k == cb.n || ca.v[i].n == 0 || cb.v[k].n == 0)
			continue;
		ra = ca.v[i].sum / (double)ca.v[i].n;
		rb = cb.v[k].sum / (double)cb.v[k].n;
		ca.v[i].rate = ra;
		ca.v[i].delta = ra == rb ? 0 :
			fabs(ra) > 0 ? (rb - ra) / fabs(ra) * 100 : INFINITY;
	}
	qsort(ca.v, ca.n, sizeof(ca.v[0]), rdoc_ctr_by_delta);
	rdoc_para(d, "Against the compared directory: the counters whose "
		  "mean rate over the telemetry trials changed most (the DUT's "
		  "own evidence beside the throughput verdict above).");
	rdoc_table_begin(d, "Counter rates, this set against the compared one",
			 5, head);
	for (i = 0; i < ca.n && i < RDOC_DUT_CMP_TOP && ca.v[i].delta != 0;
	     i++) {
		y = NULL;
		for (k = 0; k < cb.n && y == NULL; k++)
			if (strcmp(cb.v[k].obs, ca.v[i].obs) == 0 &&
			    strcmp(cb.v[k].counter, ca.v[i].counter) == 0)
				y = &cb.v[k];
		snprintf(cells[0], sizeof(cells[0]), "%s", ca.v[i].obs);
		snprintf(cells[1], sizeof(cells[1]), "%s", ca.v[i].counter);
		rdoc_fixed(ca.v[i].rate, 1, cells[2], sizeof(cells[2]));
		rdoc_fixed(y->sum / (double)y->n, 1, cells[3], sizeof(cells[3]));
		if (isinf(ca.v[i].delta))
			snprintf(cells[4], sizeof(cells[4]), "from 0");
		else
			rdoc_fixed(ca.v[i].delta, 1, cells[4], sizeof(cells[4]));
		for (k = 0; k < 5; k++)
			cell[k] = cells[k];
		rdoc_table_row(d, cell);
	}
	rdoc_table_end(d);
	free(ca.v);
	free(cb.v);
}

/* Does a run of s have dut.csv? */
static bool
rdoc_dut_any(const struct rdoc_set *s)
{
	size_t i;

	for (i = 0; i < s->nb_runs; i++)
		if (s->runs[i].has[RDOC_DUT])
			return true;
	return false;
}

void
rdoc_sec_dut(struct rdoc *d, const struct rdoc_set *a,
	     const struct rdoc_set *b)
{
	const json_t *tele, *x;
	size_t i, k;

	if (!rdoc_dut_any(a))
		return;
	rdoc_heading(d, 2, "dut", "Inside the DUT ([dut] observations)");
	rdoc_para(d, "What the DUT said about itself in the telemetry trial "
		  "after each search (run at the rate the search found, not "
		  "counted in any result; docs/dut.md): its counters' largest "
		  "rises and their rates per second, each CPU's busy share "
		  "where /proc/stat was observed, and every observation's "
		  "output.");
	for (i = 0; i < a->nb_runs; i++) {
		const struct rdoc_run *run = &a->runs[i];

		if (!run->has[RDOC_DUT])
			continue;
		tele = run->info != NULL ?
			json_object_get(json_object_get(run->info, "dut"),
					"telemetry") : NULL;
		if (json_array_size(tele) == 0) {
			char text[700];

			snprintf(text, sizeof(text), "run %s: no telemetry "
				 "trial (no search completed with a rate, or "
				 "every observation observes every trial: "
				 "dut.csv has them)", run->label);
			rdoc_note(d, "none", "warn", text);
			continue;
		}
		json_array_foreach(tele, k, x)
			rdoc_dut_trial(d, run,
				       (long)json_integer_value(json_object_get(x, "trial")),
				       (long)json_integer_value(json_object_get(x, "search")),
				       (long)json_integer_value(json_object_get(x, "rate_fps")));
	}
	if (b != NULL && rdoc_dut_any(b))
		rdoc_dut_compare(d, a, b);
}

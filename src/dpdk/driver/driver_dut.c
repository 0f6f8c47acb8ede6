/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * driver_dut: [dut] observations around the driver's trials (core dut.h
 * does the work; docs/dut.md).  Per observed trial: the snapshots before
 * it, the during observations from right before trial_run to its end
 * (SIGINT, then SIGKILL), the snapshots after it, each output in
 * OUTDIR/dut/<trial>/NAME.{before,after,during}.txt (<trial>: the row
 * number of trials.csv), the counters' deltas as dut.csv rows, and
 * [dut] criterion's verdict on the trial.  The search observations run
 * when a search starts (OUTDIR/dut/search-<no>/NAME.search.txt).  The
 * telemetry trial after each search is the driver's (driver.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "driver.h"
#include "dutperf/csv.h"
#include "dutperf/dut.h"

#define DUT_TOP 10			/* largest deltas kept a telemetry trial */
#define DUT_MAX_TELEMETRY 64		/* telemetry trials in run.json */
#define DUT_DURING_LEAD_MS 300		/* during observations start this
					 * long before the trial */

/* One of a telemetry trial's largest deltas. */
struct dut_top {
	char obs[DUT_NAME_LEN];
	char counter[DUT_COUNTER_LEN];
	double delta, rate_per_s;
};

/* A telemetry trial as run.json lists it. */
struct dut_tele {
	uint32_t trial, search;
	uint64_t rate_fps;
	unsigned nb_top;
	struct dut_top top[DUT_TOP];
};

struct driver_dut {
	struct dut_plan plan;
	struct csv_file csv;		/* dut.csv */
	uint32_t trial;			/* trials.csv row of the current trial */
	bool telemetry;			/* the current trial is one */
	uint64_t rate_fps;		/* the current trial's rate */
	bool observed;			/* something observes it */
	struct dut_counters before[DUT_MAX_OBS];
	bool have_before[DUT_MAX_OBS];
	uint64_t before_end_ns[DUT_MAX_OBS];
	struct dut_during *during[DUT_MAX_OBS];
	uint32_t crit_failed;		/* trials the criterion failed */
	uint32_t crit_failed_search;	/* of them in the current search */
	uint32_t obs_failed;		/* observations that failed */
	unsigned nb_tele;
	struct dut_tele tele[DUT_MAX_TELEMETRY];
	char why[400];			/* the criterion's reason */
};

/* The data rows of OUTDIR/trials.csv so far: the next trial's number. */
static uint32_t
driver_dut_rows(const struct cfg *c)
{
	char path[CFG_PATH_LEN + 16];
	uint32_t lines = 0;
	FILE *f;
	int ch;

	snprintf(path, sizeof(path), "%s/trials.csv", c->outdir);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	while ((ch = fgetc(f)) != EOF)
		lines += ch == '\n';
	fclose(f);
	return lines > 0 ? lines - 1 : 0;
}

/* OUTDIR/dut.csv for appending, its header when new (not runinfo's
 * opener: runinfo.c calls this file for run.json's "dut"). */
static int
driver_dut_open_csv(const struct cfg *c, struct csv_file *f, char *err,
		    size_t err_len)
{
	char path[CFG_PATH_LEN + 16], header[REPORT_LINE_MAX];

	if (report_header(&dut_table, header, sizeof(header)) < 0) {
		snprintf(err, err_len, "dut.csv header too long");
		return -ENOSPC;
	}
	snprintf(path, sizeof(path), "%s/dut.csv", c->outdir);
	return csv_open(f, path, header, err, err_len);
}

int
driver_dut_open(struct mode_ctx *m, char *err, size_t err_len)
{
	struct driver_dut *d;
	int rc;

	m->dut = NULL;
	if (m->cfg->dut.criterion[0] == '\0') {
		unsigned k;

		for (k = 0; k < CFG_DUT_OBS; k++)
			if (m->cfg->dut.obs[k].spec[0] != '\0')
				break;
		if (k == CFG_DUT_OBS)
			return 0;	/* no [dut]: nothing opened */
	}
	d = calloc(1, sizeof(*d));
	if (d == NULL) {
		snprintf(err, err_len, "no memory for [dut]");
		return -ENOMEM;
	}
	d->csv.fd = -1;
	rc = dut_plan_from_cfg(&d->plan, m->cfg, err, err_len);
	if (rc == 0)
		rc = driver_dut_open_csv(m->cfg, &d->csv, err, err_len);
	if (rc != 0) {
		free(d);
		return rc;
	}
	d->trial = driver_dut_rows(m->cfg);
	m->dut = d;
	return 0;
}

void
driver_dut_close(struct mode_ctx *m)
{
	struct driver_dut *d = m->dut;
	unsigned i;

	if (d == NULL)
		return;
	for (i = 0; i < DUT_MAX_OBS; i++)
		dut_counters_free(&d->before[i]);
	if (d->csv.fd >= 0)
		csv_close(&d->csv);
	free(d);
	m->dut = NULL;
}

static int
driver_dut_row(const struct dut_row *row, void *arg)
{
	struct driver_dut *d = arg;
	char line[REPORT_LINE_MAX], err[256];

	if (report_row(&dut_table, row, line, sizeof(line)) < 0)
		return -ENOSPC;
	if (csv_append(&d->csv, line, err, sizeof(err)) != 0) {
		fprintf(stderr, "dutperf: %s\n", err);
		return -EIO;
	}
	return 0;
}

/*
 * An observation that failed (when: "before", "after", "during",
 * "search"): its dut.csv row, a line on stderr; with [dut] required, the
 * run stops (-EIO with err).
 */
static int
driver_dut_failed(struct mode_ctx *m, const struct dut_obs *o,
		  const char *when, const struct dut_capture *cap,
		  struct dut_row *row, char *err, size_t err_len)
{
	struct driver_dut *d = m->dut;
	char why[sizeof(cap->error) + 16];
	int rc;

	d->obs_failed++;
	snprintf(why, sizeof(why), "%s: %s", when, cap->error);
	row->observation = o->name;
	row->counter = "";
	row->has_values = false;
	row->has_busy = false;
	row->error = why;
	rc = driver_dut_row(row, d);
	if (rc != 0) {
		snprintf(err, err_len, "dut.csv: cannot write a row");
		return rc;
	}
	if (row->trial > 0)
		fprintf(stderr, "dutperf: trial %u, %s%s\n", row->trial, why,
			d->plan.required ? "" : " (recorded in dut.csv; [dut] "
			"required = 0: the trial goes on)");
	else
		fprintf(stderr, "dutperf: search %u, %s%s\n", row->search, why,
			d->plan.required ? "" : " (recorded in dut.csv; [dut] "
			"required = 0: the search goes on)");
	if (d->plan.required) {
		snprintf(err, err_len, "%s ([dut] required = 1: the run stops)",
			 why);
		return -EIO;
	}
	return 0;
}

/* OUTDIR/dut/<sub>/<name>.<what>.txt, its folder made. */
static int
driver_dut_path(const struct mode_ctx *m, const char *sub, const char *name,
		const char *what, char *path, size_t len, char *err,
		size_t err_len)
{
	int rc;

	snprintf(path, len, "%s/dut/%s", m->cfg->outdir, sub);
	rc = csv_mkdirs(path, err, err_len);
	if (rc == 0)
		snprintf(path + strlen(path), len - strlen(path), "/%s.%s.txt",
			 name, what);
	return rc;
}

static void
driver_dut_row_init(const struct mode_ctx *m, struct dut_row *row)
{
	const struct driver_dut *d = m->dut;

	memset(row, 0, sizeof(*row));
	row->trial = d->trial;
	row->search = m->ops->once ? 0 : m->no;
	row->iteration = m->ops->once ? 0 : m->iteration;
	row->phase = d->telemetry ? "telemetry" : "trial";
	row->rate_fps = d->rate_fps;
	row->error = "";
}

int
driver_dut_search(struct mode_ctx *m, char *err, size_t err_len)
{
	struct driver_dut *d = m->dut;
	char sub[32], path[CFG_PATH_LEN + 128];
	struct dut_capture cap;
	struct dut_row row;
	unsigned i;
	int rc;

	if (d == NULL)
		return 0;
	d->crit_failed_search = 0;
	snprintf(sub, sizeof(sub), "search-%u", m->no);
	for (i = 0; i < d->plan.nb; i++) {
		const struct dut_obs *o = &d->plan.obs[i];

		if (o->when != DUT_WHEN_SEARCH)
			continue;
		rc = driver_dut_path(m, sub, o->name, "search", path,
				     sizeof(path), err, err_len);
		if (rc == 0)
			rc = dut_run_snapshot(&d->plan, o, path, &engine_stop,
					      &cap, NULL, NULL, err, err_len);
		if (rc != 0)
			return rc;
		if (!cap.ok) {
			driver_dut_row_init(m, &row);
			row.trial = 0;
			row.rate_fps = 0;
			row.phase = "search";
			rc = driver_dut_failed(m, o, "search", &cap, &row, err,
					       err_len);
			if (rc != 0)
				return rc;
		}
	}
	return 0;
}

/* The limit of a during observation of spec: its whole nominal length
 * and [commands] timeout_s more. */
static uint32_t
driver_dut_during_limit(const struct mode_ctx *m, const struct trial_spec *spec)
{
	return (uint32_t)((trial_spec_send_ms(spec) + spec->timeout_ms) / 1000) +
	       m->cfg->command_timeout_s + 1;
}

int
driver_dut_before(struct mode_ctx *m, const struct trial_spec *spec,
		  bool telemetry, char *err, size_t err_len)
{
	struct driver_dut *d = m->dut;
	char sub[16], path[CFG_PATH_LEN + 128], *text;
	struct dut_capture cap;
	struct dut_row row;
	bool started = false;
	size_t len;
	unsigned i;
	int rc;

	if (d == NULL)
		return 0;
	d->trial++;
	d->telemetry = telemetry;
	d->rate_fps = trial_spec_rate_fps(spec);
	d->observed = false;
	snprintf(sub, sizeof(sub), "%u", d->trial);
	for (i = 0; i < d->plan.nb; i++) {
		const struct dut_obs *o = &d->plan.obs[i];

		d->have_before[i] = false;
		d->during[i] = NULL;
		if (!dut_obs_in(o, telemetry) || o->when != DUT_WHEN_SNAPSHOT)
			continue;
		d->observed = true;
		rc = driver_dut_path(m, sub, o->name, "before", path,
				     sizeof(path), err, err_len);
		if (rc == 0)
			rc = dut_run_snapshot(&d->plan, o, path, &engine_stop,
					      &cap, &text, &len, err, err_len);
		if (rc != 0)
			return rc;
		if (!cap.ok) {
			driver_dut_row_init(m, &row);
			rc = driver_dut_failed(m, o, "before", &cap, &row, err,
					       err_len);
			if (rc != 0)
				return rc;
			continue;
		}
		rc = dut_parse(o->parser, o->name, text, len, &d->before[i],
			       cap.error, sizeof(cap.error));
		free(text);
		if (rc != 0) {
			driver_dut_row_init(m, &row);
			rc = driver_dut_failed(m, o, "before", &cap, &row, err,
					       err_len);
			if (rc != 0)
				return rc;
			continue;
		}
		d->have_before[i] = true;
		d->before_end_ns[i] = cap.end_ns;
	}
	/* the during observations last: as close to the start as can be */
	for (i = 0; i < d->plan.nb; i++) {
		const struct dut_obs *o = &d->plan.obs[i];

		if (!dut_obs_in(o, telemetry) || o->when != DUT_WHEN_DURING)
			continue;
		d->observed = true;
		rc = driver_dut_path(m, sub, o->name, "during", path,
				     sizeof(path), err, err_len);
		if (rc == 0)
			rc = dut_during_start(&d->plan, o, path,
					      driver_dut_during_limit(m, spec),
					      &d->during[i], err, err_len);
		if (rc != 0) {
			driver_dut_abort(m);
			return rc;
		}
		started = true;
	}
	/* their start (a shell, ssh, a namespace switch) on the tester's
	 * CPUs, not in the sender's first milliseconds */
	if (started)
		engine_sleep_ms(DUT_DURING_LEAD_MS);
	return 0;
}

/* A telemetry trial's largest deltas (by absolute value), for run.json. */
static void
driver_dut_top(struct dut_tele *t, const struct dut_row *row)
{
	unsigned k, at;

	if (t->nb_top < DUT_TOP)
		at = t->nb_top++;
	else {
		for (at = 0, k = 1; k < DUT_TOP; k++)
			if (fabs(t->top[k].delta) < fabs(t->top[at].delta))
				at = k;
		if (fabs(row->delta) <= fabs(t->top[at].delta))
			return;
	}
	snprintf(t->top[at].obs, sizeof(t->top[at].obs), "%s", row->observation);
	snprintf(t->top[at].counter, sizeof(t->top[at].counter), "%s",
		 row->counter);
	t->top[at].delta = row->delta;
	t->top[at].rate_per_s = row->rate_per_s;
}

struct driver_dut_rows {
	struct driver_dut *d;
	struct dut_tele *tele;		/* NULL: not a telemetry trial */
};

static int
driver_dut_delta_row(const struct dut_row *row, void *arg)
{
	struct driver_dut_rows *a = arg;

	if (a->tele != NULL && row->delta != 0)
		driver_dut_top(a->tele, row);
	return driver_dut_row(row, a->d);
}

int
driver_dut_after(struct mode_ctx *m, const struct trial_spec *spec,
		 struct report_trial *r, char *err, size_t err_len)
{
	struct driver_dut *d = m->dut;
	char sub[16], path[CFG_PATH_LEN + 128], *text;
	struct dut_counters after = { 0 };
	struct driver_dut_rows rows = { d, NULL };
	struct dut_capture cap;
	struct dut_row row;
	double delta;
	size_t len;
	unsigned i;
	bool ok;
	int rc = 0;

	if (d == NULL)
		return 0;
	/* the during ones first: the trial has ended */
	for (i = 0; i < d->plan.nb; i++) {
		if (d->during[i] == NULL)
			continue;
		dut_during_stop(d->during[i], &cap);
		d->during[i] = NULL;
		if (!cap.ok && rc == 0) {
			driver_dut_row_init(m, &row);
			rc = driver_dut_failed(m, &d->plan.obs[i], "during",
					       &cap, &row, err, err_len);
		}
	}
	if (rc != 0)
		return rc;
	if (d->telemetry) {
		r->phase = "telemetry";
		if (d->nb_tele < DUT_MAX_TELEMETRY) {
			rows.tele = &d->tele[d->nb_tele++];
			memset(rows.tele, 0, sizeof(*rows.tele));
			rows.tele->trial = d->trial;
			rows.tele->search = m->no;
			rows.tele->rate_fps = trial_spec_rate_fps(spec);
		}
	}
	snprintf(sub, sizeof(sub), "%u", d->trial);
	for (i = 0; i < d->plan.nb; i++) {
		const struct dut_obs *o = &d->plan.obs[i];

		if (!dut_obs_in(o, d->telemetry) || o->when != DUT_WHEN_SNAPSHOT)
			continue;
		rc = driver_dut_path(m, sub, o->name, "after", path,
				     sizeof(path), err, err_len);
		if (rc == 0)
			rc = dut_run_snapshot(&d->plan, o, path, NULL, &cap,
					      &text, &len, err, err_len);
		if (rc != 0)
			break;
		if (cap.ok) {
			rc = dut_parse(o->parser, o->name, text, len, &after,
				       cap.error, sizeof(cap.error));
			free(text);
			cap.ok = rc == 0;
			rc = 0;
		}
		driver_dut_row_init(m, &row);
		row.observation = o->name;
		if (!cap.ok) {
			rc = driver_dut_failed(m, o, "after", &cap, &row, err,
					       err_len);
			if (rc != 0)
				break;
			if (d->plan.criterion && d->plan.crit_obs == i) {
				/* no verdict without the counter */
				snprintf(err, err_len, "[dut] criterion = \"%s\": "
					 "%s", d->plan.crit_text, cap.error);
				rc = -EIO;
				break;
			}
			continue;
		}
		if (!d->have_before[i])
			continue;
		rc = dut_deltas(&row, &d->before[i], &after,
				(double)(cap.start_ns - d->before_end_ns[i]) / 1e9,
				driver_dut_delta_row, &rows);
		if (rc != 0) {
			snprintf(err, err_len, "dut.csv: cannot write a row");
			break;
		}
		if (!d->plan.criterion || d->plan.crit_obs != i ||
		    r->verdict == VERDICT_INTERRUPTED)
			continue;
		rc = dut_criterion_judge(&d->plan, &d->before[i], &after, &delta,
					 &ok, err, err_len);
		if (rc != 0)
			break;
		/* the tester's verdict first: only a pass can fail here */
		if (!ok && r->verdict == VERDICT_PASS) {
			r->verdict = VERDICT_FAIL;
			snprintf(d->why, sizeof(d->why), "[dut] criterion %s: "
				 "rose by %.0f", d->plan.crit_text, delta);
			r->reason = d->why;
			d->crit_failed++;
			d->crit_failed_search++;
		}
	}
	dut_counters_free(&after);
	if (rc == 0 && d->plan.criterion && !d->have_before[d->plan.crit_obs] &&
	    r->verdict != VERDICT_INTERRUPTED) {
		snprintf(err, err_len, "[dut] criterion = \"%s\": observation %s "
			 "gave no counters before the trial (see dut.csv)",
			 d->plan.crit_text, d->plan.obs[d->plan.crit_obs].name);
		rc = -EIO;
	}
	return rc;
}

void
driver_dut_abort(struct mode_ctx *m)
{
	struct driver_dut *d = m->dut;
	struct dut_capture cap;
	unsigned i;

	for (i = 0; d != NULL && i < d->plan.nb; i++)
		if (d->during[i] != NULL) {
			dut_during_stop(d->during[i], &cap);
			d->during[i] = NULL;
		}
}

bool
driver_dut_wants_telemetry(const struct mode_ctx *m)
{
	return m->dut != NULL && dut_plan_telemetry(&m->dut->plan);
}

void
driver_dut_say(const struct mode_ctx *m)
{
	const struct driver_dut *d = m->dut;

	if (d == NULL || !d->plan.criterion)
		return;
	printf("search %u: with [dut] criterion %s: %u trial(s) lost nothing "
	       "at the tester but failed the DUT's counter\n", m->no,
	       d->plan.crit_text, d->crit_failed_search);
}

/* Largest |delta| first. */
static int
driver_dut_top_cmp(const void *a, const void *b)
{
	double x = fabs(((const struct dut_top *)a)->delta);
	double y = fabs(((const struct dut_top *)b)->delta);

	return x < y ? 1 : x > y ? -1 : 0;
}

json_t *
driver_dut_json(const struct mode_ctx *m)
{
	struct driver_dut *d = m->dut;	/* its top lists get sorted */
	json_t *o, *a, *t, *top, *x;
	unsigned i, k;

	if (d == NULL)
		return NULL;
	o = json_object();
	a = json_array();
	if (o == NULL || a == NULL)
		goto fail;
	json_object_set_new(o, "dir", json_string("dut"));
	json_object_set_new(o, "csv", json_string("dut.csv"));
	for (i = 0; i < d->plan.nb; i++) {
		const struct dut_obs *ob = &d->plan.obs[i];
		static const char *const when[] = { "snapshot", "during",
						    "search" };

		x = json_pack("{s:s, s:i, s:s, s:s, s:s, s:s}", "name", ob->name,
			      "slot", (int)ob->slot, "command", ob->cmd, "when",
			      when[ob->when], "trials",
			      ob->trials == DUT_TRIALS_ALL ? "all" : "result",
			      "parser", dut_parser_name(ob->parser));
		if (x == NULL || json_array_append_new(a, x) != 0)
			goto fail;
	}
	json_object_set_new(o, "observations", a);
	a = NULL;
	json_object_set_new(o, "failed_observations",
			    json_integer(d->obs_failed));
	json_object_set_new(o, "criterion", d->plan.criterion ?
			    json_string(d->plan.crit_text) : json_null());
	json_object_set_new(o, "criterion_failed_trials",
			    json_integer(d->crit_failed));
	a = json_array();
	for (i = 0; a != NULL && i < d->nb_tele; i++) {
		struct dut_tele *te = &d->tele[i];

		qsort(te->top, te->nb_top, sizeof(te->top[0]),
		      driver_dut_top_cmp);
		top = json_array();
		for (k = 0; top != NULL && k < te->nb_top; k++)
			json_array_append_new(top, json_pack(
				"{s:s, s:s, s:f, s:f}", "observation",
				te->top[k].obs, "counter", te->top[k].counter,
				"delta", te->top[k].delta, "rate_per_s",
				te->top[k].rate_per_s));
		t = json_pack("{s:i, s:i, s:I, s:o}", "trial", (int)te->trial,
			      "search", (int)te->search, "rate_fps",
			      (json_int_t)te->rate_fps, "largest_deltas",
			      top ? top : json_array());
		if (t == NULL || json_array_append_new(a, t) != 0)
			goto fail;
	}
	if (a == NULL)
		goto fail;
	json_object_set_new(o, "telemetry", a);
	return o;
fail:
	json_decref(a);
	json_decref(o);
	return NULL;
}

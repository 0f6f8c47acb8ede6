/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode campaign: a whole RFC 2544 / 5180 test set in one process, the EAL
 * and the ports started once (docs/campaign.md).  The plan (core
 * campaign.h: one item per frame size and test) runs item after item,
 * each a run of its own mode through driver_run into OUTDIR/NNN-TEST-SIZE
 * (the files that mode writes alone), the throughput of each size carried
 * to the tests that take it; campaign.json says the plan, campaign.jsonl
 * each item's state changes (synced line by line), so that --resume
 * keeps every completed item and runs the cut one again.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mode.h"
#include "dutperf/campaign.h"
#include "dutperf/csv.h"
#include "gitrev.h"

#define CAMP_LINE_MAX 2048

struct camp {
	struct mode_ctx *m;
	struct cfg *base;		/* m->cfg with the ports' link speed */
	struct campaign_plan *plan;
	struct campaign_status *st;
	struct campaign_tput tput[CAMPAIGN_MAX_SIZES];
	struct csv_file log;		/* campaign.jsonl */
	struct cfg *item_cfg;		/* the running item's */
	struct cfg *eta_cfg;		/* scratch of camp_eta_s */
	double started_s;
	double scale;			/* the largest item time / its bound */
	unsigned done, skipped, failed, kept;
};

static double
camp_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Test t's mode in the mode table main.c hands over (m->modes). */
static const struct mode_ops *
camp_mode_of(const struct mode_ctx *m, enum campaign_test t)
{
	unsigned i;

	for (i = 0; i < m->nb_modes; i++)
		if (strcmp(m->modes[i]->cli.name, campaign_test_name(t)) == 0)
			return m->modes[i];
	return NULL;
}

static int
camp_path(char *buf, size_t len, const char *dir, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static bool
camp_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* Before the EAL: the plan, and what the output directory holds against
 * --resume (each item's mode check: camp_items_check).  Writes nothing. */
static int
camp_check(const struct cfg *c, char *err, size_t err_len)
{
	struct campaign_plan *p = malloc(sizeof(*p));
	struct campaign_status *st = NULL;
	char why[CFG_ERR_LEN], path[CFG_PATH_LEN + 32];
	int rc = 0;

	if (p == NULL)
		return cfg_errf_rc(-ENOMEM, err, err_len, "no memory");
	if (c->camp.tests[0] == '\0')
		rc = cfg_errf(err, err_len, "%s%s[campaign] tests = \"\": mode "
			      "campaign needs the tests to run (e.g. tests = "
			      "throughput latency loss b2b; docs/campaign.md)",
			      c->path, c->path[0] ? ": " : "");
	else if (cfg_key_from_option(c, "traffic", "frame_size_b"))
		rc = cfg_errf(err, err_len, "-s/--size %u: mode campaign takes its "
			      "sizes from [campaign] sizes", c->frame_size_b);
	else if (cfg_key_from_option(c, "traffic", "imix"))
		rc = cfg_errf(err, err_len, "--imix %s: mode campaign takes its "
			      "mixes from [campaign] sizes (imix:GENOME)", c->imix);
	else if (campaign_plan_make(c, p, why, sizeof(why)) != 0)
		rc = cfg_errf(err, err_len, "[campaign]: %s", why);
	if (rc == 0 && camp_path(path, sizeof(path), c->outdir,
				 "campaign.json") != 0)
		rc = cfg_errf(err, err_len, "[output] dir: path too long");
	if (rc == 0 && camp_exists(path)) {
		if (!c->camp.resume)
			rc = cfg_errf(err, err_len, "%s holds a campaign already "
				      "(%s): --resume goes on with it, or give "
				      "another -o", c->outdir, path);
		else
			rc = campaign_json_check(path, p, err, err_len);
		if (rc == 0) {
			st = calloc(p->nb_items, sizeof(*st));
			camp_path(path, sizeof(path), c->outdir, "campaign.jsonl");
			rc = st == NULL ? cfg_errf_rc(-ENOMEM, err, err_len,
						      "no memory") :
			     campaign_read_status(path, p, st, err, err_len);
		}
	}
	free(st);
	free(p);
	return rc < 0 ? -EINVAL : rc;
}

/* The ports for the largest frame (of a mix too) and the plan's
 * directions. */
static void
camp_ports_cfg(struct cfg *c)
{
	struct campaign_plan *p = malloc(sizeof(*p));
	char why[CFG_ERR_LEN];
	uint32_t lo, hi;

	if (p != NULL && campaign_plan_make(c, p, why, sizeof(why)) == 0) {
		campaign_plan_span(p, &lo, &hi);
		c->frame_size_b = hi;
		c->imix[0] = '\0';
		c->direction = p->direction;
	}
	free(p);
}

/* One line of campaign.jsonl (synced before it returns). */
static int
camp_record(struct camp *k, const struct campaign_item *it, unsigned attempt,
	    enum campaign_state state, const int *exit_status,
	    const char *result_kind, const struct campaign_tput *tp,
	    const char *note, char *err, size_t err_len)
{
	struct campaign_record r = {
		.item = it, .of = k->plan->nb_items, .attempt = attempt,
		.state = state, .time = time(NULL),
		.has_exit = exit_status != NULL,
		.exit = exit_status ? *exit_status : 0,
		.result_kind = result_kind, .note = note,
	};
	char line[CAMP_LINE_MAX];
	int rc;

	if (tp != NULL)
		r.tput = *tp;
	rc = campaign_record_line(&r, line, sizeof(line));
	if (rc != 0)
		return cfg_errf_rc(rc, err, err_len, "campaign.jsonl: record of "
				   "item %u too long", it->no);
	return csv_append(&k->log, line, err, err_len);
}

/* campaign.json, once: written whole (a temporary file renamed). */
static int
camp_write_plan(struct camp *k, const char *path, char *err, size_t err_len)
{
	const struct mode_ctx *m = k->m;
	char *text = campaign_json_text(k->plan, DUTPERF_VERSION, DUTPERF_GIT,
					m->argc, m->argv, m->cfg->path);
	char tmp[CFG_PATH_LEN + 64];
	FILE *f;
	int rc = 0;

	if (text == NULL)
		return cfg_errf_rc(-ENOMEM, err, err_len, "campaign.json: no memory");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (f == NULL || fputs(text, f) < 0 || fputc('\n', f) < 0 ||
	    fflush(f) != 0 || fsync(fileno(f)) != 0)
		rc = -errno;
	if (f != NULL && fclose(f) != 0 && rc == 0)
		rc = -errno;
	if (rc == 0 && rename(tmp, path) != 0)
		rc = -errno;
	free(text);
	if (rc != 0)
		return cfg_errf_rc(rc, err, err_len, "%s: %s", path, strerror(-rc));
	return 0;
}

/* The line rate of the item's frames (0: the link speed not known). */
static uint64_t
camp_line_fps(const struct cfg *c)
{
	uint32_t mbps = cfg_link_speed_mbps(c);

	return mbps ? cfg_traffic_line_rate_fps(c, mbps, NULL) : 0;
}

/* The campaign's ETA from item `from` on: each item's bound. */
static double
camp_eta_s(struct camp *k, unsigned from)
{
	struct campaign_tput used;
	char note[CAMPAIGN_NOTE_LEN];
	double s = 0;
	unsigned i, again;

	for (i = from; i < k->plan->nb_items; i++) {
		const struct campaign_item *it = &k->plan->items[i];

		if (!campaign_resume_runs(&k->st[i], &again))
			continue;
		/* an item skipped for now is counted too: its throughput
		 * may come from an item still to run */
		if (campaign_item_cfg(k->base, k->plan, it, k->base->outdir,
				      &k->tput[it->size_idx], k->eta_cfg, &used,
				      note, sizeof(note)) < 0)
			continue;
		s += campaign_item_bound_s(k->eta_cfg, it->test,
					   camp_line_fps(k->eta_cfg));
	}
	/* an item that took longer than its bound (a loaded machine, port
	 * start, bookkeeping): the others may too */
	return s * (k->scale > 1 ? k->scale : 1);
}

/* A cut attempt's directory moved aside to OUTDIR/cut/DIR.attempt-K:
 * the new attempt starts empty, never mixing rows of two attempts. */
static int
camp_move_aside(struct camp *k, const struct campaign_item *it,
		unsigned attempt, char *err, size_t err_len)
{
	const char *out = k->m->cfg->outdir;
	char from[CFG_PATH_LEN + CAMPAIGN_DIR_LEN + 8], cut[CFG_PATH_LEN + 64],
	     to[CFG_PATH_LEN + CAMPAIGN_DIR_LEN + 96];
	int rc;

	if (camp_path(from, sizeof(from), out, it->dir) != 0 ||
	    camp_path(cut, sizeof(cut), out, "cut") != 0)
		return cfg_errf_rc(-ENAMETOOLONG, err, err_len, "%s: path too long",
				   out);
	if (!camp_exists(from))
		return 0;
	rc = csv_mkdirs(cut, err, err_len);
	if (rc != 0)
		return rc;
	snprintf(to, sizeof(to), "%s/%s.attempt-%u", cut, it->dir, attempt);
	if (rename(from, to) != 0)
		return cfg_errf_rc(-errno, err, err_len, "moving %s aside to %s: %s",
				   from, to, strerror(errno));
	if (!k->m->cli->quiet)
		fprintf(stderr, "campaign: the cut attempt %u of %s moved to %s\n",
			attempt, it->dir, to);
	return 0;
}

/* Run item i (attempt) as a run of its own mode; its record after. */
static int
camp_item(struct camp *k, unsigned i, unsigned attempt, char *err,
	  size_t err_len)
{
	const struct campaign_item *it = &k->plan->items[i];
	struct mode_ctx *m = k->m, im;
	struct cli icli = *m->cli;
	struct campaign_tput used, measured;
	struct cfg *ic = k->item_cfg;
	const struct mode_ops *ops = camp_mode_of(m, it->test);
	char note[CAMPAIGN_NOTE_LEN + CFG_ERR_LEN], path[CFG_PATH_LEN + 64],
	     why[CFG_ERR_LEN], size[IMIX_TEXT_MAX + 16];
	const char *kind = NULL;
	enum campaign_state state;
	double t0, bound_s;
	int rc, status, run_rc;

	rc = campaign_item_cfg(k->base, k->plan, it, k->base->outdir,
			       &k->tput[it->size_idx], ic, &used, note,
			       CAMPAIGN_NOTE_LEN);
	if (rc < 0)
		return cfg_errf_rc(rc, err, err_len, "%s", note);
	campaign_item_size_text(it, size, sizeof(size));
	if (!m->cli->quiet)
		fprintf(stderr, "campaign: item %u of %u: %s %s "
			"(attempt %u)%s%s  elapsed %.0f s, campaign ETA <= %.0f s\n",
			it->no, k->plan->nb_items, campaign_test_name(it->test),
			size, attempt, note[0] ? ": " : "", note,
			camp_now_s() - k->started_s, camp_eta_s(k, i));
	if (rc == 1) {
		k->skipped++;
		printf("campaign: %s skipped: %s\n", it->dir, note);
		return camp_record(k, it, attempt, CAMPAIGN_SKIPPED, NULL, NULL,
				   &used, note, err, err_len);
	}
	rc = camp_move_aside(k, it, attempt - 1, err, err_len);
	if (rc == 0)
		rc = camp_record(k, it, attempt, CAMPAIGN_RUNNING, NULL, NULL,
				 &used, note, err, err_len);
	if (rc == 0)
		rc = csv_mkdirs(ic->outdir, err, err_len);
	if (rc != 0)
		return rc;

	/* the item's own mode, on the same ports */
	icli.mode = &ops->cli;
	mode_ctx_init(&im, ops, &icli, ic, m);
	why[0] = '\0';
	t0 = camp_now_s();
	bound_s = campaign_item_bound_s(ic, it->test, camp_line_fps(ic));
	run_rc = trial_ctx_retarget(m->trial, ic, why, sizeof(why));
	/* the mode's check again: the carried throughput is new here */
	if (run_rc == 0 && ops->cli.check != NULL)
		run_rc = ops->cli.check(ic, why, sizeof(why));
	/* the item's rates against the line rate of its frame size */
	if (run_rc == 0)
		run_rc = port_apply_speed(m->trial->port, CFG_NB_SIDES, ic, why,
					  sizeof(why));
	if (run_rc == 0)
		run_rc = driver_run(&im, why, sizeof(why));
	feature_detach(m->trial);
	if (run_rc == 0 && !engine_stop && bound_s > 0 &&
	    (camp_now_s() - t0) / bound_s > k->scale)
		k->scale = (camp_now_s() - t0) / bound_s;

	memset(&measured, 0, sizeof(measured));
	if (engine_stop) {
		state = CAMPAIGN_INTERRUPTED;
		snprintf(note + strlen(note), sizeof(note) - strlen(note),
			 "%sinterrupted: --resume runs it again", note[0] ? "; " : "");
	} else if (run_rc != 0) {
		state = CAMPAIGN_FAILED;
		k->failed++;
		snprintf(note + strlen(note), sizeof(note) - strlen(note), "%s%s",
			 note[0] ? "; " : "", why);
		fprintf(stderr, "campaign: %s failed: %s\n", it->dir, why);
	} else {
		state = CAMPAIGN_DONE;
		k->done++;
		if (im.runs_done > 0)
			kind = im.not_measured == 0 ? "measured" :
			       report_result_name(im.run_result ==
						  REPORT_RESULT_MEASURED ?
						  REPORT_RESULT_NONE :
						  im.run_result);
		if (im.not_measured > 0)
			m->not_measured++;
	}
	status = state == CAMPAIGN_FAILED ? (run_rc == -EINVAL ? EXIT_USAGE :
					     EXIT_RUNTIME) :
		 im.not_measured > 0 ? EXIT_NO_RESULT : EXIT_OK;
	if (it->test == CAMPAIGN_THROUGHPUT && state == CAMPAIGN_DONE) {
		rc = camp_path(path, sizeof(path), ic->outdir, "rate.csv");
		if (rc == 0)
			rc = campaign_read_rate(path, &measured, why, sizeof(why));
		if (rc != 0)
			fprintf(stderr, "campaign: %s: %s\n", it->dir, why);
		measured.from_item = it->no;
		k->tput[it->size_idx] = measured;
		if (measured.kind != CAMPAIGN_TPUT_MEASURED)
			snprintf(note, CAMPAIGN_NOTE_LEN, "throughput %s: said so "
				 "in every test of %s that takes it",
				 campaign_tput_kind_name(measured.kind), size);
	}
	printf("campaign: %s %s%s%s\n", it->dir, campaign_state_name(state),
	       note[0] ? ": " : "", note);
	fflush(stdout);
	return camp_record(k, it, attempt, state, state == CAMPAIGN_INTERRUPTED ?
			   NULL : &status, kind, it->test == CAMPAIGN_THROUGHPUT ?
			   &measured : &used, note, err, err_len);
}

/* Each item's mode and its own check of the configuration the item gets
 * (latency's tags, b2b's drain, ...), before anything is written: -EINVAL
 * (exit status 2) naming the item. */
static int
camp_items_check(struct camp *k, char *err, size_t err_len)
{
	struct campaign_tput used;
	char why[CFG_ERR_LEN], note[CAMPAIGN_NOTE_LEN];
	unsigned i;

	for (i = 0; i < k->plan->nb_items; i++) {
		const struct campaign_item *it = &k->plan->items[i];
		const struct mode_ops *ops = camp_mode_of(k->m, it->test);

		if (ops == NULL)
			return cfg_errf(err, err_len, "[campaign] tests: no mode %s",
					campaign_test_name(it->test));
		if (campaign_item_cfg(k->base, k->plan, it, k->base->outdir,
				      NULL, k->item_cfg, &used, note,
				      sizeof(note)) < 0)
			return cfg_errf(err, err_len, "[output] dir: %s", note);
		if (ops->cli.check != NULL &&
		    ops->cli.check(k->item_cfg, why, sizeof(why)) != 0)
			return cfg_errf(err, err_len, "[campaign] item %s: %s",
					it->dir, why);
	}
	return 0;
}

static int
camp_run(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct camp k;
	char path[CFG_PATH_LEN + 32], why[CFG_ERR_LEN];
	unsigned i, attempt;
	uint32_t lo, hi;
	int rc;

	memset(&k, 0, sizeof(k));
	k.m = m;
	k.log.fd = -1;
	k.started_s = camp_now_s();
	k.plan = malloc(sizeof(*k.plan));
	k.item_cfg = malloc(sizeof(*k.item_cfg));
	k.eta_cfg = malloc(sizeof(*k.eta_cfg));
	k.base = malloc(sizeof(*k.base));
	if (k.plan == NULL || k.item_cfg == NULL || k.eta_cfg == NULL ||
	    k.base == NULL) {
		rc = cfg_errf_rc(-ENOMEM, err, err_len, "no memory");
		goto out;
	}
	rc = campaign_plan_make(c, k.plan, why, sizeof(why));
	if (rc != 0) {
		rc = cfg_errf(err, err_len, "[campaign]: %s", why);
		goto out;
	}
	/* the link speed for every item (the line rate, the loss sweep's
	 * top); the rates checked at the smallest size, each item's again */
	*k.base = *c;
	campaign_plan_span(k.plan, &lo, &hi);
	k.base->frame_size_b = lo;
	k.base->imix[0] = '\0';
	rc = port_apply_speed(m->trial->port, CFG_NB_SIDES, k.base, err, err_len);
	if (rc != 0)
		goto out;
	k.st = calloc(k.plan->nb_items, sizeof(*k.st));
	if (k.st == NULL) {
		rc = cfg_errf_rc(-ENOMEM, err, err_len, "no memory");
		goto out;
	}
	rc = camp_items_check(&k, err, err_len);
	if (rc == 0)
		rc = camp_path(path, sizeof(path), c->outdir, "campaign.json");
	if (rc == 0 && !camp_exists(path))
		rc = camp_write_plan(&k, path, err, err_len);
	if (rc == 0)
		rc = camp_path(path, sizeof(path), c->outdir, "campaign.jsonl");
	if (rc == 0 && c->camp.resume)
		rc = campaign_read_status(path, k.plan, k.st, err, err_len);
	if (rc == 0)
		rc = csv_open(&k.log, path, NULL, err, err_len);
	if (rc != 0)
		goto out;
	k.log.what = "record";
	/* the throughputs the completed throughput items gave */
	for (i = 0; i < k.plan->nb_items; i++) {
		const struct campaign_item *it = &k.plan->items[i];

		if (it->test == CAMPAIGN_THROUGHPUT &&
		    k.st[i].state == CAMPAIGN_DONE)
			k.tput[it->size_idx] = k.st[i].tput;
		else if (it->test == CAMPAIGN_THROUGHPUT)
			k.tput[it->size_idx].from_item = it->no;
	}
	if (!m->cli->quiet)
		fprintf(stderr, "campaign: %u items (%u sizes x %u tests), %u "
			"run(s) each, results in %s; ETA <= %.0f s\n",
			k.plan->nb_items, k.plan->nb_sizes, k.plan->nb_tests,
			k.plan->repeats, c->outdir, camp_eta_s(&k, 0));
	for (i = 0; rc == 0 && i < k.plan->nb_items && !engine_stop; i++) {
		if (!campaign_resume_runs(&k.st[i], &attempt)) {
			k.kept++;
			if (!m->cli->quiet)
				fprintf(stderr, "campaign: item %u of %u: %s %s "
					"before, kept\n", i + 1, k.plan->nb_items,
					k.plan->items[i].dir,
					campaign_state_name(k.st[i].state));
			continue;
		}
		rc = camp_item(&k, i, attempt, err, err_len);
	}
	if (rc == 0)
		printf("campaign: %u item(s) done, %u skipped, %u failed, %u kept "
		       "from before%s; %s\n", k.done, k.skipped, k.failed, k.kept,
		       engine_stop ? ", interrupted (--resume goes on)" : "",
		       c->outdir);
	/* main.c's "N of M run(s) gave no measured DUT result": items */
	m->runs_done = k.done;
	if (rc == 0 && k.failed > 0)
		rc = cfg_errf_rc(-EIO, err, err_len, "campaign: %u item(s) failed "
				 "(campaign.jsonl says why)", k.failed);
out:
	if (k.log.fd >= 0)
		csv_close(&k.log);
	free(k.st);
	free(k.item_cfg);
	free(k.eta_cfg);
	free(k.base);
	free(k.plan);
	return rc;
}

const struct mode_ops mode_campaign = {
	.cli = { "campaign", "a whole test set: [campaign] tests x sizes, one "
		 "directory per item, resumable (docs/campaign.md)", "--resume",
		 camp_check, CLI_STATEFUL_NO },
	.run_name = "campaign",
	.once = true,
	.ports_cfg = camp_ports_cfg,
	.run = camp_run,
};

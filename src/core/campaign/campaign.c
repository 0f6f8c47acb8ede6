/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * campaign: the plan of a campaign, each item's configuration with the
 * throughput it carries, the bound of an item's wall time, and the
 * campaign record (campaign.json, campaign.jsonl) written and read back
 * for --resume.  No DPDK, no clock: mode_campaign.c runs the items.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dutperf/campaign.h"
#include "dutperf/csv.h"
#include "dutperf/report.h"
#include "dutperf/stats.h"
#include "dutperf/trial_spec.h"

static const char *const campaign_state_names[CAMPAIGN_NB_STATES] = {
	[CAMPAIGN_NOT_STARTED] = "not_started",
	[CAMPAIGN_RUNNING] = "running",
	[CAMPAIGN_DONE] = "done",
	[CAMPAIGN_FAILED] = "failed",
	[CAMPAIGN_INTERRUPTED] = "interrupted",
	[CAMPAIGN_SKIPPED] = "skipped",
};

const char *
campaign_state_name(enum campaign_state s)
{
	return (unsigned)s < CAMPAIGN_NB_STATES ? campaign_state_names[s] : "?";
}

const char *
campaign_tput_kind_name(enum campaign_tput_kind k)
{
	switch (k) {
	case CAMPAIGN_TPUT_MEASURED:
		return "measured";
	case CAMPAIGN_TPUT_LOWER_BOUND:
		return "lower_bound";
	case CAMPAIGN_TPUT_MISSING:
		return "missing";
	case CAMPAIGN_TPUT_GIVEN:
		return "given";
	default:
		return NULL;
	}
}

/* Was [section] key set by the file or an option (not its default)? */
static bool
campaign_key_set(const struct cfg *c, const char *section, const char *key)
{
	const struct cfg_key *k = cfg_key_find(section, key);

	return k != NULL &&
	       c->from.origin[k - cfg_key_at(0)] != CFG_ORIGIN_DEFAULT;
}

void
campaign_item_size_text(const struct campaign_item *it, char *buf, size_t len)
{
	if (it->imix[0] != '\0')
		snprintf(buf, len, "IMIX %s", it->imix);
	else
		snprintf(buf, len, "%" PRIu32 " bytes", it->size_b);
}

void
campaign_plan_span(const struct campaign_plan *p, uint32_t *min_b,
		   uint32_t *max_b)
{
	struct imix_env e = { .sizes = p->imix_sizes, .mtu_b = p->mtu_b,
			      .min_b = 0, .max_b = UINT32_MAX };
	struct imix m;
	uint32_t lo, hi;
	unsigned i;

	*min_b = UINT32_MAX;
	*max_b = 0;
	for (i = 0; i < p->nb_sizes; i++) {
		lo = hi = p->sizes[i];
		if (p->imix[i][0] != '\0' &&
		    imix_parse(&m, p->imix[i], &e, NULL, 0) == 0) {
			lo = imix_min_b(&m);
			hi = imix_max_b(&m);
		}
		*min_b = lo < *min_b ? lo : *min_b;
		*max_b = hi > *max_b ? hi : *max_b;
	}
	if (p->nb_sizes == 0)
		*min_b = 0;
}

/* Item it's directory: "001-throughput-64", a mix "003-throughput-imix-
 * csit" (a genome's colons as dashes: dashes are no genome's letters). */
static void
campaign_item_dir(struct campaign_item *it)
{
	size_t n;
	char *q;

	if (it->imix[0] == '\0') {
		snprintf(it->dir, sizeof(it->dir), "%03u-%s-%" PRIu32, it->no,
			 campaign_test_name(it->test), it->size_b);
		return;
	}
	n = (size_t)snprintf(it->dir, sizeof(it->dir), "%03u-%s-imix-", it->no,
			     campaign_test_name(it->test));
	snprintf(it->dir + n, sizeof(it->dir) - n, "%s", it->imix);
	for (q = it->dir + n; *q != '\0'; q++)
		if (*q == ':')
			*q = '-';
}

int
campaign_plan_make(const struct cfg *c, struct campaign_plan *p, char *why,
		   size_t why_len)
{
	bool dir_set = false;
	unsigned s, t;
	int rc;

	struct imix_env env = cfg_imix_env(c);

	memset(p, 0, sizeof(*p));
	snprintf(p->imix_sizes, sizeof(p->imix_sizes), "%s", c->imix_sizes);
	p->mtu_b = c->mtu_b;
	rc = campaign_parse_tests(c->camp.tests, true, p->tests, &p->nb_tests,
				  why, why_len);
	if (rc == 0)
		rc = campaign_parse_sizes(c->camp.sizes, campaign_sizes_flags(c),
					  &env, p->sizes,
					  p->imix, &p->nb_sizes, why, why_len);
	if (rc == 0)
		rc = campaign_parse_directions(c->camp.directions, &dir_set,
					       &p->direction, why, why_len);
	if (rc == 0)
		rc = campaign_parse_throughput(c->camp.throughput, p->sizes,
					       p->imix, p->nb_sizes, p->given_fps,
					       why, why_len);
	if (rc != 0)
		return rc;
	if (!dir_set)
		p->direction = c->direction;
	p->repeats = c->camp.repeats ? c->camp.repeats : c->repeat;
	for (s = 0; s < p->nb_sizes; s++)
		for (t = 0; t < p->nb_tests; t++) {
			struct campaign_item *it = &p->items[p->nb_items];

			it->no = ++p->nb_items;
			it->test = p->tests[t];
			it->size_b = p->sizes[s];
			it->size_idx = s;
			snprintf(it->imix, sizeof(it->imix), "%s", p->imix[s]);
			campaign_item_dir(it);
		}
	return 0;
}

/* ---- throughput ---- */

static int
campaign_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
campaign_read_rate(const char *path, struct campaign_tput *t, char *err,
		   size_t err_len)
{
	struct csv_table tab;
	double *v[CFG_NB_DIRS];
	size_t nv[CFG_NB_DIRS] = { 0 }, r;
	long cdir, crate, ckind;
	bool lower = false;
	int d, rc;

	memset(t, 0, sizeof(*t));
	t->kind = CAMPAIGN_TPUT_MISSING;
	rc = csv_table_read(path, &tab, err, err_len);
	if (rc != 0)
		return rc;
	cdir = csv_table_column(&tab, "Dir", err, err_len);
	crate = cdir < 0 ? cdir : csv_table_column(&tab, "rate", err, err_len);
	ckind = crate < 0 ? crate :
		csv_table_column(&tab, "result_kind", err, err_len);
	if (ckind < 0) {
		csv_table_free(&tab);
		return (int)ckind;
	}
	v[0] = calloc(tab.nb_rows + 1, sizeof(double));
	v[1] = calloc(tab.nb_rows + 1, sizeof(double));
	rc = v[0] && v[1] ? 0 : -ENOMEM;
	for (r = 0; rc == 0 && r < tab.nb_rows; r++) {
		const char *dir = csv_table_cell(&tab, r, (size_t)cdir);
		const char *kind = csv_table_cell(&tab, r, (size_t)ckind);
		double x;

		if (dir == NULL || kind == NULL ||
		    (strcmp(kind, "measured") != 0 &&
		     strcmp(kind, "lower_bound") != 0))
			continue;
		rc = csv_table_number(&tab, r, (size_t)crate, false, &x, err,
				      err_len);
		if (rc != 0)
			break;
		lower |= strcmp(kind, "lower_bound") == 0;
		if (strcmp(dir, "b") == 0 || strcmp(dir, "f") == 0)
			v[CFG_FWD][nv[CFG_FWD]++] = x;
		if (strcmp(dir, "b") == 0 || strcmp(dir, "r") == 0)
			v[CFG_REV][nv[CFG_REV]++] = x;
	}
	for (d = 0; rc == 0 && d < CFG_NB_DIRS; d++) {
		if (nv[d] == 0)
			continue;
		/* RFC 8219: the median of the repeated searches */
		qsort(v[d], nv[d], sizeof(double), campaign_cmp_double);
		t->has[d] = true;
		t->fps[d] = nv[d] % 2 ? v[d][nv[d] / 2] :
			    (v[d][nv[d] / 2 - 1] + v[d][nv[d] / 2]) / 2;
		t->kind = lower ? CAMPAIGN_TPUT_LOWER_BOUND :
				  CAMPAIGN_TPUT_MEASURED;
	}
	if (rc == -ENOMEM)
		snprintf(err, err_len, "%s: no memory", path);
	free(v[0]);
	free(v[1]);
	csv_table_free(&tab);
	return rc;
}

uint64_t
campaign_tput_rate(const struct campaign_tput *t)
{
	double r = 0;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++)
		if (t->has[d] && (r == 0 || t->fps[d] < r))
			r = t->fps[d];
	return r > 0 ? (uint64_t)floor(r) : 0;
}

/* RFC 2544 26.3's sweep with the throughput T: from 100 % down in
 * step_pct steps until two successive lossless trials, T one step more
 * in its place (sweep_rates: loss_extra_fps); T does not end the sweep.
 * false: T is no rate the sweep could add (not below the maximum). */
static bool
campaign_loss_rates(struct cfg *c, uint64_t tput_fps)
{
	uint64_t top = trial_spec_max_rate_fps(c);

	c->loss_rates[0] = '\0';
	c->loss_extra_fps = 0;
	if (top == 0 || tput_fps == 0 || tput_fps >= top)
		return false;
	c->loss_extra_fps = tput_fps;
	return true;
}

int
campaign_item_cfg(const struct cfg *base, const struct campaign_plan *p,
		  const struct campaign_item *it, const char *outdir,
		  const struct campaign_tput *tp, struct cfg *out,
		  struct campaign_tput *used, char *note, size_t note_len)
{
	uint64_t given = p->given_fps[it->size_idx], rate;
	char size[IMIX_TEXT_MAX + 16];
	const char *kind;
	int n, d;

	*out = *base;
	note[0] = '\0';
	memset(used, 0, sizeof(*used));
	n = snprintf(out->outdir, sizeof(out->outdir), "%s/%s", outdir, it->dir);
	if (n < 0 || (size_t)n >= sizeof(out->outdir))
		return cfg_errf(note, note_len, "%s/%s: path too long", outdir,
				it->dir);
	/* the item's size or mix, whatever [traffic] says (as --imix) */
	out->frame_size_b = it->size_b;
	snprintf(out->imix, sizeof(out->imix), "%s", it->imix);
	out->direction = p->direction;
	out->repeat = p->repeats;
	if (!campaign_test_needs_tput(it->test))
		return 0;
	/* the file's own figure for b2b and recovery counts as given */
	if (given == 0 && it->test == CAMPAIGN_B2B && base->b2b_throughput_fps)
		given = base->b2b_throughput_fps;
	if (given == 0 && it->test == CAMPAIGN_RECOVERY &&
	    base->rec_throughput_fps)
		given = base->rec_throughput_fps;
	if (given != 0) {
		used->kind = CAMPAIGN_TPUT_GIVEN;
		for (d = 0; d < CFG_NB_DIRS; d++) {
			used->has[d] = cfg_dir_active(out, d);
			used->fps[d] = (double)given;
		}
	} else if (tp != NULL && tp->kind != CAMPAIGN_TPUT_MISSING &&
		   tp->kind != CAMPAIGN_TPUT_NULL && campaign_tput_rate(tp) > 0) {
		*used = *tp;
	} else {
		used->kind = CAMPAIGN_TPUT_MISSING;
		used->from_item = tp != NULL ? tp->from_item : 0;
	}
	rate = campaign_tput_rate(used);
	kind = used->kind == CAMPAIGN_TPUT_LOWER_BOUND ?
	       " (a lower bound: the tester limited the search)" :
	       used->kind == CAMPAIGN_TPUT_GIVEN ? " (given)" : "";
	if (used->kind == CAMPAIGN_TPUT_MISSING) {
		campaign_item_size_text(it, size, sizeof(size));
		switch (it->test) {
		case CAMPAIGN_LATENCY:
		case CAMPAIGN_PDV:
			snprintf(note, note_len, "no throughput for %s (%s): "
				 "RFC 2544 26.2 measures at the throughput rate, "
				 "skipped", size,
				 used->from_item ? "its throughput item gave none" :
				 "no throughput test in the campaign, no "
				 "[campaign] throughput_fps");
			return 1;
		case CAMPAIGN_RECOVERY:
			snprintf(note, note_len, "throughput missing: recovery "
				 "measures it first");
			out->rec_throughput_fps = 0;
			return 0;
		case CAMPAIGN_B2B:
			snprintf(note, note_len, "throughput missing: no corrected "
				 "buffer time");
			return 0;
		case CAMPAIGN_FRATE:
			snprintf(note, note_len, "throughput missing: frate "
				 "measures it first");
			out->frate_start_fps = 0;
			return 0;
		default:
			snprintf(note, note_len, "throughput missing: the loss "
				 "sweep from 100 %% down in [loss] step_pct steps");
			return 0;
		}
	}
	switch (it->test) {
	case CAMPAIGN_LATENCY:
	case CAMPAIGN_PDV:
		out->rate_fps = rate;
		snprintf(note, note_len, "at the throughput %" PRIu64 " fps%s",
			 rate, kind);
		break;
	case CAMPAIGN_RECOVERY:
		out->rec_throughput_fps = rate;
		snprintf(note, note_len, "throughput %" PRIu64 " fps%s, overload "
			 "at %u %%", rate, kind, out->rec_overload_pct);
		break;
	case CAMPAIGN_FRATE:
		/* RFC 2889 5.6.1: from the throughput up to the MOL */
		out->frate_start_fps = rate;
		snprintf(note, note_len, "forwarding rate from the throughput %"
			 PRIu64 " fps%s up", rate, kind);
		break;
	case CAMPAIGN_B2B:
		out->b2b_throughput_fps = rate;
		snprintf(note, note_len, "corrected buffer time from the "
			 "throughput %" PRIu64 " fps%s", rate, kind);
		break;
	default:
		if (campaign_key_set(base, "loss", "rates")) {
			snprintf(note, note_len, "the [loss] rates given; "
				 "throughput %" PRIu64 " fps%s", rate, kind);
		} else if (campaign_loss_rates(out, rate)) {
			snprintf(note, note_len, "loss from 100 %% down in "
				 "steps until two successive lossless trials, "
				 "the throughput %" PRIu64 " fps%s one step "
				 "more", rate, kind);
		} else {
			out->loss_rates[0] = '\0';
			snprintf(note, note_len, "throughput %" PRIu64 " fps%s: "
				 "the sweep from 100 %% down", rate, kind);
		}
		break;
	}
	return 0;
}

/* ---- wall time bound ---- */

/* Steps of a binary search over (hi - lo) to precision err at most. */
static double
campaign_search_steps(uint64_t lo, uint64_t hi, uint64_t err)
{
	double span = hi > lo ? (double)(hi - lo) : 1;

	return ceil(log2(span / (double)(err ? err : 1) + 1)) + 2;
}

double
campaign_item_bound_s(const struct cfg *c, enum campaign_test t,
		      uint64_t line_fps)
{
	double tries = 1.0 + c->max_retries, runs = c->repeat ? c->repeat : 1;
	double trial_s = c->duration_s + (c->timeout_ms + c->settle_ms) / 1e3;
	uint64_t hi = c->rate_max_fps ? c->rate_max_fps : line_fps ? line_fps :
		      cfg_line_rate_fps(c->frame_size_b, 10000);
	double search = campaign_search_steps(c->rate_min_fps, hi, c->error_fps) *
			tries * trial_s;
	double burst_fps, frames, b2b_trial_s, n_rates;
	double phase1_s = c->st.rate_fps ? (double)c->st.frames / (double)c->st.rate_fps +
			  c->st.timeout_ms / 1e3 + c->st.delay_ms / 1e3 : 0;

	switch (t) {
	case CAMPAIGN_THROUGHPUT:
		return runs * search;
	case CAMPAIGN_MLR:
		/* each goal a search at most as long */
		return runs * search * 2;
	case CAMPAIGN_LATENCY:
	case CAMPAIGN_PDV:
		return runs * tries * trial_s;
	case CAMPAIGN_LOSS:
		n_rates = 1;
		if (c->loss_rates[0] != '\0') {
			const char *q;

			for (q = c->loss_rates; *q; q++)
				n_rates += *q == ',';
		} else {
			n_rates = (c->loss_step_pct ? 100.0 / c->loss_step_pct +
				   1 : 1) + (c->loss_extra_fps > 0);
		}
		return runs * n_rates * tries * trial_s;
	case CAMPAIGN_B2B:
		burst_fps = c->b2b_burst_rate_fps ? (double)c->b2b_burst_rate_fps :
			    (double)hi;
		frames = c->b2b_max_frames ? (double)c->b2b_max_frames : burst_fps;
		b2b_trial_s = frames / (burst_fps > 0 ? burst_fps : 1) +
			      (c->b2b_drain_ms + c->timeout_ms + c->settle_ms) / 1e3;
		return runs * c->b2b_repetitions * tries * b2b_trial_s *
		       campaign_search_steps(c->b2b_min_frames, (uint64_t)frames,
					     c->b2b_precision_frames);
	case CAMPAIGN_RECOVERY:
		return runs * ((c->rec_throughput_fps ? 0 : search) +
			       tries * (c->rec_overload_s + c->rec_after_s +
					(c->timeout_ms + c->settle_ms) / 1e3));
	case CAMPAIGN_RESET:
		return runs * tries * (trial_s + c->reset_at_ms / 1e3 +
				       c->command_timeout_s);
	case CAMPAIGN_FRATE:
		/* the search when no throughput is given, then the loads from
		 * the lowest to the MOL (11 with the default step) */
		n_rates = c->frate_step_fps ? (double)(c->frate_max_fps ?
			  c->frate_max_fps : hi) / (double)c->frate_step_fps +
			  2 : 11;
		return runs * ((c->frate_start_fps ? 0 : search) +
			       n_rates * tries * trial_s);
	case CAMPAIGN_TEARDOWN:
		return runs * (tries * (phase1_s + trial_s) +
			       4.0 * c->command_timeout_s);
	default:
		/* the stateful searches: each step phase 1 and phase 2 */
		return runs * (search + campaign_search_steps(0, hi, c->error_fps) *
			       tries * phase1_s) * 2;
	}
}

/* ---- the record ---- */

static bool
campaign_set(json_t *o, const char *key, json_t *v)
{
	return v != NULL && json_object_set_new(o, key, v) == 0;
}

static json_t *
campaign_tput_json(const struct campaign_tput *t)
{
	json_t *o;

	if (t->kind == CAMPAIGN_TPUT_NULL || (!t->has[CFG_FWD] && !t->has[CFG_REV]))
		return json_null();
	o = json_object();
	if (o == NULL)
		return NULL;
	if ((t->has[CFG_FWD] && !campaign_set(o, "fwd", json_real(t->fps[CFG_FWD]))) ||
	    (t->has[CFG_REV] && !campaign_set(o, "rev", json_real(t->fps[CFG_REV])))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int
campaign_record_line(const struct campaign_record *r, char *buf, size_t len)
{
	const struct campaign_item *it = r->item;
	const char *kind = campaign_tput_kind_name(r->tput.kind);
	json_t *o = json_object();
	char when[64], *line;
	bool ok;
	int rc = 0;

	if (o == NULL)
		return -ENOMEM;
	report_format_iso8601(r->time, when, sizeof(when));
	ok = campaign_set(o, "item", json_integer(it->no)) &&
	     campaign_set(o, "of", json_integer(r->of)) &&
	     campaign_set(o, "test", json_string(campaign_test_name(it->test))) &&
	     campaign_set(o, "size", json_integer(it->size_b)) &&
	     campaign_set(o, "dir", json_string(it->dir)) &&
	     (it->imix[0] == '\0' ||
	      campaign_set(o, "imix", json_string(it->imix))) &&
	     campaign_set(o, "attempt", json_integer(r->attempt)) &&
	     campaign_set(o, "state", json_string(campaign_state_name(r->state))) &&
	     campaign_set(o, "time", json_string(when)) &&
	     campaign_set(o, "exit", r->has_exit ? json_integer(r->exit) :
			  json_null()) &&
	     campaign_set(o, "result_kind", r->result_kind ?
			  json_string(r->result_kind) : json_null()) &&
	     campaign_set(o, "throughput_fps", campaign_tput_json(&r->tput)) &&
	     campaign_set(o, "throughput_kind", kind ? json_string(kind) :
			  json_null()) &&
	     campaign_set(o, "note", json_string(r->note ? r->note : ""));
	line = ok ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	if (line == NULL)
		return -ENOMEM;
	if (strlen(line) >= len)
		rc = -ENOSPC;
	else
		memcpy(buf, line, strlen(line) + 1);
	free(line);
	return rc;
}

static const char *
campaign_direction_words(enum cfg_direction d, const char **second)
{
	*second = d == CFG_DIRECTION_BOTH ? "reverse" : NULL;
	return d == CFG_DIRECTION_REVERSE ? "reverse" : "forward";
}

/* The directions, the items and the repeats: what a resume must match. */
static json_t *
campaign_plan_json(const struct campaign_plan *p, json_t *o)
{
	json_t *sizes = json_array(), *tests = json_array(), *dirs = json_array(),
	       *items = json_array();
	const char *d1, *d2;
	bool ok = sizes && tests && dirs && items;
	unsigned i;

	/* a fixed size a number, a mix "imix:GENOME" as given */
	for (i = 0; ok && i < p->nb_sizes; i++) {
		char mix[IMIX_TEXT_MAX + 8];

		snprintf(mix, sizeof(mix), "imix:%s", p->imix[i]);
		ok = json_array_append_new(sizes, p->imix[i][0] != '\0' ?
					   json_string(mix) :
					   json_integer(p->sizes[i])) == 0;
	}
	for (i = 0; ok && i < p->nb_tests; i++)
		ok = json_array_append_new(tests,
			json_string(campaign_test_name(p->tests[i]))) == 0;
	d1 = campaign_direction_words(p->direction, &d2);
	ok = ok && json_array_append_new(dirs, json_string(d1)) == 0 &&
	     (d2 == NULL || json_array_append_new(dirs, json_string(d2)) == 0);
	for (i = 0; ok && i < p->nb_items; i++) {
		const struct campaign_item *it = &p->items[i];
		json_t *e = json_object();

		ok = e != NULL && json_array_append_new(items, e) == 0 &&
		     campaign_set(e, "item", json_integer(it->no)) &&
		     campaign_set(e, "test",
				  json_string(campaign_test_name(it->test))) &&
		     campaign_set(e, "size", json_integer(it->size_b)) &&
		     campaign_set(e, "dir", json_string(it->dir)) &&
		     (it->imix[0] == '\0' ||
		      campaign_set(e, "imix", json_string(it->imix)));
	}
	if (ok && campaign_set(o, "sizes", sizes) &&
	    campaign_set(o, "tests", tests) &&
	    campaign_set(o, "directions", dirs) &&
	    campaign_set(o, "repeats", json_integer(p->repeats)) &&
	    campaign_set(o, "items", items))
		return o;
	/* what was set belongs to o now; the rest is ours */
	if (json_object_get(o, "sizes") != sizes)
		json_decref(sizes);
	if (json_object_get(o, "tests") != tests)
		json_decref(tests);
	if (json_object_get(o, "directions") != dirs)
		json_decref(dirs);
	if (json_object_get(o, "items") != items)
		json_decref(items);
	json_decref(o);
	return NULL;
}

char *
campaign_json_text(const struct campaign_plan *p, const char *version,
		   const char *git, int argc, char *const *argv,
		   const char *config_file)
{
	json_t *o = json_object(), *cmd = json_array();
	char *text = NULL;
	bool ok = o && cmd;
	int i;

	for (i = 0; ok && i < argc; i++)
		ok = json_array_append_new(cmd, json_string(argv[i])) == 0;
	if (ok && campaign_set(o, "dutperf_version", json_string(version)) &&
	    campaign_set(o, "git", json_string(git)) &&
	    campaign_set(o, "command_line", cmd) &&
	    campaign_set(o, "config_file", config_file && *config_file ?
			 json_string(config_file) : json_null())) {
		o = campaign_plan_json(p, o);
		if (o != NULL)
			text = json_dumps(o, JSON_INDENT(1));
		json_decref(o);
		return text;
	}
	if (json_object_get(o, "command_line") != cmd)
		json_decref(cmd);
	json_decref(o);
	return NULL;
}

int
campaign_json_check(const char *path, const struct campaign_plan *p, char *err,
		    size_t err_len)
{
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je), *mine, *k;
	const char *keys[] = { "repeats", "directions", "items" };
	unsigned i;
	int rc = 0;

	if (j == NULL)
		return cfg_errf(err, err_len, "%s: not readable JSON: %s (line %d)",
				path, je.text, je.line);
	mine = campaign_plan_json(p, json_object());
	if (mine == NULL) {
		json_decref(j);
		return cfg_errf_rc(-ENOMEM, err, err_len, "no memory");
	}
	for (i = 0; rc == 0 && i < sizeof(keys) / sizeof(keys[0]); i++) {
		k = json_object_get(j, keys[i]);
		if (k == NULL || !json_equal(k, json_object_get(mine, keys[i]))) {
			char *theirs = k ? json_dumps(k, JSON_COMPACT) : NULL;

			rc = cfg_errf(err, err_len, "%s: the campaign there has "
				      "other %s (%.120s%s) than this configuration: "
				      "resume it with its own, or another -o",
				      path, keys[i], theirs ? theirs : "none",
				      theirs && strlen(theirs) > 120 ? "..." : "");
			free(theirs);
		}
	}
	json_decref(mine);
	json_decref(j);
	return rc;
}

static enum campaign_state
campaign_state_of(const char *s)
{
	unsigned i;

	for (i = CAMPAIGN_RUNNING; i < CAMPAIGN_NB_STATES; i++)
		if (strcmp(s, campaign_state_names[i]) == 0)
			return (enum campaign_state)i;
	return CAMPAIGN_NOT_STARTED;
}

/* One record line into st[]; -EINVAL with err. */
static int
campaign_status_line(const char *path, unsigned long no, const char *line,
		     const struct campaign_plan *p, struct campaign_status *st,
		     char *err, size_t err_len)
{
	json_error_t je;
	json_t *j = json_loads(line, 0, &je), *tp;
	const char *test, *dir, *state, *kind;
	json_int_t item, size, attempt;
	struct campaign_status *s;
	const struct campaign_item *it;
	int rc = 0;

	if (j == NULL)
		return cfg_errf(err, err_len, "%s:%lu: not a JSON record: %s", path,
				no, je.text);
	if (json_unpack(j, "{s:I,s:s,s:I,s:s,s:I,s:s}", "item", &item, "test",
			&test, "size", &size, "dir", &dir, "attempt", &attempt,
			"state", &state) != 0) {
		json_decref(j);
		return cfg_errf(err, err_len, "%s:%lu: a record without item, "
				"test, size, dir, attempt and state", path, no);
	}
	it = item >= 1 && (json_int_t)p->nb_items >= item ? &p->items[item - 1] :
	     NULL;
	if (it == NULL || strcmp(test, campaign_test_name(it->test)) != 0 ||
	    size != it->size_b || strcmp(dir, it->dir) != 0)
		rc = cfg_errf(err, err_len, "%s:%lu: item %" JSON_INTEGER_FORMAT
			      " (%s) is not in this campaign's plan", path, no,
			      item, dir);
	else if (campaign_state_of(state) == CAMPAIGN_NOT_STARTED || attempt < 1)
		rc = cfg_errf(err, err_len, "%s:%lu: state \"%s\", attempt %"
			      JSON_INTEGER_FORMAT ": not a record's", path, no,
			      state, attempt);
	if (rc != 0) {
		json_decref(j);
		return rc;
	}
	s = &st[item - 1];
	s->state = campaign_state_of(state);
	s->attempt = (unsigned)attempt;
	memset(&s->tput, 0, sizeof(s->tput));
	kind = json_string_value(json_object_get(j, "throughput_kind"));
	tp = json_object_get(j, "throughput_fps");
	if (kind != NULL) {
		s->tput.kind = strcmp(kind, "measured") == 0 ? CAMPAIGN_TPUT_MEASURED :
			strcmp(kind, "lower_bound") == 0 ? CAMPAIGN_TPUT_LOWER_BOUND :
			strcmp(kind, "given") == 0 ? CAMPAIGN_TPUT_GIVEN :
			CAMPAIGN_TPUT_MISSING;
		s->tput.from_item = it->no;
	}
	if (json_is_object(tp)) {
		json_t *f = json_object_get(tp, "fwd"), *r = json_object_get(tp, "rev");

		s->tput.has[CFG_FWD] = json_is_number(f);
		s->tput.fps[CFG_FWD] = json_number_value(f);
		s->tput.has[CFG_REV] = json_is_number(r);
		s->tput.fps[CFG_REV] = json_number_value(r);
	}
	json_decref(j);
	return 0;
}

int
campaign_read_status(const char *path, const struct campaign_plan *p,
		     struct campaign_status *st, char *err, size_t err_len)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned long no = 0;
	int rc = 0;

	memset(st, 0, p->nb_items * sizeof(*st));
	if (f == NULL)
		return errno == ENOENT ? 0 :
		       cfg_errf_rc(-errno, err, err_len, "%s: %s", path,
				   strerror(errno));
	while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
		no++;
		/* a last line cut by a crash: not a record */
		if (line[n - 1] != '\n')
			break;
		line[n - 1] = '\0';
		if (line[0] == '\0')
			continue;
		rc = campaign_status_line(path, no, line, p, st, err, err_len);
	}
	free(line);
	fclose(f);
	return rc;
}

bool
campaign_resume_runs(const struct campaign_status *st, unsigned *attempt)
{
	*attempt = st->attempt + 1;
	return st->state != CAMPAIGN_DONE && st->state != CAMPAIGN_SKIPPED;
}

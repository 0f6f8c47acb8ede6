/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dut: the plan of [dut] (its checks name the file, section, key and
 * value), the counters' deltas over a trial (dut.csv's rows) and the
 * criterion's verdict (dut.h, docs/dut.md).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/dut.h"

#define DUT_LEAD_LEN (CFG_PATH_LEN + 1200)

static const char *
dut_blame(const struct cfg *c, const char *key, char *buf, size_t len)
{
	return cfg_key_blame(c, "dut", key, buf, len);
}

/* "NAME: COMMAND" of slot k into o. */
static int
dut_obs_parse(const struct cfg *c, unsigned k, struct dut_obs *o, char *err,
	      size_t err_len)
{
	const struct cfg_dut_obs *co = &c->dut.obs[k];
	char key[16], lead[DUT_LEAD_LEN];
	const char *s = co->spec, *cmd;
	size_t n;

	snprintf(key, sizeof(key), "obs%u", k + 1);
	n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		   "0123456789_-");
	if (n == 0 || s[n] != ':')
		return cfg_errf(err, err_len, "%s: not NAME: COMMAND (NAME of "
				"letters, digits, _ and -)",
				dut_blame(c, key, lead, sizeof(lead)));
	if (n >= DUT_NAME_LEN)
		return cfg_errf(err, err_len, "%s: the name is longer than %d "
				"characters", dut_blame(c, key, lead, sizeof(lead)),
				DUT_NAME_LEN - 1);
	cmd = s + n + 1;
	while (*cmd == ' ' || *cmd == '\t')
		cmd++;
	if (*cmd == '\0')
		return cfg_errf(err, err_len, "%s: no command after the name",
				dut_blame(c, key, lead, sizeof(lead)));
	memset(o, 0, sizeof(*o));
	memcpy(o->name, s, n);
	o->name[n] = '\0';
	o->cmd = cmd;
	o->when = (enum dut_when)co->when;
	o->trials = (enum dut_trials)co->trials;
	o->parser = (enum dut_parser)co->parser;
	o->slot = k + 1;
	if (o->parser != DUT_PARSER_NONE && o->when != DUT_WHEN_SNAPSHOT) {
		snprintf(key, sizeof(key), "obs%u_parser", k + 1);
		return cfg_errf(err, err_len, "%s: a parser reads the counters "
				"of a snapshot, and obs%u_when is %s (parser none "
				"keeps its output only)",
				dut_blame(c, key, lead, sizeof(lead)), k + 1,
				o->when == DUT_WHEN_DURING ? "during" : "search");
	}
	return 0;
}

/* "OBS.COUNTER [<= N]" */
static int
dut_criterion_parse(const struct cfg *c, struct dut_plan *p, char *err,
		    size_t err_len)
{
	const char *s = c->dut.criterion, *dot, *le, *q;
	char lead[DUT_LEAD_LEN], name[DUT_NAME_LEN], *end;
	const struct dut_obs *o = NULL;
	unsigned i;
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0')
		return 0;
	dut_blame(c, "criterion", lead, sizeof(lead));
	dot = strchr(s, '.');
	if (dot == NULL || dot == s || (size_t)(dot - s) >= DUT_NAME_LEN)
		return cfg_errf(err, err_len, "%s: not OBS.COUNTER [<= N] (OBS "
				"an observation's name)", lead);
	memcpy(name, s, (size_t)(dot - s));
	name[dot - s] = '\0';
	for (i = 0; i < p->nb; i++)
		if (strcmp(p->obs[i].name, name) == 0)
			o = &p->obs[i];
	if (o == NULL)
		return cfg_errf(err, err_len, "%s: no observation named %s "
				"([dut] obsN = %s: COMMAND)", lead, name, name);
	le = strstr(dot, "<=");
	n = strcspn(dot + 1, " \t<");
	if (n == 0 || n >= DUT_COUNTER_LEN)
		return cfg_errf(err, err_len, "%s: no counter name after %s.",
				lead, name);
	q = dot + 1 + n;
	while (*q == ' ' || *q == '\t')
		q++;
	if (*q != '\0' && q != le)
		return cfg_errf(err, err_len, "%s: not OBS.COUNTER [<= N]", lead);
	p->crit_max = 0;
	if (le != NULL) {
		q = le + 2;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q < '0' || *q > '9')
			return cfg_errf(err, err_len, "%s: N of <= N is not an "
					"unsigned integer", lead);
		errno = 0;
		p->crit_max = strtoull(q, &end, 10);
		while (*end == ' ' || *end == '\t')
			end++;
		if (errno != 0 || *end != '\0')
			return cfg_errf(err, err_len, "%s: N of <= N is not an "
					"unsigned integer", lead);
	}
	if (o->when != DUT_WHEN_SNAPSHOT || o->parser == DUT_PARSER_NONE ||
	    o->trials != DUT_TRIALS_ALL)
		return cfg_errf(err, err_len, "%s: observation %s must be a parsed "
				"snapshot of every trial (obs%u_when = snapshot, "
				"obs%u_parser not none, obs%u_trials = all)", lead,
				name, o->slot, o->slot, o->slot);
	p->criterion = true;
	p->crit_obs = (unsigned)(o - p->obs);
	snprintf(p->crit_counter, sizeof(p->crit_counter), "%.*s", (int)n,
		 dot + 1);
	snprintf(p->crit_text, sizeof(p->crit_text), "%s.%s <= %" PRIu64,
		 name, p->crit_counter, p->crit_max);
	return 0;
}

int
dut_plan_from_cfg(struct dut_plan *p, const struct cfg *c, char *err,
		  size_t err_len)
{
	char lead[DUT_LEAD_LEN], key[16];
	unsigned k, i;
	int rc;

	memset(p, 0, sizeof(*p));
	p->max_output_b = (size_t)c->dut.max_output_kb * 1024;
	p->required = c->dut.required;
	p->timeout_s = c->command_timeout_s;
	for (k = 0; k < CFG_DUT_OBS; k++) {
		if (c->dut.obs[k].spec[0] == '\0')
			continue;
		rc = dut_obs_parse(c, k, &p->obs[p->nb], err, err_len);
		if (rc != 0)
			return rc;
		for (i = 0; i < p->nb; i++)
			if (strcmp(p->obs[i].name, p->obs[p->nb].name) == 0) {
				snprintf(key, sizeof(key), "obs%u", k + 1);
				return cfg_errf(err, err_len, "%s: the name %s is "
						"obs%u's too",
						dut_blame(c, key, lead, sizeof(lead)),
						p->obs[i].name, p->obs[i].slot);
			}
		p->nb++;
	}
	return dut_criterion_parse(c, p, err, err_len);
}

int
dut_check(const struct cfg *c, char *err, size_t err_len)
{
	struct dut_plan p;

	return dut_plan_from_cfg(&p, c, err, err_len) != 0 ? -EINVAL : 0;
}

bool
dut_obs_in(const struct dut_obs *o, bool telemetry)
{
	return o->when != DUT_WHEN_SEARCH &&
	       (telemetry || o->trials == DUT_TRIALS_ALL);
}

bool
dut_plan_telemetry(const struct dut_plan *p)
{
	unsigned i;

	for (i = 0; i < p->nb; i++)
		if (p->obs[i].when != DUT_WHEN_SEARCH &&
		    p->obs[i].trials == DUT_TRIALS_RESULT)
			return true;
	return false;
}

bool
dut_plan_every_trial(const struct dut_plan *p)
{
	unsigned i;

	for (i = 0; i < p->nb; i++)
		if (dut_obs_in(&p->obs[i], false))
			return true;
	return false;
}

/* ----------------------------------------------------------------- deltas */

/* "cpuN.busy" (or "cpu.busy"): the cpuN prefix length, else 0. */
static size_t
dut_cpu_busy(const char *name)
{
	size_t n = strlen(name), i;

	if (n < 8 || strcmp(name + n - 5, ".busy") != 0 ||
	    strncmp(name, "cpu", 3) != 0)
		return 0;
	for (i = 3; i < n - 5; i++)
		if (!isdigit((unsigned char)name[i]))
			return 0;
	return n - 5;
}

int
dut_deltas(struct dut_row *row, const struct dut_counters *before,
	   const struct dut_counters *after, double interval_s,
	   int (*row_fn)(const struct dut_row *row, void *arg), void *arg)
{
	const struct dut_counter *b, *bi, *ai;
	char idle[DUT_COUNTER_LEN];
	size_t i, pre;
	double busy, free_;
	int rc;

	for (i = 0; i < after->n; i++) {
		b = dut_counters_find(before, after->v[i].name);
		if (b == NULL)
			continue;
		row->counter = after->v[i].name;
		row->has_values = true;
		row->error = "";
		row->before = b->value;
		row->after = after->v[i].value;
		row->delta = row->after >= row->before ?
			(double)(row->after - row->before) :
			-(double)(row->before - row->after);
		row->interval_s = interval_s;
		row->rate_per_s = interval_s > 0 ? row->delta / interval_s : 0;
		row->has_busy = false;
		row->busy_pct = 0;
		pre = dut_cpu_busy(row->counter);
		if (pre > 0) {
			snprintf(idle, sizeof(idle), "%.*s.idle", (int)pre,
				 row->counter);
			bi = dut_counters_find(before, idle);
			ai = dut_counters_find(after, idle);
			if (bi != NULL && ai != NULL && ai->value >= bi->value &&
			    row->delta >= 0) {
				busy = row->delta;
				free_ = (double)(ai->value - bi->value);
				row->has_busy = busy + free_ > 0;
				row->busy_pct = row->has_busy ?
					100.0 * busy / (busy + free_) : 0;
			}
		}
		rc = row_fn(row, arg);
		if (rc != 0)
			return rc;
	}
	return 0;
}

int
dut_criterion_judge(const struct dut_plan *p,
		    const struct dut_counters *before,
		    const struct dut_counters *after, double *delta, bool *ok,
		    char *err, size_t err_len)
{
	const struct dut_counter *b, *a;

	b = dut_counters_find(before, p->crit_counter);
	a = dut_counters_find(after, p->crit_counter);
	if (a == NULL || b == NULL) {
		snprintf(err, err_len, "[dut] criterion = \"%s\": observation %s "
			 "printed no counter %s %s the trial (see its output "
			 "in dut/)", p->crit_text, p->obs[p->crit_obs].name,
			 p->crit_counter, b == NULL ? "before" : "after");
		return -ENOENT;
	}
	*delta = a->value >= b->value ? (double)(a->value - b->value) :
					-(double)(b->value - a->value);
	*ok = *delta <= (double)p->crit_max;
	return 0;
}

/* --------------------------------------------------------------- dut.csv */

static const struct report_col dut_cols[] = {
	REPORT_COL_U32("trial", "", struct dut_row, trial),
	REPORT_COL_U32("search", "", struct dut_row, search),
	REPORT_COL_U32("iteration", "", struct dut_row, iteration),
	REPORT_COL_TEXT("phase", struct dut_row, phase),
	REPORT_COL_U64("rate_fps", "fps", struct dut_row, rate_fps),
	REPORT_COL_TEXT("observation", struct dut_row, observation),
	REPORT_COL_TEXT("counter", struct dut_row, counter),
	REPORT_COL_U64_IF("before", "", struct dut_row, before, has_values),
	REPORT_COL_U64_IF("after", "", struct dut_row, after, has_values),
	REPORT_COL_DOUBLE_IF("delta", "", 0, struct dut_row, delta, has_values),
	REPORT_COL_DOUBLE_IF("interval_s", "s", 3, struct dut_row, interval_s,
			     has_values),
	/* per second ("_s" names a duration) */
	REPORT_COL_DOUBLE_IF("rate_per_second", "", 1, struct dut_row,
			     rate_per_s, has_values),
	REPORT_COL_DOUBLE_IF("busy_pct", "pct", 1, struct dut_row, busy_pct,
			     has_busy),
	REPORT_COL_REASON("error", struct dut_row, error),
};

const struct report_table dut_table = REPORT_TABLE(",", dut_cols);

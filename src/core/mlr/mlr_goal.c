/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mlr_goal: MLRsearch (RFC 9971) search goals: the presets, the checks,
 * the goal strings of --goal and [mlr] goals, and the phases of a goal
 * (shorter trials first, docs/mlrsearch.md).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "dutperf/mlr.h"

/* -------------------------------------------------------------- goals */

static const struct mlr_goal mlr_presets[] = {
	/* FD.io CSIT's NDR and PDR */
	{ "ndr", 1000, 21000, 0.0, 0.5, 0.005, 1000 },
	{ "pdr", 1000, 21000, 0.005, 0.5, 0.005, 1000 },
	/* RFC 2544 26.1 / 24: one 60 s trial, zero loss */
	{ "rfc2544", 60000, 60000, 0.0, 0.0, 0.005, 1000 },
	/* ETSI NFV-TST 009 binary search with loss verification: a failed
	 * 60 s trial is repeated once, the load passes when the repeat does */
	{ "tst009", 60000, 120000, 0.0, 0.5, 0.005, 1000 },
};

#define MLR_NB_PRESETS (sizeof(mlr_presets) / sizeof(mlr_presets[0]))

#define MLR_MAX_GOAL_MS (86400u * 1000u)

int
mlr_goal_check(const struct mlr_goal *g, char *err, size_t err_len)
{
	const char *what = NULL;

	if (!(g->loss_ratio >= 0.0 && g->loss_ratio < 1.0))
		what = "loss ratio must be in [0, 1)";
	else if (!(g->exceed_ratio >= 0.0 && g->exceed_ratio < 1.0))
		what = "exceed ratio must be in [0, 1)";
	else if (!(g->width > 0.0 && g->width < 1.0))
		what = "width must be in (0, 1)";
	else if (g->final_ms == 0 || g->final_ms > MLR_MAX_GOAL_MS)
		what = "final trial duration must be in (0, 86400] s";
	else if (g->sum_ms < g->final_ms || g->sum_ms > 10 * MLR_MAX_GOAL_MS)
		what = "duration sum must be at least the final trial duration "
		       "(and at most 864000 s)";
	else if (g->initial_ms == 0 || g->initial_ms > g->final_ms)
		what = "initial trial duration must be in (0, final]";
	if (what == NULL)
		return 0;
	return cfg_errf(err, err_len, "goal %s: %s", g->name, what);
}

void
mlr_goal_describe(const struct mlr_goal *g, char *buf, size_t len)
{
	snprintf(buf, len, "%s: loss %g exceed %g final %g s sum %g s width %g "
		 "initial %g s", g->name, g->loss_ratio, g->exceed_ratio,
		 g->final_ms / 1000.0, g->sum_ms / 1000.0, g->width,
		 g->initial_ms / 1000.0);
}

/* Set key=val of g; *explicit_sum when the duration sum was given. */
static int
goal_set(struct mlr_goal *g, const char *key, const char *val,
	 bool *explicit_sum, char *err, size_t err_len)
{
	char *end;
	double v;

	if (strcmp(key, "name") == 0) {
		if (val[0] == '\0' || strlen(val) >= sizeof(g->name))
			goto bad;
		snprintf(g->name, sizeof(g->name), "%s", val);
		return 0;
	}
	v = strtod(val, &end);
	if (val[0] == '\0' || *end != '\0' || !isfinite(v) || v < 0.0)
		goto bad;
	if (strcmp(key, "loss") == 0) {
		g->loss_ratio = v;
	} else if (strcmp(key, "exceed") == 0) {
		g->exceed_ratio = v;
	} else if (strcmp(key, "width") == 0) {
		g->width = v;
	} else if (strcmp(key, "final") == 0 || strcmp(key, "sum") == 0 ||
		   strcmp(key, "initial") == 0) {
		if (v * 1000.0 > 10.0 * MLR_MAX_GOAL_MS)
			goto bad;
		if (key[0] == 'f')
			g->final_ms = (uint32_t)llround(v * 1000.0);
		else if (key[0] == 's')
			g->sum_ms = (uint32_t)llround(v * 1000.0);
		else
			g->initial_ms = (uint32_t)llround(v * 1000.0);
		if (key[0] == 's')
			*explicit_sum = true;
	} else {
		return cfg_errf(err, err_len, "goal key '%s' unknown (loss, "
				"exceed, final, sum, width, initial, name)", key);
	}
	return 0;
bad:
	return cfg_errf(err, err_len, "goal %s=%s: bad value", key, val);
}

static const struct mlr_goal *
preset_find(const char *name)
{
	size_t i;

	for (i = 0; i < MLR_NB_PRESETS; i++)
		if (strcmp(mlr_presets[i].name, name) == 0)
			return &mlr_presets[i];
	return NULL;
}

/* Close goal g (the last parsed): default sum, then check it. */
static int
goal_close(struct mlr_goal *g, bool explicit_sum, char *err, size_t err_len)
{
	if (!explicit_sum && g->sum_ms < g->final_ms)
		g->sum_ms = g->final_ms;
	if (g->initial_ms > g->final_ms)
		g->initial_ms = g->final_ms;
	return mlr_goal_check(g, err, err_len);
}

int
mlr_goals_parse(const char *s, struct mlr_goal *goals, unsigned *nb,
		char *err, size_t err_len)
{
	char tok[128], *eq;
	const struct mlr_goal *preset;
	struct mlr_goal *cur = NULL;
	bool explicit_sum = false;
	size_t len;
	int rc;

	*nb = 0;
	while (*s != '\0') {
		len = strcspn(s, ",; \t");
		if (len == 0) {
			if (*s != ',' && cur != NULL) {
				rc = goal_close(cur, explicit_sum, err, err_len);
				if (rc != 0)
					return rc;
				cur = NULL;
			}
			s++;
			continue;
		}
		if (len >= sizeof(tok))
			return cfg_errf(err, err_len,
					"goal token too long: %.20s...", s);
		memcpy(tok, s, len);
		tok[len] = '\0';
		s += len;
		eq = strchr(tok, '=');
		preset = eq == NULL ? preset_find(tok) : NULL;
		if (eq == NULL && preset == NULL)
			return cfg_errf(err, err_len, "goal '%s' unknown (presets: "
					"ndr, pdr, rfc2544, tst009; or key=value)",
					tok);
		if (preset != NULL || cur == NULL) {
			if (cur != NULL) {
				rc = goal_close(cur, explicit_sum, err, err_len);
				if (rc != 0)
					return rc;
			}
			if (*nb >= MLR_MAX_GOALS)
				return cfg_errf(err, err_len, "more than %d goals",
						MLR_MAX_GOALS);
			cur = &goals[(*nb)++];
			*cur = preset != NULL ? *preset : mlr_presets[0];
			explicit_sum = false;
			if (preset == NULL)
				snprintf(cur->name, sizeof(cur->name), "goal%u",
					 *nb);
		}
		if (eq != NULL) {
			*eq = '\0';
			rc = goal_set(cur, tok, eq + 1, &explicit_sum, err,
				      err_len);
			if (rc != 0)
				return rc;
		}
	}
	if (cur != NULL) {
		rc = goal_close(cur, explicit_sum, err, err_len);
		if (rc != 0)
			return rc;
	}
	if (*nb == 0)
		return cfg_errf(err, err_len, "no goal given");
	return 0;
}

/* ------------------------------------------------------------- phases */

unsigned
mlr_phases(const struct mlr_goal *g)
{
	unsigned k = 0;

	if (g->initial_ms < g->final_ms)
		k = (unsigned)ceil(log2((double)g->final_ms / g->initial_ms));
	if (k == 0 && g->sum_ms > g->final_ms)
		k = 1;
	return k;
}

void
mlr_phase_goal(const struct mlr_goal *g, unsigned k, struct mlr_goal *out)
{
	unsigned nb = mlr_phases(g);
	double ms = g->final_ms;

	*out = *g;
	if (k >= nb)
		return;
	if (g->initial_ms < g->final_ms)
		ms = g->initial_ms * pow((double)g->final_ms / g->initial_ms,
					 (double)k / nb);
	out->final_ms = (uint32_t)llround(ms);
	if (out->final_ms == 0)
		out->final_ms = 1;
	out->sum_ms = out->final_ms;
	out->initial_ms = out->final_ms;
	out->width = g->width * ldexp(1.0, (int)(nb - k));
	if (out->width > 0.5)
		out->width = 0.5;
}

/* [mlr] goals, when set: an MLRsearch goal list (mlr.h); empty is left to
 * mode mlr, the only one that needs goals. */
int
mlr_cfg_check(const struct cfg *c, char *err, size_t err_len)
{
	struct mlr_goal goals[MLR_MAX_GOALS];
	char why[256];
	unsigned nb;
	const char *pre = c->path[0] != '\0' ? c->path : "";
	const char *colon = c->path[0] != '\0' ? ": " : "";

	if (c->mlr_goals[0] == '\0' ||
	    mlr_goals_parse(c->mlr_goals, goals, &nb, why, sizeof(why)) == 0)
		return 0;
	return cfg_errf(err, err_len, "%s%s[mlr] goals = \"%s\": %s", pre,
			colon, c->mlr_goals, why);
}

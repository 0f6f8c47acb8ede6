/* SPDX-License-Identifier: BSD-3-Clause */
/* dutwatch: a DUT that went away, told from one that fails (dutwatch.h). */
#include <string.h>

#include "dutperf/dutwatch.h"

void
dutwatch_init(struct dutwatch *w, const struct dutwatch_params *p)
{
	memset(w, 0, sizeof(*w));
	w->p = *p;
}

bool
dutwatch_dead(const struct report_trial *r)
{
	uint64_t planned = 0;
	int d;

	if (r->verdict != VERDICT_FAIL && r->verdict != VERDICT_INVALID)
		return false;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct verdict_dir *v = &r->dir[d].v;

		if (!r->dir[d].active)
			continue;
		if (v->received != 0 || v->late != 0 || v->duplicates != 0)
			return false;
		planned += v->planned;
	}
	return planned > 0;
}

uint64_t
dutwatch_away_ms(const struct dutwatch *w, uint64_t now_ms)
{
	return w->away && now_ms > w->dead_ms ? now_ms - w->dead_ms : 0;
}

/* The DUT is away (since the first dead trial): wait, or it is gone. */
static enum dutwatch_step
dutwatch_outage(struct dutwatch *w, uint64_t now_ms)
{
	w->away = true;
	if (w->p.wait_ms == 0) {
		if (w->repeats >= w->p.max_retries)
			return DUTWATCH_GONE;
		w->repeats++;
		return DUTWATCH_REPEAT;
	}
	return dutwatch_away_ms(w, now_ms) >= w->p.wait_ms ? DUTWATCH_GONE :
							     DUTWATCH_WAIT;
}

/* A sender fell behind its schedule beyond the limit: it aborted the
 * trial, which says nothing about the DUT. */
static bool
dutwatch_tester_aborted(const struct dutwatch *w, const struct report_trial *r)
{
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++)
		if (r->dir[d].active && r->dir[d].v.max_lag_ns > w->p.max_lag_ns)
			return true;
	return false;
}

enum dutwatch_step
dutwatch_trial(struct dutwatch *w, const struct report_trial *r,
	       bool links_up, uint64_t now_ms)
{
	w->link_down = !links_up;
	if (!dutwatch_dead(r)) {
		if (w->away)
			w->outages++;
		w->away = false;
		w->repeats = 0;
		return DUTWATCH_RECORD;
	}
	if (links_up && !w->away && dutwatch_tester_aborted(w, r))
		return DUTWATCH_RECORD;
	w->dead_trials++;
	if (!w->away)
		w->dead_ms = now_ms;
	if (links_up && !w->away)
		return w->p.wait_ms == 0 ? DUTWATCH_RECORD : DUTWATCH_PROBE;
	return dutwatch_outage(w, now_ms);
}

enum dutwatch_step
dutwatch_probe(struct dutwatch *w, const struct report_trial *probe,
	       uint64_t now_ms)
{
	w->link_down = probe == NULL;
	if (probe != NULL) {
		w->probes++;
		if (probe->verdict == VERDICT_PASS) {
			if (!w->away)
				return DUTWATCH_RECORD;
			/* back: the dead trial again; a dead repeat starts
			 * a new outage */
			w->away = false;
			w->repeats = 0;
			w->outages++;
			return DUTWATCH_REPEAT;
		}
	}
	if (w->p.wait_ms == 0)
		return DUTWATCH_GONE;	/* not asked for without a wait */
	w->away = true;
	return dutwatch_away_ms(w, now_ms) >= w->p.wait_ms ? DUTWATCH_GONE :
							     DUTWATCH_WAIT;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli_estimate: how long a run of the checked configuration takes at
 * most, by docs/real-testbed.md's rule
 *
 *     trials x (duration + timeout + settle) x repeats
 *
 * printed by --check as an INI comment (the output stays loadable).  The
 * trials of a run are the procedure's own count (search_remaining of a
 * fresh search: every rate's retries of invalid trials included), or
 * one trial, or the sweep's steps; modes whose trial count depends on
 * what the DUT does (mlr, b2b, cttc, teardown, campaign) are not
 * estimated.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cli.h"
#include "dutperf/search.h"
#include "dutperf/trial_spec.h"

/* The binary search's trials at most: (every rate without, with retries) */
static void
est_search(const struct cfg *c, uint32_t *plain, uint32_t *most)
{
	struct search_params sp;
	struct search s;

	trial_spec_search_params(c, &sp);
	*plain = *most = 0;
	if (search_init(&s, &sp) != 0)
		return;
	*most = search_remaining(&s);
	sp.max_retries = 0;
	if (search_init(&s, &sp) == 0)
		*plain = search_remaining(&s);
}

static int
est_line(char *buf, size_t len, uint32_t trials, uint32_t most,
	 uint64_t trial_ms, const struct cfg *c, uint32_t repeats,
	 uint64_t extra_ms)
{
	uint64_t step_ms = trial_ms + c->timeout_ms + c->settle_ms;
	uint64_t s = ((uint64_t)trials * step_ms * repeats + extra_ms + 999) / 1000;
	uint64_t s_most = ((uint64_t)most * step_ms * repeats + extra_ms + 999) / 1000;
	char retries[96] = "";

	if (most > trials)
		snprintf(retries, sizeof(retries), "; up to %" PRIu32 " trials, "
			 "%" PRIu64 " s, if every rate needs every retry", most,
			 s_most);
	return snprintf(buf, len, "; estimated run time: %" PRIu32 " trial(s) x "
			"(%" PRIu64 " ms + timeout %" PRIu32 " ms + settle %"
			PRIu32 " ms) x %" PRIu32 " run(s)%s = %" PRIu64 " s "
			"(%" PRIu64 " h %02" PRIu64 " min)%s",
			trials, trial_ms, c->timeout_ms, c->settle_ms, repeats,
			extra_ms ? " + the last trial" : "", s, s / 3600,
			s / 60 % 60, retries);
}

int
cli_estimate(const struct cli_mode *m, const struct cfg *c, char *buf,
	     size_t len)
{
	uint64_t trial_ms = (uint64_t)c->duration_s * 1000, rates[256];
	uint32_t plain, most, repeats = c->repeat ? c->repeat : 1;
	const char *n = m->name;
	char err[CFG_ERR_LEN];
	int k;

	if (strcmp(n, "trial") == 0 || strcmp(n, "monitor") == 0)
		return est_line(buf, len, 1, 1, trial_ms, c, 1, 0);
	if (strcmp(n, "latency") == 0 || strcmp(n, "pdv") == 0 ||
	    strcmp(n, "reset") == 0)
		return est_line(buf, len, 1, 1, trial_ms, c, repeats, 0);
	if (strcmp(n, "throughput") == 0 || strcmp(n, "stateful") == 0 ||
	    strcmp(n, "connrate") == 0) {
		est_search(c, &plain, &most);
		return est_line(buf, len, plain, most, trial_ms, c, repeats, 0);
	}
	if (strcmp(n, "recovery") == 0) {
		/* the search first when no throughput is given, then one
		 * trial of overload_s + after_s (RFC 2544 26.5) */
		plain = most = 0;
		if (c->rec_throughput_fps == 0)
			est_search(c, &plain, &most);
		return est_line(buf, len, plain, most, trial_ms, c, repeats,
				(uint64_t)repeats * ((uint64_t)(c->rec_overload_s +
				c->rec_after_s) * 1000 + c->timeout_ms +
				c->settle_ms));
	}
	if (strcmp(n, "loss") == 0) {
		/* RFC 2544 26.3: 100 % down in steps (at most 100 / step),
		 * or the explicit rates */
		k = cfg_loss_rates(c, rates, sizeof(rates) / sizeof(rates[0]),
				   err, sizeof(err));
		plain = k > 0 ? (uint32_t)k :
			(100 + c->loss_step_pct - 1) / c->loss_step_pct;
		return est_line(buf, len, plain, plain, trial_ms, c, repeats, 0);
	}
	return snprintf(buf, len, "; estimated run time: not estimated for mode "
			"%s (its trials depend on the DUT; the rule: trials x "
			"(duration + timeout + settle) x repeats)", n);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* sweep: RFC 2544 26.3 frame loss rate over a series of offered rates. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/sweep.h"

int
sweep_rates(const struct cfg *c, uint64_t *out, uint32_t max, bool *stepped,
	    char *err, size_t err_len)
{
	uint64_t top, step, floor_fps, down;
	uint32_t n;
	int k;

	k = cfg_loss_rates(c, out, max, err, err_len);
	if (k < 0)
		return k;
	if (k > 0) {
		if ((uint32_t)k > max)
			return cfg_errf(err, err_len, "[loss] rates: %d rates, at "
					"most %u", k, max);
		*stepped = false;
		return k;
	}
	*stepped = true;
	/* RFC 2544 26.3: 100 % of the maximum, then steps of at most 10 % */
	top = trial_spec_max_rate_fps(c);
	step = top * c->loss_step_pct / 100;
	step = step ? step : 1;
	floor_fps = c->rate_min_fps ? c->rate_min_fps : 1;
	for (n = 0; n <= 100 / c->loss_step_pct && n < max; n++) {
		down = step * n;
		if (down >= top || top - down < floor_fps)
			break;
		out[n] = top - down;
	}
	if (n == 0)
		return cfg_errf(err, err_len, "[loss]: no rate to offer (maximum %"
				PRIu64 " fps, rate_min_fps %" PRIu64 ")", top,
				c->rate_min_fps);
	/* a carried throughput is one step more, in its place: it does not
	 * end the sweep (RFC 2544 26.3: two successive lossless trials) */
	if (c->loss_extra_fps > 0 && c->loss_extra_fps < top &&
	    c->loss_extra_fps >= floor_fps && n < max) {
		uint32_t at = 0, i;

		while (at < n && out[at] > c->loss_extra_fps)
			at++;
		if (at == n || out[at] != c->loss_extra_fps) {
			for (i = n; i > at; i--)
				out[i] = out[i - 1];
			out[at] = c->loss_extra_fps;
			n++;
		}
	}
	return (int)n;
}

void
sweep_start(struct sweep *s, const struct trial_spec *base,
	    const uint64_t *rates, uint32_t nb, bool stepped)
{
	memset(s, 0, sizeof(*s));
	s->base = *base;
	s->rates = rates;
	s->nb_rates = nb;
	s->stepped = stepped;
	s->done = nb == 0;
}

static bool
sweep_next(void *state, struct trial_spec *spec)
{
	struct sweep *s = state;

	if (s->done)
		return false;
	*spec = s->base;
	trial_spec_set_rate(spec, s->rates[s->step]);
	return true;
}

static void
sweep_record(void *state, const struct trial_spec *spec,
	     const struct report_trial *r)
{
	struct sweep *s = state;
	bool lossless = true;
	int d;

	(void)spec;
	if (s->done)
		return;
	if (r->verdict == VERDICT_INTERRUPTED) {
		s->interrupted = s->done = true;
		return;
	}
	s->step++;
	if (r->verdict == VERDICT_INVALID)
		s->invalid++;
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (r->dir[d].active && r->dir[d].v.lost != 0)
			lossless = false;
	/* RFC 2544 26.3: until two successive trials lose nothing */
	s->clean = lossless && r->verdict != VERDICT_INVALID ? s->clean + 1 : 0;
	if (s->step >= s->nb_rates || (s->stepped && s->clean == 2))
		s->done = true;
}

enum report_result
sweep_kind(const struct sweep *s)
{
	return s->invalid > 0 ? REPORT_RESULT_NONE : REPORT_RESULT_MEASURED;
}

static uint32_t
sweep_remaining(const void *state)
{
	const struct sweep *s = state;

	return s->done ? 0 : s->nb_rates - s->step;
}

static void
sweep_describe(const void *state, char *buf, size_t len)
{
	const struct sweep *s = state;

	snprintf(buf, len, "step %u of at most %u", s->step, s->nb_rates);
}

const struct proc_ops sweep_ops = {
	.name = "loss sweep",
	.next = sweep_next,
	.record = sweep_record,
	.remaining = sweep_remaining,
	.describe = sweep_describe,
};

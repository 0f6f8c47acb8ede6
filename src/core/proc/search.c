/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * search: RFC 2544 26.1 binary search for the throughput, fed one trial
 * verdict at a time.  Only the enum from verdict.h is used.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/result.h"
#include "dutperf/search.h"

int
search_init(struct search *s, const struct search_params *params)
{
	if (s == NULL || params == NULL)
		return -EINVAL;
	if (params->lo_fps >= params->hi_fps ||
	    params->initial_fps < params->lo_fps ||
	    params->initial_fps > params->hi_fps || params->initial_fps == 0 ||
	    params->error_fps == 0)
		return -EINVAL;
	memset(s, 0, sizeof(*s));
	s->p = *params;
	s->lo = params->lo_fps;
	s->hi = params->hi_fps;
	s->next = params->initial_fps;
	return 0;
}

bool
search_done(const struct search *s)
{
	return s->done;
}

uint64_t
search_next_rate(const struct search *s)
{
	return s->done ? 0 : s->next;
}

uint64_t
search_result(const struct search *s)
{
	return s->best;
}

void
search_describe(const struct search *s, const char *prefix, char *buf,
		size_t len)
{
	snprintf(buf, len, "%s[%" PRIu64 ", %" PRIu64 "] best %" PRIu64,
		 prefix, s->lo, s->hi, search_result(s));
}

/* How the search ended, for the one result rule (result.h). */
enum result_case
search_case(const struct search *s)
{
	struct result_facts f = {
		.complete = s->done && !s->interrupted,
		.top_passed = s->passes > 0 && s->best >= s->p.hi_fps,
		.top_is_limit = s->p.top_is_limit,
		.passed = s->passes > 0,
		.bound_invalid = s->hi_invalid,
		.bottom_zero = s->p.lo_fps == 0,
		.dut_gone = s->dut_gone,
		.nothing_back = result_rx_nothing_back(&s->rx),
	};

	return result_case(&f);
}

enum report_result
search_kind(const struct search *s)
{
	return result_case_kind(search_case(s));
}

void
search_record(struct search *s, enum verdict v)
{
	uint64_t rate = s->next;

	if (s->done)
		return;
	s->iterations++;
	switch (v) {
	case VERDICT_PASS:
		s->passes++;
		s->lo = rate;
		if (rate > s->best)
			s->best = rate;
		break;
	case VERDICT_FAIL:
		s->fails++;
		s->hi = rate;
		s->hi_invalid = false;
		break;
	case VERDICT_INTERRUPTED:
		s->interrupted = true;
		s->done = true;
		return;
	case VERDICT_INVALID:
	default:
		s->invalid++;
		/*
		 * Same rate again, a bounded number of times.  Then the rate
		 * counts as not passed: it bounds the search from above (the
		 * tester could not offer it, or something kept it from being
		 * measured) and is never a result.
		 */
		if (++s->retries <= s->p.max_retries)
			return;
		s->invalid_bounds++;
		s->hi = rate;
		s->hi_invalid = true;
		break;
	}
	s->retries = 0;
	/* RFC 2544 26.1: stop once the bracket is within the error. */
	if (s->hi - s->lo <= s->p.error_fps) {
		s->done = true;
		return;
	}
	s->next = s->lo + (s->hi - s->lo) / 2;
}

uint32_t
search_remaining(const struct search *s)
{
	uint64_t gap = s->hi - s->lo;
	uint32_t n = 0;

	if (s->done)
		return 0;
	/* The next trial, wherever it is, may leave the bracket unchanged
	 * (initial rate at a bound); each midpoint trial leaves at most
	 * ceil(gap / 2). */
	if (s->iterations - s->retries == 0 || gap <= s->p.error_fps)
		n = 1;
	while (gap > s->p.error_fps) {
		gap -= gap / 2;
		n++;
	}
	/* each of those rates may take max_retries + 1 trials, invalid
	 * but the last; the current rate has used retries of them */
	return n * (s->p.max_retries + 1) - s->retries;
}

void
search_dut_gone(struct search *s)
{
	s->dut_gone = true;
	s->done = true;
}

void
search_record_trial(struct search *s, const struct report_trial *r)
{
	if (!s->done && r->verdict != VERDICT_INTERRUPTED)
		result_rx_add(&s->rx, r);
	search_record(s, r->verdict);
}

int
search_proc_start(struct search_proc *p, const struct search_params *params,
		  const struct trial_spec *base)
{
	p->base = *base;
	return search_init(&p->s, params);
}

static bool
search_proc_next(void *state, struct trial_spec *spec)
{
	struct search_proc *p = state;

	if (search_done(&p->s))
		return false;
	*spec = p->base;
	trial_spec_set_rate(spec, search_next_rate(&p->s));
	return true;
}

static void
search_proc_record(void *state, const struct trial_spec *spec,
		   const struct report_trial *r)
{
	struct search_proc *p = state;

	(void)spec;
	search_record_trial(&p->s, r);
}

static uint32_t
search_proc_remaining(const void *state)
{
	const struct search_proc *p = state;

	return search_remaining(&p->s);
}

static bool
search_proc_dut_gone(void *state)
{
	struct search_proc *p = state;

	search_dut_gone(&p->s);
	return true;
}

static void
search_proc_describe(const void *state, char *buf, size_t len)
{
	const struct search_proc *p = state;

	search_describe(&p->s, "", buf, len);
}

const struct proc_ops search_ops = {
	.name = "binary search",
	.next = search_proc_next,
	.record = search_proc_record,
	.remaining = search_proc_remaining,
	.describe = search_proc_describe,
	.dut_gone = search_proc_dut_gone,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swproc: the RFC 2889 5.7.3 binary search (address caching capacity) and
 * the same search on the learning rate (5.8.3), the aging check.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/errf.h"
#include "dutperf/swproc.h"

const char *
swproc_kind_name(enum swproc_kind k)
{
	return k == SWPROC_LEARNRATE ? "learnrate" : "caching";
}

int
swproc_init(struct swproc_search *s, const struct swproc_params *p,
	    char *err, size_t err_len)
{
	memset(s, 0, sizeof(*s));
	if (p->resolution == 0)
		return cfg_errf(err, err_len,
			    "%s: the resolution must be at least 1",
			    swproc_kind_name(p->kind));
	if (!(p->low < p->initial && p->initial <= p->max))
		return cfg_errf(err, err_len,
			    "%s: the first value %" PRIu64 " must lie in (%"
			    PRIu64 ", %" PRIu64 "]",
			    swproc_kind_name(p->kind), p->initial, p->low,
			    p->max);
	if (p->kind == SWPROC_CACHING && p->learn_fps == 0)
		return cfg_errf(err, err_len,
			    "caching: the learning rate must be at least 1 frame/s");
	if (p->kind == SWPROC_LEARNRATE && p->addrs == 0)
		return cfg_errf(err, err_len,
			    "learnrate: the number of addresses must be at least 1");
	s->p = *p;
	/* RFC 2889 5.7.3: LOW := 0; HIGH := MAX; N := user given */
	s->low = p->low;
	s->high = p->max;
	s->next = p->initial;
	return 0;
}

bool
swproc_done(const struct swproc_search *s)
{
	return s->done;
}

uint64_t
swproc_next(const struct swproc_search *s)
{
	return s->next;
}

uint64_t
swproc_next_addrs(const struct swproc_search *s)
{
	return s->p.kind == SWPROC_CACHING ? s->next : s->p.addrs;
}

uint64_t
swproc_next_learn_fps(const struct swproc_search *s)
{
	return s->p.kind == SWPROC_CACHING ? s->p.learn_fps : s->next;
}

enum verdict
swproc_judge(const struct swproc_counts *c, uint64_t addrs)
{
	if (c->interrupted)
		return VERDICT_INTERRUPTED;
	/* the tester must have offered N learning and N test frames */
	if (!c->tester_ok || c->learn_sent != addrs || c->tport_sent != addrs)
		return VERDICT_INVALID;
	/* RFC 2889 5.7.3: IF (MPort receive frame != 0) OR
	 * (LPort receive frames < TPort transmit): the table was full */
	if (c->mport_rx != 0 || c->lport_rx < c->tport_sent)
		return VERDICT_FAIL;
	return VERDICT_PASS;
}

enum verdict
swproc_record(struct swproc_search *s, const struct swproc_counts *c)
{
	enum verdict v;

	if (s->done)
		return VERDICT_INTERRUPTED;
	v = swproc_judge(c, swproc_next_addrs(s));
	s->iterations++;
	switch (v) {
	case VERDICT_INTERRUPTED:
		s->interrupted = s->done = true;
		return v;
	case VERDICT_INVALID:
		if (s->retries++ < s->p.max_retries)
			return v;	/* the same N again */
		s->invalid_end = s->done = true;
		return v;
	case VERDICT_PASS:
		s->low = s->next;	/* LOW := N */
		s->passed = true;
		break;
	default:
		s->high = s->next;	/* HIGH := N */
		s->failed = true;
		break;
	}
	s->retries = 0;
	/* N := LOW + (HIGH - LOW)/2, WHILE (HIGH - LOW >= 2): the caching
	 * search's resolution is 1 */
	s->next = s->low + (s->high - s->low) / 2;
	if (s->high - s->low <= s->p.resolution)
		s->done = true;
	return v;
}

uint64_t
swproc_result(const struct swproc_search *s)
{
	return s->passed ? s->low : 0;
}

enum report_result
swproc_kind_result(const struct swproc_search *s)
{
	if (s->interrupted || s->invalid_end || !s->failed)
		/* nothing above LOW failed validly: at least LOW */
		return s->passed ? REPORT_RESULT_LOWER_BOUND :
				   REPORT_RESULT_NONE;
	if (!s->done)
		return REPORT_RESULT_NONE;
	/* nothing passed: only measured when LOW is the RFC's 0 */
	if (!s->passed && s->p.low > 0)
		return REPORT_RESULT_NONE;
	return REPORT_RESULT_MEASURED;
}

uint32_t
swproc_remaining(const struct swproc_search *s)
{
	uint64_t w = s->high - s->low;
	uint32_t n = 1;

	if (s->done)
		return 0;
	while (w > s->p.resolution && n < 64) {
		w -= w / 2;
		n++;
	}
	return n;
}

uint64_t
swproc_iteration_ms(uint64_t addrs, uint64_t fps, uint64_t test_fps,
		    uint64_t settle_ms)
{
	if (fps == 0)
		return UINT64_MAX;
	if (test_fps == 0)
		test_fps = fps;
	/* the learning frames, then as many test frames */
	return (addrs * 1000 + fps - 1) / fps +
	       (addrs * 1000 + test_fps - 1) / test_fps + settle_ms;
}

int
swproc_check_aging(uint64_t aging_s, uint64_t addrs, const char *addrs_key,
		   uint64_t slowest_fps, const char *fps_key, uint64_t test_fps,
		   uint64_t settle_ms, char *err, size_t err_len)
{
	uint64_t need_ms = swproc_iteration_ms(addrs, slowest_fps, test_fps,
					       settle_ms);

	/* RFC 2889 5.7.3 / 5.8.3: "The aging time MUST be longer than the
	 * time necessary to produce frames at the specified rate" */
	if (slowest_fps == 0 || need_ms >= aging_s * 1000)
		return cfg_errf(err, err_len,
			    "[switch] aging_s = %" PRIu64 ": learning %s = %"
			    PRIu64 " addresses at %s = %" PRIu64
			    " frames/s and the test frames after them take %"
			    PRIu64 ".%03" PRIu64 " s (with %" PRIu64
			    " ms to settle): the aging time must be longer "
			    "(RFC 2889 5.7.3); raise aging_s, lower %s or raise %s",
			    aging_s, addrs_key, addrs, fps_key, slowest_fps,
			    need_ms / 1000, need_ms % 1000, settle_ms,
			    addrs_key, fps_key);
	return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * recovery: RFC 2544 26.5 recovery time and 26.6 / RFC 6201 reset time
 * from what the receiver recorded; the recovery procedure; parameters and
 * the CSV rows of both modes (recovery.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/recovery.h"

static uint64_t
recov_sat64(unsigned __int128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

void
recov_lost_init(struct recov_lost *l, uint64_t from, uint64_t total)
{
	memset(l, 0, sizeof(*l));
	l->from = from;
	l->total = total;
}

void
recov_lost_range(struct recov_lost *l, uint64_t lo, uint64_t hi)
{
	lo = lo > l->from ? lo : l->from;
	hi = hi < l->total ? hi : l->total;
	if (lo >= hi)
		return;
	l->count += hi - lo;
	l->last1 = hi > l->last1 ? hi : l->last1;
}

void
recov_lost_word(struct recov_lost *l, uint64_t base, uint64_t word)
{
	uint64_t missing = ~word;
	unsigned int top;

	if (base + 64 <= l->from || base >= l->total)
		return;
	if (base < l->from)		/* frames before the change */
		missing &= ~(uint64_t)0 << (l->from - base);
	if (l->total - base < 64)	/* frames never sent */
		missing &= ((uint64_t)1 << (l->total - base)) - 1;
	if (missing == 0)
		return;
	l->count += (uint64_t)__builtin_popcountll(missing);
	top = 63u - (unsigned int)__builtin_clzll(missing);
	if (base + top + 1 > l->last1)
		l->last1 = base + top + 1;
}

uint64_t
recov_time_ns(const struct recov_lost *l, uint64_t rate2_fps)
{
	if (l->last1 == 0 || rate2_fps == 0)
		return 0;
	return recov_sat64((unsigned __int128)(l->last1 - 1 - l->from) *
			   1000000000u / rate2_fps);
}

void
recov_gap_init(struct recov_gap *g)
{
	memset(g, 0, sizeof(*g));
}

static uint64_t
recov_ns(uint64_t ticks, uint64_t hz)
{
	return hz ? recov_sat64((unsigned __int128)ticks * 1000000000u / hz) :
		    UINT64_MAX;
}

void
recov_gap_result(const struct recov_gap *g, uint64_t start_tsc,
		 uint64_t end_tsc, uint64_t hz, struct recov_reset *out)
{
	uint64_t tail;

	memset(out, 0, sizeof(*out));
	if (g->n == 0) {
		out->gap_ns = recov_ns(end_tsc - start_tsc, hz);
		out->to_ns = out->gap_ns;
		return;
	}
	tail = end_tsc > g->last_tsc ? end_tsc - g->last_tsc : 0;
	if (tail > g->max_tsc) {
		out->gap_ns = recov_ns(tail, hz);
		out->from_ns = recov_ns(g->last_tsc - start_tsc, hz);
		out->to_ns = recov_ns(end_tsc - start_tsc, hz);
		out->from_seq = g->last_seq;
		return;
	}
	out->resumed = true;
	out->gap_ns = recov_ns(g->max_tsc, hz);
	out->from_ns = recov_ns(g->from_tsc - start_tsc, hz);
	out->to_ns = recov_ns(g->to_tsc - start_tsc, hz);
	out->from_seq = g->from_seq;
	out->to_seq = g->to_seq;
	out->in_gap = g->to_seq > g->from_seq ? g->to_seq - g->from_seq - 1 : 0;
}

/* ---- parameters ---- */

static uint64_t
recov_pct(uint64_t fps, uint32_t pct)
{
	uint64_t r = recov_sat64((unsigned __int128)fps * pct / 100);

	return r ? r : 1;
}

uint64_t
recov_overload_fps(const struct recov_params *p)
{
	return recov_pct(p->throughput_fps, p->overload_pct);
}

uint64_t
recov_after_fps(const struct recov_params *p)
{
	return recov_pct(p->throughput_fps, p->after_pct);
}

int
recov_params_check(const struct recov_params *p, char *err, size_t err_len)
{
	if (p->overload_pct <= 100)
		return cfg_errf(err, err_len, "[recovery] overload_pct = %u: "
				"must be above 100 (RFC 2544 26.5: 110)",
				p->overload_pct);
	if (p->after_pct >= 100 || p->after_pct == 0)
		return cfg_errf(err, err_len, "[recovery] after_pct = %u: must "
				"be 1..99 (RFC 2544 26.5: 50)", p->after_pct);
	if (p->overload_ms == 0)
		return cfg_errf(err, err_len, "[recovery] overload_s = 0: the "
				"overload needs a duration (RFC 2544 26.5: at "
				"least 60 s)");
	if (p->after_ms == 0)
		return cfg_errf(err, err_len, "[recovery] after_s = 0: the "
				"reduced rate needs a duration");
	if (p->overload_ms + p->after_ms > TRIAL_SPEC_MAX_DURATION_MS)
		return cfg_errf(err, err_len, "[recovery] overload_s + after_s "
				"= %" PRIu64 " s: above %llu s",
				(p->overload_ms + p->after_ms) / 1000,
				TRIAL_SPEC_MAX_DURATION_MS / 1000);
	return 0;
}

void
recov_params_from_cfg(struct recov_params *p, const struct cfg *c)
{
	p->throughput_fps = c->rec_throughput_fps;
	p->overload_pct = c->rec_overload_pct;
	p->after_pct = c->rec_after_pct;
	p->overload_ms = (uint64_t)c->rec_overload_s * 1000;
	p->after_ms = (uint64_t)c->rec_after_s * 1000;
}

int
recov_check_cfg(const struct cfg *c, char *err, size_t err_len)
{
	struct recov_params p;

	recov_params_from_cfg(&p, c);
	return recov_params_check(&p, err, err_len);
}

void
recov_spec(struct trial_spec *s, const struct trial_spec *base,
	   const struct recov_params *p)
{
	int d;

	*s = *base;
	s->frames = 0;
	s->duration_ms = p->overload_ms + p->after_ms;
	s->change_ms = p->overload_ms;
	trial_spec_set_rate(s, recov_overload_fps(p));
	for (d = 0; d < CFG_NB_DIRS; d++)
		s->rate2_fps[d] = s->active[d] ? recov_after_fps(p) : 0;
}

/* ---- the recovery procedure ---- */

static bool
recov_proc_next(void *state, struct trial_spec *spec)
{
	struct recov_proc *r = state;

	if (r->done)
		return false;
	if (r->searching) {
		if (search_ops.next(&r->search, spec))
			return true;
		r->searching = false;
		r->p.throughput_fps = search_result(&r->search.s);
		if (r->p.throughput_fps == 0) {	/* nothing passed */
			r->done = true;
			return false;
		}
	}
	recov_spec(spec, &r->base, &r->p);
	return true;
}

static void
recov_proc_record(void *state, const struct trial_spec *spec,
		  const struct report_trial *res)
{
	struct recov_proc *r = state;

	if (r->searching) {
		search_ops.record(&r->search, spec, res);
		return;
	}
	r->verdict = res->verdict;
	r->done = true;
}

static uint32_t
recov_proc_remaining(const void *state)
{
	const struct recov_proc *r = state;

	if (r->done)
		return 0;
	return 1 + (r->searching ? search_remaining(&r->search.s) : 0);
}

static void
recov_proc_describe(const void *state, char *buf, size_t len)
{
	const struct recov_proc *r = state;
	char s[96];

	if (r->searching) {
		search_ops.describe(&r->search, s, sizeof(s));
		snprintf(buf, len, "throughput search %s", s);
		return;
	}
	snprintf(buf, len, "throughput %" PRIu64 " fps: %" PRIu64 " then %"
		 PRIu64 " fps", r->p.throughput_fps, recov_overload_fps(&r->p),
		 recov_after_fps(&r->p));
}

const struct proc_ops recov_ops = {
	.name = "recovery",
	.next = recov_proc_next,
	.record = recov_proc_record,
	.remaining = recov_proc_remaining,
	.describe = recov_proc_describe,
};

int
recov_proc_start(struct recov_proc *r, const struct recov_params *p,
		 const struct trial_spec *base, const struct search_params *sp,
		 char *err, size_t err_len)
{
	int rc;

	memset(r, 0, sizeof(*r));
	rc = recov_params_check(p, err, err_len);
	if (rc != 0)
		return rc;
	r->p = *p;
	r->base = *base;
	if (p->throughput_fps > 0)
		return 0;
	r->searching = true;
	r->searched = true;
	r->search_params = *sp;
	rc = search_proc_start(&r->search, sp, base);
	if (rc != 0)
		return cfg_errf(err, err_len, "[recovery] throughput_fps = 0: "
				"the throughput search needs rate_min_fps < "
				"rate_max_fps ([search])");
	return 0;
}

enum result_case
recov_throughput_case(const struct recov_proc *r)
{
	return r->searched ? search_case(&r->search.s) : RESULT_INSIDE;
}

/* ---- reset ---- */

int
reset_params_check(const struct reset_params *p, char *err, size_t err_len)
{
	if (p->command == NULL || p->command[0] == '\0')
		return cfg_errf(err, err_len, "[reset] command = \"\": the "
				"command that resets the DUT is required");
	if (p->rate_fps == 0)
		return cfg_errf(err, err_len, "[traffic] rate_fps = 0: the "
				"reset stream needs a rate the DUT passes");
	if (p->at_ms + 1000 > p->duration_ms)
		return cfg_errf(err, err_len, "[reset] at_ms = %" PRIu64 ": "
				"needs at least 1 s of the %" PRIu64 " ms stream "
				"([traffic] duration_s) after it", p->at_ms,
				p->duration_ms);
	return 0;
}

void
reset_params_from_cfg(struct reset_params *p, const struct cfg *c)
{
	p->command = c->reset_command;
	p->at_ms = c->reset_at_ms;
	p->duration_ms = (uint64_t)c->duration_s * 1000;
	p->rate_fps = c->rate_fps;
}

int
reset_check_cfg(const struct cfg *c, char *err, size_t err_len)
{
	struct reset_params p;

	reset_params_from_cfg(&p, c);
	return reset_params_check(&p, err, err_len);
}

/* ---- CSV ---- */

const char *
recov_header(void)
{
	return "No,dir,throughput_fps,overload_fps,after_fps,overload_ms,"
	       "after_ms,change_frame,sent,received,lost,lost_after_change,"
	       "last_lost_frame,recovery_ms,status,result_kind";
}

static int
recov_fit(int n, size_t len)
{
	return n < 0 || (size_t)n >= len ? -ENOSPC : n;
}

int
recov_row(const struct recov_row *r, char *buf, size_t len)
{
	char last[32] = "", ms[32] = "";
	bool measured = strcmp(r->result, "measured") == 0;

	if (r->lost_after > 0)
		snprintf(last, sizeof(last), "%" PRIu64, r->last_lost);
	if (measured)
		snprintf(ms, sizeof(ms), "%.3f", r->recovery_ms);
	return recov_fit(snprintf(buf, len, "%u,%s,%" PRIu64 ",%" PRIu64 ",%"
				  PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
				  ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%"
				  PRIu64 ",%s,%s,%s,%s", r->no, r->dir,
				  r->throughput_fps, r->overload_fps,
				  r->after_fps, r->overload_ms, r->after_ms,
				  r->change_frame, r->sent, r->received,
				  r->lost, r->lost_after, last, ms, r->status,
				  r->result), len);
}

const char *
reset_header(void)
{
	return "No,dir,rate_fps,duration_ms,at_ms,command_status,command_ms,"
	       "sent,received,lost,resumed,reset_ms,gap_from_ms,gap_to_ms,"
	       "frame_before,frame_after,sent_in_gap,expected_lost,status,"
	       "result_kind";
}

int
reset_row(const struct reset_row *r, char *buf, size_t len)
{
	char ms[32] = "", after[32] = "", ingap[32] = "";
	bool measured = strcmp(r->result, "measured") == 0;

	if (measured)
		snprintf(ms, sizeof(ms), "%.3f", (double)r->r.gap_ns / 1e6);
	if (r->r.resumed) {
		snprintf(after, sizeof(after), "%" PRIu64, r->r.to_seq);
		snprintf(ingap, sizeof(ingap), "%" PRIu64, r->r.in_gap);
	}
	return recov_fit(snprintf(buf, len, "%u,%s,%" PRIu64 ",%" PRIu64 ",%"
				  PRIu64 ",%d,%.1f,%" PRIu64 ",%" PRIu64 ",%"
				  PRIu64 ",%d,%s,%.3f,%.3f,%" PRIu64 ",%s,%s,"
				  "%.1f,%s,%s", r->no, r->dir, r->rate_fps,
				  r->duration_ms, r->at_ms, r->command_status,
				  r->command_ms, r->sent, r->received, r->lost,
				  r->r.resumed ? 1 : 0, ms,
				  (double)r->r.from_ns / 1e6,
				  (double)r->r.to_ns / 1e6, r->r.from_seq,
				  after, ingap, r->expected_lost, r->status,
				  r->result), len);
}

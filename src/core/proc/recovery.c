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

/* The largest uint64_t value of v. */
static uint64_t
recov_sat64(unsigned __int128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

uint64_t
recov_time_ns(const struct recov_lost *l, uint64_t rate2_fps)
{
	if (l->last1 == 0 || rate2_fps == 0)
		return 0;
	return recov_sat64((unsigned __int128)(l->last1 - 1 - l->from) *
			   1000000000u / rate2_fps);
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
	char at[CFG_PATH_LEN + 64], dur[CFG_PATH_LEN + 64];

	reset_params_from_cfg(&p, c);
	/* name where each value came from: the file, or -d/--duration */
	if (p.command != NULL && p.command[0] != '\0' && p.rate_fps != 0 &&
	    p.at_ms + 1000 > p.duration_ms)
		return cfg_errf(err, err_len, "%s: needs at least 1 s of the "
				"%" PRIu64 " ms stream (%s) after it",
				cfg_key_blame(c, "reset", "at_ms", at, sizeof(at)),
				p.duration_ms, cfg_key_blame(c, "traffic",
				"duration_s", dur, sizeof(dur)));
	return reset_params_check(&p, err, err_len);
}

/* ---- CSV ---- */

/* The last lost frame: only when one was lost from the change on. */
static bool
recov_get_last_lost(const void *row, union report_value *v)
{
	const struct recov_row *r = row;

	v->u64 = r->last_lost;
	return r->lost_after > 0;
}

static const struct report_col recov_cols[] = {
	REPORT_COL_U32("No", "", struct recov_row, no),
	REPORT_COL_TEXT("dir", struct recov_row, dir),
	REPORT_COL_U64("throughput_fps", "fps", struct recov_row,
		       throughput_fps),
	REPORT_COL_U64("overload_fps", "fps", struct recov_row, overload_fps),
	REPORT_COL_U64("after_fps", "fps", struct recov_row, after_fps),
	REPORT_COL_U64("overload_ms", "ms", struct recov_row, overload_ms),
	REPORT_COL_U64("after_ms", "ms", struct recov_row, after_ms),
	REPORT_COL_U64("change_frame", "", struct recov_row, change_frame),
	REPORT_COL_U64("sent", "", struct recov_row, sent),
	REPORT_COL_U64("received", "", struct recov_row, received),
	REPORT_COL_U64("lost", "", struct recov_row, lost),
	REPORT_COL_U64("lost_after_change", "", struct recov_row, lost_after),
	REPORT_COL_GET("last_lost_frame", "", REPORT_U64, 0,
		       recov_get_last_lost),
	/* a lower bound (the throughput searched was one) keeps its time */
	REPORT_COL_DOUBLE_IF_RESULT("recovery_ms", "ms", 3, struct recov_row,
				    recovery_ms, result),
	REPORT_COL_VERDICT("status", struct recov_row, status),
	REPORT_COL_RESULT("result_kind", struct recov_row, result),
};

const struct report_table recov_table = REPORT_TABLE(",", recov_cols);

static const struct report_col reset_cols[] = {
	REPORT_COL_U32("No", "", struct reset_row, no),
	REPORT_COL_TEXT("dir", struct reset_row, dir),
	REPORT_COL_U64("rate_fps", "fps", struct reset_row, rate_fps),
	REPORT_COL_U64("duration_ms", "ms", struct reset_row, duration_ms),
	REPORT_COL_U64("at_ms", "ms", struct reset_row, at_ms),
	REPORT_COL_INT("command_status", "", struct reset_row, command_status),
	REPORT_COL_DOUBLE("command_ms", "ms", 1, struct reset_row, command_ms),
	REPORT_COL_U64("sent", "", struct reset_row, sent),
	REPORT_COL_U64("received", "", struct reset_row, received),
	REPORT_COL_U64("lost", "", struct reset_row, lost),
	REPORT_COL_BOOL("resumed", struct reset_row, r.resumed),
	REPORT_COL_NS_MS_IF_MEASURED("reset_ms", 3, struct reset_row, r.gap_ns,
				     result),
	REPORT_COL_NS_MS("gap_from_ms", 3, struct reset_row, r.from_ns),
	REPORT_COL_NS_MS("gap_to_ms", 3, struct reset_row, r.to_ns),
	REPORT_COL_U64("frame_before", "", struct reset_row, r.from_seq),
	REPORT_COL_U64_IF("frame_after", "", struct reset_row, r.to_seq,
			  r.resumed),
	REPORT_COL_U64_IF("sent_in_gap", "", struct reset_row, r.in_gap,
			  r.resumed),
	REPORT_COL_DOUBLE("expected_lost", "", 1, struct reset_row,
			  expected_lost),
	REPORT_COL_VERDICT("status", struct reset_row, status),
	REPORT_COL_RESULT("result_kind", struct reset_row, result),
};

const struct report_table reset_table = REPORT_TABLE(",", reset_cols);

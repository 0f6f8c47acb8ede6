/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stateful_proc: RFC 9693 stateful throughput, connection establishment
 * rate and connection tracking table capacity as procedures.  DPDK-free.
 */
#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/stateful.h"
#include "dutperf/stateful_proc.h"

/* A phase-1 result the step cannot go on with: the retry of the rate. */
static enum verdict
stateful_prelim_verdict(const struct report_trial *r)
{
	uint64_t rx = 0;
	int d;

	if (r->verdict == VERDICT_INTERRUPTED || r->verdict == VERDICT_INVALID)
		return r->verdict;
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (r->dir[d].active)
			rx += r->dir[d].v.received;
	/* nothing recorded: the Responder has no tuple to answer with */
	return rx == 0 ? VERDICT_INVALID : r->verdict;
}

void
stateful_specs(const struct cfg *c, struct stateful_specs *s)
{
	enum cfg_dir_id idir = stateful_init_dir(c);
	enum cfg_dir_id rdir = idir == CFG_FWD ? CFG_REV : CFG_FWD;
	struct trial_spec *prelim = &s->prelim, *real = &s->real;

	trial_spec_from_cfg(prelim, c, c->st.rate_fps);
	prelim->active[rdir] = false;
	trial_spec_set_rate(prelim, c->st.rate_fps);
	prelim->phase = TRIAL_PHASE_PRELIMINARY;
	prelim->frames = c->st.frames;
	prelim->table_size = c->st.table_size;
	prelim->timeout_ms = c->st.timeout_ms;
	trial_spec_from_cfg(real, c, 0);
	real->phase = TRIAL_PHASE_REAL;
	real->delay_ms = c->st.delay_ms;
	real->responder_tuple = c->st.responder_tuple;
	s->check = *real;
	s->check.active[idir] = false;
	s->check.rate_fps[idir] = 0;
	s->check.timeout_ms = c->st.timeout_ms;
}

uint32_t
stateful_delay_ms(const struct trial_spec *prelim, uint32_t delay_ms)
{
	uint64_t ms;

	if (delay_ms != 0)
		return delay_ms;
	ms = trial_spec_send_ms(prelim);	/* saturates at UINT64_MAX */
	if (ms >= UINT32_MAX)
		return UINT32_MAX;
	ms += 2 * (uint64_t)prelim->timeout_ms;
	return ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
}

/* ------------------------------------- the phases around any procedure */

/*
 * Phase 1 as the set-up of a phase 2: interrupted and invalid as they are;
 * a state table left short of its M entries is invalid too (siitperf:
 * "failed to fill the state table", the trial run again): the DUT does
 * not hold the connections phase 2 is meant to find.
 */
static enum verdict
stateful_setup_verdict(const struct trial_spec *spec,
		       const struct report_trial *r)
{
	if (r->verdict == VERDICT_INTERRUPTED || r->verdict == VERDICT_INVALID)
		return r->verdict;
	return r->recorded < spec->table_size ? VERDICT_INVALID : VERDICT_PASS;
}

int
stateful_phases_start(struct stateful_phases *p, struct proc inner,
		      const struct trial_spec *prelim,
		      const struct trial_spec *real, bool repeat,
		      uint32_t max_retries, bool to_inner)
{
	if (prelim->phase != TRIAL_PHASE_PRELIMINARY ||
	    real->phase != TRIAL_PHASE_REAL || inner.ops == NULL)
		return -EINVAL;
	memset(p, 0, sizeof(*p));
	p->inner = inner;
	p->prelim = *prelim;
	p->real = *real;
	p->repeat = repeat;
	p->need_prelim = true;
	p->max_retries = max_retries;
	p->to_inner = to_inner;
	return 0;
}

static bool
stateful_phases_next(void *state, struct trial_spec *spec)
{
	struct stateful_phases *p = state;

	if (p->failed || p->gone)
		return false;
	if (!p->have_held) {
		if (!proc_next(&p->inner, &p->held))
			return false;
		p->have_held = true;
	}
	if (p->need_prelim) {
		*spec = p->prelim;
		return true;
	}
	*spec = p->held;
	spec->phase = TRIAL_PHASE_REAL;
	spec->delay_ms = stateful_delay_ms(&p->prelim, p->real.delay_ms);
	spec->responder_tuple = p->real.responder_tuple;
	return true;
}

static void
stateful_phases_record(void *state, const struct trial_spec *spec,
		       const struct report_trial *r)
{
	struct stateful_phases *p = state;
	enum verdict v;

	if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
		p->prelim_trials++;
		v = stateful_setup_verdict(spec, r);
		if (p->to_inner &&
		    (v == VERDICT_INVALID || v == VERDICT_INTERRUPTED)) {
			struct report_trial bad = *r;

			bad.verdict = v;
			proc_record(&p->inner, &p->held, &bad);
			p->have_held = false;	/* phase 1 again */
			return;
		}
		if (v == VERDICT_INTERRUPTED)
			return;		/* the run stops (engine_stop) */
		if (v == VERDICT_INVALID) {
			if (++p->retries > p->max_retries)
				p->failed = true;
			return;
		}
		p->retries = 0;
		p->need_prelim = false;
		return;
	}
	proc_record(&p->inner, &p->held, r);
	p->have_held = false;
	p->need_prelim = p->repeat;
}

static uint32_t
stateful_phases_remaining(const void *state)
{
	const struct stateful_phases *p = state;
	uint32_t n;

	if (p->failed || p->gone)
		return 0;
	n = proc_remaining(&p->inner);
	if (n == 0)
		return 0;
	if (p->repeat)
		return 2 * n - (p->need_prelim ? 0 : 1);
	return n + (p->need_prelim ? 1 : 0);
}

static void
stateful_phases_describe(const void *state, char *buf, size_t len)
{
	const struct stateful_phases *p = state;

	proc_describe(&p->inner, buf, len);
}

/* The wrapped procedure ends the run, when it can. */
static bool
stateful_phases_dut_gone(void *state)
{
	struct stateful_phases *p = state;

	p->gone = proc_dut_gone(&p->inner);
	return p->gone;
}

const struct proc_ops stateful_phases_ops = {
	.name = "RFC 9693 phases",
	.next = stateful_phases_next,
	.record = stateful_phases_record,
	.remaining = stateful_phases_remaining,
	.describe = stateful_phases_describe,
	.dut_gone = stateful_phases_dut_gone,
};



struct stateful_phases *
stateful_phases_of(const struct proc *p)
{
	/* stateful_tp's phases come first (the assert below) */
	if (p->ops == &stateful_phases_ops || p->ops == &stateful_tp_ops)
		return p->state;
	return NULL;
}

void
stateful_phases_again(struct stateful_phases *p)
{
	p->need_prelim = true;
}

/* ---------------------------------------------------- stateful throughput */

int
stateful_tp_start(struct stateful_tp *p, const struct search_params *sp,
		  const struct trial_spec *prelim, const struct trial_spec *real,
		  bool repeat)
{
	int rc;

	memset(p, 0, sizeof(*p));
	rc = search_proc_start(&p->sp, sp, real);
	if (rc != 0)
		return rc;
	return stateful_phases_start(&p->ph, (struct proc){ &search_ops,
				     &p->sp }, prelim, real, repeat,
				     sp->max_retries, true);
}

_Static_assert(offsetof(struct stateful_tp, ph) == 0,
	       "stateful_tp_ops works on the phases at the start");

const struct proc_ops stateful_tp_ops = {
	.name = "stateful binary search",
	.next = stateful_phases_next,
	.record = stateful_phases_record,
	.remaining = stateful_phases_remaining,
	.describe = stateful_phases_describe,
	.dut_gone = stateful_phases_dut_gone,
};

/* ------------------------------------------------ connection rate search */

int
stateful_cr_start(struct stateful_cr *p, const struct search_params *sp,
		  const struct trial_spec *prelim, const struct trial_spec *check,
		  bool validate, uint64_t check_rate_fps)
{
	if (prelim->phase != TRIAL_PHASE_PRELIMINARY || prelim->frames == 0 ||
	    prelim->table_size == 0 || check->phase != TRIAL_PHASE_REAL)
		return -EINVAL;
	memset(p, 0, sizeof(*p));
	p->prelim = *prelim;
	/* RFC 9693: every preliminary frame must arrive */
	p->prelim.loss_ppm = 0;
	p->check = *check;
	p->check.frames = prelim->table_size;
	p->check.loss_ppm = 0;
	p->check.responder_tuple = CFG_VAR_INCREASING;
	p->validate = validate;
	p->check_rate_fps = check_rate_fps;
	p->check_pct = 100;
	return search_init(&p->s, sp);
}

static bool
stateful_cr_next(void *state, struct trial_spec *spec)
{
	struct stateful_cr *p = state;
	uint64_t rate_fps;

	if (search_done(&p->s))
		return false;
	rate_fps = search_next_rate(&p->s);
	if (p->in_check) {
		struct trial_spec prelim = p->prelim;

		/* D after this step's phase 1: N at rate_fps (0: N /
		 * rate_fps + 2T) */
		trial_spec_set_rate(&prelim, rate_fps);
		*spec = p->check;
		spec->delay_ms = stateful_delay_ms(&prelim, p->check.delay_ms);
		rate_fps = rate_fps * p->check_pct / 100;
		trial_spec_set_rate(spec, p->check_rate_fps ? p->check_rate_fps :
				    rate_fps > 0 ? rate_fps : 1);
	} else {
		*spec = p->prelim;
		trial_spec_set_rate(spec, rate_fps);
	}
	return true;
}

static void
stateful_cr_decide(struct stateful_cr *p, enum verdict v)
{
	uint32_t before = p->s.retries;

	search_record(&p->s, v);
	/* a rate is decided unless it is retried (invalid, retries left) */
	if (v != VERDICT_INVALID || p->s.retries <= before)
		p->steps++;
}

static void
stateful_cr_record(void *state, const struct trial_spec *spec,
		   const struct report_trial *r)
{
	struct stateful_cr *p = state;
	enum verdict v;

	if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
		v = stateful_prelim_verdict(r);
		if (v == VERDICT_PASS && p->validate) {
			p->in_check = true;
			return;
		}
		stateful_cr_decide(p, v);
		return;
	}
	p->in_check = false;
	stateful_cr_decide(p, r->verdict);
}

static uint32_t
stateful_cr_remaining(const void *state)
{
	const struct stateful_cr *p = state;
	uint32_t n = search_remaining(&p->s);

	if (n == 0 || !p->validate)
		return n;
	return 2 * n - (p->in_check ? 1 : 0);
}

static void
stateful_cr_describe(const void *state, char *buf, size_t len)
{
	const struct stateful_cr *p = state;

	search_describe(&p->s, "R ", buf, len);
}

const struct proc_ops stateful_cr_ops = {
	.name = "connection rate search",
	.next = stateful_cr_next,
	.record = stateful_cr_record,
	.remaining = stateful_cr_remaining,
	.describe = stateful_cr_describe,
};

/* ----------------------------------------------- table capacity (cttc) */

/* The rate search at table size C (table_size): over [lo, RS] once RS is
 * known (cttc.sh), each step's check at alpha x the step's rate. */
static int
stateful_cttc_begin(struct stateful_cttc *p, uint64_t table_size)
{
	struct trial_spec prelim = p->prelim;
	struct search_params sp = p->p.rate;
	int rc;

	p->c = table_size;
	prelim.frames = table_size;
	prelim.table_size = (uint32_t)table_size;
	if (p->r_lo > sp.lo_fps && p->r_lo < sp.hi_fps) {
		sp.hi_fps = p->r_lo;
		if (sp.initial_fps > sp.hi_fps)
			sp.initial_fps = sp.hi_fps;
	}
	rc = stateful_cr_start(&p->cr, &sp, &prelim, &p->check,
			       p->p.validate, 0);
	p->cr.check_pct = p->p.alpha_pct;
	return rc;
}

int
stateful_cttc_start(struct stateful_cttc *p,
		    const struct stateful_cttc_params *params,
		    const struct trial_spec *prelim, const struct trial_spec *check)
{
	if (params->c0 == 0 || params->c0 > params->c_max ||
	    params->c_max > UINT32_MAX || params->error == 0 ||
	    params->alpha_pct == 0 || params->alpha_pct > 100 ||
	    params->beta_pct == 0 || params->beta_pct > 100 ||
	    params->gamma_pct == 0 || params->gamma_pct > 100)
		return -EINVAL;
	memset(p, 0, sizeof(*p));
	p->p = *params;
	p->prelim = *prelim;
	p->check = *check;
	p->stage = CTTC_START;
	return stateful_cttc_begin(p, params->c0);
}

static bool
stateful_cttc_next(void *state, struct trial_spec *spec)
{
	struct stateful_cttc *p = state;

	if (p->stage == CTTC_DONE)
		return false;
	return stateful_cr_ops.next(&p->cr, spec);
}

/* Size p->c is decided (good or not): the next size, or done. */
static void
stateful_cttc_decide(struct stateful_cttc *p, bool good)
{
	uint64_t thr_pct, next;

	p->steps++;
	switch (p->stage) {
	case CTTC_START:
		if (!good) {
			p->stage = CTTC_DONE;
			return;
		}
		p->r0 = p->r_c;
		p->lo = p->c;
		p->r_lo = p->r_c;
		p->stage = CTTC_EXP;
		break;
	case CTTC_EXP:
	case CTTC_BIN:
		/* against RS, the rate at the last good size */
		thr_pct = p->stage == CTTC_EXP ? p->p.beta_pct : p->p.gamma_pct;
		if (good && (unsigned __int128)p->r_c * 100 <
			    (unsigned __int128)p->r_lo * thr_pct)
			good = false;
		if (good) {
			p->lo = p->c;
			p->r_lo = p->r_c;
		} else {
			p->hi = p->c;
			p->stage = CTTC_BIN;
		}
		break;
	case CTTC_DONE:
	default:
		return;
	}
	if (p->stage == CTTC_EXP) {
		if (p->lo >= p->p.c_max) {
			p->stage = CTTC_DONE;	/* the tester's limit was good */
			return;
		}
		next = p->lo * 2 < p->p.c_max ? p->lo * 2 : p->p.c_max;
	} else {
		if (p->hi - p->lo <= p->p.error) {
			p->stage = CTTC_DONE;
			return;
		}
		next = p->lo + (p->hi - p->lo) / 2;
	}
	stateful_cttc_begin(p, next);
}

static void
stateful_cttc_record(void *state, const struct trial_spec *spec,
		     const struct report_trial *r)
{
	struct stateful_cttc *p = state;

	if (p->stage == CTTC_DONE)
		return;
	p->trials++;
	if (r->verdict == VERDICT_INTERRUPTED) {
		p->interrupted = true;
		p->stage = CTTC_DONE;
		return;
	}
	stateful_cr_ops.record(&p->cr, spec, r);
	if (!search_done(&p->cr.s))
		return;
	p->r_c = search_result(&p->cr.s);
	stateful_cttc_decide(p, p->r_c > 0);
}

static uint32_t
stateful_cttc_remaining(const void *state)
{
	const struct stateful_cttc *p = state;
	uint64_t gap;
	uint32_t sizes = 1, per;

	if (p->stage == CTTC_DONE)
		return 0;
	/* this size's search, then the binary steps left (a bound once the
	 * doubling has ended; a guess of one before) */
	per = stateful_cr_remaining(&p->cr);
	if (p->stage == CTTC_BIN) {
		gap = p->hi - p->lo;
		while (gap > p->p.error) {
			gap -= gap / 2;
			sizes++;
		}
	}
	return per * sizes;
}

static void
stateful_cttc_describe(const void *state, char *buf, size_t len)
{
	const struct stateful_cttc *p = state;
	static const char *const stage[] = { "C0", "doubling", "binary", "done" };

	snprintf(buf, len, "%s C %" PRIu64 " [%" PRIu64 ", %" PRIu64 "] RS %"
		 PRIu64, stage[p->stage], p->c, p->lo, p->hi, p->r_lo);
}

const struct proc_ops stateful_cttc_ops = {
	.name = "table capacity search",
	.next = stateful_cttc_next,
	.record = stateful_cttc_record,
	.remaining = stateful_cttc_remaining,
	.describe = stateful_cttc_describe,
};

uint64_t
stateful_cttc_capacity(const struct stateful_cttc *p)
{
	return p->lo;
}

uint64_t
stateful_cttc_rate_fps(const struct stateful_cttc *p)
{
	return p->r_lo;
}

enum result_case
stateful_cttc_case(const struct stateful_cttc *p)
{
	/* c_max is no physical limit: c_max good is "at least c_max" */
	struct result_facts f = {
		.complete = p->stage == CTTC_DONE && !p->interrupted,
		.top_passed = p->lo != 0 && p->hi == 0,
		.passed = p->lo != 0,
	};

	return result_case(&f);
}

enum report_result
stateful_cttc_kind(const struct stateful_cttc *p)
{
	return result_case_kind(stateful_cttc_case(p));
}

/* ------------------------------------------------------- tear-down rate */

int
stateful_teardown_start(struct stateful_teardown *p,
			const struct trial_spec *prelim, const char *section,
			const char *key, const char *cmd)
{
	if (prelim->phase != TRIAL_PHASE_PRELIMINARY || cmd == NULL ||
	    cmd[0] == '\0')
		return -EINVAL;
	memset(p, 0, sizeof(*p));
	p->prelim = *prelim;
	p->prelim.loss_ppm = 0;
	p->command.step = TRIAL_STEP_COMMAND;
	p->command.command_section = section;
	p->command.command_key = key;
	p->command.command = cmd;
	return 0;
}

static bool
teardown_next(void *state, struct trial_spec *spec)
{
	struct stateful_teardown *p = state;

	if (p->done)
		return false;
	*spec = p->steps == 0 ? p->prelim : p->command;
	return true;
}

static void
teardown_record(void *state, const struct trial_spec *spec,
		const struct report_trial *r)
{
	struct stateful_teardown *p = state;
	uint32_t k;

	if (spec->step != TRIAL_STEP_COMMAND) {
		/* the table was not loaded: nothing to time */
		p->loaded = r->verdict == VERDICT_PASS;
		p->done = !p->loaded;
		p->steps = 1;
		return;
	}
	if (p->steps == 1) {
		p->td_ns = r->command_ns;
	} else {
		/* insert T0 number steps - 1 into the ascending list */
		for (k = p->steps - 2; k > 0 && p->t0_ns[k - 1] > r->command_ns;
		     k--)
			p->t0_ns[k] = p->t0_ns[k - 1];
		p->t0_ns[k] = r->command_ns;
	}
	p->steps++;
	p->done = p->steps == 2 + STATEFUL_TEARDOWN_T0_RUNS;
}

static uint32_t
teardown_remaining(const void *state)
{
	const struct stateful_teardown *p = state;

	if (p->done)
		return 0;
	/* phase 1, TD, the T0s: those not done */
	return 2 + STATEFUL_TEARDOWN_T0_RUNS - p->steps;
}

const struct proc_ops stateful_teardown_ops = {
	.name = "tear-down rate",
	.next = teardown_next,
	.record = teardown_record,
	.remaining = teardown_remaining,
};

bool
stateful_teardown_timed(const struct stateful_teardown *p, uint64_t *td_ns,
			uint64_t *t0_ns, uint64_t *spread_ns)
{
	if (!p->loaded || p->steps != 2 + STATEFUL_TEARDOWN_T0_RUNS)
		return false;
	*td_ns = p->td_ns;
	*t0_ns = p->t0_ns[STATEFUL_TEARDOWN_T0_RUNS / 2];
	*spread_ns = p->t0_ns[STATEFUL_TEARDOWN_T0_RUNS - 1] - p->t0_ns[0];
	return true;
}

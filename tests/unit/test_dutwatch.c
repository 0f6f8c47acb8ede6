/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutwatch (dutwatch.h): the binary search run the way the driver runs it
 * (src/dpdk/driver/driver.c, driver_watch.c: dead trial, probe, wait, repeat or
 * gone) against simulated DUTs that go away for a known time.  The answer
 * is known beforehand: the search of the same DUT that never went away,
 * or "the DUT went away" (result_kind none), never a measured 0.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dutperf/dutwatch.h"
#include "dutperf/proc.h"
#include "dutperf/search.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/sweep.h"
#include "dutperf/trial_spec.h"

#define TRIAL_MS 1000
#define SETTLE_MS 100

/*
 * A DUT forwarding up to capacity_fps per direction, away from away_ms
 * for away_len_ms of the clock (now_ms, advanced by every trial and
 * wait): then it forwards nothing, and with link_down its link is down
 * too (the tester cannot send: the trial is invalid, nothing sent).
 * collapse_above: above this rate it forwards nothing at all (receive
 * livelock), 0: never.
 */
struct sim {
	uint64_t capacity_fps;
	uint64_t away_ms, away_len_ms;
	bool link_down;
	uint64_t collapse_above;
	uint64_t now_ms;
	uint32_t trials, probes;
};

static bool
sim_away(const struct sim *s)
{
	return s->now_ms >= s->away_ms && s->now_ms < s->away_ms + s->away_len_ms;
}

static bool
sim_links_up(const struct sim *s)
{
	return !(s->link_down && sim_away(s));
}

static void
sim_trial(struct sim *s, uint64_t rate, struct report_trial *r)
{
	struct verdict_dir dirs[CFG_NB_DIRS];
	uint64_t n = rate * TRIAL_MS / 1000, cap;
	int d;

	memset(r, 0, sizeof(*r));
	r->rate_fps = rate;
	cap = s->capacity_fps * TRIAL_MS / 1000;
	if (sim_away(s) || (s->collapse_above && rate > s->collapse_above))
		cap = 0;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct verdict_dir *v = &r->dir[d].v;

		r->dir[d].active = true;
		v->planned = n;
		v->sent = sim_links_up(s) ? n : 0;
		v->unsent = n - v->sent;
		v->received = v->sent < cap ? v->sent : cap;
		v->lost = v->sent - v->received;
		dirs[d] = *v;
	}
	r->verdict = verdict_eval(dirs, CFG_NB_DIRS, 0, 1000000, false, NULL);
	s->now_ms += TRIAL_MS + SETTLE_MS;
}

struct outcome {
	enum result_case c;
	uint64_t rate;
	uint32_t recorded;	/* trials the search counted */
	uint32_t trials;	/* trials run, probes not included */
	uint64_t gone_ms;	/* clock when it ended */
};

/* The search of [0, 100000] fps, error 1000, with the watch (wait_ms) or
 * without it (watch false: the driver before dutwatch). */
static struct outcome
search(struct sim *s, bool watch, uint32_t wait_ms, uint32_t max_retries)
{
	struct search_params sp = {
		.lo_fps = 0, .hi_fps = 100000, .initial_fps = 100000,
		.error_fps = 1000, .max_retries = max_retries,
	};
	struct dutwatch_params wp = { wait_ms, max_retries, 1000000 };
	struct search_proc sproc;
	struct proc p = { &search_ops, &sproc };
	struct report_trial r, probe;
	struct trial_spec base, spec;
	struct dutwatch w;
	struct outcome o = { 0 };
	enum dutwatch_step step;
	bool again = false;

	memset(&base, 0, sizeof(base));
	base.active[CFG_FWD] = base.active[CFG_REV] = true;
	base.duration_ms = TRIAL_MS;
	assert_int_equal(search_proc_start(&sproc, &sp, &base), 0);
	dutwatch_init(&w, &wp);
	while (again || proc_next(&p, &spec)) {
		again = false;
		sim_trial(s, trial_spec_rate_fps(&spec), &r);
		o.trials++;
		assert_true(o.trials < 500);
		step = watch ? dutwatch_trial(&w, &r, sim_links_up(s), s->now_ms) :
			       DUTWATCH_RECORD;
		while (step == DUTWATCH_PROBE || step == DUTWATCH_WAIT) {
			if (step == DUTWATCH_WAIT)
				s->now_ms += DUTWATCH_POLL_MS;
			if (!sim_links_up(s)) {
				step = dutwatch_probe(&w, NULL, s->now_ms);
				continue;
			}
			sim_trial(s, r.rate_fps < DUTWATCH_PROBE_FPS ? r.rate_fps :
				  DUTWATCH_PROBE_FPS, &probe);
			s->probes++;
			step = dutwatch_probe(&w, &probe, s->now_ms);
		}
		if (step == DUTWATCH_GONE) {
			assert_true(proc_dut_gone(&p));
			o.gone_ms = s->now_ms;
			break;
		}
		if (step == DUTWATCH_REPEAT) {
			again = true;
			continue;
		}
		proc_record(&p, &spec, &r);
	}
	assert_false(proc_next(&p, &spec));
	o.c = search_case(&sproc.s);
	o.rate = search_result(&sproc.s);
	o.recorded = sproc.s.iterations;
	return o;
}

/* The DUT never goes away: the watch changes nothing. */
static void
test_no_outage(void **state)
{
	struct sim a = { .capacity_fps = 37000 }, b = a;
	struct outcome with, without;

	(void)state;
	without = search(&a, false, 0, 3);
	with = search(&b, true, 0, 3);
	assert_int_equal(without.c, RESULT_INSIDE);
	assert_true(without.rate <= 37000 && without.rate > 36000);
	assert_int_equal(with.c, without.c);
	assert_int_equal(with.rate, without.rate);
	assert_int_equal(with.trials, without.trials);
	with = search(&(struct sim){ .capacity_fps = 37000 }, true, 30000, 3);
	assert_int_equal(with.rate, without.rate);
	assert_int_equal(with.trials, without.trials);
}

/* The link down for 2.5 s (3 trials) from the 4th trial: without the
 * watch the invalid trials bound the search from above and it ends far
 * from the DUT's figure; with it the dead trials are repeated, not
 * counted, and the search finds what it finds without the outage. */
static void
test_short_link_down(void **state)
{
	struct sim ref = { .capacity_fps = 37000 };
	struct outcome r = search(&ref, false, 0, 3), o;
	struct sim s = { .capacity_fps = 37000, .away_ms = 3 * 1100,
			 .away_len_ms = 2500, .link_down = true };

	(void)state;
	o = search(&s, true, 0, 3);
	assert_int_equal(o.c, RESULT_INSIDE);
	assert_int_equal(o.rate, r.rate);
	assert_int_equal(o.recorded, r.recorded);
	assert_int_equal(o.trials, r.trials + 3);	/* 3 dead, repeated */
	assert_int_equal(s.probes, 0);
	/* with dut_wait_s: waited for, probed, the trial repeated */
	s = (struct sim){ .capacity_fps = 37000, .away_ms = 3 * 1100,
			  .away_len_ms = 2500, .link_down = true };
	o = search(&s, true, 30000, 3);
	assert_int_equal(o.c, RESULT_INSIDE);
	assert_int_equal(o.rate, r.rate);
	assert_int_equal(o.recorded, r.recorded);
	assert_int_equal(o.trials, r.trials + 1);
	assert_int_equal(s.probes, 1);
}

/* The link down for good from the 4th trial: never a measured figure;
 * "the DUT went away" after max_retries repeats, or after dut_wait_s. */
static void
test_link_gone(void **state)
{
	struct sim s = { .capacity_fps = 37000, .away_ms = 3 * 1100,
			 .away_len_ms = UINT64_MAX / 2, .link_down = true };
	struct outcome o;

	(void)state;
	o = search(&s, false, 0, 3);	/* the driver before the watch */
	assert_int_not_equal(result_case_kind(o.c), REPORT_RESULT_MEASURED);
	s.now_ms = 0;
	o = search(&s, true, 0, 3);
	assert_int_equal(o.c, RESULT_DUT_GONE);
	assert_int_equal(result_case_kind(o.c), REPORT_RESULT_NONE);
	assert_int_equal(o.recorded, 3);	/* the 3 trials before */
	assert_int_equal(o.trials, 3 + 1 + 3);	/* the dead one, 3 repeats */
	s.now_ms = 0;
	o = search(&s, true, 0, 0);		/* no retries: at once */
	assert_int_equal(o.c, RESULT_DUT_GONE);
	assert_int_equal(o.trials, 4);
	/* dut_wait_s = 20: gone 20 s after the dead trial ended, not before */
	s.now_ms = 0;
	s.probes = 0;
	o = search(&s, true, 20000, 3);
	assert_int_equal(o.c, RESULT_DUT_GONE);
	assert_int_equal(o.trials, 4);
	assert_true(o.gone_ms >= 4 * 1100 + 20000);
	assert_true(o.gone_ms < 4 * 1100 + 20000 + DUTWATCH_POLL_MS + 1);
	assert_int_equal(s.probes, 0);		/* the link never came up */
}

/* The DUT stops forwarding with its links up.  Without dut_wait_s that
 * is a search in which nothing came back (result.h: none, never a
 * measured 0; the drop-all DUT of dut_faults.sh); with it, probes tell an
 * outage (repeated once over) from a DUT that is there. */
static void
test_links_up(void **state)
{
	struct sim ref = { .capacity_fps = 37000 };
	struct outcome r = search(&ref, false, 0, 3), o;
	struct sim s = { .capacity_fps = 0 };

	(void)state;
	o = search(&s, true, 0, 3);
	assert_int_equal(o.c, RESULT_NOTHING_BACK);
	assert_int_equal(o.rate, 0);
	/* with dut_wait_s 10: no probe passes: gone, not 0 */
	s = (struct sim){ .capacity_fps = 0 };
	o = search(&s, true, 10000, 3);
	assert_int_equal(o.c, RESULT_DUT_GONE);
	assert_int_equal(o.trials, 1);
	/* away 8 s from the 3rd trial, links up: waited for, then the
	 * search as without the outage */
	s = (struct sim){ .capacity_fps = 37000, .away_ms = 2 * 1100,
			  .away_len_ms = 8000 };
	o = search(&s, false, 0, 3);
	assert_int_not_equal(o.rate, r.rate);	/* the outage misleads it */
	s = (struct sim){ .capacity_fps = 37000, .away_ms = 2 * 1100,
			  .away_len_ms = 8000 };
	o = search(&s, true, 10000, 3);
	assert_int_equal(o.c, RESULT_INSIDE);
	assert_int_equal(o.rate, r.rate);
	assert_int_equal(o.recorded, r.recorded);
	assert_true(s.probes >= 2);
	/* a DUT forwarding nothing above 60000 fps but the probes: there,
	 * its failures count and the search finds its figure */
	s = (struct sim){ .capacity_fps = 37000, .collapse_above = 60000 };
	o = search(&s, true, 10000, 3);
	assert_int_equal(o.c, RESULT_INSIDE);
	assert_int_equal(o.rate, r.rate);
	assert_int_equal(s.probes, 1);		/* 100000 fps: dead; once */
}

/* What counts as dead. */
static void
test_dead(void **state)
{
	struct report_trial r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.verdict = VERDICT_FAIL;
	r.dir[CFG_FWD].active = true;
	r.dir[CFG_FWD].v.planned = r.dir[CFG_FWD].v.sent = 100;
	r.dir[CFG_FWD].v.lost = 100;
	assert_true(dutwatch_dead(&r));
	r.dir[CFG_REV].active = true;	/* another direction forwards */
	r.dir[CFG_REV].v.planned = r.dir[CFG_REV].v.received = 100;
	assert_false(dutwatch_dead(&r));
	r.dir[CFG_REV].v.received = 0;
	r.dir[CFG_REV].v.late = 1;	/* late: the DUT is there */
	assert_false(dutwatch_dead(&r));
	r.dir[CFG_REV].v.late = 0;
	r.dir[CFG_REV].v.duplicates = 1;
	assert_false(dutwatch_dead(&r));
	r.dir[CFG_REV].v.duplicates = 0;
	assert_true(dutwatch_dead(&r));
	r.verdict = VERDICT_INVALID;	/* nothing could be sent */
	assert_true(dutwatch_dead(&r));
	r.verdict = VERDICT_INTERRUPTED;
	assert_false(dutwatch_dead(&r));
	r.verdict = VERDICT_PASS;
	assert_false(dutwatch_dead(&r));
	memset(&r, 0, sizeof(r));	/* nothing planned */
	r.verdict = VERDICT_FAIL;
	r.dir[CFG_FWD].active = true;
	assert_false(dutwatch_dead(&r));
}

/* A sender that aborted the trial behind schedule, links up: the
 * tester's trouble, recorded as such (invalid), never a DUT gone; with a
 * link down it is the DUT's. */
static void
test_tester_aborted(void **state)
{
	struct dutwatch_params wp = { 10000, 3, 20000 };
	struct report_trial r;
	struct dutwatch w;
	int d;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.verdict = VERDICT_INVALID;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		r.dir[d].active = true;
		r.dir[d].v.planned = r.dir[d].v.unsent = 1000;
	}
	r.dir[CFG_REV].v.max_lag_ns = 20001;
	dutwatch_init(&w, &wp);
	assert_true(dutwatch_dead(&r));
	assert_int_equal(dutwatch_trial(&w, &r, true, 0), DUTWATCH_RECORD);
	assert_int_equal(w.dead_trials, 0);
	assert_int_equal(dutwatch_trial(&w, &r, false, 0), DUTWATCH_WAIT);
	r.dir[CFG_REV].v.max_lag_ns = 20000;	/* at the limit: not aborted */
	dutwatch_init(&w, &wp);
	assert_int_equal(dutwatch_trial(&w, &r, true, 0), DUTWATCH_PROBE);
}

/* The phases wrapper ends with its inner search; a procedure without
 * dut_gone leaves it to the driver. */
static void
test_procs(void **state)
{
	struct search_params sp = {
		.lo_fps = 0, .hi_fps = 100000, .initial_fps = 100000,
		.error_fps = 1000, .max_retries = 3,
	};
	struct trial_spec prelim, real, spec, held;
	struct report_trial r;
	struct stateful_tp tp;
	struct proc p = { &stateful_tp_ops, &tp };
	struct sweep sw;
	struct proc q = { &sweep_ops, &sw };
	struct proc_single single;
	struct proc s1 = { &proc_single_ops, &single };

	(void)state;
	memset(&r, 0, sizeof(r));
	memset(&prelim, 0, sizeof(prelim));
	prelim.active[CFG_FWD] = true;
	prelim.duration_ms = 1000;
	prelim.phase = TRIAL_PHASE_PRELIMINARY;
	real = prelim;
	real.phase = TRIAL_PHASE_REAL;
	assert_int_equal(stateful_tp_start(&tp, &sp, &prelim, &real, true), 0);
	assert_true(proc_next(&p, &spec));
	assert_true(proc_dut_gone(&p));
	assert_false(proc_next(&p, &spec));
	assert_int_equal(proc_remaining(&p), 0);
	assert_int_equal(search_case(&tp.sp.s), RESULT_DUT_GONE);
	/* a dead phase 2 repeated: phase 1 first, then the same phase 2 */
	assert_int_equal(stateful_tp_start(&tp, &sp, &prelim, &real, true), 0);
	assert_ptr_equal(stateful_phases_of(&p), &tp.ph);
	assert_true(proc_next(&p, &spec));
	assert_int_equal(spec.phase, TRIAL_PHASE_PRELIMINARY);
	r.verdict = VERDICT_PASS;
	r.recorded = 0;
	prelim.table_size = 0;
	proc_record(&p, &spec, &r);
	assert_true(proc_next(&p, &spec));
	assert_int_equal(spec.phase, TRIAL_PHASE_REAL);
	held = spec;
	stateful_phases_again(stateful_phases_of(&p));
	assert_true(proc_next(&p, &spec));
	assert_int_equal(spec.phase, TRIAL_PHASE_PRELIMINARY);
	proc_record(&p, &spec, &r);
	assert_true(proc_next(&p, &spec));
	assert_int_equal(spec.phase, TRIAL_PHASE_REAL);
	assert_int_equal(trial_spec_rate_fps(&spec), trial_spec_rate_fps(&held));
	memset(&sw, 0, sizeof(sw));
	assert_false(proc_dut_gone(&q));
	assert_null(stateful_phases_of(&q));
	proc_single_start(&single, &prelim);
	assert_false(proc_dut_gone(&s1));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dead),
		cmocka_unit_test(test_no_outage),
		cmocka_unit_test(test_short_link_down),
		cmocka_unit_test(test_link_gone),
		cmocka_unit_test(test_links_up),
		cmocka_unit_test(test_tester_aborted),
		cmocka_unit_test(test_procs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

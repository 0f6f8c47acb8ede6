/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the procedures (proc.h: single, search, sweep) and of
 * trial_spec, run the way the DPDK layer's driver runs them, against
 * simulated DUTs whose right answer is known before the test runs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/delay.h"
#include "dutperf/proc.h"
#include "dutperf/search.h"
#include "dutperf/sweep.h"
#include "dutperf/trial_spec.h"

/* A DUT that forwards up to capacity_fps per direction and drops the rest;
 * invalid_above: trials above this rate come out invalid (a tester that
 * cannot keep up), 0: never; interrupt_at: the n-th trial is interrupted. */
struct sim_dut {
	uint64_t capacity_fps;
	uint64_t invalid_above;
	uint32_t invalid_mask;	/* bit n % 32 set: the n-th trial is invalid */
	uint32_t interrupt_at;
	uint32_t trials;
	uint64_t rates[256];		/* offered, in order */
};

static void
sim_trial(struct sim_dut *dut, const struct trial_spec *spec,
	  struct report_trial *r)
{
	struct verdict_dir dirs[CFG_NB_DIRS];
	unsigned nb = 0;
	int d;

	memset(r, 0, sizeof(*r));
	r->rate_fps = trial_spec_rate_fps(spec);
	dut->rates[dut->trials % 256] = r->rate_fps;
	dut->trials++;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct verdict_dir *v = &r->dir[d].v;
		uint64_t frames = trial_spec_frames(spec, d);
		uint64_t cap = dut->capacity_fps * spec->duration_ms / 1000;

		if (!spec->active[d])
			continue;
		r->dir[d].active = true;
		v->planned = v->sent = frames;
		v->received = frames < cap ? frames : cap;
		v->lost = v->sent - v->received;
		if ((dut->invalid_above && r->rate_fps > dut->invalid_above) ||
		    (dut->invalid_mask >> ((dut->trials - 1) % 32) & 1))
			v->max_lag_ns = UINT64_MAX;
		dirs[nb++] = *v;
	}
	r->verdict = verdict_eval(dirs, nb, spec->loss_ppm,
				  (uint64_t)spec->max_lag_us * 1000,
				  dut->trials == dut->interrupt_at, NULL);
	r->loss_ratio = proc_loss_ratio(r);
}

/* The driver's loop (src/dpdk/driver/driver.c) without DPDK: trials until done. */
static uint32_t
run_proc(const struct proc *p, struct sim_dut *dut)
{
	struct trial_spec spec;
	struct report_trial r;
	uint32_t n = 0, left;

	while (proc_next(p, &spec)) {
		left = proc_remaining(p);
		assert_true(left >= 1);
		sim_trial(dut, &spec, &r);
		proc_record(p, &spec, &r);
		n++;
		assert_true(n < 1000);
	}
	assert_int_equal(proc_remaining(p), 0);
	return n;
}

static void
base_cfg(struct cfg *c)
{
	cfg_defaults(c);
	c->duration_s = 2;
	c->direction = CFG_DIRECTION_BOTH;
	c->max_lag_us = 1000;
}

static void
test_spec_from_cfg(void **state)
{
	struct trial_spec s;
	struct cfg c;
	char err[256];

	(void)state;
	base_cfg(&c);
	c.direction = CFG_DIRECTION_REVERSE;
	c.timeout_ms = 1234;
	c.frame_timeout_ms = 77;
	c.loss_ppm = 5;
	trial_spec_from_cfg(&s, &c, 1000);
	assert_false(s.active[CFG_FWD]);
	assert_true(s.active[CFG_REV]);
	assert_int_equal(s.rate_fps[CFG_FWD], 0);
	assert_int_equal(s.rate_fps[CFG_REV], 1000);
	assert_int_equal(trial_spec_rate_fps(&s), 1000);
	assert_int_equal(s.duration_ms, 2000);
	assert_int_equal(s.timeout_ms, 1234);
	assert_int_equal(s.frame_timeout_ms, 77);
	assert_int_equal(s.loss_ppm, 5);
	assert_int_equal(s.max_lag_us, 1000);
	assert_int_equal(trial_spec_frames(&s, CFG_FWD), 0);
	assert_int_equal(trial_spec_frames(&s, CFG_REV), 2000);
	assert_int_equal(trial_spec_duration_s(&s), 2);
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), 0);
}

/*
 * trials.csv's duration_ms is the sending time itself: 0.5 s and 1.7 s
 * trials (MLRsearch's short ones, back-to-back bursts by frame count)
 * show 500 and 1700, where duration_s rounds both up; the row ends with it.
 */
/* Length of trials.csv row up to the end of column name's field. */
static size_t
row_upto(const char *row, const char *name)
{
	const struct report_col *c = NULL;
	int j = report_col_find(&report_trials_table, name, &c);
	const char *p = row;

	assert_true(j >= 0);
	for (; j >= 0; j--) {
		p = strchr(p, ',');
		if (p == NULL)
			return strlen(row);
		if (j > 0)
			p++;
	}
	return (size_t)(p - row);
}

static void
test_spec_report(void **state)
{
	static const struct {
		uint64_t ms, frames;
		uint32_t want_s;
		uint64_t want_ms;
		const char *tail;
	} cases[] = {
		{ 500, 0, 1, 500, ",500" },
		{ 1700, 0, 2, 1700, ",1700" },
		{ 2000, 0, 2, 2000, ",2000" },
		{ 0, 10, 4, 3334, ",3334" },	/* 10 frames at 3 fps */
	};
	struct report_trial r;
	struct trial_spec s;
	struct cfg c;
	char row[2048];
	size_t i, n;

	(void)state;
	base_cfg(&c);
	c.direction = CFG_DIRECTION_FORWARD;
	c.timeout_ms = 250;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		trial_spec_from_cfg(&s, &c, 3);
		s.duration_ms = cases[i].ms;
		s.frames = cases[i].frames;
		memset(&r, 0, sizeof(r));
		r.seed = 42;
		trial_spec_report(&s, &r);
		assert_int_equal(r.duration_s, cases[i].want_s);
		assert_int_equal(r.duration_ms, cases[i].want_ms);
		assert_int_equal(r.rate_fps, 3);
		assert_int_equal(r.direction, CFG_DIRECTION_FORWARD);
		assert_int_equal(r.timeout_ms, 250);
		assert_string_equal(r.phase, "plain");
		assert_int_equal(r.seed, 42);	/* left alone */
		assert_true(report_row(&report_trials_table, &r, row, sizeof(row)) > 0);
		/* the row up to duration_ms (imix and more follow it) */
		n = row_upto(row, "duration_ms");
		assert_true(n > strlen(cases[i].tail));
		row[n] = '\0';
		assert_string_equal(row + n - strlen(cases[i].tail),
				    cases[i].tail);
	}
	s.active[CFG_REV] = true;
	s.phase = TRIAL_PHASE_REAL;
	trial_spec_report(&s, &r);
	assert_int_equal(r.direction, CFG_DIRECTION_BOTH);
	assert_string_equal(r.phase, "real");
	s.active[CFG_FWD] = false;
	trial_spec_report(&s, &r);
	assert_int_equal(r.direction, CFG_DIRECTION_REVERSE);
}

static void
test_spec_lengths(void **state)
{
	struct trial_spec s;
	struct cfg c;
	char err[256];

	(void)state;
	base_cfg(&c);
	trial_spec_from_cfg(&s, &c, 3);
	/* by duration: floor(rate * ms / 1000), like pacer_total for whole s */
	s.duration_ms = 1500;
	assert_int_equal(trial_spec_frames(&s, CFG_FWD), 4);
	assert_int_equal(trial_spec_duration_s(&s), 2);	/* rounded up */
	/* by frame count: the duration no longer matters */
	s.frames = 10;
	assert_int_equal(trial_spec_frames(&s, CFG_FWD), 10);
	assert_int_equal(trial_spec_send_ms(&s), 3334);	/* ceil(10 / 3 s) */
	/* the slower direction decides */
	s.rate_fps[CFG_REV] = 1;
	assert_int_equal(trial_spec_send_ms(&s), 10000);
	/* 3600 s at 148.8 Mfps does not overflow */
	s.frames = 0;
	s.duration_ms = 3600 * 1000;
	s.rate_fps[CFG_FWD] = 148809524;
	assert_true(trial_spec_frames(&s, CFG_FWD) ==
		    UINT64_C(148809524) * 3600);
	/* bad specs */
	s.rate_fps[CFG_REV] = 0;
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "reverse rate of 0 fps"));
	s.rate_fps[CFG_REV] = 1;
	s.duration_ms = 0;
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "neither"));
	s.duration_ms = TRIAL_SPEC_MAX_DURATION_MS + 1;
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), -EINVAL);
	s.duration_ms = 1000;
	s.active[CFG_FWD] = s.active[CFG_REV] = false;
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "no direction"));
}

static void
test_spec_tags(void **state)
{
	uint64_t seq[8];
	struct trial_spec s;
	struct cfg c;
	char err[256];
	int j;

	(void)state;
	/* RFC 8219 7.2: 4 tags over frames [100, 200): 100, 125, 150, 175 */
	trial_spec_place_tags(seq, 4, 100, 200);
	for (j = 0; j < 4; j++)
		assert_int_equal(seq[j], 100 + 25 * j);
	/* uneven: floor(j * 10 / 3) = 0, 3, 6 */
	trial_spec_place_tags(seq, 3, 0, 10);
	assert_int_equal(seq[0], 0);
	assert_int_equal(seq[1], 3);
	assert_int_equal(seq[2], 6);
	/* a delay past the end: the last nb frames */
	trial_spec_place_tags(seq, 3, 50, 10);
	assert_int_equal(seq[0], 7);
	assert_int_equal(seq[2], 9);
	/* the spec check knows whether they fit */
	base_cfg(&c);
	trial_spec_from_cfg(&s, &c, 100);	/* 200 frames in 2 s */
	s.nb_tags = 100;
	s.tag_delay_ms = 1000;			/* 100 frames after it */
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), 0);
	s.nb_tags = 101;
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "101 tagged frames do not fit"));
	/* the mode check says the same in the configuration's words */
	c.rate_fps = 100;
	c.lat_delay_s = 1;
	c.lat_tagged = 100;
	assert_int_equal(trial_spec_check_latency(&c, err, sizeof(err)), 0);
	c.lat_tagged = 101;
	assert_int_equal(trial_spec_check_latency(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[latency] tagged_frames = 101"));
	c.lat_delay_s = 2;
	assert_int_equal(trial_spec_check_latency(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "delay_s = 2 must be below"));
}

static void
test_max_rate(void **state)
{
	struct cfg c;

	(void)state;
	base_cfg(&c);
	c.rate_max_fps = 12345;
	assert_int_equal(trial_spec_max_rate_fps(&c), 12345);
	c.rate_max_fps = 0;
	c.link_speed_gbps = 10;
	c.frame_size_b = 64;
	/* 10 Gb/s over (64 + 20) * 8 bits = 14880952 fps */
	c.side[CFG_LEFT].ip_version = c.side[CFG_RIGHT].ip_version = 4;
	assert_int_equal(trial_spec_max_rate_fps(&c), 14880952);
	c.frame_size_b = 1518;	/* 10e9 / (1538 * 8) = 812743 */
	assert_int_equal(trial_spec_max_rate_fps(&c), 812743);
	/* no key: the ports' reported speed (100 Gb/s), else 10 Gb/s */
	c.link_speed_gbps = 0;
	c.port_speed_mbps = 0;
	assert_int_equal(trial_spec_max_rate_fps(&c), 812743);
	c.port_speed_mbps = 100000;
	assert_int_equal(trial_spec_max_rate_fps(&c), 8127438);
	c.link_speed_gbps = 10;		/* the key overrides the port */
	assert_int_equal(trial_spec_max_rate_fps(&c), 812743);
}

static void
test_single(void **state)
{
	struct sim_dut dut = { .capacity_fps = 1000 };
	struct proc_single single;
	struct proc p = { &proc_single_ops, &single };
	struct trial_spec spec;
	struct cfg c;

	(void)state;
	base_cfg(&c);
	trial_spec_from_cfg(&spec, &c, 900);
	proc_single_start(&single, &spec);
	assert_int_equal(proc_remaining(&p), 1);
	assert_int_equal(run_proc(&p, &dut), 1);
	assert_int_equal(dut.rates[0], 900);
	assert_int_equal(single.verdict, VERDICT_PASS);
	proc_single_start(&single, &spec);
	trial_spec_set_rate(&single.spec, 2000);
	assert_int_equal(run_proc(&p, &dut), 1);
	assert_int_equal(single.verdict, VERDICT_FAIL);
}

/* The search as a procedure gives what search_record gives, and finds a
 * sharp capacity within the error. */
static void
test_search_proc(void **state)
{
	static const uint64_t caps[] = { 1, 999, 1000, 4321, 77777, 99999,
					 100000 };
	struct search_params prm = {
		.lo_fps = 0, .hi_fps = 100000, .initial_fps = 100000,
		.error_fps = 10, .max_retries = 2,
	};
	struct search_proc sp;
	struct proc p = { &search_ops, &sp };
	struct trial_spec base;
	struct cfg c;
	char where[128];
	unsigned i;

	(void)state;
	base_cfg(&c);
	trial_spec_from_cfg(&base, &c, 0);
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		struct sim_dut dut = { .capacity_fps = caps[i] };
		struct search ref;
		uint32_t n, k;

		assert_int_equal(search_proc_start(&sp, &prm, &base), 0);
		n = run_proc(&p, &dut);
		assert_true(search_result(&sp.s) <= caps[i]);
		assert_true(caps[i] - search_result(&sp.s) <= prm.error_fps ||
			    search_result(&sp.s) == 0);
		/* a sharp capacity is measured (below the error: as 0);
		 * one at the range's top only a lower bound (result.h) */
		assert_int_equal(search_kind(&sp.s), caps[i] >= prm.hi_fps ?
				 REPORT_RESULT_LOWER_BOUND :
				 REPORT_RESULT_MEASURED);
		assert_true(search_result(&sp.s) > 0 || caps[i] < prm.error_fps);
		assert_int_equal(n, sp.s.iterations);
		/* the same trials fed by hand give the same search */
		search_init(&ref, &prm);
		for (k = 0; k < n; k++) {
			assert_int_equal(search_next_rate(&ref), dut.rates[k]);
			search_record(&ref, dut.rates[k] <= caps[i] ?
				      VERDICT_PASS : VERDICT_FAIL);
		}
		assert_true(search_done(&ref));
		assert_int_equal(search_result(&ref), search_result(&sp.s));
	}
	proc_describe(&p, where, sizeof(where));
	assert_string_equal(where, "[100000, 100000] best 100000");
	/* invalid trials are retried, then bound the search from above */
	{
		struct sim_dut dut = { .capacity_fps = 100000,
				       .invalid_above = 50000 };

		assert_int_equal(search_proc_start(&sp, &prm, &base), 0);
		run_proc(&p, &dut);
		assert_true(search_result(&sp.s) <= 50000);
		assert_true(search_result(&sp.s) >= 50000 - prm.error_fps);
		assert_true(sp.s.invalid_bounds > 0);
		/* the DUT forwards 100000: what was found is a lower bound */
		assert_int_equal(search_kind(&sp.s), REPORT_RESULT_LOWER_BOUND);
	}
	/* a tester that can offer nothing validly: no result at all */
	{
		struct sim_dut dut = { .capacity_fps = 100000,
				       .invalid_above = 1 };
		uint32_t n;

		assert_int_equal(search_proc_start(&sp, &prm, &base), 0);
		n = run_proc(&p, &dut);
		assert_int_equal(search_result(&sp.s), 0);
		assert_int_equal(sp.s.invalid, n);
		assert_int_equal(search_kind(&sp.s), REPORT_RESULT_NONE);
	}
	/* invalid above 50000 but a DUT of 20000: its losses bound the
	 * search, measured */
	{
		struct sim_dut dut = { .capacity_fps = 20000,
				       .invalid_above = 50000 };

		assert_int_equal(search_proc_start(&sp, &prm, &base), 0);
		run_proc(&p, &dut);
		assert_true(search_result(&sp.s) <= 20000);
		assert_true(search_result(&sp.s) >= 20000 - prm.error_fps);
		assert_int_equal(search_kind(&sp.s), REPORT_RESULT_MEASURED);
	}
	/* interrupted: done, and says so */
	{
		struct sim_dut dut = { .capacity_fps = 5000, .interrupt_at = 3 };

		assert_int_equal(search_proc_start(&sp, &prm, &base), 0);
		assert_int_equal(run_proc(&p, &dut), 3);
		assert_true(sp.s.interrupted);
	}
	prm.lo_fps = prm.hi_fps;
	assert_int_equal(search_proc_start(&sp, &prm, &base), -EINVAL);
}

static void
test_sweep_rates(void **state)
{
	uint64_t r[SWEEP_MAX_RATES];
	struct cfg c;
	char err[512];
	bool stepped;
	int n, i;

	(void)state;
	base_cfg(&c);
	c.rate_max_fps = 1000;
	c.loss_step_pct = 10;
	c.rate_min_fps = 0;
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	/* RFC 2544 26.3: 100 %, 90 %, ... 10 % */
	assert_int_equal(n, 10);
	assert_true(stepped);
	for (i = 0; i < n; i++)
		assert_int_equal(r[i], 1000 - 100 * i);
	c.rate_min_fps = 250;	/* the floor: 1000 .. 300 */
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	assert_int_equal(n, 8);
	assert_int_equal(r[7], 300);
	c.loss_step_pct = 3;	/* 30 fps steps: 1000, 970, ... 10 */
	c.rate_min_fps = 0;
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	assert_int_equal(n, 34);
	assert_int_equal(r[33], 10);
	c.rate_min_fps = 2000;	/* nothing at or above the floor */
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	assert_int_equal(n, -EINVAL);
	assert_non_null(strstr(err, "[loss]: no rate to offer"));
	/* explicit rates, in the given order */
	snprintf(c.loss_rates, sizeof(c.loss_rates), "300, 100,200");
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	assert_int_equal(n, 3);
	assert_false(stepped);
	assert_int_equal(r[0], 300);
	assert_int_equal(r[1], 100);
	assert_int_equal(r[2], 200);
	n = sweep_rates(&c, r, 2, &stepped, err, sizeof(err));
	assert_int_equal(n, -EINVAL);
	snprintf(c.loss_rates, sizeof(c.loss_rates), "300,x");
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	assert_int_equal(n, -EINVAL);
	assert_non_null(strstr(err, "[loss] rates = \"300,x\": item 2"));
}

static void
test_sweep_proc(void **state)
{
	uint64_t r[SWEEP_MAX_RATES];
	struct sweep sw;
	struct proc p = { &sweep_ops, &sw };
	struct trial_spec base;
	struct cfg c;
	char err[512];
	bool stepped;
	int n;

	(void)state;
	base_cfg(&c);
	c.rate_max_fps = 1000;
	c.loss_step_pct = 10;
	n = sweep_rates(&c, r, SWEEP_MAX_RATES, &stepped, err, sizeof(err));
	trial_spec_from_cfg(&base, &c, 0);
	/* capacity 650: losses at 1000 .. 700, lossless at 600 and 500 */
	{
		struct sim_dut dut = { .capacity_fps = 650 };

		sweep_start(&sw, &base, r, (uint32_t)n, stepped);
		assert_int_equal(proc_remaining(&p), 10);
		assert_int_equal(run_proc(&p, &dut), 6);
		assert_int_equal(dut.rates[5], 500);
		assert_int_equal(sweep_kind(&sw), REPORT_RESULT_MEASURED);
	}
	/* a DUT that loses everywhere: the whole series */
	{
		struct sim_dut dut = { .capacity_fps = 1 };

		sweep_start(&sw, &base, r, (uint32_t)n, stepped);
		assert_int_equal(run_proc(&p, &dut), 10);
	}
	/* invalid trials are not lossless: 900 and 800 invalid, 1000 passes
	 * too (capacity above everything) but only two clean in a row stop */
	{
		struct sim_dut dut = { .capacity_fps = 5000,
				       .invalid_above = 1000 };

		sweep_start(&sw, &base, r, (uint32_t)n, stepped);
		assert_int_equal(run_proc(&p, &dut), 2);
		assert_int_equal(sweep_kind(&sw), REPORT_RESULT_MEASURED);
		dut = (struct sim_dut){ .capacity_fps = 5000, .invalid_above = 850 };
		sweep_start(&sw, &base, r, (uint32_t)n, stepped);
		/* 1000 invalid, 900 invalid, 800 and 700 clean */
		assert_int_equal(run_proc(&p, &dut), 4);
		/* two steps had no valid trial: not a measured sweep */
		assert_int_equal(sw.invalid, 2);
		assert_int_equal(sweep_kind(&sw), REPORT_RESULT_NONE);
	}
	/* explicit rates: every one, lossless or not */
	{
		static const uint64_t list[] = { 100, 200, 300 };
		struct sim_dut dut = { .capacity_fps = 5000 };

		sweep_start(&sw, &base, list, 3, false);
		assert_int_equal(run_proc(&p, &dut), 3);
	}
	/* interrupted: the sweep ends there */
	{
		struct sim_dut dut = { .capacity_fps = 1, .interrupt_at = 2 };

		sweep_start(&sw, &base, r, (uint32_t)n, stepped);
		assert_int_equal(run_proc(&p, &dut), 2);
		assert_true(sw.interrupted);
	}
}

static void
test_loss_ratio(void **state)
{
	struct report_trial r;

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_true(proc_loss_ratio(&r) == 0.0);
	r.dir[CFG_FWD].active = true;
	r.dir[CFG_FWD].v.sent = 1000;
	r.dir[CFG_FWD].v.received = 990;
	r.dir[CFG_REV].active = true;
	r.dir[CFG_REV].v.sent = 1000;
	r.dir[CFG_REV].v.received = 1000;
	assert_true(fabs(proc_loss_ratio(&r) - 0.005) < 1e-12);
	/* an inactive direction's counts do not count */
	r.dir[CFG_REV].active = false;
	assert_true(fabs(proc_loss_ratio(&r) - 0.01) < 1e-12);
}

/*
 * remaining() is an upper bound of the trials that follow (the ETA is an
 * upper bound), also with invalid trials retried: a tester that cannot
 * offer the high rates, and invalid trials scattered through the search:
 * the ETA never says less than the search takes.
 */
static void
test_remaining_bound(void **state)
{
	static const struct {
		uint64_t cap, invalid_above;
		uint32_t mask, retries;
	} cases[] = {
		{ 80000, 0, 0, 3 },
		{ 80000, 50000, 0, 3 },		/* every rate above 50k invalid */
		{ 80000, 1, 0, 2 },		/* every trial invalid */
		{ 30000, 0, 0x55555555, 3 },	/* every other trial */
		{ 30000, 0, 0x77777777, 3 },	/* three of four */
		{ 99999, 60000, 0x11111111, 1 },
		{ 1000, 0, 0x0000fff0, 5 },
	};
	struct search_params prm = {
		.lo_fps = 0, .hi_fps = 100000, .initial_fps = 100000,
		.error_fps = 1000,
	};
	uint32_t left[1000], n, i, k, invalid;
	struct search_proc sp;
	struct proc p = { &search_ops, &sp };
	struct trial_spec base, spec;
	struct report_trial r;
	struct cfg c;

	(void)state;
	base_cfg(&c);
	trial_spec_from_cfg(&base, &c, 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sim_dut dut = { .capacity_fps = cases[i].cap,
				       .invalid_above = cases[i].invalid_above,
				       .invalid_mask = cases[i].mask };

		prm.max_retries = cases[i].retries;
		assert_int_equal(search_proc_start(&sp, &prm, &base), 0);
		n = invalid = 0;
		while (proc_next(&p, &spec)) {
			assert_true(n < 1000);
			left[n++] = proc_remaining(&p);
			sim_trial(&dut, &spec, &r);
			invalid += r.verdict == VERDICT_INVALID;
			proc_record(&p, &spec, &r);
		}
		assert_int_equal(proc_remaining(&p), 0);
		/* the invalid trials happened: the bound was put to the test */
		assert_true(cases[i].mask == 0 && cases[i].invalid_above == 0 ?
			    invalid == 0 : invalid > 0);
		for (k = 0; k < n; k++)
			if (left[k] < n - k)
				fail_msg("case %u: before trial %u, remaining %u but "
					 "%u trials followed", i, k + 1, left[k], n - k);
		/* and not far off: the first bound is the formula's */
		assert_int_equal(left[0], (1 + 7) * (prm.max_retries + 1));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remaining_bound),
		cmocka_unit_test(test_spec_from_cfg),
		cmocka_unit_test(test_spec_lengths),
		cmocka_unit_test(test_spec_report),
		cmocka_unit_test(test_spec_tags),
		cmocka_unit_test(test_max_rate),
		cmocka_unit_test(test_single),
		cmocka_unit_test(test_search_proc),
		cmocka_unit_test(test_sweep_rates),
		cmocka_unit_test(test_sweep_proc),
		cmocka_unit_test(test_loss_ratio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

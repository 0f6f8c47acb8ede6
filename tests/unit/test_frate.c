/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the forwarding-rate sweep (frate.h, RFC 2889 5.6) run the
 * way the driver runs it, against simulated DUTs whose forwarding rate is
 * set before the test: a capped DUT (forwarding = min(offered, C)) and a
 * collapsing one (min(offered, C) up to T2, then F2 < C: FRMOL < MFR).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/frate.h"
#include "dutperf/search.h"
#include "dutperf/trial_spec.h"

struct fr_dut {
	uint64_t cap_fps;	/* forwards at most this */
	uint64_t collapse_above;	/* offered above this: forwards ... */
	uint64_t collapsed_fps;		/* ... only this (0: no collapse) */
	uint64_t invalid_at;	/* a trial at this rate is invalid (0: none) */
	uint32_t interrupt_at;	/* the n-th trial is interrupted */
	uint32_t trials;
	uint64_t rates[64];
};

static uint64_t
fr_dut_fps(const struct fr_dut *dut, uint64_t offered)
{
	if (dut->collapsed_fps && offered > dut->collapse_above)
		return dut->collapsed_fps;
	return offered < dut->cap_fps ? offered : dut->cap_fps;
}

static void
fr_trial(struct fr_dut *dut, const struct trial_spec *spec,
	 struct report_trial *r)
{
	struct verdict_dir dirs[CFG_NB_DIRS];
	unsigned nb = 0;
	int d;

	memset(r, 0, sizeof(*r));
	r->rate_fps = trial_spec_rate_fps(spec);
	r->duration_ms = spec->duration_ms;
	dut->rates[dut->trials % 64] = r->rate_fps;
	dut->trials++;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct verdict_dir *v = &r->dir[d].v;
		uint64_t frames = trial_spec_frames(spec, d);
		uint64_t fwd = fr_dut_fps(dut, spec->rate_fps[d]) *
			       spec->duration_ms / 1000;

		if (!spec->active[d])
			continue;
		r->dir[d].active = true;
		v->planned = v->sent = frames;
		v->received = frames < fwd ? frames : fwd;
		v->lost = v->sent - v->received;
		/* frames of the other direction flooded back: never received */
		v->foreign = 7;
		if (dut->invalid_at && r->rate_fps == dut->invalid_at)
			v->max_lag_ns = UINT64_MAX;
		dirs[nb++] = *v;
	}
	r->verdict = verdict_eval(dirs, nb, spec->loss_ppm,
				  (uint64_t)spec->max_lag_us * 1000,
				  dut->trials == dut->interrupt_at, NULL);
	r->loss_ratio = proc_loss_ratio(r);
}

static uint32_t
fr_run(struct frate_proc *f, struct fr_dut *dut)
{
	struct proc p = { &frate_ops, f };
	struct trial_spec spec;
	struct report_trial r;
	uint32_t n = 0;
	char buf[160];

	while (proc_next(&p, &spec)) {
		assert_true(proc_remaining(&p) >= 1);
		proc_describe(&p, buf, sizeof(buf));
		assert_true(buf[0] != '\0');
		fr_trial(dut, &spec, &r);
		proc_record(&p, &spec, &r);
		assert_true(++n < 200);
	}
	assert_int_equal(proc_remaining(&p), 0);
	return n;
}

static void
fr_base(struct trial_spec *base, struct cfg *c)
{
	cfg_defaults(c);
	c->duration_s = 1;
	c->direction = CFG_DIRECTION_BOTH;
	c->max_lag_us = 1000;
	trial_spec_from_cfg(base, c, 0);
}

static void
test_frate_rates(void **state)
{
	uint64_t r[FRATE_MAX_STEPS];
	char err[256];
	int n;

	(void)state;
	/* RFC 2889 5.6.3.1: up by STEP, the last ILOAD the MOL */
	n = frate_rates(30000, 100000, 20000, r, FRATE_MAX_STEPS, err,
			sizeof(err));
	assert_int_equal(n, 5);
	assert_int_equal(r[0], 30000);
	assert_int_equal(r[3], 90000);
	assert_int_equal(r[4], 100000);
	/* exactly on the MOL: no extra step */
	n = frate_rates(20000, 100000, 20000, r, FRATE_MAX_STEPS, err,
			sizeof(err));
	assert_int_equal(n, 5);
	assert_int_equal(r[4], 100000);
	/* step 0: a tenth of the span, 11 loads */
	n = frate_rates(1000, 2000, 0, r, FRATE_MAX_STEPS, err, sizeof(err));
	assert_int_equal(n, 11);
	assert_int_equal(r[1], 1100);
	assert_int_equal(frate_step_fps(1000, 2000, 0), 100);
	/* throughput = MOL: one step, MFR = FRMOL (RFC 2889 5.6.3.1) */
	n = frate_rates(5000, 5000, 100, r, FRATE_MAX_STEPS, err, sizeof(err));
	assert_int_equal(n, 1);
	/* refused, naming the key */
	assert_int_equal(frate_rates(6000, 5000, 100, r, FRATE_MAX_STEPS, err,
				     sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[frate] start_fps = 6000"));
	assert_int_equal(frate_rates(1, 5000, 1, r, 10, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "[frate] step_fps = 1"));
	assert_int_equal(frate_rates(1, 0, 1, r, 10, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "[frate] max_fps"));
	/* no overflow near UINT64_MAX */
	n = frate_rates(UINT64_MAX - 5, UINT64_MAX, 4, r, 10, err, sizeof(err));
	assert_int_equal(n, 3);
	assert_true(r[2] == UINT64_MAX);
}

/* forwarding = min(offered, C): FR = offered below C, C above; MFR = C at
 * the first load at or above it; FRMOL = C */
static void
test_frate_capped(void **state)
{
	struct frate_proc *f = malloc(sizeof(*f));
	struct frate_params p = { .start_fps = 20000, .mol_fps = 100000,
				  .step_fps = 20000 };
	struct fr_dut dut = { .cap_fps = 50000 };
	struct trial_spec base;
	struct cfg c;
	char err[256];
	uint64_t iload = 0;
	double fr = 0;
	uint32_t i;
	int d;

	(void)state;
	fr_base(&base, &c);
	assert_int_equal(frate_start(f, &p, &base, NULL, err, sizeof(err)), 0);
	assert_int_equal(fr_run(f, &dut), 5);
	for (i = 0; i < 5; i++)
		for (d = 0; d < CFG_NB_DIRS; d++) {
			assert_true(f->steps[i].active[d]);
			assert_true(fabs(f->steps[i].fr_fps[d] -
					 (double)fr_dut_fps(&dut,
						f->steps[i].iload_fps)) < 1e-6);
			assert_true(fabs(f->steps[i].oload_fps[d] -
					 (double)f->steps[i].iload_fps) < 1e-6);
		}
	for (d = 0; d < CFG_NB_DIRS; d++) {
		assert_true(frate_mfr(f, d, &fr, &iload));
		assert_true(fabs(fr - 50000) < 1e-6);
		assert_int_equal(iload, 60000);	/* first at or above C */
		assert_true(frate_frmol(f, d, &fr));
		assert_true(fabs(fr - 50000) < 1e-6);
	}
	assert_int_equal(frate_kind(f), REPORT_RESULT_MEASURED);
	free(f);
}

/* collapsing: min(offered, 50000) up to 70000, then 20000: MFR 50000 at
 * 60000, FRMOL 20000 < MFR (RFC 2285 3.6.2 discussion) */
static void
test_frate_collapse(void **state)
{
	struct frate_proc *f = malloc(sizeof(*f));
	struct frate_params p = { .start_fps = 20000, .mol_fps = 100000,
				  .step_fps = 20000 };
	struct fr_dut dut = { .cap_fps = 50000, .collapse_above = 70000,
			      .collapsed_fps = 20000 };
	struct trial_spec base;
	struct cfg c;
	char err[256];
	uint64_t iload = 0;
	double fr = 0, frmol = 0;

	(void)state;
	fr_base(&base, &c);
	assert_int_equal(frate_start(f, &p, &base, NULL, err, sizeof(err)), 0);
	assert_int_equal(fr_run(f, &dut), 5);
	assert_true(fabs(f->steps[3].fr_fps[CFG_FWD] - 20000) < 1e-6);
	assert_true(frate_mfr(f, CFG_FWD, &fr, &iload));
	assert_true(frate_frmol(f, CFG_FWD, &frmol));
	assert_true(fabs(fr - 50000) < 1e-6);
	assert_int_equal(iload, 60000);
	assert_true(fabs(frmol - 20000) < 1e-6);
	assert_true(frmol < fr);
	free(f);
}

/* start 0: the binary search first finds C, then the sweep from it */
static void
test_frate_search_first(void **state)
{
	struct frate_proc *f = malloc(sizeof(*f));
	struct frate_params p = { .mol_fps = 100000, .step_fps = 25000 };
	struct fr_dut dut = { .cap_fps = 50000 };
	struct search_params sp = { .lo_fps = 0, .hi_fps = 100000,
				    .initial_fps = 100000, .error_fps = 1000 };
	struct trial_spec base;
	struct cfg c;
	char err[256];
	uint32_t n;

	(void)state;
	fr_base(&base, &c);
	assert_int_equal(frate_start(f, &p, &base, NULL, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "[frate] start_fps = 0"));
	assert_int_equal(frate_start(f, &p, &base, &sp, err, sizeof(err)), 0);
	assert_int_equal(frate_start_fps(f), 0);
	/* the ETA counts the sweep from the search's lowest rate: 0 .. 100000
	 * in 25000 steps from 1, 5 loads */
	assert_int_equal(f->most_steps, 5);
	assert_int_equal(proc_remaining(&(struct proc){ &frate_ops, f }),
			 search_remaining(&f->search.s) + 5);
	n = fr_run(f, &dut);
	assert_true(f->searched);
	/* the throughput found within the search's error below C */
	assert_true(frate_start_fps(f) <= 50000 &&
		    frate_start_fps(f) > 50000 - 1000);
	assert_int_equal(f->rates[0], frate_start_fps(f));
	assert_int_equal(f->rates[f->nb_rates - 1], 100000);
	assert_int_equal(n, f->search.s.iterations + f->nb_rates);
	assert_int_equal(frate_start_case(f), RESULT_INSIDE);
	assert_int_equal(frate_kind(f), REPORT_RESULT_MEASURED);
	/* a DUT that passes nothing: no throughput, no sweep, no figure */
	dut = (struct fr_dut){ .cap_fps = 0 };
	assert_int_equal(frate_start(f, &p, &base, &sp, err, sizeof(err)), 0);
	fr_run(f, &dut);
	assert_int_equal(f->nb_rates, 0);
	assert_int_equal(frate_kind(f), REPORT_RESULT_NONE);
	free(f);
}

/* an invalid step has no forwarding rate: out of the MFR, and the sweep is
 * no measured one; an interrupted one ends it with no FRMOL */
static void
test_frate_invalid(void **state)
{
	struct frate_proc *f = malloc(sizeof(*f));
	struct frate_params p = { .start_fps = 20000, .mol_fps = 100000,
				  .step_fps = 20000 };
	struct fr_dut dut = { .cap_fps = 1000000, .invalid_at = 80000 };
	struct trial_spec base;
	struct cfg c;
	char err[256];
	uint64_t iload = 0;
	double fr = 0;

	(void)state;
	fr_base(&base, &c);
	assert_int_equal(frate_start(f, &p, &base, NULL, err, sizeof(err)), 0);
	assert_int_equal(fr_run(f, &dut), 5);
	assert_int_equal(f->invalid, 1);
	assert_true(frate_mfr(f, CFG_FWD, &fr, &iload));
	assert_int_equal(iload, 100000);
	assert_int_equal(frate_kind(f), REPORT_RESULT_NONE);
	/* the MOL step itself invalid: no FRMOL, MFR from the others */
	dut = (struct fr_dut){ .cap_fps = 1000000, .invalid_at = 100000 };
	assert_int_equal(frate_start(f, &p, &base, NULL, err, sizeof(err)), 0);
	fr_run(f, &dut);
	assert_false(frate_frmol(f, CFG_FWD, &fr));
	assert_true(frate_mfr(f, CFG_FWD, &fr, &iload));
	assert_int_equal(iload, 80000);
	/* interrupted at the 2nd trial: ends there, no FRMOL */
	dut = (struct fr_dut){ .cap_fps = 1000000, .interrupt_at = 2 };
	assert_int_equal(frate_start(f, &p, &base, NULL, err, sizeof(err)), 0);
	assert_int_equal(fr_run(f, &dut), 2);
	assert_true(f->interrupted);
	assert_false(frate_frmol(f, CFG_FWD, &fr));
	assert_int_equal(frate_kind(f), REPORT_RESULT_NONE);
	free(f);
}

static void
test_frate_tables(void **state)
{
	char buf[1024];
	struct frate_row row = {
		.start = 0, .no = 1, .step = 2, .iload_fps = 40000,
		.frame_size_b = 64, .dir = CFG_REV, .duration_ms = 1000,
		.sent = 40000, .received = 30000, .oload_fps = 40000,
		.fr_fps = 30000, .measured = true, .foreign = 3,
		.verdict = VERDICT_FAIL,
	};
	struct frate_summary_row s = {
		.no = 1, .frame_size_b = 64, .dir = CFG_FWD, .start_fps = 20000,
		.mol_fps = 100000, .step_fps = 20000, .steps = 5,
		.has_mfr = true, .mfr_fps = 50000, .mfr_iload_fps = 60000,
		.result = REPORT_RESULT_MEASURED,
	};

	(void)state;
	assert_true(report_header(&frate_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "start,no,step,iload_fps,frame_size_b,dir,"
			    "duration_ms,sent,oload_fps,received,lost,loss_pct,"
			    "fr_fps,foreign,duplicates,status");
	assert_true(report_row(&frate_table, &row, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, ",2,40000,64,rev,1000,40000,40000.000,"
			       "30000,10000,25.000000,30000.000,3,0,fail"));
	/* an invalid trial: no loss, no forwarding rate */
	row.measured = false;
	row.verdict = VERDICT_INVALID;
	assert_true(report_row(&frate_table, &row, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, ",30000,,,,3,0,invalid"));
	assert_true(report_header(&frate_summary_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "no,frame_size_b,dir,start_fps,mol_fps,"
			    "step_fps,steps,mfr_fps,mfr_iload_fps,frmol_fps,"
			    "result_kind");
	assert_true(report_row(&frate_summary_table, &s, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,64,fwd,20000,100000,20000,5,50000.000,"
			    "60000,,measured");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_frate_rates),
		cmocka_unit_test(test_frate_capped),
		cmocka_unit_test(test_frate_collapse),
		cmocka_unit_test(test_frate_search_first),
		cmocka_unit_test(test_frate_invalid),
		cmocka_unit_test(test_frate_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the back-to-back procedure (b2b.h): the burst-length
 * search against simulated DUTs with a known buffer (a bucket of B
 * frames drained at X frames/s, bursts arriving at Rb), whose longest
 * lossless burst is computed by hand; the RFC 9004 6.4 formulas against
 * values computed by hand; the summary; bad parameters.
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

#include "dutperf/cli.h"
#include "dutperf/b2b.h"
#include "dutperf/cfg.h"

/*
 * A DUT with a buffer of buffer[rep] frames (per repetition: it may
 * change) that forwards drain_fps; the tester sends bursts at
 * measured_fps.  Frame i arrives at i / Rb; by then floor(X * i / Rb)
 * have left; it is dropped when the buffer is full.
 */
struct sim_b2b {
	uint64_t buffer[8];
	double drain_fps;
	double measured_fps;		/* what the sender "measures" */
	uint32_t slow_every;		/* every n-th trial "measures" a tenth */
	uint64_t unsent_above;		/* longer bursts: the port refuses
					 * one frame (the sender could not
					 * keep the burst); 0: never */
	uint32_t trials;
	uint32_t interrupt_at;		/* the n-th trial is interrupted */
	uint64_t frames[512];		/* burst lengths, in order */
	uint32_t timeouts[512];
};

static uint64_t
sim_received(const struct sim_b2b *dut, uint64_t frames, uint32_t rep)
{
	uint64_t i, admitted = 0, b = dut->buffer[(rep - 1) % 8];

	for (i = 0; i < frames; i++) {
		uint64_t left = (uint64_t)floor(dut->drain_fps * (double)i /
						 dut->measured_fps);

		if (admitted - (left < admitted ? left : admitted) < b)
			admitted++;
	}
	return admitted;
}

static void
sim_trial(struct sim_b2b *dut, const struct b2b *b,
	  const struct trial_spec *spec, struct report_trial *r)
{
	struct verdict_dir dirs[CFG_NB_DIRS];
	unsigned nb = 0;
	int d;

	memset(r, 0, sizeof(*r));
	r->rate_fps = trial_spec_rate_fps(spec);
	dut->frames[dut->trials % 512] = spec->frames;
	dut->timeouts[dut->trials % 512] = spec->timeout_ms;
	dut->trials++;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct verdict_dir *v = &r->dir[d].v;

		if (!spec->active[d])
			continue;
		r->dir[d].active = true;
		r->dir[d].achieved_fps = dut->measured_fps;
		if (dut->slow_every && dut->trials % dut->slow_every == 0)
			r->dir[d].achieved_fps /= 10;
		v->planned = v->sent = trial_spec_frames(spec, d);
		if (dut->unsent_above && v->planned > dut->unsent_above) {
			v->sent--;
			v->unsent = 1;
		}
		v->received = sim_received(dut, v->sent, b->rep);
		v->lost = v->sent - v->received;
		dirs[nb++] = *v;
	}
	r->verdict = verdict_eval(dirs, nb, spec->loss_ppm,
				  (uint64_t)spec->max_lag_us * 1000,
				  dut->trials == dut->interrupt_at, NULL);
	r->loss_ratio = proc_loss_ratio(r);
}

/* The driver's loop without DPDK; returns the trials run. */
static uint32_t
run_b2b(struct b2b *b, struct sim_b2b *dut)
{
	struct proc p = { &b2b_ops, b };
	struct trial_spec spec;
	struct report_trial r;
	uint32_t n = 0;

	while (proc_next(&p, &spec)) {
		assert_true(proc_remaining(&p) >= 1);
		sim_trial(dut, b, &spec, &r);
		proc_record(&p, &spec, &r);
		n++;
		assert_true(n < 5000);
	}
	assert_int_equal(proc_remaining(&p), 0);
	return n;
}

static void
base_spec(struct trial_spec *s, enum cfg_direction dir)
{
	struct cfg c;

	cfg_defaults(&c);
	c.direction = dir;
	trial_spec_from_cfg(s, &c, 0);
}

/* A forward-only b2b search started with p and run to the end against
 * dut; returns the trials run. */
static uint32_t
run_forward(struct b2b *b, const struct b2b_params *p, struct sim_b2b *dut)
{
	struct trial_spec base;
	char err[256];

	base_spec(&base, CFG_DIRECTION_FORWARD);
	assert_int_equal(b2b_start(b, p, &base, err, sizeof(err)), 0);
	return run_b2b(b, dut);
}

static struct b2b_params
params(uint64_t hi, uint32_t reps)
{
	struct b2b_params p = {
		.lo_frames = 0,
		.hi_frames = hi,
		.initial_frames = hi,
		.precision_frames = 1,
		.repetitions = reps,
		.max_retries = 2,
		.burst_fps = 1000000,
		.drain_ms = 2000,
	};
	return p;
}

/* RFC 9004 6.4 against values computed by hand. */
static void
test_formulas(void **state)
{
	(void)state;
	/* 3000 frames at 1.5 Mfps: 2 ms; at X = 1 Mfps the DUT forwarded
	 * 2000 of them while they arrived, so the buffer held 1000 frames:
	 * 1000 / 1.5e6 s = 666.667 us */
	assert_true(fabs(b2b_implied_buffer_s(3000, 1.5e6) - 0.002) < 1e-12);
	assert_true(fabs(b2b_corrected_buffer_s(3000, 1.5e6, 1e6) -
			 1000.0 / 1.5e6) < 1e-12);
	/* 14880 frames of 64 B at 10 Gb/s line rate (14880952 fps), X at
	 * half of it: implied 999.936 us, corrected 499.968 us */
	assert_true(fabs(b2b_implied_buffer_s(14880, 14880952) * 1e6 -
			 999.936) < 1e-3);
	assert_true(fabs(b2b_corrected_buffer_s(14880, 14880952, 7440476) *
			 1e6 - 499.968) < 1e-3);
	/* no rate, no throughput, throughput at the burst rate: none */
	assert_true(isnan(b2b_implied_buffer_s(100, 0)));
	assert_true(isnan(b2b_corrected_buffer_s(100, 1e6, 0)));
	assert_true(isnan(b2b_corrected_buffer_s(100, 1e6, 1e6)));
	assert_true(isnan(b2b_corrected_buffer_s(100, 1e6, 2e6)));
}

/*
 * B = 1000 frames drained at X = 0.5 Mfps, bursts at Rb = 1 Mfps: frame
 * i finds i - floor(i / 2) = ceil(i / 2) frames queued, so frames 0 ..
 * 1998 fit and frame 1999 does not: the longest lossless burst is 1999
 * (by hand; L = B / (1 - X / Rb) = 2000 less the frame in flight).
 */
static void
test_search_bucket(void **state)
{
	struct sim_b2b dut = { .buffer = { 1000, 1000, 1000, 1000, 1000, 1000,
					   1000, 1000 },
			       .drain_fps = 5e5, .measured_fps = 1e6 };
	struct b2b_params p = params(100000, 3);
	struct b2b_summary s;
	struct trial_spec base;
	struct b2b b;
	char err[256];
	uint32_t n, i;

	(void)state;
	base_spec(&base, CFG_DIRECTION_FORWARD);
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), 0);
	n = b2b_ops.remaining(&b);
	/* ceil(log2(100000)) + 1 = 18 per search */
	assert_int_equal(n, 3 * 18 * 3);
	assert_true(run_b2b(&b, &dut) <= n);
	assert_true(b.done);
	assert_false(b.interrupted);
	assert_int_equal(b.last.no, 3);
	assert_int_equal(b.last.frames, 1999);
	assert_int_equal(b.last.kind, REPORT_RESULT_MEASURED);
	assert_int_equal(b.kind, REPORT_RESULT_MEASURED);
	/* every trial one burst at the burst rate, no lag limit, the drain
	 * time plus the burst's sending time once the rate is known */
	assert_int_equal(dut.frames[0], 100000);
	assert_int_equal(dut.timeouts[0], 2000);
	assert_int_equal(dut.timeouts[1], 2000 + 50);	/* 50000 frames */
	for (i = 0; i < dut.trials; i++)
		assert_true(dut.frames[i] <= 100000);
	b2b_summarize(&b, 5e5, 0, &s);
	assert_int_equal(b.nb_rates, dut.trials);
	assert_int_equal(s.repetitions, 3);
	assert_true(s.avg_frames == 1999 && s.min_frames == 1999 &&
		    s.max_frames == 1999 && s.stddev_frames == 0);
	assert_true(s.burst_fps == 1e6);
	assert_true(fabs(s.implied_s - 1999e-6) < 1e-12);
	/* (1999 - 0.5e6 * 1999e-6) / 1e6 = 999.5 us: the buffer, B */
	assert_true(fabs(s.corrected_s - 999.5e-6) < 1e-12);
	assert_true(fabs(s.buffer_frames - 999.5) < 1e-6);
	/* without a throughput: no corrected time */
	b2b_summarize(&b, 0, 0, &s);
	assert_true(isnan(s.corrected_s));
	assert_int_equal(s.x_from, B2B_X_NONE);
	assert_true(fabs(s.implied_s - 1999e-6) < 1e-12);

	/*
	 * RFC 9004 6.4 without a throughput: this test's received frame
	 * rate.  Bursts received at (n - 1) / span: 1001 arrivals over 2 ms
	 * = 500,000 fps; 801 over 2 ms = 400,000; 1201 over 2 ms = 600,000;
	 * median 500,000 = X, the DUT's drain rate here.  By hand: corrected
	 * = (1999 - 5e5 * 1999 / 1e6) / 1e6 = 999.5 us as with X given;
	 * RFC 9004 7's actual buffer time at A = 250,000 fps: 999.5 us *
	 * 1e6 / 2.5e5 = 3998 us.
	 */
	assert_true(fabs(b2b_rx_fps(1001, 0.002) - 5e5) < 1e-6);
	assert_true(b2b_rx_fps(1, 0.002) == 0);
	assert_true(b2b_rx_fps(10, 0) == 0);
	b2b_add_rx_fps(&b, b2b_rx_fps(801, 0.002));
	b2b_add_rx_fps(&b, b2b_rx_fps(1201, 0.002));
	b2b_add_rx_fps(&b, b2b_rx_fps(1001, 0.002));
	b2b_add_rx_fps(&b, 0);		/* no rate: not a sample */
	assert_int_equal(b.nb_rx_rates, 3);
	b2b_summarize(&b, 0, 2.5e5, &s);
	assert_int_equal(s.x_from, B2B_X_RECEIVED);
	assert_string_equal(b2b_x_from_name(s.x_from), "received");
	assert_true(fabs(s.rx_fps - 5e5) < 1e-6);
	assert_true(fabs(s.throughput_fps - 5e5) < 1e-6);
	assert_true(fabs(s.corrected_s - 999.5e-6) < 1e-12);
	assert_true(fabs(s.actual_s - 3998e-6) < 1e-12);
	{
		struct b2b_row row;

		memset(&row, 0, sizeof(row));
		b2b_summary_row(&s, &row);
		assert_string_equal(row.throughput_from, "received");
		assert_true(row.has_actual && row.has_rx && row.has_corrected);
		assert_true(fabs(row.actual_buffer_us - 3998) < 1e-6);
	}
	/* a given throughput wins over the received rate, and is labelled */
	b2b_summarize(&b, 4e5, 0, &s);
	assert_int_equal(s.x_from, B2B_X_GIVEN);
	assert_true(s.throughput_fps == 4e5);
	/* (1999 - 4e5 * 1999e-6) / 1e6 = 1199.4 us */
	assert_true(fabs(s.corrected_s - 1199.4e-6) < 1e-12);
	assert_true(isnan(s.actual_s));		/* no A */
	assert_true(isnan(b2b_actual_buffer_s(NAN, 1e6, 1)));
}

/* A pure buffer (X = 0) that changes between repetitions: L = B each
 * time, 1000, 1100, 1200: average 1100, sample standard deviation 100. */
static void
test_summary_stats(void **state)
{
	struct sim_b2b dut = { .buffer = { 1000, 1100, 1200 },
			       .drain_fps = 0, .measured_fps = 2e6 };
	struct b2b_params p = params(5000, 3);
	struct b2b_summary s;
	struct trial_spec base;
	struct b2b b;
	char err[256];
	char desc[128];

	(void)state;
	base_spec(&base, CFG_DIRECTION_BOTH);
	p.precision_frames = 1;
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), 0);
	b2b_ops.describe(&b, desc, sizeof(desc));
	assert_non_null(strstr(desc, "repetition 1/3"));
	run_b2b(&b, &dut);
	b2b_summarize(&b, 0, 0, &s);
	assert_int_equal(s.repetitions, 3);
	assert_true(s.avg_frames == 1100);
	assert_true(s.min_frames == 1000);
	assert_true(s.max_frames == 1200);
	assert_true(fabs(s.stddev_frames - 100) < 1e-9);
	assert_true(fabs(s.implied_s - 1100 / 2e6) < 1e-12);
}

/*
 * A sender that cannot keep bursts longer than 600 frames (the port
 * refuses frames: invalid trials) in front of a DUT with a buffer of
 * 1000: after the retries those lengths bound the search from above,
 * the repetitions are lower bounds ("at least 599"), not measured, and
 * the summary has nothing (exit status 3 in mode b2b).
 */
static void
test_sender_limit(void **state)
{
	struct sim_b2b dut = { .buffer = { 1000, 1000 }, .drain_fps = 0,
			       .measured_fps = 1e6, .unsent_above = 600 };
	struct b2b_params p = params(5000, 2);
	struct b2b_summary s;
	struct b2b b;

	(void)state;
	run_forward(&b, &p, &dut);
	assert_true(b.last.frames <= 600 && b.last.frames >= 599);
	assert_int_equal(b.last.kind, REPORT_RESULT_LOWER_BOUND);
	assert_int_equal(b.last.why, RESULT_TESTER_LIMIT);
	assert_int_equal(b.why, RESULT_TESTER_LIMIT);
	assert_int_equal(b.kind, REPORT_RESULT_LOWER_BOUND);
	assert_true(b.s.invalid >= p.max_retries + 1);
	b2b_summarize(&b, 0, 0, &s);
	assert_int_equal(s.repetitions, 0);
	assert_true(isnan(s.implied_s));
}

/* R is the median of the run's burst rates: a few preempted bursts
 * (a tenth of the rate, every 4th trial) do not move it. */
static void
test_rate_median(void **state)
{
	struct sim_b2b dut = { .buffer = { 1000, 1000 }, .drain_fps = 0,
			       .measured_fps = 1e6, .slow_every = 4 };
	struct b2b_params p = params(5000, 2);
	struct b2b_summary s;
	struct b2b b;

	(void)state;
	run_forward(&b, &p, &dut);
	assert_true(dut.trials >= 8);
	b2b_summarize(&b, 0, 0, &s);
	assert_true(s.avg_frames == 1000);
	assert_true(s.burst_fps == 1e6);
	assert_true(fabs(s.implied_s - 1e-3) < 1e-12);
}

/* A precision of 50 frames: the result is within 50 below the answer. */
static void
test_precision(void **state)
{
	struct sim_b2b dut = { .buffer = { 1000 }, .drain_fps = 5e5,
			       .measured_fps = 1e6 };
	struct b2b_params p = params(100000, 1);
	struct b2b b;

	(void)state;
	p.precision_frames = 50;
	run_forward(&b, &p, &dut);
	assert_true(b.last.frames <= 1999 && b.last.frames > 1999 - 50);
}

/* The DUT takes the longest burst allowed: a lower bound, not measured;
 * nothing passes at all: 0 frames, measured. */
static void
test_max_passes(void **state)
{
	struct sim_b2b dut = { .buffer = { 100000, 100000 }, .drain_fps = 0,
			       .measured_fps = 1e6 };
	struct b2b_params p = params(5000, 2);
	struct b2b_summary s;
	struct trial_spec base;
	struct b2b b;
	char err[256];

	(void)state;
	base_spec(&base, CFG_DIRECTION_FORWARD);
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), 0);
	assert_int_equal(run_b2b(&b, &dut), 2);
	assert_int_equal(b.last.frames, 5000);
	assert_int_equal(b.last.kind, REPORT_RESULT_LOWER_BOUND);
	assert_int_equal(b.last.why, RESULT_TOP_PASSED);
	assert_int_equal(b.why, RESULT_TOP_PASSED);
	assert_int_equal(b.kind, REPORT_RESULT_LOWER_BOUND);
	b2b_summarize(&b, 0, 0, &s);
	assert_int_equal(s.repetitions, 0);
	assert_true(isnan(s.avg_frames) && isnan(s.implied_s));

	dut.buffer[0] = dut.buffer[1] = 0;
	dut.trials = 0;
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), 0);
	run_b2b(&b, &dut);
	assert_int_equal(b.last.frames, 0);
	/* not one frame of any burst came back: no figure (result.h's
	 * nothing back: a wrong MAC or cable, not a DUT without buffer) */
	assert_int_equal(b.why, RESULT_NOTHING_BACK);
	assert_int_equal(b.kind, REPORT_RESULT_NONE);
}

/*
 * A sender ten times slower than the schedule: the first burst failed
 * perhaps only because the receiver stopped before drain_ms after its
 * last frame, so the same length runs again, with the sending time at
 * the measured rate added to the timeout; the search is not fed.
 */
static void
test_slow_sender_redo(void **state)
{
	struct b2b_params p = params(100000, 1);
	struct report_trial r;
	struct trial_spec base, spec, again;
	struct b2b b;
	char err[256];

	(void)state;
	base_spec(&base, CFG_DIRECTION_FORWARD);
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), 0);
	assert_true(b2b_ops.next(&b, &spec));
	assert_int_equal(spec.timeout_ms, 2000);
	assert_int_equal(spec.max_lag_us, UINT32_MAX);
	memset(&r, 0, sizeof(r));
	r.dir[CFG_FWD].active = true;
	r.dir[CFG_FWD].achieved_fps = 1e5;	/* 100000 frames: 1 s */
	r.verdict = VERDICT_FAIL;
	b2b_ops.record(&b, &spec, &r);
	assert_int_equal(b.s.iterations, 0);
	assert_true(b2b_ops.next(&b, &again));
	assert_int_equal(again.frames, 100000);
	assert_int_equal(again.timeout_ms, 2000 + 1000);
	/* the same failure now counts */
	b2b_ops.record(&b, &again, &r);
	assert_int_equal(b.s.iterations, 1);
	assert_true(b2b_ops.next(&b, &spec));
	assert_int_equal(spec.frames, 50000);
}

static void
test_interrupted(void **state)
{
	struct sim_b2b dut = { .buffer = { 1000 }, .drain_fps = 0,
			       .measured_fps = 1e6, .interrupt_at = 3 };
	struct b2b_params p = params(5000, 5);
	struct b2b b;

	(void)state;
	assert_int_equal(run_forward(&b, &p, &dut), 3);
	assert_true(b.interrupted);
	assert_int_equal(b.measured, 0);
}

static void
test_bad_params(void **state)
{
	struct b2b_params p = params(1000, 1);
	struct trial_spec base;
	struct b2b b;
	char err[256];

	(void)state;
	base_spec(&base, CFG_DIRECTION_FORWARD);
	p.lo_frames = 1000;
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "lower 1000, upper 1000"));
	p = params(1000, 1);
	p.precision_frames = 0;
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), -EINVAL);
	p = params(1000, 1);
	p.initial_frames = 2000;
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), -EINVAL);
	p = params(1000, 0);
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "0 repetitions"));
	p = params(1000, 1);
	p.burst_fps = 0;
	assert_int_equal(b2b_start(&b, &p, &base, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "burst rate of 0"));
}

/* [b2b] keys: RFC 9004's drain, the length range, flows; messages name
 * the file, section, key and value. */
static void
test_cfg(void **state)
{
	struct cfg c;
	char err[512];

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(c.b2b_repetitions, 50);
	assert_int_equal(c.b2b_drain_ms, 2000);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	snprintf(c.path, sizeof(c.path), "x.ini");
	c.b2b_drain_ms = 300;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "x.ini: [b2b] drain_ms = 300: below RFC 9004"));
	c.b2b_short_drain = true;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.b2b_min_frames = 500;
	c.b2b_max_frames = 500;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[b2b] min_frames = 500 >= [b2b] max_frames = 500"));
	c.b2b_max_frames = 1000;
	c.b2b_initial_frames = 1001;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[b2b] initial_frames = 1001 outside"));
	c.b2b_initial_frames = 0;
	/* fixed source port 0xC020 = 49184: 16352 ports up to 65535 fit */
	c.dir[CFG_FWD].sport.mode = CFG_VAR_FIXED;
	c.dir[CFG_REV].sport.mode = CFG_VAR_FIXED;
	c.b2b_flows = 65535 - 49184 + 1;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.b2b_flows++;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[b2b] flows = 16353: source ports 49184 .. 65536"));
	c.b2b_flows = 1;
	/* RFC 9004 6.2: at most 30 s of the burst rate, known here from
	 * link_speed_gbps: 64-byte frames at 10 Gb/s, 14880952 fps */
	c.link_speed_gbps = 10;
	c.b2b_max_frames = UINT64_C(30) * 14880952;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.b2b_max_frames++;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "x.ini: [b2b] max_frames = 446428561: more "
			       "than 30 s (RFC 9004 6.2) at the burst rate "
			       "14880952 fps"));
	c.b2b_burst_rate_fps = 1000;
	c.b2b_max_frames = 30000;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.b2b_max_frames = 30001;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	c.b2b_max_frames = 0;
	c.b2b_burst_rate_fps = 14880953;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[b2b] burst_rate_fps = 14880953 fps is "
			       "above the line rate"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formulas),
		cmocka_unit_test(test_search_bucket),
		cmocka_unit_test(test_summary_stats),
		cmocka_unit_test(test_sender_limit),
		cmocka_unit_test(test_rate_median),
		cmocka_unit_test(test_precision),
		cmocka_unit_test(test_max_passes),
		cmocka_unit_test(test_slow_sender_redo),
		cmocka_unit_test(test_interrupted),
		cmocka_unit_test(test_bad_params),
		cmocka_unit_test(test_cfg),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the RFC 2544 binary search against simulated DUTs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/search.h"

#define MAX_TRIALS 400

/* A simulated DUT: the verdict of a trial at rate. */
struct dut {
	enum verdict (*trial)(struct dut *d, uint64_t rate);
	uint64_t t1, t2, t3;	/* thresholds, meaning per model */
	uint64_t rng;
	unsigned invalid_left;	/* invalid verdicts before a real one */
	unsigned interrupt_at;	/* trial number (1-based) to interrupt, 0 never */
};

struct trial_log {
	uint64_t rate[MAX_TRIALS];
	enum verdict v[MAX_TRIALS];
	uint32_t remaining[MAX_TRIALS];	/* search_remaining() before it */
	unsigned n;
	unsigned invalid;
};

static uint64_t
rng_next(uint64_t *x)
{
	/* xorshift64* */
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 2685821657736338717ULL;
}

static enum verdict
dut_threshold(struct dut *d, uint64_t rate)
{
	return rate <= d->t1 ? VERDICT_PASS : VERDICT_FAIL;
}

static enum verdict
dut_noisy(struct dut *d, uint64_t rate)
{
	if (rate > d->t1)
		return VERDICT_FAIL;
	/* within t2 below the threshold: fails 30 % of the time */
	if (rate + d->t2 > d->t1 && rng_next(&d->rng) % 10 < 3)
		return VERDICT_FAIL;
	return VERDICT_PASS;
}

static enum verdict
dut_fail(struct dut *d, uint64_t rate)
{
	(void)d;
	(void)rate;
	return VERDICT_FAIL;
}

static enum verdict
dut_pass(struct dut *d, uint64_t rate)
{
	(void)d;
	(void)rate;
	return VERDICT_PASS;
}

/* Passes below t1 and again in [t2, t3]: a non-monotonic DUT. */
static enum verdict
dut_bands(struct dut *d, uint64_t rate)
{
	return rate <= d->t1 || (rate >= d->t2 && rate <= d->t3) ?
	       VERDICT_PASS : VERDICT_FAIL;
}

/*
 * A tester that cannot offer more than t1 validly: rates above t1 are
 * invalid, except above t3 (when not 0), where the DUT fails validly;
 * at or below t1 the DUT passes up to its capacity t2.
 */
static enum verdict
dut_invalid_above(struct dut *d, uint64_t rate)
{
	if (d->t3 != 0 && rate > d->t3)
		return VERDICT_FAIL;
	if (rate > d->t1)
		return VERDICT_INVALID;
	return rate <= d->t2 ? VERDICT_PASS : VERDICT_FAIL;
}

static unsigned
ceil_log2_ratio(uint64_t gap, uint64_t err)
{
	unsigned k = 0;

	/* smallest k with gap <= err * 2^k, without overflow */
	while (gap > err) {
		gap = gap / 2 + (gap & 1);
		k++;
	}
	return k;
}

/*
 * Run a search to the end against d, checking the invariants on every
 * step; returns the result.
 */
static uint64_t
run(const struct search_params *p, struct dut *d, struct trial_log *log,
    struct search *s)
{
	uint64_t best = 0;
	unsigned i, valid_after;

	memset(log, 0, sizeof(*log));
	assert_int_equal(search_init(s, p), 0);
	while (!search_done(s)) {
		uint64_t rate = search_next_rate(s);
		enum verdict v;

		assert_true(log->n < MAX_TRIALS);
		assert_true(rate >= p->lo_fps && rate <= p->hi_fps);
		log->remaining[log->n] = search_remaining(s);
		if (d->interrupt_at != 0 && log->n + 1 == d->interrupt_at)
			v = VERDICT_INTERRUPTED;
		else if (d->invalid_left > 0) {
			d->invalid_left--;
			v = VERDICT_INVALID;
		} else {
			v = d->trial(d, rate);
		}
		log->rate[log->n] = rate;
		log->v[log->n] = v;
		log->n++;
		if (v == VERDICT_INVALID)
			log->invalid++;
		search_record(s, v);
		assert_int_equal(s->iterations, log->n);
	}
	assert_int_equal(search_remaining(s), 0);
	/* The answer is the highest rate that passed, from our own log. */
	for (i = 0; i < log->n; i++)
		if (log->v[i] == VERDICT_PASS && log->rate[i] > best)
			best = log->rate[i];
	assert_true(search_result(s) == best);
	/* Trial count bound. */
	assert_true(log->n <= ceil_log2_ratio(p->hi_fps - p->lo_fps,
					      p->error_fps) + 1 + log->invalid);
	/* search_remaining() bounded the pass/fail trials that followed. */
	for (i = 0; i < log->n; i++) {
		unsigned j;

		valid_after = 0;
		for (j = i; j < log->n; j++)
			valid_after += log->v[j] == VERDICT_PASS ||
				       log->v[j] == VERDICT_FAIL;
		if (valid_after > log->remaining[i])
			fail_msg("trial %u: %u trials followed, bound %u", i,
				 valid_after, log->remaining[i]);
	}
	/* Every passed rate lies below every failed rate. */
	for (i = 0; i < log->n; i++) {
		unsigned j;

		for (j = 0; j < log->n; j++)
			if (log->v[i] == VERDICT_PASS &&
			    log->v[j] == VERDICT_FAIL)
				assert_true(log->rate[i] < log->rate[j]);
	}
	return search_result(s);
}

static void
test_sharp_threshold(void **state)
{
	static const uint64_t errs[] = { 1, 7, 200, 10000 };
	struct search_params p = { .lo_fps = 0, .hi_fps = 1488095,
				   .initial_fps = 1488095, .max_retries = 2 };
	struct dut d = { .trial = dut_threshold };
	struct trial_log log;
	struct search s;
	uint64_t thr, res;
	size_t e;

	(void)state;
	for (e = 0; e < sizeof(errs) / sizeof(errs[0]); e++) {
		p.error_fps = errs[e];
		for (thr = 1; thr < p.hi_fps; thr = thr * 3 + 17) {
			d.t1 = thr;
			res = run(&p, &d, &log, &s);
			assert_true(res <= thr);
			if (thr - res > p.error_fps)
				fail_msg("threshold %llu error %llu: result %llu",
					 (unsigned long long)thr,
					 (unsigned long long)p.error_fps,
					 (unsigned long long)res);
			assert_int_equal(s.invalid_bounds, 0);
		}
	}
}

/* The siitperf parameters: initial rate 200000, error 200. */
static void
test_initial_below_hi(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 7440476,
				   .initial_fps = 200000, .error_fps = 200 };
	struct dut d = { .trial = dut_threshold, .t1 = 276952 };
	struct trial_log log;
	struct search s;
	uint64_t res;

	(void)state;
	res = run(&p, &d, &log, &s);
	assert_true(res <= 276952 && 276952 - res <= 200);
	d.t1 = 150000;	/* initial rate fails */
	res = run(&p, &d, &log, &s);
	assert_true(res <= 150000 && 150000 - res <= 200);
	assert_int_equal(log.v[0], VERDICT_FAIL);
}

static void
test_noisy(void **state)
{
	struct search_params p = { .lo_fps = 1000, .hi_fps = 14880952,
				   .initial_fps = 14880952, .error_fps = 500,
				   .max_retries = 1 };
	struct dut d = { .trial = dut_noisy, .t1 = 3000000, .t2 = 200000,
			 .rng = 0x9e3779b97f4a7c15ULL };
	struct trial_log log;
	struct search s;
	unsigned k, below = 0;
	uint64_t res;

	(void)state;
	for (k = 0; k < 200; k++) {
		res = run(&p, &d, &log, &s);
		assert_true(res <= d.t1);
		below += d.t1 - res > p.error_fps;
	}
	/* The noise must have had an effect, or this test tests nothing. */
	assert_true(below > 0);
}

static void
test_always_fail_always_pass(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 1000000,
				   .initial_fps = 1000000, .error_fps = 10 };
	struct dut d = { .trial = dut_fail };
	struct trial_log log;
	struct search s;

	(void)state;
	assert_true(run(&p, &d, &log, &s) == 0);
	assert_int_equal(log.n, 1 + ceil_log2_ratio(1000000, 10));

	d.trial = dut_pass;	/* line rate at the first trial */
	assert_true(run(&p, &d, &log, &s) == 1000000);
	assert_int_equal(log.n, 1);

	p.initial_fps = 1;	/* climbs to within the error of hi */
	assert_true(run(&p, &d, &log, &s) >= 1000000 - 10);
}

static void
test_non_monotonic(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 1000000,
				   .initial_fps = 1000000, .error_fps = 100 };
	/* passes up to 200000 and again in 600000..800000 */
	struct dut d = { .trial = dut_bands, .t1 = 200000, .t2 = 600000,
			 .t3 = 800000 };
	struct trial_log log;
	struct search s;
	uint64_t res;

	(void)state;
	/* 1e6 fails, 500000 fails, then it settles below 200000. */
	res = run(&p, &d, &log, &s);
	assert_true(res <= 200000 && 200000 - res <= 100);
	/* From 700000 it passes first and finds the upper band's edge. */
	p.initial_fps = 700000;
	res = run(&p, &d, &log, &s);
	assert_true(res <= 800000 && 800000 - res <= 100);
}

static void
test_invalid_retries(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 100000,
				   .initial_fps = 100000, .error_fps = 10,
				   .max_retries = 3 };
	struct dut d = { .trial = dut_threshold, .t1 = 5000 };
	struct trial_log log;
	struct search s;
	unsigned i;
	uint64_t res;

	(void)state;
	/* 3 invalid trials are retried at the same rate, then it goes on. */
	d.invalid_left = 3;
	run(&p, &d, &log, &s);
	assert_int_equal(s.invalid_bounds, 0);
	for (i = 0; i < 4; i++)
		assert_true(log.rate[i] == 100000);
	assert_int_equal(log.v[3], VERDICT_FAIL);

	/* 4 invalid trials: 100000 becomes an upper bound (never a pass) and
	 * the search goes on below it to the real threshold. */
	d.invalid_left = 4;
	res = run(&p, &d, &log, &s);
	assert_int_equal(s.invalid_bounds, 1);
	for (i = 0; i < 4; i++)
		assert_int_equal(log.v[i], VERDICT_INVALID);
	assert_true(log.rate[4] == 50000);
	assert_true(res <= 5000 && 5000 - res <= p.error_fps);

	/* An invalid bound keeps the highest rate passed so far. */
	p.initial_fps = 1000;
	assert_int_equal(search_init(&s, &p), 0);
	search_record(&s, VERDICT_PASS);
	for (i = 0; i <= p.max_retries; i++) {
		assert_false(search_done(&s));
		assert_true(search_next_rate(&s) == 1000 + (100000 - 1000) / 2);
		search_record(&s, VERDICT_INVALID);
	}
	assert_false(search_done(&s));
	assert_int_equal(s.invalid_bounds, 1);
	assert_true(s.hi == 1000 + (100000 - 1000) / 2);
	assert_true(search_result(&s) == 1000);

	/* max_retries 0: the first invalid trial is a bound at once. */
	p.max_retries = 0;
	assert_int_equal(search_init(&s, &p), 0);
	search_record(&s, VERDICT_INVALID);
	assert_false(search_done(&s));
	assert_true(s.hi == 1000 && search_next_rate(&s) == 500);
	assert_true(search_result(&s) == 0);
}

/*
 * What a complete search found: measured (bounded above by a valid
 * failure or the maximum), a lower bound (bounded above only by a rate
 * that stayed invalid), or none (nothing passed).
 */
static void
test_result_kind(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 100000,
				   .initial_fps = 100000, .error_fps = 10,
				   .max_retries = 2 };
	struct dut d;
	struct trial_log log;
	struct search s;
	uint64_t res;

	(void)state;
	/* sharp capacity: measured, within the error */
	d = (struct dut){ .trial = dut_threshold, .t1 = 4321 };
	res = run(&p, &d, &log, &s);
	assert_true(res <= 4321 && 4321 - res <= p.error_fps);
	assert_int_equal(search_kind(&s), REPORT_RESULT_MEASURED);
	assert_int_equal(search_case(&s), RESULT_INSIDE);
	/* everything passes: the range's top passed, a lower bound (the
	 * DUT was never shown to fail) ... */
	d = (struct dut){ .trial = dut_pass };
	assert_true(run(&p, &d, &log, &s) == 100000);
	assert_int_equal(search_case(&s), RESULT_TOP_PASSED);
	assert_int_equal(search_kind(&s), REPORT_RESULT_LOWER_BOUND);
	/* ... unless the top is the line rate: measured there */
	p.top_is_limit = true;
	assert_true(run(&p, &d, &log, &s) == 100000);
	assert_int_equal(search_case(&s), RESULT_LINE_RATE);
	assert_int_equal(search_kind(&s), REPORT_RESULT_MEASURED);
	/* the line rate as top changes nothing when it is not reached */
	d = (struct dut){ .trial = dut_threshold, .t1 = 4321 };
	run(&p, &d, &log, &s);
	assert_int_equal(search_case(&s), RESULT_INSIDE);
	p.top_is_limit = false;
	/* the tester cannot offer more than 50000, the DUT could take
	 * 80000: at least ~50000, a lower bound */
	d = (struct dut){ .trial = dut_invalid_above, .t1 = 50000, .t2 = 80000 };
	res = run(&p, &d, &log, &s);
	assert_true(res <= 50000 && 50000 - res <= p.error_fps);
	assert_int_equal(search_kind(&s), REPORT_RESULT_LOWER_BOUND);
	assert_int_equal(search_case(&s), RESULT_TESTER_LIMIT);
	assert_true(s.invalid_bounds > 0 && s.passes > 0);
	/* the same tester, a DUT of 30000: its failures bound the search,
	 * measured although 100000 stayed invalid */
	d = (struct dut){ .trial = dut_invalid_above, .t1 = 50000, .t2 = 30000 };
	res = run(&p, &d, &log, &s);
	assert_true(res <= 30000 && 30000 - res <= p.error_fps);
	assert_true(s.invalid_bounds == 1);
	assert_int_equal(search_kind(&s), REPORT_RESULT_MEASURED);
	/* a valid failure at 100000, then invalid below it: the last upper
	 * bound is invalid, a lower bound */
	d = (struct dut){ .trial = dut_invalid_above, .t1 = 40000,
			  .t2 = 100000, .t3 = 90000 };
	res = run(&p, &d, &log, &s);
	assert_int_equal(log.v[0], VERDICT_FAIL);
	assert_true(res <= 40000 && 40000 - res <= p.error_fps);
	assert_int_equal(search_kind(&s), REPORT_RESULT_LOWER_BOUND);
	/* every trial invalid: no result, never "0 fps" as a figure */
	d = (struct dut){ .trial = dut_invalid_above, .t1 = 0 };
	assert_true(run(&p, &d, &log, &s) == 0);
	assert_int_equal(search_kind(&s), REPORT_RESULT_NONE);
	assert_int_equal(search_case(&s), RESULT_INVALID);
	assert_true(s.passes == 0 && s.fails == 0 && s.invalid == log.n);
	/* every trial failed validly down to 0: a DUT that forwards less
	 * than the error, measured as 0 */
	d = (struct dut){ .trial = dut_fail };
	assert_true(run(&p, &d, &log, &s) == 0);
	assert_int_equal(search_kind(&s), REPORT_RESULT_MEASURED);
	assert_int_equal(search_case(&s), RESULT_ZERO);
	assert_true(s.fails == log.n && s.invalid == 0 && s.hi <= p.error_fps);
	/* failures from 100000 down to 10000, 10000 stays invalid: none */
	d = (struct dut){ .trial = dut_invalid_above, .t1 = 0, .t3 = 10000 };
	assert_true(run(&p, &d, &log, &s) == 0);
	assert_true(s.fails > 0 && s.invalid_bounds > 0);
	assert_int_equal(search_kind(&s), REPORT_RESULT_NONE);
	/* every trial failed validly, but only down to lo_fps 50000: the
	 * throughput is below the range searched, no figure */
	p.lo_fps = 50000;
	d = (struct dut){ .trial = dut_fail };
	assert_true(run(&p, &d, &log, &s) == 0);
	assert_int_equal(search_kind(&s), REPORT_RESULT_NONE);
	assert_int_equal(search_case(&s), RESULT_BELOW_RANGE);
}

/* A search fed whole trials (search_record_trial): where nothing came
 * back at any rate it ends none, "no test frame came back"; where some
 * frames came back and every rate lost some it stays measured 0. */
static uint64_t
run_trials(struct search *s, uint64_t back_ppm, uint64_t arp)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 8000,
				   .initial_fps = 8000, .error_fps = 1000,
				   .max_retries = 1 };
	struct report_trial r;
	uint64_t rate;

	assert_int_equal(search_init(s, &p), 0);
	while (!search_done(s)) {
		rate = search_next_rate(s);
		memset(&r, 0, sizeof(r));
		r.rate_fps = rate;
		r.dir[0].active = true;
		r.dir[0].v.sent = rate;
		r.dir[0].v.received = rate * back_ppm / 1000000;
		r.dir[0].v.lost = rate - r.dir[0].v.received;
		r.dir[0].kinds[FRAME_FOREIGN_ARP] = arp;
		r.verdict = r.dir[0].v.lost > 0 ? VERDICT_FAIL : VERDICT_PASS;
		search_record_trial(s, &r);
	}
	return search_result(s);
}

static void
test_nothing_back(void **state)
{
	struct search s;
	char buf[512];

	(void)state;
	/* nothing back at any rate: none, with the counts */
	assert_true(run_trials(&s, 0, 2) == 0);
	assert_int_equal(search_case(&s), RESULT_NOTHING_BACK);
	assert_int_equal(search_kind(&s), REPORT_RESULT_NONE);
	assert_int_equal(s.rx.arp, 2 * s.iterations);
	result_rx_why(&s.rx, buf, sizeof(buf));
	assert_non_null(strstr(buf, "no test frame came back in "));
	assert_non_null(strstr(buf, "dut_mac"));
	/* half came back, every rate lost some: measured 0 as before */
	assert_true(run_trials(&s, 500000, 0) == 0);
	assert_int_equal(search_case(&s), RESULT_ZERO);
	assert_int_equal(search_kind(&s), REPORT_RESULT_MEASURED);
	/* everything came back: the top passed */
	assert_true(run_trials(&s, 1000000, 0) == 8000);
	assert_int_equal(search_case(&s), RESULT_TOP_PASSED);
}

static void
test_interrupted(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = 100000,
				   .initial_fps = 100000, .error_fps = 10 };
	struct dut d = { .trial = dut_threshold, .t1 = 70000,
			 .interrupt_at = 4 };
	struct trial_log log;
	struct search s;

	(void)state;
	/* 100000 F, 50000 P, 75000 F, interrupted at 62500 */
	assert_true(run(&p, &d, &log, &s) == 50000);
	assert_int_equal(log.n, 4);
	assert_true(s.interrupted && s.invalid_bounds == 0);
	assert_int_equal(search_case(&s), RESULT_INCOMPLETE);
	assert_int_equal(search_kind(&s), REPORT_RESULT_NONE);
	/* Nothing after done counts. */
	search_record(&s, VERDICT_PASS);
	assert_int_equal(s.iterations, 4);
	assert_true(search_result(&s) == 50000);
	assert_true(search_next_rate(&s) == 0);
}

static void
test_edges(void **state)
{
	struct search_params p = { .lo_fps = 0, .hi_fps = UINT64_MAX,
				   .initial_fps = UINT64_MAX, .error_fps = 1 };
	struct dut d = { .trial = dut_threshold };
	struct trial_log log;
	struct search s;
	uint64_t res;

	(void)state;
	/* 64-bit extremes: no overflow, at most 65 trials */
	d.t1 = UINT64_MAX - 5;
	res = run(&p, &d, &log, &s);
	assert_true(res <= d.t1 && d.t1 - res <= 1);
	assert_true(log.n <= 65);
	d.t1 = 1;
	assert_true(run(&p, &d, &log, &s) <= 1);
	p.lo_fps = UINT64_MAX - 1000;
	p.initial_fps = UINT64_MAX - 1000;
	d.t1 = UINT64_MAX - 1;
	res = run(&p, &d, &log, &s);
	assert_true(res == UINT64_MAX - 1);	/* error 1: exact */

	/* error >= hi - lo: exactly one trial */
	p = (struct search_params){ .lo_fps = 100, .hi_fps = 200,
				    .initial_fps = 150, .error_fps = 100 };
	d.t1 = 1000;
	assert_true(run(&p, &d, &log, &s) == 150);
	assert_int_equal(log.n, 1);
	d.t1 = 10;
	assert_true(run(&p, &d, &log, &s) == 0);
	assert_int_equal(log.n, 1);
}

static void
test_init_validation(void **state)
{
	struct search s;
	struct search_params p = { .lo_fps = 10, .hi_fps = 100,
				   .initial_fps = 50, .error_fps = 1 };

	(void)state;
	assert_int_equal(search_init(&s, &p), 0);
	assert_true(search_next_rate(&s) == 50);
	assert_int_equal(search_remaining(&s), 1 + ceil_log2_ratio(90, 1));
	p.hi_fps = 10;
	assert_int_equal(search_init(&s, &p), -EINVAL);
	p.hi_fps = 100;
	p.initial_fps = 101;
	assert_int_equal(search_init(&s, &p), -EINVAL);
	p.initial_fps = 9;
	assert_int_equal(search_init(&s, &p), -EINVAL);
	p.initial_fps = 50;
	p.error_fps = 0;
	assert_int_equal(search_init(&s, &p), -EINVAL);
	p = (struct search_params){ .lo_fps = 0, .hi_fps = 100,
				    .initial_fps = 0, .error_fps = 1 };
	assert_int_equal(search_init(&s, &p), -EINVAL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sharp_threshold),
		cmocka_unit_test(test_initial_below_hi),
		cmocka_unit_test(test_noisy),
		cmocka_unit_test(test_always_fail_always_pass),
		cmocka_unit_test(test_non_monotonic),
		cmocka_unit_test(test_invalid_retries),
		cmocka_unit_test(test_result_kind),
		cmocka_unit_test(test_nothing_back),
		cmocka_unit_test(test_interrupted),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_init_validation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of monitor: per-interval rates and variation, by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <string.h>

#include "dutperf/monitor.h"

#define S(t, tx, rx) (struct monitor_sample){ .t_ns = (uint64_t)(t) * 1000000000ULL, \
		.sent = (tx), .received = (rx) }

static void
near(double a, double b, double eps)
{
	if (fabs(a - b) > eps)
		fail_msg("%.6f != %.6f", a, b);
}

static void
test_rates_and_variation(void **state)
{
	struct monitor m;
	struct monitor_line l;
	struct monitor_sample s;

	(void)state;
	monitor_init(&m, 1, 40.0);
	s = S(0, 0, 0);
	assert_false(monitor_step(&m, &s, &l));	/* the origin */
	s = S(1, 100000, 99000);
	assert_true(monitor_step(&m, &s, &l));
	assert_int_equal(l.tx_frames, 100000);
	assert_int_equal(l.rx_frames, 99000);
	near(l.tx_fps, 100000, 1e-6);
	near(l.rx_fps, 99000, 1e-6);
	near(l.avg_rx_fps, 99000, 1e-6);
	assert_true(l.var_valid);
	near(l.var_ns, 0, 1e-9);
	assert_false(l.minmax_valid);		/* warm-up interval */
	s = S(2, 200000, 199000);
	assert_true(monitor_step(&m, &s, &l));
	near(l.rx_fps, 100000, 1e-6);
	near(l.avg_rx_fps, 99500, 1e-6);
	/* 1e9 / 99500 - 1e9 / 100000 = 10050.2513 - 10000 */
	near(l.var_ns, 1e9 / 99500.0 - 1e4, 1e-6);
	assert_true(l.minmax_valid);
	near(l.var_min_ns, l.var_ns, 1e-9);
	near(l.var_max_ns, l.var_ns, 1e-9);
	assert_true(l.warn);			/* 50.25 ns > 40 ns */
	/* a slow second: instant period longer than average, negative */
	s = S(3, 300000, 249000);
	assert_true(monitor_step(&m, &s, &l));
	near(l.rx_fps, 50000, 1e-6);
	near(l.var_ns, 1e9 / 83000.0 - 1e9 / 50000.0, 1e-6);
	near(l.var_min_ns, l.var_ns, 1e-9);
	near(l.var_max_ns, 1e9 / 99500.0 - 1e4, 1e-6);
	near(l.t_s, 3.0, 1e-12);
	near(l.interval_s, 1.0, 1e-12);
	/* a sample no later than the last one is not an interval */
	assert_false(monitor_step(&m, &s, &l));
	/* the last, partial interval: counts, no variation, min/max kept
	 * (sending ended at the sample) */
	s = (struct monitor_sample){ .t_ns = 3010000000ULL, .sent = 300000,
				     .received = 249100 };
	assert_true(monitor_step_last(&m, &s, s.t_ns, &l));
	assert_true(l.partial);
	assert_int_equal(l.rx_frames, 100);
	near(l.rx_fps, 10000, 1e-6);
	assert_false(l.var_valid);
	assert_false(l.warn);
	near(l.var_max_ns, 1e9 / 99500.0 - 1e4, 1e-6);
	near(l.var_min_ns, 1e9 / 83000.0 - 1e9 / 50000.0, 1e-6);
}

/*
 * Issue 24: 50,000 fps for 5 s, sampled 9.7 ms late every second (as the
 * watch does), the final counts taken at 5.210 s after the receivers'
 * timeout.  The last interval runs from 4.0097 s to the end of sending at
 * 5 s: 49,515 frames over 0.9903 s is the configured rate (over the
 * sample's 1.2003 s it would read 41,252 fps, and its variation would be
 * the run's minimum).
 */
static void
test_last_interval_to_end_of_sending(void **state)
{
	/* received: 10 in flight at each sample, 30 in the third */
	static const uint64_t tx[] = { 0, 50485, 100485, 150485, 200485 };
	static const uint64_t rx[] = { 0, 50475, 100475, 150455, 200475 };
	struct monitor m;
	struct monitor_line l;
	struct monitor_sample s;
	uint64_t sum_tx = 0, sum_rx = 0;
	double mn, mx;
	unsigned int i;

	(void)state;
	monitor_init(&m, 1, 0);
	for (i = 0; i < 5; i++) {
		s = (struct monitor_sample){
			.t_ns = i == 0 ? 0 : i * 1000000000ULL + 9700000ULL,
			.sent = tx[i], .received = rx[i] };
		if (monitor_step(&m, &s, &l)) {
			assert_false(l.partial);
			sum_tx += l.tx_frames;
			sum_rx += l.rx_frames;
		}
	}
	assert_true(l.minmax_valid);
	mn = l.var_min_ns;
	mx = l.var_max_ns;
	assert_true(mn < 0 && mx > 0);	/* the slow third, the fast fourth */
	s = (struct monitor_sample){ .t_ns = 5210000000ULL, .sent = 250000,
				     .received = 250000 };
	assert_true(monitor_step_last(&m, &s, 5000000000ULL, &l));
	assert_true(l.partial);
	near(l.t_s, 5.0, 1e-12);
	near(l.interval_s, 0.9903, 1e-12);
	assert_int_equal(l.tx_frames, 49515);
	assert_int_equal(l.rx_frames, 49525);
	near(l.tx_fps, 50000, 1e-6);
	near(l.rx_fps, 49525 / 0.9903, 1e-6);
	near(l.avg_tx_fps, 50000, 1e-6);	/* 250000 frames over 5 s */
	near(l.avg_rx_fps, 50000, 1e-6);
	assert_false(l.var_valid);
	assert_false(l.warn);
	assert_true(l.minmax_valid);
	near(l.var_min_ns, mn, 0);
	near(l.var_max_ns, mx, 0);
	sum_tx += l.tx_frames;
	sum_rx += l.rx_frames;
	assert_int_equal(sum_tx, 250000);	/* the trial's counts */
	assert_int_equal(sum_rx, 250000);
}

/* No warm-up, no threshold; the origin and 1 s: 1000 sent, 990 received. */
static void
first_second(struct monitor *m, struct monitor_line *l)
{
	struct monitor_sample s;

	monitor_init(m, 0, 0);
	s = S(0, 0, 0);
	monitor_step(m, &s, l);
	s = S(1, 1000, 990);
	monitor_step(m, &s, l);
}

/* Sending ended before the last sample (a Ctrl-C right after it): the
 * stragglers still count, over a length of 0, at rate 0. */
static void
test_last_interval_after_end(void **state)
{
	struct monitor m;
	struct monitor_line l;
	struct monitor_sample s;

	(void)state;
	first_second(&m, &l);
	s = S(2, 1000, 1000);
	assert_true(monitor_step_last(&m, &s, 900000000ULL, &l));
	assert_true(l.partial);
	near(l.t_s, 1.0, 1e-12);
	near(l.interval_s, 0, 0);
	assert_int_equal(l.tx_frames, 0);
	assert_int_equal(l.rx_frames, 10);
	near(l.tx_fps, 0, 0);
	near(l.rx_fps, 0, 0);
	near(l.avg_tx_fps, 1000, 1e-9);
	assert_false(l.var_valid);
}

static void
test_lost_lower_bound(void **state)
{
	struct monitor m;
	struct monitor_line l;
	struct monitor_sample s;

	(void)state;
	first_second(&m, &l);
	assert_int_equal(l.lost, 0);	/* nothing is an interval old yet */
	s = S(2, 2000, 990);		/* the receiver saw nothing more */
	monitor_step(&m, &s, &l);
	/* frames sent by t = 0: none */
	assert_int_equal(l.lost, 0);
	assert_false(l.var_valid);	/* nothing received in the interval */
	assert_false(l.warn);
	s = S(3, 3000, 990);
	monitor_step(&m, &s, &l);
	/* sent by t = 1 (1000), received by t = 3 (990) */
	assert_int_equal(l.lost, 10);
	s = S(4, 3000, 3000);		/* everything arrived after all */
	monitor_step(&m, &s, &l);
	assert_int_equal(l.lost, 0);
	assert_int_equal(l.rx_frames, 2010);
}

static void
test_row(void **state)
{
	struct monitor_row row = { .dir = CFG_FWD };
	struct monitor_line *l = &row.line;
	char buf[512];
	int n;

	(void)state;
	l->t_s = 2;
	l->interval_s = 1;
	l->tx_frames = l->rx_frames = 100000;
	l->tx_fps = l->rx_fps = 100000;
	l->avg_tx_fps = l->avg_rx_fps = 99500;
	l->var_valid = true;
	l->var_ns = 50.25;
	l->lost = 3;
	l->duplicates = 1;
	n = report_row(&monitor_table, &row, buf, sizeof(buf));
	assert_true(n > 0);
	assert_string_equal(buf, "2.000,fwd,1.000,100000,100000,100000.0,"
			    "100000.0,99500.0,99500.0,50.2,,,3,1,0,0,0,0");
	/* as many fields as the header */
	assert_int_equal(report_nb_fields(&monitor_table), 18);
	/* the last interval: partial, no variation */
	l->partial = true;
	l->var_valid = false;
	row.dir = CFG_REV;
	assert_true(report_row(&monitor_table, &row, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "2.000,rev,1.000,100000,100000,100000.0,"
			    "100000.0,99500.0,99500.0,,,,3,1,0,0,0,1");
	assert_int_equal(report_row(&monitor_table, &row, buf, 10), -ENOSPC);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rates_and_variation),
		cmocka_unit_test(test_last_interval_to_end_of_sending),
		cmocka_unit_test(test_last_interval_after_end),
		cmocka_unit_test(test_lost_lower_bound),
		cmocka_unit_test(test_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

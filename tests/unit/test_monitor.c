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
	/* the last, partial interval: counts, no variation, min/max kept */
	s = (struct monitor_sample){ .t_ns = 3010000000ULL, .sent = 300000,
				     .received = 249100 };
	assert_true(monitor_step_last(&m, &s, &l));
	assert_int_equal(l.rx_frames, 100);
	near(l.rx_fps, 10000, 1e-6);
	assert_false(l.var_valid);
	assert_false(l.warn);
	near(l.var_max_ns, 1e9 / 99500.0 - 1e4, 1e-6);
	near(l.var_min_ns, 1e9 / 83000.0 - 1e9 / 50000.0, 1e-6);
}

static void
test_lost_lower_bound(void **state)
{
	struct monitor m;
	struct monitor_line l;
	struct monitor_sample s;

	(void)state;
	monitor_init(&m, 0, 0);
	s = S(0, 0, 0);
	monitor_step(&m, &s, &l);
	s = S(1, 1000, 990);
	monitor_step(&m, &s, &l);
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
	struct monitor_line l;
	char buf[512];
	int n;

	(void)state;
	memset(&l, 0, sizeof(l));
	l.t_s = 2;
	l.interval_s = 1;
	l.tx_frames = l.rx_frames = 100000;
	l.tx_fps = l.rx_fps = 100000;
	l.avg_tx_fps = l.avg_rx_fps = 99500;
	l.var_valid = true;
	l.var_ns = 50.25;
	l.lost = 3;
	l.duplicates = 1;
	n = monitor_row(&l, "fwd", buf, sizeof(buf));
	assert_true(n > 0);
	assert_string_equal(buf, "2.000,fwd,1.000,100000,100000,100000.0,"
			    "100000.0,99500.0,99500.0,50.2,,,3,1,0,0,0");
	/* as many fields as the header */
	{
		const char *h = monitor_header(), *p;
		int fh = 1, fr = 1;

		for (p = h; *p; p++)
			fh += *p == ',';
		for (p = buf; *p; p++)
			fr += *p == ',';
		assert_int_equal(fh, fr);
	}
	assert_int_equal(monitor_row(&l, "fwd", buf, 10), -ENOSPC);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rates_and_variation),
		cmocka_unit_test(test_lost_lower_bound),
		cmocka_unit_test(test_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

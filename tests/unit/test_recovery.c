/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of recovery.h: RFC 2544 26.5 recovery time from synthetic
 * loss patterns fed through the receiver's window (rxstate) the way the
 * engine feeds it, 26.6 reset gaps from synthetic receive times, the
 * two-rate pacer and trial, the parameter checks and the recovery
 * procedure against a simulated DUT.  Every expected figure is worked
 * out by hand in the comments.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/pacer.h"
#include "dutperf/recovery.h"
#include "dutperf/rxstate.h"

static uint64_t bits[RXSTATE_WORDS];

/* Frames [0, total) arrive in order except those lost(seq) says; late(seq)
 * arrive but after the per-frame timeout (the engine reports them with
 * recov_lost_late and rxstate_add(late = true)). */
static void
feed(struct rxstate *st, struct recov_lost *l, uint64_t total,
     bool (*lost)(uint64_t), bool (*late)(uint64_t))
{
	uint64_t s;

	rxstate_init(st, bits);
	rxstate_set_total(st, total);
	st->lost = l;
	for (s = 0; s < total; s++) {
		if (lost(s))
			continue;
		if (late != NULL && late(s)) {
			recov_lost_late(l, s);
			rxstate_add(st, s, true);
			continue;
		}
		rxstate_add(st, s, false);
	}
	rxstate_flush_lost(st);
}

/* Pattern 1: k = 1000; lost 900..1100 and 1150; 1300 late. */
static bool
lost1(uint64_t s)
{
	return (s >= 900 && s <= 1100) || s == 1150;
}

static bool
late1(uint64_t s)
{
	return s == 1300;
}

static void
test_recovery_small(void **state)
{
	struct rxstate st;
	struct recov_lost l;

	(void)state;
	recov_lost_init(&l, 1000, 3000);
	feed(&st, &l, 3000, lost1, late1);
	/* lost at or after 1000: 1000..1100 (101), 1150, late 1300 */
	assert_int_equal(l.count, 103);
	assert_int_equal(l.last1, 1301);
	/* 300 frames after the change at 500 fps: 600 ms */
	assert_int_equal(recov_time_ns(&l, 500), 600000000ull);
	/* lost before the change only: recovery time 0 */
	assert_int_equal(st.c.received, 3000 - 202 - 1);
}

static bool
lost_before(uint64_t s)
{
	return s >= 500 && s < 1000;
}

static void
test_recovery_none_after(void **state)
{
	struct rxstate st;
	struct recov_lost l;

	(void)state;
	recov_lost_init(&l, 1000, 3000);
	feed(&st, &l, 3000, lost_before, NULL);
	assert_int_equal(l.count, 0);
	assert_int_equal(l.last1, 0);
	assert_int_equal(recov_time_ns(&l, 500), 0);
}

/* Pattern 2, longer than the window (2^20): k = 1,000,000; lost
 * 1,000,000..1,000,099 and 1,500,000 (slides out of the window long before
 * the end: 2,400,000 frames in all). */
static bool
lost2(uint64_t s)
{
	return (s >= 1000000 && s < 1000100) || s == 1500000 || s == 999999;
}

static void
test_recovery_slides(void **state)
{
	struct rxstate st;
	struct recov_lost l;

	(void)state;
	recov_lost_init(&l, 1000000, 2400000);
	feed(&st, &l, 2400000, lost2, NULL);
	assert_int_equal(l.count, 101);
	assert_int_equal(l.last1, 1500001);
	/* 500,000 frames at 250,000 fps after the change: 2 s */
	assert_int_equal(recov_time_ns(&l, 250000), 2000000000ull);
}

/* Pattern 3: nothing arrives from 1,100,000 on (2,400,000 frames): the
 * tail beyond the window is lost too, up to the last frame 2,399,999. */
static bool
lost3(uint64_t s)
{
	return s >= 1100000;
}

static void
test_recovery_tail(void **state)
{
	struct rxstate st;
	struct recov_lost l;

	(void)state;
	recov_lost_init(&l, 1000000, 2400000);
	feed(&st, &l, 2400000, lost3, NULL);
	assert_int_equal(l.count, 1300000);
	assert_int_equal(l.last1, 2400000);
	/* 1,399,999 frames at 100,000 fps: 13.99999 s */
	assert_int_equal(recov_time_ns(&l, 100000), 13999990000ull);
}

/* A word by hand: base 64, from 70, total 100: bits 0..5 (frames 64..69)
 * do not count, bits 36.. (frames 100..) were never sent. */
static void
test_recovery_word(void **state)
{
	struct recov_lost l;

	(void)state;
	recov_lost_init(&l, 70, 100);
	recov_lost_word(&l, 64, 0);
	assert_int_equal(l.count, 30);		/* frames 70..99 */
	assert_int_equal(l.last1, 100);
	recov_lost_init(&l, 70, 100);
	/* frames 64..90 arrived (bits 0..26), 91..99 lost */
	recov_lost_word(&l, 64, (UINT64_C(1) << 27) - 1);
	assert_int_equal(l.count, 9);
	assert_int_equal(l.last1, 100);
	recov_lost_init(&l, 70, 100);
	recov_lost_word(&l, 0, 0);		/* all before from */
	recov_lost_word(&l, 128, 0);		/* all at or past total */
	assert_int_equal(l.count, 0);
	recov_lost_range(&l, 50, 80);		/* 70..79 count */
	assert_int_equal(l.count, 10);
	assert_int_equal(l.last1, 80);
}

/* Reset: hz 1 MHz (1 tick = 1 us); start at 1,000,000; frames at 1 kHz
 * from tick 1,000,000, frames 2000..3499 lost (1.5 s), 5000 frames.  The
 * gap runs from frame 1999 (arrived at 1,000,000 + 1999 * 1000 + 30) to
 * frame 3500 (+ 3500 * 1000 + 30): 1.501 s; 1500 frames sent within. */
static void
test_reset_gap(void **state)
{
	struct recov_gap g;
	struct recov_reset r;
	uint64_t s, start = 1000000, hz = 1000000;

	(void)state;
	recov_gap_init(&g);
	for (s = 0; s < 5000; s++)
		if (s < 2000 || s >= 3500)
			recov_gap_add(&g, start + s * 1000 + 30, s);
	/* end of sending: the deadline of frame 5000 */
	recov_gap_result(&g, start, start + 5000 * 1000, hz, &r);
	assert_true(r.resumed);
	assert_int_equal(r.gap_ns, 1501000000ull);
	assert_int_equal(r.from_seq, 1999);
	assert_int_equal(r.to_seq, 3500);
	assert_int_equal(r.in_gap, 1500);
	assert_int_equal(r.from_ns, 1999030000ull);
	assert_int_equal(r.to_ns, 3500030000ull);
}

/* The same stream never resumes after frame 1999: the reset time is at
 * least from its arrival to the end of sending (5 s - 1.99903 s). */
static void
test_reset_not_resumed(void **state)
{
	struct recov_gap g;
	struct recov_reset r;
	uint64_t s, start = 1000000, hz = 1000000;

	(void)state;
	recov_gap_init(&g);
	for (s = 0; s < 2000; s++)
		recov_gap_add(&g, start + s * 1000 + 30, s);
	recov_gap_result(&g, start, start + 5000 * 1000, hz, &r);
	assert_false(r.resumed);
	assert_int_equal(r.gap_ns, 3000970000ull);
	recov_gap_init(&g);
	recov_gap_result(&g, start, start + 5000 * 1000, hz, &r);
	assert_false(r.resumed);
	assert_int_equal(r.gap_ns, 5000000000ull);
}

/* The two-rate pacer: 1 GHz, 1100 fps for frames [0, 1100), then 500 fps.
 * Frame 1100 is due at 1 s exactly, frame 1100 + j at 1 s + j * 2 ms. */
static void
test_pacer_after(void **state)
{
	struct pacer p1, p2;
	uint64_t hz = 1000000000, start = 5 * hz, j;

	(void)state;
	pacer_init(&p1, start, hz, 1100, 1100);
	assert_int_equal(pacer_init_after(&p2, &p1, 500, 2600), 0);
	for (j = 0; j < 1500; j++)
		assert_int_equal(pacer_deadline(&p2, 1100 + j),
				 start + hz + j * 2000000);
	assert_int_equal(pacer_due(&p2, start + hz - 1), 1100);
	assert_int_equal(pacer_due(&p2, start + hz), 1101);
	assert_int_equal(pacer_due(&p2, start + 10 * hz), 2600);
	/* a virtual start before TSC 0: refused */
	pacer_init(&p1, 10, hz, 1100, 1100);
	assert_int_equal(pacer_init_after(&p2, &p1, 500, 2600), -1);
}

/* 10,000 fps throughput, 110 % for 3 s then 50 % for 2 s: 33,000 frames
 * at 11,000 fps, then 10,000 at 5,000 fps; the change at frame 33,000. */
static void
test_recovery_spec(void **state)
{
	struct recov_params p = { 10000, 110, 50, 3000, 2000 };
	struct trial_spec base, s;
	char err[256];

	(void)state;
	memset(&base, 0, sizeof(base));
	base.active[CFG_FWD] = base.active[CFG_REV] = true;
	base.duration_ms = 60000;
	assert_int_equal(recov_params_check(&p, err, sizeof(err)), 0);
	recov_spec(&s, &base, &p);
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), 0);
	assert_int_equal(s.rate_fps[CFG_REV], 11000);
	assert_int_equal(s.rate2_fps[CFG_REV], 5000);
	assert_int_equal(trial_spec_change_frame(&s, CFG_FWD), 33000);
	assert_int_equal(trial_spec_frames(&s, CFG_FWD), 43000);
	assert_int_equal(trial_spec_send_ms(&s), 5000);
	s.change_ms = 0;
	assert_int_equal(trial_spec_change_frame(&s, CFG_FWD), UINT64_MAX);
	s.change_ms = 5000;	/* no time left after the change */
	assert_int_equal(trial_spec_check(&s, err, sizeof(err)), -EINVAL);
}

static void
test_params_check(void **state)
{
	struct recov_params ok = { 10000, 110, 50, 60000, 10000 }, p;
	struct reset_params r = { "true", 5000, 10000, 1000 };
	char err[256];

	(void)state;
	p = ok;
	p.overload_pct = 100;
	assert_int_equal(recov_params_check(&p, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[recovery] overload_pct = 100"));
	p = ok;
	p.after_pct = 100;
	assert_int_equal(recov_params_check(&p, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[recovery] after_pct = 100"));
	p = ok;
	p.overload_ms = 0;
	assert_int_equal(recov_params_check(&p, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "overload_s"));
	p = ok;
	p.after_ms = 0;
	assert_int_equal(recov_params_check(&p, err, sizeof(err)), -EINVAL);
	assert_int_equal(reset_params_check(&r, err, sizeof(err)), 0);
	r.at_ms = 9001;		/* less than 1 s of stream after it */
	assert_int_equal(reset_params_check(&r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[reset] at_ms = 9001"));
	{
		/* from a configuration: the file and the option named
		 * (issue 39: --duration was blamed on [traffic] duration_s) */
		struct cfg c;

		cfg_defaults(&c);
		snprintf(c.path, sizeof(c.path), "x.ini");
		snprintf(c.reset_command, sizeof(c.reset_command), "true");
		c.reset_at_ms = 10000;
		cfg_key_mark(&c, cfg_key_find("reset", "at_ms"), NULL);
		c.duration_s = 4;
		cfg_key_mark(&c, cfg_key_find("traffic", "duration_s"),
			     "-d/--duration");
		assert_int_equal(reset_check_cfg(&c, err, sizeof(err)), -EINVAL);
		assert_string_equal(err, "x.ini: [reset] at_ms = 10000: needs at "
				    "least 1 s of the 4000 ms stream "
				    "(-d/--duration 4) after it");
		c.duration_s = 11;
		assert_int_equal(reset_check_cfg(&c, err, sizeof(err)), 0);
	}
	r.at_ms = 0;
	r.command = "";
	assert_int_equal(reset_params_check(&r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[reset] command"));
}

/* A DUT that passes up to 7000 fps: the search (1000..20000, error 100)
 * finds 6900..7000, then one trial at 110 % / 50 % of it. */
static void
test_recovery_proc_search(void **state)
{
	struct recov_params p = { 0, 110, 50, 3000, 2000 };
	struct search_params sp = { 1000, 20000, 20000, 100, 3 };
	struct recov_proc *rp = calloc(1, sizeof(*rp));
	struct proc pr = { &recov_ops, rp };
	struct trial_spec base, s;
	struct report_trial res;
	uint32_t trials = 0, rem;
	char err[256];

	(void)state;
	memset(&base, 0, sizeof(base));
	base.active[CFG_FWD] = true;
	base.duration_ms = 1000;
	assert_int_equal(recov_proc_start(rp, &p, &base, &sp, err, sizeof(err)),
			 0);
	while (proc_next(&pr, &s)) {
		rem = proc_remaining(&pr);
		assert_true(rem >= 1);
		memset(&res, 0, sizeof(res));
		res.verdict = trial_spec_rate_fps(&s) <= 7000 ? VERDICT_PASS :
			      VERDICT_FAIL;
		proc_record(&pr, &s, &res);
		trials++;
		assert_true(trials < 50);
	}
	assert_int_equal(proc_remaining(&pr), 0);
	assert_true(rp->p.throughput_fps <= 7000 &&
		    rp->p.throughput_fps > 6900);
	/* the last trial was the recovery trial */
	assert_int_equal(s.change_ms, 3000);
	assert_int_equal(s.rate_fps[CFG_FWD], rp->p.throughput_fps * 110 / 100);
	assert_int_equal(s.rate2_fps[CFG_FWD], rp->p.throughput_fps / 2);
	assert_int_equal(recov_throughput_case(rp), RESULT_INSIDE);

	/* a DUT that passes the range's top: the throughput is only "at
	 * least 20000", and so is the run (result.h); the recovery trial
	 * still runs at 110 % of it */
	assert_int_equal(recov_proc_start(rp, &p, &base, &sp, err, sizeof(err)),
			 0);
	while (proc_next(&pr, &s)) {
		memset(&res, 0, sizeof(res));
		res.verdict = VERDICT_PASS;
		proc_record(&pr, &s, &res);
	}
	assert_int_equal(rp->p.throughput_fps, 20000);
	assert_int_equal(s.rate_fps[CFG_FWD], 22000);
	assert_int_equal(recov_throughput_case(rp), RESULT_TOP_PASSED);
	assert_int_equal(result_case_kind(recov_throughput_case(rp)),
			 REPORT_RESULT_LOWER_BOUND);

	/* given throughput: exactly one trial */
	p.throughput_fps = 1000;
	assert_int_equal(recov_proc_start(rp, &p, &base, &sp, err, sizeof(err)),
			 0);
	assert_int_equal(proc_remaining(&pr), 1);
	assert_true(proc_next(&pr, &s));
	assert_int_equal(s.rate_fps[CFG_FWD], 1100);
	assert_int_equal(s.rate2_fps[CFG_FWD], 500);
	res.verdict = VERDICT_FAIL;
	proc_record(&pr, &s, &res);
	assert_false(proc_next(&pr, &s));
	assert_int_equal(rp->verdict, VERDICT_FAIL);
	assert_int_equal(recov_throughput_case(rp), RESULT_INSIDE);
	free(rp);
}

static void
test_rows(void **state)
{
	struct recov_row r = {
		.no = 1, .dir = "forward", .throughput_fps = 10000,
		.overload_fps = 11000, .after_fps = 5000, .overload_ms = 3000,
		.after_ms = 2000, .change_frame = 33000, .sent = 43000,
		.received = 40000, .lost = 3000, .lost_after = 10,
		.last_lost = 34000, .recovery_ms = 200.0, .status = VERDICT_FAIL,
		.result = REPORT_RESULT_MEASURED,
	};
	char buf[512];
	int n;

	(void)state;
	n = report_row(&recov_table, &r, buf, sizeof(buf));
	assert_true(n > 0);
	assert_string_equal(buf, "1,forward,10000,11000,5000,3000,2000,33000,"
			    "43000,40000,3000,10,34000,200.000,fail,measured");
	assert_int_equal(report_row(&recov_table, &r, buf, 10), -ENOSPC);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recovery_small),
		cmocka_unit_test(test_recovery_none_after),
		cmocka_unit_test(test_recovery_slides),
		cmocka_unit_test(test_recovery_tail),
		cmocka_unit_test(test_recovery_word),
		cmocka_unit_test(test_reset_gap),
		cmocka_unit_test(test_reset_not_resumed),
		cmocka_unit_test(test_pacer_after),
		cmocka_unit_test(test_recovery_spec),
		cmocka_unit_test(test_params_check),
		cmocka_unit_test(test_recovery_proc_search),
		cmocka_unit_test(test_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

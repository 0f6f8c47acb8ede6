/* SPDX-License-Identifier: BSD-3-Clause */
/* verdict tests: every rule, the rule order, ppm edges, 64-bit counts. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/verdict.h"

#define LAG_NS 1000000u		/* 1000 us */

static uint64_t
rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

/* a clean direction: everything sent and received on time */
static struct verdict_dir
clean(const char *name, uint64_t n)
{
	struct verdict_dir d = {
		.planned = n, .sent = n, .received = n,
		.max_lag_ns = 10, .name = name,
	};

	return d;
}

static void
two_clean(struct verdict_dir d[2])
{
	d[0] = clean("forward", 1000);
	d[1] = clean("reverse", 1000);
}

/*
 * Both forms must give verdict v, the coarse reason and (unless NULL) the
 * detailed one.
 */
static void
expect(const struct verdict_dir *dirs, unsigned nb, uint32_t ppm,
       uint64_t lag, bool intr, enum verdict v, const char *coarse,
       const char *detail)
{
	const char *why = NULL;
	char msg[256];

	assert_int_equal(verdict_eval(dirs, nb, ppm, lag, intr, &why), v);
	assert_int_equal(verdict_eval(dirs, nb, ppm, lag, intr, NULL), v);
	assert_int_equal(verdict_eval_msg(dirs, nb, ppm, lag, intr, msg,
					  sizeof(msg)), v);
	assert_string_equal(why, coarse);
	if (detail != NULL)
		assert_string_equal(msg, detail);
}

static void
test_pass_and_interrupted(void **state)
{
	struct verdict_dir d[2];

	(void)state;
	two_clean(d);
	expect(d, 2, 0, LAG_NS, false, VERDICT_PASS,
	       "pass",
	       "pass");
	/* interrupted wins over every other problem */
	d[0].sent = 0;
	d[0].unsent = 1000;
	d[1].max_lag_ns = UINT64_MAX;
	d[1].duplicates = 5;
	expect(d, 2, 0, LAG_NS, true, VERDICT_INTERRUPTED,
	       "interrupted",
	       "interrupted");
	expect(NULL, 0, 0, LAG_NS, false, VERDICT_INVALID,
	       "no direction",
	       NULL);
}

static void
test_invalid_rules(void **state)
{
	struct verdict_dir d[2];

	(void)state;
	two_clean(d);
	d[1].sent = 0;
	d[1].received = 0;
	d[1].unsent = 1000;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "nothing sent",
	       "reverse: nothing sent (1000 planned)");

	d[1] = clean("reverse", 1000);
	d[1].sent = 990;
	d[1].received = 990;
	d[1].unsent = 10;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "frames not sent",
	       "reverse: 10 of 1000 planned frames not sent");

	d[1].unsent = 0;	/* inconsistent accounting is not trusted */
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "sent differs from planned",
	       NULL);
	d[1] = clean("reverse", 1000);
	d[1].sent = 1001;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "sent differs from planned",
	       "reverse: sent 1001 frames, planned 1000");

	d[1] = clean("reverse", 1000);
	d[0].max_lag_ns = 1234000;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "sender behind schedule",
	       "forward: sender 1234.000 us behind schedule (limit 1000.000 "
	       "us)");
	d[0].max_lag_ns = LAG_NS;	/* exactly at the limit: fine */
	expect(d, 2, 0, LAG_NS, false, VERDICT_PASS,
	       "pass",
	       NULL);
	d[0].max_lag_ns = 1;		/* limit 0: no lag at all */
	expect(d, 2, 0, 0, false, VERDICT_INVALID,
	       "sender behind schedule",
	       "forward: sender 0.001 us behind schedule (limit 0.000 us)");
	d[0].max_lag_ns = UINT64_MAX;	/* UINT64_MAX: no limit */
	expect(d, 2, 0, UINT64_MAX, false, VERDICT_PASS,
	       "pass",
	       NULL);

	d[0] = clean(NULL, 1000);
	d[1] = clean(NULL, 1000);
	d[1].received = 1001;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "received more than sent",
	       "dir 1: received 1001 unique frames, more than the 1000 sent");
}

static void
test_rule_order(void **state)
{
	struct verdict_dir d[2];

	(void)state;
	two_clean(d);
	/* invalid beats fail: forward lost everything, reverse lagged */
	d[0].received = 0;
	d[0].lost = 1000;
	d[1].max_lag_ns = LAG_NS + 1;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "sender behind schedule",
	       NULL);
	/* rule by rule: reverse's unsent comes before forward's lag */
	d[0] = clean("forward", 1000);
	d[0].max_lag_ns = 5 * LAG_NS;
	d[1] = clean("reverse", 1000);
	d[1].sent = 999;
	d[1].received = 999;
	d[1].unsent = 1;
	expect(d, 2, 0, LAG_NS, false, VERDICT_INVALID,
	       "frames not sent",
	       NULL);
	/* loss beats late beats duplicates */
	two_clean(d);
	d[0].duplicates = 3;
	d[1].late = 2;
	d[1].received = 998;
	d[1].lost = 2;
	expect(d, 2, 0, LAG_NS, false, VERDICT_FAIL,
	       "frames lost",
	       "reverse: 2 of 1000 frames lost (2000.000 ppm, limit 0 ppm)");
	expect(d, 2, 2000, LAG_NS, false, VERDICT_FAIL,
	       "late frames",
	       "reverse: 2 frames arrived late (after the timeout)");
	d[1].late = 0;
	expect(d, 2, 2000, LAG_NS, false, VERDICT_FAIL,
	       "duplicate frames",
	       "forward: 3 duplicate frames");
}

static void
test_reorder_foreign_pass(void **state)
{
	struct verdict_dir d[2];
	char tiny[6];

	(void)state;
	two_clean(d);
	d[0].reordered = 7;
	d[1].reordered = 9;
	d[0].foreign = 123456;
	expect(d, 2, 0, LAG_NS, false, VERDICT_PASS,
	       "pass",
	       "pass (forward: 7 frames reordered, reverse: 9 frames "
	       "reordered)");
	/* a short buffer is truncated, still terminated */
	memset(tiny, 'x', sizeof(tiny));
	assert_int_equal(verdict_eval_msg(d, 2, 0, LAG_NS, false, tiny,
					  sizeof(tiny)), VERDICT_PASS);
	assert_string_equal(tiny, "pass ");
	assert_int_equal(verdict_eval_msg(d, 2, 0, LAG_NS, false, NULL, 0),
			 VERDICT_PASS);
}

/* lost is never taken smaller than sent - received */
static void
test_lost_fail_safe(void **state)
{
	struct verdict_dir d = clean("forward", 1000);

	(void)state;
	d.received = 995;	/* caller forgot lost */
	expect(&d, 1, 0, LAG_NS, false, VERDICT_FAIL,
	       "frames lost",
	       "forward: 5 of 1000 frames lost (5000.000 ppm, limit 0 ppm)");
	d.received = 1000;	/* and lost is not ignored either */
	d.lost = 1;
	expect(&d, 1, 0, LAG_NS, false, VERDICT_FAIL,
	       "frames lost",
	       NULL);
}

static void
test_ppm_edges(void **state)
{
	struct verdict_dir d = clean("forward", 1000000);
	uint64_t seed = 99;
	int k;

	(void)state;
	/* 5 ppm of 1e6 is 5 frames: 5 pass, 6 fail */
	d.received = d.sent - 5;
	d.lost = 5;
	assert_int_equal(verdict_eval(&d, 1, 5, LAG_NS, false, NULL),
			 VERDICT_PASS);
	assert_int_equal(verdict_eval(&d, 1, 4, LAG_NS, false, NULL),
			 VERDICT_FAIL);
	d.received--;
	d.lost++;
	assert_int_equal(verdict_eval(&d, 1, 5, LAG_NS, false, NULL),
			 VERDICT_FAIL);
	/* limit not an integer number of frames: 333333 ppm of 3 = 0.999999 */
	d = clean("forward", 3);
	d.received = 2;
	d.lost = 1;
	assert_int_equal(verdict_eval(&d, 1, 333333, LAG_NS, false, NULL),
			 VERDICT_FAIL);
	assert_int_equal(verdict_eval(&d, 1, 333334, LAG_NS, false, NULL),
			 VERDICT_PASS);
	/* 1e6 ppm tolerates losing everything */
	d.received = 0;
	d.lost = 3;
	assert_int_equal(verdict_eval(&d, 1, 1000000, LAG_NS, false, NULL),
			 VERDICT_PASS);
	/* random: pass <=> lost <= floor(ppm * sent / 1e6) */
	for (k = 0; k < 100000; k++) {
		uint64_t sent = rng_next(&seed) >> (rng_next(&seed) % 64);
		uint32_t ppm = (uint32_t)(rng_next(&seed) % 1000001);
		uint64_t allowed = (uint64_t)((unsigned __int128)ppm * sent /
					      1000000u);
		uint64_t lost = allowed + (rng_next(&seed) % 3) - 1;

		if (lost > sent)	/* "-1" below 0, or above sent */
			continue;
		d = clean("forward", sent);
		d.received = sent - lost;
		d.lost = lost;
		assert_int_equal(verdict_eval(&d, 1, ppm, LAG_NS, false, NULL),
				 lost <= allowed ? VERDICT_PASS : VERDICT_FAIL);
	}
}

static void
test_huge_counts(void **state)
{
	struct verdict_dir d = clean("forward", 1ull << 63);

	(void)state;
	/* 2^43 of 2^63 = 2^-20 = 0.953 ppm: fails at 0 ppm, passes at 1 */
	d.received = d.sent - (1ull << 43);
	d.lost = 1ull << 43;
	expect(&d, 1, 0, LAG_NS, false, VERDICT_FAIL,
	       "frames lost",
	       "forward: 8796093022208 of 9223372036854775808 frames lost "
	       "(0.953 ppm, limit 0 ppm)");
	assert_int_equal(verdict_eval(&d, 1, 1, LAG_NS, false, NULL),
			 VERDICT_PASS);
	/* 2^64 - 1 frames, all lost, with the largest ppm below 1e6 */
	d = clean("forward", UINT64_MAX);
	d.received = 0;
	d.lost = UINT64_MAX;
	assert_int_equal(verdict_eval(&d, 1, 999999, LAG_NS, false, NULL),
			 VERDICT_FAIL);
	assert_int_equal(verdict_eval(&d, 1, UINT32_MAX, LAG_NS, false, NULL),
			 VERDICT_PASS);
	d.max_lag_ns = UINT64_MAX;
	expect(&d, 1, 0, UINT64_MAX - 1, false, VERDICT_INVALID,
	       "sender behind schedule",
	       "forward: sender 18446744073709551.615 us behind schedule "
	       "(limit 18446744073709551.614 us)");
}

static void
test_names(void **state)
{
	(void)state;
	assert_string_equal(verdict_name(VERDICT_PASS), "pass");
	assert_string_equal(verdict_name(VERDICT_FAIL), "fail");
	assert_string_equal(verdict_name(VERDICT_INVALID), "invalid");
	assert_string_equal(verdict_name(VERDICT_INTERRUPTED), "interrupted");
	assert_string_equal(verdict_name((enum verdict)42), "unknown");
}

/* Only a pass or a fail measured the DUT. */
static void
test_measured(void **state)
{
	(void)state;
	assert_true(verdict_measured(VERDICT_PASS));
	assert_true(verdict_measured(VERDICT_FAIL));
	assert_false(verdict_measured(VERDICT_INVALID));
	assert_false(verdict_measured(VERDICT_INTERRUPTED));
	assert_false(verdict_measured((enum verdict)42));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass_and_interrupted),
		cmocka_unit_test(test_measured),
		cmocka_unit_test(test_invalid_rules),
		cmocka_unit_test(test_rule_order),
		cmocka_unit_test(test_reorder_foreign_pass),
		cmocka_unit_test(test_lost_fail_safe),
		cmocka_unit_test(test_ppm_edges),
		cmocka_unit_test(test_huge_counts),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

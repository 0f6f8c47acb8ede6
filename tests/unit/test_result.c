/* SPDX-License-Identifier: BSD-3-Clause */
/* The one result rule (result.h): every combination of facts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dutperf/result.h"

/* Each case from the facts that make it, and what it says. */
static void
test_cases(void **state)
{
	static const struct {
		struct result_facts f;
		enum result_case c;
		enum report_result kind;
		const char *text;
	} t[] = {
		{ { .complete = true, .passed = true }, RESULT_INSIDE,
		  REPORT_RESULT_MEASURED, "5000 fps" },
		{ { .complete = true, .passed = true, .top_passed = true,
		    .top_is_limit = true }, RESULT_LINE_RATE,
		  REPORT_RESULT_MEASURED, "5000 fps (line rate)" },
		{ { .complete = true, .passed = true, .top_passed = true },
		  RESULT_TOP_PASSED, REPORT_RESULT_LOWER_BOUND,
		  "at least 5000 fps (the range's top passed)" },
		/* the top passing wins over an invalid bound found before */
		{ { .complete = true, .passed = true, .top_passed = true,
		    .bound_invalid = true }, RESULT_TOP_PASSED,
		  REPORT_RESULT_LOWER_BOUND,
		  "at least 5000 fps (the range's top passed)" },
		{ { .complete = true, .passed = true, .bound_invalid = true },
		  RESULT_TESTER_LIMIT, REPORT_RESULT_LOWER_BOUND,
		  "at least 5000 fps (lower bound: the tester's limit)" },
		{ { .complete = true, .bound_invalid = true }, RESULT_INVALID,
		  REPORT_RESULT_NONE, "no valid result (no valid trial passed)" },
		{ { .complete = true, .bottom_zero = true }, RESULT_ZERO,
		  REPORT_RESULT_MEASURED, "5000 fps" },
		{ { .complete = true }, RESULT_BELOW_RANGE, REPORT_RESULT_NONE,
		  "no valid result (below the range searched)" },
		{ { .passed = true, .top_passed = true, .top_is_limit = true },
		  RESULT_INCOMPLETE, REPORT_RESULT_NONE,
		  "no valid result (incomplete)" },
		/* the DUT went away: no figure, whatever passed before */
		{ { .complete = true, .passed = true, .top_passed = true,
		    .top_is_limit = true, .dut_gone = true }, RESULT_DUT_GONE,
		  REPORT_RESULT_NONE, "no valid result (the DUT went away)" },
		{ { .bottom_zero = true, .dut_gone = true }, RESULT_DUT_GONE,
		  REPORT_RESULT_NONE, "no valid result (the DUT went away)" },
		/* nothing came back: never a measured 0, nor "below the
		 * range" (issue 39) */
		{ { .complete = true, .bottom_zero = true, .nothing_back = true },
		  RESULT_NOTHING_BACK, REPORT_RESULT_NONE,
		  "no valid result (no test frame came back)" },
		{ { .complete = true, .nothing_back = true },
		  RESULT_NOTHING_BACK, REPORT_RESULT_NONE,
		  "no valid result (no test frame came back)" },
		/* invalid trials bound it: that case stays */
		{ { .complete = true, .bound_invalid = true, .bottom_zero = true,
		    .nothing_back = true }, RESULT_INVALID, REPORT_RESULT_NONE,
		  "no valid result (no valid trial passed)" },
		/* interrupted and gone stay what they are */
		{ { .bottom_zero = true, .nothing_back = true },
		  RESULT_INCOMPLETE, REPORT_RESULT_NONE,
		  "no valid result (incomplete)" },
	};
	char buf[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		enum result_case c = result_case(&t[i].f);

		assert_int_equal(c, t[i].c);
		assert_int_equal(result_case_kind(c), t[i].kind);
		result_format(c, "5000 fps", buf, sizeof(buf));
		assert_string_equal(buf, t[i].text);
	}
	assert_string_equal(result_case_name(RESULT_TOP_PASSED), "top_passed");
	assert_string_equal(result_case_reason(RESULT_TOP_PASSED),
			    "the range's top passed");
	assert_string_equal(result_case_reason(RESULT_LINE_RATE), "line rate");
	assert_string_equal(result_case_name(RESULT_DUT_GONE), "dut_gone");
	/* out of range: none, never measured */
	assert_int_equal(result_case_kind((enum result_case)99),
			 REPORT_RESULT_NONE);
}

/* What came back, summed over trials: the fact and the reason. */
static void
test_rx(void **state)
{
	struct report_trial r;
	struct result_rx x;
	char buf[1024];

	(void)state;
	memset(&x, 0, sizeof(x));
	assert_false(result_rx_nothing_back(&x));	/* nothing sent */
	memset(&r, 0, sizeof(r));
	r.dir[0].active = true;
	r.dir[0].v.sent = 1000;
	r.dir[0].kinds[FRAME_FOREIGN_ARP] = 3;
	r.dir[0].kinds[FRAME_BAD_ADDR] = 990;
	r.dir[1].active = true;
	r.dir[1].v.sent = 1000;
	r.dir[1].kinds[FRAME_FOREIGN_ND] = 2;
	r.dir[1].kinds[FRAME_FOREIGN_LLDP] = 1;
	r.dir[1].kinds[FRAME_FOREIGN_OTHER_UDP] = 4;
	/* FRAME_OURS is no foreign kind */
	r.dir[1].kinds[FRAME_OURS] = 7;
	result_rx_add(&x, &r);
	result_rx_add(&x, &r);
	assert_true(result_rx_nothing_back(&x));
	result_rx_why(&x, buf, sizeof(buf));
	assert_string_equal(buf, "no test frame came back in 2 trials (4000 "
			    "frames sent): check [left] / [right] dut_mac (the "
			    "DUT's MAC on each side), the DUT's neighbour "
			    "entries for the tester's addresses and its routes, "
			    "and the cables (ports swapped?); foreign frames "
			    "received: 6 ARP, 4 ND/ICMPv6, 1980 to another MAC "
			    "or IP address, 10 other");
	/* frames of another VLAN: said first, not among the others */
	memset(&x, 0, sizeof(x));
	r.dir[1].kinds[FRAME_FOREIGN_VLAN] = 500;
	result_rx_add(&x, &r);
	result_rx_why(&x, buf, sizeof(buf));
	assert_string_equal(buf, "500 frames came back with VLAN tags not the "
			    "port's (another VID, none, or one too many: check "
			    "[left] / [right] vlan and outer_vlan against the "
			    "DUT's VLANs); no test frame came back in 1 trials "
			    "(2000 frames sent): check [left] / [right] dut_mac "
			    "(the DUT's MAC on each side), the DUT's neighbour "
			    "entries for the tester's addresses and its routes, "
			    "and the cables (ports swapped?); foreign frames "
			    "received: 3 ARP, 2 ND/ICMPv6, 990 to another MAC "
			    "or IP address, 5 other");
	r.dir[1].kinds[FRAME_FOREIGN_VLAN] = 0;
	memset(&x, 0, sizeof(x));
	result_rx_add(&x, &r);
	result_rx_add(&x, &r);
	/* one frame late, or one left over from an earlier trial: it came
	 * back */
	r.dir[0].v.late = 1;
	result_rx_add(&x, &r);
	assert_false(result_rx_nothing_back(&x));
	memset(&x, 0, sizeof(x));
	r.dir[0].v.late = 0;
	r.dir[1].stale = 1;
	result_rx_add(&x, &r);
	assert_false(result_rx_nothing_back(&x));
	memset(&x, 0, sizeof(x));
	r.dir[1].stale = 0;
	r.dir[1].v.received = 1;
	result_rx_add(&x, &r);
	assert_false(result_rx_nothing_back(&x));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_rx),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

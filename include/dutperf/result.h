/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * result: the one rule that says what a procedure's figure is
 * (docs/results.md).  Every procedure that searches a range (binary
 * search, MLRsearch, stateful throughput, connection rate, table
 * capacity, b2b, recovery's search-first path) describes how its search
 * ended with a struct result_facts; result_case() classifies it and
 * result_case_kind() gives the rate.csv result_kind, run.json's
 * result_kind and (not measured) exit status 3:
 *
 *   the DUT went away (dutwatch.h)   -> none         "the DUT went away"
 *   incomplete                       -> none         "incomplete"
 *   top passed, top is a limit       -> measured     "line rate"
 *   top passed                       -> lower_bound  "the range's top passed"
 *   bounded by invalid trials, a pass -> lower_bound "the tester's limit"
 *   bounded by invalid trials only   -> none         "invalid trials"
 *   nothing came back at any value   -> none         "no test frame came back"
 *   nothing passed, bottom 0         -> measured     "every rate failed" (0)
 *   nothing passed, bottom > 0       -> none         "below the range"
 *   a valid failure above a pass     -> measured     "inside the range"
 *
 * "A limit" is the line rate or another physical limit the tester knows
 * (never a range top the user chose below it).
 */
#ifndef DUTPERF_RESULT_H
#define DUTPERF_RESULT_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

enum result_case {
	RESULT_INSIDE = 0,	/* measured: a valid failure bounds it */
	RESULT_LINE_RATE,	/* measured: the top passed and is a limit */
	RESULT_ZERO,		/* measured 0: every rate failed, down to 0 */
	RESULT_TOP_PASSED,	/* lower_bound: the range's top passed */
	RESULT_TESTER_LIMIT,	/* lower_bound: invalid trials bound it */
	RESULT_INVALID,		/* none: nothing valid passed, invalid above */
	RESULT_BELOW_RANGE,	/* none: failed down to a bottom above 0 */
	RESULT_INCOMPLETE,	/* none: stopped or not settled */
	RESULT_DUT_GONE,	/* none: the DUT stopped forwarding, link
				 * down or no probe passing (dutwatch.h) */
	RESULT_NOTHING_BACK,	/* none: nothing passed and not one test
				 * frame came back in any trial (a wrong
				 * MAC, neighbour entry or cable, never a
				 * DUT figure) */
};

/* How a procedure's search ended. */
struct result_facts {
	bool complete;		/* the procedure finished */
	bool top_passed;	/* the range's top itself passed */
	bool top_is_limit;	/* that top is the line rate (a limit) */
	bool passed;		/* some value passed validly */
	bool bound_invalid;	/* the upper bound is a value that stayed
				 * invalid (the tester's), not a failure */
	bool bottom_zero;	/* the range starts at 0 */
	bool dut_gone;		/* ended because the DUT went away: whatever
				 * passed before, no figure */
	bool nothing_back;	/* not one test frame came back in any trial
				 * (result_rx_nothing_back) */
};

/*
 * What came back over the trials of one run, for RESULT_NOTHING_BACK and
 * its reason: the test frames sent and those that came back (in time,
 * late or from an earlier trial), and the foreign frames that point at
 * the cause (docs/results.md, "Nothing came back").
 */
struct result_rx {
	uint32_t trials;	/* trials added */
	uint64_t sent;		/* test frames the ports accepted */
	uint64_t back;		/* test frames received: in time, late, stale */
	uint64_t arp, nd;	/* foreign ARP; ICMPv6 (ND, MLD, RS) */
	uint64_t elsewhere;	/* UDP test-like frames to another MAC or IP
				 * address (FRAME_BAD_ADDR) */
	uint64_t other;		/* every other foreign frame */
	uint64_t vlan;		/* VLAN tags not the port's (FRAME_FOREIGN_VLAN) */
};

/* Add trial r's active directions to x. */
void result_rx_add(struct result_rx *x, const struct report_trial *r);
/* Frames were sent in some trial and not one came back in any. */
bool result_rx_nothing_back(const struct result_rx *x);
/* "no test frame came back in N trials (M frames sent): ...; foreign
 * frames received: ..." naming the likely causes.  snprintf's return. */
int result_rx_why(const struct result_rx *x, char *buf, size_t len);

enum result_case result_case(const struct result_facts *f);
enum report_result result_case_kind(enum result_case c);
/* "inside the range", "line rate", "the range's top passed", ... */
const char *result_case_reason(enum result_case c);
/* "inside", "line_rate", "top_passed", ...: run.json's result_reason */
const char *result_case_name(enum result_case c);

/*
 * The figure as people read it (stdout, run.json "result"): "F" inside
 * the range or 0, "F (line rate)", "at least F (the range's top
 * passed)", "at least F (lower bound: the tester's limit)", "no valid
 * result (REASON)".  snprintf's return.
 */
int result_format(enum result_case c, const char *figure, char *buf,
		  size_t len);

#endif /* DUTPERF_RESULT_H */

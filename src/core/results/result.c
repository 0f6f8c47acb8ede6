/* SPDX-License-Identifier: BSD-3-Clause */
/* result: the one result rule of every procedure (result.h). */
#include <stdio.h>

#include "dutperf/result.h"

enum result_case
result_case(const struct result_facts *f)
{
	if (f->dut_gone)
		return RESULT_DUT_GONE;
	if (!f->complete)
		return RESULT_INCOMPLETE;
	if (f->top_passed)
		return f->top_is_limit ? RESULT_LINE_RATE : RESULT_TOP_PASSED;
	if (f->bound_invalid)
		return f->passed ? RESULT_TESTER_LIMIT : RESULT_INVALID;
	if (!f->passed)
		return f->bottom_zero ? RESULT_ZERO : RESULT_BELOW_RANGE;
	return RESULT_INSIDE;
}

static const struct {
	enum report_result kind;
	const char *name, *reason;
} result_cases[] = {
	[RESULT_INSIDE] = { REPORT_RESULT_MEASURED, "inside",
			    "inside the range" },
	[RESULT_LINE_RATE] = { REPORT_RESULT_MEASURED, "line_rate",
			       "line rate" },
	[RESULT_ZERO] = { REPORT_RESULT_MEASURED, "zero",
			  "every value failed, down to 0" },
	[RESULT_TOP_PASSED] = { REPORT_RESULT_LOWER_BOUND, "top_passed",
				"the range's top passed" },
	[RESULT_TESTER_LIMIT] = { REPORT_RESULT_LOWER_BOUND, "tester_limit",
				  "the tester's limit" },
	[RESULT_INVALID] = { REPORT_RESULT_NONE, "invalid",
			     "no valid trial passed" },
	[RESULT_BELOW_RANGE] = { REPORT_RESULT_NONE, "below_range",
				 "below the range searched" },
	[RESULT_INCOMPLETE] = { REPORT_RESULT_NONE, "incomplete",
				"incomplete" },
	[RESULT_DUT_GONE] = { REPORT_RESULT_NONE, "dut_gone",
			      "the DUT went away" },
};

#define RESULT_NB_CASES (sizeof(result_cases) / sizeof(result_cases[0]))

enum report_result
result_case_kind(enum result_case c)
{
	return (unsigned)c < RESULT_NB_CASES ? result_cases[c].kind :
					       REPORT_RESULT_NONE;
}

const char *
result_case_reason(enum result_case c)
{
	return (unsigned)c < RESULT_NB_CASES ? result_cases[c].reason : "?";
}

const char *
result_case_name(enum result_case c)
{
	return (unsigned)c < RESULT_NB_CASES ? result_cases[c].name : "?";
}

int
result_format(enum result_case c, const char *figure, char *buf, size_t len)
{
	switch (c) {
	case RESULT_INSIDE:
	case RESULT_ZERO:
		return snprintf(buf, len, "%s", figure);
	case RESULT_LINE_RATE:
		return snprintf(buf, len, "%s (line rate)", figure);
	case RESULT_TOP_PASSED:
		return snprintf(buf, len, "at least %s (the range's top passed)",
				figure);
	case RESULT_TESTER_LIMIT:
		return snprintf(buf, len, "at least %s (lower bound: the "
				"tester's limit)", figure);
	default:
		return snprintf(buf, len, "no valid result (%s)",
				result_case_reason(c));
	}
}

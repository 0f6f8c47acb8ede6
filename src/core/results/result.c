/* SPDX-License-Identifier: BSD-3-Clause */
/* result: the one result rule of every procedure (result.h). */
#include <stdio.h>

#include <inttypes.h>

#include "dutperf/frame.h"
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
	/* a search where nothing came back never reads as a DUT figure:
	 * no frame of the DUT's was seen to be lost rather than misrouted
	 * (docs/results.md) */
	if (!f->passed && f->nothing_back)
		return RESULT_NOTHING_BACK;
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
	[RESULT_NOTHING_BACK] = { REPORT_RESULT_NONE, "nothing_back",
				  "no test frame came back" },
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

void
result_rx_add(struct result_rx *x, const struct report_trial *r)
{
	const struct report_dir *d;
	unsigned i, k;

	x->trials++;
	for (i = 0; i < CFG_NB_DIRS; i++) {
		d = &r->dir[i];
		if (!d->active)
			continue;
		x->sent += d->v.sent;
		x->back += d->v.received + d->v.late + d->stale;
		x->arp += d->kinds[FRAME_FOREIGN_ARP];
		x->nd += d->kinds[FRAME_FOREIGN_ND];
		x->elsewhere += d->kinds[FRAME_BAD_ADDR];
		x->vlan += d->kinds[FRAME_FOREIGN_VLAN];
		for (k = 0; k < FRAME_KIND_COUNT; k++)
			if (k != FRAME_OURS && k != FRAME_FOREIGN_ARP &&
			    k != FRAME_FOREIGN_ND && k != FRAME_BAD_ADDR &&
			    k != FRAME_FOREIGN_VLAN)
				x->other += d->kinds[k];
	}
}

bool
result_rx_nothing_back(const struct result_rx *x)
{
	return x->sent > 0 && x->back == 0;
}

static int result_rx_why_plain(const struct result_rx *x, char *buf,
			       size_t len);

int
result_rx_why(const struct result_rx *x, char *buf, size_t len)
{
	int n;

	if (x->vlan > 0) {	/* the likeliest cause first */
		n = snprintf(buf, len, "%" PRIu64 " frames came back with "
			     "VLAN tags not the port's (another VID, none, or "
			     "one too many: check [left] / [right] vlan and "
			     "outer_vlan against the DUT's VLANs); ", x->vlan);
		if (n < 0 || (size_t)n >= len)
			return n;
		return n + result_rx_why_plain(x, buf + n, len - (size_t)n);
	}
	return result_rx_why_plain(x, buf, len);
}

static int
result_rx_why_plain(const struct result_rx *x, char *buf, size_t len)
{
	return snprintf(buf, len, "no test frame came back in %" PRIu32
			" trials (%" PRIu64 " frames sent): check [left] / "
			"[right] dut_mac (the DUT's MAC on each side), the "
			"DUT's neighbour entries for the tester's addresses "
			"and its routes, and the cables (ports swapped?); "
			"foreign frames received: %" PRIu64 " ARP, %" PRIu64
			" ND/ICMPv6, %" PRIu64 " to another MAC or IP address, "
			"%" PRIu64 " other", x->trials, x->sent, x->arp, x->nd,
			x->elsewhere, x->other);
}

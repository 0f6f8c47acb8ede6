/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stateful_report: the result files of the RFC 9693 modes connrate,
 * cttc and teardown (docs/stateful.md), one row per run, in siitperf's
 * style (", " between fields, siitperf's column names), then result_kind.
 * Each is a row struct and its column table (report.h).
 */
#ifndef DUTPERF_STATEFUL_REPORT_H
#define DUTPERF_STATEFUL_REPORT_H

#include <stdint.h>
#include <time.h>

#include "cfg.h"
#include "report.h"

/* What every row starts with: No, Size, n, m. */
struct stateful_row_head {
	uint32_t no;			/* run 1.. */
	uint32_t frame_size_b;
	uint32_t n, m;
};

/* The head of run no's row under configuration c. */
void stateful_row_head(struct stateful_row_head *h, uint32_t no,
		       const struct cfg *c);

/* connrate.csv: the maximum connection establishment rate. */
struct stateful_cr_row {
	struct stateful_row_head head;
	uint64_t initial_fps;		/* Initial R Rate */
	uint64_t frames;		/* N */
	uint32_t table_size;		/* M */
	uint32_t timeout_ms, delay_ms;	/* T, D */
	uint64_t error_fps;		/* Error */
	time_t date;
	uint32_t steps;			/* Iterations needed */
	uint64_t rate_fps;		/* rate: empty when result is none */
	enum report_result result;
};

/* cttc.csv: the connection tracking table capacity. */
struct stateful_cttc_row {
	struct stateful_row_head head;
	uint64_t c0, error;		/* C0, E */
	uint32_t alpha_pct, beta_pct, gamma_pct;
	time_t date;
	uint32_t steps, trials;
	uint64_t capacity, rate_fps;	/* empty when result is none */
	enum report_result result;
};

/* teardown.csv: the connection tear-down rate. */
struct stateful_teardown_row {
	struct stateful_row_head head;
	uint64_t rate_fps;		/* R: phase 1's */
	uint64_t frames;		/* N */
	uint32_t timeout_ms;		/* T */
	time_t date;
	uint64_t td_ns, t0_ns;		/* TD ms, T0 ms */
	double teardown_fps;		/* rate: empty unless measured */
	enum report_result result;
};

extern const struct report_table stateful_cr_table;	/* connrate.csv */
extern const struct report_table stateful_cttc_table;	/* cttc.csv */
extern const struct report_table stateful_teardown_table; /* teardown.csv */

#endif /* DUTPERF_STATEFUL_REPORT_H */

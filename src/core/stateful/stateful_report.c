/* SPDX-License-Identifier: BSD-3-Clause */
/* stateful_report: connrate.csv, cttc.csv, teardown.csv (stateful_report.h). */
#include "dutperf/stateful_report.h"

void
stateful_row_head(struct stateful_row_head *h, uint32_t no,
		  const struct cfg *c)
{
	*h = (struct stateful_row_head){ .no = no,
					 .frame_size_b = cfg_report_size_b(c),
					 .n = c->n, .m = c->m };
}

static const struct report_col head_cols[] = {
	REPORT_COL_U32("No", "", struct stateful_row_head, no),
	REPORT_COL_U32("Size", "b", struct stateful_row_head, frame_size_b),
	REPORT_COL_U32("n", "", struct stateful_row_head, n),
	REPORT_COL_U32("m", "", struct stateful_row_head, m),
};

static const struct report_table head_table = REPORT_TABLE(NULL, head_cols);

#define CR(k, n, u, m) REPORT_COL_##k(n, u, struct stateful_cr_row, m)

static const struct report_col cr_cols[] = {
	REPORT_COL_GROUP(NULL, struct stateful_cr_row, head, &head_table),
	CR(U64, "Initial R Rate", "fps", initial_fps),
	CR(U64, "N", "", frames),
	CR(U32, "M", "", table_size),
	CR(U32, "T", "ms", timeout_ms),
	CR(U32, "D", "ms", delay_ms),
	CR(U64, "Error", "fps", error_fps),
	REPORT_COL_DATE("Date", struct stateful_cr_row, date),
	CR(U32, "Iterations needed", "", steps),
	REPORT_COL_U64_IF_RESULT("rate", "fps", struct stateful_cr_row,
				 rate_fps, result),
	REPORT_COL_RESULT("result_kind", struct stateful_cr_row, result),
};

const struct report_table stateful_cr_table = REPORT_TABLE(", ", cr_cols);

#define CT(k, n, u, m) REPORT_COL_##k(n, u, struct stateful_cttc_row, m)

static const struct report_col cttc_cols[] = {
	REPORT_COL_GROUP(NULL, struct stateful_cttc_row, head, &head_table),
	CT(U64, "C0", "", c0),
	CT(U64, "E", "", error),
	CT(U32, "alpha", "pct", alpha_pct),
	CT(U32, "beta", "pct", beta_pct),
	CT(U32, "gamma", "pct", gamma_pct),
	REPORT_COL_DATE("Date", struct stateful_cttc_row, date),
	CT(U32, "Steps", "", steps),
	CT(U32, "Trials", "", trials),
	REPORT_COL_U64_IF_RESULT("capacity", "", struct stateful_cttc_row,
				 capacity, result),
	REPORT_COL_U64_IF_RESULT("rate", "fps", struct stateful_cttc_row,
				 rate_fps, result),
	REPORT_COL_RESULT("result_kind", struct stateful_cttc_row, result),
};

const struct report_table stateful_cttc_table = REPORT_TABLE(", ", cttc_cols);

#define TD(k, n, u, m) REPORT_COL_##k(n, u, struct stateful_teardown_row, m)

static const struct report_col teardown_cols[] = {
	REPORT_COL_GROUP(NULL, struct stateful_teardown_row, head,
			 &head_table),
	TD(U64, "R", "fps", rate_fps),
	TD(U64, "N", "", frames),
	TD(U32, "T", "ms", timeout_ms),
	REPORT_COL_DATE("Date", struct stateful_teardown_row, date),
	REPORT_COL_NS_MS("TD ms", 3, struct stateful_teardown_row, td_ns),
	REPORT_COL_NS_MS("T0 ms", 3, struct stateful_teardown_row, t0_ns),
	REPORT_COL_DOUBLE_IF_MEASURED("rate", "fps", 0,
				      struct stateful_teardown_row,
				      teardown_fps, result),
	REPORT_COL_RESULT("result_kind", struct stateful_teardown_row, result),
};

const struct report_table stateful_teardown_table =
	REPORT_TABLE(", ", teardown_cols);

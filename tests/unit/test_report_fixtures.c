/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report: every result file (header and rows) against the fixtures in
 * tests/data/report/ and tests/data/columns/, and the column names and
 * units of every table.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dutperf/b2b.h"
#include "dutperf/csv.h"
#include "dutperf/dut.h"
#include "dutperf/mlr.h"
#include "dutperf/monitor.h"
#include "dutperf/recovery.h"
#include "dutperf/report.h"
#include "dutperf/stateful_report.h"

/*
 * Fixtures: representative rows of every result file, written into
 * tests/data/report/ by the formatting code of 2026-12-01 (hand-written
 * printf formats, before the column tables) with
 *   build/tests/unit/test_report_fixtures --write-fixtures tests/data/report
 * Any later formatting must reproduce those files byte for byte.
 * Times are UTC (main sets TZ), so the dates do not depend on the host.
 */
#define T_2026_11_30 ((time_t)1795996800)	/* 2026-11-30 00:00:00 UTC */

static const struct report_trial trial_rows[] = {
	{ /* both directions, the largest 64-bit values, pass */
		.start = T_2026_11_30 + 12 * 3600 + 34 * 60 + 56,
		.search_no = 3, .iteration = 7, .rate_fps = 1488095,
		.frame_size_b = 64, .direction = CFG_DIRECTION_BOTH,
		.duration_s = 60, .timeout_ms = 2000, .seed = UINT64_MAX,
		.duration_ms = 60000,
		.dir = {
			[CFG_FWD] = { .active = true,
				.v = { .planned = UINT64_MAX,
				       .sent = UINT64_MAX - 1, .unsent = 1,
				       .received = 12345678901234567890u,
				       .lost = 9, .duplicates = 2,
				       .reordered = 3, .late = 4,
				       .foreign = 5, .max_lag_ns = UINT64_MAX },
				.stale = 6, .bogus = 7,
				.achieved_fps = 1488095.1234565,
				.sent_b = UINT64_MAX,
				.recv_b = UINT64_MAX - 2,
				/* the 5 foreign: link 2, ip 1, udp 2 */
				.kinds = { [FRAME_FOREIGN_ND] = 1,
					   [FRAME_FOREIGN_ARP] = 1,
					   [FRAME_BAD_IP] = 1,
					   [FRAME_BAD_ADDR] = 2 } },
			[CFG_REV] = { .active = true,
				.v = { .planned = 100, .sent = 100,
				       .received = 100, .max_lag_ns = 0 },
				.achieved_fps = 0.0004, .sent_b = 6400,
				.recv_b = 6336 },
		},
		.verdict = VERDICT_PASS, .reason = "",
		/* a mix: its name and Mb/s, the bytes sent */
		.imix = "csit", .rate_l2_mbps = 4212.346,
		.rate_l1_mbps = 4450.444,
	},
	{ /* forward only; a reason with quotes, commas, CR and LF */
		.start = T_2026_11_30 + 1, .search_no = 1, .iteration = 1,
		.rate_fps = 20000, .frame_size_b = 1518,
		.direction = CFG_DIRECTION_FORWARD, .duration_s = 2,
		.duration_ms = 1500,	/* rounded up to 2 s */
		.timeout_ms = 500, .seed = 42,
		.dir = {
			[CFG_FWD] = { .active = true,
				.v = { .planned = 40000, .sent = 40000,
				       .received = 39999, .lost = 1,
				       .max_lag_ns = 1234567 },
				.stale = 3, .bogus = 5, .achieved_fps = 0 },
			[CFG_REV] = { .active = false,
				.v = { .planned = 99, .sent = 99 } },
		},
		.verdict = VERDICT_FAIL,
		.reason = "forward: 1 frame \"lost\",\nsecond line\r\nthird, \"\"",
	},
	{ /* reverse only, nothing sent, no reason */
		.start = T_2026_11_30 + 86399, .rate_fps = 1,
		.frame_size_b = 84, .direction = CFG_DIRECTION_REVERSE,
		.duration_s = 1, .timeout_ms = 0, .seed = 0,
		.duration_ms = 500,	/* rounded up to 1 s */
		.dir = {
			[CFG_REV] = { .active = true,
				.v = { .planned = 100, .sent = 0,
				       .unsent = 100, .max_lag_ns = 999 },
				.achieved_fps = -1 },
		},
		.verdict = VERDICT_INVALID, .reason = NULL,
	},
	{ /* no direction at all, the epoch, not-a-number rate */
		.start = 0, .direction = CFG_DIRECTION_BOTH,
		.dir = {
			[CFG_FWD] = { .active = true,
				.v = { .max_lag_ns = 1000 },
				.achieved_fps = NAN },
		},
		.verdict = VERDICT_INTERRUPTED, .reason = "interrupted",
	},
	{ /* both inactive, a verdict out of range */
		.start = T_2026_11_30 + 3600, .search_no = UINT32_MAX,
		.iteration = UINT32_MAX, .rate_fps = UINT64_MAX,
		.frame_size_b = UINT32_MAX, .duration_s = UINT32_MAX,
		.timeout_ms = UINT32_MAX, .seed = 1,
		.duration_ms = UINT64_MAX,
		.verdict = (enum verdict)7, .reason = ",\"\n",
	},
};

static const struct report_search rate_rows[] = {
	{ .no = 1, .frame_size_b = 84, .direction = CFG_DIRECTION_BOTH,
	  .n = 2, .m = 2, .duration_s = 60, .initial_fps = 200000,
	  .timeout_ms = 2000, .error_fps = 200,
	  .date = T_2026_11_30 + 17 * 60 + 8, .iterations = 11,
	  .rate_fps = 279101 },
	{ .no = 2, .frame_size_b = 64, .direction = CFG_DIRECTION_BOTH,
	  .n = 2, .m = 2, .duration_s = 10, .initial_fps = 1000000,
	  .timeout_ms = 2000, .error_fps = 1000,
	  .date = T_2026_11_30 + 18 * 60, .iterations = 14,
	  .rate_fps = 98944, .result = REPORT_RESULT_LOWER_BOUND },
	{ .no = 3, .frame_size_b = 64, .direction = CFG_DIRECTION_FORWARD,
	  .n = 2, .m = 2, .duration_s = 10, .initial_fps = 1000000,
	  .timeout_ms = 2000, .error_fps = 1000,
	  .date = T_2026_11_30 + 19 * 60, .iterations = 20,
	  .rate_fps = 0, .result = REPORT_RESULT_NONE },
	{ .no = UINT32_MAX, .frame_size_b = 1518,
	  .direction = CFG_DIRECTION_FORWARD, .n = UINT32_MAX, .m = 1,
	  .duration_s = 1, .initial_fps = UINT64_MAX, .timeout_ms = 1,
	  .error_fps = UINT64_MAX - 1, .date = T_2026_11_30 + 86399,
	  .iterations = UINT32_MAX, .rate_fps = UINT64_MAX },
	{ .direction = CFG_DIRECTION_REVERSE, .date = 0 },
};

#define RUN(s, no_, dir_, v, why) { .start = (s), .no = (no_), \
	.rate_fps = 1000, .frame_size_b = 64, .direction = (dir_), \
	.duration_s = 10, .timeout_ms = 2000, .frame_timeout_ms = 1000, \
	.seed = UINT64_MAX, .verdict = (v), .reason = (why) }

static const struct report_latency latency_rows[] = {
	{ /* forward measured, reverse lost every tagged frame */
		.run = RUN(T_2026_11_30 + 5, 1, CFG_DIRECTION_BOTH,
			   VERDICT_PASS, ""),
		.delay_s = 5, .timestamps = "tsc",
		.dir = {
			[CFG_FWD] = { .active = true, .sent = 10,
				.received = 10, .tagged = 5,
				.tagged_received = 5, .valid = true,
				.tl_us = 12.5, .wcl_us = 40.25, .min_us = 10,
				.max_us = 40.25, .mean_us = 20 },
			[CFG_REV] = { .active = true, .sent = 10,
				.tagged = 5, .tagged_lost = 5, .valid = false,
				.tl_us = 1, .wcl_us = 2, .min_us = 3 },
		},
	},
	{ /* reverse only, rounding and large values */
		.run = RUN(T_2026_11_30 + 7, UINT32_MAX,
			   CFG_DIRECTION_REVERSE, VERDICT_FAIL,
			   "reverse: \"12\" lost,\nsee log"),
		.delay_s = UINT32_MAX, .timestamps = "tsc",
		.dir = {
			[CFG_REV] = { .active = true, .sent = UINT64_MAX,
				.received = UINT64_MAX - 12,
				.tagged = UINT32_MAX,
				.tagged_received = UINT32_MAX - 1,
				.tagged_lost = 1, .valid = true,
				.tl_us = 1e9 + 0.0005, .wcl_us = 0.0004,
				.min_us = -0.0004, .max_us = 123456.78951,
				.mean_us = 0.1235 },
		},
	},
	{ /* no direction */
		.run = RUN(0, 0, CFG_DIRECTION_FORWARD, VERDICT_INTERRUPTED,
			   NULL),
		.delay_s = 0, .timestamps = "tsc",
	},
};

static const struct report_pdv pdv_rows[] = {
	{ /* both measured, no IPDV in reverse */
		.run = RUN(T_2026_11_30 + 9, 2, CFG_DIRECTION_BOTH,
			   VERDICT_PASS, ""),
		.dir = {
			[CFG_FWD] = { .active = true, .sent = 1000,
				.received = 1000, .valid = true,
				.dmin_us = 3.25, .d999_us = 9.9995,
				.dmax_us = 12, .pdv_us = 6.7495,
				.ipdv_valid = true, .ipdv_min_us = -4.5,
				.ipdv_median_us = 0, .ipdv_max_us = 5.125,
				.delays = 1000, .ipdv_pairs = 999 },
			[CFG_REV] = { .active = true, .sent = 1000,
				.received = 1, .valid = true, .dmin_us = 1,
				.d999_us = 1, .dmax_us = 1, .pdv_us = 0,
				.ipdv_valid = false, .ipdv_min_us = 7,
				.delays = 1 },
		},
	},
	{ /* forward received nothing, reverse off */
		.run = RUN(T_2026_11_30 + 11, 1, CFG_DIRECTION_FORWARD,
			   VERDICT_FAIL, "forward: 4 of 4 frames lost"),
		.dir = {
			[CFG_FWD] = { .active = true, .sent = 4,
				.received = 0, .valid = false, .dmin_us = 9,
				.ipdv_valid = false },
		},
	},
	{ /* reverse only, IPDV without PDV, large counts */
		.run = RUN(T_2026_11_30 + 13, 3, CFG_DIRECTION_REVERSE,
			   VERDICT_INVALID, "a,b\"c\"\rd"),
		.dir = {
			[CFG_REV] = { .active = true, .sent = UINT64_MAX,
				.received = UINT64_MAX, .valid = false,
				.ipdv_valid = true, .ipdv_min_us = -1e12,
				.ipdv_median_us = 1e-9,
				.ipdv_max_us = 1e15, .delays = UINT64_MAX,
				.ipdv_pairs = UINT64_MAX - 1 },
		},
	},
};

static const struct report_flr flr_rows[] = {
	{ .start = T_2026_11_30 + 20, .no = 1, .step = 2,
	  .offered_fps = 13000, .frame_size_b = 64, .dir = CFG_REV,
	  .duration_s = 2, .sent = 26000, .received = 20100,
	  .verdict = VERDICT_FAIL, .rx_fps = 10050 },
	{ .start = T_2026_11_30 + 21, .no = 1, .step = 3,
	  .offered_fps = 0, .frame_size_b = 64, .dir = CFG_FWD,
	  .duration_s = 2, .sent = 0, .received = 0,
	  .verdict = VERDICT_INVALID },
	{ .start = T_2026_11_30 + 22, .no = 2, .step = 1,
	  .offered_fps = 5, .frame_size_b = 1518, .dir = CFG_FWD,
	  .duration_s = 1, .sent = 10, .received = 12,
	  .verdict = VERDICT_INVALID },
	{ .start = 0, .no = UINT32_MAX, .step = UINT32_MAX,
	  .offered_fps = UINT64_MAX, .frame_size_b = UINT32_MAX,
	  .dir = CFG_REV, .duration_s = UINT32_MAX, .sent = UINT64_MAX,
	  .received = 0, .verdict = VERDICT_INTERRUPTED },
	{ .start = T_2026_11_30 + 23, .no = 3, .step = 4,
	  .offered_fps = 1, .frame_size_b = 84, .dir = CFG_FWD,
	  .duration_s = 3, .sent = 3, .received = 2,
	  .verdict = VERDICT_PASS, .rx_fps = 2.0 / 3 },
};

static const struct mlr_row mlr_rows[] = {
	{ /* a measured goal: both bounds */
		.no = 1, .goal = "ndr", .loss_ratio = 0, .exceed_ratio = 0.5,
		.width = 0.005, .final_s = 1, .sum_s = 21, .has_rlb = true,
		.has_rub = true, .has_ct = true, .rlb_fps = 12345,
		.rub_fps = 12400, .conditional_fps = 12344.95,
		.kind = "measured", .trials = 17, .trial_s = 33.25,
		.search_trials = 30, .search_trial_s = 61.0005 },
	{ /* no lower bound, no upper bound */
		.no = UINT32_MAX, .goal = "pdr", .loss_ratio = 0.005,
		.exceed_ratio = 0.0005, .width = 1e-7, .final_s = 0.2,
		.sum_s = 0.2, .rlb_fps = 9, .rub_fps = 9,
		.conditional_fps = 9, .kind = "none", .trials = 0,
		.trial_s = 0, .search_trials = UINT32_MAX,
		.search_trial_s = 1e9 },
	{ /* a lower bound only (the range's top passed) */
		.no = 2, .goal = "x", .loss_ratio = 1, .exceed_ratio = 1,
		.width = 1, .final_s = 60, .sum_s = 0, .has_rlb = true,
		.has_ct = true, .rlb_fps = 2e6, .conditional_fps = 1999999.96,
		.kind = "lower_bound", .trials = 3, .trial_s = 0.6,
		.search_trials = 3, .search_trial_s = 0.6 },
};

static const struct b2b_row b2b_rows[] = {
	{ /* a trial: one burst */
		.no = 1, .kind = "trial", .repetition = 2, .iteration = 3,
		.frame_size_b = 64, .direction = CFG_DIRECTION_BOTH,
		.flows = 1, .burst_rate_set_fps = 14880952,
		.has_frames = true, .has_counts = true, .has_rate = true,
		.burst_frames = 1000, .sent = 2000, .received = 1999,
		.lost = 1, .burst_rate_fps = 14880951.96, .result = "fail",
		.date = T_2026_11_30 + 30, .has_rx = true,
		.rx_rate_fps = 1234567.89 },
	{ /* a repetition without a measured rate */
		.no = 1, .kind = "repetition", .repetition = 2,
		.iteration = 9, .frame_size_b = 1518,
		.direction = CFG_DIRECTION_FORWARD, .flows = 3,
		.burst_rate_set_fps = 81274, .has_frames = true,
		.burst_frames = 123456, .burst_rate_fps = 5,
		.result = "lower_bound", .date = T_2026_11_30 + 31 },
	{ /* a summary with buffer times */
		.no = UINT32_MAX, .kind = "summary",
		.frame_size_b = 64, .direction = CFG_DIRECTION_REVERSE,
		.flows = 65535, .burst_rate_set_fps = UINT64_MAX,
		.has_rate = true, .has_summary = true, .has_implied = true,
		.has_corrected = true, .burst_rate_fps = 1488095.2,
		.result = "measured", .repetitions = 50, .avg_frames = 1000.125,
		.min_frames = 990, .max_frames = 1010, .stddev_frames = 4.005,
		.throughput_fps = 1000000.05, .implied_buffer_us = 672.0005,
		.corrected_buffer_us = 220.8, .buffer_frames = 328.6,
		.date = 0, .has_rx = true, .rx_rate_fps = 1000000.05,
		.throughput_from = "received", .has_actual = true,
		.actual_buffer_us = 441.6005 },
	{ /* a summary of nothing: no throughput */
		.no = 2, .kind = "summary", .direction = CFG_DIRECTION_BOTH,
		.result = "none", .avg_frames = NAN, .throughput_fps = 0,
		.date = T_2026_11_30 + 86399 },
};

static const struct recov_row recov_rows[] = {
	{ /* measured: frames lost after the change */
		.no = 1, .dir = "forward", .throughput_fps = 10000,
		.overload_fps = 11000, .after_fps = 5000, .overload_ms = 3000,
		.after_ms = 2000, .change_frame = 33000, .sent = 43000,
		.received = 40000, .lost = 3000, .lost_after = 10,
		.last_lost = 34000, .recovery_ms = 200.0005, .status = VERDICT_FAIL,
		.result = REPORT_RESULT_MEASURED },
	{ /* measured: nothing lost after the change */
		.no = 2, .dir = "reverse", .throughput_fps = 1,
		.overload_fps = 1, .after_fps = 1, .overload_ms = 1,
		.after_ms = 1, .change_frame = 0, .sent = 2, .received = 1,
		.lost = 1, .lost_after = 0, .last_lost = 7, .recovery_ms = 0,
		.status = VERDICT_FAIL, .result = REPORT_RESULT_MEASURED },
	{ /* not overloaded: no recovery time */
		.no = 3, .dir = "forward", .throughput_fps = 1000,
		.overload_fps = 1100, .after_fps = 500, .overload_ms = 1000,
		.after_ms = 1000, .change_frame = 1100, .sent = 1600,
		.received = 1600, .lost = 0, .lost_after = 0,
		.recovery_ms = 12.5, .status = VERDICT_PASS, .result = REPORT_RESULT_NONE },
	{ /* against a throughput that is a lower bound */
		.no = UINT32_MAX, .dir = "reverse",
		.throughput_fps = UINT64_MAX, .overload_fps = UINT64_MAX,
		.after_fps = UINT64_MAX, .overload_ms = UINT64_MAX,
		.after_ms = UINT64_MAX, .change_frame = UINT64_MAX,
		.sent = UINT64_MAX, .received = 0, .lost = UINT64_MAX,
		.lost_after = UINT64_MAX, .last_lost = UINT64_MAX - 1,
		.recovery_ms = 1e12, .status = VERDICT_FAIL,
		.result = REPORT_RESULT_LOWER_BOUND },
};

static const struct reset_row reset_rows[] = {
	{ /* resumed: measured */
		.no = 1, .dir = "forward", .rate_fps = 1000,
		.duration_ms = 2000, .at_ms = 500, .command_status = 0,
		.command_ms = 1.25, .sent = 2000, .received = 1990,
		.lost = 10,
		.r = { .resumed = true, .gap_ns = 11000500,
		       .from_ns = 500123456, .to_ns = 511123956,
		       .from_seq = 500, .to_seq = 511, .in_gap = 10 },
		.expected_lost = 11.0005, .status = VERDICT_FAIL,
		.result = REPORT_RESULT_MEASURED },
	{ /* never resumed */
		.no = 2, .dir = "reverse", .rate_fps = UINT64_MAX,
		.duration_ms = UINT64_MAX, .at_ms = UINT64_MAX,
		.command_status = -1, .command_ms = 0, .sent = UINT64_MAX,
		.received = 0, .lost = UINT64_MAX,
		.r = { .resumed = false, .gap_ns = UINT64_MAX,
		       .from_ns = 0, .to_ns = UINT64_MAX,
		       .from_seq = UINT64_MAX, .to_seq = 9, .in_gap = 9 },
		.expected_lost = 18446744073709551615.0, .status = VERDICT_FAIL,
		.result = REPORT_RESULT_NONE },
	{ /* an invalid trial that resumed: no reset time */
		.no = UINT32_MAX, .dir = "forward", .rate_fps = 1,
		.duration_ms = 1000, .at_ms = 0, .command_status = 137,
		.command_ms = 99.95, .sent = 0, .received = 0, .lost = 0,
		.r = { .resumed = true, .gap_ns = 1, .from_ns = 999,
		       .to_ns = 1000, .from_seq = 0, .to_seq = 1,
		       .in_gap = 0 },
		.expected_lost = 0, .status = VERDICT_INVALID, .result = REPORT_RESULT_NONE },
};

static const struct monitor_row monitor_rows[] = {
	{ /* a whole interval with its variation */
		.dir = CFG_FWD,
		.line = { .t_s = 2, .interval_s = 1, .tx_frames = 100000,
			  .rx_frames = 100000, .tx_fps = 100000,
			  .rx_fps = 100000, .avg_tx_fps = 99500,
			  .avg_rx_fps = 99500, .var_valid = true,
			  .var_ns = 50.25, .lost = 3, .duplicates = 1 } },
	{ /* past the warm-up, a negative variation, a warning */
		.dir = CFG_REV,
		.line = { .t_s = 3.0005, .interval_s = 0.9995, .tx_frames = 7,
			  .rx_frames = 5, .tx_fps = 7.0035, .rx_fps = 5.0025,
			  .avg_tx_fps = 0.05, .avg_rx_fps = 0.04,
			  .var_valid = true, .var_ns = -1234567.891,
			  .minmax_valid = true, .var_min_ns = -1234567.891,
			  .var_max_ns = 0.05, .lost = UINT64_MAX,
			  .duplicates = UINT64_MAX, .reordered = 2, .late = 3,
			  .warn = true } },
	{ /* the last interval: partial, no variation */
		.dir = CFG_FWD,
		.line = { .t_s = 4.25, .interval_s = 0.25, .tx_frames = 250,
			  .rx_frames = 250, .tx_fps = 1000, .rx_fps = 1000,
			  .avg_tx_fps = 1000, .avg_rx_fps = 1000,
			  .var_valid = false, .var_ns = 9, .minmax_valid = true,
			  .var_min_ns = -3.25, .var_max_ns = 4.75,
			  .partial = true } },
};

/* connrate.csv, cttc.csv, teardown.csv (the stateful modes wrote these
 * by hand in src/dpdk/mode_*.c before their tables; the fixtures were
 * written by a copy of those formats). */
static const struct stateful_cr_row connrate_rows[] = {
	{ .head = { 1, 64, 2, 2 }, .initial_fps = 4000,
	  .frames = 1000, .table_size = 1000, .timeout_ms = 300,
	  .delay_ms = 0, .error_fps = 1000, .date = T_2026_11_30 + 40,
	  .steps = 3, .rate_fps = 2019, .result = REPORT_RESULT_MEASURED },
	{ .head = { 2, 84, 10, 7 },
	  .initial_fps = UINT64_MAX, .frames = UINT64_MAX,
	  .table_size = UINT32_MAX, .timeout_ms = UINT32_MAX,
	  .delay_ms = UINT32_MAX, .error_fps = UINT64_MAX,
	  .date = T_2026_11_30 + 41, .steps = UINT32_MAX,
	  .rate_fps = UINT64_MAX, .result = REPORT_RESULT_LOWER_BOUND },
	{ .head = { UINT32_MAX, 1518, 1, 1 },
	  .initial_fps = 1, .frames = 1, .table_size = 1, .timeout_ms = 1,
	  .delay_ms = 1, .error_fps = 1, .date = 0, .steps = 0,
	  .rate_fps = 5, .result = REPORT_RESULT_NONE },
};

static const struct stateful_cttc_row cttc_rows[] = {
	{ .head = { 1, 64, 2, 2 }, .c0 = 250,
	  .error = 250, .alpha_pct = 100, .beta_pct = 20, .gamma_pct = 40,
	  .date = T_2026_11_30 + 50, .steps = 3, .trials = 6,
	  .capacity = 1000, .rate_fps = 4000,
	  .result = REPORT_RESULT_LOWER_BOUND },
	{ .head = { UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX },
	  .c0 = UINT64_MAX, .error = UINT64_MAX,
	  .alpha_pct = UINT32_MAX, .beta_pct = UINT32_MAX,
	  .gamma_pct = UINT32_MAX, .date = T_2026_11_30 + 51,
	  .steps = UINT32_MAX, .trials = UINT32_MAX,
	  .capacity = UINT64_MAX, .rate_fps = UINT64_MAX,
	  .result = REPORT_RESULT_MEASURED },
	{ .head = { 2, 84, 10, 7 }, .c0 = 1,
	  .error = 1, .alpha_pct = 1, .beta_pct = 1, .gamma_pct = 1,
	  .date = 0, .steps = 1, .trials = 2, .capacity = 0,
	  .rate_fps = 0, .result = REPORT_RESULT_NONE },
};

static const struct stateful_teardown_row teardown_rows[] = {
	{ .head = { 1, 64, 2, 2 }, .rate_fps = 2000,
	  .frames = 1000, .timeout_ms = 300, .date = T_2026_11_30 + 60,
	  .td_ns = 1135499, .t0_ns = 770500, .teardown_fps = 2749957.49,
	  .result = REPORT_RESULT_MEASURED },
	{ .head = { 2, 1518, 10, 7 },
	  .rate_fps = UINT64_MAX, .frames = UINT64_MAX,
	  .timeout_ms = UINT32_MAX, .date = T_2026_11_30 + 61,
	  .td_ns = UINT64_MAX, .t0_ns = 0, .teardown_fps = 0.5,
	  .result = REPORT_RESULT_MEASURED },
	{ .head = { UINT32_MAX, 84, 1, 1 },
	  .rate_fps = 1, .frames = 1, .timeout_ms = 0, .date = 0,
	  .td_ns = 1000, .t0_ns = 999, .teardown_fps = 0,
	  .result = REPORT_RESULT_NONE },
	{ .head = { 3, 64, 2, 2 }, .rate_fps = 2000,
	  .frames = 1000, .timeout_ms = 300, .date = T_2026_11_30 + 62,
	  .td_ns = 0, .t0_ns = 0, .teardown_fps = 0,
	  .result = REPORT_RESULT_NONE },
};

/* dut.csv ([dut], docs/dut.md): a counter, a cpu row with its busy
 * share, a counter that fell, a failed observation. */
static const struct dut_row dut_rows[] = {
	{ .trial = 1, .search = 1, .iteration = 1, .phase = "trial",
	  .rate_fps = 14000, .observation = "fwd", .counter = "IpForwDatagrams",
	  .has_values = true, .before = 1200, .after = 15200, .delta = 14000,
	  .interval_s = 1.4567, .rate_per_s = 9610.76, .error = "" },
	{ .trial = 4, .search = 1, .iteration = 4, .phase = "telemetry",
	  .rate_fps = UINT64_MAX, .observation = "cpu", .counter = "cpu1.busy", .has_values = true,
	  .before = UINT64_MAX - 10, .after = UINT64_MAX, .delta = 10,
	  .interval_s = 1.5, .rate_per_s = 6.67, .has_busy = true,
	  .busy_pct = 12.345, .error = "" },
	{ .trial = 5, .search = 2, .iteration = 1, .phase = "trial",
	  .observation = "nft", .counter = "fwd_drop.packets",
	  .has_values = true, .before = 7, .after = 0, .delta = -7,
	  .interval_s = 0.001, .rate_per_s = -7000, .error = "" },
	{ .trial = 6, .search = 2, .iteration = 2, .phase = "trial",
	  .observation = "hang", .counter = "",
	  .error = "[dut] obs2 (hang) = \"sleep 30\": no end within its "
		   "timeout of 1 s ([commands] timeout_s): its process group "
		   "was killed; no output" },
};

#define FIXTURE(name_, tbl, rows_) { .name = (name_), .table = (tbl), \
	.rows = (rows_), .size = sizeof((rows_)[0]), \
	.n = sizeof(rows_) / sizeof((rows_)[0]) }

/* Every result file: its table and the rows of its fixture. */
static const struct fixture {
	const char *name;
	const struct report_table *table;
	const void *rows;
	size_t size, n;
} fixtures[] = {
	FIXTURE("trials.csv", &report_trials_table, trial_rows),
	FIXTURE("rate.csv", &report_rate_table, rate_rows),
	FIXTURE("latency.csv", &report_latency_table, latency_rows),
	FIXTURE("pdv.csv", &report_pdv_table, pdv_rows),
	FIXTURE("flr.csv", &report_flr_table, flr_rows),
	FIXTURE("mlr.csv", &mlr_table, mlr_rows),
	FIXTURE("b2b.csv", &b2b_table, b2b_rows),
	FIXTURE("recovery.csv", &recov_table, recov_rows),
	FIXTURE("reset.csv", &reset_table, reset_rows),
	FIXTURE("monitor.csv", &monitor_table, monitor_rows),
	FIXTURE("connrate.csv", &stateful_cr_table, connrate_rows),
	FIXTURE("cttc.csv", &stateful_cttc_table, cttc_rows),
	FIXTURE("teardown.csv", &stateful_teardown_table, teardown_rows),
	FIXTURE("dut.csv", &dut_table, dut_rows),
};

#define NB_FIXTURES (sizeof(fixtures) / sizeof(fixtures[0]))

static const void *
fixture_rec(const struct fixture *f, size_t i)
{
	return (const char *)f->rows + i * f->size;
}

/* The header of fixture f (static storage, overwritten by each call). */
static const char *
fixture_header(const struct fixture *f)
{
	static char h[REPORT_LINE_MAX];
	int n = report_header(f->table, h, sizeof(h));

	assert_true(n > 0);
	/* it needs its length + 1 bytes */
	assert_int_equal(report_header(f->table, h, (size_t)n), -ENOSPC);
	assert_int_equal(report_header(f->table, h, (size_t)n + 1), n);
	return h;
}

/* The whole file as csv.c writes it: header, then rows, each + "\n". */
static size_t
fixture_text(const struct fixture *f, char *out, size_t len)
{
	size_t pos, i;
	int n;

	pos = (size_t)snprintf(out, len, "%s\n", fixture_header(f));
	assert_true(pos < len);
	for (i = 0; i < f->n; i++) {
		n = report_row(f->table, fixture_rec(f, i), out + pos,
			       len - pos);
		assert_true(n > 0);
		pos += (size_t)n;
		assert_true(pos + 1 < len);
		out[pos++] = '\n';
		out[pos] = '\0';
	}
	return pos;
}

static size_t
read_fixture(const char *name, char *out, size_t len)
{
	char path[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/report/%s", TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("%s: %s", path, strerror(errno));
	n = fread(out, 1, len - 1, f);
	assert_int_equal(ferror(f), 0);
	assert_true(feof(f));
	fclose(f);
	out[n] = '\0';
	return n;
}

/*
 * Every file, header and rows, byte for byte as the code before the
 * column tables wrote it (trials.csv to flr.csv: 2026-12-01; the others:
 * before every file went through its table, commit "tests: header and
 * row fixtures of every result file of every mode").
 */
static void
test_fixtures_byte_identical(void **state)
{
	static char want[16384], got[16384];
	size_t i, nw, ng, k;

	(void)state;
	for (i = 0; i < NB_FIXTURES; i++) {
		nw = read_fixture(fixtures[i].name, want, sizeof(want));
		ng = fixture_text(&fixtures[i], got, sizeof(got));
		for (k = 0; k < nw && k < ng && want[k] == got[k]; k++)
			;
		if (k < nw || k < ng)
			fail_msg("%s differs at byte %zu:\nwant \"%.80s\"\n"
				 "got  \"%.80s\"", fixtures[i].name, k,
				 want + k, got + k);
	}
}

/* Each header is the one the binary wrote on the wire (columns.sh's
 * fixtures). */
static void
test_headers_match_wire(void **state)
{
	char path[4096], want[4096];
	size_t i;
	FILE *f;

	(void)state;
	for (i = 0; i < NB_FIXTURES; i++) {
		snprintf(path, sizeof(path), "%s/columns/%s.header",
			 TEST_DATA_DIR, fixtures[i].name);
		f = fopen(path, "r");
		if (f == NULL)
			fail_msg("%s: %s", path, strerror(errno));
		assert_non_null(fgets(want, sizeof(want), f));
		fclose(f);
		want[strcspn(want, "\n")] = '\0';
		assert_string_equal(fixture_header(&fixtures[i]), want);
	}
}

/* A row needs its length + 1 bytes; anything shorter is -ENOSPC. */
static void
test_rows_enospc(void **state)
{
	char row[REPORT_LINE_MAX], small[REPORT_LINE_MAX];
	const struct report_table *t;
	size_t i, j, l;
	int n;

	(void)state;
	for (i = 0; i < NB_FIXTURES; i++) {
		t = fixtures[i].table;
		for (j = 0; j < fixtures[i].n; j++) {
			const void *r = fixture_rec(&fixtures[i], j);

			n = report_row(t, r, row, sizeof(row));
			assert_true(n > 0);
			for (l = 0; l <= (size_t)n; l++)
				assert_int_equal(report_row(t, r, small, l),
						 -ENOSPC);
			assert_int_equal(report_row(t, r, small, (size_t)n + 1),
					 n);
			assert_string_equal(small, row);
		}
	}
}

/* Split a header line at sep into names[]; returns how many. */
static size_t
split_header(char *line, const char *sep, char **names, size_t max)
{
	size_t n = 0, sl = strlen(sep);
	char *p = line, *q;

	while (n < max) {
		names[n++] = p;
		q = strstr(p, sep);
		if (q == NULL)
			break;
		*q = '\0';
		p = q + sl;
	}
	return n;
}

static bool
ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcmp(s + a - b, suffix) == 0;
}

/*
 * In dutperf's own files a unit is the suffix of its column's name
 * (rate_fps: "fps"), and a name with a unit suffix has that unit.
 */
static void
check_unit(const char *file, const struct report_col *c)
{
	static const char *const units[] = { "fps", "us", "ns", "ms", "s",
					     "b", "pct" };
	char suffix[16];
	size_t k;

	if (c->unit[0] != '\0') {
		snprintf(suffix, sizeof(suffix), "_%s", c->unit);
		if (!ends_with(c->name, suffix))
			fail_msg("%s: %s has unit %s", file, c->name, c->unit);
	}
	for (k = 0; k < sizeof(units) / sizeof(units[0]); k++) {
		snprintf(suffix, sizeof(suffix), "_%s", units[k]);
		if (ends_with(c->name, suffix) && strcmp(c->unit, units[k]) != 0)
			fail_msg("%s: %s without unit %s", file, c->name,
				 units[k]);
	}
}

/*
 * Every header field of every fixture is found at its own index, and the
 * field count is the header's.
 */
static void
test_col_find_and_units(void **state)
{
	static char text[16384];
	const struct report_table *t;
	const struct report_col *c;
	char *names[128];
	size_t i, j, n;

	(void)state;
	for (i = 0; i < NB_FIXTURES; i++) {
		t = fixtures[i].table;
		read_fixture(fixtures[i].name, text, sizeof(text));
		text[strcspn(text, "\n")] = '\0';
		n = split_header(text, t->sep, names, 128);
		assert_int_equal(report_nb_fields(t), n);
		for (j = 0; j < n; j++) {
			c = NULL;
			assert_int_equal(report_col_find(t, names[j], &c),
					 (int)j);
			assert_non_null(c);
			assert_true(ends_with(names[j], c->name));
			/* ", ": siitperf's files and names */
			if (strcmp(t->sep, ", ") != 0)
				check_unit(fixtures[i].name, c);
		}
		assert_int_equal(report_col_find(t, "nope", NULL), -ENOENT);
	}
	t = &report_trials_table;
	assert_int_equal(report_col_find(t, "fwd", NULL), -ENOENT);
	assert_int_equal(report_col_find(t, "fwd_", NULL), -ENOENT);
	assert_int_equal(report_col_find(t, "sent", NULL), -ENOENT);
	assert_int_equal(report_col_find(t, "rev_sent", NULL), 9 + 13 + 1);
}

static int
write_fixtures(const char *dir)
{
	static char text[16384];
	char path[4096];
	size_t i, n;
	FILE *f;

	for (i = 0; i < NB_FIXTURES; i++) {
		n = fixture_text(&fixtures[i], text, sizeof(text));
		snprintf(path, sizeof(path), "%s/%s", dir, fixtures[i].name);
		f = fopen(path, "wb");
		if (f == NULL || fwrite(text, 1, n, f) != n || fclose(f) != 0) {
			fprintf(stderr, "%s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	return 0;
}
int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures_byte_identical),
		cmocka_unit_test(test_headers_match_wire),
		cmocka_unit_test(test_rows_enospc),
		cmocka_unit_test(test_col_find_and_units),
	};

	setenv("TZ", "UTC", 1);	/* the fixtures' dates */
	tzset();
	if (argc == 3 && strcmp(argv[1], "--write-fixtures") == 0)
		return write_fixtures(argv[2]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}

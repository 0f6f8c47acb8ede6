/* SPDX-License-Identifier: BSD-3-Clause */
/* report: rate.csv and trials.csv rows, checked against siitperf's file. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dutperf/csv.h"
#include "dutperf/report.h"

/* The header must be byte-identical to the first line of a real file. */
static void
test_rate_header_matches_siitperf(void **state)
{
	char line[512];
	FILE *f = fopen(TEST_DATA_DIR "/stats/siitperf-rate.csv", "r");

	(void)state;
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	assert_string_equal(line, CSV_RATE_HEADER);
}

static time_t
local_time(int y, int mo, int d, int h, int mi, int s)
{
	struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d,
			 .tm_hour = h, .tm_min = mi, .tm_sec = s,
			 .tm_isdst = -1 };

	return mktime(&tm);
}

/* A row formatted from the values of siitperf's first row reproduces it. */
static void
test_rate_row_matches_siitperf(void **state)
{
	struct report_search s = {
		.no = 1, .frame_size_b = 84, .direction = CFG_DIRECTION_BOTH,
		.n = 2, .m = 2, .duration_s = 60, .initial_fps = 200000,
		.timeout_ms = 2000, .error_fps = 200, .iterations = 11,
		.rate_fps = 279101,
	};
	char row[256], line[512];
	FILE *f = fopen(TEST_DATA_DIR "/stats/siitperf-rate.csv", "r");

	(void)state;
	s.date = local_time(2023, 3, 4, 0, 17, 8);
	assert_true(report_search_row(&s, row, sizeof(row)) > 0);
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	assert_string_equal(row, line);
}

static void
test_direction_chars(void **state)
{
	(void)state;
	assert_int_equal(report_direction_char(CFG_DIRECTION_BOTH), 'b');
	assert_int_equal(report_direction_char(CFG_DIRECTION_FORWARD), 'f');
	assert_int_equal(report_direction_char(CFG_DIRECTION_REVERSE), 'r');
}

/* Count the fields of a CSV line, honouring double quotes. */
static int
csv_fields(const char *s)
{
	int n = 1;
	int quoted = 0;

	for (; *s; s++) {
		if (*s == '"')
			quoted = !quoted;
		else if (*s == ',' && !quoted)
			n++;
	}
	return n;
}

static void
test_trial_row_shape(void **state)
{
	struct report_trial t;
	char row[1024];
	int n;

	(void)state;
	memset(&t, 0, sizeof(t));
	t.start = local_time(2026, 11, 30, 12, 0, 1);
	t.rate_fps = 20000;
	t.frame_size_b = 64;
	t.duration_s = 2;
	t.timeout_ms = 500;
	t.seed = UINT64_MAX;
	t.dir[CFG_FWD].active = true;
	t.dir[CFG_FWD].v.planned = 40000;
	t.dir[CFG_FWD].v.sent = 40000;
	t.dir[CFG_FWD].v.received = 39999;
	t.dir[CFG_FWD].v.lost = 1;
	t.dir[CFG_FWD].v.max_lag_ns = 1234567;
	t.dir[CFG_FWD].stale = 3;
	t.dir[CFG_FWD].bogus = 5;
	t.verdict = VERDICT_FAIL;
	t.reason = "forward: 1 frame \"lost\",\nsecond line";
	n = report_trial_row(&t, row, sizeof(row));
	assert_true(n > 0);
	assert_int_equal((size_t)n, strlen(row));
	/* Same number of fields as the header, reason quoted on one line. */
	assert_int_equal(csv_fields(row), csv_fields(report_trial_header()));
	assert_null(strchr(row, '\n'));
	assert_non_null(strstr(row, "2026-11-30 12:00:01,0,0,20000,64,b,2,500,"
				    "18446744073709551615,40000,40000,0,39999,1,"
				    "0,0,0,0,3,5,1234.567,,,,,,,,,,,,,,,fail,"));
	assert_non_null(strstr(row, "\"forward: 1 frame \"\"lost\"\"; second line\""));
	t.dir[CFG_FWD].achieved_fps = 19999.9996;
	assert_true(report_trial_row(&t, row, sizeof(row)) > 0);
	assert_non_null(strstr(row, ",1234.567,20000.000,,"));
	/* Too small a buffer is an error, never a truncated row. */
	assert_int_equal(report_trial_row(&t, row, 40), -ENOSPC);
}

static void
test_latency_pdv_rows(void **state)
{
	struct report_latency l;
	struct report_pdv p;
	char row[2048];

	(void)state;
	memset(&l, 0, sizeof(l));
	l.timestamps = "tsc";
	l.run.rate_fps = 1000;
	l.dir[CFG_FWD] = (struct report_lat_dir){ .active = true, .sent = 10,
		.received = 10, .tagged = 5, .tagged_received = 5, .valid = true,
		.tl_us = 12.5, .wcl_us = 40.25, .min_us = 10, .max_us = 40.25,
		.mean_us = 20 };
	/* every tagged frame lost: no numbers, never 0 */
	l.dir[CFG_REV] = (struct report_lat_dir){ .active = true, .sent = 10,
		.tagged = 5, .tagged_lost = 5, .valid = false };
	assert_true(report_latency_row(&l, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(report_latency_header()));
	assert_non_null(strstr(row, ",tsc,10,10,5,5,0,12.500,40.250,10.000,40.250,20.000,"
				    "10,0,5,0,5,,,,,,pass,"));

	memset(&p, 0, sizeof(p));
	p.dir[CFG_FWD] = (struct report_pdv_dir){ .active = true, .sent = 4,
		.received = 0, .valid = false };
	assert_true(report_pdv_row(&p, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(report_pdv_header()));
	assert_non_null(strstr(row, ",4,0,,,,,,,,,,,,,,,,,pass,"));
}

static void
test_flr_row(void **state)
{
	struct report_flr f = { .no = 1, .step = 2, .offered_fps = 13000,
				.frame_size_b = 64, .dir = CFG_REV,
				.duration_s = 2, .sent = 26000,
				.received = 20100, .verdict = VERDICT_FAIL };
	char row[512];

	(void)state;
	assert_true(report_flr_row(&f, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(report_flr_header()));
	/* (26000 - 20100) * 100 / 26000 = 22.692307...% */
	assert_non_null(strstr(row, ",1,2,13000,64,rev,2,26000,20100,5900,22.692308,fail"));
	f.sent = 0;
	f.received = 0;
	assert_true(report_flr_row(&f, row, sizeof(row)) > 0);
	assert_non_null(strstr(row, ",0,0,0,,fail"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_header_matches_siitperf),
		cmocka_unit_test(test_rate_row_matches_siitperf),
		cmocka_unit_test(test_direction_chars),
		cmocka_unit_test(test_trial_row_shape),
		cmocka_unit_test(test_latency_pdv_rows),
		cmocka_unit_test(test_flr_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

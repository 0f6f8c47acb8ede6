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
				    "0,0,0,0,0,1234.567,,,,,,,,,,,,fail,"));
	assert_non_null(strstr(row, "\"forward: 1 frame \"\"lost\"\"; second line\""));
	/* Too small a buffer is an error, never a truncated row. */
	assert_int_equal(report_trial_row(&t, row, 40), -ENOSPC);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_header_matches_siitperf),
		cmocka_unit_test(test_rate_row_matches_siitperf),
		cmocka_unit_test(test_direction_chars),
		cmocka_unit_test(test_trial_row_shape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

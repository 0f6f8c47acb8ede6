/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report: rows and headers checked against siitperf's rate.csv and by
 * hand, the column kinds of a new table, run.json's strings and dates
 * (every result file against its fixture: test_report_fixtures.c).
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

#include <jansson.h>

#include "dutperf/b2b.h"
#include "dutperf/csv.h"
#include "dutperf/mlr.h"
#include "dutperf/monitor.h"
#include "dutperf/recovery.h"
#include "dutperf/report.h"
#include "dutperf/stateful_report.h"

/* The header of table t (static storage, overwritten by each call). */
static const char *
header_of(const struct report_table *t)
{
	static char h[REPORT_LINE_MAX];

	assert_true(report_header(t, h, sizeof(h)) > 0);
	return h;
}

/* rate.csv's header is siitperf's, byte for byte (the first line of a
 * real file), then one column of dutperf's own: result_kind. */
static void
test_rate_header_matches_siitperf(void **state)
{
	const char *h = header_of(&report_rate_table);
	char line[512];
	FILE *f = fopen(TEST_DATA_DIR "/stats/siitperf-rate.csv", "r");

	(void)state;
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	assert_int_equal(strncmp(h, line, strlen(line)), 0);
	assert_string_equal(h + strlen(line), ", result_kind");
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
	assert_true(report_row(&report_rate_table, &s, row, sizeof(row)) > 0);
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	/* siitperf's fields, then result_kind */
	assert_int_equal(strncmp(row, line, strlen(line)), 0);
	assert_string_equal(row + strlen(line), ", measured");
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
	n = report_row(&report_trials_table, &t, row, sizeof(row));
	assert_true(n > 0);
	assert_int_equal((size_t)n, strlen(row));
	/* Same number of fields as the header, reason quoted on one line. */
	assert_int_equal(csv_fields(row), csv_fields(header_of(&report_trials_table)));
	assert_null(strchr(row, '\n'));
	assert_non_null(strstr(row, "2026-11-30 12:00:01,0,0,20000,64,b,2,500,"
				    "0xffffffffffffffff,40000,40000,0,39999,1,"
				    "0,0,0,0,3,5,1234.567,,,,,,,,,,,,,,,fail,"));
	assert_non_null(strstr(row, "\"forward: 1 frame \"\"lost\"\"; second line\""));
	t.dir[CFG_FWD].achieved_fps = 19999.9996;
	assert_true(report_row(&report_trials_table, &t, row, sizeof(row)) > 0);
	assert_non_null(strstr(row, ",1234.567,20000.000,,"));
	/* Too small a buffer is an error, never a truncated row. */
	assert_int_equal(report_row(&report_trials_table, &t, row, 40), -ENOSPC);
}

/* Field idx (0-based) of a row without quoted commas, into out. */
static void
field_at(const char *row, int idx, char *out, size_t len)
{
	const char *p = row, *e;

	assert_true(idx >= 0);
	while (idx-- > 0) {
		p = strchr(p, ',');
		assert_non_null(p);
		p++;
	}
	e = p + strcspn(p, ",");
	snprintf(out, len, "%.*s", (int)(e - p), p);
}

/*
 * fwd_foreign_link, _ip, _udp: one foreign kind at a time lands in the one
 * column its group names (ARP, ND, LLDP, other ethertypes: link; other IP,
 * broken IP: ip; UDP that is not ours: udp), the three sum to foreign,
 * and an idle direction writes them empty.
 */
static void
test_trial_foreign_groups(void **state)
{
	static const struct {
		enum frame_kind k;
		const char *col;
	} cases[] = {
		{ FRAME_FOREIGN_ARP, "fwd_foreign_link" },
		{ FRAME_FOREIGN_ND, "fwd_foreign_link" },
		{ FRAME_FOREIGN_LLDP, "fwd_foreign_link" },
		{ FRAME_FOREIGN_OTHER_L2, "fwd_foreign_link" },
		{ FRAME_FOREIGN_OTHER_L3, "fwd_foreign_ip" },
		{ FRAME_BAD_TRUNCATED, "fwd_foreign_ip" },
		{ FRAME_BAD_IP, "fwd_foreign_ip" },
		{ FRAME_FOREIGN_OTHER_UDP, "fwd_foreign_udp" },
		{ FRAME_BAD_UDP_CKSUM, "fwd_foreign_udp" },
		{ FRAME_BAD_ADDR, "fwd_foreign_udp" },
		{ FRAME_BAD_PORT, "fwd_foreign_udp" },
		{ FRAME_BAD_STAMP, "fwd_foreign_udp" },
		{ FRAME_FOREIGN_VLAN, "fwd_foreign_link" },
	};
	static const char *const cols[] = { "fwd_foreign_link",
		"fwd_foreign_ip", "fwd_foreign_udp", "rev_foreign_link",
		"rev_foreign_ip", "rev_foreign_udp" };
	const struct report_table *t = &report_trials_table;
	struct report_trial r;
	char row[1024], f[32];
	uint64_t sum;
	size_t i, j;

	(void)state;
	/* every foreign kind is one case: together they are all of them */
	assert_int_equal(sizeof(cases) / sizeof(cases[0]), FRAME_KIND_COUNT - 1);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&r, 0, sizeof(r));
		r.dir[CFG_FWD].active = true;
		r.dir[CFG_FWD].kinds[cases[i].k] = 7;
		r.dir[CFG_FWD].kinds[FRAME_OURS] = 1000;	/* not foreign */
		r.dir[CFG_FWD].v.foreign = 7;
		assert_true(report_row(&report_trials_table, &r, row, sizeof(row)) > 0);
		sum = 0;
		for (j = 0; j < 3; j++) {
			field_at(row, report_col_find(t, cols[j], NULL), f,
				 sizeof(f));
			sum += strtoull(f, NULL, 10);
			if (strcmp(cols[j], cases[i].col) == 0)
				assert_string_equal(f, "7");
			else
				assert_string_equal(f, "0");
		}
		field_at(row, report_col_find(t, "fwd_foreign", NULL), f,
			 sizeof(f));
		assert_int_equal(sum, strtoull(f, NULL, 10));
		for (j = 3; j < 6; j++) {
			field_at(row, report_col_find(t, cols[j], NULL), f,
				 sizeof(f));
			assert_string_equal(f, "");
		}
	}
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
	assert_true(report_row(&report_latency_table, &l, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(header_of(&report_latency_table)));
	assert_non_null(strstr(row, ",tsc,10,10,5,5,0,12.500,40.250,10.000,40.250,20.000,"
				    "10,0,5,0,5,,,,,,pass,"));

	memset(&p, 0, sizeof(p));
	p.dir[CFG_FWD] = (struct report_pdv_dir){ .active = true, .sent = 4,
		.received = 0, .valid = false };
	assert_true(report_row(&report_pdv_table, &p, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(header_of(&report_pdv_table)));
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
	assert_true(report_row(&report_flr_table, &f, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(header_of(&report_flr_table)));
	/* (26000 - 20100) * 100 / 26000 = 22.692307...% */
	f.rx_fps = 10050;
	assert_true(report_row(&report_flr_table, &f, row, sizeof(row)) > 0);
	assert_non_null(strstr(row, ",1,2,13000,64,rev,2,26000,20100,5900,22.692308,fail,10050.000"));
	/* an invalid trial measured no loss: no lost, loss_pct or rx_fps,
	 * never 0 % (the counts stay, as sent and received) */
	f.received = 26000;
	f.verdict = VERDICT_INVALID;
	assert_true(report_row(&report_flr_table, &f, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(header_of(&report_flr_table)));
	assert_non_null(strstr(row, ",2,26000,26000,,,invalid,"));
	assert_true(row[strlen(row) - 1] == ',');
	f.sent = 0;
	f.received = 0;
	f.verdict = VERDICT_FAIL;
	f.rx_fps = 0;
	assert_true(report_row(&report_flr_table, &f, row, sizeof(row)) > 0);
	assert_non_null(strstr(row, ",0,0,0,,fail,0.000"));
}

/*
 * A search that found no rate writes an empty rate cell, never 0; a lower
 * bound keeps its rate and says what it is.
 */
static void
test_rate_row_kinds(void **state)
{
	struct report_search s = {
		.no = 2, .frame_size_b = 64, .direction = CFG_DIRECTION_FORWARD,
		.n = 2, .m = 2, .duration_s = 1, .initial_fps = 1000,
		.timeout_ms = 2000, .error_fps = 100, .iterations = 4,
		.rate_fps = 0, .result = REPORT_RESULT_NONE,
	};
	char row[256];
	const char *p;

	(void)state;
	assert_true(report_row(&report_rate_table, &s, row, sizeof(row)) > 0);
	assert_int_equal(csv_fields(row), csv_fields(header_of(&report_rate_table)));
	p = strstr(row, ", 4, ");
	assert_non_null(p);
	assert_string_equal(p, ", 4, , none");
	s.rate_fps = 51234;
	s.result = REPORT_RESULT_LOWER_BOUND;
	assert_true(report_row(&report_rate_table, &s, row, sizeof(row)) > 0);
	p = strstr(row, ", 4, ");
	assert_non_null(p);
	assert_string_equal(p, ", 4, 51234, lower_bound");
	s.result = REPORT_RESULT_MEASURED;
	assert_true(report_row(&report_rate_table, &s, row, sizeof(row)) > 0);
	assert_string_equal(strstr(row, ", 4, "), ", 4, 51234, measured");
}

/* How a new result file is written: a row struct and one table. */
struct demo_part {
	bool on;
	uint32_t x;
	double y;
	bool y_ok;
};

struct demo_row {
	uint64_t a;
	struct demo_part part[2];
	const char *why;
};

static bool
demo_twice(const void *row, union report_value *v)
{
	const struct demo_row *r = row;

	v->u64 = r->a * 2;
	return r->a != 0;
}

static const struct report_col demo_part_cols[] = {
	REPORT_COL_U32("x", "", struct demo_part, x),
	REPORT_COL_DOUBLE_IF("y_us", "us", 1, struct demo_part, y, y_ok),
};

static const struct report_table demo_part_table =
	REPORT_TABLE_GATED(demo_part_cols, struct demo_part, on);

static const struct report_col demo_cols[] = {
	REPORT_COL_U64("a", "", struct demo_row, a),
	REPORT_COL_GROUP("p0", struct demo_row, part[0], &demo_part_table),
	REPORT_COL_GROUP("p1", struct demo_row, part[1], &demo_part_table),
	REPORT_COL_GET("twice", "", REPORT_U64, 0, demo_twice),
	REPORT_COL_REASON("why", struct demo_row, why),
};

static const struct report_table demo_table = REPORT_TABLE("; ", demo_cols);

static void
test_custom_table(void **state)
{
	struct demo_row r = {
		.a = 21,
		.part = { { .on = true, .x = 7, .y = 0.25, .y_ok = true },
			  { .on = false, .x = 9, .y = 1, .y_ok = true } },
		.why = "a \"b\", c",
	};
	const char *hdr = "a; p0_x; p0_y_us; p1_x; p1_y_us; twice; why";
	char buf[256];

	(void)state;
	assert_int_equal(report_nb_fields(&demo_table), 7);
	assert_int_equal(report_header(&demo_table, buf, sizeof(buf)),
			 (int)strlen(hdr));
	assert_string_equal(buf, hdr);
	assert_true(report_row(&demo_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "21; 7; 0.2; ; ; 42; \"a \"\"b\"\"; c\"");
	r.a = 0;
	r.part[0].y_ok = false;
	r.part[1].on = true;
	r.why = NULL;
	assert_true(report_row(&demo_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0; 7; ; 9; 1.0; ; \"\"");
	assert_int_equal(report_col_find(&demo_table, "p1_y_us", NULL), 4);
	assert_int_equal(report_row(&demo_table, &r, buf, 0), -ENOSPC);
}

/* The kinds int, bool, ns as ms, result kind, and the validity by a
 * result kind. */
struct kinds_row {
	int status;
	bool on;
	uint64_t ns;
	enum report_result res;
	uint64_t rate;
	double ms;
};

static const struct report_col kinds_cols[] = {
	REPORT_COL_INT("status", "", struct kinds_row, status),
	REPORT_COL_BOOL("on", struct kinds_row, on),
	REPORT_COL_NS_MS("t_ms", 3, struct kinds_row, ns),
	REPORT_COL_NS_MS_IF_MEASURED("m_ms", 1, struct kinds_row, ns, res),
	REPORT_COL_U64_IF_RESULT("rate_fps", "fps", struct kinds_row, rate,
				 res),
	REPORT_COL_U64_IF("rate2_fps", "fps", struct kinds_row, rate, on),
	REPORT_COL_DOUBLE("x_ms", "ms", 2, struct kinds_row, ms),
	REPORT_COL_DOUBLE_IF_MEASURED("y_ms", "ms", 0, struct kinds_row, ms,
				      res),
	REPORT_COL_RESULT("result_kind", struct kinds_row, res),
};

static const struct report_table kinds_table = REPORT_TABLE(",", kinds_cols);

static void
test_more_kinds(void **state)
{
	struct kinds_row r = { .status = -1, .on = true, .ns = 1234567,
			       .res = REPORT_RESULT_MEASURED, .rate = 42,
			       .ms = 2.5 };
	char buf[256];

	(void)state;
	assert_true(report_header(&kinds_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "status,on,t_ms,m_ms,rate_fps,rate2_fps,x_ms,"
			    "y_ms,result_kind");
	assert_true(report_row(&kinds_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "-1,1,1.235,1.2,42,42,2.50,2,measured");
	r = (struct kinds_row){ .status = 137, .ns = UINT64_MAX,
				.res = REPORT_RESULT_LOWER_BOUND, .rate = 7,
				.ms = -0.125 };
	assert_true(report_row(&kinds_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "137,0,18446744073709.551,,7,,-0.12,,"
			    "lower_bound");
	r.res = REPORT_RESULT_NONE;
	assert_true(report_row(&kinds_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "137,0,18446744073709.551,,,,-0.12,,none");
}


/* run.json strings: any bytes give UTF-8 that jansson (an independent
 * validator) accepts; valid text is kept byte for byte. */
static void
test_utf8_clean(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "plain \"q\" \\ \t\x01", "plain \"q\" \\ \t\x01" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
		  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80" },
		{ "a\xff" "b", "a\xef\xbf\xbd" "b" },		/* never valid */
		{ "\x80", "\xef\xbf\xbd" },			/* stray continuation */
		{ "\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd" },	/* overlong '/' */
		{ "\xe0\x80\xaf", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
		{ "\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
		{ "\xf4\x90\x80\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
		  "\xef\xbf\xbd" },				/* above U+10FFFF */
		{ "x\xe2\x82", "x\xef\xbf\xbd\xef\xbf\xbd" },	/* cut short */
	};
	unsigned i, b;
	char bytes[256];
	char *out;
	json_t *j;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		out = report_utf8_clean(cases[i].in);
		assert_non_null(out);
		assert_string_equal(out, cases[i].out);
		j = json_string(out);
		assert_non_null(j);
		json_decref(j);
		free(out);
	}
	/* every byte value, in every position a sequence can take */
	for (b = 1; b < 256; b++) {
		for (i = 0; i < 4; i++) {
			memset(bytes, 0, sizeof(bytes));
			memcpy(bytes, "\xf0\x9f\x98\x80", i);
			bytes[i] = (char)b;
			bytes[i + 1] = (char)0x80;
			out = report_utf8_clean(bytes);
			assert_non_null(out);
			j = json_string(out);
			assert_non_null(j);
			json_decref(j);
			free(out);
		}
	}
}

static void
test_iso8601(void **state)
{
	char buf[32], *tz = getenv("TZ"), *old = tz ? strdup(tz) : NULL;

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	report_format_iso8601(1796172067, buf, sizeof(buf));
	assert_string_equal(buf, "2026-12-02T00:41:07+00:00");
	setenv("TZ", "IST-5:30", 1);	/* POSIX: 5 h 30 east of UTC */
	tzset();
	report_format_iso8601(1796172067, buf, sizeof(buf));
	assert_string_equal(buf, "2026-12-02T06:11:07+05:30");
	if (old != NULL)
		setenv("TZ", old, 1);
	else
		unsetenv("TZ");
	tzset();
	free(old);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_header_matches_siitperf),
		cmocka_unit_test(test_rate_row_matches_siitperf),
		cmocka_unit_test(test_rate_row_kinds),
		cmocka_unit_test(test_direction_chars),
		cmocka_unit_test(test_utf8_clean),
		cmocka_unit_test(test_iso8601),
		cmocka_unit_test(test_trial_row_shape),
		cmocka_unit_test(test_trial_foreign_groups),
		cmocka_unit_test(test_latency_pdv_rows),
		cmocka_unit_test(test_flr_row),
		cmocka_unit_test(test_custom_table),
		cmocka_unit_test(test_more_kinds),
	};

	setenv("TZ", "UTC", 1);	/* the fixtures' dates */
	tzset();
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the plot module and csv's table reader, on the fixtures in
 * tests/data/plot/.  Expected figures are worked out by hand from the
 * fixture rows (comments show how), not by the code under test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dutperf/csv.h"
#include "plot.h"
#include "dutperf/report.h"

#define DATA TEST_DATA_DIR "/plot/"

static struct csv_table tables[4];
static struct plot_input inputs[4];
static struct strbuf script, notes;
static char err[2048];

static int
teardown(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 4; i++)
		csv_table_free(&tables[i]);
	strbuf_free(&script);
	memset(&script, 0, sizeof(script));
	strbuf_free(&notes);
	memset(&notes, 0, sizeof(notes));
	err[0] = '\0';
	return 0;
}

/* Read fixture files into tables[] and inputs[] (label: the name). */
static void
load(size_t n, const char *const *names)
{
	char path[512];
	size_t i;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s%s", DATA, names[i]);
		assert_int_equal(csv_table_read(path, &tables[i], err,
						sizeof(err)), 0);
		inputs[i].t = &tables[i];
		inputs[i].label = names[i];
	}
}

/* plot_script of the fixtures names[], tput-size's line rate at gbps
 * for every size (as --link-gbps gives it); warnings into notes. */
static int
run_at(enum plot_kind kind, size_t n, const char *const *names, double gbps)
{
	struct plot_opts o = {
		.kind = kind, .format = PLOT_SVG, .output = "out.svg",
		.link_gbps = gbps, .link_given = true, .conf_pct = 95.0,
		.column = "rate", .notes = &notes,
	};

	load(n, names);
	return plot_script(&script, &o, inputs, n, err, sizeof(err));
}

static int
run(enum plot_kind kind, size_t n, const char *const *names)
{
	return run_at(kind, n, names, 10.0);
}

/* The text of datablock $d<i> of the script (static buffer). */
static const char *
block(size_t i)
{
	static char buf[65536];
	char start[32];
	const char *p, *e;

	snprintf(start, sizeof(start), "$d%zu << EOD\n", i);
	p = strstr(script.s, start);
	assert_non_null(p);
	p += strlen(start);
	e = strstr(p, "EOD\n");
	assert_non_null(e);
	assert_true((size_t)(e - p) < sizeof(buf));
	memcpy(buf, p, (size_t)(e - p));
	buf[e - p] = '\0';
	return buf;
}

/* The datablock of the series titled title. */
static const char *
block_titled(const char *title)
{
	char want[600];
	const char *p;

	snprintf(want, sizeof(want), " title \"%s\"", title);
	p = strstr(script.s, want);
	assert_non_null(p);
	while (p > script.s && p[-1] != '$')
		p--;
	return block(strtoul(p + 1, NULL, 10));
}

static void
test_line_rate(void **state)
{
	(void)state;
	/* 10 GbE: 14,880,952 fps at 64 bytes, 812,743 at 1518 (well known). */
	assert_true(fabs(plot_line_rate_fps(64, 10) - 14880952.38) < 0.01);
	assert_true(fabs(plot_line_rate_fps(1518, 10) - 812743.82) < 0.01);
	assert_true(fabs(plot_line_rate_fps(64, 1) - 1488095.24) < 0.01);
	assert_true(fabs(plot_line_rate_fps(64, 100) - 148809523.8) < 0.1);
}

static void
test_names_and_formats(void **state)
{
	static const char *const names[] = {
		"tput-size", "loss-load", "searches", "compare", "latency", "pdv",
		"monitor", "cpu-load", "frate",
	};
	enum plot_format f;
	enum plot_kind k;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		assert_int_equal(plot_kind_from_name(names[i], &k), 0);
		assert_int_equal(k, i);
		assert_string_equal(plot_kind_name(k), names[i]);
	}
	assert_int_equal(plot_kind_from_name("tput", &k), -EINVAL);
	assert_int_equal(plot_format_from_path("a/b.png", &f, err, sizeof(err)), 0);
	assert_int_equal(f, PLOT_PNG);
	assert_int_equal(plot_format_from_path("B.SVG", &f, err, sizeof(err)), 0);
	assert_int_equal(f, PLOT_SVG);
	assert_int_equal(plot_format_from_path("b.pdf", &f, err, sizeof(err)),
			 -EINVAL);
	assert_contains(err, "b.pdf: output must end in .png or .svg");
	assert_int_equal(plot_format_from_path("x.png/b", &f, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(plot_format_from_path("png", &f, err, sizeof(err)),
			 -EINVAL);
}

static void
test_quote(void **state)
{
	(void)state;
	plot_quote(&script, "a\"b\\c'd\ne");
	assert_string_equal(script.s, "\"a\\\"b\\\\c'd\\ne\"");
}

/* The fixtures carry the headers dutperf writes today. */
static void
test_fixture_headers(void **state)
{
	static const struct {
		const char *file;
		const struct report_table *table;
	} f[] = {
		{ "latency.csv", &report_latency_table },
		{ "pdv.csv", &report_pdv_table },
		{ "flr-routed.csv", &report_flr_table },
		{ "batch/64-b/rate.csv", &report_rate_table },
	};
	char path[512], line[4096], want[REPORT_LINE_MAX];
	size_t i;
	FILE *fp;

	(void)state;
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		assert_true(report_header(f[i].table, want, sizeof(want)) > 0);
		snprintf(path, sizeof(path), "%s%s", DATA, f[i].file);
		fp = fopen(path, "r");
		assert_non_null(fp);
		assert_non_null(fgets(line, sizeof(line), fp));
		fclose(fp);
		line[strcspn(line, "\n")] = '\0';
		assert_string_equal(line, want);
	}
}

static void
test_table(void **state)
{
	static const char *const names[] = { "bad/short-row.csv" };
	long c;

	(void)state;
	load(1, names);
	assert_int_equal(tables[0].nb_cols, 12);
	assert_int_equal(tables[0].nb_rows, 1);
	assert_int_equal(tables[0].lineno[0], 2);
	assert_string_equal(tables[0].cols[11], "status");
	assert_string_equal(csv_table_cell(&tables[0], 0, 5), "fwd");
	assert_null(csv_table_cell(&tables[0], 0, 8));
	c = csv_table_column(&tables[0], "rate", err, sizeof(err));
	assert_int_equal(c, -EINVAL);
	assert_contains(err, "short-row.csv:1: column 'rate' not found; columns: "
			"start, no, step, offered_fps");
}

static void
test_tput_size(void **state)
{
	static const char *const names[] = {
		"batch/1518-b/rate.csv", "batch/64-b/rate.csv",
		"batch/512-b/rate.csv",
	};
	const char *d;

	(void)state;
	assert_int_equal(run(PLOT_TPUT_SIZE, 3, names), 0);
	/*
	 * 64 bytes: rates 1246900 1249200 1250000 1251200 1252500 sorted;
	 * median the 3rd, p1 rank ceil(0.05) = 1, p99 rank ceil(4.95) = 5.
	 * Sizes ascending whatever the file order.
	 */
	assert_string_equal(block(0),
			    "64 1250000 1246900 1252500\n"
			    "512 1180000 1176900 1182500\n"
			    "1518 405000 401900 407500\n");
	d = block(1);
	assert_contains(d, "64 14880952.38\n");
	assert_contains(d, "512 2349624.06\n");
	assert_contains(d, "1518 812743.8231\n");
	assert_contains(script.s, "set title \"Throughput against frame size\"");
	assert_contains(script.s, "set xlabel \"Frame size (bytes)\"");
	assert_contains(script.s, "set ylabel \"Throughput (frames/s)\"");
	assert_contains(script.s, "title \"median, 1st-99th percentile (both directions)\"");
	assert_contains(script.s, "title \"Ethernet line rate, 10 Gbit/s\"");
	assert_contains(script.s, "set output \"out.svg\"");
	assert_contains(script.s, "set terminal svg");
}

/*
 * A mix beside fixed sizes (tests/data/plot/imix/): CSIT's IMIX (run.json
 * imix csit, mean 4246 / 12 = 353.83 B) and a 354-byte run share rate.csv's
 * Size 354 and must stay two series: the fixed sizes' line 64, 354 and
 * the mix's own point at its mean, each its median, 1st and 99th
 * percentile (3 rates: the 2nd, the 1st, the 3rd).  The mix's line rate
 * at 10 Gbit/s: 1e10 / ((353.83 + 20) * 8) = 3343736.068 fps.
 */
static void
test_tput_size_imix(void **state)
{
	static const char *const names[] = {
		"imix/csit/rate.csv", "imix/354-b/rate.csv", "imix/64-b/rate.csv",
	};
	static const char *const mixed[] = { "imix/mixed/rate.csv" };

	(void)state;
	assert_int_equal(run(PLOT_TPUT_SIZE, 3, names), 0);
	assert_string_equal(block_titled("median, 1st-99th percentile (both "
					 "directions)"),
			    "64 237000 236200 238100\n"
			    "354 200000 199900 200100\n");
	assert_string_equal(block_titled("IMIX csit, mean 353.83 B: median, "
					 "1st-99th percentile (both directions)"),
			    "353.8333333 150000 149800 150200\n");
	assert_contains(script.s, "$d1 using 1:2:3:4 with yerrorbars pt 7 lt 2 "
			"title \"IMIX csit, mean 353.83 B");
	assert_contains(block_titled("Ethernet line rate, 10 Gbit/s"),
			"353.8333333 3343736.068\n");
	/* the mix alone at 1 Gbit/s: below its line rate, 334374 fps */
	teardown(NULL);
	assert_int_equal(run_at(PLOT_TPUT_SIZE, 1, names, 1.0), 0);
	assert_null(strstr(script.s, "above"));
	/* at 0.4 Gbit/s, 0.4e9 / (373.83 * 8) = 133749 fps: above, named as
	 * the mix and drawn at its mean */
	teardown(NULL);
	assert_int_equal(run_at(PLOT_TPUT_SIZE, 1, names, 0.4), 0);
	assert_string_equal(block_titled("median above the line rate"),
			    "353.8333333 150000\n");
	assert_string_equal(notes.s, "warning: IMIX csit (mean 353.83 B), both "
			    "directions: the median 150000 fps is above the "
			    "line rate at 0.4 Gbit/s, 133749 fps\n");
	/* a run.json written since issue 37: the mix in RFC 6985's notation */
	teardown(NULL);
	{
		static const char *const noted[] = { "imix/csit-note/rate.csv" };

		assert_int_equal(run(PLOT_TPUT_SIZE, 1, noted), 0);
		assert_contains(script.s, "title \"CUSTOM IMIX - AAAAAAAXXXXG "
				"(A:64 G:1518 X:570), mean 353.83 B");
		assert_null(strstr(script.s, "IMIX csit"));
	}
	/* a run.json whose records send a mix and one size: refused */
	teardown(NULL);
	assert_int_equal(run(PLOT_TPUT_SIZE, 1, mixed), -EINVAL);
	assert_contains(err, "imix/mixed/run.json: line 1 sends the mix csit, "
			"line 2 one size: the rows of its rate.csv cannot be "
			"told apart by mix");
}

static void
test_loss_load(void **state)
{
	static const char *const names[] = { "flr-routed.csv", "flr-bridged.csv" };

	(void)state;
	assert_int_equal(run(PLOT_LOSS_LOAD, 2, names), 0);
	assert_contains(script.s, "$d0 using 1:2 with linespoints lt 1 title "
			"\"flr-routed.csv, fwd\"");
	assert_contains(script.s, "$d3 using 1:2 with linespoints lt 4 title "
			"\"flr-bridged.csv, rev\"");
	/* Offered ascending; bridged rev at 90 % has no loss_pct (sent 0). */
	assert_string_equal(block(3),
			    "1041666 0\n1190476 0\n1488095 7.499998\n");
	assert_contains(block(0), "1339285 3.099997\n1488095 12.500002\n");
	assert_contains(script.s, "set xlabel \"Offered load (frames/s)\"");
	assert_contains(script.s, "set ylabel \"Frame loss rate (%)\"");
	assert_null(strstr(script.s, "$d4 << EOD"));
}

/* Forwarding rate against the intended load, routed beside bridged (its
 * collapse at 1.4 Mfps); the invalid step is no point. */
static void
test_frate(void **state)
{
	static const char *const names[] = { "frate-routed.csv",
					     "frate-bridged.csv" };

	(void)state;
	assert_int_equal(run(PLOT_FRATE, 2, names), 0);
	assert_contains(script.s, "$d0 using 1:2 with linespoints lt 1 title "
			"\"frate-routed.csv, fwd\"");
	assert_contains(script.s, "$d1 using 1:2 with linespoints lt 2 title "
			"\"frate-bridged.csv, fwd\"");
	assert_string_equal(block(0), "400000 400000\n600000 600000\n"
			    "800000 650000\n1000000 650000\n");
	assert_string_equal(block(1), "400000 400000\n600000 600000\n"
			    "800000 620000\n1400000 280000\n");
	assert_contains(script.s, "set xlabel \"Intended load (frames/s)\"");
	assert_contains(script.s, "set ylabel \"Forwarding rate (frames/s)\"");
	assert_contains(script.s, "set arrow from 0,0 to 1400000,1400000");
	assert_null(strstr(script.s, "$d2 << EOD"));
}

/* [dut]'s cpu rows of a loss sweep (dut.csv): each CPU's busy share
 * against the offered load, ascending; other rows and a failed
 * observation's row are no points. */
static void
test_cpu_load(void **state)
{
	static const char *const names[] = { "dut-sweep.csv" };

	(void)state;
	assert_int_equal(run(PLOT_CPU_LOAD, 1, names), 0);
	assert_string_equal(block(0), "10000 20\n20000 40\n");
	assert_string_equal(block(1), "10000 35\n20000 70\n");
	assert_string_equal(block(2), "10000 5\n20000 10\n");
	assert_contains(script.s, "title \"dut-sweep.csv, cpu1\"");
	assert_contains(script.s, "set ylabel \"Busy (%)\"");
	assert_null(strstr(script.s, "$d3 << EOD"));
}

static void
test_searches(void **state)
{
	static const char *const names[] = { "rate-before.csv" };

	(void)state;
	assert_int_equal(run(PLOT_SEARCHES, 1, names), 0);
	assert_string_equal(block(0),
			    "1 276410\n2 275120\n3 277300\n4 276950\n5 274880\n"
			    "6 276020\n7 277510\n8 275990\n9 276700\n10 276230\n");
	/* Median of 10: (276230 + 276410) / 2. */
	assert_string_equal(block(1), "1 276320\n10 276320\n");
	assert_contains(script.s, "title \"median 276320\"");
	assert_contains(script.s, "set xlabel \"Search (in file order)\"");
}

/* Rows whose result_kind is not measured (docs/results.md) are no DUT
 * figure: a tester-bound lower bound and a search without a result are
 * left out of both views of rate.csv. */
static void
test_result_kinds(void **state)
{
	static const char *const names[] = { "rate-kinds.csv" };

	(void)state;
	assert_int_equal(run(PLOT_SEARCHES, 1, names), 0);
	assert_string_equal(block(0), "1 276410\n2 277300\n");
	teardown(NULL);
	assert_int_equal(run(PLOT_TPUT_SIZE, 1, names), 0);
	assert_string_equal(block(0), "84 276855 276410 277300\n");
}

/*
 * tput-size's link speed from the run.json beside each rate.csv.  The
 * fixtures in link/: 64-b link_speed_mbps 10000 from the ports; 1024-b
 * three runs appended, the middle one with [traffic] link_speed_gbps = 1
 * over ports of 10 Gb/s (its link_speed_mbps 1000 counts, not the ports),
 * the others 10000 from the ports (the lowest record counts); 1518-b
 * link_speed_mbps null, the ports 10000 and 25000 (their lowest).  The
 * lowest file is the middle one.
 */
static void
test_link_speed(void **state)
{
	static const char *const all[] = {
		"link/64-b/rate.csv", "link/1024-b/rate.csv",
		"link/1518-b/rate.csv",
	};
	static const double want[] = { 10, 1, 10 };
	double gbps = -1;
	size_t i;

	(void)state;
	load(3, all);
	assert_int_equal(plot_link_speed(inputs, 3, &gbps, &notes, err,
					 sizeof(err)), 0);
	assert_true(gbps == 1.0);
	assert_non_null(notes.s);
	assert_string_equal(notes.s, "the runs' link speeds differ, 1 to 10 "
			    "Gbit/s: each size's line rate is at the lowest "
			    "speed of that size's own runs\n");
	for (i = 0; i < 3; i++) {
		teardown(NULL);
		gbps = -1;
		load(1, &all[i]);
		assert_int_equal(plot_link_speed(inputs, 1, &gbps, &notes, err,
						 sizeof(err)), 0);
		assert_true(gbps == want[i]);
		/* only 1024-b's two runs differ */
		assert_int_equal(notes.len > 0, i == 1);
	}
}

/*
 * Without --link-gbps each size's line rate is at the lowest speed of
 * that size's own runs (plot.h plot_run_speed, the rule dutperf-report
 * shares): 64 B at 10 Gb/s, 1024 B at 1 Gb/s (its runs: 1 and 10, said),
 * 1518 B at 10 Gb/s (the lower of its ports' 10 and 25).
 */
static void
test_link_per_size(void **state)
{
	static const char *const all[] = {
		"link/64-b/rate.csv", "link/1024-b/rate.csv",
		"link/1518-b/rate.csv",
	};
	struct plot_opts o = {
		.kind = PLOT_TPUT_SIZE, .format = PLOT_SVG, .output = "out.svg",
		.link_gbps = 1, .conf_pct = 95.0, .column = "rate",
		.notes = &notes,
	};
	double lo, hi;

	(void)state;
	assert_int_equal(plot_run_speed(DATA "link/1024-b/rate.csv", &lo, &hi,
					err, sizeof(err)), 0);
	assert_true(lo == 1000 && hi == 10000);
	assert_int_equal(plot_run_speed(DATA "link/1518-b/rate.csv", &lo, &hi,
					err, sizeof(err)), 0);
	assert_true(lo == 10000 && hi == 10000);
	assert_int_equal(plot_run_speed(DATA "norun/rate.csv", &lo, &hi, err,
					sizeof(err)), 0);
	assert_true(lo == 0 && hi == 0);
	load(3, all);
	assert_int_equal(plot_script(&script, &o, inputs, 3, err, sizeof(err)), 0);
	assert_string_equal(block_titled("Ethernet line rate at each size's "
					 "link speed"),
			    "64 14880952.38\n1024 119731.8008\n1518 812743.8231\n");
	assert_contains(notes.s, "1024 B, both directions: its runs' link speeds "
			"differ, 1 to 10 Gbit/s: its line rate is at 1 Gbit/s\n");
	assert_contains(notes.s, "warning: 1024 B, both directions: the median "
			"210300 fps is above the line rate at 1 Gbit/s");
	/* one size, one speed: the curve, titled with it */
	teardown(NULL);
	load(1, all);
	assert_int_equal(plot_script(&script, &o, inputs, 1, err, sizeof(err)), 0);
	assert_non_null(strstr(script.s, "Ethernet line rate, 10 Gbit/s"));
}

static void
test_link_speed_none(void **state)
{
	static const char *const names[] = {
		"nolink/rate.csv", "norun/rate.csv",
	};
	double gbps = -1;

	(void)state;
	load(2, names);
	assert_int_equal(plot_link_speed(inputs, 2, &gbps, &notes, err,
					 sizeof(err)), 0);
	assert_true(gbps == 0);
	assert_non_null(notes.s);
	assert_contains(notes.s, "plot/nolink/run.json: no link speed recorded "
			"(link_speed_mbps and the ports' speed_mbps null or "
			"absent)\n");
	assert_contains(notes.s, "plot/norun/run.json: No such file or "
			"directory: no link speed for " DATA "norun/rate.csv\n");
	assert_contains(notes.s, "no link speed in run.json: no line rate drawn "
			"(--link-gbps sets one)\n");
	/* no speed: no line rate; sorted 199800 200100 201000 */
	teardown(NULL);
	assert_int_equal(run_at(PLOT_TPUT_SIZE, 1, names, 0), 0);
	assert_string_equal(block(0), "512 200100 199800 201000\n");
	assert_null(strstr(script.s, "$d1 << EOD"));
	assert_null(strstr(script.s, "line rate"));
	assert_null(notes.s);
}

static void
test_link_speed_bad(void **state)
{
	static const char *const syntax[] = { "bad/runjson-syntax/rate.csv" };
	static const char *const speed[] = { "bad/runjson-speed/rate.csv" };
	double gbps;

	(void)state;
	load(1, syntax);
	assert_int_equal(plot_link_speed(inputs, 1, &gbps, &notes, err,
					 sizeof(err)), -EINVAL);
	assert_contains(err, "bad/runjson-syntax/run.json:2: not a JSON object: ");
	teardown(NULL);
	load(1, speed);
	assert_int_equal(plot_link_speed(inputs, 1, &gbps, &notes, err,
					 sizeof(err)), -EINVAL);
	assert_contains(err, "bad/runjson-speed/run.json:1: link_speed_mbps: "
			"\"fast\" is not a speed in Mbit/s");
}

/*
 * A median above the line rate drawn is a series of its own, red, and a
 * warning.  At 1 Gbit/s: 1024 B 10^9 / (1044 * 8) = 119732 fps, under
 * the median 210300 (140500 210300 213800); 1518 B 81274 fps, over the
 * median 80400; 64 B 1488095, over 237000.
 */
static void
test_above_line_rate(void **state)
{
	static const char *const names[] = {
		"link/1518-b/rate.csv", "link/64-b/rate.csv",
		"link/1024-b/rate.csv",
	};

	(void)state;
	assert_int_equal(run_at(PLOT_TPUT_SIZE, 3, names, 1.0), 0);
	assert_string_equal(block(0),
			    "64 237000 236200 238100\n"
			    "1024 210300 140500 213800\n"
			    "1518 80400 79100 80900\n");
	assert_contains(block(1), "1024 119731.8008\n");
	assert_string_equal(block_titled("median above the line rate"),
			    "1024 210300\n");
	assert_contains(script.s, "$d2 using 1:2 with points pt 7 ps 2 lt 3 "
			"lc rgb 'red' title \"median above the line rate\"");
	assert_non_null(notes.s);
	assert_string_equal(notes.s, "warning: 1024 B, both directions: the "
			    "median 210300 fps is above the line rate at 1 "
			    "Gbit/s, 119732 fps\n");
	/* at 10 Gbit/s every median is below the line */
	teardown(NULL);
	assert_int_equal(run_at(PLOT_TPUT_SIZE, 3, names, 10.0), 0);
	assert_null(strstr(script.s, "above"));
	assert_null(strstr(script.s, "$d2 << EOD"));
	assert_null(notes.s);
}

/* The keys of run.json, in order (a record and a port), as
 * tests/data/columns/run.json.keys has them. */
static void
join_keys(const json_t *o, char *buf, size_t len)
{
	const char *key;
	json_t *v;
	size_t at = 0;

	buf[0] = '\0';
	json_object_foreach((json_t *)o, key, v)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       at ? "," : "", key);
	assert_true(at < len);
}

static void
test_runjson_fixture_keys(void **state)
{
	char want[2][1024], got[1024];
	json_error_t je;
	json_t *o;
	FILE *f;

	(void)state;
	f = fopen(TEST_DATA_DIR "/columns/run.json.keys", "r");
	assert_non_null(f);
	assert_non_null(fgets(want[0], sizeof(want[0]), f));
	assert_non_null(fgets(want[1], sizeof(want[1]), f));
	fclose(f);
	want[0][strcspn(want[0], "\n")] = '\0';
	want[1][strcspn(want[1], "\n")] = '\0';
	o = json_load_file(DATA "link/64-b/run.json", 0, &je);
	assert_non_null(o);
	join_keys(o, got, sizeof(got));
	assert_string_equal(got, want[0]);
	join_keys(json_array_get(json_object_get(o, "ports"), 0), got,
		  sizeof(got));
	assert_string_equal(want[1], "ports: side,port_id,name,driver,speed_mbps,checksums_by,"
			    "mac,own_mac,mac_from,promisc,dut_mac,dut_mac_from,dut_ip,answered");
	assert_string_equal(got, want[1] + strlen("ports: "));
	json_decref(o);
}

static void
test_compare(void **state)
{
	static const char *const names[] = { "rate-before.csv", "rate-after.csv" };

	(void)state;
	assert_int_equal(run(PLOT_COMPARE, 2, names), 0);
	/*
	 * before sorted: 274880 275120 275990 276020 276230 276410 276700
	 * 276950 277300 277510: q1 rank ceil(2.5) = 3, q3 rank ceil(7.5) = 8;
	 * after sorted: 279700 279845 280110 280630 280990 281050 281220
	 * 281500: q1 rank 2, median (280630 + 280990) / 2, q3 rank 6.
	 */
	assert_string_equal(block(0),
			    "1 274880 275990 276320 276950 277510\n"
			    "2 279700 279845 280810 281050 281500\n");
	assert_contains(script.s, "rate: rate-before.csv vs rate-after.csv"
			"\\nDifference at 95.0% confidence; ");
	assert_contains(script.s, "set xtics (\"rate-before.csv\" 1, "
			"\"rate-after.csv\" 2)");
	/* 10 + 8 values beside the boxes. */
	assert_int_equal(strlen(block(2)) > 0, 1);
	{
		const char *p = block(2);
		size_t lines = 0;

		for (; *p != '\0'; p++)
			lines += *p == '\n';
		assert_int_equal(lines, 18);
	}
}

static void
test_compare_too_few(void **state)
{
	static const char *const names[] = { "rate-before.csv", "bad/one-row.csv" };

	(void)state;
	assert_int_equal(run(PLOT_COMPARE, 2, names), -EINVAL);
	assert_contains(err, "bad/one-row.csv:2: at least 2 rows needed, found 1");
}

static void
test_latency(void **state)
{
	static const char *const names[] = { "latency.csv" };

	(void)state;
	assert_int_equal(run(PLOT_LATENCY, 1, names), 0);
	/* fwd_tl_us sorted: 12.5 12.7 12.9 13.1 13.4 14.2; i/6 in %. */
	assert_string_equal(block(0),
			    "12.5 16.66666667\n12.7 33.33333333\n12.9 50\n"
			    "13.1 66.66666667\n13.4 83.33333333\n14.2 100\n");
	/* rev: run 4 has no value, 5 values remain. */
	assert_string_equal(block(2),
			    "13.5 20\n13.7 40\n13.9 60\n14.1 80\n14.4 100\n");
	assert_contains(script.s, "title \"fwd typical latency (tl_us)\"");
	assert_contains(script.s, "title \"rev worst-case latency (wcl_us)\"");
	assert_contains(script.s, "set xlabel \"Latency (µs)\"");
	assert_contains(script.s, "with steps lt 1 notitle");
}

static void
test_pdv_and_metrics(void **state)
{
	static const char *const names[] = { "pdv.csv" };
	static const char *const metrics[] = { "d999_us" };
	struct plot_opts o = {
		.kind = PLOT_PDV, .output = "x.svg", .metrics = metrics,
		.nb_metrics = 1,
	};

	(void)state;
	assert_int_equal(run(PLOT_PDV, 1, names), 0);
	/* direction f: rev columns empty, one series only. */
	assert_string_equal(block(0), "2.9 20\n3 40\n3.2 60\n3.5 80\n4.1 100\n");
	assert_null(strstr(script.s, "$d1 << EOD"));
	assert_contains(script.s, "title \"fwd PDV (pdv_us)\"");
	strbuf_free(&script);
	memset(&script, 0, sizeof(script));
	assert_int_equal(plot_script(&script, &o, inputs, 1, err, sizeof(err)), 0);
	assert_string_equal(block(0),
			    "11.9 20\n12 40\n12.2 60\n12.5 80\n13.1 100\n");
	o.metrics = (const char *const[]){ "nosuch_us" };
	strbuf_free(&script);
	memset(&script, 0, sizeof(script));
	assert_int_equal(plot_script(&script, &o, inputs, 1, err, sizeof(err)),
			 -EINVAL);
	assert_contains(err, "pdv.csv:1: column 'fwd_nosuch_us' not found");
}

static void
test_monitor(void **state)
{
	static const char *const names[] = { "monitor.csv" };

	(void)state;
	assert_int_equal(run(PLOT_MONITOR, 1, names), 0);
	assert_contains(block_titled("fwd tx"), "1 100000\n2 100000\n");
	assert_contains(block_titled("fwd rx"), "1 99990\n2 100012\n3 99995\n");
	assert_contains(block_titled("rev rx"), "1 99987\n2 100009\n");
	/* min/max are empty in the warm-up (t = 1, 2). */
	assert_true(strncmp(block_titled("fwd variation min"), "3 -0.4\n", 7) == 0);
	assert_true(strncmp(block_titled("rev variation max"), "3 -0.4\n", 7) == 0);
	assert_contains(script.s, "set multiplot layout 2,1 title "
			"\"Monitor: instant rate and variation, monitor.csv\"");
	assert_contains(script.s, "set xlabel \"Time (s)\"");
	assert_contains(script.s, "set ylabel \"Variation (ns)\"");
	assert_contains(script.s, "title \"rev variation max\"");
	assert_contains(script.s, "unset multiplot\nunset output\n");
}

static void
check_error(enum plot_kind kind, const char *file, const char *msg)
{
	const char *names[1] = { file };
	char path[512];

	snprintf(path, sizeof(path), "%s%s", DATA, file);
	if (csv_table_read(path, &tables[0], err, sizeof(err)) < 0) {
		assert_contains(err, msg);
		return;
	}
	csv_table_free(&tables[0]);
	assert_int_equal(run(kind, 1, names), -EINVAL);
	assert_contains(err, msg);
	csv_table_free(&tables[0]);
	strbuf_free(&script);
	memset(&script, 0, sizeof(script));
}

static void
test_bad_inputs(void **state)
{
	(void)state;
	check_error(PLOT_SEARCHES, "bad/empty.csv", "bad/empty.csv:1: no header line");
	check_error(PLOT_SEARCHES, "bad/header-only.csv",
		    "bad/header-only.csv:2: no data rows after the header");
	check_error(PLOT_TPUT_SIZE, "bad/header-only.csv",
		    "bad/header-only.csv:2: no data rows after the header");
	check_error(PLOT_SEARCHES, "bad/no-rate.csv",
		    "bad/no-rate.csv:1: column 'rate' not found; columns: No, Size, Dir");
	check_error(PLOT_TPUT_SIZE, "bad/text-cell.csv",
		    "bad/text-cell.csv:3: column 'rate': '12x0000' is not a number");
	check_error(PLOT_LOSS_LOAD, "bad/short-row.csv",
		    "bad/short-row.csv:2: column 'loss_pct': missing");
	check_error(PLOT_MONITOR, "bad/monitor-text.csv",
		    "bad/monitor-text.csv:3: column 'rx_fps': 'fast' is not a number");
	check_error(PLOT_LATENCY, "bad/text-cell.csv",
		    "bad/text-cell.csv:1: column 'fwd_tl_us' not found");
	check_error(PLOT_COMPARE, "rate-before.csv", "compare takes 2 input files, not 1");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_line_rate, teardown),
		cmocka_unit_test_teardown(test_names_and_formats, teardown),
		cmocka_unit_test_teardown(test_quote, teardown),
		cmocka_unit_test_teardown(test_fixture_headers, teardown),
		cmocka_unit_test_teardown(test_table, teardown),
		cmocka_unit_test_teardown(test_tput_size, teardown),
		cmocka_unit_test_teardown(test_tput_size_imix, teardown),
		cmocka_unit_test_teardown(test_loss_load, teardown),
		cmocka_unit_test_teardown(test_frate, teardown),
		cmocka_unit_test_teardown(test_cpu_load, teardown),
		cmocka_unit_test_teardown(test_searches, teardown),
		cmocka_unit_test_teardown(test_result_kinds, teardown),
		cmocka_unit_test_teardown(test_link_speed, teardown),
		cmocka_unit_test_teardown(test_link_per_size, teardown),
		cmocka_unit_test_teardown(test_link_speed_none, teardown),
		cmocka_unit_test_teardown(test_link_speed_bad, teardown),
		cmocka_unit_test_teardown(test_above_line_rate, teardown),
		cmocka_unit_test_teardown(test_runjson_fixture_keys, teardown),
		cmocka_unit_test_teardown(test_compare, teardown),
		cmocka_unit_test_teardown(test_compare_too_few, teardown),
		cmocka_unit_test_teardown(test_latency, teardown),
		cmocka_unit_test_teardown(test_pdv_and_metrics, teardown),
		cmocka_unit_test_teardown(test_monitor, teardown),
		cmocka_unit_test_teardown(test_bad_inputs, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

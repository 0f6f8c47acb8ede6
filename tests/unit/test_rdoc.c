/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc: HTML and Markdown escaping, tables, images (exact text); a run
 * directory, a campaign and two sets read and reported with known
 * figures (median, percentiles, Mb/s, % of line rate, labels, the
 * before/after verdict); a mix (IMIX) a size of its own beside the
 * fixed sizes.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "rdoc.h"
#include "rdoc_report.h"
#include "unit_util.h"

/* The text b holds, NUL-terminated (empty when nothing was written). */
static const char *
text_of(struct strbuf *b)
{
	strbuf_printf(b, "%s", "");
	assert_false(b->oom);
	return b->s;
}

static void
html_escape(void **state)
{
	struct strbuf b = { 0 };

	(void)state;
	rdoc_html_escape(&b, "<a href=\"x\">'&'</a> plain");
	assert_string_equal(text_of(&b),
		"&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; plain");
	strbuf_free(&b);
	rdoc_html_escape(&b, "");
	assert_string_equal(text_of(&b), "");
	strbuf_free(&b);
}

static void
md_escape(void **state)
{
	struct strbuf b = { 0 };

	(void)state;
	rdoc_md_escape(&b, "-a|b*c_d\\e `f` <g> [h]\nnext - (ok) #1");
	assert_string_equal(text_of(&b),
		"\\-a\\|b\\*c\\_d\\\\e \\`f\\` \\<g\\> \\[h\\] next - (ok) #1");
	strbuf_free(&b);
}

static void
base64(void **state)
{
	/* RFC 4648 section 10 */
	static const char *const in[] = {
		"", "f", "fo", "foo", "foob", "fooba", "foobar",
	};
	static const char *const out[] = {
		"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy",
	};
	struct strbuf b = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < 7; i++) {
		b.len = 0;
		rdoc_base64(&b, in[i], strlen(in[i]));
		assert_string_equal(text_of(&b), out[i]);
	}
	strbuf_free(&b);
}

static void
table(void **state, enum rdoc_format fmt, const char *want)
{
	static const char *const head[] = { "Size (B)", "a|b" };
	static const char *const row1[] = { "64", "<x> & y" };
	static const char *const row2[] = { "128", NULL };
	struct strbuf b = { 0 };
	struct rdoc d = { .fmt = fmt, .b = &b };

	(void)state;
	rdoc_table_begin(&d, "T*", 2, head);
	rdoc_table_row(&d, row1);
	rdoc_table_row(&d, row2);
	rdoc_table_end(&d);
	assert_string_equal(text_of(&b), want);
	strbuf_free(&b);
}

static void
table_html(void **state)
{
	table(state, RDOC_HTML,
	      "<table>\n<caption>T*</caption>\n"
	      "<thead><tr><th scope=\"col\">Size (B)</th><th scope=\"col\">a|b</th></tr></thead>\n"
	      "<tbody>\n"
	      "<tr><td class=\"n\">64</td><td>&lt;x&gt; &amp; y</td></tr>\n"
	      "<tr><td class=\"n\">128</td><td></td></tr>\n"
	      "</tbody>\n</table>\n");
}

static void
table_markdown(void **state)
{
	table(state, RDOC_MARKDOWN,
	      "*T\\**\n\n"
	      "| Size (B) | a\\|b |\n"
	      "|---|--:|\n"
	      "| 64 | \\<x\\> \\& y |\n"
	      "| 128 |  |\n"
	      "\n");
}

static void
image_and_note(void **state)
{
	struct strbuf b = { 0 };
	struct rdoc d = { .fmt = RDOC_HTML, .b = &b };

	(void)state;
	rdoc_image(&d, "a \"graph\"", "image/svg+xml", "<svg/>", 6);
	rdoc_note(&d, "lower bound", "lower-bound", "at least 5 < 6");
	assert_string_equal(text_of(&b),
		"<p><img alt=\"a &quot;graph&quot;\" "
		"src=\"data:image/svg+xml;base64,PHN2Zy8+\"></p>\n"
		"<p class=\"note lower-bound\"><strong>lower bound:</strong> "
		"at least 5 &lt; 6</p>\n");
	strbuf_free(&b);
	d.fmt = RDOC_MARKDOWN;
	rdoc_note(&d, "missing", "missing", "x_y");
	rdoc_pre(&d, "a = 1");
	assert_string_equal(text_of(&b), "**missing:** x\\_y\n\n~~~~\na = 1\n~~~~\n\n");
	strbuf_free(&b);
}

/* --- sets and reports --- */

static char tmp[] = "/tmp/dpt-test-rdoc.XXXXXX";

static int
fake_render(void *ctx, const struct strbuf *script, struct strbuf *svg,
	    char *err, size_t err_len)
{
	int *calls = ctx;

	(void)err;
	(void)err_len;
	assert_non_null(strstr(script->s, "set terminal svg"));
	(*calls)++;
	strbuf_printf(svg, "<svg/>");
	return 0;
}

static const char run_json[] =
	"{\"dutperf\":\"0.1.0\",\"mode\":\"throughput\",\"git\":\"abc1234\","
	"\"seed\":\"42\",\"link_speed_mbps\":1000,\"cpu_model\":\"CPU X\","
	"\"kernel\":\"Linux 6\",\"argv\":[\"dutperf\",\"--\",\"throughput\"],"
	"\"eal_args\":[\"--no-pci\"],\"ports\":[],\"result\":\"r\","
	"\"config\":\"[traffic]\\nframe_size_b = 64\\n\",\"runs\":[]}\n";
static const char rate_head[] =
	"No, Size, Dir, n, m, Duration, Initial Rate, Timeout, Error, Date, "
	"Iterations needed, rate, result_kind\n";

/* DIR/NAME a throughput run at 64 bytes with the given rates (measured)
 * and one lower bound of 4000 */
static void
make_run(const char *dir, const char *name, const double *rates, size_t n)
{
	char path[4200], row[256];
	struct strbuf b = { 0 };
	size_t i;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(mkdir(path, 0755), 0);
	unit_write_file(path, "run.json", run_json);
	strbuf_printf(&b, "%s", rate_head);
	for (i = 0; i < n; i++) {
		snprintf(row, sizeof(row), "%zu, 64, b, 2, 2, 1, 9000, 300, 10, "
			 "2026-01-01 00:00:00, 9, %g, measured\n", i + 1, rates[i]);
		strbuf_printf(&b, "%s", row);
	}
	strbuf_printf(&b, "%zu, 64, b, 2, 2, 1, 9000, 300, 10, 2026-01-01 00:00:00, "
		    "9, 4000, lower_bound\n", n + 1);
	unit_write_file(path, "rate.csv", text_of(&b));
	strbuf_free(&b);
}

/* DIR/NAME a throughput run with [dut]: telemetry trial 3 at 10000 fps
 * whose nft counter rose by drop and IpForwDatagrams by 10000 over 2 s,
 * cpu1 60 % busy; its outputs in dut/3/. */
static void
make_dut_run(const char *dir, const char *name, unsigned drop)
{
	char path[4200], text[2048];
	static const double rates[] = { 10000 };

	make_run(dir, name, rates, 1);
	snprintf(path, sizeof(path), "%s/%s/run.json", dir, name);
	snprintf(text, sizeof(text), "%.*s,\"dut\":{\"telemetry\":[{\"trial\":3,"
		 "\"search\":1,\"rate_fps\":10000,\"largest_deltas\":[]}]}}\n",
		 (int)(strlen(run_json) - 2), run_json);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unit_write_file(path, "run.json", text);
	snprintf(text, sizeof(text),
		 "trial,search,iteration,phase,observation,counter,before,after,"
		 "delta,interval_s,rate_per_second,busy_pct,error\n"
		 "1,1,1,trial,nft,fwd_drop.packets,0,5,5,2.000,2.5,,\"\"\n"
		 "3,1,3,telemetry,fwd,IpForwDatagrams,100,10100,10000,2.000,"
		 "5000.0,,\"\"\n"
		 "3,1,3,telemetry,nft,fwd_drop.packets,5,%u,%u,2.000,%.1f,,\"\"\n"
		 "3,1,3,telemetry,cpu,cpu1.busy,40,100,60,2.000,30.0,60.0,\"\"\n"
		 "3,1,3,telemetry,cpu,cpu1.idle,60,100,40,2.000,20.0,,\"\"\n"
		 "3,1,3,telemetry,nft,flat,7,7,0,2.000,0.0,,\"\"\n",
		 5 + drop, drop, drop / 2.0);
	unit_write_file(path, "dut.csv", text);
	snprintf(path, sizeof(path), "%s/%s/dut", dir, name);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/%s/dut/3", dir, name);
	assert_int_equal(mkdir(path, 0755), 0);
	unit_write_file(path, "vm.during.txt", "procs <b>\n 1 0\n");
	unit_write_file(path, "fwd.after.txt", "IpForwDatagrams 10100 0.0\n");
}

/* The DUT section: a telemetry trial's largest rises (a counter that did
 * not move left out), a CPU's busy share, its outputs folded in order;
 * against a second set the counter whose rate changed. */
static void
report_dut(void **state)
{
	struct rdoc_opts o = { .fmt = RDOC_HTML, .title = "d",
			       .conf_pct = 95 };
	struct strbuf b = { 0 };
	struct rdoc_set s, t;
	char dir[4200], dir2[4200], err[512];
	const char *p, *q;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/dut1", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	make_dut_run(dir, "a", 100);
	snprintf(dir2, sizeof(dir2), "%s/dut2", tmp);
	assert_int_equal(mkdir(dir2, 0755), 0);
	make_dut_run(dir2, "a", 400);
	if (rdoc_set_read(dir, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(rdoc_set_read(dir2, &t, err, sizeof(err)), 0);
	assert_int_equal(rdoc_report(&b, &o, &s, &t), 0);
	text_of(&b);
	assert_contains(b.s, "<h2 id=\"dut\">Inside the DUT");
	assert_contains(b.s, "<caption>Run a, search 1: telemetry trial 3 at "
			"10000 frames/s: the largest counter rises</caption>");
	/* by rise: 10000, 100, 60, 40; the flat counter not shown */
	p = strstr(b.s, "<td>IpForwDatagrams</td><td class=\"n\">10000</td>"
		   "<td class=\"n\">5000.0</td>");
	q = strstr(b.s, "<td>fwd_drop.packets</td><td class=\"n\">100</td>"
		   "<td class=\"n\">50.0</td>");
	assert_non_null(p);
	assert_non_null(q);
	assert_true(p < q);
	assert_null(strstr(b.s, "<td>flat</td>"));
	/* trial 1 is not a telemetry trial */
	assert_null(strstr(b.s, "<td class=\"n\">2.5</td>"));
	assert_contains(b.s, "<tr><td>cpu1</td><td class=\"n\">60.0</td></tr>");
	p = strstr(b.s, "<details><summary>fwd.after.txt (26 bytes shown)"
		   "</summary>\n<pre>IpForwDatagrams 10100 0.0\n</pre>");
	q = strstr(b.s, "<details><summary>vm.during.txt");
	assert_non_null(p);
	assert_non_null(q);
	assert_true(p < q);
	assert_contains(b.s, "<pre>procs &lt;b&gt;\n 1 0\n</pre>");
	/* 50 -> 200 per second: +300 %; the others did not change */
	assert_contains(b.s, "<tr><td>nft</td><td>fwd_drop.packets</td>"
			"<td class=\"n\">50.0</td><td class=\"n\">200.0</td>"
			"<td class=\"n\">300.0</td></tr>");
	assert_null(strstr(b.s, "<td>IpForwDatagrams</td><td class=\"n\">5000.0"));
	strbuf_free(&b);
	rdoc_set_free(&t);
	rdoc_set_free(&s);
}

static int
setup(void **state)
{
	(void)state;
	return mkdtemp(tmp) != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	return unit_rmtree(tmp);
}

static void
report_run(void **state)
{
	static const double rates[] = { 3000, 1000, 2000 };
	struct rdoc_opts o = { .fmt = RDOC_HTML, .title = "t<1>",
			       .conf_pct = 95, .render = fake_render };
	struct strbuf b = { 0 };
	struct rdoc_set s;
	char dir[4200], err[512];
	int calls = 0;

	(void)state;
	o.render_ctx = &calls;
	snprintf(dir, sizeof(dir), "%s/one", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	make_run(dir, "tp", rates, 3);
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), 0);
	assert_int_equal(s.nb_runs, 1);
	assert_string_equal(s.runs[0].label, "tp");
	assert_int_equal(s.runs[0].size_b, 64);
	assert_int_equal(rdoc_report(&b, &o, &s, NULL), 0);
	text_of(&b);
	assert_contains(b.s, "<title>t&lt;1&gt;</title>");
	/* median 2000, 1st 1000, 99th 3000 (nearest rank); 2000 * 64 * 8 =
	 * 1.024 Mb/s; line rate 1e9 / (84 * 8) = 1488095 fps: 0.13 % */
	assert_contains(b.s, "<tr><td class=\"n\">64</td><td>both</td>"
			"<td class=\"n\">2000</td><td class=\"n\">1000</td>"
			"<td class=\"n\">3000</td><td class=\"n\">1.024</td>"
			"<td class=\"n\">0.13</td>"
			"<td>1488095 fps (1000)</td>"
			"<td>measured (3); lower bound (1): at least 4000</td></tr>");
	assert_int_equal(calls, 1);
	assert_contains(b.s, "src=\"data:image/svg+xml;base64,PHN2Zy8+\"");
	assert_contains(b.s, "<td>abc1234</td>");
	assert_contains(b.s, "command line: dutperf -- throughput\nEAL arguments: --no-pci\n");
	assert_null(strstr(b.s, "<script"));
	strbuf_free(&b);
	rdoc_set_free(&s);
}

static void
report_campaign(void **state)
{
	static const double rates[] = { 1000, 1010, 990 };
	static const double after[] = { 2000, 2010, 1990 };
	struct rdoc_opts o = { .fmt = RDOC_MARKDOWN, .title = "c",
			       .conf_pct = 95 };
	struct strbuf b = { 0 };
	struct rdoc_set s, t;
	char dir[4200], dir2[4200], err[512];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/camp", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	make_run(dir, "001-throughput-64", rates, 3);
	unit_write_file(dir, "campaign.json",
		"{\"dutperf_version\":\"0.1.0\",\"sizes\":[64],\"items\":["
		"{\"item\":1,\"test\":\"throughput\",\"size\":64,\"dir\":\"001-throughput-64\"},"
		"{\"item\":2,\"test\":\"latency\",\"size\":64,\"dir\":\"002-latency-64\"},"
		"{\"item\":3,\"test\":\"b2b\",\"size\":64,\"dir\":\"003-b2b-64\"}]}\n");
	unit_write_file(dir, "campaign.jsonl",
		"{\"item\":1,\"state\":\"done\",\"result_kind\":\"measured\"}\n"
		"{\"item\":2,\"state\":\"running\"}\n"
		"{\"item\":2,\"state\":\"interrupted\",\"note\":\"SIGINT\","
		"\"throughput_kind\":\"lower_bound\"}\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), 0);
	assert_int_equal(s.nb_items, 3);
	assert_int_equal(s.nb_runs, 1);
	assert_string_equal(s.items[1].state, "interrupted");
	assert_string_equal(s.items[2].state, "");
	snprintf(dir2, sizeof(dir2), "%s/after", tmp);
	assert_int_equal(mkdir(dir2, 0755), 0);
	make_run(dir2, "tp", after, 3);
	assert_int_equal(rdoc_set_read(dir2, &t, err, sizeof(err)), 0);
	assert_int_equal(rdoc_report(&b, &o, &s, &t), 0);
	text_of(&b);
	assert_contains(b.s, "**interrupted:** item 2 (latency, 64 bytes, "
			"002-latency-64): did not complete, no result from it: SIGINT");
	assert_contains(b.s, "**lower bound:** item 2 (latency, 64 bytes) ran at "
			"a throughput that is only a lower bound");
	assert_contains(b.s, "**missing:** item 3 (b2b, 64 bytes, 003-b2b-64): "
			"never run, no record in campaign.jsonl");
	/* D = 1000 of 1000: a difference */
	assert_contains(b.s, "| throughput (frames/s) | 64 | both | 1000 (n 3) | "
			"2000 (n 3) | Difference at 95.0% confidence; ");
	strbuf_free(&b);
	/* the same set against itself: none */
	assert_int_equal(rdoc_report(&b, &o, &t, &t), 0);
	assert_contains(text_of(&b), "| No difference proven at 95.0% confidence |");
	strbuf_free(&b);
	rdoc_set_free(&t);
	rdoc_set_free(&s);
	/* a broken record: the file and line named */
	unit_write_file(dir, "campaign.jsonl",
		"{\"item\":1,\"state\":\"done\"}\n{\"item\":2,\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), -EINVAL);
	assert_contains(err, "/camp/campaign.jsonl:2: not a JSON object");
	unit_write_file(dir, "campaign.jsonl", "{\"item\":9}\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), -EINVAL);
	assert_contains(err, "campaign.jsonl:1: key 'item': not an item of campaign.json");
	assert_int_equal(rdoc_set_read("/nonexistent-dir", &s, err, sizeof(err)),
			 -EINVAL);
	assert_contains(err, "/nonexistent-dir: not a directory");
}

/* latency: TL 10, 20, 30 us in three runs (median 20, 1st 10, 99th 30),
 * one invalid run; b2b without a throughput: no corrected buffer time */
static void
report_latency_b2b(void **state)
{
	static const char lat_head[] =
		"start,no,rate_fps,frame_size_b,direction,fwd_tl_us,fwd_wcl_us,"
		"rev_tl_us,rev_wcl_us,status,reason\n";
	struct rdoc_opts o = { .fmt = RDOC_HTML, .title = "l", .conf_pct = 95 };
	struct strbuf b = { 0 };
	struct rdoc_set s;
	char dir[4200], run[4300], err[512];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/lat", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(run, sizeof(run), "%s/b-lat", dir);
	assert_int_equal(mkdir(run, 0755), 0);
	unit_write_file(run, "run.json", run_json);
	strbuf_printf(&b, "%s", lat_head);
	strbuf_printf(&b, "x,1,5000,64,f,30,40,,,pass,\n");
	strbuf_printf(&b, "x,2,5000,64,f,10,50,,,pass,\n");
	strbuf_printf(&b, "x,3,5000,64,f,20,60,,,pass,\n");
	strbuf_printf(&b, "x,4,5000,64,f,,,,,invalid,behind schedule\n");
	unit_write_file(run, "latency.csv", text_of(&b));
	b.len = 0;
	snprintf(run, sizeof(run), "%s/a-b2b", dir);
	assert_int_equal(mkdir(run, 0755), 0);
	unit_write_file(run, "run.json", run_json);
	unit_write_file(run, "b2b.csv",
		"no,row,frame_size_b,direction,repetitions,avg_frames,min_frames,"
		"max_frames,stddev_frames,burst_rate_fps,throughput_fps,"
		"implied_buffer_us,corrected_buffer_us,result\n"
		"1,summary,64,f,2,300.5,300,301,0.71,14880952,,20.194,,measured\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), 0);
	assert_int_equal(s.nb_runs, 2);
	assert_string_equal(s.runs[0].label, "a-b2b");	/* sorted */
	assert_string_equal(s.runs[1].label, "b-lat");
	assert_int_equal(rdoc_report(&b, &o, &s, NULL), 0);
	text_of(&b);
	assert_contains(b.s, "<tr><td class=\"n\">64</td><td>fwd</td>"
			"<td class=\"n\">5000</td><td class=\"n\">20</td>"
			"<td class=\"n\">10</td><td class=\"n\">30</td>"
			"<td class=\"n\">50</td><td class=\"n\">40</td>"
			"<td class=\"n\">60</td><td>measured (3); invalid (1)</td></tr>");
	/* no rev_ figures in a forward run: no rev row */
	assert_null(strstr(b.s, "<td>rev</td>"));
	assert_contains(b.s, "<td class=\"n\">300.5</td>");
	assert_contains(b.s, "<strong>missing:</strong> a-b2b: no corrected "
			"buffer time (no throughput given or measured)");
	assert_null(strstr(b.s, "id=\"throughput\""));
	strbuf_free(&b);
	rdoc_set_free(&s);
}

/* a forwarding-rate sweep (mode frate): the MFR and FRMOL table and each
 * step; an invalid step's empty forwarding rate and loss read "invalid" */
static void
report_frate(void **state)
{
	struct rdoc_opts o = { .fmt = RDOC_MARKDOWN, .title = "f",
			       .conf_pct = 95 };
	struct strbuf b = { 0 };
	struct rdoc_set s;
	char dir[4200], run[4300], err[512];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/frate", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(run, sizeof(run), "%s/bridged", dir);
	assert_int_equal(mkdir(run, 0755), 0);
	unit_write_file(run, "run.json", run_json);
	unit_write_file(run, "frate.csv",
		"start,no,step,iload_fps,frame_size_b,dir,duration_ms,sent,"
		"oload_fps,received,lost,loss_pct,fr_fps,foreign,duplicates,"
		"status\n"
		"x,1,1,620000,64,fwd,1000,620000,620000.000,620000,0,0.000000,"
		"620000.000,0,0,pass\n"
		"x,1,2,700000,64,fwd,1000,650000,650000.000,600000,,,,0,0,"
		"invalid\n"
		"x,1,3,1400000,64,fwd,1000,1400000,1400000.000,280000,1120000,"
		"80.000000,280000.000,3,0,fail\n");
	unit_write_file(run, "mfr.csv",
		"no,frame_size_b,dir,start_fps,mol_fps,step_fps,steps,mfr_fps,"
		"mfr_iload_fps,frmol_fps,result_kind\n"
		"1,64,fwd,620000,1400000,780000,3,620000.000,620000,280000.000,"
		"none\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), 0);
	assert_int_equal(rdoc_report(&b, &o, &s, NULL), 0);
	text_of(&b);
	assert_contains(b.s, "Forwarding rate (RFC 2889 5.6)");
	assert_contains(b.s, "| bridged | 64 | fwd | 620000 | 1400000 | "
			"620000.000 | 620000 | 280000.000 | none |");
	assert_contains(b.s, "| bridged | 64 | fwd | 1400000 | 1400000.000 | "
			"280000.000 | 80.000000 | 3 | fail |");
	assert_contains(b.s, "| bridged | 64 | fwd | 700000 | 650000.000 | "
			"invalid | invalid | 0 | invalid |");
	strbuf_free(&b);
	rdoc_set_free(&s);
}

/* DIR/NAME a throughput run of size_b (a mix: its run.json names it,
 * size_b its rounded mean as rate.csv writes it) with measured rates */
static void
make_sized_run(const char *dir, const char *name, long size_b,
	       const char *mix, const double *rates, size_t n)
{
	char path[4200], row[256], info[2048];
	struct strbuf b = { 0 };
	size_t i, len = strlen(run_json) - 2;	/* without "}\n" */

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(info, sizeof(info), "%.*s,\"imix\":%s}\n", (int)len, run_json,
		 mix != NULL ? mix : "null");
	unit_write_file(path, "run.json", info);
	strbuf_printf(&b, "%s", rate_head);
	for (i = 0; i < n; i++) {
		snprintf(row, sizeof(row), "%zu, %ld, b, 2, 2, 1, 9000, 300, 10, "
			 "2026-01-01 00:00:00, 9, %g, measured\n", i + 1, size_b,
			 rates[i]);
		strbuf_printf(&b, "%s", row);
	}
	unit_write_file(path, "rate.csv", text_of(&b));
	strbuf_free(&b);
}

/* A campaign with CSIT's mix beside 64 and 354 bytes: the mix's rows
 * (rate.csv Size 354, its rounded mean) are a size of their own, after
 * the fixed sizes, never mixed with the 354-byte rows; its Mb/s and
 * line rate from its mean 4246 / 12 = 353.83 B.  Known answers: 354
 * bytes median 5000 (14.160 Mb/s, line rate 1e9 / (374 * 8) = 334225
 * fps, 1.50 %); the mix median 3000 (3000 * 353.83 * 8 = 8.492 Mb/s,
 * line rate 1e9 / (373.83 * 8) = 334374 fps, 0.90 %). */
static void
report_imix(void **state)
{
	static const double r64[] = { 9000 }, r354[] = { 5100, 4900, 5000 },
			    rmix[] = { 3100, 2900, 3000 };
	static const char csit[] = "{\"name\":\"csit\",\"genome\":"
		"\"aaaaaaaxxxxg:x=570\",\"mean_l2_b\":353.8333333333333}";
	struct rdoc_opts o = { .fmt = RDOC_MARKDOWN, .title = "m",
			       .conf_pct = 95 };
	struct strbuf b = { 0 };
	struct rdoc_set s, t;
	char dir[4200], run[4300], err[512];
	const char *p64, *p354, *pmix;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/mix", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	make_sized_run(dir, "003-throughput-imix-csit", 354, csit, rmix, 3);
	make_sized_run(dir, "002-throughput-354", 354, NULL, r354, 3);
	make_sized_run(dir, "001-throughput-64", 64, NULL, r64, 1);
	unit_write_file(dir, "campaign.json",
		"{\"dutperf_version\":\"0.1.0\",\"sizes\":[64,354,\"imix:csit\"],"
		"\"items\":["
		"{\"item\":1,\"test\":\"throughput\",\"size\":64,\"dir\":\"001-throughput-64\"},"
		"{\"item\":2,\"test\":\"throughput\",\"size\":354,\"dir\":\"002-throughput-354\"},"
		"{\"item\":3,\"test\":\"throughput\",\"size\":354,\"dir\":"
		"\"003-throughput-imix-csit\",\"imix\":\"csit\"},"
		"{\"item\":4,\"test\":\"latency\",\"size\":354,\"dir\":"
		"\"004-latency-imix-csit\",\"imix\":\"csit\"}]}\n");
	unit_write_file(dir, "campaign.jsonl",
		"{\"item\":1,\"state\":\"done\",\"result_kind\":\"measured\"}\n"
		"{\"item\":2,\"state\":\"done\",\"result_kind\":\"measured\"}\n"
		"{\"item\":3,\"imix\":\"csit\",\"state\":\"done\","
		"\"result_kind\":\"measured\"}\n");
	/* latency at 354 bytes and of the mix, both frame_size_b 354 */
	snprintf(run, sizeof(run), "%s/002-throughput-354", dir);
	unit_write_file(run, "latency.csv", "start,no,rate_fps,frame_size_b,"
			"direction,fwd_tl_us,fwd_wcl_us,rev_tl_us,rev_wcl_us,"
			"status,reason\nx,1,5000,354,f,10,20,,,pass,\n");
	snprintf(run, sizeof(run), "%s/003-throughput-imix-csit", dir);
	unit_write_file(run, "latency.csv", "start,no,rate_fps,frame_size_b,"
			"direction,fwd_tl_us,fwd_wcl_us,rev_tl_us,rev_wcl_us,"
			"status,reason\nx,1,3000,354,f,50,70,,,pass,\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), 0);
	assert_int_equal(s.nb_runs, 3);
	assert_string_equal(s.runs[2].imix, "csit");
	assert_string_equal(s.runs[1].imix, "");
	assert_string_equal(s.items[3].imix, "csit");
	assert_int_equal(rdoc_report(&b, &o, &s, NULL), 0);
	text_of(&b);
	p64 = strstr(b.s, "| 64 | both | 9000 | 9000 | 9000 | 4.608 | 0.60 |");
	p354 = strstr(b.s, "| 354 | both | 5000 | 4900 | 5100 | 14.160 | 1.50 | "
		      "334225 fps (1000) | measured (3) |");
	pmix = strstr(b.s, "| IMIX csit (mean 353.83 B) | both | 3000 | 2900 | "
		      "3100 | 8.492 | 0.90 | 334374 fps (1000) | measured (3) |");
	assert_non_null(p64);
	assert_non_null(p354);
	assert_non_null(pmix);
	/* the fixed sizes ascending, then the mix */
	assert_true(p64 < p354 && p354 < pmix);
	assert_contains(b.s, "| 354 | fwd | 5000 | 10 | 10 | 10 | 20 | 20 | 20 | "
			"measured (1) |");
	assert_contains(b.s, "| IMIX csit (mean 353.83 B) | fwd | 3000 | 50 | 50 "
			"| 50 | 70 | 70 | 70 | measured (1) |");
	/* the items table and the notes name the mix */
	assert_contains(b.s, "| 4 | latency | IMIX csit | 004-latency-imix-csit | "
			"missing (never run) |");
	assert_contains(b.s, "**missing:** item 4 (latency, IMIX csit, "
			"004-latency-imix-csit): never run");
	strbuf_free(&b);
	/* before/after: the mix against the mix, 354 against 354 */
	assert_int_equal(rdoc_set_read(dir, &t, err, sizeof(err)), 0);
	assert_int_equal(rdoc_report(&b, &o, &s, &t), 0);
	text_of(&b);
	assert_contains(b.s, "| throughput (frames/s) | 354 | both | 5000 (n 3) | "
			"5000 (n 3) | No difference proven");
	assert_contains(b.s, "| throughput (frames/s) | IMIX csit (mean 353.83 B) "
			"| both | 3000 (n 3) | 3000 (n 3) | No difference proven");
	strbuf_free(&b);
	rdoc_set_free(&t);
	rdoc_set_free(&s);
	/* a run.json whose imix is no object: named */
	snprintf(dir, sizeof(dir), "%s/mix/003-throughput-imix-csit", tmp);
	unit_write_file(dir, "run.json", "{\"mode\":\"throughput\",\"imix\":\"csit\"}\n");
	snprintf(dir, sizeof(dir), "%s/mix", tmp);
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), -EINVAL);
	assert_contains(err, "003-throughput-imix-csit/run.json: the last "
			"record's key 'imix': not null nor an object");
}

/* A run.json written since issue 37 carries the mix's note, RFC 6985's
 * notation with its table: the report shows that, not the name. */
static void
report_imix_note(void **state)
{
	static const double rmix[] = { 3100, 2900, 3000 };
	static const char csit[] = "{\"name\":\"csit\",\"genome\":"
		"\"CUSTOM IMIX - AAAAAAAXXXXG\",\"note\":\"CUSTOM IMIX - "
		"AAAAAAAXXXXG (A:64 G:1518 X:570)\",\"mean_l2_b\":"
		"353.8333333333333}";
	struct rdoc_opts o = { .fmt = RDOC_MARKDOWN, .title = "m",
			       .conf_pct = 95 };
	struct strbuf b = { 0 };
	struct rdoc_set s;
	char dir[4200], err[512];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/mixnote", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	make_sized_run(dir, "run", 354, csit, rmix, 3);
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), 0);
	assert_int_equal(rdoc_report(&b, &o, &s, NULL), 0);
	text_of(&b);
	assert_contains(b.s, "| CUSTOM IMIX - AAAAAAAXXXXG (A:64 G:1518 X:570) "
			"(mean 353.83 B) | both | 3000 | 2900 | 3100 | 8.492 |");
	assert_null(strstr(b.s, "IMIX csit"));
	strbuf_free(&b);
	rdoc_set_free(&s);
}

static void
empty_dir(void **state)
{
	struct rdoc_set s;
	char dir[4200], err[512];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/empty", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), -EINVAL);
	assert_contains(err, "empty: no run.json in it or in its subdirectories");
	unit_write_file(dir, "run.json", "{\"mode\":\"x\"}\nnot json\n");
	assert_int_equal(rdoc_set_read(dir, &s, err, sizeof(err)), -EINVAL);
	assert_contains(err, "empty/run.json:2: not a JSON object");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(html_escape),
		cmocka_unit_test(md_escape),
		cmocka_unit_test(base64),
		cmocka_unit_test(table_html),
		cmocka_unit_test(table_markdown),
		cmocka_unit_test(image_and_note),
		cmocka_unit_test(report_run),
		cmocka_unit_test(report_campaign),
		cmocka_unit_test(report_latency_b2b),
		cmocka_unit_test(report_frate),
		cmocka_unit_test(report_imix),
		cmocka_unit_test(report_imix_note),
		cmocka_unit_test(report_dut),
		cmocka_unit_test(empty_dir),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

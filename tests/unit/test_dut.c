/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dut: [dut]'s plan and its errors, the counter parsers on captured
 * outputs (tests/data/dut: a /proc/stat pair whose busy shares were set by
 * hand, nstat -az, ethtool -S of a veth, ip -s -j link, sysctl, nft list
 * counters, an ovs-dpctl show as its manual prints it), bad outputs, the deltas and
 * the criterion, and running observations (snapshot, cut output, a
 * failing and a hung command, a during observation stopped with SIGINT and
 * one that ignores it).
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "dutperf/csv.h"
#include "dutperf/dut.h"
#include "unit_util.h"

UNIT_TMPDIR("test_dut")

static char *
read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Parse tests/data/dut/name with p into c. */
static void
parse_fixture(enum dut_parser p, const char *name, struct dut_counters *c)
{
	char path[512], err[512] = "";
	size_t len;
	char *text;

	snprintf(path, sizeof(path), "%s/dut/%s", TEST_DATA_DIR, name);
	text = read_all(path, &len);
	if (dut_parse(p, "x", text, len, c, err, sizeof(err)) != 0)
		fail_msg("%s: %s", name, err);
	free(text);
}

static uint64_t
value_of(const struct dut_counters *c, const char *name)
{
	const struct dut_counter *k = dut_counters_find(c, name);

	if (k == NULL)
		fail_msg("no counter %s", name);
	return k->value;
}

/* ---------------------------------------------------------------- plan */

static void
plan_cfg(struct cfg *c)
{
	cfg_defaults(c);
	c->command_timeout_s = 5;
}

static void
test_plan(void **state)
{
	struct dut_plan p;
	struct cfg c;
	char err[1024] = "";

	(void)state;
	plan_cfg(&c);
	assert_int_equal(dut_plan_from_cfg(&p, &c, err, sizeof(err)), 0);
	assert_int_equal(p.nb, 0);
	assert_false(dut_plan_telemetry(&p));
	snprintf(c.dut.obs[1].spec, sizeof(c.dut.obs[1].spec),
		 "nft:  nft list ruleset");
	c.dut.obs[1].parser = DUT_PARSER_KV;
	c.dut.obs[1].trials = DUT_TRIALS_ALL;
	snprintf(c.dut.obs[3].spec, sizeof(c.dut.obs[3].spec), "vm-1: vmstat 1");
	c.dut.obs[3].when = DUT_WHEN_DURING;
	snprintf(c.dut.criterion, sizeof(c.dut.criterion), "nft.over <= 12");
	assert_int_equal(dut_plan_from_cfg(&p, &c, err, sizeof(err)), 0);
	assert_int_equal(p.nb, 2);
	assert_string_equal(p.obs[0].name, "nft");
	assert_string_equal(p.obs[0].cmd, "nft list ruleset");
	assert_int_equal(p.obs[0].slot, 2);
	assert_string_equal(p.obs[1].name, "vm-1");
	assert_int_equal(p.obs[1].when, DUT_WHEN_DURING);
	assert_true(p.criterion);
	assert_int_equal(p.crit_obs, 0);
	assert_string_equal(p.crit_counter, "over");
	assert_int_equal(p.crit_max, 12);
	assert_string_equal(p.crit_text, "nft.over <= 12");
	assert_true(dut_plan_telemetry(&p));	/* vm-1 */
	assert_true(dut_plan_every_trial(&p));	/* nft */
	assert_true(dut_obs_in(&p.obs[0], false));
	assert_false(dut_obs_in(&p.obs[1], false));
	assert_true(dut_obs_in(&p.obs[1], true));
	/* N defaults to 0 */
	snprintf(c.dut.criterion, sizeof(c.dut.criterion), "nft.a.b");
	assert_int_equal(dut_plan_from_cfg(&p, &c, err, sizeof(err)), 0);
	assert_string_equal(p.crit_counter, "a.b");
	assert_int_equal(p.crit_max, 0);
	assert_int_equal(p.max_output_b, 1024 * 1024);
	assert_int_equal(p.timeout_s, 5);
}

/* Each bad [dut] value: -EINVAL and a message naming key and value. */
static void
test_plan_errors(void **state)
{
	static const struct {
		const char *obs1, *obs2, *criterion;
		int when1, parser1, trials1;
		const char *msg[2];
	} cases[] = {
		{ "nocolon", "", "", 0, 0, 0,
		  { "[dut] obs1 = nocolon", "not NAME: COMMAND" } },
		{ "bad name: x", "", "", 0, 0, 0,
		  { "[dut] obs1 = bad name: x", "not NAME: COMMAND" } },
		{ "a:", "", "", 0, 0, 0,
		  { "[dut] obs1 = a:", "no command" } },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: x", "", "", 0, 0, 0,
		  { "[dut] obs1", "longer than 31" } },
		{ "a: x", "a: y", "", 0, 0, 0,
		  { "[dut] obs2 = a: y", "obs1's too" } },
		{ "a: x", "", "", DUT_WHEN_DURING, DUT_PARSER_CPU, 0,
		  { "[dut] obs1_parser = cpu", "obs1_when is during" } },
		{ "a: x", "", "b.c", 0, DUT_PARSER_KV, DUT_TRIALS_ALL,
		  { "[dut] criterion = b.c", "no observation named b" } },
		{ "a: x", "", "a", 0, DUT_PARSER_KV, DUT_TRIALS_ALL,
		  { "[dut] criterion = a", "not OBS.COUNTER" } },
		{ "a: x", "", "a.c <= x", 0, DUT_PARSER_KV, DUT_TRIALS_ALL,
		  { "[dut] criterion = a.c <= x", "not an unsigned integer" } },
		{ "a: x", "", "a.c <= 5x", 0, DUT_PARSER_KV, DUT_TRIALS_ALL,
		  { "criterion", "not an unsigned integer" } },
		{ "a: x", "", "a.c junk", 0, DUT_PARSER_KV, DUT_TRIALS_ALL,
		  { "criterion", "not OBS.COUNTER [<= N]" } },
		{ "a: x", "", "a.c", 0, DUT_PARSER_KV, DUT_TRIALS_RESULT,
		  { "[dut] criterion = a.c", "obs1_trials = all" } },
		{ "a: x", "", "a.c", 0, DUT_PARSER_NONE, DUT_TRIALS_ALL,
		  { "[dut] criterion = a.c", "obs1_parser not none" } },
	};
	struct dut_plan p;
	struct cfg c;
	char err[1024];
	unsigned i, k;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		plan_cfg(&c);
		snprintf(c.dut.obs[0].spec, sizeof(c.dut.obs[0].spec), "%s",
			 cases[i].obs1);
		snprintf(c.dut.obs[1].spec, sizeof(c.dut.obs[1].spec), "%s",
			 cases[i].obs2);
		snprintf(c.dut.criterion, sizeof(c.dut.criterion), "%s",
			 cases[i].criterion);
		c.dut.obs[0].when = cases[i].when1;
		c.dut.obs[0].parser = cases[i].parser1;
		c.dut.obs[0].trials = cases[i].trials1;
		err[0] = '\0';
		assert_int_equal(dut_plan_from_cfg(&p, &c, err, sizeof(err)),
				 -EINVAL);
		assert_int_equal(dut_check(&c, err, sizeof(err)), -EINVAL);
		for (k = 0; k < 2; k++)
			assert_contains(err, cases[i].msg[k]);
	}
}

/* An INI [dut] section through the key table: values and a bad enum. */
static void
test_ini(void **state)
{
	const char *path;
	struct cfg c;
	char err[1024] = "";

	(void)state;
	path = unit_write_file(tmpdir, "dut.ini", "[dut]\n"
			       "obs3 = cpu: cat /proc/stat\n"
			       "obs3_parser = cpu\nobs3_trials = all\n"
			       "max_output_kb = 8\nrequired = 1\n"
			       "criterion = \"cpu.ctxt <= 100\"\n");
	cfg_defaults(&c);
	if (cfg_load_ini(&c, path, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_string_equal(c.dut.obs[2].spec, "cpu: cat /proc/stat");
	assert_int_equal(c.dut.obs[2].parser, DUT_PARSER_CPU);
	assert_int_equal(c.dut.obs[2].trials, DUT_TRIALS_ALL);
	assert_int_equal(c.dut.max_output_kb, 8);
	assert_true(c.dut.required);
	assert_int_equal(dut_check(&c, err, sizeof(err)), 0);
	path = unit_write_file(tmpdir, "dut_bad.ini", "[dut]\n"
			       "obs1_parser = perf\n");
	cfg_defaults(&c);
	assert_int_not_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_contains(err, "[dut] obs1_parser = \"perf\"");
	path = unit_write_file(tmpdir, "dut_bad2.ini", "[dut]\n"
			       "obs7 = a: b\n");
	assert_int_not_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_contains(err, "obs7");
	assert_contains(err, "unknown key");
}

/* ------------------------------------------------------------- parsers */

static int
collect_row(const struct dut_row *row, void *arg)
{
	struct dut_row *rows = arg;
	unsigned i;

	for (i = 0; rows[i].counter != NULL; i++)
		;
	rows[i] = *row;
	rows[i].counter = strdup(row->counter);
	return 0;
}

static const struct dut_row *
row_of(const struct dut_row *rows, const char *counter)
{
	unsigned i;

	for (i = 0; rows[i].counter != NULL; i++)
		if (strcmp(rows[i].counter, counter) == 0)
			return &rows[i];
	fail_msg("no row %s", counter);
	return NULL;
}

static void
free_rows(struct dut_row *rows)
{
	unsigned i;

	for (i = 0; rows[i].counter != NULL; i++)
		free((char *)(uintptr_t)rows[i].counter);
}

/* The /proc/stat pair: cpu0 30 busy and 90 idle jiffies (25 %; 7 of
 * guest time inside user, not twice), cpu1 75 softirq and 25 idle +
 * iowait (75 %), the total 105 of 220 (47.7 %), ctxt + 1000. */
static void
test_cpu(void **state)
{
	struct dut_counters b = { 0 }, a = { 0 };
	struct dut_row row = { .trial = 3 }, rows[64];

	(void)state;
	memset(rows, 0, sizeof(rows));
	parse_fixture(DUT_PARSER_CPU, "proc_stat.before", &b);
	parse_fixture(DUT_PARSER_CPU, "proc_stat.after", &a);
	/* cpu0 of the capture: 49390 5393 20117 27575 54 0 74 0 0 0 */
	assert_int_equal(value_of(&b, "cpu0.busy"), 49390 + 5393 + 20117 + 74);
	assert_int_equal(value_of(&b, "cpu0.idle"), 27575 + 54);
	assert_int_equal(value_of(&b, "ctxt"), 1023471);
	assert_true(dut_counters_find(&b, "btime") == NULL);
	assert_int_equal(dut_deltas(&row, &b, &a, 2.0, collect_row, rows), 0);
	assert_int_equal((int)row_of(rows, "cpu0.busy")->delta, 30);
	assert_true(row_of(rows, "cpu0.busy")->has_busy);
	assert_float_equal(row_of(rows, "cpu0.busy")->busy_pct, 25.0, 1e-9);
	assert_float_equal(row_of(rows, "cpu1.busy")->busy_pct, 75.0, 1e-9);
	assert_float_equal(row_of(rows, "cpu.busy")->busy_pct,
			   100.0 * 105 / 220, 1e-9);
	assert_false(row_of(rows, "cpu0.idle")->has_busy);
	assert_float_equal(row_of(rows, "ctxt")->rate_per_s, 500.0, 1e-9);
	assert_int_equal(row_of(rows, "ctxt")->trial, 3);
	free_rows(rows);
	dut_counters_free(&a);
	dut_counters_free(&b);
}

static void
test_formats(void **state)
{
	struct dut_counters c = { 0 };

	(void)state;
	parse_fixture(DUT_PARSER_NSTAT, "nstat.txt", &c);
	assert_int_equal(c.n, 395);	/* every line but "#kernel" */
	assert_int_equal(value_of(&c, "IpInReceives"), 3848);
	assert_int_equal(value_of(&c, "IpForwDatagrams"), 0);
	parse_fixture(DUT_PARSER_ETHTOOL, "ethtool_veth.txt", &c);
	assert_int_equal(value_of(&c, "peer_ifindex"), 2);
	assert_int_equal(value_of(&c, "rx_queue_0_drops"), 0);
	assert_true(dut_counters_find(&c, "NIC statistics") == NULL);
	parse_fixture(DUT_PARSER_IPLINK, "iplink.json", &c);
	assert_int_equal(value_of(&c, "va.tx.packets"), 3);
	assert_int_equal(value_of(&c, "vb.tx.packets"), 2);
	assert_int_equal(value_of(&c, "vb.rx.bytes"), 266);
	assert_int_equal(value_of(&c, "lo.rx.dropped"), 0);
	assert_int_equal(c.n, 3 * 12);	/* 6 rx and 6 tx a link */
	parse_fixture(DUT_PARSER_KV, "sysctl.txt", &c);
	assert_int_equal(c.n, 3);
	assert_int_equal(value_of(&c, "net.netfilter.nf_conntrack_count"), 4000);
	assert_int_equal(value_of(&c, "net.core.netdev_max_backlog"), 1000);
	parse_fixture(DUT_PARSER_OVS, "ovs_dpctl_show.txt", &c);
	assert_int_equal(value_of(&c, "lookups.lost"), 3);
	assert_int_equal(value_of(&c, "lookups.missed"), 54);
	assert_int_equal(value_of(&c, "flows"), 3);
	assert_int_equal(value_of(&c, "masks.total"), 2);
	assert_int_equal(value_of(&c, "cache.hit"), 1791);
	assert_int_equal(value_of(&c, "masks-cache.size"), 256);
	assert_int_equal(value_of(&c, "br0.rx.dropped"), 2);
	assert_int_equal(value_of(&c, "br0.rx.bytes"), 1234);
	assert_int_equal(value_of(&c, "br0.tx.bytes"), 560);
	assert_int_equal(value_of(&c, "br0.collisions"), 0);
	assert_int_equal(value_of(&c, "ovs-system.tx.carrier"), 0);
	assert_true(dut_counters_find(&c, "masks.hit/pkt") == NULL);
	assert_true(dut_counters_find(&c, "cache.hit-rate") == NULL);
	/* nft list counters of testbed.sh's limits (counts edited in) */
	parse_fixture(DUT_PARSER_NFT, "nft_counters.txt", &c);
	assert_int_equal(c.n, 8);
	assert_int_equal(value_of(&c, "fwd_drop.packets"), 12);
	assert_int_equal(value_of(&c, "fwd_pass.bytes"), 64000);
	assert_int_equal(value_of(&c, "rev_pass.packets"), 7);
	assert_int_equal(dut_parse(DUT_PARSER_NONE, "x", "junk", 4, &c, NULL,
				   0), 0);
	assert_int_equal(c.n, 0);
	dut_counters_free(&c);
}

/* Bad output: -EINVAL, the observation, the parser and the line named. */
static void
test_bad_output(void **state)
{
	static const struct {
		enum dut_parser p;
		const char *text, *msg;
	} cases[] = {
		{ DUT_PARSER_NSTAT, "#kernel\nIpInReceives 12 0.0\nIpX abc 0.0\n",
		  "output line 3 \"IpX abc 0.0\": not NAME VALUE" },
		{ DUT_PARSER_NSTAT, "A 1\nA 2\n", "output line 2 \"A 2\": "
		  "counter A twice" },
		{ DUT_PARSER_KV, "a = 1\nb = -1\n", "output line 2 \"b = -1\"" },
		{ DUT_PARSER_KV, "a = 99999999999999999999\n",
		  "not an unsigned integer" },
		{ DUT_PARSER_KV, "a b = 1\n", "a blank in the counter name" },
		{ DUT_PARSER_KV, "a,b = 1\n", "a comma or a quote" },
		{ DUT_PARSER_ETHTOOL, "NIC statistics:\n  rx: 1\n  tx 2\n",
		  "output line 3 \"  tx 2\": not name: value" },
		{ DUT_PARSER_CPU, "cpu0 1 2 3\n", "not 4 to 10 jiffy counts" },
		{ DUT_PARSER_CPU, "cpu 1 2 3 4\ncpux 1 2 3 4\n",
		  "output line 2 \"cpux 1 2 3 4\": not cpu or cpuN" },
		{ DUT_PARSER_OVS, "  lookups: hit:1\n", "output line 1" },
		{ DUT_PARSER_OVS, "dp@x:\n  lookups: hit:x\n",
		  "a value is not an unsigned integer" },
		{ DUT_PARSER_NFT, "table inet t {\n\tpackets 1 bytes 2\n",
		  "output line 2" },
		{ DUT_PARSER_NFT, "counter a {\npackets 1 bytes x\n",
		  "not packets N bytes M" },
		{ DUT_PARSER_IPLINK, "[{\"ifname\": \"a\"", "not JSON" },
		{ DUT_PARSER_IPLINK, "{}", "not a JSON array" },
		{ DUT_PARSER_IPLINK, "[{\"ifname\": \"a\"}]", "no stats64" },
	};
	struct dut_counters c = { 0 };
	char err[512];
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		if (dut_parse(cases[i].p, "nft", cases[i].text,
			      strlen(cases[i].text), &c, err, sizeof(err)) !=
		    -EINVAL)
			fail_msg("case %u: not -EINVAL: %s", i, err);
		assert_contains(err, "[dut] observation nft (parser ");
		assert_contains(err, dut_parser_name(cases[i].p));
		assert_contains(err, cases[i].msg);
	}
	/* a NUL byte in the output */
	assert_int_equal(dut_parse(DUT_PARSER_KV, "nft", "a = 1\nb\0 = 2\n", 12,
				   &c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "output line 2");
	assert_contains(err, "a NUL byte");
	dut_counters_free(&c);
}

/* An output cut anywhere (max_output_kb, a killed command): each prefix
 * of each capture parses, or fails with a message naming the observation;
 * never more counters than the whole output has. */
static void
test_cut_outputs(void **state)
{
	static const struct {
		enum dut_parser p;
		const char *name;
	} caps[] = {
		{ DUT_PARSER_CPU, "proc_stat.after" },
		{ DUT_PARSER_NSTAT, "nstat.txt" },
		{ DUT_PARSER_ETHTOOL, "ethtool_veth.txt" },
		{ DUT_PARSER_IPLINK, "iplink.json" },
		{ DUT_PARSER_KV, "sysctl.txt" },
		{ DUT_PARSER_OVS, "ovs_dpctl_show.txt" },
		{ DUT_PARSER_NFT, "nft_counters.txt" },
	};
	struct dut_counters c = { 0 };
	char path[512], err[512];
	size_t i, len, cut, whole;
	char *text;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		snprintf(path, sizeof(path), "%s/dut/%s", TEST_DATA_DIR,
			 caps[i].name);
		text = read_all(path, &len);
		assert_int_equal(dut_parse(caps[i].p, "o", text, len, &c, err,
					   sizeof(err)), 0);
		whole = c.n;
		for (cut = 0; cut < len; cut += 1 + cut / 40) {
			err[0] = '\0';
			rc = dut_parse(caps[i].p, "o", text, cut, &c, err,
				       sizeof(err));
			if (rc == 0)
				assert_true(c.n <= whole);
			else if (rc != -EINVAL || strstr(err, "[dut] observation o "
							 "(parser ") == NULL)
				fail_msg("%s cut at %zu: %d %s", caps[i].name, cut,
					 rc, err);
		}
		free(text);
	}
	dut_counters_free(&c);
}

/* Deltas of counters in both snapshots; a counter that fell; the
 * criterion within N, above it, and missing. */
static void
test_deltas_criterion(void **state)
{
	const char *b_text = "a = 10\nb = 5\ngone = 1\nover = 100\n";
	const char *a_text = "over = 107\nb = 3\na = 25\nnew = 4\n";
	struct dut_counters b = { 0 }, a = { 0 };
	struct dut_row row = { 0 }, rows[16];
	struct dut_plan p;
	struct cfg c;
	char err[512];
	double delta;
	bool ok;

	(void)state;
	memset(rows, 0, sizeof(rows));
	assert_int_equal(dut_parse(DUT_PARSER_KV, "k", b_text, strlen(b_text),
				   &b, err, sizeof(err)), 0);
	assert_int_equal(dut_parse(DUT_PARSER_KV, "k", a_text, strlen(a_text),
				   &a, err, sizeof(err)), 0);
	assert_int_equal(dut_deltas(&row, &b, &a, 0.5, collect_row, rows), 0);
	/* in the order of after, those of both only */
	assert_string_equal(rows[0].counter, "over");
	assert_string_equal(rows[1].counter, "b");
	assert_string_equal(rows[2].counter, "a");
	assert_null(rows[3].counter);
	assert_float_equal(rows[0].delta, 7, 0);
	assert_float_equal(rows[1].delta, -2, 0);
	assert_float_equal(rows[2].rate_per_s, 30, 1e-9);
	assert_int_equal(rows[2].before, 10);
	assert_int_equal(rows[2].after, 25);
	free_rows(rows);

	plan_cfg(&c);
	snprintf(c.dut.obs[0].spec, sizeof(c.dut.obs[0].spec), "k: x");
	c.dut.obs[0].parser = DUT_PARSER_KV;
	c.dut.obs[0].trials = DUT_TRIALS_ALL;
	snprintf(c.dut.criterion, sizeof(c.dut.criterion), "k.over <= 7");
	assert_int_equal(dut_plan_from_cfg(&p, &c, err, sizeof(err)), 0);
	assert_int_equal(dut_criterion_judge(&p, &b, &a, &delta, &ok, err,
					     sizeof(err)), 0);
	assert_float_equal(delta, 7, 0);
	assert_true(ok);
	p.crit_max = 6;
	assert_int_equal(dut_criterion_judge(&p, &b, &a, &delta, &ok, err,
					     sizeof(err)), 0);
	assert_false(ok);
	snprintf(p.crit_counter, sizeof(p.crit_counter), "new");
	assert_int_equal(dut_criterion_judge(&p, &b, &a, &delta, &ok, err,
					     sizeof(err)), -ENOENT);
	assert_contains(err, "observation k printed no counter new before");
	dut_counters_free(&a);
	dut_counters_free(&b);
}

/* A dut.csv row through its column table. */
static void
test_row(void **state)
{
	struct dut_row r = { .trial = 4, .search = 1, .iteration = 3,
			     .phase = "telemetry", .rate_fps = 9000,
			     .observation = "cpu",
			     .counter = "cpu1.busy", .has_values = true,
			     .before = 10, .after = 40, .delta = 30,
			     .interval_s = 1.5, .rate_per_s = 20,
			     .has_busy = true, .busy_pct = 75, .error = "" };
	char line[REPORT_LINE_MAX];

	(void)state;
	assert_true(report_header(&dut_table, line, sizeof(line)) > 0);
	assert_string_equal(line, "trial,search,iteration,phase,rate_fps,"
			    "observation,"
			    "counter,before,after,delta,interval_s,rate_per_second,"
			    "busy_pct,error");
	assert_true(report_row(&dut_table, &r, line, sizeof(line)) > 0);
	assert_string_equal(line, "4,1,3,telemetry,9000,cpu,cpu1.busy,10,40,30,"
			    "1.500,20.0,75.0,\"\"");
	r = (struct dut_row){ .trial = 2, .phase = "trial",
			      .observation = "nft", .counter = "",
			      .error = "[dut] obs1 (nft) = \"false\": exit "
				       "status 1; no output" };
	assert_true(report_row(&dut_table, &r, line, sizeof(line)) > 0);
	assert_contains(line, "2,0,0,trial,0,nft,,,,,,,,");
	assert_contains(line, "exit status 1");
}

/* ------------------------------------------------------------- running */

static void
run_plan(struct dut_plan *p, struct dut_obs *o, const char *cmd)
{
	memset(p, 0, sizeof(*p));
	p->nb = 1;
	p->max_output_b = 1024;
	p->timeout_s = 1;
	memset(o, 0, sizeof(*o));
	snprintf(o->name, sizeof(o->name), "obs");
	o->cmd = cmd;
	o->slot = 2;
}

static void
test_run_snapshot(void **state)
{
	struct dut_capture cap;
	struct dut_plan p;
	struct dut_obs o;
	char path[512], err[512] = "", *text, *file;
	size_t len, flen;

	(void)state;
	run_plan(&p, &o, "printf 'a = 1\\nb = 2\\n'");
	snprintf(path, sizeof(path), "%s/d/1/obs.before.txt", tmpdir);
	snprintf(err, sizeof(err), "%s/d/1", tmpdir);
	assert_int_equal(csv_mkdirs(err, err, sizeof(err)), 0);
	assert_int_equal(dut_run_snapshot(&p, &o, path, NULL, &cap, &text, &len,
					  err, sizeof(err)), 0);
	assert_true(cap.ok);
	assert_false(cap.truncated);
	assert_int_equal(len, 12);
	assert_memory_equal(text, "a = 1\nb = 2\n", 12);
	free(text);
	file = read_all(path, &flen);
	assert_string_equal(file, "a = 1\nb = 2\n");
	free(file);
	assert_true(cap.end_ns > cap.start_ns);

	/* cut at max_output_b, the cut noted */
	run_plan(&p, &o, "yes 0123456789 | head -c 5000");
	p.max_output_b = 100;
	assert_int_equal(dut_run_snapshot(&p, &o, path, NULL, &cap, NULL, NULL,
					  err, sizeof(err)), 0);
	assert_true(cap.ok);
	assert_true(cap.truncated);
	assert_int_equal(cap.written_b, 100);
	file = read_all(path, &flen);
	assert_int_equal(strncmp(file, "0123456789\n", 11), 0);
	assert_contains(file + 100, "[dutperf: output cut at 0 KiB");
	free(file);
	/* a parser reads it up to its last whole line: 6 lines of 15
	 * bytes, not the 10 bytes of the 7th ("a = 123456" would read) */
	run_plan(&p, &o, "yes 'a = 1234567890' | head -c 5000");
	p.max_output_b = 100;
	assert_int_equal(dut_run_snapshot(&p, &o, path, NULL, &cap, &text, &len,
					  err, sizeof(err)), 0);
	assert_true(cap.truncated);
	assert_int_equal(len, 90);
	assert_int_equal(text[89], '\n');
	free(text);

	/* failing: recorded, named */
	run_plan(&p, &o, "echo broken; exit 3");
	assert_int_equal(dut_run_snapshot(&p, &o, path, NULL, &cap, &text, &len,
					  err, sizeof(err)), 0);
	assert_false(cap.ok);
	assert_null(text);
	assert_contains(cap.error, "[dut] obs2 (obs) = \"echo broken; exit 3\": "
			"exit status 3; last output: \"broken\"");

	/* cannot write its file */
	assert_int_equal(dut_run_snapshot(&p, &o, "/nonexistent/x/y", NULL,
					  &cap, NULL, NULL, err, sizeof(err)),
			 -ENOENT);
	assert_contains(err, "/nonexistent/x/y: cannot create");
}

/* Is pid running (a zombie is not)? */
static bool
alive(pid_t pid)
{
	char path[64], buf[256], *rp;
	FILE *f;
	bool run = false;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return false;
	if (fgets(buf, sizeof(buf), f) != NULL) {
		rp = strrchr(buf, ')');
		run = rp != NULL && rp[1] == ' ' && rp[2] != 'Z' && rp[2] != 'X';
	}
	fclose(f);
	return run;
}

/* A hung observation: killed at [commands] timeout_s, its group gone. */
static void
test_run_hung(void **state)
{
	struct dut_capture cap;
	struct dut_plan p;
	struct dut_obs o;
	char path[512], cmd[600], err[512] = "", pid_path[512], *file;
	struct timespec tick = { 0, 10000000 };
	size_t flen;
	unsigned i;
	long pid;

	(void)state;
	snprintf(pid_path, sizeof(pid_path), "%s/hung.pid", tmpdir);
	snprintf(cmd, sizeof(cmd), "sleep 30 & echo $! > %s; wait", pid_path);
	run_plan(&p, &o, cmd);
	snprintf(path, sizeof(path), "%s/hung.txt", tmpdir);
	assert_int_equal(dut_run_snapshot(&p, &o, path, NULL, &cap, NULL, NULL,
					  err, sizeof(err)), 0);
	assert_false(cap.ok);
	assert_contains(cap.error, "[dut] obs2 (obs) = \"sleep 30 &");
	assert_contains(cap.error, "no end within its timeout of 1 s "
			"([commands] timeout_s)");
	assert_true(cap.end_ns - cap.start_ns < 4000000000ULL);
	file = read_all(pid_path, &flen);
	pid = strtol(file, NULL, 10);
	free(file);
	assert_true(pid > 0);
	/* the sleep is gone (or a zombie: init may be slow to reap it) */
	for (i = 0; i < 100 && alive((pid_t)pid); i++)
		nanosleep(&tick, NULL);
	assert_false(alive((pid_t)pid));
}

/* A during observation: lines as they come, SIGINT at the stop; one
 * ignoring SIGINT gets SIGKILL; one that ends early is a failure. */
static void
test_during(void **state)
{
	struct timespec half = { 0, 500000000 };
	struct dut_during *d;
	struct dut_capture cap;
	struct dut_plan p;
	struct dut_obs o;
	char path[512], err[512] = "", *file;
	unsigned lines = 0;
	size_t flen, i;
	uint64_t t0;

	(void)state;
	snprintf(path, sizeof(path), "%s/obs.during.txt", tmpdir);
	run_plan(&p, &o, "trap 'echo got-int; exit 0' INT; "
		 "while :; do echo tick; sleep 0.1; done");
	p.max_output_b = 65536;
	assert_int_equal(dut_during_start(&p, &o, path, 10, &d, err,
					  sizeof(err)), 0);
	nanosleep(&half, NULL);
	/* written as it comes: the file holds lines before the stop */
	file = read_all(path, &flen);
	assert_true(flen > 0);
	free(file);
	nanosleep(&half, NULL);
	dut_during_stop(d, &cap);
	assert_true(cap.ok);
	file = read_all(path, &flen);
	for (i = 0; i < flen; i++)
		lines += file[i] == '\n';
	/* about 10 ticks in 1 s on a loaded machine, then SIGINT's trap */
	assert_true(lines >= 4 && lines <= 14);
	assert_contains(file, "tick\n");
	assert_contains(file, "got-int\n");
	free(file);

	run_plan(&p, &o, "trap '' INT; while :; do sleep 0.1; done");
	assert_int_equal(dut_during_start(&p, &o, path, 10, &d, err,
					  sizeof(err)), 0);
	nanosleep(&half, NULL);
	t0 = (uint64_t)time(NULL);
	dut_during_stop(d, &cap);
	assert_true(cap.ok);	/* stopped: its end */
	assert_true((uint64_t)time(NULL) - t0 <= 3);

	run_plan(&p, &o, "exit 0");
	assert_int_equal(dut_during_start(&p, &o, path, 10, &d, err,
					  sizeof(err)), 0);
	nanosleep(&half, NULL);
	dut_during_stop(d, &cap);
	assert_false(cap.ok);
	assert_contains(cap.error, "ended (exit status 0) before the trial did");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_plan_errors),
		cmocka_unit_test(test_ini),
		cmocka_unit_test(test_cpu),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_bad_output),
		cmocka_unit_test(test_cut_outputs),
		cmocka_unit_test(test_deltas_criterion),
		cmocka_unit_test(test_row),
		cmocka_unit_test(test_run_snapshot),
		cmocka_unit_test(test_run_hung),
		cmocka_unit_test(test_during),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

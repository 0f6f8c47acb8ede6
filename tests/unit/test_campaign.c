/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the campaign core (campaign.h): the [campaign] values
 * (presets, order, errors), the plan's items, the throughput read from a
 * rate.csv and carried into each item's configuration (rate_fps, the
 * loss rates from it upward, b2b's and recovery's throughput, a lower
 * bound or a missing one said so), the wall-time bound against a count
 * made by hand, and the record written and read back for --resume (a
 * cut last line ignored, the last state of an item counting, a plan
 * that differs refused).  Every expected value is written down here.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cli.h"
#include "dutperf/campaign.h"
#include "dutperf/cfg.h"
#include "dutperf/sweep.h"
#include "unit_util.h"

UNIT_TMPDIR("test_campaign")

static void
sizes_are(const char *s, unsigned jumbo, const uint32_t *want, unsigned n)
{
	uint32_t got[CAMPAIGN_MAX_SIZES];
	char why[256];
	unsigned nb, i;

	if (campaign_parse_sizes(s, jumbo, NULL, got, NULL, &nb, why, sizeof(why)) != 0)
		fail_msg("%s: %s", s, why);
	assert_int_equal(nb, n);
	for (i = 0; i < n; i++)
		assert_int_equal(got[i], want[i]);
}

static void
sizes_bad(const char *s, unsigned jumbo, const char *text)
{
	uint32_t got[CAMPAIGN_MAX_SIZES];
	char why[256];
	unsigned nb;

	assert_int_equal(campaign_parse_sizes(s, jumbo, NULL, got, NULL, &nb, why, sizeof(why)),
			 -EINVAL);
	assert_contains(why, text);
}

static void
test_sizes(void **state)
{
	static const uint32_t rfc2544[] = { 64, 128, 256, 512, 1024, 1280, 1518 };
	static const uint32_t rfc5180[] = { 78, 128, 256, 512, 1024, 1280, 1518 };
	/* RFC 5180 5.1.1's jumbo examples: 4096, 8192, 9216 (2048 is no
	 * jumbo size there) */
	static const uint32_t jumbo[] = { 64, 128, 256, 512, 1024, 1280, 1518,
					  4096, 8192, 9216 };
	static const uint32_t jumbo5180[] = { 78, 128, 256, 512, 1024, 1280,
					      1518, 4096, 8192, 9216 };
	/* RFC 8219 5.1.1: 64 128 256 512 768 1024 1280 1518 1522 2048 4096
	 * 8192 9216, 84 for 64 (IPv6 -> IPv4), 1522 (tagged) only with a
	 * VLAN tag */
	static const uint32_t rfc8219[] = { 84, 128, 256, 512, 768, 1024, 1280,
					    1518 };
	static const uint32_t jumbo8219[] = { 84, 128, 256, 512, 768, 1024,
					      1280, 1518, 2048, 4096, 8192,
					      9216 };
	static const uint32_t mixed[] = { 64, 128, 1518 };
	/* a VLAN-tagged port: RFC 5180 5.1.1's and RFC 8219 5.1.1's 1522 */
	static const uint32_t tag5180[] = { 78, 128, 256, 512, 1024, 1280,
					    1518, 1522 };
	static const uint32_t tag8219[] = { 84, 128, 256, 512, 768, 1024,
					    1280, 1518, 1522 };
	static const uint32_t one1522[] = { 64, 1522 };

	(void)state;
	sizes_are("rfc2544", false, rfc2544, 7);
	sizes_are("rfc5180", false, rfc5180, 7);
	sizes_are("rfc2544", true, jumbo, 10);
	sizes_are("rfc5180", true, jumbo5180, 10);
	sizes_are("rfc8219", false, rfc8219, 8);
	sizes_are("rfc8219", true, jumbo8219, 12);
	sizes_are("1518, 64 128", false, mixed, 3);
	sizes_are("rfc5180", CAMPAIGN_SIZES_TAGGED, tag5180, 8);
	sizes_are("rfc8219", CAMPAIGN_SIZES_TAGGED, tag8219, 9);
	sizes_are("rfc2544", CAMPAIGN_SIZES_TAGGED, rfc2544, 7);
	sizes_are("1522 64", CAMPAIGN_SIZES_TAGGED, one1522, 2);
	sizes_bad("1522", false, "\"1522\": out of range 64..1518; above 1518 "
		  "needs [traffic] jumbo = 1 (1522 with a VLAN tag)");
	sizes_bad("1523", CAMPAIGN_SIZES_TAGGED, "out of range 64..1522; above "
		  "1522 needs [traffic] jumbo = 1");
	sizes_bad("64 64", false, "size 64 named twice");
	sizes_bad("rfc2544 128", false, "size 128 named twice");
	sizes_bad("64 2000", false, "\"2000\": out of range 64..1518; above "
		  "1518 needs [traffic] jumbo = 1 (1522 with a VLAN tag)");
	sizes_bad("63", false, "out of range 64..1518");
	sizes_bad("rfc9999", false, "\"rfc9999\": not an unsigned decimal");
	sizes_bad("", false, "no size named");
}

/* imix:GENOME beside fixed sizes: after them, in the order given, each
 * with its mean rounded (CSIT's 4246 B / 12 = 353.83 -> 354; "ag":
 * (64 + 1518) / 2 = 791); a mix named twice (a preset and its genome
 * too) and bad genomes refused with the genome parser's reason. */
static void
test_sizes_imix(void **state)
{
	uint32_t got[CAMPAIGN_MAX_SIZES];
	char mix[CAMPAIGN_MAX_SIZES][IMIX_TEXT_MAX], why[512];
	uint64_t g[CAMPAIGN_MAX_SIZES];
	struct imix_env env = { .sizes = "A:64 X:570 G:1518 H:2000",
				.mtu_b = 1518 };
	unsigned nb;

	(void)state;
	assert_int_equal(campaign_parse_sizes("imix:csit 1518, 64 imix:ag", false,
					      NULL, got, mix, &nb, why,
					      sizeof(why)), 0);
	assert_int_equal(nb, 4);
	assert_int_equal(got[0], 64);
	assert_string_equal(mix[0], "");
	assert_int_equal(got[1], 1518);
	assert_string_equal(mix[1], "");
	assert_int_equal(got[2], 354);
	assert_string_equal(mix[2], "csit");
	assert_int_equal(got[3], 791);
	assert_string_equal(mix[3], "ag");
	/* a custom IMIX (RFC 6985 5): its sizes from env (imix_sizes) */
	assert_int_equal(campaign_parse_sizes("imix:AAAAAAAXXXXG", false, &env,
					      got, mix, &nb, why, sizeof(why)), 0);
	assert_int_equal(nb, 1);
	assert_int_equal(got[0], 354);
	assert_string_equal(mix[0], "AAAAAAAXXXXG");
	/* the mix's own size and a fixed one of the same value: two sizes */
	assert_int_equal(campaign_parse_sizes("354 imix:csit", false, NULL, got,
					      mix, &nb, why, sizeof(why)), 0);
	assert_int_equal(nb, 2);
	assert_int_equal(got[0], 354);
	assert_int_equal(got[1], 354);
	assert_int_equal(campaign_parse_sizes("imix:csit imix:AAAAAAAXXXXG",
					      false, &env, got, mix, &nb, why,
					      sizeof(why)), -EINVAL);
	assert_contains(why, "\"imix:AAAAAAAXXXXG\": the mix csit named twice "
			"(genome CUSTOM IMIX - AAAAAAAXXXXG)");
	/* RFC 6985 6.2's table as one word: mean (23 x 82 + 67 x 146 + 10 x
	 * 1018) / 100 = 218.48 -> 218 */
	assert_int_equal(campaign_parse_sizes("64 imix:proportions:82:23+146:67"
					      "+1018:10", false, NULL, got,
					      mix, &nb, why, sizeof(why)), 0);
	assert_int_equal(nb, 2);
	assert_int_equal(got[1], 218);
	assert_string_equal(mix[1], "proportions:82:23+146:67+1018:10");
	sizes_bad("imix:nope", false, "\"imix:nope\": 'n' at 1: not an RFC 6985 "
		  "letter");
	sizes_bad("imix:", false, "\"imix:\": no sequence");
	/* the old form: refused with its RFC spelling */
	sizes_bad("imix:aaaaaaaxxxxg:x=570", false, "write AAAAAAAXXXXG with "
		  "the sizes A:64 G:1518 X:570");
	assert_int_equal(campaign_parse_sizes("imix:AH", false, &env, got, mix,
					      &nb, why, sizeof(why)), -EINVAL);
	assert_contains(why, "H (2000 bytes): outside 64..1518 bytes");
	assert_int_equal(campaign_parse_sizes("imix:AH", true, &env, got, mix,
					      &nb, why, sizeof(why)), 0);
	assert_int_equal(got[0], 1032);
	/* z: the MTU from env */
	assert_int_equal(campaign_parse_sizes("imix:az", false, &env, got, mix,
					      &nb, why, sizeof(why)), 0);
	assert_int_equal(got[0], 791);

	/* throughput_fps for a mix: imix:GENOME:FPS, the last colon */
	assert_int_equal(campaign_parse_sizes("64 imix:csit imix:AAAAXG",
					      false, &env, got, mix, &nb, why,
					      sizeof(why)), 0);
	assert_int_equal(campaign_parse_throughput("imix:csit:700 64:900 "
						   "imix:AAAAXG:800", got,
						   mix, nb, g, why, sizeof(why)),
			 0);
	assert_int_equal(g[0], 900);
	assert_int_equal(g[1], 700);
	assert_int_equal(g[2], 800);
	assert_int_equal(campaign_parse_throughput("imix:ag:5", got, mix, nb, g,
						   why, sizeof(why)), -EINVAL);
	assert_contains(why, "imix:ag: not one of [campaign] sizes");
	/* 354, the mix's rounded mean, is no fixed size of this plan */
	assert_int_equal(campaign_parse_throughput("354:5", got, mix, nb, g,
						   why, sizeof(why)), -EINVAL);
	assert_contains(why, "size 354: not one of [campaign] sizes");
}

static void
test_tests_and_directions(void **state)
{
	enum campaign_test t[CAMPAIGN_NB_TESTS];
	enum cfg_direction d;
	char why[256];
	unsigned nb;
	bool set;

	(void)state;
	/* the throughput first whatever the order given */
	assert_int_equal(campaign_parse_tests("b2b,latency throughput loss", false,
					      t, &nb, why, sizeof(why)), 0);
	assert_int_equal(nb, 4);
	assert_int_equal(t[0], CAMPAIGN_THROUGHPUT);
	assert_int_equal(t[1], CAMPAIGN_LATENCY);
	assert_int_equal(t[2], CAMPAIGN_LOSS);
	assert_int_equal(t[3], CAMPAIGN_B2B);
	assert_string_equal(campaign_test_name(t[3]), "b2b");
	assert_int_equal(campaign_parse_tests("loss loss", false, t, &nb, why,
					      sizeof(why)), -EINVAL);
	assert_contains(why, "\"loss\" named twice");
	assert_int_equal(campaign_parse_tests("latenzy", false, t, &nb, why,
					      sizeof(why)), -EINVAL);
	assert_contains(why, "\"latenzy\": not a test");
	assert_int_equal(campaign_parse_tests("cttc", false, t, &nb, why,
					      sizeof(why)), -EINVAL);
	assert_contains(why, "needs a [stateful] section");
	assert_int_equal(campaign_parse_tests("cttc", true, t, &nb, why,
					      sizeof(why)), 0);
	assert_int_equal(campaign_parse_tests(" , ", false, t, &nb, why,
					      sizeof(why)), -EINVAL);
	assert_contains(why, "no test named");

	assert_int_equal(campaign_parse_directions("", &set, &d, why, sizeof(why)), 0);
	assert_false(set);
	assert_int_equal(campaign_parse_directions("reverse", &set, &d, why,
						   sizeof(why)), 0);
	assert_true(set);
	assert_int_equal(d, CFG_DIRECTION_REVERSE);
	assert_int_equal(campaign_parse_directions("forward,reverse", &set, &d, why,
						   sizeof(why)), 0);
	assert_int_equal(d, CFG_DIRECTION_BOTH);
	assert_int_equal(campaign_parse_directions("up", &set, &d, why,
						   sizeof(why)), -EINVAL);
	assert_contains(why, "\"up\": not a direction");
}

static void
test_throughput_given(void **state)
{
	static const uint32_t sizes[] = { 64, 128, 1518 };
	uint64_t g[CAMPAIGN_MAX_SIZES];
	char why[256];

	(void)state;
	assert_int_equal(campaign_parse_throughput("", sizes, NULL, 3, g, why,
						   sizeof(why)), 0);
	assert_int_equal(g[0] + g[1] + g[2], 0);
	assert_int_equal(campaign_parse_throughput("5000", sizes, NULL, 3, g, why,
						   sizeof(why)), 0);
	assert_int_equal(g[0], 5000);
	assert_int_equal(g[2], 5000);
	assert_int_equal(campaign_parse_throughput("64:900 1518:80", sizes, NULL, 3, g,
						   why, sizeof(why)), 0);
	assert_int_equal(g[0], 900);
	assert_int_equal(g[1], 0);
	assert_int_equal(g[2], 80);
	assert_int_equal(campaign_parse_throughput("256:900", sizes, NULL, 3, g, why,
						   sizeof(why)), -EINVAL);
	assert_contains(why, "size 256: not one of [campaign] sizes");
	assert_int_equal(campaign_parse_throughput("64:1 5", sizes, NULL, 3, g, why,
						   sizeof(why)), -EINVAL);
	assert_contains(why, "not both");
	assert_int_equal(campaign_parse_throughput("64:x", sizes, NULL, 3, g, why,
						   sizeof(why)), -EINVAL);
	assert_contains(why, "rate \"x\"");
}

/* A configuration with a campaign of tests over sizes. */
static void
camp_cfg(struct cfg *c, const char *tests, const char *sizes)
{
	cfg_defaults(c);
	snprintf(c->camp.tests, sizeof(c->camp.tests), "%s", tests);
	snprintf(c->camp.sizes, sizeof(c->camp.sizes), "%s", sizes);
}

static struct campaign_plan plan;

static void
test_plan(void **state)
{
	struct cfg c;
	char why[256];

	(void)state;
	camp_cfg(&c, "latency throughput", "1518 64");
	c.repeat = 3;
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(plan.nb_items, 4);
	assert_string_equal(plan.items[0].dir, "001-throughput-64");
	assert_string_equal(plan.items[1].dir, "002-latency-64");
	assert_string_equal(plan.items[2].dir, "003-throughput-1518");
	assert_string_equal(plan.items[3].dir, "004-latency-1518");
	assert_int_equal(plan.items[3].size_idx, 1);
	assert_int_equal(plan.repeats, 3);	/* [search] repeat */
	assert_int_equal(plan.direction, c.direction);
	c.camp.repeats = 2;
	snprintf(c.camp.directions, sizeof(c.camp.directions), "forward");
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(plan.repeats, 2);
	assert_int_equal(plan.direction, CFG_DIRECTION_FORWARD);
}

static const char *
rate_csv(const char *rows)
{
	char text[2048];

	snprintf(text, sizeof(text), "No, Size, Dir, n, m, Duration, Initial Rate, "
		 "Timeout, Error, Date, Iterations needed, rate, result_kind\n%s",
		 rows);
	return unit_write_file(tmpdir, "rate.csv", text);
}

static void
test_read_rate(void **state)
{
	struct campaign_tput t;
	char err[512];

	(void)state;
	/* median of 1000, 3000, 2000; a lower bound among them */
	assert_int_equal(campaign_read_rate(rate_csv(
		"1, 64, b, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, 1000, measured\n"
		"2, 64, b, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, 3000, measured\n"
		"3, 64, b, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, , none\n"
		"4, 64, b, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, 2000, lower_bound\n"),
		&t, err, sizeof(err)), 0);
	assert_int_equal(t.kind, CAMPAIGN_TPUT_LOWER_BOUND);
	assert_true(t.has[CFG_FWD] && t.has[CFG_REV]);
	assert_true(t.fps[CFG_FWD] == 2000 && t.fps[CFG_REV] == 2000);
	assert_int_equal(campaign_tput_rate(&t), 2000);
	/* two measured forward searches: their mean is the median */
	assert_int_equal(campaign_read_rate(rate_csv(
		"1, 64, f, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, 1000, measured\n"
		"2, 64, f, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, 1501, measured\n"),
		&t, err, sizeof(err)), 0);
	assert_int_equal(t.kind, CAMPAIGN_TPUT_MEASURED);
	assert_true(t.has[CFG_FWD] && !t.has[CFG_REV]);
	assert_true(t.fps[CFG_FWD] == 1250.5);
	assert_int_equal(campaign_tput_rate(&t), 1250);
	/* no search gave a figure */
	assert_int_equal(campaign_read_rate(rate_csv(
		"1, 64, b, 2, 2, 1, 9, 9, 9, 2026-01-01 00:00:00, 5, , none\n"),
		&t, err, sizeof(err)), 0);
	assert_int_equal(t.kind, CAMPAIGN_TPUT_MISSING);
	assert_int_equal(campaign_tput_rate(&t), 0);
	/* no file: missing, and an error */
	assert_true(campaign_read_rate("/nonexistent/rate.csv", &t, err,
				       sizeof(err)) < 0);
	assert_int_equal(t.kind, CAMPAIGN_TPUT_MISSING);
}

static struct campaign_tput
tput(enum campaign_tput_kind k, double fwd, double rev)
{
	struct campaign_tput t = { .kind = k, .has = { fwd > 0, rev > 0 },
				   .fps = { fwd, rev }, .from_item = 1 };

	return t;
}

static void
test_item_cfg(void **state)
{
	struct campaign_tput t, used;
	struct cfg c, out;
	char why[256], note[CAMPAIGN_NOTE_LEN];

	(void)state;
	camp_cfg(&c, "throughput latency loss b2b recovery", "64 1518");
	c.rate_max_fps = 20000;
	c.loss_step_pct = 10;
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(plan.nb_items, 10);

	/* latency 64 at the smaller direction's throughput, rounded down */
	t = tput(CAMPAIGN_TPUT_MEASURED, 15000.7, 16000);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[1], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_int_equal(out.rate_fps, 15000);
	assert_int_equal(out.frame_size_b, 64);
	assert_string_equal(out.outdir, "/r/002-latency-64");
	assert_int_equal(used.kind, CAMPAIGN_TPUT_MEASURED);
	assert_string_equal(note, "at the throughput 15000 fps");

	/* RFC 2544 26.3: loss from 100 % (20000) down in 2000 steps until
	 * two successive lossless trials, the throughput one step more in
	 * its place (not the end of the sweep) */
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[2], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_string_equal(out.loss_rates, "");
	assert_int_equal(out.loss_extra_fps, 15000);
	assert_contains(note, "loss from 100 % down in steps until two "
			"successive lossless trials, the throughput 15000 fps "
			"one step more");
	{
		uint64_t r[SWEEP_MAX_RATES];
		bool stepped;
		int n;

		n = sweep_rates(&out, r, SWEEP_MAX_RATES, &stepped, why,
				sizeof(why));
		assert_true(stepped);
		/* 20000 .. 2000 in 2000 steps (10), 15000 between 16000 and
		 * 14000 */
		assert_int_equal(n, 11);
		assert_int_equal(r[0], 20000);
		assert_int_equal(r[2], 16000);
		assert_int_equal(r[3], 15000);
		assert_int_equal(r[4], 14000);
		assert_int_equal(r[10], 2000);
		/* a throughput on a step adds none */
		out.loss_extra_fps = 16000;
		assert_int_equal(sweep_rates(&out, r, SWEEP_MAX_RATES, &stepped,
					     why, sizeof(why)), 10);
	}

	/* b2b and recovery take it; a lower bound is said so */
	t = tput(CAMPAIGN_TPUT_LOWER_BOUND, 9000, 9000);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[3], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_int_equal(out.b2b_throughput_fps, 9000);
	assert_int_equal(used.kind, CAMPAIGN_TPUT_LOWER_BOUND);
	assert_contains(note, "9000 fps (a lower bound");
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[4], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_int_equal(out.rec_throughput_fps, 9000);
	assert_contains(note, "overload at 110 %");

	/* the throughput item itself takes none */
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[5], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_int_equal(used.kind, CAMPAIGN_TPUT_NULL);
	assert_int_equal(out.frame_size_b, 1518);

	/* missing: latency skipped, recovery measures its own, loss sweeps */
	t = tput(CAMPAIGN_TPUT_MISSING, 0, 0);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[6], "/r", &t, &out,
					   &used, note, sizeof(note)), 1);
	assert_contains(note, "no throughput for 1518 bytes (its throughput item "
			"gave none)");
	assert_int_equal(used.kind, CAMPAIGN_TPUT_MISSING);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[9], "/r", NULL,
					   &out, &used, note, sizeof(note)), 0);
	assert_int_equal(out.rec_throughput_fps, 0);
	assert_contains(note, "recovery measures it first");
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[7], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_string_equal(out.loss_rates, "");

	/* given for 1518 in [campaign]: it wins over the measured one */
	snprintf(c.camp.throughput, sizeof(c.camp.throughput), "1518:777");
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	t = tput(CAMPAIGN_TPUT_MEASURED, 5000, 5000);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[6], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_int_equal(out.rate_fps, 777);
	assert_int_equal(used.kind, CAMPAIGN_TPUT_GIVEN);
	assert_string_equal(note, "at the throughput 777 fps (given)");
	/* and b2b's own [b2b] throughput_fps counts as given */
	c.camp.throughput[0] = '\0';
	c.b2b_throughput_fps = 4321;
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[3], "/r", &t, &out,
					   &used, note, sizeof(note)), 0);
	assert_int_equal(out.b2b_throughput_fps, 4321);
	assert_int_equal(used.kind, CAMPAIGN_TPUT_GIVEN);
}

/* frate (RFC 2889 5.6.1: from the throughput up to the MOL) takes the
 * throughput as [frate] start_fps; missing, it measures its own */
static void
test_item_frate(void **state)
{
	struct campaign_tput t, used;
	enum campaign_test tests[CAMPAIGN_NB_TESTS];
	struct cfg c, out;
	char why[256], note[CAMPAIGN_NOTE_LEN];
	unsigned nb;

	(void)state;
	assert_true(campaign_test_needs_tput(CAMPAIGN_FRATE));
	assert_string_equal(campaign_test_name(CAMPAIGN_FRATE), "frate");
	/* not a stateful test: no [stateful] needed */
	assert_int_equal(campaign_parse_tests("frate throughput", false, tests,
					      &nb, why, sizeof(why)), 0);
	assert_int_equal(nb, 2);
	assert_int_equal(tests[0], CAMPAIGN_THROUGHPUT);
	assert_int_equal(tests[1], CAMPAIGN_FRATE);
	camp_cfg(&c, "throughput frate", "64");
	c.rate_max_fps = 20000;
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(plan.nb_items, 2);
	assert_string_equal(plan.items[1].dir, "002-frate-64");
	t = tput(CAMPAIGN_TPUT_MEASURED, 15000.7, 16000);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[1], "/r", &t,
					   &out, &used, note, sizeof(note)), 0);
	assert_int_equal(out.frate_start_fps, 15000);
	assert_string_equal(note, "forwarding rate from the throughput 15000 "
			    "fps up");
	t = tput(CAMPAIGN_TPUT_MISSING, 0, 0);
	out.frate_start_fps = 1;
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[1], "/r", &t,
					   &out, &used, note, sizeof(note)), 0);
	assert_int_equal(out.frate_start_fps, 0);
	assert_contains(note, "frate measures it first");
	/* the bound: the search (not given) and 11 steps, or the steps of
	 * step_fps from 0 to the MOL and 2 more */
	c.duration_s = 1;
	c.timeout_ms = 0;
	c.settle_ms = 0;
	c.max_retries = 0;
	c.repeat = 1;
	c.frate_start_fps = 5000;
	assert_true(fabs(campaign_item_bound_s(&c, CAMPAIGN_FRATE, 0) - 11) <
		    1e-9);
	c.frate_step_fps = 5000;
	assert_true(fabs(campaign_item_bound_s(&c, CAMPAIGN_FRATE, 0) - 6) <
		    1e-9);
}

static void
test_bound(void **state)
{
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	c.rate_min_fps = 0;
	c.rate_max_fps = 1000;
	c.error_fps = 100;
	c.max_retries = 3;
	c.duration_s = 1;
	c.timeout_ms = 500;
	c.settle_ms = 500;
	c.repeat = 1;
	/* ceil(log2(1000 / 100 + 1)) + 2 = 6 steps, 4 tries each, 2 s each */
	assert_true(fabs(campaign_item_bound_s(&c, CAMPAIGN_THROUGHPUT, 0) - 48) < 1e-9);
	/* one trial, 4 tries */
	assert_true(fabs(campaign_item_bound_s(&c, CAMPAIGN_LATENCY, 0) - 8) < 1e-9);
	/* 3 explicit rates */
	snprintf(c.loss_rates, sizeof(c.loss_rates), "1000,900,800");
	assert_true(fabs(campaign_item_bound_s(&c, CAMPAIGN_LOSS, 0) - 24) < 1e-9);
	c.repeat = 2;
	assert_true(fabs(campaign_item_bound_s(&c, CAMPAIGN_LOSS, 0) - 48) < 1e-9);
}

static void
record(FILE *f, unsigned item, unsigned attempt, enum campaign_state s,
       const struct campaign_tput *t)
{
	struct campaign_record r = { .item = &plan.items[item - 1],
				     .of = plan.nb_items, .attempt = attempt,
				     .state = s, .time = 0, .note = "" };
	char line[2048];

	if (t != NULL)
		r.tput = *t;
	assert_int_equal(campaign_record_line(&r, line, sizeof(line)), 0);
	fprintf(f, "%s\n", line);
}

static void
test_record(void **state)
{
	struct campaign_status st[CAMPAIGN_MAX_ITEMS];
	struct campaign_tput t = tput(CAMPAIGN_TPUT_LOWER_BOUND, 9000, 0);
	struct campaign_record r;
	struct cfg c;
	char why[256], err[512], line[2048], path[256], *text;
	char *argv[] = { "dutperf", "--", "campaign" };
	unsigned attempt;
	FILE *f;
	int x = 3;

	(void)state;
	camp_cfg(&c, "throughput latency", "64 128");
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	memset(&r, 0, sizeof(r));
	r.item = &plan.items[0];
	r.of = 4;
	r.attempt = 1;
	r.state = CAMPAIGN_DONE;
	r.has_exit = true;
	r.exit = x;
	r.result_kind = "lower_bound";
	r.tput = t;
	r.note = "n";
	assert_int_equal(campaign_record_line(&r, line, sizeof(line)), 0);
	assert_string_equal(line, "{\"item\":1,\"of\":4,\"test\":\"throughput\","
			    "\"size\":64,\"dir\":\"001-throughput-64\",\"attempt\":1,"
			    "\"state\":\"done\",\"time\":\"1970-01-01T00:00:00+00:00\","
			    "\"exit\":3,\"result_kind\":\"lower_bound\","
			    "\"throughput_fps\":{\"fwd\":9000.0},"
			    "\"throughput_kind\":\"lower_bound\",\"note\":\"n\"}");
	assert_int_equal(campaign_record_line(&r, line, 20), -ENOSPC);

	/* read back: the last record of each item counts, a cut line not */
	snprintf(path, sizeof(path), "%s/campaign.jsonl", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	record(f, 1, 1, CAMPAIGN_RUNNING, NULL);
	record(f, 1, 1, CAMPAIGN_DONE, &t);
	record(f, 2, 1, CAMPAIGN_RUNNING, NULL);
	record(f, 2, 1, CAMPAIGN_INTERRUPTED, NULL);
	record(f, 2, 2, CAMPAIGN_RUNNING, NULL);
	record(f, 3, 1, CAMPAIGN_RUNNING, NULL);
	fputs("{\"item\":3,\"of\":4,\"te", f);
	fclose(f);
	assert_int_equal(campaign_read_status(path, &plan, st, err, sizeof(err)), 0);
	assert_int_equal(st[0].state, CAMPAIGN_DONE);
	assert_int_equal(st[0].tput.kind, CAMPAIGN_TPUT_LOWER_BOUND);
	assert_true(st[0].tput.has[CFG_FWD] && !st[0].tput.has[CFG_REV]);
	assert_true(st[0].tput.fps[CFG_FWD] == 9000);
	assert_int_equal(st[1].state, CAMPAIGN_RUNNING);
	assert_int_equal(st[1].attempt, 2);
	assert_int_equal(st[2].state, CAMPAIGN_RUNNING);
	assert_int_equal(st[3].state, CAMPAIGN_NOT_STARTED);
	assert_false(campaign_resume_runs(&st[0], &attempt));
	assert_true(campaign_resume_runs(&st[1], &attempt));
	assert_int_equal(attempt, 3);
	assert_true(campaign_resume_runs(&st[3], &attempt));
	assert_int_equal(attempt, 1);
	/* a record of another plan */
	unit_write_file(tmpdir, "campaign.jsonl", "{\"item\":1,\"test\":\"loss\","
			"\"size\":64,\"dir\":\"001-loss-64\",\"attempt\":1,"
			"\"state\":\"done\"}\n");
	assert_int_equal(campaign_read_status(path, &plan, st, err, sizeof(err)),
			 -EINVAL);
	assert_contains(err, "campaign.jsonl:1: item 1 (001-loss-64) is not in");
	unit_write_file(tmpdir, "campaign.jsonl", "{\"item\":1}\n");
	assert_int_equal(campaign_read_status(path, &plan, st, err, sizeof(err)),
			 -EINVAL);
	assert_contains(err, ":1: a record without item");
	/* none: every item not started */
	assert_int_equal(campaign_read_status("/nonexistent/campaign.jsonl", &plan,
					      st, err, sizeof(err)), 0);
	assert_int_equal(st[0].state, CAMPAIGN_NOT_STARTED);

	/* campaign.json: the same plan passes, another is refused */
	text = campaign_json_text(&plan, "1.0", "abc", 3, argv, "x.ini");
	assert_non_null(text);
	assert_contains(text, "\"command_line\": [");
	assert_contains(text, "\"dir\": \"004-latency-128\"");
	snprintf(path, sizeof(path), "%s", unit_write_file(tmpdir, "campaign.json",
							    text));
	free(text);
	assert_int_equal(campaign_json_check(path, &plan, err, sizeof(err)), 0);
	camp_cfg(&c, "throughput loss", "64 128");
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(campaign_json_check(path, &plan, err, sizeof(err)), -EINVAL);
	assert_contains(err, "other items");
}

/* A plan with a mix: its items after the fixed sizes', directories that
 * name it, each item's configuration the mix (as --imix), [traffic]
 * imix left out of a fixed size's items; the record and campaign.json
 * name the genome and a resume finds the same plan. */
static void
test_plan_imix(void **state)
{
	struct campaign_status st[CAMPAIGN_MAX_ITEMS];
	struct campaign_tput t, used;
	struct cfg c, out;
	char why[512], note[CAMPAIGN_NOTE_LEN], line[2048], path[4200], *text;
	char *const argv[] = { "dutperf", "--", "campaign" };
	uint32_t lo, hi;
	FILE *f;

	(void)state;
	camp_cfg(&c, "throughput latency", "imix:AAAAAAAXXXXG 128 imix:csit");
	snprintf(c.imix_sizes, sizeof(c.imix_sizes), "A:64 X:570 G:1518");
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), -EINVAL);
	assert_contains(why, "named twice");
	camp_cfg(&c, "throughput latency", "imix:AAAAAAAAXXXG 128 imix:csit");
	snprintf(c.imix_sizes, sizeof(c.imix_sizes), "A:64 X:570 G:1518");
	snprintf(c.imix, sizeof(c.imix), "ag");	/* not the campaign's */
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(plan.nb_items, 6);
	assert_string_equal(plan.items[0].dir, "001-throughput-128");
	assert_string_equal(plan.items[0].imix, "");
	assert_string_equal(plan.items[2].dir,
			    "003-throughput-imix-AAAAAAAAXXXG");
	assert_string_equal(plan.items[2].imix, "AAAAAAAAXXXG");
	/* 8 * 64 + 3 * 570 + 1518 = 3740 B / 12 = 311.67 */
	assert_int_equal(plan.items[2].size_b, 312);
	assert_string_equal(plan.items[5].dir, "006-latency-imix-csit");
	assert_int_equal(plan.items[5].size_idx, 2);
	campaign_item_size_text(&plan.items[5], why, sizeof(why));
	assert_string_equal(why, "IMIX csit");
	campaign_item_size_text(&plan.items[1], why, sizeof(why));
	assert_string_equal(why, "128 bytes");
	campaign_plan_span(&plan, &lo, &hi);
	assert_int_equal(lo, 64);
	assert_int_equal(hi, 1518);

	/* the mix's items send it; the fixed size's item no mix */
	t = tput(CAMPAIGN_TPUT_MEASURED, 3000, 3000);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[5], "/r", &t,
					   &out, &used, note, sizeof(note)), 0);
	assert_string_equal(out.imix, "csit");
	assert_int_equal(out.frame_size_b, 354);
	assert_int_equal(out.rate_fps, 3000);
	assert_string_equal(out.outdir, "/r/006-latency-imix-csit");
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[0], "/r", NULL,
					   &out, &used, note, sizeof(note)), 0);
	assert_string_equal(out.imix, "");
	assert_int_equal(out.frame_size_b, 128);
	t = tput(CAMPAIGN_TPUT_MISSING, 0, 0);
	assert_int_equal(campaign_item_cfg(&c, &plan, &plan.items[3], "/r", &t,
					   &out, &used, note, sizeof(note)), 1);
	assert_contains(note, "no throughput for IMIX AAAAAAAAXXXG (its");

	/* the record names the mix; a fixed size's has no imix key */
	{
		struct campaign_record r = { .item = &plan.items[5], .of = 6,
					     .attempt = 1,
					     .state = CAMPAIGN_RUNNING,
					     .note = "" };

		assert_int_equal(campaign_record_line(&r, line, sizeof(line)), 0);
		assert_contains(line, "\"size\":354,\"dir\":\"006-latency-imix-"
				"csit\",\"imix\":\"csit\",\"attempt\":1");
		r.item = &plan.items[0];
		assert_int_equal(campaign_record_line(&r, line, sizeof(line)), 0);
		assert_null(strstr(line, "imix"));
	}
	/* campaign.json: the sizes as given, each mix item's genome; read
	 * back by a resume of the same plan, refused by another mix */
	text = campaign_json_text(&plan, "1.0", "abc", 3, argv, "x.ini");
	assert_non_null(text);
	assert_contains(text, "\"sizes\": [\n  128,\n  \"imix:AAAAAAAAXXXG"
			"\",\n  \"imix:csit\"\n ]");
	assert_contains(text, "\"size\": 354,\n   \"dir\": \"006-latency-"
			"imix-csit\",\n   \"imix\": \"csit\"");
	snprintf(path, sizeof(path), "%s", unit_write_file(tmpdir, "campaign.json",
							    text));
	free(text);
	assert_int_equal(campaign_json_check(path, &plan, why, sizeof(why)), 0);
	f = fopen(unit_write_file(tmpdir, "campaign.jsonl", ""), "w");
	assert_non_null(f);
	record(f, 3, 1, CAMPAIGN_DONE, NULL);
	record(f, 6, 1, CAMPAIGN_INTERRUPTED, NULL);
	fclose(f);
	snprintf(line, sizeof(line), "%s/campaign.jsonl", tmpdir);
	assert_int_equal(campaign_read_status(line, &plan, st, why, sizeof(why)),
			 0);
	assert_int_equal(st[2].state, CAMPAIGN_DONE);
	assert_int_equal(st[5].state, CAMPAIGN_INTERRUPTED);
	camp_cfg(&c, "throughput latency", "imix:AAAAAAAAXXXG 128 imix:ag");
	snprintf(c.imix_sizes, sizeof(c.imix_sizes), "A:64 X:570 G:1518");
	assert_int_equal(campaign_plan_make(&c, &plan, why, sizeof(why)), 0);
	assert_int_equal(campaign_json_check(path, &plan, why, sizeof(why)),
			 -EINVAL);
	assert_contains(why, "other items");
	/* the record of item 6 names a directory this plan has not */
	assert_int_equal(campaign_read_status(line, &plan, st, why, sizeof(why)),
			 -EINVAL);
	assert_contains(why, "item 6 (006-latency-imix-csit) is not in");
}

/* [campaign] sizes with a bad mix in a file: the file, section, key and
 * value named, and the genome's reason; a mix whose size this
 * configuration cannot send (IPv6 from 78) too. */
static void
test_imix_file_errors(void **state)
{
	struct cfg c;
	char err[CFG_ERR_LEN];
	const char *ini;

	(void)state;
	ini = unit_write_file(tmpdir, "bad-mix.ini", "[campaign]\n"
			      "tests = throughput\nsizes = 64 imix:aaq\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, ini, err, sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "bad-mix.ini: [campaign] sizes = 64 imix:aaq: ");
	assert_contains(err, "\"imix:aaq\": 'q' at 3: not an RFC 6985 letter");
	ini = unit_write_file(tmpdir, "bad-mix6.ini", "[left]\nip_version = 6\n"
			      "[right]\nip_version = 6\n[traffic]\nframe_size_b = 78\n[campaign]\n"
			      "tests = throughput\nsizes = 128 imix:ab\n");
	cfg_defaults(&c);
	if (cfg_load_ini(&c, ini, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[campaign] sizes = 128 imix:ab: size imix:ab "
			"cannot be sent here");
	assert_contains(err, "at least 78 bytes");
}

/* An example of conf/: valid, its plan nb_items long. */
static void
conf_plan(const char *path, struct cfg *c, unsigned nb_items,
	  const char *last_dir)
{
	char err[CFG_ERR_LEN];

	cfg_defaults(c);
	if (cfg_load_ini(c, path, err, sizeof(err)) != 0 ||
	    cli_validate(c, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(campaign_plan_make(c, &plan, err, sizeof(err)), 0);
	assert_int_equal(plan.nb_items, nb_items);
	assert_string_equal(plan.items[nb_items - 1].dir, last_dir);
}

static void
test_conf_example(void **state)
{
	struct cfg c;

	(void)state;
	conf_plan(TEST_SOURCE_ROOT "/conf/campaign-rfc2544.ini", &c, 35,
		  "035-recovery-1518");
	assert_int_equal(c.duration_s, 60);
	/* conf/campaign-imix.ini: 64, 1518 and CSIT's mix, 2 tests each */
	conf_plan(TEST_SOURCE_ROOT "/conf/campaign-imix.ini", &c, 6,
		  "006-latency-imix-csit");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_sizes_imix),
		cmocka_unit_test(test_tests_and_directions),
		cmocka_unit_test(test_throughput_given),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_read_rate),
		cmocka_unit_test(test_item_cfg),
		cmocka_unit_test(test_item_frate),
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_plan_imix),
		cmocka_unit_test(test_imix_file_errors),
		cmocka_unit_test(test_conf_example),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

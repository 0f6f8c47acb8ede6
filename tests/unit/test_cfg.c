/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of cfg: key table, strict parsers, INI reader and fixtures
 * (derived values and cross checks: test_cfg_check.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_util.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dutperf/cli.h"
#include "dutperf/cfg.h"
#include "dutperf/trial_spec.h"

#define FIXTURE(name) TEST_DATA_DIR "/cfg/" name
#define CONF_INI TEST_SOURCE_ROOT "/conf/dutperf.ini"

UNIT_TMPDIR("test_cfg")

/* Write text to a fresh file in tmpdir; returns its path (static buffer). */
static const char *
write_tmp(const char *name, const char *text)
{
	return unit_write_file(tmpdir, name, text);
}


/* ------------------------------------------------------------ key table */

static void
test_table_defaults(void **state)
{
	char err[CFG_ERR_LEN], buf[256], canon[256];
	struct cfg c, d;
	unsigned i, j;

	(void)state;
	assert_true(cfg_key_count() > 60);
	assert_null(cfg_key_at(cfg_key_count()));
	cfg_defaults(&c);
	for (i = 0; i < cfg_key_count(); i++) {
		const struct cfg_key *k = cfg_key_at(i);

		assert_non_null(k->help);
		assert_non_null(k->unit);
		assert_ptr_equal(cfg_key_find(k->section, k->key), k);
		for (j = 0; j < i; j++)
			assert_false(strcmp(cfg_key_at(j)->section, k->section) == 0 &&
				     strcmp(cfg_key_at(j)->key, k->key) == 0);
		/* the default parses, and cfg_defaults applied it */
		memset(&d, 0, sizeof(d));
		if (cfg_key_set(&d, k, k->def, err, sizeof(err)) != 0)
			fail_msg("[%s] %s default \"%s\": %s", k->section, k->key,
				 k->def, err);
		cfg_key_format(&d, k, canon, sizeof(canon));
		cfg_key_format(&c, k, buf, sizeof(buf));
		assert_string_equal(buf, canon);
		assert_memory_equal((char *)&c + k->offset, (char *)&d + k->offset,
				    k->size);
	}
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	/* per-side defaults from keys.md */
	assert_int_equal(c.side[CFG_LEFT].port_id, 0);
	assert_int_equal(c.side[CFG_RIGHT].port_id, 1);
	assert_int_equal(c.side[CFG_RIGHT].ipv4[1], 19);
	assert_int_equal(c.dir[CFG_REV].sport_fixed, 0xC020);
	assert_int_equal(c.dir[CFG_FWD].dport.max, 49151);
	assert_string_equal(c.outdir, "results");
	assert_string_equal(c.path, "");
}

/* min, max accepted; min - 1 and max + 1 rejected, directly and via INI. */
static void
test_table_bounds(void **state)
{
	char err[CFG_ERR_LEN], val[32], buf[64], ini[256];
	const char *path;
	struct cfg c;
	unsigned i, b;

	(void)state;
	for (i = 0; i < cfg_key_count(); i++) {
		const struct cfg_key *k = cfg_key_at(i);
		uint64_t good[2] = { k->min, k->max };

		if (k->type != CFG_KEY_U && k->type != CFG_KEY_LCORE)
			continue;
		for (b = 0; b < 2; b++) {
			cfg_defaults(&c);
			snprintf(val, sizeof(val), "%" PRIu64, good[b]);
			assert_int_equal(cfg_key_set(&c, k, val, err, sizeof(err)), 0);
			cfg_key_format(&c, k, buf, sizeof(buf));
			assert_string_equal(buf, val);
			/* through a file too */
			snprintf(ini, sizeof(ini), "[%s]\n%s = %s\n", k->section, k->key, val);
			path = write_tmp("bound.ini", ini);
			cfg_defaults(&c);
			if (cfg_load_ini(&c, path, err, sizeof(err)) != 0)
				fail_msg("%s", err);
			cfg_key_format(&c, k, buf, sizeof(buf));
			assert_string_equal(buf, val);
		}
		if (k->min > 0) {
			snprintf(val, sizeof(val), "%" PRIu64, k->min - 1);
			assert_int_equal(cfg_key_set(&c, k, val, err, sizeof(err)), -EINVAL);
		}
		if (k->max == UINT64_MAX)
			snprintf(val, sizeof(val), "18446744073709551616");
		else
			snprintf(val, sizeof(val), "%" PRIu64, k->max + 1);
		assert_int_equal(cfg_key_set(&c, k, val, err, sizeof(err)), -EINVAL);
		snprintf(ini, sizeof(ini), "[%s]\n%s = %s\n", k->section, k->key, val);
		path = write_tmp("bound.ini", ini);
		assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
		assert_contains(err, path);
		snprintf(ini, sizeof(ini), "[%s] %s = \"%s\"", k->section, k->key, val);
		assert_contains(err, ini);
		if (k->type == CFG_KEY_U) {
			snprintf(buf, sizeof(buf), "%" PRIu64 "..%" PRIu64, k->min, k->max);
			assert_contains(err, buf);
		}
	}
}

/* -------------------------------------------------------------- parsers */

static void
test_parse_u64(void **state)
{
	static const struct {
		const char *s;
		const char *reason;	/* NULL: accepted */
	} cases[] = {
		{ "0", NULL }, { "7", NULL }, { "18446744073709551615", NULL },
		{ "12x", "not an unsigned decimal integer" },
		{ "1e3", "not an unsigned decimal integer" },
		{ "-1", "not an unsigned decimal integer" },
		{ "+1", "not an unsigned decimal integer" },
		{ "0x10", "not an unsigned decimal integer" },
		{ " 1", "not an unsigned decimal integer" },
		{ "1 000", "not an unsigned decimal integer" },
		{ "042", "leading zero" },
		{ "00", "leading zero" },
		{ "", "empty" },
		{ "18446744073709551616", "does not fit in 64 bits" },
		{ "99999999999999999999999", "does not fit in 64 bits" },
	};
	char err[CFG_ERR_LEN];
	uint64_t v;
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = cfg_parse_u64(cases[i].s, 0, UINT64_MAX, &v, err, sizeof(err));

		if (cases[i].reason == NULL) {
			assert_int_equal(rc, 0);
			assert_true(v == strtoull(cases[i].s, NULL, 10));
		} else {
			assert_int_equal(rc, -EINVAL);
			assert_contains(err, cases[i].reason);
		}
	}
	assert_int_equal(cfg_parse_u64("63", 64, 9216, &v, err, sizeof(err)), -EINVAL);
	assert_contains(err, "out of range 64..9216");
	assert_int_equal(cfg_parse_u64("9217", 64, 9216, &v, err, sizeof(err)), -EINVAL);
	v = 5;
	assert_int_equal(cfg_parse_u64("9216", 64, 9216, &v, err, sizeof(err)), 0);
	assert_true(v == 9216);

	/* the seed also in trials.csv's hex form, so a row reproduces */
	assert_int_equal(cfg_parse_seed("0xffffffffffffffff", &v, err, sizeof(err)), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(cfg_parse_seed("0x00000000000BcDe1", &v, err, sizeof(err)), 0);
	assert_true(v == 0xbcde1);
	assert_int_equal(cfg_parse_seed("12345678901234567890", &v, err, sizeof(err)), 0);
	assert_true(v == 12345678901234567890ULL);
	assert_int_equal(cfg_parse_seed("0x", &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_seed("0x1g", &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(cfg_parse_seed("0x10000000000000000", &v, err, sizeof(err)),
			 -EINVAL);
	assert_contains(err, "16 hex digits");
	assert_int_equal(cfg_parse_seed("042", &v, err, sizeof(err)), -EINVAL);
	{
		struct cfg c;

		cfg_defaults(&c);
		assert_int_equal(cfg_key_set(&c, cfg_key_find("traffic", "seed"),
					     "0x00000000000000ff", err,
					     sizeof(err)), 0);
		assert_true(c.seed == 255);
	}
}

static void
test_parse_bool_mac(void **state)
{
	static const char *const yes[] = { "1", "yes", "true", "on", "YES", "True" };
	static const char *const no[] = { "0", "no", "false", "off", "Off" };
	static const char *const badmac[] = {
		"02:00:zz:00:00:10", "02:00:00:00:00", "02-00-00-00-00-10",
		"02:00:00:00:00:100", "2:0:0:0:0:10", "02:00:00:00:00:10:", "",
	};
	char err[CFG_ERR_LEN];
	uint8_t mac[6], want[6] = { 0x02, 0xab, 0xCD, 0, 0xff, 0x10 };
	unsigned i;
	bool b;

	(void)state;
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		b = false;
		assert_int_equal(cfg_parse_bool(yes[i], &b, err, sizeof(err)), 0);
		assert_true(b);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		b = true;
		assert_int_equal(cfg_parse_bool(no[i], &b, err, sizeof(err)), 0);
		assert_false(b);
	}
	assert_int_equal(cfg_parse_bool("2", &b, err, sizeof(err)), -EINVAL);
	assert_contains(err, "not a boolean");
	assert_int_equal(cfg_parse_mac("02:ab:CD:00:ff:10", mac, err, sizeof(err)), 0);
	assert_memory_equal(mac, want, 6);
	for (i = 0; i < sizeof(badmac) / sizeof(badmac[0]); i++) {
		assert_int_equal(cfg_parse_mac(badmac[i], mac, err, sizeof(err)), -EINVAL);
		assert_contains(err, "not a MAC address (xx:xx:xx:xx:xx:xx)");
	}
}

static void
test_parse_ip(void **state)
{
	static const char *const bad4[] = {
		"256.1.1.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "1..2.3", "", "1.2.3.4 ",
		"1.2.3.-4", "a.b.c.d", "1.2.3.0400", "1.2.3.4/24",
	};
	static const char *const bad6[] = {
		"2001:db8:::1", "1.2.3.4", "gggg::1", "2001:db8::1/64", "", "::1::",
	};
	char err[CFG_ERR_LEN], txt[32];
	uint8_t a[16], b[4];
	unsigned i, o;

	(void)state;
	for (i = 0; i < sizeof(bad4) / sizeof(bad4[0]); i++) {
		if (cfg_parse_ipv4(bad4[i], a, err, sizeof(err)) != -EINVAL)
			fail_msg("IPv4 \"%s\" accepted", bad4[i]);
		assert_contains(err, "not an IPv4 address");
	}
	assert_int_equal(cfg_parse_ipv4("01.2.3.4", a, err, sizeof(err)), -EINVAL);
	assert_contains(err, "leading zero");
	/* every octet value round-trips in every position */
	for (o = 0; o < 256; o++) {
		snprintf(txt, sizeof(txt), "%u.%u.%u.%u", o, 255 - o, o / 2, 0);
		assert_int_equal(cfg_parse_ipv4(txt, b, err, sizeof(err)), 0);
		assert_int_equal(b[0], o);
		assert_int_equal(b[1], 255 - o);
		assert_int_equal(b[2], o / 2);
		assert_int_equal(b[3], 0);
	}
	for (i = 0; i < sizeof(bad6) / sizeof(bad6[0]); i++) {
		if (cfg_parse_ipv6(bad6[i], a, err, sizeof(err)) != -EINVAL)
			fail_msg("IPv6 \"%s\" accepted", bad6[i]);
		assert_contains(err, "not an IPv6 address");
	}
	assert_int_equal(cfg_parse_ipv6("2001:db8::c612:2", a, err, sizeof(err)), 0);
	assert_int_equal(a[0], 0x20);
	assert_int_equal(a[3], 0xb8);
	assert_int_equal(a[13], 0x12);
	assert_int_equal(a[15], 2);
}

static void
test_parse_enum(void **state)
{
	static const struct cfg_enum_name names[] = {
		{ "alpha", 10 }, { "beta", 20 }, { "a", 10 }, { NULL, 0 }
	};
	char err[CFG_ERR_LEN];
	int v = 0;

	(void)state;
	assert_int_equal(cfg_parse_enum("beta", names, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 20);
	assert_int_equal(cfg_parse_enum("a", names, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 10);
	assert_int_equal(cfg_parse_enum("Beta", names, &v, err, sizeof(err)), -EINVAL);
	assert_contains(err, "alpha, beta, a");
}

/* ------------------------------------------------------------ fixtures */

struct bad_case {
	const char *file;
	bool at_load;		/* rejected by cfg_load_ini, else by cfg_validate */
	const char *needles[3];
};

static const struct bad_case bad_cases[] = {
	{ "bad_unknown_section.ini", true, { "[trafic]", "unknown section" } },
	{ "bad_unknown_key.ini", true, { "[traffic] rate = \"5000\"", "unknown key" } },
	{ "bad_duplicate_key.ini", true,
	  { "[traffic] rate_fps = \"2000\"", "duplicate key", "line 3" } },
	{ "bad_duplicate_key_across_sections.ini", true,
	  { "[traffic] rate_fps = \"3000\"", "duplicate key" } },
	{ "bad_rate_12x.ini", true,
	  { "[traffic] rate_fps = \"12x\": not an unsigned decimal integer" } },
	{ "bad_rate_1e3.ini", true,
	  { "[traffic] rate_fps = \"1e3\": not an unsigned decimal integer" } },
	{ "bad_rate_negative.ini", true,
	  { "[traffic] rate_fps = \"-1\": not an unsigned decimal integer" } },
	{ "bad_rate_overflow.ini", true,
	  { "[traffic] rate_fps = \"18446744073709551616\": out of range", "64 bits" } },
	{ "bad_rate_octal.ini", true,
	  { "[traffic] rate_fps = \"042\": leading zero (octal?) not allowed" } },
	{ "bad_frame_10000.ini", true,
	  { "[traffic] frame_size_b = \"10000\": out of range 64..9216" } },
	{ "bad_mac.ini", true,
	  { "[left] mac = \"02:00:zz:00:00:10\": not a MAC address (xx:xx:xx:xx:xx:xx)" } },
	{ "bad_ipv4_256.ini", true, { "[left] ipv4 = \"256.1.1.1\": not an IPv4 address" } },
	{ "bad_ipv4_short.ini", true, { "[right] ipv4 = \"1.2.3\": not an IPv4 address" } },
	{ "bad_ipv4_octal.ini", true,
	  { "[right] ipv4_virt = \"01.2.3.4\": not an IPv4 address", "leading zero" } },
	{ "bad_ipv6.ini", true, { "[right] ipv6 = \"2001:db8:::1\": not an IPv6 address" } },
	{ "bad_enum.ini", true,
	  { "[forward] sport_mode = \"sequential\"", "fixed, increasing, decreasing, random" } },
	{ "bad_bool.ini", true, { "[traffic] jumbo = \"maybe\": not a boolean" } },
	{ "bad_lcore_value.ini", true, { "[left] recv_lcore = \"128\"", "none" } },
	{ "bad_empty_value.ini", true, { "[traffic] duration_s = \"\"", "empty" } },
	{ "bad_empty.ini", true, { "empty file" } },
	{ "bad_whitespace_only.ini", true, { "empty file" } },
	{ "bad_binary.ini", true, { "binary data", ":1:" } },
	{ "bad_no_equals.ini", true, { ":3:", "rate_fps 1000", "no '='" } },
	{ "bad_key_outside_section.ini", true,
	  { "rate_fps = \"1000\"", "outside any [section]" } },
	{ "bad_section_trailing.ini", true, { "[traffic] extra", "malformed section" } },
	{ "bad_m_gt_n.ini", false, { "[traffic] m = 3 > n = 2" } },
	{ "bad_range_min_gt_max.ini", false,
	  { "[forward] sport_min = 2000 > sport_max = 1000", "sport_mode = increasing" } },
	{ "bad_frame70_translation.ini", false,
	  { "[traffic] frame_size_b = 70", "translation", "ip_version = 6" } },
	{ "bad_frame77_ipv6.ini", false,
	  { "[traffic] frame_size_b = 77", "IPv6", "at least 78 bytes" } },
	{ "bad_frame77_background.ini", false,
	  { "[traffic] frame_size_b = 77", "n = 10 > m = 9", "at least 78 bytes" } },
	{ "bad_frame64_background.ini", false,
	  { "[traffic] frame_size_b = 64", "n = 10 > m = 9" } },
	{ "bad_frame2000_nojumbo.ini", false,
	  { "[traffic] frame_size_b = 2000", "jumbo = 1" } },
	{ "bad_lcore_none.ini", false,
	  { "[right] recv_lcore = none", "direction = both" } },
	{ "bad_same_port.ini", false,
	  { "[left] port_id = 3 and [right] port_id = 3", "both sides" } },
	{ "bad_nets_dst_slice.ini", false,
	  { "[right] num_nets = 4", "[forward] dst_slice_mode = random" } },
	{ "bad_nets_overflow.ini", false,
	  { "[right] num_nets = 10", "ipv4 = 198.19.250.2", "exceeds 255" } },
	{ "bad_search_min_max.ini", false,
	  { "[search] rate_min_fps = 5000 >= rate_max_fps = 5000" } },
	{ "bad_initial_rate.ini", false,
	  { "[search] initial_rate_fps = 9001", "rate_max_fps = 9000" } },
	{ "bad_outdir_empty.ini", false, { "[output] dir = \"\"" } },
};

static void
test_bad_fixtures(void **state)
{
	char err[CFG_ERR_LEN], path[512];
	struct cfg c, before;
	unsigned i, j;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *bc = &bad_cases[i];

		snprintf(path, sizeof(path), "%s", FIXTURE("") );
		snprintf(path + strlen(path), sizeof(path) - strlen(path), "%s", bc->file);
		cfg_defaults(&c);
		before = c;
		err[0] = '\0';
		rc = cfg_load_ini(&c, path, err, sizeof(err));
		if (bc->at_load) {
			if (rc != -EINVAL)
				fail_msg("%s: load returned %d, want -EINVAL", bc->file, rc);
			/* a failed load leaves the configuration untouched */
			assert_memory_equal(&c, &before, sizeof(c));
		} else {
			if (rc != 0)
				fail_msg("%s: load failed: %s", bc->file, err);
			assert_string_equal(c.path, path);
			rc = cli_validate(&c, err, sizeof(err));
			if (rc != -EINVAL)
				fail_msg("%s: validate returned %d", bc->file, rc);
		}
		assert_contains(err, path);
		for (j = 0; j < 3 && bc->needles[j] != NULL; j++)
			assert_contains(err, bc->needles[j]);
	}
}

static void
test_good_fixtures(void **state)
{
	char err[CFG_ERR_LEN];
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, FIXTURE("good_translation.ini"), err,
				      sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	assert_int_equal(cfg_frame_size_b(&c, 6), 84);
	assert_int_equal(cfg_frame_size_b(&c, 4), 64);
	/* 83 with translation fails, 84 passed above */
	c.frame_size_b = 83;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "good_translation.ini: [traffic] frame_size_b = 83");

	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, FIXTURE("good_dup_section.ini"), err,
				      sizeof(err)), 0);
	assert_int_equal(c.rate_fps, 1234);
	assert_int_equal(c.duration_s, 5);
	assert_int_equal(c.repeat, 7);

	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, FIXTURE("good_forward_only.ini"), err,
				      sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	assert_true(cfg_dir_active(&c, CFG_FWD));
	assert_false(cfg_dir_active(&c, CFG_REV));
	c.direction = CFG_DIRECTION_BOTH;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);

	cfg_defaults(&c);
	if (cfg_load_ini(&c, FIXTURE("good_syntax.ini"), err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_true(c.jumbo);
	assert_int_equal(c.frame_size_b, 9000);
	assert_int_equal(c.rate_fps, 777);
	assert_string_equal(c.outdir, "res;ults #1");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
}

static void
test_file_errors(void **state)
{
	char err[CFG_ERR_LEN], *big;
	const char *path;
	struct cfg c;
	size_t i, n = CFG_INI_MAX_B + 10;
	FILE *f;

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, FIXTURE("no_such_file.ini"), err, sizeof(err)),
			 -ENOENT);
	assert_contains(err, "no_such_file.ini");
	assert_contains(err, strerror(ENOENT));
	assert_int_equal(cfg_load_ini(&c, tmpdir, err, sizeof(err)), -EISDIR);
	assert_contains(err, tmpdir);

	/* above 1 MiB: a valid-looking file made of comment lines */
	big = malloc(n);
	assert_non_null(big);
	for (i = 0; i < n; i++)
		big[i] = i % 64 == 63 ? '\n' : (i % 64 == 0 ? ';' : 'x');
	path = write_tmp("big.ini", "");
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(big, 1, n, f), n);
	fclose(f);
	free(big);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EFBIG);
	assert_contains(err, path);
	assert_contains(err, "too large");

	/* a line longer than iniparser can read */
	big = malloc(CFG_INI_LINE_MAX + 40);
	assert_non_null(big);
	memset(big, 'x', CFG_INI_LINE_MAX + 38);
	memcpy(big, "[output]\ndir = ", 15);
	big[CFG_INI_LINE_MAX + 38] = '\n';
	big[CFG_INI_LINE_MAX + 39] = '\0';
	path = write_tmp("long.ini", big);
	free(big);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "line longer");

	/* case matters: iniparser would lowercase these */
	path = write_tmp("case.ini", "[Traffic]\nrate_fps = 1\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[Traffic]");
	path = write_tmp("case2.ini", "[traffic]\nRate_FPS = 1\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] Rate_FPS = \"1\": unknown key");
}

/* ------------------------------------------------- dut_mac = resolve */

/* [side] dut_mac = resolve (the default) is the zero MAC and prints back
 * as resolve; a typed zero MAC is refused; dut_ip is checked against the
 * side's ip_version, and implied as the own address with last byte 1. */
static void
test_dut_resolve(void **state)
{
	char err[CFG_ERR_LEN], buf[64];
	const char *path;
	uint8_t ip[16];
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	assert_true(cfg_side_resolve(&c.side[CFG_LEFT]));
	cfg_key_format(&c, cfg_key_find("left", "dut_mac"), buf, sizeof(buf));
	assert_string_equal(buf, "resolve");
	assert_int_equal(cfg_side_dut_ip(&c, CFG_LEFT, ip, err, sizeof(err)), 0);
	assert_memory_equal(ip, ((const uint8_t[4]){ 198, 18, 0, 1 }), 4);
	c.side[CFG_RIGHT].ip_version = 6;
	assert_int_equal(cfg_side_dut_ip(&c, CFG_RIGHT, ip, err, sizeof(err)), 0);
	assert_memory_equal(ip, ((const uint8_t[16]){ 0x20, 0x01, 0, 2, 0, 0, 0, 1,
						      [15] = 1 }), 16);

	path = write_tmp("mac.ini", "[left]\ndut_mac = 02:00:00:00:00:20\n"
			 "[right]\ndut_mac = resolve\ndut_ip = 198.19.0.254\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_false(cfg_side_resolve(&c.side[CFG_LEFT]));
	assert_true(cfg_side_resolve(&c.side[CFG_RIGHT]));
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	assert_int_equal(cfg_side_dut_ip(&c, CFG_RIGHT, ip, err, sizeof(err)), 0);
	assert_memory_equal(ip, ((const uint8_t[4]){ 198, 19, 0, 254 }), 4);

	path = write_tmp("zero.ini", "[left]\ndut_mac = 00:00:00:00:00:00\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] dut_mac = \"00:00:00:00:00:00\": the zero MAC");
	path = write_tmp("word.ini", "[left]\ndut_mac = resolved\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "nor resolve");
	path = write_tmp("macres.ini", "[left]\nmac = resolve\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);

	/* a wrong version, the own address */
	path = write_tmp("ip6.ini", "[left]\ndut_ip = 2001:db8::1\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] dut_ip = 2001:db8::1: not an IPv4 address");
	path = write_tmp("own.ini", "[right]\ndut_ip = 198.19.0.2\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[right] dut_ip = 198.19.0.2: the tester's own address");
	/* the implied address would be the tester's own */
	path = write_tmp("dot1.ini", "[left]\nipv4 = 198.18.0.1\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "set [left] dut_ip");
	/* ... which does not matter with a dut_mac */
	path = write_tmp("dot1mac.ini", "[left]\nipv4 = 198.18.0.1\n"
			 "dut_mac = 02:00:00:00:00:20\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
}

/* ------------------------------------------------------- conf/dutperf.ini */

static void
test_conf_example(void **state)
{
	char err[CFG_ERR_LEN], line[1024], section[64] = "";
	bool *seen;
	struct cfg c;
	unsigned i;
	FILE *f;

	(void)state;
	cfg_defaults(&c);
	if (cfg_load_ini(&c, CONF_INI, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	if (cli_validate(&c, err, sizeof(err)) != 0)
		fail_msg("%s", err);

	/* every key of the table is written out in the example */
	seen = calloc(cfg_key_count(), sizeof(*seen));
	assert_non_null(seen);
	f = fopen(CONF_INI, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		char key[64];

		if (sscanf(line, "[%63[^]]]", section) == 1)
			continue;
		if (sscanf(line, " %63[a-z0-9_] =", key) != 1 || line[0] == ';')
			continue;
		for (i = 0; i < cfg_key_count(); i++)
			if (strcmp(cfg_key_at(i)->section, section) == 0 &&
			    strcmp(cfg_key_at(i)->key, key) == 0)
				seen[i] = true;
	}
	fclose(f);
	for (i = 0; i < cfg_key_count(); i++)
		if (!seen[i])
			fail_msg("[%s] %s missing from conf/dutperf.ini",
				 cfg_key_at(i)->section, cfg_key_at(i)->key);
	free(seen);
}

/* cfg_print writes an INI that loads back to the same configuration. */
static void
test_print_roundtrip(void **state)
{
	char err[CFG_ERR_LEN], path[256];
	struct cfg a, b;
	FILE *f;

	(void)state;
	cfg_defaults(&a);
	a.side[CFG_LEFT].ip_version = 6;
	a.side[CFG_RIGHT].send_lcore = CFG_LCORE_NONE;
	a.direction = CFG_DIRECTION_FORWARD;
	a.frame_size_b = 1518;
	a.seed = UINT64_MAX;
	a.dir[CFG_REV].src_slice.mode = CFG_VAR_DECREASING;
	a.dir[CFG_REV].src_slice.min = 10;
	a.side[CFG_RIGHT].mac[5] = 0xab;
	a.side[CFG_RIGHT].ipv6[7] = 0x42;
	a.jumbo = true;
	snprintf(a.outdir, sizeof(a.outdir), "out;put #2");
	assert_int_equal(cli_validate(&a, err, sizeof(err)), 0);

	snprintf(path, sizeof(path), "%s/printed.ini", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	cfg_print(&a, f);
	fclose(f);
	cfg_defaults(&b);
	if (cfg_load_ini(&b, path, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(a.path, sizeof(a.path), "%s", path);
	a.from = b.from;	/* every key is now the file's */
	assert_memory_equal(&a, &b, sizeof(a));
}

/* [port2] .. [port7]: [left]'s port keys, consecutive sections; the
 * printed file of two ports has neither [portK] nor [switch]. */
static void
test_ports(void **state)
{
	char err[CFG_ERR_LEN], path2[256], *text = NULL;
	const char *path;
	struct cfg a, b;
	size_t len = 0;
	FILE *f;

	(void)state;
	cfg_defaults(&a);
	assert_int_equal(a.nb_ports, 2);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	cfg_print(&a, f);
	fclose(f);
	assert_null(strstr(text, "[switch]"));
	assert_null(strstr(text, "[port"));
	free(text);

	path = write_tmp("ports.ini", "[port2]\nmac = 02:00:00:00:02:99\n"
			 "send_lcore = 1\n[port3]\nport_id = 5\n"
			 "[switch]\naging_s = 30\naddrs_per_port = 4\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), 0);
	assert_int_equal(a.nb_ports, 4);
	assert_int_equal(cfg_port(&a, 2)->mac[5], 0x99);
	assert_int_equal(cfg_port(&a, 2)->send_lcore, 1);
	assert_int_equal(cfg_port(&a, 2)->port_id, 2);	/* default K */
	assert_int_equal(cfg_port(&a, 3)->port_id, 5);
	assert_memory_equal(cfg_port(&a, 3)->ipv4,
			    ((const uint8_t[4]){ 198, 21, 0, 2 }), 4);
	assert_int_equal(a.sw.aging_s, 30);
	assert_int_equal(cli_validate(&a, err, sizeof(err)), 0);
	/* printed and loaded again: the same ports */
	snprintf(path2, sizeof(path2), "%s/ports_printed.ini", tmpdir);
	f = fopen(path2, "w");
	assert_non_null(f);
	cfg_print(&a, f);
	fclose(f);
	cfg_defaults(&b);
	if (cfg_load_ini(&b, path2, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(b.nb_ports, 4);
	assert_memory_equal(b.xport, a.xport, sizeof(a.xport));
	assert_memory_equal(&b.sw, &a.sw, sizeof(a.sw));

	/* a gap: [port3] without [port2], refused naming both */
	cfg_defaults(&a);
	path = write_tmp("gap.ini", "[traffic]\nrate_fps = 5\n[port3]\n"
			 "mac = 02:00:00:00:03:10\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "gap.ini: [port3]: the ports must be consecutive, "
			"[port2] is missing (line 3)");
	assert_int_equal(a.nb_ports, 2);	/* unchanged */
	/* a key of [left] that is no port key; [port8]; a duplicate */
	path = write_tmp("nets.ini", "[port2]\nnum_nets = 2\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[port2] num_nets = \"2\": unknown key (line 2)");
	path = write_tmp("p8.ini", "[port8]\nmac = 02:00:00:00:08:10\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[port8]: unknown section");
	path = write_tmp("dup.ini", "[port2]\nvlan = 3\nvlan = 4\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "duplicate key (line 3, first set on line 2)");
	path = write_tmp("badmac.ini", "[port2]\nmac = 02:00\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "badmac.ini: [port2] mac = \"02:00\"");
	/* RFC 2889 5.1.2: a binary exponential */
	path = write_tmp("apa.ini", "[switch]\naddrs_per_port = 6\n");
	assert_int_equal(cfg_load_ini(&a, path, err, sizeof(err)), 0);
	assert_int_equal(cli_validate(&a, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[switch] addrs_per_port = 6: not a binary "
			"exponential");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_defaults),
		cmocka_unit_test(test_table_bounds),
		cmocka_unit_test(test_parse_u64),
		cmocka_unit_test(test_parse_bool_mac),
		cmocka_unit_test(test_parse_ip),
		cmocka_unit_test(test_parse_enum),
		cmocka_unit_test(test_bad_fixtures),
		cmocka_unit_test(test_good_fixtures),
		cmocka_unit_test(test_file_errors),
		cmocka_unit_test(test_dut_resolve),
		cmocka_unit_test(test_conf_example),
		cmocka_unit_test(test_print_roundtrip),
		cmocka_unit_test(test_ports),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

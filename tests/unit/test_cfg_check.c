/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of cfg's derived values and checks: line rate, frame size,
 * cross checks, streams and loss keys, and which source set a value. */
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

#include "dutperf/cli.h"
#include "dutperf/cfg.h"
#include "dutperf/trial_spec.h"

UNIT_TMPDIR("test_cfg_check")

/* ------------------------------------------------------ derived values */

static void
test_line_rate(void **state)
{
	static const uint32_t sizes[] = { 64, 78, 84, 128, 512, 1518, 9216 };
	static const uint32_t speeds[] = { 1000, 2500, 10000, 25000, 40000,
					   100000, 800000 };
	unsigned i, j;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (j = 0; j < sizeof(speeds) / sizeof(speeds[0]); j++) {
			long double want = floorl((long double)speeds[j] * 1e6L /
						  ((sizes[i] + 20) * 8.0L));

			assert_true(cfg_line_rate_fps(sizes[i], speeds[j]) ==
				    (uint64_t)want);
		}
	}
	/* by hand: 1e10 / (84 * 8) and 1e10 / (1538 * 8), rounded down */
	assert_true(cfg_line_rate_fps(64, 10000) == 14880952);
	assert_true(cfg_line_rate_fps(1518, 10000) == 812743);
	/* methodology.md: 12,019,231 at 84 B is rounded, floor is one less */
	assert_true(cfg_line_rate_fps(84, 10000) + 1 ==
		    (uint64_t)llroundl(1e10L / (104 * 8.0L)));
}

/* Rates above the line rate are refused where the link speed is known:
 * the key (an override), else the ports' reported speed. */
static void
test_line_rate_check(void **state)
{
	char err[CFG_ERR_LEN];
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	c.frame_size_b = 64;
	c.rate_fps = 20000000;
	/* no key, no port report yet (before the EAL): not known */
	assert_int_equal(cfg_link_speed_mbps(&c), 0);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.link_speed_gbps = 10;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] rate_fps = 20000000 fps is above the "
			"line rate of 64-byte frames at [traffic] "
			"link_speed_gbps = 10: 14880952 fps");
	c.rate_fps = 14880952;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), 0);
	c.rate_fps = 14880953;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);

	c.rate_fps = 1000000;
	c.frame_size_b = 1518;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "1518-byte frames");
	assert_contains(err, "812743 fps");
	c.rate_fps = 812743;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), 0);

	/* the key overrides the port; without it the port's speed counts */
	c.port_speed_mbps = 100000;
	c.rate_fps = 1000000;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);
	c.link_speed_gbps = 0;
	assert_int_equal(cfg_link_speed_mbps(&c), 100000);
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), 0);
	c.port_speed_mbps = 1000;	/* 1e9 / (1538 * 8) = 81274 */
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "1000 Mb/s (the ports' speed): 81274 fps");

	/* the search bounds and the loss rates too */
	c.rate_fps = 1000;
	c.rate_max_fps = 81275;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[search] rate_max_fps = 81275");
	c.rate_max_fps = 0;
	c.initial_rate_fps = 90000;
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[search] initial_rate_fps = 90000");
	c.initial_rate_fps = 0;
	snprintf(c.loss_rates, sizeof(c.loss_rates), "1000,81274,81275");
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[loss] rates item = 81275");
	snprintf(c.loss_rates, sizeof(c.loss_rates), "1000,81274");
	assert_int_equal(cli_check_line_rate(&c, err, sizeof(err)), 0);
}

static void
test_frame_size_and_dirs(void **state)
{
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	c.frame_size_b = 128;
	assert_int_equal(cfg_frame_size_b(&c, 4), 128);
	assert_int_equal(cfg_frame_size_b(&c, 6), 128);
	c.side[CFG_RIGHT].ip_version = 6;
	assert_int_equal(cfg_frame_size_b(&c, 4), 108);
	assert_int_equal(cfg_frame_size_b(&c, 6), 128);

	c.direction = CFG_DIRECTION_BOTH;
	assert_true(cfg_dir_active(&c, CFG_FWD) && cfg_dir_active(&c, CFG_REV));
	c.direction = CFG_DIRECTION_FORWARD;
	assert_true(cfg_dir_active(&c, CFG_FWD) && !cfg_dir_active(&c, CFG_REV));
	c.direction = CFG_DIRECTION_REVERSE;
	assert_true(!cfg_dir_active(&c, CFG_FWD) && cfg_dir_active(&c, CFG_REV));

	/* addressing: left v4 -> right v6 uses right's IPv4 virtual address */
	c.side[CFG_RIGHT].ip_version = 6;
	assert_ptr_equal(cfg_src_addr(&c, CFG_FWD, 4), c.side[CFG_LEFT].ipv4);
	assert_ptr_equal(cfg_dst_addr(&c, CFG_FWD, 4), c.side[CFG_RIGHT].ipv4_virt);
	assert_ptr_equal(cfg_src_addr(&c, CFG_REV, 6), c.side[CFG_RIGHT].ipv6);
	assert_ptr_equal(cfg_dst_addr(&c, CFG_REV, 6), c.side[CFG_LEFT].ipv6_virt);
	c.side[CFG_RIGHT].ip_version = 4;
	assert_ptr_equal(cfg_dst_addr(&c, CFG_FWD, 4), c.side[CFG_RIGHT].ipv4);
}

/* Cross checks built in code, each next to its passing neighbour. */
static void
test_validate_edges(void **state)
{
	char err[CFG_ERR_LEN];
	struct cfg c;

	(void)state;
	/* jumbo boundary */
	cfg_defaults(&c);
	c.frame_size_b = 1518;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.frame_size_b = 1519;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] frame_size_b = 1519");
	assert_null(strstr(err, ".ini"));	/* no file: no file name */
	c.jumbo = true;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);

	/*
	 * Smallest frames per setup (issue 18 item 5): IPv6 78 (compact
	 * stamp, RFC 5180), 77 not; background IPv6 the same; translation
	 * 84, as its IPv4 frames are 20 bytes shorter and at least 64.
	 */
	cfg_defaults(&c);
	c.side[CFG_LEFT].ip_version = 6;
	c.side[CFG_RIGHT].ip_version = 6;
	c.frame_size_b = 78;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.frame_size_b = 83;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.frame_size_b = 77;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] frame_size_b = 77: IPv6 frames");
	assert_contains(err, "at least 78 bytes");
	cfg_defaults(&c);
	c.m = 0;
	c.frame_size_b = 78;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.frame_size_b = 77;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "background IPv6 frames");
	cfg_defaults(&c);
	c.side[CFG_LEFT].ip_version = 6;
	c.frame_size_b = 78;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] frame_size_b = 78: below 84 with translation");
	assert_contains(err, "need 64");
	c.frame_size_b = 84;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);

	/* num_nets byte overflow: 3rd byte 19 + 237 - 1 = 255 fits, 238 not */
	cfg_defaults(&c);
	c.side[CFG_RIGHT].ipv4[2] = 19;
	c.side[CFG_RIGHT].num_nets = 237;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.side[CFG_RIGHT].num_nets = 238;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[right] num_nets = 238");
	c.direction = CFG_DIRECTION_REVERSE;	/* no frames go to the right */
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);

	/* translating, left IPv6: reverse frames go to left's ipv4_virt
	 * 198.18.255.2, whose 3rd byte leaves no room for a 2nd network */
	cfg_defaults(&c);
	c.side[CFG_LEFT].ip_version = 6;
	c.frame_size_b = 84;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.side[CFG_LEFT].num_nets = 2;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] ipv4_virt = 198.18.255.2");
	/* IPv6 destination: num_nets and dst_slice vary different bytes */
	cfg_defaults(&c);
	c.side[CFG_LEFT].ip_version = 6;
	c.side[CFG_RIGHT].ip_version = 6;
	c.frame_size_b = 84;
	c.side[CFG_RIGHT].num_nets = 16;
	c.dir[CFG_FWD].dst_slice.mode = CFG_VAR_RANDOM;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.side[CFG_RIGHT].ipv6[7] = 250;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "byte 8");

	/* fixed mode ignores its range; m = n allowed, m = 0 all background */
	cfg_defaults(&c);
	c.dir[CFG_FWD].dport.mode = CFG_VAR_FIXED;
	c.dir[CFG_FWD].dport.min = 9;
	c.dir[CFG_FWD].dport.max = 8;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.dir[CFG_FWD].dport.mode = CFG_VAR_DECREASING;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[forward] dport_min = 9 > dport_max = 8");
	cfg_defaults(&c);
	c.m = 0;
	c.frame_size_b = 84;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);

	/* search bounds */
	cfg_defaults(&c);
	c.rate_min_fps = 100;
	c.initial_rate_fps = 99;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "initial_rate_fps = 99");
	c.initial_rate_fps = 100;	/* max 0 = line rate: no upper check */
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	c.rate_max_fps = 101;
	c.initial_rate_fps = 101;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);

	/* values set in code are range-checked too */
	cfg_defaults(&c);
	c.burst = 0;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] burst = 0: out of range 1..64");
	cfg_defaults(&c);
	c.side[CFG_LEFT].send_lcore = 128;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] send_lcore = 128");
}

/* Several streams: lcore lists and queues, checked before the EAL. */
static void
test_streams_keys(void **state)
{
	struct cfg c;
	char err[512];
	uint16_t l[CFG_MAX_QUEUES];
	unsigned nb;

	(void)state;
	cfg_defaults(&c);
	/* no list: the one lcore */
	assert_int_equal(cfg_side_lcores(&c, CFG_LEFT, true, l, CFG_MAX_QUEUES,
					 &nb, err, sizeof(err)), 0);
	assert_int_equal(nb, 1);
	assert_int_equal(l[0], c.side[CFG_LEFT].send_lcore);
	strcpy(c.side[CFG_LEFT].send_lcores, "2-3");
	strcpy(c.side[CFG_RIGHT].recv_lcores, "0,1");
	c.side[CFG_LEFT].queues = 2;
	c.side[CFG_RIGHT].queues = 2;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	assert_int_equal(cfg_side_lcores(&c, CFG_LEFT, true, l, CFG_MAX_QUEUES,
					 &nb, err, sizeof(err)), 0);
	assert_int_equal(nb, 2);
	assert_int_equal(l[0], 2);
	assert_int_equal(l[1], 3);
	/* more lcores than queues */
	c.side[CFG_RIGHT].queues = 1;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[right] recv_lcores = 0,1: 2 lcores, more than [right] queues = 1");
	c.side[CFG_RIGHT].queues = 2;
	strcpy(c.side[CFG_LEFT].send_lcores, "2-x");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] send_lcores = 2-x: want lcore ids like 1-2,4");
	strcpy(c.side[CFG_LEFT].send_lcores, "5,5");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] send_lcores = 5,5: lcore 5 listed twice");
	strcpy(c.side[CFG_LEFT].send_lcores, "3-200");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "lcore 200 above 127");
	strcpy(c.side[CFG_LEFT].send_lcores, "");
	c.side[CFG_LEFT].queues = 17;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[left] queues = 17: out of range 1..16");
	/* a list stands in for send_lcore = none */
	cfg_defaults(&c);
	c.side[CFG_LEFT].send_lcore = CFG_LCORE_NONE;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	strcpy(c.side[CFG_LEFT].send_lcores, "0");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
	/* pdv takes several queues too (streams_modes.sh) */
	c.side[CFG_RIGHT].queues = 2;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);
}

/* [loss] rates: the list, its count, and every way an item is rejected. */
static void
test_loss_rates(void **state)
{
	static const struct {
		const char *list;
		const char *needle;	/* in the error */
	} bad[] = {
		{ "1000,,2000", "item 2 (\"\"): empty" },
		{ ",1000", "item 1 (\"\"): empty" },
		{ "1000, ", "item 2 (\"\"): empty" },
		{ "1000,", "trailing comma" },
		{ "1000,0", "item 2 (\"0\"): out of range 1..1000000000" },
		{ "1000000001", "out of range 1..1000000000" },
		{ "12x", "item 1 (\"12x\"): not an unsigned decimal integer" },
		{ "5,\t7", "not an unsigned decimal integer" },
		{ "1,123456789012345678901234567890123", "item 2 (\"1234" },
	};
	char err[CFG_ERR_LEN];
	uint64_t out[3];
	struct cfg c;
	unsigned i;

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(cfg_loss_rates(&c, out, 3, err, sizeof(err)), 0);
	snprintf(c.loss_rates, sizeof(c.loss_rates), " 1000 ,2000,  30000");
	memset(out, 0, sizeof(out));
	assert_int_equal(cfg_loss_rates(&c, out, 3, err, sizeof(err)), 3);
	assert_true(out[0] == 1000 && out[1] == 2000 && out[2] == 30000);
	/* more items than room: all counted, the first max stored */
	memset(out, 0, sizeof(out));
	assert_int_equal(cfg_loss_rates(&c, out, 2, err, sizeof(err)), 3);
	assert_true(out[0] == 1000 && out[1] == 2000 && out[2] == 0);
	assert_int_equal(cfg_loss_rates(&c, NULL, 0, err, sizeof(err)), 3);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), 0);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(c.loss_rates, sizeof(c.loss_rates), "%s", bad[i].list);
		err[0] = '\0';
		if (cfg_loss_rates(&c, out, 3, err, sizeof(err)) != -EINVAL)
			fail_msg("\"%s\" accepted", bad[i].list);
		assert_contains(err, "[loss] rates = \"");
		assert_contains(err, bad[i].needle);
		/* cfg_validate checks the list too */
		assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
		assert_contains(err, bad[i].needle);
	}
	/* an item too long to be a number is named as such */
	snprintf(c.loss_rates, sizeof(c.loss_rates), "%s",
		 "1,123456789012345678901234567890123");
	assert_int_equal(cfg_loss_rates(&c, out, 3, err, sizeof(err)), -EINVAL);
	assert_contains(err, "too long");
	/* from a file: the message starts with the file name */
	snprintf(c.path, sizeof(c.path), "x.ini");
	assert_int_equal(cfg_loss_rates(&c, out, 3, err, sizeof(err)), -EINVAL);
	assert_int_equal(strncmp(err, "x.ini: [loss] rates = ", 22), 0);
}


/* The line rate check blames the option too (issue 18 item 7). */
static void
test_origin_line_rate(void **state)
{
	char err[CFG_ERR_LEN];
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	snprintf(c.path, sizeof(c.path), "x.ini");
	c.link_speed_gbps = 10;
	c.rate_fps = 20000000;
	cfg_key_mark(&c, cfg_key_find("traffic", "rate_fps"), "-r/--rate");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_int_equal(strncmp(err, "-r/--rate 20000000 fps is above the line rate", 45), 0);
	c.rate_fps = 1000;
	snprintf(c.loss_rates, sizeof(c.loss_rates), "1000,20000000");
	cfg_key_mark(&c, cfg_key_find("loss", "rates"), NULL);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_int_equal(strncmp(err, "x.ini: [loss] rates item = 20000000 fps", 39), 0);
}

/* A value set by an option is blamed on the option, not on the file the
 * rest came from: -s 2000 with -c FILE is "-s/--size 2000 ...", not
 * "FILE: [traffic] frame_size_b = 2000 ...". */
static void
test_origin(void **state)
{
	const struct cfg_key *size = cfg_key_find("traffic", "frame_size_b");
	const struct cfg_key *m = cfg_key_find("traffic", "m");
	char err[CFG_ERR_LEN];
	struct cfg c;

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(c.from.origin[size - cfg_key_at(0)], CFG_ORIGIN_DEFAULT);
	snprintf(c.path, sizeof(c.path), "x.ini");
	assert_int_equal(cfg_key_set(&c, size, "2000", err, sizeof(err)), 0);
	cfg_key_mark(&c, size, NULL);		/* from the file */
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_int_equal(strncmp(err, "x.ini: [traffic] frame_size_b = 2000 needs", 42), 0);
	cfg_key_mark(&c, size, "-s/--size");	/* from the command line */
	assert_false(cfg_key_from_option(&c, "traffic", "m"));
	assert_true(cfg_key_from_option(&c, "traffic", "frame_size_b"));
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_int_equal(strncmp(err, "-s/--size 2000 needs", 20), 0);
	assert_null(strstr(err, "x.ini"));
	/* out of range in code, too */
	c.frame_size_b = 10000;
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_int_equal(strncmp(err, "-s/--size 10000: out of range 64..9216", 38), 0);
	/* the other key of a cross check: the option when it came from one */
	cfg_defaults(&c);
	snprintf(c.path, sizeof(c.path), "x.ini");
	c.m = 3;
	cfg_key_mark(&c, m, NULL);
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "x.ini: [traffic] m = 3 > n = 2");
	cfg_key_mark(&c, m, "--m");
	assert_int_equal(cli_validate(&c, err, sizeof(err)), -EINVAL);
	assert_contains(err, "--m 3 > [traffic] n = 2");
	assert_null(strstr(err, "x.ini"));
	/* loading a file marks what it set, and only that */
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, unit_write_file(tmpdir, "o.ini",
			 "[traffic]\nm = 1\n"), err, sizeof(err)), 0);
	assert_int_equal(c.from.origin[m - cfg_key_at(0)], CFG_ORIGIN_FILE);
	assert_int_equal(c.from.origin[size - cfg_key_at(0)], CFG_ORIGIN_DEFAULT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_rate),
		cmocka_unit_test(test_line_rate_check),
		cmocka_unit_test(test_frame_size_and_dirs),
		cmocka_unit_test(test_validate_edges),
		cmocka_unit_test(test_loss_rates),
		cmocka_unit_test(test_streams_keys),
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_origin_line_rate),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of imix.h: the RFC 6985 genome parser (letters, custom
 * sizes, presets, every malformed genome refused with a reason), the mean
 * sizes, the line rate of a mix and the per-size counts of a prefix of
 * the sequence.  Every expected figure is worked out by hand in the
 * comment beside it.  Then the frames of a mix ([traffic] imix through
 * frame_spec, frame_gen and frame_cls): sizes in the genome's order,
 * every one classified as ours by the fast path with its sequence number.
 * With DUTPERF_PCAP_DIR set, writes the pcaps and their .spec files that
 * tests/tools/imix_golden.py rebuilds byte for byte
 * (tests/integration/imix_golden.sh).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cli.h"
#include "dutperf/cfg.h"
#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "dutperf/imix.h"
#include "pcap.h"

#define MIN_B 64
#define MAX_B 9216

static void
test_letters(void **state)
{
	/* RFC 6985's letters, each alone */
	static const uint32_t want[] = { 64, 128, 256, 512, 1024, 1280, 1518 };
	struct imix m;
	char err[256], g[2] = "a";
	unsigned int i;

	(void)state;
	for (i = 0; i < 7; i++) {
		g[0] = (char)('a' + i);
		assert_int_equal(imix_parse(&m, g, MIN_B, MAX_B, err, sizeof(err)), 0);
		assert_int_equal(m.len, 1);
		assert_int_equal(m.nb_sizes, 1);
		assert_int_equal(m.size_b[0], want[i]);
		assert_int_equal(imix_size_at(&m, 12345), want[i]);
		assert_string_equal(m.genome, g);
	}
}

static void
test_sequence_order(void **state)
{
	/* RFC 6985's kind of example: 64, 64, 128, 64, 1518 repeating */
	static const uint32_t want[] = { 64, 64, 128, 64, 1518 };
	struct imix m;
	char err[256];
	unsigned int i;

	(void)state;
	assert_int_equal(imix_parse(&m, "aabag", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(m.len, 5);
	assert_int_equal(m.nb_sizes, 3);	/* 64, 128, 1518 */
	for (i = 0; i < 20; i++)
		assert_int_equal(imix_size_at(&m, i), want[i % 5]);
	assert_int_equal(imix_pass_b(&m), 64 * 3 + 128 + 1518);	/* 1838 */
	assert_true(imix_mean_l2_b(&m) == 1838.0 / 5);
	assert_int_equal(imix_min_b(&m), 64);
	assert_int_equal(imix_max_b(&m), 1518);
}

static void
test_custom(void **state)
{
	struct imix m;
	char err[256];

	(void)state;
	assert_int_equal(imix_parse(&m, "hahz:z=100:h=9000", MIN_B, MAX_B, err,
				    sizeof(err)), 0);
	assert_int_equal(imix_size_at(&m, 0), 9000);
	assert_int_equal(imix_size_at(&m, 1), 64);
	assert_int_equal(imix_size_at(&m, 3), 100);
	/* written out with the definitions in letter order */
	assert_string_equal(m.genome, "hahz:h=9000:z=100");
	assert_string_equal(m.name, "hahz:z=100:h=9000");
}

static void
test_preset_csit(void **state)
{
	struct imix m;
	char err[256];
	uint64_t f[IMIX_MAX_SIZES], b[IMIX_MAX_SIZES];

	(void)state;
	assert_int_equal(imix_parse(&m, "csit", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_string_equal(m.name, "csit");
	assert_string_equal(m.genome, "aaaaaaaxxxxg:x=570");
	assert_int_equal(m.len, 12);
	assert_int_equal(m.nb_sizes, 3);
	/* 7 x 64 + 4 x 570 + 1 x 1518 = 448 + 2280 + 1518 = 4246 B */
	assert_int_equal(imix_pass_b(&m), 4246);
	assert_true(imix_mean_l2_b(&m) == 4246.0 / 12);		/* 353.83 */
	assert_true(imix_mean_l1_b(&m) == 4246.0 / 12 + 20);	/* 373.83 */
	/* 25 frames: two passes and one more 64 B frame */
	assert_int_equal(imix_count(&m, 25, f, b), 15 * 64 + 8 * 570 + 2 * 1518);
	assert_int_equal(f[0], 15);
	assert_int_equal(f[1], 8);
	assert_int_equal(f[2], 2);
	assert_int_equal(b[1], 8 * 570);
}

static void
test_line_rate(void **state)
{
	struct imix m;
	char err[256];

	(void)state;
	/* 10 Gb/s, 64 B: 1e10 / (84 * 8) = 14,880,952.4 */
	assert_int_equal(imix_parse(&m, "a", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 14880952);
	/* 1518 B: 1e10 / (1538 * 8) = 812,743.8 */
	assert_int_equal(imix_parse(&m, "g", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 812743);
	/* CSIT: 1e10 * 12 / ((4246 + 12 * 20) * 8) = 1.2e11 / 35888
	 * = 3,343,736.07 */
	assert_int_equal(imix_parse(&m, "csit", MIN_B, MAX_B, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 3343736);
	/* the link speed over the mean L1 length, to within rounding */
	assert_true(imix_line_rate_fps(&m, 10000) ==
		    (uint64_t)(1e10 / (imix_mean_l1_b(&m) * 8)));
}

static void
test_bad(void **state)
{
	static const struct {
		const char *in, *why;
	} cases[] = {
		{ "", "no sequence" },
		{ ":x=570", "no sequence" },
		{ "aAg", "'A' at 2" },
		{ "a g", "' ' at 2" },
		{ "aah", "h has no size" },
		{ "ax:x=570:x=600", "x defined twice" },
		{ "ab:b=100", "b is RFC 6985's 128 bytes" },
		{ "ax:x=63", "x=63: outside 64..9216" },
		{ "ax:x=9217", "outside 64..9216" },
		{ "ax:x=05", "not a size" },
		{ "ax:x=5a0", "not a size" },
		{ "ax:x=", "LETTER=BYTES" },
		{ "ax:", "LETTER=BYTES" },
		{ "ax:x570", "LETTER=BYTES" },
		{ "a:x=570", "x=570 is defined but not in the sequence" },
		{ "abcdefghi:h=100:i=200", "more than 8 distinct sizes" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		  "65 letters: at most 64" },
		{ "CSIT", "'C' at 1" },
	};
	struct imix m;
	char err[256];
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		assert_int_equal(imix_parse(&m, cases[i].in, MIN_B, MAX_B, err,
					    sizeof(err)), -EINVAL);
		if (strstr(err, cases[i].why) == NULL)
			fail_msg("\"%s\": \"%s\" lacks \"%s\"", cases[i].in,
				 err, cases[i].why);
		assert_int_equal(m.len, 0);
	}
	/* a standard size outside the caller's bounds (no jumbo: 1518) */
	assert_int_equal(imix_parse(&m, "ag", 64, 1280, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "g (1518 bytes): outside 64..1280"));
}

/* One mix configuration of the frames tests. */
struct mix_case {
	const char *name, *genome;
	uint8_t left_v, right_v;
	uint32_t n, m;
};

static const struct mix_case mix_cases[] = {
	/* every RFC 6985 letter once, IPv4 */
	{ "imix_ipv4", "abcdefg", 4, 4, 2, 2 },
	/* IPv6: 78 B (compact stamp) and the letters above 64 */
	{ "imix_ipv6", "xbcdefg:x=78", 6, 6, 2, 2 },
	/* SIIT: the IPv6 side sends the configured sizes, the IPv4 side
	 * frames 20 B shorter (RFC 8219 5.1.1) */
	{ "imix_siit", "xbcdefg:x=84", 6, 4, 2, 2 },
	{ "imix_siit_v4", "xbcdefg:x=84", 4, 6, 2, 2 },
	/* IPv4 with RFC 8219 5.3 background IPv6 frames, 1 of every 3 */
	{ "imix_ipv4_bg", "xbcdefg:x=84", 4, 4, 3, 2 },
};

#define MIX_SPORT 49184		/* RFC 2544 C.2.6.4's fixed ports */
#define MIX_DPORT 7
#define MIX_TS UINT64_C(0x0102030405060708)
#define MIX_TRIAL 5

static void
mix_cfg(struct cfg *c, const struct mix_case *mc)
{
	cfg_defaults(c);
	c->side[CFG_LEFT].ip_version = mc->left_v;
	c->side[CFG_RIGHT].ip_version = mc->right_v;
	c->n = mc->n;
	c->m = mc->m;
	c->dir[CFG_FWD].sport.mode = CFG_VAR_FIXED;
	c->dir[CFG_FWD].dport.mode = CFG_VAR_FIXED;
	c->dir[CFG_FWD].sport_fixed = MIX_SPORT;
	c->dir[CFG_FWD].dport_fixed = MIX_DPORT;
	snprintf(c->imix, sizeof(c->imix), "%s", mc->genome);
}

static void
hex(FILE *f, const char *key, const uint8_t *p, size_t n)
{
	size_t i;

	fprintf(f, "%s ", key);
	for (i = 0; i < n; i++)
		fprintf(f, "%02x", p[i]);
	fputc('\n', f);
}

/* The .spec of a pcap: what imix_golden.py builds the frames from. */
static void
write_spec(const char *path, const struct frame_spec *s, const struct imix *m,
	   unsigned int frames)
{
	FILE *f = fopen(path, "w");
	unsigned int i;

	assert_non_null(f);
	hex(f, "src_mac", s->tx_src_mac, 6);
	hex(f, "dst_mac", s->tx_dst_mac, 6);
	fprintf(f, "fg_version %u\n", s->fg.tx.ip_version);
	hex(f, "fg_src", s->fg.tx.src, s->fg.tx.ip_version == 4 ? 4 : 16);
	hex(f, "fg_dst", s->fg.tx.dst, s->fg.tx.ip_version == 4 ? 4 : 16);
	hex(f, "bg_src", s->bg.tx.src, 16);
	hex(f, "bg_dst", s->bg.tx.dst, 16);
	fprintf(f, "n %u\nm %u\n", s->n, s->m);
	fprintf(f, "sport %u\ndport %u\n", MIX_SPORT, MIX_DPORT);
	fprintf(f, "ts %" PRIu64 "\ntrial %u\nframes %u\n", MIX_TS,
		MIX_TRIAL, frames);
	/* the configured sizes in order (IPv6 sizes when translating) */
	fprintf(f, "sizes");
	for (i = 0; i < m->len; i++)
		fprintf(f, " %u", imix_size_at(m, i));
	fprintf(f, "\nv4_short %u\n",
		s->fg.tx.ip_version != s->fg.rx.ip_version ? 20 : 0);
	fclose(f);
}

static void
test_mix_frames(void **state)
{
	static uint8_t buf[FRAME_MAX_BUF_B];
	const char *dir = getenv("DUTPERF_PCAP_DIR");
	unsigned int ci, i;

	(void)state;
	for (ci = 0; ci < sizeof(mix_cases) / sizeof(mix_cases[0]); ci++) {
		const struct mix_case *mc = &mix_cases[ci];
		struct frame_rx_info info;
		struct frame_spec s, rs;
		struct frame_gen g;
		struct frame_cls k;
		struct pcap_wr pw;
		struct imix m;
		struct cfg c;
		char err[CFG_ERR_LEN], path[1024];
		unsigned int frames = 3u * 7 * mc->n;
		uint16_t most = 0;

		mix_cfg(&c, mc);
		if (cli_validate(&c, err, sizeof(err)) != 0 ||
		    frame_spec_from_cfg(&s, &c, CFG_FWD, err, sizeof(err)) != 0)
			fail_msg("%s: %s", mc->name, err);
		assert_int_equal(cfg_imix(&c, &m), 1);
		frame_gen_init(&g, &s, 1);
		frame_gen_set_trial(&g, MIX_TRIAL);
		assert_false(frame_gen_patchable(&g));
		/* the receiver sees what the sender sent (no DUT: the
		 * addresses as sent), so its spec's rx is the tx */
		rs = s;
		rs.fg.rx = s.fg.tx;
		memcpy(rs.rx_mac, s.tx_dst_mac, 6);
		frame_cls_init(&k, &rs);
		if (dir != NULL) {
			snprintf(path, sizeof(path), "%s/%s.pcap", dir, mc->name);
			if (pcap_wr_open(&pw, path, err, sizeof(err)) != 0)
				fail_msg("%s", err);
		}
		memset(buf, 0, sizeof(buf));
		for (i = 0; i < frames; i++) {
			uint16_t len = frame_gen_next(&g, buf, i, MIX_TS, false);
			bool bg = i % mc->n >= mc->m;
			uint32_t want = imix_size_at(&m, i) -
					(!bg && s.fg.tx.ip_version == 4 &&
					 c.side[CFG_LEFT].ip_version !=
					 c.side[CFG_RIGHT].ip_version ? 20 : 0);

			most = len > most ? len : most;
			if ((uint32_t)len + FRAME_FCS_B != want)
				fail_msg("%s frame %u: %u bytes, want %u",
					 mc->name, i, len + FRAME_FCS_B, want);
			memset(&info, 0, sizeof(info));
			assert_int_equal(frame_classify_fast(&k, buf, len, &info),
					 FRAME_OURS);
			assert_int_equal(info.seq, i);
			assert_int_equal(info.background, bg);
			assert_int_equal(frame_classify(&k, buf, len, NULL),
					 FRAME_OURS);
			assert_int_equal(frame_classify_ref(&k, buf, len, NULL),
					 FRAME_OURS);
			/* one byte cut: no size of the mix, never ours */
			assert_int_not_equal(frame_classify(&k, buf, len - 1, NULL),
					     FRAME_OURS);
			if (dir != NULL)
				assert_int_equal(pcap_wr_write(&pw, buf, len,
							       (uint64_t)i * 1000), 0);
		}
		assert_int_equal(frame_gen_max_len(&g), most);
		if (dir != NULL) {
			assert_int_equal(pcap_wr_close(&pw), 0);
			snprintf(path, sizeof(path), "%s/%s.spec", dir, mc->name);
			write_spec(path, &s, &m, frames);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_letters),
		cmocka_unit_test(test_sequence_order),
		cmocka_unit_test(test_custom),
		cmocka_unit_test(test_preset_csit),
		cmocka_unit_test(test_line_rate),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_mix_frames),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

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
#include "dutperf/sizes.h"
#include "pcap.h"

#define MIN_B 64
#define MAX_B 9216

/* No custom sizes, z = 1518 (an Ethernet MTU of 1500), jumbo allowed. */
static const struct imix_env env_std = {
	.sizes = NULL, .mtu_b = 1518, .min_b = MIN_B, .max_b = MAX_B,
};

static int
parse(struct imix *m, const char *text, const char *sizes, char *err,
      size_t err_len)
{
	struct imix_env e = env_std;

	e.sizes = sizes;
	return imix_parse(m, text, &e, err, err_len);
}

static void
test_letters(void **state)
{
	/* RFC 6985 4's table: a..j, and z the MTU (1518 here) */
	static const uint32_t want[] = { 64, 128, 256, 512, 1024, 1280, 1518,
					 2112, 9000, 16000 };
	struct imix m;
	char err[512], g[2] = "a", note[IMIX_NOTE_MAX];
	unsigned int i;

	(void)state;
	for (i = 0; i < 10; i++) {
		g[0] = (char)('a' + i);
		if (want[i] > MAX_B) {
			/* j: 16000 B, more than any port here takes */
			assert_int_equal(parse(&m, g, NULL, err, sizeof(err)),
					 -EINVAL);
			assert_non_null(strstr(err, "j (16000 bytes): outside 64..9216"));
			continue;
		}
		assert_int_equal(parse(&m, g, NULL, err, sizeof(err)), 0);
		assert_int_equal(m.len, 1);
		assert_int_equal(m.nb_sizes, 1);
		assert_int_equal(m.size_b[0], want[i]);
		assert_int_equal(imix_size_at(&m, 12345), want[i]);
		assert_false(m.custom);
		assert_string_equal(m.table, "");
	}
	/* j with a (made-up) bound that takes it */
	{
		struct imix_env e = env_std;

		e.max_b = 16000;
		assert_int_equal(imix_parse(&m, "j", &e, err, sizeof(err)), 0);
		assert_int_equal(m.size_b[0], 16000);
	}
	/* z: the MTU, reported in the table (RFC 6985 4: MUST) */
	assert_int_equal(parse(&m, "aaz", NULL, err, sizeof(err)), 0);
	assert_int_equal(imix_size_at(&m, 2), 1518);
	assert_string_equal(m.genome, "IMIX - aaz");
	assert_string_equal(m.table, "z:1518");
	imix_note(&m, note, sizeof(note));
	assert_string_equal(note, "IMIX - aaz (z:1518)");
	/* without an MTU, z is refused */
	{
		struct imix_env e = env_std;

		e.mtu_b = IMIX_NO_MTU;
		assert_int_equal(imix_parse(&m, "az", &e, err, sizeof(err)),
				 -EINVAL);
		assert_non_null(strstr(err, "z is the MTU (RFC 6985 4): give its "
				       "frame size in [traffic] mtu_b"));
	}
}

static void
test_rfc_example(void **state)
{
	/* RFC 6985 4: "a five-packet sequence with sizes 64,64,64,1280,1518
	 * would be designated: IMIX - aaafg" */
	static const uint32_t want[] = { 64, 64, 64, 1280, 1518 };
	struct imix m;
	char err[512], note[IMIX_NOTE_MAX];
	unsigned int i;

	(void)state;
	assert_int_equal(parse(&m, "aaafg", NULL, err, sizeof(err)), 0);
	assert_int_equal(m.len, 5);
	assert_int_equal(m.nb_sizes, 3);	/* 64, 1280, 1518 */
	for (i = 0; i < 20; i++)
		assert_int_equal(imix_size_at(&m, i), want[i % 5]);
	/* 3 x 64 + 1280 + 1518 = 2990 */
	assert_int_equal(imix_pass_b(&m), 2990);
	assert_true(imix_mean_l2_b(&m) == 2990.0 / 5);
	assert_int_equal(imix_min_b(&m), 64);
	assert_int_equal(imix_max_b(&m), 1518);
	assert_string_equal(m.genome, "IMIX - aaafg");
	imix_note(&m, note, sizeof(note));
	assert_string_equal(note, "IMIX - aaafg");
	/* the RFC's whole designation reads the same */
	assert_int_equal(parse(&m, "IMIX - aaafg", NULL, err, sizeof(err)), 0);
	assert_int_equal(m.len, 5);
	assert_string_equal(m.genome, "IMIX - aaafg");
	assert_string_equal(m.name, "IMIX - aaafg");
}

static void
test_custom(void **state)
{
	/* RFC 6985 5: "aaa=64,aaa=64,aaa=64,ggg=1020,ggg=1020 would be
	 * designated: CUSTOM IMIX - AAAGG", with the table A 64, G 1020 */
	static const uint32_t want[] = { 64, 64, 64, 1020, 1020 };
	struct imix m;
	char err[512], note[IMIX_NOTE_MAX];
	unsigned int i;

	(void)state;
	assert_int_equal(parse(&m, "AAAGG", "G:1020 A:64", err, sizeof(err)), 0);
	assert_true(m.custom);
	assert_int_equal(m.len, 5);
	for (i = 0; i < 10; i++)
		assert_int_equal(imix_size_at(&m, i), want[i % 5]);
	assert_string_equal(m.genome, "CUSTOM IMIX - AAAGG");
	/* the table of the letters used, in letter order */
	assert_string_equal(m.table, "A:64 G:1020");
	imix_note(&m, note, sizeof(note));
	assert_string_equal(note, "CUSTOM IMIX - AAAGG (A:64 G:1020)");
	assert_int_equal(parse(&m, "CUSTOM IMIX - AAAGG", "A:64, G:1020, Z:9000",
			       err, sizeof(err)), 0);
	assert_string_equal(m.table, "A:64 G:1020");	/* Z not used */
	assert_int_equal(imix_pass_b(&m), 3 * 64 + 2 * 1020);
}

static void
test_run_length(void **state)
{
	/* RFC 6985 6.1's table: 20 x abcd, 5 x ggga, 10 x dcba, one pass of
	 * 80 + 20 + 40 = 140 frames */
	struct imix m;
	char err[512];
	unsigned int i;
	uint32_t want[140];
	static const uint32_t abcd[] = { 64, 128, 256, 512 };
	static const uint32_t ggga[] = { 1518, 1518, 1518, 64 };

	(void)state;
	for (i = 0; i < 80; i++)
		want[i] = abcd[i % 4];
	for (i = 0; i < 20; i++)
		want[80 + i] = ggga[i % 4];
	for (i = 0; i < 40; i++)
		want[100 + i] = abcd[3 - i % 4];
	assert_int_equal(parse(&m, "20abcd5ggga10dcba", NULL, err, sizeof(err)), 0);
	assert_int_equal(m.len, 140);
	for (i = 0; i < 280; i++)
		assert_int_equal(imix_size_at(&m, i), want[i % 140]);
	assert_string_equal(m.genome, "IMIX - 20abcd5ggga10dcba");
	/* commas between groups; a group without a count is one pass of it */
	assert_int_equal(parse(&m, "2ab,cd", NULL, err, sizeof(err)), 0);
	assert_int_equal(m.len, 6);	/* a b a b c d */
	assert_int_equal(imix_size_at(&m, 2), 64);
	assert_int_equal(imix_size_at(&m, 4), 256);
	assert_string_equal(m.genome, "IMIX - 2ab1cd");
	/* custom letters (RFC 6985 6.1: "the single upper-case letter Genome
	 * Codes would be used instead"): CSIT's 7:4:1 */
	assert_int_equal(parse(&m, "7A4X1G", "A:64 X:570 G:1518", err,
			       sizeof(err)), 0);
	assert_int_equal(m.len, 12);
	assert_int_equal(imix_pass_b(&m), 4246);
	assert_int_equal(imix_size_at(&m, 6), 64);
	assert_int_equal(imix_size_at(&m, 7), 570);
	assert_int_equal(imix_size_at(&m, 11), 1518);
	assert_string_equal(m.genome, "CUSTOM IMIX - 7A4X1G");
}

static void
test_preset_csit(void **state)
{
	struct imix m;
	char err[512], note[IMIX_NOTE_MAX];
	uint64_t f[IMIX_MAX_SIZES], b[IMIX_MAX_SIZES];

	(void)state;
	/* the preset brings its own table: imix_sizes does not matter */
	assert_int_equal(parse(&m, "csit", "A:100", err, sizeof(err)), 0);
	assert_string_equal(m.name, "csit");
	assert_string_equal(m.genome, "CUSTOM IMIX - AAAAAAAXXXXG");
	imix_note(&m, note, sizeof(note));
	assert_string_equal(note, "CUSTOM IMIX - AAAAAAAXXXXG (A:64 G:1518 X:570)");
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
	char err[512];

	(void)state;
	/* 10 Gb/s, 64 B: 1e10 / (84 * 8) = 14,880,952.4 */
	assert_int_equal(parse(&m, "a", NULL, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 14880952);
	/* 1518 B: 1e10 / (1538 * 8) = 812,743.8 */
	assert_int_equal(parse(&m, "g", NULL, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 812743);
	/* CSIT: 1e10 * 12 / ((4246 + 12 * 20) * 8) = 1.2e11 / 35888
	 * = 3,343,736.07 */
	assert_int_equal(parse(&m, "csit", NULL, err, sizeof(err)), 0);
	assert_int_equal(imix_line_rate_fps(&m, 10000), 3343736);
	/* the link speed over the mean L1 length, to within rounding */
	assert_true(imix_line_rate_fps(&m, 10000) ==
		    (uint64_t)(1e10 / (imix_mean_l1_b(&m) * 8)));
}

static void
test_bad(void **state)
{
	static const struct {
		const char *in, *sizes, *why;
	} cases[] = {
		{ "", NULL, "no sequence" },
		{ "IMIX - ", NULL, "no sequence" },
		{ "aAg", "A:64", "'A' at 2: a genome is lower-case letters" },
		{ "IMIX - AG", "A:64 G:1518", "'A' at 1: a genome is lower-case" },
		{ "CUSTOM IMIX - ag", NULL, "'a' at 1: a genome is lower-case" },
		{ "a g", NULL, "' ' at 2" },
		{ "aaq", NULL, "'q' at 3: not an RFC 6985 letter (a..j, z); a "
		  "custom size is an upper-case letter with its size in "
		  "imix_sizes (Q:BYTES" },
		{ "AAQ", "A:64", "Q has no size" },
		{ "AX", "X:570 X:600", "X given twice" },
		{ "AX", "x:570", "custom letters are upper-case" },
		{ "AX", "A:64 X:05", "\"X:05\": not a size" },
		{ "AX", "A:64 X:5a0", "\"X:5a0\": not a size" },
		{ "AX", "A:64 X", "\"X\": a custom size is LETTER:BYTES" },
		{ "AX", "A:64 X:63", "X (63 bytes): outside 64..9216" },
		{ "AX", "A:64 X:9217", "outside 64..9216" },
		{ "ABCDEFGHI", "A:64 B:65 C:66 D:67 E:68 F:69 G:70 H:71 I:72",
		  "more than 8 distinct sizes" },
		{ "0a", NULL, "\"0\" at 1: a count of repeats is 1..255" },
		{ "256a", NULL, "\"256\" at 1: a count of repeats is 1..255" },
		{ "20", NULL, "' ' at 3" },
		{ "a,", NULL, "',' at 2" },
		{ "128ab", NULL, "more than 255 frames in one pass" },
		{ "CSIT", NULL, "C has no size" },
		/* the old custom form: its RFC 6985 5 spelling shown */
		{ "aaaaaaaxxxxg:x=570", NULL, "custom letters after a colon are "
		  "not RFC 6985's spelling: write AAAAAAAXXXXG with the sizes "
		  "A:64 G:1518 X:570 (imix_sizes; RFC 6985 5: \"CUSTOM IMIX - "
		  "AAAAAAAXXXXG\")" },
		{ "hahz:z=100:h=9000", NULL, "write HAHZ with the sizes A:64 "
		  "H:9000 Z:100" },
		{ ":x=570", NULL, "not RFC 6985's spelling" },
	};
	struct imix m;
	char err[512];
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		assert_int_equal(parse(&m, cases[i].in, cases[i].sizes, err,
				       sizeof(err)), -EINVAL);
		if (strstr(err, cases[i].why) == NULL)
			fail_msg("\"%s\": \"%s\" lacks \"%s\"", cases[i].in,
				 err, cases[i].why);
		assert_int_equal(m.len, 0);
	}
	/* a standard size outside the caller's bounds (no jumbo: 1518) */
	{
		struct imix_env e = env_std;

		e.max_b = 1280;
		assert_int_equal(imix_parse(&m, "ag", &e, err, sizeof(err)),
				 -EINVAL);
		assert_non_null(strstr(err, "g (1518 bytes): outside 64..1280"));
	}
}

/* One mix configuration of the frames tests. */
struct mix_case {
	const char *name, *genome, *sizes;
	uint8_t left_v, right_v;
	uint32_t n, m;
};

/* B..G at RFC 6985 4's sizes, X at x */
#define IMIX_STD_SIZES(x) "X:" x " B:128 C:256 D:512 E:1024 F:1280 G:1518"

static const struct mix_case mix_cases[] = {
	/* every RFC 6985 letter once, IPv4 */
	{ "imix_ipv4", "abcdefg", NULL, 4, 4, 2, 2 },
	/* IPv6: 78 B (compact stamp) and RFC 6985's sizes above 64, a
	 * custom IMIX (RFC 6985 5) */
	{ "imix_ipv6", "XBCDEFG", IMIX_STD_SIZES("78"), 6, 6, 2, 2 },
	/* SIIT: the IPv6 side sends the configured sizes, the IPv4 side
	 * frames 20 B shorter (RFC 8219 5.1.1) */
	{ "imix_siit", "XBCDEFG", IMIX_STD_SIZES("84"), 6, 4, 2, 2 },
	{ "imix_siit_v4", "XBCDEFG", IMIX_STD_SIZES("84"), 4, 6, 2, 2 },
	/* IPv4 with RFC 8219 5.3 background IPv6 frames, 1 of every 3 */
	{ "imix_ipv4_bg", "XBCDEFG", IMIX_STD_SIZES("84"), 4, 4, 3, 2 },
	/* RFC 6985 6.5 over 6.2: the RFC's table in a pseudorandom order
	 * (seed 0, cfg_defaults') */
	{ "imix_random", "random:proportions:82:23,146:67,1018:10", NULL,
	  4, 4, 2, 2 },
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
	snprintf(c->imix_sizes, sizeof(c->imix_sizes), "%s",
		 mc->sizes != NULL ? mc->sizes : "");
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


/*
 * RFC 6985 6.2's example table (IP lengths 64, 128, 1000 at 23, 67, 10
 * percent) written in frame sizes: the RFC's "other layers" column, 82,
 * 146 and 1018 B (IP length + 14 B Ethernet header + 4 B FCS).
 */
#define RFC_TABLE "proportions:82:23,146:67,1018:10"

/* The layout worked out another way than imix.c's credits: frame j
 * (from 1) goes to the size whose count lags its share the most,
 * j w_i - total c_i largest, the first entry on a tie. */
static void
ref_swrr(const uint32_t *w, unsigned int n, unsigned int total,
	 uint8_t *out)
{
	int64_t c[IMIX_MAX_SIZES] = { 0 }, lag, best_lag;
	unsigned int j, i, best;

	for (j = 1; j <= total; j++) {
		best = 0;
		best_lag = INT64_MIN;
		for (i = 0; i < n; i++) {
			lag = (int64_t)j * w[i] - (int64_t)total * c[i];
			if (lag > best_lag) {
				best_lag = lag;
				best = i;
			}
		}
		c[best]++;
		out[j - 1] = (uint8_t)best;
	}
}

static void
test_proportions(void **state)
{
	/* by hand, credits 23/67/10 each frame, less 100 for the one sent:
	 * 146 (cr 23,-33,10), 82 (-54,34,20), 146 (-31,1,30),
	 * 146 (-8,-32,40), 1018 (15,35,-50), 146 (38,2,-40),
	 * 146 (61,-31,-30), 82 (-16,36,-20) */
	static const uint32_t first[] = { 146, 82, 146, 146, 1018, 146, 146, 82 };
	static const uint32_t w[] = { 23, 67, 10 };
	uint8_t want[IMIX_MAX_LEN];
	uint64_t per[IMIX_MAX_SIZES], cnt[3] = { 0 };
	char err[256], note[IMIX_NOTE_MAX];
	struct imix m;
	unsigned int i, j;

	(void)state;
	assert_int_equal(parse(&m, RFC_TABLE, NULL, err, sizeof(err)), 0);
	assert_int_equal(m.len, 100);	/* 23 + 67 + 10 over gcd 1 */
	assert_int_equal(m.nb_sizes, 3);
	assert_int_equal(m.size_b[0], 82);
	assert_int_equal(m.size_b[1], 146);
	assert_int_equal(m.size_b[2], 1018);
	for (i = 0; i < 8; i++)
		assert_int_equal(imix_size_at(&m, i), first[i]);
	ref_swrr(w, 3, 100, want);
	for (i = 0; i < 100; i++)
		assert_int_equal(m.seq[i], want[i]);
	/* every prefix within one frame of the proportions */
	for (j = 0; j < 100; j++) {
		cnt[m.seq[j]]++;
		for (i = 0; i < 3; i++) {
			int64_t d = (int64_t)cnt[i] * 100 -
				    (int64_t)(j + 1) * w[i];

			assert_true(d > -100 && d < 100);
		}
	}
	/* a pass: exactly the percentages; 250 frames: 2.5 passes */
	imix_count(&m, 100, per, NULL);
	assert_int_equal(per[0], 23);
	assert_int_equal(per[1], 67);
	assert_int_equal(per[2], 10);
	assert_int_equal(imix_pass_b(&m), 23 * 82 + 67 * 146 + 10 * 1018);
	imix_note(&m, note, sizeof(note));
	assert_string_equal(note, "IMIX TABLE OF PROPORTIONS - 82:23% 146:67% "
			    "1018:10% (100 frames a pass by smooth weighted "
			    "round-robin)");
	assert_string_equal(m.name, RFC_TABLE);
	assert_int_equal(m.letter[0], 0);
	/* reduced by the gcd: 40/60 is 2 of 3 ... 5 frames, blanks too */
	assert_int_equal(parse(&m, "proportions:64:40 1518:60", NULL, err,
			       sizeof(err)), 0);
	assert_int_equal(m.len, 5);
	/* credits 2,3 -> 1518 (2,-2), 64 (-1,1), 1518 (1,-1), 64 (-2,2),
	 * 1518 (0,0) */
	assert_int_equal(imix_size_at(&m, 0), 1518);
	assert_int_equal(imix_size_at(&m, 1), 64);
	assert_int_equal(imix_size_at(&m, 2), 1518);
	assert_int_equal(imix_size_at(&m, 3), 64);
	assert_int_equal(imix_size_at(&m, 4), 1518);
	/* '+' between entries: one word, as a campaign's sizes list needs */
	assert_int_equal(parse(&m, "proportions:82:23+146:67+1018:10", NULL,
			       err, sizeof(err)), 0);
	assert_int_equal(m.len, 100);
	for (i = 0; i < 100; i++)
		assert_int_equal(m.seq[i], want[i]);
	assert_int_equal(parse(&m, "proportions:570:100", NULL, err,
			       sizeof(err)), 0);
	assert_int_equal(m.len, 1);
	assert_int_equal(imix_size_at(&m, 7), 570);
	/* refused, each with its reason */
	assert_int_equal(parse(&m, "proportions:64:50,128:40", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "add up to 90, not 100"));
	assert_int_equal(m.len, 0);
	assert_int_equal(parse(&m, "proportions:", NULL, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "an empty table of proportions"));
	assert_int_equal(parse(&m, "proportions:64:50,64:50", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "64 bytes given twice"));
	assert_int_equal(parse(&m, "proportions:60:50,64:50", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "60 bytes: outside 64..9216"));
	assert_int_equal(parse(&m, "proportions:64:0,128:100", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "\"64:0\": a table of proportions is "
			       "FRAME_BYTES:PERCENT"));
	assert_int_equal(parse(&m, "proportions:64=50,128=50", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "\"64=50\""));
	assert_int_equal(parse(&m, "proportions:64:50%,128:50", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_int_equal(parse(&m, "proportions:64:11,65:11,66:11,67:11,68:11,"
			       "69:11,70:11,71:11,72:12", NULL, err,
			       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "more than 8 sizes"));
}

/* splitmix64 written again here: the published first output for seed 0
 * is 0xe220a8397b1dcdaf */
static uint64_t
ref_splitmix(uint64_t *x)
{
	uint64_t z;

	*x += UINT64_C(0x9e3779b97f4a7c15);
	z = *x;
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static void
test_random(void **state)
{
	struct imix_env e = env_std;
	struct imix a, b, plain;
	uint8_t want[IMIX_MAX_LEN], t;
	uint64_t per[IMIX_MAX_SIZES], x = 0;
	char err[256], note[IMIX_NOTE_MAX];
	unsigned int i, j, same;

	(void)state;
	assert_int_equal(ref_splitmix(&x), UINT64_C(0xe220a8397b1dcdaf));
	e.seed = 42;
	assert_int_equal(imix_parse(&a, "random:" RFC_TABLE, &e, err,
				    sizeof(err)), 0);
	assert_int_equal(imix_parse(&plain, RFC_TABLE, &e, err, sizeof(err)),
			 0);
	/* two whole passes of 100 (255 / 100), each size its exact count */
	assert_int_equal(a.len, 200);
	imix_count(&a, 200, per, NULL);
	assert_int_equal(per[0], 46);
	assert_int_equal(per[1], 134);
	assert_int_equal(per[2], 20);
	assert_int_equal(imix_pass_b(&a), 2 * imix_pass_b(&plain));
	/* the order: two copies of the table's pass, shuffled from the
	 * last frame down with the seed's splitmix64 stream */
	for (i = 0; i < 200; i++)
		want[i] = plain.seq[i % 100];
	for (x = 42, i = 199; i > 0; i--) {
		j = (unsigned int)(ref_splitmix(&x) % (i + 1));
		t = want[i];
		want[i] = want[j];
		want[j] = t;
	}
	assert_memory_equal(a.seq, want, 200);
	/* not the table's order */
	for (i = 0, same = 0; i < 200; i++)
		same += a.seq[i] == plain.seq[i % 100];
	assert_true(same < 150);
	imix_note(&a, note, sizeof(note));
	assert_string_equal(note, "IMIX TABLE OF PROPORTIONS - 82:23% 146:67% "
			    "1018:10% (100 frames a pass by smooth weighted "
			    "round-robin; pseudorandom order of 2 passes: "
			    "Fisher-Yates with splitmix64 from seed "
			    "0x000000000000002a)");
	assert_string_equal(a.name, "random:" RFC_TABLE);
	/* same seed, same sequence; another seed, another one */
	assert_int_equal(imix_parse(&b, "random:" RFC_TABLE, &e, err,
				    sizeof(err)), 0);
	assert_memory_equal(a.seq, b.seq, 200);
	e.seed = 43;
	assert_int_equal(imix_parse(&b, "random:" RFC_TABLE, &e, err,
				    sizeof(err)), 0);
	assert_int_equal(b.len, 200);
	assert_memory_not_equal(a.seq, b.seq, 200);
	/* a genome: 51 passes of aaafg, a custom one with its table */
	assert_int_equal(imix_parse(&b, "random:aaafg", &e, err, sizeof(err)),
			 0);
	assert_int_equal(b.len, 255);
	imix_count(&b, 255, per, NULL);
	assert_int_equal(per[0], 153);
	assert_int_equal(per[1], 51);
	assert_int_equal(per[2], 51);
	assert_string_equal(b.genome, "IMIX - aaafg");
	assert_int_equal(imix_parse(&b, "random:csit", &e, err, sizeof(err)),
			 0);
	assert_int_equal(b.len, 252);	/* 21 passes of 12 */
	imix_note(&b, note, sizeof(note));
	assert_string_equal(note, "CUSTOM IMIX - AAAAAAAXXXXG (A:64 G:1518 "
			    "X:570; pseudorandom order of 21 passes: "
			    "Fisher-Yates with splitmix64 from seed "
			    "0x000000000000002b)");
	/* what the genome refuses, random: refuses too */
	assert_int_equal(imix_parse(&b, "random:aaq", &e, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "'q' at 3"));
	assert_int_equal(imix_parse(&b, "random:", &e, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(imix_parse(&b, "random:random:ab", &e, err,
				    sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "random: once"));
}

/* A random mix through [traffic] imix and seed to the frame spec: the
 * frames sent per size, as sizes.c counts them without a walk, against
 * the generator's size of each frame 0..g-1. */
static void
test_random_sizes(void **state)
{
	static const uint64_t gs[] = { 1, 199, 200, 201, 4321 };
	struct frame_spec s;
	struct sizes_dir d;
	struct sizes_ctr un;
	struct imix m;
	struct cfg c;
	uint64_t want[IMIX_MAX_SIZES];
	char err[CFG_ERR_LEN];
	unsigned int g, i, k;

	(void)state;
	cfg_defaults(&c);
	c.seed = 0x1234;
	snprintf(c.imix, sizeof(c.imix), "%s", "random:" RFC_TABLE);
	if (cli_validate(&c, err, sizeof(err)) != 0 ||
	    frame_spec_from_cfg(&s, &c, CFG_FWD, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(cfg_imix(&c, &m), 1);
	assert_int_equal(s.mix_len, 200);
	for (g = 0; g < sizeof(gs) / sizeof(gs[0]); g++) {
		sizes_dir_init(&d, &s, &m);
		sizes_ctr_init(&un, &s);	/* every frame sent */
		assert_true(un.on);
		sizes_add_sent(&d, &s, gs[g], gs[g], &un);
		memset(want, 0, sizeof(want));
		for (k = 0; k < gs[g]; k++)
			for (i = 0; i < m.nb_sizes; i++)
				want[i] += imix_size_at(&m, k) == m.size_b[i];
		for (i = 0; i < m.nb_sizes; i++) {
			assert_int_equal(d.label_b[i], m.size_b[i]);
			assert_int_equal(d.sent[i][0] + d.sent[i][1], want[i]);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_letters),
		cmocka_unit_test(test_rfc_example),
		cmocka_unit_test(test_run_length),
		cmocka_unit_test(test_custom),
		cmocka_unit_test(test_preset_csit),
		cmocka_unit_test(test_line_rate),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_mix_frames),
		cmocka_unit_test(test_proportions),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_random_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

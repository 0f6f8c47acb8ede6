/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_frame_fast: the receiver's fast paths (frame_fast.h) against
 * frame_classify_ref.  Frame sizes from the smallest to jumbo, odd ones
 * too, IPv4 and IPv6, every byte of a frame mutated once: the generic and
 * (where the CPU has AVX-512) the wide path give the reference's verdict
 * and info.  The NIC's checksum verdicts (FRAME_HW_*): a GOOD one is taken
 * for its checksum alone, everything else is still checked.  The lookup by
 * length: foreground and background kinds of their own sizes, padded
 * frames.  (test_frame_diff compares them on a million delivered and
 * mutated frames, fuzz_classify on arbitrary input.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "../data/golden/golden_cases.h"

#define BUF_B (CFG_MAX_JUMBO_B + 64)

static uint8_t buf[BUF_B], mut[BUF_B];

/* The verdict of every path for b (hw: FRAME_HW_*), which must agree
 * with the reference's when hw is 0; returns it. */
static enum frame_kind
all_paths(const struct frame_cls *k, const uint8_t *b, size_t len,
	  unsigned int hw, const char *what, size_t at)
{
	struct frame_rx_info r, a;
	enum frame_kind kr, ka;

	memset(&r, 0x5a, sizeof(r));
	kr = frame_classify_ref(k, b, len, &r);
	memset(&a, 0x5a, sizeof(a));
	ka = frame_classify_hw(k, b, len, &a, hw);
	if (hw == 0 && ka != kr)
		fail_msg("%s byte %zu len %zu: fast %s, reference %s", what, at,
			 len, frame_kind_name(ka), frame_kind_name(kr));
	if (ka == FRAME_OURS && kr == FRAME_OURS &&
	    (a.seq != r.seq || a.ts != r.ts || a.trial_id != r.trial_id ||
	     a.background != r.background || a.tagged != r.tagged))
		fail_msg("%s byte %zu: info differs", what, at);
#ifdef FRAME_WIDE
	if (frame_wide_ok()) {
		struct frame_rx_info w;
		enum frame_kind kw;

		memset(&w, 0x5a, sizeof(w));
		kw = frame_wide_call(k, b, len, &w, hw, false);
		if (kw != ka)
			fail_msg("%s byte %zu len %zu hw %u: wide %s, generic %s",
				 what, at, len, hw, frame_kind_name(kw),
				 frame_kind_name(ka));
		if (kw == FRAME_OURS && ka == FRAME_OURS &&
		    (w.seq != a.seq || w.ts != a.ts || w.tagged != a.tagged))
			fail_msg("%s byte %zu: wide info differs", what, at);
	}
#endif
	return ka;
}

/* The fast paths alone on b: ours (hw as given). */
static void
fast_ours(const struct frame_cls *k, const uint8_t *b, size_t len,
	  unsigned int hw)
{
	assert_int_equal(frame_classify_fast_hw(k, b, len, NULL, hw), FRAME_OURS);
#ifdef FRAME_WIDE
	if (frame_wide_ok())
		assert_int_equal(frame_wide_call(k, b, len, NULL, hw, true),
				 FRAME_OURS);
#endif
}

/* c again, as changed after setup */
static void
setup_again(const struct cfg *c, struct frame_gen *g, struct frame_cls *k)
{
	char err[256];

	if (golden_gen_init(g, c, CFG_FWD, 9, err, sizeof(err)) ||
	    golden_cls_init(k, c, CFG_FWD, err, sizeof(err)))
		fail_msg("%s", err);
	frame_gen_set_trial(g, 7);
}

static void
setup(struct cfg *c, struct frame_gen *g, struct frame_cls *k, int v,
      uint32_t size)
{
	golden_cfg_defaults(c);
	c->side[CFG_LEFT].ip_version = c->side[CFG_RIGHT].ip_version = (uint8_t)v;
	c->frame_size_b = size;
	c->jumbo = size > 1518;
	c->dir[CFG_FWD].sport = (struct cfg_var){ CFG_VAR_RANDOM, 1024, 65535 };
	c->dir[CFG_FWD].dport = (struct cfg_var){ CFG_VAR_INCREASING, 7, 900 };
	c->dir[CFG_FWD].src_slice = (struct cfg_var){ CFG_VAR_RANDOM, 10, 20 };
	setup_again(c, g, k);
}

/*
 * Every size from the smallest to 200 bytes, odd ones too, and 1518, 1519
 * and jumbo ones: the valid frame ours on every fast path (the wide one's
 * sum over 1, 2 and many 64-byte blocks, with a tail or without), and
 * each of its bytes changed once (every byte for the short ones, a stride
 * for the long ones) gives the reference's verdict on every path.
 */
static void
sizes_and_mutations(void **state)
{
	static const uint32_t big[] = { 1518, 1519, 4096, 9018 };
	int v;

	(void)state;
	for (v = 4; v <= 6; v += 2) {
		uint32_t size, n;

		for (n = 0; n < 141 + 4; n++) {
			struct cfg c;
			struct frame_gen g;
			struct frame_cls k;
			size_t len, at, step;

			size = n < 141 ? (v == 4 ? 64 : 78) + n : big[n - 141];
			if (size > 200 && n < 141)
				continue;
			setup(&c, &g, &k, v, size);
			memset(buf, 0, sizeof(buf));
			len = frame_gen_next(&g, buf, 1000 + n, 0x1234567 + n, n & 1);
			golden_route(buf, &c.side[CFG_RIGHT]);
			assert_int_equal(golden_verify(buf, len), v);
			assert_int_equal(all_paths(&k, buf, len, 0, "valid", 0),
					 FRAME_OURS);
			fast_ours(&k, buf, len, 0);
			step = len > 300 ? 37 : 1;
			for (at = 0; at < len; at += step) {
				memcpy(mut, buf, len);
				mut[at] ^= (uint8_t)(1u << (at % 8));
				(void)all_paths(&k, mut, len, 0, "mutated", at);
			}
			/* the last byte of a long frame, its last block's */
			memcpy(mut, buf, len);
			mut[len - 1] ^= 0x80;
			assert_int_equal(all_paths(&k, mut, len, 0, "last", len - 1),
					 FRAME_BAD_UDP_CKSUM);
			/* shorter by one: no path reads or takes it */
			(void)all_paths(&k, buf, len - 1, 0, "short", len - 1);
		}
	}
}

/* b is wrong in a way no checksum verdict covers: the reference's kind,
 * not ours, whatever hw says. */
static void
not_ours(const struct frame_cls *k, const uint8_t *b, size_t len,
	 unsigned int hw, const char *what)
{
	enum frame_kind kr = frame_classify_ref(k, b, len, NULL);

	assert_int_not_equal(kr, FRAME_OURS);
	assert_int_equal(all_paths(k, b, len, hw, what, 0), kr);
}

/*
 * The NIC's verdicts: GOOD skips that checksum's sum and nothing else.
 * A frame whose UDP checksum is wrong is ours when the NIC said L4 GOOD
 * (its verdict is taken, run.json says "NIC"), bad without it or with IP
 * GOOD alone; a wrong IPv4 header checksum likewise with IP GOOD; a wrong
 * address, port or stamp stays wrong whatever the NIC said.
 */
static void
nic_verdicts(void **state)
{
	const unsigned int both = FRAME_HW_IP_GOOD | FRAME_HW_L4_GOOD;
	int v;

	(void)state;
	for (v = 4; v <= 6; v += 2) {
		struct cfg c;
		struct frame_gen g;
		struct frame_cls k;
		size_t len, l4 = v == 4 ? 34 : 54;
		unsigned int hw;

		setup(&c, &g, &k, v, 200);
		memset(buf, 0, sizeof(buf));
		len = frame_gen_next(&g, buf, 5, 77, false);
		golden_route(buf, &c.side[CFG_RIGHT]);
		for (hw = 0; hw < 4; hw++) {
			assert_int_equal(all_paths(&k, buf, len, hw, "valid", hw),
					 FRAME_OURS);
			fast_ours(&k, buf, len, hw);
		}
		/* a payload byte: the UDP checksum no longer holds */
		memcpy(mut, buf, len);
		mut[len - 3] ^= 0x11;
		assert_int_equal(all_paths(&k, mut, len, 0, "udp", 0),
				 FRAME_BAD_UDP_CKSUM);
		assert_int_equal(all_paths(&k, mut, len, FRAME_HW_IP_GOOD, "udp", 1),
				 FRAME_BAD_UDP_CKSUM);
		assert_int_equal(all_paths(&k, mut, len, FRAME_HW_L4_GOOD, "udp", 2),
				 FRAME_OURS);
		if (v == 4) {
			/* the TTL without the header checksum's update */
			memcpy(mut, buf, len);
			mut[22]--;
			assert_int_equal(all_paths(&k, mut, len, 0, "ip", 0),
					 FRAME_BAD_IP);
			assert_int_equal(all_paths(&k, mut, len, FRAME_HW_L4_GOOD,
						   "ip", 2), FRAME_BAD_IP);
			assert_int_equal(all_paths(&k, mut, len, FRAME_HW_IP_GOOD,
						   "ip", 1), FRAME_OURS);
		}
		/* the destination address, a port out of range, the magic:
		 * never ours, the reference's verdict (which sums in
		 * software: an address is in both checksums) */
		memcpy(mut, buf, len);
		mut[l4 - 1] ^= 0x40;
		not_ours(&k, mut, len, both, "addr");
		memcpy(mut, buf, len);
		mut[l4 + 2] = 0xff;		/* dport > 900 */
		not_ours(&k, mut, len, both, "port");
		memcpy(mut, buf, len);
		mut[l4 + 8] ^= 0xff;
		not_ours(&k, mut, len, both, "magic");
	}
}

/*
 * The lookup by length: IPv4 foreground and IPv6 background (n > m) of
 * one frame size, two kinds of one length, each frame ours on the fast
 * path by the kind of its version, padded by a few bytes too (the second
 * pass of FRAME_FAST_PICK).  (test_frame_diff's cases cover kinds of
 * different lengths: SIIT with IPv6 background.)
 */
static void
kinds_by_length(void **state)
{
	struct cfg c;
	struct frame_gen g;
	struct frame_cls k;
	uint32_t i, bg = 0, fg = 0;

	(void)state;
	setup(&c, &g, &k, 4, 100);
	c.n = 2;
	c.m = 1;
	setup_again(&c, &g, &k);
	assert_int_equal(k.nb_fast, 2);
	assert_int_equal(k.fast[0].version, 4);
	assert_int_equal(k.fast[1].version, 6);
	assert_int_equal(k.fast_len[0], k.fast[0].len_b);
	assert_int_equal(k.fast_len[1], k.fast[1].len_b);
	assert_int_equal(k.fast_len[0], k.fast_len[1]);	/* one frame size */
	for (i = 0; i < 16; i++) {
		struct frame_rx_info info;
		size_t len;

		memset(buf, 0, sizeof(buf));
		len = frame_gen_next(&g, buf, i, i, false);
		golden_route(buf, &c.side[CFG_RIGHT]);
		assert_int_equal(len, k.fast_len[0]);
		assert_int_equal(frame_classify_fast(&k, buf, len, &info),
				 FRAME_OURS);
		assert_true(info.seq == i);
		assert_true(info.background == (buf[12] != 0x08));
		bg += info.background;
		fg += !info.background;
		fast_ours(&k, buf, len, 0);
		fast_ours(&k, buf, len + 6, 0);
		(void)all_paths(&k, buf, len + 6, 0, "padded", len);
	}
	assert_true(bg > 0 && fg > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes_and_mutations),
		cmocka_unit_test(nic_verdicts),
		cmocka_unit_test(kinds_by_length),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

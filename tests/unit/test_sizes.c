/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of sizes.h: a frame number's place in the mix by
 * multiplication against k % len (also above 2^32), the frames sent per
 * kind of a stream against a brute-force walk over its frames (with and
 * without background, whole periods and a rest, unsent frames taken
 * off), the receiving lanes' merge and the settling to the direction's
 * merged count, the bytes, and a run's sum over trials of other sizes.
 * Figures worked out by hand are in the comments beside them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/sizes.h"

/* A direction of IPv6 frames of the mix seq (letters as size indexes,
 * sizes[i] each), n:m foreground. */
static void
spec_mix(struct frame_spec *s, const char *seq, const uint32_t *sizes,
	 unsigned int nb, uint32_t n, uint32_t m)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->fg.tx.ip_version = 6;
	s->bg.tx.ip_version = 6;
	s->n = n;
	s->m = m;
	s->mix_len = (uint8_t)strlen(seq);
	s->mix_nb = (uint8_t)nb;
	for (i = 0; seq[i] != '\0'; i++)
		s->mix_seq[i] = (uint8_t)(seq[i] - 'a');
	for (i = 0; i < nb; i++) {
		s->mix_size_b[i][0] = sizes[i] - 20;
		s->mix_size_b[i][1] = sizes[i];
	}
	s->size_b[0] = s->mix_size_b[s->mix_seq[0]][0];
	s->size_b[1] = s->mix_size_b[s->mix_seq[0]][1];
}

static void
test_pos(void **state)
{
	static const uint64_t ks[] = { 0, 1, 63, 64, 65, 4095,
				       UINT32_MAX - 1, UINT32_MAX,
				       (uint64_t)UINT32_MAX + 1,
				       UINT64_C(1) << 36, UINT64_C(0x123456789abc),
				       UINT64_MAX - 1, UINT64_MAX };
	struct sizes_ctr c;
	unsigned int len, i;
	uint64_t k, x = 88172645463325252u;

	(void)state;
	memset(&c, 0, sizeof(c));
	for (len = 2; len <= IMIX_MAX_LEN; len++) {
		c.len = (uint8_t)len;
		c.mod_m = UINT64_MAX / len + 1;
		for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++)
			assert_int_equal(sizes_pos(&c, ks[i]), ks[i] % len);
		for (i = 0; i < 20000; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			k = i % 2 ? x : x >> (i % 40);
			assert_int_equal(sizes_pos(&c, k), k % len);
		}
	}
}

/* The kinds of frames 0..g-1 one by one, less the unsent ones. */
static void
brute_sent(const struct frame_spec *s, uint64_t g, const uint64_t *unsent_k,
	   unsigned int nb_unsent, uint64_t want[IMIX_MAX_SIZES][2])
{
	uint64_t k;
	unsigned int j;

	memset(want, 0, sizeof(uint64_t) * IMIX_MAX_SIZES * 2);
	for (k = 0; k < g; k++) {
		bool skip = false;

		for (j = 0; j < nb_unsent; j++)
			skip = skip || unsent_k[j] == k;
		if (!skip)
			want[s->mix_seq[k % s->mix_len]][k % s->n >= s->m]++;
	}
}

static void
test_sent_brute(void **state)
{
	static const uint32_t sz[] = { 64, 128, 570, 1518 };
	static const struct {
		const char *seq;
		unsigned int nb;
		uint32_t n, m;
	} cases[] = {
		{ "aaaaaaaccccd", 3, 2, 2 },	/* no background */
		{ "aaaaaaaccccd", 3, 5, 3 },	/* lcm 60 */
		{ "ab", 2, 7, 0 },		/* every frame background */
		{ "abcdab", 4, 4, 3 },
		{ "abcdab", 4, 5, 1 },		/* foreground the fewer */
		{ "aaabbbbbbbbd", 3, 8, 2 },	/* n mod len 8: a cycle of 3 */
		{ "ba", 2, 1000000, 999999 },
	};
	static const uint64_t gs[] = { 0, 1, 11, 12, 59, 60, 61, 997, 12345 };
	struct frame_spec s;
	struct sizes_dir d;
	struct sizes_ctr un;
	uint64_t want[IMIX_MAX_SIZES][2], unsent_k[3], sent;
	unsigned int c, g, i, j;

	(void)state;
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
		for (g = 0; g < sizeof(gs) / sizeof(gs[0]); g++) {
			spec_mix(&s, cases[c].seq, sz, cases[c].nb, cases[c].n,
				 cases[c].m);
			sizes_dir_init(&d, &s, NULL);
			sizes_ctr_init(&un, &s);
			assert_true(un.on);
			/* up to three unsent frames: the last, 3 and 6 before */
			for (j = 0; j < 3 && gs[g] >= 3 * j + 1; j++) {
				unsent_k[j] = gs[g] - 1 - 3 * j;
				sizes_ctr_add_frame(&un, unsent_k[j], s.n, s.m);
			}
			sent = gs[g] - j;
			sizes_add_sent(&d, &s, gs[g], sent, &un);
			brute_sent(&s, gs[g], unsent_k, j, want);
			for (i = 0; i < IMIX_MAX_SIZES; i++) {
				assert_int_equal(d.sent[i][0], want[i][0]);
				assert_int_equal(d.sent[i][1], want[i][1]);
			}
		}
}

static void
test_sent_by_hand(void **state)
{
	static const uint32_t sz[] = { 64, 128 };
	struct frame_spec s;
	struct sizes_dir d;
	struct sizes_ctr un;

	(void)state;
	/* "aab", 10 frames: a at k mod 3 in {0, 1}: 0 1 3 4 6 7 9 = 7, b 3;
	 * 7 * 64 + 3 * 128 = 832 B */
	spec_mix(&s, "aab", sz, 2, 2, 2);
	sizes_dir_init(&d, &s, NULL);
	sizes_ctr_init(&un, &s);
	sizes_add_sent(&d, &s, 10, 10, &un);
	assert_int_equal(d.nb, 2);
	assert_int_equal(sizes_sent(&d, 0), 7);
	assert_int_equal(sizes_sent(&d, 1), 3);
	assert_int_equal(sizes_sent_b(&d, 0), 448);
	assert_int_equal(sizes_sent_b(&d, -1), 832);
	/* a second stream of 9 (a: 6, b: 3), frame 4 (an a) unsent */
	sizes_ctr_add(&un, 4, false, 1);
	sizes_add_sent(&d, &s, 9, 8, &un);
	assert_int_equal(sizes_sent(&d, 0), 7 + 5);
	assert_int_equal(sizes_sent(&d, 1), 3 + 3);
	assert_int_equal(d.label_b[1], 128);
}

static void
test_fixed_background(void **state)
{
	struct frame_spec s;
	struct sizes_dir d;
	struct sizes_ctr tx, rx;
	uint64_t k;

	(void)state;
	/* one size translated: IPv4 foreground 84 B, IPv6 background 104 B,
	 * 3:4 foreground; 10 frames: background k = 3, 7 */
	memset(&s, 0, sizeof(s));
	s.fg.tx.ip_version = 4;
	s.bg.tx.ip_version = 6;
	s.size_b[0] = 84;
	s.size_b[1] = 104;
	s.n = 4;
	s.m = 3;
	sizes_dir_init(&d, &s, NULL);
	sizes_ctr_init(&tx, &s);
	sizes_ctr_init(&rx, &s);
	assert_true(rx.on);
	assert_int_equal(d.nb, 1);
	assert_int_equal(d.label_b[0], 104);
	sizes_add_sent(&d, &s, 10, 10, &tx);
	assert_int_equal(d.sent[0][0], 8);
	assert_int_equal(d.sent[0][1], 2);
	assert_int_equal(sizes_sent_b(&d, -1), 8 * 84 + 2 * 104);
	/* received: every frame but k = 3 (background) and k = 5 */
	for (k = 0; k < 10; k++)
		if (k != 3 && k != 5)
			sizes_ctr_add(&rx, k, k % 4 == 3, 1);
	sizes_add_received(&d, &rx);
	sizes_settle(&d, 8, true);
	assert_int_equal(sizes_received_b(&d, -1), 7 * 84 + 104);
	/* the same size both ways: not counted, bytes from the count */
	s.fg.tx.ip_version = 6;
	sizes_ctr_init(&rx, &s);
	assert_false(rx.on);
	sizes_dir_init(&d, &s, NULL);
	sizes_add_sent(&d, &s, 10, 9, &rx);
	sizes_settle(&d, 7, false);
	assert_int_equal(sizes_sent_b(&d, -1), 9 * 104);
	assert_int_equal(sizes_received_b(&d, -1), 7 * 104);
}

static void
test_merge_settle(void **state)
{
	static const uint32_t sz[] = { 64, 1518 };
	struct frame_spec s;
	struct sizes_dir d;
	struct sizes_ctr q[2];
	uint64_t k;

	(void)state;
	/* "aab", 2 streams of 30 frames over 2 queues: stream 0 on queue 0,
	 * stream 1 on queue 1, each received but its frames k = 2 mod 3
	 * (every b): a 20 + 20, b 0 */
	spec_mix(&s, "aab", sz, 2, 2, 2);
	sizes_dir_init(&d, &s, NULL);
	sizes_ctr_init(&q[0], &s);
	sizes_ctr_init(&q[1], &s);
	sizes_add_sent(&d, &s, 30, 30, &q[0]);
	sizes_add_sent(&d, &s, 30, 30, &q[1]);
	for (k = 0; k < 30; k++)
		if (k % 3 != 2) {
			sizes_ctr_add(&q[0], k, false, 1);
			sizes_ctr_add(&q[1], k, false, 1);
		}
	sizes_ctr_add(&q[1], 2, false, 0);	/* a duplicate: adds 0 */
	sizes_add_received(&d, &q[0]);
	sizes_add_received(&d, &q[1]);
	sizes_settle(&d, 40, true);
	assert_int_equal(sizes_received(&d, 0), 40);
	assert_int_equal(sizes_received(&d, 1), 0);
	assert_int_equal(sizes_sent(&d, 1), 20);
	assert_int_equal(sizes_received_b(&d, -1), 40 * 64);
	/* streams_merge found 5 copies over the queues: received 35; a is
	 * at its sent 40 already, so the 5 come off the last kinds with
	 * frames, a's */
	sizes_settle(&d, 35, true);
	assert_int_equal(sizes_received(&d, 0), 35);
	/* a kind over what it sent is capped first: b counted 23 times of
	 * 20 sent (copies), a 40; merged received 60: b to 20 */
	d.received[1][0] = 23;
	d.received[0][0] = 40;
	sizes_settle(&d, 60, true);
	assert_int_equal(sizes_received(&d, 1), 20);
	assert_int_equal(sizes_received(&d, 0), 40);
}

static void
test_sum(void **state)
{
	static const uint32_t sz[] = { 64, 128 };
	struct frame_spec s;
	struct sizes_dir d, acc;
	struct sizes_ctr c;
	unsigned int i;

	(void)state;
	memset(&acc, 0, sizeof(acc));
	spec_mix(&s, "ab", sz, 2, 2, 2);
	sizes_dir_init(&d, &s, NULL);
	sizes_ctr_init(&c, &s);
	sizes_add_sent(&d, &s, 4, 4, &c);
	assert_int_equal(sizes_sum(&acc, &d), 0);
	assert_int_equal(sizes_sum(&acc, &d), 0);
	assert_int_equal(acc.nb, 2);
	assert_int_equal(sizes_sent(&acc, 0), 4);
	/* another size: a new entry (128 of the mix matches, 256 is new) */
	spec_mix(&s, "b", (const uint32_t[]){ 0, 128 }, 2, 2, 2);
	s.mix_len = 0;
	s.size_b[0] = 108;
	s.size_b[1] = 256;
	sizes_dir_init(&d, &s, NULL);
	sizes_add_sent(&d, &s, 5, 5, NULL);
	assert_int_equal(sizes_sum(&acc, &d), 0);
	assert_int_equal(acc.nb, 3);
	assert_int_equal(acc.label_b[2], 256);
	assert_int_equal(sizes_sent(&acc, 2), 5);
	for (i = 3; i < IMIX_MAX_SIZES; i++) {
		d.label_b[0] = 1000 + i;
		assert_int_equal(sizes_sum(&acc, &d), 0);
	}
	d.label_b[0] = 2000;
	assert_int_equal(sizes_sum(&acc, &d), -ENOSPC);
	assert_int_equal(acc.nb, IMIX_MAX_SIZES);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pos),
		cmocka_unit_test(test_sent_brute),
		cmocka_unit_test(test_sent_by_hand),
		cmocka_unit_test(test_fixed_background),
		cmocka_unit_test(test_merge_settle),
		cmocka_unit_test(test_sum),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

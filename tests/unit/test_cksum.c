/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_cksum: RFC 1071 sums (cksum_partial, and cksum_raw of the receiver's
 * fast path) against a naive byte-wise reference (any alignment, odd
 * lengths), known vectors, and the pseudo-header and wide-field helpers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "dutperf/cksum.h"
#include "../data/golden/golden_cases.h"

static uint64_t rng_state = 0x853c49e6748fea9bull;

static uint32_t
rnd(void)
{
	return golden_rnd(&rng_state);
}

/* Naive reference: big-endian words, fold at the end. */
static uint16_t
ref_fold(const uint8_t *p, size_t n, uint64_t s)
{
	size_t i;

	for (i = 0; i < n; i++)
		s += i & 1 ? p[i] : (uint32_t)p[i] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

static void
rfc1071_example(void **state)
{
	/* RFC 1071 section 3: bytes 00 01 f2 03 f4 f5 f6 f7 sum to ddf2 */
	static const uint8_t b[8] = { 0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7 };
	/* a commonly quoted IPv4 header with checksum b861 */
	static const uint8_t ip[20] = { 0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00,
					0x40, 0x11, 0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01,
					0xc0, 0xa8, 0x00, 0xc7 };
	uint8_t shifted[9];

	(void)state;
	assert_int_equal(cksum_fold(cksum_partial(b, 8, 0)), 0xddf2);
	assert_int_equal(cksum_finish(cksum_partial(b, 8, 0)), 0x220d);
	memcpy(shifted + 1, b, 8);	/* odd address */
	assert_int_equal(cksum_fold(cksum_partial(shifted + 1, 8, 0)), 0xddf2);
	/* its checksum from the words around the field (as the sender sums) */
	assert_int_equal(cksum_finish(cksum_partial(ip + 12, 8,
						    cksum_partial(ip, 10, 0))), 0xb861);
	assert_int_equal(cksum_fold(cksum_partial(ip, 20, 0)), 0xffff);	/* verifies */
	/* odd length: the last byte is a high byte */
	assert_int_equal(cksum_fold(cksum_partial(b, 7, 0)), ref_fold(b, 7, 0));
	assert_int_equal(cksum_fold(cksum_partial(b, 1, 0)), 0x0000);
	assert_int_equal(cksum_fold(cksum_partial(b + 2, 1, 0)), 0xf200);
	assert_int_equal(cksum_fold(0), 0);
	{	/* end-around carries through 64 bits */
		static const uint8_t w[8] = { 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff };

		assert_int_equal(cksum_fold(0x1ffffffffull), ref_fold(w, 8, 0));
		assert_int_equal(cksum_fold(UINT64_MAX), 0xffff);
	}
}

/*
 * Round i of nb: random bytes at a random offset 0..7 of a 9300-byte buf,
 * *len below small (9200 in the last 100 rounds), all ones every 10th
 * round (the carries).  Returns where they start.
 */
static uint8_t *
rnd_buffer(uint8_t *buf, int i, int nb, size_t small, size_t *len)
{
	size_t off = rnd() % 8, j;

	*len = rnd() % (i < nb - 100 ? small : 9200);
	for (j = 0; j < *len; j++)
		buf[off + j] = (uint8_t)rnd();
	if (i % 10 == 0)
		memset(buf + off, 0xff, *len);
	return buf + off;
}

static void
random_buffers(void **state)
{
	static uint8_t buf[9300];
	int i;

	(void)state;
	for (i = 0; i < 3000; i++) {
		size_t len;
		uint8_t *p = rnd_buffer(buf, i, 3000, 200, &len);
		size_t cut = (rnd() % (len + 1)) & ~(size_t)1;
		uint32_t init = rnd() & 0xffffff;

		assert_int_equal(cksum_fold(cksum_partial(p, len, init)),
				 ref_fold(p, len, init));
		/* pieces split at an even offset add up */
		assert_int_equal(cksum_fold(cksum_partial(p + cut, len - cut,
						cksum_partial(p, cut, 0))),
				 ref_fold(p, len, 0));
	}
}

/* The network word of a host-order fold (the bytes it stores). */
static uint16_t
net_word(uint16_t host)
{
	uint8_t b[2];

	memcpy(b, &host, 2);
	return (uint16_t)(b[0] << 8 | b[1]);
}

/*
 * cksum_raw (host-order, unfolded, carries apart) against the naive
 * network-order sum: same fold once byte-swapped, any alignment and
 * length, a start value anywhere up to UINT64_MAX (carries), 0 only for
 * zeros; cksum_raw_ok is "folds to 0xffff".
 */
static void
raw_sums(void **state)
{
	static uint8_t buf[9300];
	int i;

	(void)state;
	for (i = 0; i < 20000; i++) {
		size_t len, off;
		uint8_t *p = rnd_buffer(buf, i, 20000, 100, &len);
		uint64_t acc = (uint64_t)rnd() << 32 | rnd(), raw;

		off = (size_t)(p - buf);
		if (i % 3 == 0)
			acc = i % 2 ? UINT64_MAX - (acc & 0xffff) : 0;
		raw = cksum_raw(buf + off, len, 0);
		assert_int_equal(net_word(cksum_fold(raw)), ref_fold(buf + off, len, 0));
		/* with a start value: congruent modulo 0xffff */
		assert_true(cksum_raw(buf + off, len, acc) % 0xffff ==
			    (acc % 0xffff + raw % 0xffff) % 0xffff);
		assert_true(cksum_raw(buf + off, len, acc) != 0 || acc == 0);
		assert_int_equal(cksum_raw_ok(raw), cksum_fold(raw) == 0xffff);
		/* insert the checksum into the first word: it verifies */
		if (len >= 2 && len % 2 == 0) {
			uint16_t ck;

			buf[off] = buf[off + 1] = 0;
			ck = (uint16_t)~ref_fold(buf + off, len, 0);
			buf[off] = (uint8_t)(ck >> 8);
			buf[off + 1] = (uint8_t)ck;
			assert_true(cksum_raw_ok(cksum_raw(buf + off, len, 0)) ==
				    (ref_fold(buf + off, len, 0) == 0xffff));
			assert_true(ref_fold(buf + off, len, 0) == 0xffff ||
				    ck == 0xffff);	/* all-zero data */
			buf[off + len - 1] ^= 0x10;
			assert_false(cksum_raw_ok(cksum_raw(buf + off, len, 0)));
		}
	}
	memset(buf, 0, 64);
	assert_int_equal(cksum_raw(buf, 64, 0), 0);
	assert_false(cksum_raw_ok(0));
	assert_true(cksum_raw_ok(0xffff));
	assert_true(cksum_raw_ok(0xffffull * 0x10001));
	assert_false(cksum_raw_ok(0xfffe));
}

/* Partial sums of 32/64-bit quantities and pseudo headers equal their
 * word sums. */
static void
add_helpers(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < 100000; i++) {
		uint64_t v = (uint64_t)rnd() << 32 | rnd();
		uint8_t b[8];
		int j;

		for (j = 0; j < 8; j++)
			b[j] = (uint8_t)(v >> (56 - 8 * j));
		assert_int_equal(cksum_fold(cksum_add64(5, v)), ref_fold(b, 8, 5));
		assert_int_equal(cksum_fold(cksum_add32(0, (uint32_t)v)), ref_fold(b + 4, 4, 0));
	}
	for (i = 0; i < 100000; i++) {
		uint8_t src[16], dst[16], proto = (uint8_t)rnd();
		uint32_t len = i % 10 ? rnd() % 65536 : rnd();
		int j;

		for (j = 0; j < 16; j++) {
			src[j] = (uint8_t)(i % 7 ? rnd() : 0xff);
			dst[j] = (uint8_t)(i % 7 ? rnd() : 0xff);
		}
		assert_int_equal(cksum_fold(cksum_pseudo4(src, dst, proto, len)),
				 ref_fold(src, 4, ref_fold(dst, 4, (uint64_t)proto +
							   (len >> 16) + (len & 0xffff))));
		assert_int_equal(cksum_fold(cksum_pseudo6(src, dst, proto, len)),
				 ref_fold(src, 16, ref_fold(dst, 16, (uint64_t)proto +
							    (len >> 16) + (len & 0xffff))));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rfc1071_example),
		cmocka_unit_test(random_buffers),
		cmocka_unit_test(raw_sums),
		cmocka_unit_test(add_helpers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

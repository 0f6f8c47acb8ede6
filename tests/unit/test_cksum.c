/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_cksum: RFC 1071 sums (cksum_partial, and cksum_raw of the receiver's
 * fast path) against a naive byte-wise reference (any alignment, odd
 * lengths), known vectors, and RFC 1624 incremental updates
 * against full recomputation over a million random field changes.
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
	assert_int_equal(cksum_ipv4_hdr(ip, 20), 0xb861);
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

static void
rfc1624_ipv4_header(void **state)
{
	uint8_t h[20];
	uint16_t hc;
	int i, j;

	(void)state;
	for (j = 0; j < 20; j++)
		h[j] = (uint8_t)rnd();
	h[10] = h[11] = 0;
	hc = cksum_ipv4_hdr(h, 20);
	for (i = 0; i < 1000000; i++) {
		int w = (int)(rnd() % 9);	/* any word but the checksum */
		uint8_t *p = h + (w >= 5 ? 2 * w + 2 : 2 * w);
		uint16_t old = (uint16_t)(p[0] << 8 | p[1]), neu = (uint16_t)rnd();

		if (i % 1000 == 0)	/* drive to extremes now and then */
			neu = (uint16_t)(i & 2000 ? 0xffff : 0);
		p[0] = (uint8_t)(neu >> 8);
		p[1] = (uint8_t)neu;
		hc = cksum_update16(hc, old, neu);
		if (hc != cksum_ipv4_hdr(h, 20))
			fail_msg("update %d: incremental %04x != full %04x", i, hc,
				 cksum_ipv4_hdr(h, 20));
		/* the header with the checksum in place verifies (to ffff,
		 * or to 0 only if every word is 0 and hc is ffff) */
		h[10] = (uint8_t)(hc >> 8);
		h[11] = (uint8_t)hc;
		assert_int_equal(ref_fold(h, 20, 0), 0xffff);
		h[10] = h[11] = 0;
	}
}

/* UDP over IPv4 or IPv6: incremental updates of ports and payload words
 * equal the full computation, including the 0 -> 0xffff rule. */
static void
udp_incremental(int v)
{
	uint8_t src[16], dst[16], u[64];
	size_t alen = v == 4 ? 4 : 16, ulen = sizeof(u);
	uint16_t hc, full;
	int i, zeros = 0;
	size_t j;

	for (j = 0; j < 16; j++) {
		src[j] = (uint8_t)rnd();
		dst[j] = (uint8_t)rnd();
	}
	for (j = 0; j < ulen; j++)
		u[j] = (uint8_t)rnd();
	u[4] = 0;
	u[5] = (uint8_t)ulen;
	u[6] = u[7] = 0;
#define FULL() (v == 4 ? cksum_udp4(src, dst, u, ulen) : cksum_udp6(src, dst, u, ulen))
	hc = FULL();
	for (i = 0; i < 500000; i++) {
		/* a port or a payload word; every 97th update forces zero */
		size_t off = rnd() % 2 ? 2 * (rnd() % 2) : 8 + 2 * (rnd() % 28);
		uint16_t old = (uint16_t)(u[off] << 8 | u[off + 1]), neu = (uint16_t)rnd();

		if (i % 97 == 0) {
			/* choose neu so that the computed sum is ffff: the
			 * sum without this word is s = ~hc - old */
			uint32_t s = (uint16_t)~hc;

			s += (uint16_t)~old;
			while (s >> 16)
				s = (s & 0xffff) + (s >> 16);
			neu = (uint16_t)(0xffff - s);
		}
		u[off] = (uint8_t)(neu >> 8);
		u[off + 1] = (uint8_t)neu;
		hc = cksum_udp_update16(hc, old, neu);
		full = FULL();
		if (hc != full)
			fail_msg("IPv%d update %d: incremental %04x != full %04x", v, i,
				 hc, full);
		assert_int_not_equal(hc, 0);
		/* verify with an independent sum: pseudo-header + segment */
		u[6] = (uint8_t)(hc >> 8);
		u[7] = (uint8_t)hc;
		assert_int_equal(ref_fold(u, ulen, (uint64_t)ref_fold(src, alen, 0) +
					  ref_fold(dst, alen, 0) + 17 + ulen), 0xffff);
		/* and the computed value before the 0 -> ffff rule */
		u[6] = u[7] = 0;
		if (ref_fold(u, ulen, (uint64_t)ref_fold(src, alen, 0) +
			     ref_fold(dst, alen, 0) + 17 + ulen) == 0xffff) {
			zeros++;
			assert_int_equal(hc, 0xffff);
		}
	}
#undef FULL
	assert_true(zeros >= 5000);	/* the forced case really happened */
}

static void
rfc1624_udp4(void **state)
{
	(void)state;
	udp_incremental(4);
}

static void
rfc1624_udp6(void **state)
{
	(void)state;
	udp_incremental(6);
}

/* Partial sums of 32/64-bit quantities equal their word sums. */
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
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rfc1071_example),
		cmocka_unit_test(random_buffers),
		cmocka_unit_test(raw_sums),
		cmocka_unit_test(rfc1624_ipv4_header),
		cmocka_unit_test(rfc1624_udp4),
		cmocka_unit_test(rfc1624_udp6),
		cmocka_unit_test(add_helpers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

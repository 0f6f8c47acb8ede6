/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_arp: ARP and Neighbor Discovery frames (arp.h) against golden
 * frames made apart by tests/tools/arp_golden.py (its output is pasted
 * below), parsed back, malformed ones refused, and the responder's choice
 * of the requests it answers.  With DUTPERF_PCAP_DIR set, also writes
 * arp_nd.pcap (every frame built here) for tests/integration/arp_pcap.sh,
 * which has tshark check the ICMPv6 checksums.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/arp.h"
#include "dutperf/cfg.h"
#include "pcap.h"

/* python3 tests/tools/arp_golden.py */
static const uint8_t golden_arp_request[60] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0x00, 0x00, 0x00, 0x00, 0x10,
	0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x01, 0x02, 0x00,
	0x00, 0x00, 0x00, 0x10, 0xc6, 0x12, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0xc6, 0x12, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t golden_arp_reply[60] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x20, 0x02, 0x00, 0x00, 0x00, 0x00, 0x10,
	0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x02, 0x02, 0x00,
	0x00, 0x00, 0x00, 0x10, 0xc6, 0x12, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00,
	0x00, 0x20, 0xc6, 0x12, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t golden_arp_garp[60] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0x00, 0x00, 0x00, 0x00, 0x10,
	0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x01, 0x02, 0x00,
	0x00, 0x00, 0x00, 0x10, 0xc6, 0x12, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0xc6, 0x12, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t golden_nd_ns[86] = {
	0x33, 0x33, 0xff, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x10,
	0x86, 0xdd, 0x60, 0x00, 0x00, 0x00, 0x00, 0x20, 0x3a, 0xff, 0x20, 0x01,
	0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x02, 0xff, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x01, 0xff, 0x00, 0x00, 0x01, 0x87, 0x00, 0x1c, 0x19, 0x00, 0x00,
	0x00, 0x00, 0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x02, 0x00, 0x00, 0x00,
	0x00, 0x10,
};
static const uint8_t golden_nd_na[86] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x20, 0x02, 0x00, 0x00, 0x00, 0x00, 0x10,
	0x86, 0xdd, 0x60, 0x00, 0x00, 0x00, 0x00, 0x20, 0x3a, 0xff, 0x20, 0x01,
	0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x02, 0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x88, 0x00, 0x8a, 0x63, 0x60, 0x00,
	0x00, 0x00, 0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x01, 0x02, 0x00, 0x00, 0x00,
	0x00, 0x10,
};
static const uint8_t golden_nd_una[86] = {
	0x33, 0x33, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x10,
	0x86, 0xdd, 0x60, 0x00, 0x00, 0x00, 0x00, 0x20, 0x3a, 0xff, 0x20, 0x01,
	0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x02, 0xff, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x88, 0x00, 0xf9, 0x19, 0x20, 0x00,
	0x00, 0x00, 0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x01, 0x02, 0x00, 0x00, 0x00,
	0x00, 0x10,
};

static const uint8_t t0[6] = { 2, 0, 0, 0, 0, 0x10 };
static const uint8_t d0[6] = { 2, 0, 0, 0, 0, 0x20 };
static const uint8_t t0_ip4[4] = { 198, 18, 0, 2 };
static const uint8_t d0_ip4[4] = { 198, 18, 0, 1 };
static const uint8_t t0_ip6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };
static const uint8_t d0_ip6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };

static void
built_golden(void **state)
{
	uint8_t b[ARP_MAX_FRAME_B];

	(void)state;
	assert_int_equal(arp_build_request(b, t0, t0_ip4, d0_ip4), sizeof(golden_arp_request));
	assert_memory_equal(b, golden_arp_request, sizeof(golden_arp_request));
	assert_int_equal(arp_build_reply(b, t0, t0_ip4, d0, d0_ip4), sizeof(golden_arp_reply));
	assert_memory_equal(b, golden_arp_reply, sizeof(golden_arp_reply));
	assert_int_equal(arp_build_gratuitous(b, t0, t0_ip4), sizeof(golden_arp_garp));
	assert_memory_equal(b, golden_arp_garp, sizeof(golden_arp_garp));
	assert_int_equal(arp_build_ns(b, t0, t0_ip6, d0_ip6), sizeof(golden_nd_ns));
	assert_memory_equal(b, golden_nd_ns, sizeof(golden_nd_ns));
	assert_int_equal(arp_build_na(b, t0, t0_ip6, d0, d0_ip6, 0x60), sizeof(golden_nd_na));
	assert_memory_equal(b, golden_nd_na, sizeof(golden_nd_na));
	assert_int_equal(arp_build_unsolicited_na(b, t0, t0_ip6), sizeof(golden_nd_una));
	assert_memory_equal(b, golden_nd_una, sizeof(golden_nd_una));
}

static void
parsed(void **state)
{
	struct arp_msg m;

	(void)state;
	assert_int_equal(arp_parse(golden_arp_request, 60, &m), 0);
	assert_int_equal(m.type, ARP_REQUEST);
	assert_int_equal(m.ip_version, 4);
	assert_memory_equal(m.sender_mac, t0, 6);
	assert_memory_equal(m.sender_ip, t0_ip4, 4);
	assert_memory_equal(m.target_ip, d0_ip4, 4);
	assert_int_equal(arp_parse(golden_arp_reply, 42, &m), 0);	/* unpadded */
	assert_int_equal(m.type, ARP_REPLY);
	assert_int_equal(arp_parse(golden_nd_ns, sizeof(golden_nd_ns), &m), 0);
	assert_int_equal(m.type, ARP_ND_NS);
	assert_true(m.has_lladdr);
	assert_memory_equal(m.sender_mac, t0, 6);
	assert_memory_equal(m.sender_ip, t0_ip6, 16);
	assert_memory_equal(m.target_ip, d0_ip6, 16);
	assert_int_equal(arp_parse(golden_nd_na, sizeof(golden_nd_na), &m), 0);
	assert_int_equal(m.type, ARP_ND_NA);
	assert_int_equal(m.na_flags, 0x60);
	assert_memory_equal(m.target_ip, t0_ip6, 16);
	assert_memory_equal(m.sender_mac, t0, 6);
}

/* Every single-byte change of an NS or NA that RFC 4861 7.1 checks (or
 * that breaks the checksum) is refused; a too-short frame is too. */
static void
malformed(void **state)
{
	uint8_t b[ARP_MAX_FRAME_B];
	struct arp_msg m;
	size_t i;

	(void)state;
	for (i = 14; i < sizeof(golden_nd_ns); i++) {
		memcpy(b, golden_nd_ns, sizeof(golden_nd_ns));
		b[i] ^= 0x01;
		/* a flipped bit anywhere in IPv6 + ICMPv6 breaks the length,
		 * next header, hop limit, type, code or the checksum (a flip
		 * in version, traffic class, flow label is outside the sum) */
		if (i < 14 + 4)
			continue;
		assert_int_equal(arp_parse(b, sizeof(golden_nd_ns), &m), -EINVAL);
	}
	memcpy(b, golden_nd_ns, sizeof(golden_nd_ns));
	b[14 + 7] = 64;	/* hop limit (checksum does not cover it) */
	assert_int_equal(arp_parse(b, sizeof(golden_nd_ns), &m), -EINVAL);
	assert_int_equal(arp_parse(golden_nd_ns, 14 + 40 + 23, &m), -EINVAL);
	assert_int_equal(arp_parse(golden_arp_request, 41, &m), -EINVAL);
	memcpy(b, golden_arp_request, 60);
	b[21] = 3;	/* op 3 (RARP) */
	assert_int_equal(arp_parse(b, 60, &m), -EINVAL);
	memcpy(b, golden_arp_request, 60);
	b[19] = 16;	/* protocol length 16 */
	assert_int_equal(arp_parse(b, 60, &m), -EINVAL);
	assert_int_equal(arp_parse(golden_arp_request, 10, &m), -EINVAL);
}

/* The testbed's configuration with 4 networks on the right and varying
 * slices: what each side answers for. */
static void
responder_addresses(void **state)
{
	struct arp_responder l, r;
	struct cfg c;
	uint8_t a4[4], a6[16];

	(void)state;
	cfg_defaults(&c);
	c.side[CFG_RIGHT].num_nets = 4;
	c.dir[CFG_FWD].src_slice = (struct cfg_var){ CFG_VAR_RANDOM, 2, 9 };
	arp_responder_from_cfg(&l, &c, CFG_LEFT);
	arp_responder_from_cfg(&r, &c, CFG_RIGHT);
	assert_memory_equal(l.mac, c.side[CFG_LEFT].mac, 6);
	assert_true(arp_responder_owns(&l, 4, c.side[CFG_LEFT].ipv4));
	assert_true(arp_responder_owns(&l, 6, c.side[CFG_LEFT].ipv6));
	assert_true(arp_responder_owns(&l, 4, c.side[CFG_LEFT].ipv4_virt));
	assert_true(arp_responder_owns(&l, 6, c.side[CFG_LEFT].ipv6_virt));
	assert_false(arp_responder_owns(&l, 4, c.side[CFG_RIGHT].ipv4));
	assert_false(arp_responder_owns(&r, 4, c.side[CFG_LEFT].ipv4));
	/* left's sources 198.18.0.2 .. 198.18.0.9 (slice 2..9) */
	memcpy(a4, c.side[CFG_LEFT].ipv4, 4);
	a4[3] = 9;
	assert_true(arp_responder_owns(&l, 4, a4));
	a4[3] = 10;
	assert_false(arp_responder_owns(&l, 4, a4));
	a4[3] = 1;	/* the DUT's own address */
	assert_false(arp_responder_owns(&l, 4, a4));
	/* right's networks 198.19.0.2 .. 198.19.3.2, not .4.2 */
	memcpy(a4, c.side[CFG_RIGHT].ipv4, 4);
	a4[2] = 3;
	assert_true(arp_responder_owns(&r, 4, a4));
	a4[2] = 4;
	assert_false(arp_responder_owns(&r, 4, a4));
	a4[2] = 3;
	a4[3] = 3;
	assert_false(arp_responder_owns(&r, 4, a4));
	memcpy(a6, c.side[CFG_RIGHT].ipv6, 16);
	a6[7] += 3;
	assert_true(arp_responder_owns(&r, 6, a6));
	a6[7] += 1;
	assert_false(arp_responder_owns(&r, 6, a6));
	/* an IPv4 address never matches as IPv6 */
	assert_false(arp_responder_owns(&l, 6, c.side[CFG_LEFT].ipv4));
}

static struct pcap_wr pw;
static bool pw_on;

static void
pcap_add(const uint8_t *f, size_t len)
{
	if (pw_on)
		assert_int_equal(pcap_wr_write(&pw, f, len, 0), 0);
}

/* The DUT asks; the tester answers for its addresses only. */
static void
answers(void **state)
{
	struct arp_responder l;
	uint8_t q[ARP_MAX_FRAME_B], a[ARP_MAX_FRAME_B], mac[6];
	uint8_t other6[16];
	struct cfg c;
	size_t n;

	(void)state;
	cfg_defaults(&c);
	memcpy(c.side[CFG_LEFT].ipv4, t0_ip4, 4);
	memcpy(c.side[CFG_LEFT].ipv6, t0_ip6, 16);
	memcpy(c.side[CFG_LEFT].mac, t0, 6);
	arp_responder_from_cfg(&l, &c, CFG_LEFT);

	/* the DUT's ARP request for 198.18.0.2: the golden reply */
	arp_build_request(q, d0, d0_ip4, t0_ip4);
	pcap_add(q, ARP_FRAME_B);
	n = arp_answer(&l, q, ARP_FRAME_B, a);
	assert_int_equal(n, sizeof(golden_arp_reply));
	assert_memory_equal(a, golden_arp_reply, n);
	pcap_add(a, n);
	/* the reply resolves the tester at the DUT and vice versa */
	assert_true(arp_resolved(&l, a, n, 4, t0_ip4, mac));
	assert_memory_equal(mac, t0, 6);
	assert_false(arp_resolved(&l, a, n, 4, d0_ip4, mac));
	/* a request for the DUT's own address, a reply: no answer */
	arp_build_request(q, t0, t0_ip4, d0_ip4);
	assert_int_equal(arp_answer(&l, q, ARP_FRAME_B, a), 0);
	assert_int_equal(arp_answer(&l, golden_arp_reply, 60, a), 0);

	/* the DUT's NS for 2001:db8::2: the golden solicited NA */
	n = arp_build_ns(q, d0, d0_ip6, t0_ip6);
	pcap_add(q, n);
	n = arp_answer(&l, q, n, a);
	assert_int_equal(n, sizeof(golden_nd_na));
	assert_memory_equal(a, golden_nd_na, n);
	pcap_add(a, n);
	assert_true(arp_resolved(&l, a, n, 6, t0_ip6, mac));
	assert_memory_equal(mac, t0, 6);
	/* an NS for another address; DAD (source ::) */
	memcpy(other6, t0_ip6, 16);
	other6[15] = 3;
	n = arp_build_ns(q, d0, d0_ip6, other6);
	assert_int_equal(arp_answer(&l, q, n, a), 0);
	n = arp_build_ns(q, d0, (const uint8_t[16]){ 0 }, t0_ip6);
	assert_int_equal(arp_answer(&l, q, n, a), 0);
	/* an NS as the tester's resolution sends it, and the NA that
	 * answers it: the DUT's MAC from the target option */
	n = arp_build_ns(q, t0, t0_ip6, d0_ip6);
	pcap_add(q, n);
	n = arp_build_na(a, d0, d0_ip6, t0, t0_ip6, 0x60);
	pcap_add(a, n);
	assert_true(arp_resolved(&l, a, n, 6, d0_ip6, mac));
	assert_memory_equal(mac, d0, 6);
	/* an unsolicited NA and a gratuitous ARP are no requests */
	n = arp_build_unsolicited_na(q, t0, t0_ip6);
	pcap_add(q, n);
	assert_int_equal(arp_answer(&l, q, n, a), 0);
	n = arp_build_gratuitous(q, t0, t0_ip4);
	pcap_add(q, n);
	assert_int_equal(arp_answer(&l, q, n, a), 0);
	/* a test frame (not ARP / ND) */
	memset(q, 0, sizeof(q));
	q[12] = 0x08;
	assert_int_equal(arp_answer(&l, q, 60, a), 0);
}

static int
pcap_setup(void **state)
{
	const char *dir = getenv("DUTPERF_PCAP_DIR");
	char path[4200], err[256];

	(void)state;
	if (dir == NULL)
		return 0;
	snprintf(path, sizeof(path), "%s/arp_nd.pcap", dir);
	if (pcap_wr_open(&pw, path, err, sizeof(err)) != 0)
		return -1;
	pw_on = true;
	return 0;
}

static int
pcap_teardown(void **state)
{
	(void)state;
	if (pw_on && pcap_wr_close(&pw) != 0)
		return -1;
	pw_on = false;
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(built_golden),
		cmocka_unit_test(parsed),
		cmocka_unit_test(malformed),
		cmocka_unit_test(responder_addresses),
		cmocka_unit_test(answers),
	};

	return cmocka_run_group_tests(tests, pcap_setup, pcap_teardown);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_engine_rx_hw: the receiver's reading of an mbuf's RX checksum
 * flags (engine_rx_hw, src/dpdk/trial/trial.h) and what the classifier makes of
 * it: GOOD is taken for that checksum, BAD, UNKNOWN and NONE are not (the
 * software sums decide), and a port without the offload (its flags masked
 * to 0 by the receiver) gives nothing.  mbufs on the stack, no EAL.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "trial.h"
#include "../data/golden/golden_cases.h"

static void
flags_to_verdicts(void **state)
{
	static const struct {
		uint64_t ip, l4;
		unsigned int want;
	} t[] = {
		{ RTE_MBUF_F_RX_IP_CKSUM_GOOD, RTE_MBUF_F_RX_L4_CKSUM_GOOD,
		  FRAME_HW_IP_GOOD | FRAME_HW_L4_GOOD },
		{ RTE_MBUF_F_RX_IP_CKSUM_GOOD, RTE_MBUF_F_RX_L4_CKSUM_BAD,
		  FRAME_HW_IP_GOOD },
		{ RTE_MBUF_F_RX_IP_CKSUM_BAD, RTE_MBUF_F_RX_L4_CKSUM_GOOD,
		  FRAME_HW_L4_GOOD },
		{ RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN, RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN, 0 },
		{ RTE_MBUF_F_RX_IP_CKSUM_NONE, RTE_MBUF_F_RX_L4_CKSUM_NONE, 0 },
		{ RTE_MBUF_F_RX_IP_CKSUM_BAD, RTE_MBUF_F_RX_L4_CKSUM_BAD, 0 },
	};
	struct rte_mbuf m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		memset(&m, 0, sizeof(m));
		/* other flags beside them change nothing */
		m.ol_flags = t[i].ip | t[i].l4 | RTE_MBUF_F_RX_RSS_HASH |
			     RTE_MBUF_F_RX_VLAN;
		assert_int_equal(engine_rx_hw(m.ol_flags), t[i].want);
		/* the port has no offload: the receiver masks them to 0 */
		assert_int_equal(engine_rx_hw(m.ol_flags & 0), 0);
	}
}

/* A frame with a wrong UDP checksum through the classifier with each
 * mbuf's verdict: ours only where the NIC said L4 GOOD. */
static void
flags_through_classifier(void **state)
{
	static uint8_t b[256];
	const uint64_t l4[] = { RTE_MBUF_F_RX_L4_CKSUM_GOOD,
				RTE_MBUF_F_RX_L4_CKSUM_BAD,
				RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN,
				RTE_MBUF_F_RX_L4_CKSUM_NONE };
	struct frame_gen g;
	struct frame_cls k;
	struct rte_mbuf m;
	struct cfg c;
	char err[256];
	size_t len, i;

	(void)state;
	golden_cfg_defaults(&c);
	c.frame_size_b = 128;
	assert_int_equal(golden_gen_init(&g, &c, CFG_FWD, 1, err, sizeof(err)), 0);
	assert_int_equal(golden_cls_init(&k, &c, CFG_FWD, err, sizeof(err)), 0);
	len = frame_gen_next(&g, b, 3, 4, false);
	golden_route(b, &c.side[CFG_RIGHT]);
	assert_int_equal(frame_classify(&k, b, len, NULL), FRAME_OURS);
	b[len - 1] ^= 0x01;		/* the payload: UDP checksum wrong */
	for (i = 0; i < sizeof(l4) / sizeof(l4[0]); i++) {
		memset(&m, 0, sizeof(m));
		m.ol_flags = RTE_MBUF_F_RX_IP_CKSUM_GOOD | l4[i];
		assert_int_equal(frame_classify_hw(&k, b, len, NULL,
						   engine_rx_hw(m.ol_flags)),
				 i == 0 ? FRAME_OURS : FRAME_BAD_UDP_CKSUM);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flags_to_verdicts),
		cmocka_unit_test(flags_through_classifier),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

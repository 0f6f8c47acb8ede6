/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the N-port core (mport.h): the plans against RFC 2889's
 * own tables (5.1.3 for six ports, 5.4.3 for eight), the address sets,
 * the aging refusal, and the receiver's accounting against hand-made
 * frame sequences whose counts are known (duplicates, reordering,
 * flooded, foreign, stale, learning), then the verdict over all ports
 * and the rows of ports.csv / pairs.csv.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/mport.h"

static void
net_init(struct mport_net *n, unsigned nb, uint32_t addrs)
{
	unsigned p;

	memset(n, 0, sizeof(*n));
	n->nb_ports = nb;
	n->addrs_per_port = addrs;
	for (p = 0; p < nb; p++) {
		uint8_t mac[6] = { 0x02, 0, 0, 0, 0, (uint8_t)(0x10 + p) };
		uint8_t ip[4] = { 198, 18, (uint8_t)p, 2 };

		memcpy(n->port[p].mac, mac, 6);
		memcpy(n->port[p].ipv4, ip, 4);
	}
}

/* RFC 2889 5.1.3: "six ports with 1 address per port" (1-based) */
static const unsigned rfc_mesh6[6][6] = {
	{ 2, 3, 4, 5, 6, 2 }, { 3, 4, 5, 6, 1, 3 }, { 4, 5, 6, 1, 2, 4 },
	{ 5, 6, 1, 2, 3, 5 }, { 6, 1, 2, 3, 4, 6 }, { 1, 2, 3, 4, 5, 1 },
};

static void
test_mesh_rfc_table(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	unsigned p, i;

	(void)state;
	net_init(&n, 6, 1);
	assert_int_equal(mport_plan_mesh(&pl, &n, 1000, 2000, 100), 0);
	for (p = 0; p < 6; p++) {
		assert_int_equal(pl.test[p].src, p);
		assert_int_equal(pl.test[p].nb_dst, 5);
		assert_int_equal(pl.test[p].frames, 2000);
		for (i = 0; i < 6; i++)
			assert_int_equal(mport_stream_dst(&pl.test[p], i) + 1,
					 rfc_mesh6[p][i]);
	}
	/* every port receives: one learning stream per port */
	assert_int_equal(pl.nb_learn, 6);
}

/* RFC 2889 5.4.3's eight-port table: ports 1-4 send to 5-8 */
static const unsigned rfc_unidir8[4][6] = {
	{ 5, 6, 7, 8, 5, 6 }, { 6, 7, 8, 5, 6, 7 },
	{ 7, 8, 5, 6, 7, 8 }, { 8, 5, 6, 7, 8, 5 },
};

static void
test_unidir_rfc_table(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	unsigned p, i;

	(void)state;
	net_init(&n, 8, 1);
	assert_int_equal(mport_plan_unidir(&pl, &n, 1000, 1000, 100), 0);
	for (p = 0; p < 4; p++)
		for (i = 0; i < 6; i++)
			assert_int_equal(mport_stream_dst(&pl.test[p], i) + 1,
					 rfc_unidir8[p][i]);
	for (p = 4; p < 8; p++)
		assert_int_equal(pl.test[p].nb_dst, 0);
	/* only the receiving ports 5-8 send learning frames */
	assert_int_equal(pl.nb_learn, 4);
	assert_int_equal(pl.learn[0].src, 4);
}

static void
test_partial(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	struct mport_result r;
	unsigned p;

	(void)state;
	net_init(&n, 4, 1);
	assert_int_equal(mport_plan_partial(&pl, &n, MPORT_ONE_TO_MANY, 300,
					    1000, 10), 0);
	assert_int_equal(pl.test[0].nb_dst, 3);
	for (p = 1; p < 4; p++)
		assert_int_equal(pl.test[p].nb_dst, 0);
	mport_result_init(&r, &pl, 1);
	assert_int_equal(r.pair[0][1].sent, 100);
	assert_int_equal(r.pair[0][3].sent, 100);
	assert_int_equal(mport_plan_partial(&pl, &n, MPORT_MANY_TO_ONE, 300,
					    1000, 10), 0);
	assert_int_equal(pl.test[0].nb_dst, 0);
	for (p = 1; p < 4; p++) {
		assert_int_equal(pl.test[p].nb_dst, 1);
		assert_int_equal(pl.test[p].dst[0], 0);
	}
	/* only port 0 receives: it alone sends learning frames */
	assert_int_equal(pl.nb_learn, 1);
	assert_int_equal(pl.learn[0].src, 0);
}

/* RFC 2889 5.5's plan as h38p will build it: source 1 alternates the
 * uncongested and the congested port, source 2 only the congested one,
 * both the exact same count; the pairs' sent counts follow. */
static void
test_congestion_plan(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	struct mport_result r;

	(void)state;
	net_init(&n, 4, 1);
	memset(&pl, 0, sizeof(pl));
	pl.nb_ports = 4;
	pl.test[0] = (struct mport_stream){ .src = 0, .nb_dst = 2,
		.dst = { 2, 3 }, .src_addrs = 1, .dst_addrs = 1,
		.rate_fps = 1000, .frames = 1001 };
	pl.test[1] = (struct mport_stream){ .src = 1, .nb_dst = 1,
		.dst = { 3 }, .src_addrs = 1, .dst_addrs = 1,
		.rate_fps = 1000, .frames = 1001 };
	mport_result_init(&r, &pl, 1);
	assert_int_equal(r.pair[0][2].sent, 501);	/* first frame: U */
	assert_int_equal(r.pair[0][3].sent, 500);
	assert_int_equal(r.pair[1][3].sent, 1001);
	assert_int_equal(r.port[2].sent, 0);
	/* both directions of 5.2 at once */
	assert_int_equal(mport_plan_partial(&pl, &n, MPORT_BOTH, 300, 1000,
					    10), 0);
	assert_int_equal(pl.test[0].nb_dst, 3);
	assert_int_equal(pl.test[3].dst[0], 0);
	assert_int_equal(pl.nb_learn, 4);
	/* no plan for one port, nor for 3 addresses a port */
	n.nb_ports = 1;
	assert_int_equal(mport_plan_mesh(&pl, &n, 1, 1, 1), -EINVAL);
	n.nb_ports = 4;
	n.addrs_per_port = 3;
	assert_int_equal(mport_plan_unidir(&pl, &n, 1, 1, 1), -EINVAL);
}

static void
test_addresses(void **state)
{
	struct mport_net n;
	uint8_t a[6], b[6];
	unsigned k, j;

	(void)state;
	net_init(&n, 4, 8);
	mport_mac(&n, 2, 0, a);
	assert_memory_equal(a, n.port[2].mac, 6);
	n.mac_format = MPORT_MAC_SEQUENTIAL;
	mport_mac(&n, 2, 5, a);
	assert_memory_equal(a, ((uint8_t[]){ 0x02, 0xd9, 2, 0, 0, 5 }), 6);
	n.mac_format = MPORT_MAC_SPREAD;
	mport_mac(&n, 2, 1, a);
	assert_memory_equal(a, ((uint8_t[]){ 0x02, 0xd9, 2, 0x9e, 0x37, 0x79 }),
			    6);
	/* spread: distinct for 4096 consecutive k, and apart */
	for (k = 1; k < 4096; k += 97)
		for (j = k + 1; j < k + 50; j++) {
			mport_mac(&n, 1, k, a);
			mport_mac(&n, 1, j, b);
			assert_memory_not_equal(a, b, 6);
		}
	assert_true(mport_addrs_valid(1));
	assert_true(mport_addrs_valid(256));
	assert_false(mport_addrs_valid(0));
	assert_false(mport_addrs_valid(3));
	assert_false(mport_addrs_valid(96));
	assert_false(mport_addrs_valid(MPORT_MAX_ADDRS * 2ull));
}

static void
test_stream_addrs(void **state)
{
	struct mport_stream s = { .nb_dst = 3, .src_addrs = 2, .dst_addrs = 2 };
	uint32_t sk, dk;
	unsigned seen[2][2] = { { 0 } }, i;

	(void)state;
	/* 2 x 2 address pairs in 4 rounds of 3 frames */
	for (i = 0; i < 12; i++) {
		mport_stream_addrs(&s, i, &sk, &dk);
		seen[sk][dk]++;
	}
	assert_int_equal(seen[0][0], 3);
	assert_int_equal(seen[0][1], 3);
	assert_int_equal(seen[1][0], 3);
	assert_int_equal(seen[1][1], 3);
	s.frames = 10;
	s.dst[0] = 1;
	s.dst[1] = 2;
	s.dst[2] = 1;
	assert_int_equal(mport_stream_frames_to(&s, 1), 7);
	assert_int_equal(mport_stream_frames_to(&s, 2), 3);
}

static void
test_aging(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	char err[256];

	(void)state;
	net_init(&n, 4, 1);
	assert_int_equal(mport_plan_mesh(&pl, &n, 1000, 10000, 100), 0);
	pl.learn_wait_ms = 2000;
	/* 4 learning frames at 100 fps: 40 ms -> 1 s; 2 + 10 + 1 (timeout) */
	assert_int_equal(mport_plan_span_s(&pl, 1000), 14);
	assert_int_equal(mport_check_aging(&pl, 1000, 0, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "aging_s is required"));
	assert_int_equal(mport_check_aging(&pl, 1000, 14, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "aging_s = 14"));
	assert_int_equal(mport_check_aging(&pl, 1000, 15, err, sizeof(err)),
			 0);
}

static uint64_t bits[MPORT_MAX_PORTS][RXSTATE_WORDS];

/* frame i of pl's stream from src with sequence seq, into buf */
static uint32_t
mk(uint8_t *buf, const struct mport_net *n, const struct mport_plan *pl,
   unsigned src, uint64_t i, uint64_t seq, uint8_t trial, bool learning)
{
	uint32_t len = mport_frame_build(buf, n, &pl->test[src], i, 64, trial,
					 learning);

	mport_frame_seq(buf, seq);
	return len;
}

static void
test_rx_accounting(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	struct mport_result r;
	struct mport_rx rx;
	uint64_t *b[MPORT_MAX_PORTS];
	uint8_t f[128];
	uint32_t len;
	unsigned p;
	char why[128];

	(void)state;
	net_init(&n, 4, 1);
	/* 4 ports, 3 frames per pair: 9 frames a port, 1 ms at 9000 fps */
	assert_int_equal(mport_plan_mesh(&pl, &n, 9000, 1, 100), 0);
	assert_int_equal(pl.test[0].frames, 9);
	mport_result_init(&r, &pl, 7);
	assert_int_equal(r.pair[0][1].sent, 3);
	for (p = 0; p < MPORT_MAX_PORTS; p++)
		b[p] = bits[p];
	/* port 2 (0-based) receives */
	mport_rx_init(&rx, &r, 2, b);
	/* from port 0: its frames 1, 4, 7 go to port 2; seq 0, 2, 1, 1:
	 * one reordered, one duplicate, all three received */
	len = mk(f, &n, &pl, 0, 1, 0, 7, false);
	assert_int_equal(len, 60);
	assert_memory_equal(f, n.port[2].mac, 6);	/* a bridge */
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	mk(f, &n, &pl, 0, 7, 2, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	mk(f, &n, &pl, 0, 4, 1, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	/* from port 1 to port 2: seq 0 late, seq 1 in time; seq 2 never */
	mk(f, &n, &pl, 1, 0, 0, 7, false);
	assert_int_equal(f[MPORT_HDR_B + 3], 2);
	assert_int_equal(mport_rx_frame(&rx, f, len, true), MPORT_RX_RECEIVED);
	mk(f, &n, &pl, 1, 3, 1, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	/* port 1's frame 1 is for port 3: flooded here */
	mk(f, &n, &pl, 1, 1, 0, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_FLOODED);
	/* an earlier trial's frame, a learning frame */
	mk(f, &n, &pl, 3, 2, 0, 6, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_STALE);
	mk(f, &n, &pl, 3, 2, 0, 7, true);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_LEARNING);
	/* port 3 to port 2: all three */
	mk(f, &n, &pl, 3, 2, 0, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	mk(f, &n, &pl, 3, 5, 1, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	mk(f, &n, &pl, 3, 8, 2, 7, false);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	/* foreign: an ARP frame, a UDP frame without the signature, runt */
	memset(f, 0, sizeof(f));
	f[12] = 0x08;
	f[13] = 0x06;
	assert_int_equal(mport_rx_frame(&rx, f, 60, false), MPORT_RX_FOREIGN);
	mk(f, &n, &pl, 3, 2, 0, 7, false);
	f[MPORT_HDR_B + 14] ^= 1;
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_FOREIGN);
	assert_int_equal(mport_rx_frame(&rx, f, 40, false), MPORT_RX_FOREIGN);
	mport_rx_finish(&rx, &r);

	assert_int_equal(r.pair[0][2].rx.received, 3);
	assert_int_equal(r.pair[0][2].rx.duplicates, 1);
	assert_int_equal(r.pair[0][2].rx.reordered, 1);
	assert_int_equal(r.pair[1][2].rx.received, 1);
	assert_int_equal(r.pair[1][2].rx.late, 1);
	assert_int_equal(mport_pair_lost(&r.pair[1][2]), 2);
	assert_int_equal(r.pair[3][2].rx.received, 3);
	assert_int_equal(r.port[2].received, 7);
	assert_int_equal(r.port[2].flooded, 1);
	assert_int_equal(r.port[2].foreign, 3);
	assert_int_equal(r.port[2].stale, 1);
	assert_int_equal(r.port[2].learn_rx, 1);

	/* the other ports received all (their receivers are not tested
	 * here); the verdict: the pair 2->3 (1-based) lost two */
	for (p = 0; p < 4; p++) {
		unsigned d;

		for (d = 0; d < 4; d++)
			if (d != 2)
				r.pair[p][d].rx.received = r.pair[p][d].sent;
	}
	assert_int_equal(mport_verdict(&r, 0, why, sizeof(why)), VERDICT_FAIL);
	assert_string_equal(why, "pair 2->3: 2 of 3 lost");
	/* tolerate it: the flood still fails the trial */
	assert_int_equal(mport_verdict(&r, 1000000, why, sizeof(why)),
			 VERDICT_FAIL);
	assert_string_equal(why, "port 3: 1 flooded");
	r.port[2].flooded = 0;
	assert_int_equal(mport_verdict(&r, 1000000, why, sizeof(why)),
			 VERDICT_PASS);
	r.valid = false;
	snprintf(r.reason, sizeof(r.reason), "lag");
	assert_int_equal(mport_verdict(&r, 1000000, why, sizeof(why)),
			 VERDICT_INVALID);
}

static void
test_router_and_broadcast(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	struct mport_result r;
	struct mport_rx rx;
	uint64_t *b[MPORT_MAX_PORTS];
	uint8_t f[128], dut[6] = { 0x02, 0xdd, 0, 0, 0, 1 };
	uint32_t len;
	unsigned p;

	(void)state;
	net_init(&n, 3, 1);
	memcpy(n.port[0].dut_mac, dut, 6);
	assert_int_equal(mport_plan_mesh(&pl, &n, 1000, 1000, 10), 0);
	len = mport_frame_build(f, &n, &pl.test[0], 0, 128, 1, false);
	assert_int_equal(len, 124);
	assert_memory_equal(f, dut, 6);		/* the router's MAC */
	assert_memory_equal(f + 30, n.port[1].ipv4, 4);
	/* a broadcast stream: port 0 sends 10 frames to all */
	memset(&pl.test[0], 0, sizeof(pl.test[0]));
	pl.test[0].src = 0;
	pl.test[0].nb_dst = 1;
	pl.test[0].dst[0] = MPORT_BCAST;
	pl.test[0].frames = 10;
	pl.test[0].rate_fps = 10;
	mport_result_init(&r, &pl, 1);
	assert_int_equal(r.pair[0][1].sent, 10);
	assert_int_equal(r.pair[0][2].sent, 10);
	assert_int_equal(r.pair[1][2].sent, 500);
	for (p = 0; p < MPORT_MAX_PORTS; p++)
		b[p] = bits[p];
	mport_rx_init(&rx, &r, 2, b);
	len = mport_frame_build(f, &n, &pl.test[0], 0, 64, 1, false);
	assert_memory_equal(f, ((uint8_t[]){ 0xff, 0xff, 0xff, 0xff, 0xff,
					     0xff }), 6);
	mport_frame_seq(f, 4);
	assert_int_equal(mport_rx_frame(&rx, f, len, false), MPORT_RX_RECEIVED);
	mport_rx_finish(&rx, &r);
	assert_int_equal(r.pair[0][2].rx.received, 1);
}

static void
test_rows(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	struct mport_result r;
	struct mport_port_row pr = { .start = 0, .mode = "mesh", .trial = 1,
				     .frame_size_b = 64 };
	struct mport_pair_row qr = { .start = 0, .mode = "mesh", .trial = 1,
				     .frame_size_b = 64 };
	char buf[1024];

	(void)state;
	net_init(&n, 4, 1);
	assert_int_equal(mport_plan_mesh(&pl, &n, 3000, 1000, 10), 0);
	mport_result_init(&r, &pl, 1);
	r.duration_ms = 1000;
	/* port 2 received 2990 of 3000, lost on pair 1->3 (1-based) */
	r.pair[0][2].rx.received = 990;
	r.pair[1][2].rx.received = 1000;
	r.pair[3][2].rx.received = 1000;
	r.port[2].received = 2990;
	r.port[2].foreign = 4;
	mport_port_row(&r, &pl, 2, &pr);
	assert_true(report_header(&mport_ports_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "start,mode,trial,port,frame_size_b,iload_fps,"
			    "oload_fps,sent,received,lost,loss_pct,fr_fps,"
			    "flooded,foreign,duplicates,reordered,late,status,"
			    "learn_sent,learn_rx");
	assert_int_equal(pr.lost, 10);
	assert_int_equal(pr.sent, 3000);
	assert_true(pr.fr_fps == 2990.0);
	mport_pair_row(&r, 0, 2, 0, &qr);
	assert_int_equal(qr.lost, 10);
	assert_int_equal(qr.verdict, VERDICT_FAIL);
	assert_true(report_row(&mport_pairs_table, &qr, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, ",mesh,1,1,3,64,1000,990,10,1.000000,0,0,0,"
				    "fail"));
}

/* RFC 2889 5.10.3 latency by RFC 8219 7.2 tags (mport.h "Tagged frames"):
 * the tags placed, RX times recorded only for this trial's, in-time,
 * tagged broadcast frames of the tagged source, first copy kept; a tag
 * never sent is never counted, whatever arrived for it. */
static uint64_t bits2[MPORT_MAX_PORTS][RXSTATE_WORDS];

static void
test_broadcast_tags(void **state)
{
	struct mport_net n;
	struct mport_plan pl;
	struct mport_result r;
	struct mport_rx rx1, rx2;
	struct mport_tags g;
	struct delay_lat_summary s;
	uint64_t *b1[MPORT_MAX_PORTS], *b2[MPORT_MAX_PORTS];
	struct mport_stream other;
	uint8_t f[64];
	uint32_t len, i;
	unsigned p;

	(void)state;
	net_init(&n, 3, 1);
	memset(&pl, 0, sizeof(pl));
	pl.nb_ports = 3;
	pl.test[0].src = 0;
	pl.test[0].nb_dst = 1;
	pl.test[0].dst[0] = MPORT_BCAST;
	pl.test[0].frames = 1000;
	pl.test[0].rate_fps = 1000;
	other = pl.test[0];
	other.src = 1;
	mport_result_init(&r, &pl, 7);
	assert_int_equal(mport_tags_alloc(&g, 10, 3), 0);
	mport_tags_place(&g, 0, 1000);
	assert_int_equal(g.nb, 10);
	for (i = 0; i < 10; i++)	/* the middle of each 100 frames */
		assert_int_equal(g.seq[i], 50 + 100 * i);
	assert_int_equal(mport_tags_find(&g, 50), 0);
	assert_int_equal(mport_tags_find(&g, 950), 9);
	assert_int_equal(mport_tags_find(&g, 51), -1);
	assert_int_equal(mport_tags_find(&g, 1050), -1);
	for (p = 0; p < MPORT_MAX_PORTS; p++) {
		b1[p] = bits[p];
		b2[p] = bits2[p];
	}
	memset(bits, 0, sizeof(bits));
	mport_rx_init(&rx1, &r, 1, b1);
	mport_rx_init(&rx2, &r, 2, b2);
	rx1.tags = &g;
	rx2.tags = &g;
	/* the sender sent tags 0..8 (tag 9 never left: time based end) */
	for (i = 0; i < 9; i++)
		g.tx_tsc[i] = 1000 + 100 * i;
	len = mport_frame_build(f, &n, &pl.test[0], 0, 64, 7, false);
	assert_int_equal(len, 60);	/* 64-byte frames carry no time */
	/* port 2: tags 0..7 back 50 ticks later, then a duplicate */
	for (i = 0; i < 8; i++) {
		mport_frame_seq(f, g.seq[i]);
		rx1.now_tsc = g.tx_tsc[i] + 50;
		assert_int_equal(mport_rx_frame(&rx1, f, len, false),
				 MPORT_RX_RECEIVED);
	}
	mport_frame_seq(f, g.seq[0]);
	rx1.now_tsc = 99999;
	mport_rx_frame(&rx1, f, len, false);
	assert_int_equal(g.rx_tsc[1][0], 1050);		/* first copy kept */
	/* tag 8 only late: lost; tag 9's frame arrives, was never sent
	 * tagged: not counted; an untagged frame: no record */
	mport_frame_seq(f, g.seq[8]);
	mport_rx_frame(&rx1, f, len, true);
	assert_int_equal(g.rx_tsc[1][8], 0);
	mport_frame_seq(f, g.seq[9]);
	rx1.now_tsc = 5000;
	mport_rx_frame(&rx1, f, len, false);
	mport_frame_seq(f, 51);
	mport_rx_frame(&rx1, f, len, false);
	/* port 3: a tag's number from another source, another trial */
	len = mport_frame_build(f, &n, &other, 0, 64, 7, false);
	mport_frame_seq(f, g.seq[1]);
	rx2.now_tsc = 2000;
	assert_int_equal(mport_rx_frame(&rx2, f, len, false),
			 MPORT_RX_RECEIVED);
	len = mport_frame_build(f, &n, &pl.test[0], 0, 64, 6, false);
	mport_frame_seq(f, g.seq[2]);
	assert_int_equal(mport_rx_frame(&rx2, f, len, false), MPORT_RX_STALE);
	for (i = 0; i < 10; i++)
		assert_int_equal(g.rx_tsc[2][i], 0);

	/* 1 GHz TSC: 50 ticks = 50 ns; a lost tag counts the timeout */
	assert_int_equal(mport_tags_latency(&g, 1, 1000000000u, 1000000u, &s),
			 0);
	assert_int_equal(s.tagged, 9);
	assert_int_equal(s.unsent, 1);
	assert_int_equal(s.received, 8);
	assert_int_equal(s.lost, 1);
	assert_true(s.valid);
	assert_true(s.tl_ns == 50.0);
	assert_true(s.min_ns == 50.0);
	assert_true(s.max_ns == 1000000.0);
	assert_int_equal(mport_tags_latency(&g, 2, 1000000000u, 1000000u, &s),
			 0);
	assert_int_equal(s.tagged, 9);
	assert_int_equal(s.received, 0);
	assert_false(s.valid);
	assert_int_equal(mport_tags_latency(&g, 0, 1000000000u, 0, &s),
			 -EINVAL);			/* the source itself */
	/* a repeated trial starts clean; fewer frames than tags */
	mport_tags_clear(&g, 3);
	assert_int_equal(g.rx_tsc[1][0], 0);
	assert_int_equal(g.tx_tsc[0], 0);
	mport_tags_place(&g, 0, 4);
	assert_int_equal(g.nb, 4);
	for (i = 0; i < 4; i++)
		assert_int_equal(g.seq[i], i);
	mport_tags_free(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mesh_rfc_table),
		cmocka_unit_test(test_unidir_rfc_table),
		cmocka_unit_test(test_partial),
		cmocka_unit_test(test_congestion_plan),
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_stream_addrs),
		cmocka_unit_test(test_aging),
		cmocka_unit_test(test_rx_accounting),
		cmocka_unit_test(test_router_and_broadcast),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_broadcast_tags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

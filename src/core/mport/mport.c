/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mport: address sets, plans, test frames and the per-port receiver of
 * a trial over N ports (mport.h).  DPDK-free.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cksum.h"
#include "dutperf/errf.h"
#include "dutperf/mport.h"

/* ------------------------------------------------------------ addresses */

/* An odd multiplier: k -> k x M mod 2^24 is a bijection of 24 bits. */
#define MPORT_SPREAD_MUL 0x9e3779u

void
mport_mac(const struct mport_net *n, unsigned p, uint32_t k, uint8_t mac[6])
{
	uint32_t v;

	if (k == 0) {
		memcpy(mac, n->port[p].mac, 6);
		return;
	}
	v = n->mac_format == MPORT_MAC_SPREAD ?
		    (uint32_t)(k * MPORT_SPREAD_MUL) & 0xffffffu :
		    k & 0xffffffu;
	mac[0] = 0x02;		/* locally administered, unicast */
	mac[1] = 0xd9;
	mac[2] = (uint8_t)p;
	mac[3] = (uint8_t)(v >> 16);
	mac[4] = (uint8_t)(v >> 8);
	mac[5] = (uint8_t)v;
}

bool
mport_addrs_valid(uint64_t n)
{
	/* RFC 2889 5.1.2: 1, 2, 4, 8, ... */
	return n >= 1 && n <= MPORT_MAX_ADDRS && (n & (n - 1)) == 0;
}

/* ---------------------------------------------------------------- plans */

void
mport_stream_addrs(const struct mport_stream *s, uint64_t i, uint32_t *src_k,
		   uint32_t *dst_k)
{
	uint64_t r = i / s->nb_dst;
	uint32_t sa = s->src_addrs ? s->src_addrs : 1;
	uint32_t da = s->dst_addrs ? s->dst_addrs : 1;

	*src_k = s->src_first + (uint32_t)(r % sa);
	*dst_k = s->dst_first + (uint32_t)((r / sa) % da);
}

uint64_t
mport_stream_frames_to(const struct mport_stream *s, unsigned d)
{
	uint64_t full, n = 0;
	unsigned j, rest;

	if (s->nb_dst == 0)
		return 0;
	full = s->frames / s->nb_dst;
	rest = (unsigned)(s->frames % s->nb_dst);
	for (j = 0; j < s->nb_dst; j++)
		if (s->dst[j] == d)
			n += full + (j < rest);
	return n;
}

static uint64_t
frames_of(uint64_t rate_fps, uint32_t duration_ms)
{
	/* RFC 2889 Appendix B.1: Iload x trial duration, exactly */
	return (uint64_t)((unsigned __int128)rate_fps * duration_ms / 1000u);
}

static void
stream_set(struct mport_stream *s, unsigned src, uint32_t addrs,
	   uint64_t rate_fps, uint64_t frames)
{
	s->src = (uint8_t)src;
	s->src_first = 0;
	s->src_addrs = addrs;
	s->dst_first = 0;
	s->dst_addrs = addrs;
	s->rate_fps = rate_fps;
	s->frames = frames;
}

void
mport_plan_learning(struct mport_plan *pl, const struct mport_net *n,
		    const bool receives[MPORT_MAX_PORTS], uint64_t learn_fps)
{
	unsigned p;

	pl->nb_learn = 0;
	for (p = 0; p < n->nb_ports && pl->nb_learn < MPORT_MAX_LEARN; p++) {
		struct mport_stream *s = &pl->learn[pl->nb_learn];

		if (!receives[p])
			continue;
		memset(s, 0, sizeof(*s));
		/* RFC 2889 5.1.3: a learning frame for every address */
		stream_set(s, p, n->addrs_per_port, learn_fps,
			   n->addrs_per_port);
		s->dst_addrs = 1;
		s->nb_dst = 1;
		s->dst[0] = (uint8_t)((p + 1) % n->nb_ports);
		pl->nb_learn++;
	}
}

static int
plan_begin(struct mport_plan *pl, const struct mport_net *n,
	   uint64_t iload_fps, uint32_t duration_ms, uint64_t learn_fps)
{
	memset(pl, 0, sizeof(*pl));
	if (n->nb_ports < 2 || n->nb_ports > MPORT_MAX_PORTS ||
	    iload_fps == 0 || duration_ms == 0 || learn_fps == 0 ||
	    !mport_addrs_valid(n->addrs_per_port))
		return -EINVAL;
	pl->nb_ports = n->nb_ports;
	pl->duration_ms = duration_ms;
	pl->iload_fps = iload_fps;
	return 0;
}

/* Port src sends round robin to the ports of to[0..nb) (RFC 2889 5.1.3:
 * the first destination after src in port order, then on, wrapping). */
static void
plan_round_robin(struct mport_plan *pl, const struct mport_net *n,
		 unsigned src, const unsigned *to, unsigned nb,
		 unsigned first)
{
	struct mport_stream *s = &pl->test[src];
	unsigned j;

	stream_set(s, src, n->addrs_per_port, pl->iload_fps,
		   frames_of(pl->iload_fps, pl->duration_ms));
	s->nb_dst = (uint8_t)nb;
	for (j = 0; j < nb; j++)
		s->dst[j] = (uint8_t)to[(first + j) % nb];
}

static void
plan_end(struct mport_plan *pl, const struct mport_net *n, uint64_t learn_fps)
{
	bool receives[MPORT_MAX_PORTS] = { false };
	unsigned p, j;

	for (p = 0; p < n->nb_ports; p++)
		for (j = 0; j < pl->test[p].nb_dst; j++)
			if (pl->test[p].dst[j] < MPORT_MAX_PORTS)
				receives[pl->test[p].dst[j]] = true;
	mport_plan_learning(pl, n, receives, learn_fps);
}

int
mport_plan_mesh(struct mport_plan *pl, const struct mport_net *n,
		uint64_t iload_fps, uint32_t duration_ms, uint64_t learn_fps)
{
	unsigned to[MPORT_MAX_PORTS], p, j, nb;

	if (plan_begin(pl, n, iload_fps, duration_ms, learn_fps) != 0)
		return -EINVAL;
	/* RFC 2889 5.1.3's table: Port #i sends to i+1, i+2, ... wrapping */
	for (p = 0; p < n->nb_ports; p++) {
		for (nb = 0, j = 1; j < n->nb_ports; j++)
			to[nb++] = (p + j) % n->nb_ports;
		plan_round_robin(pl, n, p, to, nb, 0);
	}
	plan_end(pl, n, learn_fps);
	return 0;
}

int
mport_plan_partial(struct mport_plan *pl, const struct mport_net *n,
		   enum mport_pattern pat, uint64_t iload_fps,
		   uint32_t duration_ms, uint64_t learn_fps)
{
	unsigned many[MPORT_MAX_PORTS], one = 0, p, nb = 0;

	if (plan_begin(pl, n, iload_fps, duration_ms, learn_fps) != 0 ||
	    pat > MPORT_BOTH)
		return -EINVAL;
	for (p = 1; p < n->nb_ports; p++)
		many[nb++] = p;
	/* RFC 2889 5.2.3: the One port to the Many round robin ... */
	if (pat != MPORT_MANY_TO_ONE)
		plan_round_robin(pl, n, one, many, nb, 0);
	/* ... the Many to the One */
	if (pat != MPORT_ONE_TO_MANY)
		for (p = 1; p < n->nb_ports; p++)
			plan_round_robin(pl, n, p, &one, 1, 0);
	plan_end(pl, n, learn_fps);
	return 0;
}

int
mport_plan_unidir(struct mport_plan *pl, const struct mport_net *n,
		  uint64_t iload_fps, uint32_t duration_ms, uint64_t learn_fps)
{
	unsigned rx[MPORT_MAX_PORTS], half, p, nb = 0;

	if (plan_begin(pl, n, iload_fps, duration_ms, learn_fps) != 0)
		return -EINVAL;
	/* RFC 2889 5.4.3: ports 1..half send, half+1.. receive; Port #j
	 * starts at receiver j (the RFC's 8-port table) */
	half = n->nb_ports / 2;
	for (p = half; p < n->nb_ports; p++)
		rx[nb++] = p;
	for (p = 0; p < half; p++)
		plan_round_robin(pl, n, p, rx, nb, p % nb);
	plan_end(pl, n, learn_fps);
	return 0;
}

void
mport_result_init(struct mport_result *r, const struct mport_plan *pl,
		  uint8_t trial_id)
{
	unsigned p, d;

	memset(r, 0, sizeof(*r));
	r->nb_ports = pl->nb_ports;
	r->trial_id = trial_id;
	r->valid = true;
	for (p = 0; p < pl->nb_ports; p++) {
		const struct mport_stream *s = &pl->test[p];
		uint64_t bc;

		if (s->nb_dst == 0)
			continue;
		r->port[p].sent = s->frames;
		for (d = 0; d < pl->nb_ports; d++)
			if (d != p)
				r->pair[p][d].sent = mport_stream_frames_to(s, d);
		/* RFC 2889 5.10: a broadcast frame is due at every other port */
		bc = mport_stream_frames_to(s, MPORT_BCAST);
		for (d = 0; d < pl->nb_ports && bc > 0; d++)
			if (d != p)
				r->pair[p][d].sent += bc;
	}
}

uint64_t
mport_plan_span_s(const struct mport_plan *pl, uint32_t timeout_ms)
{
	uint64_t ms = pl->learn_wait_ms + pl->duration_ms + timeout_ms;
	unsigned i;

	for (i = 0; i < pl->nb_learn; i++)
		if (pl->learn[i].rate_fps > 0)
			ms += (pl->learn[i].frames * 1000u +
			       pl->learn[i].rate_fps - 1) / pl->learn[i].rate_fps;
	return (ms + 999) / 1000;
}

int
mport_check_aging(const struct mport_plan *pl, uint32_t timeout_ms,
		  uint32_t aging_s, char *err, size_t err_len)
{
	uint64_t span = mport_plan_span_s(pl, timeout_ms);

	if (aging_s == 0)
		return cfg_errf(err, err_len, "[switch] aging_s is required: the "
			    "DUT's address aging time (RFC 2889 5.4.3)");
	/* RFC 2889 5.4.3: aging "sufficiently longer than the learning time
	 * and trial duration time combined" */
	if (span >= aging_s)
		return cfg_errf(err, err_len, "[switch] aging_s = %u: learning and "
			    "trial take %llu s, which does not fit inside the "
			    "DUT's aging time (RFC 2889 5.4.3): shorten the "
			    "trial or raise aging_s", aging_s,
			    (unsigned long long)span);
	return 0;
}

/* --------------------------------------------------------------- frames */

/*
 * The stamp, at the UDP payload (byte 42):
 *   0      magic 0xd6
 *   1      trial id
 *   2      source port, 3 destination port (0xff broadcast)
 *   4..11  sequence number of the pair, big endian
 *   12     flags: bit 0 learning
 *   13..15 "28" "89" signature 0x28 0x89 0x04 (RFC 2889 4)
 */
enum {
	ST_MAGIC = 0, ST_TRIAL = 1, ST_SRC = 2, ST_DST = 3, ST_SEQ = 4,
	ST_FLAGS = 12, ST_SIG = 13
};
static const uint8_t mport_sig[3] = { 0x28, 0x89, 0x04 };

uint32_t
mport_frame_build(uint8_t *buf, const struct mport_net *n,
		  const struct mport_stream *s, uint64_t i,
		  uint32_t frame_size_b, uint8_t trial_id, bool learning)
{
	static const uint8_t zero[6];
	uint32_t len = frame_size_b - 4, src_k, dst_k, ip_len, udp_len;
	unsigned dst = mport_stream_dst(s, i);
	const struct mport_port *sp = &n->port[s->src];
	uint8_t *ip = buf + 14, *udp = buf + 34, *st = buf + MPORT_HDR_B;
	uint16_t sum;

	if (frame_size_b < MPORT_MIN_FRAME_B)
		return 0;
	memset(buf, 0, len);
	mport_stream_addrs(s, i, &src_k, &dst_k);
	if (dst == MPORT_BCAST)
		memset(buf, 0xff, 6);
	else if (memcmp(sp->dut_mac, zero, 6) != 0)
		memcpy(buf, sp->dut_mac, 6);	/* a router: its next hop */
	else
		mport_mac(n, dst, dst_k, buf);	/* a bridge */
	mport_mac(n, s->src, src_k, buf + 6);
	buf[12] = 0x08;
	buf[13] = 0x00;
	ip_len = len - 14;
	udp_len = ip_len - 20;
	ip[0] = 0x45;
	ip[2] = (uint8_t)(ip_len >> 8);
	ip[3] = (uint8_t)ip_len;
	ip[8] = 64;
	ip[9] = 17;
	memcpy(ip + 12, sp->ipv4, 4);
	if (dst == MPORT_BCAST)
		memset(ip + 16, 0xff, 4);
	else
		memcpy(ip + 16, n->port[dst].ipv4, 4);
	sum = (uint16_t)~cksum_fold(cksum_partial(ip, 20, 0));
	ip[10] = (uint8_t)(sum >> 8);
	ip[11] = (uint8_t)sum;
	udp[0] = MPORT_UDP_SPORT >> 8;
	udp[1] = MPORT_UDP_SPORT & 0xff;
	udp[2] = 0;
	udp[3] = MPORT_UDP_DPORT;
	udp[4] = (uint8_t)(udp_len >> 8);
	udp[5] = (uint8_t)udp_len;
	/* checksum 0: none computed (RFC 768), the payload may change */
	st[ST_MAGIC] = MPORT_MAGIC;
	st[ST_TRIAL] = trial_id;
	st[ST_SRC] = s->src;
	st[ST_DST] = (uint8_t)dst;
	st[ST_FLAGS] = learning ? 1 : 0;
	memcpy(st + ST_SIG, mport_sig, sizeof(mport_sig));
	return len;
}

void
mport_frame_seq(uint8_t *buf, uint64_t seq)
{
	uint64_t be = htobe64(seq);

	/* one 8-byte store: the sender calls it per frame */
	memcpy(buf + MPORT_HDR_B + ST_SEQ, &be, sizeof(be));
}

/* ------------------------------------------------------------- receiver */

void
mport_rx_init(struct mport_rx *rx, struct mport_result *r, unsigned port,
	      uint64_t *bits[MPORT_MAX_PORTS])
{
	unsigned s;

	memset(rx, 0, sizeof(*rx));
	rx->port = port;
	rx->nb_ports = r->nb_ports;
	rx->trial_id = r->trial_id;
	rx->counts = &r->port[port];
	for (s = 0; s < r->nb_ports; s++) {
		if (s == port || bits[s] == NULL)
			continue;
		rxstate_init(&rx->st[s], bits[s]);
		rxstate_set_total(&rx->st[s], r->pair[s][port].sent);
	}
}

enum mport_rx_kind
mport_rx_frame(struct mport_rx *rx, const uint8_t *f, uint32_t len, bool late)
{
	const uint8_t *st = f + MPORT_HDR_B;
	unsigned src, dst;
	uint64_t seq = 0;
	int b;

	/* ours: IPv4 without options, UDP, magic and signature (RFC 2889 4);
	 * anything else is the DUT's own or another sender's: foreign */
	if (len < MPORT_HDR_B + MPORT_STAMP_B || f[12] != 0x08 ||
	    f[13] != 0x00 || f[14] != 0x45 || f[23] != 17 ||
	    st[ST_MAGIC] != MPORT_MAGIC ||
	    memcmp(st + ST_SIG, mport_sig, sizeof(mport_sig)) != 0 ||
	    st[ST_SRC] >= rx->nb_ports ||
	    (st[ST_DST] >= rx->nb_ports && st[ST_DST] != MPORT_BCAST)) {
		rx->counts->foreign++;
		return MPORT_RX_FOREIGN;
	}
	if (st[ST_TRIAL] != rx->trial_id) {
		rx->counts->stale++;
		return MPORT_RX_STALE;
	}
	if (st[ST_FLAGS] & 1) {
		rx->counts->learn_rx++;
		return MPORT_RX_LEARNING;
	}
	src = st[ST_SRC];
	dst = st[ST_DST];
	/* RFC 2889 5.1.4: received frames have this port as destination;
	 * a broadcast is this port's unless it sent it; the rest: flood */
	if ((dst != rx->port && dst != MPORT_BCAST) || src == rx->port ||
	    rx->st[src].bits == NULL) {
		rx->counts->flooded++;
		return MPORT_RX_FLOODED;
	}
	for (b = 0; b < 8; b++)
		seq = seq << 8 | st[ST_SEQ + b];
	rxstate_add(&rx->st[src], seq, late);
	/* RFC 8219 7.2: a tagged frame's RX time, its first copy in time */
	if (rx->tags != NULL && src == rx->tags->src && dst == MPORT_BCAST &&
	    !late) {
		int64_t i = mport_tags_find(rx->tags, seq);

		if (i >= 0 && rx->tags->rx_tsc[rx->port][i] == 0)
			rx->tags->rx_tsc[rx->port][i] = rx->now_tsc;
	}
	return MPORT_RX_RECEIVED;
}

void
mport_rx_finish(struct mport_rx *rx, struct mport_result *r)
{
	unsigned s;

	r->port[rx->port].received = 0;
	for (s = 0; s < r->nb_ports; s++) {
		if (s == rx->port || rx->st[s].bits == NULL)
			continue;
		r->pair[s][rx->port].rx = rx->st[s].c;
		r->port[rx->port].received += rx->st[s].c.received;
	}
}

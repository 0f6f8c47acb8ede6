/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swproc_plan: RFC 2889 5.5, 5.7, 5.8 and 5.10 as N-port plans
 * (mport.h), and the counts their results give the procedures.
 */
#include <errno.h>
#include <string.h>

#include "dutperf/swproc.h"

static void
stream_one(struct mport_stream *s, unsigned src, unsigned dst,
	   uint64_t rate_fps, uint64_t frames)
{
	memset(s, 0, sizeof(*s));
	s->src = (uint8_t)src;
	s->nb_dst = 1;
	s->dst[0] = (uint8_t)dst;
	s->src_addrs = 1;
	s->dst_addrs = 1;
	s->rate_fps = rate_fps;
	s->frames = frames;
}

static uint32_t
frames_ms(uint64_t frames, uint64_t fps)
{
	uint64_t ms = (frames * 1000 + fps - 1) / fps;

	return ms > 0 ? (uint32_t)ms : 1;
}

static bool
port_ok(const struct mport_net *n, unsigned p)
{
	return p < n->nb_ports;
}

int
swproc_plan_iteration(struct mport_plan *pl, const struct mport_net *n,
		      const struct swproc_ports *sp, uint64_t addrs,
		      uint64_t learn_fps, uint64_t test_fps,
		      uint32_t learn_wait_ms)
{
	struct mport_stream *s;

	memset(pl, 0, sizeof(*pl));
	if (!port_ok(n, sp->lport) || !port_ok(n, sp->tport) ||
	    !port_ok(n, sp->mport) || sp->lport == sp->tport ||
	    sp->lport == sp->mport || sp->tport == sp->mport || addrs == 0 ||
	    addrs > n->addrs_per_port || learn_fps == 0)
		return -EINVAL;
	pl->nb_ports = n->nb_ports;
	/* AddressLearning(TPort): "broadcast a frame with its source
	 * Address and broadcast destination" */
	stream_one(&pl->learn[0], sp->tport, MPORT_BCAST, learn_fps, 1);
	/* AddressLearning(LPort): "N frames with varying source addresses
	 * to Test Port" */
	s = &pl->learn[1];
	stream_one(s, sp->lport, sp->tport, learn_fps, addrs);
	s->src_addrs = (uint32_t)addrs;
	pl->nb_learn = 2;
	pl->learn_wait_ms = learn_wait_ms;
	/* Transmit(TPort): "N frames with varying destination addresses
	 * corresponding to Learning Port" */
	if (test_fps == 0)
		test_fps = learn_fps;
	s = &pl->test[sp->tport];
	stream_one(s, sp->tport, sp->lport, test_fps, addrs);
	s->dst_addrs = (uint32_t)addrs;
	pl->duration_ms = frames_ms(addrs, test_fps);
	pl->iload_fps = learn_fps;
	return 0;
}

void
swproc_counts_from(const struct mport_result *r, const struct swproc_ports *sp,
		   struct swproc_counts *c)
{
	const struct mport_port_counts *l = &r->port[sp->lport];
	const struct mport_port_counts *t = &r->port[sp->tport];
	const struct mport_port_counts *m = &r->port[sp->mport];

	memset(c, 0, sizeof(*c));
	c->learn_sent = l->learn_sent;
	c->tport_sent = t->sent;
	/* RFC 2889 5.7.5: flood counts of test frames during the test
	 * portion; frames from the DUT itself are not counted (5.7.3) */
	c->tport_flood = t->flooded + t->received;
	c->lport_rx = r->pair[sp->tport][sp->lport].rx.received;
	c->lport_flood = l->flooded;
	c->mport_rx = m->flooded + m->received;
	c->tester_ok = r->valid && l->not_sent == 0 && t->not_sent == 0;
}

int
swproc_plan_congestion(struct mport_plan *pl, const struct mport_net *n,
		       const struct swproc_cong_ports *cp, uint64_t mol_fps,
		       uint32_t duration_ms, uint64_t learn_fps)
{
	bool receives[MPORT_MAX_PORTS] = { false };
	uint64_t frames;
	unsigned q[4] = { cp->a, cp->b, cp->unc, cp->cong }, i, j;

	memset(pl, 0, sizeof(*pl));
	for (i = 0; i < 4; i++) {
		if (!port_ok(n, q[i]))
			return -EINVAL;
		for (j = 0; j < i; j++)
			if (q[i] == q[j])
				return -EINVAL;
	}
	if (mol_fps == 0 || duration_ms == 0 || learn_fps == 0 ||
	    n->addrs_per_port == 0)
		return -EINVAL;
	pl->nb_ports = n->nb_ports;
	pl->duration_ms = duration_ms;
	pl->iload_fps = mol_fps;
	/* RFC 2889 5.5.3: "Both source transmitters MUST transmit the exact
	 * number of test frames" */
	frames = mol_fps * duration_ms / 1000;
	if (frames < 2)
		return -EINVAL;
	frames &= ~1ull;
	/* "The first test frame to the uncongested receive port, second
	 * test frame to the congested receive port, then repeat" */
	stream_one(&pl->test[cp->a], cp->a, cp->unc, mol_fps, frames);
	pl->test[cp->a].nb_dst = 2;
	pl->test[cp->a].dst[1] = (uint8_t)cp->cong;
	/* "The second source transmitter MUST transmit test frames at the
	 * MOL only to the congested receive port" */
	stream_one(&pl->test[cp->b], cp->b, cp->cong, mol_fps, frames);
	receives[cp->unc] = receives[cp->cong] = true;
	mport_plan_learning(pl, n, receives, learn_fps);
	return 0;
}

void
swproc_cong_from(const struct mport_result *r,
		 const struct swproc_cong_ports *cp, uint64_t mol_fps,
		 struct swproc_cong_counts *c)
{
	const struct mport_pair *au = &r->pair[cp->a][cp->unc];
	const struct mport_pair *ac = &r->pair[cp->a][cp->cong];
	const struct mport_pair *bc = &r->pair[cp->b][cp->cong];
	uint64_t na = r->port[cp->a].send_ns, nb = r->port[cp->b].send_ns;

	memset(c, 0, sizeof(*c));
	c->mol_fps = mol_fps;
	/* the longer of the two senders' times */
	c->send_ns = na > nb ? na : nb;
	if (c->send_ns == 0)
		c->send_ns = r->duration_ms * 1000000;
	c->a_to_unc_sent = au->sent;
	c->a_to_unc_rx = au->rx.received;
	c->a_to_cong_sent = ac->sent;
	c->a_to_cong_rx = ac->rx.received;
	c->b_to_cong_sent = bc->sent;
	c->b_to_cong_rx = bc->rx.received;
	c->unc_flood = r->port[cp->unc].flooded;
	c->cong_flood = r->port[cp->cong].flooded;
	c->tester_ok = r->valid && r->port[cp->a].not_sent == 0 &&
		       r->port[cp->b].not_sent == 0;
}

int
swproc_plan_broadcast(struct mport_plan *pl, const struct mport_net *n,
		      unsigned src, uint64_t iload_fps, uint32_t duration_ms)
{
	uint64_t frames = iload_fps * duration_ms / 1000;

	memset(pl, 0, sizeof(*pl));
	if (!port_ok(n, src) || iload_fps == 0 || duration_ms == 0 ||
	    frames == 0)
		return -EINVAL;
	pl->nb_ports = n->nb_ports;
	pl->duration_ms = duration_ms;
	pl->iload_fps = iload_fps;
	/* RFC 2889 5.10.3: "a single source test port ... with a broadcast
	 * address" */
	stream_one(&pl->test[src], src, MPORT_BCAST, iload_fps, frames);
	return 0;
}

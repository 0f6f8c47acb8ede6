/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neigh: address resolution on the tester's ports, both ways (arp.h
 * builds and parses the frames).  At start each port resolves its DUT
 * next hop when [side] dut_mac = resolve and announces itself; during a
 * trial the receivers answer ARP requests and NS for the port's addresses
 * (engine.c rx_answer) into the port's ring, which one role of the trial
 * sends on its TX queue after its burst (a sender of the port, else the
 * port's RX queue 0 receiver on TX queue 0): one writer per TX queue, test
 * frames never wait for an answer.  Between trials the main lcore answers
 * what it flushes from the RX queues (trial.c trial_flush_rx).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_ring.h>

#include "trial.h"

/* Each port's responder (arp.h) from t->cfg, its answer ring,
 * all-multicast on (solicited-node NS).  0 or -ENOMEM. */
static int
neigh_ports_init(struct trial_ctx *t, char *err, size_t err_len)
{
	char name[RTE_RING_NAMESIZE];
	int s, rc;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		struct port_ctx *p = &t->port[s];

		arp_responder_from_cfg(&p->arp, t->cfg, s);
		if (p->answers == NULL) {
			snprintf(name, sizeof(name), "dpt_ans%u", p->id);
			p->answers = rte_ring_create(name, NEIGH_RING, p->socket,
						     RING_F_SC_DEQ);
			if (p->answers == NULL) {
				snprintf(err, err_len, "port %u: cannot create "
					 "its answer ring: %s", p->id,
					 rte_strerror(rte_errno));
				return -ENOMEM;
			}
		}
		/* NS go to solicited-node multicast groups (RFC 4861 7.2.2) */
		rc = rte_eth_allmulticast_enable(p->id);
		if (rc != 0 && rc != -ENOTSUP)
			fprintf(stderr, "dutperf: warning: port %u: all-multicast: "
				"%s (NS to solicited-node groups may not arrive)\n",
				p->id, rte_strerror(-rc));
	}
	return 0;
}

/* One frame of up to ARP_MAX_FRAME_B bytes in an mbuf of pool (the RX
 * pool: the TX pool holds prefilled test frames); NULL when empty. */
static struct rte_mbuf *
neigh_mbuf(struct rte_mempool *pool, const uint8_t *frame, size_t len)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pool);

	if (m == NULL)
		return NULL;
	memcpy(rte_pktmbuf_mtod(m, uint8_t *), frame, len);
	m->data_len = (uint16_t)len;
	m->pkt_len = (uint32_t)len;
	return m;
}

/* Main lcore only: frame out of port p's TX queue 0.  true when sent. */
static bool
neigh_send(struct port_ctx *p, const uint8_t *frame, size_t len)
{
	struct rte_mbuf *m = neigh_mbuf(p->rx_pool, frame, len);
	unsigned int tries;

	if (m == NULL)
		return false;
	for (tries = 0; tries < 64; tries++)
		if (rte_eth_tx_burst(p->id, 0, &m, 1) == 1)
			return true;
	rte_pktmbuf_free(m);
	return false;
}

void
neigh_rx_idle(struct trial_ctx *t, enum cfg_side_id s, struct rte_mbuf **pkts,
	      uint16_t nb)
{
	struct port_ctx *p = &t->port[s];
	uint8_t out[ARP_MAX_FRAME_B];
	uint16_t i;
	size_t n;

	for (i = 0; i < nb; i++) {
		n = arp_answer(&p->arp, rte_pktmbuf_mtod(pkts[i], const uint8_t *),
			       pkts[i]->data_len, out);
		if (n > 0 && neigh_send(p, out, n))
			p->answered_idle++;
	}
	rte_pktmbuf_free_bulk(pkts, nb);
}

/* The request for side s's next hop ip from its own address (with the
 * port's VLAN tags). */
static size_t
neigh_request(const struct port_ctx *p, const struct cfg_side *sd,
	      const uint8_t *ip, uint8_t *out)
{
	if (sd->ip_version == 4)
		return arp_tag(&p->arp, out,
			       arp_build_request(out, sd->mac, sd->ipv4, ip));
	return arp_tag(&p->arp, out, arp_build_ns(out, sd->mac, sd->ipv6, ip));
}

/* Wait up to NEIGH_WAIT_MS for the answer to side s's who-has ip; every
 * RX queue of both ports read meanwhile, the DUT's requests answered. */
static bool
neigh_wait(struct trial_ctx *t, enum cfg_side_id s, const uint8_t *ip,
	   uint8_t mac[6])
{
	uint8_t v = t->cfg->side[s].ip_version;
	uint64_t until = rte_get_timer_cycles() +
			 rte_get_timer_hz() * NEIGH_WAIT_MS / 1000;
	struct rte_mbuf *pkts[32];
	bool got = false;
	uint16_t nb, q, i;
	int o;

	while (!got && !engine_stop && rte_get_timer_cycles() < until) {
		for (o = 0; o < CFG_NB_SIDES; o++) {
			struct port_ctx *p = &t->port[o];

			for (q = 0; q < p->nb_queues; q++) {
				nb = rte_eth_rx_burst(p->id, q, pkts, 32);
				for (i = 0; i < nb && o == (int)s && !got; i++)
					got = arp_resolved(&p->arp,
							   rte_pktmbuf_mtod(pkts[i],
								const uint8_t *),
							   pkts[i]->data_len, v,
							   ip, mac);
				neigh_rx_idle(t, o, pkts, nb);
			}
		}
		if (!got)
			rte_delay_us_sleep(1000);
	}
	return got;
}

/* RFC 5227 2.3 / RFC 4861 7.2.6: the tester's address(es) announced. */
static void
neigh_announce(struct trial_ctx *t, const struct cfg *c, enum cfg_side_id s)
{
	const struct cfg_side *sd = &c->side[s];
	const struct arp_responder *r = &t->port[s].arp;
	uint8_t out[ARP_MAX_FRAME_B];
	size_t n;

	if (sd->ip_version == 4) {
		n = arp_tag(r, out, arp_build_gratuitous(out, sd->mac, sd->ipv4));
		neigh_send(&t->port[s], out, n);
	}
	/* IPv6: the side's own, or its background frames' (n > m) */
	if (sd->ip_version == 6 || c->n > c->m) {
		n = arp_tag(r, out, arp_build_unsolicited_na(out, sd->mac,
							     sd->ipv6));
		neigh_send(&t->port[s], out, n);
	}
}

int
neigh_resolve(struct trial_ctx *t, struct cfg *c, char *err, size_t err_len)
{
	uint8_t out[ARP_MAX_FRAME_B], mac[6];
	char addr[64], why[CFG_ERR_LEN];
	bool any = false;
	int s, rc, tries;

	rc = neigh_ports_init(t, err, err_len);
	if (rc != 0)
		return rc;
	t->learn_pending = true;
	for (s = 0; s < CFG_NB_SIDES; s++) {
		struct cfg_side *sd = &c->side[s];
		struct port_ctx *p = &t->port[s];
		const char *proto = sd->ip_version == 4 ? "ARP requests" :
				    "Neighbor Solicitations";
		bool got = false;

		if (!cfg_side_resolve(sd))
			continue;
		rc = cfg_side_dut_ip(c, s, p->dut_ip, why, sizeof(why));
		if (rc != 0)
			return cfg_errf(err, err_len, "%s", why);
		inet_ntop(sd->ip_version == 4 ? AF_INET : AF_INET6, p->dut_ip,
			  addr, sizeof(addr));
		for (tries = 0; tries < NEIGH_TRIES && !got && !engine_stop;
		     tries++) {
			neigh_send(p, out, neigh_request(p, sd, p->dut_ip, out));
			got = neigh_wait(t, s, p->dut_ip, mac);
		}
		if (!got)
			return cfg_errf_rc(-EHOSTUNREACH, err, err_len,
					   "[%s] port %u (%s): the DUT's next hop %s ([%s] dut_ip) answered none of %d %s in %d ms; is the DUT up, or give [%s] dut_mac",
					   trial_side_name[s], p->id, p->driver,
					   addr, trial_side_name[s], tries, proto,
					   tries * NEIGH_WAIT_MS, trial_side_name[s]);
		memcpy(sd->dut_mac, mac, 6);
		sd->dut_mac_resolved = true;
		p->resolved = true;
		fprintf(stderr, "dutperf: [%s] the DUT's %s is at "
			"%02x:%02x:%02x:%02x:%02x:%02x (%s)\n", trial_side_name[s],
			addr, mac[0], mac[1], mac[2], mac[3], mac[4], mac[5],
			sd->ip_version == 4 ? "ARP" : "ND");
		neigh_announce(t, c, s);
		any = true;
	}
	/* the frame specs of the resolved destinations */
	return any ? trial_ctx_retarget(t, c, err, err_len) : 0;
}

void
neigh_trial_wire(struct trial_ctx *t)
{
	int s;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		struct port_ctx *p = &t->port[s];
		/* the port sends direction tx and receives direction rx */
		enum cfg_dir_id tx = s == CFG_LEFT ? CFG_FWD : CFG_REV;
		enum cfg_dir_id rx = s == CFG_LEFT ? CFG_REV : CFG_FWD;
		bool sender = cfg_dir_active(t->cfg, tx) && !t->txs[tx][0]->done;
		unsigned int q;

		if (p->answers == NULL)	/* not set up (bench_engine) */
			continue;
		if (sender)
			t->txs[tx][0]->answers = p->answers;
		if (!cfg_dir_active(t->cfg, rx))
			continue;
		for (q = 0; q < t->nb_rxq[rx]; q++) {
			struct engine_rx *r = t->rxs[rx][q];

			if (r->done)
				continue;
			r->arp = &p->arp;
			r->answers = p->answers;
			/* no sender of this port: its queue 0 is free */
			r->answer_tx = !sender && q == 0;
		}
	}
}

void
neigh_trial_end(struct trial_ctx *t, uint64_t answered[CFG_NB_DIRS])
{
	int s, d;
	unsigned int q;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		struct port_ctx *p = &t->port[s];

		/* what the port refuses is freed */
		while (p->answers != NULL &&
		       engine_send_answers(p->answers, p->id, 0) > 0)
			;
	}
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct port_ctx *p = &t->port[cfg_rx_side(d)];

		answered[d] = p->answered_idle;
		p->answered_run += p->answered_idle;
		p->answered_idle = 0;
		if (!cfg_dir_active(t->cfg, d))
			continue;
		for (q = 0; q < t->nb_rxq[d]; q++) {
			answered[d] += t->rxs[d][q]->answered;
			p->answered_run += t->rxs[d][q]->answered;
			t->rxs[d][q]->answered = 0;
		}
	}
}

void
neigh_learn_again(struct trial_ctx *t)
{
	t->learn_pending = true;
}

/* The learning frames of one kind of frame of direction d (its
 * addresses as received, a) from side r's port, one per network. */
static uint64_t
neigh_learn_kind(struct trial_ctx *t, enum cfg_side_id r,
		 const struct frame_spec_addr *a, uint16_t nets)
{
	const struct cfg_side *sd = &t->cfg->side[r];
	uint8_t out[ARP_MAX_FRAME_B], src[16], tgt[16];
	size_t alen = a->ip_version == 4 ? 4 : 16, n;
	unsigned int nb = frame_spec_net_byte(a->ip_version);
	uint64_t sent = 0;
	uint16_t k;

	for (k = 0; k < nets; k++) {
		memset(src, 0, sizeof(src));
		memcpy(src, a->dst, alen);
		src[nb] = (uint8_t)(src[nb] + k);
		/* asking for the DUT: [side] dut_ip when of this version,
		 * else the network's address with last byte 1 */
		memcpy(tgt, src, 16);
		tgt[alen - 1] = 1;
		if (sd->ip_version == a->ip_version && k == 0 &&
		    cfg_side_dut_ip(t->cfg, r, tgt, NULL, 0) != 0) {
			memcpy(tgt, src, 16);
			tgt[alen - 1] = 1;
		}
		n = a->ip_version == 4 ? arp_build_request(out, sd->mac, src, tgt) :
					 arp_build_ns(out, sd->mac, src, tgt);
		n = arp_tag(&t->port[r].arp, out, n);	/* the port's VLAN */
		sent += neigh_send(&t->port[r], out, n);
	}
	return sent;
}

void
neigh_learning(struct trial_ctx *t, const struct trial_spec *spec,
	       uint64_t sent[CFG_NB_DIRS])
{
	const struct cfg *c = t->cfg;
	uint64_t any = 0;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++)
		sent[d] = 0;
	if (c->learning == CFG_LEARNING_OFF ||
	    (c->learning == CFG_LEARNING_SEARCH && !t->learn_pending))
		return;
	t->learn_pending = false;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct frame_spec *fs = &t->spec[d];
		enum cfg_side_id r = cfg_rx_side(d);

		if (!spec->active[d] || !cfg_dir_active(c, d) ||
		    t->port[r].answers == NULL)
			continue;
		/* RFC 2544 23 (b): sources = the test frames' destinations */
		sent[d] = neigh_learn_kind(t, r, &fs->fg.rx, fs->num_nets);
		if (fs->n > fs->m)
			sent[d] += neigh_learn_kind(t, r, &fs->bg.rx, fs->num_nets);
		any += sent[d];
	}
	if (any > 0)	/* "wait 2 seconds to be sure that the learning has settled" */
		engine_sleep_ms(c->learning_wait_s * 1000);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * port: one DPDK port with [side] queues RX and TX queues (one by
 * default).  Only offloads the port reports are requested (virtual PMDs
 * have no checksum offload: the core computes checksums in software).
 * With several RX queues, RSS over IP addresses and UDP ports as far as
 * the port offers it (virtual devices without RSS spread frames their own
 * way, e.g. memif and ring by the peer's TX queue).  Pools live on the
 * port's socket and grow with the queues.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>

#include "trial.h"

#define PORT_MBUF_CACHE 256
#define PORT_RX_CKSUM (RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_UDP_CKSUM)
#define PORT_NB_RXD 1024
#define PORT_NB_TXD 1024

/* TX buffers start zeroed: the sender writes only headers and stamp. */
static void
port_zero_mbuf(struct rte_mempool *mp, void *opaque, void *obj, unsigned int idx)
{
	struct rte_mbuf *m = obj;

	(void)mp;
	(void)opaque;
	(void)idx;
	memset(m->buf_addr, 0, m->buf_len);
}

static uint32_t
port_data_room(const struct cfg *c)
{
	uint32_t need = cfg_frame_size_max_b(c) + RTE_PKTMBUF_HEADROOM;

	return need < RTE_MBUF_DEFAULT_BUF_SIZE ? RTE_MBUF_DEFAULT_BUF_SIZE : need;
}

static bool
port_mac_zero(const uint8_t mac[6])
{
	static const uint8_t zero[6];

	return memcmp(mac, zero, 6) == 0;
}

static void
port_mac_text(const uint8_t mac[6], char *buf, size_t len)
{
	snprintf(buf, len, "%02x:%02x:%02x:%02x:%02x:%02x", mac[0], mac[1],
		 mac[2], mac[3], mac[4], mac[5]);
}

/* The port's own address into mac; false (mac zeroed): none reported. */
static bool
port_read_mac(uint16_t port_id, uint8_t mac[6])
{
	struct rte_ether_addr a;

	memset(mac, 0, 6);
	if (!rte_eth_dev_is_valid_port(port_id) ||
	    rte_eth_macaddr_get(port_id, &a) != 0)
		return false;
	memcpy(mac, a.addr_bytes, 6);
	return !port_mac_zero(mac);
}

void
port_own_macs(struct cfg *c)
{
	static const char *const side_name[CFG_NB_SIDES] = { "left", "right" };
	uint8_t own[6];
	char txt[32];
	int s;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		if (cfg_key_given(c, side_name[s], "mac"))
			continue;
		if (port_read_mac(c->side[s].port_id, own)) {
			memcpy(c->side[s].mac, own, 6);
			continue;
		}
		if (!rte_eth_dev_is_valid_port(c->side[s].port_id))
			continue;	/* port_setup says so */
		port_mac_text(c->side[s].mac, txt, sizeof(txt));
		fprintf(stderr, "dutperf: warning: [%s] port %u reports no MAC "
			"address: [%s] mac is the default %s\n", side_name[s],
			c->side[s].port_id, side_name[s], txt);
	}
}

/*
 * The address the side's frames use against the port's own: a configured
 * [side] mac that is not the port's needs promiscuous mode, or the NIC
 * drops the frames sent to it (docs/real-testbed.md).  The receiver still
 * takes only frames to that address unless [traffic] promisc = 1.
 */
static void
port_mac_check(struct port_ctx *p, const char *side, const struct cfg *c)
{
	char have[32], want[32];
	int s;

	for (s = 0; s < CFG_NB_SIDES; s++)
		if (c->side[s].port_id == p->id)
			break;
	if (s == CFG_NB_SIDES)
		return;
	memcpy(p->mac, c->side[s].mac, 6);
	p->mac_given = cfg_key_given(c, side, "mac");
	p->promisc = c->promisc;
	if (port_mac_zero(p->own_mac) ||
	    memcmp(p->own_mac, p->mac, 6) == 0)
		return;
	port_mac_text(p->own_mac, have, sizeof(have));
	port_mac_text(p->mac, want, sizeof(want));
	if (!c->promisc)
		fprintf(stderr, "dutperf: [%s] mac %s is not port %u's own "
			"address %s: the port is put in promiscuous mode to "
			"receive frames sent to %s (leave [%s] mac out to use "
			"the port's)\n", side, want, p->id, have, want, side);
	else
		fprintf(stderr, "dutperf: [%s] mac %s is not port %u's own "
			"address %s: used, the port is in promiscuous mode "
			"([traffic] promisc = 1)\n", side, want, p->id, have);
	p->promisc = true;
}

/* pool_mbufs of the port section ([left], [right], [portK]) on this
 * port (default 8191). */
static uint32_t
port_nb_mbufs(uint16_t port_id, const struct cfg *c)
{
	unsigned s;

	/* [left], [right], then [port2] .. (the switch modes' ports) */
	for (s = 0; s < CFG_NB_SIDES || s < c->nb_ports; s++)
		if (cfg_port_c(c, s)->port_id == port_id)
			return cfg_port_c(c, s)->pool_mbufs;
	return c->side[CFG_LEFT].pool_mbufs;
}

int
port_setup(struct port_ctx *p, uint16_t port_id, const char *side,
	   uint16_t nb_queues, const struct cfg *c, char *err, size_t err_len)
{
	struct rte_eth_conf conf;
	struct rte_eth_dev_info info;
	uint16_t nb_rxd = PORT_NB_RXD, nb_txd = PORT_NB_TXD;
	char name[RTE_MEMPOOL_NAMESIZE];
	uint32_t nb_mbufs = port_nb_mbufs(port_id, c);
	uint16_t q;
	int rc;

	memset(p, 0, sizeof(*p));
	p->id = port_id;
	if (!rte_eth_dev_is_valid_port(port_id)) {
		/* Without root, net_af_packet cannot open its socket
		 * and the EAL drops the device with a note far above. */
		snprintf(err, err_len,
			 "[%s] port_id = %u: no such DPDK port (%u available; "
			 "check the EAL options -a / --vdev%s)",
			 side, port_id, rte_eth_dev_count_avail(),
			 geteuid() != 0 ? "; not running as root: "
			 "net_af_packet needs root or CAP_NET_RAW, "
			 "NIC ports root or access to /dev/vfio" : "");
		return -ENODEV;
	}
	rc = rte_eth_dev_info_get(port_id, &info);
	if (rc != 0) {
		snprintf(err, err_len, "port %u: cannot read device info: %s",
			 port_id, rte_strerror(-rc));
		return rc;
	}
	snprintf(p->driver, sizeof(p->driver), "%s",
		 info.driver_name ? info.driver_name : "?");
	rte_eth_dev_get_name_by_port(port_id, p->name);
	p->socket = rte_eth_dev_socket_id(port_id);
	if (p->socket < 0)
		p->socket = (int)rte_socket_id();

	/* No RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE: the TX queues also send
	 * ARP / ND answers in mbufs of the RX pool (neigh.c), and fast free
	 * needs every mbuf of a queue from one pool. */
	memset(&conf, 0, sizeof(conf));
	/* RX checksums by the NIC where it checks both (the classifier
	 * takes its GOOD verdicts, sums the rest in software) */
	if ((info.rx_offload_capa & PORT_RX_CKSUM) == PORT_RX_CKSUM) {
		conf.rxmode.offloads |= PORT_RX_CKSUM;
		p->rx_cksum_hw = true;
	}
	if (c->jumbo)
		conf.rxmode.mtu = cfg_frame_size_max_b(c) - RTE_ETHER_HDR_LEN -
				  RTE_ETHER_CRC_LEN;
	if (nb_queues < 1)
		nb_queues = 1;
	if (nb_queues > info.max_rx_queues || nb_queues > info.max_tx_queues) {
		snprintf(err, err_len, "[%s] queues = %u: port %u (%s) has at "
			 "most %u RX and %u TX queues", side, nb_queues, port_id,
			 p->driver, info.max_rx_queues, info.max_tx_queues);
		return -EINVAL;
	}
	p->nb_queues = nb_queues;
	if (nb_queues > 1 && info.flow_type_rss_offloads != 0) {
		/* any stream's frames may land on any queue (docs/accounting.md) */
		p->rss_hf = (RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP) &
			    info.flow_type_rss_offloads;
		conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		conf.rx_adv_conf.rss_conf.rss_hf = p->rss_hf;
	}
	rc = rte_eth_dev_configure(port_id, nb_queues, nb_queues, &conf);
	if (rc != 0) {
		snprintf(err, err_len, "port %u (%s): configure failed: %s",
			 port_id, p->driver, rte_strerror(-rc));
		return rc;
	}
	rc = rte_eth_dev_adjust_nb_rx_tx_desc(port_id, &nb_rxd, &nb_txd);
	if (rc != 0) {
		snprintf(err, err_len, "port %u: descriptor counts: %s",
			 port_id, rte_strerror(-rc));
		return rc;
	}

	snprintf(name, sizeof(name), "dpt_rx%u", port_id);
	p->rx_pool = rte_pktmbuf_pool_create(name, nb_mbufs * nb_queues,
					     PORT_MBUF_CACHE, 0,
					     port_data_room(c), p->socket);
	snprintf(name, sizeof(name), "dpt_tx%u", port_id);
	p->tx_pool = rte_pktmbuf_pool_create(name, nb_mbufs * nb_queues,
					     PORT_MBUF_CACHE, 0,
					     port_data_room(c), p->socket);
	if (p->rx_pool == NULL || p->tx_pool == NULL) {
		snprintf(err, err_len, "port %u: cannot create mbuf pools: %s "
			 "(EAL memory too small? try -m 512)",
			 port_id, rte_strerror(rte_errno));
		return -ENOMEM;
	}
	rte_mempool_obj_iter(p->tx_pool, port_zero_mbuf, NULL);

	for (q = 0, rc = 0; q < nb_queues && rc == 0; q++) {
		rc = rte_eth_rx_queue_setup(port_id, q, nb_rxd, p->socket, NULL,
					    p->rx_pool);
		if (rc == 0)
			rc = rte_eth_tx_queue_setup(port_id, q, nb_txd,
						    p->socket, NULL);
	}
	if (rc != 0) {
		snprintf(err, err_len, "port %u: queue setup failed: %s",
			 port_id, rte_strerror(-rc));
		return rc;
	}
	rc = rte_eth_dev_start(port_id);
	if (rc != 0) {
		snprintf(err, err_len, "port %u: start failed: %s", port_id,
			 rte_strerror(-rc));
		return rc;
	}
	p->started = true;
	port_read_mac(port_id, p->own_mac);
	port_mac_check(p, side, c);
	rc = p->promisc ? rte_eth_promiscuous_enable(port_id) :
			  rte_eth_promiscuous_disable(port_id);
	if (rc != 0 && rc != -ENOTSUP)
		fprintf(stderr, "dutperf: warning: port %u: promiscuous mode: "
			"%s\n", port_id, rte_strerror(-rc));

	return 0;
}

/* After every port has started: some links (memif) need their peer. */
int
port_wait_link(struct port_ctx *p, const char *side, const struct cfg *c,
	       char *err, size_t err_len)
{
	struct rte_eth_link link;
	uint64_t until, now, grace;
	bool stopped = false;
	int rc;

	until = rte_get_timer_cycles() +
		(uint64_t)c->link_timeout_s * rte_get_timer_hz();
	for (;;) {
		memset(&link, 0, sizeof(link));
		rc = rte_eth_link_get_nowait(p->id, &link);
		if (rc == 0 && link.link_status == RTE_ETH_LINK_UP) {
			/* virtual devices report 10000 or nothing */
			p->speed_mbps = link.link_speed == RTE_ETH_SPEED_NUM_UNKNOWN ?
				RTE_ETH_SPEED_NUM_NONE : link.link_speed;
			break;
		}
		now = rte_get_timer_cycles();
		/*
		 * Stopped by a signal: still wait up to 1 s for the link, so
		 * that a PMD's connection handshake (memif's control channel
		 * on DPDK's interrupt thread) ends before the port is closed;
		 * closing in the middle of it panics inside DPDK 22.11.
		 */
		if (engine_stop && !stopped) {
			stopped = true;
			grace = now + rte_get_timer_hz();
			until = grace < until ? grace : until;
		}
		if (now >= until) {
			if (stopped)
				snprintf(err, err_len, "[%s] port %u (%s): stopped "
					 "while waiting for the link", side, p->id,
					 p->driver);
			else
				snprintf(err, err_len, "[%s] port %u (%s): link "
					 "down after %u s (link_timeout_s)", side,
					 p->id, p->driver, c->link_timeout_s);
			return -ENOLINK;
		}
		usleep(10000);
	}
	if (engine_stop) {
		snprintf(err, err_len, "[%s] port %u (%s): stopped while waiting "
			 "for the link", side, p->id, p->driver);
		return -ENOLINK;
	}
	return 0;
}

int
port_apply_speed(const struct port_ctx *ports, unsigned nb, struct cfg *c,
		 char *err, size_t err_len)
{
	unsigned i;

	c->port_speed_mbps = 0;
	for (i = 0; i < nb; i++)
		if (ports[i].speed_mbps != 0 &&
		    (c->port_speed_mbps == 0 ||
		     ports[i].speed_mbps < c->port_speed_mbps))
			c->port_speed_mbps = ports[i].speed_mbps;
	return cli_check_line_rate(c, err, err_len);
}

void
port_stop(struct port_ctx *p)
{
	if (p->started && !p->stopped) {
		rte_eth_dev_stop(p->id);
		p->stopped = true;
	}
}

void
port_wait_peer_stopped(struct port_ctx *p)
{
	struct rte_eth_link link;
	unsigned int ms;

	if (!p->started || p->stopped || strcmp(p->driver, "net_memif") != 0)
		return;
	for (ms = 0; ms < 1000; ms++) {
		memset(&link, 0, sizeof(link));
		if (rte_eth_link_get_nowait(p->id, &link) != 0 ||
		    link.link_status == RTE_ETH_LINK_DOWN)
			break;
		rte_delay_us_sleep(1000);
	}
	/* the interrupt thread sets the link down inside its disconnect,
	 * then still unregisters the control channel's callback */
	rte_delay_us_sleep(20 * 1000);
}

void
port_teardown(struct port_ctx *p)
{
	if (p->started) {
		port_stop(p);
		rte_eth_dev_close(p->id);
		p->started = false;
	}
	if (p->answers != NULL) {	/* answers never sent (neigh.c) */
		void *m;

		while (rte_ring_dequeue(p->answers, &m) == 0)
			rte_pktmbuf_free(m);
		rte_ring_free(p->answers);
		p->answers = NULL;
	}
	rte_mempool_free(p->rx_pool);
	rte_mempool_free(p->tx_pool);
	p->rx_pool = p->tx_pool = NULL;
}

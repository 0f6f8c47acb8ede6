/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mport_eng: one N-port trial on DPDK ports (mport_eng.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>

#include "dutperf/pacer.h"
#include "mport_eng.h"

#define MPORT_ENG_BURST 32
#define MPORT_ENG_TMPL_MAX 1024		/* prebuilt frames per stream */
#define MPORT_ENG_START_MS 20		/* common start after the launch */

static const char *const eng_port_name[MPORT_MAX_PORTS] = {
	"left", "right", "port2", "port3", "port4", "port5", "port6", "port7"
};

/* A port's sender of one phase: frames [0, total) of stream s. */
struct eng_tx {
	unsigned p;			/* port index */
	uint16_t port_id;
	struct rte_mempool *pool;
	const struct mport_stream *s;
	const struct mport_net *net;
	uint32_t frame_size_b, len_b;
	uint8_t trial_id;
	bool learning;
	uint8_t *tmpl;			/* period frames, len_b each; NULL:
					 * each frame built (a long period) */
	uint64_t period;
	unsigned di, ti;		/* next mod nb_dst, next mod period */
	struct pacer pacer;
	/* results: written by the lcore that runs it */
	uint64_t stop_tsc;		/* sends nothing from then on (time
					 * based, Appendix B.2); UINT64_MAX */
	uint64_t next;			/* frames sent, 0.. */
	uint64_t seq[MPORT_MAX_PORTS + 1];	/* per destination; [MAX]: bcast */
	uint64_t first_tsc, last_tsc, max_lag;
	struct mport_tags *tags;	/* NULL: none; tx_tsc written here */
	uint32_t next_tag;		/* tags sent */
};

/* A port's receiver. */
struct eng_rx {
	uint16_t port_id;
	struct mport_rx st;
};

struct mport_eng_lcore {
	unsigned lcore;
	unsigned nb_tx, nb_rx;
	struct eng_tx *tx[MPORT_MAX_PORTS];
	struct eng_rx *rx[MPORT_MAX_PORTS];
	uint64_t late_tsc, stop_tsc;	/* sending end + timeout; + grace */
};

/* ------------------------------------------------------------------ init */

static int
eng_lcore_check(unsigned k, const char *key, uint16_t lc, char *err,
		size_t err_len)
{
	if (lc == CFG_LCORE_NONE || !rte_lcore_is_enabled(lc)) {
		snprintf(err, err_len, "[%s] %s = %u: not an lcore the EAL "
			 "runs (-l); every port of a switch mode needs one "
			 "for sending and receiving", eng_port_name[k], key,
			 (unsigned)lc);
		return -EINVAL;
	}
	return 0;
}

int
mport_eng_init(struct mport_eng *e, struct trial_ctx *t, const struct cfg *c,
	       bool quiet, char *err, size_t err_len)
{
	unsigned k, s, d;
	int rc;

	memset(e, 0, sizeof(*e));
	e->cfg = c;
	e->quiet = quiet;
	e->nb_ports = c->nb_ports;
	e->hz = rte_get_tsc_hz();
	e->frame_size_b = c->frame_size_b;
	e->net.nb_ports = c->nb_ports;
	e->net.addrs_per_port = c->sw.addrs_per_port;
	e->net.mac_format = (enum mport_mac_format)c->sw.mac_format;
	for (k = 0; k < e->nb_ports; k++) {
		const struct cfg_side *cs = cfg_port_c(c, k);

		if (k < CFG_NB_SIDES) {
			e->port[k] = &t->port[k];
		} else {
			e->port[k] = &e->own[k];
			rc = port_setup(&e->own[k], cs->port_id,
					eng_port_name[k], 1, c, err, err_len);
			if (rc != 0)
				return rc;
			rc = port_wait_link(&e->own[k], eng_port_name[k], c,
					    err, err_len);
			if (rc != 0)
				return rc;
			memcpy(e->own[k].mac, cs->mac, 6);
		}
		/* RFC 2889 5.1.4 flood count: whatever arrives is seen */
		rc = rte_eth_promiscuous_enable(e->port[k]->id);
		if (rc != 0 && rc != -ENOTSUP)
			fprintf(stderr, "dutperf: warning: port %u: "
				"promiscuous mode: %s\n", e->port[k]->id,
				rte_strerror(-rc));
		memcpy(e->net.port[k].mac, k < CFG_NB_SIDES ?
		       e->port[k]->mac : cs->mac, 6);
		memcpy(e->net.port[k].ipv4, cs->ipv4, 4);
		memcpy(e->net.port[k].dut_mac, cs->dut_mac, 6);
		e->send_lcore[k] = cs->send_lcore;
		e->recv_lcore[k] = cs->recv_lcore;
		if (eng_lcore_check(k, "send_lcore", cs->send_lcore, err,
				    err_len) ||
		    eng_lcore_check(k, "recv_lcore", cs->recv_lcore, err,
				    err_len))
			return -EINVAL;
	}
	/* a dut_mac that is a tester port's own address: a bridge (the
	 * two-port bridge files name the other port there) */
	for (k = 0; k < e->nb_ports; k++)
		for (s = 0; s < e->nb_ports; s++)
			if (memcmp(e->net.port[k].dut_mac, e->net.port[s].mac,
				   6) == 0)
				memset(e->net.port[k].dut_mac, 0, 6);
	for (s = 0; s < e->nb_ports; s++)
		for (d = 0; d < e->nb_ports; d++) {
			if (s == d)
				continue;
			e->bits[s][d] = calloc(RXSTATE_WORDS, sizeof(uint64_t));
			if (e->bits[s][d] == NULL) {
				snprintf(err, err_len, "no memory for the "
					 "receivers' windows");
				return -ENOMEM;
			}
		}
	return 0;
}

void
mport_eng_fini(struct mport_eng *e)
{
	unsigned k, s;

	for (k = 0; k < MPORT_MAX_PORTS; k++)
		for (s = 0; s < MPORT_MAX_PORTS; s++) {
			free(e->bits[k][s]);
			e->bits[k][s] = NULL;
		}
	for (k = CFG_NB_SIDES; k < e->nb_ports; k++)
		port_teardown(&e->own[k]);
	if (e->tags != NULL) {
		mport_tags_free(e->tags);
		free(e->tags);
		e->tags = NULL;
	}
}

/* ------------------------------------------------------------- the loops */

static int
eng_tx_prepare(struct eng_tx *x, const struct mport_eng *e, unsigned p,
	       const struct mport_stream *s, uint8_t trial_id, bool learning)
{
	uint64_t i;

	memset(x, 0, sizeof(*x));
	x->stop_tsc = UINT64_MAX;
	x->p = p;
	x->port_id = e->port[p]->id;
	x->pool = e->port[p]->tx_pool;
	x->s = s;
	x->net = &e->net;
	x->frame_size_b = e->frame_size_b;
	x->len_b = e->frame_size_b - 4;
	x->trial_id = trial_id;
	x->learning = learning;
	x->period = (uint64_t)s->nb_dst * (s->src_addrs ? s->src_addrs : 1) *
		    (s->dst_addrs ? s->dst_addrs : 1);
	if (x->period > MPORT_ENG_TMPL_MAX)
		return 0;
	x->tmpl = malloc(x->period * x->len_b);
	if (x->tmpl == NULL)
		return -ENOMEM;
	for (i = 0; i < x->period; i++)
		mport_frame_build(x->tmpl + i * x->len_b, x->net, s, i,
				  x->frame_size_b, trial_id, learning);
	return 0;
}

/* Send what is due of x at now; false when x is done. */
static bool
eng_tx_step(struct eng_tx *x, uint64_t now)
{
	struct rte_mbuf *m[MPORT_ENG_BURST];
	uint64_t due = pacer_due(&x->pacer, now), lag;
	uint64_t seq[MPORT_MAX_PORTS + 1];
	uint8_t slot[MPORT_ENG_BURST];
	unsigned n, j, sent, di = x->di, ti = x->ti;
	uint64_t tag_mask = 0, before = 0;
	uint32_t nt = x->next_tag;

	if (x->next >= x->s->frames || now >= x->stop_tsc)
		return false;
	if (due <= x->next)
		return true;
	n = due - x->next > MPORT_ENG_BURST ? MPORT_ENG_BURST :
					      (unsigned)(due - x->next);
	if (rte_pktmbuf_alloc_bulk(x->pool, m, n) != 0)
		return true;
	lag = pacer_lag(&x->pacer, x->next, now);
	if (lag > x->max_lag)
		x->max_lag = lag;
	memcpy(seq, x->seq, sizeof(seq));
	/* no division per frame: the destination and template indexes
	 * (next mod nb_dst, next mod period) step along */
	for (j = 0; j < n; j++) {
		uint8_t *buf = rte_pktmbuf_mtod(m[j], uint8_t *);
		unsigned d = x->s->dst[di];

		slot[j] = d == MPORT_BCAST ? MPORT_MAX_PORTS : (uint8_t)d;
		if (x->tmpl != NULL)
			memcpy(buf, x->tmpl + (size_t)ti * x->len_b, x->len_b);
		else
			mport_frame_build(buf, x->net, x->s, x->next + j,
					  x->frame_size_b, x->trial_id,
					  x->learning);
		/* RFC 8219 7.2: is it the next tagged broadcast frame? */
		if (unlikely(x->tags != NULL) && slot[j] == MPORT_MAX_PORTS &&
		    nt < x->tags->nb && x->tags->seq[nt] == seq[slot[j]]) {
			tag_mask |= UINT64_C(1) << j;
			nt++;
		}
		mport_frame_seq(buf, seq[slot[j]]++);
		m[j]->data_len = (uint16_t)x->len_b;
		m[j]->pkt_len = x->len_b;
		di = di + 1 == x->s->nb_dst ? 0 : di + 1;
		ti = ti + 1 == x->period ? 0 : ti + 1;
	}
	if (unlikely(tag_mask != 0))
		before = rte_rdtsc();	/* delay.h: the TSC before the call */
	sent = rte_eth_tx_burst(x->port_id, 0, m, (uint16_t)n);
	/* the tags among the frames taken (a prefix); the rest go again */
	for (j = 0; unlikely(tag_mask != 0) && j < sent; j++)
		if (tag_mask >> j & 1)
			x->tags->tx_tsc[x->next_tag++] = before;
	/* the frames not taken go again next time, numbered the same */
	for (j = 0; j < sent; j++) {
		x->seq[slot[j]]++;
		x->di = x->di + 1 == x->s->nb_dst ? 0 : x->di + 1;
		x->ti = x->ti + 1 == x->period ? 0 : x->ti + 1;
	}
	for (j = sent; j < n; j++)
		rte_pktmbuf_free(m[j]);
	if (sent > 0) {
		if (x->next == 0)
			x->first_tsc = now;
		x->last_tsc = now;
	}
	x->next += sent;
	return x->next < x->s->frames;
}

static void
eng_rx_step(struct eng_rx *r, uint64_t now, uint64_t late_tsc)
{
	struct rte_mbuf *m[MPORT_ENG_BURST];
	uint16_t n, j;

	n = rte_eth_rx_burst(r->port_id, 0, m, MPORT_ENG_BURST);
	/* RFC 8219 7.2: the tags' RX time, right after the burst call */
	if (unlikely(r->st.tags != NULL) && n > 0)
		r->st.now_tsc = rte_rdtsc();
	for (j = 0; j < n; j++) {
		mport_rx_frame(&r->st, rte_pktmbuf_mtod(m[j], const uint8_t *),
			       rte_pktmbuf_data_len(m[j]), now > late_tsc);
		rte_pktmbuf_free(m[j]);
	}
}

static int
eng_lcore_main(void *arg)
{
	struct mport_eng_lcore *lc = arg;
	unsigned i, busy;
	uint64_t now;

	for (;;) {
		now = rte_rdtsc();
		if (engine_stop || now > lc->stop_tsc)
			break;
		for (i = 0, busy = 0; i < lc->nb_tx; i++)
			busy += eng_tx_step(lc->tx[i], now);
		for (i = 0; i < lc->nb_rx; i++)
			eng_rx_step(lc->rx[i], now, lc->late_tsc);
		if (busy == 0 && lc->nb_rx == 0)
			break;
	}
	return 0;
}

/* Drop what waits in every RX queue (an earlier trial's frames). */
static void
eng_drain(const struct mport_eng *e)
{
	struct rte_mbuf *m[MPORT_ENG_BURST];
	unsigned k;
	uint16_t n;

	for (k = 0; k < e->nb_ports; k++)
		while ((n = rte_eth_rx_burst(e->port[k]->id, 0, m,
					     MPORT_ENG_BURST)) > 0)
			rte_pktmbuf_free_bulk(m, n);
}

/* The learning phase on the main lcore: each stream after the other,
 * then the wait, the receivers polled all along; *lag the furthest a
 * learning sender fell behind (held to max_lag_us as the test phase). */
static int
eng_learning(struct mport_eng *e, const struct mport_plan *pl,
	     struct eng_rx *rx, struct mport_result *r, uint64_t *lag)
{
	struct eng_tx x;
	uint64_t now, until;
	unsigned i, k;
	int rc;

	for (i = 0; i < pl->nb_learn && !engine_stop; i++) {
		const struct mport_stream *s = &pl->learn[i];

		rc = eng_tx_prepare(&x, e, s->src, s, e->trial_id, true);
		if (rc != 0)
			return rc;
		pacer_init(&x.pacer, rte_rdtsc(), e->hz, s->rate_fps,
			   s->frames);
		while (!engine_stop) {
			now = rte_rdtsc();
			if (!eng_tx_step(&x, now))
				break;
			for (k = 0; k < e->nb_ports; k++)
				eng_rx_step(&rx[k], now, UINT64_MAX);
		}
		r->port[s->src].learn_sent += x.next;
		/* a learning sender behind its schedule bunches its frames:
		 * the learning rate was not the one offered (RFC 2889 5.8) */
		if (x.max_lag > *lag)
			*lag = x.max_lag;
		free(x.tmpl);
	}
	/* RFC 2544 23 (b): the DUT takes its time to learn */
	until = rte_rdtsc() + (uint64_t)pl->learn_wait_ms * e->hz / 1000u;
	while (!engine_stop && (now = rte_rdtsc()) < until)
		for (k = 0; k < e->nb_ports; k++)
			eng_rx_step(&rx[k], now, UINT64_MAX);
	return 0;
}

static struct mport_eng_lcore *
eng_lcore_of(struct mport_eng_lcore *lcs, unsigned *nb, unsigned id)
{
	unsigned i;

	for (i = 0; i < *nb; i++)
		if (lcs[i].lcore == id)
			return &lcs[i];
	memset(&lcs[*nb], 0, sizeof(lcs[*nb]));
	lcs[*nb].lcore = id;
	return &lcs[(*nb)++];
}

int
mport_eng_trial(struct mport_eng *e, const struct mport_plan *pl,
		struct mport_result *r, char *err, size_t err_len)
{
	struct eng_tx tx[MPORT_MAX_PORTS];
	struct eng_rx rx[MPORT_MAX_PORTS];
	struct mport_eng_lcore lcs[2 * MPORT_MAX_PORTS], *main_lc = NULL;
	uint64_t *bits[MPORT_MAX_PORTS], start, end = 0, last, lag = 0;
	unsigned k, s, nb_lcs = 0, main_id = rte_get_main_lcore();
	int rc = 0;

	if (pl->nb_ports != e->nb_ports) {
		snprintf(err, err_len, "plan of %u ports on %u ports",
			 pl->nb_ports, e->nb_ports);
		return -EINVAL;
	}
	e->trial_id++;
	mport_result_init(r, pl, e->trial_id);
	memset(tx, 0, sizeof(tx));
	eng_drain(e);
	for (k = 0; k < e->nb_ports; k++) {
		for (s = 0; s < MPORT_MAX_PORTS; s++)
			bits[s] = s < e->nb_ports ? e->bits[s][k] : NULL;
		rx[k].port_id = e->port[k]->id;
		mport_rx_init(&rx[k].st, r, k, bits);
	}
	if (e->tags != NULL)
		mport_tags_clear(e->tags, e->nb_ports);
	rc = eng_learning(e, pl, rx, r, &lag);
	if (rc != 0)
		goto out;

	/* the test phase: every sender starts at one instant (RFC 2889
	 * 5.1.3: "within 1% of the trial duration") */
	start = rte_rdtsc() + (uint64_t)MPORT_ENG_START_MS * e->hz / 1000u;
	for (k = 0; k < e->nb_ports; k++) {
		struct mport_eng_lcore *lc;

		lc = eng_lcore_of(lcs, &nb_lcs, e->recv_lcore[k]);
		lc->rx[lc->nb_rx++] = &rx[k];
		/* tags in the test phase only: learning frames are never */
		rx[k].st.tags = e->tags != NULL && e->tags->src != k ?
				e->tags : NULL;
		if (pl->test[k].nb_dst == 0 || pl->test[k].frames == 0)
			continue;
		rc = eng_tx_prepare(&tx[k], e, k, &pl->test[k], e->trial_id,
				    false);
		if (rc != 0)
			goto out;
		pacer_init(&tx[k].pacer, start, e->hz, pl->test[k].rate_fps,
			   pl->test[k].frames);
		if (e->tags != NULL && e->tags->src == k)
			tx[k].tags = e->tags;
		if (pl->time_based)	/* RFC 2889 B.2: stop at the time */
			tx[k].stop_tsc = start + (uint64_t)pl->duration_ms *
						       e->hz / 1000u;
		last = tx[k].pacer.last_tsc < tx[k].stop_tsc ?
			tx[k].pacer.last_tsc : tx[k].stop_tsc;
		if (last > end)
			end = last;
		lc = eng_lcore_of(lcs, &nb_lcs, e->send_lcore[k]);
		lc->tx[lc->nb_tx++] = &tx[k];
	}
	if (end < start)
		end = start;
	for (k = 0; k < nb_lcs; k++) {
		lcs[k].late_tsc = end + (uint64_t)e->cfg->timeout_ms *
					       e->hz / 1000u;
		/* a grace after the timeout: what comes then is late */
		lcs[k].stop_tsc = lcs[k].late_tsc + e->hz / 20;
	}
	for (k = 0; k < nb_lcs && rc == 0; k++) {
		if (lcs[k].lcore == main_id) {
			main_lc = &lcs[k];
			continue;
		}
		rc = rte_eal_remote_launch(eng_lcore_main, &lcs[k],
					   lcs[k].lcore);
		if (rc != 0)
			snprintf(err, err_len, "lcore %u: cannot launch: %s",
				 lcs[k].lcore, rte_strerror(-rc));
	}
	if (main_lc != NULL && rc == 0)
		eng_lcore_main(main_lc);
	for (s = 0; s < k; s++)
		if (lcs[s].lcore != main_id)
			rte_eal_wait_lcore(lcs[s].lcore);
	if (rc != 0)
		goto out;

	/* the lcores' results, now that they stopped */
	for (k = 0; k < e->nb_ports; k++) {
		mport_rx_finish(&rx[k].st, r);
		if (tx[k].s == NULL)
			continue;
		r->port[k].sent = tx[k].next;
		r->port[k].not_sent = pl->time_based ? 0 :
				      tx[k].s->frames - tx[k].next;
		r->port[k].send_ns = pacer_ticks_to_ns(tx[k].last_tsc -
						       tx[k].first_tsc, e->hz);
		for (s = 0; s < e->nb_ports; s++)
			if (s != k)
				r->pair[k][s].sent = tx[k].seq[s] +
						     tx[k].seq[MPORT_MAX_PORTS];
		if (tx[k].max_lag > lag)
			lag = tx[k].max_lag;
	}
	r->duration_ms = pl->duration_ms;
	r->max_lag_ns = pacer_ticks_to_ns(lag, e->hz);
	if (r->max_lag_ns > (uint64_t)e->cfg->max_lag_us * 1000u) {
		r->valid = false;
		snprintf(r->reason, sizeof(r->reason), "a sender was %" PRIu64
			 " us behind its schedule ([traffic] max_lag_us = %u)",
			 r->max_lag_ns / 1000u, e->cfg->max_lag_us);
	}
	if (engine_stop) {
		r->valid = false;
		snprintf(r->reason, sizeof(r->reason), "stopped by a signal");
	}
out:
	for (k = 0; k < e->nb_ports; k++)
		free(tx[k].tmpl);
	return rc;
}

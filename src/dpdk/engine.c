/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * engine: the burst loops.  One lcore may carry any mix of roles (a sender
 * and/or a receiver per direction): the loop polls each role in turn, so a
 * 2-CPU machine runs a bidirectional trial with one lcore sending both
 * directions and another receiving both.  A sender is paced on absolute
 * TSC deadlines (pacer.h) and catches up in bursts of at most
 * ENGINE_MAX_BURST frames when it falls behind; the worst lag is measured
 * and makes the trial invalid beyond max_lag_us.
 *
 * Hot loop rules: no printf, malloc, syscalls or division; frames are
 * prebuilt in the core (frame_gen_next patches only what varies).
 */
#include <string.h>
#include <time.h>

#include <rte_branch_prediction.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "dpdk.h"
#include "dutperf/frame_fast.h"
#include "dutperf/stateful.h"

volatile sig_atomic_t engine_stop;

void
engine_sleep_ms(uint32_t ms)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	uint32_t slept;

	for (slept = 0; slept < ms && !engine_stop; slept += 10)
		nanosleep(&ts, NULL);
}

#define TX_RETRIES 64
#define RX_BURST 64
#define RX_DRAIN_POLLS 16

/*
 * Test aid (DUTPERF_DEBUG_DROP_EVERY / DUTPERF_DEBUG_DUP_EVERY): a faulty
 * wire inside the sender.  Every drop_every-th frame is counted as sent but
 * never handed to the port (a loss); every dup_every-th frame is sent twice
 * (the copy is not counted).  Only this slow path knows about it.
 */
static uint16_t
tx_inject(struct engine_tx *t, struct rte_mbuf **m, uint16_t n)
{
	struct rte_mbuf *copy;
	uint16_t i, done = 0;

	for (i = 0; i < n; i++) {
		if (t->drop_every != 0 && ++t->drop_count == t->drop_every) {
			t->drop_count = 0;
			t->injected_drops++;
			rte_pktmbuf_free(m[i]);
			done++;
			continue;
		}
		if (t->dup_every != 0 && ++t->dup_count == t->dup_every) {
			t->dup_count = 0;
			copy = rte_pktmbuf_copy(m[i], t->pool, 0, UINT32_MAX);
			if (copy != NULL &&
			    rte_eth_tx_burst(t->port_id, t->queue_id, &copy, 1) == 1)
				t->injected_dups++;
			else
				rte_pktmbuf_free(copy);
		}
		if (rte_eth_tx_burst(t->port_id, t->queue_id, &m[i], 1) == 1)
			done++;
		else
			rte_pktmbuf_free(m[i]);	/* unsent: planned - sent */
	}
	return done;
}

/* RFC 8219 7.2: TX time of the burst's tagged frames that were sent (bit
 * i of mask: frame i, the last popcount(mask) tags): the TSC right before
 * the tx_burst call, for every one (delay.h); unsent ones stay 0. */
static void
tx_tagged(struct engine_tx *t, uint64_t mask, uint16_t sent, uint64_t before)
{
	uint32_t j = t->next_tag - (uint32_t)__builtin_popcountll(mask);

	for (; mask != 0; mask &= mask - 1, j++)
		if ((unsigned int)__builtin_ctzll(mask) < sent)
			t->tags->tx_tsc[j] = before;
}

static inline bool
tx_finish(struct engine_tx *t)
{
	t->last_tsc = rte_rdtsc();
	t->done = true;
	return true;
}

/* One mbuf of the sender's pool: reset, one complete frame, its length. */
static void
tx_prefill_mbuf(struct rte_mempool *mp, void *opaque, void *obj,
		unsigned int idx)
{
	struct frame_gen *g = opaque;
	struct rte_mbuf *m = obj;
	uint16_t len;

	(void)mp;
	(void)idx;
	rte_pktmbuf_reset(m);
	/* Sequence number UINT64_MAX: should a NIC still send a stale
	 * prefilled frame, the receiver counts it as bogus, never as a frame
	 * of the trial (tx_poll patches every frame it sends). */
	len = frame_gen_next(g, rte_pktmbuf_mtod(m, uint8_t *), UINT64_MAX, 0,
			     false);
	m->data_len = len;
	m->pkt_len = len;
}

/*
 * Before a trial: when the generator has one template, write a complete
 * frame into every mbuf of the sender's pool (the pool is the sender's
 * alone: the PMD frees transmitted mbufs into it without touching their
 * data or lengths), so tx_poll takes mbufs without a reset and patches only
 * what varies (frame_gen_patch).  A copy of the generator writes them: the
 * trial's own sequence of ports is unchanged.  About 8k frames, well under
 * a millisecond.
 */
void
engine_tx_prefill(struct engine_tx *t)
{
	struct frame_gen g = t->gen;

	t->prefilled = false;
	if (!frame_gen_patchable(&t->gen))
		return;
	rte_mempool_obj_iter(t->pool, tx_prefill_mbuf, &g);
	t->prefilled = true;
}

/*
 * RFC 9693 phases (the stateful feature, feature_stateful.c): the n
 * frames of the burst from sequence seq as the trial's role makes them.
 * The Responder (phase 2) answers from a recorded tuple, picked per frame
 * (entry chosen by the trial's responder_tuple); the Initiator (phase 1)
 * gives frame i the enumerated combination i.
 */
static void
tx_stateful(struct engine_stateful_tx *s, struct rte_mbuf **mbufs,
	    unsigned int n, uint64_t seq)
{
	uint16_t v[STATEFUL_NB_FIELDS];
	struct stateful_tuple tu;
	unsigned int i;

	/* the role is per trial: tested once a burst, not per frame */
	if (s->responder) {
		for (i = 0; i < n; i++) {
			stateful_table_reply(s->table,
					     stateful_pick_next(&s->pick), &tu);
			stateful_frame_apply(rte_pktmbuf_mtod(mbufs[i], uint8_t *),
					     mbufs[i]->data_len, &tu);
		}
		return;
	}
	if (seq >= s->en.total)
		return;
	if (n > s->en.total - seq)
		n = (unsigned int)(s->en.total - seq);
	for (i = 0; i < n; i++) {
		stateful_enum_at(&s->en, seq + i, v);
		stateful_frame_set(rte_pktmbuf_mtod(mbufs[i], uint8_t *),
				   mbufs[i]->data_len, v, s->vary);
	}
}

/* Send what is due; returns true when this sender has finished. */
static inline bool
tx_poll(struct engine_tx *t)
{
	struct rte_mbuf *m[ENGINE_MAX_BURST];
	uint64_t now, lag, n, i, sseq, before = 0, tag_mask = 0;
	uint16_t sent = 0;
	unsigned int tries = 0;

	now = rte_rdtsc();
	if (now < t->next_deadline)
		return false;
	lag = now - t->next_deadline;
	if (unlikely(lag > t->max_lag_tsc)) {
		t->max_lag_tsc = lag;
		t->max_lag_seq = t->seq;
		/* Already invalid: stop instead of sending late for long. */
		if (lag > t->lag_limit_tsc) {
			t->aborted = true;
			return tx_finish(t);
		}
	}

	/*
	 * Every frame due by now (at least the burst whose deadline passed),
	 * at most ENGINE_MAX_BURST (= CFG_MAX_BURST, the largest [traffic]
	 * burst): one pacer_due instead of a 128-bit pacer_deadline per frame.
	 */
	n = streams_due(&t->pacer, t->stream, t->nb_streams, now) - t->seq;
	n = n < ENGINE_MAX_BURST ? n : ENGINE_MAX_BURST;

	/*
	 * A prefilled pool (engine_tx_prefill) holds complete frames of this
	 * trial's configuration: take its mbufs as they are and patch only
	 * what varies.  Otherwise allocate, reset and write whole frames.
	 * Pool empty: the PMD still holds our mbufs; retry later (the lag
	 * this causes is measured like any other).
	 */
	if (likely(t->prefilled)) {
		if (unlikely(rte_mempool_get_bulk(t->pool, (void **)m,
						  (unsigned int)n) != 0))
			return false;
	} else if (unlikely(rte_pktmbuf_alloc_bulk(t->pool, m,
						   (unsigned int)n) != 0)) {
		return false;
	}
	sseq = t->seq_hi | t->seq;	/* the stamped number (streams.h) */
	if (unlikely(t->next_tag_seq < sseq + n)) {
		for (i = 0; i < n; i++) {
			if (sseq + i != t->next_tag_seq)
				continue;
			tag_mask |= UINT64_C(1) << i;
			t->next_tag++;
			t->next_tag_seq = t->next_tag < t->tag_end ?
					  t->tags->seq[t->next_tag] : UINT64_MAX;
		}
	}
	if (likely(t->prefilled)) {
		uint8_t *d[ENGINE_MAX_BURST];

		for (i = 0; i < n; i++)
			d[i] = rte_pktmbuf_mtod(m[i], uint8_t *);
		frame_gen_patch(&t->gen, d, (unsigned int)n, sseq, now,
				tag_mask);
	} else {
		for (i = 0; i < n; i++) {
			uint16_t len;

			len = frame_gen_next(&t->gen, rte_pktmbuf_mtod(m[i], uint8_t *),
					     sseq + i, now, tag_mask >> i & 1);
			m[i]->data_len = len;
			m[i]->pkt_len = len;
		}
	}
	if (unlikely(t->stateful != NULL))
		tx_stateful(t->stateful, m, (unsigned int)n, t->seq);
	if (unlikely(t->first_tsc == 0))
		t->first_tsc = now;
	t->last_burst_tsc = now;
	t->last_burst_seq = t->seq;
	if (unlikely(tag_mask != 0))
		before = rte_rdtsc();
	if (unlikely(t->inject)) {
		t->sent += tx_inject(t, m, (uint16_t)n);
		goto next;
	}
	do {
		sent += rte_eth_tx_burst(t->port_id, t->queue_id, m + sent,
					 (uint16_t)(n - sent));
	} while (sent < n && ++tries < TX_RETRIES);
	if (unlikely(tag_mask != 0))
		tx_tagged(t, tag_mask, sent, before);
	if (unlikely(sent < n))	/* unsent: planned - sent (trial.c) */
		rte_pktmbuf_free_bulk(m + sent, (unsigned int)(n - sent));
	t->sent += sent;
next:
	__atomic_store_n(&t->pub_sent, t->sent, __ATOMIC_RELAXED);
	t->seq += n;
	if (unlikely(t->then != NULL) && t->seq >= t->pacer.total) {
		t->pacer = *t->then;	/* RFC 2544 26.5: the rate change */
		t->then = NULL;
	}
	if (t->seq >= t->total)
		return tx_finish(t);
	/* a burst ends at the rate change */
	n = (t->then != NULL ? t->pacer.total : t->total) - t->seq;
	n = n < t->burst ? n : t->burst;
	t->next_deadline = t->nb_streams <= 1 ?
		pacer_deadline(&t->pacer, t->seq + n - 1) :
		streams_deadline(&t->pacer, t->stream, t->nb_streams,
				 t->seq + n - 1);
	return false;
}

/* RFC 8219 7.2: RX time of a tagged frame that arrived in time. */
static void
rx_tagged(struct engine_tags *tags, uint64_t seq, uint64_t now)
{
	uint32_t lo = 0, hi = tags->nb;

	while (lo < hi) {	/* first seq[] >= seq */
		uint32_t mid = lo + (hi - lo) / 2;

		if (tags->seq[mid] < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < tags->nb && tags->seq[lo] == seq)
		tags->rx_tsc[lo] = now;
}

/* Several streams: the state of seq's stream, or NULL when the stream id
 * is out of range (counted as beyond, a bogus number). */
static inline struct rxstate *
rx_stream(struct engine_rx *r, uint64_t seq)
{
	uint64_t s = seq >> STREAMS_SEQ_SHIFT;

	if (unlikely(s >= r->nb_streams)) {
		r->sst[0].c.beyond++;
		return NULL;
	}
	return &r->sst[s];
}

static void
rx_add_streams(struct engine_rx *r, uint64_t seq, bool late)
{
	struct rxstate *s = rx_stream(r, seq);

	if (s != NULL)
		rxstate_add(s, seq & STREAMS_SEQ_MASK, late);
}

/* RFC 9693 phase 1: the Responder's receiver records the 4-tuple of a
 * new foreground frame in the state table (its only writer). */
static void
rx_stateful_record(struct stateful_table *table, const uint8_t *frame,
		   uint16_t len)
{
	struct stateful_tuple tu;

	if (stateful_frame_tuple(frame, len, &tu) == 0)
		stateful_table_record(table, &tu);
}

/* One test frame of this trial: delays, tags, then sequence accounting. */
static inline void
rx_ours(struct engine_rx *r, const struct frame_rx_info *info, uint64_t now,
	bool late, const struct rte_mbuf *m)
{
	struct rxstate *st = &r->st;
	uint64_t seq = info->seq, before, late_before, d = 0;

	if (r->nb_streams > 1) {	/* the stream's own state */
		st = rx_stream(r, seq);
		if (st == NULL)
			return;
		seq &= STREAMS_SEQ_MASK;
	}
	before = st->c.received;
	late_before = st->c.late;
	if (r->need_delay) {
		d = frame_rx_delay(info, now);	/* either stamp layout */
		if (r->frame_timeout_tsc != 0 && d > r->frame_timeout_tsc)
			late = true;	/* siitperf's special throughput */
	}
	rxstate_add(st, seq, late);
	if (st->c.received == before) {
		if (r->recov != NULL && st->c.late != late_before)
			recov_lost_late(&r->recov->lost, info->seq);
		return;		/* duplicate, late or bogus: no delay */
	}
	if (r->recov != NULL)
		recov_gap_add(&r->recov->gap, now, info->seq);
	if (r->delays != NULL) {
		uint64_t ns = delay_tsc_to_ns(&r->scale, d);

		delay_hist_add(r->delays->hist, ns);
		delay_ipdv_seq(r->delays->ipdv, info->seq, ns);
	}
	if (unlikely(info->tagged) && r->tags != NULL)
		rx_tagged(r->tags, info->seq, now);
	if (r->table != NULL && !info->background)
		rx_stateful_record(r->table, rte_pktmbuf_mtod(m, const uint8_t *),
				   m->data_len);
}

/*
 * Classify and account a burst.  late is per burst (the deadline is far
 * coarser than a burst).  Without delays or latency tags (throughput and
 * loss trials) a test frame needs only rxstate_add: that loop is kept
 * apart so it carries no per-frame test of the trial's mode.
 */
static inline void
rx_account(struct engine_rx *r, struct rte_mbuf **pkts, uint16_t nb,
	   uint64_t now, bool late)
{
	struct frame_rx_info info;
	const uint8_t tid = r->trial_id;
	const bool plain = !r->need_delay && r->tags == NULL &&
			   r->recov == NULL && r->table == NULL;
	/* per burst: rxstate_add stores through r, so a test of
	 * r->nb_streams in the loop would be a load per frame */
	const bool one = plain && r->nb_streams <= 1;
	enum frame_kind k;
	uint16_t i;

#ifdef ENGINE_BENCH_RX_BARE
	/* bench_engine_bare only (bench/meson.build): the engine and PMD
	 * share of the receiver's cost, frames counted unread, as testpmd's
	 * rxonly does.  Never in dutperf. */
	r->kinds[FRAME_FOREIGN_OTHER_L2] += nb;
	rte_pktmbuf_free_bulk(pkts, nb);
	return;
#endif
	for (i = 0; i < nb; i++) {
		struct rte_mbuf *m = pkts[i];

		if (i + 1 < nb)
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
		/* Multi-segment frames are read in their first segment only;
		 * the classifier sees them as truncated. */
		k = frame_classify(&r->cls, rte_pktmbuf_mtod(m, const uint8_t *),
				   m->data_len, &info);
		if (likely(k == FRAME_OURS && info.trial_id == tid)) {
			if (likely(one))
				rxstate_add(&r->st, info.seq, late);
			else if (plain)
				rx_add_streams(r, info.seq, late);
			else
				rx_ours(r, &info, now, late, m);
		} else if (k == FRAME_OURS) {
			r->stale++;
		} else {
			r->kinds[k]++;
		}
	}
	rte_pktmbuf_free_bulk(pkts, nb);
}

/*
 * Receive and classify; returns true when this receiver has finished: once
 * every planned frame has arrived (after draining what is queued, so a
 * duplicate already there is seen), or at the end of sending + timeout
 * plus a short grace window (late_until_tsc) in which frames still
 * arriving are counted as late, never as received.
 */
/* The counts the main lcore may read while the trial runs. */
static inline void
rx_publish(struct engine_rx *r)
{
	struct rxstate_counts c = r->st.c;
	unsigned int i;

	if (r->nb_streams > 1) {
		c = r->sst[0].c;
		for (i = 1; i < r->nb_streams; i++) {
			c.received += r->sst[i].c.received;
			c.duplicates += r->sst[i].c.duplicates;
			c.reordered += r->sst[i].c.reordered;
			c.late += r->sst[i].c.late;
		}
		r->st.c.received = c.received;	/* for rx_poll's end test */
	}
	__atomic_store_n(&r->pub.received, c.received, __ATOMIC_RELAXED);
	__atomic_store_n(&r->pub.duplicates, c.duplicates, __ATOMIC_RELAXED);
	__atomic_store_n(&r->pub.reordered, c.reordered, __ATOMIC_RELAXED);
	__atomic_store_n(&r->pub.late, c.late, __ATOMIC_RELAXED);
}

static inline bool
rx_poll(struct engine_rx *r)
{
	struct rte_mbuf *pkts[RX_BURST];
	uint16_t nb;
	uint64_t now;
	int polls;

	nb = rte_eth_rx_burst(r->port_id, r->queue_id, pkts, RX_BURST);
	now = rte_rdtsc();
	if (nb > 0) {
		rx_account(r, pkts, nb, now, now > r->deadline_tsc);
		rx_publish(r);
	}
	if (r->st.c.received >= r->planned) {
		for (polls = 0; polls < RX_DRAIN_POLLS; polls++) {
			nb = rte_eth_rx_burst(r->port_id, r->queue_id, pkts,
					      RX_BURST);
			if (nb == 0)
				break;
			now = rte_rdtsc();
			rx_account(r, pkts, nb, now, now > r->deadline_tsc);
		}
		rx_publish(r);
	} else if (now <= r->late_until_tsc) {
		return false;
	}
	r->last_tsc = now;
	r->done = true;
	return true;
}

int
engine_lcore_main(void *arg)
{
	struct engine_lcore *lc = arg;
	unsigned int active = 0, i;

	/* roles of a direction the trial does not run start done */
	for (i = 0; i < lc->nb_tx; i++)
		active += !lc->tx[i]->done;
	for (i = 0; i < lc->nb_rx; i++)
		active += !lc->rx[i]->done;

	while (rte_rdtsc() < lc->start_tsc)
		rte_pause();
	while (active > 0 && !engine_stop) {
		for (i = 0; i < lc->nb_tx; i++)
			if (!lc->tx[i]->done && tx_poll(lc->tx[i]))
				active--;
		for (i = 0; i < lc->nb_rx; i++)
			if (!lc->rx[i]->done && rx_poll(lc->rx[i]))
				active--;
	}
	return 0;
}

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
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_branch_prediction.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>
#include <rte_ring.h>

#include "trial.h"
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
#define ANSWER_BURST 32
#define ANSWER_RETRIES 8

unsigned int
engine_send_answers(struct rte_ring *ring, uint16_t port_id, uint16_t queue_id)
{
	struct rte_mbuf *m[ANSWER_BURST];
	unsigned int n, sent = 0, tries = 0;

	n = rte_ring_sc_dequeue_burst(ring, (void **)m, ANSWER_BURST, NULL);
	while (sent < n && tries++ < ANSWER_RETRIES)
		sent += rte_eth_tx_burst(port_id, queue_id, m + sent,
					 (uint16_t)(n - sent));
	if (sent < n)
		rte_pktmbuf_free_bulk(m + sent, n - sent);
	return n;
}

/*
 * An ARP request or NS (the classifier's foreign ARP / ND) for one of the
 * port's addresses (arp.h): the answer written over the request in its
 * own mbuf, handed to the port's ring and taken out of the burst (NULL:
 * rte_pktmbuf_free_bulk skips it).  Off the test frames' path: foreign
 * frames only.
 */
static __rte_noinline void
rx_answer(struct engine_rx *rx, struct rte_mbuf **pkts, uint16_t i)
{
	struct rte_mbuf *m = pkts[i];
	uint8_t out[ARP_MAX_FRAME_B];
	size_t n;

	n = arp_answer(rx->arp, rte_pktmbuf_mtod(m, const uint8_t *),
		       m->data_len, out);
	if (n == 0)
		return;
	rte_pktmbuf_reset(m);	/* RX flags, chains: a fresh frame */
	memcpy(rte_pktmbuf_mtod(m, uint8_t *), out, n);
	m->data_len = (uint16_t)n;
	m->pkt_len = (uint32_t)n;
	if (rte_ring_mp_enqueue(rx->answers, m) != 0)
		return;		/* ring full: freed with the burst */
	pkts[i] = NULL;
	rx->answered++;
}

/* Frames i..n-1 of the burst were generated but not sent: by kind
 * (sizes.h), where the kinds differ in size. */
static inline void
tx_unsent(struct engine_tx *tx, uint16_t i, uint16_t n)
{
	if (likely(!tx->unsent.on))
		return;
	for (; i < n; i++)
		sizes_ctr_add_frame(&tx->unsent, tx->seq + i, tx->gen.n,
				    tx->gen.m);
}

/*
 * Test aid (DUTPERF_DEBUG_DROP_EVERY / DUTPERF_DEBUG_DUP_EVERY): a faulty
 * wire inside the sender.  Every drop_every-th frame is counted as sent but
 * never handed to the port (a loss); every dup_every-th frame is sent twice
 * (the copy is not counted).  Only this slow path knows about it.
 */
static uint16_t
tx_inject(struct engine_tx *tx, struct rte_mbuf **mbufs, uint16_t n)
{
	struct rte_mbuf *copy;
	uint16_t i, done = 0;

	for (i = 0; i < n; i++) {
		if (tx->drop_every != 0 && ++tx->drop_count == tx->drop_every) {
			tx->drop_count = 0;
			tx->injected_drops++;
			rte_pktmbuf_free(mbufs[i]);
			done++;
			continue;
		}
		if (tx->dup_every != 0 && ++tx->dup_count == tx->dup_every) {
			tx->dup_count = 0;
			copy = rte_pktmbuf_copy(mbufs[i], tx->pool, 0, UINT32_MAX);
		} else {
			copy = NULL;
		}
		if (copy != NULL) {
			/* the frame and its copy in one call, so that they
			 * arrive together: a copy sent apart could reach the
			 * receiver after it has counted every planned frame
			 * and stopped (the sender preempted between the two),
			 * and the test's duplicate count would miss it */
			struct rte_mbuf *pair[2] = { mbufs[i], copy };
			uint16_t sent = rte_eth_tx_burst(tx->port_id, tx->queue_id,
							 pair, 2);

			if (sent == 2)
				tx->injected_dups++;
			else
				rte_pktmbuf_free(copy);
			if (sent >= 1) {
				done++;
			} else {
				rte_pktmbuf_free(mbufs[i]);
				tx_unsent(tx, i, i + 1);
			}
			continue;
		}
		if (rte_eth_tx_burst(tx->port_id, tx->queue_id, &mbufs[i], 1) == 1) {
			done++;
		} else {
			rte_pktmbuf_free(mbufs[i]);	/* unsent: planned - sent */
			tx_unsent(tx, i, i + 1);
		}
	}
	return done;
}

/* RFC 8219 7.2: TX time of the burst's tagged frames that were sent (bit
 * i of mask: frame i, the last popcount(mask) tags): the TSC right before
 * the tx_burst call, for every one (delay.h); unsent ones stay 0. */
static void
tx_tagged(struct engine_tx *tx, uint64_t mask, uint16_t sent, uint64_t before)
{
	uint32_t j = tx->next_tag - (uint32_t)__builtin_popcountll(mask);

	for (; mask != 0; mask &= mask - 1, j++)
		if ((unsigned int)__builtin_ctzll(mask) < sent)
			tx->tags->tx_tsc[j] = before;
}

static inline bool
tx_finish(struct engine_tx *tx)
{
	tx->last_tsc = rte_rdtsc();
	tx->done = true;
	return true;
}

/* One mbuf of the sender's pool: reset, one complete frame, its length. */
static void
tx_prefill_mbuf(struct rte_mempool *mp, void *opaque, void *obj,
		unsigned int idx)
{
	struct frame_gen *g = opaque;
	struct rte_mbuf *mb = obj;
	uint16_t len;

	(void)mp;
	(void)idx;
	rte_pktmbuf_reset(mb);
	/* Sequence number UINT64_MAX: should a NIC still send a stale
	 * prefilled frame, the receiver counts it as bogus, never as a frame
	 * of the trial (tx_poll patches every frame it sends). */
	len = frame_gen_next(g, rte_pktmbuf_mtod(mb, uint8_t *), UINT64_MAX, 0,
			     false);
	mb->data_len = len;
	mb->pkt_len = len;
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
engine_tx_prefill(struct engine_tx *tx)
{
	struct frame_gen g = tx->gen;

	tx->prefilled = false;
	if (!frame_gen_patchable(&tx->gen))
		return;
	rte_mempool_obj_iter(tx->pool, tx_prefill_mbuf, &g);
	tx->prefilled = true;
}

/*
 * RFC 9693 phases (the stateful feature, feature_stateful.c): the n
 * frames of the burst as the trial's role makes them.  The Responder
 * (phase 2) answers from a recorded tuple, picked per frame (entry chosen
 * by the trial's responder_tuple); the Initiator (phase 1) gives its
 * stream's frame k the combination of the direction's frame i + k N
 * (stateful_iter: incremental, no division).
 */
static void
tx_stateful(struct engine_stateful_tx *s, struct rte_mbuf **mbufs,
	    unsigned int n)
{
	uint16_t v[STATEFUL_NB_FIELDS];
	struct stateful_tuple tu;
	unsigned int i;

	/* the role is per trial: tested once a burst, not per frame */
	if (s->responder) {
		for (i = 0; i < n; i++) {
			stateful_table_reply(s->table,
					     stateful_pick_next(&s->pick), &tu);
			stateful_frame_patch_tuple(rte_pktmbuf_mtod(mbufs[i],
						uint8_t *) + s->tag_b,
					     mbufs[i]->data_len - s->tag_b, &tu);
		}
		return;
	}
	for (i = 0; i < n && stateful_iter_next(&s->it, v); i++)
		stateful_frame_patch(rte_pktmbuf_mtod(mbufs[i], uint8_t *) +
				     s->tag_b, mbufs[i]->data_len - s->tag_b,
				     v, s->vary);
}

/* Bytes of the first sent frames of a burst: upto_b[sent] when the
 * frames were written whole (upto_b[i] the bytes before frame i), else
 * (a prefilled pool: one size) sent frames of upto_b[0] bytes. */
static inline uint64_t
tx_sent_b(const struct engine_tx *tx, const uint32_t *upto_b, uint16_t sent)
{
	return tx->prefilled ? (uint64_t)sent * upto_b[0] : upto_b[sent];
}

/* Send what is due; returns true when this sender has finished. */
static inline bool
tx_poll(struct engine_tx *tx)
{
	struct rte_mbuf *mbufs[ENGINE_MAX_BURST];
	/* bytes before frame i of the burst, read before the PMD owns them */
	uint32_t upto_b[ENGINE_MAX_BURST + 1];
	uint64_t now, lag, n, i, sseq, before = 0, tag_mask = 0;
	uint16_t sent = 0;
	unsigned int tries = 0;

	now = rte_rdtsc();
	if (now < tx->next_deadline)
		return false;
	lag = now - tx->next_deadline;
	if (unlikely(lag > tx->max_lag_tsc)) {
		tx->max_lag_tsc = lag;
		tx->max_lag_seq = tx->seq;
		/* Already invalid: stop instead of sending late for long. */
		if (lag > tx->lag_limit_tsc) {
			tx->aborted = true;
			return tx_finish(tx);
		}
	}

	/*
	 * Every frame due by now (at least the burst whose deadline passed),
	 * at most ENGINE_MAX_BURST (= CFG_MAX_BURST, the largest [traffic]
	 * burst): one pacer_due instead of a 128-bit pacer_deadline per frame.
	 */
	n = streams_due(&tx->pacer, tx->stream, tx->nb_streams, now) - tx->seq;
	n = n < ENGINE_MAX_BURST ? n : ENGINE_MAX_BURST;

	/*
	 * A prefilled pool (engine_tx_prefill) holds complete frames of this
	 * trial's configuration: take its mbufs as they are and patch only
	 * what varies.  Otherwise allocate, reset and write whole frames.
	 * Pool empty: the PMD still holds our mbufs; retry later (the lag
	 * this causes is measured like any other).
	 */
	if (likely(tx->prefilled)) {
		if (unlikely(rte_mempool_get_bulk(tx->pool, (void **)mbufs,
						  (unsigned int)n) != 0))
			return false;
	} else if (unlikely(rte_pktmbuf_alloc_bulk(tx->pool, mbufs,
						   (unsigned int)n) != 0)) {
		return false;
	}
	sseq = tx->seq_hi | tx->seq;	/* the stamped number (streams.h) */
	if (unlikely(tx->next_tag_seq < sseq + n)) {
		for (i = 0; i < n; i++) {
			if (sseq + i != tx->next_tag_seq)
				continue;
			tag_mask |= UINT64_C(1) << i;
			tx->next_tag++;
			tx->next_tag_seq = tx->next_tag < tx->tag_end ?
					  tx->tags->seq[tx->next_tag] : UINT64_MAX;
		}
	}
	if (likely(tx->prefilled)) {
		uint8_t *data[ENGINE_MAX_BURST];

		for (i = 0; i < n; i++)
			data[i] = rte_pktmbuf_mtod(mbufs[i], uint8_t *);
		frame_gen_patch(&tx->gen, data, (unsigned int)n, sseq, now,
				tag_mask);
		/* one size: frame i starts i frames in */
		upto_b[0] = mbufs[0]->data_len + FRAME_FCS_B;
	} else {
		upto_b[0] = 0;
		for (i = 0; i < n; i++) {
			uint16_t len;

			len = frame_gen_next(&tx->gen, rte_pktmbuf_mtod(mbufs[i], uint8_t *),
					     sseq + i, now, tag_mask >> i & 1);
			mbufs[i]->data_len = len;
			mbufs[i]->pkt_len = len;
			upto_b[i + 1] = upto_b[i] + len + FRAME_FCS_B;
		}
	}
	if (unlikely(tx->stateful != NULL))
		tx_stateful(tx->stateful, mbufs, (unsigned int)n);
	if (unlikely(tx->first_tsc == 0))
		tx->first_tsc = now;
	tx->last_burst_tsc = now;
	tx->last_burst_seq = tx->seq;
	if (unlikely(tag_mask != 0))
		before = rte_rdtsc();
	if (unlikely(tx->inject)) {
		sent = tx_inject(tx, mbufs, (uint16_t)n);
		tx->sent += sent;
		tx->sent_b += tx_sent_b(tx, upto_b, sent);
		goto next;
	}
	do {
		sent += rte_eth_tx_burst(tx->port_id, tx->queue_id, mbufs + sent,
					 (uint16_t)(n - sent));
	} while (sent < n && ++tries < TX_RETRIES);
	if (unlikely(tag_mask != 0))
		tx_tagged(tx, tag_mask, sent, before);
	if (unlikely(sent < n)) {	/* unsent: planned - sent (trial.c) */
		rte_pktmbuf_free_bulk(mbufs + sent, (unsigned int)(n - sent));
		tx_unsent(tx, sent, (uint16_t)n);
	}
	tx->sent += sent;
	tx->sent_b += tx_sent_b(tx, upto_b, sent);
next:
	/* the receivers' ARP / ND answers after the test frames */
	if (unlikely(tx->answers != NULL) && !rte_ring_empty(tx->answers))
		engine_send_answers(tx->answers, tx->port_id, tx->queue_id);
	__atomic_store_n(&tx->pub_sent, tx->sent, __ATOMIC_RELAXED);
	tx->seq += n;
	if (unlikely(tx->then != NULL) && tx->seq >= tx->then_seq) {
		tx->pacer = *tx->then;	/* RFC 2544 26.5: the rate change */
		tx->then = NULL;
	}
	if (tx->seq >= tx->total)
		return tx_finish(tx);
	/* a burst ends at the rate change */
	n = (tx->then != NULL ? tx->then_seq : tx->total) - tx->seq;
	n = n < tx->burst ? n : tx->burst;
	tx->next_deadline = tx->nb_streams <= 1 ?
		pacer_deadline(&tx->pacer, tx->seq + n - 1) :
		streams_deadline(&tx->pacer, tx->stream, tx->nb_streams,
				 tx->seq + n - 1);
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
rx_stream(struct engine_rx *rx, uint64_t seq)
{
	uint64_t stream = seq >> STREAMS_SEQ_SHIFT;

	if (unlikely(stream >= rx->nb_streams)) {
		rx->stream_states[0].c.beyond++;
		return NULL;
	}
	return &rx->stream_states[stream];
}

/* Received frames of info's kind, n of them (0 or 1: what rxstate
 * counted as received), where the kinds differ in size (sizes.h). */
static inline __attribute__((always_inline)) void
rx_sized(struct engine_rx *rx, const struct frame_rx_info *info, uint64_t n)
{
	if (unlikely(rx->sizes.on))
		sizes_ctr_add(&rx->sizes, rx->nb_streams > 1 ?
				  info->seq & STREAMS_SEQ_MASK : info->seq,
			      info->background, n);
}

/* Several streams, no feature: true when the frame was received. */
static bool
rx_add_streams(struct engine_rx *rx, uint64_t seq, bool late)
{
	struct rxstate *state = rx_stream(rx, seq);
	uint64_t before;

	if (state == NULL)
		return false;
	before = state->c.received;
	rxstate_add(state, seq & STREAMS_SEQ_MASK, late);
	return state->c.received != before;
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

/* One test frame of this trial: delays, tags, then sequence accounting;
 * true when it was received. */
static inline bool
rx_ours(struct engine_rx *rx, const struct frame_rx_info *info, uint64_t now,
	bool late, const struct rte_mbuf *mb)
{
	struct rxstate *state = &rx->state;
	uint64_t seq = info->seq, before, late_before, delay_tsc = 0;
	unsigned int stream = 0;

	if (rx->nb_streams > 1) {	/* the stream's own state */
		state = rx_stream(rx, seq);
		if (state == NULL)
			return false;
		stream = (unsigned int)(seq >> STREAMS_SEQ_SHIFT);
		seq &= STREAMS_SEQ_MASK;
	}
	before = state->c.received;
	late_before = state->c.late;
	if (rx->need_delay) {
		delay_tsc = frame_rx_delay(info, now);	/* either stamp layout */
		if (rx->frame_timeout_tsc != 0 && delay_tsc > rx->frame_timeout_tsc)
			late = true;	/* siitperf's special throughput */
	}
	rxstate_add(state, seq, late);
	if (state->c.received == before) {
		if (rx->recov != NULL && state->c.late != late_before)
			recov_lost_late(&rx->recov->lost[stream], seq);
		return false;	/* duplicate, late or bogus: no delay */
	}
	if (rx->recov != NULL)
		recov_gap_add(&rx->recov->gap, now, info->seq);
	if (rx->delays != NULL) {
		uint64_t ns = delay_tsc_to_ns(&rx->scale, delay_tsc);

		delay_hist_add(rx->delays->hist, ns);
		delay_ipdv_chain_add(rx->delays->ipdv,
				     &rx->delays->chain[stream], seq, ns);
	}
	if (unlikely(info->tagged) && rx->tags != NULL)
		rx_tagged(rx->tags, info->seq, now);
	if (rx->table != NULL && !info->background)
		/* stateful.c reads the IP packet at 14: past the tags */
		rx_stateful_record(rx->table, rte_pktmbuf_mtod(mb, const uint8_t *) +
				   rx->cls.tag_b, mb->data_len - rx->cls.tag_b);
	return true;
}

#define RX_PREFETCH 8	/* frames ahead whose first line is prefetched */

#define RX_SUFFIX gen
#define RX_TARGET
#define RX_CLASSIFY frame_classify_hw
#include "engine_rx.h"
#undef RX_SUFFIX
#undef RX_TARGET
#undef RX_CLASSIFY
#ifdef FRAME_WIDE
#define RX_SUFFIX wide
#define RX_TARGET FRAME_WIDE_TARGET
#define RX_CLASSIFY frame_wide_classify
#include "engine_rx.h"
#undef RX_SUFFIX
#undef RX_TARGET
#undef RX_CLASSIFY
#endif

bool
engine_rx_wide_ok(void)
{
#ifdef FRAME_WIDE
	const char *e = getenv("DUTPERF_RX_WIDE");

	/* DUTPERF_RX_WIDE=0: the generic path on any CPU (bench) */
	return frame_wide_ok() && (e == NULL || strcmp(e, "0") != 0);
#else
	return false;
#endif
}

/* A burst: the wide path where trial_prepare chose it (engine_rx_wide_ok). */
static inline void
rx_account(struct engine_rx *rx, struct rte_mbuf **pkts, uint16_t nb,
	   uint64_t now, bool late)
{
#ifdef ENGINE_BENCH_RX_BARE
	/* bench_engine_bare only (bench/meson.build): the engine and PMD
	 * share of the receiver's cost, frames counted unread, as testpmd's
	 * rxonly does.  Never in dutperf. */
	(void)now;
	(void)late;
	rx->kinds[FRAME_FOREIGN_OTHER_L2] += nb;
	rte_pktmbuf_free_bulk(pkts, nb);
	return;
#endif
#ifdef ENGINE_BENCH_RX_TOUCH
	/* bench_engine_touch only: each frame's stamp read (the receiver's
	 * first touch of the frame's data) and accounted as a test frame of
	 * this trial, nothing checked: the floor under any classifier that
	 * reads the frame.  Never in dutperf. */
	{
		const struct frame_fast *f = &rx->cls.fast[0];
		const unsigned int l4 = 14u + (f->version == 4 ? 20u : 40u);
		struct frame_rx_info info;
		struct rxstate_run run;
		uint16_t i;

		(void)now;
		for (i = 0; i < RX_PREFETCH && i < nb; i++)
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i], void *));
		rxstate_run_begin(&run, &rx->state);
		for (i = 0; i < nb; i++) {
			if (i + RX_PREFETCH < nb)
				rte_prefetch0(rte_pktmbuf_mtod(pkts[i + RX_PREFETCH],
							       void *));
			frame_stamp_info(&info, rte_pktmbuf_mtod(pkts[i],
					 const uint8_t *) + l4, f->compact);
			if (info.trial_id == rx->trial_id)
				rxstate_run_add(&rx->state, &run, info.seq, late);
			else
				rx->stale++;
		}
		rxstate_run_end(&run, &rx->state);
		rte_pktmbuf_free_bulk(pkts, nb);
		return;
	}
#endif
#ifdef FRAME_WIDE
	if (rx->wide) {
		rx_account_wide(rx, pkts, nb, now, late);
		return;
	}
#endif
	rx_account_gen(rx, pkts, nb, now, late);
}

/* The counts the main lcore may read while the trial runs (with several
 * streams their sum, also kept in state.c.received for rx_poll's end
 * test). */
static inline void
rx_publish(struct engine_rx *rx)
{
	struct rxstate_counts c = rx->state.c;
	unsigned int i;

	if (rx->nb_streams > 1) {
		c = rx->stream_states[0].c;
		for (i = 1; i < rx->nb_streams; i++) {
			c.received += rx->stream_states[i].c.received;
			c.duplicates += rx->stream_states[i].c.duplicates;
			c.reordered += rx->stream_states[i].c.reordered;
			c.late += rx->stream_states[i].c.late;
		}
		rx->state.c.received = c.received;	/* for rx_poll's end test */
	}
	__atomic_store_n(&rx->pub.received, c.received, __ATOMIC_RELAXED);
	__atomic_store_n(&rx->pub.duplicates, c.duplicates, __ATOMIC_RELAXED);
	__atomic_store_n(&rx->pub.reordered, c.reordered, __ATOMIC_RELAXED);
	__atomic_store_n(&rx->pub.late, c.late, __ATOMIC_RELAXED);
}

/*
 * Receive and classify; returns true when this receiver has finished: once
 * every planned frame has arrived (after draining what is queued, so a
 * duplicate already there is seen), or at the end of sending + timeout
 * plus a short grace window (late_until_tsc) in which frames still
 * arriving are counted as late, never as received.
 */
static inline bool
rx_poll(struct engine_rx *rx)
{
	struct rte_mbuf *pkts[RX_BURST];
	uint16_t nb;
	uint64_t now;
	int polls;

	nb = rte_eth_rx_burst(rx->port_id, rx->queue_id, pkts, RX_BURST);
	now = rte_rdtsc();
	if (nb > 0) {
		rx_account(rx, pkts, nb, now, now > rx->deadline_tsc);
		rx_publish(rx);
	}
	/* no sender on this port: this receiver sends the answers */
	if (unlikely(rx->answer_tx) && !rte_ring_empty(rx->answers))
		engine_send_answers(rx->answers, rx->port_id, 0);
	if (rx->state.c.received >= rx->planned) {
		for (polls = 0; polls < RX_DRAIN_POLLS; polls++) {
			nb = rte_eth_rx_burst(rx->port_id, rx->queue_id, pkts,
					      RX_BURST);
			if (nb == 0)
				break;
			now = rte_rdtsc();
			rx_account(rx, pkts, nb, now, now > rx->deadline_tsc);
		}
		rx_publish(rx);
	} else if (now <= rx->late_until_tsc) {
		return false;
	}
	rx->last_tsc = now;
	rx->done = true;
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * engine_rx: rx_account's loops, which engine.c includes twice, once for
 * the generic classifier and once (where the compiler can build it) for
 * the wide one, whose functions are of the AVX-512 target only
 * (frame_fast.h): before each inclusion RX_SUFFIX names the copy, RX_TARGET
 * gives its attributes and RX_CLASSIFY its classifier.  Private to
 * engine.c.
 */
#define RX_CAT2(a, b) a##b
#define RX_CAT(a, b) RX_CAT2(a, b)
#define RX_FN(name) RX_CAT(name, RX_SUFFIX)

/* Frame i of the burst: prefetch the one RX_PREFETCH ahead, classify. */
static inline __attribute__((always_inline)) RX_TARGET enum frame_kind
RX_FN(rx_frame)(const struct engine_rx *rx, struct rte_mbuf **pkts,
		uint16_t i, uint16_t nb, uint64_t hw_on,
		struct frame_rx_info *info)
{
	const struct rte_mbuf *mb = pkts[i];

	if (i + RX_PREFETCH < nb)
		rte_prefetch0(rte_pktmbuf_mtod(pkts[i + RX_PREFETCH], void *));
	/* Multi-segment frames are read in their first segment only; the
	 * classifier sees them as truncated. */
	return RX_CLASSIFY(&rx->cls, rte_pktmbuf_mtod(mb, const uint8_t *),
			   mb->data_len, info, engine_rx_hw(mb->ol_flags & hw_on));
}

/*
 * Classify and account a burst.  late is per burst (the deadline is far
 * coarser than a burst).  Without delays, latency tags or several streams
 * (throughput and loss trials) a test frame needs only rxstate_add: that
 * loop is kept apart, with its counters and bitmap word in locals stored
 * once a burst (rxstate_run_*), so it carries no per-frame test of the
 * trial's mode and no per-frame store of a counter (but for a mix of
 * sizes: rx_sized's counter of the frame's kind).
 */
static RX_TARGET void
RX_FN(rx_account_)(struct engine_rx *rx, struct rte_mbuf **pkts, uint16_t nb,
		   uint64_t now, bool late)
{
	struct frame_rx_info info;
	const uint8_t tid = rx->trial_id;
	const bool plain = !rx->need_delay && rx->tags == NULL &&
			   rx->recov == NULL && rx->table == NULL;
	const uint64_t hw_on = rx->cksum_hw ? UINT64_MAX : 0;
	enum frame_kind k;
	uint16_t i;

	for (i = 0; i < RX_PREFETCH && i < nb; i++)
		rte_prefetch0(rte_pktmbuf_mtod(pkts[i], void *));
	if (likely(plain && rx->nb_streams <= 1)) {
		struct rxstate_run run;
		uint64_t stale = 0;

		rxstate_run_begin(&run, &rx->state);

		for (i = 0; i < nb; i++) {
			k = RX_FN(rx_frame)(rx, pkts, i, nb, hw_on, &info);
			if (likely(k == FRAME_OURS && info.trial_id == tid)) {
				uint64_t got = run.c.received;

				rxstate_run_add(&rx->state, &run, info.seq, late);
				rx_sized(rx, &info, run.c.received - got);
			} else if (k == FRAME_OURS) {
				stale++;
			} else {
				rx->kinds[k]++;
				if (unlikely(k == FRAME_FOREIGN_ARP ||
					     k == FRAME_FOREIGN_ND) &&
				    rx->arp != NULL)
					rx_answer(rx, pkts, i);
			}
		}
		rxstate_run_end(&run, &rx->state);
		rx->stale += stale;
	} else {
		for (i = 0; i < nb; i++) {
			k = RX_FN(rx_frame)(rx, pkts, i, nb, hw_on, &info);
			if (likely(k == FRAME_OURS && info.trial_id == tid)) {
				if (plain ? rx_add_streams(rx, info.seq, late) :
					    rx_ours(rx, &info, now, late, pkts[i]))
					rx_sized(rx, &info, 1);
			} else if (k == FRAME_OURS) {
				rx->stale++;
			} else {
				rx->kinds[k]++;
				if (unlikely(k == FRAME_FOREIGN_ARP ||
					     k == FRAME_FOREIGN_ND) &&
				    rx->arp != NULL)
					rx_answer(rx, pkts, i);
			}
		}
	}
	rte_pktmbuf_free_bulk(pkts, nb);
}

#undef RX_FN
#undef RX_CAT
#undef RX_CAT2

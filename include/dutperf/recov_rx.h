/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * recov_rx: what the receiver records for RFC 2544 26.5 recovery (the
 * lost frames from the rate change on) and 26.6 reset (the largest gap
 * between two arrivals), one writer each (the receiving lcore), with
 * bounded memory, and the merge of several RX queues' and streams'
 * records.  The figures drawn from them and the procedures are
 * recovery.h's.
 */
#ifndef DUTPERF_RECOV_RX_H
#define DUTPERF_RECOV_RX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- what the receiver records (one writer: the receiving lcore) ---- */

/* Lost frames at or after the rate change (sequence numbers >= from). */
struct recov_lost {
	uint64_t from;		/* k: the first frame at the new rate */
	uint64_t total;		/* frames of the trial: seq >= total never sent */
	uint64_t last1;		/* highest lost seq + 1; 0: none lost */
	uint64_t count;		/* lost frames >= from */
	/*
	 * Several RX queues (a frame missing from one queue's window may
	 * have arrived on another): NULL, or room for the words of
	 * [from & ~63, total) that leave the window, kept instead of
	 * counted (recov_lost_spill); count and last1 then hold the late
	 * frames only, and recov_lost_merge() ORs the queues' words.
	 */
	uint64_t *words;
	uint64_t nb_words;
};

void recov_lost_init(struct recov_lost *l, uint64_t from, uint64_t total);

/* Words needed to keep [from & ~63, total) (recov_lost_spill). */
uint64_t recov_lost_words(uint64_t from, uint64_t total);

/* Keep the words leaving the window in words[0..nb) (zeroed here),
 * nb >= recov_lost_words(l->from, l->total); after recov_lost_init. */
void recov_lost_spill(struct recov_lost *l, uint64_t *words, uint64_t nb);

/*
 * One stream over nb RX queues: out (no words) gets the lost frames of
 * the union of the queues' arrivals, l[k] all of one stream, same from
 * and total, each either counted (no words: exact only when nb is 1) or
 * spilled.  Late frames are added as each queue counted them (a frame
 * late on two queues counts twice: worse, never better).
 */
void recov_lost_merge(struct recov_lost *out, const struct recov_lost *const *l,
		      unsigned int nb);

/*
 * Stream i of n (stream-local numbers, streams.h) into the direction's
 * record dir (frame indexes: stream i's frame k is k * n + i): counts
 * add up, the last lost frame is the latest of the streams'.
 */
void recov_lost_add_stream(struct recov_lost *dir, const struct recov_lost *s,
			   unsigned int i, unsigned int n);

/* A frame of seq >= from arrived too late (counted lost). */
static inline void
recov_lost_late(struct recov_lost *l, uint64_t seq)
{
	if (seq < l->from || seq >= l->total)
		return;
	l->count++;
	l->last1 = seq + 1 > l->last1 ? seq + 1 : l->last1;
}

/*
 * A word of the receiver's window leaves it (or the trial ends): bit j
 * set means frame base + j arrived; the clear bits at or above from and
 * below total were lost.  base is a multiple of 64.
 */
void recov_lost_word(struct recov_lost *l, uint64_t base, uint64_t word);

/* Frames [lo, hi) never reached the window: all lost. */
void recov_lost_range(struct recov_lost *l, uint64_t lo, uint64_t hi);

/* Arrivals of the trial's frames: the largest gap between two in a row. */
struct recov_gap {
	uint64_t n;		/* arrivals */
	uint64_t first_tsc;	/* of the first */
	uint64_t first_seq;
	uint64_t last_tsc;	/* of the latest */
	uint64_t last_seq;
	uint64_t max_tsc;	/* the largest gap (0: fewer than 2) ... */
	uint64_t from_tsc, to_tsc;	/* ... between these arrivals */
	uint64_t from_seq, to_seq;	/* ... of these frames */
	uint64_t max2_tsc;	/* the second largest (recov_gap_merge) */
};

void recov_gap_init(struct recov_gap *g);

/* One arrival at tsc (non-decreasing) of frame seq. */
static inline void
recov_gap_add(struct recov_gap *g, uint64_t tsc, uint64_t seq)
{
	uint64_t gap = tsc - g->last_tsc;

	if (g->n++ == 0) {
		g->first_tsc = tsc;
		g->first_seq = seq;
	} else if (gap > g->max_tsc) {
		g->max2_tsc = g->max_tsc;
		g->max_tsc = gap;
		g->from_tsc = g->last_tsc;
		g->to_tsc = tsc;
		g->from_seq = g->last_seq;
		g->to_seq = seq;
	} else if (gap > g->max2_tsc) {
		g->max2_tsc = gap;
	}
	g->last_tsc = tsc;
	g->last_seq = seq;
}

/*
 * The arrivals of nb RX queues (g[k], each its own record) as one record
 * of them all (out): n, first and last exact; the largest gap of the
 * union is a silence of every queue, so it lies in each queue's largest
 * gap, before its first or after its last arrival, or is no longer than
 * that queue's second largest gap.  out's gap is the largest silence
 * common to those big intervals of every queue (endpoints and frames of
 * the queues' records); returns true when it is provably the largest
 * (at least every queue's second largest gap), false when a longer one
 * may hide in the small gaps (out's gap is then a lower bound).  A reset
 * silences every queue at once and is found exactly.  out->max2_tsc: the
 * bound.
 */
bool recov_gap_merge(struct recov_gap *out, const struct recov_gap *const *g,
		     unsigned int nb);

#endif /* DUTPERF_RECOV_RX_H */

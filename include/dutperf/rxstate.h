/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rxstate: per-direction sequence accounting with bounded memory.
 *
 * A window of RXSTATE_WINDOW sequence numbers [base, base + WINDOW)
 * remembers which arrived.  base is a multiple of 64; when a sequence
 * number at or above base + WINDOW arrives, base moves up just enough (in
 * steps of 64) to hold it, clearing the bitmap words that drop out.  A
 * frame that leaves the window without having arrived is simply never
 * received (it is lost: lost = sent - received).
 *
 * rxstate_add(seq, late) classifies each test frame into exactly one of:
 *   beyond      seq >= total (rxstate_set_total) or seq == UINT64_MAX: a
 *               bogus number; it does not move the window nor max_seq.
 *   old         seq < base: older than the window; whether it is a first
 *               arrival or a duplicate cannot be told, so it is counted
 *               neither as received nor as duplicate (nor as late or
 *               reordered).  A first arrival there stays lost: this can only
 *               make a trial look worse, never better.
 *   duplicates  the bit of seq is already set: the frame arrived before (in
 *               time or late).  Counted once per extra copy, late or not.
 *   late        first arrival of seq, after the deadline (sending end +
 *               timeout): not received.  A second late copy is a duplicate,
 *               so a frame is never counted as late twice.
 *   received    first arrival of seq, in time.  Of these, the ones with seq
 *               below the highest sequence number seen so far (max_seq - 1)
 *               are also counted in reordered (RFC 4689 out-of-order).
 * So received + duplicates + late + beyond + old = frames added, and
 * received never counts a sequence number twice.
 *
 * Cost: O(1) amortized per frame, division-free (shifts and masks); a
 * jump far ahead clears at most the whole bitmap once.
 */
#ifndef DUTPERF_RXSTATE_H
#define DUTPERF_RXSTATE_H

#include <stdbool.h>
#include <stdint.h>

#define RXSTATE_WINDOW (1u << 20)	/* frames; 128 KiB of bits */
#define RXSTATE_WORDS (RXSTATE_WINDOW / 64)	/* uint64_t words of bits */

struct rxstate_counts {
	uint64_t received;	/* unique test frames in time */
	uint64_t duplicates;	/* a sequence number seen again */
	uint64_t reordered;	/* received after a higher sequence number */
	uint64_t late;		/* arrived after the deadline (not received) */
	uint64_t beyond;	/* sequence number >= total: bogus */
	uint64_t old;		/* below the window: cannot tell dup from new */
	uint64_t max_seq;	/* highest sequence number seen + 1 (0: none) */
};

struct recov_lost;

struct rxstate {
	uint64_t *bits;		/* RXSTATE_WINDOW bits, caller-provided */
	uint64_t base;		/* sequence number of bit 0 of the window */
	struct rxstate_counts c;
	uint64_t total;		/* seq >= total is "beyond"; UINT64_MAX:
				 * no limit (rxstate_set_total) */
	/* a feature (recovery.h), NULL when absent: the words leaving the
	 * window tell it which frames never arrived */
	struct recov_lost *lost;
};

/*
 * bits must hold RXSTATE_WORDS words; they are cleared here.  Counters
 * start at 0, base at 0, total at UINT64_MAX (no limit).
 */
void rxstate_init(struct rxstate *s, uint64_t *bits);

/*
 * Frames planned for this direction: a sequence number >= total is counted
 * as beyond.  Call after rxstate_init, before the first rxstate_add.
 */
void rxstate_set_total(struct rxstate *s, uint64_t total);

/*
 * After the last frame: the frames of the window (and those above it,
 * below total) that never arrived to s->lost; nothing when it is NULL.
 */
void rxstate_flush_lost(struct rxstate *s);

/*
 * Internal to rxstate_add (seq >= base + RXSTATE_WINDOW): move base to the
 * lowest multiple of 64 that holds seq, clearing the words that drop out.
 */
void rxstate_slide(struct rxstate *s, uint64_t seq);

/*
 * Account one test frame; late = arrived after sending end + timeout.
 * Inline: it runs once per received frame in the receiver's loop.
 */
static inline void
rxstate_add(struct rxstate *s, uint64_t seq, bool late)
{
	uint64_t *word, bit, dup, fresh, in_time, seq1 = seq + 1;

	/* total <= UINT64_MAX: UINT64_MAX is always beyond, seq + 1 fits */
	if (__builtin_expect(seq >= s->total, 0)) {
		s->c.beyond++;
		return;
	}
	if (__builtin_expect(seq < s->base, 0)) {
		s->c.old++;
		return;
	}
	if (__builtin_expect(seq - s->base >= RXSTATE_WINDOW, 0))
		rxstate_slide(s, seq);

	word = &s->bits[(seq >> 6) & (RXSTATE_WORDS - 1)];
	bit = (uint64_t)1 << (seq & 63);
	/*
	 * Branch-free: a duplicate costs what a first arrival costs, so
	 * bench_engine rx (whose pool repeats 8191 sequence numbers, all
	 * duplicates after the first pass) measures a trial's real path.
	 */
	dup = (*word & bit) != 0;
	fresh = dup ^ 1;
	in_time = fresh & !late;
	*word |= bit;
	s->c.duplicates += dup;
	s->c.late += fresh & late;
	s->c.received += in_time;
	s->c.reordered += in_time & (seq1 < s->c.max_seq);
	s->c.max_seq = seq1 > s->c.max_seq ? seq1 : s->c.max_seq;
}

#endif /* DUTPERF_RXSTATE_H */

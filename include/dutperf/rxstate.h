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
 * A run of rxstate_add calls (the receiver's loop: one a burst) with the
 * counters and the bitmap word of the latest frame in locals:
 * rxstate_run_begin, rxstate_run_add per frame, rxstate_run_end writes them
 * back.  Consecutive sequence numbers share a word, and a store of it per
 * frame, read back by the next, would chain every frame to the one before
 * (as would the counters, which the bitmap's pointer may alias as far as
 * the compiler knows).  Between begin and end only rxstate_run_add may
 * touch s.
 */
struct rxstate_run {
	struct rxstate_counts c;
	uint64_t *word;		/* the word cached in w; NULL: none */
	uint64_t w;
};

static inline void
rxstate_run_begin(struct rxstate_run *r, const struct rxstate *s)
{
	r->c = s->c;
	r->word = NULL;
	r->w = 0;
}

static inline void
rxstate_run_end(struct rxstate_run *r, struct rxstate *s)
{
	if (r->word != NULL)
		*r->word = r->w;
	r->word = NULL;
	s->c = r->c;
}

static inline __attribute__((always_inline)) void
rxstate_run_add(struct rxstate *s, struct rxstate_run *r, uint64_t seq,
		bool late)
{
	uint64_t *word, bit, dup, fresh, in_time, seq1 = seq + 1;

	/* total <= UINT64_MAX: UINT64_MAX is always beyond, seq + 1 fits */
	if (__builtin_expect(seq >= s->total, 0)) {
		r->c.beyond++;
		return;
	}
	if (__builtin_expect(seq < s->base, 0)) {
		r->c.old++;
		return;
	}
	if (__builtin_expect(seq - s->base >= RXSTATE_WINDOW, 0)) {
		if (r->word != NULL)
			*r->word = r->w;	/* the slide sees every bit */
		r->word = NULL;
		rxstate_slide(s, seq);
	}
	word = &s->bits[(seq >> 6) & (RXSTATE_WORDS - 1)];
	if (__builtin_expect(word != r->word, 0)) {
		if (r->word != NULL)
			*r->word = r->w;
		r->word = word;
		r->w = *word;
	}
	bit = (uint64_t)1 << (seq & 63);
	/*
	 * Branch-free: a duplicate costs what a first arrival costs, so
	 * bench_engine rx (whose pool repeats 8191 sequence numbers, all
	 * duplicates after the first pass) measures a trial's real path.
	 */
	dup = (r->w & bit) != 0;
	fresh = dup ^ 1;
	in_time = fresh & !late;
	r->w |= bit;
	r->c.duplicates += dup;
	r->c.late += fresh & late;
	r->c.received += in_time;
	r->c.reordered += in_time & (seq1 < r->c.max_seq);
	r->c.max_seq = seq1 > r->c.max_seq ? seq1 : r->c.max_seq;
}

/*
 * Account one test frame; late = arrived after sending end + timeout.
 * Inline: it runs once per received frame in the receiver's loop.
 */
static inline void
rxstate_add(struct rxstate *s, uint64_t seq, bool late)
{
	struct rxstate_run r;

	rxstate_run_begin(&r, s);
	rxstate_run_add(s, &r, seq, late);
	rxstate_run_end(&r, s);
}

#endif /* DUTPERF_RXSTATE_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rxstate: sliding bitmap of received sequence numbers (see rxstate.h for
 * the classification rules).
 *
 * The bitmap is a ring of RXSTATE_WORDS words: sequence number seq lives in
 * word (seq >> 6) & (RXSTATE_WORDS - 1), bit seq & 63.  The window
 * [base, base + RXSTATE_WINDOW) with base a multiple of 64 covers exactly
 * RXSTATE_WORDS consecutive words, so the mapping is one to one inside it.
 * Moving base up by 64 * n frees the n words of [base, base + 64n), which
 * become the words of [base + WINDOW, base + WINDOW + 64n): clearing them
 * is all the sliding does.  Every word is cleared at most once per 64
 * sequence numbers the window advances, and a jump of a whole window or
 * more clears the bitmap once: O(1) amortized per frame.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dutperf/recov_rx.h"
#include "dutperf/rxstate.h"

#define RXSTATE_WORD_MASK ((uint64_t)RXSTATE_WORDS - 1)

_Static_assert((RXSTATE_WINDOW & (RXSTATE_WINDOW - 1)) == 0 &&
	       RXSTATE_WINDOW >= 64, "RXSTATE_WINDOW: power of two >= 64");

void
rxstate_init(struct rxstate *s, uint64_t *bits)
{
	memset(s, 0, sizeof(*s));
	s->bits = bits;
	s->total = UINT64_MAX;
	memset(bits, 0, RXSTATE_WORDS * sizeof(bits[0]));
}

void
rxstate_set_total(struct rxstate *s, uint64_t total)
{
	s->total = total;
}

/* The n words leaving the window (all when n >= RXSTATE_WORDS, and
 * frames up to nbase never in it) to the lost-frame tracker. */
static void
rxstate_lost_out(struct rxstate *s, uint64_t n, uint64_t nbase)
{
	uint64_t w = s->base >> 6, k;

	for (k = 0; k < n && k < RXSTATE_WORDS; k++)
		recov_lost_word(s->lost, (w + k) << 6,
				s->bits[(w + k) & RXSTATE_WORD_MASK]);
	if (nbase > s->base + RXSTATE_WINDOW)
		recov_lost_range(s->lost, s->base + RXSTATE_WINDOW, nbase);
}

void
rxstate_flush_lost(struct rxstate *s)
{
	if (s->lost == NULL)
		return;
	rxstate_lost_out(s, RXSTATE_WORDS, s->base + RXSTATE_WINDOW);
	if (s->total != UINT64_MAX && s->total > s->base + RXSTATE_WINDOW)
		recov_lost_range(s->lost, s->base + RXSTATE_WINDOW, s->total);
}

void
rxstate_slide(struct rxstate *s, uint64_t seq)
{
	uint64_t nbase = (seq - RXSTATE_WINDOW + 64) & ~(uint64_t)63;
	uint64_t n = (nbase - s->base) >> 6;
	uint64_t w = s->base >> 6;
	uint64_t k;

	if (s->lost != NULL)	/* a feature: lost frames leave the window */
		rxstate_lost_out(s, n, nbase);
	if (n >= RXSTATE_WORDS) {
		memset(s->bits, 0, RXSTATE_WORDS * sizeof(s->bits[0]));
	} else {
		for (k = 0; k < n; k++)
			s->bits[(w + k) & RXSTATE_WORD_MASK] = 0;
	}
	s->base = nbase;
}

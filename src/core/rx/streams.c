/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * streams: pacing of a direction's streams and the merge of
 * per-queue receiver states (streams.h, docs/accounting.md).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "dutperf/streams.h"

_Static_assert(CFG_MAX_QUEUES == STREAMS_MAX, "one queue per stream at most");

uint64_t
streams_deadline(const struct pacer *p, unsigned int i, unsigned int n,
		 uint64_t k)
{
	unsigned __int128 j = (unsigned __int128)k * (n > 0 ? n : 1) + i;

	return pacer_deadline(p, j > UINT64_MAX ? UINT64_MAX : (uint64_t)j);
}

/* The bit word of seq in s (seq inside s's window). */
static uint64_t
streams_word(const struct rxstate *s, uint64_t seq)
{
	return s->bits[(seq >> 6) & (RXSTATE_WORDS - 1)];
}

/* n first arrivals that were not: out of received, then out of late. */
static void
streams_leave(struct rxstate_counts *out, uint64_t n)
{
	uint64_t take = n < out->received ? n : out->received;

	out->received -= take;
	out->late -= n - take < out->late ? n - take : out->late;
}

uint64_t
streams_merge(struct rxstate_counts *out, const struct rxstate *const *st,
	      unsigned int nb, uint64_t planned)
{
	uint64_t lo = 0, hi = UINT64_MAX, extra = 0, amb = 0, seq;
	unsigned int q, used = 0;

	memset(out, 0, sizeof(*out));
	for (q = 0; q < nb; q++) {
		const struct rxstate *s = st[q];

		if (s == NULL)
			continue;
		out->received += s->c.received;
		out->duplicates += s->c.duplicates;
		out->reordered += s->c.reordered;
		out->late += s->c.late;
		out->beyond += s->c.beyond;
		out->old += s->c.old;
		if (s->c.max_seq > out->max_seq)
			out->max_seq = s->c.max_seq;
		if (s->c.max_seq == 0)
			continue;	/* no bit set: nothing to compare */
		used++;
		if (s->base > lo)
			lo = s->base;
		if (s->base + RXSTATE_WINDOW < hi)
			hi = s->base + RXSTATE_WINDOW;
	}
	/*
	 * Below lo: a queue's bits under the highest base are frames that
	 * another queue's window has slid past, so a copy there may have been
	 * counted as a first arrival too and can no longer be matched.
	 * Counted as old (not received, or not late): errs towards worse.
	 */
	if (used >= 2)
		for (q = 0; q < nb; q++) {
			if (st[q] == NULL || st[q]->c.max_seq == 0)
				continue;
			for (seq = st[q]->base; seq < lo && seq < st[q]->c.max_seq;
			     seq += 64)
				amb += (uint64_t)__builtin_popcountll(
					streams_word(st[q], seq));
		}
	streams_leave(out, amb);
	out->old += amb;
	/*
	 * [lo, hi): held by every window that has bits (bases and the window
	 * are multiples of 64: whole words).  Per word, the bits set in more
	 * than one queue: sum of popcounts minus the popcount of the union.
	 */
	if (used >= 2) {
		for (seq = lo; seq < hi && seq < out->max_seq; seq += 64) {
			uint64_t u = 0, w;
			unsigned int ones = 0;

			for (q = 0; q < nb; q++) {
				if (st[q] == NULL || st[q]->c.max_seq == 0)
					continue;
				w = streams_word(st[q], seq);
				ones += (unsigned int)__builtin_popcountll(w);
				u |= w;
			}
			extra += ones - (unsigned int)__builtin_popcountll(u);
		}
	}
	/* each extra copy was counted as a first arrival: received (or late) */
	streams_leave(out, extra);
	out->duplicates += extra;
	/* more than the stream sent can only be undetected copies */
	if (out->received > planned) {
		out->duplicates += out->received - planned;
		out->received = planned;
	}
	return extra;
}

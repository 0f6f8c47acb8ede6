/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * recov_rx: what the receiver records for RFC 2544 26.5 recovery and
 * 26.6 reset, with bounded memory, and the merge of several RX queues'
 * records (recov_rx.h); the figures drawn from them are recovery.c's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dutperf/recov_rx.h"

void
recov_lost_init(struct recov_lost *l, uint64_t from, uint64_t total)
{
	memset(l, 0, sizeof(*l));
	l->from = from;
	l->total = total;
}

uint64_t
recov_lost_words(uint64_t from, uint64_t total)
{
	uint64_t lo = from & ~(uint64_t)63;

	return total > lo ? (total - lo + 63) / 64 : 0;
}

void
recov_lost_spill(struct recov_lost *l, uint64_t *words, uint64_t nb)
{
	l->words = words;
	l->nb_words = nb;
	if (nb > 0)
		memset(words, 0, nb * sizeof(words[0]));
}

void
recov_lost_range(struct recov_lost *l, uint64_t lo, uint64_t hi)
{
	if (l->words != NULL)
		return;		/* never arrived: their words stay 0 */
	lo = lo > l->from ? lo : l->from;
	hi = hi < l->total ? hi : l->total;
	if (lo >= hi)
		return;
	l->count += hi - lo;
	l->last1 = hi > l->last1 ? hi : l->last1;
}

void
recov_lost_word(struct recov_lost *l, uint64_t base, uint64_t word)
{
	uint64_t missing = ~word;
	unsigned int top;

	if (base + 64 <= l->from || base >= l->total)
		return;
	if (l->words != NULL) {		/* kept for recov_lost_merge */
		uint64_t k = (base >> 6) - (l->from >> 6);

		if (k < l->nb_words)
			l->words[k] |= word;
		return;
	}
	if (base < l->from)		/* frames before the change */
		missing &= ~(uint64_t)0 << (l->from - base);
	if (l->total - base < 64)	/* frames never sent */
		missing &= ((uint64_t)1 << (l->total - base)) - 1;
	if (missing == 0)
		return;
	l->count += (uint64_t)__builtin_popcountll(missing);
	top = 63u - (unsigned int)__builtin_clzll(missing);
	if (base + top + 1 > l->last1)
		l->last1 = base + top + 1;
}

void
recov_lost_merge(struct recov_lost *out, const struct recov_lost *const *l,
		 unsigned int nb)
{
	uint64_t k, nw = 0, u;
	unsigned int q;
	bool spilled = false;

	memset(out, 0, sizeof(*out));
	if (nb == 0)
		return;
	out->from = l[0]->from;
	out->total = l[0]->total;
	for (q = 0; q < nb; q++) {
		out->count += l[q]->count;	/* counted, or the late ones */
		if (l[q]->last1 > out->last1)
			out->last1 = l[q]->last1;
		if (l[q]->words != NULL) {
			spilled = true;
			nw = l[q]->nb_words > nw ? l[q]->nb_words : nw;
		}
	}
	if (!spilled)
		return;
	for (k = 0; k < nw; k++) {
		for (u = 0, q = 0; q < nb; q++)
			if (l[q]->words != NULL && k < l[q]->nb_words)
				u |= l[q]->words[k];
		recov_lost_word(out, ((out->from >> 6) + k) << 6, u);
	}
}

void
recov_lost_add_stream(struct recov_lost *dir, const struct recov_lost *s,
		      unsigned int i, unsigned int n)
{
	uint64_t last;

	dir->count += s->count;
	if (s->last1 == 0)
		return;
	last = n > 1 ? (s->last1 - 1) * n + i : s->last1 - 1;
	if (last + 1 > dir->last1)
		dir->last1 = last + 1;
}

void
recov_gap_init(struct recov_gap *g)
{
	memset(g, 0, sizeof(*g));
}

/* A silence of every queue so far: between arrivals lo and hi (open);
 * lo_tsc 0: since ever, hi_tsc UINT64_MAX: from then on. */
struct recov_span {
	uint64_t lo_tsc, lo_seq, hi_tsc, hi_seq;
};

#define RECOV_SPANS 64

/* a[0..*na) (disjoint, ascending) cut down to its parts inside b[0..nb). */
static void
recov_spans_cut(struct recov_span *a, unsigned int *na,
		const struct recov_span *b, unsigned int nb)
{
	struct recov_span out[RECOV_SPANS];
	unsigned int i, j, n = 0;

	for (i = 0; i < *na; i++)
		for (j = 0; j < nb && n < RECOV_SPANS; j++) {
			struct recov_span s = a[i];

			if (b[j].lo_tsc > s.lo_tsc) {
				s.lo_tsc = b[j].lo_tsc;
				s.lo_seq = b[j].lo_seq;
			}
			if (b[j].hi_tsc < s.hi_tsc) {
				s.hi_tsc = b[j].hi_tsc;
				s.hi_seq = b[j].hi_seq;
			}
			if (s.lo_tsc < s.hi_tsc)
				out[n++] = s;
		}
	memcpy(a, out, n * sizeof(out[0]));
	*na = n;
}

bool
recov_gap_merge(struct recov_gap *out, const struct recov_gap *const *g,
		unsigned int nb)
{
	struct recov_span spans[RECOV_SPANS] = { { 0, 0, UINT64_MAX, 0 } };
	struct recov_span big[3];
	unsigned int q, ns = 1, k;
	uint64_t bound = 0;

	recov_gap_init(out);
	for (q = 0; q < nb; q++) {
		const struct recov_gap *x = g[q];

		if (x->n == 0)
			continue;	/* silent all along: no constraint */
		if (out->n == 0 || x->first_tsc < out->first_tsc) {
			out->first_tsc = x->first_tsc;
			out->first_seq = x->first_seq;
		}
		if (out->n == 0 || x->last_tsc > out->last_tsc) {
			out->last_tsc = x->last_tsc;
			out->last_seq = x->last_seq;
		}
		out->n += x->n;
		if (x->max2_tsc > bound)
			bound = x->max2_tsc;
		/* its silences that may be longer than its second gap */
		k = 0;
		big[k++] = (struct recov_span){ 0, 0, x->first_tsc, x->first_seq };
		if (x->max_tsc > 0)
			big[k++] = (struct recov_span){ x->from_tsc, x->from_seq,
							x->to_tsc, x->to_seq };
		big[k++] = (struct recov_span){ x->last_tsc, x->last_seq,
						UINT64_MAX, 0 };
		recov_spans_cut(spans, &ns, big, k);
	}
	/* the union's gaps: silences bounded by arrivals on both sides */
	for (k = 0; k < ns; k++) {
		const struct recov_span *s = &spans[k];

		if (s->lo_tsc == 0 || s->hi_tsc == UINT64_MAX ||
		    s->hi_tsc - s->lo_tsc <= out->max_tsc)
			continue;
		out->max_tsc = s->hi_tsc - s->lo_tsc;
		out->from_tsc = s->lo_tsc;
		out->from_seq = s->lo_seq;
		out->to_tsc = s->hi_tsc;
		out->to_seq = s->hi_seq;
	}
	out->max2_tsc = bound;
	return out->max_tsc >= bound;
}

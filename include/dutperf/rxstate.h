/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rxstate: per-direction sequence accounting with bounded memory.
 * A sliding window of RXSTATE_WINDOW sequence numbers above the lowest
 * still-undecided one remembers which arrived: duplicates and reordering
 * are exact inside the window; a frame older than the window is counted as
 * "reordered" (RFC 4689 terms) and as "old", never as new.
 */
#ifndef DUTPERF_RXSTATE_H
#define DUTPERF_RXSTATE_H

#include <stdbool.h>
#include <stdint.h>

#define RXSTATE_WINDOW (1u << 20)	/* frames; 128 KiB of bits */

struct rxstate_counts {
	uint64_t received;	/* unique test frames in time */
	uint64_t duplicates;	/* a sequence number seen again */
	uint64_t reordered;	/* arrived after a higher sequence number */
	uint64_t late;		/* arrived after the deadline (not received) */
	uint64_t beyond;	/* sequence number >= frames sent: bogus */
	uint64_t old;		/* below the window: cannot tell dup from new */
	uint64_t max_seq;	/* highest sequence number seen + 1 (0: none) */
};

struct rxstate {
	uint64_t *bits;		/* RXSTATE_WINDOW bits, caller-provided */
	uint64_t base;		/* sequence number of bit 0 of the window */
	struct rxstate_counts c;
};

/* bits must hold RXSTATE_WINDOW / 64 words. */
void rxstate_init(struct rxstate *s, uint64_t *bits);

/* Account one test frame; late = arrived after sending end + timeout. */
void rxstate_add(struct rxstate *s, uint64_t seq, bool late);

#endif /* DUTPERF_RXSTATE_H */

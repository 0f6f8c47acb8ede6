/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sizes: frames and bytes per frame size of a direction
 * (docs/accounting.md, "Per size").  DPDK-free.
 *
 * Frame k of a stream (its k-th frame, from 0 in every trial) has the
 * size of letter k mod len of the mix (imix.h) and is background when
 * k mod n >= m (frame_gen_next): a kind (size, foreground or background)
 * follows from k alone.  The sender knows what it generated (frames
 * 0..seq-1 of the stream) and counts only the frames it did not hand to
 * the port (a rare path) by kind; the receiver counts the frames it
 * received (first arrivals in time, rxstate.h) by kind, the size from the
 * stream's frame number, foreground or background from the stamp.  Bytes
 * are counts times the kind's sent size (FCS included, as sent_b): a
 * translated frame is counted at the size it was sent with.
 */
#ifndef DUTPERF_SIZES_H
#define DUTPERF_SIZES_H

#include <stdbool.h>
#include <stdint.h>

#include "frame_spec.h"
#include "imix.h"

/*
 * A lane's counts by kind (a receiver's queue, a sender's unsent frames),
 * written by one lcore.  on: the lane counts at all (a mix, or background
 * frames of another size than the foreground's); off, every frame is of
 * one size and bytes follow from the frame count.
 */
struct sizes_ctr {
	bool on;
	uint8_t len;			/* letters of the mix; <= 1: one size */
	uint8_t seq[IMIX_MAX_LEN];	/* frame k: size seq[k mod len] */
	uint64_t mod_m;			/* k mod len without division */
	uint64_t frames[IMIX_MAX_SIZES][2];	/* [size][background] */
};

/* One direction of a trial (or a run's sum of them). */
struct sizes_dir {
	uint8_t nb;			/* sizes; 1 without a mix */
	uint32_t label_b[IMIX_MAX_SIZES];	/* the configured size */
	char letter[IMIX_MAX_SIZES];	/* the genome's letter; 0: one size */
	uint32_t size_b[IMIX_MAX_SIZES][2];	/* as sent, incl. FCS */
	uint64_t sent[IMIX_MAX_SIZES][2], received[IMIX_MAX_SIZES][2];
};

/* The sizes of direction s (spec of stream 0: all streams share them),
 * m its mix or NULL; the counts zeroed. */
void sizes_dir_init(struct sizes_dir *d, const struct frame_spec *s,
		    const struct imix *m);

/* A lane of direction s, counts zeroed; on as above. */
void sizes_ctr_init(struct sizes_ctr *c, const struct frame_spec *s);

/* k mod c->len for c->len > 1, by multiplication (Lemire's fastmod for
 * 32 bits, three of them above 2^32). */
static inline unsigned int
sizes_mod32(uint64_t mod_m, uint32_t a, uint32_t d)
{
	return (unsigned int)(((unsigned __int128)(mod_m * a) * d) >> 64);
}

static inline unsigned int
sizes_pos(const struct sizes_ctr *c, uint64_t k)
{
	uint32_t hi, lo, wrap;

	if (__builtin_expect(k >> 32 == 0, 1))
		return sizes_mod32(c->mod_m, (uint32_t)k, c->len);
	/* k = hi 2^32 + lo: (hi mod len) (2^32 mod len) + lo mod len */
	hi = (uint32_t)(k >> 32);
	lo = (uint32_t)k;
	wrap = sizes_mod32(c->mod_m, UINT32_MAX, c->len) + 1;	/* <= len */
	return sizes_mod32(c->mod_m,
			   sizes_mod32(c->mod_m, hi, c->len) * wrap +
			   sizes_mod32(c->mod_m, lo, c->len), c->len);
}

/* n frames (0 or 1: the receiver adds what rxstate counted) of frame
 * number k of its stream, background or not. */
static inline void
sizes_ctr_add(struct sizes_ctr *c, uint64_t k, bool bg, uint64_t n)
{
	unsigned int i = 0;

	if (c->len > 1)
		i = c->seq[sizes_pos(c, k)];
	c->frames[i][bg] += n;
}

/* The sender's rare path (a frame it did not hand to the port): frame k
 * of its stream, background by k mod n >= m (a division). */
void sizes_ctr_add_frame(struct sizes_ctr *c, uint64_t k, uint32_t n,
			 uint32_t m);

/*
 * Frames sent by one stream of d (spec s): its frames 0..generated-1 less
 * those of unsent (a lane of that stream's sender; NULL or off: sent is
 * the stream's sent frames and unsent is not needed, one size).
 * Exact, without a walk over the frames: per letter of the mix, and of
 * the fewer of the residue classes k mod n (background or foreground)
 * each in O(len).
 */
void sizes_add_sent(struct sizes_dir *d, const struct frame_spec *s,
		    uint64_t generated, uint64_t sent,
		    const struct sizes_ctr *unsent);

/* A receiving lane's counts into d (nothing when it is off). */
void sizes_add_received(struct sizes_dir *d, const struct sizes_ctr *c);

/*
 * After every lane: d's received frames made to sum to received, the
 * direction's merged count (streams_merge).  Lanes off: all of them one
 * kind.  Lanes on sum to received unless streams_merge took frames off
 * received (a copy on another queue, a lagging queue's old frames); each
 * kind is then capped at what it sent, and what is still over is taken
 * off the last kinds.
 */
void sizes_settle(struct sizes_dir *d, uint64_t received, bool counted);

/* Bytes of size i (all when i < 0), sent or received. */
uint64_t sizes_sent_b(const struct sizes_dir *d, int i);
uint64_t sizes_received_b(const struct sizes_dir *d, int i);

/* Frames of size i, sent or received. */
uint64_t sizes_sent(const struct sizes_dir *d, unsigned int i);
uint64_t sizes_received(const struct sizes_dir *d, unsigned int i);

/*
 * d's counts added to acc's entry of the same size (a run's sum over its
 * trials; acc zeroed at first), a new entry where acc has none: 0, or
 * -ENOSPC when acc holds IMIX_MAX_SIZES others (d not added).
 */
int sizes_sum(struct sizes_dir *acc, const struct sizes_dir *d);

#endif /* DUTPERF_SIZES_H */

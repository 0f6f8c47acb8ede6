/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * streams: a direction carried by N streams (docs/accounting.md, "Several
 * streams and queues").  DPDK-free.
 *
 * A stream is {tx port, tx queue, sender lcore, pacer, generator, sequence
 * space}.  Stream i of N sends the direction's frames j = i, i + N,
 * i + 2N, ... at their deadlines in the direction's one pacer: its k-th
 * frame leaves at pacer_deadline(p, i + k * N).  So stream i runs at
 * rate / N on deadlines offset by i / N of the direction's period, and the
 * merged departures are exactly the single-stream schedule, also for
 * rates and frame counts that N does not divide.
 *
 * Sequence space: stream i numbers its own frames k = 0, 1, ... and stamps
 * (i << STREAMS_SEQ_SHIFT) | k, so the receiver tells the stream by a
 * shift.  With N = 1 the stamp is k: frames are byte-identical to the
 * single-stream ones.  Limits: N <= STREAMS_MAX, and with N > 1 a stream
 * numbers at most 2^STREAMS_SEQ_SHIFT frames (the compact 12-byte IPv6
 * stamp has a 40-bit sequence number: 4 bits of stream, 36 of frame).
 *
 * Receiving: one rxstate per (RX queue, stream), written by one lcore
 * each; streams_merge adds up a stream's per-queue states after the
 * trial.
 */
#ifndef DUTPERF_STREAMS_H
#define DUTPERF_STREAMS_H

#include <stddef.h>
#include <stdint.h>

#include "dutperf/pacer.h"
#include "dutperf/rxstate.h"

#define STREAMS_MAX 16			/* streams (and queues) per direction */
#define STREAMS_SEQ_SHIFT 36		/* stream id above these bits */
#define STREAMS_SEQ_MASK ((UINT64_C(1) << STREAMS_SEQ_SHIFT) - 1)

/* Frames of stream i of n when the direction sends total. */
static inline uint64_t
streams_total(uint64_t total, unsigned int i, unsigned int n)
{
	if (n <= 1)
		return i == 0 ? total : 0;
	return total > i ? (total - i - 1) / n + 1 : 0;
}

/* Deadline of frame k of stream i of n in the direction's pacer p. */
uint64_t streams_deadline(const struct pacer *p, unsigned int i,
			  unsigned int n, uint64_t k);

/*
 * Frames of stream i of n due by now_tsc (of the direction's pacer p): the
 * k < streams_total(p->total, i, n) whose deadline is <= now_tsc.  One
 * pacer_due and, with n > 1, one division (per burst, not per frame).
 */
static inline uint64_t
streams_due(const struct pacer *p, unsigned int i, unsigned int n,
	    uint64_t now_tsc)
{
	uint64_t c = pacer_due(p, now_tsc);

	if (n <= 1)
		return c;
	return c > i ? (c - i - 1) / n + 1 : 0;
}

/* The stamped sequence number of frame k of stream i. */
static inline uint64_t
streams_seq(unsigned int i, uint64_t k)
{
	return ((uint64_t)i << STREAMS_SEQ_SHIFT) | k;
}

/* The direction's frame index of stamped number seq of n streams (stream
 * i's frame k is frame k * n + i; with one stream seq itself). */
static inline uint64_t
streams_frame_index(uint64_t seq, unsigned int n)
{
	if (n <= 1)
		return seq;
	return (seq & STREAMS_SEQ_MASK) * n + (seq >> STREAMS_SEQ_SHIFT);
}

/*
 * The generator seed of stream i: seed itself for stream 0 (so one stream
 * sends what a single-stream trial sends), a different, reproducible
 * RFC 4814 sub-stream of seed for every other stream.
 */
static inline uint64_t
streams_seed(uint64_t seed, unsigned int i)
{
	uint64_t z = (uint64_t)i * UINT64_C(0x9e3779b97f4a7c15);

	if (i == 0)
		return seed;
	/* splitmix64's finaliser: streams i and i + 1 far apart */
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return seed ^ z ^ (z >> 31);
}

/*
 * After a trial: the counts of one stream over the rxstates st[0..nb) of
 * every RX queue (NULL entries: queues that saw nothing).  Sums received,
 * duplicates, late, reordered, beyond and old; max_seq is the largest.
 * Copies of a frame counted as a first arrival on two or more queues are
 * turned into duplicates wherever every queue that saw the stream still
 * holds the frame in its window (always when the stream sent at most
 * RXSTATE_WINDOW frames); each extra copy leaves received (or late when
 * received has none left).  A queue's frames below the highest window
 * base (another queue's window has slid past them: a copy there cannot
 * be matched) count as old, not received: errs towards worse.  Then
 * whatever still exceeds planned is moved
 * to duplicates too, so received never exceeds what the stream sent.
 * Returns the extra copies found (cross-queue duplicates).
 */
uint64_t streams_merge(struct rxstate_counts *out,
		       const struct rxstate *const *st, unsigned int nb,
		       uint64_t planned);

#endif /* DUTPERF_STREAMS_H */

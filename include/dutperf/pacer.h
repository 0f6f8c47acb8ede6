/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pacer: absolute TSC deadlines for evenly spaced frames.
 *
 * deadline(i) = start + floor(i * hz / rate), exactly (not approximately):
 * a 64.64 fixed-point estimate (period_fp, one division at init) is off by
 * at most one tick and one 128-bit multiply-and-compare corrects it.  No
 * drift, no division per call, O(1) for any i.  (64.32 fixed point is NOT
 * enough: at 5 GHz and 148.8 Mfps the deadline of frame 3600 s * 148.8e6
 * would be 51 ticks early, up to 125 ticks for other rates; see pacer.c.)
 *
 * The API is stateless (const struct pacer *), so the pacer can live in
 * the read-only part of an lcore context.  A sender loop:
 *
 *	max_lag = 0;
 *	while (sent < p->total && !stop) {
 *		now = rte_rdtsc();
 *		due = pacer_due(p, now);
 *		if (sent == due)
 *			continue;	// or rte_pause()
 *		lag = pacer_lag(p, sent, now);	// ticks behind frame `sent`
 *		if (lag > max_lag)
 *			max_lag = lag;
 *		n = RTE_MIN(due - sent, burst);
 *		sent += rte_eth_tx_burst(..., n);
 *	}
 *	max_lag_ns = pacer_ticks_to_ns(max_lag, hz);	// once, at the end
 */
#ifndef DUTPERF_PACER_H
#define DUTPERF_PACER_H

#include <stdint.h>

struct pacer {
	uint64_t start_tsc;		/* deadline of frame 0 */
	unsigned __int128 period_fp;	/* ticks per frame, 64 fractional
					 * bits: floor(hz * 2^64 / rate) */
	uint64_t total;			/* frames in the trial */
	/* private: set by pacer_init, read by the functions below */
	uint64_t hz;			/* TSC ticks per second (>= 1) */
	uint64_t rate_fps;		/* frames per second (>= 1) */
	unsigned __int128 inv_fp;	/* frames per tick, 64 fractional
					 * bits: floor(rate * 2^64 / hz) */
	uint64_t last_tsc;		/* deadline(total - 1); start if none */
};

/*
 * rate_fps >= 1, hz >= 1 (0 is taken as 1, never a division by zero).
 * total: frames in the trial, normally pacer_total(rate, duration_s).
 * The only divisions of the module happen here.
 */
void pacer_init(struct pacer *p, uint64_t start_tsc, uint64_t hz,
		uint64_t rate_fps, uint64_t total);

/*
 * Deadline of frame i (absolute TSC): start + floor(i * hz / rate) exactly,
 * saturating at UINT64_MAX.  Any i (also >= total).  O(1), no division.
 */
uint64_t pacer_deadline(const struct pacer *p, uint64_t i);

/*
 * Frames due by now_tsc counting from frame 0: the number of i < total with
 * pacer_deadline(p, i) <= now_tsc.  0 before start, total from the last
 * deadline on.  Monotonic in now_tsc.  O(1), no division.
 */
uint64_t pacer_due(const struct pacer *p, uint64_t now_tsc);

/*
 * Ticks by which now_tsc is past the deadline of frame i (0 when frame i
 * is not due yet): the sender's lag when it sends frame i at now_tsc.
 */
uint64_t pacer_lag(const struct pacer *p, uint64_t i, uint64_t now_tsc);

/*
 * A rate change (RFC 2544 26.5): p1 paces frames [0, k), k = p1->total;
 * p2 paces frames [k, total) at rate_fps, frame k due at p1's deadline of
 * frame k (the end of p1's schedule) and every later frame spaced at
 * rate_fps exactly: deadline(i) = change + floor(i * hz / rate) -
 * floor(k * hz / rate) (p2's start is virtual: the change less k frames
 * of the new rate).  pacer_due(p2, now) counts from frame 0 as usual, so
 * a sender swaps p1 for p2 once frame k is due and goes on.  0, or -1
 * when the virtual start would lie before TSC 0 (p2 untouched).
 */
int pacer_init_after(struct pacer *p2, const struct pacer *p1,
		     uint64_t rate_fps, uint64_t total);

/* total frames for rate * duration, saturating at UINT64_MAX. */
uint64_t pacer_total(uint64_t rate_fps, uint64_t duration_s);

/*
 * floor(ticks * 1e9 / hz) without overflow (128-bit), saturating at
 * UINT64_MAX; hz 0 gives UINT64_MAX.  Divides: not for per-frame use.
 */
uint64_t pacer_ticks_to_ns(uint64_t ticks, uint64_t hz);

/*
 * floor(ns * hz / 1e9) without overflow, saturating at UINT64_MAX: e.g. a
 * lag limit in ticks, computed once before the loop.
 */
uint64_t pacer_ns_to_ticks(uint64_t ns, uint64_t hz);

#endif /* DUTPERF_PACER_H */

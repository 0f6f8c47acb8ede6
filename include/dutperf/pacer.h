/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pacer: absolute TSC deadlines for evenly spaced frames.
 * deadline(i) = start + floor(i * hz / rate), computed in 64.32 fixed
 * point with 128-bit arithmetic: exact to < 1 tick over 3600 s at
 * 148.8 Mfps, no drift, no division per frame.
 */
#ifndef DUTPERF_PACER_H
#define DUTPERF_PACER_H

#include <stdint.h>

struct pacer {
	uint64_t start_tsc;
	unsigned __int128 period_fp;	/* ticks per frame, 32 fractional bits */
	unsigned __int128 next_fp;	/* deadline of frame `sent`, fixed point */
	uint64_t total;			/* frames in the trial */
};

/* rate_fps >= 1, hz >= 1.  total = rate * duration_s (saturating). */
void pacer_init(struct pacer *p, uint64_t start_tsc, uint64_t hz,
		uint64_t rate_fps, uint64_t total);

/* Deadline of frame i (absolute TSC). */
uint64_t pacer_deadline(const struct pacer *p, uint64_t i);

/* Frames due by `now` counting from frame 0, capped at total. */
uint64_t pacer_due(const struct pacer *p, uint64_t now_tsc);

/* total frames for rate * duration, saturating at UINT64_MAX. */
uint64_t pacer_total(uint64_t rate_fps, uint64_t duration_s);

#endif /* DUTPERF_PACER_H */

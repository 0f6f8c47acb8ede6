/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * search: RFC 2544 26.1 binary search as a state machine fed with trial
 * verdicts.  The answer is the highest rate that passed, 0 when none did.
 */
#ifndef DUTPERF_SEARCH_H
#define DUTPERF_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "verdict.h"

struct search_params {
	uint64_t lo_fps;	/* lower bound (>= 0) */
	uint64_t hi_fps;	/* upper bound (> lo) */
	uint64_t initial_fps;	/* first rate tried, in [lo, hi] */
	uint64_t error_fps;	/* done when hi - lo <= error (>= 1) */
	uint32_t max_retries;	/* invalid trials retried per rate */
};

struct search {
	struct search_params p;
	uint64_t lo, hi;	/* current bracket */
	uint64_t next;		/* rate of the next trial */
	uint64_t best;		/* highest passed rate, 0 = none */
	uint32_t iterations;	/* trials recorded (including invalid ones) */
	uint32_t retries;	/* invalid trials at the current rate */
	bool done;
	bool gave_up;		/* too many invalid trials at one rate */
};

int search_init(struct search *s, const struct search_params *p);
bool search_done(const struct search *s);
uint64_t search_next_rate(const struct search *s);
void search_record(struct search *s, enum verdict v);
uint64_t search_result(const struct search *s);
/* Upper bound of trials still needed (for an ETA). */
uint32_t search_remaining(const struct search *s);

#endif /* DUTPERF_SEARCH_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/* verdict: pass / fail / invalid / interrupted for one trial. */
#ifndef DUTPERF_VERDICT_H
#define DUTPERF_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

enum verdict {
	VERDICT_PASS = 0,
	VERDICT_FAIL,		/* frames lost (beyond the tolerance) */
	VERDICT_INVALID,	/* sender missed its schedule or could not send */
	VERDICT_INTERRUPTED,	/* stopped by a signal or an error */
};

/* What one direction of a trial measured. */
struct verdict_dir {
	uint64_t planned;	/* frames the schedule asked for */
	uint64_t sent;		/* frames the PMD accepted */
	uint64_t unsent;	/* frames not accepted (planned - sent) */
	uint64_t received;	/* unique test frames in time */
	uint64_t lost;		/* sent - received */
	uint64_t duplicates, reordered, late, foreign;
	uint64_t max_lag_ns;	/* worst sender lag behind its deadline */
};

/*
 * Pass when every direction lost at most loss_ppm parts per million of the
 * frames sent (0: none) and nothing was late; invalid when a sender fell
 * behind by more than max_lag_ns or left frames unsent; interrupted wins.
 */
enum verdict verdict_eval(const struct verdict_dir *dirs, unsigned nb_dirs,
			  uint32_t loss_ppm, uint64_t max_lag_ns,
			  bool interrupted, const char **why);

const char *verdict_name(enum verdict v);

#endif /* DUTPERF_VERDICT_H */

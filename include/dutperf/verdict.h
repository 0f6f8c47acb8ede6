/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * verdict: pass / fail / invalid / interrupted for one trial.
 *
 * Rules, in this order; the first that matches decides (each rule is
 * checked over all directions, in array order, before the next rule):
 *   interrupted            -> INTERRUPTED  "interrupted"
 *   nb_dirs == 0           -> INVALID      "no direction"
 *   planned > 0, sent == 0 -> INVALID      "nothing sent"
 *   unsent > 0             -> INVALID      "frames not sent"
 *   sent != planned        -> INVALID      "sent differs from planned"
 *   max_lag_ns > limit     -> INVALID      "sender behind schedule"
 *   received > sent        -> INVALID      "received more than sent"
 *   lost * 1e6 > loss_ppm * sent (exact, 128-bit), with
 *     lost = max(lost, sent - received)
 *                          -> FAIL         "frames lost"
 *   late > 0               -> FAIL         "late frames"
 *   duplicates > 0         -> FAIL         "duplicate frames"
 *   otherwise              -> PASS         "pass"
 * Reordering and foreign frames never fail a trial (RFC 2544 counts frames,
 * and foreign frames are not test frames, RFC 2544 section 10); reordering
 * is named in the detailed message of a passing trial.
 * max_lag_ns limit: 0 tolerates no lag at all, UINT64_MAX disables the
 * check.  See docs/accounting.md.
 */
#ifndef DUTPERF_VERDICT_H
#define DUTPERF_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
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
	const char *name;	/* for messages, e.g. "forward"; NULL: "dir N" */
};

/*
 * Coarse form: *why (when why != NULL) points to a static string naming
 * the deciding rule (the quoted strings above).
 */
enum verdict verdict_eval(const struct verdict_dir *dirs, unsigned nb_dirs,
			  uint32_t loss_ppm, uint64_t max_lag_ns,
			  bool interrupted, const char **why);

/*
 * Same verdict; writes a detailed reason into why (truncated to why_len,
 * always NUL-terminated; why may be NULL or why_len 0), e.g.
 * "forward: sender 1234.000 us behind schedule (limit 1000.000 us)" or
 * "reverse: 12 of 1000 frames lost (12000.000 ppm, limit 0 ppm)".
 */
enum verdict verdict_eval_msg(const struct verdict_dir *dirs, unsigned nb_dirs,
			      uint32_t loss_ppm, uint64_t max_lag_ns,
			      bool interrupted, char *why, size_t why_len);

/* "pass", "fail", "invalid", "interrupted"; "unknown" otherwise. */
const char *verdict_name(enum verdict v);

/* A trial that passed or failed measured the DUT; an invalid one measured
 * the tester, an interrupted one nothing. */
bool verdict_measured(enum verdict v);

#endif /* DUTPERF_VERDICT_H */

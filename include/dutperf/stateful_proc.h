/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stateful_proc: the RFC 9693 procedures as proc_ops state machines
 * (proc.h), DPDK-free, unit-tested against simulated stateful DUTs
 * (tests/unit/test_stateful.c).  Each step is two trials: a
 * TRIAL_PHASE_PRELIMINARY trial (the Initiator's N frames at R, the
 * Responder records the tuples), then a TRIAL_PHASE_REAL trial.
 *
 * stateful throughput: the RFC 2544 binary search (search.h) on the rate
 *   of phase 2; every elementary trial is phase 1 then phase 2 unless
 *   repeat_preliminary is false (then phase 1 only before the first).
 *   A phase 1 that is invalid or leaves the state table short of M
 *   entries counts as an invalid trial of the rate (stateful_phases with
 *   to_inner, below).
 *
 * connection establishment rate: binary search on R; a step passes when
 *   all N preliminary frames arrive (no loss) and, with validation, the
 *   Responder then answers each of the M table entries once (increasing)
 *   and every answer arrives at the Initiator: connections that the DUT
 *   forwarded but did not keep fail the step.
 *
 * connection tear-down rate: phase 1 loads the DUT's table with N
 *   connections (every frame must arrive); then the command that deletes
 *   them, timed by the driver as command steps: once with the table loaded
 *   (TD), then STATEFUL_TEARDOWN_T0_RUNS times on the empty table (T0: the
 *   median is the command's own cost, max - min its jitter).
 *
 * connection tracking table capacity (the shape of siitperf's cttc.sh,
 *   by RFC 9693's authors): for a size C (N = M = C) the connection rate
 *   search gives r(C), each of its steps at r passing when all N
 *   preliminary frames arrive and (validate) the Responder's check at
 *   alpha x r arrives whole.  C0 first: RS = r(C0).  Then C doubles, each
 *   search over [lo, RS]: a size with r(C) >= beta x RS is good and RS
 *   becomes r(C); the first that is not ends the doubling.  Then binary
 *   search between the last good and the first bad C, good meaning
 *   r(C) >= gamma x RS (RS again updated by each good size), until they
 *   are within E.  The capacity is the largest good C (within E below the
 *   first bad one) and RS, the rate at it.
 */
#ifndef DUTPERF_STATEFUL_PROC_H
#define DUTPERF_STATEFUL_PROC_H

#include <stdbool.h>
#include <stdint.h>

#include "cfg.h"
#include "proc.h"
#include "search.h"

/*
 * D, from the start of phase 1 (prelim) to the start of the phase 2 after
 * it: delay_ms ([stateful] delay_ms) when set, else (0) N / R + 2T of
 * that phase 1, as siitperf's scripts compute it (D = 1000 N / r + 2 T):
 * its sending time (trial_spec_send_ms, N / R rounded up) plus twice its
 * timeout T, once for the receiver's wait after the last frame and once
 * more as a margin (docs/stateful.md).  Saturates at UINT32_MAX.
 */
uint32_t stateful_delay_ms(const struct trial_spec *prelim, uint32_t delay_ms);

/*
 * The trials of [stateful] the stateful modes start from: prelim, phase 1
 * (the Initiator's direction only, N = frames at R = rate_fps, table M,
 * timeout T); real, phase 2 (the configured directions at rate 0 for the
 * procedure to set, D = delay_ms, responder_tuple); check, real with the
 * Responder's direction only and timeout T (connrate's, cttc's check).
 */
struct stateful_specs {
	struct trial_spec prelim, real, check;
};

void stateful_specs(const struct cfg *c, struct stateful_specs *s);

/* ------------------------------------- the phases around any procedure */

/*
 * RFC 9693's real test phase for the stateless measurements (frame loss
 * rate, latency, PDV, a single trial): the mode's own procedure (inner)
 * runs unchanged, and every trial it asks for becomes phase 1 (prelim, as
 * given) then the inner trial as phase 2: TRIAL_PHASE_REAL, with real's
 * delay_ms (D; 0: stateful_delay_ms of prelim) and responder_tuple.  Phase 1 comes before every phase 2,
 * or only before the first when repeat is false.  Phase 1 that is
 * invalid or left the Responder's state table short of its M entries
 * (the DUT does not hold the connections phase 2 is meant to find; as
 * siitperf, "failed to fill the state table") is run again, at most
 * max_retries times in a row; then the run ends without the inner
 * trial (failed): the inner procedure never sees phase 1, and a trial it
 * asked for is either run as phase 2 or not at all.  With to_inner
 * (stateful throughput) such a phase 1 is instead the inner trial's
 * result, invalid, for the inner procedure to retry or give up (a search
 * retries the rate, max_retries times): phase 1 comes again before
 * whatever it asks for next.
 */
struct stateful_phases {
	struct proc inner;
	struct trial_spec prelim;
	struct trial_spec real;		/* delay_ms, responder_tuple */
	struct trial_spec held;		/* the inner's next trial */
	bool have_held;
	bool repeat;
	bool need_prelim;
	bool to_inner;			/* failed phase 1: the inner's invalid */
	bool failed;			/* phase 1 failed max_retries + 1 times */
	bool gone;			/* the inner ended: the DUT went away */
	uint32_t max_retries, retries;
	uint32_t prelim_trials;
};

extern const struct proc_ops stateful_phases_ops;

/* The phases of p when p is the wrapper (stateful_phases_ops or
 * stateful_tp_ops), else NULL. */
struct stateful_phases *stateful_phases_of(const struct proc *p);
/* The DUT went away during a phase-2 trial (dutwatch.h): whatever state
 * it held is not to be trusted: phase 1 again, then the same phase 2. */
void stateful_phases_again(struct stateful_phases *p);

/* 0, or -EINVAL when prelim / real have the wrong phases or inner has no
 * procedure. */
int stateful_phases_start(struct stateful_phases *p, struct proc inner,
			  const struct trial_spec *prelim,
			  const struct trial_spec *real, bool repeat,
			  uint32_t max_retries, bool to_inner);

/* ---------------------------------------------------- stateful throughput */

/* The phases around the binary search of phase 2's rate, with to_inner:
 * a phase 1 that failed is an invalid trial of the rate. */
struct stateful_tp {
	struct stateful_phases ph;	/* first: the state of stateful_tp_ops */
	struct search_proc sp;		/* sp.s: the search */
};

extern const struct proc_ops stateful_tp_ops;

/* 0, or -EINVAL as search_init or when prelim / real have the wrong
 * phases. */
int stateful_tp_start(struct stateful_tp *p, const struct search_params *sp,
		      const struct trial_spec *prelim,
		      const struct trial_spec *real, bool repeat);

/* ------------------------------------------------ connection rate search */

struct stateful_cr {
	struct search s;		/* on R */
	struct trial_spec prelim;	/* frames N, table_size M */
	struct trial_spec check;	/* Responder's validation: M frames */
	bool validate;
	uint64_t check_rate_fps;	/* 0: the step's R */
	bool in_check;			/* next trial is the validation */
	uint32_t steps;			/* rates decided (siitperf's
					 * "Iterations needed") */
	uint32_t check_pct;		/* with check_rate_fps 0: the check at
					 * this % of R (start: 100) */
};

extern const struct proc_ops stateful_cr_ops;

/*
 * prelim: a TRIAL_PHASE_PRELIMINARY spec (frames = N, table_size = M,
 * only the Initiator's direction active); check: a TRIAL_PHASE_REAL spec
 * with only the Responder's direction active (its frames are set to the
 * table size; its delay_ms D, 0: stateful_delay_ms of each step's phase 1,
 * N at the step's rate).  0 or -EINVAL.
 */
int stateful_cr_start(struct stateful_cr *p, const struct search_params *sp,
		      const struct trial_spec *prelim,
		      const struct trial_spec *check, bool validate,
		      uint64_t check_rate_fps);

/* ----------------------------------------------- table capacity (cttc) */

struct stateful_cttc_params {
	uint64_t c0;			/* first size tried (>= 1) */
	uint64_t c_max;			/* largest size the tester can enumerate */
	uint64_t error;			/* E: done when hi - lo <= E (>= 1) */
	uint32_t alpha_pct, beta_pct, gamma_pct;	/* 1..100 */
	struct search_params rate;	/* each r(C) search */
	bool validate;			/* the r(C) searches' validation */
};

enum stateful_cttc_stage {
	CTTC_START = 0,		/* measuring r0 = r(C0), the first RS */
	CTTC_EXP,		/* doubling */
	CTTC_BIN,		/* binary search */
	CTTC_DONE,
};

struct stateful_cttc {
	struct stateful_cttc_params p;
	struct trial_spec prelim, check;	/* templates */
	enum stateful_cttc_stage stage;
	uint64_t c;			/* size being measured */
	uint64_t lo, hi;		/* largest good, smallest bad (0: none) */
	uint64_t r0, r_c, r_lo;		/* rates: r(C0), r(c), r(lo) = RS */
	struct stateful_cr cr;		/* r(c) search */
	bool interrupted;
	uint32_t steps;			/* sizes decided */
	uint32_t trials;
};

extern const struct proc_ops stateful_cttc_ops;

/* 0 or -EINVAL (c0 above c_max, a factor outside 1..100, error 0). */
int stateful_cttc_start(struct stateful_cttc *p,
			const struct stateful_cttc_params *params,
			const struct trial_spec *prelim,
			const struct trial_spec *check);

/* The capacity found (0: not even C0 was good) and the rate at it. */
uint64_t stateful_cttc_capacity(const struct stateful_cttc *p);
uint64_t stateful_cttc_rate_fps(const struct stateful_cttc *p);
/* result.h's rule: MEASURED (inside); LOWER_BOUND when c_max itself was
 * good (the range's top passed); NONE when C0 was not good (below the
 * range) or the search was interrupted (incomplete). */
enum result_case stateful_cttc_case(const struct stateful_cttc *p);
enum report_result stateful_cttc_kind(const struct stateful_cttc *p);

/* --------------------------------------------------- tear-down rate */

#define STATEFUL_TEARDOWN_T0_RUNS 3

struct stateful_teardown {
	struct trial_spec prelim;	/* phase 1 */
	struct trial_spec command;	/* the timed command's step */
	uint32_t steps;			/* done: 0, phase 1, TD, the T0s */
	bool loaded;			/* phase 1 passed */
	bool done;
	uint64_t td_ns;
	uint64_t t0_ns[STATEFUL_TEARDOWN_T0_RUNS];	/* ascending */
};

extern const struct proc_ops stateful_teardown_ops;

/* prelim: phase 1 (its loss tolerance is set to 0: every connection must
 * be made); [section] key = cmd: the command that empties the DUT's
 * table.  0, or -EINVAL when prelim is no phase 1 or cmd is empty. */
int stateful_teardown_start(struct stateful_teardown *p,
			    const struct trial_spec *prelim, const char *section,
			    const char *key, const char *cmd);

/* After the run: false when phase 1 did not load the table (or the run
 * stopped before the last timing); else TD, T0 (the median of the empty
 * table's timings) and their spread (max - min). */
bool stateful_teardown_timed(const struct stateful_teardown *p,
			     uint64_t *td_ns, uint64_t *t0_ns,
			     uint64_t *spread_ns);

#endif /* DUTPERF_STATEFUL_PROC_H */

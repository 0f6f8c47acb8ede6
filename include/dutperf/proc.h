/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * proc: a measurement procedure as a state machine, the shape every
 * search, sweep and measurement of dutperf has:
 *
 *	start(state, params)         one run (a search, a sweep, ...)
 *	while (next(state, &spec))   the next step, or false: run complete
 *		record(state, &spec, &result of trial_run(spec))
 *	result(state)                what the run found
 *
 * A step is a trial, or a command the driver runs and times
 * (spec.step == TRIAL_STEP_COMMAND, trial_spec.h: RFC 9693's timed
 * tear-down); record() gets its wall time in report_trial.command_ns.
 *
 * A procedure never touches DPDK, files or clocks: the DPDK layer's one
 * driver loop (src/dpdk/driver/driver.c) runs any procedure (settling between
 * trials, Ctrl-C, progress with ETA, trials.csv), and unit tests run the
 * same procedures against simulated DUTs (tests/unit/test_proc.c).
 * Deterministic: the same trial results give the same next trial.
 */
#ifndef DUTPERF_PROC_H
#define DUTPERF_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"
#include "trial_spec.h"

struct proc_ops {
	const char *name;		/* "binary search", "loss sweep", ... */
	/* The next step into *spec; false when the run is complete. */
	bool (*next)(void *state, struct trial_spec *spec);
	/* The result of the step next() asked for last. */
	void (*record)(void *state, const struct trial_spec *spec,
		       const struct report_trial *r);
	/* Steps still needed at most (for an ETA); 0 when complete. */
	uint32_t (*remaining)(const void *state);
	/* Where the run stands, for the progress line ("[lo, hi] best x"). */
	void (*describe)(const void *state, char *buf, size_t len);
	/* The DUT went away (dutwatch.h): end the run complete, with no
	 * figure (result.h RESULT_DUT_GONE); false when it cannot.  NULL or
	 * false: the driver ends the run as incomplete and records that
	 * reason itself. */
	bool (*dut_gone)(void *state);
};

/* A procedure and its state, as a mode hands it to the driver. */
struct proc {
	const struct proc_ops *ops;
	void *state;
};

static inline bool
proc_next(const struct proc *p, struct trial_spec *spec)
{
	return p->ops->next(p->state, spec);
}

static inline void
proc_record(const struct proc *p, const struct trial_spec *spec,
	    const struct report_trial *r)
{
	p->ops->record(p->state, spec, r);
}

static inline uint32_t
proc_remaining(const struct proc *p)
{
	return p->ops->remaining(p->state);
}

void proc_describe(const struct proc *p, char *buf, size_t len);

/* The procedure's dut_gone: true when it has one (it ended the run). */
static inline bool
proc_dut_gone(const struct proc *p)
{
	return p->ops->dut_gone != NULL && p->ops->dut_gone(p->state);
}

/*
 * The single measurement (trial, latency, pdv): one trial of spec, then
 * complete.  record keeps the result.
 */
struct proc_single {
	struct trial_spec spec;
	bool done;
	enum verdict verdict;
};

extern const struct proc_ops proc_single_ops;

void proc_single_start(struct proc_single *s, const struct trial_spec *spec);

/*
 * The loss ratio of a trial over its active directions (RFC 9971 trial
 * loss ratio): frames sent and not received over frames sent; 0 when
 * nothing was sent.
 */
double proc_loss_ratio(const struct report_trial *r);

#endif /* DUTPERF_PROC_H */

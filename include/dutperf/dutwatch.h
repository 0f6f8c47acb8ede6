/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutwatch: is the DUT still there?  A procedure of several trials (a
 * search, a sweep) facing a DUT that stopped forwarding entirely must not
 * turn the dead link into figures (a throughput of 0 "measured").  After
 * each trial the driver asks dutwatch_trial what to do with it:
 *
 *   a trial that is not dead (some frame arrived)     RECORD
 *   dead: every active direction lost every frame it sent (nothing
 *   received, late or duplicated) or sent none, with
 *     the links up, no [search] dut_wait_s            RECORD (a DUT
 *         dropping everything at this rate: a failure like any other)
 *     the links up, a sender behind schedule beyond max_lag_ns
 *         (it aborted the trial: the tester, not the DUT) RECORD
 *     the links up, dut_wait_s set                    PROBE
 *     a link down (or the DUT already away):
 *       no dut_wait_s: the trial again, unrecorded,
 *       max_retries times                             REPEAT, then GONE
 *       dut_wait_s set                                WAIT
 *
 * PROBE and WAIT: the driver runs a probe trial (short, at a low rate)
 * once the links are up, and hands its result to dutwatch_probe (NULL
 * while a link is down):
 *
 *   the probe passed, the DUT was never away         RECORD (it forwards:
 *                                                    the trial's loss is real)
 *   the probe passed after an outage                 REPEAT (the trial
 *                                                    again, unrecorded)
 *   no pass, dut_wait_s not over since the dead trial WAIT
 *   no pass for dut_wait_s                           GONE
 *
 * GONE ends the run without a figure: result.h RESULT_DUT_GONE, "the DUT
 * went away" (result_kind none).  Times are the caller's (ms, monotonic).
 * DPDK-free; tests/unit/test_dutwatch.c runs the binary search through it
 * against simulated DUTs that go away.
 */
#ifndef DUTPERF_DUTWATCH_H
#define DUTPERF_DUTWATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "report.h"

#define DUTWATCH_PROBE_FPS 1000		/* at most; never above the trial's */
#define DUTWATCH_PROBE_MS 1000
#define DUTWATCH_POLL_MS 500		/* between looks at a link down */

enum dutwatch_step {
	DUTWATCH_RECORD,	/* the trial stands: record it */
	DUTWATCH_PROBE,		/* run a probe trial, then dutwatch_probe */
	DUTWATCH_WAIT,		/* the DUT is away: wait, probe again */
	DUTWATCH_REPEAT,	/* run the same trial again, unrecorded */
	DUTWATCH_GONE,		/* end the run: the DUT went away */
};

struct dutwatch_params {
	uint32_t wait_ms;	/* [search] dut_wait_s; 0: max_retries repeats */
	uint32_t max_retries;	/* [search] max_retries */
	uint64_t max_lag_ns;	/* [traffic] max_lag_us: a sender further
				 * behind aborted the trial itself */
};

struct dutwatch {
	struct dutwatch_params p;
	bool away;		/* an outage is going on */
	uint64_t dead_ms;	/* when the first dead trial of it ended */
	uint32_t repeats;	/* dead trials repeated in this outage */
	/* for messages and tests */
	uint32_t outages;	/* outages the DUT came back from */
	uint32_t dead_trials;	/* dead trials seen, all outages */
	uint32_t probes;	/* probe trials run */
	bool link_down;		/* the last look saw a link down */
};

void dutwatch_init(struct dutwatch *w, const struct dutwatch_params *p);

/* Every active direction lost every frame: nothing received, late or
 * duplicated, and something planned; never an interrupted trial. */
bool dutwatch_dead(const struct report_trial *r);

/* After a trial of the procedure: links_up says whether every port's
 * link is up now. */
enum dutwatch_step dutwatch_trial(struct dutwatch *w,
				  const struct report_trial *r, bool links_up,
				  uint64_t now_ms);

/* After PROBE or WAIT: probe is the probe trial's result, NULL when a
 * link was down (no probe run). */
enum dutwatch_step dutwatch_probe(struct dutwatch *w,
				  const struct report_trial *probe,
				  uint64_t now_ms);

/* How long the DUT has been away (0 when it is not). */
uint64_t dutwatch_away_ms(const struct dutwatch *w, uint64_t now_ms);

#endif /* DUTPERF_DUTWATCH_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What test_stateful and test_stateful_proc share: a default
 * configuration, and a simulated stateful DUT (a NAT whose connection
 * rate and table size are set beforehand) that runs a procedure the way
 * the driver does.  Include after <cmocka.h>.
 */
#ifndef DUTPERF_STATEFUL_SIM_H
#define DUTPERF_STATEFUL_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "dutperf/proc.h"
#include "dutperf/report.h"
#include "dutperf/trial_spec.h"
#include "dutperf/verdict.h"

/* A configuration of the defaults (static storage, reset by each call). */
static inline struct cfg *
stateful_cfg(void)
{
	static struct cfg c;

	cfg_defaults(&c);
	return &c;
}

/*
 * A NAT with a connection table of table_max entries and a connection
 * establishment rate of conn_fps: a preliminary trial at R creates
 * min(N, table_max) connections at R <= conn_fps, N conn_fps / R of them
 * above (the others are dropped; so are their frames).  Connections made
 * above keep_fps are forwarded but not kept (the Responder's answers to
 * them are lost).  slow_above / slow_fps: with more than slow_above
 * connections the rate is slow_fps (a DUT slowing down as its table
 * grows).  Phase 2 forwards up to fwd_fps per direction; expire: the
 * table empties after every phase 2.  combos: phase-2 frames of the
 * Initiator are spread evenly over that many combinations and only those
 * of connections the DUT holds pass (0: all pass).  dead_prelims: the
 * first that many preliminary trials create nothing.  inverse_above:
 * with more than that many connections the rate is conn_fps x
 * inverse_above / N (a DUT whose rate falls as its table grows).
 */
struct sim_nat {
	uint64_t table_max, conn_fps, keep_fps;
	uint64_t slow_above, slow_fps, inverse_above;
	uint64_t fwd_fps;
	bool expire;
	uint32_t dead_prelims;
	uint64_t combos;
	uint64_t conns;			/* connections the DUT holds */
	uint64_t recorded;		/* entries of the Responder's table */
	uint32_t trials, prelims, reals, bad_specs;
};

static inline void
sim_nat_trial(struct sim_nat *dut, const struct trial_spec *spec,
	      struct report_trial *r)
{
	struct verdict_dir dirs[CFG_NB_DIRS];
	uint64_t rate = trial_spec_rate_fps(spec), conn = dut->conn_fps;
	uint64_t n, made;
	unsigned nb = 0;
	int d;

	memset(r, 0, sizeof(*r));
	r->rate_fps = rate;
	dut->trials++;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct verdict_dir *v = &r->dir[d].v;

		if (!spec->active[d])
			continue;
		r->dir[d].active = true;
		v->planned = v->sent = n = trial_spec_frames(spec, d);
		if (spec->phase == TRIAL_PHASE_PRELIMINARY) {
			/* the Initiator (forward) only */
			if (d != CFG_FWD || spec->frames == 0 ||
			    spec->table_size == 0)
				dut->bad_specs++;
			if (dut->slow_above && n > dut->slow_above)
				conn = dut->slow_fps;
			if (dut->inverse_above && n > dut->inverse_above)
				conn = dut->conn_fps * dut->inverse_above / n;
			made = rate <= conn ? n : n * conn / rate;
			made = made < dut->table_max ? made : dut->table_max;
			if (dut->prelims < dut->dead_prelims)
				made = 0;
			dut->conns = rate <= dut->keep_fps ? made : 0;
			dut->recorded = made < spec->table_size ? made :
					spec->table_size;
			v->received = made;
			r->recorded = (uint32_t)dut->recorded;
		} else if (d == CFG_REV) {
			/* the Responder answers recorded tuples: those the DUT
			 * still holds arrive, within the forwarding rate */
			uint64_t cap = spec->frames ? n :
				       dut->fwd_fps * spec->duration_ms / 1000;

			if (dut->recorded == 0)
				dut->bad_specs++;	/* nothing to answer */
			v->received = dut->conns == 0 ? 0 : n < cap ? n : cap;
		} else {
			uint64_t cap = dut->fwd_fps * spec->duration_ms / 1000;

			v->received = n < cap ? n : cap;
			if (dut->combos)
				v->received = v->received * dut->conns /
					      dut->combos;
		}
		v->lost = v->sent - v->received;
		dirs[nb++] = *v;
	}
	if (spec->phase == TRIAL_PHASE_PRELIMINARY)
		dut->prelims++;
	else {
		dut->reals++;
		if (dut->expire)
			dut->conns = 0;
	}
	r->verdict = verdict_eval(dirs, nb, spec->loss_ppm, 0, false, NULL);
}

static inline uint32_t
run_nat(const struct proc *p, struct sim_nat *dut)
{
	struct trial_spec spec;
	struct report_trial r;
	uint32_t n = 0;

	while (proc_next(p, &spec)) {
		assert_true(proc_remaining(p) >= 1);
		sim_nat_trial(dut, &spec, &r);
		proc_record(p, &spec, &r);
		assert_true(++n < 5000);
	}
	assert_int_equal(proc_remaining(p), 0);
	assert_int_equal(dut->bad_specs, 0);
	return n;
}

static inline void
specs(struct trial_spec *prelim, struct trial_spec *real,
      struct trial_spec *check, uint64_t n)
{
	memset(prelim, 0, sizeof(*prelim));
	prelim->active[CFG_FWD] = true;
	prelim->phase = TRIAL_PHASE_PRELIMINARY;
	prelim->frames = n;
	prelim->table_size = (uint32_t)n;
	prelim->timeout_ms = 500;
	memset(real, 0, sizeof(*real));
	real->active[CFG_FWD] = real->active[CFG_REV] = true;
	real->phase = TRIAL_PHASE_REAL;
	real->duration_ms = 1000;
	real->delay_ms = 2000;
	real->responder_tuple = CFG_VAR_RANDOM;
	*check = *real;
	check->active[CFG_FWD] = false;
}

#endif /* DUTPERF_STATEFUL_SIM_H */

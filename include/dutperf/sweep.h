/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sweep: RFC 2544 26.3 frame loss rate as a procedure (proc.h).  The
 * offered rates are either explicit ([loss] rates, every one offered) or
 * stepped: 100 % of the maximum, then down in steps of step_pct % of it
 * (RFC 2544: at most 10 %) while the rate stays at or above the floor,
 * until two successive trials lose no frame (an invalid trial is not
 * "lossless" and restarts the count).  An interrupted trial ends the run.
 */
#ifndef DUTPERF_SWEEP_H
#define DUTPERF_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "proc.h"

#define SWEEP_MAX_RATES 1024

struct sweep {
	struct trial_spec base;		/* every trial but its rate */
	const uint64_t *rates;		/* offered rates, in order */
	uint32_t nb_rates;
	bool stepped;			/* stop after two lossless trials */
	uint32_t step;			/* trials recorded, 0.. */
	uint32_t clean;			/* successive lossless trials */
	uint32_t invalid;		/* steps whose trial was invalid */
	bool done, interrupted;
};

extern const struct proc_ops sweep_ops;

/*
 * The rates of the configuration into out[0..max-1]: [loss] rates, or the
 * stepped series from max_fps (trial_spec_max_rate_fps) down to
 * [search] rate_min_fps (1 when 0), with cfg.loss_extra_fps (a campaign's
 * throughput) added in its place when inside and not a step already (the
 * sweep still stops at two lossless trials: RFC 2544 26.3).  Returns how
 * many (>= 1), or -EINVAL
 * with err naming the key (bad [loss] rates, no rate to offer).
 * *stepped tells which kind.
 */
int sweep_rates(const struct cfg *c, uint64_t *out, uint32_t max,
		bool *stepped, char *err, size_t err_len);

/*
 * What a sweep gave: MEASURED when every step's trial was valid, NONE
 * when any was invalid (that step has no loss figure; the others keep
 * theirs in flr.csv, each with its own verdict).
 */
enum report_result sweep_kind(const struct sweep *s);

/* One sweep over rates[0..nb-1] (kept by reference), trials from base. */
void sweep_start(struct sweep *s, const struct trial_spec *base,
		 const uint64_t *rates, uint32_t nb, bool stepped);

#endif /* DUTPERF_SWEEP_H */

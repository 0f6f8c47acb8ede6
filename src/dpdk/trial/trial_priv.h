/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * trial_priv: what the trial's files (trial_ctx.c set-up, trial.c run,
 * trial_collect.c collect) share and nobody else uses.
 */
#ifndef DUTPERF_TRIAL_PRIV_H
#define DUTPERF_TRIAL_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "trial.h"

/*
 * After the lcores of a trial of spec are done (interrupted: engine_stop
 * was set): out's directions, verdict, reason (in why), the features'
 * fields and the loss ratio.
 */
void trial_collect(struct trial_ctx *t, const struct trial_spec *spec,
		   bool interrupted, struct report_trial *out, char *why,
		   size_t why_len);

#endif /* DUTPERF_TRIAL_PRIV_H */

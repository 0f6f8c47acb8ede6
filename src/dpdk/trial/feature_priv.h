/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * feature_priv: what feature.c's facade calls in the features of their own
 * files (feature_stateful.c); nobody else includes this.  Each returns at
 * once when its feature is not attached or the spec does not ask for it.
 */
#ifndef DUTPERF_FEATURE_PRIV_H
#define DUTPERF_FEATURE_PRIV_H

#include "trial.h"

/* RFC 9693 phases (feature_stateful.c): a run begins ([stateful]
 * hook_search), the trial's engine of direction d, right before the
 * lcores start (hook_trial before phase 1; phase 2 waits until D after
 * phase 1's start), after the trial (the entries phase 1 recorded). */
int feature_stateful_start_run(struct trial_ctx *t, char *err,
			       size_t err_len);
int feature_stateful_prepare(struct trial_ctx *t, const struct trial_spec *spec,
			     enum cfg_dir_id d, char *err, size_t err_len);
int feature_stateful_begin(struct trial_ctx *t, const struct trial_spec *spec,
			   char *err, size_t err_len);
void feature_stateful_collect(const struct trial_ctx *t,
			      const struct trial_spec *spec,
			      struct report_trial *out);
void feature_stateful_detach(struct trial_ctx *t);

#endif /* DUTPERF_FEATURE_PRIV_H */

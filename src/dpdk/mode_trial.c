/* SPDX-License-Identifier: BSD-3-Clause */
/* Mode trial: one elementary trial, a summary, one row in trials.csv. */
#include <stdio.h>
#include <time.h>

#include "dpdk.h"
#include "dutperf/csv.h"

int
mode_trial(struct mode_env *env, char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct report_trial r;
	struct csv_file trials;
	char why[256];
	int rc;

	rc = runinfo_open_csv(c, "trials.csv", report_trial_header(), &trials,
			      err, err_len);
	if (rc != 0)
		return rc;
	rc = mode_run_trial(env, &trials, c->rate_fps, 0, 0, &r, why,
			    sizeof(why), err, err_len);
	if (rc == 0)
		trial_print(stdout, &r);
	csv_close(&trials);
	if (rc >= 0)
		rc = runinfo_append(env, time(NULL), verdict_name(r.verdict),
				    err, err_len);
	return rc < 0 ? rc : 0;
}

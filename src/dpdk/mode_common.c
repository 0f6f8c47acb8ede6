/* SPDX-License-Identifier: BSD-3-Clause */
/* What the measuring modes share: one trial with its trials.csv row, and
 * the RFC 8219 summary of repeated measurements. */
#include <stdio.h>
#include <stdlib.h>

#include "dpdk.h"
#include "dutperf/csv.h"
#include "dutperf/stats.h"

int
mode_run_trial(const struct mode_env *env, struct csv_file *trials,
	       uint64_t rate_fps, uint32_t search_no, uint32_t iteration,
	       struct report_trial *r, char *why, size_t why_len, char *err,
	       size_t err_len)
{
	char row[1024];
	int rc;

	rc = trial_run(env->trial, rate_fps, r, why, why_len, err, err_len);
	if (rc != 0)
		return rc;
	r->search_no = search_no;
	r->iteration = iteration;
	rc = report_trial_row(r, row, sizeof(row));
	if (rc < 0) {
		snprintf(err, err_len, "trials.csv row too long");
		return rc;
	}
	return csv_append(trials, row, err, err_len);
}

void
mode_print_summary(FILE *f, const char *what, const double *v, uint32_t n,
		   const char *unit)
{
	struct stats_summary s;

	if (n < 2 || stats_summarize(v, n, &s) != 0)
		return;
	/* RFC 8219 7.2 / 12: median, 1st and 99th percentile (nearest rank) */
	fprintf(f, "%s over %u runs: median %.3f %s, 1st percentile %.3f, "
		"99th percentile %.3f, min %.3f, max %.3f\n", what, n, s.median,
		unit, stats_percentile(v, n, 1.0), stats_percentile(v, n, 99.0),
		s.min, s.max);
}

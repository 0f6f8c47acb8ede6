/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mode_common: what several modes do alike, on top of the driver (which
 * knows none of it): the stateful modes' setup and start, the message of
 * search bounds a procedure refused.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "dpdk.h"
#include "dutperf/search.h"

int
mode_search_bounds_error(const struct search_params *sp, int rc, char *err,
			 size_t err_len)
{
	snprintf(err, err_len, "search bounds: lower %" PRIu64 ", upper %"
		 PRIu64 ", initial %" PRIu64 ", error %" PRIu64 ": inconsistent",
		 sp->lo_fps, sp->hi_fps, sp->initial_fps, sp->error_fps);
	return rc;
}

int
stateful_mode_setup(struct mode_ctx *m, struct search_params *sp, bool flush,
		    char *err, size_t err_len)
{
	if (sp != NULL)
		trial_spec_search_params(m->cfg, sp);
	/* the connection rate and table capacity searches assume each trial
	 * finds the DUT's table empty (siitperf's cttc.sh flushes it around
	 * every trial) */
	if (flush && m->cfg->st.hook_trial[0] == '\0' && !m->cli->quiet)
		fprintf(stderr, "dutperf: %s: [stateful] hook_trial is empty: "
			"nothing empties the DUT's connection table between "
			"trials, so each trial may find the connections of the "
			"ones before (set it to a flush, e.g. \"ssh dut "
			"conntrack -F\")\n", m->ops->cli.name);
	return feature_attach_stateful(m->trial, err, err_len);
}

void
stateful_mode_start(const struct mode_ctx *m, struct stateful_specs *sp)
{
	stateful_specs(m->cfg, sp);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode stateful: RFC 9693 throughput through a stateful NATxy gateway.
 * The RFC 2544 binary search on the rate of phase 2 (stateful_proc.h);
 * every elementary trial is phase 1 (the Initiator's N frames at R, the
 * Responder records the tuples) then, D after its start, phase 2 (both
 * configured directions, the Responder's frames made from the table),
 * unless [stateful] repeat_preliminary = 0.  rate.csv: the throughput
 * mode's columns; trials.csv: both phases' rows.  [stateful] hook_search
 * runs before each search, hook_trial before each phase 1.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dpdk.h"
#include "dutperf/stateful_proc.h"

struct stfl {
	struct search_params params;
	struct stateful_tp tp;
};

static int
stfl_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	struct stfl *s = m->priv;

	return feature_attach_stateful(m->trial, &s->params, err, err_len);
}

static int
stfl_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct stfl *s = m->priv;
	struct trial_spec prelim, real, check;
	int rc;

	rc = feature_stateful_start(m->cfg, &prelim, &real, &check, err,
				    err_len);
	if (rc != 0)
		return rc;
	rc = stateful_tp_start(&s->tp, &s->params, &prelim, &real,
			       m->cfg->st.repeat_preliminary);
	if (rc != 0) {
		snprintf(err, err_len, "search bounds: lower %" PRIu64 ", upper %"
			 PRIu64 ", initial %" PRIu64 ": inconsistent",
			 s->params.lo_fps, s->params.hi_fps,
			 s->params.initial_fps);
		return rc;
	}
	m->proc = (struct proc){ &stateful_tp_ops, &s->tp };
	return 0;
}

static int
stfl_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct stfl *s = m->priv;
	const struct search *se = &s->tp.sp.s;
	struct report_search rs;
	char fig[32];
	int rc;

	if (!complete)
		return 0;
	rc = mode_search_row(m, se, s->params.initial_fps, &rs, err, err_len);
	if (rc != 0)
		return rc;
	snprintf(fig, sizeof(fig), "%" PRIu64 " fps", rs.rate_fps);
	result_format(search_case(se), fig, m->result, sizeof(m->result));
	printf("search %u: stateful throughput per direction %s (%s; %u "
	       "phase-2 and %u phase-1 trials)\n", m->no, m->result,
	       report_result_name(rs.result), se->iterations,
	       s->tp.ph.prelim_trials);
	return 0;
}

const struct mode_ops mode_stateful = {
	.cli = {
		.name = "stateful",
		.help = "RFC 9693 throughput through a stateful NAT: binary "
			"search, each trial phase 1 then phase 2",
		.stateful = CLI_STATEFUL_ALWAYS,
		.options = "--rate-min --rate-max --initial-rate --error "
			   "--max-retries --loss-ppm --repeat",
		.check = stateful_check,
	},
	.run_name = "search",
	.files = { { "rate.csv", &report_rate_table } },
	.priv_size = sizeof(struct stfl),
	.setup = stfl_setup,
	.start = stfl_start,
	.run_end = stfl_run_end,
};

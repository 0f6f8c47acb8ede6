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

#include "mode.h"
#include "dutperf/stateful_proc.h"

struct stateful_mode {
	struct search_params params;
	struct stateful_tp tp;
};

static int
stateful_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	struct stateful_mode *stateful = m->priv;

	return stateful_mode_setup(m, &stateful->params, false, err, err_len);
}

static int
stateful_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct stateful_mode *stateful = m->priv;
	struct stateful_specs sp;
	int rc;

	stateful_mode_start(m, &sp);
	rc = stateful_tp_start(&stateful->tp, &stateful->params, &sp.prelim,
			       &sp.real, m->cfg->st.repeat_preliminary);
	if (rc != 0)
		return mode_search_bounds_error(&stateful->params, rc, err,
						err_len);
	m->proc = (struct proc){ &stateful_tp_ops, &stateful->tp };
	return 0;
}

static int
stateful_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct stateful_mode *stateful = m->priv;
	const struct search *se = &stateful->tp.sp.s;
	struct report_search rs;
	char fig[32];
	int rc;

	if (!complete)
		return 0;
	rc = mode_search_row(m, se, stateful->params.initial_fps, &rs, err,
			     err_len);
	if (rc != 0)
		return rc;
	snprintf(fig, sizeof(fig), "%" PRIu64 " fps", rs.rate_fps);
	result_format(search_case(se), fig, m->result, sizeof(m->result));
	printf("search %u: stateful throughput per direction %s (%s; %u "
	       "phase-2 and %u phase-1 trials)\n", m->no, m->result,
	       report_result_name(rs.result), se->iterations,
	       stateful->tp.ph.prelim_trials);
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
	.priv_size = sizeof(struct stateful_mode),
	.setup = stateful_setup,
	.start = stateful_start,
	.run_end = stateful_run_end,
};

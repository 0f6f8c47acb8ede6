/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode connrate: RFC 9693 maximum connection establishment rate.  Binary
 * search on R ([search] bounds and error): each step is phase 1 (N frames
 * at R, each a new connection), passed when every frame arrives; with
 * [stateful] validate the Responder then answers each of the M recorded
 * tuples once and every answer must arrive (stateful_proc.h).
 * connrate.csv: siitperf's columns "No, Size, n, m, Initial R Rate, N, M,
 * T, D, Error, Date, Iterations needed, rate", then result_kind.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mode.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/stateful_report.h"

struct connrate_mode {
	struct search_params params;
	struct stateful_cr cr;
};

static int
connrate_check(const struct cfg *c, char *err, size_t err_len)
{
	int rc = stateful_check(c, err, err_len);
	enum cfg_dir_id r = stateful_init_dir(c) == CFG_FWD ? CFG_REV : CFG_FWD;
	char lead[CFG_PATH_LEN + 96];

	if (rc == 0 && c->st.validate && !cfg_dir_active(c, r))
		return cfg_errf(err, err_len, "%s: [stateful] validate = 1 needs "
				"the Responder's direction too",
				cfg_key_blame(c, "traffic", "direction", lead,
					      sizeof(lead)));
	return rc;
}

static int
connrate_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	struct connrate_mode *connrate = m->priv;

	return stateful_mode_setup(m, &connrate->params, true, err, err_len);
}

static int
connrate_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct connrate_mode *connrate = m->priv;
	struct stateful_specs sp;
	int rc;

	stateful_mode_start(m, &sp);
	rc = stateful_cr_start(&connrate->cr, &connrate->params, &sp.prelim,
			       &sp.check, m->cfg->st.validate,
			       m->cfg->st.validate_rate_fps);
	if (rc != 0)
		return mode_search_bounds_error(&connrate->params, rc, err,
						err_len);
	m->proc = (struct proc){ &stateful_cr_ops, &connrate->cr };
	return 0;
}

static int
connrate_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct connrate_mode *connrate = m->priv;
	const struct search *se = &connrate->cr.s;
	enum result_case why = search_case(se);
	enum report_result kind = result_case_kind(why);
	struct stateful_cr_row row = {
		.initial_fps = connrate->params.initial_fps, .frames = c->st.frames,
		.table_size = c->st.table_size, .timeout_ms = c->st.timeout_ms,
		.delay_ms = c->st.delay_ms, .error_fps = c->error_fps,
		.date = time(NULL), .steps = connrate->cr.steps,
		.rate_fps = search_result(se), .result = kind,
	};
	char fig[48];
	int rc;

	if (!complete)
		return 0;
	stateful_row_head(&row.head, m->no, c);
	rc = mode_result_row(m, &row, kind, result_case_reason(why),
				  (double)search_result(se), err, err_len);
	if (rc != 0)
		return rc;
	snprintf(fig, sizeof(fig), "%" PRIu64 " connections/s",
		 search_result(se));
	result_format(why, fig, m->result, sizeof(m->result));
	printf("search %u: maximum connection establishment rate %s (%s; N = %"
	       PRIu64 ", M = %u; %u steps)\n", m->no, m->result,
	       report_result_name(kind), c->st.frames, c->st.table_size,
	       connrate->cr.steps);
	return 0;
}

const struct mode_ops mode_connrate = {
	.cli = {
		.name = "connrate",
		.help = "RFC 9693 maximum connection establishment rate: binary "
			"search on the preliminary rate R",
		.stateful = CLI_STATEFUL_ALWAYS,
		.options = "--rate-min --rate-max --initial-rate --error "
			   "--max-retries --repeat",
		.check = connrate_check,
	},
	.run_name = "search",
	.files = { { "connrate.csv", &stateful_cr_table } },
	.priv_size = sizeof(struct connrate_mode),
	.setup = connrate_setup,
	.start = connrate_start,
	.run_end = connrate_run_end,
};

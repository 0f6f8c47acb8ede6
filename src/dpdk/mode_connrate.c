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

#include "dpdk.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/stateful_report.h"

struct connrate {
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
	struct connrate *s = m->priv;

	feature_stateful_warn_no_flush(m);
	return feature_attach_stateful(m->trial, &s->params, err, err_len);
}

static int
connrate_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct connrate *s = m->priv;
	struct trial_spec prelim, real, check;
	int rc;

	rc = feature_stateful_start(m->cfg, &prelim, &real, &check, err,
				    err_len);
	if (rc != 0)
		return rc;
	rc = stateful_cr_start(&s->cr, &s->params, &prelim, &check,
			       m->cfg->st.validate, m->cfg->st.validate_rate_fps);
	if (rc != 0) {
		snprintf(err, err_len, "search bounds: lower %" PRIu64 ", upper %"
			 PRIu64 ", initial %" PRIu64 ": inconsistent",
			 s->params.lo_fps, s->params.hi_fps,
			 s->params.initial_fps);
		return rc;
	}
	m->proc = (struct proc){ &stateful_cr_ops, &s->cr };
	return 0;
}

static int
connrate_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct connrate *s = m->priv;
	const struct search *se = &s->cr.s;
	enum result_case why = search_case(se);
	enum report_result kind = result_case_kind(why);
	struct stateful_cr_row row = {
		.initial_fps = s->params.initial_fps, .frames = c->st.frames,
		.table_size = c->st.table_size, .timeout_ms = c->st.timeout_ms,
		.delay_ms = c->st.delay_ms, .error_fps = c->error_fps,
		.date = time(NULL), .steps = s->cr.steps,
		.rate_fps = search_result(se), .result = kind,
	};
	char fig[48];
	int rc;

	if (!complete)
		return 0;
	stateful_row_head(&row.head, m->no, c);
	rc = feature_stateful_row(m, &row, kind, result_case_reason(why),
				  (double)search_result(se), err, err_len);
	if (rc != 0)
		return rc;
	snprintf(fig, sizeof(fig), "%" PRIu64 " connections/s",
		 search_result(se));
	result_format(why, fig, m->result, sizeof(m->result));
	printf("search %u: maximum connection establishment rate %s (%s; N = %"
	       PRIu64 ", M = %u; %u steps)\n", m->no, m->result,
	       report_result_name(kind), c->st.frames, c->st.table_size,
	       s->cr.steps);
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
	.priv_size = sizeof(struct connrate),
	.setup = connrate_setup,
	.start = connrate_start,
	.run_end = connrate_run_end,
};

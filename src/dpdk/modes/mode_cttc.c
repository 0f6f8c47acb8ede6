/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode cttc: RFC 9693 connection tracking table capacity
 * (stateful_proc.h, the shape of siitperf's cttc.sh): RS = r(C0) first,
 * then C doubles while the connection rate at C, searched within [lo, RS]
 * with each step validated at alpha x its rate, stays at or above beta x
 * RS (RS then becomes it), then binary search (gamma x RS) until the
 * bracket is within [stateful] cttc_error.  N = M = C for every step; [stateful] hook_search
 * (e.g. flush the DUT's table) runs once, hook_trial before each phase 1.
 * cttc.csv: No, Size, n, m, C0, E, alpha, beta, gamma, Date, Steps,
 * Trials, capacity, rate, result_kind.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mode.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/stateful_report.h"

struct cttc_mode {
	struct stateful_cttc_params params;
	struct stateful_cttc ct;
};

static int
cttc_check(const struct cfg *c, char *err, size_t err_len)
{
	enum cfg_dir_id r = stateful_init_dir(c) == CFG_FWD ? CFG_REV : CFG_FWD;
	char lead[CFG_PATH_LEN + 96];
	int rc = stateful_check(c, err, err_len);

	if (rc != 0)
		return rc;
	if (!cfg_dir_active(c, r))
		return cfg_errf(err, err_len, "%s: the table capacity search "
				"needs the Responder's direction too",
				cfg_key_blame(c, "traffic", "direction", lead,
					      sizeof(lead)));
	if (c->st.cttc_start > stateful_combinations(c))
		return cfg_errf(err, err_len, "%s: more than the %" PRIu64
				" port and address combinations",
				cfg_key_blame(c, "stateful", "cttc_start", lead,
					      sizeof(lead)),
				stateful_combinations(c));
	return 0;
}

static int
cttc_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct cttc_mode *cttc = m->priv;
	struct stateful_cttc_params *p = &cttc->params;
	uint64_t cmax = stateful_combinations(c);

	memset(p, 0, sizeof(*p));
	p->c0 = c->st.cttc_start;
	p->c_max = cmax < (1u << 26) ? cmax : (1u << 26);
	p->error = c->st.cttc_error;
	p->alpha_pct = c->st.cttc_alpha_pct;
	p->beta_pct = c->st.cttc_beta_pct;
	p->gamma_pct = c->st.cttc_gamma_pct;
	p->validate = c->st.validate;
	return stateful_mode_setup(m, &p->rate, true, err, err_len);
}

static int
cttc_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct cttc_mode *cttc = m->priv;
	const struct stateful_cttc_params *p = &cttc->params;
	struct stateful_specs sp;
	int rc;

	stateful_mode_start(m, &sp);
	rc = stateful_cttc_start(&cttc->ct, p, &sp.prelim, &sp.check);
	if (rc != 0) {
		snprintf(err, err_len, "[stateful] cttc_start = %" PRIu64
			 ", cttc_error = %" PRIu64 ": inconsistent (at most %"
			 PRIu64 " connections)", p->c0, p->error, p->c_max);
		return rc;
	}
	m->proc = (struct proc){ &stateful_cttc_ops, &cttc->ct };
	return 0;
}

static int
cttc_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct cttc_mode *cttc = m->priv;
	const struct stateful_cttc *ct = &cttc->ct;
	const struct stateful_cttc_params *p = &cttc->params;
	enum result_case why = stateful_cttc_case(ct);
	enum report_result kind = result_case_kind(why);
	struct stateful_cttc_row row = {
		.c0 = p->c0, .error = p->error, .alpha_pct = p->alpha_pct,
		.beta_pct = p->beta_pct, .gamma_pct = p->gamma_pct,
		.date = time(NULL), .steps = ct->steps, .trials = ct->trials,
		.capacity = stateful_cttc_capacity(ct),
		.rate_fps = stateful_cttc_rate_fps(ct), .result = kind,
	};
	char fig[48];
	int rc;

	if (!complete)
		return 0;
	stateful_row_head(&row.head, m->no, c);
	rc = mode_result_row(m, &row, kind, result_case_reason(why),
				  (double)row.capacity, err, err_len);
	if (rc != 0)
		return rc;
	snprintf(fig, sizeof(fig), "%" PRIu64 " connections",
		 stateful_cttc_capacity(ct));
	result_format(why, fig, m->result, sizeof(m->result));
	printf("run %u: connection tracking table capacity %s (%s; bracket [%"
	       PRIu64 ", %" PRIu64 "], rate there %" PRIu64 " connections/s, "
	       "r(C0) %" PRIu64 "; %u sizes, %u trials)\n", m->no, m->result,
	       report_result_name(kind), ct->lo, ct->hi,
	       stateful_cttc_rate_fps(ct), ct->r0, ct->steps, ct->trials);
	return 0;
}

const struct mode_ops mode_cttc = {
	.cli = {
		.name = "cttc",
		.help = "RFC 9693 connection tracking table capacity: "
			"exponential then binary search on the table size",
		.stateful = CLI_STATEFUL_ALWAYS,
		.options = "--rate-min --rate-max --initial-rate --error "
			   "--max-retries --repeat",
		.check = cttc_check,
	},
	.run_name = "run",
	.files = { { "cttc.csv", &stateful_cttc_table } },
	.priv_size = sizeof(struct cttc_mode),
	.setup = cttc_setup,
	.start = cttc_start,
	.run_end = cttc_run_end,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode loss (RFC 2544 26.3): frame loss rate over a series of offered
 * rates (core sweep.h: from 100 % of the maximum down in steps of
 * step_pct % until two successive trials lose nothing, or the explicit
 * [loss] rates).  One flr.csv row per rate and direction; a table of
 * offered load against received frames after each sweep.  An invalid
 * step has no loss figure (empty cells, "invalid" in the table) and makes
 * the sweep's result none (exit status 3).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mode.h"
#include "dutperf/sweep.h"

struct loss_step {
	uint64_t offered_fps;
	struct report_dir dir[CFG_NB_DIRS];
	enum verdict verdict;
};

struct loss {
	uint64_t rates[SWEEP_MAX_RATES];
	uint32_t nb_rates;
	bool stepped;
	struct sweep sweep;
	struct loss_step steps[SWEEP_MAX_RATES];
	uint32_t done;			/* steps of the current sweep */
};

static double
loss_pct(const struct verdict_dir *v)
{
	return v->sent ? (double)v->lost * 100.0 / (double)v->sent : 0.0;
}

/* The table of a sweep: an invalid step shows no loss figure, never 0 %. */
static void
loss_table(const struct cfg *c, const struct loss_step *s, uint32_t n)
{
	uint32_t i;
	int d;

	printf("\n%12s", "offered fps");
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (cfg_dir_active(c, d))
			printf("  %s received  %s loss %%", d ? "rev" : "fwd",
			       d ? "rev" : "fwd");
	printf("\n");
	for (i = 0; i < n; i++) {
		bool measured = verdict_measured(s[i].verdict);

		printf("%12" PRIu64, s[i].offered_fps);
		for (d = 0; d < CFG_NB_DIRS; d++) {
			if (!cfg_dir_active(c, d))
				continue;
			if (measured)
				printf("  %12" PRIu64 "  %10.4f",
				       s[i].dir[d].v.received,
				       loss_pct(&s[i].dir[d].v));
			else
				printf("  %12" PRIu64 "  %10s",
				       s[i].dir[d].v.received, "invalid");
		}
		printf("%s\n", measured ? "" :
		       "  (invalid: no loss measured, see trials.csv)");
	}
}

static int
loss_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	struct loss *l = m->priv;
	int n;

	n = sweep_rates(m->cfg, l->rates, SWEEP_MAX_RATES, &l->stepped, err,
			err_len);
	if (n < 0)
		return n;
	l->nb_rates = (uint32_t)n;
	return 0;
}

static int
loss_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct loss *l = m->priv;
	struct trial_spec base;

	(void)err;
	(void)err_len;
	trial_spec_from_cfg(&base, m->cfg, 0);
	sweep_start(&l->sweep, &base, l->rates, l->nb_rates, l->stepped);
	l->done = 0;
	m->proc = (struct proc){ &sweep_ops, &l->sweep };
	return 0;
}

static int
loss_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
		const struct report_trial *r, char *err, size_t err_len)
{
	struct loss *l = m->priv;
	struct loss_step *s = &l->steps[l->done++];
	uint64_t send_ms = trial_spec_send_ms(spec);
	int d, rc;

	s->offered_fps = r->rate_fps;
	s->verdict = r->verdict;
	memcpy(s->dir, r->dir, sizeof(s->dir));
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct report_flr f = {
			.start = r->start, .no = m->no, .step = l->done,
			.offered_fps = r->rate_fps,
			.frame_size_b = r->frame_size_b, .dir = d,
			.duration_s = r->duration_s,
			.sent = r->dir[d].v.sent,
			.received = r->dir[d].v.received,
			.verdict = r->verdict,
			.rx_fps = send_ms ? (double)r->dir[d].v.received *
					    1000.0 / (double)send_ms : 0,
		};

		if (!r->dir[d].active)
			continue;
		rc = mode_write(m, 0, &f, err, err_len);
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int
loss_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct loss *l = m->priv;

	(void)complete;
	(void)err;
	(void)err_len;
	loss_table(m->cfg, l->steps, l->done);
	m->run_result = sweep_kind(&l->sweep);
	if (l->sweep.invalid > 0) {
		printf("loss %u: %u of %u steps invalid: no frame loss rate for "
		       "them (the tester could not offer the rate validly)\n",
		       m->no, l->sweep.invalid, l->done);
		fprintf(stderr, "dutperf: loss %u: %u invalid step(s): not a "
			"measured sweep (flr.csv status invalid, exit status 3)\n",
			m->no, l->sweep.invalid);
	}
	return 0;
}

static void
loss_summary(struct mode_ctx *m)
{
	snprintf(m->result, sizeof(m->result), "%u sweep(s), %u with invalid "
		 "steps%s", m->runs_done, m->not_measured,
		 engine_stop ? ", interrupted" : "");
}

const struct mode_ops mode_loss = {
	.cli = {
		.name = "loss",
		.help = "RFC 2544 26.3 frame loss rate over a series of rates",
		.options = "--rate-max --rate-min --loss-step --rates --repeat "
			   "--stateful",
		.stateful = CLI_STATEFUL_PHASES,
	},
	.run_name = "loss",
	.files = { { "flr.csv", &report_flr_table } },
	.priv_size = sizeof(struct loss),
	.setup = loss_setup,
	.start = loss_start,
	.trial_done = loss_trial_done,
	.run_end = loss_run_end,
	.summary = loss_summary,
};

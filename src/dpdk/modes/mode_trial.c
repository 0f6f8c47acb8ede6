/* SPDX-License-Identifier: BSD-3-Clause */
/* Mode trial: one elementary trial, a summary, one row in trials.csv. */
#include <stdio.h>

#include "mode.h"

static int
trial_mode_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct trial_spec spec;

	(void)err;
	(void)err_len;
	trial_spec_from_cfg(&spec, m->cfg, m->cfg->rate_fps);
	proc_single_start(m->priv, &spec);
	m->proc = (struct proc){ &proc_single_ops, m->priv };
	return 0;
}

/* The trial's summary, also when it was interrupted. */
static int
trial_mode_run_end(struct mode_ctx *m, bool complete, char *err,
		   size_t err_len)
{
	const struct proc_single *s = m->priv;

	(void)complete;
	(void)err;
	(void)err_len;
	if (!s->done)
		return 0;	/* stopped before it started */
	trial_print(stdout, &m->last);
	snprintf(m->result, sizeof(m->result), "%s",
		 verdict_name(m->last.verdict));
	return 0;
}

const struct mode_ops mode_trial = {
	.cli = {
		.name = "trial",
		.help = "one elementary trial at --rate, frames sent and received "
			"per direction",
		.options = "--rate --duration --timeout --frame-timeout --stateful",
		.stateful = CLI_STATEFUL_PHASES,
	},
	.run_name = "trial",
	.once = true,
	.priv_size = sizeof(struct proc_single),
	.start = trial_mode_start,
	.run_end = trial_mode_run_end,
};

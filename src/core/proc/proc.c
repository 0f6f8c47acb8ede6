/* SPDX-License-Identifier: BSD-3-Clause */
/* proc: the procedure interface's helpers and the single measurement. */
#include <stdio.h>
#include <string.h>

#include "dutperf/proc.h"

void
proc_describe(const struct proc *p, char *buf, size_t len)
{
	if (len == 0)
		return;
	buf[0] = '\0';
	if (p->ops->describe != NULL)
		p->ops->describe(p->state, buf, len);
}

double
proc_loss_ratio(const struct report_trial *r)
{
	uint64_t sent = 0, lost = 0;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct verdict_dir *v = &r->dir[d].v;

		if (!r->dir[d].active)
			continue;
		sent += v->sent;
		lost += v->sent > v->received ? v->sent - v->received : 0;
	}
	return sent ? (double)lost / (double)sent : 0.0;
}

void
proc_single_start(struct proc_single *s, const struct trial_spec *spec)
{
	memset(s, 0, sizeof(*s));
	s->spec = *spec;
}

static bool
single_next(void *state, struct trial_spec *spec)
{
	struct proc_single *s = state;

	if (s->done)
		return false;
	*spec = s->spec;
	return true;
}

static void
single_record(void *state, const struct trial_spec *spec,
	      const struct report_trial *r)
{
	struct proc_single *s = state;

	(void)spec;
	s->verdict = r->verdict;
	s->done = true;
}

static uint32_t
single_remaining(const void *state)
{
	const struct proc_single *s = state;

	return s->done ? 0 : 1;
}

const struct proc_ops proc_single_ops = {
	.name = "single trial",
	.next = single_next,
	.record = single_record,
	.remaining = single_remaining,
};

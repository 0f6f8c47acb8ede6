/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode teardown: RFC 9693 connection tear-down rate.  Phase 1 loads the
 * DUT's table with N connections (every frame must arrive); then
 * [stateful] teardown_cmd, the command that deletes every connection of
 * the DUT, is timed with the N connections (TD) and then three times on
 * the empty table (T0, the command's own cost: their median; their
 * spread is its jitter).  The rate is N / (TD - T0), none when TD - T0
 * is not above that spread (the deletion not measurable).
 * teardown.csv: No, Size, n, m, R, N, T, Date, TD ms, T0 ms, rate,
 * result_kind.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dpdk.h"

#define TEARDOWN_HEADER "No, Size, n, m, R, N, T, Date, TD ms, T0 ms, " \
	"rate, result_kind"

/* T0's timings: the median is the command's own cost, max - min its
 * jitter */
#define TEARDOWN_T0_RUNS 3

struct teardown {
	struct proc_single single;
	uint64_t td_ns, t0_ns, spread_ns;
	bool timed;
};

static const char *
teardown_header(void)
{
	return TEARDOWN_HEADER;
}

static int
teardown_check(const struct cfg *c, char *err, size_t err_len)
{
	char lead[CFG_PATH_LEN + 96];
	int rc = stateful_check(c, err, err_len);

	if (rc == 0 && c->st.teardown_cmd[0] == '\0')
		return cfg_errf(err, err_len, "%s\"\": mode teardown needs the "
				"command that deletes the DUT's connections",
				cfg_key_blame(c, "stateful", "teardown_cmd", lead,
					      sizeof(lead)));
	return rc;
}

static int
teardown_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	return feature_attach_stateful(m->trial, NULL, err, err_len);
}

static int
teardown_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct teardown *s = m->priv;
	struct trial_spec prelim, real, check;
	int rc;

	rc = feature_stateful_start(m->cfg, &prelim, &real, &check, err,
				    err_len);
	if (rc != 0)
		return rc;
	prelim.loss_ppm = 0;
	proc_single_start(&s->single, &prelim);
	s->timed = false;
	m->proc = (struct proc){ &proc_single_ops, &s->single };
	return 0;
}

/* Run the tear-down command once, its wall time into *ns. */
static int
teardown_time(const struct cfg *c, uint64_t *ns, char *err, size_t err_len)
{
	struct timespec a, b;
	int rc;

	clock_gettime(CLOCK_MONOTONIC, &a);
	rc = feature_stateful_hook(c, "teardown_cmd", c->st.teardown_cmd, err,
				   err_len);
	clock_gettime(CLOCK_MONOTONIC, &b);
	*ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000ULL +
	      (uint64_t)b.tv_nsec - (uint64_t)a.tv_nsec;
	return rc;
}

static int
teardown_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
		    const struct report_trial *r, char *err, size_t err_len)
{
	struct teardown *s = m->priv;
	uint64_t t0[TEARDOWN_T0_RUNS], x;
	unsigned int i, j;
	int rc;

	(void)spec;
	if (r->verdict != VERDICT_PASS)
		return 0;	/* the table was not loaded: no result */
	rc = teardown_time(m->cfg, &s->td_ns, err, err_len);
	for (i = 0; rc == 0 && i < TEARDOWN_T0_RUNS; i++) {
		rc = teardown_time(m->cfg, &x, err, err_len);
		for (j = i; j > 0 && t0[j - 1] > x; j--)
			t0[j] = t0[j - 1];
		t0[j] = x;
	}
	s->timed = rc == 0;
	if (s->timed) {
		s->t0_ns = t0[TEARDOWN_T0_RUNS / 2];
		s->spread_ns = t0[TEARDOWN_T0_RUNS - 1] - t0[0];
	}
	return rc;
}

static int
teardown_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct teardown *s = m->priv;
	enum report_result kind = REPORT_RESULT_NONE;
	char row[1024], date[32], rate[32] = "";
	double fps = 0;
	int n;

	if (!complete)
		return 0;
	if (s->timed && stateful_teardown_rate(c->st.frames, s->td_ns, s->t0_ns,
					       s->spread_ns, &fps) == 0) {
		kind = REPORT_RESULT_MEASURED;
		snprintf(rate, sizeof(rate), "%.0f", fps);
	}
	report_format_date(time(NULL), date, sizeof(date));
	n = snprintf(row, sizeof(row), "%u, %u, %u, %u, %" PRIu64 ", %" PRIu64
		     ", %u, %s, %.3f, %.3f, %s, %s", m->no, c->frame_size_b, c->n,
		     c->m, c->st.rate_fps, c->st.frames, c->st.timeout_ms, date,
		     s->td_ns / 1e6, s->t0_ns / 1e6, rate,
		     report_result_name(kind));
	n = feature_stateful_row(m, n, row, sizeof(row), kind, NULL, fps, err,
				 err_len);
	if (n != 0)
		return n;
	if (kind == REPORT_RESULT_MEASURED) {
		printf("run %u: connection tear-down rate %.0f connections/s (%"
		       PRIu64 " connections deleted in %.3f ms, empty table "
		       "%.3f ms)\n", m->no, fps, c->st.frames, s->td_ns / 1e6,
		       s->t0_ns / 1e6);
		snprintf(m->result, sizeof(m->result), "%.0f connections/s", fps);
	} else {
		if (s->timed)
			printf("run %u: no tear-down rate: TD - T0 = %.3f ms "
			       "is not above the spread of the empty-table "
			       "timings (%.3f ms): the deletion is lost in the "
			       "command's own jitter\n", m->no,
			       ((double)s->td_ns - (double)s->t0_ns) / 1e6,
			       s->spread_ns / 1e6);
		else
			printf("run %u: no tear-down rate: phase 1 lost frames "
			       "(the table was not loaded)\n", m->no);
		snprintf(m->result, sizeof(m->result), "no valid result");
	}
	return 0;
}

const struct mode_ops mode_teardown = {
	.cli = {
		.name = "teardown",
		.help = "RFC 9693 connection tear-down rate: phase 1, then "
			"[stateful] teardown_cmd timed with N connections and none",
		.stateful = CLI_STATEFUL_ALWAYS,
		.options = "--repeat",
		.check = teardown_check,
	},
	.run_name = "run",
	.file = "teardown.csv",
	.header = teardown_header,
	.priv_size = sizeof(struct teardown),
	.setup = teardown_setup,
	.start = teardown_start,
	.trial_done = teardown_trial_done,
	.run_end = teardown_run_end,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode teardown: RFC 9693 connection tear-down rate.  Phase 1 loads the
 * DUT's table with N connections (every frame must arrive); then
 * [stateful] teardown_cmd, the command that deletes every connection of
 * the DUT, is timed with the N connections (TD) and then three times on
 * the empty table (T0, the command's own cost: their median; their
 * spread is its jitter): command steps of the core procedure
 * (stateful_teardown, stateful_proc.h) that the driver runs and times.
 * The rate is N / (TD - T0), none when TD - T0 is not above that spread
 * (the deletion not measurable).
 * teardown.csv: No, Size, n, m, R, N, T, Date, TD ms, T0 ms, rate,
 * result_kind.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mode.h"
#include "dutperf/stateful_proc.h"
#include "dutperf/stateful_report.h"

struct teardown_mode {
	struct stateful_teardown proc;
};

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
	return stateful_mode_setup(m, NULL, false, err, err_len);
}

static int
teardown_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct teardown_mode *teardown = m->priv;
	struct stateful_specs sp;
	int rc;

	stateful_mode_start(m, &sp);
	rc = stateful_teardown_start(&teardown->proc, &sp.prelim, "stateful",
				     "teardown_cmd", m->cfg->st.teardown_cmd);
	if (rc != 0) {
		snprintf(err, err_len, "[stateful] teardown_cmd = \"\": mode "
			 "teardown needs the command");
		return rc;
	}
	m->proc = (struct proc){ &stateful_teardown_ops, &teardown->proc };
	return 0;
}

static int
teardown_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct teardown_mode *teardown = m->priv;
	enum report_result kind = REPORT_RESULT_NONE;
	struct stateful_teardown_row row = {
		.rate_fps = c->st.rate_fps, .frames = c->st.frames,
		.timeout_ms = c->st.timeout_ms,
	};
	uint64_t td_ns = 0, t0_ns = 0, spread_ns = 0;
	double fps = 0;
	bool timed;
	int rc;

	if (!complete)
		return 0;
	timed = stateful_teardown_timed(&teardown->proc, &td_ns, &t0_ns,
					&spread_ns);
	if (timed && stateful_teardown_rate(c->st.frames, td_ns, t0_ns,
					    spread_ns, &fps) == 0)
		kind = REPORT_RESULT_MEASURED;
	stateful_row_head(&row.head, m->no, c);
	row.td_ns = td_ns;
	row.t0_ns = t0_ns;
	row.date = time(NULL);
	row.teardown_fps = fps;
	row.result = kind;
	rc = mode_result_row(m, &row, kind, NULL, fps, err, err_len);
	if (rc != 0)
		return rc;
	if (kind == REPORT_RESULT_MEASURED) {
		printf("run %u: connection tear-down rate %.0f connections/s (%"
		       PRIu64 " connections deleted in %.3f ms, empty table "
		       "%.3f ms)\n", m->no, fps, c->st.frames, td_ns / 1e6,
		       t0_ns / 1e6);
		snprintf(m->result, sizeof(m->result), "%.0f connections/s", fps);
	} else {
		if (timed)
			printf("run %u: no tear-down rate: TD - T0 = %.3f ms "
			       "is not above the spread of the empty-table "
			       "timings (%.3f ms): the deletion is lost in the "
			       "command's own jitter\n", m->no,
			       ((double)td_ns - (double)t0_ns) / 1e6,
			       spread_ns / 1e6);
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
	.files = { { "teardown.csv", &stateful_teardown_table } },
	.priv_size = sizeof(struct teardown_mode),
	.setup = teardown_setup,
	.start = teardown_start,
	.run_end = teardown_run_end,
};

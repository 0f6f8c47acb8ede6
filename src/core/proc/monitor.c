/* SPDX-License-Identifier: BSD-3-Clause */
/* monitor: live per-interval rates and period variation, monitor.csv
 * (monitor.h). */
#include <math.h>
#include <string.h>

#include "dutperf/monitor.h"

void
monitor_init(struct monitor *m, uint32_t warmup, double threshold_ns)
{
	memset(m, 0, sizeof(*m));
	m->warmup = warmup;
	m->threshold_ns = threshold_ns;
}

static uint64_t
sub0(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

static double
rate(uint64_t frames, double s)
{
	return s > 0 ? (double)frames / s : 0;
}

/* end_ns: where the interval ends (s->t_ns but for the last one) */
static bool
monitor_interval(struct monitor *m, const struct monitor_sample *s,
		 uint64_t end_ns, struct monitor_line *out, bool last)
{
	double dt, total;

	if (!m->started) {
		m->started = true;
		m->first = m->prev = m->prev2 = *s;
		return false;
	}
	if (s->t_ns <= m->prev.t_ns)
		return false;
	memset(out, 0, sizeof(*out));
	if (end_ns > s->t_ns)
		end_ns = s->t_ns;
	if (end_ns < m->prev.t_ns)
		end_ns = m->prev.t_ns;	/* sending ended before: length 0 */
	dt = (double)(end_ns - m->prev.t_ns) / 1e9;
	total = (double)(end_ns - m->first.t_ns) / 1e9;
	out->t_s = (double)end_ns / 1e9;
	out->interval_s = dt;
	out->partial = last;
	out->tx_frames = sub0(s->sent, m->prev.sent);
	out->rx_frames = sub0(s->received, m->prev.received);
	out->tx_fps = rate(out->tx_frames, dt);
	out->rx_fps = rate(out->rx_frames, dt);
	out->avg_tx_fps = rate(sub0(s->sent, m->first.sent), total);
	out->avg_rx_fps = rate(sub0(s->received, m->first.received), total);
	out->var_valid = !last && out->rx_fps > 0 && out->avg_rx_fps > 0;
	m->intervals++;
	if (out->var_valid) {
		out->var_ns = 1e9 / out->avg_rx_fps - 1e9 / out->rx_fps;
		if (m->intervals > m->warmup) {
			if (!m->minmax_valid || out->var_ns < m->var_min_ns)
				m->var_min_ns = out->var_ns;
			if (!m->minmax_valid || out->var_ns > m->var_max_ns)
				m->var_max_ns = out->var_ns;
			m->minmax_valid = true;
		}
		out->warn = m->threshold_ns > 0 &&
			    fabs(out->var_ns) > m->threshold_ns;
	}
	out->minmax_valid = m->minmax_valid;
	out->var_min_ns = m->var_min_ns;
	out->var_max_ns = m->var_max_ns;
	out->lost = sub0(m->prev2.sent, s->received);
	out->duplicates = s->duplicates;
	out->reordered = s->reordered;
	out->late = s->late;
	m->prev2 = m->prev;
	m->prev = *s;
	return true;
}

bool
monitor_step(struct monitor *m, const struct monitor_sample *s,
	     struct monitor_line *out)
{
	return monitor_interval(m, s, s->t_ns, out, false);
}

bool
monitor_step_last(struct monitor *m, const struct monitor_sample *s,
		  uint64_t send_end_ns, struct monitor_line *out)
{
	return monitor_interval(m, s, send_end_ns, out, true);
}

#define MON_COL(n, u, d, m) \
	REPORT_COL_DOUBLE(n, u, d, struct monitor_row, line.m)
#define MON_U64(n, m) REPORT_COL_U64(n, "", struct monitor_row, line.m)
#define MON_IF(n, m, flag) REPORT_COL_DOUBLE_IF(n, "ns", 1, \
	struct monitor_row, line.m, line.flag)

static const struct report_col monitor_cols[] = {
	MON_COL("t_s", "s", 3, t_s),
	REPORT_COL_DIR_ID("dir", struct monitor_row, dir),
	MON_COL("interval_s", "s", 3, interval_s),
	MON_U64("tx_frames", tx_frames),
	MON_U64("rx_frames", rx_frames),
	MON_COL("tx_fps", "fps", 1, tx_fps),
	MON_COL("rx_fps", "fps", 1, rx_fps),
	MON_COL("avg_tx_fps", "fps", 1, avg_tx_fps),
	MON_COL("avg_rx_fps", "fps", 1, avg_rx_fps),
	MON_IF("var_ns", var_ns, var_valid),
	MON_IF("var_min_ns", var_min_ns, minmax_valid),
	MON_IF("var_max_ns", var_max_ns, minmax_valid),
	MON_U64("lost", lost),
	MON_U64("dup", duplicates),
	MON_U64("reordered", reordered),
	MON_U64("late", late),
	REPORT_COL_BOOL("warning", struct monitor_row, line.warn),
	REPORT_COL_BOOL("partial", struct monitor_row, line.partial),
};

const struct report_table monitor_table = REPORT_TABLE(",", monitor_cols);

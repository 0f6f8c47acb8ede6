/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * monitor: the live rate figures of one direction from samples of the
 * sender's and receiver's published counters (taken by the main lcore
 * once per interval while a trial runs), DPDK-free.
 *
 * Per interval: the frames sent and received in it, the instant rates
 * (frames / interval length), the running averages since the first
 * sample, and the variation of the instant receive period from the
 * average one in ns, 1e9 / avg - 1e9 / instant (the figure ifpps users
 * compute by hand: it shows jitter that a rate average hides), with its
 * running min and max once warmup intervals have passed.  A variation
 * beyond threshold_ns (absolute) is flagged.
 *
 * The last interval of a trial is partial: it ends where sending ended,
 * not at a sample time (the final counts are taken after the receivers'
 * timeout, and a nominal interval across the end holds only part of a
 * period's frames).  Its rates are over its real length, from the sample
 * before to the end of sending; it has no variation and leaves min/max as
 * they were (monitor_step_last).
 */
#ifndef DUTPERF_MONITOR_H
#define DUTPERF_MONITOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "report.h"

/* Cumulative counters at one instant (from the start of the trial). */
struct monitor_sample {
	uint64_t t_ns;			/* since the start of sending */
	uint64_t sent, received, duplicates, reordered, late;
};

/* One interval's figures: one monitor.csv row and one line. */
struct monitor_line {
	double t_s;			/* end of the interval */
	double interval_s;		/* its length: the rates' divisor */
	uint64_t tx_frames, rx_frames;	/* in this interval */
	double tx_fps, rx_fps;		/* instant */
	double avg_tx_fps, avg_rx_fps;	/* since the first sample */
	bool var_valid;			/* rx in this interval and on average */
	double var_ns;			/* 1e9 / avg_rx - 1e9 / rx_fps */
	bool minmax_valid;		/* past the warm-up */
	double var_min_ns, var_max_ns;
	uint64_t lost;			/* see monitor_step */
	uint64_t duplicates, reordered, late;	/* so far */
	bool warn;			/* |var_ns| > threshold */
	bool partial;			/* the last interval, up to the end of
					 * sending (monitor_step_last) */
};

struct monitor {
	uint32_t warmup;		/* intervals before min/max count */
	double threshold_ns;		/* 0: no warnings */
	uint32_t intervals;
	bool started;
	struct monitor_sample first, prev, prev2;
	double var_min_ns, var_max_ns;
	bool minmax_valid;
};

void monitor_init(struct monitor *m, uint32_t warmup, double threshold_ns);

/*
 * The interval from the previous sample to s (the first call only takes
 * s as the origin and returns false).  lost: frames sent up to the sample
 * before the previous one (at least one whole interval ago) that have not
 * arrived by s: a lower bound of the loss while frames are in flight,
 * exact at the end of a trial once every frame had one interval to
 * arrive.  Returns true with *out filled; false for the first sample or a
 * sample no later than the previous.
 */
bool monitor_step(struct monitor *m, const struct monitor_sample *s,
		  struct monitor_line *out);

/*
 * The last, partial interval at the end of a trial: s holds the final
 * counts (taken at s->t_ns, after every frame had its time to arrive),
 * send_end_ns when sending ended (since the start, as t_ns).  The
 * interval runs from the previous sample to min(send_end_ns, s->t_ns):
 * t_s is that end, interval_s its length, the instant rates its frames
 * over that length and the averages over the time up to it.  partial is
 * set, no variation (a part of an interval says nothing of the period)
 * and min/max unchanged.  When sending had ended by the previous sample
 * the length is 0 and so are the instant rates.  Returns as monitor_step.
 */
bool monitor_step_last(struct monitor *m, const struct monitor_sample *s,
		       uint64_t send_end_ns, struct monitor_line *out);

/* A monitor.csv row (monitor_table): an interval of direction dir. */
struct monitor_row {
	enum cfg_dir_id dir;		/* "fwd", "rev" */
	struct monitor_line line;
};

extern const struct report_table monitor_table;	/* monitor.csv */

#endif /* DUTPERF_MONITOR_H */

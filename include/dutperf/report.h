/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report: rows of the result CSV files (trials, rate, latency, pdv and frame
 * loss rate), formatted without DPDK so the exact bytes are unit-tested.
 * Writing is csv.h's job.
 */
#ifndef DUTPERF_REPORT_H
#define DUTPERF_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cfg.h"
#include "frame.h"
#include "verdict.h"

/* One direction of one trial, as the engine measured it. */
struct report_dir {
	bool active;
	struct verdict_dir v;
	uint64_t stale;		/* our frames stamped by an earlier trial */
	uint64_t bogus;		/* ours, this trial, but a sequence number
				 * never sent or below the receiver's window */
	double achieved_fps;	/* departures / time from the first to the
				 * last burst; 0: fewer than 2 bursts */
	uint64_t max_lag_frame;	/* where the sender was furthest behind */
	uint64_t injected_drops;	/* test aid counts (human summary only) */
	uint64_t injected_dups;
	uint64_t kinds[FRAME_KIND_COUNT];	/* what the foreign frames were */
};

struct report_trial {
	time_t start;			/* wall clock at the trial's start */
	uint32_t search_no;		/* 1.. in throughput mode, 0 otherwise */
	uint32_t iteration;		/* 1.. within a search, 0 otherwise */
	uint64_t rate_fps;
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t duration_s;
	uint32_t timeout_ms;
	uint64_t seed;
	struct report_dir dir[CFG_NB_DIRS];
	enum verdict verdict;
	const char *reason;		/* why not pass; "" when passed */
	/* not in trials.csv (yet): for procedures */
	double loss_ratio;		/* lost / sent over the active dirs */
	uint64_t duration_ms;		/* sending time the spec asked for */
};

/* One binary search, in siitperf's rate.csv columns. */
struct report_search {
	uint32_t no;
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t n, m;
	uint32_t duration_s;
	uint64_t initial_fps;
	uint32_t timeout_ms;
	uint64_t error_fps;
	time_t date;			/* when the search ended */
	uint32_t iterations;
	uint64_t rate_fps;		/* highest rate that passed, 0 if none */
};

/* One direction of a latency run (RFC 8219 7.2); times in microseconds. */
struct report_lat_dir {
	bool active;
	uint64_t sent, received;	/* all frames of the stream */
	uint32_t tagged, tagged_received, tagged_lost;
	bool valid;			/* false: every tagged frame lost */
	double tl_us, wcl_us, min_us, max_us, mean_us;
};

/* What every latency.csv and pdv.csv row starts with, and its verdict. */
struct report_run {
	time_t start;
	uint32_t no;			/* 1.. with --repeat */
	uint64_t rate_fps;
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t duration_s, timeout_ms, frame_timeout_ms;
	uint64_t seed;
	enum verdict verdict;		/* of the trial that carried the run */
	const char *reason;
};

struct report_latency {
	struct report_run run;
	uint32_t delay_s;
	const char *timestamps;		/* "tsc": TSC after tx_burst / rx_burst */
	struct report_lat_dir dir[CFG_NB_DIRS];
};

/* One direction of a PDV run (RFC 8219 7.3); times in microseconds. */
struct report_pdv_dir {
	bool active;
	uint64_t sent, received;
	bool valid;			/* false: nothing received, no PDV */
	double dmin_us, d999_us, dmax_us, pdv_us;
	bool ipdv_valid;
	double ipdv_min_us, ipdv_median_us, ipdv_max_us;
};

struct report_pdv {
	struct report_run run;
	struct report_pdv_dir dir[CFG_NB_DIRS];
};

/* One rate and direction of a frame loss rate sweep (RFC 2544 26.3). */
struct report_flr {
	time_t start;
	uint32_t no;			/* sweep number, 1.. with --repeat */
	uint32_t step;			/* 1.. within the sweep */
	uint64_t offered_fps;
	uint32_t frame_size_b;
	enum cfg_dir_id dir;
	uint32_t duration_s;
	uint64_t sent, received;
	enum verdict verdict;		/* of the whole trial */
};

/* siitperf's direction letters: b, f, r. */
char report_direction_char(enum cfg_direction d);

/* "2026-11-30 12:34:56" in local time; buf of at least 20 bytes. */
void report_format_date(time_t t, char *buf, size_t len);

const char *report_trial_header(void);
/* Returns the row length, or -ENOSPC when buf is too small. */
int report_trial_row(const struct report_trial *t, char *buf, size_t len);
int report_search_row(const struct report_search *s, char *buf, size_t len);

const char *report_latency_header(void);
int report_latency_row(const struct report_latency *r, char *buf, size_t len);
const char *report_pdv_header(void);
int report_pdv_row(const struct report_pdv *r, char *buf, size_t len);
const char *report_flr_header(void);
/* loss % = (sent - received) * 100 / sent, "" when nothing was sent */
int report_flr_row(const struct report_flr *r, char *buf, size_t len);

#endif /* DUTPERF_REPORT_H */

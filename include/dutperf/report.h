/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report: rows of trials.csv and rate.csv, formatted without DPDK so the
 * exact bytes are unit-tested.  Writing is csv.h's job.
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
	uint64_t old;		/* below the receiver's window */
	uint64_t beyond;	/* sequence number never sent */
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

/* siitperf's direction letters: b, f, r. */
char report_direction_char(enum cfg_direction d);

/* "2026-11-30 12:34:56" in local time; buf of at least 20 bytes. */
void report_format_date(time_t t, char *buf, size_t len);

const char *report_trial_header(void);
/* Returns the row length, or -ENOSPC when buf is too small. */
int report_trial_row(const struct report_trial *t, char *buf, size_t len);
int report_search_row(const struct report_search *s, char *buf, size_t len);

#endif /* DUTPERF_REPORT_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RFC 2889's switch procedures over the N-port trial (mport_eng.h) with
 * the core's swproc.h: modes caching (5.7), learnrate (5.8), congestion
 * (5.5), broadcast (5.10), one file each; what they share is
 * mode_swproc.c.  docs/switchproc.md.
 */
#ifndef DUTPERF_MODE_SWPROC_H
#define DUTPERF_MODE_SWPROC_H

#include "dutperf/swproc.h"
#include "mode.h"
#include "mport_eng.h"

/* One run's engine and last trial. */
struct swp_run {
	struct mport_eng eng;
	struct mport_plan pl;
	struct mport_result r;
	uint32_t trials;	/* swp_trial's trials so far */
	struct json_t *more;	/* run.json keys of the mode; NULL: none */
};

struct swp_kind {
	const char *name;
	unsigned min_ports;
	/* the procedure: trials, rows (m->out[]), the report on stdout;
	 * sets m->value[0], m->run_result, m->result */
	int (*body)(struct mode_ctx *m, struct swp_run *x, char *err,
		    size_t err_len);
};

/* What every one of these modes needs before the EAL: min_ports ports,
 * IPv4 on each, one frame size of at least 64 B.  0 or -EINVAL. */
int swp_check(const struct cfg *c, const char *mode, unsigned min_ports,
	      char *err, size_t err_len);

/* The whole run (mode_ops.run): files, engine, body, run.json. */
int swp_run(struct mode_ctx *m, const struct swp_kind *k, char *err,
	    size_t err_len);

/* Modes caching and learnrate: the RFC 2889 5.7.3 search (body). */
int swp_search(struct mode_ctx *m, struct swp_run *x, enum swproc_kind kind,
	       char *err, size_t err_len);

/* The trial of x->pl into x->r, rows(m, x, trial) after each (trial 1,
 * 2, ...: every trial has its rows), again while it is invalid (the
 * tester fell behind), at most [search] max_retries times more.  0,
 * mport_eng_trial's or rows' error. */
typedef int (*swp_rows_fn)(struct mode_ctx *m, struct swp_run *x,
			   uint32_t trial, char *err, size_t err_len);
int swp_trial(struct mode_ctx *m, struct swp_run *x, swp_rows_fn rows,
	      char *err, size_t err_len);

/* Wait ms milliseconds, or until dutperf is interrupted. */
void swp_wait_ms(uint64_t ms);

#endif /* DUTPERF_MODE_SWPROC_H */

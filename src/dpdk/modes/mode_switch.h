/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RFC 2889 switch modes over N ports (mode_switch.c): each mode a
 * struct switch_kind (its plan) and a mode_ops whose run is
 * mode_switch_run.  docs/switch.md.
 */
#ifndef DUTPERF_MODE_SWITCH_H
#define DUTPERF_MODE_SWITCH_H

#include "dutperf/mport.h"
#include "mode.h"

/* The result files of every switch mode, in ops->files order. */
enum { SWITCH_FILE_RATE = 0, SWITCH_FILE_PORTS, SWITCH_FILE_PAIRS };
#define SWITCH_FILES { "rate.csv", &report_rate_table }, \
	{ "ports.csv", &mport_ports_table }, \
	{ "pairs.csv", &mport_pairs_table }
#define SWITCH_OPTIONS "--rate --rate-min --rate-max --initial-rate --error"

struct switch_kind {
	const char *name;		/* the mode's */
	const char *rfc;		/* "5.1" */
	const char *title;		/* "fully meshed" */
	unsigned min_ports;
	/* the plan at iload per sending port (mport_plan_*) */
	int (*plan)(struct mport_plan *pl, const struct mport_net *n,
		    const struct cfg *c, uint64_t iload_fps,
		    uint32_t duration_ms, uint64_t learn_fps);
	/* words after the title in the report ("one-to-many"), NULL: none */
	const char *(*pattern_name)(const struct cfg *c);
};

/* What every N-port mode (these, mode_swproc.h's) asks of its ports
 * before the EAL: IPv4 on each, untagged, one frame size of at least
 * MPORT_MIN_FRAME_B ([traffic] imix not taken).  0 or -EINVAL naming
 * mode, the port and the value. */
int mode_nport_check_frames(const struct cfg *c, const char *mode,
			    char *err, size_t err_len);

/* The mode's check before the EAL: ports, IPv4, one size >= 64 B, and
 * RFC 2889 5.4.3's aging time ([switch] aging_s).  0 or -EINVAL. */
int mode_switch_check(const struct switch_kind *k, const struct cfg *c,
		      char *err, size_t err_len);

/* The whole run (mode_ops.run): a search, or one trial with -r. */
int mode_switch_run(struct mode_ctx *m, const struct switch_kind *k,
		    char *err, size_t err_len);

/* The struct mode_ops var of switch kind k (a static struct switch_kind,
 * its name modename)
 * with its help line: check and run are mode_switch_check / _run of k. */
#define SWITCH_MODE_OPS(var, k, modename, helptext)			\
	static int							\
	var##_check(const struct cfg *c, char *err, size_t err_len)	\
	{								\
		return mode_switch_check(&(k), c, err, err_len);	\
	}								\
	static int							\
	var##_run(struct mode_ctx *m, char *err, size_t err_len)	\
	{								\
		return mode_switch_run(m, &(k), err, err_len);		\
	}								\
	const struct mode_ops var = {					\
		.cli = { .name = (modename), .help = (helptext),	\
			 .options = SWITCH_OPTIONS,			\
			 .check = var##_check },			\
		.run_name = "search",					\
		.once = true,						\
		.files = { SWITCH_FILES },				\
		.run = var##_run,					\
	}

#endif /* DUTPERF_MODE_SWITCH_H */

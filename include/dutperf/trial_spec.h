/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * trial_spec: everything one elementary trial needs, chosen by a procedure
 * (search, sweep, single measurement, ...) and run by the DPDK layer's
 * trial_run().  A procedure decides rate, duration or frame count,
 * directions and what to measure per trial; the trial reads none of that
 * from struct cfg.
 *
 * Length of a trial: `frames` frames per active direction when frames > 0
 * (RFC 9004 back-to-back bursts), else rate * duration_ms / 1000 frames
 * (RFC 2544 trials).  The receiver waits until the deadline of the frame
 * after the last one plus timeout_ms.
 */
#ifndef DUTPERF_TRIAL_SPEC_H
#define DUTPERF_TRIAL_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "imix.h"

struct report_trial;

/* Largest trial: 24 hours of sending (RFC 2544 trials are 60 s). */
#define TRIAL_SPEC_MAX_DURATION_MS (24ULL * 3600 * 1000)

/* Which part of a test a trial is (stateful NAT tests have phases). */
enum trial_phase {
	TRIAL_PHASE_PLAIN = 0,	/* a stateless trial */
	/* RFC 9693 phase 1: the Initiator's direction only, `frames` frames
	 * (N) each opening a new connection; the Responder's receiver records
	 * the translated tuples in a table of table_size (M) entries */
	TRIAL_PHASE_PRELIMINARY,
	/* RFC 9693 phase 2: the Responder's frames are made from that table
	 * (responder_tuple picks the entry); starts delay_ms after the start
	 * of the preliminary phase before it (no settle pause between) */
	TRIAL_PHASE_REAL,
	TRIAL_PHASE_COUNT
};

/*
 * What a procedure's step is (proc.h): an elementary trial, which
 * trial_run() runs, or a command, which the driver runs with /bin/sh
 * (shell.h) and times, counting it in its progress and ETA like a trial;
 * record() gets its wall time (report_trial.command_ns).  A command step
 * uses only the command fields below.
 */
enum trial_step {
	TRIAL_STEP_TRIAL = 0,
	TRIAL_STEP_COMMAND,	/* RFC 9693 tear-down: [stateful] teardown_cmd */
};

struct trial_spec {
	enum trial_step step;
	/* COMMAND: [command_section] command_key = command (for messages) */
	const char *command_section, *command_key, *command;
	bool active[CFG_NB_DIRS];	/* directions that send */
	uint64_t rate_fps[CFG_NB_DIRS];	/* frames per second, per direction */
	uint64_t duration_ms;		/* sending time, when frames == 0 */
	uint64_t frames;		/* frames per direction; 0: by duration */
	uint32_t timeout_ms;		/* wait for late frames after sending */
	uint32_t frame_timeout_ms;	/* a frame delayed more is lost; 0 off */
	uint32_t loss_ppm;		/* tolerated loss of the verdict */
	uint32_t max_lag_us;		/* sender behind more: invalid */
	enum trial_phase phase;
	/* measurements the trial carries (attached features, trial.c) */
	uint32_t nb_tags;		/* RFC 8219 7.2 tagged frames per dir */
	uint64_t tag_delay_ms;		/* tagging starts this long after start */
	bool delays;			/* every frame's delay (RFC 8219 7.3) */
	bool recov_track;		/* lost frames, arrival gaps (recovery.h) */
	/* RFC 2544 26.5 rate change: rate_fps for change_ms, then rate2_fps
	 * until duration_ms (0: one rate; by duration only) */
	uint64_t change_ms;
	uint64_t rate2_fps[CFG_NB_DIRS];
	/* RFC 9004 (back-to-back): K > 1 flows, source ports from the
	 * configured first one (frame_sport_base) to it + K - 1 cycled
	 * increasing, the receivers accepting exactly those; 0, 1: the
	 * configured ports */
	uint32_t flows;
	/* stateful phases (RFC 9693, stateful.h) */
	uint32_t table_size;		/* PRELIMINARY: M entries recorded */
	uint32_t delay_ms;		/* REAL: D after phase 1's start */
	enum cfg_var_mode responder_tuple;	/* REAL: entry choice */
};

/* "plain", "preliminary", "real": trials.csv's phase column. */
const char *trial_phase_name(enum trial_phase p);

/*
 * The plain RFC 2544 trial of the configuration at rate_fps per active
 * direction: [traffic] direction, duration_s, timeout_ms, frame_timeout_ms,
 * max_lag_us and [search] loss_ppm; no tags, no delays.
 */
void trial_spec_from_cfg(struct trial_spec *s, const struct cfg *c,
			 uint64_t rate_fps);

/*
 * What a trials.csv row of s says about s itself: rate_fps, direction,
 * duration_s (rounded up), duration_ms (trial_spec_send_ms), timeout_ms,
 * phase; the rest of r is left alone.
 */
void trial_spec_report(const struct trial_spec *s, struct report_trial *r);

/* Every active direction at rate_fps. */
void trial_spec_set_rate(struct trial_spec *s, uint64_t rate_fps);

/* The rate a trials.csv row shows: the first active direction's. */
uint64_t trial_spec_rate_fps(const struct trial_spec *s);

/* Frames direction d sends (0 when inactive), saturating. */
uint64_t trial_spec_frames(const struct trial_spec *s, enum cfg_dir_id d);

/*
 * A trial with a rate change: the first frame at rate2_fps[d] (frames
 * [0, k) at rate_fps[d], floor(rate_fps * change_ms / 1000) of them);
 * UINT64_MAX when the trial has one rate.
 */
uint64_t trial_spec_change_frame(const struct trial_spec *s,
				 enum cfg_dir_id d);

/* Seconds of sending as trials.csv's duration_s shows it (rounded up). */
uint32_t trial_spec_duration_s(const struct trial_spec *s);

/* Longest sending time over the active directions, in ms (rounded up). */
uint64_t trial_spec_send_ms(const struct trial_spec *s);

/*
 * 0, or -EINVAL with the reason in err: a command step (not a trial),
 * no active direction, a rate of 0,
 * neither frames nor duration, a duration beyond
 * TRIAL_SPEC_MAX_DURATION_MS, tags that do not fit after tag_delay_ms.
 */
int trial_spec_check(const struct trial_spec *s, char *err, size_t err_len);

/*
 * RFC 8219 7.2: nb tags spread evenly over frames [first, total) into
 * seq[0..nb-1], ascending; when first >= total the last nb frames (all
 * when there are fewer).
 */
void trial_spec_place_tags(uint64_t *seq, uint32_t nb, uint64_t first,
			   uint64_t total);

/* Link speed of the search's line-rate bound when none is known. */
#define TRIAL_SPEC_DEFAULT_MBPS 10000

/*
 * The search upper bound: [search] rate_max_fps, or else the line rate
 * of the larger frame size in use at cfg_link_speed_mbps ([traffic]
 * link_speed_gbps, else the ports' reported speed, else 10 Gb/s).
 */
uint64_t trial_spec_max_rate_fps(const struct cfg *c);

/*
 * Whether that upper bound is the line rate of a link speed the tester
 * knows ([traffic] link_speed_gbps or the ports' reported speed; not the
 * 10 Gb/s assumed when none is known): a search whose top passes there
 * measured the line rate; below it, only a lower bound (result.h).
 */
bool trial_spec_top_is_line_rate(const struct cfg *c);

/* A search over [rate_min_fps, trial_spec_max_rate_fps] with [search]'s
 * initial rate, error and retries, top_is_limit as above. */
struct search_params;
void trial_spec_search_params(const struct cfg *c, struct search_params *sp);

/*
 * RFC 8219 7.2 tagged frames must fit after the delay: latency mode's
 * check of the configuration (the mode table runs it before the EAL).
 */
int trial_spec_check_latency(const struct cfg *c, char *err, size_t err_len);

/*
 * What a trial reads from the configuration, resolved once per trial
 * context (the DPDK layer's trial_ctx_init and trial_ctx_retarget): the
 * trial, its features, its collection and the run record read these
 * fields and never query the configuration or parse its text again.
 */
struct trial_res {
	bool active[CFG_NB_DIRS];		/* cfg_dir_active */
	uint16_t sport_base[CFG_NB_DIRS];	/* frame_sport_base: flows */
	bool has_imix;				/* [traffic] imix set ... */
	struct imix imix;			/* ... parsed, once */
	char imix_note[IMIX_NOTE_MAX];		/* cfg_imix_note: RFC 6985's */
	uint32_t report_size_b;			/* cfg_report_size_b */
	double mean_l2_b;			/* cfg_mean_l2_b: the Mb/s */
};

void trial_res_from_cfg(struct trial_res *r, const struct cfg *c);

/* rate_fps in L2 and L1 Mb/s (cfg_rate_mbps's rule on the resolved
 * mean size). */
void trial_res_rate_mbps(const struct trial_res *r, uint64_t rate_fps,
			 double *l2_mbps, double *l1_mbps);

#endif /* DUTPERF_TRIAL_SPEC_H */

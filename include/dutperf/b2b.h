/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * b2b: the back-to-back frame benchmark (RFC 2544 26.4 as updated by
 * RFC 9004) as a procedure (proc.h).
 *
 * One run is `repetitions` binary searches (search.h, on the burst length
 * L in frames instead of a rate) for the longest burst at the minimum
 * legal gap that the DUT forwards without loss (RFC 9004 6.2).  Every
 * trial is one burst of L frames per active direction at burst_fps (the
 * line rate of the frame size, or what the port takes: the burst rate is
 * measured by the sender and recorded, never assumed), followed by at
 * least drain_ms for the DUT's buffers to drain (trial_spec.timeout_ms).
 * The repetitions are summarised (RFC 9004 6.3: average, minimum,
 * maximum, standard deviation) and turned into buffer times (RFC 9004
 * 6.4):
 *
 *	implied DUT buffer time   = L_avg / R
 *	corrected DUT buffer time = (L_avg - X * L_avg / R) / R
 *
 * with R the burst rate (RFC 9004's "maximum theoretical frame rate";
 * dutperf uses the MEASURED burst rate, the median over the run's
 * bursts, which equals it when the tester keeps the line rate; a
 * preempted burst is an outlier the median ignores) and X the DUT's measured throughput (RFC 2544
 * 26.1), given by the user, or without one (RFC 9004 6.4: "an acceptable
 * approximation") the received frame rate measured during this test: the
 * median over the run's bursts of each burst's arrivals over the time
 * from its first to its last arrival (b2b_rx_fps; the slowest active
 * direction), labelled as such (b2b_summary.x_from).  L_avg - X * L_avg
 * / R is what the buffer held: the burst less the frames the DUT
 * forwarded while it arrived.  RFC 9004 7's actual buffer time at a frame
 * rate of interest A ([b2b] actual_rate_fps) is corrected * R / A.
 *
 * A repetition's result is MEASURED, or LOWER_BOUND when the longest
 * burst allowed (hi_frames) passed (the DUT's tolerance is at least that)
 * or invalid trials bounded it, or NONE (search.h's kinds).  Only measured
 * repetitions enter the summary; the run's result is the worst kind of
 * its repetitions.
 */
#ifndef DUTPERF_B2B_H
#define DUTPERF_B2B_H

#include <stdbool.h>
#include <stdint.h>

#include "proc.h"
#include "report.h"
#include "search.h"

/* RFC 9004 6.2: the burst length limit, up to 30 s at the burst rate. */
#define B2B_MAX_BURST_S 30
/* RFC 9004 6.2: at least 2 s after each burst for the buffers to drain. */
#define B2B_MIN_DRAIN_MS 2000
/* Burst rates kept per run for the summary's median (the first ones). */
#define B2B_RATE_SAMPLES 4096

/* Where the summary's X comes from (b2b.csv throughput_from). */
enum b2b_x_from {
	B2B_X_NONE,		/* no X: no corrected time */
	B2B_X_GIVEN,		/* [b2b] throughput_fps (or a campaign's) */
	B2B_X_RECEIVED,		/* RFC 9004 6.4: this test's received rate */
};

struct b2b_params {
	uint64_t lo_frames;		/* lower bound, never tried (0: none) */
	uint64_t hi_frames;		/* longest burst tried */
	uint64_t initial_frames;	/* first burst of each repetition */
	uint64_t precision_frames;	/* done when hi - lo <= this (>= 1) */
	uint32_t repetitions;		/* RFC 9004 6.3: at least 50 */
	uint32_t max_retries;		/* invalid trials retried per length */
	uint64_t burst_fps;		/* offered burst rate per direction */
	uint32_t drain_ms;		/* wait after each burst */
};

/* What one repetition (one search) found. */
struct b2b_rep {
	uint32_t no;			/* 1.. */
	uint64_t frames;		/* longest lossless burst, 0: none */
	double burst_fps;		/* measured rate of that burst; 0: unknown */
	enum report_result kind;
	enum result_case why;		/* result.h's case behind kind */
	uint32_t trials;
};

struct b2b {
	struct b2b_params p;
	struct trial_spec base;
	struct search s;		/* the current repetition's search */
	uint32_t rep;			/* current repetition, 1.. */
	uint32_t trial_rep;		/* repetition of the last recorded trial */
	uint32_t rep_trials;		/* trials of the current repetition */
	double rep_burst_fps;		/* measured rate of its best burst */
	bool rep_ended;			/* the last record ended repetition last */
	struct b2b_rep last;
	double slowest_fps;		/* slowest burst rate measured so far */
	bool done, interrupted;
	/* over the measured repetitions (Welford) */
	uint32_t measured;
	double mean, m2, min, max;
	/* the measured burst rate of every trial of the run that had one
	 * (the first B2B_RATE_SAMPLES): the summary's R is their median */
	double rates[B2B_RATE_SAMPLES];
	uint32_t nb_rates;
	/* the received frame rate of every burst that had one (the first
	 * B2B_RATE_SAMPLES, b2b_add_rx_fps): the median is X without one */
	double rx_rates[B2B_RATE_SAMPLES];
	uint32_t nb_rx_rates;
	enum report_result kind;	/* worst of the complete repetitions */
	enum result_case why;		/* the case behind that kind */
};

/* The summary of a run (RFC 9004 6.3, 6.4); NaN where there is none. */
struct b2b_summary {
	uint32_t repetitions;		/* measured repetitions summarised */
	double avg_frames, min_frames, max_frames, stddev_frames;
	double burst_fps;		/* R: median of the run's measured
					 * burst rates */
	double throughput_fps;		/* X used; 0: none */
	enum b2b_x_from x_from;		/* where X comes from */
	double rx_fps;			/* median received rate; NaN: none */
	double implied_s;		/* L_avg / R */
	double corrected_s;		/* (L_avg - X L_avg / R) / R */
	double buffer_frames;		/* L_avg - X L_avg / R */
	double actual_fps;		/* A: [b2b] actual_rate_fps; 0 none */
	double actual_s;		/* RFC 9004 7: corrected R / A */
};

/*
 * One b2b.csv row (b2b_table): kind "trial" (one
 * burst), "repetition" (one search's longest lossless burst) or "summary"
 * (a run's repetitions and buffer times).  Fields a kind does not have
 * are empty (the has_* flags).
 */
struct b2b_row {
	uint32_t no;			/* run, 1.. with --repeat */
	const char *kind;
	uint32_t repetition;		/* 1..; summary: 0 */
	uint32_t iteration;		/* trial within the repetition */
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t flows;
	uint64_t burst_rate_set_fps;	/* offered */
	bool has_frames, has_counts, has_rate, has_summary, has_implied,
	     has_corrected;
	double burst_frames;		/* trial: L; repetition: longest lossless */
	double sent, received, lost;	/* trial: over the active directions */
	double burst_rate_fps;		/* measured */
	const char *result;		/* pass/fail/invalid; measured/... */
	uint32_t repetitions;		/* summary: measured ones summarised */
	double avg_frames, min_frames, max_frames, stddev_frames;
	double throughput_fps;		/* X; empty when none */
	double implied_buffer_us, corrected_buffer_us, buffer_frames;
	time_t date;
	/* after date: the received frame rate (trial: its burst's,
	 * b2b_rx_fps; summary: the median), where X comes from ("given",
	 * "received": RFC 9004 6.4's approximation; "" none), RFC 9004 7's
	 * actual buffer time */
	bool has_rx;
	double rx_rate_fps;
	const char *throughput_from;
	bool has_actual;
	double actual_buffer_us;
};

extern const struct report_table b2b_table;	/* b2b.csv */

/* A summary's row fields (kind "summary", has_* from what is known). */
void b2b_summary_row(const struct b2b_summary *s, struct b2b_row *row);

extern const struct proc_ops b2b_ops;

/*
 * 0, or -EINVAL with the reason in err: lo < hi, lo <= initial <= hi,
 * initial >= 1, precision >= 1, repetitions >= 1, burst_fps >= 1.
 * base: the trial every burst starts from (directions, loss_ppm).
 */
int b2b_start(struct b2b *b, const struct b2b_params *p,
	      const struct trial_spec *base, char *err, size_t err_len);

/* The summary of the repetitions so far, with throughput X (0: none,
 * then the median received rate if any) and the actual frame rate A of
 * RFC 9004 7 (0: none). */
void b2b_summarize(const struct b2b *b, double throughput_fps,
		   double actual_fps, struct b2b_summary *s);

/* A burst's received frame rate (b2b_rx_fps), for the summary. */
void b2b_add_rx_fps(struct b2b *b, double fps);

/* The received frame rate of one direction's burst: n arrivals over
 * span_s from the first to the last, (n - 1) / span_s; 0 when n < 2 or
 * span_s <= 0. */
double b2b_rx_fps(uint64_t n, double span_s);

/* Name of x_from in b2b.csv: "", "given", "received". */
const char *b2b_x_from_name(enum b2b_x_from x);

/* RFC 9004 6.4, in seconds; NaN when burst_fps <= 0, and the corrected
 * time also when throughput >= burst rate (no buffer needed) or not given
 * (<= 0). */
double b2b_implied_buffer_s(double avg_frames, double burst_fps);
double b2b_corrected_buffer_s(double avg_frames, double burst_fps,
			      double throughput_fps);
/* RFC 9004 7: corrected_s * burst_fps / actual_fps; NaN when either is
 * unknown or actual_fps <= 0. */
double b2b_actual_buffer_s(double corrected_s, double burst_fps,
			   double actual_fps);

/* The burst rate a trial measured: the slowest active direction's
 * achieved_fps; 0 when unknown (a burst of one TX burst). */
double b2b_trial_burst_fps(const struct report_trial *r);

struct cfg;
/* [b2b]'s own checks (cli_validate, struct cfg_checks): RFC 9004's 2 s
 * drain unless short_drain, a consistent burst length range, flows that
 * fit in the port space; with the line rate: the burst rate at most the
 * line rate, bursts of at most B2B_MAX_BURST_S (RFC 9004 6.2).  0 or
 * -EINVAL with err. */
int b2b_cfg_check(const struct cfg *c, char *err, size_t err_len);
int b2b_cfg_check_line(const struct cfg *c, uint64_t line, char *err,
		       size_t err_len);

#endif /* DUTPERF_B2B_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * b2b: RFC 9004 back-to-back frames, repetitions of a binary search on
 * the burst length (search.c does the bisection), their summary and the
 * buffer times.  No DPDK, no clock, no file.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/b2b.h"
#include "dutperf/frame_spec.h"
#include "dutperf/stats.h"

double
b2b_implied_buffer_s(double avg_frames, double burst_fps)
{
	if (!(burst_fps > 0) || !(avg_frames >= 0))
		return NAN;
	return avg_frames / burst_fps;
}

double
b2b_corrected_buffer_s(double avg_frames, double burst_fps,
		       double throughput_fps)
{
	double forwarded;

	if (!(burst_fps > 0) || !(avg_frames >= 0) || !(throughput_fps > 0) ||
	    throughput_fps >= burst_fps)
		return NAN;
	/* frames the DUT forwarded at its throughput while the burst
	 * arrived (for the implied buffer time) */
	forwarded = throughput_fps * b2b_implied_buffer_s(avg_frames, burst_fps);
	return (avg_frames - forwarded) / burst_fps;
}

/* RFC 9004 7: "Actual Buffer Time" at a frame rate of interest */
double
b2b_actual_buffer_s(double corrected_s, double burst_fps, double actual_fps)
{
	if (isnan(corrected_s) || !(burst_fps > 0) || !(actual_fps > 0))
		return NAN;
	return corrected_s * burst_fps / actual_fps;
}

/* RFC 9004 6.4: the received frame rate (RFC 2889's forwarding rate)
 * of one burst: n arrivals are n - 1 intervals */
double
b2b_rx_fps(uint64_t n, double span_s)
{
	if (n < 2 || !(span_s > 0))
		return 0;
	return (double)(n - 1) / span_s;
}

void
b2b_add_rx_fps(struct b2b *b, double fps)
{
	if (fps > 0 && b->nb_rx_rates < B2B_RATE_SAMPLES)
		b->rx_rates[b->nb_rx_rates++] = fps;
}

const char *
b2b_x_from_name(enum b2b_x_from x)
{
	return x == B2B_X_GIVEN ? "given" : x == B2B_X_RECEIVED ? "received" :
	       "";
}

double
b2b_trial_burst_fps(const struct report_trial *r)
{
	double slowest = 0;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		double fps = r->dir[d].achieved_fps;

		if (!r->dir[d].active)
			continue;
		if (!(fps > 0))
			return 0;
		if (slowest == 0 || fps < slowest)
			slowest = fps;
	}
	return slowest;
}

/* A fresh search of one repetition with b's parameters. */
static int
b2b_search_new(const struct b2b *b, struct search *s)
{
	struct search_params sp = {
		.lo_fps = b->p.lo_frames,
		.hi_fps = b->p.hi_frames,
		.initial_fps = b->p.initial_frames,
		.error_fps = b->p.precision_frames,
		.max_retries = b->p.max_retries,
	};

	return search_init(s, &sp);
}

static int
b2b_search_init(struct b2b *b)
{
	b->rep_trials = 0;
	b->rep_burst_fps = 0;
	return b2b_search_new(b, &b->s);
}

int
b2b_start(struct b2b *b, const struct b2b_params *p,
	  const struct trial_spec *base, char *err, size_t err_len)
{
	memset(b, 0, sizeof(*b));
	b->p = *p;
	b->base = *base;
	if (p->repetitions == 0)
		return cfg_errf(err, err_len, "b2b: 0 repetitions");
	if (p->burst_fps == 0)
		return cfg_errf(err, err_len, "b2b: burst rate of 0 fps");
	if (b2b_search_init(b) != 0)
		return cfg_errf(err, err_len, "b2b: burst lengths: lower %" PRIu64
				", upper %" PRIu64 ", initial %" PRIu64
				", precision %" PRIu64 ": inconsistent (need "
				"lower < upper, lower <= initial <= upper, "
				"initial and precision >= 1)", p->lo_frames,
				p->hi_frames, p->initial_frames,
				p->precision_frames);
	b->rep = 1;
	b->kind = REPORT_RESULT_MEASURED;
	b->why = RESULT_INSIDE;
	return 0;
}

/* Sending time of L frames at rate fps, in ms, rounded up. */
static uint64_t
b2b_send_ms(uint64_t frames, double fps)
{
	return (uint64_t)ceil((double)frames * 1000.0 / fps);
}

static bool
b2b_next(void *state, struct trial_spec *spec)
{
	struct b2b *b = state;
	uint64_t frames, ms;

	if (b->done)
		return false;
	frames = search_next_rate(&b->s);
	*spec = b->base;
	spec->frames = frames;
	spec->duration_ms = 0;
	trial_spec_set_rate(spec, b->p.burst_fps);
	/* Nobody waits for a schedule the port cannot keep: the burst goes
	 * out as fast as the port takes it, and its rate is measured. */
	spec->max_lag_us = UINT32_MAX;
	/*
	 * The receiver waits until the scheduled end of the burst plus
	 * timeout_ms: drain_ms, plus the burst's whole sending time at the
	 * slowest rate measured so far, so a sender slower than the
	 * schedule still leaves the DUT drain_ms after its last frame.
	 */
	ms = b->p.drain_ms;
	if (b->slowest_fps > 0)
		ms += b2b_send_ms(frames, b->slowest_fps);
	spec->timeout_ms = ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
	return true;
}

/* The repetition that just ended: its result, into the statistics. */
static void
b2b_rep_end(struct b2b *b)
{
	struct b2b_rep *r = &b->last;
	double x, delta;

	memset(r, 0, sizeof(*r));
	r->no = b->rep;
	r->frames = search_result(&b->s);
	r->burst_fps = b->rep_burst_fps;
	r->trials = b->rep_trials;
	/* result.h's rule: the longest burst allowed passing is the range's
	 * top passed, "at least" that (no burst length is a line rate) */
	r->why = search_case(&b->s);
	r->kind = result_case_kind(r->why);
	b->rep_ended = true;
	if (r->kind > b->kind) {
		b->kind = r->kind;
		b->why = r->why;
	}
	if (r->kind != REPORT_RESULT_MEASURED)
		return;
	x = (double)r->frames;
	b->measured++;
	delta = x - b->mean;
	b->mean += delta / b->measured;
	b->m2 += delta * (x - b->mean);
	if (b->measured == 1 || x < b->min)
		b->min = x;
	if (b->measured == 1 || x > b->max)
		b->max = x;
}

static void
b2b_record(void *state, const struct trial_spec *spec,
	   const struct report_trial *r)
{
	struct b2b *b = state;
	double fps = b2b_trial_burst_fps(r);
	double allowed_ms, used_ms;

	if (b->done)
		return;
	b->rep_ended = false;
	b->trial_rep = b->rep;
	b->rep_trials++;
	if (fps > 0 && b->nb_rates < B2B_RATE_SAMPLES)
		b->rates[b->nb_rates++] = fps;
	if (fps > 0 && (b->slowest_fps == 0 || fps < b->slowest_fps)) {
		/*
		 * A burst slower than the timeout allowed for: a failed
		 * trial may have lost frames only because the receiver
		 * stopped before the DUT had drain_ms after the last one.
		 * Run the same length again with the rate now known.
		 */
		allowed_ms = (double)spec->timeout_ms +
			     (double)spec->frames * 1000.0 / (double)b->p.burst_fps;
		used_ms = (double)spec->frames * 1000.0 / fps;
		b->slowest_fps = fps;
		if (r->verdict == VERDICT_FAIL &&
		    allowed_ms - used_ms < (double)b->p.drain_ms)
			return;
	}
	search_record_trial(&b->s, r);
	if (r->verdict == VERDICT_PASS && spec->frames == search_result(&b->s))
		b->rep_burst_fps = fps;
	if (b->s.interrupted) {
		b->interrupted = true;
		b->done = true;
		return;
	}
	if (!search_done(&b->s))
		return;
	b2b_rep_end(b);
	if (b->rep >= b->p.repetitions) {
		b->done = true;
		return;
	}
	b->rep++;
	b2b_search_init(b);
}

static uint32_t
b2b_remaining(const void *state)
{
	const struct b2b *b = state;
	struct search fresh;
	uint64_t n;

	if (b->done)
		return 0;
	b2b_search_new(b, &fresh);
	n = search_remaining(&b->s) +
	    (uint64_t)(b->p.repetitions - b->rep) * search_remaining(&fresh);
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static void
b2b_describe(const void *state, char *buf, size_t len)
{
	const struct b2b *b = state;

	snprintf(buf, len, "repetition %u/%u: [%" PRIu64 ", %" PRIu64
		 "] frames, best %" PRIu64, b->rep, b->p.repetitions, b->s.lo,
		 b->s.hi, search_result(&b->s));
}

void
b2b_summarize(const struct b2b *b, double throughput_fps, double actual_fps,
	      struct b2b_summary *s)
{
	struct stats_summary r;

	memset(s, 0, sizeof(*s));
	s->repetitions = b->measured;
	s->throughput_fps = throughput_fps > 0 ? throughput_fps : 0;
	s->x_from = throughput_fps > 0 ? B2B_X_GIVEN : B2B_X_NONE;
	s->actual_fps = actual_fps > 0 ? actual_fps : 0;
	s->avg_frames = s->min_frames = s->max_frames = NAN;
	s->stddev_frames = s->burst_fps = s->rx_fps = NAN;
	s->implied_s = s->corrected_s = s->buffer_frames = NAN;
	s->actual_s = NAN;
	if (b->nb_rx_rates > 0 &&
	    stats_summarize(b->rx_rates, b->nb_rx_rates, &r) == 0)
		s->rx_fps = r.median;
	/* RFC 9004 6.4: without a measured throughput, "an acceptable
	 * approximation is the received frame rate" of this test */
	if (s->x_from == B2B_X_NONE && s->rx_fps > 0) {
		s->throughput_fps = s->rx_fps;
		s->x_from = B2B_X_RECEIVED;
	}
	if (b->measured == 0)
		return;
	s->avg_frames = b->mean;
	s->min_frames = b->min;
	s->max_frames = b->max;
	/* the sample standard deviation; 0 for a single repetition */
	s->stddev_frames = b->measured > 1 ? sqrt(b->m2 / (b->measured - 1)) : 0;
	if (b->nb_rates > 0 && stats_summarize(b->rates, b->nb_rates, &r) == 0)
		s->burst_fps = r.median;
	s->implied_s = b2b_implied_buffer_s(s->avg_frames, s->burst_fps);
	s->corrected_s = b2b_corrected_buffer_s(s->avg_frames, s->burst_fps,
						 s->throughput_fps);
	if (!isnan(s->corrected_s))
		s->buffer_frames = s->corrected_s * s->burst_fps;
	s->actual_s = b2b_actual_buffer_s(s->corrected_s, s->burst_fps,
					  s->actual_fps);
}

void
b2b_summary_row(const struct b2b_summary *s, struct b2b_row *row)
{
	row->kind = "summary";
	row->has_summary = s->repetitions > 0;
	row->repetitions = s->repetitions;
	row->avg_frames = s->avg_frames;
	row->min_frames = s->min_frames;
	row->max_frames = s->max_frames;
	row->stddev_frames = s->stddev_frames;
	row->has_rate = !isnan(s->burst_fps);
	row->burst_rate_fps = s->burst_fps;
	row->throughput_fps = s->throughput_fps;
	row->has_implied = !isnan(s->implied_s);
	row->implied_buffer_us = s->implied_s * 1e6;
	row->has_corrected = !isnan(s->corrected_s);
	row->corrected_buffer_us = s->corrected_s * 1e6;
	row->buffer_frames = s->buffer_frames;
	row->has_rx = !isnan(s->rx_fps);
	row->rx_rate_fps = s->rx_fps;
	row->throughput_from = b2b_x_from_name(s->x_from);
	row->has_actual = !isnan(s->actual_s);
	row->actual_buffer_us = s->actual_s * 1e6;
}

/* b2b.csv (mode b2b, RFC 9004): one table for its trial, repetition and
 * summary rows (b2b.h); what a kind does not have stays empty. */
#define B2B_IF(n, u, d, m, flag) \
	REPORT_COL_DOUBLE_IF(n, u, d, struct b2b_row, m, flag)

static const struct report_col b2b_cols[] = {
	REPORT_COL_U32("no", "", struct b2b_row, no),
	REPORT_COL_TEXT("row", struct b2b_row, kind),
	REPORT_COL_U32("repetition", "", struct b2b_row, repetition),
	REPORT_COL_U32("iteration", "", struct b2b_row, iteration),
	REPORT_COL_U32("frame_size_b", "b", struct b2b_row, frame_size_b),
	REPORT_COL_DIRECTION("direction", struct b2b_row, direction),
	REPORT_COL_U32("flows", "", struct b2b_row, flows),
	REPORT_COL_U64("burst_rate_set_fps", "fps", struct b2b_row,
		       burst_rate_set_fps),
	B2B_IF("burst_frames", "", 0, burst_frames, has_frames),
	B2B_IF("sent", "", 0, sent, has_counts),
	B2B_IF("received", "", 0, received, has_counts),
	B2B_IF("lost", "", 0, lost, has_counts),
	B2B_IF("burst_rate_fps", "fps", 1, burst_rate_fps, has_rate),
	REPORT_COL_TEXT("result", struct b2b_row, result),
	REPORT_COL_U32("repetitions", "", struct b2b_row, repetitions),
	B2B_IF("avg_frames", "", 2, avg_frames, has_summary),
	B2B_IF("min_frames", "", 0, min_frames, has_summary),
	B2B_IF("max_frames", "", 0, max_frames, has_summary),
	B2B_IF("stddev_frames", "", 2, stddev_frames, has_summary),
	REPORT_COL_DOUBLE_POS("throughput_fps", "fps", 1, struct b2b_row,
			      throughput_fps),
	B2B_IF("implied_buffer_us", "us", 3, implied_buffer_us, has_implied),
	B2B_IF("corrected_buffer_us", "us", 3, corrected_buffer_us,
	       has_corrected),
	B2B_IF("buffer_frames", "", 1, buffer_frames, has_corrected),
	REPORT_COL_DATE("date", struct b2b_row, date),
	/* added after date (issue 37): RFC 9004 6.4's X labelled, 7's
	 * actual buffer time */
	B2B_IF("received_rate_fps", "fps", 1, rx_rate_fps, has_rx),
	REPORT_COL_TEXT("throughput_from", struct b2b_row, throughput_from),
	B2B_IF("actual_buffer_us", "us", 3, actual_buffer_us, has_actual),
};

const struct report_table b2b_table = REPORT_TABLE(",", b2b_cols);

const struct proc_ops b2b_ops = {
	.name = "back-to-back search",
	.next = b2b_next,
	.record = b2b_record,
	.remaining = b2b_remaining,
	.describe = b2b_describe,
};

/* [b2b]: RFC 9004's 2 s drain unless short_drain says otherwise, a
 * consistent burst length range, flows that fit in the port space. */
int
b2b_cfg_check(const struct cfg *c, char *err, size_t err_len)
{
	char lead[CFG_PATH_LEN + 64], b[64], plain[64];
	int d;

	if (c->b2b_drain_ms < B2B_MIN_DRAIN_MS && !c->b2b_short_drain)
		return cfg_errf(err, err_len, "%s: below RFC 9004's %u ms for the "
				"DUT to drain (for tests only: [b2b] short_drain "
				"= 1)", cfg_key_blame(c, "b2b", "drain_ms", lead,
						      sizeof(lead)),
				B2B_MIN_DRAIN_MS);
	snprintf(plain, sizeof(plain), "[b2b] max_frames = %" PRIu64,
		 c->b2b_max_frames);
	if (c->b2b_max_frames != 0 && c->b2b_min_frames >= c->b2b_max_frames)
		return cfg_errf(err, err_len, "%s >= %s",
				cfg_key_blame(c, "b2b", "min_frames", lead,
					      sizeof(lead)),
				cfg_key_ref(c, "b2b", "max_frames", plain, b, sizeof(b)));
	if (c->b2b_initial_frames != 0 &&
	    (c->b2b_initial_frames < c->b2b_min_frames ||
	     (c->b2b_max_frames != 0 &&
	      c->b2b_initial_frames > c->b2b_max_frames)))
		return cfg_errf(err, err_len, "%s outside [b2b] min_frames = %"
				PRIu64 " .. max_frames = %" PRIu64,
				cfg_key_blame(c, "b2b", "initial_frames", lead,
					      sizeof(lead)),
				c->b2b_min_frames, c->b2b_max_frames);
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (cfg_dir_active(c, d) &&
		    !frame_flows_fit(frame_sport_base(c, d), c->b2b_flows))
			return cfg_errf(err, err_len, "%s: source ports %u .. %u "
					"of the %s direction: beyond 65535",
					cfg_key_blame(c, "b2b", "flows", lead,
						      sizeof(lead)),
					frame_sport_base(c, d),
					frame_sport_base(c, d) + c->b2b_flows - 1,
					d == CFG_FWD ? "forward" : "reverse");
	return 0;
}

/* The burst rate at most the line rate; RFC 9004 6.2: bursts of at most 30 s at the burst rate ([b2b]
 * burst_rate_fps, else the line rate). */
int
b2b_cfg_check_line(const struct cfg *c, uint64_t line, char *err,
		   size_t err_len)
{
	uint64_t burst = c->b2b_burst_rate_fps ? c->b2b_burst_rate_fps : line;
	char lead[CFG_PATH_LEN + 64];

	if (c->b2b_burst_rate_fps > line)
		return cfg_line_rate_err(c, "b2b", "burst_rate_fps", "",
					 c->b2b_burst_rate_fps, err, err_len);
	if (c->b2b_max_frames <= (uint64_t)B2B_MAX_BURST_S * burst)
		return 0;
	return cfg_errf(err, err_len, "%s: more than %u s (RFC 9004 6.2) at "
			"the burst rate %" PRIu64 " fps ([b2b] burst_rate_fps, "
			"0 = the line rate)", cfg_key_blame(c, "b2b",
			"max_frames", lead, sizeof(lead)), B2B_MAX_BURST_S, burst);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * delay: one-way delay statistics for RFC 8219 7.2 (latency of tagged
 * frames) and 7.3 (packet delay variation, PDV and IPDV).  See
 * docs/delay.md for the definitions.
 *
 * struct delay_hist is a fixed-size log-linear histogram of non-negative
 * delays in nanoseconds, fed from the receiver's hot loop:
 *   - values below DELAY_HIST_LINEAR_NS (1024 ns) have one bucket each
 *     (exact);
 *   - each octave [2^b, 2^(b+1)), b = 10..63, is split into
 *     DELAY_HIST_SUB (128) buckets of width 2^(b-7).
 * A quantile returns the middle of the bucket that holds the nearest-rank
 * sample, clamped to [min, max]; rank 1 and rank n return the exact min and
 * max.  Error bound against the exact nearest-rank sample value v:
 *   v < 1024 ns:  exact;
 *   v >= 1024 ns: |error| <= 2^(b-8) <= v / 256 (0.39 %), b = floor(log2 v).
 * Min, max, count and the sum (for the mean) are exact.
 *
 * All-zero memory is an empty histogram (min is stored inverted), so the
 * caller may place it anywhere and just zero it; delay_hist_init() does
 * exactly that.  Size: 7936 buckets * 8 B + 40 B = 63528 B (~62 KiB).
 * No pointers: histograms may be copied with memcpy and merged.
 * One writer at a time (one histogram per lcore, merged afterwards).
 */
#ifndef DUTPERF_DELAY_H
#define DUTPERF_DELAY_H

#include <stdbool.h>
#include <stdint.h>

#define DELAY_HIST_LINEAR_BITS 10
#define DELAY_HIST_LINEAR_NS (1u << DELAY_HIST_LINEAR_BITS)	/* 1024 */
#define DELAY_HIST_SUB_BITS 7
#define DELAY_HIST_SUB (1u << DELAY_HIST_SUB_BITS)		/* 128 */
/* 1024 exact buckets + 54 octaves (b = 10..63) of 128 buckets */
#define DELAY_HIST_NBUCKETS \
	(DELAY_HIST_LINEAR_NS + (64 - DELAY_HIST_LINEAR_BITS) * DELAY_HIST_SUB)

struct delay_hist {
	uint64_t count;		/* values added */
	uint64_t min_inv;	/* ~min: 0 (min = UINT64_MAX) when empty */
	uint64_t max_ns;	/* 0 when empty */
	uint64_t sum_lo_ns;	/* exact 128-bit sum of the values ... */
	uint64_t sum_hi_ns;	/* ... as two words (no alignment needs) */
	uint64_t bucket[DELAY_HIST_NBUCKETS];
};

/* Hot path: begin (tests check there are no loops, divisions, floats) */
static inline unsigned int
delay_hist_index(uint64_t ns)
{
	unsigned int b;

	if (ns < DELAY_HIST_LINEAR_NS)
		return (unsigned int)ns;
	b = 63u - (unsigned int)__builtin_clzll(ns);
	/* ns >> (b - 7) is in [128, 256): the leading bit and 7 more */
	return ((b - DELAY_HIST_LINEAR_BITS) << DELAY_HIST_SUB_BITS) +
		(unsigned int)(ns >> (b - DELAY_HIST_SUB_BITS)) +
		(DELAY_HIST_LINEAR_NS - DELAY_HIST_SUB);
}

static inline void
delay_hist_add(struct delay_hist *h, uint64_t ns)
{
	h->bucket[delay_hist_index(ns)]++;
	h->count++;
	h->sum_lo_ns += ns;
	h->sum_hi_ns += h->sum_lo_ns < ns;	/* carry */
	if (ns > h->max_ns)
		h->max_ns = ns;
	if (~ns > h->min_inv)
		h->min_inv = ~ns;
}
/* Hot path: end */

/* Empty the histogram (memset 0). */
void delay_hist_init(struct delay_hist *h);

uint64_t delay_hist_count(const struct delay_hist *h);
/* Exact minimum and maximum; 0 when empty. */
uint64_t delay_hist_min(const struct delay_hist *h);
uint64_t delay_hist_max(const struct delay_hist *h);
/* Mean of the values (exact sum / count, rounded to double); 0 if empty. */
double delay_hist_mean(const struct delay_hist *h);

/*
 * Nearest-rank percentile q_pct in [0, 100] (the rank stats_percentile_rank()
 * gives: ceil(q/100 * n) clamped to [1, n]), within the bound above.
 * q = 0 returns the exact min, q = 100 the exact max.  0 when empty: check
 * delay_hist_count() first.
 */
uint64_t delay_hist_quantile(const struct delay_hist *h, double q_pct);
/* The value of 1-based rank in [1, count] (clamped), same bound. */
uint64_t delay_hist_at_rank(const struct delay_hist *h, uint64_t rank);

/* dst += src (counts, sum, min, max). */
void delay_hist_merge(struct delay_hist *dst, const struct delay_hist *src);

/* Smallest and largest value that bucket idx < DELAY_HIST_NBUCKETS holds. */
void delay_hist_bucket_range(unsigned int idx, uint64_t *lo_ns,
		uint64_t *hi_ns);

/*
 * IPDV (RFC 8219 7.3.2): signed differences D(i) - D(i-1) of the one-way
 * delays of frames with consecutive sequence numbers.  Negative values go
 * into neg as magnitudes, the others into pos; quantiles combine the two
 * halves, so they are nearest-rank quantiles of the signed values with the
 * same error bound (on the magnitude).  Min and max are exact (the exact
 * extremes of the halves).  All-zero memory is empty.
 *
 * delay_ipdv_seq() is a helper for a receiver: it remembers the previous
 * frame's sequence number and delay and adds D(i) - D(i-1) when seq is the
 * previous one + 1 (other pairs are skipped: lost or reordered frames
 * break the chain).
 */
struct delay_ipdv {
	struct delay_hist neg;	/* magnitudes of the negative differences */
	struct delay_hist pos;	/* differences >= 0 */
	uint64_t prev_seq;	/* delay_ipdv_seq() state */
	uint64_t prev_ns;
	bool have_prev;
};

/* Hot path: begin */
static inline void
delay_ipdv_add(struct delay_ipdv *x, int64_t ns)
{
	if (ns < 0)
		delay_hist_add(&x->neg, (uint64_t)0 - (uint64_t)ns);
	else
		delay_hist_add(&x->pos, (uint64_t)ns);
}

static inline void
delay_ipdv_seq(struct delay_ipdv *x, uint64_t seq, uint64_t d_ns)
{
	if (x->have_prev && seq == x->prev_seq + 1)
		delay_ipdv_add(x, (int64_t)(d_ns - x->prev_ns));
	x->prev_seq = seq;
	x->prev_ns = d_ns;
	x->have_prev = true;
}
/*
 * Several streams on one receiver: consecutive sequence numbers are a
 * stream's own, so each stream keeps its own chain (previous number and
 * delay) while their differences go into one delay_ipdv.  All-zero memory
 * is an empty chain; with one stream a chain does what delay_ipdv_seq()
 * does with x's own state.  A stream spread over several receivers loses
 * the pairs whose two frames arrived on different ones (a broken chain,
 * as a lost frame breaks it).
 */
struct delay_ipdv_chain {
	uint64_t prev_seq;
	uint64_t prev_ns;
	bool have_prev;
};

static inline void
delay_ipdv_chain_add(struct delay_ipdv *x, struct delay_ipdv_chain *c,
		     uint64_t seq, uint64_t d_ns)
{
	if (c->have_prev && seq == c->prev_seq + 1)
		delay_ipdv_add(x, (int64_t)(d_ns - c->prev_ns));
	c->prev_seq = seq;
	c->prev_ns = d_ns;
	c->have_prev = true;
}
/* Hot path: end */

/* Empty (memset 0). */
void delay_ipdv_init(struct delay_ipdv *x);
uint64_t delay_ipdv_count(const struct delay_ipdv *x);
/* Exact extremes; 0 when empty. */
int64_t delay_ipdv_min(const struct delay_ipdv *x);
int64_t delay_ipdv_max(const struct delay_ipdv *x);
/* Nearest-rank percentile of the signed values; 0 when empty. */
int64_t delay_ipdv_quantile(const struct delay_ipdv *x, double q_pct);
/*
 * Median as stats.h defines it: the middle value for odd n, the mean of the
 * two middle values for even n (truncated toward 0 to an integer ns).
 * 0 when empty.
 */
int64_t delay_ipdv_median(const struct delay_ipdv *x);
/* dst += src (histograms only; the delay_ipdv_seq() state of dst stays). */
void delay_ipdv_merge(struct delay_ipdv *dst, const struct delay_ipdv *src);

/*
 * PDV summary (RFC 8219 7.3.1): PDV = D99.9 - Dmin over the one-way delays
 * of all received test frames.
 *
 * valid = false when no frame arrived (h empty): there is no PDV then, and
 * it must be reported as "no value", never as 0; all other fields are 0.
 * The ipdv_* fields are 0 with ipdv_n = 0 when x is NULL or empty.
 * dmin_ns, dmax_ns, dmean_ns, ipdv_min_ns and ipdv_max_ns are exact;
 * d999_ns, pdv_ns (through d999_ns) and ipdv_median_ns carry the histogram
 * bound.
 */
struct delay_pdv_summary {
	uint64_t n;		/* frames with a delay (h count) */
	bool valid;		/* n > 0 */
	uint64_t dmin_ns, dmax_ns, d999_ns, pdv_ns;
	double dmean_ns;
	int64_t ipdv_min_ns, ipdv_median_ns, ipdv_max_ns;
	uint64_t ipdv_n;
};

void delay_pdv_summarize(const struct delay_hist *h,
		const struct delay_ipdv *x, struct delay_pdv_summary *out);

/*
 * Latency of tagged frames (RFC 8219 7.2).  Tagged frame i was sent at
 * tx_tsc[i] and received at rx_tsc[i]; rx_tsc[i] == 0 means it was lost,
 * tx_tsc[i] == 0 that it was never sent (a trial the sender aborted, a
 * frame the port refused): such a frame is counted in unsent only, never
 * as tagged or lost.  One TX-time rule for every tagged frame: the TSC
 * read right before the rte_eth_tx_burst() call that sent it (a PMD that
 * delivers inside the call, as af_packet does, may hand the frame to the
 * receiver before the call returns, so a time taken after the call could
 * lie after the RX time; the time before it never does, and overstates
 * latency by at most the call's duration, alike for every frame).
 *
 * Rule for lost tagged frames: a lost tagged frame counts with a latency
 * equal to the timeout (penalty_ns; the caller passes the timeout), as
 * siitperf does, and is counted in lost.
 * A received frame's latency is (rx - tx) * 1e9 / tsc_hz, computed in
 * 128-bit integers and rounded to the nearest ns.  A received frame with
 * rx < tx (a TSC that is not synchronized, or a bad stamp) counts as 0 ns
 * and is counted in clamped.
 *
 * Over the latencies of the sent tagged frames (penalties included): TL =
 * median (stats.h: mean of the two middle values for an even count), WCL =
 * 99.9th percentile (nearest rank, stats_percentile), min, max and mean,
 * all exact.  valid = false when no tagged frame was sent or every one
 * was lost: then TL and WCL do not exist and tl_ns, wcl_ns, min_ns, max_ns and mean_ns are NaN (the
 * counters are still filled).
 * Returns 0, -EINVAL (tsc_hz == 0, NULL arrays with n > 0, out NULL) or
 * -ENOMEM.
 */
struct delay_lat_summary {
	uint32_t tagged, received, lost;	/* tagged = sent tagged frames */
	uint32_t unsent;	/* placed but never sent (tx 0): not tagged */
	bool valid;
	double tl_ns /* median */, wcl_ns /* 99.9th percentile */;
	double min_ns, max_ns, mean_ns;
	uint32_t clamped;	/* received with rx < tx, counted as 0 ns */
};

int delay_latency_summarize(const uint64_t *tx_tsc, const uint64_t *rx_tsc,
		uint32_t n, uint64_t tsc_hz, uint64_t penalty_ns,
		struct delay_lat_summary *out);

/* (rx - tx) ticks to ns as delay_latency_summarize() does it (division). */
uint64_t delay_ticks_to_ns(uint64_t ticks, uint64_t tsc_hz);

/*
 * Division-free TSC ticks to ns for a hot loop: ns = ticks * mult >> 32
 * with mult = round(1e9 * 2^32 / tsc_hz).  Error versus the exact
 * ticks * 1e9 / tsc_hz: relative at most 0.5 / mult = tsc_hz / (1e9 * 2^33)
 * (3.5e-10 at 3 GHz: 0.35 ns per second of delay) plus under 1 ns of
 * truncation.  tsc_hz must be >= 1 kHz; results of 2^64 ns and more (584
 * years) wrap.
 */
struct delay_tsc_scale {
	uint64_t mult;		/* ns per tick, 32.32 fixed point */
};

/* 0 or -EINVAL (tsc_hz < 1000). */
int delay_tsc_scale_init(struct delay_tsc_scale *s, uint64_t tsc_hz);

/* Hot path: begin */
static inline uint64_t
delay_tsc_to_ns(const struct delay_tsc_scale *s, uint64_t ticks)
{
	__extension__ unsigned __int128 p = (unsigned __int128)ticks * s->mult;

	return (uint64_t)(p >> 32);
}
/* Hot path: end */

#endif /* DUTPERF_DELAY_H */

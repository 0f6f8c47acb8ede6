/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * delay: histograms of one-way delays (RFC 8219 7.3 PDV and IPDV) and the
 * latency summary of tagged frames (RFC 8219 7.2).  See docs/delay.md.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/delay.h"
#include "dutperf/stats.h"

#define DELAY_NS_PER_S 1000000000u

void
delay_hist_init(struct delay_hist *h)
{
	memset(h, 0, sizeof(*h));
}

uint64_t
delay_hist_count(const struct delay_hist *h)
{
	return h->count;
}

uint64_t
delay_hist_min(const struct delay_hist *h)
{
	return h->count == 0 ? 0 : ~h->min_inv;
}

uint64_t
delay_hist_max(const struct delay_hist *h)
{
	return h->max_ns;
}

double
delay_hist_mean(const struct delay_hist *h)
{
	unsigned __int128 sum;

	if (h->count == 0)
		return 0.0;
	sum = ((unsigned __int128)h->sum_hi_ns << 64) | h->sum_lo_ns;
	/* Whole part in integers, the remainder as a fraction. */
	return (double)(sum / h->count) +
		(double)(uint64_t)(sum % h->count) / (double)h->count;
}

void
delay_hist_bucket_range(unsigned int idx, uint64_t *lo_ns, uint64_t *hi_ns)
{
	unsigned int b, sub;
	uint64_t w;

	if (idx < DELAY_HIST_LINEAR_NS) {
		*lo_ns = idx;
		*hi_ns = idx;
		return;
	}
	/* Inverse of delay_hist_index(): octave b, sub-bucket sub. */
	idx -= DELAY_HIST_LINEAR_NS;
	b = (idx >> DELAY_HIST_SUB_BITS) + DELAY_HIST_LINEAR_BITS;
	sub = idx & (DELAY_HIST_SUB - 1);
	w = (uint64_t)1 << (b - DELAY_HIST_SUB_BITS);
	*lo_ns = (uint64_t)(DELAY_HIST_SUB + sub) * w;
	*hi_ns = *lo_ns + (w - 1);
}

uint64_t
delay_hist_at_rank(const struct delay_hist *h, uint64_t rank)
{
	uint64_t cum = 0, lo, hi, v, mn, mx;
	unsigned int i;

	if (h->count == 0)
		return 0;
	mn = delay_hist_min(h);
	mx = h->max_ns;
	if (rank <= 1)
		return mn;
	if (rank >= h->count)
		return mx;
	/* The bucket holding the rank-th value (counts are cumulative). */
	for (i = 0; i < DELAY_HIST_NBUCKETS; i++) {
		cum += h->bucket[i];
		if (cum >= rank)
			break;
	}
	if (i == DELAY_HIST_NBUCKETS)	/* counts inconsistent: merged junk */
		return mx;
	delay_hist_bucket_range(i, &lo, &hi);
	v = lo + (hi - lo + 1) / 2;	/* middle: error <= width / 2 */
	/* The true value is in [mn, mx] too: clamping only brings v closer. */
	if (v < mn)
		v = mn;
	if (v > mx)
		v = mx;
	return v;
}

uint64_t
delay_hist_quantile(const struct delay_hist *h, double q_pct)
{
	return delay_hist_at_rank(h,
		(uint64_t)stats_percentile_rank((size_t)h->count, q_pct));
}

void
delay_hist_merge(struct delay_hist *dst, const struct delay_hist *src)
{
	unsigned int i;

	if (src->count == 0)
		return;
	for (i = 0; i < DELAY_HIST_NBUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
	dst->count += src->count;
	dst->sum_lo_ns += src->sum_lo_ns;
	dst->sum_hi_ns += src->sum_hi_ns + (dst->sum_lo_ns < src->sum_lo_ns);
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	if (src->min_inv > dst->min_inv)
		dst->min_inv = src->min_inv;
}

void
delay_ipdv_init(struct delay_ipdv *x)
{
	memset(x, 0, sizeof(*x));
}

uint64_t
delay_ipdv_count(const struct delay_ipdv *x)
{
	return x->neg.count + x->pos.count;
}

/* -m for a magnitude m <= 2^63 (m = 2^63 is INT64_MIN). */
static int64_t
delay_neg(uint64_t m)
{
	return m >= (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)m;
}

int64_t
delay_ipdv_min(const struct delay_ipdv *x)
{
	if (x->neg.count > 0)
		return delay_neg(x->neg.max_ns);
	return (int64_t)delay_hist_min(&x->pos);
}

int64_t
delay_ipdv_max(const struct delay_ipdv *x)
{
	if (x->pos.count > 0)
		return (int64_t)x->pos.max_ns;
	return delay_neg(delay_hist_min(&x->neg));
}

/*
 * Signed value of 1-based rank r: the nneg negative values come first, in
 * descending order of magnitude, so rank r <= nneg is the magnitude of rank
 * nneg - r + 1 in neg.
 */
static int64_t
delay_ipdv_at_rank(const struct delay_ipdv *x, uint64_t r)
{
	uint64_t nneg = x->neg.count;

	if (r <= nneg)
		return delay_neg(delay_hist_at_rank(&x->neg, nneg - r + 1));
	return (int64_t)delay_hist_at_rank(&x->pos, r - nneg);
}

int64_t
delay_ipdv_quantile(const struct delay_ipdv *x, double q_pct)
{
	uint64_t n = delay_ipdv_count(x);

	if (n == 0)
		return 0;
	return delay_ipdv_at_rank(x,
		(uint64_t)stats_percentile_rank((size_t)n, q_pct));
}

int64_t
delay_ipdv_median(const struct delay_ipdv *x)
{
	uint64_t n = delay_ipdv_count(x);
	__int128 a, b;

	if (n == 0)
		return 0;
	if (n % 2 == 1)
		return delay_ipdv_at_rank(x, n / 2 + 1);
	a = delay_ipdv_at_rank(x, n / 2);
	b = delay_ipdv_at_rank(x, n / 2 + 1);
	return (int64_t)((a + b) / 2);
}

void
delay_ipdv_merge(struct delay_ipdv *dst, const struct delay_ipdv *src)
{
	delay_hist_merge(&dst->neg, &src->neg);
	delay_hist_merge(&dst->pos, &src->pos);
}

void
delay_pdv_summarize(const struct delay_hist *h, const struct delay_ipdv *x,
		struct delay_pdv_summary *out)
{
	memset(out, 0, sizeof(*out));
	if (h == NULL || h->count == 0)
		return;		/* RFC 8219 7.3: no frame, no PDV (not 0) */
	out->n = h->count;
	out->valid = true;
	out->dmin_ns = delay_hist_min(h);
	out->dmax_ns = delay_hist_max(h);
	out->d999_ns = delay_hist_quantile(h, 99.9);
	out->pdv_ns = out->d999_ns - out->dmin_ns;	/* d999 >= min */
	out->dmean_ns = delay_hist_mean(h);
	if (x == NULL || delay_ipdv_count(x) == 0)
		return;
	out->ipdv_n = delay_ipdv_count(x);
	out->ipdv_min_ns = delay_ipdv_min(x);
	out->ipdv_median_ns = delay_ipdv_median(x);
	out->ipdv_max_ns = delay_ipdv_max(x);
}

uint64_t
delay_ticks_to_ns(uint64_t ticks, uint64_t tsc_hz)
{
	unsigned __int128 ns;

	if (tsc_hz == 0)
		return 0;
	ns = ((unsigned __int128)ticks * DELAY_NS_PER_S + tsc_hz / 2) / tsc_hz;
	return ns > UINT64_MAX ? UINT64_MAX : (uint64_t)ns;
}

int
delay_latency_summarize(const uint64_t *tx_tsc, const uint64_t *rx_tsc,
		uint32_t n, uint64_t tsc_hz, uint64_t penalty_ns,
		struct delay_lat_summary *out)
{
	struct stats_summary s;
	double *lat;
	uint32_t i, k;
	int rc;

	if (out == NULL)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->tl_ns = out->wcl_ns = NAN;
	out->min_ns = out->max_ns = out->mean_ns = NAN;
	if (tsc_hz == 0 || (n > 0 && (tx_tsc == NULL || rx_tsc == NULL)))
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (tx_tsc[i] == 0)
			out->unsent++;	/* never sent: not tagged, not lost */
		else
			out->lost += rx_tsc[i] == 0;
	}
	out->tagged = n - out->unsent;
	out->received = out->tagged - out->lost;
	if (out->received == 0)
		return 0;	/* nothing arrived: no TL, no WCL */

	lat = malloc((size_t)out->tagged * sizeof(*lat));
	if (lat == NULL)
		return -ENOMEM;
	for (i = 0, k = 0; i < n; i++) {
		if (tx_tsc[i] == 0)
			continue;
		if (rx_tsc[i] == 0) {
			/* RFC 8219 7.2: lost tagged frame = timeout */
			lat[k++] = (double)penalty_ns;
		} else if (rx_tsc[i] < tx_tsc[i]) {
			out->clamped++;
			lat[k++] = 0.0;
		} else {
			lat[k++] = (double)delay_ticks_to_ns(rx_tsc[i] - tx_tsc[i],
							     tsc_hz);
		}
	}
	stats_sort(lat, k);
	rc = stats_summarize_sorted(lat, k, &s);
	if (rc == 0) {
		out->valid = true;
		out->tl_ns = s.median;
		out->wcl_ns = stats_percentile_sorted(lat, k, 99.9);
		out->min_ns = s.min;
		out->max_ns = s.max;
		out->mean_ns = s.mean;
	}
	free(lat);
	return rc;
}

int
delay_tsc_scale_init(struct delay_tsc_scale *s, uint64_t tsc_hz)
{
	unsigned __int128 num;

	if (tsc_hz < 1000)
		return -EINVAL;
	num = (unsigned __int128)DELAY_NS_PER_S << 32;
	s->mult = (uint64_t)((num + tsc_hz / 2) / tsc_hz);
	return 0;
}

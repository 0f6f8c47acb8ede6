/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pacer: exact absolute deadlines, no division per call.
 *
 * Notation: x(i) = i * hz / rate (a rational), D(i) = floor(x(i)) the exact
 * relative deadline.  All integers below are < 2^64 unless said otherwise;
 * u128 is unsigned __int128.
 *
 * Deadline.  period_fp = floor(hz * 2^64 / rate) (hz < 2^64, so the
 * dividend fits in 128 bits), split as period_fp = q * 2^64 + f with
 * q = floor(hz / rate) and f < 2^64.  The estimate
 *	est = floor(i * period_fp / 2^64) = i * q + floor(i * f / 2^64)
 * needs two 64x64->128 multiplies.  Since hz * 2^64 / rate - 1 < period_fp
 * <= hz * 2^64 / rate, we have x(i) - i / 2^64 < i * period_fp / 2^64
 * <= x(i), and i < 2^64 gives x(i) - 1 < i * period_fp / 2^64 <= x(i), so
 * D(i) - 1 <= est <= D(i).  One exact test decides:
 *	est + 1 == D(i)  <=>  (est + 1) * rate <= i * hz.
 * Both products fit in 128 bits: i * hz <= (2^64 - 1)^2 and
 * (est + 1) * rate <= i * hz + rate < 2^128.  So pacer_deadline returns
 * D(i) exactly: its error against the exact rational x(i) is in [0, 1)
 * tick for every i < 2^64, hz and rate, far beyond 3600 s * 148.8 Mfps
 * (5.4e11 < 2^39 frames) at 5 GHz.
 *
 * Why not 64.32: with period = floor(hz * 2^32 / rate) the truncation
 * (< 2^-32 tick per frame) accumulates to i * 2^-32 ticks: at hz = 5e9,
 * rate = 148.8e6 the fraction lost per frame is 38/93 * 2^-32 and frame
 * 5.3568e11 would be 51 ticks early (125 ticks for the worst nearby
 * rates).  64 fractional bits bound the accumulated error by i * 2^-64 < 1.
 *
 * Due count.  D(i) <= t  <=>  x(i) < t + 1  <=>  i * hz < (t + 1) * rate,
 * so the frames due at relative time t number c = ceil(n / hz) with
 * n = (t + 1) * rate.  inv_fp = floor(rate * 2^64 / hz) (< 2^128) gives,
 * by the same argument with (t + 1) < 2^64, e = floor((t + 1) * inv_fp /
 * 2^64) with floor(n / hz) - 1 <= e <= floor(n / hz), hence
 * c = e + [e * hz < n] + [(e + 1) * hz < n]; (e + 1) * hz <= n + hz < 2^128.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dutperf/pacer.h"

typedef unsigned __int128 pacer_u128;

#define PACER_NS_PER_S 1000000000u

static uint64_t
pacer_sat64(pacer_u128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* floor(a * fp / 2^64) for a < 2^64, fp < 2^128; the caller knows it fits */
static pacer_u128
pacer_mul_fp(uint64_t a, pacer_u128 fp)
{
	uint64_t hi = (uint64_t)(fp >> 64);
	uint64_t lo = (uint64_t)fp;

	return (pacer_u128)a * hi + (((pacer_u128)a * lo) >> 64);
}

/* D(i) = floor(i * hz / rate), exact (see the top of the file). */
static pacer_u128
pacer_rel(const struct pacer *p, uint64_t i)
{
	pacer_u128 est = pacer_mul_fp(i, p->period_fp);

	est += (est + 1) * p->rate_fps <= (pacer_u128)i * p->hz;
	return est;
}

void
pacer_init(struct pacer *p, uint64_t start_tsc, uint64_t hz,
	   uint64_t rate_fps, uint64_t total)
{
	if (hz == 0)
		hz = 1;
	if (rate_fps == 0)
		rate_fps = 1;
	p->start_tsc = start_tsc;
	p->hz = hz;
	p->rate_fps = rate_fps;
	p->total = total;
	p->period_fp = ((pacer_u128)hz << 64) / rate_fps;
	p->inv_fp = ((pacer_u128)rate_fps << 64) / hz;
	p->last_tsc = total != 0 ? pacer_deadline(p, total - 1) : start_tsc;
}

uint64_t
pacer_deadline(const struct pacer *p, uint64_t i)
{
	return pacer_sat64(p->start_tsc + pacer_rel(p, i));
}

uint64_t
pacer_due(const struct pacer *p, uint64_t now_tsc)
{
	uint64_t t1;
	pacer_u128 n, e;

	if (p->total == 0 || now_tsc < p->start_tsc)
		return 0;
	if (now_tsc >= p->last_tsc)
		return p->total;
	/* now < last_tsc <= UINT64_MAX, so t + 1 fits */
	t1 = now_tsc - p->start_tsc + 1;
	n = (pacer_u128)t1 * p->rate_fps;
	e = pacer_mul_fp(t1, p->inv_fp);
	e += e * p->hz < n;
	e += e * p->hz < n;
	return e < p->total ? (uint64_t)e : p->total;
}

uint64_t
pacer_lag(const struct pacer *p, uint64_t i, uint64_t now_tsc)
{
	uint64_t d = pacer_deadline(p, i);

	return now_tsc > d ? now_tsc - d : 0;
}

uint64_t
pacer_total(uint64_t rate_fps, uint64_t duration_s)
{
	return pacer_sat64((pacer_u128)rate_fps * duration_s);
}

uint64_t
pacer_ticks_to_ns(uint64_t ticks, uint64_t hz)
{
	if (hz == 0)
		return UINT64_MAX;
	return pacer_sat64((pacer_u128)ticks * PACER_NS_PER_S / hz);
}

uint64_t
pacer_ns_to_ticks(uint64_t ns, uint64_t hz)
{
	return pacer_sat64((pacer_u128)ns * hz / PACER_NS_PER_S);
}

int
pacer_init_after(struct pacer *p2, const struct pacer *p1, uint64_t rate_fps,
		 uint64_t total)
{
	uint64_t change = pacer_deadline(p1, p1->total), rel;
	struct pacer probe;

	/* frame k = p1->total: its deadline under the new rate from a
	 * virtual start is change, whatever k is */
	pacer_init(&probe, 0, p1->hz, rate_fps, 0);
	rel = pacer_sat64(pacer_rel(&probe, p1->total));
	if (rel > change)
		return -1;
	pacer_init(p2, change - rel, p1->hz, rate_fps, total);
	return 0;
}

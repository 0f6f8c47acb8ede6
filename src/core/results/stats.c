/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stats: summary statistics and Student's t, see include/dutperf/stats.h
 * and docs/statistics.md.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/stats.h"

static int
stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
stats_sort(double *x, size_t n)
{
	if (n > 1)
		qsort(x, n, sizeof(*x), stats_cmp_double);
}

static double *
stats_sorted_copy(const double *x, size_t n)
{
	double *c = malloc(n * sizeof(*c));

	if (c == NULL)
		return NULL;
	memcpy(c, x, n * sizeof(*c));
	stats_sort(c, n);
	return c;
}

/* The summary of x, given s = x sorted; x is summed in its own order. */
static int
stats_summarize_with(const double *x, const double *s, size_t n,
		     struct stats_summary *out)
{
	double mean, ss = 0.0, corr = 0.0;
	long double sum = 0.0L;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			return -EINVAL;
		sum += x[i];
	}
	mean = (double)(sum / (long double)n);
	/* Two passes, with the rounding error of the mean corrected. */
	for (i = 0; i < n; i++) {
		double d = x[i] - mean;

		ss += d * d;
		corr += d;
	}
	out->n = n;
	out->min = s[0];
	out->max = s[n - 1];
	out->mean = mean;
	if (n % 2)
		out->median = s[n / 2];
	else
		out->median = s[n / 2 - 1] + (s[n / 2] - s[n / 2 - 1]) / 2.0;
	if (n >= 2) {
		ss -= corr * corr / (double)n;
		out->stddev = sqrt(ss > 0.0 ? ss / (double)(n - 1) : 0.0);
	} else {
		out->stddev = NAN;
	}
	return 0;
}

int
stats_summarize(const double *x, size_t n, struct stats_summary *out)
{
	double *s;
	int rc;

	if (n == 0 || x == NULL || out == NULL)
		return -EINVAL;
	s = stats_sorted_copy(x, n);
	if (s == NULL)
		return -ENOMEM;
	rc = stats_summarize_with(x, s, n, out);
	free(s);
	return rc;
}

int
stats_summarize_sorted(const double *sorted, size_t n,
		       struct stats_summary *out)
{
	if (n == 0 || sorted == NULL || out == NULL)
		return -EINVAL;
	return stats_summarize_with(sorted, sorted, n, out);
}

size_t
stats_percentile_rank(size_t n, double p_pct)
{
	double r, rr;
	size_t rank;

	if (n == 0)
		return 0;
	if (!(p_pct > 0.0))	/* also NaN */
		return 1;
	if (p_pct >= 100.0)
		return n;
	r = p_pct / 100.0 * (double)n;
	/*
	 * ceil(), but a product that is an integer up to the rounding of a
	 * decimal p (99.9 * 1000 = 999.0000000000001) counts as that integer.
	 */
	rr = nearbyint(r);
	if (fabs(r - rr) <= 1e-9 * (rr > 1.0 ? rr : 1.0))
		r = rr;
	r = ceil(r);
	rank = r < 1.0 ? 1 : (size_t)r;
	return rank > n ? n : rank;
}

double
stats_percentile_sorted(const double *sorted, size_t n, double p_pct)
{
	if (n == 0 || sorted == NULL)
		return NAN;
	return sorted[stats_percentile_rank(n, p_pct) - 1];
}

double
stats_percentile(const double *x, size_t n, double p_pct)
{
	double *s, v;

	if (n == 0 || x == NULL)
		return NAN;
	s = stats_sorted_copy(x, n);
	if (s == NULL)
		return NAN;
	v = stats_percentile_sorted(s, n, p_pct);
	free(s);
	return v;
}

/*
 * Continued fraction of the regularized incomplete beta function I_x(a, b)
 * (modified Lentz evaluation), valid for x < (a + 1) / (a + b + 2).
 */
static double
stats_betacf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1.0, d, f;
	int m;

	d = 1.0 - (a + b) * x / (a + 1.0);
	if (fabs(d) < tiny)
		d = tiny;
	d = 1.0 / d;
	f = d;
	for (m = 1; m <= 1000; m++) {
		double num, delta;
		int k;

		for (k = 0; k < 2; k++) {
			if (k == 0)	/* even step d_2m */
				num = m * (b - m) * x /
				      ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
			else		/* odd step d_2m+1 */
				num = -(a + m) * (a + b + m) * x /
				      ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
			d = 1.0 + num * d;
			if (fabs(d) < tiny)
				d = tiny;
			c = 1.0 + num / c;
			if (fabs(c) < tiny)
				c = tiny;
			d = 1.0 / d;
			delta = c * d;
			f *= delta;
		}
		if (fabs(delta - 1.0) < 1e-15)
			break;
	}
	return f;
}

static double
stats_ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) +
		    a * log(x) + b * log1p(-x));
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * stats_betacf(a, b, x) / a;
	return 1.0 - front * stats_betacf(b, a, 1.0 - x) / b;
}

/* P(T <= t) for t >= 0. */
static double
stats_t_cdf(double t, double df)
{
	if (isinf(df))
		return 0.5 * erfc(-t / M_SQRT2);
	return 1.0 - 0.5 * stats_ibeta(df / 2.0, 0.5, df / (df + t * t));
}

double
stats_t_quantile(double p, double df)
{
	double lo = 0.0, hi = 1.0;
	int i;

	if (!(p > 0.0 && p < 1.0) || !(df > 0.0))
		return NAN;
	if (p < 0.5)
		return -stats_t_quantile(1.0 - p, df);
	if (p == 0.5)
		return 0.0;
	while (stats_t_cdf(hi, df) < p) {
		lo = hi;
		hi *= 2.0;
		if (hi > 1e300)
			return INFINITY;
	}
	for (i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
		double mid = lo + (hi - lo) / 2.0;

		if (stats_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2.0;
}

/* ministat's levels and the one-sided quantile each one uses. */
static const struct {
	double conf_pct;
	double p;
} stats_ministat_levels[] = {
	{ 80.0, 0.90 },
	{ 90.0, 0.95 },
	{ 95.0, 0.975 },
	{ 98.0, 0.99 },
	{ 99.0, 0.995 },
	{ 99.5, 0.999 },	/* sic: 99.8 % two-sided, as ministat does */
};

#define STATS_MINISTAT_MAX_DF 100UL

/*
 * Where ministat's printed t differs from the rounded quantile: its 99.5 %
 * row for df 7..12 (true 0.999 quantiles 4.785 4.501 4.297 4.144 4.025
 * 3.930).  Measured from ministat's output on data sets with these df;
 * tests/integration/stats_cli.sh checks them against the installed ministat.
 */
static const double stats_ministat_995_df7[] = {
	4.782, 4.499, 4.296, 4.143, 4.024, 3.929,
};

int
stats_t_ministat(double conf_pct, unsigned long df, double *t)
{
	size_t i;

	if (df == 0 || t == NULL)
		return -EINVAL;
	for (i = 0; i < sizeof(stats_ministat_levels) /
		    sizeof(stats_ministat_levels[0]); i++) {
		double q;

		/* Written so that a NaN level matches none. */
		if (!(fabs(stats_ministat_levels[i].conf_pct - conf_pct) <= 1e-9))
			continue;
		if (stats_ministat_levels[i].p == 0.999 && df >= 7 &&
		    df < 7 + sizeof(stats_ministat_995_df7) /
			     sizeof(stats_ministat_995_df7[0])) {
			*t = stats_ministat_995_df7[df - 7];
			return 0;
		}
		q = stats_t_quantile(stats_ministat_levels[i].p,
				     df > STATS_MINISTAT_MAX_DF ? INFINITY :
				     (double)df);
		*t = round(q * 1000.0) / 1000.0;
		return 0;
	}
	return -EINVAL;
}

int
stats_ttest(const struct stats_summary *a, const struct stats_summary *b,
	    double conf_pct, struct stats_ttest *out)
{
	double var, s;
	int rc;

	if (a == NULL || b == NULL || out == NULL || a->n < 2 || b->n < 2)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->conf_pct = conf_pct;
	out->df = (unsigned long)(a->n + b->n - 2);
	rc = stats_t_ministat(conf_pct, out->df, &out->t);
	if (rc < 0)
		return rc;
	var = ((double)(a->n - 1) * a->stddev * a->stddev +
	       (double)(b->n - 1) * b->stddev * b->stddev) / (double)out->df;
	s = sqrt(var);
	out->pooled_sd = s;
	out->diff = b->mean - a->mean;
	out->err = out->t * s * sqrt(1.0 / (double)a->n + 1.0 / (double)b->n);
	out->diff_pct = out->diff * 100.0 / a->mean;
	out->err_pct = out->err * 100.0 / a->mean;
	out->significant = fabs(out->diff) > out->err;
	return 0;
}

int
stats_format_ttest(const struct stats_ttest *t, char *buf, size_t len)
{
	if (!t->significant)
		return snprintf(buf, len,
				"No difference proven at %.1f%% confidence\n",
				t->conf_pct);
	return snprintf(buf, len,
			"Difference at %.1f%% confidence\n"
			"\t%g +/- %g\n"
			"\t%g%% +/- %g%%\n"
			"\t(Student's t, pooled s = %g)\n",
			t->conf_pct, t->diff, t->err, t->diff_pct, t->err_pct,
			t->pooled_sd);
}

int
stats_format_number(double v, char *buf, size_t len)
{
	double m = fabs(v);

	if (isfinite(v) && m >= 1e10 && m < 1e21)
		return snprintf(buf, len, "%.0f", v);
	return snprintf(buf, len, "%.10g", v);
}

int
stats_parse_confidence(const char *s, double *conf_pct, char *err,
		       size_t err_len)
{
	double t;
	char *end;

	errno = 0;
	*conf_pct = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 ||
	    stats_t_ministat(*conf_pct, 1, &t) < 0) {
		snprintf(err, err_len,
			 "--confidence '%s': must be one of 80, 90, 95, 98, 99, 99.5",
			 s);
		return -EINVAL;
	}
	return 0;
}

/* stats_format_ttest's text on one line: "...; D +/- E; P% +/- Q%; (...)". */
void
stats_format_ttest_line(const struct stats_ttest *t, char *buf, size_t len)
{
	char text[512], *p, *q;

	if (len == 0)
		return;
	stats_format_ttest(t, text, sizeof(text));
	for (p = text, q = buf; *p != '\0' && (size_t)(q - buf) + 3 < len; p++) {
		if (p[0] == '\n' && p[1] == '\t') {
			*q++ = ';';
			*q++ = ' ';
			p++;
		} else if (*p != '\n') {
			*q++ = *p;
		}
	}
	*q = '\0';
}

int
stats_push(double **v, size_t *n, size_t *cap, double x)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		double *nv = realloc(*v, ncap * sizeof(*nv));

		if (nv == NULL)
			return -ENOMEM;
		*v = nv;
		*cap = ncap;
	}
	(*v)[(*n)++] = x;
	return 0;
}

void *
stats_group_get(void **arr, size_t *n, size_t elem_b, stats_match_fn match,
		const void *key, bool *added)
{
	char *a = *arr, *na;
	size_t i;

	*added = false;
	for (i = 0; i < *n; i++)
		if (match(a + i * elem_b, key))
			return a + i * elem_b;
	na = realloc(a, (*n + 1) * elem_b);
	if (na == NULL)
		return NULL;
	*arr = na;
	memset(na + *n * elem_b, 0, elem_b);
	*added = true;
	return na + (*n)++ * elem_b;
}

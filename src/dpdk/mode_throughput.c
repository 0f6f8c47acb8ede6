/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode throughput: RFC 2544 26.1 binary search in one process, repeated
 * --repeat times.  Every trial is a row in trials.csv, every complete
 * search a row in rate.csv (siitperf's columns); the answer is the highest
 * rate that passed.  An interrupted search writes no rate.csv row.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_cycles.h>

#include "dpdk.h"
#include "dutperf/csv.h"
#include "dutperf/search.h"
#include "dutperf/stats.h"

/* Upper bound: the configured maximum or the line rate of the larger frame. */
uint64_t
mode_max_rate_fps(const struct cfg *c)
{
	uint64_t hi = UINT64_MAX, r;
	int s;

	if (c->rate_max_fps != 0)
		return c->rate_max_fps;
	for (s = 0; s < CFG_NB_SIDES; s++) {
		r = cfg_line_rate_fps(cfg_frame_size_b(c, c->side[s].ip_version),
				      c->link_speed_gbps);
		hi = r < hi ? r : hi;
	}
	return hi;
}

static double
tput_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct tput_state {
	struct csv_file trials, rates;
	struct search_params params;
	double started_s;
	uint32_t trials_done;
	uint32_t per_search;	/* trials one search needs at most */
	uint64_t *results;
	uint32_t nb_results;
};

static void
tput_progress(const struct mode_env *env, struct tput_state *st,
	      const struct search *s, uint32_t no, const struct report_trial *r)
{
	const struct cfg *c = env->cfg;
	double elapsed = tput_now_s() - st->started_s;
	double per_trial = elapsed / (st->trials_done ? st->trials_done : 1);
	uint64_t left = search_remaining(s);

	if (env->cli->quiet)
		return;
	left += (uint64_t)(c->repeat - no) * st->per_search;
	fprintf(stderr, "search %u/%u trial %u: %" PRIu64 " fps %s%s%s  "
		"[%" PRIu64 ", %" PRIu64 "] best %" PRIu64 "  elapsed %.0f s, "
		"ETA <= %.0f s\n", no, c->repeat, r->iteration, r->rate_fps,
		verdict_name(r->verdict), r->reason && *r->reason ? ": " : "",
		r->reason ? r->reason : "", s->lo, s->hi, search_result(s),
		elapsed, per_trial * (double)left);
}

/* One search; when it completes, its rate.csv row and st->results[]. */
static int
tput_search(const struct mode_env *env, struct tput_state *st, uint32_t no,
	    char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct report_trial r;
	struct report_search rs;
	struct search s;
	char why[256], row[1024];
	int rc;

	rc = search_init(&s, &st->params);
	if (rc != 0) {
		snprintf(err, err_len, "search bounds: lower %" PRIu64
			 ", upper %" PRIu64 ", initial %" PRIu64 ", error %"
			 PRIu64 ": inconsistent", st->params.lo_fps,
			 st->params.hi_fps, st->params.initial_fps,
			 st->params.error_fps);
		return rc;
	}
	while (!search_done(&s) && !engine_stop) {
		uint64_t rate = search_next_rate(&s);

		if (st->trials_done > 0)
			trial_sleep_ms(c->settle_ms);
		if (engine_stop)
			break;
		rc = mode_run_trial(env, &st->trials, rate, no, s.iterations + 1,
				    &r, why, sizeof(why), err, err_len);
		if (rc != 0)
			return rc;
		st->trials_done++;
		search_record(&s, r.verdict);
		tput_progress(env, st, &s, no, &r);
	}
	if (engine_stop) {
		fprintf(stderr, "dutperf: search %u interrupted: no rate.csv row "
			"written (highest passed so far %" PRIu64 " fps)\n", no,
			search_result(&s));
		return 0;
	}
	if (s.invalid_bounds > 0)
		fprintf(stderr, "dutperf: search %u: %u rate(s) stayed invalid "
			"after %u retries and bound the search from above: the "
			"result may be limited by the tester, not the DUT (see "
			"the reasons in trials.csv)\n", no, s.invalid_bounds,
			c->max_retries);
	memset(&rs, 0, sizeof(rs));
	rs.no = no;
	rs.frame_size_b = c->frame_size_b;
	rs.direction = c->direction;
	rs.n = c->n;
	rs.m = c->m;
	rs.duration_s = c->duration_s;
	rs.initial_fps = st->params.initial_fps;
	rs.timeout_ms = c->timeout_ms;
	rs.error_fps = c->error_fps;
	rs.date = time(NULL);
	rs.iterations = s.iterations;
	rs.rate_fps = search_result(&s);
	rc = mode_row_check(report_search_row(&rs, row, sizeof(row)),
			    "rate.csv", err, err_len);
	if (rc != 0)
		return rc;
	rc = csv_append(&st->rates, row, err, err_len);
	if (rc != 0)
		return rc;
	st->results[st->nb_results++] = rs.rate_fps;
	if (rs.rate_fps == 0)
		printf("search %u: throughput 0 fps: no trial passed, not even "
		       "at %" PRIu64 " fps\n", no, st->params.lo_fps ?
		       st->params.lo_fps : s.lo);
	else
		printf("search %u: throughput %" PRIu64 " fps per direction "
		       "(%u trials)\n", no, rs.rate_fps, s.iterations);
	fflush(stdout);
	return 0;
}

static void
tput_summary(const struct tput_state *st)
{
	double *v;
	struct stats_summary sum;
	uint32_t i;

	if (st->nb_results < 2)
		return;
	v = calloc(st->nb_results, sizeof(*v));
	if (v == NULL)
		return;
	for (i = 0; i < st->nb_results; i++)
		v[i] = (double)st->results[i];
	if (stats_summarize(v, st->nb_results, &sum) == 0)
		printf("summary of %u searches (RFC 8219): median %.1f fps, "
		       "1st percentile %.0f, 99th percentile %.0f, min %.0f, "
		       "max %.0f\n", st->nb_results, sum.median,
		       stats_percentile(v, st->nb_results, 1.0),
		       stats_percentile(v, st->nb_results, 99.0), sum.min,
		       sum.max);
	free(v);
}

int
mode_throughput(struct mode_env *env, char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct tput_state st;
	char result[128];
	uint32_t no;
	int rc;

	memset(&st, 0, sizeof(st));
	st.params.hi_fps = mode_max_rate_fps(c);
	st.params.lo_fps = c->rate_min_fps;
	st.params.initial_fps = c->initial_rate_fps ? c->initial_rate_fps :
						      st.params.hi_fps;
	st.params.error_fps = c->error_fps;
	st.params.max_retries = c->max_retries;
	st.results = calloc(c->repeat, sizeof(*st.results));
	if (st.results == NULL)
		return -ENOMEM;
	rc = mode_open_results(c, &st.trials, "rate.csv", CSV_RATE_HEADER,
			       &st.rates, err, err_len);
	if (rc != 0) {
		free(st.results);
		return rc;
	}
	if (!env->cli->quiet)
		fprintf(stderr, "throughput: %u search(es) between %" PRIu64
			" and %" PRIu64 " fps, first at %" PRIu64 ", error %"
			PRIu64 " fps, %u s trials, results in %s\n", c->repeat,
			st.params.lo_fps, st.params.hi_fps,
			st.params.initial_fps, st.params.error_fps,
			c->duration_s, c->outdir);
	{
		struct search probe;

		if (search_init(&probe, &st.params) == 0)
			st.per_search = search_remaining(&probe);
	}
	st.started_s = tput_now_s();
	for (no = 1; no <= c->repeat && !engine_stop; no++) {
		rc = tput_search(env, &st, no, err, err_len);
		if (rc != 0)
			break;
	}
	csv_close(&st.trials);
	csv_close(&st.rates);
	if (rc == 0)
		tput_summary(&st);
	snprintf(result, sizeof(result), "%u complete searches%s",
		 st.nb_results, engine_stop ? ", interrupted" : "");
	if (st.nb_results == 1)
		snprintf(result, sizeof(result), "%" PRIu64 " fps",
			 st.results[0]);
	free(st.results);
	if (rc == 0)
		rc = runinfo_append(env, time(NULL), result, err, err_len);
	return rc;
}

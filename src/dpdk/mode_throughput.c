/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode throughput: RFC 2544 26.1 binary search (core search.h) in one
 * process, repeated --repeat times.  Every trial is a row in trials.csv
 * (driver.c), every complete search a row in rate.csv (siitperf's
 * columns); the answer is the highest rate that passed.  An interrupted
 * search writes no rate.csv row.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dpdk.h"
#include "dutperf/csv.h"
#include "dutperf/search.h"

struct tput {
	struct search_params params;
	struct search_proc search;
};

static const char *
tput_header(void)
{
	return CSV_RATE_HEADER;
}

static int
tput_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct tput *t = m->priv;

	(void)err;
	(void)err_len;
	t->params.hi_fps = trial_spec_max_rate_fps(c);
	t->params.lo_fps = c->rate_min_fps;
	t->params.initial_fps = c->initial_rate_fps ? c->initial_rate_fps :
						      t->params.hi_fps;
	t->params.error_fps = c->error_fps;
	t->params.max_retries = c->max_retries;
	if (!m->cli->quiet)
		fprintf(stderr, "throughput: %u search(es) between %" PRIu64
			" and %" PRIu64 " fps, first at %" PRIu64 ", error %"
			PRIu64 " fps, %u s trials, results in %s\n", c->repeat,
			t->params.lo_fps, t->params.hi_fps,
			t->params.initial_fps, t->params.error_fps,
			c->duration_s, c->outdir);
	return 0;
}

static int
tput_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct tput *t = m->priv;
	struct trial_spec base;
	int rc;

	trial_spec_from_cfg(&base, m->cfg, 0);
	rc = search_proc_start(&t->search, &t->params, &base);
	if (rc != 0) {
		snprintf(err, err_len, "search bounds: lower %" PRIu64
			 ", upper %" PRIu64 ", initial %" PRIu64 ", error %"
			 PRIu64 ": inconsistent", t->params.lo_fps,
			 t->params.hi_fps, t->params.initial_fps,
			 t->params.error_fps);
		return rc;
	}
	m->proc = (struct proc){ &search_ops, &t->search };
	return 0;
}

/* A complete search: its rate.csv row. */
static int
tput_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct tput *t = m->priv;
	const struct search *s = &t->search.s;
	struct report_search rs;
	char row[1024];
	int rc;

	if (!complete) {
		fprintf(stderr, "dutperf: search %u interrupted: no rate.csv row "
			"written (highest passed so far %" PRIu64 " fps)\n", m->no,
			search_result(s));
		return 0;
	}
	if (s->invalid_bounds > 0)
		fprintf(stderr, "dutperf: search %u: %u rate(s) stayed invalid "
			"after %u retries and bound the search from above: the "
			"result may be limited by the tester, not the DUT (see "
			"the reasons in trials.csv)\n", m->no, s->invalid_bounds,
			c->max_retries);
	memset(&rs, 0, sizeof(rs));
	rs.no = m->no;
	rs.frame_size_b = c->frame_size_b;
	rs.direction = c->direction;
	rs.n = c->n;
	rs.m = c->m;
	rs.duration_s = c->duration_s;
	rs.initial_fps = t->params.initial_fps;
	rs.timeout_ms = c->timeout_ms;
	rs.error_fps = c->error_fps;
	rs.date = time(NULL);
	rs.iterations = s->iterations;
	rs.rate_fps = search_result(s);
	rc = mode_append(m, report_search_row(&rs, row, sizeof(row)), row, err,
			 err_len);
	if (rc != 0)
		return rc;
	m->value[0] = (double)rs.rate_fps;
	if (rs.rate_fps == 0)
		printf("search %u: throughput 0 fps: no trial passed, not even "
		       "at %" PRIu64 " fps\n", m->no, t->params.lo_fps ?
		       t->params.lo_fps : s->lo);
	else
		printf("search %u: throughput %" PRIu64 " fps per direction "
		       "(%u trials)\n", m->no, rs.rate_fps, s->iterations);
	snprintf(m->result, sizeof(m->result), "%" PRIu64 " fps", rs.rate_fps);
	return 0;
}

static void
tput_summary(struct mode_ctx *m)
{
	struct stats_summary sum;
	double p1, p99;

	if (m->runs_done != 1)
		snprintf(m->result, sizeof(m->result), "%u complete searches%s",
			 m->runs_done, engine_stop ? ", interrupted" : "");
	if (mode_summarize(m, 0, &sum, &p1, &p99) >= 2)
		printf("summary of %u searches (RFC 8219): median %.1f fps, "
		       "1st percentile %.0f, 99th percentile %.0f, min %.0f, "
		       "max %.0f\n", m->runs_done, sum.median, p1, p99, sum.min,
		       sum.max);
}

const struct mode_ops mode_throughput = {
	.cli = {
		.name = "throughput",
		.help = "RFC 2544 26.1 binary search for the highest loss-free rate",
		.options = "--rate-min --rate-max --initial-rate --error "
			   "--max-retries --loss-ppm --repeat",
	},
	.run_name = "search",
	.file = "rate.csv",
	.header = tput_header,
	.priv_size = sizeof(struct tput),
	.setup = tput_setup,
	.start = tput_start,
	.run_end = tput_run_end,
	.summary = tput_summary,
};

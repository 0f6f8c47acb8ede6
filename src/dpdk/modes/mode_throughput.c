/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode throughput: RFC 2544 26.1 binary search (core search.h) in one
 * process, repeated --repeat times.  Every trial is a row in trials.csv
 * (driver.c), every complete search a row in rate.csv (siitperf's
 * columns, then result_kind); the answer is the highest rate that passed,
 * a measured figure, a lower bound set by the tester, or none
 * (search_kind, docs/results.md).  An interrupted search writes no
 * rate.csv row.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mode.h"
#include "dutperf/search.h"

struct tput_mode {
	struct search_params params;
	struct search_proc search;
	char why[256];			/* the last invalid trial's reason */
};

static int
tput_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct tput_mode *tput = m->priv;

	(void)err;
	(void)err_len;
	trial_spec_search_params(c, &tput->params);
	if (!m->cli->quiet)
		fprintf(stderr, "throughput: %u search(es) between %" PRIu64
			" and %" PRIu64 " fps, first at %" PRIu64 ", error %"
			PRIu64 " fps, %u s trials, results in %s\n", c->repeat,
			tput->params.lo_fps, tput->params.hi_fps,
			tput->params.initial_fps, tput->params.error_fps,
			c->duration_s, c->outdir);
	return 0;
}

static int
tput_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct tput_mode *tput = m->priv;
	struct trial_spec base;
	int rc;

	trial_spec_from_cfg(&base, m->cfg, 0);
	rc = search_proc_start(&tput->search, &tput->params, &base);
	if (rc != 0)
		return mode_search_bounds_error(&tput->params, rc, err, err_len);
	m->proc = (struct proc){ &search_ops, &tput->search };
	tput->why[0] = '\0';
	return 0;
}

/* Keep the reason of the invalid trial that made the upper bound (the
 * driver calls this after the search recorded it): the message quotes it. */
static int
tput_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
		const struct report_trial *r, char *err, size_t err_len)
{
	struct tput_mode *tput = m->priv;
	const struct search *s = &tput->search.s;

	(void)spec;
	(void)err;
	(void)err_len;
	if (r->verdict == VERDICT_INVALID && s->hi_invalid &&
	    s->hi == r->rate_fps)
		snprintf(tput->why, sizeof(tput->why), "%s",
			 r->reason ? r->reason : "");
	return 0;
}

/* "search N: throughput [at least] X fps per direction (WHY; N trials)":
 * at least for a lower bound; why, when not empty, ends in "; ". */
static void
tput_say_figure(const struct mode_ctx *m, const struct search *s,
		const char *why)
{
	printf("search %u: throughput %s%" PRIu64 " fps per direction (%s%u "
	       "trials)\n", m->no,
	       search_kind(s) == REPORT_RESULT_LOWER_BOUND ? "at least " : "",
	       search_result(s), why, s->iterations);
}

/*
 * What a complete search found, on stdout, and on stderr when it is not
 * a measured DUT figure (exit status 3, docs/results.md).
 */
static void
tput_say(struct mode_ctx *m, const struct search *s)
{
	const struct tput_mode *tput = m->priv;
	const char *why = *tput->why ? tput->why : "see trials.csv";
	enum result_case outcome = search_case(s);
	enum report_result kind = result_case_kind(outcome);
	char fig[32], limit[sizeof(tput->why) + 128], back[640];

	snprintf(fig, sizeof(fig), "%" PRIu64 " fps", search_result(s));
	result_format(outcome, fig, m->result, sizeof(m->result));
	switch (outcome) {
	case RESULT_INSIDE:
	case RESULT_ZERO:
		if (search_result(s) == 0)
			printf("search %u: throughput 0 fps: no trial passed, "
			       "every rate tried down to %" PRIu64 " fps failed "
			       "(the throughput is below %" PRIu64 " fps; %u "
			       "trials)\n", m->no, s->hi, s->hi, s->iterations);
		else
			tput_say_figure(m, s, "");
		return;
	case RESULT_LINE_RATE:
		tput_say_figure(m, s, "line rate: the range's top, the line "
				"rate, passed; ");
		return;
	case RESULT_TOP_PASSED:
		tput_say_figure(m, s, "the range's top passed: the DUT was "
				"never shown to fail; a higher --rate-max "
				"measures it; ");
		break;
	case RESULT_TESTER_LIMIT:
		snprintf(limit, sizeof(limit), "lower bound: the tester could "
			 "not offer more than that validly; %" PRIu64 " fps "
			 "stayed invalid after %u retries: %s; ", s->hi,
			 m->cfg->max_retries, why);
		tput_say_figure(m, s, limit);
		break;
	case RESULT_INVALID:
		if (s->passes == 0 && s->fails == 0)
			printf("search %u: no valid result: every trial was "
			       "invalid (%s; %u trials)\n", m->no, why,
			       s->iterations);
		else
			printf("search %u: no valid result: no trial passed, "
			       "and %" PRIu64 " fps, the lowest rate tried, stayed "
			       "invalid (%s; %u trials)\n", m->no, s->hi, why,
			       s->iterations);
		break;
	case RESULT_DUT_GONE:
		printf("search %u: no valid result: the DUT went away (%s; "
		       "%u trials counted)\n", m->no, m->gone_why,
		       s->iterations);
		break;
	case RESULT_NOTHING_BACK:
		/* docs/results.md: never "throughput 0" */
		result_rx_why(&s->rx, back, sizeof(back));
		snprintf(m->result, sizeof(m->result), "no valid result (%.490s)",
			 back);
		printf("search %u: no valid result: %s\n", m->no, back);
		break;
	default:
		printf("search %u: no valid result: no trial passed, not even "
		       "at %" PRIu64 " fps, the lowest rate tried (below the "
		       "range searched; %u trials)\n", m->no, s->hi,
		       s->iterations);
		break;
	}
	fprintf(stderr, "dutperf: search %u: %s: not a measured DUT figure "
		"(%s; rate.csv result_kind %s, exit status 3; see trials.csv)\n",
		m->no, kind == REPORT_RESULT_NONE ? "no valid result" :
		"a lower bound", result_case_reason(outcome),
		report_result_name(kind));
}

/* A complete search: its rate.csv row. */
static int
tput_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct tput_mode *tput = m->priv;
	const struct search *s = &tput->search.s;
	struct report_search rs;
	int rc;

	if (!complete) {
		fprintf(stderr, "dutperf: search %u interrupted: no rate.csv row "
			"written (highest passed so far %" PRIu64 " fps)\n", m->no,
			search_result(s));
		return 0;
	}
	rc = mode_search_row(m, s, tput->params.initial_fps, &rs, err, err_len);
	if (rc != 0)
		return rc;
	tput_say(m, s);
	return 0;
}

static void
tput_summary(struct mode_ctx *m)
{
	struct stats_summary sum;
	uint32_t i, n, k[3] = { 0, 0, 0 };
	double p1, p99;

	for (i = 0; i < m->runs_done; i++)
		k[m->results[i]]++;
	if (m->runs_done != 1)
		snprintf(m->result, sizeof(m->result), "%u complete searches: "
			 "%u measured, %u lower bound, %u no valid result%s",
			 m->runs_done, k[REPORT_RESULT_MEASURED],
			 k[REPORT_RESULT_LOWER_BOUND], k[REPORT_RESULT_NONE],
			 engine_stop ? ", interrupted" : "");
	n = mode_summarize(m, 0, &sum, &p1, &p99);
	if (n >= 2)
		printf("summary of %u searches (RFC 8219): median %.1f fps, "
		       "1st percentile %.0f, 99th percentile %.0f, min %.0f, "
		       "max %.0f\n", n, sum.median, p1, p99, sum.min, sum.max);
	if (m->runs_done > 1 && m->not_measured > 0)
		printf("summary: %u of %u searches left out (%u lower bound, %u "
		       "no valid result): not measured DUT figures%s\n",
		       m->not_measured, m->runs_done,
		       k[REPORT_RESULT_LOWER_BOUND], k[REPORT_RESULT_NONE],
		       n >= 2 ? "" : "; too few measured for a summary");
}

const struct mode_ops mode_throughput = {
	.cli = {
		.name = "throughput",
		.help = "RFC 2544 26.1 binary search for the highest loss-free rate",
		.options = "--rate-min --rate-max --initial-rate --error "
			   "--max-retries --loss-ppm --repeat",
	},
	.run_name = "search",
	.files = { { "rate.csv", &report_rate_table } },
	.priv_size = sizeof(struct tput_mode),
	.setup = tput_setup,
	.start = tput_start,
	.trial_done = tput_trial_done,
	.run_end = tput_run_end,
	.telemetry_values = 1u << 0,	/* the throughput: [dut] telemetry */
	.summary = tput_summary,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode loss (RFC 2544 26.3): frame loss rate over a series of offered
 * rates: from 100 % of the maximum down in steps of step_pct % until two
 * successive trials lose nothing (or rate_min_fps is reached), or the
 * explicit [loss] rates.  One flr.csv row per rate and direction; a table
 * of offered load against received frames at the end.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpdk.h"
#include "dutperf/csv.h"

struct loss_step {
	uint64_t offered_fps;
	struct report_dir dir[CFG_NB_DIRS];
	enum verdict verdict;
};

static double
loss_pct(const struct verdict_dir *v)
{
	return v->sent ? (double)v->lost * 100.0 / (double)v->sent : 0.0;
}

static void
loss_table(const struct cfg *c, const struct loss_step *s, uint32_t n)
{
	uint32_t i;
	int d;

	printf("\n%12s", "offered fps");
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (cfg_dir_active(c, d))
			printf("  %s received  %s loss %%", d ? "rev" : "fwd",
			       d ? "rev" : "fwd");
	printf("\n");
	for (i = 0; i < n; i++) {
		printf("%12" PRIu64, s[i].offered_fps);
		for (d = 0; d < CFG_NB_DIRS; d++)
			if (cfg_dir_active(c, d))
				printf("  %12" PRIu64 "  %10.4f",
				       s[i].dir[d].v.received,
				       loss_pct(&s[i].dir[d].v));
		printf("%s\n", s[i].verdict == VERDICT_INVALID ?
		       "  (invalid: see trials.csv)" : "");
	}
}

/* The rates to offer; *n of them, malloc'ed; NULL with err set. */
static uint64_t *
loss_rates(const struct cfg *c, uint32_t *n, char *err, size_t err_len)
{
	uint64_t *r, max, step, floor_fps;
	int k;

	k = cfg_loss_rates(c, NULL, 0, err, err_len);
	if (k < 0)
		return NULL;
	r = calloc(k > 0 ? (size_t)k : 100 / c->loss_step_pct + 2, sizeof(*r));
	if (r == NULL) {
		snprintf(err, err_len, "no memory for the [loss] rates");
		return NULL;
	}
	if (k > 0) {
		cfg_loss_rates(c, r, (unsigned)k, err, err_len);
		*n = (uint32_t)k;
		return r;
	}
	/* RFC 2544 26.3: 100 % of the maximum, then steps of at most 10 % */
	max = mode_max_rate_fps(c);
	step = max * c->loss_step_pct / 100;
	step = step ? step : 1;
	floor_fps = c->rate_min_fps ? c->rate_min_fps : 1;
	for (*n = 0; *n <= 100 / c->loss_step_pct; (*n)++) {
		uint64_t down = step * *n;

		if (down >= max || max - down < floor_fps)
			break;
		r[*n] = max - down;
	}
	return r;
}

int
mode_loss(struct mode_env *env, char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	bool sweep = c->loss_rates[0] == '\0';
	struct csv_file trials, flr;
	struct loss_step *steps = NULL;
	struct report_trial r;
	char why[256], row[1024];
	uint64_t *rates;
	uint32_t nb_rates = 0, no, i, done = 0, clean;
	int d, rc;

	rates = loss_rates(c, &nb_rates, err, err_len);
	if (rates == NULL)
		return -EINVAL;
	if (nb_rates == 0) {
		free(rates);
		snprintf(err, err_len, "[loss]: no rate to offer (maximum %"
			 PRIu64 " fps, rate_min_fps %" PRIu64 ")",
			 mode_max_rate_fps(c), c->rate_min_fps);
		return -EINVAL;
	}
	steps = calloc(nb_rates, sizeof(*steps));
	if (steps == NULL) {
		free(rates);
		return -ENOMEM;
	}
	rc = mode_open_results(c, &trials, "flr.csv", report_flr_header(), &flr,
			       err, err_len);
	if (rc != 0) {
		free(rates);
		free(steps);
		return rc;
	}
	for (no = 1; no <= c->repeat && !engine_stop && rc == 0; no++) {
		clean = 0;
		for (i = 0, done = 0; i < nb_rates && !engine_stop; i++) {
			struct loss_step *s = &steps[done];
			bool lossless = true;

			if (i > 0 || no > 1)
				trial_sleep_ms(c->settle_ms);
			rc = mode_run_trial(env, &trials, rates[i], no, i + 1, &r,
					    why, sizeof(why), err, err_len);
			if (rc != 0 || r.verdict == VERDICT_INTERRUPTED)
				break;
			s->offered_fps = rates[i];
			s->verdict = r.verdict;
			memcpy(s->dir, r.dir, sizeof(s->dir));
			done++;
			for (d = 0; d < CFG_NB_DIRS && rc == 0; d++) {
				struct report_flr f = {
					.start = r.start, .no = no, .step = i + 1,
					.offered_fps = rates[i],
					.frame_size_b = c->frame_size_b, .dir = d,
					.duration_s = c->duration_s,
					.sent = r.dir[d].v.sent,
					.received = r.dir[d].v.received,
					.verdict = r.verdict,
				};

				if (!cfg_dir_active(c, d))
					continue;
				lossless = lossless && r.dir[d].v.lost == 0;
				rc = mode_row_check(report_flr_row(&f, row,
								   sizeof(row)),
						    "flr.csv", err, err_len);
				if (rc == 0)
					rc = csv_append(&flr, row, err, err_len);
			}
			if (!env->cli->quiet)
				fprintf(stderr, "loss %u/%u step %u: %" PRIu64
					" fps: %s%s%s\n", no, c->repeat, i + 1,
					rates[i], verdict_name(r.verdict),
					*r.reason ? ": " : "", r.reason);
			/* RFC 2544 26.3: until two successive trials lose nothing */
			clean = lossless && r.verdict != VERDICT_INVALID ?
				clean + 1 : 0;
			if (sweep && clean == 2)
				break;
		}
		if (rc == 0)
			loss_table(c, steps, done);
	}
	csv_close(&trials);
	csv_close(&flr);
	free(rates);
	free(steps);
	if (rc < 0)
		return rc;
	return runinfo_append(env, time(NULL), "frame loss rate measured", err,
			      err_len);
}

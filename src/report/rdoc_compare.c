/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_compare: dutperf-report's before/after section (rdoc_priv.h):
 * with a second set, dutperf-stats compare's verdict (stats_ttest) per
 * test, frame size and direction.
 */
#include <stdio.h>
#include <string.h>

#include "dutperf/stats.h"
#include "rdoc_priv.h"

static void
rdoc_compare_one(struct rdoc *d, const struct rdoc_opts *o,
		 const struct rdoc_set *a, const struct rdoc_set *b,
		 const struct rdoc_val *spec)
{
	struct rdoc_grps ga, gb;
	char c[7][600];
	const char *cells[7];
	size_t i, j, k;

	rdoc_collect(a, spec, &ga);
	rdoc_collect(b, spec, &gb);
	for (i = 0; i < ga.n; i++) {
		struct rdoc_grp *x = &ga.g[i], *y = NULL;
		struct stats_summary sx, sy;
		struct stats_ttest tt;

		for (j = 0; j < gb.n && y == NULL; j++)
			if (gb.g[j].size_b == x->size_b &&
			    strcmp(gb.g[j].imix, x->imix) == 0 &&
			    strcmp(gb.g[j].dir, x->dir) == 0)
				y = &gb.g[j];
		if (y == NULL)
			continue;
		for (k = 0; k < 7; k++)
			c[k][0] = '\0';
		snprintf(c[0], sizeof(c[0]), "%s", spec->test);
		rdoc_size_text(x->size_b, x->imix, x->mean_b, c[1], sizeof(c[1]));
		snprintf(c[2], sizeof(c[2]), "%s", rdoc_dir_name(x->dir));
		if (x->n > 0 && stats_summarize(x->v, x->n, &sx) == 0) {
			rdoc_fmt(sx.median, c[3], sizeof(c[3]));
			snprintf(c[3] + strlen(c[3]), sizeof(c[3]) - strlen(c[3]),
				 " (n %zu)", x->n);
		}
		if (y->n > 0 && stats_summarize(y->v, y->n, &sy) == 0) {
			rdoc_fmt(sy.median, c[4], sizeof(c[4]));
			snprintf(c[4] + strlen(c[4]), sizeof(c[4]) - strlen(c[4]),
				 " (n %zu)", y->n);
		}
		if (x->n < 2 || y->n < 2)
			snprintf(c[5], sizeof(c[5]), "not compared: needs at "
				 "least 2 measured values in each set");
		else if (stats_ttest(&sx, &sy, o->conf_pct, &tt) < 0)
			snprintf(c[5], sizeof(c[5]), "not compared: t test failed");
		else
			stats_format_ttest_line(&tt, c[5], sizeof(c[5]));
		rdoc_grp_result(y, c[6], sizeof(c[6]));
		for (k = 0; k < 7; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_grps_free(&ga);
	rdoc_grps_free(&gb);
}

void
rdoc_sec_compare(struct rdoc *d, const struct rdoc_opts *o,
		 const struct rdoc_set *a, const struct rdoc_set *b)
{
	static const char *const head[] = {
		"Test", "Frame size (B)", "Direction", "Before: median",
		"After: median", "Verdict (dutperf-stats compare)",
		"After: result (runs)",
	};
	static const struct rdoc_val specs[] = {
		{ RDOC_RATE, "throughput (frames/s)", "rate", "Dir", NULL,
		  NULL, NULL },
		{ RDOC_LATENCY, "latency TL fwd (us)", "fwd_tl_us", NULL,
		  "fwd", NULL, NULL },
		{ RDOC_LATENCY, "latency TL rev (us)", "rev_tl_us", NULL,
		  "rev", NULL, NULL },
		{ RDOC_LATENCY, "latency WCL fwd (us)", "fwd_wcl_us", NULL,
		  "fwd", NULL, NULL },
		{ RDOC_LATENCY, "latency WCL rev (us)", "rev_wcl_us", NULL,
		  "rev", NULL, NULL },
		{ RDOC_B2B, "b2b average burst (frames)", "avg_frames",
		  "direction", NULL, "row", "summary" },
		{ RDOC_RECOVERY, "recovery time (ms)", "recovery_ms", "dir",
		  NULL, NULL, NULL },
		{ RDOC_RESET, "reset time (ms)", "reset_ms", "dir", NULL,
		  NULL, NULL },
	};
	char text[8400];
	size_t i;

	rdoc_heading(d, 2, "compare", "Before and after");
	snprintf(text, sizeof(text), "Before: %s; after: %s. Per test, frame "
		 "size and direction, the measured values of both (lower "
		 "bounds and invalid runs left out) and dutperf-stats "
		 "compare's verdict: Student's t at %.1f %% confidence, the "
		 "difference of after from before.", a->root, b->root,
		 o->conf_pct);
	rdoc_para(d, text);
	rdoc_table_begin(d, "Before/after per size and test", 7, head);
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		rdoc_compare_one(d, o, a, b, &specs[i]);
	rdoc_table_end(d);
}

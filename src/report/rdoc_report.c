/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_report: the sections of dutperf-report (dutperf/rdoc_report.h,
 * docs/report.md).  RFC 2544 section 26's reporting items per test, RFC
 * 8219's summaries (median, 1st and 99th percentile of repeated runs,
 * stats.h), each figure that is no DUT figure (docs/results.md: a lower
 * bound, invalid, none, missing) labelled as such; the groups and cells
 * they are built from are rdoc_group.c's, the test conditions from
 * run.json rdoc_cond.c's, and with a second set dutperf-stats compare's
 * verdict (stats_ttest) per test, frame size and direction
 * rdoc_compare.c's (rdoc_priv.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdoc_report.h"
#include "dutperf/stats.h"
#include "rdoc_priv.h"

/* Below this % of the line rate everywhere the graph draws no line rate. */
#define RDOC_LINE_MIN_PCT 10.0

/* A section's start: its heading (id: the test's name), what it shows
 * and a note for each campaign item of test that has no measured result. */
static void
rdoc_sec_begin(struct rdoc *d, const struct rdoc_set *s, const char *test,
	       const char *title, const char *text)
{
	rdoc_heading(d, 2, test, title);
	rdoc_para(d, text);
	rdoc_item_notes(d, s, test);
}

static void
rdoc_sec_throughput(struct rdoc *d, const struct rdoc_opts *o,
		    const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Frame size (B)", "Direction", "Median (frames/s)",
		"1st percentile", "99th percentile", "Median (Mb/s)",
		"% of line rate", "Line rate (Mb/s link)", "Result (runs)",
	};
	static const struct rdoc_val spec = {
		RDOC_RATE, "throughput", "rate", "Dir", NULL, NULL, NULL,
	};
	char c[9][160];
	const char *cells[9];
	struct plot_opts po = { .kind = PLOT_TPUT_SIZE };
	struct strbuf notes = { 0 };
	struct plot_input *in;
	struct rdoc_grps gs;
	size_t i, k, n;
	double gbps = 0, top_pct = 0;
	char err[512];

	rdoc_sec_begin(d, s, "throughput", "Throughput (RFC 2544 26.1)",
		       "The highest rate without frame loss per frame size, "
		       "from each rate.csv; median, 1st and 99th percentile "
		       "of the measured searches (RFC 8219). Mb/s counts the "
		       "frame's bits (size x 8); the line rate adds 20 bytes "
		       "of preamble and gap per frame. A mix (IMIX) is a size "
		       "of its own, after the fixed sizes, at its mean frame "
		       "size.");
	rdoc_collect(s, &spec, &gs);
	rdoc_table_begin(d, "Throughput per frame size", 9, head);
	for (i = 0; i < gs.n; i++) {
		struct rdoc_grp *g = &gs.g[i];
		struct rdoc_sum sm;
		double line = g->link_mbps > 0 ?
			plot_line_rate_fps(rdoc_grp_frame_b(g), g->link_mbps / 1e3) :
			NAN;
		double v;

		for (k = 0; k < 9; k++)
			c[k][0] = '\0';
		rdoc_size_text(g->size_b, g->imix, g->mean_b, c[0], sizeof(c[0]));
		snprintf(c[1], sizeof(c[1]), "%s", rdoc_dir_name(g->dir));
		sm = rdoc_sum_cells(g, &c[2], NULL);
		v = sm.ok ? sm.median : g->lower > 0 ? g->lower_max : NAN;
		if (!sm.ok && g->lower > 0) {
			snprintf(c[2], sizeof(c[2]), "at least %.0f (lower bound)",
				 g->lower_max);
			snprintf(c[3], sizeof(c[3]), "no measured run");
		} else if (!sm.ok) {
			snprintf(c[2], sizeof(c[2]), "no valid result");
		}
		if (!isnan(v)) {
			rdoc_fixed(v * rdoc_grp_frame_b(g) * 8 / 1e6, 3, c[5],
				   sizeof(c[5]));
			if (!sm.ok)
				strncat(c[5], " (lower bound)",
					sizeof(c[5]) - strlen(c[5]) - 1);
		}
		if (!isnan(v) && !isnan(line)) {
			if (100.0 * v / line > top_pct)
				top_pct = 100.0 * v / line;
			rdoc_fixed(100.0 * v / line, 2, c[6], sizeof(c[6]));
			if (!sm.ok)
				strncat(c[6], " (lower bound)",
					sizeof(c[6]) - strlen(c[6]) - 1);
		} else if (isnan(line)) {
			snprintf(c[6], sizeof(c[6]), "missing: no link speed");
		}
		if (!isnan(line))
			snprintf(c[7], sizeof(c[7]), "%.0f fps (%.0f)", line,
				 g->link_mbps);
		/* several speeds among this size's runs: the lowest, said */
		if (!isnan(line) && g->link_hi_mbps > g->link_mbps)
			snprintf(c[7] + strlen(c[7]), sizeof(c[7]) - strlen(c[7]),
				 "; the runs' speeds differ, %.0f to %.0f: the "
				 "lowest", g->link_mbps, g->link_hi_mbps);
		rdoc_grp_result(g, c[8], sizeof(c[8]));
		for (k = 0; k < 9; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	if (gs.n == 0)
		rdoc_note(d, "missing", "missing", "no rate.csv row in these "
			  "results");
	rdoc_grps_free(&gs);
	in = calloc(s->nb_runs + 1, sizeof(*in));
	if (in == NULL)
		return;
	n = rdoc_inputs(s, RDOC_RATE, in);
	po.notes = &notes;
	if (n > 0 && plot_link_speed(in, n, &gbps, &notes, err,
				     sizeof(err)) == 0)
		po.link_gbps = gbps;
	/* a line rate 10 times above every figure flattens them all */
	if (po.link_gbps > 0 && top_pct < RDOC_LINE_MIN_PCT) {
		snprintf(err, sizeof(err), "the graph leaves out the line rate "
			 "(%g Gb/s): every figure is below %g %% of it (the "
			 "table has the percentages)", po.link_gbps,
			 RDOC_LINE_MIN_PCT);
		rdoc_para(d, err);
		po.link_gbps = 0;
	}
	rdoc_graph(d, o, &po, in, n, "Throughput against frame size");
	strbuf_free(&notes);
	free(in);
}

static void
rdoc_sec_latency(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Frame size (B)", "Direction", "Load (frames/s)",
		"TL median (us)", "TL 1st", "TL 99th", "WCL median (us)",
		"WCL 1st", "WCL 99th", "Result (runs)",
	};
	static const char *const sides[] = { "fwd", "rev" };
	char c[10][160], col[32];
	const char *cells[10];
	struct rdoc_grps tl, wcl;
	size_t i, k, j;

	rdoc_sec_begin(d, s, "latency", "Latency (RFC 2544 26.2, RFC 8219 7.2)",
		       "Typical latency (TL, the median of the tagged "
		       "frames) and worst case latency (WCL, their 99.9th "
		       "percentile) per run of latency.csv, at the load each "
		       "run offered (a campaign's latency runs at the "
		       "throughput it measured); median, 1st and 99th "
		       "percentile over repeated runs.");
	rdoc_table_begin(d, "Latency at the throughput rate", 10, head);
	for (j = 0; j < 2; j++) {
		struct rdoc_val v = { RDOC_LATENCY, "latency", col, NULL,
				      sides[j], NULL, NULL };

		snprintf(col, sizeof(col), "%s_tl_us", sides[j]);
		rdoc_collect(s, &v, &tl);
		snprintf(col, sizeof(col), "%s_wcl_us", sides[j]);
		rdoc_collect(s, &v, &wcl);
		for (i = 0; i < tl.n && i < wcl.n; i++) {
			for (k = 0; k < 10; k++)
				c[k][0] = '\0';
			rdoc_size_text(tl.g[i].size_b, tl.g[i].imix,
				       tl.g[i].mean_b, c[0], sizeof(c[0]));
			snprintf(c[1], sizeof(c[1]), "%s", sides[j]);
			if (tl.g[i].n > 0)
				rdoc_fmt(tl.g[i].load_sum / (double)tl.g[i].n,
					 c[2], sizeof(c[2]));
			rdoc_sum_cells(&tl.g[i], &c[3], "invalid: no figures");
			rdoc_sum_cells(&wcl.g[i], &c[6], NULL);
			rdoc_grp_result(&tl.g[i], c[9], sizeof(c[9]));
			for (k = 0; k < 10; k++)
				cells[k] = c[k];
			rdoc_table_row(d, cells);
		}
		rdoc_grps_free(&tl);
		rdoc_grps_free(&wcl);
	}
	rdoc_table_end(d);
}

/* One table of a file's rows: head[k] shows column cols[k] ("" the run's
 * label, "@size" the frame size, "@dir" a direction name). */
static void
rdoc_rows(struct rdoc *d, const struct rdoc_set *s, enum rdoc_file f,
	  const char *caption, size_t ncols, const char *const *head,
	  const char *const *cols, const char *row_col, const char *row_is)
{
	char c[16][160];
	const char *cells[16];
	size_t i, r, k;

	rdoc_table_begin(d, caption, ncols, head);
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *run = &s->runs[i];
		const struct csv_table *t = &run->tab[f];

		if (!run->has[f])
			continue;
		for (r = 0; r < t->nb_rows; r++) {
			if (row_col != NULL &&
			    strcmp(rdoc_cell(t, r, row_col), row_is) != 0)
				continue;
			for (k = 0; k < ncols && k < 16; k++) {
				const char *name = cols[k];

				if (name[0] == '\0')
					snprintf(c[k], sizeof(c[k]), "%s", run->label);
				else if (strcmp(name, "@size") == 0)
					rdoc_size_text(rdoc_row_size(run, t, r),
						       run->imix, run->imix_mean_b,
						       c[k], sizeof(c[k]));
				else if (strncmp(name, "@dir:", 5) == 0)
					snprintf(c[k], sizeof(c[k]), "%s",
						 rdoc_dir_name(rdoc_cell(t, r,
									 name + 5)));
				else
					snprintf(c[k], sizeof(c[k]), "%s",
						 rdoc_cell(t, r, name));
				if (c[k][0] == '\0' && strcmp(rdoc_row_kind(t, r),
							      "measured") != 0)
					snprintf(c[k], sizeof(c[k]), "%s",
						 rdoc_row_kind(t, r));
				cells[k] = c[k];
			}
			rdoc_table_row(d, cells);
		}
	}
	rdoc_table_end(d);
}

/* The RFC 8219 summary of spec over repeated runs, where any group has
 * more than one value. */
static void
rdoc_sum_table(struct rdoc *d, const struct rdoc_set *s,
	       const struct rdoc_val *spec, const char *what)
{
	static const char *const head[] = {
		"Frame size (B)", "Direction", "Median", "1st percentile",
		"99th percentile", "Result (runs)",
	};
	char c[6][160], cap[256];
	const char *cells[6];
	struct rdoc_grps gs;
	size_t i, k;
	bool any = false;

	rdoc_collect(s, spec, &gs);
	for (i = 0; i < gs.n; i++)
		any = any || gs.g[i].n + gs.g[i].lower + gs.g[i].none +
			gs.g[i].invalid > 1;
	if (any) {
		snprintf(cap, sizeof(cap), "RFC 8219 summary of %s over the runs",
			 what);
		rdoc_table_begin(d, cap, 6, head);
		for (i = 0; i < gs.n; i++) {
			for (k = 0; k < 6; k++)
				c[k][0] = '\0';
			rdoc_size_text(gs.g[i].size_b, gs.g[i].imix,
				       gs.g[i].mean_b, c[0], sizeof(c[0]));
			snprintf(c[1], sizeof(c[1]), "%s",
				 rdoc_dir_name(gs.g[i].dir));
			rdoc_sum_cells(&gs.g[i], &c[2], "no measured run");
			rdoc_grp_result(&gs.g[i], c[5], sizeof(c[5]));
			for (k = 0; k < 6; k++)
				cells[k] = c[k];
			rdoc_table_row(d, cells);
		}
		rdoc_table_end(d);
	}
	rdoc_grps_free(&gs);
}

static const struct rdoc_val rdoc_b2b_val = {
	RDOC_B2B, "b2b avg_frames", "avg_frames", "direction", NULL, "row",
	"summary",
};
static const struct rdoc_val rdoc_recov_val = {
	RDOC_RECOVERY, "recovery_ms", "recovery_ms", "dir", NULL, NULL, NULL,
};
static const struct rdoc_val rdoc_reset_val = {
	RDOC_RESET, "reset_ms", "reset_ms", "dir", NULL, NULL, NULL,
};

static void
rdoc_sec_loss(struct rdoc *d, const struct rdoc_opts *o,
	      const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Frame size (B)", "Direction", "Offered (frames/s)",
		"Sent", "Received", "Frame loss rate (%)", "Status",
	};
	static const char *const cols[] = {
		"", "@size", "@dir:dir", "offered_fps", "sent", "received",
		"loss_pct", "status",
	};
	struct plot_opts po = { .kind = PLOT_LOSS_LOAD };
	struct plot_input *in;

	rdoc_sec_begin(d, s, "loss", "Frame loss rate (RFC 2544 26.3)",
		       "Each step of each loss sweep (flr.csv): the "
		       "percentage of the offered frames that were not "
		       "forwarded; an invalid step measured the tester, not "
		       "the DUT, and has no figure.");
	in = calloc(s->nb_runs + 1, sizeof(*in));
	if (in != NULL)
		rdoc_graph(d, o, &po, in, rdoc_inputs(s, RDOC_FLR, in),
			   "Frame loss rate against offered load");
	free(in);
	rdoc_rows(d, s, RDOC_FLR, "Frame loss rate per step", 8, head, cols,
		  NULL, NULL);
}

/* RFC 2889 5.6.5: each forwarding rate with its Iload, the MFR with the
 * Iload at which it occurred, FRMOL with the MOL. */
static void
rdoc_sec_frate(struct rdoc *d, const struct rdoc_opts *o,
	       const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Frame size (B)", "Direction", "Iload (frames/s)",
		"Oload (frames/s)", "Forwarding rate (frames/s)",
		"Frame loss rate (%)", "Foreign", "Status",
	};
	static const char *const cols[] = {
		"", "@size", "@dir:dir", "iload_fps", "oload_fps", "fr_fps",
		"loss_pct", "foreign", "status",
	};
	static const char *const mhead[] = {
		"Run", "Frame size (B)", "Direction", "Throughput (frames/s)",
		"MOL (frames/s)", "MFR (frames/s)", "MFR at Iload (frames/s)",
		"FRMOL (frames/s)", "Result",
	};
	static const char *const mcols[] = {
		"", "@size", "@dir:dir", "start_fps", "mol_fps", "mfr_fps",
		"mfr_iload_fps", "frmol_fps", "result_kind",
	};
	struct plot_opts po = { .kind = PLOT_FRATE };
	struct plot_input *in;

	rdoc_sec_begin(d, s, "frate", "Forwarding rate (RFC 2889 5.6)",
		       "Each step of each forwarding-rate sweep (frate.csv): "
		       "the frames per second forwarded to the correct port "
		       "at each intended load (Iload) from the throughput up "
		       "to the maximum offered load (MOL); MFR, the highest, "
		       "and FRMOL, the one at the MOL (mfr.csv). An invalid "
		       "step measured the tester and has no figure.");
	in = calloc(s->nb_runs + 1, sizeof(*in));
	if (in != NULL)
		rdoc_graph(d, o, &po, in, rdoc_inputs(s, RDOC_FRATE, in),
			   "Forwarding rate against offered load");
	free(in);
	rdoc_rows(d, s, RDOC_MFR, "MFR and FRMOL per sweep", 9, mhead, mcols,
		  NULL, NULL);
	rdoc_rows(d, s, RDOC_FRATE, "Forwarding rate per step", 9, head, cols,
		  NULL, NULL);
}

static void
rdoc_sec_b2b(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Frame size (B)", "Direction", "Repetitions",
		"Average burst (frames)", "Min", "Max", "Stddev",
		"Burst rate (frames/s)", "Throughput (frames/s)",
		"Implied buffer time (us)", "Corrected buffer time (us)",
		"Result",
	};
	static const char *const cols[] = {
		"", "@size", "@dir:direction", "repetitions", "avg_frames",
		"min_frames", "max_frames", "stddev_frames", "burst_rate_fps",
		"throughput_fps", "implied_buffer_us", "corrected_buffer_us",
		"result",
	};
	size_t i, r;

	rdoc_sec_begin(d, s, "b2b",
		       "Back-to-back frames (RFC 2544 26.4, RFC 9004)",
		       "The longest burst at the burst rate without loss, "
		       "averaged over the repetitions, and the DUT's buffer "
		       "time it implies; the corrected buffer time takes the "
		       "throughput into account (RFC 9004 3.3) and is "
		       "missing where no throughput was known.");
	rdoc_rows(d, s, RDOC_B2B, "Back-to-back summary per run", 13, head,
		  cols, "row", "summary");
	for (i = 0; i < s->nb_runs; i++)
		for (r = 0; s->runs[i].has[RDOC_B2B] &&
		     r < s->runs[i].tab[RDOC_B2B].nb_rows; r++) {
			const struct csv_table *t = &s->runs[i].tab[RDOC_B2B];
			char msg[600];
			double v;

			if (strcmp(rdoc_cell(t, r, "row"), "summary") != 0 ||
			    rdoc_num(t, r, "corrected_buffer_us", &v))
				continue;
			snprintf(msg, sizeof(msg), "%s: no corrected buffer time "
				 "(no throughput given or measured)",
				 s->runs[i].label);
			rdoc_note(d, "missing", "missing", msg);
		}
	rdoc_sum_table(d, s, &rdoc_b2b_val, "the average burst (frames)");
}

static void
rdoc_sec_recovery(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const rhead[] = {
		"Run", "Frame size (B)", "Direction", "Throughput (frames/s)",
		"Overload (frames/s)", "After (frames/s)", "Lost",
		"Recovery time (ms)", "Status", "Result",
	};
	static const char *const rcols[] = {
		"", "@size", "@dir:dir", "throughput_fps", "overload_fps",
		"after_fps", "lost", "recovery_ms", "status", "result_kind",
	};
	static const char *const xhead[] = {
		"Run", "Frame size (B)", "Direction", "Rate (frames/s)",
		"Command status", "Lost", "Resumed", "Reset time (ms)",
		"Status", "Result",
	};
	static const char *const xcols[] = {
		"", "@size", "@dir:dir", "rate_fps", "command_status", "lost",
		"resumed", "reset_ms", "status", "result_kind",
	};

	if (rdoc_has_test(s, RDOC_RECOVERY, "recovery")) {
		rdoc_sec_begin(d, s, "recovery",
			       "System recovery (RFC 2544 26.5)",
			       "An overload at 110 % of the throughput, then "
			       "half of it: the time from the change until "
			       "the DUT forwards again without loss "
			       "(recovery.csv). A recovery time against a "
			       "throughput that is only a lower bound is "
			       "itself labelled lower_bound.");
		rdoc_rows(d, s, RDOC_RECOVERY, "Recovery per run", 10, rhead,
			  rcols, NULL, NULL);
		rdoc_sum_table(d, s, &rdoc_recov_val, "the recovery time (ms)");
	}
	if (rdoc_has_test(s, RDOC_RESET, "reset")) {
		rdoc_sec_begin(d, s, "reset", "Reset (RFC 2544 26.6, RFC 6201)",
			       "The time the stream was interrupted by the "
			       "reset command (reset.csv).");
		rdoc_rows(d, s, RDOC_RESET, "Reset per run", 10, xhead, xcols,
			  NULL, NULL);
		rdoc_sum_table(d, s, &rdoc_reset_val, "the reset time (ms)");
	}
}

int
rdoc_report(struct strbuf *out, const struct rdoc_opts *o,
	    const struct rdoc_set *a, const struct rdoc_set *b)
{
	struct rdoc doc = { .fmt = o->fmt, .b = out };
	struct rdoc *d = &doc;
	char text[8400];

	rdoc_begin(d, o->title);
	snprintf(text, sizeof(text), "Results: %s (%s, %zu run "
		 "director%s)%s%s. Generated by dutperf-report; no script, "
		 "no external resource.", a->root, a->campaign != NULL ?
		 "a campaign" : "run directories", a->nb_runs,
		 a->nb_runs == 1 ? "y" : "ies", b != NULL ? "; compared with " :
		 "", b != NULL ? b->root : "");
	rdoc_para(d, text);
	if (a->campaign != NULL)
		rdoc_sec_campaign(d, a);
	if (rdoc_has_test(a, RDOC_RATE, "throughput"))
		rdoc_sec_throughput(d, o, a);
	if (rdoc_has_test(a, RDOC_LATENCY, "latency"))
		rdoc_sec_latency(d, a);
	if (rdoc_has_test(a, RDOC_FLR, "loss"))
		rdoc_sec_loss(d, o, a);
	if (rdoc_has_test(a, RDOC_FRATE, "frate"))
		rdoc_sec_frate(d, o, a);
	if (rdoc_has_test(a, RDOC_B2B, "b2b"))
		rdoc_sec_b2b(d, a);
	rdoc_sec_recovery(d, a);
	if (b != NULL)
		rdoc_sec_compare(d, o, a, b);
	rdoc_sec_dut(d, a, b);
	rdoc_sec_conditions(d, a);
	rdoc_end(d);
	return out->oom ? -ENOMEM : 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_report: dutperf-report's model and sections.  A results directory
 * is read into a set of runs (rdoc_read.c): a campaign (campaign.json: its
 * items, their last state from campaign.jsonl, each item's run
 * directory), else every directory under it holding a run.json (a single
 * run, a scripts/batch.sh directory, any tree).  The report
 * (rdoc_report.c) is built from the runs' result files with the core's
 * csv, stats and plot modules; graphs are gnuplot scripts that a caller's
 * render function turns into SVG.  docs/report.md.
 */
#ifndef DUTPERF_RDOC_REPORT_H
#define DUTPERF_RDOC_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "dutperf/csv.h"
#include "dutperf/imix.h"
#include "plot.h"
#include "rdoc.h"

/* The result files a run directory may hold that the report reads. */
enum rdoc_file {
	RDOC_RATE,		/* rate.csv: throughput */
	RDOC_LATENCY,		/* latency.csv */
	RDOC_FLR,		/* flr.csv: frame loss rate */
	RDOC_B2B,		/* b2b.csv */
	RDOC_RECOVERY,		/* recovery.csv */
	RDOC_RESET,		/* reset.csv */
	RDOC_PDV,		/* pdv.csv */
	RDOC_DUT,		/* dut.csv: [dut] counters (rdoc_dut.c) */
	RDOC_FRATE,		/* frate.csv: forwarding rate per step */
	RDOC_MFR,		/* mfr.csv: MFR and FRMOL per sweep */
	RDOC_NB_FILES,
};

/* "rate.csv", ... */
const char *rdoc_file_name(enum rdoc_file f);

/* A campaign item's last record (campaign.jsonl; state "" when none). */
struct rdoc_item {
	long item;
	char test[32];
	long size_b;			/* a mix: its mean, rounded */
	char imix[IMIX_TEXT_MAX];	/* campaign.json's mix; "": none */
	char dir[256];			/* its directory, relative */
	char state[32];			/* running, done, failed, ... */
	long attempt;
	char result_kind[32];		/* "" for null */
	char throughput_kind[32];	/* "" for null */
	double tput_fwd, tput_rev;	/* -1: none */
	char note[512];
};

struct rdoc_run {
	char dir[4096];			/* the run directory */
	char label[512];		/* relative to the set's root ("." itself) */
	json_t *info;			/* the last run.json record; NULL: none */
	size_t nb_records;		/* run.json's records */
	long size_b;			/* frame size from config; -1 unknown */
	/* run.json's imix: its name ("" none) and mean L2 size; the run's
	 * rows are of that mix, a size of its own */
	char imix[IMIX_NOTE_MAX];
	double imix_mean_b;
	bool has[RDOC_NB_FILES];
	struct csv_table tab[RDOC_NB_FILES];
	const struct rdoc_item *item;	/* campaign item, or NULL */
};

struct rdoc_set {
	char root[4096];
	json_t *campaign;		/* campaign.json, or NULL */
	struct rdoc_item *items;
	size_t nb_items;
	struct rdoc_run *runs;
	size_t nb_runs;
};

/*
 * Read the directory path into s (zeroed first).  0, or -EINVAL with err
 * naming the file and, where it applies, line and key (not a directory,
 * no run.json anywhere under it, a campaign.json or campaign.jsonl or
 * run.json that is not JSON or lacks a key, a result file that does not
 * parse), or -ENOMEM.  On failure s holds nothing.
 */
int rdoc_set_read(const char *path, struct rdoc_set *s, char *err,
		  size_t err_len);
void rdoc_set_free(struct rdoc_set *s);

/* Turns a gnuplot script (its terminal svg, output to stdout) into the
 * SVG bytes in svg; 0, or < 0 with err set (the graph is left out and the
 * report says why). */
typedef int (*rdoc_render_fn)(void *ctx, const struct strbuf *script,
			      struct strbuf *svg, char *err,
			      size_t err_len);

struct rdoc_opts {
	enum rdoc_format fmt;
	const char *title;
	double conf_pct;		/* compare's Student's t level */
	rdoc_render_fn render;		/* NULL: a line instead of each graph */
	void *render_ctx;
};

/*
 * The whole report of a (and the before/after section against b when not
 * NULL) into out.  0, or -ENOMEM.  Missing data is never an error: each
 * section says what is missing, invalid or only a lower bound.
 */
int rdoc_report(struct strbuf *out, const struct rdoc_opts *o,
		const struct rdoc_set *a, const struct rdoc_set *b);

#endif /* DUTPERF_RDOC_REPORT_H */

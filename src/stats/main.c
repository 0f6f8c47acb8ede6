/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutperf-stats: summarize a result column of a CSV file, or compare two
 * result sets with Student's t the way ministat(1) does.  No DPDK, no root.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/csv.h"
#include "dutperf/imix.h"
#include "dutperf/stats.h"
#include "tool.h"

#define EXIT_USAGE TOOL_EXIT_USAGE

struct opts {
	const char *column;
	double conf_pct;
	bool conf_set;		/* --confidence given (compare only) */
	bool csv;
};

static void
usage(FILE *out)
{
	fprintf(out,
		"usage: dutperf-stats summary FILE [--column NAME] [--csv]\n"
		"       dutperf-stats compare A B [--column NAME] [--confidence LEVEL]\n"
		"\n"
		"summary   N, min, max, median, mean, sample stddev and the 1st and\n"
		"          99th percentiles (nearest rank) of one numeric column, one\n"
		"          summary per (frame size, direction) group of the file\n"
		"compare   both sets' N Min Max Median Avg Stddev and Student's t test\n"
		"          of B against A in ministat(1)'s layout (the median of an\n"
		"          even N differs: docs/statistics.md); one group per file\n"
		"\n"
		"Rows whose result_kind is not 'measured' (lower_bound, none) and\n"
		"empty cells are skipped, with a count on stderr.\n"
		"\n"
		"  -C, --column NAME      column to read (default: rate)\n"
		"      --confidence LEVEL 80, 90, 95, 98, 99 or 99.5 (default: 95)\n"
		"      --csv              summary as one CSV header and one data row\n"
		"  -h, --help             this help\n"
		"\n"
		"Exit status: 0 done, 1 runtime failure, 2 usage or input error.\n");
}

/*
 * The values of one (frame size, direction) group.  Files with the columns
 * (rate.csv: Size, Dir; trials.csv, latency.csv, pdv.csv: frame_size_b,
 * direction; flr.csv: dir) are split by them; others are one group.
 */
struct group {
	/* "" where the file has no column; a mix (trials.csv imix not
	 * empty): "imix NAME", a size of its own (docs/statistics.md) */
	char size[IMIX_NOTE_MAX + 8], dir[16];
	double *v;
	size_t n, cap;
	struct stats_summary sum;
};

struct sample {
	const char *path;
	bool by_size, by_dir;
	struct group *g;
	size_t nb_groups;
	size_t skipped_lower, skipped_none, skipped_other, skipped_empty;
};

static const char *const size_cols[] = { "Size", "frame_size_b", NULL };
static const char *const dir_cols[] = { "Dir", "direction", "dir", NULL };

/* The first of names that t has, or -1. */
static long
find_any(const struct csv_table *t, const char *const *names)
{
	long c = -1;
	size_t i;

	for (i = 0; names[i] != NULL && c < 0; i++)
		c = csv_table_column(t, names[i], NULL, 0);
	return c < 0 ? -1 : c;
}

static const char *
cell_or_empty(const struct csv_table *t, size_t row, long col)
{
	const char *s = col < 0 ? NULL : csv_table_cell(t, row, (size_t)col);

	return s != NULL ? s : "";
}

static void
sample_free(struct sample *sm)
{
	size_t i;

	for (i = 0; i < sm->nb_groups; i++)
		free(sm->g[i].v);
	free(sm->g);
	sm->g = NULL;
	sm->nb_groups = 0;
}

struct group_key {
	const char *size, *dir;
};

static bool
group_match(const void *elem, const void *key)
{
	const struct group *g = elem;
	const struct group_key *k = key;

	return strcmp(g->size, k->size) == 0 && strcmp(g->dir, k->dir) == 0;
}

/* Add x to the group (size, dir), made on first sight.  0 or -ENOMEM. */
static int
sample_push(struct sample *sm, const char *size, const char *dir, double x)
{
	struct group_key k = { size, dir };
	struct group *g;
	bool added;

	g = stats_group_get((void **)&sm->g, &sm->nb_groups, sizeof(*g),
			    group_match, &k, &added);
	if (g == NULL)
		return -ENOMEM;
	if (added) {
		snprintf(g->size, sizeof(g->size), "%s", size);
		snprintf(g->dir, sizeof(g->dir), "%s", dir);
	}
	return stats_push(&g->v, &g->n, &g->cap, x);
}

/* "frame size 84, direction b" (or the part there is); "" for none. */
static void
group_label(const struct sample *sm, const struct group *g, char *buf,
	    size_t len)
{
	snprintf(buf, len, "%s%s%s%s%s", sm->by_size ? "frame size " : "",
		 sm->by_size ? g->size : "",
		 sm->by_size && sm->by_dir ? ", " : "",
		 sm->by_dir ? "direction " : "", sm->by_dir ? g->dir : "");
}

/*
 * Read one file's column into groups, skipping rows whose result_kind is
 * not "measured" (lower_bound, none: no DUT result) and rows without a
 * value; says on stderr how many it skipped and why.  Exit code or 0.
 */
static int
load(const char *path, const char *column, struct sample *sm)
{
	struct csv_table t;
	char err[2048];
	long col, kcol, scol, dcol, icol;
	char size[IMIX_NOTE_MAX + 8];
	const char *mix;
	size_t mix_len;
	const char *kind;
	size_t r, i, skipped;
	double x;
	int rc;

	memset(sm, 0, sizeof(*sm));
	sm->path = path;
	rc = csv_table_read(path, &t, err, sizeof(err));
	if (rc == 0) {
		col = csv_table_column(&t, column, err, sizeof(err));
		rc = col < 0 ? (int)col : 0;
	}
	if (rc != 0) {
		fprintf(stderr, "dutperf-stats: %s\n", err);
		csv_table_free(&t);	/* zeroed or freed: safe */
		return rc == -ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
	}
	kcol = find_any(&t, (const char *const[]){ "result_kind", NULL });
	scol = find_any(&t, size_cols);
	dcol = find_any(&t, dir_cols);
	icol = find_any(&t, (const char *const[]){ "imix", NULL });
	sm->by_size = scol >= 0;
	sm->by_dir = dcol >= 0;
	for (r = 0; r < t.nb_rows && rc == 0; r++) {
		kind = cell_or_empty(&t, r, kcol);
		if (kcol >= 0 && strcmp(kind, "measured") != 0) {
			if (strcmp(kind, "lower_bound") == 0)
				sm->skipped_lower++;
			else if (strcmp(kind, "none") == 0)
				sm->skipped_none++;
			else
				sm->skipped_other++;
			continue;
		}
		rc = csv_table_number(&t, r, (size_t)col, true, &x, err,
				      sizeof(err));
		if (rc == 1) {
			sm->skipped_empty++;
			rc = 0;
			continue;
		}
		if (rc < 0) {
			fprintf(stderr, "dutperf-stats: %s\n", err);
			rc = EXIT_USAGE;
			break;
		}
		/* a genome is a size of its own, whatever its mean; the
		 * cell is free text in double quotes ("" for one size) */
		mix = cell_or_empty(&t, r, icol);
		mix_len = strlen(mix);
		if (mix_len >= 2 && mix[0] == '"' && mix[mix_len - 1] == '"') {
			mix++;
			mix_len -= 2;
		}
		/* RFC 6985's notation ("IMIX - aaafg") names itself; a
		 * file before it holds the genome or preset as given */
		if (mix_len > 0 && (strncmp(mix, "IMIX - ", 7) == 0 ||
				    strncmp(mix, "CUSTOM IMIX - ", 14) == 0))
			snprintf(size, sizeof(size), "%.*s", (int)mix_len, mix);
		else if (mix_len > 0)
			snprintf(size, sizeof(size), "imix %.*s", (int)mix_len,
				 mix);
		else
			snprintf(size, sizeof(size), "%s",
				 cell_or_empty(&t, r, scol));
		if (sample_push(sm, size, cell_or_empty(&t, r, dcol), x) < 0) {
			fprintf(stderr, "dutperf-stats: %s: out of memory\n", path);
			rc = EXIT_FAILURE;
		}
	}
	csv_table_free(&t);
	skipped = sm->skipped_lower + sm->skipped_none + sm->skipped_other +
		  sm->skipped_empty;
	if (rc == 0 && skipped > 0)
		fprintf(stderr, "dutperf-stats: %s: skipped %zu row(s) without "
			"a measured %s: %zu lower_bound, %zu none, %zu other "
			"result_kind, %zu empty\n", path, skipped, column,
			sm->skipped_lower, sm->skipped_none, sm->skipped_other,
			sm->skipped_empty);
	if (rc == 0 && sm->nb_groups == 0) {
		fprintf(stderr, "dutperf-stats: %s: column '%s' has no %svalues\n",
			path, column, skipped > 0 ? "measured " : "");
		rc = EXIT_USAGE;
	}
	for (i = 0; rc == 0 && i < sm->nb_groups; i++)
		if (stats_summarize(sm->g[i].v, sm->g[i].n, &sm->g[i].sum) < 0) {
			fprintf(stderr, "dutperf-stats: %s: out of memory\n", path);
			rc = EXIT_FAILURE;
		}
	if (rc != 0)
		sample_free(sm);
	return rc;
}

/* compare: one group per file, the same in both; exit code or 0. */
static int
one_group(const struct sample *a, const struct sample *b)
{
	const struct sample *sm[2] = { a, b };
	char la[IMIX_NOTE_MAX + 64], lb[IMIX_NOTE_MAX + 64];
	size_t k;

	for (k = 0; k < 2; k++) {
		if (sm[k]->nb_groups == 1)
			continue;
		group_label(sm[k], &sm[k]->g[0], la, sizeof(la));
		group_label(sm[k], &sm[k]->g[1], lb, sizeof(lb));
		fprintf(stderr, "dutperf-stats: %s mixes %zu (frame size, "
			"direction) groups (%s; %s; ...): compare takes one "
			"group per file; split it, or use summary (one summary "
			"per group)\n", sm[k]->path, sm[k]->nb_groups, la, lb);
		return EXIT_USAGE;
	}
	/* a file without the column (a plain list of values) fits any */
	if ((!a->by_size || !b->by_size ||
	     strcmp(a->g[0].size, b->g[0].size) == 0) &&
	    (!a->by_dir || !b->by_dir || strcmp(a->g[0].dir, b->g[0].dir) == 0))
		return 0;
	group_label(a, &a->g[0], la, sizeof(la));
	group_label(b, &b->g[0], lb, sizeof(lb));
	fprintf(stderr, "dutperf-stats: %s is %s, %s is %s: compare needs the "
		"same frame size and direction\n", a->path, la, b->path, lb);
	return EXIT_USAGE;
}

static int
cmd_summary(const char *path, const struct opts *o)
{
	static const char *const names[] = {
		"n", "min", "max", "median", "mean", "stddev", "p1", "p99",
	};
	const size_t nb = sizeof(names) / sizeof(names[0]);
	struct sample sm;
	double vals[8];
	char num[64], label[IMIX_NOTE_MAX + 64];
	size_t i, k;
	int rc;

	rc = load(path, o->column, &sm);
	if (rc != 0)
		return rc;
	if (o->csv)
		for (i = 0; i < nb; i++)
			printf("%s,", names[i]);
	if (o->csv)
		printf("frame_size,direction\n");
	for (k = 0; k < sm.nb_groups; k++) {
		struct group *g = &sm.g[k];
		const struct stats_summary *s = &g->sum;

		vals[0] = (double)s->n;
		vals[1] = s->min;
		vals[2] = s->max;
		vals[3] = s->median;
		vals[4] = s->mean;
		vals[5] = s->stddev;
		stats_sort(g->v, s->n);
		vals[6] = stats_percentile_sorted(g->v, s->n, 1.0);
		vals[7] = stats_percentile_sorted(g->v, s->n, 99.0);
		if (o->csv) {
			for (i = 0; i < nb; i++) {
				stats_format_number(vals[i], num, sizeof(num));
				printf("%s,", num);
			}
			printf("%s,%s\n", g->size, g->dir);
			continue;
		}
		group_label(&sm, g, label, sizeof(label));
		printf("%s%-8s %s\n%-8s %s\n", k ? "\n" : "", "file", path,
		       "column", o->column);
		if (*label)
			printf("%-8s %s\n", "group", label);
		for (i = 0; i < nb; i++) {
			stats_format_number(vals[i], num, sizeof(num));
			printf("%-8s %s\n", names[i], num);
		}
	}
	sample_free(&sm);
	return 0;
}

static void
print_row(char mark, const struct stats_summary *s)
{
	printf("%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n", mark, s->n,
	       s->min, s->max, s->median, s->mean, s->stddev);
}

static int
cmd_compare(const char *a, const char *b, const struct opts *o)
{
	struct sample sa, sb;
	struct stats_ttest t;
	char text[512];
	int rc;

	memset(&sb, 0, sizeof(sb));
	rc = load(a, o->column, &sa);
	if (rc != 0)
		return rc;
	rc = load(b, o->column, &sb);
	if (rc == 0)
		rc = one_group(&sa, &sb);
	if (rc == 0 && (sa.g[0].n < 2 || sb.g[0].n < 2)) {
		fprintf(stderr,
			"dutperf-stats: compare needs at least 2 values in each set\n");
		rc = EXIT_USAGE;
	}
	if (rc == 0 && stats_ttest(&sa.g[0].sum, &sb.g[0].sum, o->conf_pct,
				   &t) < 0) {
		fprintf(stderr, "dutperf-stats: t test failed\n");
		rc = EXIT_USAGE;
	}
	if (rc == 0) {
		printf("x %s\n+ %s\n", a, b);
		printf("    N           Min           Max        Median           Avg        Stddev\n");
		print_row('x', &sa.g[0].sum);
		print_row('+', &sb.g[0].sum);
		stats_format_ttest(&t, text, sizeof(text));
		fputs(text, stdout);
	}
	sample_free(&sa);
	sample_free(&sb);
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "column", required_argument, NULL, 'C' },
		{ "confidence", required_argument, NULL,
		  TOOL_OPT_CONFIDENCE },
		{ "csv", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .column = "rate", .conf_pct = 95.0, .csv = false };
	const char *cmd;
	int c, nargs, rc;

	rc = tool_command_arg(argc, argv, usage);
	if (rc >= 0)
		return rc;
	cmd = argv[1];
	if (strcmp(cmd, "summary") != 0 && strcmp(cmd, "compare") != 0) {
		fprintf(stderr, "dutperf-stats: unknown command '%s'\n", cmd);
		usage(stderr);
		return EXIT_USAGE;
	}
	argc--;
	argv++;
	while ((c = getopt_long(argc, argv, "C:ch", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			if (optarg[0] == '\0') {
				fprintf(stderr, "dutperf-stats: --column: empty name\n");
				return EXIT_USAGE;
			}
			o.column = optarg;
			break;
		case 'c':
			return tool_no_short_confidence("dutperf-stats");
		case TOOL_OPT_CONFIDENCE:
			if (tool_confidence("dutperf-stats", optarg,
					    &o.conf_pct) < 0)
				return EXIT_USAGE;
			o.conf_set = true;
			break;
		case 'S':
			o.csv = true;
			break;
		default:		/* -h, or an error getopt reported */
			return tool_help_or_usage(c, usage);
		}
	}
	nargs = argc - optind;
	if (strcmp(cmd, "summary") == 0) {
		if (nargs != 1) {
			fprintf(stderr, "dutperf-stats: summary takes one FILE\n");
			return EXIT_USAGE;
		}
		if (o.conf_set) {
			fprintf(stderr, "dutperf-stats: --confidence is for "
				"compare only (summary has no test)\n");
			return EXIT_USAGE;
		}
		return cmd_summary(argv[optind], &o);
	}
	if (nargs != 2) {
		fprintf(stderr, "dutperf-stats: compare takes two FILEs\n");
		return EXIT_USAGE;
	}
	if (o.csv) {
		fprintf(stderr, "dutperf-stats: --csv is for summary only\n");
		return EXIT_USAGE;
	}
	return cmd_compare(argv[optind], argv[optind + 1], &o);
}

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
#include "dutperf/stats.h"

#define EXIT_USAGE 2

struct opts {
	const char *column;
	double conf_pct;
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
		"          99th percentiles (nearest rank) of one numeric column\n"
		"compare   both sets' N Min Max Median Avg Stddev and Student's t test\n"
		"          of B against A, as ministat(1) prints them\n"
		"\n"
		"  -C, --column NAME      column to read (default: rate)\n"
		"  -c, --confidence LEVEL 80, 90, 95, 98, 99 or 99.5 (default: 95)\n"
		"      --csv              summary as one CSV header and one data row\n"
		"  -h, --help             this help\n"
		"\n"
		"Exit status: 0 done, 1 runtime failure, 2 usage or input error.\n");
}

static int
parse_confidence(const char *s, double *conf_pct)
{
	char err[256];

	if (stats_parse_confidence(s, conf_pct, err, sizeof(err)) < 0) {
		fprintf(stderr, "dutperf-stats: %s\n", err);
		return -EINVAL;
	}
	return 0;
}

/* Read and summarize one file's column; prints errors.  Exit code or 0. */
static int
load(const char *path, const char *column, double **values,
     struct stats_summary *sum)
{
	char err[2048];
	long n;

	n = csv_read_column(path, column, values, err, sizeof(err));
	if (n < 0) {
		fprintf(stderr, "dutperf-stats: %s\n", err);
		return n == -ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
	}
	if (n == 0) {
		fprintf(stderr, "dutperf-stats: %s: column '%s' has no values\n",
			path, column);
		return EXIT_USAGE;
	}
	if (stats_summarize(*values, (size_t)n, sum) < 0) {
		fprintf(stderr, "dutperf-stats: %s: out of memory\n", path);
		return EXIT_FAILURE;
	}
	return 0;
}

static int
cmd_summary(const char *path, const struct opts *o)
{
	static const char *const names[] = {
		"n", "min", "max", "median", "mean", "stddev", "p1", "p99",
	};
	const size_t nb = sizeof(names) / sizeof(names[0]);
	struct stats_summary s;
	double *v = NULL, vals[8];
	char num[64];
	size_t i;
	int rc;

	rc = load(path, o->column, &v, &s);
	if (rc != 0)
		return rc;
	vals[0] = (double)s.n;
	vals[1] = s.min;
	vals[2] = s.max;
	vals[3] = s.median;
	vals[4] = s.mean;
	vals[5] = s.stddev;
	stats_sort(v, s.n);
	vals[6] = stats_percentile_sorted(v, s.n, 1.0);
	vals[7] = stats_percentile_sorted(v, s.n, 99.0);
	free(v);
	if (o->csv) {
		for (i = 0; i < nb; i++)
			printf("%s%s", names[i], i + 1 < nb ? "," : "\n");
		for (i = 0; i < nb; i++) {
			stats_format_number(vals[i], num, sizeof(num));
			printf("%s%s", num, i + 1 < nb ? "," : "\n");
		}
		return 0;
	}
	printf("%-8s %s\n%-8s %s\n", "file", path, "column", o->column);
	for (i = 0; i < nb; i++) {
		stats_format_number(vals[i], num, sizeof(num));
		printf("%-8s %s\n", names[i], num);
	}
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
	struct stats_summary sa, sb;
	struct stats_ttest t;
	double *va = NULL, *vb = NULL;
	char text[512];
	int rc;

	rc = load(a, o->column, &va, &sa);
	if (rc == 0)
		rc = load(b, o->column, &vb, &sb);
	free(va);
	free(vb);
	if (rc != 0)
		return rc;
	if (sa.n < 2 || sb.n < 2) {
		fprintf(stderr,
			"dutperf-stats: compare needs at least 2 values in each set\n");
		return EXIT_USAGE;
	}
	printf("x %s\n+ %s\n", a, b);
	printf("    N           Min           Max        Median           Avg        Stddev\n");
	print_row('x', &sa);
	print_row('+', &sb);
	if (stats_ttest(&sa, &sb, o->conf_pct, &t) < 0) {
		fprintf(stderr, "dutperf-stats: t test failed\n");
		return EXIT_USAGE;
	}
	stats_format_ttest(&t, text, sizeof(text));
	fputs(text, stdout);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "column", required_argument, NULL, 'C' },
		{ "confidence", required_argument, NULL, 'c' },
		{ "csv", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .column = "rate", .conf_pct = 95.0, .csv = false };
	const char *cmd;
	int c, nargs;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(cmd, "summary") != 0 && strcmp(cmd, "compare") != 0) {
		fprintf(stderr, "dutperf-stats: unknown command '%s'\n", cmd);
		usage(stderr);
		return EXIT_USAGE;
	}
	argc--;
	argv++;
	while ((c = getopt_long(argc, argv, "C:c:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			if (optarg[0] == '\0') {
				fprintf(stderr, "dutperf-stats: --column: empty name\n");
				return EXIT_USAGE;
			}
			o.column = optarg;
			break;
		case 'c':
			if (parse_confidence(optarg, &o.conf_pct) < 0)
				return EXIT_USAGE;
			break;
		case 'S':
			o.csv = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	nargs = argc - optind;
	if (strcmp(cmd, "summary") == 0) {
		if (nargs != 1) {
			fprintf(stderr, "dutperf-stats: summary takes one FILE\n");
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

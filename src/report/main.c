/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutperf-report: one self-contained HTML file (or Markdown) from a
 * results directory: a run, a scripts/batch.sh directory or a campaign;
 * with a second directory a before/after section.  No DPDK, no root.  The
 * core reads the directories and builds the document (rdoc_report.h);
 * this file runs gnuplot for the graphs (SVG on its stdout) and writes the
 * document through a temporary file renamed into place, so that a failure
 * leaves nothing behind.  docs/report.md.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plot.h"
#include "rdoc_report.h"
#include "dutperf/stats.h"
#include "tool.h"

#define EXIT_USAGE TOOL_EXIT_USAGE

static void
usage(FILE *out)
{
	fprintf(out,
		"usage: dutperf-report DIR [DIR2] -o REPORT.html [options]\n"
		"       dutperf-report DIR [DIR2] --markdown [-o REPORT.md]\n"
		"\n"
		"DIR is a dutperf results directory: one run (run.json, rate.csv,\n"
		"...), a scripts/batch.sh directory, any tree of run directories, or\n"
		"a campaign (campaign.json, campaign.jsonl, a directory per item).\n"
		"The report holds, per test present, RFC 2544 section 26's items\n"
		"(throughput per frame size in frames/s, Mb/s and %% of line rate\n"
		"with a graph; latency TL and WCL; frame loss rate curves;\n"
		"back-to-back with buffer times; recovery and reset times), RFC\n"
		"8219 summaries of repeated runs, every lower bound, invalid or\n"
		"missing item labelled, and the test conditions from run.json.\n"
		"With DIR2, a before (DIR) / after (DIR2) section with dutperf-stats\n"
		"compare's verdict per test, frame size and direction.\n"
		"\n"
		"  -o, --output FILE      the report (.html, or .md with --markdown)\n"
		"  -m, --markdown         Markdown instead of HTML (stdout without -o;\n"
		"                         no graphs, the tables hold the numbers)\n"
		"  -t, --title TEXT       the report's title (default: dutperf report)\n"
		"      --confidence LEVEL compare: 80, 90, 95, 98, 99 or 99.5 (default: 95)\n"
		"  -h, --help             this help\n"
		"\n"
		"Environment: DUTPERF_GNUPLOT, the gnuplot program (default: gnuplot).\n"
		"Exit status: 0 done, 1 runtime failure, 2 usage or input error (the\n"
		"message names the file, line and key; nothing is written).\n");
}

/* Graphs: the script into a temporary file, gnuplot's stdout into
 * another, read back. */
static int
render_svg(void *ctx, const struct strbuf *script, struct strbuf *svg,
	   char *err, size_t err_len)
{
	char gp[] = "/tmp/dutperf-report.XXXXXX";
	char out[] = "/tmp/dutperf-report-svg.XXXXXX";
	int gfd, ofd = -1, rc = -EIO;
	char chunk[65536];
	ssize_t n;

	(void)ctx;
	gfd = mkstemp(gp);
	if (gfd < 0) {
		snprintf(err, err_len, "%s: %s", gp, strerror(errno));
		return -errno;
	}
	if (write(gfd, script->s, script->len) != (ssize_t)script->len) {
		snprintf(err, err_len, "%s: %s", gp, strerror(errno));
		goto out;
	}
	ofd = mkstemp(out);
	if (ofd < 0) {
		snprintf(err, err_len, "%s: %s", out, strerror(errno));
		goto out;
	}
	rc = plot_run_gnuplot(gp, ofd, err, err_len);
	if (rc < 0)
		goto out;
	if (lseek(ofd, 0, SEEK_SET) < 0) {
		rc = -errno;
		snprintf(err, err_len, "%s: %s", out, strerror(errno));
		goto out;
	}
	while ((n = read(ofd, chunk, sizeof(chunk))) > 0)
		strbuf_printf(svg, "%.*s", (int)n, chunk);
	if (n < 0 || svg->len == 0) {
		rc = -EIO;
		snprintf(err, err_len, "gnuplot wrote no image");
	}
out:
	close(gfd);
	unlink(gp);
	if (ofd >= 0) {
		close(ofd);
		unlink(out);
	}
	return rc;
}

/* The document to path ('-' or NULL: stdout) through a temporary twin. */
static int
write_out(const char *path, const struct strbuf *b)
{
	char tmp[PATH_MAX];
	mode_t mode;
	FILE *f;
	int fd;

	if (path == NULL || strcmp(path, "-") == 0) {
		if (fwrite(b->s, 1, b->len, stdout) != b->len ||
		    fflush(stdout) != 0) {
			perror("dutperf-report: stdout");
			return EXIT_FAILURE;
		}
		return 0;
	}
	if (snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= (int)sizeof(tmp)) {
		fprintf(stderr, "dutperf-report: %s: name too long\n", path);
		return EXIT_USAGE;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "dutperf-report: %s: %s\n", tmp, strerror(errno));
		return EXIT_FAILURE;
	}
	mode = umask(0);
	umask(mode);
	if (fchmod(fd, 0666 & ~mode) < 0)
		perror("dutperf-report: fchmod");
	f = fdopen(fd, "w");
	if (f == NULL || fwrite(b->s, 1, b->len, f) != b->len ||
	    fflush(f) != 0 || fsync(fd) != 0) {
		fprintf(stderr, "dutperf-report: %s: %s\n", tmp, strerror(errno));
		if (f != NULL)
			fclose(f);
		else
			close(fd);
		unlink(tmp);
		return EXIT_FAILURE;
	}
	fclose(f);
	if (rename(tmp, path) < 0) {
		fprintf(stderr, "dutperf-report: %s: %s\n", path, strerror(errno));
		unlink(tmp);
		return EXIT_FAILURE;
	}
	return 0;
}

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "markdown", no_argument, NULL, 'm' },
		{ "title", required_argument, NULL, 't' },
		{ "confidence", required_argument, NULL,
		  TOOL_OPT_CONFIDENCE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct rdoc_opts o = {
		.fmt = RDOC_HTML, .title = "dutperf report", .conf_pct = 95.0,
		.render = render_svg,
	};
	struct rdoc_set a, b;
	struct strbuf doc = { 0 };
	const char *output = NULL;
	char err[4400];
	int c, rc, nargs;

	while ((c = getopt_long(argc, argv, "o:mt:ch", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'm':
			o.fmt = RDOC_MARKDOWN;
			break;
		case 't':
			o.title = optarg;
			break;
		case 'c':
			return tool_no_short_confidence("dutperf-report");
		case TOOL_OPT_CONFIDENCE:
			if (tool_confidence("dutperf-report", optarg,
					    &o.conf_pct) < 0)
				return EXIT_USAGE;
			break;
		default:		/* -h, or an error getopt reported */
			return tool_help_or_usage(c, usage);
		}
	}
	nargs = argc - optind;
	if (nargs < 1 || nargs > 2) {
		fprintf(stderr, "dutperf-report: one or two result directories, "
			"not %d\n", nargs);
		usage(stderr);
		return EXIT_USAGE;
	}
	if (o.fmt == RDOC_HTML && output == NULL) {
		fprintf(stderr, "dutperf-report: -o REPORT.html is required "
			"(or --markdown for stdout)\n");
		return EXIT_USAGE;
	}
	if (output != NULL && strcmp(output, "-") != 0 &&
	    !ends_with(output, o.fmt == RDOC_HTML ? ".html" : ".md") &&
	    !(o.fmt == RDOC_HTML && ends_with(output, ".htm"))) {
		fprintf(stderr, "dutperf-report: -o %s: the name must end in %s\n",
			output, o.fmt == RDOC_HTML ? ".html (or .htm; "
			"--markdown for .md)" : ".md");
		return EXIT_USAGE;
	}
	if (o.fmt == RDOC_MARKDOWN)
		o.render = NULL;
	if (rdoc_set_read(argv[optind], &a, err, sizeof(err)) < 0) {
		fprintf(stderr, "dutperf-report: %s\n", err);
		return EXIT_USAGE;
	}
	if (nargs == 2 &&
	    rdoc_set_read(argv[optind + 1], &b, err, sizeof(err)) < 0) {
		fprintf(stderr, "dutperf-report: %s\n", err);
		rdoc_set_free(&a);
		return EXIT_USAGE;
	}
	rc = rdoc_report(&doc, &o, &a, nargs == 2 ? &b : NULL);
	if (rc < 0) {
		fprintf(stderr, "dutperf-report: out of memory\n");
		rc = EXIT_FAILURE;
	} else {
		rc = write_out(output, &doc);
	}
	strbuf_free(&doc);
	rdoc_set_free(&a);
	if (nargs == 2)
		rdoc_set_free(&b);
	return rc;
}

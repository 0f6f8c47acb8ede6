/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutperf-plot: pictures of dutperf's result files with gnuplot (Debian:
 * gnuplot-nox).  No DPDK, no root.  The script is built by the core's plot
 * module; this file reads the inputs (and for tput-size the link speed in
 * run.json), prints the module's notes on stderr, runs gnuplot on a
 * temporary output and renames it into place only when gnuplot succeeded.
 */
#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dutperf/csv.h"
#include "plot.h"
#include "dutperf/stats.h"
#include "tool.h"

#define EXIT_USAGE TOOL_EXIT_USAGE
#define PLOT_MAX_INPUTS 4096

/* A core function's error rc (-errno, message in err) on stderr; its
 * exit status: 1 out of memory, else 2 (the input or the options). */
static int
fail_status(int rc, const char *err)
{
	fprintf(stderr, "dutperf-plot: %s\n", err);
	return rc == -ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
}

static void
usage(FILE *out)
{
	fprintf(out,
		"usage: dutperf-plot KIND -o OUT.png|OUT.svg [options] FILE...\n"
		"       dutperf-plot KIND --script OUT.gp [options] FILE...\n"
		"\n"
		"tput-size FILE|DIR...  throughput against frame size from rate.csv files:\n"
		"                       the median of the searches of each size and\n"
		"                       direction with 1st-99th percentile bars, and the\n"
		"                       Ethernet line rate at the link speed the run.json\n"
		"                       beside each rate.csv records (per size, the\n"
		"                       lowest of that size's runs); a\n"
		"                       median above it is drawn red and named on\n"
		"                       stderr; a DIR is a scripts/batch.sh output\n"
		"                       (DIR/rate.csv or DIR/*/rate.csv)\n"
		"loss-load FLR.csv...   frame loss rate (%%) against offered load, one line\n"
		"                       per file and direction (rows without loss_pct,\n"
		"                       where nothing was sent, are left out)\n"
		"searches RATE.csv      the rate of each search, in file order, and the\n"
		"                       median\n"
		"compare A.csv B.csv    box plot (quartiles, min-max, each value) of two\n"
		"                       rate.csv files, titled with dutperf-stats compare's\n"
		"                       verdict (Student's t)\n"
		"latency LATENCY.csv... CDF over the runs of the per-run values fwd_/rev_\n"
		"                       tl_us and wcl_us (latency.csv holds one summary\n"
		"                       row per run, not each frame's latency)\n"
		"pdv PDV.csv...         the same for fwd_/rev_pdv_us of pdv.csv\n"
		"monitor MONITOR.csv    instant tx/rx rate and the period's variation (ns)\n"
		"                       with its min and max over time (docs/plots.md)\n"
		"cpu-load DUT.csv...    each DUT CPU's busy share (%%) against offered load,\n"
		"                       one line per file and CPU ([dut] parser cpu, e.g.\n"
		"                       observing every trial of a loss sweep)\n"
		"frate FRATE.csv...     forwarding rate against the intended load (mode\n"
		"                       frate), one line per file and direction (steps\n"
		"                       without fr_fps, invalid trials, are left out)\n"
		"\n"
		"  -o, --output FILE      the image; .png or .svg chooses the format\n"
		"  -s, --script FILE      write the gnuplot script too ('-': stdout);\n"
		"                         without -o only the script, which then\n"
		"                         writes an SVG image to its stdout\n"
		"  -l, --label TEXT       legend label of the next input file (repeat in\n"
		"                         file order; default: the file name)\n"
		"  -g, --link-gbps SPEED  tput-size: link speed in Gbit/s of the line\n"
		"                         rate, over what run.json records (default:\n"
		"                         that; none recorded: no line rate)\n"
		"      --confidence LEVEL compare: 80, 90, 95, 98, 99 or 99.5 (default: 95)\n"
		"  -C, --column NAME      searches, compare: the column (default: rate);\n"
		"                         latency, pdv: a column suffix after fwd_/rev_,\n"
		"                         repeatable (e.g. -C mean_us -C max_us)\n"
		"  -h, --help             this help\n"
		"\n"
		"Environment: DUTPERF_GNUPLOT, the gnuplot program (default: gnuplot).\n"
		"Exit status: 0 done, 1 runtime failure (gnuplot), 2 usage or input error\n"
		"(the message names file, line and column; no image is written).\n");
}

struct opts {
	struct plot_opts p;
	const char *output;
	const char *script;
	const char *labels[PLOT_MAX_INPUTS];
	size_t nb_labels;
	const char *metrics[64];
	bool link_set;			/* --link-gbps: run.json not read */
	struct strbuf notes;		/* for stderr, a line each */
};

/* The notes, each line after "dutperf-plot: ", then none. */
static void
print_notes(struct strbuf *notes)
{
	const char *p, *e, *end = notes->s + notes->len;

	for (p = notes->s; p != NULL && p < end; p = e + 1) {
		e = memchr(p, '\n', (size_t)(end - p));
		if (e == NULL)
			e = end;
		fprintf(stderr, "dutperf-plot: %.*s\n", (int)(e - p), p);
	}
	notes->len = 0;
}

static int
parse_positive(const char *opt, const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || !(*v > 0) ||
	    *v > 1e6) {
		fprintf(stderr, "dutperf-plot: %s '%s': not a positive number\n",
			opt, s);
		return -EINVAL;
	}
	return 0;
}

/* Add path, or for a directory its rate.csv files, to files[]. */
static int
expand_input(const char *path, bool dirs_ok, char **files, size_t *n)
{
	char pattern[PATH_MAX + 16];
	struct stat st;
	glob_t g;
	size_t i;

	if (dirs_ok && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(pattern, sizeof(pattern), "%s/rate.csv", path);
		if (access(pattern, F_OK) != 0)
			snprintf(pattern, sizeof(pattern), "%s/*/rate.csv", path);
		if (glob(pattern, 0, NULL, &g) != 0) {
			fprintf(stderr,
				"dutperf-plot: %s: no rate.csv in it or in its subdirectories\n",
				path);
			return -EINVAL;
		}
		for (i = 0; i < g.gl_pathc && *n < PLOT_MAX_INPUTS; i++)
			files[(*n)++] = strdup(g.gl_pathv[i]);
		globfree(&g);
	} else if (*n < PLOT_MAX_INPUTS) {
		files[(*n)++] = strdup(path);
	}
	if (*n >= PLOT_MAX_INPUTS) {
		fprintf(stderr, "dutperf-plot: more than %d input files\n",
			PLOT_MAX_INPUTS);
		return -E2BIG;
	}
	return files[*n - 1] != NULL ? 0 : -ENOMEM;
}

/* Write the script text to path ('-': stdout); 0 or -errno. */
static int
write_script(const char *path, const struct strbuf *b)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "we");
	int rc = 0;

	if (f == NULL ||
	    fwrite(b->s, 1, b->len, f) != b->len || fflush(f) != 0)
		rc = -errno;
	if (f != NULL && f != stdout && fclose(f) != 0 && rc == 0)
		rc = -errno;
	if (rc != 0)
		fprintf(stderr, "dutperf-plot: %s: %s\n", path, strerror(-rc));
	return rc;
}

/* Run gnuplot on script_path; 0 when it exited 0. */
static int
run_gnuplot(const char *script_path)
{
	char err[512];

	if (plot_run_gnuplot(script_path, -1, err, sizeof(err)) == 0)
		return 0;
	fprintf(stderr, "dutperf-plot: %s\n", err);
	return -1;
}

/*
 * Build the script for a temporary twin of o->output, run gnuplot on it and
 * rename it into place; on any failure no image is left.  An exit status.
 */
static int
render(struct opts *o, const struct plot_input *in, size_t n)
{
	char tmp_out[PATH_MAX], tmp_gp[] = "/tmp/dutperf-plot.XXXXXX";
	struct strbuf b = { 0 };
	char err[2048];
	struct stat st;
	mode_t mode;
	int fd, rc;

	o->p.format = PLOT_SVG;
	o->p.output = NULL;
	if (o->output != NULL) {
		if (plot_format_from_path(o->output, &o->p.format, err,
					  sizeof(err)) < 0) {
			fprintf(stderr, "dutperf-plot: %s\n", err);
			return EXIT_USAGE;
		}
		if (snprintf(tmp_out, sizeof(tmp_out), "%s.XXXXXX",
			     o->output) >= (int)sizeof(tmp_out)) {
			fprintf(stderr, "dutperf-plot: %s: name too long\n",
				o->output);
			return EXIT_USAGE;
		}
		/* In the output's directory, so that rename(2) is atomic. */
		fd = mkstemp(tmp_out);
		if (fd < 0) {
			fprintf(stderr, "dutperf-plot: %s: %s\n", tmp_out,
				strerror(errno));
			return EXIT_FAILURE;
		}
		/* mkstemp's 0600 would survive the rename: the umask's mode. */
		mode = umask(0);
		umask(mode);
		if (fchmod(fd, 0666 & ~mode) < 0)
			perror("dutperf-plot: fchmod");
		close(fd);
		o->p.output = tmp_out;
	}
	rc = plot_script(&b, &o->p, in, n, err, sizeof(err));
	print_notes(&o->notes);
	if (rc < 0) {
		rc = fail_status(rc, err);
		goto out;
	}
	rc = EXIT_FAILURE;
	if (o->script != NULL && write_script(o->script, &b) < 0)
		goto out;
	if (o->output == NULL) {
		rc = 0;
		goto out;
	}
	fd = mkstemp(tmp_gp);
	if (fd < 0) {
		fprintf(stderr, "dutperf-plot: %s: %s\n", tmp_gp, strerror(errno));
		goto out;
	}
	close(fd);
	if (write_script(tmp_gp, &b) == 0 && run_gnuplot(tmp_gp) == 0) {
		if (stat(tmp_out, &st) < 0 || st.st_size == 0)
			fprintf(stderr, "dutperf-plot: gnuplot wrote no image\n");
		else if (rename(tmp_out, o->output) < 0)
			fprintf(stderr, "dutperf-plot: %s: %s\n", o->output,
				strerror(errno));
		else
			rc = 0;
	}
	unlink(tmp_gp);
out:
	if (rc != 0 && o->output != NULL)
		unlink(tmp_out);
	strbuf_free(&b);
	return rc;
}

/* Read the inputs and render; returns an exit status. */
static int
plot_files(struct opts *o, char **files, size_t n)
{
	struct plot_input *in;
	struct csv_table *t;
	char err[2048];
	size_t i, nread = 0;
	int r, rc = 0;

	in = calloc(n, sizeof(*in));
	t = calloc(n, sizeof(*t));
	if (in == NULL || t == NULL) {
		rc = EXIT_FAILURE;
		goto out;
	}
	for (i = 0; i < n; i++, nread++) {
		r = csv_table_read(files[i], &t[i], err, sizeof(err));

		if (r < 0) {
			rc = fail_status(r, err);
			goto out;
		}
		in[i].t = &t[i];
		in[i].label = i < o->nb_labels ? o->labels[i] : files[i];
	}
	if (o->p.kind == PLOT_TPUT_SIZE && !o->link_set) {
		r = plot_link_speed(in, n, &o->p.link_gbps, &o->notes, err,
				    sizeof(err));
		print_notes(&o->notes);
		if (r < 0) {
			rc = fail_status(r, err);
			goto out;
		}
	}
	rc = render(o, in, n);
out:
	for (i = 0; i < nread; i++)
		csv_table_free(&t[i]);
	free(t);
	free(in);
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "script", required_argument, NULL, 's' },
		{ "label", required_argument, NULL, 'l' },
		{ "link-gbps", required_argument, NULL, 'g' },
		{ "confidence", required_argument, NULL,
		  TOOL_OPT_CONFIDENCE },
		{ "column", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct opts o;
	size_t nfiles = 0, i, min, max;
	char **files;
	int c, rc;

	o.p.conf_pct = 95.0;
	o.p.column = "rate";
	o.p.metrics = o.metrics;
	o.p.notes = &o.notes;
	rc = tool_command_arg(argc, argv, usage);
	if (rc >= 0)
		return rc;
	if (plot_kind_from_name(argv[1], &o.p.kind) < 0) {
		fprintf(stderr, "dutperf-plot: unknown plot '%s'\n", argv[1]);
		usage(stderr);
		return EXIT_USAGE;
	}
	argc--;
	argv++;
	while ((c = getopt_long(argc, argv, "o:s:l:g:cC:h", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'o':
			o.output = optarg;
			break;
		case 's':
			o.script = optarg;
			break;
		case 'l':
			if (o.nb_labels == PLOT_MAX_INPUTS) {
				fprintf(stderr, "dutperf-plot: too many --label\n");
				return EXIT_USAGE;
			}
			o.labels[o.nb_labels++] = optarg;
			break;
		case 'g':
			if (parse_positive("--link-gbps", optarg,
					   &o.p.link_gbps) < 0)
				return EXIT_USAGE;
			o.link_set = true;
			o.p.link_given = true;
			break;
		case 'c':
			return tool_no_short_confidence("dutperf-plot");
		case TOOL_OPT_CONFIDENCE:
			if (tool_confidence("dutperf-plot", optarg,
					    &o.p.conf_pct) < 0)
				return EXIT_USAGE;
			break;
		case 'C':
			if (optarg[0] == '\0' ||
			    o.p.nb_metrics == sizeof(o.metrics) / sizeof(o.metrics[0])) {
				fprintf(stderr, "dutperf-plot: --column: empty name or too many\n");
				return EXIT_USAGE;
			}
			o.p.column = optarg;
			o.metrics[o.p.nb_metrics++] = optarg;
			break;
		default:		/* -h, or an error getopt reported */
			return tool_help_or_usage(c, usage);
		}
	}
	if (o.output == NULL && o.script == NULL) {
		fprintf(stderr, "dutperf-plot: -o OUT.png|OUT.svg (or --script) is required\n");
		return EXIT_USAGE;
	}
	if (o.p.nb_metrics > 1 && o.p.kind != PLOT_LATENCY &&
	    o.p.kind != PLOT_PDV) {
		fprintf(stderr, "dutperf-plot: one --column only for %s\n",
			plot_kind_name(o.p.kind));
		return EXIT_USAGE;
	}
	if (o.p.kind == PLOT_LATENCY || o.p.kind == PLOT_PDV)
		for (i = 0; i < o.p.nb_metrics; i++)
			if (strchr(o.metrics[i], ',') != NULL) {
				fprintf(stderr, "dutperf-plot: --column '%s': one name each\n",
					o.metrics[i]);
				return EXIT_USAGE;
			}
	files = calloc(PLOT_MAX_INPUTS, sizeof(*files));
	if (files == NULL)
		return EXIT_FAILURE;
	rc = 0;
	for (; optind < argc && rc == 0; optind++)
		rc = expand_input(argv[optind], o.p.kind == PLOT_TPUT_SIZE, files,
				  &nfiles);
	plot_kind_inputs(o.p.kind, &min, &max);
	if (rc == 0 && (nfiles < min || nfiles > max)) {
		fprintf(stderr, "dutperf-plot: %s takes %s%zu input file%s, not %zu\n",
			plot_kind_name(o.p.kind), max == min ? "" : "at least ",
			min, min == 1 && max == 1 ? "" : "s", nfiles);
		rc = -EINVAL;
	}
	if (rc == 0 && o.nb_labels > nfiles) {
		fprintf(stderr, "dutperf-plot: %zu --label for %zu input files\n",
			o.nb_labels, nfiles);
		rc = -EINVAL;
	}
	rc = rc == 0 ? plot_files(&o, files, nfiles) :
		       rc == -ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
	for (i = 0; i < nfiles; i++)
		free(files[i]);
	free(files);
	strbuf_free(&o.notes);
	return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli: MODE [options] after "--".  Layers: cfg_defaults() < the INI file of
 * -c (wherever -c stands) < the other options, then cfg_validate().
 */
#include <errno.h>
#include <inttypes.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cli.h"

#ifndef DUTPERF_VERSION
#define DUTPERF_VERSION "unknown"
#endif

enum {
	OPT_DIRECTION = 256,
	OPT_N,
	OPT_M,
	OPT_SEED,
	OPT_BURST,
	OPT_REPEAT,
	OPT_RATE_MIN,
	OPT_RATE_MAX,
	OPT_INITIAL_RATE,
	OPT_ERROR,
	OPT_SETTLE,
	OPT_MAX_RETRIES,
	OPT_LOSS_PPM,
	OPT_FRAME_TIMEOUT,
	OPT_TAGGED,
	OPT_DELAY,
	OPT_LOSS_STEP,
	OPT_RATES,
	OPT_INTERVAL,
	OPT_WARMUP,
	OPT_THRESHOLD,
	OPT_PRINT_CONFIG,
	OPT_CHECK,
	OPT_GOAL,
};

/* One option; section/key when it overrides an INI key (same parser, bounds). */
struct cli_opt {
	const char *name;
	int val;		/* short option character or OPT_* */
	const char *arg;	/* argument name, NULL when none */
	const char *section;
	const char *key;
	const char *help;
};

static const struct cli_opt cli_opts[] = {
	{ "config", 'c', "FILE", NULL, NULL,
	  "INI file read over the defaults (default: none)" },
	{ "rate", 'r', "FPS", "traffic", "rate_fps", "frame rate per direction" },
	{ "size", 's', "BYTES", "traffic", "frame_size_b",
	  "frame size incl. FCS (IPv6 size when translating)" },
	{ "duration", 'd', "S", "traffic", "duration_s", "trial duration" },
	{ "timeout", 't', "MS", "traffic", "timeout_ms",
	  "wait for late frames after sending" },
	{ "direction", OPT_DIRECTION, "DIR", "traffic", "direction",
	  "b|f|r|both|forward|reverse" },
	{ "n", OPT_N, "N", "traffic", "n", "of every n frames ..." },
	{ "m", OPT_M, "M", "traffic", "m", "... m are foreground" },
	{ "seed", OPT_SEED, "N", "traffic", "seed",
	  "RFC 4814 seed (0 = pick and record)" },
	{ "burst", OPT_BURST, "N", "traffic", "burst", "frames per TX burst" },
	{ "outdir", 'o', "DIR", "output", "dir", "results directory" },
	{ "repeat", OPT_REPEAT, "N", "search", "repeat", "searches per run" },
	{ "rate-min", OPT_RATE_MIN, "FPS", "search", "rate_min_fps",
	  "search lower bound" },
	{ "rate-max", OPT_RATE_MAX, "FPS", "search", "rate_max_fps",
	  "search upper bound (0 = line rate)" },
	{ "initial-rate", OPT_INITIAL_RATE, "FPS", "search", "initial_rate_fps",
	  "first rate of the search (0 = rate-max)" },
	{ "error", OPT_ERROR, "FPS", "search", "error_fps",
	  "search precision: stop when upper - lower <= error" },
	{ "settle", OPT_SETTLE, "MS", "search", "settle_ms",
	  "pause between trials" },
	{ "max-retries", OPT_MAX_RETRIES, "N", "search", "max_retries",
	  "invalid trials retried at the same rate" },
	{ "loss-ppm", OPT_LOSS_PPM, "PPM", "search", "loss_ppm",
	  "tolerated loss in parts per million" },
	{ "frame-timeout", OPT_FRAME_TIMEOUT, "MS", "traffic", "frame_timeout_ms",
	  "per-frame timeout: later frames count as lost (0 = off)" },
	{ "tagged", OPT_TAGGED, "N", "latency", "tagged_frames",
	  "latency: tagged frames per direction" },
	{ "delay", OPT_DELAY, "S", "latency", "delay_s",
	  "latency: tagging starts this long after the start" },
	{ "loss-step", OPT_LOSS_STEP, "PCT", "loss", "step_pct",
	  "loss: rate step, % of the maximum" },
	{ "rates", OPT_RATES, "LIST", "loss", "rates",
	  "loss: explicit rates r1,r2,... instead of the sweep" },
	{ "goal", OPT_GOAL, "GOAL", "mlr", "goals",
	  "mlr: search goal (ndr, pdr, rfc2544, tst009, key=value,...); "
	  "repeat for several" },
	{ "interval", OPT_INTERVAL, "MS", "monitor", "interval_ms",
	  "monitor: reporting interval" },
	{ "warmup", OPT_WARMUP, "N", "monitor", "warmup",
	  "monitor: intervals before the variation's min/max count" },
	{ "threshold", OPT_THRESHOLD, "NS", "monitor", "threshold_ns",
	  "monitor: warn above this period variation (0 = never)" },
	{ "quiet", 'q', NULL, NULL, NULL, "no progress messages on stderr" },
	{ "print-config", OPT_PRINT_CONFIG, NULL, NULL, NULL,
	  "print the effective configuration before running" },
	{ "check", OPT_CHECK, NULL, NULL, NULL,
	  "validate, print the effective configuration and exit" },
	{ "help", 'h', NULL, NULL, NULL, "this help, then exit" },
	{ "version", 'V', NULL, NULL, NULL, "print the version, then exit" },
};

#define CLI_NB_OPTS (sizeof(cli_opts) / sizeof(cli_opts[0]))

const char *
cli_mode_name(const struct cli *cli)
{
	return cli->mode != NULL ? cli->mode->name : "none";
}

/* "trial, throughput, ..." for messages. */
static const char *
mode_list(const struct cli_mode *const *modes, unsigned nb, char *buf,
	  size_t len)
{
	size_t used = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < nb && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", modes[i]->name);
	return buf;
}

static void
cli_help(FILE *out, const char *prog, const struct cli_mode *const *modes,
	 unsigned nb_modes)
{
	char left[64];
	unsigned i;

	fprintf(out,
		"usage: %s [EAL options] -- MODE [options]\n"
		"       %s [EAL options] -- --help | --version\n"
		"\nModes:\n", prog, prog);
	for (i = 0; i < nb_modes; i++) {
		fprintf(out, "  %-12s %s\n", modes[i]->name, modes[i]->help);
		if (modes[i]->options != NULL)
			fprintf(out, "  %-12s (options: %s)\n", "",
				modes[i]->options);
	}
	fprintf(out, "\nOptions (override the INI file; defaults < INI < options):\n");
	for (i = 0; i < CLI_NB_OPTS; i++) {
		const struct cli_opt *o = &cli_opts[i];
		const struct cfg_key *k = NULL;
		char sh[8] = "    ";

		if (o->val < 256)
			snprintf(sh, sizeof(sh), "-%c, ", o->val);
		snprintf(left, sizeof(left), "%s--%s%s%s", sh, o->name,
			 o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(out, "  %-28s %s", left, o->help);
		if (o->section != NULL)
			k = cfg_key_find(o->section, o->key);
		if (k != NULL) {
			fprintf(out, " (");
			if (k->unit[0] != '\0')
				fprintf(out, "%s, ", k->unit);
			if (k->type == CFG_KEY_U)
				fprintf(out, "%llu..%llu, ",
					(unsigned long long)k->min,
					(unsigned long long)k->max);
			fprintf(out, "default %s; INI [%s] %s)", k->def,
				o->section, o->key);
		}
		fprintf(out, "\n");
	}
	fprintf(out,
		"\nExit status: 0 done, 1 runtime failure, 2 usage or configuration error.\n"
		"Every INI key is described in docs/configuration.md and conf/dutperf.ini.\n");
}

static const struct cli_opt *
opt_by_val(int val)
{
	unsigned i;

	for (i = 0; i < CLI_NB_OPTS; i++)
		if (cli_opts[i].val == val)
			return &cli_opts[i];
	return NULL;
}

/* "-r/--rate" or "--n" for messages. */
static const char *
opt_label(const struct cli_opt *o, char *buf, size_t len)
{
	if (o->val < 256)
		snprintf(buf, len, "-%c/--%s", o->val, o->name);
	else
		snprintf(buf, len, "--%s", o->name);
	return buf;
}

static void
build_longopts(struct option *lo, char *shortopts, size_t len)
{
	size_t used;
	unsigned i;

	/* '+': stop at the first non-option (no argv permutation);
	 * ':': report a missing argument as ':' */
	used = (size_t)snprintf(shortopts, len, "+:");
	for (i = 0; i < CLI_NB_OPTS; i++) {
		lo[i].name = cli_opts[i].name;
		lo[i].has_arg = cli_opts[i].arg ? required_argument : no_argument;
		lo[i].flag = NULL;
		lo[i].val = cli_opts[i].val;
		if (cli_opts[i].val < 256 && used + 3 < len) {
			shortopts[used++] = (char)cli_opts[i].val;
			if (cli_opts[i].arg)
				shortopts[used++] = ':';
			shortopts[used] = '\0';
		}
	}
	memset(&lo[CLI_NB_OPTS], 0, sizeof(lo[CLI_NB_OPTS]));
}

/* getopt_long over argv[0..argc-1]; glibc needs optind = 0 to start afresh. */
static void
getopt_reset(void)
{
	optind = 0;
	opterr = 0;
}

static int
bad_option(int ch, int argc, char **argv, char *err, size_t err_len)
{
	const char *arg = optind - 1 < argc ? argv[optind - 1] : "?";
	const struct cli_opt *o;
	char lab[64];

	if (ch == ':') {
		o = opt_by_val(optopt);
		if (o != NULL)
			return cfg_errf(err, err_len, "option %s needs an argument (%s)",
					opt_label(o, lab, sizeof(lab)), o->arg);
		return cfg_errf(err, err_len, "option '%s' needs an argument", arg);
	}
	if (optopt != 0 && optopt < 256 && strncmp(arg, "--", 2) != 0)
		return cfg_errf(err, err_len, "unknown option '-%c' (try --help)", optopt);
	return cfg_errf(err, err_len, "unknown or ambiguous option '%s' (try --help)", arg);
}

/*
 * Pass 1: structure only.  Finds -c, handles --help / --version in order,
 * rejects unknown options and stray arguments.
 */
static int
pass_structure(int argc, char **argv, const struct option *lo,
	       const char *so, const char **config, FILE *out, const char *prog,
	       const struct cli_mode *const *modes, unsigned nb_modes,
	       char *err, size_t err_len)
{
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		switch (ch) {
		case 'c':
			if (*config != NULL)
				return cfg_errf(err, err_len,
						"option -c/--config given twice ('%s', '%s')",
						*config, optarg);
			*config = optarg;
			break;
		case 'h':
			cli_help(out, prog, modes, nb_modes);
			return CLI_EXIT_SUCCESS;
		case 'V':
			fprintf(out, "dutperf %s\n", DUTPERF_VERSION);
			return CLI_EXIT_SUCCESS;
		case '?':
		case ':':
			return bad_option(ch, argc, argv, err, err_len);
		default:
			break;
		}
	}
	if (optind < argc)
		return cfg_errf(err, err_len,
				"unexpected argument '%s' (the mode comes first; try --help)",
				argv[optind]);
	return CLI_OK;
}

/* Pass 2: apply the options over the configuration. */
static int
pass_apply(struct cli *cli, struct cfg *cfg, int argc, char **argv,
	   const struct option *lo, const char *so, char *err, size_t err_len)
{
	const struct cli_opt *o;
	const struct cfg_key *k;
	char why[CFG_ERR_LEN], lab[64], goals[sizeof(cfg->mlr_goals)];
	const char *arg;
	bool goal_seen = false;
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		switch (ch) {
		case 'q':
			cli->quiet = true;
			continue;
		case OPT_PRINT_CONFIG:
			cli->print_config = true;
			continue;
		case OPT_CHECK:
			cli->dry_run = true;
			continue;
		default:
			break;
		}
		o = opt_by_val(ch);
		if (o == NULL || o->section == NULL)
			continue;	/* -c, handled before */
		k = cfg_key_find(o->section, o->key);
		if (k == NULL)
			return cfg_errf(err, err_len, "internal error: no key [%s] %s",
					o->section, o->key);
		arg = optarg;
		/* --goal again adds a goal (the first replaces the INI's) */
		if (ch == OPT_GOAL && goal_seen) {
			if ((size_t)snprintf(goals, sizeof(goals), "%s;%s",
					     cfg->mlr_goals, optarg) >=
			    sizeof(goals))
				return cfg_errf(err, err_len, "option --goal: "
						"goals longer than %zu characters",
						sizeof(goals) - 1);
			arg = goals;
		}
		goal_seen = goal_seen || ch == OPT_GOAL;
		if (cfg_key_set(cfg, k, arg, why, sizeof(why)) != 0)
			return cfg_errf(err, err_len, "option %s \"%s\": %s",
					opt_label(o, lab, sizeof(lab)), optarg, why);
	}
	return CLI_OK;
}

int
cli_parse(struct cli *cli, struct cfg *cfg,
	  const struct cli_mode *const *modes, unsigned nb_modes, int argc,
	  char **argv, FILE *out, char *err, size_t err_len)
{
	struct option lo[CLI_NB_OPTS + 1];
	const char *prog = argc > 0 && argv[0] != NULL ? argv[0] : "dutperf";
	const char *config = NULL;
	char so[3 * CLI_NB_OPTS + 4], list[256];
	int first = 1, rc;
	unsigned i;

	memset(cli, 0, sizeof(*cli));
	if (err != NULL && err_len > 0)
		err[0] = '\0';
	build_longopts(lo, so, sizeof(so));

	/* MODE is the first argument unless it is an option (--help etc.). */
	if (argc > 1 && argv[1][0] != '-') {
		for (i = 0; i < nb_modes; i++)
			if (strcmp(argv[1], modes[i]->name) == 0) {
				cli->mode = modes[i];
				cli->mode_index = i;
			}
		if (cli->mode == NULL)
			return cfg_errf(err, err_len,
					"unknown mode '%s' (modes: %s)", argv[1],
					mode_list(modes, nb_modes, list,
						  sizeof(list)));
		first = 2;
	}
	/* getopt sees argv[first - 1] as its program name. */
	rc = pass_structure(argc - first + 1, argv + first - 1, lo, so, &config,
			    out, prog, modes, nb_modes, err, err_len);
	if (rc != CLI_OK)
		return rc;
	if (cli->mode == NULL)
		return cfg_errf(err, err_len,
				"no mode given (modes: %s; try --help)",
				mode_list(modes, nb_modes, list, sizeof(list)));

	cfg_defaults(cfg);
	if (config != NULL) {
		rc = cfg_load_ini(cfg, config, err, err_len);
		if (rc != 0)
			return -EINVAL;
	}
	rc = pass_apply(cli, cfg, argc - first + 1, argv + first - 1, lo, so,
			err, err_len);
	if (rc != CLI_OK)
		return rc;
	if (cfg_validate(cfg, err, err_len) != 0)
		return -EINVAL;
	if (cli->mode->check != NULL && cli->mode->check(cfg, err, err_len) != 0)
		return -EINVAL;
	if (cli->dry_run) {
		cfg_print(cfg, out);
		return CLI_EXIT_SUCCESS;
	}
	return CLI_OK;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli: MODE [options] after "--".  Layers: cfg_defaults() < the INI file of
 * -c (wherever -c stands) < the other options, then cfg_validate().
 */
#include <errno.h>
#include <inttypes.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dutperf/cli.h"
#include "dutperf/stateful.h"

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
	OPT_JUMBO,
	OPT_STATEFUL,
	OPT_REPETITIONS,
	OPT_MAX_FRAMES,
	OPT_DRAIN,
	OPT_THROUGHPUT,
	OPT_FLOWS,
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
	{ "stateful", OPT_STATEFUL, NULL, "stateful", "phases",
	  "loss, latency, pdv, trial: RFC 9693 phase 1 before each trial "
	  "([stateful] keys)" },
	{ "jumbo", OPT_JUMBO, NULL, "traffic", "jumbo",
	  "allow frame sizes above 1518 bytes (up to 9216)" },
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
	{ "repetitions", OPT_REPETITIONS, "N", "b2b", "repetitions",
	  "b2b: searches per run, averaged (RFC 9004: at least 50)" },
	{ "max-frames", OPT_MAX_FRAMES, "N", "b2b", "max_frames",
	  "b2b: longest burst tried (0 = 1 s at the burst rate)" },
	{ "drain", OPT_DRAIN, "MS", "b2b", "drain_ms",
	  "b2b: wait after each burst (RFC 9004: at least 2000)" },
	{ "throughput", OPT_THROUGHPUT, "FPS", "b2b", "throughput_fps",
	  "b2b: the DUT's throughput, for the corrected buffer time" },
	{ "flows", OPT_FLOWS, "K", "b2b", "flows",
	  "b2b: K source ports cycled in the burst" },
	{ "quiet", 'q', NULL, NULL, NULL, "no progress messages on stderr" },
	{ "print-config", OPT_PRINT_CONFIG, NULL, NULL, NULL,
	  "print the effective configuration before running" },
	{ "check", OPT_CHECK, NULL, NULL, NULL,
	  "validate, print the effective configuration and exit" },
	{ "help", 'h', NULL, NULL, NULL, "this help, then exit" },
	{ "version", 'V', NULL, NULL, NULL, "print the version, then exit" },
};

#define CLI_NB_OPTS (sizeof(cli_opts) / sizeof(cli_opts[0]))

/*
 * Options that mean something only in some modes: each is accepted only
 * in a mode whose cli_mode.options lists it.  The others (frame, trial
 * and output settings) apply to every mode.
 */
static int cli_check_phases(const struct cli_mode *mode, const struct cfg *c,
			    char *err, size_t err_len);

static const char *const cli_mode_only[] = {
	"rate", "repeat", "rate-min", "rate-max", "initial-rate", "error",
	"max-retries", "loss-ppm", "tagged", "delay", "loss-step", "rates",
	"interval", "warmup", "threshold", "goal", "repetitions", "max-frames",
	"drain", "throughput", "flows", "stateful",
};

static bool
opt_mode_only(const char *name)
{
	unsigned i;

	for (i = 0; i < sizeof(cli_mode_only) / sizeof(cli_mode_only[0]); i++)
		if (strcmp(cli_mode_only[i], name) == 0)
			return true;
	return false;
}

/* Does the space-separated list hold "--name" as a word? */
static bool
opt_listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while (p != NULL && (p = strstr(p, "--")) != NULL) {
		if (strncmp(p + 2, name, n) == 0 &&
		    (p[2 + n] == '\0' || p[2 + n] == ' '))
			return true;
		p += 2;
	}
	return false;
}

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
	if (optopt != 0 && optopt < 256 && strncmp(arg, "--", 2) != 0) {
		for (o = cli_opts; o < cli_opts + CLI_NB_OPTS; o++)
			if (o->name[0] == optopt && o->name[1] == '\0')
				return cfg_errf(err, err_len,
						"unknown option '-%c' (did you mean --%c?)",
						optopt, optopt);
		return cfg_errf(err, err_len, "unknown option '-%c' (try --help)", optopt);
	}
	return cfg_errf(err, err_len, "unknown or ambiguous option '%s' (try --help)", arg);
}

/*
 * A long option written with one dash ("-rate 1000"): getopt would read
 * it as -r with the argument "ate".  Arguments of options that take one
 * are skipped.
 */
static int
single_dash(int argc, char **argv, char *err, size_t err_len)
{
	const struct cli_opt *o;
	int i;
	unsigned j;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		size_t n;

		if (a[0] != '-' || a[1] == '-' || a[1] == '\0' || a[2] == '\0') {
			/* "--name ARG" / "-x ARG": skip ARG */
			for (j = 0; j < CLI_NB_OPTS && a[0] == '-'; j++) {
				o = &cli_opts[j];
				if (o->arg != NULL &&
				    ((a[1] == '-' && strcmp(a + 2, o->name) == 0) ||
				     (a[1] == o->val && a[2] == '\0')))
					i++;
			}
			continue;
		}
		n = strcspn(a + 1, "=");
		for (j = 0; j < CLI_NB_OPTS; j++)
			if (strlen(cli_opts[j].name) == n &&
			    strncmp(a + 1, cli_opts[j].name, n) == 0)
				return cfg_errf(err, err_len,
						"unknown option %s (did you mean -%s?)",
						a, a);
	}
	return 0;
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

	if (single_dash(argc, argv, err, err_len) != 0)
		return -EINVAL;
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
	char why[CFG_ERR_LEN], lab[CFG_OPT_NAME_LEN], goals[sizeof(cfg->mlr_goals)];
	const char *val;
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
		opt_label(o, lab, sizeof(lab));
		if (opt_mode_only(o->name) &&
		    (cli->mode->options == NULL ||
		     !opt_listed(cli->mode->options, o->name)))
			return cfg_errf(err, err_len,
					"option %s means nothing in mode %s (its options: %s)",
					lab, cli->mode->name,
					cli->mode->options != NULL ?
					cli->mode->options : "none");
		k = cfg_key_find(o->section, o->key);
		if (k == NULL)
			return cfg_errf(err, err_len, "internal error: no key [%s] %s",
					o->section, o->key);
		/* a flag (--jumbo) sets its boolean key */
		val = o->arg != NULL ? optarg : "1";
		/* --goal again adds a goal (the first replaces the INI's) */
		if (ch == OPT_GOAL && goal_seen) {
			if ((size_t)snprintf(goals, sizeof(goals), "%s;%s",
					     cfg->mlr_goals, optarg) >=
			    sizeof(goals))
				return cfg_errf(err, err_len, "option --goal: "
						"goals longer than %zu characters",
						sizeof(goals) - 1);
			val = goals;
		}
		goal_seen = goal_seen || ch == OPT_GOAL;
		if (cfg_key_set(cfg, k, val, why, sizeof(why)) != 0)
			return cfg_errf(err, err_len, "option %s \"%s\": %s",
					lab, val, why);
		cfg_key_mark(cfg, k, lab);
	}
	return CLI_OK;
}

int
cli_parse(struct cli *cli, struct cfg *cfg,
	  const struct cli_mode *const *modes, unsigned nb_modes, int argc,
	  char **argv, const struct cli_eal *eal, FILE *out, char *err,
	  size_t err_len)
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
	if (cli_check_phases(cli->mode, cfg, err, err_len) != 0)
		return -EINVAL;
	if (eal != NULL && (cli_check_eal(cfg, eal, err, err_len) != 0 ||
			    cli_check_outdir(cfg, err, err_len) != 0))
		return -EINVAL;
	if (cli->dry_run) {
		cfg_print(cfg, out);
		return CLI_EXIT_SUCCESS;
	}
	return CLI_OK;
}

/* ------------------------------------ what can be known before traffic */

/* [stateful] phases (--stateful): only in a mode that can run its trials
 * as phase 2, and then with a stateful configuration (stateful_check). */
static int
cli_check_phases(const struct cli_mode *mode, const struct cfg *c, char *err,
		 size_t err_len)
{
	char lead[CFG_PATH_LEN + 96];

	if (!c->st.phases || mode->stateful == CLI_STATEFUL_ALWAYS)
		return 0;
	if (mode->stateful != CLI_STATEFUL_PHASES)
		return cfg_errf(err, err_len, "%s: means nothing in mode %s (the "
				"modes with RFC 9693 phases: loss, latency, pdv, "
				"trial; for throughput, mode stateful)",
				cfg_key_blame(c, "stateful", "phases", lead,
					      sizeof(lead)), mode->name);
	return stateful_check(c, err, err_len);
}

/* "a" or "a-b" at *p into set; advances *p.  -1: not one. */
static int
eal_range(const char **p, bool *set)
{
	unsigned long a, b;
	const char *q;
	char *end;

	if (**p < '0' || **p > '9')
		return -1;
	a = b = strtoul(*p, &end, 10);
	if (*end == '-') {
		q = end + 1;
		if (*q < '0' || *q > '9')
			return -1;
		b = strtoul(q, &end, 10);
	}
	if (a > b || b > CFG_MAX_LCORE)
		return -1;
	while (set != NULL && a <= b)
		set[a++] = true;
	*p = end;
	return 0;
}

/* "r" or "(r,r,...)" at *p: one range or a group of them. */
static int
eal_group(const char **p, bool *set)
{
	if (**p != '(')
		return eal_range(p, set);
	do {
		(*p)++;
		if (eal_range(p, set) != 0)
			return -1;
	} while (**p == ',');
	if (**p != ')')
		return -1;
	(*p)++;
	return 0;
}

/* -l: ranges "0-3,5"; --lcores: groups, each maybe "@cpus". */
static int
eal_list(const char *s, bool lcores_syntax, bool *set)
{
	const char *p = s;

	for (;;) {
		if ((lcores_syntax ? eal_group(&p, set) : eal_range(&p, set)) != 0)
			return -1;
		if (lcores_syntax && *p == '@') {
			p++;
			if (eal_group(&p, NULL) != 0)
				return -1;
		}
		if (*p == '\0')
			return 0;
		if (*p != ',')
			return -1;
		p++;
	}
}

/* -c: a hexadecimal core mask, 0x optional. */
static int
eal_mask(const char *s, bool *set)
{
	size_t n, i;
	unsigned bit;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	n = strlen(s);
	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		char ch = s[n - 1 - i];
		unsigned v = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0') :
			     ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10) :
			     ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10) : 16;

		if (v == 16)
			return -1;
		for (bit = 0; bit < 4; bit++)
			if (v & (1u << bit)) {
				if (i * 4 + bit > CFG_MAX_LCORE)
					return -1;
				set[i * 4 + bit] = true;
			}
	}
	return 0;
}

/* The value of option name at argv[*i] ("-l 0-1", "-l0-1", "--lcores=x"),
 * NULL when argv[*i] is not it. */
static const char *
eal_value(int argc, char **argv, int *i, const char *name)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '\0')
		return *i + 1 < argc ? argv[++*i] : NULL;
	if (name[1] != '-')		/* -l0-1 */
		return a + n;
	return a[n] == '=' ? a + n + 1 : NULL;
}

/* Virtual devices that are one ethdev port each. */
static bool
eal_one_port_vdev(const char *v)
{
	static const char *const drv[] = {
		"net_af_packet", "net_memif", "net_null", "net_pcap", "net_tap",
		"net_af_xdp", "eth_af_packet", "eth_null", "eth_pcap",
	};
	unsigned i;

	for (i = 0; i < sizeof(drv) / sizeof(drv[0]); i++)
		if (strncmp(v, drv[i], strlen(drv[i])) == 0)
			return true;
	return false;
}

void
cli_eal_parse(struct cli_eal *e, int argc, char **argv)
{
	bool set[CFG_MAX_LCORE + 1], no_pci = false, ports_known = true;
	const char *v;
	int i, nb_vdev = 0, rc = 0;
	cpu_set_t cpus;
	unsigned c;

	memset(e, 0, sizeof(*e));
	e->lcores_known = false;
	for (i = 1; i < argc; i++) {
		memset(set, 0, sizeof(set));
		if ((v = eal_value(argc, argv, &i, "-l")) != NULL) {
			rc = eal_list(v, false, set);
			snprintf(e->lcores_from, sizeof(e->lcores_from), "-l %s", v);
		} else if ((v = eal_value(argc, argv, &i, "--lcores")) != NULL) {
			rc = eal_list(v, true, set);
			snprintf(e->lcores_from, sizeof(e->lcores_from),
				 "--lcores %s", v);
		} else if ((v = eal_value(argc, argv, &i, "-c")) != NULL) {
			rc = eal_mask(v, set);
			snprintf(e->lcores_from, sizeof(e->lcores_from), "-c %s", v);
		} else {
			if (strcmp(argv[i], "--no-pci") == 0)
				no_pci = true;
			else if ((v = eal_value(argc, argv, &i, "--vdev")) != NULL) {
				nb_vdev++;
				ports_known &= eal_one_port_vdev(v);
			}
			continue;
		}
		/* the last lcore option counts; one we cannot read: unknown */
		e->lcores_known = rc == 0;
		memcpy(e->lcore, set, sizeof(set));
	}
	if (e->lcores_from[0] == '\0' &&
	    sched_getaffinity(0, sizeof(cpus), &cpus) == 0) {
		/* the EAL's default: an lcore per CPU this process may use */
		for (c = 0; c <= CFG_MAX_LCORE && c < CPU_SETSIZE; c++)
			e->lcore[c] = CPU_ISSET(c, &cpus);
		e->lcores_known = true;
		snprintf(e->lcores_from, sizeof(e->lcores_from),
			 "no -l / -c / --lcores: the CPUs this process may use");
	}
	e->nb_ports = no_pci && ports_known ? nb_vdev : -1;
}

int
cli_check_eal(const struct cfg *c, const struct cli_eal *e, char *err,
	      size_t err_len)
{
	static const char *const side[CFG_NB_SIDES] = { "left", "right" };
	char what[CFG_PATH_LEN + 64];
	unsigned d, s;

	for (d = 0; d < CFG_NB_DIRS && e->lcores_known; d++) {
		const struct {
			unsigned s;
			bool send;
			const char *key, *keys;
		} use[2] = {
			{ cfg_tx_side(d), true, "send_lcore", "send_lcores" },
			{ cfg_rx_side(d), false, "recv_lcore", "recv_lcores" },
		};
		uint16_t l[CFG_MAX_QUEUES];
		unsigned nb, k;

		if (!cfg_dir_active(c, d))
			continue;
		for (s = 0; s < 2; s++) {
			const struct cfg_side *sd = &c->side[use[s].s];
			const char *key = (use[s].send ? sd->send_lcores :
					   sd->recv_lcores)[0] != '\0' ?
					  use[s].keys : use[s].key;

			if (cfg_side_lcores(c, use[s].s, use[s].send, l,
					    CFG_MAX_QUEUES, &nb, err, err_len) != 0)
				return -EINVAL;
			for (k = 0; k < nb; k++)
				if (l[k] > CFG_MAX_LCORE || !e->lcore[l[k]]) {
					char one[16] = "";

					if (key == use[s].keys)
						snprintf(one, sizeof(one), " %u", l[k]);
					return cfg_errf(err, err_len,
							"%s: lcore%s not enabled by the EAL options (%s; give it with -l / --lcores)",
							cfg_key_blame(c, side[use[s].s], key,
								      what, sizeof(what)),
							one, e->lcores_from);
				}
		}
	}
	for (s = 0; s < CFG_NB_SIDES && e->nb_ports >= 0; s++)
		if (c->side[s].port_id >= (unsigned)e->nb_ports)
			return cfg_errf(err, err_len,
					"%s: no such DPDK port (the EAL options --no-pci and --vdev make %d port%s, 0..%d)",
					cfg_key_blame(c, side[s], "port_id", what,
						      sizeof(what)),
					e->nb_ports, e->nb_ports == 1 ? "" : "s",
					e->nb_ports - 1);
	return 0;
}

int
cli_check_outdir(const struct cfg *c, char *err, size_t err_len)
{
	char path[CFG_PATH_LEN], what[CFG_PATH_LEN + 64], *slash;
	struct stat st;
	bool whole = true;

	snprintf(path, sizeof(path), "%s", c->outdir);
	/* the directory itself, else its nearest existing ancestor */
	for (;;) {
		if (stat(path, &st) == 0)
			break;
		if (errno != ENOENT && errno != ENOTDIR)
			return cfg_errf(err, err_len, "%s: %s: %s",
					cfg_key_blame(c, "output", "dir", what, sizeof(what)),
					path, strerror(errno));
		while ((slash = strrchr(path, '/')) != NULL && slash[1] == '\0' &&
		       slash != path)
			*slash = '\0';		/* trailing slashes */
		slash = strrchr(path, '/');
		if (slash == NULL)
			snprintf(path, sizeof(path), ".");
		else if (slash == path)
			path[1] = '\0';		/* "/" */
		else
			*slash = '\0';
		whole = false;
	}
	if (!S_ISDIR(st.st_mode))
		return cfg_errf(err, err_len, "%s: %s is not a directory%s",
				cfg_key_blame(c, "output", "dir", what, sizeof(what)),
				path, whole ? "" : ": cannot create the directory");
	if (access(path, W_OK | X_OK) != 0)
		return cfg_errf(err, err_len, "%s: %s: %s%s",
				cfg_key_blame(c, "output", "dir", what, sizeof(what)),
				path, strerror(errno),
				whole ? "" : ": cannot create the directory");
	return 0;
}

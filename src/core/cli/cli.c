/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli: MODE [options] after "--".  Layers: cfg_defaults() < the INI file of
 * -c (wherever -c stands) < the other options, then cli_validate() and the
 * checks of cli_check.c.  The option table is cli_opts.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cli.h"
#include "dutperf/dut.h"
#include "cli_priv.h"

#ifndef DUTPERF_VERSION
#define DUTPERF_VERSION "unknown"
#endif

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
		o = cli_opt_by_val(optopt);
		if (o != NULL)
			return cfg_errf(err, err_len, "option %s needs an argument (%s)",
					cli_opt_label(o, lab, sizeof(lab)), o->arg);
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
	   const struct option *lo, const char *so,
	   const struct cli_mode *const *modes, unsigned nb_modes, char *err,
	   size_t err_len)
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
		o = cli_opt_by_val(ch);
		if (o == NULL || o->section == NULL)
			continue;	/* -c, handled before */
		cli_opt_label(o, lab, sizeof(lab));
		if (cli_opt_mode_only(o, modes, nb_modes) &&
		    (cli->mode->options == NULL ||
		     !cli_opt_listed(cli->mode->options, o->name)))
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
	cli_build_longopts(lo, so, sizeof(so));

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
			modes, nb_modes, err, err_len);
	if (rc != CLI_OK)
		return rc;
	if (cli_validate(cfg, err, err_len) != 0)
		return -EINVAL;
	if (cli->mode->check != NULL && cli->mode->check(cfg, err, err_len) != 0)
		return -EINVAL;
	if (cli_check_phases(cli->mode, cfg, err, err_len) != 0)
		return -EINVAL;
	if (dut_check(cfg, err, err_len) != 0)
		return -EINVAL;
	if (eal != NULL && (cli_check_eal(cfg, eal, err, err_len) != 0 ||
			    cli_check_main_lcore(cli->mode, cfg, eal, err,
						 err_len) != 0 ||
			    cli_check_outdir(cfg, err, err_len) != 0))
		return -EINVAL;
	if (cli->dry_run) {
		char est[512];

		cfg_print(cfg, out);
		cli_estimate(cli->mode, cfg, est, sizeof(est));
		fprintf(out, "%s\n", est);
		return CLI_EXIT_SUCCESS;
	}
	return CLI_OK;
}

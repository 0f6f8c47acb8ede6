/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli: the application part of the command line (after "--"):
 *   MODE [options]
 * cli_parse() reads the options, loads the INI file named by -c over the
 * defaults, applies the command-line overrides and validates the result,
 * all before the EAL starts.
 */
#ifndef DUTPERF_CLI_H
#define DUTPERF_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "cfg.h"

/*
 * What the command line knows of a mode; the modes themselves live in the
 * DPDK layer's mode table (src/dpdk/modes/modes.c), whose entries start with
 * this struct, so names, help and mode-specific checks come from one
 * place.  Unit tests pass their own table.
 */
struct cli_mode {
	const char *name;	/* "throughput" */
	const char *help;	/* one line for --help */
	const char *options;	/* the options that matter to it, for --help
				 * ("--tagged --delay"); NULL: none.  An
				 * option that a mode of the table lists is
				 * accepted only in the modes that list it,
				 * but for -d, -t and --frame-timeout, which
				 * every mode takes */
	/* Mode-specific check of the effective configuration; NULL: none.
	 * 0 or -EINVAL with err naming the key. */
	int (*check)(const struct cfg *c, char *err, size_t err_len);
	/* What [stateful] phases = 1 (--stateful) means to it. */
	enum cli_stateful {
		CLI_STATEFUL_NO = 0,	/* an error (exit 2) */
		CLI_STATEFUL_PHASES,	/* its trials become phase 2 */
		CLI_STATEFUL_ALWAYS,	/* a stateful mode: nothing more */
	} stateful;
	/* The main lcore must have no sender or receiver role (monitor:
	 * it samples the counters); checked before the EAL starts. */
	bool main_lcore_free;
};

struct cli {
	const struct cli_mode *mode;	/* one of the table's; NULL: none */
	unsigned mode_index;		/* its index in the table */
	bool quiet;		/* -q: no progress on stderr */
	bool print_config;	/* --print-config: print effective config */
	bool dry_run;		/* --check: validated and printed to out by
				 * cli_parse, which returns CLI_EXIT_SUCCESS */
};

/*
 * What the EAL options (the arguments before "--") will enable, read
 * without starting the EAL, so that --check and the run reject the same
 * things before any port or file is touched.
 */
struct cli_eal {
	bool lcores_known;	/* false: an lcore option we cannot read (the
				 * EAL will judge it) */
	bool lcore[CFG_MAX_LCORE + 1];	/* enabled lcore ids */
	char lcores_from[80];	/* "-l 0-1", ... for messages */
	int main_lcore;		/* --main-lcore, else the lowest lcore
				 * enabled (the EAL's rule); -1: unknown */
	int nb_ports;		/* ports there will be; -1: unknown (a PCI
				 * scan, or a vdev of several ports) */
};

/* Read argv[1..argc-1] (argv[0]: the program): -l, -c, --lcores (the last
 * counts; none: the CPUs this process may run on), --no-pci, --vdev. */
void cli_eal_parse(struct cli_eal *e, int argc, char **argv);

/* The send / receive lcores of the active directions are enabled, the
 * ports exist (when known).  0 or -EINVAL with err naming the key (or
 * option) and the EAL option. */
int cli_check_eal(const struct cfg *c, const struct cli_eal *e, char *err,
		  size_t err_len);

/* Mode m needs the main lcore free (cli_mode main_lcore_free): no send
 * or receive lcore of an active direction is it.  0 or -EINVAL with err
 * naming the key and the EAL option. */
int cli_check_main_lcore(const struct cli_mode *m, const struct cfg *c,
			 const struct cli_eal *e, char *err, size_t err_len);

/* The output directory exists and is writable, or can be created: its
 * nearest existing ancestor is a writable directory.  Creates nothing.
 * 0 or -EINVAL with err naming -o/--outdir or [output] dir. */
int cli_check_outdir(const struct cfg *c, char *err, size_t err_len);

/*
 * The rule of docs/real-testbed.md for mode m on c, as one INI comment
 * line ("; estimated run time: N trials x (duration + timeout + settle)
 * x repeats = S s ..."), printed by --check.  snprintf's return.
 */
int cli_estimate(const struct cli_mode *m, const struct cfg *c, char *buf,
		 size_t len);

enum cli_status {
	CLI_OK = 0,		/* go on and run the mode */
	CLI_EXIT_SUCCESS = 1,	/* --help / --version printed: exit 0 */
};

/*
 * Parse argv[0..argc-1] (argv[0] is the program name; the rest is what
 * follows "--") against modes[0..nb_modes-1].  With eal (cli_eal_parse of
 * the EAL options) also what can be known before traffic: cli_check_eal
 * and cli_check_outdir (NULL: neither, for tests of the syntax alone).  Returns CLI_OK, CLI_EXIT_SUCCESS, or -EINVAL with a
 * message in err (the caller prints it and exits 2).  Help and version text
 * go to out, and so does the effective configuration with --check (then
 * CLI_EXIT_SUCCESS).  --print-config only sets cli->print_config: the caller
 * prints with cfg_print() and runs.  argv is not reordered; the function may
 * be called repeatedly (getopt state is reset).
 */
int cli_parse(struct cli *cli, struct cfg *cfg,
	      const struct cli_mode *const *modes, unsigned nb_modes, int argc,
	      char **argv, const struct cli_eal *eal, FILE *out, char *err,
	      size_t err_len);

/* The mode's name; "none" without one. */
const char *cli_mode_name(const struct cli *cli);

/* The whole configuration check: cfg_validate_with with the sections'
 * own checks (b2b, mlr, campaign).  0 or -EINVAL with err. */
int cli_validate(const struct cfg *c, char *err, size_t err_len);
/* The line-rate check once the ports report their speed
 * (cfg_check_line_rate_with with the same sections).  0 or -EINVAL. */
int cli_check_line_rate(const struct cfg *c, char *err, size_t err_len);

#endif /* DUTPERF_CLI_H */

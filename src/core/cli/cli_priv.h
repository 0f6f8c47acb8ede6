/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli internals shared by its files (not part of the public API):
 *   cli_opts.c   the option table, --help, the lookups in the table
 *   cli.c        cli_parse: the two passes over argv
 *   cli_check.c  what can be known before traffic: [stateful] phases, the
 *                EAL options (cli_eal_parse, cli_check_eal), the output
 *                directory
 */
#ifndef DUTPERF_CLI_PRIV_H
#define DUTPERF_CLI_PRIV_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dutperf/cli.h"

/* ------------------------------------------------------------- cli_opts.c */

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
	OPT_RESUME,
	OPT_IMIX,
	OPT_IMIX_SIZES,
};

/* One option; section/key when it overrides an INI key (same parser, bounds). */
struct cli_opt {
	const char *name;
	int val;		/* short option character or OPT_* */
	const char *arg;	/* argument name, NULL when none */
	const char *section;
	const char *key;
	const char *help;
	/* Taken in every mode, also where modes list it in their options
	 * for --help (-d, -t, --frame-timeout); else an option that some
	 * mode lists is taken only in the modes that list it. */
	bool every_mode;
};

/* The option table, in --help's order; CLI_NB_OPTS entries (cli_opts.c
 * checks the count at build time). */
#define CLI_NB_OPTS 43
extern const struct cli_opt cli_opts[];

/* Does o mean something only in some modes: is it not every_mode, and does
 * a mode of modes[0..nb_modes-1] list it in its options? */
bool cli_opt_mode_only(const struct cli_opt *o,
		       const struct cli_mode *const *modes, unsigned nb_modes);

/* Does the space-separated list hold "--name" as a word? */
bool cli_opt_listed(const char *list, const char *name);

/* The option of getopt value val; NULL: none. */
const struct cli_opt *cli_opt_by_val(int val);

/* "-r/--rate" or "--n" for messages. */
const char *cli_opt_label(const struct cli_opt *o, char *buf, size_t len);

/* getopt_long's table (CLI_NB_OPTS + 1 entries) and short options. */
void cli_build_longopts(struct option *lo, char *shortopts, size_t len);

/* --help: the modes of the table, then the options. */
void cli_help(FILE *out, const char *prog, const struct cli_mode *const *modes,
	      unsigned nb_modes);

/* ------------------------------------------------------------ cli_check.c */

/* [stateful] phases (--stateful): only in a mode that can run its trials
 * as phase 2, and then with a stateful configuration (stateful_check). */
int cli_check_phases(const struct cli_mode *mode, const struct cfg *c,
		     char *err, size_t err_len);

#endif /* DUTPERF_CLI_PRIV_H */

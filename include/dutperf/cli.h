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

enum cli_mode {
	CLI_MODE_NONE = 0,
	CLI_MODE_TRIAL,		/* one elementary trial */
	CLI_MODE_THROUGHPUT,	/* RFC 2544 26.1 binary search */
	CLI_MODE_LATENCY,	/* RFC 8219 7.2 */
	CLI_MODE_PDV,		/* RFC 8219 7.3 */
	CLI_MODE_LOSS,		/* RFC 2544 26.3 frame loss rate */
	CLI_MODE_COUNT
};

struct cli {
	enum cli_mode mode;
	bool quiet;		/* -q: no progress on stderr */
	bool print_config;	/* --print-config: print effective config */
	bool dry_run;		/* --check: validated and printed to out by
				 * cli_parse, which returns CLI_EXIT_SUCCESS */
};

enum cli_status {
	CLI_OK = 0,		/* go on and run the mode */
	CLI_EXIT_SUCCESS = 1,	/* --help / --version printed: exit 0 */
};

/*
 * Parse argv[0..argc-1] (argv[0] is the program name; the rest is what
 * follows "--").  Returns CLI_OK, CLI_EXIT_SUCCESS, or -EINVAL with a
 * message in err (the caller prints it and exits 2).  Help and version text
 * go to out, and so does the effective configuration with --check (then
 * CLI_EXIT_SUCCESS).  --print-config only sets cli->print_config: the caller
 * prints with cfg_print() and runs.  argv is not reordered; the function may
 * be called repeatedly (getopt state is reset).
 */
int cli_parse(struct cli *cli, struct cfg *cfg, int argc, char **argv,
	      FILE *out, char *err, size_t err_len);

const char *cli_mode_name(enum cli_mode m);

#endif /* DUTPERF_CLI_H */

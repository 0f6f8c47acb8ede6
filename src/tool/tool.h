/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tool: the command line pieces that the offline tools (dutperf-plot,
 * dutperf-report, dutperf-stats) share: the first argument, -h and
 * getopt's errors, --confidence.  Each returns what the tool's main()
 * returns, so a usage error is exit status 2 everywhere (docs/cli.md).
 */
#ifndef DUTPERF_TOOL_H
#define DUTPERF_TOOL_H

#include <stdio.h>

/* The exit status of a usage error: a bad option, argument or input. */
#define TOOL_EXIT_USAGE 2

/* A tool's usage text, written to out. */
typedef void (*tool_usage_fn)(FILE *out);

/* argv[1] of a tool that takes a command (a plot kind, summary/compare):
 * -1 when there is one for the caller to check; else the exit status,
 * after usage on stderr (no argument: TOOL_EXIT_USAGE) or on stdout
 * (-h, --help: 0). */
int tool_command_arg(int argc, char *const *argv, tool_usage_fn usage);

/* getopt_long's c that no option of the tool's own took: 'h' writes the
 * usage to stdout (exit status 0), anything else to stderr
 * (TOOL_EXIT_USAGE).  Returns the exit status. */
int tool_help_or_usage(int c, tool_usage_fn usage);

/* --confidence arg (stats_parse_confidence) into *pct: 0, or -EINVAL
 * after "prog: why" on stderr. */
int tool_confidence(const char *prog, const char *arg, double *pct);

/* getopt_long's value of --confidence: no short option.  One meaning per
 * short option across the tools: -c is dutperf's --config, so the
 * offline tools' --confidence has none (it was -c before issue 39). */
#define TOOL_OPT_CONFIDENCE 256

/* -c given to an offline tool: says what to write instead on stderr;
 * returns TOOL_EXIT_USAGE. */
int tool_no_short_confidence(const char *prog);

#endif

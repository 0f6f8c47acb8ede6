/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tool: the offline tools' shared command line pieces (dutperf/tool.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/stats.h"
#include "tool.h"

int
tool_command_arg(int argc, char *const *argv, tool_usage_fn usage)
{
	if (argc < 2) {
		usage(stderr);
		return TOOL_EXIT_USAGE;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		usage(stdout);
		return 0;
	}
	return -1;
}

int
tool_help_or_usage(int c, tool_usage_fn usage)
{
	if (c == 'h') {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return TOOL_EXIT_USAGE;
}

int
tool_confidence(const char *prog, const char *arg, double *pct)
{
	char err[256];

	if (stats_parse_confidence(arg, pct, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return -EINVAL;
	}
	return 0;
}

int
tool_no_short_confidence(const char *prog)
{
	fprintf(stderr, "%s: -c: no such option (-c is dutperf's --config; "
		"the confidence level is --confidence LEVEL)\n", prog);
	return TOOL_EXIT_USAGE;
}

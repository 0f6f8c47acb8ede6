/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutperf-import-siitperf: translate a siitperf.conf into a dutperf INI
 * file on stdout.  Keys it cannot translate are named on stderr; bad input
 * (also what siitperf silently accepts but gets wrong) exits 2 with nothing
 * on stdout.  No DPDK, no root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "siitconf.h"

#define EXIT_USAGE 2
#define PROG "dutperf-import-siitperf"

static void
usage(FILE *out)
{
	fprintf(out,
		"usage: " PROG " SIITPERF.CONF > DUTPERF.INI\n"
		"\n"
		"Translates siitperf's configuration file into dutperf's INI file\n"
		"(docs/configuration.md, \"Importing a siitperf.conf\").  Keys that\n"
		"cannot be translated are named on stderr, with the reason.\n"
		"\n"
		"  -h, --help   this help\n"
		"\n"
		"Exit status: 0 done, 1 runtime failure, 2 usage or input error\n"
		"(nothing is written to stdout then).\n");
}

int
main(int argc, char **argv)
{
	static struct siitconf sc;
	static struct siitconf_out out;
	char err[2 * CFG_ERR_LEN + CFG_PATH_LEN];
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	unsigned i;
	int rc;

	if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		usage(stdout);
		return EXIT_SUCCESS;
	}
	if (argc != 2 || argv[1][0] == '-') {
		usage(stderr);
		return EXIT_USAGE;
	}
	rc = siitconf_read(&sc, argv[1], err, sizeof(err));
	if (rc == 0)
		rc = siitconf_translate(&sc, &out, err, sizeof(err));
	if (rc != 0) {
		fprintf(stderr, PROG ": %s\n", err);
		return rc == -ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
	}
	/* Whole output first: on a write error nothing half-done is left. */
	mem = open_memstream(&buf, &len);
	if (mem == NULL) {
		fprintf(stderr, PROG ": out of memory\n");
		return EXIT_FAILURE;
	}
	siitconf_write_ini(&sc, &out, mem);
	if (fclose(mem) != 0) {
		free(buf);
		fprintf(stderr, PROG ": out of memory\n");
		return EXIT_FAILURE;
	}
	for (i = 0; i < out.nb_notes; i++)
		fprintf(stderr, PROG ": %s: %s\n", sc.path, out.note[i]);
	if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0) {
		fprintf(stderr, PROG ": writing stdout: %s\n", strerror(errno));
		free(buf);
		return EXIT_FAILURE;
	}
	free(buf);
	return EXIT_SUCCESS;
}

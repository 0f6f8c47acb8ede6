/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runinfo: the result files of a run in the output directory: CSV files
 * opened for appending, and run.json, one JSON object per line and run
 * (appended like the CSV files, never rewritten): effective configuration,
 * seed, versions, ports and drivers, TSC frequency, start and end times.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_version.h>

#include "dpdk.h"
#include "dutperf/csv.h"

int
runinfo_open_csv(const struct cfg *c, const char *name, const char *header,
		 struct csv_file *f, char *err, size_t err_len)
{
	char path[CFG_PATH_LEN + 64];

	snprintf(path, sizeof(path), "%s/%s", c->outdir, name);
	return csv_open(f, path, header, err, err_len);
}

/* JSON string body of s into f (quotes not included). */
static void
runinfo_json_str(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch == '\t')
			fputs("\\t", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
}

int
runinfo_append(const struct mode_ctx *env, time_t end, const char *result,
	       char *err, size_t err_len)
{
	const struct cfg *c = env->cfg;
	struct csv_file f;
	char *cfgtext = NULL, *line = NULL, start_s[32], end_s[32], host[256];
	size_t cfglen = 0, linelen = 0;
	FILE *mem;
	int s, rc;

	mem = open_memstream(&cfgtext, &cfglen);
	if (mem == NULL)
		return -ENOMEM;
	cfg_print(c, mem);
	fclose(mem);
	if (gethostname(host, sizeof(host)) != 0)
		snprintf(host, sizeof(host), "?");
	host[sizeof(host) - 1] = '\0';
	report_format_date(env->start, start_s, sizeof(start_s));
	report_format_date(end, end_s, sizeof(end_s));

	mem = open_memstream(&line, &linelen);
	if (mem == NULL) {
		free(cfgtext);
		return -ENOMEM;
	}
	fprintf(mem, "{\"dutperf\":\"%s\",\"dpdk\":\"%s\",\"mode\":\"%s\","
		"\"host\":\"", DUTPERF_VERSION, rte_version(),
		cli_mode_name(env->cli));
	runinfo_json_str(mem, host);
	fprintf(mem, "\",\"start\":\"%s\",\"end\":\"%s\",\"seed\":%" PRIu64
		",\"tsc_hz\":%" PRIu64 ",\"ports\":[", start_s, end_s, c->seed,
		rte_get_tsc_hz());
	for (s = 0; s < CFG_NB_SIDES; s++) {
		const struct port_ctx *p = &env->trial->port[s];

		fprintf(mem, "%s{\"side\":\"%s\",\"port_id\":%u,\"name\":\"",
			s ? "," : "", trial_side_name[s], p->id);
		runinfo_json_str(mem, p->name);
		fprintf(mem, "\",\"driver\":\"");
		runinfo_json_str(mem, p->driver);
		fprintf(mem, "\"}");
	}
	fprintf(mem, "],\"result\":\"");
	runinfo_json_str(mem, result);
	fprintf(mem, "\",\"config\":\"");
	runinfo_json_str(mem, cfgtext);
	fprintf(mem, "\"}");
	fclose(mem);
	free(cfgtext);

	rc = runinfo_open_csv(c, "run.json", NULL, &f, err, err_len);
	if (rc == 0) {
		rc = csv_append(&f, line, err, err_len);
		csv_close(&f);
	}
	free(line);
	return rc;
}

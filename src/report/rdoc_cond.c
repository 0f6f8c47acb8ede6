/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_cond: dutperf-report's campaign and test conditions sections
 * (rdoc_priv.h): campaign.json and the state of each item, and from each
 * run's run.json the version, command line, EAL arguments, CPU, kernel,
 * link speeds, seed and effective configuration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdoc_priv.h"

static const char *
rdoc_jstr(const json_t *o, const char *key, char *buf, size_t len)
{
	const json_t *v = json_object_get(o, key);
	char *s;

	if (v == NULL || json_is_null(v))
		return "";
	if (json_is_string(v))
		return json_string_value(v);
	s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	snprintf(buf, len, "%s", s != NULL ? s : "");
	free(s);
	return buf;
}

/* A JSON array of strings as one shell-like line. */
static void
rdoc_jargv(const json_t *a, char *buf, size_t len)
{
	size_t i, n = 0;
	json_t *v;

	buf[0] = '\0';
	json_array_foreach(a, i, v) {
		const char *s = json_string_value(v);

		if (s == NULL || n >= len)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", s);
	}
}

void
rdoc_sec_campaign(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const keys[] = {
		"dutperf_version", "git", "command_line", "config_file",
		"sizes", "tests", "directions", "repeats",
	};
	static const char *const khead[] = { "Key", "Value" };
	static const char *const ihead[] = {
		"Item", "Test", "Frame size (B)", "Directory", "State",
		"Attempt", "Result", "Throughput used (frames/s)", "Note",
	};
	char c[9][600], v[2048];
	const char *cells[9];
	size_t i, k, done = 0;

	rdoc_heading(d, 2, "campaign", "Campaign");
	for (i = 0; i < s->nb_items; i++)
		done += strcmp(s->items[i].state, "done") == 0;
	snprintf(v, sizeof(v), "%zu items, %zu done; every item that did not "
		 "complete or gave no measured result is labelled here and in "
		 "its test's section.", s->nb_items, done);
	rdoc_para(d, v);
	rdoc_table_begin(d, "campaign.json", 2, khead);
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		cells[0] = keys[k];
		cells[1] = rdoc_jstr(s->campaign, keys[k], v, sizeof(v));
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	rdoc_table_begin(d, "Items (the last record of each in campaign.jsonl)",
			 9, ihead);
	for (i = 0; i < s->nb_items; i++) {
		const struct rdoc_item *it = &s->items[i];

		snprintf(c[0], sizeof(c[0]), "%ld", it->item);
		snprintf(c[1], sizeof(c[1]), "%s", it->test);
		rdoc_size_text(it->size_b, it->imix, 0, c[2], sizeof(c[2]));
		snprintf(c[3], sizeof(c[3]), "%s", it->dir);
		snprintf(c[4], sizeof(c[4]), "%s", it->state[0] ? it->state :
			 "missing (never run)");
		snprintf(c[5], sizeof(c[5]), "%ld", it->attempt);
		snprintf(c[6], sizeof(c[6]), "%s", it->result_kind[0] ?
			 it->result_kind : strcmp(it->state, "done") == 0 ?
			 "" : "none (not complete)");
		c[7][0] = '\0';
		if (it->tput_fwd >= 0 || it->tput_rev >= 0)
			snprintf(c[7], sizeof(c[7]), "fwd %.0f, rev %.0f (%s)",
				 it->tput_fwd, it->tput_rev,
				 it->throughput_kind[0] ? it->throughput_kind :
				 "?");
		else if (it->throughput_kind[0] != '\0')
			snprintf(c[7], sizeof(c[7]), "%s", it->throughput_kind);
		snprintf(c[8], sizeof(c[8]), "%s", it->note);
		for (k = 0; k < 9; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	rdoc_item_notes(d, s, NULL);
}

void
rdoc_sec_conditions(struct rdoc *d, const struct rdoc_set *s)
{
	static const char *const head[] = {
		"Run", "Mode", "dutperf", "Git commit", "Start", "CPU",
		"Kernel", "Link (Mb/s)", "Seed", "Result",
	};
	static const char *const keys[] = {
		"mode", "dutperf", "git", "start", "cpu_model", "kernel",
		"link_speed_mbps", "seed", "result",
	};
	char c[10][1024], line[8192], *text;
	const char *cells[10];
	size_t i, k, p;
	json_t *port;
	struct strbuf ports = { 0 };

	rdoc_heading(d, 2, "conditions", "Test conditions");
	rdoc_para(d, "From each run directory's run.json (its last record): "
		  "the dutperf version and git commit, the command line, the "
		  "EAL arguments, the CPU, the kernel, the link speeds, the "
		  "seed and the effective configuration.");
	rdoc_table_begin(d, "Runs", 10, head);
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *r = &s->runs[i];

		snprintf(c[0], sizeof(c[0]), "%s", r->label);
		for (k = 0; k < 9; k++) {
			const char *v = rdoc_jstr(r->info, keys[k], line,
						  sizeof(line));

			snprintf(c[k + 1], sizeof(c[k + 1]), "%s",
				 r->info == NULL ? "missing: no run.json" :
				 v[0] ? v : "missing");
		}
		for (k = 0; k < 10; k++)
			cells[k] = c[k];
		rdoc_table_row(d, cells);
	}
	rdoc_table_end(d);
	for (i = 0; i < s->nb_runs; i++) {
		const struct rdoc_run *r = &s->runs[i];
		size_t n = 0;

		if (r->info == NULL)
			continue;
		snprintf(line, sizeof(line), "%s: command line, ports and "
			 "configuration", r->label);
		rdoc_details_begin(d, line);
		ports.len = 0;
		strbuf_printf(&ports, "command line: ");
		rdoc_jargv(json_object_get(r->info, "argv"), line, sizeof(line));
		strbuf_printf(&ports, "%s\nEAL arguments: ", line);
		rdoc_jargv(json_object_get(r->info, "eal_args"), line,
			   sizeof(line));
		strbuf_printf(&ports, "%s\nlink speed: %s (from %s)\n", line,
			    rdoc_jstr(r->info, "link_speed_mbps", c[0],
				      sizeof(c[0])),
			    rdoc_jstr(r->info, "link_speed_from", c[1],
				      sizeof(c[1])));
		json_array_foreach(json_object_get(r->info, "ports"), p, port) {
			n++;
			strbuf_printf(&ports, "port %s (%s): %s, driver %s, %s Mb/s\n",
				    rdoc_jstr(port, "port_id", c[0], sizeof(c[0])),
				    rdoc_jstr(port, "side", c[1], sizeof(c[1])),
				    rdoc_jstr(port, "name", c[2], sizeof(c[2])),
				    rdoc_jstr(port, "driver", c[3], sizeof(c[3])),
				    json_is_null(json_object_get(port,
								 "speed_mbps")) ?
				    "unknown" : rdoc_jstr(port, "speed_mbps", c[4],
							  sizeof(c[4])));
		}
		if (n == 0)
			strbuf_printf(&ports, "ports: missing\n");
		strbuf_printf(&ports, "run.json records: %zu\n", r->nb_records);
		rdoc_pre(d, ports.oom ? "out of memory" : ports.s);
		text = (char *)json_string_value(json_object_get(r->info,
								"config"));
		rdoc_pre(d, text != NULL ? text : "configuration: missing");
		rdoc_details_end(d);
	}
	strbuf_free(&ports);
}

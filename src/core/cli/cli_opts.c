/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli_opts: the options after MODE (each with the INI key it overrides),
 * --help, and the lookups in the table that cli.c's passes make.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cli.h"
#include "cli_priv.h"

const struct cli_opt cli_opts[] = {
	{ "config", 'c', "FILE", NULL, NULL,
	  "INI file read over the defaults (default: none)" },
	{ "rate", 'r', "FPS", "traffic", "rate_fps", "frame rate per direction" },
	{ "size", 's', "BYTES", "traffic", "frame_size_b",
	  "frame size incl. FCS (IPv6 size when translating)" },
	{ "imix", OPT_IMIX, "GENOME", "traffic", "imix",
	  "mixed sizes: RFC 6985 IMIX genome (aaafg; custom AAAAAAAXXXXG with "
	  "--imix-sizes; 20abcd5ggga repeats), preset (csit) or table "
	  "(proportions:82:23,146:67,1018:10), sent in order, repeating; "
	  "random: before it: a pseudorandom order from --seed" },
	{ "imix-sizes", OPT_IMIX_SIZES, "TABLE", "traffic", "imix_sizes",
	  "RFC 6985 5: a custom IMIX's letters' sizes (A:64 X:570 G:1518)" },
	{ "stateful", OPT_STATEFUL, NULL, "stateful", "phases",
	  "loss, latency, pdv, trial: RFC 9693 phase 1 before each trial "
	  "([stateful] keys)" },
	{ "jumbo", OPT_JUMBO, NULL, "traffic", "jumbo",
	  "allow frame sizes above 1518 bytes (up to 9216)" },
	{ "duration", 'd', "S", "traffic", "duration_s", "trial duration",
	  .every_mode = true },
	{ "timeout", 't', "MS", "traffic", "timeout_ms",
	  "wait for late frames after sending", .every_mode = true },
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
	  "per-frame timeout: later frames count as lost (0 = off)",
	  .every_mode = true },
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
	{ "resume", OPT_RESUME, NULL, "campaign", "resume",
	  "campaign: go on with the campaign in -o DIR (completed items kept)" },
	{ "quiet", 'q', NULL, NULL, NULL, "no progress messages on stderr" },
	{ "print-config", OPT_PRINT_CONFIG, NULL, NULL, NULL,
	  "print the effective configuration before running" },
	{ "check", OPT_CHECK, NULL, NULL, NULL,
	  "validate, print the effective configuration and exit" },
	{ "help", 'h', NULL, NULL, NULL, "this help, then exit" },
	{ "version", 'V', NULL, NULL, NULL, "print the version, then exit" },
};

_Static_assert(sizeof(cli_opts) / sizeof(cli_opts[0]) == CLI_NB_OPTS,
	       "CLI_NB_OPTS (cli_priv.h) counts cli_opts");

bool
cli_opt_listed(const char *list, const char *name)
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

/*
 * The modes' options strings say which options mean something only in
 * some modes (--rate, --repeat, the search's, ...): those that a mode
 * lists.  The others (frame, trial and output settings) apply to every
 * mode, and so do the every_mode ones that some modes list for --help.
 */
bool
cli_opt_mode_only(const struct cli_opt *o, const struct cli_mode *const *modes,
		  unsigned nb_modes)
{
	unsigned i;

	if (o->every_mode)
		return false;
	for (i = 0; i < nb_modes; i++)
		if (cli_opt_listed(modes[i]->options, o->name))
			return true;
	return false;
}

void
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
			/* an empty default reads "none", never "default ;" */
			fprintf(out, "default %s; INI [%s] %s)",
				k->def[0] != '\0' ? k->def : "none",
				o->section, o->key);
		}
		fprintf(out, "\n");
	}
	fprintf(out,
		"\nExit status (docs/results.md): 0 done, every run measured; 1 runtime\n"
		"failure; 2 usage or configuration error (nothing started or written);\n"
		"3 ran, but some run gave no measured DUT result (lower_bound or none);\n"
		"128+N stopped by signal N.\n"
		"Every INI key is described in docs/configuration.md and conf/dutperf.ini.\n");
}

const struct cli_opt *
cli_opt_by_val(int val)
{
	unsigned i;

	for (i = 0; i < CLI_NB_OPTS; i++)
		if (cli_opts[i].val == val)
			return &cli_opts[i];
	return NULL;
}

const char *
cli_opt_label(const struct cli_opt *o, char *buf, size_t len)
{
	if (o->val < 256)
		snprintf(buf, len, "-%c/--%s", o->val, o->name);
	else
		snprintf(buf, len, "--%s", o->name);
	return buf;
}

void
cli_build_longopts(struct option *lo, char *shortopts, size_t len)
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

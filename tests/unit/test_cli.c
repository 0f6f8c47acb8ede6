/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of cli: modes, options over the INI file, errors, help. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_util.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dutperf/cli.h"
#include "dutperf/trial_spec.h"

#define MAX_ARGS 32

static char tmpdir[] = "/tmp/test_cli.XXXXXX";
static char ini_path[256];

/*
 * Every INI-backed option, a file value and a different command-line value
 * (both valid together with the rest of the file).
 */
static const struct {
	const char *opt;	/* as typed */
	const char *section;
	const char *key;
	const char *ini_val;
	const char *cli_val;
} overrides[] = {
	{ "-r", "traffic", "rate_fps", "3000", "5000" },
	{ "--rate", "traffic", "rate_fps", "3000", "6000" },
	{ "-s", "traffic", "frame_size_b", "128", "256" },
	{ "--size", "traffic", "frame_size_b", "128", "1518" },
	{ "-d", "traffic", "duration_s", "30", "10" },
	{ "--duration", "traffic", "duration_s", "30", "11" },
	{ "-t", "traffic", "timeout_ms", "1500", "500" },
	{ "--timeout", "traffic", "timeout_ms", "1500", "0" },
	{ "--direction", "traffic", "direction", "forward", "reverse" },
	{ "--n", "traffic", "n", "10", "20" },
	{ "--m", "traffic", "m", "10", "5" },
	{ "--seed", "traffic", "seed", "17", "18446744073709551615" },
	{ "--burst", "traffic", "burst", "4", "32" },
	{ "-o", "output", "dir", "from-file", "from-cli" },
	{ "--outdir", "output", "dir", "from-file", "from-cli2" },
	{ "--repeat", "search", "repeat", "5", "20" },
	{ "--rate-min", "search", "rate_min_fps", "100", "200" },
	{ "--rate-max", "search", "rate_max_fps", "900000", "800000" },
	{ "--initial-rate", "search", "initial_rate_fps", "400000", "300000" },
	{ "--error", "search", "error_fps", "500", "50" },
	{ "--settle", "search", "settle_ms", "1000", "0" },
	{ "--max-retries", "search", "max_retries", "2", "9" },
	{ "--loss-ppm", "search", "loss_ppm", "10", "1000000" },
	{ "--frame-timeout", "traffic", "frame_timeout_ms", "100", "250" },
	{ "--tagged", "latency", "tagged_frames", "1000", "600" },
	{ "--delay", "latency", "delay_s", "5", "0" },
	{ "--loss-step", "loss", "step_pct", "5", "2" },
	{ "--rates", "loss", "rates", "1000,2000", "3000" },
	{ "--goal", "mlr", "goals", "pdr", "rfc2544" },
};

#define NB_OVERRIDES (sizeof(overrides) / sizeof(overrides[0]))

/* Every long option named in the brief, for the --help check. */
static const char *const long_opts[] = {
	"--config", "--rate", "--size", "--duration", "--timeout", "--direction",
	"--n", "--m", "--seed", "--outdir", "--burst", "--repeat", "--rate-min",
	"--rate-max", "--initial-rate", "--error", "--settle", "--max-retries",
	"--loss-ppm", "--frame-timeout", "--tagged", "--delay", "--loss-step",
	"--rates", "--goal", "--quiet", "--print-config", "--check", "--help",
	"--version",
};


/* The modes dutperf has (src/dpdk/modes/modes.c); latency with its own check. */
/* The options strings are the real modes' (mode_*.c). */
static const struct cli_mode m_trial = {
	"trial", "one trial", "--rate --duration --timeout --frame-timeout "
	"--stateful", NULL, CLI_STATEFUL_PHASES
};
static const struct cli_mode m_tput = {
	"throughput", "a search", "--rate-min --rate-max --initial-rate --error "
	"--max-retries --loss-ppm --repeat", NULL
};
static const struct cli_mode m_lat = {
	"latency", "latency", "--rate --tagged --delay --repeat --stateful",
	trial_spec_check_latency, CLI_STATEFUL_PHASES
};
static const struct cli_mode m_pdv = {
	"pdv", "pdv", "--rate --frame-timeout --repeat --stateful", NULL,
	CLI_STATEFUL_PHASES
};
static const struct cli_mode m_loss = {
	"loss", "loss", "--rate-max --rate-min --loss-step --rates --repeat "
	"--stateful", NULL, CLI_STATEFUL_PHASES
};
static const struct cli_mode m_mlr = {
	"mlr", "mlr", "--goal --rate-min --rate-max --max-retries --repeat", NULL
};
static const struct cli_mode *const modes[] = {
	&m_trial, &m_tput, &m_lat, &m_pdv, &m_loss, &m_mlr,
};
#define NB_MODES (sizeof(modes) / sizeof(modes[0]))
/* The table run() parses against (a test may swap in its own). */
static const struct cli_mode *const *run_modes = modes;
static unsigned run_nb_modes = NB_MODES;

/* Run cli_parse on a NULL-terminated list; out captured into outbuf. */
static int
run(struct cli *cli, struct cfg *cfg, char *err, size_t err_len,
    char *outbuf, size_t out_len, ...)
{
	char *argv[MAX_ARGS + 1];
	const char *a;
	int argc = 0, rc;
	va_list ap;
	FILE *out;
	size_t n;

	argv[argc++] = strdup("dutperf");
	va_start(ap, out_len);
	while ((a = va_arg(ap, const char *)) != NULL && argc < MAX_ARGS)
		argv[argc++] = strdup(a);
	va_end(ap);
	argv[argc] = NULL;
	out = tmpfile();
	assert_non_null(out);
	err[0] = '\0';
	rc = cli_parse(cli, cfg, run_modes, run_nb_modes, argc, argv, NULL, out, err,
		       err_len);
	rewind(out);
	n = fread(outbuf, 1, out_len - 1, out);
	outbuf[n] = '\0';
	fclose(out);
	while (argc > 0)
		free(argv[--argc]);
	return rc;
}

#define RUN(...) run(&cli, &cfg, err, sizeof(err), out, sizeof(out), __VA_ARGS__, NULL)

static int
setup(void **state)
{
	FILE *f;
	unsigned i;

	(void)state;
	if (mkdtemp(tmpdir) == NULL)
		return -1;
	snprintf(ini_path, sizeof(ini_path), "%s/over.ini", tmpdir);
	f = fopen(ini_path, "w");
	if (f == NULL)
		return -1;
	/* one section at a time (duplicate sections are fine, keys unique) */
	for (i = 0; i < NB_OVERRIDES; i++) {
		if (i > 0 && strcmp(overrides[i].key, overrides[i - 1].key) == 0)
			continue;
		fprintf(f, "[%s]\n%s = %s\n", overrides[i].section, overrides[i].key,
			overrides[i].ini_val);
	}
	fprintf(f, "[traffic]\njumbo = 1\n");
	return fclose(f);
}

static int
teardown(void **state)
{
	(void)state;
	return unit_rmtree(tmpdir);
}

static void
key_text(const struct cfg *cfg, const char *section, const char *key,
	 char *buf, size_t len)
{
	const struct cfg_key *k = cfg_key_find(section, key);

	assert_non_null(k);
	cfg_key_format(cfg, k, buf, len);
}

/* The first mode whose options list opt, else trial (which takes the
 * options of every mode, and -r). */
static const struct cli_mode *
mode_for(const char *opt)
{
	size_t n = strlen(opt);
	const char *p;
	unsigned i;

	for (i = 0; i < NB_MODES; i++)
		for (p = modes[i]->options; p != NULL && (p = strstr(p, opt)) != NULL;
		     p += n)
			if (p[n] == ' ' || p[n] == '\0')
				return modes[i];
	return &m_trial;
}

/* defaults < INI < command line, for every INI-backed option. */
static void
test_overrides(void **state)
{
	char err[CFG_ERR_LEN], out[4096], val[64], defv[64];
	struct cfg cfg, def;
	struct cli cli;
	unsigned i;
	int rc;

	(void)state;
	cfg_defaults(&def);
	/* the file alone: every key takes the file's value, not the default */
	rc = RUN("trial", "-c", ini_path);
	if (rc != CLI_OK)
		fail_msg("%s", err);
	assert_ptr_equal(cli.mode, &m_trial);
	assert_string_equal(cfg.path, ini_path);
	for (i = 0; i < NB_OVERRIDES; i++) {
		key_text(&cfg, overrides[i].section, overrides[i].key, val, sizeof(val));
		assert_string_equal(val, overrides[i].ini_val);
		key_text(&def, overrides[i].section, overrides[i].key, defv, sizeof(defv));
		assert_string_not_equal(val, defv);
	}
	/* each option, before and after -c, beats the file (in a mode
	 * that takes it) */
	for (i = 0; i < NB_OVERRIDES; i++) {
		const char *o = overrides[i].opt, *v = overrides[i].cli_val;
		const struct cli_mode *mode = mode_for(o);
		unsigned pos;

		for (pos = 0; pos < 2; pos++) {
			if (pos == 0)
				rc = RUN(mode->name, o, v, "-c", ini_path);
			else
				rc = RUN(mode->name, "--config", ini_path, o, v);
			if (rc != CLI_OK)
				fail_msg("%s %s: %s", o, v, err);
			assert_ptr_equal(cli.mode, mode);
			key_text(&cfg, overrides[i].section, overrides[i].key, val,
				 sizeof(val));
			assert_string_equal(val, v);
		}
	}
	/* without a file the option beats the default */
	rc = RUN("trial", "--rate", "4321");
	assert_int_equal(rc, CLI_OK);
	assert_int_equal(cfg.rate_fps, 4321);
	assert_int_equal(cfg.duration_s, def.duration_s);
	assert_string_equal(cfg.path, "");
	/* the last of a repeated option wins */
	rc = RUN("trial", "-r", "100", "-r", "200");
	assert_int_equal(rc, CLI_OK);
	assert_int_equal(cfg.rate_fps, 200);
	/* --goal again adds a goal; the first one replaces the file's */
	rc = RUN("mlr", "-c", ini_path, "--goal", "ndr", "--goal",
		 "pdr,width=0.01");
	assert_int_equal(rc, CLI_OK);
	assert_string_equal(cfg.mlr_goals, "ndr;pdr,width=0.01");
	/* short direction names */
	rc = RUN("trial", "--direction", "r");
	assert_int_equal(rc, CLI_OK);
	assert_int_equal(cfg.direction, CFG_DIRECTION_REVERSE);
}

static void
test_flags(void **state)
{
	char err[CFG_ERR_LEN], out[16384], path[300];
	struct cfg cfg, back;
	struct cli cli;
	FILE *f;

	(void)state;
	assert_int_equal(RUN("trial"), CLI_OK);
	assert_false(cli.quiet || cli.print_config || cli.dry_run);
	assert_string_equal(out, "");
	assert_int_equal(RUN("trial", "-q", "--print-config"), CLI_OK);
	assert_true(cli.quiet && cli.print_config && !cli.dry_run);
	assert_string_equal(out, "");
	assert_int_equal(RUN("trial", "--quiet"), CLI_OK);
	assert_true(cli.quiet);

	/* --check prints a loadable effective configuration and ends */
	assert_int_equal(RUN("trial", "--check", "-c", ini_path, "-r", "777"),
			 CLI_EXIT_SUCCESS);
	assert_true(cli.dry_run);
	assert_contains(out, "rate_fps = 777");
	snprintf(path, sizeof(path), "%s/check.ini", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(out, f);
	fclose(f);
	cfg_defaults(&back);
	if (cfg_load_ini(&back, path, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(back.path, sizeof(back.path), "%s", cfg.path);
	back.from = cfg.from;
	assert_memory_equal(&back, &cfg, sizeof(cfg));
	/* --check still validates */
	assert_int_equal(RUN("trial", "--check", "--m", "3"), -EINVAL);
	assert_contains(err, "--m 3 > [traffic] n = 2");
	assert_string_equal(out, "");
}

static void
test_help_version(void **state)
{
	char err[CFG_ERR_LEN], out[16384];
	struct cfg cfg;
	struct cli cli;
	unsigned i;

	(void)state;
	assert_int_equal(RUN("--help"), CLI_EXIT_SUCCESS);
	for (i = 0; i < sizeof(long_opts) / sizeof(long_opts[0]); i++)
		assert_contains(out, long_opts[i]);
	assert_contains(out, "trial");
	assert_contains(out, "throughput");
	assert_contains(out, "default 10000");	/* rate_fps */
	assert_contains(out, "frames/s");
	/* every exit status, and no empty default (issue 39) */
	assert_contains(out, "0 done, every run measured");
	assert_contains(out, "2 usage or configuration error");
	assert_contains(out, "3 ran, but some run gave no measured DUT result");
	assert_contains(out, "128+N stopped by signal N");
	assert_null(strstr(out, "default ;"));
	assert_contains(out, "default none; INI [traffic] imix)");
	assert_int_equal(RUN("trial", "-h"), CLI_EXIT_SUCCESS);
	assert_contains(out, "--loss-ppm");
	assert_int_equal(RUN("--version"), CLI_EXIT_SUCCESS);
	assert_string_equal(out, "dutperf " DUTPERF_VERSION "\n");
	assert_int_equal(RUN("throughput", "-V"), CLI_EXIT_SUCCESS);
	assert_string_equal(out, "dutperf " DUTPERF_VERSION "\n");
	/* help wins over options that would fail validation later */
	assert_int_equal(RUN("trial", "--m", "9", "--help"), CLI_EXIT_SUCCESS);
}

static void
test_errors(void **state)
{
	static const struct {
		const char *args[5];
		const char *needles[2];
	} cases[] = {
		{ { "bogusmode" }, { "unknown mode 'bogusmode' (modes: trial, throughput, latency, pdv, loss, mlr)" } },
		{ { "Trial" }, { "unknown mode 'Trial'" } },
		{ { "" }, { "unknown mode ''" } },
		{ { "-r", "100" }, { "no mode given" } },
		{ { "trial", "--bogus" }, { "'--bogus'" } },
		{ { "trial", "-x" }, { "'-x'" } },
		{ { "trial", "extra" }, { "unexpected argument 'extra'" } },
		{ { "trial", "-r", "100", "throughput" }, { "unexpected argument 'throughput'" } },
		{ { "trial", "-r" }, { "-r/--rate", "needs an argument" } },
		{ { "trial", "--n" }, { "--n", "needs an argument" } },
		{ { "trial", "-r", "12x" }, { "-r/--rate \"12x\"", "not an unsigned decimal integer" } },
		{ { "trial", "--rate", "042" }, { "--rate \"042\"", "leading zero" } },
		{ { "trial", "--rate", "-5" }, { "--rate \"-5\"", "not an unsigned" } },
		{ { "trial", "--rate", "0" }, { "--rate \"0\"", "out of range 1..1000000000" } },
		{ { "trial", "-s", "10000" }, { "-s/--size \"10000\"", "out of range 64..9216" } },
		{ { "trial", "-d", "0" }, { "-d/--duration", "out of range" } },
		{ { "trial", "-t", "1e3" }, { "-t/--timeout \"1e3\"" } },
		{ { "trial", "--seed", "18446744073709551616" }, { "--seed", "64 bits" } },
		{ { "trial", "--direction", "sideways" }, { "--direction \"sideways\"", "both" } },
		{ { "trial", "--burst", "65" }, { "--burst \"65\"", "1..64" } },
		{ { "trial", "-o", "'x" }, { "-o/--outdir", "quote character" } },
		{ { "throughput", "--loss-ppm", "1000001" }, { "--loss-ppm", "0..1000000" } },
		{ { "throughput", "--max-retries", "x" }, { "--max-retries \"x\"" } },
		{ { "trial", "--settle", "600001" }, { "--settle" } },
		{ { "throughput", "--error", "0" }, { "--error \"0\"" } },
		{ { "throughput", "--repeat", "0" }, { "--repeat \"0\"" } },
		{ { "throughput", "--rate-min", "a" }, { "--rate-min \"a\"" } },
		{ { "throughput", "--rate-max", "a" }, { "--rate-max \"a\"" } },
		{ { "throughput", "--initial-rate", "a" }, { "--initial-rate \"a\"" } },
		{ { "trial", "--m", "3" }, { "--m 3 > [traffic] n = 2" } },
		{ { "trial", "-s", "2000" }, { "-s/--size 2000 needs", "--jumbo" } },
		{ { "trial", "-o", "" }, { "-o/--outdir \"\": empty" } },
		{ { "trial", "-c", "/nonexistent/x.ini" }, { "/nonexistent/x.ini", "No such file" } },
		{ { "trial", "-c", "a.ini", "-c", "b.ini" }, { "given twice" } },
	};
	char err[CFG_ERR_LEN], out[4096];
	struct cfg cfg;
	struct cli cli;
	unsigned i, j;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *const *a = cases[i].args;

		rc = run(&cli, &cfg, err, sizeof(err), out, sizeof(out),
			 a[0], a[1], a[2], a[3], a[4], NULL);
		if (rc != -EINVAL)
			fail_msg("case %u (%s %s): rc %d", i, a[0], a[1] ? a[1] : "", rc);
		for (j = 0; j < 2 && cases[i].needles[j] != NULL; j++)
			assert_contains(err, cases[i].needles[j]);
		assert_string_equal(out, "");	/* nothing printed on errors */
	}
	/* an INI error keeps the file's message */
	{
		char path[300];
		FILE *f;

		snprintf(path, sizeof(path), "%s/bad.ini", tmpdir);
		f = fopen(path, "w");
		assert_non_null(f);
		fputs("[traffic]\nrate_fps = 12x\n", f);
		fclose(f);
		assert_int_equal(RUN("trial", "-c", path), -EINVAL);
		assert_contains(err, path);
		assert_contains(err, "[traffic] rate_fps = \"12x\"");
		/* a CLI value does not rescue a bad file */
		assert_int_equal(RUN("trial", "-r", "100", "-c", path), -EINVAL);
	}
}

static void
test_mode_names(void **state)
{
	struct cli cli;
	struct cfg cfg;
	char err[CFG_ERR_LEN], out[4096];
	unsigned i;

	(void)state;
	for (i = 0; i < NB_MODES; i++) {
		if (RUN(modes[i]->name, "-d", "120") != CLI_OK)
			fail_msg("%s: %s", modes[i]->name, err);
		assert_ptr_equal(cli.mode, modes[i]);
		assert_int_equal(cli.mode_index, i);
		assert_string_equal(cli_mode_name(&cli), modes[i]->name);
	}
	/* the table's check runs: latency's with the default 60 s trial */
	assert_int_equal(RUN("latency"), -EINVAL);
	assert_non_null(strstr(err, "[latency] delay_s = 60 must be below"));
	assert_int_equal(RUN("trial"), CLI_OK);
	memset(&cli, 0, sizeof(cli));
	assert_string_equal(cli_mode_name(&cli), "none");
	/* --help lists every mode of the table with its help and options */
	assert_int_equal(RUN("--help"), CLI_EXIT_SUCCESS);
	for (i = 0; i < NB_MODES; i++) {
		assert_non_null(strstr(out, modes[i]->name));
		assert_non_null(strstr(out, modes[i]->help));
	}
	assert_non_null(strstr(out, "(options: --rate --tagged --delay --repeat --stateful)"));
}


/* Options mean something only in the modes that list them (issue 18). */
static void
test_mode_options(void **state)
{
	char err[CFG_ERR_LEN], out[4096];
	struct cfg cfg;
	struct cli cli;

	(void)state;
	assert_int_equal(RUN("throughput", "--rates", "1000,2000"), -EINVAL);
	assert_contains(err, "option --rates means nothing in mode throughput");
	assert_int_equal(RUN("trial", "--tagged", "600"), -EINVAL);
	assert_contains(err, "option --tagged means nothing in mode trial");
	assert_int_equal(RUN("throughput", "-r", "1000"), -EINVAL);
	assert_contains(err, "-r/--rate means nothing in mode throughput");
	assert_int_equal(RUN("trial", "--repeat", "3"), -EINVAL);
	assert_contains(err, "--repeat");
	/* where they mean something they are taken */
	assert_int_equal(RUN("loss", "--rates", "1000,2000"), CLI_OK);
	assert_string_equal(cfg.loss_rates, "1000,2000");
	assert_int_equal(RUN("latency", "-d", "120", "--tagged", "600"), CLI_OK);
	assert_int_equal(cfg.lat_tagged, 600);
	assert_int_equal(RUN("throughput", "--rate-max", "5000"), CLI_OK);
	/* the general ones everywhere */
	assert_int_equal(RUN("throughput", "-d", "5", "-s", "128", "--settle", "0"),
			 CLI_OK);
	/* the INI file is not restricted: one file serves every mode */
	assert_int_equal(RUN("trial", "-c", ini_path), CLI_OK);
}

/* Which options are mode-only comes from the table's options strings: one
 * that a mode lists is refused by the others, one that no mode lists is
 * taken by all; -d, -t and --frame-timeout by every mode, listed or not. */
static void
test_mode_only_from_table(void **state)
{
	static const struct cli_mode a = {
		"a", "lists some", "--settle --duration --timeout --frame-timeout", NULL
	};
	static const struct cli_mode b = { "b", "lists none", NULL, NULL };
	static const struct cli_mode *const tab[] = { &a, &b };
	char err[CFG_ERR_LEN], out[4096];
	struct cfg cfg;
	struct cli cli;

	(void)state;
	run_modes = tab;
	run_nb_modes = 2;
	assert_int_equal(RUN("a", "--settle", "5"), CLI_OK);
	assert_int_equal(cfg.settle_ms, 5);
	assert_int_equal(RUN("b", "--settle", "5"), -EINVAL);
	assert_string_equal(err, "option --settle means nothing in mode b (its options: none)");
	assert_int_equal(RUN("b", "--tagged", "600"), CLI_OK);
	assert_int_equal(cfg.lat_tagged, 600);
	assert_int_equal(RUN("b", "-d", "5", "-t", "100", "--frame-timeout", "50"), CLI_OK);
	assert_int_equal(cfg.duration_s, 5);
}

static int
restore_modes(void **state)
{
	(void)state;
	run_modes = modes;
	run_nb_modes = NB_MODES;
	return 0;
}

/* A long option with one dash is named, not taken as -r "ate". */
static void
test_single_dash(void **state)
{
	char err[CFG_ERR_LEN], out[4096];
	struct cfg cfg;
	struct cli cli;

	(void)state;
	assert_int_equal(RUN("trial", "-rate", "1000"), -EINVAL);
	assert_contains(err, "unknown option -rate (did you mean --rate?)");
	assert_int_equal(RUN("trial", "-d", "5", "-duration=5"), -EINVAL);
	assert_contains(err, "unknown option -duration=5 (did you mean --duration=5?)");
	assert_int_equal(RUN("trial", "-n", "4"), -EINVAL);
	assert_contains(err, "did you mean --n?");
	/* an option's argument is not an option */
	assert_int_equal(RUN("loss", "--rates", "-rate"), -EINVAL);
	assert_contains(err, "--rates \"-rate\"");
	/* short options with their argument attached still work */
	assert_int_equal(RUN("trial", "-s128", "-r500"), CLI_OK);
	assert_int_equal(cfg.frame_size_b, 128);
	assert_int_equal(cfg.rate_fps, 500);
}

/* --jumbo: frame sizes above 1518 from the command line alone. */
static void
test_jumbo(void **state)
{
	char err[CFG_ERR_LEN], out[16384];
	struct cfg cfg;
	struct cli cli;

	(void)state;
	assert_int_equal(RUN("trial", "-s", "9000"), -EINVAL);
	assert_contains(err, "-s/--size 9000 needs [traffic] jumbo = 1 or --jumbo");
	assert_int_equal(RUN("trial", "-s", "9000", "--jumbo"), CLI_OK);
	assert_int_equal(cfg.frame_size_b, 9000);
	assert_true(cfg.jumbo);
	assert_int_equal(RUN("trial", "--jumbo", "-s", "9216"), CLI_OK);
	assert_int_equal(RUN("trial", "--jumbo", "-s", "9217"), -EINVAL);
	assert_int_equal(RUN("trial", "--jumbo=1"), -EINVAL);	/* a flag */
	assert_int_equal(RUN("--help"), CLI_EXIT_SUCCESS);
	assert_contains(out, "--jumbo");
}

/* --stateful ([stateful] phases): the modes that can run their trials as
 * RFC 9693 phase 2 take it, with the [stateful] keys then checked; the
 * others refuse it, naming the option or the file's key. */
static void
test_stateful_phases(void **state)
{
	char err[CFG_ERR_LEN], out[16384], path[300];
	struct cfg cfg;
	struct cli cli;
	FILE *f;

	(void)state;
	assert_int_equal(RUN("loss", "--rates", "1000", "--stateful"), CLI_OK);
	assert_true(cfg.st.phases);
	assert_int_equal(RUN("latency", "-d", "120", "--stateful"), CLI_OK);
	assert_int_equal(RUN("pdv", "--stateful"), CLI_OK);
	assert_int_equal(RUN("trial", "--stateful"), CLI_OK);
	assert_int_equal(RUN("pdv"), CLI_OK);
	assert_false(cfg.st.phases);
	assert_int_equal(RUN("throughput", "--stateful"), -EINVAL);
	assert_contains(err, "option --stateful means nothing in mode throughput");
	assert_int_equal(RUN("throughput", "--stateful=1"), -EINVAL);

	snprintf(path, sizeof(path), "%s/phases.ini", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "[stateful]\nphases = 1\n");
	assert_int_equal(fclose(f), 0);
	assert_int_equal(RUN("throughput", "-c", path), -EINVAL);
	assert_contains(err, "phases.ini: [stateful] phases = 1: means nothing "
			"in mode throughput");
	assert_int_equal(RUN("mlr", "-c", path), -EINVAL);
	assert_contains(err, "mode stateful");
	assert_int_equal(RUN("loss", "-c", path), CLI_OK);

	/* with the phases the [stateful] keys must hold together */
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "[stateful]\ntable_size = 5000\n");
	assert_int_equal(fclose(f), 0);
	assert_int_equal(RUN("pdv", "-c", path), CLI_OK);	/* not used */
	assert_int_equal(RUN("pdv", "-c", path, "--stateful"), -EINVAL);
	assert_contains(err, "table_size = 5000");
	assert_int_equal(remove(path), 0);
}

/* A value from the command line is blamed on its option, one from the file
 * on the file and key: -s 2000 with -c FILE is "-s/--size 2000 ...". */
static void
test_blame(void **state)
{
	char err[CFG_ERR_LEN], out[4096], small[300], big[300];
	struct cfg cfg;
	struct cli cli;

	(void)state;
	snprintf(small, sizeof(small), "%s",
		 unit_write_file(tmpdir, "small.ini", "[traffic]\nframe_size_b = 128\n"));
	assert_int_equal(RUN("trial", "-c", small, "-s", "2000"), -EINVAL);
	assert_int_equal(strncmp(err, "-s/--size 2000 needs", 20), 0);
	assert_null(strstr(err, "small.ini"));
	snprintf(big, sizeof(big), "%s",
		 unit_write_file(tmpdir, "big.ini", "[traffic]\nframe_size_b = 2000\n"));
	assert_int_equal(RUN("trial", "-c", big), -EINVAL);
	assert_contains(err, "big.ini: [traffic] frame_size_b = 2000 needs");
	/* an option that fixes the file's value: accepted */
	assert_int_equal(RUN("trial", "-c", big, "--size", "1500"), CLI_OK);
	/* cross checks name the option and the key it clashes with */
	assert_int_equal(RUN("throughput", "-c", small, "--rate-min", "5000",
			     "--rate-max", "4000"), -EINVAL);
	assert_contains(err, "--rate-min 5000 >= --rate-max 4000");
	assert_int_equal(RUN("throughput", "-c", small, "--rate-max", "4000",
			     "--initial-rate", "4001"), -EINVAL);
	assert_contains(err, "--initial-rate 4001 outside [search] rate_min_fps = 0 .. --rate-max 4000");
	assert_int_equal(RUN("trial", "--direction", "f", "-c",
			     unit_write_file(tmpdir, "norecv.ini",
					     "[right]\nrecv_lcore = none\n")), -EINVAL);
	assert_contains(err, "recv_lcore = none, but --direction forward needs");
}

/* What the EAL options enable, read without the EAL. */
static void
test_eal_parse(void **state)
{
	static const struct {
		const char *args[6];
		const char *on;		/* enabled lcores, as a string of digits */
	} cases[] = {
		{ { "-l", "0-1" }, "01" },
		{ { "-l0,3-4" }, "034" },
		{ { "--lcores", "0@0,1@0,2@1" }, "012" },
		{ { "--lcores=(0-2)@(0,1),5" }, "0125" },
		{ { "--lcores", "(1,3)@0" }, "13" },
		{ { "-c", "0x5" }, "02" },
		{ { "-c", "A" }, "13" },
		{ { "-l", "7", "-l", "2" }, "2" },	/* the last counts */
		{ { "--no-huge", "-m", "512", "-l", "6" }, "6" },
	};
	struct cli_eal e;
	char *argv[8], buf[16];
	unsigned i, j, n;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		argv[0] = (char *)"dutperf";
		for (n = 0; n < 6 && cases[i].args[n] != NULL; n++)
			argv[n + 1] = (char *)cases[i].args[n];
		cli_eal_parse(&e, (int)n + 1, argv);
		assert_true(e.lcores_known);
		for (j = 0, n = 0; j <= CFG_MAX_LCORE && n < sizeof(buf) - 1; j++)
			if (e.lcore[j])
				buf[n++] = (char)('0' + j);
		buf[n] = '\0';
		if (strcmp(buf, cases[i].on) != 0)
			fail_msg("case %u: lcores %s, want %s", i, buf, cases[i].on);
		assert_int_equal(e.nb_ports, -1);	/* a PCI scan */
	}
	/* unreadable: left to the EAL */
	argv[1] = (char *)"-l";
	argv[2] = (char *)"0-x";
	cli_eal_parse(&e, 3, argv);
	assert_false(e.lcores_known);
	/* ports: --no-pci and one-port vdevs only */
	argv[1] = (char *)"--no-pci";
	argv[2] = (char *)"--vdev=net_null0";
	argv[3] = (char *)"--vdev";
	argv[4] = (char *)"net_memif0,role=server";
	cli_eal_parse(&e, 5, argv);
	assert_int_equal(e.nb_ports, 2);
	assert_true(e.lcores_known);	/* the CPUs we may use */
	assert_true(e.lcore[sched_getcpu()]);
	argv[4] = (char *)"net_ring0,nodeaction=r:0:CREATE";
	cli_eal_parse(&e, 5, argv);
	assert_int_equal(e.nb_ports, -1);
}

/* --check and the run: lcores, ports and the output directory, before
 * anything starts and without creating anything. */
static void
test_env_checks(void **state)
{
	char err[CFG_ERR_LEN], out[4096], dir[400], file[400];
	char *argv[] = { (char *)"dutperf", (char *)"-l", (char *)"0",
			 (char *)"--no-pci", (char *)"--vdev=net_null0", NULL };
	struct cli_eal e;
	struct cfg cfg;
	struct cli cli;
	char *av[8];
	int rc;

	(void)state;
	cli_eal_parse(&e, 3, argv);
	cfg_defaults(&cfg);
	/* recv_lcore 1 is not in -l 0 */
	assert_int_equal(cli_check_eal(&cfg, &e, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[right] recv_lcore = 1: lcore not enabled by the EAL options (-l 0;");
	cfg.side[CFG_LEFT].recv_lcore = cfg.side[CFG_RIGHT].recv_lcore = 0;
	assert_int_equal(cli_check_eal(&cfg, &e, err, sizeof(err)), 0);
	/* forward only: the left receiver is not needed */
	cfg.side[CFG_LEFT].recv_lcore = 9;
	cfg.direction = CFG_DIRECTION_FORWARD;
	assert_int_equal(cli_check_eal(&cfg, &e, err, sizeof(err)), 0);
	/* one vdev: no port 1 */
	cli_eal_parse(&e, 5, argv);
	assert_int_equal(cli_check_eal(&cfg, &e, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[right] port_id = 1: no such DPDK port");

	/* the output directory */
	snprintf(file, sizeof(file), "%s", unit_write_file(tmpdir, "plain", "x"));
	snprintf(cfg.outdir, sizeof(cfg.outdir), "%s/sub/dir", file);
	assert_int_equal(cli_check_outdir(&cfg, err, sizeof(err)), -EINVAL);
	assert_contains(err, "is not a directory");
	snprintf(cfg.outdir, sizeof(cfg.outdir), "%s", file);
	assert_int_equal(cli_check_outdir(&cfg, err, sizeof(err)), -EINVAL);
	snprintf(dir, sizeof(dir), "%s/new/deeper/", tmpdir);
	snprintf(cfg.outdir, sizeof(cfg.outdir), "%s", dir);
	assert_int_equal(cli_check_outdir(&cfg, err, sizeof(err)), 0);
	snprintf(dir, sizeof(dir), "%s/new", tmpdir);
	assert_int_equal(access(dir, F_OK), -1);	/* nothing created */
	snprintf(cfg.outdir, sizeof(cfg.outdir), "%s", tmpdir);
	assert_int_equal(cli_check_outdir(&cfg, err, sizeof(err)), 0);

	/* through cli_parse: both checks, with --check and without */
	cli_eal_parse(&e, 3, argv);
	av[0] = (char *)"dutperf";
	av[1] = (char *)"trial";
	av[2] = (char *)"-o";
	snprintf(dir, sizeof(dir), "%s/sub", file);
	av[3] = dir;
	av[4] = (char *)"--check";
	av[5] = NULL;
	rc = cli_parse(&cli, &cfg, modes, NB_MODES, 5, av, &e, stdout, err,
		       sizeof(err));
	assert_int_equal(rc, -EINVAL);
	assert_contains(err, "recv_lcore = 1");
	argv[2] = (char *)"0-1";
	cli_eal_parse(&e, 3, argv);
	rc = cli_parse(&cli, &cfg, modes, NB_MODES, 4, av, &e, stdout, err,
		       sizeof(err));
	assert_int_equal(rc, -EINVAL);
	assert_int_equal(strncmp(err, "-o/--outdir ", 12), 0);
	assert_contains(err, "not a directory");
	(void)out;
}

/* A mode that needs the main lcore free (monitor): --check refuses a
 * role on it, the main lcore being --main-lcore or the lowest enabled. */
static void
test_main_lcore(void **state)
{
	const struct cli_mode mon = { .name = "monitor", .main_lcore_free = true },
			      trial = { .name = "trial" };
	char *a1[] = { "dutperf", "--lcores", "0@0,1@0,2@1" };
	char *a2[] = { "dutperf", "-l", "0-2", "--main-lcore", "2" };
	char err[CFG_ERR_LEN];
	struct cli_eal e;
	struct cfg c;

	(void)state;
	cfg_defaults(&c);	/* send_lcore 0, recv_lcore 1 */
	cli_eal_parse(&e, 3, a1);
	assert_int_equal(e.main_lcore, 0);
	assert_int_equal(cli_check_main_lcore(&mon, &c, &e, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "[left] send_lcore = 0: lcore 0 is the EAL's "
			       "main lcore (--main-lcore, else the lowest of "
			       "--lcores 0@0,1@0,2@1); mode monitor needs it free"));
	/* other modes do not mind */
	assert_int_equal(cli_check_main_lcore(&trial, &c, &e, err, sizeof(err)), 0);
	c.side[CFG_LEFT].send_lcore = c.side[CFG_RIGHT].send_lcore = 1;
	c.side[CFG_LEFT].recv_lcore = c.side[CFG_RIGHT].recv_lcore = 2;
	assert_int_equal(cli_check_main_lcore(&mon, &c, &e, err, sizeof(err)), 0);
	/* --main-lcore 2: now the receivers are on it */
	cli_eal_parse(&e, 5, a2);
	assert_int_equal(e.main_lcore, 2);
	assert_int_equal(cli_check_main_lcore(&mon, &c, &e, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "recv_lcore = 2: lcore 2 is the EAL's main"));
}

/* --check's run-time estimate (docs/real-testbed.md's rule), counted here
 * by hand: a search over [0, 1000000] in steps down to 1000 tries the
 * top, then halves the gap 10 times (1000000 -> 977): 11 trials of
 * 60 s + 2 s + 5 s, 20 runs: 14740 s; with 3 retries each rate up to 4
 * trials: 44 trials, 58960 s. */
static void
test_estimate(void **state)
{
	const struct cli_mode tput = { .name = "throughput" },
			      trial = { .name = "trial" },
			      loss = { .name = "loss" },
			      b2b = { .name = "b2b" };
	struct cfg c;
	char buf[512];

	(void)state;
	cfg_defaults(&c);
	c.duration_s = 60;
	c.timeout_ms = 2000;
	c.settle_ms = 5000;
	c.repeat = 20;
	c.rate_min_fps = 0;
	c.rate_max_fps = 1000000;
	c.error_fps = 1000;
	c.max_retries = 3;
	cli_estimate(&tput, &c, buf, sizeof(buf));
	assert_string_equal(buf, "; estimated run time: 11 trial(s) x (60000 ms "
			    "+ timeout 2000 ms + settle 5000 ms) x 20 run(s) = "
			    "14740 s (4 h 05 min); up to 44 trials, 58960 s, if "
			    "every rate needs every retry");
	/* a trial: one, whatever --repeat says (trial takes none) */
	cli_estimate(&trial, &c, buf, sizeof(buf));
	assert_non_null(strstr(buf, " 1 trial(s) x (60000 ms + timeout 2000 ms "
			       "+ settle 5000 ms) x 1 run(s) = 67 s "));
	/* the sweep: 100 % down in 10 % steps, at most 10 */
	c.loss_step_pct = 10;
	c.repeat = 1;
	cli_estimate(&loss, &c, buf, sizeof(buf));
	assert_non_null(strstr(buf, " 10 trial(s) x "));
	cli_estimate(&b2b, &c, buf, sizeof(buf));
	assert_non_null(strstr(buf, "not estimated for mode b2b"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_overrides),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_help_version),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_mode_names),
		cmocka_unit_test(test_mode_options),
		cmocka_unit_test_teardown(test_mode_only_from_table, restore_modes),
		cmocka_unit_test(test_single_dash),
		cmocka_unit_test(test_jumbo),
		cmocka_unit_test(test_stateful_phases),
		cmocka_unit_test(test_blame),
		cmocka_unit_test(test_eal_parse),
		cmocka_unit_test(test_env_checks),
		cmocka_unit_test(test_estimate),
		cmocka_unit_test(test_main_lcore),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

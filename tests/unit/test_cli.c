/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of cli: modes, options over the INI file, errors, help. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_util.h"

#include <errno.h>
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


/* The modes dutperf has (src/dpdk/modes.c); latency with its own check. */
static const struct cli_mode m_trial = { "trial", "one trial", NULL, NULL };
static const struct cli_mode m_tput = { "throughput", "a search", NULL, NULL };
static const struct cli_mode m_lat = { "latency", "latency", "--tagged --delay",
				       trial_spec_check_latency };
static const struct cli_mode m_pdv = { "pdv", "pdv", NULL, NULL };
static const struct cli_mode m_loss = { "loss", "loss", NULL, NULL };
static const struct cli_mode *const modes[] = {
	&m_trial, &m_tput, &m_lat, &m_pdv, &m_loss,
};
#define NB_MODES (sizeof(modes) / sizeof(modes[0]))

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
	rc = cli_parse(cli, cfg, modes, NB_MODES, argc, argv, out, err, err_len);
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
	/* each option, before and after -c, beats the file */
	for (i = 0; i < NB_OVERRIDES; i++) {
		const char *o = overrides[i].opt, *v = overrides[i].cli_val;
		unsigned pos;

		for (pos = 0; pos < 2; pos++) {
			if (pos == 0)
				rc = RUN("throughput", o, v, "-c", ini_path);
			else
				rc = RUN("throughput", "--config", ini_path, o, v);
			if (rc != CLI_OK)
				fail_msg("%s %s: %s", o, v, err);
			assert_ptr_equal(cli.mode, &m_tput);
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
	rc = RUN("trial", "-c", ini_path, "--goal", "ndr", "--goal",
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
	assert_int_equal(RUN("throughput", "--check", "-c", ini_path, "-r", "777"),
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
	assert_memory_equal(&back, &cfg, sizeof(cfg));
	/* --check still validates */
	assert_int_equal(RUN("trial", "--check", "--m", "3"), -EINVAL);
	assert_contains(err, "m = 3 > n = 2");
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
		{ { "bogusmode" }, { "unknown mode 'bogusmode' (modes: trial, throughput, latency, pdv, loss)" } },
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
		{ { "trial", "--loss-ppm", "1000001" }, { "--loss-ppm", "0..1000000" } },
		{ { "trial", "--max-retries", "x" }, { "--max-retries \"x\"" } },
		{ { "trial", "--settle", "600001" }, { "--settle" } },
		{ { "trial", "--error", "0" }, { "--error \"0\"" } },
		{ { "trial", "--repeat", "0" }, { "--repeat \"0\"" } },
		{ { "trial", "--rate-min", "a" }, { "--rate-min \"a\"" } },
		{ { "trial", "--rate-max", "a" }, { "--rate-max \"a\"" } },
		{ { "trial", "--initial-rate", "a" }, { "--initial-rate \"a\"" } },
		{ { "trial", "--m", "3" }, { "[traffic] m = 3 > n = 2" } },
		{ { "trial", "-s", "2000" }, { "frame_size_b = 2000", "jumbo" } },
		{ { "trial", "-o", "" }, { "[output] dir" } },
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
	assert_non_null(strstr(out, "(options: --tagged --delay)"));
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
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

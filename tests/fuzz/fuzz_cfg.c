/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness for the configuration parser and the command line.
 * First input byte even: the rest is an INI file (written to a private
 * temp file) for cfg_load_ini over the defaults, then cfg_validate and
 * cfg_print.  Odd: the rest is split at '\n' into argv for cli_parse (an
 * argument "@" stands for a small valid INI file).  Checks: no crash, no
 * read out of bounds (ASan), no undefined behaviour (UBSan), an error
 * always comes with a message, a failed load leaves the configuration
 * unchanged, and a configuration that loads and validates prints as INI
 * that loads again to the same configuration.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dutperf/cfg.h"
#include "dutperf/cli.h"
#include "dutperf/trial_spec.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char ini_path[64];	/* the fuzzed INI file */
static char good_path[64];	/* "@" on the command line */
static char round_path[64];	/* cfg_print output, loaded again */
static FILE *devnull;
/* Two modes: one plain, one with a mode-specific check (latency's). */
static const struct cli_mode fuzz_trial = { "trial", "", NULL, NULL };
static const struct cli_mode fuzz_latency = { "latency", "", NULL,
					      trial_spec_check_latency };
static const struct cli_mode *const fuzz_modes[] = { &fuzz_trial,
						     &fuzz_latency };

static void
fuzz_die(const char *what, const char *err)
{
	fprintf(stderr, "fuzz_cfg: %s: %s\n", what, err);
	abort();
}

static void
fuzz_tmp(char *path, size_t len, const char *name)
{
	const char *dir = getenv("FUZZ_TMPDIR");	/* scripts/fuzz.sh */
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(path, len, "%s/fuzz_cfg-%ld-%s.XXXXXX", dir, (long)getpid(), name);
	fd = mkstemp(path);
	if (fd < 0)
		fuzz_die("mkstemp", strerror(errno));
	close(fd);
}

static void
fuzz_write(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		fuzz_die("cannot write", path);
}

static void
fuzz_cleanup(void)
{
	unlink(ini_path);
	unlink(good_path);
	unlink(round_path);
}

static void
fuzz_setup(void)
{
	static const char good[] = "[traffic]\nrate_fps = 1000\nduration_s = 1\n";

	fuzz_tmp(ini_path, sizeof(ini_path), "ini");
	fuzz_tmp(good_path, sizeof(good_path), "good");
	fuzz_tmp(round_path, sizeof(round_path), "round");
	fuzz_write(good_path, good, sizeof(good) - 1);
	devnull = fopen("/dev/null", "w");
	if (devnull == NULL)
		fuzz_die("fopen", "/dev/null");
	atexit(fuzz_cleanup);
}

/* Print c, load it again over the defaults: the same configuration. */
static void
fuzz_roundtrip(const struct cfg *c)
{
	char err[CFG_ERR_LEN];
	struct cfg again;
	FILE *f = fopen(round_path, "w");
	unsigned i;

	if (f == NULL)
		fuzz_die("fopen", round_path);
	cfg_print(c, f);
	fclose(f);
	cfg_defaults(&again);
	if (cfg_load_ini(&again, round_path, err, sizeof(err)) != 0)
		fuzz_die("printed configuration does not load", err);
	for (i = 0; i < cfg_key_count(); i++) {
		const struct cfg_key *k = cfg_key_at(i);
		char a[CFG_PATH_LEN + 8], b[CFG_PATH_LEN + 8];

		cfg_key_format(c, k, a, sizeof(a));
		cfg_key_format(&again, k, b, sizeof(b));
		if (strcmp(a, b) != 0)
			fuzz_die("value changed by print and load", k->key);
	}
}

static void
fuzz_ini(const uint8_t *data, size_t size)
{
	char err[CFG_ERR_LEN] = "";
	struct cfg c, before;
	int rc;

	fuzz_write(ini_path, data, size);
	cfg_defaults(&c);
	memcpy(&before, &c, sizeof(c));
	rc = cfg_load_ini(&c, ini_path, err, sizeof(err));
	if (rc != 0) {
		if (rc > 0 || err[0] == '\0')
			fuzz_die("load failed without a message", err);
		if (memcmp(&c, &before, sizeof(c)) != 0)
			fuzz_die("failed load changed the configuration", err);
		return;
	}
	err[0] = '\0';
	rc = cli_validate(&c, err, sizeof(err));
	if (rc != 0) {
		if (err[0] == '\0')
			fuzz_die("validate failed without a message", "");
		return;
	}
	fuzz_roundtrip(&c);
}

static void
fuzz_cli(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *argv[MAX_ARGS + 2], *p;
	char err[CFG_ERR_LEN] = "";
	struct cli cli;
	struct cfg c;
	int argc = 0, rc;

	if (buf == NULL)
		return;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[argc++] = (char *)"dutperf";
	for (p = buf; argc <= MAX_ARGS; ) {
		char *nl = strchr(p, '\n');

		if (nl != NULL)
			*nl = '\0';
		argv[argc++] = strcmp(p, "@") == 0 ? good_path : p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	argv[argc] = NULL;
	memset(&cli, 0, sizeof(cli));
	cfg_defaults(&c);
	rc = cli_parse(&cli, &c, fuzz_modes, 2, argc, argv, NULL, devnull, err,
		       sizeof(err));
	if (rc < 0 && err[0] == '\0')
		fuzz_die("cli_parse failed without a message", "");
	if (rc == CLI_OK) {
		err[0] = '\0';
		/* cli_parse validated: validating again must agree */
		if (cli_validate(&c, err, sizeof(err)) != 0)
			fuzz_die("cli_parse accepted what cfg_validate rejects", err);
		fuzz_roundtrip(&c);
	}
	free(buf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (devnull == NULL)
		fuzz_setup();
	if (size < 1)
		return 0;
	if (data[0] & 1)
		fuzz_cli(data + 1, size - 1);
	else
		fuzz_ini(data + 1, size - 1);
	return 0;
}

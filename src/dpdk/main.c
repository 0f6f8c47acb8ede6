/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dutperf [EAL options] -- MODE [options]
 *
 * Everything after "--" is ours and is parsed and validated before the
 * EAL starts, so bad input never touches ports or memory.  Without "--"
 * all arguments are ours and the EAL gets none.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>

#include "mode.h"
#include "dutperf/csv.h"

static volatile sig_atomic_t main_signal;

static void
main_on_signal(int sig)
{
	main_signal = sig;
	engine_stop = 1;
}

static void
main_signals(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = main_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* a lost terminal stops the run like SIGTERM: complete rows, the
	 * trial marked interrupted, run.json closed (docs/robustness.md);
	 * unless SIGHUP is ignored (nohup): then it stays so */
	sigaction(SIGHUP, NULL, &old);
	if (old.sa_handler != SIG_IGN)
		sigaction(SIGHUP, &sa, NULL);
	/* a reader of stdout that went away (a pipe to tee, a closed ssh):
	 * the lines are lost, the result files are written on */
	signal(SIGPIPE, SIG_IGN);
}

/* A seed for runs that did not give one; recorded with the results. */
static uint64_t
main_pick_seed(void)
{
	uint64_t s = 0;
	int fd = open("/dev/urandom", O_RDONLY);

	if (fd >= 0) {
		if (read(fd, &s, sizeof(s)) != (ssize_t)sizeof(s))
			s = 0;
		close(fd);
	}
	if (s == 0)
		s = (uint64_t)time(NULL) * UINT64_C(0x9e3779b97f4a7c15) ^
		    (uint64_t)getpid();
	return s ? s : 1;
}

int
main(int argc, char **argv)
{
	static struct trial_ctx trial;
	static struct mode_ctx mctx, top;	/* top: what every mode shares */
	const struct cli_mode *modes[32];
	struct cli cli;
	static struct cli_eal eal;
	static struct cfg cfg;
	unsigned i;
	char err[ENGINE_ERR_LEN];
	char **eal_argv, **app_argv;
	int eal_argc, app_argc, split, rc, status;

	for (split = 1; split < argc; split++)
		if (strcmp(argv[split], "--") == 0)
			break;
	eal_argv = calloc((size_t)argc + 1, sizeof(*eal_argv));
	app_argv = calloc((size_t)argc + 1, sizeof(*app_argv));
	if (eal_argv == NULL || app_argv == NULL)
		return EXIT_RUNTIME;
	eal_argv[0] = app_argv[0] = argv[0];
	eal_argc = app_argc = 1;
	if (split < argc) {
		memcpy(eal_argv + 1, argv + 1, (size_t)(split - 1) * sizeof(*argv));
		eal_argc = split;
		memcpy(app_argv + 1, argv + split + 1,
		       (size_t)(argc - split - 1) * sizeof(*argv));
		app_argc = argc - split;
	} else {
		memcpy(app_argv + 1, argv + 1, (size_t)(argc - 1) * sizeof(*argv));
		app_argc = argc;
	}

	/* the command line's modes: the mode table's */
	for (i = 0; i < mode_table_len && i < sizeof(modes) / sizeof(modes[0]); i++)
		modes[i] = &mode_table[i]->cli;
	/* what the EAL options enable: checked with --check and before a run
	 * alike, before the EAL starts */
	cli_eal_parse(&eal, eal_argc, eal_argv);
	rc = cli_parse(&cli, &cfg, modes, i, app_argc, app_argv, &eal, stdout,
		       err, sizeof(err));
	free(app_argv);		/* cli_parse keeps no pointer into it */
	status = EXIT_OK;
	if (rc == CLI_EXIT_SUCCESS)
		goto out;
	if (rc < 0) {
		fprintf(stderr, "dutperf: %s\n", err);
		status = EXIT_USAGE;
		goto out;
	}
	if (cfg.seed == 0)
		cfg.seed = main_pick_seed();
	if (cli.print_config)
		cfg_print(&cfg, stdout);

	main_signals();
	if (rte_eal_init(eal_argc, eal_argv) < 0) {
		fprintf(stderr, "dutperf: EAL initialisation failed: %s\n",
			rte_strerror(rte_errno));
		status = EXIT_RUNTIME;
		goto out;
	}

	/* a mode that runs others sets the ports up for all of them */
	if (mode_table[cli.mode_index]->ports_cfg != NULL)
		mode_table[cli.mode_index]->ports_cfg(&cfg);
	/* [left] / [right] mac not given: the ports' own addresses */
	port_own_macs(&cfg);
	rc = csv_mkdirs(cfg.outdir, err, sizeof(err));
	if (rc == 0)
		rc = trial_ctx_init(&trial, &cfg, err, sizeof(err));
	/* [side] dut_mac = resolve: ARP / ND for the DUT's next hop */
	if (rc == 0)
		rc = neigh_resolve(&trial, &cfg, err, sizeof(err));
	/* a mode that runs others checks each item's rates (its sizes) */
	if (rc == 0 && mode_table[cli.mode_index]->run == NULL)
		rc = port_apply_speed(trial.port, CFG_NB_SIDES, &cfg, err,
				      sizeof(err));
	if (rc != 0) {
		fprintf(stderr, "dutperf: %s\n", err);
		status = rc == -EINVAL ? EXIT_USAGE : EXIT_RUNTIME;
	} else {
		top.modes = mode_table;
		top.nb_modes = mode_table_len;
		top.trial = &trial;
		top.argc = argc;
		top.argv = argv;
		top.eal_argc = eal_argc;
		mode_ctx_init(&mctx, mode_table[cli.mode_index], &cli, &cfg,
			      &top);
		rc = mctx.ops->run != NULL ? mctx.ops->run(&mctx, err, sizeof(err)) :
		     driver_run(&mctx, err, sizeof(err));
		if (rc != 0) {
			fprintf(stderr, "dutperf: %s\n", err);
			/* a mode's check of what it was given (before any
			 * file was written, or a trial it cannot run) */
			status = rc == -EINVAL ? EXIT_USAGE : EXIT_RUNTIME;
		} else if (mctx.not_measured > 0) {
			/* every file written, but not every run measured
			 * the DUT (docs/results.md) */
			fprintf(stderr, "dutperf: %u of %u run(s) gave no "
				"measured DUT result (exit status %d)\n",
				mctx.not_measured, mctx.runs_done,
				EXIT_NO_RESULT);
			status = EXIT_NO_RESULT;
		}
	}
	trial_ctx_fini(&trial);
	rte_eal_cleanup();
	if (main_signal != 0) {
		fprintf(stderr, "dutperf: stopped by signal %d\n", (int)main_signal);
		status = EXIT_SIGNAL_BASE + main_signal;
	}
out:
	free(eal_argv);
	return status;
}

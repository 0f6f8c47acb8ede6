/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * shell: a configured command run with /bin/sh and timed, the one place
 * dutperf runs one: the [stateful] hooks (hook_search, hook_trial) and
 * the command steps a procedure asks the driver for (teardown_cmd,
 * proc.h).  DPDK-free; it blocks until the command ends.
 */
#ifndef DUTPERF_SHELL_H
#define DUTPERF_SHELL_H

#include <stddef.h>
#include <stdint.h>

/*
 * Run [section] key = cmd with system() (stdout and stderr flushed
 * first); the wall time from before the flush to its end into *wall_ns
 * (NULL: not wanted).  An empty cmd runs nothing: 0, wall time 0.
 * 0 when it exited 0; -EIO when it could not run, exited otherwise or
 * was killed, err saying so ("[stateful] hook_trial = \"false\": exit
 * status 1: the run stops").
 */
int shell_run(const char *section, const char *key, const char *cmd,
	      uint64_t *wall_ns, char *err, size_t err_len);

#endif /* DUTPERF_SHELL_H */

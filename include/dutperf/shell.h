/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * shell: a configured command ([section] key = cmd) run and timed, the
 * one place dutperf runs one: the [stateful] hooks (hook_search,
 * hook_trial), the command steps a procedure asks the driver for
 * (teardown_cmd, proc.h) and [reset] command.  It runs through
 * command.h: /bin/sh -c in a process group of its own, killed (the whole
 * group) after [commands] timeout_s or as soon as *stop is set, its
 * output copied to stderr and its last lines kept for the message.
 * DPDK-free; it blocks until the command ends.
 */
#ifndef DUTPERF_SHELL_H
#define DUTPERF_SHELL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "command.h"

/*
 * Run [section] key = cmd (stdout and stderr flushed first) with a
 * timeout of timeout_s (0: none), killed when *stop is set (NULL: never);
 * what happened into *res (NULL: not wanted; res->elapsed_ns is its wall
 * time).  An empty cmd runs nothing: 0, *res as an exit status 0 after 0
 * ns.  0 when it exited 0; -EINTR when *stop killed it (the caller's run
 * is being interrupted, err says so); -EIO when it could not run, exited
 * otherwise, was killed or timed out, err saying so with its last output
 * ("[stateful] hook_trial = \"false\": exit status 1; no output: the run
 * stops").
 */
int shell_run(const char *section, const char *key, const char *cmd,
	      uint32_t timeout_s, const volatile sig_atomic_t *stop,
	      struct command_result *res, char *err, size_t err_len);

#endif /* DUTPERF_SHELL_H */

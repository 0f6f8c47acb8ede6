/* SPDX-License-Identifier: BSD-3-Clause */
/* shell: a configured command run with /bin/sh and timed (shell.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

#include "dutperf/shell.h"

static uint64_t
shell_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int
shell_run(const char *section, const char *key, const char *cmd,
	  uint64_t *wall_ns, char *err, size_t err_len)
{
	uint64_t begin;
	int status;

	if (wall_ns != NULL)
		*wall_ns = 0;
	if (cmd == NULL || cmd[0] == '\0')
		return 0;
	begin = shell_now_ns();
	fflush(NULL);
	status = system(cmd);
	if (wall_ns != NULL)
		*wall_ns = shell_now_ns() - begin;
	if (status == -1) {
		snprintf(err, err_len, "[%s] %s = \"%s\": cannot run it",
			 section, key, cmd);
		return -EIO;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status))
		snprintf(err, err_len, "[%s] %s = \"%s\": exit status %d: "
			 "the run stops", section, key, cmd,
			 WEXITSTATUS(status));
	else
		snprintf(err, err_len, "[%s] %s = \"%s\": killed by signal %d: "
			 "the run stops", section, key, cmd,
			 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	return -EIO;
}

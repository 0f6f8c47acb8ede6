/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot: running gnuplot (Debian: gnuplot-nox) on a script file, for
 * dutperf-plot and dutperf-report.  The program is $DUTPERF_GNUPLOT, else
 * gnuplot from PATH.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plot.h"

int
plot_run_gnuplot(const char *script_path, int out_fd, char *err,
		 size_t err_len)
{
	const char *prog = getenv("DUTPERF_GNUPLOT");
	int status;
	pid_t pid;

	if (prog == NULL || prog[0] == '\0')
		prog = "gnuplot";
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(err, err_len, "fork: %s", strerror(errno));
		return -errno;
	}
	if (pid == 0) {
		if (out_fd >= 0 && dup2(out_fd, STDOUT_FILENO) < 0)
			_exit(126);
		execlp(prog, prog, script_path, (char *)NULL);
		_exit(127);	/* the parent says so */
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, err_len, "waitpid: %s", strerror(errno));
			return -errno;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		snprintf(err, err_len, "cannot run %s (Debian package gnuplot-nox)",
			 prog);
	else
		snprintf(err, err_len, "%s failed (status %d)", prog,
			 WIFEXITED(status) ? WEXITSTATUS(status) :
			 128 + WTERMSIG(status));
	return -EIO;
}

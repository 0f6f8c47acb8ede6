/* SPDX-License-Identifier: BSD-3-Clause */
/* shell: a configured command run, timed and bounded (shell.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dutperf/shell.h"

int
shell_run(const char *section, const char *key, const char *cmd,
	  uint32_t timeout_s, const volatile sig_atomic_t *stop,
	  struct command_result *res, char *err, size_t err_len)
{
	struct command_result own;
	struct command_opts o;
	char what[96];
	size_t n;
	int rc;

	if (res == NULL)
		res = &own;
	memset(res, 0, sizeof(*res));
	if (cmd == NULL || cmd[0] == '\0')
		return 0;
	command_opts_init(&o);
	o.timeout_ms = timeout_s * 1000;
	o.stop = stop;
	o.echo_fd = STDERR_FILENO;
	fflush(NULL);	/* what dutperf printed comes before its output */
	command_run(cmd, &o, res);
	snprintf(what, sizeof(what), "[%s] %s", section, key);
	rc = command_check(what, cmd, &o, "[commands] timeout_s", res, err,
			   err_len);
	n = strlen(err);
	if (rc == -EIO && n < err_len)
		snprintf(err + n, err_len - n, ": the run stops");
	return rc;
}

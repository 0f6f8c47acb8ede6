/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * errf: errors are values.  A function returns 0 or -errno and fills the
 * caller's err[err_len] with what went wrong, naming file, section, key
 * and value where there are some.  (The cfg_ names are the configuration
 * module's, where these started; every module uses them.)
 */
#ifndef DUTPERF_ERRF_H
#define DUTPERF_ERRF_H

#include <stddef.h>

/* Format a message into err (when err_len > 0); returns -EINVAL. */
int cfg_errf(char *err, size_t err_len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same, returning rc (another -errno: -ENOMEM, -EIO, ...). */
int cfg_errf_rc(int rc, char *err, size_t err_len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif /* DUTPERF_ERRF_H */

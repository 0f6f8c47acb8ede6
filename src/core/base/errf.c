/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * errf: an error message into the caller's buffer, returning -errno
 * (errf.h): how every module of the core reports an error as a value.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "dutperf/errf.h"

static void cfg_verrf(char *err, size_t err_len, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void
cfg_verrf(char *err, size_t err_len, const char *fmt, va_list ap)
{
	if (err != NULL && err_len > 0)
		vsnprintf(err, err_len, fmt, ap);
}

int
cfg_errf(char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cfg_verrf(err, err_len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

int
cfg_errf_rc(int rc, char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cfg_verrf(err, err_len, fmt, ap);
	va_end(ap);
	return rc;
}

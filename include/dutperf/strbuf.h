/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * strbuf: a growing text buffer.  Zero-initialised it is empty; a failed
 * allocation is remembered in oom (every later append is dropped), so a
 * writer appends freely and checks oom once at the end.
 */
#ifndef DUTPERF_STRBUF_H
#define DUTPERF_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct strbuf {
	char *s;		/* NUL-terminated once anything was appended */
	size_t len, cap;
	bool oom;
};

void strbuf_free(struct strbuf *b);
void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void strbuf_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* DUTPERF_STRBUF_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * strbuf: a growing text buffer (strbuf.h), for the texts the offline
 * tools build (gnuplot scripts, HTML reports, notes).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/strbuf.h"

void
strbuf_free(struct strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

void
strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	if (b->oom)
		return;
	for (;;) {
		va_copy(aq, ap);
		n = vsnprintf(b->s ? b->s + b->len : NULL,
			      b->s ? b->cap - b->len : 0, fmt, aq);
		va_end(aq);
		if (n < 0) {
			b->oom = true;
			return;
		}
		if (b->s != NULL && (size_t)n < b->cap - b->len) {
			b->len += (size_t)n;
			return;
		}
		size_t ncap = b->cap ? b->cap : 4096;
		char *ns;

		while (ncap < b->len + (size_t)n + 1)
			ncap *= 2;
		ns = realloc(b->s, ncap);
		if (ns == NULL) {
			b->oom = true;
			return;
		}
		b->s = ns;
		b->cap = ncap;
	}
}

void
strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

/* SPDX-License-Identifier: BSD-3-Clause */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/report.h"

#define DIR_COLS(p) p "_planned," p "_sent," p "_unsent," p "_received," \
	p "_lost," p "_duplicates," p "_reordered," p "_late," p "_foreign," \
	p "_stale," p "_max_lag_us"

static const char trial_header[] =
	"start,search,iteration,rate_fps,frame_size_b,direction,duration_s,"
	"timeout_ms,seed," DIR_COLS("fwd") "," DIR_COLS("rev") ",status,reason";

const char *
report_trial_header(void)
{
	return trial_header;
}

char
report_direction_char(enum cfg_direction d)
{
	switch (d) {
	case CFG_DIRECTION_FORWARD:
		return 'f';
	case CFG_DIRECTION_REVERSE:
		return 'r';
	default:
		return 'b';
	}
}

void
report_format_date(time_t t, char *buf, size_t len)
{
	struct tm tm;

	if (localtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%d %H:%M:%S", &tm) == 0)
		snprintf(buf, len, "%s", "1970-01-01 00:00:00");
}

/* Append to buf at *pos; remembers overflow in *pos = len. */
static void
put(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*pos >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *pos, len - *pos, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - *pos)
		*pos = len;
	else
		*pos += (size_t)n;
}

static void
put_dir(char *buf, size_t len, size_t *pos, const struct report_dir *d)
{
	const struct verdict_dir *v = &d->v;

	if (!d->active) {
		put(buf, len, pos, ",,,,,,,,,,,");
		return;
	}
	put(buf, len, pos,
	    ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
	    ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
	    ",%" PRIu64 ".%03" PRIu64,
	    v->planned, v->sent, v->unsent, v->received, v->lost,
	    v->duplicates, v->reordered, v->late, v->foreign, d->stale,
	    v->max_lag_ns / 1000, v->max_lag_ns % 1000);
}

int
report_trial_row(const struct report_trial *t, char *buf, size_t len)
{
	char date[32];
	size_t pos = 0;
	const char *r;

	report_format_date(t->start, date, sizeof(date));
	put(buf, len, &pos,
	    "%s,%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",%" PRIu32 ",%c,%" PRIu32
	    ",%" PRIu32 ",%" PRIu64,
	    date, t->search_no, t->iteration, t->rate_fps, t->frame_size_b,
	    report_direction_char(t->direction), t->duration_s, t->timeout_ms,
	    t->seed);
	put_dir(buf, len, &pos, &t->dir[CFG_FWD]);
	put_dir(buf, len, &pos, &t->dir[CFG_REV]);
	put(buf, len, &pos, ",%s,\"", verdict_name(t->verdict));
	/* The reason is free text: keep it one CSV field. */
	for (r = t->reason ? t->reason : ""; *r != '\0'; r++) {
		if (*r == '"')
			put(buf, len, &pos, "\"\"");
		else if (*r == '\n' || *r == '\r')
			put(buf, len, &pos, " ");
		else if (*r == ',')	/* simple readers split on commas */
			put(buf, len, &pos, ";");
		else
			put(buf, len, &pos, "%c", *r);
	}
	put(buf, len, &pos, "\"");
	if (pos >= len)
		return -ENOSPC;
	return (int)pos;
}

int
report_search_row(const struct report_search *s, char *buf, size_t len)
{
	char date[32];
	int n;

	report_format_date(s->date, date, sizeof(date));
	n = snprintf(buf, len,
		     "%" PRIu32 ", %" PRIu32 ", %c, %" PRIu32 ", %" PRIu32
		     ", %" PRIu32 ", %" PRIu64 ", %" PRIu32 ", %" PRIu64
		     ", %s, %" PRIu32 ", %" PRIu64,
		     s->no, s->frame_size_b, report_direction_char(s->direction),
		     s->n, s->m, s->duration_s, s->initial_fps, s->timeout_ms,
		     s->error_fps, date, s->iterations, s->rate_fps);
	if (n < 0 || (size_t)n >= len)
		return -ENOSPC;
	return n;
}

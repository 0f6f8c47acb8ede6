/* SPDX-License-Identifier: BSD-3-Clause */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/report.h"

#define DIR_COLS(p) p "_planned," p "_sent," p "_unsent," p "_received," \
	p "_lost," p "_duplicates," p "_reordered," p "_late," p "_foreign," \
	p "_stale," p "_bogus," p "_max_lag_us," p "_achieved_fps"

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

/* The trailing status and free-text reason, one CSV field each. */
static void
put_status(char *buf, size_t len, size_t *pos, enum verdict v,
	   const char *reason)
{
	const char *r;

	put(buf, len, pos, ",%s,\"", verdict_name(v));
	for (r = reason ? reason : ""; *r != '\0'; r++) {
		if (*r == '"')
			put(buf, len, pos, "\"\"");
		else if (*r == '\n' || *r == '\r')
			put(buf, len, pos, " ");
		else if (*r == ',')	/* simple readers split on commas */
			put(buf, len, pos, ";");
		else
			put(buf, len, pos, "%c", *r);
	}
	put(buf, len, pos, "\"");
}

/* ",x.xxx" or "," when the value does not exist. */
static void
put_num(char *buf, size_t len, size_t *pos, bool valid, double x)
{
	if (valid)
		put(buf, len, pos, ",%.3f", x);
	else
		put(buf, len, pos, ",");
}

static int
row_end(size_t pos, size_t len)
{
	return pos >= len ? -ENOSPC : (int)pos;
}

static void
put_dir(char *buf, size_t len, size_t *pos, const struct report_dir *d)
{
	const struct verdict_dir *v = &d->v;

	if (!d->active) {
		put(buf, len, pos, ",,,,,,,,,,,,,");
		return;
	}
	put(buf, len, pos,
	    ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
	    ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
	    ",%" PRIu64 ",%" PRIu64 ".%03" PRIu64,
	    v->planned, v->sent, v->unsent, v->received, v->lost,
	    v->duplicates, v->reordered, v->late, v->foreign, d->stale,
	    d->bogus, v->max_lag_ns / 1000, v->max_lag_ns % 1000);
	put_num(buf, len, pos, d->achieved_fps > 0, d->achieved_fps);
}

int
report_trial_row(const struct report_trial *t, char *buf, size_t len)
{
	char date[32];
	size_t pos = 0;

	report_format_date(t->start, date, sizeof(date));
	put(buf, len, &pos,
	    "%s,%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",%" PRIu32 ",%c,%" PRIu32
	    ",%" PRIu32 ",%" PRIu64,
	    date, t->search_no, t->iteration, t->rate_fps, t->frame_size_b,
	    report_direction_char(t->direction), t->duration_s, t->timeout_ms,
	    t->seed);
	put_dir(buf, len, &pos, &t->dir[CFG_FWD]);
	put_dir(buf, len, &pos, &t->dir[CFG_REV]);
	put_status(buf, len, &pos, t->verdict, t->reason);
	return row_end(pos, len);
}

#define RUN_COLS "start,no,rate_fps,frame_size_b,direction,duration_s," \
	"timeout_ms,frame_timeout_ms,seed"

static void
put_run(char *buf, size_t len, size_t *pos, const struct report_run *r)
{
	char date[32];

	report_format_date(r->start, date, sizeof(date));
	put(buf, len, pos, "%s,%" PRIu32 ",%" PRIu64 ",%" PRIu32 ",%c,%" PRIu32
	    ",%" PRIu32 ",%" PRIu32 ",%" PRIu64, date, r->no, r->rate_fps,
	    r->frame_size_b, report_direction_char(r->direction), r->duration_s,
	    r->timeout_ms, r->frame_timeout_ms, r->seed);
}

#define LAT_COLS(p) p "_sent," p "_received," p "_tagged," p "_tagged_received," \
	p "_tagged_lost," p "_tl_us," p "_wcl_us," p "_min_us," p "_max_us," \
	p "_mean_us"

static const char latency_header[] =
	RUN_COLS ",delay_s,timestamps," LAT_COLS("fwd") "," LAT_COLS("rev")
	",status,reason";

const char *
report_latency_header(void)
{
	return latency_header;
}

int
report_latency_row(const struct report_latency *r, char *buf, size_t len)
{
	size_t pos = 0;
	int d;

	put_run(buf, len, &pos, &r->run);
	put(buf, len, &pos, ",%" PRIu32 ",%s", r->delay_s, r->timestamps);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct report_lat_dir *x = &r->dir[d];

		if (!x->active) {
			put(buf, len, &pos, ",,,,,,,,,,");
			continue;
		}
		put(buf, len, &pos, ",%" PRIu64 ",%" PRIu64 ",%" PRIu32 ",%" PRIu32
		    ",%" PRIu32, x->sent, x->received, x->tagged,
		    x->tagged_received, x->tagged_lost);
		put_num(buf, len, &pos, x->valid, x->tl_us);
		put_num(buf, len, &pos, x->valid, x->wcl_us);
		put_num(buf, len, &pos, x->valid, x->min_us);
		put_num(buf, len, &pos, x->valid, x->max_us);
		put_num(buf, len, &pos, x->valid, x->mean_us);
	}
	put_status(buf, len, &pos, r->run.verdict, r->run.reason);
	return row_end(pos, len);
}

#define PDV_COLS(p) p "_sent," p "_received," p "_dmin_us," p "_d999_us," \
	p "_dmax_us," p "_pdv_us," p "_ipdv_min_us," p "_ipdv_median_us," \
	p "_ipdv_max_us"

static const char pdv_header[] =
	RUN_COLS "," PDV_COLS("fwd") "," PDV_COLS("rev") ",status,reason";

const char *
report_pdv_header(void)
{
	return pdv_header;
}

int
report_pdv_row(const struct report_pdv *r, char *buf, size_t len)
{
	size_t pos = 0;
	int d;

	put_run(buf, len, &pos, &r->run);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct report_pdv_dir *x = &r->dir[d];

		if (!x->active) {
			put(buf, len, &pos, ",,,,,,,,,");
			continue;
		}
		put(buf, len, &pos, ",%" PRIu64 ",%" PRIu64, x->sent, x->received);
		put_num(buf, len, &pos, x->valid, x->dmin_us);
		put_num(buf, len, &pos, x->valid, x->d999_us);
		put_num(buf, len, &pos, x->valid, x->dmax_us);
		put_num(buf, len, &pos, x->valid, x->pdv_us);
		put_num(buf, len, &pos, x->ipdv_valid, x->ipdv_min_us);
		put_num(buf, len, &pos, x->ipdv_valid, x->ipdv_median_us);
		put_num(buf, len, &pos, x->ipdv_valid, x->ipdv_max_us);
	}
	put_status(buf, len, &pos, r->run.verdict, r->run.reason);
	return row_end(pos, len);
}

static const char flr_header[] =
	"start,no,step,offered_fps,frame_size_b,dir,duration_s,sent,received,"
	"lost,loss_pct,status";

const char *
report_flr_header(void)
{
	return flr_header;
}

int
report_flr_row(const struct report_flr *r, char *buf, size_t len)
{
	char date[32];
	size_t pos = 0;
	uint64_t lost = r->sent > r->received ? r->sent - r->received : 0;

	report_format_date(r->start, date, sizeof(date));
	put(buf, len, &pos, "%s,%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",%" PRIu32
	    ",%s,%" PRIu32 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, date, r->no,
	    r->step, r->offered_fps, r->frame_size_b,
	    r->dir == CFG_FWD ? "fwd" : "rev", r->duration_s, r->sent,
	    r->received, lost);
	if (r->sent > 0)	/* RFC 2544 26.3 */
		put(buf, len, &pos, ",%.6f", (double)lost * 100.0 / (double)r->sent);
	else
		put(buf, len, &pos, ",");
	put(buf, len, &pos, ",%s", verdict_name(r->verdict));
	return row_end(pos, len);
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report_cols: headers and rows of any column table (report.h), and the
 * formats of its values (dates, directions, result kinds).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/report.h"

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

const char *
report_result_name(enum report_result r)
{
	switch (r) {
	case REPORT_RESULT_MEASURED:
		return "measured";
	case REPORT_RESULT_LOWER_BOUND:
		return "lower_bound";
	case REPORT_RESULT_NONE:
		return "none";
	}
	return "?";
}

/* A row or header being written: buf[0..pos), overflow is pos = len. */
struct report_out {
	char *buf;
	size_t len;
	size_t pos;
	const char *sep;
	size_t nb_fields;	/* written so far */
};

static void
out_put(struct report_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->pos >= o->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->pos, o->len - o->pos, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->len - o->pos)
		o->pos = o->len;
	else
		o->pos += (size_t)n;
}

/* The separator before every field but the first. */
static void
out_field(struct report_out *o)
{
	if (o->nb_fields++ > 0)
		out_put(o, "%s", o->sep);
}

static int
out_end(struct report_out *o)
{
	if (o->len == 0)
		return -ENOSPC;
	if (o->pos == 0)
		o->buf[0] = '\0';
	return o->pos >= o->len ? -ENOSPC : (int)o->pos;
}

static const void *
at(const void *p, size_t off)
{
	return (const char *)p + off;
}

size_t
report_nb_fields(const struct report_table *t)
{
	size_t i, n = 0;

	for (i = 0; i < t->nb_cols; i++)
		n += t->cols[i].kind == REPORT_GROUP ?
			report_nb_fields(t->cols[i].group) : 1;
	return n;
}

/* Header names of t, each after prefix (may be ""). */
static void
put_names(struct report_out *o, const struct report_table *t,
	  const char *prefix)
{
	const struct report_col *c;
	char sub[256];
	size_t i;

	for (i = 0; i < t->nb_cols; i++) {
		c = &t->cols[i];
		if (c->kind != REPORT_GROUP) {
			out_field(o);
			out_put(o, "%s%s", prefix, c->name);
			continue;
		}
		if (c->name == NULL)
			snprintf(sub, sizeof(sub), "%s", prefix);
		else
			snprintf(sub, sizeof(sub), "%s%s_", prefix, c->name);
		put_names(o, c->group, sub);
	}
}

int
report_header(const struct report_table *t, char *buf, size_t len)
{
	struct report_out o = { .buf = buf, .len = len, .sep = t->sep };

	put_names(&o, t, "");
	return out_end(&o);
}

/* The value of a (non-group) column; false: the field is empty. */
static bool
col_load(const struct report_col *c, const void *row, union report_value *v)
{
	const void *p = at(row, c->off);

	if (c->get != NULL)
		return c->get(row, v);
	switch (c->kind) {
	case REPORT_U64:
	case REPORT_HEX64:
	case REPORT_NS_US:
	case REPORT_NS_MS:
		v->u64 = *(const uint64_t *)p;
		break;
	case REPORT_U32:
		v->u32 = *(const uint32_t *)p;
		break;
	case REPORT_INT:
		v->i = *(const int *)p;
		break;
	case REPORT_BOOL:
		v->b = *(const bool *)p;
		break;
	case REPORT_DOUBLE:
		v->f = *(const double *)p;
		break;
	case REPORT_DATE:
		v->t = *(const time_t *)p;
		break;
	case REPORT_DIRECTION:
		v->direction = *(const enum cfg_direction *)p;
		break;
	case REPORT_DIR_ID:
		v->dir = *(const enum cfg_dir_id *)p;
		break;
	case REPORT_VERDICT:
		v->verdict = *(const enum verdict *)p;
		break;
	case REPORT_RESULT:
		v->result = *(const enum report_result *)p;
		break;
	case REPORT_TEXT:
	case REPORT_REASON:
		v->s = *(const char *const *)p;
		break;
	case REPORT_GROUP:
		return false;
	}
	switch (c->valid) {
	case REPORT_IF_FLAG:
		return *(const bool *)at(row, c->valid_off);
	case REPORT_IF_RESULT:
		return *(const enum report_result *)at(row, c->valid_off) !=
		       REPORT_RESULT_NONE;
	case REPORT_IF_MEASURED:
		return *(const enum report_result *)at(row, c->valid_off) ==
		       REPORT_RESULT_MEASURED;
	case REPORT_IF_POSITIVE:
		return v->f > 0;
	case REPORT_ALWAYS:
		break;
	}
	return true;
}

/* A free-text field in double quotes, one line, no bare commas. */
static void
put_reason(struct report_out *o, const char *reason)
{
	const char *r;

	out_put(o, "\"");
	for (r = reason ? reason : ""; *r != '\0'; r++) {
		if (*r == '"')
			out_put(o, "\"\"");
		else if (*r == '\n' || *r == '\r')
			out_put(o, " ");
		else if (*r == ',')	/* simple readers split on commas */
			out_put(o, ";");
		else
			out_put(o, "%c", *r);
	}
	out_put(o, "\"");
}

static void
put_value(struct report_out *o, const struct report_col *c,
	  const union report_value *v)
{
	char date[32];

	switch (c->kind) {
	case REPORT_U64:
		out_put(o, "%" PRIu64, v->u64);
		break;
	case REPORT_HEX64:
		out_put(o, "0x%016" PRIx64, v->u64);
		break;
	case REPORT_U32:
		out_put(o, "%" PRIu32, v->u32);
		break;
	case REPORT_INT:
		out_put(o, "%d", v->i);
		break;
	case REPORT_BOOL:
		out_put(o, "%d", v->b ? 1 : 0);
		break;
	case REPORT_DOUBLE:
		out_put(o, "%.*f", (int)c->decimals, v->f);
		break;
	case REPORT_NS_US:
		out_put(o, "%" PRIu64 ".%03" PRIu64, v->u64 / 1000,
			v->u64 % 1000);
		break;
	case REPORT_NS_MS:
		out_put(o, "%.*f", (int)c->decimals, (double)v->u64 / 1e6);
		break;
	case REPORT_DATE:
		report_format_date(v->t, date, sizeof(date));
		out_put(o, "%s", date);
		break;
	case REPORT_DIRECTION:
		out_put(o, "%c", report_direction_char(v->direction));
		break;
	case REPORT_DIR_ID:
		out_put(o, "%s", v->dir == CFG_FWD ? "fwd" : "rev");
		break;
	case REPORT_TEXT:
		out_put(o, "%s", v->s ? v->s : "");
		break;
	case REPORT_VERDICT:
		out_put(o, "%s", verdict_name(v->verdict));
		break;
	case REPORT_RESULT:
		out_put(o, "%s", report_result_name(v->result));
		break;
	case REPORT_REASON:
		put_reason(o, v->s);
		break;
	case REPORT_GROUP:
		break;
	}
}

static void
put_empty(struct report_out *o, const struct report_table *t)
{
	size_t i, n = report_nb_fields(t);

	for (i = 0; i < n; i++)
		out_field(o);
}

static void
put_values(struct report_out *o, const struct report_table *t,
	   const void *row)
{
	const struct report_col *c;
	union report_value v;
	size_t i;

	if (t->gated && !*(const bool *)at(row, t->active_off)) {
		put_empty(o, t);
		return;
	}
	for (i = 0; i < t->nb_cols; i++) {
		c = &t->cols[i];
		if (c->kind == REPORT_GROUP) {
			put_values(o, c->group, at(row, c->off));
			continue;
		}
		out_field(o);
		if (col_load(c, row, &v))
			put_value(o, c, &v);
	}
}

int
report_row(const struct report_table *t, const void *row, char *buf,
	   size_t len)
{
	struct report_out o = { .buf = buf, .len = len, .sep = t->sep };

	put_values(&o, t, row);
	return out_end(&o);
}

/* Field index of name within t under prefix, or -ENOENT; *n counts. */
static int
find(const struct report_table *t, const char *name, size_t *n,
     const struct report_col **col)
{
	const struct report_col *c;
	size_t i, pl;
	int rc;

	for (i = 0; i < t->nb_cols; i++) {
		c = &t->cols[i];
		if (c->kind != REPORT_GROUP) {
			if (strcmp(c->name, name) == 0) {
				if (col != NULL)
					*col = c;
				return (int)*n;
			}
			(*n)++;
			continue;
		}
		pl = c->name != NULL ? strlen(c->name) : 0;
		if (pl == 0)
			rc = find(c->group, name, n, col);
		else if (strncmp(name, c->name, pl) == 0 && name[pl] == '_')
			rc = find(c->group, name + pl + 1, n, col);
		else {
			*n += report_nb_fields(c->group);
			continue;
		}
		if (rc >= 0)
			return rc;
	}
	return -ENOENT;
}

int
report_col_find(const struct report_table *t, const char *name,
		const struct report_col **col)
{
	size_t n = 0;

	return find(t, name, &n, col);
}

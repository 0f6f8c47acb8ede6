/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot: the data.  Series (rows of numbers a figure draws) and reading
 * them from csv tables: required columns, rows that are DUT figures
 * (result_kind), the (Dir, Size, rate) of rate.csv files and one column's
 * values; the link speed run.json records beside a rate.csv.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "plot_priv.h"

int
plot_fail(int rc, char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && err_len > 0) {
		va_start(ap, fmt);
		vsnprintf(err, err_len, fmt, ap);
		va_end(ap);
	}
	return rc;
}

/* --- series --- */

struct plot_series *
plot_series_add(struct plot_set *set, const char *title, const char *with,
		const char *with2, int panel, size_t ncols)
{
	struct plot_series *s;

	if (set->n == set->cap) {
		size_t ncap = set->cap ? set->cap * 2 : 8;
		struct plot_series *ns = realloc(set->s, ncap * sizeof(*ns));

		if (ns == NULL)
			return NULL;
		set->s = ns;
		set->cap = ncap;
	}
	s = &set->s[set->n++];
	memset(s, 0, sizeof(*s));
	snprintf(s->title, sizeof(s->title), "%s", title);
	s->with = with;
	s->with2 = with2;
	s->panel = panel;
	s->ncols = ncols;
	return s;
}

/* The series of this title and panel, created when new. */
struct plot_series *
plot_series_get(struct plot_set *set, const char *title, const char *with,
		const char *with2, int panel, size_t ncols)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (set->s[i].panel == panel &&
		    strcmp(set->s[i].title, title) == 0)
			return &set->s[i];
	return plot_series_add(set, title, with, with2, panel, ncols);
}

/* Append one row of s->ncols numbers; 0 or -ENOMEM. */
int
plot_row(struct plot_series *s, const double *row)
{
	if (s->n == s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 32;
		double *nv = realloc(s->v, ncap * s->ncols * sizeof(*nv));

		if (nv == NULL)
			return -ENOMEM;
		s->v = nv;
		s->cap = ncap;
	}
	memcpy(&s->v[s->n * s->ncols], row, s->ncols * sizeof(*row));
	s->n++;
	return 0;
}

int
plot_row2(struct plot_series *s, double x, double y)
{
	double row[2] = { x, y };

	return plot_row(s, row);
}

static int
plot_cmp_first(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Sort a series' rows by their first column. */
void
plot_series_sort(struct plot_series *s)
{
	qsort(s->v, s->n, s->ncols * sizeof(*s->v), plot_cmp_first);
}

void
plot_set_free(struct plot_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		free(set->s[i].v);
	free(set->s);
	set->s = NULL;
	set->n = set->cap = 0;
}

/* Drop the series without rows. */
void
plot_set_compact(struct plot_set *set)
{
	size_t i, j = 0;

	for (i = 0; i < set->n; i++) {
		if (set->s[i].n == 0)
			free(set->s[i].v);
		else
			set->s[j++] = set->s[i];
	}
	set->n = j;
}

/* --- reading cells --- */

int
plot_need_rows(const struct csv_table *t, char *err, size_t err_len)
{
	if (t->nb_rows == 0)
		return plot_fail(-EINVAL, err, err_len,
				 "%s:2: no data rows after the header", t->path);
	return 0;
}

/* Column indices of names[0..n-1] in t, which must have data rows. */
int
plot_cols(const struct csv_table *t, const char *const *names, size_t n,
	  long *idx, char *err, size_t err_len)
{
	size_t i;

	for (i = 0; i < n; i++) {
		idx[i] = csv_table_column(t, names[i], err, err_len);
		if (idx[i] < 0)
			return (int)idx[i];
	}
	return plot_need_rows(t, err, err_len);
}



/*
 * A rate.csv row that is a DUT figure: a file without the result_kind
 * column (older files), or "measured" there (docs/results.md).  Rows of
 * tester-bound lower bounds and searches without a result are left out.
 */
bool
plot_row_measured(const struct csv_table *t, size_t r)
{
	long c = csv_table_column(t, "result_kind", NULL, 0);
	const char *kind;

	if (c < 0)
		return true;
	kind = csv_table_cell(t, r, (size_t)c);
	return kind != NULL && strcmp(kind, "measured") == 0;
}

/* --- rate.csv --- */

static int
plot_tput_cmp(const void *a, const void *b)
{
	const struct plot_tput *x = a, *y = b;
	int c = strcmp(x->dir, y->dir);

	if (c != 0)
		return c;
	c = strcmp(x->mix, y->mix);
	if (c != 0)
		return c;
	if (x->size_b != y->size_b)
		return (x->size_b > y->size_b) - (x->size_b < y->size_b);
	return (x->rate_fps > y->rate_fps) - (x->rate_fps < y->rate_fps);
}

/* Every (Dir, Size, rate) of the inputs into *out (malloc'ed). */
int
plot_tput_read(const struct plot_input *in, size_t n, struct plot_tput **out,
	       size_t *count, char *err, size_t err_len)
{
	static const char *const names[] = { "Size", "Dir", "rate" };
	struct plot_tput *p;
	size_t i, r, total = 0, k = 0;
	long col[3];
	int rc;

	for (i = 0; i < n; i++)
		total += in[i].t->nb_rows;
	p = calloc(total + 1, sizeof(*p));
	if (p == NULL)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const struct csv_table *t = in[i].t;
		char mix[IMIX_NOTE_MAX];
		double mean_b = 0;

		double lo = 0, hi = 0;

		rc = plot_cols(t, names, 3, col, err, err_len);
		if (rc == 0)
			rc = plot_runinfo_imix(t->path, mix, &mean_b, err,
					       err_len);
		if (rc == 0)
			rc = plot_run_speed(t->path, &lo, &hi, err, err_len);
		for (r = 0; rc == 0 && r < t->nb_rows; r++) {
			const char *dir;

			if (!plot_row_measured(t, r))
				continue;
			snprintf(p[k].mix, sizeof(p[k].mix), "%s", mix);

			rc = csv_table_number(t, r, col[0], false, &p[k].size_b,
					      err, err_len);
			if (rc == 0 && p[k].size_b <= 0)
				rc = plot_fail(-EINVAL, err, err_len,
					       "%s:%lu: column 'Size': %g is not a frame size",
					       t->path, t->lineno[r], p[k].size_b);
			if (rc == 0)
				rc = csv_table_text(t, r, col[1], &dir, err,
						    err_len);
			if (rc == 0 && strlen(dir) >= sizeof(p[k].dir))
				rc = plot_fail(-EINVAL, err, err_len,
					       "%s:%lu: column 'Dir': '%s' is not a direction",
					       t->path, t->lineno[r], dir);
			if (rc == 0) {
				strcpy(p[k].dir, dir);
				rc = csv_table_number(t, r, col[2], false,
						      &p[k].rate_fps, err,
						      err_len);
			}
			p[k].mean_b = mix[0] != '\0' ? mean_b : p[k].size_b;
			p[k].link_lo_mbps = lo;
			p[k].link_hi_mbps = hi;
			k++;
		}
		if (rc != 0) {
			free(p);
			return rc;
		}
	}
	qsort(p, k, sizeof(*p), plot_tput_cmp);
	*out = p;
	*count = k;
	return 0;
}

/* The values of column o->column of in (at least min of them; rows that
 * are no DUT figure left out, plot_row_measured). */
long
plot_values(const struct plot_input *in, const char *column, size_t min,
	    double **v, char *err, size_t err_len)
{
	const struct csv_table *t = in->t;
	long col;
	size_t r, k = 0;
	int rc;

	*v = NULL;
	col = csv_table_column(t, column, err, err_len);
	if (col < 0)
		return col;
	rc = plot_need_rows(t, err, err_len);
	if (rc == 0 && t->nb_rows < min)
		rc = plot_fail(-EINVAL, err, err_len,
			       "%s:%lu: at least %zu rows needed, found %zu",
			       t->path, t->lineno[t->nb_rows - 1], min,
			       t->nb_rows);
	if (rc != 0)
		return rc;
	*v = malloc(t->nb_rows * sizeof(**v));
	if (*v == NULL)
		return plot_fail(-ENOMEM, err, err_len, "out of memory");
	for (r = 0; r < t->nb_rows; r++) {
		if (!plot_row_measured(t, r))
			continue;
		rc = csv_table_number(t, r, col, false, &(*v)[k++], err,
				      err_len);
		if (rc != 0)
			break;
	}
	if (rc == 0 && k < min)
		rc = plot_fail(-EINVAL, err, err_len,
			       "%s: at least %zu measured rows needed, found %zu "
			       "(rows whose result_kind is not 'measured' are "
			       "left out)", t->path, min, k);
	if (rc != 0) {
		free(*v);
		*v = NULL;
		return rc;
	}
	return (long)k;
}

/* --- run.json: the link speed --- */

/*
 * A speed in a run.json record: *mbps = the value, left as it is for null
 * or an absent key; -EINVAL for anything but a positive integer.
 */
static int
plot_speed_value(const json_t *v, const char *path, unsigned long line,
		 const char *key, double *mbps, char *err, size_t err_len)
{
	char *text;
	int rc;

	if (v == NULL || json_is_null(v))
		return 0;
	if (json_is_integer(v) && json_integer_value(v) > 0) {
		*mbps = (double)json_integer_value(v);
		return 0;
	}
	text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	rc = plot_fail(-EINVAL, err, err_len,
		       "%s:%lu: %s: %s is not a speed in Mbit/s (a positive "
		       "integer or null)", path, line, key,
		       text != NULL ? text : "?");
	free(text);
	return rc;
}

/* One record's link speed (0: none): link_speed_mbps, else its lowest
 * ports[].speed_mbps. */
static int
plot_record_speed(const json_t *o, const char *path, unsigned long line,
		  double *mbps, char *err, size_t err_len)
{
	const json_t *ports = json_object_get(o, "ports"), *p;
	char key[64];
	double v;
	size_t i;
	int rc;

	*mbps = 0;
	rc = plot_speed_value(json_object_get(o, "link_speed_mbps"), path, line,
			      "link_speed_mbps", mbps, err, err_len);
	if (rc != 0 || *mbps > 0 || ports == NULL || json_is_null(ports))
		return rc;
	if (!json_is_array(ports))
		return plot_fail(-EINVAL, err, err_len,
				 "%s:%lu: ports: not an array", path, line);
	json_array_foreach(ports, i, p) {
		v = 0;
		snprintf(key, sizeof(key), "ports[%zu].speed_mbps", i);
		if (!json_is_object(p))
			return plot_fail(-EINVAL, err, err_len,
					 "%s:%lu: ports[%zu]: not an object",
					 path, line, i);
		rc = plot_speed_value(json_object_get(p, "speed_mbps"), path,
				      line, key, &v, err, err_len);
		if (rc != 0)
			return rc;
		if (v > 0 && (*mbps == 0 || v < *mbps))
			*mbps = v;
	}
	return 0;
}

/* run.json beside csv file csv into buf. */
static void
plot_runinfo_path(const char *csv, char *buf, size_t len)
{
	const char *slash = strrchr(csv, '/');

	snprintf(buf, len, "%.*s%srun.json",
		 slash != NULL ? (int)(slash - csv) : 0, csv,
		 slash != NULL ? "/" : "");
}

/*
 * fn(ctx, record, path, line, err) on each record of run.json file path
 * (JSON Lines) until it returns < 0.  The largest fn returned (0 when
 * none), -ENOENT no such file, -EINVAL (err set) or -ENOMEM.
 */
static int
plot_runinfo_each(const char *path,
		  int (*fn)(void *ctx, const json_t *o, const char *path,
			    unsigned long line, char *err, size_t err_len),
		  void *ctx, char *err, size_t err_len)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned long lineno = 0;
	json_error_t je;
	json_t *o;
	int rc = 0, r;

	if (f == NULL)
		return -errno;
	while (rc >= 0 && getline(&line, &cap, f) >= 0) {
		lineno++;
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		o = json_loads(line, 0, &je);
		if (o == NULL || !json_is_object(o)) {
			rc = plot_fail(-EINVAL, err, err_len,
				       "%s:%lu: not a JSON object: %s", path,
				       lineno, o == NULL ? je.text :
				       "another JSON value");
		} else {
			r = fn(ctx, o, path, lineno, err, err_len);
			rc = r < 0 || r > rc ? r : rc;
		}
		json_decref(o);
	}
	free(line);
	fclose(f);
	return rc;
}

struct plot_speeds {
	double lo, hi;
};

/* One record's speed into the lowest and highest: 1 found, 0 none. */
static int
plot_speed_each(void *ctx, const json_t *o, const char *path,
		unsigned long line, char *err, size_t err_len)
{
	struct plot_speeds *sp = ctx;
	double v;

	if (plot_record_speed(o, path, line, &v, err, err_len) < 0)
		return -EINVAL;
	if (v <= 0)
		return 0;
	sp->lo = sp->lo == 0 || v < sp->lo ? v : sp->lo;
	sp->hi = v > sp->hi ? v : sp->hi;
	return 1;
}

/*
 * The lowest and highest link speed (Mbit/s) of the records of run.json
 * file path: 1 found, 0 none recorded, -ENOENT no such file, -EINVAL (err
 * set) or -ENOMEM.
 */
static int
plot_runinfo_speed(const char *path, double *lo, double *hi, char *err,
		   size_t err_len)
{
	struct plot_speeds sp = { 0, 0 };
	int rc = plot_runinfo_each(path, plot_speed_each, &sp, err, err_len);

	*lo = sp.lo;
	*hi = sp.hi;
	return rc;
}

/* The mixes of a run.json's records: the first one's and whether all
 * agree (docs/results.md: imix null, or an object with its name). */
struct plot_mixes {
	int records;
	char first[IMIX_NOTE_MAX];
	double mean_b;
	unsigned long first_line;
};

static int
plot_mix_each(void *ctx, const json_t *o, const char *path,
	      unsigned long line, char *err, size_t err_len)
{
	struct plot_mixes *mx = ctx;
	const json_t *m = json_object_get(o, "imix");
	const json_t *name = json_object_get(m, "name");
	const json_t *note = json_object_get(m, "note");
	const json_t *mean = json_object_get(m, "mean_l2_b");
	const char *this = "";

	/* RFC 6985's notation; a file written before it has the name only */
	if (json_is_string(note) && json_string_length(note) > 0 &&
	    json_string_length(note) < IMIX_NOTE_MAX)
		name = note;
	if (m != NULL && !json_is_null(m)) {
		if (!json_is_string(name) || json_string_length(name) == 0 ||
		    json_string_length(name) >= IMIX_NOTE_MAX ||
		    !json_is_number(mean) || !(json_number_value(mean) > 0))
			return plot_fail(-EINVAL, err, err_len,
					 "%s:%lu: imix: not null nor an object "
					 "with a name and a positive mean_l2_b",
					 path, line);
		this = json_string_value(name);
	}
	if (mx->records++ == 0) {
		snprintf(mx->first, sizeof(mx->first), "%s", this);
		mx->mean_b = this[0] ? json_number_value(mean) : 0;
		mx->first_line = line;
		return 0;
	}
	if (strcmp(mx->first, this) == 0)
		return 0;
	return plot_fail(-EINVAL, err, err_len,
			 "%s: line %lu sends %s%s, line %lu %s%s: the rows of "
			 "its rate.csv cannot be told apart by mix (a mix's "
			 "Size is its rounded mean); plot each mix from a "
			 "directory of its own", path, mx->first_line,
			 mx->first[0] ? "the mix " : "one size", mx->first,
			 line, this[0] ? "the mix " : "one size", this);
}

int
plot_runinfo_imix(const char *csv, char *mix, double *mean_b, char *err,
		  size_t err_len)
{
	struct plot_mixes mx = { 0 };
	char path[4200];
	int rc;

	plot_runinfo_path(csv, path, sizeof(path));
	rc = plot_runinfo_each(path, plot_mix_each, &mx, err, err_len);
	mix[0] = '\0';
	*mean_b = 0;
	if (rc == -ENOENT || rc == 0) {
		snprintf(mix, IMIX_NOTE_MAX, "%s", mx.first);
		*mean_b = mx.mean_b;
		return 0;
	}
	if (rc == -ENOMEM)
		return plot_fail(rc, err, err_len, "out of memory");
	if (rc == -EINVAL)
		return rc;
	/* a run.json there that cannot be read (not its absence) */
	return plot_fail(-EINVAL, err, err_len, "%s: %s", path, strerror(-rc));
}

int
plot_run_speed(const char *csv, double *lo_mbps, double *hi_mbps, char *err,
	       size_t err_len)
{
	char path[4096 + 16];
	int rc;

	plot_runinfo_path(csv, path, sizeof(path));
	rc = plot_runinfo_speed(path, lo_mbps, hi_mbps, err, err_len);
	if (rc == -EINVAL || rc == -ENOMEM)
		return rc;
	if (rc < 0)
		*lo_mbps = *hi_mbps = 0;	/* no run.json: no speed */
	return 0;
}

int
plot_link_speed(const struct plot_input *in, size_t n, double *gbps,
		struct strbuf *notes, char *err, size_t err_len)
{
	double lo = 0, hi = 0, flo, fhi;
	char path[sizeof(in->t->path) + 16];
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		const char *csv = in[i].t->path;

		plot_runinfo_path(csv, path, sizeof(path));
		rc = plot_runinfo_speed(path, &flo, &fhi, err, err_len);
		if (rc == -EINVAL)
			return rc;
		if (rc == -ENOMEM)
			return plot_fail(rc, err, err_len, "out of memory");
		if (rc < 0)
			strbuf_printf(notes, "%s: %s: no link speed for %s\n",
				    path, strerror(-rc), csv);
		else if (rc == 0)
			strbuf_printf(notes, "%s: no link speed recorded "
				    "(link_speed_mbps and the ports' speed_mbps "
				    "null or absent)\n", path);
		if (rc <= 0)
			continue;
		lo = lo == 0 || flo < lo ? flo : lo;
		hi = fhi > hi ? fhi : hi;
	}
	*gbps = lo / 1000.0;
	if (lo == 0)
		strbuf_printf(notes, "no link speed in run.json: no line rate "
			    "drawn (--link-gbps sets one)\n");
	else if (hi > lo)
		strbuf_printf(notes, "the runs' link speeds differ, %g to %g "
			    "Gbit/s: each size's line rate is at the lowest "
			    "speed of that size's own runs\n",
			    lo / 1000.0, hi / 1000.0);
	if (notes->oom)
		return plot_fail(-ENOMEM, err, err_len, "out of memory");
	return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csv: append-only result files and strict reading of one numeric column.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "dutperf/cfg.h"
#include "dutperf/csv.h"
#include "dutperf/text.h"

/*
 * Cut f back to size start after a failed write of what (a row, record or
 * header; partly written: incomplete): the file holds whole lines only.
 * err already says what failed; this adds whether the line is gone.
 */
static void
csv_cut_back(struct csv_file *f, off_t start, bool incomplete,
	     const char *what, char *err, size_t err_len)
{
	const char *adj = incomplete ? "incomplete " : "";
	size_t used = err != NULL ? strnlen(err, err_len) : 0;
	int rc;

	do {
		rc = ftruncate(f->fd, start);
	} while (rc < 0 && errno == EINTR);
	if (err == NULL || used + 1 >= err_len)
		return;
	if (rc == 0)
		snprintf(err + used, err_len - used,
			 "; the %s%s was removed", adj, what);
	else
		snprintf(err + used, err_len - used,
			 "; the %s%s is left (ftruncate: %s)", adj, what,
			 strerror(errno));
}

/*
 * One write(2) of buf, then fdatasync; a short write is an error (never
 * completed later).  On any error the file is cut back to its size before
 * the write (ftruncate), so that it holds the line whole or not at all.
 */
static int
csv_write_once(struct csv_file *f, const char *buf, size_t len,
	       const char *what, char *err, size_t err_len)
{
	struct stat st;
	ssize_t w;
	int e;

	/* O_APPEND: the line lands at the end, and we are the only writer */
	if (fstat(f->fd, &st) < 0)
		return cfg_errf_rc(-errno, err, err_len, "%s: fstat: %s",
				   f->path, strerror(errno));
	do {
		w = write(f->fd, buf, len);
	} while (w < 0 && errno == EINTR);
	if (w < 0) {
		e = errno;
		return cfg_errf_rc(-e, err, err_len,
				   "%s: write: %s; the %s was not written",
				   f->path, strerror(e), what);
	}
	if ((size_t)w != len) {
		cfg_errf_rc(-EIO, err, err_len,
			    "%s: short write: %zd of %zu bytes (disk full?)",
			    f->path, w, len);
		csv_cut_back(f, st.st_size, true, what, err, err_len);
		return -EIO;
	}
	if (fdatasync(f->fd) < 0) {
		e = errno;
		cfg_errf_rc(-e, err, err_len, "%s: fdatasync: %s", f->path,
			    strerror(e));
		csv_cut_back(f, st.st_size, false, what, err, err_len);
		return -e;
	}
	return 0;
}

/* Write line + "\n" as one write(2); the line must not contain a newline. */
static int
csv_write_line(struct csv_file *f, const char *line, const char *what,
	       char *err, size_t err_len)
{
	char stackbuf[1024], *buf = stackbuf;
	size_t len;
	int rc;

	if (line == NULL || strpbrk(line, "\r\n") != NULL)
		return cfg_errf(err, err_len,
				"%s: a row must be one line without newlines",
				f->path);
	len = strlen(line);
	if (len + 1 > sizeof(stackbuf)) {
		buf = malloc(len + 1);
		if (buf == NULL)
			return cfg_errf_rc(-ENOMEM, err, err_len, "%s: out of memory",
					   f->path);
	}
	memcpy(buf, line, len);
	buf[len] = '\n';
	rc = csv_write_once(f, buf, len + 1, what, err, err_len);
	if (buf != stackbuf)
		free(buf);
	return rc;
}

int
csv_open(struct csv_file *f, const char *path, const char *header,
	 char *err, size_t err_len)
{
	struct stat st;
	int rc;

	f->fd = -1;
	f->path[0] = '\0';
	f->what = "row";
	if (path == NULL || path[0] == '\0')
		return cfg_errf(err, err_len, "empty CSV file name");
	if (strlen(path) >= sizeof(f->path))
		return cfg_errf_rc(-ENAMETOOLONG, err, err_len,
				   "CSV file name too long");
	strcpy(f->path, path);
	f->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (f->fd < 0)
		return cfg_errf_rc(-errno, err, err_len, "%s: %s", path,
				   strerror(errno));
	if (fstat(f->fd, &st) < 0) {
		rc = cfg_errf_rc(-errno, err, err_len, "%s: fstat: %s", path,
				 strerror(errno));
		csv_close(f);
		return rc;
	}
	if (st.st_size == 0 && header != NULL) {
		rc = csv_write_line(f, header, "header", err, err_len);
		if (rc < 0) {
			csv_close(f);
			return rc;
		}
	}
	return 0;
}

int
csv_append(struct csv_file *f, const char *line, char *err, size_t err_len)
{
	if (f == NULL || f->fd < 0)
		return cfg_errf_rc(-EBADF, err, err_len, "CSV file not open");
	return csv_write_line(f, line, f->what, err, err_len);
}

void
csv_close(struct csv_file *f)
{
	if (f != NULL && f->fd >= 0) {
		close(f->fd);
		f->fd = -1;
	}
}

int
csv_mkdirs(const char *path, char *err, size_t err_len)
{
	char buf[PATH_MAX];
	struct stat st;
	size_t len, i;

	if (path == NULL || path[0] == '\0')
		return cfg_errf(err, err_len, "empty directory name");
	len = strlen(path);
	if (len >= sizeof(buf))
		return cfg_errf_rc(-ENAMETOOLONG, err, err_len,
				   "directory name too long");
	memcpy(buf, path, len + 1);
	/* Create each prefix that ends before a '/' and finally the whole. */
	for (i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		if (buf[i - 1] == '/')	/* "//" or a trailing slash */
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0755) < 0) {
			int e = errno;

			if (e != EEXIST)
				return cfg_errf_rc(-e, err, err_len, "mkdir %s: %s",
						   buf, strerror(e));
			if (stat(buf, &st) < 0)
				return cfg_errf_rc(-errno, err, err_len,
						   "%s: %s", buf, strerror(errno));
			if (!S_ISDIR(st.st_mode))
				return cfg_errf_rc(-ENOTDIR, err, err_len,
						   "%s: not a directory", buf);
		}
		if (i < len)
			buf[i] = '/';
	}
	return 0;
}

static int
csv_is_blank(const char *s)
{
	return s[strspn(s, " \t\r\n")] == '\0';
}

/*
 * Open path and read its header line (without a UTF-8 BOM) into *line
 * (getline buffer, caller frees) and *fp.
 */
static int
csv_open_header(const char *path, FILE **fp, char **line, size_t *cap,
		char *err, size_t err_len)
{
	ssize_t r;

	*fp = fopen(path, "re");
	if (*fp == NULL)
		return cfg_errf_rc(-errno, err, err_len, "%s: %s", path,
				   strerror(errno));
	errno = 0;
	r = getline(line, cap, *fp);
	if (r < 0 || csv_is_blank(*line)) {
		int rc = errno != 0 ? -errno : -EINVAL;

		fclose(*fp);
		*fp = NULL;
		return cfg_errf_rc(rc, err, err_len, "%s:1: no header line",
				   path);
	}
	if (strncmp(*line, "\xef\xbb\xbf", 3) == 0)
		memmove(*line, *line + 3, strlen(*line + 3) + 1);
	return 0;
}

/*
 * The next comma-separated field of *p, trimmed and cut off in place;
 * NULL after the last one.
 */
static char *
csv_next_field(char **p)
{
	char *field = *p, *comma;

	if (field == NULL)
		return NULL;
	comma = strchr(field, ',');
	if (comma != NULL) {
		*comma = '\0';
		*p = comma + 1;
	} else {
		*p = NULL;
	}
	return text_trim(field);
}

/* "a, b, c" from a header line (modifies it). */
static int
csv_join_header(char *header, char *buf, size_t len)
{
	size_t n = 0, used = 0;
	char *p = header, *field;

	if (len > 0)
		buf[0] = '\0';
	while ((field = csv_next_field(&p)) != NULL) {
		int w = snprintf(buf + used, used < len ? len - used : 0, "%s%s",
				 n > 0 ? ", " : "", field);

		if (w > 0)
			used += (size_t)w;
		n++;
	}
	return (int)(n > INT_MAX ? INT_MAX : n);
}

int
csv_columns(const char *path, char *buf, size_t len, char *err, size_t err_len)
{
	char *line = NULL;
	size_t cap = 0;
	FILE *fp;
	int rc;

	rc = csv_open_header(path, &fp, &line, &cap, err, err_len);
	if (rc == 0) {
		rc = csv_join_header(line, buf, len);
		fclose(fp);
	}
	free(line);
	return rc;
}

/* Index of column name in the header, or -EINVAL naming the columns. */
static long
csv_find_column(const char *path, char *header, const char *name,
		char *err, size_t err_len)
{
	char *copy, *p = header, *field;
	long idx;

	copy = strdup(header);
	if (copy == NULL)
		return cfg_errf_rc(-ENOMEM, err, err_len, "out of memory");
	for (idx = 0; (field = csv_next_field(&p)) != NULL; idx++) {
		if (strcmp(field, name) == 0) {
			free(copy);
			return idx;
		}
	}
	if (err != NULL && err_len > 0) {
		char cols[1024];

		csv_join_header(copy, cols, sizeof(cols));
		snprintf(err, err_len, "%s: column '%s' not found; columns: %s",
			 path, name, cols);
	}
	free(copy);
	return -EINVAL;
}

static int
csv_push(double **values, size_t *n, size_t *cap, double v)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		double *nv = realloc(*values, ncap * sizeof(*nv));

		if (nv == NULL)
			return -ENOMEM;
		*values = nv;
		*cap = ncap;
	}
	(*values)[(*n)++] = v;
	return 0;
}

/* A trimmed field as a whole finite number; 0 or -EINVAL with err set. */
static int
csv_parse_number(const char *path, unsigned long lineno, const char *name,
		 const char *field, double *v, char *err, size_t err_len)
{
	char *end;

	if (field[0] == '\0')
		return cfg_errf(err, err_len,
				"%s:%lu: column '%s': empty value", path, lineno,
				name);
	errno = 0;
	*v = strtod(field, &end);
	if (end == field || *end != '\0')
		return cfg_errf(err, err_len,
				"%s:%lu: column '%s': '%s' is not a number",
				path, lineno, name, field);
	if (errno == ERANGE || !isfinite(*v))
		return cfg_errf(err, err_len,
				"%s:%lu: column '%s': '%s' is out of range",
				path, lineno, name, field);
	return 0;
}

/* Parse one data line; 0 or -EINVAL with err set. */
static int
csv_parse_row(const char *path, unsigned long lineno, char *line, long col,
	      const char *name, double *v, char *err, size_t err_len)
{
	char *end, *p = line;
	long i;

	/* Skip to field col, then split it off. */
	for (i = 0; i < col; i++) {
		p = strchr(p, ',');
		if (p == NULL)
			return cfg_errf(err, err_len,
					"%s:%lu: column '%s': missing (only %ld fields)",
					path, lineno, name, i + 1);
		p++;
	}
	end = strchr(p, ',');
	if (end != NULL)
		*end = '\0';
	return csv_parse_number(path, lineno, name, text_trim(p), v, err,
				err_len);
}

/*
 * The next data line of fp into *line, skipping blank lines at the end:
 * 1, 0 at the end of the file, or -errno with err set (also for a blank
 * line followed by data).  *lineno counts the lines read.
 */
static int
csv_next_row(FILE *fp, const char *path, char **line, size_t *cap,
	     unsigned long *lineno, unsigned long *blank_at, char *err,
	     size_t err_len)
{
	int e;

	for (;;) {
		errno = 0;
		if (getline(line, cap, fp) < 0) {
			e = errno;
			return e == 0 ? 0 : cfg_errf_rc(-e, err, err_len, "%s: %s",
							path, strerror(e));
		}
		(*lineno)++;
		if (csv_is_blank(*line)) {
			if (*blank_at == 0)
				*blank_at = *lineno;
			continue;
		}
		if (*blank_at != 0)
			return cfg_errf(err, err_len,
					"%s:%lu: blank line inside the data",
					path, *blank_at);
		return 1;
	}
}

long
csv_read_column(const char *path, const char *name, double **values,
		char *err, size_t err_len)
{
	unsigned long lineno = 1, blank_at = 0;
	size_t n = 0, cap = 0;
	char *line = NULL;
	size_t lcap = 0;
	double *v = NULL;
	long col, rc = 0;
	FILE *fp;

	*values = NULL;
	if (name == NULL || name[0] == '\0')
		return cfg_errf(err, err_len, "empty column name");
	rc = csv_open_header(path, &fp, &line, &lcap, err, err_len);
	if (rc < 0) {
		free(line);
		return rc;
	}
	col = csv_find_column(path, line, name, err, err_len);
	if (col < 0) {
		rc = col;
		goto out;
	}
	for (;;) {
		double x = 0.0;

		rc = csv_next_row(fp, path, &line, &lcap, &lineno, &blank_at,
				  err, err_len);
		if (rc <= 0)
			break;
		rc = csv_parse_row(path, lineno, line, col, name, &x, err,
				   err_len);
		if (rc < 0)
			break;
		rc = csv_push(&v, &n, &cap, x);
		if (rc < 0) {
			cfg_errf_rc(rc, err, err_len, "%s: out of memory",
				    path);
			break;
		}
	}
out:
	fclose(fp);
	free(line);
	if (rc < 0) {
		free(v);
		return rc;
	}
	*values = v;
	return (long)n;
}

/* Append a copy of line to t->lines (and its line number); 0 or -ENOMEM. */
static int
csv_table_push_line(struct csv_table *t, size_t *cap, const char *line,
		    unsigned long lineno)
{
	if (t->nb_rows == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		char **nl = realloc(t->lines, ncap * sizeof(*nl));
		unsigned long *nn;

		if (nl == NULL)
			return -ENOMEM;
		t->lines = nl;
		nn = realloc(t->lineno, ncap * sizeof(*nn));
		if (nn == NULL)
			return -ENOMEM;
		t->lineno = nn;
		*cap = ncap;
	}
	t->lines[t->nb_rows] = strdup(line);
	if (t->lines[t->nb_rows] == NULL)
		return -ENOMEM;
	t->lineno[t->nb_rows++] = lineno;
	return 0;
}

/* Split the header and every row into t->cols and t->cells. */
static int
csv_table_split(struct csv_table *t)
{
	char *p, *field;
	size_t r, c;

	t->nb_cols = 1;
	for (p = t->header; (p = strchr(p, ',')) != NULL; p++)
		t->nb_cols++;
	t->cols = calloc(t->nb_cols, sizeof(*t->cols));
	t->cells = calloc(t->nb_rows * t->nb_cols + 1, sizeof(*t->cells));
	if (t->cols == NULL || t->cells == NULL)
		return -ENOMEM;
	p = t->header;
	for (c = 0; c < t->nb_cols; c++)
		t->cols[c] = csv_next_field(&p);
	for (r = 0; r < t->nb_rows; r++) {
		p = t->lines[r];
		for (c = 0; c < t->nb_cols; c++) {
			field = csv_next_field(&p);
			if (field == NULL)
				break;
			t->cells[r * t->nb_cols + c] = field;
		}
	}
	return 0;
}

int
csv_table_read(const char *path, struct csv_table *t, char *err,
	       size_t err_len)
{
	unsigned long lineno = 1, blank_at = 0;
	size_t lcap = 0, rcap = 0;
	char *line = NULL;
	FILE *fp;
	int rc;

	memset(t, 0, sizeof(*t));
	if (strlen(path) >= sizeof(t->path))
		return cfg_errf_rc(-ENAMETOOLONG, err, err_len,
				   "CSV file name too long");
	strcpy(t->path, path);
	rc = csv_open_header(path, &fp, &line, &lcap, err, err_len);
	if (rc < 0) {
		free(line);
		return rc;
	}
	t->header = strdup(line);
	if (t->header == NULL)
		rc = -ENOMEM;
	while (rc == 0) {
		rc = csv_next_row(fp, path, &line, &lcap, &lineno, &blank_at,
				  err, err_len);
		if (rc <= 0)
			break;
		rc = csv_table_push_line(t, &rcap, line, lineno);
	}
	fclose(fp);
	free(line);
	if (rc == 0)
		rc = csv_table_split(t);
	if (rc == -ENOMEM)
		cfg_errf_rc(rc, err, err_len, "%s: out of memory", path);
	if (rc < 0)
		csv_table_free(t);
	return rc;
}

void
csv_table_free(struct csv_table *t)
{
	size_t r;

	for (r = 0; r < t->nb_rows && t->lines != NULL; r++)
		free(t->lines[r]);
	free(t->lines);
	free(t->lineno);
	free(t->cells);
	free(t->cols);
	free(t->header);
	t->lines = NULL;
	t->lineno = NULL;
	t->cells = NULL;
	t->cols = NULL;
	t->header = NULL;
	t->nb_rows = 0;
	t->nb_cols = 0;
}

long
csv_table_column(const struct csv_table *t, const char *name, char *err,
		 size_t err_len)
{
	char *copy;
	size_t c;

	for (c = 0; c < t->nb_cols; c++)
		if (strcmp(t->cols[c], name) == 0)
			return (long)c;
	if (err != NULL && err_len > 0) {
		char cols[1024];
		size_t len = 1;

		/* The header was cut at its commas: join a copy again. */
		for (c = 0; c < t->nb_cols; c++)
			len += strlen(t->cols[c]) + 1;
		copy = malloc(len);
		if (copy == NULL)
			return cfg_errf_rc(-ENOMEM, err, err_len,
					   "out of memory");
		copy[0] = '\0';
		for (c = 0; c < t->nb_cols; c++)
			strcat(strcat(copy, c > 0 ? "," : ""), t->cols[c]);
		csv_join_header(copy, cols, sizeof(cols));
		free(copy);
		snprintf(err, err_len, "%s:1: column '%s' not found; columns: %s",
			 t->path, name, cols);
	}
	return -EINVAL;
}

const char *
csv_table_cell(const struct csv_table *t, size_t row, size_t col)
{
	if (row >= t->nb_rows || col >= t->nb_cols)
		return NULL;
	return t->cells[row * t->nb_cols + col];
}

int
csv_table_text(const struct csv_table *t, size_t row, size_t col,
	       const char **s, char *err, size_t err_len)
{
	*s = csv_table_cell(t, row, col);
	if (*s == NULL)
		return cfg_errf(err, err_len,
				"%s:%lu: column '%s': missing (the row is short)",
				t->path, t->lineno[row], t->cols[col]);
	if ((*s)[0] == '\0')
		return cfg_errf(err, err_len,
				"%s:%lu: column '%s': empty value", t->path,
				t->lineno[row], t->cols[col]);
	return 0;
}

int
csv_table_number(const struct csv_table *t, size_t row, size_t col,
		 bool empty_ok, double *v, char *err, size_t err_len)
{
	const char *s = csv_table_cell(t, row, col);

	if (s == NULL)
		return csv_table_text(t, row, col, &s, err, err_len);
	if (s[0] == '\0' && empty_ok)
		return 1;
	return csv_parse_number(t->path, t->lineno[row], t->cols[col], s, v,
				err, err_len);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csv: result files.  Appended, never truncated; a header only when the
 * file is new or empty; every row one write(2) of a complete line followed
 * by fdatasync, so an interrupted run leaves only complete rows.  A row
 * that cannot be written whole (disk full: a short write, or an error of
 * write or fdatasync) is cut off again (ftruncate to the size before it)
 * and reported: the file holds it whole or not at all.
 * Reading: comma separated, optional spaces after commas (siitperf).
 */
#ifndef DUTPERF_CSV_H
#define DUTPERF_CSV_H

#include <stdbool.h>
#include <stddef.h>

struct csv_file {
	int fd;
	const char *what;	/* a line in messages: "row" (csv_open's) */
	char path[4096];
};

/* Open (create) for appending; writes header + "\n" iff the file is empty. */
int csv_open(struct csv_file *f, const char *path, const char *header,
	     char *err, size_t err_len);
/* Append one row; line without its trailing newline. */
int csv_append(struct csv_file *f, const char *line, char *err, size_t err_len);
void csv_close(struct csv_file *f);

/* Create a directory and its parents (mode 0755); 0 if it exists. */
int csv_mkdirs(const char *path, char *err, size_t err_len);

/*
 * Read the numeric column `name` of a CSV file (header in the first line).
 * *values is malloc'ed; the caller frees it.  Returns the count or -errno
 * with err naming file, line and column.  Fields are split at commas and
 * trimmed of spaces and tabs (no quoting); the column is the first whose
 * trimmed name equals `name`; each value must be a whole finite strtod()
 * number.  Blank lines at the end are ignored, a blank line followed by
 * data is an error.  A missing column is -EINVAL with the columns listed.
 */
long csv_read_column(const char *path, const char *name, double **values,
		     char *err, size_t err_len);

/*
 * The column names of a CSV file's header, trimmed and joined by ", " into
 * buf (truncated to len).  Returns the number of columns or -errno.
 */
int csv_columns(const char *path, char *buf, size_t len,
		char *err, size_t err_len);

/*
 * A whole CSV file in memory, split the same way as csv_read_column (commas,
 * trimmed fields, no quoting; blank lines only at the end).  Cells are
 * strings; rows shorter than the header have NULL cells at the end.
 */
struct csv_table {
	char path[4096];
	char *header;		/* the header line, cut into cols */
	size_t nb_cols;
	char **cols;		/* trimmed column names */
	size_t nb_rows;		/* data rows (header and blank lines excluded) */
	char **lines;		/* each data row, cut into cells */
	unsigned long *lineno;	/* file line number of each data row */
	char **cells;		/* nb_rows * nb_cols */
};

/* Read path into t (header required, data rows may be none).  0 or -errno
 * with err naming the file (and line). */
int csv_table_read(const char *path, struct csv_table *t, char *err,
		   size_t err_len);
void csv_table_free(struct csv_table *t);
/* Index of column name, or -EINVAL with err "path:1: column 'x' not found;
 * columns: ..." (err NULL: an optional column, no message). */
long csv_table_column(const struct csv_table *t, const char *name, char *err,
		      size_t err_len);
/* A cell (trimmed, may be ""), or NULL where the row is short. */
const char *csv_table_cell(const struct csv_table *t, size_t row, size_t col);
/* A non-empty text cell: 0 or -EINVAL with err naming file, line, column. */
int csv_table_text(const struct csv_table *t, size_t row, size_t col,
		   const char **s, char *err, size_t err_len);
/* A numeric cell parsed as csv_read_column does: 0, or 1 when the cell is
 * empty and empty_ok (no value), or -EINVAL with err naming file, line and
 * column. */
int csv_table_number(const struct csv_table *t, size_t row, size_t col,
		     bool empty_ok, double *v, char *err, size_t err_len);

#endif /* DUTPERF_CSV_H */

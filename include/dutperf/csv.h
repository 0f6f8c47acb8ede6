/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csv: result files.  Appended, never truncated; a header only when the
 * file is new or empty; every row one write(2) of a complete line followed
 * by fdatasync, so an interrupted run leaves only complete rows.
 * Reading: comma separated, optional spaces after commas (siitperf).
 */
#ifndef DUTPERF_CSV_H
#define DUTPERF_CSV_H

#include <stddef.h>

/* siitperf's rate.csv header, byte for byte. */
#define CSV_RATE_HEADER \
	"No, Size, Dir, n, m, Duration, Initial Rate, Timeout, Error, Date, Iterations needed, rate"

struct csv_file {
	int fd;
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

#endif /* DUTPERF_CSV_H */

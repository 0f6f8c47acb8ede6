/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the csv module: append-only writing and column reading. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dutperf/csv.h"

UNIT_TMPDIR("test_csv")

static void
tmp_path(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", tmpdir, name);
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

static char *
read_all(const char *path)
{
	static char buf[8192];
	size_t n;
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void
test_header_once_and_append(void **state)
{
	struct csv_file f;
	char path[512], err[256];

	(void)state;
	tmp_path(path, sizeof(path), "a.csv");
	assert_int_equal(csv_open(&f, path, "x,rate", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "1,100", err, sizeof(err)), 0);
	csv_close(&f);
	assert_int_equal(f.fd, -1);
	assert_string_equal(read_all(path), "x,rate\n1,100\n");
	/* Reopened: no second header, old rows kept. */
	assert_int_equal(csv_open(&f, path, "x,rate", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "2,200", err, sizeof(err)), 0);
	csv_close(&f);
	assert_string_equal(read_all(path), "x,rate\n1,100\n2,200\n");
	/* An empty existing file gets the header. */
	tmp_path(path, sizeof(path), "empty.csv");
	write_file(path, "");
	assert_int_equal(csv_open(&f, path, "No, Size, rate", err, sizeof(err)),
			 0);
	csv_close(&f);
	assert_string_equal(read_all(path), "No, Size, rate\n");
}

static void
test_never_truncates(void **state)
{
	struct csv_file f;
	char path[512], err[256];

	(void)state;
	tmp_path(path, sizeof(path), "old.csv");
	write_file(path, "something else\nold row\n");
	assert_int_equal(csv_open(&f, path, "x,rate", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "3,300", err, sizeof(err)), 0);
	csv_close(&f);
	assert_string_equal(read_all(path),
			    "something else\nold row\n3,300\n");
}

static void
test_row_rules(void **state)
{
	struct csv_file f;
	char path[512], err[256], big[5000];

	(void)state;
	tmp_path(path, sizeof(path), "rules.csv");
	assert_int_equal(csv_open(&f, path, "h", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "a\nb", err, sizeof(err)), -EINVAL);
	/* A row longer than any stack buffer is still one complete line. */
	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(csv_append(&f, big, err, sizeof(err)), 0);
	csv_close(&f);
	assert_int_equal(strlen(read_all(path)), 2 + sizeof(big));
	assert_int_equal(csv_append(&f, "x", err, sizeof(err)), -EBADF);
	tmp_path(path, sizeof(path), "no/such/dir/x.csv");
	assert_int_equal(csv_open(&f, path, "h", err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "no/such/dir"));
}

/* RLIMIT_FSIZE of this process: the file size limit, SIGXFSZ ignored while
 * it is lower than the old one; returns the old limit. */
static struct rlimit
fsize_limit(off_t bytes)
{
	struct rlimit old, lim;

	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = (rlim_t)bytes;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	return old;
}

static void
fsize_restore(const struct rlimit *old)
{
	assert_int_equal(setrlimit(RLIMIT_FSIZE, old), 0);
	signal(SIGXFSZ, SIG_DFL);
}

static off_t
file_size(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_size;
}

/*
 * A row is one write(2): with a file size limit just past the current end,
 * the kernel accepts part of the row; csv_append reports the short write
 * instead of completing the row with a second write, and cuts the part
 * written off again (ftruncate): the file holds whole rows only.
 */
static void
test_short_write_detected(void **state)
{
	struct csv_file f;
	struct rlimit old;
	char path[512], want[600], err[256], err2[256];
	int rc, rc2;

	(void)state;
	tmp_path(path, sizeof(path), "short.csv");
	assert_int_equal(csv_open(&f, path, "hdr", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "a", err, sizeof(err)), 0);
	old = fsize_limit(file_size(path) + 4);
	rc = csv_append(&f, "0123456789", err, sizeof(err));
	fsize_restore(&old);
	/* At the limit: the next row gets no byte, nothing to cut off. */
	old = fsize_limit(file_size(path));
	rc2 = csv_append(&f, "next", err2, sizeof(err2));
	fsize_restore(&old);
	assert_int_equal(rc, -EIO);
	snprintf(want, sizeof(want), "%s: short write: 4 of 11 bytes (disk full?); "
		 "the incomplete row was removed", path);
	assert_string_equal(err, want);
	assert_int_equal(rc2, -EFBIG);
	snprintf(want, sizeof(want), "%s: write: %s; the row was not written",
		 path, strerror(EFBIG));
	assert_string_equal(err2, want);
	assert_string_equal(read_all(path), "hdr\na\n");
	/* The same descriptor appends whole rows again. */
	assert_int_equal(csv_append(&f, "ok", err, sizeof(err)), 0);
	csv_close(&f);
	assert_string_equal(read_all(path), "hdr\na\nok\n");
}

/* A header cut short: the file is empty again, the next open writes it. */
static void
test_short_header_removed(void **state)
{
	struct csv_file f;
	struct rlimit old;
	char path[512], err[256];
	int rc;

	(void)state;
	tmp_path(path, sizeof(path), "shorthdr.csv");
	old = fsize_limit(3);
	rc = csv_open(&f, path, "x,rate", err, sizeof(err));
	fsize_restore(&old);
	assert_int_equal(rc, -EIO);
	assert_int_equal(f.fd, -1);
	assert_non_null(strstr(err, "short write: 3 of 7 bytes (disk full?); "
			       "the incomplete header was removed"));
	assert_int_equal(file_size(path), 0);
	assert_int_equal(csv_open(&f, path, "x,rate", err, sizeof(err)), 0);
	csv_close(&f);
	assert_string_equal(read_all(path), "x,rate\n");
}

/* A JSON Lines file (run.json): the messages say record. */
static void
test_short_record_removed(void **state)
{
	struct csv_file f;
	struct rlimit old;
	char path[512], err[256];
	int rc;

	(void)state;
	tmp_path(path, sizeof(path), "run.json");
	assert_int_equal(csv_open(&f, path, NULL, err, sizeof(err)), 0);
	f.what = "record";
	assert_int_equal(csv_append(&f, "{\"a\":1}", err, sizeof(err)), 0);
	old = fsize_limit(file_size(path) + 5);
	rc = csv_append(&f, "{\"b\":\"long enough\"}", err, sizeof(err));
	fsize_restore(&old);
	csv_close(&f);
	assert_int_equal(rc, -EIO);
	assert_non_null(strstr(err, "short write: 5 of 20 bytes (disk full?); "
			       "the incomplete record was removed"));
	assert_string_equal(read_all(path), "{\"a\":1}\n");
}

/* /dev/full: every write fails with ENOSPC, nothing was written. */
static void
test_dev_full(void **state)
{
	struct csv_file f;
	char err[256];

	(void)state;
	assert_int_equal(csv_open(&f, "/dev/full", "h", err, sizeof(err)),
			 -ENOSPC);
	assert_string_equal(err, "/dev/full: write: No space left on device; "
			    "the header was not written");
	assert_int_equal(csv_open(&f, "/dev/full", NULL, err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "r", err, sizeof(err)), -ENOSPC);
	csv_close(&f);
	assert_string_equal(err, "/dev/full: write: No space left on device; "
			    "the row was not written");
}

/*
 * Where the part written cannot be cut off (a pipe: no ftruncate), the
 * message says that the incomplete row is left.  A non-blocking pipe of
 * one page with 100 bytes in it takes only part of a longer row.
 */
static void
test_cut_back_fails(void **state)
{
	struct csv_file f = { .what = "row", .path = "pipe" };
	char err[256], fill[100], row[6000];
	int p[2], rc;

	(void)state;
	assert_int_equal(pipe(p), 0);
	assert_true(fcntl(p[1], F_SETPIPE_SZ, 4096) >= 4096);
	assert_int_equal(fcntl(p[1], F_SETFL, O_NONBLOCK), 0);
	memset(fill, 'f', sizeof(fill));
	assert_int_equal(write(p[1], fill, sizeof(fill)), (ssize_t)sizeof(fill));
	memset(row, 'r', sizeof(row) - 1);
	row[sizeof(row) - 1] = '\0';
	f.fd = p[1];
	rc = csv_append(&f, row, err, sizeof(err));
	close(p[0]);
	close(p[1]);
	assert_int_equal(rc, -EIO);
	assert_non_null(strstr(err, "pipe: short write: "));
	assert_non_null(strstr(err, " of 6000 bytes (disk full?); the incomplete "
			       "row is left (ftruncate: Invalid argument)"));
}

static void
test_mkdirs(void **state)
{
	char path[512], err[256];
	struct stat st;

	(void)state;
	tmp_path(path, sizeof(path), "d1//d2/d3/");
	assert_int_equal(csv_mkdirs(path, err, sizeof(err)), 0);
	tmp_path(path, sizeof(path), "d1/d2/d3");
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(csv_mkdirs(path, err, sizeof(err)), 0);	/* exists */
	tmp_path(path, sizeof(path), "d1/file");
	write_file(path, "x");
	tmp_path(path, sizeof(path), "d1/file/sub");
	assert_int_equal(csv_mkdirs(path, err, sizeof(err)), -ENOTDIR);
	assert_int_equal(csv_mkdirs("", err, sizeof(err)), -EINVAL);
}

/* Independent parse: the last comma-separated field of each data line. */
static long
last_fields(const char *path, double *out, long max)
{
	char line[1024];
	long n = 0;
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));	/* header */
	while (fgets(line, sizeof(line), f) != NULL && n < max) {
		char *c = strrchr(line, ',');

		if (c != NULL)
			out[n++] = atof(c + 1);
	}
	fclose(f);
	return n;
}

static void
check_siitperf_file(const char *path)
{
	double *v, want[64];
	char err[512];
	long n, i, nw;

	nw = last_fields(path, want, 64);
	assert_int_equal(nw, 10);
	n = csv_read_column(path, "rate", &v, err, sizeof(err));
	assert_int_equal(n, nw);
	for (i = 0; i < n; i++)
		assert_true(v[i] == want[i]);
	free(v);
	/* a column name with a space */
	n = csv_read_column(path, "Initial Rate", &v, err, sizeof(err));
	assert_int_equal(n, 10);
	for (i = 0; i < n; i++)
		assert_true(v[i] == 200000);
	free(v);
}

static void
test_read_siitperf(void **state)
{
	char cols[1024], err[256];
	const char *shared = TEST_SOURCE_ROOT "/../shared/testdata/siitperf-rate.csv";
	const char *copy = TEST_DATA_DIR "/stats/siitperf-rate.csv";

	(void)state;
	check_siitperf_file(copy);
	if (access(shared, R_OK) == 0)
		check_siitperf_file(shared);
	else
		print_message("note: %s not found, checked the copy only\n",
			      shared);
	assert_int_equal(csv_columns(copy, cols, sizeof(cols), err,
				     sizeof(err)), 12);
	/* the names trimmed, joined by ", ": siitperf's header as is */
	assert_string_equal(cols, "No, Size, Dir, n, m, Duration, Initial Rate, "
			    "Timeout, Error, Date, Iterations needed, rate");
}

static void
test_read_own_format(void **state)
{
	char path[512], err[256];
	struct csv_file f;
	double *v;
	long n;

	(void)state;
	tmp_path(path, sizeof(path), "own.csv");
	assert_int_equal(csv_open(&f, path, "a,rate,b", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "x,1.5,y", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "x,-2e3,y", err, sizeof(err)), 0);
	assert_int_equal(csv_append(&f, "x, 7 ,", err, sizeof(err)), 0);
	csv_close(&f);
	n = csv_read_column(path, "rate", &v, err, sizeof(err));
	assert_int_equal(n, 3);
	assert_true(v[0] == 1.5 && v[1] == -2000 && v[2] == 7);
	free(v);

	/* header only: no values */
	tmp_path(path, sizeof(path), "hdr.csv");
	write_file(path, "\xef\xbb\xbfrate\r\n\n\n");
	n = csv_read_column(path, "rate", &v, err, sizeof(err));
	assert_int_equal(n, 0);
	assert_null(v);
	/* CRLF, BOM and blank trailing lines */
	write_file(path, "\xef\xbb\xbfrate\r\n1\r\n2\r\n\r\n  \n");
	n = csv_read_column(path, "rate", &v, err, sizeof(err));
	assert_int_equal(n, 2);
	assert_true(v[0] == 1 && v[1] == 2);
	free(v);
}

static void
expect_error(const char *text, const char *col, long rc, const char *msg1,
	     const char *msg2)
{
	char path[512], err[512];
	double *v = (double *)&v;
	long n;

	tmp_path(path, sizeof(path), "bad.csv");
	write_file(path, text);
	n = csv_read_column(path, col, &v, err, sizeof(err));
	if (n != rc || strstr(err, msg1) == NULL ||
	    (msg2 != NULL && strstr(err, msg2) == NULL))
		fail_msg("%s: got %ld '%s', want %ld '%s' '%s'", text, n, err,
			 rc, msg1, msg2 ? msg2 : "");
	assert_null(v);
	if (msg2 != NULL)
		assert_non_null(strstr(err, path));
}

static void
test_read_errors(void **state)
{
	(void)state;
	expect_error("a, b\n1, 2\n3, 4x\n", "b", -EINVAL, ":3:",
		     "column 'b': '4x' is not a number");
	expect_error("a,b\n1,2\n3,\n", "b", -EINVAL, ":3:", "empty value");
	expect_error("a,b\n1,2\n3\n", "b", -EINVAL, ":3:", "missing");
	expect_error("a,b\n1,nan\n", "b", -EINVAL, ":2:", "out of range");
	expect_error("a,b\n1,1e999\n", "b", -EINVAL, ":2:", "out of range");
	expect_error("a,b\n1,2\n\n3,4\n", "b", -EINVAL, ":3:", "blank line");
	expect_error("No, Size, rate\n1,2,3\n", "Rate", -EINVAL,
		     "column 'Rate' not found", "columns: No, Size, rate");
	expect_error("", "rate", -EINVAL, ":1:", "no header");
	expect_error("rate\n", "", -EINVAL, "empty column name", NULL);
}

static void
test_missing_file(void **state)
{
	char err[256];
	double *v;

	(void)state;
	assert_int_equal(csv_read_column("/nonexistent/x.csv", "rate", &v, err,
					 sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/nonexistent/x.csv"));
	assert_int_equal(csv_columns("/nonexistent/x.csv", err, sizeof(err),
				     err, sizeof(err)), -ENOENT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header_once_and_append),
		cmocka_unit_test(test_never_truncates),
		cmocka_unit_test(test_row_rules),
		cmocka_unit_test(test_short_write_detected),
		cmocka_unit_test(test_short_header_removed),
		cmocka_unit_test(test_short_record_removed),
		cmocka_unit_test(test_dev_full),
		cmocka_unit_test(test_cut_back_fails),
		cmocka_unit_test(test_mkdirs),
		cmocka_unit_test(test_read_siitperf),
		cmocka_unit_test(test_read_own_format),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_missing_file),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

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

static char tmpdir[256];

static int
setup(void **state)
{
	(void)state;
	strcpy(tmpdir, "/tmp/test_csv.XXXXXX");
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	(void)state;
	return unit_rmtree(tmpdir);
}

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
	assert_int_equal(csv_open(&f, path, CSV_RATE_HEADER, err, sizeof(err)),
			 0);
	csv_close(&f);
	assert_string_equal(read_all(path), CSV_RATE_HEADER "\n");
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

/*
 * A row is one write(2): with a file size limit just past the current end,
 * the kernel accepts part of the row and csv_append must report the short
 * write instead of completing the row with a second write.
 */
static void
test_short_write_detected(void **state)
{
	struct csv_file f;
	struct rlimit old, lim;
	struct stat st;
	char path[512], err[256];
	int rc;

	(void)state;
	tmp_path(path, sizeof(path), "short.csv");
	assert_int_equal(csv_open(&f, path, "hdr", err, sizeof(err)), 0);
	assert_int_equal(fstat(f.fd, &st), 0);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = (rlim_t)st.st_size + 4;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	rc = csv_append(&f, "0123456789", err, sizeof(err));
	/* The next row cannot be written at all. */
	assert_int_equal(csv_append(&f, "next", err, sizeof(err)), -EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	csv_close(&f);
	assert_int_equal(rc, -EIO);
	assert_string_equal(read_all(path), "hdr\n0123");
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
	assert_string_equal(cols, CSV_RATE_HEADER_SIITPERF);
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
		cmocka_unit_test(test_mkdirs),
		cmocka_unit_test(test_read_siitperf),
		cmocka_unit_test(test_read_own_format),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_missing_file),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the INI scanner (cfg_ini_scan, src/core/cfg/cfg_priv.h) on its
 * own, and of how cfg_load_ini reads values.  Every iniparser 4.1 quirk the
 * scanner reproduces is checked against iniparser_load() itself, so the
 * expected values are not only what the scanner thinks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <iniparser/iniparser.h>

#include "dutperf/cfg.h"
#include "cfg_priv.h"

#define FIXTURE(name) TEST_DATA_DIR "/cfg/" name
#define CONF(name) TEST_SOURCE_ROOT "/conf/" name
#define MAX_REC 16

UNIT_TMPDIR("test_cfg_ini")

static const char *
write_tmp(const char *name, const char *text)
{
	return unit_write_file(tmpdir, name, text);
}

/* What the scanner handed to the callback, line by line. */
struct rec_line {
	enum cfg_ini_kind kind;
	unsigned lineno;
	char section[64];
	char key[64];
	char text[CFG_INI_LINE_MAX + 1];
	char value[CFG_INI_LINE_MAX + 1];
};

struct rec {
	unsigned n;
	unsigned fail_at;	/* the callback fails on call fail_at (1 = first), 0 = never */
	struct rec_line l[MAX_REC];
};

static void
copy(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src != NULL ? src : "(null)");
}

static int
record(void *arg, const struct cfg_ini_line *l, char *err, size_t err_len)
{
	struct rec *r = arg;
	struct rec_line *x;

	assert_true(r->n < MAX_REC);
	x = &r->l[r->n++];
	x->kind = l->kind;
	x->lineno = l->lineno;
	copy(x->section, sizeof(x->section), l->section);
	if (l->kind == CFG_INI_KEY) {
		copy(x->key, sizeof(x->key), l->key);
		copy(x->text, sizeof(x->text), l->text);
		copy(x->value, sizeof(x->value), l->value);
	} else {
		assert_null(l->key);
		assert_null(l->text);
		assert_null(l->value);
	}
	if (r->n == r->fail_at) {
		cfg_errf(err, err_len, "callback stops at line %u", l->lineno);
		return -E2BIG;
	}
	return 0;
}

/* Scan text (a copy) as file "t.ini" into *r. */
static int
scan(const char *text, size_t len, struct rec *r, char *err)
{
	char *buf = malloc(len + 1);
	int rc;

	assert_non_null(buf);
	memcpy(buf, text, len);
	buf[len] = '\0';
	r->n = 0;
	err[0] = '\0';
	rc = cfg_ini_scan("t.ini", buf, len, record, r, err, CFG_ERR_LEN);
	free(buf);
	return rc;
}

static void
assert_key(const struct rec_line *x, unsigned lineno, const char *section,
	   const char *key, const char *text, const char *value)
{
	assert_int_equal(x->kind, CFG_INI_KEY);
	assert_int_equal(x->lineno, lineno);
	assert_string_equal(x->section, section);
	assert_string_equal(x->key, key);
	assert_string_equal(x->text, text);
	assert_string_equal(x->value, value);
}

static void
assert_section(const struct rec_line *x, unsigned lineno, const char *name)
{
	assert_int_equal(x->kind, CFG_INI_SECTION);
	assert_int_equal(x->lineno, lineno);
	assert_string_equal(x->section, name);
}

/* ----------------------------------------------------------- the scanner */

static void
test_scan_lines(void **state)
{
	static const char text[] =
		"; comment = not a key\n"	/* 1 */
		"  # comment [traffic]\n"	/* 2 */
		"\n"				/* 3 */
		"[traffic]\n"			/* 4 */
		"\trate_fps\t=\t12 \r\n"	/* 5: blanks, CRLF */
		"   \r\n"			/* 6: blank */
		" [output]  \n"			/* 7 */
		"dir=x;y\n"			/* 8: inline comment, no blanks */
		"[traffic]\n"			/* 9: a section again */
		"m = 1 = 2\n"			/* 10: '=' in the value */
		"n =";				/* 11: empty, no final LF */
	char err[CFG_ERR_LEN];
	struct rec r = { 0 };

	(void)state;
	assert_int_equal(scan(text, sizeof(text) - 1, &r, err), 0);
	assert_int_equal(r.n, 7);
	assert_section(&r.l[0], 4, "traffic");
	assert_key(&r.l[1], 5, "traffic", "rate_fps", "12", "12");
	assert_section(&r.l[2], 7, "output");
	assert_key(&r.l[3], 8, "output", "dir", "x;y", "x");
	assert_section(&r.l[4], 9, "traffic");
	assert_key(&r.l[5], 10, "traffic", "m", "1 = 2", "1 = 2");
	assert_key(&r.l[6], 11, "traffic", "n", "", "");

	/* the scanner knows no key table: any names pass to the callback */
	assert_int_equal(scan("[Any]\nWhat = ever\n", 18, &r, err), 0);
	assert_int_equal(r.n, 2);
	assert_section(&r.l[0], 1, "Any");
	assert_key(&r.l[1], 2, "Any", "What", "ever", "ever");
}

/*
 * The value after '=' as iniparser 4.1 reads it.  Each row is one rule (or
 * quirk) of its sscanf formats; test_scan_values checks the scanner and
 * iniparser_load() against every row.
 */
static const struct {
	const char *text;	/* after "dir =" */
	const char *value;
} value_cases[] = {
	{ "plain", "plain" },
	{ "  spaced  out  ", "spaced  out" },		/* blanks around dropped */
	{ "\tx\t", "x" },
	{ "\rx", "x" },					/* CR counts as a blank */
	{ "a ; comment", "a" },				/* inline comment after ; */
	{ "a#b", "a" },					/* ... or #, no blank needed */
	{ "a;b#c", "a" },
	{ ";only a comment", "" },
	{ "#", "" },
	{ "", "" },
	{ "a = b", "a = b" },				/* '=' is text */
	{ "\"a ; b # c\"", "a ; b # c" },		/* quotes keep ; and # */
	{ "\"  pad  \"", "  pad  " },			/* ... and blanks */
	{ "'single'", "single" },			/* single quotes too */
	{ "'a \" b'", "a \" b" },
	{ "\"a ' b\"", "a ' b" },
	{ "\"unclosed", "unclosed" },			/* closing quote optional */
	{ "\"unclosed ; x", "unclosed ; x" },		/* ... then ; is text */
	{ "'unclosed", "unclosed" },
	{ "\"a\" tail", "a" },				/* after the quote: ignored */
	{ "\"a\"b\"c", "a" },
	{ "'it''s'", "it" },
	{ "\"\"", "" },					/* "" and '' are empty */
	{ "''", "" },
	{ "\"\" ; c", "" },
	{ "\"\"x", "\"\"x" },				/* not quoted: read as is */
	{ "''x", "''x" },
	{ "\"", "\"" },					/* a lone quote is text */
	{ "'", "'" },
	{ "x\"y\"", "x\"y\"" },				/* a quote inside is text */
	{ "'\"'", "\"" },
	{ "\"'\"", "'" },
	{ "\" \"", " " },
	{ "\"\"\"", "\"\"\"" },				/* three: not quoted */
	{ "\"a\\\"b\"", "a\\" },			/* no escapes */
	{ "Yes", "Yes" },				/* case kept */
};

static void
test_scan_values(void **state)
{
	char line[256], err[CFG_ERR_LEN];
	struct rec r = { 0 };
	const char *path;
	dictionary *d;
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(value_cases) / sizeof(value_cases[0]); i++) {
		const char *want = value_cases[i].value, *got;

		snprintf(line, sizeof(line), "[output]\ndir = %s\n", value_cases[i].text);
		if (scan(line, strlen(line), &r, err) != 0)
			fail_msg("case %u: %s", i, err);
		assert_int_equal(r.n, 2);
		if (strcmp(r.l[1].value, want) != 0)
			fail_msg("case %u: dir = %s: scanner reads \"%s\", want \"%s\"",
				 i, value_cases[i].text, r.l[1].value, want);
		/* the reference: iniparser's own reading of the file */
		path = write_tmp("value.ini", line);
		d = iniparser_load(path);
		assert_non_null(d);
		got = iniparser_getstring(d, "output:dir", NULL);
		if (got == NULL || strcmp(got, want) != 0)
			fail_msg("case %u: dir = %s: iniparser_load reads \"%s\", want \"%s\"",
				 i, value_cases[i].text, got ? got : "(none)", want);
		iniparser_freedict(d);
	}
}

static void
test_scan_errors(void **state)
{
	static const struct {
		const char *text;
		size_t len;		/* 0: strlen(text) */
		unsigned calls;		/* callback calls before the error */
		const char *msg;
	} bad[] = {
		{ "\x01", 0, 0, "t.ini:1: binary data (byte 0x01), not an INI file" },
		{ "[traffic]\nrate_fps = 1\n\x7f", 0, 0, "t.ini:3: binary data (byte 0x7f)" },
		{ "[traffic]\nrate_fps = 1\0x\n", 24, 0, "t.ini:2: binary data (byte 0x00)" },
		{ "[traffic]\f\n", 0, 0, "t.ini:1: binary data (byte 0x0c)" },
		/* byte order marks: named, not an invisible "not a comment" */
		{ "\xEF\xBB\xBF[traffic]\nrate_fps = 1\n", 0, 0,
		  "t.ini:1: starts with a UTF-8 byte order mark (BOM); save the file without one" },
		{ "\xEF\xBB\xBF", 0, 0, "t.ini:1: starts with a UTF-8 byte order mark" },
		{ "\xFF\xFE[\0t\0", 6, 0, "t.ini:1: starts with a UTF-16 byte order mark" },
		{ "\xFE\xFF\0[\0t", 6, 0, "t.ini:1: starts with a UTF-16 byte order mark" },
		{ "", 0, 0, "t.ini: empty file" },
		{ " \r\n\t\n\n", 0, 0, "t.ini: empty file" },
		{ "[traffic]\nrate_fps = 1 \\\n", 0, 1,
		  "t.ini:2: line continuation (\\) not supported" },
		{ "[traffic]\\\n", 0, 0, "t.ini:1: line continuation" },
		{ "[traffic] x\n", 0, 0,
		  "t.ini:1: malformed section line \"[traffic] x\" (expected [name])" },
		{ "[traffic\n", 0, 0, "t.ini:1: malformed section line \"[traffic\"" },
		{ "[traffic]]\n", 0, 0, "t.ini:1: malformed section line" },
		{ "[traffic]\n\nrate_fps 5\n", 0, 1,
		  "t.ini:3: \"rate_fps 5\": not a comment, [section] or key = value line (no '=')" },
		{ "; c\nrate_fps = 5 ; c\n", 0, 0,
		  "t.ini: rate_fps = \"5 ; c\": key outside any [section] (line 2)" },
		{ "[traffic]\n = \"1\"\n", 0, 1,
		  "t.ini: [traffic] = \"\"1\"\": empty key name (line 2)" },
	};
	char err[CFG_ERR_LEN], *big;
	struct rec r = { 0 };
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = bad[i].len ? bad[i].len : strlen(bad[i].text);

		if (scan(bad[i].text, len, &r, err) != -EINVAL)
			fail_msg("case %u accepted", i);
		assert_contains(err, bad[i].msg);
		assert_int_equal(r.n, bad[i].calls);
	}

	/* CFG_INI_LINE_MAX bytes on a line (CR included) pass, one more fails */
	big = malloc(CFG_INI_LINE_MAX + 32);
	assert_non_null(big);
	memcpy(big, "[output]\ndir = ", 15);
	memset(big + 15, 'x', CFG_INI_LINE_MAX + 8);
	strcpy(big + 9 + CFG_INI_LINE_MAX - 1, "\r\n");
	assert_int_equal(scan(big, strlen(big), &r, err), 0);
	assert_int_equal(strlen(r.l[1].value), CFG_INI_LINE_MAX - 7);
	strcpy(big + 9 + CFG_INI_LINE_MAX, "\r\n");
	assert_int_equal(scan(big, strlen(big), &r, err), -EINVAL);
	assert_contains(err, "t.ini:2: line longer than 1000 characters");
	free(big);

	/* the callback's error ends the scan and is returned as it is */
	r.fail_at = 2;
	assert_int_equal(scan("[traffic]\na = 1\nb = 2\n", 22, &r, err), -E2BIG);
	assert_string_equal(err, "callback stops at line 2");
	assert_int_equal(r.n, 2);
}

/*
 * A comment ends at the end of its line, also when that ends in a
 * backslash.  (iniparser_load() joins such a line with the next one, so
 * that the old pre-scan checked a key there that iniparser then dropped:
 * the one place where reading the file once changes what loads.)
 */
static void
test_scan_comment_backslash(void **state)
{
	static const char text[] = "[traffic]\n; see C:\\ \nrate_fps = 5\n# \\\n[output]\n";
	char err[CFG_ERR_LEN];
	struct rec r = { 0 };
	const char *path;
	struct cfg c;

	(void)state;
	assert_int_equal(scan(text, sizeof(text) - 1, &r, err), 0);
	assert_int_equal(r.n, 3);
	assert_key(&r.l[1], 3, "traffic", "rate_fps", "5", "5");
	assert_section(&r.l[2], 5, "output");
	path = write_tmp("backslash.ini", text);
	cfg_defaults(&c);
	if (cfg_load_ini(&c, path, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(c.rate_fps, 5);
}

/* ----------------------------------------------------------- cfg_load_ini */

/* Quoting and inline comments reach the configuration. */
static void
test_load_values(void **state)
{
	char err[CFG_ERR_LEN];
	const char *path;
	struct cfg c;

	(void)state;
	path = write_tmp("values.ini",
			 "[output]\ndir = \" a ; b \" ; the comment\n"
			 "[traffic]\njumbo = 'on\nrate_fps = 500#x\n"
			 "[loss]\nrates = 1, 2 ;3\n");
	cfg_defaults(&c);
	if (cfg_load_ini(&c, path, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_string_equal(c.outdir, " a ; b ");
	assert_true(c.jumbo);
	assert_int_equal(c.rate_fps, 500);
	assert_string_equal(c.loss_rates, "1, 2");

	/* the message shows the value as read, with the line it came from */
	path = write_tmp("quoted.ini", "[traffic]\n\nrate_fps = \"12x\" ; c\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "quoted.ini: [traffic] rate_fps = \"12x\": not an unsigned decimal integer (line 3)");
	/* ... and an unknown key the text as written */
	path = write_tmp("unknown.ini", "[traffic]\nrate = \"12\" ; c\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] rate = \"\"12\" ; c\": unknown key (line 2)");
	path = write_tmp("dup.ini", "[traffic]\nrate_fps = 1\n[left]\n[traffic]\nrate_fps = 2\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] rate_fps = \"2\": duplicate key (line 5, first set on line 2)");
	path = write_tmp("section.ini", "[traffic]\nrate_fps = 1\n[Traffic]\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "section.ini: [Traffic]: unknown section (line 3; sections: left, right,");
}

/*
 * Of several bad values the first in iniparser's dictionary order is
 * reported: sections in the order they first appear, then their keys in
 * file order (so not simply the first bad line).
 */
static void
test_load_order(void **state)
{
	char err[CFG_ERR_LEN];
	const char *path;
	struct cfg c;

	(void)state;
	path = write_tmp("order.ini",
			 "[traffic]\nrate_fps = 1\n[left]\nport_id = x\n"
			 "[traffic]\nduration_s = y\n");
	cfg_defaults(&c);
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "[traffic] duration_s = \"y\"");
	assert_contains(err, "(line 6)");
	/* syntax and table errors come first, in line order */
	path = write_tmp("order2.ini", "[traffic]\nrate_fps = x\nbogus = 1\n");
	assert_int_equal(cfg_load_ini(&c, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "bogus");
}

/*
 * Whole files: cfg_load_ini gives what setting every entry of
 * iniparser_load() through the key table gives.
 */
static void
test_load_like_iniparser(void **state)
{
	static const char *const files[] = {
		FIXTURE("good_syntax.ini"), FIXTURE("good_dup_section.ini"),
		FIXTURE("good_forward_only.ini"), FIXTURE("good_translation.ini"),
		CONF("dutperf.ini"), CONF("testbed-siit.ini"), CONF("testbed-ipv6.ini"),
	};
	char err[CFG_ERR_LEN];
	const char *keys[CFG_NB_KEYS_MAX];
	struct cfg a, b;
	unsigned i, n_set;
	int s, j;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		dictionary *d;

		cfg_defaults(&a);
		if (cfg_load_ini(&a, files[i], err, sizeof(err)) != 0)
			fail_msg("%s", err);
		cfg_defaults(&b);
		d = iniparser_load(files[i]);
		assert_non_null(d);
		n_set = 0;
		for (s = 0; s < iniparser_getnsec(d); s++) {
			const char *sec = iniparser_getsecname(d, s);
			int nk = iniparser_getsecnkeys(d, sec);

			assert_true(nk >= 0 && nk <= CFG_NB_KEYS_MAX);
			if (nk > 0)
				assert_non_null(iniparser_getseckeys(d, sec, keys));
			for (j = 0; j < nk; j++) {
				const struct cfg_key *k = cfg_key_find(sec, strchr(keys[j], ':') + 1);

				assert_non_null(k);
				assert_int_equal(cfg_key_set(&b, k, iniparser_getstring(d, keys[j], ""),
							     err, sizeof(err)), 0);
				n_set++;
			}
		}
		iniparser_freedict(d);
		assert_true(n_set > 0);
		assert_string_equal(a.path, files[i]);
		for (j = 0; j < (int)cfg_key_count(); j++) {
			const struct cfg_key *k = cfg_key_at((unsigned)j);
			char va[CFG_PATH_LEN + 8], vb[CFG_PATH_LEN + 8];

			cfg_key_format(&a, k, va, sizeof(va));
			cfg_key_format(&b, k, vb, sizeof(vb));
			if (strcmp(va, vb) != 0)
				fail_msg("%s: [%s] %s: cfg_load_ini reads %s, iniparser_load %s",
					 files[i], k->section, k->key, va, vb);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scan_lines),
		cmocka_unit_test(test_scan_values),
		cmocka_unit_test(test_scan_errors),
		cmocka_unit_test(test_scan_comment_backslash),
		cmocka_unit_test(test_load_values),
		cmocka_unit_test(test_load_order),
		cmocka_unit_test(test_load_like_iniparser),
	};

	return cmocka_run_group_tests(tests, unit_tmpdir_setup,
				      unit_tmpdir_teardown);
}

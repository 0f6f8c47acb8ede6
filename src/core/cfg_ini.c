/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_ini: reading an INI file: a pre-scan of the file's lines, then
 * iniparser_load(), whose values are set through the key table.  DPDK-free.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <iniparser/iniparser.h>

#include "dutperf/cfg.h"
#include "cfg_priv.h"

/* iniparser prints parse errors to stderr; we pre-scan and report ourselves. */
static int
ini_silent(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static unsigned
key_index(const struct cfg_key *k)
{
	return (unsigned)(k - cfg_key_at(0));
}

/* Read the whole file into a NUL-terminated buffer. */
static int
ini_read(const char *path, char **bufp, size_t *lenp, char *err, size_t err_len)
{
	struct stat st;
	FILE *f;
	char *buf;
	size_t len;
	int rc;

	f = fopen(path, "rb");
	if (f == NULL) {
		rc = -errno;
		cfg_errf(err, err_len, "%s: cannot open: %s", path, strerror(errno));
		return rc;
	}
	if (fstat(fileno(f), &st) != 0) {
		rc = -errno;
		cfg_errf(err, err_len, "%s: cannot stat: %s", path, strerror(errno));
		fclose(f);
		return rc;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
		cfg_errf(err, err_len, "%s: not a regular file: %s", path,
		     strerror(-rc));
		fclose(f);
		return rc;
	}
	if (st.st_size > CFG_INI_MAX_B) {
		cfg_errf(err, err_len, "%s: file too large (%jd bytes, limit %d)",
		     path, (intmax_t)st.st_size, CFG_INI_MAX_B);
		fclose(f);
		return -EFBIG;
	}
	buf = malloc(CFG_INI_MAX_B + 2);
	if (buf == NULL) {
		fclose(f);
		cfg_errf(err, err_len, "%s: out of memory", path);
		return -ENOMEM;
	}
	len = fread(buf, 1, CFG_INI_MAX_B + 1, f);
	if (ferror(f)) {
		rc = -errno;
		cfg_errf(err, err_len, "%s: cannot read: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return rc ? rc : -EIO;
	}
	fclose(f);
	if (len > CFG_INI_MAX_B) {	/* grew while reading */
		cfg_errf(err, err_len, "%s: file too large (limit %d bytes)",
		     path, CFG_INI_MAX_B);
		free(buf);
		return -EFBIG;
	}
	buf[len] = '\0';
	*bufp = buf;
	*lenp = len;
	return 0;
}

/*
 * Pre-scan: check the file line by line before iniparser sees it, record on
 * which line each table key is set (line_of[key index], 0 = not set).
 */
static int
ini_prescan(const char *path, char *buf, size_t len, unsigned *line_of,
	    char *err, size_t err_len)
{
	const char *section = NULL;
	unsigned lineno = 0;
	bool content = false;
	char *line = buf, *next;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)buf[i];

		if (ch == '\n')
			lineno++;
		else if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f)
			return cfg_errf(err, err_len,
					"%s:%u: binary data (byte 0x%02x), not an INI file",
					path, lineno + 1, ch);
		if (!isspace(ch))
			content = true;
	}
	if (!content)
		return cfg_errf(err, err_len, "%s: empty file", path);

	for (lineno = 1; line != NULL && *line != '\0'; lineno++, line = next) {
		char *s, *eq, *key, *val;
		const struct cfg_key *k;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (strlen(line) > CFG_INI_LINE_MAX)
			return cfg_errf(err, err_len, "%s:%u: line longer than %d characters",
					path, lineno, CFG_INI_LINE_MAX);
		s = trim(line);
		if (*s == '\0' || *s == ';' || *s == '#')
			continue;
		if (s[strlen(s) - 1] == '\\')
			return cfg_errf(err, err_len, "%s:%u: line continuation (\\) not supported",
					path, lineno);
		if (*s == '[') {
			char *close = strchr(s, ']');

			if (close == NULL || close[1] != '\0')
				return cfg_errf(err, err_len,
						"%s:%u: malformed section line \"%s\" (expected [name])",
						path, lineno, s);
			*close = '\0';
			if (!cfg_section_known(s + 1)) {
				char list[128];

				cfg_section_list(list, sizeof(list));
				return cfg_errf(err, err_len,
						"%s: [%s]: unknown section (line %u; sections: %s)",
						path, s + 1, lineno, list);
			}
			section = s + 1;
			continue;
		}
		eq = strchr(s, '=');
		if (eq == NULL)
			return cfg_errf(err, err_len,
					"%s:%u: \"%s\": not a comment, [section] or key = value line (no '=')",
					path, lineno, s);
		*eq = '\0';
		key = trim(s);
		val = trim(eq + 1);
		if (section == NULL)
			return cfg_errf(err, err_len, "%s: %s = \"%s\": key outside any [section] (line %u)",
					path, key, val, lineno);
		if (*key == '\0')
			return cfg_errf(err, err_len, "%s: [%s] = \"%s\": empty key name (line %u)",
					path, section, val, lineno);
		k = cfg_key_find(section, key);
		if (k == NULL)
			return cfg_errf(err, err_len, "%s: [%s] %s = \"%s\": unknown key (line %u)",
					path, section, key, val, lineno);
		if (line_of[key_index(k)] != 0)
			return cfg_errf(err, err_len,
					"%s: [%s] %s = \"%s\": duplicate key (line %u, first set on line %u)",
					path, section, key, val, lineno, line_of[key_index(k)]);
		line_of[key_index(k)] = lineno;
	}
	return 0;
}

/* Apply what iniparser read; every key it reports was seen by the pre-scan. */
static int
ini_apply(struct cfg *c, const char *path, dictionary *d,
	  const unsigned *line_of, char *err, size_t err_len)
{
	const char *keys[CFG_NB_KEYS_MAX];
	int ns, s;

	ns = iniparser_getnsec(d);
	for (s = 0; s < ns; s++) {
		const char *sec = iniparser_getsecname(d, s);
		int nk = iniparser_getsecnkeys(d, sec), j;

		if (nk == 0)
			continue;
		if (nk < 0 || (unsigned)nk > cfg_key_count() ||
		    iniparser_getseckeys(d, sec, keys) == NULL)
			return cfg_errf(err, err_len, "%s: [%s]: iniparser read unexpected keys",
					path, sec);
		for (j = 0; j < nk; j++) {
			const char *name = strchr(keys[j], ':');
			const char *val = iniparser_getstring(d, keys[j], NULL);
			const struct cfg_key *k;
			char why[CFG_ERR_LEN];

			k = name != NULL ? cfg_key_find(sec, name + 1) : NULL;
			if (k == NULL || val == NULL || line_of[key_index(k)] == 0)
				return cfg_errf(err, err_len, "%s: [%s] %s: iniparser read an unexpected key",
						path, sec, keys[j]);
			if (cfg_key_set(c, k, val, why, sizeof(why)) != 0)
				return cfg_errf(err, err_len, "%s: [%s] %s = \"%s\": %s (line %u)",
						path, sec, k->key, val, why, line_of[key_index(k)]);
		}
	}
	return 0;
}

int
cfg_load_ini(struct cfg *c, const char *path, char *err, size_t err_len)
{
	unsigned line_of[CFG_NB_KEYS_MAX] = { 0 };
	struct cfg tmp;
	dictionary *d;
	size_t len = 0;
	char *buf = NULL;
	int rc;

	if (strlen(path) >= sizeof(c->path)) {
		cfg_errf(err, err_len, "%.64s...: path too long", path);
		return -ENAMETOOLONG;
	}
	rc = ini_read(path, &buf, &len, err, err_len);
	if (rc != 0)
		return rc;
	rc = ini_prescan(path, buf, len, line_of, err, err_len);
	free(buf);
	if (rc != 0)
		return rc;

	iniparser_set_error_callback(ini_silent);
	d = iniparser_load(path);
	iniparser_set_error_callback(NULL);
	if (d == NULL)
		return cfg_errf(err, err_len, "%s: iniparser could not read the file", path);
	tmp = *c;
	rc = ini_apply(&tmp, path, d, line_of, err, err_len);
	iniparser_freedict(d);
	if (rc != 0)
		return rc;
	snprintf(tmp.path, sizeof(tmp.path), "%s", path);
	*c = tmp;
	return 0;
}

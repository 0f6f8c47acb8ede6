/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_ini: reading an INI file, in one pass.  The file is read once into
 * memory (ini_read, with its size and type checks), split into sections and
 * key = value lines by one scanner (cfg_ini_scan), every line checked
 * against the key table and stored in an iniparser dictionary, which
 * ini_apply then sets through the key table.  The scanner reads values as
 * iniparser 4.1's iniparser_load() does (quotes, inline comments: see
 * cfg_priv.h), so the file is not handed to iniparser to parse again.
 * DPDK-free.
 */
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
#include "dutperf/text.h"
#include "cfg_priv.h"

/*
 * Blanks: what iniparser's isspace() strips, of the bytes ini_check_bytes
 * lets through (LF ends a line).
 */
#define INI_BLANKS " \t\r"

static bool
is_blank(char ch)
{
	return ch != '\0' && strchr(INI_BLANKS, ch) != NULL;
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
 * The whole file must be text: no NUL, no control byte but tab, CR, LF;
 * and no byte order mark (an editor's UTF-8 BOM is invisible, and the first
 * line would be "\xEF\xBB\xBF[traffic]": no section).
 */
static int
ini_check_bytes(const char *path, const char *buf, size_t len, char *err,
		size_t err_len)
{
	bool content = false;
	unsigned lineno = 1;
	size_t i;

	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		return cfg_errf(err, err_len,
				"%s:1: starts with a UTF-8 byte order mark (BOM); "
				"save the file without one", path);
	if (len >= 2 && (memcmp(buf, "\xFF\xFE", 2) == 0 ||
			 memcmp(buf, "\xFE\xFF", 2) == 0))
		return cfg_errf(err, err_len,
				"%s:1: starts with a UTF-16 byte order mark; "
				"save the file as UTF-8 (or ASCII) without one",
				path);
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)buf[i];

		if (ch == '\n')
			lineno++;
		else if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f)
			return cfg_errf(err, err_len,
					"%s:%u: binary data (byte 0x%02x), not an INI file",
					path, lineno, ch);
		if (!is_blank((char)ch) && ch != '\n')
			content = true;
	}
	if (!content)
		return cfg_errf(err, err_len, "%s: empty file", path);
	return 0;
}

/*
 * The value iniparser 4.1 reads from text (what follows '=', trimmed), into
 * out (strlen(text) + 1 bytes).  Its sscanf formats, in the order it tries
 * them: "%[^=] = \"%[^\"]\"" and "%[^=] = '%[^\']'" (one character at
 * least between the quotes; a missing closing quote does not matter, and
 * nothing after it does), then "%[^=] = %[^;#]" (stripped; "" and '' are
 * empty), then empty (nothing or only an inline comment after '=').
 */
static void
ini_value(const char *text, char *out)
{
	const char *p = text + strspn(text, INI_BLANKS);
	size_t n;

	if ((*p == '"' || *p == '\'') && p[1] != '\0' && p[1] != *p) {
		n = strcspn(p + 1, *p == '"' ? "\"" : "'");
		memcpy(out, p + 1, n);
		out[n] = '\0';
		return;
	}
	n = strcspn(p, ";#");
	while (n > 0 && is_blank(p[n - 1]))
		n--;
	memcpy(out, p, n);
	out[n] = '\0';
	if (strcmp(out, "\"\"") == 0 || strcmp(out, "''") == 0)
		out[0] = '\0';
}

int
cfg_ini_scan(const char *path, char *buf, size_t len, cfg_ini_fn fn,
	     void *arg, char *err, size_t err_len)
{
	char value[CFG_INI_LINE_MAX + 1];
	const char *section = NULL;
	char *line = buf, *next;
	struct cfg_ini_line l;
	unsigned lineno;
	int rc;

	rc = ini_check_bytes(path, buf, len, err, err_len);
	if (rc != 0)
		return rc;
	for (lineno = 1; line != NULL && *line != '\0'; lineno++, line = next) {
		char *s, *eq;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (strlen(line) > CFG_INI_LINE_MAX)
			return cfg_errf(err, err_len, "%s:%u: line longer than %d characters",
					path, lineno, CFG_INI_LINE_MAX);
		s = text_trim(line);
		if (*s == '\0' || *s == ';' || *s == '#')
			continue;
		if (s[strlen(s) - 1] == '\\')
			return cfg_errf(err, err_len, "%s:%u: line continuation (\\) not supported",
					path, lineno);
		memset(&l, 0, sizeof(l));
		l.lineno = lineno;
		if (*s == '[') {
			char *close = strchr(s, ']');

			if (close == NULL || close[1] != '\0')
				return cfg_errf(err, err_len,
						"%s:%u: malformed section line \"%s\" (expected [name])",
						path, lineno, s);
			*close = '\0';
			l.kind = CFG_INI_SECTION;
			l.section = s + 1;
		} else {
			eq = strchr(s, '=');
			if (eq == NULL)
				return cfg_errf(err, err_len,
						"%s:%u: \"%s\": not a comment, [section] or key = value line (no '=')",
						path, lineno, s);
			*eq = '\0';
			l.kind = CFG_INI_KEY;
			l.section = section;
			l.key = text_trim(s);
			l.text = text_trim(eq + 1);
			if (section == NULL)
				return cfg_errf(err, err_len,
						"%s: %s = \"%s\": key outside any [section] (line %u)",
						path, l.key, l.text, lineno);
			if (*l.key == '\0')
				return cfg_errf(err, err_len, "%s: [%s] = \"%s\": empty key name (line %u)",
						path, section, l.text, lineno);
			ini_value(l.text, value);
			l.value = value;
		}
		rc = fn(arg, &l, err, err_len);
		if (rc != 0)
			return rc;
		if (l.kind == CFG_INI_SECTION)
			section = l.section;
	}
	return 0;
}

/* ---------------------------------------------------------- cfg_load_ini */

struct ini_load {
	const char *path;
	dictionary *d;				/* "section" and "section:key" */
	unsigned line_of[CFG_NB_KEYS_MAX];	/* by key index, 0 = not set */
	/* [portK]: by [left]'s key index; the line of each section */
	unsigned port_line_of[CFG_MAX_PORTS][CFG_NB_KEYS_MAX];
	unsigned port_sec_line[CFG_MAX_PORTS];
};

static unsigned
key_index(const struct cfg_key *k)
{
	return (unsigned)(k - cfg_key_at(0));
}

/* cfg_ini_scan's callback: check a line against the key table, store it. */
static int
ini_take(void *arg, const struct cfg_ini_line *l, char *err, size_t err_len)
{
	struct ini_load *ld = arg;
	char entry[CFG_INI_LINE_MAX + 2];
	const struct cfg_key *k;
	unsigned *line;

	struct cfg_key pk;
	unsigned port = cfg_port_section(l->section);

	if (l->kind == CFG_INI_SECTION) {
		char list[128];

		if (port != 0 && ld->port_sec_line[port] == 0)
			ld->port_sec_line[port] = l->lineno;
		if (!cfg_section_known(l->section) && port == 0) {
			cfg_section_list(list, sizeof(list));
			return cfg_errf(err, err_len,
					"%s: [%s]: unknown section (line %u; sections: %s)",
					ld->path, l->section, l->lineno, list);
		}
		if (iniparser_set(ld->d, l->section, NULL) != 0)
			goto nomem;
		return 0;
	}
	k = port != 0 ? cfg_port_key(l->key, port, &pk) :
			cfg_key_find(l->section, l->key);
	if (k == NULL)
		return cfg_errf(err, err_len, "%s: [%s] %s = \"%s\": unknown key (line %u)",
				ld->path, l->section, l->key, l->text, l->lineno);
	line = port != 0 ?
		&ld->port_line_of[port][key_index(cfg_key_find("left", l->key))] :
		&ld->line_of[key_index(k)];
	if (*line != 0)
		return cfg_errf(err, err_len,
				"%s: [%s] %s = \"%s\": duplicate key (line %u, first set on line %u)",
				ld->path, l->section, l->key, l->text, l->lineno, *line);
	*line = l->lineno;
	snprintf(entry, sizeof(entry), "%s:%s", k->section, k->key);
	if (iniparser_set(ld->d, entry, l->value) != 0)
		goto nomem;
	return 0;
nomem:
	cfg_errf(err, err_len, "%s: out of memory", ld->path);
	return -ENOMEM;
}

/*
 * Set what the scan stored, through the key table, in the dictionary's
 * order (sections as they first appear, then their keys in file order):
 * of several bad values, the first in that order is reported.
 */
static int
ini_apply(struct cfg *c, const struct ini_load *ld, char *err, size_t err_len)
{
	const char *keys[CFG_NB_KEYS_MAX];
	int ns, s;

	ns = iniparser_getnsec(ld->d);
	for (s = 0; s < ns; s++) {
		const char *sec = iniparser_getsecname(ld->d, s);
		int nk = iniparser_getsecnkeys(ld->d, sec), j;

		if (nk == 0)
			continue;
		if (nk < 0 || (unsigned)nk > cfg_key_count() ||
		    iniparser_getseckeys(ld->d, sec, keys) == NULL)
			return cfg_errf(err, err_len, "%s: [%s]: internal error: unexpected keys",
					ld->path, sec);
		for (j = 0; j < nk; j++) {
			const char *name = strchr(keys[j], ':');
			const char *val = iniparser_getstring(ld->d, keys[j], NULL);
			const struct cfg_key *k;
			struct cfg_key pk;
			unsigned port = cfg_port_section(sec), line;
			char why[CFG_ERR_LEN];

			if (port != 0)
				k = name != NULL ?
					cfg_port_key(name + 1, port, &pk) : NULL;
			else
				k = name != NULL ? cfg_key_find(sec, name + 1) : NULL;
			if (k == NULL || val == NULL)
				return cfg_errf(err, err_len, "%s: [%s] %s: internal error: unexpected key",
						ld->path, sec, keys[j]);
			line = port != 0 ? ld->port_line_of[port][key_index(
					cfg_key_find("left", k->key))] :
					   ld->line_of[key_index(k)];
			if (cfg_key_set(c, k, val, why, sizeof(why)) != 0)
				return cfg_errf(err, err_len, "%s: [%s] %s = \"%s\": %s (line %u)",
						ld->path, sec, k->key, val, why,
						line);
			if (port == 0)
				cfg_key_mark(c, k, NULL);
		}
	}
	return 0;
}

/* The ports: 2 + the [portK] sections, which must follow each other
 * from [port2] on (a gap would renumber the ports silently). */
static int
ini_ports(struct cfg *c, const struct ini_load *ld, char *err, size_t err_len)
{
	unsigned k, n = CFG_NB_SIDES;

	while (n < CFG_MAX_PORTS && ld->port_sec_line[n] != 0)
		n++;
	for (k = n; k < CFG_MAX_PORTS; k++)
		if (ld->port_sec_line[k] != 0)
			return cfg_errf(err, err_len, "%s: [port%u]: the ports "
					"must be consecutive, [port%u] is "
					"missing (line %u)", ld->path, k, n,
					ld->port_sec_line[k]);
	c->nb_ports = n;
	return 0;
}

int
cfg_load_ini(struct cfg *c, const char *path, char *err, size_t err_len)
{
	struct ini_load ld = { .path = path };
	struct cfg tmp;
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
	ld.d = dictionary_new(0);
	if (ld.d == NULL) {
		free(buf);
		cfg_errf(err, err_len, "%s: out of memory", path);
		return -ENOMEM;
	}
	rc = cfg_ini_scan(path, buf, len, ini_take, &ld, err, err_len);
	free(buf);
	tmp = *c;
	if (rc == 0)
		rc = ini_apply(&tmp, &ld, err, err_len);
	if (rc == 0)
		rc = ini_ports(&tmp, &ld, err, err_len);
	iniparser_freedict(ld.d);
	if (rc != 0)
		return rc;
	snprintf(tmp.path, sizeof(tmp.path), "%s", path);
	*c = tmp;
	return 0;
}

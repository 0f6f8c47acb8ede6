/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg internals shared by its files (not part of the public API):
 *   cfg_parse.c  strict value parsers, cfg_errf, name lists
 *   cfg_keys.c   the key table, cfg_key_*, cfg_defaults, cfg_print
 *   cfg_ini.c    reading an INI file: the scanner and cfg_load_ini
 *   cfg_check.c  cfg_validate, the cross-key checks and queries
 */
#ifndef DUTPERF_CFG_PRIV_H
#define DUTPERF_CFG_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dutperf/cfg.h"

#define CFG_RATE_MAX_FPS 1000000000ULL	/* bound of every rate key */

/* ------------------------------------------------------------ cfg_parse.c */

/* Append ", name" (name alone first) to buf, which holds *used bytes. */
void cfg_list_add(char *buf, size_t len, size_t *used, const char *name);

/* The canonical (first) name of value v, NULL when v has none. */
const char *cfg_enum_name(const struct cfg_enum_name *names, uint64_t v);

/* An lcore id in [min, max] or "none" (CFG_LCORE_NONE). */
int cfg_parse_lcore(const char *s, uint64_t min, uint64_t max, uint64_t *out,
		    char *err, size_t err_len);

/* ------------------------------------------------------------- cfg_keys.c */

/* Is name one of the sections of the key table? */
bool cfg_section_known(const char *name);

/* "portK" with K in 2..CFG_MAX_PORTS-1: K; anything else: 0. */
unsigned cfg_port_section(const char *name);

/*
 * The key "key" of [portK]: [left]'s row for it (a port key: not the
 * translation or network keys) copied into *out with its field moved to
 * xport[K - 2], its section "portK" (names[], the caller's).  NULL when
 * [portK] has no such key.
 */
const struct cfg_key *cfg_port_key(const char *key, unsigned k,
				   struct cfg_key *out);
/* "left, right, ..." (cfg_print's order) into buf. */
void cfg_section_list(char *buf, size_t len);

/* The value of an integer-typed key (U, LCORE, ENUM) of c. */
uint64_t cfg_key_uint(const struct cfg *c, const struct cfg_key *k);

/* "fixed", "increasing", ... */
const char *cfg_var_mode_name(enum cfg_var_mode mode);

/* -------------------------------------------------------------- cfg_ini.c */

/*
 * The INI scanner: splits a file held in memory into its section and
 * key = value lines and hands each to a callback, in file order.  It knows
 * the syntax only (the key table is the callback's business):
 *  - the whole file: no NUL or other control byte but tab, CR and LF
 *    ("FILE:LINE: binary data"), not empty or blank ("FILE: empty file");
 *  - a line: at most CFG_INI_LINE_MAX bytes before its LF, blanks around
 *    it ignored (space and tab; CR too at its end): empty, a comment
 *    (first character ; or #; it ends with its line, also after a
 *    trailing \), "[name]", or "key = value" after a [section] with a
 *    non-empty key; no other line may end in \ (iniparser's continuation).
 * The value handed over is what iniparser 4.1 makes of the text after '=':
 * blanks around it dropped; "quoted" or 'quoted' (one character at least;
 * the closing quote may be missing): the text up to the closing quote,
 * blanks kept, the rest of the line ignored; else the text before the
 * first ; or # (inline comment), blanks dropped, "" and '' read as empty.
 */
enum cfg_ini_kind {
	CFG_INI_SECTION = 0,	/* a [section] line */
	CFG_INI_KEY		/* a key = value line */
};

struct cfg_ini_line {
	enum cfg_ini_kind kind;
	unsigned lineno;	/* 1 = the first line */
	const char *section;	/* SECTION: its name; KEY: the section it is in */
	const char *key;	/* CFG_INI_KEY: the key, blanks dropped */
	const char *text;	/* CFG_INI_KEY: after '=' as written, blanks dropped */
	const char *value;	/* CFG_INI_KEY: the value (see above) */
};

/* Returns 0 to go on, else an error (with err filled) that ends the scan. */
typedef int (*cfg_ini_fn)(void *arg, const struct cfg_ini_line *l, char *err,
			  size_t err_len);

/*
 * Scan buf (len bytes and a NUL; changed in place) of file path (for
 * messages).  0, fn's error, or -EINVAL with "path:LINE: reason" in err.
 */
int cfg_ini_scan(const char *path, char *buf, size_t len, cfg_ini_fn fn,
		 void *arg, char *err, size_t err_len);

/* Does the DUT translate between IPv4 and IPv6 (the sides' versions
 * differ)?  cfg_query.c */
bool cfg_translating(const struct cfg *c);

#endif /* DUTPERF_CFG_PRIV_H */

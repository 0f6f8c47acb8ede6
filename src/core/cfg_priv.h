/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg internals shared by its files (not part of the public API):
 *   cfg_parse.c  strict value parsers, cfg_errf, name lists
 *   cfg_keys.c   the key table, cfg_key_*, cfg_defaults, cfg_print
 *   cfg_ini.c    reading an INI file: cfg_load_ini
 *   cfg_check.c  cfg_validate, the cross-key checks and queries
 */
#ifndef DUTPERF_CFG_PRIV_H
#define DUTPERF_CFG_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dutperf/cfg.h"

#define CFG_RATE_MAX_FPS 1000000000ULL	/* bound of every rate key */
#define CFG_NB_KEYS_MAX 128		/* the key table has no more keys */

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
/* "left, right, ..." (cfg_print's order) into buf. */
void cfg_section_list(char *buf, size_t len);

/* The value of an integer-typed key (U, LCORE, ENUM) of c. */
uint64_t cfg_key_uint(const struct cfg *c, const struct cfg_key *k);

/* "fixed", "increasing", ... */
const char *cfg_var_mode_name(enum cfg_var_mode mode);

#endif /* DUTPERF_CFG_PRIV_H */

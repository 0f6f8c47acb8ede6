/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf internals shared by its files (not part of the public API):
 *   siitconf.c            the key table and the reader (siitconf_parse,
 *                         siitconf_read)
 *   siitconf_translate.c  the translation into dutperf's keys: the checks,
 *                         the emitted keys, the notes, siitconf_write_ini
 *   siitconf_stateful.c   the stateful keys (Stateful, Enumerate-*,
 *                         Responder-tuples): their checks, [stateful], notes
 */
#ifndef DUTPERF_SIITCONF_PRIV_H
#define DUTPERF_SIITCONF_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "siitconf.h"

/* ------------------------------------------------------------ siitconf.c */

enum sc_type {
	SCT_U = 0,	/* unsigned decimal in [min, max] */
	SCT_UHEX,	/* the same, or 0x hex (siitperf reads these with %i) */
	SCT_VERS,	/* an IP version: 4 or 6 */
	SCT_IPV4,
	SCT_IPV6,
	SCT_MAC
};

#define SC_NONE (-1)

struct sc_keydef {
	const char *name;
	const char *alias;	/* an older spelling siitperf also read */
	enum sc_type type;
	uint64_t min, max;
	/*
	 * siitperf reads this 16-bit field with a 32-bit conversion (%u, %i):
	 * the upper half of the value lands in the field stored after it,
	 * which is this key (SC_NONE when the conversion fits).
	 */
	int spills_into;
};

/* In siitperf's order, indexed by enum siitconf_key_id. */
extern const struct sc_keydef sc_keys[SC_NB_KEYS];

/* --------------------------------------------------- siitconf_translate.c */

/* Per side: the siitperf keys that describe it. */
struct sc_side_keys {
	const char *letter;	/* "L" / "R" */
	int vers, ipv4, ipv6, ipv4_virt, ipv6_virt, mac, dut_mac, nets;
	int send, recv, var, min, max, off4, off6;
};

/* Per direction: the port keys (forward = Fwd-*, reverse = Rev-*). */
struct sc_dir_keys {
	int var_sport, var_dport, sport_min, sport_max, dport_min, dport_max;
};

extern const struct sc_side_keys sc_side[CFG_NB_SIDES];
extern const struct sc_dir_keys sc_dir[CFG_NB_DIRS];
/* "fixed", "increasing", "decreasing", "random": siitperf's 0..3 */
extern const char *const sc_var_names[];
extern const char *const sc_side_names[CFG_NB_SIDES];
extern const char *const sc_dir_names[CFG_NB_DIRS];
/* The key that turns a direction on. */
extern const int sc_dir_key[CFG_NB_DIRS];

/* The context of one translation. */
struct sc_tr {
	const struct siitconf *sc;
	struct siitconf_out *out;
	char *err;
	size_t err_len;
	bool dir_active[CFG_NB_DIRS];
	bool slice_ok[CFG_NB_SIDES];	/* IP-X-var translatable */
};

/* Stateful 1: the Initiator is the left side, its frames go forward; 2: right. */
static inline enum cfg_dir_id
sc_init_dir(uint64_t stateful)
{
	return stateful == 2 ? CFG_REV : CFG_FWD;
}

/* Was key k given? */
static inline bool
sc_set(const struct siitconf *sc, int k)
{
	return sc->v[k].line != 0;
}

/* siitperf's defaults (the Throughput constructor); -1: none. */
int64_t sc_default(int k);

/* Key k's number: its value, else siitperf's default. */
uint64_t sc_u(const struct siitconf *sc, int k);

/* "KEY VALUE (line N)" or "KEY: siitperf default D". */
void sc_origin(const struct siitconf *sc, int k, char *buf, size_t len);

/* Add a note to the translation (the ones past SIITCONF_MAX_NOTES are dropped). */
void sc_note(struct sc_tr *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Add section/key = value (given as text) coming from origin. */
int sc_emit(struct sc_tr *t, const char *section, const char *key,
	    const char *value, const char *origin);

/* Refuse "PATH: KEY not given: WHY". */
int sc_missing(struct sc_tr *t, int k, const char *why);

/* ---------------------------------------------------- siitconf_stateful.c */

/* Stateful 1 / 2: siitperf's checks of the enumerations, then what dutperf
 * cannot run.  0 or -EINVAL with t->err set. */
int sc_check_stateful(struct sc_tr *t);

/* [stateful] from Stateful, Enumerate-ports / Enumerate-ips, Responder-tuples. */
int sc_stateful(struct sc_tr *t);

/* What a stateful translation leaves to the user. */
void sc_stateful_notes(struct sc_tr *t);

#endif /* DUTPERF_SIITCONF_PRIV_H */

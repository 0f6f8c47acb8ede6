/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf_emit: what both translations use (siitconf_translate.c for
 * the stateless keys, siitconf_stateful.c for the stateful ones): the
 * per-side and per-direction key tables and names, siitperf's defaults,
 * a key's origin, notes, and sc_emit, one dutperf key set.  DPDK-free.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "siitconf.h"

#include "siitconf_priv.h"

const struct sc_side_keys sc_side[CFG_NB_SIDES] = {
	[CFG_LEFT] = { "L", SC_IP_L_VERS, SC_IPV4_L_REAL, SC_IPV6_L_REAL,
		       SC_IPV4_L_VIRT, SC_IPV6_L_VIRT, SC_MAC_L_TESTER, SC_MAC_L_DUT,
		       SC_NUM_L_NETS, SC_CPU_L_SEND, SC_CPU_L_RECV, SC_IP_L_VAR,
		       SC_IP_L_MIN, SC_IP_L_MAX, SC_IPV4_L_OFFSET, SC_IPV6_L_OFFSET },
	[CFG_RIGHT] = { "R", SC_IP_R_VERS, SC_IPV4_R_REAL, SC_IPV6_R_REAL,
			SC_IPV4_R_VIRT, SC_IPV6_R_VIRT, SC_MAC_R_TESTER, SC_MAC_R_DUT,
			SC_NUM_R_NETS, SC_CPU_R_SEND, SC_CPU_R_RECV, SC_IP_R_VAR,
			SC_IP_R_MIN, SC_IP_R_MAX, SC_IPV4_R_OFFSET, SC_IPV6_R_OFFSET },
};

const char *const sc_var_names[] = { "fixed", "increasing", "decreasing", "random" };
const char *const sc_side_names[CFG_NB_SIDES] = { "left", "right" };

int64_t
sc_default(int k)
{
	switch (k) {
	case SC_IP_L_VERS: return 6;
	case SC_IP_R_VERS: return 4;
	case SC_FORWARD: case SC_REVERSE: case SC_PROMISC: return 1;
	case SC_NUM_L_NETS: case SC_NUM_R_NETS: return 1;
	case SC_MEM_CHANNELS: return 1;
	case SC_FWD_SPORT_MIN: case SC_REV_SPORT_MIN: return 1024;
	case SC_FWD_SPORT_MAX: case SC_REV_SPORT_MAX: return 65535;
	case SC_FWD_DPORT_MIN: case SC_REV_DPORT_MIN: return 1;
	case SC_FWD_DPORT_MAX: case SC_REV_DPORT_MAX: return 49151;
	case SC_FWD_VAR_SPORT: case SC_FWD_VAR_DPORT: case SC_REV_VAR_SPORT:
	case SC_REV_VAR_DPORT: case SC_IP_L_VAR: case SC_IP_R_VAR:
	case SC_STATEFUL: case SC_RESPONDER_TUPLES: case SC_ENUMERATE_PORTS:
	case SC_ENUMERATE_IPS:
		return 0;
	default:
		return -1;
	}
}

uint64_t
sc_u(const struct siitconf *sc, int k)
{
	return sc_set(sc, k) ? sc->v[k].u : (uint64_t)sc_default(k);
}

void
sc_origin(const struct siitconf *sc, int k, char *buf, size_t len)
{
	if (sc_set(sc, k))
		snprintf(buf, len, "%s %s (line %u)", sc->v[k].name, sc->v[k].text,
			 sc->v[k].line);
	else
		snprintf(buf, len, "%s not given: siitperf's default %" PRId64,
			 sc_keys[k].name, sc_default(k));
}

void
sc_note(struct sc_tr *t, const char *fmt, ...)
{
	va_list ap;

	if (t->out->nb_notes >= SIITCONF_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(t->out->note[t->out->nb_notes++], SIITCONF_NOTE_LEN, fmt, ap);
	va_end(ap);
}

const struct sc_dir_keys sc_dir[CFG_NB_DIRS] = {
	[CFG_FWD] = { SC_FWD_VAR_SPORT, SC_FWD_VAR_DPORT, SC_FWD_SPORT_MIN,
		      SC_FWD_SPORT_MAX, SC_FWD_DPORT_MIN, SC_FWD_DPORT_MAX },
	[CFG_REV] = { SC_REV_VAR_SPORT, SC_REV_VAR_DPORT, SC_REV_SPORT_MIN,
		      SC_REV_SPORT_MAX, SC_REV_DPORT_MIN, SC_REV_DPORT_MAX },
};

const char *const sc_dir_names[CFG_NB_DIRS] = { "forward", "reverse" };
const int sc_dir_key[CFG_NB_DIRS] = { SC_FORWARD, SC_REVERSE };

int
sc_emit(struct sc_tr *t, const char *section, const char *key, const char *value,
	const char *origin)
{
	const struct cfg_key *k = cfg_key_find(section, key);
	struct siitconf_out *o = t->out;
	struct siitconf_entry *e;
	char why[CFG_ERR_LEN];

	if (k == NULL || o->nb_entries >= SIITCONF_MAX_ENTRIES)
		return cfg_errf(t->err, t->err_len, "internal error: [%s] %s", section, key);
	if (cfg_key_set(&o->cfg, k, value, why, sizeof(why)) != 0)
		return cfg_errf(t->err, t->err_len, "%s: %s: [%s] %s = \"%s\": %s",
				t->sc->path, origin, section, key, value, why);
	e = &o->entry[o->nb_entries++];
	e->section = k->section;
	e->key = k->key;
	cfg_key_format(&o->cfg, k, e->value, sizeof(e->value));
	snprintf(e->origin, sizeof(e->origin), "%s", origin);
	return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf_stateful: siitperf's stateful keys (Stateful, Enumerate-ports,
 * Enumerate-ips, Responder-tuples; its README and the Initiator's and
 * Responder's senders, throughput.cc isend, imsend, rsend) into dutperf's
 * [stateful] section.  DPDK-free.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "siitconf.h"
#include "siitconf_priv.h"

/* [stateful] order by Enumerate-ports / Enumerate-ips (0: not enumerated) */
static const char *const sc_order_names[] = { NULL, "increasing", "decreasing", "random" };

/* Refuse "PATH: KEY1 V1 (line N) with KEY2 V2 (line M): WHY". */
static int
sc_refuse_pair(struct sc_tr *t, int k1, int k2, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int
sc_refuse_pair(struct sc_tr *t, int k1, int k2, const char *fmt, ...)
{
	char a[SIITCONF_VAL_LEN * 2], b[SIITCONF_VAL_LEN * 2], why[CFG_ERR_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	sc_origin(t->sc, k1, a, sizeof(a));
	sc_origin(t->sc, k2, b, sizeof(b));
	return cfg_errf(t->err, t->err_len, "%s: %s with %s: %s", t->sc->path, a, b, why);
}

/*
 * Stateful 1 / 2 (siitperf's checks of the enumerations, then what dutperf
 * cannot run): in the preliminary phase siitperf's Initiator takes each
 * combination of its direction's ports (Enumerate-ports: between their
 * min and max whatever Fwd-var-* says) and of both sides' address slices
 * (Enumerate-ips) once, in one order; dutperf's phase 1 does the same
 * over the ranges its phase 2 varies.
 */
int
sc_check_stateful(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	uint64_t st = sc_u(sc, SC_STATEFUL);
	uint64_t ep = sc_u(sc, SC_ENUMERATE_PORTS), ei = sc_u(sc, SC_ENUMERATE_IPS);
	bool lvar = sc_u(sc, SC_IP_L_VAR) != 0, rvar = sc_u(sc, SC_IP_R_VAR) != 0;
	enum cfg_dir_id idir = sc_init_dir(st);
	enum cfg_side_id resp = cfg_rx_side(idir);
	const struct sc_dir_keys *dk = &sc_dir[idir];
	int var[2] = { dk->var_sport, dk->var_dport };
	int lim[2][2] = { { dk->sport_min, dk->sport_max },
			  { dk->dport_min, dk->dport_max } };
	static const int port_var[4] = { SC_FWD_VAR_SPORT, SC_FWD_VAR_DPORT,
					 SC_REV_VAR_SPORT, SC_REV_VAR_DPORT };
	int pk = SC_NONE;
	unsigned i;

	if (st == 0)
		return 0;
	if (!t->dir_active[idir])
		return sc_refuse_pair(t, SC_STATEFUL, sc_dir_key[idir],
				      "dutperf's stateful tests send the Initiator's direction (%s) in phase 2 too, siitperf's real test here only the Responder's: give %s 1",
				      sc_dir_names[idir], sc_keys[sc_dir_key[idir]].name);
	if (sc_u(sc, sc_side[resp].vers) != 4)
		return sc_refuse_pair(t, SC_STATEFUL, sc_side[resp].vers,
				      "the Responder (the %s side) must speak IPv4 (RFC 9693; siitperf sends its IPv6 Responder frames without the state table)",
				      sc_side_names[resp]);
	/* siitperf's own checks */
	if (ep != 0 && sc_u(sc, sc_side[resp].nets) > 1)
		return sc_refuse_pair(t, SC_ENUMERATE_PORTS, sc_side[resp].nets,
				      "port enumeration needs a single destination network (siitperf refuses it too)");
	if (ep != 0 && ei != 0 && ep != ei)
		return sc_refuse_pair(t, SC_ENUMERATE_PORTS, SC_ENUMERATE_IPS,
				      "both non-zero must be equal (siitperf refuses it too; dutperf enumerates ports and addresses in one order)");
	if (ep != 0 && ei == 0 && (lvar || rvar))
		return sc_refuse_pair(t, SC_ENUMERATE_PORTS, lvar ? SC_IP_L_VAR : SC_IP_R_VAR,
				      "with varying addresses Enumerate-ips must be non-zero too (siitperf refuses it too)");
	for (i = 0; i < 4 && pk == SC_NONE; i++)	/* siitperf: either direction */
		if (sc_u(sc, port_var[i]) != 0)
			pk = port_var[i];
	if (ei != 0 && ep == 0 && pk != SC_NONE)
		return sc_refuse_pair(t, SC_ENUMERATE_IPS, pk,
				      "with varying ports Enumerate-ports must be non-zero too (siitperf refuses it too)");
	if (ei != 0 && (!lvar || !rvar))
		return sc_refuse_pair(t, SC_ENUMERATE_IPS, lvar ? SC_IP_R_VAR : SC_IP_L_VAR,
				      "IP address enumeration needs IP-L-var and IP-R-var non-zero (siitperf refuses it too)");
	/* dutperf: phase 1 enumerates the ranges phase 2 varies */
	for (i = 0; i < 2 && ep != 0; i++)
		if (sc_u(sc, var[i]) == 0)
			return sc_refuse_pair(t, SC_ENUMERATE_PORTS, var[i],
					      "siitperf enumerates %s..%s in the preliminary phase but sends a fixed port in the real test; dutperf's phase 1 enumerates the ranges phase 2 varies: give %s 1, 2 or 3",
					      sc_keys[lim[i][0]].name, sc_keys[lim[i][1]].name,
					      sc_keys[var[i]].name);
	return 0;
}

/* [stateful] from Stateful, Enumerate-ports / Enumerate-ips, Responder-tuples. */
int
sc_stateful(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	uint64_t st = sc_u(sc, SC_STATEFUL);
	uint64_t ep = sc_u(sc, SC_ENUMERATE_PORTS), ei = sc_u(sc, SC_ENUMERATE_IPS);
	char origin[SIITCONF_VAL_LEN * 4 + 8], a[SIITCONF_VAL_LEN * 2], b[SIITCONF_VAL_LEN * 2];

	if (st == 0)
		return 0;
	sc_origin(sc, SC_STATEFUL, origin, sizeof(origin));
	if (sc_emit(t, "stateful", "initiator",
		    sc_side_names[cfg_tx_side(sc_init_dir(st))], origin))
		return -EINVAL;
	/* sc_check_stateful: non-zero ones are equal */
	sc_origin(sc, SC_ENUMERATE_PORTS, a, sizeof(a));
	sc_origin(sc, SC_ENUMERATE_IPS, b, sizeof(b));
	snprintf(origin, sizeof(origin), "%s, %s%s", a, b,
		 ep == 0 && ei == 0 ? ": not translated (see the notes)" : "");
	if (sc_emit(t, "stateful", "order", sc_order_names[ep != 0 ? ep : ei != 0 ? ei : 3],
		    origin))
		return -EINVAL;
	sc_origin(sc, SC_RESPONDER_TUPLES, origin, sizeof(origin));
	return sc_emit(t, "stateful", "responder_tuple",
		       sc_var_names[sc_u(sc, SC_RESPONDER_TUPLES)], origin);
}

/* What a stateful translation leaves to the user. */
void
sc_stateful_notes(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	uint64_t st = sc_u(sc, SC_STATEFUL);
	enum cfg_side_id is = cfg_tx_side(sc_init_dir(st)), s;
	const struct siitconf_val *v = &sc->v[SC_STATEFUL], *rt = &sc->v[SC_RESPONDER_TUPLES];
	int virt = sc_side[is].ipv4_virt;
	char what[SIITCONF_VAL_LEN * 2];

	if (st == 0) {
		if (sc_u(sc, SC_RESPONDER_TUPLES) != 0)
			sc_note(t, "%s \"%s\" (line %u): not translated: Stateful 0 is a stateless test (siitperf ignores it too)",
				rt->name, rt->text, rt->line);
		return;
	}
	sc_note(t, "%s \"%s\" (line %u): siitperf-tp's arguments N M R T D (after <n> <m>) are [stateful] frames, table_size, rate_fps, timeout_ms, delay_ms (not set: dutperf's defaults); its stateful throughput test is mode stateful, frame loss rate, latency and PDV are loss, latency, pdv --stateful",
		v->name, v->text, v->line);
	if (sc_set(sc, virt))
		snprintf(what, sizeof(what), "%s \"%s\" (line %u)", sc->v[virt].name,
			 sc->v[virt].text, sc->v[virt].line);
	else
		snprintf(what, sizeof(what), "%s not given", sc_keys[virt].name);
	sc_note(t, "%s: siitperf's stateful tests do not use it, but dutperf's Responder takes the Initiator's frames only from [%s] ipv4_virt: set it to the DUT's public IPv4 address (the source address the NAT gives them)",
		what, sc_side_names[is]);
	if (sc_u(sc, SC_ENUMERATE_PORTS) == 0 && sc_u(sc, SC_ENUMERATE_IPS) == 0)
		sc_note(t, "Enumerate-ports 0, Enumerate-ips 0: not translated: siitperf's preliminary frames then take their ports and addresses as the real test's do (combinations may repeat); dutperf's phase 1 takes each combination once: [stateful] order = random");
	for (s = 0; s < CFG_NB_SIDES && sc_u(sc, SC_ENUMERATE_IPS) != 0; s++) {
		int var = sc_side[s].var;

		if (sc_u(sc, var) != 0 && !t->slice_ok[s])
			sc_note(t, "%s \"%s\" (line %u): dutperf enumerates only the address slices it varies; %s %s is left fixed (see above), so phase 1 has fewer combinations than siitperf's",
				sc->v[SC_ENUMERATE_IPS].name, sc->v[SC_ENUMERATE_IPS].text,
				sc->v[SC_ENUMERATE_IPS].line, sc->v[var].name, sc->v[var].text);
	}
}

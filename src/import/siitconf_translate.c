/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf_translate: a siitperf.conf read by siitconf.c into dutperf's
 * keys: siitperf's own checks, what dutperf cannot run, the keys emitted
 * with their origin, and the notes on what is left to the user; the
 * stateful keys are siitconf_stateful.c.  DPDK-free.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cli.h"
#include "siitconf.h"
#include "siitconf_priv.h"

/* Emit a key from siitperf key sk's value (number or text). */
static int
sc_emit_key(struct sc_tr *t, const char *section, const char *key, int sk)
{
	char origin[SIITCONF_VAL_LEN * 2], value[SIITCONF_VAL_LEN];

	sc_origin(t->sc, sk, origin, sizeof(origin));
	if (sc_keys[sk].type == SCT_U || sc_keys[sk].type == SCT_UHEX ||
	    sc_keys[sk].type == SCT_VERS)
		snprintf(value, sizeof(value), "%" PRIu64, sc_u(t->sc, sk));
	else
		snprintf(value, sizeof(value), "%s", t->sc->v[sk].text);
	return sc_emit(t, section, key, value, origin);
}

int
sc_missing(struct sc_tr *t, int k, const char *why)
{
	return cfg_errf(t->err, t->err_len, "%s: %s not given: %s", t->sc->path,
			sc_keys[k].name, why);
}

/* siitperf's own checks after reading (it refuses these too). */
static int
sc_check_siitperf(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	uint64_t stateful = sc_u(sc, SC_STATEFUL);
	bool fwd = sc_u(sc, SC_FORWARD) != 0, rev = sc_u(sc, SC_REVERSE) != 0;
	int k;

	if (!fwd && !rev) {
		char why[128] = "";

		if (stateful != 0)
			snprintf(why, sizeof(why),
				 " (dutperf has no stateful test without the Initiator's direction: give %s 1; phase 1 alone is mode connrate)",
				 sc_keys[sc_dir_key[sc_init_dir(stateful)]].name);
		return cfg_errf(t->err, t->err_len,
				"%s: Forward 0 and Reverse 0: no active direction%s",
				sc->path, why);
	}
	if ((stateful == 1 || fwd) &&
	    (!sc_set(sc, SC_CPU_L_SEND) || !sc_set(sc, SC_CPU_R_RECV)))
		return sc_missing(t, sc_set(sc, SC_CPU_L_SEND) ? SC_CPU_R_RECV : SC_CPU_L_SEND,
				  "the forward direction (left to right) needs a sender and a receiver lcore");
	if ((stateful == 2 || rev) &&
	    (!sc_set(sc, SC_CPU_R_SEND) || !sc_set(sc, SC_CPU_L_RECV)))
		return sc_missing(t, sc_set(sc, SC_CPU_R_SEND) ? SC_CPU_L_RECV : SC_CPU_R_SEND,
				  "the reverse direction (right to left) needs a sender and a receiver lcore");
	for (k = SC_ENUMERATE_PORTS; k <= SC_ENUMERATE_IPS; k++)
		if (stateful == 0 && sc_u(sc, k) != 0)
			return cfg_errf(t->err, t->err_len,
					"%s: %s \"%s\": enumeration needs a stateful test (Stateful 0) (line %u)",
					sc->path, sc->v[k].name, sc->v[k].text, sc->v[k].line);
	if ((sc_u(sc, SC_IP_L_VAR) || sc_u(sc, SC_IP_R_VAR)) &&
	    (sc_u(sc, SC_NUM_L_NETS) > 1 || sc_u(sc, SC_NUM_R_NETS) > 1))
		return cfg_errf(t->err, t->err_len,
				"%s: IP-L-var %" PRIu64 ", IP-R-var %" PRIu64 " with Num-L-Nets %" PRIu64 ", Num-R-Nets %" PRIu64 ": varying IP addresses need a single destination network",
				sc->path, sc_u(sc, SC_IP_L_VAR), sc_u(sc, SC_IP_R_VAR),
				sc_u(sc, SC_NUM_L_NETS), sc_u(sc, SC_NUM_R_NETS));
	return 0;
}

/* The key of side s's address of version v that peers see (real/virtual). */
static int
sc_seen_key(const struct siitconf *sc, enum cfg_side_id s, unsigned v)
{
	const struct sc_side_keys *k = &sc_side[s];
	bool real = sc_u(sc, k->vers) == v;

	if (v == 4)
		return real ? k->ipv4 : k->ipv4_virt;
	return real ? k->ipv6 : k->ipv6_virt;
}

/* Addresses and MACs the foreground frames of active directions use. */
static int
sc_check_addresses(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	unsigned d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		enum cfg_side_id tx = cfg_tx_side(d), rx = cfg_rx_side(d);
		unsigned v = (unsigned)sc_u(sc, sc_side[tx].vers);
		int need[4], i, dst;

		if (!t->dir_active[d])
			continue;
		dst = sc_seen_key(sc, rx, v);
		need[0] = v == 4 ? sc_side[tx].ipv4 : sc_side[tx].ipv6;
		need[1] = dst;
		need[2] = sc_side[tx].mac;
		need[3] = sc_side[tx].dut_mac;
		for (i = 0; i < 4; i++)
			if (!sc_set(sc, need[i]))
				return cfg_errf(t->err, t->err_len,
						"%s: %s not given: the %s frames use it and siitperf has no default (it would send an unset address)",
						sc->path, sc_keys[need[i]].name, sc_dir_names[d]);
		/* siitperf writes the network number over the byte; dutperf
		 * counts up from the byte's value: equal only from 0. */
		if (sc_u(sc, sc_side[rx].nets) > 1 &&
		    sc->v[dst].addr[v == 4 ? 2 : 7] != 0)
			return cfg_errf(t->err, t->err_len,
					"%s: %s \"%s\" with %s %" PRIu64 ": siitperf overwrites byte %u of this destination with the network number 0..%" PRIu64 " (dutperf counts up from the byte's value); make byte %u zero (line %u)",
					sc->path, sc->v[dst].name, sc->v[dst].text,
					sc_keys[sc_side[rx].nets].name,
					sc_u(sc, sc_side[rx].nets), v == 4 ? 3 : 8,
					sc_u(sc, sc_side[rx].nets) - 1, v == 4 ? 3 : 8,
					sc->v[dst].line);
	}
	return 0;
}

/* A port or IP range bound that a spilling key set to 0 (not given itself). */
static int
sc_check_spilled_default(struct sc_tr *t, int k)
{
	const struct siitconf *sc = t->sc;
	unsigned i;

	if (sc_set(sc, k) || sc_default(k) <= 0)
		return 0;
	for (i = 0; i < SC_NB_KEYS; i++)
		if (sc_keys[i].spills_into == k && sc_set(sc, (int)i))
			return cfg_errf(t->err, t->err_len,
					"%s: %s \"%s\": siitperf stores it as 32 bits into a 16-bit field and so sets %s to 0, not to its default %" PRId64 "; give %s after line %u",
					sc->path, sc->v[i].name, sc->v[i].text,
					sc_keys[k].name, sc_default(k), sc_keys[k].name,
					sc->v[i].line);
	return 0;
}

/* min <= max of a used range (siitperf does not check it). */
static int
sc_check_range(struct sc_tr *t, int kmin, int kmax)
{
	const struct siitconf *sc = t->sc;
	char a[SIITCONF_VAL_LEN * 2], b[SIITCONF_VAL_LEN * 2];

	if (sc_check_spilled_default(t, kmin) || sc_check_spilled_default(t, kmax))
		return -EINVAL;
	if (sc_u(sc, kmin) <= sc_u(sc, kmax))
		return 0;
	sc_origin(sc, kmin, a, sizeof(a));
	sc_origin(sc, kmax, b, sizeof(b));
	return cfg_errf(t->err, t->err_len, "%s: %s > %s: an empty range", sc->path, a, b);
}

static int
sc_ports(struct sc_tr *t)
{
	unsigned d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct sc_dir_keys *k = &sc_dir[d];
		const char *sec = sc_dir_names[d];
		uint64_t vs = sc_u(t->sc, k->var_sport), vd = sc_u(t->sc, k->var_dport);
		char origin[SIITCONF_VAL_LEN * 2];

		if (t->dir_active[d] && vs != 0 && sc_check_range(t, k->sport_min, k->sport_max))
			return -EINVAL;
		if (t->dir_active[d] && vd != 0 && sc_check_range(t, k->dport_min, k->dport_max))
			return -EINVAL;
		sc_origin(t->sc, k->var_sport, origin, sizeof(origin));
		if (sc_emit(t, sec, "sport_mode", sc_var_names[vs], origin) ||
		    sc_emit_key(t, sec, "sport_min", k->sport_min) ||
		    sc_emit_key(t, sec, "sport_max", k->sport_max))
			return -EINVAL;
		sc_origin(t->sc, k->var_dport, origin, sizeof(origin));
		if (sc_emit(t, sec, "dport_mode", sc_var_names[vd], origin) ||
		    sc_emit_key(t, sec, "dport_min", k->dport_min) ||
		    sc_emit_key(t, sec, "dport_max", k->dport_max))
			return -EINVAL;
	}
	return 0;
}

/*
 * IP-X-var: siitperf varies 16 bits of side X's addresses at the offset of
 * their version; dutperf varies the low 16 bits (IPv4 offset 2, IPv6 14).
 * X's addresses are used in the versions the active senders speak.
 */
static int
sc_check_ip_var(struct sc_tr *t, enum cfg_side_id s)
{
	const struct siitconf *sc = t->sc;
	const struct sc_side_keys *k = &sc_side[s];
	unsigned d;

	t->slice_ok[s] = false;
	if (sc_u(sc, k->var) == 0)
		return 0;
	if (!sc_set(sc, k->min) || !sc_set(sc, k->max))
		return sc_missing(t, sc_set(sc, k->min) ? k->max : k->min,
				  "IP address variation needs its range and siitperf has no default");
	if (sc_check_range(t, k->min, k->max))
		return -EINVAL;
	t->slice_ok[s] = true;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		unsigned v = (unsigned)sc_u(sc, sc_side[cfg_tx_side(d)].vers);
		int off = v == 4 ? k->off4 : k->off6;
		uint64_t want = v == 4 ? 2 : 14;

		if (!t->dir_active[d])
			continue;
		if (!sc_set(sc, off))
			return cfg_errf(t->err, t->err_len,
					"%s: %s not given: %s %s varies IPv%u addresses and siitperf has no default offset for them",
					sc->path, sc_keys[off].name, sc->v[k->var].name,
					sc->v[k->var].text, v);
		/* siitperf masks the right IPv4 addresses with the left offset */
		if (s == CFG_RIGHT && v == 4 &&
		    (!sc_set(sc, SC_IPV4_L_OFFSET) ||
		     sc_u(sc, SC_IPV4_L_OFFSET) != sc_u(sc, SC_IPV4_R_OFFSET)))
			return cfg_errf(t->err, t->err_len,
					"%s: IP-R-var %" PRIu64 " with IPv4-R-offset %" PRIu64 " (line %u): siitperf clears the right IPv4 address's bits at IPv4-L-offset (%s), not at IPv4-R-offset; give IPv4-L-offset %" PRIu64,
					sc->path, sc_u(sc, k->var), sc_u(sc, off),
					sc->v[off].line,
					sc_set(sc, SC_IPV4_L_OFFSET) ? sc->v[SC_IPV4_L_OFFSET].text : "not given",
					sc_u(sc, off));
		if (sc_u(sc, off) != want && t->slice_ok[s]) {
			t->slice_ok[s] = false;
			sc_note(t, "%s \"%s\" (line %u): not translated: dutperf varies the low 16 bits of an address (%s %" PRIu64 "); %s %s is left fixed",
				sc->v[off].name, sc->v[off].text, sc->v[off].line,
				sc_keys[off].name, want, sc->v[k->var].name,
				sc->v[k->var].text);
		}
	}
	return 0;
}

/* [forward] / [reverse] src_slice and dst_slice from IP-L-var / IP-R-var. */
static int
sc_slices(struct sc_tr *t)
{
	static const char *const which[2] = { "src_slice", "dst_slice" };
	unsigned d, end;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		for (end = 0; end < 2; end++) {
			enum cfg_side_id s = end == 0 ? cfg_tx_side(d) : cfg_rx_side(d);
			const struct sc_side_keys *k = &sc_side[s];
			char key[32], origin[SIITCONF_VAL_LEN * 2];
			uint64_t mode = t->slice_ok[s] ? sc_u(t->sc, k->var) : 0;

			sc_origin(t->sc, k->var, origin, sizeof(origin));
			if (!t->slice_ok[s] && sc_u(t->sc, k->var) != 0)
				snprintf(origin, sizeof(origin), "%s %s: not translated (see the notes)",
					 t->sc->v[k->var].name, t->sc->v[k->var].text);
			snprintf(key, sizeof(key), "%s_mode", which[end]);
			if (sc_emit(t, sc_dir_names[d], key, sc_var_names[mode], origin))
				return -EINVAL;
			if (mode == 0)
				continue;
			snprintf(key, sizeof(key), "%s_min", which[end]);
			if (sc_emit_key(t, sc_dir_names[d], key, k->min))
				return -EINVAL;
			snprintf(key, sizeof(key), "%s_max", which[end]);
			if (sc_emit_key(t, sc_dir_names[d], key, k->max))
				return -EINVAL;
		}
	}
	return 0;
}

static int
sc_emit_lcore(struct sc_tr *t, const char *section, const char *key, int sk)
{
	char origin[SIITCONF_VAL_LEN * 2];

	if (sc_set(t->sc, sk))
		return sc_emit_key(t, section, key, sk);
	snprintf(origin, sizeof(origin), "%s not given", sc_keys[sk].name);
	return sc_emit(t, section, key, "none", origin);
}

static int
sc_sides(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	unsigned s, i;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		const struct sc_side_keys *k = &sc_side[s];
		const char *sec = sc_side_names[s];
		const struct { const char *key; int sk; } addr[] = {
			{ "ipv4", k->ipv4 }, { "ipv6", k->ipv6 },
			{ "ipv4_virt", k->ipv4_virt }, { "ipv6_virt", k->ipv6_virt },
			{ "mac", k->mac }, { "dut_mac", k->dut_mac },
		};

		if (sc_emit_key(t, sec, "ip_version", k->vers))
			return -EINVAL;
		for (i = 0; i < sizeof(addr) / sizeof(addr[0]); i++)
			if (sc_set(sc, addr[i].sk) &&
			    sc_emit_key(t, sec, addr[i].key, addr[i].sk))
				return -EINVAL;
		if (sc_emit_key(t, sec, "num_nets", k->nets) ||
		    sc_emit_lcore(t, sec, "send_lcore", k->send) ||
		    sc_emit_lcore(t, sec, "recv_lcore", k->recv))
			return -EINVAL;
		/* background frames (n > m) are native IPv6 to the real address */
		if (sc_u(sc, k->nets) > 1 && sc_set(sc, k->ipv6) && sc->v[k->ipv6].addr[7] != 0)
			sc_note(t, "%s \"%s\" (line %u) with %s %" PRIu64 ": background frames (n > m) differ: siitperf overwrites byte 8 with the network number, dutperf counts up from it",
				sc->v[k->ipv6].name, sc->v[k->ipv6].text, sc->v[k->ipv6].line,
				sc_keys[k->nets].name, sc_u(sc, k->nets));
	}
	return 0;
}

static int
sc_traffic(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	const char *dir = t->dir_active[CFG_FWD] ?
			  (t->dir_active[CFG_REV] ? "both" : "forward") : "reverse";
	char origin[SIITCONF_VAL_LEN * 4 + 8], a[SIITCONF_VAL_LEN * 2], b[SIITCONF_VAL_LEN * 2];
	uint8_t lv = (uint8_t)sc_u(sc, SC_IP_L_VERS), rv = (uint8_t)sc_u(sc, SC_IP_R_VERS);

	sc_origin(sc, SC_FORWARD, a, sizeof(a));
	sc_origin(sc, SC_REVERSE, b, sizeof(b));
	snprintf(origin, sizeof(origin), "%s, %s", a, b);
	if (sc_emit(t, "traffic", "direction", dir, origin) ||
	    sc_emit_key(t, "traffic", "promisc", SC_PROMISC))
		return -EINVAL;
	/* siitperf's frame size (its first argument) is always the IPv6 size,
	 * at least 84; dutperf's default 64 is too small for IPv6 frames. */
	if ((lv != rv || lv == 6 || rv == 6) &&
	    sc_emit(t, "traffic", "frame_size_b", "84",
		    "siitperf's smallest frame size (its first argument; dutperf -s)"))
		return -EINVAL;
	return 0;
}

/* Keys read but not translated, and the EAL's command line. */
static void
sc_notes(struct sc_tr *t)
{
	const struct siitconf *sc = t->sc;
	char lcores[64] = "0";
	size_t used = 1;
	unsigned i;
	int cpus[4] = { SC_CPU_L_SEND, SC_CPU_R_RECV, SC_CPU_R_SEND, SC_CPU_L_RECV };

	for (i = 0; i < 4; i++) {
		if (!t->dir_active[i / 2] || !sc_set(sc, cpus[i]))
			continue;
		used += (size_t)snprintf(lcores + used, sizeof(lcores) - used, ",%s",
					 sc->v[cpus[i]].text);
		if (used >= sizeof(lcores))
			break;
	}
	if (sc_set(sc, SC_MEM_CHANNELS))
		sc_note(t, "%s \"%s\" (line %u): not translated: an EAL option; give it on dutperf's command line before \"--\": dutperf -l %s -n %s -- MODE -c FILE",
			sc->v[SC_MEM_CHANNELS].name, sc->v[SC_MEM_CHANNELS].text,
			sc->v[SC_MEM_CHANNELS].line, lcores, sc->v[SC_MEM_CHANNELS].text);
	else
		sc_note(t, "CPU keys: the EAL needs their lcores and siitperf's main lcore 0: dutperf -l %s -- MODE -c FILE",
			lcores);
	sc_stateful_notes(t);
}

int
siitconf_translate(const struct siitconf *sc, struct siitconf_out *out,
		   char *err, size_t err_len)
{
	struct sc_tr t = { sc, out, err, err_len, { false, false }, { false, false } };
	char why[CFG_ERR_LEN];

	memset(out, 0, sizeof(*out));
	cfg_defaults(&out->cfg);
	t.dir_active[CFG_FWD] = sc_u(sc, SC_FORWARD) != 0;
	t.dir_active[CFG_REV] = sc_u(sc, SC_REVERSE) != 0;
	if (sc_check_siitperf(&t) || sc_check_stateful(&t) || sc_check_addresses(&t) ||
	    sc_check_ip_var(&t, CFG_LEFT) || sc_check_ip_var(&t, CFG_RIGHT))
		return -EINVAL;
	if (sc_sides(&t) || sc_ports(&t) || sc_slices(&t) || sc_traffic(&t) ||
	    sc_stateful(&t))
		return -EINVAL;
	sc_notes(&t);
	if (cli_validate(&out->cfg, why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: dutperf rejects the translation: %s",
				sc->path, why);
	return 0;
}

void
siitconf_write_ini(const struct siitconf *sc, const struct siitconf_out *out,
		   FILE *f)
{
	static const char *const order[] = { "left", "right", "forward", "reverse", "traffic",
					     "stateful" };
	const char *sec;
	unsigned i, s;

	fprintf(f, "; dutperf configuration translated by dutperf-import-siitperf from\n"
		";   %s\n"
		"; Each key names the siitperf key it comes from; keys not listed keep\n"
		"; dutperf's defaults (docs/configuration.md).  siitperf's arguments\n"
		"; <IPv6 size> <rate> <duration> <global timeout> <n> <m> are dutperf's\n"
		"; options -s -r -d -t --n --m (-s is the IPv4 size when both sides\n"
		"; speak IPv4: siitperf's size - 20).\n", sc->path);
	/* grouped by section, in cfg_print's order */
	for (s = 0; s < sizeof(order) / sizeof(order[0]); s++) {
		sec = NULL;
		for (i = 0; i < out->nb_entries; i++) {
			const struct siitconf_entry *e = &out->entry[i];

			if (strcmp(e->section, order[s]) != 0)
				continue;
			if (sec == NULL) {
				fprintf(f, "\n[%s]\n", e->section);
				sec = e->section;
			}
			fprintf(f, "; %s\n%s = %s\n", e->origin, e->key, e->value);
		}
	}
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf: siitperf.conf reader and its translation into dutperf's keys.
 * DPDK-free.  What siitperf's reader does was learnt from its public
 * source (throughput.cc readConfigFile, throughput.h), what its stateful
 * keys mean from its README and the Initiator's and Responder's senders
 * (throughput.cc isend, imsend, rsend); see docs/configuration.md
 * "Importing a siitperf.conf".
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "dutperf/siitconf.h"

enum sc_type {
	SCT_U = 0,	/* unsigned decimal in [min, max] */
	SCT_UHEX,	/* the same, or 0x hex (siitperf reads these with %i) */
	SCT_VERS,	/* an IP version: 4 or 6 */
	SCT_IPV4,
	SCT_IPV6,
	SCT_MAC
};

#define NONE (-1)

struct sc_keydef {
	const char *name;
	const char *alias;	/* an older spelling siitperf also read */
	enum sc_type type;
	uint64_t min, max;
	/*
	 * siitperf reads this 16-bit field with a 32-bit conversion (%u, %i):
	 * the upper half of the value lands in the field stored after it,
	 * which is this key (NONE when the conversion fits).
	 */
	int spills_into;
};

/* In siitperf's order; ranges are siitperf's own checks, made strict. */
static const struct sc_keydef sc_keys[SC_NB_KEYS] = {
	[SC_IP_L_VERS] = { "IP-L-Vers", NULL, SCT_VERS, 4, 6, NONE },
	[SC_IP_R_VERS] = { "IP-R-Vers", NULL, SCT_VERS, 4, 6, NONE },
	[SC_IPV6_L_REAL] = { "IPv6-L-Real", NULL, SCT_IPV6, 0, 0, NONE },
	[SC_IPV6_L_VIRT] = { "IPv6-L-Virt", NULL, SCT_IPV6, 0, 0, NONE },
	[SC_IPV6_R_REAL] = { "IPv6-R-Real", NULL, SCT_IPV6, 0, 0, NONE },
	[SC_IPV6_R_VIRT] = { "IPv6-R-Virt", NULL, SCT_IPV6, 0, 0, NONE },
	[SC_IPV4_L_REAL] = { "IPv4-L-Real", NULL, SCT_IPV4, 0, 0, NONE },
	[SC_IPV4_L_VIRT] = { "IPv4-L-Virt", NULL, SCT_IPV4, 0, 0, NONE },
	[SC_IPV4_R_REAL] = { "IPv4-R-Real", NULL, SCT_IPV4, 0, 0, NONE },
	[SC_IPV4_R_VIRT] = { "IPv4-R-Virt", NULL, SCT_IPV4, 0, 0, NONE },
	[SC_MAC_L_TESTER] = { "MAC-L-Tester", NULL, SCT_MAC, 0, 0, NONE },
	[SC_MAC_R_TESTER] = { "MAC-R-Tester", NULL, SCT_MAC, 0, 0, NONE },
	[SC_MAC_L_DUT] = { "MAC-L-DUT", NULL, SCT_MAC, 0, 0, NONE },
	[SC_MAC_R_DUT] = { "MAC-R-DUT", NULL, SCT_MAC, 0, 0, NONE },
	[SC_NUM_L_NETS] = { "Num-L-Nets", NULL, SCT_U, 1, 256, NONE },
	[SC_NUM_R_NETS] = { "Num-R-Nets", NULL, SCT_U, 1, 256, NONE },
	[SC_FORWARD] = { "Forward", NULL, SCT_U, 0, 1, NONE },
	[SC_REVERSE] = { "Reverse", NULL, SCT_U, 0, 1, NONE },
	[SC_PROMISC] = { "Promisc", NULL, SCT_U, 0, 1, NONE },
	[SC_CPU_L_SEND] = { "CPU-L-Send", NULL, SCT_U, 0, CFG_MAX_LCORE, NONE },
	[SC_CPU_R_RECV] = { "CPU-R-Recv", NULL, SCT_U, 0, CFG_MAX_LCORE, NONE },
	[SC_CPU_R_SEND] = { "CPU-R-Send", NULL, SCT_U, 0, CFG_MAX_LCORE, NONE },
	[SC_CPU_L_RECV] = { "CPU-L-Recv", NULL, SCT_U, 0, CFG_MAX_LCORE, NONE },
	[SC_MEM_CHANNELS] = { "MEM-Channels", NULL, SCT_U, 1, 255, NONE },
	[SC_FWD_VAR_SPORT] = { "Fwd-var-sport", NULL, SCT_U, 0, 3, NONE },
	[SC_FWD_VAR_DPORT] = { "Fwd-var-dport", NULL, SCT_U, 0, 3, NONE },
	[SC_REV_VAR_SPORT] = { "Rev-var-sport", NULL, SCT_U, 0, 3, NONE },
	[SC_REV_VAR_DPORT] = { "Rev-var-dport", NULL, SCT_U, 0, 3, NONE },
	[SC_FWD_SPORT_MIN] = { "Fwd-sport-min", NULL, SCT_U, 0, 65535, SC_FWD_SPORT_MAX },
	[SC_FWD_SPORT_MAX] = { "Fwd-sport-max", NULL, SCT_U, 0, 65535, SC_FWD_DPORT_MIN },
	[SC_FWD_DPORT_MIN] = { "Fwd-dport-min", NULL, SCT_U, 0, 65535, SC_FWD_DPORT_MAX },
	[SC_FWD_DPORT_MAX] = { "Fwd-dport-max", NULL, SCT_U, 0, 65535, SC_REV_SPORT_MIN },
	[SC_REV_SPORT_MIN] = { "Rev-sport-min", NULL, SCT_U, 0, 65535, SC_REV_SPORT_MAX },
	[SC_REV_SPORT_MAX] = { "Rev-sport-max", NULL, SCT_U, 0, 65535, SC_REV_DPORT_MIN },
	[SC_REV_DPORT_MIN] = { "Rev-dport-min", NULL, SCT_U, 0, 65535, SC_REV_DPORT_MAX },
	[SC_REV_DPORT_MAX] = { "Rev-dport-max", NULL, SCT_U, 0, 65535, SC_IP_L_VAR },
	[SC_IP_L_VAR] = { "IP-L-var", NULL, SCT_U, 0, 3, NONE },
	[SC_IP_R_VAR] = { "IP-R-var", NULL, SCT_U, 0, 3, NONE },
	[SC_IP_L_MIN] = { "IP-L-min", NULL, SCT_UHEX, 0, 65535, SC_IP_L_MAX },
	[SC_IP_L_MAX] = { "IP-L-max", NULL, SCT_UHEX, 0, 65535, SC_IP_R_MIN },
	[SC_IP_R_MIN] = { "IP-R-min", NULL, SCT_UHEX, 0, 65535, SC_IP_R_MAX },
	[SC_IP_R_MAX] = { "IP-R-max", NULL, SCT_UHEX, 0, 65535, SC_IPV4_L_OFFSET },
	[SC_IPV4_L_OFFSET] = { "IPv4-L-offset", NULL, SCT_U, 1, 2, SC_IPV4_R_OFFSET },
	[SC_IPV6_L_OFFSET] = { "IPv6-L-offset", NULL, SCT_U, 6, 14, SC_IPV6_R_OFFSET },
	[SC_IPV4_R_OFFSET] = { "IPv4-R-offset", NULL, SCT_U, 1, 2, SC_IPV6_L_OFFSET },
	[SC_IPV6_R_OFFSET] = { "IPv6-R-offset", NULL, SCT_U, 6, 14, SC_STATEFUL },
	[SC_STATEFUL] = { "Stateful", NULL, SCT_U, 0, 2, NONE },
	[SC_RESPONDER_TUPLES] = { "Responder-tuples", "Responder-ports", SCT_U, 0, 3, NONE },
	[SC_ENUMERATE_PORTS] = { "Enumerate-ports", NULL, SCT_U, 0, 3, NONE },
	[SC_ENUMERATE_IPS] = { "Enumerate-ips", NULL, SCT_U, 0, 3, NONE },
};

const char *
siitconf_key_name(enum siitconf_key_id k)
{
	return (unsigned)k < SC_NB_KEYS ? sc_keys[k].name : "?";
}

/* ----------------------------------------------------------------- reader */

static int
sc_find(const char *name)
{
	unsigned i;

	for (i = 0; i < SC_NB_KEYS; i++)
		if (strcmp(sc_keys[i].name, name) == 0 ||
		    (sc_keys[i].alias != NULL && strcmp(sc_keys[i].alias, name) == 0))
			return (int)i;
	return NONE;
}

static int
sc_find_nocase(const char *name)
{
	unsigned i;

	for (i = 0; i < SC_NB_KEYS; i++)
		if (strcasecmp(sc_keys[i].name, name) == 0)
			return (int)i;
	return NONE;
}

/* IP-L-min etc.: decimal or 0x hex; a leading 0 is octal to siitperf. */
static int
sc_parse_uhex(const char *s, uint64_t max, uint64_t *out, char *err,
	      size_t err_len)
{
	uint64_t v = 0;
	const char *p;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return cfg_parse_u64(s, 0, max, out, err, err_len);
	if (s[2] == '\0' || strlen(s) > 2 + 8)
		return cfg_errf(err, err_len, "not a hexadecimal number");
	for (p = s + 2; *p != '\0'; p++) {
		if (!isxdigit((unsigned char)*p))
			return cfg_errf(err, err_len, "not a hexadecimal number");
		v = v * 16 + (uint64_t)(isdigit((unsigned char)*p) ? *p - '0' :
					(tolower((unsigned char)*p) - 'a' + 10));
	}
	if (v > max)
		return cfg_errf(err, err_len, "out of range 0..%" PRIu64, max);
	*out = v;
	return 0;
}

static int
sc_parse_value(const struct sc_keydef *k, const char *s, struct siitconf_val *v,
	       char *err, size_t err_len)
{
	switch (k->type) {
	case SCT_U:
		return cfg_parse_u64(s, k->min, k->max, &v->u, err, err_len);
	case SCT_VERS:
		if (strcmp(s, "4") != 0 && strcmp(s, "6") != 0)
			return cfg_errf(err, err_len, "not an IP version (4 or 6)");
		v->u = (uint64_t)(s[0] - '0');
		return 0;
	case SCT_UHEX:
		if (s[0] == '0' && isdigit((unsigned char)s[1]))
			return cfg_errf(err, err_len,
					"leading zero: siitperf reads it as octal (%s = %lu)",
					s, strtoul(s, NULL, 8));
		return sc_parse_uhex(s, k->max, &v->u, err, err_len);
	case SCT_IPV4:
		return cfg_parse_ipv4(s, v->addr, err, err_len);
	case SCT_IPV6:
		return cfg_parse_ipv6(s, v->addr, err, err_len);
	case SCT_MAC:
		return cfg_parse_mac(s, v->addr, err, err_len);
	}
	return cfg_errf(err, err_len, "internal error: unknown key type");
}

static char *
sc_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* One non-empty line without its comment. */
static int
sc_parse_line(struct siitconf *sc, char *s, unsigned lineno, char *err,
	      size_t err_len)
{
	const char *path = sc->path;
	char why[CFG_ERR_LEN];
	char *val, *sp;
	int id;

	val = s + strcspn(s, " \t");
	if (*val != '\0')
		*val++ = '\0';
	val = sc_trim(val);
	id = sc_find(s);
	if (id == NONE) {
		int near = sc_find_nocase(s);

		if (near != NONE)
			return cfg_errf(err, err_len,
					"%s: %s \"%s\": unknown key (keys are case-sensitive: %s?) (line %u)",
					path, s, val, sc_keys[near].name, lineno);
		return cfg_errf(err, err_len, "%s: %s \"%s\": unknown key (line %u)",
				path, s, val, lineno);
	}
	if (*val == '\0')
		return cfg_errf(err, err_len, "%s: %s: no value (line %u)", path, s,
				lineno);
	sp = val + strcspn(val, " \t");
	if (*sp != '\0')
		return cfg_errf(err, err_len,
				"%s: %s \"%s\": text after the value (siitperf ignores \"%s\" silently; one key per line) (line %u)",
				path, s, val, sc_trim(sp), lineno);
	if (sc->v[id].line != 0)
		return cfg_errf(err, err_len,
				"%s: %s \"%s\": duplicate key (first set as %s on line %u; siitperf keeps the last silently) (line %u)",
				path, s, val, sc->v[id].name, sc->v[id].line, lineno);
	if (strlen(val) >= SIITCONF_VAL_LEN)
		return cfg_errf(err, err_len, "%s: %s \"%.20s...\": value too long (line %u)",
				path, s, val, lineno);
	if (sc_parse_value(&sc_keys[id], val, &sc->v[id], why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s \"%s\": %s (line %u)", path, s,
				val, why, lineno);
	sc->v[id].line = lineno;
	sc->v[id].name = sc_keys[id].alias != NULL && strcmp(s, sc_keys[id].alias) == 0 ?
			 sc_keys[id].alias : sc_keys[id].name;
	snprintf(sc->v[id].text, sizeof(sc->v[id].text), "%s", val);
	return 0;
}

/* A 16-bit key read as 32 bits overwrote a field set on an earlier line. */
static int
sc_check_spills(const struct siitconf *sc, char *err, size_t err_len)
{
	unsigned i;

	for (i = 0; i < SC_NB_KEYS; i++) {
		const struct siitconf_val *k = &sc->v[i], *n;
		int into = sc_keys[i].spills_into;

		if (into == NONE || k->line == 0)
			continue;
		n = &sc->v[into];
		if (n->line != 0 && n->line < k->line)
			return cfg_errf(err, err_len,
					"%s: %s \"%s\": siitperf stores it as 32 bits into a 16-bit field and so sets %s (line %u) to 0; give %s after %s (line %u)",
					sc->path, k->name, k->text, n->name, n->line,
					n->name, k->name, k->line);
	}
	return 0;
}

int
siitconf_parse(struct siitconf *sc, const char *path, const char *text,
	       size_t len, char *err, size_t err_len)
{
	char line[SIITCONF_LINE_MAX + 2];
	unsigned lineno = 0, nkeys = 0, i;
	size_t pos = 0;
	int rc;

	memset(sc, 0, sizeof(*sc));
	snprintf(sc->path, sizeof(sc->path), "%s", path);
	if (len > SIITCONF_MAX_B)
		return cfg_errf(err, err_len, "%s: file too large (%zu bytes, limit %d)",
				path, len, SIITCONF_MAX_B);
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)text[i];

		if ((ch < 0x20 && ch != '\t' && ch != '\r' && ch != '\n') || ch == 0x7f)
			return cfg_errf(err, err_len,
					"%s: binary data (byte 0x%02x), not a siitperf.conf",
					path, ch);
	}
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl != NULL ? (size_t)(nl - (text + pos)) : len - pos;
		char *s;

		lineno++;
		if (n > SIITCONF_LINE_MAX)
			return cfg_errf(err, err_len,
					"%s: line longer than %d characters (line %u)",
					path, SIITCONF_LINE_MAX, lineno);
		memcpy(line, text + pos, n);
		line[n] = '\0';
		pos += n + 1;
		line[strcspn(line, "#")] = '\0';
		s = sc_trim(line);
		if (*s == '\0')
			continue;
		rc = sc_parse_line(sc, s, lineno, err, err_len);
		if (rc != 0)
			return rc;
		nkeys++;
	}
	if (nkeys == 0)
		return cfg_errf(err, err_len, "%s: no keys (an empty siitperf.conf)", path);
	return sc_check_spills(sc, err, err_len);
}

int
siitconf_read(struct siitconf *sc, const char *path, char *err, size_t err_len)
{
	struct stat st;
	char *buf;
	size_t len;
	FILE *f;
	int rc;

	f = fopen(path, "rb");
	if (f == NULL) {
		rc = -errno;
		cfg_errf(err, err_len, "%s: cannot open: %s", path, strerror(errno));
		return rc;
	}
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		fclose(f);
		return cfg_errf(err, err_len, "%s: not a regular file", path);
	}
	buf = malloc(SIITCONF_MAX_B + 1);
	if (buf == NULL) {
		fclose(f);
		cfg_errf(err, err_len, "%s: out of memory", path);
		return -ENOMEM;
	}
	len = fread(buf, 1, SIITCONF_MAX_B + 1, f);
	rc = ferror(f) ? -EIO : 0;
	fclose(f);
	if (rc != 0)
		cfg_errf(err, err_len, "%s: cannot read", path);
	else
		rc = siitconf_parse(sc, path, buf, len, err, err_len);
	free(buf);
	return rc;
}

/* ------------------------------------------------------------ translation */

/* Per side: the siitperf keys that describe it. */
struct sc_side_keys {
	const char *letter;	/* "L" / "R" */
	int vers, ipv4, ipv6, ipv4_virt, ipv6_virt, mac, dut_mac, nets;
	int send, recv, var, min, max, off4, off6;
};

static const struct sc_side_keys sc_side[CFG_NB_SIDES] = {
	[CFG_LEFT] = { "L", SC_IP_L_VERS, SC_IPV4_L_REAL, SC_IPV6_L_REAL,
		       SC_IPV4_L_VIRT, SC_IPV6_L_VIRT, SC_MAC_L_TESTER, SC_MAC_L_DUT,
		       SC_NUM_L_NETS, SC_CPU_L_SEND, SC_CPU_L_RECV, SC_IP_L_VAR,
		       SC_IP_L_MIN, SC_IP_L_MAX, SC_IPV4_L_OFFSET, SC_IPV6_L_OFFSET },
	[CFG_RIGHT] = { "R", SC_IP_R_VERS, SC_IPV4_R_REAL, SC_IPV6_R_REAL,
			SC_IPV4_R_VIRT, SC_IPV6_R_VIRT, SC_MAC_R_TESTER, SC_MAC_R_DUT,
			SC_NUM_R_NETS, SC_CPU_R_SEND, SC_CPU_R_RECV, SC_IP_R_VAR,
			SC_IP_R_MIN, SC_IP_R_MAX, SC_IPV4_R_OFFSET, SC_IPV6_R_OFFSET },
};

/* Per direction: the port keys (forward = Fwd-*, reverse = Rev-*). */
struct sc_dir_keys {
	int var_sport, var_dport, sport_min, sport_max, dport_min, dport_max;
};

static const struct sc_dir_keys sc_dir[CFG_NB_DIRS] = {
	[CFG_FWD] = { SC_FWD_VAR_SPORT, SC_FWD_VAR_DPORT, SC_FWD_SPORT_MIN,
		      SC_FWD_SPORT_MAX, SC_FWD_DPORT_MIN, SC_FWD_DPORT_MAX },
	[CFG_REV] = { SC_REV_VAR_SPORT, SC_REV_VAR_DPORT, SC_REV_SPORT_MIN,
		      SC_REV_SPORT_MAX, SC_REV_DPORT_MIN, SC_REV_DPORT_MAX },
};

static const char *const sc_var_names[] = { "fixed", "increasing", "decreasing", "random" };
static const char *const sc_side_names[CFG_NB_SIDES] = { "left", "right" };
static const char *const sc_dir_names[CFG_NB_DIRS] = { "forward", "reverse" };
/* The key that turns a direction on. */
static const int sc_dir_key[CFG_NB_DIRS] = { SC_FORWARD, SC_REVERSE };
/* [stateful] order by Enumerate-ports / Enumerate-ips (0: not enumerated) */
static const char *const sc_order_names[] = { NULL, "increasing", "decreasing", "random" };

/* Stateful 1: the Initiator is the left side, its frames go forward; 2: right. */
static enum cfg_dir_id
sc_init_dir(uint64_t stateful)
{
	return stateful == 2 ? CFG_REV : CFG_FWD;
}

/* siitperf's defaults (the Throughput constructor); -1: none. */
static int64_t
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

static bool
sc_set(const struct siitconf *sc, int k)
{
	return sc->v[k].line != 0;
}

static uint64_t
sc_u(const struct siitconf *sc, int k)
{
	return sc_set(sc, k) ? sc->v[k].u : (uint64_t)sc_default(k);
}

/* "KEY VALUE (line N)" or "KEY: siitperf default D". */
static void
sc_origin(const struct siitconf *sc, int k, char *buf, size_t len)
{
	if (sc_set(sc, k))
		snprintf(buf, len, "%s %s (line %u)", sc->v[k].name, sc->v[k].text,
			 sc->v[k].line);
	else
		snprintf(buf, len, "%s not given: siitperf's default %" PRId64,
			 sc_keys[k].name, sc_default(k));
}

/* The context of one translation. */
struct sc_tr {
	const struct siitconf *sc;
	struct siitconf_out *out;
	char *err;
	size_t err_len;
	bool dir_active[CFG_NB_DIRS];
	bool slice_ok[CFG_NB_SIDES];	/* IP-X-var translatable */
};

static void
sc_note(struct sc_tr *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
sc_note(struct sc_tr *t, const char *fmt, ...)
{
	va_list ap;

	if (t->out->nb_notes >= SIITCONF_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(t->out->note[t->out->nb_notes++], SIITCONF_NOTE_LEN, fmt, ap);
	va_end(ap);
}

/* Add section/key = value (given as text) coming from origin. */
static int
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

static int
sc_missing(struct sc_tr *t, int k, const char *why)
{
	return cfg_errf(t->err, t->err_len, "%s: %s not given: %s", t->sc->path,
			sc_keys[k].name, why);
}

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

/*
 * Stateful 1 / 2 (siitperf's checks of the enumerations, then what dutperf
 * cannot run): in the preliminary phase siitperf's Initiator takes each
 * combination of its direction's ports (Enumerate-ports: between their
 * min and max whatever Fwd-var-* says) and of both sides' address slices
 * (Enumerate-ips) once, in one order; dutperf's phase 1 does the same
 * over the ranges its phase 2 varies.
 */
static int
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
	int pk = NONE;
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
	for (i = 0; i < 4 && pk == NONE; i++)	/* siitperf: either direction */
		if (sc_u(sc, port_var[i]) != 0)
			pk = port_var[i];
	if (ei != 0 && ep == 0 && pk != NONE)
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

/* [stateful] from Stateful, Enumerate-ports / Enumerate-ips, Responder-tuples. */
static int
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
static void
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
	if (cfg_validate(&out->cfg, why, sizeof(why)) != 0)
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

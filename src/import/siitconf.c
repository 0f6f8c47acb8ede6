/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf: the siitperf.conf reader: its key table and the file's syntax,
 * learnt from siitperf's public source (throughput.cc readConfigFile,
 * throughput.h).  The translation into dutperf's keys is
 * siitconf_translate.c, that of the stateful keys siitconf_stateful.c
 * (their internals: siitconf_priv.h); see docs/configuration.md
 * "Importing a siitperf.conf".  DPDK-free.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "siitconf.h"
#include "dutperf/text.h"
#include "siitconf_priv.h"

/* In siitperf's order; ranges are siitperf's own checks, made strict. */
const struct sc_keydef sc_keys[SC_NB_KEYS] = {
	[SC_IP_L_VERS] = { "IP-L-Vers", NULL, SCT_VERS, 4, 6, SC_NONE },
	[SC_IP_R_VERS] = { "IP-R-Vers", NULL, SCT_VERS, 4, 6, SC_NONE },
	[SC_IPV6_L_REAL] = { "IPv6-L-Real", NULL, SCT_IPV6, 0, 0, SC_NONE },
	[SC_IPV6_L_VIRT] = { "IPv6-L-Virt", NULL, SCT_IPV6, 0, 0, SC_NONE },
	[SC_IPV6_R_REAL] = { "IPv6-R-Real", NULL, SCT_IPV6, 0, 0, SC_NONE },
	[SC_IPV6_R_VIRT] = { "IPv6-R-Virt", NULL, SCT_IPV6, 0, 0, SC_NONE },
	[SC_IPV4_L_REAL] = { "IPv4-L-Real", NULL, SCT_IPV4, 0, 0, SC_NONE },
	[SC_IPV4_L_VIRT] = { "IPv4-L-Virt", NULL, SCT_IPV4, 0, 0, SC_NONE },
	[SC_IPV4_R_REAL] = { "IPv4-R-Real", NULL, SCT_IPV4, 0, 0, SC_NONE },
	[SC_IPV4_R_VIRT] = { "IPv4-R-Virt", NULL, SCT_IPV4, 0, 0, SC_NONE },
	[SC_MAC_L_TESTER] = { "MAC-L-Tester", NULL, SCT_MAC, 0, 0, SC_NONE },
	[SC_MAC_R_TESTER] = { "MAC-R-Tester", NULL, SCT_MAC, 0, 0, SC_NONE },
	[SC_MAC_L_DUT] = { "MAC-L-DUT", NULL, SCT_MAC, 0, 0, SC_NONE },
	[SC_MAC_R_DUT] = { "MAC-R-DUT", NULL, SCT_MAC, 0, 0, SC_NONE },
	[SC_NUM_L_NETS] = { "Num-L-Nets", NULL, SCT_U, 1, 256, SC_NONE },
	[SC_NUM_R_NETS] = { "Num-R-Nets", NULL, SCT_U, 1, 256, SC_NONE },
	[SC_FORWARD] = { "Forward", NULL, SCT_U, 0, 1, SC_NONE },
	[SC_REVERSE] = { "Reverse", NULL, SCT_U, 0, 1, SC_NONE },
	[SC_PROMISC] = { "Promisc", NULL, SCT_U, 0, 1, SC_NONE },
	[SC_CPU_L_SEND] = { "CPU-L-Send", NULL, SCT_U, 0, CFG_MAX_LCORE, SC_NONE },
	[SC_CPU_R_RECV] = { "CPU-R-Recv", NULL, SCT_U, 0, CFG_MAX_LCORE, SC_NONE },
	[SC_CPU_R_SEND] = { "CPU-R-Send", NULL, SCT_U, 0, CFG_MAX_LCORE, SC_NONE },
	[SC_CPU_L_RECV] = { "CPU-L-Recv", NULL, SCT_U, 0, CFG_MAX_LCORE, SC_NONE },
	[SC_MEM_CHANNELS] = { "MEM-Channels", NULL, SCT_U, 1, 255, SC_NONE },
	[SC_FWD_VAR_SPORT] = { "Fwd-var-sport", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_FWD_VAR_DPORT] = { "Fwd-var-dport", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_REV_VAR_SPORT] = { "Rev-var-sport", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_REV_VAR_DPORT] = { "Rev-var-dport", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_FWD_SPORT_MIN] = { "Fwd-sport-min", NULL, SCT_U, 0, 65535, SC_FWD_SPORT_MAX },
	[SC_FWD_SPORT_MAX] = { "Fwd-sport-max", NULL, SCT_U, 0, 65535, SC_FWD_DPORT_MIN },
	[SC_FWD_DPORT_MIN] = { "Fwd-dport-min", NULL, SCT_U, 0, 65535, SC_FWD_DPORT_MAX },
	[SC_FWD_DPORT_MAX] = { "Fwd-dport-max", NULL, SCT_U, 0, 65535, SC_REV_SPORT_MIN },
	[SC_REV_SPORT_MIN] = { "Rev-sport-min", NULL, SCT_U, 0, 65535, SC_REV_SPORT_MAX },
	[SC_REV_SPORT_MAX] = { "Rev-sport-max", NULL, SCT_U, 0, 65535, SC_REV_DPORT_MIN },
	[SC_REV_DPORT_MIN] = { "Rev-dport-min", NULL, SCT_U, 0, 65535, SC_REV_DPORT_MAX },
	[SC_REV_DPORT_MAX] = { "Rev-dport-max", NULL, SCT_U, 0, 65535, SC_IP_L_VAR },
	[SC_IP_L_VAR] = { "IP-L-var", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_IP_R_VAR] = { "IP-R-var", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_IP_L_MIN] = { "IP-L-min", NULL, SCT_UHEX, 0, 65535, SC_IP_L_MAX },
	[SC_IP_L_MAX] = { "IP-L-max", NULL, SCT_UHEX, 0, 65535, SC_IP_R_MIN },
	[SC_IP_R_MIN] = { "IP-R-min", NULL, SCT_UHEX, 0, 65535, SC_IP_R_MAX },
	[SC_IP_R_MAX] = { "IP-R-max", NULL, SCT_UHEX, 0, 65535, SC_IPV4_L_OFFSET },
	[SC_IPV4_L_OFFSET] = { "IPv4-L-offset", NULL, SCT_U, 1, 2, SC_IPV4_R_OFFSET },
	[SC_IPV6_L_OFFSET] = { "IPv6-L-offset", NULL, SCT_U, 6, 14, SC_IPV6_R_OFFSET },
	[SC_IPV4_R_OFFSET] = { "IPv4-R-offset", NULL, SCT_U, 1, 2, SC_IPV6_L_OFFSET },
	[SC_IPV6_R_OFFSET] = { "IPv6-R-offset", NULL, SCT_U, 6, 14, SC_STATEFUL },
	[SC_STATEFUL] = { "Stateful", NULL, SCT_U, 0, 2, SC_NONE },
	[SC_RESPONDER_TUPLES] = { "Responder-tuples", "Responder-ports", SCT_U, 0, 3, SC_NONE },
	[SC_ENUMERATE_PORTS] = { "Enumerate-ports", NULL, SCT_U, 0, 3, SC_NONE },
	[SC_ENUMERATE_IPS] = { "Enumerate-ips", NULL, SCT_U, 0, 3, SC_NONE },
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
	return SC_NONE;
}

static int
sc_find_nocase(const char *name)
{
	unsigned i;

	for (i = 0; i < SC_NB_KEYS; i++)
		if (strcasecmp(sc_keys[i].name, name) == 0)
			return (int)i;
	return SC_NONE;
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
	val = text_trim(val);
	id = sc_find(s);
	if (id == SC_NONE) {
		int near = sc_find_nocase(s);

		if (near != SC_NONE)
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
				path, s, val, text_trim(sp), lineno);
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

		if (into == SC_NONE || k->line == 0)
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
		s = text_trim(line);
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
	if (f == NULL)
		return cfg_errf_rc(-errno, err, err_len, "%s: cannot open: %s",
				   path, strerror(errno));
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		fclose(f);
		return cfg_errf(err, err_len, "%s: not a regular file", path);
	}
	buf = malloc(SIITCONF_MAX_B + 1);
	if (buf == NULL) {
		fclose(f);
		return cfg_errf_rc(-ENOMEM, err, err_len, "%s: out of memory",
				   path);
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

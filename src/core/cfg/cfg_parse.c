/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_parse: the strict value parsers shared by the INI reader and the
 * command line, and cfg_errf / cfg_errf_rc.  DPDK-free.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dutperf/cfg.h"
#include "cfg_priv.h"

/* ---------------------------------------------------------------- parsers */

int
cfg_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out,
	      char *err, size_t err_len)
{
	uint64_t v = 0;
	bool overflow = false;
	const char *p;

	if (s == NULL || *s == '\0')
		return cfg_errf(err, err_len, "empty value, expected an unsigned decimal integer");
	for (p = s; *p != '\0'; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (!isdigit((unsigned char)*p))
			return cfg_errf(err, err_len, "not an unsigned decimal integer");
		if (v > (UINT64_MAX - d) / 10)
			overflow = true;
		else
			v = v * 10 + d;
	}
	if (s[0] == '0' && s[1] != '\0')
		return cfg_errf(err, err_len, "leading zero (octal?) not allowed");
	if (overflow || v < min || v > max)
		return cfg_errf(err, err_len, "out of range %" PRIu64 "..%" PRIu64 "%s",
				min, max, overflow ? " (does not fit in 64 bits)" : "");
	*out = v;
	return 0;
}

int
cfg_parse_seed(const char *s, uint64_t *out, char *err, size_t err_len)
{
	uint64_t v = 0;
	size_t i, n;

	if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return cfg_parse_u64(s, 0, UINT64_MAX, out, err, err_len);
	n = strlen(s + 2);
	if (n == 0 || n > 16)
		return cfg_errf(err, err_len, "not 0x and 1 to 16 hex digits");
	for (i = 2; s[i] != '\0'; i++) {
		if (!isxdigit((unsigned char)s[i]))
			return cfg_errf(err, err_len, "not 0x and 1 to 16 hex digits");
		v = v << 4 | (uint64_t)(isdigit((unsigned char)s[i]) ? s[i] - '0' :
					  tolower((unsigned char)s[i]) - 'a' + 10);
	}
	*out = v;
	return 0;
}

static const struct cfg_enum_name bool_names[] = {
	{ "0", 0 }, { "1", 1 }, { "no", 0 }, { "yes", 1 },
	{ "false", 0 }, { "true", 1 }, { "off", 0 }, { "on", 1 },
	{ NULL, 0 }
};

int
cfg_parse_bool(const char *s, bool *out, char *err, size_t err_len)
{
	unsigned i;

	for (i = 0; s != NULL && bool_names[i].name != NULL; i++) {
		if (strcasecmp(s, bool_names[i].name) == 0) {
			*out = bool_names[i].value != 0;
			return 0;
		}
	}
	return cfg_errf(err, err_len, "not a boolean (0/1, yes/no, true/false, on/off)");
}

static int
hexval(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int
cfg_parse_mac(const char *s, uint8_t mac[6], char *err, size_t err_len)
{
	uint8_t tmp[6];
	unsigned i;

	if (s == NULL || strlen(s) != 17)
		goto bad;
	for (i = 0; i < 6; i++) {
		int hi = hexval(s[3 * i]), lo = hexval(s[3 * i + 1]);

		if (hi < 0 || lo < 0)
			goto bad;
		if (i < 5 && s[3 * i + 2] != ':')
			goto bad;
		tmp[i] = (uint8_t)(hi << 4 | lo);
	}
	memcpy(mac, tmp, sizeof(tmp));
	return 0;
bad:
	return cfg_errf(err, err_len, "not a MAC address (xx:xx:xx:xx:xx:xx)");
}

int
cfg_parse_ipv4(const char *s, uint8_t addr[4], char *err, size_t err_len)
{
	uint8_t tmp[4];
	const char *p = s;
	unsigned i;

	if (s == NULL)
		goto bad;
	for (i = 0; i < 4; i++) {
		unsigned v = 0, nd = 0;
		const char *start = p;

		while (isdigit((unsigned char)*p) && nd < 4) {
			v = v * 10 + (unsigned)(*p - '0');
			p++;
			nd++;
		}
		if (nd == 0 || nd > 3)
			goto bad;
		if (nd > 1 && start[0] == '0')
			return cfg_errf(err, err_len, "not an IPv4 address: leading zero in octet %u (octal?)",
					i + 1);
		if (v > 255)
			return cfg_errf(err, err_len, "not an IPv4 address: octet %u is %u > 255", i + 1, v);
		tmp[i] = (uint8_t)v;
		if (i < 3) {
			if (*p != '.')
				goto bad;
			p++;
		}
	}
	if (*p != '\0')
		goto bad;
	memcpy(addr, tmp, sizeof(tmp));
	return 0;
bad:
	return cfg_errf(err, err_len, "not an IPv4 address (dotted quad a.b.c.d)");
}

int
cfg_parse_ipv6(const char *s, uint8_t addr[16], char *err, size_t err_len)
{
	struct in6_addr a;

	if (s == NULL || inet_pton(AF_INET6, s, &a) != 1)
		return cfg_errf(err, err_len, "not an IPv6 address");
	memcpy(addr, &a, 16);
	return 0;
}

void
cfg_list_add(char *buf, size_t len, size_t *used, const char *name)
{
	int n;

	if (*used >= len)
		return;
	n = snprintf(buf + *used, len - *used, "%s%s", *used ? ", " : "", name);
	if (n > 0)
		*used += (size_t)n;
}

static void
enum_list(const struct cfg_enum_name *names, char *buf, size_t len)
{
	size_t used = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; names[i].name != NULL; i++)
		cfg_list_add(buf, len, &used, names[i].name);
}

const char *
cfg_enum_name(const struct cfg_enum_name *names, uint64_t v)
{
	unsigned i;

	for (i = 0; names[i].name != NULL; i++)
		if ((uint64_t)names[i].value == v)
			return names[i].name;
	return NULL;
}

int
cfg_parse_enum(const char *s, const struct cfg_enum_name *names, int *out,
	       char *err, size_t err_len)
{
	char list[256];
	unsigned i;

	for (i = 0; s != NULL && names[i].name != NULL; i++) {
		if (strcmp(s, names[i].name) == 0) {
			*out = names[i].value;
			return 0;
		}
	}
	enum_list(names, list, sizeof(list));
	return cfg_errf(err, err_len, "not one of: %s", list);
}

int
cfg_parse_lcore(const char *s, uint64_t min, uint64_t max, uint64_t *out,
	    char *err, size_t err_len)
{
	if (s != NULL && strcmp(s, "none") == 0) {
		*out = CFG_LCORE_NONE;
		return 0;
	}
	if (cfg_parse_u64(s, min, max, out, err, err_len) == 0)
		return 0;
	return cfg_errf(err, err_len, "not an lcore id %" PRIu64 "..%" PRIu64 " or \"none\"",
			min, max);
}

static int
lcore_id(const char **s, unsigned int max, unsigned int *out,
		 char *err, size_t err_len)
{
	char *end;
	unsigned long v;

	if (**s < '0' || **s > '9')
		return cfg_errf(err, err_len, "want lcore ids like 1-2,4");
	v = strtoul(*s, &end, 10);
	if (v > max)
		return cfg_errf(err, err_len, "lcore %lu above %u", v, max);
	*s = end;
	*out = (unsigned int)v;
	return 0;
}

int
cfg_parse_lcores(const char *s, unsigned int max, uint16_t *out,
		 unsigned int cap, unsigned int *nb, char *err,
		     size_t err_len)
{
	unsigned int lo, hi, v, k;
	int rc;

	*nb = 0;
	if (s == NULL || *s == '\0')
		return cfg_errf(err, err_len, "empty lcore list");
	for (;;) {
		rc = lcore_id(&s, max, &lo, err, err_len);
		if (rc != 0)
			return rc;
		hi = lo;
		if (*s == '-') {
			s++;
			rc = lcore_id(&s, max, &hi, err, err_len);
			if (rc != 0)
				return rc;
			if (hi < lo)
				return cfg_errf(err, err_len, "range %u-%u goes down",
						lo, hi);
		}
		for (v = lo; v <= hi; v++) {
			for (k = 0; k < *nb; k++)
				if (out[k] == v)
					return cfg_errf(err, err_len,
							"lcore %u listed twice", v);
			if (*nb == cap)
				return cfg_errf(err, err_len, "more than %u lcores", cap);
			out[(*nb)++] = (uint16_t)v;
		}
		if (*s == '\0')
			return 0;
		if (*s != ',')
			return cfg_errf(err, err_len, "want lcore ids like 1-2,4");
		s++;
	}
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg: the key table, the strict value parsers, the INI reader and the
 * cross-key checks.  DPDK-free.
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
#include <sys/stat.h>

#include <iniparser/iniparser.h>

#include "dutperf/cfg.h"

int
cfg_errf(char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && err_len > 0) {
		va_start(ap, fmt);
		vsnprintf(err, err_len, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

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

/* Append ", name" (name alone first) to buf, which holds *used bytes. */
static void
list_add(char *buf, size_t len, size_t *used, const char *name)
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
		list_add(buf, len, &used, names[i].name);
}

/* The canonical (first) name of value v, NULL when v has none. */
static const char *
enum_name(const struct cfg_enum_name *names, uint64_t v)
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

static int
parse_lcore(const char *s, uint64_t min, uint64_t max, uint64_t *out,
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

/* -------------------------------------------------------------- key table */

static const struct cfg_enum_name ipver_names[] = {
	{ "4", 4 }, { "6", 6 }, { NULL, 0 }
};

static const struct cfg_enum_name var_names[] = {
	{ "fixed", CFG_VAR_FIXED },
	{ "increasing", CFG_VAR_INCREASING },
	{ "decreasing", CFG_VAR_DECREASING },
	{ "random", CFG_VAR_RANDOM },
	{ NULL, 0 }
};

static const struct cfg_enum_name direction_names[] = {
	{ "both", CFG_DIRECTION_BOTH },
	{ "forward", CFG_DIRECTION_FORWARD },
	{ "reverse", CFG_DIRECTION_REVERSE },
	{ "b", CFG_DIRECTION_BOTH },
	{ "f", CFG_DIRECTION_FORWARD },
	{ "r", CFG_DIRECTION_REVERSE },
	{ NULL, 0 }
};

#define FLD(f) offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f)

/* A scalar key of one section. */
#define KEY(sec, name, f, type, lo, hi, def, unit, help, names) \
	{ sec, name, type, lo, hi, def, unit, help, FLD(f), names }

/* A key of [left] and [right]; dl / dr are the per-side defaults. */
#define SIDE(name, f, type, lo, hi, dl, dr, unit, help, names) \
	KEY("left", name, side[CFG_LEFT].f, type, lo, hi, dl, unit, help, names), \
	KEY("right", name, side[CFG_RIGHT].f, type, lo, hi, dr, unit, help, names)

/* A key of [forward] and [reverse] (same default). */
#define DIR(name, f, type, lo, hi, def, unit, help, names) \
	KEY("forward", name, dir[CFG_FWD].f, type, lo, hi, def, unit, help, names), \
	KEY("reverse", name, dir[CFG_REV].f, type, lo, hi, def, unit, help, names)

/* One RFC 4814 varying field: NAME_mode, NAME_min, NAME_max. */
#define VAR(nm, fld, dmode, dlo, dhi, what) \
	DIR(nm "_mode", fld.mode, CFG_KEY_ENUM, 0, 0, dmode, "", \
	    what ": fixed, increasing, decreasing or random", var_names), \
	DIR(nm "_min", fld.min, CFG_KEY_U, 0, 65535, dlo, "", \
	    "lowest value of " what, NULL), \
	DIR(nm "_max", fld.max, CFG_KEY_U, 0, 65535, dhi, "", \
	    "highest value of " what, NULL)

#define RATE_MAX 1000000000ULL

static const struct cfg_key cfg_keys[] = {
	SIDE("port_id", port_id, CFG_KEY_U, 0, 1023, "0", "1", "",
	     "DPDK port id of the tester port on this side", NULL),
	SIDE("ip_version", ip_version, CFG_KEY_ENUM, 0, 0, "4", "4", "",
	     "IP version this side speaks (sides differ: translation, RFC 8219)",
	     ipver_names),
	SIDE("ipv4", ipv4, CFG_KEY_IPV4, 0, 0, "198.18.0.2", "198.19.0.2", "",
	     "tester's real IPv4 address on this side", NULL),
	SIDE("ipv6", ipv6, CFG_KEY_IPV6, 0, 0, "2001:2::2", "2001:2:0:1::2", "",
	     "tester's real IPv6 address on this side", NULL),
	SIDE("ipv4_virt", ipv4_virt, CFG_KEY_IPV4, 0, 0,
	     "198.18.255.2", "198.19.255.2", "",
	     "this tester as IPv4 hosts on the other side see it (SIIT EAM / mapped)",
	     NULL),
	SIDE("ipv6_virt", ipv6_virt, CFG_KEY_IPV6, 0, 0,
	     "2001:2:0:64::c612:2", "2001:2:0:64::c613:2", "",
	     "this tester as IPv6 hosts on the other side see it (IPv4-embedded)",
	     NULL),
	SIDE("mac", mac, CFG_KEY_MAC, 0, 0,
	     "02:00:00:00:00:10", "02:00:00:00:01:10", "",
	     "tester port MAC address", NULL),
	SIDE("dut_mac", dut_mac, CFG_KEY_MAC, 0, 0,
	     "02:00:00:00:00:20", "02:00:00:00:01:20", "",
	     "MAC address of the DUT interface facing this port", NULL),
	SIDE("num_nets", num_nets, CFG_KEY_U, 1, CFG_MAX_NETS, "1", "1", "",
	     "destination networks on this side: frames sent here vary the 3rd "
	     "byte of the IPv4 / 8th byte of the IPv6 destination upwards "
	     "(RFC 2544 12)", NULL),
	SIDE("send_lcore", send_lcore, CFG_KEY_LCORE, 0, CFG_MAX_LCORE, "0", "0", "",
	     "lcore sending from this side, or none", NULL),
	SIDE("recv_lcore", recv_lcore, CFG_KEY_LCORE, 0, CFG_MAX_LCORE, "1", "1", "",
	     "lcore receiving on this side, or none", NULL),

	/* RFC 4814 4.5: source 1024-65535, destination 1-49151 */
	VAR("sport", sport, "random", "1024", "65535", "the UDP source port"),
	DIR("sport", sport_fixed, CFG_KEY_U, 0, 65535, "49184", "",
	    "UDP source port when sport_mode = fixed (RFC 2544 C.2.6.4: 0xC020)",
	    NULL),
	VAR("dport", dport, "random", "1", "49151", "the UDP destination port"),
	DIR("dport", dport_fixed, CFG_KEY_U, 0, 65535, "7", "",
	    "UDP destination port when dport_mode = fixed (RFC 2544 C.2.6.4: 7)",
	    NULL),
	VAR("src_slice", src_slice, "fixed", "0", "65535",
	    "the low 16 bits of the source address"),
	VAR("dst_slice", dst_slice, "fixed", "0", "65535",
	    "the low 16 bits of the destination address"),

	KEY("traffic", "frame_size_b", frame_size_b, CFG_KEY_U,
	    CFG_MIN_FRAME_B, CFG_MAX_JUMBO_B, "64", "bytes",
	    "frame size incl. FCS (IPv6 size when translating; IPv4 is 20 B shorter)",
	    NULL),
	KEY("traffic", "jumbo", jumbo, CFG_KEY_BOOL, 0, 0, "0", "",
	    "allow frames above 1518 bytes", NULL),
	KEY("traffic", "rate_fps", rate_fps, CFG_KEY_U, 1, RATE_MAX, "10000",
	    "frames/s", "frame rate per direction", NULL),
	KEY("traffic", "duration_s", duration_s, CFG_KEY_U, 1, 86400, "60", "s",
	    "trial duration (RFC 2544 24: at least 60 s)", NULL),
	KEY("traffic", "timeout_ms", timeout_ms, CFG_KEY_U, 0, 60000, "2000", "ms",
	    "wait for late frames after sending (RFC 2544 23)", NULL),
	KEY("traffic", "direction", direction, CFG_KEY_ENUM, 0, 0, "both", "",
	    "directions of a trial: both, forward (left to right), reverse (or b, f, r)",
	    direction_names),
	KEY("traffic", "n", n, CFG_KEY_U, 1, 1000000, "2", "frames",
	    "of every n frames ...", NULL),
	KEY("traffic", "m", m, CFG_KEY_U, 0, 1000000, "2", "frames",
	    "... m are foreground, n - m background IPv6 (RFC 8219 5.3)", NULL),
	KEY("traffic", "seed", seed, CFG_KEY_U, 0, UINT64_MAX, "0", "",
	    "RFC 4814 pseudorandom seed (0 = pick one at start and record it)", NULL),
	KEY("traffic", "burst", burst, CFG_KEY_U, 1, CFG_MAX_BURST, "1", "frames",
	    "frames per TX burst (1 = evenly spaced)", NULL),
	KEY("traffic", "promisc", promisc, CFG_KEY_BOOL, 0, 0, "0", "",
	    "put the tester ports in promiscuous mode", NULL),
	KEY("traffic", "link_speed_gbps", link_speed_gbps, CFG_KEY_U, 1, 800, "10",
	    "Gb/s", "link speed, for the line-rate upper bound", NULL),
	KEY("traffic", "link_timeout_s", link_timeout_s, CFG_KEY_U, 0, 600, "10",
	    "s", "wait for link up", NULL),
	KEY("traffic", "max_lag_us", max_lag_us, CFG_KEY_U, 0, 60000000, "1000",
	    "us", "sender behind schedule by more than this: trial invalid", NULL),

	KEY("traffic", "frame_timeout_ms", frame_timeout_ms, CFG_KEY_U, 0, 60000,
	    "0", "ms", "per-frame timeout: a frame delayed more than this counts "
	    "as lost (0 = off)", NULL),

	KEY("latency", "tagged_frames", lat_tagged, CFG_KEY_U, 1, 50000, "500",
	    "frames", "tagged frames per direction (RFC 8219 7.2: at least 500)",
	    NULL),
	KEY("latency", "delay_s", lat_delay_s, CFG_KEY_U, 0, 86400, "60", "s",
	    "tagging starts this long after the stream starts (RFC: 60 of 120 s)",
	    NULL),

	KEY("loss", "step_pct", loss_step_pct, CFG_KEY_U, 1, 10, "10", "%",
	    "rate step of the sweep, % of the maximum (RFC 2544 26.3: at most 10)",
	    NULL),
	KEY("loss", "rates", loss_rates, CFG_KEY_STR, 0, 0, "", "frames/s",
	    "explicit rates \"r1,r2,...\" instead of the sweep (empty = sweep)",
	    NULL),

	KEY("search", "rate_min_fps", rate_min_fps, CFG_KEY_U, 0, RATE_MAX, "0",
	    "frames/s", "lower bound of the binary search", NULL),
	KEY("search", "rate_max_fps", rate_max_fps, CFG_KEY_U, 0, RATE_MAX, "0",
	    "frames/s", "upper bound of the search (0 = line rate at link_speed_gbps)",
	    NULL),
	KEY("search", "initial_rate_fps", initial_rate_fps, CFG_KEY_U, 0, RATE_MAX,
	    "0", "frames/s", "first rate tried (0 = rate_max_fps)", NULL),
	KEY("search", "error_fps", error_fps, CFG_KEY_U, 1, RATE_MAX, "1000",
	    "frames/s", "stop when upper - lower <= error_fps", NULL),
	KEY("search", "settle_ms", settle_ms, CFG_KEY_U, 0, 600000, "5000", "ms",
	    "pause between trials (RFC 2544 23)", NULL),
	KEY("search", "max_retries", max_retries, CFG_KEY_U, 0, 100, "3", "",
	    "invalid trials retried at the same rate", NULL),
	KEY("search", "loss_ppm", loss_ppm, CFG_KEY_U, 0, 1000000, "0", "ppm",
	    "tolerated loss (0 = RFC 2544 zero loss)", NULL),
	KEY("search", "repeat", repeat, CFG_KEY_U, 1, 10000, "1", "",
	    "searches per run", NULL),

	KEY("output", "dir", outdir, CFG_KEY_STR, 0, 0, "results", "",
	    "directory for results (CSV files)", NULL),
};

#define CFG_NB_KEYS (sizeof(cfg_keys) / sizeof(cfg_keys[0]))

static const char *const cfg_sections[] = {
	"left", "right", "forward", "reverse", "traffic", "latency", "loss",
	"search", "output"
};

#define CFG_NB_SECTIONS (sizeof(cfg_sections) / sizeof(cfg_sections[0]))

unsigned
cfg_key_count(void)
{
	return CFG_NB_KEYS;
}

const struct cfg_key *
cfg_key_at(unsigned i)
{
	return i < CFG_NB_KEYS ? &cfg_keys[i] : NULL;
}

const struct cfg_key *
cfg_key_find(const char *section, const char *key)
{
	unsigned i;

	for (i = 0; i < CFG_NB_KEYS; i++)
		if (strcmp(cfg_keys[i].section, section) == 0 &&
		    strcmp(cfg_keys[i].key, key) == 0)
			return &cfg_keys[i];
	return NULL;
}

static bool
section_known(const char *s)
{
	unsigned i;

	for (i = 0; i < CFG_NB_SECTIONS; i++)
		if (strcmp(cfg_sections[i], s) == 0)
			return true;
	return false;
}

/* "left, right, ..." in cfg_print's order. */
static void
section_list(char *buf, size_t len)
{
	size_t used = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < CFG_NB_SECTIONS; i++)
		list_add(buf, len, &used, cfg_sections[i]);
}

/*
 * Fields of any key type go through these (check_table_ranges loads every
 * key, also the byte arrays of addresses, e.g. [left] ipv4 = uint8_t[4] at
 * an odd offset): memcpy, never a cast, so no misaligned or type-punned
 * access (UBSan found the 32-bit load of an IPv4 address).
 */
static void
store_uint(void *p, size_t size, uint64_t v)
{
	uint8_t v8 = (uint8_t)v;
	uint16_t v16 = (uint16_t)v;
	uint32_t v32 = (uint32_t)v;

	switch (size) {
	case 1: memcpy(p, &v8, 1); break;
	case 2: memcpy(p, &v16, 2); break;
	case 4: memcpy(p, &v32, 4); break;
	default: memcpy(p, &v, 8); break;
	}
}

static uint64_t
load_uint(const void *p, size_t size)
{
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	switch (size) {
	case 1: memcpy(&v8, p, 1); return v8;
	case 2: memcpy(&v16, p, 2); return v16;
	case 4: memcpy(&v32, p, 4); return v32;
	default: memcpy(&v64, p, 8); return v64;
	}
}

int
cfg_key_set(struct cfg *c, const struct cfg_key *k, const char *value,
	    char *err, size_t err_len)
{
	void *p = (char *)c + k->offset;
	uint64_t u;
	bool b;
	int e = 0, rc;

	switch (k->type) {
	case CFG_KEY_U:
		rc = cfg_parse_u64(value, k->min, k->max, &u, err, err_len);
		break;
	case CFG_KEY_LCORE:
		rc = parse_lcore(value, k->min, k->max, &u, err, err_len);
		break;
	case CFG_KEY_ENUM:
		rc = cfg_parse_enum(value, k->names, &e, err, err_len);
		u = (uint64_t)e;
		break;
	case CFG_KEY_BOOL:
		rc = cfg_parse_bool(value, &b, err, err_len);
		if (rc == 0)
			*(bool *)p = b;
		return rc;
	case CFG_KEY_MAC:
		return cfg_parse_mac(value, p, err, err_len);
	case CFG_KEY_IPV4:
		return cfg_parse_ipv4(value, p, err, err_len);
	case CFG_KEY_IPV6:
		return cfg_parse_ipv6(value, p, err, err_len);
	case CFG_KEY_STR:
		if (value == NULL || strlen(value) >= k->size)
			return cfg_errf(err, err_len, "longer than %zu characters", k->size - 1);
		/* What an INI file cannot hold (its reader rejects control
		 * bytes), the command line may not set either: --check and
		 * --print-config must print a loadable file (found by
		 * tests/fuzz/fuzz_cfg). */
		for (e = 0; value[e] != '\0'; e++) {
			if ((unsigned char)value[e] < 0x20 || value[e] == 0x7f)
				return cfg_errf(err, err_len, "control character (byte 0x%02x) "
						"not allowed", (unsigned char)value[e]);
			/* iniparser strips quotes, even unbalanced ones: a
			 * printed '"x' would load as x (found by fuzz_cfg) */
			if (value[e] == '"' || value[e] == '\'')
				return cfg_errf(err, err_len, "quote character %c not allowed",
						value[e]);
		}
		memset(p, 0, k->size);
		memcpy(p, value, strlen(value));
		return 0;
	default:
		return cfg_errf(err, err_len, "internal error: unknown key type");
	}
	/* the integer types */
	if (rc == 0)
		store_uint(p, k->size, u);
	return rc;
}

void
cfg_key_format(const struct cfg *c, const struct cfg_key *k, char *buf,
	       size_t len)
{
	const void *p = (const char *)c + k->offset;
	const uint8_t *a = p;
	const char *name;
	uint64_t u;

	switch (k->type) {
	case CFG_KEY_U:
		snprintf(buf, len, "%" PRIu64, load_uint(p, k->size));
		return;
	case CFG_KEY_LCORE:
		u = load_uint(p, k->size);
		if (u == CFG_LCORE_NONE)
			snprintf(buf, len, "none");
		else
			snprintf(buf, len, "%" PRIu64, u);
		return;
	case CFG_KEY_BOOL:
		snprintf(buf, len, "%d", *(const bool *)p ? 1 : 0);
		return;
	case CFG_KEY_ENUM:
		u = load_uint(p, k->size);
		name = enum_name(k->names, u);
		if (name != NULL)
			snprintf(buf, len, "%s", name);
		else
			snprintf(buf, len, "%" PRIu64, u);
		return;
	case CFG_KEY_MAC:
		snprintf(buf, len, "%02x:%02x:%02x:%02x:%02x:%02x",
			 a[0], a[1], a[2], a[3], a[4], a[5]);
		return;
	case CFG_KEY_IPV4:
		snprintf(buf, len, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
		return;
	case CFG_KEY_IPV6: {
		char tmp[INET6_ADDRSTRLEN];

		if (inet_ntop(AF_INET6, p, tmp, sizeof(tmp)) == NULL)
			tmp[0] = '\0';
		snprintf(buf, len, "%s", tmp);
		return;
	}
	case CFG_KEY_STR:
		/* iniparser cuts unquoted values at ; and # and trims blanks */
		if (strpbrk(p, ";#") != NULL || isspace((unsigned char)a[0]) ||
		    (a[0] != '\0' && isspace((unsigned char)a[strlen(p) - 1])))
			snprintf(buf, len, "\"%s\"", (const char *)p);
		else
			snprintf(buf, len, "%s", (const char *)p);
		return;
	}
	snprintf(buf, len, "?");
}

void
cfg_defaults(struct cfg *c)
{
	char err[CFG_ERR_LEN];
	unsigned i;

	memset(c, 0, sizeof(*c));
	/* Every default is parsed by the unit tests, so this cannot fail. */
	for (i = 0; i < CFG_NB_KEYS; i++)
		(void)cfg_key_set(c, &cfg_keys[i], cfg_keys[i].def, err, sizeof(err));
}

/* ------------------------------------------------------------- INI reader */

/* iniparser prints parse errors to stderr; we pre-scan and report ourselves. */
static int
ini_silent(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
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
 * Pre-scan: check the file line by line before iniparser sees it, record on
 * which line each table key is set (line_of[key index], 0 = not set).
 */
static int
ini_prescan(const char *path, char *buf, size_t len, unsigned *line_of,
	    char *err, size_t err_len)
{
	const char *section = NULL;
	unsigned lineno = 0;
	bool content = false;
	char *line = buf, *next;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)buf[i];

		if (ch == '\n')
			lineno++;
		else if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f)
			return cfg_errf(err, err_len,
					"%s:%u: binary data (byte 0x%02x), not an INI file",
					path, lineno + 1, ch);
		if (!isspace(ch))
			content = true;
	}
	if (!content)
		return cfg_errf(err, err_len, "%s: empty file", path);

	for (lineno = 1; line != NULL && *line != '\0'; lineno++, line = next) {
		char *s, *eq, *key, *val;
		const struct cfg_key *k;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (strlen(line) > CFG_INI_LINE_MAX)
			return cfg_errf(err, err_len, "%s:%u: line longer than %d characters",
					path, lineno, CFG_INI_LINE_MAX);
		s = trim(line);
		if (*s == '\0' || *s == ';' || *s == '#')
			continue;
		if (s[strlen(s) - 1] == '\\')
			return cfg_errf(err, err_len, "%s:%u: line continuation (\\) not supported",
					path, lineno);
		if (*s == '[') {
			char *close = strchr(s, ']');

			if (close == NULL || close[1] != '\0')
				return cfg_errf(err, err_len,
						"%s:%u: malformed section line \"%s\" (expected [name])",
						path, lineno, s);
			*close = '\0';
			if (!section_known(s + 1)) {
				char list[128];

				section_list(list, sizeof(list));
				return cfg_errf(err, err_len,
						"%s: [%s]: unknown section (line %u; sections: %s)",
						path, s + 1, lineno, list);
			}
			section = s + 1;
			continue;
		}
		eq = strchr(s, '=');
		if (eq == NULL)
			return cfg_errf(err, err_len,
					"%s:%u: \"%s\": not a comment, [section] or key = value line (no '=')",
					path, lineno, s);
		*eq = '\0';
		key = trim(s);
		val = trim(eq + 1);
		if (section == NULL)
			return cfg_errf(err, err_len, "%s: %s = \"%s\": key outside any [section] (line %u)",
					path, key, val, lineno);
		if (*key == '\0')
			return cfg_errf(err, err_len, "%s: [%s] = \"%s\": empty key name (line %u)",
					path, section, val, lineno);
		k = cfg_key_find(section, key);
		if (k == NULL)
			return cfg_errf(err, err_len, "%s: [%s] %s = \"%s\": unknown key (line %u)",
					path, section, key, val, lineno);
		if (line_of[k - cfg_keys] != 0)
			return cfg_errf(err, err_len,
					"%s: [%s] %s = \"%s\": duplicate key (line %u, first set on line %u)",
					path, section, key, val, lineno, line_of[k - cfg_keys]);
		line_of[k - cfg_keys] = lineno;
	}
	return 0;
}

/* Apply what iniparser read; every key it reports was seen by the pre-scan. */
static int
ini_apply(struct cfg *c, const char *path, dictionary *d,
	  const unsigned *line_of, char *err, size_t err_len)
{
	const char *keys[CFG_NB_KEYS];
	int ns, s;

	ns = iniparser_getnsec(d);
	for (s = 0; s < ns; s++) {
		const char *sec = iniparser_getsecname(d, s);
		int nk = iniparser_getsecnkeys(d, sec), j;

		if (nk == 0)
			continue;
		if (nk < 0 || (unsigned)nk > CFG_NB_KEYS ||
		    iniparser_getseckeys(d, sec, keys) == NULL)
			return cfg_errf(err, err_len, "%s: [%s]: iniparser read unexpected keys",
					path, sec);
		for (j = 0; j < nk; j++) {
			const char *name = strchr(keys[j], ':');
			const char *val = iniparser_getstring(d, keys[j], NULL);
			const struct cfg_key *k;
			char why[CFG_ERR_LEN];

			k = name != NULL ? cfg_key_find(sec, name + 1) : NULL;
			if (k == NULL || val == NULL || line_of[k - cfg_keys] == 0)
				return cfg_errf(err, err_len, "%s: [%s] %s: iniparser read an unexpected key",
						path, sec, keys[j]);
			if (cfg_key_set(c, k, val, why, sizeof(why)) != 0)
				return cfg_errf(err, err_len, "%s: [%s] %s = \"%s\": %s (line %u)",
						path, sec, k->key, val, why, line_of[k - cfg_keys]);
		}
	}
	return 0;
}

int
cfg_load_ini(struct cfg *c, const char *path, char *err, size_t err_len)
{
	unsigned line_of[CFG_NB_KEYS] = { 0 };
	struct cfg tmp;
	dictionary *d;
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
	rc = ini_prescan(path, buf, len, line_of, err, err_len);
	free(buf);
	if (rc != 0)
		return rc;

	iniparser_set_error_callback(ini_silent);
	d = iniparser_load(path);
	iniparser_set_error_callback(NULL);
	if (d == NULL)
		return cfg_errf(err, err_len, "%s: iniparser could not read the file", path);
	tmp = *c;
	rc = ini_apply(&tmp, path, d, line_of, err, err_len);
	iniparser_freedict(d);
	if (rc != 0)
		return rc;
	snprintf(tmp.path, sizeof(tmp.path), "%s", path);
	*c = tmp;
	return 0;
}

/* --------------------------------------------------------------- queries */

bool
cfg_dir_active(const struct cfg *c, enum cfg_dir_id d)
{
	switch (c->direction) {
	case CFG_DIRECTION_BOTH:
		return true;
	case CFG_DIRECTION_FORWARD:
		return d == CFG_FWD;
	case CFG_DIRECTION_REVERSE:
		return d == CFG_REV;
	}
	return false;
}

static bool
translating(const struct cfg *c)
{
	return c->side[CFG_LEFT].ip_version != c->side[CFG_RIGHT].ip_version;
}

uint32_t
cfg_frame_size_b(const struct cfg *c, uint8_t ip_version)
{
	/* RFC 8219 5.1.1: the IPv4 header is 20 B shorter than the IPv6 one */
	if (translating(c) && ip_version == 4)
		return c->frame_size_b - 20;
	return c->frame_size_b;
}

/*
 * floor(gbps * 1e9 / ((size + 20) * 8)).  methodology.md quotes 12,019,231
 * fps for 84 B at 10 Gb/s: that is 12,019,230.77 rounded to nearest; floor
 * gives 12,019,230, a rate the link can actually carry, so we use floor.
 */
uint64_t
cfg_line_rate_fps(uint32_t size_b, uint32_t speed_gbps)
{
	return (uint64_t)speed_gbps * 1000000000ULL /
	       (((uint64_t)size_b + 20) * 8);
}


const uint8_t *
cfg_side_addr(const struct cfg_side *s, uint8_t ip_version)
{
	return ip_version == 4 ? s->ipv4 : s->ipv6;
}

const uint8_t *
cfg_side_seen_addr(const struct cfg_side *s, uint8_t ip_version)
{
	if (s->ip_version == ip_version)
		return cfg_side_addr(s, ip_version);
	return ip_version == 4 ? s->ipv4_virt : s->ipv6_virt;
}

const uint8_t *
cfg_src_addr(const struct cfg *c, enum cfg_dir_id d, uint8_t ip_version)
{
	return cfg_side_addr(&c->side[cfg_tx_side(d)], ip_version);
}

const uint8_t *
cfg_dst_addr(const struct cfg *c, enum cfg_dir_id d, uint8_t ip_version)
{
	return cfg_side_seen_addr(&c->side[cfg_rx_side(d)], ip_version);
}

/* ------------------------------------------------------------- validation */

static const char *const side_names[CFG_NB_SIDES] = { "left", "right" };
static const char *const dir_names[CFG_NB_DIRS] = { "forward", "reverse" };

/* "FILE: " when the configuration came from a file. */
static const char *
src_prefix(const struct cfg *c, char *buf, size_t len)
{
	if (c->path[0] == '\0')
		return "";
	snprintf(buf, len, "%s: ", c->path);
	return buf;
}

static int
check_table_ranges(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	char val[64];
	unsigned i;

	for (i = 0; i < CFG_NB_KEYS; i++) {
		const struct cfg_key *k = &cfg_keys[i];
		const void *p = (const char *)c + k->offset;
		uint64_t u = load_uint(p, k->size);
		bool bad = false;

		if (k->type == CFG_KEY_U)
			bad = u < k->min || u > k->max;
		else if (k->type == CFG_KEY_LCORE)
			bad = u != CFG_LCORE_NONE && (u < k->min || u > k->max);
		else if (k->type == CFG_KEY_ENUM)
			bad = enum_name(k->names, u) == NULL;
		if (bad) {
			cfg_key_format(c, k, val, sizeof(val));
			return cfg_errf(err, err_len, "%s[%s] %s = %s: out of range %" PRIu64 "..%" PRIu64,
					pre, k->section, k->key, val, k->min, k->max);
		}
	}
	return 0;
}

static int
check_frame_size(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	const struct cfg_side *l = &c->side[CFG_LEFT], *r = &c->side[CFG_RIGHT];

	if (c->frame_size_b > CFG_MAX_FRAME_B && !c->jumbo)
		return cfg_errf(err, err_len,
				"%s[traffic] frame_size_b = %" PRIu32 " needs [traffic] jumbo = 1 (frames above %d bytes)",
				pre, c->frame_size_b, CFG_MAX_FRAME_B);
	if (c->frame_size_b >= CFG_MIN_SIIT_FRAME_B)
		return 0;
	/* 14 Ethernet + 40 IPv6 + 8 UDP + 18 stamp + 4 FCS = 84 */
	if (translating(c))
		return cfg_errf(err, err_len,
				"%s[traffic] frame_size_b = %" PRIu32 ": below %d with translation ([left] ip_version = %u, [right] ip_version = %u; RFC 8219 5.1.1)",
				pre, c->frame_size_b, CFG_MIN_SIIT_FRAME_B,
				l->ip_version, r->ip_version);
	if (l->ip_version == 6)
		return cfg_errf(err, err_len,
				"%s[traffic] frame_size_b = %" PRIu32 ": IPv6 frames ([left] ip_version = 6) need at least %d bytes",
				pre, c->frame_size_b, CFG_MIN_SIIT_FRAME_B);
	if (c->n > c->m)
		return cfg_errf(err, err_len,
				"%s[traffic] frame_size_b = %" PRIu32 ": background IPv6 frames ([traffic] n = %" PRIu32 " > m = %" PRIu32 ") need at least %d bytes",
				pre, c->frame_size_b, c->n, c->m, CFG_MIN_SIIT_FRAME_B);
	return 0;
}

static int
check_var(const char *pre, const char *dir, const char *name,
	  const struct cfg_var *v, char *err, size_t err_len)
{
	if (v->mode == CFG_VAR_FIXED || v->min <= v->max)
		return 0;
	return cfg_errf(err, err_len,
			"%s[%s] %s_min = %u > %s_max = %u (%s_mode = %s)",
			pre, dir, name, v->min, name, v->max, name,
			var_names[v->mode].name);
}

static int
check_dirs(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	unsigned d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct cfg_dir *x = &c->dir[d];

		if (check_var(pre, dir_names[d], "sport", &x->sport, err, err_len) ||
		    check_var(pre, dir_names[d], "dport", &x->dport, err, err_len) ||
		    check_var(pre, dir_names[d], "src_slice", &x->src_slice, err, err_len) ||
		    check_var(pre, dir_names[d], "dst_slice", &x->dst_slice, err, err_len))
			return -EINVAL;
	}
	return 0;
}

static int
check_lcores(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	char dirval[16];
	unsigned d;

	cfg_key_format(c, cfg_key_find("traffic", "direction"), dirval, sizeof(dirval));
	for (d = 0; d < CFG_NB_DIRS; d++) {
		enum cfg_side_id tx = cfg_tx_side(d), rx = cfg_rx_side(d);

		if (!cfg_dir_active(c, d))
			continue;
		if (c->side[tx].send_lcore == CFG_LCORE_NONE)
			return cfg_errf(err, err_len,
					"%s[%s] send_lcore = none, but [traffic] direction = %s needs a %s sender on %s",
					pre, side_names[tx], dirval, dir_names[d], side_names[tx]);
		if (c->side[rx].recv_lcore == CFG_LCORE_NONE)
			return cfg_errf(err, err_len,
					"%s[%s] recv_lcore = none, but [traffic] direction = %s needs a %s receiver on %s",
					pre, side_names[rx], dirval, dir_names[d], side_names[rx]);
	}
	if (c->side[CFG_LEFT].port_id == c->side[CFG_RIGHT].port_id)
		return cfg_errf(err, err_len,
				"%s[left] port_id = %u and [right] port_id = %u: one port cannot be both sides",
				pre, c->side[CFG_LEFT].port_id, c->side[CFG_RIGHT].port_id);
	return 0;
}

/* The byte num_nets varies must not run past 255 (RFC 2544 12). */
static int
check_nets_overflow(const struct cfg *c, const char *pre, unsigned d, uint8_t v,
		    char *err, size_t err_len)
{
	enum cfg_side_id rx = cfg_rx_side(d);
	const struct cfg_side *o = &c->side[rx];
	const uint8_t *dst = cfg_dst_addr(c, d, v);
	unsigned idx = v == 4 ? 2 : 7;
	const char *key;
	char addr[INET6_ADDRSTRLEN];

	if (dst[idx] + o->num_nets - 1 <= 255)
		return 0;
	if (v == 4)
		key = o->ip_version == 4 ? "ipv4" : "ipv4_virt";
	else
		key = o->ip_version == 6 ? "ipv6" : "ipv6_virt";
	inet_ntop(v == 4 ? AF_INET : AF_INET6, dst, addr, sizeof(addr));
	return cfg_errf(err, err_len,
			"%s[%s] num_nets = %u with [%s] %s = %s: byte %u of the destination (%u) + num_nets - 1 exceeds 255",
			pre, side_names[rx], o->num_nets, side_names[rx], key, addr,
			idx + 1, dst[idx]);
}

static int
check_nets(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	unsigned d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		enum cfg_side_id tx = cfg_tx_side(d), rx = cfg_rx_side(d);
		uint8_t v = c->side[tx].ip_version;
		const struct cfg_var *ds = &c->dir[d].dst_slice;

		if (!cfg_dir_active(c, d))
			continue;
		if (v == 4 && c->side[rx].num_nets > 1 && ds->mode != CFG_VAR_FIXED)
			return cfg_errf(err, err_len,
					"%s[%s] num_nets = %u and [%s] dst_slice_mode = %s both vary the IPv4 destination's 3rd byte",
					pre, side_names[rx], c->side[rx].num_nets,
					dir_names[d], var_names[ds->mode].name);
		if (check_nets_overflow(c, pre, d, v, err, err_len))
			return -EINVAL;
		if (c->n > c->m && v != 6 &&
		    check_nets_overflow(c, pre, d, 6, err, err_len))
			return -EINVAL;
	}
	return 0;
}

static int
check_search(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	if (c->rate_max_fps != 0 && c->rate_min_fps >= c->rate_max_fps)
		return cfg_errf(err, err_len,
				"%s[search] rate_min_fps = %" PRIu64 " >= rate_max_fps = %" PRIu64,
				pre, c->rate_min_fps, c->rate_max_fps);
	if (c->initial_rate_fps != 0 &&
	    (c->initial_rate_fps < c->rate_min_fps ||
	     (c->rate_max_fps != 0 && c->initial_rate_fps > c->rate_max_fps)))
		return cfg_errf(err, err_len,
				"%s[search] initial_rate_fps = %" PRIu64 " outside rate_min_fps = %" PRIu64 " .. rate_max_fps = %" PRIu64,
				pre, c->initial_rate_fps, c->rate_min_fps, c->rate_max_fps);
	return 0;
}

int
cfg_validate(const struct cfg *c, char *err, size_t err_len)
{
	char prebuf[CFG_PATH_LEN + 4];
	const char *pre = src_prefix(c, prebuf, sizeof(prebuf));

	if (check_table_ranges(c, pre, err, err_len) ||
	    check_frame_size(c, pre, err, err_len))
		return -EINVAL;
	if (c->m > c->n)
		return cfg_errf(err, err_len,
				"%s[traffic] m = %" PRIu32 " > n = %" PRIu32 ": of every n frames at most n are foreground",
				pre, c->m, c->n);
	if (check_dirs(c, pre, err, err_len) ||
	    check_lcores(c, pre, err, err_len) ||
	    check_nets(c, pre, err, err_len) ||
	    check_search(c, pre, err, err_len))
		return -EINVAL;
	if (c->outdir[0] == '\0')
		return cfg_errf(err, err_len, "%s[output] dir = \"\": empty directory name", pre);
	if (cfg_loss_rates(c, NULL, 0, err, err_len) < 0)
		return -EINVAL;
	return 0;
}

int
cfg_loss_rates(const struct cfg *c, uint64_t *out, unsigned max, char *err,
	       size_t err_len)
{
	char why[CFG_ERR_LEN], item[32], prebuf[CFG_PATH_LEN + 4];
	const char *p = c->loss_rates, *end, *bad;
	unsigned n = 0;
	uint64_t v;
	size_t len;

	while (*p != '\0') {
		end = strchr(p, ',');
		len = end ? (size_t)(end - p) : strlen(p);
		while (len > 0 && *p == ' ')
			p++, len--;
		while (len > 0 && p[len - 1] == ' ')
			len--;
		bad = NULL;
		if (len == 0) {
			bad = "empty";
		} else if (len >= sizeof(item)) {
			bad = "too long";
		} else {
			memcpy(item, p, len);
			item[len] = '\0';
			if (cfg_parse_u64(item, 1, RATE_MAX, &v, why, sizeof(why)) != 0)
				bad = why;
		}
		if (bad != NULL)
			return cfg_errf(err, err_len,
					"%s[loss] rates = \"%s\": item %u (\"%.*s\"): %s",
					src_prefix(c, prebuf, sizeof(prebuf)),
					c->loss_rates, n + 1, (int)len, p, bad);
		if (out != NULL && n < max)
			out[n] = v;
		n++;
		if (end == NULL)
			break;
		p = end + 1;
		if (*p == '\0')
			return cfg_errf(err, err_len,
					"%s[loss] rates = \"%s\": trailing comma",
					src_prefix(c, prebuf, sizeof(prebuf)),
					c->loss_rates);
	}
	return (int)n;
}

/* ----------------------------------------------------------------- print */

static void
print_key(const struct cfg *c, const struct cfg_key *k, FILE *f, char *val,
	  size_t len)
{
	fprintf(f, "; %s", k->help);
	if (k->unit[0] != '\0')
		fprintf(f, " [%s]", k->unit);
	if (k->type == CFG_KEY_U)
		fprintf(f, " (%" PRIu64 "..%" PRIu64 ")", k->min, k->max);
	fprintf(f, "\n");
	cfg_key_format(c, k, val, len);
	fprintf(f, "%s = %s\n", k->key, val);
}

void
cfg_print(const struct cfg *c, FILE *f)
{
	char val[CFG_PATH_LEN + 8];
	unsigned i, s;

	fprintf(f, "; dutperf effective configuration%s%s\n",
		c->path[0] ? ", read from " : " (no INI file)", c->path);
	for (s = 0; s < CFG_NB_SECTIONS; s++) {
		fprintf(f, "\n[%s]\n", cfg_sections[s]);
		for (i = 0; i < CFG_NB_KEYS; i++) {
			if (strcmp(cfg_keys[i].section, cfg_sections[s]) == 0)
				print_key(c, &cfg_keys[i], f, val, sizeof(val));
		}
	}
}

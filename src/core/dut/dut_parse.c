/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dut_parse: an observation's output read as counters (dut.h), one
 * parser per documented format (docs/dut.md "Parsers").  Strict: a line
 * the format does not allow is an error naming the observation and the
 * line, never skipped silently (except the lines a format documents as
 * not counters: headers, /proc/stat's other lines, ovs ratios).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dutperf/dut.h"

static const char *const dut_parser_names[DUT_NB_PARSERS] = {
	[DUT_PARSER_NONE] = "none", [DUT_PARSER_KV] = "kv",
	[DUT_PARSER_NSTAT] = "nstat", [DUT_PARSER_ETHTOOL] = "ethtool",
	[DUT_PARSER_IPLINK] = "iplink", [DUT_PARSER_OVS] = "ovs",
	[DUT_PARSER_CPU] = "cpu", [DUT_PARSER_NFT] = "nft",
};

const char *
dut_parser_name(enum dut_parser p)
{
	return (unsigned)p < DUT_NB_PARSERS ? dut_parser_names[p] : "?";
}

void
dut_counters_free(struct dut_counters *c)
{
	free(c->v);
	*c = (struct dut_counters){ 0 };
}

const struct dut_counter *
dut_counters_find(const struct dut_counters *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].name, name) == 0)
			return &c->v[i];
	return NULL;
}

/* One line being read: for the messages. */
struct dut_line {
	const char *obs;
	enum dut_parser parser;
	unsigned no;			/* from 1 */
	const char *text;		/* the line, NUL-terminated */
	char *err;
	size_t err_len;
};

static int
dut_bad(const struct dut_line *l, const char *why)
{
	snprintf(l->err, l->err_len, "[dut] observation %s (parser %s): "
		 "output line %u \"%.80s\": %s", l->obs,
		 dut_parser_name(l->parser), l->no, l->text, why);
	return -EINVAL;
}

/* Add name (n bytes; n < 0: up to its NUL) = value; a repeated name is
 * an error (two counters of one name cannot be diffed). */
static int
dut_add(struct dut_counters *c, const struct dut_line *l, const char *name,
	int n, uint64_t value)
{
	size_t len = n < 0 ? strlen(name) : (size_t)n;
	char nm[DUT_COUNTER_LEN];

	if (len == 0)
		return dut_bad(l, "no counter name");
	if (len >= DUT_COUNTER_LEN)
		return dut_bad(l, "counter name too long");
	/* dut.csv's fields are not quoted */
	if (memchr(name, ',', len) != NULL || memchr(name, '"', len) != NULL)
		return dut_bad(l, "a comma or a quote in the counter name");
	memcpy(nm, name, len);
	nm[len] = '\0';
	if (dut_counters_find(c, nm) != NULL) {
		char why[DUT_COUNTER_LEN + 40];

		snprintf(why, sizeof(why), "counter %s twice", nm);
		return dut_bad(l, why);
	}
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		struct dut_counter *v = realloc(c->v, cap * sizeof(*v));

		if (v == NULL) {
			snprintf(l->err, l->err_len, "no memory for counters");
			return -ENOMEM;
		}
		c->v = v;
		c->cap = cap;
	}
	memcpy(c->v[c->n].name, nm, len + 1);
	c->v[c->n].value = value;
	c->n++;
	return 0;
}

/* A whole token of decimal digits (no sign, no blank) into *v. */
static bool
dut_u64(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;

	if (n == 0 || n > 20)
		return false;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		if (x > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return false;
		x = x * 10 + (uint64_t)(s[i] - '0');
	}
	*v = x;
	return true;
}

static const char *
dut_skip(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The end of s with trailing blanks dropped. */
static size_t
dut_rtrim(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n;
}

/* "name = value" (sysctl; blanks around "=" optional) */
static int
dut_line_kv(struct dut_counters *c, const struct dut_line *l, const char *s)
{
	const char *eq = strchr(s, '=');
	const char *v;
	size_t n;
	uint64_t x;

	if (eq == NULL)
		return dut_bad(l, "not name = value");
	n = dut_rtrim(s, (size_t)(eq - s));
	if (memchr(s, ' ', n) != NULL || memchr(s, '\t', n) != NULL)
		return dut_bad(l, "a blank in the counter name");
	v = dut_skip(eq + 1);
	if (!dut_u64(v, dut_rtrim(v, strlen(v)), &x))
		return dut_bad(l, "the value is not an unsigned integer");
	return dut_add(c, l, s, (int)n, x);
}

/* nstat -az: "#kernel", then "Name value rate" */
static int
dut_line_nstat(struct dut_counters *c, const struct dut_line *l,
	       const char *s)
{
	size_t n = strcspn(s, " \t"), m;
	const char *v;
	uint64_t x;

	if (*s == '#')
		return 0;
	v = dut_skip(s + n);
	m = strcspn(v, " \t\r");
	if (!dut_u64(v, m, &x))
		return dut_bad(l, "not NAME VALUE [RATE] (the value an unsigned "
			       "integer)");
	return dut_add(c, l, s, (int)n, x);
}

/* ethtool -S: "NIC statistics:", then "name: value" */
static int
dut_line_ethtool(struct dut_counters *c, const struct dut_line *l,
		 const char *s)
{
	const char *colon = strrchr(s, ':');
	const char *v;
	uint64_t x;

	if (strncmp(s, "NIC statistics:", 15) == 0 && *dut_skip(s + 15) == '\0')
		return 0;
	if (colon == NULL)
		return dut_bad(l, "not name: value");
	v = dut_skip(colon + 1);
	if (!dut_u64(v, dut_rtrim(v, strlen(v)), &x))
		return dut_bad(l, "the value is not an unsigned integer");
	return dut_add(c, l, s, (int)dut_rtrim(s, (size_t)(colon - s)), x);
}

/*
 * ovs-appctl dpctl/show (ovs-dpctl show): "DP@NAME:" header lines, then
 * "key: N" and "key: a:N b:N" lines (key.a; lookups.lost is the upcall
 * loss), "port N: NAME (TYPE)" lines, and with -s under a port "RX
 * packets:N errors:N ..." / "TX ..." (NAME.rx.packets) and "RX bytes:N
 * (..)  TX bytes:N (..)" and other "name:N" lines under a port
 * (NAME.collisions); "key:" alone is a heading.  Ratios (hit/pkt:1.07,
 * hit-rate:79.91%: a '.' or '%' in the value) are not counters.
 */
static int
dut_line_ovs(struct dut_counters *c, const struct dut_line *l, const char *s,
	     bool *dp, char *port, size_t port_len)
{
	char key[DUT_COUNTER_LEN], nm[DUT_COUNTER_LEN * 2];
	const char *p, *colon;
	size_t n, m;
	uint64_t x;
	int rc;

	if (s == l->text) {
		/* a datapath: "system@ovs-system:" */
		n = dut_rtrim(s, strlen(s));
		if (n == 0 || s[n - 1] != ':' || strchr(s, '@') == NULL)
			return dut_bad(l, "not DATAPATH@NAME: at the start of "
				       "a line");
		port[0] = '\0';
		*dp = true;
		return 0;
	}
	if (!*dp)
		return dut_bad(l, "a counter before the first DATAPATH@NAME: "
			       "line");
	if (strncmp(s, "port ", 5) == 0) {
		/* "port 1: br0 (internal)" */
		colon = strchr(s, ':');
		p = colon ? dut_skip(colon + 1) : NULL;
		if (p == NULL || *p == '\0')
			return dut_bad(l, "not port N: NAME");
		n = strcspn(p, " \t(");
		snprintf(port, port_len, "%.*s", (int)n, p);
		return 0;
	}
	if (strncmp(s, "RX ", 3) == 0 || strncmp(s, "TX ", 3) == 0) {
		const char *dir = s[0] == 'R' ? "rx" : "tx";

		if (*port == '\0')
			return dut_bad(l, "RX / TX counters before any port line");
		for (p = s; *p != '\0';) {
			p = dut_skip(p);
			if (strncmp(p, "RX ", 3) == 0 || strncmp(p, "TX ", 3) == 0) {
				dir = *p == 'R' ? "rx" : "tx";
				p += 3;
				continue;
			}
			if (*p == '(') {	/* "(1.2 KiB)": a reading aid */
				p += strcspn(p, ")");
				p += *p == ')';
				continue;
			}
			n = strcspn(p, ": \t");
			if (p[n] != ':')
				return dut_bad(l, "not RX|TX name:N ...");
			m = strcspn(p + n + 1, " \t");
			if (!dut_u64(p + n + 1, m, &x))
				return dut_bad(l, "a value is not an unsigned integer");
			snprintf(nm, sizeof(nm), "%s.%s.%.*s", port, dir, (int)n, p);
			rc = dut_add(c, l, nm, -1, x);
			if (rc != 0)
				return rc;
			p += n + 1 + m;
		}
		return 0;
	}
	colon = strchr(s, ':');
	if (colon == NULL)
		return dut_bad(l, "not key: value");
	n = (size_t)(colon - s);
	if (n == 0 || n >= sizeof(key) / 4)
		return dut_bad(l, "no key");
	/* under a port line, its counters (-s: "collisions:0") */
	snprintf(key, sizeof(key), "%s%s%.*s", port, *port ? "." : "", (int)n,
		 s);
	p = dut_skip(colon + 1);
	m = dut_rtrim(p, strlen(p));
	if (m == 0)			/* a heading: "caches:" */
		return 0;
	if (dut_u64(p, m, &x))		/* "flows: 2" */
		return dut_add(c, l, key, -1, x);
	if (strchr(p, ':') == NULL)
		return dut_bad(l, "the value is neither N nor name:N pairs");
	while (*p != '\0') {
		/* "hit:3577 missed:52 lost:0" */
		n = strcspn(p, ": \t");
		if (p[n] != ':')
			return dut_bad(l, "not name:N pairs");
		m = strcspn(p + n + 1, " \t\r");
		/* a ratio (hit/pkt:1.07, hit-rate:79.91%) is not a counter */
		if (memchr(p + n + 1, '.', m) != NULL ||
		    memchr(p + n + 1, '%', m) != NULL) {
			p = dut_skip(p + n + 1 + m);
			continue;
		}
		if (!dut_u64(p + n + 1, m, &x))
			return dut_bad(l, "a value is not an unsigned integer");
		snprintf(nm, sizeof(nm), "%s.%.*s", key, (int)n, p);
		rc = dut_add(c, l, nm, -1, x);
		if (rc != 0)
			return rc;
		p = dut_skip(p + n + 1 + m);
	}
	return 0;
}

/*
 * /proc/stat (proc(5)): "cpu" and "cpuN" lines of user nice system idle
 * iowait irq softirq steal [guest guest_nice] jiffies: NAME.busy = user +
 * nice + system + irq + softirq + steal, NAME.idle = idle + iowait (guest
 * time is already in user and nice); the first figure of "intr" and
 * "softirq" and the "ctxt" and "processes" lines; other lines are not
 * counters.
 */
static int
dut_line_cpu(struct dut_counters *c, const struct dut_line *l, const char *s)
{
	static const char *const single[] = { "ctxt", "processes", "intr",
					      "softirq" };
	uint64_t f[10], busy, idle;
	char nm[DUT_COUNTER_LEN];
	const char *p;
	size_t n, m;
	unsigned k, i;
	int rc;

	n = strcspn(s, " \t");
	if (n >= 3 && strncmp(s, "cpu", 3) == 0) {
		for (i = 3; i < n; i++)
			if (!isdigit((unsigned char)s[i]))
				return dut_bad(l, "not cpu or cpuN");
		if (n >= DUT_COUNTER_LEN - 8)
			return dut_bad(l, "name too long");
		for (k = 0, p = dut_skip(s + n); *p != '\0' && *p != '\r';
		     p = dut_skip(p + m), k++) {
			m = strcspn(p, " \t\r");
			if (k >= 10 || !dut_u64(p, m, &f[k]))
				return dut_bad(l, "not 4 to 10 jiffy counts");
		}
		if (k < 4)
			return dut_bad(l, "not 4 to 10 jiffy counts");
		for (; k < 10; k++)
			f[k] = 0;
		busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
		idle = f[3] + f[4];
		snprintf(nm, sizeof(nm), "%.*s.busy", (int)n, s);
		rc = dut_add(c, l, nm, -1, busy);
		if (rc == 0) {
			snprintf(nm, sizeof(nm), "%.*s.idle", (int)n, s);
			rc = dut_add(c, l, nm, -1, idle);
		}
		return rc;
	}
	for (i = 0; i < sizeof(single) / sizeof(single[0]); i++) {
		if (n != strlen(single[i]) || strncmp(s, single[i], n) != 0)
			continue;
		p = dut_skip(s + n);
		m = strcspn(p, " \t\r");
		if (!dut_u64(p, m, &f[0]))
			return dut_bad(l, "the value is not an unsigned integer");
		return dut_add(c, l, single[i], -1, f[0]);
	}
	return 0;
}

/*
 * nft list counters (or nft list counter FAMILY TABLE NAME): "table F T
 * {", "counter NAME {", "packets N bytes M", "}" lines: NAME.packets and
 * NAME.bytes (a name in two tables is an error: list one table).
 */
static int
dut_line_nft(struct dut_counters *c, const struct dut_line *l, const char *s,
	     char *name, size_t name_len)
{
	char nm[DUT_COUNTER_LEN * 2];
	uint64_t pk, by;
	size_t n, m;
	const char *p;
	int rc;

	if (strncmp(s, "table ", 6) == 0 || strcmp(s, "}") == 0) {
		name[0] = '\0';
		return 0;
	}
	if (strncmp(s, "counter ", 8) == 0) {
		p = dut_skip(s + 8);
		n = strcspn(p, " \t{");
		if (n == 0 || n >= name_len || strcmp(dut_skip(p + n), "{") != 0)
			return dut_bad(l, "not counter NAME {");
		snprintf(name, name_len, "%.*s", (int)n, p);
		return 0;
	}
	if (strncmp(s, "packets ", 8) != 0 || name[0] == '\0')
		return dut_bad(l, "not table, counter NAME {, packets N bytes M "
			       "or }");
	p = dut_skip(s + 8);
	n = strcspn(p, " \t");
	if (!dut_u64(p, n, &pk))
		return dut_bad(l, "not packets N bytes M");
	p = dut_skip(p + n);
	if (strncmp(p, "bytes ", 6) != 0)
		return dut_bad(l, "not packets N bytes M");
	p = dut_skip(p + 6);
	m = strcspn(p, " \t");
	if (!dut_u64(p, m, &by) || *dut_skip(p + m) != '\0')
		return dut_bad(l, "not packets N bytes M");
	snprintf(nm, sizeof(nm), "%s.packets", name);
	rc = dut_add(c, l, nm, -1, pk);
	if (rc == 0) {
		snprintf(nm, sizeof(nm), "%s.bytes", name);
		rc = dut_add(c, l, nm, -1, by);
	}
	return rc;
}

/* ip -s -j link: [{"ifname": "d0", "stats64": {"rx": {"packets": N, ..},
 * "tx": {..}}}, ..] -> d0.rx.packets, .. (integer members only) */
static int
dut_parse_iplink(const char *obs, const char *text, size_t len,
		 struct dut_counters *out, char *err, size_t err_len)
{
	static const char *const dirs[] = { "rx", "tx" };
	struct dut_line l = { obs, DUT_PARSER_IPLINK, 0, "", err, err_len };
	char nm[DUT_COUNTER_LEN * 2];
	json_error_t je;
	json_t *root, *link, *st, *d, *v;
	const char *ifname, *k;
	size_t i;
	unsigned j;
	int rc = 0;

	root = json_loadb(text, len, 0, &je);
	if (root == NULL) {
		snprintf(err, err_len, "[dut] observation %s (parser iplink): "
			 "output line %d: not JSON: %s", obs, je.line, je.text);
		return -EINVAL;
	}
	if (!json_is_array(root)) {
		snprintf(err, err_len, "[dut] observation %s (parser iplink): "
			 "not a JSON array of links (ip -s -j link)", obs);
		json_decref(root);
		return -EINVAL;
	}
	json_array_foreach(root, i, link) {
		ifname = json_string_value(json_object_get(link, "ifname"));
		st = json_object_get(link, "stats64");
		if (st == NULL)
			st = json_object_get(link, "stats");
		if (ifname == NULL || !json_is_object(st)) {
			snprintf(err, err_len, "[dut] observation %s (parser "
				 "iplink): link %zu has no ifname or no stats64 "
				 "(ip -s -j link)", obs, i);
			rc = -EINVAL;
			break;
		}
		for (j = 0; j < 2 && rc == 0; j++) {
			d = json_object_get(st, dirs[j]);
			if (!json_is_object(d))
				continue;
			json_object_foreach(d, k, v) {
				if (!json_is_integer(v) || json_integer_value(v) < 0)
					continue;
				snprintf(nm, sizeof(nm), "%s.%s.%s", ifname,
					 dirs[j], k);
				l.text = nm;
				rc = dut_add(out, &l, nm, -1,
					     (uint64_t)json_integer_value(v));
				if (rc != 0)
					break;
			}
		}
		if (rc != 0)
			break;
	}
	json_decref(root);
	return rc;
}

int
dut_parse(enum dut_parser p, const char *obs, const char *text, size_t len,
	  struct dut_counters *out, char *err, size_t err_len)
{
	struct dut_line l = { obs, p, 0, NULL, err, err_len };
	char line[1024], port[DUT_COUNTER_LEN / 2] = "";
	size_t at = 0, n;
	bool dp = false;
	const char *s;
	int rc = 0;

	out->n = 0;
	if (p == DUT_PARSER_NONE)
		return 0;
	if (p == DUT_PARSER_IPLINK)
		return dut_parse_iplink(obs, text, len, out, err, err_len);
	while (at < len && rc == 0) {
		const char *nl = memchr(text + at, '\n', len - at);

		n = nl ? (size_t)(nl - (text + at)) : len - at;
		l.no++;
		if (memchr(text + at, '\0', n) != NULL) {
			l.text = "";
			return dut_bad(&l, "a NUL byte");
		}
		snprintf(line, sizeof(line), "%.*s", (int)n, text + at);
		at += n + (nl != NULL);
		if (n >= sizeof(line)) {
			l.text = line;
			return dut_bad(&l, "line too long");
		}
		line[dut_rtrim(line, strlen(line))] = '\0';
		l.text = line;
		s = dut_skip(line);
		if (*s == '\0')
			continue;
		switch (p) {
		case DUT_PARSER_KV:
			rc = dut_line_kv(out, &l, s);
			break;
		case DUT_PARSER_NSTAT:
			rc = dut_line_nstat(out, &l, s);
			break;
		case DUT_PARSER_ETHTOOL:
			rc = dut_line_ethtool(out, &l, s);
			break;
		case DUT_PARSER_OVS:
			rc = dut_line_ovs(out, &l, s, &dp, port, sizeof(port));
			break;
		case DUT_PARSER_CPU:
			rc = dut_line_cpu(out, &l, s);
			break;
		case DUT_PARSER_NFT:
			rc = dut_line_nft(out, &l, s, port, sizeof(port));
			break;
		default:
			snprintf(err, err_len, "[dut] observation %s: unknown "
				 "parser", obs);
			return -EINVAL;
		}
	}
	return rc;
}

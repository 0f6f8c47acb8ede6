/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli_check: what can be known before traffic, after cli_parse has read
 * the options: [stateful] phases in the mode, the lcores and ports the EAL
 * options will enable (read without the EAL), the output directory.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dutperf/b2b.h"
#include "dutperf/campaign.h"
#include "dutperf/cli.h"
#include "dutperf/mlr.h"
#include "dutperf/stateful.h"
#include "dutperf/swproc.h"
#include "cli_priv.h"

int
cli_check_phases(const struct cli_mode *mode, const struct cfg *c, char *err,
		 size_t err_len)
{
	char lead[CFG_PATH_LEN + 96];

	if (!c->st.phases || mode->stateful == CLI_STATEFUL_ALWAYS)
		return 0;
	if (mode->stateful != CLI_STATEFUL_PHASES)
		return cfg_errf(err, err_len, "%s: means nothing in mode %s (the "
				"modes with RFC 9693 phases: loss, latency, pdv, "
				"trial; for throughput, mode stateful)",
				cfg_key_blame(c, "stateful", "phases", lead,
					      sizeof(lead)), mode->name);
	return stateful_check(c, err, err_len);
}

/* "a" or "a-b" at *p into set; advances *p.  -1: not one. */
static int
eal_range(const char **p, bool *set)
{
	unsigned long a, b;
	const char *q;
	char *end;

	if (**p < '0' || **p > '9')
		return -1;
	a = b = strtoul(*p, &end, 10);
	if (*end == '-') {
		q = end + 1;
		if (*q < '0' || *q > '9')
			return -1;
		b = strtoul(q, &end, 10);
	}
	if (a > b || b > CFG_MAX_LCORE)
		return -1;
	while (set != NULL && a <= b)
		set[a++] = true;
	*p = end;
	return 0;
}

/* "r" or "(r,r,...)" at *p: one range or a group of them. */
static int
eal_group(const char **p, bool *set)
{
	if (**p != '(')
		return eal_range(p, set);
	do {
		(*p)++;
		if (eal_range(p, set) != 0)
			return -1;
	} while (**p == ',');
	if (**p != ')')
		return -1;
	(*p)++;
	return 0;
}

/* -l: ranges "0-3,5"; --lcores: groups, each maybe "@cpus". */
static int
eal_list(const char *s, bool lcores_syntax, bool *set)
{
	const char *p = s;

	for (;;) {
		if ((lcores_syntax ? eal_group(&p, set) : eal_range(&p, set)) != 0)
			return -1;
		if (lcores_syntax && *p == '@') {
			p++;
			if (eal_group(&p, NULL) != 0)
				return -1;
		}
		if (*p == '\0')
			return 0;
		if (*p != ',')
			return -1;
		p++;
	}
}

/* -c: a hexadecimal core mask, 0x optional. */
static int
eal_mask(const char *s, bool *set)
{
	size_t n, i;
	unsigned bit;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	n = strlen(s);
	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		char ch = s[n - 1 - i];
		unsigned v = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0') :
			     ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10) :
			     ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10) : 16;

		if (v == 16)
			return -1;
		for (bit = 0; bit < 4; bit++)
			if (v & (1u << bit)) {
				if (i * 4 + bit > CFG_MAX_LCORE)
					return -1;
				set[i * 4 + bit] = true;
			}
	}
	return 0;
}

/* The value of option name at argv[*i] ("-l 0-1", "-l0-1", "--lcores=x"),
 * NULL when argv[*i] is not it. */
static const char *
eal_value(int argc, char **argv, int *i, const char *name)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '\0')
		return *i + 1 < argc ? argv[++*i] : NULL;
	if (name[1] != '-')		/* -l0-1 */
		return a + n;
	return a[n] == '=' ? a + n + 1 : NULL;
}

/* Virtual devices that are one ethdev port each. */
static bool
eal_one_port_vdev(const char *v)
{
	static const char *const drv[] = {
		"net_af_packet", "net_memif", "net_null", "net_pcap", "net_tap",
		"net_af_xdp", "eth_af_packet", "eth_null", "eth_pcap",
	};
	unsigned i;

	for (i = 0; i < sizeof(drv) / sizeof(drv[0]); i++)
		if (strncmp(v, drv[i], strlen(drv[i])) == 0)
			return true;
	return false;
}

void
cli_eal_parse(struct cli_eal *e, int argc, char **argv)
{
	bool set[CFG_MAX_LCORE + 1], no_pci = false, ports_known = true,
	     main_given = false;
	const char *v;
	int i, nb_vdev = 0, rc = 0;
	cpu_set_t cpus;
	unsigned c;

	memset(e, 0, sizeof(*e));
	e->lcores_known = false;
	e->main_lcore = -1;
	for (i = 1; i < argc; i++) {
		memset(set, 0, sizeof(set));
		if ((v = eal_value(argc, argv, &i, "--main-lcore")) != NULL) {
			char *end;
			unsigned long ml = strtoul(v, &end, 10);

			main_given = true;
			e->main_lcore = *v != '\0' && *end == '\0' &&
					ml <= CFG_MAX_LCORE ? (int)ml : -1;
			continue;
		}
		if ((v = eal_value(argc, argv, &i, "-l")) != NULL) {
			rc = eal_list(v, false, set);
			snprintf(e->lcores_from, sizeof(e->lcores_from), "-l %s", v);
		} else if ((v = eal_value(argc, argv, &i, "--lcores")) != NULL) {
			rc = eal_list(v, true, set);
			snprintf(e->lcores_from, sizeof(e->lcores_from),
				 "--lcores %s", v);
		} else if ((v = eal_value(argc, argv, &i, "-c")) != NULL) {
			rc = eal_mask(v, set);
			snprintf(e->lcores_from, sizeof(e->lcores_from), "-c %s", v);
		} else {
			if (strcmp(argv[i], "--no-pci") == 0)
				no_pci = true;
			else if ((v = eal_value(argc, argv, &i, "--vdev")) != NULL) {
				nb_vdev++;
				ports_known &= eal_one_port_vdev(v);
			}
			continue;
		}
		/* the last lcore option counts; one we cannot read: unknown */
		e->lcores_known = rc == 0;
		memcpy(e->lcore, set, sizeof(set));
	}
	if (e->lcores_from[0] == '\0' &&
	    sched_getaffinity(0, sizeof(cpus), &cpus) == 0) {
		/* the EAL's default: an lcore per CPU this process may use */
		for (c = 0; c <= CFG_MAX_LCORE && c < CPU_SETSIZE; c++)
			e->lcore[c] = CPU_ISSET(c, &cpus);
		e->lcores_known = true;
		snprintf(e->lcores_from, sizeof(e->lcores_from),
			 "no -l / -c / --lcores: the CPUs this process may use");
	}
	e->nb_ports = no_pci && ports_known ? nb_vdev : -1;
	/* the EAL's main lcore: --main-lcore, else the first one enabled */
	for (c = 0; !main_given && e->lcores_known && c <= CFG_MAX_LCORE; c++)
		if (e->lcore[c]) {
			e->main_lcore = (int)c;
			break;
		}
}

int
cli_check_main_lcore(const struct cli_mode *m, const struct cfg *c,
		     const struct cli_eal *e, char *err, size_t err_len)
{
	static const char *const side[CFG_NB_SIDES] = { "left", "right" };
	char what[CFG_PATH_LEN + 64];
	uint16_t l[CFG_MAX_QUEUES];
	unsigned d, s, k, nb;
	int send;

	if (!m->main_lcore_free || e->main_lcore < 0)
		return 0;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!cfg_dir_active(c, d))
			continue;
		for (send = 1; send >= 0; send--) {
			s = send ? cfg_tx_side(d) : cfg_rx_side(d);
			if (cfg_side_lcores(c, s, send, l, CFG_MAX_QUEUES, &nb,
					    err, err_len) != 0)
				return -EINVAL;
			for (k = 0; k < nb; k++)
				if (l[k] == e->main_lcore)
					return cfg_errf(err, err_len,
						"%s: lcore %u is the EAL's main lcore "
						"(--main-lcore, else the lowest of %s); "
						"mode %s needs it free: give the roles "
						"other lcores (e.g. EAL --lcores "
						"0@0,1@0,2@1 with send_lcore = 1, "
						"recv_lcore = 2)",
						cfg_key_blame(c, side[s], (send ?
							c->side[s].send_lcores :
							c->side[s].recv_lcores)[0] ?
							(send ? "send_lcores" :
							 "recv_lcores") : (send ?
							"send_lcore" : "recv_lcore"),
							what, sizeof(what)),
						l[k], e->lcores_from, m->name);
		}
	}
	return 0;
}

int
cli_check_eal(const struct cfg *c, const struct cli_eal *e, char *err,
	      size_t err_len)
{
	static const char *const side[CFG_NB_SIDES] = { "left", "right" };
	char what[CFG_PATH_LEN + 64];
	unsigned d, s;

	for (d = 0; d < CFG_NB_DIRS && e->lcores_known; d++) {
		const struct {
			unsigned s;
			bool send;
			const char *key, *keys;
		} use[2] = {
			{ cfg_tx_side(d), true, "send_lcore", "send_lcores" },
			{ cfg_rx_side(d), false, "recv_lcore", "recv_lcores" },
		};
		uint16_t l[CFG_MAX_QUEUES];
		unsigned nb, k;

		if (!cfg_dir_active(c, d))
			continue;
		for (s = 0; s < 2; s++) {
			const struct cfg_side *sd = &c->side[use[s].s];
			const char *key = (use[s].send ? sd->send_lcores :
					   sd->recv_lcores)[0] != '\0' ?
					  use[s].keys : use[s].key;

			if (cfg_side_lcores(c, use[s].s, use[s].send, l,
					    CFG_MAX_QUEUES, &nb, err, err_len) != 0)
				return -EINVAL;
			for (k = 0; k < nb; k++)
				if (l[k] > CFG_MAX_LCORE || !e->lcore[l[k]]) {
					char one[16] = "";

					if (key == use[s].keys)
						snprintf(one, sizeof(one), " %u", l[k]);
					return cfg_errf(err, err_len,
							"%s: lcore%s not enabled by the EAL options (%s; give it with -l / --lcores)",
							cfg_key_blame(c, side[use[s].s], key,
								      what, sizeof(what)),
							one, e->lcores_from);
				}
		}
	}
	for (s = 0; s < CFG_NB_SIDES && e->nb_ports >= 0; s++)
		if (c->side[s].port_id >= (unsigned)e->nb_ports)
			return cfg_errf(err, err_len,
					"%s: no such DPDK port (the EAL options --no-pci and --vdev make %d port%s, 0..%d)",
					cfg_key_blame(c, side[s], "port_id", what,
						      sizeof(what)),
					e->nb_ports, e->nb_ports == 1 ? "" : "s",
					e->nb_ports - 1);
	return 0;
}

int
cli_check_outdir(const struct cfg *c, char *err, size_t err_len)
{
	char path[CFG_PATH_LEN], what[CFG_PATH_LEN + 64], *slash;
	struct stat st;
	bool whole = true;

	snprintf(path, sizeof(path), "%s", c->outdir);
	/* the directory itself, else its nearest existing ancestor */
	for (;;) {
		if (stat(path, &st) == 0)
			break;
		if (errno != ENOENT && errno != ENOTDIR)
			return cfg_errf(err, err_len, "%s: %s: %s",
					cfg_key_blame(c, "output", "dir", what, sizeof(what)),
					path, strerror(errno));
		while ((slash = strrchr(path, '/')) != NULL && slash[1] == '\0' &&
		       slash != path)
			*slash = '\0';		/* trailing slashes */
		slash = strrchr(path, '/');
		if (slash == NULL)
			snprintf(path, sizeof(path), ".");
		else if (slash == path)
			path[1] = '\0';		/* "/" */
		else
			*slash = '\0';
		whole = false;
	}
	if (!S_ISDIR(st.st_mode))
		return cfg_errf(err, err_len, "%s: %s is not a directory%s",
				cfg_key_blame(c, "output", "dir", what, sizeof(what)),
				path, whole ? "" : ": cannot create the directory");
	if (access(path, W_OK | X_OK) != 0)
		return cfg_errf(err, err_len, "%s: %s: %s%s",
				cfg_key_blame(c, "output", "dir", what, sizeof(what)),
				path, strerror(errno),
				whole ? "" : ": cannot create the directory");
	return 0;
}

/* The sections whose checks live in their modules, in the order they run. */
static const struct cfg_checks cli_section_checks[] = {
	{ b2b_cfg_check, b2b_cfg_check_line },
	{ mlr_cfg_check, NULL },
	{ campaign_cfg_check, NULL },
	{ swproc_cfg_check, NULL },
};
#define CLI_NB_CHECKS (sizeof(cli_section_checks) / sizeof(cli_section_checks[0]))

int
cli_validate(const struct cfg *c, char *err, size_t err_len)
{
	return cfg_validate_with(c, cli_section_checks, CLI_NB_CHECKS, err,
				 err_len);
}

int
cli_check_line_rate(const struct cfg *c, char *err, size_t err_len)
{
	return cfg_check_line_rate_with(c, cli_section_checks, CLI_NB_CHECKS,
					err, err_len);
}

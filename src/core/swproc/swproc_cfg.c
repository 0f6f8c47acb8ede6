/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swproc_cfg: [switch]'s keys of modes caching, learnrate, congestion and
 * broadcast: their checks (exit 2 before anything runs) and the search
 * parameters they give.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/errf.h"
#include "dutperf/swproc.h"

static const char *
file_of(const struct cfg *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", c->path, c->path[0] ? ": " : "");
	return buf;
}

int
swproc_cfg_check(const struct cfg *c, char *err, size_t err_len)
{
	const struct cfg_swproc *w = &c->swp;
	char lead[CFG_PATH_LEN + 64], f[CFG_PATH_LEN + 4];

	if (w->initial_addrs > w->max_addrs)
		return cfg_errf(err, err_len, "%s: above [switch] max_addrs = %"
				PRIu32, cfg_key_blame(c, "switch",
						      "initial_addrs", lead,
						      sizeof(lead)),
				w->max_addrs);
	if (w->learn_min_fps >= w->learn_max_fps)
		return cfg_errf(err, err_len, "%s: not below [switch] "
				"learn_max_fps = %" PRIu64,
				cfg_key_blame(c, "switch", "learn_min_fps",
					      lead, sizeof(lead)),
				w->learn_max_fps);
	if (w->learn_initial_fps != 0 &&
	    (w->learn_initial_fps <= w->learn_min_fps ||
	     w->learn_initial_fps > w->learn_max_fps))
		return cfg_errf(err, err_len, "%s: outside (learn_min_fps = %"
				PRIu64 ", learn_max_fps = %" PRIu64 "]",
				cfg_key_blame(c, "switch", "learn_initial_fps",
					      lead, sizeof(lead)),
				w->learn_min_fps, w->learn_max_fps);
	if (w->lport == w->tport || w->lport == w->mport ||
	    w->tport == w->mport)
		return cfg_errf(err, err_len, "%s[switch] lport = %" PRIu32
				", tport = %" PRIu32 ", mport = %" PRIu32
				": three different ports (RFC 2889 5.7.3)",
				file_of(c, f, sizeof(f)), w->lport, w->tport,
				w->mport);
	return 0;
}

int
swproc_cfg_check_ports(const struct cfg *c, const char *mode, unsigned need,
		       char *err, size_t err_len)
{
	char f[CFG_PATH_LEN + 4];
	unsigned nb = c->nb_ports < CFG_NB_SIDES ? CFG_NB_SIDES : c->nb_ports;

	if (nb < need)
		return cfg_errf(err, err_len, "%smode %s needs %u ports, the "
				"configuration has %u ([left], [right], "
				"[port2] ..)", file_of(c, f, sizeof(f)), mode,
				need, nb);
	if (strcmp(mode, "broadcast") == 0 && c->swp.bcast_port >= nb)
		return cfg_errf(err, err_len, "%s[switch] bcast_port = %" PRIu32
				": no such port (0 .. %u)",
				file_of(c, f, sizeof(f)), c->swp.bcast_port,
				nb - 1);
	return 0;
}

int
swproc_cfg_check_search(const struct cfg *c, enum swproc_kind k, char *err,
			size_t err_len)
{
	const struct cfg_swproc *w = &c->swp;
	char f[CFG_PATH_LEN + 4], msg[768];
	uint64_t addrs, fps;
	const char *akey, *fkey;
	int rc;

	rc = swproc_cfg_check_ports(c, swproc_kind_name(k), 3, err, err_len);
	if (rc != 0)
		return rc;
	if (w->lport >= c->nb_ports || w->tport >= c->nb_ports ||
	    w->mport >= c->nb_ports)
		return cfg_errf(err, err_len, "%s[switch] lport = %" PRIu32
				", tport = %" PRIu32 ", mport = %" PRIu32
				": ports 0 .. %u only",
				file_of(c, f, sizeof(f)), w->lport, w->tport,
				w->mport, c->nb_ports - 1);
	if (k == SWPROC_CACHING) {
		/* the largest N the search may offer, at the fixed rate */
		addrs = w->max_addrs;
		akey = "[switch] max_addrs";
		fps = c->sw.learn_fps;
		fkey = "[switch] learn_fps";
	} else {
		/* the slowest rate the search may try, above LOW */
		addrs = w->addrs;
		akey = "[switch] addrs";
		fps = w->learn_min_fps + 1;
		fkey = "[switch] learn_min_fps + 1";
	}
	if (c->sw.aging_s == 0)
		return cfg_errf(err, err_len, "%s[switch] aging_s = 0: mode %s "
				"needs the DUT's aging time (RFC 2889 %s: \"The "
				"aging time of the DUT/SUT MUST be known\")",
				file_of(c, f, sizeof(f)), swproc_kind_name(k),
				k == SWPROC_CACHING ? "5.7.3" : "5.8.3");
	if (swproc_check_aging(c->sw.aging_s, addrs, akey, fps, fkey,
			       swproc_test_fps(c, k), w->test_wait_ms, msg,
			       sizeof(msg)) != 0)
		return cfg_errf(err, err_len, "%s%s", file_of(c, f, sizeof(f)),
				msg);
	return 0;
}

uint64_t
swproc_test_fps(const struct cfg *c, enum swproc_kind k)
{
	return k == SWPROC_CACHING ? c->sw.learn_fps : c->rate_fps;
}

void
swproc_params_from_cfg(const struct cfg *c, enum swproc_kind k,
		       struct swproc_params *p)
{
	const struct cfg_swproc *w = &c->swp;

	memset(p, 0, sizeof(*p));
	p->kind = k;
	p->max_retries = c->max_retries;
	if (k == SWPROC_CACHING) {
		/* RFC 2889 5.7.3: LOW := 0, HIGH := MAX, N user given */
		p->low = 0;
		p->max = w->max_addrs;
		p->initial = w->initial_addrs ? w->initial_addrs :
			     (w->max_addrs + 1) / 2;
		p->resolution = 1;
		p->learn_fps = c->sw.learn_fps;
		return;
	}
	p->low = w->learn_min_fps;
	p->max = w->learn_max_fps;
	p->initial = w->learn_initial_fps ? w->learn_initial_fps :
		     w->learn_min_fps + (w->learn_max_fps - w->learn_min_fps + 1) / 2;
	p->resolution = w->learn_resolution_fps;
	p->addrs = w->addrs;
}

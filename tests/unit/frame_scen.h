/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A generated-frames scenario of test_frame and test_frame_diff: the
 * configuration of one direction (versions, size, n/m, networks, the
 * varying fields) over golden_cfg_defaults.  Include after
 * golden_cases.h.
 */
#ifndef DUTPERF_FRAME_SCEN_H
#define DUTPERF_FRAME_SCEN_H

#include <stdint.h>

#include "dutperf/cfg.h"

/* One generated-frames scenario. */
struct scen {
	const char *name;
	uint8_t left_v, right_v;
	uint32_t size_b;
	enum cfg_dir_id dir;
	uint32_t n, m;
	uint16_t nets;
	struct cfg_var sport, dport, src_slice, dst_slice;
};

static inline void
scen_cfg(struct cfg *c, const struct scen *s)
{
	struct cfg_dir *d = &c->dir[s->dir];

	golden_cfg_defaults(c);
	c->side[CFG_LEFT].ip_version = s->left_v;
	c->side[CFG_RIGHT].ip_version = s->right_v;
	c->side[s->dir == CFG_FWD ? CFG_RIGHT : CFG_LEFT].num_nets = s->nets;
	c->frame_size_b = s->size_b;
	c->n = s->n;
	c->m = s->m;
	d->sport = s->sport;
	d->dport = s->dport;
	d->src_slice = s->src_slice;
	d->dst_slice = s->dst_slice;
}

/* Effective [lo, hi] of a port field (fixed = the RFC 2544 value). */
static inline void
port_range(const struct cfg_var *v, uint16_t fixed, uint16_t *lo, uint16_t *hi)
{
	*lo = v->mode == CFG_VAR_FIXED ? fixed : v->min;
	*hi = v->mode == CFG_VAR_FIXED ? fixed : v->max;
}

#endif /* DUTPERF_FRAME_SCEN_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_query: the queries on a validated configuration: active directions,
 * frame sizes (one or an RFC 6985 mix), line rate, addressing.  DPDK-free.
 */
#include <arpa/inet.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "cfg_priv.h"

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

bool
cfg_translating(const struct cfg *c)
{
	return c->side[CFG_LEFT].ip_version != c->side[CFG_RIGHT].ip_version;
}

uint32_t
cfg_frame_size_b(const struct cfg *c, uint8_t ip_version)
{
	/* RFC 8219 5.1.1: the IPv4 header is 20 B shorter than the IPv6 one */
	if (cfg_translating(c) && ip_version == 4)
		return c->frame_size_b - 20;
	return c->frame_size_b;
}

/*
 * floor(mbps * 1e6 / ((size + 20) * 8)).  methodology.md quotes 12,019,231
 * fps for 84 B at 10 Gb/s: that is 12,019,230.77 rounded to nearest; floor
 * gives 12,019,230, a rate the link can actually carry, so we use floor.
 */
uint64_t
cfg_line_rate_fps(uint32_t size_b, uint32_t speed_mbps)
{
	return (uint64_t)speed_mbps * 1000000ULL /
	       (((uint64_t)size_b + 20) * 8);
}

uint32_t
cfg_link_speed_mbps(const struct cfg *c)
{
	if (c->link_speed_gbps != 0)
		return c->link_speed_gbps * 1000;
	return c->port_speed_mbps;
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

uint64_t
cfg_traffic_line_rate_fps(const struct cfg *c, uint32_t speed_mbps,
		      uint32_t *size_b)
{
	uint32_t a = cfg_frame_size_b(c, c->side[CFG_LEFT].ip_version);
	uint32_t b = cfg_frame_size_b(c, c->side[CFG_RIGHT].ip_version);
	uint32_t big = a > b ? a : b;
	struct imix m;

	/* a mix: its configured sizes are the larger side's (IPv6 when
	 * translating), its line rate the speed over the mean L1 length */
	if (cfg_imix(c, &m) > 0) {
		if (size_b != NULL)
			*size_b = cfg_report_size_b(c);
		return imix_line_rate_fps(&m, speed_mbps);
	}
	if (size_b != NULL)
		*size_b = big;
	return cfg_line_rate_fps(big, speed_mbps);
}

struct imix_env
cfg_imix_env(const struct cfg *c)
{
	struct imix_env e = {
		.sizes = c->imix_sizes, .mtu_b = c->mtu_b,
		.min_b = CFG_MIN_FRAME_B, .max_b = CFG_MAX_JUMBO_B,
		.seed = c->seed,	/* RFC 6985 6.5: "random:" */
	};

	return e;
}

int
cfg_imix(const struct cfg *c, struct imix *m)
{
	struct imix_env e = cfg_imix_env(c);

	memset(m, 0, sizeof(*m));
	if (c->imix[0] == '\0' || imix_parse(m, c->imix, &e, NULL, 0) != 0)
		return 0;
	return 1;
}

void
cfg_imix_note(const struct cfg *c, char *buf, size_t len)
{
	struct imix m;

	cfg_imix(c, &m);
	imix_note(&m, buf, len);
}

uint32_t
cfg_frame_size_max_b(const struct cfg *c)
{
	struct imix m;

	return cfg_imix(c, &m) > 0 ? imix_max_b(&m) : c->frame_size_b;
}

double
cfg_mean_l2_b(const struct cfg *c)
{
	struct imix m;

	return cfg_imix(c, &m) > 0 ? imix_mean_l2_b(&m) :
				     (double)c->frame_size_b;
}

void
cfg_rate_mbps_mean(double mean_l2_b, uint64_t rate_fps, double *l2_mbps,
		   double *l1_mbps)
{
	*l2_mbps = (double)rate_fps * mean_l2_b * 8 / 1e6;
	*l1_mbps = (double)rate_fps * (mean_l2_b + IMIX_L1_EXTRA_B) * 8 / 1e6;
}

void
cfg_rate_mbps(const struct cfg *c, uint64_t rate_fps, double *l2_mbps,
	      double *l1_mbps)
{
	cfg_rate_mbps_mean(cfg_mean_l2_b(c), rate_fps, l2_mbps, l1_mbps);
}

uint32_t
cfg_report_size_b(const struct cfg *c)
{
	struct imix m;

	if (cfg_imix(c, &m) == 0)
		return c->frame_size_b;
	return imix_mean_round_b(&m);
}


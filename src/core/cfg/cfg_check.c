/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_check: cfg_validate, the cross-key checks after all layers are
 * applied, and the [loss] rates.  The queries on a configuration are in
 * cfg_query.c.  DPDK-free.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cfg.h"

#include "cfg_priv.h"

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

const char *
cfg_key_ref(const struct cfg *c, const char *section, const char *key,
    const char *plain, char *buf, size_t len)
{
	if (!cfg_key_from_option(c, section, key))
		return plain;
	return cfg_key_blame(c, section, key, buf, len);
}

static int
check_table_ranges(const struct cfg *c, char *err, size_t err_len)
{
	char val[CFG_PATH_LEN + 128];
	unsigned i;

	for (i = 0; i < cfg_key_count(); i++) {
		const struct cfg_key *k = cfg_key_at(i);
		bool bad = false;
		uint64_t u;

		if (k->type != CFG_KEY_U && k->type != CFG_KEY_LCORE &&
		    k->type != CFG_KEY_ENUM)
			continue;
		u = cfg_key_uint(c, k);
		if (k->type == CFG_KEY_U)
			bad = u < k->min || u > k->max;
		else if (k->type == CFG_KEY_LCORE)
			bad = u != CFG_LCORE_NONE && (u < k->min || u > k->max);
		else if (k->type == CFG_KEY_ENUM)
			bad = cfg_enum_name(k->names, u) == NULL;
		if (bad)
			return cfg_errf(err, err_len, "%s: out of range %" PRIu64 "..%" PRIu64,
					cfg_key_blame(c, k->section, k->key, val, sizeof(val)),
					k->min, k->max);
	}
	return 0;
}

/* The side whose tags are the longest (left on a tie), and their bytes. */
static enum cfg_side_id
tag_side(const struct cfg *c, uint32_t *tag_b)
{
	uint32_t l = cfg_side_tag_b(&c->side[CFG_LEFT]);
	uint32_t r = cfg_side_tag_b(&c->side[CFG_RIGHT]);

	*tag_b = l >= r ? l : r;
	return l >= r ? CFG_LEFT : CFG_RIGHT;
}

/*
 * The VLAN tags lie inside the frame size (RFC 5180 5.1.1's 1522-byte
 * tagged maximum counts them), so the IP packet is 4 bytes shorter per
 * tag: the smallest test frame (with the compact stamp: 58 bytes of IPv4,
 * 78 of IPv6, the IPv4 ones 20 bytes shorter when translating) plus the
 * tags must fit frame_size_b.
 */
static int
check_tag_size(const struct cfg *c, uint32_t frame_size_b, const char *sz,
	       char *err, size_t err_len)
{
	const struct cfg_side *l = &c->side[CFG_LEFT], *r = &c->side[CFG_RIGHT];
	uint32_t tag_b, need = 0, v4 = CFG_MIN_IPV6_FRAME_B - 20;
	enum cfg_side_id s = tag_side(c, &tag_b);
	char vb[96];

	if (tag_b == 0)
		return 0;
	if (l->ip_version == 4 || r->ip_version == 4)
		need = v4 + tag_b + (cfg_translating(c) ? 20 : 0);
	if ((l->ip_version == 6 || r->ip_version == 6 || c->n > c->m) &&
	    CFG_MIN_IPV6_FRAME_B + tag_b > need)
		need = CFG_MIN_IPV6_FRAME_B + tag_b;
	if (frame_size_b >= need)
		return 0;
	snprintf(vb, sizeof(vb), "[%s] vlan = %u", side_names[s],
		 c->side[s].vlan);
	if (c->side[s].outer_vlan != 0)
		snprintf(vb + strlen(vb), sizeof(vb) - strlen(vb),
			 ", outer_vlan = %u", c->side[s].outer_vlan);
	return cfg_errf(err, err_len,
			"%s: below %u, the smallest test frame with the %u bytes of VLAN tags of %s inside the frame size (RFC 5180 5.1.1)",
			sz, need, tag_b, vb);
}

/* One frame size of c (frame_size_b, or a size of the mix); the lead of
 * every message in size, which the function may extend. */
static int
check_one_size(const struct cfg *c, uint32_t frame_size_b, char *size,
	       size_t size_len, char *err, size_t err_len)
{
	const struct cfg_side *l = &c->side[CFG_LEFT], *r = &c->side[CFG_RIGHT];
	char nb[64], mb[64], plain[64];
	const char *sz = size;
	uint32_t tag_b;

	tag_side(c, &tag_b);
	/* RFC 5180 5.1.1: 1522 bytes, "the max length for a VLAN-tagged
	 * frame" */
	if (frame_size_b > CFG_MAX_FRAME_B && !c->jumbo &&
	    (tag_b == 0 || frame_size_b > CFG_MAX_TAGGED_FRAME_B))
		return cfg_errf(err, err_len,
				"%s needs [traffic] jumbo = 1 or --jumbo (frames above %d bytes)",
				sz, tag_b ? CFG_MAX_TAGGED_FRAME_B : CFG_MAX_FRAME_B);
	if (check_tag_size(c, frame_size_b, sz, err, err_len) != 0)
		return -EINVAL;
	if (frame_size_b >= CFG_MIN_SIIT_FRAME_B)
		return 0;
	/* The IPv4 frames are 20 bytes shorter than the IPv6 ones and at
	 * least 64: 84 (RFC 8219 5.1.1; the full stamp fits both). */
	if (cfg_translating(c))
		return cfg_errf(err, err_len,
				"%s: below %d with translation ([left] ip_version = %u, [right] ip_version = %u; the IPv4 frames, 20 bytes shorter, need %d; RFC 8219 5.1.1)",
				sz, CFG_MIN_SIIT_FRAME_B,
				l->ip_version, r->ip_version, CFG_MIN_FRAME_B);
	/* 14 Ethernet + 40 IPv6 + 8 UDP + 12 compact stamp + 4 FCS = 78 */
	if (frame_size_b >= CFG_MIN_IPV6_FRAME_B)
		return 0;
	if (l->ip_version == 6)
		return cfg_errf(err, err_len,
				"%s: IPv6 frames ([left] ip_version = 6) need at least %d bytes (12 bytes of UDP payload for the stamp; RFC 5180's smallest IPv6 frame)",
				sz, CFG_MIN_IPV6_FRAME_B);
	if (c->n > c->m) {
		snprintf(plain, sizeof(plain), "[traffic] n = %" PRIu32, c->n);
		snprintf(size + strlen(size), size_len - strlen(size),
			 ": background IPv6 frames (%s > ",
			 cfg_key_ref(c, "traffic", "n", plain, nb, sizeof(nb)));
		snprintf(plain, sizeof(plain), "m = %" PRIu32, c->m);
		return cfg_errf(err, err_len,
				"%s%s) need at least %d bytes (12 bytes of UDP payload for the stamp)",
				sz, cfg_key_ref(c, "traffic", "m", plain, mb, sizeof(mb)),
				CFG_MIN_IPV6_FRAME_B);
	}
	return 0;
}

int
cfg_check_frame_size(const struct cfg *c, char *err, size_t err_len)
{
	char size[CFG_PATH_LEN + 2 * IMIX_TEXT_MAX + 96];
	struct imix_env env = cfg_imix_env(c);
	uint32_t custom_b[26];
	struct imix m;
	char why[512];
	unsigned int i;
	size_t n;

	/* RFC 6985 5's table of custom sizes, also without a mix (a
	 * campaign's imix:GENOME take theirs from it) */
	if (c->imix_sizes[0] != '\0' &&
	    imix_sizes_parse(c->imix_sizes, custom_b, CFG_MIN_FRAME_B,
			     CFG_MAX_JUMBO_B, why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s", cfg_key_blame(c,
				"traffic", "imix_sizes", size, sizeof(size)),
				why);
	if (c->imix[0] == '\0') {
		cfg_key_blame(c, "traffic", "frame_size_b", size, sizeof(size));
		return check_one_size(c, c->frame_size_b, size, sizeof(size),
				      err, err_len);
	}
	cfg_key_blame(c, "traffic", "imix", size, sizeof(size));
	if (imix_parse(&m, c->imix, &env, why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s", size, why);
	n = strlen(size);
	for (i = 0; i < m.nb_sizes; i++) {
		if (m.letter[i] != 0)
			snprintf(size + n, sizeof(size) - n, ": %c (%u bytes)",
				 m.letter[i], m.size_b[i]);
		else	/* RFC 6985 6.2's table: sizes without letters */
			snprintf(size + n, sizeof(size) - n, ": %u bytes",
				 m.size_b[i]);
		if (check_one_size(c, m.size_b[i], size, sizeof(size), err,
				   err_len) != 0)
			return -EINVAL;
	}
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
			cfg_var_mode_name(v->mode));
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

int
cfg_side_lcores(const struct cfg *c, enum cfg_side_id s, bool send,
		uint16_t *out, unsigned cap, unsigned *nb, char *err,
		size_t err_len)
{
	const struct cfg_side *sd = &c->side[s];
	const char *list = send ? sd->send_lcores : sd->recv_lcores;
	uint16_t one = send ? sd->send_lcore : sd->recv_lcore;
	char why[128], val[CFG_PATH_LEN + 128];

	*nb = 0;
	if (list[0] == '\0') {
		if (one != CFG_LCORE_NONE && cap > 0)
			out[(*nb)++] = one;
		return 0;
	}
	if (cfg_parse_lcores(list, CFG_MAX_LCORE, out, cap, nb, why,
				 sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s",
				cfg_key_blame(c, side_names[s],
					      send ? "send_lcores" : "recv_lcores",
					      val, sizeof(val)), why);
	return 0;
}

/* The lcore lists parse and fit the side's queues. */
static int
check_streams(const struct cfg *c, char *err, size_t err_len)
{
	char val[CFG_PATH_LEN + 128], q[CFG_PATH_LEN + 64];
	uint16_t l[CFG_MAX_QUEUES];
	unsigned s, k, nb;

	for (s = 0; s < CFG_NB_SIDES; s++)
		for (k = 0; k < 2; k++) {
			const char *key = k == 0 ? "send_lcores" : "recv_lcores";

			if (cfg_side_lcores(c, s, k == 0, l, CFG_MAX_QUEUES, &nb,
					    err, err_len) != 0)
				return -EINVAL;
			if (nb > c->side[s].queues)
				return cfg_errf(err, err_len,
						"%s: %u lcores, more than %s (one queue per lcore at least)",
						cfg_key_blame(c, side_names[s], key,
							      val, sizeof(val)),
						nb, cfg_key_blame(c, side_names[s], "queues",
								  q, sizeof(q)));
		}
	return 0;
}

static int
check_lcores(const struct cfg *c, const char *pre, char *err, size_t err_len)
{
	char val[16], plain[48], dirbuf[64];
	const char *dirval;
	unsigned d;

	cfg_key_format(c, cfg_key_find("traffic", "direction"), val, sizeof(val));
	snprintf(plain, sizeof(plain), "[traffic] direction = %s", val);
	dirval = cfg_key_ref(c, "traffic", "direction", plain, dirbuf, sizeof(dirbuf));
	for (d = 0; d < CFG_NB_DIRS; d++) {
		enum cfg_side_id tx = cfg_tx_side(d), rx = cfg_rx_side(d);

		if (!cfg_dir_active(c, d))
			continue;
		if (c->side[tx].send_lcore == CFG_LCORE_NONE &&
		    c->side[tx].send_lcores[0] == '\0')
			return cfg_errf(err, err_len,
					"%s[%s] send_lcore = none, but %s needs a %s sender on %s",
					pre, side_names[tx], dirval, dir_names[d], side_names[tx]);
		if (c->side[rx].recv_lcore == CFG_LCORE_NONE &&
		    c->side[rx].recv_lcores[0] == '\0')
			return cfg_errf(err, err_len,
					"%s[%s] recv_lcore = none, but %s needs a %s receiver on %s",
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
					dir_names[d], cfg_var_mode_name(ds->mode));
		if (check_nets_overflow(c, pre, d, v, err, err_len))
			return -EINVAL;
		if (c->n > c->m && v != 6 &&
		    check_nets_overflow(c, pre, d, 6, err, err_len))
			return -EINVAL;
	}
	return 0;
}

static int
check_search(const struct cfg *c, char *err, size_t err_len)
{
	char lead[CFG_PATH_LEN + 64], lo[64], hi[64], plo[48], phi[48];

	const char *sec = cfg_key_from_option(c, "search", "rate_min_fps") ||
			  cfg_key_from_option(c, "search", "initial_rate_fps") ?
			  "[search] " : "";

	/* after an option, the other keys with their section */
	snprintf(plo, sizeof(plo), "%srate_min_fps = %" PRIu64, sec, c->rate_min_fps);
	snprintf(phi, sizeof(phi), "%srate_max_fps = %" PRIu64, sec, c->rate_max_fps);
	if (c->rate_max_fps != 0 && c->rate_min_fps >= c->rate_max_fps)
		return cfg_errf(err, err_len, "%s >= %s",
				cfg_key_blame(c, "search", "rate_min_fps", lead, sizeof(lead)),
				cfg_key_ref(c, "search", "rate_max_fps", phi, hi, sizeof(hi)));
	if (c->initial_rate_fps != 0 &&
	    (c->initial_rate_fps < c->rate_min_fps ||
	     (c->rate_max_fps != 0 && c->initial_rate_fps > c->rate_max_fps)))
		return cfg_errf(err, err_len, "%s outside %s .. %s",
				cfg_key_blame(c, "search", "initial_rate_fps", lead, sizeof(lead)),
				cfg_key_ref(c, "search", "rate_min_fps", plo, lo, sizeof(lo)),
				cfg_key_ref(c, "search", "rate_max_fps", phi, hi, sizeof(hi)));
	return 0;
}

int
cfg_line_rate_err(const struct cfg *c, const char *section, const char *key,
	      const char *what, uint64_t rate_fps, char *err, size_t err_len)
{
	char prebuf[CFG_PATH_LEN + 4], speed[64], lead[CFG_PATH_LEN + 96];
	const struct cfg_key *k = cfg_key_find(section, key);
	uint32_t mbps = cfg_link_speed_mbps(c), size_b;
	uint64_t line = cfg_traffic_line_rate_fps(c, mbps, &size_b);

	if (c->link_speed_gbps != 0)
		snprintf(speed, sizeof(speed), "[traffic] link_speed_gbps = %u",
			 c->link_speed_gbps);
	else
		snprintf(speed, sizeof(speed), "%u Mb/s (the ports' speed)",
			 mbps);
	if (cfg_key_from_option(c, section, key))
		snprintf(lead, sizeof(lead), "%s%s %" PRIu64,
			 c->from.option[k - cfg_key_at(0)], what, rate_fps);
	else
		snprintf(lead, sizeof(lead), "%s[%s] %s%s = %" PRIu64,
			 src_prefix(c, prebuf, sizeof(prebuf)), section, key,
			 what, rate_fps);
	return cfg_errf(err, err_len,
			"%s fps is above the line rate of %u-byte frames at %s: %"
			PRIu64 " fps", lead, size_b, speed, line);
}

int
cfg_check_line_rate_with(const struct cfg *c, const struct cfg_checks *more,
			 unsigned nb_more, char *err, size_t err_len)
{
	uint32_t mbps = cfg_link_speed_mbps(c), size_b;
	uint64_t line, *rates;
	int n, i, rc = 0;
	unsigned k;

	if (mbps == 0)
		return 0;
	line = cfg_traffic_line_rate_fps(c, mbps, &size_b);
	if (c->rate_fps > line)
		return cfg_line_rate_err(c, "traffic", "rate_fps", "", c->rate_fps, err,
				     err_len);
	for (k = 0; k < nb_more; k++)
		if (more[k].line != NULL &&
		    more[k].line(c, line, err, err_len) != 0)
			return -EINVAL;
	if (c->rate_max_fps > line)
		return cfg_line_rate_err(c, "search", "rate_max_fps", "",
				     c->rate_max_fps, err, err_len);
	if (c->initial_rate_fps > line)
		return cfg_line_rate_err(c, "search", "initial_rate_fps", "",
				     c->initial_rate_fps, err, err_len);
	n = cfg_loss_rates(c, NULL, 0, err, err_len);
	if (n <= 0)
		return n;
	rates = calloc((size_t)n, sizeof(*rates));
	if (rates == NULL)
		return cfg_errf(err, err_len, "no memory for %d [loss] rates", n);
	cfg_loss_rates(c, rates, (unsigned)n, err, err_len);
	for (i = 0; i < n && rc == 0; i++)
		if (rates[i] > line)
			rc = cfg_line_rate_err(c, "loss", "rates", " item", rates[i], err,
					   err_len);
	free(rates);
	return rc;
}

/* Each side's DUT next hop: when resolved, and a dut_ip given with a
 * dut_mac (a typo in a key must not pass silently). */
static int
check_neigh(const struct cfg *c, char *err, size_t err_len)
{
	uint8_t ip[16];
	int s;

	for (s = 0; s < CFG_NB_SIDES; s++)
		if ((cfg_side_resolve(&c->side[s]) || c->side[s].dut_ip[0] != '\0') &&
		    cfg_side_dut_ip(c, (enum cfg_side_id)s, ip, err, err_len) != 0)
			return -EINVAL;
	return 0;
}

/* vlan_pcp and outer_vlan qualify a vlan tag: without one they would
 * silently do nothing. */
static int
check_vlans(const struct cfg *c, char *err, size_t err_len)
{
	char lead[CFG_PATH_LEN + 64];
	unsigned s;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		const struct cfg_side *d = &c->side[s];
		const char *key = d->vlan_pcp ? "vlan_pcp" : "outer_vlan";

		if (d->vlan == 0 && (d->vlan_pcp != 0 || d->outer_vlan != 0))
			return cfg_errf(err, err_len,
					"%s needs [%s] vlan (1..4094): the port sends untagged frames",
					cfg_key_blame(c, side_names[s], key,
						      lead, sizeof(lead)),
					side_names[s]);
	}
	return 0;
}

int
cfg_validate_with(const struct cfg *c, const struct cfg_checks *more,
		  unsigned nb_more, char *err, size_t err_len)
{
	char prebuf[CFG_PATH_LEN + 4];
	const char *pre = src_prefix(c, prebuf, sizeof(prebuf));

	char lead[CFG_PATH_LEN + 64], nb[64], plain[48];
	unsigned i;

	if (check_table_ranges(c, err, err_len) ||
	    check_vlans(c, err, err_len) ||
	    cfg_check_frame_size(c, err, err_len))
		return -EINVAL;
	/* after an option, the other key with its section */
	snprintf(plain, sizeof(plain), "%sn = %" PRIu32,
		 cfg_key_from_option(c, "traffic", "m") ? "[traffic] " : "", c->n);
	if (c->m > c->n)
		return cfg_errf(err, err_len,
				"%s > %s: of every n frames at most n are foreground",
				cfg_key_blame(c, "traffic", "m", lead, sizeof(lead)),
				cfg_key_ref(c, "traffic", "n", plain, nb, sizeof(nb)));
	/* RFC 2889 5.1.2: "a binary exponential (i.e. 1, 2, 4, 8, ...)" */
	if ((c->sw.addrs_per_port & (c->sw.addrs_per_port - 1)) != 0)
		return cfg_errf(err, err_len, "%s: not a binary exponential (1, "
				"2, 4, 8, ...: RFC 2889 5.1.2)",
				cfg_key_blame(c, "switch", "addrs_per_port",
					      lead, sizeof(lead)));
	if (check_dirs(c, pre, err, err_len) ||
	    check_streams(c, err, err_len) ||
	    check_lcores(c, pre, err, err_len) ||
	    check_nets(c, pre, err, err_len) ||
	    check_search(c, err, err_len))
		return -EINVAL;
	for (i = 0; i < nb_more; i++)
		if (more[i].keys != NULL && more[i].keys(c, err, err_len) != 0)
			return -EINVAL;
	if (c->outdir[0] == '\0') {
		/* blamed like the [loss] rates: the key or option, "" */
		const struct cfg_key *k = cfg_key_find("output", "dir");

		if (cfg_key_from_option(c, "output", "dir"))
			return cfg_errf(err, err_len, "%s \"\": empty directory name",
					c->from.option[k - cfg_key_at(0)]);
		return cfg_errf(err, err_len, "%s[output] dir = \"\": empty directory name",
				pre);
	}
	if (cfg_loss_rates(c, NULL, 0, err, err_len) < 0 ||
	    cfg_check_line_rate_with(c, more, nb_more, err, err_len) != 0)
		return -EINVAL;
	if (check_neigh(c, err, err_len) != 0)	/* cfg_neigh.c */
		return -EINVAL;
	return 0;
}

/* "--rates " or "FILE: [loss] rates = ", before the quoted list. */
static const char *
rates_lead(const struct cfg *c, char *buf, size_t len)
{
	const struct cfg_key *k = cfg_key_find("loss", "rates");

	if (cfg_key_from_option(c, "loss", "rates"))
		snprintf(buf, len, "%s ", c->from.option[k - cfg_key_at(0)]);
	else
		snprintf(buf, len, "%s%s[loss] rates = ", c->path,
			 c->path[0] != '\0' ? ": " : "");
	return buf;
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
			if (cfg_parse_u64(item, 1, CFG_RATE_MAX_FPS, &v, why, sizeof(why)) != 0)
				bad = why;
		}
		if (bad != NULL)
			return cfg_errf(err, err_len,
					"%s\"%s\": item %u (\"%.*s\"): %s",
					rates_lead(c, prebuf, sizeof(prebuf)),
					c->loss_rates, n + 1, (int)len, p, bad);
		if (out != NULL && n < max)
			out[n] = v;
		n++;
		if (end == NULL)
			break;
		p = end + 1;
		if (*p == '\0')
			return cfg_errf(err, err_len,
					"%s\"%s\": trailing comma",
					rates_lead(c, prebuf, sizeof(prebuf)),
					c->loss_rates);
	}
	return (int)n;
}

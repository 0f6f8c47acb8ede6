/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frame_spec: the frames of one direction from the configuration: the
 * addressing rule of cfg.h, the sizes of RFC 8219 5.1.1, the variation of
 * [forward] / [reverse].  The one place of frame*.c that reads struct cfg.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/frame_spec.h"

static const char *const spec_side_names[CFG_NB_SIDES] = { "left", "right" };
static const char *const spec_dir_names[CFG_NB_DIRS] = { "forward", "reverse" };

/* The value of [section] key in c as INI text (as cfg_print writes it). */
static const char *
spec_val(const struct cfg *c, const char *section, const char *key, char *buf,
	 size_t len)
{
	const struct cfg_key *k = cfg_key_find(section, key);

	if (k == NULL)
		snprintf(buf, len, "?");
	else
		cfg_key_format(c, k, buf, len);
	return buf;
}

/*
 * A fixed port or slice ignores min and max, which cfg_validate therefore
 * leaves alone; frame_gen_init refused min > max anyway before the spec
 * existed, and still does here.
 */
static int
spec_check_var(const struct cfg *c, const char *pre, enum cfg_dir_id d,
	       const char *name, const struct cfg_var *v, char *err,
	       size_t err_len)
{
	const char *dir = spec_dir_names[d];
	char key[32], mode[32];

	if (v->min <= v->max)
		return 0;
	snprintf(key, sizeof(key), "%s_mode", name);
	return cfg_errf(err, err_len,
			"%s[%s] %s_min = %u > %s_max = %u (%s_mode = %s)", pre,
			dir, name, v->min, name, v->max, name,
			spec_val(c, dir, key, mode, sizeof(mode)));
}

/*
 * RFC 2544 12 on destination a as the receiver of d expects it (its own
 * real address): the network byte must not pass 255, and in IPv4 it lies
 * in the destination slice.  cfg_validate checks the destinations sent,
 * which a translator replaces by these.
 */
static int
spec_check_nets(const struct cfg *c, const char *pre, enum cfg_dir_id d,
		const struct frame_spec_addr *a, char *err, size_t err_len)
{
	const char *side = spec_side_names[cfg_rx_side(d)];
	const char *key = a->ip_version == 4 ? "ipv4" : "ipv6";
	const struct cfg_var *ds = &c->dir[d].dst_slice;
	uint16_t nets = c->side[cfg_rx_side(d)].num_nets;
	unsigned int b = frame_spec_net_byte(a->ip_version);
	char val[64];

	if (nets <= 1)
		return 0;
	if (a->dst[b] + nets - 1 > 255)
		return cfg_errf(err, err_len,
				"%s[%s] num_nets = %u with [%s] %s = %s: byte %u of the destination (%u) + num_nets - 1 exceeds 255",
				pre, side, nets, side, key,
				spec_val(c, side, key, val, sizeof(val)), b + 1,
				a->dst[b]);
	if (a->ip_version == 4 && ds->mode != CFG_VAR_FIXED)
		return cfg_errf(err, err_len,
				"%s[%s] num_nets = %u and [%s] dst_slice_mode = %s both vary the IPv4 destination's 3rd byte",
				pre, side, nets, spec_dir_names[d],
				spec_val(c, spec_dir_names[d], "dst_slice_mode",
					 val, sizeof(val)));
	return 0;
}

static int
spec_check(const struct frame_spec *s, const struct cfg *c, enum cfg_dir_id d,
	   char *err, size_t err_len)
{
	const struct cfg_dir *dv = &c->dir[d];
	char prebuf[CFG_PATH_LEN + 4];
	const char *pre = "";

	if (c->path[0] != '\0') {	/* "FILE: ", as cfg_validate's */
		snprintf(prebuf, sizeof(prebuf), "%s: ", c->path);
		pre = prebuf;
	}
	if (spec_check_var(c, pre, d, "sport", &dv->sport, err, err_len) ||
	    spec_check_var(c, pre, d, "dport", &dv->dport, err, err_len) ||
	    spec_check_var(c, pre, d, "src_slice", &dv->src_slice, err, err_len) ||
	    spec_check_var(c, pre, d, "dst_slice", &dv->dst_slice, err, err_len) ||
	    spec_check_nets(c, pre, d, &s->fg.rx, err, err_len) ||
	    (s->n > s->m && spec_check_nets(c, pre, d, &s->bg.rx, err, err_len)))
		return -EINVAL;
	return 0;
}

static void
spec_addr(struct frame_spec_addr *a, uint8_t v, const uint8_t *src,
	  const uint8_t *dst)
{
	size_t alen = v == 4 ? 4 : 16;

	a->ip_version = v;
	memcpy(a->src, src, alen);
	memcpy(a->dst, dst, alen);
}

/* A port: fixed as a range of one (RFC 2544 C.2.6.4 values by default). */
static struct cfg_var
spec_port(const struct cfg_var *v, uint16_t fixed)
{
	struct cfg_var p = *v;

	if (p.mode == CFG_VAR_FIXED)
		p.min = p.max = fixed;
	return p;
}

/* [traffic] imix: each size of the mix as frame_size_b would be (the
 * IPv4 frames 20 B shorter when translating, RFC 8219 5.1.1). */
static void
spec_mix(struct frame_spec *s, const struct cfg *c)
{
	uint32_t v4_short = c->frame_size_b - cfg_frame_size_b(c, 4);
	struct imix m;
	unsigned int i;

	if (cfg_imix(c, &m) == 0)
		return;
	s->mix_len = m.len;
	s->mix_nb = m.nb_sizes;
	memcpy(s->mix_seq, m.seq, sizeof(s->mix_seq));
	for (i = 0; i < m.nb_sizes; i++) {
		s->mix_size_b[i][0] = m.size_b[i] - v4_short;
		s->mix_size_b[i][1] = m.size_b[i];
	}
	s->size_b[0] = s->mix_size_b[m.seq[0]][0];
	s->size_b[1] = s->mix_size_b[m.seq[0]][1];
}

int
frame_spec_from_cfg(struct frame_spec *s, const struct cfg *c, enum cfg_dir_id d,
		    char *err, size_t err_len)
{
	const struct cfg_side *snd, *rcv;
	const struct cfg_dir *dv;
	uint8_t v, ov;

	memset(s, 0, sizeof(*s));
	if ((unsigned int)d >= CFG_NB_DIRS)
		return cfg_errf(err, err_len,
				"direction %d: neither forward nor reverse", (int)d);
	snd = &c->side[cfg_tx_side(d)];
	rcv = &c->side[cfg_rx_side(d)];
	dv = &c->dir[d];
	v = snd->ip_version;
	ov = rcv->ip_version;
	s->dir = d;
	memcpy(s->tx_src_mac, snd->mac, 6);
	memcpy(s->tx_dst_mac, snd->dut_mac, 6);
	memcpy(s->rx_mac, rcv->mac, 6);
	s->promisc = c->promisc;
	s->tx_tag_b = frame_spec_tags(snd, s->tx_tag);
	s->rx_tag_b = frame_spec_tags(rcv, s->rx_tag);
	/* cfg.h's addressing rule, before and after a translator */
	spec_addr(&s->fg.tx, v, cfg_side_addr(snd, v), cfg_side_seen_addr(rcv, v));
	spec_addr(&s->fg.rx, ov, cfg_side_seen_addr(snd, ov), cfg_side_addr(rcv, ov));
	spec_addr(&s->bg.tx, 6, snd->ipv6, rcv->ipv6);	/* never translated */
	s->bg.rx = s->bg.tx;
	s->size_b[0] = cfg_frame_size_b(c, 4);
	s->size_b[1] = cfg_frame_size_b(c, 6);
	spec_mix(s, c);
	s->n = c->n;
	s->m = c->m;
	s->sport = spec_port(&dv->sport, dv->sport_fixed);
	s->dport = spec_port(&dv->dport, dv->dport_fixed);
	s->src_slice = dv->src_slice;
	s->dst_slice = dv->dst_slice;
	s->num_nets = rcv->num_nets;
	return spec_check(s, c, d, err, err_len);
}

/* One tag: TPID, then PCP, DEI 0 and VID (IEEE 802.1Q 9.6). */
static void
spec_tag(uint8_t *p, uint16_t tpid, uint16_t pcp, uint16_t vid)
{
	p[0] = (uint8_t)(tpid >> 8);
	p[1] = (uint8_t)tpid;
	p[2] = (uint8_t)((pcp & 7) << 5 | (vid >> 8 & 0x0f));
	p[3] = (uint8_t)vid;
}

uint8_t
frame_spec_tags(const struct cfg_side *s, uint8_t tag[FRAME_TAGS_MAX_B])
{
	uint8_t n = 0;

	memset(tag, 0, FRAME_TAGS_MAX_B);
	if (s->vlan == 0)
		return 0;
	if (s->outer_vlan != 0) {
		spec_tag(tag, FRAME_TPID_8021AD, s->vlan_pcp, s->outer_vlan);
		n = 4;
	}
	spec_tag(tag + n, FRAME_TPID_8021Q, s->vlan_pcp, s->vlan);
	return (uint8_t)(n + 4);
}

uint16_t
frame_sport_base(const struct cfg *c, enum cfg_dir_id d)
{
	return c->dir[d].sport.mode == CFG_VAR_FIXED ? c->dir[d].sport_fixed :
						       c->dir[d].sport.min;
}

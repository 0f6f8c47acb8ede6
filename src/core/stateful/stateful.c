/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stateful: RFC 9693 enumeration, state table, Responder frames and the
 * [stateful] checks.  DPDK-free.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cksum.h"
#include "dutperf/stateful.h"
#include "dutperf/streams.h"
#include "dutperf/trial_spec.h"

/* ------------------------------------------------------------ permutation */

/* splitmix64 (a public-domain mixing function): keys and round values. */
static uint64_t
stateful_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

int
stateful_perm_init(struct stateful_perm *p, uint64_t n, uint64_t seed)
{
	uint32_t bits = 0;
	uint64_t s = seed;
	int r;

	if (n == 0 || n > STATEFUL_PERM_MAX_N)
		return -EINVAL;
	while (bits < 64 && ((n - 1) >> bits) != 0)
		bits++;
	memset(p, 0, sizeof(*p));
	p->n = n;
	p->half_bits = bits <= 2 ? 1 : (bits + 1) / 2;
	p->half_mask = (1ULL << p->half_bits) - 1;
	for (r = 0; r < STATEFUL_PERM_ROUNDS; r++) {
		s += 0x9e3779b97f4a7c15ULL;
		p->key[r] = stateful_mix(s);
	}
	return 0;
}

/* One pass of the Feistel network over 2k bits: a bijection of [0, 4^k). */
static uint64_t
stateful_feistel(const struct stateful_perm *p, uint64_t v)
{
	uint64_t l = v >> p->half_bits, r = v & p->half_mask, t;
	int i;

	for (i = 0; i < STATEFUL_PERM_ROUNDS; i++) {
		t = r;
		r = l ^ (stateful_mix(r ^ p->key[i]) & p->half_mask);
		l = t;
	}
	return (l << p->half_bits) | r;
}

uint64_t
stateful_perm_at(const struct stateful_perm *p, uint64_t i)
{
	uint64_t v = i;

	if (p->n == 1)
		return 0;
	/* cycle walking: the cycle of i in the bijection of [0, 4^k) comes
	 * back below n, so this ends and stays a bijection of [0, n) */
	do
		v = stateful_feistel(p, v);
	while (v >= p->n);
	return v;
}

/* ------------------------------------------------------------ enumeration */

int
stateful_enum_init(struct stateful_enum *e, enum stateful_order order,
		   const uint16_t min[STATEFUL_NB_FIELDS],
		   const uint16_t max[STATEFUL_NB_FIELDS], uint64_t seed)
{
	unsigned __int128 total = 1;
	int f;

	memset(e, 0, sizeof(*e));
	for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
		if (max[f] < min[f])
			return -EINVAL;
		e->min[f] = min[f];
		e->range[f] = (uint32_t)(max[f] - min[f]) + 1;
		total *= e->range[f];
	}
	if (total > STATEFUL_PERM_MAX_N)
		return -EINVAL;
	e->order = order;
	e->total = (uint64_t)total;
	if (order == STATEFUL_ORDER_RANDOM)
		return stateful_perm_init(&e->perm, e->total, seed);
	if (order != STATEFUL_ORDER_INCREASING && order != STATEFUL_ORDER_DECREASING)
		return -EINVAL;
	return 0;
}

uint64_t
stateful_enum_index(const struct stateful_enum *e, uint64_t i)
{
	switch (e->order) {
	case STATEFUL_ORDER_DECREASING:
		return e->total - 1 - i;
	case STATEFUL_ORDER_RANDOM:
		return stateful_perm_at(&e->perm, i);
	case STATEFUL_ORDER_INCREASING:
	default:
		return i;
	}
}

void
stateful_enum_at(const struct stateful_enum *e, uint64_t i,
		 uint16_t out[STATEFUL_NB_FIELDS])
{
	uint64_t c = stateful_enum_index(e, i);
	int f;

	for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
		out[f] = (uint16_t)(e->min[f] + c % e->range[f]);
		c /= e->range[f];
	}
}

/* ------------------------------------------- incremental enumeration */

/*
 * floor(c / d) for any 64-bit c and d = 2..65536 without a division:
 * recip = UINT64_MAX / d + 1 = ceil(2^64 / d) (2^64 / d for a power of
 * two), so recip d = 2^64 + e with 0 <= e < d, and for x < 2^48
 * floor(x recip / 2^64) = floor(x / d + x e / (d 2^64)) = floor(x / d)
 * since x e < 2^64.  c is split into its high 32 bits (a quotient and a
 * remainder below d) and the remainder joined to the low 32 bits (below
 * d 2^32 <= 2^48).
 */
static inline uint64_t
stateful_mulhi(uint64_t x, uint64_t recip)
{
	return (uint64_t)(((unsigned __int128)x * recip) >> 64);
}

static inline uint64_t
stateful_div(uint64_t c, uint32_t d, uint64_t recip)
{
	uint64_t hi = c >> 32, qh = stateful_mulhi(hi, recip);
	uint64_t x = ((hi - qh * d) << 32) | (c & 0xffffffffu);

	return (qh << 32) | stateful_mulhi(x, recip);
}

/* c as digits of the ranges (at set-up: divisions allowed). */
static void
stateful_digits(const uint32_t range[STATEFUL_NB_FIELDS], uint64_t c,
		uint32_t digit[STATEFUL_NB_FIELDS])
{
	int f;

	for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
		digit[f] = (uint32_t)(c % range[f]);
		c /= range[f];
	}
}

void
stateful_iter_init(struct stateful_iter *it, const struct stateful_enum *e,
		   unsigned int i, unsigned int n)
{
	int f;

	memset(it, 0, sizeof(*it));
	if (n == 0)
		n = 1;
	it->order = e->order;
	memcpy(it->min, e->min, sizeof(it->min));
	memcpy(it->range, e->range, sizeof(it->range));
	for (f = 0; f < STATEFUL_NB_FIELDS; f++)
		it->recip[f] = e->range[f] > 1 ? UINT64_MAX / e->range[f] + 1 : 0;
	it->stride = n;
	it->left = e->total > i ? (e->total - i - 1) / n + 1 : 0;
	it->next = i;
	it->perm = e->perm;
	/* n as digits: the step (n mod total; a carry out of the last digit
	 * happens only after the stream's last frame) */
	stateful_digits(e->range, n, it->step);
	if (it->left > 0)
		stateful_digits(e->range, e->order == STATEFUL_ORDER_DECREASING ?
				e->total - 1 - i : i, it->digit);
}

bool
stateful_iter_next(struct stateful_iter *it, uint16_t out[STATEFUL_NB_FIELDS])
{
	uint32_t carry = 0, v;
	uint64_t c, q;
	int f;

	if (it->left == 0)
		return false;
	it->left--;
	if (it->order == STATEFUL_ORDER_RANDOM) {
		c = stateful_perm_at(&it->perm, it->next);
		it->next += it->stride;
		for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
			if (it->range[f] == 1) {
				out[f] = it->min[f];
				continue;
			}
			q = stateful_div(c, it->range[f], it->recip[f]);
			out[f] = (uint16_t)(it->min[f] + (c - q * it->range[f]));
			c = q;
		}
		return true;
	}
	for (f = 0; f < STATEFUL_NB_FIELDS; f++)
		out[f] = (uint16_t)(it->min[f] + it->digit[f]);
	if (it->order == STATEFUL_ORDER_DECREASING) {
		for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
			v = it->step[f] + carry;
			carry = it->digit[f] < v;
			it->digit[f] = carry ? it->digit[f] + it->range[f] - v :
					       it->digit[f] - v;
		}
		return true;
	}
	for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
		v = it->digit[f] + it->step[f] + carry;
		carry = v >= it->range[f];
		it->digit[f] = carry ? v - it->range[f] : v;
	}
	return true;
}

/* ------------------------------------------------------------ state table */

void
stateful_table_init(struct stateful_table *t, struct stateful_tuple *mem,
		    uint32_t size)
{
	t->entry = mem;
	t->size = size;
	t->next = 0;
	t->written = 0;
}

void
stateful_table_reset(struct stateful_table *t)
{
	t->next = 0;
	t->written = 0;
}

uint32_t
stateful_table_count(const struct stateful_table *t)
{
	return t->written < t->size ? (uint32_t)t->written : t->size;
}

void
stateful_table_split(struct stateful_table *part, unsigned int nb,
		     struct stateful_tuple *mem, uint32_t size)
{
	unsigned int q;

	for (q = 0; q < nb; q++)
		stateful_table_init(&part[q], mem + (size_t)q * size, size);
}

uint32_t
stateful_table_sum(const struct stateful_table *part, unsigned int nb)
{
	uint64_t sum = 0;
	unsigned int q;

	if (nb == 0)
		return 0;
	for (q = 0; q < nb; q++)
		sum += stateful_table_count(&part[q]);
	return sum < part[0].size ? (uint32_t)sum : part[0].size;
}

uint32_t
stateful_table_join(struct stateful_table *part, unsigned int nb)
{
	uint32_t pos, k;
	unsigned int q;

	if (nb == 0)
		return 0;
	pos = stateful_table_count(&part[0]);
	for (q = 1; q < nb; q++) {
		k = stateful_table_count(&part[q]);
		if (k > part[0].size - pos)
			k = part[0].size - pos;
		/* part q lies above part 0: no overlap */
		memmove(part[0].entry + pos, part[q].entry, (size_t)k *
			sizeof(*part[q].entry));
		pos += k;
		stateful_table_reset(&part[q]);
	}
	if (nb > 1) {
		part[0].written = pos;
		part[0].next = pos == part[0].size ? 0 : pos;
	}
	return pos;
}

void
stateful_table_reply(const struct stateful_table *t, uint32_t idx,
		     struct stateful_tuple *out)
{
	const struct stateful_tuple *in = &t->entry[idx];

	memcpy(out->src, in->dst, 4);
	memcpy(out->dst, in->src, 4);
	out->sport = in->dport;
	out->dport = in->sport;
}

void
stateful_pick_init(struct stateful_pick *p, enum cfg_var_mode mode,
		   uint32_t count, uint64_t seed)
{
	stateful_pick_stream(p, mode, count, seed, 0, 1);
}

void
stateful_pick_stream(struct stateful_pick *p, enum cfg_var_mode mode,
		     uint32_t count, uint64_t seed, unsigned int i,
		     unsigned int n)
{
	uint32_t first;

	p->mode = mode;
	p->count = count > 0 ? count : 1;
	first = i % p->count;
	p->cur = mode == CFG_VAR_DECREASING ? p->count - 1 - first : first;
	p->step = (n > 0 ? n : 1) % p->count;
	p->rng = streams_seed(seed, i);
}

uint32_t
stateful_pick_next(struct stateful_pick *p)
{
	uint32_t v = p->cur;

	switch (p->mode) {
	case CFG_VAR_INCREASING:	/* step < count: one wrap at most */
		p->cur = v >= p->count - p->step ? v - (p->count - p->step) :
						   v + p->step;
		return v;
	case CFG_VAR_DECREASING:
		p->cur = v < p->step ? v + p->count - p->step : v - p->step;
		return v;
	case CFG_VAR_RANDOM:
		/* multiply-shift: bias below count / 2^32, nothing at M <= 2^26
		 * that a test of thousands of frames could see */
		p->rng += 0x9e3779b97f4a7c15ULL;
		return (uint32_t)(((stateful_mix(p->rng) >> 32) * p->count) >> 32);
	case CFG_VAR_FIXED:
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ frames */

#define ETH_HDR_B 14
#define IPV4_HDR_MIN_B 20
#define IPV6_HDR_B 40
#define UDP_HDR_B 8

/* Where the parts of an IPv4/UDP or IPv6/UDP frame are. */
struct stateful_loc {
	uint8_t *ip, *udp;
	size_t ihl_b, udp_b, addr_b;
	uint8_t *src, *dst;
};

static uint16_t
stateful_get16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}

static void
stateful_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* 0, or -EINVAL when not IPv4/UDP (v6 false) or IPv4/IPv6 UDP (v6 true)
 * within len_b bytes. */
static int
stateful_locate(const uint8_t *frame, size_t len_b, bool v6,
		struct stateful_loc *l)
{
	uint8_t *ip = (uint8_t *)(uintptr_t)(frame + ETH_HDR_B);
	size_t ip_len;
	uint16_t type;

	if (len_b < ETH_HDR_B + IPV4_HDR_MIN_B + UDP_HDR_B)
		return -EINVAL;
	type = stateful_get16(frame + 12);
	if (type == 0x0800 && (ip[0] >> 4) == 4 && ip[9] == 17) {
		l->ihl_b = (size_t)(ip[0] & 0xf) * 4;
		ip_len = stateful_get16(ip + 2);
		l->addr_b = 4;
		l->src = ip + 12;
		if (l->ihl_b < IPV4_HDR_MIN_B)
			return -EINVAL;
	} else if (v6 && type == 0x86dd && (ip[0] >> 4) == 6 && ip[6] == 17 &&
		   len_b >= ETH_HDR_B + IPV6_HDR_B + UDP_HDR_B) {
		l->ihl_b = IPV6_HDR_B;
		ip_len = IPV6_HDR_B + (size_t)stateful_get16(ip + 4);
		l->addr_b = 16;
		l->src = ip + 8;
	} else {
		return -EINVAL;
	}
	if (ip_len < l->ihl_b + UDP_HDR_B || ETH_HDR_B + ip_len > len_b)
		return -EINVAL;
	l->ip = ip;
	l->dst = l->src + l->addr_b;
	l->udp = ip + l->ihl_b;
	l->udp_b = stateful_get16(l->udp + 4);
	if (l->udp_b < UDP_HDR_B || l->udp_b > ip_len - l->ihl_b)
		return -EINVAL;
	return 0;
}

/* Both checksums from scratch: the IPv4 header's, and UDP's over the
 * pseudo-header (RFC 768 / RFC 8200 8.1) and the whole datagram. */
static void
stateful_cksums(const struct stateful_loc *l)
{
	uint8_t tail[4] = { 0, 0, 0, 17 };
	uint32_t sum;
	uint16_t ck;

	if (l->addr_b == 4) {
		l->ip[10] = l->ip[11] = 0;
		ck = (uint16_t)~cksum_fold(cksum_partial(l->ip, l->ihl_b, 0));
		stateful_put16(l->ip + 10, ck);
	}
	l->udp[6] = l->udp[7] = 0;
	sum = cksum_partial(l->src, 2 * l->addr_b, 0);
	stateful_put16(tail, (uint16_t)l->udp_b);
	sum = cksum_partial(tail, 2, sum);
	sum = cksum_partial(tail + 2, 2, sum);
	sum = cksum_partial(l->udp, l->udp_b, sum);
	ck = (uint16_t)~cksum_fold(sum);
	/* RFC 768: a computed 0 is sent as all ones */
	stateful_put16(l->udp + 6, ck == 0 ? 0xffff : ck);
}

/*
 * What a rewrite changed, for RFC 1624's update of the checksums: the
 * ones'-complement sums of ~old + new over the changed 16-bit words that
 * the IPv4 header covers (the addresses) and that UDP covers (the
 * addresses of its pseudo-header and the ports).  Below 2^20: at most 6
 * words of 0x1fffe each.
 */
struct stateful_delta {
	uint32_t ip, udp;
};

/* The word at p becomes w (ip: the IPv4 header covers it). */
static void
stateful_word(uint8_t *p, uint16_t w, bool ip, struct stateful_delta *d)
{
	uint32_t t = (uint32_t)(uint16_t)~stateful_get16(p) + w;

	d->udp += t;
	if (ip)
		d->ip += t;
	stateful_put16(p, w);
}

/*
 * RFC 1624 eqn. 3, HC' = ~(~HC + ~m + m'), for the checksum field at ck:
 * the same bytes as computing it anew (a valid HC is congruent to the old
 * sum modulo 0xffff, and a nonzero sum folds to 1..0xffff, one value per
 * class), the fold of 0 taken as 0xffff; udp: a computed 0 goes out as all
 * ones (RFC 768), as stateful_cksums sends it.
 */
static void
stateful_ck_update(uint8_t *ck, uint32_t d, bool udp)
{
	uint16_t f = cksum_fold((uint64_t)(uint16_t)~stateful_get16(ck) + d);
	uint16_t c = (uint16_t)~(f == 0 ? 0xffff : f);

	stateful_put16(ck, udp && c == 0 ? 0xffff : c);
}

/* Both checksums after the rewrite d: updated when valid says the frame's
 * were right before it (and UDP's is not IPv4's "none", 0), else anew. */
static void
stateful_cksums_after(const struct stateful_loc *l,
		      const struct stateful_delta *d, bool valid)
{
	if (!valid || (l->udp[6] | l->udp[7]) == 0) {
		stateful_cksums(l);
		return;
	}
	if (l->addr_b == 4)
		stateful_ck_update(l->ip + 10, d->ip, false);
	stateful_ck_update(l->udp + 6, d->udp, true);
}

static int
stateful_apply(uint8_t *frame, size_t len_b, const struct stateful_tuple *tu,
	       bool valid)
{
	struct stateful_delta d = { 0, 0 };
	struct stateful_loc l;
	unsigned int i;

	if (stateful_locate(frame, len_b, false, &l) != 0)
		return -EINVAL;
	for (i = 0; i < 4; i += 2) {
		stateful_word(l.src + i, stateful_get16(tu->src + i), true, &d);
		stateful_word(l.dst + i, stateful_get16(tu->dst + i), true, &d);
	}
	stateful_word(l.udp, tu->sport, false, &d);
	stateful_word(l.udp + 2, tu->dport, false, &d);
	stateful_cksums_after(&l, &d, valid);
	return 0;
}

int
stateful_frame_apply(uint8_t *frame, size_t len_b,
		     const struct stateful_tuple *tu)
{
	return stateful_apply(frame, len_b, tu, false);
}

int
stateful_frame_patch_tuple(uint8_t *frame, size_t len_b,
			   const struct stateful_tuple *tu)
{
	return stateful_apply(frame, len_b, tu, true);
}

static int
stateful_set(uint8_t *frame, size_t len_b, const uint16_t v[STATEFUL_NB_FIELDS],
	     unsigned vary, bool valid)
{
	struct stateful_delta d = { 0, 0 };
	struct stateful_loc l;

	if (stateful_locate(frame, len_b, true, &l) != 0)
		return -EINVAL;
	if (vary & (1u << STATEFUL_SPORT))
		stateful_word(l.udp, v[STATEFUL_SPORT], false, &d);
	if (vary & (1u << STATEFUL_DPORT))
		stateful_word(l.udp + 2, v[STATEFUL_DPORT], false, &d);
	if (vary & (1u << STATEFUL_SRC_SLICE))
		stateful_word(l.src + l.addr_b - 2, v[STATEFUL_SRC_SLICE], true,
			      &d);
	if (vary & (1u << STATEFUL_DST_SLICE))
		stateful_word(l.dst + l.addr_b - 2, v[STATEFUL_DST_SLICE], true,
			      &d);
	stateful_cksums_after(&l, &d, valid);
	return 0;
}

int
stateful_frame_set(uint8_t *frame, size_t len_b,
		   const uint16_t v[STATEFUL_NB_FIELDS], unsigned vary)
{
	return stateful_set(frame, len_b, v, vary, false);
}

int
stateful_frame_patch(uint8_t *frame, size_t len_b,
		     const uint16_t v[STATEFUL_NB_FIELDS], unsigned vary)
{
	return stateful_set(frame, len_b, v, vary, true);
}

int
stateful_frame_tuple(const uint8_t *frame, size_t len_b,
		     struct stateful_tuple *tu)
{
	struct stateful_loc l;

	if (stateful_locate(frame, len_b, false, &l) != 0)
		return -EINVAL;
	memcpy(tu->src, l.src, 4);
	memcpy(tu->dst, l.dst, 4);
	tu->sport = stateful_get16(l.udp);
	tu->dport = stateful_get16(l.udp + 2);
	return 0;
}

unsigned
stateful_enum_vary(const struct stateful_enum *e)
{
	unsigned f, vary = 0;

	for (f = 0; f < STATEFUL_NB_FIELDS; f++)
		if (e->range[f] > 1)
			vary |= 1u << f;
	return vary;
}

/* ------------------------------------------------------------- parameters */

enum cfg_dir_id
stateful_init_dir(const struct cfg *c)
{
	return c->st.initiator == CFG_LEFT ? CFG_FWD : CFG_REV;
}

/* The Initiator direction's fields as ranges (fixed: one value). */
static void
stateful_ranges(const struct cfg *c, uint16_t min[STATEFUL_NB_FIELDS],
		uint16_t max[STATEFUL_NB_FIELDS])
{
	const struct cfg_dir *d = &c->dir[stateful_init_dir(c)];
	const struct cfg_var *v[STATEFUL_NB_FIELDS] = {
		&d->sport, &d->dport, &d->src_slice, &d->dst_slice
	};
	const uint16_t fixed[STATEFUL_NB_FIELDS] = {
		d->sport_fixed, d->dport_fixed, 0, 0
	};
	int f;

	for (f = 0; f < STATEFUL_NB_FIELDS; f++) {
		if (v[f]->mode == CFG_VAR_FIXED) {
			min[f] = max[f] = fixed[f];
		} else {
			min[f] = v[f]->min;
			max[f] = v[f]->max;
		}
	}
}

uint64_t
stateful_combinations(const struct cfg *c)
{
	uint16_t min[STATEFUL_NB_FIELDS], max[STATEFUL_NB_FIELDS];
	uint64_t total = 1;
	int f;

	stateful_ranges(c, min, max);
	for (f = 0; f < STATEFUL_NB_FIELDS; f++)
		total *= max[f] >= min[f] ? (uint64_t)(max[f] - min[f]) + 1 : 0;
	return total;
}

uint64_t
stateful_foreground(const struct cfg *c)
{
	if (c->n == 0)
		return c->st.frames;
	return c->st.frames -
	       (uint64_t)((unsigned __int128)c->st.frames * (c->n - c->m) / c->n);
}

int
stateful_enum_from_cfg(struct stateful_enum *e, const struct cfg *c,
		       uint64_t seed)
{
	uint16_t min[STATEFUL_NB_FIELDS], max[STATEFUL_NB_FIELDS];

	stateful_ranges(c, min, max);
	return stateful_enum_init(e, (enum stateful_order)c->st.order, min, max,
				  seed);
}

int
stateful_check(const struct cfg *c, char *err, size_t err_len)
{
	char lead[CFG_PATH_LEN + 96];
	enum cfg_dir_id idir = stateful_init_dir(c);
	enum cfg_side_id resp = cfg_rx_side(idir);
	const char *dname = idir == CFG_FWD ? "forward" : "reverse";
	uint64_t fg, combos, send_ms;

	if (!cfg_dir_active(c, idir))
		return cfg_errf(err, err_len, "%s: the Initiator's direction "
				"(%s, [stateful] initiator = %s) must send",
				cfg_key_blame(c, "traffic", "direction", lead,
					      sizeof(lead)), dname,
				c->st.initiator == CFG_LEFT ? "left" : "right");
	if (c->side[resp].ip_version != 4)
		return cfg_errf(err, err_len, "%s: the Responder side (the one "
				"that is not [stateful] initiator = %s) must "
				"speak IPv4 (RFC 9693)",
				cfg_key_blame(c, resp == CFG_LEFT ? "left" : "right",
					      "ip_version", lead, sizeof(lead)),
				c->st.initiator == CFG_LEFT ? "left" : "right");
	fg = stateful_foreground(c);
	if (fg < c->st.table_size)
		return cfg_errf(err, err_len, "%s: its %" PRIu64 " foreground "
				"frames (n = %u, m = %u) cannot fill [stateful] "
				"table_size = %u", cfg_key_blame(c, "stateful",
				"frames", lead, sizeof(lead)), fg, c->n, c->m,
				c->st.table_size);
	if (c->dir[idir].sport.mode != CFG_VAR_FIXED &&
	    c->dir[idir].sport.max < c->dir[idir].sport.min)
		return cfg_errf(err, err_len, "%s: below [%s] sport_min = %u",
				cfg_key_blame(c, dname, "sport_max", lead,
					      sizeof(lead)),
				dname, c->dir[idir].sport.min);
	combos = stateful_combinations(c);
	if (combos < c->st.frames)
		return cfg_errf(err, err_len, "%s: more than the %" PRIu64
				" port and address combinations of [%s] "
				"(sport, dport, src_slice, dst_slice ranges): "
				"preliminary frames would repeat connections",
				cfg_key_blame(c, "stateful", "frames", lead,
					      sizeof(lead)), combos, dname);
	if (combos > STATEFUL_PERM_MAX_N)
		return cfg_errf(err, err_len, "[%s]: %" PRIu64 " combinations, "
				"more than 2^62", dname, combos);
	send_ms = (uint64_t)(((unsigned __int128)c->st.frames * 1000 +
			      c->st.rate_fps - 1) / c->st.rate_fps);
	if (send_ms > TRIAL_SPEC_MAX_DURATION_MS)
		return cfg_errf(err, err_len, "%s: %" PRIu64 " ms of sending "
				"at [stateful] rate_fps = %" PRIu64,
				cfg_key_blame(c, "stateful", "frames", lead,
					      sizeof(lead)), send_ms,
				c->st.rate_fps);
	/* 0: N / R + 2T (stateful_delay_ms); a D set must not be less
	 * than N / R + T (siitperf's own check) */
	if (c->st.delay_ms != 0 &&
	    (uint64_t)c->st.delay_ms < send_ms + c->st.timeout_ms)
		return cfg_errf(err, err_len, "%s: phase 2 would start before "
				"phase 1 ends: N / R + T = %" PRIu64 " + %u ms "
				"([stateful] frames = %" PRIu64 ", rate_fps = %"
				PRIu64 ", timeout_ms = %u)",
				cfg_key_blame(c, "stateful", "delay_ms", lead,
					      sizeof(lead)), send_ms,
				c->st.timeout_ms, c->st.frames, c->st.rate_fps,
				c->st.timeout_ms);
	return 0;
}

int
stateful_teardown_rate(uint64_t n, uint64_t td_ns, uint64_t t0_ns,
		       uint64_t spread_ns, double *rate)
{
	if (n == 0 || td_ns <= t0_ns || td_ns - t0_ns <= spread_ns)
		return -ERANGE;
	*rate = (double)n * 1e9 / (double)(td_ns - t0_ns);
	return 0;
}

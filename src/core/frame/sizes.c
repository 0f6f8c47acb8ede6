/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sizes: frames and bytes per frame size of a direction (sizes.h).
 */
#include <errno.h>
#include <string.h>

#include "dutperf/sizes.h"

/* The kinds of s differ in size: a mix, or background frames (native
 * IPv6) beside translated IPv4 ones. */
static bool
sizes_on(const struct frame_spec *s)
{
	return s->mix_len > 1 ||
	       (s->n > s->m && frame_spec_size_b(s, s->fg.tx.ip_version) !=
				       frame_spec_size_b(s, s->bg.tx.ip_version));
}

void
sizes_dir_init(struct sizes_dir *d, const struct frame_spec *s,
	       const struct imix *m)
{
	unsigned int i, b;

	memset(d, 0, sizeof(*d));
	d->nb = s->mix_len > 1 ? s->mix_nb : 1;
	for (i = 0; i < d->nb; i++) {
		for (b = 0; b < 2; b++) {
			uint8_t v = b ? s->bg.tx.ip_version : s->fg.tx.ip_version;

			d->size_b[i][b] = s->mix_len > 1 ?
					  s->mix_size_b[i][v == 6] :
					  frame_spec_size_b(s, v);
		}
		/* the configured size is the IPv6 one (RFC 8219 5.1.1) */
		d->label_b[i] = s->mix_len > 1 ? s->mix_size_b[i][1] : s->size_b[1];
		d->letter[i] = s->mix_len > 1 && m != NULL ? m->letter[i] : 0;
	}
}

void
sizes_ctr_init(struct sizes_ctr *c, const struct frame_spec *s)
{
	memset(c, 0, sizeof(*c));
	c->on = sizes_on(s);
	if (s->mix_len > 1) {
		c->len = s->mix_len;
		memcpy(c->seq, s->mix_seq, sizeof(c->seq));
		c->mod_m = UINT64_MAX / c->len + 1;
	}
}

void
sizes_ctr_add_frame(struct sizes_ctr *c, uint64_t k, uint32_t n, uint32_t m)
{
	sizes_ctr_add(c, k, n > 0 && k % n >= m, 1);
}

static uint64_t
sizes_gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* Size index of letter pos of s's mix (0: one size). */
static unsigned int
sizes_letter(const struct frame_spec *s, uint64_t pos)
{
	return s->mix_len > 1 ? s->mix_seq[pos] : 0;
}

/*
 * Into cnt[i]: of frames 0..g-1, those with k mod n in [lo, hi), per
 * size.  Residue r's frames r, r + n, ... step through the mix by
 * n mod len, a cycle of len / gcd(len, n mod len) letters: O(len) each.
 */
static void
sizes_count_residues(uint64_t *cnt, const struct frame_spec *s, uint64_t g,
		     uint64_t len, uint32_t lo, uint32_t hi)
{
	uint64_t n = s->n, step = n % len, cycle = len / sizes_gcd(len, step);
	uint64_t r, t, c, passes, rest, pos;

	for (r = lo; r < hi && r < g; r++) {
		c = (g - r - 1) / n + 1;
		passes = c / cycle;
		rest = c % cycle;
		pos = r % len;
		for (t = 0; t < cycle && t < c; t++) {
			cnt[sizes_letter(s, pos)] += passes + (t < rest);
			pos += step;
			pos = pos >= len ? pos - len : pos;
		}
	}
}

void
sizes_add_sent(struct sizes_dir *d, const struct frame_spec *s,
	       uint64_t generated, uint64_t sent,
	       const struct sizes_ctr *unsent)
{
	uint64_t len = s->mix_len > 1 ? s->mix_len : 1;
	uint64_t all[IMIX_MAX_SIZES] = { 0 }, part[IMIX_MAX_SIZES] = { 0 };
	uint64_t p;
	unsigned int i, b;
	bool bg_fewer;

	if (unsent == NULL || !unsent->on) {
		d->sent[0][0] += sent;
		return;
	}
	/* every frame by its letter k mod len */
	for (p = 0; p < len; p++)
		all[sizes_letter(s, p)] += generated / len + (p < generated % len);
	/* background k mod n >= m: count the fewer of the two residue
	 * classes (n <= 10^6), the other is the rest */
	if (s->n > s->m) {
		bg_fewer = s->n - s->m <= s->m;
		sizes_count_residues(part, s, generated, len,
				     bg_fewer ? s->m : 0, bg_fewer ? s->n : s->m);
	} else {
		bg_fewer = true;	/* no background */
	}
	for (i = 0; i < IMIX_MAX_SIZES; i++) {
		d->sent[i][bg_fewer] += part[i];
		d->sent[i][!bg_fewer] += all[i] - part[i];
	}
	for (i = 0; i < IMIX_MAX_SIZES; i++)
		for (b = 0; b < 2; b++)
			d->sent[i][b] -= unsent->frames[i][b];
}

void
sizes_add_received(struct sizes_dir *d, const struct sizes_ctr *c)
{
	unsigned int i, b;

	if (!c->on)
		return;
	for (i = 0; i < IMIX_MAX_SIZES; i++)
		for (b = 0; b < 2; b++)
			d->received[i][b] += c->frames[i][b];
}

/* Take up to *over frames off *v down to floor. */
static void
sizes_take(uint64_t *v, uint64_t floor, uint64_t *over)
{
	uint64_t t = *v > floor ? *v - floor : 0;

	t = t < *over ? t : *over;
	*v -= t;
	*over -= t;
}

void
sizes_settle(struct sizes_dir *d, uint64_t received, bool counted)
{
	uint64_t total = 0, over;
	int i, b;

	if (!counted) {
		memset(d->received, 0, sizeof(d->received));
		d->received[0][0] = received;
		return;
	}
	for (i = 0; i < IMIX_MAX_SIZES; i++)
		for (b = 0; b < 2; b++)
			total += d->received[i][b];
	if (total <= received)
		return;
	over = total - received;
	for (i = 0; i < IMIX_MAX_SIZES; i++)
		for (b = 0; b < 2; b++)
			sizes_take(&d->received[i][b], d->sent[i][b], &over);
	for (i = IMIX_MAX_SIZES - 1; i >= 0; i--)
		for (b = 1; b >= 0; b--)
			sizes_take(&d->received[i][b], 0, &over);
}

static uint64_t
sizes_bytes(const struct sizes_dir *d, const uint64_t (*f)[2], int i)
{
	uint64_t sum = 0;
	int k;

	for (k = 0; k < d->nb; k++)
		if (i < 0 || k == i)
			sum += f[k][0] * d->size_b[k][0] +
			       f[k][1] * d->size_b[k][1];
	return sum;
}

uint64_t
sizes_sent_b(const struct sizes_dir *d, int i)
{
	return sizes_bytes(d, d->sent, i);
}

uint64_t
sizes_received_b(const struct sizes_dir *d, int i)
{
	return sizes_bytes(d, d->received, i);
}

uint64_t
sizes_sent(const struct sizes_dir *d, unsigned int i)
{
	return d->sent[i][0] + d->sent[i][1];
}

uint64_t
sizes_received(const struct sizes_dir *d, unsigned int i)
{
	return d->received[i][0] + d->received[i][1];
}

int
sizes_sum(struct sizes_dir *acc, const struct sizes_dir *d)
{
	unsigned int i, j, b;

	for (i = 0; i < d->nb; i++) {
		for (j = 0; j < acc->nb; j++)
			if (acc->label_b[j] == d->label_b[i] &&
			    acc->letter[j] == d->letter[i] &&
			    acc->size_b[j][0] == d->size_b[i][0] &&
			    acc->size_b[j][1] == d->size_b[i][1])
				break;
		if (j == acc->nb) {
			if (acc->nb == IMIX_MAX_SIZES)
				return -ENOSPC;
			acc->nb++;
			acc->label_b[j] = d->label_b[i];
			acc->letter[j] = d->letter[i];
			acc->size_b[j][0] = d->size_b[i][0];
			acc->size_b[j][1] = d->size_b[i][1];
		}
		for (b = 0; b < 2; b++) {
			acc->sent[j][b] += d->sent[i][b];
			acc->received[j][b] += d->received[i][b];
		}
	}
	return 0;
}

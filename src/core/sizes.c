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

void
sizes_add_sent(struct sizes_dir *d, const struct frame_spec *s,
	       uint64_t generated, uint64_t sent,
	       const struct sizes_ctr *unsent)
{
	uint64_t len = s->mix_len > 1 ? s->mix_len : 1;
	uint64_t n = s->n > s->m ? s->n : 1, period, steps, passes, rest, r;
	uint64_t pos = 0, mp = 0;
	unsigned int i, b;

	if (unsent == NULL || !unsent->on) {
		d->sent[0][0] += sent;
		return;
	}
	/* kinds repeat every lcm(len, n) frames (len <= 64, n <= 10^6) */
	period = len / sizes_gcd(len, n) * n;
	passes = generated / period;
	rest = generated % period;
	steps = passes > 0 ? period : rest;
	for (r = 0; r < steps; r++) {
		i = s->mix_len > 1 ? s->mix_seq[pos] : 0;
		b = mp >= s->m && s->n > s->m;
		d->sent[i][b] += passes + (r < rest);
		pos = pos + 1 == len ? 0 : pos + 1;
		mp = mp + 1 == n ? 0 : mp + 1;
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfc4814: reproducible variation of 16-bit fields (RFC 4814 4.5).
 *
 * PRNG: xoshiro256** (Blackman & Vigna), its 256-bit state filled by the
 * splitmix64 sequence, both written here from the published descriptions.
 * Uniform values on [min, max]: Lemire's multiply-shift (the high 32 bits of
 * x * range for a 32-bit x), rejecting the low product below
 * 2^32 mod range, a threshold computed once at init; range 65536 (and 1)
 * divides 2^32, so nothing is ever rejected there.
 */
#include "dutperf/rfc4814.h"

#define SPLITMIX_GAMMA 0x9e3779b97f4a7c15ull

static uint64_t
splitmix64(uint64_t *state)
{
	uint64_t z;

	*state += SPLITMIX_GAMMA;
	z = *state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void
rfc4814_rng_seed(struct rfc4814_rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t st = stream;
	uint64_t sm;
	int i;

	/* Mix the stream number into the seed through one splitmix64 output
	 * so that streams n and n+1 do not start at neighbouring states. */
	sm = seed ^ splitmix64(&st);
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&sm);
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = SPLITMIX_GAMMA;	/* the one forbidden state */
}

void
rfc4814_init(struct rfc4814_field *f, enum cfg_var_mode mode, uint16_t min,
	     uint16_t max, uint64_t seed, uint64_t stream)
{
	if (min > max) {	/* callers validate; never misbehave anyway */
		uint16_t t = min;

		min = max;
		max = t;
	}
	f->mode = mode;
	f->min = min;
	f->max = max;
	f->range = (uint32_t)max - min + 1;
	/* 2^32 mod range, computed once (the only division here). */
	f->reject_below = (uint32_t)(0x100000000ull % f->range);
	f->cur = mode == CFG_VAR_DECREASING ? max : min;
	rfc4814_rng_seed(&f->rng, seed, stream);
}

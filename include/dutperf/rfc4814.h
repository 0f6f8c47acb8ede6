/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfc4814: values of one varying 16-bit field (RFC 4814 4.5 ports, an
 * address slice, a network index): fixed, increasing, decreasing or
 * pseudorandom, uniform over [min, max] without modulo bias and without a
 * division per value.  A seed reproduces the exact sequence.
 */
#ifndef DUTPERF_RFC4814_H
#define DUTPERF_RFC4814_H

#include <stdint.h>

#include "cfg.h"

/* Private PRNG state (a 64-bit generator of the project's own). */
struct rfc4814_rng {
	uint64_t s[4];
};

struct rfc4814_field {
	enum cfg_var_mode mode;
	uint16_t min, max;
	uint16_t cur;		/* next value for fixed / increasing / decreasing */
	uint32_t range;		/* max - min + 1, 1..65536 */
	uint32_t reject_below;	/* Lemire rejection threshold, set at init */
	struct rfc4814_rng rng;
};

/* Seed from (seed, stream): different streams give independent sequences. */
void rfc4814_rng_seed(struct rfc4814_rng *r, uint64_t seed, uint64_t stream);

static inline uint64_t
rfc4814_rotl64(uint64_t x, unsigned int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna), inline: the sender draws per frame. */
static inline uint64_t
rfc4814_rng_next(struct rfc4814_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rfc4814_rotl64(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rfc4814_rotl64(s[3], 45);
	return out;
}

void rfc4814_init(struct rfc4814_field *f, enum cfg_var_mode mode,
		  uint16_t min, uint16_t max, uint64_t seed, uint64_t stream);

/*
 * A uniform draw from [min, max] (Lemire: the high 32 bits of a draw times
 * the range; a low word below 2^32 mod range would bias: draw again).  The
 * RANDOM case of rfc4814_next; of a FIXED field (range 1) it is always min.
 */
static inline __attribute__((always_inline)) uint16_t
rfc4814_draw(struct rfc4814_field *f)
{
	uint64_t p;

	do {
		p = (rfc4814_rng_next(&f->rng) >> 32) * f->range;
	} while (__builtin_expect((uint32_t)p < f->reject_below, 0));
	return (uint16_t)(f->min + (p >> 32));
}

/* The next value: inline, it runs per frame. */
static inline uint16_t
rfc4814_next(struct rfc4814_field *f)
{
	uint16_t v = f->cur;

	/* most fields of a frame are fixed: no switch for them */
	if (f->mode == CFG_VAR_FIXED)
		return f->min;
	switch (f->mode) {
	case CFG_VAR_INCREASING:
		f->cur = v == f->max ? f->min : (uint16_t)(v + 1);
		return v;
	case CFG_VAR_DECREASING:
		f->cur = v == f->min ? f->max : (uint16_t)(v - 1);
		return v;
	case CFG_VAR_RANDOM:
		return rfc4814_draw(f);
	case CFG_VAR_FIXED:
	default:
		return f->min;
	}
}

#endif /* DUTPERF_RFC4814_H */

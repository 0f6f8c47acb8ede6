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
uint64_t rfc4814_rng_next(struct rfc4814_rng *r);

void rfc4814_init(struct rfc4814_field *f, enum cfg_var_mode mode,
		  uint16_t min, uint16_t max, uint64_t seed, uint64_t stream);
uint16_t rfc4814_next(struct rfc4814_field *f);

#endif /* DUTPERF_RFC4814_H */

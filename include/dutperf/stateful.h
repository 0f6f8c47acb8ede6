/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stateful: the DPDK-free parts of RFC 9693 (benchmarking stateful NATxy
 * gateways): the preliminary phase's enumeration of port (and address
 * slice) combinations, the Responder's state table, Responder frames made
 * from it, and the [stateful] parameters' checks.  The procedures
 * (stateful throughput, connection establishment rate, table capacity) are
 * in stateful_proc.h.
 *
 * Roles: the Initiator (private side) sends the preliminary frames; the
 * Responder (public side, IPv4) records the translated 4-tuple of each
 * received foreground frame and answers only from those records.
 */
#ifndef DUTPERF_STATEFUL_H
#define DUTPERF_STATEFUL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"

/* ------------------------------------------------------------ permutation */

/*
 * A unique pseudorandom permutation of [0, n), n <= 2^62, from a seed:
 * a balanced Feistel network of STATEFUL_PERM_ROUNDS rounds over the
 * smallest even number of bits 2k holding n - 1 (k >= 1), walked in
 * cycles until the value falls below n (the domain is below 4 n, so on
 * average under 4 steps).  A bijection, so every index 0..n-1 maps to a
 * different value and every value is reached once; reproducible from the
 * seed.  Memory: this struct, 72 bytes, whatever n (siitperf stores a
 * 4-byte entry per combination: 16 MB for 4 million).
 */
#define STATEFUL_PERM_ROUNDS 6
#define STATEFUL_PERM_MAX_N (1ULL << 62)

struct stateful_perm {
	uint64_t n;
	uint32_t half_bits;			/* k */
	uint64_t half_mask;			/* 2^k - 1 */
	uint64_t key[STATEFUL_PERM_ROUNDS];
};

/* 0, or -EINVAL when n is 0 or above STATEFUL_PERM_MAX_N. */
int stateful_perm_init(struct stateful_perm *p, uint64_t n, uint64_t seed);

/* The image of i (< n) under the permutation. */
uint64_t stateful_perm_at(const struct stateful_perm *p, uint64_t i);

/* ------------------------------------------------------------ enumeration */

/* Order of the preliminary phase's combinations. */
enum stateful_order {
	STATEFUL_ORDER_INCREASING = 0,
	STATEFUL_ORDER_DECREASING,
	STATEFUL_ORDER_RANDOM,		/* unique pseudorandom permutation */
};

/* The varying fields of an Initiator frame, fastest-varying first. */
enum stateful_field {
	STATEFUL_SPORT = 0,
	STATEFUL_DPORT,
	STATEFUL_SRC_SLICE,		/* low 16 bits of the source address */
	STATEFUL_DST_SLICE,		/* low 16 bits of the destination */
	STATEFUL_NB_FIELDS
};

/*
 * The combinations of the fields' ranges [min, max] (a fixed field has
 * min == max), in mixed radix with STATEFUL_SPORT fastest: combination c
 * has field f = min_f + (c / prod_{g<f} range_g) mod range_f.  Frame i of
 * the phase gets combination i (increasing), total - 1 - i (decreasing)
 * or perm(i) (random): N frames never repeat a combination while
 * N <= total.
 */
struct stateful_enum {
	enum stateful_order order;
	uint16_t min[STATEFUL_NB_FIELDS];
	uint32_t range[STATEFUL_NB_FIELDS];	/* 1..65536 */
	uint64_t total;				/* product of the ranges */
	struct stateful_perm perm;		/* order RANDOM */
};

/* 0, or -EINVAL when a max is below its min or the product of the ranges
 * exceeds STATEFUL_PERM_MAX_N. */
int stateful_enum_init(struct stateful_enum *e, enum stateful_order order,
		       const uint16_t min[STATEFUL_NB_FIELDS],
		       const uint16_t max[STATEFUL_NB_FIELDS], uint64_t seed);

/* The combination index of frame i (i < total). */
uint64_t stateful_enum_index(const struct stateful_enum *e, uint64_t i);

/* The field values of frame i into out (i < total). */
void stateful_enum_at(const struct stateful_enum *e, uint64_t i,
		      uint16_t out[STATEFUL_NB_FIELDS]);

/*
 * Stream i of n (streams.h) enumerates the frames j = i, i + n, i + 2n,
 * ... of the phase (j < total): the n streams' parts are disjoint and
 * together exactly the phase's combinations, each stream's in the
 * configured order.  Incrementally, without a division per frame:
 * increasing and decreasing orders keep the combination as mixed-radix
 * digits and add (subtract) n digit by digit with a carry; the random
 * order evaluates the permutation once per frame and splits its value into
 * digits by multiplying with precomputed reciprocals (exact for every
 * value below 2^64 and range 2..65536: stateful_div).  The reference is
 * stateful_enum_at: stateful_iter_next gives stream i's k-th call the
 * fields of stateful_enum_at(e, i + k n).
 */
struct stateful_iter {
	enum stateful_order order;
	uint16_t min[STATEFUL_NB_FIELDS];
	uint32_t range[STATEFUL_NB_FIELDS];
	uint32_t digit[STATEFUL_NB_FIELDS];	/* increasing, decreasing */
	uint32_t step[STATEFUL_NB_FIELDS];	/* n in the same radix */
	uint64_t recip[STATEFUL_NB_FIELDS];	/* UINT64_MAX / range + 1 */
	uint64_t next;				/* random: the next j */
	uint64_t stride;			/* n */
	uint64_t left;				/* frames still to enumerate */
	struct stateful_perm perm;		/* random (a copy: one writer) */
};

/* Stream i of n (i < n, n >= 1) of the enumeration e (its perm copied). */
void stateful_iter_init(struct stateful_iter *it, const struct stateful_enum *e,
			unsigned int i, unsigned int n);

/* The fields of the stream's next frame into out; false (out untouched)
 * once its part of the total combinations is done. */
bool stateful_iter_next(struct stateful_iter *it,
			uint16_t out[STATEFUL_NB_FIELDS]);

/* ------------------------------------------------------------ state table */

/* One connection as the Responder received it (network byte order). */
struct stateful_tuple {
	uint8_t src[4];		/* the NAT's public (translated) address */
	uint8_t dst[4];		/* the Responder's address */
	uint16_t sport;		/* translated source port, host order */
	uint16_t dport;		/* host order */
};

/*
 * The Responder's state table: M entries written round-robin by one
 * writer (the Responder's receiver lcore) during the preliminary phase;
 * read only after the phase (the end of the trial orders the accesses:
 * no locks, no atomics).  Once more than M frames arrived the oldest
 * entries are overwritten (wrap).  With several RX queues each has its
 * own part (stateful_table_split), one writer each; a cache line each, so
 * that parts written by different lcores share none.
 */
struct stateful_table {
	_Alignas(64) struct stateful_tuple *entry;	/* M entries, caller's
							 * memory */
	uint32_t size;			/* M */
	uint32_t next;			/* the entry the next tuple goes to */
	uint64_t written;		/* tuples recorded since the reset */
};

void stateful_table_init(struct stateful_table *t,
			 struct stateful_tuple *mem, uint32_t size);
void stateful_table_reset(struct stateful_table *t);

/* Record one received tuple (the receiver's hot path). */
static inline void
stateful_table_record(struct stateful_table *t, const struct stateful_tuple *tu)
{
	t->entry[t->next] = *tu;
	t->next = t->next + 1 == t->size ? 0 : t->next + 1;
	t->written++;
}

/* Valid entries: min(written, M). */
uint32_t stateful_table_count(const struct stateful_table *t);

/*
 * The state table of M entries over nb RX queues: part q is a table of M
 * entries of its own at mem + q M (mem: nb M entries), so that any split
 * of the arrivals over the queues fills M (a queue may get them all).
 */
void stateful_table_split(struct stateful_table *part, unsigned int nb,
			  struct stateful_tuple *mem, uint32_t size);

/* What the parts recorded together: the sum of their counts, at most M. */
uint32_t stateful_table_sum(const struct stateful_table *part, unsigned int nb);

/*
 * After the phase: the parts' valid entries moved together into part 0
 * (at most M: part 0's first, then part 1's, ...), the other parts
 * emptied; part 0 is then the whole table.  Returns its count (the sum).
 */
uint32_t stateful_table_join(struct stateful_table *part, unsigned int nb);

/*
 * The tuple a Responder frame answers entry idx (< count) with: source and
 * destination addresses and ports swapped.
 */
void stateful_table_reply(const struct stateful_table *t, uint32_t idx,
			  struct stateful_tuple *out);

/*
 * Choice of the entry each Responder frame uses (phase 2): fixed (entry
 * 0), increasing, decreasing (wrapping over the valid entries) or
 * pseudorandom (uniform, from the seed).
 */
struct stateful_pick {
	enum cfg_var_mode mode;
	uint32_t count;		/* valid entries, >= 1 */
	uint32_t cur;
	uint32_t step;		/* streams mod count (stateful_pick_stream) */
	uint64_t rng;		/* splitmix64 state */
};

void stateful_pick_init(struct stateful_pick *p, enum cfg_var_mode mode,
			uint32_t count, uint64_t seed);

/*
 * The pick of stream i of n (phase 2 on several streams, each its own
 * copy): every stream draws from the whole table; increasing (decreasing)
 * stream i takes entries i, i + n, ... (count - 1 - i, ...) wrapping, so
 * the direction's frames j = i + k n walk the table as one stream would;
 * random: stream 0 from seed, the others from their own streams_seed.
 * Stream 0 of 1 is stateful_pick_init.
 */
void stateful_pick_stream(struct stateful_pick *p, enum cfg_var_mode mode,
			  uint32_t count, uint64_t seed, unsigned int i,
			  unsigned int n);
uint32_t stateful_pick_next(struct stateful_pick *p);

/*
 * Rewrite the IPv4/UDP frame at frame (Ethernet header first, no VLAN)
 * with tuple tu as source/destination address and ports, and set both the
 * IPv4 header checksum and the UDP checksum (computed over the whole
 * datagram).  0, or -EINVAL when the frame is not IPv4/UDP or shorter than
 * its headers say.
 */
int stateful_frame_apply(uint8_t *frame, size_t len_b,
			 const struct stateful_tuple *tu);

/*
 * A preliminary frame (IPv4/UDP or IPv6/UDP): the fields whose bit
 * (1 << enum stateful_field) is set in vary take their value from v (a
 * slice is the low 16 bits of the address), then both checksums are
 * computed anew.  0, or -EINVAL when not IPv4/UDP or IPv6/UDP.
 */
int stateful_frame_set(uint8_t *frame, size_t len_b,
		       const uint16_t v[STATEFUL_NB_FIELDS], unsigned vary);

/*
 * stateful_frame_set and stateful_frame_apply for a frame whose checksums
 * are right (a generated test frame): the same bytes, but both checksums
 * updated from the changed words alone (RFC 1624), not summed over the
 * datagram again; an IPv4 UDP checksum of 0 ("none") is computed anew.
 * The senders of the stateful phases use these.
 */
int stateful_frame_patch(uint8_t *frame, size_t len_b,
			 const uint16_t v[STATEFUL_NB_FIELDS], unsigned vary);
int stateful_frame_patch_tuple(uint8_t *frame, size_t len_b,
			       const struct stateful_tuple *tu);

/* The fields of e that vary (range > 1), as stateful_frame_set's mask. */
unsigned stateful_enum_vary(const struct stateful_enum *e);

/*
 * Read the 4-tuple of a received IPv4/UDP frame (Ethernet first): 0, or
 * -EINVAL when not IPv4/UDP.
 */
int stateful_frame_tuple(const uint8_t *frame, size_t len_b,
			 struct stateful_tuple *tu);

/* ------------------------------------------------------------- parameters */

/* Defaults of [stateful]. */
#define STATEFUL_DEF_FRAMES 4000
#define STATEFUL_DEF_TABLE 4000

/*
 * The Initiator's direction (the side that sends the preliminary frames)
 * and the Responder's: [stateful] initiator = left or right.
 */
enum cfg_dir_id stateful_init_dir(const struct cfg *c);

/* Combinations the Initiator's direction enumerates (product of ranges). */
uint64_t stateful_combinations(const struct cfg *c);

/* Foreground frames among the N preliminary frames (n / m of [traffic]). */
uint64_t stateful_foreground(const struct cfg *c);

/*
 * The [stateful] checks: the Responder side speaks IPv4; N >= 1; the
 * foreground frames of N (N - N (n - m) / n) fill the state table of M;
 * the enumeration holds N distinct combinations; N frames at R take no
 * longer than TRIAL_SPEC_MAX_DURATION_MS; D, when set (not 0: N / R + 2T,
 * stateful_delay_ms), >= N / R + T (phase 2 starts after phase 1 ends).  0, or -EINVAL with a message naming the file,
 * section, key and value.
 */
int stateful_check(const struct cfg *c, char *err, size_t err_len);

/*
 * RFC 9693 connection tear-down rate: n connections deleted in td_ns, the
 * same deletion of the then empty table in t0_ns (spread_ns: how much
 * that own cost varied between its timings): n / (td - t0) per second
 * into *rate.  0, or -ERANGE when td - t0 <= spread_ns (the deletion is
 * lost in the command's own jitter: nothing measurable), or n is 0.
 */
int stateful_teardown_rate(uint64_t n, uint64_t td_ns, uint64_t t0_ns,
			   uint64_t spread_ns, double *rate);

/* The enumeration of c's Initiator direction (stateful_check passed). */
int stateful_enum_from_cfg(struct stateful_enum *e, const struct cfg *c,
			   uint64_t seed);

#endif /* DUTPERF_STATEFUL_H */

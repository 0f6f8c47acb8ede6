/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_core: the per-frame work of dutperf's hot loops without DPDK, for
 * timing and for instruction counts under valgrind --tool=callgrind.
 *
 *   bench_core CONFIG gen N       frame_gen_next into a ring of 64 buffers
 *   bench_core CONFIG rx N        frame_classify + rxstate_add over 8192
 *                                 pre-generated frames, sequence numbers
 *                                 increasing as in a trial (the window
 *                                 slides)
 *   bench_core CONFIG rxref N     frame_classify_ref alone over the same
 *                                 frames (the reference, no fast path)
 *   bench_core CONFIG rxwide N    rx on the wide path (frame_wide_classify;
 *                                 exit 2 where the CPU has no AVX-512)
 *   bench_core CONFIG pace N      pacer_deadline per frame (the sender's
 *                                 catch-up loop) and pacer_due per call
 *
 * Direction forward of CONFIG.  Prints "key=value" lines: ns per frame
 * (best of 3 passes, CLOCK_MONOTONIC) and a checksum of the outputs so the
 * work cannot be optimised away.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dutperf/cli.h"
#include "dutperf/cfg.h"
#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "dutperf/pacer.h"
#include "dutperf/rxstate.h"

#define BENCH_BUFS 64
#define BENCH_RX_FRAMES 8192
#define BENCH_FRAME_B 1536	/* a pre-generated frame's room: up to 1518 B
				 * (a mix's largest size too) */
#define BENCH_PASSES 3

static double
bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint64_t
bench_gen(struct frame_gen *g, uint64_t n)
{
	static uint8_t buf[BENCH_BUFS][FRAME_MAX_BUF_B];
	uint64_t i, sum = 0;

	for (i = 0; i < n; i++)
		sum += frame_gen_next(g, buf[i & (BENCH_BUFS - 1)], i, i, false);
	return sum + buf[0][20];
}

static uint64_t
bench_rx(const struct frame_cls *k, struct rxstate *st, uint8_t (*frames)[BENCH_FRAME_B],
	 const uint16_t *len, uint64_t n, uint64_t *seq_base)
{
	struct frame_rx_info info;
	uint64_t i, bad = 0;

	for (i = 0; i < n; i++) {
		unsigned int j = i & (BENCH_RX_FRAMES - 1);

		if (frame_classify(k, frames[j], len[j], &info) != FRAME_OURS)
			bad++;
		else
			rxstate_add(st, *seq_base + info.seq, false);
		if (j == BENCH_RX_FRAMES - 1)
			*seq_base += BENCH_RX_FRAMES;
	}
	return bad;
}

#ifdef FRAME_WIDE
/* bench_rx on the wide path (AVX-512, frame_wide_classify): a loop of the
 * wide target of its own. */
static FRAME_WIDE_TARGET __attribute__((noinline)) uint64_t
bench_rxwide(const struct frame_cls *k, struct rxstate *st,
	     uint8_t (*frames)[BENCH_FRAME_B], const uint16_t *len, uint64_t n,
	     uint64_t *seq_base)
{
	struct frame_rx_info info;
	uint64_t i, bad = 0;

	for (i = 0; i < n; i++) {
		unsigned int j = i & (BENCH_RX_FRAMES - 1);

		if (frame_wide_classify(k, frames[j], len[j], &info, 0) != FRAME_OURS)
			bad++;
		else
			rxstate_add(st, *seq_base + info.seq, false);
		if (j == BENCH_RX_FRAMES - 1)
			*seq_base += BENCH_RX_FRAMES;
	}
	return bad;
}
#endif

/* A loop of its own: sharing bench_rx's (a flag or a function pointer)
 * changes how LTO compiles that one by some 25 instructions per frame. */
static __attribute__((noinline)) uint64_t
bench_rxref(const struct frame_cls *k, uint8_t (*frames)[BENCH_FRAME_B],
	    const uint16_t *len, uint64_t n)
{
	struct frame_rx_info info;
	uint64_t i, seqs = 0;

	for (i = 0; i < n; i++) {
		unsigned int j = i & (BENCH_RX_FRAMES - 1);

		if (frame_classify_ref(k, frames[j], len[j], &info) == FRAME_OURS)
			seqs += info.seq;
	}
	return seqs;
}

static uint64_t
bench_pace(const struct pacer *p, uint64_t n)
{
	uint64_t i, sum = 0;

	for (i = 0; i < n; i++)
		sum += pacer_deadline(p, i);
	for (i = 0; i < n; i++)
		sum += pacer_due(p, p->start_tsc + i * 7);
	return sum;
}

int
main(int argc, char **argv)
{
	static struct cfg c;
	static struct frame_gen g;
	static struct frame_cls k;
	static struct frame_spec spec;
	static struct rxstate st;
	static uint8_t frames[BENCH_RX_FRAMES][BENCH_FRAME_B];
	static uint16_t len[BENCH_RX_FRAMES];
	struct pacer p;
	char err[512];
	uint64_t n, out = 0, seq_base = 0, *bits;
	double t0, best = 1e300;
	int pass, i, rc;
	bool rx;

	if (argc != 4) {
		fprintf(stderr, "usage: bench_core CONFIG gen|rx|rxref|rxwide|pace N\n");
		return 2;
	}
	cfg_defaults(&c);
	rc = cfg_load_ini(&c, argv[1], err, sizeof(err));
	if (rc == 0)
		rc = cli_validate(&c, err, sizeof(err));
	if (rc == 0)
		rc = cfg_parse_u64(argv[3], 1, UINT64_MAX, &n, err, sizeof(err));
	if (rc == 0)
		rc = frame_spec_from_cfg(&spec, &c, CFG_FWD, err, sizeof(err));
	if (rc != 0) {
		fprintf(stderr, "bench_core: %s\n", err);
		return 1;
	}
	frame_gen_init(&g, &spec, 1);
	frame_cls_init(&k, &spec);
	if (frame_gen_max_len(&g) > BENCH_FRAME_B) {
		fprintf(stderr, "bench_core: frames above %d bytes\n",
			BENCH_FRAME_B);
		return 1;
	}
	rx = strcmp(argv[2], "rx") == 0 || strcmp(argv[2], "rxref") == 0 ||
	     strcmp(argv[2], "rxwide") == 0;
	if (rx)		/* whole passes over the frames */
		n = (n + BENCH_RX_FRAMES - 1) & ~(uint64_t)(BENCH_RX_FRAMES - 1);
	bits = calloc(RXSTATE_WORDS, sizeof(*bits));
	if (bits == NULL)
		return 1;
	for (i = 0; i < BENCH_RX_FRAMES; i++)
		len[i] = frame_gen_next(&g, frames[i], (uint64_t)i, 1, false);
	rxstate_init(&st, bits);
	pacer_init(&p, 1000, 2500000000u, 1000003, UINT64_MAX);

	for (pass = 0; pass < BENCH_PASSES; pass++) {
		t0 = bench_now_ns();
		if (strcmp(argv[2], "gen") == 0)
			out += bench_gen(&g, n);
		else if (strcmp(argv[2], "rx") == 0)
			out += bench_rx(&k, &st, frames, len, n, &seq_base);
		else if (strcmp(argv[2], "rxref") == 0)
			out += bench_rxref(&k, frames, len, n);
#ifdef FRAME_WIDE
		else if (strcmp(argv[2], "rxwide") == 0 && frame_wide_ok())
			out += bench_rxwide(&k, &st, frames, len, n, &seq_base);
#endif
		else if (strcmp(argv[2], "pace") == 0)
			out += bench_pace(&p, n);
		else
			return 2;
		t0 = bench_now_ns() - t0;
		best = t0 < best ? t0 : best;
	}
	printf("%s_ns_per_frame=%.2f\n", argv[2], best / (double)n);
	printf("%s_check=%" PRIu64 "\n", argv[2], out);
	if (strcmp(argv[2], "rx") == 0 || strcmp(argv[2], "rxwide") == 0)
		printf("rx_received=%" PRIu64 " rx_duplicates=%" PRIu64 "\n",
		       st.c.received, st.c.duplicates);
	free(bits);
	return 0;
}

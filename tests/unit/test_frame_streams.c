/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_frame_streams: the generator's and the classifier's output for a
 * set of configurations against tests/data/golden/frame_streams.txt, a
 * fixture written by the code before struct frame_spec (commit "test:
 * frame streams fixture").  Per case: digests (FNV-1a 64) of the
 * generator and classifier state right after init, of the first 1000
 * frames of frame_gen_next (every 100 frames, cumulative), of the same
 * run through frame_gen_patch where patchable, and of what
 * frame_classify and frame_classify_ref make of each frame.  Any change
 * of a byte anywhere changes a line.
 *
 * DUTPERF_STREAMS_WRITE=PATH writes the fixture to PATH instead.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/cli.h"
#include "dutperf/frame.h"
#include "dutperf/frame_fast.h"
#include "../data/golden/golden_cases.h"

#define STREAM_FRAMES 1000
#define STREAM_STEP 100
#define STREAM_BURST 37		/* patch bursts: not a divisor of 1000 */
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

struct stream_case {
	const char *name;
	uint8_t left_v, right_v;
	uint32_t size_b;
	enum cfg_dir_id dir;
	uint32_t n, m;
	uint16_t nets;
	bool promisc;
	struct cfg_var sport, dport, src_slice, dst_slice;
	uint16_t sport_fixed, dport_fixed;
	uint64_t seed;
};

static const struct stream_case cases[] = {
	{ "ipv4_rand_nets", 4, 4, 128, CFG_FWD, 2, 2, 4, true,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 2, 1001 }, { CFG_VAR_FIXED, 0, 65535 }, 0, 0, 1 },
	{ "ipv4_bg", 4, 4, 128, CFG_REV, 3, 2, 4, true,
	  { CFG_VAR_INCREASING, 65530, 65535 }, { CFG_VAR_DECREASING, 1, 3 },
	  { CFG_VAR_RANDOM, 10, 20 }, { CFG_VAR_FIXED, 0, 65535 }, 0, 0, 2 },
	{ "ipv6_slices", 6, 6, 84, CFG_FWD, 2, 2, 3, true,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 0, 65535 }, { CFG_VAR_RANDOM, 7, 9 }, 0, 0, 3 },
	{ "siit_fwd_bg", 6, 4, 84, CFG_FWD, 10, 7, 5, false,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 100, 200 }, { CFG_VAR_FIXED, 0, 3 }, 0, 0, 4 },
	{ "siit_rev_bg", 6, 4, 1518, CFG_REV, 3, 1, 1, false,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_INCREASING, 1, 49151 },
	  { CFG_VAR_DECREASING, 10, 20 }, { CFG_VAR_FIXED, 0, 0 }, 0, 0, 5 },
	{ "siit_4to6", 4, 6, 128, CFG_FWD, 2, 1, 1, true,
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_RANDOM, 5, 6 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_RANDOM, 3, 300 }, 4000, 7, 6 },
	{ "ipv4_fixed", 4, 4, 64, CFG_REV, 1, 1, 1, true,
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 }, 1234, 5678, 7 },
	{ "ipv4_ports", 4, 4, 64, CFG_FWD, 2, 2, 1, true,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 }, 0xC020, 53, 8 },
	{ "ipv6_generic_patch", 6, 6, 256, CFG_REV, 1, 1, 8, true,
	  { CFG_VAR_DECREASING, 100, 200 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_INCREASING, 65000, 65535 }, { CFG_VAR_RANDOM, 0, 65535 },
	  0, 0, 9 },
	{ "siit_ports_patch", 6, 4, 84, CFG_FWD, 1, 1, 1, false,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 }, 0, 0, 10 },
	{ "ipv4_jumbo_nets", 4, 4, 9000, CFG_FWD, 5, 3, 100, false,
	  { CFG_VAR_RANDOM, 1024, 65535 }, { CFG_VAR_RANDOM, 1, 49151 },
	  { CFG_VAR_RANDOM, 1, 65535 }, { CFG_VAR_FIXED, 0, 0 }, 0, 0, 11 },
	{ "ipv6_odd_rev", 6, 6, 91, CFG_REV, 1, 1, 1, false,
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 },
	  { CFG_VAR_FIXED, 0, 0 }, { CFG_VAR_FIXED, 0, 0 }, 0xC020, 7, 12 },
};
#define CASE_NB (sizeof(cases) / sizeof(cases[0]))

static uint8_t buf[FRAME_MAX_BUF_B];
static uint8_t pool[STREAM_BURST][FRAME_MAX_BUF_B];

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ b[i]) * FNV_PRIME;
	return h;
}

static void
case_cfg(struct cfg *c, const struct stream_case *s)
{
	struct cfg_dir *d = &c->dir[s->dir];

	golden_cfg_valid(c);
	c->side[CFG_LEFT].ip_version = s->left_v;
	c->side[CFG_RIGHT].ip_version = s->right_v;
	c->side[cfg_rx_side(s->dir)].num_nets = s->nets;
	c->frame_size_b = s->size_b;
	c->jumbo = s->size_b > CFG_MAX_FRAME_B;
	c->n = s->n;
	c->m = s->m;
	c->promisc = s->promisc;
	d->sport = s->sport;
	d->dport = s->dport;
	d->src_slice = s->src_slice;
	d->dst_slice = s->dst_slice;
	if (s->sport_fixed)
		d->sport_fixed = s->sport_fixed;
	if (s->dport_fixed)
		d->dport_fixed = s->dport_fixed;
}

/* The generator and the classifier of case s: the one place that knows
 * how they are made. */
static void
case_init(struct frame_gen *g, struct frame_cls *k, const struct stream_case *s)
{
	char err[CFG_ERR_LEN] = "";
	struct frame_spec spec;
	struct cfg c;

	case_cfg(&c, s);
	if (cli_validate(&c, err, sizeof(err)) != 0 ||
	    frame_spec_from_cfg(&spec, &c, s->dir, err, sizeof(err)) != 0)
		fail_msg("%s: %s", s->name, err);
	frame_gen_init(g, &spec, s->seed);
	frame_cls_init(k, &spec);
}

/* What the classifier says of frame b: verdict and info. */
static uint64_t
verdicts(uint64_t h, const struct frame_cls *k, const uint8_t *b, size_t len)
{
	struct frame_rx_info info;
	uint8_t kind;

	memset(&info, 0, sizeof(info));
	kind = (uint8_t)frame_classify(k, b, len, &info);
	h = fnv(h, &kind, 1);
	if (kind == FRAME_OURS)
		h = fnv(fnv(fnv(h, &info.seq, 8), &info.ts, 8), &info.trial_id, 1);
	memset(&info, 0, sizeof(info));
	kind = (uint8_t)frame_classify_ref(k, b, len, &info);
	h = fnv(h, &kind, 1);
	if (kind == FRAME_OURS)
		h = fnv(fnv(h, &info.seq, 8), &info.ts, 8);
	return h;
}

/* One line of the fixture, written or compared. */
static void
line(FILE *f, const char *name, const char *what, unsigned int i, uint64_t h,
     unsigned int *bad)
{
	char want[128], got[128];

	snprintf(want, sizeof(want), "%s %s %u %016" PRIx64 "\n", name, what, i, h);
	if (getenv("DUTPERF_STREAMS_WRITE")) {
		fputs(want, f);
		return;
	}
	if (fgets(got, sizeof(got), f) == NULL)
		snprintf(got, sizeof(got), "(end of fixture)\n");
	if (strcmp(want, got) != 0 && (*bad)++ < 10)
		print_error("fixture: %sbuilt:   %s", got, want);
}

static void
stream_one(FILE *f, const struct stream_case *s, unsigned int *bad)
{
	uint64_t hg = FNV_OFFSET, hv = FNV_OFFSET, hp = FNV_OFFSET;
	struct frame_gen g, pg;
	struct frame_cls k;
	uint8_t *bufs[STREAM_BURST];
	unsigned int i, j;

	case_init(&g, &k, s);
	line(f, s->name, "gen_state", 0, fnv(FNV_OFFSET, &g, sizeof(g)), bad);
	line(f, s->name, "cls_state", 0, fnv(FNV_OFFSET, &k, sizeof(k)), bad);
	frame_gen_set_trial(&g, (uint8_t)(s->seed + 20));
	memset(buf, 0, sizeof(buf));
	for (i = 0; i < STREAM_FRAMES; i++) {
		uint16_t len = frame_gen_next(&g, buf, 3 * (uint64_t)i + s->seed,
					      ~(uint64_t)i << 8, i % 3 == 0);

		hg = fnv(fnv(hg, &len, 2), buf, len);
		hv = verdicts(hv, &k, buf, len);
		if ((i + 1) % STREAM_STEP == 0) {
			line(f, s->name, "next", i + 1, hg, bad);
			line(f, s->name, "classify", i + 1, hv, bad);
		}
	}
	if (!frame_gen_patchable(&g))
		return;
	/* the sender's way: a pool prefilled once, then patched bursts */
	case_init(&pg, &k, s);
	frame_gen_set_trial(&pg, (uint8_t)(s->seed + 20));
	for (j = 0; j < STREAM_BURST; j++) {
		bufs[j] = pool[j];
		memset(pool[j], 0, frame_gen_max_len(&pg));
		frame_gen_next(&pg, pool[j], j, 0, false);
	}
	for (i = 0; i < STREAM_FRAMES; i += STREAM_BURST) {
		unsigned int n = STREAM_FRAMES - i < STREAM_BURST ?
				 STREAM_FRAMES - i : STREAM_BURST;

		frame_gen_patch(&pg, bufs, n, 5 * (uint64_t)i, (uint64_t)i << 16,
				0x5555555555ull >> (i % 7));
		for (j = 0; j < n; j++)
			hp = fnv(hp, bufs[j], pg.fg.len);
		line(f, s->name, "patch", i + n, hp, bad);
	}
}

static void
streams(void **state)
{
	const char *out = getenv("DUTPERF_STREAMS_WRITE");
	char path[1024];
	unsigned int bad = 0;
	size_t i;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/golden/frame_streams.txt", TEST_DATA_DIR);
	f = fopen(out ? out : path, out ? "w" : "r");
	if (f == NULL)
		fail_msg("%s: cannot open", out ? out : path);
	for (i = 0; i < CASE_NB; i++)
		stream_one(f, &cases[i], &bad);
	if (!out && fgets(path, sizeof(path), f) != NULL)
		fail_msg("fixture longer than the cases: %s", path);
	fclose(f);
	if (bad)
		fail_msg("%u lines differ from %s", bad, path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(streams),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

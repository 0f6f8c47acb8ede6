/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_engine: one dutperf trial (src/dpdk trial.c, engine.c, port.c,
 * compiled in unchanged) on net_null ports, forward only, the sender on
 * lcore 1 and the receiver on lcore 0, measured from inside.
 *
 *   bench_engine [EAL] -- rx CONFIG SECONDS
 *	The receiver's capacity.  net_null RX hands out mbufs of the receive
 *	pool without writing them (copy=0), so every mbuf of that pool is
 *	pre-written with a valid forward test frame of the coming trial
 *	(sequence number = object index, so after the first 8191 frames
 *	rxstate counts duplicates: the same branch-free path).  The engine
 *	receives, classifies, accounts and frees exactly as in any trial, as
 *	fast as it can, for SECONDS.  testpmd --forward-mode=rxonly on the
 *	same device pays the same RX and free, without the classification.
 *	Printed: frames per second of the trial's time (rx_fps) and of the
 *	receiving thread's CPU time (rx_fps_cpu, which other work on a busy
 *	machine does not lower: for comparing builds there).
 *   bench_engine [EAL] -- tx CONFIG RATE_FPS SECONDS BURST
 *	The sender.  A TX callback reads the sequence number and the TSC stamp
 *	the sender wrote into every frame (the TSC of the burst's deadline
 *	check) and stores them; printed are the achieved rate between the
 *	first and last stamp, the departure lag behind the exact schedule and
 *	the inter-departure error against it.  A RATE_FPS far above the
 *	sender's capacity gives its saturated capacity (frames / time).
 *   bench_engine [EAL] -- cap CONFIG RATE_FPS SECONDS BURST
 *	As tx without the callback (nothing added to the sender's work):
 *	the saturated capacity, sent frames / (last - first burst TSC).
 *
 * EAL: -l 0-1 --vdev=net_null0,size=60,no-rx=1 --vdev=net_null1,size=60
 * (size = 64-byte frames without FCS).  Output: "key=value" lines for
 * scripts/bench.sh; method and figures in docs/performance.md.
 */
#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "trial.h"

#define BENCH_ERR_LEN 512

static int
bench_load(struct cfg *c, const char *path, char *err, size_t err_len)
{
	int rc;

	cfg_defaults(c);
	rc = cfg_load_ini(c, path, err, err_len);
	if (rc == 0)
		rc = cli_validate(c, err, err_len);
	/* seed 1, forward only: the sender on lcore 1, the receiver on
	 * lcore 0 */
	c->seed = 1;
	c->direction = CFG_DIRECTION_FORWARD;
	c->side[CFG_LEFT].send_lcore = 1;
	c->side[CFG_RIGHT].recv_lcore = 0;
	c->timeout_ms = 0;
	return rc;
}

/* ---- receiver ---- */

/* Write one valid forward test frame into an mbuf of the RX pool. */
static void
bench_fill_rx(struct rte_mempool *mp, void *opaque, void *obj, unsigned int idx)
{
	struct frame_gen *g = opaque;
	struct rte_mbuf *m = obj;

	(void)mp;
	frame_gen_next(g, (uint8_t *)m->buf_addr + RTE_PKTMBUF_HEADROOM, idx,
		       idx, false);
}

/* The forward generator of c, as a trial makes it (seed 1). */
static int
bench_fwd_gen(struct frame_gen *g, const struct cfg *c, char *err,
	      size_t err_len)
{
	struct frame_spec s;
	int rc = frame_spec_from_cfg(&s, c, CFG_FWD, err, err_len);

	if (rc == 0)
		frame_gen_init(g, &s, 1);
	return rc;
}

/*
 * One trial (trial.c, as dutperf runs it) whose receiver is fed by net_null
 * from a pool of valid frames: it receives for the whole trial, since the
 * 8191 distinct sequence numbers never reach the planned count.
 */
static int
bench_rx(struct cfg *c, uint32_t seconds, char *err, size_t err_len)
{
	static struct trial_ctx t;
	struct trial_spec spec;
	struct report_trial r;
	const struct engine_rx *rx;
	struct frame_gen g;
	char why[256];
	struct timespec cpu0, cpu1;
	uint64_t frames, ticks;
	double cpu_s;
	int k, rc;

	c->rate_fps = 10000;	/* planned > the pool's sequence numbers */
	c->duration_s = seconds;
	rc = trial_ctx_init(&t, c, err, err_len);
	if (rc == 0)
		rc = bench_fwd_gen(&g, c, err, err_len);
	if (rc != 0)
		return rc;
	frame_gen_set_trial(&g, trial_next_id(&t));
	rte_mempool_obj_iter(t.port[CFG_RIGHT].rx_pool, bench_fill_rx, &g);
	trial_spec_from_cfg(&spec, c, c->rate_fps);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
	rc = trial_run(&t, &spec, &r, why, sizeof(why), err, err_len);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
	if (rc != 0)
		return rc;
	rx = &t.rx[CFG_FWD];
	frames = rx->state.c.received + rx->state.c.duplicates +
		 rx->state.c.late + rx->state.c.old + rx->state.c.beyond +
		 rx->stale;
	printf("rx_ours=%" PRIu64 "\n", frames);
	/* how many distinct mbufs net_null handed out (the pool's per-lcore
	 * cache recycles the same few: every other one is a duplicate) */
	printf("rx_distinct=%" PRIu64 "\n", rx->state.c.received);
	for (k = 0; k < FRAME_KIND_COUNT; k++)
		frames += rx->kinds[k];
	ticks = rx->last_tsc - t.tx[CFG_FWD].pacer.start_tsc;
	printf("rx_frames=%" PRIu64 "\n", frames);
	printf("rx_seconds=%.6f\n", (double)ticks / (double)t.hz);
	printf("rx_fps=%.0f\n", (double)frames * (double)t.hz / (double)ticks);
	/* the receiver runs on the main lcore (0), this thread: its frames
	 * per second of CPU time, which preemption by other work on a busy
	 * machine does not lower (the trial's setup is in it too) */
	cpu_s = (double)(cpu1.tv_sec - cpu0.tv_sec) +
		(double)(cpu1.tv_nsec - cpu0.tv_nsec) * 1e-9;
	printf("rx_cpu_seconds=%.6f\n", cpu_s);
	printf("rx_fps_cpu=%.0f\n", cpu_s > 0 ? (double)frames / cpu_s : 0.0);
	trial_ctx_fini(&t);
	return 0;
}

/* ---- sender ---- */

struct bench_stamps {
	uint64_t *ts;		/* TSC stamp of frame seq */
	uint64_t total;
	uint64_t seen;
	uint16_t stamp_off;	/* offset of the stamp in the frame */
};

/* A 64-bit big-endian stamp field, unaligned. */
static uint64_t
bench_get64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return rte_be_to_cpu_64(v);
}

static uint16_t
bench_tx_cb(uint16_t port_id, uint16_t queue, struct rte_mbuf **pkts,
	    uint16_t nb, void *user)
{
	struct bench_stamps *s = user;
	uint16_t i;

	(void)port_id;
	(void)queue;
	for (i = 0; i < nb; i++) {
		const uint8_t *st = rte_pktmbuf_mtod(pkts[i], const uint8_t *) +
				    s->stamp_off;
		uint64_t seq = bench_get64(st + 2);

		if (seq < s->total) {
			s->ts[seq] = bench_get64(st + 10);
			s->seen++;
		}
	}
	return nb;
}

static int
bench_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static double
bench_pct_ns(const uint64_t *sorted, uint64_t n, double pct, uint64_t hz)
{
	uint64_t i = (uint64_t)(pct / 100.0 * (double)(n - 1) + 0.5);

	return (double)sorted[i] * 1e9 / (double)hz;
}

/* Departure figures from the stamps of frames 0..n-1 (all seen). */
static void
bench_tx_report(const struct pacer *pc, const uint64_t *ts, uint64_t n,
		uint64_t rate_fps, uint64_t hz)
{
	uint64_t *err = malloc(n * sizeof(*err));
	uint64_t *lag = malloc(n * sizeof(*lag));
	uint64_t i;
	int64_t gap, ideal;
	double achieved;

	if (err == NULL || lag == NULL || n < 3) {
		free(err);
		free(lag);
		return;
	}
	for (i = 0; i < n; i++)
		lag[i] = pacer_lag(pc, i, ts[i]);
	for (i = 1; i < n; i++) {
		/* signed: a stamp may be up to 3 ticks lower than the one
		 * before (frame_gen_next's checksum-zero avoidance) */
		gap = (int64_t)(ts[i] - ts[i - 1]);
		ideal = (int64_t)(pacer_deadline(pc, i) -
				  pacer_deadline(pc, i - 1));
		err[i - 1] = (uint64_t)(gap > ideal ? gap - ideal : ideal - gap);
	}
	achieved = (double)(n - 1) * (double)hz / (double)(ts[n - 1] - ts[0]);
	printf("tx_achieved_fps=%.3f\n", achieved);
	printf("tx_accuracy=%.8f\n", achieved / (double)rate_fps);
	qsort(err, n - 1, sizeof(*err), bench_cmp_u64);
	qsort(lag, n, sizeof(*lag), bench_cmp_u64);
	printf("tx_ipd_err_p50_ns=%.1f\n", bench_pct_ns(err, n - 1, 50, hz));
	printf("tx_ipd_err_p99_ns=%.1f\n", bench_pct_ns(err, n - 1, 99, hz));
	printf("tx_ipd_err_max_ns=%.1f\n", bench_pct_ns(err, n - 1, 100, hz));
	printf("tx_lag_p50_ns=%.1f\n", bench_pct_ns(lag, n, 50, hz));
	printf("tx_lag_p99_ns=%.1f\n", bench_pct_ns(lag, n, 99, hz));
	printf("tx_lag_max_ns=%.1f\n", bench_pct_ns(lag, n, 100, hz));
	free(err);
	free(lag);
}

/*
 * One trial (trial.c) at rate_fps into net_null, every frame's stamp read
 * back by a TX callback.  The lag limit is lifted: we measure, not judge.
 */
static int
bench_tx(struct cfg *c, uint64_t rate_fps, uint32_t seconds, uint16_t burst,
	 bool stamps, char *err, size_t err_len)
{
	static struct trial_ctx t;
	struct trial_spec spec;
	struct report_trial r;
	const struct engine_tx *tx;
	struct bench_stamps s;
	const struct rte_eth_rxtx_callback *cb;
	char why[256];
	uint64_t span;
	int rc;

	c->duration_s = seconds;
	c->burst = burst;
	c->max_lag_us = UINT32_MAX;
	rc = trial_ctx_init(&t, c, err, err_len);
	if (rc != 0)
		return rc;
	memset(&s, 0, sizeof(s));
	s.total = stamps ? pacer_total(rate_fps, seconds) : 0;
	s.ts = malloc((s.total ? s.total : 1) * sizeof(*s.ts));
	if (s.ts == NULL)
		return -ENOMEM;
	/* touched now: no page faults in the callback during the trial */
	memset(s.ts, 0, (s.total ? s.total : 1) * sizeof(*s.ts));
	/* the stamp offset of a forward frame, from a generator as the trial's */
	{
		struct frame_gen g;

		rc = bench_fwd_gen(&g, c, err, err_len);
		if (rc != 0)
			return rc;
		s.stamp_off = g.fg.stamp_off;
		/* bench_tx_cb reads the full stamp's 64-bit fields */
		if (stamps && g.fg.compact) {
			snprintf(err, err_len,
				 "TX stamps need the full stamp: frames of at least 84 bytes");
			return -EINVAL;
		}
	}
	cb = stamps ? rte_eth_add_tx_callback(t.port[CFG_LEFT].id, 0,
					      bench_tx_cb, &s) : NULL;
	if (stamps && cb == NULL) {
		snprintf(err, err_len, "cannot add a TX callback: %s",
			 rte_strerror(rte_errno));
		free(s.ts);
		return -ENOTSUP;
	}
	trial_spec_from_cfg(&spec, c, rate_fps);
	rc = trial_run(&t, &spec, &r, why, sizeof(why), err, err_len);
	if (rc != 0)
		return rc;
	tx = &t.tx[CFG_FWD];
	span = tx->last_tsc - tx->first_tsc;
	printf("tx_requested_fps=%" PRIu64 "\n", rate_fps);
	printf("tx_planned=%" PRIu64 "\n", tx->pacer.total);
	printf("tx_sent=%" PRIu64 "\n", tx->sent);
	printf("tx_stamped=%" PRIu64 "\n", s.seen);
	/* first_tsc: first deadline check; last_tsc: after the last burst */
	printf("tx_capacity_fps=%.0f\n",
	       span ? (double)tx->sent * (double)t.hz / (double)span : 0.0);
	printf("tx_max_lag_ns=%" PRIu64 "\n",
	       pacer_ticks_to_ns(tx->max_lag_tsc, t.hz));
	if (stamps && s.seen == s.total && tx->sent == s.total)
		bench_tx_report(&tx->pacer, s.ts, s.total, rate_fps, t.hz);
	if (cb != NULL)
		rte_eth_remove_tx_callback(t.port[CFG_LEFT].id, 0, cb);
	free(s.ts);
	trial_ctx_fini(&t);
	return 0;
}

static int
bench_u64(const char *s, uint64_t max, uint64_t *out)
{
	char err[128];

	return cfg_parse_u64(s, 1, max, out, err, sizeof(err));
}

int
main(int argc, char **argv)
{
	static struct cfg c;
	char err[BENCH_ERR_LEN] = "";
	uint64_t rate, secs, burst;
	int n, rc = -EINVAL;

	n = rte_eal_init(argc, argv);
	if (n < 0) {
		fprintf(stderr, "bench_engine: EAL init failed\n");
		return 1;
	}
	argc -= n;
	argv += n;
	if (argc >= 4 && strcmp(argv[1], "rx") == 0) {
		rc = bench_load(&c, argv[2], err, sizeof(err));
		if (rc == 0 && bench_u64(argv[3], 3600, &secs)) {
			snprintf(err, sizeof(err), "bad SECONDS");
			rc = -EINVAL;
		}
		if (rc == 0)
			rc = bench_rx(&c, (uint32_t)secs, err, sizeof(err));
	} else if (argc >= 6 && (strcmp(argv[1], "tx") == 0 ||
				 strcmp(argv[1], "cap") == 0)) {
		rc = bench_load(&c, argv[2], err, sizeof(err));
		if (rc == 0 && (bench_u64(argv[3], 1000000000, &rate) ||
				bench_u64(argv[4], 3600, &secs) ||
				bench_u64(argv[5], ENGINE_MAX_BURST, &burst))) {
			snprintf(err, sizeof(err), "bad RATE_FPS SECONDS BURST");
			rc = -EINVAL;
		}
		if (rc == 0)
			rc = bench_tx(&c, rate, (uint32_t)secs, (uint16_t)burst,
				      argv[1][0] == 't', err, sizeof(err));
	} else {
		snprintf(err, sizeof(err), "usage: bench_engine [EAL] -- rx "
			 "CONFIG SECONDS | tx|cap CONFIG RATE_FPS SECONDS BURST");
	}
	if (rc != 0)
		fprintf(stderr, "bench_engine: %s\n", err);
	rte_eal_cleanup();
	return rc == 0 ? 0 : 1;
}

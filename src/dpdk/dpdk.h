/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The thin DPDK layer of dutperf: ports (port_), the per-lcore burst loops
 * (engine_), one elementary trial (trial_), run records (runinfo_) and the
 * modes (mode_).  Everything computable without a NIC lives in the core
 * library; this layer only moves bursts and reads clocks.
 */
#ifndef DUTPERF_DPDK_H
#define DUTPERF_DPDK_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "dutperf/cfg.h"
#include "dutperf/cli.h"
#include "dutperf/csv.h"
#include "dutperf/delay.h"
#include "dutperf/frame.h"
#include "dutperf/pacer.h"
#include "dutperf/report.h"
#include "dutperf/rxstate.h"
#include "dutperf/verdict.h"

/* Exit statuses (README "Exit codes"). */
enum {
	EXIT_OK = 0,
	EXIT_RUNTIME = 1,
	EXIT_USAGE = 2,
	EXIT_SIGNAL_BASE = 128,	/* + signal number, like a shell */
};

#define ENGINE_MAX_BURST CFG_MAX_BURST
#define ENGINE_LATE_GRACE_MS 100	/* at most; min(this, timeout) */
#define ENGINE_ERR_LEN 512

/* Set by the signal handler; the only variable shared between lcores. */
extern volatile sig_atomic_t engine_stop;

/* ---- ports ---- */

struct port_ctx {
	uint16_t id;
	bool started;
	int socket;
	struct rte_mempool *rx_pool;
	struct rte_mempool *tx_pool;
	char driver[64];
	char name[64];
};

int port_setup(struct port_ctx *p, uint16_t port_id, const char *side,
	       const struct cfg *c, char *err, size_t err_len);
int port_wait_link(struct port_ctx *p, const char *side, const struct cfg *c,
		   char *err, size_t err_len);
void port_teardown(struct port_ctx *p);

/* ---- engine: sender and receiver state, one writer each ---- */

struct engine_tx {
	/* read-only during a trial */
	uint16_t port_id;
	struct rte_mempool *pool;
	uint16_t burst;
	uint64_t lag_limit_tsc;		/* behind more than this: stop, invalid */
	struct pacer pacer;
	/* written by the sending lcore only */
	struct frame_gen gen;
	uint64_t seq;			/* next sequence number */
	uint64_t next_deadline;		/* TSC when the next burst is due */
	uint64_t sent;
	uint64_t max_lag_tsc;
	uint64_t max_lag_seq;		/* first frame of the worst burst */
	/* latency mode: tagged frames (read-only list, one writer of tx times) */
	const uint64_t *tag_seq;	/* sequence numbers to tag, ascending */
	uint32_t nb_tags, next_tag;
	uint64_t next_tag_seq;		/* UINT64_MAX: no more */
	uint64_t *tag_tx_tsc;		/* TSC right after tx_burst returned */
	uint64_t *tag_pre_tsc;		/* TSC right before tx_burst was called */
	/* test aid: a faulty wire (see engine.c tx_inject) */
	bool inject;
	uint32_t drop_every, drop_count, dup_every, dup_count;
	uint64_t injected_drops, injected_dups;
	uint64_t first_tsc;		/* when the first burst was built */
	uint64_t last_tsc;		/* when it finished (bench_engine) */
	uint64_t last_burst_tsc;	/* when the last burst was built ... */
	uint64_t last_burst_seq;	/* ... and its first frame */
	bool aborted;			/* stopped behind schedule */
	bool done;
	bool prefilled;			/* pool holds this trial's frames */
} __rte_cache_aligned;

struct engine_rx {
	/* read-only during a trial */
	uint16_t port_id;
	uint8_t trial_id;
	uint64_t planned;
	uint64_t deadline_tsc;		/* end of sending + timeout */
	uint64_t late_until_tsc;	/* + grace: later frames are not seen */
	struct frame_cls cls;
	bool need_delay;		/* pdv or a per-frame timeout */
	uint64_t frame_timeout_tsc;	/* 0: off */
	struct delay_tsc_scale scale;
	const uint64_t *tag_seq;	/* latency mode, as in engine_tx */
	uint32_t nb_tags;
	/* written by the receiving lcore only */
	struct delay_hist *hist;	/* pdv: delay of every received frame;
					 * NULL: not pdv */
	struct delay_ipdv *ipdv;
	uint64_t *tag_rx_tsc;		/* TSC right after rx_burst, 0 = lost */
	struct rxstate st;
	uint64_t kinds[FRAME_KIND_COUNT];
	uint64_t stale;			/* ours, from an earlier trial */
	uint64_t last_tsc;		/* when it finished (bench_engine) */
	bool done;
} __rte_cache_aligned;

#define ENGINE_MAX_ROLES 4

/* One lcore's work: any mix of senders and receivers (see docs). */
struct engine_lcore {
	unsigned int lcore_id;
	unsigned int nb_tx, nb_rx;
	struct engine_tx *tx[ENGINE_MAX_ROLES];
	struct engine_rx *rx[ENGINE_MAX_ROLES];
	uint64_t start_tsc;
} __rte_cache_aligned;

/* Runs the lcore's roles until all are done or engine_stop is set. */
int engine_lcore_main(void *arg);
/* Before each trial, after the generator is set up: see engine.c. */
void engine_tx_prefill(struct engine_tx *t);

/* ---- trial ---- */

/* "left", "right" and "forward", "reverse": for messages and run.json. */
extern const char *const trial_side_name[CFG_NB_SIDES];
extern const char *const trial_dir_name[CFG_NB_DIRS];

struct trial_ctx {
	const struct cfg *cfg;		/* its seed seeds every trial */
	uint64_t hz;
	uint32_t trials_run;		/* see trial_next_id */
	uint32_t drop_every, dup_every;	/* test aids, 0 = off */
	struct port_ctx port[CFG_NB_SIDES];
	struct frame_spec spec[CFG_NB_DIRS];	/* of the active directions */
	struct engine_tx tx[CFG_NB_DIRS];
	struct engine_rx rx[CFG_NB_DIRS];
	uint64_t *bits[CFG_NB_DIRS];
	/* latency mode (trial_enable_latency) */
	uint32_t nb_tags;
	uint64_t *tag_seq[CFG_NB_DIRS], *tag_tx[CFG_NB_DIRS], *tag_rx[CFG_NB_DIRS];
	uint64_t *tag_pre[CFG_NB_DIRS];
	/* pdv mode (trial_enable_pdv) */
	struct delay_hist *hist[CFG_NB_DIRS];
	struct delay_ipdv *ipdv[CFG_NB_DIRS];
	struct engine_lcore lcores[2 * CFG_NB_DIRS];
	unsigned int nb_lcores;
};

/* The trial id (in every test frame) of the next trial_run. */
static inline uint8_t
trial_next_id(const struct trial_ctx *t)
{
	return (uint8_t)(t->trials_run % (FRAME_TRIAL_ID_MAX + 1));
}

/* Ports, pools and lcore checks; err names the offending key. */
int trial_ctx_init(struct trial_ctx *t, const struct cfg *c, char *err,
		   size_t err_len);
void trial_ctx_fini(struct trial_ctx *t);

/* Latency mode: tag nb_tags frames per direction in every following trial,
 * spread evenly after lat_delay_s; stamps land in t->tag_tx / t->tag_rx. */
int trial_enable_latency(struct trial_ctx *t, uint32_t nb_tags, char *err,
			 size_t err_len);
/* PDV mode: every received frame's delay into t->hist and t->ipdv. */
int trial_enable_pdv(struct trial_ctx *t, char *err, size_t err_len);

/*
 * One elementary trial at rate_fps per active direction.  Fills *out (the
 * trials.csv row without search numbers); why receives the verdict's
 * reason.  Returns 0 when the trial ran (whatever its verdict), -errno on
 * a runtime error.
 */
int trial_run(struct trial_ctx *t, uint64_t rate_fps, struct report_trial *out,
	      char *why, size_t why_len, char *err, size_t err_len);

/* Human summary of one trial on f. */
void trial_print(FILE *f, const struct report_trial *r);

/* Sleep ms milliseconds, returning early when engine_stop is set. */
void trial_sleep_ms(uint32_t ms);

/* ---- modes ---- */

struct mode_env {
	const struct cli *cli;
	const struct cfg *cfg;
	struct trial_ctx *trial;
	time_t start;
};

int mode_trial(struct mode_env *env, char *err, size_t err_len);
int mode_throughput(struct mode_env *env, char *err, size_t err_len);
int mode_latency(struct mode_env *env, char *err, size_t err_len);
int mode_pdv(struct mode_env *env, char *err, size_t err_len);
int mode_loss(struct mode_env *env, char *err, size_t err_len);

/* [search] rate_max_fps, or the line rate of the larger frame size. */
uint64_t mode_max_rate_fps(const struct cfg *c);

/* Open OUTDIR/trials.csv and the mode's own result file; on failure
 * nothing stays open.  0 or -errno. */
int mode_open_results(const struct cfg *c, struct csv_file *trials,
		      const char *name, const char *header, struct csv_file *out,
		      char *err, size_t err_len);

/* rc of a report_*_row() call: 0 when the row fitted, else rc with
 * "FILE row too long" in err. */
int mode_row_check(int rc, const char *file, char *err, size_t err_len);

/* Run one trial at rate_fps and append its trials.csv row (search_no and
 * iteration as given).  0 or -errno. */
int mode_run_trial(const struct mode_env *env, struct csv_file *trials,
		   uint64_t rate_fps, uint32_t search_no, uint32_t iteration,
		   struct report_trial *r, char *why, size_t why_len, char *err,
		   size_t err_len);

#define MODE_METRICS 2

/*
 * A measuring mode (latency, pdv): --repeat trials at rate_fps, each
 * followed by the mode's row in its own CSV file, then the RFC 8219
 * summary of up to MODE_METRICS values per direction.
 */
struct mode_measure {
	const char *name;		/* "latency" */
	const char *file, *header;	/* its CSV file */
	const char *metric[MODE_METRICS];	/* summarised values, NULL: none */
	/* After a trial that ran: the row of the run (its common columns
	 * in *run) into row, and its metric values per direction (NaN: no
	 * value). */
	int (*row)(const struct mode_env *env, const struct report_run *run,
		   const struct report_trial *r, char *row, size_t len,
		   double value[CFG_NB_DIRS][MODE_METRICS], char *err,
		   size_t err_len);
};

int mode_measure(struct mode_env *env, const struct mode_measure *m, char *err,
		 size_t err_len);

/* ---- run record ---- */

/* Open OUTDIR/name for appending (header NULL: none). */
int runinfo_open_csv(const struct cfg *c, const char *name, const char *header,
		     struct csv_file *f, char *err, size_t err_len);

/* Append one JSON line describing the run to OUTDIR/run.json. */
int runinfo_append(const struct mode_env *env, time_t end, const char *result,
		   char *err, size_t err_len);

#endif /* DUTPERF_DPDK_H */

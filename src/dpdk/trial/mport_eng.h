/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mport_eng: one N-port trial on DPDK ports (mport.h's plan in, its
 * struct mport_result out).  Ports 0 and 1 are the trial context's
 * ([left], [right], set up by trial_ctx_init); ports 2.. ([portK]) are
 * set up here with port_setup.  Every port in promiscuous mode: the
 * receivers count what arrives (RFC 2889 flood count), whatever its MAC.
 *
 * A trial: the learning phase on the main lcore (each learning stream
 * paced at its rate, then [traffic] learning_wait_s, receiving all the
 * while), then the test phase: each lcore named by a port's send_lcore /
 * recv_lcore runs the senders and receivers given to it (one lcore may
 * serve several ports, both ways); single writer per lcore.  Receivers
 * go on until the sending end + [traffic] timeout_ms.
 */
#ifndef DUTPERF_MPORT_ENG_H
#define DUTPERF_MPORT_ENG_H

#include <stdint.h>

#include "dutperf/mport.h"
#include "trial.h"

struct mport_eng_lcore;

struct mport_eng {
	const struct cfg *cfg;
	struct mport_net net;
	unsigned nb_ports;
	struct port_ctx *port[MPORT_MAX_PORTS];	/* 0, 1: the trial's */
	struct port_ctx own[MPORT_MAX_PORTS];	/* 2..: set up here */
	uint16_t send_lcore[MPORT_MAX_PORTS], recv_lcore[MPORT_MAX_PORTS];
	uint64_t *bits[MPORT_MAX_PORTS][MPORT_MAX_PORTS];	/* [src][dst] */
	uint32_t frame_size_b;
	uint64_t hz;
	uint8_t trial_id;
	bool quiet;
	struct mport_tags *tags;	/* NULL, or the test phase's tagged
					 * frames (mport_tags_place first),
					 * malloc'ed: mport_eng_fini frees it */
};

/* Set up ports 2.. and the per-pair windows; net from the configuration
 * (a dut_mac that is a tester port's own MAC, or resolve: a bridge).
 * 0 or -errno with err. */
int mport_eng_init(struct mport_eng *e, struct trial_ctx *t,
		   const struct cfg *c, bool quiet, char *err, size_t err_len);

/* One trial of pl: r filled (mport_result_init first).  0, or -errno
 * with err (the tester failed; r->valid false with a reason when the
 * trial ran but the sender could not keep up). */
int mport_eng_trial(struct mport_eng *e, const struct mport_plan *pl,
		    struct mport_result *r, char *err, size_t err_len);

void mport_eng_fini(struct mport_eng *e);

#endif /* DUTPERF_MPORT_ENG_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * trial_ctx: the context every trial runs in, set up once: the lcores of
 * each side's roles (checked against the EAL's), per direction its
 * streams (an engine_tx each) and RX queues (an engine_rx each) in memory
 * near their lcores, both ports started with their links up; torn down in
 * the order memif needs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_lcore.h>
#include <rte_malloc.h>

#include "trial.h"

const char *const trial_side_name[CFG_NB_SIDES] = { "left", "right" };
const char *const trial_dir_name[CFG_NB_DIRS] = { "forward", "reverse" };

static struct engine_lcore *
trial_lcore(struct trial_ctx *t, unsigned int lcore_id)
{
	unsigned int i;

	for (i = 0; i < t->nb_lcores; i++)
		if (t->lcores[i].lcore_id == lcore_id)
			return &t->lcores[i];
	t->lcores[t->nb_lcores].lcore_id = lcore_id;
	return &t->lcores[t->nb_lcores++];
}

static int
trial_check_lcore(unsigned int lcore_id, const char *side, const char *key,
		  char *err, size_t err_len)
{
	if (lcore_id >= RTE_MAX_LCORE || !rte_lcore_is_enabled(lcore_id)) {
		snprintf(err, err_len,
			 "[%s] %s = %u: lcore not enabled in the EAL (give it "
			 "with -l / --lcores)", side, key, lcore_id);
		return -EINVAL;
	}
	return 0;
}

static void
trial_check_tsc(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	bool constant = false, nonstop = false;

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "flags", 5) != 0)
			continue;
		constant = strstr(line, " constant_tsc") != NULL;
		nonstop = strstr(line, " nonstop_tsc") != NULL;
		break;
	}
	fclose(f);
	if (!constant || !nonstop)
		fprintf(stderr, "dutperf: warning: TSC is not invariant "
			"(constant_tsc %s, nonstop_tsc %s): timing may drift\n",
			constant ? "yes" : "no", nonstop ? "yes" : "no");
}

/* Test aids from the environment; loud, since they fake a faulty wire. */
static void
trial_fault_env(const char *name, uint32_t *every)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n;

	if (v == NULL || *v == '\0')
		return;
	n = strtoul(v, &end, 10);
	if (*end != '\0' || n == 0 || n > UINT32_MAX) {
		fprintf(stderr, "dutperf: ignoring %s=\"%s\" (want 1..%u)\n",
			name, v, UINT32_MAX);
		return;
	}
	*every = (uint32_t)n;
	fprintf(stderr, "dutperf: TEST AID ACTIVE: %s=%lu (results are faked)\n",
		name, n);
}

/* The lcores of one side's role: checked, and its key for messages. */
static int
trial_role_lcores(const struct cfg *c, enum cfg_side_id s, bool send,
		  uint16_t *l, unsigned int *nb, char *err, size_t err_len)
{
	const struct cfg_side *sd = &c->side[s];
	bool list = (send ? sd->send_lcores : sd->recv_lcores)[0] != '\0';
	const char *key = send ? (list ? "send_lcores" : "send_lcore") :
				 (list ? "recv_lcores" : "recv_lcore");
	unsigned int i;
	int rc;

	rc = cfg_side_lcores(c, s, send, l, STREAMS_MAX, nb, err, err_len);
	for (i = 0; rc == 0 && i < *nb; i++)
		rc = trial_check_lcore(l[i], trial_side_name[s], key, err,
				       err_len);
	return rc;
}

static void *
trial_zalloc(const char *what, size_t size, unsigned int lcore_id)
{
	return rte_zmalloc_socket(what, size, RTE_CACHE_LINE_SIZE,
				  (int)rte_lcore_to_socket_id(lcore_id));
}

/*
 * Direction d's streams (one engine_tx each, stream i on the (i mod n)-th
 * sender lcore) and RX queues (one engine_rx each, queue q on the (q mod
 * m)-th receiver lcore, with a window per stream), each in memory near
 * its lcore.  Stream 0 and queue 0 are t->tx[d] and t->rx[d].
 */
static int
trial_streams_init(struct trial_ctx *t, enum cfg_dir_id d, char *err,
		   size_t err_len)
{
	const struct cfg *c = t->cfg;
	enum cfg_side_id ts = cfg_tx_side(d), rs = cfg_rx_side(d);
	uint16_t sl[STREAMS_MAX], rl[STREAMS_MAX];
	unsigned int nsl, nrl, n, q, i;
	struct engine_lcore *lc;
	int rc;

	rc = trial_role_lcores(c, ts, true, sl, &nsl, err, err_len);
	if (rc == 0)
		rc = trial_role_lcores(c, rs, false, rl, &nrl, err, err_len);
	if (rc != 0)
		return rc;
	n = t->nb_streams[d] = c->side[ts].queues;
	t->nb_rxq[d] = c->side[rs].queues;
	for (i = 0; i < n; i++) {
		unsigned int id = sl[i % nsl];
		struct engine_tx *tx = i == 0 ? &t->tx[d] :
			trial_zalloc("dpt_tx", sizeof(*tx), id);

		if (tx == NULL)
			goto nomem;
		t->txs[d][i] = tx;
		tx->lcore_id = id;
		lc = trial_lcore(t, id);
		lc->tx[lc->nb_tx++] = tx;
	}
	for (q = 0; q < t->nb_rxq[d]; q++) {
		unsigned int id = rl[q % nrl];
		struct engine_rx *rx = q == 0 ? &t->rx[d] :
			trial_zalloc("dpt_rx", sizeof(*rx), id);

		if (rx == NULL)
			goto nomem;
		t->rxs[d][q] = rx;
		lc = trial_lcore(t, id);
		lc->rx[lc->nb_rx++] = rx;
		frame_cls_init(&rx->cls, &t->spec[d]);
		t->bits[d][q] = trial_zalloc("rxbits", (size_t)n * RXSTATE_WINDOW / 8,
					     id);
		if (t->bits[d][q] == NULL)
			goto nomem;
		if (n > 1) {
			t->stream_states[d][q] = trial_zalloc("rxstates",
						n * sizeof(struct rxstate), id);
			if (t->stream_states[d][q] == NULL)
				goto nomem;
		}
	}
	return 0;
nomem:
	snprintf(err, err_len, "no memory for the %s streams and queues",
		 trial_dir_name[d]);
	return -ENOMEM;
}

int
trial_ctx_init(struct trial_ctx *t, const struct cfg *c, char *err,
	       size_t err_len)
{
	int d, s, rc;

	memset(t, 0, sizeof(*t));
	t->cfg = c;
	trial_res_from_cfg(&t->res, c);
	t->port_frame_b = c->frame_size_b;
	t->hz = rte_get_tsc_hz();
	trial_check_tsc();
	trial_fault_env("DUTPERF_DEBUG_DROP_EVERY", &t->drop_every);
	trial_fault_env("DUTPERF_DEBUG_DUP_EVERY", &t->dup_every);

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!t->res.active[d])
			continue;
		rc = frame_spec_from_cfg(&t->spec[d], c, d, err, err_len);
		if (rc == 0)
			rc = trial_streams_init(t, d, err, err_len);
		if (rc != 0)
			return rc;
	}

	for (s = 0; s < CFG_NB_SIDES; s++) {
		rc = port_setup(&t->port[s], c->side[s].port_id, trial_side_name[s],
				c->side[s].queues, c, err, err_len);
		if (rc != 0)
			return rc;
	}
	for (s = 0; s < CFG_NB_SIDES; s++) {
		rc = port_wait_link(&t->port[s], trial_side_name[s], c, err, err_len);
		if (rc != 0)
			return rc;
	}
	for (d = 0; d < CFG_NB_DIRS; d++) {
		int tx_sock = t->port[cfg_tx_side(d)].socket;
		unsigned int lc;

		if (!t->res.active[d])
			continue;
		lc = t->txs[d][0]->lcore_id;
		if (rte_lcore_to_socket_id(lc) != (unsigned int)tx_sock)
			fprintf(stderr, "dutperf: warning: %s sender lcore %u is "
				"on socket %u, its port on socket %d\n",
				trial_dir_name[d], lc, rte_lcore_to_socket_id(lc),
				tx_sock);
	}
	return 0;
}

void
trial_ctx_fini(struct trial_ctx *t)
{
	int i;

	/*
	 * Both ports stopped first, one after the other, then a pause before
	 * closing: two memif ports of one process are each other's peers,
	 * and stopping or closing one while DPDK's interrupt thread still
	 * handles the other's disconnect crashes inside librte_net_memif
	 * (DPDK 22.11, docs/robustness.md).
	 */
	for (i = 0; i < CFG_NB_SIDES; i++) {
		int j;

		port_stop(&t->port[i]);
		for (j = i + 1; j < CFG_NB_SIDES; j++)
			port_wait_peer_stopped(&t->port[j]);
	}
	if (t->port[0].started || t->port[1].started)
		rte_delay_us_sleep(100 * 1000);
	for (i = 0; i < CFG_NB_SIDES; i++)
		port_teardown(&t->port[i]);
	feature_detach(t);
	for (i = 0; i < CFG_NB_DIRS; i++) {
		unsigned int k;

		for (k = 0; k < STREAMS_MAX; k++) {
			rte_free(t->bits[i][k]);
			rte_free(t->stream_states[i][k]);
			t->bits[i][k] = NULL;
			t->stream_states[i][k] = NULL;
			if (k > 0) {
				rte_free(t->txs[i][k]);
				rte_free(t->rxs[i][k]);
			}
			t->txs[i][k] = NULL;
			t->rxs[i][k] = NULL;
		}
	}
}

int
trial_ctx_retarget(struct trial_ctx *t, const struct cfg *c, char *err,
		   size_t err_len)
{
	struct trial_res res;
	unsigned int q;
	int d, rc;

	trial_res_from_cfg(&res, c);
	if (c->frame_size_b > t->port_frame_b)
		return cfg_errf(err, err_len, "frame size %u: the ports were set "
				"up for %u bytes at most", c->frame_size_b,
				t->port_frame_b);
	for (d = 0; d < CFG_NB_DIRS; d++)
		if (res.active[d] != t->res.active[d])
			return cfg_errf(err, err_len, "the %s direction: not as "
					"the ports were set up", trial_dir_name[d]);
	feature_detach(t);
	t->watch = NULL;
	t->watch_arg = NULL;
	t->on_launch = NULL;
	t->on_launch_arg = NULL;
	t->cfg = c;
	t->res = res;
	for (d = 0; d < CFG_NB_SIDES; d++)	/* the addresses answered */
		arp_responder_from_cfg(&t->port[d].arp, c, d);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!t->res.active[d])
			continue;
		rc = frame_spec_from_cfg(&t->spec[d], c, d, err, err_len);
		if (rc != 0)
			return rc;
		t->flows[d] = 0;	/* the spec's own source ports again */
		for (q = 0; q < t->nb_rxq[d]; q++)
			frame_cls_init(&t->rxs[d][q]->cls, &t->spec[d]);
	}
	return 0;
}

const char *
trial_port_driver(const struct trial_ctx *t, enum cfg_side_id s)
{
	return t->port[s].driver;
}

bool
trial_main_has_role(const struct trial_ctx *t)
{
	unsigned int i, main_id = rte_get_main_lcore();

	for (i = 0; i < t->nb_lcores; i++)
		if (t->lcores[i].lcore_id == main_id)
			return true;
	return false;
}


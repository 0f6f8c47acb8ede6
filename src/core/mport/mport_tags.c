/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mport_tags: RFC 2889 5.10.3 broadcast latency by RFC 8219 7.2 tagged
 * frames over N ports (mport.h "Tagged frames").  DPDK-free.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/mport.h"

int
mport_tags_alloc(struct mport_tags *g, uint32_t cap, unsigned nb_ports)
{
	unsigned p;

	memset(g, 0, sizeof(*g));
	g->cap = cap;
	g->seq = calloc(cap, sizeof(uint64_t));
	g->tx_tsc = calloc(cap, sizeof(uint64_t));
	if (g->seq == NULL || g->tx_tsc == NULL)
		goto nomem;
	for (p = 0; p < nb_ports && p < MPORT_MAX_PORTS; p++) {
		g->rx_tsc[p] = calloc(cap, sizeof(uint64_t));
		if (g->rx_tsc[p] == NULL)
			goto nomem;
	}
	return 0;
nomem:
	mport_tags_free(g);
	return -ENOMEM;
}

void
mport_tags_free(struct mport_tags *g)
{
	unsigned p;

	free(g->seq);
	free(g->tx_tsc);
	for (p = 0; p < MPORT_MAX_PORTS; p++)
		free(g->rx_tsc[p]);
	memset(g, 0, sizeof(*g));
}

void
mport_tags_clear(struct mport_tags *g, unsigned nb_ports)
{
	unsigned p;

	memset(g->tx_tsc, 0, g->cap * sizeof(uint64_t));
	for (p = 0; p < nb_ports && p < MPORT_MAX_PORTS; p++)
		if (g->rx_tsc[p] != NULL)
			memset(g->rx_tsc[p], 0, g->cap * sizeof(uint64_t));
}

void
mport_tags_place(struct mport_tags *g, unsigned src, uint64_t frames)
{
	uint32_t i;

	g->src = src;
	g->nb = frames < g->cap ? (uint32_t)frames : g->cap;
	/* RFC 8219 7.2: tagged frames spread over the stream; each the
	 * middle of its share, so distinct and ascending */
	for (i = 0; i < g->nb; i++)
		g->seq[i] = (uint64_t)((unsigned __int128)(2u * (uint64_t)i +
							   1u) * frames /
				       (2u * (uint64_t)g->nb));
	mport_tags_clear(g, MPORT_MAX_PORTS);
}

int64_t
mport_tags_find(const struct mport_tags *g, uint64_t seq)
{
	uint32_t lo = 0, hi = g->nb, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (g->seq[mid] < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->nb && g->seq[lo] == seq ? (int64_t)lo : -1;
}

int
mport_tags_latency(const struct mport_tags *g, unsigned p, uint64_t tsc_hz,
		   uint64_t penalty_ns, struct delay_lat_summary *s)
{
	if (p >= MPORT_MAX_PORTS || p == g->src || g->rx_tsc[p] == NULL)
		return -EINVAL;
	return delay_latency_summarize(g->tx_tsc, g->rx_tsc[p], g->nb, tsc_hz,
				       penalty_ns, s);
}

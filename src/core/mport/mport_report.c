/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mport_report: the verdict over all ports of an N-port trial and the
 * rows of ports.csv and pairs.csv (mport.h).  DPDK-free.
 */
#include <stdio.h>
#include <string.h>

#include "dutperf/mport.h"

uint64_t
mport_pair_lost(const struct mport_pair *p)
{
	return p->sent > p->rx.received ? p->sent - p->rx.received : 0;
}

/* lost / sent > ppm / 1e6, exactly (RFC 2544 26.1: 0 = none tolerated) */
static bool
over_goal(uint64_t lost, uint64_t sent, uint32_t loss_ppm)
{
	return (unsigned __int128)lost * 1000000u >
	       (unsigned __int128)loss_ppm * sent;
}

enum verdict
mport_verdict(const struct mport_result *r, uint32_t loss_ppm, char *reason,
	      size_t len)
{
	unsigned s, d;

	if (!r->valid) {
		snprintf(reason, len, "%s", r->reason);
		return VERDICT_INVALID;
	}
	for (s = 0; s < r->nb_ports; s++)
		if (r->port[s].not_sent > 0) {
			snprintf(reason, len, "port %u: %llu frames not sent",
				 s + 1, (unsigned long long)r->port[s].not_sent);
			return VERDICT_INVALID;
		}
	for (s = 0; s < r->nb_ports; s++)
		for (d = 0; d < r->nb_ports; d++) {
			const struct mport_pair *p = &r->pair[s][d];
			uint64_t lost = mport_pair_lost(p);

			if (p->sent == 0 || !over_goal(lost, p->sent, loss_ppm))
				continue;
			snprintf(reason, len, "pair %u->%u: %llu of %llu lost",
				 s + 1, d + 1, (unsigned long long)lost,
				 (unsigned long long)p->sent);
			return VERDICT_FAIL;
		}
	/* RFC 2889 5.1.4: flooded frames are not received frames; a switch
	 * that floods what it should have learned fails the trial */
	for (d = 0; d < r->nb_ports; d++)
		if (r->port[d].flooded > 0) {
			snprintf(reason, len, "port %u: %llu flooded", d + 1,
				 (unsigned long long)r->port[d].flooded);
			return VERDICT_FAIL;
		}
	if (len > 0)
		reason[0] = '\0';
	return VERDICT_PASS;
}

void
mport_totals(const struct mport_result *r, uint64_t *sent, uint64_t *received)
{
	unsigned s, d;

	*sent = *received = 0;
	for (s = 0; s < r->nb_ports; s++) {
		*sent += r->port[s].sent;
		for (d = 0; d < r->nb_ports; d++)
			*received += r->pair[s][d].rx.received;
	}
}

static double
per_s(uint64_t frames, uint64_t ms)
{
	return ms > 0 ? (double)frames * 1000.0 / (double)ms : 0.0;
}

void
mport_port_row(const struct mport_result *r, const struct mport_plan *pl,
	       unsigned p, struct mport_port_row *row)
{
	uint64_t into = 0;
	unsigned s;

	row->port = p + 1;
	row->iload_fps = pl->test[p].nb_dst > 0 ? pl->test[p].rate_fps : 0;
	row->sent = r->port[p].sent;
	/* RFC 2889 Appendix B.1: Oload "MAY be averaged over the entire
	 * transmit time" (first to last burst); the duration without one */
	row->oload_fps = r->port[p].send_ns >= 1000000u && row->sent > 1 ?
		(double)(row->sent - 1) * 1e9 / (double)r->port[p].send_ns :
		per_s(row->sent, r->duration_ms);
	row->received = r->port[p].received;
	row->duplicates = row->reordered = row->late = 0;
	for (s = 0; s < r->nb_ports; s++) {
		into += r->pair[s][p].sent;
		row->duplicates += r->pair[s][p].rx.duplicates;
		row->reordered += r->pair[s][p].rx.reordered;
		row->late += r->pair[s][p].rx.late;
	}
	/* the frames due here and not received (RFC 2544 26.3) */
	row->lost = into > row->received ? into - row->received : 0;
	row->loss_pct = into > 0 ? (double)row->lost * 100.0 / (double)into
				 : 0.0;
	row->fr_fps = per_s(row->received, r->duration_ms);
	row->flooded = r->port[p].flooded;
	row->foreign = r->port[p].foreign;
	row->learn_sent = r->port[p].learn_sent;
	row->learn_rx = r->port[p].learn_rx;
}

void
mport_pair_row(const struct mport_result *r, unsigned s, unsigned d,
	       uint32_t loss_ppm, struct mport_pair_row *row)
{
	const struct mport_pair *p = &r->pair[s][d];

	row->src = s + 1;
	row->dst = d + 1;
	row->sent = p->sent;
	row->received = p->rx.received;
	row->lost = mport_pair_lost(p);
	row->loss_pct = p->sent > 0 ? (double)row->lost * 100.0 /
					      (double)p->sent : 0.0;
	row->duplicates = p->rx.duplicates;
	row->reordered = p->rx.reordered;
	row->late = p->rx.late;
	row->verdict = !r->valid ? VERDICT_INVALID :
		       over_goal(row->lost, p->sent, loss_ppm) ? VERDICT_FAIL :
								 VERDICT_PASS;
}

static const struct report_col mport_ports_cols[] = {
	REPORT_COL_DATE("start", struct mport_port_row, start),
	REPORT_COL_TEXT("mode", struct mport_port_row, mode),
	REPORT_COL_U32("trial", "", struct mport_port_row, trial),
	REPORT_COL_U32("port", "", struct mport_port_row, port),
	REPORT_COL_U32("frame_size_b", "b", struct mport_port_row, frame_size_b),
	REPORT_COL_U64("iload_fps", "fps", struct mport_port_row, iload_fps),
	REPORT_COL_DOUBLE("oload_fps", "fps", 3, struct mport_port_row,
			  oload_fps),
	REPORT_COL_U64("sent", "", struct mport_port_row, sent),
	REPORT_COL_U64("received", "", struct mport_port_row, received),
	REPORT_COL_U64("lost", "", struct mport_port_row, lost),
	REPORT_COL_DOUBLE("loss_pct", "pct", 6, struct mport_port_row,
			  loss_pct),
	REPORT_COL_DOUBLE("fr_fps", "fps", 3, struct mport_port_row, fr_fps),
	REPORT_COL_U64("flooded", "", struct mport_port_row, flooded),
	REPORT_COL_U64("foreign", "", struct mport_port_row, foreign),
	REPORT_COL_U64("duplicates", "", struct mport_port_row, duplicates),
	REPORT_COL_U64("reordered", "", struct mport_port_row, reordered),
	REPORT_COL_U64("late", "", struct mport_port_row, late),
	REPORT_COL_VERDICT("status", struct mport_port_row, verdict),
	REPORT_COL_U64("learn_sent", "", struct mport_port_row, learn_sent),
	REPORT_COL_U64("learn_rx", "", struct mport_port_row, learn_rx),
};

const struct report_table mport_ports_table =
	REPORT_TABLE(",", mport_ports_cols);

static const struct report_col mport_pairs_cols[] = {
	REPORT_COL_DATE("start", struct mport_pair_row, start),
	REPORT_COL_TEXT("mode", struct mport_pair_row, mode),
	REPORT_COL_U32("trial", "", struct mport_pair_row, trial),
	REPORT_COL_U32("src", "", struct mport_pair_row, src),
	REPORT_COL_U32("dst", "", struct mport_pair_row, dst),
	REPORT_COL_U32("frame_size_b", "b", struct mport_pair_row, frame_size_b),
	REPORT_COL_U64("sent", "", struct mport_pair_row, sent),
	REPORT_COL_U64("received", "", struct mport_pair_row, received),
	REPORT_COL_U64("lost", "", struct mport_pair_row, lost),
	REPORT_COL_DOUBLE("loss_pct", "pct", 6, struct mport_pair_row,
			  loss_pct),
	REPORT_COL_U64("duplicates", "", struct mport_pair_row, duplicates),
	REPORT_COL_U64("reordered", "", struct mport_pair_row, reordered),
	REPORT_COL_U64("late", "", struct mport_pair_row, late),
	REPORT_COL_VERDICT("status", struct mport_pair_row, verdict),
};

const struct report_table mport_pairs_table =
	REPORT_TABLE(",", mport_pairs_cols);

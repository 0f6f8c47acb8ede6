/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swproc_eval: what a congestion-control trial (RFC 2889 5.5) and a
 * broadcast trial (5.10) measured, from the counts the N-port trial made.
 */
#include <errno.h>
#include <string.h>

#include "dutperf/swproc.h"

double
swproc_loss_pct(uint64_t sent, uint64_t received)
{
	/* RFC 2544 26.3: ((input_count - output_count) * 100) / input_count */
	if (sent == 0 || received >= sent)
		return 0.0;
	return (double)(sent - received) * 100.0 / (double)sent;
}

static uint64_t
ns_to_ms(uint64_t ns)
{
	return (ns + 500000) / 1000000;
}

int
swproc_congestion(const struct swproc_cong_counts *c, uint32_t no,
		  uint32_t frame_size_b, struct swproc_cong_row *row)
{
	double s;

	if (c->send_ns == 0 || c->mol_fps == 0)
		return -EINVAL;
	s = (double)c->send_ns / 1e9;
	memset(row, 0, sizeof(*row));
	row->no = no;
	row->mol_fps = c->mol_fps;
	row->frame_size_b = frame_size_b;
	row->duration_ms = ns_to_ms(c->send_ns);
	row->a_sent = c->a_to_unc_sent + c->a_to_cong_sent;
	row->b_sent = c->b_to_cong_sent;
	/* RFC 2889 5.5.4: the offered load as observed */
	row->a_oload_fps = (double)row->a_sent / s;
	row->b_oload_fps = (double)row->b_sent / s;
	row->unc_sent = c->a_to_unc_sent;
	row->unc_rx = c->a_to_unc_rx;
	row->unc_flood = c->unc_flood;
	row->cong_sent = c->a_to_cong_sent + c->b_to_cong_sent;
	row->cong_rx = c->a_to_cong_rx + c->b_to_cong_rx;
	row->cong_flood = c->cong_flood;
	/* RFC 2889 5.5.3: "Both source transmitters MUST transmit the exact
	 * number of test frames" */
	row->measured = c->tester_ok && row->a_sent == row->b_sent &&
			row->a_sent > 0;
	row->unc_loss_pct = swproc_loss_pct(row->unc_sent, row->unc_rx);
	row->cong_loss_pct = swproc_loss_pct(row->cong_sent, row->cong_rx);
	/* RFC 2889 5.5.4: forwarding rate at each receiving port */
	row->unc_fr_fps = (double)row->unc_rx / s;
	row->cong_fr_fps = (double)row->cong_rx / s;
	row->cong_load_pct = (double)row->cong_sent / s * 100.0 /
			     (double)c->mol_fps;
	/* RFC 2889 5.5.5.2: without congestion control the congested port
	 * loses (load - 100) / load: 33 % at 150 % */
	if (row->cong_load_pct > 100.0)
		row->expected_loss_pct = (row->cong_load_pct - 100.0) * 100.0 /
					 row->cong_load_pct;
	/* RFC 2889 5.5.5.1: loss at the uncongested port is head of line
	 * blocking */
	row->holb = row->unc_rx < row->unc_sent;
	/* RFC 2889 5.5.5.2: no loss on the congested port under more than
	 * 100 % load is back pressure; at 100 % or less it cannot tell */
	row->has_bp = row->cong_load_pct > 100.0;
	row->back_pressure = row->has_bp && row->cong_rx >= row->cong_sent;
	return 0;
}

int
swproc_broadcast(uint32_t src_port, uint32_t port, uint64_t iload_fps,
		 uint64_t send_ns, uint64_t sent, uint64_t received,
		 bool has_latency, uint64_t latency_ns, bool tester_ok,
		 uint32_t no, uint32_t frame_size_b,
		 struct swproc_bcast_row *row)
{
	double s;

	if (send_ns == 0)
		return -EINVAL;
	s = (double)send_ns / 1e9;
	memset(row, 0, sizeof(*row));
	row->no = no;
	row->src_port = src_port;
	row->port = port;
	row->iload_fps = iload_fps;
	row->frame_size_b = frame_size_b;
	row->duration_ms = ns_to_ms(send_ns);
	row->sent = sent;
	row->received = received;
	row->oload_fps = (double)sent / s;
	/* RFC 2889 5.10.4: loss rate (RFC 2544 26.3) and forwarding rate
	 * per receiving port */
	row->loss_pct = swproc_loss_pct(sent, received);
	row->fr_fps = (double)received / s;
	row->has_latency = has_latency;
	row->latency_ns = latency_ns;
	row->measured = tester_ok && sent > 0;
	return 0;
}

void
swproc_bcast_latency(struct swproc_bcast_row *row,
		     const struct delay_lat_summary *s)
{
	row->tagged = s->tagged;
	row->tagged_received = s->received;
	row->tagged_lost = s->lost;
	row->has_latency = s->valid;
	if (!s->valid)
		return;
	row->latency_ns = (uint64_t)(s->tl_ns + 0.5);
	row->wcl_ns = s->wcl_ns;
	row->min_ns = s->min_ns;
	row->max_ns = s->max_ns;
	row->mean_ns = s->mean_ns;
}

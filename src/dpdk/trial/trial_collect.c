/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * trial_collect: after a trial, what each lcore wrote merged per direction
 * (the streams of a direction over its RX queues, streams_merge) into the
 * trials.csv row and the verdict; while it runs, the published counters
 * the main lcore may read; the human summary of a trial.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "trial.h"
#include "trial_priv.h"

/* A stream's frame k as the direction's frame index (messages). */
static uint64_t
trial_frame_index(const struct engine_tx *tx, uint64_t k)
{
	return tx->nb_streams > 1 ? k * tx->nb_streams + tx->stream : k;
}

/* The sender of direction d that fell behind the most. */
static const struct engine_tx *
trial_worst_tx(const struct trial_ctx *t, enum cfg_dir_id d)
{
	const struct engine_tx *w = t->txs[d][0];
	unsigned int i;

	for (i = 1; i < t->nb_streams[d]; i++)
		if (t->txs[d][i]->max_lag_tsc > w->max_lag_tsc ||
		    (t->txs[d][i]->aborted && !w->aborted))
			w = t->txs[d][i];
	return w;
}

/*
 * Receiver counts of direction d: one stream on one queue as it is, else
 * each stream merged over the queues (streams_merge), then summed.
 */
static void
trial_rx_counts(const struct trial_ctx *t, enum cfg_dir_id d,
		struct rxstate_counts *out)
{
	unsigned int n = t->nb_streams[d], nq = t->nb_rxq[d], i, q;
	const struct rxstate *per_queue[STREAMS_MAX];
	struct rxstate_counts one;

	if (n == 1 && nq == 1) {
		*out = t->rx[d].state.c;
		return;
	}
	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		/* stream i as each queue saw it */
		for (q = 0; q < nq; q++)
			per_queue[q] = n > 1 ? &t->rxs[d][q]->stream_states[i] :
					       &t->rxs[d][q]->state;
		streams_merge(&one, per_queue, nq, t->txs[d][i]->total);
		out->received += one.received;
		out->duplicates += one.duplicates;
		out->reordered += one.reordered;
		out->late += one.late;
		out->beyond += one.beyond;
		out->old += one.old;
	}
}

/* Direction d's frames and bytes per size (sizes.h): each stream's
 * generated frames less its unsent ones, each queue's received ones,
 * settled to the merged count. */
static void
trial_collect_sizes(const struct trial_ctx *t, enum cfg_dir_id d,
		    uint64_t received, struct report_dir *out)
{
	unsigned int i, q;

	sizes_dir_init(&out->sizes, &t->spec[d],
		       t->res.has_imix ? &t->res.imix : NULL);
	for (i = 0; i < t->nb_streams[d]; i++)
		sizes_add_sent(&out->sizes, &t->spec[d], t->txs[d][i]->seq,
			       t->txs[d][i]->sent, &t->txs[d][i]->unsent);
	for (q = 0; q < t->nb_rxq[d]; q++)
		sizes_add_received(&out->sizes, &t->rxs[d][q]->sizes);
	sizes_settle(&out->sizes, received, t->rxs[d][0]->sizes.on);
	out->recv_b = sizes_received_b(&out->sizes, -1);
}

/* Direction d's counts, merged over its streams and queues. */
static void
trial_collect_dir(struct trial_ctx *t, enum cfg_dir_id d,
		  struct report_dir *out)
{
	const struct engine_tx *w = trial_worst_tx(t, d);
	struct verdict_dir *v = &out->v;
	struct rxstate_counts counts;
	unsigned int i, q;
	int k;

	out->active = true;
	v->name = trial_dir_name[d];
	v->planned = t->tx[d].then != NULL ? t->tx[d].then->total :
		     t->tx[d].pacer.total;
	v->sent = 0;
	for (i = 0; i < t->nb_streams[d]; i++) {
		const struct engine_tx *tx = t->txs[d][i];

		v->sent += tx->sent;
		out->sent_b += tx->sent_b;
		out->injected_drops += tx->injected_drops;
		out->injected_dups += tx->injected_dups;
		/* Rate accuracy: frames that left between the first and the
		 * last burst over the time between them (TSC when each burst
		 * was built); the direction's is the sum of its streams'. */
		if (tx->last_burst_seq > 0 && tx->last_burst_tsc > tx->first_tsc)
			out->achieved_fps += (double)tx->last_burst_seq *
					     (double)t->hz /
					     (double)(tx->last_burst_tsc - tx->first_tsc);
	}
	/* Frames never handed to the PMD count as unsent too. */
	v->unsent = v->planned - v->sent;
	trial_rx_counts(t, d, &counts);
	v->received = counts.received;
	trial_collect_sizes(t, d, counts.received, out);
	v->lost = v->sent > v->received ? v->sent - v->received : 0;
	v->duplicates = counts.duplicates;
	v->reordered = counts.reordered;
	v->late = counts.late;
	v->foreign = 0;
	out->stale = 0;
	for (q = 0; q < t->nb_rxq[d]; q++) {
		const struct engine_rx *rx = t->rxs[d][q];
		const struct rxstate *states = t->nb_streams[d] > 1 ?
					       rx->stream_states : &rx->state;

		for (k = 0; k < FRAME_KIND_COUNT; k++)
			out->kinds[k] += rx->kinds[k];
		out->stale += rx->stale;
		/* every test frame of this trial the queue saw */
		for (i = 0; i < t->nb_streams[d]; i++)
			out->queue_ours[q] += states[i].c.received +
					      states[i].c.duplicates +
					      states[i].c.late + states[i].c.old +
					      states[i].c.beyond;
	}
	out->nb_streams = t->nb_streams[d];
	out->nb_queues = t->nb_rxq[d];
	for (k = 0; k < FRAME_KIND_COUNT; k++)
		if (k != FRAME_OURS)
			v->foreign += out->kinds[k];
	/* any stream behind its schedule makes the direction's lag */
	v->max_lag_ns = pacer_ticks_to_ns(w->max_lag_tsc, t->hz);
	out->bogus = counts.old + counts.beyond;
	out->max_lag_frame = trial_frame_index(w, w->max_lag_seq);
}

/*
 * After the lcores are done: each active direction's counts into out, the
 * verdict (why its reason, or the sender that stopped behind schedule),
 * what the features add, the loss ratio.
 */
void
trial_collect(struct trial_ctx *t, const struct trial_spec *spec,
	      bool interrupted, struct report_trial *out, char *why,
	      size_t why_len)
{
	struct verdict_dir dirs[CFG_NB_DIRS];
	unsigned int nb_dirs = 0;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!spec->active[d])
			continue;
		trial_collect_dir(t, d, &out->dir[d]);
		dirs[nb_dirs++] = out->dir[d].v;
	}
	out->verdict = verdict_eval_msg(dirs, nb_dirs, spec->loss_ppm,
					(uint64_t)spec->max_lag_us * 1000,
					interrupted, why, why_len);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct engine_tx *w;

		if (!spec->active[d] || out->verdict != VERDICT_INVALID)
			continue;
		w = trial_worst_tx(t, d);
		if (!w->aborted)
			continue;
		snprintf(why, why_len, "%s: sender %" PRIu64 " us behind "
			 "schedule at frame %" PRIu64 " of %" PRIu64
			 " (limit %u us): stopped", trial_dir_name[d],
			 out->dir[d].v.max_lag_ns / 1000,
			 trial_frame_index(w, w->max_lag_seq), out->dir[d].v.planned,
			 spec->max_lag_us);
		break;
	}
	out->reason = why;
	feature_collect(t, spec, out);
	out->loss_ratio = proc_loss_ratio(out);
}

uint64_t
trial_pub_sent(const struct trial_ctx *t, enum cfg_dir_id d)
{
	uint64_t sent = 0;
	unsigned int i;

	for (i = 0; i < t->nb_streams[d]; i++)
		sent += engine_tx_pub_sent(t->txs[d][i]);
	return sent;
}

void
trial_pub_rx(const struct trial_ctx *t, enum cfg_dir_id d,
	     struct engine_rx_pub *out)
{
	struct engine_rx_pub p;
	unsigned int q;

	memset(out, 0, sizeof(*out));
	for (q = 0; q < t->nb_rxq[d]; q++) {
		engine_rx_pub_read(t->rxs[d][q], &p);
		out->received += p.received;
		out->duplicates += p.duplicates;
		out->reordered += p.reordered;
		out->late += p.late;
	}
}

unsigned int
trial_rx_queues(const struct trial_ctx *t, enum cfg_dir_id d)
{
	return t->nb_rxq[d];
}

uint64_t
trial_send_ended_tsc(const struct trial_ctx *t, enum cfg_dir_id d)
{
	uint64_t end = 0;
	unsigned int i;

	for (i = 0; i < t->nb_streams[d]; i++) {
		const struct engine_tx *tx = t->txs[d][i];

		if (tx->done && !tx->aborted)
			return t->send_end_tsc[d];	/* the schedule's end */
		if (tx->last_burst_tsc > end)
			end = tx->last_burst_tsc;
	}
	return end < t->send_end_tsc[d] ? end : t->send_end_tsc[d];
}

void
trial_print(FILE *f, const struct report_trial *r)
{
	int d, k;

	fprintf(f, "trial: %" PRIu64 " fps, %u B, %u s, timeout %u ms: %s%s%s\n",
		r->rate_fps, r->frame_size_b, r->duration_s, r->timeout_ms,
		verdict_name(r->verdict), r->reason && *r->reason ? " - " : "",
		r->reason ? r->reason : "");
	for (d = 0; d < CFG_NB_DIRS; d++) {
		const struct report_dir *dir = &r->dir[d];

		if (!dir->active)
			continue;
		fprintf(f, "  %-7s sent %" PRIu64 " of %" PRIu64
			", received %" PRIu64 ", lost %" PRIu64
			", dup %" PRIu64 ", reordered %" PRIu64 ", late %" PRIu64
			", foreign %" PRIu64 ", stale %" PRIu64 ", bogus %" PRIu64
			", max lag %" PRIu64 " us at frame %" PRIu64 "\n",
			trial_dir_name[d], dir->v.sent, dir->v.planned,
			dir->v.received, dir->v.lost, dir->v.duplicates,
			dir->v.reordered, dir->v.late, dir->v.foreign,
			dir->stale, dir->bogus, dir->v.max_lag_ns / 1000,
			dir->max_lag_frame);
		if (dir->v.foreign != 0) {
			fprintf(f, "  %-7s foreign:", trial_dir_name[d]);
			for (k = 0; k < FRAME_KIND_COUNT; k++)
				if (k != FRAME_OURS && dir->kinds[k] != 0)
					fprintf(f, " %s %" PRIu64, frame_kind_name(k),
						dir->kinds[k]);
			fputc('\n', f);
		}
		if (dir->nb_streams > 1 || dir->nb_queues > 1) {
			fprintf(f, "  %-7s %u stream%s; test frames per RX queue:",
				trial_dir_name[d], dir->nb_streams,
				dir->nb_streams == 1 ? "" : "s");
			for (k = 0; k < (int)dir->nb_queues; k++)
				fprintf(f, " %" PRIu64, dir->queue_ours[k]);
			fputc('\n', f);
		}
		if (dir->injected_drops || dir->injected_dups)
			fprintf(f, "  %-7s test aid: %" PRIu64 " frames dropped, %"
				PRIu64 " duplicated by the sender\n", trial_dir_name[d],
				dir->injected_drops, dir->injected_dups);
	}
}

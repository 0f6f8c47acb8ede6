/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode broadcast: RFC 2889 5.10 broadcast frame forwarding.  [switch]
 * bcast_port (0-based as the key, reported 1-based) sends frames to
 * ff:ff:ff:ff:ff:ff at [traffic] rate_fps for [traffic] duration_s; every
 * other port is due each one.  broadcast.csv:
 * per receiving port the loss rate, the broadcast forwarding rate and
 * the 5.10.3 latency: [latency] tagged_frames frames of the stream are
 * tagged in memory (RFC 8219 7.2, mport.h "Tagged frames"), each port's
 * RX time against the sender's TX time; latency_us the median (TL), the
 * latency mode's statistics appended.  swproc.h, docs/switchproc.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "mode_swproc.h"

static int
bcast_check(const struct cfg *c, char *err, size_t err_len)
{
	return swp_check(c, "broadcast", 2, err, err_len);
}

/* Receiving port p's row of trial x->r. */
static int
bcast_row(const struct mode_ctx *m, const struct swp_run *x, unsigned p,
	  uint32_t trial, struct swproc_bcast_row *row, char *err,
	  size_t err_len)
{
	const struct cfg *c = m->cfg;
	unsigned src = c->swp.bcast_port;
	const struct mport_port_counts *s = &x->r.port[src];
	int rc;

	/* ports 1-based, as RFC 2889's tables (mport.h) */
	rc = swproc_broadcast(src + 1, p + 1, c->rate_fps,
			      s->send_ns ? s->send_ns :
			      x->r.duration_ms * 1000000u,
			      x->r.pair[src][p].sent,
			      x->r.pair[src][p].rx.received, false, 0,
			      x->r.valid && s->not_sent == 0 && !engine_stop,
			      1, c->frame_size_b, row);
	if (rc != 0) {
		snprintf(err, err_len, "mode broadcast: nothing was sent");
		return rc;
	}
	row->trial = trial;
	if (x->eng.tags != NULL) {
		struct delay_lat_summary lat;

		/* RFC 8219 7.2: a lost tag counts the timeout, as the
		 * latency mode */
		rc = mport_tags_latency(x->eng.tags, p, x->eng.hz,
					(uint64_t)c->timeout_ms * 1000000u,
					&lat);
		if (rc != 0) {
			snprintf(err, err_len, "mode broadcast: port %u: "
				 "latency of the tagged frames: %s", p + 1,
				 strerror(-rc));
			return rc;
		}
		swproc_bcast_latency(row, &lat);
	}
	return 0;
}

static int
bcast_rows(struct mode_ctx *m, struct swp_run *x, uint32_t trial, char *err,
	   size_t err_len)
{
	struct swproc_bcast_row row;
	unsigned p;
	int rc = 0;

	for (p = 0; p < x->r.nb_ports && rc == 0; p++)
		if (p != m->cfg->swp.bcast_port) {
			rc = bcast_row(m, x, p, trial, &row, err, err_len);
			if (rc == 0)
				rc = mode_write(m, 0, &row, err, err_len);
		}
	return rc;
}

/* RFC 2889 5.10.3 "Broadcast Frame Latency": [latency] tagged_frames of
 * the broadcast stream tagged (RFC 8219 7.2), x->eng.tags; run.json's
 * "broadcast" object started.  0 or -ENOMEM. */
static int
bcast_tags(struct mode_ctx *m, struct swp_run *x, char *err, size_t err_len)
{
	struct mport_tags *g = calloc(1, sizeof(*g));
	unsigned src = m->cfg->swp.bcast_port;
	json_t *b = json_object();

	x->more = json_object();
	if (g == NULL || b == NULL || x->more == NULL ||
	    mport_tags_alloc(g, m->cfg->lat_tagged, x->eng.nb_ports) != 0) {
		free(g);
		json_decref(b);
		snprintf(err, err_len, "mode broadcast: no memory for %u "
			 "tagged frames", m->cfg->lat_tagged);
		return -ENOMEM;
	}
	mport_tags_place(g, src, x->pl.test[src].frames);
	x->eng.tags = g;
	json_object_set_new(b, "src_port", json_integer(src + 1));
	json_object_set_new(b, "ports", json_array());
	json_object_set_new(x->more, "broadcast", b);
	return 0;
}

/* run.json: one receiving port's figures (null when not measured). */
static void
bcast_json(json_t *more, const struct swproc_bcast_row *r)
{
	json_t *o = json_object(), *a;
	bool lat = r->measured && r->has_latency;

	a = json_object_get(json_object_get(more, "broadcast"), "ports");
	if (o == NULL || a == NULL) {
		json_decref(o);
		return;
	}
	json_object_set_new(o, "port", json_integer(r->port));
	json_object_set_new(o, "sent", json_integer((json_int_t)r->sent));
	json_object_set_new(o, "received",
			    json_integer((json_int_t)r->received));
	json_object_set_new(o, "fr_fps", r->measured ? json_real(r->fr_fps) :
			    json_null());
	json_object_set_new(o, "tagged", json_integer(r->tagged));
	json_object_set_new(o, "tagged_received",
			    json_integer(r->tagged_received));
	json_object_set_new(o, "latency_us", lat ?
			    json_real((double)r->latency_ns / 1e3) :
			    json_null());
	json_object_set_new(o, "wcl_us", lat ? json_real(r->wcl_ns / 1e3) :
			    json_null());
	json_object_set_new(o, "min_us", lat ? json_real(r->min_ns / 1e3) :
			    json_null());
	json_object_set_new(o, "max_us", lat ? json_real(r->max_ns / 1e3) :
			    json_null());
	json_array_append_new(a, o);
}

static int
bcast_body(struct mode_ctx *m, struct swp_run *x, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	unsigned src = c->swp.bcast_port, p;
	double worst = -1.0;
	int rc;

	rc = swproc_plan_broadcast(&x->pl, &x->eng.net, src, c->rate_fps,
				   c->duration_s * 1000u);
	if (rc != 0) {
		snprintf(err, err_len, "mode broadcast: no plan");
		return rc;
	}
	if (!m->cli->quiet)
		fprintf(stderr, "broadcast: one trial of %" PRIu32 " s, port %u "
			"at %" PRIu64 " fps to every other port\n",
			c->duration_s, src + 1, c->rate_fps);
	rc = bcast_tags(m, x, err, err_len);
	if (rc == 0)
		rc = swp_trial(m, x, bcast_rows, err, err_len);
	if (rc != 0)
		return rc;
	printf("RFC 2889 5.10 broadcast forwarding: port %u sends %" PRIu64
	       " fps, %u-byte frames, %" PRIu64 " frames\n", src + 1,
	       c->rate_fps, c->frame_size_b, x->r.port[src].sent);
	printf("port      sent  received  loss_pct       fr_fps  tagged  "
	       "tagged_rx     tl_us    wcl_us\n");
	for (p = 0; p < x->r.nb_ports; p++) {
		struct swproc_bcast_row row;

		if (p == src)
			continue;
		rc = bcast_row(m, x, p, x->trials, &row, err, err_len);
		if (rc != 0)
			return rc;
		printf("%4u %9" PRIu64 " %9" PRIu64 " %9.4f %12.1f %7u %10u",
		       p + 1, row.sent, row.received, row.loss_pct, row.fr_fps,
		       row.tagged, row.tagged_received);
		if (row.measured && row.has_latency)
			printf(" %9.3f %9.3f\n", (double)row.latency_ns / 1e3,
			       row.wcl_ns / 1e3);
		else
			printf(" %9s %9s\n", "-", "-");
		bcast_json(x->more, &row);
		if (!row.measured)
			m->run_result = REPORT_RESULT_NONE;
		if (worst < 0 || row.fr_fps < worst)
			worst = row.fr_fps;
	}
	if (m->run_result != REPORT_RESULT_MEASURED && x->r.reason[0] != '\0')
		printf("the tester: %s\n", x->r.reason);
	m->value[0] = worst;
	snprintf(m->result, sizeof(m->result), "broadcast forwarding rate at "
		 "least %.1f fps at every receiving port for %" PRIu64
		 " fps offered", worst, c->rate_fps);
	return 0;
}

static const struct swp_kind bcast_kind = {
	.name = "broadcast", .min_ports = 2, .body = bcast_body,
};

static int
bcast_run(struct mode_ctx *m, char *err, size_t err_len)
{
	return swp_run(m, &bcast_kind, err, err_len);
}

const struct mode_ops mode_broadcast = {
	.cli = {
		.name = "broadcast",
		.help = "RFC 2889 5.10 broadcast forwarding rate and latency "
			"per receiving port",
		.options = "--rate",
		.check = bcast_check,
	},
	.run_name = "trial",
	.once = true,
	.files = { { "broadcast.csv", &swproc_bcast_table } },
	.run = bcast_run,
};

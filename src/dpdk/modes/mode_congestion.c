/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode congestion: RFC 2889 5.5 congestion control on four ports.  Port
 * 1 ([left]) sends at the MOL ([traffic] rate_fps) to ports 3 ([port2],
 * uncongested) and 4 ([port3], congested) alternately, port 2 ([right]) at
 * the MOL to port 4 only (ports 1-based as RFC 2889's tables), the same
 * number of frames each; learning frames from ports 3 and 4 first.  One
 * trial: congestion.csv (loss and forwarding rate at both receiving
 * ports, the offered load as observed, head of line blocking and back
 * pressure) and the RFC 2889 5.5.5 report on stdout.  swproc.h,
 * docs/switchproc.md.
 */
#include <inttypes.h>
#include <stdio.h>

#include <jansson.h>

#include "dutperf/errf.h"
#include "mode_swproc.h"

static const struct swproc_cong_ports cong_ports = {
	.a = 0, .b = 1, .unc = 2, .cong = 3,
};

static int
cong_plan(const struct cfg *c, const struct mport_net *n,
	  struct mport_plan *pl)
{
	int rc = swproc_plan_congestion(pl, n, &cong_ports, c->rate_fps,
					c->duration_s * 1000u,
					c->sw.learn_fps);

	if (rc == 0)
		pl->learn_wait_ms = c->learning_wait_s * 1000u;
	return rc;
}

static int
cong_check(const struct cfg *c, char *err, size_t err_len)
{
	struct mport_net n = { .nb_ports = c->nb_ports, .addrs_per_port = 1 };
	struct mport_plan pl;
	int rc = swp_check(c, "congestion", 4, err, err_len);

	if (rc != 0)
		return rc;
	if (cong_plan(c, &n, &pl) != 0)
		return cfg_errf(err, err_len, "mode congestion: no plan for "
				"%u ports at [traffic] rate_fps = %" PRIu64,
				c->nb_ports, c->rate_fps);
	/* the learned addresses must outlive the trial */
	return mport_check_aging(&pl, c->timeout_ms, c->sw.aging_s, err,
				 err_len);
}

static const char *
yes_no(bool b)
{
	return b ? "present" : "not present";
}

/* RFC 2889 5.5.5: the loss at both ports, the uncongested port's
 * forwarding rate, HOLB and back pressure in the RFC's words. */
static void
cong_report(const struct swproc_cong_row *r)
{
	printf("RFC 2889 5.5 congestion control: 4 ports, MOL %" PRIu64
	       " fps per source, %u-byte frames, trial %" PRIu64 " ms\n",
	       r->mol_fps, r->frame_size_b, r->duration_ms);
	printf("offered load (observed): port 1 %.1f fps (%" PRIu64
	       " frames), port 2 %.1f fps (%" PRIu64 " frames); %.1f %% of "
	       "the MOL to the congested port\n", r->a_oload_fps, r->a_sent,
	       r->b_oload_fps, r->b_sent, r->cong_load_pct);
	if (!r->measured) {
		printf("not measured: the sources did not send the same "
		       "number of frames, or the tester fell behind\n");
		return;
	}
	printf("uncongested port 3: frame loss rate %.4f %% (%" PRIu64 " of %"
	       PRIu64 "), forwarding rate %.1f fps at 50 %% offered load, "
	       "flood count %" PRIu64 "\n", r->unc_loss_pct,
	       r->unc_sent - (r->unc_rx < r->unc_sent ? r->unc_rx : r->unc_sent),
	       r->unc_sent, r->unc_fr_fps, r->unc_flood);
	printf("congested port 4: frame loss rate %.4f %% (%" PRIu64 " of %"
	       PRIu64 "), forwarding rate %.1f fps, flood count %" PRIu64,
	       r->cong_loss_pct,
	       r->cong_sent - (r->cong_rx < r->cong_sent ? r->cong_rx :
			       r->cong_sent),
	       r->cong_sent, r->cong_fr_fps, r->cong_flood);
	if (r->has_bp)
		printf("; expected without congestion control %.4f %%",
		       r->expected_loss_pct);
	printf("\n");
	printf("Head of Line blocking: %s (5.5.5.1: %s at the uncongested "
	       "port)\n", yes_no(r->holb), r->holb ? "frame loss" :
	       "no frame loss");
	if (r->has_bp)
		printf("Back pressure: %s (5.5.5.2: %s at the congested port "
		       "under %.1f %% load)\n", yes_no(r->back_pressure),
		       r->back_pressure ? "no frame loss" : "frame loss",
		       r->cong_load_pct);
	else
		printf("Back pressure: not determined (5.5.5.2: the load at "
		       "the congested port is not above 100 %%)\n");
}

static json_t *
cong_json(const struct swproc_cong_row *r)
{
	json_t *o = json_object(), *w = json_object();

	if (o == NULL || w == NULL) {
		json_decref(o);
		json_decref(w);
		return NULL;
	}
	json_object_set_new(w, "measured", json_boolean(r->measured));
	json_object_set_new(w, "unc_loss_pct", json_real(r->unc_loss_pct));
	json_object_set_new(w, "unc_fr_fps", json_real(r->unc_fr_fps));
	json_object_set_new(w, "cong_loss_pct", json_real(r->cong_loss_pct));
	json_object_set_new(w, "cong_load_pct", json_real(r->cong_load_pct));
	json_object_set_new(w, "holb", json_boolean(r->holb));
	if (r->has_bp)
		json_object_set_new(w, "back_pressure",
				    json_boolean(r->back_pressure));
	json_object_set_new(o, "congestion", w);
	return o;
}

/* The row of trial x->r. */
static int
cong_row(const struct mode_ctx *m, const struct swp_run *x, uint32_t trial,
	 struct swproc_cong_row *row, char *err, size_t err_len)
{
	struct swproc_cong_counts cnt;
	int rc;

	swproc_cong_from(&x->r, &cong_ports, m->cfg->rate_fps, &cnt);
	if (engine_stop)
		cnt.tester_ok = false;
	rc = swproc_congestion(&cnt, 1, m->cfg->frame_size_b, row);
	if (rc != 0)
		snprintf(err, err_len, "mode congestion: nothing was sent");
	row->trial = trial;
	return rc;
}

static int
cong_rows(struct mode_ctx *m, struct swp_run *x, uint32_t trial, char *err,
	  size_t err_len)
{
	struct swproc_cong_row row;
	int rc = cong_row(m, x, trial, &row, err, err_len);

	return rc != 0 ? rc : mode_write(m, 0, &row, err, err_len);
}

static int
cong_body(struct mode_ctx *m, struct swp_run *x, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct swproc_cong_row row;
	int rc;

	rc = cong_plan(c, &x->eng.net, &x->pl);
	if (rc != 0) {
		snprintf(err, err_len, "mode congestion: no plan");
		return rc;
	}
	if (!m->cli->quiet)
		fprintf(stderr, "congestion: one trial of %" PRIu32 " s, ports 1 and 2 "
			"at %" PRIu64 " fps each, to ports 3 and 4\n",
			c->duration_s, c->rate_fps);
	rc = swp_trial(m, x, cong_rows, err, err_len);
	if (rc == 0)
		rc = cong_row(m, x, x->trials, &row, err, err_len);
	if (rc != 0)
		return rc;
	cong_report(&row);
	if (!row.measured && x->r.reason[0] != '\0')
		printf("the tester: %s\n", x->r.reason);
	m->run_result = row.measured ? REPORT_RESULT_MEASURED :
				       REPORT_RESULT_NONE;
	m->value[0] = row.cong_loss_pct;
	snprintf(m->result, sizeof(m->result), "uncongested loss %.4f %%, "
		 "congested loss %.4f %% at %.1f %% load; HOLB %s, back "
		 "pressure %s", row.unc_loss_pct, row.cong_loss_pct,
		 row.cong_load_pct, yes_no(row.holb), row.has_bp ?
		 yes_no(row.back_pressure) : "not determined");
	x->more = cong_json(&row);
	return 0;
}

static const struct swp_kind cong_kind = {
	.name = "congestion", .min_ports = 4, .body = cong_body,
};

static int
cong_run(struct mode_ctx *m, char *err, size_t err_len)
{
	return swp_run(m, &cong_kind, err, err_len);
}

const struct mode_ops mode_congestion = {
	.cli = {
		.name = "congestion",
		.help = "RFC 2889 5.5 congestion control on 4 ports: loss at "
			"the congested and uncongested port, head of line "
			"blocking, back pressure",
		.options = "--rate",
		.check = cong_check,
	},
	.run_name = "trial",
	.once = true,
	.files = { { "congestion.csv", &swproc_cong_table } },
	.run = cong_run,
};

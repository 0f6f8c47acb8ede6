/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the RFC 2889 switch modes (mesh, partial, unidir; mode_switch.h)
 * do alike: a throughput search over N ports with the core search
 * (search.h; RFC 2889 5.1.4.1 / 5.4.4.1: "the maximum Oload with a zero
 * Frame loss rate") and the verdict over all ports (mport_verdict), or
 * with -r RATE on the command line one trial at RATE; rows in rate.csv
 * (the search), ports.csv and pairs.csv (every trial), run.json with the
 * result trial's "ports" and "pairs"; the RFC's report on stdout.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dutperf/search.h"
#include "mode_switch.h"
#include "mport_eng.h"

/* The plan of kind k for c at iload (net: its ports and addresses). */
static int
switch_plan(const struct switch_kind *k, struct mport_plan *pl,
	    const struct mport_net *n, const struct cfg *c, uint64_t iload)
{
	int rc = k->plan(pl, n, c, iload, c->duration_s * 1000u,
			 c->sw.learn_fps);

	if (rc == 0)
		pl->learn_wait_ms = c->learning_wait_s * 1000u;
	return rc;
}

int
mode_nport_check_frames(const struct cfg *c, const char *mode, char *err,
			size_t err_len)
{
	unsigned p;

	for (p = 0; p < c->nb_ports; p++) {
		if (cfg_port_c(c, p)->ip_version != 4)
			return cfg_errf(err, err_len, "mode %s sends IPv4 "
					"test frames: port %u has ip_version "
					"%u", mode, p + 1,
					cfg_port_c(c, p)->ip_version);
		if (cfg_port_c(c, p)->vlan != 0)
			return cfg_errf(err, err_len, "mode %s sends untagged "
					"frames: port %u has vlan %u", mode,
					p + 1, cfg_port_c(c, p)->vlan);
		/* one sender and one receiver a port, on queue 0: what the
		 * N-port engine drives (docs/switch.md, "Ports") */
		if (cfg_port_c(c, p)->queues != 1 ||
		    cfg_port_c(c, p)->send_lcores[0] != '\0' ||
		    cfg_port_c(c, p)->recv_lcores[0] != '\0')
			return cfg_errf(err, err_len, "mode %s drives one queue "
					"a port from send_lcore / recv_lcore: "
					"port %u has queues %u%s", mode, p + 1,
					cfg_port_c(c, p)->queues,
					cfg_port_c(c, p)->send_lcores[0] ||
					cfg_port_c(c, p)->recv_lcores[0] ?
					" and several lcores" : "");
	}
	if (c->imix[0] != '\0' || c->frame_size_b < MPORT_MIN_FRAME_B)
		return cfg_errf(err, err_len, "mode %s: one frame size of at "
				"least %u bytes ([traffic] imix not taken)",
				mode, MPORT_MIN_FRAME_B);
	return 0;
}

int
mode_switch_check(const struct switch_kind *k, const struct cfg *c,
		  char *err, size_t err_len)
{
	struct mport_net n = { .nb_ports = c->nb_ports,
			       .addrs_per_port = c->sw.addrs_per_port };
	struct mport_plan pl;
	int rc;

	if (c->nb_ports < k->min_ports)
		return cfg_errf(err, err_len, "mode %s needs at least %u ports: "
				"[left], [right] and [port2] .. (%u given)",
				k->name, k->min_ports, c->nb_ports);
	rc = mode_nport_check_frames(c, k->name, err, err_len);
	if (rc != 0)
		return rc;
	if (switch_plan(k, &pl, &n, c, c->rate_fps ? c->rate_fps : 1) != 0)
		return cfg_errf(err, err_len, "mode %s: no plan for %u ports",
				k->name, c->nb_ports);
	/* RFC 2889 5.4.3: the aging time covers learning and trial */
	return mport_check_aging(&pl, c->timeout_ms, c->sw.aging_s, err,
				 err_len);
}

/* --------------------------------------------------------------- output */

static int
switch_rows(struct mode_ctx *m, const struct switch_kind *k,
	    const struct mport_plan *pl, const struct mport_result *r,
	    enum verdict v, uint32_t trial, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	time_t now = time(NULL);
	unsigned p, d;
	int rc = 0;

	for (p = 0; p < r->nb_ports && rc == 0; p++) {
		struct mport_port_row row = { .start = now, .mode = k->name,
					      .trial = trial,
					      .frame_size_b = c->frame_size_b,
					      .verdict = v };

		mport_port_row(r, pl, p, &row);
		rc = mode_write(m, SWITCH_FILE_PORTS, &row, err, err_len);
	}
	for (p = 0; p < r->nb_ports && rc == 0; p++)
		for (d = 0; d < r->nb_ports && rc == 0; d++) {
			struct mport_pair_row row = {
				.start = now, .mode = k->name, .trial = trial,
				.frame_size_b = c->frame_size_b };

			if (p == d || r->pair[p][d].sent == 0)
				continue;
			mport_pair_row(r, p, d, c->loss_ppm, &row);
			rc = mode_write(m, SWITCH_FILE_PAIRS, &row, err,
					err_len);
		}
	return rc;
}

/* RFC 2889 5.1.5 / 5.2.5 / 5.4.5: the result against the theoretical
 * (the line rate per port when known), per port and pair. */
static void
switch_report(const struct mode_ctx *m, const struct switch_kind *k,
	      const struct mport_plan *pl, const struct mport_result *r,
	      uint64_t rate_fps, const char *what)
{
	const struct cfg *c = m->cfg;
	uint64_t line = cfg_traffic_line_rate_fps(c, cfg_link_speed_mbps(c),
						  NULL);
	uint64_t sent, recv;
	unsigned p, d, senders = 0;

	for (p = 0; p < pl->nb_ports; p++)
		senders += pl->test[p].nb_dst > 0;
	mport_totals(r, &sent, &recv);
	printf("RFC 2889 %s %s%s%s: %u ports, %u-byte frames, %u address(es) "
	       "per port, trial %u s, frame based (Appendix B.1)\n",
	       k->rfc, k->title, k->pattern_name != NULL ? " " : "",
	       k->pattern_name != NULL ? k->pattern_name(c) : "",
	       pl->nb_ports, c->frame_size_b, c->sw.addrs_per_port,
	       c->duration_s);
	printf("%s: %" PRIu64 " fps per sending port (%u sending), "
	       "aggregate %" PRIu64 " fps", what, rate_fps, senders,
	       rate_fps * senders);
	if (line > 0)
		printf("; theoretical %" PRIu64 " fps per port (%.2f %% of it)",
		       line, 100.0 * (double)rate_fps / (double)line);
	printf("\n");
	printf("port  iload_fps  oload_fps      fr_fps         sent     "
	       "received   lost  loss_pct  flooded  foreign\n");
	for (p = 0; p < pl->nb_ports; p++) {
		struct mport_port_row row;

		mport_port_row(r, pl, p, &row);
		printf("%4u %10" PRIu64 " %10.1f %11.1f %12" PRIu64 " %12"
		       PRIu64 " %6" PRIu64 " %9.4f %8" PRIu64 " %8" PRIu64
		       "\n", p + 1, row.iload_fps, row.oload_fps, row.fr_fps,
		       row.sent, row.received, row.lost, row.loss_pct,
		       row.flooded, row.foreign);
	}
	printf("pairs (source->destination: received/sent):");
	for (p = 0; p < pl->nb_ports; p++)
		for (d = 0; d < pl->nb_ports; d++)
			if (p != d && r->pair[p][d].sent > 0)
				printf(" %u->%u %" PRIu64 "/%" PRIu64, p + 1,
				       d + 1, r->pair[p][d].rx.received,
				       r->pair[p][d].sent);
	printf("\nforwarding rate (aggregate): %.1f fps for an offered %.1f "
	       "fps\n", r->duration_ms ? (double)recv * 1000.0 /
			(double)r->duration_ms : 0.0,
	       r->duration_ms ? (double)sent * 1000.0 /
			(double)r->duration_ms : 0.0);
}

/* run.json: the N ports with the result trial's counts, and its pairs. */
static json_t *
switch_json(const struct mport_eng *e, const struct mport_plan *pl,
	    const struct mport_result *r, bool have)
{
	json_t *o = json_object(), *ports = json_array(),
	       *pairs = json_array();
	unsigned p, d;
	char mac[32];

	if (o == NULL || ports == NULL || pairs == NULL)
		goto fail;
	for (p = 0; p < e->nb_ports; p++) {
		const struct port_ctx *pc = e->port[p];
		json_t *q = json_object();
		struct mport_port_row row;

		snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x",
			 e->net.port[p].mac[0], e->net.port[p].mac[1],
			 e->net.port[p].mac[2], e->net.port[p].mac[3],
			 e->net.port[p].mac[4], e->net.port[p].mac[5]);
		if (q == NULL || json_array_append_new(ports, q) != 0)
			goto fail;
		json_object_set_new(q, "port", json_integer(p + 1));
		json_object_set_new(q, "port_id", json_integer(pc->id));
		json_object_set_new(q, "name", json_string(pc->name));
		json_object_set_new(q, "driver", json_string(pc->driver));
		json_object_set_new(q, "mac", json_string(mac));
		if (!have)
			continue;
		mport_port_row(r, pl, p, &row);
		json_object_set_new(q, "iload_fps",
				    json_integer((json_int_t)row.iload_fps));
		json_object_set_new(q, "sent", json_integer((json_int_t)row.sent));
		json_object_set_new(q, "received",
				    json_integer((json_int_t)row.received));
		json_object_set_new(q, "lost", json_integer((json_int_t)row.lost));
		json_object_set_new(q, "flooded",
				    json_integer((json_int_t)row.flooded));
		json_object_set_new(q, "foreign",
				    json_integer((json_int_t)row.foreign));
		json_object_set_new(q, "duplicates",
				    json_integer((json_int_t)row.duplicates));
		json_object_set_new(q, "reordered",
				    json_integer((json_int_t)row.reordered));
		json_object_set_new(q, "late", json_integer((json_int_t)row.late));
	}
	for (p = 0; have && p < r->nb_ports; p++)
		for (d = 0; d < r->nb_ports; d++) {
			const struct mport_pair *x = &r->pair[p][d];
			json_t *q;

			if (p == d || x->sent == 0)
				continue;
			q = json_object();
			if (q == NULL || json_array_append_new(pairs, q) != 0)
				goto fail;
			json_object_set_new(q, "src", json_integer(p + 1));
			json_object_set_new(q, "dst", json_integer(d + 1));
			json_object_set_new(q, "sent",
					    json_integer((json_int_t)x->sent));
			json_object_set_new(q, "received", json_integer(
					(json_int_t)x->rx.received));
			json_object_set_new(q, "lost", json_integer(
					(json_int_t)mport_pair_lost(x)));
			json_object_set_new(q, "duplicates", json_integer(
					(json_int_t)x->rx.duplicates));
			json_object_set_new(q, "reordered", json_integer(
					(json_int_t)x->rx.reordered));
			json_object_set_new(q, "late",
					    json_integer((json_int_t)x->rx.late));
		}
	json_object_set_new(o, "ports", ports);
	json_object_set_new(o, "pairs", pairs);
	return o;
fail:
	json_decref(ports);
	json_decref(pairs);
	json_decref(o);
	return NULL;
}

/* ------------------------------------------------------------------ run */

struct switch_run {
	struct mport_eng eng;
	struct mport_plan pl, best_pl;
	struct mport_result r, best;
	bool have_best;
	uint32_t trials;
	char why[160];			/* the last trial's verdict reason */
};

/* One trial at iload: plan, run, verdict, rows, a progress line. */
static int
switch_trial(struct mode_ctx *m, const struct switch_kind *k,
	     struct switch_run *x, uint64_t iload, enum verdict *v,
	     char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	char *why = x->why;
	uint64_t sent, recv;
	int rc;

	if (switch_plan(k, &x->pl, &x->eng.net, c, iload) != 0) {
		snprintf(err, err_len, "mode %s: no plan at %" PRIu64 " fps",
			 k->name, iload);
		return -EINVAL;
	}
	rc = mport_eng_trial(&x->eng, &x->pl, &x->r, err, err_len);
	if (rc != 0)
		return rc;
	x->trials++;
	*v = mport_verdict(&x->r, c->loss_ppm, why, sizeof(x->why));
	if (engine_stop)
		*v = VERDICT_INTERRUPTED;
	rc = switch_rows(m, k, &x->pl, &x->r, *v, x->trials, err, err_len);
	if (!m->cli->quiet) {
		mport_totals(&x->r, &sent, &recv);
		fprintf(stderr, "%s: trial %u at %" PRIu64 " fps per port: "
			"%" PRIu64 " of %" PRIu64 " received: %s%s%s\n",
			k->name, x->trials, iload, recv, sent, verdict_name(*v),
			why[0] ? ": " : "", why);
	}
	if (*v == VERDICT_PASS || (!x->have_best && *v == VERDICT_FAIL)) {
		x->best = x->r;
		x->best_pl = x->pl;
		x->have_best = *v == VERDICT_PASS;
	}
	return rc;
}

static void
switch_settle(const struct cfg *c)
{
	uint64_t until = rte_rdtsc() + (uint64_t)c->settle_ms *
					       rte_get_tsc_hz() / 1000u;

	while (!engine_stop && rte_rdtsc() < until)
		rte_pause();
}

static int
switch_search(struct mode_ctx *m, const struct switch_kind *k,
	      struct switch_run *x, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct search_params sp = {
		.lo_fps = c->rate_min_fps, .hi_fps = c->rate_max_fps,
		.initial_fps = c->initial_rate_fps ? c->initial_rate_fps :
						     c->rate_max_fps,
		.error_fps = c->error_fps, .max_retries = c->max_retries,
	};
	struct report_search rs;
	struct search s;
	enum verdict v;
	int rc;

	if (sp.hi_fps == 0) {
		snprintf(err, err_len, "mode %s: the search needs [search] "
			 "rate_max_fps (or --rate-max): the per-port load's "
			 "upper bound", k->name);
		return -EINVAL;
	}
	rc = search_init(&s, &sp);
	if (rc != 0)
		return mode_search_bounds_error(&sp, rc, err, err_len);
	while (!search_done(&s) && !engine_stop) {
		rc = switch_trial(m, k, x, search_next_rate(&s), &v, err,
				  err_len);
		if (rc != 0)
			return rc;
		search_record(&s, v);
		if (!search_done(&s))
			switch_settle(c);
	}
	mode_search_fields(m, &rs);
	rs.duration_s = c->duration_s;
	rs.initial_fps = sp.initial_fps;
	rs.error_fps = c->error_fps;
	rs.iterations = s.iterations;
	rs.rate_fps = search_result(&s);
	rs.result = search_kind(&s);
	rc = mode_write(m, SWITCH_FILE_RATE, &rs, err, err_len);
	if (rc != 0)
		return rc;
	mode_set_result(m, search_case(&s));
	if (rs.result == REPORT_RESULT_MEASURED)
		m->value[0] = (double)rs.rate_fps;
	if (rs.result != REPORT_RESULT_NONE && x->have_best) {
		switch_report(m, k, &x->best_pl, &x->best, rs.rate_fps,
			      rs.result == REPORT_RESULT_MEASURED ?
			      "throughput (RFC 2544 26.1, every pair without "
			      "loss)" : "throughput at least (the search's "
			      "upper bound passed)");
	} else {
		printf("RFC 2889 %s %s: no throughput found (%s)\n", k->rfc,
		       k->title, report_result_name(rs.result));
		x->have_best = false;
	}
	snprintf(m->result, sizeof(m->result), "throughput %" PRIu64
		 " fps per port (%s)", rs.rate_fps,
		 report_result_name(rs.result));
	return 0;
}

/* The procedure: -r RATE one trial at RATE per sending port, else the
 * search; m->value[0], m->run_result, m->result set. */
static int
switch_body(struct mode_ctx *m, const struct switch_kind *k,
	    struct switch_run *x, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	enum verdict v;
	int rc;

	if (!cfg_key_from_option(c, "traffic", "rate_fps"))
		return switch_search(m, k, x, err, err_len);
	rc = switch_trial(m, k, x, c->rate_fps, &v, err, err_len);
	if (rc != 0)
		return rc;
	x->best = x->r;
	x->best_pl = x->pl;
	x->have_best = true;
	switch_report(m, k, &x->pl, &x->r, c->rate_fps, "one trial (-r)");
	printf("verdict over all ports: %s%s%s\n", verdict_name(v),
	       x->why[0] ? ": " : "", x->why);
	if (!verdict_measured(v))
		m->run_result = REPORT_RESULT_NONE;
	m->value[0] = (double)c->rate_fps;
	snprintf(m->result, sizeof(m->result), "%s", verdict_name(v));
	return 0;
}

int
mode_switch_run(struct mode_ctx *m, const struct switch_kind *k, char *err,
		size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct switch_run *x = calloc(1, sizeof(*x));
	json_t *more;
	int rc;

	if (x == NULL) {
		snprintf(err, err_len, "no memory for mode %s", k->name);
		return -ENOMEM;
	}
	rc = mode_switch_check(k, c, err, err_len);
	if (rc == 0)
		rc = mport_eng_init(&x->eng, m->trial, c, m->cli->quiet, err,
				    err_len);
	if (rc == 0) {
		rc = mode_once_open(m, err, err_len);
		if (rc == 0)
			rc = switch_body(m, k, x, err, err_len);
		if (rc == 0) {
			mode_once_record(m);
			more = switch_json(&x->eng, &x->best_pl, &x->best,
					   x->have_best);
			rc = runinfo_append_more(m, time(NULL), m->result,
						 more, err, err_len);
			json_decref(more);
		}
		mode_once_close(m);
	}
	mport_eng_fini(&x->eng);
	free(x);
	return rc;
}

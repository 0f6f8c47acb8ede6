/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What modes caching, learnrate, congestion and broadcast (mode_swproc.h)
 * do alike: the run's files, the N-port engine, run.json with the mode's
 * own keys; and the RFC 2889 5.7.3 search of caching and learnrate: per
 * iteration the table aged out (PAUSE(AGE): [switch] aging_s + 1 s, or
 * [switch] flush_command then flush_wait_ms), the iteration's plan
 * (swproc_plan_iteration) run, its counts judged, a caching.csv /
 * learnrate.csv row and a line of the RFC 2889 5.7.5 / 5.8.5 table on
 * stdout; at the end a switch.csv row and the figure.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dutperf/errf.h"
#include "dutperf/shell.h"
#include "mode_switch.h"
#include "mode_swproc.h"

void
swp_wait_ms(uint64_t ms)
{
	uint64_t until = rte_rdtsc() + ms * rte_get_tsc_hz() / 1000u;

	while (!engine_stop && rte_rdtsc() < until)
		rte_pause();
}

int
swp_check(const struct cfg *c, const char *mode, unsigned min_ports,
	  char *err, size_t err_len)
{
	int rc = swproc_cfg_check_ports(c, mode, min_ports, err, err_len);

	return rc != 0 ? rc : mode_nport_check_frames(c, mode, err, err_len);
}

int
swp_run(struct mode_ctx *m, const struct swp_kind *k, char *err,
	size_t err_len)
{
	struct swp_run *x = calloc(1, sizeof(*x));
	int rc;

	if (x == NULL) {
		snprintf(err, err_len, "no memory for mode %s", k->name);
		return -ENOMEM;
	}
	rc = mport_eng_init(&x->eng, m->trial, m->cfg, m->cli->quiet, err,
			    err_len);
	if (rc != 0) {
		free(x);
		return rc;
	}
	rc = mode_once_open(m, err, err_len);
	if (rc == 0)
		rc = k->body(m, x, err, err_len);
	if (rc == 0) {
		mode_once_record(m);
		rc = runinfo_append_more(m, time(NULL), m->result, x->more,
					 err, err_len);
	}
	mode_once_close(m);
	json_decref(x->more);
	mport_eng_fini(&x->eng);
	free(x);
	return rc;
}

int
swp_trial(struct mode_ctx *m, struct swp_run *x, swp_rows_fn rows, char *err,
	  size_t err_len)
{
	uint32_t tries = 0;
	int rc;

	for (;;) {
		rc = mport_eng_trial(&x->eng, &x->pl, &x->r, err, err_len);
		x->trials = tries + 1;
		if (rc == 0)
			rc = rows(m, x, x->trials, err, err_len);
		if (rc != 0 || x->r.valid || engine_stop ||
		    tries++ >= m->cfg->max_retries)
			return rc;
		if (!m->cli->quiet)
			fprintf(stderr, "%s: invalid trial (%s): again, %u of "
				"[search] max_retries = %u\n",
				m->ops->cli.name, x->r.reason, tries,
				m->cfg->max_retries);
	}
}

/* ------------------------------------------------ RFC 2889 5.7.3 / 5.8.3 */

/* Age out every learned address before an iteration (RFC 2889 5.7.3
 * PAUSE(AGE), AGE "greater than the DUT aging time"), or flush it. */
static int
swp_age_out(struct mode_ctx *m, const char *name, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	int rc;

	if (c->swp.flush_command[0] == '\0') {
		if (!m->cli->quiet)
			fprintf(stderr, "%s: PAUSE(AGE): %" PRIu32 " s for the "
				"DUT to age its addresses out ([switch] "
				"aging_s + 1)\n", name, c->sw.aging_s + 1);
		swp_wait_ms(((uint64_t)c->sw.aging_s + 1) * 1000u);
		return 0;
	}
	rc = shell_run("switch", "flush_command", c->swp.flush_command,
		       c->command_timeout_s, &engine_stop, NULL, err, err_len);
	if (rc == 0)
		swp_wait_ms(c->swp.flush_wait_ms);
	return rc;
}

static json_t *
swp_search_json(const struct swproc_summary_row *s)
{
	json_t *o = json_object(), *w = json_object();

	if (o == NULL || w == NULL) {
		json_decref(o);
		json_decref(w);
		return NULL;
	}
	json_object_set_new(w, "procedure", json_string(s->procedure));
	json_object_set_new(w, "addrs", json_integer((json_int_t)s->addrs));
	json_object_set_new(w, "learn_fps",
			    json_integer((json_int_t)s->learn_fps));
	json_object_set_new(w, "own_entries",
			    json_integer((json_int_t)s->own_entries));
	json_object_set_new(w, "iterations", json_integer(s->iterations));
	json_object_set_new(w, "result_kind",
			    json_string(report_result_name(s->result)));
	json_object_set_new(o, "switch", w);
	return o;
}

int
swp_search(struct mode_ctx *m, struct swp_run *x, enum swproc_kind kind,
	   char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	const char *name = swproc_kind_name(kind);
	struct swproc_ports sp = { .lport = c->swp.lport, .tport = c->swp.tport,
				   .mport = c->swp.mport };
	struct swproc_params p;
	struct swproc_search s;
	struct swproc_summary_row sum;
	struct mport_net net = x->eng.net;
	int rc;

	swproc_params_from_cfg(c, kind, &p);
	rc = swproc_init(&s, &p, err, err_len);
	if (rc != 0)
		return rc;
	/* the Lport's addresses 0 .. N-1 */
	net.addrs_per_port = (uint32_t)(kind == SWPROC_CACHING ? p.max :
					p.addrs);
	/* ports 1-based, as RFC 2889's tables (mport.h) */
	printf("RFC 2889 %s: Lport %u, Tport %u, Mport %u, %u-byte frames, "
	       "%s\n", kind == SWPROC_CACHING ?
	       "5.7 address caching capacity" : "5.8 address learning rate",
	       sp.lport + 1, sp.tport + 1, sp.mport + 1, c->frame_size_b,
	       c->swp.flush_command[0] ? "table flushed by [switch] "
	       "flush_command before each iteration" : "PAUSE(AGE) before "
	       "each iteration");
	printf("%5s %9s %10s %10s %11s %10s %11s %11s %5s\n", "iter",
	       "addrs", "iload_fps", "tport_sent", "tport_flood",
	       "lport_rcvd", "lport_flood", "mport_flood", "");
	while (!swproc_done(&s)) {
		uint64_t n = swproc_next_addrs(&s);
		uint64_t fps = swproc_next_learn_fps(&s);
		struct swproc_counts cnt;
		struct swproc_iter_row row;
		enum verdict v;

		rc = swp_age_out(m, name, err, err_len);
		if (rc == -EINTR || engine_stop)
			break;
		if (rc != 0)
			return rc;
		rc = swproc_plan_iteration(&x->pl, &net, &sp, n, fps,
					   swproc_test_fps(c, kind),
					   c->swp.test_wait_ms);
		if (rc != 0) {
			snprintf(err, err_len, "mode %s: no plan for %" PRIu64
				 " addresses at %" PRIu64 " fps", name, n, fps);
			return rc;
		}
		rc = mport_eng_trial(&x->eng, &x->pl, &x->r, err, err_len);
		if (rc != 0)
			return rc;
		swproc_counts_from(&x->r, &sp, &cnt);
		cnt.interrupted = engine_stop != 0;
		v = swproc_record(&s, &cnt);
		swproc_iter_row(&s, &cnt, n, fps, v, 1, &row);
		rc = mode_write(m, 0, &row, err, err_len);
		if (rc != 0)
			return rc;
		/* RFC 2889 5.7.5 / 5.8.5: the iteration's line */
		printf("%5u %9" PRIu64 " %10" PRIu64 " %10" PRIu64 " %11" PRIu64
		       " %10" PRIu64 " %11" PRIu64 " %11" PRIu64 " %5s\n",
		       row.iteration, row.addrs, row.iload_fps, row.tport_sent,
		       row.tport_flood, row.lport_rx, row.lport_flood,
		       row.mport_flood, verdict_name(v));
		fflush(stdout);
		if (!m->cli->quiet)
			fprintf(stderr, "%s: iteration %u: %" PRIu64 " addresses "
				"at %" PRIu64 " fps: %s; LOW %" PRIu64 ", HIGH %"
				PRIu64 ", at most %u more%s%s\n", name,
				row.iteration, n, fps, verdict_name(v), s.low,
				s.high, swproc_remaining(&s),
				v == VERDICT_INVALID ? "; " : "",
				v == VERDICT_INVALID ? x->r.reason : "");
		if (v == VERDICT_INTERRUPTED)
			break;
	}
	if (engine_stop)
		s.interrupted = true;
	swproc_summary(&s, 1, &sum);
	rc = mode_write(m, 1, &sum, err, err_len);
	if (rc != 0)
		return rc;
	m->run_result = sum.result;
	m->value[0] = (double)(kind == SWPROC_CACHING ? sum.addrs :
			       sum.learn_fps);
	if (kind == SWPROC_CACHING)
		snprintf(m->result, sizeof(m->result), "address caching "
			 "capacity %s%" PRIu64 " addresses (%s); with the "
			 "Tport's own address %" PRIu64 " table entries",
			 sum.result == REPORT_RESULT_LOWER_BOUND ? "at least " :
			 "", sum.addrs, report_result_name(sum.result),
			 sum.table_entries);
	else
		snprintf(m->result, sizeof(m->result), "address learning rate "
			 "%s%" PRIu64 " fps for %" PRIu64 " addresses (%s)",
			 sum.result == REPORT_RESULT_LOWER_BOUND ? "at least " :
			 "", sum.learn_fps, sum.addrs,
			 report_result_name(sum.result));
	printf("%s\n", sum.result == REPORT_RESULT_NONE ?
	       "no figure: nothing passed within the range, or the run "
	       "stopped" : m->result);
	x->more = swp_search_json(&sum);
	return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of RFC 2889's switch procedures (swproc.h), each against a
 * simulated DUT whose answer is set before the test:
 * - a switch whose forwarding table holds at most T entries (aged out
 *   before each iteration): the caching search finds T - 1 addresses,
 *   the Tport's own address, learned from its broadcast learning frame,
 *   taking the last entry (SWPROC_OWN_ENTRIES);
 * - a learner that keeps at most R learning frames a second (a policer
 *   before the table): the learning-rate search finds R within its
 *   resolution;
 * - a congested switch without head of line blocking (an output queue
 *   per port), one with it (a shared input buffer: the first source's
 *   frames to the uncongested port are lost at the congested port's
 *   loss rate) and one with back pressure (nothing lost);
 * - the aging check and the rows of the result files.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/swproc.h"

/* ---- a simulated switch, one caching / learning iteration ---- */

struct sim_switch {
	uint64_t table_max;	/* forwarding table entries */
	uint64_t learn_max_fps;	/* learning frames kept a second (0: all) */
	uint32_t iterations;
	uint32_t invalid_first;	/* the first so many iterations: the
				 * tester could not send */
	uint32_t interrupt_at;	/* this iteration (1..) is interrupted */
};

/*
 * One iteration as RFC 2889 5.7.3 runs it against the simulated switch:
 * the table is empty (aged out); the Tport's broadcast learning frame, then
 * the Lport's addrs learning frames at fps, then addrs test frames from
 * the Tport to the Lport's addresses.  A known destination goes to the
 * Lport only; an unknown one is flooded: the Lport and the Mport get it.
 */
static void
sim_iteration(struct sim_switch *sw, uint64_t addrs, uint64_t fps,
	      struct swproc_counts *c)
{
	uint64_t entries = 0, learned = 0, kept = addrs;

	memset(c, 0, sizeof(*c));
	sw->iterations++;
	c->interrupted = sw->interrupt_at == sw->iterations;
	c->tester_ok = sw->iterations > sw->invalid_first;
	c->learn_sent = c->tester_ok ? addrs : addrs / 2;
	c->tport_sent = addrs;
	/* AddressLearning(TPort) */
	if (entries < sw->table_max)
		entries++;
	/* AddressLearning(LPort): a policer keeps learn_max_fps of them */
	if (sw->learn_max_fps > 0 && fps > sw->learn_max_fps)
		kept = addrs * sw->learn_max_fps / fps;
	while (learned < kept && entries < sw->table_max) {
		entries++;
		learned++;
	}
	/* Transmit(TPort): learned destinations forwarded, others flooded */
	c->lport_rx = addrs;
	c->mport_rx = addrs - learned;
}

static struct swproc_search
run_search(const struct swproc_params *p, struct sim_switch *sw)
{
	struct swproc_search s;
	struct swproc_counts c;
	char err[256];
	uint32_t bound;

	assert_int_equal(swproc_init(&s, p, err, sizeof(err)), 0);
	bound = swproc_remaining(&s) + p->max_retries + 1;
	while (!swproc_done(&s)) {
		uint64_t n = swproc_next_addrs(&s);

		/* the ETA's bound never grows */
		assert_true(swproc_remaining(&s) <= bound);
		bound = swproc_remaining(&s) + p->max_retries + 1;
		sim_iteration(sw, n, swproc_next_learn_fps(&s), &c);
		swproc_record(&s, &c);
		assert_true(s.iterations < 100);
	}
	assert_int_equal(swproc_remaining(&s), 0);
	return s;
}

static void
test_caching_capacity(void **state)
{
	/* table sizes chosen before the run: the answer is T - 1 */
	static const uint64_t tables[] = { 1, 2, 3, 24, 100, 1000 };
	struct swproc_params p = {
		.kind = SWPROC_CACHING, .low = 0, .max = 1024, .initial = 512,
		.resolution = 1, .learn_fps = 1000,
	};
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		struct sim_switch sw = { .table_max = tables[i] };
		struct swproc_search s = run_search(&p, &sw);
		struct swproc_summary_row row;

		assert_int_equal(swproc_result(&s), tables[i] - 1);
		assert_int_equal(swproc_kind_result(&s),
				 REPORT_RESULT_MEASURED);
		/* RFC 2889 5.7.3 ends with HIGH - LOW < 2 */
		assert_int_equal(s.high - s.low, 1);
		/* a binary search: at most log2(MAX) + 1 iterations */
		assert_true(s.iterations <= 11);
		swproc_summary(&s, 1, &row);
		assert_int_equal(row.addrs, tables[i] - 1);
		assert_int_equal(row.own_entries, 1);
		assert_int_equal(row.table_entries, tables[i]);
		assert_int_equal(row.learn_fps, 1000);
	}
}

static void
test_caching_bounds(void **state)
{
	struct swproc_params p = {
		.kind = SWPROC_CACHING, .low = 0, .max = 64, .initial = 64,
		.resolution = 1, .learn_fps = 100,
	};
	struct sim_switch big = { .table_max = 1000 };
	struct sim_switch sw24 = { .table_max = 24 };
	struct swproc_search s;

	(void)state;
	/* MAX itself passed: at least MAX, one iteration */
	s = run_search(&p, &big);
	assert_int_equal(swproc_result(&s), 64);
	assert_int_equal(s.iterations, 1);
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_LOWER_BOUND);
	/* MAX never tried and everything passed: at least MAX - 1 */
	p.initial = 32;
	big.iterations = 0;
	s = run_search(&p, &big);
	assert_int_equal(swproc_result(&s), 63);
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_LOWER_BOUND);
	/* the first N below the answer, above it: the same answer */
	p.initial = 1;
	s = run_search(&p, &sw24);
	assert_int_equal(swproc_result(&s), 23);
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_MEASURED);
	p.initial = 60;
	s = run_search(&p, &sw24);
	assert_int_equal(swproc_result(&s), 23);
	/* the first iteration sees what the RFC's table lists */
	{
		struct swproc_search t;
		struct swproc_counts c;
		struct swproc_iter_row row;
		struct sim_switch sw = { .table_max = 24 };
		enum verdict v;
		char err[128];

		assert_int_equal(swproc_init(&t, &p, err, sizeof(err)), 0);
		sim_iteration(&sw, 60, 100, &c);
		v = swproc_record(&t, &c);
		assert_int_equal(v, VERDICT_FAIL);
		swproc_iter_row(&t, &c, 60, 100, v, 1, &row);
		/* 23 learned, 37 flooded to the Mport */
		assert_int_equal(row.mport_flood, 37);
		assert_int_equal(row.tport_sent, 60);
		assert_int_equal(row.high, 60);
		assert_int_equal(row.low, 0);
		assert_int_equal(swproc_next(&t), 30);
	}
}

static void
test_caching_invalid(void **state)
{
	struct swproc_params p = {
		.kind = SWPROC_CACHING, .low = 0, .max = 64, .initial = 32,
		.resolution = 1, .learn_fps = 100, .max_retries = 2,
	};
	struct sim_switch sw = { .table_max = 24, .invalid_first = 2 };
	struct swproc_search s;

	(void)state;
	/* two invalid iterations retried at the same N: same answer */
	s = run_search(&p, &sw);
	assert_int_equal(swproc_result(&s), 23);
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_MEASURED);
	/* more than the retries: the search ends, nothing earned */
	sw.iterations = 0;
	sw.invalid_first = 3;
	s = run_search(&p, &sw);
	assert_true(s.invalid_end);
	assert_int_equal(s.iterations, 3);
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_NONE);
	/* interrupted after a pass: at least what passed */
	sw.iterations = 0;
	sw.invalid_first = 0;
	sw.interrupt_at = 3;
	s = run_search(&p, &sw);
	assert_true(s.interrupted);
	assert_int_equal(s.iterations, 3);
	assert_int_equal(swproc_result(&s), 16);	/* 32 f, 16 p, 24 i */
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_LOWER_BOUND);
}

static void
test_learning_rate(void **state)
{
	/* policer rates chosen before the run */
	static const uint64_t rates[] = { 50, 1000, 2500, 4900 };
	struct swproc_params p = {
		.kind = SWPROC_LEARNRATE, .low = 10, .max = 5000,
		.initial = 2505, .resolution = 10, .addrs = 256,
	};
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		struct sim_switch sw = { .table_max = 10000,
					 .learn_max_fps = rates[i] };
		struct swproc_search s = run_search(&p, &sw);
		struct swproc_summary_row row;

		assert_true(swproc_result(&s) <= rates[i]);
		assert_true(swproc_result(&s) + p.resolution >= rates[i]);
		assert_int_equal(swproc_kind_result(&s),
				 REPORT_RESULT_MEASURED);
		swproc_summary(&s, 1, &row);
		assert_int_equal(row.learn_fps, swproc_result(&s));
		assert_int_equal(row.addrs, 256);
		assert_int_equal(row.own_entries, 0);
	}
	/* learns faster than the range: at least the range's top - res */
	{
		struct sim_switch sw = { .table_max = 10000 };
		struct swproc_search s = run_search(&p, &sw);

		assert_true(swproc_result(&s) + p.resolution >= 5000);
		assert_int_equal(swproc_kind_result(&s),
				 REPORT_RESULT_LOWER_BOUND);
	}
	/* learns slower than the range's bottom: no figure */
	{
		struct sim_switch sw = { .table_max = 10000,
					 .learn_max_fps = 5 };
		struct swproc_search s = run_search(&p, &sw);

		assert_int_equal(swproc_result(&s), 0);
		assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_NONE);
	}
	/* the table, not the rate, limits: fails everywhere, no figure */
	{
		struct sim_switch sw = { .table_max = 100 };
		struct swproc_search s = run_search(&p, &sw);

		assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_NONE);
	}
}

static void
test_params(void **state)
{
	struct swproc_search s;
	struct swproc_params p = {
		.kind = SWPROC_CACHING, .low = 0, .max = 64, .initial = 0,
		.resolution = 1, .learn_fps = 100,
	};
	char err[256];

	(void)state;
	assert_int_equal(swproc_init(&s, &p, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "(0, 64]"));
	p.initial = 65;
	assert_int_equal(swproc_init(&s, &p, err, sizeof(err)), -EINVAL);
	p.initial = 64;
	p.resolution = 0;
	assert_int_equal(swproc_init(&s, &p, err, sizeof(err)), -EINVAL);
	p.resolution = 1;
	p.learn_fps = 0;
	assert_int_equal(swproc_init(&s, &p, err, sizeof(err)), -EINVAL);
	p.kind = SWPROC_LEARNRATE;
	p.addrs = 0;
	assert_int_equal(swproc_init(&s, &p, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "learnrate"));
}

static void
test_aging(void **state)
{
	char err[512];

	(void)state;
	/* 1024 learning + 1024 test frames at 100 fps: 20.48 s */
	assert_int_equal(swproc_iteration_ms(1024, 100, 0, 0), 20480);
	assert_int_equal(swproc_iteration_ms(1024, 100, 0, 500), 20980);
	assert_int_equal(swproc_iteration_ms(1024, 100, 1024, 0), 11240);
	assert_int_equal(swproc_check_aging(300, 1024, "[switch] max_addrs",
					    100, "[switch] learn_fps", 0, 0, err,
					    sizeof(err)), 0);
	assert_int_equal(swproc_check_aging(21, 1024, "[switch] max_addrs",
					    100, "[switch] learn_fps", 0, 0, err,
					    sizeof(err)), 0);
	/* RFC 2889 5.7.3: the aging time MUST be longer */
	assert_int_equal(swproc_check_aging(20, 1024, "[switch] max_addrs",
					    100, "[switch] learn_fps", 0, 0, err,
					    sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[switch] aging_s = 20:"));
	assert_non_null(strstr(err, "[switch] max_addrs = 1024"));
	assert_non_null(strstr(err, "[switch] learn_fps = 100 frames/s"));
	assert_non_null(strstr(err, "20.480 s"));
	/* the settle time counts too */
	assert_int_equal(swproc_check_aging(21, 1024, "[switch] max_addrs",
					    100, "[switch] learn_fps", 0, 600, err,
					    sizeof(err)), -EINVAL);
	/* no rate: never fits */
	assert_int_equal(swproc_check_aging(300, 8, "a", 0, "b", 0, 0, err,
					    sizeof(err)), -EINVAL);
}

/* ---- RFC 2889 5.5: simulated congested switches ---- */

enum sim_cong { SIM_OUTPUT_QUEUES, SIM_HOLB, SIM_BACK_PRESSURE };

/* Both sources at mol_fps for dur_s; A alternates between the
 * uncongested and the congested port, B only the congested one; the
 * congested port forwards at most cap_fps. */
static void
sim_congestion(enum sim_cong kind, uint64_t mol_fps, uint64_t cap_fps,
	       uint64_t dur_s, struct swproc_cong_counts *c)
{
	uint64_t n = mol_fps * dur_s, cap = cap_fps * dur_s, offered;

	memset(c, 0, sizeof(*c));
	c->mol_fps = mol_fps;
	c->send_ns = dur_s * 1000000000ull;
	c->tester_ok = true;
	c->a_to_unc_sent = n / 2;
	c->a_to_cong_sent = n - n / 2;
	c->b_to_cong_sent = n;
	offered = c->a_to_cong_sent + c->b_to_cong_sent;
	c->a_to_unc_rx = c->a_to_unc_sent;
	c->a_to_cong_rx = c->a_to_cong_sent;
	c->b_to_cong_rx = c->b_to_cong_sent;
	if (kind == SIM_BACK_PRESSURE || offered <= cap)
		return;
	/* the congested port drops in proportion to each source's share */
	c->a_to_cong_rx = c->a_to_cong_sent * cap / offered;
	c->b_to_cong_rx = cap - c->a_to_cong_rx;
	if (kind == SIM_HOLB)
		/* A's frames wait behind its own frames to the congested
		 * port: the same share of them is lost */
		c->a_to_unc_rx = c->a_to_unc_sent * cap / offered;
}

static void
test_congestion(void **state)
{
	struct swproc_cong_counts c;
	struct swproc_cong_row r;
	char buf[REPORT_LINE_MAX];

	(void)state;
	/* 150 % at the congested port: 33 % lost, the uncongested port
	 * forwards 50 % of the MOL, no HOLB, no back pressure */
	sim_congestion(SIM_OUTPUT_QUEUES, 10000, 10000, 2, &c);
	assert_int_equal(swproc_congestion(&c, 1, 64, &r), 0);
	assert_true(r.measured);
	assert_false(r.holb);
	assert_true(r.has_bp);
	assert_false(r.back_pressure);
	assert_true(fabs(r.cong_load_pct - 150.0) < 1e-9);
	assert_true(fabs(r.expected_loss_pct - 100.0 / 3) < 1e-9);
	assert_true(fabs(r.cong_loss_pct - 100.0 / 3) < 0.01);
	assert_true(fabs(r.unc_loss_pct) < 1e-12);
	assert_true(fabs(r.unc_fr_fps - 5000.0) < 1e-9);
	assert_true(fabs(r.cong_fr_fps - 10000.0) < 1e-9);
	assert_true(fabs(r.a_oload_fps - 10000.0) < 1e-9);
	assert_int_equal(r.duration_ms, 2000);
	assert_true(report_header(&swproc_cong_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "no,trial,mol_fps,frame_size_b,duration_ms,a_sent,"
			    "b_sent,a_oload_fps,b_oload_fps,unc_sent,"
			    "unc_received,unc_flood,unc_loss_pct,unc_fr_fps,"
			    "cong_sent,cong_received,cong_flood,cong_loss_pct,"
			    "cong_fr_fps,cong_load_pct,expected_loss_pct,holb,"
			    "back_pressure,measured");
	assert_true(report_row(&swproc_cong_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,0,10000,64,2000,20000,20000,10000.000,"
			    "10000.000,10000,10000,0,0.000000,5000.000000,"
			    "30000,20000,0,33.333333,10000.000000,150.000000,"
			    "33.333333,0,0,1");
	/* HOLB: loss at the uncongested port */
	sim_congestion(SIM_HOLB, 10000, 10000, 2, &c);
	assert_int_equal(swproc_congestion(&c, 1, 64, &r), 0);
	assert_true(r.holb);
	assert_true(r.unc_loss_pct > 30.0);
	/* back pressure: nothing lost under 150 % */
	sim_congestion(SIM_BACK_PRESSURE, 10000, 10000, 2, &c);
	assert_int_equal(swproc_congestion(&c, 1, 64, &r), 0);
	assert_false(r.holb);
	assert_true(r.back_pressure);
	/* a congested port fast enough: no loss, back pressure undecided */
	sim_congestion(SIM_OUTPUT_QUEUES, 10000, 20000, 1, &c);
	c.mol_fps = 20000;
	assert_int_equal(swproc_congestion(&c, 1, 64, &r), 0);
	assert_false(r.has_bp);
	assert_true(report_row(&swproc_cong_table, &r, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, ",75.000000,,0,"));
	/* the sources sent different counts: no figures */
	sim_congestion(SIM_OUTPUT_QUEUES, 10000, 10000, 1, &c);
	c.b_to_cong_sent--;
	assert_int_equal(swproc_congestion(&c, 1, 64, &r), 0);
	assert_false(r.measured);
	assert_true(report_row(&swproc_cong_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,0,10000,64,1000,10000,9999,10000.000,"
			    "9999.000,5000,5000,0,,,14999,10000,0,,,,,,,0");
	c.send_ns = 0;
	assert_int_equal(swproc_congestion(&c, 1, 64, &r), -EINVAL);
}

static void
test_broadcast(void **state)
{
	struct swproc_bcast_row r;
	char buf[REPORT_LINE_MAX];

	(void)state;
	assert_int_equal(swproc_broadcast(0, 2, 1000, 2000000000ull, 2000,
					  1500, true, 12345, true, 1, 64, &r),
			 0);
	assert_true(fabs(r.loss_pct - 25.0) < 1e-12);
	assert_true(fabs(r.fr_fps - 750.0) < 1e-12);
	assert_true(report_header(&swproc_bcast_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "no,trial,src_port,port,iload_fps,"
			    "frame_size_b,duration_ms,sent,oload_fps,received,"
			    "loss_pct,fr_fps,latency_us,measured,tagged,"
			    "tagged_received,tagged_lost,wcl_us,min_us,max_us,"
			    "mean_us");
	assert_true(report_row(&swproc_bcast_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,0,0,2,1000,64,2000,2000,1000.000,1500,"
			    "25.000000,750.000000,12.345,1,0,0,0,,,,");
	/* RFC 8219 7.2 figures of the tags: TL in latency_us, the rest
	 * appended; every tag lost: empty, the counts stay */
	swproc_bcast_latency(&r, &(struct delay_lat_summary){
		.tagged = 10, .received = 9, .lost = 1, .valid = true,
		.tl_ns = 20499.6, .wcl_ns = 1e6, .min_ns = 15000,
		.max_ns = 1e6, .mean_ns = 118449.5 });
	assert_true(report_row(&swproc_bcast_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,0,0,2,1000,64,2000,2000,1000.000,1500,"
			    "25.000000,750.000000,20.500,1,10,9,1,1000.000,"
			    "15.000,1000.000,118.450");
	swproc_bcast_latency(&r, &(struct delay_lat_summary){
		.tagged = 10, .lost = 10 });
	assert_true(report_row(&swproc_bcast_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,0,0,2,1000,64,2000,2000,1000.000,1500,"
			    "25.000000,750.000000,,1,10,0,10,,,,");
	assert_int_equal(swproc_broadcast(0, 3, 1000, 1000000000ull, 1000,
					  1000, false, 0, false, 1, 64, &r),
			 0);
	assert_true(report_row(&swproc_bcast_table, &r, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,0,0,3,1000,64,1000,1000,1000.000,1000,,,,0,"
			    "0,0,0,,,,");
	assert_int_equal(swproc_broadcast(0, 3, 1000, 0, 1, 1, false, 0, true,
					  1, 64, &r), -EINVAL);
}

static void
test_tables(void **state)
{
	char buf[REPORT_LINE_MAX];
	struct swproc_iter_row it = {
		.no = 1, .iteration = 3, .addrs = 24, .iload_fps = 1000,
		.learn_sent = 24, .tport_sent = 24, .tport_flood = 0,
		.lport_rx = 24, .lport_flood = 1, .mport_flood = 2, .low = 16,
		.high = 24, .verdict = VERDICT_FAIL,
	};
	struct swproc_summary_row s = {
		.no = 1, .procedure = "caching", .addrs = 23, .learn_fps = 1000,
		.own_entries = 1, .table_entries = 24, .low = 23, .high = 24,
		.iterations = 10, .result = REPORT_RESULT_MEASURED,
	};

	(void)state;
	assert_true(report_header(&swproc_iter_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "no,iteration,addrs,iload_fps,learn_sent,"
			    "tport_sent,tport_flood,lport_received,lport_flood,"
			    "mport_flood,low,high,status");
	assert_true(report_row(&swproc_iter_table, &it, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "1,3,24,1000,24,24,0,24,1,2,16,24,fail");
	assert_true(report_header(&swproc_summary_table, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "no,procedure,addrs,learn_fps,own_entries,"
			    "table_entries,low,high,iterations,result_kind");
	assert_true(report_row(&swproc_summary_table, &s, buf,
			       sizeof(buf)) > 0);
	assert_string_equal(buf, "1,caching,23,1000,1,24,23,24,10,measured");
	/* learnrate: no own entries, no table column */
	s.procedure = "learnrate";
	s.own_entries = 0;
	assert_true(report_row(&swproc_summary_table, &s, buf,
			       sizeof(buf)) > 0);
	assert_string_equal(buf, "1,learnrate,23,1000,0,,23,24,10,measured");
}

/* ---- the same switches fed through the N-port plans (mport.h) ---- */

static void
net3(struct mport_net *n, unsigned nb_ports, uint32_t addrs)
{
	unsigned p;

	memset(n, 0, sizeof(*n));
	n->nb_ports = nb_ports;
	n->addrs_per_port = addrs;
	for (p = 0; p < nb_ports; p++) {
		n->port[p].mac[0] = 0x02;
		n->port[p].mac[5] = (uint8_t)(p + 1);
	}
}

/*
 * Run plan pl on a switch whose table holds table_max (source port,
 * address) entries, starting empty: the learning streams in order (each
 * frame's source learned while there is room), then the test streams
 * (a learned destination goes to its port, an unknown one to every port
 * but the source: flooded where it is not the destination).
 */
#define SIM_TABLE 4096
static void
sim_plan(const struct mport_plan *pl, uint64_t table_max,
	 struct mport_result *r)
{
	static uint32_t table[SIM_TABLE];
	uint64_t entries = 0, i, e;
	unsigned l, p, q;

	mport_result_init(r, pl, 1);
	for (l = 0; l < pl->nb_learn; l++) {
		const struct mport_stream *s = &pl->learn[l];

		r->port[s->src].learn_sent += s->frames;
		for (i = 0; i < s->frames; i++) {
			uint32_t sk, dk, key;

			mport_stream_addrs(s, i, &sk, &dk);
			key = (uint32_t)s->src << 24 | sk;
			for (e = 0; e < entries && table[e] != key; e++)
				;
			if (e == entries && entries < table_max &&
			    entries < SIM_TABLE)
				table[entries++] = key;
		}
	}
	for (p = 0; p < pl->nb_ports; p++) {
		const struct mport_stream *s = &pl->test[p];

		for (i = 0; i < s->frames; i++) {
			unsigned d = mport_stream_dst(s, i);
			uint32_t sk, dk, key;

			mport_stream_addrs(s, i, &sk, &dk);
			key = (uint32_t)d << 24 | dk;
			for (e = 0; e < entries && table[e] != key; e++)
				;
			if (e < entries) {
				r->pair[p][d].rx.received++;
				continue;
			}
			for (q = 0; q < pl->nb_ports; q++)
				if (q == d)
					r->pair[p][d].rx.received++;
				else if (q != p)
					r->port[q].flooded++;
		}
		r->port[p].send_ns = pl->duration_ms * 1000000ull;
	}
}

static void
test_plan_caching(void **state)
{
	static struct mport_result r;
	struct mport_plan pl;
	struct mport_net n;
	struct swproc_ports sp = { .lport = 0, .tport = 1, .mport = 2 };
	struct swproc_params p = {
		.kind = SWPROC_CACHING, .low = 0, .max = 256, .initial = 128,
		.resolution = 1, .learn_fps = 1000,
	};
	struct swproc_search s;
	struct swproc_counts c;
	char err[128];

	(void)state;
	net3(&n, 3, 256);
	assert_int_equal(swproc_plan_iteration(&pl, &n, &sp, 24, 1000, 0, 0), 0);
	/* RFC 2889 5.7.3: the Tport's broadcast, then N from the Lport */
	assert_int_equal(pl.nb_learn, 2);
	assert_int_equal(pl.learn[0].src, 1);
	assert_int_equal(pl.learn[0].dst[0], MPORT_BCAST);
	assert_int_equal(pl.learn[0].frames, 1);
	assert_int_equal(pl.learn[1].src, 0);
	assert_int_equal(pl.learn[1].frames, 24);
	assert_int_equal(pl.test[1].frames, 24);
	assert_int_equal(pl.test[1].dst[0], 0);
	assert_int_equal(pl.test[0].nb_dst, 0);
	assert_int_equal(pl.test[2].nb_dst, 0);
	assert_int_equal(pl.duration_ms, 24);
	/* table of 24: the Tport's entry and 23 of the Lport's */
	sim_plan(&pl, 24, &r);
	swproc_counts_from(&r, &sp, &c);
	assert_int_equal(c.learn_sent, 24);
	assert_int_equal(c.tport_sent, 24);
	assert_int_equal(c.lport_rx, 24);	/* flooded ones arrive too */
	assert_int_equal(c.mport_rx, 1);
	assert_int_equal(swproc_judge(&c, 24), VERDICT_FAIL);
	sim_plan(&pl, 25, &r);
	swproc_counts_from(&r, &sp, &c);
	assert_int_equal(swproc_judge(&c, 24), VERDICT_PASS);
	/* the whole search through the plans */
	assert_int_equal(swproc_init(&s, &p, err, sizeof(err)), 0);
	while (!swproc_done(&s)) {
		assert_int_equal(swproc_plan_iteration(&pl, &n, &sp,
					swproc_next_addrs(&s),
					swproc_next_learn_fps(&s), 0, 10),
				 0);
		sim_plan(&pl, 24, &r);
		swproc_counts_from(&r, &sp, &c);
		swproc_record(&s, &c);
	}
	assert_int_equal(swproc_result(&s), 24 - SWPROC_OWN_ENTRIES);
	assert_int_equal(swproc_kind_result(&s), REPORT_RESULT_MEASURED);
	/* a tester that did not send everything: invalid */
	r.port[1].not_sent = 1;
	swproc_counts_from(&r, &sp, &c);
	assert_false(c.tester_ok);
	/* bad plans */
	sp.mport = 1;
	assert_int_equal(swproc_plan_iteration(&pl, &n, &sp, 24, 1000, 0, 0),
			 -EINVAL);
	sp.mport = 3;
	assert_int_equal(swproc_plan_iteration(&pl, &n, &sp, 24, 1000, 0, 0),
			 -EINVAL);
	sp.mport = 2;
	assert_int_equal(swproc_plan_iteration(&pl, &n, &sp, 257, 1000, 0, 0),
			 -EINVAL);
	assert_int_equal(swproc_plan_iteration(&pl, &n, &sp, 24, 0, 0, 0),
			 -EINVAL);
}

static void
test_plan_congestion(void **state)
{
	static struct mport_result r;
	struct mport_plan pl;
	struct mport_net n;
	struct swproc_cong_ports cp = { .a = 0, .b = 1, .unc = 2, .cong = 3 };
	struct swproc_cong_counts c;
	struct swproc_cong_row row;
	uint64_t offered, cap = 1000;

	(void)state;
	net3(&n, 4, 1);
	assert_int_equal(swproc_plan_congestion(&pl, &n, &cp, 1000, 1000, 100),
			 0);
	/* RFC 2889 5.5.3: A alternates unc, cong; B only cong; the same
	 * number of frames */
	assert_int_equal(pl.test[0].nb_dst, 2);
	assert_int_equal(pl.test[0].dst[0], 2);
	assert_int_equal(pl.test[0].dst[1], 3);
	assert_int_equal(pl.test[1].nb_dst, 1);
	assert_int_equal(pl.test[1].dst[0], 3);
	assert_int_equal(pl.test[0].frames, pl.test[1].frames);
	assert_int_equal(pl.nb_learn, 2);
	/* a switch with an output queue per port, the congested one
	 * forwarding cap frames in the trial: learned everything */
	sim_plan(&pl, 100, &r);
	offered = r.pair[0][3].sent + r.pair[1][3].sent;
	assert_int_equal(offered, 1500);
	r.pair[0][3].rx.received = r.pair[0][3].sent * cap / offered;
	r.pair[1][3].rx.received = cap - r.pair[0][3].rx.received;
	swproc_cong_from(&r, &cp, 1000, &c);
	assert_int_equal(swproc_congestion(&c, 1, 64, &row), 0);
	assert_true(row.measured);
	assert_false(row.holb);
	assert_false(row.back_pressure);
	assert_true(fabs(row.cong_load_pct - 150.0) < 1e-9);
	assert_true(fabs(row.cong_loss_pct - 100.0 / 3) < 0.01);
	assert_true(fabs(row.unc_fr_fps - 500.0) < 1e-9);
	/* ports not distinct */
	cp.b = 0;
	assert_int_equal(swproc_plan_congestion(&pl, &n, &cp, 1000, 1000, 100),
			 -EINVAL);
}

static void
test_plan_broadcast(void **state)
{
	static struct mport_result r;
	struct mport_plan pl;
	struct mport_net n;
	struct swproc_bcast_row row;
	unsigned p;

	(void)state;
	net3(&n, 4, 1);
	assert_int_equal(swproc_plan_broadcast(&pl, &n, 0, 500, 2000), 0);
	assert_int_equal(pl.test[0].dst[0], MPORT_BCAST);
	assert_int_equal(pl.test[0].frames, 1000);
	assert_int_equal(pl.nb_learn, 0);
	mport_result_init(&r, &pl, 1);
	/* every other port is due every broadcast frame */
	for (p = 1; p < 4; p++) {
		assert_int_equal(r.pair[0][p].sent, 1000);
		assert_int_equal(swproc_broadcast(0, p, 500, 2000000000ull,
						  r.pair[0][p].sent, 900, false,
						  0, true, 1, 64, &row), 0);
		assert_true(fabs(row.fr_fps - 450.0) < 1e-9);
	}
	assert_int_equal(swproc_plan_broadcast(&pl, &n, 4, 500, 2000),
			 -EINVAL);
}

/* ---- [switch]: the checks and the parameters ---- */

static void
test_cfg(void **state)
{
	static struct cfg c;
	struct swproc_params p;
	char err[1024];

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(swproc_cfg_check(&c, err, sizeof(err)), 0);
	/* the defaults: RFC 2889 5.7.3 LOW 0, HIGH MAX, N half of it */
	swproc_params_from_cfg(&c, SWPROC_CACHING, &p);
	assert_int_equal(p.low, 0);
	assert_int_equal(p.max, 1024);
	assert_int_equal(p.initial, 512);
	assert_int_equal(p.resolution, 1);
	assert_int_equal(p.learn_fps, c.sw.learn_fps);
	swproc_params_from_cfg(&c, SWPROC_LEARNRATE, &p);
	assert_int_equal(p.low, 10);
	assert_int_equal(p.max, 10000);
	assert_int_equal(p.initial, 5005);
	assert_int_equal(p.addrs, 256);
	assert_int_equal(swproc_init(&(struct swproc_search){ 0 }, &p, err,
				     sizeof(err)), 0);
	/* cross-key checks */
	c.swp.initial_addrs = 2000;
	assert_int_equal(swproc_cfg_check(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[switch] initial_addrs = 2000"));
	assert_non_null(strstr(err, "max_addrs = 1024"));
	c.swp.initial_addrs = 0;
	c.swp.learn_initial_fps = 10;
	assert_int_equal(swproc_cfg_check(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "learn_initial_fps = 10"));
	c.swp.learn_initial_fps = 0;
	c.swp.learn_min_fps = 10000;
	assert_int_equal(swproc_cfg_check(&c, err, sizeof(err)), -EINVAL);
	c.swp.learn_min_fps = 10;
	c.swp.mport = 1;
	assert_int_equal(swproc_cfg_check(&c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "mport = 1"));
	c.swp.mport = 2;
	/* the mode's checks: ports, then the aging time */
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_CACHING, err,
						 sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "needs 3 ports"));
	c.nb_ports = 3;
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_CACHING, err,
						 sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[switch] aging_s = 0"));
	/* 1024 + 1024 frames at 1000 fps and 100 ms: 2.148 s */
	c.sw.learn_fps = 1000;
	c.sw.aging_s = 3;
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_CACHING, err,
						 sizeof(err)), 0);
	c.sw.aging_s = 2;
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_CACHING, err,
						 sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[switch] aging_s = 2:"));
	assert_non_null(strstr(err, "[switch] max_addrs = 1024"));
	assert_non_null(strstr(err, "[switch] learn_fps = 1000"));
	assert_non_null(strstr(err, "2.148 s"));
	/* learnrate: 256 learning frames at 11 fps, 256 test frames at
	 * [traffic] rate_fps (10000): 23.273 + 0.026 + 0.1 s */
	assert_int_equal(swproc_test_fps(&c, SWPROC_LEARNRATE), c.rate_fps);
	assert_int_equal(swproc_test_fps(&c, SWPROC_CACHING), 1000);
	c.rate_fps = 10000;
	c.sw.aging_s = 23;
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_LEARNRATE, err,
						 sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "[switch] addrs = 256"));
	assert_non_null(strstr(err, "learn_min_fps + 1 = 11"));
	assert_non_null(strstr(err, "23.399 s"));
	c.sw.aging_s = 24;
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_LEARNRATE, err,
						 sizeof(err)), 0);
	c.swp.tport = 3;
	assert_int_equal(swproc_cfg_check_search(&c, SWPROC_LEARNRATE, err,
						 sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "ports 0 .. 2 only"));
	/* congestion needs 4, broadcast its sending port */
	assert_int_equal(swproc_cfg_check_ports(&c, "congestion", 4, err,
						sizeof(err)), -EINVAL);
	assert_int_equal(swproc_cfg_check_ports(&c, "broadcast", 2, err,
						sizeof(err)), 0);
	c.swp.bcast_port = 3;
	assert_int_equal(swproc_cfg_check_ports(&c, "broadcast", 2, err,
						sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "bcast_port = 3"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caching_capacity),
		cmocka_unit_test(test_caching_bounds),
		cmocka_unit_test(test_caching_invalid),
		cmocka_unit_test(test_learning_rate),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_aging),
		cmocka_unit_test(test_congestion),
		cmocka_unit_test(test_broadcast),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_plan_caching),
		cmocka_unit_test(test_plan_congestion),
		cmocka_unit_test(test_plan_broadcast),
		cmocka_unit_test(test_cfg),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

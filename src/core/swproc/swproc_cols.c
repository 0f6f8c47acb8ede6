/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swproc_cols: the rows and column tables of caching.csv, learnrate.csv,
 * switch.csv, congestion.csv and broadcast.csv.
 */
#include <string.h>

#include "dutperf/swproc.h"

void
swproc_iter_row(const struct swproc_search *s, const struct swproc_counts *c,
		uint64_t addrs, uint64_t iload_fps, enum verdict v, uint32_t no,
		struct swproc_iter_row *row)
{
	memset(row, 0, sizeof(*row));
	row->no = no;
	row->iteration = s->iterations;
	row->addrs = addrs;
	row->iload_fps = iload_fps;
	row->learn_sent = c->learn_sent;
	row->tport_sent = c->tport_sent;
	row->tport_flood = c->tport_flood;
	row->lport_rx = c->lport_rx;
	row->lport_flood = c->lport_flood;
	row->mport_flood = c->mport_rx;
	row->low = s->low;
	row->high = s->high;
	row->verdict = v;
}

void
swproc_summary(const struct swproc_search *s, uint32_t no,
	       struct swproc_summary_row *row)
{
	memset(row, 0, sizeof(*row));
	row->no = no;
	row->procedure = swproc_kind_name(s->p.kind);
	row->low = s->low;
	row->high = s->high;
	row->iterations = s->iterations;
	row->result = swproc_kind_result(s);
	if (s->p.kind == SWPROC_CACHING) {
		row->addrs = swproc_result(s);
		row->learn_fps = s->p.learn_fps;
		row->own_entries = SWPROC_OWN_ENTRIES;
		row->table_entries = row->addrs + SWPROC_OWN_ENTRIES;
	} else {
		row->addrs = s->p.addrs;
		row->learn_fps = swproc_result(s);
	}
}

/* RFC 2889 5.7.5 / 5.8.5: one iteration a row */
static const struct report_col swproc_iter_cols[] = {
	REPORT_COL_U32("no", "", struct swproc_iter_row, no),
	REPORT_COL_U32("iteration", "", struct swproc_iter_row, iteration),
	REPORT_COL_U64("addrs", "", struct swproc_iter_row, addrs),
	REPORT_COL_U64("iload_fps", "fps", struct swproc_iter_row, iload_fps),
	REPORT_COL_U64("learn_sent", "", struct swproc_iter_row, learn_sent),
	REPORT_COL_U64("tport_sent", "", struct swproc_iter_row, tport_sent),
	REPORT_COL_U64("tport_flood", "", struct swproc_iter_row, tport_flood),
	REPORT_COL_U64("lport_received", "", struct swproc_iter_row, lport_rx),
	REPORT_COL_U64("lport_flood", "", struct swproc_iter_row, lport_flood),
	REPORT_COL_U64("mport_flood", "", struct swproc_iter_row, mport_flood),
	REPORT_COL_U64("low", "", struct swproc_iter_row, low),
	REPORT_COL_U64("high", "", struct swproc_iter_row, high),
	REPORT_COL_VERDICT("status", struct swproc_iter_row, verdict),
};

const struct report_table swproc_iter_table =
	REPORT_TABLE(",", swproc_iter_cols);

static bool
swproc_get_table_entries(const void *row, union report_value *v)
{
	const struct swproc_summary_row *r = row;

	v->u64 = r->table_entries;
	return r->own_entries > 0 && r->result != REPORT_RESULT_NONE;
}

static const struct report_col swproc_summary_cols[] = {
	REPORT_COL_U32("no", "", struct swproc_summary_row, no),
	REPORT_COL_TEXT("procedure", struct swproc_summary_row, procedure),
	REPORT_COL_U64("addrs", "", struct swproc_summary_row, addrs),
	REPORT_COL_U64("learn_fps", "fps", struct swproc_summary_row,
		       learn_fps),
	REPORT_COL_U64("own_entries", "", struct swproc_summary_row,
		       own_entries),
	REPORT_COL_GET("table_entries", "", REPORT_U64, 0,
		       swproc_get_table_entries),
	REPORT_COL_U64("low", "", struct swproc_summary_row, low),
	REPORT_COL_U64("high", "", struct swproc_summary_row, high),
	REPORT_COL_U32("iterations", "", struct swproc_summary_row,
		       iterations),
	REPORT_COL_RESULT("result_kind", struct swproc_summary_row, result),
};

const struct report_table swproc_summary_table =
	REPORT_TABLE(",", swproc_summary_cols);

static bool
swproc_get_holb(const void *row, union report_value *v)
{
	const struct swproc_cong_row *r = row;

	v->b = r->holb;
	return r->measured;
}

static bool
swproc_get_bp(const void *row, union report_value *v)
{
	const struct swproc_cong_row *r = row;

	v->b = r->back_pressure;
	return r->measured && r->has_bp;
}

static bool
swproc_get_expected(const void *row, union report_value *v)
{
	const struct swproc_cong_row *r = row;

	v->f = r->expected_loss_pct;
	return r->measured && r->has_bp;
}

#define CONG_IF(n, u, m) REPORT_COL_DOUBLE_IF(n, u, 6, struct swproc_cong_row, \
					       m, measured)
/* RFC 2889 5.5.5: loss at both receiving ports, the uncongested port's
 * forwarding rate, the offered load, HOLB and back pressure */
static const struct report_col swproc_cong_cols[] = {
	REPORT_COL_U32("no", "", struct swproc_cong_row, no),
	REPORT_COL_U32("trial", "", struct swproc_cong_row, trial),
	REPORT_COL_U64("mol_fps", "fps", struct swproc_cong_row, mol_fps),
	REPORT_COL_U32("frame_size_b", "b", struct swproc_cong_row,
		       frame_size_b),
	REPORT_COL_U64("duration_ms", "ms", struct swproc_cong_row,
		       duration_ms),
	REPORT_COL_U64("a_sent", "", struct swproc_cong_row, a_sent),
	REPORT_COL_U64("b_sent", "", struct swproc_cong_row, b_sent),
	REPORT_COL_DOUBLE("a_oload_fps", "fps", 3, struct swproc_cong_row,
			  a_oload_fps),
	REPORT_COL_DOUBLE("b_oload_fps", "fps", 3, struct swproc_cong_row,
			  b_oload_fps),
	REPORT_COL_U64("unc_sent", "", struct swproc_cong_row, unc_sent),
	REPORT_COL_U64("unc_received", "", struct swproc_cong_row, unc_rx),
	REPORT_COL_U64("unc_flood", "", struct swproc_cong_row, unc_flood),
	CONG_IF("unc_loss_pct", "pct", unc_loss_pct),
	CONG_IF("unc_fr_fps", "fps", unc_fr_fps),
	REPORT_COL_U64("cong_sent", "", struct swproc_cong_row, cong_sent),
	REPORT_COL_U64("cong_received", "", struct swproc_cong_row, cong_rx),
	REPORT_COL_U64("cong_flood", "", struct swproc_cong_row, cong_flood),
	CONG_IF("cong_loss_pct", "pct", cong_loss_pct),
	CONG_IF("cong_fr_fps", "fps", cong_fr_fps),
	CONG_IF("cong_load_pct", "pct", cong_load_pct),
	REPORT_COL_GET("expected_loss_pct", "pct", REPORT_DOUBLE, 6,
		       swproc_get_expected),
	REPORT_COL_GET("holb", "", REPORT_BOOL, 0, swproc_get_holb),
	REPORT_COL_GET("back_pressure", "", REPORT_BOOL, 0, swproc_get_bp),
	REPORT_COL_BOOL("measured", struct swproc_cong_row, measured),
};

const struct report_table swproc_cong_table =
	REPORT_TABLE(",", swproc_cong_cols);

static bool
swproc_get_latency(const void *row, union report_value *v)
{
	const struct swproc_bcast_row *r = row;

	v->u64 = r->latency_ns;
	return r->measured && r->has_latency;
}

/* A latency in ns shown in us, empty unless measured with a tag back
 * (swproc_bcast_latency). */
#define BCAST_LAT_GET(m)						\
	static bool							\
	swproc_get_##m(const void *row, union report_value *v)		\
	{								\
		const struct swproc_bcast_row *r = row;			\
									\
		v->f = r->m / 1000.0;					\
		return r->measured && r->has_latency &&			\
		       r->tagged_received > 0;				\
	}
BCAST_LAT_GET(wcl_ns)
BCAST_LAT_GET(min_ns)
BCAST_LAT_GET(max_ns)
BCAST_LAT_GET(mean_ns)
#define BCAST_LAT(n, m) REPORT_COL_GET(n, "us", REPORT_DOUBLE, 3, \
	swproc_get_##m)

#define BCAST_IF(n, u, m) REPORT_COL_DOUBLE_IF(n, u, 6, \
	struct swproc_bcast_row, m, measured)
/* RFC 2889 5.10.4: per receiving port */
static const struct report_col swproc_bcast_cols[] = {
	REPORT_COL_U32("no", "", struct swproc_bcast_row, no),
	REPORT_COL_U32("trial", "", struct swproc_bcast_row, trial),
	REPORT_COL_U32("src_port", "", struct swproc_bcast_row, src_port),
	REPORT_COL_U32("port", "", struct swproc_bcast_row, port),
	REPORT_COL_U64("iload_fps", "fps", struct swproc_bcast_row, iload_fps),
	REPORT_COL_U32("frame_size_b", "b", struct swproc_bcast_row,
		       frame_size_b),
	REPORT_COL_U64("duration_ms", "ms", struct swproc_bcast_row,
		       duration_ms),
	REPORT_COL_U64("sent", "", struct swproc_bcast_row, sent),
	REPORT_COL_DOUBLE("oload_fps", "fps", 3, struct swproc_bcast_row,
			  oload_fps),
	REPORT_COL_U64("received", "", struct swproc_bcast_row, received),
	BCAST_IF("loss_pct", "pct", loss_pct),
	BCAST_IF("fr_fps", "fps", fr_fps),
	REPORT_COL_GET("latency_us", "us", REPORT_NS_US, 0,
		       swproc_get_latency),
	REPORT_COL_BOOL("measured", struct swproc_bcast_row, measured),
	/* RFC 8219 7.2, appended: the tagged frames at this port */
	REPORT_COL_U32("tagged", "", struct swproc_bcast_row, tagged),
	REPORT_COL_U32("tagged_received", "", struct swproc_bcast_row,
		       tagged_received),
	REPORT_COL_U32("tagged_lost", "", struct swproc_bcast_row,
		       tagged_lost),
	BCAST_LAT("wcl_us", wcl_ns),
	BCAST_LAT("min_us", min_ns),
	BCAST_LAT("max_us", max_ns),
	BCAST_LAT("mean_us", mean_ns),
};

const struct report_table swproc_bcast_table =
	REPORT_TABLE(",", swproc_bcast_cols);

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report: the column tables of trials.csv, rate.csv, latency.csv, pdv.csv
 * and flr.csv (report.h; the other files' tables live next to their row
 * structs), run.json's text formats.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/report.h"

void
report_format_iso8601(time_t t, char *buf, size_t len)
{
	struct tm tm;
	char zone[8];

	/* %z gives "+0000"; ISO 8601's extended form wants "+00:00" */
	if (localtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm) == 0 ||
	    strftime(zone, sizeof(zone), "%z", &tm) != 5) {
		snprintf(buf, len, "%s", "1970-01-01T00:00:00+00:00");
		return;
	}
	snprintf(buf + strlen(buf), len - strlen(buf), "%.3s:%.2s", zone,
		 zone + 3);
}

/* Length of the valid UTF-8 sequence at p (RFC 3629), 0: none. */
static size_t
report_utf8_seq(const unsigned char *p)
{
	uint32_t cp;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)	/* also stops at the NUL */
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

char *
report_utf8_clean(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char *out = malloc(strlen(s) * 3 + 1), *o = out;
	size_t n;

	if (out == NULL)
		return NULL;
	while (*p != '\0') {
		n = report_utf8_seq(p);
		if (n == 0) {
			memcpy(o, "\xef\xbf\xbd", 3);	/* U+FFFD */
			o += 3;
			p++;
			continue;
		}
		memcpy(o, p, n);
		o += n;
		p += n;
	}
	*o = '\0';
	return out;
}

/* trials.csv: one direction of a trial (fwd_*, rev_*). */
static const struct report_col trial_dir_cols[] = {
	REPORT_COL_U64("planned", "", struct report_dir, v.planned),
	REPORT_COL_U64("sent", "", struct report_dir, v.sent),
	REPORT_COL_U64("unsent", "", struct report_dir, v.unsent),
	REPORT_COL_U64("received", "", struct report_dir, v.received),
	REPORT_COL_U64("lost", "", struct report_dir, v.lost),
	REPORT_COL_U64("duplicates", "", struct report_dir, v.duplicates),
	REPORT_COL_U64("reordered", "", struct report_dir, v.reordered),
	REPORT_COL_U64("late", "", struct report_dir, v.late),
	REPORT_COL_U64("foreign", "", struct report_dir, v.foreign),
	REPORT_COL_U64("stale", "", struct report_dir, stale),
	REPORT_COL_U64("bogus", "", struct report_dir, bogus),
	REPORT_COL_NS_US("max_lag_us", struct report_dir, v.max_lag_ns),
	/* 0: fewer than 2 bursts, no rate */
	REPORT_COL_DOUBLE_POS("achieved_fps", "fps", 3, struct report_dir,
			      achieved_fps),
};

static const struct report_table trial_dir_table =
	REPORT_TABLE_GATED(trial_dir_cols, struct report_dir, active);

/* Foreign frames of a direction in group g (frame_kind_group). */
static uint64_t
dir_foreign_group(const struct report_dir *d, enum frame_group g)
{
	uint64_t n = 0;
	int k;

	for (k = 0; k < FRAME_KIND_COUNT; k++)
		if (frame_kind_group((enum frame_kind)k) == g)
			n += d->kinds[k];
	return n;
}

#define FOREIGN_GROUP_GET(fn, g) \
	static bool \
	fn(const void *row, union report_value *v) \
	{ \
		v->u64 = dir_foreign_group(row, g); \
		return true; \
	}

FOREIGN_GROUP_GET(get_foreign_link, FRAME_GROUP_LINK)
FOREIGN_GROUP_GET(get_foreign_ip, FRAME_GROUP_IP)
FOREIGN_GROUP_GET(get_foreign_udp, FRAME_GROUP_UDP)

/* trials.csv's last columns per direction: foreign in its groups, which
 * sum to foreign (docs/accounting.md). */
static const struct report_col trial_dir_foreign_cols[] = {
	REPORT_COL_GET("foreign_link", "", REPORT_U64, 0, get_foreign_link),
	REPORT_COL_GET("foreign_ip", "", REPORT_U64, 0, get_foreign_ip),
	REPORT_COL_GET("foreign_udp", "", REPORT_U64, 0, get_foreign_udp),
};

static const struct report_table trial_dir_foreign_table =
	REPORT_TABLE_GATED(trial_dir_foreign_cols, struct report_dir, active);

/* trials.csv's bytes per direction (after imix and the Mb/s). */
static const struct report_col trial_dir_bytes_cols[] = {
	REPORT_COL_U64("sent_b", "b", struct report_dir, sent_b),
};

static const struct report_table trial_dir_bytes_table =
	REPORT_TABLE_GATED(trial_dir_bytes_cols, struct report_dir, active);

/* trials.csv's last columns: the received bytes per direction. */
static const struct report_col trial_dir_recv_cols[] = {
	REPORT_COL_U64("recv_b", "b", struct report_dir, recv_b),
};

static const struct report_table trial_dir_recv_table =
	REPORT_TABLE_GATED(trial_dir_recv_cols, struct report_dir, active);

/* after the received bytes: the ARP / ND answers per direction */
static const struct report_col trial_dir_answered_cols[] = {
	REPORT_COL_U64("answered", "", struct report_dir, answered),
};

/* after the answers: the RFC 2544 23 (b) learning frames per direction */
static const struct report_col trial_dir_learning_cols[] = {
	REPORT_COL_U64("learning", "", struct report_dir, learning),
};

static const struct report_table trial_dir_learning_table =
	REPORT_TABLE_GATED(trial_dir_learning_cols, struct report_dir, active);

static const struct report_table trial_dir_answered_table =
	REPORT_TABLE_GATED(trial_dir_answered_cols, struct report_dir, active);

static bool
get_foreign_vlan(const void *row, union report_value *v)
{
	v->u64 = ((const struct report_dir *)row)->kinds[FRAME_FOREIGN_VLAN];
	return true;
}

/* after the learning frames: of foreign_link, the frames whose VLAN tags
 * were not the port's (another VID, none, one too many) */
static const struct report_col trial_dir_vlan_cols[] = {
	REPORT_COL_GET("foreign_vlan", "", REPORT_U64, 0, get_foreign_vlan),
};

static const struct report_table trial_dir_vlan_table =
	REPORT_TABLE_GATED(trial_dir_vlan_cols, struct report_dir, active);

static const struct report_col trial_cols[] = {
	REPORT_COL_DATE("start", struct report_trial, start),
	REPORT_COL_U32("search", "", struct report_trial, search_no),
	REPORT_COL_U32("iteration", "", struct report_trial, iteration),
	REPORT_COL_U64("rate_fps", "fps", struct report_trial, rate_fps),
	REPORT_COL_U32("frame_size_b", "b", struct report_trial, frame_size_b),
	REPORT_COL_DIRECTION("direction", struct report_trial, direction),
	REPORT_COL_U32("duration_s", "s", struct report_trial, duration_s),
	REPORT_COL_U32("timeout_ms", "ms", struct report_trial, timeout_ms),
	REPORT_COL_HEX64("seed", "", struct report_trial, seed),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_table),
	REPORT_COL_VERDICT("status", struct report_trial, verdict),
	REPORT_COL_REASON("reason", struct report_trial, reason),
	REPORT_COL_TEXT("phase", struct report_trial, phase),
	REPORT_COL_U32("recorded", "", struct report_trial, recorded),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_foreign_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_foreign_table),
	REPORT_COL_U64("duration_ms", "ms", struct report_trial, duration_ms),
	REPORT_COL_REASON("imix", struct report_trial, imix),
	REPORT_COL_DOUBLE("rate_l2_mbps", "mbps", 3, struct report_trial,
			  rate_l2_mbps),
	REPORT_COL_DOUBLE("rate_l1_mbps", "mbps", 3, struct report_trial,
			  rate_l1_mbps),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_bytes_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_bytes_table),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_recv_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_recv_table),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_answered_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_answered_table),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_learning_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_learning_table),
	REPORT_COL_GROUP("fwd", struct report_trial, dir[CFG_FWD],
			 &trial_dir_vlan_table),
	REPORT_COL_GROUP("rev", struct report_trial, dir[CFG_REV],
			 &trial_dir_vlan_table),
};

const struct report_table report_trials_table = REPORT_TABLE(",", trial_cols);

/* rate.csv: siitperf's columns and ", " separators, byte for byte, then
 * result_kind (docs/results.md; test_report checks the header against a
 * file siitperf wrote). */
static const struct report_col rate_cols[] = {
	REPORT_COL_U32("No", "", struct report_search, no),
	REPORT_COL_U32("Size", "b", struct report_search, frame_size_b),
	REPORT_COL_DIRECTION("Dir", struct report_search, direction),
	REPORT_COL_U32("n", "", struct report_search, n),
	REPORT_COL_U32("m", "", struct report_search, m),
	REPORT_COL_U32("Duration", "s", struct report_search, duration_s),
	REPORT_COL_U64("Initial Rate", "fps", struct report_search,
		       initial_fps),
	REPORT_COL_U32("Timeout", "ms", struct report_search, timeout_ms),
	REPORT_COL_U64("Error", "fps", struct report_search, error_fps),
	REPORT_COL_DATE("Date", struct report_search, date),
	REPORT_COL_U32("Iterations needed", "", struct report_search,
		       iterations),
	/* empty when the search found none */
	REPORT_COL_U64_IF_RESULT("rate", "fps", struct report_search, rate_fps,
				 result),
	REPORT_COL_RESULT("result_kind", struct report_search, result),
};

const struct report_table report_rate_table = REPORT_TABLE(", ", rate_cols);

/* What latency.csv and pdv.csv rows start with. */
static const struct report_col run_cols[] = {
	REPORT_COL_DATE("start", struct report_run, start),
	REPORT_COL_U32("no", "", struct report_run, no),
	REPORT_COL_U64("rate_fps", "fps", struct report_run, rate_fps),
	REPORT_COL_U32("frame_size_b", "b", struct report_run, frame_size_b),
	REPORT_COL_DIRECTION("direction", struct report_run, direction),
	REPORT_COL_U32("duration_s", "s", struct report_run, duration_s),
	REPORT_COL_U32("timeout_ms", "ms", struct report_run, timeout_ms),
	REPORT_COL_U32("frame_timeout_ms", "ms", struct report_run,
		       frame_timeout_ms),
	REPORT_COL_HEX64("seed", "", struct report_run, seed),
};

static const struct report_table run_table = REPORT_TABLE(NULL, run_cols);

/* Latencies in microseconds, empty when every tagged frame was lost. */
#define LAT_US(n, m) REPORT_COL_DOUBLE_IF(n, "us", 3, \
	struct report_lat_dir, m, valid)

static const struct report_col lat_dir_cols[] = {
	REPORT_COL_U64("sent", "", struct report_lat_dir, sent),
	REPORT_COL_U64("received", "", struct report_lat_dir, received),
	REPORT_COL_U32("tagged", "", struct report_lat_dir, tagged),
	REPORT_COL_U32("tagged_received", "", struct report_lat_dir,
		       tagged_received),
	REPORT_COL_U32("tagged_lost", "", struct report_lat_dir, tagged_lost),
	LAT_US("tl_us", tl_us),
	LAT_US("wcl_us", wcl_us),
	LAT_US("min_us", min_us),
	LAT_US("max_us", max_us),
	LAT_US("mean_us", mean_us),
};

static const struct report_table lat_dir_table =
	REPORT_TABLE_GATED(lat_dir_cols, struct report_lat_dir, active);

static const struct report_col latency_cols[] = {
	REPORT_COL_GROUP(NULL, struct report_latency, run, &run_table),
	REPORT_COL_U32("delay_s", "s", struct report_latency, delay_s),
	REPORT_COL_TEXT("timestamps", struct report_latency, timestamps),
	REPORT_COL_GROUP("fwd", struct report_latency, dir[CFG_FWD],
			 &lat_dir_table),
	REPORT_COL_GROUP("rev", struct report_latency, dir[CFG_REV],
			 &lat_dir_table),
	REPORT_COL_VERDICT("status", struct report_latency, run.verdict),
	REPORT_COL_REASON("reason", struct report_latency, run.reason),
};

const struct report_table report_latency_table =
	REPORT_TABLE(",", latency_cols);

/* Delays in microseconds: PDV empty when nothing arrived, IPDV on its own. */
#define PDV_US(n, m, flag) REPORT_COL_DOUBLE_IF(n, "us", 3, \
	struct report_pdv_dir, m, flag)

static const struct report_col pdv_dir_cols[] = {
	REPORT_COL_U64("sent", "", struct report_pdv_dir, sent),
	REPORT_COL_U64("received", "", struct report_pdv_dir, received),
	PDV_US("dmin_us", dmin_us, valid),
	PDV_US("d999_us", d999_us, valid),
	PDV_US("dmax_us", dmax_us, valid),
	PDV_US("pdv_us", pdv_us, valid),
	PDV_US("ipdv_min_us", ipdv_min_us, ipdv_valid),
	PDV_US("ipdv_median_us", ipdv_median_us, ipdv_valid),
	PDV_US("ipdv_max_us", ipdv_max_us, ipdv_valid),
};

static const struct report_table pdv_dir_table =
	REPORT_TABLE_GATED(pdv_dir_cols, struct report_pdv_dir, active);

/* Added at the end of the header (its older columns keep their place). */
static const struct report_col pdv_count_cols[] = {
	REPORT_COL_U64("delays", "", struct report_pdv_dir, delays),
	REPORT_COL_U64("ipdv_pairs", "", struct report_pdv_dir, ipdv_pairs),
};

static const struct report_table pdv_count_table =
	REPORT_TABLE_GATED(pdv_count_cols, struct report_pdv_dir, active);

static const struct report_col pdv_cols[] = {
	REPORT_COL_GROUP(NULL, struct report_pdv, run, &run_table),
	REPORT_COL_GROUP("fwd", struct report_pdv, dir[CFG_FWD],
			 &pdv_dir_table),
	REPORT_COL_GROUP("rev", struct report_pdv, dir[CFG_REV],
			 &pdv_dir_table),
	REPORT_COL_VERDICT("status", struct report_pdv, run.verdict),
	REPORT_COL_REASON("reason", struct report_pdv, run.reason),
	REPORT_COL_GROUP("fwd", struct report_pdv, dir[CFG_FWD],
			 &pdv_count_table),
	REPORT_COL_GROUP("rev", struct report_pdv, dir[CFG_REV],
			 &pdv_count_table),
};

const struct report_table report_pdv_table = REPORT_TABLE(",", pdv_cols);

static uint64_t
flr_lost(const struct report_flr *r)
{
	return r->sent > r->received ? r->sent - r->received : 0;
}

/* Only a trial that passed or failed measured a loss; an invalid or
 * interrupted one has no loss figures. */
static bool
flr_measured(const struct report_flr *r)
{
	return verdict_measured(r->verdict);
}

static bool
flr_get_lost(const void *row, union report_value *v)
{
	v->u64 = flr_lost(row);
	return flr_measured(row);
}

/* RFC 2544 26.3: (sent - received) * 100 / sent; none when nothing sent. */
static bool
flr_get_loss_pct(const void *row, union report_value *v)
{
	const struct report_flr *r = row;

	if (r->sent == 0 || !flr_measured(r))
		return false;
	v->f = (double)flr_lost(r) * 100.0 / (double)r->sent;
	return true;
}

static bool
flr_get_rx_fps(const void *row, union report_value *v)
{
	const struct report_flr *r = row;

	v->f = r->rx_fps;
	return flr_measured(r);
}

static const struct report_col flr_cols[] = {
	REPORT_COL_DATE("start", struct report_flr, start),
	REPORT_COL_U32("no", "", struct report_flr, no),
	REPORT_COL_U32("step", "", struct report_flr, step),
	REPORT_COL_U64("offered_fps", "fps", struct report_flr, offered_fps),
	REPORT_COL_U32("frame_size_b", "b", struct report_flr, frame_size_b),
	REPORT_COL_DIR_ID("dir", struct report_flr, dir),
	REPORT_COL_U32("duration_s", "s", struct report_flr, duration_s),
	REPORT_COL_U64("sent", "", struct report_flr, sent),
	REPORT_COL_U64("received", "", struct report_flr, received),
	REPORT_COL_GET("lost", "", REPORT_U64, 0, flr_get_lost),
	REPORT_COL_GET("loss_pct", "pct", REPORT_DOUBLE, 6, flr_get_loss_pct),
	REPORT_COL_VERDICT("status", struct report_flr, verdict),
	REPORT_COL_GET("rx_fps", "fps", REPORT_DOUBLE, 3, flr_get_rx_fps),
};

const struct report_table report_flr_table = REPORT_TABLE(",", flr_cols);

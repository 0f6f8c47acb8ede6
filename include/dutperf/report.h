/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report: rows of the result CSV files, formatted without DPDK so the
 * exact bytes are unit-tested.  Writing is csv.h's job (the DPDK layer's
 * driver opens each file with its table's header and appends rows).
 *
 * Every file is one column table (struct report_table, below): the header
 * and every row are written from the same list, so they cannot drift.  A
 * new result file is one row struct and one table, next to each other:
 * trials.csv, rate.csv, latency.csv, pdv.csv, flr.csv here (report.c);
 * mlr.csv in mlr.h, b2b.csv in b2b.h, recovery.csv and reset.csv in
 * recovery.h, monitor.csv in monitor.h, connrate.csv, cttc.csv and
 * teardown.csv in stateful_report.h.
 */
#ifndef DUTPERF_REPORT_H
#define DUTPERF_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cfg.h"
#include "frame.h"
#include "sizes.h"
#include "verdict.h"

/* One direction of one trial, as the engine measured it. */
struct report_dir {
	bool active;
	struct verdict_dir v;
	uint64_t stale;		/* our frames stamped by an earlier trial */
	uint64_t bogus;		/* ours, this trial, but a sequence number
				 * never sent or below the receiver's window */
	double achieved_fps;	/* departures / time from the first to the
				 * last burst; 0: fewer than 2 bursts */
	uint64_t max_lag_frame;	/* where the sender was furthest behind */
	uint64_t injected_drops;	/* test aid counts (human summary only) */
	uint64_t injected_dups;
	uint64_t kinds[FRAME_KIND_COUNT];	/* what the foreign frames were */
	/* several streams or RX queues (human summary only) */
	uint32_t nb_streams, nb_queues;
	uint64_t queue_ours[CFG_MAX_QUEUES];	/* test frames per RX queue */
	uint64_t sent_b;	/* bytes of the sent frames, incl. FCS */
	/* bytes of the received frames at the sizes they were sent with,
	 * incl. FCS (the last trials.csv columns), and both per size */
	uint64_t recv_b;
	struct sizes_dir sizes;
	/* ARP requests / NS for the tester's addresses that the receiving
	 * port answered during the trial and right before it (foreign
	 * frames all the same; trials.csv's last columns) */
	uint64_t answered;
	/* RFC 2544 23 (b) learning frames its receiving port sent before
	 * the trial (never test frames; the last columns) */
	uint64_t learning;
};

struct report_trial {
	time_t start;			/* wall clock at the trial's start */
	uint32_t search_no;		/* 1.. in throughput mode, 0 otherwise */
	uint32_t iteration;		/* 1.. within a search, 0 otherwise */
	uint64_t rate_fps;
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t duration_s;
	uint32_t timeout_ms;
	uint64_t seed;
	struct report_dir dir[CFG_NB_DIRS];
	enum verdict verdict;
	const char *reason;		/* why not pass; "" when passed */
	/* RFC 9693 (the last columns): trial_phase_name, and the state
	 * table entries a preliminary trial recorded (0 otherwise) */
	const char *phase;
	uint32_t recorded;
	/* after the foreign groups: the sending time exactly (duration_s
	 * rounds it up to whole seconds: 1 for a 0.5 s trial) */
	uint64_t duration_ms;
	/* after duration_ms: [traffic] imix in RFC 6985's notation with its
	 * table ("" one size; imix_note, kept in imix_note[]), the
	 * offered rate in Mb/s of the configured sizes (L2 with FCS, L1 with
	 * 20 B of preamble and gap a frame), then the dirs' sent_b */
	const char *imix;
	char imix_note[IMIX_NOTE_MAX];
	double rate_l2_mbps, rate_l1_mbps;
	/* not in trials.csv (yet): for procedures */
	double loss_ratio;		/* lost / sent over the active dirs */
	uint64_t command_ns;		/* a command step's wall time (the
					 * driver's; no trials.csv row) */
};

/*
 * What one run (a search, a sweep, a measurement) gave: the rate.csv
 * column result_kind, run.json's per-run results, and exit status 3
 * (docs/results.md) when any run's result is not REPORT_RESULT_MEASURED.
 */
enum report_result {
	REPORT_RESULT_MEASURED = 0,	/* a DUT figure */
	REPORT_RESULT_LOWER_BOUND,	/* bounded only by invalid trials: "at
					 * least"; the tester could not offer more */
	REPORT_RESULT_NONE,		/* no valid result at all */
};

/* One binary search, in siitperf's rate.csv columns. */
struct report_search {
	uint32_t no;
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t n, m;
	uint32_t duration_s;
	uint64_t initial_fps;
	uint32_t timeout_ms;
	uint64_t error_fps;
	time_t date;			/* when the search ended */
	uint32_t iterations;
	uint64_t rate_fps;		/* highest rate that passed, 0 if none */
	enum report_result result;	/* result_kind; NONE: rate empty */
};

/* One direction of a latency run (RFC 8219 7.2); times in microseconds. */
struct report_lat_dir {
	bool active;
	uint64_t sent, received;	/* all frames of the stream */
	uint32_t tagged, tagged_received, tagged_lost;
	bool valid;			/* false: every tagged frame lost */
	double tl_us, wcl_us, min_us, max_us, mean_us;
};

/* What every latency.csv and pdv.csv row starts with, and its verdict. */
struct report_run {
	time_t start;
	uint32_t no;			/* 1.. with --repeat */
	uint64_t rate_fps;
	uint32_t frame_size_b;
	enum cfg_direction direction;
	uint32_t duration_s, timeout_ms, frame_timeout_ms;
	uint64_t seed;
	enum verdict verdict;		/* of the trial that carried the run */
	const char *reason;
};

struct report_latency {
	struct report_run run;
	uint32_t delay_s;
	const char *timestamps;		/* "tsc-before-tx": docs/results.md */
	struct report_lat_dir dir[CFG_NB_DIRS];
};

/* One direction of a PDV run (RFC 8219 7.3); times in microseconds. */
struct report_pdv_dir {
	bool active;
	uint64_t sent, received;
	bool valid;			/* false: nothing received, no PDV */
	double dmin_us, d999_us, dmax_us, pdv_us;
	bool ipdv_valid;
	double ipdv_min_us, ipdv_median_us, ipdv_max_us;
	/* how many went into them (the last columns: added later) */
	uint64_t delays;		/* frames with a delay */
	uint64_t ipdv_pairs;		/* consecutive frames of a stream */
};

struct report_pdv {
	struct report_run run;
	struct report_pdv_dir dir[CFG_NB_DIRS];
};

/* One rate and direction of a frame loss rate sweep (RFC 2544 26.3). */
struct report_flr {
	time_t start;
	uint32_t no;			/* sweep number, 1.. with --repeat */
	uint32_t step;			/* 1.. within the sweep */
	uint64_t offered_fps;
	uint32_t frame_size_b;
	enum cfg_dir_id dir;
	uint32_t duration_s;
	uint64_t sent, received;
	enum verdict verdict;		/* of the whole trial */
	double rx_fps;			/* received / the trial's send time */
};

/*
 * Column tables.
 *
 * A table describes one CSV file, or a group of its columns: each column
 * names its header field, its unit (documentation: "fps", "us", "ns", "b",
 * "s", "ms", "pct"; "" for counts, dates and text) and how its value is found in
 * the row struct and printed.  report_header() writes the names, in order,
 * joined by the table's separator; report_row() writes one row.
 *
 * A REPORT_GROUP column stands for all columns of a sub-table applied to a
 * member struct, each name prefixed with "<prefix>_" ("fwd_sent"; no prefix
 * when it is NULL).  A sub-table with an active flag (REPORT_TABLE_GATED)
 * writes every one of its fields empty when that bool is false, so an idle
 * direction writes exactly as many empty fields as it has columns.
 *
 * Field formats (none contains a comma or a newline, but REPORT_TEXT is
 * written as given: its strings must not either):
 *   REPORT_U64, REPORT_U32  decimal
 *   REPORT_INT              int, decimal with its sign (an exit status)
 *   REPORT_BOOL             bool as 1 or 0
 *   REPORT_HEX64            uint64_t as "0x" and 16 lowercase hex digits:
 *                           text to a spreadsheet, which would round a
 *                           20-digit decimal (the seed)
 *   REPORT_DOUBLE           "%.<decimals>f"; empty when not valid (below)
 *   REPORT_NS_US            uint64_t nanoseconds as microseconds, exact:
 *                           "<ns / 1000>.<ns % 1000, 3 digits>"
 *   REPORT_NS_MS            uint64_t nanoseconds as milliseconds,
 *                           "%.<decimals>f" of ns / 1e6
 *   REPORT_DATE             time_t, report_format_date()
 *   REPORT_DIRECTION        enum cfg_direction, report_direction_char()
 *   REPORT_DIR_ID           enum cfg_dir_id, "fwd" or "rev"
 *   REPORT_TEXT             const char *, as is (NULL: empty)
 *   REPORT_VERDICT          enum verdict, verdict_name()
 *   REPORT_RESULT           enum report_result, report_result_name()
 *   REPORT_REASON           const char *, in double quotes: '"' doubled,
 *                           CR and LF as spaces, ',' as ';' (so readers that
 *                           split at commas still work); NULL as ""
 * Validity (any kind but REPORT_GROUP): always; REPORT_IF_FLAG, when the
 * bool at valid_off (in the same struct) is true; REPORT_IF_RESULT, when
 * the enum report_result at valid_off is not REPORT_RESULT_NONE (a rate
 * found, measured or a lower bound); REPORT_IF_MEASURED, when it is
 * REPORT_RESULT_MEASURED; REPORT_IF_POSITIVE (REPORT_DOUBLE), when > 0.
 * A column with get != NULL is computed: get() fills the value from the row
 * (inside a group: from the group's member) and returns false for an empty
 * field (for any kind but REPORT_GROUP).
 */
enum report_kind {
	REPORT_U64 = 0,
	REPORT_U32,
	REPORT_INT,
	REPORT_BOOL,
	REPORT_HEX64,
	REPORT_DOUBLE,
	REPORT_NS_US,
	REPORT_NS_MS,
	REPORT_DATE,
	REPORT_DIRECTION,
	REPORT_DIR_ID,
	REPORT_TEXT,
	REPORT_VERDICT,
	REPORT_RESULT,
	REPORT_REASON,
	REPORT_GROUP,
};

enum report_valid {
	REPORT_ALWAYS = 0,
	REPORT_IF_FLAG,
	REPORT_IF_RESULT,
	REPORT_IF_MEASURED,
	REPORT_IF_POSITIVE,
};

/* One field's value, as report_row() reads it or a getter computes it. */
union report_value {
	uint64_t u64;
	uint32_t u32;
	int i;
	bool b;
	double f;
	time_t t;
	enum cfg_direction direction;
	enum cfg_dir_id dir;
	enum verdict verdict;
	enum report_result result;
	const char *s;
};

struct report_table;

struct report_col {
	const char *name;		/* header field (prefix for a group) */
	const char *unit;		/* see above; "" when none */
	enum report_kind kind;
	unsigned decimals;		/* REPORT_DOUBLE */
	size_t off;			/* the value (group: the member) */
	enum report_valid valid;
	size_t valid_off;		/* REPORT_IF_FLAG: a bool */
	bool (*get)(const void *row, union report_value *v);
	const struct report_table *group;	/* REPORT_GROUP */
};

struct report_table {
	const char *sep;		/* between fields: "," or ", "; a
					 * group uses its file's instead */
	const struct report_col *cols;
	size_t nb_cols;
	bool gated;			/* a group that may be inactive */
	size_t active_off;		/* gated: a bool, false = all empty */
};

/*
 * Offset of member m of type, which must be of type t (a compile-time
 * error otherwise, so a column cannot read a uint32_t as a uint64_t).
 */
#define REPORT_OFF(type, m, t) \
	(offsetof(type, m) + 0 * _Generic(((type *)0)->m, t: 1))

#define REPORT_COL_(n, u, k, type, m, t) { .name = (n), .unit = (u), \
	.kind = (k), .off = REPORT_OFF(type, m, t) }
#define REPORT_COL_U64(n, u, type, m) \
	REPORT_COL_(n, u, REPORT_U64, type, m, uint64_t)
#define REPORT_COL_HEX64(n, u, type, m) \
	REPORT_COL_(n, u, REPORT_HEX64, type, m, uint64_t)
#define REPORT_COL_U32(n, u, type, m) \
	REPORT_COL_(n, u, REPORT_U32, type, m, uint32_t)
#define REPORT_COL_INT(n, u, type, m) \
	REPORT_COL_(n, u, REPORT_INT, type, m, int)
#define REPORT_COL_BOOL(n, type, m) \
	REPORT_COL_(n, "", REPORT_BOOL, type, m, bool)
#define REPORT_COL_NS_US(n, type, m) \
	REPORT_COL_(n, "us", REPORT_NS_US, type, m, uint64_t)
#define REPORT_COL_DATE(n, type, m) \
	REPORT_COL_(n, "", REPORT_DATE, type, m, time_t)
#define REPORT_COL_DIRECTION(n, type, m) \
	REPORT_COL_(n, "", REPORT_DIRECTION, type, m, enum cfg_direction)
#define REPORT_COL_DIR_ID(n, type, m) \
	REPORT_COL_(n, "", REPORT_DIR_ID, type, m, enum cfg_dir_id)
#define REPORT_COL_TEXT(n, type, m) \
	REPORT_COL_(n, "", REPORT_TEXT, type, m, const char *)
#define REPORT_COL_VERDICT(n, type, m) \
	REPORT_COL_(n, "", REPORT_VERDICT, type, m, enum verdict)
#define REPORT_COL_RESULT(n, type, m) \
	REPORT_COL_(n, "", REPORT_RESULT, type, m, enum report_result)
#define REPORT_COL_REASON(n, type, m) \
	REPORT_COL_(n, "", REPORT_REASON, type, m, const char *)
/* A double with d decimals. */
#define REPORT_COL_DOUBLE(n, u, d, type, m) { .name = (n), .unit = (u), \
	.kind = REPORT_DOUBLE, .decimals = (d), \
	.off = REPORT_OFF(type, m, double) }
/* Nanoseconds (uint64_t) as milliseconds with d decimals. */
#define REPORT_COL_NS_MS(n, d, type, m) { .name = (n), .unit = "ms", \
	.kind = REPORT_NS_MS, .decimals = (d), \
	.off = REPORT_OFF(type, m, uint64_t) }
/* A column of kind k on member m (of type t), valid as how says of member
 * vm (of type vt: a bool, an enum report_result). */
#define REPORT_COL_IF_(n, u, k, d, type, m, t, how, vm, vt) { .name = (n), \
	.unit = (u), .kind = (k), .decimals = (d), \
	.off = REPORT_OFF(type, m, t), .valid = (how), \
	.valid_off = REPORT_OFF(type, vm, vt) }
/* A double with d decimals, empty unless the bool member flag is true. */
#define REPORT_COL_DOUBLE_IF(n, u, d, type, m, flag) REPORT_COL_IF_(n, u, \
	REPORT_DOUBLE, d, type, m, double, REPORT_IF_FLAG, flag, bool)
/* A uint64_t, empty unless the bool member flag is true. */
#define REPORT_COL_U64_IF(n, u, type, m, flag) REPORT_COL_IF_(n, u, \
	REPORT_U64, 0, type, m, uint64_t, REPORT_IF_FLAG, flag, bool)
/* A uint64_t, empty when the result member res is REPORT_RESULT_NONE. */
#define REPORT_COL_U64_IF_RESULT(n, u, type, m, res) REPORT_COL_IF_(n, u, \
	REPORT_U64, 0, type, m, uint64_t, REPORT_IF_RESULT, res, \
	enum report_result)
/* A double with d decimals, empty unless res is REPORT_RESULT_MEASURED. */
#define REPORT_COL_DOUBLE_IF_MEASURED(n, u, d, type, m, res) \
	REPORT_COL_IF_(n, u, REPORT_DOUBLE, d, type, m, double, \
		       REPORT_IF_MEASURED, res, enum report_result)
/* A double with d decimals, empty when res is REPORT_RESULT_NONE. */
#define REPORT_COL_DOUBLE_IF_RESULT(n, u, d, type, m, res) \
	REPORT_COL_IF_(n, u, REPORT_DOUBLE, d, type, m, double, \
		       REPORT_IF_RESULT, res, enum report_result)
/* Nanoseconds as milliseconds, empty unless res is measured. */
#define REPORT_COL_NS_MS_IF_MEASURED(n, d, type, m, res) \
	REPORT_COL_IF_(n, "ms", REPORT_NS_MS, d, type, m, uint64_t, \
		       REPORT_IF_MEASURED, res, enum report_result)
/* A double with d decimals, empty unless > 0. */
#define REPORT_COL_DOUBLE_POS(n, u, d, type, m) { .name = (n), \
	.unit = (u), .kind = REPORT_DOUBLE, .decimals = (d), \
	.off = REPORT_OFF(type, m, double), .valid = REPORT_IF_POSITIVE }
/* A computed field of kind k (REPORT_DOUBLE: d decimals). */
#define REPORT_COL_GET(n, u, k, d, fn) { .name = (n), .unit = (u), \
	.kind = (k), .decimals = (d), .get = (fn) }
/* The columns of table tbl, applied to the struct member m, prefixed p. */
#define REPORT_COL_GROUP(p, type, m, tbl) { .name = (p), .unit = "", \
	.kind = REPORT_GROUP, .off = offsetof(type, m), .group = (tbl) }

#define REPORT_NB_COLS(a) (sizeof(a) / sizeof((a)[0]))
#define REPORT_TABLE(s, a) { .sep = (s), .cols = (a), \
	.nb_cols = REPORT_NB_COLS(a) }
/* A group whose columns are all empty while the bool member act is false. */
#define REPORT_TABLE_GATED(a, type, act) { .sep = NULL, .cols = (a), \
	.nb_cols = REPORT_NB_COLS(a), .gated = true, \
	.active_off = REPORT_OFF(type, act, bool) }

/* The result files: rows are struct report_trial, report_search, ... */
extern const struct report_table report_trials_table;	/* trials.csv */
extern const struct report_table report_rate_table;	/* rate.csv */
extern const struct report_table report_latency_table;	/* latency.csv */
extern const struct report_table report_pdv_table;	/* pdv.csv */
extern const struct report_table report_flr_table;	/* flr.csv */

/* Room for the header and any row of the result files' tables. */
#define REPORT_LINE_MAX 4096

/* Fields of one row, groups expanded. */
size_t report_nb_fields(const struct report_table *t);
/* The header line (no newline); its length, or -ENOSPC if buf is too small. */
int report_header(const struct report_table *t, char *buf, size_t len);
/* One row of t from row (no newline); its length, or -ENOSPC. */
int report_row(const struct report_table *t, const void *row, char *buf,
	       size_t len);
/*
 * The 0-based field index of the header field name ("fwd_sent"), and in
 * *col (when not NULL) its column; -ENOENT when t has no such field.
 */
int report_col_find(const struct report_table *t, const char *name,
		    const struct report_col **col);

/* "measured", "lower_bound", "none". */
const char *report_result_name(enum report_result r);

/* siitperf's direction letters: b, f, r. */
char report_direction_char(enum cfg_direction d);

/* "2026-11-30 12:34:56" in local time; buf of at least 20 bytes. */
void report_format_date(time_t t, char *buf, size_t len);

/* ISO 8601 local time with its UTC offset, "2026-12-02T00:41:07+00:00";
 * buf of at least 26 bytes. */
void report_format_iso8601(time_t t, char *buf, size_t len);

/*
 * A copy of s (malloc'd; NULL: no memory) that is valid UTF-8: every byte
 * that does not start a valid sequence (stray continuation bytes, overlong
 * forms, surrogates, code points above U+10FFFF, cut sequences) becomes
 * U+FFFD.  For JSON, whose strings must be UTF-8 (run.json).
 */
char *report_utf8_clean(const char *s);

#endif /* DUTPERF_REPORT_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * campaign: a whole RFC 2544 / 5180 / 8219 test set in one run of mode
 * campaign (docs/campaign.md).  DPDK-free: the [campaign] keys
 * (campaign_keys.c: tests, sizes, directions, repeats, throughput_fps),
 * the plan (one item per frame size and test, in that order), each
 * item's configuration with the throughput carried from the campaign's
 * own throughput item of that size (RFC 2544 26.2: latency "at the
 * throughput rate"; 26.5: recovery at 110 % of it; RFC 9004's corrected
 * buffer time; the loss sweep from the maximum down to it), the campaign
 * record (campaign.json once, campaign.jsonl one line per state change)
 * and the resume decisions read back from it, and the ETA bound of an
 * item.  The DPDK layer (mode_campaign.c) runs the items.
 */
#ifndef DUTPERF_CAMPAIGN_H
#define DUTPERF_CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cfg.h"
#include "imix.h"

/* The tests a campaign may name, in the order a size's items run:
 * the throughput first, since the others take it. */
enum campaign_test {
	CAMPAIGN_THROUGHPUT = 0,
	CAMPAIGN_MLR,
	CAMPAIGN_LATENCY,
	CAMPAIGN_PDV,
	CAMPAIGN_LOSS,
	CAMPAIGN_B2B,
	CAMPAIGN_RECOVERY,
	CAMPAIGN_RESET,
	CAMPAIGN_FRATE,		/* RFC 2889 5.6 forwarding-rate sweep */
	CAMPAIGN_STATEFUL,	/* the stateful modes: with [stateful] only */
	CAMPAIGN_CONNRATE,
	CAMPAIGN_CTTC,
	CAMPAIGN_TEARDOWN,
	CAMPAIGN_NB_TESTS
};

#define CAMPAIGN_MAX_SIZES 32
#define CAMPAIGN_MAX_ITEMS (CAMPAIGN_MAX_SIZES * CAMPAIGN_NB_TESTS)
/* "NNN-TEST-SIZE", "NNN-TEST-imix-NAME" (campaign_item_dir) */
#define CAMPAIGN_DIR_LEN (16 + 6 + IMIX_TEXT_MAX)
#define CAMPAIGN_NOTE_LEN 256

/* The mode name of test t ("throughput"), the one the mode table has. */
const char *campaign_test_name(enum campaign_test t);
/* Does test t take a throughput (latency, pdv, loss, b2b, recovery,
 * frate)? */
bool campaign_test_needs_tput(enum campaign_test t);

/* ---- [campaign] keys (campaign_keys.c); each 0 or -EINVAL with only
 * the reason in why (cfg_check.c adds file, section, key and value) ---- */

/* tests: names separated by blanks or commas, each once; stateful_ok:
 * the stateful modes allowed ([stateful] configured).  Into out[] in
 * enum order (*nb of them, at least one). */
int campaign_parse_tests(const char *s, bool stateful_ok,
			 enum campaign_test out[CAMPAIGN_NB_TESTS], unsigned *nb,
			 char *why, size_t why_len);
/* sizes: numbers and presets (rfc2544 = 64 128 256 512 1024 1280 1518,
 * RFC 2544 9.1 and RFC 5180 5.1.1; rfc5180 = the same with 78 for 64,
 * dutperf's compensation for IPv6's minimum (RFC 5180 5.1); both with
 * jumbo also RFC 5180 5.1.1's jumbo examples 4096 8192 9216; rfc8219 =
 * 84 128 256 512 768 1024 1280 1518, with jumbo also 2048 4096 8192 9216,
 * RFC 8219 5.1.1; with a VLAN tag on a port (CAMPAIGN_SIZES_TAGGED)
 * rfc5180 and rfc8219 add 1522, RFC 5180 5.1.1's and RFC 8219 5.1.1's
 * tagged size, and a number may be up to 1522 without jumbo), each size
 * once, ascending into out;
 * then the mixes, imix:GENOME (a preset or an RFC 6985 genome, imix.h,
 * with env's custom sizes and MTU; env may be NULL: none),
 * each genome once, in the order given: out[i] its mean L2 size rounded
 * (as trials.csv's frame_size_b), mix[i] the GENOME as given; mix[i] ""
 * for a fixed size.  mix may be NULL. */
/* campaign_parse_sizes' flags: [traffic] jumbo, a VLAN-tagged port */
#define CAMPAIGN_SIZES_JUMBO 1u
#define CAMPAIGN_SIZES_TAGGED 2u

/* The flags of c's ports and [traffic] jumbo. */
static inline unsigned
campaign_sizes_flags(const struct cfg *c)
{
	return (c->jumbo ? CAMPAIGN_SIZES_JUMBO : 0) |
	       (cfg_side_tag_b(&c->side[CFG_LEFT]) != 0 ||
		cfg_side_tag_b(&c->side[CFG_RIGHT]) != 0 ?
		CAMPAIGN_SIZES_TAGGED : 0);
}
int campaign_parse_sizes(const char *s, unsigned flags,
			 const struct imix_env *env,
			 uint32_t out[CAMPAIGN_MAX_SIZES],
			 char mix[][IMIX_TEXT_MAX], unsigned *nb,
			 char *why, size_t why_len);
/* directions: "" (keep [traffic] direction), or forward, reverse, both
 * (a list of forward and reverse: both). */
int campaign_parse_directions(const char *s, bool *set,
			      enum cfg_direction *out, char *why,
			      size_t why_len);
/* throughput_fps: "" none; one rate for every size; or SIZE:FPS pairs,
 * each SIZE one of sizes[] (imix:GENOME one of mix[], which may be NULL
 * without mixes): given[i] for sizes[i], 0 = none. */
int campaign_parse_throughput(const char *s, const uint32_t *sizes,
			      char mix[][IMIX_TEXT_MAX], unsigned nb_sizes,
			      uint64_t given[CAMPAIGN_MAX_SIZES], char *why,
			      size_t why_len);

/* ---- the plan ---- */

struct campaign_item {
	unsigned no;			/* 1..nb_items */
	enum campaign_test test;
	uint32_t size_b;		/* a mix: its mean, rounded */
	unsigned size_idx;		/* in plan.sizes */
	char imix[IMIX_TEXT_MAX];	/* the mix as given; "": size_b */
	char dir[CAMPAIGN_DIR_LEN];	/* "001-throughput-64" */
};

struct campaign_plan {
	uint32_t sizes[CAMPAIGN_MAX_SIZES];
	char imix[CAMPAIGN_MAX_SIZES][IMIX_TEXT_MAX];	/* "": a fixed size */
	char imix_sizes[IMIX_TEXT_MAX];	/* [traffic] imix_sizes (the mixes') */
	uint32_t mtu_b;			/* [traffic] mtu_b (z of the mixes) */
	unsigned nb_sizes;
	enum campaign_test tests[CAMPAIGN_NB_TESTS];
	unsigned nb_tests;
	enum cfg_direction direction;	/* of every item */
	uint32_t repeats;		/* --repeat of every item */
	uint64_t given_fps[CAMPAIGN_MAX_SIZES];	/* throughput_fps, 0 none */
	unsigned nb_items;
	struct campaign_item items[CAMPAIGN_MAX_ITEMS];
};

/* How an item's size reads: "64 bytes", "IMIX csit". */
void campaign_item_size_text(const struct campaign_item *it, char *buf,
			     size_t len);

/* The smallest and largest frame of the plan's sizes and mixes. */
void campaign_plan_span(const struct campaign_plan *p, uint32_t *min_b,
			uint32_t *max_b);

/* The plan of c's [campaign] keys (validated: cfg_validate): for each
 * size ascending, each test in enum order.  0 or -EINVAL with why. */
int campaign_plan_make(const struct cfg *c, struct campaign_plan *p,
		       char *why, size_t why_len);

/* ---- a throughput carried to the tests that take it ---- */

enum campaign_tput_kind {
	CAMPAIGN_TPUT_NULL = 0,		/* not a test that takes one */
	CAMPAIGN_TPUT_MEASURED,
	CAMPAIGN_TPUT_LOWER_BOUND,	/* the search's, bounded by the tester */
	CAMPAIGN_TPUT_MISSING,		/* no throughput item gave one */
	CAMPAIGN_TPUT_GIVEN,		/* the configuration's */
};

struct campaign_tput {
	enum campaign_tput_kind kind;
	bool has[CFG_NB_DIRS];
	double fps[CFG_NB_DIRS];	/* per direction, when has[d] */
	unsigned from_item;		/* the throughput item, 0: none */
};

/* "measured", "lower_bound", "missing", "given"; NULL for NULL. */
const char *campaign_tput_kind_name(enum campaign_tput_kind k);

/*
 * What a throughput item's rate.csv says (columns Dir, rate,
 * result_kind by name): per direction the median of its measured and
 * lower_bound rows (Dir b: both directions); LOWER_BOUND when a lower
 * bound is among them, MISSING without any.  0, or -errno with err (a
 * file that cannot be read: MISSING and the error).
 */
int campaign_read_rate(const char *path, struct campaign_tput *t, char *err,
		       size_t err_len);

/* The one rate both directions take from t: the smallest of its
 * directions' (0: none). */
uint64_t campaign_tput_rate(const struct campaign_tput *t);

/*
 * Item it's configuration: base with its frame size, its output
 * directory (outdir/it->dir), the plan's direction and repeats, and for
 * a test that takes a throughput the carried one (tp: what the
 * campaign's throughput item of this size gave; NULL or MISSING: none)
 * or the configuration's (throughput_fps, [b2b] / [recovery]
 * throughput_fps from the file: GIVEN).  *used receives the throughput
 * the item takes and note a sentence for the record and the output.
 * Returns 0, 1 when the item cannot run without a throughput (latency,
 * pdv: skipped, note says why), or -EINVAL (outdir too long).
 */
int campaign_item_cfg(const struct cfg *base, const struct campaign_plan *p,
		      const struct campaign_item *it, const char *outdir,
		      const struct campaign_tput *tp, struct cfg *out,
		      struct campaign_tput *used, char *note, size_t note_len);

/*
 * An upper bound of item c's (campaign_item_cfg's) wall time for test t
 * in seconds: its trials at most (every retry of an invalid trial
 * counted) times each trial's sending time, timeout and settle pause;
 * line_fps: the line rate of its frame size (0: unknown, the search's
 * rate_max_fps then, or 10 Gb/s's).  mlr and the stateful modes: their
 * searches counted as binary searches (docs/campaign.md).
 */
double campaign_item_bound_s(const struct cfg *c, enum campaign_test t,
			     uint64_t line_fps);

/* ---- the record: campaign.json, campaign.jsonl ---- */

enum campaign_state {
	CAMPAIGN_NOT_STARTED = 0,	/* no record (not written) */
	CAMPAIGN_RUNNING,
	CAMPAIGN_DONE,
	CAMPAIGN_FAILED,
	CAMPAIGN_INTERRUPTED,
	CAMPAIGN_SKIPPED,
	CAMPAIGN_NB_STATES
};

const char *campaign_state_name(enum campaign_state s);

/* One line of campaign.jsonl. */
struct campaign_record {
	const struct campaign_item *item;
	unsigned of;			/* items of the campaign */
	unsigned attempt;		/* 1.. */
	enum campaign_state state;
	time_t time;
	bool has_exit;			/* exit: the item's status (main.c's) */
	int exit;
	const char *result_kind;	/* "measured", ...; NULL: null */
	struct campaign_tput tput;	/* measured (throughput) or used */
	const char *note;		/* "" none */
};

/* The JSON line of r (no newline) into buf.  0 or -ENOSPC / -ENOMEM. */
int campaign_record_line(const struct campaign_record *r, char *buf,
			 size_t len);

/* campaign.json's text of p (malloc'ed, the caller frees; NULL: no
 * memory): version, git, the command line, the configuration file, the
 * sizes, tests, directions, repeats and items. */
char *campaign_json_text(const struct campaign_plan *p, const char *version,
			 const char *git, int argc, char *const *argv,
			 const char *config_file);

/*
 * An existing campaign.json against plan p: the same items (number,
 * test, size, dir) and repeats and directions.  0, or -EINVAL with err
 * saying the first difference, -errno when it cannot be read.
 */
int campaign_json_check(const char *path, const struct campaign_plan *p,
			char *err, size_t err_len);

/* Where each item stands after reading campaign.jsonl. */
struct campaign_status {
	enum campaign_state state;	/* of its last record */
	unsigned attempt;		/* of its last record, 0: none */
	struct campaign_tput tput;	/* of its last record */
};

/*
 * Read campaign.jsonl (missing: every item NOT_STARTED) into st[0..
 * p->nb_items).  A record must name an item of p with its test, size
 * and dir; a last line without its newline (a write cut by a crash) is
 * ignored.  0, or -EINVAL with err naming file and line.
 */
int campaign_read_status(const char *path, const struct campaign_plan *p,
			 struct campaign_status *st, char *err, size_t err_len);

/* Resume: does item i run again (not DONE nor SKIPPED), and as which
 * attempt (last attempt + 1). */
bool campaign_resume_runs(const struct campaign_status *st, unsigned *attempt);

struct cfg;
/* [campaign]: its tests, sizes (each a frame size this configuration can
 * send), directions and given throughputs (cli_validate, struct
 * cfg_checks).  0 or -EINVAL with err. */
int campaign_cfg_check(const struct cfg *c, char *err, size_t err_len);

#endif /* DUTPERF_CAMPAIGN_H */

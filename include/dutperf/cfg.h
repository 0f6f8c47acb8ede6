/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg: the effective configuration of one dutperf run.
 *
 * Filled in three layers: cfg_defaults() < INI file (cfg_load_ini) <
 * command line (cli_parse), then checked as a whole by cli_validate()
 * (cfg_validate_with and the sections' own checks).
 * Every key of the INI file lives in one table in cfg_keys.c with its
 * type, bounds, default, unit and help text.
 *
 * Directions: forward = Left port sends, Right port receives; reverse =
 * Right sends, Left receives (RFC 2544 section 6, RFC 8219 section 4).
 */
#ifndef DUTPERF_CFG_H
#define DUTPERF_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "errf.h"
#include "imix.h"

#define CFG_ERR_LEN 512
#define CFG_PATH_LEN 4096
#define CFG_MAX_NETS 256	/* RFC 2544 section 12: up to 256 networks */
#define CFG_MIN_FRAME_B 64
#define CFG_MAX_FRAME_B 1518
/* RFC 5180 5.1.1: 1522 bytes, "the max length for a VLAN-tagged frame" */
#define CFG_MAX_TAGGED_FRAME_B 1522
#define CFG_VLAN_TAG_B 4		/* one 802.1Q / 802.1ad tag */
#define CFG_MAX_JUMBO_B 9216
#define CFG_MIN_SIIT_FRAME_B 84	/* RFC 8219 5.1.1: IPv6 size when translating */
#define CFG_MIN_IPV6_FRAME_B 78	/* RFC 5180 5: IPv6 with the compact stamp */
#define CFG_MAX_LCORE 127	/* RTE_MAX_LCORE in Debian's DPDK is 128 */
#define CFG_MAX_BURST 64	/* frames per TX burst (the sender's array) */
#define CFG_LCORE_NONE UINT16_MAX	/* INI value "none" */
#define CFG_MAX_QUEUES 16		/* = STREAMS_MAX (streams.h) */
#define CFG_LCORES_LEN 64		/* send_lcores / recv_lcores text */
#define CFG_INI_MAX_B (1024 * 1024)	/* larger INI files are rejected */
#define CFG_INI_LINE_MAX 1000		/* longer lines are rejected (iniparser 4.1: < 1024) */
#define CFG_NB_KEYS_MAX 200		/* the key table has no more keys */
#define CFG_OPT_NAME_LEN 32		/* "-s/--size" */
#define CFG_DUT_IP_LEN 48		/* [left] dut_ip text */
#define CFG_RESOLVE "resolve"		/* [left] dut_mac: found at start */
#define CFG_MAX_PORTS 8			/* [left], [right], [port2]..[port7] */

enum cfg_side_id {
	CFG_LEFT = 0,
	CFG_RIGHT = 1,
	CFG_NB_SIDES
};

enum cfg_dir_id {
	CFG_FWD = 0,	/* Left -> Right */
	CFG_REV = 1,	/* Right -> Left */
	CFG_NB_DIRS
};

/* Which directions a trial runs: siitperf's b / f / r. */
enum cfg_direction {
	CFG_DIRECTION_BOTH = 0,
	CFG_DIRECTION_FORWARD,
	CFG_DIRECTION_REVERSE
};

/* RFC 2544 23 (b) learning frames: before each trial, before the first
 * trial of each search (or run of another mode), or none. */
enum cfg_learning {
	CFG_LEARNING_OFF = 0,
	CFG_LEARNING_TRIAL,
	CFG_LEARNING_SEARCH
};

/* RFC 4814 field variation; numbering follows siitperf (0 fixed .. 3 random). */
enum cfg_var_mode {
	CFG_VAR_FIXED = 0,
	CFG_VAR_INCREASING = 1,
	CFG_VAR_DECREASING = 2,
	CFG_VAR_RANDOM = 3
};

/* One varying 16-bit field: a UDP port or a 16-bit slice of an address. */
struct cfg_var {
	enum cfg_var_mode mode;
	uint16_t min;
	uint16_t max;
};

/*
 * One tester port and the DUT interface facing it ([left] / [right]).
 * Addressing of a frame sent from side S to the other side O, when S speaks
 * version v:  source = S's real address of version v;  destination = O's
 * real address when O also speaks v, else O's virtual address of version v
 * (SIIT / NAT64: O's IPv4 address embedded in IPv6, or an EAM address).
 * The receiver on O expects the source to be S's real address (same
 * version) or S's virtual address of O's version, and the destination O's
 * real address.
 */
struct cfg_side {
	uint16_t port_id;	/* DPDK port id */
	uint8_t ip_version;	/* 4 or 6 */
	uint8_t ipv4[4];	/* tester's real IPv4 address on this side */
	uint8_t ipv6[16];	/* tester's real IPv6 address on this side */
	uint8_t ipv4_virt[4];	/* this tester as IPv4 hosts on the other side see it */
	uint8_t ipv6_virt[16];	/* this tester as IPv6 hosts on the other side see it */
	uint8_t mac[6];		/* tester port MAC (source of frames sent here) */
	uint8_t dut_mac[6];	/* DUT interface MAC (destination of frames sent here);
				 * all zero: "resolve", found by ARP / ND at start */
	char dut_ip[CFG_DUT_IP_LEN];	/* the DUT's next-hop address resolved
					 * then; "": implied (cfg_side_dut_ip) */
	/* not a key: dut_mac was resolved at start (run.json) */
	bool dut_mac_resolved;
	uint16_t num_nets;	/* destination networks on this side, 1..256 */
	uint16_t send_lcore;	/* lcore sending from this side, CFG_LCORE_NONE */
	uint16_t recv_lcore;	/* lcore receiving on this side, CFG_LCORE_NONE */
	/* several streams (docs/accounting.md): "" = the one lcore above */
	char send_lcores[CFG_LCORES_LEN];	/* "2-3": senders of this side */
	char recv_lcores[CFG_LCORES_LEN];	/* receivers of this side */
	uint16_t queues;	/* RX and TX queues of the port: streams sent
				 * from here, RX queues here; 1..CFG_MAX_QUEUES */
	uint32_t pool_mbufs;	/* mbufs of each RX and TX pool, per queue */
	/* IEEE 802.1Q tag of every frame this port sends and receives:
	 * VID 1..4094 (0: untagged), its PCP; an outer 802.1ad tag (QinQ,
	 * TPID 0x88a8) when outer_vlan != 0 (docs/frames.md, "VLAN tags") */
	uint16_t vlan;
	uint16_t vlan_pcp;
	uint16_t outer_vlan;
};

/* Per direction ([forward] / [reverse]): RFC 4814 variation of the sent frames. */
struct cfg_dir {
	struct cfg_var sport;		/* RFC 4814 4.5: default 1024-65535 */
	struct cfg_var dport;		/* RFC 4814 4.5: default 1-49151 */
	uint16_t sport_fixed;		/* when sport.mode is fixed: RFC 2544 C.2.6.4 0xC020 */
	uint16_t dport_fixed;		/* when dport.mode is fixed: RFC 2544 C.2.6.4 7 */
	struct cfg_var src_slice;	/* low 16 bits of the source address */
	struct cfg_var dst_slice;	/* low 16 bits of the destination address */
};

/* Where a key's value came from, for the messages that blame it. */
enum cfg_origin {
	CFG_ORIGIN_DEFAULT = 0,
	CFG_ORIGIN_FILE,		/* the INI file of cfg.path */
	CFG_ORIGIN_OPTION		/* a command-line option */
};

/* Per key of the table (by its index): the origin, and the option's name
 * ("-s/--size") when it came from the command line. */
struct cfg_origins {
	uint8_t origin[CFG_NB_KEYS_MAX];
	char option[CFG_NB_KEYS_MAX][CFG_OPT_NAME_LEN];
};

/* [stateful] (RFC 9693 stateful NATxy tests, stateful.h) */
struct cfg_stateful {
	enum cfg_side_id initiator;	/* side sending the preliminary frames */
	uint64_t frames;		/* N: preliminary frames */
	uint32_t table_size;		/* M: Responder state table entries */
	uint64_t rate_fps;		/* R: preliminary frame rate */
	uint32_t timeout_ms;		/* T: global timeout of the phase */
	uint32_t delay_ms;		/* D: phase 1 start to phase 2 start */
	int order;			/* enum stateful_order */
	enum cfg_var_mode responder_tuple;	/* entry choice of phase 2 */
	bool repeat_preliminary;	/* phase 1 before every phase 2 */
	bool phases;			/* loss, latency, pdv, trial: their
					 * trials as phase 2 after phase 1 */
	bool validate;			/* connection rate: Responder check */
	uint64_t validate_rate_fps;	/* its rate, 0: the trial's R */
	uint64_t cttc_start;		/* C0 of the table capacity search */
	uint64_t cttc_error;		/* E: capacity precision, connections */
	uint32_t cttc_alpha_pct;	/* validation rate, % of r(C) */
	uint32_t cttc_beta_pct;		/* exponential phase: r(C) >= beta r0 */
	uint32_t cttc_gamma_pct;	/* binary phase: r(C) >= gamma r0 */
	char hook_trial[1024];		/* command before each trial, "" none */
	char hook_search[1024];		/* command before each search */
	char teardown_cmd[1024];	/* empties the DUT's table (timed) */
};

/* [dut] (observations of the DUT, dut.h; the texts parsed there) */
#define CFG_DUT_OBS 6			/* obs1 .. obs6 */
struct cfg_dut_obs {
	char spec[1024];		/* "NAME: COMMAND", "" = slot unused */
	int when;			/* enum dut_when */
	int trials;			/* enum dut_trials */
	int parser;			/* enum dut_parser */
};

struct cfg_dut {
	struct cfg_dut_obs obs[CFG_DUT_OBS];
	uint32_t max_output_kb;		/* each output file at most this */
	bool required;			/* a failing observation fails the run */
	char criterion[256];		/* "OBS.COUNTER [<= N]", "" = none */
};

/* [campaign] (mode campaign, campaign.h; the texts parsed there) */
struct cfg_campaign {
	char tests[256];		/* "throughput latency loss b2b" */
	char sizes[256];		/* "rfc2544", "64 128 1518" */
	char directions[64];		/* "" = [traffic] direction */
	uint32_t repeats;		/* each item's runs; 0 = [search] repeat */
	char throughput[512];		/* given throughput: "N" or "SIZE:N ..." */
	bool resume;			/* --resume: go on with OUTDIR's campaign */
};

/* [switch] (RFC 2889 switch modes, mport.h; docs/switch.md) */
struct cfg_switch {
	uint32_t addrs_per_port;	/* RFC 2889 5.1.2: 1, 2, 4, ... */
	int mac_format;			/* enum mport_mac_format */
	uint32_t aging_s;		/* the DUT's aging time; 0: not given */
	uint64_t learn_fps;		/* rate of the learning frames */
	int pattern;			/* enum mport_pattern (mode partial) */
};

/* [switch] keys of the RFC 2889 5.5 / 5.7 / 5.8 / 5.10 modes (swproc.h,
 * docs/switchproc.md); ports 0-based as mport.h */
struct cfg_swproc {
	uint32_t initial_addrs;		/* 5.7: N's start; 0 = max_addrs / 2 */
	uint32_t max_addrs;		/* 5.7: MAX */
	uint32_t addrs;			/* 5.8: the fixed number of addresses */
	uint64_t learn_min_fps;		/* 5.8: LOW's start */
	uint64_t learn_max_fps;		/* 5.8: HIGH's start */
	uint64_t learn_initial_fps;	/* 5.8: the first rate; 0 = midpoint */
	uint64_t learn_resolution_fps;	/* 5.8: done when HIGH - LOW <= it */
	char flush_command[1024];	/* instead of PAUSE(AGE); "" = pause */
	uint32_t flush_wait_ms;		/* after flush_command */
	uint32_t test_wait_ms;		/* between learning and test frames */
	uint32_t lport, tport, mport;	/* 5.7.3's ports */
	uint32_t bcast_port;		/* 5.10: the sending port */
};

struct cfg {
	char path[CFG_PATH_LEN];	/* INI file read, "" when none */
	struct cfg_origins from;	/* where each value came from */

	struct cfg_side side[CFG_NB_SIDES];
	struct cfg_dir dir[CFG_NB_DIRS];

	/* [traffic] */
	uint32_t frame_size_b;		/* frame size incl. FCS; IPv6 size when translating */
	bool jumbo;			/* allow frames above 1518 bytes */
	char imix[IMIX_TEXT_MAX];	/* RFC 6985 genome or preset; "": one size
					 * (frame_size_b), else frame_size_b unused */
	char imix_sizes[IMIX_TEXT_MAX];	/* RFC 6985 5: custom letters' sizes */
	uint32_t mtu_b;			/* RFC 6985 4: z's frame size; 0 none */
	uint64_t rate_fps;		/* frames per second per direction */
	uint32_t duration_s;		/* trial duration */
	uint32_t timeout_ms;		/* wait for late frames after sending */
	enum cfg_direction direction;
	uint32_t n;			/* of every n frames ... */
	uint32_t m;			/* ... m are foreground (translated), n-m background */
	uint64_t seed;			/* 0: chosen at start and recorded */
	uint16_t burst;			/* frames per TX burst, 1 = evenly spaced */
	bool promisc;
	uint32_t link_speed_gbps;	/* line rate; 0: the ports' speed */
	uint32_t link_timeout_s;	/* wait for link up */
	uint32_t max_lag_us;		/* sender behind schedule more than this: invalid */
	uint32_t frame_timeout_ms;	/* a frame delayed more than this is lost; 0 = off */
	int learning;			/* enum cfg_learning: RFC 2544 23 (b) */
	uint32_t learning_wait_s;	/* after the learning frames (RFC: 2 s) */
	/* not a key: the slowest port's reported speed once the ports are
	 * up (0: not known yet, or no port reports one) */
	uint32_t port_speed_mbps;

	/* [latency] (RFC 8219 7.2) */
	uint32_t lat_tagged;		/* tagged frames per direction */
	uint32_t lat_delay_s;		/* tagging starts this long after the start */

	/* [loss] (RFC 2544 26.3) */
	uint32_t loss_step_pct;		/* rate step, % of the maximum */
	char loss_rates[1024];		/* explicit rates "r1,r2,..." ("" = stepped) */
	/* not a key: a rate the stepped sweep also offers in its place, a
	 * campaign's carried throughput (0: none; sweep_rates) */
	uint64_t loss_extra_fps;

	/* [frate] (mode frate, RFC 2889 5.6 forwarding-rate sweep) */
	uint64_t frate_start_fps;	/* the throughput; 0: measure it first */
	uint64_t frate_max_fps;		/* maximum offered load; 0: line rate */
	uint64_t frate_step_fps;	/* load step; 0: a tenth of the span */

	/* [mlr] (mode mlr, RFC 9971 MLRsearch) */
	char mlr_goals[512];		/* goal list (mlr_goals_parse) */

	/* [recovery] (mode recovery, RFC 2544 26.5) */
	uint64_t rec_throughput_fps;	/* 100 %; 0: measure it first */
	uint32_t rec_overload_pct;	/* 110 */
	uint32_t rec_after_pct;		/* 50 */
	uint32_t rec_overload_s;	/* at least 60 (RFC) */
	uint32_t rec_after_s;

	/* [reset] (mode reset, RFC 2544 26.6, RFC 6201) */
	char reset_command[1024];	/* /bin/sh -c; "" = none */
	uint32_t reset_at_ms;		/* after the stream's start */

	/* [search] */
	uint64_t rate_min_fps;
	uint64_t rate_max_fps;		/* 0: line rate of frame_size_b at link_speed_gbps */
	uint64_t initial_rate_fps;	/* 0: rate_max_fps */
	uint64_t error_fps;		/* stop when upper - lower <= error */
	uint32_t settle_ms;		/* pause between trials (RFC 2544 23) */
	uint32_t max_retries;		/* invalid trials retried at the same rate */
	uint32_t loss_ppm;		/* tolerated loss, parts per million (0 = RFC 2544) */
	uint32_t repeat;		/* searches per run */
	uint32_t dut_wait_s;		/* wait for a DUT that went away (dutwatch.h) */

	/* [monitor] (mode monitor) */
	uint32_t mon_interval_ms;	/* one line per interval */
	uint32_t mon_warmup;		/* intervals before min/max count */
	uint32_t mon_threshold_ns;	/* warn above this variation, 0 off */

	/* [b2b] (mode b2b, RFC 9004 back-to-back frames) */
	uint32_t b2b_repetitions;	/* searches per run (RFC 9004: >= 50) */
	uint64_t b2b_min_frames;	/* lower bound of the search, not tried */
	uint64_t b2b_max_frames;	/* longest burst; 0: 1 s at the burst rate */
	uint64_t b2b_initial_frames;	/* first burst; 0: max_frames */
	uint64_t b2b_precision_frames;	/* stop when upper - lower <= this */
	uint32_t b2b_drain_ms;		/* wait after each burst (>= 2000) */
	bool b2b_short_drain;		/* allow drain_ms < 2000 (tests) */
	uint64_t b2b_burst_rate_fps;	/* 0: line rate of the frame size */
	uint64_t b2b_throughput_fps;	/* DUT throughput X for the corrected
					 * buffer time; 0: not given */
	uint32_t b2b_flows;		/* K distinct port pairs, cycled */
	uint64_t b2b_actual_fps;	/* RFC 9004 7: rate of interest, 0 none */

	/* [output] */
	char outdir[CFG_PATH_LEN];

	/* [commands] */
	uint32_t command_timeout_s;	/* a user command's longest run */

	struct cfg_stateful st;
	struct cfg_campaign camp;
	struct cfg_dut dut;

	/* [port2] .. [port7]: the ports beyond [left] (0) and [right] (1),
	 * each with [left]'s port keys (cfg_port_key); nb_ports = 2 + the
	 * consecutive [portK] sections the file gives (cfg_port) */
	unsigned nb_ports;
	struct cfg_side xport[CFG_MAX_PORTS - 2];
	struct cfg_switch sw;
	struct cfg_swproc swp;
};

/* Port k (0..CFG_MAX_PORTS-1): [left], [right], [portK]. */
static inline struct cfg_side *
cfg_port(struct cfg *c, unsigned k)
{
	return k < CFG_NB_SIDES ? &c->side[k] : &c->xport[k - CFG_NB_SIDES];
}

static inline const struct cfg_side *
cfg_port_c(const struct cfg *c, unsigned k)
{
	return k < CFG_NB_SIDES ? &c->side[k] : &c->xport[k - CFG_NB_SIDES];
}

/* Fill with the documented defaults (the testbed's router addresses). */
void cfg_defaults(struct cfg *c);

/*
 * Read an INI file over *c.  Unknown sections and keys, duplicate keys,
 * malformed or out-of-range values are errors: returns -EINVAL and writes
 * "FILE: [section] key = "value": reason (line N)" into err.  -errno when the
 * file cannot be read.  Also rejected: empty files, files above
 * CFG_INI_MAX_B, NUL or other control bytes, lines longer than
 * CFG_INI_LINE_MAX, lines that are neither comment (; or #), [section] nor
 * key = value.  A section may appear more than once as long as no key
 * repeats.  Section and key names are case-sensitive.  Values are read as
 * iniparser reads them: "quoted" or 'quoted' values keep ; # and blanks,
 * unquoted ones end at ; or # (inline comment).  A comment ends at the end
 * of its line, even after a trailing backslash.  The file is read once.
 * On error *c is left unchanged; on success c->path is set.
 */
int cfg_load_ini(struct cfg *c, const char *path, char *err, size_t err_len);

/*
 * A module's own checks of its keys, which live in that module ([b2b] in
 * b2b.c, [mlr] goals in mlr_goal.c, [campaign] in campaign_keys.c; the
 * command line's cli_validate lists them): keys, run by cfg_validate_with
 * after the core's checks, and line (NULL: none), run by
 * cfg_check_line_rate_with with the line rate.  0 or -EINVAL with err.
 */
struct cfg_checks {
	int (*keys)(const struct cfg *c, char *err, size_t err_len);
	int (*line)(const struct cfg *c, uint64_t line_fps, char *err,
		    size_t err_len);
};

/* Cross-key checks after all layers are applied: the core's, then
 * more[0..nb_more)'s in order.  0 or -EINVAL with err. */
int cfg_validate_with(const struct cfg *c, const struct cfg_checks *more,
		      unsigned nb_more, char *err, size_t err_len);

/* [traffic] frame_size_b (and the mix) sendable with this configuration
 * (IPv6 and translation minimums, jumbo rule).  0 or -EINVAL with err. */
int cfg_check_frame_size(const struct cfg *c, char *err, size_t err_len);

/* Print the effective configuration as INI (loadable again).  [switch]
 * only with more than two ports or a [switch] key given; [portK] for the
 * ports present. */
void cfg_print(const struct cfg *c, FILE *f);

/* Was a [switch] key given (file or option)? */
bool cfg_switch_given(const struct cfg *c);

/* The side that sends direction d, and the side that receives it. */
static inline enum cfg_side_id
cfg_tx_side(enum cfg_dir_id d)
{
	return d == CFG_FWD ? CFG_LEFT : CFG_RIGHT;
}

static inline enum cfg_side_id
cfg_rx_side(enum cfg_dir_id d)
{
	return d == CFG_FWD ? CFG_RIGHT : CFG_LEFT;
}

/* Is direction d part of the configured run? */
bool cfg_dir_active(const struct cfg *c, enum cfg_dir_id d);

/*
 * Parse an lcore list "1-2,4" (ids 0..max, ascending or not, no repeats)
 * into out[0..*nb), at most cap entries.  0 or -EINVAL with err saying what
 * is wrong with s (the caller names file, section and key).
 */
int cfg_parse_lcores(const char *s, unsigned int max, uint16_t *out,
		     unsigned int cap, unsigned int *nb, char *err, size_t err_len);

/*
 * The sender (send true) or receiver lcores of side s: the list of
 * send_lcores / recv_lcores when given, else the one send_lcore /
 * recv_lcore (none: *nb = 0).  Up to cap into out.  0, or -EINVAL with
 * err naming file, section, key and value.
 */
int cfg_side_lcores(const struct cfg *c, enum cfg_side_id s, bool send,
		    uint16_t *out, unsigned cap, unsigned *nb, char *err,
		    size_t err_len);

/* Bytes of VLAN tags in the frames of side s: 0, 4 (vlan) or 8 (QinQ). */
static inline uint32_t
cfg_side_tag_b(const struct cfg_side *s)
{
	return s->vlan == 0 ? 0 : s->outer_vlan == 0 ? CFG_VLAN_TAG_B :
						       2 * CFG_VLAN_TAG_B;
}

/* Frame size in bytes (incl. FCS) of frames sent in IP version v. */
uint32_t cfg_frame_size_b(const struct cfg *c, uint8_t ip_version);

/*
 * [traffic] imix of c (validated) into *m: 0 with m->len 0 when none,
 * 1 with the mix (its sizes as configured: the IPv6 sizes when
 * translating, the IPv4 frames 20 bytes shorter as with frame_size_b).
 */
int cfg_imix(const struct cfg *c, struct imix *m);

/* What c's genomes' letters stand for (imix.h): [traffic] imix_sizes,
 * mtu_b, sizes within CFG_MIN_FRAME_B..CFG_MAX_JUMBO_B. */
struct imix_env cfg_imix_env(const struct cfg *c);

/* trials.csv imix: c's mix in RFC 6985's notation with its table
 * (imix_note); "" without a mix. */
void cfg_imix_note(const struct cfg *c, char *buf, size_t len);

/* The largest frame any direction sends, incl. FCS (buffers, MTU). */
uint32_t cfg_frame_size_max_b(const struct cfg *c);

/* The size the result files give (rate.csv Size, frame_size_b): the
 * configured size, or for a mix its mean L2 size rounded to the nearest
 * byte (the genome is in trials.csv imix and run.json imix). */
uint32_t cfg_report_size_b(const struct cfg *c);

/* rate_fps of c's frames in Mb/s: L2 (the configured sizes' mean, with
 * FCS) and L1 (+ IMIX_L1_EXTRA_B a frame: preamble, SFD, gap). */
void cfg_rate_mbps(const struct cfg *c, uint64_t rate_fps, double *l2_mbps,
		   double *l1_mbps);

/* cfg_rate_mbps's rule for frames of mean L2 size mean_l2_b (FCS in). */
void cfg_rate_mbps_mean(double mean_l2_b, uint64_t rate_fps, double *l2_mbps,
			double *l1_mbps);

/* The mean L2 size (with FCS) of c's frames: the mix's, else the size. */
double cfg_mean_l2_b(const struct cfg *c);

/*
 * The explicit [loss] rates: up to max values into out; returns how many,
 * or -EINVAL with the offending item in err.
 */
int cfg_loss_rates(const struct cfg *c, uint64_t *out, unsigned max,
		   char *err, size_t err_len);


/* Line rate in frames/s of size_b frames at speed_mbps (20 B preamble+IFG). */
uint64_t cfg_line_rate_fps(uint32_t size_b, uint32_t speed_mbps);

/*
 * The link speed in Mb/s the line rate is taken at: [traffic]
 * link_speed_gbps when set (an override), else the ports' reported speed
 * (port_speed_mbps), else 0: not known (before the EAL, or ports that
 * report no speed).
 */
uint32_t cfg_link_speed_mbps(const struct cfg *c);

/* The line rate at speed_mbps of the larger frame size in use (that one
 * into *size_b unless NULL): the rate both links of a direction carry. */
uint64_t cfg_traffic_line_rate_fps(const struct cfg *c, uint32_t speed_mbps,
			       uint32_t *size_b);

/*
 * Reject a rate above the line rate of the frame size in use ([traffic]
 * rate_fps, [search] rate_max_fps and initial_rate_fps, [loss] rates)
 * when the link speed is known (cfg_link_speed_mbps); err names the key,
 * the rate and the line rate, then more[0..nb_more)'s line checks.  0 or
 * -EINVAL.  cfg_validate_with runs it (the key only); the run again once
 * the ports report their speed (cli_check_line_rate).
 */
int cfg_check_line_rate_with(const struct cfg *c, const struct cfg_checks *more,
			     unsigned nb_more, char *err, size_t err_len);

/* The message of rate_fps above the line rate, blamed on (section, key)
 * (its option when one set it); what: "" or " item" (of a list).
 * -EINVAL. */
int cfg_line_rate_err(const struct cfg *c, const char *section,
		      const char *key, const char *what, uint64_t rate_fps,
		      char *err, size_t err_len);

/*
 * Addresses of the frames sent in direction d in IP version v (4 or 6),
 * following the addressing rule above: source = the sending side's real
 * address of version v; destination = the receiving side's real address when
 * it speaks v, else its virtual address of version v.  Points into c.
 */
const uint8_t *cfg_src_addr(const struct cfg *c, enum cfg_dir_id d, uint8_t ip_version);
const uint8_t *cfg_dst_addr(const struct cfg *c, enum cfg_dir_id d, uint8_t ip_version);
/* The same rule per side: its real address of version v, and the one a
 * peer sees (real when s speaks v, else virtual).  Point into s. */
const uint8_t *cfg_side_addr(const struct cfg_side *s, uint8_t ip_version);
const uint8_t *cfg_side_seen_addr(const struct cfg_side *s, uint8_t ip_version);

/* Is the DUT MAC of side s to be resolved at start ([side] dut_mac =
 * resolve, the default)? */
bool cfg_side_resolve(const struct cfg_side *s);

/*
 * The DUT's next hop on side s, of the side's ip_version, into ip (IPv4:
 * the first 4 bytes): [side] dut_ip, or when "" the side's own address
 * with its last byte 1 (the testbed's 198.18.0.1 for 198.18.0.2).  0, or
 * -EINVAL with err naming file, section, key and value (not an address of
 * the side's version, or the side's own address).
 */
int cfg_side_dut_ip(const struct cfg *c, enum cfg_side_id s, uint8_t ip[16],
		    char *err, size_t err_len);

/*
 * Strict value parsers, shared by the INI reader and the command line.  Each
 * returns 0, or -EINVAL with only the reason in err (e.g. "not an unsigned
 * decimal integer", "out of range 64..9216"); the caller adds the context
 * (file, section, key, value or the option name).
 */
int cfg_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out,
		  char *err, size_t err_len);
/* The seed: a decimal as cfg_parse_u64, or "0x" and 1 to 16 hex digits
 * (trials.csv's form). */
int cfg_parse_seed(const char *s, uint64_t *out, char *err, size_t err_len);
int cfg_parse_bool(const char *s, bool *out, char *err, size_t err_len);
int cfg_parse_mac(const char *s, uint8_t mac[6], char *err, size_t err_len);
int cfg_parse_ipv4(const char *s, uint8_t addr[4], char *err, size_t err_len);
int cfg_parse_ipv6(const char *s, uint8_t addr[16], char *err, size_t err_len);

/* Names of an enum key; the first name of a value is the canonical one. */
struct cfg_enum_name {
	const char *name;
	int value;
};

/* names is terminated by an entry with name == NULL. */
int cfg_parse_enum(const char *s, const struct cfg_enum_name *names, int *out,
		   char *err, size_t err_len);


/* The key table, for the command line, tests and documentation. */
enum cfg_key_type {
	CFG_KEY_U = 0,		/* unsigned decimal in [min, max] */
	CFG_KEY_BOOL,
	CFG_KEY_ENUM,		/* one of names */
	CFG_KEY_LCORE,		/* unsigned in [min, max] or "none" */
	CFG_KEY_MAC,
	CFG_KEY_IPV4,
	CFG_KEY_IPV6,
	CFG_KEY_STR
};

struct cfg_key {
	const char *section;	/* "left", "right", "forward", ... */
	const char *key;
	enum cfg_key_type type;
	uint64_t min;		/* CFG_KEY_U, CFG_KEY_LCORE */
	uint64_t max;
	const char *def;	/* default, as INI text */
	const char *unit;	/* "" when none */
	const char *help;
	size_t offset;		/* of the field in struct cfg */
	size_t size;		/* of the field */
	const struct cfg_enum_name *names;	/* CFG_KEY_ENUM */
};

unsigned cfg_key_count(void);
const struct cfg_key *cfg_key_at(unsigned i);		/* NULL when i >= count */
const struct cfg_key *cfg_key_find(const char *section, const char *key);

/* Parse value for key k and store it in c; err gets only the reason. */
int cfg_key_set(struct cfg *c, const struct cfg_key *k, const char *value,
		char *err, size_t err_len);

/*
 * Record where key k's value came from: option (e.g. "-s/--size") when
 * set from the command line, NULL: the INI file.  cli_validate's
 * messages then name the option ("-s/--size 2000: ...") or the file and
 * key ("FILE: [traffic] frame_size_b = 2000: ...").
 */
void cfg_key_mark(struct cfg *c, const struct cfg_key *k, const char *option);

/*
 * Where key (section, key) of c came from, for a message: "-s/--size 2000"
 * when an option set it, else "FILE: [traffic] frame_size_b = 2000" (the
 * file over the defaults), or "[traffic] frame_size_b = 2000" without a
 * file.  Returns buf.
 */
const char *cfg_key_blame(const struct cfg *c, const char *section,
			  const char *key, char *buf, size_t len);

/* Is key (section, key) of c set by a command-line option? */
/* What names key (section, key) inside a message: its option and value
 * when an option set it ("--n 3"), else plain (the message's own words). */
const char *cfg_key_ref(const struct cfg *c, const char *section,
			const char *key, const char *plain, char *buf,
			size_t len);
bool cfg_key_from_option(const struct cfg *c, const char *section,
			 const char *key);

/* Is key (section, key) of c given at all (INI file or option), not its
 * table default? */
bool cfg_key_given(const struct cfg *c, const char *section, const char *key);

/* The current value of key k in c as INI text (as cfg_print writes it). */
void cfg_key_format(const struct cfg *c, const struct cfg_key *k, char *buf,
		    size_t len);

#endif /* DUTPERF_CFG_H */

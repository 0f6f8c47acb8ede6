/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_keys: the key table (every INI key with its type, bounds, default,
 * unit and help), setting and formatting one key, the defaults and
 * cfg_print.  DPDK-free.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "cfg_priv.h"

/* -------------------------------------------------------------- key table */

static const struct cfg_enum_name ipver_names[] = {
	{ "4", 4 }, { "6", 6 }, { NULL, 0 }
};

static const struct cfg_enum_name var_names[] = {
	{ "fixed", CFG_VAR_FIXED },
	{ "increasing", CFG_VAR_INCREASING },
	{ "decreasing", CFG_VAR_DECREASING },
	{ "random", CFG_VAR_RANDOM },
	{ NULL, 0 }
};

/* enum mport_mac_format, enum mport_pattern (mport.h) */
static const struct cfg_enum_name mac_format_names[] = {
	{ "sequential", 0 }, { "spread", 1 }, { NULL, 0 }
};

static const struct cfg_enum_name pattern_names[] = {
	{ "one-to-many", 0 }, { "many-to-one", 1 }, { "both", 2 }, { NULL, 0 }
};

static const struct cfg_enum_name side_names[] = {
	{ "left", CFG_LEFT }, { "right", CFG_RIGHT }, { NULL, 0 }
};

/* enum stateful_order (stateful.h) */
static const struct cfg_enum_name order_names[] = {
	{ "increasing", 0 }, { "decreasing", 1 }, { "random", 2 }, { NULL, 0 }
};

static const struct cfg_enum_name learning_names[] = {
	{ "off", CFG_LEARNING_OFF },
	{ "trial", CFG_LEARNING_TRIAL },
	{ "search", CFG_LEARNING_SEARCH },
	{ NULL, 0 }
};

static const struct cfg_enum_name direction_names[] = {
	{ "both", CFG_DIRECTION_BOTH },
	{ "forward", CFG_DIRECTION_FORWARD },
	{ "reverse", CFG_DIRECTION_REVERSE },
	{ "b", CFG_DIRECTION_BOTH },
	{ "f", CFG_DIRECTION_FORWARD },
	{ "r", CFG_DIRECTION_REVERSE },
	{ NULL, 0 }
};

#define FLD(f) offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f)

/* A scalar key of one section. */
#define KEY(sec, name, f, type, lo, hi, def, unit, help, names) \
	{ sec, name, type, lo, hi, def, unit, help, FLD(f), names }

/* A key of [left] and [right]; dl / dr are the per-side defaults. */
#define SIDE(name, f, type, lo, hi, dl, dr, unit, help, names) \
	KEY("left", name, side[CFG_LEFT].f, type, lo, hi, dl, unit, help, names), \
	KEY("right", name, side[CFG_RIGHT].f, type, lo, hi, dr, unit, help, names)

/* A key of [forward] and [reverse] (same default). */
#define DIR(name, f, type, lo, hi, def, unit, help, names) \
	KEY("forward", name, dir[CFG_FWD].f, type, lo, hi, def, unit, help, names), \
	KEY("reverse", name, dir[CFG_REV].f, type, lo, hi, def, unit, help, names)

/* One RFC 4814 varying field: NAME_mode, NAME_min, NAME_max. */
#define VAR(nm, fld, dmode, dlo, dhi, what) \
	DIR(nm "_mode", fld.mode, CFG_KEY_ENUM, 0, 0, dmode, "", \
	    what ": fixed, increasing, decreasing or random", var_names), \
	DIR(nm "_min", fld.min, CFG_KEY_U, 0, 65535, dlo, "", \
	    "lowest value of " what, NULL), \
	DIR(nm "_max", fld.max, CFG_KEY_U, 0, 65535, dhi, "", \
	    "highest value of " what, NULL)

#define CFG_RATE_MAX_FPS 1000000000ULL

/* enum dut_when, dut_trials, dut_parser (dut.h) */
static const struct cfg_enum_name dut_when_names[] = {
	{ "snapshot", 0 }, { "during", 1 }, { "search", 2 }, { NULL, 0 }
};

static const struct cfg_enum_name dut_trials_names[] = {
	{ "result", 0 }, { "all", 1 }, { NULL, 0 }
};

static const struct cfg_enum_name dut_parser_names[] = {
	{ "none", 0 }, { "kv", 1 }, { "nstat", 2 }, { "ethtool", 3 },
	{ "iplink", 4 }, { "ovs", 5 }, { "cpu", 6 }, { "nft", 7 }, { NULL, 0 }
};

/* [dut] obsN: one observation's four keys (docs/dut.md) */
#define OBS(n) \
	KEY("dut", "obs" #n, dut.obs[n - 1].spec, CFG_KEY_STR, 0, 0, "", "", \
	    "observation " #n ": NAME: COMMAND, run with /bin/sh -c (\"\" = " \
	    "none)", NULL), \
	KEY("dut", "obs" #n "_when", dut.obs[n - 1].when, CFG_KEY_ENUM, 0, 0, \
	    "snapshot", "", "observation " #n ": snapshot (before and after " \
	    "each trial it observes), during (while it sends) or search " \
	    "(once before each search)", dut_when_names), \
	KEY("dut", "obs" #n "_trials", dut.obs[n - 1].trials, CFG_KEY_ENUM, \
	    0, 0, "result", "", "observation " #n ": the trials it observes: " \
	    "result (the telemetry trial after each search) or all (every " \
	    "trial; it may load the DUT)", dut_trials_names), \
	KEY("dut", "obs" #n "_parser", dut.obs[n - 1].parser, CFG_KEY_ENUM, \
	    0, 0, "none", "", "observation " #n ": how its output is read as " \
	    "counters: none, kv, nstat, ethtool, iplink, ovs, cpu or nft", \
	    dut_parser_names)

static const struct cfg_key cfg_keys[] = {
	SIDE("port_id", port_id, CFG_KEY_U, 0, 1023, "0", "1", "",
	     "DPDK port id of the tester port on this side", NULL),
	SIDE("ip_version", ip_version, CFG_KEY_ENUM, 0, 0, "4", "4", "",
	     "IP version this side speaks (sides differ: translation, RFC 8219)",
	     ipver_names),
	SIDE("ipv4", ipv4, CFG_KEY_IPV4, 0, 0, "198.18.0.2", "198.19.0.2", "",
	     "tester's real IPv4 address on this side", NULL),
	SIDE("ipv6", ipv6, CFG_KEY_IPV6, 0, 0, "2001:2::2", "2001:2:0:1::2", "",
	     "tester's real IPv6 address on this side", NULL),
	SIDE("ipv4_virt", ipv4_virt, CFG_KEY_IPV4, 0, 0,
	     "198.18.255.2", "198.19.255.2", "",
	     "this tester as IPv4 hosts on the other side see it (SIIT EAM / mapped)",
	     NULL),
	SIDE("ipv6_virt", ipv6_virt, CFG_KEY_IPV6, 0, 0,
	     "2001:2:0:64::c612:2", "2001:2:0:64::c613:2", "",
	     "this tester as IPv6 hosts on the other side see it (IPv4-embedded)",
	     NULL),
	SIDE("mac", mac, CFG_KEY_MAC, 0, 0,
	     "02:00:00:00:00:10", "02:00:00:00:01:10", "",
	     "tester port MAC address; not given: the port's own, read at start "
	     "(one that is not the port's puts the port in promiscuous mode)", NULL),
	SIDE("dut_mac", dut_mac, CFG_KEY_MAC, 0, 0,
	     CFG_RESOLVE, CFG_RESOLVE, "",
	     "MAC address of the DUT interface facing this port, or resolve: "
	     "found by ARP / ND for dut_ip at start", NULL),
	SIDE("dut_ip", dut_ip, CFG_KEY_STR, 0, 0, "", "", "",
	     "the DUT's next hop resolved when dut_mac = resolve, of the side's "
	     "ip_version (\"\": this side's address with last byte 1)", NULL),
	SIDE("num_nets", num_nets, CFG_KEY_U, 1, CFG_MAX_NETS, "1", "1", "",
	     "destination networks on this side: frames sent here vary the 3rd "
	     "byte of the IPv4 / 8th byte of the IPv6 destination upwards "
	     "(RFC 2544 12)", NULL),
	SIDE("send_lcore", send_lcore, CFG_KEY_LCORE, 0, CFG_MAX_LCORE, "0", "0", "",
	     "lcore sending from this side, or none", NULL),
	SIDE("recv_lcore", recv_lcore, CFG_KEY_LCORE, 0, CFG_MAX_LCORE, "1", "1", "",
	     "lcore receiving on this side, or none", NULL),
	SIDE("send_lcores", send_lcores, CFG_KEY_STR, 0, 0, "", "", "",
	     "lcores sending from this side, e.g. 2-3 (\"\": send_lcore); "
	     "stream i on the (i mod count)-th", NULL),
	SIDE("recv_lcores", recv_lcores, CFG_KEY_STR, 0, 0, "", "", "",
	     "lcores receiving on this side, e.g. 0-1 (\"\": recv_lcore); "
	     "RX queue q on the (q mod count)-th", NULL),
	SIDE("queues", queues, CFG_KEY_U, 1, CFG_MAX_QUEUES, "1", "1", "",
	     "RX and TX queues of this port: streams sent from it, RX queues "
	     "(RSS) it receives on", NULL),
	/* at least the 1024 RX descriptors plus the lcores' mbuf caches */
	SIDE("pool_mbufs", pool_mbufs, CFG_KEY_U, 2047, 262143, "8191", "8191",
	     "", "mbufs in each of this port's receive and transmit pools, per "
	     "queue; their memory is written once at start", NULL),
	SIDE("vlan", vlan, CFG_KEY_U, 0, 4094, "0", "0", "",
	     "IEEE 802.1Q VID of every frame this port sends and receives "
	     "(0: untagged); the tag is inside frame_size_b", NULL),
	SIDE("vlan_pcp", vlan_pcp, CFG_KEY_U, 0, 7, "0", "0", "",
	     "priority code point of the port's tags (needs vlan)", NULL),
	SIDE("outer_vlan", outer_vlan, CFG_KEY_U, 0, 4094, "0", "0", "",
	     "VID of an outer IEEE 802.1ad tag (TPID 0x88a8) before the vlan "
	     "tag, QinQ (0: none; needs vlan)", NULL),

	/* RFC 4814 4.5: source 1024-65535, destination 1-49151 */
	VAR("sport", sport, "random", "1024", "65535", "the UDP source port"),
	DIR("sport", sport_fixed, CFG_KEY_U, 0, 65535, "49184", "",
	    "UDP source port when sport_mode = fixed (RFC 2544 C.2.6.4: 0xC020)",
	    NULL),
	VAR("dport", dport, "random", "1", "49151", "the UDP destination port"),
	DIR("dport", dport_fixed, CFG_KEY_U, 0, 65535, "7", "",
	    "UDP destination port when dport_mode = fixed (RFC 2544 C.2.6.4: 7)",
	    NULL),
	VAR("src_slice", src_slice, "fixed", "0", "65535",
	    "the low 16 bits of the source address"),
	VAR("dst_slice", dst_slice, "fixed", "0", "65535",
	    "the low 16 bits of the destination address"),

	KEY("traffic", "frame_size_b", frame_size_b, CFG_KEY_U,
	    CFG_MIN_FRAME_B, CFG_MAX_JUMBO_B, "64", "bytes",
	    "frame size incl. FCS (IPv6 size when translating; IPv4 is 20 B shorter)",
	    NULL),
	KEY("traffic", "jumbo", jumbo, CFG_KEY_BOOL, 0, 0, "0", "",
	    "allow frames above 1518 bytes", NULL),
	KEY("traffic", "imix", imix, CFG_KEY_STR, 0, 0, "", "",
	    "mixed sizes: an RFC 6985 IMIX genome (4: a=64 b=128 c=256 d=512 "
	    "e=1024 f=1280 g=1518 h=2112 i=9000 j=16000 z=mtu_b; 5: custom "
	    "upper-case letters A..Z with imix_sizes; 6.1: a count of repeats "
	    "before a group, 20abcd5ggga) or a preset (csit); 6.2: a table of "
	    "proportions, proportions:82:23,146:67,1018:10 (frame bytes:"
	    "percent); 6.5: random: before any of these, a pseudorandom "
	    "order from seed; \"\" = frame_size_b alone", NULL),
	KEY("traffic", "imix_sizes", imix_sizes, CFG_KEY_STR, 0, 0, "", "",
	    "RFC 6985 5: the sizes of a custom IMIX's upper-case letters, "
	    "LETTER:BYTES (A:570 B:9000)", NULL),
	KEY("traffic", "mtu_b", mtu_b, CFG_KEY_U, 0, CFG_MAX_JUMBO_B, "0",
	    "bytes", "RFC 6985 4: the frame size (incl. FCS) that IMIX letter "
	    "z, the MTU, stands for; reported with the genome (0 = z refused)",
	    NULL),
	KEY("traffic", "rate_fps", rate_fps, CFG_KEY_U, 1, CFG_RATE_MAX_FPS, "10000",
	    "frames/s", "frame rate per direction", NULL),
	KEY("traffic", "duration_s", duration_s, CFG_KEY_U, 1, 86400, "60", "s",
	    "trial duration (RFC 2544 24: at least 60 s)", NULL),
	KEY("traffic", "timeout_ms", timeout_ms, CFG_KEY_U, 0, 60000, "2000", "ms",
	    "wait for late frames after sending (RFC 2544 23)", NULL),
	KEY("traffic", "direction", direction, CFG_KEY_ENUM, 0, 0, "both", "",
	    "directions of a trial: both, forward (left to right), reverse (or b, f, r)",
	    direction_names),
	KEY("traffic", "n", n, CFG_KEY_U, 1, 1000000, "2", "frames",
	    "of every n frames ...", NULL),
	KEY("traffic", "m", m, CFG_KEY_U, 0, 1000000, "2", "frames",
	    "... m are foreground, n - m background IPv6 (RFC 8219 5.3)", NULL),
	KEY("traffic", "seed", seed, CFG_KEY_U, 0, UINT64_MAX, "0", "",
	    "RFC 4814 pseudorandom seed, decimal or 0x hex (0 = pick one at start and record it)", NULL),
	KEY("traffic", "burst", burst, CFG_KEY_U, 1, CFG_MAX_BURST, "1", "frames",
	    "frames per TX burst (1 = evenly spaced)", NULL),
	KEY("traffic", "promisc", promisc, CFG_KEY_BOOL, 0, 0, "0", "",
	    "put the tester ports in promiscuous mode", NULL),
	/* RFC 2544 23 (b) */
	KEY("traffic", "learning", learning, CFG_KEY_ENUM, 0, 0, "off", "",
	    "RFC 2544 23 (b) learning frames from each receiving port (an ARP "
	    "request / NS from each destination the test frames use): before "
	    "each trial, before the first trial of each search, or off",
	    learning_names),
	KEY("traffic", "learning_wait_s", learning_wait_s, CFG_KEY_U, 0, 60, "2",
	    "s", "wait after the learning frames (RFC 2544 23 (b): 2 s)", NULL),
	KEY("traffic", "link_speed_gbps", link_speed_gbps, CFG_KEY_U, 0, 800, "0",
	    "Gb/s", "link speed for the line rate (0 = the ports' reported speed)",
	    NULL),
	KEY("traffic", "link_timeout_s", link_timeout_s, CFG_KEY_U, 0, 600, "10",
	    "s", "wait for link up", NULL),
	KEY("traffic", "max_lag_us", max_lag_us, CFG_KEY_U, 0, 60000000, "1000",
	    "us", "sender behind schedule by more than this: trial invalid", NULL),

	KEY("traffic", "frame_timeout_ms", frame_timeout_ms, CFG_KEY_U, 0, 60000,
	    "0", "ms", "per-frame timeout: a frame delayed more than this counts "
	    "as lost (0 = off)", NULL),

	KEY("latency", "tagged_frames", lat_tagged, CFG_KEY_U, 1, 50000, "500",
	    "frames", "tagged frames per direction (RFC 8219 7.2: at least 500)",
	    NULL),
	KEY("latency", "delay_s", lat_delay_s, CFG_KEY_U, 0, 86400, "60", "s",
	    "tagging starts this long after the stream starts (RFC: 60 of 120 s)",
	    NULL),

	KEY("loss", "step_pct", loss_step_pct, CFG_KEY_U, 1, 10, "10", "%",
	    "rate step of the sweep, % of the maximum (RFC 2544 26.3: at most 10)",
	    NULL),
	KEY("loss", "rates", loss_rates, CFG_KEY_STR, 0, 0, "", "frames/s",
	    "explicit rates \"r1,r2,...\" instead of the sweep (empty = sweep)",
	    NULL),

	KEY("frate", "start_fps", frate_start_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s", "frate: the first offered load, "
	    "the throughput (RFC 2889 5.6.1; 0 = measure it first with the "
	    "binary search)", NULL),
	KEY("frate", "max_fps", frate_max_fps, CFG_KEY_U, 0, CFG_RATE_MAX_FPS,
	    "0", "frames/s", "frate: the maximum offered load, the last step "
	    "(0 = [search] rate_max_fps, else the line rate)", NULL),
	KEY("frate", "step_fps", frate_step_fps, CFG_KEY_U, 0, CFG_RATE_MAX_FPS,
	    "0", "frames/s", "frate: the offered load's increment (0 = a tenth "
	    "of max_fps - start_fps)", NULL),

	KEY("mlr", "goals", mlr_goals, CFG_KEY_STR, 0, 0, "ndr,pdr", "",
	    "MLRsearch goals: ndr, pdr, rfc2544, tst009 or key=value lists "
	    "(docs/mlrsearch.md)", NULL),

	KEY("recovery", "throughput_fps", rec_throughput_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s", "recovery: the throughput "
	    "(100 %) the rates are taken of (0 = measure it first with the "
	    "binary search)", NULL),
	KEY("recovery", "overload_pct", rec_overload_pct, CFG_KEY_U, 101, 1000,
	    "110", "%", "recovery: the overload rate, % of the throughput "
	    "(RFC 2544 26.5: 110)", NULL),
	/* RFC 2544 26.5: "reduce the frame rate to 50% of the above rate",
	 * the 110 % one: 55 % of the throughput */
	KEY("recovery", "after_pct", rec_after_pct, CFG_KEY_U, 1, 99, "55", "%",
	    "recovery: the reduced rate after it, % of the throughput (RFC "
	    "2544 26.5: 50 % of the 110 % rate, 55)", NULL),
	KEY("recovery", "overload_s", rec_overload_s, CFG_KEY_U, 1, 86400, "60",
	    "s", "recovery: how long the overload lasts (RFC 2544 26.5: at "
	    "least 60)", NULL),
	KEY("recovery", "after_s", rec_after_s, CFG_KEY_U, 1, 86400, "30", "s",
	    "recovery: how long the reduced rate lasts", NULL),

	KEY("reset", "command", reset_command, CFG_KEY_STR, 0, 0, "", "",
	    "reset: the command that resets the DUT (run with /bin/sh -c; a "
	    "non-zero exit status stops the run)", NULL),
	KEY("reset", "at_ms", reset_at_ms, CFG_KEY_U, 0, 86400000, "10000",
	    "ms", "reset: the command starts this long after the stream", NULL),

	KEY("search", "rate_min_fps", rate_min_fps, CFG_KEY_U, 0, CFG_RATE_MAX_FPS, "0",
	    "frames/s", "lower bound of the binary search", NULL),
	KEY("search", "rate_max_fps", rate_max_fps, CFG_KEY_U, 0, CFG_RATE_MAX_FPS, "0",
	    "frames/s", "upper bound of the search (0 = line rate at link_speed_gbps)",
	    NULL),
	KEY("search", "initial_rate_fps", initial_rate_fps, CFG_KEY_U, 0, CFG_RATE_MAX_FPS,
	    "0", "frames/s", "first rate tried (0 = rate_max_fps)", NULL),
	KEY("search", "error_fps", error_fps, CFG_KEY_U, 1, CFG_RATE_MAX_FPS, "1000",
	    "frames/s", "stop when upper - lower <= error_fps", NULL),
	KEY("search", "settle_ms", settle_ms, CFG_KEY_U, 0, 600000, "5000", "ms",
	    "pause between trials (RFC 2544 23)", NULL),
	KEY("search", "max_retries", max_retries, CFG_KEY_U, 0, 100, "3", "",
	    "invalid trials retried at the same rate", NULL),
	KEY("search", "loss_ppm", loss_ppm, CFG_KEY_U, 0, 1000000, "0", "ppm",
	    "tolerated loss (0 = RFC 2544 zero loss)", NULL),
	KEY("search", "repeat", repeat, CFG_KEY_U, 1, 10000, "1", "",
	    "searches per run", NULL),
	KEY("search", "dut_wait_s", dut_wait_s, CFG_KEY_U, 0, 86400, "0", "s",
	    "a trial losing every frame: wait this long for the DUT (link up, "
	    "a probe trial passing) before the run ends with no result (0 = "
	    "only a link down counts, for max_retries repeats)", NULL),

	KEY("monitor", "interval_ms", mon_interval_ms, CFG_KEY_U, 100, 60000,
	    "1000", "ms", "monitor: one line and monitor.csv row per interval",
	    NULL),
	KEY("monitor", "warmup", mon_warmup, CFG_KEY_U, 0, 3600, "2",
	    "intervals", "monitor: intervals before the variation's min/max count",
	    NULL),
	KEY("monitor", "threshold_ns", mon_threshold_ns, CFG_KEY_U, 0, 1000000000,
	    "0", "ns", "monitor: warn when the period variation exceeds this "
	    "(0 = never)", NULL),

	KEY("b2b", "repetitions", b2b_repetitions, CFG_KEY_U, 1, 10000, "50", "",
	    "b2b: searches per run, averaged (RFC 9004 6.3: at least 50)", NULL),
	KEY("b2b", "min_frames", b2b_min_frames, CFG_KEY_U, 0, CFG_RATE_MAX_FPS * 30,
	    "0", "frames", "b2b: lower bound of the burst length search (not "
	    "tried)", NULL),
	KEY("b2b", "max_frames", b2b_max_frames, CFG_KEY_U, 0, CFG_RATE_MAX_FPS * 30,
	    "0", "frames", "b2b: longest burst tried (0 = 1 s at the burst rate; "
	    "at most 30 s of it, RFC 9004 6.2)", NULL),
	KEY("b2b", "initial_frames", b2b_initial_frames, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS * 30, "0", "frames", "b2b: first burst of each "
	    "search (0 = max_frames)", NULL),
	KEY("b2b", "precision_frames", b2b_precision_frames, CFG_KEY_U, 1,
	    CFG_RATE_MAX_FPS, "1", "frames", "b2b: stop when upper - lower <= "
	    "this", NULL),
	KEY("b2b", "drain_ms", b2b_drain_ms, CFG_KEY_U, 0, 600000, "2000", "ms",
	    "b2b: wait after each burst for the DUT to drain (RFC 9004: at "
	    "least 2000)", NULL),
	KEY("b2b", "short_drain", b2b_short_drain, CFG_KEY_BOOL, 0, 0, "0", "",
	    "b2b: allow drain_ms below 2000 (tests only: not RFC 9004)", NULL),
	KEY("b2b", "burst_rate_fps", b2b_burst_rate_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s", "b2b: burst rate (0 = line rate "
	    "of the frame size at the link speed; the rate reached is measured)",
	    NULL),
	KEY("b2b", "throughput_fps", b2b_throughput_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s", "b2b: the DUT's measured "
	    "throughput, for the corrected buffer time (0 = not given: the "
	    "test's received frame rate, RFC 9004 6.4)", NULL),
	KEY("b2b", "flows", b2b_flows, CFG_KEY_U, 1, 65535, "1", "",
	    "b2b: K distinct source ports (port pairs) cycled in the burst",
	    NULL),
	KEY("b2b", "actual_rate_fps", b2b_actual_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s", "b2b: a frame rate of interest "
	    "for RFC 9004 7's actual buffer time, corrected x burst rate / "
	    "this (0 = none)", NULL),

	KEY("output", "dir", outdir, CFG_KEY_STR, 0, 0, "results", "",
	    "directory for results (CSV files)", NULL),

	KEY("campaign", "tests", camp.tests, CFG_KEY_STR, 0, 0, "", "",
	    "campaign: the tests of each frame size: throughput, mlr, latency, "
	    "pdv, loss, b2b, recovery, reset (and with [stateful] stateful, "
	    "connrate, cttc, teardown); docs/campaign.md", NULL),
	KEY("campaign", "sizes", camp.sizes, CFG_KEY_STR, 0, 0, "rfc2544", "bytes",
	    "campaign: frame sizes and presets rfc2544 (64 .. 1518) and rfc5180 "
	    "(78 .. 1518; both with jumbo = 1 also 2048 4096 8192 9216); mixes "
	    "imix:GENOME (imix:csit)", NULL),
	KEY("campaign", "directions", camp.directions, CFG_KEY_STR, 0, 0, "", "",
	    "campaign: forward, reverse or both (empty = [traffic] direction)",
	    NULL),
	KEY("campaign", "repeats", camp.repeats, CFG_KEY_U, 0, 10000, "0", "",
	    "campaign: runs of each item, RFC 8219's median and percentiles "
	    "(0 = [search] repeat)", NULL),
	KEY("campaign", "throughput_fps", camp.throughput, CFG_KEY_STR, 0, 0, "",
	    "frames/s", "campaign: a given throughput instead of the measured "
	    "one: one rate, or SIZE:FPS pairs (empty = the campaign's own)",
	    NULL),
	KEY("campaign", "resume", camp.resume, CFG_KEY_BOOL, 0, 0, "0", "",
	    "campaign: go on with the campaign in the output directory: "
	    "completed items kept, the cut one run again (--resume)", NULL),

	KEY("commands", "timeout_s", command_timeout_s, CFG_KEY_U, 1, 86400,
	    "60", "s", "every user command ([stateful] hook_trial, hook_search, "
	    "teardown_cmd, [reset] command) still running after this is killed "
	    "(its process group) and the run stops (exit status 1)", NULL),

	OBS(1), OBS(2), OBS(3), OBS(4), OBS(5), OBS(6),
	KEY("dut", "max_output_kb", dut.max_output_kb, CFG_KEY_U, 1, 1048576,
	    "1024", "KiB", "each observation output file is cut at this size "
	    "(the cut noted at its end)", NULL),
	KEY("dut", "required", dut.required, CFG_KEY_BOOL, 0, 0, "0", "",
	    "a failing observation stops the run (exit status 1); 0: recorded "
	    "in dut.csv, the trial goes on", NULL),
	KEY("dut", "criterion", dut.criterion, CFG_KEY_STR, 0, 0, "", "",
	    "OBS.COUNTER [<= N]: a trial passes only when the tester lost "
	    "nothing and that DUT counter rose by at most N (default 0)", NULL),

	/* RFC 9693 stateful NATxy tests (docs/stateful.md) */
	KEY("stateful", "initiator", st.initiator, CFG_KEY_ENUM, 0, 0, "left", "",
	    "side of the Initiator (private side); the other side, IPv4, responds",
	    side_names),
	KEY("stateful", "frames", st.frames, CFG_KEY_U, 1, UINT32_MAX, "4000",
	    "frames", "N: preliminary frames, each a new connection", NULL),
	KEY("stateful", "table_size", st.table_size, CFG_KEY_U, 1, 1U << 26, "4000",
	    "entries", "M: the Responder's state table", NULL),
	KEY("stateful", "rate_fps", st.rate_fps, CFG_KEY_U, 1, CFG_RATE_MAX_FPS,
	    "4000", "frames/s", "R: rate of the preliminary frames", NULL),
	KEY("stateful", "timeout_ms", st.timeout_ms, CFG_KEY_U, 0, 60000, "1000",
	    "ms", "T: wait for late preliminary frames", NULL),
	KEY("stateful", "delay_ms", st.delay_ms, CFG_KEY_U, 0, 3600000, "0",
	    "ms", "D: from the start of phase 1 to the start of phase 2 "
	    "(0 = N / R + 2T)", NULL),
	KEY("stateful", "order", st.order, CFG_KEY_ENUM, 0, 0, "random", "",
	    "preliminary combinations: increasing, decreasing or random "
	    "(a unique pseudorandom permutation)", order_names),
	KEY("stateful", "responder_tuple", st.responder_tuple, CFG_KEY_ENUM, 0, 0,
	    "random", "", "state table entry of each Responder frame: fixed, "
	    "increasing, decreasing or random", var_names),
	KEY("stateful", "repeat_preliminary", st.repeat_preliminary, CFG_KEY_BOOL,
	    0, 0, "1", "", "phase 1 before every phase 2 (0: before the first only)",
	    NULL),
	KEY("stateful", "phases", st.phases, CFG_KEY_BOOL, 0, 0, "0", "",
	    "modes loss, latency, pdv and trial: each trial as RFC 9693 phase 2, "
	    "after phase 1 (--stateful)", NULL),
	KEY("stateful", "validate", st.validate, CFG_KEY_BOOL, 0, 0, "1", "",
	    "connection rate: the Responder answers every table entry once, all "
	    "must arrive", NULL),
	KEY("stateful", "validate_rate_fps", st.validate_rate_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s",
	    "rate of that validation (0 = the trial's R)", NULL),
	KEY("stateful", "cttc_start", st.cttc_start, CFG_KEY_U, 1, UINT32_MAX,
	    "1000", "connections", "table capacity: C0, the first size tried", NULL),
	KEY("stateful", "cttc_error", st.cttc_error, CFG_KEY_U, 1, UINT32_MAX,
	    "100", "connections", "table capacity: E, the precision", NULL),
	KEY("stateful", "cttc_alpha_pct", st.cttc_alpha_pct, CFG_KEY_U, 1, 100,
	    "100", "%", "table capacity: each rate step's validation at alpha "
	    "x its rate", NULL),
	KEY("stateful", "cttc_beta_pct", st.cttc_beta_pct, CFG_KEY_U, 1, 100,
	    "20", "%", "table capacity: doubling goes on while r(C) >= beta x RS "
	    "(the rate at the last good size)",
	    NULL),
	KEY("stateful", "cttc_gamma_pct", st.cttc_gamma_pct, CFG_KEY_U, 1, 100,
	    "40", "%", "table capacity: binary search, C good when r(C) >= "
	    "gamma x RS", NULL),
	KEY("stateful", "hook_trial", st.hook_trial, CFG_KEY_STR, 0, 0, "", "",
	    "shell command before each stateful trial (exit 0 or the run stops)",
	    NULL),
	KEY("stateful", "hook_search", st.hook_search, CFG_KEY_STR, 0, 0, "", "",
	    "shell command before each search (e.g. flush the DUT's table)", NULL),
	KEY("stateful", "teardown_cmd", st.teardown_cmd, CFG_KEY_STR, 0, 0, "", "",
	    "mode teardown: the shell command that deletes every connection of "
	    "the DUT (timed)", NULL),
	/* [switch]: the RFC 2889 switch modes (docs/switch.md); more keys
	 * of those modes go below */
	KEY("switch", "addrs_per_port", sw.addrs_per_port, CFG_KEY_U, 1,
	    1u << 20, "1", "addresses", "RFC 2889 5.1.2 addresses per port: "
	    "1, 2, 4, ... (a binary exponential)", NULL),
	KEY("switch", "mac_format", sw.mac_format, CFG_KEY_ENUM, 0, 0,
	    "sequential", "", "how a port's addresses 1.. are made: sequential "
	    "(02:d9:PP:kk:kk:kk) or spread (k times an odd constant, for a "
	    "hashing DUT)", mac_format_names),
	KEY("switch", "aging_s", sw.aging_s, CFG_KEY_U, 0, 1000000, "0", "s",
	    "the DUT's address aging time, required by the switch modes: "
	    "learning and trial must fit inside it (0 = not given)", NULL),
	KEY("switch", "learn_fps", sw.learn_fps, CFG_KEY_U, 1,
	    CFG_RATE_MAX_FPS, "1000", "frames/s",
	    "rate of the learning frames before each trial", NULL),
	KEY("switch", "pattern", sw.pattern, CFG_KEY_ENUM, 0, 0,
	    "one-to-many", "", "mode partial (RFC 2889 5.2): one-to-many, "
	    "many-to-one or both", pattern_names),
	/* [switch] of modes caching, learnrate, congestion, broadcast
	 * (RFC 2889 5.7, 5.8, 5.5, 5.10; swproc.h) */
	KEY("switch", "initial_addrs", swp.initial_addrs, CFG_KEY_U, 0, 1u << 20,
	    "0", "addresses", "caching (RFC 2889 5.7.3): the first number of "
	    "addresses N (0 = max_addrs / 2)", NULL),
	KEY("switch", "max_addrs", swp.max_addrs, CFG_KEY_U, 1, 1u << 20,
	    "1024", "addresses", "caching: MAX, the most addresses the search "
	    "offers (HIGH's start)", NULL),
	KEY("switch", "addrs", swp.addrs, CFG_KEY_U, 1, 1u << 20, "256",
	    "addresses", "learnrate (RFC 2889 5.8.3): the fixed number of "
	    "addresses learned per iteration", NULL),
	KEY("switch", "learn_min_fps", swp.learn_min_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "10", "frames/s", "learnrate: LOW's start; no "
	    "rate at or below it is tried", NULL),
	KEY("switch", "learn_max_fps", swp.learn_max_fps, CFG_KEY_U, 1,
	    CFG_RATE_MAX_FPS, "10000", "frames/s", "learnrate: HIGH's start, "
	    "the highest learning rate tried", NULL),
	KEY("switch", "learn_initial_fps", swp.learn_initial_fps, CFG_KEY_U, 0,
	    CFG_RATE_MAX_FPS, "0", "frames/s", "learnrate: the first learning "
	    "rate (0 = midway between learn_min_fps and learn_max_fps)", NULL),
	KEY("switch", "learn_resolution_fps", swp.learn_resolution_fps,
	    CFG_KEY_U, 1, CFG_RATE_MAX_FPS, "10", "frames/s", "learnrate: the "
	    "search ends when HIGH - LOW is at most this", NULL),
	KEY("switch", "flush_command", swp.flush_command, CFG_KEY_STR, 0, 0, "",
	    "", "caching, learnrate: shell command that empties the DUT's "
	    "address table before each iteration, instead of waiting aging_s "
	    "(\"\" = wait)", NULL),
	KEY("switch", "flush_wait_ms", swp.flush_wait_ms, CFG_KEY_U, 0, 600000,
	    "0", "ms", "caching, learnrate: the wait after flush_command", NULL),
	KEY("switch", "test_wait_ms", swp.test_wait_ms, CFG_KEY_U, 0, 60000,
	    "100", "ms", "caching, learnrate: the wait between the learning "
	    "frames and the test frames", NULL),
	KEY("switch", "lport", swp.lport, CFG_KEY_U, 0, CFG_MAX_PORTS - 1, "0",
	    "", "caching, learnrate: the learning port (0 = [left], 1 = "
	    "[right], K = [portK])", NULL),
	KEY("switch", "tport", swp.tport, CFG_KEY_U, 0, CFG_MAX_PORTS - 1, "1",
	    "", "caching, learnrate: the test port", NULL),
	KEY("switch", "mport", swp.mport, CFG_KEY_U, 0, CFG_MAX_PORTS - 1, "2",
	    "", "caching, learnrate: the monitoring port, which must receive "
	    "nothing", NULL),
	KEY("switch", "bcast_port", swp.bcast_port, CFG_KEY_U, 0,
	    CFG_MAX_PORTS - 1, "0", "", "broadcast (RFC 2889 5.10): the port "
	    "that sends the broadcast frames", NULL),
};

#define CFG_NB_KEYS (sizeof(cfg_keys) / sizeof(cfg_keys[0]))
_Static_assert(CFG_NB_KEYS <= CFG_NB_KEYS_MAX, "raise CFG_NB_KEYS_MAX");

static const char *const cfg_sections[] = {
	"left", "right", "forward", "reverse", "traffic", "latency", "loss",
	"mlr", "b2b", "recovery", "reset", "search", "monitor", "output",
	"commands", "stateful", "campaign", "dut", "frate", "switch"
};

/* [portK]: [left]'s keys that make sense for any port (not the
 * translation, network or next-hop keys of the two-port trial) */
static const char *const cfg_port_keys[] = {
	"port_id", "ip_version", "ipv4", "ipv6", "mac", "dut_mac",
	"send_lcore", "recv_lcore", "send_lcores", "recv_lcores", "queues",
	"pool_mbufs", "vlan", "vlan_pcp", "outer_vlan"
};

static const char *const cfg_port_names[CFG_MAX_PORTS] = {
	"left", "right", "port2", "port3", "port4", "port5", "port6", "port7"
};

#define CFG_NB_SECTIONS (sizeof(cfg_sections) / sizeof(cfg_sections[0]))

unsigned
cfg_key_count(void)
{
	return CFG_NB_KEYS;
}

const struct cfg_key *
cfg_key_at(unsigned i)
{
	return i < CFG_NB_KEYS ? &cfg_keys[i] : NULL;
}

const struct cfg_key *
cfg_key_find(const char *section, const char *key)
{
	unsigned i;

	for (i = 0; i < CFG_NB_KEYS; i++)
		if (strcmp(cfg_keys[i].section, section) == 0 &&
		    strcmp(cfg_keys[i].key, key) == 0)
			return &cfg_keys[i];
	return NULL;
}

bool
cfg_section_known(const char *name)
{
	unsigned i;

	for (i = 0; i < CFG_NB_SECTIONS; i++)
		if (strcmp(cfg_sections[i], name) == 0)
			return true;
	return false;
}

unsigned
cfg_port_section(const char *name)
{
	unsigned k;

	for (k = CFG_NB_SIDES; k < CFG_MAX_PORTS; k++)
		if (strcmp(name, cfg_port_names[k]) == 0)
			return k;
	return 0;
}

const struct cfg_key *
cfg_port_key(const char *key, unsigned k, struct cfg_key *out)
{
	const struct cfg_key *l = cfg_key_find("left", key);
	unsigned i;

	if (l == NULL || k < CFG_NB_SIDES || k >= CFG_MAX_PORTS)
		return NULL;
	for (i = 0; i < sizeof(cfg_port_keys) / sizeof(cfg_port_keys[0]); i++)
		if (strcmp(cfg_port_keys[i], key) == 0)
			break;
	if (i == sizeof(cfg_port_keys) / sizeof(cfg_port_keys[0]))
		return NULL;
	*out = *l;
	out->section = cfg_port_names[k];
	out->offset = l->offset - offsetof(struct cfg, side[CFG_LEFT]) +
		      offsetof(struct cfg, xport[k - CFG_NB_SIDES]);
	return out;
}

void
cfg_section_list(char *buf, size_t len)
{
	size_t used = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < CFG_NB_SECTIONS; i++)
		cfg_list_add(buf, len, &used, cfg_sections[i]);
}

const char *
cfg_var_mode_name(enum cfg_var_mode mode)
{
	return cfg_enum_name(var_names, mode);
}

/*
 * Integer fields go through these: memcpy, never a cast, so no misaligned
 * or type-punned access (UBSan found a 32-bit load of an IPv4 address,
 * uint8_t[4] at an odd offset, when every key was loaded this way).
 */
static void
store_uint(void *p, size_t size, uint64_t v)
{
	uint8_t v8 = (uint8_t)v;
	uint16_t v16 = (uint16_t)v;
	uint32_t v32 = (uint32_t)v;

	switch (size) {
	case 1: memcpy(p, &v8, 1); break;
	case 2: memcpy(p, &v16, 2); break;
	case 4: memcpy(p, &v32, 4); break;
	default: memcpy(p, &v, 8); break;
	}
}

static uint64_t
load_uint(const void *p, size_t size)
{
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	switch (size) {
	case 1: memcpy(&v8, p, 1); return v8;
	case 2: memcpy(&v16, p, 2); return v16;
	case 4: memcpy(&v32, p, 4); return v32;
	default: memcpy(&v64, p, 8); return v64;
	}
}

uint64_t
cfg_key_uint(const struct cfg *c, const struct cfg_key *k)
{
	return load_uint((const char *)c + k->offset, k->size);
}

int
cfg_key_set(struct cfg *c, const struct cfg_key *k, const char *value,
	    char *err, size_t err_len)
{
	void *p = (char *)c + k->offset;
	uint64_t u;
	bool b;
	int e = 0, rc;

	switch (k->type) {
	case CFG_KEY_U:
		/* the seed also as trials.csv writes it, 0x and hex digits */
		if (k->offset == offsetof(struct cfg, seed))
			rc = cfg_parse_seed(value, &u, err, err_len);
		else
			rc = cfg_parse_u64(value, k->min, k->max, &u, err,
					   err_len);
		break;
	case CFG_KEY_LCORE:
		rc = cfg_parse_lcore(value, k->min, k->max, &u, err, err_len);
		break;
	case CFG_KEY_ENUM:
		rc = cfg_parse_enum(value, k->names, &e, err, err_len);
		u = (uint64_t)e;
		break;
	case CFG_KEY_BOOL:
		rc = cfg_parse_bool(value, &b, err, err_len);
		if (rc == 0)
			*(bool *)p = b;
		return rc;
	case CFG_KEY_MAC:
		/* dut_mac: "resolve" is the all-zero MAC (cfg_side_resolve) */
		if (strcmp(k->def, CFG_RESOLVE) == 0 && value != NULL &&
		    strcmp(value, CFG_RESOLVE) == 0) {
			memset(p, 0, 6);
			return 0;
		}
		rc = cfg_parse_mac(value, p, err, err_len);
		if (rc == 0 && strcmp(k->def, CFG_RESOLVE) == 0 &&
		    memcmp(p, "\0\0\0\0\0\0", 6) == 0)
			return cfg_errf(err, err_len,
					"the zero MAC: write resolve to resolve it");
		if (rc != 0 && strcmp(k->def, CFG_RESOLVE) == 0)
			return cfg_errf(err, err_len,
					"neither a MAC address (xx:xx:xx:xx:xx:xx) nor resolve");
		return rc;
	case CFG_KEY_IPV4:
		return cfg_parse_ipv4(value, p, err, err_len);
	case CFG_KEY_IPV6:
		return cfg_parse_ipv6(value, p, err, err_len);
	case CFG_KEY_STR:
		if (value == NULL || strlen(value) >= k->size)
			return cfg_errf(err, err_len, "longer than %zu characters", k->size - 1);
		/* What an INI file cannot hold (its reader rejects control
		 * bytes), the command line may not set either: --check and
		 * --print-config must print a loadable file (found by
		 * tests/fuzz/fuzz_cfg). */
		for (e = 0; value[e] != '\0'; e++) {
			if ((unsigned char)value[e] < 0x20 || value[e] == 0x7f)
				return cfg_errf(err, err_len, "control character (byte 0x%02x) "
						"not allowed", (unsigned char)value[e]);
			/* iniparser strips quotes, even unbalanced ones: a
			 * printed '"x' would load as x (found by fuzz_cfg) */
			if (value[e] == '"' || value[e] == '\'')
				return cfg_errf(err, err_len, "quote character %c not allowed",
						value[e]);
		}
		memset(p, 0, k->size);
		memcpy(p, value, strlen(value));
		return 0;
	default:
		return cfg_errf(err, err_len, "internal error: unknown key type");
	}
	/* the integer types */
	if (rc == 0)
		store_uint(p, k->size, u);
	return rc;
}

void
cfg_key_mark(struct cfg *c, const struct cfg_key *k, const char *option)
{
	unsigned i = (unsigned)(k - cfg_keys);

	if (i >= CFG_NB_KEYS)
		return;
	c->from.origin[i] = option != NULL ? CFG_ORIGIN_OPTION : CFG_ORIGIN_FILE;
	snprintf(c->from.option[i], sizeof(c->from.option[i]), "%s",
		 option != NULL ? option : "");
}

bool
cfg_key_from_option(const struct cfg *c, const char *section, const char *key)
{
	const struct cfg_key *k = cfg_key_find(section, key);

	return k != NULL &&
	       c->from.origin[k - cfg_keys] == CFG_ORIGIN_OPTION;
}

bool
cfg_key_given(const struct cfg *c, const char *section, const char *key)
{
	const struct cfg_key *k = cfg_key_find(section, key);

	return k != NULL &&
	       c->from.origin[k - cfg_keys] != CFG_ORIGIN_DEFAULT;
}

const char *
cfg_key_blame(const struct cfg *c, const char *section, const char *key,
	      char *buf, size_t len)
{
	const struct cfg_key *k = cfg_key_find(section, key);
	char val[CFG_PATH_LEN + 8];
	unsigned i;

	if (k == NULL) {
		snprintf(buf, len, "[%s] %s", section, key);
		return buf;
	}
	i = (unsigned)(k - cfg_keys);
	cfg_key_format(c, k, val, sizeof(val));
	/* a default counts as the file's when there is one: the effective
	 * configuration is the file over the defaults */
	if (c->from.origin[i] == CFG_ORIGIN_OPTION)
		snprintf(buf, len, "%s %s", c->from.option[i], val);
	else
		snprintf(buf, len, "%s%s[%s] %s = %s", c->path,
			 c->path[0] != '\0' ? ": " : "", section, key, val);
	return buf;
}

void
cfg_key_format(const struct cfg *c, const struct cfg_key *k, char *buf,
	       size_t len)
{
	const void *p = (const char *)c + k->offset;
	const uint8_t *a = p;
	const char *name;
	uint64_t u;

	switch (k->type) {
	case CFG_KEY_U:
		snprintf(buf, len, "%" PRIu64, load_uint(p, k->size));
		return;
	case CFG_KEY_LCORE:
		u = load_uint(p, k->size);
		if (u == CFG_LCORE_NONE)
			snprintf(buf, len, "none");
		else
			snprintf(buf, len, "%" PRIu64, u);
		return;
	case CFG_KEY_BOOL:
		snprintf(buf, len, "%d", *(const bool *)p ? 1 : 0);
		return;
	case CFG_KEY_ENUM:
		u = load_uint(p, k->size);
		name = cfg_enum_name(k->names, u);
		if (name != NULL)
			snprintf(buf, len, "%s", name);
		else
			snprintf(buf, len, "%" PRIu64, u);
		return;
	case CFG_KEY_MAC:
		if (strcmp(k->def, CFG_RESOLVE) == 0 &&
		    memcmp(a, "\0\0\0\0\0\0", 6) == 0) {
			snprintf(buf, len, "%s", CFG_RESOLVE);
			return;
		}
		snprintf(buf, len, "%02x:%02x:%02x:%02x:%02x:%02x",
			 a[0], a[1], a[2], a[3], a[4], a[5]);
		return;
	case CFG_KEY_IPV4:
		snprintf(buf, len, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
		return;
	case CFG_KEY_IPV6: {
		char tmp[INET6_ADDRSTRLEN];

		if (inet_ntop(AF_INET6, p, tmp, sizeof(tmp)) == NULL)
			tmp[0] = '\0';
		snprintf(buf, len, "%s", tmp);
		return;
	}
	case CFG_KEY_STR:
		/* iniparser cuts unquoted values at ; and # and trims blanks */
		if (strpbrk(p, ";#") != NULL || isspace((unsigned char)a[0]) ||
		    (a[0] != '\0' && isspace((unsigned char)a[strlen(p) - 1])))
			snprintf(buf, len, "\"%s\"", (const char *)p);
		else
			snprintf(buf, len, "%s", (const char *)p);
		return;
	}
	snprintf(buf, len, "?");
}

void
cfg_defaults(struct cfg *c)
{
	char err[CFG_ERR_LEN];
	unsigned i;

	memset(c, 0, sizeof(*c));
	/* Every default is parsed by the unit tests, so this cannot fail. */
	for (i = 0; i < CFG_NB_KEYS; i++)
		(void)cfg_key_set(c, &cfg_keys[i], cfg_keys[i].def, err, sizeof(err));
	/* [portK]: [left]'s defaults but the port id, MAC and addresses of
	 * the testbed's rule (docs/testbed.md "Four ports") */
	c->nb_ports = CFG_NB_SIDES;
	for (i = CFG_NB_SIDES; i < CFG_MAX_PORTS; i++) {
		struct cfg_side *p = cfg_port(c, i);
		uint8_t mac[6] = { 0x02, 0, 0, 0, (uint8_t)i, 0x10 };
		uint8_t ip4[4] = { 198, (uint8_t)(18 + i), 0, 2 };
		uint8_t ip6[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, (uint8_t)i };

		ip6[15] = 2;
		*p = c->side[CFG_LEFT];
		p->port_id = (uint16_t)i;
		memcpy(p->mac, mac, 6);
		memcpy(p->ipv4, ip4, 4);
		memcpy(p->ipv6, ip6, 16);
	}
}

/* ----------------------------------------------------------------- print */

static void
print_key(const struct cfg *c, const struct cfg_key *k, FILE *f, char *val,
	  size_t len)
{
	fprintf(f, "; %s", k->help);
	if (k->unit[0] != '\0')
		fprintf(f, " [%s]", k->unit);
	if (k->type == CFG_KEY_U)
		fprintf(f, " (%" PRIu64 "..%" PRIu64 ")", k->min, k->max);
	fprintf(f, "\n");
	cfg_key_format(c, k, val, len);
	fprintf(f, "%s = %s\n", k->key, val);
}

void
cfg_print(const struct cfg *c, FILE *f)
{
	char val[CFG_PATH_LEN + 8];
	unsigned i, s;

	fprintf(f, "; dutperf effective configuration%s%s\n",
		c->path[0] ? ", read from " : " (no INI file)", c->path);
	for (s = 0; s < CFG_NB_SECTIONS; s++) {
		/* two ports and no [switch] key: the file as before there
		 * was a [switch] (run.json's config stays byte-identical) */
		if (strcmp(cfg_sections[s], "switch") == 0 &&
		    c->nb_ports <= CFG_NB_SIDES && !cfg_switch_given(c))
			continue;
		fprintf(f, "\n[%s]\n", cfg_sections[s]);
		for (i = 0; i < CFG_NB_KEYS; i++) {
			if (strcmp(cfg_keys[i].section, cfg_sections[s]) == 0)
				print_key(c, &cfg_keys[i], f, val, sizeof(val));
		}
	}
	for (s = CFG_NB_SIDES; s < c->nb_ports; s++) {
		struct cfg_key k;

		fprintf(f, "\n[%s]\n", cfg_port_names[s]);
		for (i = 0; i < sizeof(cfg_port_keys) / sizeof(cfg_port_keys[0]);
		     i++)
			if (cfg_port_key(cfg_port_keys[i], s, &k) != NULL)
				print_key(c, &k, f, val, sizeof(val));
	}
}

bool
cfg_switch_given(const struct cfg *c)
{
	unsigned i;

	for (i = 0; i < CFG_NB_KEYS; i++)
		if (strcmp(cfg_keys[i].section, "switch") == 0 &&
		    c->from.origin[i] != CFG_ORIGIN_DEFAULT)
			return true;
	return false;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * siitconf: read a siitperf.conf (siitperf's "Key value" configuration
 * file) strictly and translate it into dutperf's configuration.  DPDK-free.
 *
 * siitperf's own reader accepts much that it then gets wrong: a key found
 * anywhere in a line, text after the value, numbers that wrap, MACs with
 * three-digit octets, and 16-bit fields read with a 32-bit conversion, so
 * that a key clobbers the field stored after it when that field was set on
 * an earlier line.  siitconf refuses all of these (-EINVAL, a message naming
 * file, key, value and line), and names on its list of notes every key it
 * reads but cannot translate (MEM-Channels, an IP variation at another
 * offset, ...) and what a stateful test (Stateful 1 / 2: [stateful]
 * initiator, order, responder_tuple) leaves to set: siitperf's
 * command-line N M R T D and the NAT's public address.
 */
#ifndef DUTPERF_SIITCONF_H
#define DUTPERF_SIITCONF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dutperf/cfg.h"

#define SIITCONF_VAL_LEN 64	/* longest value kept (an IPv6 address fits) */
#define SIITCONF_MAX_B (64 * 1024)	/* larger files are rejected */
#define SIITCONF_LINE_MAX 1000
#define SIITCONF_NOTE_LEN 400
#define SIITCONF_MAX_NOTES 32
#define SIITCONF_MAX_ENTRIES 64

/* The keys of siitperf.conf (siitperf's throughput.cc readConfigFile). */
enum siitconf_key_id {
	SC_IP_L_VERS = 0, SC_IP_R_VERS,
	SC_IPV6_L_REAL, SC_IPV6_L_VIRT, SC_IPV6_R_REAL, SC_IPV6_R_VIRT,
	SC_IPV4_L_REAL, SC_IPV4_L_VIRT, SC_IPV4_R_REAL, SC_IPV4_R_VIRT,
	SC_MAC_L_TESTER, SC_MAC_R_TESTER, SC_MAC_L_DUT, SC_MAC_R_DUT,
	SC_NUM_L_NETS, SC_NUM_R_NETS,
	SC_FORWARD, SC_REVERSE, SC_PROMISC,
	SC_CPU_L_SEND, SC_CPU_R_RECV, SC_CPU_R_SEND, SC_CPU_L_RECV,
	SC_MEM_CHANNELS,
	SC_FWD_VAR_SPORT, SC_FWD_VAR_DPORT, SC_REV_VAR_SPORT, SC_REV_VAR_DPORT,
	SC_FWD_SPORT_MIN, SC_FWD_SPORT_MAX, SC_FWD_DPORT_MIN, SC_FWD_DPORT_MAX,
	SC_REV_SPORT_MIN, SC_REV_SPORT_MAX, SC_REV_DPORT_MIN, SC_REV_DPORT_MAX,
	SC_IP_L_VAR, SC_IP_R_VAR,
	SC_IP_L_MIN, SC_IP_L_MAX, SC_IP_R_MIN, SC_IP_R_MAX,
	SC_IPV4_L_OFFSET, SC_IPV6_L_OFFSET, SC_IPV4_R_OFFSET, SC_IPV6_R_OFFSET,
	SC_STATEFUL, SC_RESPONDER_TUPLES, SC_ENUMERATE_PORTS, SC_ENUMERATE_IPS,
	SC_NB_KEYS
};

/* One key as read: line 0 = not in the file. */
struct siitconf_val {
	unsigned line;
	char text[SIITCONF_VAL_LEN];	/* the value as written */
	const char *name;		/* the key as written (an alias, maybe) */
	uint64_t u;			/* numbers */
	uint8_t addr[16];		/* IPv4 (4 bytes), IPv6, MAC (6 bytes) */
};

struct siitconf {
	char path[CFG_PATH_LEN];
	struct siitconf_val v[SC_NB_KEYS];
};

/* One key of the dutperf INI the import writes, with where it came from. */
struct siitconf_entry {
	const char *section;
	const char *key;
	char value[SIITCONF_VAL_LEN];
	char origin[SIITCONF_VAL_LEN * 4 + 8];	/* "IP-L-Vers 6 (line 3)" */
};

struct siitconf_out {
	struct cfg cfg;		/* dutperf defaults + the entries, validated */
	unsigned nb_entries;
	struct siitconf_entry entry[SIITCONF_MAX_ENTRIES];
	unsigned nb_notes;
	char note[SIITCONF_MAX_NOTES][SIITCONF_NOTE_LEN];
};

/* The key's name in siitperf.conf (its current spelling). */
const char *siitconf_key_name(enum siitconf_key_id k);

/*
 * Parse the text of a siitperf.conf (len bytes, need not be NUL-terminated);
 * path names it in messages.  0, or -EINVAL with "PATH: KEY "VALUE": reason
 * (line N)" in err.  Refused: unknown keys, a key twice, a key without value
 * or with text after it, malformed or out-of-range values, a 16-bit key
 * that siitperf would write over a field set on an earlier line, binary
 * data, over-long lines, an empty file.
 */
int siitconf_parse(struct siitconf *sc, const char *path, const char *text,
		   size_t len, char *err, size_t err_len);

/* siitconf_parse on a file; -errno when it cannot be read. */
int siitconf_read(struct siitconf *sc, const char *path, char *err,
		  size_t err_len);

/*
 * Translate into dutperf's configuration: out->entry lists every key the
 * siitperf file determines (also where siitperf's default differs from
 * dutperf's), out->note every key read but not translated, with the reason
 * (and for EAL options, dutperf's command-line equivalent).  0, or -EINVAL
 * with err for what siitperf itself refuses or silently gets wrong, and for
 * a result dutperf's cfg_validate rejects.
 */
int siitconf_translate(const struct siitconf *sc, struct siitconf_out *out,
		       char *err, size_t err_len);

/* Write out's entries as a dutperf INI file. */
void siitconf_write_ini(const struct siitconf *sc,
			const struct siitconf_out *out, FILE *f);

#endif /* DUTPERF_SIITCONF_H */

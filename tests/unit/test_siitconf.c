/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the siitconf module (siitperf.conf import). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "siitconf.h"
#include "dutperf/stateful.h"
#include "unit_util.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A complete stateless SIIT configuration (IPv6 left, IPv4 right). */
static const char base_conf[] =
	"IP-L-Vers 6\n"
	"IP-R-Vers 4\n"
	"IPv6-L-Real 2001:2::2\n"
	"IPv6-R-Real 2001:2:0:8000::2\n"
	"IPv6-R-Virt 2001:2:0:1000::2\n"
	"IPv4-L-Virt 198.18.0.2\n"
	"IPv4-R-Real 198.19.0.2\n"
	"MAC-L-Tester a0:36:9f:c5:fa:1c\n"
	"MAC-R-Tester a0:36:9f:c5:fa:1e\n"
	"MAC-L-DUT a0:36:9f:c5:e6:58\n"
	"MAC-R-DUT a0:36:9f:c5:e6:5a\n"
	"CPU-L-Send 2\n"
	"CPU-R-Recv 4\n"
	"CPU-R-Send 6\n"
	"CPU-L-Recv 8\n";

/* A NAT44 both sides IPv4: either side may be the Initiator (12 lines). */
static const char nat44_conf[] =
	"IP-L-Vers 4\n"
	"IP-R-Vers 4\n"
	"IPv4-L-Real 198.18.0.2\n"
	"IPv4-R-Real 198.19.0.2\n"
	"MAC-L-Tester 02:00:00:00:00:01\n"
	"MAC-R-Tester 02:00:00:00:00:02\n"
	"MAC-L-DUT 02:00:00:00:00:03\n"
	"MAC-R-DUT 02:00:00:00:00:04\n"
	"CPU-L-Send 2\n"
	"CPU-R-Recv 4\n"
	"CPU-R-Send 6\n"
	"CPU-L-Recv 8\n";

/* Keys that vary the forward ports and both sides' last 16 address bits. */
#define FWD_PORTS_VAR "Fwd-var-sport 3\nFwd-var-dport 3\n"
#define IPS_VAR "IP-L-var 3\nIP-R-var 3\nIP-L-min 0\nIP-L-max 99\nIP-R-min 2\n" \
	"IP-R-max 11\nIPv4-L-offset 2\nIPv4-R-offset 2\nIPv6-L-offset 14\n" \
	"IPv6-R-offset 14\n"

static struct siitconf sc;
static struct siitconf_out out;
static char err[1024];

static int
parse(const char *text)
{
	err[0] = '\0';
	return siitconf_parse(&sc, "t.conf", text, strlen(text), err, sizeof(err));
}

/* base with extra lines after it, parsed and translated. */
static int
translate_conf(const char *base, const char *extra)
{
	char text[4096];
	int rc;

	snprintf(text, sizeof(text), "%s%s", base, extra);
	rc = parse(text);
	if (rc == 0)
		rc = siitconf_translate(&sc, &out, err, sizeof(err));
	return rc;
}

static int
translate(const char *extra)
{
	return translate_conf(base_conf, extra);
}

/* Case i of a table, translated with rc: accepted (needle NULL), or
 * refused with a message containing needle. */
static void
check_case(unsigned i, int rc, const char *extra, const char *needle)
{
	if (needle == NULL) {
		if (rc != 0)
			fail_msg("case %u refused: %s", i, err);
		return;
	}
	if (rc != -EINVAL)
		fail_msg("case %u (%s) accepted", i, extra);
	assert_contains(err, needle);
}

/* The INI text the import writes. */
static void
ini_text(char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	assert_non_null(f);
	siitconf_write_ini(&sc, &out, f);
	fclose(f);
}

static bool
has_note(const char *needle)
{
	unsigned i;

	for (i = 0; i < out.nb_notes; i++)
		if (strstr(out.note[i], needle) != NULL)
			return true;
	return false;
}

static void
test_mapping(void **state)
{
	static const uint8_t v6l[16] = { 0x20, 0x01, 0, 2, [15] = 2 };
	static const uint8_t mac[6] = { 0xa0, 0x36, 0x9f, 0xc5, 0xe6, 0x5a };
	const struct cfg *c = &out.cfg;
	char ini[8192];

	(void)state;
	assert_int_equal(translate("MEM-Channels 4\n"), 0);
	assert_int_equal(c->side[CFG_LEFT].ip_version, 6);
	assert_int_equal(c->side[CFG_RIGHT].ip_version, 4);
	assert_memory_equal(c->side[CFG_LEFT].ipv6, v6l, 16);
	assert_memory_equal(c->side[CFG_LEFT].ipv4_virt, ((uint8_t[]){ 198, 18, 0, 2 }), 4);
	assert_memory_equal(c->side[CFG_RIGHT].ipv4, ((uint8_t[]){ 198, 19, 0, 2 }), 4);
	assert_memory_equal(c->side[CFG_RIGHT].dut_mac, mac, 6);
	assert_int_equal(c->side[CFG_LEFT].send_lcore, 2);
	assert_int_equal(c->side[CFG_RIGHT].recv_lcore, 4);
	assert_int_equal(c->side[CFG_RIGHT].send_lcore, 6);
	assert_int_equal(c->side[CFG_LEFT].recv_lcore, 8);
	assert_int_equal(c->direction, CFG_DIRECTION_BOTH);
	/* siitperf's defaults, where dutperf's differ */
	assert_true(c->promisc);
	assert_int_equal(c->dir[CFG_FWD].sport.mode, CFG_VAR_FIXED);
	assert_int_equal(c->dir[CFG_REV].dport.mode, CFG_VAR_FIXED);
	assert_int_equal(c->frame_size_b, 84);
	/* the EAL's part */
	assert_true(has_note("MEM-Channels \"4\" (line 16): not translated"));
	assert_true(has_note("dutperf -l 0,2,4,6,8 -n 4 --"));
	ini_text(ini, sizeof(ini));
	assert_contains(ini, "[left]\n; IP-L-Vers 6 (line 1)\nip_version = 6\n");
	assert_contains(ini, "; IPv6-R-Real 2001:2:0:8000::2 (line 4)\nipv6 = 2001:2:0:8000::2\n");
	assert_contains(ini, "; Promisc not given: siitperf's default 1\npromisc = 1\n");
	assert_contains(ini, "direction = both\n");
	/* [left] IPv6-L-Virt not given: no ipv6_virt there */
	assert_contains(ini, "ipv4_virt = 198.18.0.2\n; MAC-L-Tester");
}

static void
test_directions_and_modes(void **state)
{
	const struct cfg *c = &out.cfg;
	char extra[256];
	unsigned m;

	(void)state;
	for (m = 0; m < 4; m++) {
		snprintf(extra, sizeof(extra),
			 "Fwd-var-sport %u\nRev-var-dport %u\nFwd-sport-min 100\nFwd-sport-max 200\n"
			 "Rev-dport-min 7\nRev-dport-max 9\n", m, 3 - m);
		assert_int_equal(translate(extra), 0);
		assert_int_equal(c->dir[CFG_FWD].sport.mode, (int)m);
		assert_int_equal(c->dir[CFG_REV].dport.mode, (int)(3 - m));
		assert_int_equal(c->dir[CFG_FWD].sport.min, 100);
		assert_int_equal(c->dir[CFG_FWD].sport.max, 200);
		assert_int_equal(c->dir[CFG_REV].dport.min, 7);
		assert_int_equal(c->dir[CFG_REV].dport.max, 9);
	}
	assert_int_equal(translate("Forward 1\nReverse 0\nPromisc 0\n"), 0);
	assert_int_equal(c->direction, CFG_DIRECTION_FORWARD);
	assert_false(c->promisc);
	assert_int_equal(translate("Forward 0\nReverse 1\n"), 0);
	assert_int_equal(c->direction, CFG_DIRECTION_REVERSE);
}

/* IP-L-var varies the left addresses: forward source, reverse destination. */
static void
test_ip_variation(void **state)
{
	const struct cfg *c = &out.cfg;

	(void)state;
	assert_int_equal(translate("IP-L-var 1\nIP-L-min 2\nIP-L-max 0xFFfe\n"
				   "IP-R-var 3\nIP-R-min 10\nIP-R-max 20\n"
				   "IPv4-L-offset 2\nIPv4-R-offset 2\n"
				   "IPv6-L-offset 14\nIPv6-R-offset 14\n"), 0);
	assert_int_equal(c->dir[CFG_FWD].src_slice.mode, CFG_VAR_INCREASING);
	assert_int_equal(c->dir[CFG_FWD].src_slice.max, 0xfffe);
	assert_int_equal(c->dir[CFG_REV].dst_slice.mode, CFG_VAR_INCREASING);
	assert_int_equal(c->dir[CFG_REV].dst_slice.min, 2);
	assert_int_equal(c->dir[CFG_FWD].dst_slice.mode, CFG_VAR_RANDOM);
	assert_int_equal(c->dir[CFG_FWD].dst_slice.min, 10);
	assert_int_equal(c->dir[CFG_REV].src_slice.mode, CFG_VAR_RANDOM);
	assert_int_equal(c->dir[CFG_REV].src_slice.max, 20);
	assert_int_equal(out.nb_notes, 1);	/* the EAL lcores only */

	/* bits 96-111 (offset 12): dutperf cannot, the slice stays fixed */
	assert_int_equal(translate("IP-L-var 3\nIP-L-min 0\nIP-L-max 65535\n"
				   "IPv4-L-offset 2\nIPv6-L-offset 12\n"), 0);

	assert_int_equal(c->dir[CFG_FWD].src_slice.mode, CFG_VAR_FIXED);
	assert_int_equal(c->dir[CFG_REV].dst_slice.mode, CFG_VAR_FIXED);
	assert_true(has_note("IPv6-L-offset \"12\" (line 20): not translated"));
}

/* siitperf's meaning of each value (its README and throughput.cc). */
static const int order_of[4] = {
	-1, STATEFUL_ORDER_INCREASING, STATEFUL_ORDER_DECREASING, STATEFUL_ORDER_RANDOM
};
static const enum cfg_var_mode tuple_of[4] = {
	CFG_VAR_FIXED, CFG_VAR_INCREASING, CFG_VAR_DECREASING, CFG_VAR_RANDOM
};

static void
test_stateful_mapping(void **state)
{
	const struct cfg *c = &out.cfg;
	char extra[512], ini[8192];
	unsigned v, r;

	(void)state;
	/* Stateful 1: the Initiator on the left; siitperf's defaults 0 */
	assert_int_equal(translate("Stateful 1\n"), 0);
	assert_int_equal(c->st.initiator, CFG_LEFT);
	assert_int_equal(c->st.order, STATEFUL_ORDER_RANDOM);
	assert_int_equal(c->st.responder_tuple, CFG_VAR_FIXED);
	assert_true(has_note("Stateful \"1\" (line 16): siitperf-tp's arguments N M R T D (after <n> <m>) are [stateful] frames, table_size, rate_fps, timeout_ms, delay_ms"));
	assert_true(has_note("mode stateful, frame loss rate, latency and PDV are loss, latency, pdv --stateful"));
	assert_true(has_note("IPv4-L-Virt \"198.18.0.2\" (line 6): siitperf's stateful tests do not use it, but dutperf's Responder takes the Initiator's frames only from [left] ipv4_virt"));
	assert_true(has_note("Enumerate-ports 0, Enumerate-ips 0: not translated"));
	ini_text(ini, sizeof(ini));
	assert_contains(ini, "\n[stateful]\n; Stateful 1 (line 16)\ninitiator = left\n"
			"; Enumerate-ports not given: siitperf's default 0, Enumerate-ips not given: siitperf's default 0: not translated (see the notes)\n"
			"order = random\n"
			"; Responder-tuples not given: siitperf's default 0\nresponder_tuple = fixed\n");

	/* every Enumerate-ports and Responder-tuples value */
	for (v = 1; v <= 3; v++) {
		for (r = 0; r <= 3; r++) {
			snprintf(extra, sizeof(extra), "Fwd-var-sport 3\nFwd-var-dport 1\n"
				 "Stateful 1\nEnumerate-ports %u\nResponder-tuples %u\n", v, r);
			assert_int_equal(translate(extra), 0);
			assert_int_equal(c->st.order, order_of[v]);
			assert_int_equal(c->st.responder_tuple, tuple_of[r]);
			assert_false(has_note("Enumerate-ports 0"));
			/* phase 2 keeps siitperf's real-test variation */
			assert_int_equal(c->dir[CFG_FWD].sport.mode, CFG_VAR_RANDOM);
			assert_int_equal(c->dir[CFG_FWD].dport.mode, CFG_VAR_INCREASING);
		}
		/* the addresses alone (fixed ports), and both in one order */
		snprintf(extra, sizeof(extra), IPS_VAR "Stateful 1\nEnumerate-ips %u\n", v);
		assert_int_equal(translate(extra), 0);
		assert_int_equal(c->st.order, order_of[v]);
		assert_int_equal(c->dir[CFG_FWD].src_slice.mode, CFG_VAR_RANDOM);
		assert_false(has_note("Enumerate-ips"));
		snprintf(extra, sizeof(extra), FWD_PORTS_VAR IPS_VAR
			 "Stateful 1\nEnumerate-ports %u\nEnumerate-ips %u\n", v, v);
		assert_int_equal(translate(extra), 0);
		assert_int_equal(c->st.order, order_of[v]);
		ini_text(ini, sizeof(ini));
		snprintf(extra, sizeof(extra), "; Enumerate-ports %u (line 29), Enumerate-ips %u (line 30)\norder = ",
			 v, v);
		assert_contains(ini, extra);
	}

	/* the README's older spelling */
	assert_int_equal(translate("Stateful 1\nResponder-ports 2\n"), 0);
	assert_int_equal(c->st.responder_tuple, CFG_VAR_DECREASING);
	ini_text(ini, sizeof(ini));
	assert_contains(ini, "; Responder-ports 2 (line 17)\nresponder_tuple = decreasing\n");

	/* Stateful 2: the Initiator on the right, its Rev-* ports enumerated */
	assert_int_equal(translate_conf(nat44_conf, "Rev-var-sport 1\nRev-var-dport 3\n"
					"Rev-sport-min 1\nRev-sport-max 100\nRev-dport-min 1\n"
					"Rev-dport-max 10\nStateful 2\nEnumerate-ports 2\n"
					"Responder-tuples 1\n"), 0);
	assert_int_equal(c->st.initiator, CFG_RIGHT);
	assert_int_equal(c->st.order, STATEFUL_ORDER_DECREASING);
	assert_int_equal(c->st.responder_tuple, CFG_VAR_INCREASING);
	assert_int_equal(c->dir[CFG_REV].sport.max, 100);
	assert_true(has_note("IPv4-R-Virt not given: siitperf's stateful tests do not use it, but dutperf's Responder takes the Initiator's frames only from [right] ipv4_virt"));
	ini_text(ini, sizeof(ini));
	assert_contains(ini, "; Stateful 2 (line 19)\ninitiator = right\n");

	/* an enumerated slice dutperf cannot vary (bits 96-111) stays fixed */
	assert_int_equal(translate("IP-L-var 3\nIP-R-var 3\nIP-L-min 0\nIP-L-max 99\n"
				   "IP-R-min 2\nIP-R-max 11\nIPv4-L-offset 2\nIPv4-R-offset 2\n"
				   "IPv6-L-offset 12\nIPv6-R-offset 14\nStateful 1\n"
				   "Enumerate-ips 3\n"), 0);
	assert_int_equal(c->dir[CFG_FWD].src_slice.mode, CFG_VAR_FIXED);
	assert_int_equal(c->dir[CFG_FWD].dst_slice.mode, CFG_VAR_RANDOM);
	assert_true(has_note("Enumerate-ips \"3\" (line 27): dutperf enumerates only the address slices it varies; IP-L-var 3 is left fixed"));
	assert_false(has_note("IP-R-var 3 is left fixed"));

	/* stateless: no [stateful], a Responder-tuples named */
	assert_int_equal(translate("Stateful 0\nResponder-tuples 2\n"), 0);
	assert_true(has_note("Responder-tuples \"2\" (line 17): not translated: Stateful 0 is a stateless test"));
	assert_int_equal(out.nb_notes, 2);	/* and the EAL lcores */
	ini_text(ini, sizeof(ini));
	assert_null(strstr(ini, "[stateful]"));
	assert_int_equal(translate(""), 0);
	assert_int_equal(out.nb_notes, 1);
}

/* What siitperf refuses in a stateful test, and what dutperf cannot run. */
static void
test_stateful_refusals(void **state)
{
	static const struct { const char *base, *extra, *needle; } cases[] = {
		{ base_conf, "Stateful 1\nForward 0\n",
		  "t.conf: Stateful 1 (line 16) with Forward 0 (line 17): dutperf's stateful tests send the Initiator's direction (forward) in phase 2 too, siitperf's real test here only the Responder's: give Forward 1" },
		{ nat44_conf, "Stateful 2\nReverse 0\n",
		  "t.conf: Stateful 2 (line 13) with Reverse 0 (line 14): dutperf's stateful tests send the Initiator's direction (reverse)" },
		{ nat44_conf, "Stateful 2\nForward 0\nReverse 0\n",
		  "t.conf: Forward 0 and Reverse 0: no active direction (dutperf has no stateful test without the Initiator's direction: give Reverse 1; phase 1 alone is mode connrate)" },
		{ base_conf, "Stateful 2\n",
		  "t.conf: Stateful 2 (line 16) with IP-L-Vers 6 (line 1): the Responder (the left side) must speak IPv4" },
		{ base_conf, "Num-R-Nets 2\n" FWD_PORTS_VAR "Stateful 1\nEnumerate-ports 1\n",
		  "t.conf: Enumerate-ports 1 (line 20) with Num-R-Nets 2 (line 16): port enumeration needs a single destination network (siitperf refuses it too)" },
		{ base_conf, FWD_PORTS_VAR IPS_VAR "Stateful 1\nEnumerate-ports 1\nEnumerate-ips 3\n",
		  "t.conf: Enumerate-ports 1 (line 29) with Enumerate-ips 3 (line 30): both non-zero must be equal" },
		{ base_conf, FWD_PORTS_VAR IPS_VAR "Stateful 1\nEnumerate-ports 3\n",
		  "t.conf: Enumerate-ports 3 (line 29) with IP-L-var 3 (line 18): with varying addresses Enumerate-ips must be non-zero too" },
		{ base_conf, FWD_PORTS_VAR IPS_VAR "Stateful 1\nEnumerate-ips 3\n",
		  "t.conf: Enumerate-ips 3 (line 29) with Fwd-var-sport 3 (line 16): with varying ports Enumerate-ports must be non-zero too" },
		/* siitperf counts the reverse ports too */
		{ base_conf, "Rev-var-dport 2\n" IPS_VAR "Stateful 1\nEnumerate-ips 1\n",
		  "Enumerate-ips 1 (line 28) with Rev-var-dport 2 (line 16)" },
		{ base_conf, "IP-R-var 3\nIP-R-min 2\nIP-R-max 11\nIPv4-L-offset 2\nIPv4-R-offset 2\n"
		  "IPv6-R-offset 14\nStateful 1\nEnumerate-ips 3\n",
		  "t.conf: Enumerate-ips 3 (line 23) with IP-L-var not given: siitperf's default 0: IP address enumeration needs IP-L-var and IP-R-var non-zero" },
		{ base_conf, "Stateful 1\nEnumerate-ports 3\n",
		  "t.conf: Enumerate-ports 3 (line 17) with Fwd-var-sport not given: siitperf's default 0: siitperf enumerates Fwd-sport-min..Fwd-sport-max in the preliminary phase but sends a fixed port in the real test; dutperf's phase 1 enumerates the ranges phase 2 varies: give Fwd-var-sport 1, 2 or 3" },
		{ base_conf, "Fwd-var-sport 3\nFwd-var-dport 0\nStateful 1\nEnumerate-ports 2\n",
		  "with Fwd-var-dport 0 (line 17): siitperf enumerates Fwd-dport-min..Fwd-dport-max" },
		{ nat44_conf, FWD_PORTS_VAR "Rev-var-sport 3\nStateful 2\nEnumerate-ports 1\n",
		  "Enumerate-ports 1 (line 17) with Rev-var-dport not given: siitperf's default 0: siitperf enumerates Rev-dport-min..Rev-dport-max" },
		/* accepted: the Initiator's ports vary, the other direction's need not */
		{ nat44_conf, "Rev-var-sport 3\nRev-var-dport 3\nStateful 2\nEnumerate-ports 1\n", NULL },
		{ nat44_conf, "Stateful 2\nForward 0\n", NULL },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++)
		check_case(i, translate_conf(cases[i].base, cases[i].extra),
			   cases[i].extra, cases[i].needle);
}

static void
test_syntax(void **state)
{
	(void)state;
	/* tabs, CRLF, comments after values and on their own, blank lines */
	assert_int_equal(parse("\t# comment\r\n\r\n  Forward\t0 # off\r\nReverse 1\r\n"), 0);
	assert_int_equal(sc.v[SC_FORWARD].line, 3);
	assert_int_equal(sc.v[SC_FORWARD].u, 0);
	assert_int_equal(sc.v[SC_REVERSE].line, 4);
	assert_string_equal(siitconf_key_name(SC_MAC_L_DUT), "MAC-L-DUT");
	assert_int_equal(parse("IP-L-max 0x10\n"), 0);
	assert_int_equal(sc.v[SC_IP_L_MAX].u, 16);
	assert_int_equal(parse("IPv6-R-Virt 64:ff9b::198.19.0.2\n"), 0);
	assert_int_equal(sc.v[SC_IPV6_R_VIRT].addr[15], 2);
}

/* What siitperf's reader accepts and dutperf's import refuses. */
static void
test_parse_refusals(void **state)
{
	static const struct { const char *text, *needle; } cases[] = {
		{ "Forward 1\nForward 1\n", "t.conf: Forward \"1\": duplicate key (first set as Forward on line 1" },
		{ "Responder-ports 1\nResponder-tuples 1\n", "duplicate key (first set as Responder-ports on line 1" },
		{ "Tester-L-MAC 02:00:00:00:00:01\n", "t.conf: Tester-L-MAC \"02:00:00:00:00:01\": unknown key (line 1)" },
		{ "XForward 1\n", "XForward \"1\": unknown key" },
		{ "promisc 1\n", "unknown key (keys are case-sensitive: Promisc?)" },
		{ "Forward 1 Reverse 0\n", "Forward \"1 Reverse 0\": text after the value" },
		{ "Reverse\n", "t.conf: Reverse: no value (line 1)" },
		{ "Reverse -1\n", "Reverse \"-1\": not an unsigned decimal integer" },
		{ "Promisc 2\n", "Promisc \"2\": out of range 0..1" },
		{ "IP-R-Vers 5\n", "IP-R-Vers \"5\": not an IP version (4 or 6)" },
		{ "IP-R-Vers 04\n", "IP-R-Vers \"04\": not an IP version" },
		{ "CPU-L-Send 128\n", "CPU-L-Send \"128\": out of range 0..127" },
		{ "MEM-Channels 0\n", "MEM-Channels \"0\": out of range 1..255" },
		{ "MEM-Channels 257\n", "out of range 1..255" },
		{ "Num-L-Nets 65537\n", "Num-L-Nets \"65537\": out of range 1..256" },
		{ "Num-L-Nets 0\n", "out of range 1..256" },
		{ "Fwd-var-sport 4\n", "Fwd-var-sport \"4\": out of range 0..3" },
		{ "Rev-dport-max 65536\n", "Rev-dport-max \"65536\": out of range 0..65535" },
		{ "IP-L-min 0x10000\n", "IP-L-min \"0x10000\": out of range 0..65535" },
		{ "IP-L-min 0x\n", "not a hexadecimal number" },
		{ "IP-L-min 0xg\n", "not a hexadecimal number" },
		{ "IP-R-max 0777\n", "IP-R-max \"0777\": leading zero: siitperf reads it as octal (0777 = 511)" },
		{ "IPv4-L-offset 3\n", "IPv4-L-offset \"3\": out of range 1..2" },
		{ "IPv6-R-offset 15\n", "out of range 6..14" },
		{ "Stateful 3\n", "Stateful \"3\": out of range 0..2" },
		{ "MAC-L-DUT a0:36:9f:c5:e6:5a5\n", "MAC-L-DUT \"a0:36:9f:c5:e6:5a5\": not a MAC address" },
		{ "MAC-L-DUT a0:36:9f:c5:e6\n", "not a MAC address" },
		{ "MAC-L-DUT 0xa0:36:9f:c5:e6:5a\n", "not a MAC address" },
		{ "IPv4-R-Real 198.19.0.256\n", "IPv4-R-Real \"198.19.0.256\": not an IPv4 address" },
		{ "IPv4-R-Real 198.019.0.2\n", "leading zero" },
		{ "IPv4-R-Real 2001:2::1\n", "not an IPv4 address" },
		{ "IPv6-L-Real 2001:2::2/64\n", "IPv6-L-Real \"2001:2::2/64\": not an IPv6 address" },
		{ "IPv6-L-Real 198.18.0.2\n", "not an IPv6 address" },
		{ "# only comments\n\n", "t.conf: no keys (an empty siitperf.conf)" },
		{ "", "no keys" },
		{ "Forward 1\n\001\n", "binary data (byte 0x01)" },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++) {
		if (parse(cases[i].text) != -EINVAL)
			fail_msg("case %u (%s) accepted", i, cases[i].text);
		assert_contains(err, cases[i].needle);
	}
}

static void
test_long_line(void **state)
{
	char text[SIITCONF_LINE_MAX + 20];

	(void)state;
	memset(text, ' ', sizeof(text));
	memcpy(text + SIITCONF_LINE_MAX - 10, "Forward 1\n", 10);
	text[SIITCONF_LINE_MAX] = '\0';
	assert_int_equal(siitconf_parse(&sc, "t.conf", text, SIITCONF_LINE_MAX, err,
					sizeof(err)), 0);
	memcpy(text + SIITCONF_LINE_MAX - 8, "Forward 1\n", 10);
	assert_int_equal(siitconf_parse(&sc, "t.conf", text, SIITCONF_LINE_MAX + 2, err,
					sizeof(err)), -EINVAL);
	assert_contains(err, "line longer than 1000 characters (line 1)");
}

/*
 * siitperf (throughput.h) stores these 16-bit fields one after the other
 * and reads each with a 32-bit conversion, so that the write of the first
 * sets the second to 0.  Written from siitperf's struct layout, not from
 * siitconf's table.
 */
static const char *const spills[][2] = {
	{ "Fwd-sport-min", "Fwd-sport-max" }, { "Fwd-sport-max", "Fwd-dport-min" },
	{ "Fwd-dport-min", "Fwd-dport-max" }, { "Fwd-dport-max", "Rev-sport-min" },
	{ "Rev-sport-min", "Rev-sport-max" }, { "Rev-sport-max", "Rev-dport-min" },
	{ "Rev-dport-min", "Rev-dport-max" }, { "Rev-dport-max", "IP-L-var" },
	{ "IP-L-min", "IP-L-max" }, { "IP-L-max", "IP-R-min" },
	{ "IP-R-min", "IP-R-max" }, { "IP-R-max", "IPv4-L-offset" },
	{ "IPv4-L-offset", "IPv4-R-offset" }, { "IPv4-R-offset", "IPv6-L-offset" },
	{ "IPv6-L-offset", "IPv6-R-offset" }, { "IPv6-R-offset", "Stateful" },
};

static const char *
valid_value(const char *key)
{
	if (strstr(key, "IPv4-") != NULL)
		return "2";
	if (strstr(key, "IPv6-") != NULL)
		return "14";
	if (strstr(key, "var") != NULL || strcmp(key, "Forward") == 0 ||
	    strcmp(key, "Reverse") == 0 || strcmp(key, "Promisc") == 0 ||
	    strcmp(key, "Stateful") == 0 || strncmp(key, "Enumerate", 9) == 0 ||
	    strncmp(key, "Responder", 9) == 0)
		return "1";
	return "100";
}

static void
test_key_order(void **state)
{
	char text[256], needle[256];
	unsigned i, j, nb_spill = 0;

	(void)state;
	for (i = 0; i < NELEM(spills); i++) {
		const char *k = spills[i][0], *n = spills[i][1];

		/* the spilling key first: its neighbour is written after it */
		snprintf(text, sizeof(text), "%s %s\n%s %s\n", k, valid_value(k), n,
			 valid_value(n));
		if (parse(text) != 0)
			fail_msg("%s before %s refused: %s", k, n, err);
		snprintf(text, sizeof(text), "# c\n%s %s\n%s %s\n", n, valid_value(n), k,
			 valid_value(k));
		assert_int_equal(parse(text), -EINVAL);
		snprintf(needle, sizeof(needle),
			 "t.conf: %s \"%s\": siitperf stores it as 32 bits into a 16-bit field and so sets %s (line 2) to 0; give %s after %s (line 3)",
			 k, valid_value(k), n, n, k);
		assert_contains(err, needle);
	}
	/* no other pair spills: every other order of two keys is fine */
	for (i = 0; i < SC_NB_KEYS; i++) {
		for (j = 0; j < SC_NB_KEYS; j++) {
			const char *a = siitconf_key_name(i), *b = siitconf_key_name(j);
			unsigned s;
			bool spill = false;

			for (s = 0; s < NELEM(spills); s++)
				spill |= strcmp(spills[s][0], b) == 0 && strcmp(spills[s][1], a) == 0;
			if (i == j || strstr(a, "Real") || strstr(a, "Virt") || strstr(a, "MAC") ||
			    strstr(b, "Real") || strstr(b, "Virt") || strstr(b, "MAC") ||
			    strstr(a, "Vers") || strstr(b, "Vers"))
				continue;
			snprintf(text, sizeof(text), "%s %s\n%s %s\n", a, valid_value(a), b,
				 valid_value(b));
			nb_spill += spill;
			if ((parse(text) != 0) != spill)
				fail_msg("%s then %s: %s", a, b, spill ? "accepted" : err);
		}
	}
	assert_int_equal(nb_spill, NELEM(spills));
}

/* What siitperf refuses itself, or silently gets wrong after reading. */
static void
test_translate_refusals(void **state)
{
	static const struct { const char *extra, *needle; } cases[] = {
		{ "Forward 0\nReverse 0\n", "t.conf: Forward 0 and Reverse 0: no active direction" },
		{ "Stateful 1\nForward 0\nReverse 0\n", "no active direction (dutperf has no stateful" },
		{ "Enumerate-ips 2\n", "t.conf: Enumerate-ips \"2\": enumeration needs a stateful test (Stateful 0) (line 16)" },
		{ "Num-L-Nets 2\nIP-R-var 1\n", "IP-L-var 0, IP-R-var 1 with Num-L-Nets 2, Num-R-Nets 1: varying IP addresses need a single destination network" },
		{ "IP-L-var 1\nIP-L-min 1\n", "t.conf: IP-L-max not given: IP address variation needs its range" },
		{ "IP-L-var 1\nIP-L-min 1\nIP-L-max 2\n", "IPv6-L-offset not given: IP-L-var 1 varies IPv6 addresses" },
		{ "IP-L-var 1\nIP-L-min 3\nIP-L-max 2\nIPv6-L-offset 14\n", "t.conf: IP-L-min 3 (line 17) > IP-L-max 2 (line 18): an empty range" },
		{ "Fwd-var-sport 3\nFwd-sport-min 2000\nFwd-sport-max 1000\n", "Fwd-sport-min 2000 (line 17) > Fwd-sport-max 1000 (line 18)" },
		{ "Rev-var-dport 1\nRev-dport-max 0\n", "t.conf: Rev-dport-min not given: siitperf's default 1 > Rev-dport-max 0 (line 17)" },
		{ "Fwd-var-dport 1\nFwd-sport-max 60000\n", "t.conf: Fwd-sport-max \"60000\": siitperf stores it as 32 bits into a 16-bit field and so sets Fwd-dport-min to 0, not to its default 1; give Fwd-dport-min after line 17" },
		{ "Rev-var-sport 3\nFwd-dport-max 10\n", "sets Rev-sport-min to 0, not to its default 1024" },
		{ "Num-L-Nets 3\n", NULL },	/* 198.18.0.2: byte 3 is 0 */
		{ "Num-R-Nets 3\n", NULL },	/* 2001:2:0:1000::2: byte 8 is 0 */
	};
	unsigned i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++)
		check_case(i, translate(cases[i].extra), cases[i].extra, cases[i].needle);
	/* a missing key the active directions need */
	assert_int_equal(parse("IP-L-Vers 4\nIP-R-Vers 4\nForward 1\nReverse 0\n"
			       "CPU-L-Send 1\nCPU-R-Recv 2\n"), 0);
	assert_int_equal(siitconf_translate(&sc, &out, err, sizeof(err)), -EINVAL);
	assert_contains(err, "t.conf: IPv4-L-Real not given: the forward frames use it");
	assert_int_equal(parse("IP-L-Vers 4\nIP-R-Vers 4\nForward 1\nReverse 0\nCPU-L-Send 1\n"), 0);
	assert_int_equal(siitconf_translate(&sc, &out, err, sizeof(err)), -EINVAL);
	assert_contains(err, "t.conf: CPU-R-Recv not given: the forward direction");
}

/* siitperf writes the network number over byte 3 (IPv4) / 8 (IPv6). */
static void
test_nets_byte(void **state)
{
	char text[4096];

	(void)state;
	snprintf(text, sizeof(text), "%s", base_conf);
	*strstr(text, "198.18.0.2") = '\0';
	strcat(text, "198.18.1.2\nNum-L-Nets 2\n");
	strcat(text, strstr(base_conf, "IPv4-R-Real"));
	assert_int_equal(parse(text), 0);
	assert_int_equal(siitconf_translate(&sc, &out, err, sizeof(err)), -EINVAL);
	assert_contains(err, "t.conf: IPv4-L-Virt \"198.18.1.2\" with Num-L-Nets 2: siitperf overwrites byte 3 of this destination with the network number 0..1");
	assert_contains(err, "(line 6)");
	assert_int_equal(parse("IP-L-Vers 6\nIP-R-Vers 6\nIPv6-L-Real 2001:2::2\n"
			       "IPv6-R-Real 2001:2:0:8001::2\nMAC-L-Tester 02:00:00:00:00:01\n"
			       "MAC-L-DUT 02:00:00:00:00:02\nReverse 0\nNum-R-Nets 2\n"
			       "CPU-L-Send 1\nCPU-R-Recv 2\n"), 0);
	assert_int_equal(siitconf_translate(&sc, &out, err, sizeof(err)), -EINVAL);
	assert_contains(err, "IPv6-R-Real \"2001:2:0:8001::2\" with Num-R-Nets 2: siitperf overwrites byte 8");
}

static void
test_read_file(void **state)
{
	char path[256];
	FILE *f;

	(void)state;
	assert_int_equal(siitconf_read(&sc, "/nonexistent/siitperf.conf", err, sizeof(err)),
			 -ENOENT);
	assert_contains(err, "/nonexistent/siitperf.conf: cannot open");
	assert_int_equal(siitconf_read(&sc, "/", err, sizeof(err)), -EINVAL);
	assert_contains(err, "/: not a regular file");
	snprintf(path, sizeof(path), "%s/siitperf/readme_siit.conf", TEST_DATA_DIR);
	assert_int_equal(siitconf_read(&sc, path, err, sizeof(err)), 0);
	assert_int_equal(sc.v[SC_MEM_CHANNELS].u, 2);
	snprintf(path, sizeof(path), "siitconf-big.%d", (int)getpid());
	f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < SIITCONF_MAX_B / 10 + 1; i++)
		fputs("#########\n", f);
	fclose(f);
	assert_int_equal(siitconf_read(&sc, path, err, sizeof(err)), -EINVAL);
	assert_contains(err, "file too large");
	remove(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mapping),
		cmocka_unit_test(test_directions_and_modes),
		cmocka_unit_test(test_ip_variation),
		cmocka_unit_test(test_stateful_mapping),
		cmocka_unit_test(test_stateful_refusals),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_parse_refusals),
		cmocka_unit_test(test_long_line),
		cmocka_unit_test(test_key_order),
		cmocka_unit_test(test_translate_refusals),
		cmocka_unit_test(test_nets_byte),
		cmocka_unit_test(test_read_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

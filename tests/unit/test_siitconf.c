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

#include "dutperf/siitconf.h"
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

static struct siitconf sc;
static struct siitconf_out out;
static char err[1024];

static int
parse(const char *text)
{
	err[0] = '\0';
	return siitconf_parse(&sc, "t.conf", text, strlen(text), err, sizeof(err));
}

/* base_conf with extra lines after it, parsed and translated. */
static int
translate(const char *extra)
{
	char text[4096];
	int rc;

	snprintf(text, sizeof(text), "%s%s", base_conf, extra);
	rc = parse(text);
	if (rc == 0)
		rc = siitconf_translate(&sc, &out, err, sizeof(err));
	return rc;
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

static void
test_stateful_notes(void **state)
{
	(void)state;
	assert_int_equal(translate("Stateful 1\nResponder-ports 3\nEnumerate-ports 1\n"
				   "Enumerate-ips 0\n"), 0);
	assert_true(has_note("Stateful \"1\" (line 16): not translated: dutperf has no stateful"));
	assert_true(has_note("Responder-ports \"3\" (line 17): not translated"));
	assert_true(has_note("Enumerate-ports \"1\" (line 18): not translated"));
	assert_false(has_note("Enumerate-ips"));	/* 0: nothing lost */
	assert_int_equal(translate("Responder-tuples 2\nStateful 2\n"), 0);
	assert_true(has_note("Responder-tuples \"2\" (line 16)"));
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
	for (i = 0; i < NELEM(cases); i++) {
		int rc = translate(cases[i].extra);

		if (cases[i].needle == NULL) {
			if (rc != 0)
				fail_msg("case %u refused: %s", i, err);
			continue;
		}
		if (rc != -EINVAL)
			fail_msg("case %u (%s) accepted", i, cases[i].extra);
		assert_contains(err, cases[i].needle);
	}
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
		cmocka_unit_test(test_stateful_notes),
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cfg_neigh: the DUT's next hop of each side ([left] dut_mac = resolve,
 * dut_ip), which the port setup resolves by ARP / ND at start.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/cfg.h"

static const char *const neigh_side_names[CFG_NB_SIDES] = { "left", "right" };

bool
cfg_side_resolve(const struct cfg_side *s)
{
	static const uint8_t zero[6];

	return memcmp(s->dut_mac, zero, 6) == 0;
}

int
cfg_side_dut_ip(const struct cfg *c, enum cfg_side_id s, uint8_t ip[16],
		char *err, size_t err_len)
{
	const struct cfg_side *sd = &c->side[s];
	const uint8_t *own = cfg_side_addr(sd, sd->ip_version);
	size_t alen = sd->ip_version == 4 ? 4 : 16;
	char blame[CFG_PATH_LEN + 128], reason[128];
	int rc;

	memset(ip, 0, 16);
	if (sd->dut_ip[0] == '\0') {
		memcpy(ip, own, alen);
		ip[alen - 1] = 1;
		if (memcmp(ip, own, alen) == 0)
			return cfg_errf(err, err_len,
					"%s: the implied DUT address (last byte 1) is the tester's own: set [%s] dut_ip",
					cfg_key_blame(c, neigh_side_names[s],
						      sd->ip_version == 4 ? "ipv4" : "ipv6",
						      blame, sizeof(blame)),
					neigh_side_names[s]);
		return 0;
	}
	rc = sd->ip_version == 4 ?
		cfg_parse_ipv4(sd->dut_ip, ip, reason, sizeof(reason)) :
		cfg_parse_ipv6(sd->dut_ip, ip, reason, sizeof(reason));
	cfg_key_blame(c, neigh_side_names[s], "dut_ip", blame, sizeof(blame));
	if (rc != 0)
		return cfg_errf(err, err_len, "%s: %s (the side's ip_version is %u)",
				blame, reason, sd->ip_version);
	if (memcmp(ip, own, alen) == 0)
		return cfg_errf(err, err_len, "%s: the tester's own address", blame);
	return 0;
}

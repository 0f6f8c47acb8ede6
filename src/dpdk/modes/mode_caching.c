/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode caching: RFC 2889 5.7 address caching capacity, a binary search on
 * the number of addresses the DUT learns from the Lport, the Tport sending
 * to them and the Mport that must see nothing (swproc.h, mode_swproc.c).
 * caching.csv and switch.csv; docs/switchproc.md.
 */
#include "mode_swproc.h"

static int
caching_check(const struct cfg *c, char *err, size_t err_len)
{
	int rc = swp_check(c, "caching", 3, err, err_len);

	return rc != 0 ? rc : swproc_cfg_check_search(c, SWPROC_CACHING, err,
						      err_len);
}

static int
caching_body(struct mode_ctx *m, struct swp_run *x, char *err, size_t err_len)
{
	return swp_search(m, x, SWPROC_CACHING, err, err_len);
}

static const struct swp_kind caching_kind = {
	.name = "caching", .min_ports = 3, .body = caching_body,
};

static int
caching_run(struct mode_ctx *m, char *err, size_t err_len)
{
	return swp_run(m, &caching_kind, err, err_len);
}

const struct mode_ops mode_caching = {
	.cli = {
		.name = "caching",
		.help = "RFC 2889 5.7 address caching capacity: binary "
			"search on the addresses learned; the Mport must "
			"see nothing",
		.options = NULL,
		.check = caching_check,
	},
	.run_name = "search",
	.once = true,
	.files = { { "caching.csv", &swproc_iter_table },
		   { "switch.csv", &swproc_summary_table } },
	.run = caching_run,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode learnrate: RFC 2889 5.8 address learning rate, the caching search
 * on the rate of the learning frames for [switch] addrs addresses
 * (swproc.h, mode_swproc.c).  learnrate.csv and switch.csv;
 * docs/switchproc.md.
 */
#include "mode_swproc.h"

static int
learnrate_check(const struct cfg *c, char *err, size_t err_len)
{
	int rc = swp_check(c, "learnrate", 3, err, err_len);

	return rc != 0 ? rc : swproc_cfg_check_search(c, SWPROC_LEARNRATE, err,
						      err_len);
}

static int
learnrate_body(struct mode_ctx *m, struct swp_run *x, char *err, size_t err_len)
{
	return swp_search(m, x, SWPROC_LEARNRATE, err, err_len);
}

static const struct swp_kind learnrate_kind = {
	.name = "learnrate", .min_ports = 3, .body = learnrate_body,
};

static int
learnrate_run(struct mode_ctx *m, char *err, size_t err_len)
{
	return swp_run(m, &learnrate_kind, err, err_len);
}

const struct mode_ops mode_learnrate = {
	.cli = {
		.name = "learnrate",
		.help = "RFC 2889 5.8 address learning rate: binary "
			"search on the learning frames' rate for a fixed "
			"number of addresses",
		.options = NULL,
		.check = learnrate_check,
	},
	.run_name = "search",
	.once = true,
	.files = { { "learnrate.csv", &swproc_iter_table },
		   { "switch.csv", &swproc_summary_table } },
	.run = learnrate_run,
};

/* SPDX-License-Identifier: BSD-3-Clause */
/* Mode mesh: RFC 2889 5.1 fully meshed throughput over N ports. */
#include "mode_switch.h"

static int
mesh_plan(struct mport_plan *pl, const struct mport_net *n,
	  const struct cfg *c, uint64_t iload_fps, uint32_t duration_ms,
	  uint64_t learn_fps)
{
	(void)c;
	return mport_plan_mesh(pl, n, iload_fps, duration_ms, learn_fps);
}

static const struct switch_kind mesh_kind = {
	.name = "mesh", .rfc = "5.1", .title = "fully meshed",
	.min_ports = 2, .plan = mesh_plan,
};

static int
mesh_check(const struct cfg *c, char *err, size_t err_len)
{
	return mode_switch_check(&mesh_kind, c, err, err_len);
}

static int
mesh_run(struct mode_ctx *m, char *err, size_t err_len)
{
	return mode_switch_run(m, &mesh_kind, err, err_len);
}

const struct mode_ops mode_mesh = {
	.cli = {
		.name = "mesh",
		.help = "RFC 2889 5.1 fully meshed: every port sends to every "
			"other round robin; throughput over all ports, or one "
			"trial with -r",
		.options = SWITCH_OPTIONS,
		.check = mesh_check,
	},
	.run_name = "search",
	.once = true,
	.files = { SWITCH_FILES },
	.run = mesh_run,
};

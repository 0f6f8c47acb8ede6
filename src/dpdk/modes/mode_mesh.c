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

SWITCH_MODE_OPS(mode_mesh, mesh_kind, "mesh",
	"RFC 2889 5.1 fully meshed: every port sends to every "
	"other round robin; throughput over all ports, or one "
	"trial with -r");

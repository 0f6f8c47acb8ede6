/* SPDX-License-Identifier: BSD-3-Clause */
/* Mode unidir: RFC 2889 5.4 partially meshed unidirectional traffic: the
 * first half of the ports send to the second half round robin. */
#include "mode_switch.h"

static int
unidir_plan(struct mport_plan *pl, const struct mport_net *n,
	    const struct cfg *c, uint64_t iload_fps, uint32_t duration_ms,
	    uint64_t learn_fps)
{
	(void)c;
	return mport_plan_unidir(pl, n, iload_fps, duration_ms, learn_fps);
}

static const struct switch_kind unidir_kind = {
	.name = "unidir", .rfc = "5.4", .title = "unidirectional",
	.min_ports = 2, .plan = unidir_plan,
};

SWITCH_MODE_OPS(mode_unidir, unidir_kind, "unidir",
	"RFC 2889 5.4 unidirectional: the first half of the "
	"ports send to the second half round robin");

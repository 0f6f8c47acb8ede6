/* SPDX-License-Identifier: BSD-3-Clause */
/* Mode partial: RFC 2889 5.2 partially meshed, one-to-many / many-to-one
 * ([switch] pattern); port 1 ([left]) is the One. */
#include "mode_switch.h"

static const char *const partial_names[] = {
	"one-to-many", "many-to-one", "both"
};

static int
partial_plan(struct mport_plan *pl, const struct mport_net *n,
	     const struct cfg *c, uint64_t iload_fps, uint32_t duration_ms,
	     uint64_t learn_fps)
{
	return mport_plan_partial(pl, n, (enum mport_pattern)c->sw.pattern,
				  iload_fps, duration_ms, learn_fps);
}

static const char *
partial_pattern(const struct cfg *c)
{
	return (unsigned)c->sw.pattern < 3 ? partial_names[c->sw.pattern] : "?";
}

static const struct switch_kind partial_kind = {
	.name = "partial", .rfc = "5.2", .title = "partially meshed",
	.min_ports = 3, .plan = partial_plan, .pattern_name = partial_pattern,
};

SWITCH_MODE_OPS(mode_partial, partial_kind, "partial",
	"RFC 2889 5.2 partially meshed: port 1 to the others "
	"round robin, or they to it ([switch] pattern)");

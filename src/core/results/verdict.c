/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * verdict: the rules of verdict.h as a table, checked rule by rule over
 * all directions; the first hit decides.  Counts are compared exactly in
 * 128-bit arithmetic, so 2^64 - 1 frames cannot overflow anything.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dutperf/verdict.h"

typedef unsigned __int128 verdict_u128;

enum verdict_rule {
	VR_NOTHING_SENT,
	VR_UNSENT,
	VR_SENT_MISMATCH,
	VR_LAG,
	VR_RX_GT_TX,
	VR_LOSS,
	VR_LATE,
	VR_DUP,
	VR_NB,
	/* not per direction */
	VR_INTERRUPTED = VR_NB,
	VR_NO_DIR,
	VR_PASS,
};

static const struct {
	enum verdict v;
	const char *coarse;
} verdict_rules[] = {
	[VR_NOTHING_SENT] = { VERDICT_INVALID, "nothing sent" },
	[VR_UNSENT] = { VERDICT_INVALID, "frames not sent" },
	[VR_SENT_MISMATCH] = { VERDICT_INVALID, "sent differs from planned" },
	[VR_LAG] = { VERDICT_INVALID, "sender behind schedule" },
	[VR_RX_GT_TX] = { VERDICT_INVALID, "received more than sent" },
	[VR_LOSS] = { VERDICT_FAIL, "frames lost" },
	[VR_LATE] = { VERDICT_FAIL, "late frames" },
	[VR_DUP] = { VERDICT_FAIL, "duplicate frames" },
	[VR_INTERRUPTED] = { VERDICT_INTERRUPTED, "interrupted" },
	[VR_NO_DIR] = { VERDICT_INVALID, "no direction" },
	[VR_PASS] = { VERDICT_PASS, "pass" },
};

struct verdict_limits {
	uint32_t loss_ppm;
	uint64_t max_lag_ns;
};

/* never smaller than either the caller's lost or sent - received */
static uint64_t
verdict_lost(const struct verdict_dir *d)
{
	uint64_t diff = d->sent > d->received ? d->sent - d->received : 0;

	return d->lost > diff ? d->lost : diff;
}

static bool
verdict_hit(enum verdict_rule r, const struct verdict_dir *d,
	    const struct verdict_limits *lim)
{
	switch (r) {
	case VR_NOTHING_SENT:
		return d->planned > 0 && d->sent == 0;
	case VR_UNSENT:
		return d->unsent > 0;
	case VR_SENT_MISMATCH:
		return d->sent != d->planned;
	case VR_LAG:
		return d->max_lag_ns > lim->max_lag_ns;
	case VR_RX_GT_TX:
		return d->received > d->sent;
	case VR_LOSS:
		/* lost / sent > ppm / 1e6, exactly */
		return (verdict_u128)verdict_lost(d) * 1000000u >
			(verdict_u128)lim->loss_ppm * d->sent;
	case VR_LATE:
		return d->late > 0;
	case VR_DUP:
		return d->duplicates > 0;
	default:
		return false;
	}
}

/* "123.456" from a value in thousandths */
static void
verdict_milli(char *buf, size_t len, uint64_t milli)
{
	snprintf(buf, len, "%" PRIu64 ".%03" PRIu64, milli / 1000,
		 milli % 1000);
}

static void
verdict_detail(enum verdict_rule r, const struct verdict_dir *d,
	       const char *name, const struct verdict_limits *lim,
	       char *why, size_t why_len)
{
	char a[32], b[32];
	uint64_t lost;
	verdict_u128 m;

	switch (r) {
	case VR_NOTHING_SENT:
		snprintf(why, why_len, "%s: nothing sent (%" PRIu64 " planned)",
			 name, d->planned);
		break;
	case VR_UNSENT:
		snprintf(why, why_len, "%s: %" PRIu64 " of %" PRIu64
			 " planned frames not sent", name, d->unsent,
			 d->planned);
		break;
	case VR_SENT_MISMATCH:
		snprintf(why, why_len, "%s: sent %" PRIu64 " frames, planned %"
			 PRIu64, name, d->sent, d->planned);
		break;
	case VR_LAG:
		verdict_milli(a, sizeof(a), d->max_lag_ns);
		verdict_milli(b, sizeof(b), lim->max_lag_ns);
		snprintf(why, why_len, "%s: sender %s us behind schedule "
			 "(limit %s us)", name, a, b);
		break;
	case VR_RX_GT_TX:
		snprintf(why, why_len, "%s: received %" PRIu64
			 " unique frames, more than the %" PRIu64 " sent",
			 name, d->received, d->sent);
		break;
	case VR_LOSS:
		lost = verdict_lost(d);
		if (d->sent > 0) {
			/* ppm in thousandths: lost * 1e9 / sent */
			m = (verdict_u128)lost * 1000000000u / d->sent;
			verdict_milli(a, sizeof(a),
				      m > UINT64_MAX ? UINT64_MAX : (uint64_t)m);
		} else {
			snprintf(a, sizeof(a), "-");
		}
		snprintf(why, why_len, "%s: %" PRIu64 " of %" PRIu64
			 " frames lost (%s ppm, limit %" PRIu32 " ppm)", name,
			 lost, d->sent, a, lim->loss_ppm);
		break;
	case VR_LATE:
		snprintf(why, why_len, "%s: %" PRIu64 " frames arrived late "
			 "(after the timeout)", name, d->late);
		break;
	case VR_DUP:
		snprintf(why, why_len, "%s: %" PRIu64 " duplicate frames", name,
			 d->duplicates);
		break;
	default:
		snprintf(why, why_len, "%s", verdict_rules[r].coarse);
		break;
	}
}

static const char *
verdict_dir_name(const struct verdict_dir *d, unsigned i, char *buf,
		 size_t len)
{
	if (d->name != NULL)
		return d->name;
	snprintf(buf, len, "dir %u", i);
	return buf;
}

/* pass: name the directions with reordered frames, if any */
static void
verdict_pass_detail(const struct verdict_dir *dirs, unsigned nb_dirs,
		    char *why, size_t why_len)
{
	char nbuf[16];
	size_t pos;
	unsigned i;
	int n;

	n = snprintf(why, why_len, "pass");
	pos = (size_t)n;
	for (i = 0; i < nb_dirs && pos < why_len; i++) {
		if (dirs[i].reordered == 0)
			continue;
		n = snprintf(why + pos, why_len - pos, "%s%s: %" PRIu64
			     " frames reordered", pos == 4 ? " (" : ", ",
			     verdict_dir_name(&dirs[i], i, nbuf, sizeof(nbuf)),
			     dirs[i].reordered);
		pos += n < 0 ? why_len : (size_t)n;
	}
	if (pos > 4 && pos < why_len)
		snprintf(why + pos, why_len - pos, ")");
}

static enum verdict_rule
verdict_find(const struct verdict_dir *dirs, unsigned nb_dirs,
	     const struct verdict_limits *lim, bool interrupted,
	     unsigned *dir)
{
	unsigned r, i;

	*dir = 0;
	if (interrupted)
		return VR_INTERRUPTED;
	if (nb_dirs == 0 || dirs == NULL)
		return VR_NO_DIR;
	for (r = 0; r < VR_NB; r++) {
		for (i = 0; i < nb_dirs; i++) {
			if (verdict_hit(r, &dirs[i], lim)) {
				*dir = i;
				return r;
			}
		}
	}
	return VR_PASS;
}

enum verdict
verdict_eval(const struct verdict_dir *dirs, unsigned nb_dirs,
	     uint32_t loss_ppm, uint64_t max_lag_ns, bool interrupted,
	     const char **why)
{
	struct verdict_limits lim = { loss_ppm, max_lag_ns };
	enum verdict_rule r;
	unsigned dir;

	r = verdict_find(dirs, nb_dirs, &lim, interrupted, &dir);
	if (why != NULL)
		*why = verdict_rules[r].coarse;
	return verdict_rules[r].v;
}

enum verdict
verdict_eval_msg(const struct verdict_dir *dirs, unsigned nb_dirs,
		 uint32_t loss_ppm, uint64_t max_lag_ns, bool interrupted,
		 char *why, size_t why_len)
{
	struct verdict_limits lim = { loss_ppm, max_lag_ns };
	enum verdict_rule r;
	unsigned dir;
	char nbuf[16];

	r = verdict_find(dirs, nb_dirs, &lim, interrupted, &dir);
	if (why == NULL || why_len == 0)
		return verdict_rules[r].v;
	if (r == VR_PASS)
		verdict_pass_detail(dirs, nb_dirs, why, why_len);
	else if (r < VR_NB)
		verdict_detail(r, &dirs[dir],
			       verdict_dir_name(&dirs[dir], dir, nbuf,
						sizeof(nbuf)),
			       &lim, why, why_len);
	else
		snprintf(why, why_len, "%s", verdict_rules[r].coarse);
	return verdict_rules[r].v;
}

const char *
verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_PASS:
		return "pass";
	case VERDICT_FAIL:
		return "fail";
	case VERDICT_INVALID:
		return "invalid";
	case VERDICT_INTERRUPTED:
		return "interrupted";
	}
	return "unknown";
}

bool
verdict_measured(enum verdict v)
{
	return v == VERDICT_PASS || v == VERDICT_FAIL;
}

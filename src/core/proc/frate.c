/* SPDX-License-Identifier: BSD-3-Clause */
/* frate: the forwarding-rate sweep, MFR and FRMOL (RFC 2889 5.6). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/frate.h"

uint64_t
frate_step_fps(uint64_t start, uint64_t mol, uint64_t step)
{
	if (step != 0)
		return step;
	return mol > start && (mol - start) / 10 ? (mol - start) / 10 : 1;
}

int
frate_rates(uint64_t start, uint64_t mol, uint64_t step, uint64_t *out,
	    uint32_t max, char *err, size_t err_len)
{
	uint64_t iload;
	uint32_t n = 0;

	if (mol == 0)
		return cfg_errf(err, err_len, "[frate] max_fps: the maximum "
				"offered load is 0");
	if (start == 0 || start > mol)
		return cfg_errf(err, err_len, "[frate] start_fps = %" PRIu64
				": the sweep starts at the throughput, above 0 "
				"and at most the maximum offered load %" PRIu64
				" fps", start, mol);
	step = frate_step_fps(start, mol, step);
	/* RFC 2889 5.6.3.1: ILOAD from the throughput up by STEP, the last
	 * one the MOL itself */
	for (iload = start;; iload += step) {
		if (iload > mol || iload < start)	/* past it, or wrapped */
			iload = mol;
		if (n >= max)
			return cfg_errf(err, err_len, "[frate] step_fps = %"
					PRIu64 ": from %" PRIu64 " to %" PRIu64
					" fps that is more than %u steps",
					step, start, mol, max);
		out[n++] = iload;
		if (iload == mol)
			break;
	}
	return (int)n;
}

static double
frate_per_s(uint64_t frames, const struct report_trial *r)
{
	return r->duration_ms ? (double)frames * 1000.0 /
				(double)r->duration_ms : 0.0;
}

double
frate_fr_fps(const struct report_trial *r, enum cfg_dir_id d)
{
	/* RFC 2285 3.6.1: frames transmitted to the correct destination
	 * interface; a frame at the other port is foreign there, never
	 * received */
	return frate_per_s(r->dir[d].v.received, r);
}

double
frate_oload_fps(const struct report_trial *r, enum cfg_dir_id d)
{
	return frate_per_s(r->dir[d].v.sent, r);
}

static bool
frate_next(void *state, struct trial_spec *spec)
{
	struct frate_proc *f = state;
	char err[160];
	int n;

	if (f->done)
		return false;
	if (f->searching) {
		if (search_ops.next(&f->search, spec))
			return true;
		f->searching = false;
		f->p.start_fps = search_result(&f->search.s);
		n = f->p.start_fps == 0 ? -EINVAL :
		    frate_rates(f->p.start_fps, f->p.mol_fps, f->p.step_fps,
				f->rates, FRATE_MAX_STEPS, err, sizeof(err));
		if (n < 0) {	/* nothing passed: no sweep */
			f->done = true;
			return false;
		}
		f->nb_rates = (uint32_t)n;
	}
	*spec = f->base;
	trial_spec_set_rate(spec, f->rates[f->step]);
	return true;
}

static void
frate_record(void *state, const struct trial_spec *spec,
	     const struct report_trial *r)
{
	struct frate_proc *f = state;
	struct frate_step *s;
	int d;

	if (f->done)
		return;
	if (f->searching) {
		search_ops.record(&f->search, spec, r);
		return;
	}
	if (r->verdict == VERDICT_INTERRUPTED) {
		f->interrupted = f->done = true;
		return;
	}
	s = &f->steps[f->step];
	s->iload_fps = f->rates[f->step];
	s->verdict = r->verdict;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		s->active[d] = r->dir[d].active;
		s->oload_fps[d] = frate_oload_fps(r, d);
		s->fr_fps[d] = frate_fr_fps(r, d);
	}
	if (!verdict_measured(r->verdict))
		f->invalid++;
	/* RFC 2889 5.6.3.1: WHILE (ILOAD < MOL) */
	if (++f->step >= f->nb_rates)
		f->done = true;
}

static uint32_t
frate_remaining(const void *state)
{
	const struct frate_proc *f = state;

	if (f->done)
		return 0;
	if (f->searching)	/* and the sweep after it */
		return search_remaining(&f->search.s) + f->most_steps;
	return f->nb_rates - f->step;
}

static void
frate_describe(const void *state, char *buf, size_t len)
{
	const struct frate_proc *f = state;
	const struct frate_step *s;
	char t[96];
	int d;

	if (f->searching) {
		search_ops.describe(&f->search, t, sizeof(t));
		snprintf(buf, len, "throughput search %s", t);
		return;
	}
	if (f->step == 0) {
		snprintf(buf, len, "step 1 of %u, offered %" PRIu64 " fps",
			 f->nb_rates, f->nb_rates ? f->rates[0] : 0);
		return;
	}
	/* the step just recorded: its load and forwarding rate */
	s = &f->steps[f->step - 1];
	d = s->active[CFG_FWD] ? CFG_FWD : CFG_REV;
	if (verdict_measured(s->verdict))
		snprintf(t, sizeof(t), "forwarding rate %.0f fps", s->fr_fps[d]);
	else
		snprintf(t, sizeof(t), "no forwarding rate (%s)",
			 verdict_name(s->verdict));
	snprintf(buf, len, "step %u of %u: offered %" PRIu64 " fps, %s",
		 f->step, f->nb_rates, s->iload_fps, t);
}

const struct proc_ops frate_ops = {
	.name = "forwarding-rate sweep",
	.next = frate_next,
	.record = frate_record,
	.remaining = frate_remaining,
	.describe = frate_describe,
};

int
frate_start(struct frate_proc *f, const struct frate_params *p,
	    const struct trial_spec *base, const struct search_params *sp,
	    char *err, size_t err_len)
{
	int n;

	memset(f, 0, sizeof(*f));
	f->p = *p;
	f->base = *base;
	if (p->start_fps == 0) {
		if (p->mol_fps == 0)
			return frate_rates(0, 0, 0, f->rates, 0, err, err_len);
		if (sp == NULL || search_proc_start(&f->search, sp, base) != 0)
			return cfg_errf(err, err_len, "[frate] start_fps = 0: "
					"the throughput search needs "
					"rate_min_fps < rate_max_fps ([search])");
		f->searching = f->searched = true;
		n = frate_rates(sp->lo_fps ? sp->lo_fps : 1, p->mol_fps,
				p->step_fps, f->rates, FRATE_MAX_STEPS, err,
				err_len);
		f->most_steps = n > 0 ? (uint32_t)n : FRATE_MAX_STEPS;
		if (err_len > 0)
			err[0] = '\0';
		return 0;
	}
	n = frate_rates(p->start_fps, p->mol_fps, p->step_fps, f->rates,
			FRATE_MAX_STEPS, err, err_len);
	if (n < 0)
		return n;
	f->nb_rates = (uint32_t)n;
	return 0;
}

uint64_t
frate_start_fps(const struct frate_proc *f)
{
	return f->searching ? 0 : f->p.start_fps;
}

enum result_case
frate_start_case(const struct frate_proc *f)
{
	return f->searched ? search_case(&f->search.s) : RESULT_INSIDE;
}

bool
frate_mfr(const struct frate_proc *f, enum cfg_dir_id d, double *fr,
	  uint64_t *iload)
{
	bool found = false;
	uint32_t i;

	/* RFC 2285 3.6.3: the highest forwarding rate of the sweep */
	for (i = 0; i < f->step; i++) {
		const struct frate_step *s = &f->steps[i];

		if (!s->active[d] || !verdict_measured(s->verdict))
			continue;
		if (!found || s->fr_fps[d] > *fr) {
			*fr = s->fr_fps[d];
			*iload = s->iload_fps;
			found = true;
		}
	}
	return found;
}

bool
frate_frmol(const struct frate_proc *f, enum cfg_dir_id d, double *fr)
{
	const struct frate_step *s;

	/* RFC 2285 3.6.2: the forwarding rate at the maximum offered load */
	if (f->step == 0 || f->step < f->nb_rates)
		return false;
	s = &f->steps[f->step - 1];
	if (s->iload_fps != f->p.mol_fps || !s->active[d] ||
	    !verdict_measured(s->verdict))
		return false;
	*fr = s->fr_fps[d];
	return true;
}

enum report_result
frate_kind(const struct frate_proc *f)
{
	if (f->interrupted || f->invalid > 0 || f->nb_rates == 0 ||
	    f->step < f->nb_rates)
		return REPORT_RESULT_NONE;
	return REPORT_RESULT_MEASURED;
}

/* ---- frate.csv and mfr.csv ---- */

static uint64_t
frate_row_lost(const struct frate_row *r)
{
	return r->sent > r->received ? r->sent - r->received : 0;
}

static bool
frate_get_lost(const void *row, union report_value *v)
{
	const struct frate_row *r = row;

	v->u64 = frate_row_lost(r);
	return r->measured;
}

static bool
frate_get_loss_pct(const void *row, union report_value *v)
{
	const struct frate_row *r = row;

	if (r->sent == 0 || !r->measured)
		return false;
	v->f = (double)frate_row_lost(r) * 100.0 / (double)r->sent;
	return true;
}

static const struct report_col frate_cols[] = {
	REPORT_COL_DATE("start", struct frate_row, start),
	REPORT_COL_U32("no", "", struct frate_row, no),
	REPORT_COL_U32("step", "", struct frate_row, step),
	REPORT_COL_U64("iload_fps", "fps", struct frate_row, iload_fps),
	REPORT_COL_U32("frame_size_b", "b", struct frate_row, frame_size_b),
	REPORT_COL_DIR_ID("dir", struct frate_row, dir),
	REPORT_COL_U64("duration_ms", "ms", struct frate_row, duration_ms),
	REPORT_COL_U64("sent", "", struct frate_row, sent),
	REPORT_COL_DOUBLE("oload_fps", "fps", 3, struct frate_row, oload_fps),
	REPORT_COL_U64("received", "", struct frate_row, received),
	REPORT_COL_GET("lost", "", REPORT_U64, 0, frate_get_lost),
	REPORT_COL_GET("loss_pct", "pct", REPORT_DOUBLE, 6, frate_get_loss_pct),
	REPORT_COL_DOUBLE_IF("fr_fps", "fps", 3, struct frate_row, fr_fps,
			     measured),
	REPORT_COL_U64("foreign", "", struct frate_row, foreign),
	REPORT_COL_U64("duplicates", "", struct frate_row, duplicates),
	REPORT_COL_VERDICT("status", struct frate_row, verdict),
};

const struct report_table frate_table = REPORT_TABLE(",", frate_cols);

static const struct report_col frate_summary_cols[] = {
	REPORT_COL_U32("no", "", struct frate_summary_row, no),
	REPORT_COL_U32("frame_size_b", "b", struct frate_summary_row,
		       frame_size_b),
	REPORT_COL_DIR_ID("dir", struct frate_summary_row, dir),
	REPORT_COL_U64("start_fps", "fps", struct frate_summary_row, start_fps),
	REPORT_COL_U64("mol_fps", "fps", struct frate_summary_row, mol_fps),
	REPORT_COL_U64("step_fps", "fps", struct frate_summary_row, step_fps),
	REPORT_COL_U32("steps", "", struct frate_summary_row, steps),
	REPORT_COL_DOUBLE_IF("mfr_fps", "fps", 3, struct frate_summary_row,
			     mfr_fps, has_mfr),
	REPORT_COL_U64_IF("mfr_iload_fps", "fps", struct frate_summary_row,
			  mfr_iload_fps, has_mfr),
	REPORT_COL_DOUBLE_IF("frmol_fps", "fps", 3, struct frate_summary_row,
			     frmol_fps, has_frmol),
	REPORT_COL_RESULT("result_kind", struct frate_summary_row, result),
};

const struct report_table frate_summary_table =
	REPORT_TABLE(",", frate_summary_cols);

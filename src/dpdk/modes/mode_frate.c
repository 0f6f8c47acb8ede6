/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mode frate (RFC 2889 5.6.3.1, RFC 2285 3.6): the forwarding-rate sweep.
 * The intended load steps from the throughput ([frate] start_fps, a
 * campaign's, or measured first by the binary search) up to the maximum
 * offered load in step_fps increments (core frate.h), learning frames
 * before each step as [traffic] learning says.  One frate.csv row per step
 * and direction (intended and offered load, forwarding rate, loss,
 * foreign frames apart), one mfr.csv row per sweep and direction (MFR with
 * its load, FRMOL), the RFC 2889 5.6.5 report on stdout.  docs/modes.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mode.h"
#include "dutperf/frate.h"

struct frate_mode {
	struct frate_proc proc;
	struct search_params search;
};

static uint64_t
frmode_mol_fps(const struct cfg *c)
{
	return c->frate_max_fps ? c->frate_max_fps : trial_spec_max_rate_fps(c);
}

/* Refused before anything runs or is written (exit status 2): a start
 * above the MOL, more steps than a sweep holds. */
static int
frmode_check(const struct cfg *c, char *err, size_t err_len)
{
	uint64_t rates[FRATE_MAX_STEPS];
	int n;

	if (c->frate_start_fps == 0)
		return 0;
	n = frate_rates(c->frate_start_fps, frmode_mol_fps(c),
			c->frate_step_fps, rates, FRATE_MAX_STEPS, err,
			err_len);
	return n < 0 ? n : 0;
}

static int
frmode_setup(struct mode_ctx *m, char *err, size_t err_len)
{
	const struct cfg *c = m->cfg;
	struct frate_mode *fm = m->priv;

	trial_spec_search_params(c, &fm->search);
	if (c->learning == CFG_LEARNING_OFF && !m->cli->quiet)
		fprintf(stderr, "dutperf: frate: [traffic] learning = off: RFC "
			"2889 5.6.3 says learning frames MUST be sent (set "
			"learning = trial for a bridge)\n");
	if (!m->cli->quiet)
		fprintf(stderr, "frate: %u sweep(s) from %s up to %" PRIu64
			" fps, results in %s\n", c->repeat, c->frate_start_fps ?
			"[frate] start_fps" : "the measured throughput",
			frmode_mol_fps(c), c->outdir);
	(void)err;
	(void)err_len;
	return 0;
}

static int
frmode_start(struct mode_ctx *m, char *err, size_t err_len)
{
	struct frate_mode *fm = m->priv;
	const struct cfg *c = m->cfg;
	struct frate_params p = {
		.start_fps = c->frate_start_fps, .mol_fps = frmode_mol_fps(c),
		.step_fps = c->frate_step_fps,
	};
	struct trial_spec base;
	int rc;

	trial_spec_from_cfg(&base, c, 0);
	rc = frate_start(&fm->proc, &p, &base, &fm->search, err, err_len);
	if (rc != 0)
		return rc;
	m->proc = (struct proc){ &frate_ops, &fm->proc };
	return 0;
}

static int
frmode_trial_done(struct mode_ctx *m, const struct trial_spec *spec,
		  const struct report_trial *r, char *err, size_t err_len)
{
	struct frate_mode *fm = m->priv;
	int d, rc;

	(void)spec;
	if (fm->proc.searching || fm->proc.step == 0)
		return 0;	/* a trial of the throughput search */
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct frate_row row = {
			.start = r->start, .no = m->no, .step = fm->proc.step,
			.iload_fps = fm->proc.rates[fm->proc.step - 1],
			.frame_size_b = r->frame_size_b, .dir = d,
			.duration_ms = r->duration_ms,
			.sent = r->dir[d].v.sent,
			.received = r->dir[d].v.received,
			.oload_fps = frate_oload_fps(r, d),
			.fr_fps = frate_fr_fps(r, d),
			.measured = verdict_measured(r->verdict),
			.foreign = r->dir[d].v.foreign,
			.duplicates = r->dir[d].v.duplicates,
			.verdict = r->verdict,
		};

		if (!r->dir[d].active)
			continue;
		rc = mode_write(m, 0, &row, err, err_len);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/* RFC 2889 5.6.5: each forwarding rate with its Iload (and Oload), the
 * MFR with the Iload at which it occurred; FRMOL with the MOL (RFC 2285
 * 3.6.2: "Maximum offered load MUST be cited"). */
static void
frmode_report(const struct mode_ctx *m, const struct frate_proc *f)
{
	uint64_t iload;
	double fr;
	uint32_t i;
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!cfg_dir_active(m->cfg, d))
			continue;
		printf("\nfrate %u %s: throughput %" PRIu64 " fps, maximum "
		       "offered load (MOL) %" PRIu64 " fps, step %" PRIu64
		       " fps\n", m->no, trial_dir_name[d], f->p.start_fps,
		       f->p.mol_fps, frate_step_fps(f->p.start_fps,
						    f->p.mol_fps, f->p.step_fps));
		printf("%14s  %14s  %18s  %10s\n", "Iload fps", "Oload fps",
		       "forwarding fps", "loss %");
		for (i = 0; i < f->step; i++) {
			const struct frate_step *s = &f->steps[i];

			if (!verdict_measured(s->verdict)) {
				printf("%14" PRIu64 "  %14.1f  %18s  %10s  "
				       "(invalid: see trials.csv)\n",
				       s->iload_fps, s->oload_fps[d], "-", "-");
				continue;
			}
			printf("%14" PRIu64 "  %14.1f  %18.1f  %10.4f\n",
			       s->iload_fps, s->oload_fps[d], s->fr_fps[d],
			       s->oload_fps[d] > 0 ? (1.0 - s->fr_fps[d] /
						      s->oload_fps[d]) * 100.0 :
			       0.0);
		}
		if (frate_mfr(f, d, &fr, &iload))
			printf("MFR %s: %.1f fps at Iload %" PRIu64 " fps\n",
			       trial_dir_name[d], fr, iload);
		else
			printf("MFR %s: none (no valid step)\n",
			       trial_dir_name[d]);
		if (frate_frmol(f, d, &fr))
			printf("FRMOL %s: %.1f fps at the MOL %" PRIu64 " fps\n",
			       trial_dir_name[d], fr, f->p.mol_fps);
		else
			printf("FRMOL %s: none (the step at the MOL %" PRIu64
			       " fps gave no valid forwarding rate)\n",
			       trial_dir_name[d], f->p.mol_fps);
	}
}

static int
frmode_run_end(struct mode_ctx *m, bool complete, char *err, size_t err_len)
{
	struct frate_mode *fm = m->priv;
	const struct frate_proc *f = &fm->proc;
	int d, rc;

	(void)complete;
	if (f->searched && f->nb_rates == 0) {
		printf("frate %u: the throughput search found no rate the DUT "
		       "passes: no sweep\n", m->no);
		fprintf(stderr, "dutperf: frate %u: no throughput, no sweep "
			"(exit status 3)\n", m->no);
	}
	frmode_report(m, f);
	m->run_result = frate_kind(f);
	for (d = 0; d < CFG_NB_DIRS; d++) {
		struct frate_summary_row row = {
			.no = m->no, .frame_size_b = cfg_report_size_b(m->cfg),
			.dir = d, .start_fps = f->p.start_fps,
			.mol_fps = f->p.mol_fps,
			.step_fps = frate_step_fps(f->p.start_fps, f->p.mol_fps,
						   f->p.step_fps),
			.steps = f->step, .result = m->run_result,
		};

		if (!cfg_dir_active(m->cfg, d))
			continue;
		row.has_mfr = frate_mfr(f, d, &row.mfr_fps, &row.mfr_iload_fps);
		row.has_frmol = frate_frmol(f, d, &row.frmol_fps);
		rc = mode_write(m, 1, &row, err, err_len);
		if (rc != 0)
			return rc;
		if (m->run_result == REPORT_RESULT_MEASURED) {
			m->value[MODE_VALUE(d, 0)] = row.mfr_fps;
			m->value[MODE_VALUE(d, 1)] = row.frmol_fps;
		}
	}
	if (f->invalid > 0)
		fprintf(stderr, "dutperf: frate %u: %u invalid step(s): not a "
			"measured sweep (frate.csv status invalid, exit status "
			"3)\n", m->no, f->invalid);
	return 0;
}

static void
frmode_summary(struct mode_ctx *m)
{
	static const char *const metric[MODE_METRICS] = { "MFR", "FRMOL" };

	struct frate_mode *fm = m->priv;
	const struct frate_proc *f = &fm->proc;
	size_t n;
	uint64_t iload;
	double fr;
	int d;

	mode_measure_summary_in(m, metric, "fps");
	/* run.json "result": the last sweep's figures after the counts
	 * (runs[].value is the forward MFR of each measured sweep) */
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!cfg_dir_active(m->cfg, d))
			continue;
		n = strlen(m->result);
		if (frate_mfr(f, d, &fr, &iload))
			snprintf(m->result + n, sizeof(m->result) - n, "; %s: "
				 "MFR %.0f fps at Iload %" PRIu64 " fps",
				 trial_dir_name[d], fr, iload);
		n = strlen(m->result);
		if (frate_frmol(f, d, &fr))
			snprintf(m->result + n, sizeof(m->result) - n, ", FRMOL "
				 "%.0f fps at the MOL %" PRIu64 " fps", fr,
				 f->p.mol_fps);
	}
}

const struct mode_ops mode_frate = {
	.cli = {
		.name = "frate",
		.help = "RFC 2889 5.6 forwarding-rate sweep: MFR and FRMOL",
		.options = "--rate-max --rate-min --repeat",
		.check = frmode_check,
	},
	.run_name = "frate",
	.files = { { "frate.csv", &frate_table },
		   { "mfr.csv", &frate_summary_table } },
	.priv_size = sizeof(struct frate_mode),
	.setup = frmode_setup,
	.start = frmode_start,
	.trial_done = frmode_trial_done,
	.run_end = frmode_run_end,
	.summary = frmode_summary,
};

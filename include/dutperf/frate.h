/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * frate: the forwarding-rate sweep (RFC 2889 5.6.3.1) as a procedure
 * (proc.h).  The intended load (Iload) steps from the throughput up to
 * the maximum offered load (MOL) in step increments, the last step the
 * MOL itself; each step is one trial.  The throughput is given, or
 * measured first by the binary search (search.h).  Per step and
 * direction the forwarding rate (RFC 2285 3.6.1: test frames received at
 * the correct destination port per second of the trial); at the end the
 * maximum forwarding rate (MFR, RFC 2285 3.6.3) with the load at which it
 * occurred and the forwarding rate at the maximum offered load (FRMOL,
 * RFC 2285 3.6.2).  An invalid trial (the tester could not offer the
 * load) has no forwarding rate and counts in neither; an interrupted one
 * ends the run.  Rows of frate.csv (one per step and direction) and
 * mfr.csv (one per sweep and direction) are tables here.
 */
#ifndef DUTPERF_FRATE_H
#define DUTPERF_FRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "proc.h"
#include "report.h"
#include "result.h"
#include "search.h"

#define FRATE_MAX_STEPS 1024

struct frate_params {
	uint64_t start_fps;	/* the throughput; 0: measure it first */
	uint64_t mol_fps;	/* maximum offered load (> 0) */
	uint64_t step_fps;	/* Iload increment; 0: a tenth of MOL - start */
};

/* What one step gave, per direction. */
struct frate_step {
	uint64_t iload_fps;		/* intended load */
	enum verdict verdict;
	bool active[CFG_NB_DIRS];
	double oload_fps[CFG_NB_DIRS];	/* sent / trial send time */
	double fr_fps[CFG_NB_DIRS];	/* received / trial send time */
};

struct frate_proc {
	struct frate_params p;
	struct trial_spec base;
	bool searching, searched;
	struct search_proc search;
	uint64_t rates[FRATE_MAX_STEPS];
	uint32_t nb_rates;
	uint32_t step;			/* steps recorded, 0.. */
	struct frate_step steps[FRATE_MAX_STEPS];
	uint32_t invalid;		/* steps whose trial was invalid */
	uint32_t most_steps;		/* while searching: the sweep's steps
					 * at most (from the search's lowest
					 * rate), for the ETA */
	bool done, interrupted;
};

extern const struct proc_ops frate_ops;

/*
 * The intended loads from start up to mol: start, start + step, ...,
 * the last one mol (RFC 2889 5.6.3.1: "IF (ILOAD > MOL) THEN ILOAD :=
 * MOL"); step 0 is a tenth of mol - start (at least 1).  Returns how many
 * (>= 1) into out[0..max-1], or -EINVAL with err naming the [frate] key
 * (start above mol, more than max steps).
 */
/* The step: step, or when 0 a tenth of mol - start (at least 1). */
uint64_t frate_step_fps(uint64_t start, uint64_t mol, uint64_t step);

int frate_rates(uint64_t start, uint64_t mol, uint64_t step, uint64_t *out,
		uint32_t max, char *err, size_t err_len);

/* The forwarding rate of direction d of r: test frames received at the
 * correct port per second of the trial's send time (RFC 2285 3.6.1). */
double frate_fr_fps(const struct report_trial *r, enum cfg_dir_id d);
/* The load actually offered: frames the port sent per second of it. */
double frate_oload_fps(const struct report_trial *r, enum cfg_dir_id d);

/*
 * One sweep with trials from base (rate set per step).  start_fps 0: the
 * binary search sp first (sp NULL: refused), its result the start.
 * 0, or -EINVAL with err naming the key.
 */
int frate_start(struct frate_proc *f, const struct frate_params *p,
		const struct trial_spec *base, const struct search_params *sp,
		char *err, size_t err_len);

/* The throughput the sweep started from (0: none yet, or the search found
 * none). */
uint64_t frate_start_fps(const struct frate_proc *f);
/* How the throughput search ended (result.h), RESULT_INSIDE when given. */
enum result_case frate_start_case(const struct frate_proc *f);

/*
 * Direction d's MFR over the valid steps: *fr the highest forwarding
 * rate, *iload the intended load of its step (the first when equal).
 * FRMOL: the forwarding rate of the step at the MOL, when it was valid.
 * false when there is none.
 */
bool frate_mfr(const struct frate_proc *f, enum cfg_dir_id d, double *fr,
	       uint64_t *iload);
bool frate_frmol(const struct frate_proc *f, enum cfg_dir_id d, double *fr);

/* MEASURED when the sweep reached the MOL with every step valid; NONE
 * otherwise (the throughput search found nothing, an invalid step, an
 * interrupted sweep). */
enum report_result frate_kind(const struct frate_proc *f);

/* frate.csv: one step and direction. */
struct frate_row {
	time_t start;
	uint32_t no;			/* sweep, 1.. with --repeat */
	uint32_t step;			/* 1.. */
	uint64_t iload_fps;		/* intended load */
	uint32_t frame_size_b;
	enum cfg_dir_id dir;
	uint64_t duration_ms;
	uint64_t sent, received;
	double oload_fps;		/* sent / send time */
	double fr_fps;			/* forwarding rate */
	bool measured;			/* the trial passed or failed: the
					 * loss and fr_fps columns filled */
	uint64_t foreign;		/* at this port, never in fr_fps */
	uint64_t duplicates;
	enum verdict verdict;
};

/* mfr.csv: one sweep and direction. */
struct frate_summary_row {
	uint32_t no;
	uint32_t frame_size_b;
	enum cfg_dir_id dir;
	uint64_t start_fps;		/* the throughput */
	uint64_t mol_fps;
	uint64_t step_fps;
	uint32_t steps;
	bool has_mfr, has_frmol;
	double mfr_fps;
	uint64_t mfr_iload_fps;
	double frmol_fps;
	enum report_result result;
};

extern const struct report_table frate_table;
extern const struct report_table frate_summary_table;

#endif /* DUTPERF_FRATE_H */

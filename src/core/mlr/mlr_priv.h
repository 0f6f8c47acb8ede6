/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mlr internals shared by its files (not part of the public API):
 *   mlr_class.c  load classification, goal results
 *   mlr_goal.c   the goals: presets, checks, goal strings, phases
 *   mlr.c        the controller, as proc_ops; the columns of mlr.csv
 */
#ifndef DUTPERF_MLR_PRIV_H
#define DUTPERF_MLR_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include "dutperf/mlr.h"

/* The distinct loads of t, ascending, into loads; their number. */
size_t mlr_distinct_loads(const struct mlr_trial *t, size_t n, uint64_t *loads);

/* Scratch for mlr_distinct_loads (the core is single-threaded per search). */
extern uint64_t mlr_loads[MLR_MAX_TRIALS];

#endif /* DUTPERF_MLR_PRIV_H */

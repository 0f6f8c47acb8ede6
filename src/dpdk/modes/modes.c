/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The mode table: every mode dutperf has, in --help order.  A new mode is
 * one file src/dpdk/mode_NAME.c with its struct mode_ops, one line here
 * (and its declaration below the table's), one line in meson.build.
 */
#include "mode.h"

extern const struct mode_ops mode_trial, mode_throughput, mode_latency,
	mode_pdv, mode_loss, mode_monitor, mode_mlr, mode_b2b, mode_recovery,
	mode_reset, mode_stateful, mode_connrate, mode_cttc, mode_teardown,
	mode_campaign;
extern const struct mode_ops mode_frate;
extern const struct mode_ops mode_mesh, mode_partial, mode_unidir;
extern const struct mode_ops mode_caching, mode_learnrate, mode_congestion,
	mode_broadcast;

const struct mode_ops *const mode_table[] = {
	&mode_trial,
	&mode_throughput,
	&mode_mlr,
	&mode_latency,
	&mode_pdv,
	&mode_loss,
	&mode_frate,
	&mode_monitor,
	&mode_b2b,
	&mode_recovery,
	&mode_reset,
	&mode_stateful,
	&mode_connrate,
	&mode_cttc,
	&mode_teardown,
	&mode_campaign,
	&mode_mesh,
	&mode_partial,
	&mode_unidir,
	&mode_caching,
	&mode_learnrate,
	&mode_congestion,
	&mode_broadcast,
};

const unsigned mode_table_len = sizeof(mode_table) / sizeof(mode_table[0]);

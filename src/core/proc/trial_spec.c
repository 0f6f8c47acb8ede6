/* SPDX-License-Identifier: BSD-3-Clause */
/* trial_spec: what one elementary trial is, and the rules derived from it. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/frame_spec.h"
#include "dutperf/report.h"
#include "dutperf/search.h"
#include "dutperf/trial_spec.h"

static uint64_t
sat64(unsigned __int128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

void
trial_spec_from_cfg(struct trial_spec *s, const struct cfg *c,
		    uint64_t rate_fps)
{
	int d;

	memset(s, 0, sizeof(*s));
	for (d = 0; d < CFG_NB_DIRS; d++)
		s->active[d] = cfg_dir_active(c, d);
	trial_spec_set_rate(s, rate_fps);
	s->duration_ms = (uint64_t)c->duration_s * 1000;
	s->timeout_ms = c->timeout_ms;
	s->frame_timeout_ms = c->frame_timeout_ms;
	s->loss_ppm = c->loss_ppm;
	s->max_lag_us = c->max_lag_us;
	s->phase = TRIAL_PHASE_PLAIN;
}

const char *
trial_phase_name(enum trial_phase p)
{
	switch (p) {
	case TRIAL_PHASE_PRELIMINARY:
		return "preliminary";
	case TRIAL_PHASE_REAL:
		return "real";
	case TRIAL_PHASE_PLAIN:
	default:
		return "plain";
	}
}

void
trial_spec_set_rate(struct trial_spec *s, uint64_t rate_fps)
{
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++)
		s->rate_fps[d] = s->active[d] ? rate_fps : 0;
}

uint64_t
trial_spec_rate_fps(const struct trial_spec *s)
{
	int d;

	for (d = 0; d < CFG_NB_DIRS; d++)
		if (s->active[d])
			return s->rate_fps[d];
	return 0;
}

uint64_t
trial_spec_frames(const struct trial_spec *s, enum cfg_dir_id d)
{
	if ((unsigned)d >= CFG_NB_DIRS || !s->active[d])
		return 0;
	if (s->frames > 0)
		return s->frames;
	if (s->change_ms > 0 && s->change_ms < s->duration_ms)
		return sat64((unsigned __int128)trial_spec_change_frame(s, d) +
			     (unsigned __int128)s->rate2_fps[d] *
			     (s->duration_ms - s->change_ms) / 1000);
	return sat64((unsigned __int128)s->rate_fps[d] * s->duration_ms / 1000);
}

uint64_t
trial_spec_change_frame(const struct trial_spec *s, enum cfg_dir_id d)
{
	if ((unsigned)d >= CFG_NB_DIRS || !s->active[d] || s->frames > 0 ||
	    s->change_ms == 0 || s->change_ms >= s->duration_ms)
		return UINT64_MAX;
	return sat64((unsigned __int128)s->rate_fps[d] * s->change_ms / 1000);
}

uint64_t
trial_spec_send_ms(const struct trial_spec *s)
{
	uint64_t ms, worst = 0;
	int d;

	if (s->frames == 0)
		return s->duration_ms;
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!s->active[d] || s->rate_fps[d] == 0)
			continue;
		ms = sat64(((unsigned __int128)s->frames * 1000 +
			    s->rate_fps[d] - 1) / s->rate_fps[d]);
		worst = ms > worst ? ms : worst;
	}
	return worst;
}

uint32_t
trial_spec_duration_s(const struct trial_spec *s)
{
	uint64_t sec = (trial_spec_send_ms(s) + 999) / 1000;

	return sec > UINT32_MAX ? UINT32_MAX : (uint32_t)sec;
}

void
trial_spec_report(const struct trial_spec *s, struct report_trial *r)
{
	r->rate_fps = trial_spec_rate_fps(s);
	r->direction = s->active[CFG_FWD] && s->active[CFG_REV] ?
		       CFG_DIRECTION_BOTH : s->active[CFG_FWD] ?
		       CFG_DIRECTION_FORWARD : CFG_DIRECTION_REVERSE;
	r->duration_s = trial_spec_duration_s(s);
	r->duration_ms = trial_spec_send_ms(s);
	r->timeout_ms = s->timeout_ms;
	r->phase = trial_phase_name(s->phase);
}

int
trial_spec_check(const struct trial_spec *s, char *err, size_t err_len)
{
	uint64_t first, total;
	bool any = false;
	int d;

	if (s->step != TRIAL_STEP_TRIAL)
		return cfg_errf(err, err_len, "trial: a command step ([%s] %s), "
				"not a trial", s->command_section ?
				s->command_section : "?", s->command_key ?
				s->command_key : "?");
	for (d = 0; d < CFG_NB_DIRS; d++) {
		if (!s->active[d])
			continue;
		any = true;
		if (s->rate_fps[d] == 0)
			return cfg_errf(err, err_len, "trial: %s rate of 0 fps",
					d == CFG_FWD ? "forward" : "reverse");
	}
	if (!any)
		return cfg_errf(err, err_len, "trial: no direction sends");
	if (s->change_ms > 0) {
		if (s->frames > 0 || s->change_ms >= s->duration_ms)
			return cfg_errf(err, err_len, "trial: a rate change at "
					"%" PRIu64 " ms needs a longer trial by "
					"duration (%" PRIu64 " ms)", s->change_ms,
					s->duration_ms);
		for (d = 0; d < CFG_NB_DIRS; d++)
			if (s->active[d] && (s->rate2_fps[d] == 0 ||
					     trial_spec_change_frame(s, d) == 0))
				return cfg_errf(err, err_len, "trial: %s rate "
						"change: no frame before it or "
						"a rate of 0 fps after it",
						d == CFG_FWD ? "forward" :
						"reverse");
	}
	if (s->frames == 0 && s->duration_ms == 0)
		return cfg_errf(err, err_len, "trial: neither a frame count nor "
				"a duration");
	if (trial_spec_send_ms(s) > TRIAL_SPEC_MAX_DURATION_MS)
		return cfg_errf(err, err_len, "trial: %" PRIu64 " ms of sending: "
				"more than %llu ms", trial_spec_send_ms(s),
				TRIAL_SPEC_MAX_DURATION_MS);
	if ((unsigned)s->phase >= TRIAL_PHASE_COUNT)
		return cfg_errf(err, err_len, "trial: unknown phase %d",
				(int)s->phase);
	if (s->phase == TRIAL_PHASE_PRELIMINARY &&
	    (s->frames == 0 || s->table_size == 0 ||
	     (s->active[CFG_FWD] && s->active[CFG_REV])))
		return cfg_errf(err, err_len, "trial: a preliminary phase needs a "
				"frame count, a state table and one direction");
	for (d = 0; d < CFG_NB_DIRS && s->nb_tags > 0; d++) {
		if (!s->active[d])
			continue;
		total = trial_spec_frames(s, d);
		first = sat64((unsigned __int128)s->tag_delay_ms *
			      s->rate_fps[d] / 1000);
		if (first >= total || total - first < s->nb_tags)
			return cfg_errf(err, err_len, "trial: %u tagged frames do "
					"not fit after %" PRIu64 " ms (%" PRIu64
					" frames in all)", s->nb_tags,
					s->tag_delay_ms, total);
	}
	return 0;
}

void
trial_spec_place_tags(uint64_t *seq, uint32_t nb, uint64_t first,
		      uint64_t total)
{
	uint32_t j;

	if (first >= total)
		first = total > nb ? total - nb : 0;
	for (j = 0; j < nb; j++)
		seq[j] = first + (uint64_t)((unsigned __int128)j *
					    (total - first) / nb);
}

uint64_t
trial_spec_max_rate_fps(const struct cfg *c)
{
	uint32_t mbps = cfg_link_speed_mbps(c);

	if (c->rate_max_fps != 0)
		return c->rate_max_fps;
	return cfg_traffic_line_rate_fps(c, mbps ? mbps : TRIAL_SPEC_DEFAULT_MBPS,
				     NULL);
}

bool
trial_spec_top_is_line_rate(const struct cfg *c)
{
	uint32_t mbps = cfg_link_speed_mbps(c);

	return mbps != 0 &&
	       trial_spec_max_rate_fps(c) >= cfg_traffic_line_rate_fps(c, mbps,
									 NULL);
}

void
trial_spec_search_params(const struct cfg *c, struct search_params *sp)
{
	*sp = (struct search_params){
		.hi_fps = trial_spec_max_rate_fps(c),
		.lo_fps = c->rate_min_fps,
		.error_fps = c->error_fps,
		.max_retries = c->max_retries,
		.top_is_limit = trial_spec_top_is_line_rate(c),
	};
	sp->initial_fps = c->initial_rate_fps ? c->initial_rate_fps :
						sp->hi_fps;
}

int
trial_spec_check_latency(const struct cfg *c, char *err, size_t err_len)
{
	uint64_t room;

	if (c->lat_delay_s >= c->duration_s)
		return cfg_errf(err, err_len,
				"[latency] delay_s = %u must be below [traffic] "
				"duration_s = %u (tagged frames follow the delay)",
				c->lat_delay_s, c->duration_s);
	room = (uint64_t)(c->duration_s - c->lat_delay_s) * c->rate_fps;
	if (c->lat_tagged > room)
		return cfg_errf(err, err_len,
				"[latency] tagged_frames = %u: only %" PRIu64
				" frames are sent after delay_s = %u at rate_fps = %"
				PRIu64, c->lat_tagged, room, c->lat_delay_s,
				c->rate_fps);
	return 0;
}

void
trial_res_from_cfg(struct trial_res *r, const struct cfg *c)
{
	int d;

	memset(r, 0, sizeof(*r));
	for (d = 0; d < CFG_NB_DIRS; d++) {
		r->active[d] = cfg_dir_active(c, (enum cfg_dir_id)d);
		r->sport_base[d] = frame_sport_base(c, (enum cfg_dir_id)d);
	}
	r->has_imix = cfg_imix(c, &r->imix) > 0;
	cfg_imix_note(c, r->imix_note, sizeof(r->imix_note));
	r->report_size_b = cfg_report_size_b(c);
	r->mean_l2_b = cfg_mean_l2_b(c);
}

void
trial_res_rate_mbps(const struct trial_res *r, uint64_t rate_fps,
		    double *l2_mbps, double *l1_mbps)
{
	cfg_rate_mbps_mean(r->mean_l2_b, rate_fps, l2_mbps, l1_mbps);
}

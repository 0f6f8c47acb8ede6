/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * driver_watch: a DUT that went away, in the driver's loop.  The core's
 * dutwatch.h decides; this file looks at the links, runs the probe
 * trials and waits.  docs/robustness.md "A DUT that goes away".
 */
#include <inttypes.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <rte_ethdev.h>

#include "driver.h"
#include "dutperf/dutwatch.h"

/* A line while waiting at most this often. */
#define DRIVER_WATCH_SAY_MS 5000

static const char *const driver_watch_side[CFG_NB_SIDES] = { "left", "right" };

static uint64_t
driver_watch_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/*
 * A port's link: the kernel's carrier (IFF_RUNNING) when the port is a
 * kernel interface (net_af_packet reports its link up from the start,
 * whatever the wire does), else the PMD's.
 */
static bool
driver_watch_link_up(uint16_t port_id)
{
	struct rte_eth_dev_info info;
	struct rte_eth_link l;
	struct ifreq ifr;
	bool up = true;
	int fd;

	memset(&info, 0, sizeof(info));
	if (rte_eth_dev_info_get(port_id, &info) == 0 && info.if_index != 0 &&
	    if_indextoname(info.if_index, ifr.ifr_name) != NULL) {
		fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (fd >= 0 && ioctl(fd, SIOCGIFFLAGS, &ifr) == 0)
			up = (ifr.ifr_flags & IFF_UP) && (ifr.ifr_flags & IFF_RUNNING);
		if (fd >= 0)
			close(fd);
		return up;
	}
	memset(&l, 0, sizeof(l));
	return rte_eth_link_get_nowait(port_id, &l) != 0 ||
	       l.link_status == RTE_ETH_LINK_UP;
}

/* Every port's link is up; else which is not, in links. */
static bool
driver_watch_links(const struct mode_ctx *m, char *links, size_t len)
{
	int s;

	for (s = 0; s < CFG_NB_SIDES; s++) {
		const struct port_ctx *p = &m->trial->port[s];

		if (driver_watch_link_up(p->id))
			continue;
		snprintf(links, len, "the link of port %u (%s) down", p->id,
			 driver_watch_side[s]);
		return false;
	}
	snprintf(links, len, "the links up");
	return true;
}

/*
 * The probe: DUTWATCH_PROBE_MS at DUTWATCH_PROBE_FPS (never above the
 * dead trial's rate) in the configured directions; a stateful DUT
 * forwards only what the Initiator starts, so after a stateful trial the
 * Initiator's direction only.
 */
static int
driver_watch_probe(struct mode_ctx *m, const struct trial_spec *dead,
		   struct report_trial *r, char *why, size_t why_len,
		   char *err, size_t err_len)
{
	uint64_t rate = trial_spec_rate_fps(dead);
	struct trial_spec p;
	enum cfg_dir_id d;

	if (rate == 0 || rate > DUTWATCH_PROBE_FPS)
		rate = DUTWATCH_PROBE_FPS;
	trial_spec_from_cfg(&p, m->cfg, rate);
	p.duration_ms = DUTWATCH_PROBE_MS;
	if (dead->phase != TRIAL_PHASE_PLAIN) {
		d = stateful_init_dir(m->cfg) == CFG_FWD ? CFG_REV : CFG_FWD;
		p.active[d] = false;
		p.rate_fps[d] = 0;
	}
	return trial_run(m->trial, &p, r, why, why_len, err, err_len);
}

void
driver_watch_start(struct mode_ctx *m)
{
	struct dutwatch_params p = {
		.wait_ms = m->cfg->dut_wait_s * 1000,
		.max_retries = m->cfg->max_retries,
		.max_lag_ns = (uint64_t)m->cfg->max_lag_us * 1000,
	};
	const struct proc *inner = m->phased ? &m->phases.inner : &m->proc;

	/* a single measurement stands as measured, whatever it lost */
	m->watched = inner->ops != &proc_single_ops;
	m->watch_step = DUTWATCH_RECORD;
	m->gone_why[0] = '\0';
	dutwatch_init(&m->watch, &p);
}

/* What the trials.csv row of the dead trial says besides its reason
 * (no comma: the CSV writer turns it into ';'). */
static void
driver_watch_note(struct mode_ctx *m, struct report_trial *r,
		  const char *what)
{
	size_t n = strlen(m->last_why);

	if (r->reason == m->last_why && n < sizeof(m->last_why))
		snprintf(m->last_why + n, sizeof(m->last_why) - n,
			 "; every frame lost: %s", what);
}

int
driver_watch_trial(struct mode_ctx *m, const struct trial_spec *spec,
		   struct report_trial *r, char *err, size_t err_len)
{
	struct dutwatch *w = &m->watch;
	uint64_t said = 0, now;
	struct report_trial probe;
	char links[96], pwhy[256] = "";
	enum dutwatch_step step;
	bool up;
	int rc;

	memset(&probe, 0, sizeof(probe));
	m->watch_step = DUTWATCH_RECORD;
	if (!m->watched || !dutwatch_dead(r))
		return 0;
	up = driver_watch_links(m, links, sizeof(links));
	step = dutwatch_trial(w, r, up, driver_watch_now_ms());
	if (step == DUTWATCH_RECORD)
		return 0;	/* the links up, no dut_wait_s: a failure */
	fprintf(stderr, "dutperf: %s %u trial %u: every frame lost, %s: %s\n",
		m->ops->run_name, m->no, m->iteration, links,
		step == DUTWATCH_PROBE ? "a probe trial follows" :
		step == DUTWATCH_REPEAT ? "the DUT went away? the trial is "
		"repeated, not counted" : step == DUTWATCH_WAIT ?
		"the DUT went away? waiting for it ([search] dut_wait_s)" :
		"the DUT went away");
	while ((step == DUTWATCH_PROBE || step == DUTWATCH_WAIT) &&
	       !engine_stop) {
		if (step == DUTWATCH_WAIT)
			engine_sleep_ms(DUTWATCH_POLL_MS);
		if (engine_stop)
			break;
		up = driver_watch_links(m, links, sizeof(links));
		if (!up) {
			step = dutwatch_probe(w, NULL, driver_watch_now_ms());
		} else {
			rc = driver_watch_probe(m, spec, &probe, pwhy,
						sizeof(pwhy), err, err_len);
			if (rc != 0)
				return rc;
			if (probe.verdict == VERDICT_INTERRUPTED)
				break;
			step = dutwatch_probe(w, &probe, driver_watch_now_ms());
		}
		now = driver_watch_now_ms();
		if (step == DUTWATCH_WAIT && now - said < DRIVER_WATCH_SAY_MS)
			continue;
		said = now;
		fprintf(stderr, "dutperf: %s %u: %s%s%s%s; away %.1f of %u s\n",
			m->ops->run_name, m->no, up ? "probe trial: " : links,
			up ? verdict_name(probe.verdict) : "",
			up && *pwhy ? ": " : "", up ? pwhy : "",
			(double)dutwatch_away_ms(w, now) / 1e3, m->cfg->dut_wait_s);
	}
	if (engine_stop) {
		/* interrupted while waiting: the trial is not counted and
		 * the driver stops */
		m->watch_step = DUTWATCH_REPEAT;
		driver_watch_note(m, r, "interrupted while waiting for the DUT");
		return 0;
	}
	m->watch_step = step;
	switch (step) {
	case DUTWATCH_RECORD:
		driver_watch_note(m, r, "the DUT forwards a probe trial: "
				  "counted");
		break;
	case DUTWATCH_REPEAT:
		driver_watch_note(m, r, w->away ? "a link is down: "
				  "repeated (not counted)" : "the DUT came back: "
				  "repeated (not counted)");
		break;
	default:
		if (m->cfg->dut_wait_s == 0)
			snprintf(m->gone_why, sizeof(m->gone_why), "every frame "
				 "lost and %s in %u trials in a row ([search] "
				 "max_retries = %u, dut_wait_s = 0)", links,
				 w->repeats + 1, m->cfg->max_retries);
		else
			snprintf(m->gone_why, sizeof(m->gone_why), "no frame "
				 "forwarded and no probe trial passing for %.1f s "
				 "([search] dut_wait_s = %u; %s)",
				 (double)dutwatch_away_ms(w, driver_watch_now_ms()) /
				 1e3, m->cfg->dut_wait_s, links);
		driver_watch_note(m, r, "the DUT went away: not counted and "
				  "the run ends");
		break;
	}
	return 0;
}

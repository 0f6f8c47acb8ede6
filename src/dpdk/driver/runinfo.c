/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runinfo: the result files of a run in the output directory: CSV files
 * opened for appending, and run.json, JSON Lines: one JSON object per line
 * and run (appended like the CSV files, never rewritten), written with
 * jansson: versions and git commit, command line and EAL arguments, host,
 * CPU model, kernel, start and end times (ISO 8601 with offset), seed (a
 * string), TSC frequency, ports with drivers and link speeds, each run's
 * result and the effective configuration.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <jansson.h>

#include <rte_cycles.h>
#include <rte_version.h>

#include "driver.h"
#include "dutperf/csv.h"
#include "gitrev.h"

int
runinfo_open_csv(const struct cfg *c, const char *name,
		 const struct report_table *t, struct csv_file *f, char *err,
		 size_t err_len)
{
	char path[CFG_PATH_LEN + 64], header[REPORT_LINE_MAX];

	if (t != NULL && report_header(t, header, sizeof(header)) < 0) {
		snprintf(err, err_len, "%s header too long", name);
		return -ENOSPC;
	}
	snprintf(path, sizeof(path), "%s/%s", c->outdir, name);
	return csv_open(f, path, t != NULL ? header : NULL, err, err_len);
}

/* A JSON string of any bytes: invalid UTF-8 becomes U+FFFD. */
static json_t *
runinfo_str(const char *s)
{
	char *clean = report_utf8_clean(s);
	json_t *j;

	if (clean == NULL)
		return NULL;
	j = json_string(clean);
	free(clean);
	return j;
}

/* obj[key] = v; false when v is NULL (no memory) or obj refused it. */
static bool
runinfo_set(json_t *obj, const char *key, json_t *v)
{
	return v != NULL && json_object_set_new(obj, key, v) == 0;
}

static json_t *
runinfo_strings(char *const *v, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(a, runinfo_str(v[i])) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* The "model name" line of /proc/cpuinfo, "unknown" when there is none. */
static void
runinfo_cpu_model(char *buf, size_t len)
{
	char line[512], *p;
	FILE *f = fopen("/proc/cpuinfo", "r");

	snprintf(buf, len, "unknown");
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "model name", 10) != 0 ||
		    (p = strchr(line, ':')) == NULL)
			continue;
		for (p++; *p == ' ' || *p == '\t'; p++)
			;
		p[strcspn(p, "\n")] = '\0';
		snprintf(buf, len, "%s", p);
		break;
	}
	fclose(f);
}

static json_t *
runinfo_kernel(void)
{
	struct utsname u;
	char buf[sizeof(u.sysname) + sizeof(u.release) + sizeof(u.version) +
		 sizeof(u.machine) + 4];

	if (uname(&u) != 0)
		return json_string("unknown");
	snprintf(buf, sizeof(buf), "%s %s %s %s", u.sysname, u.release,
		 u.version, u.machine);
	return runinfo_str(buf);
}

/* "02:00:00:00:00:10"; null for an all-zero address (none known) */
static json_t *
runinfo_mac(const uint8_t mac[6])
{
	static const uint8_t zero[6];
	char buf[32];

	if (memcmp(mac, zero, 6) == 0)
		return json_null();
	snprintf(buf, sizeof(buf), "%02x:%02x:%02x:%02x:%02x:%02x", mac[0],
		 mac[1], mac[2], mac[3], mac[4], mac[5]);
	return json_string(buf);
}

/* Address resolution of side s (neigh.c): the DUT's MAC frames went
 * to, "resolved" by ARP / ND (then the address asked) or "config", and
 * the ARP requests / NS the port answered over the run. */
static bool
runinfo_neigh(json_t *o, const struct cfg *c, int s, const struct port_ctx *p)
{
	char buf[64];

	if (!runinfo_set(o, "dut_mac", runinfo_mac(c->side[s].dut_mac)) ||
	    !runinfo_set(o, "dut_mac_from", json_string(p->resolved ?
			 "resolved" : "config")))
		return false;
	if (p->resolved)
		inet_ntop(c->side[s].ip_version == 4 ? AF_INET : AF_INET6,
			  p->dut_ip, buf, sizeof(buf));
	return runinfo_set(o, "dut_ip", p->resolved ? json_string(buf) :
			   json_null()) &&
	       runinfo_set(o, "answered", json_integer(
			   (json_int_t)p->answered_run));
}

static json_t *
runinfo_ports(const struct mode_ctx *m)
{
	json_t *a = json_array(), *o;
	int s;

	for (s = 0; a != NULL && s < CFG_NB_SIDES; s++) {
		const struct port_ctx *p = &m->trial->port[s];

		o = json_object();
		if (o == NULL || json_array_append_new(a, o) != 0 ||
		    !runinfo_set(o, "side", json_string(trial_side_name[s])) ||
		    !runinfo_set(o, "port_id", json_integer(p->id)) ||
		    !runinfo_set(o, "name", runinfo_str(p->name)) ||
		    !runinfo_set(o, "driver", runinfo_str(p->driver)) ||
		    !runinfo_set(o, "speed_mbps", p->speed_mbps ?
				 json_integer(p->speed_mbps) : json_null()) ||
		    /* who checks received checksums (port.c): the NIC's
		     * GOOD verdicts taken, or every one summed here */
		    !runinfo_set(o, "checksums_by", json_string(
				 p->rx_cksum_hw ? "NIC" : "software")) ||
		    /* port.c: the address used ([side] mac, or the port's
		     * own when not given), the port's own, and whether the
		     * port was put in promiscuous mode */
		    !runinfo_set(o, "mac", runinfo_mac(p->mac)) ||
		    !runinfo_set(o, "own_mac", runinfo_mac(p->own_mac)) ||
		    !runinfo_set(o, "mac_from", json_string(
				 p->mac_given ? "configured" : "port")) ||
		    !runinfo_set(o, "promisc", json_boolean(p->promisc)) ||
		    !runinfo_neigh(o, m->cfg, s, p)) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* Each complete run: its number, value (null: none) and result kind. */
static json_t *
runinfo_runs(const struct mode_ctx *m)
{
	json_t *a = json_array(), *o;
	uint32_t i;
	double v;

	for (i = 0; a != NULL && i < m->runs_done; i++) {
		v = m->values[0] != NULL ? m->values[0][i] : NAN;
		o = json_object();
		if (o == NULL || json_array_append_new(a, o) != 0 ||
		    !runinfo_set(o, "no", json_integer(i + 1)) ||
		    !runinfo_set(o, "value", isnan(v) || isinf(v) ? json_null() :
				 json_real(v)) ||
		    !runinfo_set(o, "result_kind", json_string(
				 report_result_name(m->results[i]))) ||
		    (m->reasons[i] != NULL &&
		     !runinfo_set(o, "result_reason",
				  json_string(m->reasons[i])))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* [traffic] imix (r: resolved by the trial context): null without one, else its name as given, the
 * genome written out, the sizes of one pass in order, each distinct size
 * with its letter and frames per pass, the mean L2 and L1 sizes and the
 * line rate of the mix at mbps (null: no speed known).  The frames of
 * each size of a stream of N frames: imix_count (docs/results.md). */
static json_t *
runinfo_imix(const struct trial_res *r, uint32_t mbps)
{
	const struct imix *mp = &r->imix;
	json_t *o, *seq, *sizes, *one;
	uint64_t per[IMIX_MAX_SIZES];
	unsigned int i;
	bool ok;

	if (!r->has_imix)
		return json_null();
	o = json_object();
	seq = json_array();
	sizes = json_array();
	if (o == NULL || seq == NULL || sizes == NULL) {
		json_decref(o);
		json_decref(seq);
		json_decref(sizes);
		return NULL;
	}
	/* o owns the arrays from here on (filled through the pointers) */
	ok = runinfo_set(o, "sequence_b", seq);
	ok = runinfo_set(o, "sizes", sizes) && ok;
	for (i = 0; i < mp->len && ok; i++)
		ok = json_array_append_new(seq, json_integer(imix_size_at(mp, i))) == 0;
	imix_count(mp, mp->len, per, NULL);
	for (i = 0; i < mp->nb_sizes && ok; i++) {
		char l[2] = { mp->letter[i], '\0' };

		one = json_object();
		/* RFC 6985 6.2's table: sizes without letters */
		ok = one != NULL && runinfo_set(one, "letter", l[0] ?
			json_string(l) : json_null()) &&
		     runinfo_set(one, "size_b", json_integer(mp->size_b[i])) &&
		     runinfo_set(one, "per_pass", json_integer((json_int_t)per[i])) &&
		     json_array_append_new(sizes, one) == 0;
	}
	ok = ok && runinfo_set(o, "name", json_string(mp->name)) &&
	     runinfo_set(o, "genome", json_string(mp->genome)) &&
	     /* the genome with its table, as trials.csv's imix */
	     runinfo_set(o, "note", json_string(r->imix_note)) &&
	     /* RFC 6985 6.2, 6.5: how the sequence was made, the seed */
	     (mp->algo[0] == '\0' ||
	      runinfo_set(o, "algorithm", json_string(mp->algo))) &&
	     runinfo_set(o, "mean_l2_b", json_real(imix_mean_l2_b(mp))) &&
	     runinfo_set(o, "mean_l1_b", json_real(imix_mean_l1_b(mp))) &&
	     runinfo_set(o, "line_rate_fps", mbps ? json_integer((json_int_t)
			 imix_line_rate_fps(mp, mbps)) : json_null());
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* One direction of frames_by_size: per size its frames and bytes. */
static json_t *
runinfo_sizes_dir(const struct sizes_dir *d)
{
	json_t *a = json_array(), *one;
	unsigned int i;
	bool ok = a != NULL;

	for (i = 0; i < d->nb && ok; i++) {
		char l[2] = { d->letter[i], '\0' };

		one = json_object();
		ok = one != NULL &&
		     runinfo_set(one, "size_b", json_integer(d->label_b[i])) &&
		     runinfo_set(one, "letter", l[0] ? json_string(l) : json_null()) &&
		     runinfo_set(one, "sent", json_integer((json_int_t)sizes_sent(d, i))) &&
		     runinfo_set(one, "received",
				 json_integer((json_int_t)sizes_received(d, i))) &&
		     runinfo_set(one, "sent_b",
				 json_integer((json_int_t)sizes_sent_b(d, (int)i))) &&
		     runinfo_set(one, "received_b",
				 json_integer((json_int_t)sizes_received_b(d, (int)i)));
		if (one != NULL && json_array_append_new(a, one) != 0)
			ok = false;
	}
	if (!ok) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/* frames_by_size: the trials summed, per direction (docs/results.md). */
static json_t *
runinfo_sizes(const struct mode_ctx *m)
{
	json_t *o = json_object();
	bool ok = o != NULL &&
		  runinfo_set(o, "trials", json_integer(m->sizes_trials)) &&
		  runinfo_set(o, "fwd", runinfo_sizes_dir(&m->sizes[CFG_FWD])) &&
		  runinfo_set(o, "rev", runinfo_sizes_dir(&m->sizes[CFG_REV]));

	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The run.json object of m; NULL: no memory. */
static json_t *
runinfo_object(const struct mode_ctx *m, time_t end, const char *result)
{
	const struct cfg *c = m->cfg;
	char *cfgtext = NULL, buf[256], host[256];
	size_t cfglen = 0;
	uint32_t mbps = cfg_link_speed_mbps(c);
	json_t *o = json_object();
	FILE *mem;
	bool ok;

	mem = open_memstream(&cfgtext, &cfglen);
	if (mem == NULL || o == NULL) {
		if (mem != NULL)
			fclose(mem);
		free(cfgtext);
		json_decref(o);
		return NULL;
	}
	cfg_print(c, mem);
	fclose(mem);
	if (gethostname(host, sizeof(host)) != 0)
		snprintf(host, sizeof(host), "?");
	host[sizeof(host) - 1] = '\0';

	/* the keys of before first (tests/data/columns/run.json.keys) */
	ok = runinfo_set(o, "dutperf", json_string(DUTPERF_VERSION)) &&
	     runinfo_set(o, "dpdk", runinfo_str(rte_version())) &&
	     runinfo_set(o, "mode", json_string(cli_mode_name(m->cli))) &&
	     runinfo_set(o, "host", runinfo_str(host));
	report_format_iso8601(m->start, buf, sizeof(buf));
	ok = ok && runinfo_set(o, "start", json_string(buf));
	report_format_iso8601(end, buf, sizeof(buf));
	ok = ok && runinfo_set(o, "end", json_string(buf));
	/* a string: jq and spreadsheets round integers above 2^53 */
	snprintf(buf, sizeof(buf), "%" PRIu64, c->seed);
	ok = ok && runinfo_set(o, "seed", json_string(buf)) &&
	     runinfo_set(o, "tsc_hz", json_integer((json_int_t)rte_get_tsc_hz())) &&
	     runinfo_set(o, "ports", runinfo_ports(m)) &&
	     runinfo_set(o, "result", runinfo_str(result)) &&
	     runinfo_set(o, "config", runinfo_str(cfgtext)) &&
	     runinfo_set(o, "git", runinfo_str(DUTPERF_GIT)) &&
	     runinfo_set(o, "argv", runinfo_strings(m->argv, m->argc)) &&
	     runinfo_set(o, "eal_args", runinfo_strings(m->argv + 1,
				m->eal_argc > 1 ? m->eal_argc - 1 : 0));
	runinfo_cpu_model(buf, sizeof(buf));
	ok = ok && runinfo_set(o, "cpu_model", runinfo_str(buf)) &&
	     runinfo_set(o, "kernel", runinfo_kernel()) &&
	     runinfo_set(o, "link_speed_mbps", mbps ? json_integer(mbps) :
			 json_null()) &&
	     runinfo_set(o, "link_speed_from", json_string(
			 c->link_speed_gbps ? "link_speed_gbps" :
			 mbps ? "port" : "none")) &&
	     runinfo_set(o, "runs", runinfo_runs(m)) &&
	     runinfo_set(o, "imix", runinfo_imix(&m->trial->res, mbps)) &&
	     runinfo_set(o, "frames_by_size", runinfo_sizes(m));
	/* [dut]: only when configured (driver_dut.c) */
	if (ok && m->dut != NULL)
		ok = runinfo_set(o, "dut", driver_dut_json(m));
	free(cfgtext);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int
runinfo_append(const struct mode_ctx *m, time_t end, const char *result,
	       char *err, size_t err_len)
{
	return runinfo_append_more(m, end, result, NULL, err, err_len);
}

int
runinfo_append_more(const struct mode_ctx *m, time_t end, const char *result,
		    json_t *more, char *err, size_t err_len)
{
	struct csv_file f;
	json_t *o = runinfo_object(m, end, result);
	char *line;
	int rc;

	/* more's keys replace those of the same name in place, the new
	 * ones go at the end */
	if (o != NULL && more != NULL && json_object_update(o, more) != 0) {
		json_decref(o);
		o = NULL;
	}
	line = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	if (line == NULL) {
		snprintf(err, err_len, "run.json: no memory for the record");
		return -ENOMEM;
	}
	rc = runinfo_open_csv(m->cfg, "run.json", NULL, &f, err, err_len);
	if (rc == 0) {
		f.what = "record";
		rc = csv_append(&f, line, err, err_len);
		csv_close(&f);
	}
	free(line);
	return rc;
}

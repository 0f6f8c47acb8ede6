/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc_read: a results directory as a set of runs (dutperf/rdoc_report.h).
 * A campaign directory (campaign.json) gives its items in its order, each
 * with the last campaign.jsonl record of that item; any other directory
 * gives every directory under it (itself included) that holds a run.json,
 * sorted by path.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rdoc_report.h"

#define RDOC_MAX_DEPTH 6
#define RDOC_MAX_RUNS 100000

static const char *const rdoc_files[RDOC_NB_FILES] = {
	[RDOC_RATE] = "rate.csv",
	[RDOC_LATENCY] = "latency.csv",
	[RDOC_FLR] = "flr.csv",
	[RDOC_B2B] = "b2b.csv",
	[RDOC_RECOVERY] = "recovery.csv",
	[RDOC_RESET] = "reset.csv",
	[RDOC_PDV] = "pdv.csv",
	[RDOC_DUT] = "dut.csv",
	[RDOC_FRATE] = "frate.csv",
	[RDOC_MFR] = "mfr.csv",
};

const char *
rdoc_file_name(enum rdoc_file f)
{
	return f < RDOC_NB_FILES ? rdoc_files[f] : "?";
}

static int
rdoc_fail(int rc, char *err, size_t err_len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int
rdoc_fail(int rc, char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	if (err_len > 0) {
		va_start(ap, fmt);
		vsnprintf(err, err_len, fmt, ap);
		va_end(ap);
	}
	return rc;
}

static bool
rdoc_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool
rdoc_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A whole small file into *text (malloc'ed, NUL-terminated). */
static int
rdoc_slurp(const char *path, char **text, char *err, size_t err_len)
{
	FILE *f = fopen(path, "re");
	size_t len = 0, cap = 0, n;
	char *s = NULL, *ns;

	if (f == NULL)
		return rdoc_fail(-errno, err, err_len, "%s: %s", path,
				 strerror(errno));
	do {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 16384;
			ns = realloc(s, cap + 1);
			if (ns == NULL) {
				free(s);
				fclose(f);
				return rdoc_fail(-ENOMEM, err, err_len,
						 "%s: out of memory", path);
			}
			s = ns;
		}
		n = fread(s + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	s[len] = '\0';
	*text = s;
	return 0;
}

/*
 * Each line of the JSON Lines file path through fn (blank lines skipped);
 * a line that is no JSON object is -EINVAL "path:LINE: not a JSON
 * object: ...".  The number of records or < 0.
 */
static long
rdoc_jsonl(const char *path, int (*fn)(void *ctx, json_t *o,
				       unsigned long line, char *err,
				       size_t err_len),
	   void *ctx, char *err, size_t err_len)
{
	char *text, *p, *e;
	unsigned long line = 0;
	long n = 0;
	int rc;

	rc = rdoc_slurp(path, &text, err, err_len);
	if (rc < 0)
		return rc;
	for (p = text; rc == 0 && *p != '\0'; p = *e ? e + 1 : e) {
		json_error_t je;
		json_t *o;

		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		line++;
		if (strspn(p, " \t\r") == (size_t)(e - p))
			continue;
		o = json_loadb(p, (size_t)(e - p), 0, &je);
		if (!json_is_object(o)) {
			rc = rdoc_fail(-EINVAL, err, err_len,
				       "%s:%lu: not a JSON object: %s", path,
				       line, o == NULL ? je.text : "another value");
			json_decref(o);
			break;
		}
		rc = fn(ctx, o, line, err, err_len);
		n++;
	}
	free(text);
	return rc < 0 ? rc : n;
}

static int
rdoc_keep_last(void *ctx, json_t *o, unsigned long line, char *err,
	       size_t err_len)
{
	json_t **last = ctx;

	(void)line;
	(void)err;
	(void)err_len;
	json_decref(*last);
	*last = o;
	return 0;
}

/* The frame size the run's configuration text records, or -1. */
static long
rdoc_config_size(const json_t *info)
{
	const char *cfg = json_string_value(json_object_get(info, "config"));
	const char *p;

	for (p = cfg; p != NULL && *p != '\0'; p = strchr(p, '\n'), p = p ? p + 1 : p)
		if (strncmp(p, "frame_size_b", 12) == 0) {
			p += 12;
			p += strspn(p, " \t=");
			return strtol(p, NULL, 10);
		}
	return -1;
}

/* The last run.json record's imix (docs/results.md): null or absent, no
 * mix; else an object with its name and mean_l2_b, -EINVAL otherwise. */
static int
rdoc_run_imix(struct rdoc_run *r, const char *path, char *err,
	      size_t err_len)
{
	json_t *m = json_object_get(r->info, "imix");
	json_t *name = json_object_get(m, "name");
	json_t *note = json_object_get(m, "note");
	json_t *mean = json_object_get(m, "mean_l2_b");

	if (m == NULL || json_is_null(m))
		return 0;
	/* RFC 6985's notation; a file written before it has the name only */
	if (json_is_string(note) && json_string_length(note) > 0)
		name = note;
	if (!json_is_string(name) || json_string_length(name) == 0 ||
	    json_string_length(name) >= sizeof(r->imix) ||
	    !json_is_number(mean) || !(json_number_value(mean) > 0))
		return rdoc_fail(-EINVAL, err, err_len,
				 "%s: the last record's key 'imix': not null "
				 "nor an object with a name and a positive "
				 "mean_l2_b", path);
	snprintf(r->imix, sizeof(r->imix), "%s", json_string_value(name));
	r->imix_mean_b = json_number_value(mean);
	return 0;
}

/* Read run directory dir (label its name in the report) into r. */
static int
rdoc_run_read(struct rdoc_run *r, const char *dir, const char *label,
	      char *err, size_t err_len)
{
	char path[4200];
	long n;
	int f, rc;

	memset(r, 0, sizeof(*r));
	r->size_b = -1;
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	snprintf(r->label, sizeof(r->label), "%s", label);
	snprintf(path, sizeof(path), "%s/run.json", dir);
	if (rdoc_is_file(path)) {
		n = rdoc_jsonl(path, rdoc_keep_last, &r->info, err, err_len);
		if (n < 0)
			return (int)n;
		r->nb_records = (size_t)n;
		if (r->info != NULL)
			r->size_b = rdoc_config_size(r->info);
		rc = rdoc_run_imix(r, path, err, err_len);
		if (rc < 0)
			return rc;
	}
	for (f = 0; f < RDOC_NB_FILES; f++) {
		snprintf(path, sizeof(path), "%s/%s", dir, rdoc_files[f]);
		if (!rdoc_is_file(path))
			continue;
		rc = csv_table_read(path, &r->tab[f], err, err_len);
		if (rc < 0)
			return rc;
		r->has[f] = true;
	}
	return 0;
}

static void
rdoc_run_free(struct rdoc_run *r)
{
	int f;

	json_decref(r->info);
	for (f = 0; f < RDOC_NB_FILES; f++)
		if (r->has[f])
			csv_table_free(&r->tab[f]);
	memset(r, 0, sizeof(*r));
}

static struct rdoc_run *
rdoc_run_new(struct rdoc_set *s)
{
	struct rdoc_run *nr;

	if (s->nb_runs >= RDOC_MAX_RUNS)
		return NULL;
	nr = realloc(s->runs, (s->nb_runs + 1) * sizeof(*nr));
	if (nr == NULL)
		return NULL;
	s->runs = nr;
	return &s->runs[s->nb_runs];
}

static int
rdoc_cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every run directory under dir (rel: its label), depth-first, sorted. */
static int
rdoc_walk(struct rdoc_set *s, const char *dir, const char *rel, int depth,
	  char *err, size_t err_len)
{
	char path[4200], sub[4200], subrel[1024];
	char **names = NULL, **nn;
	size_t n = 0, i;
	struct dirent *de;
	struct rdoc_run *r;
	DIR *d;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/run.json", dir);
	if (rdoc_is_file(path)) {
		r = rdoc_run_new(s);
		if (r == NULL)
			return rdoc_fail(-ENOMEM, err, err_len,
					 "%s: too many runs", dir);
		rc = rdoc_run_read(r, dir, rel, err, err_len);
		s->nb_runs++;		/* freed with the set also on failure */
		if (rc < 0)
			return rc;
	}
	if (depth >= RDOC_MAX_DEPTH)
		return 0;
	d = opendir(dir);
	if (d == NULL)
		return rdoc_fail(-errno, err, err_len, "%s: %s", dir,
				 strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", dir, de->d_name);
		if (!rdoc_is_dir(sub))
			continue;
		nn = realloc(names, (n + 1) * sizeof(*nn));
		if (nn == NULL || (nn[n] = strdup(de->d_name)) == NULL) {
			names = nn != NULL ? nn : names;
			rc = -ENOMEM;
			break;
		}
		names = nn;
		n++;
	}
	closedir(d);
	if (rc == 0 && n > 1)	/* names is NULL for a leaf directory */
		qsort(names, n, sizeof(*names), rdoc_cmp_name);
	for (i = 0; rc == 0 && i < n; i++) {
		snprintf(sub, sizeof(sub), "%s/%s", dir, names[i]);
		snprintf(subrel, sizeof(subrel), "%s%s%s",
			 strcmp(rel, ".") == 0 ? "" : rel,
			 strcmp(rel, ".") == 0 ? "" : "/", names[i]);
		rc = rdoc_walk(s, sub, subrel, depth + 1, err, err_len);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (rc == -ENOMEM)
		rdoc_fail(rc, err, err_len, "%s: out of memory", dir);
	return rc;
}

/* --- campaigns --- */

static void
rdoc_copy_str(char *dst, size_t len, const json_t *v)
{
	const char *s = json_string_value(v);

	snprintf(dst, len, "%s", s != NULL ? s : "");
}

static struct rdoc_item *
rdoc_item_find(struct rdoc_set *s, long item)
{
	size_t i;

	for (i = 0; i < s->nb_items; i++)
		if (s->items[i].item == item)
			return &s->items[i];
	return NULL;
}

/* One campaign.jsonl record: the item's state so far (last one wins). */
static int
rdoc_item_record(void *ctx, json_t *o, unsigned long line, char *err,
		 size_t err_len)
{
	struct rdoc_set *s = ctx;
	json_t *item = json_object_get(o, "item"), *tp;
	struct rdoc_item *it;
	int rc = 0;

	it = json_is_integer(item) ? rdoc_item_find(s, (long)
			json_integer_value(item)) : NULL;
	if (it == NULL) {
		rc = rdoc_fail(-EINVAL, err, err_len,
			       "%s/campaign.jsonl:%lu: key 'item': %s", s->root,
			       line, json_is_integer(item) ?
			       "not an item of campaign.json" :
			       "missing or not an integer");
	} else {
		rdoc_copy_str(it->state, sizeof(it->state),
			      json_object_get(o, "state"));
		it->attempt = (long)json_integer_value(json_object_get(o,
							"attempt"));
		rdoc_copy_str(it->result_kind, sizeof(it->result_kind),
			      json_object_get(o, "result_kind"));
		rdoc_copy_str(it->throughput_kind, sizeof(it->throughput_kind),
			      json_object_get(o, "throughput_kind"));
		rdoc_copy_str(it->note, sizeof(it->note),
			      json_object_get(o, "note"));
		tp = json_object_get(o, "throughput_fps");
		it->tput_fwd = json_is_number(json_object_get(tp, "fwd")) ?
			json_number_value(json_object_get(tp, "fwd")) : -1;
		it->tput_rev = json_is_number(json_object_get(tp, "rev")) ?
			json_number_value(json_object_get(tp, "rev")) : -1;
	}
	json_decref(o);
	return rc;
}

static int
rdoc_campaign_read(struct rdoc_set *s, char *err, size_t err_len)
{
	char path[4200], dir[4400];
	json_error_t je;
	json_t *items, *it;
	size_t i;
	long n;
	int rc;

	snprintf(path, sizeof(path), "%s/campaign.json", s->root);
	s->campaign = json_load_file(path, 0, &je);
	if (!json_is_object(s->campaign))
		return rdoc_fail(-EINVAL, err, err_len,
				 "%s:%d: not a JSON object: %s", path, je.line,
				 s->campaign == NULL ? je.text : "another value");
	items = json_object_get(s->campaign, "items");
	if (!json_is_array(items))
		return rdoc_fail(-EINVAL, err, err_len,
				 "%s: key 'items': missing or not an array",
				 path);
	s->items = calloc(json_array_size(items) + 1, sizeof(*s->items));
	if (s->items == NULL)
		return rdoc_fail(-ENOMEM, err, err_len, "out of memory");
	json_array_foreach(items, i, it) {
		struct rdoc_item *x = &s->items[i];
		const char *d = json_string_value(json_object_get(it, "dir"));

		if (!json_is_integer(json_object_get(it, "item")) ||
		    d == NULL || d[0] == '\0' || strstr(d, "..") != NULL ||
		    d[0] == '/')
			return rdoc_fail(-EINVAL, err, err_len,
					 "%s: items[%zu]: keys 'item' (an integer) "
					 "and 'dir' (a relative directory) required",
					 path, i);
		x->item = (long)json_integer_value(json_object_get(it, "item"));
		rdoc_copy_str(x->test, sizeof(x->test),
			      json_object_get(it, "test"));
		x->size_b = json_is_integer(json_object_get(it, "size")) ?
			(long)json_integer_value(json_object_get(it, "size")) : -1;
		rdoc_copy_str(x->imix, sizeof(x->imix),
			      json_object_get(it, "imix"));
		snprintf(x->dir, sizeof(x->dir), "%s", d);
		x->tput_fwd = x->tput_rev = -1;
		s->nb_items++;
	}
	snprintf(path, sizeof(path), "%s/campaign.jsonl", s->root);
	if (rdoc_is_file(path)) {
		n = rdoc_jsonl(path, rdoc_item_record, s, err, err_len);
		if (n < 0)
			return (int)n;
	}
	/* each item's directory that holds anything the report reads */
	for (i = 0; i < s->nb_items; i++) {
		struct rdoc_run *r;

		snprintf(dir, sizeof(dir), "%s/%s", s->root, s->items[i].dir);
		if (!rdoc_is_dir(dir))
			continue;
		r = rdoc_run_new(s);
		if (r == NULL)
			return rdoc_fail(-ENOMEM, err, err_len, "out of memory");
		rc = rdoc_run_read(r, dir, s->items[i].dir, err, err_len);
		s->nb_runs++;
		if (rc < 0)
			return rc;
		r->item = &s->items[i];
		if (r->size_b < 0)
			r->size_b = s->items[i].size_b;
	}
	return 0;
}

int
rdoc_set_read(const char *path, struct rdoc_set *s, char *err,
	      size_t err_len)
{
	char cj[4200];
	int rc;

	memset(s, 0, sizeof(*s));
	if (!rdoc_is_dir(path))
		return rdoc_fail(-EINVAL, err, err_len,
				 "%s: not a directory", path);
	snprintf(s->root, sizeof(s->root), "%s", path);
	snprintf(cj, sizeof(cj), "%s/campaign.json", path);
	if (rdoc_is_file(cj))
		rc = rdoc_campaign_read(s, err, err_len);
	else
		rc = rdoc_walk(s, path, ".", 0, err, err_len);
	if (rc == 0 && s->nb_runs == 0 && s->campaign == NULL)
		rc = rdoc_fail(-EINVAL, err, err_len,
			       "%s: no run.json in it or in its subdirectories "
			       "(not a dutperf results directory)", path);
	if (rc < 0)
		rdoc_set_free(s);
	return rc;
}

void
rdoc_set_free(struct rdoc_set *s)
{
	size_t i;

	for (i = 0; i < s->nb_runs; i++)
		rdoc_run_free(&s->runs[i]);
	free(s->runs);
	free(s->items);
	json_decref(s->campaign);
	memset(s, 0, sizeof(*s));
}

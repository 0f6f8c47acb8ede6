/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dut_run: running an observation (dut.h) through the command runner
 * (command.h: /bin/sh -c in a process group of its own, [commands]
 * timeout_s), its output written into its file as it comes and cut at
 * [dut] max_output_kb; a during observation in a thread of its own,
 * stopped with SIGINT, then SIGKILL.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dutperf/dut.h"

static uint64_t
dut_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static int
dut_open(const char *path, char *err, size_t err_len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		snprintf(err, err_len, "%s: cannot create: %s", path,
			 strerror(errno));
	return fd < 0 ? -errno : fd;
}

/* The note at the end of a cut output file. */
static void
dut_note_cut(int fd, const struct dut_plan *p)
{
	char note[96];
	int n = snprintf(note, sizeof(note), "\n[dutperf: output cut at %zu "
			 "KiB ([dut] max_output_kb)]\n", p->max_output_b / 1024);

	if (write(fd, note, (size_t)n) < 0)
		return;		/* the file's error shows at its close */
}

/* What the command's end means for the observation: cap->ok, cap->error. */
static void
dut_judge(const struct dut_plan *p, const struct dut_obs *o,
	  const struct command_opts *opts, const struct command_result *r,
	  bool during, struct dut_capture *cap)
{
	char what[64];

	cap->truncated = r->echo_cut;
	cap->written_b = r->echoed_b;
	cap->end_ns = cap->start_ns + r->elapsed_ns;
	(void)p;
	/* a during observation ends when the trial does: stopped is its end */
	if (during && r->end == COMMAND_STOPPED) {
		cap->ok = true;
		return;
	}
	snprintf(what, sizeof(what), "[dut] obs%u (%s)", o->slot, o->name);
	cap->ok = command_check(what, o->cmd, opts, "[commands] timeout_s", r,
				cap->error, sizeof(cap->error)) == 0;
	if (cap->ok && during) {
		cap->ok = false;
		snprintf(cap->error, sizeof(cap->error), "[dut] obs%u (%s) = "
			 "\"%s\": ended (exit status 0) before the trial did",
			 o->slot, o->name, o->cmd);
	}
}

/* Read back what the file holds (at most max_b) for a parser. */
static int
dut_read_back(const char *path, size_t max_b, char **text, size_t *len,
	      char *err, size_t err_len)
{
	char *buf = malloc(max_b + 1);
	ssize_t n;
	size_t got = 0;
	int fd, rc = 0;

	if (buf == NULL) {
		snprintf(err, err_len, "no memory for %zu bytes of output", max_b);
		return -ENOMEM;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		snprintf(err, err_len, "%s: cannot read back: %s", path,
			 strerror(errno));
		free(buf);
		return rc;
	}
	while (got < max_b && (n = read(fd, buf + got, max_b - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';
	*text = buf;
	*len = got;
	return 0;
}

int
dut_run_snapshot(const struct dut_plan *p, const struct dut_obs *o,
		 const char *path, const volatile sig_atomic_t *stop,
		 struct dut_capture *cap, char **text, size_t *text_len,
		 char *err, size_t err_len)
{
	struct command_result *r;
	struct command_opts opts;
	int fd, rc;

	memset(cap, 0, sizeof(*cap));
	if (text != NULL)
		*text = NULL;
	fd = dut_open(path, err, err_len);
	if (fd < 0)
		return fd;
	r = malloc(sizeof(*r));
	if (r == NULL) {
		close(fd);
		snprintf(err, err_len, "no memory");
		return -ENOMEM;
	}
	command_opts_init(&opts);
	opts.timeout_ms = p->timeout_s * 1000;
	opts.stop = stop;
	opts.echo_fd = fd;
	opts.echo_max_b = p->max_output_b;
	cap->start_ns = dut_now_ns();
	rc = command_run(o->cmd, &opts, r);
	if (rc != 0 && r->end != COMMAND_NOT_RUN)
		r->end = COMMAND_NOT_RUN;
	dut_judge(p, o, &opts, r, false, cap);
	cap->end_ns = dut_now_ns();
	if (cap->truncated)
		dut_note_cut(fd, p);
	free(r);
	if (close(fd) != 0) {
		rc = -errno;
		snprintf(err, err_len, "%s: cannot write: %s", path,
			 strerror(errno));
		return rc;
	}
	if (text == NULL || !cap->ok)
		return 0;
	rc = dut_read_back(path, (size_t)cap->written_b, text, text_len, err,
			   err_len);
	/* a cut output ends in a cut line: "Name 12" of "Name 1234" would
	 * read as a counter; up to its last whole line only */
	while (rc == 0 && cap->truncated && *text_len > 0 &&
	       (*text)[*text_len - 1] != '\n')
		(*text)[--*text_len] = '\0';
	return rc;
}

struct dut_during {
	pthread_t thread;
	const struct dut_plan *p;
	struct dut_obs o;
	struct command_opts opts;
	struct command_result r;
	volatile sig_atomic_t stop;
	int fd;
	uint64_t start_ns;
};

static void *
dut_during_main(void *arg)
{
	struct dut_during *d = arg;

	if (command_run(d->o.cmd, &d->opts, &d->r) != 0)
		d->r.end = COMMAND_NOT_RUN;
	return NULL;
}

int
dut_during_start(const struct dut_plan *p, const struct dut_obs *o,
		 const char *path, uint32_t limit_s, struct dut_during **dp,
		 char *err, size_t err_len)
{
	struct dut_during *d = calloc(1, sizeof(*d));
	sigset_t sigs, old;
	int rc;

	if (d == NULL) {
		snprintf(err, err_len, "no memory");
		return -ENOMEM;
	}
	d->fd = dut_open(path, err, err_len);
	if (d->fd < 0) {
		rc = d->fd;
		free(d);
		return rc;
	}
	d->p = p;
	d->o = *o;
	command_opts_init(&d->opts);
	d->opts.timeout_ms = limit_s * 1000;
	d->opts.stop = &d->stop;
	d->opts.echo_fd = d->fd;
	d->opts.echo_max_b = p->max_output_b;
	d->opts.stop_sig = SIGINT;
	d->opts.grace_ms = DUT_DURING_GRACE_MS;
	d->start_ns = dut_now_ns();
	/* Ctrl-C is the main thread's business */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &sigs, &old);
	rc = pthread_create(&d->thread, NULL, dut_during_main, d);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		snprintf(err, err_len, "[dut] obs%u (%s): no thread: %s", o->slot,
			 o->name, strerror(rc));
		close(d->fd);
		free(d);
		return -rc;
	}
	*dp = d;
	return 0;
}

void
dut_during_stop(struct dut_during *d, struct dut_capture *cap)
{
	memset(cap, 0, sizeof(*cap));
	d->stop = 1;
	pthread_join(d->thread, NULL);
	cap->start_ns = d->start_ns;
	dut_judge(d->p, &d->o, &d->opts, &d->r, true, cap);
	if (cap->truncated)
		dut_note_cut(d->fd, d->p);
	if (close(d->fd) != 0 && cap->ok) {
		cap->ok = false;
		snprintf(cap->error, sizeof(cap->error), "[dut] obs%u (%s): "
			 "cannot write its output: %s", d->o.slot, d->o.name,
			 strerror(errno));
	}
	free(d);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * imix: RFC 6985 IMIX genomes (imix.h; docs/frames.md, "Mixed sizes").
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "dutperf/imix.h"

/* RFC 6985's letters for the usual fixed sizes (RFC 2544 9.1's 64..1518,
 * with 1280, the IPv6 minimum MTU). */
static const uint32_t imix_std_b['g' - 'a' + 1] = {
	64, 128, 256, 512, 1024, 1280, 1518
};

const struct imix_preset imix_presets[] = {
	/* FD.io CSIT's IMIX: 64, 570 and 1518 B in 7:4:1 (CSIT reports every
	 * test at 64 B, IMIX and 1518 B).  CSIT sends them as three streams
	 * at rates 7:4:1 and fixes no order; this genome writes the 12 frames
	 * of one pass in size order, 570 B as the custom letter x. */
	{ "csit", "aaaaaaaxxxxg:x=570",
	  "FD.io CSIT IMIX: 64/570/1518 B in 7:4:1" },
	{ NULL, NULL, NULL }
};

static int
imix_err(struct imix *m, char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	memset(m, 0, sizeof(*m));
	if (err != NULL && err_len > 0) {
		va_start(ap, fmt);
		vsnprintf(err, err_len, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static bool
imix_std(char l)
{
	return l >= 'a' && l <= 'g';
}

/* One "x=SIZE" definition of text at p (up to end) into def_b. */
static int
imix_def(struct imix *m, const char *p, const char *end, uint32_t *def_b,
	 uint32_t min_b, uint32_t max_b, char *err, size_t err_len)
{
	int len = (int)(end - p);
	uint32_t v = 0;
	const char *q;
	char l = p[0];

	if (len < 3 || l < 'a' || l > 'z' || p[1] != '=')
		return imix_err(m, err, err_len,
				"\"%.*s\": a custom size is LETTER=BYTES (x=570)",
				len, p);
	if (imix_std(l))
		return imix_err(m, err, err_len,
				"\"%.*s\": %c is RFC 6985's %u bytes; a custom size takes one of the letters h..z",
				len, p, l, imix_std_b[l - 'a']);
	if (def_b[l - 'a'] != 0)
		return imix_err(m, err, err_len, "%c defined twice", l);
	if (len > 2 + 5 || p[2] == '0')
		return imix_err(m, err, err_len, "\"%.*s\": not a size in bytes",
				len, p);
	for (q = p + 2; q < end; q++) {
		if (*q < '0' || *q > '9')
			return imix_err(m, err, err_len,
					"\"%.*s\": not a size in bytes", len, p);
		v = v * 10 + (uint32_t)(*q - '0');
	}
	if (v < min_b || v > max_b)
		return imix_err(m, err, err_len,
				"%c=%u: outside %u..%u bytes", l, v, min_b, max_b);
	def_b[l - 'a'] = v;
	return 0;
}

/* Index of size v in m, added when new. */
static int
imix_size_index(struct imix *m, uint32_t v, char l, char *err, size_t err_len)
{
	unsigned int k;

	for (k = 0; k < m->nb_sizes; k++)
		if (m->size_b[k] == v)
			return (int)k;
	if (m->nb_sizes == IMIX_MAX_SIZES)
		return imix_err(m, err, err_len,
				"more than %d distinct sizes", IMIX_MAX_SIZES);
	m->letter[m->nb_sizes] = l;
	m->size_b[m->nb_sizes] = v;
	return m->nb_sizes++;
}

int
imix_parse(struct imix *m, const char *text, uint32_t min_b, uint32_t max_b,
	   char *err, size_t err_len)
{
	uint32_t def_b[26] = { 0 };
	bool used[26] = { false };
	const char *genome = text, *p, *colon;
	size_t seq_len, off;
	unsigned int i;
	int k;

	memset(m, 0, sizeof(*m));
	for (i = 0; imix_presets[i].name != NULL; i++)
		if (strcmp(text, imix_presets[i].name) == 0)
			genome = imix_presets[i].genome;
	if (strlen(text) >= IMIX_TEXT_MAX)
		return imix_err(m, err, err_len, "longer than %d characters",
				IMIX_TEXT_MAX - 1);
	colon = strchr(genome, ':');
	seq_len = colon != NULL ? (size_t)(colon - genome) : strlen(genome);
	if (seq_len == 0)
		return imix_err(m, err, err_len,
				"no sequence: a genome is letters a..z, one a frame (RFC 6985), or a preset (csit)");
	if (seq_len > IMIX_MAX_LEN)
		return imix_err(m, err, err_len,
				"a sequence of %zu letters: at most %d", seq_len,
				IMIX_MAX_LEN);
	for (p = genome; p < genome + seq_len; p++)
		if (*p < 'a' || *p > 'z')
			return imix_err(m, err, err_len,
					"'%c' at %zu: a genome is lowercase letters, one a frame (a=64 b=128 c=256 d=512 e=1024 f=1280 g=1518; others defined as x=BYTES after a colon)",
					*p, (size_t)(p - genome) + 1);
	/* the custom sizes after the sequence */
	for (p = colon; p != NULL; p = colon) {
		const char *end;

		p++;
		colon = strchr(p, ':');
		end = colon != NULL ? colon : p + strlen(p);
		if (imix_def(m, p, end, def_b, min_b, max_b, err, err_len) != 0)
			return -EINVAL;
	}
	for (i = 0; i < seq_len; i++) {
		char l = genome[i];
		uint32_t v = imix_std(l) ? imix_std_b[l - 'a'] : def_b[l - 'a'];

		if (v == 0)
			return imix_err(m, err, err_len,
					"%c has no size: RFC 6985 names a..g; define others after a colon (%.*s:%c=BYTES)",
					l, (int)seq_len, genome, l);
		if (v < min_b || v > max_b)
			return imix_err(m, err, err_len,
					"%c (%u bytes): outside %u..%u bytes", l,
					v, min_b, max_b);
		k = imix_size_index(m, v, l, err, err_len);
		if (k < 0)
			return k;
		m->seq[i] = (uint8_t)k;
		used[l - 'a'] = true;
	}
	for (i = 0; i < 26; i++)
		if (def_b[i] != 0 && !used[i])
			return imix_err(m, err, err_len,
					"%c=%u is defined but not in the sequence",
					(char)('a' + i), def_b[i]);
	m->len = (uint8_t)seq_len;
	/* written out: the sequence, then the custom sizes in letter order */
	off = (size_t)snprintf(m->genome, sizeof(m->genome), "%.*s",
			       (int)seq_len, genome);
	for (i = 0; i < 26; i++)
		if (def_b[i] != 0 && off < sizeof(m->genome))
			off += (size_t)snprintf(m->genome + off,
						sizeof(m->genome) - off,
						":%c=%u", (char)('a' + i),
						def_b[i]);
	if (off >= sizeof(m->genome))
		return imix_err(m, err, err_len, "longer than %d characters",
				IMIX_TEXT_MAX - 1);
	snprintf(m->name, sizeof(m->name), "%s", text);
	return 0;
}

uint64_t
imix_pass_b(const struct imix *m)
{
	uint64_t sum = 0;
	unsigned int i;

	for (i = 0; i < m->len; i++)
		sum += m->size_b[m->seq[i]];
	return sum;
}

double
imix_mean_l2_b(const struct imix *m)
{
	return m->len ? (double)imix_pass_b(m) / m->len : 0;
}

double
imix_mean_l1_b(const struct imix *m)
{
	return m->len ? imix_mean_l2_b(m) + IMIX_L1_EXTRA_B : 0;
}

uint32_t
imix_mean_round_b(const struct imix *m)
{
	return m->len ? (uint32_t)((imix_pass_b(m) * 2 + m->len) /
				   (2u * m->len)) : 0;
}

uint64_t
imix_line_rate_fps(const struct imix *m, uint32_t speed_mbps)
{
	uint64_t wire = imix_pass_b(m) + (uint64_t)IMIX_L1_EXTRA_B * m->len;

	if (m->len == 0)
		return 0;
	return (uint64_t)speed_mbps * 1000000ULL * m->len / (wire * 8);
}

uint64_t
imix_count(const struct imix *m, uint64_t frames, uint64_t *frames_out,
	   uint64_t *bytes_out)
{
	uint64_t per[IMIX_MAX_SIZES] = { 0 }, passes, total = 0;
	unsigned int i, rest;

	if (m->len == 0)
		return 0;
	passes = frames / m->len;
	rest = (unsigned int)(frames % m->len);
	for (i = 0; i < m->len; i++)
		per[m->seq[i]] += passes + (i < rest);
	for (i = 0; i < m->nb_sizes; i++) {
		if (frames_out != NULL)
			frames_out[i] = per[i];
		if (bytes_out != NULL)
			bytes_out[i] = per[i] * m->size_b[i];
		total += per[i] * m->size_b[i];
	}
	return total;
}

uint32_t
imix_max_b(const struct imix *m)
{
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < m->nb_sizes; i++)
		if (m->size_b[i] > v)
			v = m->size_b[i];
	return v;
}

uint32_t
imix_min_b(const struct imix *m)
{
	uint32_t v = UINT32_MAX;
	unsigned int i;

	for (i = 0; i < m->nb_sizes; i++)
		if (m->size_b[i] < v)
			v = m->size_b[i];
	return m->nb_sizes ? v : 0;
}

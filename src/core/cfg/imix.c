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

/* RFC 6985 4's letters: RFC 2544 9.1's sizes with 1280 (f), the jumbo
 * sizes h, i, j; z is the MTU (the caller's). */
static const uint32_t imix_std_b[26] = {
	['a' - 'a'] = 64, ['b' - 'a'] = 128, ['c' - 'a'] = 256,
	['d' - 'a'] = 512, ['e' - 'a'] = 1024, ['f' - 'a'] = 1280,
	['g' - 'a'] = 1518, ['h' - 'a'] = 2112, ['i' - 'a'] = 9000,
	['j' - 'a'] = 16000,
};

/* The sizes before RFC 6985 4's jumbo letters: a custom size was h..z. */
#define IMIX_OLD_STD 'g'

#define IMIX_PRE "IMIX - "
#define IMIX_PRE_CUSTOM "CUSTOM IMIX - "
#define IMIX_PRE_PROP "IMIX TABLE OF PROPORTIONS - "
#define IMIX_PROP "proportions:"
#define IMIX_RANDOM "random:"

const struct imix_preset imix_presets[] = {
	/* FD.io CSIT's IMIX: 64, 570 and 1518 B in 7:4:1 (CSIT reports every
	 * test at 64 B, IMIX and 1518 B).  CSIT sends them as three streams
	 * at rates 7:4:1 and fixes no order; this genome writes the 12 frames
	 * of one pass in size order, a custom IMIX (RFC 6985 5: 570 B has no
	 * letter of its own) whose letters A and G keep RFC 6985 4's sizes. */
	{ "csit", "AAAAAAAXXXXG", "A:64 G:1518 X:570",
	  "FD.io CSIT IMIX: 64/570/1518 B in 7:4:1" },
	{ NULL, NULL, NULL, NULL }
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
imix_lower(char l)
{
	return l >= 'a' && l <= 'z';
}

static bool
imix_upper(char l)
{
	return l >= 'A' && l <= 'Z';
}

/* A decimal of at most digits digits at *p (no leading zero), *p moved
 * past it; false when none or malformed. */
static bool
imix_num(const char **p, unsigned int digits, uint32_t *out)
{
	const char *q = *p;
	uint32_t v = 0;

	if (*q < '1' || *q > '9')
		return false;
	for (; *q >= '0' && *q <= '9'; q++) {
		if ((unsigned int)(q - *p) == digits)
			return false;
		v = v * 10 + (uint32_t)(*q - '0');
	}
	*out = v;
	*p = q;
	return true;
}

int
imix_sizes_parse(const char *text, uint32_t size_b[26], uint32_t min_b,
		 uint32_t max_b, char *err, size_t err_len)
{
	const char *p = text != NULL ? text : "", *tok;
	struct imix dummy;
	uint32_t v;
	char l;

	memset(size_b, 0, 26 * sizeof(size_b[0]));
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (*p == '\0')
			return 0;
		tok = p;
		l = *p++;
		if (imix_lower(l))
			return imix_err(&dummy, err, err_len,
					"\"%c:\": custom letters are upper-case (RFC 6985 5: A..Z); %c is RFC 6985 4's fixed letter",
					l, l);
		if (!imix_upper(l) || (*p != ':' && *p != '='))
			return imix_err(&dummy, err, err_len,
					"\"%.*s\": a custom size is LETTER:BYTES (A:570)",
					(int)strcspn(tok, " \t,"), tok);
		p++;
		if (!imix_num(&p, 5, &v) ||
		    (*p != '\0' && *p != ' ' && *p != '\t' && *p != ','))
			return imix_err(&dummy, err, err_len,
					"\"%.*s\": not a size in bytes",
					(int)strcspn(tok, " \t,"), tok);
		if (size_b[l - 'A'] != 0)
			return imix_err(&dummy, err, err_len, "%c given twice",
					l);
		if (v < min_b || v > max_b)
			return imix_err(&dummy, err, err_len,
					"%c:%u: outside %u..%u bytes", l, v,
					min_b, max_b);
		size_b[l - 'A'] = v;
	}
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

/*
 * The form before RFC 6985's spelling ("aaaaaaaxxxxg:x=570": custom
 * lower-case letters defined after colons), refused with its RFC 6985 5
 * spelling: every letter upper-case, each with its size.
 */
static int
imix_old_form(struct imix *m, const char *genome, char *err, size_t err_len)
{
	const char *colon = strchr(genome, ':'), *p;
	uint32_t def_b[26] = { 0 }, v;
	char seq[IMIX_TEXT_MAX], table[IMIX_TEXT_MAX];
	size_t n = 0, t = 0;
	unsigned int i;

	for (p = colon; p != NULL; p = strchr(p, ':')) {
		const char *q = ++p + 2;

		if (imix_lower(p[0]) && p[0] > IMIX_OLD_STD && p[1] == '=' &&
		    imix_num(&q, 5, &v))
			def_b[p[0] - 'a'] = v;
	}
	for (p = genome; p < colon && n + 1 < sizeof(seq); p++) {
		if (!imix_lower(*p))
			break;
		seq[n++] = (char)(*p - 'a' + 'A');
	}
	seq[n] = '\0';
	table[0] = '\0';
	for (i = 0; i < 26; i++) {
		v = i <= (unsigned int)(IMIX_OLD_STD - 'a') ? imix_std_b[i] :
		    def_b[i];
		if (v == 0 || memchr(genome, 'a' + (int)i, (size_t)(colon - genome)) == NULL)
			continue;
		t += (size_t)snprintf(table + t, t < sizeof(table) ?
				      sizeof(table) - t : 0, "%s%c:%u",
				      t ? " " : "", 'A' + i, v);
		if (t >= sizeof(table))
			break;
	}
	return imix_err(m, err, err_len,
			"custom letters after a colon are not RFC 6985's spelling: write %s with the sizes %s (imix_sizes; RFC 6985 5: \"" IMIX_PRE_CUSTOM "%s\")",
			seq, table, seq);
}

/* Size of letter l (at position at of the genome) into *v. */
static int
imix_letter_b(struct imix *m, char l, size_t at, const uint32_t custom_b[26],
	      const char *sizes, const struct imix_env *env, uint32_t *v,
	      char *err, size_t err_len)
{
	if (imix_upper(l)) {
		*v = custom_b[l - 'A'];
		if (*v == 0)
			return imix_err(m, err, err_len,
					"%c has no size: a custom letter's size comes from imix_sizes (\"%s\" gives none: %c:BYTES; RFC 6985 5)",
					l, sizes, l);
		return 0;
	}
	if (l == 'z') {
		*v = env->mtu_b;
		if (*v == IMIX_NO_MTU)
			return imix_err(m, err, err_len,
					"z is the MTU (RFC 6985 4): give its frame size in [traffic] mtu_b");
		return 0;
	}
	*v = imix_std_b[l - 'a'];
	if (*v == 0)
		return imix_err(m, err, err_len,
				"'%c' at %zu: not an RFC 6985 letter (a..j, z); a custom size is an upper-case letter with its size in imix_sizes (%c:BYTES; RFC 6985 5)",
				l, at + 1, (char)(l - 'a' + 'A'));
	return 0;
}

static int
imix_genome(struct imix *m, const char *text, const struct imix_env *env,
	    char *err, size_t err_len)
{
	uint32_t custom_b[26] = { 0 }, count, v;
	const char *genome = text, *sizes = env->sizes, *p;
	bool used[26] = { false }, counted = false;
	size_t glen, off, at;
	int custom = -1, want = -1, k, rc;
	unsigned int i;
	char l;

	memset(m, 0, sizeof(*m));
	for (i = 0; imix_presets[i].name != NULL; i++)
		if (strcmp(text, imix_presets[i].name) == 0) {
			genome = imix_presets[i].genome;
			sizes = imix_presets[i].sizes;
		}
	if (sizes == NULL)
		sizes = "";
	if (strlen(text) >= IMIX_TEXT_MAX)
		return imix_err(m, err, err_len, "longer than %d characters",
				IMIX_TEXT_MAX - 1);
	if (strchr(genome, ':') != NULL)
		return imix_old_form(m, genome, err, err_len);
	if (strncmp(genome, IMIX_PRE, strlen(IMIX_PRE)) == 0) {
		genome += strlen(IMIX_PRE);
		want = 0;
	} else if (strncmp(genome, IMIX_PRE_CUSTOM,
			   strlen(IMIX_PRE_CUSTOM)) == 0) {
		genome += strlen(IMIX_PRE_CUSTOM);
		want = 1;
	}
	if (*genome == '\0')
		return imix_err(m, err, err_len,
				"no sequence: a genome is letters, one a frame (RFC 6985 4: a..j, z; 5: custom A..Z), or a preset (csit)");
	if (imix_sizes_parse(sizes, custom_b, 0, UINT32_MAX, err, err_len) != 0)
		return imix_err(m, NULL, 0, "");
	/* groups: [COUNT]LETTERS, a comma between two optional (RFC 6985
	 * 6.1: the count of repeats of a short sequence) */
	for (p = genome; *p != '\0';) {
		const char *g = p;
		size_t from = m->len;

		count = 1;
		if (*p >= '0' && *p <= '9') {
			if (!imix_num(&p, 3, &count) || count > IMIX_MAX_LEN)
				return imix_err(m, err, err_len,
						"\"%.*s\" at %zu: a count of repeats is 1..%d (RFC 6985 6.1: 20abcd)",
						(int)strspn(g, "0123456789"), g,
						(size_t)(g - genome) + 1,
						IMIX_MAX_LEN);
			counted = counted || count > 1;
		}
		if (!imix_lower(*p) && !imix_upper(*p))
			return imix_err(m, err, err_len,
					"'%c' at %zu: a genome is letters, one a frame (a=64 b=128 c=256 d=512 e=1024 f=1280 g=1518 h=2112 i=9000 j=16000 z=MTU; custom A..Z with imix_sizes), a count of repeats before a group (RFC 6985 6.1)",
					*p ? *p : ' ', (size_t)(p - genome) + 1);
		for (; imix_lower(*p) || imix_upper(*p); p++) {
			at = (size_t)(p - genome);
			l = *p;
			if (custom < 0)
				custom = imix_upper(l);
			if (custom != imix_upper(l) ||
			    (want >= 0 && want != custom))
				return imix_err(m, err, err_len,
						"'%c' at %zu: a genome is lower-case letters (RFC 6985 4: \"" IMIX_PRE "aaafg\") or upper-case ones (a custom IMIX, RFC 6985 5: \"" IMIX_PRE_CUSTOM "AAAGG\"), not both",
						l, at + 1);
			rc = imix_letter_b(m, l, at, custom_b, sizes, env, &v,
					   err, err_len);
			if (rc != 0)
				return rc;
			if (v < env->min_b || v > env->max_b)
				return imix_err(m, err, err_len,
						"%c (%u bytes): outside %u..%u bytes",
						l, v, env->min_b, env->max_b);
			k = imix_size_index(m, v, l, err, err_len);
			if (k < 0)
				return k;
			if (m->len == IMIX_MAX_LEN)
				return imix_err(m, err, err_len,
						"more than %d frames in one pass",
						IMIX_MAX_LEN);
			m->seq[m->len++] = (uint8_t)k;
			used[imix_upper(l) ? l - 'A' : l - 'a'] = true;
		}
		/* the group's repeats */
		glen = m->len - from;
		for (i = 1; i < count; i++) {
			size_t n = glen;

			if (m->len + n > IMIX_MAX_LEN)
				return imix_err(m, err, err_len,
						"more than %d frames in one pass",
						IMIX_MAX_LEN);
			memcpy(m->seq + m->len, m->seq + from, n);
			m->len = (uint8_t)(m->len + n);
		}
		if (*p == ',' && p[1] != '\0')
			p++;
	}
	m->custom = custom == 1;
	/* written out: the prefix, each group (its count when any group
	 * repeats), then the table */
	off = (size_t)snprintf(m->genome, sizeof(m->genome), "%s",
			       m->custom ? IMIX_PRE_CUSTOM : IMIX_PRE);
	for (p = genome; *p != '\0' && off < sizeof(m->genome);) {
		count = 1;
		if (*p >= '0' && *p <= '9')
			imix_num(&p, 3, &count);
		glen = strspn(p, "abcdefghijklmnopqrstuvwxyz"
			      "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
		if (counted)
			off += (size_t)snprintf(m->genome + off,
						sizeof(m->genome) - off, "%u",
						count);
		if (off < sizeof(m->genome))
			off += (size_t)snprintf(m->genome + off,
						sizeof(m->genome) - off,
						"%.*s", (int)glen, p);
		p += glen;
		if (*p == ',')
			p++;
	}
	for (i = 0, off = 0; i < 26 && off < sizeof(m->table); i++) {
		if (!used[i])
			continue;
		if (m->custom)
			v = custom_b[i];
		else if (i == 'z' - 'a')
			v = env->mtu_b;
		else
			continue;
		off += (size_t)snprintf(m->table + off, sizeof(m->table) - off,
					"%s%c:%u", off ? " " : "",
					(m->custom ? 'A' : 'a') + (int)i, v);
	}
	snprintf(m->name, sizeof(m->name), "%s", text);
	return 0;
}


static uint32_t
imix_gcd(uint32_t a, uint32_t b)
{
	while (b != 0) {
		uint32_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/*
 * RFC 6985 6.2: a table of proportions, "SIZE:PERCENT" entries (frame
 * sizes with FCS, as the letters' sizes) between commas, blanks or '+'
 * (one word, for a campaign's sizes list, which splits at the others), the
 * percentages adding up to 100.  The percentages reduced by their gcd
 * give the frames of each size in one pass (23/67/10: 100 frames); the
 * pass is laid out by smooth weighted round-robin: before each frame
 * every size's credit grows by its weight, the size with the most credit
 * (the earlier entry on a tie) is sent and its credit drops by the total,
 * so every prefix of the pass holds each size within one frame of its
 * proportion.
 */
static int
imix_proportions(struct imix *m, const char *text, const char *table,
		 const struct imix_env *env, char *err, size_t err_len)
{
	uint32_t size_b[IMIX_MAX_SIZES], pct[IMIX_MAX_SIZES], g = 0, sum = 0;
	int64_t credit[IMIX_MAX_SIZES] = { 0 };
	const char *p = table, *tok;
	unsigned int n = 0, i, j, best;
	uint32_t total;
	size_t off;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == ',' || *p == '+')
			p++;
		if (*p == '\0')
			break;
		tok = p;
		if (n == IMIX_MAX_SIZES)
			return imix_err(m, err, err_len,
					"more than %d sizes in the table of proportions",
					IMIX_MAX_SIZES);
		if (!imix_num(&p, 5, &size_b[n]) || *p++ != ':' ||
		    !imix_num(&p, 3, &pct[n]) ||
		    (*p != '\0' && *p != ' ' && *p != '\t' && *p != ',' &&
		     *p != '+'))
			return imix_err(m, err, err_len,
					"\"%.*s\": a table of proportions is FRAME_BYTES:PERCENT entries (RFC 6985 6.2: \"" IMIX_PROP "82:23,146:67,1018:10\")",
					(int)strcspn(tok, " \t,+"), tok);
		if (size_b[n] < env->min_b || size_b[n] > env->max_b)
			return imix_err(m, err, err_len,
					"%u bytes: outside %u..%u bytes",
					size_b[n], env->min_b, env->max_b);
		for (i = 0; i < n; i++)
			if (size_b[i] == size_b[n])
				return imix_err(m, err, err_len,
						"%u bytes given twice in the table of proportions",
						size_b[n]);
		sum += pct[n];
		g = imix_gcd(g, pct[n]);
		n++;
	}
	if (n == 0)
		return imix_err(m, err, err_len,
				"an empty table of proportions (RFC 6985 6.2: \"" IMIX_PROP "82:23,146:67,1018:10\")");
	if (sum != 100)
		return imix_err(m, err, err_len,
				"the percentages add up to %u, not 100 (RFC 6985 6.2: percentage of total)",
				sum);
	/* percentages adding up to 100: at most 100 frames a pass */
	_Static_assert(100 <= IMIX_MAX_LEN, "a pass of proportions fits");
	total = sum / g;
	for (i = 0; i < n; i++) {
		m->letter[i] = 0;
		m->size_b[i] = size_b[i];
		pct[i] /= g;
	}
	m->nb_sizes = (uint8_t)n;
	for (j = 0; j < total; j++) {
		best = 0;
		for (i = 0; i < n; i++) {
			credit[i] += pct[i];
			if (credit[i] > credit[best])
				best = i;
		}
		credit[best] -= total;
		m->seq[j] = (uint8_t)best;
	}
	m->len = (uint8_t)total;
	off = (size_t)snprintf(m->genome, sizeof(m->genome), "%s",
			       IMIX_PRE_PROP);
	for (i = 0; i < n && off < sizeof(m->genome); i++)
		off += (size_t)snprintf(m->genome + off,
					sizeof(m->genome) - off, "%s%u:%u%%",
					i ? " " : "", size_b[i], pct[i] * g);
	snprintf(m->algo, sizeof(m->algo),
		 "%u frames a pass by smooth weighted round-robin", total);
	snprintf(m->name, sizeof(m->name), "%s", text);
	return 0;
}

/* splitmix64 (Steele, Lea, Flood 2014): one step of the seed's stream */
static uint64_t
imix_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/*
 * RFC 6985 6.5: a pseudorandom sequence of indexes into the table of
 * sizes.  As many whole passes of m's sequence as fit in IMIX_MAX_LEN are
 * shuffled (Fisher-Yates, from the last frame down, j = splitmix64(seed)
 * mod (i + 1)) once here, so each size keeps its exact count a pass and
 * the generator still reads frame k's size as seq[k mod len].
 */
static void
imix_shuffle(struct imix *m, uint64_t seed)
{
	unsigned int passes = IMIX_MAX_LEN / m->len, i, j, n = m->len;
	uint64_t state = seed;
	uint8_t t;

	for (i = 1; i < passes; i++)
		memcpy(m->seq + i * n, m->seq, n);
	m->len = (uint8_t)(n * passes);
	for (i = m->len - 1u; i > 0; i--) {
		j = (unsigned int)(imix_splitmix64(&state) % (i + 1u));
		t = m->seq[i];
		m->seq[i] = m->seq[j];
		m->seq[j] = t;
	}
}

int
imix_parse(struct imix *m, const char *text, const struct imix_env *env,
	   char *err, size_t err_len)
{
	char how[2 * IMIX_TEXT_MAX];
	unsigned int n;
	int rc;

	if (strncmp(text, IMIX_RANDOM, strlen(IMIX_RANDOM)) == 0) {
		/* RFC 6985 6.5 */
		if (strncmp(text + strlen(IMIX_RANDOM), IMIX_RANDOM,
			    strlen(IMIX_RANDOM)) == 0)
			return imix_err(m, err, err_len,
					"random: once, before a genome, a preset or a table of proportions (RFC 6985 6.5)");
		rc = imix_parse(m, text + strlen(IMIX_RANDOM), env, err,
				err_len);
		if (rc != 0)
			return rc;
		n = m->len;
		imix_shuffle(m, env->seed);
		snprintf(how, sizeof(how), "%s%s", m->algo,
			 m->algo[0] ? "; " : "");
		snprintf(m->algo, sizeof(m->algo),
			 "%spseudorandom order of %u passes: Fisher-Yates with splitmix64 from seed 0x%016llx",
			 how, m->len / n, (unsigned long long)env->seed);
		snprintf(m->name, sizeof(m->name), "%s", text);
		return 0;
	}
	if (strncmp(text, IMIX_PROP, strlen(IMIX_PROP)) == 0) {
		memset(m, 0, sizeof(*m));
		if (strlen(text) >= IMIX_TEXT_MAX)
			return imix_err(m, err, err_len,
					"longer than %d characters",
					IMIX_TEXT_MAX - 1);
		return imix_proportions(m, text, text + strlen(IMIX_PROP), env,
					err, err_len);
	}
	return imix_genome(m, text, env, err, err_len);
}

void
imix_note(const struct imix *m, char *buf, size_t len)
{
	const char *sep = m->table[0] && m->algo[0] ? "; " : "";

	if (m->len == 0)
		snprintf(buf, len, "%s", "");
	else if (m->table[0] != '\0' || m->algo[0] != '\0')
		snprintf(buf, len, "%s (%s%s%s)", m->genome, m->table, sep,
			 m->algo);
	else
		snprintf(buf, len, "%s", m->genome);
}

void
imix_label(const char *mix, char *buf, size_t len)
{
	if (strncmp(mix, "IMIX ", 5) == 0 || strncmp(mix, "CUSTOM IMIX ", 12) == 0)
		snprintf(buf, len, "%s", mix);
	else
		snprintf(buf, len, "IMIX %s", mix);
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

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * campaign_keys: the values of the [campaign] keys (tests, sizes,
 * directions, throughput_fps), parsed strictly; cfg_check.c blames the
 * key.  Below cfg_check.c: it calls only the value parsers.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutperf/campaign.h"
#include "dutperf/cfg.h"

static const char *const campaign_names[CAMPAIGN_NB_TESTS] = {
	[CAMPAIGN_THROUGHPUT] = "throughput",
	[CAMPAIGN_MLR] = "mlr",
	[CAMPAIGN_LATENCY] = "latency",
	[CAMPAIGN_PDV] = "pdv",
	[CAMPAIGN_LOSS] = "loss",
	[CAMPAIGN_B2B] = "b2b",
	[CAMPAIGN_RECOVERY] = "recovery",
	[CAMPAIGN_RESET] = "reset",
	[CAMPAIGN_FRATE] = "frate",
	[CAMPAIGN_STATEFUL] = "stateful",
	[CAMPAIGN_CONNRATE] = "connrate",
	[CAMPAIGN_CTTC] = "cttc",
	[CAMPAIGN_TEARDOWN] = "teardown",
};

/* RFC 2544 9.1: the Ethernet sizes of the tests (RFC 5180 5.1.1 lists
 * the same) */
static const uint32_t campaign_rfc2544[] = { 64, 128, 256, 512, 1024, 1280,
					     1518 };
/* dutperf's IPv6 set: RFC 5180 5.1.1's list (64 .. 1518, the same as
 * rfc2544) with 78 in place of 64.  RFC 5180 5.1 says tests should
 * compensate for IPv6's larger minimum packet and names no size; 78 is
 * dutperf's smallest IPv6 frame (14 + 40 + 8 UDP + 12 stamp + 4 FCS). */
static const uint32_t campaign_rfc5180[] = { 78, 128, 256, 512, 1024, 1280,
					     1518 };
/* RFC 8219 5.1.1's list up to 1518 with 84 in place of 64 (its note for
 * the IPv6 -> IPv4 direction of single translation: a size here is the
 * IPv6 frame's, the IPv4 frames 20 B shorter, so 84 sends 84 B IPv6 and
 * 64 B IPv4 frames); 1522 needs a VLAN tag dutperf does not send. */
static const uint32_t campaign_rfc8219[] = { 84, 128, 256, 512, 768, 1024,
					     1280, 1518 };
/* RFC 5180 5.1.1's examples of jumbo sizes, added to rfc2544 and rfc5180
 * with [traffic] jumbo (2048 is 802.3as's limit for tagged frames there,
 * not a jumbo size) */
static const uint32_t campaign_jumbo[] = { 4096, 8192, 9216 };
/* RFC 8219 5.1.1's sizes above 1518 (1522 left out as above) */
static const uint32_t campaign_jumbo8219[] = { 2048, 4096, 8192, 9216 };

#define CAMPAIGN_SEPS " \t,"
/* room for "imix:" and a genome */
#define CAMPAIGN_TOKEN_MAX (8 + IMIX_TEXT_MAX)
#define CAMPAIGN_MIX "imix:"

const char *
campaign_test_name(enum campaign_test t)
{
	return (unsigned)t < CAMPAIGN_NB_TESTS ? campaign_names[t] : "?";
}

bool
campaign_test_needs_tput(enum campaign_test t)
{
	return t == CAMPAIGN_LATENCY || t == CAMPAIGN_PDV || t == CAMPAIGN_LOSS ||
	       t == CAMPAIGN_B2B || t == CAMPAIGN_RECOVERY ||
	       t == CAMPAIGN_FRATE;
}

/* The next token of *p (blank or comma separated) into tok; false at the
 * end.  -EINVAL through *rc for a token too long. */
static bool
campaign_token(const char **p, char *tok, int *rc, char *why, size_t why_len)
{
	size_t n;

	*p += strspn(*p, CAMPAIGN_SEPS);
	if (**p == '\0')
		return false;
	n = strcspn(*p, CAMPAIGN_SEPS);
	if (n >= CAMPAIGN_TOKEN_MAX) {
		*rc = cfg_errf(why, why_len, "item \"%.20s...\" too long", *p);
		return false;
	}
	memcpy(tok, *p, n);
	tok[n] = '\0';
	*p += n;
	return true;
}

int
campaign_parse_tests(const char *s, bool stateful_ok,
		     enum campaign_test out[CAMPAIGN_NB_TESTS], unsigned *nb,
		     char *why, size_t why_len)
{
	bool seen[CAMPAIGN_NB_TESTS] = { false };
	char tok[CAMPAIGN_TOKEN_MAX];
	const char *p = s;
	unsigned t;
	int rc = 0;

	while (campaign_token(&p, tok, &rc, why, why_len)) {
		for (t = 0; t < CAMPAIGN_NB_TESTS; t++)
			if (strcmp(tok, campaign_names[t]) == 0)
				break;
		if (t == CAMPAIGN_NB_TESTS)
			return cfg_errf(why, why_len, "\"%s\": not a test (throughput, "
					"mlr, latency, pdv, loss, b2b, recovery, "
					"reset, frate, stateful, connrate, cttc, "
					"teardown)",
					tok);
		if (t >= CAMPAIGN_STATEFUL && !stateful_ok)
			return cfg_errf(why, why_len, "\"%s\": a stateful test needs "
					"a [stateful] section in the file", tok);
		if (seen[t])
			return cfg_errf(why, why_len, "\"%s\" named twice", tok);
		seen[t] = true;
	}
	if (rc != 0)
		return rc;
	*nb = 0;
	for (t = 0; t < CAMPAIGN_NB_TESTS; t++)
		if (seen[t])
			out[(*nb)++] = (enum campaign_test)t;
	if (*nb == 0)
		return cfg_errf(why, why_len, "no test named");
	return 0;
}

/* Add size v once; -EINVAL when twice or too many. */
static int
campaign_add_size(bool *seen, uint32_t v, char *why, size_t why_len)
{
	if (seen[v])
		return cfg_errf(why, why_len, "size %" PRIu32 " named twice", v);
	seen[v] = true;
	return 0;
}

static int
campaign_add_preset(bool *seen, const uint32_t *v, unsigned n,
		    const uint32_t *jv, unsigned jn, bool jumbo, char *why,
		    size_t why_len)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (campaign_add_size(seen, v[i], why, why_len))
			return -EINVAL;
	for (i = 0; jumbo && i < jn; i++)
		if (campaign_add_size(seen, jv[i], why, why_len))
			return -EINVAL;
	return 0;
}

#define CAMPAIGN_N(a) (unsigned)(sizeof(a) / sizeof(*(a)))

/* Mix "imix:GENOME" tok (GENOME at text) once into out/mix at *nb_mix
 * of nb_mix_max; -EINVAL with why. */
static int
campaign_add_mix(const char *tok, const struct imix_env *env,
		 struct imix *seen, unsigned *nb_mix, uint32_t *out_b,
		 char *out_mix, char *why, size_t why_len)
{
	const char *text = tok + strlen(CAMPAIGN_MIX);
	char r[512];
	unsigned i;

	if (imix_parse(&seen[*nb_mix], text, env, r, sizeof(r)) != 0)
		return cfg_errf(why, why_len, "\"%s\": %s (imix:GENOME: a "
				"preset such as csit, or an RFC 6985 genome "
				"such as aaafg, or AAAAAAAXXXXG with [traffic] "
				"imix_sizes)", tok, r);
	for (i = 0; i < *nb_mix; i++)
		if (strcmp(seen[i].genome, seen[*nb_mix].genome) == 0)
			return cfg_errf(why, why_len, "\"%s\": the mix %s named "
					"twice (genome %s)", tok, seen[i].name,
					seen[i].genome);
	*out_b = imix_mean_round_b(&seen[*nb_mix]);
	snprintf(out_mix, IMIX_TEXT_MAX, "%s", text);
	(*nb_mix)++;
	return 0;
}

int
campaign_parse_sizes(const char *s, unsigned flags,
		     const struct imix_env *env, uint32_t out[CAMPAIGN_MAX_SIZES],
		     char mix[][IMIX_TEXT_MAX], unsigned *nb, char *why,
		     size_t why_len)
{
	bool jumbo = (flags & CAMPAIGN_SIZES_JUMBO) != 0;
	bool tagged = (flags & CAMPAIGN_SIZES_TAGGED) != 0;
	/* RFC 5180 5.1.1: 1522 bytes, "the max length for a VLAN-tagged
	 * frame" */
	uint32_t max = jumbo ? CFG_MAX_JUMBO_B :
		       tagged ? CFG_MAX_TAGGED_FRAME_B : CFG_MAX_FRAME_B;
	struct imix_env e = { .mtu_b = IMIX_NO_MTU };
	uint32_t mix_b[CAMPAIGN_MAX_SIZES];
	char mix_text[CAMPAIGN_MAX_SIZES][IMIX_TEXT_MAX];
	bool *seen = calloc(CFG_MAX_JUMBO_B + 1, sizeof(*seen));
	struct imix *mixes = calloc(CAMPAIGN_MAX_SIZES + 1, sizeof(*mixes));
	char tok[CAMPAIGN_TOKEN_MAX], r[128];
	const char *p = s;
	unsigned i, nb_mix = 0;
	uint64_t v;
	int rc = 0;

	if (seen == NULL || mixes == NULL) {
		free(seen);
		free(mixes);
		return cfg_errf_rc(-ENOMEM, why, why_len, "no memory");
	}
	if (env != NULL)
		e = *env;
	e.min_b = CFG_MIN_FRAME_B;
	e.max_b = max;
	while (rc == 0 && campaign_token(&p, tok, &rc, why, why_len)) {
		if (strcmp(tok, "rfc2544") == 0)
			rc = campaign_add_preset(seen, campaign_rfc2544,
						 CAMPAIGN_N(campaign_rfc2544),
						 campaign_jumbo,
						 CAMPAIGN_N(campaign_jumbo),
						 jumbo, why, why_len);
		else if (strcmp(tok, "rfc5180") == 0 ||
			 strcmp(tok, "rfc8219") == 0) {
			bool r5180 = strcmp(tok, "rfc5180") == 0;

			rc = r5180 ? campaign_add_preset(seen, campaign_rfc5180,
						 CAMPAIGN_N(campaign_rfc5180),
						 campaign_jumbo,
						 CAMPAIGN_N(campaign_jumbo),
						 jumbo, why, why_len) :
			     campaign_add_preset(seen, campaign_rfc8219,
						 CAMPAIGN_N(campaign_rfc8219),
						 campaign_jumbo8219,
						 CAMPAIGN_N(campaign_jumbo8219),
						 jumbo, why, why_len);
			/* RFC 5180 5.1.1, RFC 8219 5.1.1: 1522, tagged */
			if (tagged)
				seen[CFG_MAX_TAGGED_FRAME_B] = true;
		}
		else if (strncmp(tok, CAMPAIGN_MIX, strlen(CAMPAIGN_MIX)) == 0 &&
			 nb_mix == CAMPAIGN_MAX_SIZES)
			rc = cfg_errf(why, why_len, "more than %u sizes",
				      CAMPAIGN_MAX_SIZES);
		else if (strncmp(tok, CAMPAIGN_MIX, strlen(CAMPAIGN_MIX)) == 0)
			rc = campaign_add_mix(tok, &e, mixes, &nb_mix,
					      &mix_b[nb_mix], mix_text[nb_mix],
					      why, why_len);
		else if (cfg_parse_u64(tok, CFG_MIN_FRAME_B, max, &v, r,
				       sizeof(r)) != 0)
			rc = cfg_errf(why, why_len, "\"%s\": %s%s (a frame size, "
				      "rfc2544, rfc5180, rfc8219 or imix:GENOME)", tok, r,
				      jumbo || strspn(tok, "0123456789") !=
				      strlen(tok) ? "" : tagged ? "; above 1522 "
				      "needs [traffic] jumbo = 1" : "; above 1518 "
				      "needs [traffic] jumbo = 1 (1522 with a "
				      "VLAN tag)");
		else
			rc = campaign_add_size(seen, (uint32_t)v, why, why_len);
	}
	*nb = 0;
	for (i = 0; rc == 0 && i <= CFG_MAX_JUMBO_B; i++) {
		if (!seen[i])
			continue;
		if (*nb == CAMPAIGN_MAX_SIZES) {
			rc = cfg_errf(why, why_len, "more than %u sizes",
				      CAMPAIGN_MAX_SIZES);
			break;
		}
		if (mix != NULL)
			mix[*nb][0] = '\0';
		out[(*nb)++] = i;
	}
	/* the mixes after the fixed sizes, as given */
	for (i = 0; rc == 0 && i < nb_mix; i++) {
		if (*nb == CAMPAIGN_MAX_SIZES) {
			rc = cfg_errf(why, why_len, "more than %u sizes",
				      CAMPAIGN_MAX_SIZES);
			break;
		}
		if (mix != NULL)
			snprintf(mix[*nb], IMIX_TEXT_MAX, "%s", mix_text[i]);
		out[(*nb)++] = mix_b[i];
	}
	free(seen);
	free(mixes);
	if (rc == 0 && *nb == 0)
		rc = cfg_errf(why, why_len, "no size named");
	return rc;
}

int
campaign_parse_directions(const char *s, bool *set, enum cfg_direction *out,
			  char *why, size_t why_len)
{
	char tok[CAMPAIGN_TOKEN_MAX];
	const char *p = s;
	bool fwd = false, rev = false;
	int rc = 0;

	while (campaign_token(&p, tok, &rc, why, why_len)) {
		if (strcmp(tok, "forward") == 0)
			fwd = true;
		else if (strcmp(tok, "reverse") == 0)
			rev = true;
		else if (strcmp(tok, "both") == 0)
			fwd = rev = true;
		else
			return cfg_errf(why, why_len, "\"%s\": not a direction "
					"(forward, reverse, both)", tok);
	}
	if (rc != 0)
		return rc;
	*set = fwd || rev;
	*out = fwd && rev ? CFG_DIRECTION_BOTH : fwd ? CFG_DIRECTION_FORWARD :
	       CFG_DIRECTION_REVERSE;
	return 0;
}

int
campaign_parse_throughput(const char *s, const uint32_t *sizes,
			  char mix[][IMIX_TEXT_MAX], unsigned nb_sizes,
			  uint64_t given[CAMPAIGN_MAX_SIZES], char *why,
			  size_t why_len)
{
	char tok[CAMPAIGN_TOKEN_MAX], r[128], *colon;
	const char *p = s;
	bool all = false, pairs = false;
	uint64_t size, fps;
	unsigned i;
	int rc = 0;

	for (i = 0; i < CAMPAIGN_MAX_SIZES; i++)
		given[i] = 0;
	while (campaign_token(&p, tok, &rc, why, why_len)) {
		/* the last colon: imix:GENOME:FPS */
		colon = strrchr(tok, ':');
		if (colon != NULL)
			*colon = '\0';
		if (cfg_parse_u64(colon ? colon + 1 : tok, 1, UINT32_MAX * 16ULL,
				  &fps, r, sizeof(r)) != 0)
			return cfg_errf(why, why_len, "rate \"%s\": %s", colon ?
					colon + 1 : tok, r);
		if (colon == NULL) {
			if (all || pairs)
				return cfg_errf(why, why_len, "one rate for every "
						"size, or SIZE:FPS pairs, not both");
			all = true;
			for (i = 0; i < nb_sizes; i++)
				given[i] = fps;
			continue;
		}
		if (all)
			return cfg_errf(why, why_len, "one rate for every size, "
					"or SIZE:FPS pairs, not both");
		pairs = true;
		if (strncmp(tok, CAMPAIGN_MIX, strlen(CAMPAIGN_MIX)) == 0) {
			for (i = 0; i < nb_sizes && (mix == NULL ||
			     strcmp(mix[i], tok + strlen(CAMPAIGN_MIX)) != 0); i++)
				;
			if (i == nb_sizes)
				return cfg_errf(why, why_len, "%s: not one of "
						"[campaign] sizes", tok);
			if (given[i] != 0)
				return cfg_errf(why, why_len, "%s given twice",
						tok);
			given[i] = fps;
			continue;
		}
		if (cfg_parse_u64(tok, 1, CFG_MAX_JUMBO_B, &size, r, sizeof(r)))
			return cfg_errf(why, why_len, "size \"%s\": %s", tok, r);
		for (i = 0; i < nb_sizes && (sizes[i] != size ||
		     (mix != NULL && mix[i][0] != '\0')); i++)
			;
		if (i == nb_sizes)
			return cfg_errf(why, why_len, "size %" PRIu64 ": not one of "
					"[campaign] sizes", size);
		if (given[i] != 0)
			return cfg_errf(why, why_len, "size %" PRIu64 " given twice",
					size);
		given[i] = fps;
	}
	return rc;
}

/* Was any [stateful] key set (the stateful tests of a campaign)? */
static bool
stateful_configured(const struct cfg *c)
{
	unsigned i;

	for (i = 0; i < cfg_key_count(); i++)
		if (strcmp(cfg_key_at(i)->section, "stateful") == 0 &&
		    c->from.origin[i] != CFG_ORIGIN_DEFAULT)
			return true;
	return false;
}

/* [campaign]: its tests, sizes (each a frame size this configuration
 * can send), directions and given throughputs (campaign.h). */
int
campaign_cfg_check(const struct cfg *c, char *err, size_t err_len)
{
	struct imix_env env;
	enum campaign_test tests[CAMPAIGN_NB_TESTS];
	uint32_t sizes[CAMPAIGN_MAX_SIZES];
	char mix[CAMPAIGN_MAX_SIZES][IMIX_TEXT_MAX], size[IMIX_TEXT_MAX + 16];
	uint64_t given[CAMPAIGN_MAX_SIZES];
	char lead[CFG_PATH_LEN + 600], why[CFG_ERR_LEN];
	enum cfg_direction dir;
	struct cfg *one;
	unsigned nb, nb_sizes, i;
	bool set;
	int rc = 0;

	/* empty: no campaign (mode campaign asks for tests) */
	if (c->camp.tests[0] != '\0' &&
	    campaign_parse_tests(c->camp.tests, stateful_configured(c), tests,
				 &nb, why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s", cfg_key_blame(c,
				"campaign", "tests", lead, sizeof(lead)), why);
	env = cfg_imix_env(c);
	if (campaign_parse_sizes(c->camp.sizes, campaign_sizes_flags(c), &env,
				 sizes, mix, &nb_sizes,
				 why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s", cfg_key_blame(c,
				"campaign", "sizes", lead, sizeof(lead)), why);
	if (campaign_parse_directions(c->camp.directions, &set, &dir, why,
				      sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s", cfg_key_blame(c,
				"campaign", "directions", lead, sizeof(lead)), why);
	if (campaign_parse_throughput(c->camp.throughput, sizes, mix, nb_sizes,
				      given, why, sizeof(why)) != 0)
		return cfg_errf(err, err_len, "%s: %s", cfg_key_blame(c,
				"campaign", "throughput_fps", lead, sizeof(lead)),
				why);
	/* with a campaign: each size as [traffic] frame_size_b would be
	 * (IPv6, translation) */
	if (c->camp.tests[0] == '\0')
		return 0;
	one = malloc(sizeof(*one));
	if (one == NULL)
		return cfg_errf_rc(-ENOMEM, err, err_len, "no memory");
	for (i = 0; rc == 0 && i < nb_sizes; i++) {
		*one = *c;
		one->frame_size_b = sizes[i];
		snprintf(one->imix, sizeof(one->imix), "%s", mix[i]);
		if (mix[i][0] != '\0')
			snprintf(size, sizeof(size), "imix:%s", mix[i]);
		else
			snprintf(size, sizeof(size), "%" PRIu32, sizes[i]);
		if (cfg_check_frame_size(one, why, sizeof(why)) != 0)
			rc = cfg_errf(err, err_len, "%s: size %s cannot be "
				      "sent here: %s", cfg_key_blame(c, "campaign",
				      "sizes", lead, sizeof(lead)), size, why);
	}
	free(one);
	if (rc != 0 && sizes[0] < CFG_MIN_IPV6_FRAME_B && err_len > strlen(err))
		snprintf(err + strlen(err), err_len - strlen(err), " (rfc5180 "
			 "is the IPv6 set, from 78)");
	return rc;
}

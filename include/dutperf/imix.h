/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * imix: mixed frame sizes named as an RFC 6985 IMIX genome
 * (docs/frames.md, "Mixed sizes").  A genome is the exact repeating
 * sequence of sizes, one letter a frame: a 64, b 128, c 256, d 512,
 * e 1024, f 1280, g 1518 (RFC 6985's fixed sizes); any other lowercase
 * letter is a custom size the genome defines after a colon ("aaaaaaaxxxxg:
 * x=570").  A preset name (imix_presets) stands for its genome.  Sizes
 * count the FCS, as frame_size_b does.  DPDK-free.
 */
#ifndef DUTPERF_IMIX_H
#define DUTPERF_IMIX_H

#include <stddef.h>
#include <stdint.h>

#define IMIX_MAX_LEN 64		/* letters in a sequence */
#define IMIX_MAX_SIZES 8	/* distinct sizes in one genome */
#define IMIX_TEXT_MAX 128	/* a genome's text, NUL included */
/* Ethernet preamble + SFD (8 B) and the smallest interframe gap (12 B):
 * what a frame takes on the wire besides itself. */
#define IMIX_L1_EXTRA_B 20

struct imix {
	uint8_t len;			/* letters in the sequence; 0: no mix */
	uint8_t nb_sizes;		/* distinct sizes, in first-use order */
	char letter[IMIX_MAX_SIZES];
	uint32_t size_b[IMIX_MAX_SIZES];
	uint8_t seq[IMIX_MAX_LEN];	/* frame i: size_b[seq[i % len]] */
	char genome[IMIX_TEXT_MAX];	/* written out ("aaaaaaaxxxxg:x=570") */
	char name[IMIX_TEXT_MAX];	/* as given: a preset's name or genome */
};

struct imix_preset {
	const char *name;
	const char *genome;
	const char *source;		/* where the mix comes from */
};

/* The presets, ended by a NULL name. */
extern const struct imix_preset imix_presets[];

/*
 * Parse text (a preset name or a genome) into *m, every size within
 * min_b..max_b.  0, or -EINVAL with err saying what is wrong (the caller
 * names the key and value).  On error *m is zeroed.
 */
int imix_parse(struct imix *m, const char *text, uint32_t min_b,
	       uint32_t max_b, char *err, size_t err_len);

/* Size of frame i of the sequence (i counted from 0, repeating). */
static inline uint32_t
imix_size_at(const struct imix *m, uint64_t i)
{
	return m->size_b[m->seq[i % m->len]];
}

/* Bytes of one pass of the sequence (sizes with FCS). */
uint64_t imix_pass_b(const struct imix *m);

/* Mean frame length over a pass: L2 (with FCS), L1 (+ IMIX_L1_EXTRA_B). */
double imix_mean_l2_b(const struct imix *m);
double imix_mean_l1_b(const struct imix *m);
/* The mean L2 length rounded to the nearest byte (halves up): what
 * rate.csv's Size and trials.csv's frame_size_b hold for a mix. */
uint32_t imix_mean_round_b(const struct imix *m);

/*
 * The line rate of the mix at speed_mbps: the link speed over the mean L1
 * frame length, floor(speed * len / (8 (pass_b + 20 len))) frames/s.
 */
uint64_t imix_line_rate_fps(const struct imix *m, uint32_t speed_mbps);

/*
 * Of the first frames frames of the sequence, how many of each size
 * (frames_out[k] for size_b[k]) and their bytes (bytes_out[k]); either
 * may be NULL.  Returns the bytes of all of them.
 */
uint64_t imix_count(const struct imix *m, uint64_t frames,
		    uint64_t *frames_out, uint64_t *bytes_out);

/* Largest and smallest size of the mix. */
uint32_t imix_max_b(const struct imix *m);
uint32_t imix_min_b(const struct imix *m);

#endif /* DUTPERF_IMIX_H */

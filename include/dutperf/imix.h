/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * imix: mixed frame sizes named as an RFC 6985 IMIX genome
 * (docs/frames.md, "Mixed sizes").  A genome is the exact repeating
 * sequence of sizes, one letter a frame.  RFC 6985 4: lower-case letters
 * a 64, b 128, c 256, d 512, e 1024, f 1280, g 1518, h 2112, i 9000,
 * j 16000 and z the MTU (the caller's mtu_b, reported in the genome's
 * table), written "IMIX - aaafg".  RFC 6985 5: a custom IMIX is all
 * upper-case letters whose sizes a table gives ("A:570 B:9000"), written
 * "CUSTOM IMIX - AAABB" with its table.  RFC 6985 6.1: a group of letters
 * may carry a count of repeats before it ("20abcd5ggga10dcba": the
 * RFC's table of repeating sequences on one line).  A preset name
 * (imix_presets) stands for its genome and table.  RFC 6985 6.2: a table
 * of proportions "proportions:82:23,146:67,1018:10" (frame size:percent)
 * is expanded into the shortest exact sequence by smooth weighted
 * round-robin.  RFC 6985 6.5: "random:" before any of these puts whole
 * passes of the sequence in a pseudorandom order drawn from the seed
 * once, at parse time.  Sizes count the FCS, as frame_size_b does.
 * DPDK-free.
 */
#ifndef DUTPERF_IMIX_H
#define DUTPERF_IMIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IMIX_MAX_LEN 255		/* frames in one pass (repeats expanded) */
#define IMIX_MAX_SIZES 8	/* distinct sizes in one genome */
#define IMIX_TEXT_MAX 128	/* a genome's text, NUL included */
/* a genome in RFC 6985's notation with its table of sizes */
#define IMIX_NOTE_MAX 512
/* RFC 6985 4's z: the MTU's frame size when the caller gives none */
#define IMIX_NO_MTU 0
/* Ethernet preamble + SFD (8 B) and the smallest interframe gap (12 B):
 * what a frame takes on the wire besides itself. */
#define IMIX_L1_EXTRA_B 20

struct imix {
	uint8_t len;			/* letters in the sequence; 0: no mix */
	uint8_t nb_sizes;		/* distinct sizes, in first-use order */
	char letter[IMIX_MAX_SIZES];
	uint32_t size_b[IMIX_MAX_SIZES];
	uint8_t seq[IMIX_MAX_LEN];	/* frame i: size_b[seq[i % len]] */
	bool custom;			/* RFC 6985 5: upper-case letters */
	/* written out in RFC 6985's notation: "IMIX - aaafg",
	 * "CUSTOM IMIX - 7A4XG" (repeats as given, RFC 6985 6.1) */
	char genome[IMIX_TEXT_MAX + 16];
	/* the letters whose size the genome does not fix: a custom IMIX's
	 * letters in letter order, z with the MTU ("A:64 G:1518 X:570",
	 * "z:1518"); "" for none */
	char table[IMIX_TEXT_MAX];
	char name[IMIX_TEXT_MAX];	/* as given: a preset's name or genome */
	/* how the sequence was made when not written letter by letter:
	 * RFC 6985 6.2's table expanded, RFC 6985 6.5's pseudorandom
	 * order with its seed; "" for a genome as written */
	char algo[2 * IMIX_TEXT_MAX];
};

/* What a genome's letters stand for besides RFC 6985 4's fixed sizes. */
struct imix_env {
	const char *sizes;	/* custom letters: "A:570 B:9000" (NULL: none) */
	uint32_t mtu_b;		/* z's frame size; IMIX_NO_MTU: z refused */
	uint32_t min_b, max_b;	/* every size within these */
	uint64_t seed;		/* "random:": the run's [traffic] seed */
};

struct imix_preset {
	const char *name;
	const char *genome;
	const char *sizes;		/* its custom letters' sizes */
	const char *source;		/* where the mix comes from */
};

/* The presets, ended by a NULL name. */
extern const struct imix_preset imix_presets[];

/*
 * Parse text (a preset name or a genome, optionally after "IMIX - " or
 * "CUSTOM IMIX - ") into *m with env's sizes.  0, or -EINVAL with err
 * saying what is wrong (the caller names the key and value); the old
 * custom form "aaaaaaaxxxxg:x=570" is refused with its RFC spelling.  On
 * error *m is zeroed.
 */
int imix_parse(struct imix *m, const char *text, const struct imix_env *env,
	       char *err, size_t err_len);

/*
 * Parse a table of custom sizes ("A:570 B:9000", letters A..Z, blanks or
 * commas between entries) into size_b[letter - 'A'] (0: not given), each
 * within min_b..max_b.  0, or -EINVAL with err.
 */
int imix_sizes_parse(const char *text, uint32_t size_b[26], uint32_t min_b,
		     uint32_t max_b, char *err, size_t err_len);

/* m in RFC 6985's notation with its table: "CUSTOM IMIX - AAAGG (A:64
 * G:1020)", "IMIX - aaz (z:1518)", "IMIX - aaafg", "IMIX TABLE OF
 * PROPORTIONS - 82:23% 146:67% 1018:10% (100 frames a pass by smooth
 * weighted round-robin)"; "" without a mix. */
void imix_note(const struct imix *m, char *buf, size_t len);

/* How a tool shows a mix read from a result file: run.json's imix note
 * (RFC 6985's notation, written since issue 37) as it is; a name from a
 * file written before it ("csit") as "IMIX csit". */
void imix_label(const char *mix, char *buf, size_t len);

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

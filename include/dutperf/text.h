/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * text: small helpers on the text of the files dutperf reads (INI files,
 * siitperf.conf, CSV).  DPDK-free.
 */
#ifndef DUTPERF_TEXT_H
#define DUTPERF_TEXT_H

/*
 * Drop blanks around s in place: spaces and tabs at the start, spaces,
 * tabs, CR and LF at the end (a CRLF line's CR goes with the blanks).
 * A CR at the start stays: it is text, not a blank.  Returns the new
 * start, within s.
 */
char *text_trim(char *s);

#endif /* DUTPERF_TEXT_H */

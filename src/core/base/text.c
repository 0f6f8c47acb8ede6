/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * text: small helpers on the text of the files dutperf reads.  DPDK-free.
 */
#include <string.h>

#include "dutperf/text.h"

char *
text_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
			 e[-1] == '\n'))
		e--;
	*e = '\0';
	return s;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pcap: a tiny writer of classic libpcap files (magic 0xa1b2c3d4 in host
 * order, version 2.4, LINKTYPE_ETHERNET, snaplen 65535, microsecond
 * timestamps).  DPDK-free; for tests and debugging captures.
 *
 * The functions are named pcap_wr_* rather than pcap_open/pcap_close:
 * libpcap (linked by DPDK's pcap PMD) already exports pcap_open and
 * pcap_close, and a second definition would interpose on them.
 */
#ifndef DUTPERF_PCAP_H
#define DUTPERF_PCAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PCAP_WR_SNAPLEN 65535

struct pcap_wr {
	FILE *f;
	uint64_t frames;	/* records written */
};

/* Create path and write the file header.  0 or -errno with err. */
int pcap_wr_open(struct pcap_wr *w, const char *path, char *err, size_t err_len);

/* Append one frame (cut at the snaplen) taken at ts_ns.  0 or -errno. */
int pcap_wr_write(struct pcap_wr *w, const void *frame, size_t len_b,
		  uint64_t ts_ns);

/* Flush and close.  0 or -errno (a write error seen at close). */
int pcap_wr_close(struct pcap_wr *w);

#endif /* DUTPERF_PCAP_H */

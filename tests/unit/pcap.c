/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pcap: classic libpcap capture file writer (the format of
 * pcap-savefile(5)): a 24-byte global header, then per frame a 16-byte
 * record header and the bytes.  Fields are in host order; readers detect
 * it from the magic.
 */
#include <errno.h>
#include <string.h>

#include "dutperf/cfg.h"
#include "pcap.h"

#define PCAP_MAGIC_US 0xa1b2c3d4u
#define PCAP_LINKTYPE_ETHERNET 1

struct pcap_file_hdr {
	uint32_t magic;
	uint16_t version_major;
	uint16_t version_minor;
	int32_t thiszone;
	uint32_t sigfigs;
	uint32_t snaplen;
	uint32_t linktype;
};

struct pcap_rec_hdr {
	uint32_t ts_sec;
	uint32_t ts_usec;
	uint32_t incl_len;
	uint32_t orig_len;
};

int
pcap_wr_open(struct pcap_wr *w, const char *path, char *err, size_t err_len)
{
	struct pcap_file_hdr h = {
		.magic = PCAP_MAGIC_US,
		.version_major = 2,
		.version_minor = 4,
		.snaplen = PCAP_WR_SNAPLEN,
		.linktype = PCAP_LINKTYPE_ETHERNET,
	};
	int rc;

	w->frames = 0;
	w->f = fopen(path, "wb");
	if (!w->f)
		return cfg_errf_rc(-errno, err, err_len, "%s: %s", path,
				   strerror(errno));
	if (fwrite(&h, sizeof(h), 1, w->f) != 1) {
		rc = errno ? -errno : -EIO;
		cfg_errf_rc(rc, err, err_len, "%s: write: %s", path,
			    strerror(-rc));
		fclose(w->f);
		w->f = NULL;
		return rc;
	}
	return 0;
}

int
pcap_wr_write(struct pcap_wr *w, const void *frame, size_t len_b,
	      uint64_t ts_ns)
{
	struct pcap_rec_hdr r;
	size_t incl = len_b > PCAP_WR_SNAPLEN ? PCAP_WR_SNAPLEN : len_b;

	if (!w->f)
		return -EBADF;
	r.ts_sec = (uint32_t)(ts_ns / 1000000000u);
	r.ts_usec = (uint32_t)(ts_ns % 1000000000u / 1000u);
	r.incl_len = (uint32_t)incl;
	r.orig_len = (uint32_t)len_b;
	if (fwrite(&r, sizeof(r), 1, w->f) != 1 ||
	    fwrite(frame, 1, incl, w->f) != incl)
		return -EIO;
	w->frames++;
	return 0;
}

int
pcap_wr_close(struct pcap_wr *w)
{
	int rc = 0;

	if (!w->f)
		return 0;
	if (ferror(w->f))
		rc = -EIO;
	if (fclose(w->f) != 0 && !rc)
		rc = -errno;
	w->f = NULL;
	return rc;
}

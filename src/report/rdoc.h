/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc: the report document of dutperf-report, as one self-contained HTML5
 * file (no script, no network fetch: graphs are data: URIs) or Markdown.
 * Pure text building on a struct strbuf: escaping, headings, paragraphs,
 * labelled notes, tables, preformatted text and images.  The result
 * directories are read by rdoc_read.c and the report's sections are built
 * by rdoc_report.c (dutperf/rdoc_report.h); docs/report.md.
 */
#ifndef DUTPERF_RDOC_H
#define DUTPERF_RDOC_H

#include <stddef.h>

#include "plot.h"

enum rdoc_format {
	RDOC_HTML,
	RDOC_MARKDOWN,
};

struct rdoc {
	enum rdoc_format fmt;
	struct strbuf *b;
	size_t ncols;		/* columns of the table being written */
};

/* s with & < > " ' as character references (HTML text and attributes). */
void rdoc_html_escape(struct strbuf *b, const char *s);
/* s as Markdown text: the characters that mean something inside a line
 * (\ ` * _ [ ] < > | ~ &), and # + - at its start, after a backslash;
 * line breaks as spaces (a table cell stays one line). */
void rdoc_md_escape(struct strbuf *b, const char *s);
/* s escaped for the document's format. */
void rdoc_text(struct rdoc *d, const char *s);
/* RFC 4648 base64 of data[0..len-1]. */
void rdoc_base64(struct strbuf *b, const void *data, size_t len);

/* The document's head (title) and its end. */
void rdoc_begin(struct rdoc *d, const char *title);
void rdoc_end(struct rdoc *d);
/* A heading of level 1..4 with an id (HTML: the anchor, [a-z0-9-]). */
void rdoc_heading(struct rdoc *d, int level, const char *id,
		  const char *text);
void rdoc_para(struct rdoc *d, const char *text);
/* A labelled paragraph: "LABEL: text", the label in bold, and in HTML
 * class "note LABEL-CLASS" (e.g. "lower bound", "lower-bound"). */
void rdoc_note(struct rdoc *d, const char *label, const char *cls,
	       const char *text);
/* A table of ncols columns (ncols <= 32) with header cells head[]. */
void rdoc_table_begin(struct rdoc *d, const char *caption, size_t ncols,
		      const char *const *head);
/* A row of the table: cells[0..ncols-1], NULL cells empty. */
void rdoc_table_row(struct rdoc *d, const char *const *cells);
void rdoc_table_end(struct rdoc *d);
/* Text as written, in a monospace block (HTML pre, Markdown fence). */
void rdoc_pre(struct rdoc *d, const char *text);
/* A collapsible block (HTML details/summary, works without script);
 * Markdown: a bold line. */
void rdoc_details_begin(struct rdoc *d, const char *summary);
void rdoc_details_end(struct rdoc *d);
/*
 * An image from data of type mime (image/svg+xml, image/png): HTML an img
 * with a base64 data: URI and the alt text; Markdown (or data NULL) a
 * line naming the graph instead (the numbers are in the tables).
 */
void rdoc_image(struct rdoc *d, const char *alt, const char *mime,
		const void *data, size_t len);

#endif /* DUTPERF_RDOC_H */

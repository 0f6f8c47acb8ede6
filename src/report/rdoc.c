/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rdoc: HTML5 and Markdown text of the report (dutperf/rdoc.h).  The HTML
 * has one inline style sheet, no script and no external reference.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rdoc.h"

void
rdoc_html_escape(struct strbuf *b, const char *s)
{
	const char *run = s;

	for (; *s != '\0'; s++) {
		const char *ref = NULL;

		switch (*s) {
		case '&': ref = "&amp;"; break;
		case '<': ref = "&lt;"; break;
		case '>': ref = "&gt;"; break;
		case '"': ref = "&quot;"; break;
		case '\'': ref = "&#39;"; break;
		default: continue;
		}
		strbuf_printf(b, "%.*s%s", (int)(s - run), run, ref);
		run = s + 1;
	}
	strbuf_printf(b, "%s", run);
}

void
rdoc_md_escape(struct strbuf *b, const char *s)
{
	static const char special[] = "\\`*_[]<>|~&";
	const char *start = s;

	for (; *s != '\0'; s++) {
		if (*s == '\n' || *s == '\r')
			strbuf_printf(b, " ");
		else if (strchr(special, *s) != NULL ||
			 (s == start && strchr("#+-", *s) != NULL))
			strbuf_printf(b, "\\%c", *s);
		else
			strbuf_printf(b, "%c", *s);
	}
}

void
rdoc_text(struct rdoc *d, const char *s)
{
	if (d->fmt == RDOC_HTML)
		rdoc_html_escape(d->b, s);
	else
		rdoc_md_escape(d->b, s);
}

void
rdoc_base64(struct strbuf *b, const void *data, size_t len)
{
	static const char a[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = data;
	char q[5] = { 0 };
	size_t i;

	for (i = 0; i + 2 < len; i += 3) {
		q[0] = a[p[i] >> 2];
		q[1] = a[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
		q[2] = a[((p[i + 1] & 15) << 2) | (p[i + 2] >> 6)];
		q[3] = a[p[i + 2] & 63];
		strbuf_printf(b, "%s", q);
	}
	if (len - i == 1) {
		q[0] = a[p[i] >> 2];
		q[1] = a[(p[i] & 3) << 4];
		q[2] = q[3] = '=';
		strbuf_printf(b, "%s", q);
	} else if (len - i == 2) {
		q[0] = a[p[i] >> 2];
		q[1] = a[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
		q[2] = a[(p[i + 1] & 15) << 2];
		q[3] = '=';
		strbuf_printf(b, "%s", q);
	}
}

static const char rdoc_style[] =
	"body{font-family:sans-serif;max-width:72em;margin:1em auto;"
	"padding:0 1em;color:#111;background:#fff}"
	"table{border-collapse:collapse;margin:.5em 0 1em}"
	"th,td{border:1px solid #999;padding:.2em .5em;text-align:left;"
	"vertical-align:top}th{background:#eee}td.n{text-align:right}"
	"caption{text-align:left;font-weight:bold;padding:.2em 0}"
	"pre{background:#f4f4f4;padding:.5em;overflow-x:auto;"
	"white-space:pre-wrap}"
	"img{max-width:100%;height:auto;border:1px solid #ccc}"
	".note{padding:.3em .6em;border-left:.4em solid #888;"
	"background:#f6f6f6}"
	".lower-bound{border-color:#d80}.invalid,.missing,.failed,"
	".interrupted{border-color:#c00}.measured{border-color:#080}"
	"nav ul{columns:2}";

void
rdoc_begin(struct rdoc *d, const char *title)
{
	if (d->fmt == RDOC_MARKDOWN) {
		strbuf_printf(d->b, "# ");
		rdoc_text(d, title);
		strbuf_printf(d->b, "\n\n");
		return;
	}
	strbuf_printf(d->b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		    "content=\"width=device-width, initial-scale=1\">\n"
		    "<title>");
	rdoc_text(d, title);
	strbuf_printf(d->b, "</title>\n<style>%s</style>\n</head>\n<body>\n"
		    "<h1>", rdoc_style);
	rdoc_text(d, title);
	strbuf_printf(d->b, "</h1>\n");
}

void
rdoc_end(struct rdoc *d)
{
	if (d->fmt == RDOC_HTML)
		strbuf_printf(d->b, "</body>\n</html>\n");
}

void
rdoc_heading(struct rdoc *d, int level, const char *id, const char *text)
{
	if (level < 1)
		level = 1;
	if (level > 4)
		level = 4;
	if (d->fmt == RDOC_MARKDOWN) {
		strbuf_printf(d->b, "%.*s ", level, "####");
		rdoc_text(d, text);
		strbuf_printf(d->b, "\n\n");
		return;
	}
	strbuf_printf(d->b, "<h%d id=\"", level);
	rdoc_html_escape(d->b, id);
	strbuf_printf(d->b, "\">");
	rdoc_text(d, text);
	strbuf_printf(d->b, "</h%d>\n", level);
}

void
rdoc_para(struct rdoc *d, const char *text)
{
	strbuf_printf(d->b, "%s", d->fmt == RDOC_HTML ? "<p>" : "");
	rdoc_text(d, text);
	strbuf_printf(d->b, "%s", d->fmt == RDOC_HTML ? "</p>\n" : "\n\n");
}

void
rdoc_note(struct rdoc *d, const char *label, const char *cls,
	  const char *text)
{
	if (d->fmt == RDOC_MARKDOWN) {
		strbuf_printf(d->b, "**");
		rdoc_text(d, label);
		strbuf_printf(d->b, ":** ");
		rdoc_text(d, text);
		strbuf_printf(d->b, "\n\n");
		return;
	}
	strbuf_printf(d->b, "<p class=\"note ");
	rdoc_html_escape(d->b, cls);
	strbuf_printf(d->b, "\"><strong>");
	rdoc_text(d, label);
	strbuf_printf(d->b, ":</strong> ");
	rdoc_text(d, text);
	strbuf_printf(d->b, "</p>\n");
}

void
rdoc_table_begin(struct rdoc *d, const char *caption, size_t ncols,
		 const char *const *head)
{
	size_t i;

	d->ncols = ncols;
	if (d->fmt == RDOC_MARKDOWN) {
		if (caption != NULL && caption[0] != '\0') {
			strbuf_printf(d->b, "*");
			rdoc_text(d, caption);
			strbuf_printf(d->b, "*\n\n");
		}
		rdoc_table_row(d, head);
		strbuf_printf(d->b, "|");
		for (i = 0; i < ncols; i++)
			strbuf_printf(d->b, "%s|", i == 0 ? "---" : "--:");
		strbuf_printf(d->b, "\n");
		return;
	}
	strbuf_printf(d->b, "<table>\n");
	if (caption != NULL && caption[0] != '\0') {
		strbuf_printf(d->b, "<caption>");
		rdoc_text(d, caption);
		strbuf_printf(d->b, "</caption>\n");
	}
	strbuf_printf(d->b, "<thead><tr>");
	for (i = 0; i < ncols; i++) {
		strbuf_printf(d->b, "<th scope=\"col\">");
		rdoc_text(d, head[i] != NULL ? head[i] : "");
		strbuf_printf(d->b, "</th>");
	}
	strbuf_printf(d->b, "</tr></thead>\n<tbody>\n");
}

/* A cell that is one number: right-aligned. */
static bool
rdoc_is_number(const char *s)
{
	char *end;

	if (s[0] == '\0')
		return false;
	(void)strtod(s, &end);
	return *end == '\0';
}

void
rdoc_table_row(struct rdoc *d, const char *const *cells)
{
	size_t i;

	strbuf_printf(d->b, "%s", d->fmt == RDOC_HTML ? "<tr>" : "|");
	for (i = 0; i < d->ncols; i++) {
		const char *c = cells[i] != NULL ? cells[i] : "";

		if (d->fmt == RDOC_HTML) {
			strbuf_printf(d->b, "%s", rdoc_is_number(c) ?
				    "<td class=\"n\">" : "<td>");
			rdoc_text(d, c);
			strbuf_printf(d->b, "</td>");
		} else {
			strbuf_printf(d->b, " ");
			rdoc_text(d, c);
			strbuf_printf(d->b, " |");
		}
	}
	strbuf_printf(d->b, "%s\n", d->fmt == RDOC_HTML ? "</tr>" : "");
}

void
rdoc_table_end(struct rdoc *d)
{
	strbuf_printf(d->b, "%s", d->fmt == RDOC_HTML ? "</tbody>\n</table>\n" : "\n");
	d->ncols = 0;
}

void
rdoc_pre(struct rdoc *d, const char *text)
{
	size_t n = strlen(text);

	if (d->fmt == RDOC_HTML) {
		strbuf_printf(d->b, "<pre>");
		rdoc_html_escape(d->b, text);
		strbuf_printf(d->b, "</pre>\n");
		return;
	}
	/* a fence longer than any run of backquotes cannot occur in INI
	 * text and command lines; ~~~~ is used, text kept as written */
	strbuf_printf(d->b, "~~~~\n%s%s~~~~\n\n", text,
		    n > 0 && text[n - 1] == '\n' ? "" : "\n");
}

void
rdoc_details_begin(struct rdoc *d, const char *summary)
{
	if (d->fmt == RDOC_MARKDOWN) {
		strbuf_printf(d->b, "**");
		rdoc_text(d, summary);
		strbuf_printf(d->b, "**\n\n");
		return;
	}
	strbuf_printf(d->b, "<details><summary>");
	rdoc_text(d, summary);
	strbuf_printf(d->b, "</summary>\n");
}

void
rdoc_details_end(struct rdoc *d)
{
	if (d->fmt == RDOC_HTML)
		strbuf_printf(d->b, "</details>\n");
}

void
rdoc_image(struct rdoc *d, const char *alt, const char *mime,
	   const void *data, size_t len)
{
	if (d->fmt == RDOC_MARKDOWN || data == NULL) {
		strbuf_printf(d->b, "%s", d->fmt == RDOC_HTML ? "<p><em>" : "*");
		strbuf_printf(d->b, "Graph: ");
		rdoc_text(d, alt);
		strbuf_printf(d->b, " (%s; the numbers are in the table)%s",
			    d->fmt == RDOC_HTML ? "not drawn" : "in the HTML report",
			    d->fmt == RDOC_HTML ? "</em></p>\n" : "*\n\n");
		return;
	}
	strbuf_printf(d->b, "<p><img alt=\"");
	rdoc_html_escape(d->b, alt);
	strbuf_printf(d->b, "\" src=\"data:");
	rdoc_html_escape(d->b, mime);
	strbuf_printf(d->b, ";base64,");
	rdoc_base64(d->b, data, len);
	strbuf_printf(d->b, "\"></p>\n");
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot: writing the gnuplot script.  A growing text buffer, quoting, the
 * terminal and output, the series as inline datablocks and one plot
 * command per panel.  What is drawn is decided by the figures (plot.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot_priv.h"

void
plot_buf_free(struct plot_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

static void
plot_vprintf(struct plot_buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	if (b->oom)
		return;
	for (;;) {
		va_copy(aq, ap);
		n = vsnprintf(b->s ? b->s + b->len : NULL,
			      b->s ? b->cap - b->len : 0, fmt, aq);
		va_end(aq);
		if (n < 0) {
			b->oom = true;
			return;
		}
		if (b->s != NULL && (size_t)n < b->cap - b->len) {
			b->len += (size_t)n;
			return;
		}
		size_t ncap = b->cap ? b->cap : 4096;
		char *ns;

		while (ncap < b->len + (size_t)n + 1)
			ncap *= 2;
		ns = realloc(b->s, ncap);
		if (ns == NULL) {
			b->oom = true;
			return;
		}
		b->s = ns;
		b->cap = ncap;
	}
}

void
plot_printf(struct plot_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	plot_vprintf(b, fmt, ap);
	va_end(ap);
}

void
plot_quote(struct plot_buf *b, const char *s)
{
	plot_printf(b, "\"");
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			plot_printf(b, "\\%c", *s);
		else if (*s == '\n')
			plot_printf(b, "\\n");
		else if (*s == '\r' || *s == '\t')
			plot_printf(b, " ");
		else
			plot_printf(b, "%c", *s);
	}
	plot_printf(b, "\"");
}

/* --- the script --- */

void
plot_begin(struct plot_buf *b, const struct plot_opts *o, const char *kind)
{
	plot_printf(b, "# dutperf-plot %s\n", kind);
	if (o->format == PLOT_SVG)
		plot_printf(b, "set terminal svg size 1000,640 noenhanced "
			    "font 'sans,11' background '#ffffff'\n");
	else
		plot_printf(b, "set terminal pngcairo size 1000,640 noenhanced "
			    "font 'sans,11'\n");
	if (o->output != NULL) {	/* else gnuplot writes to stdout */
		plot_printf(b, "set output ");
		plot_quote(b, o->output);
		plot_printf(b, "\n");
	}
	plot_printf(b, "set encoding utf8\nset grid\nset key below\n"
		    "set datafile separator whitespace\n");
}

void
plot_data(struct plot_buf *b, const struct plot_set *set)
{
	size_t i, r, c;

	for (i = 0; i < set->n; i++) {
		const struct plot_series *s = &set->s[i];

		plot_printf(b, "$d%zu << EOD\n", i);
		for (r = 0; r < s->n; r++)
			for (c = 0; c < s->ncols; c++)
				plot_printf(b, "%.10g%c", s->v[r * s->ncols + c],
					    c + 1 < s->ncols ? ' ' : '\n');
		plot_printf(b, "EOD\n");
	}
}

/* Labels and the plot command of the series of one panel. */
void
plot_panel(struct plot_buf *b, const struct plot_set *set, int panel,
	   const char *title, const char *xlabel, const char *ylabel)
{
	const char *sep = "plot ";
	size_t i;

	plot_printf(b, "set title ");
	plot_quote(b, title);
	plot_printf(b, "\nset xlabel ");
	plot_quote(b, xlabel);
	plot_printf(b, "\nset ylabel ");
	plot_quote(b, ylabel);
	plot_printf(b, "\n");
	for (i = 0; i < set->n; i++) {
		const struct plot_series *s = &set->s[i];

		if (s->panel != panel)
			continue;
		plot_printf(b, "%s$d%zu %s lt %zu ", sep, i, s->with, i + 1);
		if (s->color != NULL)
			plot_printf(b, "lc rgb '%s' ", s->color);
		plot_printf(b, "title ");
		plot_quote(b, s->title);
		if (s->with2 != NULL)
			plot_printf(b, ", $d%zu %s lt %zu notitle", i, s->with2,
				    i + 1);
		sep = ", \\\n\t";
	}
	plot_printf(b, "\n");
}

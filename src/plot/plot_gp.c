/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot: writing the gnuplot script (into a struct strbuf).  Quoting, the
 * terminal and output, the series as inline datablocks and one plot
 * command per panel.  What is drawn is decided by the figures (plot.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot_priv.h"

void
plot_quote(struct strbuf *b, const char *s)
{
	strbuf_printf(b, "\"");
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_printf(b, "\\%c", *s);
		else if (*s == '\n')
			strbuf_printf(b, "\\n");
		else if (*s == '\r' || *s == '\t')
			strbuf_printf(b, " ");
		else
			strbuf_printf(b, "%c", *s);
	}
	strbuf_printf(b, "\"");
}

/* --- the script --- */

void
plot_begin(struct strbuf *b, const struct plot_opts *o, const char *kind)
{
	strbuf_printf(b, "# dutperf-plot %s\n", kind);
	if (o->format == PLOT_SVG)
		strbuf_printf(b, "set terminal svg size 1000,640 noenhanced "
			    "font 'sans,11' background '#ffffff'\n");
	else
		strbuf_printf(b, "set terminal pngcairo size 1000,640 noenhanced "
			    "font 'sans,11'\n");
	if (o->output != NULL) {	/* else gnuplot writes to stdout */
		strbuf_printf(b, "set output ");
		plot_quote(b, o->output);
		strbuf_printf(b, "\n");
	}
	strbuf_printf(b, "set encoding utf8\nset grid\nset key below\n"
		    "set datafile separator whitespace\n");
}

void
plot_data(struct strbuf *b, const struct plot_set *set)
{
	size_t i, r, c;

	for (i = 0; i < set->n; i++) {
		const struct plot_series *s = &set->s[i];

		strbuf_printf(b, "$d%zu << EOD\n", i);
		for (r = 0; r < s->n; r++)
			for (c = 0; c < s->ncols; c++)
				strbuf_printf(b, "%.10g%c", s->v[r * s->ncols + c],
					    c + 1 < s->ncols ? ' ' : '\n');
		strbuf_printf(b, "EOD\n");
	}
}

/* Labels and the plot command of the series of one panel. */
void
plot_panel(struct strbuf *b, const struct plot_set *set, int panel,
	   const char *title, const char *xlabel, const char *ylabel)
{
	const char *sep = "plot ";
	size_t i;

	strbuf_printf(b, "set title ");
	plot_quote(b, title);
	strbuf_printf(b, "\nset xlabel ");
	plot_quote(b, xlabel);
	strbuf_printf(b, "\nset ylabel ");
	plot_quote(b, ylabel);
	strbuf_printf(b, "\n");
	for (i = 0; i < set->n; i++) {
		const struct plot_series *s = &set->s[i];

		if (s->panel != panel)
			continue;
		strbuf_printf(b, "%s$d%zu %s lt %zu ", sep, i, s->with, i + 1);
		if (s->color != NULL)
			strbuf_printf(b, "lc rgb '%s' ", s->color);
		strbuf_printf(b, "title ");
		plot_quote(b, s->title);
		if (s->with2 != NULL)
			strbuf_printf(b, ", $d%zu %s lt %zu notitle", i, s->with2,
				    i + 1);
		sep = ", \\\n\t";
	}
	strbuf_printf(b, "\n");
}

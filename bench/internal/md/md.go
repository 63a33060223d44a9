// Package md writes the bench reports' Markdown so that it reads as plain
// text too, on a terminal of Width columns: tables padded to their columns,
// prose wrapped at spaces. The reports' tests check every line with
// Overlong.
package md

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Width is the widest line a report may print.
const Width = 100

// Table writes t, a header row and then the rows, as a Markdown table
// padded so that it reads as plain text too: the first left columns
// left-aligned (names), the others right-aligned (numbers). A row may be
// shorter than the header: the missing cells are empty.
func Table(w io.Writer, t [][]string, left int) {
	width := make([]int, len(t[0]))
	for _, line := range t {
		for i, c := range line {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	cell := func(i int, c string) string {
		pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
		if i < left {
			return c + pad
		}
		return pad + c
	}
	for j, line := range t {
		cs := make([]string, len(width))
		for i := range width {
			c := ""
			if i < len(line) {
				c = line[i]
			}
			cs[i] = cell(i, c)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cs, " | "))
		if j == 0 {
			seps := make([]string, len(width))
			for i := range width {
				if i < left {
					seps[i] = strings.Repeat("-", width[i])
				} else {
					seps[i] = strings.Repeat("-", width[i]-1) + ":"
				}
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
		}
	}
}

// Wrap writes s in lines of at most Width columns, broken at spaces, every
// line after the first starting with indent (Markdown prose wants none; a
// plain-text header reads better with two spaces). A word wider than a
// line gets a line of its own; a newline in s breaks the line there.
func Wrap(w io.Writer, s, indent string) {
	for i, part := range strings.Split(s, "\n") {
		first := ""
		if i > 0 {
			first = indent
		}
		wrap(w, part, first, indent)
	}
}

// wrap is Wrap of a text without newlines, its first line starting with
// first.
func wrap(w io.Writer, s, first, indent string) {
	var line strings.Builder
	line.WriteString(first)
	n := utf8.RuneCountInString(first) // columns in line
	start := n
	for _, word := range strings.Fields(s) {
		k := utf8.RuneCountInString(word)
		switch {
		case n == start:
		case n+1+k <= Width:
			line.WriteByte(' ')
			n++
		default:
			fmt.Fprintln(w, line.String())
			line.Reset()
			line.WriteString(indent)
			n = utf8.RuneCountInString(indent)
			start = n
		}
		line.WriteString(word)
		n += k
	}
	fmt.Fprintln(w, line.String())
}

// Overlong returns the lines of text wider than Width, each with its line
// number: what a report's test fails on. A table's rows ("| ...") are left
// out: a row is as wide as the values measured, which a loaded machine
// widens (the interval of a quick run's two rounds can span six digits),
// and a table cannot wrap; prose, headings and notes must fit.
func Overlong(text string) []string {
	var long []string
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "|") {
			continue
		}
		if utf8.RuneCountInString(l) > Width {
			long = append(long, fmt.Sprintf("line %d, %d columns: %s", i+1, utf8.RuneCountInString(l), l))
		}
	}
	return long
}

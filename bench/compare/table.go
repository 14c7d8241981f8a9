package main

import (
	"fmt"
	"io"
	"strings"
)

// row is one case's figures, both sides.
type row struct {
	c                benchCase
	n                int // decoded bytes per call
	ours, peer       samples
	oursRat, peerRat float64
	peerErr          string
}

// cells returns the table row of r: x-peer by CPU (best, paired median)
// and by wall time, then MB/s "cpu / wall" for each side, both ways.
func (r *row) cells() []string {
	n := r.n
	side := func(ts []timing) string {
		if len(ts) == 0 {
			return "-"
		}
		return fmt.Sprintf("%s / %s", num(best(n, ts, true)), num(best(n, ts, false)))
	}
	xs := func(o, p []timing) []string {
		return []string{
			times(best(n, o, true), best(n, p, true)),
			ratio(pairedMedian(o, p)),
			times(best(n, o, false), best(n, p, false)),
		}
	}
	out := []string{r.c.name}
	out = append(out, xs(r.ours.enc, r.peer.enc)...)
	out = append(out, xs(r.ours.dec, r.peer.dec)...)
	out = append(out, side(r.ours.enc), side(r.peer.enc), side(r.ours.dec), side(r.peer.dec))
	out = append(out, fmt.Sprintf("%s / %s", ratio(r.oursRat), ratio(r.peerRat)))
	peer := r.c.peer
	if r.peerErr != "" {
		peer += " (" + r.peerErr + ")"
	}
	return append(out, peer)
}

var head = []string{"row",
	"enc x peer (cpu)", "enc x median", "enc x (wall)",
	"dec x peer (cpu)", "dec x median", "dec x (wall)",
	"zcodec enc MB/s cpu / wall", "peer enc MB/s cpu / wall",
	"zcodec dec MB/s cpu / wall", "peer dec MB/s cpu / wall",
	"ratio zcodec / peer", "peer"}

// printTable writes the rows as a Markdown table or as aligned text.
func printTable(w io.Writer, rows []*row, md bool) {
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = r.cells()
	}
	if md {
		fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
		fmt.Fprintln(w, "|---"+strings.Repeat("|--:", len(head)-3)+"|--:|---|")
		for _, c := range cells {
			fmt.Fprintln(w, "| "+strings.Join(c, " | ")+" |")
		}
		return
	}
	width := make([]int, len(head))
	for _, r := range append([][]string{head}, cells...) {
		for i, v := range r {
			width[i] = max(width[i], len(v))
		}
	}
	for _, r := range append([][]string{head}, cells...) {
		for i, v := range r {
			if i == len(r)-1 {
				fmt.Fprintf(w, "%s\n", v)
			} else {
				fmt.Fprintf(w, "%-*s  ", width[i], v)
			}
		}
	}
}

func num(v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", v)
}

// times returns a/b to two decimals, "-" when either is missing.
func times(a, b float64) string {
	if a == 0 || b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", a/b)
}

func ratio(v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", v)
}

// printBelow lists the rows where zcodec's best CPU-time figure is below
// the peer's, encode and decode, with the x figure; a decode whose peer
// returns its input compares with nothing and is left out.
func printBelow(w io.Writer, rows []*row) {
	for _, dir := range []string{"encode", "decode"} {
		var below []string
		for _, r := range rows {
			o, p := r.ours.enc, r.peer.enc
			if dir == "decode" {
				if strings.HasSuffix(r.c.peer, returnsIn) {
					continue
				}
				o, p = r.ours.dec, r.peer.dec
			}
			bo, bp := best(r.n, o, true), best(r.n, p, true)
			if bo > 0 && bp > 0 && bo < bp {
				below = append(below, fmt.Sprintf("%s %s", r.c.name, times(bo, bp)))
			}
		}
		if len(below) == 0 {
			below = []string{"none"}
		}
		fmt.Fprintf(w, "\nBelow the peer by CPU time, %s: %s.\n", dir, strings.Join(below, ", "))
	}
}

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/zcodec/zcodec/convert"
)

// skippedMessage is the message of a conversion refused under --strict,
// or of a group none of whose arrays can be converted: it lists every node
// of SRC, given as src, that cannot be.
func skippedMessage(src string, e *convert.SkippedError) string {
	var b strings.Builder
	why := "--strict"
	if e.NoneConvertible {
		why = "no array of it can be converted"
	}
	fmt.Fprintf(&b, "%s: %s; nothing written (%s):", shown(src), skippedSummary(e.Skipped), why)
	for _, s := range e.Skipped {
		fmt.Fprintf(&b, "\n  %s: %s", nodeName(src, s.Path), s.Reason)
	}
	return b.String()
}

// skippedSummary is the line that heads a list of skipped nodes.
func skippedSummary(skipped []convert.Skipped) string {
	if len(skipped) == 1 {
		return "1 array cannot be converted"
	}
	return fmt.Sprintf("%d arrays cannot be converted", len(skipped))
}

// printSkipped lists on w the nodes of SRC a conversion left out.
func printSkipped(w io.Writer, src string, skipped []convert.Skipped) {
	if len(skipped) == 0 {
		return
	}
	fmt.Fprintf(w, "zcodec convert: %s: %s; skipped (--strict refuses the conversion instead):\n", shown(src), skippedSummary(skipped))
	for _, s := range skipped {
		fmt.Fprintf(w, "  %s: %s\n", nodeName(src, s.Path), s.Reason)
	}
}

// problemsSkippable reports whether every key of t's hierarchy that
// Members could not use is one a conversion may leave out
// (convert.Unconvertible).
func (t *target) problemsSkippable() bool {
	if t.problems == nil {
		return true
	}
	for _, p := range t.problems.Problems {
		if !convert.Unconvertible(p.Err) {
			return false
		}
	}
	return true
}

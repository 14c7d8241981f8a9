package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// skippedNode is a node of SRC that a conversion of the whole hierarchy
// leaves out: an array (or a key) that cannot be converted, and why.
type skippedNode struct {
	Path   string `json:"path"`   // in SRC, "" for the root
	Reason string `json:"reason"` // the error, without the node's path
}

// skippedError refuses a conversion under --strict, or one of a group none
// of whose arrays can be converted: it lists every node that cannot be.
type skippedError struct {
	src     string // SRC as the user gave it
	skipped []skippedNode
	none    bool // no array can be converted
}

func (e *skippedError) Error() string {
	var b strings.Builder
	why := "--strict"
	if e.none {
		why = "no array of it can be converted"
	}
	fmt.Fprintf(&b, "%s: %s; nothing written (%s):", shown(e.src), skippedSummary(e.skipped), why)
	for _, s := range e.skipped {
		fmt.Fprintf(&b, "\n  %s: %s", nodeName(e.src, s.Path), s.Reason)
	}
	return b.String()
}

// skippedSummary is the line that heads a list of skipped nodes.
func skippedSummary(skipped []skippedNode) string {
	if len(skipped) == 1 {
		return "1 array cannot be converted"
	}
	return fmt.Sprintf("%d arrays cannot be converted", len(skipped))
}

// printSkipped lists on w the nodes of SRC a conversion left out.
func printSkipped(w io.Writer, src string, skipped []skippedNode) {
	if len(skipped) == 0 {
		return
	}
	fmt.Fprintf(w, "zcodec convert: %s: %s; skipped (--strict refuses the conversion instead):\n", shown(src), skippedSummary(skipped))
	for _, s := range skipped {
		fmt.Fprintf(w, "  %s: %s\n", nodeName(src, s.Path), s.Reason)
	}
}

// skipReason returns why the array at path cannot be converted when err,
// from opening it or making its converted metadata, says that its metadata
// describes what zcodec cannot read or write (a data type, codec, fill
// value or grid), and ok false for every other error (the store failing,
// a cancelled context), which ends the conversion.
func skipReason(err error) (reason string, ok bool) {
	if !unconvertible(err) {
		return "", false
	}
	var ne *zarr.NodeError
	if errors.As(err, &ne) {
		err = ne.Err
	}
	return err.Error(), true
}

// unconvertible reports whether err is about what a node's metadata says,
// rather than about reaching it: a key that is not a valid name or that
// the store cannot read is not (the hierarchy itself is damaged, and
// convert writes nothing).
func unconvertible(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var (
		ve  *metadata.ValidationError
		se  *metadata.SyntaxError
		ge  *metadata.GridError
		dte *numeric.DataTypeError
		fe  *numeric.FillValueError
	)
	switch {
	case errors.Is(err, zarrv2.ErrConvert), errors.Is(err, codec.ErrConfig), errors.Is(err, codec.ErrUnknownCodec),
		errors.Is(err, codec.ErrFillRoundTrip), errors.Is(err, store.ErrTooLarge), errors.Is(err, store.ErrUnsupportedNode):
		return true
	case errors.As(err, &ve), errors.As(err, &se), errors.As(err, &ge), errors.As(err, &dte), errors.As(err, &fe):
		return true
	}
	return false
}

// sortSkipped sorts skipped nodes by path.
func sortSkipped(s []skippedNode) {
	slices.SortFunc(s, func(a, b skippedNode) int { return strings.Compare(a.Path, b.Path) })
}

// problemsSkippable reports whether every key of t's hierarchy that
// Members could not use is one a conversion may leave out (skipReason).
func (t *target) problemsSkippable() bool {
	if t.problems == nil {
		return true
	}
	for _, p := range t.problems.Problems {
		if _, ok := skipReason(p.Err); !ok {
			return false
		}
	}
	return true
}

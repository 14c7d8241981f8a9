package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/zarr"
)

// incompleteMessage is the message of --finalize when parts are not done:
// nothing is published then.
func incompleteMessage(e *convert.IncompleteError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d parts are not done; nothing published:", len(e.NotDone), e.Parts)
	for k, s := range e.NotDone {
		if k == 20 {
			fmt.Fprintf(&b, "\n  ... and %d more", len(e.NotDone)-k)
			break
		}
		fmt.Fprintf(&b, "\n  part %d/%d: %s", s.Part, e.Parts, s.Problem)
	}
	if len(e.Others) > 0 {
		fmt.Fprintf(&b, "\n  markers were written for --parts %s: give the N the parts ran with", joinInts(e.Others))
	}
	return b.String()
}

func joinInts(xs []int) string {
	xs = slices.Sorted(slices.Values(xs))
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// convertFinalize is --finalize --parts N.
func convertFinalize(env *environment, f *flags, sf *storeFlags, dst string, n int, consolidate bool) int {
	ctx := env.context()
	d, p, code, ok := openPlannedFor(ctx, env, f, sf, dst, "--finalize: ")
	if !ok {
		return code
	}
	defer d.close()
	if p == nil {
		// Finalized: only the record of it was left.
		if err := convert.RemovePlan(ctx, d.s); err != nil {
			return failf(env.stderr, "convert", "--finalize: %v", err)
		}
		d.removePlanDir()
		fmt.Fprintf(env.stdout, "%s: already finalized\n", d.loc)
		return 0
	}
	err := convert.Finalize(ctx, p, d.s, n, &convert.Options{Consolidate: consolidate, ArrayOptions: sf.arrayOptions()})
	var ie *convert.IncompleteError
	switch {
	case errors.As(err, &ie) && ie.WrongCount():
		return f.fail("--finalize: %s", incompleteMessage(ie))
	case errors.Is(err, zarr.ErrNotGroup) && consolidate:
		return failf(env.stderr, "convert", "--finalize: --consolidate: DST's root is an array; consolidated metadata is written into a group")
	case err != nil:
		return failf(env.stderr, "convert", "--finalize: %v", convertErr("", dst, err))
	}
	d.removePlanDir()
	fmt.Fprintf(env.stdout, "%s: %d parts checked, metadata published\n", d.loc, n)
	if skipped := p.Skipped(); len(skipped) > 0 {
		fmt.Fprintf(env.stderr, "zcodec convert: %d arrays of SRC were left out at --plan, which listed them:\n", len(skipped))
		for _, s := range skipped {
			fmt.Fprintf(env.stderr, "  %s: %s\n", memberName("/"+s.Path), s.Reason)
		}
	}
	return 0
}

// convertStatus is --status --parts N: exit 0 when every part is done, 1
// otherwise.
func convertStatus(env *environment, f *flags, sf *storeFlags, dst string, n int) int {
	ctx := env.context()
	d, p, code, ok := openPlannedFor(ctx, env, f, sf, dst, "--status: ")
	if !ok {
		return code
	}
	defer d.close()
	if p == nil {
		fmt.Fprintf(env.stdout, "%s: finalized; the plan is being removed (run --finalize again to end)\n", d.loc)
		return 0
	}
	states, err := convert.Status(ctx, p, d.s, n)
	if err != nil {
		return failf(env.stderr, "convert", "--status: %v", err)
	}
	notDone := 0
	for _, s := range states {
		if !s.Done() {
			notDone++
			fmt.Fprintf(env.stdout, "part %d/%d: %s\n", s.Part, n, s.Problem)
		}
	}
	fmt.Fprintf(env.stdout, "%d of %d parts done (%d units in %d arrays)\n", n-notDone, n, p.Units(), len(p.Arrays()))
	if notDone == 0 {
		return 0
	}
	counts, _ := convert.PartCounts(ctx, d.s)
	if others := slices.DeleteFunc(counts, func(c int) bool { return c == n }); len(others) > 0 {
		fmt.Fprintf(env.stdout, "markers were written for --parts %s too\n", joinInts(others))
	}
	return 1
}

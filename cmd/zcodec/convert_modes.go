package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/zcodec/zcodec/store"
)

// writePlan makes the pending nodes of converting t into d and writes
// their plan. A plan already there is kept when it is the same plan (so
// that --plan may run again), and refused when it is another; any other
// key in d is refused. It returns the plan and its digest.
func writePlan(ctx context.Context, d *destination, t *target, plan convertPlan) (*partPlan, string, error) {
	job, err := newConvertJob(ctx, d.s, t, plan, nil)
	if err != nil {
		return nil, "", err
	}
	p, err := newPartPlan(job, plan.consolidate)
	if err != nil {
		return nil, "", err
	}
	doc, digest, err := encodePlan(p)
	if err != nil {
		return nil, "", err
	}
	_, old, err := readPlan(ctx, d.s)
	switch {
	case err == nil && old == digest:
		return p, digest, nil
	case err == nil:
		return nil, "", fmt.Errorf("DST %s holds the plan of another conversion (SRC or the flags differ); give a new location", d.loc)
	case !errors.Is(err, errNoPlan):
		var pe *planError
		if errors.As(err, &pe) {
			return nil, "", fmt.Errorf("DST %s holds a plan that cannot be used; give a new location", d.loc)
		}
		return nil, "", err
	}
	if err := d.checkEmpty(ctx); err != nil {
		return nil, "", err
	}
	if err := d.s.Set(ctx, planKey, doc); err != nil {
		return nil, "", err
	}
	return p, digest, nil
}

// convertPlanOnly is --plan: it writes the plan into DST and prints the
// number of units on standard output.
func convertPlanOnly(ctx context.Context, env *environment, sf *storeFlags, t *target, dst string, plan convertPlan) error {
	d, err := openDestination(ctx, dst, sf, true)
	if err != nil {
		return err
	}
	defer d.close()
	p, _, err := writePlan(ctx, d, t, plan)
	if err != nil {
		return err
	}
	printSkipped(env.stderr, plan.src, p.Skipped)
	fmt.Fprintln(env.stdout, p.Units)
	return nil
}

// convertToObjectStore converts t into an empty object store: the plan,
// its one part, and finalize, so that the metadata is written last. On
// failure (a signal included) it deletes every key it wrote.
func convertToObjectStore(ctx context.Context, env *environment, sf *storeFlags, t *target, dst string, plan convertPlan) (err error) {
	d, err := openDestination(ctx, dst, sf, true)
	if err != nil {
		return err
	}
	defer d.close()
	if err := d.checkEmpty(ctx); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			if rerr := d.removeAll(ctx); rerr != nil {
				err = fmt.Errorf("%w; removing what was written failed too: %v", err, rerr)
			}
		}
	}()
	p, _, err := writePlan(ctx, d, t, plan)
	if err != nil {
		return err
	}
	printSkipped(env.stderr, plan.src, p.Skipped)
	if _, _, err := runPart(ctx, env, d.s, t, 0, 1, sf.arrayOptions()); err != nil {
		return err
	}
	_, err = finalize(ctx, d.s, 1, false, sf.arrayOptions())
	return err
}

// openPlanned opens DST, which must exist and hold a plan, for --part,
// --finalize and --status; a DST without a plan is a usage error
// (usage true).
func openPlanned(ctx context.Context, sf *storeFlags, dst string) (d *destination, usage bool, err error) {
	d, err = openDestination(ctx, dst, sf, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true, fmt.Errorf("DST %s does not exist: run zcodec convert --plan SRC DST first", shown(dst))
	}
	if err != nil {
		return nil, false, err
	}
	if _, err := d.s.Get(ctx, planKey, maxPlanBytes); errors.Is(err, store.ErrNotFound) {
		if _, ferr := d.s.Get(ctx, finalizedKey, 1<<16); ferr == nil {
			return d, false, nil // a finalize to end
		}
		d.close()
		return nil, true, fmt.Errorf("DST %s holds no conversion plan: run zcodec convert --plan SRC DST first", d.loc)
	}
	return d, false, nil
}

// openPlannedFor is openPlanned for a command: on failure it reports the
// error (a usage error as such) and returns the exit code, ok false.
func openPlannedFor(ctx context.Context, env *environment, f *flags, sf *storeFlags, dst string) (d *destination, code int, ok bool) {
	d, usage, err := openPlanned(ctx, sf, dst)
	switch {
	case usage:
		return nil, f.fail("%v", err), false
	case err != nil:
		return nil, failf(env.stderr, "convert", "%v", err), false
	}
	return d, 0, true
}

// openSource opens SRC for a conversion. Keys of its hierarchy that cannot
// be used are listed and the exit code is 1, unless every one is metadata
// describing what zcodec cannot convert (skipReason) and not strict: then
// the conversion leaves them out (sourceArrays). On failure it
// reports and returns the exit code, ok false; otherwise the caller calls
// closeStore.
func openSource(ctx context.Context, env *environment, src string, sf *storeFlags, strict bool) (t *target, closeStore func(), code int, ok bool) {
	t, closeStore, err := openPath(ctx, src, sf)
	if err != nil {
		return nil, nil, failf(env.stderr, "convert", "%v", err), false
	}
	if problems := t.memberProblems(); problems != nil && (strict || !t.problemsSkippable()) {
		closeStore()
		fmt.Fprintf(env.stderr, "zcodec convert: %s: %s; nothing written:\n", shown(src), problemsSummary(problems))
		printProblems(env.stderr, "  ", problems)
		return nil, nil, 1, false
	}
	return t, closeStore, 0, true
}

// convertPart is --part I/N.
func convertPart(env *environment, f *flags, sf *storeFlags, src, dst string, i, n int) int {
	ctx := env.context()
	d, code, ok := openPlannedFor(ctx, env, f, sf, dst)
	if !ok {
		return code
	}
	defer d.close()
	t, closeStore, code, ok := openSource(ctx, env, src, sf, false)
	if !ok {
		return code
	}
	defer closeStore()
	first, end, err := runPart(ctx, env, d.s, t, i, n, sf.arrayOptions())
	if err != nil {
		return failf(env.stderr, "convert", "part %d/%d: %v", i, n, copyErr(src, dst, err))
	}
	fmt.Fprintf(env.stdout, "part %d/%d: units %d to %d written\n", i, n, first, end)
	return 0
}

// convertFinalize is --finalize --parts N.
func convertFinalize(env *environment, f *flags, sf *storeFlags, dst string, n int, consolidate bool) int {
	ctx := env.context()
	d, code, ok := openPlannedFor(ctx, env, f, sf, dst)
	if !ok {
		return code
	}
	defer d.close()
	var skipped []skippedNode
	if p, _, err := readPlan(ctx, d.s); err == nil {
		skipped = p.Skipped
	}
	status, err := finalize(ctx, d.s, n, consolidate, sf.arrayOptions())
	var ie *incompleteError
	if errors.As(err, &ie) && ie.mismatched() {
		return f.fail("--finalize: %v", err)
	}
	if err != nil {
		return failf(env.stderr, "convert", "--finalize: %v", err)
	}
	d.removePlanDir()
	if status == finalizedBefore {
		fmt.Fprintf(env.stdout, "%s: already finalized\n", d.loc)
		return 0
	}
	fmt.Fprintf(env.stdout, "%s: %d parts checked, metadata published\n", d.loc, n)
	if len(skipped) > 0 {
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
	d, code, ok := openPlannedFor(ctx, env, f, sf, dst)
	if !ok {
		return code
	}
	defer d.close()
	done, err := printStatus(ctx, env.stdout, d.s, n)
	if errors.Is(err, errNoPlan) {
		fmt.Fprintf(env.stdout, "%s: finalized; the plan is being removed (run --finalize again to end)\n", d.loc)
		return 0
	}
	if err != nil {
		return failf(env.stderr, "convert", "--status: %v", err)
	}
	if !done {
		return 1
	}
	return 0
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/zcodec/zcodec/convert"
)

// convertPlanOnly is --plan: it writes the plan into DST and prints the
// number of units on standard output. A plan already there is kept when
// it is the same plan (so that --plan may run again), and refused when it
// is another; any other key in DST is refused.
func convertPlanOnly(ctx context.Context, env *environment, sf *storeFlags, t *target, dst string, plan convertPlan) error {
	d, err := openDestination(ctx, dst, sf, true)
	if err != nil {
		return err
	}
	defer d.close()
	p, err := convert.WritePlan(ctx, t.convertSource(), d.s, plan.options())
	var pe *convert.PlanError
	switch {
	case errors.Is(err, convert.ErrOtherPlan):
		return fmt.Errorf("DST %s holds the plan of another conversion (SRC or the flags differ); give a new location", d.loc)
	case errors.As(err, &pe):
		return fmt.Errorf("DST %s holds a plan that cannot be used; give a new location", d.loc)
	case err != nil:
		// The nodes an error names are those of SRC.
		return namedErr(t.path, d.notEmpty(err))
	}
	printSkipped(env.stderr, plan.src, p.Skipped())
	fmt.Fprintln(env.stdout, p.Units())
	return nil
}

// convertToObjectStore converts t into an empty object store in one
// process: the chunks first, the metadata last (convert.Convert). On
// failure (a signal included) it deletes every key it wrote.
func convertToObjectStore(ctx context.Context, env *environment, sf *storeFlags, t *target, dst string, plan convertPlan) (err error) {
	d, err := openDestination(ctx, dst, sf, true)
	if err != nil {
		return err
	}
	defer d.close()
	// The arrays of DST are held to --max-chunk-bytes, as a part's are.
	plan.arrayOptions = sf.arrayOptions()
	err = writeConverted(ctx, env, d.s, t, plan)
	var ne *convert.NotEmptyError
	if errors.As(err, &ne) {
		return d.notEmpty(err) // nothing was written: nothing to delete
	}
	if err != nil {
		if rerr := d.removeAll(ctx); rerr != nil {
			err = fmt.Errorf("%w; removing what was written failed too: %v", err, rerr)
		}
	}
	return err
}

// openPlanned opens DST, which must exist and hold a plan, for --part,
// --finalize and --status, and reads the plan; a DST without a plan is a
// usage error (usage true). A DST whose plan a --finalize published and
// removed, but for the record of it, gives a nil plan.
func openPlanned(ctx context.Context, sf *storeFlags, dst string) (d *destination, p *convert.Plan, usage bool, err error) {
	d, err = openDestination(ctx, dst, sf, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, true, fmt.Errorf("DST %s does not exist: run zcodec convert --plan SRC DST first", shown(dst))
	}
	if err != nil {
		return nil, nil, false, err
	}
	p, err = convert.OpenPlan(ctx, d.s)
	switch {
	case errors.Is(err, convert.ErrFinalized):
		return d, nil, false, nil
	case errors.Is(err, convert.ErrNoPlan):
		d.close()
		return nil, nil, true, fmt.Errorf("DST %s holds no conversion plan: run zcodec convert --plan SRC DST first", d.loc)
	case err != nil:
		d.close()
		return nil, nil, false, err
	}
	return d, p, false, nil
}

// openPlannedFor is openPlanned for a command: on failure it reports the
// error (a usage error as such; prefix heads any other) and returns the
// exit code, ok false.
func openPlannedFor(ctx context.Context, env *environment, f *flags, sf *storeFlags, dst, prefix string) (d *destination, p *convert.Plan, code int, ok bool) {
	d, p, usage, err := openPlanned(ctx, sf, dst)
	switch {
	case usage:
		return nil, nil, f.fail("%v", err), false
	case err != nil:
		return nil, nil, failf(env.stderr, "convert", "%s%v", prefix, convertErr("", dst, err)), false
	}
	return d, p, 0, true
}

// openSource opens SRC for a conversion. Keys of its hierarchy that cannot
// be used are listed and the exit code is 1, unless every one is metadata
// describing what zcodec cannot convert (convert.Unconvertible) and not
// strict: then the conversion leaves them out. On failure it reports and
// returns the exit code, ok false; otherwise the caller calls closeStore.
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

// convertSource is the source of a conversion of t.
func (t *target) convertSource() *convert.Source {
	if t.source != nil {
		return t.source
	}
	return convert.ArraySource(t.array)
}

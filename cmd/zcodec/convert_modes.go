package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/zarr"
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
// process, as a plan in steps: it writes the plan into DST, runs its
// parts 0 to K-1 of K (resumeParts) one after the other, then finalizes
// it, so that the chunks come first and the metadata last. A DST that
// holds the plan of the same conversion (SRC, DST and flags), left by a
// convert that was killed, is resumed: the steps whose markers are there
// are not run again. On failure (a signal included) it deletes every key
// it wrote; a DST that holds anything else is refused, saying how to
// resume or remove it.
func convertToObjectStore(ctx context.Context, env *environment, sf *storeFlags, t *target, dst string, plan convertPlan) (err error) {
	d, err := openDestination(ctx, dst, sf, true)
	if err != nil {
		return err
	}
	defer d.close()
	// The arrays of DST are held to --max-chunk-bytes, as a part's are.
	plan.arrayOptions = sf.arrayOptions()
	opts := plan.options()
	_, perr := convert.OpenPlan(ctx, d.s)
	resuming := perr == nil || errors.Is(perr, convert.ErrFinalized)
	p, err := convert.WritePlan(ctx, t.convertSource(), d.s, opts)
	var (
		ne *convert.NotEmptyError
		pe *convert.PlanError
	)
	switch {
	case errors.Is(err, convert.ErrFinalized) && p != nil:
		// Killed while finalizing: the metadata is published.
		fmt.Fprintf(env.stderr, "zcodec convert: DST %s holds this conversion, finalized; ending its clean-up\n", d.loc)
		return finalizeSteps(ctx, d, p, opts)
	case errors.Is(err, convert.ErrOtherPlan):
		return fmt.Errorf("DST %s holds the plan of another conversion (SRC or the flags differ), left by a convert that stopped or by --plan: "+
			"rerun that convert (the same SRC, DST and flags) to resume it, or run zcodec convert --part 0/1 SRC DST with its SRC, then zcodec convert --finalize --parts 1 DST; "+
			"or delete every key under DST to start again", d.loc)
	case errors.As(err, &pe):
		return fmt.Errorf("DST %s holds a conversion plan that cannot be used (%s); delete every key under DST and run again", d.loc, pe.Reason)
	case errors.As(err, &ne):
		return d.notEmpty(err) // nothing was written: nothing to delete
	case err != nil:
		return namedErr(t.path, err)
	}
	printSkipped(env.stderr, plan.src, p.Skipped())
	err = runSteps(ctx, env, d, t, p, opts, resuming)
	if err == nil {
		err = finalizeSteps(ctx, d, p, opts)
	}
	if err != nil {
		if rerr := d.removeAll(ctx); rerr != nil {
			err = fmt.Errorf("%w; removing what was written failed too: %v", err, rerr)
		}
	}
	return err
}

// resumeUnits is the number of units of one step of a conversion into an
// object store in one process: a convert killed midway resumes at the
// step it was in.
const resumeUnits = 64

// resumeParts returns the number of steps, K, of a conversion into an
// object store in one process of the plan p: a function of the plan
// alone, so that a rerun finds the markers of the steps done.
func resumeParts(p *convert.Plan) int {
	return int(min(max((p.Units()+resumeUnits-1)/resumeUnits, 1), 4096))
}

// runSteps runs the steps of the plan p into d that are not done, one
// after the other, showing the progress in units of the whole plan.
func runSteps(ctx context.Context, env *environment, d *destination, t *target, p *convert.Plan, opts *convert.Options, resuming bool) error {
	k := resumeParts(p)
	states, err := convert.Status(ctx, p, d.s, k)
	if err != nil {
		return err
	}
	done := int64(0)
	var todo []int
	for _, s := range states {
		if s.Done() {
			done += s.End - s.First
		} else {
			todo = append(todo, s.Part)
		}
	}
	if resuming {
		fmt.Fprintf(env.stderr, "zcodec convert: resuming the conversion left in DST %s: %d of %d units written\n", d.loc, done, p.Units())
	}
	prog := newUnitProgress(env.stderr)
	defer prog.finish()
	o := *opts
	largest := 0
	warned := map[string]bool{}
	o.BeforeArray = func(src, out *zarr.Array) {
		largest = max(largest, src.Pipeline().DecodedSize(), out.Pipeline().DecodedSize())
		limitHeap(largest)
		if warned[src.Path()] {
			return
		}
		warned[src.Path()] = true
		for _, w := range arrayWarnings(src) {
			prog.note(fmt.Sprintf("warning: %s: %s", nodeName(t.path, src.Path()), w))
		}
		if w := privateCodecs(out); w != "" {
			prog.note(fmt.Sprintf("note: %s: %s", nodeName(t.path, src.Path()), w))
		}
	}
	for _, i := range todo {
		base := done
		o.Progress = func(n, _ int64) {
			prog.set(base+n, p.Units())
		}
		first, end, err := convert.RunPart(ctx, p, t.convertSource(), d.s, i, k, &o)
		if err != nil {
			return err
		}
		done += end - first
	}
	return nil
}

// finalizeSteps finalizes the plan p in d, run in resumeParts steps.
func finalizeSteps(ctx context.Context, d *destination, p *convert.Plan, opts *convert.Options) error {
	return convert.Finalize(ctx, p, d.s, resumeParts(p), &convert.Options{Consolidate: opts.Consolidate, ArrayOptions: opts.ArrayOptions})
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

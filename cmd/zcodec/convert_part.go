package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/zarr"
)

// maxParts bounds N in --part I/N and --parts N.
const maxParts = convert.MaxParts

// parsePart reads "I/N" (0 <= I < N).
func parsePart(text string) (i, n int, err error) {
	is, ns, ok := strings.Cut(text, "/")
	if ok {
		i, err = strconv.Atoi(strings.TrimSpace(is))
		if err == nil {
			n, err = strconv.Atoi(strings.TrimSpace(ns))
		}
	}
	switch {
	case !ok || err != nil:
		return 0, 0, fmt.Errorf("--part %q: want I/N, such as 0/8 (parts are numbered from 0)", text)
	case n < 1 || n > maxParts:
		return 0, 0, fmt.Errorf("--part %q: N must be between 1 and %d", text, maxParts)
	case i < 0 || i >= n:
		return 0, 0, fmt.Errorf("--part %q: I must be between 0 and N-1 = %d (parts are numbered from 0)", text, n-1)
	}
	return i, n, nil
}

// unitDelayEnv names a testing knob: a duration that a part waits after
// each unit it writes, so that tests can stop a part midway.
const unitDelayEnv = "ZCODEC_TEST_UNIT_DELAY"

// convertPart is --part I/N.
func convertPart(env *environment, f *flags, sf *storeFlags, src, dst string, i, n int) int {
	ctx := env.context()
	d, p, code, ok := openPlannedFor(ctx, env, f, sf, dst, fmt.Sprintf("part %d/%d: ", i, n))
	if !ok {
		return code
	}
	defer d.close()
	if p == nil {
		return failf(env.stderr, "convert", "part %d/%d: DST %s is finalized: it holds no plan to run (--finalize ends the removal of what is left of it)", i, n, d.loc)
	}
	var delay time.Duration
	if v := os.Getenv(unitDelayEnv); v != "" {
		var err error
		if delay, err = time.ParseDuration(v); err != nil {
			return failf(env.stderr, "convert", "part %d/%d: %s=%q: %v", i, n, unitDelayEnv, v, err)
		}
	}
	t, closeStore, code, ok := openSource(ctx, env, src, sf, false)
	if !ok {
		return code
	}
	defer closeStore()
	prog := newUnitProgress(env.stderr)
	defer prog.finish()
	opts := &convert.Options{ArrayOptions: sf.arrayOptions()}
	opts.Progress = func(done, total int64) {
		prog.set(done, total)
		if delay > 0 {
			time.Sleep(delay)
		}
	}
	largest := 0
	opts.BeforeArray = func(s, out *zarr.Array) {
		// The working set: per goroutine, a unit of DST and chunks of
		// SRC.
		largest = max(largest, s.Pipeline().DecodedSize(), out.Pipeline().DecodedSize())
		limitHeap(largest)
		for _, w := range arrayWarnings(s) {
			prog.note(fmt.Sprintf("warning: %s: %s", nodeName(t.path, s.Path()), w))
		}
	}
	first, end, err := convert.RunPart(ctx, p, t.convertSource(), d.s, i, n, opts)
	if errors.Is(err, convert.ErrFinalized) {
		return failf(env.stderr, "convert", "part %d/%d: DST %s was finalized while the part ran: its metadata is published and the part's marker was taken back; nothing is left to do", i, n, d.loc)
	}
	if err != nil {
		return failf(env.stderr, "convert", "part %d/%d: %v", i, n, convertErr(src, dst, err))
	}
	fmt.Fprintf(env.stdout, "part %d/%d: units %d to %d written\n", i, n, first, end)
	return 0
}

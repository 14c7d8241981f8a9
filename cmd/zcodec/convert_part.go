package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// maxParts bounds N in --part I/N and --parts N: more parts than this
// would be more markers than --finalize should read one by one.
const maxParts = 1 << 20

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

// partRange returns the units [first, end) of part i of n out of units:
// floor(i*units/n) to floor((i+1)*units/n), computed without overflow.
func partRange(i, n int, units int64) (first, end int64) {
	at := func(k int) int64 {
		hi, lo := bits.Mul64(uint64(k), uint64(units))
		q, _ := bits.Div64(hi, lo, uint64(n)) // k <= n, so the quotient fits
		return int64(q)
	}
	return at(i), at(i + 1)
}

// partMarker is what a part writes last, at markerKey(I, N): the units it
// wrote and the digest of the plan it wrote them for.
type partMarker struct {
	Part   int    `json:"part"`
	Parts  int    `json:"parts"`
	First  int64  `json:"first"`
	End    int64  `json:"end"`
	Plan   string `json:"plan_sha256"`
	Finish string `json:"finished,omitempty"` // RFC 3339, for people reading it
}

func markerKey(i, n int) string {
	return fmt.Sprintf("%s/part-%d-of-%d.json", planDir, i, n)
}

// unitDelayEnv names a testing knob: a duration that a part waits after
// each unit it writes, so that tests can stop a part midway.
const unitDelayEnv = "ZCODEC_TEST_UNIT_DELAY"

// runPart writes part i of n of the plan in d, reading the arrays of t:
// every unit of its range, whole, then its marker. It returns the range.
func runPart(ctx context.Context, env *environment, d store.Store, t *target, i, n int, opts *zarr.Options) (first, end int64, err error) {
	p, digest, err := readPlan(ctx, d)
	if err != nil {
		return 0, 0, err
	}
	found, _, err := sourceArrays(ctx, t)
	if err != nil {
		return 0, 0, err
	}
	arrays, err := p.matchSource(found)
	if err != nil {
		return 0, 0, err
	}
	first, end = partRange(i, n, p.Units)
	var delay time.Duration
	if v := os.Getenv(unitDelayEnv); v != "" {
		if delay, err = time.ParseDuration(v); err != nil {
			return 0, 0, fmt.Errorf("%s=%q: %v", unitDelayEnv, v, err)
		}
	}
	// The arrays whose units meet [first, end), and the bytes to copy.
	type piece struct {
		src      *zarr.Array
		dst      *zarr.PendingArray
		from, to int64 // units of the array
	}
	var pieces []piece
	var sizes []int
	for k, pa := range p.Arrays {
		from, to := max(first, pa.First), min(end, pa.First+pa.Units)
		if from >= to {
			continue
		}
		dst, err := pa.pendingArray(d, opts)
		if err != nil {
			return 0, 0, err
		}
		if o := partOptions(opts, int64(dst.Array().Pipeline().DecodedSize())); o != opts {
			if dst, err = pa.pendingArray(d, o); err != nil {
				return 0, 0, err
			}
		}
		pieces = append(pieces, piece{src: arrays[k], dst: dst, from: from - pa.First, to: to - pa.First})
		sizes = append(sizes, dst.Array().Pipeline().DecodedSize(), arrays[k].Pipeline().DecodedSize())
	}
	limitHeap(sizes...)
	prog := newUnitProgress(env.stderr, end-first)
	defer prog.finish()
	var done int64
	for _, pc := range pieces {
		for _, w := range arrayWarnings(pc.src) {
			prog.note(fmt.Sprintf("warning: %s: %s", nodeName(t.path, pc.src.Path()), w))
		}
		// Progress counts units here: a part's size is what the
		// engine balances.
		var units int64
		err := zarr.CopyPart(ctx, pc.dst.Array(), pc.src, pc.from, pc.to, &zarr.CopyOptions{Progress: func(_, _ int64) {
			units++
			prog.set(done + units)
			if delay > 0 {
				time.Sleep(delay)
			}
		}})
		if err != nil {
			return 0, 0, err
		}
		done += pc.to - pc.from
	}
	m := partMarker{Part: i, Parts: n, First: first, End: end, Plan: digest, Finish: time.Now().UTC().Format(time.RFC3339)}
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return 0, 0, err
	}
	return first, end, d.Set(ctx, markerKey(i, n), append(b, '\n'))
}

// markerState is what --finalize and --status find of one part.
type markerState struct {
	part    int
	problem string // "" when the marker is there and right
}

// checkMarkers reads the marker of every part of n and reports those that
// are missing or do not match the plan (its digest and the part's units).
// The markers are read publishConcurrency at a time: one after the other,
// a million parts over an object store would take hours.
func checkMarkers(ctx context.Context, d store.Store, p *partPlan, digest string, n int) ([]markerState, error) {
	states := make([]markerState, n)
	err := workpool.Run(ctx, n, publishConcurrency, func(i int) error {
		first, end := partRange(i, n, p.Units)
		states[i].part = i
		b, err := d.Get(ctx, markerKey(i, n), 1<<16)
		if errors.Is(err, store.ErrNotFound) {
			states[i].problem = "missing"
			return nil
		}
		if err != nil {
			return err
		}
		var m partMarker
		switch {
		case json.Unmarshal(b, &m) != nil:
			states[i].problem = "its marker is not valid JSON"
		case m.Plan != digest:
			states[i].problem = "stale: written for another plan"
		case m.Part != i || m.Parts != n || m.First != first || m.End != end:
			states[i].problem = fmt.Sprintf("its marker says part %d/%d, units %d to %d; want units %d to %d", m.Part, m.Parts, m.First, m.End, first, end)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return states, nil
}

// otherPartCounts returns the numbers of parts other than n that markers
// in d were written for, to tell a --parts that does not match the run.
func otherPartCounts(ctx context.Context, d store.Store, n int) []int {
	seen := map[int]bool{}
	var out []int
	d.List(ctx, planDir+"/", func(e store.Entry) error {
		var i, m int
		name := strings.TrimPrefix(e.Key, planDir+"/")
		if _, err := fmt.Sscanf(name, "part-%d-of-%d.json", &i, &m); err == nil && m != n && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
		return nil
	})
	return out
}

// partMemory bounds the units a part holds at once, decoded and encoded:
// over an object store the default budget keeps 64 units in flight, which
// for shards of 64 MiB would be 8 GiB.
const partMemory = 1 << 30

// partOptions returns opts with a concurrency that keeps the units in
// flight of unitBytes each (decoded) within partMemory, when the default
// budget (GOMAXPROCS, or an object store's DefaultObjectInFlight) could
// exceed it; otherwise opts itself. A concurrency given in opts is kept.
func partOptions(opts *zarr.Options, unitBytes int64) *zarr.Options {
	if opts != nil && opts.Concurrency > 0 {
		return opts
	}
	n := int(max(1, partMemory/(2*max(unitBytes, 1))))
	if n >= max(runtime.GOMAXPROCS(0), store.DefaultObjectInFlight) {
		return opts
	}
	var o zarr.Options
	if opts != nil {
		o = *opts
	}
	o.Concurrency = n
	return &o
}

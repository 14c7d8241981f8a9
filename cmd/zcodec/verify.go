package main

import (
	"fmt"

	"github.com/zcodec/zcodec/zarr"
)

// verifyArray is one array of `zcodec verify --json`.
type verifyArray struct {
	Path     string          `json:"path"`
	Chunks   int64           `json:"chunks_decoded"`
	Sharded  bool            `json:"sharded,omitempty"` // Chunks counts inner chunks
	Failures []verifyFailure `json:"failures"`
	Stray    []string        `json:"outside_grid,omitempty"`
	Error    string          `json:"error,omitempty"`
}

type verifyFailure struct {
	Key   string `json:"key"`
	Inner []int  `json:"inner_chunk,omitempty"` // within the shard Key
	Error string `json:"error"`
}

func runVerify(env *environment, args []string) int {
	fs := newFlags(env, "verify", "zcodec verify [--json] [--max-chunk-bytes N] [--timeout D] PATH",
		"Decodes every stored chunk of every array at PATH (an array or a group: a directory, or\n"+
			"an http(s) URL with consolidated metadata), and every stored inner chunk of every shard,\n"+
			"and reports each one that fails with its key and the reason. Exit status 1 if any did.")
	asJSON := fs.Bool("json", false, "print the result as a JSON document")
	sf := fs.storeFlags(true)
	path, code, stop := fs.onePath(args)
	if stop {
		return code
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	ctx := env.context()
	t, closeStore, err := openPath(ctx, path, sf)
	if err != nil {
		return failf(env.stderr, "verify", "%v", err)
	}
	defer closeStore()
	var results []verifyArray
	check := func(a *zarr.Array) {
		r := verifyArray{Path: "/" + a.Path(), Failures: []verifyFailure{}, Sharded: innerChunkShape(a) != nil}
		err := a.Verify(ctx, func(c zarr.Check) error {
			err := c.Err
			switch {
			case !c.InGrid:
				r.Stray = append(r.Stray, c.Key)
			case err != nil:
				r.Failures = append(r.Failures, verifyFailure{Key: c.Key, Inner: c.Inner, Error: err.Error()})
				if !*asJSON {
					fmt.Fprintf(newSafeWriter(env.stdout), "FAIL %s\n", err)
				}
			default:
				r.Chunks++
			}
			return nil
		})
		if err != nil {
			r.Error = err.Error()
		}
		results = append(results, r)
	}
	if t.array != nil {
		check(t.array)
	} else {
		for _, m := range t.members {
			if m.Kind != "array" {
				continue
			}
			a, err := m.OpenArray(ctx, t.opts)
			if err != nil {
				results = append(results, verifyArray{Path: "/" + m.Path, Failures: []verifyFailure{}, Error: flagNames(err.Error())})
				continue
			}
			check(a)
		}
	}
	failed := false
	for _, r := range results {
		if r.Error != "" || len(r.Failures) > 0 {
			failed = true
		}
	}
	if *asJSON {
		writeJSON(env.stdout, map[string]any{"path": path, "ok": !failed, "arrays": results}, true)
	} else {
		w := newSafeWriter(env.stdout)
		for _, r := range results {
			name := memberName(r.Path)
			switch {
			case r.Error != "":
				fmt.Fprintf(w, "FAIL %s: %s\n", name, r.Error)
			case len(r.Failures) > 0:
				fmt.Fprintf(w, "FAIL %s: %d of %d stored chunks failed to decode\n", name, len(r.Failures), int(r.Chunks)+len(r.Failures))
			case r.Sharded:
				fmt.Fprintf(w, "ok   %s: %d stored inner chunks of shards decode\n", name, r.Chunks)
			default:
				fmt.Fprintf(w, "ok   %s: %d stored chunks decode\n", name, r.Chunks)
			}
			if len(r.Stray) > 0 {
				fmt.Fprintf(w, "     %s: %d keys outside the grid ignored (first: %s)\n", name, len(r.Stray), memberName(r.Stray[0]))
			}
		}
	}
	if failed {
		return 1
	}
	return 0
}

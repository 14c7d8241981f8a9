package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/interop/kerchunk/combine"
	"github.com/zcodec/zcodec/interop/kerchunk/refstore"
)

// defaultFilesInFlight is how many files refs scans (or reads) at once: a
// local scan is bound by the CPU, a remote one by round trips, which many
// files in flight overlap.
const defaultFilesInFlight = 16

// maxListLine bounds one line of a --files-from list.
const maxListLine = 64 << 10

// combineReport is the machine-readable account of a combined set.
type combineReport struct {
	Output    string `json:"output"`
	Format    string `json:"format"`
	ConcatDim string `json:"concat_dim"`
	// Files are the scans of the files combined; Sets, with --combine,
	// the sets combined.
	Files     []refsReport       `json:"files,omitempty"`
	Sets      []string           `json:"sets,omitempty"`
	Warnings  []kerchunk.Warning `json:"warnings"`
	Rewritten []string           `json:"rewritten"`
}

// refsCombined combines the operands along co.ConcatDim into one set at
// OUT: files scanned here, or with sets true reference sets already
// written. Nothing is written unless the combination succeeds.
func refsCombined(env *environment, fs *flags, rf *refsFlags, co *combine.Options, operands []string, sets bool) int {
	if fi, err := os.Stat(rf.out); err == nil && fi.IsDir() && rf.format == "json" {
		return fs.fail("-o %s is a directory: the combined set is one JSON file", shown(rf.out))
	}
	ctx := env.context()
	inputs := make([]combine.Input, len(operands))
	rep := &combineReport{Output: rf.out, Format: rf.format, ConcatDim: co.ConcatDim}
	var err error
	if sets {
		var closeSets func()
		closeSets, err = openSets(ctx, rf, operands, inputs)
		defer closeSets()
		rep.Sets = operands
	} else {
		rep.Files, err = scanFiles(ctx, rf, operands, inputs)
		printRefused(env, reportPointers(rep.Files))
	}
	if err != nil {
		return failf(env.stderr, "refs", "%v", err)
	}
	res, err := combine.Combine(ctx, inputs, co)
	if err != nil {
		return failf(env.stderr, "refs", "%v", err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(env.stderr, "zcodec refs: warning: %s: %s\n", shown(nodeLabel(w.Path)), w.Message)
	}
	if err := writeSet(ctx, env, rf.out, rf, res.Set); err != nil {
		return failf(env.stderr, "refs", "%s: %v", shown(rf.out), err)
	}
	rep.Warnings, rep.Rewritten = res.Warnings, res.Rewritten
	if rep.Warnings == nil {
		rep.Warnings = []kerchunk.Warning{}
	}
	if rep.Rewritten == nil {
		rep.Rewritten = []string{}
	}
	if rf.report != "" {
		if err := writeReport(env, rf.report, rep); err != nil {
			return failf(env.stderr, "refs", "--report: %v", err)
		}
	}
	return 0
}

// scanFiles scans the files, rf.inFlight at a time, into inputs; the
// first file that fails (in the order given) is the error.
func scanFiles(ctx context.Context, rf *refsFlags, files []string, inputs []combine.Input) ([]refsReport, error) {
	// The URLs of the sets are absolute but for a relative --url-prefix,
	// which resolves from where the combined set lies (the working
	// directory for standard output).
	location := rf.out
	if location == "-" {
		location = "refs.json"
	}
	reports := make([]refsReport, len(files))
	err := workpool.Run(ctx, len(files), rf.inFlight, func(i int) error {
		res, url, err := scanFile(ctx, files[i], rf)
		if err != nil {
			return fileError(files[i], err)
		}
		inputs[i] = combine.Input{Name: shown(files[i]), Refs: res.Set, Location: location}
		reports[i] = *newRefsReport(files[i], url, rf.out, rf.format, res)
		return nil
	})
	return reports, err
}

// openSets opens the reference sets, rf.inFlight at a time, into inputs.
// The returned function closes those opened, also after an error.
func openSets(ctx context.Context, rf *refsFlags, sets []string, inputs []combine.Input) (func(), error) {
	stores := make([]*refstore.Store, len(sets))
	closeAll := func() {
		for _, s := range stores {
			if s != nil {
				s.Close()
			}
		}
	}
	err := workpool.Run(ctx, len(sets), rf.inFlight, func(i int) error {
		st, closeStore, err := openStore(ctx, sets[i], false, rf.sf)
		if err != nil {
			return fileError(sets[i], err)
		}
		rs, ok := st.(*refstore.Store)
		if !ok {
			closeStore()
			return fmt.Errorf("%s: not a kerchunk reference set (a JSON file or a Parquet directory)", shown(sets[i]))
		}
		stores[i] = rs
		inputs[i] = combine.Input{Name: shown(sets[i]), Refs: rs.Refs(), Location: sets[i]}
		return nil
	})
	return closeAll, err
}

// fileError is err of file, named once: errors of the HDF5 reader and of
// the stores already begin with the file's name.
func fileError(file string, err error) error {
	if msg := err.Error(); strings.HasPrefix(msg, file+": ") || strings.HasPrefix(msg, shown(file)+": ") {
		return err
	}
	return fmt.Errorf("%s: %w", shown(file), err)
}

// reportPointers returns pointers to the reports.
func reportPointers(reps []refsReport) []*refsReport {
	out := make([]*refsReport, len(reps))
	for i := range reps {
		out[i] = &reps[i]
	}
	return out
}

// printRefused names on standard error the datasets the scans left out.
// A dataset left out of many files for one reason is named once, with the
// first file and how many more.
func printRefused(env *environment, reps []*refsReport) {
	type refusal struct{ path, reason string }
	var order []refusal
	files := map[refusal][]string{}
	for _, rep := range reps {
		if rep == nil {
			continue
		}
		for _, r := range rep.Refused {
			k := refusal{nodeLabel(r.Path), r.Reason}
			if _, ok := files[k]; !ok {
				order = append(order, k)
			}
			files[k] = append(files[k], rep.File)
		}
	}
	for _, k := range order {
		f := files[k]
		where := shown(f[0])
		if len(f) > 1 {
			where = fmt.Sprintf("%s and %d more files", where, len(f)-1)
		}
		fmt.Fprintf(env.stderr, "zcodec refs: %s: %s not referenced: %s\n", where, shown(k.path), k.reason)
	}
}

// nodeLabel names a node of a set in messages: "/" for the root.
func nodeLabel(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// readOperandList reads the operands listed in name (- for standard
// input), one per line; blank lines are skipped.
func readOperandList(env *environment, name string) ([]string, error) {
	var r io.Reader = env.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxListLine)
	var out []string
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: line %d is longer than %d bytes", shown(name), line+1, maxListLine)
		}
		return nil, fmt.Errorf("%s: %w", shown(name), err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s lists nothing", shown(name))
	}
	return out, nil
}

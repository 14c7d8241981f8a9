package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/zcodec/zcodec/internal/shorten"

	_ "github.com/zcodec/zcodec/codecs"
	_ "github.com/zcodec/zcodec/interop/hdf5"              // HDF5 and netCDF-4 files as PATHs
	_ "github.com/zcodec/zcodec/interop/kerchunk/refstore" // kerchunk reference sets (JSON, Parquet) as PATHs
	_ "github.com/zcodec/zcodec/store/s3store"             // s3:// and gs:// PATHs
)

// command is one command: run gets the arguments after its name and
// returns the exit status. A command parses its arguments with newFlags
// (so -h works everywhere), reads metadata with readMetadata and writes
// files with createOutput.
type command struct {
	name    string
	summary string
	run     func(env *environment, args []string) int
}

// environment carries the process's streams and the context of the run,
// so that tests can run commands in-process.
type environment struct {
	// ctx is cancelled on SIGINT and SIGTERM (nil: never cancelled, for
	// in-process tests).
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	// backoff is the wait of object stores before their first retry
	// (store.ObjectOptions.Backoff): 0 for the store's default, negative
	// for none, which tests that make requests fail set.
	backoff time.Duration
}

// context returns the context a command runs with: main's, which a signal
// cancels.
func (e *environment) context() context.Context {
	if e.ctx == nil {
		return context.Background()
	}
	return e.ctx
}

// commands lists the commands in the order the usage shows them; a new
// command is one line here and one file beside this one.
func commands() []command {
	return []command{
		{"demo", "round-trip an embedded example array through a realistic chain", runDemo},
		{"validate", "check Zarr v3 array metadata (zarr.json) and show the resolved chain", runValidate},
		{"encode", "encode one chunk with the codec chain of a zarr.json", runEncode},
		{"decode", "decode one chunk with the codec chain of a zarr.json", runDecode},
		{"codecs", "list the registered codecs, their aliases and kinds", runCodecs},
		{"hdf5", "translate HDF5 dataset descriptions and filter pipelines", runHDF5},
		{"netcdf", "parse and format netCDF filter specs", runNetCDF},
		{"fillvalue", "encode and decode the CF _FillValue attribute", runFillValue},
		{"v2", "convert Zarr v2 array metadata to Zarr v3", runV2},
		{"info", "show the groups and arrays of a store: shapes, chunks, codecs, stored bytes", runInfo},
		{"cat", "write the values of a region of an array (raw, csv, npy, png or jsonl)", runCat},
		{"verify", "decode every stored chunk of a store and report the ones that fail", runVerify},
		{"convert", "re-encode an array or a hierarchy into a new Zarr v3 store", runConvert},
		{"advise", "find the smallest codec chain that keeps a stated error, measured", runAdvise},
		{"refs", "write kerchunk references (JSON or Parquet) to the chunks of an HDF5 or netCDF-4 file", runRefs},
		{"version", "print the module version, VCS revision and Go version zcodec was built from", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // a second signal ends the process the default way
	}()
	interrupted = func() bool { return ctx.Err() != nil }
	// Messages may quote names from a store: see safeWriter.
	env := &environment{ctx: ctx, stdin: os.Stdin, stdout: os.Stdout, stderr: newSafeWriter(os.Stderr)}
	code := exitStatus(ctx, run(env, os.Args[1:]))
	stop()
	os.Exit(code)
}

// interrupted reports whether a signal cancelled the context of the run;
// main sets it (in-process tests are never interrupted).
var interrupted = func() bool { return false }

// exitStatus is the status of a command that returned code under ctx: 130
// (SIGINT) or 143 (SIGTERM) when a signal cancelled ctx and the command
// failed, else code. A command that finished its work before it saw the
// signal keeps its status 0.
func exitStatus(ctx context.Context, code int) int {
	// Only a signal cancels ctx with a cause of its own: stop's cancel
	// leaves context.Canceled.
	cause := context.Cause(ctx)
	if code == 0 || cause == nil || cause == context.Canceled {
		return code
	}
	// signal.NotifyContext's cause is "<signal name> signal received".
	if strings.HasPrefix(cause.Error(), syscall.SIGTERM.String()) {
		return 128 + int(syscall.SIGTERM)
	}
	return 128 + int(syscall.SIGINT)
}

func run(env *environment, args []string) int {
	switch {
	case len(args) == 0:
		usage(env.stderr)
		return 2
	case wantsHelp(args[:1]) || args[0] == "help":
		usage(env.stdout)
		return 0
	case args[0] == "--version" || args[0] == "-version":
		return runVersion(env, args[1:])
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(env, args[1:])
		}
	}
	fmt.Fprintf(env.stderr, "zcodec: unknown command %s\n", shorten.Quote(args[0]))
	usage(env.stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: zcodec COMMAND [ARGS]   (zcodec COMMAND -h for a command's usage)")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
}

// subcommand is one verb of a two-word command ("hdf5 translate").
type subcommand struct {
	name    string
	summary string
	run     func(env *environment, args []string) int
}

// runGroup dispatches the verb in args[0] to one of subs. Otherwise it
// prints the group's usage: on standard output with exit status 0 when
// the arguments ask for help, on standard error with 2 when the verb is
// missing or unknown.
func runGroup(env *environment, group string, subs []subcommand, args []string) int {
	if len(args) > 0 {
		for _, s := range subs {
			if s.name == args[0] {
				return s.run(env, args[1:])
			}
		}
	}
	w, code := env.stderr, 2
	switch {
	case wantsHelp(args):
		w, code = env.stdout, 0
	case len(args) > 0:
		fmt.Fprintf(env.stderr, "zcodec %s: unknown command %s\n", group, shorten.Quote(args[0]))
	}
	fmt.Fprintf(w, "usage: zcodec %s COMMAND [ARGS]   (zcodec %s COMMAND -h for its usage)\n", group, group)
	for _, s := range subs {
		fmt.Fprintf(w, "  %-14s %s\n", s.name, s.summary)
	}
	return code
}

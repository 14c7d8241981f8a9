// Command zcodec validates Zarr v3 codec configurations, runs their codec
// chains on single chunks, reads, checks and converts Zarr stores and HDF5
// and netCDF-4 files, writes virtual references to files' chunks, and
// translates HDF5, netCDF and Zarr v2 metadata to Zarr v3.
//
// Usage:
//
//	zcodec demo                                    round-trip an embedded example array
//	zcodec validate [--json] FILE...               check zarr.json files (- = stdin)
//	zcodec encode --metadata FILE [-i IN] [-o OUT] encode one chunk
//	zcodec decode --metadata FILE [-i IN] [-o OUT] decode one chunk
//	zcodec codecs [--json]                         list the registered codecs
//	zcodec hdf5 translate [-o OUT] FILE|-          HDF5 dataset description -> zarr.json
//	zcodec hdf5 filters [-o OUT] FILE|-            zarr.json -> HDF5 filter pipeline
//	zcodec netcdf parse-filter [--nccopy] SPEC     netCDF filter spec -> JSON
//	zcodec netcdf format-filter FILE|-             JSON -> netCDF filter spec
//	zcodec fillvalue encode --dtype T VALUE        fill value -> CF _FillValue attribute
//	zcodec fillvalue decode --dtype T JSON         CF _FillValue attribute -> fill value
//	zcodec v2 convert [-o OUT] FILE|-              Zarr v2 .zarray -> zarr.json
//	zcodec advise CHUNK... --metadata FILE --abs-tol X   the smallest chain within an error
//	zcodec info|cat|verify|convert|advise PATH     a store, an HDF5/netCDF-4 file, a reference set
//	zcodec refs FILE -o OUT                        kerchunk references to an HDF5 file's chunks
//
// Every command and subcommand prints its usage with -h or --help. The
// decoded side of a chunk is its elements in C order, little-endian, of the
// array's data_type, with the chunk shape of its regular grid. IN and OUT
// default to standard input and output. On any error nothing is written to
// OUT (no partial file) and the reason goes to standard error. An OUT that
// is a device, a FIFO or a symbolic link is written through; a regular
// file is replaced atomically, keeping its mode (see
// cmd/zcodec/internal/outfile).
//
// The store commands (info, cat, verify, convert, advise) take a PATH: a
// directory (or a file:// URL), an http(s) URL, or an object store,
// s3://bucket/prefix or gs://bucket/prefix, parsed and opened by
// store.Open (see store.ParseLocation); a URL holding credentials ("@") is
// refused. A PATH that is an HDF5 or netCDF-4 file (recognised by its
// content, interop/hdf5/h5store), or a group or dataset inside one
// (FILE.nc/group/var), is read as a Zarr v3 hierarchy. Over HTTP, --timeout bounds a whole request, retries included,
// and --redirects says which redirects are followed: same-origin (the
// default), any-origin (configured headers are not sent to another origin)
// or none. Object stores take their credentials from the AWS SDK's
// default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE
// and the shared files, roles), never from a flag, and no output shows
// them; --endpoint URL (default AWS_ENDPOINT_URL_S3, then AWS_ENDPOINT_URL),
// --s3-region R (default AWS_REGION; not --region, which is
// cat's region of an array), --profile P (default AWS_PROFILE),
// --anonymous (unsigned requests, for public buckets) and --max-in-flight N
// (default store.DefaultObjectInFlight, 64) say how they are reached.
// convert and advise --apply refuse a DST that is SRC, lies inside it or
// holds it (after symbolic links), as a usage error.
//
// Limits: metadata inputs (zarr.json, .zarray, descriptions) are read up to
// 64 MiB; encode, decode, cat, verify, convert and advise refuse a chunk
// (shard) whose decoded size exceeds --max-chunk-bytes (default 1 GiB)
// before reading it.
//
// Names from a store (directory names, consolidated metadata keys) are
// shown quoted, with escapes, when they hold anything but printable
// characters, and standard error never carries a control character but
// newlines and tabs (see safetext.go); --json output is JSON, where
// encoding/json escapes them (and replaces invalid UTF-8 with U+FFFD).
//
// Exit status: 0 on success, 1 when a file is invalid or a chunk fails to
// encode or decode, 2 on a usage error, 130 when interrupted (SIGINT,
// Ctrl-C) and 143 when terminated (SIGTERM).
//
// Interrupts: main turns SIGINT and SIGTERM into the cancellation of the
// context every command runs with (one signal.NotifyContext). A command
// stops at its next chunk or read, removes its temporary output on its
// ordinary error path (nothing is left at -o FILE or at a DST), and the
// process exits 130 (143 for SIGTERM). A second signal ends the process at
// once, the default way, without that clean-up.
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
		{"cat", "write the values of a region of an array (raw, csv or npy)", runCat},
		{"verify", "decode every stored chunk of a store and report the ones that fail", runVerify},
		{"convert", "re-encode an array or a hierarchy into a new Zarr v3 store", runConvert},
		{"advise", "find the smallest codec chain that keeps a stated error, measured", runAdvise},
		{"refs", "write kerchunk references (JSON or Parquet) to the chunks of an HDF5 or netCDF-4 file", runRefs},
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

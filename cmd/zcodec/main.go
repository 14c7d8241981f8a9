// Command zcodec validates Zarr v3 codec configurations and runs their codec
// chains on single chunks.
//
// Usage:
//
//	zcodec demo                                    round-trip an embedded example array
//	zcodec validate [--json] FILE...               check zarr.json files (- = stdin)
//	zcodec encode --metadata FILE [-i IN] [-o OUT] encode one chunk
//	zcodec decode --metadata FILE [-i IN] [-o OUT] decode one chunk
//	zcodec codecs [--json]                         list the registered codecs
//	zcodec hdf5 translate FILE|-                   HDF5 dataset description -> zarr.json
//	zcodec hdf5 filters FILE|-                     zarr.json -> HDF5 filter pipeline
//	zcodec netcdf parse-filter SPEC                netCDF filter spec -> JSON
//	zcodec netcdf format-filter FILE|-             JSON -> netCDF filter spec
//	zcodec fillvalue encode --dtype T VALUE        fill value -> CF _FillValue attribute
//	zcodec fillvalue decode --dtype T JSON         CF _FillValue attribute -> fill value
//	zcodec v2 convert FILE|-                       Zarr v2 .zarray -> zarr.json
//
// The decoded side of a chunk is its elements in C order, little-endian,
// of the array's data_type, with the chunk shape of its regular grid. IN and
// OUT default to standard input and output. On any error nothing is written
// to OUT (no partial file) and the reason goes to standard error.
//
// Exit status: 0 on success, 1 when a file is invalid or a chunk fails to
// encode or decode, 2 on a usage error.
package main

import (
	"fmt"
	"io"
	"os"

	_ "github.com/zcodec/zcodec/codecs"
)

// command is one subcommand: run gets the arguments after its name.
type command struct {
	name    string
	summary string
	run     func(env *environment, args []string) int
}

// environment carries the process's streams, so that tests can run
// commands in-process.
type environment struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

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
	}
}

func main() {
	env := &environment{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	os.Exit(run(env, os.Args[1:]))
}

func run(env *environment, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(env.stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(env, args[1:])
		}
	}
	fmt.Fprintf(env.stderr, "zcodec: unknown command %q\n", args[0])
	usage(env.stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: zcodec COMMAND [ARGS]")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
}

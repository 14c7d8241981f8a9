package main

import (
	"fmt"

	"github.com/zcodec/zcodec/interop/netcdf"
)

func runNetCDF(env *environment, args []string) int {
	return runGroup(env, "netcdf", []subcommand{
		{"parse-filter", "netCDF _Filter / nccopy -F spec -> JSON list of {id, params}", runNetCDFParse},
		{"format-filter", "JSON list of {id, params} (FILE|-) -> netCDF filter spec", runNetCDFFormat},
	}, args)
}

func runNetCDFParse(env *environment, args []string) int {
	fs := newFlags(env, "netcdf parse-filter", "zcodec netcdf parse-filter [--nccopy] SPEC",
		"Parses a netCDF-4 _Filter spec (\"307,9|1,5\") and prints its filters as a JSON array of\n"+
			"{\"id\", \"params\"}; with --nccopy, an nccopy -F argument (\"var,307,9\", \"*,none\") printed\n"+
			"as {\"variables\", \"none\", \"filters\"}. A syntax error shows the failing character.")
	nccopy := fs.Bool("nccopy", false, "parse an nccopy -F argument (a variable selector, then a spec or none)")
	operands, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(operands) != 1 {
		return fs.fail("want one SPEC")
	}
	var out any
	var err error
	if *nccopy {
		out, err = netcdf.ParseCopySpec(operands[0])
	} else {
		out, err = netcdf.Parse(operands[0])
	}
	if err == nil {
		err = writeJSON(env.stdout, out, false)
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec netcdf parse-filter: %v\n", err)
		return 1
	}
	return 0
}

func runNetCDFFormat(env *environment, args []string) int {
	fs := newFlags(env, "netcdf format-filter", "zcodec netcdf format-filter FILE|-",
		"Reads a JSON array of {\"id\", \"params\"} (the output of parse-filter) and prints the\n"+
			"_Filter spec.")
	operands, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(operands) != 1 {
		return fs.fail("want one FILE (or - for standard input)")
	}
	data, err := readMetadata(env, operands[0])
	if err == nil {
		var filters []netcdf.Filter
		if filters, err = netcdf.DecodeFilters(data); err == nil {
			_, err = fmt.Fprintln(env.stdout, netcdf.Format(filters))
		}
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec netcdf format-filter: %v\n", err)
		return 1
	}
	return 0
}

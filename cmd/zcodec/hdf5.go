package main

import (
	"fmt"
	"github.com/zcodec/zcodec/numeric"

	"github.com/zcodec/zcodec/interop/hdf5"
)

func runHDF5(env *environment, args []string) int {
	return runGroup(env, "hdf5", []subcommand{
		{"translate", "HDF5 dataset description JSON (FILE|-) -> zarr.json", runHDF5Translate},
		{"filters", "zarr.json (FILE|-) -> HDF5 filter pipeline JSON", runHDF5Filters},
	}, args)
}

func runHDF5Translate(env *environment, args []string) int {
	fs := newFlags(env, "hdf5 translate", "zcodec hdf5 translate [-o OUT] FILE|-",
		"Reads an HDF5 dataset description (data_type, shape, chunks, filters, fill_value,\n"+
			"attributes; see package interop/hdf5) and writes the zarr.json whose codec chain decodes\n"+
			"the dataset's stored chunks unchanged. Warnings go to standard error.")
	data, _, dst, code, stop := fs.oneFileToOutput(args, fs.outputFlag())
	if stop {
		return code
	}
	defer dst.Abort()
	d, err := hdf5.ParseDescription(data)
	if err != nil {
		return failf(env.stderr, fs.Name(), "%v", err)
	}
	t, err := hdf5.Translate(d)
	if err != nil {
		return failf(env.stderr, fs.Name(), "%v", err)
	}
	for _, w := range t.Warnings {
		fmt.Fprintf(env.stderr, "zcodec hdf5 translate: warning: %s\n", w)
	}
	return writeArray(env, "hdf5 translate", dst, t.Array)
}

func runHDF5Filters(env *environment, args []string) int {
	fs := newFlags(env, "hdf5 filters", "zcodec hdf5 filters [-o OUT] FILE|-",
		"Reads a zarr.json and writes the HDF5 filter pipeline that stores chunks its codec chain\n"+
			"reads, as a JSON array of {\"id\", \"flags\", \"cd_values\", \"name\"}. Codecs with no HDF5\n"+
			"filter are an error that says why.")
	data, name, dst, code, stop := fs.oneFileToOutput(args, fs.outputFlag())
	if stop {
		return code
	}
	defer dst.Abort()
	a, code := parseArray(env, "hdf5 filters", name, data, nil)
	if a == nil {
		return code
	}
	fp, err := hdf5.FiltersFromPipeline(a.Pipeline)
	if err != nil {
		return failf(env.stderr, fs.Name(), "%v", err)
	}
	if fp.Endian == numeric.BigEndian {
		fmt.Fprintln(env.stderr, "zcodec hdf5 filters: note: the bytes codec stores big-endian elements; create the HDF5 dataset with a big-endian type")
	}
	for _, n := range fp.Notes {
		fmt.Fprintf(env.stderr, "zcodec hdf5 filters: note: %s\n", n)
	}
	if err := writeJSON(dst, fp.Filters, false); err != nil {
		return failf(env.stderr, fs.Name(), "%v", err)
	}
	if err := dst.Commit(); err != nil {
		return failf(env.stderr, fs.Name(), "%v", err)
	}
	return 0
}

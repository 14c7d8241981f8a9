package main

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/interop/zarrv2"
)

func runV2(env *environment, args []string) int {
	return runGroup(env, "v2", []subcommand{
		{"convert", "Zarr v2 .zarray (FILE|-) -> Zarr v3 zarr.json", runV2Convert},
	}, args)
}

func runV2Convert(env *environment, args []string) int {
	fs := newFlags(env, "v2 convert", "zcodec v2 convert [--xarray] [--fill VALUE] [--attrs FILE] [-o OUT] FILE|-",
		"Converts a Zarr v2 .zarray to the zarr.json whose codec chain decodes the array's existing\n"+
			"chunks: numcodecs compressors and filters become registered codecs (numcodecs.<id>, or the\n"+
			"core blosc, gzip and zstd), order \"F\" a transpose codec. Notes go to standard error.")
	xarray := fs.Bool("xarray", false, "the array was written by xarray: also write fill_value as the _FillValue attribute")
	fill := fs.String("fill", "", "fill value for a null fill_value (Zarr v3 fill-value JSON; NaN may go unquoted)")
	attrs := fs.String("attrs", "", "the array's .zattrs, copied to the attributes")
	data, _, dst, code, stop := fs.oneFileToOutput(args, fs.outputFlag())
	if stop {
		return code
	}
	defer dst.Abort()
	fail := func(err error) int { return failf(env.stderr, fs.Name(), "%v", err) }
	opts := zarrv2.Options{Xarray: *xarray}
	if *fill != "" {
		v := []byte(*fill)
		if !json.Valid(v) {
			v, _ = json.Marshal(*fill)
		}
		opts.FillValue = v
	}
	if *attrs != "" {
		b, err := readMetadata(env, *attrs)
		if err != nil {
			return fail(err)
		}
		b, _ = strictjson.FromPython(b) // .zattrs as zarr 2.x writes it: docs/decisions.md#d21
		obj, err := strictjson.Parse(b, strictjson.Options{})
		if err != nil {
			return fail(&inputError{*attrs, err})
		}
		opts.Attributes = map[string]json.RawMessage{}
		for _, k := range obj.Keys() {
			opts.Attributes[k], _ = obj.Raw(k)
		}
	}
	res, err := zarrv2.Convert(data, &opts)
	if err != nil {
		return fail(err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(env.stderr, "zcodec v2 convert: note: %s\n", w)
	}
	return writeArray(env, "v2 convert", dst, res.Array)
}

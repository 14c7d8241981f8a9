package main

import (
	"encoding/json"
	"fmt"
	"github.com/zcodec/zcodec/internal/shorten"

	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/numeric"
)

func runFillValue(env *environment, args []string) int {
	return runGroup(env, "fillvalue", []subcommand{
		{"encode", "--dtype T VALUE: Zarr fill-value JSON -> CF _FillValue attribute JSON", runFillValueEncode},
		{"decode", "--dtype T JSON: CF _FillValue attribute JSON -> Zarr fill-value JSON", runFillValueDecode},
	}, args)
}

// fillValueArgs parses "--dtype T VALUE" for fillvalue encode and decode.
// VALUE may be a negative number or -Infinity; the JSON quotes around
// strings may be left out.
func fillValueArgs(env *environment, verb, about string, args []string) (dt numeric.DataType, value []byte, exit int, stop bool) {
	fs := newFlags(env, "fillvalue "+verb, "zcodec fillvalue "+verb+" --dtype T VALUE", about)
	dtName := fs.String("dtype", "", "the array's Zarr v3 data type (required)")
	operands, code, stop := fs.parse(args)
	if stop {
		return 0, nil, code, true
	}
	if *dtName == "" {
		return 0, nil, fs.fail("--dtype is required"), true
	}
	if len(operands) != 1 {
		return 0, nil, fs.fail("want exactly one VALUE, got %d", len(operands)), true
	}
	dt, err := numeric.ParseDataType(*dtName)
	if err != nil {
		return 0, nil, fs.fail("--dtype: unsupported data type %s (want a Zarr v3 name such as float32)", shorten.Quote(*dtName)), true
	}
	value = []byte(operands[0])
	if !json.Valid(value) {
		value, _ = json.Marshal(operands[0])
	}
	return dt, value, 0, false
}

func runFillValueEncode(env *environment, args []string) int {
	dt, value, code, stop := fillValueArgs(env, "encode",
		"Writes the CF _FillValue attribute (as xarray encodes it for Zarr v3) of a fill value\n"+
			"given in Zarr fill-value JSON: a number, NaN, Infinity, -Infinity, \"0x\" hex, true/false\n"+
			"or [re, im]. Floats become Base64 of the little-endian float64.", args)
	if stop {
		return code
	}
	s, warns, err := numeric.ParseFillValueWarnings(dt, value)
	var enc json.RawMessage
	if err == nil {
		for _, w := range warns {
			fmt.Fprintf(env.stderr, "zcodec fillvalue encode: warning: %s\n", w)
		}
		enc, err = cf.Encode(s)
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec fillvalue encode: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "%s\n", enc)
	return 0
}

func runFillValueDecode(env *environment, args []string) int {
	dt, value, code, stop := fillValueArgs(env, "decode",
		"Reads a CF _FillValue attribute value (for floats the Base64 string, with or without its\n"+
			"JSON quotes) and prints the fill value in canonical Zarr fill-value JSON.", args)
	if stop {
		return code
	}
	s, err := cf.Decode(dt, value)
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec fillvalue decode: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "%s\n", numeric.FormatFillValue(s))
	return 0
}

package cf

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/zcodec/zcodec/numeric"
)

// EncodeCommand runs `zcodec fillvalue encode --dtype T VALUE`: VALUE is a
// value of data type T written as in Zarr fill-value JSON (a number, NaN,
// Infinity, -Infinity, a "0x" hex string, true/false, [re, im]; the JSON
// quotes around NaN, Infinity and hex may be left out). It prints the
// `_FillValue` attribute's JSON value and a newline on stdout, e.g.
// "AAAA4P//70c=" (with its quotes) for float32 3.4028235e38. Exit status: 0
// on success, 1 for a value that is not valid for T, 2 for a usage error;
// messages go to stderr. args are the arguments after "encode".
func EncodeCommand(args []string, stdout, stderr io.Writer) int {
	dt, value, code := parseArgs("encode", args, stderr)
	if code != 0 {
		return code
	}
	raw := []byte(value)
	if !json.Valid(raw) {
		raw, _ = json.Marshal(value)
	}
	s, warns, err := numeric.ParseFillValueWarnings(dt, raw)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec fillvalue encode: %v\n", err)
		return 1
	}
	for _, w := range warns {
		fmt.Fprintf(stderr, "zcodec fillvalue encode: warning: %s\n", w)
	}
	enc, err := Encode(s)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec fillvalue encode: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", enc)
	return 0
}

// DecodeCommand runs `zcodec fillvalue decode --dtype T JSON`: JSON is a
// `_FillValue` attribute value (for floats the Base64 string, with or
// without its JSON quotes). It prints the value in canonical Zarr
// fill-value JSON and a newline on stdout. Exit status as EncodeCommand.
func DecodeCommand(args []string, stdout, stderr io.Writer) int {
	dt, value, code := parseArgs("decode", args, stderr)
	if code != 0 {
		return code
	}
	raw := []byte(value)
	if !json.Valid(raw) {
		raw, _ = json.Marshal(value)
	}
	s, err := Decode(dt, raw)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec fillvalue decode: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", numeric.FormatFillValue(s))
	return 0
}

// parseArgs reads "--dtype T VALUE" in any order. VALUE may start with '-'
// (-9999, -Infinity); "--" ends the options.
func parseArgs(cmd string, args []string, stderr io.Writer) (numeric.DataType, string, int) {
	usage := func(msg string) (numeric.DataType, string, int) {
		fmt.Fprintf(stderr, "zcodec fillvalue %s: %s\nusage: zcodec fillvalue %s --dtype T VALUE\n", cmd, msg, cmd)
		return 0, "", 2
	}
	var dtName string
	var vals []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			vals = append(vals, args[i+1:]...)
			i = len(args)
		case a == "--dtype" || a == "-dtype":
			if i+1 >= len(args) {
				return usage("--dtype needs a data type")
			}
			dtName = args[i+1]
			i++
		case strings.HasPrefix(a, "--dtype=") || strings.HasPrefix(a, "-dtype="):
			dtName = a[strings.IndexByte(a, '=')+1:]
		case strings.HasPrefix(a, "-") && len(a) > 1 && !isValueStart(a[1]):
			return usage(fmt.Sprintf("unknown flag %s", a))
		default:
			vals = append(vals, a)
		}
	}
	if dtName == "" {
		return usage("--dtype is required")
	}
	if len(vals) != 1 {
		return usage(fmt.Sprintf("want exactly one VALUE, got %d", len(vals)))
	}
	dt, err := numeric.ParseDataType(dtName)
	if err != nil {
		return usage(err.Error())
	}
	return dt, vals[0], 0
}

func isValueStart(c byte) bool { return c >= '0' && c <= '9' || c == '.' || c == 'I' || c == 'i' }

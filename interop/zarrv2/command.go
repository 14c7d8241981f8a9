package zarrv2

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/registry"
)

// ConvertCommand runs `zcodec v2 convert [--xarray] [--fill VALUE]
// [--attrs FILE] FILE|-`: it reads a .zarray (from FILE, or stdin for "-")
// and writes the zarr.json to stdout, warnings to stderr. --fill gives the
// fill value for a null fill_value (Zarr v3 fill-value JSON; NaN and
// Infinity may be written without quotes), --xarray also writes a non-null
// fill_value as the `_FillValue` attribute (Options.Xarray), --attrs copies
// the attributes of a .zattrs file. Every codec must be registered in
// registry.Default() (so the caller imports the codecs it supports). Exit
// status: 0 on success, 1 for a .zarray that cannot be converted, 2 for a
// usage error. args are the arguments after "convert".
func ConvertCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "zcodec v2 convert: %s\nusage: zcodec v2 convert [--xarray] [--fill VALUE] [--attrs FILE] FILE|-\n", msg)
		return 2
	}
	opts := Options{Registry: registry.Default()}
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--xarray":
			opts.Xarray = true
		case a == "--fill" || a == "--attrs":
			if i+1 >= len(args) {
				return usage(a + " needs a value")
			}
			i++
			if a == "--fill" {
				v := []byte(args[i])
				if !json.Valid(v) {
					v, _ = json.Marshal(args[i])
				}
				opts.FillValue = v
				continue
			}
			b, err := os.ReadFile(args[i])
			if err != nil {
				fmt.Fprintf(stderr, "zcodec v2 convert: %v\n", err)
				return 1
			}
			if err := json.Unmarshal(b, &opts.Attributes); err != nil {
				fmt.Fprintf(stderr, "zcodec v2 convert: %s: not a JSON object: %v\n", args[i], err)
				return 1
			}
		case strings.HasPrefix(a, "--"):
			return usage("unknown flag " + a)
		default:
			files = append(files, a)
		}
	}
	if len(files) != 1 {
		return usage("want one FILE or -")
	}
	data, err := hdf5.ReadInput(files, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec v2 convert: %v\n", err)
		return 1
	}
	res, err := Convert(data, opts)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec v2 convert: %v\n", err)
		return 1
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "zcodec v2 convert: warning: %s\n", w)
	}
	stdout.Write(res.ZarrJSON)
	return 0
}

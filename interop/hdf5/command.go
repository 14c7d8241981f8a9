package hdf5

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
)

// maxInput bounds what a command reads from its input.
const maxInput = 64 << 20

// ReadInput reads the file named by args[0], or stdin when it is "-". It is
// shared by the commands of the interop packages.
func ReadInput(args []string, stdin io.Reader) ([]byte, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("want one argument, FILE or -, got %d", len(args))
	}
	var r io.Reader
	if args[0] == "-" {
		r = stdin
	} else {
		f, err := os.Open(args[0])
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxInput {
		return nil, fmt.Errorf("input is larger than %d bytes", maxInput)
	}
	return b, nil
}

// TranslateCommand runs `zcodec hdf5 translate FILE|-`: it reads a dataset
// description (from FILE, or stdin for "-"), writes the zarr.json to stdout
// and each warning as a line on stderr. Exit status: 0 on success (with or
// without warnings), 1 when the description is invalid or a filter has no
// codec (the error on stderr), 2 for a usage error. args are the arguments
// after "translate".
func TranslateCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	data, err := ReadInput(args, stdin)
	if err != nil {
		return usageOrIO(stderr, "zcodec hdf5 translate", "FILE|-", args, err)
	}
	d, err := ParseDescription(data)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec hdf5 translate: %v\n", err)
		return 1
	}
	t, err := Translate(d)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec hdf5 translate: %v\n", err)
		return 1
	}
	for _, w := range t.Warnings {
		fmt.Fprintf(stderr, "zcodec hdf5 translate: warning: %s\n", w)
	}
	stdout.Write(t.ZarrJSON)
	return 0
}

// FiltersCommand runs `zcodec hdf5 filters FILE|-`: it reads a zarr.json
// and writes the HDF5 filter pipeline as a JSON array of {"id", "flags",
// "cd_values", "name"} to stdout. When the chain stores big-endian elements
// a note says so on stderr (create the HDF5 dataset with a big-endian type).
// Exit status: 0 on success, 1 when a codec has no HDF5 filter, 2 for a
// usage error.
func FiltersCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	data, err := ReadInput(args, stdin)
	if err != nil {
		return usageOrIO(stderr, "zcodec hdf5 filters", "FILE|-", args, err)
	}
	filters, endian, err := FiltersFromZarr(data)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec hdf5 filters: %v\n", err)
		return 1
	}
	if endian == bytescodec.BigEndian {
		fmt.Fprintln(stderr, "zcodec hdf5 filters: note: the bytes codec stores big-endian elements; create the HDF5 dataset with a big-endian type")
	}
	if filters == nil {
		filters = []Filter{}
	}
	out, _ := json.MarshalIndent(filters, "", "  ")
	stdout.Write(append(out, '\n'))
	return 0
}

func usageOrIO(stderr io.Writer, cmd, operands string, args []string, err error) int {
	fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: %s %s\n", cmd, operands)
		return 2
	}
	return 1
}

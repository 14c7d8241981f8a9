package main

import (
	"errors"

	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/metadata"
)

// defaultMaxChunkBytes is the default of --max-chunk-bytes: 1 GiB, a chunk
// a laptop decodes comfortably (decoding holds the decoded chunk and the
// encoded bytes).
const defaultMaxChunkBytes = 1 << 30

func runEncode(env *environment, args []string) int { return runChunk(env, "encode", args) }

func runDecode(env *environment, args []string) int { return runChunk(env, "decode", args) }

// byteSize is a flag value of bytes: an integer with an optional unit
// (one of byteUnits).
type byteSize int64

// byteUnits are the units of byte counts the command reads (byteSize) and
// writes (byteSize.String, sizeText), the one table of them: the binary
// units first, largest last, then the decimal ones, which are only read,
// and B for bytes.
var byteUnits = []struct {
	suffix string
	factor int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
}

// binaryUnits are the units byte counts are written in: KiB to TiB.
var binaryUnits = byteUnits[:4]

func (b *byteSize) String() string {
	n := int64(*b)
	for i, u := range binaryUnits {
		if n >= u.factor && n%u.factor == 0 && (n/u.factor < 1024 || i == len(binaryUnits)-1) {
			return strconv.FormatInt(n/u.factor, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// sizeText writes a byte count for people, in the largest binary unit it
// reaches, with one decimal: "4.0 MiB", or "512 bytes".
func sizeText(n int64) string {
	for i := len(binaryUnits) - 1; i >= 0; i-- {
		if u := binaryUnits[i]; n >= u.factor {
			return strconv.FormatFloat(float64(n)/float64(u.factor), 'f', 1, 64) + " " + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

func (b *byteSize) Set(s string) error {
	num, factor := strings.TrimSpace(s), int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(num, u.suffix) {
			num, factor = strings.TrimSpace(strings.TrimSuffix(num, u.suffix)), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/factor {
		return errors.New("want a positive number of bytes, such as 1073741824, 512MiB or 2GiB")
	}
	*b = byteSize(n * factor)
	return nil
}

// runChunk encodes or decodes one chunk with the chain of a zarr.json.
func runChunk(env *environment, op string, args []string) int {
	fs := newFlags(env, op, "zcodec "+op+" --metadata FILE [-i IN] [-o OUT] [--max-chunk-bytes N]",
		op+"s one chunk with the codec chain of the array's zarr.json. The decoded side is the\n"+
			"chunk's elements in C order, little-endian. IN and OUT default to standard input and\n"+
			"output; on any error nothing is written to OUT.")
	meta := fs.String("metadata", "", "the array's zarr.json (required; - reads standard input)")
	in := fs.String("i", "-", "input file (- = standard input)")
	out := fs.outputFlag()
	maxBytes := byteSize(defaultMaxChunkBytes)
	fs.Var(&maxBytes, "max-chunk-bytes", "refuse chunks whose decoded size exceeds this, before reading them")
	operands, code, stop := fs.parse(args)
	if stop {
		return code
	}
	switch {
	case *meta == "":
		return fs.fail("--metadata is required")
	case len(operands) > 0:
		return fs.fail("unexpected argument %s", shorten.String(operands[0]))
	case *meta == "-" && *in == "-":
		return fs.fail("--metadata and -i cannot both read standard input")
	}
	fail := func(err error) int { return failf(env.stderr, op, "%v", err) }
	dst, err := createOutput(env, *out)
	if err != nil {
		return fail(err)
	}
	defer dst.Abort()
	mdata, err := readMetadata(env, *meta)
	if err != nil {
		return fail(err)
	}
	// Decoding reads chunks of an array that exists: a fill value that
	// does not survive the chain is a warning there, an error when
	// encoding (docs/decisions.md#d17).
	mode := codec.FillStrict
	if op == "decode" {
		mode = codec.FillWarn
	}
	a, code := parseArray(env, op, *meta, mdata, &metadata.Options{Options: codec.Options{FillMode: mode}})
	if a == nil {
		return code
	}
	p := a.Pipeline
	if n := p.DecodedSize(); int64(n) > int64(maxBytes) {
		return fail(fmt.Errorf("a chunk of this array (%v) decodes to %d bytes, more than --max-chunk-bytes %v; raise the limit to %s it", p.Spec(), n, &maxBytes, op))
	}
	// Never read more than a valid input can hold.
	limit := p.DecodedSize()
	if op == "decode" {
		limit = p.Encoded().MaxSize
	}
	src, err := readInput(env, *in, int64(limit))
	if err != nil {
		return fail(err)
	}
	if src == nil {
		return fail(&inputError{*in, fmt.Errorf("holds more than the %d bytes a chunk of this array can have", limit)})
	}
	var result []byte
	if op == "encode" {
		result, err = p.AppendEncode(nil, src)
	} else {
		result = make([]byte, p.DecodedSize())
		err = p.Decode(result, src)
	}
	if err != nil {
		return fail(err)
	}
	if _, err := dst.Write(result); err != nil {
		return fail(err)
	}
	if err := dst.Commit(); err != nil {
		return fail(err)
	}
	return 0
}

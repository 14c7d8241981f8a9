package kerchunk

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
)

// zarray is a Zarr v2 .zarray document, its members in the order zarr
// writes them.
type zarray struct {
	Chunks     []int64           `json:"chunks"`
	Compressor json.RawMessage   `json:"compressor"`
	Dtype      string            `json:"dtype"`
	FillValue  json.RawMessage   `json:"fill_value"`
	Filters    []json.RawMessage `json:"filters"`
	Order      string            `json:"order"`
	Shape      []int64           `json:"shape"`
	ZarrFormat int               `json:"zarr_format"`
}

// v2Chain is the Zarr v2 form of an array's Zarr v3 codec chain.
type v2Chain struct {
	dtype   string
	endian  numeric.Endian
	filters []json.RawMessage
	// trim is the bytes to drop from the end of every chunk: the
	// checksum of a final fletcher32, which numcodecs 0.11 cannot check.
	trim int
	// vlen is set for variable-length strings ("|O").
	vlen bool
}

// UnsupportedCodecError is a codec of an array's chain that no numcodecs
// 0.11 codec decodes, so its chunks cannot be referenced.
type UnsupportedCodecError struct {
	Codec  string // the Zarr v3 codec name
	Reason string
}

func (e *UnsupportedCodecError) Error() string {
	return fmt.Sprintf("the codec %s has no numcodecs equivalent (%s)", e.Codec, e.Reason)
}

// Is makes every UnsupportedCodecError match ErrRefused.
func (e *UnsupportedCodecError) Is(target error) bool { return target == ErrRefused }

// codecDoc is a Zarr v3 codec entry.
type codecDoc struct {
	Name          string          `json:"name"`
	Configuration json.RawMessage `json:"configuration"`
}

// hdf5Names says what the HDF5-specific codecs are, for refusals.
var hdf5Names = map[string]string{
	"zcodec.hdf5_szip":        "the HDF5 szip filter",
	"zcodec.hdf5_nbit":        "the HDF5 n-bit filter",
	"zcodec.hdf5_scaleoffset": "the HDF5 scale-offset filter",
	"zcodec.hdf5_bitshuffle":  "the bitshuffle filter 32008 with its HDF5 framing",
	"zcodec.hdf5_lzf":         "the HDF5 LZF filter 32000",
	"zcodec.hdf5_lz4":         "the HDF5 LZ4 filter 32004, whose framing differs from numcodecs' lz4",
}

// v2ChainOf translates the chain of m to numcodecs filters (compressor
// null, every codec in "filters", as kerchunk writes them).
// With fletcherFilter, a fletcher32 is written as numcodecs' fletcher32
// filter (numcodecs 0.12 and later) wherever it is; else a final one is
// left out of the references and any other is refused.
func v2ChainOf(m *metadata.Array, fletcherFilter bool) (*v2Chain, error) {
	c := &v2Chain{}
	dt := m.DataType
	n := len(m.Codecs)
	for i, cd := range m.Codecs {
		raw, err := cd.MarshalJSON()
		if err != nil {
			return nil, err
		}
		var doc codecDoc
		if err := json.Unmarshal(raw, &doc); err != nil {
			return nil, err
		}
		var cfg map[string]json.RawMessage
		if len(doc.Configuration) > 0 {
			_ = json.Unmarshal(doc.Configuration, &cfg)
		}
		num := func(k string) (int64, bool) {
			v, ok := cfg[k]
			if !ok {
				return 0, false
			}
			x, err := strconv.ParseInt(string(v), 10, 64)
			return x, err == nil
		}
		switch doc.Name {
		case "bytes":
			var e struct {
				Endian string `json:"endian"`
			}
			_ = json.Unmarshal(doc.Configuration, &e)
			if e.Endian == "big" {
				c.endian = numeric.BigEndian
			} else {
				c.endian = numeric.LittleEndian
			}
		case "vlen-utf8", "vlen-bytes":
			c.vlen = true
			c.filters = append(c.filters, json.RawMessage(`{"id":"`+doc.Name+`"}`))
		case "numcodecs.shuffle":
			es, ok := num("elementsize")
			if !ok {
				es = int64(dt.Size())
			}
			c.filters = append(c.filters, mustJSON(map[string]any{"id": "shuffle", "elementsize": es}))
		case "numcodecs.zlib", "numcodecs.bz2", "numcodecs.gzip":
			level, ok := num("level")
			if !ok {
				level = 1
			}
			c.filters = append(c.filters, mustJSON(map[string]any{"id": doc.Name[len("numcodecs."):], "level": level}))
		case "zstd", "numcodecs.zstd":
			// numcodecs 0.11 has no checksum setting, but its decoder
			// reads frames with checksums.
			level, _ := num("level")
			c.filters = append(c.filters, mustJSON(map[string]any{"id": "zstd", "level": level}))
		case "blosc":
			var b struct {
				Cname     string `json:"cname"`
				Clevel    int    `json:"clevel"`
				Shuffle   string `json:"shuffle"`
				Blocksize int    `json:"blocksize"`
			}
			if err := json.Unmarshal(doc.Configuration, &b); err != nil {
				return nil, &UnsupportedCodecError{Codec: doc.Name, Reason: "its configuration: " + err.Error()}
			}
			sh := map[string]int{"noshuffle": 0, "shuffle": 1, "bitshuffle": 2}
			s, ok := sh[b.Shuffle]
			if !ok {
				return nil, &UnsupportedCodecError{Codec: doc.Name, Reason: "shuffle " + strconv.Quote(b.Shuffle)}
			}
			c.filters = append(c.filters, mustJSON(map[string]any{"id": "blosc", "cname": b.Cname, "clevel": b.Clevel, "shuffle": s, "blocksize": b.Blocksize}))
		case "numcodecs.fletcher32":
			if fletcherFilter {
				c.filters = append(c.filters, json.RawMessage(`{"id":"fletcher32"}`))
				continue
			}
			if i != n-1 {
				return nil, &UnsupportedCodecError{Codec: doc.Name, Reason: "numcodecs 0.11 has no fletcher32, and a checksum that is not the last filter cannot be left out of the references (Fletcher32Filter, --fletcher32-filter, writes numcodecs 0.12's fletcher32 filter)"}
			}
			c.trim = 4
		default:
			reason := "no numcodecs 0.11 codec reads its chunks"
			if r, ok := hdf5Names[doc.Name]; ok {
				reason = r + ", which no numcodecs 0.11 codec reads"
			}
			return nil, &UnsupportedCodecError{Codec: doc.Name, Reason: reason}
		}
	}
	switch {
	case c.vlen:
		c.dtype = "|O"
	default:
		c.dtype = npdtype.Format(dt, c.endian)
		if c.dtype == "" || dt.IsTime() {
			return nil, &UnsupportedCodecError{Codec: "bytes", Reason: "the data type " + dt.String() + " has no NumPy dtype Zarr v2 reads"}
		}
	}
	return c, nil
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// fillJSON writes a fill value as zarr 2.13 writes .zarray fill_value for
// the dtype: numbers, "NaN", "Infinity" and "-Infinity" for floats,
// [re, im] for complex numbers, true/false, base64 for byte strings and
// raw bytes, the string itself for variable-length strings.
func fillJSON(s numeric.Scalar) json.RawMessage {
	dt := s.DataType()
	switch {
	case dt == numeric.Bool:
		if s.Bool() {
			return json.RawMessage("true")
		}
		return json.RawMessage("false")
	case dt.IsInteger():
		if v, ok := s.Int64(); ok {
			return json.RawMessage(strconv.FormatInt(v, 10))
		}
		lo, _ := s.Bits()
		return json.RawMessage(strconv.FormatUint(lo, 10))
	case dt.IsComplex():
		re, im := s.Parts()
		return json.RawMessage("[" + string(fillJSON(re)) + "," + string(fillJSON(im)) + "]")
	case dt.IsFloat():
		return floatJSON(s.Float64(), dt.Size())
	case dt == numeric.String || dt == numeric.Bytes:
		if t, ok := s.Text(); ok {
			return mustJSON(t)
		}
		if b, ok := s.ByteString(); ok {
			return mustJSON(string(b))
		}
		return json.RawMessage(`""`)
	case dt.IsByteString() || dt.Kind() == numeric.RawBytes:
		b := s.Bytes()
		if v, ok := s.ByteString(); ok && len(v) <= dt.Size() {
			b = v
		}
		return mustJSON(base64.StdEncoding.EncodeToString(b))
	}
	b, _ := s.MarshalJSON()
	return b
}

// floatJSON writes a float as a JSON number (the shortest decimal of a
// value of size bytes), or "NaN", "Infinity", "-Infinity".
func floatJSON(v float64, size int) json.RawMessage {
	switch {
	case math.IsNaN(v):
		return json.RawMessage(`"NaN"`)
	case math.IsInf(v, 1):
		return json.RawMessage(`"Infinity"`)
	case math.IsInf(v, -1):
		return json.RawMessage(`"-Infinity"`)
	}
	bits := 64
	if size == 4 {
		bits = 32
	}
	str := strconv.FormatFloat(v, 'g', -1, bits)
	if size == 2 {
		str = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return json.RawMessage(str)
}

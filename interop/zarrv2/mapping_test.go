package zarrv2_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// The mapping is tested with a private registry of stand-in codecs, so it
// does not depend on which real codecs a build has: each stand-in reads
// exactly the configuration keys it is given and writes them back.

// recorded is a stand-in codec: its name and configuration as read.
type recorded struct {
	name   string
	kind   codec.Kind
	config map[string]json.RawMessage
	// outType is the data type an array->array stand-in produces (from
	// its "astype" key), 0 for the input's.
	outType numeric.DataType
}

func (r *recorded) Name() string { return r.name }
func (r *recorded) MarshalJSON() ([]byte, error) {
	if r.config == nil {
		return codec.MarshalCodec(r.name, nil)
	}
	return codec.MarshalCodec(r.name, r.config)
}

type recordedA2A struct{ *recorded }

func (r recordedA2A) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	out := s.Clone()
	if r.outType != 0 {
		out = s.WithDataType(r.outType, numeric.Zero(r.outType))
	}
	if order, ok := r.config["order"]; ok {
		var perm []int
		_ = json.Unmarshal(order, &perm)
		for i, p := range perm {
			out.Shape[i] = s.Shape[p]
		}
	}
	return identityA2A{out, s.FillValue}, nil
}

type identityA2A struct {
	enc  codec.ChunkSpec
	fill numeric.Scalar // the decoded fill
}

func (b identityA2A) Encoded() codec.ChunkSpec                          { return b.enc }
func (identityA2A) EncodeArray(dst, src []byte) error                   { copy(dst, src); return nil }
func (identityA2A) DecodeArray(dst, src []byte) error                   { copy(dst, src); return nil }
func (b identityA2A) DecodeFill(numeric.Scalar) (numeric.Scalar, error) { return b.fill, nil }
func (r recordedB2B) ResolveBytesToBytes(d codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return identityB2B{d}, nil
}

type recordedB2B struct{ *recorded }

type identityB2B struct{ spec codec.BytesSpec }

func (b identityB2B) Encoded() codec.BytesSpec                   { return b.spec }
func (identityB2B) AppendEncode(dst, src []byte) ([]byte, error) { return append(dst, src...), nil }
func (identityB2B) AppendDecode(dst, src []byte) ([]byte, error) { return append(dst, src...), nil }

// standIns returns a registry with the real bytes codec and stand-ins for
// the named codecs, each reading the listed keys.
func standIns(kinds map[string]codec.Kind) *registry.Registry {
	reg := registry.New()
	reg.Register(registry.Registration{Name: bytescodec.Name, Kind: codec.KindArrayToBytes, New: bytescodec.NewFromConfig})
	for name, kind := range kinds {
		reg.Register(registry.Registration{Name: name, Kind: kind, New: func(cfg *codec.Config) (codec.Codec, error) {
			r := &recorded{name: name, kind: kind}
			for _, k := range []string{"a", "b", "order", "cname", "clevel", "shuffle", "typesize", "blocksize", "level", "checksum", "dtype", "astype", "elementsize"} {
				if v, ok := cfg.Raw(k); ok {
					if r.config == nil {
						r.config = map[string]json.RawMessage{}
					}
					r.config[k] = v
					if k == "astype" {
						var s string
						_ = json.Unmarshal(v, &s)
						r.outType, _, _ = npdtype.Parse(s)
					}
				}
			}
			if err := cfg.Finish(); err != nil {
				return nil, err
			}
			if kind == codec.KindArrayToArray {
				return recordedA2A{r}, nil
			}
			return recordedB2B{r}, nil
		}})
	}
	return reg
}

// codecsOf converts zarray with reg and returns the chain's codec JSON.
func codecsOf(t *testing.T, reg *registry.Registry, zarray string) string {
	t.Helper()
	res, err := zarrv2.Convert([]byte(zarray), &zarrv2.Options{Registry: reg})
	if err != nil {
		t.Fatalf("Convert(%s): %v", zarray, err)
	}
	var parts []string
	for _, c := range res.Array.Codecs {
		j, _ := c.MarshalJSON()
		parts = append(parts, string(j))
	}
	return strings.Join(parts, " ")
}

func zarray(dtype, order, filters, compressor string) string {
	return fmt.Sprintf(`{"zarr_format": 2, "shape": [6, 4, 2], "chunks": [3, 4, 2], "dtype": %q, "fill_value": 0,
		"order": %q, "filters": %s, "compressor": %s}`, dtype, order, filters, compressor)
}

func TestGenericMapping(t *testing.T) {
	reg := standIns(map[string]codec.Kind{
		"numcodecs.frob":   codec.KindBytesToBytes,
		"numcodecs.narrow": codec.KindArrayToArray,
		"transpose":        codec.KindArrayToArray,
		"blosc":            codec.KindBytesToBytes,
		"numcodecs.blosc":  codec.KindBytesToBytes,
		"zstd":             codec.KindBytesToBytes,
		"gzip":             codec.KindBytesToBytes,
		"numcodecs.gzip":   codec.KindBytesToBytes,
	})
	for _, c := range []struct{ zarray, want string }{
		// {"id": X, ...} -> numcodecs.X with the rest as configuration
		{zarray("<f4", "C", "null", `{"id": "frob", "a": 1, "b": "x"}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"numcodecs.frob","configuration":{"a":1,"b":"x"}}`},
		// netcdf-c's numbers in strings
		{zarray("<f4", "C", "null", `{"id": "frob", "a": "17", "b": "x"}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"numcodecs.frob","configuration":{"a":17,"b":"x"}}`},
		// an array->array filter goes before bytes, which stores its output
		// type in that type's byte order
		{zarray("<f8", "C", `[{"id": "narrow", "dtype": "<f8", "astype": ">u2"}]`, "null"),
			`{"name":"numcodecs.narrow","configuration":{"astype":">u2","dtype":"<f8"}} {"name":"bytes","configuration":{"endian":"big"}}`},
		{zarray(">f8", "C", `[{"id": "narrow", "dtype": ">f8", "astype": "|u1"}]`, `{"id": "frob"}`),
			`{"name":"numcodecs.narrow","configuration":{"astype":"|u1","dtype":">f8"}} {"name":"bytes"} {"name":"numcodecs.frob"}`},
		// order F: transpose with the reversed axes, first
		{zarray("<i2", "F", `[{"id": "narrow", "dtype": "<i2", "astype": "<i4"}]`, "null"),
			`{"name":"transpose","configuration":{"order":[2,1,0]}} {"name":"numcodecs.narrow","configuration":{"astype":"<i4","dtype":"<i2"}} {"name":"bytes","configuration":{"endian":"little"}}`},
		// blosc: the core codec, shuffle named, typesize of what it compresses
		{zarray("<f4", "C", "null", `{"id": "blosc", "cname": "zstd", "clevel": 3, "shuffle": 2, "blocksize": 0}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"blosc","configuration":{"blocksize":0,"clevel":3,"cname":"zstd","shuffle":"bitshuffle","typesize":4}}`},
		{zarray("<f4", "C", "null", `{"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"blosc","configuration":{"blocksize":0,"clevel":5,"cname":"lz4","shuffle":"shuffle","typesize":4}}`},
		{zarray("|u1", "C", "null", `{"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0}`),
			`{"name":"bytes"} {"name":"blosc","configuration":{"blocksize":0,"clevel":5,"cname":"lz4","shuffle":"bitshuffle","typesize":1}}`},
		{zarray("<f8", "C", `[{"id": "narrow", "dtype": "<f8", "astype": "<i2"}]`, `{"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 0, "blocksize": 256}`),
			`{"name":"numcodecs.narrow","configuration":{"astype":"<i2","dtype":"<f8"}} {"name":"bytes","configuration":{"endian":"little"}} {"name":"blosc","configuration":{"blocksize":256,"clevel":5,"cname":"lz4","shuffle":"noshuffle","typesize":2}}`},
		// a shuffle int numcodecs does not define stays numcodecs.blosc
		{zarray("<f4", "C", "null", `{"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 7, "blocksize": 0}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"numcodecs.blosc","configuration":{"blocksize":0,"clevel":5,"cname":"lz4","shuffle":7}}`},
		// zstd and gzip are core codecs (gzip only with a level 0 to 9)
		{zarray("<f4", "C", "null", `{"id": "zstd", "level": 1}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"zstd","configuration":{"level":1}}`},
		{zarray("<f4", "C", "null", `{"id": "gzip", "level": 5}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"gzip","configuration":{"level":5}}`},
		{zarray("<f4", "C", "null", `{"id": "gzip", "level": -1}`),
			`{"name":"bytes","configuration":{"endian":"little"}} {"name":"numcodecs.gzip","configuration":{"level":-1}}`},
	} {
		if got := codecsOf(t, reg, c.zarray); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.zarray, got, c.want)
		}
	}
}

// TestFilterOrder: an array->array filter after a bytes->bytes one has no
// Zarr v3 chain.
func TestFilterOrder(t *testing.T) {
	reg := standIns(map[string]codec.Kind{"numcodecs.frob": codec.KindBytesToBytes, "numcodecs.narrow": codec.KindArrayToArray})
	_, err := zarrv2.Convert([]byte(zarray("<f4", "C", `[{"id": "frob"}, {"id": "narrow", "astype": "<f4"}]`, "null")), &zarrv2.Options{Registry: reg})
	var ce *zarrv2.Error
	if !errors.As(err, &ce) || ce.Pointer != "/filters/1" {
		t.Fatalf("Convert = %v, want an *Error at /filters/1", err)
	}
}

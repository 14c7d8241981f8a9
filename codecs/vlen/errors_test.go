package vlen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/deflate"
	_ "github.com/zcodec/zcodec/codecs/transpose"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func TestCorruptChunks(t *testing.T) {
	ok := vlenForm([][]byte{[]byte("ab"), []byte("c")})
	tests := []struct {
		name, codec string
		dt          numeric.DataType
		chunk       []byte
		want        string
	}{
		{"count", `{"name":"vlen-utf8"}`, numeric.String, vlenForm([][]byte{[]byte("ab")}), "holds 1 elements, want 2"},
		{"trailing", `{"name":"vlen-utf8"}`, numeric.String, append(append([]byte{}, ok...), 0), "after the last element"},
		{"truncated", `{"name":"vlen-bytes"}`, numeric.Bytes, ok[:len(ok)-1], "runs past the end"},
		{"header", `{"name":"vlen-bytes"}`, numeric.Bytes, []byte{2, 0}, "no element count"},
		{"huge length", `{"name":"vlen-bytes"}`, numeric.Bytes, []byte{2, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}, "runs past the end"},
		{"huge count", `{"name":"vlen-bytes"}`, numeric.Bytes, []byte{0xff, 0xff, 0xff, 0xff}, "want 2"},
		{"utf8", `{"name":"vlen-utf8"}`, numeric.String, vlenForm([][]byte{[]byte("a"), {0xc3}}), "element 1 is not valid UTF-8"},
		{"items", `{"name":"numcodecs.vlen-array","configuration":{"dtype":"<i4"}}`, numeric.Bytes, vlenForm([][]byte{make([]byte, 4), make([]byte, 3)}), "not a whole number of 4-byte items"},
		{"json shape", `{"name":"numcodecs.json2"}`, numeric.String, []byte(`["a","b","|O",[3]]`), "not a dimension of this chunk"},
		{"json shape product", `{"name":"numcodecs.json2"}`, numeric.String, []byte(`["a","b","|O",[1]]`), "holds 1 elements, want 2"},
		{"json utf8", `{"name":"numcodecs.json2"}`, numeric.String, []byte("[\"\xff\",\"b\",\"|O\",[2]]"), "not UTF-8"},
		{"json surrogate", `{"name":"numcodecs.json2"}`, numeric.String, []byte(`["a","\udcff","|O",[2]]`), "not UTF-8"},
		{"json high surrogate", `{"name":"numcodecs.json2"}`, numeric.String, []byte(`["a","\ud83dx","|O",[2]]`), "lone UTF-16 surrogate"},
		{"json bare token", `{"name":"numcodecs.json2"}`, numeric.String, []byte(`["a",Nope,"|O",[2]]`), "not JSON"},
		{"msgpack reserved", `{"name":"numcodecs.msgpack2"}`, numeric.String, []byte{0x94, 0xc1, 0xa1, 'b', 0xa2, '|', 'O', 0x91, 2}, "not MessagePack"},
		{"msgpack huge map", `{"name":"numcodecs.msgpack2"}`, numeric.String, []byte{0x94, 0xdf, 0xff, 0xff, 0xff, 0xff, 0xc0}, "entries in"},
		{"json trailing", `{"name":"numcodecs.json2"}`, numeric.String, []byte(`["a","b","|O",[2]] 1`), "after the JSON value"},
		{"msgpack long list", `{"name":"numcodecs.msgpack2"}`, numeric.String, []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0}, "items in"},
		{"msgpack trailing", `{"name":"numcodecs.msgpack2"}`, numeric.String, []byte{0x94, 0xa1, 'a', 0xa1, 'b', 0xa2, '|', 'O', 0x91, 2, 0}, "after the value"},
	}
	for _, tt := range tests {
		p := pipeline(t, tt.codec, tt.dt, []int{2})
		_, err := p.AppendDecode(nil, tt.chunk)
		var ce *codec.CorruptError
		if err == nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: decode error %v, want a CorruptError with %q", tt.name, err, tt.want)
		}
	}
	// Elements of other types than strings, in chunks numcodecs could
	// write, are unsupported, not corrupt; a surrogate pair is text.
	for _, tt := range []struct {
		name, codec string
		chunk       []byte
		index       int
		typ         string
	}{
		{"json int", `{"name":"numcodecs.json2"}`, []byte(`["a",1,"|O",[2]]`), 1, "int"},
		{"json float", `{"name":"numcodecs.json2"}`, []byte(`["a",0.5,"|O",[2]]`), 1, "float"},
		{"json list", `{"name":"numcodecs.json2"}`, []byte(`[["a"],"b","|O",[2]]`), 0, "list"},
		{"json Infinity", `{"name":"numcodecs.json2"}`, []byte(`["\ud83d\ude00",Infinity,"|O",[2]]`), 1, "float"},
		{"msgpack map", `{"name":"numcodecs.msgpack2"}`, []byte{0x94, 0x80, 0xa1, 'b', 0xa2, '|', 'O', 0x91, 2}, 0, "dict"},
		{"msgpack float", `{"name":"numcodecs.msgpack2"}`, []byte{0x94, 0xca, 0, 0, 0, 0, 0xa1, 'b', 0xa2, '|', 'O', 0x91, 2}, 0, "float"},
		{"msgpack ext", `{"name":"numcodecs.msgpack2"}`, []byte{0x94, 0xa1, 'a', 0xd4, 1, 2, 0xa2, '|', 'O', 0x91, 2}, 1, "ext"},
	} {
		_, err := pipeline(t, tt.codec, numeric.String, []int{2}).AppendDecode(nil, tt.chunk)
		var ee *codec.ElementError
		var ue *vlen.UnsupportedError
		if !errors.As(err, &ee) || !errors.As(err, &ue) || ee.Index != tt.index || ue.Type != tt.typ || errors.Is(err, codec.ErrCorrupt) {
			t.Errorf("%s: decode error %v, want unsupported element %d of type %s", tt.name, err, tt.index, tt.typ)
		}
	}
	// Encoding checks its input as decoding does.
	p := pipeline(t, `{"name":"vlen-utf8"}`, numeric.String, []int{2})
	if _, err := p.AppendEncode(nil, vlenForm([][]byte{[]byte("a"), {0xff}})); err == nil {
		t.Error("encoded invalid UTF-8")
	}
	if _, err := p.AppendEncode(nil, vlenForm([][]byte{[]byte("a")})); err == nil {
		t.Error("encoded a chunk of the wrong count")
	}
}

// TestLimit: a decode never yields more than Options.MaxChunkBytes.
func TestLimit(t *testing.T) {
	big := vlenForm([][]byte{make([]byte, 600), make([]byte, 600)})
	for _, cj := range []string{`{"name":"vlen-bytes"}`, `{"name":"numcodecs.msgpack2"}`} {
		c, _, _ := registry.Default().ParseCodec(json.RawMessage(cj), "")
		gz, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name":"gzip","configuration":{"level":1}}`), "")
		if err != nil {
			t.Fatal(err)
		}
		spec := codec.ChunkSpec{DataType: numeric.Bytes, Shape: []int{2}, FillValue: numeric.Zero(numeric.Bytes)}
		wide, err := codec.NewPipeline(spec, []codec.Codec{c, gz}, nil)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := wide.AppendEncode(nil, big)
		if err != nil {
			t.Fatal(err)
		}
		narrow, err := codec.NewPipeline(spec, []codec.Codec{c, gz}, &codec.Options{MaxChunkBytes: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := narrow.AppendDecode(nil, enc); err == nil {
			t.Errorf("%s: decoded %d bytes under a limit of 1000", cj, len(big))
		}
		if got, err := wide.AppendDecode(nil, enc); err != nil || len(got) != len(big) {
			t.Errorf("%s: %v", cj, err)
		}
		if cj != `{"name":"vlen-bytes"}` {
			continue // big is in vlen-bytes' form
		}
		// Without a compressor, the codec's own input is over the limit.
		alone, err := codec.NewPipeline(spec, []codec.Codec{c}, &codec.Options{MaxChunkBytes: 1000})
		if err != nil {
			t.Fatal(err)
		}
		_, err = alone.AppendDecode(nil, big)
		var le *codec.LimitError
		if !errors.As(err, &le) || le.Limit != 1000 || le.Size != int64(len(big)) || le.SettingName() != codec.SettingMaxChunkBytes || !errors.Is(err, codec.ErrCorrupt) {
			t.Errorf("%s alone: %v, want a corrupt chunk of a *codec.LimitError of %d bytes over 1000", cj, err, len(big))
		}
	}
}

// TestChainRules: array->array codecs other than transpose and fixed-size
// array->bytes codecs are refused for variable-length types, and the vlen
// codecs for others; transpose moves the elements of vlen chunks.
func TestChainRules(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.String, Shape: []int{4}, FillValue: numeric.Zero(numeric.String)}
	parse := func(s string) []codec.Codec {
		ch, err := registry.Default().ParseCodecs(json.RawMessage(s), "")
		if err != nil {
			t.Fatal(err)
		}
		return ch.Codecs
	}
	if _, err := codec.NewPipeline(spec, parse(`[{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}},{"name":"vlen-utf8"}]`), nil); err == nil {
		t.Error("delta before vlen-utf8 resolved")
	}
	// transpose moves elements: it takes vlen chunks.
	spec2 := codec.ChunkSpec{DataType: numeric.String, Shape: []int{2, 3}, FillValue: numeric.Zero(numeric.String)}
	tp, err := codec.NewPipeline(spec2, parse(`[{"name":"transpose","configuration":{"order":[1,0]}},{"name":"vlen-utf8"}]`), nil)
	if err != nil {
		t.Fatalf("transpose before vlen-utf8: %v", err)
	}
	in := [][]byte{[]byte("a"), []byte("bb"), nil, []byte("d"), []byte("é"), []byte("f")}
	enc, err := tp.AppendEncode(nil, vlenForm(in))
	if want := vlenForm([][]byte{in[0], in[3], in[1], in[4], in[2], in[5]}); err != nil || !bytes.Equal(enc, want) {
		t.Errorf("transposed: %q, %v; want %q", enc, err, want)
	}
	if dec, err := tp.AppendDecode(nil, enc); err != nil || !bytes.Equal(dec, vlenForm(in)) {
		t.Errorf("transposed back: %q, %v", dec, err)
	}
	if _, err := codec.NewPipeline(spec, parse(`[{"name":"bytes","configuration":{"endian":"little"}}]`), nil); err == nil {
		t.Error("bytes codec resolved for string")
	}
	c, _, _ := registry.Default().ParseCodec(json.RawMessage(`{"name":"vlen-utf8"}`), "")
	if _, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Int32, Shape: []int{4}, FillValue: numeric.Zero(numeric.Int32)}, []codec.Codec{c}, nil); err == nil {
		t.Error("vlen-utf8 resolved for int32")
	}
	b, _, _ := registry.Default().ParseCodec(json.RawMessage(`{"name":"vlen-bytes"}`), "")
	if _, err := codec.NewPipeline(spec, []codec.Codec{b}, nil); err == nil {
		t.Error("vlen-bytes resolved for string")
	}
	p, err := codec.NewPipeline(spec, []codec.Codec{c}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.VariableLength() || p.DecodedSize() != 0 {
		t.Errorf("VariableLength %v DecodedSize %d", p.VariableLength(), p.DecodedSize())
	}
	if err := p.Decode(nil, vlenForm(make([][]byte, 4))); err == nil {
		t.Error("Decode of a variable-length chunk succeeded")
	}
}

func TestAppendStrings(t *testing.T) {
	chunk := vlenForm([][]byte{[]byte("ab"), nil, []byte("é")})
	got, err := vlen.AppendStrings([]string{"x"}, chunk, 3)
	if err != nil || len(got) != 4 || got[0] != "x" || got[1] != "ab" || got[2] != "" || got[3] != "é" {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := vlen.AppendStrings(nil, chunk, 2); err == nil {
		t.Error("count 3 read as 2")
	}
	if _, err := vlen.AppendStrings(nil, vlenForm([][]byte{{0xff}}), 1); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
}

// TestArrayLiteral checks that an Array written as a literal checks its
// Dtype and its items as one NewArray returns.
func TestArrayLiteral(t *testing.T) {
	spec := codec.ChunkSpec{Shape: []int{2}, DataType: numeric.Bytes, FillValue: numeric.Zero(numeric.Bytes)}
	if _, err := (&vlen.Array{Dtype: "<q9"}).ResolveBytes(spec); err == nil {
		t.Error("a bad Dtype resolved")
	}
	b, err := (&vlen.Array{Dtype: "<i4"}).ResolveBytes(spec)
	if err != nil {
		t.Fatal(err)
	}
	var ce *codec.CorruptError
	if _, err := b.(codec.VariableLengthCodec).AppendDecodeVariable(nil, vlenForm([][]byte{make([]byte, 4), make([]byte, 3)}), 1<<20); !errors.As(err, &ce) {
		t.Errorf("3 bytes of <i4 items: %v, want a *codec.CorruptError", err)
	}
}

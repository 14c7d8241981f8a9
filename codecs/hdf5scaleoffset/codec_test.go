package hdf5scaleoffset_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func parse(t testing.TB, config string) (*hdf5scaleoffset.Codec, error) {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_scaleoffset", "configuration": `+config+`}`), "/codecs/1")
	if err != nil {
		return nil, err
	}
	return c.(*hdf5scaleoffset.Codec), nil
}

func mustBind(t testing.TB, c *hdf5scaleoffset.Codec) codec.BoundBytesToBytes {
	t.Helper()
	b, err := c.ResolveBytesToBytes(bytesSpec(c.DataType, []int{c.Elements}))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every vector's cd_values give a configuration whose JSON parses back to
// the same codec and the same cd_values.
func TestConfigRoundTrip(t *testing.T) {
	for _, c := range loadVectors(t).Cases {
		cd, err := hdf5scaleoffset.FromCDValues(c.CDValues)
		if err != nil {
			t.Fatal(err)
		}
		js, err := cd.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var obj struct {
			Configuration json.RawMessage `json:"configuration"`
		}
		if err := json.Unmarshal(js, &obj); err != nil {
			t.Fatal(err)
		}
		back, err := parse(t, string(obj.Configuration))
		if err != nil {
			t.Fatalf("%s: %s: %v", c.Name, js, err)
		}
		if *back != *cd {
			t.Errorf("%s: %s parses to %+v, want %+v", c.Name, js, back, cd)
		}
		if got := back.CDValues(); !slices.Equal(got, c.CDValues) {
			t.Errorf("%s: cd_values %v, HDF5 stores %v", c.Name, got, c.CDValues)
		}
	}
}

func TestConfigJSON(t *testing.T) {
	c, err := parse(t, `{"scale_type": "float_dscale", "scale_factor": 2, "elements": 1024, "class": "float", "size": 4, "order": "big", "fill_value": "NaN"}`)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := c.MarshalJSON()
	want := `{"name":"zcodec.hdf5_scaleoffset","configuration":{"scale_type":"float_dscale","scale_factor":2,"elements":1024,"class":"float","size":4,"order":"big","fill_value":"NaN"}}`
	if string(js) != want {
		t.Errorf("MarshalJSON = %s\nwant %s", js, want)
	}
	if c.DataType != numeric.Float32 || !c.BigEndian || !c.Fill.IsNaN() {
		t.Errorf("parsed %+v", c)
	}
	c, err = parse(t, `{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 8, "sign": "unsigned", "order": "little"}`)
	if err != nil {
		t.Fatal(err)
	}
	if c.DataType != numeric.Uint64 || c.Fill.Valid() {
		t.Errorf("parsed %+v", c)
	}
	for _, bad := range []string{
		`{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 2, "order": "little"}`,                            // no sign
		`{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "float", "size": 4, "order": "little"}`,                              // int scaling of floats
		`{"scale_type": "float_dscale", "scale_factor": 0, "elements": 10, "class": "integer", "size": 4, "sign": "signed", "order": "little"}`, // D-scaling of ints
		`{"scale_type": "float_escale", "scale_factor": 0, "elements": 10, "class": "float", "size": 4, "order": "little"}`,
		`{"scale_type": "int", "scale_factor": 17, "elements": 10, "class": "integer", "size": 2, "sign": "signed", "order": "little"}`,
		`{"scale_type": "int", "scale_factor": -1, "elements": 10, "class": "integer", "size": 2, "sign": "signed", "order": "little"}`,
		`{"scale_type": "int", "scale_factor": 0, "elements": 0, "class": "integer", "size": 2, "sign": "signed", "order": "little"}`,
		`{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 3, "sign": "signed", "order": "little"}`,
		`{"scale_type": "float_dscale", "scale_factor": 0, "elements": 10, "class": "float", "size": 2, "order": "little"}`,
		`{"scale_type": "float_dscale", "scale_factor": 0, "elements": 10, "class": "float", "size": 4, "sign": "signed", "order": "little"}`,
		`{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 1, "sign": "unsigned", "order": "little", "fill_value": 256}`,
		`{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 1, "sign": "unsigned", "order": "middle"}`,
		`{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 1, "sign": "unsigned", "order": "little", "extra": 1}`,
		`{"scale_factor": 0, "elements": 10, "class": "integer", "size": 1, "sign": "unsigned", "order": "little"}`,
	} {
		if _, err := parse(t, bad); !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: %v, want a configuration error", bad, err)
		}
	}
}

func TestFromCDValuesErrors(t *testing.T) {
	good := []uint32{2, 0, 64, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	if _, err := hdf5scaleoffset.FromCDValues(good); err != nil {
		t.Fatal(err)
	}
	set := func(i int, v uint32) []uint32 { cd := slices.Clone(good); cd[i] = v; return cd }
	for name, cd := range map[string][]uint32{
		"short":          good[:19],
		"long":           append(slices.Clone(good), 0),
		"escale":         set(0, 1),
		"scale type 3":   set(0, 3),
		"dscale int":     set(0, 0),
		"negative":       set(1, 0xffffffff),
		"too many bits":  set(1, 17),
		"no elements":    set(2, 0),
		"class 2":        set(3, 2),
		"size 3":         set(4, 3),
		"sign 2":         set(5, 2),
		"order 2":        set(6, 2),
		"fill flag 2":    set(7, 2),
		"int float type": {2, 0, 64, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	} {
		_, err := hdf5scaleoffset.FromCDValues(cd)
		var ce *hdf5scaleoffset.CDError
		if !errors.As(err, &ce) || !errors.Is(err, codec.ErrConfig) || !strings.Contains(err.Error(), "cd_values") {
			t.Errorf("%s: %v, want a *CDError", name, err)
		}
	}
	// the fill value's bits: float64 -9999 in cd_values[8] and [9]
	c, err := hdf5scaleoffset.FromCDValues([]uint32{0, 2, 64, 1, 8, 0, 0, 1, 0, 0xc0c38780, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	if err != nil || c.Fill.Float64() != -9999 || c.DataType != numeric.Float64 {
		t.Errorf("float64 fill: %+v, %v", c, err)
	}
}

func TestResolveChecks(t *testing.T) {
	c, _ := parse(t, `{"scale_type": "int", "scale_factor": 0, "elements": 10, "class": "integer", "size": 2, "sign": "signed", "order": "little"}`)
	for name, spec := range map[string]codec.BytesSpec{
		"wrong size":  bytesSpec(numeric.Int16, []int{11}),
		"wrong type":  bytesSpec(numeric.Uint16, []int{10}),
		"variable":    codec.VariableBytes(20, codec.ChunkSpec{DataType: numeric.Int16, Shape: []int{10}, FillValue: numeric.Zero(numeric.Int16)}),
		"wrong class": bytesSpec(numeric.Float32, []int{5}),
	} {
		if _, err := c.ResolveBytesToBytes(spec); !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := *c
	bad.DataType = numeric.Float16
	if _, err := bad.ResolveBytesToBytes(bytesSpec(numeric.Float16, []int{10})); !errors.Is(err, codec.ErrConfig) {
		t.Errorf("float16: %v", err)
	}
}

func TestCorrupt(t *testing.T) {
	c, _ := parse(t, `{"scale_type": "int", "scale_factor": 0, "elements": 100, "class": "integer", "size": 4, "sign": "signed", "order": "little"}`)
	b := mustBind(t, c)
	src := make([]byte, 400)
	for i := range 100 {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(i*i))
	}
	good, err := b.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	mut := func(f func(b []byte) []byte) []byte { return f(slices.Clone(good)) }
	for name, in := range map[string][]byte{
		"empty":      nil,
		"header":     good[:20],
		"truncated":  good[:len(good)-3],
		"bits 33":    mut(func(b []byte) []byte { b[0] = 33; return b }),
		"bits huge":  mut(func(b []byte) []byte { b[3] = 0x80; return b }),
		"whole, cut": mut(func(b []byte) []byte { b[0] = 32; return b }),
	} {
		if _, err := b.AppendDecode(nil, in); !errors.Is(err, codec.ErrCorrupt) {
			t.Errorf("%s: %v, want a corrupt-chunk error", name, err)
		}
	}
	// the filter reads only as many bytes of the minimum as byte 4 says
	short := mut(func(b []byte) []byte { b[4] = 1; b[6] = 0x55; return b })
	want, _ := b.AppendDecode(nil, good)
	got, err := b.AppendDecode(nil, short)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("1-byte minimum: %v", err)
	}
	if _, err := b.AppendEncode(nil, src[:399]); !errors.Is(err, codec.ErrSize) {
		t.Errorf("short input: %v", err)
	}
}

// The encoder refuses what HDF5 would store as other values.
func TestRefusals(t *testing.T) {
	given, _ := parse(t, `{"scale_type": "int", "scale_factor": 4, "elements": 4, "class": "integer", "size": 2, "sign": "signed", "order": "big", "fill_value": -1}`)
	b := mustBind(t, given)
	enc := func(vals ...int16) error {
		src := make([]byte, 8)
		for i, v := range vals {
			binary.BigEndian.PutUint16(src[2*i:], uint16(v))
		}
		_, err := b.AppendEncode(nil, src)
		return err
	}
	if err := enc(-1, 10, 24, 11); err != nil { // differences 0..14, 15 marks the fill
		t.Errorf("in range: %v", err)
	}
	var ve *hdf5scaleoffset.ValueError
	if err := enc(10, -1, 25, 11); !errors.As(err, &ve) || ve.Index != 2 || !errors.Is(err, hdf5scaleoffset.ErrValue) {
		t.Errorf("difference 15: %v", err)
	}
	f, _ := parse(t, `{"scale_type": "float_dscale", "scale_factor": 2, "elements": 3, "class": "float", "size": 8, "order": "little"}`)
	fb := mustBind(t, f)
	src := make([]byte, 24)
	binary.LittleEndian.PutUint64(src[8:], math.Float64bits(math.NaN()))
	if _, err := fb.AppendEncode(nil, src); !errors.As(err, &ve) || ve.Index != 1 {
		t.Errorf("NaN: %v", err)
	}
	f4, _ := parse(t, `{"scale_type": "float_dscale", "scale_factor": 2, "elements": 2, "class": "float", "size": 4, "order": "little"}`)
	src = binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(math.Inf(1)))), math.Float32bits(float32(math.Inf(1))))
	if _, err := mustBind(t, f4).AppendEncode(nil, src); !errors.As(err, &ve) || ve.Index != -1 {
		t.Errorf("all +Inf: %v", err)
	}
}

// The factor of the full width leaves chunks as they are, as the filter
// does.
func TestFullWidthIdentity(t *testing.T) {
	c, _ := parse(t, `{"scale_type": "int", "scale_factor": 8, "elements": 3, "class": "integer", "size": 1, "sign": "unsigned", "order": "little"}`)
	b := mustBind(t, c)
	enc, err := b.AppendEncode([]byte{9}, []byte{1, 2, 3})
	if err != nil || !bytes.Equal(enc, []byte{9, 1, 2, 3}) {
		t.Errorf("encode: %v %v", enc, err)
	}
	if dec, err := b.AppendDecode(nil, []byte{1, 2, 3}); err != nil || !bytes.Equal(dec, []byte{1, 2, 3}) {
		t.Errorf("decode: %v %v", dec, err)
	}
	if _, err := b.AppendDecode(nil, []byte{1, 2}); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("short: %v", err)
	}
	if !b.Encoded().Fixed() || b.Encoded().Size != 3 {
		t.Errorf("encoded %v", b.Encoded())
	}
}

// Encoding and decoding reuse the destination and allocate nothing.
func TestNoAllocs(t *testing.T) {
	for _, config := range []string{
		`{"scale_type": "int", "scale_factor": 0, "elements": 4096, "class": "integer", "size": 2, "sign": "signed", "order": "big", "fill_value": 0}`,
		`{"scale_type": "float_dscale", "scale_factor": 2, "elements": 1024, "class": "float", "size": 8, "order": "little"}`,
	} {
		c, err := parse(t, config)
		if err != nil {
			t.Fatal(err)
		}
		b := mustBind(t, c)
		src := make([]byte, c.Elements*c.DataType.Size())
		for i := range src {
			src[i] = byte(i * 7 % 13)
		}
		if c.DataType.IsFloat() {
			for i := range c.Elements {
				binary.LittleEndian.PutUint64(src[8*i:], math.Float64bits(float64(i)/7))
			}
		}
		enc, err := b.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, 0, len(src)+64)
		if n := testing.AllocsPerRun(10, func() { dst, _ = b.AppendEncode(dst[:0], src) }); n != 0 {
			t.Errorf("%s: encode allocates %v times", c.DataType, n)
		}
		if n := testing.AllocsPerRun(10, func() { dst, _ = b.AppendDecode(dst[:0], enc) }); n != 0 {
			t.Errorf("%s: decode allocates %v times", c.DataType, n)
		}
	}
}

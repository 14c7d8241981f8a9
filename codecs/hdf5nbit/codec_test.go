package hdf5nbit_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5nbit"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func parse(t testing.TB, config string) (*hdf5nbit.Codec, error) {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_nbit", "configuration": `+config+`}`), "/codecs/1")
	if err != nil {
		return nil, err
	}
	return c.(*hdf5nbit.Codec), nil
}

func configOf(t testing.TB, c *hdf5nbit.Codec) string {
	t.Helper()
	js, err := c.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var obj struct {
		Configuration json.RawMessage `json:"configuration"`
	}
	if err := json.Unmarshal(js, &obj); err != nil {
		t.Fatal(err)
	}
	return string(obj.Configuration)
}

// Every description HDF5 wrote gives a configuration that parses back to
// the same codec and the same cd_values.
func TestConfigRoundTrip(t *testing.T) {
	v := loadVectors(t)
	all := map[string][]uint32{}
	for _, c := range v.Cases {
		all[c.Name] = c.CDValues
	}
	for _, d := range v.Descriptions {
		all[d.Name] = d.CDValues
	}
	for name, cd := range all {
		c, err := hdf5nbit.FromCDValues(cd)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		js := configOf(t, c)
		back, err := parse(t, js)
		if err != nil {
			t.Fatalf("%s: %s: %v", name, js, err)
		}
		if !reflect.DeepEqual(back, c) {
			t.Errorf("%s: %s parses to %+v, want %+v", name, js, back, c)
		}
		if got := back.CDValues(); !slices.Equal(got, cd) {
			t.Errorf("%s: cd_values %v, HDF5 stores %v", name, got, cd)
		}
	}
}

// The compound and array descriptions read as HDF5 wrote them, and the
// codec refuses to decode them.
func TestCompoundAndArray(t *testing.T) {
	v := loadVectors(t)
	want := map[string]string{
		"compound": `{"elements":5,"datatype":{"class":"compound","size":16,"members":[` +
			`{"offset":0,"type":{"class":"atomic","size":2,"order":"little","precision":10,"offset":2}},` +
			`{"offset":4,"type":{"class":"atomic","size":8,"order":"little","precision":64,"offset":0}},` +
			`{"offset":12,"type":{"class":"array","size":3,"base":{"class":"atomic","size":1,"order":"little","precision":4,"offset":0}}}]}}`,
		"array": `{"elements":5,"datatype":{"class":"array","size":24,"base":{"class":"atomic","size":4,"order":"little","precision":20,"offset":5}}}`,
	}
	for _, d := range v.Descriptions {
		c, err := hdf5nbit.FromCDValues(d.CDValues)
		if err != nil {
			t.Fatal(err)
		}
		if got := configOf(t, c); got != want[d.Name] {
			t.Errorf("%s:\n%s\nwant\n%s", d.Name, got, want[d.Name])
		}
		spec := bytesSpec(raw(t, c.Type.Size), []int{5})
		_, err = c.ResolveBytesToBytes(spec)
		if !errors.Is(err, codec.ErrConfig) || !strings.Contains(err.Error(), "n-bit packing of "+d.Name+" datatypes") {
			t.Errorf("%s: %v", d.Name, err)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, bad := range []string{
		`{"elements": 0, "datatype": {"class": "atomic", "size": 4, "order": "little", "precision": 12, "offset": 4}}`,
		`{"elements": 10}`,
		`{"elements": 10, "datatype": {"class": "atomic", "size": 4, "order": "little", "precision": 0, "offset": 4}}`,
		`{"elements": 10, "datatype": {"class": "atomic", "size": 4, "order": "little", "precision": 12, "offset": 21}}`,
		`{"elements": 10, "datatype": {"class": "atomic", "size": 4, "order": "middle", "precision": 12, "offset": 4}}`,
		`{"elements": 10, "datatype": {"class": "atomic", "size": 4, "precision": 12, "offset": 4}}`,
		`{"elements": 10, "datatype": {"class": "atomic", "size": 4, "order": "little", "precision": 12, "offset": 4, "sign": 1}}`,
		`{"elements": 10, "datatype": {"class": "float", "size": 4}}`,
		`{"elements": 10, "datatype": {"class": "array", "size": 10, "base": {"class": "atomic", "size": 4, "order": "little", "precision": 12, "offset": 4}}}`,
		`{"elements": 10, "datatype": {"class": "compound", "size": 4, "members": [{"offset": 2, "type": {"class": "noop", "size": 4}}]}}`,
		`{"elements": 10, "datatype": {"class": "compound", "size": 4, "members": [7]}}`,
		`{"elements": 10, "datatype": {"class": "compound", "size": 4, "members": [{"offset": 0}]}}`,
	} {
		if _, err := parse(t, bad); !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: %v, want a configuration error", bad, err)
		}
	}
}

func TestFromCDValuesErrors(t *testing.T) {
	good := []uint32{8, 0, 64, 1, 4, 0, 12, 4}
	if _, err := hdf5nbit.FromCDValues(good); err != nil {
		t.Fatal(err)
	}
	set := func(i int, v uint32) []uint32 { cd := slices.Clone(good); cd[i] = v; return cd }
	for name, cd := range map[string][]uint32{
		"short":           good[:2],
		"count":           set(0, 9),
		"flag 2":          set(1, 2),
		"flag full":       set(1, 1),
		"no elements":     set(2, 0),
		"class 5":         set(3, 5),
		"size 0":          set(4, 0),
		"order 2":         set(5, 2),
		"precision 0":     set(6, 0),
		"beyond the size": set(7, 21),
		"cut":             {7, 0, 64, 1, 4, 0, 12},
		"trailing":        {9, 0, 64, 1, 4, 0, 12, 4, 0},
		"no description":  {3, 1, 64},
		"full, flag 0":    {8, 0, 64, 1, 4, 0, 32, 0},
		"members":         {6, 0, 5, 3, 16, 1000},
		"member overflow": {12, 1, 5, 3, 4, 1, 2, 1, 4, 0, 32, 0},
		"array ragged":    {10, 0, 5, 2, 10, 1, 4, 0, 20, 5},
		"deep":            append([]uint32{3 + 2*40 + 5, 0, 1}, append(slices.Repeat([]uint32{2, 4}, 40), 1, 4, 0, 12, 4)...),
	} {
		_, err := hdf5nbit.FromCDValues(cd)
		var ce *hdf5nbit.CDError
		if !errors.As(err, &ce) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: %v, want a *CDError", name, err)
		}
	}
}

func atomic(n, size int, big bool, prec, off int) *hdf5nbit.Codec {
	return &hdf5nbit.Codec{Elements: n, Type: hdf5nbit.Datatype{Class: hdf5nbit.ClassAtomic, Size: size, BigEndian: big, Precision: prec, Offset: off}}
}

func TestResolveChecks(t *testing.T) {
	c := atomic(10, 4, false, 12, 4)
	for name, spec := range map[string]codec.BytesSpec{
		"wrong size": bytesSpec(numeric.Int32, []int{11}),
		"float":      bytesSpec(numeric.Float32, []int{10}),
		"int16":      bytesSpec(numeric.Int16, []int{20}),
		"raw":        bytesSpec(raw(t, 4), []int{10}),
	} {
		if _, err := c.ResolveBytesToBytes(spec); !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := c.ResolveBytesToBytes(bytesSpec(numeric.Float32, []int{10})); err == nil || !strings.Contains(err.Error(), "floating-point") {
		t.Errorf("float: %v", err)
	}
	// full precision: the filter leaves chunks unchanged, whatever the type
	full := atomic(3, 4, false, 32, 0)
	b, err := full.ResolveBytesToBytes(bytesSpec(numeric.Float32, []int{3}))
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("abcdefghijkl")
	if enc, err := b.AppendEncode(nil, src); err != nil || !bytes.Equal(enc, src) {
		t.Errorf("full precision encode: %q %v", enc, err)
	}
	if _, err := b.AppendDecode(nil, src[:11]); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("full precision, short: %v", err)
	}
}

func mustBind(t testing.TB, c *hdf5nbit.Codec, dt numeric.DataType) codec.BoundBytesToBytes {
	t.Helper()
	b, err := c.ResolveBytesToBytes(bytesSpec(dt, []int{c.Elements}))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The encoder refuses values outside the precision (HDF5's conversion
// would clamp them before the filter).
func TestRefusals(t *testing.T) {
	b := mustBind(t, atomic(4, 2, true, 5, 3), numeric.Int16)
	enc := func(vals ...int16) error {
		src := make([]byte, 8)
		for i, v := range vals {
			binary.BigEndian.PutUint16(src[2*i:], uint16(v))
		}
		_, err := b.AppendEncode(nil, src)
		return err
	}
	if err := enc(-16, 15, 0, -1); err != nil {
		t.Errorf("in range: %v", err)
	}
	var ve *hdf5nbit.ValueError
	for i, vals := range [][]int16{{0, 16, 0, 0}, {0, 0, -17, 0}, {0, 0, 0, 0x7fff}} {
		err := enc(vals...)
		if !errors.As(err, &ve) || !errors.Is(err, hdf5nbit.ErrValue) || !strings.Contains(err.Error(), "-16 to 15") {
			t.Errorf("case %d: %v", i, err)
		}
	}
	u := mustBind(t, atomic(2, 8, false, 63, 0), numeric.Uint64)
	src := binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, 1<<63-1), 1<<63)
	if _, err := u.AppendEncode(nil, src); !errors.As(err, &ve) || ve.Index != 1 {
		t.Errorf("uint64 2^63 in 63 bits: %v", err)
	}
	if _, err := u.AppendEncode(nil, src[:15]); !errors.Is(err, codec.ErrSize) {
		t.Errorf("short input: %v", err)
	}
}

func TestCorrupt(t *testing.T) {
	b := mustBind(t, atomic(100, 4, false, 12, 4), numeric.Int32)
	good, err := b.AppendEncode(nil, make([]byte, 400))
	if err != nil {
		t.Fatal(err)
	}
	if len(good) != 151 {
		t.Fatalf("%d bytes", len(good))
	}
	if _, err := b.AppendDecode(nil, good[:149]); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("truncated: %v", err)
	}
	// the filter's extra byte is not needed, nor read
	if dec, err := b.AppendDecode(nil, good[:150]); err != nil || len(dec) != 400 {
		t.Errorf("without the last byte: %v", err)
	}
}

func TestNoAllocs(t *testing.T) {
	b := mustBind(t, atomic(4096, 2, true, 11, 2), numeric.Int16)
	src := make([]byte, 8192)
	for i := range 4096 {
		binary.BigEndian.PutUint16(src[2*i:], uint16(int16(i%2048-1024)))
	}
	enc, err := b.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, 0, len(src))
	if n := testing.AllocsPerRun(10, func() { dst, _ = b.AppendEncode(dst[:0], src) }); n != 0 {
		t.Errorf("encode allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { dst, _ = b.AppendDecode(dst[:0], enc) }); n != 0 {
		t.Errorf("decode allocates %v times", n)
	}
	if !bytes.Equal(dst, src) {
		t.Error("round trip")
	}
}

func raw(t testing.TB, n int) numeric.DataType {
	dt, err := numeric.NewRawBytes(n)
	if err != nil {
		t.Fatal(err)
	}
	return dt
}

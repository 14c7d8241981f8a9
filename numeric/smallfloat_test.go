package numeric

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestSmallValues checks the value of every byte of every small float
// (upper bits ignored) against the table written from the registry.
func TestSmallValues(t *testing.T) {
	refs := mustSmallRefs(t)
	for dt, r := range refs {
		for b := range 256 {
			want := r.vals[b&(len(r.vals)-1)]
			got := WidenFloat(uint64(b), dt)
			s := ScalarFromBits(dt, uint64(b), 0)
			if s.Float64() != got && !(math.IsNaN(got) && s.IsNaN()) {
				t.Errorf("%v %#02x: Scalar.Float64 %v, WidenFloat %v", dt, b, s.Float64(), got)
			}
			switch {
			case want.nan:
				if !math.IsNaN(got) {
					t.Errorf("%v %#02x = %v, want NaN", dt, b, got)
				}
			case want.inf != 0:
				if !math.IsInf(got, want.inf) {
					t.Errorf("%v %#02x = %v, want Inf(%d)", dt, b, got, want.inf)
				}
			default:
				g := new(big.Rat)
				if math.IsInf(got, 0) || math.IsNaN(got) || g.SetFloat64(got).Cmp(want.rat) != 0 || math.Signbit(got) != want.neg {
					t.Errorf("%v %#02x = %v, want %v (neg %v)", dt, b, got, want.rat.RatString(), want.neg)
				}
			}
		}
		l, ok := dt.FloatLayout()
		if !ok || l.NaN != r.hasNaN || l.Infinity != r.hasInf || l.NegativeZero != r.negZero || l.Signed != r.signed || l.Width() != dt.Bits() {
			t.Errorf("%v: FloatLayout %+v disagrees with the table", dt, l)
		}
		if mx := new(big.Rat).SetFloat64(dt.MaxFloat()); mx.Cmp(r.finite[len(r.finite)-1]) != 0 {
			t.Errorf("%v: MaxFloat %v, want %v", dt, dt.MaxFloat(), r.finite[len(r.finite)-1].RatString())
		}
	}
	if len(refs) != 10 {
		t.Errorf("%d tables, want 10", len(refs))
	}
}

// smallExpect turns a result token of rounding.txt.gz for the small float
// dt into the expected bits or failure under oor. The saturated values are
// read from the value table: the infinity where the type has one, else
// the pattern of its largest (O+) or smallest (O-) finite value.
func smallExpect(t *testing.T, r *smallRef, tok string, oor OutOfRange) (uint64, CastFailure) {
	switch tok {
	case "N":
		return 0, CastNaN
	case "I":
		return 0, CastInfinity
	case "O+", "O-":
		switch oor {
		case OutOfRangeError:
			return 0, CastOutOfRange
		case OutOfRangeWrap:
			return 0, CastWrapFloat
		}
		for b, v := range r.vals {
			if r.hasInf && v.inf == 1 && tok == "O+" || r.hasInf && v.inf == -1 && tok == "O-" {
				return uint64(b), CastOK
			}
		}
		target := r.finite[len(r.finite)-1]
		if tok == "O-" {
			target = r.finite[0]
		}
		return r.code[target.RatString()], CastOK
	}
	b, err := strconv.ParseUint(tok, 16, 8)
	if err != nil {
		t.Fatalf("bad token %q", tok)
	}
	return b, CastOK
}

// TestSmallRoundingVectors converts the float32 inputs of rounding.txt.gz
// (every boundary of every small type: values, midpoints, quarter points
// and their float32 neighbours, overflow, subnormals, zeros, infinities,
// NaN) in every mode and policy, from float32 and from float64, one by one
// and in bulk, and compares the bits with the generator's results.
func TestSmallRoundingVectors(t *testing.T) {
	refs := mustSmallRefs(t)
	floats, ints := loadRoundingVectors(t)
	if len(floats) != 10 || len(ints) != 4 {
		t.Fatalf("%d float and %d int sections", len(floats), len(ints))
	}
	for dt, vecs := range floats {
		r := refs[dt]
		for mi, m := range RoundingModes {
			for _, oor := range outOfRanges {
				for _, from := range []DataType{Float32, Float64} {
					c, err := NewCast(CastSpec{From: from, To: dt, Rounding: m, OutOfRange: oor})
					if err != nil {
						t.Fatal(err)
					}
					var bulkSrc, bulkWant []byte
					errs := 0
					for _, v := range vecs {
						want, wantFail := smallExpect(t, r, v.want[mi], oor)
						x := float64(math.Float32frombits(v.bits))
						var in Scalar
						if from == Float32 {
							in = ScalarFromBits(Float32, uint64(v.bits), 0)
						} else {
							in = ScalarFromBits(Float64, math.Float64bits(x), 0)
						}
						got, fail := c.Scalar(in)
						lo, _ := got.Bits()
						if fail != wantFail || (fail == CastOK && lo != want) {
							if errs++; errs < 6 {
								t.Errorf("%v -> %v %v %v: %08x (%g) = %#02x %v, want %#02x %v", from, dt, m, oor, v.bits, x, lo, fail, want, wantFail)
							}
						}
						if wantFail == CastOK {
							bulkSrc = append(bulkSrc, in.Bytes()...)
							bulkWant = append(bulkWant, byte(want))
						}
					}
					dst := make([]byte, len(bulkWant))
					if i, f := c.Bytes(dst, bulkSrc); f != CastOK {
						t.Errorf("%v -> %v %v %v bulk: element %d fails: %v", from, dt, m, oor, i, f)
					}
					for i := range dst {
						if dst[i] != bulkWant[i] {
							t.Errorf("%v -> %v %v %v bulk: element %d = %#02x, want %#02x", from, dt, m, oor, i, dst[i], bulkWant[i])
							break
						}
					}
				}
			}
		}
	}
	for dt, vecs := range ints {
		lo, hiU, _ := dt.IntRange()
		hi := int64(hiU)
		for mi, m := range RoundingModes {
			for _, oor := range outOfRanges {
				c, err := NewCast(CastSpec{From: Float32, To: dt, Rounding: m, OutOfRange: oor})
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range vecs {
					var want int64
					wantFail := CastOK
					switch tok := v.want[mi]; tok {
					case "N":
						wantFail = CastNaN
					case "I":
						wantFail = CastInfinity
					default:
						n, err := strconv.ParseInt(tok, 10, 64)
						if err != nil {
							big, ok := new(big.Int).SetString(tok, 10)
							if !ok {
								t.Fatalf("bad token %q", tok)
							}
							n = math.MaxInt64 // beyond every sub-byte range; wrap not checked below
							if big.Sign() < 0 {
								n = math.MinInt64
							}
						}
						want = n
						if n < lo || n > hi {
							switch oor {
							case OutOfRangeError:
								wantFail = CastOutOfRange
							case OutOfRangeClamp:
								want = min(max(n, lo), hi)
							case OutOfRangeWrap:
								w := int64(1) << dt.Bits()
								want = ((n % w) + w) % w
								if want > hi {
									want -= w
								}
								if err != nil {
									continue
								}
							}
						}
					}
					got, fail := c.Scalar(ScalarFromBits(Float32, uint64(v.bits), 0))
					g, _ := got.Int64()
					if fail != wantFail || (fail == CastOK && g != want) {
						t.Errorf("float32 -> %v %v %v: %08x = %d %v, want %d %v", dt, m, oor, v.bits, g, fail, want, wantFail)
					}
				}
			}
		}
	}
}

// smallScalars returns every value of the small type dt.
func smallScalars(dt DataType) []Scalar {
	out := make([]Scalar, 0, 1<<dt.Bits())
	for b := range 1 << dt.Bits() {
		out = append(out, ScalarFromBits(dt, uint64(b), 0))
	}
	return out
}

// TestSmallCastReference converts every value of every small type into
// every real type, and adversarial values of every other real type into
// every small type, in every mode and policy, in bulk, against the exact
// reference.
func TestSmallCastReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	nRandom := 100
	if testing.Short() {
		nRandom = 10
	}
	floats, _ := loadRoundingVectors(t)
	all := append(append([]DataType(nil), realTypes...), smallTypes...)
	for _, from := range all {
		var base []Scalar
		if isSmall(from) {
			base = smallScalars(from)
		} else {
			base = adversarialScalars(from, rng, nRandom) // in order: one generator for all
		}
		t.Run(from.String(), func(t *testing.T) {
			t.Parallel()
			exact := make([]refValue, len(base)) // the values of base, which vals starts with
			for i, v := range base {
				exact[i] = refDecode(v)
			}
			for _, to := range all {
				if !isSmall(from) && !isSmall(to) {
					continue
				}
				vals := base
				if from == Float64 && isSmall(to) && !testing.Short() {
					// the target's boundaries and their float64 neighbours: the
					// sticky bits below float32's precision
					vals = append([]Scalar(nil), base...)
					for _, v := range floats[to] {
						x := float64(math.Float32frombits(v.bits))
						if math.IsNaN(x) || math.IsInf(x, 0) {
							continue
						}
						for _, y := range []float64{math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1))} {
							vals = append(vals, ScalarFromBits(Float64, math.Float64bits(y), 0))
						}
					}
				}
				if (from == Float16 || from == BFloat16) && !testing.Short() {
					// the boundaries of the target, as near as the source holds them
					vals = append([]Scalar(nil), base...)
					seen := map[uint64]bool{}
					for _, v := range floats[to] {
						b, _ := NarrowFloat64(float64(math.Float32frombits(v.bits)), from, NearestEven)
						if !seen[b] {
							seen[b] = true
							vals = append(vals, ScalarFromBits(from, b, 0))
						}
					}
				}
				src := make([]byte, 0, len(vals)*from.Size())
				for _, v := range vals {
					src = append(src, v.Bytes()...)
				}
				ex := exact[:len(exact):len(exact)]
				for _, v := range vals[len(exact):] {
					ex = append(ex, refDecode(v))
				}
				for _, m := range RoundingModes {
					wants := make([][3]refResult, len(vals))
					for i, v := range ex {
						wants[i] = refCastAllOf(v, to, m)
					}
					for _, oor := range outOfRanges {
						spec := CastSpec{From: from, To: to, Rounding: m, OutOfRange: oor}
						name := fmt.Sprintf("%v_to_%v/%v/%v", from, to, m, oor)
						checkAgainstReference(t, name, spec, vals, src, func(i int) refResult { return wants[i][oor] })
					}
				}
			}
		})
	}
}

// TestSmallF32Kernel compares the float32 table kernel with the scalar path
// (itself checked against the reference above) on every float32 whose low
// 16 bits are one of a few patterns (all exponents and leading mantissa
// bits, with every rounding-bit shape) and on random bits, in every mode.
func TestSmallF32Kernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var src []float32
	for hi := range 1 << 16 {
		for _, low := range []uint32{0, 1, 0x7fff, 0x8000, 0x8001, 0xffff, rng.Uint32() & 0xffff} {
			src = append(src, math.Float32frombits(uint32(hi)<<16|low))
		}
	}
	for range 1 << 16 {
		src = append(src, math.Float32frombits(rng.Uint32()))
	}
	if testing.Short() {
		src = src[:len(src)/8]
	}
	got := make([]uint8, len(src))
	for _, dt := range smallTypes {
		f := smallFormatOf(dt)
		if f == nil {
			continue
		}
		for _, m := range RoundingModes {
			for _, oor := range outOfRanges {
				spec := CastSpec{From: Float32, To: dt, Rounding: m, OutOfRange: oor}
				k := f32IntoSmallFloat[float32](f, spec)
				if k == nil {
					t.Fatalf("%v: no float32 kernel", dt)
				}
				start := 0
				for start < len(src) {
					i, fail := k(got[start:], src[start:])
					end := len(src)
					if fail != CastOK {
						end = start + i
					}
					for j := start; j < end; j++ {
						want, wf := f.cast(float64(src[j]), m, oor)
						if wf != CastOK || want != got[j] {
							t.Fatalf("%v %v: %08x -> %#02x, scalar path %#02x %v", dt, m, math.Float32bits(src[j]), got[j], want, wf)
						}
					}
					if fail != CastOK {
						if _, wf := f.cast(float64(src[end]), m, oor); wf != fail {
							t.Fatalf("%v %v: %08x fails %v, scalar path %v", dt, m, math.Float32bits(src[end]), fail, wf)
						}
					}
					start = end + 1
				}
			}
		}
	}
}

// TestSmallFillValues checks the fill-value rules of the registry: the
// "NaN" constant is the listed pattern, the infinities and NaN are refused
// where the type has none, hex has two digits within the type's width,
// decimals round once to nearest-even, and every value formats to JSON
// that reads back to the same bits.
func TestSmallFillValues(t *testing.T) {
	nan := map[DataType]string{Float8E3M4: "0x78", Float8E4M3: "0x7c", Float8E4M3B11FNUZ: "0x80", Float8E4M3FNUZ: "0x80",
		Float8E5M2: "0x7e", Float8E5M2FNUZ: "0x80", Float8E8M0FNU: "0xff"} // the registry READMEs
	hasInf := map[DataType]bool{Float8E3M4: true, Float8E4M3: true, Float8E5M2: true}
	for _, dt := range smallTypes {
		if dt.IsInteger() {
			lo, hi, _ := dt.IntRange()
			for v := lo - 1; v <= int64(hi)+1; v++ {
				s, err := ParseFillValue(dt, []byte(strconv.FormatInt(v, 10)))
				if in := v >= lo && v <= int64(hi); in != (err == nil) {
					t.Errorf("%v %d: %v", dt, v, err)
				} else if in {
					if got, _ := s.Int64(); got != v || FormatFillValue(s) != strconv.FormatInt(v, 10) {
						t.Errorf("%v %d read as %d, written %s", dt, v, got, FormatFillValue(s))
					}
				}
			}
			continue
		}
		s, err := ParseFillValue(dt, []byte(`"NaN"`))
		if want, ok := nan[dt]; ok {
			lo, _ := s.Bits()
			if err != nil || fmt.Sprintf("%#02x", lo) != want || FormatFillValue(s) != `"NaN"` {
				t.Errorf(`%v "NaN" = %#02x, %v; want %s`, dt, lo, err, want)
			}
		} else if err == nil {
			t.Errorf(`%v "NaN" accepted`, dt)
		}
		for _, inf := range []string{`"Infinity"`, `"-Infinity"`} {
			s, err := ParseFillValue(dt, []byte(inf))
			if hasInf[dt] != (err == nil) || (err == nil && FormatFillValue(s) != inf) {
				t.Errorf("%v %s: %v, %v", dt, inf, s, err)
			}
		}
		for b := range 256 {
			s, err := ParseFillValue(dt, []byte(fmt.Sprintf(`"0x%02x"`, b)))
			if (b < 1<<dt.Bits()) != (err == nil) {
				t.Errorf("%v hex %02x: %v", dt, b, err)
				continue
			}
			if err != nil {
				continue
			}
			text := FormatFillValue(s)
			back, err := ParseFillValue(dt, []byte(text))
			if err != nil || back != s {
				t.Errorf("%v %#02x formats as %s, reads back as %v, %v", dt, b, text, back, err)
			}
		}
		if _, err := ParseFillValue(dt, []byte(`"0x0"`)); err == nil {
			t.Errorf("%v: one hex digit accepted", dt)
		}
	}
	cases := []struct {
		dt   DataType
		json string
		bits uint64 // 0xffff: an error
	}{
		{Float8E4M3, "240", 0x77}, {Float8E4M3, "247.99", 0x77}, {Float8E4M3, "248", 0xffff},
		{Float8E4M3, "-0", 0x80}, {Float8E4M3FNUZ, "-0", 0x00}, {Float8E4M3FNUZ, "-1e-9", 0x00},
		{Float8E5M2, "57344", 0x7b}, {Float8E5M2, "1.125", 0x3c}, {Float8E5M2, "1.1250001", 0x3d},
		{Float8E8M0FNU, "1", 0x7f}, {Float8E8M0FNU, "0", 0xffff}, {Float8E8M0FNU, "-1", 0xffff},
		{Float8E8M0FNU, "3", 0x81}, {Float8E8M0FNU, "2.9", 0x80},
		{Float4E2M1FN, "6", 0x7}, {Float4E2M1FN, "-6", 0xf}, {Float4E2M1FN, "7", 0xffff}, {Float4E2M1FN, "0.25", 0x0},
		{Float6E2M3FN, "7.5", 0x1f}, {Float6E3M2FN, "28", 0x1f}, {Float8E4M3B11FNUZ, "30", 0x7f},
	}
	for _, c := range cases {
		s, err := ParseFillValue(c.dt, []byte(c.json))
		lo, _ := s.Bits()
		if (c.bits == 0xffff) != (err != nil) || (err == nil && lo != c.bits) {
			t.Errorf("%v %s = %#02x, %v; want %#02x", c.dt, c.json, lo, err, c.bits)
		}
	}
}

// FuzzSmallCast converts arbitrary element bits between a sub-byte or
// small float type and any real type, either way, in any mode and policy,
// and compares the result with the exact reference.
func FuzzSmallCast(f *testing.F) {
	f.Add(uint8(4), uint8(11), true, uint8(NearestEven), uint8(OutOfRangeClamp), uint64(math.Float32bits(448)))
	f.Add(uint8(6), uint8(10), true, uint8(TowardsPositive), uint8(OutOfRangeError), uint64(math.Float32bits(1.5e-39)))
	f.Add(uint8(1), uint8(3), false, uint8(NearestAway), uint8(OutOfRangeWrap), uint64(0x9f))
	f.Add(uint8(0), uint8(3), true, uint8(TowardsZero), uint8(OutOfRangeWrap), uint64(1<<63+17))
	f.Fuzz(func(t *testing.T, small, other uint8, into bool, mode, oor uint8, bits uint64) {
		all := append(append([]DataType(nil), realTypes...), smallTypes...)
		a, b := smallTypes[int(small)%len(smallTypes)], all[int(other)%len(all)]
		src, dst := b, a
		if !into {
			src, dst = a, b
		}
		spec := CastSpec{From: src, To: dst, Rounding: RoundingMode(mode % 5), OutOfRange: OutOfRange(oor % 3)}
		c, err := NewCast(spec)
		if err != nil {
			t.Fatal(err)
		}
		x := ScalarFromBits(src, bits, 0)
		got, fail := c.Scalar(x)
		want := refCast(x, dst, spec.Rounding, spec.OutOfRange)
		if fail != want.fail {
			t.Fatalf("%v -> %v (%v, %v): %v fails with %q, want %s", src, dst, spec.Rounding, spec.OutOfRange, x, fail, describeRef(want))
		}
		if fail == CastOK && !refSame(refDecode(got), want.v, dst.IsFloat()) {
			t.Fatalf("%v -> %v (%v, %v): %v -> %v, want %s", src, dst, spec.Rounding, spec.OutOfRange, x, got, describeRef(want))
		}
	})
}

// TestSmallDataTypeJSON reads the data_type forms the registry schemas
// allow for the new types: the name, and the object with no or an empty
// configuration; a non-empty configuration is refused. They are written as
// the name.
func TestSmallDataTypeJSON(t *testing.T) {
	for _, dt := range smallTypes {
		for _, form := range []string{`"` + dt.String() + `"`, `{"name": "` + dt.String() + `"}`, `{"name": "` + dt.String() + `", "configuration": {}}`} {
			got, err := ParseDataTypeJSON([]byte(form))
			if err != nil || got != dt {
				t.Errorf("%s: %v, %v", form, got, err)
			}
		}
		if _, err := ParseDataTypeJSON([]byte(`{"name": "` + dt.String() + `", "configuration": {"x": 1}}`)); err == nil {
			t.Errorf("%v: a configuration member accepted", dt)
		}
		if b, err := dt.MarshalJSON(); err != nil || string(b) != `"`+dt.String()+`"` {
			t.Errorf("%v: MarshalJSON %s, %v", dt, b, err)
		}
	}
}

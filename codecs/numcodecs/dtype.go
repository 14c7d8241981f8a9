package numcodecs

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
)

// typeKinds says which kinds of NumPy type a configuration key accepts.
type typeKinds uint8

const (
	kindBool    typeKinds = 1 << iota // b1
	kindInt                           // i1..i8, u1..u8
	kindFloat                         // f2, f4, f8
	kindComplex                       // c8, c16
)

// accepts reports whether dt is of one of the kinds k. The sub-byte
// integers and the floats of 8 bits and fewer (held in memory as int8 or
// uint8) are never accepted: NumPy has no such dtypes and numcodecs'
// arithmetic on their bytes would be that of int8 or uint8.
func (k typeKinds) accepts(dt numeric.DataType) bool {
	switch {
	case dt.Storage() != dt && (dt.IsInteger() || dt.IsFloat()):
		return false
	case dt == numeric.Bool:
		return k&kindBool != 0
	case dt.IsInteger():
		return k&kindInt != 0
	case dt.IsFloat():
		return k&kindFloat != 0 && dt != numeric.BFloat16
	case dt.IsComplex():
		return k&kindComplex != 0
	}
	return false
}

// String lists the type strings of the kinds k, for error messages.
func (k typeKinds) String() string {
	s := ""
	add := func(t string) {
		if s != "" {
			s += ", "
		}
		s += t
	}
	if k&kindBool != 0 {
		add("|b1")
	}
	if k&kindInt != 0 {
		add("<i1..<i8, <u1..<u8")
	}
	if k&kindFloat != 0 {
		add("<f2, <f4, <f8")
	}
	if k&kindComplex != 0 {
		add("<c8, <c16")
	}
	return s
}

// numpyType is the NumPy type string of a configuration, in the explicit
// form zcodec writes ("<i4" for "int32", "i4" or "i"; docs/decisions.md#d22),
// and the data type it names.
type numpyType struct {
	str string
	dt  numeric.DataType
}

// readType reads key as a NumPy data type of one of the kinds k: any
// spelling npdtype.ParseNumPy reads ("<f8", "|u1", ">i2", "int32", "d"). The byte order is read but not used: these codecs work
// on values, and the bytes codec decides the order of the stored bytes.
// ok is false when the key is absent.
func readType(cfg *codec.Config, key string, k typeKinds) (t numpyType, ok bool, err error) {
	s, ok, err := cfg.String(key)
	if err != nil || !ok {
		return t, ok, err
	}
	dt, e, perr := npdtype.ParseNumPy(s)
	if perr != nil {
		return t, true, cfg.Errorf(key, "%v", perr)
	}
	if !k.accepts(dt) {
		return t, true, cfg.Errorf(key, "%q is %v, which %s does not take; want one of %v", s, dt, cfg.Codec(), k)
	}
	return numpyType{str: npdtype.Format(dt, e), dt: dt}, true, nil
}
